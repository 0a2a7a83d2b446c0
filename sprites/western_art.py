"""Western card faces drawn in code: corner indices, standard pip layouts, court panels,
an ornate ace of spades and two distinct jokers. Art space is 100 x 140 units.

Use :func:`sprites.faces.western_face` in the game (cached); this module renders fresh.

>>> from rules.western import parse_card
>>> render_western(parse_card("TH"), 100, 140).get_size()
(100, 140)
"""

from __future__ import annotations

import functools
import math

import pygame

from rules.western import BIG_JOKER, Card
from sprites.art.frame import card_surface
from sprites.art.glyphs import CAP_TOP, text_centered
from sprites.art.svg import circle, ellipse, fmt, group, path, rect, tf

ART_H = 140.0
CX, CY = 50.0, 70.0
PAPER = "#fbf9f3"
RED = "#c8202b"
BLACK = "#1c1c22"
GOLD = "#d9a53a"
BLUE = "#24407e"

#: Suit symbols as bezier paths in a 20 x 20 box centred on the origin, point/stem down.
SUIT_PATHS = {
    "H": ("M0 9.5 C-4 5.5 -10 1.5 -10 -3.8 C-10 -7.8 -7.2 -10 -4.6 -10 C-2.2 -10 -0.6 -8.6 "
          "0 -6.4 C0.6 -8.6 2.2 -10 4.6 -10 C7.2 -10 10 -7.8 10 -3.8 C10 1.5 4 5.5 0 9.5 Z"),
    "D": ("M0 -10.5 C2.4 -6.6 4.8 -3.4 8 0 C4.8 3.4 2.4 6.6 0 10.5 C-2.4 6.6 -4.8 3.4 -8 0 "
          "C-4.8 -3.4 -2.4 -6.6 0 -10.5 Z"),
    "S": ("M0 -10 C-3 -6 -10 -2.5 -10 2.8 C-10 6.4 -7.6 8.4 -5 8.4 C-3 8.4 -1.6 7.4 -0.9 6 "
          "C-1.1 8 -2.2 9.4 -4 10 L4 10 C2.2 9.4 1.1 8 0.9 6 C1.6 7.4 3 8.4 5 8.4 "
          "C7.6 8.4 10 6.4 10 2.8 C10 -2.5 3 -6 0 -10 Z"),
    "C": ("M0 -9.8 A4.6 4.6 0 1 1 0 -0.6 A4.6 4.6 0 1 1 0 -9.8 Z "
          "M-5.2 -1.6 A4.6 4.6 0 1 1 -5.2 7.6 A4.6 4.6 0 1 1 -5.2 -1.6 Z "
          "M5.2 -1.6 A4.6 4.6 0 1 1 5.2 7.6 A4.6 4.6 0 1 1 5.2 -1.6 Z "
          "M-1.8 -1.5 L1.8 -1.5 L1.8 3 L-1.8 3 Z "
          "M-0.9 3 C-1.1 6.6 -2.2 8.8 -4 10 L4 10 C2.2 8.8 1.1 6.6 0.9 3 Z"),
}

# Pip centres for 2-10, upper half of the card (the lower half mirrors them, upside down).
COL_L, COL_M, COL_R = 29.0, 50.0, 71.0
ROW_TOP, ROW_BOTTOM = 26.0, 114.0
PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(COL_M, ROW_TOP), (COL_M, ROW_BOTTOM)],
    3: [(COL_M, ROW_TOP), (COL_M, CY), (COL_M, ROW_BOTTOM)],
    4: [(COL_L, ROW_TOP), (COL_R, ROW_TOP), (COL_L, ROW_BOTTOM), (COL_R, ROW_BOTTOM)],
}
PIPS[5] = PIPS[4] + [(COL_M, CY)]
PIPS[6] = PIPS[4] + [(COL_L, CY), (COL_R, CY)]
PIPS[7] = PIPS[6] + [(COL_M, (ROW_TOP + CY) / 2)]
PIPS[8] = PIPS[7] + [(COL_M, (ROW_BOTTOM + CY) / 2)]
_THIRD = (ROW_BOTTOM - ROW_TOP) / 3
PIPS[9] = [(x, ROW_TOP + k * _THIRD) for x in (COL_L, COL_R) for k in range(4)] + [(COL_M, CY)]
PIPS[10] = PIPS[9][:-1] + [(COL_M, ROW_TOP + _THIRD / 2), (COL_M, ROW_BOTTOM - _THIRD / 2)]

