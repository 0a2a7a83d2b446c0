"""Yatsuhashi Solitaire solver: how many deals are winnable, and how fast the solver decides.

Run from anywhere: ``python benchmarks/bench_yatsuhashi_solver.py [--deals 1-3000]
[--max-nodes N] [--seconds S] [--memory K] [--rows FILE] [--json]`` (``--first``/``--count``
still work). Each deal ``Game.deal(n)`` of the range is given to
``ai.yatsuhashi_solver.solve`` (the rules' search, ``rules.yatsuhashi.solve_within``, with a
wall-clock cap) with the game's budget (``ai.yatsuhashi.SOLVER_NODES`` positions, and
``WALL_CAP`` seconds of wall clock as a last resort), one deal at a time on one
core. The solver sees the face-down cards, so "winnable" means: some line of play wins for a
player who knew every card.

Printed: the deals, decided and undecided (out of budget), the winnable count and share with
its 95% Wilson score interval, solve time p50/p95/max (CPU seconds of this process,
``time.process_time()``, so other work on the machine disturbs them less; ``--repeat N``: the
best of N solves of each deal whose time could bear on the p95), nodes (abstract
positions generated) p50/p95/max, and the deal numbers that are not winnable or undecided.
Every winning line is replayed through the engine (``Game.apply``, move by move) from a fresh
``Game.deal(n)`` and must end in a won game; the failures are counted (there should be none).

Then the memory of the solver's process for the ``K`` hardest deals (most nodes): each is
solved again in a fresh ``ai.background.ProcessWorker`` child, as the game does, which reports
its peak and after-job resident memory; whether the child retired after the job (over
``ai.background.RETIRE_ABOVE``), and the resident memory of the fresh child that serves the next
request.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

MB = 2**20


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


def deal_range(text: str) -> range:
    """``"1-3000"`` (or ``"7"``) as a range of deal numbers.

    >>> deal_range("1-3000"), deal_range("7")
    (range(1, 3001), range(7, 8))
    """
    first, _, last = text.partition("-")
    try:
        a, b = int(first), int(last or first)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected FIRST-LAST, got {text!r}") from None
    if a < 1 or b < a:
        raise argparse.ArgumentTypeError(f"expected 1 <= FIRST <= LAST, got {text!r}")
    return range(a, b + 1)


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


def solve_and_measure(seed: int, seconds: float, max_nodes: int | None) -> dict:
    """A job for the solver's child process: deal ``seed`` solved as the game does, with the
    process's resident memory after the job and at its peak (bytes)."""
    from ai.background import resident_bytes
    from ai.yatsuhashi import solve_deal

    _, winnable, _ = solve_deal(seed, seconds, max_nodes or NO_LIMIT)
    after = resident_bytes()
    return {"winnable": winnable, "after": after, "peak": max(peak_bytes(), after)}


def peak_bytes() -> int:
    """This process's peak resident memory in bytes: Linux's VmHWM (``ru_maxrss`` would carry
    the parent's peak over into a child started by fork and exec), else ``ru_maxrss``."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        return 0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def child_memory(seeds: list[int], seconds: float, max_nodes: int | None) -> list[dict]:
    """Solve each deal in a fresh solver process (``ProcessWorker``, default retiring); its
    peak and after-job memory, whether it retired, and the next child's memory (bytes)."""
    from ai.background import ProcessWorker

    out = []
    for seed in seeds:
        w = ProcessWorker()
        try:
            w.request(f"{__name__}:solve_and_measure", seed, seconds, max_nodes)
            if not w.wait(seconds + 60):
                raise TimeoutError(f"deal {seed}: no answer from the solver's process")
            row = {"deal": seed, **w.poll(), "retired": w.retirements == 1}
            w.request("ai.background:resident_bytes")   # the next request's child
            w.wait(60)
            row["next"] = w.poll()
            out.append(row)
        finally:
            w.close()
    return out


#: ``--max-nodes 0``: a budget no search reaches (the wall-clock cap alone stops it).
NO_LIMIT = 2**62

#: With ``--repeat``, a deal is solved again only if its time could bear on the p95: above
#: the first bound (a p95 this low is far below any measured) and below the second (a time
#: this long is far above it).
REPEAT_BETWEEN = (0.05, 2.0)


