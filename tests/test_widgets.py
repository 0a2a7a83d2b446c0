"""Every widget through synthetic pygame events, and keyboard focus."""

from __future__ import annotations

import pygame
import pytest

from game.theme import Metrics
from game.widgets import Button, Choice, FocusGroup, Label, NumberField, ScrollList, Slider, Toggle
from tests.helpers import click, key, motion

M = Metrics((1280, 800))


def placed(widget, rect=(100, 100, 400, 52)):
    widget.place(pygame.Rect(rect), M)
    return widget


def test_button_click_activates_once():
    hits = []
    b = placed(Button("Go", lambda: hits.append(1)))
    click(b, (150, 120))
    assert hits == [1]


def test_button_press_inside_release_outside_does_nothing():
    hits = []
    b = placed(Button("Go", lambda: hits.append(1)))
    b.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(150, 120), button=1))
    b.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(900, 700), button=1))
    assert hits == [] and not b.pressed


def test_disabled_button_and_right_click_do_nothing():
    hits = []
    b = placed(Button("Go", lambda: hits.append(1), enabled=False))
    click(b, (150, 120))
    b.enabled = True
    b.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(150, 120), button=3))
    b.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(150, 120), button=3))
    assert hits == []


def test_button_hover_changes_pixels():
    b = placed(Button("Go"))
    plain = pygame.Surface((600, 300))
    b.draw(plain)
    motion(b, (150, 120))
    assert b.hovered
    lit = pygame.Surface((600, 300))
    b.draw(lit)
    assert plain.get_at((110, 110)) != lit.get_at((110, 110))


def test_toggle_by_click_and_reports_change():
    seen = []
    t = placed(Toggle("Mute", False, seen.append))
    click(t, (300, 120))
    assert t.value is True and seen == [True]
    t.activate()
    assert t.value is False and seen == [True, False]


def test_slider_click_sets_value_from_position_and_keys_step():
    seen = []
    s = placed(Slider("Volume", 0.5, seen.append))
    track = s._track()
    click(s, (track.left, track.centery))
    assert s.value == 0.0
    click(s, (track.right, track.centery))
    assert s.value == 1.0
    key(_Focused(s), pygame.K_LEFT)
    assert s.value == pytest.approx(0.95)
    assert seen[-1] == pytest.approx(0.95)


def test_slider_drag_follows_pointer_and_clamps():
    s = placed(Slider("Volume", 0.5))
    t = s._track()
    s.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(t.centerx, t.centery), button=1))
    s.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(t.left + t.width // 4, t.centery),
                                      rel=(0, 0), buttons=(1, 0, 0)))
    assert s.value == pytest.approx(0.25, abs=0.05)
    s.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(t.right + 500, t.centery),
                                      rel=(0, 0), buttons=(1, 0, 0)))
    assert s.value == 1.0
    s.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(t.right + 500, t.centery),
                                      button=1))
    s.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(t.left, t.centery), rel=(0, 0),
                                      buttons=(0, 0, 0)))
    assert s.value == 1.0  # released: no longer dragging


class _Focused:
    """Route a key to a widget the way FocusGroup does."""

    def __init__(self, widget):
        self.group = FocusGroup([widget])

    def handle_event(self, event):
        return self.group.handle_event(event)


def test_choice_arrows_by_click_and_keys_wrap_around():
    seen = []
    c = placed(Choice("Speed", [("off", "Off"), ("fast", "Fast"), ("slow", "Slow")], "fast",
                      seen.append))
    r = c.control_rect
    click(c, (r.x + 5, r.centery))
    assert c.value == "off"
    click(c, (r.right - 5, r.centery))
    assert c.value == "fast"
    key(_Focused(c), pygame.K_RIGHT)
    key(_Focused(c), pygame.K_RIGHT)
    assert c.value == "off" and seen == ["off", "fast", "slow", "off"]
    with pytest.raises(ValueError, match="'nope'"):
        c.value = "nope"


def test_number_field_typing_and_backspace():
    seen = []
    n = placed(NumberField("Deal", 0, seen.append))
    group = FocusGroup([n])
    assert n.focused
    n.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="4"))
    n.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="2x"))
    assert n.value == 42
    key(group, pygame.K_BACKSPACE)
    assert n.value == 4 and seen == [4, 42, 4]
    n.focused = False
    n.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="9"))
    assert n.value == 4  # only the focused field takes typing


def test_label_wraps_long_text():
    lab = Label("word " * 60)
    lab.metrics = M
    assert lab.preferred_height(300) > 3 * lab.font.get_linesize()
    assert not lab.focusable


def test_scroll_list_wheel_clipping_and_scroll_into_view():
    buttons = [Button(f"B{i}") for i in range(20)]
    s = ScrollList(buttons)
    s.place(pygame.Rect(0, 0, 400, 300), M)
    assert s.max_offset > 0
    motion(s, (200, 150))
    s.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert s.offset > 0
    s.scroll_to(0)
    last = buttons[-1]
    assert not s.rect.contains(last.rect)
    hits = []
    last.on_activate = lambda: hits.append(1)
    click(s, last.rect.center)  # off-screen (clipped): not clickable
    assert hits == []
    s.scroll_into_view(last)
    assert s.rect.contains(last.rect)
    click(s, last.rect.center)
    assert hits == [1]


def test_focus_group_tab_arrows_enter_and_hover():
    hits = []
    a, b, c = (placed(Button(n, lambda n=n: hits.append(n)), (0, 60 * i, 200, 50))
               for i, n in enumerate("abc"))
    b.enabled = False
    g = FocusGroup([a, b, c])
    assert g.focused is a
    key(g, pygame.K_TAB)
    assert g.focused is c  # disabled b is skipped
    key(g, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert g.focused is a
    key(g, pygame.K_UP)
    assert g.focused is c  # wraps
    key(g, pygame.K_RETURN)
    key(g, pygame.K_SPACE)
    assert hits == ["c", "c"]
    motion(g, a.rect.center)
    assert g.focused is a and a.focused and not c.focused


def test_focus_group_scrolls_keyboard_focus_into_view():
    buttons = [Button(f"B{i}") for i in range(20)]
    s = ScrollList(buttons)
    s.place(pygame.Rect(0, 0, 400, 300), M)
    g = FocusGroup([s])
    for _ in range(19):
        key(g, pygame.K_DOWN)
    assert g.focused is buttons[-1] and s.rect.contains(buttons[-1].rect)


def test_a_text_shrunk_to_fit_takes_the_largest_size_that_fits():
    """``fit_font_size`` starts near the answer rather than at every size down from the
    start: its answer is still the largest size that fits, found size by size."""
    import random

    from game.fonts import font
    from game.text import fit_font_size
    rng = random.Random(7)
    texts = ["Computer 2 (Normal)", "You · 120", "Heading for: Boar-Deer-Butterfly", "合計 点数",
             "A much longer line of text that must shrink a long way"]
    for _ in range(300):
        text, width, start = rng.choice(texts), rng.randint(10, 500), rng.randint(8, 40)
        bold = rng.random() < 0.5
        size = start
        while size > 8 and font(size, bold).size(text)[0] > width:
            size -= 1
        assert fit_font_size(text, width, start, bold) == size, (text, width, start, bold)
