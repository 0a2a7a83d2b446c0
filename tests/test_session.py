"""Sessions: the game in progress saved after every action, read back exactly, and every kind
of bad save refused whole (kept aside, play starts fresh, nothing in it executed)."""

from __future__ import annotations

import copy
import json
import os

import pytest

from game import paths
from game.catalog import GAMES
from game.session import MAX_ACTIONS, MAX_BYTES, Session, load_current, read_save
from game.setups import GameSetup, check_setup, default_setup, remember_setup, remembered_setup
from game.stats import Statistics
from rules.koikoi import KoiKoiGame
from rules.yatsuhashi import Game


def koikoi_in_progress(actions: int = 12, seed: int = 11):
    """A Koi-Koi match of ``actions`` actions (the first legal action each time), saved."""
    setup = default_setup("koikoi", seed)
    setup.seats = ["human", "easy"]
    game = GAMES["koikoi"].new_engine(setup)
    session = Session.start(setup, game)
    for _ in range(actions):
        game.apply(game.legal_actions()[0])
        session.record(game)
    return session, game


def yatsuhashi_with_undo(seed: int = 3):
    """A Yatsuhashi deal with six moves made and two of them undone, saved."""
    setup = default_setup("yatsuhashi", seed)
    game = GAMES["yatsuhashi"].new_engine(setup)
    session = Session.start(setup, game)
    for _ in range(6):
        game.apply(game.legal_moves()[0])
        session.record(game)
    game.undo()
    session.record(game)
    game.undo()
    session.record(game)
    return session, game


def saved() -> dict:
    """The save as on the disk, its journal's lines assembled into one document."""
    return read_save()


# Round trips ----------------------------------------------------------------------------------


def test_every_action_is_on_disk_before_the_next_and_reads_back_without_any_shutdown():
    setup = default_setup("koikoi", 5)
    game = GAMES["koikoi"].new_engine(setup)
    session = Session.start(setup, game)
    for n in range(1, 30):
        game.apply(game.legal_actions()[0])
        session.record(game)
        # As if the process were killed here: a fresh reader, no finish/leave ever ran.
        again, problem = load_current()
        assert problem is None
        assert again.engine().to_dict() == game.to_dict()
        assert len(saved()["engine"]["actions"]) == n
    assert not list(paths.saves_dir().glob("*.tmp"))  # atomic writes leave no temp files


def test_the_save_format():
    session, game = koikoi_in_progress(actions=3)
    data = saved()
    assert set(data) == {"format", "version", "id", "game", "setup", "engine", "position",
                         "moves", "started", "saved", "elapsed", "coached", "shown",
                         "summary", "seq"}
    assert (data["moves"], data["seq"]) == (3, 4)  # the start's record, then one an action
    assert data["coached"] is False  # (the coach was not asked)
    assert data["shown"] is False  # (no computer played for the player)
    assert (data["format"], data["version"], data["game"]) == ("hanafuda-parlor-save", 2, "koikoi")
    assert data["setup"] == {"seats": ["human", "easy"], "options": GAMES["koikoi"].defaults(),
                             "seed": 11}
    assert data["engine"] == json.loads(json.dumps(game.to_dict()))
    assert data["position"] is None
    assert data["summary"] == {"game": "Koi-Koi", "progress": "Round 1 · first to 50",
                               "elapsed": 0}


def test_a_game_shown_by_the_computer_stays_so_and_is_never_counted_abandoned():
    session, game = yatsuhashi_with_undo()
    session.mark_shown()  # Yatsuhashi's Show me played in it (and counted it then)
    assert saved()["shown"] is True
    again, problem = load_current()
    assert problem is None and again.shown and again.in_progress
    stats = Statistics()
    Session.start(default_setup("yatsuhashi", 4), GAMES["yatsuhashi"].new_engine(
        default_setup("yatsuhashi", 4)), stats=stats)
    assert stats.summary("yatsuhashi").abandoned == 0
    older = {k: v for k, v in saved().items() if k != "shown"}  # a save from before Show me
    paths.current_save().write_text(json.dumps(older), encoding="utf-8")
    assert load_current()[0].shown is False