RANK_LABELS = {"T": "10"}


def suit(code: str, x: float, y: float, size: float, fill: str, flip: bool = False) -> str:
    """The suit symbol ``code`` centred at (x, y), ``size`` units tall; ``flip`` inverts it."""
    rot = 180 if flip else 0
    return path(SUIT_PATHS[code], fill=fill, transform=tf(x, y, rot, size / 20))


def ink(card: Card) -> str:
    return RED if card.is_red else BLACK


def corner_index(label: str, suit_code: str | None, colour: str) -> str:
    """Rank and small suit at the top-left, and the same rotated at the bottom-right."""
    size = 19.0
    sx = 0.78 if len(label) > 1 else 1.0
    top = 4.5 - CAP_TOP * size / 100
    parts = [text_centered(label, 10.5, top, size, colour, sx=sx, tracking=-0.6)]
    if suit_code:
        parts.append(suit(suit_code, 10.5, 28, 9.5, colour))
    corner = "".join(parts)
    return corner + group(corner, f"rotate(180 {fmt(CX)} {fmt(CY)})")


def joker_index(colour: str) -> str:
    """"JOKER" stacked down the corners, as on real jokers."""
    size = 10.5
    letters = "".join(text_centered(ch, 9.5, 2.5 + i * 9.2 - CAP_TOP * size / 100, size,
                                    colour) for i, ch in enumerate("JOKER"))
    return letters + group(letters, f"rotate(180 {fmt(CX)} {fmt(CY)})")


def pip_face(card: Card) -> str:
    n = 10 if card.rank == "T" else int(card.rank)
    return "".join(suit(card.suit or "S", x, y, 19, ink(card), flip=y > CY + 1)
                   for x, y in PIPS[n])


def ace_face(card: Card) -> str:
    if card.suit != "S":
        return suit(card.suit or "H", CX, CY, 44, ink(card))
    # The ace of spades: a big spade in a laurel-like ring of scrolls.
    ring = []
    for i in range(16):
        ring.append(path("M0 -30 C3 -33 6 -33 8 -30 C6 -31 3 -31 0 -30 Z", fill=GOLD,
                         stroke=BLACK, sw=0.5, transform=f"translate({CX} {CY}) "
                                                         f"rotate({i * 22.5})"))
    return "".join([
        circle(CX, CY, 31, fill="none", stroke=BLACK, sw=1.2),
        circle(CX, CY, 28.5, fill="none", stroke=GOLD, sw=1.0),
        *ring,
        suit("S", CX, CY - 1, 46, BLACK),
        path(f"M{CX - 7} {CY + 9} q7 6 14 0", stroke=GOLD, sw=1.3, cap="round"),
        suit("S", CX, CY - 4, 12, GOLD),
        path(f"M{CX - 18} {CY + 26} q18 -6 36 0", stroke=BLACK, sw=1.4, cap="round"),
    ])


