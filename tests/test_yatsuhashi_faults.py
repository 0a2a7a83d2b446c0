"""Yatsuhashi faults seen in play (issue 38): the clock counts play time only, an unwinnable
deal offers another, a deal Show me played says it does not count, and the statistics of a
solitaire show no draws. Explicit frame times, fixed deals, a session clock that runs with
the frames."""

from __future__ import annotations

import pygame

from game.i18n import _
import pytest

from ai.yatsuhashi import SOLVER_NODES
from ai.yatsuhashi_solver import solve
from game.scenes.pause import PauseMenu
from game.scenes.settings import SettingsScene
from game.scenes.setup import default_setup
from game.scenes.stats import StatsScene
from game.text import clock
from game.games.yatsuhashi.table import YatsuhashiTable
from tests.helpers import (button, click, key, play, press, raise_scene_errors, run_until,
                           texts)
from tests.test_yatsuhashi_table import _drawn_words

DT = 1 / 30
WINNABLE = 3      # a deal the solver wins (ai.yatsuhashi's doctest)
UNWINNABLE = 22   # the first deal the solver proves cannot be won (docs/playing.md)


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    raise_scene_errors(monkeypatch)


def make_table(app, seed=WINNABLE, speed="off", **options) -> YatsuhashiTable:
    app.settings.animation_speed = speed
    setup = default_setup("yatsuhashi", seed)
    setup.options.update(options)
    t = YatsuhashiTable(setup=setup)
    app.push(t)
    run_until(app, t.settled)
    return t


# 1. The clock ------------------------------------------------------------------------------
def test_the_pause_menu_and_the_settings_are_no_play_time_continue_included(app, wall):
    t = make_table(app)
    click(app, t.layout_.stock.center)  # the deal is under way: its clock runs
    run_until(app, t.settled)
    play(app, wall, 10)
    assert 9.5 < t.elapsed < 10.5
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseMenu)
    play(app, wall, 20)
    press(app, "Settings")
    assert isinstance(app.stack.top, SettingsScene)
    play(app, wall, 10)
    key(app, pygame.K_ESCAPE)
    press(app, "Resume")
    assert app.stack.top is t and 9.5 < t.elapsed < 10.5
    key(app, pygame.K_ESCAPE)
    press(app, "Quit to menu")
    play(app, wall, 5)
    menu = app.stack.top
    assert button(menu, "Continue").subtitle.endswith(clock(10))
    press(app, "Continue")
    again = app.stack.top
    assert isinstance(again, YatsuhashiTable) and again is not t
    assert 9.5 < again.elapsed < 10.5  # not the 45 s the wall's clock ran




# 2. A deal that cannot be won ----------------------------------------------------------------
def wait_verdict(app, t) -> None:
    """Until the solver's verdict is in (``run_until`` waits for the answer itself)."""
    run_until(app, lambda: t.verdict() != "thinking", limit=50)


def test_a_deal_proved_unwinnable_offers_a_winnable_one_beside_play_that_goes_on(app):
    t = make_table(app, seed=UNWINNABLE)
    wait_verdict(app, t)
    assert t.verdict() is False and t.offer.visible and app.stack.top is t  # (no dialog)
    assert "cannot be won" in t.message
    window = pygame.Rect(0, 0, *app.screen.get_size())
    assert window.contains(t.offer.rect) and not t.offer.rect.colliderect(t.layout_.panel)
    click(app, t.layout_.stock.center)  # playing on: the move is made, the offer goes
    run_until(app, t.settled)
    assert len(t.game.moves) == 1 and not t.offer.visible
    assert "cannot be won" not in t.message
    t.restart()  # the deal again, as dealt: offered again, and taken
    run_until(app, lambda: t.settled() and t.offer.visible)
    click(app, t.offer.rect.center)
    assert t.finding is not None
    run_until(app, lambda: t.finding is None and t.settled())
    assert t.deal_number != UNWINNABLE and t.verdict() is True and not t.offer.visible
    t.deals.play_deal(UNWINNABLE)  # and by key
    run_until(app, lambda: t.settled() and t.offer.visible)
    key(app, pygame.K_w)
    run_until(app, lambda: t.finding is None and t.settled())
    assert t.deal_number != UNWINNABLE and t.verdict() is True


def test_a_winnable_deal_offers_nothing(app):
    t = make_table(app, seed=WINNABLE)
    wait_verdict(app, t)
    assert t.verdict() is True and not t.offer.visible
    key(app, pygame.K_w)
    assert t.finding is None and t.deal_number == WINNABLE

# 3. A deal Show me played ------------------------------------------------------------------
WILL_NOT = "Show me played this deal: it will not count in your statistics."
DID_NOT = "Show me played this deal: it did not count in your statistics."


def test_a_deal_show_me_played_says_it_will_not_count_and_its_win_that_it_did_not(
        app, monkeypatch):
    t = make_table(app)
    click(app, t.layout_.stock.center)  # the player's own move first
    run_until(app, t.settled)
    assert WILL_NOT not in " ".join(_drawn_words(app, monkeypatch))
    key(app, pygame.K_s)  # Show me: the solver plays a move ...
    run_until(app, lambda: t.shown_deal)
    key(app, pygame.K_SPACE)  # ... and the player takes over
    run_until(app, lambda: t.demo is None and t.settled())
    assert WILL_NOT in _drawn_words(app, monkeypatch)  # (on the message line)
    key(app, pygame.K_ESCAPE)
    press(app, "Quit to menu")
    press(app, "Continue")  # the save remembers it
    t = app.stack.top
    assert isinstance(t, YatsuhashiTable) and t.shown_deal
    run_until(app, t.settled)
    assert WILL_NOT in _drawn_words(app, monkeypatch)
    for move in solve(t.game.copy(), SOLVER_NODES).moves:  # the player wins it
        t.play_move(move)
        app.frame(DT)
    run_until(app, lambda: t.won_shown and not t.queue.busy)
    words = _drawn_words(app, monkeypatch)
    assert DID_NOT in " ".join(words) and WILL_NOT not in " ".join(words)  # (it may wrap)
    assert app.stats.summary("yatsuhashi").won == 0
    # The won deal's card says it in letters a player reads (issue 38: ~6 px, cut at 150%).
    from game import theme
    from tests.layout_check import texts_drawn
    least = theme.metrics_for(app.screen.get_size(), t.CANVAS).least_text
    drawn = dict(texts_drawn(t, pygame.Surface(app.screen.get_size())))
    assert all(drawn[w] >= least for w in drawn if w in DID_NOT or w == _("Solved!")), drawn

# 4. The statistics of a solitaire ----------------------------------------------------------------
def test_the_statistics_of_a_solitaire_show_no_draws(app):
    app.stats.record("yatsuhashi", "win", results={"time": 75, "moves": 60},
                     lower_is_better={"time", "moves"})
    app.stats.abandon("yatsuhashi")
    app.stats.record("koikoi", "draw", level="normal")
    page = app.push(StatsScene())
    words = texts(page)
    solitaire = words[words.index("Yatsuhashi Solitaire") + 1]
    assert solitaire.startswith("Played 1 · won 1 · lost 0 · win 100%")
    assert "drawn" not in solitaire and "abandoned 1" in solitaire
    assert "Best time: 1:15" in words[words.index("Yatsuhashi Solitaire") + 2]
    koikoi = words[words.index("Koi-Koi") + 1]
    assert "drawn 1" in koikoi  # (a game that can be drawn says so)
