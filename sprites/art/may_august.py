"""Hanafuda art for May-August: iris, peony, bush clover, pampas grass.

>>> sorted(CARDS)[:2]
['5A', '5C1']
"""

from __future__ import annotations

import math
from typing import Callable, Sequence

from . import palette as pal
from .motifs import disc, ground, leaf, ribbon, sky, stem
from .svg import Point, circle, ellipse, fmt, group, path, polar, smooth, tf

# --- May: iris ---------------------------------------------------------------------------

IRIS = "#4a368f"
IRIS_LIGHT = "#7f68c4"


def iris_flower(x: float, y: float, s: float = 1.0, tilt: float = 0.0) -> str:
    """An iris seen from the side: three drooping falls with white-and-yellow signals and
    three upright standards; origin at the top of the stalk."""
    fall_l = "M0 0 C-6 -4 -16 -2 -20 6 C-18 12 -10 12 -4 6 Z"
    fall_r = "M0 0 C6 -4 16 -2 20 6 C18 12 10 12 4 6 Z"
    fall_front = "M0 0 C-6 2 -7 12 -1 20 C1 22 4 18 5 12 C6 6 4 2 0 0 Z"
    standards = ["M0 0 C-3 -8 -2 -16 0 -22 C2 -16 3 -8 0 0 Z",
                 "M0 0 C-6 -4 -12 -10 -13 -18 C-8 -14 -3 -8 0 0 Z",
                 "M0 0 C6 -4 12 -10 13 -18 C8 -14 3 -8 0 0 Z"]
    signal = "M-1 3 C-3 7 -3 11 -1 14 C1 11 2 7 -1 3 Z"
    return group([
        *(path(d, fill=IRIS_LIGHT, stroke=pal.INK, sw=0.6) for d in standards),
        path(fall_l, fill=IRIS, stroke=pal.INK, sw=0.6),
        path(fall_r, fill=IRIS, stroke=pal.INK, sw=0.6),
        path(fall_front, fill=IRIS, stroke=pal.INK, sw=0.6),
        path(signal, fill=pal.WHITE),
        path("M-1 5 L-1 10", stroke=pal.YELLOW, sw=1.2, cap="round"),
        path("M-14 4 C-10 3 -7 4 -4 5 M14 4 C10 3 7 4 4 5", stroke=pal.WHITE, sw=0.9,
             cap="round"),
    ], tf(x, y, tilt, s))


def sword_leaf(x: float, y: float, height: float, lean: float, width: float = 4.0) -> str:
    """A long iris leaf rising from (x, y), its tip ``lean`` units sideways."""
    tx, ty = x + lean, y - height
    return path(f"M{fmt(x - width / 2)} {fmt(y)} Q{fmt(x + lean * 0.2)} {fmt(y - height * 0.6)} "
                f"{fmt(tx)} {fmt(ty)} Q{fmt(x + lean * 0.3 + width * 0.3)} "
                f"{fmt(y - height * 0.5)} {fmt(x + width / 2)} {fmt(y)} Z",
                fill=pal.GREEN, stroke=pal.DARK_GREEN, sw=0.6)


def iris_clump(x: float, base: float, flowers: Sequence[tuple[float, float, float]],
               leaves: Sequence[tuple[float, float, float]]) -> str:
    """Leaves ``(dx, height, lean)`` from the ground at ``base`` and flowers ``(dx, top,
    scale)`` on straight stalks."""
    out = [sword_leaf(x + dx, base, h, lean) for dx, h, lean in leaves]
    for dx, top, s in flowers:
        out.append(stem([(x + dx, base), (x + dx + 1, top)], 1.6, pal.DARK_GREEN))
        out.append(iris_flower(x + dx + 1, top, s))
    return "".join(out)


def water(y: float) -> str:
    """Marsh water: a few pale blue ripples."""
    return "".join(path(f"M{x} {fmt(y + i * 6)} q6 -2.5 12 0 t12 0", stroke=pal.SKY_BLUE,
                        sw=1.2, cap="round", op=0.9)
                   for i, x in enumerate((6, 56, 24, 70)))


