"""The shared decks and the deal shuffle (docs/cards.md, docs/rules.md 'Every deal')."""

from __future__ import annotations

from collections import Counter

import pytest

from rules import hanafuda, western
from rules.deck import shuffled
from rules.hanafuda import DECK, Kind, UnknownCardError, card, cards


def test_deck_counts_by_kind():
    counts = Counter(c.kind for c in DECK)
    assert counts == {Kind.BRIGHT: 5, Kind.ANIMAL: 9, Kind.RIBBON: 10, Kind.CHAFF: 24}
    assert [c.code for c in DECK if c.kind is Kind.BRIGHT] == ["1B", "3B", "8B", "11B", "12B"]


def test_deck_order_is_month_then_b_a_r_c():
    order = "BARC"
    for i in range(12):
        month = DECK[4 * i: 4 * i + 4]
        assert {c.month for c in month} == {i + 1}
        keys = [(order.index(c.kind.value), c.chaff_index or 0) for c in month]
        assert keys == sorted(keys)


@pytest.mark.parametrize("code,name", [
    ("1B", "Crane and Sun"), ("1R", "Pine poetry ribbon"), ("1C1", "Pine chaff 1"),
    ("4R", "Wisteria red ribbon"), ("6R", "Peony blue ribbon"), ("11C1", "Lightning"),
    ("12C3", "Paulownia chaff 3"), ("9A", "Sake cup"), ("11B", "Rain Man"),
])
def test_names(code, name):
    assert card(code).name == name


@pytest.mark.parametrize("text", [" 11c1 ", "3b", "12C3"])
def test_codes_parse_case_insensitive(text):
    assert card(text).code == text.strip().upper()


@pytest.mark.parametrize("bad", ["1C", "01B", "13B", "4B", "1C4", "", "B1", "12C", "1R1"])
def test_bad_codes_raise_naming_them(bad):
    with pytest.raises(UnknownCardError) as err:
        card(bad)
    assert repr(bad) in str(err.value)
    assert isinstance(err.value, ValueError)


def test_cards_splits_on_spaces_and_commas():
    assert [c.code for c in cards("1B, 3B  8B,11B")] == ["1B", "3B", "8B", "11B"]
    assert cards("  ") == []


def test_month_cards():
    assert hanafuda.codes(hanafuda.month_cards(11)) == "11B 11A 11R 11C1"
    with pytest.raises(ValueError, match="13"):
        hanafuda.month_cards(13)


def test_western_deck_and_parsing():
    assert len(western.DECK) == 54 and len(set(western.DECK)) == 54
    assert str(western.DECK[12]) == "2C" and str(western.DECK[13]) == "3D"
    assert str(western.parse_card("10h")) == "TH"
    assert western.parse_card("jj").name == "Small joker"
    assert western.parse_card("JJ").is_red and not western.parse_card("jj").is_red
    for bad in ("JJJ", "1H", "Jj", "TX", ""):
        with pytest.raises(ValueError):
            western.parse_card(bad)


def test_shuffle_is_a_seeded_permutation():
    a = shuffled(DECK, 42)
    assert sorted(a) == sorted(DECK) and a != list(DECK)
    assert a == shuffled(DECK, 42)
    assert a != shuffled(DECK, 43)


def test_shuffle_follows_the_rules_md_algorithm():
    # docs/rules.md spells the algorithm out so that deals match on every machine; this pins the
    # result of seed 1 so a change of algorithm (e.g. to random.shuffle) is caught.
    import random
    rng = random.Random(1)
    deck = list(range(10))
    for i in range(9, 0, -1):
        j = int(rng.random() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    assert shuffled(range(10), 1) == deck
    assert [c.code for c in shuffled(DECK, 1)[:4]] == [c.code for c in _reference(1)[:4]]


def _reference(seed):
    import random
    rng = random.Random(seed)
    deck = list(DECK)
    for i in range(len(deck) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def test_koikoi_setup_options_are_exactly_the_rules_fields():
    import dataclasses

    from game.catalog import GAMES
    from rules.koikoi import KoiKoiRules
    info = GAMES["koikoi"]
    assert {o.key for o in info.options} == {f.name for f in dataclasses.fields(KoiKoiRules)}
    assert KoiKoiRules.from_options(info.defaults()) == KoiKoiRules()
    assert KoiKoiRules.from_options(info.preset("nintendo")) == KoiKoiRules.nintendo()
