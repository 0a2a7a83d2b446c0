"""Yatsuhashi Solitaire solver: how many deals are winnable, and how fast the solver decides.

Run from anywhere: ``python benchmarks/bench_yatsuhashi_solver.py [--first 1] [--count 1000]
[--budget 10] [--max-nodes N] [--json]``. Each deal ``Game.deal(n)`` for ``n`` in
``first .. first + count - 1`` is given to ``rules.yatsuhashi_solver.solve`` with ``budget``
seconds (wall clock, the solver's own limit), one deal at a time on one core. The solver sees
the face-down cards, so "winnable" means: some line of play wins for a player who knew every
card.

Printed: the deals, the winnable count and share with its 95% Wilson score interval, the
not-winnable and undecided (out of time) counts, solve time p50/p95/max (CPU seconds of this
process, so other work on the machine disturbs them less), nodes (abstract positions
generated) p50/max, and the deal numbers that are not winnable or undecided. Every winning line
is replayed through the engine from a fresh ``Game.deal(n)`` and must end in a won game; the
failures are counted (there should be none).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a binomial share (95% for ``z`` = 1.96).

    >>> lo, hi = wilson(196, 200); round(lo, 4), round(hi, 4)
    (0.9497, 0.9922)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    """The ``q``-quantile (0-1) of ``values`` by the nearest-rank method.

    >>> percentile([5, 1, 4, 2, 3], 0.5), percentile([5, 1, 4, 2, 3], 0.95)
    (3, 5)
    """
    ordered = sorted(values)
    if not ordered:
        return 0.0
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


def replays_to_a_win(seed: int, moves: list) -> bool:
    """Does the line win when applied, move by move, to a fresh ``Game.deal(seed)``?"""
    from rules.yatsuhashi import Game, IllegalMoveError

    game = Game.deal(seed)
    try:
        for move in moves:
            game.apply(move)
    except IllegalMoveError:
        return False
    return game.is_won


def run(first: int, count: int, budget: float, max_nodes: int | None = None,
        progress: bool = False) -> dict:
    """Solve deals ``first .. first + count - 1``; return the figures as plain data."""
    from rules.yatsuhashi import Game
    from rules.yatsuhashi_solver import solve

    rows = []
    wall = time.perf_counter()
    for seed in range(first, first + count):
        game = Game.deal(seed)
        cpu = time.process_time()
        solution = solve(game, budget, max_nodes=max_nodes)
        cpu = time.process_time() - cpu
        replay_ok = None
        if solution.winnable:
            replay_ok = replays_to_a_win(seed, solution.moves)
        rows.append({"deal": seed, "winnable": solution.winnable, "seconds": cpu,
                     "nodes": solution.nodes, "line": len(solution.moves),
                     "replay_ok": replay_ok})
        if progress and (seed - first + 1) % 100 == 0:
            print(f"  ... {seed - first + 1} deals", file=sys.stderr, flush=True)
    wall = time.perf_counter() - wall
    winnable = [r["deal"] for r in rows if r["winnable"] is True]
    lost = [r["deal"] for r in rows if r["winnable"] is False]
    undecided = [r["deal"] for r in rows if r["winnable"] is None]
    times = [r["seconds"] for r in rows]
    nodes = [r["nodes"] for r in rows]
    lo, hi = wilson(len(winnable), len(rows))
    return {
        "first": first, "count": count, "budget": budget, "max_nodes": max_nodes,
        "python": sys.version.split()[0], "deals": len(rows), "winnable": len(winnable),
        "winnable_share": len(winnable) / len(rows) if rows else 0.0,
        "wilson95": [lo, hi], "not_winnable": len(lost), "undecided": len(undecided),
        "seconds_p50": percentile(times, 0.5), "seconds_p95": percentile(times, 0.95),
        "seconds_max": max(times, default=0.0), "nodes_p50": percentile(nodes, 0.5),
        "nodes_max": max(nodes, default=0), "not_winnable_deals": lost,
        "undecided_deals": undecided,
        "replay_failures": [r["deal"] for r in rows if r["replay_ok"] is False],
        "mean_line": (sum(r["line"] for r in rows if r["winnable"]) / len(winnable)
                      if winnable else 0.0),
        "wall_seconds": wall,
    }


def report(f: dict) -> str:
    """The figures as text."""
    lo, hi = f["wilson95"]
    budget = f"{f['budget']:g} s" + (f", {f['max_nodes']:,} nodes" if f["max_nodes"] else "")
    last = f["first"] + f["count"] - 1
    lines = [
        (f"Yatsuhashi solver, deals {f['first']}-{last}, budget {budget} per deal, one core, "
         f"Python {f['python']}"),
        f"  deals          {f['deals']}",
        (f"  winnable       {f['winnable']} ({100 * f['winnable_share']:.1f}%, "
         f"95% Wilson CI {100 * lo:.1f}-{100 * hi:.1f}%)"),
        f"  not winnable   {f['not_winnable']}",
        f"  undecided      {f['undecided']}",
        (f"  solve time     p50 {f['seconds_p50']:.3f} s, p95 {f['seconds_p95']:.3f} s, "
         f"max {f['seconds_max']:.3f} s (CPU)"),
        f"  nodes          p50 {f['nodes_p50']:,}, max {f['nodes_max']:,}",
        (f"  winning lines  {f['mean_line']:.1f} moves on average, "
         f"{len(f['replay_failures'])} replay failures"),
        f"  not winnable:  {' '.join(map(str, f['not_winnable_deals'])) or '-'}",
        f"  undecided:     {' '.join(map(str, f['undecided_deals'])) or '-'}",
        f"  wall time      {f['wall_seconds']:.1f} s",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument("--count", type=int, default=1000, help="deals (default 1000)")
    parser.add_argument("--budget", type=float, default=10.0,
                        help="seconds per deal (default 10)")
    parser.add_argument("--max-nodes", type=int, default=None,
                        help="also stop a deal after this many positions")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("--count must be at least 1")
    figures = run(args.first, args.count, args.budget, args.max_nodes,
                  progress=not args.json)
    print(json.dumps(figures, indent=2) if args.json else report(figures))
    return 1 if figures["replay_failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
