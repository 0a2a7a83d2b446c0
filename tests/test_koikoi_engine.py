"""The Koi-Koi engine against docs/rules.md (Koi-Koi and "Common to the three fishing games").

Exact positions come from ``KoiKoiGame.from_layout`` in card notation: hands, field, stock (top
first), capture piles. Deals come from fixed seeds, checked against docs/rules.md's shuffle written
out again here. The Hypothesis playouts at the end play whole matches with random legal actions
under random options and check the invariants after every action.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from tests.helpers import cards_in
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import AmbiguousActionError, InvalidNotationError
from rules.fishing import has_full_month, is_four_pairs, sort_pile
from rules.hanafuda import DECK, Card, cards, codes
from rules.koikoi import (Action, DuplicateCardError, IllegalActionError, KoiKoiGame,
                          KoiKoiRules, parse_action)

SEED = KoiKoiRules()
NINTENDO = KoiKoiRules.nintendo()
#: No multiplier at all: yaku totals score as they are.
PLAIN = KoiKoiRules(field_bright_multiplier=False, koikoi_multiplier=False)


def reference_deck(seed: int) -> list[Card]:
    """docs/rules.md's shuffle, written out independently of rules.deck."""
    deck = list(DECK)
    rng = random.Random(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def reference_deal(seed: int, dealer: int) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """(hands by seat, field, stock) of the first deal: 4 / 4 / 4 twice, non-dealer first."""
    d = reference_deck(seed)
    hands: list[list[Card]] = [[], []]
    hands[1 - dealer] = d[0:4] + d[12:16]
    hands[dealer] = d[4:8] + d[16:20]
    return hands, d[8:12] + d[20:24], d[24:]


def legal(game: KoiKoiGame) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def snapshot(game: KoiKoiGame) -> tuple:
    return (codes(game.hands[0]), codes(game.hands[1]), codes(game.field), codes(game.stock),
            codes(game.piles[0]), codes(game.piles[1]), game.pending, game.phase,
            game.current_player, game.dealer, list(game.scores), list(game.koikoi_calls),
            game.round, len(game.history), legal(game), len(game.actions))


def layout(hands, field, stock, **kw) -> KoiKoiGame:
    return KoiKoiGame.from_layout(hands, field, stock, **kw)


# ----------------------------------------------------------------------------------------------
# Dealing


def test_the_shuffle_is_the_one_rules_md_spells_out():
    from rules.deck import shuffled
    for seed in (0, 1, 7, 2**31, 2**63 + 5):
        assert shuffled(DECK, seed) == reference_deck(seed)
    # Fixed on every machine and Python version: a literal, not just self-consistency.
    assert codes(reference_deck(7)[:12]) == "8C2 10C1 7C1 4R 7A 3C1 4A 3R 2R 5C2 9R 9C2"
    assert codes(reference_deck(0)[:12]) == "9R 4R 10C1 12C2 1R 2R 1C2 5A 2C1 7R 4C2 8C2"


@pytest.mark.parametrize("rules", [SEED, NINTENDO], ids=["seed", "nintendo"])
@pytest.mark.parametrize("seed", [0, 1, 2, 7, 11])
def test_deal_order_and_counts(seed, rules):
    game = KoiKoiGame.new(seed, rules)
    assert game.deal_count == 1  # none of these seeds is a void deal
    hands, field, stock = reference_deal(seed, game.dealer)
    assert game.hands == hands
    assert game.field == field
    assert game.stock == stock
    assert [len(game.hands[0]), len(game.hands[1]), len(game.field), len(game.stock)] == \
        [8, 8, 8, 24]
    assert game.piles == [[], []] and game.scores == [0, 0] and game.round == 1


def test_deal_is_reproducible_from_the_seed():
    a, b, c = KoiKoiGame.new(5), KoiKoiGame.new(5), KoiKoiGame.new(6)
    assert (a.hands, a.field, a.stock, a.dealer) == (b.hands, b.field, b.stock, b.dealer)
    assert (a.hands, a.field) != (c.hands, c.field)


def test_first_dealer_is_random_but_fixed_by_the_seed():
    dealers = [KoiKoiGame.new(s).dealer for s in range(40)]
    assert set(dealers) == {0, 1}
    assert dealers == [KoiKoiGame.new(s).dealer for s in range(40)]


# Seeds whose first deal (per reference_deal) has a void field.
FULL_MONTH_FIELD = 198
FOUR_PAIRS_FIELD = 33


@pytest.mark.parametrize("seed, check", [(FULL_MONTH_FIELD, has_full_month),
                                         (FOUR_PAIRS_FIELD, is_four_pairs)])
def test_void_deal_is_redealt_by_the_same_dealer(seed, check):
    stands = KoiKoiGame.new(seed, KoiKoiRules(void_deal=False))
    _hands, field, _stock = reference_deal(seed, stands.dealer)
    assert check(field)
    # void_deal=False: the deal stands, exactly as dealt.
    assert stands.deal_count == 1 and stands.field == field

    game = KoiKoiGame.new(seed, SEED)
    assert game.deal_count >= 2
    assert game.dealer == stands.dealer
    assert game.field != field
    assert not has_full_month(game.field) and not is_four_pairs(game.field)
    assert game.round == 1 and game.history == []
    assert sorted(game.hands[0] + game.hands[1] + game.field + game.stock) == list(DECK)


def test_void_deals_during_a_match_are_redealt_by_the_same_dealer():
    checked = 0
    for seed in range(200):
        game = KoiKoiGame.new(seed, SEED)
        rng = random.Random(seed)
        while not game.is_over:
            events = game.apply(rng.choice(game.legal_actions()))
            for i, e in enumerate(events):
                if e.kind == "void_deal" and e.cards:
                    assert has_full_month(e.cards) or is_four_pairs(e.cards)
                    redeal = next(x for x in events[i + 1:] if x.kind == "dealt")
                    assert redeal.seat == e.seat
                    checked += 1
    assert checked > 0


# ----------------------------------------------------------------------------------------------
# Capturing


def test_field_triple_is_captured_whole_by_the_fourth_card():
    g = layout(["1C2 5C1", "6C1 7C1"], "1B 1R 1C1 9C1", "2C1 3C1 4C1 10C1")
    assert legal(g) == ["play 1C2"]
    events = g.apply("play 1C2")
    captured = [e for e in events if e.kind == "captured"]
    assert [codes(e.cards) for e in captured] == ["1C2 1B 1R 1C1"]
    assert codes(g.piles[0]) == "1B 1R 1C1 1C2"
    assert codes(g.field) == "9C1 2C1"


def test_field_triple_off_the_player_chooses_one():
    g = layout(["1C2 5C1", "6C1 7C1"], "1B 1R 1C1 9C1", "2C1 3C1 4C1 10C1",
               rules=KoiKoiRules(field_triple=False))
    assert legal(g) == ["play 1C2 1B", "play 1C2 1R", "play 1C2 1C1"]
    g.apply("play 1C2 1R")
    assert codes(g.piles[0]) == "1R 1C2"
    assert codes(g.field) == "1B 1C1 9C1 2C1"


@pytest.mark.parametrize("triple, phase, pile", [(True, "play", "1B 1R 1C1 1C2"),
                                                 (False, "take", "")])
def test_drawn_card_and_a_field_triple(triple, phase, pile):
    g = layout(["5C1 6C2", "6C1 7C1"], "1B 1R 1C1 9C1", "1C2 3C1 4C1 10C1",
               rules=KoiKoiRules(field_triple=triple))
    g.apply("play 5C1")
    assert g.phase == phase and codes(g.piles[0]) == pile
    if not triple:
        assert legal(g) == ["take 1B", "take 1R", "take 1C1"]


def test_played_card_with_two_matches_offers_both():
    g = layout(["3C2 5C1", "6C1 7C1"], "3B 3C1 9C1", "2C1 4C1 10C1 11C1")
    assert legal(g) == ["play 3C2 3B", "play 3C2 3C1"]
    with pytest.raises(IllegalActionError):
        g.apply("play 3C2")  # which one? the player must say
    g.apply("play 3C2 3C1")
    assert codes(g.piles[0]) == "3C1 3C2"
    assert codes(g.field) == "3B 9C1 2C1"
    assert (g.phase, g.current_player) == ("play", 1)


@pytest.mark.parametrize("choice, pile, field", [("take 3B", "3B 3C2", "3C1 9C1 5C1"),
                                                 ("take 3C1", "3C1 3C2", "3B 9C1 5C1")])
def test_drawn_card_with_two_matches_waits_for_a_choice(choice, pile, field):
    g = layout(["5C1 6C2", "6C1 7C1"], "3B 3C1 9C1", "3C2 4C1 10C1 11C1")
    events = g.apply("play 5C1")
    assert kinds(events) == ["played", "to_field", "drawn"]
    assert (g.phase, g.current_player, g.pending) == ("take", 0, cards("3C2")[0])
    assert legal(g) == ["take 3B", "take 3C1"]
    assert codes(g.stock) == "4C1 10C1 11C1"
    g.apply(choice)
    assert codes(g.piles[0]) == pile and codes(g.field) == field
    assert (g.phase, g.current_player, g.pending) == ("play", 1, None)


@pytest.mark.parametrize("matching, expected", [
    ("required", ["play 1B"]),
    ("if_matching", ["play 1B", "play 2A"]),
    ("optional", ["play 1B", "play 1B -", "play 2A"]),
])
def test_matching_from_hand(matching, expected):
    g = layout(["1B 2A", "6C1 7C1"], "1C1 5C1", "8C1 9C1 10C1 11C1",
               rules=KoiKoiRules(matching=matching))
    assert legal(g) == expected


@pytest.mark.parametrize("matching", ["required", "if_matching", "optional"])
def test_nothing_matches_any_card_may_be_played(matching):
    g = layout(["2A 4A", "6C1 7C1"], "1C1 5C1", "8C1 9C1 10C1 11C1",
               rules=KoiKoiRules(matching=matching))
    assert legal(g) == ["play 2A", "play 4A"]


@pytest.mark.parametrize("matching, absent", [
    ("required", (1, 5)),   # it would have had to capture a January or May card: it holds none
    ("if_matching", ()),    # it might have chosen not to
    ("optional", ()),
])
def test_a_card_that_captures_nothing_shows_the_months_its_hand_lacks(matching, absent):
    g = layout(["2A 4A", "6C1 7C1"], "1C1 5C1", "8C1 9C1 10C1 11C1",
               rules=KoiKoiRules(matching=matching))
    assert g.observation(1).absent_months == ((), ())
    g.apply("play 2A")   # captures nothing; the drawn 8C1 neither
    assert [g.observation(s).absent_months for s in (0, 1)] == [(absent, ())] * 2
    g.apply("play 6C1")  # seat 1 lays too: the field is now 1C1 5C1 2A 8C1
    if matching == "required":
        assert g.observation(0).absent_months == ((1, 5), (1, 2, 5, 8))


def test_if_matching_a_played_card_that_matches_must_capture():
    g = layout(["1B 2A", "6C1 7C1"], "1C1 5C1", "8C1 9C1 10C1 11C1",
               rules=KoiKoiRules(matching="if_matching"))
    with pytest.raises(IllegalActionError):
        g.apply("play 1B -")
    g.apply("play 1B")
    assert codes(g.piles[0]) == "1B 1C1"


def test_optional_matching_lays_a_matching_card_down():
    g = layout(["1B 2A", "6C1 7C1"], "1C1 5C1", "8C1 9C1 10C1 11C1",
               rules=KoiKoiRules(matching="optional"))
    events = g.apply("play 1B -")
    assert "captured" not in kinds(events)
    assert kinds(events)[:2] == ["played", "to_field"]  # as a card that matches nothing
    assert codes(g.field) == "1C1 5C1 1B 8C1"
    assert g.piles == [[], []]


def test_optional_matching_the_drawn_card_must_still_capture():
    g = layout(["1B 2A", "6C1 7C1"], "1C1 5C1", "5C2 9C1 10C1 11C1",
               rules=KoiKoiRules(matching="optional"))
    g.apply("play 1B -")
    assert codes(g.piles[0]) == "5C1 5C2"  # no take phase, no way to lay it down
    assert g.phase == "play" and g.current_player == 1


def test_capture_pile_is_sorted_by_kind():
    g = layout(["3C2 9A", "6C1 7C1"], "3B 9C1 4C1", "9R 10C1 11C1 12C1",
               piles=("1C1 2A", ""), rules=PLAIN)
    g.apply("play 3C2")  # takes 3B; the drawn 9R takes 9C1
    assert codes(g.piles[0]) == "3B 2A 9R 1C1 3C2 9C1"
    assert g.piles[0] == sort_pile(g.piles[0])


# ----------------------------------------------------------------------------------------------
# Hand swap


def test_hand_swap_the_non_dealer_decides():
    g = KoiKoiGame.new(0, SEED)
    assert g.phase == "swap" and g.current_player == 1 - g.dealer
    assert legal(g) == ["swap", "keep"]
    assert g.observation(g.dealer).legal_actions == ()
    before = [list(h) for h in g.hands]
    events = g.apply("swap")
    assert events[0].kind == "hands_swapped" and events[0].seat == 1 - g.dealer
    assert g.hands == [before[1], before[0]]
    assert (g.phase, g.current_player) == ("play", g.dealer)


def test_hand_swap_keep_changes_nothing():
    g = KoiKoiGame.new(0, SEED)
    before = [list(h) for h in g.hands]
    assert kinds(g.apply("keep"))[0] == "hands_kept"
    assert g.hands == before and (g.phase, g.current_player) == ("play", g.dealer)


@pytest.mark.parametrize("rules", [NINTENDO, KoiKoiRules(hand_swap=False)])
def test_no_hand_swap_the_dealer_plays_first(rules):
    g = KoiKoiGame.new(0, rules)
    assert (g.phase, g.current_player) == ("play", g.dealer)
    assert not {"swap", "keep"} & set(legal(g))


def reference_stock_after_draw_for_first(seed: int) -> tuple[list[Card], Card, Card]:
    """docs/rules.md: the dealer draws deck[24], the other deck[25]; they go back one at a time
    (dealer's first), each to stock index int(rng.random() * (len(stock) + 1)), rng being the
    deal's random.Random continued after the shuffle. Returns (stock, dealer's, other's)."""
    deck = list(DECK)
    rng = random.Random(seed)
    for i in range(len(deck) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]
    stock = deck[24:]
    d, o = stock.pop(0), stock.pop(0)
    stock.insert(int(rng.random() * (len(stock) + 1)), d)
    stock.insert(int(rng.random() * (len(stock) + 1)), o)
    return stock, d, o


# docs/rules.md changed: the two cards drawn for first go back into the stock at unknown places
# (they stayed on top before).
@pytest.mark.parametrize("swap", [False, True])
@pytest.mark.parametrize("seed", range(12))
def test_draw_for_first_the_earliest_month_starts_and_the_cards_go_back(seed, swap):
    g = KoiKoiGame.new(seed, KoiKoiRules(hand_swap=swap, draw_for_first=True))
    assert g.deal_count == 1
    if swap:
        assert g.phase == "swap" and len(g.stock) == 24
        events = g.apply("keep")
    stock, d, o = reference_stock_after_draw_for_first(seed)
    first = g.dealer if d.month <= o.month else 1 - g.dealer
    assert g.current_player == first and g.stock == stock
    if swap:
        shown = next(e for e in events if e.kind == "draw_for_first")
        assert shown.cards == (d, o) and shown.seat == first
    for seat in (0, 1):  # both know the two cards are in the stock, not where
        assert g.observation(seat).revealed_stock == tuple(sorted((d, o)))


def test_draw_for_first_the_cards_go_back_at_different_places():
    places = set()
    for seed in range(40):
        g = KoiKoiGame.new(seed, KoiKoiRules(hand_swap=False, draw_for_first=True))
        if g.deal_count == 1:
            _stock, d, o = reference_stock_after_draw_for_first(seed)
            places.add((g.stock.index(d), g.stock.index(o)))
    assert len(places) > 20


# ----------------------------------------------------------------------------------------------
# Instant wins

TESHI = 340      # a dealt hand holds all four of a month
KUTTSUKI = 153   # a dealt hand holds four pairs
BOTH_INSTANT = 127297


def instant_seat(seed: int) -> int:
    """The seat dealt an instant-win hand in the first deal of ``seed``."""
    dealer = KoiKoiGame(seed).dealer  # chosen from the seed before the deal
    hands = reference_deal(seed, dealer)[0]
    found = [s for s in (0, 1) if has_full_month(hands[s]) or is_four_pairs(hands[s])]
    assert len(found) == 1
    return found[0]


@pytest.mark.parametrize("seed, how", [(TESHI, "teshi"), (KUTTSUKI, "kuttsuki")])
@pytest.mark.parametrize("rules, points", [(SEED, 5), (NINTENDO, 6)], ids=["seed", "nintendo"])
def test_instant_win(seed, how, rules, points):
    g = KoiKoiGame.new(seed, rules)
    winner = instant_seat(seed)
    events = g.apply("keep") if rules.hand_swap else []
    if not rules.hand_swap:  # decided at once, in new()
        assert g.history
    result = g.history[0]
    assert (result.kind, result.winner, result.yaku) == ("instant_win", winner, {how: points})
    assert result.points[winner] == points and result.points[1 - winner] == 0
    assert g.scores[winner] == points and g.scores[1 - winner] == 0
    assert g.dealer == winner  # the winner deals next
    if events:
        after = kinds(events)
        assert after.index("instant_win") < after.index("round_over") < after.index("dealt")
        assert next(e for e in events if e.kind == "dealt").seat == winner


def test_instant_win_is_never_multiplied():
    g = KoiKoiGame.new(KUTTSUKI, KoiKoiRules(field_bright_multiplier=True,
                                              koikoi_multiplier=True, seven_point_double=True))
    assert g.field_brights == 2  # would be x3
    g.apply("keep")
    winner = instant_seat(KUTTSUKI)
    assert g.history[0].points[winner] == 5 and g.history[0].multipliers == []


def test_a_swapped_instant_hand_wins_for_its_new_holder():
    g = KoiKoiGame.new(TESHI, SEED)
    holder = instant_seat(TESHI)
    g.apply("swap")
    assert g.history[0].winner == 1 - holder


@pytest.mark.parametrize("rules", [SEED, NINTENDO], ids=["seed", "nintendo"])
def test_both_players_instant_is_a_void_deal(rules):
    g = KoiKoiGame.new(BOTH_INSTANT, rules)
    hands, _f, _s = reference_deal(BOTH_INSTANT, g.dealer)
    assert all(has_full_month(h) or is_four_pairs(h) for h in hands)
    dealer = g.dealer
    if rules.hand_swap:
        assert g.hands == hands
        events = g.apply("keep")
        assert kinds(events)[:3] == ["hands_kept", "void_deal", "dealt"]
        assert events[2].seat == dealer
    assert g.history == [] and g.scores == [0, 0] and g.round == 1
    assert g.dealer == dealer and g.deal_count >= 2
    assert g.hands != hands


# ----------------------------------------------------------------------------------------------
# Koi-koi decision, stop, last turn

# Seat 0 (dealer, to play) holds the 8B; the pile's 1B 3B make sanko with it.
SANKO = dict(hands=["8B 7C2", "6C1 6C2"], field="8C1 4C1", stock="9C1 10C1 11C1 5C2",
             piles=("1B 3B", ""))


def sanko_game(rules=PLAIN, **kw) -> KoiKoiGame:
    args = {**SANKO, **kw}
    return KoiKoiGame.from_layout(args.pop("hands"), args.pop("field"), args.pop("stock"),
                                  rules=rules, **args)


def test_koikoi_offered_when_the_yaku_total_rises():
    g = sanko_game()
    assert legal(g) == ["play 8B"]
    events = g.apply("play 8B")
    assert kinds(events) == ["played", "captured", "drawn", "to_field", "yaku"]
    assert events[-1].data == {"yaku": {"sanko": 5}, "total": 5}
    assert (g.phase, g.current_player) == ("decide", 0)
    assert legal(g) == ["koikoi", "stop"]


def test_koikoi_continues_with_the_other_player():
    g = sanko_game()
    g.apply("play 8B")
    events = g.apply("koikoi")
    assert kinds(events) == ["koikoi", "turn"]
    assert events[0].data == {"calls": 1}
    assert g.koikoi_calls == [1, 0] and (g.phase, g.current_player) == ("play", 1)
    assert g.scores == [0, 0] and g.history == []


def test_koikoi_offered_when_the_drawn_card_makes_the_yaku():
    g = layout(["2A 7C2", "6C1 6C2"], "8C1 4C1", "8B 10C1 11C1 5C2", piles=("1B 3B", ""))
    g.apply("play 2A")
    assert g.phase == "decide"


def test_no_koikoi_question_when_the_total_does_not_rise():
    g = layout(["2C1 4A", "6C1 7C1"], "2C2 5C1", "9C1 10C1 11C1 12C1", piles=("1B 3B 8B", ""))
    events = g.apply("play 2C1")
    assert "yaku" not in kinds(events)
    assert (g.phase, g.current_player) == ("play", 1)


def test_koikoi_offered_again_when_an_existing_yaku_grows():
    ten_chaff = "1C1 1C2 2C1 2C2 3C1 3C2 4C1 4C2 5C1 5C2"  # kasu 1 already
    g = layout(["6C1 4A", "7C1 8A"], "6C2 12B", "9C1 10C1 11C1 12C1", piles=(ten_chaff, ""),
               koikoi_calls=(1, 0))
    g.apply("play 6C1")  # kasu 3; then 12C1 drawn takes 12B
    assert g.phase == "decide"
    assert g.yaku_of(0) == {"kasu": 3}


def test_a_koikoi_then_a_better_yaku_then_stop():
    """Turn 1 sanko, koi-koi; the opponent plays; turn 3 shiko, stop: 8 x (1 + 1 call)."""
    g = layout(["8B 12B 4A", "7C1 9C1 10C1"], "8C1 12C1 5C1 6C1",
               "11C1 2C1 2C2 3C1 4C1 7C2", piles=("1B 3B", ""), field_brights=0)
    g.apply("play 8B")
    assert g.phase == "decide"
    g.apply("koikoi")
    g.apply("play 7C1")
    assert g.current_player == 0 and g.phase == "play"
    assert legal(g) == ["play 12B"]
    g.apply("play 12B")
    assert g.phase == "decide" and g.yaku_of(0) == {"shiko": 8}
    events = g.apply("stop")
    assert kinds(events)[:2] == ["stop", "round_over"]
    result = g.history[0]
    assert (result.kind, result.winner, result.base) == ("stop", 0, 8)
    assert result.multipliers == [("koikoi", 2)]
    assert result.points == [16, 0] and g.scores == [16, 0]


def test_stop_scores_the_yaku_total_and_the_other_scores_zero():
    g = sanko_game(scores=(7, 9))
    g.apply("play 8B")
    events = g.apply("stop")
    assert g.history[0].points == [5, 0]
    assert g.scores == [12, 9]
    over = next(e for e in events if e.kind == "round_over")
    assert over.data["scores"] == [12, 9] and over.data["result"]["yaku"] == {"sanko": 5}


def test_second_to_last_turn_still_asks():
    g = sanko_game(hands=["8B", "6C1"])
    g.apply("play 8B")
    assert g.phase == "decide"


@pytest.mark.parametrize("rules, points", [(PLAIN, 5), (SEED, 5 * 3 * 2)])
def test_last_turn_yaku_ends_the_round_as_if_stopped(rules, points):
    # Seed rules: 2 field brights (x3) and one koi-koi called (x2).
    g = sanko_game(rules, hands=["8B", ""], field_brights=2, koikoi_calls=(1, 0))
    events = g.apply("play 8B")
    assert "koikoi" not in legal(g) and g.phase != "decide"
    assert kinds(events)[:6] == ["played", "captured", "drawn", "to_field", "yaku", "round_over"]
    result = g.history[0]
    assert (result.kind, result.winner) == ("last_turn", 0)
    assert result.points == [points, 0]


def test_last_turn_yaku_from_the_drawn_card():
    g = layout(["2A", ""], "8C1 4C1", "8B", piles=("1B 3B", ""), rules=PLAIN)
    g.apply("play 2A")
    assert g.history[0].kind == "last_turn" and g.history[0].points == [5, 0]


def test_last_turn_without_a_new_yaku_exhausts_the_hands():
    g = layout(["2A", ""], "8C1 4C1", "9C1", piles=("1B 3B 8B", ""), rules=PLAIN)
    g.apply("play 2A")
    assert g.history[0].kind == "exhausted" and g.history[0].points == [0, 0]


# ----------------------------------------------------------------------------------------------
# Multipliers

BASE_PILES = {5: "1B 3B", 6: "1B 3B 2A 4A 5A 11A 10A", 7: "1B 3B 11B", 8: "1B 3B 12B"}


@pytest.mark.parametrize("options, base, field_brights, calls, points, names", [
    # no multiplier
    ({}, 5, 2, (0, 0), 5, []),
    # field brights: x(1 + n)
    ({"field_bright_multiplier": True}, 5, 0, (0, 0), 5, []),
    ({"field_bright_multiplier": True}, 5, 1, (0, 0), 10, ["field_brights"]),
    ({"field_bright_multiplier": True}, 5, 2, (0, 0), 15, ["field_brights"]),
    ({"field_bright_multiplier": True}, 5, 3, (0, 0), 20, ["field_brights"]),
    # koi-koi: x(1 + the winner's calls)
    ({"koikoi_multiplier": True}, 5, 0, (1, 0), 10, ["koikoi"]),
    ({"koikoi_multiplier": True}, 5, 0, (2, 0), 15, ["koikoi"]),
    ({"koikoi_multiplier": True}, 5, 0, (0, 2), 5, []),           # the loser's calls: no
    ({}, 5, 0, (2, 0), 5, []),
    # opponent koi-koi: x2 when the loser called, however often
    ({"opponent_koikoi_double": True}, 5, 0, (0, 1), 10, ["opponent_koikoi"]),
    ({"opponent_koikoi_double": True}, 5, 0, (0, 3), 10, ["opponent_koikoi"]),
    ({"opponent_koikoi_double": True}, 5, 0, (1, 0), 5, []),
    ({}, 5, 0, (0, 1), 5, []),
    # seven points: x2 when the yaku total (before multipliers) is 7 or more
    ({"seven_point_double": True}, 6, 0, (0, 0), 6, []),
    ({"seven_point_double": True}, 7, 0, (0, 0), 14, ["seven_points"]),
    ({"seven_point_double": True}, 8, 0, (0, 0), 16, ["seven_points"]),
    ({}, 8, 0, (0, 0), 8, []),
    ({"seven_point_double": True, "koikoi_multiplier": True}, 5, 0, (1, 0), 10, ["koikoi"]),
    # several multiply
    ({"field_bright_multiplier": True, "koikoi_multiplier": True,
      "opponent_koikoi_double": True, "seven_point_double": True}, 8, 1, (1, 1), 128,
     ["field_brights", "koikoi", "opponent_koikoi", "seven_points"]),
    ({"field_bright_multiplier": True, "koikoi_multiplier": True}, 5, 1, (2, 0), 30,
     ["field_brights", "koikoi"]),
])
def test_multipliers(options, base, field_brights, calls, points, names):
    rules = dataclasses.replace(PLAIN, **options)
    g = sanko_game(rules, piles=(BASE_PILES[base], ""), field_brights=field_brights,
                   koikoi_calls=calls)
    g.apply("play 8B")
    g.apply("stop")
    result = g.history[0]
    assert result.base == base
    assert [name for name, _m in result.multipliers] == names
    assert result.points == [points, 0]


@pytest.mark.parametrize("rules, points", [(SEED, 8 * 2 * 3), (NINTENDO, 8 * 2 * 2)],
                         ids=["seed", "nintendo"])
def test_presets_multiply(rules, points):
    # Seed: 1 field bright (x2), 2 koi-koi (x3). Nintendo: opponent called (x2), 8 points (x2).
    g = sanko_game(rules, piles=("1B 3B 12B", ""), field_brights=1,
                   koikoi_calls=(2, 0) if rules is SEED else (0, 1))
    g.apply("play 8B")
    g.apply("stop")
    assert g.history[0].points == [points, 0]


@pytest.mark.parametrize("penalty, calls, scores", [
    (True, (0, 1), [8, -3]),     # the caller who loses loses the amount won (below zero)
    (False, (0, 1), [8, 2]),
    (True, (0, 0), [8, 2]),      # the loser did not call
    (True, (1, 0), [8, 2]),      # the winner's own call costs nothing
])
def test_koikoi_penalty(penalty, calls, scores):
    g = sanko_game(dataclasses.replace(PLAIN, koikoi_penalty=penalty), scores=(3, 2),
                   koikoi_calls=calls)
    g.apply("play 8B")
    g.apply("stop")
    assert g.scores == scores
    assert g.history[0].points == [scores[0] - 3, scores[1] - 2]


# ----------------------------------------------------------------------------------------------
# End of a round, next dealer, end of the match

# Two turns left, nothing to make: the hands run out.
EXHAUST = dict(hands=["2A", "4A"], field="5C1", stock="6C1 7C1", piles=("1B 3B", "12B 8B"))


def exhaust_game(rules, **kw) -> KoiKoiGame:
    args = {**EXHAUST, **kw}
    return KoiKoiGame.from_layout(args.pop("hands"), args.pop("field"), args.pop("stock"),
                                  rules=rules, **args)


@pytest.mark.parametrize("rules, dealer, next_dealer", [
    (SEED, 0, 0), (SEED, 1, 1),                   # dealer stays
    (NINTENDO, 0, 1), (NINTENDO, 1, 0),           # dealer passes
])
def test_hands_exhausted_is_a_draw(rules, dealer, next_dealer):
    g = exhaust_game(rules, dealer=dealer, koikoi_calls=(1, 1), scores=(10, 20))
    g.apply(f"play {g.hands[dealer][0]}")      # the dealer plays first
    events = g.apply(f"play {g.hands[1 - dealer][0]}")
    result = g.history[0]
    assert (result.kind, result.winner, result.points) == ("exhausted", None, [0, 0])
    assert g.scores == [10, 20]                    # koi-koi calls count for nothing
    assert next(e for e in events if e.kind == "dealt").seat == next_dealer


@pytest.mark.parametrize("rules", [SEED, NINTENDO], ids=["seed", "nintendo"])
@pytest.mark.parametrize("winner", [0, 1])
def test_winner_deals_next(rules, winner):
    # Seat `winner` is to play with the sanko-making card; the other seat is the dealer.
    hands = ["8B 7C2", "6C1 6C2"] if winner == 0 else ["6C1 6C2", "8B 7C2"]
    piles = ("1B 3B", "") if winner == 0 else ("", "1B 3B")
    g = layout(hands, "8C1 4C1", "9C1 10C1 11C1 5C2", dealer=1 - winner, current=winner,
               piles=piles, rules=rules)
    g.apply("play 8B")
    events = g.apply("stop")
    assert g.history[0].winner == winner and g.history[0].dealer == 1 - winner
    assert next(e for e in events if e.kind == "dealt").seat == winner


@pytest.mark.parametrize("scores, over", [((44, 0), False), ((45, 0), True), ((0, 49), False),
                                          ((60, 0), True)])
def test_match_to_50_points(scores, over):
    g = sanko_game(PLAIN, scores=scores)
    g.apply("play 8B")
    events = g.apply("stop")
    assert g.is_over is over
    assert ("match_over" in kinds(events)) is over
    if over:
        assert g.winner == 0 and g.result["winner"] == 0
        assert g.result["scores"] == [scores[0] + 5, scores[1]]
        assert g.phase == "over" and g.legal_actions() == []
    else:
        assert g.result is None and g.round == 2


@pytest.mark.parametrize("rounds", [3, 6, 12])
@pytest.mark.parametrize("played, over", [(-1, False), (0, True)])
def test_match_of_n_rounds(rounds, played, over):
    rules = dataclasses.replace(PLAIN, match_end=f"rounds{rounds}")
    g = exhaust_game(rules, round=rounds + played)
    g.apply("play 2A")
    events = g.apply("play 4A")
    assert g.is_over is over and ("match_over" in kinds(events)) is over
    assert g.round == (rounds if over else rounds + played + 1)


def test_a_level_match_is_a_draw():
    g = sanko_game(dataclasses.replace(PLAIN, match_end="rounds3"), round=3, scores=(0, 5))
    g.apply("play 8B")
    events = g.apply("stop")
    assert g.is_over and g.scores == [5, 5]
    assert g.winner is None and g.result["winner"] is None
    assert next(e for e in events if e.kind == "match_over").seat is None


def test_a_level_match_after_a_drawn_last_round():
    g = exhaust_game(dataclasses.replace(PLAIN, match_end="rounds6"), round=6, scores=(12, 12))
    g.apply("play 2A")
    g.apply("play 4A")
    assert g.is_over and g.result == {"scores": [12, 12], "winner": None,
                                      "rounds": [g.history[0].to_dict()]}


def test_over_the_50_point_target_in_a_long_random_match():
    g = KoiKoiGame.new(3, SEED)
    rng = random.Random(3)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    assert max(g.scores) >= 50
    assert all(max(sum(r.points[s] for r in g.history[:i]) for s in (0, 1)) < 50
               for i in range(len(g.history)))
    assert g.round == len(g.history) and [r.round for r in g.history] == \
        list(range(1, g.round + 1))


# ----------------------------------------------------------------------------------------------
# Layouts, replay, illegal actions


def test_layout_validation():
    with pytest.raises(DuplicateCardError, match="8C1"):
        layout(["8B 7C2", "6C1 6C2"], "8C1 4C1", "9C1 10C1 11C1 5C2", piles=("8C1", ""))
    with pytest.raises(ValueError, match="seat 0"):
        layout(["8B", "6C1 6C2"], "8C1", "9C1 10C1 11C1 5C2")       # seat 0 would run out first
    with pytest.raises(ValueError, match="stock"):
        layout(["8B 7C2", "6C1 6C2"], "8C1", "9C1 10C1 11C1")       # one draw short
    with pytest.raises(ValueError, match="12X"):
        layout(["8B 12X", "6C1 6C2"], "8C1", "9C1 10C1 11C1 5C2")
    with pytest.raises(ValueError, match="dealer"):
        layout(["8B", "6C1"], "", "1B 2A", dealer=2)


@pytest.mark.parametrize("actions", [0, 1, 5, 30, 200])
@pytest.mark.parametrize("rules", [SEED, NINTENDO], ids=["seed", "nintendo"])
def test_replay_from_to_dict(actions, rules):
    g = KoiKoiGame.new(11, rules)
    rng = random.Random(actions)
    for _ in range(actions):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    data = json.loads(json.dumps(g.to_dict()))
    copy = KoiKoiGame.from_dict(data)
    assert snapshot(copy) == snapshot(g)
    assert [r.to_dict() for r in copy.history] == [r.to_dict() for r in g.history]


def test_replay_of_a_layout_game_continues_into_later_rounds():
    g = sanko_game(SEED, field_brights=1)
    g.apply("play 8B")
    g.apply("stop")
    rng = random.Random(1)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))
    data = json.loads(json.dumps(g.to_dict()))
    assert data["layout"]["piles"] == ["1B 3B", ""]
    copy = KoiKoiGame.from_dict(data)
    assert snapshot(copy) == snapshot(g) and copy.history[0].points == [10, 0]


