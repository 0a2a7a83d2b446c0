"""Setting rows: a label on the left and a control on the right (toggle, slider, choice, number).

>>> t = Toggle("Mute", False); t.activate(); t.value
True
>>> c = Choice("Speed", [("slow", "Slow"), ("fast", "Fast")], "slow"); c.step(1); c.value
'fast'
"""

from __future__ import annotations

import math
from typing import Any, Callable, Sequence

import pygame

from game import draw, theme
from game.fonts import font, text_image
from game.text import fit_font_size, wrap
from game.widgets.base import DrawnText, Widget
from game.widgets.button import ink_band

#: How far a row's label, or a choice's value, may shrink to stay beside its control (a few
#: per cent is not seen beside its neighbours; the layout check's limit is 13%): where it
#: would shrink more, the control goes under the label, and a label the row's width does not
#: hold either is wrapped at its role's size.
SHRINK = 0.9


class _Row(Widget):
    """Shared look: a hover band, the label on the left, ``control_rect`` on the right."""

    def __init__(self, text: str, on_change: Callable[[Any], None] | None = None,
                 enabled: bool = True, help: str = "") -> None:
        super().__init__(None, enabled)
        self.text = text
        self.help = help
        self.on_change = on_change

    def least_beside(self) -> int:
        """The least size of the label (and of a choice's values) beside the control: its
        role's less ``SHRINK``, never below ``least_text``."""
        m = self.metrics
        return max(m.least_text, math.ceil(SHRINK * m.type_size("body")))

    def control_width(self, width: int) -> int:
        """The control's width beside the label in a row ``width`` wide."""
        return min(self.metrics.px(300), width // 2)

    def label_room(self, width: int, control: int) -> int:
        """The width left to the label beside a control ``control`` wide (the control a
        margin in from the row's right, the label a margin from it and its own indent)."""
        return width - control - self.around()

    def around(self) -> int:
        """What a row beside its control gives to margins: ``label_room``."""
        m = self.metrics
        return 2 * m.px(10) + m.px(14)

    def stacked(self, width: int) -> bool:
        """Is the row too narrow at ``width`` for its label and control side by side (the
        label would shrink past ``least_beside``)? Then the control goes under the label."""
        room = self.label_room(width, self.control_width(width))
        return font(self.least_beside()).size(self.text)[0] > room

    def least_width(self) -> int:
        """The narrowest row in which the control's own text shows at its role's size
        (stacked, the label wrapped); 0: any (a scene may make a column that wide)."""
        return 0

    def _label_lines(self, room: int) -> tuple[int, list[str]]:
        """The label's size and lines in ``room`` pixels: one line, shrunk no further than
        ``least_beside``; else its lines wrapped at its role's size."""
        body = self.metrics.type_size("body")
        size = fit_font_size(self.text, room, body)
        if size >= self.least_beside():
            return size, [self.text]
        return body, wrap(font(body), self.text, room)

    def _label_height(self, width: int) -> int:
        """The height of a stacked row's label: a row's, or its wrapped lines'."""
        m = self.metrics
        size, lines = self._label_lines(width - 2 * m.px(14))
        if len(lines) == 1:
            return m.row_height
        return len(lines) * font(size).get_linesize() + 2 * m.px(6)

    def preferred_height(self, width: int) -> int:
        m = self.metrics
        return m.row_height + (self._label_height(width) if self.stacked(width) else 0)

    @property
    def control_rect(self) -> pygame.Rect:
        m = self.metrics
        if self.stacked(self.rect.width):  # under the label, the row's width
            h = m.row_height - m.px(14)
            return pygame.Rect(self.rect.x + m.px(10), self.rect.bottom - m.row_height + m.px(7),
                               self.rect.width - m.px(20), h)
        w = self.control_width(self.rect.width)
        h = self.rect.height - m.px(14)
        return pygame.Rect(self.rect.right - w - m.px(10), self.rect.centery - h // 2, w, h)

    def _label_rect(self) -> pygame.Rect:
        """Where the label is written: left of the control, or above it, the row's width."""
        m = self.metrics
        if self.stacked(self.rect.width):
            return pygame.Rect(self.rect.x, self.rect.y, self.rect.width,
                               self.rect.height - m.row_height)
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
        for image, at, _text in self._placed_texts():
            surface.blit(image, at)
        self.draw_control(surface, self.control_rect)

    def _placed_texts(self) -> list[tuple[pygame.Surface, tuple[int, int], DrawnText]]:
        """The label's lines, and the control's own text if it has one (``_control_text``):
        each one's image, where it goes, and what it is (``Widget.texts``)."""
        m = self.metrics
        room = self._label_rect()
        pad = m.px(14)
        size, lines = self._label_lines(room.width - (2 if self.stacked(self.rect.width)
                                                      else 1) * pad)
        color = theme.TEXT if self.enabled else theme.DISABLED
        step = font(size).get_linesize()
        y = room.centery - step * len(lines) // 2
        placed = []
        for k, line in enumerate(lines):
            img = text_image(font(size), line, color)
            at = (room.x + pad, y + k * step + (step - img.get_height()) // 2)
            placed.append((img, at, DrawnText(line, "row label", m.type_size("body"), size,
                                              img.get_bounding_rect().move(at), room)))
        return placed + self._control_text(self.control_rect)

    def _control_text(self, r: pygame.Rect) -> list[tuple[pygame.Surface, tuple[int, int],
                                                          DrawnText]]:
        """The text the control draws in its box ``r`` (a choice's value), as
        ``_placed_texts``; none by default."""
        return []

    def texts(self) -> list[DrawnText]:
        return [text for _image, _at, text in self._placed_texts()] if self.visible else []

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

    def control_width(self, width: int) -> int:
        """The switch and its word ("On", "Off"): no wider, the rest the label's."""
        m = self.metrics
        from game.i18n import _
        words = max(font(m.type_size("small")).size(w)[0] for w in (_("On"), _("Off")))
        return min(super().control_width(width), 2 * m.px(30) + m.px(10) + words + m.px(4))

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

    def _widest(self, size: int) -> int:
        """The widest value at ``size``, with the arrows and their margins."""
        f = font(size)
        return max(f.size(label)[0] for _v, label in self.choices) + 2 * self._arrows()

    def _arrows(self) -> int:
        """Either side of the value: the arrow, its margin and the value's."""
        m = self.metrics
        return m.px(14) + m.px(10) + m.px(8)

    def control_width(self, width: int) -> int:
        """A row's, narrower where the label needs the room and the values do not (a count),
        wider where the widest value needs it at its role's size and the label still fits
        beside it: neither shrinks where the row has room for both."""
        m = self.metrics
        base = super().control_width(width)
        want = self._widest(m.type_size("body"))
        beside = width - self.around()  # (the label's room and the control's together)
        label = font(m.type_size("body")).size(self.text)[0]
        if want <= beside - label:
            return max(want, min(base, beside - label))
        least = font(self.least_beside()).size(self.text)[0]
        return want if base < want <= beside - least else base

    def stacked(self, width: int) -> bool:
        """As a row, or when a value would shrink past ``least_beside`` beside the label."""
        return super().stacked(width) or \
            self._widest(self.least_beside()) > self.control_width(width)

    def least_width(self) -> int:
        return self._widest(self.metrics.type_size("body")) + self.metrics.px(20)

    def beside_width(self) -> int:
        """The narrowest row in which the label and the widest value at its role's size
        go side by side (the label shrunk no further than ``least_beside``)."""
        return (font(self.least_beside()).size(self.text)[0] + self.around()
                + self._widest(self.metrics.type_size("body")))

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
        for image, at, _text in self._control_text(r):
            surface.blit(image, at)

    def _control_text(self, r: pygame.Rect) -> list[tuple[pygame.Surface, tuple[int, int],
                                                          DrawnText]]:
        """The value between the arrows, inside the box's border."""
        m = self.metrics
        label = self.choices[self.index][1]
        inner = r.width - 2 * self._arrows()
        wanted = m.type_size("body")
        size = fit_font_size(label, inner, wanted)
        img = text_image(font(size), label, theme.TEXT if self.enabled else theme.DISABLED)
        top, bottom = ink_band(size)  # (its letters' band centred: descenders clear the rim)
        at = (r.centerx - img.get_width() // 2, r.centery - (top + bottom) // 2)
        between = r.inflate(-2 * (m.px(14) + m.px(10)), -2 * (max(1, m.px(1)) + 1))  # arrows
        return [(img, at, DrawnText(label, "choice value", wanted, size,
                                    img.get_bounding_rect().move(at), between))]


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
