"""600 Hearts engine speed: random playouts of whole games at 2, 3 and 4 players, one core.

Run from anywhere: ``python benchmarks/bench_hearts600_engine.py [seconds]`` (default 4 s per
player count). Each playout is a game from a fresh seed in which a seeded ``random.Random``
picks a uniformly random legal action until someone reaches 600; the figures count rounds
(void deals not included) and actions. Then ``clone()`` and ``observation()`` (what a
searching AI calls most) are timed on positions from such playouts.

Rates are per second of this process's CPU time (one core), so other work on the machine
disturbs them less; the wall-clock rate is shown beside them.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules.hearts600 import Hearts600Game  # noqa: E402


def playout(seed: int, players: int, rng: random.Random) -> tuple[int, int]:
    """Play one game with uniformly random legal actions; return (rounds, actions)."""
    game = Hearts600Game.new(seed, players=players)
    actions = 0
    choice = rng.choice
    while not game.is_over:
        game.apply(choice(game.legal_actions()))
        actions += 1
    return len(game.history), actions


def measure(players: int, seconds: float, seed: int = 1) -> tuple[int, int, int, float, float]:
    """Play games for about ``seconds`` of CPU time; return (games, rounds, actions, CPU
    seconds, wall seconds)."""
    rng = random.Random(seed)
    games = rounds = actions = 0
    start, wall = time.process_time(), time.perf_counter()
    deadline = start + seconds
    while time.process_time() < deadline:
        r, a = playout(games, players, rng)
        rounds += r
        actions += a
        games += 1
    return games, rounds, actions, time.process_time() - start, time.perf_counter() - wall


def positions(count: int, seed: int = 1) -> list[Hearts600Game]:
    """``count`` positions taken at random points of random playouts (2, 3 and 4 players)."""
    rng = random.Random(seed)
    out: list[Hearts600Game] = []
    game_seed = 0
    while len(out) < count:
        game = Hearts600Game.new(game_seed, players=2 + game_seed % 3)
        game_seed += 1
        while not game.is_over and len(out) < count:
            game.apply(rng.choice(game.legal_actions()))
            if rng.random() < 0.1:
                out.append(game.clone())
    return out


def measure_calls(seconds: float) -> tuple[float, float]:
    """Microseconds per ``clone()`` and per ``observation(current seat)``."""
    games = [g for g in positions(200) if not g.is_over]
    out = []
    for call in (lambda g: g.clone(), lambda g: g.observation(g.current_player)):
        n = 0
        start = time.process_time()
        deadline = start + seconds / 2
        while time.process_time() < deadline:
            for g in games:
                call(g)
            n += len(games)
        out.append(1e6 * (time.process_time() - start) / n)
    return out[0], out[1]


def main(argv: list[str]) -> int:
    seconds = float(argv[1]) if len(argv) > 1 else 4.0
    print(f"600 Hearts random playouts, one core, Python {sys.version.split()[0]}, "
          f"{seconds:g} s per player count")
    print(f"  {'players':<8} {'games':>6} {'rounds':>7} {'rounds/game':>12} {'rounds/s':>9} "
          f"{'actions/s':>10} {'(wall rounds/s)':>16}")
    for players in (2, 3, 4):
        measure(players, 0.3)  # warm-up
        games, rounds, actions, cpu, wall = measure(players, seconds)
        print(f"  {players:<8} {games:>6} {rounds:>7} {rounds / games:>12.2f} "
              f"{rounds / cpu:>9,.0f} {actions / cpu:>10,.0f} {rounds / wall:>16,.0f}")
    clone_us, obs_us = measure_calls(min(seconds, 2.0))
    print(f"  clone(): {clone_us:.2f} us each; observation(): {obs_us:.2f} us each")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
