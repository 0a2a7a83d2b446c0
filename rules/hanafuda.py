"""The 48-card hanafuda deck: cards, codes and names (see docs/cards.md).

A card's code is its month, a kind letter and, for chaff, an index: ``1B``, ``11C1``.

>>> card("11c1").name
'Lightning'
>>> [c.code for c in cards("1B, 3b 8B")]
['1B', '3B', '8B']
>>> DECK[0].code, DECK[-1].code, len(DECK)
('1B', '12C3', 48)
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Callable, Iterable

from rules.engine import InvalidNotationError


class Kind(enum.Enum):
    """The four kinds of hanafuda card, in the order they sort within a month."""

    BRIGHT = "B"
    ANIMAL = "A"
    RIBBON = "R"
    CHAFF = "C"

    @property
    def label(self) -> str:
        return _KIND_LABELS[self]


_KIND_LABELS = {
    Kind.BRIGHT: "Bright",
    Kind.ANIMAL: "Animal",
    Kind.RIBBON: "Ribbon",
    Kind.CHAFF: "Chaff",
}

#: Month number -> (English plant, romaji, kanji).
PLANTS: dict[int, tuple[str, str, str]] = {
    1: ("Pine", "matsu", "松"),
    2: ("Plum", "ume", "梅"),
    3: ("Cherry", "sakura", "桜"),
    4: ("Wisteria", "fuji", "藤"),
    5: ("Iris", "ayame", "菖蒲"),
    6: ("Peony", "botan", "牡丹"),
    7: ("Bush clover", "hagi", "萩"),
    8: ("Pampas grass", "susuki", "芒"),
    9: ("Chrysanthemum", "kiku", "菊"),
    10: ("Maple", "momiji", "紅葉"),
    11: ("Willow", "yanagi", "柳"),
    12: ("Paulownia", "kiri", "桐"),
}

MONTH_NAMES = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)

# Cards whose name is not "plant + kind": the special pictures of docs/cards.md.
_SPECIAL_NAMES = {
    "1B": "Crane and Sun",
    "1R": "Pine poetry ribbon",
    "2A": "Bush warbler",
    "2R": "Plum poetry ribbon",
    "3B": "Curtain",
    "3R": "Cherry poetry ribbon",
    "4A": "Cuckoo",
    "5A": "Eight-plank bridge",
    "6A": "Butterflies",
    "6R": "Peony blue ribbon",
    "7A": "Boar",
    "8B": "Full Moon",
    "8A": "Geese",
    "9A": "Sake cup",
    "9R": "Chrysanthemum blue ribbon",
    "10A": "Deer",
    "10R": "Maple blue ribbon",
    "11B": "Rain Man",
    "11A": "Swallow",
    "11C1": "Lightning",
    "12B": "Phoenix",
}

# Each month's cards in deck order (B A R C1 C2 C3), as kind letters.
_MONTH_LAYOUT = {
    1: "B R C C",
    2: "A R C C",
    3: "B R C C",
    4: "A R C C",
    5: "A R C C",
    6: "A R C C",
    7: "A R C C",
    8: "B A C C",
    9: "A R C C",
    10: "A R C C",
    11: "B A R C",
    12: "B C C C",
}


class UnknownCardError(InvalidNotationError):
    """A value that is not a hanafuda card code (any type: ``None`` and ints too)."""

    def __init__(self, code: object) -> None:
        super().__init__(f"unknown hanafuda card code: {code!r}")
        self.code = code


@dataclass(frozen=True, eq=False)
class Card:
    """One hanafuda card. There is exactly one object per card (``DECK``), so equality and
    hashing are by identity (fast: the engines compare cards constantly); order is deck order.
    """

    code: str
    month: int
    kind: Kind
    name: str
    index: int  # position in DECK, 0-47

    def __repr__(self) -> str:
        return f"Card({self.code!r})"

    def __str__(self) -> str:
        return self.code

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index

    # Defining ``__lt__`` sends every comparison through Python, ``==`` too: spelled out, it
    # is one call instead of two rounds of NotImplemented (``list.remove`` compares often).
    def __eq__(self, other: object) -> bool:
        return self is other

    __hash__ = object.__hash__

    @property
    def bit(self) -> int:
        """This card's bit in a 48-bit set of cards."""
        return 1 << self.index

    def __reduce__(self) -> tuple[Callable[[str], "Card"], tuple[str]]:
        return (card, (self.code,))  # copies and pickles stay the one card object

    @property
    def plant(self) -> str:
        return PLANTS[self.month][0]

    @property
    def chaff_index(self) -> int | None:
        """1-3 for chaff, None otherwise."""
        return int(self.code.split("C")[1]) if self.kind is Kind.CHAFF else None


def _build_deck() -> tuple[Card, ...]:
    deck: list[Card] = []
    for month in range(1, 13):
        chaff = 0
        for letter in _MONTH_LAYOUT[month].split():
            kind = Kind(letter)
            if kind is Kind.CHAFF:
                chaff += 1
                code = f"{month}C{chaff}"
            else:
                code = f"{month}{letter}"
            name = _SPECIAL_NAMES.get(code)
            if name is None:
                plant = PLANTS[month][0]
                if kind is Kind.CHAFF:
                    name = f"{plant} chaff {chaff}"
                elif kind is Kind.RIBBON:
                    name = f"{plant} red ribbon"
                else:  # pragma: no cover - every non-chaff, non-ribbon card is special
                    name = f"{plant} {kind.label.lower()}"
            deck.append(Card(code, month, kind, name, len(deck)))
    return tuple(deck)


DECK: tuple[Card, ...] = _build_deck()
_BY_CODE = {c.code: c for c in DECK}


def card(code: str) -> Card:
    """The card with ``code`` (case-insensitive, surrounding whitespace ignored).

    >>> card(" 3b ").name
    'Curtain'
    """
    if not isinstance(code, str):
        raise UnknownCardError(code)
    text = code.strip().upper()
    found = _BY_CODE.get(text)  # (every code of the deck, and nothing else)
    if found is None:
        raise UnknownCardError(code)
    return found


def cards(text: str) -> list[Card]:
    """Cards from codes separated by spaces or commas.

    >>> cards("1B,1R  1C1")
    [Card('1B'), Card('1R'), Card('1C1')]
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"expected card codes as text, got {type(text).__name__}")
    return [card(part) for part in re.split(r"[\s,]+", text.strip()) if part]


def month_cards(month: int) -> tuple[Card, ...]:
    """The four cards of ``month`` in deck order."""
    if type(month) is not int or not 1 <= month <= 12:
        raise InvalidNotationError(f"month out of range 1-12: {month!r}")
    return DECK[(month - 1) * 4: month * 4]


def cards_of(mask: int) -> list[Card]:
    """The cards of a bit set (``Card.bit``), in deck order.

    >>> codes(cards_of(card("1B").bit | card("3B").bit))
    '1B 3B'
    """
    return [c for c in DECK if mask & c.bit]


def codes(collection: Iterable[Card]) -> str:
    """Space-separated codes: the string notation used in tests and logs."""
    return " ".join(c.code for c in collection)
