"""Logging to a file in the user log folder (and to stderr for warnings), set up when first
needed: after the program's first frame, or at the first message before it.

The modules the first frame needs get their loggers from ``get_logger``: a stand-in that
imports ``logging`` (which brings traceback, tokenize and their patterns: 6 ms of the
start-up) and sets the log file up at its first use. The file is rotated as
``logging.handlers.RotatingFileHandler`` would (that module imports sockets and more: 18 ms).

>>> log = get_logger("game.example")
>>> log.name, log.isEnabledFor(20)
('game.example', True)
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import paths

if TYPE_CHECKING:
    import logging

#: Where the log file is (None: it cannot be written), once set up
_set_up: list[Path | None] = []


def get_logger(name: str) -> "logging.Logger":
    """``logging.getLogger(name)``, made when first used (the log set up then)."""
    return _Lazy(name)  # type: ignore[return-value]  # (it stands in for the Logger)


class _Lazy:
    """A logger's stand-in: every attribute is the real logger's, found at the first use."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._real: Any = None

    def __getattr__(self, attr: str) -> Any:
        real = self._real
        if real is None:
            import logging
            log_path()
            real = self._real = logging.getLogger(self.name)
        return getattr(real, attr)


def log_path() -> Path | None:
    """The log file, logging set up first if it is not yet (None: it cannot be written)."""
    if not _set_up:
        setup_logging()
    return _set_up[0]


def setup_logging(level: int = 20) -> Path | None:
    """Log to ``paths.log_file()`` (rotated) at ``level`` (20: INFO) and warnings to stderr;
    returns the file's path, or None if it cannot be written."""
    import logging
    _set_up[:] = [None]
    root = logging.getLogger()
    root.setLevel(level)
    for h in list(root.handlers):
        if getattr(h, "_parlor", False):
            root.removeHandler(h)
    stderr = logging.StreamHandler()
    stderr.setLevel(logging.WARNING)
    stderr._parlor = True  # type: ignore[attr-defined]
    root.addHandler(stderr)
    path = paths.log_file()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = rotating_file(path, max_bytes=512_000, backups=2)
    except OSError:
        logging.getLogger(__name__).warning("cannot write the log file %s", path)
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler._parlor = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    _set_up[:] = [path]
    return path


def rotating_file(path: Path, max_bytes: int, backups: int) -> "logging.FileHandler":
    """A log file that, grown past ``max_bytes``, becomes ``NAME.1`` (``NAME.1`` becomes
    ``NAME.2`` ..., ``backups`` kept) and starts again.

    >>> import logging, tempfile
    >>> log = Path(tempfile.mkdtemp()) / "x.log"
    >>> h = rotating_file(log, max_bytes=10, backups=2)
    >>> for n in range(3):
    ...     h.emit(logging.makeLogRecord({"msg": f"line {n} is long"}))
    >>> sorted(p.name for p in log.parent.iterdir()), log.read_text()
    (['x.log', 'x.log.1', 'x.log.2'], 'line 2 is long\\n')
    >>> h.close()
    """
    import logging

    class RotatingFile(logging.FileHandler):
        def emit(self, record: logging.LogRecord) -> None:
            try:
                if self.stream is not None and self.stream.tell() >= max_bytes:
                    self._rotate()
            except OSError:
                self.handleError(record)
            super().emit(record)

        def _rotate(self) -> None:
            self.close()
            base = self.baseFilename
            for n in range(backups - 1, 0, -1):
                if os.path.exists(f"{base}.{n}"):
                    os.replace(f"{base}.{n}", f"{base}.{n + 1}")
            os.replace(base, f"{base}.1")
            self.stream = self._open()

    return RotatingFile(path, encoding="utf-8")
