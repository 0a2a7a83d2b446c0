"""Where seats, hands, the field and capture piles sit on a card table (pure geometry).

Seats go round the table in turn order from the player at the bottom: bottom, right, top,
left, with several seats sharing a side when there are more than four (``ROUND``: a
climbing game's boxes of backs), or with one or two others along the top (``ACROSS``: a
fishing game's seats, whose capture piles need wide boxes; all along the top where the
sides' words would leave the field too little). Each seat has a *box*: the player at the
bottom gets a hand band along the bottom edge with the capture pile above it; the others get
a box with their name (and last turn) across its top, their hand face down under it and
their pile beside it, its groups under labels a player can read and each card showing a
third of it at least (``pile_places``). The field is what is left in the middle.

>>> seat_sides(4)
['bottom', 'right', 'top', 'left']
>>> seat_sides(2), seat_sides(3)
(['bottom', 'top'], ['bottom', 'right', 'left'])
>>> [round(x) for x, _y in fan(pygame.Rect(0, 0, 400, 100), 3, (50, 80), 10)]
[140, 200, 260]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, NamedTuple

import pygame

from game.table.scene import TableAreas
from rules.hanafuda import Card, Kind
from sprites.faces import HANAFUDA_RATIO

Point = tuple[float, float]
Size = tuple[int, int]

#: Capture piles group by kind in this order (docs/rules.md: brights, animals, ribbons, chaff).
KINDS = (Kind.BRIGHT, Kind.ANIMAL, Kind.RIBBON, Kind.CHAFF)
_KIND_RANK = {k: i for i, k in enumerate(KINDS)}

#: How many of the other seats sit right, top and left, by the number of other seats: round
#: the table (a climbing game's small boxes of backs), or along the top (``ACROSS``: the
#: fishing games' seats, each with a capture pile in four groups that needs a wide box; with
#: three others, round the table: the sides give their piles the height to lay every card's
#: lines apart).
ROUND = {0: (0, 0, 0), 1: (0, 1, 0), 2: (1, 0, 1), 3: (1, 1, 1), 4: (1, 2, 1),
         5: (2, 1, 2), 6: (2, 2, 2), 7: (2, 3, 2)}
ACROSS = {**{n: (0, n, 0) for n in range(3)}, 3: (1, 1, 1)}  # (four seats: round)
ALL_TOP = {n: (0, n, 0) for n in range(8)}


def seat_sides(players: int, spread: dict[int, tuple[int, int, int]] = ROUND) -> list[str]:
    """The side of the table of each seat, the viewer's (seat 0 on screen) first, in turn
    order: bottom, then up the right side, along the top from right to left, down the left.

    >>> seat_sides(8)
    ['bottom', 'right', 'right', 'top', 'top', 'top', 'left', 'left']
    >>> seat_sides(3, ACROSS), seat_sides(4, ACROSS)
    (['bottom', 'top', 'top'], ['bottom', 'right', 'top', 'left'])
    >>> seat_sides(9)
    Traceback (most recent call last):
    ...
    ValueError: a table seats 1-8 players, not 9
    """
    if type(players) is not int or not 1 <= players <= 8:
        raise ValueError(f"a table seats 1-8 players, not {players!r}")
    right, top, left = spread[players - 1]
    return ["bottom"] + ["right"] * right + ["top"] * top + ["left"] * left


def sort_by_kind(pile: Iterable[Card]) -> list[Card]:
    """A capture pile as shown: brights, animals, ribbons, chaff, each in deck order."""
    return sorted(pile, key=lambda c: (_KIND_RANK[c.kind], c.index))


def fan(area: pygame.Rect, n: int, card: Size, gap: float, most: float | None = None
        ) -> list[Point]:
    """Centres of ``n`` cards side by side, centred in ``area``: ``gap`` apart, or
    overlapping when they must (``most``: the largest step, for a tight fan of backs)."""
    if n <= 0:
        return []
    cw = card[0]
    step = cw + gap if most is None else min(cw + gap, most)
    if n > 1:
        step = min(step, (area.width - cw) / (n - 1))
    x0 = area.centerx - step * (n - 1) / 2
    return [(x0 + i * step, area.centery) for i in range(n)]


def grid(area: pygame.Rect, slot: int, slots: int, card: Size, rows: int, gap: float,
         min_columns: int = 1) -> Point:
    """Centre of ``slot`` in a grid of ``rows`` rows centred in ``area``, filled column by
    column; columns squeeze together when there are more than fit.

    >>> area = pygame.Rect(0, 0, 600, 300)
    >>> grid(area, 0, 8, (100, 160), 2, 10), grid(area, 1, 8, (100, 160), 2, 10)
    ((135.0, 80.0), (135.0, 220.0))
    """
    cols = max(min_columns, math.ceil(max(slots, 1) / rows))
    cw, ch = card
    step_x = cw + gap
    if cols > 1:
        step_x = min(step_x, (area.width - cw) / (cols - 1))
    step_y = ch + gap
    if rows > 1:
        step_y = min(step_y, (area.height - ch) / (rows - 1))
    col, row = divmod(slot, rows)
    x0 = area.centerx - step_x * (cols - 1) / 2
    y0 = area.centery - step_y * (rows - 1) / 2
    return x0 + col * step_x, y0 + row * step_y


class PileLabel(NamedTuple):
    """The label above one group of a capture pile."""

    kind: Kind
    rect: pygame.Rect
    cards: int


#: The least part of a pile card's width left uncovered by the next card: enough to know it.
SHOWN = 1 / 3


def _group_widths(counts: list[int], room: float, cw: int, lw: int) -> list[float]:
    """The widths of groups of ``counts`` cards side by side in ``room``: each at least its
    label's ``lw`` (and a card), the rest shared in proportion to what each needs for its
    cards to overlap by 30% at most, so the chaff's long row takes the room the brights' do
    not need.

    >>> [round(w) for w in _group_widths([1, 0, 2, 9], 400, 40, 60)]
    [60, 60, 66, 214]
    """
    least = [max(lw, cw) for _ in counts]
    need = [max(b, cw + cw * 0.7 * max(0, n - 1)) for b, n in zip(least, counts)]
    if sum(need) <= room:
        return need
    more = [n - b for n, b in zip(need, least)]
    spare = max(0.0, room - sum(least))
    return [b + spare * m / max(1e-9, sum(more)) for b, m in zip(least, more)]


def pile_places(area: pygame.Rect, pile: Sequence[Card], card: Size, label_h: int,
                label_w: int, gap: int) -> tuple[dict[Card, Point], list[PileLabel]]:
    """Centres of a capture pile's cards grouped by kind, each group under its label. A wide
    ``area`` puts the four groups in a row, a narrow one in two rows of two; a group's cards
    overlap as they must, each showing at least a third of its width (``SHOWN``): a group too
    long for that goes on in a line under itself (the lines overlapping as the height
    allows, each showing the top third of the one above at least).

    >>> from rules.hanafuda import cards
    >>> pos, labels = pile_places(pygame.Rect(0, 0, 600, 100), cards("1B 2C1 3C1"), (40, 64),
    ...                           20, 80, 10)
    >>> [(lb.kind.name, lb.cards) for lb in labels]
    [('BRIGHT', 1), ('ANIMAL', 0), ('RIBBON', 0), ('CHAFF', 2)]
    >>> pos[cards("1B")[0]]
    (20.0, 52.0)
    """
    groups = [[c for c in sort_by_kind(pile) if c.kind is k] for k in KINDS]
    cw, ch = card
    row_h = label_h + ch
    # Four groups in a row when they fit (or when two rows would not fit either).
    wide = area.width >= 4 * max(label_w, cw) + 3 * gap
    per_row = 4 if wide or area.height < 2 * row_h + gap // 2 else 2
    rows = [groups[i:i + per_row] for i in range(0, 4, per_row)]
    row_gap = gap // 2
    row_room = (area.height - row_gap * (len(rows) - 1)) / len(rows)  # each row's height
    out: dict[Card, Point] = {}
    labels: list[PileLabel] = []
    kinds = iter(KINDS)
    y = float(area.y)
    for row in rows:
        room = area.width - gap * (len(row) - 1)
        lw = min(label_w, room // len(row))
        widths = _group_widths([len(g) for g in row], room, cw, lw)
        halves = [max(w, room / 2) for w in widths]
        if len(row) == 2 and sum(halves) <= room:  # two columns: each half the width
            widths = halves
        x = float(area.x)
        for group, width in zip(row, widths):
            kind = next(kinds)
            label = pygame.Rect(round(x), round(y), round(min(width, area.right - x)), label_h)
            labels.append(PileLabel(kind, label, len(group)))
            n = len(group)
            step = cw * 0.7 if n < 2 else min(cw * 0.7, (width - cw) / (n - 1))
            per_line = n
            if step < cw * SHOWN:  # too many for one line: go on in lines under it
                step = cw * SHOWN
                per_line = max(1, 1 + int((width - cw) / step))
                # (as many lines as the height holds; past that, tighter lines)
                most = max(1, 1 + int((row_room - label_h - ch) / (ch * SHOWN)))
                if math.ceil(n / per_line) > most:
                    per_line = math.ceil(n / most)
                    step = (width - cw) / max(1, per_line - 1)
            lines = math.ceil(n / per_line) if n else 1
            # (lines apart where the height allows; else each shows its top third, under
            # the cards of the line below)
            drop = 0.0 if lines < 2 else min(ch + gap / 2, max(
                ch * SHOWN, (row_room - label_h - ch) / (lines - 1)))
            for i, c in enumerate(group):
                line, k = divmod(i, per_line)
                out[c] = (x + cw / 2 + k * step, y + label_h + ch / 2 + line * drop)
            x += width + gap
        y += row_room + row_gap
    return out, labels


class SeatPlace(NamedTuple):
    """One seat's part of the table: its side, its whole box, its hand and its pile, and where
    its name goes."""

    side: str
    box: pygame.Rect
    hand: pygame.Rect
    pile: pygame.Rect
    name: pygame.Rect


@dataclass
class SeatedLayout(TableAreas):
    """The geometry every card table shares: seats round the play area, the field in the
    middle, card sizes as large as the window allows. A game's layout sets the class
    constants and places its own things (stock, message line ...) in ``arrange_game``.

    Card heights are fractions of the field card's: ``HAND`` for the viewer's hand,
    ``SMALL`` for capture piles and the other seats' hands. The large-card mode
    (``Metrics.cards``, a factor) makes the hand and field cards that much larger where the
    window has room: the piles and other hands give up theirs (``SMALL`` divided by the
    factor), and the hand's fan and the field's rows and columns overlap as they must.

    >>> lay = SeatedLayout((1280, 800), players=4)
    >>> [p.side for p in lay.seats]
    ['bottom', 'right', 'top', 'left']
    >>> all(lay.play.contains(p.box) for p in lay.seats) and lay.play.contains(lay.field)
    True
    """

    players: int = 2
    _piles: dict[tuple[int, tuple[Card, ...]], tuple[dict[Card, Point], list[PileLabel]]] = \
        field(default_factory=dict, init=False, repr=False, compare=False)
    #: Where the other seats sit, by their number (``ROUND`` or ``ACROSS``).
    SPREAD: ClassVar[dict[int, tuple[int, int, int]]] = ROUND
    #: Every seat has a capture pile (its four groups under labels): a seat along the top
    #: gets the height of its pile's rows; else the other seats hold only their hands.
    PILES = True
    #: Most cards a hand holds, and rows of the field grid (``MORE_ROWS``: or one more row of
    #: fewer columns, when that makes the cards larger, as it does in a narrow window or with
    #: seats at the sides).
    HAND_CARDS = 8
    FIELD_ROWS = 2
    MORE_ROWS = False
    #: Columns the field needs beside its grid (stock, drawn card ...), in field card widths.
    FIELD_EXTRA = 0.0
    FIELD_COLUMNS = 6
    HAND = 1.1
    SMALL = 0.6
    #: A side seat's width in small card widths (two pile groups side by side).
    SIDE = 2.6
    #: Card height over width: hanafuda cards, or ``faces.WESTERN_RATIO`` for a western deck.
    RATIO = HANAFUDA_RATIO
    sides: list[str] = field(init=False)
    seats: list[SeatPlace] = field(init=False)

    def arrange(self) -> None:
        m, p = self.m, self.play
        self.gap = m.px(10)
        self.label_h = m.px(20)
        #: A pile label's width ("Животные 24" in the "tiny" type) and the gap between groups.
        self.label_w = m.px(100)
        self.pile_gap = m.px(14)
        #: Two lines of a seat's last turn in the "tiny" type (beside its backs).
        self.said_h = m.px(46)
        self.message_h = m.px(30)
        # The spread's seats, or all along the top where the sides would leave the field's
        # cards much smaller (a large interface size: the side piles' words take the room).
        fits = [self._fit(seat_sides(self.players, spread))
                for spread in (self.SPREAD, ALL_TOP)[:2 if self.PILES else 1]]
        best = fits[0] if fits[0][0] >= fits[-1][0] * 0.75 else fits[-1]
        u, self.field_rows, self.top_rows, self.top_stacked, self.small, self.sides = best
        right, top, left = (self.sides.count(s) for s in ("right", "top", "left"))
        self.field_card = self.card_size(u)
        self.hand_card = self.card_size(u * self.HAND)
        self.small_card = self.card_size(u * self.small)
        self.pile_card = self.small_card
        g, lh = self.gap, self.label_h
        sh = self.small_card[1]
        # The viewer: hand along the bottom, pile above it.
        hand = pygame.Rect(p.x, p.bottom - self.hand_card[1], p.width, self.hand_card[1])
        pile = pygame.Rect(p.x, hand.y - g - lh - sh, p.width, lh + sh)
        bottom = SeatPlace("bottom", pile.union(hand), hand, pile,
                           pygame.Rect(p.x, pile.y, p.width, lh))
        top_h = round(lh + self._top_pile_height(sh)) if top else 0
        side_w = self._side_width() if right or left else 0
        mid_top = p.y + (top_h + g if top else 0)
        mid_bottom = pile.y - g
        self.middle = pygame.Rect(p.x + (side_w + g if left else 0), mid_top,
                                  p.width - (side_w + g) * ((left > 0) + (right > 0)),
                                  mid_bottom - mid_top)
        places: list[SeatPlace] = [bottom]
        for k in range(right):  # up the right side
            places.append(self._side_seat("right", k, right, side_w, mid_top, mid_bottom))
        edges = [round(p.x + p.width * i / max(1, top)) for i in range(top + 1)]
        for k in range(top):    # along the top, right to left
            left_x, right_x = edges[top - 1 - k], edges[top - k]
            box = pygame.Rect(left_x, p.y, right_x - left_x - (g if k < top - 1 else 0), top_h)
            places.append(self._box_seat("top", box))
        for k in range(left):   # down the left side
            places.append(self._side_seat("left", k, left, side_w, mid_top,
                                          mid_bottom))
        self.seats = places
        self.field = self.middle
        self.arrange_game()

    def _fit(self, sides: list[str]) -> tuple[float, int, int, bool, float, list[str]]:
        """The field card height with the other seats at ``sides``, with its field rows, the
        rows of a top seat's pile groups (and whether its backs go over them) and the small
        cards' share: (u, rows, top rows, top stacked, small, sides)."""
        p = self.play
        right, top, left = (sides.count(s) for s in ("right", "top", "left"))
        self.small = self.SMALL / self.m.cards
        # A top seat's pile in one row of four groups if its box is wide enough, else two
        # rows of two (the hand's fan of backs beside it, about a label wide).
        self.top_rows, self.top_stacked = 0, False
        if top and self.PILES:
            box_w = (p.width - (top - 1) * self.gap) / top
            pile_w = box_w - self.gap - self.label_w
            self.top_rows = 1 if pile_w >= 4 * self.label_w + 3 * self.pile_gap else 2
            if self.top_rows == 2:  # (piles a little smaller: the field's cards larger)
                self.small *= 0.85
                # Too narrow for two groups beside the backs: the backs over the pile.
                self.top_stacked = pile_w < 2 * self.label_w + self.pile_gap
        rows = [self.FIELD_ROWS] + ([self.FIELD_ROWS + 1] if self.MORE_ROWS else [])
        u, fewer = max((self._field_height(right, top, left, r), -r) for r in rows)
        return (u, -fewer, self.top_rows, self.top_stacked, self.small,  # (of equal sizes,
                sides)                                                 # fewer rows)

    def _top_pile_height(self, sh: float) -> float:
        """Below a top seat's name: its pile's rows of groups, each a label over its cards
        (two rows: with room for a second line of a long group, a narrow box's group being
        short), or without piles the hand."""
        if not self.top_rows:
            return sh
        rows = self.top_rows
        cards = sh if rows == 1 else sh * (1 + SHOWN)
        # (stacked: the backs' row, as high as two lines of the seat's last turn beside them)
        backs = max(sh, self.said_h) + self.gap if self.top_stacked else 0.0
        return backs + rows * (self.label_h + cards) + (rows - 1) * (self.pile_gap // 2)

    def _field_height(self, right: int, top: int, left: int, rows: int) -> float:
        """The field card height with ``rows`` rows: what the height leaves, or less when the
        width says so."""
        g, lh, p, big = self.gap, self.label_h, self.play, self.m.cards
        top_fixed = 0.0
        if top:  # (the top pile's height less its cards: labels and gaps)
            top_fixed = lh + g + self._top_pile_height(0.0)
        fixed = lh + top_fixed + self.message_h + g * (3 + rows)
        # (Large cards: each field row past the first overlaps the one above.)
        rows_h = 1 + (rows - 1) / big
        top_cards = (self._top_pile_height(1.0) - self._top_pile_height(0.0)) if top else 0
        share = self.HAND + self.small + rows_h + top_cards * self.small
        u = (p.height - fixed) / share
        # The viewer's hand must fit side by side; the field's columns (and what goes beside
        # them) and the side seats must fit across (large cards: overlapping by 1 - 1/big).
        n = self.HAND_CARDS
        by_hand = (p.width - (n - 1) * g) / n * self.RATIO / self.HAND * big
        sides = (right > 0) + (left > 0)
        cols = math.ceil(self.FIELD_COLUMNS * self.FIELD_ROWS / rows) + self.FIELD_EXTRA
        room = p.width - cols * g * 1.4 - sides * 2 * g
        by_field = self.RATIO * room / (cols / big + sides * self.SIDE * self.small)
        by_words = self.RATIO * (room - sides * self._side_least()) / (cols / big)
        if not self.PILES:  # (a name alone: the middle gives way, not the cards)
            by_words = by_field
        return max(24.0, min(u, by_hand, by_field, by_words))

    def card_size(self, height: float) -> Size:
        """A card ``height`` pixels high (about), in the deck's proportions (``RATIO``).

        >>> SeatedLayout((1280, 800)).card_size(160)
        (100, 160)
        """
        w = max(8, round(height / self.RATIO))
        return w, round(w * self.RATIO)

    def _side_width(self) -> int:
        """A side seat's width: ``SIDE`` small cards, or what its words need if more (two
        pile labels side by side; without piles, its name "Computer 7 · 14")."""
        return round(max(self.small_card[0] * self.SIDE + self.gap, self._side_least()))

    def _side_least(self) -> float:
        """The least width of a side seat, whatever the cards' size (see ``_side_width``)."""
        return 2 * self.label_w + self.pile_gap if self.PILES else self.m.px(130)

    def _side_seat(self, side: str, k: int, count: int, width: int, top: int, bottom: int
                   ) -> SeatPlace:
        p, g = self.play, self.gap
        h = (bottom - top - g * (count - 1)) / count
        y = round(bottom - (k + 1) * h - k * g) if side == "right" else round(top + k * (h + g))
        x = p.right - width if side == "right" else p.x
        return self._box_seat(side, pygame.Rect(x, y, width, round(h)))

    def _box_seat(self, side: str, box: pygame.Rect) -> SeatPlace:
        """A seat that is not the viewer's: its name across the top of its box, under it a
        tight fan of its hand's backs with the capture pile beside it (in a wide box) or
        below it (in a narrow one)."""
        sw, sh = self.small_card
        lh, g = self.label_h, self.gap
        name = pygame.Rect(box.x, box.y, box.width, lh)
        body = pygame.Rect(box.x, name.bottom, box.width, box.bottom - name.bottom)
        # The backs' fan: 30% of a card apart, or as tight as 12% to leave the pile two
        # groups' width beside it.
        spread = max(0, self.HAND_CARDS - 1)
        beside = body.width - g - 2 * max(self.label_w, sw)
        fan_w = min(box.width, round(max(sw * (1 + 0.12 * spread),
                                         min(sw * (1 + 0.3 * spread), beside))))
        stacked = side == "top" and self.top_stacked
        if not stacked and body.width >= fan_w + g + 2 * max(self.label_w, sw):  # wide:
            hand = pygame.Rect(body.x, body.y, fan_w, sh)  # (hand left, pile right)
            pile = pygame.Rect(hand.right + g, body.y, body.right - hand.right - g,
                               body.height)
        else:  # (a pile's seat: the backs on the left, its last turn may go beside them)
            hand = pygame.Rect(body.x, body.y, min(body.width, round(
                sw * (1 + 0.3 * spread))) if self.PILES else body.width, sh)
            below = body.y + (max(sh, self.said_h) if stacked else sh) + g
            pile = pygame.Rect(body.x, below, body.width, body.bottom - below)
        return SeatPlace(side, box, hand, pile, name)

    def arrange_game(self) -> None:
        """Place the game's own things (override)."""

    # Queries --------------------------------------------------------------------------------
    def hand_card_of(self, screen_seat: int) -> Size:
        """Card size of the hand at ``screen_seat`` (0: the viewer's)."""
        return self.hand_card if screen_seat == 0 else self.small_card

    def hand_places(self, screen_seat: int, n: int) -> list[Point]:
        """Centres of a hand of ``n`` cards at ``screen_seat`` (0: the viewer, spaced out;
        the others: a tight fan of backs)."""
        place = self.seats[screen_seat]
        if screen_seat == 0:
            return fan(place.hand, n, self.hand_card, self.gap)
        return fan(place.hand, n, self.small_card, self.gap, most=self.small_card[0] * 0.3)

    def pile_places(self, screen_seat: int, pile: Sequence[Card]
                    ) -> tuple[dict[Card, Point], list[PileLabel]]:
        """Centres of ``screen_seat``'s capture pile and its kind labels (kept: a frame that
        paints the labels asks for every seat's; the answer is shared, never change it)."""
        key = (screen_seat, tuple(pile))
        hit = self._piles.get(key)
        if hit is None:
            if len(self._piles) > 64:
                self._piles.clear()
            hit = self._piles[key] = pile_places(self.seats[screen_seat].pile, pile,
                                                 self.pile_card, self.label_h, self.label_w,
                                                 self.pile_gap)
        return hit


class FishingLayout(SeatedLayout):
    """The fishing games' table (``game.table.fishing``): the field in the middle with the
    stock and the drawn card on its left, a message line under it, and the information panel
    on the right with the log and hint buttons at its foot. Choices (``choice``) go over the
    panel: every card stays in view.

    >>> lay = FishingLayout((1280, 800))
    >>> lay.field.contains(lay.stock) and lay.panel.contains(lay.log_button)
    True
    >>> lay.panel.contains(lay.hint_button) and lay.hint_button.left > lay.log_button.right
    True
    """

    #: Beside the field grid: the stock and the drawn card's spot, in field card widths.
    FIELD_EXTRA = 2.3
    SPREAD = ACROSS
    MORE_ROWS = True

    def arrange_game(self) -> None:
        m, mid = self.m, self.middle
        self.message = pygame.Rect(mid.x, mid.bottom - self.message_h, mid.width,
                                   self.message_h)
        self.field = pygame.Rect(mid.x, mid.y, mid.width, self.message.y - mid.y)
        fw, fh = self.field_card
        self.stock = pygame.Rect(0, 0, fw, fh)
        self.stock.midleft = (self.field.x + m.px(6), self.field.centery)
        self.drawn_spot = (self.stock.right + m.px(12) + fw / 2, float(self.field.centery))
        left = self.stock.right + fw + m.px(24)
        self.slots_area = pygame.Rect(left, self.field.y, self.field.right - left,
                                      self.field.height)
        self.choice = self.panel
        h, gap = m.px(40), m.px(10)
        row = pygame.Rect(self.panel.x + m.px(16), self.panel.bottom - h - m.px(12),
                          self.panel.width - m.px(32), h)
        # The log's button takes three fifths of the row, the coach's Hint the rest.
        self.log_button = pygame.Rect(row.x, row.y, (row.width - gap) * 3 // 5, h)
        self.hint_button = pygame.Rect(self.log_button.right + gap, row.y,
                                       row.right - self.log_button.right - gap, h)

    def slot_position(self, slot: int, slots: int) -> tuple[float, float]:
        """Centre of field slot ``slot`` of ``slots``: ``field_rows`` rows, filled column
        by column, the columns in use centred beside the stock."""
        rows = self.field_rows
        return grid(self.slots_area, slot, slots, self.field_card, rows, self.m.px(14),
                    min_columns=math.ceil(8 / rows))
