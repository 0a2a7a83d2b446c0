"""Koi-Koi computer opponents: legality, hidden information, determinism, judgement, the
background runner and the ``simulate`` command."""

from __future__ import annotations

import copy
import dataclasses
import json
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.helpers import cards_in, play_agents

from ai.base import Agent, levels, make_agent
from ai.koikoi import EasyAgent, NormalAgent
from ai.runner import AIWorker
from ai.simulate import run_koikoi
from rules.hanafuda import DECK, Card
from rules.koikoi import Action, KoiKoiGame, KoiKoiObservation, KoiKoiRules

ROOT = Path(__file__).resolve().parent.parent
STOCK = "12C1 12C2 12C3 11C1 10C1 10C2"


def play_match(game: KoiKoiGame, agents: list[Agent], check=None) -> list[str]:
    """Play ``game`` to its end; every action must be legal. Returns the actions taken."""
    return play_agents(game, agents, check)


# ----------------------------------------------------------------------------------------------
# The registry


def test_registry_levels_and_unknown_names():
    assert levels("koikoi")[:2] == ("easy", "normal")
    assert isinstance(make_agent("koikoi", "easy", 1), EasyAgent)
    assert make_agent("koikoi", "normal", 1).level == "normal"
    with pytest.raises(ValueError, match="'expert'"):
        make_agent("koikoi", "expert", 1)
    with pytest.raises(ValueError, match="'chess'"):
        make_agent("chess", "easy", 1)


# ----------------------------------------------------------------------------------------------
# Legal moves over whole matches


RULE_SETS = {
    "seed": KoiKoiRules(),
    "nintendo": KoiKoiRules.nintendo(),
    "optional": KoiKoiRules(matching="optional"),
    "nintendo_swap_complex": dataclasses.replace(
        KoiKoiRules.nintendo(), hand_swap=True, scoring="complex", match_end="rounds3",
        viewing="with_other", rain_rule=True, koikoi_penalty=True, tsukifuda=True),
    "no_triple_draw_first": KoiKoiRules(field_triple=False, draw_for_first=True,
                                        sake_as_chaff=False, viewing="never",
                                        match_end="rounds6"),
}


@pytest.mark.parametrize("name", sorted(RULE_SETS))
@pytest.mark.parametrize("levels_", [("normal", "easy"), ("easy", "normal"),
                                     ("normal", "normal")])
def test_agents_always_choose_legal_actions(name, levels_):
    rules = RULE_SETS[name]
    for seed in (1, 2):
        game = KoiKoiGame.new(seed, rules)
        agents = [make_agent("koikoi", lv, seed * 10 + s) for s, lv in enumerate(levels_)]
        play_match(game, agents)
        assert game.is_over and game.round >= 1


def test_optional_matching_offers_laying_down_and_agents_handle_it():
    rules = KoiKoiRules(matching="optional")
    game = KoiKoiGame.from_layout(["3B 4C1", "6C2 9C2"], "3C1 5C1", "12C1 12C2 12C3 11C1",
                                  rules=rules)
    legal = [str(a) for a in game.legal_actions()]
    assert "play 3B -" in legal
    for agent in (EasyAgent(seed=1), NormalAgent(seed=1)):
        assert agent.choose(game.observation(0)) in game.legal_actions()


# ----------------------------------------------------------------------------------------------
# Hidden information


def _objects_in(value) -> list[object]:
    out, stack = [], [value]
    while stack:
        v = stack.pop()
        out.append(v)
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
        elif dataclasses.is_dataclass(v) and not isinstance(v, type):
            stack.extend(getattr(v, f.name) for f in dataclasses.fields(v))
    return out


