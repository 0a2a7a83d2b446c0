"""Heart of Five computer opponents: legality at 2-8 seats, determinism, hidden information,
the plan, Normal's judgement in constructed positions, and the ``simulate heart_of_five``
command."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai.base import levels, make_agent
from ai.heart_of_five import EasyAgent, NormalAgent, plan
from ai.simulate import main as simulate_main
from ai.simulate import run_heart_of_five
from rules.heart_of_five import (PASS, Action, HeartOfFiveGame, HeartOfFiveObservation,
                                 HeartOfFiveRules, classify, legal_melds, parse,
                                 sort_key)
from tests.helpers import play_agents


def play_round(game: HeartOfFiveGame, agents: list, check=None) -> list[str]:
    """Play ``game``'s current round to its end; every action must be legal."""
    return play_agents(game, agents, check, until=lambda g: bool(g.history))


def position(hand: str, last: str | None = None, last_seat: int | None = None,
             counts: tuple[int, ...] = (13, 13, 13), played: str = "") -> HeartOfFiveObservation:
    """Seat 0 to move holding ``hand``, the trick's ``last`` meld by ``last_seat`` (None:
    seat 0 leads); ``counts``: the other seats' hand sizes."""
    cards = tuple(parse(hand))
    meld = classify(parse(last)) if last else None
    legal = [Action("play", m.cards) for m in legal_melds(cards, meld)]
    if meld is not None:
        legal.append(PASS)
    n = 1 + len(counts)
    return HeartOfFiveObservation(
        seat=0, current_player=0, rules=HeartOfFiveRules(players=n), hand=cards,
        hand_counts=(len(cards), *counts), last_meld=meld, last_seat=last_seat,
        passes=(), played=tuple(parse(played)), out=(), wins=(0,) * n, losses=(0,) * n,
        round=1, dealer=0, legal_actions=tuple(legal))


def test_registry_levels():
    assert levels("heart_of_five")[:2] == ("easy", "normal")
    assert isinstance(make_agent("heart_of_five", "easy", 1), EasyAgent)
    assert isinstance(make_agent("heart_of_five", "normal", 1), NormalAgent)


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8),
       mix=st.lists(st.sampled_from(["easy", "normal"]), min_size=8, max_size=8))
def test_agents_always_choose_legal_actions(seed, players, mix):
    game = HeartOfFiveGame.new(seed, players=players)
    agents = [make_agent("heart_of_five", mix[s], seed + s) for s in range(players)]
    play_round(game, agents)
    assert len(game.history) == 1


@pytest.mark.parametrize("players", [2, 4, 7])
def test_same_seed_same_choices(players):
    def run() -> list[str]:
        game = HeartOfFiveGame.new(21, players=players)
        return play_round(game, [make_agent("heart_of_five", ("normal", "easy")[s % 2], 4 + s)
                                 for s in range(players)])
    assert run() == run()


def test_agents_use_their_own_random_generator():
    random.seed(0)
    before = random.random()
    random.seed(0)
    play_round(HeartOfFiveGame.new(3, players=3), [EasyAgent(1), NormalAgent(2), EasyAgent(3)])
    assert random.random() == before


# ----------------------------------------------------------------------------------------------
# Hidden information


def test_agents_decide_from_a_detached_observation_holding_no_hidden_cards():
    game = HeartOfFiveGame.new(11, players=4)

    def check(g: HeartOfFiveGame, seat: int, obs: HeartOfFiveObservation) -> None:
        hidden = [c for s in range(g.players) if s != seat for c in g.hands[s]]
        assert not set(hidden) & set(obs.hand)
        detached = copy.deepcopy(obs)  # leads back to nothing of the game
        for agent in (NormalAgent(seed=5), EasyAgent(seed=5)):
            assert agent.choose(detached) in g.legal_actions()

    play_round(game, [NormalAgent(seed=s) for s in range(4)], check)


