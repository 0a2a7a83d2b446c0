"""Helpers fail softly: a table whose computer players' process cannot be kept alive plays on
with the seats in the game's own process (Hard at Normal), says so, and never reaches the
crash guard; a coach whose process is lost says it is unavailable. For every game with
computer players (Yatsuhashi's solver: tests/test_yatsuhashi_table.py), in strict mode."""

from __future__ import annotations

import multiprocessing.context

import pytest

import ai.seats
from ai.background import ProcessWorker, WorkerUnavailable
from ai.base import make_agent
from game.catalog import GAMES
from game.widgets.dialog import Dialog
from game.setups import GameSetup
from game.table.scheduler import Scheduler
from game.table.dialogs import ResultPage
from tests.helpers import key, press, raise_scene_errors, run_until

DT = 0.1  # the longest frame the app gives a scene
WITH_COMPUTERS = [gid for gid, g in GAMES.items() if g.ai_levels]
LOST = "The computer players' process kept stopping"


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    raise_scene_errors(monkeypatch)


class DyingWorker(ProcessWorker):
    """The real worker, whose every job kills its child process (as if the computer players'
    process were killed, or ran out of memory, on every question)."""

    def request(self, name, *args):
        return super().request("tests.background_jobs:die")


def refuse_processes(monkeypatch):
    """No child process can be started (the system refuses: a limit reached, say)."""
    def start(self):
        raise OSError(11, "Resource temporarily unavailable")
    monkeypatch.setattr(multiprocessing.context.SpawnProcess, "start", start)


def test_a_process_that_cannot_start_counts_as_one_that_died(monkeypatch):
    refuse_processes(monkeypatch)
    w = ProcessWorker()
    w.start()                                  # logged; the request tries again
    w.request("math:gcd", 4, 6)
    assert w.wait(5)
    with pytest.raises(WorkerUnavailable, match="stopped 3 times"):
        w.poll()
    assert not w.busy and w.restarts == 3
    w.close()


def near_the_end(gid: str, left: int = 14):
    """A computers-only setup of ``gid`` (its Watch line-up, with a Hard seat) and its game
    ``left`` actions before the end of the match (played by Easy agents)."""
    g = GAMES[gid]
    setup = GameSetup(gid, list(g.watch), {**g.defaults(), **g.watch_options}, seed=5)
    game = g.new_engine(setup)
    easy = [make_agent(gid, "easy", seed=s) for s in range(game.players)]
    while not game.is_over:
        game.apply(easy[game.current_player].choose(game.observation(game.current_player)))
    data = game.to_dict()
    data["actions"] = data["actions"][:-left]
    return setup, g.restore_engine(data)


def play_to_the_end(app, table, limit: int = 20000) -> list[str]:
    """Frames until ``table``'s match is over and its last page is up, each computer answer
    waited for; every notice read and closed. Returns the notices' messages."""
    notices = []
    for _ in range(limit):
        top = app.stack.top
        if type(top) is Dialog and top.title == "Notice":
            notices.append(top.message)
            press(app, "OK")
            continue
        if table.game.is_over and isinstance(top, ResultPage):
            return notices
        app.frame(DT)
        if table.computers is not None and table.computers.thinking:
            assert table.computers.wait(60)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("gid", WITH_COMPUTERS)
def test_computer_seats_whose_process_keeps_dying_play_on_at_normal(app, monkeypatch, gid):
    monkeypatch.setattr(Scheduler, "worker_factory", DyingWorker)
    asked = []
    choose = ai.seats.choose

    def spy(table, game_id, levels, seed, seat, observation, think=None):
        asked.append((dict(levels), seat, observation))
        return choose(table, game_id, levels, seed, seat, observation, think)
    monkeypatch.setattr(ai.seats, "choose", spy)
    app.settings.animation_speed = "fast"
    setup, engine = near_the_end(gid)
    assert "hard" in setup.seats
    table = app.push(GAMES[gid].table_factory()(setup=setup, engine=engine, watch=True))
    before = len(engine.actions)
    notices = play_to_the_end(app, table)
    assert table.game.is_over and len(table.game.actions) > before
    assert len(notices) == 1 and notices[0].startswith(LOST)
    assert "Hard plays at the Normal level" in notices[0]
    assert any(line.startswith(LOST) for line in table.log.lines)
    assert table.computers.fallen_back
    assert set(table.computers.levels.values()) <= {"normal", "easy"}
    # Every question answered in this process was a Normal (or Easy) seat's, asked with
    # nothing but that seat's observation.
    assert asked and all(levels == table.computers.levels for levels, _s, _o in asked)
    assert all(type(obs) is type(engine.observation(seat)) and obs.seat == seat
               for _l, seat, obs in asked)


@pytest.mark.parametrize("gid", WITH_COMPUTERS)
def test_computer_seats_whose_process_cannot_start_play_on(app, monkeypatch, gid):
    monkeypatch.setattr(Scheduler, "worker_factory", ProcessWorker)
    refuse_processes(monkeypatch)
    app.settings.animation_speed = "fast"
    setup, engine = near_the_end(gid, left=6)
    table = app.push(GAMES[gid].table_factory()(setup=setup, engine=engine, watch=True))
    notices = play_to_the_end(app, table)
    assert table.game.is_over and notices and notices[0].startswith(LOST)


def human_table(app, gid):
    """``gid``'s table with the player at seat 0 against its Watch line-up's other seats,
    waiting for the player's move."""
    g = GAMES[gid]
    seats = ["human", *g.watch[1:]]
    setup = GameSetup(gid, seats, g.defaults(), seed=8)
    table = app.push(g.table_factory()(setup=setup))

    def players_turn():
        if table.computers is not None and table.computers.thinking:
            table.computers.wait(60)
        return table.coach_ready()
    run_until(app, players_turn, limit=3000, dt=DT)
    return table


@pytest.mark.parametrize("gid", WITH_COMPUTERS)
@pytest.mark.parametrize("fault", ["dies", "cannot start"])
def test_a_coach_whose_process_is_lost_says_it_is_unavailable(app, monkeypatch, gid, fault):
    table = human_table(app, gid)
    table.ai.close()  # the table's next worker (made at the coach's question) is this one:
    if fault == "dies":
        monkeypatch.setattr(Scheduler, "worker_factory", DyingWorker)
    else:
        monkeypatch.setattr(Scheduler, "worker_factory", ProcessWorker)
        refuse_processes(monkeypatch)
    before = len(table.game.actions)
    key(app, ord("h"))
    # (The coach's question waits for its answer before it returns: tests/conftest.py.)
    app.frame(DT)
    assert table.coaching.coach.unavailable and not table.coaching.coach.thinking
    assert table.coaching.line() == "The coach is not available just now."
    assert table.drawing.message_text()[0] == "The coach is not available just now."
    assert len(table.game.actions) == before and table.coach_ready()  # the game goes on
