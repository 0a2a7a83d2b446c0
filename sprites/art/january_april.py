"""Hanafuda art for January-April: pine, plum, cherry, wisteria.

>>> sorted(CARDS)[:3]
['1B', '1C1', '1C2']
"""

from __future__ import annotations

from typing import Callable, Sequence

from . import palette as pal
from .motifs import (blossom, branch, bud, disc, feather_fan, ground, leaf, mist, rays,
                     ribbon, sky, stem)
from .svg import Point, circle, ellipse, fmt, group, path, poly, polar, smooth, tf

POEM_PINE_PLUM = "あかよろし"  # "akayoroshi", the classic poetry-ribbon inscription
POEM_CHERRY = "みよしの"  # "Miyoshino", the cherry hills of Yoshino

# --- January: pine -----------------------------------------------------------------------

TRUNK = "#4a2f1d"


def pine_tuft(x: float, y: float, r: float, angle: float = -90, spread: float = 78) -> str:
    """A fan of pine needles opening towards ``angle``, needle tips jagged."""
    pts: list[Point] = [(x, y)]
    n = 18
    for i in range(n + 1):
        a = angle - spread + 2 * spread * i / n
        pts.append(polar(x, y, r if i % 2 == 0 else r * 0.84, a))
    return "".join([
        poly(pts, fill=pal.DARK_GREEN, stroke=pal.DARK_GREEN, sw=r * 0.05, join="round"),
        rays(x, y, r * 0.25, r * 0.86, angle - spread + 8, angle + spread - 8, 10,
             pal.LEAF_GREEN, r * 0.075),
        rays(x, y, r * 0.5, r * 0.7, angle - spread + 16, angle + spread - 16, 5,
             pal.LIGHT_GREEN, r * 0.06),
        circle(x, y, r * 0.16, fill=pal.INK),
    ])


def pine_trunk(points: Sequence[Point], base: float, tip: float) -> str:
    """A pine trunk or bough with a few bark scales."""
    marks = []
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        mx, my = (x0 + x1) / 2, (y0 + y1) / 2
        marks.append(f"M{fmt(mx - base * 0.2)} {fmt(my - 1)} l{fmt(base * 0.3)} 1.6")
    return branch(points, base, tip, TRUNK) + path(" ".join(marks), stroke=pal.INK,
                                                   sw=0.9, cap="round")


def pine(trunk: Sequence[Point], boughs: Sequence[Sequence[Point]],
         tufts: Sequence[tuple[float, float, float, float]], base: float = 11) -> str:
    """A pine: trunk, boughs, then needle fans ``(x, y, r, angle)`` drawn over them."""
    return "".join([pine_trunk(trunk, base, base * 0.35),
                    *(pine_trunk(b, base * 0.45, base * 0.2) for b in boughs),
                    *(pine_tuft(*t) for t in tufts)])


def red_hills(top: float = 130, phase: float = 0.0) -> str:
    """January's vermilion ground with an inked ridge line."""
    return ground(top, pal.VERMILION, bumps=3, depth=5, phase=phase) + ground(
        top + 9, pal.RED, bumps=4, depth=3, phase=phase + 1)


