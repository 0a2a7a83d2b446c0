"""Giving memory back to the system when a big screen closes or the window changes size.

A table keeps card images, layers the size of the window and a game's history, and fills the
caches of drawings (faces, text, shapes); when it closes, Python frees its own, but the caches
would stay full and the C allocator keeps freed pages for reuse, so the program's resident
size would stay at its highest. A closing screen (and a resize: ``App.resize``) calls
``soon()``: the caches of drawings are emptied at once (``sprites.cache.clear_all``: the next
screen makes its own few again), and at the start of the next frame, when the screen is no
longer referenced, ``release()`` collects cycles and asks the allocator (glibc's
``malloc_trim``, where there is one) to return what it can. ``tune()`` has the allocator map
big blocks on their own, so that a layer the window's size goes back as it is freed.

>>> import game.memory as memory
>>> memory.tune()
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


#: glibc's ``mallopt`` parameter, and the size from which a block is mapped on its own.
_M_MMAP_THRESHOLD = -3
MAP_FROM = 1 << 20


def _glibc() -> Any:
    """glibc, loaded once and tuned (``tune``); False where there is none."""
    global _libc
    if _libc is None:
        _libc = False
        if sys.platform.startswith("linux"):
            import ctypes
            try:
                libc = ctypes.CDLL("libc.so.6")
                libc.malloc_trim  # noqa: B018 - glibc only (musl has none)
            except (OSError, AttributeError):
                return _libc
            # A block of MAP_FROM or more (a layer or a felt the size of the window, a big
            # face) is mapped on its own and given back to the system the moment it is freed.
            # Left to itself glibc raises that threshold to the largest block freed so far,
            # and then a window resized again and again leaves its old layers as holes in the
            # heap: the resident size doubled between two trims (a soak's peak 226 MB, its
            # resident size after the trim 95 MB).
            libc.mallopt(_M_MMAP_THRESHOLD, MAP_FROM)
            _libc = libc
    return _libc


def tune() -> None:
    """Have the allocator give the big blocks (window-sized layers) back as they are freed
    (glibc; elsewhere nothing). The app calls it after its first frame (loading the library
    costs the start-up 12 ms); ``release`` does too."""
    _glibc()


def _trim() -> None:
    """Return free heap pages to the system (glibc's ``malloc_trim``; elsewhere nothing)."""
    libc = _glibc()
    if libc:
        libc.malloc_trim(0)


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


def collect_soon() -> None:
    """A screen left the stack: ``release`` at the next frame, the caches kept. A screen is
    held in reference cycles (its buttons' actions are its own methods), which only the
    collector frees, and it runs by the count of objects made, never of pixels held: left to
    it, every settings, statistics or gallery screen left kept its window-sized pictures
    (21 MB each at 2667x1964) until some later collection."""
    global pending
    pending = True


def release() -> int:
    """Collect garbage and return free heap pages to the system; returns the objects
    collected."""
    global pending
    pending = False
    collected = gc.collect()
    _trim()
    return collected
