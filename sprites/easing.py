"""Easing curves: map linear progress ``t`` in [0, 1] to eased progress.

Every curve returns exactly 0.0 at ``t <= 0`` and exactly 1.0 at ``t >= 1`` (input is
clamped), so a tween always lands on its end value. ``ease_out_back`` overshoots slightly
above 1 before settling, which reads as a card "landing".

>>> ease_in_out_cubic(0.5)
0.5
>>> [f(1.0) for f in (linear, ease_in_quad, ease_out_cubic, ease_in_out_cubic, ease_out_back)]
[1.0, 1.0, 1.0, 1.0, 1.0]
"""

from __future__ import annotations

from typing import Callable

Easing = Callable[[float], float]

#: Overshoot amount of ``ease_out_back`` (the classic Penner constant, about 10 %).
BACK_OVERSHOOT = 1.70158


def _clamp(t: float) -> float:
    return 0.0 if t <= 0.0 else 1.0 if t >= 1.0 else float(t)


def linear(t: float) -> float:
    """Constant speed."""
    return _clamp(t)


def ease_in_quad(t: float) -> float:
    """Start slow, accelerate (cards leaving a pile)."""
    t = _clamp(t)
    return t * t


def ease_out_cubic(t: float) -> float:
    """Start fast, decelerate (cards arriving)."""
    t = _clamp(t)
    if t == 1.0:
        return 1.0
    u = 1.0 - t
    return 1.0 - u * u * u


def ease_in_out_cubic(t: float) -> float:
    """Slow at both ends (general moves and flips)."""
    t = _clamp(t)
    if t < 0.5:
        return 4.0 * t * t * t
    u = -2.0 * t + 2.0
    return 1.0 - u * u * u / 2.0


def ease_out_back(t: float) -> float:
    """Decelerate, overshoot the end a little, settle back (landing, snap-back)."""
    t = _clamp(t)
    if t == 0.0 or t == 1.0:
        return t  # the polynomial is only approximately 0 / 1 in floating point
    c1 = BACK_OVERSHOOT
    c3 = c1 + 1.0
    u = t - 1.0
    return 1.0 + c3 * u * u * u + c1 * u * u


#: Names for settings files and debugging.
EASINGS: dict[str, Easing] = {
    "linear": linear,
    "ease_in_quad": ease_in_quad,
    "ease_out_cubic": ease_out_cubic,
    "ease_in_out_cubic": ease_in_out_cubic,
    "ease_out_back": ease_out_back,
}