def test_yatsuhashi_keeps_its_undo_position_and_redo_line():
    session, game = yatsuhashi_with_undo()
    data = saved()
    assert len(data["engine"]["moves"]) == 6 and data["position"] == 4
    again, problem = load_current()
    assert problem is None
    restored = again.engine()
    assert restored.to_dict() == game.to_dict() and restored.key() == game.key()
    assert [str(restored.redo()), str(restored.redo())] == [str(game.redo()), str(game.redo())]
    assert restored.key() == game.key()
    assert again.summary["progress"] == "Deal 3 · 4 moves"


def test_yatsuhashi_continues_after_a_turned_card_was_undone_and_another_move_made():
    """Undoing a turn of the stock leaves its card seen (``seen``): a fact beyond the moves,
    which their replay cannot make. The save must still be a game of its setup (the soak's
    kill -9 found it refused as damaged)."""
    setup = default_setup("yatsuhashi", 3)
    game = GAMES["yatsuhashi"].new_engine(setup)
    session = Session.start(setup, game)
    def other() -> list:
        return [m for m in game.legal_moves() if str(m) != "turn"]
    while not other():  # turn the stock until another move is there to make
        game.apply(next(m for m in game.legal_moves() if str(m) == "turn"))
        session.record(game)
    game.apply(next(m for m in game.legal_moves() if str(m) == "turn"))
    session.record(game)
    game.undo()  # the card turned goes back into the stock, seen
    session.record(game)
    game.apply(other()[0])
    session.record(game)
    assert "seen" in saved()["engine"] and not game.can_redo
    again, problem = load_current()
    assert problem is None
    assert again.engine().to_dict() == game.to_dict()


def test_recording_does_not_change_the_engine():
    session, game = yatsuhashi_with_undo()
    before = (game.to_dict(), game.key(), game.can_redo)
    session.record(game)
    assert (game.to_dict(), game.key(), game.can_redo) == before


def test_finish_removes_the_save_and_leave_keeps_it():
    session, _game = koikoi_in_progress(actions=2)
    session.leave()
    assert load_current()[0] is not None
    again, _p = load_current()
    again.finish("win")
    assert load_current() == (None, None)
    assert not paths.current_save().exists()


def test_a_session_replaced_by_a_newer_game_does_not_remove_its_save():
    old, _g = koikoi_in_progress(actions=2)
    new, _g2 = koikoi_in_progress(actions=1, seed=12)
    old.finish("win")
    old.leave()
    current, _p = load_current()
    assert current is not None and current.id == new.id


# Abandoned games --------------------------------------------------------------------------------


def test_a_new_game_over_one_in_progress_counts_it_abandoned_not_lost():
    stats = Statistics()
    stats.record("koikoi", "win", level="easy")
    koikoi_in_progress(actions=4)
    setup = default_setup("yatsuhashi", 8)
    Session.start(setup, GAMES["yatsuhashi"].new_engine(setup), stats=stats)
    t = stats.summary("koikoi")
    assert (t.played, t.won, t.lost, t.abandoned, t.streak, t.best_streak) == (1, 1, 0, 1, 0, 1)
    assert stats.levels("koikoi")["easy"].abandoned == 1
    assert Statistics.load().summary("koikoi").abandoned == 1  # saved at once
    assert load_current()[0].game_id == "yatsuhashi"


