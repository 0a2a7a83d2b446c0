"""The menu's Watch: one click opens a table of computers only for each competitive game, a
watched game plays to its end by frames alone, and it touches neither the statistics nor the
game saved for Continue."""

from __future__ import annotations

import pygame
import pytest

from game import paths
from game.catalog import GAMES
from game.scenes.menu import MenuScene
from game.scenes.pause import PauseMenu
from game.session import Session, load_current
from game.setups import default_setup, watch_setup
from game.storage import flush_writes
from game.table.dialogs import ResultPage
from tests.helpers import click, key, next_frame, press, raise_scene_errors

DT = 1 / 30
WATCHED = ["koikoi", "hanaawase", "hearts600", "heart_of_five"]


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    raise_scene_errors(monkeypatch)


def saved_game_in_progress():
    """A Koi-Koi game of the player's, three actions in: what Continue offers."""
    setup = default_setup("koikoi", 12)
    game = GAMES["koikoi"].new_engine(setup)
    session = Session.start(setup, game)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
        session.record(game)
    session.leave()
    flush_writes()  # (the writer thread's last write is the save as it stays)
    return paths.current_save().read_bytes()


def test_the_watch_buttons_are_the_games_with_computers(app):
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert sorted(menu.watch_buttons) == sorted(WATCHED)
    for gid, b in menu.watch_buttons.items():  # on its game's row, at its end
        row = menu.game_buttons[list(GAMES).index(gid)].rect
        assert b.rect.y == row.y and b.rect.left > row.right and b.visible


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_the_rows_stay_inside_the_panel(app, size):
    app.resize(size)
    menu = app.stack.top
    inner = menu.panel.rect
    for b in [*menu.game_buttons, *menu.watch_buttons.values()]:
        assert inner.contains(b.rect)
    rows = [*menu.game_buttons, *menu.watch_buttons.values()]
    assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(rows) for b in rows[i + 1:])


@pytest.mark.parametrize("gid", WATCHED)
def test_one_click_opens_a_table_of_computers_only(app, gid):
    before = saved_game_in_progress()
    menu = app.stack.top
    click(app, menu.watch_buttons[gid].rect.center)
    t = app.stack.top
    assert t.game_id == gid and t.watching
    assert t.seats == list(GAMES[gid].watch) and "human" not in t.seats
    assert {"hard", "normal"} <= set(t.seats)
    names = [t.seating.name(s) for s in range(len(t.seats))]
    assert "Computer 1 (Hard)" in names and "Computer 2 (Normal)" in names
    for _ in range(20):
        next_frame(app, DT)
    # Esc pauses; the watcher leaves to the menu, where Continue still offers their game.
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseMenu)
    press(app, "Quit to menu")
    assert isinstance(app.stack.top, MenuScene)
    assert paths.current_save().read_bytes() == before
    assert app.stack.top.continue_button is not None


def test_a_watched_game_plays_to_its_end_and_counts_nowhere(app):
    app.settings.animation_speed = "fast"
    app.settings.think_seconds = 0.25
    before = saved_game_in_progress()
    app.stack.top.rebuild()
    click(app, app.stack.top.watch_buttons["koikoi"].rect.center)
    t = app.stack.top
    assert t.game.rules.max_rounds == 3  # the short match of GameInfo.watch_options
    pages = []
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, ResultPage) and (not pages or pages[-1] is not top):
            pages.append(top)
        if isinstance(top, ResultPage) and top.name == "koikoi-match":
            break
        next_frame(app, DT)  # the pages between rounds go on by themselves
    else:
        raise AssertionError("the watched match did not end")
    assert t.game.is_over
    assert [p.name for p in pages[:-1]] == ["koikoi-round"] * (len(pages) - 1)
    assert len(pages) >= 2
    assert app.stats.summary("koikoi").played == 0 and app.stats.empty
    assert paths.current_save().read_bytes() == before
    session, _problem = load_current()
    assert session is not None and session.moves == 3


def test_the_watch_setup_is_the_registrys():
    for gid in WATCHED:
        s = watch_setup(gid, 9)
        assert s.seats == list(GAMES[gid].watch) and s.seed == 9
        assert all(s.options[k] == v for k, v in GAMES[gid].watch_options.items())
    with pytest.raises(ValueError):
        watch_setup("yatsuhashi")
