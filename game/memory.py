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

A resize waits ``RESIZE_WAIT`` frames for its ``release`` (``soon(wait=...)``): the frame that
shows the table at its new size has enough to do (the collection and the trim cost it 2-8 ms),
and the frames after it, storing the new size's faces, are lighter. A window dragged through
many sizes releases once it rests. And a release waits for a quiet frame, without input and
with nothing moving (a key's frame is a table's heaviest: the move made, the cards set off;
the page between rounds closed, the next deal sets off for a second or two, and a frame of
it was 3-5 ms heavier with the release), ``BUSY_WAIT`` frames at most (a table at rest
costs its frame some 0.3 ms, so the release's 2-4 ms fall where nothing else is drawn).
``due(busy)``, asked once a frame, says when the time has come.

>>> import game.memory as memory
>>> memory.tune()
>>> _ = memory.release()  # (none waiting, whatever ran before)
>>> memory.soon(); memory.pending, memory.due()
(True, True)
>>> memory.release() >= 0, memory.pending
(True, False)
>>> memory.soon(wait=2); [memory.due() for _ in range(3)]
[False, False, True]
>>> [memory.due(busy=True) for _ in range(memory.BUSY_WAIT + 1)][-2:]
[False, True]
>>> _ = memory.release()
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


#: A big screen closed or the window changed size: ``release`` at the next frame (or after
#: ``_wait`` more frames).
pending = False
_wait = 0
_busy = 0  # busy frames the due release has waited through (``BUSY_WAIT`` at most)
#: The frames a resize's ``release`` waits (a third of a second at 60 frames a second): not
#: in the frame that shows the new size.
RESIZE_WAIT = 20
#: The busy frames (input, or something moving) a due ``release`` waits through for a quiet
#: one, at most (4 s at 60 frames a second: a deal and the computers' first moves; a table
#: played without a pause still gives its memory back).
BUSY_WAIT = 240


def soon(wait: int = 0) -> None:
    """A big screen closes: empty the caches of drawings now (before the next screen makes
    its own: a new table's faces, rendered ahead, must not go), and ``release`` the rest at
    the start of the next frame, when the screen is no longer referenced; with ``wait``, that
    many frames later (a resize: ``RESIZE_WAIT``; a release already waiting waits as long as
    the longer of the two asks)."""
    global pending, _wait
    from sprites.cache import clear_all
    clear_all()
    _wait = max(_wait, wait) if pending else wait
    pending = True


def due(busy: bool = False) -> bool:
    """Asked once at the start of each frame (``busy``: one with input, or with something
    moving): is a ``release`` due now (``pending``, its wait over, and the frame quiet or the
    release kept waiting ``BUSY_WAIT`` frames by busy ones)?"""
    global _wait, _busy
    if not pending:
        return False
    if _wait > 0:
        _wait -= 1
        return False
    if busy and _busy < BUSY_WAIT:
        _busy += 1
        return False
    return True


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
    global pending, _wait, _busy
    pending, _wait, _busy = False, 0, 0
    collected = gc.collect()
    _trim()
    return collected
