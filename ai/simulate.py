"""AI-only matches, headless (no pygame): ``python main.py simulate koikoi --games N``.

Levels swap seats every game (game i gives seat 0 to ``players[i % 2]``), and games come in
pairs on the same deal number (games 2k and 2k+1), so each level plays both sides of every deal:
neither seat nor luck of the deal favours a level. The first dealer of a match comes from its
deal number, as in play.

>>> stats = run_koikoi(games=2, seed=1, players=("normal", "easy"), rules=_preset("nintendo", 3))
>>> stats["games"], stats["rounds"], sum(stats["wins"].values()) + stats["draws"]
(2, 6, 2)
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from typing import TYPE_CHECKING, Any, Sequence

from ai.base import levels, make_agent
from rules.fishing import derive_seed

if TYPE_CHECKING:  # at run time imported where a Koi-Koi match is played, as run_koikoi does
    from rules.koikoi import KoiKoiRules

GAMES = ("koikoi", "hearts600", "hanaawase", "yatsuhashi", "heart_of_five")


def _preset(name: str, rounds: int | None = None) -> KoiKoiRules:
    from rules.koikoi import KoiKoiRules
    rules = KoiKoiRules.nintendo() if name == "nintendo" else KoiKoiRules()
    if rounds is not None:
        rules = dataclasses.replace(rules, match_end=f"rounds{rounds}")
    return rules


def _labels(players: Sequence[str]) -> list[str]:
    """Names for the two entrants: their levels, numbered when both are the same."""
    if players[0] == players[1]:
        return [f"{players[0]}#1", f"{players[1]}#2"]
    return list(players)


def run_koikoi(games: int, seed: int = 1, players: Sequence[str] = ("normal", "easy"),
               rules: KoiKoiRules | None = None) -> dict[str, Any]:
    """Play ``games`` matches between two levels and gather the figures.

    Returns a dict: games, rounds, wins (by entrant label), draws, wins_by_seat,
    points_per_round (entrant -> mean points scored per round), koikoi (entrant -> calls,
    successes, success_rate), decisions, decisions_per_second (time inside ``choose`` only),
    elapsed (seconds, all included).
    """
    from rules.koikoi import KoiKoiGame, KoiKoiRules
    rules = rules if rules is not None else KoiKoiRules()
    labels = _labels(players)
    wins = {label: 0 for label in labels}
    points = {label: 0 for label in labels}
    calls = {label: 0 for label in labels}
    successes = {label: 0 for label in labels}
    wins_by_seat = [0, 0]
    draws = rounds = decisions = 0
    think = 0.0
    start = time.perf_counter()
    for g in range(games):
        match_seed = derive_seed(seed, g // 2)  # each deal twice, seats swapped
        # Entrant e sits at seat (e + g) % 2: levels alternate seats game by game.
        seat_of = [(e + g) % 2 for e in range(2)]
        entrant_at = {seat_of[e]: e for e in range(2)}
        agents = [make_agent("koikoi", players[entrant_at[s]], derive_seed(match_seed, s))
                  for s in range(2)]
        game = KoiKoiGame.new(match_seed, rules)
        while not game.is_over:
            p = game.current_player
            assert p is not None  # None only once the match is over
            obs = game.observation(p)
            t0 = time.perf_counter()
            action = agents[p].choose(obs)
            think += time.perf_counter() - t0
            decisions += 1
            game.apply(action)
        rounds += len(game.history)
        for r in game.history:
            for s in range(2):
                label = labels[entrant_at[s]]
                points[label] += r.points[s]
                calls[label] += r.koikoi_calls[s]
                if r.winner == s:
                    successes[label] += r.koikoi_calls[s]
        if game.winner is None:
            draws += 1
        else:
            wins[labels[entrant_at[game.winner]]] += 1
            wins_by_seat[game.winner] += 1
    elapsed = time.perf_counter() - start
    return {
        "game": "koikoi",
        "games": games,
        "seed": seed,
        "players": list(players),
        "rounds": rounds,
        "wins": wins,
        "draws": draws,
        "wins_by_seat": wins_by_seat,
        "points_per_round": {k: round(v / rounds, 3) if rounds else 0.0
                             for k, v in points.items()},
        "koikoi": {k: {"calls": calls[k], "successes": successes[k],
                       "success_rate": round(successes[k] / calls[k], 3) if calls[k] else None}
                   for k in labels},
        "decisions": decisions,
        "decisions_per_second": round(decisions / think) if think else None,
        "elapsed": round(elapsed, 3),
    }


def format_summary(stats: dict[str, Any]) -> str:
    """The figures of ``run_koikoi`` as a short human-readable report."""
    rules = f", rules {stats['rules']}" if "rules" in stats else ""
    lines = [f"{stats['game']}: {stats['games']} games, {stats['rounds']} rounds "
             f"(seed {stats['seed']}{rules}; {' vs '.join(stats['players'])})"]
    for label, won in stats["wins"].items():
        kk = stats["koikoi"][label]
        rate = "-" if kk["success_rate"] is None else f"{kk['success_rate']:.0%}"
        ppr = stats["points_per_round"][label]
        lines.append(f"  {label:<10} wins {won:>5}  points/round {ppr:6.2f}"
                     f"  koi-koi {kk['calls']:>5} calls, {rate} successful")
    lines.append(f"  draws {stats['draws']}; wins by seat: seat 0 {stats['wins_by_seat'][0]}, "
                 f"seat 1 {stats['wins_by_seat'][1]}")
    lines.append(f"  {stats['decisions']} decisions, {stats['decisions_per_second']} decisions/s "
                 f"(AI time); elapsed {stats['elapsed']:.2f} s")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="main.py simulate", description="AI-only games, headless")
    parser.add_argument("game", help="game id: " + ", ".join(GAMES))
    parser.add_argument("--games", type=int, default=100, help="matches to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument("--players", nargs=2, metavar="LEVEL", default=None,
                        help="the two levels (default: normal easy)")
    parser.add_argument("--rules", choices=("seed", "nintendo"), default="seed",
                        help="Koi-Koi preset (default seed)")
    parser.add_argument("--rounds", type=int, choices=(3, 6, 12), default=None,
                        help="end after this many rounds instead of the preset's match end")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``main.py simulate``; returns the exit status.

    >>> main(["hearts600", "--games", "1"])
    2
    """
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.game not in GAMES:
        print(f"simulate: unknown game {args.game!r} (games: {', '.join(GAMES)})",
              file=sys.stderr)
        return 2
    if args.game != "koikoi":
        print(f"simulate: {args.game} is not available yet", file=sys.stderr)
        return 2
    if args.games < 1:
        parser.error("--games must be at least 1")
    players = tuple(args.players or ("normal", "easy"))
    known = levels("koikoi")
    for level in players:
        if level not in known:
            print(f"simulate: unknown level {level!r} for koikoi (levels: {', '.join(known)})",
                  file=sys.stderr)
            return 2
    stats = run_koikoi(args.games, args.seed, players, _preset(args.rules, args.rounds))
    stats["rules"] = args.rules + (f", {args.rounds} rounds" if args.rounds else "")
    print(json.dumps(stats) if args.json else format_summary(stats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
