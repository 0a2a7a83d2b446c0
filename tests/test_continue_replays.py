"""How often Continue rebuilds a saved game from its actions, counted through the engine's own
``from_dict`` and the steps that carry out an action: the menu's Continue line (and its progress
label) reads the save without replaying it, Continue's ``load_current`` replays it once to check
it, and the table takes up that very engine (``Session.engine()`` hands it on, never replaying
again). What the table then does to lay its cards out as the player left them (its restore
plays the game again on a fresh engine, through its own animation steps) is the table's."""

from __future__ import annotations

from typing import Any

import pytest

from game.catalog import GAMES
from game.scenes.menu import MenuScene
from game.session import Session, load_current, peek_current
from game.setups import default_setup
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


def test_the_table_takes_up_the_engine_continue_replayed(app, monkeypatch):
    played = saved_koikoi(12)
    count = Replays(monkeypatch)
    app.stack.top.rebuild()   # the menu reads the save: its Continue line
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and count.from_dict == 0
    handed: list[Any] = []
    engine = Session.engine

    def spy(session: Session) -> Any:
        handed.append(engine(session))
        return handed[-1]
    monkeypatch.setattr(Session, "engine", spy)
    click(app, widget(menu, "Continue").rect.center)
    table = app.stack.top
    assert table.game.to_dict() == played
    assert len(handed) == 1 and table.game is handed[0]
    # The save rebuilt from its actions once (the session's check): the table's restore shows
    # that engine's position by playing the game again from its start, which is no rebuild
    # of the save (its engine comes from the session) but does carry every action out again.
    assert count.from_dict == 1
    assert count.steps == 2 * len(played["actions"])
