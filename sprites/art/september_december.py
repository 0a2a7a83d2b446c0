"""Hanafuda art for September-December: chrysanthemum, maple, willow, paulownia.

December's colour band sits on 12C1 (the conventional deck prints it on one chaff only).

>>> sorted(CARDS)[-1]
'9R'
"""

from __future__ import annotations

from typing import Callable, Sequence

from . import palette as pal
from .glyphs import glyph
from .motifs import branch, feather_fan, leaf, petal_path, ribbon, stem
from .svg import Point, circle, ellipse, fmt, group, path, polar, poly, rect, smooth, tf

# --- September: chrysanthemum ------------------------------------------------------------

KIKU_COLOURS = {
    "gold": (pal.YELLOW, pal.OCHRE, "#b4561c"),
    "red": (pal.VERMILION, "#f06a4a", pal.DEEP_RED),
    "white": (pal.WHITE, "#f1dfa8", pal.OCHRE),
}


def chrysanthemum(x: float, y: float, r: float, colours: str = "gold", rot: float = 0.0) -> str:
    """A kiku bloom seen from the front: two rings of narrow round-tipped petals."""
    outer, inner, line = KIKU_COLOURS[colours]
    out = []
    for ring, (count, length, fill) in enumerate(((20, r, outer), (14, r * 0.68, inner))):
        d = petal_path(length, length * 0.3)
        for i in range(count):
            out.append(path(d, fill=fill, stroke=line, sw=r * 0.035,
                            transform=f"rotate({fmt(rot + ring * 9 + i * 360 / count)})"))
    out.append(circle(0, 0, r * 0.3, fill=inner, stroke=line, sw=r * 0.04))
    out.append(path(" ".join(f"M0 0 L{fmt(px)} {fmt(py)}" for px, py in
                             (polar(0, 0, r * 0.26, a) for a in range(0, 360, 45))),
                    stroke=line, sw=r * 0.03))
    return group(out, tf(x, y))


def kiku_leaf(x: float, y: float, s: float, angle: float) -> str:
    """A lobed chrysanthemum leaf: a broad blade with two pairs of rounded side lobes."""
    blade = smooth([(0, 0), (6, -5), (10, -9), (14, -6), (18, -10), (24, -8), (28, -3),
                    (30, 0), (28, 3), (24, 8), (18, 10), (14, 6), (10, 9), (6, 5)], closed=True)
    return group([path(blade, fill=pal.DARK_GREEN, stroke=pal.INK, sw=0.6),
                  path("M0 0 L27 0 M12 0 L15 -5 M12 0 L15 5 M20 0 L22 -6 M20 0 L22 6",
                       stroke=pal.LEAF_GREEN, sw=0.7)], tf(x, y, angle, s))


def kiku_plant(blooms: Sequence[tuple[float, float, float, str]],
               leaves: Sequence[tuple[float, float, float, float]]) -> str:
    """Stems from the ground to each bloom ``(x, y, r, colours)``; leaves ``(x, y, s, angle)``."""
    out = [stem([(x * 0.6 + 20, 164), (x * 0.9 + 5, (y + 164) / 2), (x, y)], 1.8)
           for x, y, _, _ in blooms]
    out += [kiku_leaf(*spec) for spec in leaves]
    out += [chrysanthemum(x, y, r, c, rot=x) for x, y, r, c in blooms]
    return "".join(out)


def sake_cup(x: float, y: float, s: float = 1.0) -> str:
    """The red lacquer sake cup on its foot, 寿 (kotobuki, "long life") in gold on its side."""
    return group([
        path("M-10 14 L-14 24 L14 24 L10 14 Z", fill=pal.RED, stroke=pal.INK, sw=0.9),
        ellipse(0, 24, 15, 3.5, fill=pal.DEEP_RED, stroke=pal.INK, sw=0.9),
        path("M-32 -8 C-30 8 -16 17 0 17 C16 17 30 8 32 -8 Z", fill=pal.VERMILION,
             stroke=pal.INK, sw=1.0),
        path("M-26 0 C-20 9 -10 13 0 13.5", stroke="#f37a5c", sw=1.6, cap="round", op=0.8),
        ellipse(0, -8, 32, 7.5, fill=pal.DEEP_RED, stroke=pal.GOLD, sw=1.6),
        ellipse(0, -7, 27, 5.2, fill="#a3221f"),
        glyph("寿", -9.5, -6.5, 19, pal.GOLD),
    ], tf(x, y, scale=s))


