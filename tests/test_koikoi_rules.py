"""Koi-Koi yaku and options, table by table from docs/rules.md (the Koi-Koi section is binding).

Each row names captured cards in card notation (docs/cards.md) and the exact yaku dict expected, so
a yaku that appears too early, too late, or with an extra neighbour fails the row.
"""

from __future__ import annotations

import dataclasses

import pytest

from rules.engine import InvalidNotationError
from rules.hanafuda import DECK, Kind, cards, codes
from rules.koikoi import (DuplicateCardError, InvalidRulesError, KoiKoiRules, kind_counts, yaku,
                          yaku_cards, yaku_progress,
                          yaku_total)

CHAFF = [c.code for c in DECK if c.kind is Kind.CHAFF]      # 24, in deck order
assert len(CHAFF) == 24

SIMPLE = KoiKoiRules()
COMPLEX = KoiKoiRules(scoring="complex")
EXTRA = KoiKoiRules(extra_points=True)


def chaff(n: int) -> str:
    """The first ``n`` chaff cards (no sake cup, no other kind)."""
    return " ".join(CHAFF[:n])


def Y(text: str, rules: KoiKoiRules = SIMPLE) -> dict[str, int]:
    return yaku(cards(text), rules)


# ----------------------------------------------------------------------------------------------
# Count yaku: kasu, tane, tanzaku


@pytest.mark.parametrize("n, expected", [
    (0, {}),
    (9, {}),
    (10, {"kasu": 1}),
    (11, {"kasu": 2}),
    (24, {"kasu": 15}),
])
def test_kasu_needs_ten_chaff_then_one_point_each(n, expected):
    assert Y(chaff(n)) == expected


@pytest.mark.parametrize("n_chaff, sake_as_chaff, expected", [
    (9, True, {"kasu": 1}),         # the sake cup is the tenth chaff
    (9, False, {}),                 # ... or it is not
    (10, True, {"kasu": 2}),
    (10, False, {"kasu": 1}),
    (8, True, {}),
])
def test_sake_cup_as_chaff_at_the_ten_chaff_boundary(n_chaff, sake_as_chaff, expected):
    got = Y(chaff(n_chaff) + " 9A", KoiKoiRules(sake_as_chaff=sake_as_chaff))
    assert got == expected


def test_sake_cup_counts_as_animal_whatever_the_chaff_option():
    # 2A 4A 5A 8A + 9A: five animals (no inoshikacho, no viewing card).
    for on in (True, False):
        assert Y("2A 4A 5A 8A 9A", KoiKoiRules(sake_as_chaff=on)) == {"tane": 1}
    assert kind_counts(cards("9A 1C1")) == {"brights": 0, "animals": 1, "ribbons": 0, "chaff": 2}
    assert kind_counts(cards("9A 1C1"), KoiKoiRules(sake_as_chaff=False))["chaff"] == 1


# Animals outside inoshikacho (6A 7A 10A): 2A 4A 5A 8A 9A 11A.
@pytest.mark.parametrize("text, expected", [
    ("2A 4A 5A 8A", {}),
    ("2A 4A 5A 8A 11A", {"tane": 1}),
    ("2A 4A 5A 8A 11A 9A", {"tane": 2}),
    ("2A 4A 5A 8A 11A 9A 6A", {"tane": 3}),
])
def test_tane_needs_five_animals_then_one_point_each(text, expected):
    assert Y(text) == expected


# Ribbons outside akatan (1R 2R 3R) and aotan (6R 9R 10R) sets: keep one of each set out.
@pytest.mark.parametrize("text, expected", [
    ("4R 5R 7R 11R", {}),
    ("4R 5R 7R 11R 1R", {"tanzaku": 1}),
    ("4R 5R 7R 11R 1R 2R", {"tanzaku": 2}),
    ("4R 5R 7R 11R 1R 2R 6R 9R", {"tanzaku": 4}),
])
def test_tanzaku_needs_five_ribbons_then_one_point_each(text, expected):
    assert Y(text) == expected


