"""Play game events as animations, one after another.

A *step* is a callable started when its turn comes. What it returns says when it is over:

* ``None`` (or a bool): at once;
* a number: after that many seconds, multiplied by the queue's speed factor;
* an object with ``.done`` (a ``Tween``, ``until_settled(...)``): when ``done`` is true;
* a sprite or a list of sprites (objects with ``.animating``): when none is animating;
* any other callable: a predicate, polled each update until it returns true.

``parallel(...)`` and ``sequence(...)`` group steps. ``skip()`` completes everything at once:
each remaining step is still started (so game state ends up right) while ``duration()``
returns 0, and whatever it waits on is finished; it stops at a ``barrier`` (a wait on
something only the player can end, such as a result screen), which stays the running step.

>>> q = AnimationQueue("slow")
>>> log = []
>>> q.call(log.append, "deal").wait(1.0).parallel(lambda: log.append("a"), lambda: 0.5)
AnimationQueue(speed=1.6, busy=True, 3 queued)
>>> q.update(0.0); log
['deal']
>>> q.update(1.59); log
['deal']
>>> q.update(0.02); log, q.busy
(['deal', 'a'], True)
>>> q.skip(); q.busy
False
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable, Iterable, Optional, Union

#: Animation-speed setting -> duration multiplier ("off": everything completes instantly).
SPEED_FACTORS: dict[str, float] = {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.6}

Step = Callable[[], Any]
_EPS = 1e-9
_MAX_SKIP_STEPS = 100_000  # a step that keeps enqueueing itself must not hang skip()


# Running steps -------------------------------------------------------------------------------
class _Running:
    """A started step. ``advance(dt)`` returns the unused time once finished, else None."""

    def advance(self, dt: float) -> Optional[float]:
        raise NotImplementedError

    def finish(self) -> None:
        """Complete now (skip)."""


class _Instant(_Running):
    def advance(self, dt: float) -> Optional[float]:
        return dt


class _Timer(_Running):
    def __init__(self, seconds: float) -> None:
        self.left = max(0.0, seconds)

    def advance(self, dt: float) -> Optional[float]:
        self.left -= dt
        if self.left <= _EPS:
            return max(0.0, -self.left)
        return None

    def finish(self) -> None:
        self.left = 0.0


class _Until(_Running):
    """Wait on an external condition. Its finishing moment inside a frame is unknown, so it
    hands no time on to the next step (the things it waits on got the whole ``dt``)."""

    def __init__(self, is_done: Callable[[], bool], finisher: Optional[Callable[[], None]] = None,
                 barrier: bool = False):
        self.is_done = is_done
        self.finisher = finisher
        self.barrier = barrier

    def advance(self, dt: float) -> Optional[float]:
        return 0.0 if self.is_done() else None

    def finish(self) -> None:
        if self.finisher is not None:
            self.finisher()


class _Group(_Running):
    def __init__(self, children: list[_Running]) -> None:
        self.pending = children

    def advance(self, dt: float) -> Optional[float]:
        still, lefts = [], []
        for child in self.pending:
            left = child.advance(dt)
            if left is None:
                still.append(child)
            else:
                lefts.append(left)
        self.pending = still
        if still:
            return None
        return min(lefts) if lefts else dt

    def finish(self) -> None:
        for child in self.pending:
            child.finish()
        self.pending = []


class _Chain(_Running):
    """Steps one after another inside a group (a mini queue)."""

    def __init__(self, queue: "AnimationQueue", steps: Iterable[Step]) -> None:
        self.queue = queue
        self.steps = deque(steps)
        self.current: Optional[_Running] = None

    def advance(self, dt: float) -> Optional[float]:
        while True:
            if self.current is None:
                if not self.steps:
                    return dt
                self.current = self.queue._start(self.steps.popleft())
            left = self.current.advance(dt)
            if left is None:
                return None
            self.current, dt = None, left

    def finish(self) -> None:
        if self.current is not None:
            self.current.finish()
            self.current = None
        while self.steps:
            self.queue._start(self.steps.popleft()).finish()


# Step constructors ---------------------------------------------------------------------------
class parallel:  # noqa: N801 - reads as a function in step lists
    """A step running ``steps`` together; over when all are over.

    >>> q = AnimationQueue()
    >>> q.add(parallel(lambda: 0.3, sequence(lambda: 0.2, lambda: 0.2)))
    AnimationQueue(speed=1.0, busy=True, 1 queued)
    >>> q.update(0.39); q.busy, q.update(0.02), q.busy
    (True, None, False)
    """

    def __init__(self, *steps: Union[Step, Iterable[Step]]) -> None:
        self.steps = _flatten(steps)

    def _start_in(self, queue: "AnimationQueue") -> _Running:
        return _Group([queue._start(step) for step in self.steps])


class sequence:  # noqa: N801
    """A step running ``steps`` one after another (useful inside ``parallel``)."""

    def __init__(self, *steps: Union[Step, Iterable[Step]]) -> None:
        self.steps = _flatten(steps)

    def _start_in(self, queue: "AnimationQueue") -> _Running:
        return _Chain(queue, self.steps)


def _flatten(steps: tuple) -> list[Step]:
    """Accept ``parallel(a, b)`` as well as ``parallel([a, b])``."""
    if len(steps) == 1 and not callable(steps[0]) and not hasattr(steps[0], "_start_in"):
        return list(steps[0])
    return list(steps)


class until_settled:  # noqa: N801
    """Waitable: done when none of ``sprites`` is animating; ``finish()`` jumps them to the end."""

    def __init__(self, sprites: Iterable[Any]) -> None:
        self.sprites = list(sprites)

    @property
    def done(self) -> bool:
        return not any(s.animating for s in self.sprites)

    def finish(self) -> None:
        for sprite in self.sprites:
            sprite.finish()


class barrier:  # noqa: N801
    """Waitable: done when ``is_done()`` says so; ``skip()`` stops here rather than pass it
    (the player ends it: a result screen closed, a choice made).

    >>> shown = []
    >>> q = AnimationQueue()
    >>> _ = q.add(lambda: barrier(lambda: bool(shown))).call(print, "next round")
    >>> q.skip(); q.busy
    True
    >>> shown.append(1); q.update(0.0)
    next round
    """

    def __init__(self, is_done: Callable[[], bool]) -> None:
        self.is_done = is_done

    @property
    def done(self) -> bool:
        return bool(self.is_done())


# The queue ------------------------------------------------------------------------------------
class AnimationQueue:
    """Runs steps in order; see the module docstring for what a step may return.

    Scenes create tweens with ``queue.duration(seconds)`` so the speed setting (and skipping)
    applies to them too, ignore input while ``busy``, and call ``update(dt)`` every frame.

    >>> q = AnimationQueue("normal")
    >>> _ = q.call(print, "flip").wait(0.25).call(print, "score")
    >>> q.update(0.2)
    flip
    >>> q.update(0.1)
    score
    """

    def __init__(
        self, speed: Union[str, float] = "normal", on_skip: Optional[Callable[[], None]] = None
    ) -> None:
        self._factor = 1.0
        self.speed = speed
        #: Called at the end of ``skip()``: e.g. jump every sprite of the scene to its end.
        self.on_skip = on_skip
        self._steps: deque[Any] = deque()
        self._current: Optional[_Running] = None
        self._skipping = False

    def __repr__(self) -> str:
        return f"AnimationQueue(speed={self._factor}, busy={self.busy}, {len(self._steps)} queued)"

    def __len__(self) -> int:
        """Steps not yet started."""
        return len(self._steps)

    # Speed -----------------------------------------------------------------------------------
    @property
    def speed(self) -> float:
        """Duration multiplier; set it with a ``SPEED_FACTORS`` name or a number."""
        return self._factor

    @speed.setter
    def speed(self, value: Union[str, float]) -> None:
        if isinstance(value, str):
            if value not in SPEED_FACTORS:
                names = sorted(SPEED_FACTORS)
                raise ValueError(f"unknown animation speed {value!r}; one of {names}")
            value = SPEED_FACTORS[value]
        if value < 0:
            raise ValueError("speed factor must not be negative")
        self._factor = float(value)

    def duration(self, seconds: float) -> float:
        """``seconds`` scaled by the speed factor (0 while skipping)."""
        return 0.0 if self._skipping else seconds * self._factor

    # Building ---------------------------------------------------------------------------------
    def add(self, step: Any) -> "AnimationQueue":
        """Queue a step (a callable, ``parallel(...)`` or ``sequence(...)``)."""
        if not callable(step) and not hasattr(step, "_start_in"):
            raise TypeError(f"a step must be callable, got {step!r}")
        self._steps.append(step)
        return self

    then = add

    def call(self, fn: Callable[..., Any], *args: Any) -> "AnimationQueue":
        """Queue an instant step calling ``fn(*args)`` (its return value is ignored)."""

        def step() -> None:
            fn(*args)

        return self.add(step)

    def wait(self, seconds: float) -> "AnimationQueue":
        """Queue a pause of ``seconds`` (scaled by speed)."""
        return self.add(lambda: seconds)

    def wait_for(self, waitable: Any) -> "AnimationQueue":
        """Queue a wait on a ``.done`` object, sprite(s) or predicate."""
        return self.add(lambda: waitable)

    def parallel(self, *steps: Union[Step, Iterable[Step]]) -> "AnimationQueue":
        return self.add(parallel(*steps))

    def clear(self) -> None:
        """Drop everything without running it (e.g. leaving the scene)."""
        self._steps.clear()
        self._current = None

    # Running ------------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """True while a step runs or waits to run."""
        return self._current is not None or bool(self._steps)

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds; time a step doesn't use flows into the next one, so a
        zero speed factor runs every queued step within this call."""
        while True:
            if self._current is None:
                if not self._steps:
                    return
                self._current = self._start(self._steps.popleft())
            current = self._current
            left = current.advance(dt)
            if left is None:
                return
            if self._current is current:  # a step may have called skip() or clear()
                self._current = None
            dt = left

    def skip(self) -> None:
        """Finish everything now: remaining steps are started with zero durations."""
        self._skipping = True
        try:
            self._skip_steps()
        finally:
            self._skipping = False
        if self.on_skip is not None:
            self.on_skip()

    def _skip_steps(self) -> None:
        if self._current is not None:
            if _is_barrier(self._current) and self._current.advance(0.0) is None:
                return
            self._current.finish()
            self._current = None
        count = 0
        while self._steps and count < _MAX_SKIP_STEPS:
            running = self._start(self._steps.popleft())
            if _is_barrier(running) and running.advance(0.0) is None:
                self._current = running  # only the player ends it
                return
            running.finish()
            count += 1

    def _start(self, step: Any) -> _Running:
        if hasattr(step, "_start_in"):
            return step._start_in(self)
        return self._as_running(step())

    def _as_running(self, result: Any) -> _Running:
        if result is None or isinstance(result, bool):
            return _Instant()
        if isinstance(result, _Running):
            return result
        if isinstance(result, (int, float)):
            return _Timer(self.duration(float(result)))
        if hasattr(result, "done"):
            return _Until(lambda: bool(result.done), getattr(result, "finish", None),
                          isinstance(result, barrier))
        if hasattr(result, "animating"):
            result = [result]
        if isinstance(result, (list, tuple)) and all(hasattr(s, "animating") for s in result):
            waiter = until_settled(result)
            return _Until(lambda: waiter.done, waiter.finish)
        if callable(result):
            return _Until(lambda: bool(result()))
        raise TypeError(
            f"a step returned {result!r}; expected None, seconds, .done, sprites or a predicate"
        )


def _is_barrier(running: _Running) -> bool:
    return isinstance(running, _Until) and running.barrier
