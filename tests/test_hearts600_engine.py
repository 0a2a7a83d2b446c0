"""The 600 Hearts engine at 2, 3 and 4 seats: Hypothesis playouts of whole games with random
legal actions, checking after every action that every card is in exactly one place, that
scores change only at a round's end (by ``round_scores`` of the piles), that observations hide
the other hands and the stock, and that replay, save round trips, clones and samples agree.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import LayoutError, RulesError
from rules.hanafuda import DECK, codes
from rules.hearts600 import (Hearts600Game, Hearts600Observation, Hearts600Rules,
                             round_scores, settlement, yaku)
from tests.helpers import cards_in


def snapshot(game: Hearts600Game) -> tuple:
    return (tuple(codes(h) for h in game.hands), codes(game.field), codes(game.stock),
            tuple(codes(p) for p in game.piles), game.pending, game.phase, game.current_player,
            game.dealer, tuple(game.scores), game.round, len(game.history),
            tuple(map(str, game.legal_actions())), len(game.actions), game.winners)


def check_state(game: Hearts600Game) -> None:
    n = game.players
    every = [*game.field, *game.stock, *(c for h in game.hands for c in h),
             *(c for p in game.piles for c in p)]
    if game.pending is not None:
        every.append(game.pending)
    assert sorted(every) == list(DECK), "every card in exactly one place"
    assert game.pile_masks == [sum(c.bit for c in p) for p in game.piles]
    assert game.field_mask == sum(c.bit for c in game.field)
    assert bool(game.legal_actions()) != game.is_over
    for seat in range(n):
        obs = game.observation(seat)
        assert isinstance(obs, Hearts600Observation) and obs.hand == tuple(game.hands[seat])
        hidden = set(game.stock) | {c for s in range(n) if s != seat for c in game.hands[s]}
        assert not cards_in(obs) & hidden, "another hand or the stock leaked"
        assert obs.yaku == tuple(yaku(p) for p in game.piles)
        assert obs.legal_actions == (tuple(game.legal_actions())
                                     if game.current_player == seat else ())


def play(game: Hearts600Game, rng: random.Random, steps: int | None = None) -> None:
    while not game.is_over and steps != 0:
        game.apply(rng.choice(game.legal_actions()))
        steps = None if steps is None else steps - 1


@settings(max_examples=100, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), pick=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_random_playouts_keep_the_invariants(seed, pick, players):
    game = Hearts600Game.new(seed, players=players)
    rng = random.Random(pick)
    check_state(game)
    while not game.is_over:
        before = list(game.scores)
        piles = [list(p) for p in game.piles]
        hands = [len(h) for h in game.hands]
        months = {c.month for c in game.field}
        action = rng.choice(game.legal_actions())
        events = game.apply(action)
        kinds = [e.kind for e in events]
        assert kinds.count("drawn") <= 1, "one draw per turn"
        if action.kind == "play":
            assert "drawn" in kinds or game.phase == "take"
        for e in events:
            if e.kind == "captured":
                capturer, *taken = e.cards
                assert all(c.month == capturer.month for c in taken)
            if e.kind == "played":  # a card that matches must capture
                assert bool(e.data["captures"]) == (e.cards[0].month in months)
        if "round_over" in kinds:
            over = next(e for e in events if e.kind == "round_over")
            assert all(h <= 1 for h in hands) and not any(
                e.kind == "dealt" for e in events[:events.index(over)])
            # The round's piles, before the next deal cleared them.
            ended = [p + [] for p in piles]
            for e in events[:events.index(over)]:
                if e.kind == "captured":
                    ended[e.seat] += list(e.cards)
            points = round_scores(ended)
            assert over.data["result"]["points"] == points
            assert game.scores == [b + p for b, p in zip(before, points)]
        else:
            assert game.scores == before, "scores change only at a round's end"
            assert "dealt" not in kinds
        check_state(game)
    assert max(game.scores) >= 600 and game.current_player is None
    before_last = [sum(r.points[s] for r in game.history[:-1]) for s in range(players)]
    assert max(before_last) < 600, "the game ends after the first round reaching 600"
    low = min(game.scores)
    assert game.winners == [s for s in range(players) if game.scores[s] == low]
    assert game.result is not None and game.result["settlement"] == settlement(game.scores)
    copy = Hearts600Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert snapshot(copy) == snapshot(game), "replay from seed + actions"


@settings(max_examples=100, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), pick=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]),
       steps=st.integers(0, 80))
def test_replay_clone_and_sample_at_random_points(seed, pick, players, steps):
    game = Hearts600Game.new(seed, players=players)
    rng = random.Random(pick)
    play(game, rng, steps)
    data = json.loads(json.dumps(game.to_dict()))
    assert data["rules"] == {"players": players, "show_settlement": True}
    copy = Hearts600Game.from_dict(data)
    assert snapshot(copy) == snapshot(game)
    twin = game.clone()
    if not twin.is_over:
        twin.apply(twin.legal_actions()[0])
        assert snapshot(copy) == snapshot(game), "the clone is independent"
    seat = game.current_player if game.current_player is not None else pick % players
    obs = game.observation(seat)
    sample = Hearts600Game.sample(obs, rng)
    assert sample.observation(seat) == obs
    assert {c for s, h in enumerate(sample.hands) if s != seat for c in h} | set(sample.stock) \
        == {c for s, h in enumerate(game.hands) if s != seat for c in h} | set(game.stock)
    assert [len(h) for h in sample.hands] == [len(h) for h in game.hands]
    for action in obs.legal_actions:
        sample.clone().apply(action)
    play(sample, rng)
    assert sample.is_over
    with pytest.raises(RulesError):
        sample.to_dict()


def test_a_game_is_its_seed_and_actions():
    a, b = Hearts600Game.new(42, players=4), Hearts600Game.new(42, players=4)
    play(a, random.Random(1))
    for action in a.actions:
        b.apply(str(action))
    assert snapshot(a) == snapshot(b)
    assert Hearts600Game.new(42, players=3).hands != Hearts600Game.new(43, players=3).hands


@pytest.mark.parametrize("damage, named", [
    (lambda d: d.update(game="koikoi"), "game"),
    (lambda d: d.update(rules={"players": 9}), "players"),
    (lambda d: d.update(rules={"colour": 1}), "colour"),
    (lambda d: d.update(actions=["play 13B"]), "actions"),
    (lambda d: d.update(actions=None), "actions"),
    (lambda d: d.pop("seed"), "seed"),
])
def test_damaged_saves_are_refused(damage, named):
    data = Hearts600Game.new(5, players=2).to_dict()
    damage(data)
    with pytest.raises(LayoutError, match=named):
        Hearts600Game.from_dict(data)


def test_a_layout_game_saves_and_replays():
    g = Hearts600Game.from_layout(["3B 5C1", "9C1 6C1", "2C1 4C1"], "3C1 8C1",
                                  "12C1 4C2 7C1 10C1 11C1 1C1", seed=9)
    play(g, random.Random(3), 4)
    copy = Hearts600Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert snapshot(copy) == snapshot(g)
    assert copy.rules == Hearts600Rules(players=3)
