"""A deterministic, ``dt``-driven interpolation between two values.

>>> from sprites.easing import linear
>>> tw = Tween((0.0, 0.0), (100.0, 50.0), duration=2.0, easing=linear, delay=1.0)
>>> tw.update(1.0); tw.value          # still in the delay
0.0
(0.0, 0.0)
>>> tw.update(1.0); tw.value
0.0
(50.0, 25.0)
>>> tw.update(5.0); tw.value, tw.done  # 4 s left over after finishing
4.0
((100.0, 50.0), True)
"""

from __future__ import annotations

from typing import Union

from sprites.easing import Easing, ease_in_out_cubic

Value = Union[float, tuple[float, ...]]

#: Time tolerance: ten frames of 0.1 s sum to 0.9999999999999999, which must count as 1 s.
EPSILON = 1e-9


class Tween:
    """Interpolate a float or a tuple of floats from ``start`` to ``end``.

    ``duration`` and ``delay`` are in seconds; time only passes through ``update(dt)``
    (no clock is read). A zero duration with no delay is done at once. Once done,
    ``value`` is exactly ``end`` whatever the easing's rounding.
    """

    __slots__ = ("start", "end", "duration", "delay", "easing", "elapsed")

    def __init__(
        self,
        start: Value,
        end: Value,
        duration: float,
        easing: Easing = ease_in_out_cubic,
        delay: float = 0.0,
    ) -> None:
        if isinstance(start, tuple) != isinstance(end, tuple) or (
            isinstance(start, tuple) and len(start) != len(end)  # type: ignore[arg-type]
        ):
            raise ValueError(f"start {start!r} and end {end!r} differ in shape")
        self.start = _as_floats(start)
        self.end = _as_floats(end)
        self.duration = max(0.0, float(duration))
        self.delay = max(0.0, float(delay))
        self.easing = easing
        self.elapsed = 0.0

    # Time -------------------------------------------------------------------------------
    def update(self, dt: float) -> float:
        """Advance by ``dt`` seconds; return the time left over after finishing (else 0)."""
        if dt < 0:
            raise ValueError("dt must not be negative")
        total = self.delay + self.duration
        before = self.elapsed
        self.elapsed = min(total, before + dt)
        if self.elapsed >= total - EPSILON:
            self.elapsed = total
        return max(0.0, before + dt - total)

    def finish(self) -> None:
        """Jump to the end (used by "skip animations")."""
        self.elapsed = self.delay + self.duration

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration - EPSILON

    @property
    def waiting(self) -> bool:
        """True while still in the initial delay."""
        return self.elapsed < self.delay - EPSILON

    @property
    def remaining(self) -> float:
        """Seconds until done (delay included)."""
        return max(0.0, self.delay + self.duration - self.elapsed)

    # Value ------------------------------------------------------------------------------
    @property
    def progress(self) -> float:
        """Linear progress in [0, 1] (0 during the delay)."""
        if self.done:
            return 1.0
        if self.duration <= 0.0:
            return 0.0
        return max(0.0, (self.elapsed - self.delay) / self.duration)

    @property
    def eased(self) -> float:
        """``easing(progress)``; exactly 1.0 once done."""
        return 1.0 if self.done else self.easing(self.progress)

    @property
    def value(self) -> Value:
        if self.done:
            return self.end
        k = self.eased
        if isinstance(self.start, tuple):
            pairs = zip(self.start, self.end)  # type: ignore[arg-type]
            return tuple(a + (b - a) * k for a, b in pairs)
        return self.start + (self.end - self.start) * k  # type: ignore[operator]

    def __repr__(self) -> str:
        return (
            f"Tween({self.start!r} -> {self.end!r}, {self.elapsed:.3f}/"
            f"{self.delay:.3f}+{self.duration:.3f}s)"
        )


def _as_floats(v: Value) -> Value:
    if isinstance(v, tuple):
        return tuple(float(x) for x in v)
    return float(v)
