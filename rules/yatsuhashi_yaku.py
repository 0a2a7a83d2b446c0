"""The yaku of Yatsuhashi Solitaire as data: their ids, names and counts, the cards of each, the
months of the two chaff yaku, and the yaku each card belongs to (docs/rules.md, "Yatsuhashi
Solitaire").

Two modules read them: the engine, ``rules.yatsuhashi``, which imports every name here and is
where the rest of the program takes them from, and the solver's search,
``rules.yatsuhashi_search``, which the engine imports in turn. Keeping them here, below both,
is what lets the engine import its search without the search importing the engine back.

>>> YAKU_OF_CARD[cards("9A")[0]], [c.code for c in chaff_of((1, 2))]
('hanami_tsukimi_zake', ['1C1', '1C2', '2C1', '2C2'])
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.hanafuda import DECK, Card, Kind, card, cards

__all__ = ["CHAFF_MONTHS", "YAKU_CARDS", "YAKU_COUNT", "YAKU_IDS", "YAKU_NAMES", "YAKU_OF_CARD",
           "chaff_of"]

#: The yaku ids of docs/rules.md, in its table order (early_chaff and late_chaff are taken twice).
YAKU_IDS = ("early_chaff", "late_chaff", "akatan", "aotan", "kasutan", "inoshikacho", "godori",
            "hanami_tsukimi_zake", "ame_sanko", "kiri_kasu", "yanagi_kasu", "yatsuhashi")

#: English names of the yaku, for display.
YAKU_NAMES = {
    "early_chaff": "Early Chaff", "late_chaff": "Late Chaff", "akatan": "Aka-Tan",
    "aotan": "Ao-Tan", "kasutan": "Kasu-Tan", "inoshikacho": "Ino-Shika-Cho", "godori": "Godori",
    "hanami_tsukimi_zake": "Hanami-Tsukimi-Zake", "ame_sanko": "Ame-San-Ko",
    "kiri_kasu": "Kiri-Kasu", "yanagi_kasu": "Yanagi-Kasu", "yatsuhashi": "Yatsuhashi",
}

#: How many times each yaku is taken in a whole game (14 collections in all).
YAKU_COUNT = {y: 2 if y in ("early_chaff", "late_chaff") else 1 for y in YAKU_IDS}

#: The cards of each yaku with fixed cards; the chaff yaku take one chaff of each of their months.
YAKU_CARDS: dict[str, tuple[Card, ...]] = {
    "akatan": tuple(cards("1R 2R 3R")),
    "aotan": tuple(cards("6R 9R 10R")),
    "kasutan": tuple(cards("4R 5R 7R")),
    "inoshikacho": tuple(cards("6A 7A 10A")),
    "godori": tuple(cards("2A 4A 8A")),
    "hanami_tsukimi_zake": tuple(cards("3B 8B 9A")),
    "ame_sanko": tuple(cards("1B 11B 12B")),
    "kiri_kasu": tuple(cards("12C1 12C2 12C3")),
    "yanagi_kasu": tuple(cards("11A 11R 11C1")),
    "yatsuhashi": (card("5A"),),
}

#: The months of the two chaff yaku.
CHAFF_MONTHS = {"early_chaff": (1, 2, 3, 4, 5), "late_chaff": (6, 7, 8, 9, 10)}


def chaff_of(months: Sequence[int]) -> tuple[Card, ...]:
    """The chaff of ``months``, in deck order."""
    return tuple(c for c in DECK if c.kind is Kind.CHAFF and c.month in months)


#: Every card belongs to exactly one yaku id (chaff of months 1-10 to a chaff yaku).
YAKU_OF_CARD: dict[Card, str] = {c: y for y, cs in YAKU_CARDS.items() for c in cs}
YAKU_OF_CARD.update({c: y for y, ms in CHAFF_MONTHS.items() for c in chaff_of(ms)})
assert len(YAKU_OF_CARD) == 48
