"""Push button.

>>> b = Button("OK"); b.text
'OK'

A button made with ``translate=True`` holds a message id (marked with ``N_()``) and shows it
in the language of the moment, so a language switch needs nothing of the scene that owns it:

>>> from game.i18n import N_
>>> Button(N_("Hint"), translate=True).text
'Hint'
"""

from __future__ import annotations

from typing import Callable

import pygame

from game import draw, theme
from game.fonts import font, text_image
from game.i18n import _
from game.text import fit_font_size
from game.widgets.base import Widget
from sprites.cache import SurfaceCache

#: Every button's image by its look (size, text, state).
_looks: SurfaceCache[pygame.Surface] = SurfaceCache(count=256, megabytes=12)


class Button(Widget):
    """A labelled button; ``primary`` ones are vermilion (the main action of a screen)."""

    def __init__(self, text: str, on_activate: Callable[[], None] | None = None, *,
                 primary: bool = False, enabled: bool = True, role: str = "body",
                 subtitle: str = "", translate: bool = False) -> None:
        super().__init__(on_activate, enabled)
        self.text = text
        self._translate = translate
        self.subtitle = subtitle
        self.primary = primary
        self.role = role

    @property
    def text(self) -> str:
        """The label; a message id shown translated if the button was made with
        ``translate``, until a label is set in its place."""
        return _(self._text) if self._translate else self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text, self._translate = value, False

    def preferred_height(self, width: int) -> int:
        h = self.metrics.row_height
        return round(h * 1.5) if self.subtitle else h

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        # Drawn once per look into a kept image with room round it for the shadow and the
        # focus ring: a screen of buttons then costs a blit each, not a dozen shapes and texts.
        room = self.painted_rect()
        image = _looks.get(self.look(), lambda: self._paint(self.rect.x - room.x))
        surface.blit(image, room.topleft)

    def look(self) -> tuple:
        """What the button's picture depends on (its place aside)."""
        return (self.visible, self.rect.size, self.metrics, self.text, self.subtitle,
                self.primary, self.role, self.enabled, self.lit, self.pressed, self.focused)

    def painted_rect(self) -> pygame.Rect:
        """Round all that ``draw`` paints (the shadow and focus ring too)."""
        margin = self.metrics.px(12)
        return self.rect.inflate(2 * margin, 2 * margin)

    def _title_size(self) -> int:
        """The title's size: its role's, less when it must shrink to fit the button."""
        m = self.metrics
        room = self.rect.width - 2 * m.px(14)
        size = fit_font_size(self.text, room, m.type_size(self.role), True)
        height = font(size, True).get_height()
        if height > self.rect.height:  # a large interface scale in a short button
            size = max(1, size * self.rect.height // height)
        return size

    def _sizes(self) -> tuple[int, int | None]:
        """The title's size and the subtitle's (None: left out). A subtitle that does not
        fit under the title at their roles' sizes shrinks with it, title to 70% at most and
        neither below ``least_text``; where even that does not fit, the title shows alone."""
        m = self.metrics
        title = self._title_size()
        if not self.subtitle:
            return title, None
        least = m.least_text
        room = self.rect.width - 2 * m.px(14)
        big, sub = title, fit_font_size(self.subtitle, room, m.type_size("small"), minimum=least)
        floor = max(least, round(big * 0.7))
        while font(big, True).get_height() + font(sub).get_linesize() > self.rect.height:
            if big <= floor and sub <= least:
                return title, None
            big, sub = max(floor, big - 1), max(least, sub - 1)
        return big, sub

    def cut(self) -> str | None:
        if not (self.visible and self.subtitle):
            return None
        _title, sub = self._sizes()
        if sub is None:
            return f"its subtitle is left out at {self.rect.height} px tall"
        if font(sub).size(self.subtitle)[0] > self.rect.width - 2 * self.metrics.px(14):
            return f"its subtitle is too long for {self.rect.width} px at {sub} px"
        return None

    def _paint(self, margin: int) -> pygame.Surface:
        surface = pygame.Surface(self.rect.inflate(2 * margin, 2 * margin).size, pygame.SRCALPHA)
        m = self.metrics
        r = pygame.Rect(margin, margin, *self.rect.size).move(0, m.px(1) if self.pressed else 0)
        if not self.enabled:
            fill = theme.BUTTON
        elif self.primary:
            fill = theme.BUTTON_PRIMARY_HOVER if self.lit else theme.BUTTON_PRIMARY
        else:
            fill = theme.BUTTON_HOVER if self.lit else theme.BUTTON
        if not self.pressed:
            draw.rounded_rect(surface, theme.SHADOW, r.move(0, m.px(3)), m.radius, alpha=110)
        draw.rounded_rect(surface, fill, r, m.radius)
        # A lighter top edge gives the lacquer a little depth.
        top = pygame.Rect(r.x + m.radius, r.y + m.px(2), r.width - 2 * m.radius, max(1, m.px(1)))
        draw.rounded_rect(surface, (255, 255, 255), top, 1, alpha=40)
        border = theme.GOLD if self.lit else theme.GOLD_DIM
        pygame.draw.rect(surface, border, r, max(1, m.px(1.5)), border_radius=m.radius)
        if self.focused:
            draw.focus_ring(surface, r, m.radius, max(2, m.px(2)))
        color = theme.TEXT if self.enabled else theme.DISABLED
        pad = m.px(14)
        title_size, sub_size = self._sizes()
        title = text_image(font(title_size, True), self.text, color)
        if self.subtitle and sub_size is not None:
            # Dim text is unreadable on vermilion: a primary button's subtitle is cream.
            color = (theme.DISABLED if not self.enabled else
                     theme.TEXT if self.primary else theme.TEXT_DIM)
            sub = text_image(font(sub_size), self.subtitle, color)
            room = r.width - 2 * pad
            if sub.get_width() > room:  # (too long even at the least size: cut() says so)
                height = max(1, round(sub.get_height() * room / sub.get_width()))
                sub = pygame.transform.smoothscale(sub, (room, height))
            total = title.get_height() + sub.get_height()
            y = r.centery - total // 2
            surface.blit(title, (r.centerx - title.get_width() // 2, y))
            surface.blit(sub, (r.centerx - sub.get_width() // 2, y + title.get_height()))
        else:
            surface.blit(title, title.get_rect(center=r.center))
        return surface
