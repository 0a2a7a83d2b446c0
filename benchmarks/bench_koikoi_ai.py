"""Koi-Koi AI decision time: p50 / p95 / max per level, and decisions per second.

Each level plays both seats of self-play matches (Seed and Nintendo presets alternating) until it
has made ``--decisions`` decisions; only the time inside ``choose`` is measured.

    python benchmarks/bench_koikoi_ai.py [--decisions 3000]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.playouts import decision_times, report  # noqa: E402
from rules.koikoi import KoiKoiGame, KoiKoiRules  # noqa: E402

PRESETS = (KoiKoiRules(), KoiKoiRules.nintendo())


def new(k: int) -> KoiKoiGame:
    """The k-th self-play match: the Seed and Nintendo presets alternate."""
    return KoiKoiGame.new(1000 + k, PRESETS[k % 2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=3000)
    args = parser.parse_args()
    for level in ("easy", "normal"):
        print(report(level, decision_times("koikoi", level, new, args.decisions)))


if __name__ == "__main__":
    main()
