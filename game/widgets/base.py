"""The widget base class: hover, press and click from mouse events; keyboard when focused.

>>> import pygame
>>> clicked = []
>>> w = Widget(on_activate=lambda: clicked.append(1)); w.rect = pygame.Rect(0, 0, 10, 10)
>>> w.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
True
>>> w.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1)); clicked
True
[1]
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Callable

import pygame

from game.theme import Metrics


@dataclass(frozen=True)
class DrawnText:
    """One text as a widget draws it, for the layout check (``Widget.texts``): its words,
    ``part`` (which text of which kind of widget: "button title", "row label"...: texts of
    one part and role are siblings, drawn alike), the size its role asks for and the size
    drawn (less: shrunk to fit), its letters' bounds in the window and the box they must
    stay inside (a face inside its rim and a pixel clear of it, a row's room left of its
    control)."""

    text: str
    part: str
    wanted: int
    size: int
    ink: pygame.Rect
    box: pygame.Rect


class Widget:
    """A rectangle that can be hovered, pressed, focused and activated."""

    focusable = True
    #: What the scene's tooltip shows while the widget is hovered or focused by the keyboard
    #: (a ``game.widgets.tooltip.Tip``), or None.
    tip: Any = None

    def __init__(self, on_activate: Callable[[], None] | None = None, enabled: bool = True) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.metrics = Metrics((1280, 800))
        self.on_activate = on_activate
        self.enabled = enabled
        self.visible = True
        self.hovered = False
        self.focused = False
        self.pressed = False
        #: Set by a ScrollList: the area the widget is visible in (clicks outside are ignored).
        self.clip: pygame.Rect | None = None

    # Layout ---------------------------------------------------------------------------------
    def place(self, rect: pygame.Rect, metrics: Metrics) -> None:
        self.rect = pygame.Rect(rect)
        self.metrics = metrics

    def preferred_height(self, width: int) -> int:
        return self.metrics.row_height

    def cut(self) -> str | None:
        """What of the widget's text its size leaves out (a text cut, a line dropped), or
        None when all of it shows: the layout check asks every widget (a kind says)."""
        return None

    def texts(self) -> list[DrawnText]:
        """The texts the widget draws in its box, where and at what size (a kind that
        fits its texts to its box says; the layout check reads them)."""
        return []

    # Input --------------------------------------------------------------------------------------
    def hit(self, pos: tuple[int, int]) -> bool:
        if not self.visible or not self.rect.collidepoint(pos):
            return False
        return self.clip is None or self.clip.collidepoint(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse handling common to all widgets; returns True when the event was used."""
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.hit(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hit(event.pos):
            self.pressed = self.enabled
            if self.enabled:
                self.on_press(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.hit(event.pos) and self.enabled:
                self.on_click(event.pos)
                return True
            return was
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Keys while focused (beyond Enter/Space, which FocusGroup turns into ``activate``)."""
        return False

    def on_press(self, pos: tuple[int, int]) -> None:
        """Mouse button went down on the widget."""

    def on_click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def activate(self) -> None:
        if self.enabled and self.on_activate is not None:
            self.on_activate()

    # Frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def still_look(self) -> Hashable | None:
        """For a widget that never changes by itself (no hover, focus or animation): what its
        drawing depends on, so a scene may keep it painted in a layer; None (the default):
        drawn every frame."""
        return None

    def tip_anchor(self) -> pygame.Rect:
        """What the tooltip of ``tip`` stands beside (override: a part of the widget)."""
        return self.rect

    @property
    def lit(self) -> bool:
        """Hovered or focused: drawn highlighted."""
        return self.enabled and (self.hovered or self.focused)