def test_choice_does_not_depend_on_hidden_cards():
    game = HeartOfFiveGame.new(8, players=4)
    for _ in range(6):  # a few plays in, so that the trick and the played cards matter
        game.apply(game.legal_actions()[0])
    seat = game.current_player
    obs = game.observation(seat)
    for k in range(3):
        other = HeartOfFiveGame.sample(obs, random.Random(k))
        assert other.hands != game.hands and other.observation(seat) == obs
        for level in ("easy", "normal"):
            a = make_agent("heart_of_five", level, 3).choose(other.observation(seat))
            assert a == make_agent("heart_of_five", level, 3).choose(obs)


# ----------------------------------------------------------------------------------------------
# The plan


@pytest.mark.parametrize("hand, melds", [
    ("3C 3D 4C 4D 5C 5D", ["3C 3D 4C 4D 5C 5D"]),                  # sisters, not three pairs
    ("3C 4D 5S 6H 7C 8D 8S", ["3C 4D 5S 6H 7C", "8D 8S"]),
    ("3! 4!", ["3C 3D 3H 3S", "4C 4D 4H 4S"]),                     # two bombs, no sisters
    ("7! 8C 8D 9D 9S", ["8C 8D 9D 9S", "7C 7D 7H 7S"]),          # the bomb stays whole
    ("6C 7! 8C 9D TS", ["6C 7C 8C 9D TS", "7D 7H 7S"]),             # unless it saves 3 plays
    ("9C 9D 9S 4C 4D KH", ["4C 4D 9C 9D 9S", "KH"]),               # full house
    ("AC 2D 3S 4H 5C 5H JJ", ["AC 2D 3S 4H 5C", "JJ", "5H"]),      # the 5H kept as top single
])
def test_plan_uses_every_card_in_few_plays(hand, melds):
    got = plan(parse(hand))
    got_cards = sorted((c for m in got for c in m.cards), key=sort_key)
    assert [str(m) for m in got] == melds
    assert got_cards == sorted(parse(hand), key=sort_key)


# ----------------------------------------------------------------------------------------------
# Judgement (each also shows Easy doing otherwise, or the position changed to flip Normal)


def test_normal_keeps_a_bomb_rather_than_breaking_it_on_a_low_single():
    obs = position("7! 9C", last="4C", last_seat=3)
    assert str(NormalAgent(1).choose(obs)) == "play 9C"
    # Easy plays the lowest that beats, or passes at random
    assert {str(EasyAgent(s).choose(obs)) for s in range(20)} == {"play 7C", "pass"}


def test_normal_leads_a_long_run_from_its_plan_rather_than_a_single():
    obs = position("3C 4D 5S 6H 7C 9D QS KH")
    assert str(NormalAgent(1).choose(obs)) == "play 3C 4D 5S 6H 7C"
    assert str(EasyAgent(1).choose(obs)) == "play 3C"


def test_normal_bombs_when_the_tricks_player_is_about_to_go_out():
    hand = "8! 4C 6D TS QH"
    assert NormalAgent(1).choose(position(hand, "KS", 2, counts=(9, 1, 8))).cards == \
        tuple(parse("8!"))
    assert NormalAgent(1).choose(position(hand, "KS", 2, counts=(9, 9, 8))) == PASS


def test_normal_keeps_its_top_single_early_and_spends_it_late():
    hand = "3C 3D 4H 4S 7C 7D 9S 9H JC JD 2S"
    assert NormalAgent(1).choose(position(hand, "QC", 1, counts=(12, 13, 13))) == PASS
    # late: the trick's player is about to go out, another opponent is down to three cards,
    # or its own plan has three plays or fewer left
    for counts in ((2, 13, 13), (13, 3, 13)):
        assert str(NormalAgent(1).choose(position(hand, "QC", 1, counts))) == "play 2S"
    assert str(NormalAgent(1).choose(position("9S 9H 2S", "QC", 1, (12, 13, 13)))) == "play 2S"


def test_normal_follows_with_a_single_of_its_plan_before_a_top_one():
    hand = "3C 3D 4H 4S 7C 7D 9S 9H JC KD 2S"
    assert str(NormalAgent(1).choose(position(hand, "QC", 1, counts=(12, 13, 13)))) == "play KD"