def bridge(y: float) -> str:
    """The yatsuhashi: broad planks zig-zagging across the marsh, seen from above, on posts."""
    corners = [(-6, y), (26, y + 26), (52, y + 4), (78, y + 28), (106, y + 6)]
    depth, thick = 13.0, 4.0
    out = []
    for (x0, y0), (x1, y1) in zip(corners, corners[1:]):
        out.append(path(f"M{fmt(x0 + 3)} {fmt(y0 + depth)} v14 M{fmt(x1 - 3)} "
                        f"{fmt(y1 + depth)} v16", stroke=pal.INK, sw=2.8))
    for (x0, y0), (x1, y1) in zip(corners, corners[1:]):
        out.append(path(f"M{fmt(x0)} {fmt(y0 + depth)} L{fmt(x1)} {fmt(y1 + depth)} "
                        f"l0 {fmt(thick)} L{fmt(x0)} {fmt(y0 + depth + thick)} Z",
                        fill=pal.BROWN, stroke=pal.INK, sw=0.8, join="round"))
        out.append(path(f"M{fmt(x0)} {fmt(y0)} L{fmt(x1)} {fmt(y1)} l0 {fmt(depth)} "
                        f"L{fmt(x0)} {fmt(y0 + depth)} Z", fill=pal.SAND, stroke=pal.INK,
                        sw=0.9, join="round"))
        seams = " ".join(f"M{fmt(x0)} {fmt(y0 + depth * k / 4)} "
                         f"L{fmt(x1)} {fmt(y1 + depth * k / 4)}" for k in (1, 2, 3))
        out.append(path(seams, stroke=pal.TAN, sw=0.8))
    return "".join(out)


IRIS_LEAVES_A = [(-14, 70, -10), (-8, 96, -4), (-2, 84, 6), (4, 100, 10), (10, 66, 16),
                 (-20, 52, -16), (16, 78, 4)]
IRIS_LEAVES_B = [(-12, 88, -12), (-6, 74, 2), (0, 104, -2), (6, 70, 12), (12, 92, 8),
                 (18, 56, 18)]


def card_5a() -> str:
    return "".join([
        iris_clump(26, 164, [(-6, 62, 1.1), (8, 80, 1.0)], IRIS_LEAVES_A),
        iris_clump(80, 164, [(-4, 52, 1.05), (10, 74, 0.95)], IRIS_LEAVES_B),
        water(142),
        bridge(90),
    ])


def card_5r() -> str:
    return "".join([
        iris_clump(30, 164, [(-8, 50, 1.1), (6, 76, 1.0)], IRIS_LEAVES_B),
        iris_clump(76, 164, [(0, 62, 1.1)], IRIS_LEAVES_A),
        ribbon(52, 14, -10, pal.VERMILION, length=72),
    ])


def card_5c1() -> str:
    return "".join([
        water(150),
        iris_clump(30, 164, [(-10, 40, 1.15), (6, 66, 1.05)], IRIS_LEAVES_A),
        iris_clump(74, 164, [(-2, 34, 1.1), (12, 60, 1.0)], IRIS_LEAVES_B),
    ])


def card_5c2() -> str:
    return "".join([
        water(148),
        iris_clump(50, 164, [(-20, 54, 1.05), (-2, 30, 1.15), (18, 48, 1.1)],
                   IRIS_LEAVES_A + IRIS_LEAVES_B[:3]),
    ])


DARK_LEAF = "#173f26"

# --- June: peony -------------------------------------------------------------------------

def ruffled_petal(r: float, width: float) -> str:
    """A broad petal from the origin upwards with a wavy (ruffled) top edge."""
    w = width / 2
    return (f"M0 0 C{fmt(-w * 1.4)} {fmt(-r * 0.4)} {fmt(-w * 1.2)} {fmt(-r * 0.95)} "
            f"{fmt(-w * 0.6)} {fmt(-r)} Q{fmt(-w * 0.3)} {fmt(-r * 0.88)} 0 {fmt(-r * 1.02)} "
            f"Q{fmt(w * 0.3)} {fmt(-r * 0.88)} {fmt(w * 0.6)} {fmt(-r)} "
            f"C{fmt(w * 1.2)} {fmt(-r * 0.95)} {fmt(w * 1.4)} {fmt(-r * 0.4)} 0 0 Z")