@pytest.mark.parametrize("seats,actions,counted", [
    (["human", "easy"], 3, True),
    (["human", "easy"], 0, False),      # nothing played yet: not a game
    (["easy", "normal"], 3, False),     # computers only: not the player's record
    (["human", "human"], 3, False),     # hot-seat: not one player's record (as results)
])
def test_what_counts_as_abandoned(seats, actions, counted):
    setup = default_setup("koikoi", 4)
    setup.seats = seats
    game = GAMES["koikoi"].new_engine(setup)
    session = Session.start(setup, game)
    for _ in range(actions):
        game.apply(game.legal_actions()[0])
        session.record(game)
    stats = Statistics()
    Session.start(setup, GAMES["koikoi"].new_engine(setup), stats=stats)
    assert stats.summary("koikoi").abandoned == (1 if counted else 0)


def test_undoing_every_move_leaves_nothing_in_progress():
    setup = default_setup("yatsuhashi", 3)
    game = GAMES["yatsuhashi"].new_engine(setup)
    session = Session.start(setup, game)
    game.apply("turn")
    session.record(game)
    assert load_current()[0].in_progress
    game.undo()
    session.record(game)
    assert not load_current()[0].in_progress


def test_statistics_keep_the_abandoned_count():
    stats = Statistics(paths.stats_file())
    stats.abandon("yatsuhashi")
    stats.save()
    assert Statistics.load().summary("yatsuhashi").abandoned == 1
    assert not Statistics.load().empty


# Bad saves ------------------------------------------------------------------------------------

PWNED = "__import__('pathlib').Path('PWNED').touch()"


def _set(path: str, value):
    """A change to a good save: set the value at a dotted path (``setup.seats.1``)."""
    def change(data):
        keys = path.split(".")
        node = data
        for k in keys[:-1]:
            node = node[int(k)] if isinstance(node, list) else node[k]
        last = keys[-1]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
        return data
    return change


def _drop(key: str):
    def change(data):
        del data[key]
        return data
    return change


def _append_action(text):
    def change(data):
        data["engine"]["actions"].append(text)
        return data
    return change


def _swap_engine_seed(data):
    data["engine"]["seed"] += 1
    return data


def _swap_setup_option(data):
    data["setup"]["options"]["match_end"] = "rounds12"
    return data


def _deep(data):
    return "[" * 50_000


def _nan_elapsed(data):
    return json.dumps(data).replace('"elapsed": ', '"elapsed": NaN, "x": ')


BAD_TEXT = [
    ("empty", ""),
    ("truncated", '{"format": "hanafuda-parlor-save", "version": 1, "game": "koi'),
    ("not json", "\x00\x01 binary \xff"),
    ("not utf-8", b"\xff\xfe\x00garbage"),
    ("a list", "[1, 2, 3]"),
    ("a number of 5000 digits", "1" * 5000),
    ("too big", '{"pad": "' + "x" * (MAX_BYTES + 10) + '"}'),
]