def card_9a() -> str:
    return "".join([
        kiku_plant([(24, 44, 14, "gold"), (70, 30, 16, "red"), (82, 80, 12, "gold")],
                   [(30, 66, 1.0, 160), (56, 50, 1.0, 30), (70, 100, 1.0, 200),
                    (10, 86, 0.9, -60)]),
        sake_cup(48, 118, 1.25),
    ])


def card_9r() -> str:
    return "".join([
        kiku_plant([(22, 120, 15, "red"), (76, 104, 16, "gold"), (62, 146, 11, "white")],
                   [(40, 136, 1.0, -30), (86, 130, 1.0, 60), (8, 150, 1.0, -110),
                    (54, 116, 0.9, 200)]),
        ribbon(48, 10, -6, pal.BLUE, length=74),
    ])


def card_9c1() -> str:
    return kiku_plant([(30, 40, 17, "gold"), (72, 64, 15, "red"), (34, 96, 13, "white"),
                       (76, 116, 11, "gold")],
                      [(50, 56, 1.1, -20), (14, 70, 1.0, 200), (56, 100, 1.0, 30),
                       (88, 90, 0.9, -60), (20, 124, 1.0, 180), (52, 136, 1.0, -40)])


def card_9c2() -> str:
    return kiku_plant([(66, 36, 16, "red"), (28, 62, 15, "gold"), (70, 100, 14, "gold"),
                       (24, 118, 11, "red")],
                      [(46, 48, 1.0, 200), (88, 60, 1.0, -50), (48, 84, 1.1, -20),
                       (10, 92, 0.9, 220), (86, 128, 1.0, 40), (44, 140, 1.0, -150)])


# --- October: maple ----------------------------------------------------------------------

MAPLE_LOBES = ((-135, 0.55), (-90, 0.8), (-45, 0.95), (0, 1.0), (45, 0.95), (90, 0.8),
               (135, 0.55))


def maple_leaf(x: float, y: float, r: float, angle: float, fill: str) -> str:
    """A palmate seven-lobed maple leaf with toothed lobes and a short stalk, pointing along
    ``angle``."""
    pts: list[Point] = []
    for a, reach in MAPLE_LOBES:
        pts.append(polar(0, 0, r * 0.36, a - 22.5))
        for sign in (-1, 1):
            side = [(0.6, 15), (0.7, 11), (0.78, 12), (0.88, 7)]
            for k, (rad, off) in enumerate(side if sign < 0 else side[::-1]):
                pts.append(polar(0, 0, r * reach * rad, a + sign * off * (1.1 - 0.1 * k)))
            if sign < 0:
                pts.append(polar(0, 0, r * reach, a))
    veins = " ".join(f"M0 0 L{fmt(px)} {fmt(py)}"
                     for px, py in (polar(0, 0, r * reach * 0.85, a) for a, reach in
                                    MAPLE_LOBES))
    return group([path(f"M0 0 L{fmt(r * 0.5)} 0", stroke=pal.INK, sw=r * 0.08,
                       cap="round", transform="rotate(180)"),
                  poly(pts, fill=fill, stroke=pal.DEEP_RED, sw=r * 0.04, join="round"),
                  path(veins, stroke=pal.DEEP_RED, sw=r * 0.04, op=0.8)],
                 tf(x, y, angle + 90))


MAPLE_FILLS = (pal.VERMILION, pal.RED, pal.OCHRE, pal.VERMILION, "#e0622a")


