"""Hana-awase, table by table from docs/rules.md (the Hana-awase section is binding).

Rows name cards in card notation (docs/cards.md) and the exact values, teyaku, dekiyaku or deal
scores expected, at every boundary docs/rules.md draws: 5, 6 and 7 chaff in a dealt hand; each
dekiyaku and what replaces it (goko/shiko, shichitan/rokutan and 11R, nomi/tsukimi/hanami);
the -88; dekiyaku paid by each other seat; the under-20 draw at 19 and 20; the few-cards
bonus at 8/9 and 10/11 by seat from the dealer; the willow and rain options. Then the deal
through the engine: stealing from piles, compulsory matching, drawing on, leftovers.
"""

from __future__ import annotations

import pytest

from rules.deck import shuffled
from rules.engine import (DuplicateCardError, IllegalActionError, InvalidNotationError,
                          LayoutError, RulesError)
from rules.fishing import deal, deal_plan
from rules.hanaawase import (DEKIYAKU_VALUES, HanaAwaseGame, HanaAwaseRules,
                             IncompleteDealError, InvalidRulesError, card_value, deal_details,
                             dekiyaku, settle_deal, teyaku, yaku_progress)
from rules.hanafuda import DECK, Kind, cards, codes

CHAFF = [c.code for c in DECK if c.kind is Kind.CHAFF]  # 24, in deck order
OTHERS = [c.code for c in DECK if c.kind is not Kind.CHAFF]  # 24
assert len(CHAFF) == 24 and len(OTHERS) == 24

WILLOW = HanaAwaseRules(willow_rule=True)
RAIN = HanaAwaseRules(rain_rule=True)
NO_STEAL = HanaAwaseRules(steal_from_piles=False)
SEED = HanaAwaseRules()


def D(text: str, rules: HanaAwaseRules = SEED) -> dict[str, int]:
    return dekiyaku(cards(text), rules)


def rest_of_deck(*texts: str) -> str:
    """The codes of every card not named in ``texts``, in deck order."""
    used = {c for t in texts for c in cards(t)}
    return " ".join(c.code for c in DECK if c not in used)


def piles(first: str, second: str, third: str | None = None) -> list[list]:
    """Three piles; the third (default) takes every card the first two do not hold."""
    third = rest_of_deck(first, second) if third is None else third
    return [cards(first), cards(second), cards(third)]


# ----------------------------------------------------------------------------------------------
# Card values


@pytest.mark.parametrize("code, value", [
    ("1B", 20), ("3B", 20), ("8B", 20), ("11B", 20), ("12B", 20),
    ("2A", 10), ("8A", 10), ("9A", 10), ("11A", 10),
    ("1R", 5), ("6R", 5), ("11R", 5),
    ("1C1", 1), ("11C1", 1), ("12C1", 1), ("12C3", 1),
])
def test_card_values(code, value):
    assert card_value(cards(code)[0]) == value


def test_card_values_total_264_three_times_88():
    assert sum(map(card_value, DECK)) == 264 == 3 * 88


@pytest.mark.parametrize("bad", [None, "1B", 3, object()])
def test_card_value_refuses_what_is_not_a_card(bad):
    with pytest.raises(InvalidNotationError):
        card_value(bad)


# ----------------------------------------------------------------------------------------------
# Teyaku


@pytest.mark.parametrize("hand, amount", [
    ("1C1 2C1 3C1 4C1 5C1 6C1 7C1", 30),
    ("1C1 2C1 3C1 4C1 5C1 6C1 1B", 20),
    ("1C1 2C1 3C1 4C1 5C1 1B 2A", 0),
    ("11C1 12C1 12C2 12C3 1C1 2C1 3C1", 30),   # Willow and Paulownia chaff are chaff
    ("11C1 12C1 12C2 12C3 1C1 2C1 9A", 20),    # the sake cup is not chaff
    ("11C1 12C1 12C2 12C3 1C1 11B 9A", 0),
    ("", 0),
])
def test_teyaku(hand, amount):
    assert teyaku(cards(hand)) == amount


