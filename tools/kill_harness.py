"""Kill the real program with SIGKILL in the middle of each game, then Continue: is anything
lost?

Usage::

    python -m tools.kill_harness                     # 20 kills a game, every game
    python -m tools.kill_harness --kills 4 --games koikoi yatsuhashi --seed 3

Each kill starts the program (``App.run``, its real frame loop, files and writer thread,
computer seats in their own process) in a child process over an empty user folder, at a table
of the game with the player's seat and computers; the player's seat is played by the keys a
player would press (``tools.soak_input``). After every action the child prints what the
player has seen: the session, the number of actions and a digest of them. The harness kills
it with SIGKILL, half the time at a random moment, half the time the moment the save file
changes (a line being appended) or a temporary file appears (the file being made anew: the
child makes it every 8 lines instead of 256, to meet it often). Then it starts the program
again over the same folder and presses Continue.

Counted: actions lost (the child had shown them, Continue does not have them), temporary
files left after the new start, and saves that could not be continued. A kill can come
between the line's write and the child's report: the save then holds one action more than
reported (*in flight*), which is fine.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # pragma: no cover - run as a script
    sys.path.insert(0, str(ROOT))

#: Lines between two full records in the child (the program's is 256).
CHILD_COMPACT_EVERY = 8


def digest(actions: list[Any]) -> str:
    """A short digest of a list of actions (as their notation).

    >>> digest(["turn", "turn"]) == digest(["turn", "turn"]) != digest(["turn"])
    True
    """
    return hashlib.sha1("\n".join(map(str, actions)).encode()).hexdigest()[:16]


def _environment(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(HANAFUDA_PARLOR_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("HANAFUDA_PARLOR_STRICT", None)  # the program as players run it
    return env


# ----------------------------------------------------------------------------------------------
# The child: the program at a table, the player's seat played by keys


def child(game_id: str, seed: int) -> None:  # pragma: no cover - run in a child process
    import pygame

    from game import session as session_module
    from game.app import App
    from game.catalog import GAMES
    from game.setups import default_setup
    from game.settings import Settings
    from tools.soak_input import Driver, make_event
    session_module.COMPACT_EVERY = CHILD_COMPACT_EVERY
    rng = random.Random(seed)
    settings = Settings()
    settings.animation_speed = "fast"
    app = App((1280, 800), settings=settings, strict=False)
    info = GAMES[game_id]
    setup = default_setup(game_id, seed)
    setup.seats = ["human"] + ["easy"] * (setup.players - 1)
    factory = info.table_factory()
    assert factory is not None
    table = factory(setup=setup)
    start = app.start

    def start_at_the_table(scene: Any = None) -> None:  # (App.run starts at the menu)
        start(scene)
        app.push(table)
    app.start = start_at_the_table  # type: ignore[method-assign]
    driver = Driver(rng, app)
    out = sys.stdout.buffer

    def told() -> None:
        session = table.session
        actions = [str(a) for a in table.game.actions]
        line = {"id": session.id if session is not None else None, "n": len(actions),
                "digest": digest(actions), "over": bool(getattr(table.game, "is_over", False))}
        out.write((json.dumps(line) + "\n").encode())
        out.flush()
    table.on_action.append(told)
    frames = 0

    def hook(_dt: float) -> None:
        nonlocal frames
        frames += 1
        if frames % 2 == 0 and app.stack.top is not None:
            for event in driver.guided_events():
                if event.type != pygame.QUIT:
                    pygame.event.post(make_event(event.type, **event.dict))
    app.frame_hook = hook
    app.run()


# ----------------------------------------------------------------------------------------------
# After the kill: the program again, Continue


def check(home: Path) -> dict[str, Any]:  # pragma: no cover - run in a child process
    """Start the program over ``home``; the temporary files left; press Continue."""
    from game import paths
    from game.app import App
    from game.i18n import _
    from tools.soak import _buttons
    from tools.soak_checks import tables
    from tools.soak_input import make_event
    import pygame
    app = App((1280, 800), headless=True, strict=True)
    temp = [str(p) for folder in (paths.config_dir(), paths.data_dir(), paths.saves_dir())
            if folder.is_dir() for p in folder.glob("*.tmp")]
    app.start()
    result: dict[str, Any] = {"temp": temp, "problem": None, "id": None, "n": None,
                              "digest": None}
    result["problem"] = list(app.startup_messages) or None
    button = next(iter(_buttons(app.stack.top, _("Continue"))), None)
    if button is not None:
        for kind, attrs in ((pygame.MOUSEMOTION, {"rel": (0, 0), "buttons": (0, 0, 0)}),
                            (pygame.MOUSEBUTTONDOWN, {"button": 1}),
                            (pygame.MOUSEBUTTONUP, {"button": 1})):
            app.dispatch(make_event(kind, pos=button.center, **attrs))
        app.frame(0.0)
        found = tables(app)
        if found:
            table = found[0]
            actions = [str(a) for a in table.game.actions]
            result.update(id=table.session.id if table.session else None, n=len(actions),
                          digest=digest(actions))
        else:
            result["problem"] = f"Continue opened {type(app.stack.top).__name__}"
    app.close_scenes()
    return result


# ----------------------------------------------------------------------------------------------
# The harness


@dataclass
class Tally:
    """What the kills of one game found."""

    kills: int = 0
    reported: int = 0        # actions the children had shown, in all
    lost: int = 0            # of those, missing after Continue
    in_flight: int = 0       # kills whose save held the action being reported
    temp_files: int = 0      # temporary files left after the new start
    unusable: int = 0        # saves Continue could not use
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)


def kill_once(game_id: str, seed: int, during_write: bool, tally: Tally) -> None:
    """One kill: the child plays ``game_id``, killed at a random moment or during a write;
    then Continue. The figures go to ``tally``."""
    rng = random.Random(seed)
    home = Path(tempfile.mkdtemp(prefix=f"kill-{game_id}-{seed}-"))
    started = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "tools.kill_harness", "--child", game_id,
                             "--seed", str(seed)], cwd=ROOT, env=_environment(home),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)
    lines: list[dict[str, Any]] = []

    def read() -> None:
        assert proc.stdout is not None
        for raw in proc.stdout:
            try:
                lines.append(json.loads(raw))
            except ValueError:
                pass
    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    saves = home / "data" / "saves"
    save = saves / "current.json"
    wanted = rng.randint(1, 25)  # actions shown before the kill may come
    deadline = time.monotonic() + 90
    while proc.poll() is None and len(lines) < wanted and time.monotonic() < deadline:
        time.sleep(0.005)
    if during_write:
        # The moment the save changes or a temporary file appears (polled as fast as it can).
        def size() -> int:
            try:
                return save.stat().st_size
            except OSError:
                return -1
        before, end = size(), time.monotonic() + 20
        while proc.poll() is None and time.monotonic() < end:
            if size() != before or any(saves.glob("*.tmp")):
                break
    else:
        time.sleep(rng.uniform(0.0, 1.5))
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # (its computer seats' process, if it outlived it)
    except OSError:
        pass
    reader.join(5)
    stderr = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
    tally.kills += 1
    if proc.returncode != -signal.SIGKILL:
        tally.failures.append(f"{game_id} seed {seed}: the child ended by itself "
                              f"({proc.returncode}): {stderr[-1500:]}")
    home_env = _environment(home)
    home_env["HANAFUDA_PARLOR_STRICT"] = "1"
    done = subprocess.run([sys.executable, "-m", "tools.kill_harness", "--check"], cwd=ROOT,
                          env=home_env, capture_output=True, text=True, timeout=300)
    tally.seconds += time.perf_counter() - started
    try:
        after = json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        tally.failures.append(f"{game_id} seed {seed}: the check failed: {done.stderr[-1500:]}")
        return
    tally.temp_files += len(after["temp"])
    _judge(game_id, seed, lines, after, tally)
    if not tally.failures or not tally.failures[-1].startswith(f"{game_id} seed {seed}:"):
        shutil.rmtree(home, ignore_errors=True)


def _judge(game_id: str, seed: int, lines: list[dict[str, Any]], after: dict[str, Any],
           tally: Tally) -> None:
    """Count what Continue lost of what the child reported."""
    where = f"{game_id} seed {seed}"
    if after["problem"]:
        tally.unusable += 1
        tally.failures.append(f"{where}: {after['problem']}")
    last = lines[-1] if lines else None
    tally.reported += last["n"] if last else 0
    if last is None:
        return
    if after["id"] is None:
        if not last["over"]:
            tally.lost += last["n"]
            tally.failures.append(f"{where}: no game to continue; {last['n']} actions shown")
        return
    mine = [line for line in lines if line["id"] == after["id"]]
    if not mine:  # a new game began after the last report (its first save had no action)
        if after["n"]:
            tally.failures.append(f"{where}: Continue has {after['n']} actions never shown")
        return
    if mine[-1]["digest"] == after["digest"]:
        return
    undone = len(mine) > 1 and mine[-2]["digest"] == after["digest"] \
        and after["n"] == mine[-1]["n"] - 1
    if after["n"] == mine[-1]["n"] + 1 or undone:
        tally.in_flight += 1  # the action after the last report (or an undo) was written
        return
    same = [k for k, line in enumerate(mine) if line["digest"] == after["digest"]]
    lost = len(mine) - 1 - same[-1] if same else mine[-1]["n"]
    tally.lost += lost
    tally.failures.append(f"{where}: Continue has {after['n']} actions, the child had shown "
                          f"{mine[-1]['n']} ({lost} lost)")


def run(games: list[str], kills: int, seed: int) -> dict[str, Tally]:
    found: dict[str, Tally] = {}
    for game_id in games:
        tally = found[game_id] = Tally()
        for k in range(kills):
            kill_once(game_id, seed * 1000 + k, during_write=k % 2 == 0, tally=tally)
            print(f"{game_id}: kill {k + 1}/{kills}: {tally.reported} shown, {tally.lost} lost, "
                  f"{tally.in_flight} in flight, {tally.temp_files} temporary files",
                  flush=True)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.kill_harness",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=20, help="kills a game")
    parser.add_argument("--games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", metavar="GAME", help=argparse.SUPPRESS)
    parser.add_argument("--check", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(args.child, args.seed)
        return 0
    if args.check:
        print(json.dumps(check(Path(os.environ["HANAFUDA_PARLOR_HOME"]))))
        return 0
    from game.catalog import GAMES
    games = args.games or list(GAMES)
    found = run(games, args.kills, args.seed)
    print("\ngame          kills  shown  lost  in flight  temp files  unusable  seconds")
    for game_id, t in found.items():
        print(f"{game_id:<13} {t.kills:>5} {t.reported:>6} {t.lost:>5} {t.in_flight:>10} "
              f"{t.temp_files:>11} {t.unusable:>9} {t.seconds:>8.0f}")
    failures = [f for t in found.values() for f in t.failures]
    for failure in failures:
        print("  " + failure)
    bad = sum(t.lost + t.temp_files + t.unusable for t in found.values())
    return 1 if bad else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
