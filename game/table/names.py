"""Cards named the way a player names them, for messages, hints and the game log.

The rules name every card uniquely ("Plum chaff 2"); a player does not count chaff: the card
is "Plum (chaff)". The special cards keep their names (cards.md), the plain ribbons are the
plant's red ribbon.

>>> from rules.hanafuda import card
>>> card_name(card("2C2")), card_name(card("4R")), card_name(card("8B")), card_name(card("1R"))
('Plum (chaff)', 'Wisteria red ribbon', 'Full Moon', 'Pine poetry ribbon')
>>> card_list([card("2C1"), card("2R"), card("8B")])
'Plum (chaff), Plum poetry ribbon and Full Moon'
"""

from __future__ import annotations

from collections.abc import Sequence

from game.i18n import N_, _
from rules.hanafuda import Card, Kind

#: The plants, for the catalogue (the rules spell them in English).
PLANT_NAMES = {
    "Pine": N_("Pine"), "Plum": N_("Plum"), "Cherry": N_("Cherry"), "Wisteria": N_("Wisteria"),
    "Iris": N_("Iris"), "Peony": N_("Peony"), "Bush clover": N_("Bush clover"),
    "Pampas grass": N_("Pampas grass"), "Chrysanthemum": N_("Chrysanthemum"),
    "Maple": N_("Maple"), "Willow": N_("Willow"), "Paulownia": N_("Paulownia"),
}


def card_name(c: Card) -> str:
    """``c`` as a player names it: chaff by its plant, the other cards by their names."""
    if c.kind is Kind.CHAFF and c.code != "11C1":  # Lightning has a picture of its own
        return _("{plant} (chaff)").format(plant=_(PLANT_NAMES.get(c.plant, c.plant)))
    return _(c.name)


def card_list(cards: Sequence[Card]) -> str:
    """Several cards in words: "A, B and C"."""
    names = [card_name(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])
