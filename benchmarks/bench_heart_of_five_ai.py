"""Heart of Five AI decision time: p50 / p95 / max per level and seat count, and decisions/s.

Each level plays every seat of self-play matches at 2 (27-card hands), 4 and 8 seats until it
has made ``--decisions`` decisions per seat count; only the time inside ``choose`` is measured.

    python benchmarks/bench_heart_of_five_ai.py [--decisions 3000]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.playouts import decision_times, report  # noqa: E402
from rules.heart_of_five import HeartOfFiveGame  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=3000)
    args = parser.parse_args()
    for players in (2, 4, 8):
        def new(k: int, players: int = players) -> HeartOfFiveGame:
            return HeartOfFiveGame.new(1000 + k, players=players)
        for level in ("easy", "normal"):
            times = decision_times("heart_of_five", level, new, args.decisions)
            print(f"{players} seats: " + report(level, times))


if __name__ == "__main__":
    main()