def maple_bough(limbs: Sequence[Sequence[Point]],
                leaves: Sequence[tuple[float, float, float, float]]) -> str:
    """Black maple limbs with leaves ``(x, y, r, angle)`` in autumn reds and ochre."""
    out = [branch(limbs[0], 6, 1.8)] + [branch(limb, 3, 1) for limb in limbs[1:]]
    out += [maple_leaf(x, y, r, a, MAPLE_FILLS[i % len(MAPLE_FILLS)])
            for i, (x, y, r, a) in enumerate(leaves)]
    return "".join(out)


def deer(x: float, y: float, s: float = 1.0) -> str:
    """A stag standing facing left, head turned back over its shoulder, antlers up."""
    body = smooth([(-22, -10), (-10, -14), (8, -14), (22, -10), (26, -2), (22, 6), (4, 8),
                   (-14, 8), (-22, 2)], closed=True)
    neck = smooth([(-18, -8), (-22, -20), (-18, -32), (-10, -36), (-8, -28), (-12, -18),
                   (-10, -8)], closed=True)
    legs = ("M-18 4 L-22 34 L-19 34 L-13 6 Z M-8 6 L-6 34 L-3 34 L-2 6 Z "
            "M12 6 L10 34 L13 34 L18 6 Z M20 2 L26 33 L29 33 L24 0 Z")
    return group([
        path(legs, fill="#8a5528", stroke=pal.INK, sw=0.9, join="round"),
        path(body, fill="#a8672e", stroke=pal.INK, sw=1.0),
        path(neck, fill="#a8672e", stroke=pal.INK, sw=1.0),
        path("M-16 -4 C-4 0 10 0 22 -2 C12 4 -2 5 -16 2 Z", fill="#e9d6b0"),
        *(circle(px, py, 1.3, fill="#f3e6c8") for px, py in
          ((-8, -9), (0, -10), (8, -9), (14, -6), (-2, -5), (6, -5))),
        path("M24 -6 L30 -10 L27 -2 Z", fill="#f3e6c8", stroke=pal.INK, sw=0.6),  # tail
        # head turned back (to the right) with muzzle and ear
        path("M-14 -36 C-8 -42 2 -42 6 -36 C4 -32 -6 -30 -12 -30 Z", fill="#a8672e",
             stroke=pal.INK, sw=0.9),
        ellipse(5.5, -35, 2, 1.6, fill=pal.INK),
        path("M-12 -38 L-20 -44 L-13 -34 Z", fill="#a8672e", stroke=pal.INK, sw=0.8),
        circle(-3, -37, 1.2, fill=pal.INK),
        path("M-8 -41 C-10 -50 -8 -58 -2 -64 M-9 -48 L-16 -54 M-8 -55 L-12 -62 "
             "M-4 -41 C0 -48 6 -52 12 -56 M1 -47 L4 -55 M6 -51 L12 -50", stroke=pal.INK,
             sw=1.6, cap="round"),
    ], tf(x, y, scale=s))


def card_10a() -> str:
    return "".join([
        maple_bough([[(104, 24), (70, 30), (40, 22), (-4, 34)], [(70, 30), (80, 52)],
                     [(40, 22), (30, 50)]],
                    [(12, 32, 13, 100), (30, 54, 12, 80), (54, 18, 13, 70), (82, 56, 12, 90),
                     (96, 30, 12, 120), (70, 10, 10, 40), (4, 10, 11, -60), (34, 10, 11, -80),
                     (44, 40, 10, 110)]),
        deer(50, 112, 1.2),
    ])


def card_10r() -> str:
    return "".join([
        maple_bough([[(-4, 140), (30, 120), (62, 118), (104, 96)], [(30, 120), (24, 96)],
                     [(62, 118), (76, 140)]],
                    [(24, 92, 13, -80), (76, 142, 13, 90), (96, 92, 13, -40), (8, 124, 13, 200),
                     (50, 132, 12, 70), (44, 106, 11, -100), (14, 150, 11, 120),
                     (92, 126, 11, 20), (64, 100, 10, -70)]),
        ribbon(52, 12, 6, pal.BLUE, length=74),
    ])