def crane(x: float, y: float, s: float = 1.0) -> str:
    """A red-crowned crane standing, facing left, head raised towards the sun."""
    plumes = path("M6 -8 C20 -10 32 -2 38 10 C30 6 26 6 22 8 C26 14 26 20 24 26 "
                  "C20 18 14 14 8 12 C12 18 12 22 10 26 C6 18 2 12 -2 8 Z", fill=pal.INK)
    body = path("M-16 -6 C-14 -16 0 -18 12 -12 C22 -7 26 2 20 8 C12 14 -4 14 -12 8 "
                "C-17 4 -18 -2 -16 -6 Z", fill=pal.WHITE, stroke=pal.INK, sw=0.8)
    wing = path("M-8 -8 C2 -12 14 -10 22 -2 C14 2 4 4 -6 2 C-10 0 -10 -6 -8 -8 Z",
                fill="#ece6d8", stroke=pal.INK, sw=0.6)
    feathers = path("M-2 -6 C4 -5 10 -4 16 -1 M-4 -2 C2 -1 8 0 14 1", stroke=pal.CHARCOAL,
                    sw=0.55, cap="round")
    neck_line = [(-13, -6), (-20, -18), (-15, -32), (-18, -46), (-21, -54)]
    neck = branch(neck_line, 9, 4.6, pal.WHITE)
    neck_black = branch(neck_line[1:], 6.4, 4.6, pal.INK)
    nape = path("M-13.5 -40 C-13 -46 -15 -50 -17.5 -53", stroke=pal.WHITE, sw=1.4,
                cap="round")
    head = "".join([
        ellipse(-22, -56, 5.2, 4.2, fill=pal.INK, transform="rotate(-25 -22 -56)"),
        circle(-21, -59.5, 2.7, fill=pal.VERMILION),
        path("M-25.5 -57.5 L-38 -66 L-25 -54 Z", fill=pal.OCHRE, stroke=pal.INK, sw=0.4),
        circle(-23.5, -56.5, 0.9, fill=pal.WHITE),
    ])
    legs = path("M-3 10 L-5 34 M4 10 L8 33 M-5 34 l-5 1.5 M8 33 l5 1.5", stroke=pal.INK,
                sw=1.4, cap="round", join="round")
    return group([legs, plumes, body, wing, feathers, neck, neck_black, nape, head],
                 tf(x, y, scale=s))


def card_1b() -> str:
    return "".join([
        disc(62, 44, 27, pal.VERMILION),
        red_hills(138, 0.6),
        crane(52, 100, 1.2),
        pine([(-2, 164), (10, 146), (22, 138)], [[(12, 145), (30, 150), (44, 146)]],
             [(8, 140, 13, -110), (26, 136, 12, -80), (44, 142, 11, -60),
              (84, 146, 14, -80), (98, 138, 11, -40), (66, 152, 11, -90)], base=9),
    ])


def card_1r() -> str:
    return "".join([
        red_hills(134),
        pine([(28, 164), (36, 140), (30, 118), (40, 98)],
             [[(36, 128), (60, 120), (80, 108)], [(32, 112), (16, 100), (10, 88)]],
             [(10, 84, 13, -100), (40, 92, 12, -90), (80, 104, 14, -70), (62, 114, 11, -100),
              (20, 120, 10, -130)]),
        ribbon(52, 16, 6, pal.VERMILION, POEM_PINE_PLUM, length=70),
        pine_tuft(82, 22, 13, -60), pine_tuft(14, 30, 11, -120),
    ])


def card_1c1() -> str:
    return "".join([
        red_hills(128),
        pine([(36, 164), (44, 136), (36, 110), (48, 84), (64, 64), (68, 46)],
             [[(41, 114), (24, 102), (12, 94)], [(54, 76), (76, 82), (90, 74)],
              [(66, 52), (48, 40), (34, 30)]],
             [(12, 92, 14, -100), (30, 100, 11, -80), (90, 72, 14, -60), (72, 80, 11, -100),
              (68, 44, 15, -90), (34, 28, 14, -110), (52, 36, 10, -70)]),
    ])


def card_1c2() -> str:
    return "".join([
        red_hills(134, 2.0),
        pine([(70, 164), (60, 140), (66, 116), (52, 92), (38, 74), (30, 56)],
             [[(62, 120), (80, 110), (92, 100)], [(48, 88), (24, 94), (10, 90)],
              [(34, 66), (54, 50), (70, 42)]],
             [(92, 98, 14, -60), (76, 108, 10, -100), (10, 88, 13, -120), (28, 92, 10, -80),
              (30, 54, 15, -100), (70, 40, 14, -70), (50, 48, 10, -90), (82, 128, 9, -50)]),
    ])


# --- February: plum ----------------------------------------------------------------------

def plum_flower(x: float, y: float, r: float = 6.0, rot: float = 0.0) -> str:
    return blossom(x, y, r, pal.VERMILION, edge=pal.DEEP_RED, centre=pal.YELLOW, rot=rot,
                   stamens=pal.WHITE)


