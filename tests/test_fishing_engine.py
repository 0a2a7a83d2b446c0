"""The fishing engine (rules/fishing/) for 2, 3 and 4 seats, through a made-up test game.

``TinyGame`` is options + scoring + hooks over ``FishingGame``, as 600 Hearts and Hana-awase
will be: each captured card scores a point, the deal passes to the next seat, the match is
``deals`` deals. Exact positions come from ``TinyGame.from_layout`` in card notation; the
Hypothesis playouts play whole matches with random legal actions under random options and
check the engine's invariants after every action.
"""

from __future__ import annotations

import dataclasses
import doctest
import importlib
import json
import random
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import (AmbiguousActionError, IllegalActionError, InvalidNotationError,
                          LayoutError, RulesError)
from rules.fishing import (DealPlan, DealResult, FishingGame, FishingObservation,
                           FishingOptions, deal, deal_plan, sort_pile)
from rules.hanafuda import DECK, Card, codes
from tests.helpers import cards_in

# ----------------------------------------------------------------------------------------------
# The test game

#: docs/rules.md's deals of 600 Hearts by seat count (Hana-awase: 3 seats, 7 + 6 too), and a short
#: deal whose stock outlasts the hands (for drawing on with an empty hand).
PLANS = {("standard", 2): deal_plan(2, 10, 8), ("standard", 3): deal_plan(3, 7, 6),
         ("standard", 4): deal_plan(4, 5, 8), ("short", 2): deal_plan(2, 4, 6),
         ("short", 3): deal_plan(3, 3, 6), ("short", 4): deal_plan(4, 2, 6)}


@dataclass(frozen=True)
class TinyRules:
    players: int = 3
    plan: str = "standard"
    steal: bool = False
    leftovers: bool = True
    draw_on_empty: bool = False
    matching: str = "required"
    field_triple: bool = True
    void: bool = True
    deals: int = 2

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> "TinyRules":
        try:
            return cls(**options)
        except TypeError as exc:
            raise LayoutError(f"rules: {exc}") from None


class TinyGame(FishingGame):
    """A point per captured card; the deal passes round the table; ``deals`` deals."""

    GAME_ID = "tiny"
    RULES = TinyRules

    @classmethod
    def _options_for(cls, rules: TinyRules) -> FishingOptions:
        return FishingOptions(PLANS[rules.plan, rules.players], field_triple=rules.field_triple,
                              matching=rules.matching, steal=rules.steal,
                              draw_on_empty=rules.draw_on_empty, leftovers=rules.leftovers,
                              void_checks=("field_month", "hand_month") if rules.void else ())

    def _end_deal(self) -> None:
        points = [len(p) for p in self.piles]
        best = max(points)
        winner = points.index(best) if points.count(best) == 1 else None
        self._finish_round(DealResult(self.round, "deal", winner, points, self.dealer))

    def _next_dealer(self, result: Any) -> int:
        return (self.dealer + 1) % self.players

    def _match_over(self) -> bool:
        return self.round >= self.rules.deals


def legal(game: FishingGame) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def snapshot(game: FishingGame) -> tuple:
    return (tuple(codes(h) for h in game.hands), codes(game.field), codes(game.stock),
            tuple(codes(p) for p in game.piles), game.pending, game.phase, game.current_player,
            game.dealer, tuple(game.scores), game.round, len(game.history), tuple(legal(game)),
            len(game.actions), game.last_captor, tuple(game.absent))


# ----------------------------------------------------------------------------------------------
# Deal plans


@pytest.mark.parametrize("players, hand, field, stock", [(2, 10, 8, 20), (3, 7, 6, 21),
                                                          (4, 5, 8, 20), (2, 8, 8, 24)])
def test_deal_plans_give_each_hand_and_the_field_their_cards(players, hand, field, stock):
    plan = deal_plan(players, hand, field)
    assert plan.stock == stock
    for dealer in range(players):
        hands, fld, rest = deal(list(DECK), plan, dealer)
        assert [len(h) for h in hands] == [hand] * players
        assert (len(fld), len(rest)) == (field, stock)
        assert sorted(sum(hands, []) + fld + rest) == list(DECK)


