"""A modal dialog: title, message and buttons over the dimmed scene below.

>>> d = Dialog("Title", "Body", [("OK", None)]); d.opaque
False
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Callable, Sequence

import pygame

from game import draw, theme
from game.fonts import font
from game.widgets.scene import WidgetScene
from game.text import draw_text, text_height
from game.widgets import Button, Widget


class Dialog(WidgetScene):
    """Each button closes the dialog, then runs its callback (if any). Esc = last button."""

    opaque = False
    dim_below = theme.DIM_OVERLAY[3]
    backdrop = False
    name = "dialog"

    def __init__(self, title: str, message: str,
                 buttons: Sequence[tuple[str, Callable[[], None] | None]]) -> None:
        super().__init__()
        if not buttons:
            raise ValueError("a dialog needs at least one button")
        self.title = title
        self.message = message
        self.buttons = list(buttons)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.chosen: str | None = None

    def build(self) -> list[Widget]:
        widgets: list[Widget] = []
        for i, (label, callback) in enumerate(self.buttons):
            widgets.append(Button(label, self._choose(label, callback), primary=(i == 0)))
        return widgets

    def _choose(self, label: str, callback: Callable[[], None] | None) -> Callable[[], None]:
        def run() -> None:
            self.chosen = label
            self.close()
            if callback is not None:
                callback()
        return run

    def back(self) -> None:
        label, callback = self.buttons[-1]
        self._choose(label, callback)()

    def arrange(self, size: tuple[int, int]) -> None:
        m = self.metrics
        w = min(size[0] - 2 * m.pad, m.px(620))
        inner = w - 2 * m.px(32)
        body_h = text_height(font(m.type_size("body")), self.message, inner)
        title_h = font(m.type_size("heading"), True).get_linesize()
        h = m.px(32) * 2 + title_h + m.gap * 2 + body_h + m.row_height + m.gap
        self.box = pygame.Rect(0, 0, w, min(h, size[1] - 2 * m.pad))
        self.box.center = (size[0] // 2, size[1] // 2)
        n = len(self.widgets)
        bw = min(m.px(200), (inner - m.gap * (n - 1)) // n)
        total = bw * n + m.gap * (n - 1)
        x = self.box.centerx - total // 2
        y = self.box.bottom - m.px(28) - m.row_height
        for b in self.widgets:
            b.place(pygame.Rect(x, y, bw, m.row_height), m)
            x += bw + m.gap

    def kept_look(self) -> Hashable:
        """The box with its title and message is kept under the buttons (``draw_box``)."""
        return (tuple(self.box), self.metrics, self.title, self.message,
                tuple(self.widgets[0].rect), super().kept_look())

    def draw_kept(self, surface: pygame.Surface) -> None:
        self.draw_box(surface)
        super().draw_kept(surface)

    def draw(self, surface: pygame.Surface) -> None:
        if self.kept_drawn is None:
            self.draw_box(surface)
        super().draw(surface)

    def draw_box(self, surface: pygame.Surface) -> None:
        """The box, its title and its message."""
        m = self.metrics
        draw.panel(surface, self.box, m.radius * 2, max(1, m.px(2)), alpha=245)
        inner = self.box.inflate(-2 * m.px(32), -2 * m.px(32))
        title_font = font(m.type_size("heading"), True)
        covered = draw_text(surface, self.title, title_font, theme.GOLD, inner, "center")
        body = pygame.Rect(inner.x, covered.bottom + m.gap, inner.width,
                           self.widgets[0].rect.top - covered.bottom - m.gap)
        draw_text(surface, self.message, font(m.type_size("body")), theme.TEXT, body, "center")


def not_available(title: str) -> Dialog:
    """The answer of a menu entry whose game or screen is not built yet."""
    from game.i18n import _
    return Dialog(_("Not available yet"),
                  _("{title} is not available yet. It is coming in a later version of "
                    "Hanafuda Parlor.").format(title=title),
                  [(_("OK"), None)])


class NumberDialog(Dialog):
    """A dialog asking for a whole number: a number field above the buttons. The first button
    calls ``on_ok(number)``; a number outside ``minimum..maximum`` is refused (the dialog stays
    and says which numbers it takes, never silently changes it); Enter in the field presses it.

    >>> d = NumberDialog("Deal", "Which deal?", "Deal number", 7, print, "Play"); d.field.value
    7
    >>> d.field.value = 0; d.enter(); d.widgets[1].activate(); d.problem
    'Choose a number from 1 to 999,999,999.'
    """

    def __init__(self, title: str, message: str, label: str, value: int,
                 on_ok: Callable[[int], None], ok_label: str, cancel_label: str | None = None,
                 minimum: int = 1, maximum: int = 999_999_999) -> None:
        from game.i18n import _
        from game.widgets import NumberField
        self.field = NumberField(label, value)
        self.minimum, self.maximum = minimum, maximum
        self.on_ok = on_ok
        self.problem = ""  # why the number was refused
        super().__init__(title, message, [(ok_label, self._ok),
                                          (cancel_label or _("Cancel"), None)])

    def _ok(self) -> None:
        self.on_ok(self.field.value)

    def _choose(self, label: str, callback: Callable[[], None] | None) -> Callable[[], None]:
        if callback != self._ok:
            return super()._choose(label, callback)

        def run() -> None:
            from game.i18n import _
            if not self.minimum <= self.field.value <= self.maximum:
                self.problem = _("Choose a number from {low:,} to {high:,}.").format(
                    low=self.minimum, high=self.maximum)
                self.play("invalid")
                return
            self.chosen = label
            self.close()
            self._ok()
        return run

    def build(self) -> list[Widget]:
        return [self.field] + super().build()

    def enter(self) -> None:
        super().enter()
        self.focus.focus(self.field)

    def handle_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                and self.field.focused):
            self.widgets[1].activate()
            return
        super().handle_event(event)

    def arrange(self, size: tuple[int, int]) -> None:
        m = self.metrics
        buttons = self.widgets[1:]
        self.widgets = buttons
        try:
            super().arrange(size)
        finally:
            self.widgets = [self.field] + buttons
        # Make room for the field above the buttons.
        self.box.height = min(self.box.height + m.row_height + m.gap, size[1] - 2 * m.pad)
        self.box.center = (size[0] // 2, size[1] // 2)
        y = self.box.bottom - m.px(28) - m.row_height
        for b in buttons:
            b.rect.y = y
        inner = self.box.inflate(-2 * m.px(32), 0)
        self.field.place(pygame.Rect(inner.x, y - m.gap - m.row_height, inner.width,
                                     m.row_height), m)

    def kept_look(self) -> Hashable:
        return (super().kept_look(), self.problem)

    def draw_box(self, surface: pygame.Surface) -> None:
        m = self.metrics
        draw.panel(surface, self.box, m.radius * 2, max(1, m.px(2)), alpha=245)
        inner = self.box.inflate(-2 * m.px(32), -2 * m.px(32))
        covered = draw_text(surface, self.title, font(m.type_size("heading"), True), theme.GOLD,
                            inner, "center")
        body = pygame.Rect(inner.x, covered.bottom + m.gap, inner.width,
                           self.field.rect.top - covered.bottom - m.gap)
        text, color = (self.problem, theme.VERMILION) if self.problem else \
            (self.message, theme.TEXT)
        draw_text(surface, text, font(m.type_size("body")), color, body, "center")
