"""Games in progress: the save of the game being played (with the setup it was started with:
``game.setups``), written after every action so that no move is ever lost.

There is one game in progress at a time, saved in ``paths.current_save()``: the menu's
**Continue** resumes the game the player left, whatever it was, and one rule covers leaving
in every game. Leaving a game (to the menu, closing the window, being killed) is not a loss:
the save stays. Starting a new game of any kind over a saved game in progress asks first
(the setup screen with ``game.scenes.setup.confirm_new_game``, a table's restart or new deal
with its own dialog) and then counts the old one as *abandoned* in the statistics
(``Session.start`` does that, so no table can forget).

A save is JSON: format name and version, game id, setup (seats, options and seed, which is
the deal number), the engine's ``to_dict()`` (its seed, options and action list; for an engine
with undo, the whole line including undone actions) with the ``position`` (how many of those
actions are in effect), start and save times, play time, whether the coach was asked
(``coached``: such a game counts as coached in the statistics; a save without the field was
not coached), whether the computer played in it for the player (``shown``: Yatsuhashi's Show
me; such a game is not the player's to win or lose, and was counted when it was shown), and a
summary for the menu.

The file is a journal (``game.journal``): its first line is that whole save, and each action
appends a line of what it changed (the actions added, and cut for an undo, the new summary
and clock), in the same frame, before its animation starts: one ``write`` to the file, so
that a kill -9 at any later moment loses nothing, and a kill during that write loses that
action only (its line is cut short and dropped when read). The disk syncs and the file made
anew every 256 actions happen on the writer thread. A save read back is assembled from its
lines (``read_save``), checked and replayed once: by the table Continue opens, through its own
steps (``Session.engine(step)``); the menu only peeks at it (``peek_current``: no replay).
Reading one trusts nothing in it: the game id must be in the registry, the setup must be one
the setup screen could make (``game.setups.check_setup``), the engine must replay every
action and match the setup; otherwise the file is kept aside, the player told, and play
starts fresh. Nothing in a save is ever executed: it only names
actions the engine parses.

>>> import tempfile, pathlib
>>> from game.setups import default_setup
>>> where = pathlib.Path(tempfile.mkdtemp()) / "current.json"
>>> setup = default_setup("koikoi", seed=7)
>>> game = GAMES["koikoi"].new_engine(setup)
>>> session = Session.start(setup, game, path=where)
>>> _ = game.apply(game.legal_actions()[0]); session.record(game)
>>> again, problem = load_current(where)      # what Continue finds, even after a kill -9
>>> again.engine().to_dict() == game.to_dict(), again.label(), problem
(True, 'Koi-Koi · Round 1 · first to 50 · 0:00', None)
>>> again.finish("win"); load_current(where)
(None, None)
"""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import notices, paths
from game.catalog import GAMES, UnknownGameError
from game.i18n import _
from game.logs import get_logger
from game.journal import Journal, read_journal
from game.save_lines import assemble, changes
from game.setups import GameSetup, SaveError, check_setup
from game.storage import keep_aside
from rules.engine import Step

if TYPE_CHECKING:  # pragma: no cover
    from game.stats import Statistics

log = get_logger(__name__)

FORMAT = "hanafuda-parlor-save"
VERSION = 2  # 2: a journal of lines (1: one JSON document, still read)
MAX_BYTES = 4 << 20        # a long Koi-Koi match is ~10 KB; 50,000 Yatsuhashi moves ~0.4 MB
#: Lines appended between two full records (the file made anew on the writer thread).
COMPACT_EVERY = 256
MAX_ACTIONS = 50_000  # per list of the engine data: far past any real game (a long match ~1,000)
MAX_ELAPSED = 10 * 365 * 24 * 3600.0


class FutureSaveError(SaveError):
    """A save written by a newer version of the program."""


# ----------------------------------------------------------------------------------------------
# Sessions


def _now() -> str:
    from datetime import datetime, timezone  # (here: a start-up with no save does without)
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _check_time(value: Any, name: str) -> str:
    if not isinstance(value, str) or len(value) > 40:
        raise SaveError(f"{name}: expected a date and time")
    from datetime import datetime
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise SaveError(f"{name}: {value!r} is not a date and time") from None
    return value


def _plain(data: Any) -> Any:
    """``data`` as it reads back from JSON (tuples become lists)."""
    return json.loads(json.dumps(data))


