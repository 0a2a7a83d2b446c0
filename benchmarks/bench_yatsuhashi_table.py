"""Frame time of the Yatsuhashi table while a game is played, with the solver working.

Run: ``python benchmarks/bench_yatsuhashi_table.py [--deals 3] [--size 1920x1080]``. Plays
each deal (1, 2, ...) at normal animation speed, 60 frames a second, making the rule-of-thumb
move (``useful_move``: off the solver's line, so the background solver has a new position to
decide after every move) three times a second, until no move helps or 150 moves. Prints
frame time (update + draw) p50/p95/p99/max, the same for the frames during which the solver
was working (in its child process; ``--thread`` puts it on a thread instead, to compare), and
the frames over 60 ms.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("HANAFUDA_PARLOR_HOME", tempfile.mkdtemp(prefix="parlor-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

DT = 1 / 60


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def line(name: str, ms: list[float]) -> str:
    if not ms:
        return f"{name}: no frames"
    return (f"{name}: {len(ms)} frames, p50 {percentile(ms, 50):.1f} ms, p95 "
            f"{percentile(ms, 95):.1f} ms, p99 {percentile(ms, 99):.1f} ms, max {max(ms):.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--thread", action="store_true",
                        help="run the solver on a thread of this process (for comparison)")
    args = parser.parse_args()
    w, h = (int(x) for x in args.size.split("x"))
    pygame.init()
    from game.app import App
    from game.scenes.setup import default_setup
    from game.games.yatsuhashi.table import YatsuhashiTable
    from game.settings import Settings

    if args.thread:
        from ai.background import ThreadWorker
        from game.table.scheduler import Scheduler
        Scheduler.worker_factory = ThreadWorker
    app = App((w, h), headless=True, settings=Settings(), strict=True)
    app.start()
    all_ms: list[float] = []
    busy_ms: list[float] = []
    moves = 0
    slow: list[tuple] = []

    def frame() -> None:
        busy = table.ai.busy("solver")
        t0 = time.perf_counter()
        app.frame(DT)
        ms = (time.perf_counter() - t0) * 1000
        all_ms.append(ms)
        if ms > 60:
            slow.append((round(ms), deal, moves, busy))
        if busy:
            busy_ms.append(ms)

    deal = 0
    for deal in range(1, args.deals + 1):
        table = YatsuhashiTable(setup=default_setup("yatsuhashi", deal))
        app.push(table)
        for _ in range(60):
            frame()
        for _ in range(150):
            g = table.game
            if g.is_won:
                break
            move = table.solver.thumb_move()
            if move is None:
                break
            table.play_move(move)
            moves += 1
            for _ in range(20):  # a third of a second between moves, as a quick player
                frame()
        for _ in range(120):
            frame()
        table.ai.close()
        app.stack.remove(table)
    where = "a thread" if args.thread else "a child process"
    print(f"Yatsuhashi table at {w}x{h}, {args.deals} deals, {moves} moves, solver in {where}")
    print(line("all frames", all_ms))
    print(line("frames while the solver worked", busy_ms))
    print("frames over 60 ms (ms, deal, moves made, solver working):", slow[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