def test_normal_breaks_its_plan_only_against_an_opponent_about_to_go_out():
    hand = "9C 9D JC JD"
    # it splits the higher pair: a lone jack is less of a burden than a lone nine
    assert str(NormalAgent(1).choose(position(hand, "8S", 2, counts=(9, 3, 8)))) == "play JC"
    assert NormalAgent(1).choose(position(hand, "8S", 2, counts=(9, 9, 8))) == PASS


def test_normal_runs_out_safe_melds_before_its_last_one():
    # 2S is the top single once the 5H and both jokers are played: it keeps the lead for 3C.
    obs = position("3C 2S", counts=(5, 5, 5), played="5H jj JJ")
    assert str(NormalAgent(1).choose(obs)) == "play 2S"
    assert str(NormalAgent(1).choose(position("3C 2S", counts=(5, 5, 5)))) == "play 3C"


def test_normal_leads_no_single_an_opponent_on_one_card_can_beat():
    obs = position("4C 9D 9S", counts=(1, 13, 13))
    assert str(NormalAgent(1).choose(obs)) == "play 9D 9S"
    assert str(NormalAgent(1).choose(position("4C 9D 9S"))) == "play 4C"


def test_normal_goes_out_when_it_can():
    obs = position("9C TD JH QS KC", last="3C 4D 5S 6H 7C", last_seat=2)
    assert str(NormalAgent(1).choose(obs)) == "play 9C TD JH QS KC"


# ----------------------------------------------------------------------------------------------
# simulate heart_of_five


@pytest.mark.parametrize("players", [("normal", "easy"), ("normal", "easy", "easy"),
                                     ("normal", "easy", "easy", "easy", "easy", "easy", "easy",
                                      "easy")])
def test_run_heart_of_five_figures(players):
    n = len(players)
    stats = run_heart_of_five(n, seed=3, players=players)
    assert stats["rounds"] == stats["games"] == n and stats["baseline"] == round(1 / n, 4)
    assert sum(stats["first_out_by_seat"]) == sum(stats["last_out_by_seat"]) == n
    assert set(stats["by_level"]) == set(players)
    rates = [*stats["first_out"].values(), *stats["last_out"].values()]
    rates += [r for lv in stats["by_level"].values() for r in lv.values()]
    for r in rates:
        assert 0 <= r["low"] <= r["rate"] <= r["high"] <= 1
    assert sum(r["rate"] for r in stats["first_out"].values()) == pytest.approx(1)
    assert stats["decisions"] > 0 and stats["decisions_per_second"] > 0
    again = run_heart_of_five(n, seed=3, players=players)
    assert {**again, "decisions_per_second": 0, "elapsed": 0} == \
        {**stats, "decisions_per_second": 0, "elapsed": 0}


def test_simulate_command(capsys):
    assert simulate_main(["heart_of_five", "--players", "normal", "easy", "easy",
                          "--games", "3", "--seed", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "heart_of_five" and data["rounds"] == 3
    assert set(data["first_out"]) == {"normal", "easy#1", "easy#2"}
    assert simulate_main(["heart_of_five", "--games", "2"]) == 0  # default: normal + 3 easy
    out = capsys.readouterr().out
    assert "2 rounds, each the first round of a fresh deal" in out
    assert "first out" in out and "last out" in out and "decisions/s" in out
    assert simulate_main(["heart_of_five", "--players", "normal"]) == 2
    assert "2 to 8 levels" in capsys.readouterr().err
    assert simulate_main(["heart_of_five", "--players", *["easy"] * 9]) == 2


def test_simulated_rounds_are_the_same_when_processes_share_them():
    from ai.simulate import run_heart_of_five
    alone = run_heart_of_five(4, seed=3, players=("normal", "easy", "easy"))
    shared = run_heart_of_five(4, seed=3, players=("normal", "easy", "easy"), jobs=2)
    timing = ("decisions_per_second", "elapsed")
    assert {k: v for k, v in shared.items() if k not in timing} == \
        {k: v for k, v in alone.items() if k not in timing}
    assert sum(alone["first_out_by_seat"]) == 4