@pytest.mark.parametrize("bad, error", [
    (None, InvalidNotationError), ("1C1 2C1", InvalidNotationError),
    (cards("1C1 1C1"), DuplicateCardError),
    (cards("1C1 2C1 3C1 4C1 5C1 6C1 7C1 8C1"), LayoutError),  # a dealt hand is 7 cards
])
def test_teyaku_refuses_bad_input(bad, error):
    with pytest.raises(error):
        teyaku(bad)


# ----------------------------------------------------------------------------------------------
# Dekiyaku


@pytest.mark.parametrize("text, expected", [
    # Brights: goko replaces shiko; three brights make nothing.
    ("1B 3B 11B 12B 8B", {"goko": 200, "matsu_kiri_bozu": 20}),
    ("1B 3B 11B 12B", {"shiko": 60}),
    ("1B 3B 8B 11B", {"shiko": 60}),
    ("1B 3B 11B", {}),
    # Ribbons, 11R not counted: 5 nothing, 6 rokutan, 7 or more shichitan (replaces it).
    ("1R 2R 4R 5R 6R", {}),
    ("1R 2R 4R 5R 6R 11R", {}),
    ("1R 2R 4R 5R 6R 9R", {"rokutan": 30}),
    ("1R 2R 4R 5R 6R 9R 11R", {"rokutan": 30}),
    ("1R 2R 4R 5R 6R 9R 7R", {"shichitan": 40, "kusa": 20}),
    ("1R 2R 4R 5R 6R 9R 7R 11R", {"shichitan": 40, "kusa": 20}),
    ("1R 2R 3R 4R 5R 6R 9R 7R", {"shichitan": 40, "akatan": 40, "kusa": 20}),
    ("1R 2R 3R 4R 5R 6R 7R 9R 10R 11R", {"shichitan": 40, "aotan": 40, "akatan": 40,
                                         "kusa": 20}),
    # The ribbon sets.
    ("6R 9R 10R", {"aotan": 40}), ("6R 9R", {}),
    ("1R 2R 3R", {"akatan": 40}), ("1R 2R 11R", {}),
    ("4R 5R 7R", {"kusa": 20}), ("4R 5R 11R", {}),
    # Drinking replaces moon and flower viewing.
    ("9A 8B 3B", {"nomi": 30}),
    ("8B 9A", {"tsukimi": 20}),
    ("3B 9A", {"hanami": 20}),
    ("8B 3B", {}), ("9A", {}),
    # The animal and bright sets.
    ("1B 2A 3B", {"omote_sugawara": 30}), ("1B 2A", {}),
    ("1B 12B 8B", {"matsu_kiri_bozu": 20}), ("1B 12B", {}),
    ("7A 10A 6A", {"inoshikacho": 20}), ("7A 10A", {}),
    ("1B 2A 3B 8B 9A", {"omote_sugawara": 30, "nomi": 30}),
    # The three rows: all four cards of the month.
    ("4A 4R 4C1 4C2", {"fuji_shima": 20}), ("4A 4R 4C1", {}),
    ("11B 11A 11R 11C1", {"yanagi_shima": 20}), ("11B 11A 11R", {}),
    ("12B 12C1 12C2 12C3", {"kiri_shima": 20}), ("12C1 12C2 12C3", {}),
    ("", {}),
])
def test_each_dekiyaku_and_what_replaces_it(text, expected):
    assert D(text) == expected
    assert list(D(text)) == [k for k in DEKIYAKU_VALUES if k in expected]  # docs/rules.md's order


def test_the_whole_deck():
    assert D(" ".join(c.code for c in DECK)) == {
        "goko": 200, "shichitan": 40, "aotan": 40, "akatan": 40, "nomi": 30,
        "omote_sugawara": 30, "matsu_kiri_bozu": 20, "inoshikacho": 20, "kusa": 20,
        "fuji_shima": 20, "yanagi_shima": 20, "kiri_shima": 20}


def test_every_dekiyaku_id_and_value_is_rules_md():
    assert DEKIYAKU_VALUES == {
        "goko": 200, "shiko": 60, "shichitan": 40, "rokutan": 30, "aotan": 40, "akatan": 40,
        "nomi": 30, "omote_sugawara": 30, "matsu_kiri_bozu": 20, "inoshikacho": 20,
        "tsukimi": 20, "hanami": 20, "kusa": 20, "fuji_shima": 20, "yanagi_shima": 20,
        "kiri_shima": 20}


