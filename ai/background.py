"""Run a pure function in the background: in a child process, or on a thread.

A long search in a thread of the game's own process competes with the frame loop for the
interpreter lock (and a big dictionary growing inside the search holds it for a long moment),
so the solvers run in a child process: ``ProcessWorker``. ``ThreadWorker`` has the same
interface on a thread (tests that replace a function with a stand-in use it).

The child is started with multiprocessing's "spawn" (a fresh interpreter: no SDL state or
threads inherited), which imports the program's main script again under another name: a
script that uses a ``ProcessWorker`` must keep its work under ``if __name__ == "__main__"``
(``main.py`` does, and imports nothing heavy at the top).

Jobs are named ``"module:function"`` with picklable arguments and result. As with
``ai.runner.AIWorker``, only the latest request counts: a newer ``request`` or ``cancel``
discards the answer of an earlier one, and a request made while another is running waits
(replacing any other waiting one) instead of piling up.

A child whose resident memory is over ``retire_above`` bytes after a job (a long search grows
the interpreter's heap, which it does not hand back to the system) marks its answer "retiring"
and exits; the next request starts a fresh child. That is not a death: it is not counted in
``deaths`` or ``restarts``, only in ``retirements``.

A child that dies (killed, crashed, out of memory) is replaced and the job it was on is sent
again to the new one; a child that cannot be started at all (the system refuses a process or a
pipe: ``OSError``) counts as one that died. A job that loses ``MAX_RESTARTS`` children in a row
is given up, and ``poll`` raises ``WorkerUnavailable`` (the caller carries on without the
answer; the next request tries a fresh child). The child watches its parent and exits as soon
as the parent has gone, even in the middle of a job (a killed game leaves no solver running).

>>> w = ProcessWorker()
>>> w.request("math:hypot", 3, 4)
1
>>> w.wait(30), w.poll()
(True, 5.0)
>>> w.close()
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
import os
import threading
import traceback
from multiprocessing.connection import Connection
from typing import Any, Callable

from ai.runner import AIWorker

log = logging.getLogger(__name__)

#: Children a job may lose (each replaced, the job sent again) before it is given up.
MAX_RESTARTS = 3

#: Resident memory (bytes) above which a child retires after its job. An idle child that has
#: run the Yatsuhashi solver holds about 20 MB, and 25-40 MB after the searches of nearly every
#: deal (p99: 20,000 positions); above 48 MB it has just made one of the rare long searches
#: (about 1 deal in 200), and holds on to what it grew (110-520 MB after the five hardest deals
#: of 1-3,000). A fresh child (16 MB) costs about 0.3 s at the next request, so retiring that
#: seldom costs nothing the player notices.
RETIRE_ABOVE = 48 * 2**20


class BackgroundError(RuntimeError):
    """A background job raised: the message holds its traceback."""


class WorkerUnavailable(BackgroundError):
    """The job's child process died ``MAX_RESTARTS`` times in a row: no answer will come."""


_Job = tuple[int, str, tuple[Any, ...]]  # request id, "module:function", arguments


def _resolve(name: str) -> Callable[..., Any]:
    module, _, attr = name.partition(":")
    function: Callable[..., Any] = getattr(importlib.import_module(module), attr)
    return function


def resident_bytes() -> int:
    """This process's resident memory in bytes (Linux: /proc/self/statm); elsewhere its peak
    resident memory (``resource``), or 0 when neither can be read.

    >>> resident_bytes() > 1_000_000
    True
    """
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        pass
    try:
        import resource
        import sys
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024   # macOS: bytes, else KB
    except (ImportError, OSError):  # pragma: no cover - Windows
        return 0