def crown(rank: str, colour: str, trim: str) -> str:
    """Headgear that tells the court cards apart at a glance: the king's tall five-point
    crown, the queen's rounded tiara, the jack's feathered cap. Drawn about the origin."""
    if rank == "K":
        return "".join([
            path("M-14 6 L-14 -6 L-9 0 L-5 -12 L0 -2 L5 -12 L9 0 L14 -6 L14 6 Z",
                 fill=trim, stroke=colour, sw=1.0, join="round"),
            path("M-14 6 H14 V10 H-14 Z", fill=colour),
            *(circle(x, y, 1.6, fill=colour) for x, y in ((-5, -12), (5, -12), (-14, -6),
                                                          (14, -6), (0, 2))),
        ])
    if rank == "Q":
        return "".join([
            path("M-13 8 C-14 0 -10 -6 -6 -6 C-4 -10 4 -10 6 -6 C10 -6 14 0 13 8 Z",
                 fill=trim, stroke=colour, sw=1.0),
            path("M-13 8 H13 V11 H-13 Z", fill=colour),
            circle(0, -10, 2.2, fill=colour), circle(-7, -3, 1.5, fill=colour),
            circle(7, -3, 1.5, fill=colour),
        ])
    return "".join([  # jack: cap with a long plume
        path("M-12 8 C-12 -2 -4 -6 4 -6 C10 -6 13 0 12 8 Z", fill=trim, stroke=colour,
             sw=1.0),
        path("M-12 8 H12 V11 H-12 Z", fill=colour),
        path("M4 -6 C10 -14 18 -16 22 -12 C16 -12 12 -8 8 -4 Z", fill=colour),
        path("M8 -8 C12 -12 16 -13 19 -12", stroke=trim, sw=0.8),
    ])


SKIN = "#f4d9b8"
LINE = "#2a2420"
#: The robe's second colour per suit, so that the four kings differ beyond their pips.
ROBE = {"H": BLUE, "D": "#2f7a4a", "C": RED, "S": "#5a3a8c"}
HAIR = {"K": "#ece6da", "Q": "#5b3a22", "J": "#b7772c"}


def _split_y(x: float) -> float:
    """The y of the court panel's diagonal split line at ``x`` (it maps onto itself when
    the half-figure is turned about the centre, so the two halves meet exactly)."""
    return CY + 4 - (x - 22.5) * 8 / 55


def _attribute(rank: str, colour: str, accent: str) -> str:
    """What the figure holds at its right: the king's sword, the queen's flower, the
    jack's halberd, with the hand that grips it."""
    hand = ellipse(70, 61, 3.4, 2.8, fill=SKIN, stroke=LINE, sw=1.2)
    if rank == "K":
        return "".join([
            path("M68.4 57 L68.4 24 L70 20 L71.6 24 L71.6 57 Z", fill="#e3e7ee", stroke=LINE,
                 sw=1.2, join="round"),
            rect(64, 55.5, 12, 3, rx=1, fill=GOLD, stroke=LINE, sw=1.2),
            hand,
        ])
    if rank == "Q":
        petals = "".join(circle(70 + 3 * math.cos(a), 30 + 3 * math.sin(a), 2.7, fill=accent,
                                stroke=LINE, sw=1.2)
                         for a in (math.radians(k * 72 - 90) for k in range(5)))
        return "".join([
            path("M69 60 C68 50 71 42 70 32", stroke="#2f7a4a", sw=1.8, cap="round"),
            path("M69.5 46 C74 42 77 44 77 44 C74 48 71 48 69.5 46 Z", fill="#3f9a5a",
                 stroke=LINE, sw=1.2),
            petals, circle(70, 30, 2.2, fill=GOLD, stroke=LINE, sw=1.2),
            hand,
        ])
    return "".join([
        rect(69, 24, 2.6, 36, fill="#7a4a25", stroke=LINE, sw=1.2),
        path("M70.3 18.5 L72.6 25 L68 25 Z", fill="#d8dde5", stroke=LINE, sw=1.2,
             join="round"),
        path("M71.6 26 C76 25 78 29 77 33 C75.4 31 73.4 31 71.6 32 Z", fill="#d8dde5",
             stroke=LINE, sw=1.2, join="round"),
        path("M69 27 C66 26 64.5 28 65 31 C66.4 30 67.6 30 69 31 Z", fill=colour,
             stroke=LINE, sw=1.2),
        hand,
    ])


