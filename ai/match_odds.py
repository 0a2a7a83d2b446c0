"""A two-player match's odds from its standing: what a deal's points are worth to the match.

A searching AI that stops looking at the end of a deal must say what the deal's outcome means
for the match: 6 points are nearly nothing in the first deal of twelve and everything when the
other player stands at 48 of 50. These tables answer "the chance I win the match from here",
assuming both players as good as each other, from how many points a deal gives its winner
(``deal_points``: counts by points, measured in self-play; 0 a deal nobody won).

Two ways a match ends: the first to reach a target score (``race_odds``) or the better total
after a number of deals (``rounds_odds``). Both are worked out once per distribution and kept.

>>> points = ((0, 2), (1, 4), (6, 4))   # draws 20%, else 1 point (40%) or 6 (40%)
>>> odds = race_odds(points, target=7)
>>> round(odds(0, 0), 3), odds(6, 0) > odds(0, 0) > odds(0, 6)
(0.5, True)
>>> round(rounds_odds(points, 1)(3, 1), 3)     # one deal left, 3 ahead: lost only to a 6
0.8
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable, Sequence

Distribution = Sequence[tuple[int, int]]


def _shares(points: Distribution) -> tuple[float, list[tuple[int, float]]]:
    """The chance of a deal nobody wins, and (points, chance that one named player wins
    them) for the rest: the two players alike, each wins half of the other deals."""
    total = sum(n for _, n in points)
    if total <= 0 or any(n < 0 for _, n in points):
        raise ValueError(f"deal_points: counts must be positive, got {list(points)}")
    draw = sum(n for p, n in points if p <= 0) / total
    return draw, [(p, n / (2 * total)) for p, n in points if p > 0]


@lru_cache(maxsize=8)
def race_odds(points: Distribution, target: int) -> Callable[[int, int], float]:
    """``odds(mine, theirs)``: the chance of reaching ``target`` first from these scores.

    >>> race_odds(((1, 1),), target=2)(1, 1)   # one point a deal: the next deal decides
    0.5
    """
    draw, shares = _shares(tuple(points))
    if draw >= 1.0:
        raise ValueError("deal_points: every deal a draw, a race never ends")
    table = [[0.0] * target for _ in range(target)]
    # From the highest scores down: every deal moves one score up (or none: a draw).
    for a in range(target - 1, -1, -1):
        for b in range(target - 1, -1, -1):
            s = 0.0
            for p, q in shares:
                s += q * (1.0 if a + p >= target else table[a + p][b])
                s += q * (0.0 if b + p >= target else table[a][b + p])
            table[a][b] = s / (1.0 - draw)

    def odds(mine: int, theirs: int) -> float:
        if mine >= target:
            return 1.0 if theirs < target or mine > theirs else 0.5
        if theirs >= target:
            return 0.0
        return table[max(0, mine)][max(0, theirs)]
    return odds


@lru_cache(maxsize=8)
def rounds_odds(points: Distribution, deals: int) -> Callable[[int, int], float]:
    """``odds(lead, deals_left)``: the chance of ending ``deals_left`` deals ahead (a tie
    counts half) from a lead of ``lead`` points; ``deals`` is the most ever left.

    >>> rounds_odds(((1, 1),), 3)(0, 0), rounds_odds(((1, 1),), 3)(-1, 0)
    (0.5, 0.0)
    """
    draw, shares = _shares(tuple(points))
    # Leads past ``top`` are as good as decided (kept small: the table is worked out in Python).
    top = min(400, max([p for p, _ in shares] or [0]) * max(1, deals) + 1)
    rows = [[1.0 if d > 0 else 0.5 if d == 0 else 0.0 for d in range(-top, top + 1)]]
    for _ in range(deals):
        last = rows[-1]
        at = [last[max(-top, min(top, d)) + top] for d in range(-3 * top, 3 * top + 1)]
        rows.append([draw * at[d + 3 * top] + sum(q * (at[d + p + 3 * top] + at[d - p + 3 * top])
                                                  for p, q in shares)
                     for d in range(-top, top + 1)])

    def odds(lead: int, deals_left: int) -> float:
        row = rows[max(0, min(deals, deals_left))]
        return row[max(-top, min(top, lead)) + top]
    return odds


def best_share(scores: Sequence[float], seat: int, spread: float,
               lower_wins: bool = False) -> float:
    """A soft chance that ``seat`` finishes with the best score, for games of more than two
    seats: each seat's exp(score / spread) over their sum (``lower_wins``: the lowest score is
    best). ``spread``: how many points the rest of the game may still swing (widen it when much
    is left).

    >>> round(best_share([10, 10, 10], 0, spread=20), 3)
    0.333
    >>> best_share([50, 0], 0, spread=20) > 0.9, best_share([50, 0], 0, 20, lower_wins=True) < 0.1
    (True, True)
    """
    sign = -1.0 if lower_wins else 1.0
    top = max(sign * v for v in scores)
    weights = [math.exp((sign * v - top) / spread) for v in scores]
    return weights[seat] / sum(weights)