#: Engine data that is what the player has seen rather than what the moves made (Yatsuhashi's
#: stock cards turned and then undone back into the stock): replaying the moves cannot make it.
#: The engine's own ``from_dict`` checks it (each such card must be in the stock).
_SEEN_KEYS = frozenset({"seen"})


def _made_by_moves(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as read back from JSON without ``_SEEN_KEYS``: what replaying the moves of a
    save must make again.

    >>> _made_by_moves({"seed": 3, "moves": ("turn",), "seen": ["9C2"]})
    {'seed': 3, 'moves': ['turn']}
    """
    return {k: v for k, v in _plain(data).items() if k not in _SEEN_KEYS}


def _line(engine: Any, undo_position: int | None) -> tuple[dict[str, Any], int | None, int]:
    """The engine's data with every action of its line (undone ones too), how many are in
    effect (None: all) and how many are undone. An engine with ``redo`` is asked on a copy,
    never changed itself."""
    data = engine.to_dict()
    if undo_position is not None or not hasattr(engine, "redo"):
        return data, undo_position, 0
    copy = engine.clone()
    position = len(copy.actions)
    redone = 0
    while True:
        try:
            copy.redo()
        except ValueError:  # nothing (more) to redo
            break
        redone += 1
    return (copy.to_dict(), position, redone) if redone else (data, None, 0)


def _same_setup(fresh: dict[str, Any], played: dict[str, Any]) -> bool:
    """Is ``played`` (an engine's ``to_dict()``) a game of the setup that dealt ``fresh`` (the
    same engine's, before any action)? Everything but the lists of actions must agree.

    >>> _same_setup({"seed": 3, "actions": []}, {"seed": 3, "actions": ["x"]})
    True
    >>> _same_setup({"seed": 3, "actions": []}, {"seed": 4, "actions": ["x"]})
    False
    """
    made = _made_by_moves(played)
    kept = {k for k, v in fresh.items() if v != []}
    return (all(made.get(k) == _plain(fresh[k]) for k in kept)
            and set(made) <= set(fresh))


class Session:
    """A game in progress and its save. Tables use five calls: ``Session.start`` (a new game),
    ``record`` (after every action, undo and redo), ``finish`` (the game is over), ``leave``
    (the table closes with the game unfinished) and ``engine()`` (a saved game, replayed)."""

    def __init__(self, setup: GameSetup, *, engine_data: dict[str, Any],
                 position: int | None = None, started: str | None = None, elapsed: float = 0.0,
                 session_id: str | None = None, path: Path | None = None) -> None:
        self.setup = setup
        self.engine_data = engine_data
        self.position = position
        self.started = started or _now()
        self.saved = self.started
        if session_id is None:
            import secrets  # (here, not at the top: the start-up does not need it)
            session_id = secrets.token_hex(8)
        self.id = session_id
        self.path = path or paths.current_save()
        self.summary: dict[str, Any] = {}
        self.moves = 0            # actions in effect at the last save
        self.undone = 0           # actions undone after them (the engine can redo them)
        self.closed = False       # finished or left: nothing more is written
        self.coached = False      # the coach was asked in this game (game.table.coach)
        self.shown = False        # the computer played in it for the player (not theirs)
        self.seq = 0              # records written to the save (its lines since the start)
        self._elapsed = elapsed   # play time before this session object was opened
        self._opened: float | None = None  # when its clock started (the first action)
        self._journal = Journal(self.path, COMPACT_EVERY)
        self._written: dict[str, Any] | None = None  # the last record written (None: none)
        self._engine: Any = None  # the engine replayed by from_dict, until engine() takes it

    @property
    def game_id(self) -> str:
        return self.setup.game_id

    @property
    def elapsed(self) -> float:
        """Seconds of play: time at the table from the first action on, across every time the
        game was continued (as the tables count a player's time)."""
        if self._opened is None:
            return self._elapsed
        return self._elapsed + (time.monotonic() - self._opened)

    @elapsed.setter
    def elapsed(self, seconds: float) -> None:
        """The play time is ``seconds``, the clock stopped until the next action starts it: a
        table that counts only the time it is played (Yatsuhashi's, stopped under the pause
        menu) gives the save its own figure."""
        self._elapsed, self._opened = float(seconds), None

    def _run_clock(self) -> None:
        if self._opened is None and self.moves:
            self._opened = time.monotonic()

    @property
    def in_progress(self) -> bool:
        """Has anything been played (an action in effect)? A game not begun is not asked about
        nor counted as abandoned."""
        return self.moves > 0

    # The tables' calls ---------------------------------------------------------------------------
    @classmethod
    def start(cls, setup: GameSetup, engine: Any, *, stats: "Statistics | None" = None,
              path: Path | None = None) -> "Session":
        """A new game of ``setup`` played on ``engine``: writes its first save. A game saved in
        progress before it counts as abandoned in ``stats`` (the caller asked the player)."""
        path = path or paths.current_save()
        old, _problem = peek_current(path)
        if old is not None and old.in_progress:
            if stats is not None:
                old.abandon(stats)
            else:
                log.warning("a new %s game replaces a %s game in progress (not counted)",
                            setup.game_id, old.game_id)
        session = cls(setup, engine_data={}, path=path)
        session.record(engine)
        return session

    def record(self, engine: Any, undo_position: int | None = None) -> None:
        """Save the game as ``engine`` now has it (call after every action, undo and redo).

        ``undo_position``: for an engine whose ``to_dict()`` already holds undone actions, how
        many of them are in effect; None lets the session find out (``redo`` on a copy)."""
        if self.closed:
            return
        self.engine_data, self.position, self.undone = _line(engine, undo_position)
        self.moves = len(engine.actions)
        self._run_clock()
        self.summary = {"game": GAMES[self.game_id].title,
                        "progress": GAMES[self.game_id].progress(engine),
                        "elapsed": round(self.elapsed)}
        self._write()

    def mark_coached(self) -> None:
        """The coach was asked in this game: saved at once, so Continue keeps it."""
        if self.closed or self.coached:
            return
        self.coached = True
        self._write()

    def mark_shown(self) -> None:
        """The computer played in this game for the player (Yatsuhashi's Show me): it is
        not the player's result, and is never counted again (not even abandoned)."""
        if self.closed or self.shown:
            return
        self.shown = True
        self._write()

    def finish(self, outcome: str = "") -> None:
        """The game is over (``outcome`` for the log): its save goes."""
        if self.closed:
            return
        self.closed = True
        log.info("%s finished (%s) after %d actions", self.game_id, outcome, self.moves)
        self._remove()

    def leave(self) -> None:
        """The table closes on an unfinished game: not a loss; the save stays, with the play
        time brought up to date, and Continue offers it."""
        if self.closed:
            return
        if self._is_current():
            self.summary = {**self.summary, "elapsed": round(self.elapsed)}
            self._write()
        self._journal.close()
        self.closed = True

    def abandon(self, stats: "Statistics") -> None:
        """A new game replaces this one: count it abandoned (the player's own games only: one
        human seat, as the tables record results) and remove its save."""
        if self.setup.seats.count("human") == 1 and self.in_progress and not self.shown:
            levels = {s for s in self.setup.seats if s != "human"}
            stats.abandon(self.game_id, level=levels.pop() if len(levels) == 1 else None)
            try:
                stats.save()
            except OSError:
                log.exception("could not save statistics")
        self.closed = True
        self._remove()

    def engine(self, step: Step | None = None) -> Any:
        """The saved game, replayed by its engine and checked against its setup (a SaveError
        naming what is wrong): each action through ``step`` (``rules.engine.Step``; a table's
        own, so that restoring the game and showing it are one replay). The engine
        ``load_current`` replayed to check the save is handed out once, not replayed again."""
        engine, self._engine = self._engine, None
        if engine is not None:
            return engine
        return self._replay(step)

    def _undo_to_position(self, engine: Any) -> Any:
        if self.position is not None:
            for _i in range(len(engine.actions) - self.position):
                engine.undo()
        return engine

    # For the menu -------------------------------------------------------------------------------
    def label(self) -> str:
        """"Koi-Koi · Round 3 of 12 · 4:05": what Continue resumes."""
        from game.text import clock
        parts = [self.summary.get("game", ""), self.summary.get("progress", ""),
                 clock(self._elapsed)]
        return " · ".join(p for p in parts if p)

    # Files --------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The whole save as its first line holds it (``seq``: the records it includes)."""
        self.saved = _now()
        return {"format": FORMAT, "version": VERSION, "id": self.id, "game": self.game_id,
                "setup": self.setup.to_dict(), "engine": self.engine_data,
                "position": self.position, "moves": self.moves, "started": self.started,
                "saved": self.saved, "elapsed": math.floor(self.elapsed * 10) / 10,
                "coached": self.coached, "shown": self.shown, "summary": self.summary,
                "seq": self.seq}

    def _write(self) -> None:
        """Save what changed since the last record: a line appended to the journal (the
        whole save when the file is to be made anew). A folder that cannot be written is
        told to the player once (``game.notices``) and play goes on; the next action tries
        again."""
        self.seq += 1
        full = self.to_dict()
        try:
            if self._written is None or not self._journal.is_open:
                self._journal.start(full)
            else:
                self._journal.append(changes(self._written, full), lambda: full)
        except OSError as exc:
            log.warning("could not save the game in progress: %s", exc)
            self._journal.close()
            self._written = None
            notices.post_unwritable(self.path.parent, _("game in progress"), exc)
            return
        self._written = full

    def _is_current(self) -> bool:
        """Is the save on disk this session's (not replaced by a newer game)?"""
        found = read_journal(self.path, MAX_BYTES)
        return bool(found.records) and isinstance(found.records[0], dict) \
            and found.records[0].get("id") == self.id

    def _remove(self) -> None:
        if self._is_current():
            try:
                self._journal.remove()
            except OSError:
                log.exception("could not remove the save")
        self._journal.close()

    @classmethod
    def from_dict(cls, data: Any, path: Path | None = None, *, replay: bool = True) -> "Session":
        """A save read back and replayed: SaveError (naming the bad part) for anything that is
        not a save this version can continue exactly. ``replay=False`` checks all but the
        game itself (the menu's Continue line: a long save takes a while to replay)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError("not a Hanafuda Parlor save")
        version = data.get("version")
        if type(version) is not int or version < 1:
            raise SaveError(f"version: {version!r:.40} is not a save version")
        if version > VERSION:
            raise FutureSaveError(f"version {version} is newer than this program's {VERSION}")
        game_id = data.get("game")
        if not isinstance(game_id, str) or game_id not in GAMES:
            raise SaveError(f"game: {game_id!r:.40} is not a game of this version")
        setup = check_setup(game_id, data.get("setup"))
        engine_data = data.get("engine")
        if not isinstance(engine_data, dict):
            raise SaveError("engine: expected an object")
        for key, value in engine_data.items():
            if isinstance(value, list) and len(value) > MAX_ACTIONS:
                raise SaveError(f"engine {key}: more than {MAX_ACTIONS} entries")
        position = data.get("position")
        if position is not None and (type(position) is not int
                                     or not 0 <= position <= MAX_ACTIONS):
            raise SaveError(f"position: {position!r:.40} is not a number of actions")
        elapsed = data.get("elapsed")
        if (isinstance(elapsed, bool) or not isinstance(elapsed, (int, float))
                or not math.isfinite(elapsed) or not 0 <= elapsed <= MAX_ELAPSED):
            raise SaveError(f"elapsed: {elapsed!r:.40} is not a play time")
        session_id = data.get("id")
        if not isinstance(session_id, str) or not 1 <= len(session_id) <= 64:
            raise SaveError("id: expected a short text")
        coached = data.get("coached", False)  # (missing in saves made before the coach)
        if type(coached) is not bool:
            raise SaveError(f"coached: {coached!r:.40} is not true or false")
        shown = data.get("shown", False)  # (missing in saves made before Show me)
        if type(shown) is not bool:
            raise SaveError(f"shown: {shown!r:.40} is not true or false")
        seq = data.get("seq", 0)  # (missing in saves of version 1)
        if type(seq) is not int or seq < 0:
            raise SaveError(f"seq: {seq!r:.40} is not a number of records")
        session = cls(setup, engine_data=engine_data, position=position,
                      started=_check_time(data.get("started"), "started"),
                      elapsed=float(elapsed), session_id=session_id, path=path)
        session.saved = _check_time(data.get("saved"), "saved")
        session.coached, session.shown, session.seq = coached, shown, seq
        if replay:
            session._engine = session._replay()
        else:
            session._peek(data)
        return session

    def _peek(self, data: dict[str, Any]) -> None:
        """What the menu shows of a save not replayed: its summary, as the save states it."""
        info = GAMES[self.game_id]
        summary = data.get("summary")
        progress = summary.get("progress") if isinstance(summary, dict) else None
        moves = data.get("moves")
        if type(moves) is not int or not 0 <= moves <= MAX_ACTIONS:  # (a save of version 1)
            lists = [len(v) for v in self.engine_data.values() if isinstance(v, list)]
            moves = self.position if self.position is not None else max(lists, default=0)
        self.moves = moves
        self.summary = {"game": info.title,
                        "progress": progress[:80] if isinstance(progress, str) else "",
                        "elapsed": round(self._elapsed)}

    def _replay(self, step: Step | None = None) -> Any:
        """The saved game replayed (each action through ``step``) and checked to be a game of
        its setup; sets the summary."""
        info = GAMES[self.game_id]
        try:
            full = info.restore_engine(self.engine_data, step)  # (every action, once)
            actions = len(full.actions)
            if self.position is not None and (self.position > actions
                                              or not hasattr(full, "undo")):
                raise SaveError(f"position {self.position} is past the {actions} actions")
            if not _same_setup(info.new_engine(self.setup).to_dict(), full.to_dict()):
                raise SaveError("the game does not match its setup")
            engine = self._undo_to_position(full)
        except SaveError:
            raise
        except UnknownGameError as exc:
            raise SaveError(str(exc)) from None
        except ValueError as exc:  # the engine refused the data (RulesError and family)
            raise SaveError(f"the game does not replay: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - an engine that does not meet the contract
            log.exception("replaying a save failed")
            raise SaveError(f"the game does not replay: {type(exc).__name__}") from None
        self.moves = len(engine.actions)
        self.undone = actions - self.moves
        self._run_clock()
        self.summary = {"game": info.title, "progress": info.progress(engine),
                        "elapsed": round(self._elapsed)}
        return engine


def load_current(path: Path | None = None) -> tuple[Session | None, str | None]:
    """The game in progress, replayed to check it, or None; and a sentence for the player
    when a save was found but could not be used (it is then kept aside under a new name,
    never overwritten). Tools and tests; the menu's Continue peeks (``peek_current``) and
    its table's replay is the check."""
    return _load(path or paths.current_save(), replay=True)


def peek_current(path: Path | None = None) -> tuple[Session | None, str | None]:
    """``load_current`` without replaying the game (what the menu's Continue line and the
    question before a new game need): the save's setup, progress and clock as it states
    them; ``engine()`` replays it, and finds out a save that does not replay (a SaveError:
    ``refused`` keeps it aside and words it for the player)."""
    return _load(path or paths.current_save(), replay=False)


def read_save(path: Path | None = None) -> dict[str, Any] | None:
    """The save at ``path`` as one document (its lines assembled), unchecked; None when there
    is none or it cannot be read (tests and tools)."""
    found = read_journal(path or paths.current_save(), MAX_BYTES)
    return assemble(found.records) if found.status == "ok" else None


def _load(path: Path, *, replay: bool) -> tuple[Session | None, str | None]:
    result = read_journal(path, MAX_BYTES)
    if result.status == "missing":
        return None, None
    if result.status in ("damaged", "too_large"):  # kept aside by read_json
        why = _("it was damaged") if result.status == "damaged" else _("it was too large")
        return None, _unusable(why, result.kept_aside, path)
    if result.status == "unreadable":
        if notices.file_in_the_way(path.parent) is not None:  # no save can be there at all:
            notices.post_unwritable(path.parent, _("game in progress"))  # the folder's notice
            return None, None
        why = _("it could not be read ({reason})").format(reason=result.problem)
        try:  # moved aside untouched, so that the next game's save cannot replace it
            return None, _unusable(why, keep_aside(path), path)
        except OSError:
            log.exception("could not keep the unreadable save aside")
            return None, _unusable(why, None, path)
    try:
        return Session.from_dict(assemble(result.records), path, replay=replay), None
    except SaveError as exc:
        return None, refused(path, exc)


def refused(path: Path, exc: SaveError) -> str:
    """The save at ``path`` could not be used (``exc`` says why): it is kept aside under a
    new name, never overwritten; the sentence for the player. Continue's table calls it
    when the save does not replay."""
    if isinstance(exc, FutureSaveError):
        log.warning("save %s: %s", path, exc)
        why = _("it was made by a newer version of Hanafuda Parlor")
    else:
        log.warning("save %s refused: %s", path, exc)
        why = _("it could not be replayed ({reason})").format(reason=str(exc)[:120])
    try:
        aside: Path | None = keep_aside(path)
    except OSError:
        log.exception("could not keep the save aside")
        aside = None
    return _unusable(why, aside, path)


def _unusable(why: str, aside: Path | None, path: Path) -> str:
    text = _("Your saved game ({name}) could not be continued: {why}. A new game starts "
             "fresh.").format(name=path.name, why=why)
    if aside is not None:
        text += " " + _("The file was kept as {name}.").format(name=aside.name)
    return text


def abandon_current(stats: "Statistics") -> None:
    """Count the game in progress (if any) as abandoned and remove its save."""
    session, _problem = peek_current()
    if session is not None and session.in_progress:
        session.abandon(stats)

