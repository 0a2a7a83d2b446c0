"""Setting rows: a label on the left and a control on the right (toggle, slider, choice, number).

>>> t = Toggle("Mute", False); t.activate(); t.value
True
>>> c = Choice("Speed", [("slow", "Slow"), ("fast", "Fast")], "slow"); c.step(1); c.value
'fast'
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

import pygame

from game import draw, theme
from game.fonts import font, text_image
from game.text import fit_font_size
from game.widgets.base import Widget


class _Row(Widget):
    """Shared look: a hover band, the label on the left, ``control_rect`` on the right."""

    def __init__(self, text: str, on_change: Callable[[Any], None] | None = None,
                 enabled: bool = True, help: str = "") -> None:
        super().__init__(None, enabled)
        self.text = text
        self.help = help
        self.on_change = on_change

    def stacked(self, width: int) -> bool:
        """Is the row too narrow at ``width`` for its label and control side by side (a text
        would shrink below ``least_text``)? Then the control goes under the label."""
        m = self.metrics
        control = min(m.px(300), width // 2)
        room = width - control - m.px(34)
        return font(m.least_text).size(self.text)[0] > room

    def preferred_height(self, width: int) -> int:
        return self.metrics.row_height * (2 if self.stacked(width) else 1)

    @property
    def control_rect(self) -> pygame.Rect:
        m = self.metrics
        if self.stacked(self.rect.width):  # under the label, the row's width
            h = m.row_height - m.px(14)
            return pygame.Rect(self.rect.x + m.px(10), self.rect.bottom - m.row_height + m.px(7),
                               self.rect.width - m.px(20), h)
        w = min(m.px(300), self.rect.width // 2)
        h = self.rect.height - m.px(14)
        return pygame.Rect(self.rect.right - w - m.px(10), self.rect.centery - h // 2, w, h)

    def _label_rect(self) -> pygame.Rect:
        """Where the label is written: left of the control, or the row's top half."""
        m = self.metrics
        if self.stacked(self.rect.width):
            return pygame.Rect(self.rect.x, self.rect.y, self.rect.width, m.row_height)
        return pygame.Rect(self.rect.x, self.rect.y,
                           self.control_rect.left - self.rect.left - m.px(10), self.rect.height)

    def _changed(self, value: Any) -> None:
        if self.on_change is not None:
            self.on_change(value)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        m = self.metrics
        if self.lit:
            draw.rounded_rect(surface, theme.GOLD, self.rect, m.radius, alpha=28)
        if self.focused:
            pygame.draw.rect(surface, theme.FOCUS_RING, self.rect, max(1, m.px(2)),
                             border_radius=m.radius)
        room = self._label_rect()
        size = fit_font_size(self.text, room.width - m.px(14), m.type_size("body"))
        img = text_image(font(size), self.text, theme.TEXT if self.enabled else theme.DISABLED)
        surface.blit(img, (room.x + m.px(14), room.centery - img.get_height() // 2))
        self.draw_control(surface, self.control_rect)

    def draw_control(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        raise NotImplementedError


class Toggle(_Row):
    """On/off switch; Enter, Space or a click flips it."""

    def __init__(self, text: str, value: bool, on_change: Callable[[bool], None] | None = None,
                 **kw: Any) -> None:
        super().__init__(text, on_change, **kw)
        self.value = bool(value)

    def activate(self) -> None:
        if self.enabled:
            self.value = not self.value
            self._changed(self.value)

    def draw_control(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        m = self.metrics
        h = min(r.height, m.px(30))
        w = h * 2
        pill = pygame.Rect(r.right - w, r.centery - h // 2, w, h)
        color = theme.VERMILION if self.value else (70, 66, 60)
        draw.rounded_rect(surface, color, pill, h // 2)
        pygame.draw.rect(surface, theme.GOLD_DIM, pill, max(1, m.px(1)), border_radius=h // 2)
        knob_x = pill.right - h // 2 if self.value else pill.left + h // 2
        pygame.draw.circle(surface, theme.CREAM, (knob_x, pill.centery), h // 2 - m.px(3))
        state = text_image(font(m.type_size("small")), self._state_text(),
                           theme.TEXT if self.value else theme.TEXT_DIM)
        surface.blit(state, (pill.left - state.get_width() - m.px(10),
                             pill.centery - state.get_height() // 2))

    def _state_text(self) -> str:
        from game.i18n import _
        return _("On") if self.value else _("Off")


class Slider(_Row):
    """A 0..1 value; drag or click the track, or Left/Right in ``step``s."""

    def __init__(self, text: str, value: float, on_change: Callable[[float], None] | None = None,
                 step: float = 0.05, **kw: Any) -> None:
        super().__init__(text, on_change, **kw)
        self.value = min(1.0, max(0.0, float(value)))
        self.step = step
        self.dragging = False

    def _track(self) -> pygame.Rect:
        r = self.control_rect
        label_w = self.metrics.px(56)
        return pygame.Rect(r.x + self.metrics.px(8), r.centery - self.metrics.px(3),
                           r.width - label_w - self.metrics.px(16), self.metrics.px(6))

    def set_value(self, value: float) -> None:
        value = round(min(1.0, max(0.0, value)) / self.step) * self.step
        value = round(min(1.0, max(0.0, value)), 4)
        if value != self.value:
            self.value = value
            self._changed(value)

    def _set_from_x(self, x: int) -> None:
        t = self._track()
        self.set_value((x - t.left) / max(1, t.width))

    def on_press(self, pos: tuple[int, int]) -> None:
        if self.control_rect.collidepoint(pos):
            self.dragging = True
            self._set_from_x(pos[0])

    def on_click(self, pos: tuple[int, int]) -> None:
        pass  # the press already set the value

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = False
        return super().handle_event(event)

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_MINUS):
            self.set_value(self.value - self.step)
            return True
        if event.key in (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS):
            self.set_value(self.value + self.step)
            return True
        return False

    def activate(self) -> None:
        pass

    def draw_control(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        m = self.metrics
        t = self._track()
        draw.rounded_rect(surface, (70, 66, 60), t, t.height // 2)
        filled = pygame.Rect(t.x, t.y, round(t.width * self.value), t.height)
        if filled.width:
            draw.rounded_rect(surface, theme.VERMILION, filled, t.height // 2)
        knob = (t.x + round(t.width * self.value), t.centery)
        pygame.draw.circle(surface, theme.CREAM, knob, m.px(11))
        pygame.draw.circle(surface, theme.GOLD, knob, m.px(11), max(1, m.px(2)))
        pct = text_image(font(m.type_size("small")), f"{round(self.value * 100)}%", theme.TEXT)
        surface.blit(pct, (r.right - pct.get_width(), r.centery - pct.get_height() // 2))


class Choice(_Row):
    """One of several values: ◀ value ▶; Left/Right or clicks on the arrows step through."""

    def __init__(self, text: str, choices: Sequence[tuple[Any, str]], value: Any,
                 on_change: Callable[[Any], None] | None = None, **kw: Any) -> None:
        super().__init__(text, on_change, **kw)
        if not choices:
            raise ValueError(f"choice {text!r} has no choices")
        self.choices = list(choices)
        values = [v for v, _l in self.choices]
        self.index = values.index(value) if value in values else 0

    @property
    def value(self) -> Any:
        return self.choices[self.index][0]

    @value.setter
    def value(self, value: Any) -> None:
        values = [v for v, _l in self.choices]
        if value not in values:
            raise ValueError(f"{value!r} is not a choice of {self.text!r}")
        self.index = values.index(value)

    def stacked(self, width: int) -> bool:
        """As a row, or when a value would shrink below ``least_text`` beside the label."""
        if super().stacked(width):
            return True
        m = self.metrics
        room = min(m.px(300), width // 2) - 2 * m.px(32)  # (the arrows and their margins)
        least = font(m.least_text)
        return any(least.size(label)[0] > room for _v, label in self.choices)

    def step(self, delta: int) -> None:
        if self.enabled:
            self.index = (self.index + delta) % len(self.choices)
            self._changed(self.value)

    def activate(self) -> None:
        self.step(1)

    def on_click(self, pos: tuple[int, int]) -> None:
        r = self.control_rect
        self.step(-1 if pos[0] < r.x + r.width * 0.3 else 1)

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_LEFT:
            self.step(-1)
            return True
        if event.key == pygame.K_RIGHT:
            self.step(1)
            return True
        return False

    def draw_control(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        m = self.metrics
        draw.rounded_rect(surface, (40, 36, 32), r, m.radius)
        pygame.draw.rect(surface, theme.GOLD_DIM, r, max(1, m.px(1)), border_radius=m.radius)
        aw = m.px(10)
        color = theme.GOLD if self.enabled else theme.DISABLED
        cy = r.centery
        lx = r.x + m.px(14)
        pygame.draw.polygon(surface, color, [(lx, cy), (lx + aw, cy - aw), (lx + aw, cy + aw)])
        rx = r.right - m.px(14)
        pygame.draw.polygon(surface, color, [(rx, cy), (rx - aw, cy - aw), (rx - aw, cy + aw)])
        label = self.choices[self.index][1]
        inner = r.width - 2 * (m.px(14) + aw + m.px(8))
        size = fit_font_size(label, inner, m.type_size("body"))
        img = text_image(font(size), label, theme.TEXT if self.enabled else theme.DISABLED)
        surface.blit(img, img.get_rect(center=r.center))


class NumberField(_Row):
    """A whole number typed with the keyboard (digits, Backspace); click to focus."""

    def __init__(self, text: str, value: int, on_change: Callable[[int], None] | None = None,
                 max_digits: int = 9, **kw: Any) -> None:
        super().__init__(text, on_change, **kw)
        self.value = int(value)
        self.max_digits = max_digits
        self.caret_time = 0.0

    def set_value(self, value: int) -> None:
        self.value = int(value)
        self._changed(self.value)

    def activate(self) -> None:
        pass

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.TEXTINPUT and self.focused:
            return self._type(event.text)
        return super().handle_event(event)

    def _type(self, text: str) -> bool:
        digits = "".join(ch for ch in text if ch.isdigit())
        if not digits:
            return False
        s = str(self.value) if self.value else ""
        s = (s + digits)[: self.max_digits]
        self.set_value(int(s))
        return True

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_BACKSPACE:
            self.set_value(self.value // 10)
            return True
        if event.key == pygame.K_DELETE:
            self.set_value(0)
            return True
        if event.key in (pygame.K_UP, pygame.K_DOWN) and event.mod & pygame.KMOD_SHIFT:
            self.set_value(max(0, self.value + (1 if event.key == pygame.K_UP else -1)))
            return True
        return False  # digits arrive as TEXTINPUT events, not here

    def update(self, dt: float) -> None:
        self.caret_time = (self.caret_time + dt) % 1.0

    def draw_control(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        m = self.metrics
        draw.rounded_rect(surface, (16, 14, 12), r, m.radius)
        pygame.draw.rect(surface, theme.GOLD if self.focused else theme.GOLD_DIM, r,
                         max(1, m.px(1.5)), border_radius=m.radius)
        img = text_image(font(m.type_size("body")), str(self.value), theme.TEXT)
        x = r.x + m.px(12)
        surface.blit(img, (x, r.centery - img.get_height() // 2))
        if self.focused and self.caret_time < 0.5:
            cx = x + img.get_width() + m.px(2)
            pygame.draw.line(surface, theme.CREAM, (cx, r.y + m.px(8)), (cx, r.bottom - m.px(8)),
                             max(1, m.px(2)))
