"""Koi-Koi engine speed: random playouts of whole rounds on one core, normal and playout mode.

Run from anywhere: ``python benchmarks/bench_koikoi_engine.py [seconds] [--result]`` (default
4 s per preset and mode; ``--result``: end with a line ``RESULT {json}`` for
``python -m benchmarks``, whose ``rounds_per_s`` is the slower preset's playout-mode rate).

Each playout is a match from a fresh seed in which a seeded ``random.Random`` picks a uniformly
random legal action until the match ends; the figures count rounds (void deals not included)
and actions. ``normal`` applies the actions one by one (``apply``: events, the action list,
what the tables and saves use); ``playout`` is the engine's playout mode (``game.playout(rng)``:
no events, no record, the field and piles as bit sets only, the turns of a deal in one loop:
``rules/koikoi_playout.py``; its actions are not counted). The
targets (the issues): 5,000 rounds per second in the normal mode, 12,000 in the playout mode.
Then ``clone()`` (what a searching AI copies states with), plain and into playout mode, is
timed on positions from such playouts.

Rates are per second of this process's CPU time (one core), so other work on the machine
disturbs them less; the wall-clock rate is shown beside them. Each rate is the best of ten
trials that play the same games, the presets and modes taking turns
(``benchmarks.playouts.trials``): the machine's own speed drifts, by up to half within
seconds, and a slower trial measures that drift; every trial's rate is printed too.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.playouts import measure, per_call, positions, trials  # noqa: E402
from rules.koikoi import KoiKoiGame, KoiKoiRules  # noqa: E402

PRESETS = {"Seed": KoiKoiRules(), "Nintendo": KoiKoiRules.nintendo()}
#: Each rate is the best of this many trials, the runs taking turns (``benchmarks.playouts.trials``)
TRIALS = 10


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Koi-Koi engine speed")
    parser.add_argument("seconds", nargs="?", type=float, default=4.0,
                        help="CPU seconds per preset and mode (default 4)")
    parser.add_argument("--result", action="store_true",
                        help="end with a line RESULT {json} (python -m benchmarks reads it)")
    args = parser.parse_args(argv[1:])
    seconds = args.seconds
    rates: dict[str, dict[str, float]] = {"normal": {}, "playout": {}}
    spread: dict[str, list[int]] = {}  # each trial's rounds/s, slowest first
    print(f"Koi-Koi random playouts, one core, Python {sys.version.split()[0]}, "
          f"{seconds:g} s per preset and mode")
    print(f"  {'preset':<9} {'mode':<8} {'rounds':>8} {'actions':>9} {'rounds/s':>10} "
          f"{'actions/s':>11} {'(wall rounds/s)':>16}")
    runs = {}
    for name, rules in PRESETS.items():
        def new(k: int, rules: KoiKoiRules = rules) -> KoiKoiGame:
            return KoiKoiGame.new(k, rules)
        for quiet in (False, True):
            measure(new, 0.3, quiet=quiet)  # warm-up
            runs[f"{name} {'playout' if quiet else 'normal'}"] = (new, quiet)
    got = trials(runs, seconds, TRIALS)
    for run, (rounds_per_s, (_games, rounds, actions, cpu, wall)) in got.items():
        name, mode = run.split()
        rate = max(rounds_per_s)
        rates[mode][name] = round(rate)
        spread[run] = sorted(map(round, rounds_per_s))
        if mode == "playout":
            normal = rates["normal"][name]
            counted = f"{'-':>9} {rate:>10,.0f} {f'(x{rate / normal:.2f})':>11}"
        else:
            counted = f"{actions:>9} {rate:>10,.0f} {actions / cpu:>11,.0f}"
        print(f"  {name:<9} {mode:<8} {rounds:>8} {counted} {rounds / wall:>16,.0f}")
    games = positions(lambda k: KoiKoiGame.new(k, list(PRESETS.values())[k % 2]), 200)
    us = per_call(games, lambda g: g.clone(), min(seconds, 2.0) / 2)
    quiet_us = per_call(games, lambda g: g.clone(playout=True), min(seconds, 2.0) / 2)
    print(f"  clone(): {1e6 / us:,.0f} clones/s ({us:.2f} us each); clone(playout=True): "
          f"{1e6 / quiet_us:,.0f} clones/s ({quiet_us:.2f} us each)")
    print("  every trial's rounds/s (the best is the figure above): "
          + "; ".join(f"{k} {', '.join(f'{r:,}' for r in v)}" for k, v in spread.items()))
    if args.result:
        print("RESULT " + json.dumps({"rounds_per_s": min(rates["playout"].values()), **rates,
                                      "trials": spread,
                                      "clones_per_s": round(1e6 / us),
                                      "playout_clones_per_s": round(1e6 / quiet_us)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
