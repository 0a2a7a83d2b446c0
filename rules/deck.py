"""Deterministic shuffling shared by every game.

``random.shuffle`` is not promised to give the same order across Python versions, so the
deal algorithm is spelled out (rules.md): a Fisher-Yates shuffle driven only by
``random.Random(seed).random()``, whose output *is* stable.

>>> shuffled([1, 2, 3, 4], seed=1) == shuffled([1, 2, 3, 4], seed=1)
True
"""

from __future__ import annotations

import random
from typing import Sequence, TypeVar

T = TypeVar("T")


def shuffled(deck: Sequence[T], seed: int) -> list[T]:
    """Return a new list: ``deck`` shuffled exactly as rules.md prescribes for ``seed``."""
    cards = list(deck)
    rng = random.Random(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    return cards