@pytest.mark.parametrize("text, off, on", [
    ("11B 11A 11R 11C1 1R 2R 3R", {"akatan": 40, "yanagi_shima": 20}, {}),
    ("11B 11A 11R 11C1 1B 3B 8B 12B 9A", {"goko": 200, "nomi": 30, "matsu_kiri_bozu": 20,
                                          "yanagi_shima": 20}, {}),
    ("11B 11A 11R 1R 2R 3R", {"akatan": 40}, {"akatan": 40}),  # no row: nothing voided
])
def test_the_willow_rule_voids_all_of_its_holders_dekiyaku(text, off, on):
    assert D(text) == off
    assert D(text, WILLOW) == on


@pytest.mark.parametrize("text, off, on", [
    ("8B 9A 3B 11B", {"nomi": 30}, {}),  # tsukimi and hanami do not come back
    ("8B 9A 11B", {"tsukimi": 20}, {}),
    ("3B 9A 11B", {"hanami": 20}, {}),
    ("8B 9A 3B", {"nomi": 30}, {"nomi": 30}),  # no rain card: nothing voided
    ("1B 3B 8B 11B 12B 9A", {"goko": 200, "nomi": 30, "matsu_kiri_bozu": 20},
     {"goko": 200, "matsu_kiri_bozu": 20}),
])
def test_the_rain_rule_voids_drinking_and_viewing(text, off, on):
    assert D(text) == off
    assert D(text, RAIN) == on


@pytest.mark.parametrize("bad, error", [
    (None, InvalidNotationError), ("1B 3B", InvalidNotationError), (["1B"], InvalidNotationError),
    (cards("1B 1B"), DuplicateCardError),
])
def test_dekiyaku_refuses_bad_input(bad, error):
    with pytest.raises(error):
        dekiyaku(bad)
    with pytest.raises(InvalidRulesError):
        dekiyaku(cards("1B"), {"rain_rule": True})  # type: ignore[arg-type]


# ----------------------------------------------------------------------------------------------
# What the panel shows: the dekiyaku a pile is heading for

def progress(text: str, blocked: str = "", rules: HanaAwaseRules = NO_STEAL) -> list[str]:
    return [f"{p.yaku} {p.have}/{p.need} {codes(p.missing)}".strip()
            for p in yaku_progress(cards(text), rules, cards(blocked))]


@pytest.mark.parametrize("text, blocked, expected", [
    ("", "", []),
    ("6R 9R 1R", "", ["aotan 2/3 10R"]),                        # one card away
    ("6R 9R 1R", "10R", []),                                    # the missing card blocked
    ("6R", "", []),                                             # less than half held
    ("8B", "", ["tsukimi 1/2 9A"]),                             # half of two
    ("8B 9A", "", ["nomi 2/3 3B", "hanami 1/2 3B"]),            # tsukimi made: not shown
    ("8B 9A 3B", "", []),                                       # nomi made, replaces both
    ("4A 4R", "", ["fuji_shima 2/4 4C1 4C2"]),
    ("4A 4R", "4C2", []),
    ("1B 3B 8B", "", ["shiko 3/4 11B 12B", "nomi 2/3 9A", "omote_sugawara 2/3 2A",
                      "matsu_kiri_bozu 2/3 12B", "tsukimi 1/2 9A", "hanami 1/2 9A"]),
    ("1B 3B 8B", "11B 12B 9A", ["omote_sugawara 2/3 2A"]),      # no bright left for shiko
    ("1R 2R 4R 5R", "", ["akatan 2/3 3R", "kusa 2/3 7R", "rokutan 4/6"]),
    ("1R 2R 4R 5R", "3R 6R 7R", ["rokutan 4/6"]),               # 9R 10R still make six
    ("1R 2R 4R 5R", "3R 6R 7R 9R", []),                         # five at most
])
def test_yaku_progress(text, blocked, expected):
    assert progress(text, blocked) == expected


