"""JSON files written atomically; damaged files kept aside, never overwritten.

A write goes to a temp file in the same folder, is flushed to the disk (fsync), renamed over
the old file (an atomic step on every platform we ship to), and the folder is synced too, so
that after a crash or a power cut the file is the old one or the new one, never a mixture.

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "x.json"
>>> write_json(p, {"a": 1}); read_json(p).data
{'a': 1}
>>> _ = p.write_text("[" * 100_000); r = read_json(p); r.data, r.problem   # nested too deep
(None, 'x.json was damaged')
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` to ``path`` atomically: a temp file in the same folder, then rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2, sort_keys=True, ensure_ascii=False)
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


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX: fsync the directory; Windows cannot, nor needs)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@dataclass
class ReadResult:
    """What ``read_json`` found: ``data`` (None if missing or damaged) and a ``problem``."""

    data: Any = None
    problem: str | None = None  # a sentence for the player, when the file was damaged
    kept_aside: Path | None = None


def read_json(path: Path, max_bytes: int = 16 << 20) -> ReadResult:
    """Read JSON from ``path``. A missing file is no problem; a damaged one (not JSON, not
    UTF-8, numbers of thousands of digits, nesting too deep, over ``max_bytes``) is renamed
    aside."""
    try:
        with open(path, "rb") as f:
            raw = f.read(max_bytes + 1)
    except FileNotFoundError:
        return ReadResult()
    except OSError as exc:
        return ReadResult(problem=f"could not read {path.name}: {exc.strerror or exc}")
    try:
        if len(raw) > max_bytes:
            raise ValueError(f"larger than {max_bytes} bytes")
        return ReadResult(data=json.loads(raw.decode("utf-8")))
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, UnicodeDecodeError too
        aside = keep_aside(path)
        log.warning("damaged %s (%s); kept aside as %s", path, exc, aside)
        return ReadResult(problem=f"{path.name} was damaged", kept_aside=aside)


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
