"""The card gallery: every card shown, hover and keyboard focus name cards, scrolling, sizes."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.gallery import GalleryScene, describe
from game.scenes.menu import MenuScene
from rules import hanafuda
from tests.helpers import click, key, motion


@pytest.fixture
def gallery(app):
    app.push(GalleryScene())
    return app.stack.top


def test_menu_opens_the_gallery(app):
    menu = app.stack.top
    b = next(w for w in menu.focus.widgets if getattr(w, "text", "") == "Card gallery")
    click(app, b.rect.center)
    assert isinstance(app.stack.top, GalleryScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)


def test_all_cards_are_laid_out_as_a_12_by_4_month_grid(gallery):
    kinds = [it.kind for it in gallery.items]
    assert (kinds.count("hanafuda"), kinds.count("western"), kinds.count("back")) == (48, 54, 3)
    grid = gallery.rows[:4]
    for row in grid:
        months = [gallery.items[i].obj.month for i in row]
        assert months == list(range(1, 13))
        ys = {gallery.items[i].center[1] for i in row}
        assert len(ys) == 1
    for month in range(1, 13):
        column = [gallery.items[row[month - 1]].obj for row in grid]
        assert column == list(hanafuda.month_cards(month))


def test_hover_names_the_card_under_the_pointer(gallery, app):
    target = next(it for it in gallery.items if it.kind == "hanafuda" and it.obj.code == "8B")
    motion(app, target.sprite.rect.center)
    assert gallery.focused is target
    title, details = describe(gallery.focused)
    assert title == "Full Moon" and "August" in details and "Bright" in details
    assert "Pampas grass" in details and "8B" in details
    app.frame(0.5)
    assert target.sprite.lift > 0 and target.sprite.highlight is not None


def test_focused_card_is_drawn_raised_with_a_glow(gallery, app):
    target = gallery.items[5]
    app.frame(0.5)
    before = app.screen.copy()
    motion(app, target.sprite.rect.center)
    app.frame(0.5)
    r = target.sprite.rect
    changed = sum(before.get_at((x, r.top + 2)) != app.screen.get_at((x, r.top + 2))
                  for x in range(r.left, r.right))
    assert changed > r.width // 2


def test_arrow_keys_walk_the_grid_and_scroll_the_focus_into_view(gallery, app):
    assert gallery.focused.obj.code == "1B"
    key(app, pygame.K_RIGHT)
    assert gallery.focused.obj.code == "2A"
    key(app, pygame.K_DOWN)
    assert gallery.focused.obj.code == "2R"
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert gallery.focused.obj.code == "12C1"  # wraps within the row
    for _ in range(10):
        key(app, pygame.K_DOWN)
    assert gallery.focused.kind == "back"
    assert gallery.offset > 0
    assert gallery.view.contains(gallery.focused.sprite.rect)


def test_wheel_and_page_keys_scroll(gallery, app):
    motion(app, gallery.view.center)
    app.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    assert gallery.offset > 0
    key(app, pygame.K_HOME)
    assert gallery.offset == 0
    key(app, pygame.K_END)
    assert gallery.offset == gallery.max_offset


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080), (3840, 2160)])
def test_every_size_fits_the_grid_across(gallery, app, size):
    app.resize(size)
    for it in gallery.items:
        r = it.sprite.rect
        assert 0 <= r.left and r.right <= size[0], f"{it.obj} leaves the window at {size}"
        assert r.width >= 40
    # Card sizes follow the window: no overlap between neighbours in a row.
    for row in gallery.rows:
        rects = [gallery.items[i].sprite.rect for i in row]
        for a, b in zip(rects, rects[1:]):
            assert a.right <= b.left
    app.frame(1 / 60)


def test_gallery_screenshot(tmp_path):
    import main
    out = tmp_path / "gallery.png"
    assert main.main(["--screenshot", "gallery", "--out", str(out), "--size", "1280x800"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


def test_badge_setting_puts_badges_on_the_gallery_cards(app):
    plain = GalleryScene()
    app.push(plain)
    app.frame(0.5)
    sprite = plain.items[0].sprite
    without = pygame.image.tobytes(sprite._base("face"), "RGBA")
    app.stack.pop()
    app.settings.card_badges = True
    badged = GalleryScene()
    app.push(badged)
    app.frame(0.5)
    with_badge = pygame.image.tobytes(badged.items[0].sprite._base("face"), "RGBA")
    assert without != with_badge