def _bust(rank: str, suit_code: str, colour: str) -> str:
    """The upper half of a court figure in card units: robe, head with hair (and the
    king's beard), headgear from :func:`crown`, attribute and the suit beside the head."""
    accent = ROBE[suit_code]
    hair = HAIR[rank]
    yl, yr = _split_y(22.5), _split_y(77.5)
    robe = (f"M22.5 {fmt(yl)} L22.5 58 C24 53 33 50.5 43 50 L57 50 C67 50.5 76 53 77.5 58 "
            f"L77.5 {fmt(yr)} Z")
    panel = f"M43 50 L57 50 L61 {fmt(_split_y(61))} L39 {fmt(_split_y(39))} Z"
    studs = "".join(path("M0 -2.6 L2.2 0 L0 2.6 L-2.2 0 Z", fill=colour,
                         transform=tf(50, y)) for y in (55.5, 62.5))
    back_hair = {
        "K": "M41 34 C40 42 41 47 43 49 L57 49 C59 47 60 42 59 34 Z",
        "Q": "M41 33 C37 40 38 50 34 57 L43 52 L57 52 L66 57 C62 50 63 40 59 33 Z",
        "J": "M42 33 C39 39 40 46 42 49 L58 49 C60 46 61 39 58 33 Z",
    }[rank]
    collar = {
        "K": ("M39 51 C44 56 56 56 61 51 L58 48.5 C54 51.5 46 51.5 42 48.5 Z", "#fbfaf6"),
        "Q": ("M41 50.5 C45 54.5 55 54.5 59 50.5 L57.5 49 C54 51.5 46 51.5 42.5 49 Z", GOLD),
        "J": ("M40 50.5 C45 55 55 55 60 50.5 L58 48.5 C54 51.5 46 51.5 42 48.5 Z", colour),
    }[rank]
    face = [
        path(back_hair, fill=hair, stroke=LINE, sw=1.2, join="round"),
        rect(46.5, 45, 7, 5, fill=SKIN),
        ellipse(50, 40, 7.2, 8.6, fill=SKIN, stroke=LINE, sw=1.2),
        circle(46.8, 39.6, 1.15, fill=LINE), circle(53.2, 39.6, 1.15, fill=LINE),
        path("M44.8 37 Q46.8 35.6 48.6 37 M51.4 37 Q53.2 35.6 55.2 37", stroke=LINE, sw=1.2,
             cap="round"),
        path("M50 39.8 L49 43.2 L50.8 43.2", stroke=LINE, sw=1.2, cap="round",
             join="round"),
    ]
    if rank == "K":
        face += [
            path("M42.6 41 C42 48 45 54.5 50 56.5 C55 54.5 58 48 57.4 41 C55 45 53 46 50 46 "
                 "C47 46 45 45 42.6 41 Z", fill=hair, stroke=LINE, sw=1.2, join="round"),
            path("M45 45 C47 43.4 49 43.8 50 44.8 C51 43.8 53 43.4 55 45 C53 46.4 51 46 50 "
                 "45.4 C49 46 47 46.4 45 45 Z", fill=hair, stroke=LINE, sw=1.2),
        ]
    else:
        face += [
            path("M47.4 45.6 Q50 47.6 52.6 45.6", stroke=RED, sw=1.3, cap="round"),
            circle(45.4, 43, 1.5, fill=RED, op=0.25), circle(54.6, 43, 1.5, fill=RED, op=0.25),
        ]
    parts = [
        path(robe, fill=accent, stroke=LINE, sw=1.2, join="round"),
        path("M25 60 C28 55 35 52.4 42 51.6 M75 60 C72 55 65 52.4 58 51.6", stroke=GOLD,
             sw=1.6, cap="round"),
        path(panel, fill=GOLD, stroke=LINE, sw=1.2, join="round"),
        path(f"M46 52 L45 {fmt(_split_y(45) - 1)} M54 52 L55 {fmt(_split_y(55) - 1)}",
             stroke=colour, sw=1.3),
        studs,
        *face,
        path(collar[0], fill=collar[1], stroke=LINE, sw=1.2, join="round"),
    ]
    if rank == "K":
        parts += [circle(x, 52.6, 0.8, fill=LINE) for x in (44, 50, 56)]
    parts += [
        group(crown(rank, colour, GOLD), tf(CX, 26.5 if rank != "K" else 28.5, scale=0.62)),
        _attribute(rank, colour, accent),
        suit(suit_code, 31, 30, 11, colour),
    ]
    return "".join(parts)


