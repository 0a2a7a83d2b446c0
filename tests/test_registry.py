"""The one registry of games (game.catalog, with its rules half in rules.games): each game id
is written once, and everything else (menu, setup, tables, engines, computer levels, saves,
guides, yaku names, the simulation, tools and benchmarks) finds the game through it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from ai.base import levels, make_agent, register, unregister
from game import catalog
from game.catalog import GAMES, GameInfo, UnknownGameError, info, load
from game import screens
from game.scenes.setup import SetupScene
from game.setups import SaveError, check_setup, default_setup
from rules import games as rules_games
from rules.games import GameRules

ROOT = Path(__file__).resolve().parent.parent

#: Modules that serve every game alike: no game id may be spelled out in them.
GENERIC = ["game/scenes/menu.py", "game/scenes/setup.py", "game/scenes/stats.py",
           "game/screens.py", "game/session.py", "game/setups.py", "game/stats.py",
           "ai/base.py", "main.py", "game/cli.py", "game/scenes/guides.py",
           "game/table/names.py", "tools/soak_input.py", "tools/language_sheets.py",
           "benchmarks/startup.py"]
#: The registry's two halves: the only modules that list the games.
REGISTRY = {"rules/games.py", "game/catalog.py"}
#: Where the program, its tools and its benchmarks live (tests may name the games they test).
SOURCES = ["rules", "ai", "sprites", "sounds", "game", "tools", "benchmarks", "main.py"]


@pytest.mark.parametrize("path", GENERIC)
def test_generic_modules_name_no_game(path):
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    named = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
             and n.value in GAMES and id(n) not in docstrings]
    assert not named, f"{path} names games {named}: use the registry"


def lists_of_games(source: str) -> list[tuple[int, list[str]]]:
    """(line, ids) of each literal tuple, list or set in ``source`` holding two or more game
    ids, and of each dict keyed by two or more.

    >>> lists_of_games("A = ('koikoi', 'x')\\nB = {'koikoi': 1, 'hanaawase': 2}\\nC = ['koikoi']")
    [(2, ['koikoi', 'hanaawase'])]
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        items = (node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set))
                 else node.keys if isinstance(node, ast.Dict) else [])
        ids = [n.value for n in items if isinstance(n, ast.Constant) and n.value in GAMES]
        if len(ids) >= 2:
            found.append((node.lineno, ids))
    return found


def test_no_module_but_the_registry_lists_the_games():
    paths = [p for name in SOURCES for p in
             ((ROOT / name).rglob("*.py") if (ROOT / name).is_dir() else [ROOT / name])]
    assert len(paths) > 100
    listed = {}
    for path in paths:
        where = path.relative_to(ROOT).as_posix()
        if where not in REGISTRY:
            found = lists_of_games(path.read_text(encoding="utf-8"))
            if found:
                listed[where] = found
    assert not listed, f"lists of games outside the registry (iterate GAMES): {listed}"


def test_entries_take_their_fields_by_name_only():
    koikoi = rules_games.GAMES["koikoi"]
    with pytest.raises(TypeError, match="keyword arguments only"):
        GameInfo(koikoi, "Koi-Koi", "Two players")
    with pytest.raises(TypeError, match="keyword arguments only"):
        GameRules("chess", "rules.chess:Chess")
    entry = GameInfo(rules=koikoi, title="Koi-Koi", subtitle="Two players")
    assert entry.id == "koikoi" and entry.max_players == 2 and entry.guide == ""
    assert entry._replace(title="K") == GameInfo(rules=koikoi, title="K", subtitle="Two players")
    import copy
    import pickle
    assert copy.copy(entry) == entry and pickle.loads(pickle.dumps(koikoi)) == koikoi


def test_the_catalog_has_each_game_of_the_rules_in_their_order(monkeypatch):
    assert list(GAMES) == list(rules_games.GAMES)
    assert all(g.rules is rules_games.GAMES[g.id] for g in GAMES.values())
    monkeypatch.setitem(rules_games.GAMES, "chess", GameRules(id="chess"))
    with pytest.raises(LookupError, match="no catalog entry .* for chess"):
        catalog._build()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_guides_and_yaku_are_found_through_the_registry(game_id):
    from game.scenes.guides import has_guide, script
    from game.table.names import YAKU, yaku_labels
    g = GAMES[game_id]
    assert has_guide(game_id) == bool(g.guide)
    if g.guide:
        assert script(game_id).game_id == game_id
        assert script(game_id).setup().players in range(g.min_players, g.max_players + 1)
    assert set(g.yaku.values()) <= set(YAKU)
    assert list(yaku_labels(game_id)) == list(g.yaku)


