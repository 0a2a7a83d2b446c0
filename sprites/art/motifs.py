"""Shared hanafuda motifs: blossoms, leaves, ribbons, skies, mist bands, hills, sun and moon.

All motifs are drawn in the card's 100 x 160 art space and return SVG strings.

>>> ribbon(50, 40, 8, "red", "あか").count("<path") > 2
True
"""

from __future__ import annotations

import math
from typing import Sequence

from . import palette as pal
from .glyphs import text_column
from .svg import Point, circle, fmt, group, path, polar, smooth, tf


def petal_path(length: float, width: float, notch: float = 0.0) -> str:
    """One petal from the origin pointing up (-y); ``notch`` cuts a cherry-style V at the tip."""
    w, h = width / 2, length
    if notch:
        n = notch * h
        return (f"M0 0 C{fmt(-w * 1.1)} {fmt(-h * 0.25)} {fmt(-w * 1.15)} {fmt(-h * 0.95)} "
                f"{fmt(-w * 0.45)} {fmt(-h)} L0 {fmt(-h + n)} L{fmt(w * 0.45)} {fmt(-h)} "
                f"C{fmt(w * 1.15)} {fmt(-h * 0.95)} {fmt(w * 1.1)} {fmt(-h * 0.25)} 0 0 Z")
    return (f"M0 0 C{fmt(-w * 1.25)} {fmt(-h * 0.3)} {fmt(-w * 1.05)} {fmt(-h)} 0 {fmt(-h)} "
            f"C{fmt(w * 1.05)} {fmt(-h)} {fmt(w * 1.25)} {fmt(-h * 0.3)} 0 0 Z")


def blossom(x: float, y: float, r: float, fill: str, *, edge: str | None = None,
            centre: str = pal.YELLOW, notch: float = 0.0, rot: float = 0.0,
            petals: int = 5, stamens: str | None = None) -> str:
    """A plum (round petals) or cherry (``notch`` > 0) flower of radius ``r``."""
    d = petal_path(r, r * 0.95, notch)
    sw = r * 0.09 if edge else None
    out = [path(d, fill=fill, stroke=edge, sw=sw, join="round",
                transform=f"rotate({fmt(rot + i * 360 / petals)})") for i in range(petals)]
    if stamens:
        for i in range(petals):
            px, py = polar(0, 0, r * 0.42, rot - 90 + (i + 0.5) * 360 / petals)
            out.append(path(f"M0 0 L{fmt(px)} {fmt(py)}", stroke=stamens, sw=r * 0.06,
                            cap="round"))
            out.append(circle(px, py, r * 0.07, fill=stamens))
    out.append(circle(0, 0, r * 0.2, fill=centre))
    return group(out, tf(x, y))


def bud(x: float, y: float, r: float, fill: str, rot: float = 0.0,
        calyx: str = pal.INK) -> str:
    """A closed bud on a short calyx, pointing along ``rot`` (0 = up)."""
    return group([path(petal_path(r * 1.6, r * 1.5), fill=fill),
                  path(petal_path(r * 0.7, r * 1.2), fill=calyx)], tf(x, y, rot))


def leaf(x: float, y: float, length: float, width: float, angle: float, fill: str,
         vein: str | None = None, curl: float = 0.0, edge: str | None = None) -> str:
    """A pointed leaf (or feather) from its stalk at (x, y), pointing along ``angle``
    (0 = right, 90 = down). ``curl`` bends the tip sideways (fraction of the width);
    ``edge`` outlines it."""
    w, c = width / 2, curl * width
    d = (f"M0 0 C{fmt(length * 0.25)} {fmt(-w * 1.3)} {fmt(length * 0.7)} {fmt(-w + c)} "
         f"{fmt(length)} {fmt(c)} C{fmt(length * 0.7)} {fmt(w + c)} {fmt(length * 0.25)} "
         f"{fmt(w * 1.3)} 0 0 Z")
    out = [path(d, fill=fill, stroke=edge, sw=width * 0.08 if edge else None)]
    if vein:
        out.append(path(f"M0 0 Q{fmt(length * 0.5)} {fmt(c * 0.3)} {fmt(length * 0.92)} "
                        f"{fmt(c * 0.9)}", stroke=vein, sw=width * 0.07, cap="round"))
    return group(out, tf(x, y, angle))


def feather_fan(x: float, y: float, start: float, end: float, count: int, length: float,
                width: float, colours: Sequence[str]) -> str:
    """Long pointed feathers fanning out from (x, y) between angles ``start`` and ``end``."""
    out = []
    for i in range(count):
        a = start + (end - start) * i / (count - 1)
        reach = length * (1 - 0.12 * abs(i - (count - 1) / 2) / count)
        out.append(leaf(x, y, reach, width, a, colours[i % len(colours)], pal.INK, 0.15,
                        pal.INK))
    return "".join(out)


def stem(points: Sequence[Point], width: float, colour: str = pal.INK) -> str:
    """A smooth stalk or branch through ``points``, round-capped."""
    return path(smooth(points), stroke=colour, sw=width, cap="round", join="round")


def branch(points: Sequence[Point], base: float, tip: float, colour: str = pal.INK) -> str:
    """A tapering branch: a filled outline ``base`` wide at the first point, ``tip`` at the
    last."""
    n = len(points)
    left, right = [], []
    for i, (x, y) in enumerate(points):
        a = points[min(i + 1, n - 1)]
        b = points[max(i - 1, 0)]
        dx, dy = a[0] - b[0], a[1] - b[1]
        norm = math.hypot(dx, dy) or 1.0
        half = (base + (tip - base) * i / (n - 1)) / 2
        nx, ny = -dy / norm * half, dx / norm * half
        left.append((x + nx, y + ny))
        right.append((x - nx, y - ny))
    outline = smooth(left) + " L" + smooth(right[::-1])[1:]
    return path(outline + " Z", fill=colour, join="round")


