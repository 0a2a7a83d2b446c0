"""Hana-awase computer opponents: legality under every option, determinism, hidden information,
Normal's judgement in constructed positions, and the ``simulate hanaawase`` command."""

from __future__ import annotations

import copy
import json
import random

import pytest

from ai.base import Agent, levels, make_agent
from ai.fishing import mask_of
from ai.hanaawase import EasyAgent, NormalAgent, captures_of, dekiyaku_total
from ai.simulate import main as simulate_main
from ai.simulate import run_hanaawase
from rules.hanafuda import DECK, cards
from rules.hanaawase import (HanaAwaseGame, HanaAwaseObservation, HanaAwaseRules,
                             dekiyaku_of_mask)
from tests.helpers import play_agents


def play_game(game: HanaAwaseGame, agents: list[Agent], check=None,
              max_rounds: int | None = None) -> list[str]:
    """Play ``game`` on (to its end, or ``max_rounds`` deals); every action must be legal.
    Agents get the observation only. Returns the actions taken."""
    return play_agents(game, agents, check, until=lambda g: g.is_over or (
        max_rounds is not None and g.round > max_rounds))


def layout(hands: list[str], field: str, piles: list[str], stock: str = "",
           rules: HanaAwaseRules | None = None) -> HanaAwaseGame:
    """A deal with seat 0 to move: the cards named, and every other card at the stock's
    bottom in deck order (unknown to every seat)."""
    named = set(cards(" ".join([*hands, field, *piles, stock])))
    rest = " ".join(c.code for c in DECK if c not in named)
    return HanaAwaseGame.from_layout(hands, field, f"{stock} {rest}", piles=piles, rules=rules)


def test_registry_levels():
    assert levels("hanaawase") == ("easy", "normal", "hard")
    assert isinstance(make_agent("hanaawase", "easy", 1), EasyAgent)
    assert isinstance(make_agent("hanaawase", "normal", 1), NormalAgent)
    with pytest.raises(ValueError, match="'expert'"):
        make_agent("hanaawase", "expert", 1)


RULES = [HanaAwaseRules(), HanaAwaseRules(steal_from_piles=False),
         HanaAwaseRules(willow_rule=True, rain_rule=True)]


@pytest.mark.parametrize("rules", RULES, ids=["seed", "no-stealing", "willow-rain"])
def test_agents_always_choose_legal_actions(rules):
    for seed in range(2):
        game = HanaAwaseGame.new(seed + 40, rules)
        agents = [make_agent("hanaawase", lv, seed + s)
                  for s, lv in enumerate(["normal", "easy", "normal"])]
        play_game(game, agents)
        assert game.is_over and len(game.history) == 12 and sum(game.scores) == 0


def test_same_seed_same_choices():
    def run() -> list[str]:
        return play_game(HanaAwaseGame.new(21), [make_agent("hanaawase", lv, 4 + s) for s, lv
                                                 in enumerate(["normal", "easy", "normal"])],
                         max_rounds=3)
    assert run() == run()


def test_agents_use_their_own_random_generator():
    random.seed(0)
    before = random.random()
    random.seed(0)
    play_game(HanaAwaseGame.new(3), [EasyAgent(1), NormalAgent(2), EasyAgent(3)], max_rounds=2)
    assert random.random() == before


def test_dekiyaku_total_adds_up_the_engines_dekiyaku():
    rng = random.Random(5)
    for rules in RULES:
        for _ in range(3000):
            m = rng.getrandbits(48) & rng.getrandbits(48)
            assert dekiyaku_total(m, rules) == sum(dekiyaku_of_mask(m, rules).values()), m


def test_captures_follow_the_engines_legal_actions():
    """Each ``play X Y`` the engine offers is one of ``captures_of``'s options, in order."""
    game = HanaAwaseGame.new(8)
    rng = random.Random(8)
    while not game.is_over and game.round <= 2:
        obs = game.observation(game.current_player)
        if obs.phase == "play":
            fm, piles = mask_of(obs.field), [mask_of(p) for p in obs.piles]
            for a in obs.legal_actions:
                if a.target is not None:
                    options = captures_of(a.card, fm, piles, obs.seat)
                    assert any(t & a.target.bit for t, _s in options), str(a)
        game.apply(rng.choice(game.legal_actions()))


# ----------------------------------------------------------------------------------------------
# Hidden information


