"""The Hard level (``ai.hard``, ``ai.search``, ``ai.match_odds``): it chooses
legal actions, reproducibly with a budget of iterations, from nothing but its seat's
observation; its think time is bounded and reaches it from the settings."""

from __future__ import annotations

import dataclasses
import itertools
import math
import random

import pytest

from ai import seats
from ai.base import levels, make_agent
from ai.belief import Belief, others_moved
from ai.hard import DEFAULT_SECONDS, SearchAgent
from ai.koikoi import DEAL_POINTS, DEAL_POINTS_PLAIN, match_value
from ai.match_odds import best_share, race_odds, rounds_odds
from ai.search import FIRST_LOOK, LOOK_EVERY, PolicyPlayout, paired_search
from rules.hanaawase import HanaAwaseGame
from rules.heart_of_five import HeartOfFiveGame
from rules.hearts600 import Hearts600Game
from rules.koikoi import KoiKoiGame, KoiKoiRules

GAMES = {
    "koikoi": lambda seed: KoiKoiGame.new(seed, KoiKoiRules(hand_swap=False)),
    "hearts600": lambda seed: Hearts600Game.new(seed, players=3),
    "hanaawase": HanaAwaseGame.new,
    "heart_of_five": lambda seed: HeartOfFiveGame.new(seed, players=4),
}


def _position(game_id: str, seed: int, moves: int):
    """A game ``moves`` actions in (Normal's choices), at a decision of two or more actions."""
    game = GAMES[game_id](seed)
    normal = [make_agent(game_id, "normal", s) for s in range(8)]
    made = 0
    while made < moves or len(game.legal_actions()) < 2:
        p = game.current_player
        game.apply(normal[p].choose(game.observation(p)))
        made += 1
    return game


def _hard(game_id: str, seed: int, iterations: int) -> SearchAgent:
    agent = make_agent(game_id, "hard", seed)
    assert isinstance(agent, SearchAgent)
    agent.iterations = iterations
    return agent


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hard_is_offered_after_easy_and_normal(game_id):
    assert levels(game_id) == ("easy", "normal", "hard")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hard_chooses_a_legal_action_and_is_a_function_of_its_seed(game_id):
    game = _position(game_id, 3, 6)
    seen = game.observation(game.current_player)
    runs = [_hard(game_id, 5, 2).candidates(seen) for _ in range(2)]
    assert runs[0] == runs[1]
    assert runs[0][0].action in game.legal_actions()
    assert all(c.tries == 2 for c in runs[0]) and 2 <= len(runs[0]) <= 4
    scores = [c.score for c in runs[0]]
    assert scores[1:] == sorted(scores[1:], reverse=True)
    if scores[0] < max(scores):  # kept first only as Normal's favourite, not clearly beaten
        assert runs[0][0].action == make_agent(game_id, "normal", 5).ranked(seen)[0]
        assert _hard(game_id, 5, 2).spec.confidence > 0


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hard_chooses_the_same_whoever_holds_the_cards_hidden_from_it(game_id):
    """The cards its seat cannot see dealt again among the other seats and the stock (its
    observation unchanged): the same candidates and scores for the same seed."""
    game = _position(game_id, 8, 5)
    seat = game.current_player
    engine = type(game)
    shuffled = engine.sample(game.observation(seat), random.Random(99))
    others = [s for s in range(len(game.hands)) if s != seat]
    assert [sorted(map(str, shuffled.hands[s])) for s in others] != \
        [sorted(map(str, game.hands[s])) for s in others]
    assert shuffled.observation(seat) == game.observation(seat)
    found = [_hard(game_id, 4, 2).candidates(g.observation(seat)) for g in (game, shuffled)]
    assert found[0] == found[1]


def test_one_legal_action_is_played_without_a_search():
    game = _position("koikoi", 7, 0)
    while len(game.legal_actions()) != 1:
        game.apply(game.legal_actions()[0])
    [only] = _hard("koikoi", 1, 50).candidates(game.observation(game.current_player))
    assert only.action == game.legal_actions()[0] and only.tries == 0 and math.isnan(only.score)


def test_a_seat_not_to_move_is_refused():
    game = _position("koikoi", 7, 3)
    waiting = game.observation(1 - game.current_player)
    with pytest.raises(ValueError, match="not its turn"):
        _hard("koikoi", 1, 2).candidates(waiting)


