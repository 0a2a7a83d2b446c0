"""Run an agent's ``choose`` off the frame loop, paced for a human watcher.

The scene calls ``request(observation)`` when an AI seat must act, feeds frame time with
``update(dt)`` and calls ``poll()`` every frame; ``poll`` never blocks. It returns the action
once the agent has answered *and* at least ``min_delay`` seconds of frame time have passed since
the request, so a fast AI still moves at a watchable pace (tests pass ``min_delay=0``).

>>> from ai.base import make_agent
>>> from rules.koikoi import KoiKoiGame
>>> game = KoiKoiGame.new(1)  # the non-dealer may swap hands
>>> worker = AIWorker(make_agent("koikoi", "easy", seed=1), min_delay=0.5)
>>> worker.request(game.observation(game.current_player))
1
>>> worker.wait(5.0)            # tests only: the scene never waits
True
>>> worker.poll() is None       # answered, but not yet shown for 0.5 s
True
>>> worker.update(0.5)
>>> str(worker.poll()) in ("swap", "keep"), worker.busy
(True, False)
"""

from __future__ import annotations

import queue
import threading
from typing import Any, Generic, Protocol, TypeVar

Obs = TypeVar("Obs")
Obs_contra = TypeVar("Obs_contra", contravariant=True)


class Chooser(Protocol[Obs_contra]):
    """What a worker runs: anything with ``choose`` (an ``ai.base.Agent``, a background call)."""

    def choose(self, observation: Obs_contra, /) -> Any: ...


class AIWorker(Generic[Obs]):
    """One background thread per worker; requests run one at a time, in order.

    A newer ``request`` or a ``cancel`` discards any answer still outstanding (each request
    carries an id and only the latest one counts), so a restarted deal or a closed scene never
    receives a stale move. Requests are serialised on the one thread, so an agent's random
    generator is never used by two threads at once and a seed replays the same choices.
    """

    def __init__(self, agent: Chooser[Obs], min_delay: float = 0.0) -> None:
        self.agent = agent
        self.min_delay = max(0.0, float(min_delay))
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._jobs: queue.SimpleQueue[tuple[int, Obs] | None] = queue.SimpleQueue()
        self._current = 0          # id of the request whose answer we want (0: none)
        self._next_id = 0
        self._result: tuple[int, Any] | None = None
        self._error: tuple[int, BaseException] | None = None
        self._waited = 0.0
        self._thread = threading.Thread(target=self._run, name="ai-worker", daemon=True)
        self._thread.start()

    # Main-thread side ------------------------------------------------------------------------
    def request(self, observation: Obs) -> int:
        """Start choosing for ``observation`` (which must not be changed afterwards); returns
        the request id. Any earlier request's answer is discarded."""
        with self._lock:
            self._next_id += 1
            self._current = self._next_id
            self._result = None
            self._error = None
            self._waited = 0.0
            self._done.clear()
            rid = self._current
        self._jobs.put((rid, observation))
        return rid

    def update(self, dt: float) -> None:
        """Feed frame time (seconds) towards ``min_delay``."""
        if dt > 0:
            with self._lock:
                self._waited += dt

    def poll(self) -> Any | None:
        """The chosen action once it is ready and ``min_delay`` has passed, else None.

        Returns each answer once. An exception raised by the agent is raised here, in the
        caller's thread, rather than lost in the worker.
        """
        with self._lock:
            if self._error is not None and self._error[0] == self._current:
                _, exc = self._error
                self._error = None
                self._current = 0
                raise exc
            if self._result is None or self._result[0] != self._current:
                return None
            if self._waited + 1e-9 < self.min_delay:
                return None
            _, action = self._result
            self._result = None
            self._current = 0
            return action

    @property
    def busy(self) -> bool:
        """A request is outstanding: its answer has not been returned by ``poll`` yet."""
        with self._lock:
            return self._current != 0

    @property
    def pending(self) -> Any | None:
        """The answer held back by ``min_delay`` (None: none yet, or already returned)."""
        with self._lock:
            if self._result is not None and self._result[0] == self._current != 0:
                return self._result[1]
            return None

    @property
    def ready(self) -> bool:
        """The agent has answered the current request (``poll`` may still hold it back)."""
        with self._lock:
            return self._result is not None and self._result[0] == self._current != 0

    def cancel(self) -> None:
        """Forget the outstanding request; its answer, when it comes, is dropped."""
        with self._lock:
            self._current = 0
            self._result = None
            self._error = None
            self._waited = 0.0

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the current request is answered (tests and tools only; never in a
        frame loop). Returns False on timeout."""
        return self._done.wait(timeout)

    def close(self) -> None:
        """Stop the thread after the request it is working on (if any)."""
        self.cancel()
        self._jobs.put(None)

    # Worker-thread side ----------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            rid, observation = job
            with self._lock:
                stale = rid != self._current
            if stale:  # superseded before it started: skip the work
                continue
            try:
                action = self.agent.choose(observation)
            except BaseException as exc:  # noqa: BLE001 - handed to the main thread by poll()
                with self._lock:
                    if rid == self._current:
                        self._error = (rid, exc)
                        self._done.set()
                continue
            with self._lock:
                if rid == self._current:
                    self._result = (rid, action)
                    self._done.set()
