"""A vertical scrolling list of widgets (mouse wheel, scrollbar drag, keeps focus in view).

>>> from game.widgets.label import Label
>>> s = ScrollList([Label("a"), Label("b")]); len(s.children)
2

A list may carry a ``lead``: a widget of its scene (a page's title) placed above the children
and scrolled with them, where the page is too short to keep it apart (``WidgetScene.
arrange_page``); its scene draws it, clipped to the list. A scene may place the children
itself (``lay_out``: their boxes in the content, side by side where it likes).

>>> from game.theme import Metrics
>>> title, rows = Label("Title"), [Label("a"), Label("b")]
>>> s = ScrollList(rows); s.lead = title; s.place(pygame.Rect(0, 0, 200, 400), Metrics((1280, 800)))
>>> title.rect.bottom < rows[0].rect.top, title.clip == s.rect
(True, True)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Callable, Sequence

import pygame

from game import draw, theme
from game.widgets.base import Widget


class ScrollList(Widget):
    """Children stacked top to bottom inside ``rect``; only the visible part is drawn."""

    focusable = False

    def __init__(self, children: Sequence[Widget] = (), gap: int | None = None,
                 lay_out: Callable[[int], Sequence[pygame.Rect]] | None = None) -> None:
        super().__init__()
        self.children: list[Widget] = list(children)
        #: A widget of the scene above the children, scrolled with them (its scene draws it).
        self.lead: Widget | None = None
        #: The children's boxes in the content for a width (x from 0, y from the top), in
        #: their order; None: stacked, the list's gap apart.
        self.lay_out = lay_out
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

    def _boxes(self, width: int) -> list[tuple[Widget, pygame.Rect]]:
        """Each widget placed in the content at ``width`` (the lead first), its box from the
        content's top left."""
        gap = self.metrics.px(self.gap_design)
        placed: list[tuple[Widget, pygame.Rect]] = []
        y = 0
        if self.lead is not None:
            self.lead.metrics = self.metrics
            h = self.lead.preferred_height(width)
            placed.append((self.lead, pygame.Rect(0, 0, width, h)))
            y = h + self.metrics.gap
        for child in self.children:
            child.metrics = self.metrics
        if self.lay_out is not None:
            return placed + [(c, box.move(0, y)) for c, box in zip(self.children,
                                                                    self.lay_out(width))]
        for child in self.children:
            h = child.preferred_height(width)
            placed.append((child, pygame.Rect(0, y, width, h)))
            y += h + gap
        return placed

    def _arrange(self) -> None:
        width = self.rect.width - (self.metrics.px(16) if self._needs_bar() else 0)
        placed = self._boxes(width)
        for child, box in placed:
            child.place(box.move(self.rect.x, self.rect.y - self.offset), self.metrics)
            child.clip = self.rect
        self.content_height = max((box.bottom for _c, box in placed), default=0)
        self.offset = min(self.offset, self.max_offset)

    def _needs_bar(self) -> bool:
        return max((box.bottom for _c, box in self._boxes(self.rect.width)),
                   default=0) > self.rect.height

    def usable_height(self, width: int) -> int:
        """The least height at which the list is of use at ``width``: all of it, or two of
        its shortest controls whole and its tallest whole (a list of texts only: two rows'
        height), as the layout check asks (``tests.layout_check.cramped_lists``); its rows
        measured beside a scroll bar (the narrower, the taller)."""
        m = self.metrics
        placed = self._boxes(width - m.px(16))
        rows = sorted(box.height for c, box in placed if c.focusable and c.visible)
        gap = m.px(self.gap_design)
        need = max(rows[-1], 2 * rows[0] + gap) if rows else 2 * m.row_height + gap
        return min(max((box.bottom for _c, box in placed), default=0), need)

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
