"""Jobs for the background-worker tests, run in the worker's child process (importable there:
the child gets the parent's ``sys.path``)."""

from __future__ import annotations

import os
import time
from pathlib import Path


def wait_for(path: str, timeout: float = 60.0) -> str:
    """Block until the file ``path`` exists (the test says when), then answer its text."""
    end = time.monotonic() + timeout
    while not Path(path).exists():
        if time.monotonic() > end:
            raise TimeoutError(path)
        time.sleep(0.01)
    return Path(path).read_text()


def touch(path: str) -> str:
    """Create the file ``path`` (a job that leaves a trace: did it run?)."""
    Path(path).write_text("ran")
    return path


def pid() -> int:
    """The child's process id (so a test can kill it)."""
    return os.getpid()


def die() -> None:
    """The child dies at once, as if killed."""
    os._exit(3)


_HELD: list[bytes] = []


def hold(size: int) -> int:
    """Keep ``size`` bytes (written, so resident) until the child exits; answer its pid."""
    _HELD.append(b"x" * size)
    return os.getpid()


def loaded(module: str) -> bool:
    """Is ``module`` imported in the child?"""
    import sys
    return module in sys.modules
