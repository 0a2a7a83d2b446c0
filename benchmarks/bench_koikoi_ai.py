"""Koi-Koi AI decision time: p50 / p95 / max per level, and decisions per second.

Each level plays both seats of self-play matches (Seed and Nintendo presets alternating) until it
has made ``--decisions`` decisions; only the time inside ``choose`` is measured.

    python benchmarks/bench_koikoi_ai.py [--decisions 3000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.base import make_agent  # noqa: E402
from rules.koikoi import KoiKoiGame, KoiKoiRules  # noqa: E402


def measure(level: str, decisions: int) -> list[float]:
    """Seconds per ``choose`` call over at least ``decisions`` calls."""
    times: list[float] = []
    presets = (KoiKoiRules(), KoiKoiRules.nintendo())
    match = 0
    while len(times) < decisions:
        game = KoiKoiGame.new(1000 + match, presets[match % 2])
        agents = [make_agent("koikoi", level, 2 * match + s) for s in range(2)]
        while not game.is_over and len(times) < decisions:
            p = game.current_player
            obs = game.observation(p)
            t0 = time.perf_counter()
            action = agents[p].choose(obs)
            times.append(time.perf_counter() - t0)
            game.apply(action)
        match += 1
    return times


def report(level: str, times: list[float]) -> str:
    ordered = sorted(times)
    q = statistics.quantiles(ordered, n=100)
    return (f"{level:<7} {len(times)} decisions: p50 {q[49] * 1e3:.3f} ms, "
            f"p95 {q[94] * 1e3:.3f} ms, max {ordered[-1] * 1e3:.3f} ms, "
            f"{len(times) / sum(times):,.0f} decisions/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=3000)
    args = parser.parse_args()
    for level in ("easy", "normal"):
        print(report(level, measure(level, args.decisions)))


if __name__ == "__main__":
    main()
