"""Title menu: frame time p50/p99 at 1920x1080 under the dummy driver, and start-up time.

    python benchmarks/bench_menu.py [--frames 600] [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("HANAFUDA_PARLOR_HOME", tempfile.mkdtemp(prefix="parlor-bench-"))


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def frame_times(frames: int) -> list[float]:
    import pygame

    from game.app import App
    from game.settings import Settings
    settings = Settings(window_size=[1920, 1080])
    app = App((1920, 1080), settings=settings)
    app.start()
    menu = app.stack.top
    targets = [w.rect.center for w in menu.focus.widgets]
    times = []
    for i in range(frames):
        # Sweep the pointer over the buttons so hover states change as a player's would.
        pos = targets[(i // 10) % len(targets)]
        app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        t0 = time.perf_counter()
        app.frame(1 / 60)
        pygame.display.flip()
        times.append(time.perf_counter() - t0)
    pygame.quit()
    return times


def startup_time() -> float:
    """Seconds from spawning ``python main.py`` to its first menu frame on screen."""
    env = dict(os.environ)
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "main.py", "--quit-after-frames", "2"], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.strip() == "first-frame":
            elapsed = time.perf_counter() - t0
            break
    else:
        raise RuntimeError("main.py ended without drawing a frame")
    proc.wait(timeout=60)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    times = frame_times(args.frames)[30:]  # skip warm-up (font and background caches)
    ms = [t * 1000 for t in times]
    print(f"menu 1920x1080 frame time over {len(ms)} frames: p50 {percentile(ms, 50):.2f} ms, "
          f"p99 {percentile(ms, 99):.2f} ms, max {max(ms):.2f} ms")
    starts = [startup_time() for _ in range(args.runs)]
    print(f"process start to first menu frame over {args.runs} runs: median "
          f"{statistics.median(starts):.2f} s, min {min(starts):.2f} s, max {max(starts):.2f} s")


if __name__ == "__main__":
    main()
