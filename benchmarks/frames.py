"""Frame time of the program's screens, as ratios to a floor timed in the same run.

The *floor* is the least a frame of a card table can cost on this machine: fill the window,
blit 48 per-pixel-alpha cards (hanafuda faces at the size a 1920x1080 table uses), flip. Every
figure is the CPU time of the main thread (``time.thread_time``) for one whole frame (input,
update, draw, flip), so work on other threads or processes, or other programs on the machine,
count only as far as they slow this thread down.

Run one section: ``python -m benchmarks.frames menu|load|koikoi|hanaawase|hearts600|yatsuhashi|
heart_of_five [--frames N]``;
``python -m benchmarks`` runs them all. The last line of each is ``RESULT {json}``.

The dummy video driver reports a 1024x768 desktop and the program never opens a window larger
than the desktop, so the sections report a 3840x2160 desktop: the window is really 1920x1080.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("HANAFUDA_PARLOR_HOME", tempfile.mkdtemp(prefix="parlor-bench-"))

import pygame  # noqa: E402

SIZE = (1920, 1080)
DT = 1 / 60
FLOOR_CARDS = 48


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``values``.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 50), percentile([5.0], 99)
    (3.0, 5.0)
    """
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))]


def summary(ms: list[float], floor: float) -> dict[str, float]:
    """p50, p99 and max of frame times ``ms`` in milliseconds, and p50, p99 as ratios to
    ``floor`` (ms)."""
    p50, p99 = percentile(ms, 50), percentile(ms, 99)
    return {"frames": len(ms), "p50_ms": round(p50, 2), "p99_ms": round(p99, 2),
            "max_ms": round(max(ms), 2), "p50_x": round(p50 / floor, 2),
            "p99_x": round(p99 / floor, 2), "over_33ms": sum(1 for m in ms if m > 33.0)}


def open_app(size: tuple[int, int] = SIZE) -> Any:
    """The program's ``App`` in a real (dummy-driver) window of ``size``, strict, menu up."""
    pygame.display.init()
    pygame.display.get_desktop_sizes = lambda: [(3840, 2160)]  # see the module docstring
    from game.app import App
    from game.settings import Settings
    app = App(size, settings=Settings(window_size=list(size)), strict=True)
    assert app.screen.get_size() == size, app.screen.get_size()
    app.start()
    return app


