"""Deal plans by seat count, void-deal checks, and the deal of a seat's unseen cards.

A plan lists *packets* in dealing order, each to a seat (counted from the dealer: 1 is the
seat after the dealer, 0 the dealer) or to the field (None), dealt from ``deck[0]`` onward.
``deal_plan`` deals round the table from the seat after the dealer, the dealer last, then the
field, in two rounds of packets (a hand or field of an odd count gives the larger packet
first): Koi-Koi's "4 to the non-dealer, 4 to the dealer, 4 to the field, twice".

>>> deal_plan(2, hand=8, field=8).packets
((1, 4), (0, 4), (None, 4), (1, 4), (0, 4), (None, 4))
>>> [deal_plan(n, h, f).stock for n, h, f in ((2, 10, 8), (3, 7, 6), (4, 5, 8))]
[20, 21, 20]
>>> hands, field, stock = deal(list(range(48)), deal_plan(3, 7, 6), dealer=2)
>>> hands[0][:4], field[:3], len(stock)  # seat 0 comes first after dealer 2
([0, 1, 2, 3], [12, 13, 14], 21)
"""

from __future__ import annotations

import random
from _random import Random
from functools import lru_cache
from itertools import repeat
from math import floor
from operator import itemgetter, mul
from typing import Any, Callable, NamedTuple, Sequence, TypeVar

from rules.deck import shuffle_in_place
from rules.engine import RulesError
from rules.fishing.tables import BIT, MONTH_LOW, all_pairs, has_month
from rules.hanafuda import DECK, Card

T = TypeVar("T")


class DealPlan(NamedTuple):
    """How many cards each hand and the field get, and the packets they come in."""

    players: int
    hand: int
    field: int
    packets: tuple[tuple[int | None, int], ...]

    @property
    def stock(self) -> int:
        """The cards left in the stock after the deal."""
        return 48 - self.players * self.hand - self.field