def card_10c1() -> str:
    return maple_bough([[(104, 150), (70, 120), (42, 100), (20, 60), (26, 20)],
                        [(42, 100), (14, 110)], [(20, 60), (60, 44)], [(70, 120), (80, 90)]],
                       [(26, 18, 14, -90), (60, 42, 14, -30), (14, 112, 13, 160),
                        (80, 88, 14, -60), (44, 72, 12, 10), (90, 140, 12, 60),
                        (10, 48, 12, -140), (46, 22, 11, -60), (74, 66, 11, 20),
                        (30, 126, 11, 120), (58, 110, 11, 80), (92, 114, 10, -20)])


def card_10c2() -> str:
    return maple_bough([[(-4, 130), (30, 100), (58, 84), (76, 50), (74, 14)],
                        [(58, 84), (90, 96)], [(76, 50), (40, 40)], [(30, 100), (24, 130)]],
                       [(74, 14, 14, -90), (40, 38, 14, 200), (90, 98, 14, 20),
                        (24, 132, 13, 100), (56, 64, 12, -20), (92, 58, 12, -30),
                        (14, 82, 12, -120), (54, 20, 11, -120), (30, 60, 11, 160),
                        (64, 112, 11, 60), (8, 110, 11, 200), (44, 140, 10, 80)])


# --- November: willow --------------------------------------------------------------------

def willow_strand(x: float, y: float, length: float, sway: float,
                  twig: str = pal.INK) -> str:
    """A hanging willow twig with narrow green leaves along it."""
    pts = [(x, y), (x + sway * 0.4, y + length * 0.5), (x + sway, y + length)]
    out = [stem(pts, 1.0, twig)]
    for i in range(1, 7):
        t = i / 6.5
        px = x + sway * t * t
        py = y + length * t
        out.append(leaf(px, py, 9, 2.6, 100 + (20 if i % 2 else -40), pal.LEAF_GREEN))
    return "".join(out)


def willow(limb: Sequence[Point], strands: Sequence[tuple[float, float, float]],
           twig: str = pal.INK) -> str:
    """A willow limb and strands ``(x along the top, length, sway)`` hanging from it; ``twig``
    colours the wood (green against a night sky)."""
    out = [branch(limb, 5, 2, twig)]
    for x, length, sway in strands:
        top = min(limb, key=lambda p: abs(p[0] - x))[1]
        out.append(willow_strand(x, top, length, sway, twig))
    return "".join(out)


def stream(y: float, colour: str = pal.BLUE) -> str:
    """A band of flowing water with white wave crests, across the card at ``y``."""
    d = smooth([(-4, y), (30, y - 6), (60, y + 2), (104, y - 8)])
    crest = " ".join(f"M{x} {fmt(y + 6 - x * 0.06)} q4 -4 8 0" for x in range(4, 100, 14))
    return "".join([
        path(d + " L104 164 L-4 164 Z", fill=colour),
        path(crest, stroke=pal.WHITE, sw=1.2, cap="round"),
        path(" ".join(f"M{x + 6} {fmt(y + 16 - x * 0.05)} q4 -4 8 0"
                      for x in range(0, 100, 16)), stroke=pal.WHITE, sw=1.1, cap="round"),
    ])


def umbrella(x: float, y: float, s: float) -> str:
    """A red paper umbrella, open, tilted into the rain."""
    canopy = "M-22 2 C-18 -14 18 -14 22 2 C16 -1 12 -1 7 2 C2 -1 -3 -1 -7 2 C-12 -1 -17 -1 -22 2 Z"
    return group([
        path("M0 -10 L4 30", stroke=pal.SAND, sw=1.6, cap="round"),
        path(canopy, fill=pal.VERMILION, stroke=pal.INK, sw=0.9, join="round"),
        path("M0 -11 L-15 0 M0 -11 L-5 1 M0 -11 L5 1 M0 -11 L15 0", stroke=pal.DEEP_RED,
             sw=0.7),
    ], tf(x, y, -18, s))


