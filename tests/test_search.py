"""The determinized search (``ai.search``): budgets, determinism, and that it reads nothing but
the seat's observation."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from ai.search import Candidate, FishingEvaluator, search
from rules.koikoi import KoiKoiGame, KoiKoiRules


def _play_position(seed: int, actions: int) -> KoiKoiGame:
    """A Koi-Koi match ``actions`` actions in (the first legal action each time), without
    the hand swap (after one, each seat knows the other's hand)."""
    game = KoiKoiGame.new(seed, KoiKoiRules(hand_swap=False))
    for _ in range(actions):
        game.apply(game.legal_actions()[0])
    return game


def test_every_legal_action_is_a_candidate_and_the_tries_are_the_budget():
    game = _play_position(7, 3)
    seen = game.observation(game.current_player)
    found = search(seen, KoiKoiGame, FishingEvaluator(), random.Random(1), iterations=90)
    assert sorted(map(str, (c.action for c in found))) == sorted(map(str, game.legal_actions()))
    assert sum(c.tries for c in found) == 90 and all(c.tries >= 1 for c in found)
    assert [c.tries for c in found] == sorted((c.tries for c in found), reverse=True)
    assert all(0.0 <= c.score <= 1.0 for c in found)


def test_a_budget_of_iterations_makes_the_search_a_function_of_its_seed():
    game = _play_position(11, 5)
    seen = game.observation(game.current_player)
    runs = [search(seen, KoiKoiGame, FishingEvaluator(), random.Random(seed), iterations=80)
            for seed in (4, 4, 5)]
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]  # (another seed samples other hidden cards)


def test_the_choice_is_the_same_whoever_holds_the_cards_hidden_from_the_seat():
    """The hidden cards (the other seat's hand, the stock) permuted among themselves, the
    seat's observation unchanged: the same candidates, tries and scores, for the same seed."""
    game = _play_position(5, 4)
    seat = game.current_player
    shuffled = KoiKoiGame.sample(game.observation(seat), random.Random(99))
    assert sorted(shuffled.hands[1 - seat]) != sorted(game.hands[1 - seat])  # really moved
    assert shuffled.stock != game.stock
    found = [search(g.observation(seat), KoiKoiGame, FishingEvaluator(), random.Random(3),
                    iterations=60) for g in (game, shuffled)]
    assert found[0] == found[1]


def test_a_budget_of_seconds_is_read_from_the_clock_given():
    game = _play_position(7, 3)
    seen = game.observation(game.current_player)
    ticks = itertools.count()
    clock = lambda: next(ticks) * 0.1  # noqa: E731  (each look at the clock: 0.1 s later)
    found = search(seen, KoiKoiGame, FishingEvaluator(), random.Random(1), seconds=1.0,
                   clock=clock)
    assert sum(c.tries for c in found) == 9  # read at 0.1 .. 0.9 before each try, 1.0 stops


def test_one_legal_action_is_answered_without_a_search():
    game = _play_position(7, 0)
    while len(game.legal_actions()) != 1:
        game.apply(game.legal_actions()[0])
    seen = game.observation(game.current_player)
    [only] = search(seen, KoiKoiGame, FishingEvaluator(), random.Random(1), iterations=50)
    assert only.action == game.legal_actions()[0] and only.tries == 0
    assert math.isnan(only.score)


def test_a_search_without_a_budget_or_without_a_turn_is_refused():
    game = _play_position(7, 3)
    mover = game.current_player
    with pytest.raises(ValueError, match="budget"):
        search(game.observation(mover), KoiKoiGame, FishingEvaluator(), random.Random(1))
    with pytest.raises(ValueError, match="not its turn"):
        search(game.observation(1 - mover), KoiKoiGame, FishingEvaluator(), random.Random(1),
               iterations=5)


def test_a_finished_match_scores_one_for_the_winner_and_zero_for_the_loser():
    """The evaluator on the last action of a match: the outcome, not the points' lead."""
    game = KoiKoiGame.new(seed=2)
    rng = random.Random(8)
    while True:  # to the match's last decision, played at random
        legal = game.legal_actions()
        last = None
        for action in legal:
            trial = game.clone()
            trial.apply(action)
            if trial.is_over:
                last = action
                break
        if last is not None:
            break
        game.apply(rng.choice(legal))
    seat = game.current_player
    trial = game.clone()
    trial.apply(last)
    value = FishingEvaluator().evaluate(game.clone(), last, seat, random.Random(1))
    expected = 0.5 if trial.winner is None else 1.0 if trial.winner == seat else 0.0
    assert value == expected


def test_candidates_are_named_tuples_of_action_tries_and_score():
    c = Candidate("stop", 3, 0.5)
    assert (c.action, c.tries, c.score) == ("stop", 3, 0.5)


def test_a_climbing_round_is_scored_by_the_seat_s_place_in_the_order_out():
    """Heart of Five: the round played out at random from the action; first out 1, last 0."""
    from ai.search import RoundEvaluator
    from rules.heart_of_five import HeartOfFiveGame
    game = HeartOfFiveGame.new(7, players=4)
    seat, action = game.current_player, game.legal_actions()[0]
    for seed in range(6):
        state = game.clone()
        value = RoundEvaluator().evaluate(state, action, seat, random.Random(seed))
        [record] = state.history  # the round, played to its end on the copy given
        assert value == (3 - record["order"].index(seat)) / 3
    assert not game.history  # (the game itself untouched)


def test_heart_of_five_s_search_reads_only_the_seat_s_observation():
    from ai.search import RoundEvaluator
    from rules.heart_of_five import HeartOfFiveGame
    game = HeartOfFiveGame.new(3, players=4)
    seat = game.current_player
    shuffled = HeartOfFiveGame.sample(game.observation(seat), random.Random(5))
    assert shuffled.hands != game.hands
    found = [search(g.observation(seat), HeartOfFiveGame, RoundEvaluator(), random.Random(2),
                    iterations=25) for g in (game, shuffled)]
    assert found[0] == found[1] and sum(c.tries for c in found[0]) == 25
