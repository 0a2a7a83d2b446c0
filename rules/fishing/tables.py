"""Moves looked up, not computed: the fishing engine's bit sets and lookup tables.

The engine keeps the field and the capture piles as 48-bit sets (bit i: ``DECK[i]``). A
month's four cards are four neighbouring bits, so the bits of one month on the field form a
*pattern* 0-15, and for every card and pattern the capture options and the Action objects are
built once here: choosing a move scans no list and builds no Action.

>>> from rules.hanafuda import card
>>> c = card("1C2")
>>> [cap.codes for cap in CAPTURES[True][c][0b0011]]  # 1B and 1R on the field: a choice
[('1B',), ('1R',)]
>>> [str(a) for a in PLAYS[True][c][0b0011]]
['play 1C2 1B', 'play 1C2 1R']
>>> [cap.codes for cap in CAPTURES[True][c][0b0111]]  # a triple: taken whole
[('1B', '1R', '1C1')]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple, TypeVar

from rules.fishing.actions import Action
from rules.fishing.basics import KIND_ORDER, capture_options
from rules.hanafuda import DECK, Card

#: card -> the first bit of its month; ``(mask >> SHIFT[c]) & 15`` is c's month pattern.
SHIFT = {c: c.index & -4 for c in DECK}
#: sort key of a capture pile (sort_pile's order), as a bound method for list.sort
PILE_RANK = {c: KIND_ORDER[c.kind] * 48 + c.index for c in DECK}.__getitem__
#: the deck in that order: a pile is ``[c for c in PILE_ORDER if mask >> c.index & 1]``
PILE_ORDER = tuple(sorted(DECK, key=PILE_RANK))
#: the first bit of every month
MONTH_LOW = sum(1 << shift for shift in range(0, 48, 4))
#: month (1-12) -> its four cards' bits
MONTH_BITS = {m: 15 << 4 * (m - 1) for m in range(1, 13)}
#: card -> its bit: ``sum(map(BIT, cards))`` is a bit set
BIT = {c: 1 << c.index for c in DECK}.__getitem__

PLAY = {c: Action("play", c) for c in DECK}               # play, no target needed
LAY = {c: Action("play", c, None, True) for c in DECK}    # play X - (optional matching)


class Capture(NamedTuple):
    """One way for a card to capture, with what the engine needs to carry it out."""

    taken: tuple[Card, ...]  # the cards taken (a field triple: three), in deck order
    got: tuple[Card, ...]    # the capturing card, then ``taken``: what goes to the pile
    bits: int                # ``got`` as a bit set
    codes: tuple[str, ...]   # ``taken``'s codes, for the "played" event
    source: int = -1         # -1: from the field; else the seat whose pile it is taken from


Options = tuple[Capture, ...]
#: A card as a table is indexed by it: the Card (the engine's tables) or its index (a playout's).
K = TypeVar("K")


def bits_of(cards: tuple[Card, ...]) -> int:
    """The cards as a bit set."""
    return sum(map(BIT, cards))


@lru_cache(maxsize=4096)
def months_in(mask: int) -> tuple[int, ...]:
    """The months (1-12) of which ``mask`` holds a card, in order.

    >>> months_in(0b1111_0000_0001)
    (1, 3)
    """
    return tuple(m + 1 for m in range(12) if mask >> 4 * m & 15)


def whole_months(mask: int) -> int:
    """All four cards of every month of which ``mask`` holds a card, as a bit set.

    >>> from rules.hanafuda import card
    >>> whole_months(BIT(card("1B")) | BIT(card("3C2"))) == 0b1111_0000_1111
    True
    """
    return ((mask | mask >> 1 | mask >> 2 | mask >> 3) & MONTH_LOW) * 15


def _capture_table(triple: bool) -> dict[Card, tuple[Options, ...]]:
    """card -> field pattern of its month -> ``capture_options`` of the card, as Captures."""
    table: dict[Card, tuple[Options, ...]] = {}
    for c in DECK:
        month = DECK[SHIFT[c]:SHIFT[c] + 4]
        rows: list[Options] = []
        for pattern in range(16):
            field_cards = [month[i] for i in range(4) if pattern >> i & 1]
            if c in field_cards:  # a card in play is not on the field: never looked up
                rows.append(())
                continue
            rows.append(tuple(Capture(taken, (c, *taken), bits_of((c, *taken)),
                                      tuple(t.code for t in taken))
                              for taken in capture_options(c, field_cards, triple)))
        table[c] = tuple(rows)
    return table


#: Indexed by the field-triple rule (False, True), then card, then its month's field pattern.
CAPTURES = (_capture_table(False), _capture_table(True))
#: The play actions of a card per field pattern: one, or one per target to choose from.
PLAYS = tuple({c: tuple((PLAY[c],) if len(opts) <= 1 else
                        tuple(Action("play", c, opt.taken[0]) for opt in opts) for opts in rows)
               for c, rows in captures.items()} for captures in CAPTURES)
#: The take actions of a drawn card per field pattern.
TAKES = tuple({c: tuple(tuple(Action("take", None, opt.taken[0]) for opt in opts)
                        for opts in rows)
               for c, rows in captures.items()} for captures in CAPTURES)


#: card index -> the first bit of its month (``SHIFT`` by ``Card.index``, for tables indexed so)
SHIFT_OF_INDEX = tuple(i & -4 for i in range(48))


def legal_plays(hand: Sequence[K], fmask: int, plays: Any, shift: Any, matching: str,
                lays: Any) -> list[Any]:
    """The plays of ``hand`` (under ``matching``, the field a bit set ``fmask``) in the order
    the engine lists them: each card's row ``plays[c][pattern]`` (its month's field pattern,
    ``(fmask >> shift[c]) & 15``), then under "optional" its lay (``lays[c]``) if it matches;
    under "required" only the rows of the cards that match, or, when none does, every card
    laid down (its row of pattern 0). The tables are the engine's (``PLAYS``, ``SHIFT``,
    ``LAY``, indexed by card) or a playout's own (indexed by card index): one rule for both.

    >>> from rules.hanafuda import cards
    >>> hand = cards("1C1 2C1")
    >>> field = bits_of(tuple(cards("1B 1R")))
    >>> [str(a) for a in legal_plays(hand, field, PLAYS[True], SHIFT, "required", LAY)]
    ['play 1C1 1B', 'play 1C1 1R']
    >>> [str(a) for a in legal_plays(hand, field, PLAYS[True], SHIFT, "optional", LAY)]
    ['play 1C1 1B', 'play 1C1 1R', 'play 1C1 -', 'play 2C1']
    >>> [str(a) for a in legal_plays(hand, 0, PLAYS[True], SHIFT, "required", LAY)]
    ['play 1C1', 'play 2C1']
    """
    out: list[Any] = []
    if matching == "if_matching":  # any card; one that matches captures
        for c in hand:
            out += plays[c][(fmask >> shift[c]) & 15]
    elif matching == "required":  # the cards that match, or any card when none does
        for c in hand:
            pattern = (fmask >> shift[c]) & 15
            if pattern:
                out += plays[c][pattern]
        return out or [plays[c][0][0] for c in hand]
    else:  # optional: a card that matches may also be laid down
        for c in hand:
            pattern = (fmask >> shift[c]) & 15
            out += plays[c][pattern]
            if pattern:
                out.append(lays[c])
    return out


def random_play(hand: Sequence[K], fmask: int, plays: Any, shift: Any, width: int,
                rand: Callable[[], float]) -> tuple[int, Any]:
    """One of ``legal_plays(hand, ...)`` where any card may be played ("if_matching"), each
    with the same chance, drawn without listing them all: (its card's place in ``hand``, the
    play). A card of the hand and one of ``width`` slots for its row (a card has at most two
    captures, or three without the triple rule), drawn again while the slot is empty.
    ``rand()``: uniform in [0, 1).

    >>> from rules.hanafuda import cards
    >>> k, play = random_play(cards("1C1 2C1"), 0, PLAYS[True], SHIFT, 2, lambda: 0.6)
    >>> k, str(play)
    (1, 'play 2C1')
    """
    slots = len(hand) * width
    while True:
        k, s = divmod(math.floor(rand() * slots), width)
        c = hand[k]
        row = plays[c][(fmask >> shift[c]) & 15]
        if s < len(row):
            return k, row[s]


def month_or_pairs(mask: int) -> str | None:
    """"teshi" when the cards (a bit set) hold all four of a month, "kuttsuki" when they are
    eight cards in four pairs, else None: Koi-Koi's instant wins of a hand and void fields.

    >>> from rules.hanafuda import cards
    >>> [month_or_pairs(bits_of(tuple(cards(text)))) for text in
    ...  ("1B 1R 1C1 1C2 5A", "1B 1R 2A 2R 3B 3R 4A 4R", "1B 1R 2A 2R 3B 3R 4A")]
    ['teshi', 'kuttsuki', None]
    """
    if mask & (mask >> 1) & (mask >> 2) & (mask >> 3) & MONTH_LOW:  # has_month, inlined
        return "teshi"
    odd = mask ^ (mask >> 1)  # all_pairs, inlined (once a deal for each hand)
    if not (odd ^ (odd >> 2)) & MONTH_LOW and mask.bit_count() == 8:
        return "kuttsuki"
    return None


def has_month(mask: int) -> bool:
    """Do the cards (a bit set) hold all four cards of some month?"""
    return bool(mask & (mask >> 1) & (mask >> 2) & (mask >> 3) & MONTH_LOW)


def all_pairs(mask: int) -> bool:
    """Does every month hold an even number of the cards (a bit set)? (Four pairs, with 8.)"""
    odd = mask ^ (mask >> 1)
    return not (odd ^ (odd >> 2)) & MONTH_LOW
