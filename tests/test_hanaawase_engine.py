"""The Hana-awase engine: Hypothesis playouts of whole twelve-deal matches with random legal
actions under random options, checking after every action that every card is in exactly one
place (stolen ones too), that scores change only when a deal stands (teyaku) and when it ends
(by ``settle_deal`` of the final piles, summing to zero), that observations hide the other
hands (but for teyaku hands) and the stock, and that replay, save round trips, clones and
samples agree; then bad input of any type.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import (AmbiguousActionError, IllegalActionError, InvalidNotationError,
                          LayoutError, RulesError)
from rules.hanaawase import (HanaAwaseGame, HanaAwaseObservation, HanaAwaseRules,
                             InvalidRulesError, dekiyaku, settle_deal, teyaku)
from rules.hanafuda import DECK, codes
from tests.helpers import cards_in

RULES = st.builds(HanaAwaseRules, st.booleans(), st.booleans(), st.booleans())


def snapshot(game: HanaAwaseGame) -> tuple:
    return (tuple(codes(h) for h in game.hands), codes(game.field), codes(game.stock),
            tuple(codes(p) for p in game.piles), game.pending, game.phase, game.current_player,
            game.dealer, tuple(game.scores), game.round, len(game.history),
            tuple(map(str, game.legal_actions())), len(game.actions), game.winners,
            game.deal_teyaku, game.revealed, game.last_captor)


def check_state(game: HanaAwaseGame) -> None:
    every = [*game.field, *game.stock, *(c for h in game.hands for c in h),
             *(c for p in game.piles for c in p)]
    if game.pending is not None:
        every.append(game.pending)
    assert sorted(every) == list(DECK), "every card in exactly one place"
    assert game.pile_masks == [sum(c.bit for c in p) for p in game.piles]
    assert game.field_mask == sum(c.bit for c in game.field)
    assert bool(game.legal_actions()) != game.is_over
    shown = [set(h) if game.deal_teyaku[s] else set() for s, h in enumerate(game.hands)]
    for seat in range(3):
        obs = game.observation(seat)
        assert isinstance(obs, HanaAwaseObservation) and obs.hand == tuple(game.hands[seat])
        hidden = set(game.stock) | {c for s in range(3) if s != seat
                                    for c in game.hands[s] if c not in shown[s]}
        assert not cards_in(obs) & hidden, "another hand or the stock leaked"
        assert [set(r) for r in obs.revealed_hands] == shown, "teyaku hands are shown to all"
        assert obs.dekiyaku == tuple(dekiyaku(p, game.rules) for p in game.piles)
        assert obs.teyaku == game.deal_teyaku
        assert obs.legal_actions == (tuple(game.legal_actions())
                                     if game.current_player == seat else ())


def play(game: HanaAwaseGame, rng: random.Random, steps: int | None = None) -> None:
    while not game.is_over and steps != 0:
        game.apply(rng.choice(game.legal_actions()))
        steps = None if steps is None else steps - 1


def next_dealer(totals: list[int], dealer: int) -> int:
    best = max(totals)
    if totals[dealer] == best:
        return dealer
    return next(s for s in ((dealer + k) % 3 for k in range(3)) if totals[s] == best)


def dealt_teyaku(hands) -> list[int]:
    """Each seat's score change from the teyaku of ``hands``."""
    amounts = [teyaku(h) for h in hands]
    return [3 * a - sum(amounts) for a in amounts]


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), pick=st.integers(0, 2**32), rules=RULES)
def test_random_playouts_keep_the_invariants(seed, pick, rules):
    game = HanaAwaseGame.new(seed, rules)
    rng = random.Random(pick)
    assert game.scores == dealt_teyaku(game.hands), "teyaku settled before play"
    check_state(game)
    while not game.is_over:
        before = list(game.scores)
        piles = [list(p) for p in game.piles]
        dealer = game.dealer
        action = rng.choice(game.legal_actions())
        events = game.apply(action)
        kinds = [e.kind for e in events]
        assert kinds.count("played") <= 1
        for e in events:
            if e.kind == "captured":
                capturer, *taken = e.cards
                assert all(c.month == capturer.month for c in taken)
                if "from" in e.data:
                    assert rules.steal_from_piles and e.data["from"] != e.seat
                    assert len(taken) == 1
        if "round_over" in kinds:
            at = kinds.index("round_over")
            assert "dealt" not in kinds[:at]
            ended = [p + [] for p in piles]  # the deal's piles, before the next deal
            for e in events[:at]:
                if e.kind in ("captured", "leftovers"):
                    ended[e.seat] += list(e.cards)
                if e.kind == "captured" and "from" in e.data:
                    ended[e.data["from"]].remove(e.cards[1])
            result = events[at].data["result"]
            points = settle_deal(ended, dealer, rules)
            assert result["points"] == points and sum(points) == 0
            details = result["details"]
            totals = [p + t for p, t in zip(points, details["teyaku_points"])]
            assert details["totals"] == totals and sum(details["teyaku_points"]) == 0
            after = [b + p for b, p in zip(before, points)]
            assert events[at].data["scores"] == after
            assert game.dealer == next_dealer(totals, dealer)
            if game.is_over:
                assert game.scores == after and game.round == 12
            else:
                assert game.scores == [a + t for a, t in zip(after, dealt_teyaku(game.hands))]
                assert kinds.count("teyaku") == sum(1 for h in game.hands if teyaku(h))
        else:
            assert game.scores == before, "scores change only at a deal's start and end"
            assert "dealt" not in kinds and "teyaku" not in kinds
        check_state(game)
    assert len(game.history) == 12 and game.current_player is None
    assert sum(game.scores) == 0
    assert game.scores == [sum(r.details["totals"][s] for r in game.history) for s in range(3)]
    best = max(game.scores)
    assert game.winners == [s for s in range(3) if game.scores[s] == best]
    assert game.result is not None and game.result["winners"] == game.winners
    copy = HanaAwaseGame.from_dict(json.loads(json.dumps(game.to_dict())))
    assert snapshot(copy) == snapshot(game), "replay from seed + actions"


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), pick=st.integers(0, 2**32), rules=RULES,
       steps=st.integers(0, 200))