def plum_branch(limbs: Sequence[Sequence[Point]], flowers: Sequence[tuple[float, float, float]],
                buds: Sequence[tuple[float, float, float]] = ()) -> str:
    """Black plum limbs (first is the main one) with blossoms ``(x, y, r)`` and buds."""
    out = [branch(limbs[0], 7.5, 2.2)]
    out += [branch(limb, 3.2, 1.0) for limb in limbs[1:]]
    out += [bud(x, y, 2.2, pal.VERMILION, rot) for x, y, rot in buds]
    out += [plum_flower(x, y, r, rot=(x * 7 + y * 3) % 72) for x, y, r in flowers]
    return "".join(out)


def plum_sky() -> str:
    return sky(22, pal.VERMILION, bumps=4, depth=3, phase=0.4)


def songbird(x: float, y: float, s: float, body: str, wing: str, belly: str,
             eye_ring: str = pal.WHITE, rot: float = 0.0) -> str:
    """A small songbird perched facing left, origin at its feet."""
    outline = smooth([(-15, -19), (-10, -24), (-3, -21), (7, -15), (22, -5), (27, 1),
                      (20, 1), (8, -2), (-3, -2), (-12, -8), (-16, -14)], closed=True)
    wing_d = smooth([(-4, -17), (6, -16), (20, -6), (22, -3), (8, -5), (-2, -9)], closed=True)
    return group([
        path("M-4 -3 L-6 2 M2 -3 L2 2", stroke=pal.INK, sw=1.3, cap="round"),
        path(outline, fill=body, stroke=pal.INK, sw=0.7),
        path("M-13 -9 C-8 -3 0 -2 8 -3 C0 -6 -6 -9 -13 -9 Z", fill=belly),
        path(wing_d, fill=wing, stroke=pal.INK, sw=0.6),
        path("M2 -12 C8 -11 14 -8 19 -5", stroke=belly, sw=0.6, cap="round"),
        circle(-9.5, -18, 2.2, fill=eye_ring), circle(-9.8, -18, 1.2, fill=pal.INK),
        path("M-15 -19 L-20.5 -17 L-15.5 -15.5 Z", fill=pal.INK),
    ], tf(x, y, rot, s))


def bush_warbler(x: float, y: float, s: float = 1.0) -> str:
    """The uguisu: an olive-green songbird on the plum branch."""
    return songbird(x, y, s, "#8b9b3a", "#5d6d24", "#dcd58e")


def card_2a() -> str:
    return "".join([
        plum_sky(),
        plum_branch([[(-2, 150), (22, 128), (44, 112), (66, 92), (96, 70)],
                     [(30, 122), (26, 96), (34, 78)], [(66, 92), (72, 118), (86, 130)]],
                    [(26, 94, 6.5), (36, 78, 5.5), (72, 116, 6), (88, 130, 6.5), (94, 68, 6),
                     (14, 136, 6), (56, 104, 5)],
                    [(20, 104, -20), (80, 80, 40), (46, 118, 160)]),
        bush_warbler(50, 104, 1.45),
        mist(8, 146, 60, 8, pal.VERMILION),
    ])


def card_2r() -> str:
    return "".join([
        plum_sky(),
        plum_branch([[(-2, 156), (24, 136), (50, 126), (80, 110), (102, 100)],
                     [(24, 136), (14, 112), (18, 96)], [(70, 114), (84, 132), (96, 140)]],
                    [(18, 96, 6), (12, 116, 5.5), (50, 126, 6.5), (84, 132, 6), (96, 104, 6),
                     (70, 118, 5)],
                    [(36, 132, 150), (94, 142, 120)]),
        ribbon(48, 30, -8, pal.VERMILION, POEM_PINE_PLUM, length=72),
    ])


def card_2c1() -> str:
    return "".join([
        plum_sky(),
        plum_branch([[(4, 164), (20, 134), (42, 110), (60, 84), (86, 46)],
                     [(42, 110), (68, 112), (90, 102)], [(60, 84), (40, 66), (30, 44)],
                     [(86, 46), (92, 30)]],
                    [(30, 44, 6.5), (40, 64, 6), (90, 100, 6.5), (70, 112, 5.5), (86, 48, 6),
                     (22, 132, 6), (56, 90, 5.5)],
                    [(92, 30, 10), (28, 116, -40), (78, 68, 30)]),
        mist(40, 138, 64, 9, pal.VERMILION),
    ])


