"""Small drawing helpers shared by widgets and scenes (rounded panels, shadows, gradients)."""

from __future__ import annotations

import functools

import pygame

from game import theme
from sprites.cache import SurfaceCache


def rounded_rect(surface: pygame.Surface, color, rect: pygame.Rect, radius: int,
                 width: int = 0, alpha: int | None = None) -> None:
    """A rounded rectangle; with ``alpha`` it is blended through a temporary surface."""
    if alpha is None:
        pygame.draw.rect(surface, color, rect, width, border_radius=radius)
        return
    surface.blit(_translucent(rect.size, (*color[:3], alpha), radius, width), rect.topleft)


#: Translucent shapes kept: panels are the same from frame to frame, and making and filling a
#: new transparent surface each time cost more than blending it.
_shapes = SurfaceCache(count=256, megabytes=48)


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
    rounded_rect(surface, theme.SHADOW, shadow, radius, alpha=90)
    rounded_rect(surface, color, rect, radius, alpha=alpha)
    if border:
        pygame.draw.rect(surface, border_color, rect, border, border_radius=radius)


@functools.lru_cache(maxsize=8)
def vertical_gradient(size: tuple[int, int], top, bottom) -> pygame.Surface:
    """A cached top-to-bottom gradient surface."""
    w, h = size
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), top)
    strip.set_at((0, 1), bottom)
    return pygame.transform.smoothscale(strip, (max(1, w), max(1, h)))


@functools.lru_cache(maxsize=4)
def table_background(size: tuple[int, int]) -> pygame.Surface:
    """The felt table: a gradient with a soft vignette and faint seigaiha wave pattern."""
    w, h = size
    surf = vertical_gradient(size, theme.BACKGROUND_TOP, theme.BACKGROUND_BOTTOM).copy()
    # Faint seigaiha (wave) pattern, drawn small and scaled for speed.
    step = max(24, min(w, h) // 14)
    pattern = pygame.Surface(size, pygame.SRCALPHA)
    line = max(1, step // 22)
    for row, y in enumerate(range(-step, h + step, step // 2)):
        offset = (step // 2) if row % 2 else 0
        for x in range(-step + offset, w + step, step):
            for k in range(3):
                r = step // 2 - k * step // 7
                pygame.draw.circle(pattern, (255, 255, 255, 9), (x, y), r, line)
    surf.blit(pattern, (0, 0))
    # Vignette: darken the edges.
    vignette = pygame.Surface((2, 2), pygame.SRCALPHA)
    small = pygame.Surface((16, 10), pygame.SRCALPHA)
    for yy in range(10):
        for xx in range(16):
            dx = (xx - 7.5) / 7.5
            dy = (yy - 4.5) / 4.5
            d = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.2)
            small.set_at((xx, yy), (0, 0, 0, int(150 * d * d)))
    del vignette
    surf.blit(pygame.transform.smoothscale(small, size), (0, 0))
    return surf


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int, width: int) -> None:
    pygame.draw.rect(surface, theme.FOCUS_RING, rect.inflate(width * 3, width * 3), width,
                     border_radius=radius + width)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface (behind modal dialogs)."""
    size = surface.get_size()

    def make() -> pygame.Surface:
        overlay = pygame.Surface(size, pygame.SRCALPHA)
        overlay.fill((0, 0, 0, alpha))
        return overlay
    surface.blit(_shapes.get(("shade", size, alpha), make), (0, 0))