def test_replay_clone_and_sample_at_random_points(seed, pick, rules, steps):
    game = HanaAwaseGame.new(seed, rules)
    rng = random.Random(pick)
    play(game, rng, steps)
    data = json.loads(json.dumps(game.to_dict()))
    assert data["rules"] == {"steal_from_piles": rules.steal_from_piles,
                             "willow_rule": rules.willow_rule, "rain_rule": rules.rain_rule}
    copy = HanaAwaseGame.from_dict(data)
    assert snapshot(copy) == snapshot(game)
    twin = game.clone()
    assert snapshot(twin) == snapshot(game)
    if not twin.is_over:
        twin.apply(twin.legal_actions()[0])
        assert snapshot(copy) == snapshot(game), "the clone is independent"
    seat = game.current_player if game.current_player is not None else pick % 3
    obs = game.observation(seat)
    sample = HanaAwaseGame.sample(obs, rng)
    assert sample.observation(seat) == obs
    assert {c for s, h in enumerate(sample.hands) if s != seat for c in h} | set(sample.stock) \
        == {c for s, h in enumerate(game.hands) if s != seat for c in h} | set(game.stock)
    for s in range(3):  # teyaku hands are known: the sample holds them as they are
        if game.deal_teyaku[s]:
            assert sorted(sample.hands[s]) == sorted(game.hands[s])
    for action in obs.legal_actions:
        sample.clone().apply(action)
    play(sample, rng)
    assert sample.is_over
    with pytest.raises(RulesError):
        sample.to_dict()


def test_a_game_is_its_seed_and_actions():
    a, b = HanaAwaseGame.new(42), HanaAwaseGame.new(42)
    play(a, random.Random(1))
    for action in a.actions:
        b.apply(str(action))
    assert snapshot(a) == snapshot(b)
    assert HanaAwaseGame.new(42).hands != HanaAwaseGame.new(43).hands


