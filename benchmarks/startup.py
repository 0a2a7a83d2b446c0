"""Start-up time of the program beside its floor measured in the same run.

* ``start``: seconds from spawning ``python main.py`` to its first menu frame on screen,
  against a bare pygame window (import pygame, open a window, fill, flip) spawned the same way;
  ``--runs`` of each, taken in pairs (bare, then game) after one run of each to compile and
  cache files: the median of the pairs' ratios (and the medians of each).

Memory is ``benchmarks/memory.py``'s (each peak in a fresh process, and real resizes: this
module's old step called ``app.resize`` without a new display mode, so it measured none).

Run: ``python -m benchmarks.startup start``; ``python -m benchmarks`` runs it with the others.
The last line is ``RESULT {json}``.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BARE = ("import pygame, time; pygame.display.init(); s = pygame.display.set_mode((1280, 800)); "
        "s.fill((20, 60, 40)); pygame.display.flip(); "
        "print('first-frame', time.process_time(), flush=True)")


#: The user folders of the starts: one for the whole run, so that every start after the
#: first finds the settings and statistics the one before wrote, as a returning player's does.
_USER = Path(tempfile.mkdtemp(prefix="parlor-bench-"))


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # compiled files, as an installed program has
    env["HANAFUDA_PARLOR_QUIT_AFTER_FRAMES"] = "2"  # main.py: report the first frame, quit
    # The platform's user folders (platformdirs), moved to a temporary folder: the program
    # finds them as it does on a player's machine (HANAFUDA_PARLOR_HOME would skip that).
    env.pop("HANAFUDA_PARLOR_HOME", None)
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[var] = str(_USER / var.lower())
    return env


def time_to_first_frame(argv: list[str]) -> tuple[float, float]:
    """Seconds from spawning ``argv`` to its line "first-frame CPU", and that CPU: the
    seconds of processor time the program had used by then (its own figure, what the load
    of the machine, which makes the wall time vary by a third from run to run, hardly
    changes)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=ROOT, env=_env(), stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("first-frame"):
            elapsed = time.perf_counter() - t0
            cpu = float(line.split()[1])
            break
    else:
        raise RuntimeError(f"{argv} ended without drawing a frame")
    proc.wait(timeout=60)
    return elapsed, cpu


def start(runs: int) -> dict[str, Any]:
    bare = [sys.executable, "-c", BARE]
    game = [sys.executable, "main.py"]  # HANAFUDA_PARLOR_QUIT_AFTER_FRAMES set in _env()
    for argv in (bare, game):
        time_to_first_frame(argv)  # compiled files written, disk cache warm
    # Taken in turns, so that the machine's load, which drifts, weighs on both alike.
    bs, gs = [], []
    for _ in range(runs):
        bs.append(time_to_first_frame(bare))
        gs.append(time_to_first_frame(game))
    # Each game's start over the bare start just before it, the median of those: the
    # machine's speed drifts by up to half within seconds, and two starts a moment apart
    # meet the same speed (the best of each, a few of which meet a fast moment and a few
    # not, varied from 1.2x to 1.7x in three runs; the medians of each are given beside).
    b, g = (statistics.median(t for t, _cpu in runs_) for runs_ in (bs, gs))
    bc, gc = (statistics.median(cpu for _t, cpu in runs_) for runs_ in (bs, gs))
    x = statistics.median(gt / bt for (bt, _), (gt, _) in zip(bs, gs))
    cpu_x = statistics.median(gcpu / bcpu for (_, bcpu), (_, gcpu) in zip(bs, gs))
    return {"bare_s": round(b, 3), "game_s": round(g, 3), "x": round(x, 2),
            "bare_cpu_s": round(bc, 3), "game_cpu_s": round(gc, 3), "cpu_x": round(cpu_x, 2),
            "medians_x": round(g / b, 2), "runs": runs}


SECTIONS = {"start": (start, 15)}


def main(argv: list[str] | None = None) -> int:
    from benchmarks.frames import run_section  # start: runs of each
    return run_section(SECTIONS, __doc__ or "", "runs", argv)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