def rain_man(x: float, y: float, s: float = 1.0) -> str:
    """Ono no Michikaze in court dress and a tall black cap, holding up his umbrella."""
    robe = smooth([(-8, -16), (6, -18), (12, -4), (16, 20), (12, 30), (-12, 30), (-16, 18),
                   (-12, -2)], closed=True)
    sleeve = smooth([(2, -14), (14, -14), (26, -8), (26, 4), (16, 10), (8, 4)], closed=True)
    return group([
        path("M-6 30 L-8 36 L-2 36 M6 30 L6 36 L12 36", stroke=pal.INK, sw=1.8,
             cap="round", join="round"),
        path(robe, fill=pal.OCHRE, stroke=pal.INK, sw=1.0),
        path("M-14 24 C-4 27 6 27 15 24 L14 29 C4 31 -4 31 -13 29 Z", fill=pal.INK),
        path("M-10 4 C-4 10 6 10 14 4 L12 12 C4 16 -6 16 -12 12 Z", fill=pal.VERMILION,
             stroke=pal.INK, sw=0.8),
        path("M-4 -16 L0 -6 L4 -16", stroke=pal.INK, sw=0.8),
        path("M-9 -10 C-14 -2 -15 6 -12 10", stroke=pal.INK, sw=0.8),
        umbrella(14, -34, 1.1),
        path(sleeve, fill=pal.OCHRE, stroke=pal.INK, sw=0.9),
        path("M12 -4 C16 0 20 2 24 2", stroke=pal.INK, sw=0.7),
        circle(27, -4, 2.4, fill="#f3d9b4", stroke=pal.INK, sw=0.6),
        circle(0, -22, 6, fill="#f3d9b4", stroke=pal.INK, sw=0.8),
        path("M-5 -26 L-4 -40 L5 -38 L5 -26 Z", fill=pal.INK),
        path("M-6 -26 H6", stroke=pal.INK, sw=1.4),
        circle(-2.5, -22.5, 0.8, fill=pal.INK),
        path("M-3 -18.5 L-1 -18.5", stroke=pal.INK, sw=0.6),
    ], tf(x, y, scale=s))


def frog(x: float, y: float, s: float = 1.0) -> str:
    """A green frog leaping up towards the willow."""
    return group([
        path("M-6 4 L-14 14 L-10 16 M6 4 L14 12 L12 16", stroke=pal.DARK_GREEN, sw=2.2,
             cap="round", join="round"),
        ellipse(0, 0, 8, 6, fill=pal.LEAF_GREEN, stroke=pal.INK, sw=0.8,
                transform="rotate(-30)"),
        path("M-4 -4 L-10 -12 M4 -6 L6 -14", stroke=pal.DARK_GREEN, sw=2.0, cap="round"),
        circle(-3, -6, 2, fill=pal.YELLOW, stroke=pal.INK, sw=0.5),
        circle(2, -7, 2, fill=pal.YELLOW, stroke=pal.INK, sw=0.5),
        circle(-3, -6, 0.8, fill=pal.INK), circle(2, -7, 0.8, fill=pal.INK),
    ], tf(x, y, scale=s))


def rain(x0: float, x1: float, y0: float, y1: float, colour: str) -> str:
    """Slanting rain streaks."""
    d = " ".join(f"M{fmt(x)} {fmt(y0 + (i * 23) % (y1 - y0))} l-3 9"
                 for i, x in enumerate(range(int(x0), int(x1), 7)))
    return path(d, stroke=colour, sw=0.8, cap="round", op=0.7)


