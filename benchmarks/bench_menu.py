"""Title menu: frame time at 1920x1080 as a ratio to the floor, and start-up time.

    python benchmarks/bench_menu.py [--frames 600] [--runs 5]

The figures of ``python -m benchmarks.frames menu`` and ``python -m benchmarks.startup start``
(the window opened through ``benchmarks.frames.open_app``: really 1920x1080 under the dummy
driver, whose desktop is smaller), printed as text.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    from benchmarks import frames, startup
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    m = frames.menu(args.frames)
    print(f"menu 1920x1080 frame time over {m['frames']} frames: p50 {m['p50_ms']:.2f} ms "
          f"({m['p50_x']}x the floor, {m['floor_ms']} ms), p99 {m['p99_ms']:.2f} ms "
          f"({m['p99_x']}x), max {m['max_ms']:.2f} ms")
    s = startup.start(args.runs)
    print(f"process start to first menu frame, median of {s['runs']} runs: {s['game_s']:.3f} s, "
          f"{s['x']}x a bare pygame window ({s['bare_s']:.3f} s)")


if __name__ == "__main__":
    main()
