"""The names the player reads: cards, months, plants and yaku, in the language of the moment.

``rules/`` names everything in English data (a card's ``name``, ``MONTH_NAMES``, each game's
yaku ids); this is the one place that turns them into display names, every one a ``N_()``
msgid so the catalogue collects it. A player does not count chaff: the card is "Plum
(chaff)". The special cards keep their names (docs/cards.md), the plain ribbons are the plant's red
ribbon.

>>> from rules.hanafuda import card
>>> card_name(card("2C2")), card_name(card("4R")), card_name(card("8B")), card_name(card("1R"))
('Plum (chaff)', 'Wisteria red ribbon', 'Full Moon', 'Pine poetry ribbon')
>>> card_list([card("2C1"), card("2R"), card("8B")])
'Plum (chaff), Plum poetry ribbon and Full Moon'
>>> month_name(8), plant_name(8), plant_label(8)
('August', 'Pampas grass', 'Pampas grass (susuki, 芒)')

A yaku that several games share (the same cards) has one name in all of them (``YAKU``;
docs/names.md lists the choices); each game's catalog entry (``GameInfo.yaku``) gives the key
in ``YAKU`` of each of its engine's yaku ids:

>>> yaku_name("koikoi", "inoshikacho"), yaku_name("hearts600", "boar_deer_butterflies")
('Boar-deer-butterflies', 'Boar-deer-butterflies')
>>> yaku_name("yatsuhashi", "hanami_tsukimi_zake"), yaku_name("hanaawase", "nomi")
('Drinking', 'Drinking')
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from game.catalog import GAMES
from game.i18n import DOMAIN, LOCALE_DIR, N_, _, language
from rules.hanafuda import PLANTS, Card, Kind

#: The plants by their English name in the rules (``Card.plant``).
PLANT_NAMES = {
    "Pine": N_("Pine"), "Plum": N_("Plum"), "Cherry": N_("Cherry"), "Wisteria": N_("Wisteria"),
    "Iris": N_("Iris"), "Peony": N_("Peony"), "Bush clover": N_("Bush clover"),
    "Pampas grass": N_("Pampas grass"), "Chrysanthemum": N_("Chrysanthemum"),
    "Maple": N_("Maple"), "Willow": N_("Willow"), "Paulownia": N_("Paulownia"),
}

#: The months, January first (``rules.hanafuda.MONTH_NAMES``).
MONTHS = (
    N_("January"), N_("February"), N_("March"), N_("April"), N_("May"), N_("June"),
    N_("July"), N_("August"), N_("September"), N_("October"), N_("November"), N_("December"),
)

#: The cards with a name of their own (the others are chaff): the English of the rules'
#: ``Card.name`` (docs/cards.md).
CARD_NAMES = {
    "1B": N_("Crane and Sun"), "1R": N_("Pine poetry ribbon"),
    "2A": N_("Bush warbler"), "2R": N_("Plum poetry ribbon"),
    "3B": N_("Curtain"), "3R": N_("Cherry poetry ribbon"),
    "4A": N_("Cuckoo"), "4R": N_("Wisteria red ribbon"),
    "5A": N_("Eight-plank bridge"), "5R": N_("Iris red ribbon"),
    "6A": N_("Butterflies"), "6R": N_("Peony blue ribbon"),
    "7A": N_("Boar"), "7R": N_("Bush clover red ribbon"),
    "8B": N_("Full Moon"), "8A": N_("Geese"),
    "9A": N_("Sake cup"), "9R": N_("Chrysanthemum blue ribbon"),
    "10A": N_("Deer"), "10R": N_("Maple blue ribbon"),
    "11B": N_("Rain Man"), "11A": N_("Swallow"), "11R": N_("Willow red ribbon"),
    "11C1": N_("Lightning"), "12B": N_("Phoenix"),
}

#: One display name per yaku. A yaku that several games have (the same cards, or the same
#: rule) has one entry here, so one name and one translation everywhere.
YAKU = {
    # Brights
    "five_brights": N_("Five brights"), "dry_four_brights": N_("Dry four brights"),
    "rainy_four_brights": N_("Rainy four brights"), "four_brights": N_("Four brights"),
    "three_brights": N_("Three brights"), "rainy_three_brights": N_("Rainy three brights"),
    # Sake cup
    "flower_viewing": N_("Flower viewing"), "moon_viewing": N_("Moon viewing"),
    "drinking": N_("Drinking"),
    # Animals
    "boar_deer_butterflies": N_("Boar-deer-butterflies"), "five_birds": N_("Five birds"),
    "drunken_bird_watching": N_("Drunken bird watching"),
    # Ribbons
    "poetry_ribbons": N_("Poetry ribbons"), "blue_ribbons": N_("Blue ribbons"),
    "poetry_and_blue_ribbons": N_("Poetry and blue ribbons"),
    "grass_ribbons": N_("Grass ribbons"), "plain_ribbons": N_("Plain ribbons"),
    "seven_ribbons": N_("Seven ribbons"), "six_ribbons": N_("Six ribbons"),
    # Counts of a kind
    "animals": N_("Animals"), "ribbons": N_("Ribbons"), "chaff": N_("Chaff"),
    "early_chaff": N_("Early chaff"), "late_chaff": N_("Late chaff"),
    # Sets of a month or of a few cards
    "month_set": N_("Month set"), "wisteria_row": N_("Wisteria row"),
    "willow_row": N_("Willow row"), "paulownia_row": N_("Paulownia row"),
    "willow_trio": N_("Willow trio"), "paulownia_chaff": N_("Paulownia chaff"),
    "spring": N_("Spring (front Sugawara)"), "pine_paulownia_moon": N_("Pine-paulownia-moon"),
    "bridge": N_("Bridge"),
    # Koi-Koi's dealt hands that win at once
    "teshi": N_("Four of a month (teshi)"), "kuttsuki": N_("Four pairs (kuttsuki)"),
}

#: The western deck's words (``rules.western``): ranks, suits ("Ace of spades").
RANK_NAMES = {
    "3": N_("Three"), "4": N_("Four"), "5": N_("Five"), "6": N_("Six"), "7": N_("Seven"),
    "8": N_("Eight"), "9": N_("Nine"), "T": N_("Ten"), "J": N_("Jack"), "Q": N_("Queen"),
    "K": N_("King"), "A": N_("Ace"), "2": N_("Two"),
}
BACK_NAMES = {"black": N_("Classic black"), "red": N_("Red"), "western": N_("Western")}


def card_name(c: Card) -> str:
    """``c`` as a player names it: chaff by its plant, the other cards by their names."""
    own = CARD_NAMES.get(c.code)
    if own is not None:
        return _(own)
    if c.kind is Kind.CHAFF:
        return _("{plant} (chaff)").format(plant=plant_name(c.month))
    return c.name  # (every other card has a name above: tests/test_names.py)


def card_list(cards: Sequence[Card]) -> str:
    """Several cards in words: "A, B and C"."""
    names = [card_name(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    first = names[0]
    for name in names[1:-1]:  # (the list's comma is the language's: Japanese writes "、")
        first = _("{first}, {next}").format(first=first, next=name)
    return _("{first} and {last}").format(first=first, last=names[-1])


def month_name(month: int) -> str:
    """Month 1-12 by its name: "January" (Japanese: 1月)."""
    return _(MONTHS[month - 1])


def plant_name(month: int) -> str:
    """The plant of month 1-12: "Pine" (Japanese: 松)."""
    return _(PLANT_NAMES[PLANTS[month][0]])


def plant_label(month: int) -> str:
    """The plant with its Japanese names, "Pine (matsu, 松)"; where the plant's name is
    already its kanji (in Japanese), the kanji alone."""
    _english, romaji, kanji = PLANTS[month]
    name = plant_name(month)
    if name == kanji:
        return name
    return _("{plant} ({romaji}, {kanji})").format(plant=name, romaji=romaji, kanji=kanji)


def yaku_key(game_id: str, yaku_id: str) -> str | None:
    """The ``YAKU`` key of a game's yaku id (None for an id the game does not have, or a game
    that is not one)."""
    game = GAMES.get(game_id)
    return None if game is None else game.yaku.get(yaku_id)


def yaku_msgid(game_id: str, yaku_id: str) -> str:
    """A game's yaku by its English display name (the msgid); an unknown id as it is."""
    key = yaku_key(game_id, yaku_id)
    return YAKU[key] if key else yaku_id