def test_yaku_progress_shows_no_set_held_whole():
    # The rain rule voids the drinking dekiyaku: nomi held whole with 11B is not made, and
    # not shown as in progress either (no card can make it now).
    assert progress("8B 9A 3B 11B", "", RAIN) == progress("8B 9A 3B 11B") == [
        "shiko 3/4 1B 12B"]


def test_yaku_progress_refuses_bad_input():
    with pytest.raises(DuplicateCardError):
        yaku_progress(cards("1B"), NO_STEAL, cards("1B"))
    with pytest.raises(InvalidNotationError):
        yaku_progress(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidRulesError):
        yaku_progress(cards("1B"), {"rain_rule": True})  # type: ignore[arg-type]


# ----------------------------------------------------------------------------------------------
# Settling a deal

# Seat 0: brights 1B 3B 8B, animals but 11A, ribbons but 11R: 185 in 20 cards, dekiyaku 220
# (shichitan, aotan, akatan, nomi, omote_sugawara, inoshikacho, kusa). Seat 1: 20 chaff worth
# 20. Seat 2: the eight willow and paulownia cards: 59 in 8 cards, yanagi_shima and kiri_shima
# (40), and the few-cards bonus at any seat.
SEAT2 = "11B 11A 11R 11C1 12B 12C1 12C2 12C3"
SEAT1_20 = " ".join(CHAFF[:20])
SEAT1_19 = " ".join(CHAFF[:19])
CASE = piles(rest_of_deck(SEAT1_20, SEAT2), SEAT1_20, SEAT2)


def test_card_values_less_88_dekiyaku_from_each_other_seat_and_the_bonus():
    d = deal_details(CASE, dealer=0)
    assert d["cards"] == [20, 20, 8]
    assert d["card_values"] == [185, 20, 59] and d["par"] == 88
    assert d["dekiyaku"] == [
        {"shichitan": 40, "aotan": 40, "akatan": 40, "nomi": 30, "omote_sugawara": 30,
         "inoshikacho": 20, "kusa": 20},
        {}, {"yanagi_shima": 20, "kiri_shima": 20}]
    assert d["dekiyaku_received"] == [440, 0, 80]
    assert d["dekiyaku_paid"] == [[0, 0, 40], [220, 0, 40], [220, 0, 0]]
    assert d["bonus_received"] == [0, 0, 60]
    assert d["bonus_paid"] == [[0, 0, 30], [0, 0, 30], [0, 0, 0]]
    assert d["draw"] is False and d["draw_by"] == []
    # 185-88+440-40-30; 20-88-220-40-30; 59-88+80-220+60
    assert d["points"] == settle_deal(CASE, 0) == [467, -358, -109]


def test_card_values_less_88_by_months():
    # Months 1-4, 5-8, 9-12: 88, 83 and 93; dekiyaku 90, none, 40; more than 10 cards each.
    d = deal_details([DECK[:16], DECK[16:32], DECK[32:]], dealer=0)
    assert [v - 88 for v in d["card_values"]] == [0, -5, 5]
    assert d["points"] == [0 + 180 - 40, -5 - 90 - 40, 5 + 80 - 90]


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_eight_cards_earn_the_bonus_at_every_seat(dealer):
    # Seat 2's 8 cards: 8 or fewer as dealer or next, 10 or fewer as the third seat.
    d = deal_details(CASE, dealer=dealer)
    assert d["bonus_received"] == [0, 0, 60]


@pytest.mark.parametrize("offset, count, bonus", [
    (0, 8, True), (0, 9, False), (1, 8, True), (1, 9, False),
    (2, 10, True), (2, 11, False), (2, 9, True), (0, 10, False), (1, 10, False),
])
@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_the_few_cards_bonus_at_every_boundary(offset, count, bonus, dealer):
    seat = (dealer + offset) % 3
    small = cards("1B " + " ".join(CHAFF[:count - 1]))  # 20 + chaff, no dekiyaku
    rest = [c for c in DECK if c not in small]
    a, b = [s for s in range(3) if s != seat]
    by_seat: list[list] = [[], [], []]
    by_seat[seat], by_seat[a], by_seat[b] = small, rest[::2], rest[1::2]
    d = deal_details(by_seat, dealer=dealer)
    assert not d["draw"] and d["cards"][seat] == count
    assert d["bonus_received"] == [60 if s == seat and bonus else 0 for s in range(3)]
    for s in (a, b):
        assert d["bonus_paid"][s][seat] == (30 if bonus else 0)
    assert sum(d["points"]) == 0


