"""Test set-up: headless SDL, strict mode, user folders in a temp dir, pygame initialised per
session."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Strict mode everywhere, child processes included: a scene error fails the test instead of
# being caught by the app's crash guard (which would leave a menu and pass).
os.environ["HANAFUDA_PARLOR_STRICT"] = "1"
# The tests read the English strings whatever the machine's language (the settings' default
# language is the system's).
os.environ["LANGUAGE"] = "en"

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402
import pytest  # noqa: E402
from hypothesis import settings as hypothesis_settings  # noqa: E402

# Property tests draw the same examples on every run and every machine (derandomized, no
# example database carried between runs) and have no time limit per example (a loaded machine
# is slow, not wrong). Loaded before the test modules, so their own @settings start from it.
hypothesis_settings.register_profile("parlor", derandomize=True, deadline=None, database=None,
                                     print_blob=True)
hypothesis_settings.load_profile("parlor")


@pytest.fixture(autouse=True)
def _user_home(tmp_path, monkeypatch):
    """Every test gets empty user folders (settings, saves, statistics, logs)."""
    monkeypatch.setenv("HANAFUDA_PARLOR_HOME", str(tmp_path / "home"))
    yield


@pytest.fixture(autouse=True)
def _no_notices_left():
    """Every test starts with no notice waiting (``game.notices``): one posted by an earlier
    test must not show as a dialog in the next test's app."""
    from game import notices
    notices.drain()
    yield


@pytest.fixture(autouse=True)
def _english_at_100_percent_after():
    """Every test leaves the language English and the interface size 100%, as it found them:
    a test that sets either (an App's settings do) must not change what the next test in
    its process draws or measures (a docstring's figures, a layout's sizes)."""
    yield
    from game import i18n, theme
    i18n.set_language("en")
    theme.set_display(1.0, False)


@pytest.fixture(scope="session", autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


@pytest.fixture(autouse=True)
def _faces_on_the_frame_loop(monkeypatch):
    """Card faces (and the menu's fan) are rendered in the frames' own steps, not on a
    thread: what a test sees after N frames must not depend on a thread's pace (the tests of
    the threads turn them back on)."""
    from game.scenes.menu import MenuScene
    from game.table.caches import FaceWarmer
    monkeypatch.setattr(FaceWarmer, "threaded", False)
    monkeypatch.setattr(MenuScene, "fan_in_background", False)


@pytest.fixture(autouse=True)
def _computers_on_a_thread(monkeypatch):
    """A table's background worker (its computer seats, coach and solver) is a thread of the
    test's process rather than a child process (the game's way): a child per table would cost
    each table test a fresh interpreter. The child process's path has tests of its own
    (test_computer_seats.py, test_lost_helpers.py)."""
    from ai.background import ThreadWorker
    from game.table.scheduler import Scheduler
    monkeypatch.setattr(Scheduler, "worker_factory", ThreadWorker)


@pytest.fixture(autouse=True)
def _coach_on_a_thread(monkeypatch):
    """The coach (H at a table) searches on a thread with a tiny fixed budget (2 sampled
    states), and answers before its question returns: a table test that presses H finds the
    advice in at the next frame, the same on every run (the soak's replays too).
    tests/test_coach.py turns the waiting off to see the coach think."""
    from game.table.coach import Coach
    monkeypatch.setattr(Coach, "iterations", 2)
    ask = Coach.ask

    def ask_and_wait(self, game, seconds):
        started = ask(self, game, seconds)
        self.wait(60)
        return started
    monkeypatch.setattr(Coach, "ask", ask_and_wait)


@pytest.fixture
def app():
    """A headless, strict App at 1280x800 with default settings and the menu on the stack."""
    from game.app import App
    from game.settings import Settings
    a = App((1280, 800), headless=True, settings=Settings(), strict=True)
    a.start()
    yield a


@pytest.fixture
def wall(monkeypatch):
    """The session's clock (``time.monotonic`` in ``game.session``) made to run with the
    frames of ``tests.helpers.play``: a second of frames is a second of the wall's time."""
    from types import SimpleNamespace
    import game.session
    now = [1000.0]
    monkeypatch.setattr(game.session, "time", SimpleNamespace(monotonic=lambda: now[0]))
    return now