def test_a_game_whose_entry_names_no_guide_offers_none(monkeypatch):
    from game.scenes.guides import has_guide
    monkeypatch.setitem(GAMES, "koikoi", GAMES["koikoi"]._replace(guide=""))
    assert not has_guide("koikoi") and GAMES["koikoi"].guide_script() is None
    assert has_guide("hanaawase")


@pytest.mark.parametrize("game_id", list(rules_games.GAMES))
def test_the_rules_half_deals_every_seat_count(game_id):
    g = rules_games.GAMES[game_id]
    for players in range(g.min_players, g.max_players + 1):
        engine = g.new_game(3, players)
        assert isinstance(engine, g.engine_class())
        assert getattr(engine, "players", 1) == players
    for players in (g.min_players - 1, g.max_players + 1):
        with pytest.raises(ValueError, match="players"):
            g.new_game(3, players)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_game_is_found_through_the_registry(game_id):
    g = info(game_id)
    assert screens.available(game_id) == g.available == (g.table_factory() is not None)
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
        screens.factory("chess")
    with pytest.raises(ValueError, match="no AI for game 'yatsuhashi'"):
        levels("yatsuhashi")
    assert screens.available("gallery")


def test_computer_players_are_found_by_module_name():
    import ai.base
    assert not hasattr(ai.base, "_MODULES")  # no second list of games
    assert levels("koikoi") == GAMES["koikoi"].ai_levels


class _Lazy:
    level = "lazy"

    def __init__(self, seed):
        pass

    def choose(self, observation):
        return observation.legal_actions[0]


@pytest.fixture
def lazy_level():
    register("koikoi", "lazy", _Lazy)
    yield "lazy"
    unregister("koikoi", "lazy")


def test_a_level_registered_in_ai_is_offered_without_touching_game(app, lazy_level):
    assert GAMES["koikoi"].ai_levels == (*levels("koikoi"),) and lazy_level in levels("koikoi")
    setup = SetupScene("koikoi")
    app.push(setup)
    seat2 = next(w for w in setup.focus.widgets if getattr(w, "text", None) == "Seat 2")
    assert lazy_level in [value for value, _label in seat2.choices]
    data = {"seats": ["human", lazy_level], "options": {}, "seed": 3}
    assert check_setup("koikoi", data).seats == ["human", lazy_level]
    unregister("koikoi", lazy_level)
    assert lazy_level not in GAMES["koikoi"].ai_levels
    with pytest.raises(SaveError, match="'lazy' is not human or a computer level"):
        check_setup("koikoi", data)


def test_games_without_computer_players_offer_none():
    for game_id, g in GAMES.items():
        try:
            expected = levels(game_id)
        except ValueError:
            expected = ()
        assert g.ai_levels == expected, game_id
    assert GAMES["yatsuhashi"].ai_levels == ()
    assert default_setup("yatsuhashi", 1).seats == ["human"]


def test_hana_awase_seats_a_human_and_two_computers_as_600_hearts_does():
    assert GAMES["hanaawase"].ai_levels == ("easy", "normal", "hard") == \
        GAMES["hearts600"].ai_levels
    five = GAMES["heart_of_five"]
    assert five.ai_levels == ("easy", "normal", "hard")
    assert default_setup("heart_of_five", 1).seats == ["human"] + ["normal"] * (
        five.default_players - 1)
    assert default_setup("hanaawase", 1).seats == ["human", "normal", "normal"] == \
        default_setup("hearts600", 1).seats


def test_importing_the_catalog_loads_no_engine_and_no_ai():
    code = ("import sys, game.catalog; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ai', 'rules')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "['rules', 'rules.games']"  # the registry's rules half alone


def test_load_hides_a_missing_module_but_not_a_broken_one(tmp_path, monkeypatch):
    assert load("game.scenes.not_written_yet:Table") is None
    (tmp_path / "broken_table.py").write_text("import not_a_module_anywhere\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError):
        load("broken_table:Table")