def reference_deal(deck: list[Card], players: int, hand: int, field: int, dealer: int):
    """Two rounds of packets round the table from the seat after the dealer (the larger packet
    first), the dealer last, then the field; written out again from rules/fishing/deal.py."""
    hands: list[list[Card]] = [[] for _ in range(players)]
    fld: list[Card] = []
    pos = 0
    for r in range(2):
        share = hand // 2 + (hand % 2 if r == 0 else 0)
        for i in range(1, players + 1):
            hands[(dealer + i) % players] += deck[pos:pos + share]
            pos += share
        share = field // 2 + (field % 2 if r == 0 else 0)
        fld += deck[pos:pos + share]
        pos += share
    return hands, fld, deck[pos:]


@pytest.mark.parametrize("players, hand, field", [(2, 10, 8), (3, 7, 6), (4, 5, 8), (2, 8, 8)])
def test_deal_order_packets_round_the_table(players, hand, field):
    deck = list(DECK)
    random.Random(players).shuffle(deck)
    for dealer in range(players):
        assert deal(deck, deal_plan(players, hand, field), dealer) == \
            reference_deal(deck, players, hand, field, dealer)


def test_a_game_deals_from_its_seed_by_its_plan():
    from rules.deck import shuffled
    for players in (2, 3, 4):
        rules = TinyRules(players=players, void=False)
        game = TinyGame.new(5, rules)
        hands, fld, stock = deal(shuffled(DECK, 5), PLANS["standard", players], game.dealer)
        assert (game.hands, game.field, game.stock) == (hands, fld, stock)
        assert game.current_player == game.dealer and game.phase == "play"


def test_deal_plans_refuse_impossible_deals():
    with pytest.raises(RulesError, match="players"):
        deal_plan(1, 5, 5)
    with pytest.raises(RulesError, match="cannot deal"):
        deal_plan(4, 10, 10)


# Seeds whose first deal gives a whole month to a hand / to the field.
def first_void(check, players: int) -> int:
    from rules.deck import shuffled
    for seed in range(2000):
        dealer = TinyGame(seed, TinyRules(players=players)).dealer
        hands, fld, _stock = deal(shuffled(DECK, seed), PLANS["standard", players], dealer)
        if check(hands, fld):
            return seed
    raise AssertionError("no such seed")


def whole_month(cards_: list[Card]) -> bool:
    return any(sum(c.month == m for c in cards_) == 4 for m in range(1, 13))


@pytest.mark.parametrize("players, check, reason", [
    (2, lambda hands, fld: any(whole_month(h) for h in hands) and not whole_month(fld),
     "hand_month"),
    (4, lambda hands, fld: whole_month(fld), "field_month"),
])
def test_void_deals_are_dealt_again_by_the_same_dealer(players, check, reason):
    seed = first_void(check, players)
    game = TinyGame.new(seed, TinyRules(players=players))
    voids = [e for e in game.start_events if e.kind == "void_deal"]
    assert voids and voids[0].data["reason"] == reason
    assert game.deal_count >= 2 and game.round == 1
    assert not any(whole_month(h) for h in game.hands) and not whole_month(game.field)
    stands = TinyGame.new(seed, TinyRules(players=players, void=False))
    assert stands.deal_count == 1 and stands.dealer == game.dealer


# ----------------------------------------------------------------------------------------------
# Turns for N seats, captures from the field and from other piles, leftovers, drawing on


def tiny(hands, field, stock, **kw) -> TinyGame:
    options = {k: kw.pop(k) for k in list(kw) if k in {f.name for f in
                                                         dataclasses.fields(TinyRules)}}
    players = options.pop("players", len(hands))
    return TinyGame.from_layout(hands, field, stock, rules=TinyRules(players=players, **options),
                                **kw)


def test_turns_go_round_the_table_from_the_dealer():
    g = tiny(["2C1", "4C1", "6C1", "8C1"], "", "10C1 11C1 12C1 5C1", dealer=2)
    seats = []
    while g.round == 1:
        seats.append(g.current_player)
        g.apply(legal(g)[0])
    assert seats == [2, 3, 0, 1]