@pytest.mark.parametrize("seat1, draw", [(SEAT1_19, True), (SEAT1_20, False)])
def test_card_values_under_20_make_a_draw(seat1, draw):
    d = deal_details(piles(rest_of_deck(seat1, SEAT2), seat1, SEAT2), dealer=0)
    assert d["card_values"][1] == (19 if draw else 20)
    assert d["draw"] is draw and d["draw_by"] == ([1] if draw else [])
    if draw:
        assert d["points"] == [0, 0, 0]
        assert d["dekiyaku_received"] == d["bonus_received"] == [0, 0, 0]
        assert d["dekiyaku"][2] == {"yanagi_shima": 20, "kiri_shima": 20}  # made, not paid
    else:
        assert d["points"] == [467, -358, -109]


def test_a_draw_names_every_seat_under_20():
    d = deal_details(piles(" ".join(CHAFF[:10]), " ".join(CHAFF[10:20])), dealer=1)
    assert d["draw_by"] == [0, 1] and d["points"] == [0, 0, 0]


def test_the_willow_rule_in_a_deal():
    assert settle_deal(CASE, 0, WILLOW) == [467 + 40, -358 + 40, -109 - 80]


def test_the_rain_rule_voids_only_the_holders_drinking():
    assert settle_deal(CASE, 0, RAIN) == [467, -358, -109]  # 11B is seat 2's, nomi seat 0's
    moved = piles(rest_of_deck(SEAT1_20, SEAT2) + " 11B",
                  SEAT1_20, SEAT2.replace("11B ", ""))
    off, on = settle_deal(moved, 0), settle_deal(moved, 0, RAIN)
    assert [a - b for a, b in zip(off, on)] == [60, -30, -30]  # nomi: 30 from each


@pytest.mark.parametrize("captures, dealer, error, named", [
    ([DECK[:16], DECK[16:32], DECK[32:47]], 0, IncompleteDealError, "missing 12C3"),
    ([DECK[:16], DECK[16:32], []], 0, IncompleteDealError, "32 of the 48"),
    ([DECK[:16], DECK[15:32], DECK[32:]], 0, DuplicateCardError, "4C2"),
    ([DECK[:24], DECK[24:]], 0, LayoutError, "one pile per seat"),
    ([DECK[:16], DECK[16:32], DECK[32:], []], 0, LayoutError, "one pile per seat"),
    ([DECK[:16], None, DECK[32:]], 0, InvalidNotationError, r"captures\[1\]"),
    ([DECK[:16], "2A", DECK[32:]], 0, InvalidNotationError, r"captures\[1\]"),
    (None, 0, LayoutError, "captures"),
    ([DECK[:16], DECK[16:32], DECK[32:]], 3, LayoutError, "dealer"),
    ([DECK[:16], DECK[16:32], DECK[32:]], "0", LayoutError, "dealer"),
    ([DECK[:16], DECK[16:32], DECK[32:]], True, LayoutError, "dealer"),
])
def test_settle_deal_refuses_bad_piles(captures, dealer, error, named):
    with pytest.raises(error, match=named):
        settle_deal(captures, dealer)
    assert issubclass(error, ValueError)


def test_settle_deal_refuses_bad_rules():
    with pytest.raises(InvalidRulesError):
        settle_deal(CASE, 0, None)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------------------------
# Options


def test_rules_options():
    assert HanaAwaseRules() == HanaAwaseRules(steal_from_piles=True, willow_rule=False,
                                              rain_rule=False)
    assert HanaAwaseRules.from_options({}) == HanaAwaseRules()
    assert HanaAwaseRules.from_options({"willow_rule": True, "rain_rule": True,
                                        "steal_from_piles": False}) == \
        HanaAwaseRules(False, True, True)
    for bad in ({"willow_rule": 1}, {"rain_rule": "on"}, {"steal_from_piles": None},
                {"players": 3}):
        with pytest.raises(InvalidRulesError, match=next(iter(bad))):
            HanaAwaseRules.from_options(bad)
    for bad_options in (None, [("rain_rule", True)], {1: True}):
        with pytest.raises(InvalidRulesError):
            HanaAwaseRules.from_options(bad_options)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------------------------
