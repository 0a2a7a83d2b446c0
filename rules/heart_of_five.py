"""Heart of Five, the climbing game for 2-8 players on a western deck (rules.md, "Heart of
Five"). The melds (``parse``, ``classify``, ``beats``, ``legal_melds``) live in
``rules.climbing`` and are re-exported here, the public home api.md names.

>>> [str(m) for m in legal_melds(parse("3H 3D 4C"), classify(parse("3S")))]
['4C']
"""

from __future__ import annotations

from rules.climbing import (BOMBS, FIVE_OF_HEARTS, KINDS, SINGLE_ORDER, Meld, as_cards, beats,
                            classify, legal_melds, parse, sort_key)
from rules.western import DECK, Card

__all__ = ["BOMBS", "FIVE_OF_HEARTS", "KINDS", "SINGLE_ORDER", "Meld", "as_cards", "beats",
           "classify", "legal_melds", "parse", "sort_key", "DECK", "Card"]