def swallow(x: float, y: float, s: float = 1.0, dive: float = 25.0) -> str:
    """A swallow swooping down to the left: slim swept wings, blue-black back, red throat,
    white belly and long forked tail streamers."""
    return group([
        leaf(6, -1, 26, 4.2, -12, pal.INK, curl=-0.4),
        leaf(6, 1, 28, 4.2, 14, pal.INK, curl=0.4),
        leaf(-2, -2, 36, 8, -62, pal.INDIGO, "#5a6fa8", curl=0.5, edge=pal.INK),
        path("M-17 0 C-14 -6 -2 -6 10 -2 C12 0 12 2 10 2 C-2 6 -14 6 -17 0 Z",
             fill=pal.INK),
        path("M-10 3 C-4 6 4 5 9 2 C2 2.5 -4 2.5 -10 3 Z", fill=pal.WHITE),
        path("M-17.5 0 C-16.5 2.8 -13.5 3.8 -11 3.2 L-11.5 -0.5 Z", fill=pal.VERMILION),
        path("M-17.5 -0.8 L-22 0.2 L-17.5 1 Z", fill=pal.INK),
        leaf(-3, 2, 34, 8, 38, pal.INDIGO, "#5a6fa8", curl=-0.4, edge=pal.INK),
        circle(-14, -1.5, 0.9, fill=pal.WHITE),
    ], tf(x, y, dive, s))


def lightning_gate() -> str:
    """The November chaff: a black storm, a jagged bolt striking the vermilion "rashomon"
    gate, its lintels and pillars banded in black."""
    out = [path("M-4 -4 H104 V164 H-4 Z", fill=pal.INK),
           path(smooth([(-4, 30), (14, 18), (30, 26), (48, 12), (66, 22), (84, 8), (104, 16)])
                + " L104 -4 L-4 -4 Z", fill=pal.CHARCOAL),
           rain(0, 104, 20, 150, "#8a8a8a")]
    for px in (18, 70):  # pillars with black bands
        out.append(rect(px, 96, 12, 70, fill=pal.VERMILION, stroke=pal.DEEP_RED, sw=0.8))
        out.append(path(f"M{px} 130 h12 M{px} 134 h12 M{px} 150 h12", stroke=pal.INK, sw=2.2))
    out.append(path("M-4 108 H104 V116 H-4 Z", fill=pal.VERMILION, stroke=pal.DEEP_RED,
                    sw=0.8))  # nuki
    out.append(path("M-6 82 Q50 92 106 82 L106 94 Q50 102 -6 94 Z", fill=pal.VERMILION,
                    stroke=pal.DEEP_RED, sw=0.8))  # kasagi
    out.append(path("M-6 82 Q50 92 106 82 L106 86 Q50 96 -6 86 Z", fill=pal.INK))
    out.append(rect(44, 94, 12, 14, fill=pal.INK))  # the plaque
    out.append(rect(46, 96, 8, 10, fill=pal.GOLD))
    bolt = [(78, -4), (54, 34), (68, 36), (44, 64), (58, 66), (36, 92), (66, 58), (52, 56),
            (76, 28), (62, 26), (90, -4)]
    out.append(poly(bolt, fill=pal.YELLOW, stroke=pal.VERMILION, sw=1.4, join="round"))
    return "".join(out)


def card_11b() -> str:
    return "".join([
        path("M-4 -4 H104 V104 H-4 Z", fill=pal.INK),
        rain(0, 104, 0, 90, "#9aa3a8"),
        willow([(104, -2), (84, 6), (56, 2)],
               [(98, 70, -6), (88, 96, -10), (76, 60, -4), (64, 84, -6)], pal.LEAF_GREEN),
        stream(112),
        rain_man(40, 92, 1.45),
        frog(16, 142, 1.0),
    ])


def card_11a() -> str:
    return "".join([
        stream(130, pal.INDIGO),
        willow([(-4, 8), (30, 2), (70, 6), (104, 0)],
               [(8, 70, 4), (22, 92, 6), (38, 60, 2), (78, 84, -4), (92, 62, -6)]),
        swallow(54, 92, 1.35),
    ])


