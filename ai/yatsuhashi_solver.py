"""The Yatsuhashi solver as the table's jobs run it: the rules' search with a wall-clock cap.

The search itself is the rules': ``rules.yatsuhashi.solve_within(game, max_nodes)`` (and the
public ``rules.yatsuhashi.solve(game, seconds)``, docs/api.md), a budget of positions generated,
with no clock, so a position gets the same answer on every machine and under any load; its
workings are ``rules.yatsuhashi_search``'s docstring. The rules read no clock, so the one thing
added here is the clock: ``solve(game, max_nodes, seconds=cap)`` also gives up, undecided,
once ``seconds`` of wall clock have gone by, looked at between slices of a thousand positions
(``ai.yatsuhashi``'s jobs: a last resort that keeps a runaway search on a slow machine from
holding the solver's process). Without ``seconds`` it is ``solve_within`` itself.

>>> from rules.yatsuhashi import Game
>>> g = Game.from_layout([["3R", "2R", "1R"], []], [], face_down=[0, 0])
>>> s = solve(g, 1_000, seconds=60.0); s.winnable, [str(m) for m in s.moves]
(True, ['collect akatan 1R,2R,3R'])
"""

from __future__ import annotations

import time

from rules.engine import LayoutError
from rules.yatsuhashi import Game, Solution, solve_within


def solve(game: Game, max_nodes: int, *, seconds: float | None = None) -> Solution:
    """``rules.yatsuhashi.solve_within(game, max_nodes)``, and, if ``seconds`` is given,
    ``.winnable`` None once that much wall clock has gone by (looked at every thousand
    positions). Arguments of the wrong type raise rules.engine.LayoutError naming them."""
    if seconds is None:
        return solve_within(game, max_nodes)
    if type(seconds) not in (int, float) or not seconds >= 0:   # (NaN is not >= 0)
        raise LayoutError(f"seconds: expected a number of seconds, got {seconds!r:.40}")
    deadline = time.perf_counter() + float(seconds)
    return solve_within(game, max_nodes, stop=lambda: time.perf_counter() > deadline)


__all__ = ["Solution", "solve"]
