"""Deterministic shuffling shared by every game.

``random.shuffle`` is not promised to give the same order across Python versions, so the
deal algorithm is spelled out (docs/rules.md): a Fisher-Yates shuffle driven only by
``random.Random(seed).random()``, whose output *is* stable.

>>> shuffled([1, 2, 3, 4], seed=1) == shuffled([1, 2, 3, 4], seed=1)
True
"""

from __future__ import annotations

import math
import random
from typing import Sequence, TypeVar

T = TypeVar("T")


def shuffled(deck: Sequence[T], seed: int) -> list[T]:
    """Return a new list: ``deck`` shuffled exactly as docs/rules.md prescribes for ``seed``."""
    return shuffled_with_rng(deck, seed)[0]


def shuffled_with_rng(deck: Sequence[T], seed: int) -> tuple[list[T], random.Random]:
    """``shuffled(deck, seed)`` and the deal's ``random.Random``, continued after the shuffle
    (rules that draw more chance from the deal, e.g. Koi-Koi's draw for first, go on with it).

    >>> cards, rng = shuffled_with_rng(range(5), 3)
    >>> cards == shuffled(range(5), 3), 0 <= rng.random() < 1
    (True, True)
    """
    cards = list(deck)
    rng = random.Random(seed)
    shuffle_in_place(cards, rng)
    return cards, rng


def shuffle_in_place(cards: list[T], rng: random.Random) -> None:
    """docs/rules.md's Fisher-Yates shuffle of ``cards`` with ``rng`` (stable across versions):
    for i from the last position down to 1, swap with j = int(rng.random() * (i + 1))."""
    rand, floor = rng.random, math.floor  # floor() is int() here (x >= 0), and a cheaper call
    for i in range(len(cards) - 1, 0, -1):
        j = floor(rand() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
