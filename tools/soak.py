"""The random-input soak: every scene and every game, driven by random and guided input.

Usage::

    python -m tools.soak --events 20000 --seed 1          # the CI variant (tests/test_soak.py)
    python -m tools.soak --events 1000000 --seed 1        # the full run (docs/reliability.md)
    python -m tools.soak --seed 1 --episode 37            # replay one failing episode
    python -m tools.soak --kills 20 --seed 1              # kill -9 and restart, Continue

The soak plays *episodes*. Each one starts a fresh headless app in strict mode (a scene error
raises instead of showing the crash dialog) over an empty user folder, goes from the menu to
one destination (a game with random seats, options and deal number; settings; statistics; the
card gallery) and then sends random input: mouse motion, clicks, drags and the wheel (half of
them aimed at a widget or a card), keys (arrows, Enter, Space, Esc, Tab, Ctrl+Z/Y, H, F2, F11,
digits, letters), text input, focus and minimise events and resizes from 100x100 to
3000x2000, with frames of explicit, random ``dt`` between them; and *guided* input, the keys
that make progress on the scene on top, so that games are played to their end. Now and then
it leaves a game for the menu and continues it.

After every step it checks the invariants (``check``): the scene stack is sane, every card of
the game on top is in exactly one place, the save on disk holds every action the engine has
taken (zero lost), and once the table has settled every card is drawn where the table places
it. A failure prints the seed and the episode, which replay it exactly (``--episode``).

``--kills N`` runs N episodes in a child process, kills it with SIGKILL at a random moment and
starts the app again over the same folder: Continue must resume with every action the child
had reported saved.

Each episode is a function of ``(seed, episode)``: the computer seats and the solver answer
before their call returns, and new deals come from the seed (``deterministic``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # pragma: no cover - run as a script
    sys.path.insert(0, str(ROOT))

from game.catalog import GAMES  # noqa: E402
# Imported before any episode: ``secrets`` (saves' ids) takes the system's generator at its
# import, and the episodes' exact replays replace ``random.SystemRandom`` for a while.
import secrets  # noqa: E402,F401
import game.session  # noqa: E402,F401
from game.app import MAX_DT  # noqa: E402
from tools.soak_checks import InvariantError, LostActions, check, tables  # noqa: E402
from tools.soak_input import DTS, Driver, deterministic, key_events, make_event  # noqa: E402

#: The share of frames drawn (all of them update).
DRAWN = 1 / 3

#: Where an episode goes after the menu, and how often (games most).
DESTINATIONS = {**{gid: 6 for gid in GAMES}, "settings": 1, "statistics": 1, "gallery": 1,
                "menu": 1}



@dataclass
class Report:
    """What a soak run did and found."""

    events: int = 0
    frames: int = 0
    drawn: int = 0
    episodes: int = 0
    actions: int = 0
    games_finished: Counter[str] = field(default_factory=Counter)
    destinations: Counter[str] = field(default_factory=Counter)
    scenes: Counter[str] = field(default_factory=Counter)
    continues: int = 0
    resizes: int = 0
    kills: int = 0
    exceptions: int = 0
    invariant_breaks: int = 0
    lost_actions: int = 0
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return not (self.exceptions or self.invariant_breaks or self.lost_actions)

    def add(self, other: "Report") -> None:
        for name in ("events", "frames", "drawn", "episodes", "actions", "continues", "resizes",
                     "kills",
                     "seconds", "exceptions", "invariant_breaks", "lost_actions"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.games_finished.update(other.games_finished)
        self.destinations.update(other.destinations)
        self.scenes.update(other.scenes)
        self.failures += other.failures

    def summary(self) -> str:
        games = ", ".join(f"{g} {n}" for g, n in sorted(self.games_finished.items())) or "none"
        return (f"{self.events:,} events, {self.frames:,} frames ({self.drawn:,} drawn), "
                f"{self.episodes} episodes, "
                f"{self.actions:,} game actions, games finished: {games}; "
                f"{len(self.scenes)} kinds of scene; {self.continues} continues, "
                f"{self.kills} kills; {self.exceptions} exceptions, "
                f"{self.invariant_breaks} invariant breaks, {self.lost_actions} lost actions; "
                f"{self.seconds:.0f} s, peak memory {peak_mb():.0f} MB")


def peak_mb() -> float:
    """This process's peak resident memory in MB (Linux and macOS; 0 elsewhere)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return 0.0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1 << 20) if sys.platform == "darwin" else peak / 1024