def test_from_dict_rejects_other_games():
    with pytest.raises(ValueError, match="hearts"):
        KoiKoiGame.from_dict({"game": "hearts600", "seed": 1, "rules": {}, "actions": []})


# Position: seat 0 to play 3C2 (two matches) or 5C1; matching is required.
ILLEGAL = dict(hands=["3C2 5C1", "6C1 7C1"], field="3B 3C1 9C1", stock="2C1 4C1 10C1 11C1")


# Text that is no action at all is InvalidNotationError, not IllegalActionError (the engine
# contract: rules/engine.py); the rows are the same, each under its error.
@pytest.mark.parametrize("action, named, error", [
    ("play 3C2", "play 3C2", AmbiguousActionError),  # two matches: the target must be named
    ("play 5C1", "play 5C1", IllegalActionError),    # a matching card must be played
    ("play 6C1", "play 6C1", IllegalActionError),    # the opponent's card
    ("play 3B", "play 3B", IllegalActionError),      # a field card
    ("play 3C2 9C1", "play 3C2 9C1", IllegalActionError),  # not the same month
    ("play 3C2 -", "play 3C2 -", IllegalActionError),      # laying down is the optional rule's
    ("take 3B", "take 3B", IllegalActionError),
    ("koikoi", "koikoi", IllegalActionError), ("stop", "stop", IllegalActionError),
    ("swap", "swap", IllegalActionError), ("keep", "keep", IllegalActionError),
    ("fold", "fold", InvalidNotationError), ("play", "play", InvalidNotationError),
    ("play 3C2 3B 3C1", "play 3C2 3B 3C1", InvalidNotationError),
    ("play 13B", "13B", InvalidNotationError), ("take", "take", InvalidNotationError),
    (Action("play", cards("6C1")[0]), "play 6C1", IllegalActionError),
    (Action("take", None, cards("3B")[0]), "take 3B", IllegalActionError),
])
def test_illegal_actions_raise_and_change_nothing(action, named, error):
    g = layout(**ILLEGAL)
    before, saved = snapshot(g), g.to_dict()
    with pytest.raises(error, match=named) as info:
        g.apply(action)
    assert isinstance(info.value, ValueError)
    assert snapshot(g) == before and g.to_dict() == saved
    g.apply("play 3C2 3B")                    # and the game goes on
    assert codes(g.piles[0]) == "3B 3C2"