def peony(x: float, y: float, r: float, rot: float = 0.0) -> str:
    """A full peony bloom: two rings of ruffled vermilion petals around a deep red cup."""
    out = []
    for ring, (scale, count, fill) in enumerate(((1.0, 8, pal.VERMILION),
                                                 (0.72, 7, "#e0503a"),
                                                 (0.45, 6, pal.RED))):
        d = ruffled_petal(r * scale, r * scale * 0.9)
        for i in range(count):
            a = rot + ring * 20 + i * 360 / count
            out.append(path(d, fill=fill, stroke=pal.DEEP_RED, sw=r * 0.03,
                            transform=f"rotate({fmt(a)})"))
    out.append(circle(0, 0, r * 0.22, fill=pal.DEEP_RED))
    out.append(circle(0, 0, r * 0.13, fill=pal.YELLOW))
    return group(out, tf(x, y, scale=1))


def peony_leaf(x: float, y: float, s: float, angle: float) -> str:
    """A dark, deeply cut peony leaf on a stalk from (x, y) pointing along ``angle``: three
    leaflets, the outer ones forked."""
    parts = [leaf(16, 0, 24, 10, 0, DARK_LEAF, pal.LEAF_GREEN),
             leaf(18, 0, 20, 9, -38, DARK_LEAF, pal.LEAF_GREEN),
             leaf(18, 0, 20, 9, 38, DARK_LEAF, pal.LEAF_GREEN),
             leaf(22, -5, 14, 7, -70, DARK_LEAF, pal.LEAF_GREEN),
             leaf(22, 5, 14, 7, 70, DARK_LEAF, pal.LEAF_GREEN)]
    return group([path("M0 0 L18 0", stroke=pal.INK, sw=1.6, cap="round"), *parts],
                 tf(x, y, angle, s))


def butterfly(x: float, y: float, s: float, wing: str, spot: str, rot: float = 0.0) -> str:
    """A butterfly seen from above: patterned fore and hind wings, dark body, antennae."""
    fore = "M0 -2 C-6 -14 -20 -18 -24 -10 C-24 -2 -12 2 0 0 Z"
    hind = "M0 0 C-10 2 -18 8 -16 16 C-10 18 -4 10 0 2 Z"
    wings = []
    for side in (1, -1):
        flip = f"scale({side} 1)"
        wings += [path(fore, fill=wing, stroke=pal.INK, sw=0.9, transform=flip),
                  path(hind, fill=wing, stroke=pal.INK, sw=0.9, transform=flip),
                  path("M-4 -4 C-10 -10 -16 -12 -20 -10", stroke=pal.INK, sw=0.6,
                       transform=flip),
                  circle(-16 * side, -10, 3, fill=spot, stroke=pal.INK, sw=0.5),
                  circle(-10 * side, 10, 2.2, fill=spot)]
    return group([
        *wings,
        ellipse(0, 2, 1.8, 9, fill=pal.INK),
        path("M0 -6 C-2 -12 -5 -15 -8 -16 M0 -6 C2 -12 5 -15 8 -16", stroke=pal.INK, sw=0.7),
        circle(-8, -16, 0.9, fill=pal.INK), circle(8, -16, 0.9, fill=pal.INK),
    ], tf(x, y, rot, s))


def peony_plant(blooms: Sequence[tuple[float, float, float]],
                leaves: Sequence[tuple[int, float, float]]) -> str:
    """Blooms ``(x, y, radius)`` with leaves ``(bloom index, angle, scale)`` growing out from
    under them, and a stem from each bloom down to the ground."""
    out = [stem([(x, y), (x + (x - 50) * 0.1, 164)], 2.2) for x, y, _ in blooms]
    out += [peony_leaf(blooms[i][0], blooms[i][1], s, a) for i, a, s in leaves]
    out += [peony(x, y, r, rot=x * 3) for x, y, r in blooms]
    return "".join(out)