@pytest.mark.parametrize("damage, named", [
    (lambda d: d.update(game="hearts600"), "game"),
    (lambda d: d.update(rules={"rain_rule": 1}), "rain_rule"),
    (lambda d: d.update(rules={"players": 3}), "players"),
    (lambda d: d.update(rules=None), "rules"),
    (lambda d: d.update(actions=["play 13B"]), "actions"),
    (lambda d: d.update(actions=None), "actions"),
    (lambda d: d.pop("seed"), "seed"),
    (lambda d: d.update(layout={"hands": ["1B", "2A", "3B"], "field": "", "stock": "4A 5A 6A"}),
     "missing"),
])
def test_damaged_saves_are_refused(damage, named):
    data = HanaAwaseGame.new(5).to_dict()
    damage(data)
    with pytest.raises(LayoutError, match=named):
        HanaAwaseGame.from_dict(data)


def test_a_layout_game_saves_and_replays():
    rest = " ".join(c.code for c in DECK[12:])
    g = HanaAwaseGame.from_layout(["2C1 3B", "3R", "3C1"], "2A", "1B 1R 1C1 1C2 3C2",
                                  piles=["", "", "2R 2C2 " + rest], seed=9, round=3,
                                  scores=[10, 0, -10])
    play(g, random.Random(3), 4)
    copy = HanaAwaseGame.from_dict(json.loads(json.dumps(g.to_dict())))
    assert snapshot(copy) == snapshot(g)
    assert copy.rules == HanaAwaseRules()


def test_bad_actions_raise_the_family_and_change_nothing():
    rest = " ".join(c.code for c in DECK[12:])
    g = HanaAwaseGame.from_layout(["2C1 3B", "3R", "3C1"], "2A", "1B 1R 1C1 1C2 3C2",
                                  piles=["", "", "2R 2C2 " + rest])
    before = snapshot(g)
    for action, error in [(None, InvalidNotationError), (3, InvalidNotationError),
                          (["play 2C1"], InvalidNotationError), ("plya 2C1", InvalidNotationError),
                          ("koikoi", InvalidNotationError), ("play 13B", InvalidNotationError),
                          ("play 3B", IllegalActionError),       # 2C1 matches: it must play
                          ("play 2C1", AmbiguousActionError),    # 2A, 2R or 2C2
                          ("play 2C1 2C2 2R", InvalidNotationError),
                          ("play 2C1 -", IllegalActionError),    # a match must capture
                          ("take 2A", IllegalActionError), ("play 3R", IllegalActionError)]:
        with pytest.raises(error):
            g.apply(action)
        assert snapshot(g) == before
    for seat in (3, -1, "0", None, 1.0):
        with pytest.raises(IllegalActionError):
            g.observation(seat)  # type: ignore[arg-type]
        with pytest.raises(IllegalActionError):
            g.dekiyaku_of(seat)  # type: ignore[arg-type]
    assert snapshot(g) == before


@pytest.mark.parametrize("make, error", [
    (lambda: HanaAwaseGame.new(1, "seed"), LayoutError),
    (lambda: HanaAwaseGame.new(1, {"rain_rule": True}), LayoutError),
    (lambda: HanaAwaseGame.new(-1), LayoutError),
    (lambda: HanaAwaseGame.new("1"), LayoutError),
    (lambda: HanaAwaseRules(willow_rule=None), InvalidRulesError),
    (lambda: HanaAwaseRules.from_options({"steal": True}), InvalidRulesError),
    (lambda: HanaAwaseGame.from_layout(None, "", ""), LayoutError),
    (lambda: HanaAwaseGame.from_layout(["1B", "2A", "3B"], "", "4A 5A 6A", dealer=3),
     LayoutError),
    (lambda: HanaAwaseGame.sample(None, random.Random(1)), RulesError),
    (lambda: HanaAwaseGame.from_dict("save"), LayoutError),
])
def test_bad_options_and_input_raise_the_family(make, error):
    with pytest.raises(error):
        make()
    assert issubclass(error, RulesError)
