"""Small drawing helpers shared by widgets and scenes (rounded panels, shadows, gradients),
and the layers a scene keeps between frames."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

from game import theme
from sprites.cache import SurfaceCache, surface_bytes


def rounded_rect(surface: pygame.Surface, color, rect: pygame.Rect, radius: int,
                 width: int = 0, alpha: int | None = None) -> None:
    """A rounded rectangle; with ``alpha`` it is blended in (see below)."""
    if not surface.get_clip().colliderect(rect):  # a part of a layer painted again: not here
        return
    if alpha is None:
        pygame.draw.rect(surface, color, rect, width, border_radius=radius)
        return
    rect = pygame.Rect(rect)
    r = max(0, min(radius, rect.width // 2, rect.height // 2))
    if width or r * 4 >= min(rect.size):  # an outline, or mostly corners: one shape
        surface.blit(_translucent(rect.size, (*color[:3], alpha), radius, width), rect.topleft)
        return
    # Filled: the four corners from a small kept shape, the rest blended in place (a shape
    # the size of a page would cost its allocation and several megabytes in the cache).
    corners = _translucent((2 * r, 2 * r), (*color[:3], alpha), r, 0)
    x, y, w, h = rect
    for cx, cy in ((0, 0), (r, 0), (0, r), (r, r)):
        at = (x + (w - r if cx else 0), y + (h - r if cy else 0))
        surface.blit(corners, at, pygame.Rect(cx, cy, r, r))
    for band in (pygame.Rect(x + r, y, w - 2 * r, r), pygame.Rect(x, y + r, w, h - 2 * r),
                 pygame.Rect(x + r, y + h - r, w - 2 * r, r)):
        blend_fill(surface, color, alpha, band)


def blend_fill(surface: pygame.Surface, color, alpha: int, rect: pygame.Rect) -> None:
    """Blend ``color`` at ``alpha`` over ``rect`` of ``surface`` in place (as a translucent
    fill would): every pixel times (255 - alpha), plus the colour times alpha.

    >>> s = pygame.Surface((2, 1)); _ = s.fill((200, 100, 0))
    >>> blend_fill(s, (0, 0, 200), 128, pygame.Rect(0, 0, 1, 1)); s.get_at((0, 0))
    Color(100, 50, 100, 255)
    >>> s.set_clip(pygame.Rect(0, 0, 1, 1)); blend_fill(s, (0, 0, 0), 128, pygame.Rect(1, 0, 1, 1))
    >>> s.get_at((1, 0))                                # outside the clip: untouched
    Color(200, 100, 0, 255)
    """
    # (Clipped here: pygame-ce 2.5 blends a rect that lies wholly outside the clip anyway.)
    rect = rect.clip(surface.get_clip())
    if not rect.width or not rect.height:
        return
    k = 255 - alpha
    surface.fill((k, k, k), rect, special_flags=pygame.BLEND_RGB_MULT)
    add = tuple(round(c * alpha / 255) for c in color[:3])
    if any(add):  # (black adds nothing: a dim is one pass)
        surface.fill(add, rect, special_flags=pygame.BLEND_RGB_ADD)


#: Translucent shapes kept: panels are the same from frame to frame, and making and filling a
#: new transparent surface each time cost more than blending it.
_shapes: SurfaceCache[pygame.Surface] = SurfaceCache(count=256, megabytes=16)


def _translucent(size: tuple[int, int], rgba: tuple[int, ...], radius: int,
                 width: int) -> pygame.Surface:
    def make() -> pygame.Surface:
        tmp = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(tmp, rgba, tmp.get_rect(), width, border_radius=radius)
        return tmp
    return _shapes.get(("rect", size, rgba, radius, width), make)


def panel(surface: pygame.Surface, rect: pygame.Rect, radius: int, border: int = 1,
          color=theme.PANEL, alpha: int = theme.PANEL_ALPHA,
          border_color=theme.PANEL_BORDER) -> None:
    """A translucent dark panel with a thin gold border and a soft shadow."""
    shadow = rect.move(0, max(2, radius // 3))
    if not surface.get_clip().colliderect(rect.union(shadow)):
        return
    rounded_rect(surface, theme.SHADOW, shadow, radius, alpha=90)
    rounded_rect(surface, color, rect, radius, alpha=alpha)
    if border:
        pygame.draw.rect(surface, border_color, rect, border, border_radius=radius)


def vertical_gradient(size: tuple[int, int], top, bottom,
                      into: pygame.Surface | None = None) -> pygame.Surface:
    """A top-to-bottom gradient of ``size``, painted over ``into`` (a surface of that size)
    or on a new surface. Rows of one shade are filled as one band: a dark felt's gradient
    has a few dozen shades, and filling them is a hundredth of the work of blending every
    pixel (the menu's first frame paints one).

    >>> g = vertical_gradient((3, 9), (0, 0, 0), (4, 2, 0))
    >>> [g.get_at((2, y))[0] for y in range(9)], [g.get_at((0, y))[1] for y in range(9)]
    ([0, 1, 1, 2, 2, 3, 3, 4, 4], [0, 0, 1, 1, 1, 1, 2, 2, 2])
    """
    w, h = max(1, size[0]), max(1, size[1])
    surface = into if into is not None else pygame.Surface((w, h))
    span = max(1, h - 1)

    def shade(y: int) -> tuple[int, ...]:
        return tuple(math.floor(a + (b - a) * y / span + 0.5) for a, b in zip(top, bottom))
    # The rows where a channel's rounded value may change: where it crosses n + 0.5.
    starts = {0}
    for a, b in zip(top, bottom):
        if a != b:
            lo, hi = sorted((a, b))
            for n in range(lo + 1, hi + 1):
                starts.add(min(h - 1, max(0, math.ceil((n - 0.5 - a) * span / (b - a)))))
    rows = sorted(starts) + [h]
    for y0, y1 in zip(rows, rows[1:]):
        if y1 > y0:
            surface.fill(shade(y0), (0, y0, w, y1 - y0))
    return surface


#: Felts made, by window size (two: a window resized often must not keep them all; and a
#: resize empties it, ``game.memory.soon``).
_felts: SurfaceCache[pygame.Surface] = SurfaceCache(count=2, megabytes=48)


def table_background(size: tuple[int, int],
                     scratch: pygame.Surface | None = None) -> pygame.Surface:
    """The felt table: a gradient with a soft vignette and faint seigaiha wave pattern; made
    once per size (safe on a thread: the menu makes its felt beside its first frames).
    ``scratch``: an opaque surface of ``size`` about to be painted over whole (the layer the
    felt goes on), where a felt made now works out its vignette: one surface the window's
    size fewer made (each 4 ms at 1920x1080 here, its pages new to the process).

    >>> table_background((64, 40)) is table_background((64, 40)), felt_ready((64, 40))
    (True, True)
    """
    size = (int(size[0]), int(size[1]))
    return _felts.get(size, lambda: _felt(size, scratch))


def felt_into(surface: pygame.Surface, scratch: pygame.Surface | None = None) -> None:
    """Paint the felt over the whole of ``surface`` and keep it only there: the one kept for
    its size (``table_background``) is copied and let go, else it is made there. A table
    keeps its felt in its layer of felt and frames: one picture the window's size, not two
    (a screen after it makes its own again). ``scratch`` as for ``table_background`` (a
    surface of the size other than ``surface``).

    >>> s = pygame.Surface((40, 30)); felt_into(s); felt_ready((40, 30))
    False
    >>> s.get_at((20, 15)) == table_background((40, 30)).get_at((20, 15))
    True
    >>> felt_into(s); felt_ready((40, 30))
    False
    """
    size = surface.get_size()
    kept = _felts.peek(size)
    if kept is not None:
        surface.blit(kept, (0, 0))
        _felts.discard(size)
    else:
        _felt(size, scratch, into=surface)


def felt_ready(size: tuple[int, int]) -> bool:
    """Is the felt of ``size`` made (``table_background`` returns at once)?"""
    return (int(size[0]), int(size[1])) in _felts


def _felt(size: tuple[int, int], scratch: pygame.Surface | None = None,
          into: pygame.Surface | None = None) -> pygame.Surface:
    w, h = size
    surf = vertical_gradient(size, theme.BACKGROUND_TOP, theme.BACKGROUND_BOTTOM, into)
    # Faint seigaiha (wave) pattern: rows of rings half a step apart, every other row shifted
    # half a step. It repeats every step across and every two rows down, so one tile is drawn
    # (on a canvas three tiles wide and high, for the rings that cross its edges) and laid
    # over the whole table: the same picture as drawing every ring, in a hundredth of the time.
    step = max(24, min(w, h) // 14)
    half = step // 2
    period = 2 * half
    line = max(1, step // 22)
    canvas = pygame.Surface((3 * step, 3 * period), pygame.SRCALPHA)
    for row in range(7):
        for x in range((half if row % 2 else 0) - step, 4 * step, step):
            for k in range(3):
                pygame.draw.circle(canvas, (255, 255, 255, 9), (x, row * half),
                                   half - k * step // 7, line)
    tile = canvas.subsurface((step, period, step, period))
    # The pattern's rows start at (-step, -step): the tile's corner falls on (0, step - step
    # % period) modulo the period.
    for y in range(-(step % period) - period, h, period):
        for x in range(0, w, step):
            surf.blit(tile, (x, y))
    # Vignette: darken the edges (the felt times a shade, white in the middle: as black laid
    # over at 150 * d^2 alpha, within a level, and it can be scaled into an opaque scratch).
    small = pygame.Surface((16, 10), 0, surf)
    for yy in range(10):
        for xx in range(16):
            dx = (xx - 7.5) / 7.5
            dy = (yy - 4.5) / 4.5
            d = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.2)
            shade = 255 - int(150 * d * d)
            small.set_at((xx, yy), (shade, shade, shade))
    if scratch is not None and scratch.get_size() == size \
            and scratch.get_bitsize() == small.get_bitsize():
        shading = pygame.transform.smoothscale(small, size, scratch)
    else:
        shading = pygame.transform.smoothscale(small, size)
    surf.blit(shading, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return surf


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int, width: int) -> None:
    pygame.draw.rect(surface, theme.FOCUS_RING, rect.inflate(width * 3, width * 3), width,
                     border_radius=radius + width)


def status_mark(surface: pygame.Surface, mark: str, center: tuple[int, int], r: int,
                color: tuple[int, int, int]) -> None:
    """A verdict's mark, told by its shape as well as its colour: ``tick`` (yes), ``cross``
    (no) or ``dot`` (neither), ``r`` pixels from ``center``.

    >>> s = pygame.Surface((20, 20)); status_mark(s, "cross", (10, 10), 7, (255, 0, 0))
    >>> s.get_at((10, 10))[0] > 0, s.get_at((10, 4))[0]
    (True, 0)
    """
    x, y = center
    width = max(2, r // 3)
    if mark == "tick":
        pygame.draw.lines(surface, color, False, [(x - r, y), (x - r // 3, y + r * 2 // 3),
                                                  (x + r, y - r * 2 // 3)], width)
    elif mark == "cross":
        pygame.draw.line(surface, color, (x - r, y - r), (x + r, y + r), width)
        pygame.draw.line(surface, color, (x - r, y + r), (x + r, y - r), width)
    else:
        pygame.draw.circle(surface, color, center, max(2, r * 6 // 7))


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface (behind modal dialogs) as a black veil of ``alpha`` would, in
    place (``blend_fill``: a veil the size of the window would cost 8 MB and a blend).

    >>> s = pygame.Surface((1, 1)); _ = s.fill((200, 100, 40)); dim(s, 128); s.get_at((0, 0))
    Color(100, 50, 20, 255)
    """
    blend_fill(surface, (0, 0, 0), max(0, min(255, alpha)), surface.get_rect())


def part_layer(size: tuple[int, int]) -> pygame.Surface:
    """A new opaque surface of ``size`` for a layer copied out a part at a time (a table's
    cards at rest, painted back where a card left), its rows a little longer than it shows.

    SDL copies between two surfaces whose rows are 16-byte aligned with non-temporal
    stores: for a box of a 1080p window (365x463 px) 300 µs here, where rows off that
    alignment take the plain copy, 45 µs (a whole window the other way round: 0.46 ms against
    0.73 ms, so the layers blitted whole, a screen's backdrop, stay as they are).

    >>> layer = part_layer((1920, 1080))
    >>> layer.get_size(), layer.get_pitch() % 16 != 0
    ((1920, 1080), True)
    """
    w, h = size
    pad = 1 if (w + 1) % 4 else 2  # (32-bit pixels: a row of w + pad is not 16-byte long)
    return pygame.Surface((w + pad, h)).subsurface((0, 0, w, h))


class Layers:
    """Surfaces kept between frames, each redrawn only when its key changes (a new window
    size, a display setting, a score on the panel ...).

    >>> layers = Layers(); calls = []
    >>> paint = lambda s: calls.append(s.get_size())
    >>> _ = layers.get("felt", ("1280x800",), (4, 3), paint)
    >>> _ = layers.get("felt", ("1280x800",), (4, 3), paint); calls
    [(4, 3)]
    """

    def __init__(self) -> None:
        self._kept: dict[str, tuple[Hashable, pygame.Surface]] = {}
        self._parts: dict[str, Sequence[tuple[Hashable, pygame.Rect]]] = {}

    def get(self, name: str, key: Hashable, size: tuple[int, int],
            paint: Callable[[pygame.Surface], Any], alpha: bool = False,
            by_parts: bool = False) -> pygame.Surface:
        """The layer ``name`` for ``key``: kept, or painted by ``paint(surface)`` now
        (``by_parts``: an opaque layer copied out a part at a time, ``part_layer``)."""
        hit = self._kept.get(name)
        if hit is not None and hit[0] == key:
            return hit[1]
        if hit is not None and hit[1].get_size() == size and \
                bool(hit[1].get_flags() & pygame.SRCALPHA) == alpha:
            surface = hit[1]  # painted over: a new surface each time costs its allocation
            surface.fill((0, 0, 0, 0) if alpha else (0, 0, 0))
        else:
            # The old size's surface goes before the new one is made: never both at once.
            self._kept.pop(name, None)
            hit = None
            surface = part_layer(size) if by_parts and not alpha else \
                pygame.Surface(size, pygame.SRCALPHA if alpha else 0)
        paint(surface)
        self._kept[name] = (key, surface)
        return surface

    def key(self, name: str) -> Hashable | None:
        """The key the layer ``name`` is kept for, or None (none kept)."""
        hit = self._kept.get(name)
        return None if hit is None else hit[0]

    def get_parts(self, name: str, key: Hashable, size: tuple[int, int],
                  parts: Callable[[], Sequence[tuple[Hashable, pygame.Rect]]],
                  paint: Callable[[pygame.Surface, Any, pygame.Rect], Any]) -> pygame.Surface:
        """The transparent layer ``name`` for ``key``, made of ``parts()``: what each shows
        and its box (boxes that do not overlap). Kept; for a new ``key``, only the parts
        that changed are cleared and painted again by ``paint(surface, part, box)``, clipped
        to their boxes.

        >>> layers = Layers(); calls = []
        >>> lines = lambda n: [("a", pygame.Rect(0, 0, 4, 2)), (n, pygame.Rect(0, 2, 4, 2))]
        >>> paint = lambda s, part, box: calls.append(part)
        >>> _ = layers.get_parts("panel", 1, (4, 4), lambda: lines("b"), paint)
        >>> _ = layers.get_parts("panel", 2, (4, 4), lambda: lines("c"), paint); calls
        ['a', 'b', 'c']
        """
        hit = self._kept.get(name)
        if hit is not None and hit[0] == key:
            return hit[1]
        now = parts()
        before = self._parts.get(name)
        if hit is None or before is None or hit[1].get_size() != size:
            self._kept.pop(name, None)  # (the old size's surface first: never both at once)
            hit = None
            surface = pygame.Surface(size, pygame.SRCALPHA)
            redo = list(range(len(now)))
        else:
            surface = hit[1]
            # The parts that changed (or came, or went) are cleared where they were and are,
            # and painted again. No other part is touched: a part that stays has the same box
            # before and after, and the boxes of each time do not overlap.
            redo, cleared = [], []
            for i in range(max(len(before), len(now))):
                was = before[i] if i < len(before) else None
                is_ = now[i] if i < len(now) else None
                if was != is_:
                    cleared += [p[1] for p in (was, is_) if p is not None]
                    if is_ is not None:
                        redo.append(i)
            for box in cleared:
                surface.fill((0, 0, 0, 0), box)
        for i in redo:
            part, box = now[i]
            surface.set_clip(box)
            paint(surface, part, box)
        surface.set_clip(None)
        self._kept[name] = (key, surface)
        self._parts[name] = now
        return surface

    @property
    def bytes(self) -> int:
        """Memory of the layers' pixels (each the size of the window, or less).

        >>> layers = Layers(); _ = layers.get("felt", 1, (4, 3), lambda s: None); layers.bytes
        48
        """
        return sum(surface_bytes(surface) for _key, surface in self._kept.values())

    def clear(self) -> None:
        self._kept.clear()
        self._parts.clear()
