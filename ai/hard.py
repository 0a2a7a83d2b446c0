"""The Hard level of the competitive games: Normal's shortlist, searched.

A ``SearchAgent`` reads one seat's observation, as every agent does. At a decision with more
than one legal action it takes the Normal agent's favourites (``SearchSpec.shortlist``: its
own ranking, best first; ``width`` of them) and tries each in the same states sampled from
what the seat knows, each try played on by Normal agents at every seat to the end of the deal
(``ai.search.paired_search`` and ``PolicyPlayout``; Hana-awase's Normal is too slow for
that, Easy plays its tries), where the game's ``value`` says what the
position is worth for the match. The candidate with the best mean is played; Normal's
favourite wins a tie, and with a ``confidence`` (Koi-Koi) anything short of a clear gain
over it. Its budget is ``seconds`` of processor time a decision (the setting), no more than
the game's ``max_samples`` sampled states if it has one, or ``iterations`` sampled states
(reproducible: tests and tournaments).

>>> from rules.koikoi import KoiKoiGame
>>> game = KoiKoiGame.new(seed=7)
>>> agent = make_agent("koikoi", "hard", seed=1)
>>> agent.iterations = 2
>>> found = agent.candidates(game.observation(game.current_player))
>>> found[0].action in game.legal_actions(), found[0].tries
(True, 2)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ai.base import make_agent
from ai.belief import Belief, others_moved
from ai.search import Candidate, PolicyPlayout, paired_search

#: The think-time setting's bounds and default, seconds of processor time a decision.
SECONDS = (0.25, 3.0)
DEFAULT_SECONDS = 1.0


@dataclass(frozen=True)
class SearchSpec:
    """What the search needs of a game.

    - ``engine``: its engine class; ``value(state, seat)``: a position's worth for a seat in
      [0, 1], at the end of a deal or of the game.
    - ``shortlist(normal, observation)``: the Normal agent's ranking of the legal actions,
      best first; ``width`` of them are searched. ``seats``: the most seats the game has.
    - ``playout_level``: whose agents play the tries on (Normal, unless its decisions are too
      slow to play thousands of deals a search).
    - ``confidence``: how many standard errors another candidate must gain to overrule
      Normal's favourite (``paired_search``).
    - ``slip`` above 0: the samples lean toward hands with which Normal would have made the
      other seats' moves (``ai.belief.Belief``); 0, dealt uniformly.
    - ``max_samples``: the most states a timed decision samples. A game whose search was
      measured stronger at a budget than with what its think time allows stops there, and so
      plays the moves of that budget's tournament; None, as many as the time allows.
    - ``settle`` above 0: a decision stops sampling once its choice is made
      (``paired_search``); ``iterations`` or seconds are then the most it spends."""

    game_id: str
    engine: Any
    value: Callable[[Any, int], float]
    shortlist: Callable[[Any, Any], Sequence[Any]]
    width: int = 4
    seats: int = 2
    playout_level: str = "normal"
    confidence: float = 0.0
    slip: float = 0.0
    max_samples: int | None = None
    settle: float = 0.0


class SearchAgent:
    """The Hard level: see the module notes."""

    level = "hard"

    def __init__(self, seed: int, spec: SearchSpec, seconds: float = DEFAULT_SECONDS,
                 iterations: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.spec = spec
        self.seconds = seconds
        self.iterations = iterations
        self.normal = make_agent(spec.game_id, "normal", seed)
        self.playout = PolicyPlayout([make_agent(spec.game_id, spec.playout_level, seed + 1 + s)
                                      for s in range(spec.seats)], spec.value)

    @property
    def seconds(self) -> float:
        """Processor seconds a decision (clamped to ``SECONDS``); unused with ``iterations``."""
        return self._seconds

    @seconds.setter
    def seconds(self, value: float) -> None:
        low, high = SECONDS
        value = float(value)
        self._seconds = DEFAULT_SECONDS if math.isnan(value) else min(high, max(low, value))

    def candidates(self, observation: Any) -> list[Candidate]:
        """The searched candidates, best first (one legal action: that one, not searched)."""
        legal = list(observation.legal_actions)
        if not legal:
            raise ValueError(f"seat {observation.seat} has no action to choose: not its turn")
        if len(legal) == 1:
            return [Candidate(legal[0], 0, math.nan)]
        short = list(self.spec.shortlist(self.normal, observation))[:self.spec.width]
        if len(short) == 1:
            return [Candidate(short[0], 0, math.nan)]
        sampler = None
        if self.spec.slip and others_moved(observation):
            sampler = Belief(observation, self.spec.engine, self.normal, self.spec.slip)
        timed = self.iterations is None
        return paired_search(observation, self.spec.engine, short, self.playout, self.rng,
                             iterations=self.spec.max_samples if timed else self.iterations,
                             seconds=self.seconds if timed else None,
                             confidence=self.spec.confidence, settle=self.spec.settle,
                             sampler=sampler)

    def choose(self, observation: Any) -> Any:
        return self.candidates(observation)[0].action
