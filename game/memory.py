"""Giving memory back to the system when a big screen closes.

A table keeps card images, layers the size of the window and a game's history, and fills the
caches of drawings (faces, text, shapes); when it closes, Python frees its own, but the caches
would stay full and the C allocator keeps freed pages for reuse, so the program's resident
size would stay at its highest. A closing screen calls ``soon()``: the caches of drawings
are emptied at once (``sprites.cache.clear_all``: the next screen makes its own few again),
and at the start of the next frame, when the screen is no longer referenced, ``release()``
collects cycles and asks the allocator (glibc's ``malloc_trim``, where there is one) to return
what it can.

>>> import game.memory as memory
>>> memory.soon(); memory.pending
True
>>> memory.release() >= 0, memory.pending
(True, False)
"""

from __future__ import annotations

import gc
import sys
from typing import Any

#: glibc, loaded at the first ``release`` (ctypes and its library search cost the start-up
#: 12 ms); False where there is none.
_libc: Any = None


def _trim() -> None:
    """Return free heap pages to the system (glibc's ``malloc_trim``; elsewhere nothing)."""
    global _libc
    if _libc is None:
        _libc = False
        if sys.platform.startswith("linux"):
            import ctypes
            try:
                _libc = ctypes.CDLL("libc.so.6")
                _libc.malloc_trim  # noqa: B018 - glibc only (musl has none)
            except (OSError, AttributeError):
                _libc = False
    if _libc:
        _libc.malloc_trim(0)


#: A big screen closed or the window changed size: ``release`` at the next frame.
pending = False


def soon() -> None:
    """A big screen closes: empty the caches of drawings now (before the next screen makes
    its own: a new table's faces, rendered ahead, must not go), and ``release`` the rest at
    the start of the next frame, when the screen is no longer referenced."""
    global pending
    from sprites.cache import clear_all
    clear_all()
    pending = True


def release() -> int:
    """Collect garbage and return free heap pages to the system; returns the objects
    collected."""
    global pending
    pending = False
    collected = gc.collect()
    _trim()
    return collected