def test_paired_search_tries_every_candidate_in_the_same_samples():
    game = _position("koikoi", 11, 4)
    seen = game.observation(game.current_player)
    calls: list[tuple[str, int]] = []

    def playout(state, action, seat, seed):
        calls.append((str(action), seed))
        return 0.5  # every candidate alike: the favourite (first) stays first
    short = list(seen.legal_actions)[:3]
    found = paired_search(seen, KoiKoiGame, short, playout, random.Random(2), iterations=4)
    assert [c.action for c in found] == short and all(c.tries == 4 for c in found)
    seeds = [s for _a, s in calls]
    assert [seeds[i:i + 3] for i in range(0, 12, 3)] == [[s] * 3 for s in seeds[::3]]
    assert len(set(seeds[::3])) == 4  # a new sample (and seed) for each round of tries


@pytest.mark.parametrize("gains, confidence, first", [
    ((0.0, 0.2, 0.1), 0.0, 1),     # plain means: the best-looking goes first
    ((0.0, 0.2, 0.1), 1.0, 0),     # a gain within the noise does not overrule the favourite
    ((0.0, 0.2, 0.1), 0.1, 1),     # ... unless little confidence is asked for
    ((0.0, 0.6, 0.1), 1.0, 1),     # a clear gain does
    ((0.0, -0.2, -0.1), 0.0, 0),   # nothing better: the favourite
])
def test_paired_search_overrules_the_favourite_only_as_sure_as_asked(gains, confidence, first):
    game = _position("koikoi", 11, 4)
    seen = game.observation(game.current_player)
    short = list(seen.legal_actions)[:3]
    noise = itertools.cycle([1.0, -1.0, 0.5, -0.5])  # the same noise for every candidate

    def playout(state, action, seat, seed):
        i = short.index(action)
        wobble = next(noise) if i == 0 else 0.0  # only the favourite's tries wobble
        return 0.5 + gains[i] + wobble

    found = paired_search(seen, KoiKoiGame, short, playout, random.Random(2), iterations=8,
                          confidence=confidence)
    assert found[0].action == short[first]
    assert sorted(c.action for c in found) == sorted(short)


@pytest.mark.parametrize("wobbles, settle, tries", [
    ((0.0,), 1.5, FIRST_LOOK),            # alike in every sample: nothing to learn, first look
    ((0.1,), 1.5, FIRST_LOOK),            # better in every sample: made at the first look
    ((0.1, -0.1), 1.5, 40),               # a gain of 0 +- noise, a standard error from the
                                          # line (confidence 1): never settled, all 40 states
    ((0.3, 0.1), 1.5, FIRST_LOOK),        # 0.2 +- 0.1: 0.2 is 8 errors past the line
    ((0.0,), 0.0, 40),                    # no settling asked: the whole budget
])
def test_paired_search_settles_when_more_states_would_not_change_the_choice(wobbles, settle,
                                                                            tries):
    game = _position("koikoi", 11, 4)
    seen = game.observation(game.current_player)
    short = list(seen.legal_actions)[:2]
    gains = itertools.cycle(wobbles)  # the challenger's gain over the favourite, try by try

    def playout(state, action, seat, seed):
        return 0.5 + (next(gains) if action == short[1] else 0.0)

    found = paired_search(seen, KoiKoiGame, short, playout, random.Random(2), iterations=40,
                          confidence=1.0, settle=settle)
    assert [c.tries for c in found] == [tries, tries]
    assert FIRST_LOOK < 40 and (40 - FIRST_LOOK) % LOOK_EVERY == 0


def test_koikoi_hard_samples_a_settled_decision_less_than_a_close_one():
    """Koi-Koi's Hard settles (``SearchSpec.settle``): a clear koi-koi-or-stop is made at the
    first look, a close choice of cards takes the whole budget; without settling, both do."""
    clear, close = _position("koikoi", 7, 3), _position("koikoi", 5, 2)
    assert clear.observation(clear.current_player).phase == "decide"
    tries = [[c.tries for c in _hard("koikoi", 5, 96).candidates(g.observation(g.current_player))]
             for g in (clear, close)]
    assert tries == [[FIRST_LOOK] * 2, [96] * 4]
    plain = _hard("koikoi", 5, 96)
    plain.spec = dataclasses.replace(plain.spec, settle=0.0)
    assert {c.tries for c in plain.candidates(clear.observation(clear.current_player))} == {96}


