"""The computer seats of a table: one background worker chooses for all of them.

A table asks ``ask(seat, observation)`` when a computer seat is to act, feeds frame time with
``update(dt)`` and takes the answer from ``poll()`` (never blocking) once the agent has
answered and ``min_delay`` seconds of frame time have passed (a watcher follows the moves).
The agents run in a child process (``ai.background.ProcessWorker``), so that a long search
never takes the interpreter from the frames; there each seat keeps its own agent (seeded
``agent_seed(seed, seat)``, see ``ai.seats``) for the whole match, and questions are answered
in order, so a seed replays the same match. ``reset()`` starts the agents afresh (a restarted
match), ``close()`` stops the worker (the table goes).

>>> from ai.background import ThreadWorker
>>> seats = ComputerSeats("koikoi", ["human", "easy"], seed=1, worker=ThreadWorker)
>>> 1 in seats, 0 in seats, seats.levels
(True, False, {1: 'easy'})
>>> seats.close()
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from ai.background import ProcessWorker
from ai.seats import agent_seed

__all__ = ["ComputerSeats", "agent_seed"]

#: Names of matches, unique in the process (a worker's agents are kept by match).
_matches = itertools.count(1)


class ComputerSeats:
    """Every computer seat of one table, served by one worker (a child process)."""

    #: What runs the agents: a child process in the game (tests may pass a thread's worker).
    worker_factory: Callable[[], Any] = ProcessWorker

    def __init__(self, game_id: str, seats: Sequence[str], seed: int,
                 min_delay: float = 0.0, worker: Callable[[], Any] | None = None,
                 think: float | None = None) -> None:
        self.game_id = game_id
        self.think = think  # a Hard seat's seconds a decision (None: its own default)
        self.levels = {s: level for s, level in enumerate(seats) if level != "human"}
        self.seed = seed
        self.min_delay = min_delay
        self._factory = worker or self.worker_factory
        self._worker: Any = None
        self._match = next(_matches)
        self.asked: int | None = None  # the seat whose choice is awaited
        self._answer: tuple[int, Any] | None = None  # in, held back until min_delay passed
        self._waited = 0.0

    def __contains__(self, seat: object) -> bool:
        return seat in self.levels

    @property
    def min_delay(self) -> float:
        """Seconds of frame time an answer is held back, so a watcher can follow the moves."""
        return self._min_delay

    @min_delay.setter
    def min_delay(self, seconds: float) -> None:
        self._min_delay = max(0.0, seconds)

    def start(self) -> None:
        """Start the worker now (a table does as it opens), its agents' modules loaded, so
        that the first question finds it ready; nothing at a table of humans."""
        if self.levels and self._worker is None:
            self._worker = self._factory()
            self._worker.start(preload=("ai.seats",))

    def ask(self, seat: int, observation: Any) -> None:
        """Start choosing for ``seat`` (once: asking again while it thinks changes nothing)."""
        if self.asked == seat and (self._answer is not None
                                   or (self._worker is not None and self._worker.busy)):
            return
        if self._worker is None:  # (not started ahead)
            self._worker = self._factory()
        self.asked, self._answer, self._waited = seat, None, 0.0
        self._worker.request("ai.seats:choose", self._match, self.game_id, self.levels,
                             self.seed, seat, observation, self.think)

    def update(self, dt: float) -> None:
        if self.asked is not None and dt > 0:
            self._waited += dt

    def poll(self) -> tuple[int, Any] | None:
        """``(seat, action)`` once the asked seat has chosen and the delay has passed; an
        agent's error is raised here."""
        if self._worker is None or self.asked is None:
            return None
        if self._answer is None:
            answer = self._worker.poll()
            if answer is None:
                return None
            self._answer = (int(answer[0]), answer[1])
        if self._waited + 1e-9 < self._min_delay:
            return None
        answer, self._answer, self.asked = self._answer, None, None
        return answer

    @property
    def thinking(self) -> bool:
        return self.asked is not None

    def cancel(self) -> None:
        """Forget the question outstanding: its answer, if it comes, is dropped."""
        self.asked, self._answer = None, None
        if self._worker is not None:
            self._worker.cancel()

    def reset(self, seed: int | None = None) -> None:
        """A new match: fresh agents (their generators from the start), nothing outstanding."""
        self.cancel()
        if seed is not None:
            self.seed = seed
        self._match = next(_matches)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the seat asked has chosen (tests and tools only: never in a frame
        loop); True at once when nothing is asked."""
        if self._worker is None or self.asked is None or self._answer is not None:
            return True
        return bool(self._worker.wait(timeout))

    def close(self) -> None:
        """Stop the worker (after the job it is on, whose answer is dropped)."""
        self.asked, self._answer = None, None
        if self._worker is not None:
            self._worker.close()
            self._worker = None