def deal_plan(players: int, hand: int, field: int, rounds: int = 2) -> DealPlan:
    """Hands of ``hand`` cards and a field of ``field``, dealt in ``rounds`` rounds of packets
    round the table (the seat after the dealer first, the dealer last, then the field)."""
    if type(players) is not int or not 2 <= players <= 8:
        raise RulesError(f"players out of range 2-8: {players!r}")
    if players * hand + field > 48 or min(hand, field) < 0 or rounds < 1:
        raise RulesError(f"cannot deal {hand} to each of {players} and {field} to the field")

    def split(n: int) -> list[int]:
        return [n // rounds + (1 if r < n % rounds else 0) for r in range(rounds)]

    hands, fields = split(hand), split(field)
    packets: list[tuple[int | None, int]] = []
    for r in range(rounds):
        packets += [(offset % players, hands[r]) for offset in range(1, players + 1)]
        packets.append((None, fields[r]))
    return DealPlan(players, hand, field, tuple(p for p in packets if p[1]))


Dealt = tuple[list[list[T]], list[T], list[T]]

#: i + 1 for i from 47 down to 1: the shuffle's factors, as floats (``x * (i + 1)`` is the
#: same double either way)
_FACTORS = tuple(float(i + 1) for i in range(len(DECK) - 1, 0, -1))


def shuffled_deck(seed: int) -> tuple[list[Card], Random]:
    """``rules.deck.shuffled_with_rng(DECK, seed)``, the same cards in the same order and the
    generator in the same state after, made cheaper (every deal makes one): the generator
    is the C one ``random.Random`` is built on (no Python ``__init__``), and the positions
    to swap with, ``floor(rng.random() * (i + 1))``, are drawn in one C-level pass.

    >>> from rules.deck import shuffled_with_rng
    >>> deck, rng = shuffled_deck(2**63 + 5)
    >>> same, same_rng = shuffled_with_rng(DECK, 2**63 + 5)
    >>> deck == same, rng.random() == same_rng.random()
    (True, True)
    """
    rng = Random(seed)
    cards = list(DECK)
    i = len(cards) - 1
    for j in map(floor, map(mul, map(Random.random, repeat(rng, i)), _FACTORS)):
        cards[i], cards[j] = cards[j], cards[i]
        i -= 1
    return cards, rng


def deal(deck: Sequence[T], plan: DealPlan, dealer: int) -> Dealt[T]:
    """(hands by seat, field, stock) dealt from ``deck[0]`` onward by ``plan``."""
    return dealing(plan)(deck, dealer)


def dealing(plan: DealPlan) -> Callable[[Sequence[T], int], Dealt[T]]:
    """``deal`` by ``plan``, its deck positions looked up once (an engine deals many times):
    ``dealing(plan)(deck, dealer) == deal(deck, plan, dealer)``."""
    by_dealer = _picks(plan)

    def deal_(deck: Sequence[T], dealer: int) -> Dealt[T]:
        hand_picks, field_pick, start = by_dealer[dealer]
        return ([list(pick(deck)) for pick in hand_picks], list(field_pick(deck)),
                list(deck[start:]))
    return deal_


@lru_cache(maxsize=32)
def _picks(plan: DealPlan) -> tuple[tuple[tuple[Callable[[Sequence[Any]], tuple[Any, ...]], ...],
                                          Callable[[Sequence[Any]], tuple[Any, ...]], int], ...]:
    """For each dealer: a getter of each seat's deck positions, the field's, the stock's start
    (``deal`` then picks each hand out of the deck in one C call)."""
    out = []
    n = plan.players
    for dealer in range(n):
        where: list[list[int]] = [[] for _ in range(n + 1)]  # seats, then the field
        pos = 0
        for offset, count in plan.packets:
            where[n if offset is None else (dealer + offset) % n] += range(pos, pos + count)
            pos += count
        out.append((tuple(_getter(w) for w in where[:n]), _getter(where[n]), pos))
    return tuple(out)


def _getter(positions: list[int]) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """A function of a deck returning its cards at ``positions``, as a tuple (any count)."""
    if len(positions) == 1:
        one = positions[0]
        return lambda deck: (deck[one],)
    if not positions:
        return lambda deck: ()
    return itemgetter(*positions)


# Void checks: (hands, field bit set) -> the reason the deal is void, or None.
VoidCheck = Callable[[Sequence[Sequence[Card]], int], "str | None"]


def _field_month(hands: Sequence[Sequence[Card]], field: int) -> str | None:
    return "field_month" if has_month(field) else None


def _field_pairs(hands: Sequence[Sequence[Card]], field: int) -> str | None:
    return "field_pairs" if field.bit_count() == 8 and all_pairs(field) else None


def _hand_month(hands: Sequence[Sequence[Card]], field: int) -> str | None:
    return "hand_month" if any(has_month(sum(map(BIT, h))) for h in hands) else None


def _field_month_or_pairs(hands: Sequence[Sequence[Card]], field: int) -> str | None:
    """field_month, then field_pairs, in one call (Koi-Koi's check, once every deal)."""
    if field & (field >> 1) & (field >> 2) & (field >> 3) & MONTH_LOW:
        return "field_month"
    odd = field ^ (field >> 1)
    if not (odd ^ (odd >> 2)) & MONTH_LOW and field.bit_count() == 8:
        return "field_pairs"
    return None


#: The void-deal checks by name: a field with all four of a month, a field of four pairs
#: (eight cards), a hand with all four of a month (600 Hearts: "a whole month dealt to one
#: player or to the field" is field_month + hand_month).
VOID_CHECKS: dict[str, VoidCheck] = {
    "field_month": _field_month, "field_pairs": _field_pairs, "hand_month": _hand_month}


@lru_cache(maxsize=32)
def void_check(checks: tuple[str, ...]) -> VoidCheck | None:
    """One function making ``checks`` in order (None: no check), for the deal's hot path."""
    if not checks:
        return None
    if checks == ("field_month", "field_pairs"):
        return _field_month_or_pairs
    if len(checks) == 1:
        return VOID_CHECKS[checks[0]]
    fns = [VOID_CHECKS[name] for name in checks]

    def check(hands: Sequence[Sequence[Card]], field: int) -> str | None:
        for fn in fns:
            reason = fn(hands, field)
            if reason:
                return reason
        return None
    return check


def void_reason(checks: Sequence[str], hands: Sequence[Sequence[Card]], field: int) -> str | None:
    """The first of ``checks`` that voids the deal, or None.

    >>> from rules.hanafuda import cards
    >>> from rules.fishing.tables import bits_of
    >>> field = bits_of(tuple(cards("1B 1R 1C1 1C2 2A 3B")))
    >>> void_reason(("field_pairs", "field_month"), [[], []], field)
    'field_month'
    >>> void_reason(("hand_month",), [cards("1B 1R 1C1 1C2"), []], 0)
    'hand_month'
    """
    check = void_check(tuple(checks))
    return check(hands, field) if check is not None else None


#: Deals ``deal_unseen`` tries before it gives up on the seats' absent cards.
UNSEEN_TRIES = 20


def deal_unseen(unseen: list[Card], need: Sequence[int], absent: Sequence[int],
                rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """Seat s's ``need[s]`` hidden hand cards from the shuffled ``unseen`` cards, none of them
    in its ``absent`` bit set (what the seat is known not to hold), and the rest (the stock).

    The seats the most cards are barred from are dealt first, each the first cards it may
    hold in the shuffled order; a dead end shuffles again. The real deal fits the bars, so
    the tries run out only where nearly every way round is barred (or for an observation made
    up by hand): then the bars are dropped rather than the game refused.

    >>> from rules.hanafuda import card
    >>> cards = [card(c) for c in ("1B", "2A", "3B", "3R")]
    >>> hands, rest = deal_unseen(cards, [0, 2], [0, 0b1111], random.Random(1))  # no 1x
    >>> card("1B") in hands[1], sorted(hands[1] + rest) == sorted(cards)
    (False, True)
    """
    if not any(a for a, k in zip(absent, need) if k):
        hands, pos = [], 0
        for k in need:
            hands.append(unseen[pos:pos + k])
            pos += k
        return hands, unseen[pos:]
    everything = sum(map(BIT, unseen))
    order = sorted(range(len(need)), key=lambda s: -(absent[s] & everything).bit_count())
    for _ in range(UNSEEN_TRIES):
        hands = [[] for _ in need]
        pool = list(unseen)
        for s in order:
            bar, k = absent[s], need[s]
            mine = [c for c in pool if not bar & BIT(c)][:k] if bar else pool[:k]
            if len(mine) < k:
                break
            hands[s] = mine
            taken = sum(map(BIT, mine))
            pool = [c for c in pool if not taken & BIT(c)]
        else:
            return hands, pool
        shuffle_in_place(unseen, rng)
    return deal_unseen(unseen, need, [0] * len(need), rng)
