"""Journals: files of JSON records, one a line, each line checksummed, written by appending.

The save of a game in progress is one (``game.session``). Its first line is a *full* record
(everything needed to continue); each later line is a small record of what one action
changed. Appending a line is one ``write`` to a file kept open in append mode: when
``append`` returns, the line is in the operating system's hands, so killing the program at
any later moment loses nothing of it. What waits on the disk (``fsync`` of the file and its
folder, for a power cut) is left to the writer thread (``game.storage``), off the frame loop.

Every ``compact_every`` lines the file is made anew, a full record and nothing else, so that
it stays short: the writer thread writes and syncs the new file under a temporary name, and
the next ``append`` adds the lines written since, then renames it over the old one (an atomic
step). A kill in the middle leaves the old file whole and a temporary file that the next
start removes (``storage.clean_temp_files``).

A line is ``<crc32 of the JSON, 8 hex digits> <JSON>``. Reading keeps the lines up to the
first one that is cut short or fails its checksum (a kill or a power cut during its write)
and drops that one and any after it.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "j.log"
>>> j = Journal(path, compact_every=2)
>>> j.start({"n": 0}); j.append({"n": 1}, lambda: {"n": 1}); j.append({"n": 2}, lambda: {"n": 2})
>>> read_journal(path).records
[{'n': 0}, {'n': 1}, {'n': 2}]
>>> _ = path.open("a").write('0badc0de {"n": 3}\\n{"n"')     # a bad line, then a torn one
>>> found = read_journal(path); found.records[-1], found.dropped
({'n': 2}, 2)
>>> j.close(); flush_writes()
"""

from __future__ import annotations

import json
import os
import threading
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from game.logs import get_logger
from game.storage import (ReadResult, call_soon, flush_writes, read_bytes, set_aside,
                          sync_file, temp_file_for)

__all__ = ["Journal", "JournalRead", "read_journal", "encode_line", "flush_writes"]

log = get_logger(__name__)


def encode_line(record: Any) -> bytes:
    """One journal line: the checksum, a space, compact JSON, a newline.

    >>> encode_line({"a": 1})
    b'561bacaf {"a":1}\\n'
    """
    text = json.dumps(record, separators=(",", ":"), sort_keys=True,
                      ensure_ascii=False).encode("utf-8")
    return b"%08x %s\n" % (zlib.crc32(text), text)


def _decode_line(line: bytes) -> Any:
    """The record of one line (without its newline); ValueError if it is not whole."""
    crc, _space, text = line.partition(b" ")
    if len(crc) != 8 or not _space or int(crc, 16) != zlib.crc32(text):
        raise ValueError("checksum")
    return json.loads(text.decode("utf-8"))


class JournalRead(NamedTuple):
    """What ``read_journal`` found: the ``records`` in order (empty unless ``status`` is
    "ok"), how many lines were ``dropped`` (cut short or damaged, at the end), and the
    status, problem and kept-aside path as ``storage.read_json`` reports them."""

    records: list[Any]
    dropped: int = 0
    status: str = "missing"
    problem: str | None = None
    kept_aside: Path | None = None


def read_journal(path: Path, max_bytes: int = 16 << 20) -> JournalRead:
    """The records of the journal at ``path``. A file holding one JSON document (a save made
    before journals) reads as that one record. A first line that is not whole means the file
    is damaged: it is kept aside (``storage.keep_aside``), as ``read_json`` does."""
    found = read_bytes(path, max_bytes)
    if found.status != "ok":
        return JournalRead([], 0, found.status, found.problem, found.kept_aside)
    raw: bytes = found.data
    if raw.lstrip()[:1] in (b"{", b"\xef"):  # one JSON document (a byte-order mark allowed)
        try:
            return JournalRead([json.loads(raw.decode("utf-8-sig"))], status="ok")
        except (ValueError, RecursionError) as exc:
            bad: ReadResult = set_aside(path, "damaged", str(exc)[:200])
            return JournalRead([], 0, bad.status, bad.problem, bad.kept_aside)
    lines = raw.split(b"\n")
    whole, torn = lines[:-1], lines[-1]  # the part after the last newline was cut short
    records: list[Any] = []
    for k, line in enumerate(whole):
        try:
            records.append(_decode_line(line))
        except (ValueError, RecursionError):
            if k == 0:
                bad = set_aside(path, "damaged", "its first line is damaged")
                return JournalRead([], 0, bad.status, bad.problem, bad.kept_aside)
            dropped = len(whole) - k + (1 if torn else 0)
            log.warning("%s: line %d is damaged; it and the %d after it are dropped",
                        path, k + 1, dropped - 1)
            return JournalRead(records, dropped, "ok")
    if not records:
        bad = set_aside(path, "damaged", "no whole line")
        return JournalRead([], 0, bad.status, bad.problem, bad.kept_aside)
    if torn:
        log.warning("%s: its last line was cut short and is dropped", path)
    return JournalRead(records, 1 if torn else 0, "ok")


