"""Heart of Five's melds: parse the ANSI notation, classify cards, compare melds, list the legal
ones (docs/rules.md, "Heart of Five"). ``rules.heart_of_five`` re-exports every name here.

A meld's strength is one integer ``key`` and its ``shape`` (what a follower must copy): a run's
length, the sisters' number and size of groups. Ranks sit in two orders: the *single order*
3 4 5 6 7 8 9 T J Q K A 2 (jj JJ 5H above, for singles) and the *run order* A 2 3 .. K A, where
an ace is position 0 or 13 and every other rank its place (2 is 1, K is 12).

>>> classify(parse("AS 2H 3H 4S 5C"))
Meld('run', 'AS 2H 3H 4S 5C')
>>> classify(parse("3C 3D 4H 4S")).kind, classify(parse("5!")).kind, classify(parse("jj JJ"))
('sisters', 'bomb', None)
>>> beats(classify(parse("5H")), classify(parse("JJ"))), beats(classify(parse("6S 6D")),
...                                                            classify(parse("5H 5D")))
(True, True)
>>> [str(m) for m in legal_melds(parse("5H 5D 6S jj"), classify(parse("4C")))]
['5D', '6S', 'jj', '5H']

A hand or meld holds at most as many copies of a card as the decks in play (docs/rules.md,
"Copies": two at most; ``decks=1`` for a one-deck game); more is refused, never classified:

>>> legal_melds(parse("3C 3C 3C 4D"))
Traceback (most recent call last):
...
rules.climbing.TooManyCopiesError: hand: 3C 3 times: at most 2 copies of a card (2 decks)
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, cast

from rules.engine import DuplicateCardError, InvalidNotationError, RulesError
from rules.western import RANKS, SUITS, Card, UnknownWesternCardError, parse_card

KINDS = ("single", "pair", "triple", "full_house", "run", "sisters", "bomb", "straight_flush")
BOMBS = frozenset({"bomb", "straight_flush"})

#: A rank's place in the single order (3 is 0, 2 is 12, jj 13, JJ 14); the single 5H is 15.
SINGLE_ORDER: dict[str, int] = {r: i for i, r in enumerate(RANKS)} | {"jj": 13, "JJ": 14}
FIVE_OF_HEARTS = 15
_SUIT = {s: i for i, s in enumerate(SUITS)}
_ACE, _FIVE = SINGLE_ORDER["A"], SINGLE_ORDER["5"]
#: run position -> single-order index: A 2 3 .. K A
_AT = (_ACE, SINGLE_ORDER["2"], *range(0, 11), _ACE)
#: single-order index -> run position (the ace's high one, 13; its low one is 0)
_POS = tuple(_AT.index(i, 1) for i in range(13))


def _is_5h(c: Card) -> bool:
    return c.rank == "5" and c.suit == "H"


def sort_key(c: Card) -> tuple[int, int]:
    """Display order: single order of the rank, then suit (C D H S); jokers last.

    >>> [str(c) for c in sorted(parse("JJ 2C 5H 3S jj 5C"), key=sort_key)]
    ['3S', '5C', '5H', '2C', 'jj', 'JJ']
    """
    return SINGLE_ORDER[c.rank], _SUIT.get(c.suit or "", 0)


def _pick_key(c: Card) -> tuple[int, int, int]:
    # Choosing cards for a meld: the 5H last among the fives (it stays the top single).
    return SINGLE_ORDER[c.rank], c.rank == "5" and c.suit == "H", _SUIT.get(c.suit or "", 0)


_BANG = re.compile(r"(10|[2-9tjqka])!", re.IGNORECASE)


def parse(text: str) -> list[Card]:
    """Cards in ANSI notation, separated by spaces or commas: ``AS 2h 10C``, ``jj JJ`` (exact
    case for the jokers only) and ``R!`` for the four suits of rank R.

    >>> [str(c) for c in parse("5!, 10h jj")]
    ['5C', '5D', '5H', '5S', 'TH', 'jj']
    >>> parse("5X")
    Traceback (most recent call last):
    ...
    rules.western.UnknownWesternCardError: unknown western card: '5X'
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"not card notation: {text!r}")
    out: list[Card] = []
    for token in text.replace(",", " ").split():
        m = _BANG.fullmatch(token)
        if m:
            rank = parse_card(m.group(1) + "C").rank
            out.extend(Card(rank, s) for s in SUITS)
        else:
            out.append(parse_card(token))
    return out