def ribbon(x: float, y: float, angle: float, colour: str, writing: str | None = None,
           length: float = 66.0, width: float = 13.0, ink: str = pal.INK) -> str:
    """A tanzaku poem slip hanging from (x, y), tilted ``angle`` degrees, with its tied fold at
    the top and optional vertical ``writing`` (poetry ribbons)."""
    w = width
    fold = (f"M{fmt(-w * 0.5)} 0 L{fmt(w * 0.5)} 0 L{fmt(w * 0.62)} {fmt(w * 0.55)} "
            f"L{fmt(-w * 0.38)} {fmt(w * 0.55)} Z")
    body = (f"M{fmt(-w * 0.38)} {fmt(w * 0.55)} L{fmt(w * 0.62)} {fmt(w * 0.55)} "
            f"L{fmt(w * 0.5)} {fmt(length)} L{fmt(-w * 0.5)} {fmt(length)} Z")
    shade = "#000" if colour != pal.WHITE else pal.CHARCOAL
    out = [
        path(body, fill=colour, stroke=pal.INK, sw=0.9, join="round"),
        path(f"M{fmt(-w * 0.3)} {fmt(w * 0.9)} L{fmt(-w * 0.39)} {fmt(length - 1.6)}",
             stroke="#fff", sw=1.1, op=0.25, cap="round"),
        path(fold, fill=colour, stroke=pal.INK, sw=0.9, join="round"),
        path(fold, fill=shade, op=0.28),
    ]
    if writing:
        size = min(w * 0.78, (length - w) / (len(writing) * 0.95))
        out.append(text_column(writing, 0, w * 0.9 + 1.5, size, ink))
    return group(out, tf(x, y, angle))


def cloud_edge(x0: float, x1: float, y: float, bumps: int, depth: float,
               phase: float = 0.0) -> str:
    """Path segments (no initial M) scalloping from (x1, y) back to (x0, y) in arcs."""
    step = (x1 - x0) / bumps
    out = []
    for i in range(bumps):
        xa = x1 - i * step
        xb = xa - step
        wob = depth * (1 + 0.35 * math.sin(i * 1.9 + phase))
        out.append(f"Q{fmt((xa + xb) / 2)} {fmt(y + wob * 2)} {fmt(xb)} {fmt(y)}")
    return " ".join(out)


def sky(bottom: float, colour: str, bumps: int = 5, depth: float = 3.0,
        phase: float = 0.0, top: float = -4.0) -> str:
    """A coloured sky from the card's top down to a scalloped cloud edge at ``bottom``."""
    d = (f"M-4 {fmt(top)} L104 {fmt(top)} L104 {fmt(bottom)} "
         f"{cloud_edge(-4, 104, bottom, bumps, depth, phase)} Z")
    return path(d, fill=colour)


def ground(top: float, colour: str, bumps: int = 4, depth: float = 3.0,
           phase: float = 0.0) -> str:
    """A coloured ground rising from the card's bottom to a rolling edge at ``top``."""
    d = (f"M104 164 L104 {fmt(top)} {cloud_edge(-4, 104, top, bumps, -depth, phase)} "
         f"L-4 164 Z")
    return path(d, fill=colour)


def mist(x: float, y: float, w: float, h: float, colour: str, steps: int = 2) -> str:
    """A kasumi mist band: a long rounded bar with stepped rounded ends."""
    r = h / 2
    out = [path(f"M{fmt(x + r)} {fmt(y)} H{fmt(x + w - r)} A{fmt(r)} {fmt(r)} 0 0 1 "
                f"{fmt(x + w - r)} {fmt(y + h)} H{fmt(x + r)} A{fmt(r)} {fmt(r)} 0 0 1 "
                f"{fmt(x + r)} {fmt(y)} Z", fill=colour)]
    for i in range(1, steps):
        inset = w * 0.12 * i
        x0, x1, top = x + inset + r, x + w - inset * 1.6 - r, y - h * 0.45 * i
        out.append(path(f"M{fmt(x0)} {fmt(top)} H{fmt(x1)} A{fmt(r)} {fmt(r)} 0 0 1 "
                        f"{fmt(x1)} {fmt(y + h * 0.5)} H{fmt(x0)} A{fmt(r)} {fmt(r)} 0 0 1 "
                        f"{fmt(x0)} {fmt(top)} Z", fill=colour))
    return "".join(out)


def disc(cx: float, cy: float, r: float, fill: str, rim: str | None = None,
         rim_width: float = 1.2) -> str:
    """A flat disc (the sun, the moon) with an optional rim."""
    return circle(cx, cy, r, fill=fill, stroke=rim, sw=rim_width if rim else None)


def rays(cx: float, cy: float, r0: float, r1: float, start: float, end: float, count: int,
         colour: str, width: float) -> str:
    """Radiating strokes from r0 to r1 between angles ``start``..``end`` (pine needles,
    chrysanthemum petals)."""
    d = []
    for i in range(count):
        a = start + (end - start) * i / max(count - 1, 1)
        x0, y0 = polar(cx, cy, r0, a)
        x1, y1 = polar(cx, cy, r1, a)
        d.append(f"M{fmt(x0)} {fmt(y0)} L{fmt(x1)} {fmt(y1)}")
    return path(" ".join(d), stroke=colour, sw=width, cap="round")