def card_11r() -> str:
    return "".join([
        willow([(-4, 6), (40, 0), (104, 8)],
               [(10, 100, 6), (24, 72, 3), (76, 96, -4), (90, 120, -8), (62, 60, -2)]),
        ribbon(48, 22, 4, pal.VERMILION, length=74),
        stream(146),
    ])


def card_11c1() -> str:
    return lightning_gate()


# --- December: paulownia -----------------------------------------------------------------

KIRI_LEAF = "#24422a"


def paulownia_leaf(x: float, y: float, s: float, angle: float) -> str:
    """A big heart-shaped paulownia leaf with three soft points, veined."""
    blade = smooth([(0, 0), (-12, -4), (-24, -16), (-24, -32), (-12, -42), (0, -54),
                    (12, -42), (24, -32), (24, -16), (12, -4)], closed=True)
    veins = ("M0 -2 L0 -50 M0 -8 L-18 -18 M0 -8 L18 -18 M0 -20 L-18 -34 M0 -20 L18 -34 "
             "M0 -32 L-9 -42 M0 -32 L9 -42")
    return group([path(blade, fill=KIRI_LEAF, stroke=pal.INK, sw=0.9),
                  path(veins, stroke=pal.OCHRE, sw=0.9, op=0.9)], tf(x, y, angle, s))


def paulownia_panicle(florets: int) -> str:
    """One upright kiri panicle from the origin: ``florets`` rows of purple bells on a green
    stalk, narrowing to the tip."""
    height = florets * 5.2 + 4
    out = [stem([(0, 0), (0, -height)], 1.4, pal.DARK_GREEN)]
    for i in range(florets):
        fy = -6 - i * 5.2
        spread = 4.2 * (1 - i / (florets + 2))
        for fx in (-spread, spread):
            out.append(circle(fx, fy, 2.3, fill=pal.PURPLE, stroke=pal.INK, sw=0.45))
        out.append(circle(0, fy - 2.2, 2.2, fill=pal.LILAC, stroke=pal.INK, sw=0.45))
        out.append(circle(-0.6, fy - 2.8, 0.7, fill=pal.WHITE, op=0.8))
    return "".join(out)


def paulownia_flower(x: float, y: float, s: float = 1.0) -> str:
    """The kiri flower head as on the 5-7-5 crest: a tall centre panicle of seven rows
    between two of five, rising from one stalk."""
    return group([
        stem([(0, 16), (0, 2)], 2.2, pal.DARK_GREEN),
        path("M0 4 Q-14 2 -16 -6 M0 4 Q14 2 16 -6", stroke=pal.DARK_GREEN, sw=1.6),
        group(paulownia_panicle(5), "translate(-16 -4) rotate(-8)"),
        group(paulownia_panicle(5), "translate(16 -4) rotate(8)"),
        paulownia_panicle(7),
    ], tf(x, y, scale=s))


def kiri_crown(flowers: Sequence[tuple[float, float, float]]) -> str:
    """Paulownia flower heads ``(x, y, scale)``; y is the base of the flower stalk."""
    return "".join(paulownia_flower(*f) for f in flowers)


def kiri_leaves(leaves: Sequence[tuple[float, float, float, float]]) -> str:
    return "".join(paulownia_leaf(*spec) for spec in leaves)


def tail_plume(points: Sequence[Point], colour: str) -> str:
    """A long streaming tail feather ending in a peacock-like eye."""
    line = smooth(points)
    ex, ey = points[-1]
    return "".join([path(line, stroke=pal.INK, sw=5.0, cap="round"),
                    path(line, stroke=colour, sw=3.4, cap="round"),
                    ellipse(ex, ey, 5.2, 3.8, fill=pal.INDIGO, stroke=pal.INK, sw=0.7),
                    circle(ex, ey, 2.0, fill=pal.YELLOW)])


