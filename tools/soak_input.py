"""The soak's input (``tools.soak``): random events of every kind a window sends, the keys
that make progress on each scene (guided play), and ``deterministic``, which makes an episode
a function of its seed.
"""

from __future__ import annotations

import random
from contextlib import contextmanager
from typing import Any, Iterator

import pygame


#: Keys sent at random (the issue's list, and a few letters the tables use).
KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
        pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_z,
        pygame.K_y, pygame.K_h, pygame.K_F2, pygame.K_F11, pygame.K_p, pygame.K_s, pygame.K_l,
        pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME,
        pygame.K_END, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_LSHIFT,
        *range(pygame.K_0, pygame.K_9 + 1)]
MODS = [0, 0, 0, 0, pygame.KMOD_LCTRL, pygame.KMOD_LSHIFT,
        pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT, pygame.KMOD_LALT]

#: The keys that make progress, by the kind of scene on top (``scene_kind``): (key, weight).
GUIDES: dict[str, list[tuple[int, int]]] = {
    "fishing": [(pygame.K_RETURN, 8), (pygame.K_RIGHT, 3), (pygame.K_LEFT, 1),
                (pygame.K_DOWN, 1), (pygame.K_UP, 1)],
    "climbing": [(pygame.K_h, 3), (pygame.K_RETURN, 3), (pygame.K_p, 2), (pygame.K_RIGHT, 1)],
    "solitaire": [(pygame.K_SPACE, 6), (pygame.K_RIGHT, 4), (pygame.K_RETURN, 2),
                  (pygame.K_UP, 1), (pygame.K_h, 1)],
    "pause": [(pygame.K_ESCAPE, 1)],
    "other": [(pygame.K_RETURN, 4), (pygame.K_TAB, 2), (pygame.K_DOWN, 1), (pygame.K_SPACE, 1)],
}

DTS = [0.0, 1 / 120, 1 / 60, 1 / 60, 1 / 30, 0.05, 0.1, 0.25, 1.0]



#: The solver's budget during a soak: positions, not seconds (the answer must not depend on
#: the machine's load, and the soak must not wait seconds for a hard position).
SOLVER_NODES = 5_000


@contextmanager
def deterministic(seed: int, timeout: float = 10.0) -> Iterator[None]:
    """While it lasts, what depends on the clock or the system's randomness does not: a
    computer seat asked to choose, and the solver asked a position, answer before the call
    returns (they still run on their thread and in their process; the solver within
    ``SOLVER_NODES`` positions); the card faces planned for
    a table are drawn at the first chance rather than a few milliseconds' worth a frame; and
    the deal numbers of new games come from ``seed``. So each answer arrives at the same step on
    every run of a seed, whatever is already in the caches: a replay is exact."""
    from ai.background import ProcessWorker
    from game.table.caches import FaceWarmer
    from game.table.computer import ComputerSeats
    ask, request, warm = ComputerSeats.ask, ProcessWorker.request, FaceWarmer.step

    def warm_all(self: Any) -> int:
        return int(self.finish())

    def ask_and_wait(self: Any, seat: int, observation: Any) -> None:
        ask(self, seat, observation)
        self.wait(timeout)

    def request_and_wait(self: Any, name: str, *args: Any) -> int:
        if name.startswith("ai.yatsuhashi:solve_"):  # a budget of nodes, not of seconds
            args = (*args[:2], SOLVER_NODES)
        rid = request(self, name, *args)
        self.wait(timeout)
        return rid
    ComputerSeats.ask = ask_and_wait  # type: ignore[method-assign]
    ProcessWorker.request = request_and_wait  # type: ignore[method-assign]
    FaceWarmer.step = warm_all  # type: ignore[method-assign]
    deals = random.Random(seed)
    system = random.SystemRandom
    random.SystemRandom = lambda *_args: deals  # type: ignore[assignment,misc]
    try:
        yield
    finally:
        random.SystemRandom = system  # type: ignore[misc]
        ComputerSeats.ask = ask  # type: ignore[method-assign]
        ProcessWorker.request = request  # type: ignore[method-assign]
        FaceWarmer.step = warm  # type: ignore[method-assign]


def scene_kind(scene: Any) -> str:
    """Which keys make progress on ``scene``: "fishing" or "climbing" (a table of the kit's
    fishing or climbing kind), "solitaire" (the table of a one-seat game of the registry),
    the scene's own name where ``GUIDES`` has it ("pause"), else "other"."""
    from game.catalog import GAMES
    from game.table.climbing_input import ClimbingInput
    from game.table.fishing_input import FishingInput
    if isinstance(scene, FishingInput):
        return "fishing"
    if isinstance(scene, ClimbingInput):
        return "climbing"
    name = getattr(scene, "name", "")
    game = GAMES.get(name)
    if game is not None and game.solitaire:
        return "solitaire"
    return name if name in GUIDES else "other"