# ----------------------------------------------------------------------------------------------
# Episodes


def episode_seed(seed: int, episode: int) -> int:
    return seed * 1_000_003 + episode


@dataclass
class Episode:
    """One episode: a fresh app over a fresh user folder, to one destination."""

    seed: int
    number: int
    events: int
    home: Path
    report: Report = field(default_factory=Report)
    on_action: Callable[[Any], None] | None = None   # kill mode: told after every action
    destination: str = ""   # "": chosen at random (games most often)
    #: A real (dummy-driver) window, each resize a new display mode as a player's is
    #: (``benchmarks.memory``), rather than an off-screen surface.
    window = False

    def __post_init__(self) -> None:
        self.rng = random.Random(episode_seed(self.seed, self.number))
        choice = self.rng.choices(list(DESTINATIONS), list(DESTINATIONS.values()))[0]
        self.destination = self.destination or choice
        self.report.destinations[self.destination] += 1
        self.finished: set[int] = set()      # the tables whose game ended (counted once)
        self.counts: dict[int, int] = {}     # table -> actions seen

    # The app ------------------------------------------------------------------------------
    def open_app(self) -> Any:
        from game.app import App
        from game.settings import Settings
        os.environ["HANAFUDA_PARLOR_HOME"] = str(self.home)
        settings = Settings()
        settings.animation_speed = self.rng.choice(["off", "fast", "fast", "normal"])
        app = App((1280, 800), headless=not self.window, settings=settings, strict=True)
        app.start()
        return app

    def close_app(self, app: Any) -> None:
        """Leave as the window's close button does: every scene's exit, then the files."""
        app.close_scenes()
        app.save_settings()
        app.stats.save()

    # Steps ----------------------------------------------------------------------------------
    def send(self, app: Any, events: list[pygame.event.Event]) -> None:
        for e in events:
            if e.type == pygame.QUIT:
                continue
            if e.type == pygame.VIDEORESIZE:
                self.report.resizes += 1
                if self.window and not app.settings.fullscreen:
                    pygame.display.set_mode((e.w, e.h), pygame.RESIZABLE)
            app.dispatch(e)
            self.report.events += 1
            if not len(app.stack):  # the menu's Quit: start again, as a player would
                app.start()
        self.after_step(app)

    def frame(self, app: Any, dt: float | None = None) -> None:
        """A frame of ``dt`` (random if None). One in three is drawn, as the window would; the
        others only update, which is where state changes (drawing changes nothing) and which
        lets a run send three times the input in the same time."""
        dt = self.rng.choice(DTS) if dt is None else dt
        if self.rng.random() < DRAWN:
            app.frame(dt)
            self.report.drawn += 1
        else:
            top = app.stack.top
            if top is not None:
                app.guard(lambda: top.update(min(dt, MAX_DT)), top)
        self.report.frames += 1
        self.after_step(app)

    def after_step(self, app: Any) -> None:
        top = app.stack.top
        self.report.scenes[getattr(top, "name", "?")] += 1
        for table in tables(app):
            g = table.game
            if (g.is_over or getattr(g, "is_stuck", False)) and id(g) not in self.finished:
                self.finished.add(id(g))   # Yatsuhashi: a deal won, or stuck (lost)
                self.report.games_finished[table.name] += 1
            n = len(table.game.actions)
            if n != self.counts.get(id(table)):
                self.counts[id(table)] = n
                self.report.actions += 1
                if self.on_action is not None:
                    self.on_action(table)
        check(app)

    # Navigation -----------------------------------------------------------------------------
    def press(self, app: Any, text: str) -> bool:
        for r in _buttons(app.stack.top, text):
            self.send(app, [make_event(pygame.MOUSEMOTION, pos=r.center, rel=(0, 0),
                                   buttons=(0, 0, 0)),
                            make_event(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1),
                            make_event(pygame.MOUSEBUTTONUP, pos=r.center, button=1)])
            return True
        return False

    def go(self, app: Any) -> None:
        """From the menu to the destination, as a player goes."""
        from game.i18n import _
        d = self.destination
        if d == "menu":
            return
        if d in GAMES:
            self.press(app, GAMES[d].title)
            self.frame(app, 0.0)
            setup = app.stack.top
            if getattr(setup, "name", "") != "setup" or setup.info.id != d:
                return  # the menu was not on top (a dialog): the player plays where they are
            self.randomize_setup(setup)
            self.press(app, _("Start"))
            if getattr(app.stack.top, "name", "") == "dialog":  # a game over a saved one
                self.send(app, key_events(pygame.K_RETURN))
        else:
            self.press(app, {"settings": _("Settings"), "statistics": _("Statistics"),
                             "gallery": _("Card gallery")}[d])
        self.frame(app, 0.0)

    def random_setup(self, setup: Any) -> None:
        """Random seats (mostly one human; now and then none, or two taking turns), options
        and deal number for ``setup`` (a ``GameSetup`` of the destination)."""
        rng, info = self.rng, GAMES[self.destination]
        n = rng.randint(info.min_players, info.max_players)
        levels = list(info.ai_levels) or ["human"]
        seats = [rng.choice(levels) for _ in range(n)]
        humans = rng.choices([0, 1, 2], [1, 8, 1])[0] if info.ai_levels else 1
        for i in rng.sample(range(n), min(humans, n)):
            seats[i] = "human"
        setup.seats = seats
        for opt in info.options:
            if rng.random() < 0.5:
                setup.options[opt.key] = rng.choice(opt.choices)[0]
        setup.seed = rng.randint(1, 99_999)

    def randomize_setup(self, scene: Any) -> None:
        self.random_setup(scene.setup)
        scene.rebuild()

    def go_late(self, app: Any) -> None:
        """A game near its end, saved, and Continue from the menu: the guided play then
        finishes it (a whole Hana-awase match is twelve deals). The position is a random line
        played to the end on another engine (or 5,000 actions: a random Yatsuhashi line can
        turn the stock for ever, and no player's game is longer), less its last 10-60."""
        from game.i18n import _
        from game.scenes.menu import MenuScene
        from game.session import Session
        from game.setups import default_setup
        rng, info = self.rng, GAMES[self.destination]
        setup = default_setup(self.destination, seed=1)
        self.random_setup(setup)
        game, end = info.new_engine(setup), info.new_engine(setup)
        line: list[Any] = []
        while not (end.is_over or getattr(end, "is_stuck", False)) and len(line) < 5_000:
            line.append(rng.choice(end.legal_actions()))
            end.apply(line[-1])
        for action in line[:max(0, len(line) - rng.randint(10, 60))]:
            game.apply(action)
        Session.start(setup, game, stats=app.stats).leave()
        app.stack.reset(MenuScene())
        self.press(app, _("Continue"))
        self.frame(app, 0.0)

    def leave_and_continue(self, app: Any) -> None:
        """Back to the menu (the table leaves its game) and Continue: the same game, every
        action in place."""
        from game.i18n import _
        from game.scenes.menu import MenuScene
        table = next(iter(tables(app)), None)
        if table is None or table.session is None or table.session.closed:
            return
        before = [str(a) for a in table.game.actions]
        name = table.name
        app.stack.reset(MenuScene())
        self.frame(app, 0.0)
        if not before:
            return
        if not self.press(app, _("Continue")):
            raise LostActions(f"{name}: left with {len(before)} actions, no Continue offered")
        self.frame(app, 0.0)
        again = next(iter(tables(app)), None)
        after = [] if again is None else [str(a) for a in again.game.actions]
        if after[:len(before)] != before:  # a computer seat may have played on since
            raise LostActions(f"{name}: left with {len(before)} actions, continued with "
                              f"{len(after)}")
        self.report.continues += 1

    # The episode ----------------------------------------------------------------------------
    def run(self) -> Report:
        start = time.perf_counter()
        home = os.environ.get("HANAFUDA_PARLOR_HOME")
        with deterministic(episode_seed(self.seed, self.number)):
            self._run(start, home)
        return self.report

    def _run(self, start: float, home: str | None) -> None:
        app = self.open_app()
        try:
            check(app)
            self.share = self.rng.choice([0.3, 0.6, 0.9, 0.97])  # guided input at a table
            self.finishing = self.share > 0.95 and self.destination in GAMES
            if self.finishing and self.rng.random() < 0.7:
                self.go_late(app)
            else:
                self.go(app)
            self.play(app)
            self.close_app(app)
        finally:
            _restore_home(home)
            self.report.episodes += 1
            self.report.seconds += time.perf_counter() - start

    def play(self, app: Any) -> None:
        rng, driver, share = self.rng, Driver(self.rng, app), self.share
        budget = self.events
        if self.finishing:  # play the game to its end: up to four times as long
            budget = self.events * 4
        while self.report.events < budget:
            if budget > self.events and self.finished and self.report.events >= self.events:
                break
            top = app.stack.top
            in_game = bool(tables(app))
            guided = rng.random() < (share if in_game else 0.3)
            self.send(app, driver.guided_events() if guided else driver.random_events())
            if self.finishing:
                self.frame(app, 0.1)   # the animations run on: the computers take turns
            elif rng.random() < 0.5:
                self.frame(app)
            if in_game and rng.random() < 0.002:
                self.leave_and_continue(app)
            if top is not app.stack.top and not tables(app) and rng.random() < 0.3:
                self.go(app)  # back at the menu: off to the destination again


