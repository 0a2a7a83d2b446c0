"""Keyboard focus: Tab/Shift+Tab and the arrow keys move it, Enter/Space activate.

The focused widget sees keys first (a slider takes Left/Right); what it leaves moves focus.
Hovering a widget with the mouse moves focus there too, so one highlight is ever shown; a
``passive`` widget (one that is read, not used: a row with a tooltip) is reached by the keyboard
only, and never takes the first focus.

>>> from game.widgets.button import Button
>>> g = FocusGroup([Button("a"), Button("b")]); g.focus_next(); g.focused.text
'b'
"""

from __future__ import annotations

from typing import Iterable

import pygame

from game.widgets.base import Widget


class FocusGroup:
    def __init__(self, widgets: Iterable[Widget] = (), *, wrap: bool = True) -> None:
        self.widgets: list[Widget] = []
        self.scrollers: list = []  # containers (ScrollList) whose children are in the order
        self.index = -1
        self.wrap = wrap
        self.set_widgets(widgets)

    def set_widgets(self, widgets: Iterable[Widget], keep: Widget | None = None) -> None:
        """Replace the focus order (flattening ScrollLists); focus ``keep`` or the first."""
        flat: list[Widget] = []
        self.scrollers = []
        for w in widgets:
            children = getattr(w, "focusables", None)
            if callable(children):
                self.scrollers.append(w)
                flat.extend(children())
            elif w.focusable:
                flat.append(w)
        for w in self.widgets:
            w.focused = False
        self.widgets = flat
        self.index = -1
        usable = [w for w in flat if w.enabled and w.visible]
        target = keep if keep in flat else next(
            (w for w in usable if not getattr(w, "passive", False)), usable[0] if usable else None)
        if target is not None:
            self.focus(target)

    @property
    def focused(self) -> Widget | None:
        return self.widgets[self.index] if 0 <= self.index < len(self.widgets) else None

    def focus(self, widget: Widget, scroll: bool = True) -> None:
        for w in self.widgets:
            w.focused = w is widget
        self.index = self.widgets.index(widget)
        if scroll:  # keyboard moves scroll the list; the pointer never does
            self._scroll_into_view(widget)

    def _scroll_into_view(self, widget: Widget) -> None:
        for s in self.scrollers:
            if widget in s.children:
                s.scroll_into_view(widget)

    def _move(self, delta: int) -> None:
        n = len(self.widgets)
        if not n:
            return
        i = self.index
        for _ in range(n):
            i = i + delta
            if not self.wrap and not 0 <= i < n:
                return
            i %= n
            w = self.widgets[i]
            if w.enabled and w.visible:
                self.focus(w)
                return

    def focus_next(self) -> None:
        self._move(1)

    def focus_previous(self) -> None:
        self._move(-1)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Keyboard navigation and hover-focus; returns True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            for w in self.widgets:
                if w.enabled and w.hit(event.pos) and w is not self.focused \
                        and not getattr(w, "passive", False):
                    self.focus(w, scroll=False)
                    break
            return False
        if event.type != pygame.KEYDOWN:
            return False
        current = self.focused
        if current is not None and current.handle_key(event):
            return True
        key = event.key
        if key == pygame.K_TAB:
            if event.mod & pygame.KMOD_SHIFT:
                self.focus_previous()
            else:
                self.focus_next()
            return True
        if key in (pygame.K_DOWN, pygame.K_RIGHT):
            self.focus_next()
            return True
        if key in (pygame.K_UP, pygame.K_LEFT):
            self.focus_previous()
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and current is not None:
            current.activate()
            return True
        return False