def as_cards(cards: object, what: str = "cards") -> tuple[Card, ...]:
    """``cards`` (notation, or an iterable of Card) as a tuple, or InvalidNotationError."""
    if isinstance(cards, str):
        return tuple(parse(cards))
    if not isinstance(cards, tuple):
        try:
            if isinstance(cards, (bytes, dict)):
                raise TypeError(cards)
            cards = tuple(cast(Iterable[Any], cards))
        except TypeError:
            raise InvalidNotationError(f"{what}: expected cards, got "
                                       f"{type(cards).__name__}") from None
    for c in cards:
        if type(c) is not Card:
            raise InvalidNotationError(f"{what}: not a card: {c!r}")
        if not isinstance(c.rank, str) or not isinstance(c.suit, (str, type(None))):
            raise UnknownWesternCardError((c.rank, c.suit))
        joker = c.rank in ("jj", "JJ")
        if c.rank not in SINGLE_ORDER or (
                c.suit is not None if joker else c.suit not in _SUIT):
            raise UnknownWesternCardError((c.rank, c.suit))
    return cards


class TooManyCopiesError(DuplicateCardError):
    """A hand or meld with more copies of a card than decks in play (docs/rules.md, "Copies")."""


MAX_DECKS = 2


def check_copies(cards: tuple[Card, ...], decks: object = MAX_DECKS,
                 what: str = "cards") -> tuple[Card, ...]:
    """``cards`` if no card is in them more often than ``decks`` (1 or 2) allows, else
    TooManyCopiesError naming the card and ``what``.

    >>> check_copies(tuple(parse("3C 3C")), 1, "meld")
    Traceback (most recent call last):
    ...
    rules.climbing.TooManyCopiesError: meld: 3C 2 times: at most 1 copy of a card (1 deck)
    """
    if type(decks) is not int or not 1 <= decks <= MAX_DECKS:
        raise RulesError(f"decks={decks!r}: expected 1 or 2")
    if len(set(cards)) == len(cards):
        return cards  # no card twice: the common case, checked fast
    card, times = Counter(cards).most_common(1)[0]
    if times > decks:
        raise TooManyCopiesError(
            f"{what}: {card} {times} times: at most {decks} cop{'y' if decks == 1 else 'ies'} "
            f"of a card ({decks} deck{'' if decks == 1 else 's'})")
    return cards


@dataclass(frozen=True)
class Meld:
    """A meld: ``kind`` (one of KINDS), ``cards`` (display order), ``key`` (its strength
    within its kind: higher beats lower) and ``shape`` (a run's ``(length,)``, sisters'
    ``(groups, size)``, else ``()``). Made by ``classify`` and ``legal_melds``.

    >>> m = classify(parse("QH QD KS KC AH AD"))
    >>> m.kind, m.shape, m.key, str(m)
    ('sisters', (3, 2), 13, 'QD QH KC KS AD AH')
    """

    kind: str
    cards: tuple[Card, ...]
    key: int
    shape: tuple[int, ...] = ()

    def __str__(self) -> str:
        return " ".join(map(str, self.cards))

    def __repr__(self) -> str:
        return f"Meld({self.kind!r}, {str(self)!r})"

    @property
    def is_bomb(self) -> bool:
        """A bomb or a straight flush: it beats any other kind."""
        return self.kind in BOMBS


def _top(ranks: Iterable[str]) -> int | None:
    """The top run position of distinct ``ranks`` read as consecutive in run order (an ace
    high when it can be: A..K is K-A high), or None."""
    has_ace = False
    lo, hi, k = 99, -1, 0
    for r in ranks:
        if r == "A":
            has_ace = True
            continue
        p = _POS[SINGLE_ORDER[r]]
        lo, hi, k = min(lo, p), max(hi, p), k + 1
    if k == 0 or hi - lo + 1 != k:
        return None
    if not has_ace:
        return hi
    if hi == 12:
        return 13
    return hi if lo == 1 else None


def _meld(kind: str, cards: Iterable[Card], key: int, shape: tuple[int, ...] = (),
          top: int | None = None) -> Meld:
    """A meld with its cards in display order: by rank, or in run order up to ``top``."""
    if top is None:
        return Meld(kind, tuple(sorted(cards, key=sort_key)), key, shape)

    def place(c: Card) -> tuple[int, int]:
        p = _POS[SINGLE_ORDER[c.rank]]
        return (0 if p == 13 and top < 13 else p), _SUIT[c.suit or "C"]

    ordered = sorted(cards, key=place)
    if len(ordered) > 1 and ordered[-2].rank == "A" == ordered[-1].rank and kind != "sisters":
        ordered.insert(0, ordered.pop())  # A through A: one ace at each end
    return Meld(kind, tuple(ordered), key, shape)


