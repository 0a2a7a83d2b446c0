"""Autosave cost: what one ``Session.record`` (JSON, fsync of the file and its folder, rename)
takes after an action, and what ``load_current`` (read, check, replay twice) takes for the
menu's Continue, for a long Koi-Koi match and a long Yatsuhashi deal.

Run from anywhere: ``python benchmarks/bench_session.py [folder]`` (default: a temp folder;
pass a folder on the disk players use to measure that disk's fsync). A record happens on
the frame of the action, so its p95 is what a frame may pay; the budget is a 60 fps frame.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def _ms(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
    return f"p50 {statistics.median(values) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms"


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp())
    os.environ["HANAFUDA_PARLOR_HOME"] = str(folder)
    from game.catalog import GAMES
    from game.session import Session, default_setup, load_current

    rng = random.Random(1)
    for game_id, options, actions in (("koikoi", {"match_end": "rounds12"}, 10_000),
                                      ("yatsuhashi", {}, 400)):
        setup = default_setup(game_id, 7)
        setup.options.update(options)
        setup.seats = ["human"] + ["easy"] * (len(setup.seats) - 1)
        game = GAMES[game_id].new_engine(setup)
        session = Session.start(setup, game)
        records: list[float] = []
        for n in range(actions):
            if getattr(game, "is_over", False):
                break
            legal = game.legal_actions() if hasattr(game, "legal_actions") else game.legal_moves()
            if not legal:
                break
            game.apply(rng.choice(legal))
            if n % 10 == 9 and hasattr(game, "undo"):
                game.undo()  # a redo line to save too
            t = time.perf_counter()
            session.record(game)
            records.append(time.perf_counter() - t)
        size = session.path.stat().st_size
        loads = []
        for _ in range(5):
            t = time.perf_counter()
            again, problem = load_current()
            loads.append(time.perf_counter() - t)
            assert again is not None and problem is None, problem
        print(f"{game_id}: {len(records)} actions, save {size / 1024:.1f} KB; "
              f"record {_ms(records)}; load_current (last save) {_ms(loads)}")


if __name__ == "__main__":
    main()