def _exit_with_parent() -> None:  # pragma: no cover - runs in the child process
    """Block until the parent process has gone (its sentinel closes), then exit at once."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    parent.join()
    os._exit(0)


def _serve(conn: Connection, retire_above: int | None = None, preload: tuple[str, ...] = ()
           ) -> None:  # pragma: no cover - runs in the child process
    # A job can run for many seconds without reading the pipe: a thread waits on the parent.
    threading.Thread(target=_exit_with_parent, name="parent-watch", daemon=True).start()
    for module in preload:  # before the first question, which is then answered at once
        importlib.import_module(module)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):  # the parent has gone
            return
        if job is None:
            return
        rid, name, args = job
        try:
            answer = (rid, True, _resolve(name)(*args))
        except Exception:  # noqa: BLE001 - reported to the parent
            answer = (rid, False, traceback.format_exc())
        # Over the limit: say so with the answer, then exit (the memory goes back at once).
        retiring = retire_above is not None and resident_bytes() > retire_above
        try:
            conn.send((*answer, retiring))
        except (OSError, ValueError):
            return
        if retiring:
            conn.close()
            return


class ProcessWorker:
    """One child process (started at the first request), one job at a time.

    ``retire_above``: the child's resident memory (bytes) over which it exits after a job and
    the next request gets a fresh child (None: never)."""

    def __init__(self, retire_above: int | None = RETIRE_ABOVE) -> None:
        self.retire_above = retire_above
        self._retired: list[Any] = []             # retired children not yet reaped
        self._proc: Any = None
        self._conn: Any = None
        self._next_id = 0
        self._current = 0                      # the request whose answer we want (0: none)
        self._running: int | None = None       # the request the child is working on
        self._waiting: _Job | None = None
        self._answer: tuple[bool, Any] | None = None
        self._job: _Job | None = None           # the job the child is on (to send again)
        self.deaths = 0                         # children lost by the job now running
        self.restarts = 0                       # children replaced in all (for the log)
        self.retirements = 0                    # children that retired (memory), in all

    def request(self, name: str, *args: Any) -> int:
        """Run ``name(*args)`` in the child; returns the request id."""
        self._next_id += 1
        self._current = self._next_id
        self._answer = None
        job = (self._current, name, args)
        if self._running is None:
            self._send(job)
        else:
            self._waiting = job
        return self._current

    def start(self, preload: tuple[str, ...] = ()) -> None:
        """Start the child now, importing the ``preload`` modules, rather than at the first
        request: starting a process costs the calling frame several milliseconds, and the
        child a fresh interpreter's start-up before it can answer (a table starts it as it
        opens, so the first computer move is neither late nor a slow frame). A child that
        cannot be started is logged: the first request tries again."""
        try:
            self._spawn(preload)
        except OSError:
            log.warning("could not start a background process", exc_info=True)

    def _spawn(self, preload: tuple[str, ...] = ()) -> None:
        """A child process, unless the one there is alive."""
        if self._proc is None or not self._proc.is_alive():
            self._reap()
            if self._conn is not None:   # the pipe of a child that died
                self._conn.close()
            self._proc = self._conn = None
            ctx = multiprocessing.get_context("spawn")  # no inherited SDL state or threads
            conn, child = ctx.Pipe()
            proc = ctx.Process(target=_serve, args=(child, self.retire_above, preload),
                               name="parlor-background", daemon=True)
            try:
                proc.start()
            except BaseException:
                conn.close()
                raise
            finally:
                child.close()
            self._conn, self._proc = conn, proc

    def _send(self, job: _Job) -> None:
        self._running = job[0]
        self._job = job
        try:
            self._spawn()
        except OSError:  # no child could be started: as if it had died on the job
            log.warning("could not start a background process for %s", job[1], exc_info=True)
            self._died()
            return
        try:
            self._conn.send(job)
        except (OSError, ValueError):  # the child died since: the next poll finds out
            pass

    def _collect(self, timeout: float = 0.0) -> None:
        if self._running is None:
            return
        try:
            ready = self._conn.poll(timeout)
        except (OSError, ValueError):
            ready = True
        if not ready:
            if self._proc is not None and not self._proc.is_alive():
                self._died()  # gone without the pipe saying so yet
            return
        try:
            rid, ok, value, retiring = self._conn.recv()
        except (EOFError, OSError, ValueError):
            self._died()
            return
        self._running = None
        self._job = None
        self.deaths = 0
        if retiring:   # the child exits after this answer: the next job gets a fresh one
            self.retirements += 1
            self._retired.append(self._proc)
            self._conn.close()
            self._proc = self._conn = None
        if rid == self._current:
            self._answer = (ok, value)
        self._next()

    def _reap(self) -> None:
        """Collect the exit status of retired children that have exited (no zombies)."""
        for proc in list(self._retired):
            proc.join(0)
            if proc.exitcode is not None:
                self._retired.remove(proc)

    def _died(self) -> None:
        """The child died while working: a new child takes the job again, unless it is given
        up (``MAX_RESTARTS`` deaths) or no longer wanted."""
        job, self._job, self._running = self._job, None, None
        if self._proc is not None:  # its exit status collected now or by _reap: no zombie
            self._proc.join(0)
            if self._proc.exitcode is None:
                self._retired.append(self._proc)
        self._proc = None
        self.deaths += 1
        self.restarts += 1
        if job is not None and job[0] == self._current and self._waiting is None:
            if self.deaths < MAX_RESTARTS:
                self._send(job)
                return
            self._answer = (False, WorkerUnavailable(
                f"the background process stopped {self.deaths} times on {job[1]}"))
        self.deaths = 0
        self._next()

    def _next(self) -> None:
        if self._waiting is not None:
            job, self._waiting = self._waiting, None
            if job[0] == self._current:
                self._send(job)

    def update(self, dt: float) -> None:
        """Frame time (kept for the AIWorker interface; nothing is paced here)."""

    def poll(self) -> Any | None:
        """The answer of the current request once it is in, else None (never blocks). A job
        that raised raises ``BackgroundError`` here."""
        self._collect()
        if self._answer is None:
            return None
        ok, value = self._answer
        self._answer = None
        self._current = 0
        if not ok:
            raise value if isinstance(value, BackgroundError) else BackgroundError(value)
        return value

    @property
    def busy(self) -> bool:
        """A request is outstanding."""
        return self._current != 0

    def cancel(self) -> None:
        self._current = 0
        self._answer = None
        self._waiting = None

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the current request is answered (tests and tools only)."""
        import time
        end = None if timeout is None else time.monotonic() + timeout
        while self._answer is None and self._current:
            left = None if end is None else end - time.monotonic()
            if left is not None and left <= 0:
                return False
            self._collect(0.05 if left is None else min(0.05, left))
        return self._answer is not None

    def close(self) -> None:
        """Stop the child process."""
        self.cancel()
        for proc in self._retired:   # exiting on its own already
            proc.join(0.5)
        self._retired.clear()
        if self._proc is not None:
            try:
                self._conn.send(None)
            except (OSError, ValueError):
                pass
            self._proc.join(0.5)
            if self._proc.is_alive():
                self._proc.terminate()
            self._proc = None


class _Call:
    """A ``Chooser`` whose "observation" is a job: ``("module:function", args)``."""

    def choose(self, job: tuple[str, tuple[Any, ...]], /) -> Any:
        name, args = job
        return _resolve(name)(*args)


class ThreadWorker:
    """``ProcessWorker``'s interface on a thread of this process."""

    def __init__(self) -> None:
        self._worker: AIWorker[tuple[str, tuple[Any, ...]]] = AIWorker(_Call())

    def start(self, preload: tuple[str, ...] = ()) -> None:
        """Nothing to start ahead (the thread starts with the first request)."""

    def request(self, name: str, *args: Any) -> int:
        return self._worker.request((name, args))

    def update(self, dt: float) -> None:
        self._worker.update(dt)

    def poll(self) -> Any | None:
        return self._worker.poll()

    @property
    def busy(self) -> bool:
        return self._worker.busy

    def cancel(self) -> None:
        self._worker.cancel()

    def wait(self, timeout: float | None = None) -> bool:
        return self._worker.wait(timeout)

    def close(self) -> None:
        self._worker.close()