def classify(cards: Iterable[Card] | str, decks: int = MAX_DECKS) -> Meld | None:
    """The meld ``cards`` make (notation or cards), or None. A single 5H is the top single;
    a run all in one suit is a straight flush; equal groups of 2-4 in run order are sisters.
    More copies of a card than ``decks`` (1 or 2) raise TooManyCopiesError.

    >>> [classify(parse(t)).kind for t in ("5H", "3! 4!", "7C 7D 7S 2C 2D", "TH JH QH KH AH")]
    ['single', 'sisters', 'full_house', 'straight_flush']
    >>> classify(parse("KC AD 2H 3S 4C")) is None, classify(parse("2C 2D AC AD")).key
    (True, 1)
    """
    cs = check_copies(as_cards(cards), decks, "meld")
    n = len(cs)
    if n == 0:
        return None
    if n == 1:
        c = cs[0]
        return Meld("single", cs, FIVE_OF_HEARTS if _is_5h(c) else SINGLE_ORDER[c.rank])
    counts = Counter(c.rank for c in cs)
    if "jj" in counts or "JJ" in counts:
        return None  # jokers are never grouped
    k = len(counts)
    if k == 1:
        rank = SINGLE_ORDER[cs[0].rank]
        if n < 4:
            return _meld(("", "", "pair", "triple")[n], cs, rank)
        return _meld("bomb", cs, n * 16 + rank)
    sizes = set(counts.values())
    if len(sizes) == 1:
        g = sizes.pop()
        top = _top(counts)
        if top is None:
            return None
        if g == 1:
            if n < 5:
                return None
            if len({c.suit for c in cs}) == 1:
                return _meld("straight_flush", cs, n * 16 + top, top=top)
            return _meld("run", cs, top, (n,), top)
        return _meld("sisters", cs, top, (k, g), top) if g <= 4 else None
    if n == 14 and k == 13 and counts["A"] == 2:  # A through A: both aces
        if len({c.suit for c in cs}) == 1:
            return _meld("straight_flush", cs, 14 * 16 + 13, top=13)
        return _meld("run", cs, 13, (14,), 13)
    if k == 2 and sorted(counts.values()) == [2, 3]:
        triple = next(r for r, v in counts.items() if v == 3)
        return _meld("full_house", cs, SINGLE_ORDER[triple])
    return None


def _check_meld(meld: object, what: str) -> Meld:
    if type(meld) is not Meld:
        raise InvalidNotationError(f"{what}: not a meld: {meld!r}")
    if not isinstance(meld.cards, tuple):
        raise InvalidNotationError(f"{what}: not a meld: {meld!r}")
    check_copies(meld.cards, MAX_DECKS, what)
    return meld


def beats(meld: Meld, previous: Meld | None) -> bool:
    """May ``meld`` be played on ``previous`` (None: leading, any meld)? The same kind and
    shape, higher; any bomb on a non-bomb; a bomb only on a lower bomb (more cards, then
    rank); a straight flush on any four-or-more bomb (longer, then higher top).

    >>> bomb, sf = classify(parse("3C 3D 3H 3S")), classify(parse("3C 4C 5C 6C 7C"))
    >>> beats(sf, bomb), beats(bomb, sf), beats(bomb, classify(parse("5H")))
    (True, False, True)
    >>> beats(classify(parse("4C 5D 6H 7S 8C 9C")), classify(parse("3C 4D 5H 6S 7C")))
    False
    """
    meld = _check_meld(meld, "meld")
    if previous is None:
        return True
    previous = _check_meld(previous, "previous")
    mk, pk = meld.kind, previous.kind
    if mk in BOMBS:
        if pk not in BOMBS:
            return True
        if mk != pk:
            return mk == "straight_flush"
        return meld.key > previous.key
    return mk == pk and meld.shape == previous.shape and meld.key > previous.key


# ----------------------------------------------------------------------------------------------
# Legal melds: from the counts of each rank and sliding windows in run order, never by trying
# subsets of the hand.


