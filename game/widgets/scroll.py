"""A vertical scrolling list of widgets (mouse wheel, scrollbar drag, keeps focus in view).

>>> from game.widgets.label import Label
>>> s = ScrollList([Label("a"), Label("b")]); len(s.children)
2
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Sequence

import pygame

from game import draw, theme
from game.widgets.base import Widget


class ScrollList(Widget):
    """Children stacked top to bottom inside ``rect``; only the visible part is drawn."""

    focusable = False

    def __init__(self, children: Sequence[Widget] = (), gap: int | None = None) -> None:
        super().__init__()
        self.children: list[Widget] = list(children)
        self.offset = 0  # pixels scrolled
        self.content_height = 0
        self.gap_design = 6 if gap is None else gap
        self._pointer: tuple[int, int] | None = None
        self._dragging_bar = False

    def set_children(self, children: Sequence[Widget]) -> None:
        self.children = list(children)
        self.offset = 0
        self.place(self.rect, self.metrics)

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.rect.height)

    def place(self, rect: pygame.Rect, metrics) -> None:
        super().place(rect, metrics)
        self._arrange()

    def _bar_width(self) -> int:
        return self.metrics.px(8) if self.content_height > self.rect.height else 0

    def _arrange(self) -> None:
        gap = self.metrics.px(self.gap_design)
        width = self.rect.width - (self.metrics.px(16) if self._needs_bar() else 0)
        y = 0
        for child in self.children:
            child.metrics = self.metrics
            h = child.preferred_height(width)
            child.place(pygame.Rect(self.rect.x, self.rect.y + y - self.offset, width, h),
                        self.metrics)
            child.clip = self.rect
            y += h + gap
        self.content_height = max(0, y - gap)
        self.offset = min(self.offset, self.max_offset)

    def _needs_bar(self) -> bool:
        gap = self.metrics.px(self.gap_design)
        total = sum(c.preferred_height(self.rect.width) + gap for c in self.children) - gap
        return total > self.rect.height

    def scroll_to(self, offset: int) -> None:
        offset = max(0, min(self.max_offset, int(offset)))
        if offset != self.offset:
            self.offset = offset
            self._arrange()

    def scroll_into_view(self, child: Widget) -> None:
        top = child.rect.top - self.rect.top + self.offset
        bottom = top + child.rect.height
        if top < self.offset:
            self.scroll_to(top)
        elif bottom > self.offset + self.rect.height:
            self.scroll_to(bottom - self.rect.height)

    def _bar_rect(self) -> pygame.Rect | None:
        if self.content_height <= self.rect.height:
            return None
        track_h = self.rect.height
        h = max(self.metrics.px(30), round(track_h * self.rect.height / self.content_height))
        y = self.rect.y + round((track_h - h) * self.offset / max(1, self.max_offset))
        return pygame.Rect(self.rect.right - self.metrics.px(8), y, self.metrics.px(6), h)

    def handle_scroll_key(self, event: pygame.event.Event) -> bool:
        """Up/Down, Page Up/Down, Home/End scroll a list that has nothing to focus."""
        if event.type != pygame.KEYDOWN:
            return False
        line = self.metrics.px(60)
        steps = {pygame.K_UP: -line, pygame.K_DOWN: line,
                 pygame.K_PAGEUP: -self.rect.height, pygame.K_PAGEDOWN: self.rect.height,
                 pygame.K_HOME: -self.content_height, pygame.K_END: self.content_height}
        if event.key not in steps:
            return False
        self.scroll_to(self.offset + steps[event.key])
        return True

    def focusables(self) -> list[Widget]:
        return [c for c in self.children if c.focusable and c.visible]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
            if self._dragging_bar:
                bar = self._bar_rect()
                if bar is not None:
                    span = self.rect.height - bar.height
                    self.scroll_to(self.offset + event.rel[1] * self.max_offset / max(1, span))
                return True
        if event.type == pygame.MOUSEWHEEL:
            pointer = self._pointer
            if pointer is None or self.rect.collidepoint(pointer):
                self.scroll_to(self.offset - event.y * self.metrics.px(60))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            bar = self._bar_rect()
            if bar is not None and bar.inflate(self.metrics.px(10), 0).collidepoint(event.pos):
                self._dragging_bar = True
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging_bar:
            self._dragging_bar = False
            return True
        used = False
        for child in self.children:
            used = child.handle_event(event) or used
        return used

    def update(self, dt: float) -> None:
        for child in self.children:
            child.update(dt)

    def still_look(self) -> Hashable | None:
        """Still while every child in view is (and it is not scrolled)."""
        looks = []
        for child in self.children:
            if child.rect.colliderect(self.rect):
                look = child.still_look()
                if look is None:
                    return None
                looks.append(look)
        return (tuple(self.rect), self.metrics, self.visible, self.offset, self.content_height,
                tuple(looks))

    def draw(self, surface: pygame.Surface) -> None:
        old_clip = surface.get_clip()
        surface.set_clip(self.rect.clip(old_clip) if old_clip else self.rect)
        for child in self.children:
            if child.rect.colliderect(self.rect):
                child.draw(surface)
        surface.set_clip(old_clip)
        bar = self._bar_rect()
        if bar is not None:
            draw.rounded_rect(surface, theme.GOLD_DIM, bar, bar.width // 2, alpha=180)
