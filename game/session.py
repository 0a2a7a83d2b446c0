"""Games in progress: the setup a game was started with, and its save, written after every
action so that no move is ever lost.

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
summary for the menu. It is
written atomically, by the writer thread (``storage.write_json_soon``: within a frame or so
of the action; a kill -9 in that moment loses that last action, never the game, and never
leaves a damaged save). Reading one trusts nothing in it: the game id must
be in the registry, the setup must be one the setup screen could make, the engine must replay
every action and match the setup; otherwise the file is kept aside, the player told, and play
starts fresh. Nothing in a save is ever executed: it only names actions the engine parses.

>>> import tempfile, pathlib
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
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import paths
from game.catalog import GAMES, UnknownGameError
from game.i18n import _
from game.logs import get_logger
from game.schema import Int, ListOf, MapOf, Optional, Record, Scalar, Text
from game.storage import keep_aside, read_json, write_json, write_json_soon
from game.userfile import Loaded, load

if TYPE_CHECKING:  # pragma: no cover
    from game.stats import Statistics

log = get_logger(__name__)

FORMAT = "hanafuda-parlor-save"
VERSION = 1
MAX_SEED = 999_999_999
MAX_BYTES = 1 << 20        # a long Koi-Koi match is ~10 KB
MAX_ACTIONS = 50_000  # per list of the engine data: far past any real game (a long match ~1,000)
MAX_ELAPSED = 10 * 365 * 24 * 3600.0


# ----------------------------------------------------------------------------------------------
# Setups


@dataclass
class GameSetup:
    """What the setup scene hands a game's table: who sits where, options, deal number."""

    game_id: str
    seats: list[str]  # "human" or an AI level, seat 0 first (bottom of the screen)
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 1

    @property
    def players(self) -> int:
        return len(self.seats)

    def to_dict(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "options": dict(self.options), "seed": self.seed}


def default_setup(game_id: str, seed: int | None = None) -> GameSetup:
    info = GAMES[game_id]
    level = info.default_level
    seats = ["human"] + [level] * (info.default_players - 1)
    return GameSetup(game_id, seats, info.defaults(),
                     seed if seed is not None else random.SystemRandom().randint(1, 99_999))


def watch_setup(game_id: str, seed: int | None = None) -> GameSetup:
    """The setup of a table of computers only, opened to be watched (the menu's Watch): the
    game's ``watch`` levels, its defaults with ``watch_options``, a random deal.

    >>> s = watch_setup("koikoi", 5); s.seats, s.options["match_end"], s.seed
    (['hard', 'normal'], 'rounds3', 5)
    """
    info = GAMES[game_id]
    if not info.watch:
        raise ValueError(f"{game_id} has no computer players to watch")
    setup = default_setup(game_id, seed)
    setup.seats = list(info.watch)
    setup.options.update(info.watch_options)
    return setup


class SaveError(ValueError):
    """A save (or a remembered setup) that cannot be used; the message names the bad part."""


class FutureSaveError(SaveError):
    """A save written by a newer version of the program."""


def check_setup(game_id: str, data: Any) -> GameSetup:
    """``data`` (a setup's ``to_dict()``) as a GameSetup of ``game_id``, checked as strictly
    as the setup screen builds one; SaveError names the first bad part.

    >>> check_setup("koikoi", {"seats": ["human", "easy"], "options": {}, "seed": 3}).seats
    ['human', 'easy']
    >>> check_setup("koikoi", {"seats": ["human", "rm -rf"], "options": {}, "seed": 3})
    Traceback (most recent call last):
    ...
    game.session.SaveError: seat 2: 'rm -rf' is not human or a computer level of koikoi
    """
    info = GAMES.get(game_id) if isinstance(game_id, str) else None
    if info is None:
        raise SaveError(f"unknown game id {game_id!r}")
    if not isinstance(data, dict) or set(data) != {"seats", "options", "seed"}:
        raise SaveError("setup: expected an object of seats, options and seed")
    seats, options, seed = data["seats"], data["options"], data["seed"]
    if not isinstance(seats, list) or not info.min_players <= len(seats) <= info.max_players:
        raise SaveError(f"seats: expected a list of {info.min_players}-{info.max_players} "
                        f"seats for {game_id}")
    allowed = ("human", *info.ai_levels)
    for i, seat in enumerate(seats):
        if not isinstance(seat, str) or seat not in allowed:
            raise SaveError(f"seat {i + 1}: {seat!r:.40} is not human or a computer level "
                            f"of {game_id}")
    if not isinstance(options, dict):
        raise SaveError("options: expected an object")
    for key, value in options.items():
        if info.option(key) is None:
            raise SaveError(f"option {key!r:.40} is not an option of {game_id}")
        if not info.valid_option(key, value):
            raise SaveError(f"option {key}: {value!r:.40} is not one of its choices")
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise SaveError(f"seed: expected a deal number 0-{MAX_SEED}, got {seed!r:.40}")
    # An option added since the save was written takes its default (the old behaviour).
    return GameSetup(game_id, list(seats), {**info.defaults(), **options}, seed)