# ----------------------------------------------------------------------------------------------
# Set yaku: inoshikacho, akatan, aotan, akatan_aotan


@pytest.mark.parametrize("text, expected", [
    ("7A 10A", {}),
    ("6A 10A", {}),
    ("6A 7A", {}),
    ("6A 7A 10A", {"inoshikacho": 5}),
    ("6A 7A 10A 2A", {"inoshikacho": 5}),
    ("6A 7A 10A 2A 4A", {"inoshikacho": 5, "tane": 1}),  # the same cards count toward tane
])
def test_inoshikacho(text, expected):
    assert Y(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("1R 2R", {}),
    ("1R 2R 3R", {"akatan": 5}),
    ("1R 2R 3R 4R", {"akatan": 5}),
    ("1R 2R 3R 4R 5R", {"akatan": 5, "tanzaku": 1}),
    ("6R 9R", {}),
    ("6R 9R 10R", {"aotan": 5}),
    ("6R 9R 10R 11R", {"aotan": 5}),
    ("1R 2R 6R 9R 10R", {"aotan": 5, "tanzaku": 1}),
])
def test_akatan_and_aotan(text, expected):
    assert Y(text) == expected


@pytest.mark.parametrize("text, rules, expected", [
    # simple: akatan_aotan replaces akatan and aotan (six ribbons also make tanzaku 2)
    ("1R 2R 3R 6R 9R 10R", SIMPLE, {"akatan_aotan": 10, "tanzaku": 2}),
    ("1R 2R 3R 6R 9R", SIMPLE, {"akatan": 5, "tanzaku": 1}),
    # complex: 5 + 5 + 10
    ("1R 2R 3R 6R 9R 10R", COMPLEX, {"akatan": 5, "aotan": 5, "akatan_aotan": 10, "tanzaku": 2}),
    ("1R 2R 3R 6R 9R", COMPLEX, {"akatan": 5, "tanzaku": 1}),
])
def test_akatan_aotan_simple_and_complex(text, rules, expected):
    assert Y(text, rules) == expected


# ----------------------------------------------------------------------------------------------
# Nintendo "+1" (extra_points)


@pytest.mark.parametrize("text, extra, expected", [
    ("6A 7A 10A", True, {"inoshikacho": 5}),
    ("6A 7A 10A 2A", True, {"inoshikacho": 6}),
    ("6A 7A 10A 2A", False, {"inoshikacho": 5}),
    ("6A 7A 10A 2A 4A", True, {"inoshikacho": 7, "tane": 1}),
    ("6A 7A 10A 2A 4A 5A 8A 9A 11A", True, {"inoshikacho": 11, "tane": 5}),
    ("6A 7A 10A 2A 4A 5A 8A 9A 11A", False, {"inoshikacho": 5, "tane": 5}),
    ("1R 2R 3R", True, {"akatan": 5}),
    ("1R 2R 3R 4R", True, {"akatan": 6}),
    ("1R 2R 3R 4R", False, {"akatan": 5}),
    ("1R 2R 3R 4R 5R", True, {"akatan": 7, "tanzaku": 1}),
    ("6R 9R 10R 7R", True, {"aotan": 6}),
    ("6R 9R 10R 7R", False, {"aotan": 5}),
    ("1R 2R 3R 6R 9R 10R", True, {"akatan_aotan": 10, "tanzaku": 2}),
    ("1R 2R 3R 6R 9R 10R 4R", True, {"akatan_aotan": 11, "tanzaku": 3}),
    ("1R 2R 3R 6R 9R 10R 4R", False, {"akatan_aotan": 10, "tanzaku": 3}),
    ("1R 2R 3R 6R 9R 10R 4R 5R 7R 11R", True, {"akatan_aotan": 14, "tanzaku": 6}),
    # extra_points leaves the count yaku and the brights alone
    ("2A 4A 5A 8A 11A 9A", True, {"tane": 2}),
    ("1B 3B 8B 12B", True, {"shiko": 8}),
])
def test_extra_points(text, extra, expected):
    assert Y(text, KoiKoiRules(extra_points=extra)) == expected


