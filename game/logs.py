"""Logging to a file in the user log folder (and to stderr for warnings)."""

from __future__ import annotations

import logging
import logging.handlers
from pathlib import Path

from game import paths


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
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=512_000, backupCount=2,
                                                       encoding="utf-8")
    except OSError:
        logging.getLogger(__name__).warning("cannot write the log file %s", path)
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler._parlor = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    return path