def legal_melds(hand: Iterable[Card] | str, previous: Meld | None = None,
                decks: int = MAX_DECKS) -> list[Meld]:
    """The melds ``hand`` may play on ``previous`` (None: leading), one for each kind and
    ranks (the suits are the player's choice) but a straight flush once per suit and the
    single 5H apart from the other fives. Each meld's cards are one choice from the hand,
    keeping the 5H out of groups when another five will do.

    Order: singles, pairs, triples, full houses, runs, sisters, bombs, straight flushes; each
    kind in a fixed order (singles, groups, bombs and straight flushes weakest first).
    A hand with more copies of a card than ``decks`` (1 or 2) raises TooManyCopiesError.

    >>> [str(m) for m in legal_melds(parse("3H 3D 4C 4S 5H"))]
    ['3D', '4C', '5H', '3D 3H', '4C 4S', '3D 3H 4C 4S']
    >>> [str(m) for m in legal_melds(parse("9C TC JC QC KC KD 2S"), classify(parse("9S")))]
    ['TC', 'JC', 'QC', 'KC', '2S', '9C TC JC QC KC']
    """
    cs = check_copies(as_cards(hand, "hand"), decks, "hand")
    if previous is not None:
        previous = _check_meld(previous, "previous")
    groups: list[list[Card]] = [[] for _ in range(15)]
    for c in sorted(cs, key=_pick_key):
        groups[SINGLE_ORDER[c.rank]].append(c)
    out: list[Meld] = []
    pk = None if previous is None else previous.kind
    low = -1 if previous is None else previous.key
    if pk is None or pk not in BOMBS:
        if pk in (None, "single"):
            _singles(groups, low, out)
        if pk in (None, "pair"):
            _groups(groups, "pair", 2, low, out)
        if pk in (None, "triple"):
            _groups(groups, "triple", 3, low, out)
        if pk in (None, "full_house"):
            _full_houses(groups, low, out)
        if pk in (None, "run"):
            _runs(groups, None if previous is None else previous.shape[0], low, out)
        if pk in (None, "sisters"):
            _sisters(groups, None if previous is None else previous.shape, low, out)
    if pk != "straight_flush":
        _bombs(groups, low if pk == "bomb" else -1, out)
    flushes: list[Meld] = []
    _straight_flushes(groups, low if pk == "straight_flush" else -1, flushes)
    flushes.sort(key=lambda m: m.key)
    out.extend(flushes)
    return out


def _singles(groups: list[list[Card]], low: int, out: list[Meld]) -> None:
    heart5: Card | None = None
    for i in range(15):
        g = groups[i]
        if not g:
            continue
        c = g[0]
        if i == _FIVE and _is_5h(c):  # only 5Hs: no ordinary single five
            heart5 = c
            continue
        if i == _FIVE and _is_5h(g[-1]):
            heart5 = g[-1]
        if i > low:
            out.append(Meld("single", (c,), i))
    if heart5 is not None and FIVE_OF_HEARTS > low:
        out.append(Meld("single", (heart5,), FIVE_OF_HEARTS))


def _part(groups: list[list[Card]], i: int, size: int) -> tuple[Card, ...]:
    """The first ``size`` cards of rank ``i`` in pick order, in display order."""
    part = groups[i][:size]
    return tuple(sorted(part, key=sort_key)) if i == _FIVE else tuple(part)


def _groups(groups: list[list[Card]], kind: str, size: int, low: int, out: list[Meld]) -> None:
    for i in range(low + 1, 13):
        if len(groups[i]) >= size:
            out.append(Meld(kind, _part(groups, i, size), i))


def _full_houses(groups: list[list[Card]], low: int, out: list[Meld]) -> None:
    pairs = [(p, _part(groups, p, 2)) for p in range(13) if len(groups[p]) >= 2]
    for t in range(low + 1, 13):
        if len(groups[t]) >= 3:
            triple = _part(groups, t, 3)
            for p, pair in pairs:
                if p != t:
                    out.append(Meld("full_house", pair + triple if p < t else triple + pair, t))


def _suit_bits(g: list[Card]) -> int:
    bits = 0
    for c in g:
        bits |= 1 << _SUIT[c.suit or "C"]
    return bits


def _windows(mask: int, least: int) -> Iterator[tuple[int, int]]:
    """The run-order windows (low, high) of ``least`` or more positions, all in ``mask`` (bit p:
    position p qualifies), by low then high; A..K is skipped (the same ranks read 2..A)."""
    p = 0
    while p < 14:
        if not mask >> p & 1:
            p += 1
            continue
        q = p
        while q < 13 and mask >> (q + 1) & 1:
            q += 1
        for lo in range(p, q - least + 2):
            for hi in range(lo + least - 1, q + 1):
                if hi != 12 or lo != 0:
                    yield lo, hi
        p = q + 1


