"""600 Hearts computer opponents: legality at 2-4 seats, determinism, hidden information,
Normal's judgement in constructed positions, and the ``simulate hearts600`` command."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai.base import Agent, levels, make_agent
from ai.hearts600 import EasyAgent, NormalAgent, weight
from rules.hanafuda import cards
from rules.hearts600 import Hearts600Game, Hearts600Observation
from tests.helpers import play_agents

STOCK = "12C1 4C1 6C2 7C1 12C2 4C2"


def play_game(game: Hearts600Game, agents: list[Agent], check=None,
              max_rounds: int | None = None) -> list[str]:
    """Play ``game`` on (to its end, or ``max_rounds`` rounds); every action must be legal.
    Agents get the observation only. Returns the actions taken."""
    return play_agents(game, agents, check, until=lambda g: g.is_over or (
        max_rounds is not None and g.round > max_rounds))


def test_registry_levels():
    assert levels("hearts600")[:2] == ("easy", "normal")
    assert isinstance(make_agent("hearts600", "easy", 1), EasyAgent)
    assert isinstance(make_agent("hearts600", "normal", 1), NormalAgent)
    with pytest.raises(ValueError, match="'expert'"):
        make_agent("hearts600", "expert", 1)


@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4),
       mix=st.lists(st.sampled_from(["easy", "normal"]), min_size=4, max_size=4))
def test_agents_always_choose_legal_actions(seed, players, mix):
    game = Hearts600Game.new(seed, players=players)
    agents = [make_agent("hearts600", mix[s], seed + s) for s in range(players)]
    play_game(game, agents)
    assert game.is_over and max(game.scores) >= 600


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_choices(players):
    def run() -> list[str]:
        game = Hearts600Game.new(21, players=players)
        return play_game(game, [make_agent("hearts600", lv, 4 + s) for s, lv in
                                enumerate(["normal", "easy", "normal", "easy"][:players])])
    assert run() == run()


def test_agents_use_their_own_random_generator():
    random.seed(0)
    before = random.random()
    random.seed(0)
    play_game(Hearts600Game.new(3, players=3), [EasyAgent(1), NormalAgent(2), EasyAgent(3)])
    assert random.random() == before


# ----------------------------------------------------------------------------------------------
# Hidden information


def test_agents_decide_from_a_detached_observation_holding_no_hidden_cards():
    for players in (2, 3, 4):
        game = Hearts600Game.new(11, players=players)

        def check(g: Hearts600Game, seat: int, obs: Hearts600Observation) -> None:
            hidden = set(g.stock) | {c for s in range(g.players) if s != seat
                                     for c in g.hands[s]}
            shown = set(obs.hand) | set(obs.field) | {c for p in obs.piles for c in p}
            if obs.pending is not None:
                shown.add(obs.pending)
            assert not hidden & shown
            # A deep copy leads back to nothing of the game: the agents still decide.
            detached = copy.deepcopy(obs)
            for agent in (NormalAgent(seed=5), EasyAgent(seed=5)):
                assert agent.choose(detached) in g.legal_actions()

        play_game(game, [NormalAgent(seed=s) for s in range(players)], check, max_rounds=1)


def test_choice_does_not_depend_on_hidden_cards():
    """Positions differing only in the other hand and the stock look alike to seat 0."""
    a = Hearts600Game.from_layout(["9A 1C1 3C1", "5C1 6C1 10C1"], "9C1 1C2 3R",
                                  "12C1 4C1 6C2 7C1 12C2 4C2")
    b = Hearts600Game.from_layout(["9A 1C1 3C1", "4C2 12C2 7C1"], "9C1 1C2 3R",
                                  "10C1 4C1 6C2 6C1 12C1 5C1")
    obs_a, obs_b = a.observation(0), b.observation(0)
    assert obs_a == obs_b
    for level in ("easy", "normal"):
        assert make_agent("hearts600", level, 3).choose(obs_a) == \
            make_agent("hearts600", level, 3).choose(obs_b)


# ----------------------------------------------------------------------------------------------
# Judgement


@pytest.mark.parametrize("pile, expected", [
    ("", 0), ("9A", 50), ("8B 9A", -100), ("3B 8B 9A 1R", -195), ("1B 3B 11B", 60),
    ("1B 3B 8B", -100), ("1R 2R 3R 4R", -45), ("1B 11C1 12C1", 20),
])
def test_weight_is_kept_points_minus_yaku_charged_to_others(pile, expected):
    assert weight(sum(c.bit for c in cards(pile))) == expected


def test_both_levels_avoid_a_costly_capture():
    game = Hearts600Game.from_layout(["9A 1C1", "5C1 6C1"], "9C1 2C1", STOCK)
    for agent in (EasyAgent(1), NormalAgent(1)):
        assert str(agent.choose(game.observation(0))) == "play 1C1"


def test_normal_completes_a_yaku_that_charges_the_opponents():
    game = Hearts600Game.from_layout(["9A 1C1", "5C1 6C1"], "9C1 1C2", STOCK, piles=["8B", ""])
    assert str(NormalAgent(1).choose(game.observation(0))) == "play 9A"
    assert str(EasyAgent(1).choose(game.observation(0))) != "play 9A"


def test_normal_denies_the_opponent_a_yaku():
    # The opponent holds 1R 2R; the poetry ribbon 3R lies on the field and my 3C1 can take
    # it cheaply. Left there, the opponent may complete poetry ribbons (charging me 50).
    game = Hearts600Game.from_layout(["3C1 10C1 7C2", "5C1 3C2 4A"], "3R 12C3", STOCK,
                                     piles=["", "1R 2R"])
    assert str(NormalAgent(1).choose(game.observation(0))) == "play 3C1"


# Denying poetry ribbons: seat 1 holds 1R 2R, the 3R lies on the field, my 3C1 takes it for 6.
DENY_2P = (["3C1 10C1 7C2", "5C1 3C2 4A"], "3R 12C3", STOCK, ["", "1R 2R"])
DENY_3P = (["3C1 10C1 7C2", "5C1 3C2 4A", "8C1 8C2 9C1"], "3R 12C3", STOCK + " 1C1 1C2 2C1",
           ["", "1R 2R", ""])


@pytest.mark.parametrize("layout, scores, expected", [
    (DENY_2P, [0, 0], "play 3C1"),
    (DENY_2P, [300, 480], "play 3C1"),  # I lead: the denial is worth its 6 points
    # I trail with the top score and this round may end the game: 50 more to me changes
    # little, 6 points saved is worth more (score-blind Normal denies).
    (DENY_2P, [480, 300], "play 10C1"),
    (DENY_2P, [200, 100], "play 10C1"),
    (DENY_3P, [0, 0, 0], "play 3C1"),
    (DENY_3P, [150, 100, 400], "play 3C1"),  # the yaku would charge the leader (seat 2)
    # Seat 1 lags far behind: its yaku charges me and the leader alike (score-blind denies).
    (DENY_3P, [150, 400, 100], "play 10C1"),
])
def test_normal_weighs_a_denial_by_the_scores(layout, scores, expected):
    hands, field, stock, piles = layout
    game = Hearts600Game.from_layout(hands, field, stock, piles=piles, scores=scores)
    assert str(NormalAgent(1).choose(game.observation(0))) == expected


@pytest.mark.parametrize("scores, mine, theirs", [
    ([0, 0, 0], (1.0, -1.0), [(-0.5, 0.5), (-0.5, 0.5)]),  # equal: the score-blind mean
    ([100, 100, 100], (1.0, -1.0), [(-0.5, 0.5), (-0.5, 0.5)]),
])
def test_equal_scores_weigh_the_opponents_equally(scores, mine, theirs):
    game = Hearts600Game.from_layout(["9A", "5C1", "6C1"], "1C1", "2C1 3C1 4C1", scores=scores)
    coef = NormalAgent(1).coefficients(game.observation(0), [0, 0, 0])
    assert coef == [mine, *theirs]


def test_the_leader_weighs_most():
    game = Hearts600Game.from_layout(["9A", "5C1", "6C1"], "1C1", "2C1 3C1 4C1",
                                     scores=[100, 50, 150])
    (_a, _b), (a1, b1), (a2, b2) = NormalAgent(1).coefficients(game.observation(0), [0, 0, 0])
    assert b1 > 0.8 and b2 < 0.2 and a1 == -b1 and a2 == -b2


def test_normal_takes_the_cheaper_of_two_matches_for_a_drawn_card():
    game = Hearts600Game.from_layout(["1C1 10C1", "5C1 6C1"], "4A 4C2 12C3",
                                     "4C1 7C1 12C1 11C1")
    game.apply("play 10C1")
    obs = game.observation(0)
    assert obs.pending is not None and str(obs.pending) == "4C1"
    assert str(NormalAgent(1).choose(obs)) == "take 4C2"  # 1 point, not 4A's 10


def test_observation_fields_are_what_the_agents_read():
    # Agents see a frozen dataclass; replacing a hidden-card field is impossible by design.
    obs = Hearts600Game.new(5, players=4).observation(2)
    assert dataclasses.is_dataclass(obs)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.hand = ()  # type: ignore[misc]


@pytest.mark.parametrize("name", ["ai.hearts600", "ai.simulate"])
def test_docstring_examples(name):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(name),
                             optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


# ----------------------------------------------------------------------------------------------
# Simulation


@pytest.mark.parametrize("players", [("normal", "easy"), ("easy", "normal", "easy"),
                                     ("normal", "easy", "easy", "easy")])
def test_run_hearts600_summary_has_the_right_shape(players):
    from ai.simulate import run_hearts600
    n = len(players)
    stats = run_hearts600(2 * n, seed=3, players=players)
    assert stats["games"] == 2 * n and stats["baseline"] == round(1 / n, 4)
    assert len(stats["wins"]) == n and sum(stats["wins"].values()) == pytest.approx(2 * n)
    assert sum(stats["wins_by_seat"]) == pytest.approx(2 * n)
    assert len(stats["mean_score_by_seat"]) == n
    assert set(stats["by_level"]) == set(players)
    for r in (*stats["win_rate"].values(), *stats["by_level"].values()):
        assert 0 <= r["low"] <= r["rate"] <= r["high"] <= 1
    assert stats["decisions"] > 0 and stats["decisions_per_second"] > 0
    first, second = dict.fromkeys(players)
    duel = stats["head_to_head"][f"{first} ahead of {second}"]
    assert 0 <= duel["low"] <= duel["rate"] <= duel["high"] <= 1
    if n == 2:  # two seats: being ahead of the other is winning (the lowest score)
        assert duel["rate"] == stats["by_level"][first]["rate"]
    again = run_hearts600(2 * n, seed=3, players=players)
    assert {**again, "decisions_per_second": 0, "elapsed": 0} == \
        {**stats, "decisions_per_second": 0, "elapsed": 0}


def test_simulate_command_through_mains_parser(capsys):
    import json

    import main
    assert main.main(["simulate", "hearts600", "--players", "normal", "easy", "easy",
                      "--games", "3", "--seed", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "hearts600" and data["games"] == 3
    assert set(data["wins"]) == {"normal", "easy#1", "easy#2"}
    assert main.main(["simulate", "hearts600", "--players", "normal", "easy",
                      "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "win rate" in out and "decisions/s" in out and "mean score" in out
    assert main.main(["simulate", "hearts600", "--players", "normal"]) == 2
    assert "2 to 4 levels" in capsys.readouterr().err
    assert main.main(["simulate", "hearts600", "--players", "easy", "expert"]) == 2
    assert "'expert'" in capsys.readouterr().err