BAD_CHANGES = [
    ("wrong format", _set("format", "other-program")),
    ("future version", _set("version", 3)),
    ("version as text", _set("version", "1")),
    ("version zero", _set("version", 0)),
    ("no version", _drop("version")),
    ("unknown game", _set("game", "chess")),
    ("game id a path", _set("game", "../../etc/passwd")),
    ("game id code", _set("game", "os:system")),
    ("game id a list", _set("game", ["koikoi"])),
    ("setup missing", _drop("setup")),
    ("setup a string", _set("setup", "koikoi")),
    ("too many seats", _set("setup.seats", ["human", "easy", "easy"])),
    ("seat code", _set("setup.seats.1", PWNED)),
    ("seat a number", _set("setup.seats.1", 3)),
    ("unknown option", _set("setup.options.exec", PWNED)),
    ("option of the wrong type", _set("setup.options.hand_swap", 1)),
    ("option not a choice", _set("setup.options.match_end", "rounds99")),
    ("seed huge", _set("setup.seed", 10 ** 30)),
    ("seed negative", _set("setup.seed", -1)),
    ("seed a bool", _set("setup.seed", True)),
    ("seed text", _set("setup.seed", "11")),
    ("engine missing", _drop("engine")),
    ("engine a list", _set("engine", [])),
    ("engine of another game", _set("engine.game", "yatsuhashi")),
    ("engine actions a string", _set("engine.actions", "play 1B")),
    ("engine actions numbers", _set("engine.actions", [1, 2])),
    ("engine rules missing", _set("engine.rules", None)),
    ("engine seed text", _set("engine.seed", "eleven")),
    ("engine seed huge", _set("engine.seed", 10 ** 40)),
    ("an action refused", _append_action("play 13B")),
    ("an action not legal now", _append_action("stop")),
    ("an action of code", _append_action(PWNED)),
    ("too many actions", _set("engine.actions", ["keep"] * (MAX_ACTIONS + 1))),
    ("engine seed is not the setup's", _swap_engine_seed),
    ("setup options are not the engine's", _swap_setup_option),
    ("position without undo", _set("position", 2)),
    ("position negative", _set("position", -1)),
    ("position text", _set("position", "2")),
    ("elapsed negative", _set("elapsed", -5)),
    ("elapsed huge", _set("elapsed", 1e300)),
    ("elapsed NaN", _nan_elapsed),
    ("started not a time", _set("started", "yesterday")),
    ("saved a path", _set("saved", "/etc/passwd")),
    ("id missing", _drop("id")),
    ("coached a text", _set("coached", "yes")),
    ("coached a number", _set("coached", 1)),
    ("shown a text", _set("shown", "no")),
    ("shown null", _set("shown", None)),
    ("nested too deep", _deep),
]


def _write_bad(text_or_bytes) -> None:
    path = paths.current_save()
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text_or_bytes, bytes):
        path.write_bytes(text_or_bytes)
    else:
        path.write_text(text_or_bytes, encoding="utf-8")


def _check_refused(tmp_path, monkeypatch, written: bytes) -> None:
    monkeypatch.chdir(tmp_path)
    session, problem = load_current()
    assert session is None
    assert problem and "could not be continued" in problem and "starts fresh" in problem
    assert not paths.current_save().exists()
    aside = list(paths.saves_dir().glob("current.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == written  # kept, byte for byte
    assert aside[0].name in problem
    assert not (tmp_path / "PWNED").exists()
    assert load_current() == (None, None)  # play starts fresh


@pytest.mark.parametrize("name,text", BAD_TEXT, ids=[n for n, _t in BAD_TEXT])
def test_a_damaged_save_is_kept_aside_and_play_starts_fresh(tmp_path, monkeypatch, name, text):
    _write_bad(text)
    _check_refused(tmp_path, monkeypatch, paths.current_save().read_bytes())


@pytest.mark.parametrize("name,change", BAD_CHANGES, ids=[n for n, _c in BAD_CHANGES])
def test_a_hostile_save_is_refused_whole(tmp_path, monkeypatch, name, change):
    koikoi_in_progress(actions=10)
    result = change(copy.deepcopy(saved()))
    _write_bad(result if isinstance(result, str) else json.dumps(result))
    _check_refused(tmp_path, monkeypatch, paths.current_save().read_bytes())


def test_a_future_version_says_so():
    koikoi_in_progress(actions=1)
    data = saved()
    data["version"] = 7
    _write_bad(json.dumps(data))
    _session, problem = load_current()
    assert "newer version" in problem


def test_a_good_save_passes_the_same_checks():
    """The control for the table above: the unchanged save loads."""
    koikoi_in_progress(actions=10)
    _write_bad(json.dumps(saved()))
    session, problem = load_current()
    assert problem is None and session.moves == 10


@pytest.mark.parametrize("change", [
    _set("position", 7),                     # past the six moves of the line
    _set("engine.moves.5", "collect godori"),  # not legal there
    _set("engine.moves.0", PWNED),
    _set("engine.seed", 4),                  # not the setup's deal
])
def test_a_bad_yatsuhashi_line_is_refused(tmp_path, monkeypatch, change):
    yatsuhashi_with_undo()
    result = change(saved())
    _write_bad(json.dumps(result))
    _check_refused(tmp_path, monkeypatch, paths.current_save().read_bytes())


# Setups ---------------------------------------------------------------------------------------


def test_check_setup_accepts_what_the_setup_screen_makes():
    for gid in GAMES:
        setup = default_setup(gid, 9)
        assert check_setup(gid, setup.to_dict()) == setup


def test_the_setup_screen_remembers_choices_but_not_a_random_deal_number():
    setup = default_setup("koikoi", 1234)
    setup.seats = ["human", "easy"]
    setup.options = GAMES["koikoi"].preset("nintendo")
    remember_setup(setup, seed_typed=False)
    again = remembered_setup("koikoi")
    assert again.seats == ["human", "easy"] and again.options == setup.options
    assert "seed" not in json.loads(paths.setups_file().read_text())["koikoi"]
    remember_setup(setup, seed_typed=True)
    assert remembered_setup("koikoi").seed == 1234
    assert remembered_setup("koikoi", seed=5).seed == 5
    assert remembered_setup("yatsuhashi", seed=2) == default_setup("yatsuhashi", 2)


@pytest.mark.parametrize("entry", [
    {"seats": ["human", PWNED], "options": {"hand_swap": "yes", "nope": 1}, "seed": -4},
    {"seats": "human", "options": [], "seed": "12"},
    {"seats": ["human"] * 9, "options": {"match_end": "rounds99"}, "seed": 10 ** 12},
    "koikoi",
])
def test_remembered_setups_are_checked_on_read(entry):
    path = paths.setups_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"koikoi": entry}), encoding="utf-8")
    setup = remembered_setup("koikoi", seed=3)
    assert setup == default_setup("koikoi", 3)