@pytest.mark.parametrize("text", ["", "   "])
def test_empty_action_is_illegal(text):
    g = layout(**ILLEGAL)
    with pytest.raises(InvalidNotationError, match="empty"):
        g.apply(text)


def test_actions_after_the_match_are_illegal():
    g = sanko_game(PLAIN, scores=(45, 0))
    g.apply("play 8B")
    g.apply("stop")
    with pytest.raises(IllegalActionError, match="koikoi"):
        g.apply("koikoi")


def test_a_capture_may_name_any_card_of_the_only_option():
    g = layout(["1C2 5C1", "6C1 7C1"], "1B 1R 1C1 9C1", "2C1 3C1 4C1 10C1")
    g.apply("play 1C2 1R")  # the triple is taken whole all the same
    assert codes(g.piles[0]) == "1B 1R 1C1 1C2"
    assert [str(a) for a in g.actions] == ["play 1C2"]


def test_observation_hides_the_opponent_and_the_stock():
    g = layout(**ILLEGAL)
    obs = g.observation(1)
    assert obs.hand == tuple(cards("6C1 7C1")) and obs.opponent_hand_count == 2
    assert obs.stock_count == 4 and obs.legal_actions == ()
    assert {"hand", "field", "piles", "scores", "phase", "pending", "yaku"} <= \
        {f.name for f in dataclasses.fields(obs)}
    assert not cards_in(obs) & set(cards("3C2 5C1 2C1 4C1 10C1 11C1"))
    with pytest.raises(ValueError):
        g.observation(2)


