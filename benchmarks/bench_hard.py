"""The Hard level's search speed per game: playouts a second (one candidate tried in one
sampled state, played to the end of the deal by Normal agents), sampled states a decision at
the default think time, and decisions a second in play (single-action decisions included).

    python benchmarks/bench_hard.py [--decisions N] [--seconds S] [--only GAME ...] [--players P]

Each game of the registry with a Hard level is played from deal 1 at its default seat count
(``--players``: another) by Hard at seat 0 against Normal agents until N of Hard's searched
decisions are timed; CPU time of this process (``time.process_time``, the budget's own clock).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.base import levels, make_agent  # noqa: E402
from rules.games import GAMES  # noqa: E402


def _games() -> list[str]:
    """The games of the registry whose computers have a Hard level."""
    def hard(game_id: str) -> bool:
        try:
            return "hard" in levels(game_id)
        except ValueError:  # no computer players
            return False
    return [game_id for game_id, g in GAMES.items() if not g.solitaire and hard(game_id)]


def measure(game_id: str, decisions: int, seconds: float,
            players: int | None = None) -> dict[str, Any]:
    seats = players or GAMES[game_id].default_players

    def new(deal: int) -> Any:
        return GAMES[game_id].new_game(deal, seats)
    hard: Any = make_agent(game_id, "hard", 1)
    hard.seconds = seconds
    normal = [make_agent(game_id, "normal", s) for s in range(seats)]
    samples: list[int] = []
    playouts = 0
    searched_cpu = total_cpu = 0.0
    made = 0
    deal = 1
    game = new(deal)
    while len(samples) < decisions:
        if game.is_over:
            deal += 1
            game = new(deal)
        p = game.current_player
        obs = game.observation(p)
        if p != 0:
            game.apply(normal[p].choose(obs))
            continue
        t0 = time.process_time()
        found = hard.candidates(obs)
        spent = time.process_time() - t0
        total_cpu += spent
        made += 1
        if found[0].tries:
            samples.append(found[0].tries)
            playouts += found[0].tries * len(found)
            searched_cpu += spent
        game.apply(found[0].action)
    return {"game": game_id, "playouts_per_s": round(playouts / searched_cpu),
            "samples_median": statistics.median(samples), "samples_min": min(samples),
            "decisions_per_s": round(made / total_cpu, 2), "searched": len(samples),
            "decisions": made}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=12, help="searched decisions a game")
    parser.add_argument("--seconds", type=float, default=1.0, help="think time a decision")
    parser.add_argument("--only", nargs="*", default=None, help="game ids")
    parser.add_argument("--players", type=int, default=None,
                        help="seats at each table (default: each game's default; "
                             "docs/opponents.md times 600 Hearts at 2)")
    args = parser.parse_args(argv)
    for game_id in args.only or _games():
        r = measure(game_id, args.decisions, args.seconds, args.players)
        print(f"{game_id:<14} {r['playouts_per_s']:>6} playouts/s; sampled states a "
              f"{args.seconds:g} s decision: median {r['samples_median']}, least "
              f"{r['samples_min']}; {r['decisions_per_s']} decisions/s in play "
              f"({r['decisions']} decisions, {r['searched']} searched)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
