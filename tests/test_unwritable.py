"""A folder of the player's files that cannot be written (read-only, no permission, a file in
its place) is told at once, naming the folder and the real cause, and play goes on; a write
that fails later is told once per folder, not once per move.

The suite may run as root, where chmod does not stop a write: a read-only folder is simulated
by refusing its writes (``tempfile.mkstemp``, which every write and the start-up probe make
their file with), and a file in place of a folder is real."""

from __future__ import annotations

import errno
import tempfile
from pathlib import Path

import pytest

from game import notices, paths
from game.widgets.dialog import Dialog
from game.setups import default_setup, remember_setup
from game.settings import Settings
from game.stats import Statistics

#: folder -> what its notice says it holds
FOLDERS = {"config": (paths.config_dir, "settings and remembered setups"),
           "data": (paths.data_dir, "statistics"),
           "saves": (paths.saves_dir, "game in progress")}


def _read_only(monkeypatch, folder: Path, code: int = errno.EACCES) -> None:
    """Writes in ``folder`` fail as in a read-only folder (root included)."""
    real = tempfile.mkstemp

    def refusing(*args, dir=None, **kwargs):
        if dir is not None and Path(dir) == folder:
            raise PermissionError(code, "Permission denied", str(folder))
        return real(*args, dir=dir, **kwargs)
    monkeypatch.setattr(tempfile, "mkstemp", refusing)


def _started_app():
    from game.app import App
    app = App((1280, 800), headless=True, settings=Settings(), strict=True)
    app.start()
    app.frame(1 / 30)
    return app


def _dialogs(app) -> list[str]:
    return [s.message for s in app.stack if isinstance(s, Dialog)]


@pytest.mark.parametrize("name", FOLDERS)
def test_a_read_only_folder_is_told_at_start_naming_it(name, monkeypatch):
    where, what = FOLDERS[name]
    folder = where()
    _read_only(monkeypatch, folder)
    app = _started_app()
    told = [m for m in _dialogs(app) if f"folder {folder} (" in m]
    assert len(told) == 1 and "no permission" in told[0] and what in told[0]
    assert "Play goes on" in told[0]


@pytest.mark.parametrize("name", FOLDERS)
def test_a_file_in_place_of_a_folder_is_told_at_start_as_such(name):
    where, what = FOLDERS[name]
    folder = where()
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("not a folder")
    app = _started_app()
    app.after_first_frame()  # (the statistics are read now: no second notice for the folder)
    app.frame(1 / 30)
    told = [m for m in _dialogs(app) if f"folder {folder} (" in m]
    assert len(told) == 1 and "a file is where the folder should be" in told[0]
    assert what in told[0]
    assert not any("could not be read" in m for m in _dialogs(app))  # (the real cause only)
    assert folder.read_text() == "not a folder"


def test_a_file_above_the_folder_is_named_as_the_cause():
    paths.data_dir().parent.mkdir(parents=True, exist_ok=True)
    paths.data_dir().write_text("")
    app = _started_app()
    saves = [m for m in _dialogs(app) if f"folder {paths.saves_dir()} (" in m]
    assert len(saves) == 1
    assert f"{paths.data_dir()} is a file, where a folder should be" in saves[0]


def test_statistics_that_cannot_be_written_are_told_once_and_play_goes_on(monkeypatch):
    stats = Statistics.load()
    _read_only(monkeypatch, paths.data_dir())
    for _ in range(10):
        stats.record("koikoi", "win", level="easy")
        assert stats.save() is False
    told = notices.drain()
    assert len(told) == 1 and str(paths.data_dir()) in told[0] and "statistics" in told[0]
    assert stats.summary("koikoi").won == 10  # kept in memory for the rest of the run


def test_settings_that_cannot_be_written_are_told_once(monkeypatch):
    app = _started_app()
    assert _dialogs(app) == []
    _read_only(monkeypatch, paths.config_dir(), errno.EROFS)
    for volume in (0.1, 0.2, 0.3):
        app.settings.master_volume = volume
        app.save_settings()
    app.frame(1 / 30)
    told = _dialogs(app)
    assert len(told) == 1 and str(paths.config_dir()) in told[0]
    assert "the disk is read-only" in told[0] and "settings" in told[0]


def test_a_remembered_setup_that_cannot_be_written_is_told(monkeypatch):
    paths.config_dir().mkdir(parents=True)
    _read_only(monkeypatch, paths.config_dir())
    remember_setup(default_setup("koikoi", 3))
    remember_setup(default_setup("hanaawase", 3))
    told = notices.drain()
    assert len(told) == 1 and str(paths.config_dir()) in told[0]
    assert "remembered setups" in told[0]


def test_the_save_engineers_call_names_the_folder_once_per_run(tmp_path):
    folder = tmp_path / "saves"
    notices.post_unwritable(folder, "game in progress",
                            OSError(errno.ENOSPC, "No space left on device"))
    notices.post_unwritable(folder, "game in progress")
    assert notices.drain() == [
        f"Your game in progress cannot be saved in the folder {folder} (the disk is full). "
        "Play goes on, but any changes will be lost when the program closes."]
