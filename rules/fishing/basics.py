"""Card-level rules shared by the hanafuda fishing games (Koi-Koi, 600 Hearts, Hana-awase).

Matching is by month. A played or drawn card that matches one field card captures it; two
candidates mean a choice; three cards of the month on the field are a *triple* that the fourth
captures whole (docs/rules.md, "Common to the three fishing games").

>>> from rules.hanafuda import cards
>>> capture_options(cards("1B")[0], cards("1C1 2A 1R"))
[(Card('1R'),), (Card('1C1'),)]
>>> capture_options(cards("1B")[0], cards("1C1 1C2 1R"))
[(Card('1R'), Card('1C1'), Card('1C2'))]
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Iterable, Sequence

from rules.hanafuda import DECK, Card, Kind

KIND_ORDER = {Kind.BRIGHT: 0, Kind.ANIMAL: 1, Kind.RIBBON: 2, Kind.CHAFF: 3}
_PILE_KEY = {c: (KIND_ORDER[c.kind], c.index) for c in DECK}


def matches(card: Card, field: Iterable[Card]) -> list[Card]:
    """Field cards of ``card``'s month, in deck order."""
    month = card.month
    found = [c for c in field if c.month == month]
    if len(found) > 1:
        found.sort()
    return found


def capture_options(card: Card, field: Iterable[Card],
                    triple: bool = True) -> list[tuple[Card, ...]]:
    """What ``card`` may capture from ``field``: [] (nothing), one option, or a choice.

    With ``triple`` (the usual rule) three field cards of the month are taken together.
    """
    found = matches(card, field)
    if triple and len(found) == 3:
        return [tuple(found)]
    return [(c,) for c in found]


def sort_pile(pile: Iterable[Card]) -> list[Card]:
    """A capture pile as shown: brights, animals, ribbons, chaff, each in deck order."""
    return sorted(pile, key=_PILE_KEY.__getitem__)


def month_counts(cards: Iterable[Card]) -> Counter[int]:
    return Counter(c.month for c in cards)


def has_full_month(cards: Iterable[Card]) -> bool:
    """All four cards of some month.

    >>> from rules.hanafuda import cards
    >>> has_full_month(cards("1B 2A 1R 1C1 1C2")), has_full_month(cards("1B 1R 1C1 2A 2R"))
    (True, False)
    """
    counts = [0] * 13
    for c in cards:
        counts[c.month] += 1
    return 4 in counts


def is_four_pairs(cards: Sequence[Card]) -> bool:
    """Eight cards that fall into four pairs of months (a full month counts as two pairs).

    >>> from rules.hanafuda import cards
    >>> is_four_pairs(cards("1B 1R 2A 2R 3B 3R 4A 4R"))
    True
    >>> is_four_pairs(cards("1B 1R 1C1 1C2 2A 2R 3B 3R"))  # a full month is two pairs
    True
    >>> is_four_pairs(cards("1B 1R 2A 2R 3B 3R 4A 5A"))
    False
    """
    if len(cards) != 8:
        return False
    odd = 0  # one bit per month, flipped by each card: all even when it ends at zero
    for c in cards:
        odd ^= 1 << c.month
    return odd == 0


def next_seat(seat: int, players: int) -> int:
    """The seat after ``seat`` in turn order (counterclockwise on screen)."""
    return (seat + 1) % players


def derive_seed(seed: int, *parts: int) -> int:
    """A deal number for a later deal of a match: stable integer mixing, the same everywhere.

    The seed is mixed before the parts are added, so no two (seed, parts) mix alike by
    accident: the second deal of match 8 is not the first of match 9.

    >>> derive_seed(7, 2, 0) == derive_seed(7, 2, 0) != derive_seed(7, 2, 1)
    True
    >>> derive_seed(1, 2) != derive_seed(2, 1)
    True
    """
    value = _mixed(seed & 0xFFFFFFFFFFFFFFFF)
    for part in parts:
        value = _splitmix((value + (part & 0xFFFFFFFF)) & 0xFFFFFFFFFFFFFFFF)
    return value


@lru_cache(maxsize=256)
def _mixed(seed: int) -> int:
    """The seed's first step, kept: a match derives every deal's number from one seed."""
    return _splitmix(seed)


def _splitmix(value: int) -> int:
    """One splitmix64 step: cheap, well mixed, and pure integer arithmetic."""
    z = (value + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)
