"""``simulate GAME`` finds its games in the registry (``rules.games``): every game of more than
one seat is simulated, with the seat counts and the default line-up the registry gives, and a
new game needs no line in ``ai/simulate.py`` to be simulated."""

from __future__ import annotations

import json

import pytest

from ai import simulate
from ai.base import make_agent, register, unregister
from rules import games as rules_games
from rules.games import GameRules


def test_every_game_of_several_seats_has_a_runner_from_the_registry():
    runners = simulate.runners()
    assert list(runners) == [g.id for g in rules_games.GAMES.values() if not g.solitaire]
    for game_id, r in runners.items():
        g = rules_games.GAMES[game_id]
        assert (r.fewest, r.most) == (g.min_players, g.max_players)
        assert r.default == ("normal",) + ("easy",) * (g.default_players - 1)
    assert simulate.main(["yatsuhashi", "--games", "1"]) == 2  # a solitaire: none


def test_the_help_names_each_game_and_its_seats_from_the_registry():
    text = simulate.build_parser().format_help().replace("\n", " ")
    for game_id, g in rules_games.GAMES.items():
        if not g.solitaire:
            assert game_id in text


@pytest.fixture
def sixth_game(monkeypatch):
    """A new game of three seats, only in the registry and with its computer levels (Hana-awase
    under another id): what a sixth game brings."""
    base = rules_games.GAMES["hanaawase"]
    monkeypatch.setitem(rules_games.GAMES, "sixth", base._replace(id="sixth"))
    for level in ("easy", "normal"):
        register("sixth", level, lambda seed, level=level: make_agent("hanaawase", level, seed))
    yield "sixth"
    for level in ("easy", "normal"):
        unregister("sixth", level)


def test_a_new_game_is_simulated_with_no_change_here(sixth_game, capsys):
    assert simulate.main([sixth_game, "--games", "3", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["game"] == sixth_game and stats["players"] == ["normal", "easy", "easy"]
    assert stats["rounds"] == 36 and round(sum(stats["wins"].values()), 6) == 3.0
    assert stats == {**simulate.run_hanaawase(3), "game": sixth_game,
                     "decisions_per_second": stats["decisions_per_second"],
                     "elapsed": stats["elapsed"]}  # the same games as Hana-awase's


def test_a_game_with_no_computers_is_refused_by_name(monkeypatch, capsys):
    monkeypatch.setitem(rules_games.GAMES, "lonely", GameRules(
        id="lonely", engine="rules.hanaawase:HanaAwaseGame", min_players=3, max_players=3,
        default_players=3))
    assert simulate.main(["lonely", "--games", "1"]) == 2
    assert "no AI for game 'lonely'" in capsys.readouterr().err
