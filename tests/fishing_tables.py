"""What the fishing tables' tests share: a first-legal-move computer level ("testbot"), a
table at a given position, and a player who acts by mouse until something happens."""

from __future__ import annotations

import pytest

from ai.base import levels, register, unregister
from game.scenes.setup import default_setup
from game.table.dialogs import HandOver, ResultPage
from tests.helpers import click, press, raise_scene_errors, run_until


class FirstLegal:
    """A computer level that always takes the first legal action."""

    level = "testbot"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, observation):
        return observation.legal_actions[0]


def strict_with_testbot(game_id: str):
    """An autouse fixture for a test module: scene errors raise, and ``game_id`` has the
    "testbot" level (its real levels loaded first, so they stay registered)."""
    @pytest.fixture(autouse=True)
    def _strict_and_bot(monkeypatch):
        raise_scene_errors(monkeypatch)
        try:
            levels(game_id)
        except ValueError:
            pass
        register(game_id, "testbot", FirstLegal)
        yield
        unregister(game_id, "testbot")
    return _strict_and_bot


def push_table(app, table_class, seats, seed=7, engine=None, **options):
    """A ``table_class`` table pushed on ``app`` (fast animations) for ``seats``, the deal
    ``seed`` and ``options``, or at ``engine``'s position."""
    app.settings.animation_speed = "fast"
    setup = default_setup(table_class.game_id, seed=seed)
    setup.seats = list(seats)
    setup.options.update(options)
    t = table_class(setup=setup, engine=engine)
    app.push(t)
    return t


def step(app, t) -> None:
    """One thing a player does at the table, by mouse: pass the screen on, or play (click
    the first playable hand card; click a glowing card when asked which)."""
    top = app.stack.top
    if isinstance(top, HandOver):
        press(app, "I'm ready")
        return
    if top is not t or not t.human_to_move:
        return
    g = t.game
    if g.phase == "take":
        click(app, t.sprites[g.legal_actions()[0].target].rect.center)
    elif t.choosing is not None:
        target = next(a.target for a in t.input.actions_for(t.choosing) if a.target is not None)
        click(app, t.sprites[target].rect.center)
    else:
        playable = {a.card for a in g.legal_actions()}
        c = next(c for c in t.view.hands[t.viewer] if c in playable)
        click(app, t.sprites[c].rect.center)


def play_until(app, t, done, limit=3000) -> None:
    """Play by mouse (``step``) until ``done()`` (a bounded loop: a hang fails)."""
    for _ in range(limit):
        if done():
            return
        run_until(app, lambda: done() or app.stack.top is not t or t.human_to_move, limit=600)
        if done():
            return
        step(app, t)
    raise AssertionError("the table did not get there")


def page(app, name):
    """The result page named ``name`` on top of ``app``, or None."""
    top = app.stack.top
    return top if isinstance(top, ResultPage) and top.name == name else None
