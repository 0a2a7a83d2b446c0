"""The play clock of every table (``CardTable.elapsed``): it runs while the table is on top and
a game is under way, and the save keeps it; the pause menu, the settings and the menu in
between are no play time (issue 38: a clock that ran through a pause spoilt best times and
Continue's figures). Explicit frame times; the session's clock runs with the frames."""

from __future__ import annotations

import pygame
import pytest

from game.catalog import GAMES
from game.scenes.pause import PauseMenu
from game.setups import default_setup
from game.text import clock
from tests.helpers import button, key, play, press, raise_scene_errors, run_until


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    raise_scene_errors(monkeypatch)


@pytest.mark.parametrize("game_id", ["hanaawase", "heart_of_five"])  # (both kits)
def test_a_pause_is_no_play_time_and_continue_takes_the_play_time_up(app, wall, game_id):
    app.settings.animation_speed = "off"
    table = GAMES[game_id].table_factory()(setup=default_setup(game_id, 5))  # you and computers
    app.push(table)
    run_until(app, lambda: not table.queue.busy)
    play(app, wall, 3)
    assert table.elapsed == 0.0 or table.game.actions  # (the clock waits for the first action)
    while app.stack.top is not table:  # (a choice the deal asks first: closed unanswered)
        app.stack.top.close()
    if not table.game.actions:  # you begin
        table.apply_action(table.game.legal_actions()[0], human=True)
    run_until(app, lambda: table.idle and table.seating.is_human(table.game.current_player))
    before = table.elapsed
    play(app, wall, 10)
    assert 9.5 < table.elapsed - before < 10.5
    table.apply_action(table.game.legal_actions()[0], human=True)  # (saved with its clock)
    run_until(app, lambda: table.idle and table.seating.is_human(table.game.current_player))
    played = table.elapsed
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseMenu)
    play(app, wall, 30)
    press(app, "Resume")
    assert app.stack.top is table and table.elapsed == played
    key(app, pygame.K_ESCAPE)
    press(app, "Quit to menu")
    play(app, wall, 5)
    assert button(app.stack.top, "Continue").subtitle.endswith(clock(table.elapsed))
    press(app, "Continue")
    again = app.stack.top
    assert again is not table and again.elapsed == pytest.approx(table.elapsed, abs=1)


@pytest.mark.parametrize("seconds", [12.96, 12.99999999999996, 59.99, 0.04])
def test_continue_says_the_play_time_the_table_showed(seconds):
    """The save keeps the play time to a tenth, rounded down: Continue's line shows the
    clock the table showed (12.99999 s was saved as 13.0: "0:13" for a table that said
    "0:12", found by the test above when its frames ended just short of a second)."""
    from game.session import Session, peek_current
    setup = default_setup("koikoi", 3)
    session = Session.start(setup, GAMES["koikoi"].new_engine(setup))
    session.elapsed = seconds
    session.leave()
    peeked, problem = peek_current()
    assert problem is None and peeked.label().endswith(" · " + clock(seconds))
