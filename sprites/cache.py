"""The caches of drawings: each bounded by count and by bytes, all of them together by one
byte budget (``BUDGET``), least recently used first out.

Everything the program draws the same way from frame to frame (card faces, text, translucent
panels, the felt, card shadows, fonts) is kept in one of these, so that a window resized many
times, or a long session, does not grow the process without end: past its own bounds a cache
drops its least recently used, and past ``BUDGET`` the least recently used of every cache
goes, whichever cache holds it. ``figures()`` is what they hold together; ``clear_all()``
empties them (a big screen closed, the window resized: what was drawn for the old size is of
no use at the new one).

>>> import pygame
>>> cache = SurfaceCache(count=2, megabytes=1)
>>> a = cache.get("a", lambda: pygame.Surface((10, 10)))
>>> cache.get("a", lambda: pygame.Surface((1, 1))) is a    # kept: not made again
True
>>> _ = cache.get("b", lambda: pygame.Surface((10, 10)))
>>> _ = cache.get("c", lambda: pygame.Surface((10, 10)))
>>> "a" in cache, len(cache), cache.bytes                  # over the count: "a" went
(False, 2, 800)
"""

from __future__ import annotations

import functools
import itertools
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

import pygame

T = TypeVar("T")

#: The bytes every cache of drawings may hold together. A table at the largest window the
#: benchmarks open (2667x1964) draws its frames from some 20-30 MB of faces, text and button
#: looks; the felt (20 MB there), used only when a layer is painted, is the first to go past
#: it. A window resized often, or a long session, cannot go past it.
BUDGET = 48 << 20

#: How to empty each cache of drawings (``clear_all``): every ``SurfaceCache`` (weakly) and
#: what ``on_clear_all`` registered (cached functions that make surfaces, a module's caches).
_clears: list[Callable[[], Callable[[], None] | None]] = []
#: Every cache, for the budget (weakly: a cache made by a test goes with it).
_caches: weakref.WeakSet[SurfaceCache[Any]] = weakref.WeakSet()
#: The order of use across caches: each entry's last use is a number from here.
_ticks = itertools.count()
#: One lock for every cache: the felt and card faces are made beside the frame loop.
_lock = threading.RLock()


def on_clear_all(clear: Callable[[], None]) -> Callable[[], None]:
    """Have ``clear_all`` call ``clear`` (a module's own kept things)."""
    _clears.append(lambda: clear)
    return clear


def clear_all() -> None:
    """Empty every cache of drawings: a big screen closed, or the window changed size, and
    what was drawn is made again when it is needed (the program's memory would otherwise
    stay at its largest screen's).

    >>> cache = SurfaceCache(count=2, megabytes=1)
    >>> _ = cache.get("a", lambda: pygame.Surface((4, 4))); clear_all(); len(cache)
    0
    """
    for ref in list(_clears):
        clear = ref()
        if clear is None:
            _clears.remove(ref)
        else:
            clear()


def figures() -> tuple[int, int]:
    """(bytes held by every cache of drawings together, ``BUDGET``).

    >>> held, budget = figures(); 0 <= held <= budget
    True
    """
    with _lock:
        return sum(cache.bytes for cache in _caches), BUDGET


def _over_budget(keep: SurfaceCache[Any]) -> None:
    """(With the lock held.) Drop the least recently used entries of every cache until
    together they are within ``BUDGET`` (never the last one of ``keep``, just put)."""
    held = sum(cache.bytes for cache in _caches)
    while held > BUDGET:
        oldest: tuple[int, SurfaceCache[Any]] | None = None
        for cache in _caches:
            tick = cache._oldest_tick(keep)
            if tick is not None and (oldest is None or tick < oldest[0]):
                oldest = (tick, cache)
        if oldest is None:
            return
        held -= oldest[1]._drop_oldest()


#: Surfaces that stand in for one not made yet (a card face scaled from another size while
#: the right one renders): whoever keeps a drawing of one asks again until it gets the real one.
STAND_INS: weakref.WeakSet[pygame.Surface] = weakref.WeakSet()


def surface_bytes(surface: pygame.Surface) -> int:
    """Memory of ``surface``'s pixels.

    >>> surface_bytes(pygame.Surface((10, 4), pygame.SRCALPHA))
    160
    """
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


