"""Frame time of the program's screens, as ratios to a floor timed in the same run.

The *floor* is the least a frame of a card table can cost on this machine: fill the window,
blit 48 per-pixel-alpha cards (hanafuda faces at the size a 1920x1080 table uses), flip. Every
figure is the CPU time of the main thread (``time.thread_time``) for one whole frame (input,
update, draw, flip), so work on other threads or processes, or other programs on the machine,
count only as far as they slow this thread down.

Run one section: ``python -m benchmarks.frames menu|load|GAME [--frames N]`` (GAME: each game
of the registry, ``game.catalog.GAMES``); ``python -m benchmarks`` runs them all. The last
line of each is ``RESULT {json}``.

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

from game.catalog import GAMES  # noqa: E402

SIZE = (1920, 1080)
DT = 1 / 60
FLOOR_CARDS = 48
#: A floor frame after every this many measured frames (``Floor``) ...
FLOOR_EVERY = 4
#: ... and each measured frame compared with the median of this many nearest it (about a
#: second of play)
NEAR = 15


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``values``.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 50), percentile([5.0], 99)
    (3.0, 5.0)
    """
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))]


def summary(ms: list[float], floor: "Floor", skip: int = 0) -> dict[str, float]:
    """p50, p99 and max of frame times ``ms`` in milliseconds (the first ``skip`` left out),
    the floor's median, and p50, p99 of each frame's ratio to the floor timed nearest it."""
    ratios = floor.ratios(ms)[skip:]
    ms = ms[skip:]
    p50, p99 = percentile(ms, 50), percentile(ms, 99)
    return {"floor_ms": round(floor.ms(), 2), "frames": len(ms), "p50_ms": round(p50, 2),
            "p99_ms": round(p99, 2), "max_ms": round(max(ms), 2),
            "p50_x": round(percentile(ratios, 50), 2), "p99_x": round(percentile(ratios, 99), 2),
            "over_33ms": sum(1 for m in ms if m > 33.0)}


def open_app(size: tuple[int, int] = SIZE) -> Any:
    """The program's ``App`` in a real (dummy-driver) window of ``size``, strict, menu up, as
    a player finds it: its first frame shown, then what the start leaves until after it (the
    statistics read, the sounds made, the collector on with the start's objects frozen out
    of it), the menu's felt and fan made (``main.py``, ``App.run`` and the menu's threads do
    the same)."""
    import gc
    gc.disable()  # (as main.py: after the first frame, what the start made is frozen out of it)
    pygame.display.init()
    pygame.display.get_desktop_sizes = lambda: [(3840, 2160)]  # see the module docstring
    from game.app import App, _join_drawing_threads
    from game.settings import Settings
    app = App(size, settings=Settings(window_size=list(size)), strict=True)
    assert app.screen.get_size() == size, app.screen.get_size()
    app.start()
    app.frame(DT)
    pygame.display.flip()
    app.after_first_frame()
    _join_drawing_threads(30.0)
    return app


