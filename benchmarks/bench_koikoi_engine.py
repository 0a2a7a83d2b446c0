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

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules.koikoi import KoiKoiGame, KoiKoiRules  # noqa: E402

PRESETS = {"Seed": KoiKoiRules(), "Nintendo": KoiKoiRules.nintendo()}


def playout(seed: int, rules: KoiKoiRules, rng: random.Random) -> tuple[int, int]:
    """Play one match with uniformly random legal actions; return (rounds, actions)."""
    game = KoiKoiGame.new(seed, rules)
    actions = 0
    choice = rng.choice
    while not game.is_over:
        game.apply(choice(game.legal_actions()))
        actions += 1
    return len(game.history), actions


def measure(rules: KoiKoiRules, seconds: float, seed: int = 1) -> tuple[int, int, float, float]:
    """Play matches for about ``seconds`` of CPU time; return (rounds, actions, CPU seconds,
    wall seconds)."""
    rng = random.Random(seed)
    rounds = actions = 0
    game_seed = 0
    start, wall = time.process_time(), time.perf_counter()
    deadline = start + seconds
    while time.process_time() < deadline:
        r, a = playout(game_seed, rules, rng)
        rounds += r
        actions += a
        game_seed += 1
    return rounds, actions, time.process_time() - start, time.perf_counter() - wall


def positions(count: int, seed: int = 1) -> list[KoiKoiGame]:
    """``count`` positions taken at random points of random playouts (both presets)."""
    rng = random.Random(seed)
    out: list[KoiKoiGame] = []
    game_seed = 0
    while len(out) < count:
        game = KoiKoiGame.new(game_seed, list(PRESETS.values())[game_seed % 2])
        game_seed += 1
        while not game.is_over and len(out) < count:
            game.apply(rng.choice(game.legal_actions()))
            if rng.random() < 0.1:
                out.append(game.clone())
    return out


def measure_clones(seconds: float) -> tuple[int, float]:
    """Clone positions for about ``seconds`` of CPU time; return (clones, CPU seconds)."""
    games = positions(200)
    clones = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for g in games:
            g.clone()
        clones += len(games)
    return clones, time.process_time() - start


def main(argv: list[str]) -> int:
    seconds = float(argv[1]) if len(argv) > 1 else 4.0
    print(f"Koi-Koi random playouts, one core, Python {sys.version.split()[0]}, "
          f"{seconds:g} s per preset")
    print(f"  {'preset':<9} {'rounds':>8} {'actions':>9} {'rounds/s':>10} {'actions/s':>11} "
          f"{'(wall rounds/s)':>16}")
    for name, rules in PRESETS.items():
        measure(rules, 0.3)  # warm-up
        rounds, actions, cpu, wall = measure(rules, seconds)
        print(f"  {name:<9} {rounds:>8} {actions:>9} {rounds / cpu:>10,.0f} "
              f"{actions / cpu:>11,.0f} {rounds / wall:>16,.0f}")
    clones, cpu = measure_clones(min(seconds, 2.0))
    print(f"  clone(): {clones / cpu:,.0f} clones/s ({1e6 * cpu / clones:.2f} us each)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