def _mask(counts: list[int], least: int) -> int:
    return sum(1 << p for p in range(14) if counts[p] >= least)


def _runs(groups: list[list[Card]], length: int | None, low: int, out: list[Meld]) -> None:
    counts = [len(groups[i]) for i in _AT]
    suits = [_suit_bits(groups[i]) for i in _AT]
    least = 5 if length is None else length
    for a, b in _windows(_mask(counts, 1), least):
        if b - a + 1 != least or a == 0 and b == 12:
            continue  # only the shortest windows: the longer ones grow from their low end
        lo = a
        union = 0
        chosen: list[Card] = []
        first = groups[_AT[lo]][0].suit
        mixed = False  # does ``chosen`` hold two suits already?
        for hi in range(lo, 14):
            if not counts[hi]:
                break
            n = hi - lo + 1
            if n == 14 and counts[0] < 2:
                break
            c = groups[_AT[hi]][1 if n == 14 else 0]
            chosen.append(c)
            mixed = mixed or c.suit != first
            union |= suits[hi]
            if n < least or hi <= low or (lo == 0 and hi == 12):
                continue
            if length is not None and n > length:
                break
            if mixed:
                out.append(Meld("run", tuple(chosen), hi, (n,)))
            elif union & (union - 1):  # another suit is there: choose it once
                out.append(Meld("run", tuple(_mixed(groups, lo, chosen)), hi, (n,)))
            # else one suit only: a straight flush, not a run


def _mixed(groups: list[list[Card]], lo: int, chosen: list[Card]) -> list[Card]:
    """``chosen`` (a run from position ``lo``, all one suit) with one card of another suit."""
    n, first = len(chosen), chosen[0].suit
    cards = list(chosen)
    for j in range(n):
        g = groups[_AT[lo + j]]
        taken = 1 if n == 14 and j == 13 else 0   # the index ``chosen`` took
        other = 1 - taken if n == 14 and j in (0, 13) else -1   # the other ace's index
        m = next((m for m, c in enumerate(g) if c.suit != first and m != other), None)
        if m is not None:
            cards[j] = g[m]
            return cards
    return cards  # pragma: no cover - the caller saw a second suit


def _sisters(groups: list[list[Card]], shape: tuple[int, ...] | None, low: int,
             out: list[Meld]) -> None:
    counts = [len(groups[i]) for i in _AT]
    for size in (2, 3, 4):
        if shape is not None and shape[1] != size:
            continue
        for lo, hi in _windows(_mask(counts, size), 2 if shape is None else shape[0]):
            k = hi - lo + 1
            if k > 13 or hi <= low or shape is not None and shape[0] != k:
                continue
            cards = tuple(c for p in range(lo, hi + 1) for c in _part(groups, _AT[p], size))
            out.append(Meld("sisters", cards, hi, (k, size)))


def _bombs(groups: list[list[Card]], low: int, out: list[Meld]) -> None:
    for size in range(4, 9):
        for i in range(13):
            key = size * 16 + i
            if len(groups[i]) >= size and key > low:
                out.append(_meld("bomb", groups[i][:size], key))


def _straight_flushes(groups: list[list[Card]], low: int, out: list[Meld]) -> None:
    by_suit: list[list[list[Card]]] = [[[] for _ in range(13)] for _ in SUITS]
    sizes = [0, 0, 0, 0]
    for i in range(13):
        for c in groups[i]:
            k = _SUIT[c.suit or "C"]
            by_suit[k][i].append(c)
            sizes[k] += 1
    for k in range(4):
        if sizes[k] < 5:
            continue
        by_pos = [by_suit[k][i] for i in _AT]
        counts = [len(g) for g in by_pos]
        for lo, hi in _windows(_mask(counts, 1), 5):
            n = hi - lo + 1
            key = n * 16 + hi
            if key <= low or n == 14 and counts[0] < 2:
                continue
            chosen = [by_pos[p][0] for p in range(lo, hi + 1)]
            if n == 14:
                chosen[-1] = by_pos[13][1]
            out.append(Meld("straight_flush", tuple(chosen), key))


__all__ = ["KINDS", "BOMBS", "SINGLE_ORDER", "FIVE_OF_HEARTS", "MAX_DECKS", "Meld", "parse",
           "as_cards", "check_copies", "TooManyCopiesError", "sort_key", "classify", "beats",
           "legal_melds"]
