"""Frame time of the program's screens, as ratios to a floor timed in the same run.

The *floor* is the least a frame of a card table can cost on this machine: fill the window,
blit 48 per-pixel-alpha cards (hanafuda faces at the size a 1920x1080 table uses), flip. Every
figure is the CPU time of the main thread (``time.thread_time``) for one whole frame (input,
update, draw, flip), so work on other threads or processes, or other programs on the machine,
count only as far as they slow this thread down.

Run one section: ``python -m benchmarks.frames menu|load|resize|GAME [--frames N]
[--players N]`` (GAME: each game of the registry, ``game.catalog.GAMES``, at its default
seats or ``--players``; ``GAME_N``: a game at its largest seat count where that is more,
``SEATED``); ``python -m benchmarks`` runs them all. The last line of each is
``RESULT {json}``. A table's figures are those of the whole run and of the first
``DEAL_FRAMES`` (3 s) of each deal; ``resize``'s, the first frame after each real resize.

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
#: The first seconds of a deal, in frames of play (the game's clock moves ``DT`` a frame):
#: the frames ``summary`` also reports on their own (the deal's faces rendered, its cards
#: dealt, the first moves' drawings made).
DEAL_FRAMES = 180
#: The window sizes the ``resize`` section cycles through (from 1920x1080).
RESIZES = [(1280, 800), (1920, 1080), (960, 600), (1600, 1000)]


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``values``.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 50), percentile([5.0], 99)
    (3.0, 5.0)
    """
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))]


def in_deals(deals: list[int], count: int, length: int = DEAL_FRAMES) -> list[int]:
    """The frames of ``count`` that are among the first ``length`` of a deal beginning at a
    frame of ``deals``.

    >>> in_deals([0, 5], 8, length=2)
    [0, 1, 5, 6]
    """
    return sorted({i for d in deals for i in range(d, min(count, d + length))})


def summary(ms: list[float], floor: "Floor", skip: int = 0,
            deals: list[int] | None = None) -> dict[str, Any]:
    """p50, p99 and max of frame times ``ms`` in milliseconds (the first ``skip`` left out),
    the floor's median, and p50, p99 of each frame's ratio to the floor timed nearest it;
    with ``deals`` (the frames where a deal begins), the p99 ratio and max of the first
    ``DEAL_FRAMES`` of each deal too (``deal_p99_x``: the whole run's p99 leaves them out
    the more deals are short)."""
    all_ratios = floor.ratios(ms)
    ratios = all_ratios[skip:]
    kept = ms[skip:]
    p50, p99 = percentile(kept, 50), percentile(kept, 99)
    out: dict[str, Any] = {
        "floor_ms": round(floor.ms(), 2), "frames": len(kept), "p50_ms": round(p50, 2),
        "p99_ms": round(p99, 2), "max_ms": round(max(kept), 2),
        "p50_x": round(percentile(ratios, 50), 2), "p99_x": round(percentile(ratios, 99), 2),
        "over_33ms": sum(1 for m in kept if m > 33.0)}
    if deals:
        first = in_deals(deals, len(ms))
        out.update(deals=len(deals), deal_frames=len(first),
                   deal_p99_x=round(percentile([all_ratios[i] for i in first], 99), 2),
                   deal_p99_ms=round(percentile([ms[i] for i in first], 99), 2),
                   deal_max_ms=round(max(ms[i] for i in first), 2))
    return out


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
         floor: Floor | None = None, deals: list[int] | None = None) -> list[float]:
    """Frame times of ``table`` played from its first frame: a key that makes progress (as the
    soak's guided player presses) every ``every`` frames, a new deal when one ends.

    ``paced``: frames come at the game's pace (``App.run`` ticks its clock at ``FPS`` before
    each), so what the program does beside the frame loop (faces rendered on a helper thread,
    computer players in their process) has the time it has in play; else back to back.
    ``floor``: a floor frame after every ``FLOOR_EVERY`` frames, paced alike (a frame that
    follows a pause finds the processor's caches cold).
    ``deals``: the index of each frame in which a deal begins (its ``dealt`` event animated;
    the first frame, the table's opening, counts as one) is appended to it. A deal's events
    are queued with the last move of the round before (the engine deals at once), and its
    animation begins when the queue reaches them: after the round's last move and its page,
    in the frame of the key that closes the page. (Counted when queued, as it was until
    issue 38's fifth pass, a fishing table's deal began with the round's last move and its
    page's key.)"""
    from game.app import FPS
    from tools.soak_input import Driver
    ms: list[float] = []
    if deals is not None:
        deals.append(0)
        mark_deals(table, deals, lambda: len(ms))
    app.push(table)
    driver = Driver(random.Random(seed), app)
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