def card_6a() -> str:
    return "".join([
        peony_plant([(50, 112, 27)], [(0, 130, 1.3), (0, 50, 1.3), (0, 180, 1.1),
                                      (0, 0, 1.1), (0, 90, 1.2), (0, -140, 0.9)]),
        butterfly(30, 40, 1.05, pal.SKY_BLUE, pal.YELLOW, -20),
        butterfly(72, 62, 0.9, pal.YELLOW, pal.VERMILION, 25),
    ])


def card_6r() -> str:
    return "".join([
        peony_plant([(34, 118, 25), (82, 142, 18)],
                    [(0, 150, 1.2), (0, -150, 1.0), (0, 100, 1.2), (1, -60, 1.0),
                     (1, 30, 1.0), (0, -40, 0.9)]),
        ribbon(54, 12, 8, pal.BLUE, length=74),
    ])


def card_6c1() -> str:
    return peony_plant([(46, 62, 28), (72, 124, 20)],
                       [(0, -150, 1.2), (0, -40, 1.2), (0, 160, 1.3), (0, 30, 1.1),
                        (1, 150, 1.2), (1, 40, 1.0), (1, -30, 0.9), (0, 110, 1.0)])


def card_6c2() -> str:
    return peony_plant([(54, 96, 30), (22, 40, 14)],
                       [(0, 150, 1.3), (0, 30, 1.3), (0, 110, 1.2), (0, 70, 1.2),
                        (0, -40, 1.2), (0, -170, 1.1), (1, -30, 0.8), (1, 200, 0.8)])


# --- July: bush clover -------------------------------------------------------------------

def clover_spray(points: Sequence[Point], side: float = 1.0) -> str:
    """An arching hagi stem with pairs of small dark leaves and red flower clusters."""
    out = [stem(points, 2.4)]
    for i, (px, py) in enumerate(points[1:], 1):
        a = -90 + side * (55 + 25 * (i % 2))
        out.append(leaf(px, py, 11, 6.5, a, pal.INK, "#55604a"))
        out.append(leaf(px, py, 10, 6, a + side * 115, DARK_LEAF, pal.LEAF_GREEN))
        for k in range(5):
            fx, fy = polar(px, py, 3.5 + k * 2.6, 150 - side * 40 + k * 20 * side)
            out.append(path(petal_shape(3.6), fill=pal.VERMILION, stroke=pal.DEEP_RED,
                            sw=0.35, transform=tf(fx, fy, 200 + k * 35 * side)))
    return "".join(out)


def petal_shape(r: float) -> str:
    """A small teardrop pointing up (-y), ``r`` long."""
    return (f"M0 0 C{fmt(-r * 0.7)} {fmt(-r * 0.3)} {fmt(-r * 0.5)} {fmt(-r)} 0 {fmt(-r)} "
            f"C{fmt(r * 0.5)} {fmt(-r)} {fmt(r * 0.7)} {fmt(-r * 0.3)} 0 0 Z")


def clover_bush(sprays: Sequence[tuple[float, float, float, float]]) -> str:
    """Sprays ``(base_x, height, reach, side)``: each rises from the bottom and arches over."""
    out = []
    for bx, height, reach, side in sprays:
        pts: list[tuple[float, float]] = [(bx, 164)]
        for i in range(1, 8):
            t = i / 7
            pts.append((bx + reach * t * t, 164 - height * (1 - (1 - t) ** 2) + t ** 3 * 14))
        out.append(clover_spray(pts, side))
    return "".join(out)