# ----------------------------------------------------------------------------------------------
# Remembered setups (each game's last choices on the setup screen)


#: The version of the remembered setups file this program writes.
SETUPS_VERSION = 1
SETUPS_MAX_BYTES = 64 << 10
_SETUP_ENTRY = Record({"seats": ListOf(Text(20), 8), "options": MapOf(Scalar(), 32),
                       "seed": Optional(Int(1, MAX_SEED, 1))})
#: Every value of the remembered setups file, with its bounds (a game's entry is checked
#: again against the registry before it is used).
SETUPS_SCHEMA = Record({"version": Int(1, SETUPS_VERSION, SETUPS_VERSION),
                        **{gid: Optional(_SETUP_ENTRY) for gid in GAMES}})


def read_setups() -> Loaded:
    """The remembered setups file, checked (``game.userfile``); its notice, if any, names
    the file."""
    return load(paths.setups_file(), what=_("remembered setups"), schema=SETUPS_SCHEMA,
                version=SETUPS_VERSION, max_bytes=SETUPS_MAX_BYTES)


def remembered_setup(game_id: str, seed: int | None = None) -> GameSetup:
    """The setup screen's starting point for ``game_id``: its last choices where they are
    still valid (seats, options, and the deal number if the player typed one), else the
    defaults. ``seed`` (when given) wins over a remembered deal number."""
    setup = default_setup(game_id, seed)
    info = GAMES[game_id]
    found = read_setups()
    if found.notice:
        log.warning("remembered setups: %s", found.notice)
    entry = found.data.get(game_id)
    if entry is None:
        return setup
    seats = entry["seats"]
    allowed = ("human", *info.ai_levels)
    if (info.min_players <= len(seats) <= info.max_players
            and all(s in allowed for s in seats)):
        setup.seats = list(seats)
    for key, value in entry["options"].items():
        if info.valid_option(key, value):
            setup.options[key] = value
    if seed is None and entry["seed"] is not None:
        setup.seed = entry["seed"]
    return setup