class Journal:
    """The writing end of one journal file (one object writes it at a time).

    ``start(full)`` makes the file anew with one record; ``append(record, full)`` adds a line
    (``full`` makes the full record when the file is to be made anew); ``close()`` lets the
    file be; ``remove()`` deletes it. An OSError from the file system reaches the caller,
    and the journal then starts the file anew at the next call."""

    def __init__(self, path: Path, compact_every: int = 256) -> None:
        self.path = path
        self.compact_every = compact_every
        self._fd: int | None = None
        self._recent: list[bytes] = []   # lines appended since the last full record
        self._lock = threading.Lock()    # guards _ready, set by the writer thread
        self._ready: tuple[Path, int] | None = None  # a compacted file, and its line count
        self._preparing = False

    @property
    def is_open(self) -> bool:
        return self._fd is not None

    def start(self, full: Any) -> None:
        """Make the file anew holding ``full`` alone (a temporary file renamed over it: the
        old file or the new one is there, whatever happens)."""
        self._drop_ready()
        self._close_fd()
        line = encode_line(full)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = temp_file_for(self.path)
        try:
            with open(tmp, "wb") as f:
                f.write(line)
            os.replace(tmp, self.path)
        except BaseException:
            _unlink(tmp)
            raise
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
        self._recent = []
        self._sync()

    def append(self, record: Any, full: Callable[[], Any]) -> None:
        """Add ``record`` as a line (one ``write``); every ``compact_every`` lines the file is
        made anew from ``full()`` (the state after this record) on the writer thread."""
        if self._fd is None:
            self.start(full())
            return
        line = encode_line(record)
        self._swap_if_ready()
        _write_all(self._fd, line)
        self._recent.append(line)
        if len(self._recent) >= self.compact_every and not self._preparing:
            self._prepare(full(), len(self._recent))
        self._sync()

    def close(self) -> None:
        """Stop writing (what was appended stays; a compaction not yet used is dropped)."""
        self._drop_ready()
        self._close_fd()

    def remove(self) -> None:
        """Close and delete the file."""
        self.close()
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass

    # The compaction ---------------------------------------------------------------------------
    def _prepare(self, full: Any, upto: int) -> None:
        """On the writer thread: ``full`` (the state after line ``upto`` of ``_recent``) in a
        synced temporary file, for ``_swap_if_ready`` to complete."""
        self._preparing = True
        path = self.path

        def job() -> None:
            tmp = temp_file_for(path)
            try:
                with open(tmp, "wb") as f:
                    f.write(encode_line(full))
                    f.flush()
                    os.fsync(f.fileno())
            except OSError:
                _unlink(tmp)
                log.exception("could not make %s anew", path)
                with self._lock:
                    self._preparing = False
                return
            with self._lock:
                if self._preparing:
                    self._ready = (tmp, upto)
                else:  # closed meanwhile
                    _unlink(tmp)
        call_soon(path, "compact", job)

    def _swap_if_ready(self) -> None:
        with self._lock:
            ready, self._ready = self._ready, None
            if ready is not None:
                self._preparing = False
        if ready is None or self._fd is None:
            return
        tmp, upto = ready
        later = self._recent[upto:]
        try:
            with open(tmp, "ab") as f:
                f.write(b"".join(later))
            os.replace(tmp, self.path)
        except OSError:
            _unlink(tmp)
            log.exception("could not complete the compaction of %s", self.path)
            return
        self._close_fd()
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
        self._recent = later

    def _drop_ready(self) -> None:
        with self._lock:
            ready, self._ready, self._preparing = self._ready, None, False
        if ready is not None:
            _unlink(ready[0])

    def _close_fd(self) -> None:
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
            self._fd = None

    def _sync(self) -> None:
        """The file and its folder to the disk, on the writer thread (a power cut)."""
        path = self.path
        call_soon(path, "sync", lambda: sync_file(path))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _unlink(path: Path) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass
