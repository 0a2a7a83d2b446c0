"""Every kind of damage a player's file can have, for every kind of file (settings,
remembered setups, statistics, the saved game): the program starts, a notice names the file,
the original is kept (aside, or in place when it cannot be read or is a newer version's) and
never overwritten, and defaults or the valid part are used."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest

from game import paths
from game.catalog import GAMES
from game.session import Session, load_current, read_save
from game.setups import default_setup, read_setups, remember_setup
from game.settings import Settings, open_settings, save_settings
from game.stats import Statistics
from game.storage import clean_temp_files, flush_writes, write_json


def _settings():
    s, notice, writable = open_settings()
    return s, notice, writable


def _save_settings():
    s, _n, writable = open_settings()
    if writable:
        save_settings(s)


def _stats():
    st = Statistics.load()
    return st, st.problem, st.writable


def _save_stats():
    st = Statistics.load()
    st.record("koikoi", "win", level="easy")
    st.save()


def _setups():
    found = read_setups()
    return found.data, found.notice, found.writable


def _save_setups():
    remember_setup(default_setup("koikoi", seed=3), seed_typed=True)


def _current():
    session, notice = load_current()
    return session, notice, True


def _save_current():
    setup = default_setup("koikoi", seed=3)
    Session.start(setup, GAMES["koikoi"].new_engine(setup))
    flush_writes()  # on the disk, as the writer thread leaves it


#: kind -> (its path, open it, write it as the program would next, a valid file's content)
KINDS = {
    "settings": (paths.settings_file, _settings, _save_settings,
                 {"version": 1, "master_volume": 0.5}),
    "setups": (paths.setups_file, _setups, _save_setups,
               {"version": 1, "koikoi": {"seats": ["human", "easy"], "options": {}}}),
    "statistics": (paths.stats_file, _stats, _save_stats,
                   {"version": 1, "games": {"koikoi": {"total": {
                       "played": 42, "won": 40, "lost": 2, "drawn": 0, "abandoned": 0,
                       "streak": 3, "best_streak": 9, "best": {}},
                       "by_level": {}, "lower_is_better": []}}}),
    "save": (paths.current_save, _current, _save_current, None),
}

#: The damage done to a file's bytes, as a player or a disk does it.
DAMAGE = {
    "not UTF-8": b'{"version": 1, "x": "\xff\xfe\xfa"}',
    "deeply nested": b"[" * 100_000 + b"]" * 100_000,
    "5,000-digit number": b'{"version": 1, "x": ' + b"9" * 5000 + b"}",
    "cut short": b'{"version": 1, "master_volume": 0.',
    "a top-level list": b"[]",
    "a number": b"7",
}


def _write(path: Path, content: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)


def _kept(path: Path, content: bytes) -> bool:
    """The original bytes are still on disk: in place, or kept aside under a new name."""
    if path.is_file() and path.read_bytes() == content:
        return True
    return any(p.read_bytes() == content for p in path.parent.glob(path.name + ".*")
               if p.is_file())


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_file_is_kept_aside_and_defaults_are_used(kind, damage):
    where, open_, save, _valid = KINDS[kind]
    path, content = where(), DAMAGE[damage]
    _write(path, content)
    _value, notice, writable = open_()
    assert notice and path.name in notice
    assert _kept(path, content) and not (path.is_file() and path.read_bytes() == content)
    save()                                  # the next save writes a fresh file beside it
    assert _kept(path, content)
    assert open_()[1] is None               # and that file is fine


@pytest.mark.parametrize("kind", KINDS)
def test_a_byte_order_mark_is_no_damage(kind):
    where, open_, save, valid = KINDS[kind]
    if valid is None:  # a real save, written by the program, as one document with a BOM
        save()
        valid = read_save(where())
    _write(where(), b"\xef\xbb\xbf" + json.dumps(valid).encode())
    value, notice, writable = open_()
    assert notice is None and writable and value is not None


@pytest.mark.parametrize("kind", KINDS)
def test_a_folder_in_place_of_the_file_is_reported_and_never_replaced(kind):
    where, open_, save, _valid = KINDS[kind]
    path = where()
    path.mkdir(parents=True)
    (path / "mine.txt").write_text("keep me")
    _value, notice, writable = open_()
    assert notice and path.name in notice and "could not be read" in notice
    if kind != "save":  # (the save's notice is session.load_current's)
        assert "it is a folder, not a file" in notice
    save()
    kept = path if path.is_dir() else next(p for p in path.parent.glob(path.name + ".*")
                                           if p.is_dir())
    assert (kept / "mine.txt").read_text() == "keep me"


@pytest.mark.parametrize("kind", KINDS)
def test_an_unreadable_file_is_reported_and_never_overwritten(kind, monkeypatch):
    """No permission (chmod 000; the suite may run as root, so the refusal is simulated)."""
    import builtins

    import game.storage
    where, open_, save, valid = KINDS[kind]
    path = where()
    content = json.dumps(valid or {"format": "x"}).encode()
    _write(path, content)
    real = builtins.open

    def refusing(file, *args, **kwargs):
        if Path(file) == path:
            raise PermissionError(13, "Permission denied")
        return real(file, *args, **kwargs)
    monkeypatch.setattr(game.storage, "open", refusing, raising=False)
    _value, notice, writable = open_()
    assert notice and path.name in notice and "Permission denied" in notice
    save()
    assert _kept(path, content)


@pytest.mark.parametrize("kind", ["settings", "setups", "statistics"])
def test_a_newer_versions_file_is_read_as_far_as_understood_and_never_rewritten(kind):
    where, open_, save, valid = KINDS[kind]
    newer = {**valid, "version": 99, "a_future_field": {"x": 1}}
    content = json.dumps(newer).encode()
    _write(where(), content)
    value, notice, writable = open_()
    assert notice and "newer version" in notice and where().name in notice and not writable
    save()
    assert where().read_bytes() == content
    if kind == "settings":
        assert value.master_volume == 0.5
    if kind == "statistics":
        assert value.summary("koikoi").played == 42


def test_a_newer_versions_save_is_kept_aside_not_continued():
    where, open_, save, _valid = KINDS["save"]
    save()
    data = read_save(where())
    data["version"] = 99
    content = json.dumps(data).encode()
    _write(where(), content)
    session, notice, _w = open_()
    assert session is None and "newer version" in notice and "current.json" in notice
    save()
    assert _kept(where(), content)


@pytest.mark.parametrize("kind", KINDS)
def test_a_file_past_its_size_limit_is_refused_without_reading_it(kind):
    where, open_, save, _valid = KINDS[kind]
    path = where()
    content = b'{"version": 1, "pad": "' + b"x" * (5 << 20) + b'"}'
    _write(path, content)
    _value, notice, _w = open_()
    assert notice and path.name in notice and "too large" in notice
    save()
    assert _kept(path, content)


# Values out of range, per kind ----------------------------------------------------------------

SETTINGS_VALUES = [
    ({"window_size": [100000, 100000]}, "window_size", [1280, 800]),
    ({"window_size": [2147483648, 2147483648]}, "window_size", [1280, 800]),
    ({"window_size": [10**22, 10**22]}, "window_size", [1280, 800]),
    ({"window_size": [1600, "900"]}, "window_size", [1280, 800]),
    ({"master_volume": 1.5}, "master_volume", 0.8),
    ({"effects_volume": -0.1}, "effects_volume", 0.8),
    ({"master_volume": math.nan}, "master_volume", 0.8),
    ({"master_volume": math.inf}, "master_volume", 0.8),
    ({"master_volume": True}, "master_volume", 0.8),
    ({"mute": 1}, "mute", False),
    ({"language": "xx"}, "language", ""),  # "": the system's
    ({"language": ["en"]}, "language", ""),
    ({"animation_speed": "warp"}, "animation_speed", "normal"),
    ({"version": 0}, "version", None),
    ({"unknown": 1}, None, None),
]


@pytest.mark.parametrize("change,name,used", SETTINGS_VALUES)
def test_settings_values_out_of_range_take_defaults_and_the_rest_is_kept(change, name, used):
    path = paths.settings_file()
    content = json.dumps({"version": 1, "card_back": "red", **change}).encode()
    _write(path, content)
    s, notice, writable = open_settings()
    assert notice and "settings.json" in notice and writable
    assert s.card_back == "red"                      # the valid part
    if name is not None and name != "version":
        assert getattr(s, name) == used
    assert _kept(path, content)


STATS_VALUES = [
    ({"version": 1, "games": []}, "games"),
    ({"version": 1, "games": {"koikoi": {"total": [], "by_level": {}}}}, "total"),
    ({"version": 1, "games": {"koikoi": {"total": {"played": 1, "won": 5}}}}, "played 1"),
    ({"version": 1, "games": {"yatsuhashi": {"total": {
        "played": 1, "won": 1, "best": {"time": math.nan}}}}}, "best.time"),
    ({"version": 1, "games": {"yatsuhashi": {"total": {
        "played": 1, "won": 1, "best": {"time": math.inf}}}}}, "best.time"),
    ({"version": 1, "games": {"koikoi": {"total": {"played": -3}}}}, "played"),
    ({"version": 1, "games": {"koikoi": {"total": {"played": 2**80}}}}, "played"),
]


@pytest.mark.parametrize("data,named", STATS_VALUES)
def test_statistics_of_the_wrong_shape_or_out_of_range_give_the_valid_part(data, named):
    path = paths.stats_file()
    content = json.dumps(data).encode()
    _write(path, content)
    st = Statistics.load()
    assert st.problem and "statistics.json" in st.problem and named in st.problem
    for gs in st.games.values():
        for t in (gs.total, *gs.by_level.values()):
            assert t.played == t.won + t.lost + t.drawn
            assert all(math.isfinite(v) for v in t.best.values())
    assert _kept(path, content)


def test_won_5_of_1_played_keeps_the_wins_on_disk_at_once():
    """The valid part is written at once: a kill before the next save (found playing in a
    real window) must not leave the player with empty statistics."""
    _write(paths.stats_file(), json.dumps({"version": 1, "games": {"koikoi": {"total": {
        "played": 1, "won": 5, "best_streak": 5, "streak": 2}}}}).encode())
    t = Statistics.load().summary("koikoi")
    assert (t.played, t.won, t.best_streak, t.streak) == (5, 5, 5, 2)
    again = Statistics.load()             # the next start, with no save in between
    assert again.problem is None and again.summary("koikoi").won == 5


def test_remembered_setups_out_of_range_are_dropped():
    _write(paths.setups_file(), json.dumps({"version": 1, "koikoi": {
        "seats": "human", "options": {}, "seed": 10**30}, "chess": {}}).encode())
    data, notice, writable = _setups()
    assert notice and "setups.json" in notice and writable
    assert data["koikoi"]["seats"] == [] and data["koikoi"]["seed"] is None
    assert "chess" not in data


IMPOSSIBLE_RECORDS = [
    ("yatsuhashi", {"time": -3600, "moves": -1}, ("time", "moves")),
    ("yatsuhashi", {"time": 0, "moves": 0}, ("time", "moves")),
    ("yatsuhashi", {"time": 95, "moves": -7}, ("moves",)),
    ("heart_of_five", {"match_rounds": 0}, ("match_rounds",)),
]


@pytest.mark.parametrize("game,best,wrong", IMPOSSIBLE_RECORDS)
def test_impossible_records_are_a_damaged_file_and_never_shown(game, best, wrong):
    from game.scenes.stats import bests_line
    tally = {"played": 3, "won": 2, "lost": 1, "drawn": 0, "abandoned": 0, "streak": 1,
             "best_streak": 2, "best": best, "coached": 0}
    content = json.dumps({"version": 1, "games": {game: {
        "total": tally, "by_level": {"normal": tally},
        "lower_is_better": ["time", "moves", "match_rounds"]}}}).encode()
    _write(paths.stats_file(), content)
    st = Statistics.load()
    assert st.problem and "statistics.json" in st.problem and "not above 0" in st.problem
    assert _kept(paths.stats_file(), content)
    for t in (st.summary(game), st.levels(game)["normal"]):
        assert t.played == 3 and t.won == 2                  # the valid part
        assert not set(wrong) & set(t.best) and "-" not in bests_line(t)
        assert {k: v for k, v in best.items() if k not in wrong} == t.best
    assert Statistics.load().problem is None                 # the valid part, on disk at once


REMEMBERED_WRONG = [  # (the entry, what the notice names, the seats then used)
    ({"seats": ["human", "wizard"], "options": {"match_end": "rounds6"}, "seed": 77},
     "'wizard' is not human or a computer level", ["human", "normal"]),
    ({"seats": ["human"], "options": {"match_end": "rounds6"}, "seed": 77},
     "seats: 1, not 2-2", ["human", "normal"]),
    ({"seats": ["human", "easy"], "options": {"match_end": "rounds6", "hand_swap": 42},
      "seed": 77}, "hand_swap", ["human", "easy"]),
    ({"seats": ["human", "easy"], "options": {"match_end": "rounds6", "no_such": 1},
      "seed": 77}, "no_such", ["human", "easy"]),
]


@pytest.mark.parametrize("entry,named,seats", REMEMBERED_WRONG)
def test_a_remembered_setup_the_setup_screen_could_not_make_is_told(entry, named, seats):
    from game import notices
    from game.setups import remembered_setup
    assert GAMES["koikoi"].valid_option("match_end", "rounds6")
    content = json.dumps({"version": 1, "koikoi": entry}).encode()
    _write(paths.setups_file(), content)
    setup = remembered_setup("koikoi")
    told = notices.drain()
    assert len(told) == 1 and "setups.json" in told[0] and named in told[0]
    assert _kept(paths.setups_file(), content)
    assert setup.seats == seats and setup.seed == 77              # the valid part is used
    assert setup.options["match_end"] == "rounds6"
    assert remembered_setup("koikoi") == setup and notices.drain() == []  # repaired on disk


# The program starts over every pair of damaged files ---------------------------------------

PAIRS = [
    (b"\xff\xfe", b"\xff\xfe"),
    (b"[" * 100_000, b'{"version":1,"games":[]}'),
    (b'{"window_size": [100000, 100000], "master_volume": NaN}',
     b'{"version":1,"games":{"koikoi":{"total":{"played":1,"won":5,"best":{"t":Infinity}}}}}'),
    (b'{"version": 99, "language": "xx"}', b'{"version": 99, "games": {}}'),
]


@pytest.mark.parametrize("settings_bytes,stats_bytes", PAIRS)
def test_the_program_starts_over_damaged_settings_and_statistics(settings_bytes, stats_bytes):
    from game.app import App
    from game.widgets.dialog import Dialog
    from game.scenes.menu import MenuScene
    _write(paths.settings_file(), settings_bytes)
    _write(paths.stats_file(), stats_bytes)
    app = App(headless=True, strict=True)
    app.start()
    app.frame(1 / 30)  # the first frame: the settings' notice over the menu
    assert len([s for s in app.stack if isinstance(s, Dialog)]) == 1
    app.after_first_frame()  # (run: the statistics are read once the first frame is up)
    notices = [s.message for s in app.stack if isinstance(s, Dialog)]
    assert isinstance(list(app.stack)[0], MenuScene) and len(notices) == 2
    assert "settings.json" in notices[0] and "statistics.json" in notices[1]
    assert app.screen.get_size() <= (7680, 4320)
    for _ in range(3):
        app.frame(1 / 30)


# Temporary files left by a kill -----------------------------------------------------------

def test_temporary_files_of_a_killed_save_are_removed_at_the_next_start():
    from game.app import App
    folder = paths.data_dir()
    folder.mkdir(parents=True)
    dead = [folder / f"statistics.json.{999_999_990 + i}.ab{i}.tmp" for i in range(42)]
    for p in dead:
        p.write_text("{")
    alive = folder / f"statistics.json.{os.getppid()}.live.tmp"  # a running writer's
    alive.write_text("{")
    App(headless=True, strict=True, settings=Settings())
    assert not any(p.exists() for p in dead) and alive.exists()


def test_a_killed_writers_temporary_file_goes_while_its_pid_lingers_as_a_zombie():
    """A program killed and not yet reaped by its parent keeps its pid (a zombie): its
    temporary file is nobody's all the same, and the next start removes it."""
    import subprocess
    import sys
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    while not Path(f"/proc/{child.pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z":
        os.sched_yield()  # (it exits at once; not reaped: no wait() yet)
    folder = paths.saves_dir()
    folder.mkdir(parents=True)
    left = folder / f"current.json.{child.pid}.x1.tmp"
    left.write_text("{")
    try:
        assert clean_temp_files(folder) == [left] and not left.exists()
    finally:
        child.wait()


def test_write_json_names_its_temporary_file_after_the_writer(monkeypatch):
    names = []
    real = os.replace

    def spy(src, dst):
        names.append(Path(src).name)
        return real(src, dst)
    monkeypatch.setattr(os, "replace", spy)
    write_json(paths.settings_file(), {"version": 1})
    assert names[0].startswith(f"settings.json.{os.getpid()}.") and names[0].endswith(".tmp")
    assert clean_temp_files(paths.config_dir()) == []