# The deal through the engine


def legal(g: HanaAwaseGame) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def layout(hands, field: str, stock: str, piles_=("", "", ""), rest: int | str = "stock",
           **kw) -> HanaAwaseGame:
    """A layout with every card not named put at the bottom of the stock or in seat
    ``rest``'s pile."""
    named = " ".join([*hands, field, stock, *piles_])
    left = rest_of_deck(named)
    p = list(piles_)
    if rest == "stock":
        stock = f"{stock} {left}"
    else:
        p[int(rest)] = f"{p[int(rest)]} {left}"
    return HanaAwaseGame.from_layout(list(hands), field, stock, piles=p, **kw)


def test_the_deal_7_each_6_to_the_field_21_in_stock():
    plan = deal_plan(3, 7, 6)
    for seed in range(6):
        g = HanaAwaseGame.new(seed)
        assert [len(h) for h in g.hands] == [7, 7, 7]
        assert (len(g.field), len(g.stock)) == (6, 21)
        assert g.current_player == g.dealer and g.round == 1  # the dealer plays first
        if g.deal_count == 1:
            assert deal(shuffled(DECK, seed), plan, g.dealer) == (g.hands, g.field, g.stock)


def test_a_field_with_a_whole_month_voids_the_deal():
    plan = deal_plan(3, 7, 6)
    seed = next(s for s in range(5000) if any(
        sum(c.month == m for c in deal(shuffled(DECK, s), plan,
                                       HanaAwaseGame(s, HanaAwaseRules()).dealer)[1]) == 4
        for m in range(1, 13)))
    g = HanaAwaseGame.new(seed)
    voids = [e for e in g.start_events if e.kind == "void_deal"]
    assert voids and voids[0].data["reason"] == "field_month"
    assert g.deal_count >= 2 and g.round == 1
    assert g.dealer == HanaAwaseGame(seed, HanaAwaseRules()).dealer


STEAL_HANDS = ("2C1 5C1", "6C1", "7C1")


@pytest.mark.parametrize("rules, expected", [
    # Seat 0's own 2R is never a candidate; 5C1 matches nothing, so it may not be played.
    (HanaAwaseRules(), ["play 2C1 2A", "play 2C1 2C2"]),
    # Without stealing 2C1 matches nothing either: any card is laid on the field.
    (NO_STEAL, ["play 2C1", "play 5C1"]),
])
def test_a_card_captures_from_another_seats_pile_never_its_own(rules, expected):
    g = layout(STEAL_HANDS, "9C1", "10C1 11C1 12C1", ("2R", "2A", "2C2"), rules=rules)
    assert legal(g) == expected
    if rules.steal_from_piles:
        events = g.apply("play 2C1 2C2")
        captured = next(e for e in events if e.kind == "captured")
        assert captured.data == {"from": 2} and codes(captured.cards) == "2C1 2C2"
        assert codes(g.piles[0]) == "2R 2C1 2C2" and g.piles[2] == []
    else:
        with pytest.raises(IllegalActionError):
            g.apply("play 2C1 2A")


def test_compulsory_matching_counts_a_pile_match():
    g = layout(("1B 5C1", "6C1", "7C1"), "9C1", "10C1 11C1 12C1", ("", "1C1", ""))
    assert legal(g) == ["play 1B"]  # only a match from seat 1's pile, and it must be played
    with pytest.raises(IllegalActionError):
        g.apply("play 5C1")
    g = layout(("1B 5C1", "6C1", "7C1"), "9C1", "10C1 11C1 12C1", ("1C1", "", ""))
    assert legal(g) == ["play 1B", "play 5C1"]  # its own pile's 1C1 is no match


@pytest.mark.parametrize("rules, expected", [(HanaAwaseRules(), "captured seat0 2C2 2A"),
                                             (NO_STEAL, "to_field seat0 2C2")])
def test_a_drawn_card_steals_too(rules, expected):
    g = layout(("5C1", "6C1", "8C1"), "", "2C2 11C1 12C1", ("2R", "2A", ""), rules=rules)
    assert expected in [str(e) for e in g.apply("play 5C1")]