def phoenix(x: float, y: float, s: float = 1.0) -> str:
    """The hōō: spread fans of green, yellow and red feathers, long eyed tail plumes, a
    green neck and a crested red head, facing left."""
    return group([
        tail_plume([(4, 6), (14, 24), (16, 40), (10, 50)], pal.VERMILION),
        tail_plume([(6, 6), (22, 18), (32, 32), (30, 44)], pal.GREEN),
        tail_plume([(8, 4), (26, 8), (40, 18), (44, 30)], pal.YELLOW),
        feather_fan(6, -4, -88, -20, 6, 40, 9, (pal.GREEN, pal.YELLOW, pal.VERMILION)),
        ellipse(0, 0, 14, 9.5, fill=pal.VERMILION, stroke=pal.INK, sw=0.9,
                transform="rotate(25)"),
        path("M-10 2 C-4 8 4 10 10 6", stroke=pal.YELLOW, sw=1.4, cap="round"),
        feather_fan(-2, -4, -128, -80, 5, 34, 8.5, (pal.YELLOW, pal.VERMILION, pal.TEAL)),
        branch([(-6, -2), (-14, -12), (-18, -22), (-22, -28)], 8, 4.5, pal.GREEN),
        path("M-9 -6 C-13 -12 -15 -18 -18 -24", stroke=pal.LIGHT_GREEN, sw=1.0),
        circle(-22, -30, 5.2, fill=pal.VERMILION, stroke=pal.INK, sw=0.8),
        path("M-26 -30.5 L-33 -28.5 L-26 -27 Z", fill=pal.YELLOW, stroke=pal.INK, sw=0.5),
        path("M-20 -34 C-18 -41 -12 -43 -8 -41 M-21 -35 C-22 -42 -18 -46 -14 -48 "
             "M-22 -35 C-26 -40 -24 -45 -22 -47", stroke=pal.INDIGO, sw=1.5, cap="round"),
        path("M-24 -26 C-26 -22 -24 -18 -22 -18", stroke=pal.RED, sw=2.2, cap="round"),
        circle(-23, -31, 1.3, fill=pal.WHITE), circle(-23.3, -31, 0.65, fill=pal.INK),
    ], tf(x, y, scale=s))


def colour_band() -> str:
    """The December chaff's yellow band across the foot of the card."""
    return path("M-4 136 H104 V164 H-4 Z", fill=pal.YELLOW) + path(
        "M-4 136 H104", stroke=pal.INK, sw=1.0)


def card_12b() -> str:
    return "".join([
        path("M-4 -4 H104 V64 C70 70 30 58 -4 66 Z", fill=pal.VERMILION),
        kiri_leaves([(16, 170, 1.2, -30), (84, 172, 1.25, 30), (50, 176, 1.1, 0)]),
        phoenix(50, 82, 1.3),
    ])


def card_12c1() -> str:
    return "".join([
        kiri_leaves([(50, 138, 1.5, 0), (18, 140, 1.2, -40), (84, 142, 1.2, 40)]),
        kiri_crown([(50, 66, 1.2)]),
        colour_band(),
    ])


def card_12c2() -> str:
    return "".join([
        kiri_leaves([(48, 170, 1.7, -6), (14, 156, 1.3, -48), (88, 160, 1.4, 42)]),
        kiri_crown([(50, 62, 1.25)]),
    ])


def card_12c3() -> str:
    return "".join([
        kiri_leaves([(56, 172, 1.7, 8), (90, 150, 1.2, 55), (16, 166, 1.4, -30)]),
        kiri_crown([(44, 70, 1.15), (80, 60, 0.7)]),
    ])


CARDS: dict[str, Callable[[], str]] = {
    "9A": card_9a, "9R": card_9r, "9C1": card_9c1, "9C2": card_9c2,
    "10A": card_10a, "10R": card_10r, "10C1": card_10c1, "10C2": card_10c2,
    "11B": card_11b, "11A": card_11a, "11R": card_11r, "11C1": card_11c1,
    "12B": card_12b, "12C1": card_12c1, "12C2": card_12c2, "12C3": card_12c3,
}