def card_2c2() -> str:
    return "".join([
        plum_sky(),
        plum_branch([[(98, 164), (80, 136), (62, 116), (40, 96), (18, 60)],
                     [(62, 116), (36, 124), (14, 118)], [(40, 96), (58, 72), (66, 50)],
                     [(18, 60), (10, 40)]],
                    [(66, 50, 6.5), (58, 72, 5.5), (14, 116, 6.5), (34, 122, 5.5), (18, 62, 6),
                     (80, 134, 6), (10, 40, 5.5), (46, 100, 5)],
                    [(8, 34, -10), (74, 106, 40)]),
        mist(-4, 140, 60, 9, pal.VERMILION),
    ])


# --- March: cherry -----------------------------------------------------------------------

def cherry_flower(x: float, y: float, r: float = 7.0, rot: float = 0.0,
                  pink: bool = False) -> str:
    return blossom(x, y, r, pal.PINK if pink else pal.BLUSH, edge=pal.VERMILION,
                   centre=pal.VERMILION, notch=0.22, rot=rot, stamens=pal.DEEP_RED)


def cherry_cluster(x: float, y: float, s: float = 1.0, seed: int = 0) -> str:
    """A round cluster of cherry blossoms and a few leaves, about 40 units across."""
    spots = [(-12, -8), (2, -13), (14, -4), (-4, 3), (10, 9), (-15, 8), (0, 17), (20, 12),
             (-22, -2)]
    out = [leaf(-18, 14, 12, 6, 150 + seed * 9, pal.LEAF_GREEN, pal.DARK_GREEN),
           leaf(20, 18, 11, 5.5, 40 - seed * 7, pal.LEAF_GREEN, pal.DARK_GREEN)]
    for i, (dx, dy) in enumerate(spots[: 7 + seed % 3]):
        out.append(cherry_flower(dx, dy, 7.5, rot=(i * 23 + seed * 11) % 72,
                                 pink=(i + seed) % 3 == 0))
    return group(out, tf(x, y, scale=s))


def cherry_sky(bands: Sequence[tuple[float, float, float]]) -> str:
    """Vermilion kasumi mist bands ``(x, y, width)`` behind the blossoms."""
    return "".join(mist(x, y, w, 11, pal.VERMILION, steps=2) for x, y, w in bands)


def crest(cx: float, cy: float, r: float) -> str:
    """A round family crest: a ring holding a five-petal cherry flower."""
    return "".join([circle(cx, cy, r, fill=pal.WHITE, stroke=pal.INK, sw=r * 0.14),
                    blossom(cx, cy, r * 0.68, pal.INK, centre=pal.WHITE, notch=0.25)])


def curtain(top: float) -> str:
    """The maku: a striped festival curtain with crests, hung from a rope with red ties."""
    out = [path(f"M-4 {fmt(top)} H104 V164 H-4 Z", fill=pal.WHITE)]
    for i, x in enumerate(range(-4, 104, 18)):
        if i % 2:
            out.append(path(f"M{x} {fmt(top)} h18 V164 h-18 Z", fill=pal.VERMILION))
    out.append(path(f"M-4 {fmt(top)} H104 V{fmt(top + 10)} H-4 Z", fill=pal.INK))
    for x in (22, 70):
        out.append(crest(x, top + 40, 12))
    seams = " ".join(f"M{x} {fmt(top + 10)} V164" for x in range(14, 104, 18))
    out.append(path(seams, stroke=pal.DEEP_RED, sw=0.6, op=0.6))
    rope = smooth([(-4, top + 2), (20, top + 6), (50, top + 3), (80, top + 6), (104, top + 2)])
    out.append(path(rope, stroke=pal.OCHRE, sw=2.2, cap="round"))
    for x in (8, 50, 92):
        out.append(path(f"M{x} {fmt(top + 4)} l-3 14 M{x} {fmt(top + 4)} l3 13",
                        stroke=pal.VERMILION, sw=2.4, cap="round"))
        out.append(circle(x, top + 4, 3, fill=pal.VERMILION, stroke=pal.DEEP_RED, sw=0.6))
    return "".join(out)


def card_3b() -> str:
    return "".join([
        sky(58, pal.VERMILION, bumps=4, depth=4),
        branch([(-2, 40), (30, 30), (70, 24), (102, 16)], 5, 2.5),
        cherry_cluster(24, 34, 1.0, 0), cherry_cluster(72, 26, 1.05, 1),
        cherry_cluster(48, 66, 0.9, 2), cherry_cluster(88, 72, 0.8, 4),
        curtain(86),
    ])