def test_a_turn_plays_then_draws_and_each_card_captures_by_month():
    g = tiny(["3C2 5C1", "6C1 7C1", "9C2 10C2"], "3B 1C1", "1C2 4C1 10C1 11C1 12C1 8C1")
    events = g.apply("play 3C2")
    assert [str(e) for e in events] == [
        "played seat0 3C2", "captured seat0 3C2 3B", "drawn seat0 1C2",
        "captured seat0 1C2 1C1", "turn seat1"]
    assert codes(g.piles[0]) == "3B 1C1 1C2 3C2" and g.field == []
    assert g.last_captor == 0


def test_two_candidates_the_player_chooses_and_a_triple_is_taken_whole():
    g = tiny(["3C2 5C1", "6C1 7C1"], "3B 3C1 1B 1R 1C1", "1C2 4C1 10C1 11C1")
    assert legal(g) == ["play 3C2 3B", "play 3C2 3C1"]
    with pytest.raises(AmbiguousActionError, match="3B or 3C1"):
        g.apply("play 3C2")
    g.apply("play 3C2 3C1")  # then the drawn 1C2 takes the January triple
    assert codes(g.piles[0]) == "1B 1R 1C1 1C2 3C1 3C2"  # sorted by kind


@pytest.mark.parametrize("steal, expected", [
    (False, ["play 5C1"]),                               # 2A matches nothing on the field
    (True, ["play 2C2 2A", "play 2C2 2C1", "play 5C1"]),  # seat 1's and seat 2's piles
])
def test_captures_from_other_piles_only_with_the_option(steal, expected):
    g = tiny(["2C2 5C1", "6C1 7C1", "8C1 9C1"], "5C2", "10C1 11C1 12C1 4C1 6C2 7C2",
             piles=("2R", "2A", "2C1"), steal=steal, matching="required")
    # Seat 0's own 2R is never a candidate.
    assert legal(g) == expected
    if steal:
        events = g.apply("play 2C2 2C1")
        captured = next(e for e in events if e.kind == "captured")
        assert captured.data == {"from": 2} and codes(captured.cards) == "2C2 2C1"
        assert codes(g.piles[0]) == "2R 2C1 2C2" and g.piles[2] == []
        assert g.pile_masks == [sum(c.bit for c in p) for p in g.piles]


def test_a_drawn_card_may_take_from_another_pile():
    g = tiny(["5C1", "6C1", "8C1"], "", "2C2 11C1 12C1", piles=("2R", "2A", ""), steal=True)
    events = g.apply("play 5C1")
    assert "captured seat0 2C2 2A" in [str(e) for e in events]
    assert g.piles[1] == [] and codes(g.piles[0]) == "2A 2R 2C2"


def test_the_drawn_card_chooses_between_field_and_pile():
    g = tiny(["5C1", "6C1"], "2C1", "2C2 11C1", piles=("", "2A"), steal=True)
    g.apply("play 5C1")
    assert g.phase == "take" and legal(g) == ["take 2C1", "take 2A"]
    g.apply("take 2A")
    assert codes(g.piles[0]) == "2A 2C2" and codes(g.field) == "2C1 5C1"


def test_leftover_field_cards_go_to_the_last_captor():
    g = tiny(["3C2", "6C1", "7C1"], "3B 9C1", "12C1 4C1 5C1", leftovers=True)
    g.apply("play 3C2")      # seat 0 captures 3B
    g.apply("play 6C1")
    events = g.apply("play 7C1")
    left = next(e for e in events if e.kind == "leftovers")
    assert left.seat == 0 and codes(left.cards) == "9C1 12C1 6C1 4C1 7C1 5C1"
    result = g.history[0]
    assert result.points == [8, 0, 0]
    assert sum(result.points) == 8  # every card of the layout ends in a pile


def test_without_the_option_leftovers_stay_on_the_field():
    g = tiny(["3C2", "6C1"], "3B 9C1", "12C1 4C1", leftovers=False)
    g.apply("play 3C2")
    events = g.apply("play 6C1")
    assert "leftovers" not in [e.kind for e in events]
    assert g.history[0].points == [2, 0]


