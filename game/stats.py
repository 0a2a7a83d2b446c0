"""Statistics: every game reports its finished games here; persisted as JSON.

Per game, and per opponent level within it: played, won, lost, drawn, abandoned, current and
best win streak, best results (each with its own direction: highest score, fewest moves...),
and how many of the games played were *coached* (the coach was asked at least once; a file
written before the coach has none: 0).

A game is *abandoned* when a new game is started over it while it was saved in progress
(``game.session``). That is not a loss: it is not among the games played and leaves the win
rate alone, but it ends a run of wins (a streak counts games won one after another).

>>> s = Statistics()
>>> s.record("koikoi", "win", level="normal", results={"points": 12})
>>> s.summary("koikoi").played, s.summary("koikoi").win_rate
(1, 1.0)
>>> s.abandon("koikoi", level="normal")
>>> t = s.summary("koikoi"); t.played, t.abandoned, t.win_rate, t.streak, t.best_streak
(1, 1, 1.0, 0, 1)
>>> s.record("koikoi", "loss", level="normal", coached=True)
>>> s.summary("koikoi").coached, s.summary("koikoi").played, s.levels("koikoi")["normal"].coached
(1, 2, 1)
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Mapping

import logging

from game import notices, paths
from game.i18n import _
from game.schema import Float, Int, ListOf, MapOf, Record, Text
from game.storage import write_json
from game.userfile import load

log = logging.getLogger(__name__)

#: The version of the statistics file this program writes.
VERSION = 1
#: Far more than a lifetime of play (five games, a few levels: a few kilobytes).
MAX_BYTES = 1 << 20

OUTCOMES = ("win", "loss", "draw")


class UnknownOutcomeError(ValueError):
    def __init__(self, outcome: str) -> None:
        super().__init__(f"unknown outcome {outcome!r}; expected one of {OUTCOMES}")


@dataclass
class Tally:
    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    abandoned: int = 0  # started over while saved in progress: not played, not lost
    streak: int = 0  # current run of wins
    best_streak: int = 0
    best: dict[str, float] = field(default_factory=dict)
    coached: int = 0  # games played with the coach asked at least once (among ``played``)

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None

    def add(self, outcome: str, results: Mapping[str, float], lower_is_better: set[str],
            coached: bool = False) -> None:
        self.played += 1
        self.coached += bool(coached)
        if outcome == "win":
            self.won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
            if outcome == "loss":
                self.lost += 1
            else:
                self.drawn += 1
        for key, value in results.items():
            old = self.best.get(key)
            if old is None:
                self.best[key] = value
            elif key in lower_is_better:
                self.best[key] = min(old, value)
            else:
                self.best[key] = max(old, value)

    @classmethod
    def from_dict(cls, data: Any) -> "Tally":
        """A tally from a checked record (``TALLY``)."""
        t = cls(best=dict(data["best"]))
        for name in ("played", "won", "lost", "drawn", "abandoned", "streak", "best_streak",
                     "coached"):
            setattr(t, name, data[name])
        return t


#: Best results that only a number above 0 can be (a won game takes time, moves, rounds).
POSITIVE_RESULTS = ("time", "moves", "match_rounds")


def _fix_tally(t: dict[str, Any]) -> list[str]:
    """A tally's counts must agree: every game played was won, lost or drawn, a run of wins
    is no longer than the best run, which is no longer than the wins, and the coached games
    are among those played; a best time, fewest moves or rounds is above 0.

    >>> t = {"played": 1, "won": 1, "lost": 0, "drawn": 0, "streak": 1, "best_streak": 1,
    ...      "coached": 0, "best": {"time": -3600, "moves": 0, "points": -2}}
    >>> _fix_tally(t), t["best"]
    (['best time -3600 is not above 0', 'best moves 0 is not above 0'], {'points': -2})
    """
    problems = []
    for key in POSITIVE_RESULTS:
        if key in t["best"] and t["best"][key] <= 0:
            problems.append(f"best {key} {t['best'][key]:g} is not above 0")
            del t["best"][key]
    outcomes = t["won"] + t["lost"] + t["drawn"]
    if t["played"] != outcomes:
        problems.append(f"played {t['played']} is not won + lost + drawn ({outcomes})")
        t["played"] = outcomes
    if t["best_streak"] > t["won"]:
        problems.append(f"best streak {t['best_streak']} is over {t['won']} won")
        t["best_streak"] = t["won"]
    if t["streak"] > t["best_streak"]:
        problems.append(f"streak {t['streak']} is over the best {t['best_streak']}")
        t["streak"] = t["best_streak"]
    if t["coached"] > t["played"]:
        problems.append(f"coached {t['coached']} is over {t['played']} played")
        t["coached"] = t["played"]
    return problems


_COUNT = Int(0, 10**9, 0)
TALLY = Record({"played": _COUNT, "won": _COUNT, "lost": _COUNT, "drawn": _COUNT,
                "abandoned": _COUNT, "streak": _COUNT, "best_streak": _COUNT,
                "best": MapOf(Float(-1e12, 1e12, 0), 32), "coached": _COUNT}, fix=_fix_tally)
#: Every value of the statistics file, with its bounds.
SCHEMA = Record({
    "version": Int(1, VERSION, VERSION),
    "games": MapOf(Record({"total": TALLY, "by_level": MapOf(TALLY, 16),
                           "lower_is_better": ListOf(Text(40), 32)}), 64),
})


@dataclass
class GameStats:
    total: Tally = field(default_factory=Tally)
    by_level: dict[str, Tally] = field(default_factory=dict)
    lower_is_better: list[str] = field(default_factory=list)


class Statistics:
    """The store. ``record`` updates memory; ``save`` writes the file."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.games: dict[str, GameStats] = {}
        self.problem: str | None = None
        self.writable = True  # False: the file on disk was unreadable, or a newer version's

    @classmethod
    def load(cls, path: Path | None = None) -> "Statistics":
        """The statistics on disk (``game.userfile``: a file that cannot be used as it was
        gives a notice in ``problem``, and is kept; an unreadable one or a newer version's
        is never written by this run)."""
        path = path or paths.stats_file()
        store = cls(path)
        found = load(path, what=_("statistics"), schema=SCHEMA, version=VERSION,
                     max_bytes=MAX_BYTES)
        store.problem, store.writable = found.notice, found.writable
        for game, entry in found.data["games"].items():
            store.games[game] = GameStats(
                total=Tally.from_dict(entry["total"]),
                by_level={k: Tally.from_dict(v) for k, v in entry["by_level"].items()},
                lower_is_better=list(entry["lower_is_better"]))
        return store

    def record(
        self,
        game: str,
        outcome: str,
        level: str | None = None,
        results: Mapping[str, float] | None = None,
        lower_is_better: tuple[str, ...] = (),
        coached: bool = False,
    ) -> None:
        """Add one finished game. ``level`` is the opponents' level ("easy", "normal", ...);
        ``coached``: the coach was asked in it."""
        if outcome not in OUTCOMES:
            raise UnknownOutcomeError(outcome)
        gs = self.games.setdefault(game, GameStats())
        for key in lower_is_better:
            if key not in gs.lower_is_better:
                gs.lower_is_better.append(key)
        lib = set(gs.lower_is_better)
        gs.total.add(outcome, results or {}, lib, coached)
        if level:
            gs.by_level.setdefault(level, Tally()).add(outcome, results or {}, lib, coached)

    def abandon(self, game: str, level: str | None = None) -> None:
        """Count one game of ``game`` abandoned (a new game was started over its save)."""
        gs = self.games.setdefault(game, GameStats())
        for tally in (gs.total, gs.by_level.setdefault(level, Tally()) if level else None):
            if tally is not None:
                tally.abandoned += 1
                tally.streak = 0

    def summary(self, game: str) -> Tally:
        return self.games[game].total if game in self.games else Tally()

    def levels(self, game: str) -> dict[str, Tally]:
        return dict(self.games[game].by_level) if game in self.games else {}

    @property
    def empty(self) -> bool:
        return not any(gs.total.played or gs.total.abandoned for gs in self.games.values())

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "games": {
            g: {"total": asdict(gs.total),
                "by_level": {k: asdict(v) for k, v in gs.by_level.items()},
                "lower_is_better": list(gs.lower_is_better)}
            for g, gs in self.games.items()}}

    def save(self) -> bool:
        """Write the file (never over one this run could not read, or a newer version's);
        False if it was not written. A write that fails is logged and told to the player
        once (``notices.post_unwritable``), and play goes on.

        >>> import tempfile, pathlib
        >>> blocked = pathlib.Path(tempfile.mkdtemp()) / "data"
        >>> _ = blocked.write_text("")                  # a file where the folder should be
        >>> saved = Statistics(blocked / "statistics.json").save()
        >>> saved, any(str(blocked) in m for m in notices.drain())
        (False, True)
        """
        if not self.writable:
            log.info("statistics not saved: the file on disk is kept as it is")
            return False
        path = self.path or paths.stats_file()
        try:
            write_json(path, self.to_dict())
        except OSError as exc:
            log.exception("could not save statistics")
            notices.post_unwritable(path.parent, _("statistics"), exc)
            return False
        return True