def test_observation_holds_no_hidden_cards_and_agents_need_nothing_else():
    for rules in (KoiKoiRules(), KoiKoiRules.nintendo()):
        game = KoiKoiGame.new(11, rules)
        agents = [NormalAgent(seed=1), EasyAgent(seed=2)]

        def check(g: KoiKoiGame, seat: int, obs: KoiKoiObservation) -> None:
            # Hidden: the opponent's hand and the stock, but for what both seats were shown
            # (after a hand swap each knows the other's hand).
            hidden = set(g.hands[1 - seat]) - set(obs.revealed_hands[1 - seat])
            hidden |= set(g.stock) - set(obs.revealed_stock)
            assert not hidden & cards_in(obs), "observation leaks hidden cards"
            assert not any(isinstance(o, KoiKoiGame) for o in _objects_in(obs))
            # A deep copy holds nothing that leads back to the game: the agents still decide.
            detached = copy.deepcopy(obs)
            for agent in (NormalAgent(seed=5), EasyAgent(seed=5)):
                assert agent.choose(detached) in g.legal_actions()

        play_match(game, agents, check)


def test_choice_does_not_depend_on_hidden_cards():
    """Two positions that differ only in the opponent's hand and the stock order look the same
    to the player to move, so it must choose the same."""
    a = KoiKoiGame.from_layout(["3C1 8C1 7C1", "4C2 6C2 9C2"], "3R 8B 9C1",
                               "12C1 12C2 12C3 11C1 10C1 10C2", piles=["", "1R 2R"])
    b = KoiKoiGame.from_layout(["3C1 8C1 7C1", "10C1 12C3 11C1"], "3R 8B 9C1",
                               "10C2 9C2 6C2 12C2 4C2 12C1", piles=["", "1R 2R"])
    obs_a, obs_b = a.observation(0), b.observation(0)
    assert obs_a == obs_b
    for level in ("easy", "normal"):
        assert make_agent("koikoi", level, 3).choose(obs_a) == \
            make_agent("koikoi", level, 3).choose(obs_b)


# ----------------------------------------------------------------------------------------------
# Determinism


@pytest.mark.parametrize("rules", [KoiKoiRules(), KoiKoiRules.nintendo()],
                         ids=["seed", "nintendo"])
def test_same_seed_same_choices(rules):
    def run() -> list[str]:
        game = KoiKoiGame.new(21, rules)
        return play_match(game, [make_agent("koikoi", "easy", 4),
                                 make_agent("koikoi", "normal", 5)])
    assert run() == run()


def test_agents_use_their_own_random_generator():
    import random
    random.seed(0)
    before = random.random()
    random.seed(0)
    game = KoiKoiGame.new(3)
    play_match(game, [EasyAgent(seed=1), NormalAgent(seed=2)])
    assert random.random() == before  # the global generator was never drawn from


# ----------------------------------------------------------------------------------------------
# Normal's judgement in constructed positions


def test_normal_blocks_a_near_complete_opposing_yaku():
    # The opponent holds two poetry ribbons; the third lies on the field beside the moon.
    # Unthreatened, Normal takes the bright; threatened, it takes the ribbon away.
    calm = KoiKoiGame.from_layout(["3C1 8C1 7C1", "4C2 6C2 9C2"], "3R 8B 9C1", STOCK)
    threat = KoiKoiGame.from_layout(["3C1 8C1 7C1", "4C2 6C2 9C2"], "3R 8B 9C1", STOCK,
                                    piles=["", "1R 2R"])
    assert str(NormalAgent(seed=1).choose(calm.observation(0))) == "play 8C1"
    assert str(NormalAgent(seed=1).choose(threat.observation(0))) == "play 3C1"


def test_normal_does_not_lay_down_the_card_the_opponent_needs():
    # Nothing matches: Normal keeps 3R (the opponent's third poetry ribbon) in hand.
    game = KoiKoiGame.from_layout(["3R 4C1 7C1", "4C2 6C2 9C2"], "5R 9C1 2C1", STOCK,
                                  piles=["", "1R 2R"])
    assert NormalAgent(seed=1).choose(game.observation(0)).card.code != "3R"


def _decide_position(scores, rules=RULE_SETS["seed"], round_=1):
    """Seat 0 completes the poetry ribbons (5 points) and must choose koi-koi or stop."""
    game = KoiKoiGame.from_layout(["3R 4C1 7C1 8C1", "6C2 9C2 10C1 10C2"], "3C1 5C1",
                                  "12C1 12C2 12C3 11C1 1C1 6C1 7C2 2C1",
                                  piles=["1R 2R", ""], scores=scores, rules=rules,
                                  round=round_)
    game.apply("play 3R")
    assert game.phase == "decide" and game.current_player == 0
    return game.observation(0)