def _restore_home(home: str | None) -> None:
    if home is None:
        os.environ.pop("HANAFUDA_PARLOR_HOME", None)
    else:
        os.environ["HANAFUDA_PARLOR_HOME"] = home


def _buttons(scene: Any, text: str) -> Iterator[pygame.Rect]:
    stack = list(getattr(scene, "widgets", []))
    while stack:
        w = stack.pop(0)
        stack.extend(getattr(w, "children", []))
        if getattr(w, "text", None) == text and getattr(w, "enabled", True):
            yield w.rect


# ----------------------------------------------------------------------------------------------
# Runs


def run_episode(seed: int, number: int, events: int, keep: bool = False,
                destination: str | None = None) -> Report:
    """One episode in this process; a failure is counted and described, never raised."""
    home = Path(tempfile.mkdtemp(prefix=f"soak-{seed}-{number}-"))
    episode = Episode(seed, number, events, home, destination=destination or "")
    failed = False
    try:
        episode.run()
    except LostActions as exc:
        failed = True
        episode.report.lost_actions += 1
        episode.report.failures.append(_failure(seed, number, episode, exc))
    except InvariantError as exc:
        failed = True
        episode.report.invariant_breaks += 1
        episode.report.failures.append(_failure(seed, number, episode, exc))
    except Exception as exc:  # noqa: BLE001 - every exception is a finding
        failed = True
        episode.report.exceptions += 1
        episode.report.failures.append(_failure(seed, number, episode, exc))
    if not (failed or keep):
        shutil.rmtree(home, ignore_errors=True)
    return episode.report


