"""Tiny SVG writer and rasterizer for the card art (pygame-ce's nanosvg back end).

Every helper returns an SVG element as a string; a card is the concatenation of its motifs.
nanosvg has no ``<text>``, ``<use>`` or clip paths, so shapes are drawn whole and the card
outline is cut out afterwards by an alpha mask (see :mod:`sprites.art.frame`).

>>> circle(5, 5, 2, fill="#f00")
'<circle cx="5" cy="5" r="2" fill="#f00"/>'
>>> smooth([(0, 0), (10, 0), (10, 10)])[:6]
'M0 0 C'
"""

from __future__ import annotations

import io
import math
from typing import Iterable, Sequence

import pygame

Point = tuple[float, float]

_STYLE_NAMES = {
    "fill": "fill",
    "stroke": "stroke",
    "sw": "stroke-width",
    "op": "opacity",
    "fop": "fill-opacity",
    "cap": "stroke-linecap",
    "join": "stroke-linejoin",
    "rule": "fill-rule",
    "dash": "stroke-dasharray",
}


def fmt(v: float) -> str:
    """A number in as few characters as SVG allows (2 decimals are plenty at 400 px)."""
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _style(style: dict[str, object]) -> str:
    out = []
    for key, value in style.items():
        if value is None:
            continue
        if isinstance(value, float):
            value = fmt(value)
        out.append(f' {_STYLE_NAMES.get(key, key)}="{value}"')
    return "".join(out)


def path(d: str, **style: object) -> str:
    """A ``<path>``; style keys: fill stroke sw op fop cap join rule dash (or raw names)."""
    style.setdefault("fill", "none")
    return f'<path d="{d}"{_style(style)}/>'


def circle(cx: float, cy: float, r: float, **style: object) -> str:
    return f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(r)}"{_style(style)}/>'


def ellipse(cx: float, cy: float, rx: float, ry: float, **style: object) -> str:
    return (f'<ellipse cx="{fmt(cx)}" cy="{fmt(cy)}" rx="{fmt(rx)}" ry="{fmt(ry)}"'
            f'{_style(style)}/>')


def rect(x: float, y: float, w: float, h: float, rx: float = 0, **style: object) -> str:
    corner = f' rx="{fmt(rx)}"' if rx else ""
    return (f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}"{corner}'
            f'{_style(style)}/>')


def poly(points: Iterable[Point], closed: bool = True, **style: object) -> str:
    """A straight-edged polygon (or open polyline) through ``points``."""
    pts = list(points)
    d = "M" + " L".join(f"{fmt(x)} {fmt(y)}" for x, y in pts) + (" Z" if closed else "")
    return path(d, **style)


def group(children: str | Iterable[str], transform: str | None = None,
          **style: object) -> str:
    """A ``<g>``; nanosvg inherits its style and opacity into each child."""
    body = children if isinstance(children, str) else "".join(children)
    tr = f' transform="{transform}"' if transform else ""
    return f"<g{tr}{_style(style)}>{body}</g>"


def tf(x: float = 0, y: float = 0, rot: float = 0, scale: float = 1,
       sx: float | None = None, sy: float | None = None) -> str:
    """A transform: translate to (x, y), then rotate (degrees), then scale."""
    out = f"translate({fmt(x)} {fmt(y)})"
    if rot:
        out += f" rotate({fmt(rot)})"
    if sx is not None or sy is not None or scale != 1:
        out += f" scale({fmt(scale * (sx or 1))} {fmt(scale * (sy or 1))})"
    return out


def smooth(points: Sequence[Point], closed: bool = False, tension: float = 1.0) -> str:
    """Path data for a Catmull-Rom spline through ``points`` (as cubic beziers)."""
    n = len(points)
    if n < 2:
        raise ValueError("smooth() needs at least two points")
    pts = list(points)
    out = [f"M{fmt(pts[0][0])} {fmt(pts[0][1])}"]
    segments = n if closed else n - 1
    k = tension / 6.0
    for i in range(segments):
        p0 = pts[(i - 1) % n] if (closed or i > 0) else pts[0]
        p1, p2 = pts[i], pts[(i + 1) % n]
        p3 = pts[(i + 2) % n] if (closed or i + 2 < n) else p2
        c1 = (p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k)
        c2 = (p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k)
        out.append(f"C{fmt(c1[0])} {fmt(c1[1])} {fmt(c2[0])} {fmt(c2[1])} "
                   f"{fmt(p2[0])} {fmt(p2[1])}")
    return " ".join(out) + (" Z" if closed else "")


def polar(cx: float, cy: float, r: float, deg: float) -> Point:
    """The point at distance ``r`` from (cx, cy) in direction ``deg`` (0 = right, 90 = down)."""
    a = math.radians(deg)
    return cx + r * math.cos(a), cy + r * math.sin(a)


def linear_gradient(gid: str, x1: float, y1: float, x2: float, y2: float,
                    stops: Sequence[tuple[float, str]]) -> str:
    """A user-space linear gradient for ``<defs>``; fill with ``url(#gid)``."""
    body = "".join(f'<stop offset="{fmt(o)}" stop-color="{c}"/>' for o, c in stops)
    return (f'<linearGradient id="{gid}" gradientUnits="userSpaceOnUse" x1="{fmt(x1)}" '
            f'y1="{fmt(y1)}" x2="{fmt(x2)}" y2="{fmt(y2)}">{body}</linearGradient>')


def radial_gradient(gid: str, cx: float, cy: float, r: float,
                    stops: Sequence[tuple[float, str]]) -> str:
    """A user-space radial gradient for ``<defs>``."""
    body = "".join(f'<stop offset="{fmt(o)}" stop-color="{c}"/>' for o, c in stops)
    return (f'<radialGradient id="{gid}" gradientUnits="userSpaceOnUse" cx="{fmt(cx)}" '
            f'cy="{fmt(cy)}" r="{fmt(r)}">{body}</radialGradient>')


def rasterize(body: str, width: int, height: int, view_width: float = 100.0,
              defs: str = "") -> pygame.Surface:
    """Render ``body`` (drawn in a ``view_width``-wide space) to a ``width`` x ``height``
    SRCALPHA surface; the art space keeps the pixel aspect ratio (no stretching)."""
    scale = width / view_width
    doc = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}"><defs>{defs}</defs>'
           f'<g transform="scale({scale:.6f})">{body}</g></svg>')
    surface = pygame.image.load_sized_svg(io.BytesIO(doc.encode("utf-8")), (width, height))
    if surface.get_size() != (width, height):  # pragma: no cover - nanosvg rounding guard
        surface = pygame.transform.smoothscale(surface, (width, height))
    return surface
