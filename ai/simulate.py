"""AI-only matches, headless (no pygame): ``python main.py simulate GAME --games N``.

Entrants rotate through the seats game by game (with n seats, game i puts entrant e at seat
``(e + i) % n``), and games come in runs of n on the same deal number, so each level plays
every seat of every deal: neither seat nor luck of the deal favours a level. The first dealer
of a match comes from its deal number, as in play.

The games come from the registry (``rules.games.GAMES``: a new engine for a deal number, the
seat counts, whether the lowest total wins): every game of more than one seat is simulated,
by default as a game won by its final totals (``run_seated``: the engine's ``round``,
``winners`` and ``scores`` at its end), with the line-up Normal and Easy at the other default
seats. A game whose figures are its own registers a runner with ``@runner(game_id)``:
Koi-Koi's (its koi-koi calls, ``--rules``, ``--rounds``) and Heart of Five's (single rounds).

>>> stats = run_koikoi(games=2, seed=1, players=("normal", "easy"), rules=_preset("nintendo", 3))
>>> stats["games"], stats["rounds"], sum(stats["wins"].values()) + stats["draws"]
(2, 6, 2)
>>> stats = run_hearts600(games=3, seed=1, players=("normal", "easy", "easy"))
>>> stats["games"], round(sum(stats["wins"].values()), 6), sorted(stats["wins"])
(3, 3.0, ['easy#1', 'easy#2', 'normal'])

Heart of Five's unit is the round (a match to 10 wins is long): ``simulate heart_of_five
--games N`` plays N single rounds, each the first round of a fresh deal, rotated the same way.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import sys
import time
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Sequence

from ai.base import levels, make_agent
from rules.fishing import derive_seed
from rules.games import GAMES

if TYPE_CHECKING:  # at run time imported where a Koi-Koi match is played, as run_koikoi does
    from rules.koikoi import KoiKoiRules

RunFn = Callable[[argparse.Namespace], dict[str, Any]]  # parsed arguments -> the figures


class Runner(NamedTuple):
    """How ``simulate GAME`` plays: the function, and the levels it takes (fewest, most,
    the default line-up)."""

    run: RunFn
    fewest: int
    most: int
    default: tuple[str, ...]


#: game id -> the function of a game whose figures are its own, filled by ``@runner``.
_OWN: dict[str, RunFn] = {}


def runner(game_id: str) -> Callable[[RunFn], RunFn]:
    """Register the decorated function as ``simulate game_id``'s runner, in place of
    ``run_seated``'s figures."""
    def wrap(fn: RunFn) -> RunFn:
        _OWN[game_id] = fn
        return fn
    return wrap


def runners() -> dict[str, Runner]:
    """Every game that can be simulated (more than one seat), by id: its runner, its seat
    counts and its default line-up (Normal, then Easy at every other default seat).

    >>> r = runners(); sorted(r)
    ['hanaawase', 'heart_of_five', 'hearts600', 'koikoi']
    >>> r["hearts600"].fewest, r["hearts600"].most, r["hearts600"].default
    (2, 4, ('normal', 'easy', 'easy'))
    """
    return {g.id: Runner(_OWN.get(g.id, _simulate_seated), g.min_players, g.max_players,
                         ("normal",) + ("easy",) * (g.default_players - 1))
            for g in GAMES.values() if not g.solitaire}


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a rate ``successes / n``.

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _preset(name: str, rounds: int | None = None) -> KoiKoiRules:
    from rules.koikoi import KoiKoiRules
    rules = KoiKoiRules.nintendo() if name == "nintendo" else KoiKoiRules()
    if rounds is not None:
        rules = dataclasses.replace(rules, match_end=f"rounds{rounds}")
    return rules