def _failure(seed: int, number: int, episode: Episode, exc: BaseException) -> str:
    return (f"seed {seed} episode {number} ({episode.destination}) after "
            f"{episode.report.events} events: {type(exc).__name__}: {exc}\n"
            f"  replay: python -m tools.soak --seed {seed} --episode {number} "
            f"--episode-events {episode.events} --to {episode.destination}\n"
            f"  folder: {episode.home}\n"
            + "".join(traceback.format_exception(exc)[-6:]))


def soak(events: int, seed: int, per_episode: tuple[int, int] = (300, 3000),
         progress: Callable[[Report], None] | None = None,
         destinations: tuple[str, ...] | None = None) -> Report:
    """Episodes until ``events`` input events have been sent: each to a destination chosen
    at random, or to each of ``destinations`` in turn."""
    total = Report()
    rng = random.Random(seed)
    number = 0
    while total.events < events or (destinations and number < len(destinations)):
        n = min(rng.randint(*per_episode), max(per_episode[0], events - total.events))
        to = destinations[number % len(destinations)] if destinations else None
        total.add(run_episode(seed, number, n, destination=to))
        number += 1
        if progress is not None:
            progress(total)
    return total


# ----------------------------------------------------------------------------------------------
# Kill -9 and restart


def _child(seed: int, number: int, events: int, home: Path) -> None:  # pragma: no cover
    """The kill mode's child: an episode that reports the actions of its table after each,
    once its save is written (the writer thread may still hold the last; a kill in that
    moment may lose that one move, and the test is of moves reported saved)."""
    from game.storage import flush_writes

    def told(table: Any) -> None:
        if table.session is not None:
            flush_writes(table.session.path)
        print(json.dumps({"id": table.session.id if table.session else None,
                          "actions": [str(a) for a in table.game.actions]}), flush=True)
    game = random.Random(episode_seed(seed, number)).choice(list(GAMES))
    episode = Episode(seed, number, events, home, on_action=told, destination=game)
    episode.run()


