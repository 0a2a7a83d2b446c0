"""Heart of Five speed: ``legal_melds`` on full 27-card hands, and random playouts, one core.

Run from anywhere: ``python benchmarks/bench_heart_of_five.py [seconds]`` (default 3 s per
figure). ``legal_melds`` is called on 200 hands of 27 cards (two players share the 54-card
pack), leading and following a meld taken from another hand (a random non-bomb one: singles,
pairs, runs ...), with the number of melds found. Then whole matches (first to 5 wins) are
played with uniformly random legal actions (``benchmarks.playouts``) at 4 and 8 players;
random players pass often, so their rounds are long. ``clone()`` and ``observation()`` are
timed on positions from such playouts.

Rates are per second of this process's CPU time (one core), the wall-clock rate beside them.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.playouts import measure, per_call, positions  # noqa: E402
from rules.deck import shuffled  # noqa: E402
from rules.heart_of_five import (HeartOfFiveGame, HeartOfFiveRules, legal_melds,  # noqa: E402
                                 pack)


def melds_rate(cases: list, seconds: float) -> tuple[float, float, float]:
    """(calls per CPU second, calls per wall second, mean melds found) over ``cases``."""
    found = sum(len(legal_melds(h, p)) for h, p in cases) / len(cases)
    n = 0
    start, wall = time.process_time(), time.perf_counter()
    while time.process_time() < start + seconds:
        for hand, previous in cases:
            legal_melds(hand, previous)
        n += len(cases)
    return n / (time.process_time() - start), n / (time.perf_counter() - wall), found


def main(argv: list[str]) -> int:
    seconds = float(argv[1]) if len(argv) > 1 else 3.0
    print(f"Heart of Five, one core, Python {sys.version.split()[0]}, {seconds:g} s per figure")
    rng = random.Random(1)
    hands = [sorted(shuffled(pack(1), k)[:27], key=str) for k in range(200)]
    lead = [(h, None) for h in hands]
    follow = []
    for k, h in enumerate(hands):
        other = [m for m in legal_melds(hands[k - 1], None) if not m.is_bomb]
        follow.append((h, rng.choice(other)))
    for name, cases in (("leading", lead), ("following", follow)):
        cpu, wall, found = melds_rate(cases, seconds)
        print(f"  legal_melds, 27 cards, {name:<9}: {cpu:>8,.0f} calls/s "
              f"({wall:,.0f} wall), {found:.1f} melds a call")
    print(f"  {'players':<8} {'matches':>7} {'rounds':>7} {'actions/round':>14} {'rounds/s':>9} "
          f"{'actions/s':>10} {'(wall rounds/s)':>16}")
    for players in (4, 8):
        rules = HeartOfFiveRules(players=players, win_target=5)

        def new(k: int, rules: HeartOfFiveRules = rules) -> HeartOfFiveGame:
            return HeartOfFiveGame.new(k, rules)
        measure(new, 0.3)  # warm-up
        games, rounds, actions, cpu, wall = measure(new, seconds)
        print(f"  {players:<8} {games:>7} {rounds:>7} {actions / max(rounds, 1):>14.0f} "
              f"{rounds / cpu:>9,.1f} {actions / cpu:>10,.0f} {rounds / wall:>16,.1f}")
    found = [g for g in positions(lambda k: HeartOfFiveGame.new(k, players=4 + k % 5), 200)
             if not g.is_over]
    clone_us, obs_us = (per_call(found, call, min(seconds, 2.0) / 2) for call in (
        lambda g: g.clone(), lambda g: g.observation(g.current_player)))
    print(f"  clone(): {clone_us:.2f} us each; observation(): {obs_us:.2f} us each")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