def entrant(game_id: str, level: str, seed: int, iterations: int | None = None) -> Any:
    """An agent for a simulated game; ``iterations``: a searching level's budget of sampled
    states a decision (reproducible, unlike its seconds of the setting), else unused.

    >>> entrant("koikoi", "hard", 1, iterations=8).iterations
    8
    """
    agent = make_agent(game_id, level, seed)
    if iterations is not None and hasattr(agent, "iterations"):
        agent.iterations = iterations
    return agent


def play_out(game: Any, agents: Sequence[Any],
             until: Callable[[Any], bool] | None = None) -> tuple[int, float]:
    """Let ``agents`` (one per seat) play ``game`` to its end (or until ``until(game)``), each
    reading only its seat's observation; returns the decisions made and the seconds spent
    inside ``choose``."""
    decisions, think = 0, 0.0
    while not game.is_over and not (until is not None and until(game)):
        p = game.current_player
        assert p is not None  # None only once the game is over
        obs = game.observation(p)
        t0 = time.perf_counter()
        action = agents[p].choose(obs)
        think += time.perf_counter() - t0
        decisions += 1
        game.apply(action)
    return decisions, think

def _labels(players: Sequence[str]) -> list[str]:
    """Names for the entrants: their levels, numbered when a level plays more than once.

    >>> _labels(["normal", "easy", "easy"])
    ['normal', 'easy#1', 'easy#2']
    """
    out = []
    for e, level in enumerate(players):
        if players.count(level) == 1:
            out.append(level)
        else:
            out.append(f"{level}#{players[:e + 1].count(level)}")
    return out


class Played(NamedTuple):
    """One simulated game as a runner counts it: ``entrant_at`` (seat -> entrant), the
    game's ``facts`` by seat (what the runner's ``facts`` function read of the engine at the
    end), the decisions made and the seconds they took."""

    entrant_at: dict[int, int]
    facts: dict[str, Any]
    decisions: int
    think: float


# What a runner counts of a played game (top-level functions: a process of ``play_games``
# finds them by name), and when a game stops short of its end.
def _koikoi_facts(game: Any) -> dict[str, Any]:
    return {"winner": game.winner, "rounds": [(r.winner, r.points, r.koikoi_calls)
                                              for r in game.history]}


def _seated_facts(game: Any) -> dict[str, Any]:
    return {"round": game.round, "winners": list(game.winners), "scores": list(game.scores)}


def _first_round_facts(game: Any) -> dict[str, Any]:
    return {"winner": game.history[0]["winner"], "loser": game.history[0]["loser"]}


def _first_round_over(game: Any) -> bool:
    return bool(game.history)


Facts = Callable[[Any], dict[str, Any]]
Until = Callable[[Any], bool]
#: A game of a run: (game id, its number, the run's seed, the levels, iterations, option
#: values, what to read of it, when to stop).
_Task = tuple[str, int, int, tuple[str, ...], int | None, dict[str, Any] | None, Facts,
              Until | None]