def remember_setup(setup: GameSetup, seed_typed: bool = False) -> None:
    """Keep ``setup`` as its game's last choices (the deal number only if it was typed)."""
    found = read_setups()
    if not found.writable:
        return  # an unreadable file, or a newer version's: left as it is
    data = {k: v for k, v in found.data.items() if v is not None}
    data["version"] = SETUPS_VERSION
    entry: dict[str, Any] = {"seats": list(setup.seats), "options": dict(setup.options)}
    if seed_typed:
        entry["seed"] = setup.seed
    data[setup.game_id] = entry
    try:
        write_json(paths.setups_file(), data)
    except OSError:
        log.exception("could not remember the setup")


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
        self._elapsed = elapsed   # play time before this session object was opened
        self._opened: float | None = None  # when its clock started (the first action)

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
        old, _problem = load_current(path)
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
            self.summary["elapsed"] = round(self.elapsed)
            self._write()
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

    def engine(self) -> Any:
        """The saved game, replayed by its engine (a ValueError if it does not replay)."""
        return self._undo_to_position(GAMES[self.game_id].restore_engine(self.engine_data))

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
        self.saved = _now()
        return {"format": FORMAT, "version": VERSION, "id": self.id, "game": self.game_id,
                "setup": self.setup.to_dict(), "engine": self.engine_data,
                "position": self.position, "started": self.started, "saved": self.saved,
                "elapsed": round(self.elapsed, 1), "coached": self.coached,
                "shown": self.shown, "summary": self.summary}

    def _write(self) -> None:
        try:
            # On the writer thread: the frame of a move pays for the JSON only.
            write_json_soon(self.path, self.to_dict())
        except (TypeError, ValueError):  # (the writer thread logs a failed write)
            log.exception("could not save the game in progress")

    def _is_current(self) -> bool:
        """Is the save on disk this session's (not replaced by a newer game)?"""
        result = read_json(self.path, MAX_BYTES)
        return isinstance(result.data, dict) and result.data.get("id") == self.id

    def _remove(self) -> None:
        if self._is_current():
            try:
                self.path.unlink()
            except OSError:
                log.exception("could not remove the save")

    @classmethod
    def from_dict(cls, data: Any, path: Path | None = None) -> "Session":
        """A save read back and replayed: SaveError (naming the bad part) for anything that is
        not a save this version can continue exactly."""
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
        session = cls(setup, engine_data=engine_data, position=position,
                      started=_check_time(data.get("started"), "started"),
                      elapsed=float(elapsed), session_id=session_id, path=path)
        session.saved = _check_time(data.get("saved"), "saved")
        session.coached, session.shown = coached, shown
        session._replay()
        return session

    def _replay(self) -> None:
        """Replay the saved game and check it is a game of its setup; sets the summary."""
        info = GAMES[self.game_id]
        try:
            full = info.restore_engine(self.engine_data)
            actions = list(full.actions)  # a copy: undoing changes the engine's list
            if self.position is not None and (self.position > len(actions)
                                              or not hasattr(full, "undo")):
                raise SaveError(f"position {self.position} is past the {len(actions)} actions")
            fresh = info.new_engine(self.setup)
            for action in actions:
                fresh.apply(action)
            if _made_by_moves(fresh.to_dict()) != _made_by_moves(full.to_dict()):
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
        self.undone = len(actions) - self.moves
        self._run_clock()
        self.summary = {"game": info.title, "progress": info.progress(engine),
                        "elapsed": round(self._elapsed)}


def load_current(path: Path | None = None) -> tuple[Session | None, str | None]:
    """The game in progress, or None; and a sentence for the player when a save was found but
    could not be used (it is then kept aside under a new name, never overwritten)."""
    path = path or paths.current_save()
    result = read_json(path, MAX_BYTES)
    if result.status == "missing":
        return None, None
    if result.status in ("damaged", "too_large"):  # kept aside by read_json
        why = _("it was damaged") if result.status == "damaged" else _("it was too large")
        return None, _unusable(why, result.kept_aside, path)
    if result.status == "unreadable":
        why = _("it could not be read ({reason})").format(reason=result.problem)
        try:  # moved aside untouched, so that the next game's save cannot replace it
            return None, _unusable(why, keep_aside(path), path)
        except OSError:
            log.exception("could not keep the unreadable save aside")
            return None, _unusable(why, None, path)
    try:
        return Session.from_dict(result.data, path), None
    except FutureSaveError as exc:
        log.warning("save %s: %s", path, exc)
        why = _("it was made by a newer version of Hanafuda Parlor")
    except SaveError as exc:
        log.warning("save %s refused: %s", path, exc)
        why = _("it could not be replayed ({reason})").format(reason=str(exc)[:120])
    try:
        aside: Path | None = keep_aside(path)
    except OSError:
        log.exception("could not keep the save aside")
        aside = None
    return None, _unusable(why, aside, path)


def _unusable(why: str, aside: Path | None, path: Path) -> str:
    text = _("Your saved game ({name}) could not be continued: {why}. A new game starts "
             "fresh.").format(name=path.name, why=why)
    if aside is not None:
        text += " " + _("The file was kept as {name}.").format(name=aside.name)
    return text


def abandon_current(stats: "Statistics") -> None:
    """Count the game in progress (if any) as abandoned and remove its save."""
    session, _problem = load_current()
    if session is not None and session.in_progress:
        session.abandon(stats)

