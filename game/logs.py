"""Logging to a file in the user log folder (and to stderr for warnings).

The file is rotated as ``logging.handlers.RotatingFileHandler`` would (that module imports
sockets and more: 18 ms of the start-up, before the first frame).

>>> import tempfile
>>> log = Path(tempfile.mkdtemp()) / "x.log"
>>> h = RotatingFile(log, max_bytes=10, backups=2)
>>> for n in range(3):
...     h.emit(logging.makeLogRecord({"msg": f"line {n} is long"}))
>>> sorted(p.name for p in log.parent.iterdir()), log.read_text()
(['x.log', 'x.log.1', 'x.log.2'], 'line 2 is long\\n')
>>> h.close()
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from game import paths


class RotatingFile(logging.FileHandler):
    """A log file that, grown past ``max_bytes``, becomes ``NAME.1`` (``NAME.1`` becomes
    ``NAME.2`` ..., ``backups`` kept) and starts again."""

    def __init__(self, path: Path, max_bytes: int, backups: int) -> None:
        super().__init__(path, encoding="utf-8")
        self.max_bytes, self.backups = max_bytes, backups

    def emit(self, record: logging.LogRecord) -> None:
        try:
            if self.stream is not None and self.stream.tell() >= self.max_bytes:
                self._rotate()
        except OSError:
            self.handleError(record)
        super().emit(record)

    def _rotate(self) -> None:
        self.close()
        base = self.baseFilename
        for n in range(self.backups - 1, 0, -1):
            if os.path.exists(f"{base}.{n}"):
                os.replace(f"{base}.{n}", f"{base}.{n + 1}")
        os.replace(base, f"{base}.1")
        self.stream = self._open()


def setup_logging(level: int = logging.INFO) -> Path | None:
    """Log to ``paths.log_file()`` (rotated); returns its path, or None if it cannot be written."""
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
        handler = RotatingFile(path, max_bytes=512_000, backups=2)
    except OSError:
        logging.getLogger(__name__).warning("cannot write the log file %s", path)
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler._parlor = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    return path