def test_extra_points_in_complex_scoring_with_all_six_ribbons():
    rules = KoiKoiRules(scoring="complex", extra_points=True)
    assert Y("1R 2R 3R 6R 9R 10R 4R", rules) == {
        "akatan": 9, "aotan": 9, "akatan_aotan": 11, "tanzaku": 3}


# ----------------------------------------------------------------------------------------------
# Brights


@pytest.mark.parametrize("text, expected", [
    ("1B 3B", {}),
    ("1B 11B", {}),
    ("1B 3B 11B", {}),                    # three brights with the rain man: nothing
    ("1B 3B 8B", {"sanko": 5}),
    ("3B 8B 12B", {"sanko": 5}),
    ("1B 3B 8B 11B", {"ame_shiko": 7}),
    ("1B 3B 8B 12B", {"shiko": 8}),
    ("1B 3B 8B 11B 12B", {"goko": 10}),
])
def test_brights_simple_only_the_highest_counts(text, expected):
    assert Y(text, SIMPLE) == expected


@pytest.mark.parametrize("text, expected, total", [
    ("1B 3B", {}, 0),
    ("1B 3B 11B", {}, 0),
    ("1B 3B 8B", {"sanko": 5}, 5),
    ("1B 3B 8B 11B", {"sanko": 5, "ame_shiko": 7}, 12),          # rainy four = 12
    ("1B 3B 8B 12B", {"sanko": 5, "shiko": 8}, 13),              # dry four = 13
    ("1B 3B 8B 11B 12B", {"sanko": 5, "shiko": 8, "goko": 10}, 23),  # five = 23
])
def test_brights_complex_add_up(text, expected, total):
    assert Y(text, COMPLEX) == expected
    assert yaku_total(cards(text), COMPLEX) == total


# ----------------------------------------------------------------------------------------------
# Viewing yaku and the rain rule


@pytest.mark.parametrize("text, expected", [
    ("9A", {}),
    ("3B", {}),
    ("3B 9A", {"hanami": 5}),
    ("8B 9A", {"tsukimi": 5}),
    ("3B 8B 9A", {"hanami": 5, "tsukimi": 5}),      # together 10
    ("1B 3B 8B 9A", {"sanko": 5, "hanami": 5, "tsukimi": 5}),  # brights count as well
])
def test_viewing_yaku(text, expected):
    assert Y(text) == expected


@pytest.mark.parametrize("text, viewing, expected", [
    ("3B 9A", "always", {"hanami": 5}),
    ("3B 9A", "with_other", {}),
    ("3B 9A", "never", {}),
    ("3B 8B 9A", "with_other", {}),                 # each other's company is not enough
    ("3B 8B 9A 1R 2R 3R", "with_other", {"hanami": 5, "tsukimi": 5, "akatan": 5}),
    ("3B 9A 1R 2R 3R", "never", {"akatan": 5}),
    ("8B 9A 2A 4A 5A 8A", "with_other", {"tsukimi": 5, "tane": 1}),  # 9A makes the tane too
    ("8B 9A 2A 4A 5A", "with_other", {}),           # four animals: no other yaku
    ("8B 9A " + chaff(9), "with_other", {"tsukimi": 5, "kasu": 1}),  # 9A as tenth chaff
])
def test_viewing_option(text, viewing, expected):
    assert Y(text, KoiKoiRules(viewing=viewing)) == expected


@pytest.mark.parametrize("text, rain_rule, expected", [
    ("3B 9A 11B", False, {"hanami": 5}),
    ("3B 9A 11B", True, {}),
    ("8B 9A 11B", True, {}),
    ("3B 9A", True, {"hanami": 5}),                 # no rain man, no effect
    ("1B 3B 8B 9A 11B", False, {"ame_shiko": 7, "hanami": 5, "tsukimi": 5}),
    ("1B 3B 8B 9A 11B", True, {"ame_shiko": 7}),    # the brights stay
])
def test_rain_rule(text, rain_rule, expected):
    assert Y(text, KoiKoiRules(rain_rule=rain_rule)) == expected