def kill_and_continue(seed: int, number: int, events: int = 4000) -> Report:
    """Run an episode in a child, kill it (SIGKILL) at a random moment, then open the app on
    its folder: Continue must resume with every action the child reported."""
    import signal
    import threading
    report = Report(kills=1, episodes=1)
    rng = random.Random(episode_seed(seed, number) ^ 0x4B1)
    home = Path(tempfile.mkdtemp(prefix=f"soak-kill-{seed}-{number}-"))
    cmd = [sys.executable, "-m", "tools.soak", "--child", "--seed", str(seed), "--episode",
           str(number), "--episode-events", str(events), "--home", str(home)]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(proc.stdout or []), daemon=True)
    reader.start()
    start = time.perf_counter()
    wanted = rng.randint(1, 60)    # kill after this many reported actions ...
    limit = rng.uniform(1.0, 8.0)  # ... or this many seconds, whichever first
    while proc.poll() is None and len(lines) < wanted and time.perf_counter() - start < limit:
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    reader.join(2)
    report.seconds = time.perf_counter() - start
    stderr = proc.stderr.read() if proc.stderr else ""
    if proc.returncode not in (-signal.SIGKILL, 0):
        report.exceptions += 1
        report.failures.append(f"kill seed {seed} episode {number}: the child failed "
                               f"({proc.returncode}):\n{stderr[-2000:]}")
        return report
    reported = [json.loads(line) for line in lines if line.startswith("{")]
    report.actions = len(reported)
    try:
        _continue_after_kill(home, reported[-1] if reported else None, report)
    except Exception as exc:  # noqa: BLE001
        report.exceptions += 1
        report.failures.append(f"kill seed {seed} episode {number}: {exc!r}\n"
                               + traceback.format_exc()[-1500:])
    else:
        shutil.rmtree(home, ignore_errors=True)
    return report


def _continue_after_kill(home: Path, last: dict[str, Any] | None, report: Report) -> None:
    from game.session import load_current
    old_home = os.environ.get("HANAFUDA_PARLOR_HOME")
    os.environ["HANAFUDA_PARLOR_HOME"] = str(home)
    try:
        _continue_in(home, last, report, load_current())
    finally:
        _restore_home(old_home)


def _continue_in(home: Path, last: dict[str, Any] | None, report: Report,
                 found: tuple[Any, str | None]) -> None:
    from game.i18n import _
    session, problem = found
    if problem:
        report.lost_actions += 1
        report.failures.append(f"after the kill the save could not be used: {problem}")
        return
    if last is None or not last["actions"]:
        return  # nothing was played before the kill
    if session is None:
        # The last action reported may have ended the game (its save is gone): fine only then.
        report.failures.append("note: no save after the kill (the game had ended)")
        return
    episode = Episode(0, 0, 0, home)
    app = episode.open_app()
    try:
        if not episode.press(app, _("Continue")):
            raise LostActions("no Continue after the kill")
        episode.frame(app, 0.0)
        table = next(iter(tables(app)), None)
        resumed = [] if table is None else [str(a) for a in table.game.actions]
        if resumed[:len(last["actions"])] != last["actions"]:
            report.lost_actions += 1
            report.failures.append(f"Continue resumed {len(resumed)} actions; the killed "
                                   f"program had reported {len(last['actions'])}")
        report.continues += 1
        check(app)
    finally:
        episode.close_app(app)


# ----------------------------------------------------------------------------------------------
# Command line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.soak", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("--events", type=int, default=20_000, help="input events in all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--episode", type=int, help="replay this episode only")
    parser.add_argument("--episode-events", type=int, default=3000,
                        help="events of the episode replayed with --episode")
    parser.add_argument("--to", choices=list(DESTINATIONS),
                        help="the destination of the episode replayed with --episode")
    parser.add_argument("--kills", type=int, default=0, help="kill -9 and restart this often")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--home", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    pygame.init()
    if args.child:  # pragma: no cover - the kill mode's child
        _child(args.seed, args.episode, args.episode_events, args.home)
        return 0
    if args.episode is not None:
        report = run_episode(args.seed, args.episode, args.episode_events, keep=True,
                             destination=args.to)
    elif args.kills:
        report = Report()
        for k in range(args.kills):
            report.add(kill_and_continue(args.seed, k))
    else:
        last = [time.perf_counter()]
        shown = [0]

        def progress(r: Report) -> None:
            for failure in r.failures[shown[0]:]:  # at once: a long run may be stopped
                print(failure, flush=True)
            shown[0] = len(r.failures)
            if time.perf_counter() - last[0] > 30:
                last[0] = time.perf_counter()
                print(f"... {r.events:,} events, {r.episodes} episodes, "
                      f"{r.exceptions + r.invariant_breaks + r.lost_actions} failures",
                      flush=True)
        report = soak(args.events, args.seed, progress=progress)
    if args.kills or args.episode is not None:
        for failure in report.failures:
            print(failure)
    print(report.summary())
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