def test_normal_stops_when_stopping_wins_the_match():
    assert NormalAgent(seed=1).choose(_decide_position((46, 10))) == Action("stop")
    # Early in a level match the same five points are worth pressing on for.
    assert NormalAgent(seed=1).choose(_decide_position((0, 0))) == Action("koikoi")
    # Last round of a fixed-length match, ahead once the points count: stop.
    last = dataclasses.replace(KoiKoiRules.nintendo(), match_end="rounds3")
    assert NormalAgent(seed=1).choose(_decide_position((8, 12), last, 3)) == Action("stop")


def test_normal_hand_swap_is_a_choice_and_keeps_an_instant_win():
    swaps = set()
    for seed in range(40):
        game = KoiKoiGame.new(seed)
        assert game.phase == "swap"
        obs = game.observation(game.current_player)
        swaps.add(NormalAgent(seed=seed).choose(obs).kind)
    assert swaps == {"swap", "keep"}  # it judges the hand, not a fixed habit
    # A dealt hand of four pairs wins at once: never hand it over.
    obs = KoiKoiGame.new(1).observation(0)
    free = [c for c in DECK if c not in obs.field]
    by_month: dict[int, list[Card]] = {}
    for c in free:
        by_month.setdefault(c.month, []).append(c)
    pairs = [cs[:2] for cs in by_month.values() if len(cs) >= 2][:4]
    obs = dataclasses.replace(obs, phase="swap", legal_actions=(Action("swap"), Action("keep")),
                              hand=tuple(c for pair in pairs for c in pair))
    assert NormalAgent(seed=1).choose(obs) == Action("keep")


# ----------------------------------------------------------------------------------------------
# The runner


class _Gate:
    """An agent that answers only when released, with the observation's ``tag``."""

    level = "gate"

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()

    def choose(self, observation):
        self.started.set()
        assert self.release.wait(10)
        if observation.get("boom"):
            raise RuntimeError("agent failed")
        return observation["tag"]


def test_runner_does_not_block_and_paces_the_answer():
    agent = _Gate()
    worker = AIWorker(agent, min_delay=0.6)
    try:
        worker.request({"tag": "first"})
        assert worker.busy
        assert agent.started.wait(10)
        assert worker.poll() is None  # still thinking: poll returns at once
        agent.release.set()
        assert worker.wait(10)
        assert worker.ready and worker.pending == "first"
        assert worker.poll() is None  # answered, but no frame time has passed
        worker.update(0.25)
        worker.update(0.25)
        assert worker.poll() is None
        worker.update(0.1)
        assert worker.poll() == "first"
        assert not worker.busy and worker.poll() is None  # each answer once
    finally:
        worker.close()


def test_runner_cancel_and_newer_request_discard_old_answers():
    agent = _Gate()
    worker = AIWorker(agent, min_delay=0)
    try:
        worker.request({"tag": "old"})
        assert agent.started.wait(10)
        worker.cancel()
        assert not worker.busy
        worker.request({"tag": "new"})
        agent.release.set()
        assert worker.wait(10)
        assert worker.poll() == "new"
        # A request replaced before it is answered never comes back.
        agent.release.clear()
        worker.request({"tag": "stale"})
        worker.request({"tag": "fresh"})
        agent.release.set()
        assert worker.wait(10)
        assert worker.poll() == "fresh"
    finally:
        worker.close()


def test_runner_hands_agent_errors_to_the_caller():
    agent = _Gate()
    agent.release.set()
    worker = AIWorker(agent)
    try:
        worker.request({"boom": True})
        assert worker.wait(10)
        with pytest.raises(RuntimeError, match="agent failed"):
            worker.poll()
        assert not worker.busy
    finally:
        worker.close()