def mark_deals(table: Any, deals: list[int], frame: Callable[[], int]) -> None:
    """From now on, append to ``deals`` the frame (``frame()``, the one being played) in
    which each deal of ``table`` begins to be animated: a marker queued before the deal's
    steps (``play``)."""
    animate_event = table.animate_event

    def begins() -> None:
        if not deals or deals[-1] != frame():
            deals.append(frame())

    def spy(event: Any) -> None:
        if event.kind == "dealt":
            table.queue.call(begins)  # (when the queue reaches the deal's steps)
        animate_event(event)
    table.animate_event = spy


def seated(game_id: str, players: int | None = None) -> Any:
    """The game's default setup (deal 7, a solitaire's deal 1); with ``players``, you and
    ``players - 1`` computers at the default level."""
    from game.setups import default_setup
    info = GAMES[game_id]
    setup = default_setup(game_id, 1 if info.solitaire else 7)
    if players is not None:
        if not info.min_players <= players <= info.max_players:
            raise ValueError(f"{game_id} seats {info.min_players}-{info.max_players}")
        setup.seats = ["human"] + [info.default_level] * (players - 1)
    return setup


def table(game_id: str, frames: int, players: int | None = None) -> dict[str, Any]:
    """A game's table at 1920x1080 from its first frame (the deal included), you against the
    default computer seats (``players``: that many seats; Yatsuhashi: the solver deciding each
    new position in its process), at 60 frames a second as in play, a key that makes progress
    every 12 frames (five a second: moves, choices, new deals; faster than anyone plays), the
    floor timed between; the first ``DEAL_FRAMES`` of each deal also on their own."""
    from game import screens
    app = open_app()
    floor = Floor()
    setup = seated(game_id, players)
    deals: list[int] = []
    ms = play(app, screens.make(game_id, setup=setup), frames, 12, floor=floor, deals=deals)
    return {"seats": len(setup.seats), **summary(ms, floor, deals=deals)}


def resized_frame(app: Any, size: tuple[int, int]) -> tuple[float, float]:
    """The window resized to ``size`` as a player's is (``benchmarks.memory.resize_window``:
    its new mode, untimed, as the window manager makes it), then the app's frame with the
    window's event (its new layout and drawing, flipped): (wall, thread) milliseconds."""
    from benchmarks.memory import resize_window
    event = resize_window(size)
    w0, c0 = time.perf_counter(), time.thread_time()
    app.dispatch(event)
    app.frame(DT)
    pygame.display.flip()
    return (time.perf_counter() - w0) * 1000, (time.thread_time() - c0) * 1000


def resize(count: int) -> dict[str, Any]:
    """Each table with computer players at its largest seat count (Koi-Koi 2, Hana-awase 3,
    600 Hearts 4, Heart of Five 8) at 1920x1080, played for five seconds (mid-deal), then
    resized ``count`` times through ``RESIZES`` as a player's window is, played for 1.5 s
    after each (paced, the warmer's thread rendering the new size's faces as in play): the
    first frame after each resize, wall and thread milliseconds, median and max per table."""
    from game import screens
    from game.app import FPS
    app = open_app()
    out: dict[str, Any] = {}
    for game_id, info in GAMES.items():
        if not info.ai_levels or info.solitaire:
            continue
        t = screens.make(game_id, setup=seated(game_id, info.max_players))
        play(app, t, 300, 12)
        wall, cpu = [], []
        for i in range(count):
            w, c = resized_frame(app, RESIZES[i % len(RESIZES)])
            wall.append(w)
            cpu.append(c)
            for _ in range(90):
                app.clock.tick(FPS)
                app.frame(DT)
                pygame.display.flip()
        out[f"{game_id}_{info.max_players}"] = {
            "resizes": count, "wall_p50_ms": round(statistics.median(wall), 1),
            "wall_max_ms": round(max(wall), 1), "cpu_p50_ms": round(statistics.median(cpu), 1),
            "cpu_max_ms": round(max(cpu), 1), "over_33ms": sum(1 for w in wall if w > 33.0)}
        app.close_scenes()
        app.start()
        resized_frame(app, SIZE)  # the next table at 1920x1080 again
    return out


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


#: Each game's table at its default seats; one with more seats than that, at its largest too
#: (``GAME_N``: 600 Hearts at 4, Heart of Five at 8).
SEATED = {f"{g}_{info.max_players}": (g, info.max_players) for g, info in GAMES.items()
          if info.ai_levels and info.max_players > info.default_players}
SECTIONS: dict[str, tuple[Callable[[int], dict[str, Any]], int]] = {
    "menu": (menu, 600), "load": (load, 300), "resize": (resize, 12),
    **{g: (functools.partial(table, g), 3600) for g in GAMES},
    **{name: (functools.partial(table, g, players=n), 3600) for name, (g, n) in SEATED.items()}}


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
    """``SECTION [--frames N] [--players N]`` (``--players``: a table at that many seats)."""
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--players", type=int)
    known, rest = pre.parse_known_args(argv)
    sections = SECTIONS
    if known.players is not None:
        sections = {g: (functools.partial(table, g, players=known.players), 3600) for g in GAMES}
    return run_section(sections, __doc__ or "", "frames", rest)


if __name__ == "__main__":
    sys.exit(main())