def test_a_seat_without_hand_cards_draws_on_until_the_stock_is_empty():
    g = tiny(["5C1", "6C1", "8C1"], "", "9C1 10C1 11C1 12C1 1C1 2C1", draw_on_empty=True)
    events = []
    for card_ in ("5C1", "6C1", "8C1"):
        events += g.apply(f"play {card_}")
    drawn = [e.seat for e in events if e.kind == "drawn"]
    assert drawn == [0, 1, 2, 0, 1, 2]  # three plays with draws, then three draws alone
    assert len(g.history) == 1 and g.history[0].kind == "deal"
    assert TinyGame.from_dict(g.to_dict()).history[0].points == g.history[0].points


def test_drawing_on_events_and_turn_order():
    g = tiny(["5C1", "6C1"], "", "9C1 10C1 11C1 12C1 1C1", draw_on_empty=True)
    g.apply("play 5C1")
    events = g.apply("play 6C1")
    kinds = [str(e) for e in events]
    assert kinds[:4] == ["played seat1 6C1", "to_field seat1 6C1", "drawn seat1 10C1",
                         "to_field seat1 10C1"]
    assert kinds[4:10] == ["turn seat0", "drawn seat0 11C1", "to_field seat0 11C1",
                           "turn seat1", "drawn seat1 12C1", "to_field seat1 12C1"]
    assert "drawn seat0 1C1" in kinds and "round_over" in [e.kind for e in events]


def test_without_drawing_on_the_deal_ends_when_the_hands_do():
    g = tiny(["5C1", "6C1"], "", "9C1 10C1 11C1 12C1 1C1")
    g.apply("play 5C1")
    g.apply("play 6C1")
    assert len(g.history) == 1


@pytest.mark.parametrize("matching, expected", [
    ("required", ["play 1B"]),
    ("if_matching", ["play 1B", "play 2A"]),
    ("optional", ["play 1B", "play 1B -", "play 2A"]),
])
@pytest.mark.parametrize("steal", [False, True])
def test_matching_rules(matching, expected, steal):
    g = tiny(["1B 2A", "6C1 7C1", "8C1 9C1"], "1C1 5C1", "8C2 9C2 10C1 11C1 12C1 4C1",
             matching=matching, steal=steal)
    assert legal(g) == expected


# ----------------------------------------------------------------------------------------------
# Layout and input checks


@pytest.mark.parametrize("kwargs, named", [
    (dict(hands=["1B", "2A"], players=3), "hands"),        # three seats
    (dict(hands=["1B", "2A 3B", "4A"]), "turn order"),
    (dict(hands=["1B 2A", "3B", "4A 5A"]), "turn order"),
    (dict(stock="11C1"), "stock"),
    (dict(piles=("1C1", "", "", "")), "piles"),
    (dict(dealer=3), "dealer"),
    (dict(field="1B"), "1B"),
])
def test_layouts_that_cannot_be_played_are_refused(kwargs, named):
    args = dict(hands=["1B", "2A", "4A"], field="", stock="9C1 10C1 11C1")
    args.update(kwargs)
    with pytest.raises(LayoutError, match=named):
        tiny(args.pop("hands"), args.pop("field"), args.pop("stock"), **args)


def test_bad_actions_raise_the_family_and_change_nothing():
    g = tiny(["1B 2A", "6C1 7C1", "8C1 9C1"], "1C1 5C1", "8C2 9C2 10C1 11C1 12C1 4C1")
    before = snapshot(g)
    for action, error in [(None, InvalidNotationError), ("koikoi", InvalidNotationError),
                          ("play 2A", IllegalActionError), ("take 1C1", IllegalActionError)]:
        with pytest.raises(error):
            g.apply(action)
        assert snapshot(g) == before


