"""How often Continue rebuilds a saved game from its actions, counted through the engine's own
``from_dict`` and the steps that carry out an action: the menu's Continue line (and its progress
label) reads the save without replaying it; Continue opens the table, whose replay (through its
own steps, to lay the cards out as the player left them) is the save's one replay and its
check: a save that does not replay is kept aside and the menu says so. ``load_current`` (tools)
replays to check and hands that engine on, never replaying again."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from game import paths
from game.catalog import GAMES
from game.scenes.menu import MenuScene
from game.journal import encode_line
from game.session import Session, load_current, peek_current, read_save
from game.setups import default_setup
from game.table.scheduler import Scheduler
from game.widgets.dialog import Dialog
from rules.fishing.engine import FishingGame
from rules.fishing.turns import FishingTurns
from tests.helpers import click


class Replays:
    """While attached: the engines ``from_dict`` rebuilt from a save's actions (an empty start
    is no replay) and the actions carried out (``FishingTurns._step``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.from_dict = 0
        self.steps = 0
        built = FishingGame.__dict__["from_dict"].__func__
        carried = FishingTurns._step

        def from_dict(cls: type, data: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(data, dict) and data.get("actions"):
                self.from_dict += 1
            return built(cls, data, *args, **kwargs)

        def step(engine: Any, action: Any) -> None:
            self.steps += 1
            carried(engine, action)
        monkeypatch.setattr(FishingGame, "from_dict", classmethod(from_dict))
        monkeypatch.setattr(FishingTurns, "_step", step)


def widget(scene: Any, text: str) -> Any:
    return next(w for w in scene.focus.widgets if getattr(w, "text", None) == text)


def saved_koikoi(actions: int) -> dict[str, Any]:
    """A Koi-Koi match of two humans, ``actions`` actions in, saved as a table saves it; its
    ``to_dict()``."""
    setup = default_setup("koikoi", 11)
    setup.seats = ["human", "human"]
    game = GAMES["koikoi"].new_engine(setup)
    for _ in range(actions):
        game.apply(game.legal_actions()[0])
    Session.start(setup, game)
    return game.to_dict()


def test_the_continue_line_and_its_label_replay_nothing(monkeypatch):
    saved_koikoi(12)
    count = Replays(monkeypatch)
    session, problem = peek_current()
    assert problem is None and session is not None
    assert session.label().startswith("Koi-Koi · Round 1")
    assert session.moves == 12
    assert (count.from_dict, count.steps) == (0, 0)


def test_continue_replays_the_save_once_and_hands_that_engine_on(monkeypatch):
    played = saved_koikoi(12)
    count = Replays(monkeypatch)
    session, problem = load_current()
    assert problem is None and session is not None
    assert (count.from_dict, count.steps) == (1, 12)   # the check: every action, once
    engine = session.engine()
    assert engine.to_dict() == played
    assert (count.from_dict, count.steps) == (1, 12)   # handed on, not replayed again


def test_continue_in_the_app_replays_the_save_once_through_the_tables_steps(app, monkeypatch):
    played = saved_koikoi(12)
    count = Replays(monkeypatch)
    app.stack.top.rebuild()   # the menu reads the save: its Continue line
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and count.from_dict == 0
    click(app, widget(menu, "Continue").rect.center)
    table = app.stack.top
    assert table.game.to_dict() == played
    assert (count.from_dict, count.steps) == (1, len(played["actions"]))
    assert table.session is not None and table.session.moves == 12
    assert table.session.label().startswith("Koi-Koi · Round 1")
    assert len(table.log.lines) > 0 and table.marked  # laid out as live play left it


def test_continue_in_the_app_replays_a_yatsuhashi_deal_once(app, monkeypatch):
    """Yatsuhashi's table: one replay for the cards, the log and which moves were its own
    (the moves made, then the undone ones). Its solver is sent the position as data, to
    replay in its own process (here a thread), as for any position: not counted."""
    from rules import yatsuhashi
    game = yatsuhashi.Game.deal(3)
    for _ in range(9):
        game.apply(game.legal_moves()[0])
    game.undo()
    game.undo()
    Session.start(default_setup("yatsuhashi", 3), game).leave()
    built = yatsuhashi.Game.__dict__["from_dict"].__func__
    replays: list[int] = []

    def from_dict(cls: type, data: Any, *args: Any) -> Any:
        if threading.current_thread() is threading.main_thread():  # (not the solver's)
            replays.append(len(data.get("moves", ())))
        return built(cls, data, *args)
    monkeypatch.setattr(yatsuhashi.Game, "from_dict", classmethod(from_dict))
    app.stack.top.rebuild()
    click(app, widget(app.stack.top, "Continue").rect.center)
    table = app.stack.top
    assert table.game.to_dict() == game.to_dict()
    assert replays == [9]                       # the whole line once, two of it undone
    assert len(table.log.lines) == 7 and len(table.redo_auto) == 2


def test_a_save_that_does_not_replay_is_kept_aside_and_the_menu_says_so(app, monkeypatch):
    """The table's replay is Continue's check: the table is not opened, its computer seats'
    worker closes, the file is kept aside and the player is told."""
    saved_koikoi(12)
    save = paths.current_save()
    data = read_save()
    data["engine"]["actions"][0] = "x9"   # a line that reads well, of a game that does not
    save.write_bytes(encode_line(data))
    closed: list[Any] = []
    close = Scheduler.close
    monkeypatch.setattr(Scheduler, "close", lambda ai: closed.append(ai) or close(ai))
    app.stack.top.rebuild()
    menu = app.stack.top
    click(app, widget(menu, "Continue").rect.center)
    app.frame(1 / 60)
    notice = app.stack.top
    assert isinstance(notice, Dialog) and "could not be replayed" in notice.message
    assert "actions[0]" in notice.message and closed
    assert list(app.stack)[-2:] == [menu, notice] and not save.exists()
    assert [p.read_bytes() for p in save.parent.glob("current.json.damaged-*")] \
        == [encode_line(data)]
