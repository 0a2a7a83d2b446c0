"""What the engine and AI benchmarks of the fishing games (Koi-Koi, 600 Hearts) share: random
playouts timed on one core, positions taken from them, and the time agents take to choose.

A game is made by ``new(k)``, the k-th game of a run (its seed, rules and seat count are the
benchmark's choice), so a run is the same every time. A playout applies actions one by one
(``apply``, the normal mode, with events and the action list), or, for the fishing games, is
the engine's own playout mode (``game.playout(rng)``: no events, no record).

>>> from rules.koikoi import KoiKoiGame
>>> rounds, actions = playout(KoiKoiGame.new(1), random.Random(1))
>>> rounds >= 1 and actions > rounds
True
>>> quiet_playout(KoiKoiGame.new(1), random.Random(1))[0] >= 1
True
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from ai.base import make_agent

NewGame = Callable[[int], Any]


def playout(game: Any, rng: random.Random) -> tuple[int, int]:
    """Play ``game`` to its end with uniformly random legal actions; return (rounds, actions)."""
    actions = 0
    choice = rng.choice
    while not game.is_over:
        game.apply(choice(game.legal_actions()))
        actions += 1
    return len(game.history), actions


def quiet_playout(game: Any, rng: random.Random) -> tuple[int, int]:
    """Play ``game`` to its end in the engine's playout mode (uniformly random legal actions);
    return (rounds, 0): the actions are not counted, as nothing is recorded."""
    game.playout(rng)
    return len(game.history), 0


def measure(new: NewGame, seconds: float, seed: int = 1,
            quiet: bool = False) -> tuple[int, int, int, float, float]:
    """Play games for about ``seconds`` of CPU time (``quiet``: in playout mode); return
    (games, rounds, actions, CPU seconds, wall seconds)."""
    rng = random.Random(seed)
    games = rounds = actions = 0
    play = quiet_playout if quiet else playout
    start, wall = time.process_time(), time.perf_counter()
    deadline = start + seconds
    while time.process_time() < deadline:
        r, a = play(new(games), rng)
        rounds += r
        actions += a
        games += 1
    return games, rounds, actions, time.process_time() - start, time.perf_counter() - wall


Trials = dict[str, tuple[list[float], tuple[int, int, int, float, float]]]


def trials(runs: dict[str, tuple[NewGame, bool]], seconds: float, count: int = 5) -> Trials:
    """``measure`` each of ``runs`` (name -> (new, quiet)) ``count`` times for
    ``seconds / count`` each, the same games each time (as ``timeit.repeat`` repeats), the
    runs taking turns: for each, the rounds per CPU second of each trial, and the totals of
    all (games, rounds, actions, CPU seconds, wall seconds).

    The best trial is the figure of the code's speed: this machine's speed drifts by up to
    half within seconds (other machines share its processor), and a slower trial
    measures the drift (``timeit``'s documentation reasons alike); taking turns spreads each
    run's trials over the whole time.

    >>> from rules.koikoi import KoiKoiGame
    >>> got = trials({"normal": (KoiKoiGame.new, False)}, 0.05, count=2)
    >>> len(got["normal"][0]), got["normal"][1][1] > 0
    (2, True)
    """
    out: dict[str, tuple[list[float], list[float]]] = {
        name: ([], [0, 0, 0, 0.0, 0.0]) for name in runs}
    for _ in range(count):
        for name, (new, quiet) in runs.items():
            got = measure(new, seconds / count, quiet=quiet)
            rates, totals = out[name]
            rates.append(got[1] / got[3])
            totals[:] = [a + b for a, b in zip(totals, got)]
    return {name: (rates, (int(t[0]), int(t[1]), int(t[2]), t[3], t[4]))
            for name, (rates, t) in out.items()}


def positions(new: NewGame, count: int, seed: int = 1) -> list[Any]:
    """``count`` positions taken at random points of random playouts."""
    rng = random.Random(seed)
    out: list[Any] = []
    k = 0
    while len(out) < count:
        game = new(k)
        k += 1
        while not game.is_over and len(out) < count:
            game.apply(rng.choice(game.legal_actions()))
            if rng.random() < 0.1:
                out.append(game.clone())
    return out


def per_call(games: list[Any], call: Callable[[Any], Any], seconds: float) -> float:
    """Microseconds per ``call(game)`` over ``games``, repeated for about ``seconds`` of CPU."""
    n = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for g in games:
            call(g)
        n += len(games)
    return 1e6 * (time.process_time() - start) / n


def decision_times(game_id: str, level: str, new: NewGame, decisions: int) -> list[float]:
    """Seconds per ``choose`` call of ``level`` agents at every seat of self-play games, over
    at least ``decisions`` calls."""
    times: list[float] = []
    k = 0
    while len(times) < decisions:
        game = new(k)
        agents = [make_agent(game_id, level, game.players * k + s) for s in range(game.players)]
        while not game.is_over and len(times) < decisions:
            p = game.current_player
            assert p is not None
            obs = game.observation(p)
            t0 = time.perf_counter()
            action = agents[p].choose(obs)
            times.append(time.perf_counter() - t0)
            game.apply(action)
        k += 1
    return times


def report(level: str, times: list[float]) -> str:
    """One line of decision times: p50, p95, max and decisions per second."""
    ordered = sorted(times)
    q = statistics.quantiles(ordered, n=100)
    return (f"{level:<7} {len(times)} decisions: p50 {q[49] * 1e3:.3f} ms, "
            f"p95 {q[94] * 1e3:.3f} ms, max {ordered[-1] * 1e3:.3f} ms, "
            f"{len(times) / sum(times):,.0f} decisions/s")
