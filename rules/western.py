"""The 54-card western deck (52 + small joker ``jj`` + big joker ``JJ``) in ANSI notation.

>>> str(parse_card("10h")), parse_card("jj").suit
('TH', None)
>>> len(DECK), str(DECK[0]), str(DECK[-1])
(54, '3C', 'JJ')
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.engine import InvalidNotationError

RANKS = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2")
SUITS = ("C", "D", "H", "S")
SMALL_JOKER = "jj"
BIG_JOKER = "JJ"
SUIT_NAMES = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
RANK_NAMES = {
    "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace",
    "2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six",
    "7": "Seven", "8": "Eight", "9": "Nine",
}


class UnknownWesternCardError(InvalidNotationError):
    """A value that is not a western card in ANSI notation (any type: ``None`` and ints too)."""

    def __init__(self, text: object) -> None:
        super().__init__(f"unknown western card: {text!r}")
        self.text = text


@dataclass(frozen=True)
class Card:
    """A western card: ``rank`` in RANKS or a joker, ``suit`` in SUITS (None for jokers)."""

    rank: str
    suit: str | None

    def __str__(self) -> str:
        return self.rank if self.suit is None else self.rank + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def is_red(self) -> bool:
        """Hearts, diamonds and the big joker print in red."""
        return self.suit in ("D", "H") or self.rank == BIG_JOKER

    @property
    def name(self) -> str:
        if self.rank == SMALL_JOKER:
            return "Small joker"
        if self.rank == BIG_JOKER:
            return "Big joker"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit or 'C']}"


def parse_card(text: str) -> Card:
    """One card: ``AS``, ``10c``, ``jj``; ranks and suits in any case except the jokers."""
    if not isinstance(text, str):
        raise UnknownWesternCardError(text)
    t = text.strip()
    if t in (SMALL_JOKER, BIG_JOKER):
        return Card(t, None)
    u = t.upper()
    if u.startswith("10"):
        u = "T" + u[2:]
    if len(u) != 2 or u[0] not in RANKS or u[1] not in SUITS:
        raise UnknownWesternCardError(text)
    return Card(u[0], u[1])


DECK: tuple[Card, ...] = tuple(
    [Card(r, s) for s in SUITS for r in RANKS] + [Card(SMALL_JOKER, None), Card(BIG_JOKER, None)]
)
