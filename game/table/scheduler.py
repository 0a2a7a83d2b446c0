"""The table's one background worker for everything that thinks: its computer seats
(``game.table.computer``), its coach (``game.table.coach``) and Yatsuhashi's solver.

A table holds one ``Scheduler`` (``table.ai``). Its clients name themselves ("seats",
"coach", "solver") in every call; the worker (a child process: ``ai.background``) is made at
the first request, or ahead by ``start``, and runs one job at a time: the latest request
counts, and an earlier client's answer still coming is dropped (that client is not ``busy``
any more and asks again). That never happens in play (the coach is asked at the player's
decision, while no seat thinks), but it keeps the worker one, with one way to wait, poll,
fail and close.

A job that fails is handled in one place (``poll``): the process could not be kept alive
(``WorkerUnavailable``), or the job raised (strict mode: raised here, as any bug is; else
logged); either way the client's ``lost`` is called and it carries on without the answer. A
client that must go on without the process (the computer seats play on in this one) gets a
worker of its own (``fall_back``); the others keep the shared one.

>>> from ai.background import ThreadWorker
>>> ai = Scheduler(worker=ThreadWorker)
>>> ai.request("coach", "math:hypot", 3, 4)
>>> ai.busy("coach"), ai.busy("seats"), ai.wait("coach", 30), ai.poll("coach", print)
(True, False, True, 5.0)
>>> ai.close()
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, ClassVar

from ai.background import BackgroundError, ProcessWorker, WorkerUnavailable

__all__ = ["Scheduler"]

log = logging.getLogger(__name__)


class Scheduler:
    """One background worker shared by a table's clients (see the module docstring)."""

    #: What runs the jobs: a child process in the game (tests use a thread's worker).
    worker_factory: ClassVar[Callable[[], Any]] = ProcessWorker

    def __init__(self, worker: Callable[[], Any] | None = None) -> None:
        self._factory = worker  # (None: the class's ``worker_factory`` when one is made)
        self._worker: Any = None
        self._owner: str | None = None       # the client whose request the worker is on
        self._own: dict[str, Any] = {}       # a client's worker of its own (``fall_back``)

    @property
    def worker(self) -> Any:
        """The shared worker (None before the first request, and once closed)."""
        return self._worker

    def _make(self) -> Any:
        return (self._factory or type(self).worker_factory)()

    def _worker_of(self, client: str, make: bool = False) -> Any:
        """The worker serving ``client``'s requests now (None: none, or another's job)."""
        if client in self._own:
            return self._own[client]
        if self._worker is None and make:
            self._worker = self._make()
        return self._worker if make or self._owner == client else None

    def start(self, preload: tuple[str, ...] = ()) -> None:
        """Start the shared worker now, ``preload`` modules imported, so that the first
        question finds it ready."""
        if self._worker is None:
            self._worker = self._make()
            self._worker.start(preload=preload)

    def request(self, client: str, name: str, *args: Any) -> None:
        """Run the job ``name(*args)`` (``"module:function"``) for ``client``."""
        worker = self._worker_of(client, make=True)
        if client not in self._own:
            self._owner = client
        worker.request(name, *args)

    def busy(self, client: str) -> bool:
        """``client``'s request is outstanding."""
        worker = self._worker_of(client)
        return worker is not None and bool(worker.busy)

    def waiting(self) -> list[str]:
        """The clients whose request is outstanding (what a test waits for before a frame)."""
        clients = [c for c in self._own if self.busy(c)]
        if self._owner is not None and self._owner not in clients and self.busy(self._owner):
            clients.append(self._owner)
        return clients

    def poll(self, client: str, lost: Callable[[], Any]) -> Any | None:
        """``client``'s answer once it is in, else None (never blocks). A job that failed
        calls ``lost()`` and gives None (see the module docstring)."""
        worker = self._worker_of(client)
        if worker is None:
            return None
        try:
            return worker.poll()
        except WorkerUnavailable:
            log.warning("the background process kept stopping (%s): going on without it",
                        client)
        except BackgroundError:
            from game.app import strict_from_env
            if strict_from_env():
                raise
            log.exception("a background job failed (%s)", client)
        lost()
        return None

    def cancel(self, client: str) -> None:
        """Forget ``client``'s outstanding request: its answer, if it comes, is dropped."""
        worker = self._worker_of(client)
        if worker is not None:
            worker.cancel()
        if self._owner == client:
            self._owner = None

    def wait(self, client: str, timeout: float | None = None) -> bool:
        """Block until ``client``'s request is answered (tests and tools only: never in a
        frame loop); True at once when it has none outstanding."""
        worker = self._worker_of(client)
        if worker is None or not worker.busy:
            return True
        return bool(worker.wait(timeout))

    def update(self, dt: float) -> None:
        """Frame time, for the workers that pace themselves."""
        for worker in (self._worker, *self._own.values()):
            if worker is not None:
                worker.update(dt)

    def fall_back(self, client: str, worker: Any) -> None:
        """``client`` goes on with ``worker`` of its own (the shared one is left as it is)."""
        self.cancel(client)
        old = self._own.pop(client, None)
        if old is not None:
            old.close()
        self._own[client] = worker

    def release(self, client: str) -> None:
        """``client`` is done: its request dropped, its own worker (if any) stopped."""
        self.cancel(client)
        own = self._own.pop(client, None)
        if own is not None:
            own.close()

    def close(self) -> None:
        """Stop every worker (after the job each is on, whose answer is dropped)."""
        for client in list(self._own):
            self.release(client)
        self._owner = None
        if self._worker is not None:
            self._worker.close()
            self._worker = None