def test_a_seat_without_hand_cards_draws_on():
    g = layout(("5C1", "6C1", ""), "", "9C1 10C1 11C1", rules=NO_STEAL)
    g.apply("play 5C1")
    events = [str(e) for e in g.apply("play 6C1")]  # then every seat draws to the end
    at = events.index("turn seat2")
    assert events[at:at + 5] == ["turn seat2", "drawn seat2 11C1", "to_field seat2 11C1",
                                 "turn seat0", f"drawn seat0 {DECK[0]}"]
    assert "played" not in " ".join(events[2:]) and g.round == 2


def test_leftovers_go_to_the_last_captor_so_all_48_end_in_piles():
    g = layout(("3C2", "6C1", "7C1"), "3B 9C1", "12C1 4C1 5C1", rest=2, rules=NO_STEAL)
    g.apply("play 3C2")  # seat 0 captures 3B; the others capture nothing
    g.apply("play 6C1")
    events = g.apply("play 7C1")
    left = next(e for e in events if e.kind == "leftovers")
    assert left.seat == 0 and codes(left.cards) == "9C1 12C1 6C1 4C1 7C1 5C1"
    assert sum(g.history[0].details["cards"]) == 48


def test_leftovers_go_to_the_dealer_when_nobody_captured():
    g = layout(("5C1", "6C1", "7C1"), "", "9C1 10C1 11C1", rest=0, dealer=1, rules=NO_STEAL)
    for seat_card in ("6C1", "7C1", "5C1"):
        events = g.apply(f"play {seat_card}")
    left = next(e for e in events if e.kind == "leftovers")
    assert left.seat == 1 and len(left.cards) == 6
    assert sum(g.history[0].details["cards"]) == 48


def test_a_layout_must_hold_all_48_cards():
    with pytest.raises(IncompleteDealError, match="missing"):
        HanaAwaseGame.from_layout(["1B", "2A", "3B"], "", "4A 5A 6A")
    with pytest.raises(LayoutError, match="hands"):
        HanaAwaseGame.from_layout(["1B", "2A"], "", "4A 5A 6A")


# ----------------------------------------------------------------------------------------------
# Deal results, teyaku, the next dealer, twelve deals


def end_deal(g: HanaAwaseGame) -> None:
    start = g.round
    while g.round == start and not g.is_over:
        g.apply(g.legal_actions()[0])


def nobody_captures(dealer: int, **kw) -> HanaAwaseGame:
    """One card each, nothing to capture: seats 0 and 1 end with nothing (a draw), the field's
    six cards go to the dealer, the rest of the deck is seat 2's pile."""
    return layout(("5C1", "6C1", "7C1"), "", "8C1 9C1 10C1", rest=2, dealer=dealer,
                  rules=NO_STEAL, **kw)


def three_turns(**kw) -> HanaAwaseGame:
    """The last turns of a deal: seat 0 holds CASE's pile but 8B, seat 1 14 chaff and 8B,
    seat 2 the rest; dealt from seat 0, seat 1 takes 8C1 and seat 2 9C2 and 10C1."""
    seat0 = codes(CASE[0]).replace("8B ", "")
    return layout(("9C2", "10C1", "10C2"), "", "8C1 8C2 9C1", piles_=(
        seat0, " ".join(CHAFF[:14]) + " 8B", ""), rest=2, rules=NO_STEAL, **kw)


