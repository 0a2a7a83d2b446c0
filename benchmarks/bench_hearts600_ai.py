"""600 Hearts AI decision time: p50 / p95 / max per level and seat count, and decisions/s.

Each level plays every seat of self-play games at 2, 3 and 4 seats until it has made
``--decisions`` decisions per seat count; only the time inside ``choose`` is measured.

    python benchmarks/bench_hearts600_ai.py [--decisions 3000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.base import make_agent  # noqa: E402
from benchmarks.bench_koikoi_ai import report  # noqa: E402
from rules.hearts600 import Hearts600Game  # noqa: E402


def measure(level: str, players: int, decisions: int) -> list[float]:
    """Seconds per ``choose`` call over at least ``decisions`` calls."""
    times: list[float] = []
    g = 0
    while len(times) < decisions:
        game = Hearts600Game.new(1000 + g, players=players)
        agents = [make_agent("hearts600", level, players * g + s) for s in range(players)]
        while not game.is_over and len(times) < decisions:
            p = game.current_player
            assert p is not None
            obs = game.observation(p)
            t0 = time.perf_counter()
            action = agents[p].choose(obs)
            times.append(time.perf_counter() - t0)
            game.apply(action)
        g += 1
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=3000)
    args = parser.parse_args()
    for players in (2, 3, 4):
        for level in ("easy", "normal"):
            print(f"{players} seats: " + report(level, measure(level, players, args.decisions)))


if __name__ == "__main__":
    main()