class SurfaceCache(Generic[T]):
    """Surfaces (or other things, measured by ``measure``) by key; at most ``count`` of them
    and ``megabytes``, and within ``BUDGET`` with every other cache (the most recently used
    one is always kept, whatever its size).

    ``cleared``: False for what is of use at any window size (fonts: the sizes one layout asks
    for, its least text among them, come again at the next): ``clear_all`` leaves it, and
    only its bounds and the budget make it let go.

    >>> fonts = SurfaceCache(count=8, megabytes=1, measure=lambda f: 300_000, cleared=False)
    >>> for size in range(5): _ = fonts.get(size, object)
    >>> len(fonts), fonts.bytes            # 1 MB: three of 300 KB
    (3, 900000)
    >>> clear_all(); len(fonts)
    3
    """

    def __init__(self, count: int, megabytes: float,
                 measure: Callable[[T], int] = surface_bytes,  # type: ignore[assignment]
                 cleared: bool = True) -> None:
        self.count = count
        self.limit = int(megabytes * (1 << 20))
        self.measure = measure
        self._kept: OrderedDict[Hashable, tuple[T, int, int]] = OrderedDict()  # value, bytes, tick
        self.bytes = 0
        with _lock:
            _caches.add(self)
        if cleared:
            _clears.append(weakref.WeakMethod(self.clear))

    def __contains__(self, key: Hashable) -> bool:
        return key in self._kept

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """The value kept for ``key``, or ``make()``'s, kept from now on."""
        with _lock:
            hit = self._kept.get(key)
            if hit is not None:
                self._kept[key] = (hit[0], hit[1], next(_ticks))
                self._kept.move_to_end(key)
                return hit[0]
        return self.put(key, make())

    def put(self, key: Hashable, value: T) -> T:
        """Keep ``value`` for ``key`` (replacing any), dropping the least recently used
        over the bounds (this cache's, then ``BUDGET``); returns ``value``."""
        size = self.measure(value)
        with _lock:
            old = self._kept.pop(key, None)
            if old is not None:
                self.bytes -= old[1]
            self._kept[key] = (value, size, next(_ticks))
            self.bytes += size
            while len(self._kept) > 1 and (len(self._kept) > self.count
                                           or self.bytes > self.limit):
                self._drop_oldest()
            _over_budget(self)
        return value

    def peek(self, key: Hashable) -> T | None:
        """The value kept for ``key``, without making it or changing the order."""
        hit = self._kept.get(key)
        return None if hit is None else hit[0]

    def discard(self, key: Hashable) -> None:
        """Forget ``key`` (nothing happens when it is not kept)."""
        with _lock:
            old = self._kept.pop(key, None)
            if old is not None:
                self.bytes -= old[1]

    def keys(self) -> list[Hashable]:
        with _lock:
            return list(self._kept)

    def clear(self) -> None:
        with _lock:
            self._kept.clear()
            self.bytes = 0

    def _oldest_tick(self, keep: SurfaceCache[Any]) -> int | None:
        """The last use of the least recently used entry (None: none that may go)."""
        if not self._kept or (self is keep and len(self._kept) == 1):
            return None
        return next(iter(self._kept.values()))[2]

    def _drop_oldest(self) -> int:
        """Forget the least recently used entry; returns its bytes."""
        _, (_value, size, _tick) = self._kept.popitem(last=False)
        self.bytes -= size
        return size


def kept(count: int, megabytes: float) -> Callable[[Callable[..., pygame.Surface]],
                                                   Callable[..., pygame.Surface]]:
    """A function of hashable arguments that makes a surface, its surfaces kept in a
    ``SurfaceCache`` of ``count`` and ``megabytes`` (``.cache``), within the budget.

    >>> @kept(count=4, megabytes=1)
    ... def square(side: int) -> pygame.Surface:
    ...     return pygame.Surface((side, side))
    >>> square(3) is square(3), len(square.cache)
    (True, 1)
    """
    def wrap(make: Callable[..., pygame.Surface]) -> Callable[..., pygame.Surface]:
        cache: SurfaceCache[pygame.Surface] = SurfaceCache(count, megabytes)

        @functools.wraps(make)
        def call(*args: Hashable) -> pygame.Surface:
            return cache.get(args, lambda: make(*args))
        call.cache = cache  # type: ignore[attr-defined]
        return call
    return wrap