def card_3r() -> str:
    return "".join([
        cherry_sky([(-6, 120, 60), (50, 140, 60), (40, 14, 64)]),
        branch([(-2, 108), (30, 100), (70, 112), (102, 104)], 5, 2.5),
        cherry_cluster(18, 100, 0.95, 1), cherry_cluster(78, 108, 1.0, 3),
        cherry_cluster(40, 140, 0.9, 0),
        ribbon(50, 12, 7, pal.VERMILION, POEM_CHERRY, length=72),
    ])


def card_3c1() -> str:
    return "".join([
        cherry_sky([(-6, 20, 70), (40, 96, 70), (-6, 142, 56)]),
        branch([(-2, 70), (30, 60), (60, 64), (102, 50)], 5, 2.5),
        cherry_cluster(26, 50, 1.15, 0), cherry_cluster(74, 46, 1.1, 2),
        cherry_cluster(50, 82, 1.0, 5), cherry_cluster(84, 120, 0.9, 1),
        cherry_cluster(18, 118, 0.85, 4),
    ])


def card_3c2() -> str:
    return "".join([
        cherry_sky([(30, 26, 76), (-6, 104, 64), (50, 148, 60)]),
        branch([(102, 90), (70, 84), (40, 92), (-2, 80)], 5, 2.5),
        cherry_cluster(70, 66, 1.15, 3), cherry_cluster(24, 70, 1.05, 1),
        cherry_cluster(46, 104, 1.0, 0), cherry_cluster(20, 30, 0.9, 2),
        cherry_cluster(82, 128, 0.9, 5),
    ])


# --- April: wisteria ---------------------------------------------------------------------

def wisteria_raceme(x: float, y: float, length: float, sway: float = 0.0) -> str:
    """A hanging wisteria cluster: florets shrinking towards the tip, swaying by ``sway``."""
    out = [path(f"M{fmt(x)} {fmt(y)} Q{fmt(x + sway * 0.3)} {fmt(y + length * 0.5)} "
                f"{fmt(x + sway)} {fmt(y + length)}", stroke=pal.INK, sw=0.8)]
    n = max(int(length / 4.2), 4)
    for i in range(n):
        t = i / (n - 1)
        cx = x + sway * t * t + (2.6 if i % 2 else -2.6) * (1 - t * 0.6)
        cy = y + length * t
        r = 4.6 * (1 - t * 0.62)
        colour = pal.PURPLE if i % 3 else pal.LILAC
        out.append(ellipse(cx, cy, r * 1.05, r * 0.8, fill=colour, stroke="#3a2466", sw=0.4))
        out.append(circle(cx - r * 0.3, cy - r * 0.2, r * 0.25, fill=pal.WHITE, op=0.8))
    return "".join(out)


def wisteria_vine(racemes: Sequence[tuple[float, float, float]], top: float = 4) -> str:
    """A vine along the card's top edge with leaves, and racemes ``(x, length, sway)``."""
    out = [stem([(-4, top + 6), (30, top), (60, top + 8), (104, top + 2)], 3.2)]
    for i, (x, _, _) in enumerate(racemes):
        out.append(leaf(x, top + 6, 14, 6, 30 + i * 50 % 120, pal.LEAF_GREEN, pal.DARK_GREEN))
        out.append(leaf(x, top + 6, 12, 5, 160 - i * 37 % 60, pal.GREEN, pal.DARK_GREEN))
    out += [wisteria_raceme(x, top + 6, length, sway) for x, length, sway in racemes]
    return "".join(out)


def tendril(x: float, y: float, height: float, curl: float) -> str:
    """A vine shoot rising from (x, y) and ending in a spiral curling to side ``curl`` (+-1)."""
    pts = [(x, y), (x - curl * 3, y - height * 0.4), (x + curl * 2, y - height * 0.75)]
    cx, cy = x + curl * 4, y - height * 0.78
    pts += [polar(cx, cy, 4 * (1 - i / 8) + 0.5, (180 if curl > 0 else 0) + curl * (i * 50 - 60))
            for i in range(1, 6)]
    return (stem(pts, 1.6) + leaf(pts[1][0], pts[1][1], 9, 4.5, -90 - curl * 60,
                                  pal.LEAF_GREEN, pal.DARK_GREEN))


