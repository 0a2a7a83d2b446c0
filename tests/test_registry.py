"""The one registry of games (game.catalog): each game id is written once, and everything
else (menu, setup, tables, engines, computer levels, saves) finds the game through it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ai.base import levels, make_agent
from game.catalog import GAMES, UnknownGameError, info, load
from game.scenes import registry
from game.session import default_setup

ROOT = Path(__file__).resolve().parent.parent

#: Modules that serve every game alike: no game id may be spelled out in them.
GENERIC = ["game/scenes/menu.py", "game/scenes/setup.py", "game/scenes/stats.py",
           "game/scenes/registry.py", "game/session.py", "game/stats.py", "ai/base.py",
           "main.py"]


@pytest.mark.parametrize("path", GENERIC)
def test_generic_modules_name_no_game(path):
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    named = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
             and n.value in GAMES and id(n) not in docstrings]
    assert not named, f"{path} names games {named}: use the registry"


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_game_is_found_through_the_registry(game_id):
    g = info(game_id)
    assert registry.available(game_id) == g.available == (g.table_factory() is not None)
    cls = g.engine_class()
    if cls is None:
        assert not g.available  # no engine, no table
        with pytest.raises(UnknownGameError):
            g.new_engine(default_setup(game_id, 1))
        return
    engine = g.new_engine(default_setup(game_id, 4))
    assert isinstance(engine, cls)
    assert g.restore_engine(engine.to_dict()).to_dict() == engine.to_dict()
    assert g.progress(engine)
    for level in g.ai_levels:
        assert make_agent(game_id, level, seed=1).level == level


def test_tables_take_a_setup_or_a_session():
    import inspect
    for game_id, g in GAMES.items():
        factory = g.table_factory()
        if factory is not None:
            params = inspect.signature(factory).parameters
            assert {"setup", "session"} <= set(params), game_id


def test_unknown_ids_are_named():
    with pytest.raises(UnknownGameError, match="'chess'"):
        info("chess")
    with pytest.raises(ValueError, match="unknown scene id 'chess'"):
        registry.factory("chess")
    with pytest.raises(ValueError, match="no AI for game 'hanaawase'"):
        levels("hanaawase")
    assert registry.available("gallery")


def test_computer_players_are_found_by_module_name():
    import ai.base
    assert not hasattr(ai.base, "_MODULES")  # no second list of games
    assert levels("koikoi") == GAMES["koikoi"].ai_levels


def test_load_hides_a_missing_module_but_not_a_broken_one(tmp_path, monkeypatch):
    assert load("game.scenes.not_written_yet:Table") is None
    (tmp_path / "broken_table.py").write_text("import not_a_module_anywhere\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError):
        load("broken_table:Table")