def _memo_sizes() -> tuple[int, int]:
    """The sizes of the search module's memos (``rules.yatsuhashi_search._HMEMO``,
    ``_COHERENT``: they outlive a search, so a deal solved again would find its own entries
    there and run faster)."""
    from rules import yatsuhashi_search as solver
    return len(solver._HMEMO), len(solver._COHERENT)


def _forget_since(sizes: tuple[int, int]) -> bool:
    """Remove the memos' entries added since they had ``sizes`` (dicts keep the order of
    insertion: the newest are last), so that a repeated solve starts as the first did;
    False if a memo was cleared meanwhile (it cannot be put back as it was).

    >>> from rules import yatsuhashi_search as solver
    >>> before = _memo_sizes()
    >>> solver._HMEMO[b"not a key"] = 0
    >>> _forget_since(before), _memo_sizes() == before
    (True, True)
    """
    from rules import yatsuhashi_search as solver
    for memo, size in zip((solver._HMEMO, solver._COHERENT), sizes):
        added = len(memo) - size
        if added < 0:
            return False
        for key in list(itertools.islice(reversed(memo), added)):
            del memo[key]
    return True


def run(deals: range, seconds: float, max_nodes: int | None, memory: int = 0,
        progress: bool = False, rows_file: str | None = None, repeat: int = 1) -> dict:
    """Solve ``deals``; return the figures as plain data. ``repeat``: a deal whose time lies
    in ``REPEAT_BETWEEN`` is solved that many times in all, and its best time counted (the
    search is the same each time; this machine's speed drifts by up to half within seconds)."""
    from ai.yatsuhashi_solver import solve
    from rules.yatsuhashi import Game

    rows = []
    sink = open(rows_file, "w") if rows_file else None   # noqa: SIM115 - closed below
    wall = time.perf_counter()
    try:
        for k, seed in enumerate(deals, 1):
            game = Game.deal(seed)
            memos = _memo_sizes()
            cpu = time.process_time()
            solution = solve(game, max_nodes or NO_LIMIT, seconds=seconds)
            cpu = time.process_time() - cpu
            if REPEAT_BETWEEN[0] < cpu < REPEAT_BETWEEN[1]:
                for _ in range(repeat - 1):
                    if not _forget_since(memos):
                        break
                    again = time.process_time()
                    solve(Game.deal(seed), max_nodes or NO_LIMIT, seconds=seconds)
                    cpu = min(cpu, time.process_time() - again)
            replay_ok = None
            if solution.winnable:
                replay_ok = replays_to_a_win(seed, solution.moves)
            row = {"deal": seed, "winnable": solution.winnable, "seconds": cpu,
                   "nodes": solution.nodes, "line": len(solution.moves),
                   "replay_ok": replay_ok}
            rows.append(row)
            if sink:
                sink.write(json.dumps(row) + "\n")
                sink.flush()
            if progress and k % 100 == 0:
                print(f"  ... {k} deals", file=sys.stderr, flush=True)
    finally:
        if sink:
            sink.close()
    wall = time.perf_counter() - wall
    winnable = [r["deal"] for r in rows if r["winnable"] is True]
    lost = [r["deal"] for r in rows if r["winnable"] is False]
    undecided = [r["deal"] for r in rows if r["winnable"] is None]
    times = [r["seconds"] for r in rows]
    nodes = [r["nodes"] for r in rows]
    decided = len(winnable) + len(lost)
    lo, hi = wilson(len(winnable), decided)
    hardest = sorted(rows, key=lambda r: -r["nodes"])[:memory]
    slowest = max(rows, key=lambda r: r["seconds"], default=None)
    return {
        "first": deals.start, "last": deals.stop - 1, "seconds": seconds,
        "max_nodes": max_nodes, "python": sys.version.split()[0], "deals": len(rows),
        "decided": decided, "winnable": len(winnable),
        "winnable_share": len(winnable) / decided if decided else 0.0,
        "wilson95": [lo, hi], "not_winnable": len(lost), "undecided": len(undecided),
        "seconds_p50": percentile(times, 0.5), "seconds_p95": percentile(times, 0.95),
        "seconds_max": max(times, default=0.0),
        "slowest_deal": slowest["deal"] if slowest else None,
        "nodes_p50": percentile(nodes, 0.5), "nodes_p95": percentile(nodes, 0.95),
        "nodes_max": max(nodes, default=0),
        "hardest": [{"deal": r["deal"], "nodes": r["nodes"], "seconds": r["seconds"],
                     "winnable": r["winnable"]} for r in hardest],
        "not_winnable_deals": lost, "undecided_deals": undecided,
        "replay_failures": [r["deal"] for r in rows if r["replay_ok"] is False],
        "mean_line": (sum(r["line"] for r in rows if r["winnable"]) / len(winnable)
                      if winnable else 0.0),
        "wall_seconds": wall,
        "memory": child_memory([r["deal"] for r in hardest], seconds, max_nodes),
    }


