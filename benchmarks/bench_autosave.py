"""Autosave cost: the time ``Session.record`` takes after each action (the save is written,
flushed to the disk and renamed into place on the frame that applied the action), and the time
Continue takes to read a save and replay its game.

Saves go to a temporary folder on the same disk as the user's folders would be (``--where``).

    python benchmarks/bench_autosave.py [--actions 300] [--where DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.catalog import GAMES  # noqa: E402
from game.session import Session, default_setup, load_current  # noqa: E402


def measure(game_id: str, actions: int, path: Path) -> tuple[list[float], float, int]:
    """Seconds per ``record`` over ``actions`` actions (new games as needed; always the first
    legal action), then the seconds to load and replay the last save, and its action count."""
    times: list[float] = []
    seed = 1
    while len(times) < actions:
        setup = default_setup(game_id, seed)
        engine = GAMES[game_id].new_engine(setup)
        session = Session.start(setup, engine, path=path)
        while not engine.is_over and len(times) < actions:
            legal = engine.legal_actions()
            if not legal:
                break
            engine.apply(legal[0])
            t0 = time.perf_counter()
            session.record(engine)
            times.append(time.perf_counter() - t0)
        seed += 1
    t0 = time.perf_counter()
    saved, _problem = load_current(path)
    assert saved is not None
    replayed = saved.engine()
    load = time.perf_counter() - t0
    return times, load, len(replayed.actions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--where", default=str(Path.home()),
                        help="a folder on the disk to measure (default: the home folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.where) as tmp:
        for game_id in ("koikoi", "yatsuhashi"):
            times, load, n = measure(game_id, args.actions, Path(tmp) / f"{game_id}.json")
            ms = sorted(t * 1000 for t in times)
            print(f"{game_id:10s} record p50 {statistics.median(ms):.2f} ms  "
                  f"p95 {ms[int(len(ms) * 0.95)]:.2f} ms  max {ms[-1]:.2f} ms  "
                  f"| Continue (read + replay {n} actions) {load * 1000:.1f} ms")
    print(f"(fsync on {os.uname().sysname}; {len(times)} actions per game)")


if __name__ == "__main__":
    main()
