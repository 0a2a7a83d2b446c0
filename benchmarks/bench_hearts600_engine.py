"""600 Hearts engine speed: random playouts of whole games at 2, 3 and 4 players, one core.

Run from anywhere: ``python benchmarks/bench_hearts600_engine.py [seconds]`` (default 4 s per
player count). Each playout is a game from a fresh seed in which a seeded ``random.Random``
picks a uniformly random legal action until someone reaches 600; the figures count rounds
(void deals not included) and actions; ``playout rounds/s`` is the same in the engine's
playout mode (``game.playout(rng)``: no events, no record). Then ``clone()`` and
``observation()`` (what a searching AI calls most) are timed on positions from such playouts.

Rates are per second of this process's CPU time (one core), so other work on the machine
disturbs them less; the wall-clock rate is shown beside them.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.playouts import measure, per_call, positions  # noqa: E402
from rules.hearts600 import Hearts600Game  # noqa: E402


def main(argv: list[str]) -> int:
    seconds = float(argv[1]) if len(argv) > 1 else 4.0
    print(f"600 Hearts random playouts, one core, Python {sys.version.split()[0]}, "
          f"{seconds:g} s per player count")
    print(f"  {'players':<8} {'games':>6} {'rounds':>7} {'rounds/game':>12} {'rounds/s':>9} "
          f"{'actions/s':>10} {'(wall rounds/s)':>16} {'playout rounds/s':>17}")
    for players in (2, 3, 4):
        def new(k: int, players: int = players) -> Hearts600Game:
            return Hearts600Game.new(k, players=players)
        measure(new, 0.3)  # warm-up
        games, rounds, actions, cpu, wall = measure(new, seconds)
        _g, quiet_rounds, _a, quiet_cpu, _w = measure(new, seconds / 2, quiet=True)
        quiet = quiet_rounds / quiet_cpu
        print(f"  {players:<8} {games:>6} {rounds:>7} {rounds / games:>12.2f} "
              f"{rounds / cpu:>9,.0f} {actions / cpu:>10,.0f} {rounds / wall:>16,.0f} "
              f"{f'{quiet:,.0f} (x{quiet * cpu / rounds:.2f})':>17}")
    positions_ = [g for g in positions(lambda k: Hearts600Game.new(k, players=2 + k % 3), 200)
                  if not g.is_over]
    clone_us, obs_us = (per_call(positions_, call, min(seconds, 2.0) / 2) for call in (
        lambda g: g.clone(), lambda g: g.observation(g.current_player)))
    print(f"  clone(): {clone_us:.2f} us each; observation(): {obs_us:.2f} us each")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
