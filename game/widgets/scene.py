"""``WidgetScene``: a scene made of widgets with keyboard focus, mouse hover and Esc to go back.

Subclasses create widgets in ``build()`` and place them in ``arrange()``; this class routes
events (focus keys first, then the widgets), updates and draws them, and shows the tooltip of
the widget with a ``tip`` that is hovered or focused by the keyboard (``game.widgets.tooltip``).
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from game import draw
from game.scene import Scene
from game.widgets import FocusGroup, Label, ScrollList, Tooltip, Widget
from game.widgets.tooltip import tipped


def short_of_room(heading: Label, body: ScrollList, height: int, width: int) -> bool:
    """Would ``heading`` over ``body``, in ``height`` pixels at ``width``, leave the body
    less than it needs to be of use (``ScrollList.usable_height``)? Then the heading is set
    a step smaller (``Label.compact``) and True is answered where even that leaves too
    little (the heading is to scroll with the body: its ``lead``)."""
    need = body.usable_height(width)
    for compact in (False, True):
        heading.compact = compact
        if height - heading.preferred_height(width) - heading.metrics.gap >= need:
            return False
    return True


class WidgetScene(Scene):
    #: Draw the felt table behind the widgets (False for overlays).
    backdrop = True

    def __init__(self) -> None:
        super().__init__()
        self.widgets: list[Widget] = []
        self.focus = FocusGroup()
        self.kept = draw.Layers()
        self.tooltip = Tooltip()

    def enter(self) -> None:
        self.widgets = self.build()
        self.focus.set_widgets(self.widgets)

    def covered(self) -> None:
        self.kept.clear()

    def rebuild(self, arrange: bool = True) -> None:
        """Recreate the widgets (e.g. after the player count changed), keeping focus order;
        ``arrange`` False leaves placing them to a ``layout`` that follows."""
        index = self.focus.index
        self.widgets = self.build()
        if arrange:
            self.arrange(self.size)
        self.focus.set_widgets(self.widgets)
        if 0 <= index < len(self.focus.widgets):
            self.focus.focus(self.focus.widgets[index])

    def build(self) -> list[Widget]:
        return []

    def relabel(self) -> None:
        self.rebuild(arrange=False)  # SceneStack.relabel lays every scene out next

    def arrange(self, size: tuple[int, int]) -> None:
        """Place ``self.widgets`` for a window of ``size``."""

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.arrange(size)
        # Containers re-arrange their children when placed, so refresh the focus order.
        self.focus.set_widgets(self.widgets, keep=self.focus.focused)

    def arrange_page(self, size: tuple[int, int], panel: Widget, heading: Widget, body: Widget,
                     button: Widget, max_w: int, max_h: int | None = None,
                     footer: int = 0) -> None:
        """The common page: a centred panel with a heading, a body that fills it, one button.
        Where the heading would leave a scrolling body less than it needs to be of use
        (``short_of_room``: a large interface in a small window, a long title), it is set a
        step smaller, and where even that leaves too little, it scrolls with the body.

        ``max_w``/``max_h`` are design pixels; ``max_h=None`` uses the whole height;
        ``footer``: window pixels kept free under the panel (a line the page writes there).
        """
        m = self.metrics
        w, h = size
        h -= footer
        pw = min(w - 2 * m.pad, m.px(max_w))
        ph = h - 2 * m.pad if max_h is None else min(h - 2 * m.pad, m.px(max_h))
        panel.place(pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph), m)
        inner = panel.rect.inflate(-2 * m.px(30), -2 * m.px(24))
        bottom = inner.bottom - m.row_height
        area = pygame.Rect(inner.x, inner.y, inner.width, bottom - m.gap - inner.y)
        heading.metrics = m
        head_h = heading.preferred_height(inner.width) + m.gap  # a long title wraps
        lead = None
        if isinstance(body, ScrollList) and isinstance(heading, Label):
            body.lead, heading.clip, body.metrics = None, None, m
            if short_of_room(heading, body, area.height, inner.width):
                lead = body.lead = heading  # a short page: the title scrolls with the body
                body.place(area, m)
            head_h = heading.preferred_height(inner.width) + m.gap
        if lead is None:
            heading.place(pygame.Rect(inner.x, inner.y, inner.width, head_h), m)
            body.place(pygame.Rect(inner.x, inner.y + head_h, inner.width,
                                   area.height - head_h), m)
        bw = m.px(220)
        button.place(pygame.Rect(inner.centerx - bw // 2, bottom, bw, m.row_height), m)

    def back(self) -> None:
        """Esc: leave the scene."""
        self.play("click")
        self.close()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if self.focus.handle_event(event):
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE,
                                                              pygame.K_KP_ENTER):
                self.play("click")
            return
        for widget in list(self.widgets):
            if widget.handle_event(event):
                if event.type == pygame.MOUSEBUTTONUP and widget.focusable:
                    self.play("click")
                break

    def update(self, dt: float) -> None:
        for widget in self.widgets:
            widget.update(dt)
        self.update_tip()

    def update_tip(self) -> None:
        """The tooltip of the widget hovered, or focused by the keyboard, if it has a tip."""
        w = tipped(self.widgets)
        if w is None:
            self.tooltip.hide()
            return
        anchor = w.tip_anchor()
        anchor = anchor.clip(w.clip) if w.clip is not None else anchor
        # (kept off the page's buttons: the tip of a list's last row covered Back)
        self.tooltip.show(w.tip, anchor, pygame.Rect((0, 0), self.size),
                          self.metrics, ring=w.focused and not w.hovered,
                          avoid=[b.rect for b in self.widgets if b.focusable and b.visible
                                 and b is not w and not callable(getattr(b, "focusables", None))])

    def still_looks(self) -> tuple[Hashable, ...]:
        """The looks (``Widget.still_look``) of the widgets from the first up to the first
        that may change by itself: those are painted once and kept."""
        still = []
        for widget in self.widgets:
            look = widget.still_look()
            if look is None:
                break
            still.append(look)
        return tuple(still)

    def kept_look(self) -> Hashable | None:
        """An overlay's still widgets (``still_looks``) are kept with the scenes below it."""
        return (self.still_looks() or None) if not self.backdrop else None

    def draw_kept(self, surface: pygame.Surface) -> None:
        for widget in self.widgets[:len(self.still_looks())]:
            widget.draw(surface)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.backdrop:  # an overlay: the scene below shows through
            start = 0 if self.kept_drawn is None else len(self.still_looks())
            for widget in self.widgets[start:]:
                widget.draw(surface)
            self.tooltip.draw(surface)
            return
        # The felt, the scene's decoration and the still widgets at the bottom (panels,
        # labels) are painted once into a kept layer; each frame blits it and draws the rest.
        still = self.still_looks()
        size = surface.get_size()

        def paint(layer: pygame.Surface) -> None:
            self.draw_backdrop(layer)
            for widget in self.widgets[:len(still)]:
                widget.draw(layer)
        key = (size, self.backdrop_key(), still)
        if self.app is not None and self.app.first_frame and self.kept.key("backdrop") is None:
            # The program's first frame: straight onto the window. The layer (a window-sized
            # surface made, painted and copied: 4-5 ms more) is made by the next frame.
            paint(surface)
        else:
            surface.blit(self.kept.get("backdrop", key, size, paint), (0, 0))
        for widget in self.widgets[len(still):]:
            widget.draw(surface)
        self.tooltip.draw(surface)

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """What is behind the widgets and does not change from frame to frame (override to
        add to the felt; ``backdrop_key`` says when it must be painted again)."""
        surface.blit(draw.table_background(surface.get_size()), (0, 0))

    def backdrop_key(self) -> Hashable:
        """What ``draw_backdrop`` depends on beyond the window's size (override)."""
        return None