def floor_ms(frames: int = 300, paced: bool = False) -> float:
    """Median CPU milliseconds of the floor frame on the display surface that is open now
    (``paced``: at 60 frames a second, as ``play`` paces the tables; a frame that follows a
    pause finds the processor's caches cold, and costs about a third more)."""
    from game.app import FPS
    from rules.hanafuda import DECK
    from sprites.faces import hanafuda_face
    screen = pygame.display.get_surface()
    w, h = screen.get_size()
    cards = [hanafuda_face(DECK[i], 110) for i in range(FLOOR_CARDS)]
    cols = 12
    spots = [(40 + (i % cols) * (w - 200) // cols, 40 + (i // cols) * (h - 240) // 4)
             for i in range(FLOOR_CARDS)]
    times = []
    clock = pygame.time.Clock()
    for _ in range(frames):
        if paced:
            clock.tick(FPS)
        t0 = time.thread_time()
        screen.fill((20, 60, 40))
        for card, spot in zip(cards, spots):
            screen.blit(card, spot)
        pygame.display.flip()
        times.append((time.thread_time() - t0) * 1000)
    return statistics.median(times)


def timed_frame(app: Any, events: list[pygame.event.Event], clock: Callable[[], float]) -> float:
    """One frame of ``app`` (its input ``events``, update, draw, flip): milliseconds."""
    t0 = clock()
    for event in events:
        app.dispatch(event)
    app.frame(DT)
    pygame.display.flip()
    return (clock() - t0) * 1000


def menu(frames: int) -> dict[str, Any]:
    """The title menu with the pointer sweeping its buttons (hover states change)."""
    app = open_app()
    floor = floor_ms()
    targets = [w.rect.center for w in app.stack.top.focus.widgets]
    ms = []
    for i in range(frames):
        pos = targets[(i // 10) % len(targets)]
        move = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        ms.append(timed_frame(app, [move], time.thread_time))
    return {"floor_ms": round(floor, 2), **summary(ms[30:], floor)}


def play(app: Any, table: Any, frames: int, every: int, seed: int = 1,
         clock: Callable[[], float] = time.thread_time, paced: bool = True) -> list[float]:
    """Frame times of ``table`` played from its first frame: a key that makes progress (as the
    soak's guided player presses) every ``every`` frames, a new deal when one ends.

    ``paced``: frames come at the game's pace (``App.run`` ticks its clock at ``FPS`` before
    each), so what the program does beside the frame loop (faces rendered on a helper thread,
    computer players in their process) has the time it has in play; else back to back."""
    from game.app import FPS
    from tools.soak_input import Driver
    app.push(table)
    driver = Driver(random.Random(seed), app)
    ms = []
    for i in range(frames):
        if paced:
            app.clock.tick(FPS)
        events = driver.guided_events() if i % every == every - 1 else []
        ms.append(timed_frame(app, events, clock))
    return ms


def table(game_id: str, frames: int) -> dict[str, Any]:
    """A game's table at 1920x1080 from its first frame (the deal included), you against the
    default computer seats (Yatsuhashi: the solver deciding each new position in its process),
    at 60 frames a second as in play, a key that makes progress every 12 frames (five a
    second: moves, choices, new deals; faster than anyone plays)."""
    from game.scenes import registry
    from game.scenes.setup import default_setup
    app = open_app()
    floor = floor_ms(paced=True)
    t = registry.make(game_id, setup=default_setup(game_id, 1 if game_id == "yatsuhashi" else 7))
    ms = play(app, t, frames, 12)
    return {"floor_ms": round(floor, 2), **summary(ms, floor)}


def spin(seconds: float) -> int:
    """A background job: pure-Python work for ``seconds`` of CPU (what a search does)."""
    end = time.process_time() + seconds
    n = 0
    while time.process_time() < end:
        n += sum(i * i for i in range(200))
    return n


def load(frames: int) -> dict[str, Any]:
    """A Koi-Koi table at rest, then the same frames while a background job computes: in a
    child process (how computer players and the solver run) and, to compare, on a thread.
    Wall time per frame here: waiting for the interpreter lock is not CPU time. Each frame is
    painted whole, the work of a frame in play (a table at rest paints almost nothing: 0.3 ms,
    where any wait of the scheduler's would be most of the figure)."""
    from ai.background import ProcessWorker, ThreadWorker
    from game.scenes import registry
    from game.scenes.setup import default_setup
    app = open_app()
    table = registry.make("koikoi", setup=default_setup("koikoi", 7))
    app.push(table)
    for _ in range(600):  # the deal is over ...
        app.frame(DT)
    table.warmer.finish()  # ... and every face rendered (the frames above take 0.2 s only)
    for _ in range(60):
        app.frame(DT)
    out: dict[str, Any] = {}

    def frame_ms() -> float:
        app.stack.repaint()
        return timed_frame(app, [], time.perf_counter)

    def frames_ms() -> list[float]:
        return [frame_ms() for _ in range(frames)]

    # The mean, not the median: a frame that waits for the interpreter lock (5 ms at a time)
    # is one frame in several, and the median would not see it. The first frames painted
    # whole are slower than the next (caches and the processor warming): not counted.
    frames_ms()
    out["idle_mean_ms"] = round(statistics.mean(frames_ms()), 2)
    for name, worker in (("process", ProcessWorker()), ("thread", ThreadWorker())):
        worker.request("benchmarks.frames:spin", 0.0)  # started and warm
        worker.wait(30)
        worker.poll()
        worker.request("benchmarks.frames:spin", 600.0)
        time.sleep(0.2)  # the job has begun
        busy = frames_ms()
        worker.cancel()
        worker.close()
        out[f"{name}_mean_ms"] = round(statistics.mean(busy), 2)
        out[f"{name}_x"] = round(statistics.mean(busy) / out["idle_mean_ms"], 2)
    return out


TABLES = ("koikoi", "hanaawase", "hearts600", "yatsuhashi", "heart_of_five")
SECTIONS: dict[str, tuple[Callable[[int], dict[str, Any]], int]] = {
    "menu": (menu, 600), "load": (load, 300),
    **{g: (functools.partial(table, g), 3600) for g in TABLES}}


def run_section(sections: dict[str, tuple[Callable[[int], dict[str, Any]], int]], doc: str,
                option: str, argv: list[str] | None = None) -> int:
    """The command line of a module of sections: ``SECTION [--OPTION N]``, then the section's
    figures as a line ``RESULT {json}`` (what ``python -m benchmarks`` reads)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("section", choices=sections)
    parser.add_argument(f"--{option}", type=int, dest="count")
    args = parser.parse_args(argv)
    function, default = sections[args.section]
    result = function(args.count or default)
    print("RESULT " + json.dumps({"section": args.section, **result}), flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    return run_section(SECTIONS, __doc__ or "", "frames", argv)


if __name__ == "__main__":
    sys.exit(main())
