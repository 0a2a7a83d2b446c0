"""Yatsuhashi's "Show me": the solver's winning line played from the position as it stands, at
a watching pace, through the table's own moves; any press hands the game back; a position that
cannot be won is refused with a notice. Explicit frame times, a fixed deal."""

from __future__ import annotations

import pygame
import pytest

from ai.background import ThreadWorker
from game.scenes.setup import default_setup
from game.table.scheduler import Scheduler
from game.games.yatsuhashi.table import YatsuhashiTable
from game.games.yatsuhashi.demo import demo_pace
from game.session import load_current
from rules.yatsuhashi import Game
from tests.helpers import click, key, next_frame, raise_scene_errors, run_until

DT = 1 / 30
SEED = 3  # a winnable deal (ai.yatsuhashi's doctest)


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    raise_scene_errors(monkeypatch)
    monkeypatch.setattr(Scheduler, "worker_factory", ThreadWorker)


def make_table(app, seed=SEED, speed="normal") -> YatsuhashiTable:
    app.settings.animation_speed = speed
    t = YatsuhashiTable(setup=default_setup("yatsuhashi", seed))
    app.push(t)
    run_until(app, t.settled)
    return t


def wait_verdict(app, t):
    """Until the solver's verdict is in (``run_until`` waits for the answer itself)."""
    run_until(app, lambda: t.verdict() != "thinking", limit=50)


def test_show_me_plays_the_deal_to_the_win_with_legal_moves_at_a_watching_pace(app):
    t = make_table(app)
    click(app, t.layout_.stock.center)  # the player's own move first: a card turned
    run_until(app, t.settled)
    assert t.game.moves and t.started
    wait_verdict(app, t)
    assert t.verdict() is True
    legal_each_time = []
    real = t.play_move

    def checked(move, *, auto=False):
        legal_each_time.append(move in t.game.legal_moves())
        real(move, auto=auto)
    t.play_move = checked
    click(app, t.buttons["show"].rect.center)
    assert t.demo == "playing" and t.buttons["show"].text == "Take over"
    frames, first = 0, len(t.game.moves)
    while not t.game.is_won:
        assert frames < 20000, "the demo never won the deal"
        next_frame(app, DT)
        frames += 1
    made = len(t.game.moves) - first
    assert made > 40 and all(legal_each_time) and len(legal_each_time) == made
    seconds = frames * DT
    assert 0.6 * made <= seconds <= 1.2 * made  # about one move every 0.7 s
    run_until(app, lambda: t.won_shown)
    assert t.demo is None
    # Not the player's win: the deal they had begun counts as abandoned, nothing else.
    tally = app.stats.summary("yatsuhashi")
    assert (tally.played, tally.won, tally.abandoned) == (0, 0, 1)
    assert load_current() == (None, None)  # the deal is over: nothing to continue
    # Undo history: every move of the line was a move of the game's own line.
    assert Game.from_dict(t.game.to_dict()).is_won


def test_a_key_stops_the_demo_and_hands_the_game_back(app):
    t = make_table(app)
    wait_verdict(app, t)
    key(app, pygame.K_s)
    assert t.demo == "playing"
    run_until(app, lambda: len(t.game.moves) >= 3)
    app.frame(DT)
    assert t.queue.busy  # a move is being shown
    made = len(t.game.moves)
    key(app, pygame.K_RIGHT)
    assert t.demo is None and not t.animating  # the move shown has finished
    assert t.buttons["show"].text == "Show me"
    for _ in range(90):
        next_frame(app, DT)
    assert len(t.game.moves) == made  # no more moves of the solver
    assert not t.input.keyboard  # the key stopped the demo and did nothing else
    # The game is the player's: the solver's moves undo as theirs would.
    click(app, t.buttons["undo"].rect.center)
    run_until(app, t.settled)
    assert len(t.game.moves) == made - 1
    # The save knows the solver played: Continue does not give the deal back as the player's.
    session, _problem = load_current()
    assert session is not None and session.shown and session.moves == made - 1


def test_a_click_stops_the_demo_too(app):
    t = make_table(app)
    wait_verdict(app, t)
    click(app, t.buttons["show"].rect.center)
    run_until(app, lambda: len(t.game.moves) >= 1)
    made = len(t.game.moves)
    click(app, t.layout_.stock.center)  # would turn the stock if the demo were not on
    assert t.demo is None and len(t.game.moves) == made


def test_no_winning_line_is_said_not_played(app):
    t = make_table(app)
    # 1R lies face down under 2R and 3R: aka-tan can never be collected.
    t.play_position(Game.from_layout([["1R", "2R", "3R"], ["4C1"], ["9C1"]], [],
                                     face_down=[2, 0, 0]))
    wait_verdict(app, t)
    assert t.verdict() is False
    click(app, t.buttons["show"].rect.center)
    assert t.demo is None
    assert t.notice == "No winning line from here: undo a few moves?"
    for _ in range(30):
        next_frame(app, DT)
    assert not t.game.moves


def test_while_the_solver_thinks_the_table_says_so_then_plays(app):
    t = make_table(app)
    wait_verdict(app, t)
    t.verdicts.clear()  # the position not decided yet: the solver is asked again
    t.asked = None
    key(app, pygame.K_s)
    assert t.demo == "waiting" and t.verdict() == "thinking"
    app.frame(DT)
    assert "thinking" in t.message
    wait_verdict(app, t)
    run_until(app, lambda: t.game.moves)
    assert t.demo == "playing" and "Showing the solver's line" in t.message


def test_the_pace_follows_the_animation_speed():
    assert demo_pace(1.0) == 0.7 and demo_pace(1.6) > demo_pace(1.0) > demo_pace(0.5) > 0