def boar(x: float, y: float, s: float = 1.0) -> str:
    """A wild boar charging left: bristly brown back, snout, tusk, short legs."""
    body = smooth([(-30, -2), (-24, -14), (-10, -22), (8, -24), (24, -18), (32, -8),
                   (30, 4), (20, 10), (-4, 10), (-22, 8)], closed=True)
    bristles = " ".join(f"M{fmt(-14 + i * 4.5)} {fmt(-21 - (i % 2) * 1.5)} l1.5 -4"
                        for i in range(9))
    return group([
        path("M-20 4 L-30 14 L-27 17 L-13 8 Z M-8 6 L-16 18 L-12 20 L0 8 Z "
             "M16 6 L24 18 L28 16 L24 4 Z M24 2 L36 12 L38 8 L30 -2 Z", fill="#4a2f1a",
             stroke=pal.INK, sw=1.0, join="round"),
        path(body, fill="#5b3a20", stroke=pal.INK, sw=1.0),
        path("M-20 -10 C-8 -18 10 -20 26 -12 C14 -14 -4 -12 -20 -4 Z", fill=pal.INK,
             op=0.55),
        path(bristles, stroke=pal.INK, sw=1.0, cap="round"),
        path("M-30 -2 L-40 2 L-39 8 L-26 8 Z", fill="#5e381b", stroke=pal.INK, sw=1.0),
        ellipse(-39.5, 5, 1.2, 2.4, fill=pal.INK),
        path("M-33 7 C-36 5 -38 1 -37 -2", stroke=pal.WHITE, sw=1.4, cap="round"),
        circle(-27, -6, 1.6, fill=pal.WHITE), circle(-27.3, -6, 0.8, fill=pal.INK),
        path("M-22 -12 L-20 -20 L-16 -12 Z", fill="#5e381b", stroke=pal.INK, sw=0.8),
        path("M32 -6 C38 -6 40 -2 37 2", stroke=pal.INK, sw=1.2, cap="round"),
    ], tf(x, y, scale=s))


def clover_ground() -> str:
    """July's low vermilion bank under the clover."""
    return ground(150, pal.VERMILION, bumps=3, depth=3, phase=0.8)


def card_7a() -> str:
    return "".join([
        clover_ground(),
        clover_bush([(-4, 150, 70, 1), (30, 140, 60, 1), (104, 146, -70, -1),
                     (70, 120, -56, -1)]),
        boar(56, 124, 1.2),
    ])


def card_7r() -> str:
    return "".join([
        clover_ground(),
        clover_bush([(-4, 150, 76, 1), (104, 140, -74, -1), (40, 110, 50, 1)]),
        ribbon(46, 30, -5, pal.VERMILION, length=72),
    ])


def card_7c1() -> str:
    return clover_ground() + clover_bush([(-4, 150, 80, 1), (24, 130, 66, 1),
                                          (104, 144, -78, -1), (70, 104, -52, -1)])


def card_7c2() -> str:
    return clover_ground() + clover_bush([(104, 154, -84, -1), (80, 126, -66, -1),
                                          (-4, 140, 74, 1), (30, 100, 48, 1),
                                          (56, 80, 30, 1)])


# --- August: pampas grass ----------------------------------------------------------------

HILL_A: list[Point] = [(-4, 96), (14, 86), (40, 80), (66, 86), (90, 96), (104, 102)]
HILL_B: list[Point] = [(-4, 104), (20, 92), (48, 84), (72, 82), (92, 88), (104, 94)]
GRASS = "#d6cfbf"


def ridge(profile: Sequence[Point], x: float) -> float:
    """Height of the hill's crest at ``x`` (cosine-interpolated between profile points)."""
    for (x0, y0), (x1, y1) in zip(profile, profile[1:]):
        if x0 <= x <= x1:
            t = (x - x0) / (x1 - x0)
            return y0 + (y1 - y0) * (1 - math.cos(t * math.pi)) / 2
    return profile[-1][1] if x > profile[-1][0] else profile[0][1]


