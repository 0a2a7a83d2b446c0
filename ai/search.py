"""Determinized search through the engine contract: the Hard level's and the coach's.

From what one seat knows (its observation) the search draws full states the seat cannot tell
from the real one (``Engine.sample``: the hidden cards dealt at random, consistently with all
it has seen) and tries a shortlist of its actions in them. Every candidate is tried in the very
same sampled states (common random numbers: the difference between two candidates' scores
comes from the candidates, not from luckier samples), each try played on by a strong policy
for every seat (``PolicyPlayout``: the Normal agents, each reading its own seat's observation
of the sampled state) to a horizon where a game's value function scores the position, 0 lost
.. 1 won. The search reads nothing but the observation and its own ``random.Random``, so with
a budget of iterations it is a function of the two.

(A first design, UCB1 over every legal action with random playouts in the fishing engine's
playout mode, ran ten times the tries and lost to Normal: a random continuation misjudges what
a move is worth. The playouts' quality matters more than their number.)

``paired_search`` shows it at work.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable, NamedTuple, Protocol, Sequence


class Candidate(NamedTuple):
    """One of the seat's actions after a search: how often it was tried and its mean score
    (0 lost .. 1 won; NaN when not tried: the only action, or a budget too small)."""

    action: Any
    tries: int
    score: float


class Playout(Protocol):
    """One try of ``paired_search``: ``action`` taken in a copy of ``state``, played on, scored
    for ``seat`` in [0, 1]; ``seed`` fixes every random choice of the try (the same seed for
    every candidate of one sampled state)."""

    def __call__(self, state: Any, action: Any, seat: int, seed: int) -> float: ...


class PolicyPlayout:
    """Plays a try on with ``agents`` (one per seat, each reading only its own observation of
    the sampled state, their generators reseeded at every try so that every candidate of a
    sample meets the same choices) until the deal or round in play ends (the game's
    ``history`` grows) or the game is over; ``value(state, seat)`` scores it.

    >>> from ai.base import make_agent
    >>> from rules.koikoi import KoiKoiGame
    >>> game = KoiKoiGame.new(seed=7)
    >>> playout = PolicyPlayout([make_agent("koikoi", "normal", s) for s in (0, 1)],
    ...                         lambda state, seat: float(state.scores[seat] > 0))
    >>> a = game.legal_actions()[0]
    >>> playout(game, a, 0, 5) == playout(game, a, 0, 5) in (0.0, 1.0)
    True
    """

    def __init__(self, agents: Sequence[Any], value: Callable[[Any, int], float]) -> None:
        self.agents = list(agents)
        self.value = value

    def __call__(self, state: Any, action: Any, seat: int, seed: int) -> float:
        s = state.clone()
        deals = len(s.history)
        s.apply(action)
        for k, agent in enumerate(self.agents):
            agent.rng.seed(seed + k)
        while not s.is_over and len(s.history) == deals:
            p = s.current_player
            s.apply(self.agents[p].choose(s.observation(p)))
        return self.value(s, seat)


#: ``paired_search(settle=...)`` first asks whether the choice is made after this many
#: sampled states, then again after each ``LOOK_EVERY`` more.
FIRST_LOOK = 16
LOOK_EVERY = 8


def paired_search(observation: Any, engine_class: Any, candidates: Sequence[Any],
                  playout: Playout, rng: random.Random, *, iterations: int | None = None,
                  seconds: float | None = None, confidence: float = 0.0, settle: float = 0.0,
                  sampler: Callable[[random.Random], Any] | None = None,
                  clock: Callable[[], float] = time.process_time) -> list[Candidate]:
    """``candidates`` (some of the seat's legal actions) best first, each tried once in every
    one of ``iterations`` sampled states, or as many as ``seconds`` of ``clock`` allow (at
    least one); ties keep the candidates' order (put the favourite first).

    ``confidence``: another candidate goes before the first (the favourite) only if its mean
    gain over it, sample by sample, is more than ``confidence`` standard errors. Where moves
    differ by less than the tries' noise, picking the best-looking one picks at random among
    near equals, and a good favourite is better than that.

    ``settle`` above 0 stops early, at ``FIRST_LOOK`` states or a later look, once every
    other candidate's gain over the first stands ``settle`` standard errors or more from the
    line it must cross (``confidence`` standard errors): more states would hardly change the
    choice, and the budget (``iterations`` is then the most) goes to the decisions where
    they would. Many decisions are made early: in Koi-Koi, with ``settle`` 1.5 and at most 96
    states, 48 on average, and 75 of 76 choices the same as with all 96.

    ``sampler(rng)`` draws the states (default: ``engine_class.sample(observation, rng)``;
    ``ai.belief.Belief`` weighs them by the other seats' moves).

    >>> from ai.base import make_agent
    >>> from rules.koikoi import KoiKoiGame
    >>> game = KoiKoiGame.new(seed=7)
    >>> seen = game.observation(game.current_player)
    >>> playout = PolicyPlayout([make_agent("koikoi", "easy", s) for s in (0, 1)],
    ...                         lambda state, seat: float(state.scores[seat] > 0))
    >>> found = paired_search(seen, KoiKoiGame, seen.legal_actions[:2], playout,
    ...                       random.Random(1), iterations=3)
    >>> [c.tries for c in found], found[0].score >= found[1].score
    ([3, 3], True)
    """
    if iterations is None and seconds is None:
        raise ValueError("a search needs a budget: iterations or seconds")
    if not candidates:
        raise ValueError("a search needs at least one candidate")
    seat = observation.seat
    totals = [0.0] * len(candidates)
    squares = [0.0] * len(candidates)  # of each candidate's gain over the first, per sample
    end = clock() + seconds if seconds is not None else math.inf
    done = 0

    def gain_and_error(i: int) -> tuple[float, float]:
        """Candidate i's mean gain over the first, sample by sample, and its standard error."""
        gain = totals[i] / done - totals[0] / done
        spread = max(0.0, squares[i] / done - gain * gain) * done / (done - 1)
        return gain, math.sqrt(spread / done)

    while iterations is None or done < iterations:
        state = engine_class.sample(observation, rng) if sampler is None else sampler(rng)
        seed = rng.getrandbits(32)
        first = 0.0
        for i, action in enumerate(candidates):
            score = playout(state, action, seat, seed)
            totals[i] += score
            if i == 0:
                first = score
            else:
                squares[i] += (score - first) ** 2
        done += 1
        if clock() >= end:
            break
        if settle > 0.0 and done >= FIRST_LOOK and (done - FIRST_LOOK) % LOOK_EVERY == 0 \
                and all(abs(gain - confidence * error) >= settle * error
                        for gain, error in map(gain_and_error, range(1, len(candidates)))):
            break
    found = [Candidate(a, done, t / done) for a, t in zip(candidates, totals)]

    def beats_the_first(i: int) -> bool:
        if i == 0 or confidence <= 0.0:
            return found[i].score - found[0].score >= 0.0
        if done < 2:
            return False
        gain, error = gain_and_error(i)
        return gain > confidence * error

    order = sorted(range(len(found)), key=lambda k: (not beats_the_first(k), -found[k].score))
    return [found[k] for k in order]