# ----------------------------------------------------------------------------------------------
# Hypothesis playouts: whole matches with random legal actions, invariants after each action

OPTION_VALUES = {
    "scoring": ["simple", "complex"], "viewing": ["always", "with_other", "never"],
    "matching": ["required", "if_matching", "optional"], "exhausted_dealer": ["stays", "passes"],
    "match_end": ["target50", "rounds3", "rounds6", "rounds12"], "instant_win_points": [5, 6],
}
BOOL_OPTIONS = [f.name for f in dataclasses.fields(KoiKoiRules) if f.name not in OPTION_VALUES]


@st.composite
def any_rules(draw) -> KoiKoiRules:
    base = draw(st.sampled_from([SEED, NINTENDO]))
    changes = draw(st.dictionaries(
        st.sampled_from(sorted(OPTION_VALUES) + BOOL_OPTIONS), st.none(), max_size=6))
    options = {}
    for name in changes:
        values = OPTION_VALUES.get(name, [False, True])
        options[name] = draw(st.sampled_from(values))
    return dataclasses.replace(base, **options)


def check_state(game: KoiKoiGame, known: frozenset[Card] = frozenset()) -> None:
    """The invariants; ``known``: the cards both seats have been shown this round (a swapped
    hand), which the observations must show where they are now and nothing else hidden."""
    every = [*game.hands[0], *game.hands[1], *game.field, *game.piles[0], *game.piles[1],
             *game.stock]
    if game.pending is not None:
        every.append(game.pending)
    assert sorted(every) == list(DECK), "every card in exactly one place"
    for pile in game.piles:
        assert pile == sort_pile(pile)
    if game.phase == "play":
        me, other = len(game.hands[game.current_player]), len(game.hands[1 - game.current_player])
        assert me - other in (0, 1) and me > 0
        assert len(game.stock) >= me + other
    assert (game.pending is not None) == (game.phase == "take")
    assert bool(game.legal_actions()) != game.is_over
    for seat in (0, 1):
        obs = game.observation(seat)
        assert obs.hand == tuple(game.hands[seat])
        seen = cards_in(obs) - known
        assert not seen & set(game.hands[1 - seat]), "the opponent's hand leaked"
        assert not seen & set(game.stock), "the stock leaked"
        assert obs.revealed_hands == tuple(tuple(sorted(known & set(h))) for h in game.hands)
        assert obs.revealed_stock == tuple(sorted(known & set(game.stock)))


