"""Koi-Koi engine speed: random playouts of whole rounds on one core.

Run from anywhere: ``python benchmarks/bench_koikoi_engine.py [seconds]`` (default 4 s per
preset). Each playout is a match from a fresh seed in which a seeded ``random.Random`` picks a
uniformly random legal action until the match ends; the figures count rounds (void deals not
included) and actions. The engine's target (the issue) is 5,000 rounds per second. Then
``clone()`` (what a searching AI copies states with) is timed on positions from such playouts.

Rates are per second of this process's CPU time (one core), so other work on the machine
disturbs them less; the wall-clock rate is shown beside them.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.playouts import measure, per_call, positions  # noqa: E402
from rules.koikoi import KoiKoiGame, KoiKoiRules  # noqa: E402

PRESETS = {"Seed": KoiKoiRules(), "Nintendo": KoiKoiRules.nintendo()}


def main(argv: list[str]) -> int:
    seconds = float(argv[1]) if len(argv) > 1 else 4.0
    print(f"Koi-Koi random playouts, one core, Python {sys.version.split()[0]}, "
          f"{seconds:g} s per preset")
    print(f"  {'preset':<9} {'rounds':>8} {'actions':>9} {'rounds/s':>10} {'actions/s':>11} "
          f"{'(wall rounds/s)':>16}")
    for name, rules in PRESETS.items():
        def new(k: int, rules: KoiKoiRules = rules) -> KoiKoiGame:
            return KoiKoiGame.new(k, rules)
        measure(new, 0.3)  # warm-up
        _games, rounds, actions, cpu, wall = measure(new, seconds)
        print(f"  {name:<9} {rounds:>8} {actions:>9} {rounds / cpu:>10,.0f} "
              f"{actions / cpu:>11,.0f} {rounds / wall:>16,.0f}")
    games = positions(lambda k: KoiKoiGame.new(k, list(PRESETS.values())[k % 2]), 200)
    us = per_call(games, lambda g: g.clone(), min(seconds, 2.0))
    print(f"  clone(): {1e6 / us:,.0f} clones/s ({us:.2f} us each)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
