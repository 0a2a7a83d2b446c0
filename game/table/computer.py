"""The computer seats of a table: one background worker chooses for all of them.

A table asks ``ask(seat, observation)`` when a computer seat is to act, feeds frame time with
``update(dt)`` and takes the answer from ``poll()`` (never blocking). Each seat keeps its own
agent (its own random generator, seeded ``agent_seed(seed, seat)``), and the one worker runs
"choose for seat s" jobs in order, so a seed replays the same match. ``reset()`` starts
the agents afresh (a restarted match), ``close()`` stops the worker (the table goes).

>>> seats = ComputerSeats("koikoi", ["human", "easy"], seed=1)
>>> 1 in seats, 0 in seats, seats.levels
(True, False, {1: 'easy'})
>>> seats.close()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.base import Agent, make_agent
from ai.runner import AIWorker
from rules.fishing import derive_seed


#: Mixed in first, so agents' seeds are a stream of their own (not the engine's later deals).
_AGENTS = 0xA6E7


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent at ``seat`` for deal number ``seed``: mixed (``derive_seed``), so
    no two (deal, seat) pairs share one, whatever the number of seats.

    The tag keeps the agents' seeds a stream apart from the engine's own derived seeds (the
    dealer draw, later deals), which mix the same deal number with small parts.

    >>> agent_seed(1, 2) == agent_seed(1, 2) != agent_seed(2, 1)
    True
    """
    return derive_seed(seed, _AGENTS, seat)


class _SeatAgents:
    """The worker's one "agent": it hands each job to the agent of the job's seat."""

    level = "seats"

    def __init__(self, agents: dict[int, Agent]) -> None:
        self.agents = agents

    def choose(self, job: dict[str, Any]) -> Any:
        return (job["seat"], self.agents[job["seat"]].choose(job["observation"]))


class ComputerSeats:
    """Every computer seat of one table, served by one ``ai.runner.AIWorker``."""

    def __init__(self, game_id: str, seats: Sequence[str], seed: int,
                 min_delay: float = 0.0) -> None:
        self.game_id = game_id
        self.levels = {s: level for s, level in enumerate(seats) if level != "human"}
        self.seed = seed
        self._seats = _SeatAgents(self._agents())
        self._worker: AIWorker | None = None
        self._min_delay = min_delay
        self.asked: int | None = None  # the seat whose choice is awaited

    def _agents(self) -> dict[int, Agent]:
        return {s: make_agent(self.game_id, level, seed=agent_seed(self.seed, s))
                for s, level in self.levels.items()}

    def __contains__(self, seat: object) -> bool:
        return seat in self.levels

    @property
    def min_delay(self) -> float:
        """Seconds of frame time an answer is held back, so a watcher can follow the moves."""
        return self._min_delay

    @min_delay.setter
    def min_delay(self, seconds: float) -> None:
        self._min_delay = max(0.0, seconds)
        if self._worker is not None:
            self._worker.min_delay = self._min_delay

    def ask(self, seat: int, observation: Any) -> None:
        """Start choosing for ``seat`` (once: asking again while it thinks changes nothing)."""
        if self.asked == seat and self._worker is not None and self._worker.busy:
            return
        if self._worker is None:  # started at the first question: a table of humans has none
            self._worker = AIWorker(self._seats, self._min_delay)
        self.asked = seat
        self._worker.request({"seat": seat, "observation": observation})

    def update(self, dt: float) -> None:
        if self._worker is not None:
            self._worker.update(dt)

    def poll(self) -> tuple[int, Any] | None:
        """``(seat, action)`` once the asked seat has chosen and the delay has passed."""
        if self._worker is None or self.asked is None:
            return None
        answer = self._worker.poll()
        if answer is None:
            return None
        self.asked = None
        return answer

    @property
    def thinking(self) -> bool:
        return self.asked is not None

    def cancel(self) -> None:
        """Forget the question outstanding: its answer, if it comes, is dropped."""
        self.asked = None
        if self._worker is not None:
            self._worker.cancel()

    def reset(self, seed: int | None = None) -> None:
        """A new match: fresh agents (their generators from the start), nothing outstanding."""
        self.cancel()
        if seed is not None:
            self.seed = seed
        self._seats.agents = self._agents()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the seat asked has chosen (tests and tools only: never in a frame
        loop); True at once when nothing is asked."""
        if self._worker is None or self.asked is None:
            return True
        return self._worker.wait(timeout)

    def close(self) -> None:
        """Stop the worker's thread (after the job it is on, whose answer is dropped)."""
        self.asked = None
        if self._worker is not None:
            self._worker.close()
            self._worker = None