# ----------------------------------------------------------------------------------------------
# Tsukifuda


@pytest.mark.parametrize("text, on, expected", [
    ("1B 1R 1C1 1C2", False, {}),
    ("1B 1R 1C1 1C2", True, {"tsukifuda": 5}),
    ("1B 1R 1C1", True, {}),
    ("1B 1R 1C1 1C2 2A 2R 2C1 2C2", True, {"tsukifuda": 10}),
    ("1B 1R 1C1 1C2 2A 2R 2C1", True, {"tsukifuda": 5}),
    ("12B 12C1 12C2 12C3", True, {"tsukifuda": 5}),
])
def test_tsukifuda(text, on, expected):
    assert Y(text, KoiKoiRules(tsukifuda=on)) == expected


def test_tsukifuda_counts_as_another_yaku_for_viewing():
    rules = KoiKoiRules(tsukifuda=True, viewing="with_other")
    assert Y("3B 9A 1B 1R 1C1 1C2", rules) == {"hanami": 5, "tsukifuda": 5}


# ----------------------------------------------------------------------------------------------
# Everything at once


def test_the_whole_deck_simple():
    assert yaku(DECK) == {"goko": 10, "akatan_aotan": 10, "inoshikacho": 5, "tane": 5,
                          "tanzaku": 6, "kasu": 16, "hanami": 5, "tsukimi": 5}


def test_the_whole_deck_complex_with_every_option_on():
    rules = KoiKoiRules(scoring="complex", tsukifuda=True, extra_points=True)
    assert yaku(DECK, rules) == {
        "sanko": 5, "shiko": 8, "goko": 10, "akatan_aotan": 14, "akatan": 12, "aotan": 12,
        "inoshikacho": 11, "tane": 5, "tanzaku": 6, "kasu": 16, "tsukifuda": 60,
        "hanami": 5, "tsukimi": 5}


@pytest.mark.parametrize("text", ["", "1C1", "4A 4R 4C1 4C2 12C1 12C2 12C3"])
def test_no_yaku(text):
    assert Y(text) == {}
    assert yaku_total(cards(text)) == 0


def test_yaku_accepts_any_iterable_and_order():
    assert yaku(iter(cards("8B 3B 1B"))) == yaku(reversed(cards("1B 3B 8B"))) == {"sanko": 5}


@pytest.mark.parametrize("text, twice", [("1B 1B", "1B"), ("1B 3B 8B 3B", "3B"),
                                         (chaff(24) + " 12C3", "12C3")])
def test_duplicate_card_raises_value_error_naming_it(text, twice):
    with pytest.raises(ValueError, match=twice) as info:
        Y(text)
    assert isinstance(info.value, DuplicateCardError)


# ----------------------------------------------------------------------------------------------
# Options and presets

SEED_COLUMN = {
    "scoring": "simple", "sake_as_chaff": True, "tsukifuda": False, "viewing": "always",
    "rain_rule": False, "extra_points": False, "hand_swap": True, "void_deal": True,
    "field_triple": True, "field_bright_multiplier": True, "instant_win_points": 5,
    "draw_for_first": False, "matching": "required", "koikoi_multiplier": True,
    "opponent_koikoi_double": False, "seven_point_double": False, "koikoi_penalty": False,
    "exhausted_dealer": "stays", "match_end": "target50",
}
# What the Nintendo column of docs/rules.md changes; every other option keeps its Seed value.
NINTENDO_CHANGES = {
    "hand_swap": False, "field_bright_multiplier": False, "instant_win_points": 6,
    "matching": "if_matching", "koikoi_multiplier": False, "opponent_koikoi_double": True,
    "seven_point_double": True, "exhausted_dealer": "passes", "match_end": "rounds12",
    "extra_points": True,
}


def test_default_rules_are_the_seed_preset():
    assert dataclasses.asdict(KoiKoiRules()) == SEED_COLUMN