def test_a_damaged_setups_file_gives_defaults():
    path = paths.setups_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    assert remembered_setup("koikoi", seed=3) == default_setup("koikoi", 3)


# Writes -------------------------------------------------------------------------------------


def test_write_json_syncs_the_file_before_the_rename_and_the_folder_after(monkeypatch, tmp_path):
    from game import storage
    calls = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        calls.append(("fsync", os.path.isdir(f"/proc/self/fd/{fd}")
                      if os.path.exists("/proc/self/fd") else None))
        return real_fsync(fd)

    def replace(a, b):
        calls.append(("replace", str(b)))
        return real_replace(a, b)
    monkeypatch.setattr(storage.os, "fsync", fsync)
    monkeypatch.setattr(storage.os, "replace", replace)
    target = tmp_path / "save.json"
    storage.write_json(target, {"a": 1})
    kinds = [c[0] for c in calls]
    assert kinds == ["fsync", "replace", "fsync"]
    assert calls[1] == ("replace", str(target))
    if os.path.exists("/proc/self/fd"):
        assert calls[0][1] is False and calls[2][1] is True  # the file, then its folder


def test_engines_restore_from_their_own_dicts():
    """The registry's restore is the engine's from_dict (what sessions rely on)."""
    k = KoiKoiGame.new(3)
    k.apply(k.legal_actions()[0])
    assert GAMES["koikoi"].restore_engine(k.to_dict()).to_dict() == k.to_dict()
    y = Game.deal(3)
    y.apply("turn")
    assert GAMES["yatsuhashi"].restore_engine(y.to_dict()).key() == y.key()


def test_gamesetup_is_still_importable_from_the_setup_scene():
    from game.scenes.setup import GameSetup as Again, default_setup as again
    assert Again is GameSetup and again is default_setup


# kill -9 ----------------------------------------------------------------------------------------