def court_face(card: Card) -> str:
    """A double-ended court figure in a frame: the bust of :func:`_bust` and the same turned
    about the centre, split by a diagonal line."""
    colour = ink(card)
    x0, y0, x1, y1 = 20.0, 16.0, 80.0, 124.0
    half = _bust(card.rank, card.suit or "S", colour)
    return "".join([
        rect(x0, y0, x1 - x0, y1 - y0, rx=3, fill="#f6ecd2"),
        half,
        group(half, f"rotate(180 {fmt(CX)} {fmt(CY)})"),
        path(f"M{x0 + 2.5} {CY + 4} L{x1 - 2.5} {CY - 4}", stroke=LINE, sw=1.4),
        rect(x0, y0, x1 - x0, y1 - y0, rx=3, fill="none", stroke=colour, sw=1.4),
        rect(x0 + 1.6, y0 + 1.6, x1 - x0 - 3.2, y1 - y0 - 3.2, rx=2, fill="none",
             stroke=GOLD, sw=1.2),
    ])


def jester(colour: str, bells: str, band: str) -> str:
    """A three-pointed jester's cap with bells over a grinning mask."""
    cap = ("M-22 10 C-22 -4 -30 -14 -34 -20 C-22 -18 -12 -12 -8 -2 C-8 -16 -4 -28 0 -34 "
           "C4 -28 8 -16 8 -2 C12 -12 22 -18 34 -20 C30 -14 22 -4 22 10 Z")
    return "".join([
        path(cap, fill=colour, stroke=BLACK, sw=1.0, join="round"),
        path("M-22 10 C-8 6 8 6 22 10 L22 15 C8 11 -8 11 -22 15 Z", fill=band, stroke=BLACK,
             sw=0.8),
        *(circle(x, y, 3.2, fill=bells, stroke=BLACK, sw=0.7) for x, y in
          ((-34, -20), (0, -35), (34, -20))),
        circle(0, 28, 14, fill=PAPER, stroke=BLACK, sw=1.0),
        path("M-8 30 C-4 37 4 37 8 30", stroke=BLACK, sw=1.4, cap="round"),
        path("M-7 23 q2 -3 4 0 M3 23 q2 -3 4 0", stroke=BLACK, sw=1.3, cap="round"),
        circle(-9, 29, 2.2, fill=colour, op=0.6), circle(9, 29, 2.2, fill=colour, op=0.6),
    ])


def joker_face(card: Card) -> str:
    big = card.rank == BIG_JOKER
    colour = RED if big else BLACK
    label = "BIG" if big else "SMALL"
    figure = jester(RED if big else "#3a3a40", GOLD if big else "#bdbdbd",
                    BLUE if big else "#77777d")
    return "".join([
        joker_index(colour),
        group(figure, tf(CX, 48, scale=0.9)),
        text_centered("JOKER", CX, 88, 16, colour, tracking=0.6),
        text_centered(label, CX, 104, 9, BLUE if big else "#55555c", tracking=1.0),
    ])


@functools.lru_cache(maxsize=None)
def western_svg(code: str) -> str:
    """The SVG body of one western card's art (100 x 140 units)."""
    from rules.western import parse_card

    card = parse_card(code)
    if card.is_joker:
        return joker_face(card)
    label = RANK_LABELS.get(card.rank, card.rank)
    if card.rank == "A":
        body = ace_face(card)
    elif card.rank in "JQK":
        body = court_face(card)
    else:
        body = pip_face(card)
    return corner_index(label, card.suit, ink(card)) + body


def render_western(card: Card, width: int, height: int) -> pygame.Surface:
    """A fresh, uncached face of ``card`` at ``width`` x ``height`` pixels."""
    return card_surface(western_svg(str(card)), width, height, background=PAPER,
                        rim="#8d8a84", texture=0.025, art_h=ART_H)