def test_paired_search_stops_on_the_clock_after_one_round_at_least():
    game = _position("koikoi", 11, 4)
    seen = game.observation(game.current_player)
    ticks = itertools.count()
    clock = lambda: next(ticks) * 0.5  # noqa: E731  (each look: half a second later)
    found = paired_search(seen, KoiKoiGame, list(seen.legal_actions)[:2],
                          lambda *a: 1.0, random.Random(2), seconds=1.2, clock=clock)
    # The end set at 0 + 1.2; looked at after each round: 0.5, 1.0, then 1.5 stops.
    assert [c.tries for c in found] == [3, 3]
    with pytest.raises(ValueError, match="budget"):
        paired_search(seen, KoiKoiGame, list(seen.legal_actions), lambda *a: 1.0,
                      random.Random(2))
    with pytest.raises(ValueError, match="candidate"):
        paired_search(seen, KoiKoiGame, [], lambda *a: 1.0, random.Random(2), iterations=1)


def test_a_policy_playout_plays_to_the_end_of_the_deal_the_same_for_one_seed():
    game = _position("koikoi", 5, 2)
    seen: list[tuple[int, int]] = []

    def value(state, seat):
        seen.append((len(state.history), len(state.actions)))
        return match_value(state, seat)
    playout = PolicyPlayout([make_agent("koikoi", "normal", s) for s in (0, 1)], value)
    a = game.legal_actions()[0]
    first = playout(game, a, game.current_player, 9)
    assert playout(game, a, game.current_player, 9) == first
    assert seen[0] == seen[1] and seen[0][0] == 1  # stopped as the first deal ended
    assert not game.history  # the game itself untouched


def test_a_timed_hanaawase_decision_stops_at_its_measured_budget_and_plays_its_move():
    """Hana-awase's Hard samples no more than ``MAX_SAMPLES`` deals however long it may think,
    and so plays what the tournament's fixed budget played (same seed, same choices)."""
    from ai.hanaawase import MAX_SAMPLES
    game = _position("hanaawase", 6, 4)
    seen = game.observation(game.current_player)
    timed = make_agent("hanaawase", "hard", 3)
    timed.seconds = 3.0
    found = timed.candidates(seen)
    assert [c.tries for c in found] == [MAX_SAMPLES] * len(found)
    assert found == _hard("hanaawase", 3, MAX_SAMPLES).candidates(seen)
    assert make_agent("koikoi", "hard", 3).spec.max_samples is None  # the clock alone


def test_the_think_time_is_bounded_and_reaches_the_agent_from_the_seats():
    agent = _hard("koikoi", 1, 1)
    assert agent.seconds == DEFAULT_SECONDS == 1.0
    for asked, kept in ((10.0, 3.0), (0.0, 0.25), (math.nan, 1.0), (2.0, 2.0)):
        agent.seconds = asked
        assert agent.seconds == kept
    game = _position("koikoi", 4, 3)
    seat = game.current_player
    seats.choose("hard-think", "koikoi", {seat: "hard"}, 4, seat, game.observation(seat), 0.5)
    assert seats._tables["hard-think"][seat].seconds == 0.5
    seats.forget("hard-think")


def test_the_race_to_a_target_is_fair_and_rewards_points():
    odds = race_odds(DEAL_POINTS, 50)
    for a, b in ((0, 0), (10, 30), (49, 0), (25, 48)):
        assert odds(a, b) + odds(b, a) == pytest.approx(1.0)
    assert odds(0, 0) == pytest.approx(0.5)
    assert odds(0, 10) < odds(5, 10) < odds(10, 10) < odds(30, 10) < odds(49, 10) < 1.0
    assert odds(50, 10) == 1.0 and odds(10, 50) == 0.0


def test_the_lead_over_the_deals_left():
    odds = rounds_odds(DEAL_POINTS, 6)
    assert odds(1, 0) == 1.0 and odds(0, 0) == 0.5 and odds(-1, 0) == 0.0
    assert odds(0, 6) == pytest.approx(0.5)
    assert odds(-10, 1) < odds(-10, 5) < 0.5 < odds(10, 5) < odds(10, 1)


