"""A cache of surfaces bounded by count and by bytes, least recently used first out.

Everything the program draws the same way from frame to frame (card faces, text, translucent
panels) is kept in one of these, so that a window resized many times, or a long session, does
not grow the process without end.

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

import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

#: How to empty each cache of drawings (``clear_all``): every ``SurfaceCache`` (weakly) and
#: what ``on_clear_all`` registered (cached functions that make surfaces, a module's caches).
_clears: list[Callable[[], Callable[[], None] | None]] = []


def on_clear_all(clear: Callable[[], None]) -> Callable[[], None]:
    """Have ``clear_all`` call ``clear`` (say a ``functools.lru_cache``'s ``cache_clear``)."""
    _clears.append(lambda: clear)
    return clear


def clear_all() -> None:
    """Empty every cache of drawings: a big screen closed, and what it drew is made again
    when it is needed (the program's memory would otherwise stay at its largest screen's).

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


#: Surfaces that stand in for one not made yet (a card face scaled from another size while
#: the right one renders): whoever keeps a drawing of one asks again until it gets the real one.
STAND_INS: weakref.WeakSet[pygame.Surface] = weakref.WeakSet()


def surface_bytes(surface: pygame.Surface) -> int:
    """Memory of ``surface``'s pixels."""
    return surface.get_width() * surface.get_height() * surface.get_bytesize()


class SurfaceCache:
    """Surfaces by key; at most ``count`` of them and ``megabytes`` of pixels (the most
    recently used one is always kept, whatever its size)."""

    def __init__(self, count: int, megabytes: float) -> None:
        self.count = count
        self.limit = int(megabytes * (1 << 20))
        self._kept: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self.bytes = 0
        _clears.append(weakref.WeakMethod(self.clear))

    def __contains__(self, key: Hashable) -> bool:
        return key in self._kept

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface kept for ``key``, or ``make()``'s, kept from now on."""
        surface = self._kept.get(key)
        if surface is not None:
            self._kept.move_to_end(key)
            return surface
        return self.put(key, make())

    def put(self, key: Hashable, surface: pygame.Surface) -> pygame.Surface:
        """Keep ``surface`` for ``key`` (replacing any), dropping the least recently used
        over the bounds; returns ``surface``."""
        old = self._kept.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self._kept[key] = surface
        self.bytes += surface_bytes(surface)
        while len(self._kept) > 1 and (len(self._kept) > self.count or self.bytes > self.limit):
            _, dropped = self._kept.popitem(last=False)
            self.bytes -= surface_bytes(dropped)
        return surface

    def peek(self, key: Hashable) -> pygame.Surface | None:
        """The surface kept for ``key``, without making it or changing the order."""
        return self._kept.get(key)

    def discard(self, key: Hashable) -> None:
        """Forget ``key`` (nothing happens when it is not kept)."""
        old = self._kept.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)

    def keys(self) -> list[Hashable]:
        return list(self._kept)

    def clear(self) -> None:
        self._kept.clear()
        self.bytes = 0
