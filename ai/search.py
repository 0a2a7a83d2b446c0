"""Determinized search through the engine contract, for the Hard level and the coach.

One search serves every competitive game. From what one seat knows (its observation) it
draws full states the seat cannot tell from the real one (``Engine.sample``: the hidden cards
dealt at random, consistently with all it has seen), tries each of its legal actions in them,
plays each try on to a horizon and scores the outcome for the seat, between 0 (lost) and 1
(won). Which action to try next is chosen by UCB1 over the tries so far, every sampled state
sharing the one set of statistics (flat information-set Monte Carlo: the candidates are the
seat's own actions, the same in every state it cannot tell apart). The answer is the action
tried most, and each candidate comes with its mean score.

A game takes part through an ``Evaluator``: how to try an action in a sampled state and what
the outcome is worth (the fishing games play on in their fast playout mode to the end of the
deal, ``FishingEvaluator``, where points are good; Heart of Five plays the round out,
``RoundEvaluator``). The search reads nothing but the observation and its own
``random.Random``, so with a budget of iterations it is a function of the two.

>>> import random
>>> from rules.koikoi import KoiKoiGame
>>> game = KoiKoiGame.new(seed=7)
>>> seen = game.observation(game.current_player)
>>> found = search(seen, KoiKoiGame, FishingEvaluator(), random.Random(1), iterations=60)
>>> found[0].action in game.legal_actions(), sum(c.tries for c in found)
(True, 60)
>>> 0.0 <= found[0].score <= 1.0
True
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, NamedTuple, Protocol, Sequence

#: UCB1's exploration constant for scores in [0, 1] (sqrt 2 is the textbook's; lower tries
#: the best-looking actions more, which suits a search of a few thousand tries).
EXPLORATION = 0.7


class Candidate(NamedTuple):
    """One of the seat's actions after a search: how often it was tried and its mean score
    (0 lost .. 1 won; NaN when not tried: the only action, or a budget too small)."""

    action: Any
    tries: int
    score: float


class Evaluator(Protocol):
    """How a game's outcome is played out and scored for the search."""

    def evaluate(self, state: Any, action: Any, seat: int, rng: random.Random) -> float:
        """Take ``action`` in ``state`` (a sampled state, the search's own to change), play on
        to the horizon, and score the outcome for ``seat`` in [0, 1]."""
        ...


class FishingEvaluator:
    """The evaluation of the fishing games where points are good (Koi-Koi, Hana-awase): the
    action taken on a copy in playout mode, then random play to the end of the deal; a
    finished match scores
    1 won, 0 lost, 0.5 a tie; else the deal's points, the seat's gain over the best other
    seat's, squashed into (0, 1) (``spread`` points: about three quarters of the way).

    >>> from rules.koikoi import KoiKoiGame
    >>> game = KoiKoiGame.new(seed=7)
    >>> e = FishingEvaluator()
    >>> 0.0 <= e.evaluate(game, game.legal_actions()[0], game.current_player,
    ...                   random.Random(2)) <= 1.0
    True
    """

    def __init__(self, spread: float = 6.0) -> None:
        self.spread = spread

    def evaluate(self, state: Any, action: Any, seat: int, rng: random.Random) -> float:
        s = state.clone(playout=True)
        before, deals = list(s.scores), len(s.history)
        s.apply(action)
        if not s.is_over and len(s.history) == deals:  # (an action may end the deal itself)
            s.playout(rng, rounds=1)
        if s.is_over:
            winner = s.winner
            if winner is None:
                return 0.5
            return 1.0 if winner == seat else 0.0
        gains = [after - was for after, was in zip(s.scores, before)]
        lead = gains[seat] - max(g for i, g in enumerate(gains) if i != seat)
        return 0.5 + 0.5 * math.tanh(lead / self.spread)


class RoundEvaluator:
    """A climbing game's (Heart of Five's) evaluation: the action taken on a copy, then random
    legal actions to the end of the round; the score is the seat's place in the order out,
    1 for the first out (the round's winner) down to 0 for the last (its loser), the others
    spread between.

    >>> from rules.heart_of_five import HeartOfFiveGame
    >>> game = HeartOfFiveGame.new(7, players=4)
    >>> value = RoundEvaluator().evaluate(game.clone(), game.legal_actions()[0],
    ...                                   game.current_player, random.Random(2))
    >>> value in (0.0, 1 / 3, 2 / 3, 1.0)
    True
    """

    def evaluate(self, state: Any, action: Any, seat: int, rng: random.Random) -> float:
        rounds = len(state.history)
        state.apply(action)
        while len(state.history) == rounds:
            legal = state.legal_actions()
            state.apply(legal[math.floor(rng.random() * len(legal))])
        order: list[int] = state.history[rounds]["order"]
        last = len(order) - 1
        return (last - order.index(seat)) / last


def search(observation: Any, engine_class: Any, evaluator: Evaluator, rng: random.Random, *,
           iterations: int | None = None, seconds: float | None = None,
           clock: Callable[[], float] = time.process_time,
           exploration: float = EXPLORATION) -> list[Candidate]:
    """The seat's legal actions, most tried first (the first is the search's choice), after
    ``iterations`` tries or ``seconds`` of ``clock`` (processor time of this process by
    default: the machine's load does not shorten the search), whichever ends first; at least
    one try per action unless the budget ends sooner. One legal action: no search.

    >>> from rules.koikoi import KoiKoiGame
    >>> seen = KoiKoiGame.new(seed=3).observation(0)
    >>> search(seen, KoiKoiGame, FishingEvaluator(), random.Random(1))
    Traceback (most recent call last):
    ...
    ValueError: a search needs a budget: iterations or seconds
    """
    if iterations is None and seconds is None:
        raise ValueError("a search needs a budget: iterations or seconds")
    legal: Sequence[Any] = list(observation.legal_actions)
    if not legal:
        raise ValueError(f"seat {observation.seat} has no action to search: not its turn")
    if len(legal) == 1:
        return [Candidate(legal[0], 0, math.nan)]
    seat = observation.seat
    tries = [0] * len(legal)
    totals = [0.0] * len(legal)
    end = clock() + seconds if seconds is not None else math.inf
    done = 0
    while (iterations is None or done < iterations) and clock() < end:
        state = engine_class.sample(observation, rng)
        i = _pick(tries, totals, done, exploration)
        totals[i] += evaluator.evaluate(state, legal[i], seat, rng)
        tries[i] += 1
        done += 1
    found = [Candidate(a, n, t / n if n else math.nan) for a, n, t in zip(legal, tries, totals)]
    # Most tried first; among equals the better score, then the legal order (stable).
    order = sorted(range(len(found)), key=lambda k: (-found[k].tries,
                                                     -_or_zero(found[k].score)))
    return [found[k] for k in order]


def _pick(tries: list[int], totals: list[float], done: int, exploration: float) -> int:
    """UCB1: an action not tried yet (the first), else the highest mean plus bonus."""
    for i, n in enumerate(tries):
        if n == 0:
            return i
    log_n = math.log(done)
    return max(range(len(tries)),
               key=lambda i: totals[i] / tries[i] + exploration * math.sqrt(log_n / tries[i]))


def _or_zero(x: float) -> float:
    return 0.0 if math.isnan(x) else x
