"""Peak memory of the program, each measurement in a fresh process (``python -m benchmarks``
starts one per section), so that every peak is its own.

* ``tables``: one session through every screen (settings, statistics, the card gallery
  scrolled to its end) and every table at its largest seat count (600 Hearts at 4, Heart of
  Five at 8), each played for a while, at 1920x1080, no resize.
* ``resize``: a table (Heart of Five at 8 seats) in a window resized 20 times from 640x400 to
  2667x1964 as a player's window is: a real ``pygame.display.set_mode`` of the new size, then
  the app's own handling of the window's ``VIDEORESIZE`` event, and frames until the table
  has settled at that size.
* ``soak``: ``tools.soak``'s random input, 100,000 events (``--events N``), every resize in it
  a real one of 640x400 to 2667x1964.
* ``solver``: the Yatsuhashi solver's process through three of the hardest deals.

Each figure is the peak resident memory of the process (``VmHWM`` in ``/proc``), with the
bytes the caches of drawings hold at the end (``sprites.cache.figures``).

Run one: ``python -m benchmarks.memory tables|resize|soak|solver [--count N]``. The last line
of each is ``RESULT {json}``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

#: The smallest and the largest window of the resizes (``resize``, ``soak``).
SMALLEST, LARGEST = (640, 400), (2667, 1964)
from game.catalog import GAMES  # noqa: E402  (every game, in the menu's order)


def rss_mb(pid: int | str = "self") -> tuple[float, float]:
    """(now, peak) resident memory of process ``pid`` in MB, from /proc (``VmRSS``,
    ``VmHWM``).

    >>> now, peak = rss_mb(); 0 < now <= peak
    True
    """
    fields = {}
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value
    return (int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024)


def _figures(out: dict[str, Any]) -> dict[str, Any]:
    """``out`` with the process's memory now and at its peak, and the caches' bytes."""
    now, peak = rss_mb()
    out.update(peak_mb=round(peak, 1), now_mb=round(now, 1))
    try:
        from sprites.cache import figures
    except ImportError:  # (older code: no budget to report)
        return out
    held, budget = figures()
    out.update(caches_mb=round(held / (1 << 20), 1), budget_mb=round(budget / (1 << 20), 1))
    return out


def largest_setup(game_id: str, seed: int = 7) -> Any:
    """The game's default setup at its largest seat count (you and computers)."""
    from game.catalog import GAMES as INFO
    from game.setups import default_setup
    setup = default_setup(game_id, seed)
    info = INFO[game_id]
    setup.seats = setup.seats[:1] + [info.default_level] * (info.max_players - 1) \
        if info.ai_levels else setup.seats
    return setup


def real_resize(app: Any, size: tuple[int, int]) -> None:
    """Resize the window as a player does: the window's new mode, then its event."""
    app.dispatch(resize_window(size))


def resize_window(size: tuple[int, int]) -> pygame.event.Event:
    """The window's new mode of ``size`` (what the window manager does when a player drags
    its edge), and the ``VIDEORESIZE`` event the app then gets (``real_resize``)."""
    pygame.display.set_mode(size, pygame.RESIZABLE)
    return pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)


def resize_sizes(n: int) -> list[tuple[int, int]]:
    """``n`` window sizes from ``SMALLEST`` to ``LARGEST``, evenly apart.

    >>> resize_sizes(3)
    [(640, 400), (1653, 1182), (2667, 1964)]
    """
    (w0, h0), (w1, h1) = SMALLEST, LARGEST
    return [(w0 + (w1 - w0) * i // (n - 1), h0 + (h1 - h0) * i // (n - 1)) for i in range(n)]


def tables(frames: int) -> dict[str, Any]:
    """Every screen, then every table at its largest seat count for ``frames`` frames."""
    from benchmarks.frames import DT, open_app, play
    from game import screens
    from game.scenes.settings import SettingsScene
    from game.scenes.stats import StatsScene
    app = open_app()
    for scene in (SettingsScene(), StatsScene(), screens.make("gallery")):
        app.push(scene)
        for i in range(120):
            if scene.name == "gallery" and i % 4 == 0:  # scrolled down to its end
                app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0,
                                                unicode="", scancode=0))
            app.frame(DT)
        app.stack.pop()
    for game_id in GAMES:
        play(app, screens.make(game_id, setup=largest_setup(game_id)), frames, 12,
             paced=False)
        app.close_scenes()
        app.start()
        app.frame(DT)
    return _figures({"frames": frames})


def resize(count: int) -> dict[str, Any]:
    """Heart of Five at 8 seats, the window resized ``count`` times (``resize_sizes``), the
    table played between."""
    from benchmarks.frames import DT, open_app, play
    from game import screens
    app = open_app()
    play(app, screens.make("heart_of_five", setup=largest_setup("heart_of_five")), 120, 12,
         paced=False)
    sizes = resize_sizes(count)
    for size in sizes:
        real_resize(app, size)
        assert app.screen.get_size() == size, (app.screen.get_size(), size)
        for _ in range(60):
            app.frame(DT)
        warmer = getattr(app.stack.top, "warmer", None)
        if warmer is not None:  # every face of this size made, as a while at the table would
            warmer.finish()
        app.frame(DT)
    return _figures({"resizes": len(sizes), "last": list(app.screen.get_size())})


def soak(events: int) -> dict[str, Any]:
    """``tools.soak``'s random input for ``events`` events, its resizes real ones of
    ``SMALLEST`` to ``LARGEST`` in a real (dummy-driver) window."""
    from tools import soak as soaking
    from tools.soak_input import Driver
    pygame.init()
    pygame.display.get_desktop_sizes = lambda: [(3840, 2160)]  # (as benchmarks.frames)
    Driver.sizes = (SMALLEST, LARGEST)
    soaking.Episode.window = True
    report = soaking.soak(events, seed=11)
    return _figures({"events": report.events, "episodes": report.episodes,
                     "resizes": report.resizes, "ok": report.ok,
                     "failures": report.failures[:3]})


def solver(_count: int) -> dict[str, Any]:
    """The solver's process through three of the hardest deals of 1-3000 (2414: 1.5 M
    positions, 2802: 1.2 M, 2449), each in a fresh process as the game starts one: its peak,
    what it holds after the job, whether it retired, and what the next request's process holds
    (``benchmarks.bench_yatsuhashi_solver.child_memory``)."""
    from ai.yatsuhashi import SOLVER_NODES
    from benchmarks.bench_yatsuhashi_solver import child_memory
    mb = 1 << 20
    rows = child_memory([2414, 2802, 2449], 300.0, SOLVER_NODES)
    return {"solver": [{"deal": r["deal"], "peak_mb": round(r["peak"] / mb),
                        "after_mb": round(r["after"] / mb), "retired": r["retired"],
                        "next_mb": round(r["next"] / mb)} for r in rows]}


SECTIONS = {"tables": (tables, 600), "resize": (resize, 20), "soak": (soak, 100_000),
            "solver": (solver, 0)}


def main(argv: list[str] | None = None) -> int:
    from benchmarks.frames import run_section
    return run_section(SECTIONS, __doc__ or "", "count", argv)


if __name__ == "__main__":
    sys.exit(main())