def tendrils(seed: int = 0) -> str:
    """Black wisteria shoots curling up from the card's bottom."""
    spots = [(18, 40, 1), (52, 30, -1), (84, 44, 1), (36, 22, -1)]
    return "".join(tendril(x + (seed * 7 + i * 3) % 9 - 4, 164, h + seed % 3 * 4,
                           c if (seed + i) % 2 else -c)
                   for i, (x, h, c) in enumerate(spots[: 3 + seed % 2]))


def cuckoo(x: float, y: float, s: float = 1.0) -> str:
    """The hototogisu in flight, heading left: raised wings of long grey feathers, a long
    fanned tail, barred pale belly and a red eye ring."""
    return group([
        path("M8 0 L34 -6 L36 2 L34 8 L8 6 Z", fill=pal.CHARCOAL, stroke=pal.INK, sw=0.7),
        path("M14 1 L34 -2 M14 4 L34 5", stroke="#8a827c", sw=0.6),
        feather_fan(4, -3, -60, -25, 4, 30, 7, (pal.INK, pal.CHARCOAL)),
        path("M-16 0 C-12 -7 0 -8 12 -3 C18 0 14 7 6 8 C-2 9 -12 6 -16 0 Z",
             fill=pal.WHITE, stroke=pal.INK, sw=0.8),
        path("M-8 3 l1.5 3 M-3 4 l1.5 3 M2 4 l1.5 3 M7 3.5 l1.5 2.5", stroke=pal.INK,
             sw=0.8),
        path("M-16 0 C-12 -7 0 -8 12 -3 C4 -1 -6 -1 -16 0 Z", fill="#55504c"),
        feather_fan(-2, -3, -105, -62, 5, 34, 7.5, (pal.CHARCOAL, "#4a4542")),
        circle(-11, -2.5, 2, fill=pal.VERMILION), circle(-11.3, -2.5, 0.9, fill=pal.INK),
        path("M-15.5 -2.5 L-22 -0.5 L-15.5 0.8 Z", fill=pal.OCHRE),
    ], tf(x, y, scale=s))


def crescent(cx: float, cy: float, r: float, fill: str) -> str:
    """A crescent moon opening to the lower left."""
    return path(f"M{fmt(cx)} {fmt(cy - r)} A{fmt(r)} {fmt(r)} 0 1 1 {fmt(cx - r * 0.7)} "
                f"{fmt(cy + r * 0.72)} A{fmt(r * 0.8)} {fmt(r * 0.8)} 0 1 0 {fmt(cx)} "
                f"{fmt(cy - r)} Z", fill=fill)


def card_4a() -> str:
    return "".join([
        sky(54, pal.VERMILION, bumps=4, depth=4, phase=1.0),
        crescent(30, 26, 13, pal.YELLOW),
        wisteria_vine([(10, 70, 3), (90, 62, -4)], top=2),
        cuckoo(56, 84, 1.2),
        tendrils(1),
    ])


def card_4r() -> str:
    return "".join([
        wisteria_vine([(14, 80, 4), (84, 92, -3), (62, 48, 2)], top=2),
        ribbon(40, 26, -6, pal.VERMILION, length=74),
        tendrils(2),
    ])


def card_4c1() -> str:
    return "".join([
        wisteria_vine([(14, 96, 4), (38, 72, -2), (64, 104, 3), (88, 80, -4)], top=2),
        tendrils(0),
    ])


def card_4c2() -> str:
    return "".join([
        wisteria_vine([(20, 82, -3), (46, 106, 4), (76, 90, 2)], top=6),
        tendrils(3),
    ])


CARDS: dict[str, Callable[[], str]] = {
    "1B": card_1b, "1R": card_1r, "1C1": card_1c1, "1C2": card_1c2,
    "2A": card_2a, "2R": card_2r, "2C1": card_2c1, "2C2": card_2c2,
    "3B": card_3b, "3R": card_3r, "3C1": card_3c1, "3C2": card_3c2,
    "4A": card_4a, "4R": card_4r, "4C1": card_4c1, "4C2": card_4c2,
}