def test_a_koikoi_match_value_is_its_outcome_once_over():
    game = KoiKoiGame.new(5, KoiKoiRules(match_end="rounds3"))
    normal = [make_agent("koikoi", "normal", s) for s in (0, 1)]
    while not game.is_over:
        p = game.current_player
        game.apply(normal[p].choose(game.observation(p)))
    values = [match_value(game, s) for s in (0, 1)]
    assert values == ([0.5, 0.5] if game.winner is None else
                      [float(game.winner == 0), float(game.winner == 1)])


@pytest.mark.parametrize("rules, points", [
    (KoiKoiRules(match_end="rounds12"), DEAL_POINTS),         # Seed's multipliers: big deals
    (KoiKoiRules.nintendo(), DEAL_POINTS_PLAIN),              # none: a lead counts for more
])
def test_a_koikoi_match_value_reads_the_points_its_rules_give(rules, points):
    game = KoiKoiGame.new(5, rules)
    normal = [make_agent("koikoi", "normal", s) for s in (0, 1)]
    while len(game.history) < 2 or game.scores[0] == game.scores[1]:
        p = game.current_player
        game.apply(normal[p].choose(game.observation(p)))
    lead, left = game.scores[0] - game.scores[1], 12 - len(game.history)
    assert match_value(game, 0) == rounds_odds(points, 12)(lead, left)
    assert match_value(game, 0) + match_value(game, 1) == pytest.approx(1.0)


def test_best_share_spreads_the_chance_over_the_seats():
    shares = [best_share([10, 40, 25], s, 30.0) for s in range(3)]
    assert sum(shares) == pytest.approx(1.0) and shares[1] > shares[2] > shares[0]
    low = [best_share([10, 40, 25], s, 30.0, lower_wins=True) for s in range(3)]
    assert low[0] > low[2] > low[1]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_normal_ranks_every_legal_action_its_choice_first(game_id):
    game = _position(game_id, 2, 4)
    seen = game.observation(game.current_player)
    normal = make_agent(game_id, "normal", 1)
    ranked = normal.ranked(seen)
    assert sorted(map(str, ranked)) == sorted(map(str, seen.legal_actions))
    if game_id in ("koikoi", "heart_of_five"):  # (the others draw lots between equals)
        assert ranked[0] == make_agent(game_id, "normal", 1).choose(seen)


def test_simulate_takes_an_iteration_budget_and_reports_intervals(capsys):
    import json

    from ai.simulate import main
    assert main(["koikoi", "--games", "2", "--players", "hard", "normal", "--iterations", "1",
                 "--rounds", "3", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    rate = stats["win_rate"]["hard"]
    assert 0.0 <= rate["low"] <= rate["rate"] <= rate["high"] <= 1.0
    assert stats["games"] == 2 and stats["players"] == ["hard", "normal"]
    with pytest.raises(SystemExit):
        main(["koikoi", "--games", "1", "--iterations", "0"])
    assert "--iterations must be at least 1" in capsys.readouterr().err


def test_the_belief_leans_toward_hands_the_model_would_have_played_so():
    """Normal against Normal, Koi-Koi's Nintendo rules: the real hand explains every move
    (no misses); the belief's draws explain them better than uniform samples do, keep the
    seat's observation, and never deal a card a seat is known not to hold."""
    normal = make_agent("koikoi", "normal", 0)
    uniform = believed = 0
    rng = random.Random(3)
    for seed in range(4):
        game = KoiKoiGame.new(seed, KoiKoiRules.nintendo())
        for _ in range(9):
            game.apply(normal.choose(game.observation(game.current_player)))
        seen = game.observation(game.current_player)
        assert others_moved(seen)
        belief = Belief(seen, KoiKoiGame, normal, slip=0.1)
        assert belief._misses(game) == 0
        for _ in range(6):
            drawn = belief(rng)
            assert drawn.observation(seen.seat) == seen
            assert not any(drawn.absent[s] & c.bit for s, h in enumerate(drawn.hands)
                           for c in h)
            believed += belief._misses(drawn)
            uniform += belief._misses(KoiKoiGame.sample(seen, rng))
    assert believed < uniform / 2, (believed, uniform)


def test_a_belief_needs_a_slip_above_zero():
    seen = _position("koikoi", 7, 3).observation(0)
    with pytest.raises(ValueError, match="slip"):
        Belief(seen, KoiKoiGame, make_agent("koikoi", "normal", 0), slip=0.0)