def test_nintendo_changes_exactly_its_column():
    assert dataclasses.asdict(KoiKoiRules.nintendo()) == {**SEED_COLUMN, **NINTENDO_CHANGES}
    assert KoiKoiRules.nintendo() == KoiKoiRules(**NINTENDO_CHANGES)
    assert KoiKoiRules.nintendo().max_rounds == 12 and KoiKoiRules.nintendo().target_score is None
    assert KoiKoiRules().target_score == 50 and KoiKoiRules().max_rounds is None


@pytest.mark.parametrize("name, value", [
    ("scoring", "Simple"), ("scoring", "both"), ("viewing", "sometimes"),
    ("matching", "never"), ("exhausted_dealer", "rotates"), ("match_end", "rounds5"),
    ("match_end", "target60"), ("instant_win_points", 4), ("instant_win_points", "5"),
    ("instant_win_points", 5.0), ("hand_swap", "yes"), ("hand_swap", 1),
    ("sake_as_chaff", None), ("rain_rule", 0), ("koikoi_penalty", "False"),
])
def test_bad_option_values_raise_value_error_naming_them(name, value):
    with pytest.raises(ValueError, match=name) as info:
        KoiKoiRules(**{name: value})
    assert isinstance(info.value, InvalidRulesError)
    assert repr(value) in str(info.value)


@pytest.mark.parametrize("name", sorted(SEED_COLUMN))
def test_every_option_accepts_its_seed_and_nintendo_values(name):
    for value in (SEED_COLUMN[name], NINTENDO_CHANGES.get(name, SEED_COLUMN[name])):
        assert getattr(KoiKoiRules(**{name: value}), name) == value


def test_from_options_rejects_unknown_names():
    assert KoiKoiRules.from_options({"scoring": "complex"}) == COMPLEX
    with pytest.raises(ValueError, match="colour"):
        KoiKoiRules.from_options({"colour": "red"})


def test_rules_are_frozen_and_hashable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        KoiKoiRules().scoring = "complex"  # type: ignore[misc]
    assert len({KoiKoiRules(), KoiKoiRules(), KoiKoiRules.nintendo()}) == 2


# ----------------------------------------------------------------------------------------------
# Progress toward yaku and the cards of a yaku (what the table shows)

TSUKI = KoiKoiRules(tsukifuda=True)


def progress(text: str, rules: KoiKoiRules = SIMPLE, blocked: str = "") -> list[str]:
    return [f"{p.yaku} {p.have}/{p.need} {codes(p.missing)}".strip()
            for p in yaku_progress(cards(text), rules, cards(blocked))]


