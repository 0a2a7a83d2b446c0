"""JSON files written atomically; damaged files kept aside, never overwritten.

A write goes to a temp file in the same folder, is flushed to the disk (fsync), renamed over
the old file (an atomic step on every platform we ship to), and the folder is synced too, so
that after a crash or a power cut the file is the old one or the new one, never a mixture.

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "x.json"
>>> write_json(p, {"a": 1}); read_json(p).data
{'a': 1}
>>> _ = p.write_text("[" * 100_000); r = read_json(p); r.data, r.status   # nested too deep
(None, 'damaged')

``call_soon`` leaves file work that can wait (the save's syncs and the file made anew:
``game.journal``) to a thread of its own, so that the frame does not wait for the disk.
``read_json`` of a path with a job waiting, ``flush_writes()`` and the program's exit wait
for the job.

>>> call_soon(p, "write", lambda: write_json(p, {"a": 2})); read_json(p).data
{'a': 2}
"""

from __future__ import annotations

import atexit
import json
import os
import threading
import time
from pathlib import Path
from collections.abc import Callable
from typing import Any, NamedTuple

from game.logs import get_logger

log = get_logger(__name__)

TEMP_SUFFIX = ".tmp"
#: A temporary file whose writer cannot be told (another system, an older name) is left
#: alone this long: it may be a write in progress in another copy of the program.
TEMP_MAX_AGE = 600.0


def write_json(path: Path, data: Any, *, indent: int | None = 2) -> None:
    """Write ``data`` to ``path`` atomically: a temp file in the same folder, then rename.

    ``indent=None`` writes one compact line, several times faster (the save written after
    every action); files a person may open (settings, statistics) are indented."""
    # One string, then one write: json.dump would encode in Python, chunk by chunk.
    _write_text(path, json.dumps(data, indent=indent, sort_keys=True, ensure_ascii=False))


def temp_file_for(path: Path) -> Path:
    """A new, empty temporary file beside ``path``, named for ``clean_temp_files``: the
    writer's pid in the name, so that one left by a kill is known to be nobody's."""
    import tempfile  # (not at the top: it costs the start-up a few milliseconds)
    fd, tmp = tempfile.mkstemp(prefix=f"{path.name}.{os.getpid()}.", suffix=TEMP_SUFFIX,
                               dir=path.parent)
    os.close(fd)
    return Path(tmp)


def _write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_file_for(path)
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        _sync_folder(path.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def sync_file(path: Path) -> None:
    """Make what was written to ``path`` (and its name in its folder) durable; a file gone
    meanwhile is fine."""
    _fsync(path)
    _sync_folder(path.parent)


def _fsync(path: Path) -> None:
    """fsync the file or folder at ``path``; one that cannot be opened or synced is let be."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


class _Writer:
    """The thread that does the file work asked with ``call_soon``: one job of each kind for
    each path (a newer one replaces a job not yet begun), in the order first asked; started
    at the first job, a daemon waited for at exit."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._waiting: dict[tuple[Path, str], Callable[[], None]] = {}
        self._doing: tuple[Path, str] | None = None
        self._thread: threading.Thread | None = None

    def put(self, path: Path, kind: str, job: Callable[[], None]) -> None:
        with self._lock:
            self._waiting[(path, kind)] = job
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="file writer",
                                                daemon=True)
                self._thread.start()
                atexit.register(self.flush)
            self._lock.notify_all()

    def _busy(self, path: Path | None) -> bool:
        if path is None:
            return self._doing is not None or bool(self._waiting)
        return ((self._doing is not None and self._doing[0] == path)
                or any(p == path for p, _kind in self._waiting))

    def flush(self, path: Path | None = None) -> None:
        """Wait until the jobs of ``path`` (or every job) are done."""
        with self._lock:
            while self._busy(path):
                if self._thread is None or not self._thread.is_alive():
                    return  # (never started, or gone with the interpreter)
                self._lock.wait(1.0)

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._waiting:
                    self._lock.wait()
                key = next(iter(self._waiting))
                job = self._waiting.pop(key)
                self._doing = key
            try:
                job()
            except OSError:
                log.exception("could not write %s", key[0])
            except Exception:  # noqa: BLE001 - the thread must live on for the next job
                log.exception("a file job for %s failed", key[0])
            finally:
                with self._lock:
                    self._doing = None
                    self._lock.notify_all()


_writer = _Writer()


def call_soon(path: Path, kind: str, job: Callable[[], None]) -> None:
    """Run ``job`` (file work for ``path``) on the writer thread; a job of the same ``kind``
    for ``path`` not yet begun is replaced by this one. An OSError it raises is logged."""
    _writer.put(path, kind, job)