CHILD = """
import json, sys, time
from game.catalog import GAMES
from game.session import Session
from game.setups import default_setup
setup = default_setup(sys.argv[1], 5)
game = GAMES[sys.argv[1]].new_engine(setup)
session = Session.start(setup, game)
while not getattr(game, "is_over", False):
    legal = game.legal_actions() if hasattr(game, "legal_actions") else game.legal_moves()
    game.apply(legal[0])
    session.record(game)
    print(session.moves, flush=True)  # shown: the parent may kill us from now on
time.sleep(60)
"""


def _line_of(game_id: str, n: int) -> list[str]:
    """The first ``n`` actions the child plays (the first legal action each time)."""
    game = GAMES[game_id].new_engine(default_setup(game_id, 5))
    out = []
    for _ in range(n):
        legal = game.legal_actions() if hasattr(game, "legal_actions") else game.legal_moves()
        out.append(str(legal[0]))
        game.apply(legal[0])
    return out


@pytest.mark.parametrize("game_id,after", [("koikoi", 1), ("koikoi", 40), ("yatsuhashi", 25)])
def test_kill_9_at_any_moment_loses_nothing(game_id, after):
    """A real process killed with SIGKILL while it plays and saves as fast as it can: the save
    always loads, and holds at least every action the process had reported once its
    ``record`` returned (nothing waited for the writer thread: a move shown is on disk)."""
    import signal
    import subprocess
    import sys
    from pathlib import Path
    if not hasattr(signal, "SIGKILL"):
        pytest.skip("no SIGKILL here")
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.Popen([sys.executable, "-c", CHILD, game_id], cwd=root,
                            stdout=subprocess.PIPE, text=True, env=dict(os.environ))
    try:
        for _ in range(after):
            reported = int(proc.stdout.readline())
    finally:
        proc.send_signal(signal.SIGKILL)  # in the middle of its next writes
        proc.wait(30)
    assert proc.returncode == -signal.SIGKILL
    session, problem = load_current()
    assert problem is None, problem
    engine = session.engine()
    made = [str(a) for a in (engine.actions if game_id == "koikoi" else engine.moves)]
    assert len(made) >= reported
    assert made == _line_of(game_id, len(made))


# The journal ----------------------------------------------------------------------------------


def test_the_save_is_a_journal_an_action_a_line_each_checksummed():
    """The first line is the whole save; each action appends one short line (what it
    changed), so that a move is in the file the moment ``record`` returns."""
    from game.journal import read_journal
    session, game = koikoi_in_progress(actions=5)
    found = read_journal(paths.current_save())
    assert len(found.records) == 6 and found.dropped == 0
    assert found.records[0]["seq"] == 1 and found.records[0]["moves"] == 0
    assert [r["seq"] for r in found.records[1:]] == [2, 3, 4, 5, 6]
    assert all(len(line) < 400 for line in paths.current_save().read_bytes().splitlines()[1:])
    assert load_current()[0].engine().to_dict() == game.to_dict()


def test_a_line_cut_short_by_a_kill_is_dropped_and_the_rest_continues():
    session, game = koikoi_in_progress(actions=6)
    path = paths.current_save()
    raw = path.read_bytes()
    path.write_bytes(raw[:-25])  # the last line's write cut short
    again, problem = load_current()
    assert problem is None and again.moves == 5
    assert [str(a) for a in again.engine().actions] == [str(a) for a in game.actions[:5]]


@pytest.mark.parametrize("damage", ["checksum", "order", "change"])
def test_a_damaged_line_ends_the_save_there(damage):
    """A line that fails its checksum, comes out of order or does not fit the save before
    it: the save is what the lines before it make (never a mixture)."""
    from game.journal import encode_line
    session, game = koikoi_in_progress(actions=6)
    path = paths.current_save()
    lines = path.read_bytes().splitlines(keepends=True)
    if damage == "checksum":
        lines[4] = lines[4].replace(b'"seq":5', b'"seq":6')
    elif damage == "order":
        lines[4] = encode_line({"seq": 9})
    else:
        lines[4] = encode_line({"seq": 5, "engine": {"actions": [99, ["play 1C1"]]}})
    path.write_bytes(b"".join(lines))
    again, problem = load_current()
    assert problem is None and again.moves == 3
    assert [str(a) for a in again.engine().actions] == [str(a) for a in game.actions[:3]]