def yaku_name(game_id: str, yaku_id: str) -> str:
    """A game's yaku (its engine's id) by its display name, translated."""
    return _(yaku_msgid(game_id, yaku_id))


def yaku_labels(game_id: str) -> dict[str, str]:
    """A game's yaku ids and their English display names (msgids), in the game's order."""
    return {y: YAKU[key] for y, key in GAMES[game_id].yaku.items()}


@functools.lru_cache(maxsize=1)
def _japanese() -> Any:
    import gettext
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=["ja"], fallback=True)


def japanese_name(msgid: str) -> str:
    """A name in Japanese whatever the language of the moment (a yaku's kanji shown beside
    its name), "" in Japanese itself (it would say the name twice) or where it has none.

    >>> japanese_name(YAKU["boar_deer_butterflies"])
    '猪鹿蝶'
    """
    text = _japanese().gettext(msgid)
    return "" if text == msgid or language() == "ja" else text


def western_card_name(c: Any) -> str:
    """A card of ``rules.western`` in words: "Ace of spades", "Big joker"."""
    if c.suit is None:
        return _("Big joker") if c.is_red else _("Small joker")
    rank = _(RANK_NAMES[c.rank])
    return {"C": _("{rank} of clubs"), "D": _("{rank} of diamonds"),
            "H": _("{rank} of hearts"), "S": _("{rank} of spades")}[c.suit].format(rank=rank)


#: The suits as printed on the cards (the bundled font has them).
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def western_rank(rank: str) -> str:
    """A rank as the cards print it (the rules' "T" is 10).

    >>> western_rank("T"), western_rank("Q")
    ('10', 'Q')
    """
    return "10" if rank == "T" else rank


def western_card_short(c: Any, shorter: int = 0) -> str:
    """A western card as players write it: rank and suit sign ("10♠", "K♦"), a joker in
    words; a joker in fewer words with ``shorter`` 1 ("Sm. joker"), in one with 2 ("Joker":
    a seat's narrowest line; the card in the trick shows which).

    >>> from rules.western import parse_card
    >>> western_card_short(parse_card("TS")), western_card_short(parse_card("KD"))
    ('10♠', 'K♦')
    >>> [western_card_short(parse_card("jj"), n) for n in (0, 1, 2)]
    ['Small joker', 'Sm. joker', 'Joker']
    """
    if c.suit is None:
        if shorter > 1:
            return _("Joker")
        if shorter:
            return _("Lg. joker") if c.is_red else _("Sm. joker")
        return western_card_name(c)
    return western_rank(c.rank) + SUIT_SYMBOLS[c.suit]


def back_name(style: str) -> str:
    """A card back style by name (``sprites.backs.BACK_STYLES``)."""
    return _(BACK_NAMES.get(style, style))
