"""Hana-awase engine speed: random playouts of whole twelve-deal matches, one core.

Run from anywhere: ``python benchmarks/bench_hanaawase_engine.py [seconds]`` (default 4 s per
setting). Each playout is a match from a fresh seed in which a seeded ``random.Random`` picks a
uniformly random legal action until the twelfth deal ends; the figures count deals and
actions, with stealing from piles on (the seed rules) and off; ``playout deals/s`` is the same
in the engine's playout mode (``game.playout(rng)``: no events, no record). Then ``clone()``
and ``observation()`` are timed on positions from such playouts.

Rates are per second of this process's CPU time (one core); the wall-clock rate beside them.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.playouts import measure, per_call, positions  # noqa: E402
from rules.hanaawase import HanaAwaseGame, HanaAwaseRules  # noqa: E402


def main(argv: list[str]) -> int:
    seconds = float(argv[1]) if len(argv) > 1 else 4.0
    print(f"Hana-awase random playouts, one core, Python {sys.version.split()[0]}, "
          f"{seconds:g} s per setting")
    print(f"  {'stealing':<9} {'matches':>7} {'deals':>6} {'deals/s':>8} {'actions/s':>10} "
          f"{'(wall deals/s)':>15} {'playout deals/s':>16}")
    for steal in (True, False):
        rules = HanaAwaseRules(steal_from_piles=steal)

        def new(k: int, rules: HanaAwaseRules = rules) -> HanaAwaseGame:
            return HanaAwaseGame.new(k, rules)
        measure(new, 0.3)  # warm-up
        games, deals, actions, cpu, wall = measure(new, seconds)
        _g, quiet_deals, _a, quiet_cpu, _w = measure(new, seconds / 2, quiet=True)
        quiet = quiet_deals / quiet_cpu
        print(f"  {'on' if steal else 'off':<9} {games:>7} {deals:>6} {deals / cpu:>8,.0f} "
              f"{actions / cpu:>10,.0f} {deals / wall:>15,.0f} "
              f"{f'{quiet:,.0f} (x{quiet * cpu / deals:.2f})':>16}")
    positions_ = [g for g in positions(HanaAwaseGame.new, 200) if not g.is_over]
    clone_us, obs_us = (per_call(positions_, call, min(seconds, 2.0) / 2) for call in (
        lambda g: g.clone(), lambda g: g.observation(g.current_player)))
    print(f"  clone(): {clone_us:.2f} us each; observation(): {obs_us:.2f} us each")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