def pampas_hill(profile: Sequence[Point], seed: int = 0, plumes: str = pal.SAND) -> str:
    """The black susuki hill: a crest of grass tips, rows of pale blades over its face, and
    tall blades with drooping ears rising into the sky."""
    crest = []
    for i in range(37):
        x: float = -4 + i * 3
        y = ridge(profile, x)
        spike = 4 + 3 * math.sin(i * 2.1 + seed)
        crest += [(x, y), (x + 1.5 + math.sin(i + seed), y - spike)]
    out = [path("M-4 164 L" + " L".join(f"{fmt(x)} {fmt(y)}" for x, y in crest)
                + " L104 164 Z", fill=pal.INK, join="round")]
    blades = []
    for row in range(9):
        for i in range(8):
            x = -2 + i * 14 + (7 if row % 2 else 0) + 3 * math.sin(row * 3 + i + seed)
            y = ridge(profile, x) + 10 + row * 8
            lean = 6 if (i + row + seed) % 3 else -6
            blades.append(f"M{fmt(x)} {fmt(y)} Q{fmt(x + lean * 0.2)} {fmt(y - 6)} "
                          f"{fmt(x + lean)} {fmt(y - 9)}")
    out.append(path(" ".join(blades), stroke=GRASS, sw=0.75, cap="round"))
    for i in range(6):
        x = 8 + i * 17 + 4 * math.sin(seed + i)
        y = ridge(profile, x) + 2
        h = 20 + 8 * math.sin(seed * 1.3 + i * 2)
        side = 1 if (i + seed) % 2 else -1
        apex = (x + side * 6, y - h)
        end = (apex[0] + side * 9, apex[1] + 8)
        out.append(path(f"M{fmt(x)} {fmt(y)} Q{fmt(x)} {fmt(y - h * 0.8)} {fmt(apex[0])} "
                        f"{fmt(apex[1])} Q{fmt(end[0] - side * 2)} {fmt(apex[1] - 1)} "
                        f"{fmt(end[0])} {fmt(end[1])}", stroke=pal.INK, sw=1.1, cap="round"))
        out.append(leaf(apex[0], apex[1], 11, 3.6, 90 - side * 60, plumes, pal.INK))
    return "".join(out)


def goose(x: float, y: float, s: float = 1.0, flap: float = 0.0) -> str:
    """A wild goose in flight heading left: long neck, heavy body, wings raised in a V."""
    return group([
        leaf(2, -2, 26, 9, -78 + flap, pal.CHARCOAL, "#77716a", curl=0.3, edge=pal.INK),
        path("M-10 0 C-6 -4 6 -5 14 -2 L22 -3 L18 2 C10 5 -4 5 -10 0 Z", fill=pal.INK),
        path("M-9 -0.5 C-14 -2 -18 -3 -22 -3 C-24 -3 -25 -1 -24 0 C-20 0 -14 1 -9 2 Z",
             fill=pal.INK),
        path("M-24 -2 L-29 -1 L-24 0.2 Z", fill=pal.INK),
        path("M-21 -2.5 C-19 -1.8 -17 -1.6 -15 -1.6", stroke="#8b857c", sw=0.6),
        leaf(0, -1, 30, 10, -36 - flap, pal.INK, "#6d675f", curl=0.35, edge=pal.INK),
    ], tf(x, y, -6, s))


def card_8b() -> str:
    return "".join([
        path("M-4 -4 H104 V120 H-4 Z", fill=pal.VERMILION),
        disc(50, 56, 38, "#f7f1de", rim="#e9dcb4", rim_width=1.0),
        pampas_hill([(-4, 104), (20, 96), (50, 92), (80, 96), (104, 104)], 0),
    ])


def card_8a() -> str:
    return "".join([
        sky(70, pal.VERMILION, bumps=4, depth=4, phase=2.0),
        goose(34, 30, 0.9, 0), goose(62, 44, 0.85, 4), goose(78, 22, 0.8, 2),
        pampas_hill(HILL_B, 2),
    ])


def card_8c1() -> str:
    return pampas_hill(HILL_A, 1)


def card_8c2() -> str:
    return pampas_hill([(-4, 80), (24, 70), (56, 74), (80, 64), (104, 70)], 3)


CARDS: dict[str, Callable[[], str]] = {
    "5A": card_5a, "5R": card_5r, "5C1": card_5c1, "5C2": card_5c2,
    "6A": card_6a, "6R": card_6r, "6C1": card_6c1, "6C2": card_6c2,
    "7A": card_7a, "7R": card_7r, "7C1": card_7c1, "7C2": card_7c2,
    "8B": card_8b, "8A": card_8a, "8C1": card_8c1, "8C2": card_8c2,
}
