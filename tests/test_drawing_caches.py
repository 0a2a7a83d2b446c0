"""What is kept between frames (text, shapes, button looks, a scene's backdrop) never shows
a stale picture: a kept frame is pixel for pixel the frame drawn afresh."""

from __future__ import annotations

import pygame

from game import draw
from game.fonts import font, text_image
from game.scenes.base import WidgetScene
from game.theme import Metrics
from game.widgets import Button, Label, Panel
from sprites.cache import SurfaceCache
from tests.helpers import motion


def frame(app) -> bytes:
    app.frame(0.0)
    return pygame.image.tobytes(app.screen, "RGB")


def fresh(app) -> bytes:
    """The frame drawn with nothing kept."""
    from game import fonts
    from game.widgets import button
    for scene in app.stack:
        scene.kept.clear()
    for cache in (draw._shapes, button._looks, fonts._texts):
        cache.clear()
    return frame(app)


def test_menu_frames_while_hovering_are_the_frames_drawn_afresh(app):
    menu = app.stack.top
    first = frame(app)
    assert fresh(app) == first
    for widget in menu.focus.widgets[1:4]:  # the first has the focus: lit already
        motion(app, widget.rect.center)
        lit = frame(app)
        assert lit != first and fresh(app) == lit
    motion(app, (2, 2))
    assert frame(app) == fresh(app)


class Page(WidgetScene):
    def build(self):
        self.label = Label("first words", role="title")
        self.button = Button("Go")
        return [Panel(), self.label, self.button]

    def arrange(self, size):
        m = self.metrics
        self.widgets[0].place(pygame.Rect(50, 50, 600, 400), m)
        self.label.place(pygame.Rect(80, 80, 500, 80), m)
        self.button.place(pygame.Rect(80, 300, 200, 52), m)


def test_a_still_label_that_changes_is_painted_again(app):
    page = app.push(Page())
    app.frame(0.0)
    before = pygame.image.tobytes(app.screen, "RGB")
    page.label.text = "other words"
    after = frame(app)
    assert after != before
    assert fresh(app) == after


def test_a_button_changed_is_drawn_changed():
    b = Button("Go")
    b.place(pygame.Rect(20, 20, 200, 52), Metrics((1280, 800)))
    one = pygame.Surface((300, 120))
    b.draw(one)
    b.text = "Stop"
    two = pygame.Surface((300, 120))
    b.draw(two)
    assert pygame.image.tobytes(one, "RGB") != pygame.image.tobytes(two, "RGB")


def test_text_images_are_kept_and_bounded(monkeypatch):
    from game import fonts
    monkeypatch.setattr(fonts, "_texts", SurfaceCache(count=3, megabytes=8))
    f = font(14)
    a = text_image(f, "a", (255, 255, 255))
    assert text_image(f, "a", (255, 255, 255)) is a
    assert text_image(f, "a", (0, 0, 0)) is not a
    for word in ("b", "c", "d"):
        text_image(f, word, (255, 255, 255))
    assert len(fonts._texts) == 3 and text_image(f, "a", (255, 255, 255)) is not a


def test_surface_cache_bounded_by_bytes():
    cache = SurfaceCache(count=100, megabytes=1)
    for i in range(10):
        cache.get(i, lambda: pygame.Surface((256, 256), pygame.SRCALPHA))  # 256 KiB each
    assert cache.bytes <= 1 << 20 and len(cache) == 4 and 9 in cache and 5 not in cache
