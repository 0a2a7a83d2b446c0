"""Notices for the player from any part of the program, any thread.

``post`` queues a message (from any thread); the app's frame loop ``drain``\\ s the queue on
the main thread each frame and shows each message as a notice dialog. A message already
waiting is not queued twice, so a fault met on every move tells the player once per frame
at most.

>>> post("The disk is full.")
>>> post("The disk is full.")
>>> drain()
['The disk is full.']
>>> drain()
[]

A folder the program cannot write in (read-only, no permission, a full disk, a file where
the folder should be) is told once per folder in a run, naming the folder and the cause:
``post_unwritable`` (after a failed write, or when ``probe_folder`` at start-up finds it).
"""

from __future__ import annotations

import errno
import os
import tempfile
import threading
from pathlib import Path

from game.i18n import _

_lock = threading.Lock()
_pending: list[str] = []
#: The folders already told unwritable in this run.
_told: set[Path] = set()


def post(message: str) -> None:
    """Queue ``message`` for the player (any thread); one already waiting is kept once.

    >>> post("a"); post("b"); post("a")
    >>> drain()
    ['a', 'b']
    """
    with _lock:
        if message not in _pending:
            _pending.append(message)


def drain() -> list[str]:
    """The messages waiting, oldest first, and an empty queue (the main thread).

    >>> post("x")
    >>> drain(), drain()
    (['x'], [])
    """
    global _pending
    with _lock:
        messages, _pending = _pending, []
    return messages


def post_unwritable(folder: Path, what: str, error: OSError | None = None) -> None:
    """Tell the player, once per ``folder`` in a run, that their ``what`` (a translated noun,
    as the file notices use: ``_("statistics")``) cannot be saved there, and why (``error``:
    the failed write's; the folder itself is looked at for a file in its way). Any thread.

    >>> import tempfile, pathlib
    >>> blocked = pathlib.Path(tempfile.mkdtemp()) / "saves"
    >>> _ = blocked.write_text("")               # a file where the folder should be
    >>> post_unwritable(blocked, "game in progress"); post_unwritable(blocked, "statistics")
    >>> [m.startswith("Your game in progress cannot be saved") for m in drain()]
    [True]
    """
    folder = Path(folder)
    with _lock:
        if folder in _told:
            return
        _told.add(folder)
    post(_("Your {what} cannot be saved in the folder {folder} ({cause}). Play goes on, but "
           "any changes will be lost when the program closes.").format(
        what=what, folder=folder, cause=cause(folder, error)))


def cause(folder: Path, error: OSError | None = None) -> str:
    """Why ``folder`` cannot be written (or its files read), in words for the player: a file
    where it (or a folder above it) should be, else what ``error`` says.

    >>> cause(Path("/nonexistent-parlor"), PermissionError(errno.EACCES, "Permission denied"))
    'no permission to write there'
    """
    blocker = file_in_the_way(folder)
    if blocker is not None:
        return _("a file is where the folder should be") if blocker == folder else \
            _("{path} is a file, where a folder should be").format(path=blocker)
    code = error.errno if error is not None else None
    if code in (errno.EACCES, errno.EPERM):
        return _("no permission to write there")
    if code == errno.EROFS:
        return _("the disk is read-only")
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return _("the disk is full")
    if error is not None:
        return str(error.strerror or error)
    return _("it cannot be written")


def file_in_the_way(folder: Path) -> Path | None:
    """``folder`` or the nearest folder above it that exists, when that is not a folder (a
    file in the way: nothing can be written below it); else None.

    >>> import tempfile, pathlib
    >>> top = pathlib.Path(tempfile.mkdtemp()); _ = (top / "data").write_text("")
    >>> file_in_the_way(top / "data" / "saves") == top / "data", file_in_the_way(top)
    (True, None)
    """
    for place in (folder, *folder.parents):
        try:
            if place.exists() or place.is_symlink():
                return None if place.is_dir() else place
        except OSError:
            return None
    return None


def probe_folder(folder: Path) -> OSError | None:
    """Can the program write in ``folder``? It is made if missing, and a small file written
    and removed there; the error met, or None. (The file is named as ``storage``'s temporary
    files are: one left by a kill is removed at the next start.)

    >>> import tempfile, pathlib
    >>> top = pathlib.Path(tempfile.mkdtemp())
    >>> probe_folder(top / "config"), list((top / "config").iterdir())
    (None, [])
    >>> _ = (top / "data").write_text(""); type(probe_folder(top / "data" / "saves")).__name__
    'NotADirectoryError'
    """
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(prefix=f"write-test.{os.getpid()}.", suffix=".tmp",
                                    dir=folder)
        try:
            os.write(fd, b"ok")
        finally:
            os.close(fd)
            os.unlink(name)
    except OSError as exc:
        return exc
    return None