def make_event(kind: int, **attrs: Any) -> pygame.event.Event:
    """A pygame event of ``kind`` with ``attrs`` (what the window would send)."""
    return pygame.event.Event(kind, **attrs)


def key_events(k: int, mod: int = 0) -> list[pygame.event.Event]:
    """A key pressed and released, as the window sends it.

    >>> [pygame.event.event_name(e.type) for e in key_events(pygame.K_a)]
    ['KeyDown', 'KeyUp']
    """
    name = pygame.key.name(k)
    text = name if len(name) == 1 and not mod & pygame.KMOD_CTRL else ""
    return [make_event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0),
            make_event(pygame.KEYUP, key=k, mod=mod, unicode=text, scancode=0)]


def targets(app: Any) -> list[pygame.Rect]:
    """What a player would aim at on the scene on top: its widgets and its cards."""
    top = app.stack.top
    rects: list[pygame.Rect] = []
    stack = list(getattr(top, "widgets", []))
    while stack:
        w = stack.pop()
        stack.extend(getattr(w, "children", []))
        r = getattr(w, "rect", None)
        if isinstance(r, pygame.Rect) and r.w > 0 and r.h > 0:
            rects.append(r)
    for s in getattr(top, "sprites", {}).values():
        if s.alpha:
            rects.append(pygame.Rect(int(s.x - s.w / 2), int(s.y - s.h / 2), s.w, s.h))
    return rects


class Driver:
    """Makes the input of one episode from its random generator."""

    #: The smallest and the largest window of a random resize (most resizes are of a
    #: common size within them); ``benchmarks.memory`` narrows them.
    sizes: tuple[tuple[int, int], tuple[int, int]] = ((100, 100), (3000, 2000))

    def __init__(self, rng: random.Random, app: Any) -> None:
        self.rng = rng
        self.app = app

    def point(self) -> tuple[int, int]:
        w, h = self.app.screen.get_size()
        rects = targets(self.app)
        if rects and self.rng.random() < 0.6:
            r = self.rng.choice(rects)
            return (self.rng.randint(r.left, max(r.left, r.right - 1)),
                    self.rng.randint(r.top, max(r.top, r.bottom - 1)))
        return self.rng.randint(-20, w + 20), self.rng.randint(-20, h + 20)

    def random_events(self) -> list[pygame.event.Event]:
        rng = self.rng
        kind = rng.choices(["motion", "click", "drag", "wheel", "key", "text", "window",
                            "resize"], [20, 15, 8, 3, 22, 3, 2, 1])[0]
        if kind == "motion":
            return [make_event(pygame.MOUSEMOTION, pos=self.point(), rel=(rng.randint(-9, 9), 0),
                           buttons=(0, 0, 0))]
        if kind == "click":
            pos, button = self.point(), rng.choice([1, 1, 1, 1, 3, 2])
            return [make_event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                    make_event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                    make_event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
        if kind == "drag":
            start, end = self.point(), self.point()
            events = [make_event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)]
            steps = rng.randint(1, 6)
            for i in range(1, steps + 1):
                p = (start[0] + (end[0] - start[0]) * i // steps,
                     start[1] + (end[1] - start[1]) * i // steps)
                events.append(make_event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
            if rng.random() < 0.9:  # now and then the button is never released
                events.append(make_event(pygame.MOUSEBUTTONUP, pos=end, button=1))
            return events
        if kind == "wheel":
            return [make_event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False,
                           precise_x=0.0, precise_y=0.0)]
        if kind == "key":
            k, mod = rng.choice(KEYS), rng.choice(MODS)
            if rng.random() < 0.15:  # a held key: its repeats, then the release
                down = key_events(k, mod)[0]
                return [down] * rng.randint(2, 6) + key_events(k, mod)[1:]
            return key_events(k, mod)
        if kind == "text":
            text = "".join(rng.choices("0123456789abcxyz -+.日本ё", k=rng.randint(1, 4)))
            return [make_event(pygame.TEXTINPUT, text=text)]
        if kind == "window":
            return [make_event(rng.choice([pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED,
                                       pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED,
                                       pygame.WINDOWLEAVE, pygame.WINDOWENTER,
                                       pygame.ACTIVEEVENT]), gain=0, state=0)]
        (w0, h0), (w1, h1) = self.sizes
        if rng.random() < 0.7:
            w = rng.randint(max(w0, 960), min(w1, 1920))
            h = rng.randint(max(h0, 600), min(h1, 1080))
        else:
            w, h = rng.randint(w0, w1), rng.randint(h0, h1)
        return [make_event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))]

    def guided_events(self) -> list[pygame.event.Event]:
        """The keys that make progress on the scene on top."""
        top = self.app.stack.top
        kind = scene_kind(top)
        if kind == "solitaire" and (top.game.is_stuck or top.game.is_won):
            return key_events(pygame.K_F2)  # a new deal
        keys, weights = zip(*GUIDES[kind])
        return key_events(self.rng.choices(keys, weights)[0])