def _play_game(task: _Task) -> Played:
    """Game ``g`` of a run: deal ``g // n`` with entrant e at seat ``(e + g) % n``, so every
    entrant plays every seat of every deal. A function of its task alone: games may be
    played in any order, in any process."""
    game_id, g, seed, players, iterations, options, facts, until = task
    n = len(players)
    deal = derive_seed(seed, g // n)  # each deal n times, the entrants rotated
    entrant_at = {(e + g) % n: e for e in range(n)}
    agents = [entrant(game_id, players[entrant_at[s]], derive_seed(deal, s), iterations)
              for s in range(n)]
    game = GAMES[game_id].new_game(deal, n, options)
    made, spent = play_out(game, agents, until)
    return Played(entrant_at, facts(game), made, spent)


def play_games(game_id: str, games: int, seed: int, players: Sequence[str],
               iterations: int | None = None, options: dict[str, Any] | None = None,
               jobs: int = 1, facts: Facts = _seated_facts, until: Until | None = None
               ) -> list[Played]:
    """Games 0 .. ``games`` - 1 of a run (``_play_game``), in order, each dealt with the
    option values ``options`` (None: the defaults), played to its end (or ``until``), then
    read by ``facts``; ``jobs`` processes share them (the same games, sooner).

    >>> [p.entrant_at for p in play_games("hearts600", 2, 1, ("normal", "easy"))]
    [{0: 0, 1: 1}, {1: 0, 0: 1}]
    """
    tasks: list[_Task] = [(game_id, g, seed, tuple(players), iterations, options, facts, until)
                          for g in range(games)]
    if jobs > 1:
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            return pool.map(_play_game, tasks, chunksize=1)
    return [_play_game(task) for task in tasks]


def run_koikoi(games: int, seed: int = 1, players: Sequence[str] = ("normal", "easy"),
               rules: KoiKoiRules | None = None,
               iterations: int | None = None, jobs: int = 1) -> dict[str, Any]:
    """Play ``games`` matches between two levels and gather the figures; ``jobs`` processes
    share the matches (``play_games``: the same figures, sooner).

    Returns a dict: games, rounds, wins (by entrant label), win_rate (by entrant label: the
    rate, a draw counting half, with its Wilson 95% interval ``low``, ``high``), draws,
    wins_by_seat,
    points_per_round (entrant -> mean points scored per round), koikoi (entrant -> calls,
    successes, success_rate), decisions, decisions_per_second (time inside ``choose`` only),
    elapsed (seconds, all included).
    """
    from rules.koikoi import KoiKoiRules
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
    for p in play_games("koikoi", games, seed, players, iterations, dataclasses.asdict(rules),
                        jobs, _koikoi_facts):
        decisions += p.decisions
        think += p.think
        rounds += len(p.facts["rounds"])
        for winner, round_points, round_calls in p.facts["rounds"]:
            for s in range(2):
                label = labels[p.entrant_at[s]]
                points[label] += round_points[s]
                calls[label] += round_calls[s]
                if winner == s:
                    successes[label] += round_calls[s]
        if p.facts["winner"] is None:
            draws += 1
        else:
            wins[labels[p.entrant_at[p.facts["winner"]]]] += 1
            wins_by_seat[p.facts["winner"]] += 1
    elapsed = time.perf_counter() - start
    return {
        "game": "koikoi",
        "games": games,
        "seed": seed,
        "players": list(players),
        "rounds": rounds,
        "wins": wins,
        "win_rate": {k: _rate(wins[k] + draws / 2, games) for k in labels},
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


def head_to_head(scores: Sequence[float], levels: Sequence[str], first: str, second: str,
                 lower_wins: bool = False) -> float:
    """How often an entrant of level ``first`` finished ahead of one of level ``second`` in
    one game, over every such pair (a level score counts half): 0.5 between equals, so it
    answers "does one level beat the other" at any number of seats.

    >>> head_to_head([30, -10, -20], ["hard", "normal", "normal"], "hard", "normal")
    1.0
    >>> head_to_head([30, 30, -60], ["hard", "normal", "normal"], "hard", "normal")
    0.75
    """
    sign = -1 if lower_wins else 1
    pairs = [(a, b) for a in range(len(levels)) for b in range(len(levels))
             if levels[a] == first and levels[b] == second]
    ahead = sum(1.0 if sign * (scores[a] - scores[b]) > 0 else 0.5 if scores[a] == scores[b]
                else 0.0 for a, b in pairs)
    return ahead / len(pairs)


def mean_interval(values: Sequence[float], z: float = 1.96) -> dict[str, float]:
    """The mean of per-game figures in [0, 1] with its normal 95% interval, rounded for a
    report (for a yes/no figure, ``wilson`` is the better interval).

    >>> mean_interval([1.0, 0.5, 1.0, 0.5])
    {'rate': 0.75, 'low': 0.4671, 'high': 1.0}
    """
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 1.0
    half = z * spread / math.sqrt(n)
    return {"rate": round(mean, 4), "low": round(max(0.0, mean - half), 4),
            "high": round(min(1.0, mean + half), 4)}


def run_seated(game_id: str, games: int, seed: int = 1, players: Sequence[str] = (),
               iterations: int | None = None, jobs: int = 1) -> dict[str, Any]:
    """The seat-rotating loop of a game won by its final totals (600 Hearts, Hana-awase, and
    a new game unless it registers a ``runner`` of its own): game g plays deal ``g // n`` with
    entrant e at seat ``(e + g) % n``; ``game.winners`` share a win, 1/k each; ahead means
    lower where the registry says the lowest total wins. ``players``: () for the default
    line-up. Returns the figures ``run_hearts600`` describes."""
    players = players or runners()[game_id].default
    lower_wins = GAMES[game_id].lowest_wins
    n = len(players)
    labels = _labels(players)
    levels = list(dict.fromkeys(players))
    duel = () if len(levels) < 2 else (levels[0], levels[1])
    ahead: list[float] = []
    wins = [0.0] * n
    scores = [0] * n
    seat_wins = [0.0] * n
    seat_scores = [0] * n
    shared = rounds = decisions = 0
    think = 0.0
    start = time.perf_counter()
    for p in play_games(game_id, games, seed, players, iterations, jobs=jobs):
        entrant_at, facts = p.entrant_at, p.facts
        decisions += p.decisions
        think += p.think
        rounds += facts["round"]
        winners = facts["winners"]
        shared += len(winners) > 1
        for s in winners:
            wins[entrant_at[s]] += 1 / len(winners)
            seat_wins[s] += 1 / len(winners)
        for s in range(n):
            scores[entrant_at[s]] += facts["scores"][s]
            seat_scores[s] += facts["scores"][s]
        if duel:
            ahead.append(head_to_head(facts["scores"],
                                      [players[entrant_at[s]] for s in range(n)],
                                      duel[0], duel[1], lower_wins))
    elapsed = time.perf_counter() - start

    def rate(won: float, n_games: int) -> dict[str, float]:
        low, high = wilson(won, n_games)
        return {"rate": round(won / n_games, 4) if n_games else 0.0,
                "low": round(low, 4), "high": round(high, 4)}

    by_level = {}
    for level in levels:
        entrants = [e for e in range(n) if players[e] == level]
        by_level[level] = rate(sum(wins[e] for e in entrants), games * len(entrants))
    return {
        "game": game_id,
        "games": games,
        "seed": seed,
        "players": list(players),
        "rounds": rounds,
        "wins": {labels[e]: round(wins[e], 4) for e in range(n)},
        "win_rate": {labels[e]: rate(wins[e], games) for e in range(n)},
        "by_level": by_level,
        "baseline": round(1 / n, 4),
        "head_to_head": {f"{duel[0]} ahead of {duel[1]}": mean_interval(ahead)} if duel else {},
        "shared": shared,
        "mean_score": {labels[e]: round(scores[e] / games, 1) for e in range(n)},
        "mean_score_by_seat": [round(v / games, 1) for v in seat_scores],
        "wins_by_seat": [round(v, 4) for v in seat_wins],
        "decisions": decisions,
        "decisions_per_second": round(decisions / think) if think else None,
        "elapsed": round(elapsed, 3),
    }


def run_hearts600(games: int, seed: int = 1,
                  players: Sequence[str] = ("normal", "easy", "easy"),
                  iterations: int | None = None, jobs: int = 1) -> dict[str, Any]:
    """Play ``games`` games of 600 Hearts, one level per seat (2 to 4 seats), seats rotating.

    A game's win goes to the lowest final score; a tie for lowest shares it, each of the k
    tied entrants counting 1/k of a win (so the wins add up to the games). Returns a dict:
    games, rounds, wins and win_rate (by entrant label: rate with its Wilson 95% interval
    ``low``, ``high``), by_level (the same pooled over every entrant of a level), baseline
    (1/seats), shared (games won on a tie), mean_score (by entrant), mean_score_by_seat,
    wins_by_seat, decisions, decisions_per_second (time inside ``choose`` only), elapsed; with
    two levels, head_to_head: how often an entrant of the first level finished ahead of one
    of the second (``head_to_head``, the mean over the games with its interval).
    """
    return run_seated("hearts600", games, seed, players, iterations, jobs)


def run_hanaawase(games: int, seed: int = 1,
                  players: Sequence[str] = ("normal", "easy", "easy"),
                  iterations: int | None = None, jobs: int = 1) -> dict[str, Any]:
    """Play ``games`` matches of Hana-awase (twelve deals, three seats), seats rotating as
    ``run_hearts600`` does. The highest final total wins (a tie shares the win, 1/k each);
    ``mean_score`` is the mean final total. The same figures as ``run_hearts600``.

    >>> stats = run_hanaawase(games=3, seed=1, players=("normal", "easy", "easy"))
    >>> stats["games"], stats["rounds"], round(sum(stats["wins"].values()), 6)
    (3, 36, 3.0)
    >>> round(sum(stats["mean_score"].values()), 6)  # totals sum to zero
    0.0
    """
    return run_seated("hanaawase", games, seed, players, iterations, jobs)


def _rate(won: float, n: int) -> dict[str, float]:
    """A rate with its Wilson 95% interval, rounded for a report."""
    low, high = wilson(won, n)
    return {"rate": round(won / n, 4) if n else 0.0, "low": round(low, 4), "high": round(high, 4)}


def run_heart_of_five(games: int, seed: int = 1,
                      players: Sequence[str] = ("normal", "easy", "easy", "easy"),
                      iterations: int | None = None, jobs: int = 1) -> dict[str, Any]:
    """Play ``games`` rounds of Heart of Five, one level per seat (2 to 8 seats): round g is
    the first round of deal ``g // n`` (its 3H's holder leads) with entrant e at seat
    ``(e + g) % n``, so every entrant plays every hand of every deal.

    Returns a dict: games (= rounds), first_out and last_out (by entrant label: rate with
    its Wilson 95% interval ``low``, ``high``: the round's winner and loser), by_level (both
    pooled over every entrant of a level), baseline (1/seats, the seat-fair rate of each),
    first_out_by_seat, last_out_by_seat, decisions, decisions_per_second (time inside
    ``choose`` only), elapsed.

    >>> stats = run_heart_of_five(games=4, seed=1, players=("normal", "easy"))
    >>> stats["rounds"], sum(stats["first_out_by_seat"]), sum(stats["last_out_by_seat"])
    (4, 4, 4)
    """
    n = len(players)
    labels = _labels(players)
    first, last = [0] * n, [0] * n
    seat_first, seat_last = [0] * n, [0] * n
    decisions = 0
    think = 0.0
    start = time.perf_counter()
    for p in play_games("heart_of_five", games, seed, players, iterations, jobs=jobs,
                        facts=_first_round_facts, until=_first_round_over):
        decisions += p.decisions
        think += p.think
        winner, loser = p.facts["winner"], p.facts["loser"]
        first[p.entrant_at[winner]] += 1
        last[p.entrant_at[loser]] += 1
        seat_first[winner] += 1
        seat_last[loser] += 1
    elapsed = time.perf_counter() - start
    by_level = {}
    for level in dict.fromkeys(players):
        entrants = [e for e in range(n) if players[e] == level]
        by_level[level] = {
            "first_out": _rate(sum(first[e] for e in entrants), games * len(entrants)),
            "last_out": _rate(sum(last[e] for e in entrants), games * len(entrants))}
    return {
        "game": "heart_of_five",
        "games": games,
        "seed": seed,
        "players": list(players),
        "rounds": games,
        "first_out": {labels[e]: _rate(first[e], games) for e in range(n)},
        "last_out": {labels[e]: _rate(last[e], games) for e in range(n)},
        "by_level": by_level,
        "baseline": round(1 / n, 4),
        "first_out_by_seat": seat_first,
        "last_out_by_seat": seat_last,
        "decisions": decisions,
        "decisions_per_second": round(decisions / think) if think else None,
        "elapsed": round(elapsed, 3),
    }


def _format_rounds(stats: dict[str, Any]) -> str:
    def show(r: dict[str, float]) -> str:
        return f"{r['rate']:6.1%} [{r['low']:.1%}, {r['high']:.1%}]"

    lines = [f"{stats['game']}: {stats['rounds']} rounds, each the first round of a fresh deal "
             f"(seed {stats['seed']}; {' vs '.join(stats['players'])}; seats rotated per deal)"]
    for label in stats["first_out"]:
        lines.append(f"  {label:<10} first out {show(stats['first_out'][label])}"
                     f"  last out {show(stats['last_out'][label])}")
    for level, r in stats["by_level"].items():
        lines.append(f"  level {level:<8} first out {show(r['first_out'])}"
                     f"  last out {show(r['last_out'])} (baseline {stats['baseline']:.1%})")
    lines.append(f"  by seat: first out {stats['first_out_by_seat']}, "
                 f"last out {stats['last_out_by_seat']}")
    lines.append(f"  {stats['decisions']} decisions, {stats['decisions_per_second']} decisions/s "
                 f"(AI time); elapsed {stats['elapsed']:.2f} s")
    return "\n".join(lines)


def format_summary(stats: dict[str, Any]) -> str:
    """The figures of a runner as a short human-readable report."""
    if "first_out" in stats:
        return _format_rounds(stats)
    if "mean_score" in stats:
        return _format_seated(stats)
    rules = f", rules {stats['rules']}" if "rules" in stats else ""
    lines = [f"{stats['game']}: {stats['games']} games, {stats['rounds']} rounds "
             f"(seed {stats['seed']}{rules}; {' vs '.join(stats['players'])})"]
    for label, won in stats["wins"].items():
        kk = stats["koikoi"][label]
        rate = "-" if kk["success_rate"] is None else f"{kk['success_rate']:.0%}"
        ppr = stats["points_per_round"][label]
        r = stats["win_rate"][label]
        lines.append(f"  {label:<10} wins {won:>5}  ({r['rate']:.1%} [{r['low']:.1%}, "
                     f"{r['high']:.1%}], draws half)  points/round {ppr:6.2f}"
                     f"  koi-koi {kk['calls']:>5} calls, {rate} successful")
    lines.append(f"  draws {stats['draws']}; wins by seat: seat 0 {stats['wins_by_seat'][0]}, "
                 f"seat 1 {stats['wins_by_seat'][1]}")
    lines.append(f"  {stats['decisions']} decisions, {stats['decisions_per_second']} decisions/s "
                 f"(AI time); elapsed {stats['elapsed']:.2f} s")
    return "\n".join(lines)


def _format_seated(stats: dict[str, Any]) -> str:
    lines = [f"{stats['game']}: {stats['games']} games, {stats['rounds']} rounds "
             f"(seed {stats['seed']}; {' vs '.join(stats['players'])}; "
             f"a shared win counts 1/k to each of k winners)"]
    for label, won in stats["wins"].items():
        r = stats["win_rate"][label]
        lines.append(f"  {label:<10} wins {won:>8.1f}  win rate {r['rate']:6.1%} "
                     f"[{r['low']:.1%}, {r['high']:.1%}]  mean score "
                     f"{stats['mean_score'][label]:6.1f}")
    for level, r in stats["by_level"].items():
        lines.append(f"  level {level:<8} win rate {r['rate']:6.1%} "
                     f"[{r['low']:.1%}, {r['high']:.1%}] (baseline {stats['baseline']:.1%})")
    for duel, r in stats["head_to_head"].items():
        lines.append(f"  {duel}: {r['rate']:6.1%} [{r['low']:.1%}, {r['high']:.1%}] "
                     f"(pairs of entrants, a tie half; 50% between equals)")
    seats = ", ".join(f"seat {s} {w:.1f} wins / {m:.1f}" for s, (w, m) in enumerate(
        zip(stats["wins_by_seat"], stats["mean_score_by_seat"])))
    lines.append(f"  by seat (wins / mean score): {seats}; {stats['shared']} games shared")
    lines.append(f"  {stats['decisions']} decisions, {stats['decisions_per_second']} decisions/s "
                 f"(AI time); elapsed {stats['elapsed']:.2f} s")
    return "\n".join(lines)


def _seats(r: Runner) -> str:
    """A runner's seat counts and default line-up, for ``--help``.

    >>> _seats(Runner(_simulate_seated, 2, 4, ("normal", "easy", "easy")))
    '2-4, default normal easy easy'
    """
    counts = str(r.fewest) if r.fewest == r.most else f"{r.fewest}-{r.most}"
    return f"{counts}, default {' '.join(r.default)}"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="main.py simulate", description="AI-only games, headless")
    games = runners()
    parser.add_argument("game", help="game id: " + ", ".join(sorted(games)))
    parser.add_argument("--games", type=int, default=100,
                        help="matches to play (default 100; heart_of_five: rounds)")
    parser.add_argument("--seed", type=int, default=1, help="first deal number (default 1)")
    parser.add_argument("--players", nargs="+", metavar="LEVEL", default=None,
                        help="one level per seat (" + "; ".join(
                            f"{game_id}: {_seats(r)}" for game_id, r in games.items()) + ")")
    parser.add_argument("--rules", choices=("seed", "nintendo"), default="seed",
                        help="Koi-Koi preset (default seed)")
    parser.add_argument("--rounds", type=int, choices=(3, 6, 12), default=None,
                        help="end after this many rounds instead of the preset's match end")
    parser.add_argument("--iterations", type=int, default=None, metavar="K",
                        help="a searching level (hard) samples K states a decision instead of "
                             "thinking for the setting's seconds (reproducible)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N",
                        help="N processes share the games (the same figures, sooner; "
                             "default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def _simulate_seated(args: argparse.Namespace) -> dict[str, Any]:
    return run_seated(args.game, args.games, args.seed, args.players, args.iterations,
                      args.jobs)


@runner("koikoi")
def _simulate_koikoi(args: argparse.Namespace) -> dict[str, Any]:
    stats = run_koikoi(args.games, args.seed, args.players, _preset(args.rules, args.rounds),
                       args.iterations, args.jobs)
    stats["rules"] = args.rules + (f", {args.rounds} rounds" if args.rounds else "")
    return stats


@runner("heart_of_five")
def _simulate_heart_of_five(args: argparse.Namespace) -> dict[str, Any]:
    return run_heart_of_five(args.games, args.seed, args.players, args.iterations, args.jobs)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``main.py simulate``; returns the exit status.

    >>> main(["chess", "--games", "1"])
    2
    """
    parser = build_parser()
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    games = runners()
    if args.game not in games:
        print(f"simulate: unknown game {args.game!r} (games with a simulation: "
              f"{', '.join(sorted(games))})", file=sys.stderr)
        return 2
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.iterations is not None and args.iterations < 1:
        parser.error("--iterations must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    run, fewest, most, default = games[args.game]
    players = tuple(args.players or default)
    if not fewest <= len(players) <= most:
        print(f"simulate: {args.game} takes {fewest}" + (f" to {most}" if most > fewest else "")
              + f" levels after --players, got {len(players)}", file=sys.stderr)
        return 2
    try:
        known = levels(args.game)
    except ValueError as exc:  # a game of several seats with no computer players yet
        print(f"simulate: {exc}", file=sys.stderr)
        return 2
    for level in players:
        if level not in known:
            print(f"simulate: unknown level {level!r} for {args.game} "
                  f"(levels: {', '.join(known)})", file=sys.stderr)
            return 2
    args.players = players
    stats = run(args)
    print(json.dumps(stats) if args.json else format_summary(stats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