@pytest.mark.parametrize("text, rules, blocked, expected", [
    ("", SIMPLE, "", []),
    ("1B", SIMPLE, "", ["sanko 1/3 3B 8B 12B"]),
    ("1B", SIMPLE, "3B 8B", []),                           # only 12B left: no three
    ("11B", SIMPLE, "", ["ame_shiko 1/4 1B 3B 8B 12B"]),   # with 11B three make nothing
    ("1B 3B 11B", SIMPLE, "", ["ame_shiko 3/4 8B 12B", "hanami 1/2 9A"]),
    ("1B 3B 8B", SIMPLE, "", ["shiko 3/4 12B", "hanami 1/2 9A",   # sanko made: the next one
                              "tsukimi 1/2 9A"]),
    ("1B 3B 8B", SIMPLE, "12B 9A", []),
    ("1B 3B 8B 12B", SIMPLE, "9A", ["goko 4/5 11B"]),
    ("1B 3B 8B 11B 12B", SIMPLE, "9A", []),
    ("1B 3B 8B 11B 12B", KoiKoiRules(rain_rule=True), "", []),
    ("9A", SIMPLE, "", ["hanami 1/2 3B", "tsukimi 1/2 8B", "tane 1/5", "kasu 1/10"]),
    ("9A", KoiKoiRules(sake_as_chaff=False), "", ["hanami 1/2 3B", "tsukimi 1/2 8B",
                                                   "tane 1/5"]),
    ("9A", KoiKoiRules(viewing="never"), "", ["tane 1/5", "kasu 1/10"]),
    ("9A 11B", KoiKoiRules(rain_rule=True), "", ["ame_shiko 1/4 1B 3B 8B 12B", "tane 1/5",
                                                  "kasu 1/10"]),
    ("9A", SIMPLE, "8B", ["hanami 1/2 3B", "tane 1/5", "kasu 1/10"]),
    ("6A 7A", SIMPLE, "", ["inoshikacho 2/3 10A", "tane 2/5"]),
    ("1R 2R 3R", SIMPLE, "", ["akatan_aotan 3/6 6R 9R 10R", "tanzaku 3/5"]),
    ("1R 2R 3R", SIMPLE, "9R", ["tanzaku 3/5"]),
    ("6R", SIMPLE, "", ["aotan 1/3 9R 10R", "tanzaku 1/5"]),
    ("2A 4A 5A 8A 11A", SIMPLE, "", []),                   # tane made: not in progress
    ("4R", SIMPLE, "5R 7R 11R 1R 2R 3R 6R 9R", []),        # 10R alone cannot make five
    (chaff(9), SIMPLE, "", ["kasu 9/10"]),
    ("1B 1R", TSUKI, "", ["sanko 1/3 3B 8B 12B", "akatan 1/3 2R 3R", "tanzaku 1/5",
                          "tsukifuda 2/4 1C1 1C2"]),
    ("1B 1R", TSUKI, "1C1", ["sanko 1/3 3B 8B 12B", "akatan 1/3 2R 3R", "tanzaku 1/5"]),
])
def test_yaku_progress(text, rules, blocked, expected):
    assert progress(text, rules, blocked) == expected


def test_yaku_progress_refuses_bad_input():
    with pytest.raises(InvalidNotationError):
        yaku_progress(None)  # type: ignore[arg-type]
    with pytest.raises(DuplicateCardError):
        yaku_progress(cards("1B"), SIMPLE, cards("1B"))
    with pytest.raises(InvalidRulesError):
        yaku_progress(cards("1B"), "simple")  # type: ignore[arg-type]


@pytest.mark.parametrize("yaku_id, text, rules, expected", [
    ("akatan", "1R 2R 3R 5R", SIMPLE, "1R 2R 3R"),
    ("akatan_aotan", "1R 2R 3R 5R 6R 9R 10R", SIMPLE, "1R 2R 3R 6R 9R 10R"),
    ("goko", "1B 3B 8B 11B 12B 2A", SIMPLE, "1B 3B 8B 11B 12B"),
    ("hanami", "3B 8B 9A 1C1", SIMPLE, "3B 9A"),
    ("tane", "2A 4A 5A 8A 9A 1B", SIMPLE, "2A 4A 5A 8A 9A"),
    ("kasu", chaff(10) + " 9A 1B", SIMPLE, chaff(10) + " 9A"),
    ("kasu", chaff(10) + " 9A 1B", KoiKoiRules(sake_as_chaff=False), chaff(10)),
    ("tsukifuda", "1B 1R 1C1 1C2 2A 2R", TSUKI, "1B 1R 1C1 1C2"),
    ("teshi", "1B 1R 1C1 1C2", SIMPLE, ""),
    (None, "1B", SIMPLE, ""),
])
def test_yaku_cards(yaku_id, text, rules, expected):
    assert codes(yaku_cards(yaku_id, cards(text), rules)) == expected


@pytest.mark.parametrize("rules", [SIMPLE, COMPLEX, EXTRA, TSUKI,
                                   KoiKoiRules(rain_rule=True, sake_as_chaff=False)])
def test_the_cards_of_a_yaku_make_it_on_their_own(rules):
    import random
    rng = random.Random(7)
    checked = set()
    for _ in range(600):
        pile = rng.sample(DECK, rng.randint(3, 30))
        for name in yaku(pile, rules):
            part = yaku_cards(name, pile, rules)
            assert part and set(part) <= set(pile)
            assert name in yaku(part, rules), (name, codes(part))
            checked.add(name)
    assert len(checked) >= 8
