"""The table tests wait for answers, never for a number of frames: a computer seat that
answers late (as on a loaded machine) costs a test time, not frames, so the same test passes
at any load. A stand-in computer level ("slowbot") holds every choice until a
``threading.Event`` is set; frames run at full speed meanwhile, as they did when a busy CPU
made the tests flake."""

from __future__ import annotations

import threading
import time

import pytest

from ai.base import levels, register, unregister
from game.games.hearts600.table import Hearts600Table
from tests.fishing_tables import push_table
from tests.helpers import raise_scene_errors, run_until

DT = 1 / 30
#: Seconds the slow seat takes: a frame takes well under a millisecond here, so 600 frames
#: (the old bound of a table test's wait) go by many times over before it answers.
SLOW = 2.0


class SlowBot:
    """A computer level that takes the first legal action once ``GATE`` is set."""

    level = "slowbot"
    GATE = threading.Event()

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, observation):
        assert SlowBot.GATE.wait(60), "the test never let the slow seat answer"
        return observation.legal_actions[0]


@pytest.fixture
def slow_table(app, monkeypatch):
    """A 600 Hearts table of two slow computer seats, the first of them asked (and held)."""
    raise_scene_errors(monkeypatch)
    levels("hearts600")  # (the real levels first, so they stay registered)
    gate = threading.Event()
    monkeypatch.setattr(SlowBot, "GATE", gate)
    register("hearts600", "slowbot", SlowBot)
    t = push_table(app, Hearts600Table, ["slowbot", "slowbot"], seed=7)
    run_until(app, lambda: t.computers is not None and t.computers.thinking)
    assert not t.game.actions
    yield t, gate
    gate.set()  # (the worker's thread ends its job)
    unregister("hearts600", "slowbot")


def test_a_count_of_frames_gives_up_on_a_slow_computer_seat(app, slow_table):
    """What the tests used to do: 600 frames as fast as the CPU allows. The seat has not
    answered, so a test waiting like this fails on a machine slower than the frames."""
    t, _gate = slow_table
    for _ in range(600):
        app.frame(DT)
    assert not t.game.actions and t.computers.thinking


def test_run_until_waits_for_a_slow_computer_seat_instead_of_counting_frames(app, slow_table):
    t, gate = slow_table
    threading.Timer(SLOW, gate.set).start()  # the answer comes SLOW seconds from now
    started = time.monotonic()
    run_until(app, lambda: len(t.game.actions) >= 1, limit=600)
    assert time.monotonic() - started >= SLOW * 0.9  # it waited for the answer
    # And on through more moves, each answered at once now, in the same few frames.
    run_until(app, lambda: len(t.game.actions) >= 4, limit=600)


def test_a_seat_that_never_answers_is_a_hang_that_fails(app, slow_table):
    from tests.helpers import wait_for_answers
    with pytest.raises(AssertionError, match="did not answer within 0.2 s"):
        wait_for_answers(app, timeout=0.2)


def test_nothing_asked_nothing_waited(app):
    from tests.helpers import wait_for_answers
    assert wait_for_answers(app, timeout=0.01) is False  # the menu awaits nothing
