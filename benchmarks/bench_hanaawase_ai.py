"""Hana-awase AI decision time: p50 / p95 / max per level, and decisions/s.

Each level plays every seat of self-play matches until it has made ``--decisions``
decisions; only the time inside ``choose`` is measured.

    python benchmarks/bench_hanaawase_ai.py [--decisions 3000]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.playouts import decision_times, report  # noqa: E402
from rules.hanaawase import HanaAwaseGame  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=3000)
    args = parser.parse_args()
    for level in ("easy", "normal"):
        times = decision_times("hanaawase", level, lambda k: HanaAwaseGame.new(1000 + k),
                               args.decisions)
        print(report(level, times))


if __name__ == "__main__":
    main()