def _through_the_stock(game):
    """The next move of a Yatsuhashi deal played by turning the stock (and recycling it)."""
    return next(m for m in game.legal_moves() if str(m) == "turn" or str(m).startswith("recycle"))


def test_a_long_game_is_made_anew_every_few_hundred_lines(monkeypatch):
    """Every ``COMPACT_EVERY`` lines the writer thread makes the file anew (a full record),
    and the next action puts it in place with the lines written meanwhile: the file stays
    short, and nothing is lost across the swap."""
    from game import session as session_module
    from game.journal import read_journal
    from game.storage import flush_writes
    monkeypatch.setattr(session_module, "COMPACT_EVERY", 4)
    setup = default_setup("yatsuhashi", 3)
    game = GAMES["yatsuhashi"].new_engine(setup)
    session = Session.start(setup, game)
    for n in range(30):
        game.apply(_through_the_stock(game))
        session.record(game)
        if n % 3 == 0:
            flush_writes()  # (the swap waits for the writer thread's file: let it be ready)
        records = read_journal(paths.current_save()).records
        assert len(records) <= 2 * 4 + 1
        assert records[0]["seq"] + len(records) - 1 == session.seq
    assert load_current()[0].engine().to_dict() == game.to_dict()
    assert not list(paths.saves_dir().glob("*.tmp"))


def test_continue_replays_a_long_save_once_and_the_menu_not_at_all(monkeypatch):
    """A save of 50,000 Yatsuhashi moves: the menu's Continue line does not replay it, and
    Continue replays it once (the engine it checked is the one the table gets)."""
    from game.session import peek_current
    from rules import yatsuhashi
    game = Game.deal(3)
    for _ in range(MAX_ACTIONS):
        game.apply(_through_the_stock(game))
    setup = default_setup("yatsuhashi", 3)
    Session.start(setup, game).leave()
    replays = []
    from_dict = yatsuhashi.Game.from_dict.__func__
    monkeypatch.setattr(yatsuhashi.Game, "from_dict", classmethod(
        lambda cls, data: replays.append(1) or from_dict(cls, data)))
    peeked, problem = peek_current()
    assert problem is None and peeked.moves == MAX_ACTIONS and replays == []
    assert peeked.label().startswith("Yatsuhashi")
    session, problem = load_current()
    engine = session.engine()
    assert problem is None and len(engine.moves) == MAX_ACTIONS and len(replays) == 1


def test_a_save_folder_that_cannot_be_written_is_told_once_and_play_goes_on():
    """A file where the saves folder should be: the first action's save fails, the player is
    told (naming the folder and the real cause), and the game goes on; told once a run."""
    from game import notices
    notices.drain()
    paths.data_dir().mkdir(parents=True, exist_ok=True)
    paths.saves_dir().write_text("not a folder")
    session, game = koikoi_in_progress(actions=3)
    told = notices.drain()
    assert len(told) == 1 and str(paths.saves_dir()) in told[0]
    assert "file is where the folder should be" in told[0]
    assert session.moves == 3


def test_a_file_in_place_of_the_saves_folder_is_the_folders_notice_not_an_unreadable_save():
    """Continue has nothing to say of a save that cannot exist: the folder's notice says
    what is wrong (a file where the folder should be), never "could not be read"."""
    from game import notices
    from game.session import peek_current
    notices.drain()
    paths.data_dir().mkdir(parents=True, exist_ok=True)
    paths.saves_dir().write_text("not a folder")
    assert load_current() == (None, None) and peek_current() == (None, None)
    told = notices.drain()
    assert len(told) == 1 and "a file is where the folder should be" in told[0]