def flush_writes(path: Path | None = None) -> None:
    """Wait until the writer thread's jobs for ``path`` (None: every job) are done."""
    _writer.flush(path)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX: fsync the directory; Windows cannot, nor needs)."""
    if os.name == "posix":
        _fsync(folder)


class ReadResult(NamedTuple):
    """What ``read_json`` found: ``data`` (None unless ``status`` is "ok"), a ``problem`` for
    the log, and where a refused file was kept aside.

    ``status``: "missing", "ok", "damaged" (not UTF-8, not JSON, numbers of thousands of
    digits, nesting too deep: kept aside), "too_large" (over the size limit, not read: kept
    aside) or "unreadable" (no permission, a folder in its place: left where it is)."""

    data: Any = None
    problem: str | None = None
    kept_aside: Path | None = None
    status: str = "missing"


def read_bytes(path: Path, max_bytes: int = 16 << 20) -> ReadResult:
    """The bytes of ``path`` as ``data`` (status "ok"), or why not: "missing", "too_large"
    (kept aside) or "unreadable" (left where it is). A job of ``path`` still waiting on the
    writer thread is waited for."""
    _writer.flush(path)
    try:
        if path.is_dir():
            return ReadResult(problem=f"{path.name} is a folder", status="unreadable")
        size = path.stat().st_size
        if size > max_bytes:
            return set_aside(path, "too_large", f"{size} bytes, over the limit of {max_bytes}")
        with open(path, "rb") as f:
            raw = f.read(max_bytes + 1)
    except FileNotFoundError:
        return ReadResult()
    except NotADirectoryError:
        return ReadResult(problem=f"{path.parent} is a file, not a folder",
                          status="unreadable")
    except OSError as exc:
        return ReadResult(problem=f"could not read {path.name}: {exc.strerror or exc}",
                          status="unreadable")
    if len(raw) > max_bytes:  # it grew since the stat
        return set_aside(path, "too_large", f"over the limit of {max_bytes} bytes")
    return ReadResult(data=raw, status="ok")


def read_json(path: Path, max_bytes: int = 16 << 20) -> ReadResult:
    """Read JSON from ``path``; see ``ReadResult`` for what can be found. A UTF-8 byte-order
    mark is fine. A job of ``path`` still waiting on the writer thread is waited for."""
    found = read_bytes(path, max_bytes)
    if found.status != "ok":
        return found
    try:
        return ReadResult(data=json.loads(found.data.decode("utf-8-sig")), status="ok")
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, UnicodeDecodeError too
        return set_aside(path, "damaged", str(exc)[:200])


def set_aside(path: Path, status: str, why: str) -> ReadResult:
    """A refused file kept aside (``keep_aside``), as a ReadResult of ``status``; one that
    cannot be moved is left, reported "unreadable" (never written over)."""
    try:
        aside: Path | None = keep_aside(path)
    except OSError as exc:  # it cannot be moved: leave it, and never write over it
        log.warning("%s %s (%s); could not keep it aside: %s", status, path, why, exc)
        return ReadResult(problem=why, status="unreadable")
    log.warning("%s %s (%s); kept aside as %s", status, path, why, aside)
    return ReadResult(problem=why, kept_aside=aside, status=status)


def keep_aside(path: Path) -> Path:
    """Rename a damaged file to ``name.damaged-<time>`` (unique), so it is not overwritten."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    os.replace(path, aside)
    return aside


def clean_temp_files(folder: Path) -> list[Path]:
    """Remove the temporary files that writes cut short (a kill, a power cut) left in
    ``folder``: those whose writer is no longer running, or, when that cannot be told,
    older than ``TEMP_MAX_AGE`` seconds. Returns the files removed.

    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "stats.json.999999999.x1y2.tmp").write_text("{")   # no such process
    >>> [p.name for p in clean_temp_files(d)], list(d.iterdir())
    (['stats.json.999999999.x1y2.tmp'], [])
    """
    removed: list[Path] = []
    try:
        leftovers = sorted(folder.glob("*" + TEMP_SUFFIX))
    except OSError:
        return removed
    for p in leftovers:
        parts = p.name.split(".")
        pid = int(parts[-3]) if len(parts) >= 4 and parts[-3].isdigit() else None
        if pid == os.getpid():
            continue
        try:
            if pid is not None and os.name == "posix":
                stale = not _running(pid, p.stat().st_mtime)
            else:
                stale = time.time() - p.stat().st_mtime > TEMP_MAX_AGE
            if stale and p.is_file():
                p.unlink()
                removed.append(p)
        except OSError:
            continue
    if removed:
        log.info("removed %d temporary files left in %s", len(removed), folder)
    return removed


def _running(pid: int, since: float | None = None) -> bool:
    """Is process ``pid`` running (POSIX), and has it been since ``since`` (a file's time)?
    Where /proc tells: a killed process not yet reaped by its parent (a zombie) is not, and
    neither is a process started after ``since`` (its pid was used again).

    >>> _running(os.getpid()), _running(os.getpid(), since=0.0), _running(999_999_999)
    (True, False, False)
    """
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process
        return True
    except OSError:
        return False
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
        boot = next(float(line.split()[1]) for line in Path("/proc/stat").read_text().splitlines()
                    if line.startswith("btime "))
        started = boot + int(fields[19]) / os.sysconf("SC_CLK_TCK")  # (field 22: start time)
    except (OSError, ValueError, IndexError, StopIteration):
        return True  # (no /proc: the pid is all there is to go by)
    return fields[0] != "Z" and (since is None or started <= since + 2.0)