def test_runner_with_a_real_agent_plays_a_round():
    game = KoiKoiGame.new(8, KoiKoiRules.nintendo())
    workers = [AIWorker(make_agent("koikoi", "normal", s)) for s in range(2)]
    try:
        start_round = game.round
        while game.round == start_round and not game.is_over:
            w = workers[game.current_player]
            w.request(game.observation(game.current_player))
            assert w.wait(10)
            w.update(0.016)
            action = w.poll()
            assert action in game.legal_actions()
            game.apply(action)
    finally:
        for w in workers:
            w.close()


# ----------------------------------------------------------------------------------------------
# Simulation


def test_run_koikoi_figures_are_consistent():
    rules = dataclasses.replace(KoiKoiRules.nintendo(), match_end="rounds3")
    stats = run_koikoi(4, seed=2, players=("normal", "easy"), rules=rules)
    assert stats["games"] == 4 and stats["rounds"] == 12
    assert sum(stats["wins"].values()) + stats["draws"] == 4
    assert sum(stats["wins_by_seat"]) == sum(stats["wins"].values())
    for label in ("normal", "easy"):
        kk = stats["koikoi"][label]
        assert 0 <= kk["successes"] <= kk["calls"]
    assert stats["decisions"] > 0 and stats["decisions_per_second"] > 0
    assert stats == {**run_koikoi(4, seed=2, players=("normal", "easy"), rules=rules),
                     "decisions_per_second": stats["decisions_per_second"],
                     "elapsed": stats["elapsed"]}


def test_run_koikoi_gives_the_same_figures_with_matches_shared_by_processes():
    rules = dataclasses.replace(KoiKoiRules.nintendo(), match_end="rounds3")
    alone = run_koikoi(6, seed=5, players=("hard", "normal"), rules=rules, iterations=2)
    shared = run_koikoi(6, seed=5, players=("hard", "normal"), rules=rules, iterations=2,
                        jobs=2)
    timing = ("decisions_per_second", "elapsed")
    assert {k: v for k, v in shared.items() if k not in timing} == \
        {k: v for k, v in alone.items() if k not in timing}
    assert alone["rounds"] == 18 and sum(alone["wins"].values()) + alone["draws"] == 6


def _simulate(*args: str) -> subprocess.CompletedProcess:
    code = ("import sys, main; status = main.main(sys.argv[1:]); "
            "assert 'pygame' not in sys.modules, 'simulate imported pygame'; sys.exit(status)")
    return subprocess.run([sys.executable, "-c", code, "simulate", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_simulate_command_prints_a_summary_and_json():
    args = ("koikoi", "--games", "4", "--rules", "nintendo", "--rounds", "3")
    out = _simulate(*args)
    assert out.returncode == 0, out.stderr
    assert "4 games, 12 rounds" in out.stdout
    assert "normal" in out.stdout and "easy" in out.stdout and "decisions/s" in out.stdout
    out = _simulate(*args, "--json", "--players", "easy", "normal")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["games"] == 4 and data["rounds"] == 12
    assert set(data["wins"]) == {"easy", "normal"}
    assert set(data["points_per_round"]) == {"easy", "normal"}
    assert data["decisions_per_second"] > 0


def test_simulate_refuses_unknown_games_and_levels():
    out = _simulate("yatsuhashi", "--games", "1")  # a solitaire: no AI-only games
    assert out.returncode == 2 and "unknown game 'yatsuhashi'" in out.stderr
    out = _simulate("koikoi", "--players", "easy", "normal", "easy")
    assert out.returncode == 2 and "takes 2 levels" in out.stderr
    out = _simulate("chess")
    assert out.returncode == 2 and "unknown game 'chess'" in out.stderr
    out = _simulate("koikoi", "--players", "easy", "grandmaster")
    assert out.returncode == 2 and "grandmaster" in out.stderr
    out = _simulate("koikoi", "--jobs", "0", "--games", "1")
    assert out.returncode == 2 and "--jobs" in out.stderr


@pytest.mark.parametrize("name", ["ai.base", "ai.koikoi", "ai.runner", "ai.simulate"])
def test_docstring_examples(name):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(name),
                             optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