_VERDICT = {True: "winnable", False: "not winnable", None: "undecided"}


def report(f: dict) -> str:
    """The figures as text."""
    lo, hi = f["wilson95"]
    budget = (f"{f['max_nodes']:,} positions" if f["max_nodes"] else "no position limit")
    budget += f" (wall-clock cap {f['seconds']:g} s)"
    lines = [
        (f"Yatsuhashi solver, deals {f['first']}-{f['last']}, budget {budget} per deal, "
         f"one core, Python {f['python']}"),
        f"  deals          {f['deals']}: {f['decided']} decided, {f['undecided']} undecided",
        (f"  winnable       {f['winnable']} of the decided ({100 * f['winnable_share']:.1f}%, "
         f"95% Wilson CI {100 * lo:.1f}-{100 * hi:.1f}%)"),
        f"  not winnable   {f['not_winnable']}",
        (f"  solve time     p50 {f['seconds_p50']:.3f} s, p95 {f['seconds_p95']:.3f} s, "
         f"max {f['seconds_max']:.2f} s (deal {f['slowest_deal']}; CPU)"),
        (f"  nodes          p50 {f['nodes_p50']:,}, p95 {f['nodes_p95']:,}, "
         f"max {f['nodes_max']:,}"),
        (f"  winning lines  {f['mean_line']:.1f} moves on average, "
         f"{len(f['replay_failures'])} replay failures"
         + (f" ({' '.join(map(str, f['replay_failures']))})" if f["replay_failures"] else "")),
        f"  not winnable:  {' '.join(map(str, f['not_winnable_deals'])) or '-'}",
        f"  undecided:     {' '.join(map(str, f['undecided_deals'])) or '-'}",
        "  hardest:       " + (", ".join(
            f"{h['deal']} ({h['nodes']:,} nodes, {h['seconds']:.1f} s, {_VERDICT[h['winnable']]})"
            for h in f["hardest"]) or "-"),
        f"  wall time      {f['wall_seconds']:.1f} s",
    ]
    if f["memory"]:
        lines.append("  solver process memory (a fresh child per deal, resident MB):")
        for m in f["memory"]:
            lines.append(
                f"    deal {m['deal']}: peak {m['peak'] / MB:.0f}, after the job "
                f"{m['after'] / MB:.0f}, {'retired' if m['retired'] else 'kept'}; "
                f"next request's child {m['next'] / MB:.0f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    from ai.yatsuhashi import SOLVER_NODES, WALL_CAP

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=deal_range, default=None,
                        help="deal numbers FIRST-LAST (default 1-1000)")
    parser.add_argument("--first", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument("--count", type=int, default=1000, help="deals (default 1000)")
    parser.add_argument("--max-nodes", type=int, default=SOLVER_NODES,
                        help=f"positions per deal (default {SOLVER_NODES:,}, the game's; "
                             "0: no limit)")
    parser.add_argument("--seconds", "--budget", type=float, default=WALL_CAP,
                        help=f"wall-clock cap per deal (default {WALL_CAP:g} s, the game's)")
    parser.add_argument("--memory", type=int, default=5,
                        help="hardest deals to measure the solver process's memory on "
                             "(default 5; 0: none)")
    parser.add_argument("--repeat", type=int, default=1,
                        help="solve each deal whose time could bear on the p95 this many "
                             "times, its best time counted (default 1)")
    parser.add_argument("--rows", default=None, help="also write one JSON line per deal here")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--result", action="store_true",
                        help="end with a line RESULT {json} (python -m benchmarks reads it)")
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error("--count must be at least 1")
    deals = args.deals or range(args.first, args.first + args.count)
    figures = run(deals, args.seconds, args.max_nodes or None, max(0, args.memory),
                  progress=not args.json, rows_file=args.rows, repeat=max(1, args.repeat))
    print(json.dumps(figures, indent=2) if args.json else report(figures))
    if args.result:
        print("RESULT " + json.dumps(figures))
    return 1 if figures["replay_failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