def test_agents_decide_from_a_detached_observation_holding_no_hidden_cards():
    game = HanaAwaseGame.new(11)

    def check(g: HanaAwaseGame, seat: int, obs: HanaAwaseObservation) -> None:
        hidden = set(g.stock) | {c for s in range(3) if s != seat for c in g.hands[s]}
        hidden -= {c for h in obs.revealed_hands for c in h}  # teyaku hands are shown
        shown = set(obs.hand) | set(obs.field) | {c for p in obs.piles for c in p}
        if obs.pending is not None:
            shown.add(obs.pending)
        assert not hidden & shown
        detached = copy.deepcopy(obs)  # leads back to nothing of the game
        for agent in (NormalAgent(seed=5), EasyAgent(seed=5)):
            assert agent.choose(detached) in g.legal_actions()

    play_game(game, [NormalAgent(seed=s) for s in range(3)], check, max_rounds=1)


def test_choice_does_not_depend_on_hidden_cards():
    """Positions differing only in the other hands and the stock look alike to seat 0."""
    hand, field, piles = "1C1 3C1 9C1", "1B 3R 5A", ["2A", "6R 9R", "8B"]
    a = layout([hand, "4C1 7C1", "10C1 12C1"], field, piles)
    b = layout([hand, "11C1 12C2", "7R 4R"], field, piles)
    obs_a, obs_b = a.observation(0), b.observation(0)
    assert obs_a == obs_b
    for level in ("easy", "normal"):
        assert make_agent("hanaawase", level, 3).choose(obs_a) == \
            make_agent("hanaawase", level, 3).choose(obs_b)


# ----------------------------------------------------------------------------------------------
# Judgement: positions where Normal's choice is clearly right (Easy's differs where noted)

POSITIONS = [
    # Steal 9R from seat 1's blue ribbons (6R 9R 10R, 40 from each) rather than take 5A.
    ("breaks a made dekiyaku", ["9C1 5C1", "4C1 7C1", "11C1 12C1"], "5A",
     ["", "6R 9R 10R", ""], "", "play 9C1", "play 5C1"),
    # Steal 9R: seat 1 holds 6R 9R and 10R is still out; 5A is dearer.
    ("breaks a near dekiyaku", ["9C1 5C1", "4C1 7C1", "11C1 12C1"], "5A", ["", "6R 9R", ""],
     "", "play 9C1", "play 5C1"),
    # Nothing matches: lay 11A rather than 10R, which would give seat 1 (6R 9R) the blue
    # ribbons with any of the three unknown cards of month 10.
    ("does not feed a dekiyaku", ["10R 11A", "4C1 7C1", "1C1 12C1"], "2C1 3C1",
     ["", "6R 9R", ""], "", "play 11A", "play 10R"),
    # After laying 5C1, the drawn 1C1 takes 1R, completing my poetry ribbons (months 2 and 3
    # are out: only 1C2 could break them), rather than steal the bright 1B.
    ("completes with the draw", ["5C1", "4C1", "7C1"], "1R",
     ["2R 3R", "1B", "2A 2C1 2C2 3B 3C1 3C2"], "1C1", "take 1R", "take 1B"),
]


@pytest.mark.parametrize("name, hands, field, piles, stock, normal, easy", POSITIONS,
                         ids=[p[0] for p in POSITIONS])
def test_normal_judgement(name, hands, field, piles, stock, normal, easy):
    game = layout(hands, field, piles, stock)
    if normal.startswith("take"):
        game.apply(game.legal_actions()[0])  # lay the hand card: the draw chooses
    obs = game.observation(game.current_player)
    for seed in range(3):
        assert str(NormalAgent(seed).choose(obs)) == normal
    if easy is not None:
        assert str(EasyAgent(1).choose(obs)) == easy


# ----------------------------------------------------------------------------------------------
# simulate hanaawase


def test_run_hanaawase_figures():
    stats = run_hanaawase(games=3, seed=2, players=("normal", "easy", "easy"))
    assert stats["game"] == "hanaawase" and stats["rounds"] == 36
    assert round(sum(stats["wins"].values()), 6) == 3.0
    assert sum(stats["mean_score"].values()) == pytest.approx(0, abs=0.2)
    assert set(stats["by_level"]) == {"normal", "easy"} and stats["baseline"] == 0.3333
    duel = stats["head_to_head"]["normal ahead of easy"]
    assert duel["rate"] >= stats["by_level"]["normal"]["rate"]  # a winner is ahead of both
    assert stats == {**run_hanaawase(games=3, seed=2, players=("normal", "easy", "easy")),
                     "elapsed": stats["elapsed"],
                     "decisions_per_second": stats["decisions_per_second"]}


def test_simulate_command(capsys):
    assert simulate_main(["hanaawase", "--players", "normal", "easy", "easy", "--games", "2",
                          "--seed", "3", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["players"] == ["normal", "easy", "easy"] and stats["games"] == 2
    assert simulate_main(["hanaawase", "--games", "1"]) == 0
    assert "level normal" in capsys.readouterr().out
    assert simulate_main(["hanaawase", "--players", "normal", "easy"]) == 2
    assert "takes 3 levels" in capsys.readouterr().err