class Floor:
    """The floor frame, timed between the measured frames of a run: fill the window, blit 48
    per-pixel-alpha hanafuda faces (the size a 1920x1080 table uses), flip. The window's
    picture is copied aside before and put back after, untimed (the program paints only what
    changed, and finds its picture as it left it).

    Why between them, not once before: this machine's speed drifts by up to half within
    seconds (the same playouts ran at 9,000 and 16,500 rounds a second in one process, half
    a second apart), so a ratio to a floor timed at another moment would measure the drift.
    Each measured frame is compared with the floor frames timed nearest it (``ratios``).
    """

    def __init__(self) -> None:
        from rules.hanafuda import DECK
        from sprites.faces import hanafuda_face
        screen = pygame.display.get_surface()
        self.aside = screen.copy()
        w, h = screen.get_size()
        self.cards = [hanafuda_face(DECK[i], 110) for i in range(FLOOR_CARDS)]
        cols = 12
        self.spots = [(40 + (i % cols) * (w - 200) // cols, 40 + (i // cols) * (h - 240) // 4)
                      for i in range(FLOOR_CARDS)]
        #: (measured frames timed before it, CPU milliseconds), in the order timed
        self.samples: list[tuple[int, float]] = []

    def set_aside(self) -> None:
        """Copy the window's picture aside (before the pause that comes before ``frame``:
        the copy would leave the window's pixels in the processor's caches)."""
        self.aside.blit(pygame.display.get_surface(), (0, 0))

    def frame(self, measured: int = 0) -> float:
        """Time one floor frame (``measured``: how many measured frames came before it), then
        put the picture set aside back."""
        screen = pygame.display.get_surface()
        t0 = time.thread_time()
        screen.fill((20, 60, 40))
        for card, spot in zip(self.cards, self.spots):
            screen.blit(card, spot)
        pygame.display.flip()
        ms = (time.thread_time() - t0) * 1000
        screen.blit(self.aside, (0, 0))
        self.samples.append((measured, ms))
        return ms

    def ms(self) -> float:
        """The median of every floor frame timed."""
        return statistics.median(ms for _, ms in self.samples)

    def ratios(self, ms: list[float], near: int = NEAR) -> list[float]:
        """Each of the measured frames ``ms`` over the median of the ``near`` floor frames
        timed nearest it.

        >>> f = Floor.__new__(Floor)
        >>> f.samples = [(0, 1.0), (1, 1.0), (2, 2.0), (3, 2.0)]
        >>> f.ratios([1.0, 2.0, 4.0], near=1)
        [1.0, 2.0, 2.0]
        """
        out = []
        for i, m in enumerate(ms):
            nearest = sorted(self.samples, key=lambda s: abs(s[0] - i - 0.5))[:near]
            out.append(m / statistics.median(v for _, v in nearest))
        return out


def timed_frame(app: Any, events: list[pygame.event.Event], clock: Callable[[], float]) -> float:
    """One frame of ``app`` (its input ``events``, update, draw, flip): milliseconds."""
    t0 = clock()
    for event in events:
        app.dispatch(event)
    app.frame(DT)
    pygame.display.flip()
    return (clock() - t0) * 1000


def menu(frames: int) -> dict[str, Any]:
    """The title menu with the pointer sweeping its buttons (hover states change), frames back
    to back, a floor frame after every ``FLOOR_EVERY``."""
    app = open_app()
    floor = Floor()
    targets = [w.rect.center for w in app.stack.top.focus.widgets]
    ms: list[float] = []
    for i in range(frames):
        pos = targets[(i // 10) % len(targets)]
        move = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        ms.append(timed_frame(app, [move], time.thread_time))
        if i % FLOOR_EVERY == FLOOR_EVERY - 1:
            floor.set_aside()
            floor.frame(len(ms))
    return summary(ms, floor, skip=30)


def play(app: Any, table: Any, frames: int, every: int, seed: int = 1,
         clock: Callable[[], float] = time.thread_time, paced: bool = True,
         floor: Floor | None = None) -> list[float]:
    """Frame times of ``table`` played from its first frame: a key that makes progress (as the
    soak's guided player presses) every ``every`` frames, a new deal when one ends.

    ``paced``: frames come at the game's pace (``App.run`` ticks its clock at ``FPS`` before
    each), so what the program does beside the frame loop (faces rendered on a helper thread,
    computer players in their process) has the time it has in play; else back to back.
    ``floor``: a floor frame after every ``FLOOR_EVERY`` frames, paced alike (a frame that
    follows a pause finds the processor's caches cold)."""
    from game.app import FPS
    from tools.soak_input import Driver
    app.push(table)
    driver = Driver(random.Random(seed), app)
    ms: list[float] = []
    for i in range(frames):
        if paced:
            app.clock.tick(FPS)
        events = driver.guided_events() if i % every == every - 1 else []
        ms.append(timed_frame(app, events, clock))
        if floor is not None and i % FLOOR_EVERY == FLOOR_EVERY - 1:
            floor.set_aside()
            if paced:
                app.clock.tick(FPS)
            floor.frame(len(ms))
    return ms


def table(game_id: str, frames: int) -> dict[str, Any]:
    """A game's table at 1920x1080 from its first frame (the deal included), you against the
    default computer seats (Yatsuhashi: the solver deciding each new position in its process),
    at 60 frames a second as in play, a key that makes progress every 12 frames (five a
    second: moves, choices, new deals; faster than anyone plays), the floor timed between.
    Deal 7, a solitaire's deal 1."""
    from game import screens
    from game.scenes.setup import default_setup
    app = open_app()
    floor = Floor()
    t = screens.make(game_id, setup=default_setup(game_id, 1 if GAMES[game_id].solitaire else 7))
    ms = play(app, t, frames, 12, floor=floor)
    return summary(ms, floor)


def spin(seconds: float) -> int:
    """A background job: pure-Python work for ``seconds`` of CPU (what a search does)."""
    end = time.process_time() + seconds
    n = 0
    while time.process_time() < end:
        n += sum(i * i for i in range(200))
    return n


def hard_think(seconds: float) -> str:
    """A background job: the Hard level's search (Koi-Koi, a position after three moves)
    for ``seconds`` of its process's CPU, as a Hard seat thinks in the game's child process."""
    from ai.base import make_agent
    from rules.koikoi import KoiKoiGame
    game = KoiKoiGame.new(7)
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    agent: Any = make_agent("koikoi", "hard", 1)
    agent.seconds = seconds
    end = time.process_time() + seconds
    action = ""
    while time.process_time() < end:  # (a short budget is clamped to the setting's least)
        action = str(agent.choose(game.observation(game.current_player)))
    return action


def load(frames: int, rounds: int = 5) -> dict[str, Any]:
    """A Koi-Koi table at rest, its frames timed alone and while a background job computes:
    in a child process (how computer players and the solver run), the Hard level's search in
    a child process (``hard``), and, to compare, a job on a thread. Wall time per frame here:
    waiting for the interpreter lock is not CPU time. Each frame is painted whole, the work of
    a frame in play (a table at rest paints almost nothing: 0.3 ms, where any wait of the
    scheduler's would be most of the figure).

    The four are taken in turns, ``rounds`` blocks of each (``frames`` in all of each): the
    machine's speed drifts within seconds, and blocks one after the other would compare the
    drift."""
    from ai.background import ProcessWorker, ThreadWorker
    from game import screens
    from game.scenes.setup import default_setup
    app = open_app()
    table = screens.make("koikoi", setup=default_setup("koikoi", 7))
    app.push(table)
    for _ in range(600):  # the deal is over ...
        app.frame(DT)
    table.warmer.finish()  # ... and every face rendered (the frames above take 0.2 s only)
    for _ in range(60):
        app.frame(DT)

    def frame_ms() -> float:
        app.stack.repaint()
        return timed_frame(app, [], time.perf_counter)

    def frames_ms(count: int) -> list[float]:
        return [frame_ms() for _ in range(count)]

    workers = {"process": ProcessWorker(), "hard": ProcessWorker(), "thread": ThreadWorker()}
    jobs = {"process": "benchmarks.frames:spin", "hard": "benchmarks.frames:hard_think",
            "thread": "benchmarks.frames:spin"}
    for name, worker in workers.items():
        worker.request(jobs[name], 0.0)  # started and warm
        worker.wait(30)
        worker.poll()
    block = max(1, frames // rounds)
    # The mean, not the median: a frame that waits for the interpreter lock (5 ms at a time)
    # is one frame in several, and the median would not see it. The first frames painted
    # whole are slower than the next (caches and the processor warming): not counted.
    frames_ms(block)
    times: dict[str, list[float]] = {"idle": [], **{name: [] for name in workers}}
    for _ in range(rounds):
        times["idle"] += frames_ms(block)
        for name, worker in workers.items():
            # A job that outlasts the block (a frame beside a thread takes up to some 20 ms)
            worker.request(jobs[name], 0.3 + 0.02 * block)
            time.sleep(0.05)  # the job has begun
            times[name] += frames_ms(block)
            worker.wait(60)
            worker.poll()
    for worker in workers.values():
        worker.close()
    idle = statistics.mean(times["idle"])
    out: dict[str, Any] = {"idle_mean_ms": round(idle, 2)}
    for name in workers:
        out[f"{name}_mean_ms"] = round(statistics.mean(times[name]), 2)
        out[f"{name}_x"] = round(statistics.mean(times[name]) / idle, 2)
    return out


SECTIONS: dict[str, tuple[Callable[[int], dict[str, Any]], int]] = {
    "menu": (menu, 600), "load": (load, 300),
    **{g: (functools.partial(table, g), 3600) for g in GAMES}}


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
