"""A translucent panel: the backdrop of a group of widgets (it draws only itself)."""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game import draw
from game.widgets.base import Widget


class Panel(Widget):
    focusable = False

    def __init__(self, title: str = "") -> None:
        super().__init__()
        self.title = title

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def still_look(self) -> Hashable:
        return (tuple(self.rect), self.metrics, self.visible, self.title)

    def draw(self, surface: pygame.Surface) -> None:
        if self.visible:
            draw.panel(surface, self.rect, self.metrics.radius * 2, max(1, self.metrics.px(1.5)))
