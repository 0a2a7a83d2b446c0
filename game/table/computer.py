"""The computer seats of a table: one background worker chooses for all of them.

A table asks ``ask(seat, observation)`` when a computer seat is to act, feeds frame time with
``update(dt)`` and takes the answer from ``poll()`` (never blocking) once the agent has
answered and ``min_delay`` seconds of frame time have passed (a watcher follows the moves).
The agents run in the table's background worker (``game.table.scheduler.Scheduler``: a child
process, ``ai.background.ProcessWorker``, shared with the coach), so that a long search never
takes the interpreter from the frames; there each seat keeps its own agent (seeded
``agent_seed(seed, seat)``, see ``ai.seats``) for the whole match, and questions are answered
in order, so a seed replays the same match. ``reset()`` starts the agents afresh (a restarted
match), ``close()`` lets the worker go (the table closes it as it goes).

**Falling back.** When the child process cannot be kept alive (it died ``MAX_RESTARTS`` times on
one question, or could not be started: ``WorkerUnavailable``), the seats play on in the game's
own process, on a thread (``ThreadWorker``), for the rest of the table's life: Hard at the
Normal level (``ai.seats.in_process_levels``; Normal decides in at most about 12 ms), the other
levels as they were. Their agents are made afresh, seeded as at a match's start, and get the
same question again: the seat's observation, never more, so a seed and the point of the loss
replay the same moves. ``on_fallback(message)`` tells the table once, which tells the player.

>>> from ai.background import ThreadWorker
>>> from game.table.scheduler import Scheduler
>>> seats = ComputerSeats("koikoi", ["human", "easy"], seed=1, ai=Scheduler(ThreadWorker))
>>> 1 in seats, 0 in seats, seats.levels
(True, False, {1: 'easy'})
>>> seats.close()

A worker whose process is lost (as ``ProcessWorker`` says after ``MAX_RESTARTS`` deaths):

>>> from ai.background import WorkerUnavailable
>>> from rules.koikoi import KoiKoiGame
>>> class Lost(ThreadWorker):
...     def poll(self):
...         raise WorkerUnavailable("the background process stopped 3 times")
>>> game = KoiKoiGame.new(1)
>>> told = []
>>> seats = ComputerSeats("koikoi", ["hard", "hard"], seed=1, ai=Scheduler(Lost),
...                       on_fallback=told.append)
>>> seats.ask(game.current_player, game.observation(game.current_player))
>>> seats.poll(), seats.fallen_back, seats.levels, len(told)
(None, True, {0: 'normal', 1: 'normal'}, 1)
>>> seats.wait(30), seats.poll()[1] in game.legal_actions()
(True, True)
>>> seats.close()
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

from ai.background import ThreadWorker
from ai.seats import agent_seed, forget, in_process_levels
from game.i18n import _
from game.table.scheduler import Scheduler

__all__ = ["ComputerSeats", "agent_seed"]

#: Names of matches, unique in the process (a worker's agents are kept by match).
_matches = itertools.count(1)


class ComputerSeats:
    """Every computer seat of one table, served by the table's worker (``ai``: its
    ``Scheduler``; None: one of their own)."""

    #: The seats' name for their requests to the scheduler.
    CLIENT = "seats"

    def __init__(self, game_id: str, seats: Sequence[str], seed: int,
                 min_delay: float = 0.0, ai: Scheduler | None = None,
                 think: float | None = None,
                 on_fallback: Callable[[str], None] | None = None) -> None:
        self.game_id = game_id
        self.think = think  # a Hard seat's seconds a decision (None: its own default)
        self.levels = {s: level for s, level in enumerate(seats) if level != "human"}
        self.seed = seed
        self.min_delay = min_delay
        self.ai = ai if ai is not None else Scheduler()
        self._owns_ai = ai is None
        self._match = next(_matches)
        self.asked: int | None = None  # the seat whose choice is awaited
        self._answer: tuple[int, Any] | None = None  # in, held back until min_delay passed
        self._waited = 0.0
        self._question: tuple[int, Any] | None = None  # the seat asked and its observation
        #: The seats play in this process: theirs could not be kept alive (see the module).
        self.fallen_back = False
        #: Called once with a message for the player when the seats fall back.
        self.on_fallback = on_fallback

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
        if self.levels:
            self.ai.start(preload=("ai.seats",))

    def ask(self, seat: int, observation: Any) -> None:
        """Start choosing for ``seat`` (once: asking again while it thinks changes nothing)."""
        if self.asked == seat and (self._answer is not None or self.ai.busy(self.CLIENT)):
            return
        self.asked, self._answer, self._waited = seat, None, 0.0
        self._question = (seat, observation)
        self.ai.request(self.CLIENT, "ai.seats:choose", self._match, self.game_id, self.levels,
                        self.seed, seat, observation, self.think)

    def action_for(self, game: Any) -> Any | None:
        """The action of the computer seat to act in ``game``, once it has chosen and the
        delay has passed (asked the first time, never blocking); None meanwhile, and at a
        human seat's turn."""
        seat = game.current_player
        if seat not in self:
            return None
        self.ask(seat, game.observation(seat))
        answer = self.poll()
        return answer[1] if answer is not None and answer[0] == seat else None

    def update(self, dt: float) -> None:
        if self.asked is not None and dt > 0:
            self._waited += dt

    def poll(self) -> tuple[int, Any] | None:
        """``(seat, action)`` once the asked seat has chosen and the delay has passed. A
        process that cannot be kept alive makes the seats fall back (see the module); an
        agent's error is raised here in strict mode, else logged, and the seats fall back."""
        if self.asked is None:
            return None
        if self._answer is None:
            answer = self.ai.poll(self.CLIENT, self._fall_back)
            if answer is None:
                return None
            self._answer = (int(answer[0]), answer[1])
        if self._waited + 1e-9 < self._min_delay:
            return None
        answer, self._answer, self.asked = self._answer, None, None
        return answer

    def _fall_back(self) -> None:
        """Play on in this process (see the module): a thread's worker, Hard at Normal, fresh
        agents asked the same question again; the table is told."""
        self.ai.fall_back(self.CLIENT, ThreadWorker())
        before = self.levels
        self.levels = in_process_levels(self.game_id, self.levels)
        self.fallen_back = True
        self._match = next(_matches)  # fresh agents in this process, seeded as at the start
        if self._question is not None:
            seat, observation = self._question
            self.asked = None
            self.ask(seat, observation)
        if self.on_fallback is not None:
            self.on_fallback(fallback_message(self.levels != before))

    @property
    def thinking(self) -> bool:
        return self.asked is not None

    def cancel(self) -> None:
        """Forget the question outstanding: its answer, if it comes, is dropped."""
        self.asked, self._answer = None, None
        self.ai.cancel(self.CLIENT)

    def reset(self, seed: int | None = None) -> None:
        """A new match: fresh agents (their generators from the start), nothing outstanding."""
        self.cancel()
        if seed is not None:
            self.seed = seed
        if self.fallen_back:  # (agents kept in this process: let the old match's go)
            forget(self._match)
        self._match = next(_matches)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the seat asked has chosen (tests and tools only: never in a frame
        loop); True at once when nothing is asked."""
        if self.asked is None or self._answer is not None:
            return True
        return self.ai.wait(self.CLIENT, timeout)

    def close(self) -> None:
        """Let the worker go (the job it is on for the seats is dropped); stopped when the
        seats made it their own."""
        self.asked, self._answer = None, None
        self.ai.release(self.CLIENT)
        if self._owns_ai:
            self.ai.close()
        if self.fallen_back:
            forget(self._match)


def fallback_message(weaker: bool) -> str:
    """What the player is told when the computer seats fall back; ``weaker``: a Hard seat
    now plays at Normal.

    >>> fallback_message(False)
    "The computer players' process kept stopping, so they play on within the game."
    """
    if weaker:
        return _("The computer players' process kept stopping, so they play on within the "
                 "game: Hard plays at the Normal level.")
    return _("The computer players' process kept stopping, so they play on within the game.")