def test_fishing_options_are_checked():
    plan = deal_plan(3, 7, 6)
    with pytest.raises(LayoutError, match="matching"):
        FishingOptions(plan, matching="sometimes")
    with pytest.raises(LayoutError, match="steal"):
        FishingOptions(plan, steal=1)  # type: ignore[arg-type]
    with pytest.raises(LayoutError, match="void_checks"):
        FishingOptions(plan, void_checks=("field_trio",))
    with pytest.raises(LayoutError, match="deal"):
        FishingOptions((3, 7, 6, ()))  # type: ignore[arg-type]
    assert isinstance(plan, DealPlan)


# ----------------------------------------------------------------------------------------------
# Hypothesis playouts at 2, 3 and 4 seats


@st.composite
def tiny_rules(draw) -> TinyRules:
    players = draw(st.sampled_from([2, 3, 4]))
    draw_on = draw(st.booleans())
    return TinyRules(players=players, plan="short" if draw_on else "standard",
                     steal=draw(st.booleans()), leftovers=draw(st.booleans()),
                     draw_on_empty=draw_on, matching=draw(st.sampled_from(
                         ["required", "if_matching", "optional"])),
                     field_triple=draw(st.booleans()), deals=draw(st.integers(1, 3)))


def check_state(game: TinyGame) -> None:
    n = game.players
    every = [*game.field, *game.stock, *(c for h in game.hands for c in h),
             *(c for p in game.piles for c in p)]
    if game.pending is not None:
        every.append(game.pending)
    assert sorted(every) == list(DECK), "every card in exactly one place"
    assert game.field_mask == sum(c.bit for c in game.field)
    assert game.pile_masks == [sum(c.bit for c in p) for p in game.piles]
    for pile in game.piles:
        assert pile == sort_pile(pile)
    assert (game.pending is not None) == (game.phase == "take")
    assert bool(game.legal_actions()) != game.is_over
    for seat in range(n):
        obs = game.observation(seat)
        assert isinstance(obs, FishingObservation) and obs.hand == tuple(game.hands[seat])
        hidden = set(game.stock) | {c for s in range(n) if s != seat for c in game.hands[s]}
        assert not cards_in(obs) & hidden, "another hand or the stock leaked"
        assert obs.hand_counts == tuple(len(h) for h in game.hands)
        assert obs.stock_count == len(game.stock)
        assert not any(game.absent[s] & c.bit for s in range(n) for c in game.hands[s]), \
            "a card known absent from a hand is in it"
        if game.rules.matching != "required":
            assert not any(obs.absent_months), "only required matching shows absent cards"


@settings(max_examples=250, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), pick=st.integers(0, 2**32), rules=tiny_rules())
def test_random_playouts_keep_the_invariants(seed, pick, rules):
    game = TinyGame.new(seed, rules)
    rng = random.Random(pick)
    n = game.players
    check_state(game)
    last_captor = None
    while not game.is_over:
        mover = game.current_player
        action = rng.choice(game.legal_actions())
        events = game.apply(action)
        for e in events:
            if e.kind == "captured":
                capturer, *taken = e.cards
                assert all(c.month == capturer.month for c in taken), "captures by month"
                assert len(taken) in (1, 3)
                if "from" in e.data:
                    assert rules.steal and e.data["from"] != e.seat, "steals from others only"
                    assert len(taken) == 1
                last_captor = e.seat
            elif e.kind == "turn":
                later = events[events.index(e) + 1:]
                if later:  # only a seat drawing on goes on without an action
                    assert rules.draw_on_empty and str(later[0]).startswith(f"drawn seat{e.seat}")
                else:
                    assert game.hands[e.seat] or rules.draw_on_empty
            elif e.kind == "leftovers":
                assert rules.leftovers and e.seat == last_captor, "leftovers to the last captor"
            elif e.kind == "round_over":
                result = e.data["result"]
                if rules.leftovers and last_captor is not None:
                    assert sum(result["points"]) == 48, "all 48 cards end in piles"
                last_captor = None
            elif e.kind == "dealt":
                last_captor = None
        if mover is not None and not any(e.kind in ("round_over", "turn") for e in events):
            assert game.current_player == mover  # a choice of the same turn
        check_state(game)
        turns = [e.seat for e in events if e.kind == "turn"]
        if turns and not any(e.kind == "dealt" for e in events):
            if rules.draw_on_empty:
                assert turns[0] == (mover + 1) % n
            else:  # the next seat in turn order that holds a card
                assert turns == [next(q for q in ((mover + i) % n for i in range(1, n + 1))
                                      if game.hands[q])]
    assert game.current_player is None and game.result is not None
    assert len(game.history) == rules.deals
    assert game.scores == [sum(r.points[s] for r in game.history) for s in range(n)]
    copy = TinyGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert snapshot(copy) == snapshot(game), "replay from seed + actions"