def shown_to_both(events, game: KoiKoiGame, known: frozenset[Card]) -> frozenset[Card]:
    """The cards both seats have seen this round, after ``events``: a hand swap shows both
    hands (each seat knew the hand it gave away), draw for first two stock cards; a new deal
    forgets them."""
    swapped = False
    for e in events:
        if e.kind == "dealt":
            known, swapped = frozenset(), False
        elif e.kind == "hands_swapped":
            swapped = True
        elif e.kind == "draw_for_first":
            known = known | set(e.cards)
    if swapped:
        known = known | set(game.hands[0]) | set(game.hands[1])
    return known


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), pick=st.integers(0, 2**32), rules=any_rules())
def test_random_playouts_keep_the_invariants(seed, pick, rules):
    game = KoiKoiGame.new(seed, rules)
    rng = random.Random(pick)
    known = shown_to_both(game.start_events, game, frozenset())
    check_state(game, known)
    while not game.is_over:
        before = list(game.scores)
        rounds = len(game.history)
        legal = game.legal_actions()
        assert all(parse_action(str(a)) == a for a in legal), "the notation reads back"
        events = game.apply(rng.choice(legal))
        known = shown_to_both(events, game, known)
        ended = [e for e in events if e.kind == "round_over"]
        assert len(ended) == len(game.history) - rounds
        if game.scores != before:
            assert ended, "scores change only when a round is over"
        for e in ended:
            points = e.data["result"]["points"]
            before = [before[0] + points[0], before[1] + points[1]]
            assert e.data["scores"] == before
        assert game.scores == before
        for e in events:
            if e.kind == "captured" and not ended:
                assert set(e.cards) <= set(game.piles[e.seat])
        check_state(game, known)
    assert game.result is not None
    a, b = game.scores
    assert game.winner == (None if a == b else int(b > a))
    if rules.target_score is None:
        assert game.round == rules.max_rounds
    else:
        assert max(game.scores) >= rules.target_score
    copy = KoiKoiGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert snapshot(copy) == snapshot(game)
    assert [r.to_dict() for r in copy.history] == [r.to_dict() for r in game.history]