def test_the_deal_result_through_the_engine():
    g = three_turns(round=12)
    end_deal(g)  # the last deal: the piles stay as they ended
    assert [sorted(p) for p in g.piles[1:]] == [
        sorted(cards(" ".join(CHAFF[:14]) + " 8B 8C1 8C2")),
        sorted(cards(SEAT2 + " 9C1 9C2 10C1 10C2"))]
    r = g.history[0]
    assert r.kind == "deal" and r.dealer == 0 and r.points == settle_deal(g.piles, 0)
    assert r.details == deal_details(g.piles, 0) | {
        "teyaku": [0, 0, 0], "teyaku_points": [0, 0, 0], "totals": r.points}
    # Seat 0 lost nomi for hanami (210); seat 2's 12 cards earn no bonus.
    assert r.points == [165 - 88 + 420 - 40, 36 - 88 - 210 - 40, 63 - 88 + 80 - 210]
    assert sum(r.points) == 0
    assert r.winner == 0 and g.scores == r.points


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_the_next_dealer_is_the_highest_deal_total(dealer):
    g = three_turns(dealer=dealer)
    end_deal(g)
    totals = g.history[0].details["totals"]
    assert not g.history[0].details["draw"]
    assert totals.index(max(totals)) == 0 and g.dealer == 0 == g.current_player
    assert g.round == 2 and len(g.hands[0]) == 7


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_a_tie_keeps_the_previous_dealer(dealer):
    g = nobody_captures(dealer)
    end_deal(g)
    d = g.history[0].details
    assert d["draw"] and d["totals"] == [0, 0, 0] and g.dealer == dealer
    assert d["cards"][dealer] >= 6  # the field went to the dealer


def test_a_draw_keeps_its_teyaku():
    # Seed 373 with first legal actions: deal 12 is drawn (seat 2 under 20) and seat 2 held
    # 7 chaff.
    g = HanaAwaseGame.new(373)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    d = g.history[11].details
    assert d["draw"] and d["draw_by"] == [2] and g.history[11].points == [0, 0, 0]
    assert d["teyaku"] == [0, 0, 30] and d["teyaku_points"] == [-30, -30, 60]
    assert d["totals"] == [-30, -30, 60]
    assert g.scores == [sum(r.details["totals"][s] for r in g.history) for s in range(3)]


def test_teyaku_are_settled_when_the_deal_stands_and_shown_to_all():
    seed = next(s for s in range(500) if any(HanaAwaseGame.new(s).deal_teyaku))
    g = HanaAwaseGame.new(seed)
    holders = [s for s in range(3) if g.deal_teyaku[s]]
    events = [e for e in g.start_events if e.kind == "teyaku"]
    assert [e.seat for e in events] == holders
    total = [0, 0, 0]
    for e in events:
        hand = g.hands[e.seat]
        assert list(e.cards) == hand and e.data["amount"] == teyaku(hand) > 0
        assert sum(c.kind is Kind.CHAFF for c in hand) == (7 if e.data["amount"] == 30 else 6)
        for s in range(3):
            total[s] += e.data["amount"] * (2 if s == e.seat else -1)
    assert g.scores == total and sum(total) == 0
    kinds = [e.kind for e in g.start_events]
    assert kinds.index("teyaku") > kinds.index("dealt") and kinds[-1] == "turn"
    for seat in range(3):
        obs = g.observation(seat)
        assert obs.teyaku == g.deal_teyaku
        for s in holders:
            assert obs.revealed_hands[s] == tuple(sorted(g.hands[s]))


def test_twelve_deals_then_the_highest_total_wins():
    g = HanaAwaseGame.new(11)
    while not g.is_over:
        assert g.round <= 12
        g.apply(g.legal_actions()[0])
    assert len(g.history) == 12 and g.current_player is None and sum(g.scores) == 0
    best = max(g.scores)
    assert g.winners == [s for s in range(3) if g.scores[s] == best]
    assert g.result is not None and g.result["winners"] == g.winners
    assert g.winner == (g.winners[0] if len(g.winners) == 1 else None)


def test_a_tie_for_the_highest_total_shares_the_win():
    g = nobody_captures(0, round=12, scores=[50, 50, -100])
    end_deal(g)  # a draw: the totals stand
    assert g.is_over and g.winners == [0, 1] and g.winner is None
    assert g.result is not None and g.result["winners"] == [0, 1]


def test_bad_input_to_the_engine_raises_the_family():
    for bad in (lambda: HanaAwaseGame.new(1, "x"), lambda: HanaAwaseGame.new(-1),
                lambda: HanaAwaseGame.new(1, {"rain_rule": True}),
                lambda: HanaAwaseGame.from_layout(None, "", ""),
                lambda: HanaAwaseGame.new(1).observation(3),
                lambda: HanaAwaseGame.new(1).dekiyaku_of("0")):
        with pytest.raises(RulesError):
            bad()