def check_replayed(replayed: list[tuple[int, Any, Any]],
                   seen: list[tuple[int, FishingObservation, Any]]) -> None:
    """``replay_deal`` gave the deal's moves, each with what its seat saw (hands and legal
    actions in any order)."""
    assert [(s, a) for s, _, a in replayed] == [(s, a) for s, _, a in seen]
    for (_, again, _), (_, then, _) in zip(replayed, seen):
        for name in ("field", "piles", "pending", "phase", "current_player", "hand_counts",
                     "stock_count", "turn_captures", "absent_months"):
            assert getattr(again, name) == getattr(then, name), name
        assert sorted(again.hand) == sorted(then.hand)
        assert set(again.legal_actions) == set(then.legal_actions)


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32), rules=tiny_rules(),
       steps=st.integers(0, 60))
def test_replay_clone_and_sample_at_random_points(seed, pick, rules, steps):
    game = TinyGame.new(seed, rules)
    rng = random.Random(pick)
    this_deal: list[tuple[int, FishingObservation, Any]] = []  # (seat, what it saw, action)
    for _ in range(steps):
        if game.is_over:
            break
        deal, seat = game.deal_count, game.current_player
        seen = game.observation(seat)
        action = rng.choice(game.legal_actions())
        game.apply(action)
        this_deal = this_deal + [(seat, seen, action)] if game.deal_count == deal else []
    check_replayed(list(game.replay_deal()), this_deal)
    copy = TinyGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert snapshot(copy) == snapshot(game)
    twin = game.clone()
    assert snapshot(twin) == snapshot(game)
    if not twin.is_over:
        twin.apply(twin.legal_actions()[0])
        assert snapshot(copy) == snapshot(game), "the clone is independent"
    seat = game.current_player if game.current_player is not None else pick % game.players
    obs = game.observation(seat)
    sample = TinyGame.sample(obs, rng)
    assert sample.observation(seat) == obs
    assert {c for s, h in enumerate(sample.hands) if s != seat for c in h} | set(sample.stock) \
        == {c for s, h in enumerate(game.hands) if s != seat for c in h} | set(game.stock)
    assert not any(sample.absent[s] & c.bit for s, h in enumerate(sample.hands) for c in h), \
        "the sample deals a seat a card it is known not to hold"
    mine = [(s, o, a) for s, o, a in this_deal if s == seat]
    check_replayed(list(sample.replay_deal(seats=[seat])), mine)
    for action in obs.legal_actions:
        sample.clone().apply(action)
    while not sample.is_over:
        sample.apply(rng.choice(sample.legal_actions()))


@pytest.mark.parametrize("name", ["rules.fishing", "rules.fishing.basics", "rules.fishing.actions",
                                  "rules.fishing.tables", "rules.fishing.deal",
                                  "rules.fishing.records"])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name),
                             optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_the_engines_shuffle_is_the_decks_bit_for_bit():
    """Deals are replayed from seeds: the engine's cheaper shuffle must deal what
    ``rules.deck.shuffled_with_rng`` deals, and leave its generator where that one does."""
    from rules.deck import shuffled_with_rng
    from rules.fishing.deal import shuffled_deck
    rng = random.Random(14)
    for seed in [0, 1, 2**32, 2**64 - 1, *(rng.getrandbits(64) for _ in range(300))]:
        deck, deal_rng = shuffled_deck(seed)
        same, same_rng = shuffled_with_rng(DECK, seed)
        assert deck == same and sorted(deck) == list(DECK)
        assert [deal_rng.random() for _ in range(3)] == [same_rng.random() for _ in range(3)]
