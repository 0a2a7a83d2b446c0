"""Static text with wrapping and alignment.

>>> Label("Hello", role="title").role
'title'
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game import theme
from game.fonts import font
from game.text import draw_text, text_height, wrap
from game.widgets.base import Widget


class Label(Widget):
    focusable = False

    def __init__(self, text: str, *, role: str = "body", align: str = "left",
                 color=theme.TEXT, bold: bool = False, valign: str = "top") -> None:
        super().__init__()
        self.text = text
        self.role = role
        self.align = align
        self.color = color
        self.bold = bold
        self.valign = valign
        #: A title set a step smaller, in the heading's size (bold still), where its page is
        #: short of room (``WidgetScene.arrange_page``, the setup screen).
        self.compact = False

    @property
    def font(self) -> pygame.font.Font:
        bold = self.bold or self.role in ("display", "title")
        role = "heading" if self.compact and self.role in ("display", "title") else self.role
        return font(self.metrics.type_size(role), bold)

    def preferred_height(self, width: int) -> int:
        return text_height(self.font, self.text, max(1, width))

    def cut(self) -> str | None:
        """Lines below the label's box: the last line must end inside it (the line spacing
        after it may not)."""
        if not (self.visible and self.text):
            return None
        lines = len(wrap(self.font, self.text, max(1, self.rect.width)))
        step = text_height(self.font, self.text, max(1, self.rect.width)) // lines
        need = step * (lines - 1) + self.font.get_linesize()
        if need > self.rect.height:
            return f"{lines} line(s) {need} px tall in {self.rect.height}"
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def still_look(self) -> Hashable:
        return (tuple(self.rect), self.metrics, self.visible, self.text, self.role, self.align,
                tuple(self.color), self.bold, self.valign, self.compact,
                None if self.clip is None else tuple(self.clip))

    def draw(self, surface: pygame.Surface) -> None:
        """The text, inside ``clip`` if it has one (a list's lead, drawn by its scene)."""
        if not (self.visible and self.text):
            return
        old = surface.get_clip()
        if self.clip is not None:
            surface.set_clip(self.clip.clip(old))
        draw_text(surface, self.text, self.font, self.color, self.rect, self.align, self.valign)
        surface.set_clip(old)
