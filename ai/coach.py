"""The coach: what the Hard level would do in a human seat's place, with its estimates.

``advise(game_id, observation, seconds)`` runs Hard's search for the seat whose observation
it is (it reads nothing else) and answers its candidates best first, each with the estimate
Hard has of it: the chance of winning the match (Koi-Koi, Hana-awase, 600 Hearts; a shared
win counts its share) or the worth of the round's end (Heart of Five: 1 out first, 0.75 out
before the last, 0 last). A table runs it as a background job (``ai.background``), so the
frames never wait for it.

>>> from rules.koikoi import KoiKoiGame
>>> game = KoiKoiGame.new(seed=7)
>>> advice = advise("koikoi", game.observation(game.current_player), iterations=2)
>>> advice[0].action in game.legal_actions(), 0.0 <= advice[0].score <= 1.0
(True, True)
"""

from __future__ import annotations

from typing import Any

from ai.base import make_agent
from ai.hard import DEFAULT_SECONDS
from ai.search import Candidate


def advise(game_id: str, observation: Any, seconds: float = DEFAULT_SECONDS,
           iterations: int | None = None, seed: int = 0) -> list[Candidate]:
    """Hard's candidates for ``observation``'s seat, best first (``Candidate``: action,
    tries, score; a single legal action comes back unsearched, its score NaN)."""
    agent: Any = make_agent(game_id, "hard", seed)
    agent.seconds = seconds
    agent.iterations = iterations
    return list(agent.candidates(observation))
