"""Cards as bit sets for the fishing games' agents (Koi-Koi, 600 Hearts): one bit a card
(``Card.bit``), so a pile, a month or the cards a seat cannot see are single integers.

>>> from rules.hanafuda import cards, cards_of
>>> m = mask_of(cards("1B 1R"))
>>> cards_of(m) == cards("1B 1R"), bin(m), bin(MONTH[1])
(True, '0b11', '0b1111')
>>> from rules.koikoi import KoiKoiGame
>>> obs = KoiKoiGame.new(seed=7).observation(0)
>>> len(cards_of(unknown_mask(obs)))  # the other hand and the stock
32
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.fishing import FishingObservation
from rules.hanafuda import DECK, Card

ALL = (1 << 48) - 1
#: The cards of each month (1 to 12) as a bit set; ``MONTH[0]`` is empty.
MONTH = tuple(sum(c.bit for c in DECK if c.month == m) for m in range(13))


def mask_of(cards_: Iterable[Card]) -> int:
    """The cards as a bit set."""
    m = 0
    for c in cards_:
        m |= c.bit
    return m


def unknown_mask(obs: FishingObservation) -> int:
    """The cards ``obs``'s seat cannot see: all 48 minus its hand, the field, every capture
    pile and a drawn card awaiting a choice (the other hands and the stock)."""
    seen = mask_of(obs.hand) | mask_of(obs.field) | mask_of(c for p in obs.piles for c in p)
    if obs.pending is not None:
        seen |= obs.pending.bit
    return ALL & ~seen
