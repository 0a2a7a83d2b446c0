"""Memory bounded by design: every cache of drawings within its bounds and, together with
the others, within ``sprites.cache.BUDGET``; a resize lets go of what was drawn for the old
size. Bytes held in caches are asserted, never the process's resident size (which depends on
the allocator) nor a time."""

from __future__ import annotations

import gc
import weakref

import pygame
import pytest
import sprites.cache as cache
from game import draw
from game.catalog import GAMES
from game.fonts import font, text_image
from rules.hanafuda import DECK
from sprites import card_sprite, faces


def surfaces_held() -> list[pygame.Surface]:
    """Every surface an object (a cache, a layer, a scene, a module) holds now. (A container
    of surfaces only is not tracked by the collector: it is found through what holds it.)"""
    gc.collect()
    found: dict[int, pygame.Surface] = {}

    def look(value: object) -> None:
        if isinstance(value, pygame.Surface):
            found[id(value)] = value
        elif isinstance(value, (dict, list, tuple)) and not gc.is_tracked(value):
            for inner in (list(value.values()) + list(value) if isinstance(value, dict)
                          else value):
                look(inner)
    for obj in gc.get_objects():
        for value in gc.get_referents(obj):
            look(value)
    return list(found.values())


def test_the_caches_together_stay_within_the_budget_after_many_sizes(monkeypatch):
    """Faces, felts, text, card shadows and fonts at forty window sizes: the caches hold no
    more than the budget together (each is within its own bounds too)."""
    monkeypatch.setattr(cache, "BUDGET", 6 << 20)
    cache.clear_all()
    for k in range(40):
        w, h = 320 + 20 * k, 200 + 14 * k
        draw.table_background((w, h))
        card = max(20, w // 14)
        for c in DECK[:8]:
            faces.hanafuda_face(c, card)
        card_sprite.warm(card, round(card * 1.6))
        text_image(font(10 + k), "Koi-Koi: 12 points", (255, 255, 255))
        held, budget = cache.figures()
        assert held <= budget, (k, held, budget)
    assert cache.figures()[0] > (6 << 20) // 2  # (kept up to the budget: not emptied)
    cache.clear_all()
    from game import fonts  # (the open fonts are of use at any size: kept, within the budget)
    assert cache.figures()[0] == fonts._fonts.bytes <= 32 * fonts.FONT_BYTES


def test_the_least_recently_used_goes_first_whichever_cache_holds_it(monkeypatch):
    """Over the budget the oldest entry of every cache goes, not the one just put."""
    monkeypatch.setattr(cache, "BUDGET", 3 * 400)
    a = cache.SurfaceCache(count=10, megabytes=1)
    b = cache.SurfaceCache(count=10, megabytes=1)
    a.get("old", lambda: pygame.Surface((10, 10)))
    b.get("used", lambda: pygame.Surface((10, 10)))
    a.get("new", lambda: pygame.Surface((10, 10)))
    b.get("used", lambda: pygame.Surface((1, 1)))  # used again: the newest now
    b.get("last", lambda: pygame.Surface((10, 10)))
    assert "old" not in a and "new" in a and "used" in b and "last" in b
    assert cache.figures()[0] <= 3 * 400
    big = b.get("huge", lambda: pygame.Surface((40, 40)))  # alone over the budget: kept
    assert b.peek("huge") is big and a.bytes == 0


def test_fonts_opened_at_every_size_are_bounded():
    """A window resized through every size asks for fonts of every size: a few dozen stay
    open, not one per size (each holds its file and glyphs, some 300 KB)."""
    cache.clear_all()  # (no text kept from before holds a font of its own)
    opened = [weakref.ref(font(size, size % 2 == 0)) for size in range(8, 140)]
    gc.collect()
    assert sum(ref() is not None for ref in opened) <= 32


def test_after_a_resize_the_caches_and_layers_hold_nothing_of_the_old_size(app):
    """A table resized: no surface the size of the old window (felt, layers, the picture
    under an overlay) is held, no card face of the old card size is kept, and the next
    frame draws at the new size."""
    from game.games.koikoi.table import KoiKoiTable
    from game.scenes.setup import default_setup
    from game.table.caches import FaceWarmer
    t = app.push(KoiKoiTable(setup=default_setup("koikoi", seed=3)))
    for _ in range(30):
        app.frame(1 / 60)
    FaceWarmer.finish(t.warmer)
    app.frame(1 / 60)
    old = app.screen.get_size()
    old_faces = {s.get_size() for s in surfaces_held()
                 if s.get_size() != old and s.get_width() < old[0] // 6}
    assert [s for s in surfaces_held() if s.get_size() == old] and old_faces
    new = (1700, 1000)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=new[0], h=new[1], size=new))
    assert app.screen.get_size() == new
    held = surfaces_held()
    assert not [s for s in held if s.get_size() == old]
    assert not draw.felt_ready(old)
    kept_sizes = {key[2:4] for key in faces._cache.keys()}
    assert not kept_sizes & old_faces
    app.frame(1 / 60)
    assert t.drawing.layers.bytes <= 4 * new[0] * new[1] * 4  # a few layers of the new size
    assert all(s.get_size() != old for s in surfaces_held())


def test_a_table_keeps_its_felt_once_in_its_layer_of_felt_and_frames(app):
    """A table paints its felt into its kept layer of felt and frames (the places of its
    layer of cards at rest painted again start from it: one blit) and keeps it nowhere
    else: the felt a screen before it made is let go. It holds two pictures the window's
    size beside the window's own."""
    from game.games.koikoi.table import KoiKoiTable
    from game.scenes.setup import default_setup
    size = app.screen.get_size()
    draw.table_background(size)  # (the menu's and the setup's felt)
    app.push(KoiKoiTable(setup=default_setup("koikoi", seed=3)))
    for _ in range(30):
        app.frame(1 / 60)
    assert not draw.felt_ready(size)
    assert len([s for s in surfaces_held() if s.get_size() == size]) == 3


def test_a_table_resized_often_holds_nothing_of_the_sizes_before(app):
    """Resized again and again, a table holds no surface the size of a window before (its
    layers, the felt, the picture under an overlay), and the caches stay within the
    budget."""
    from game.games.hearts600.table import Hearts600Table
    from game.scenes.setup import default_setup
    app.push(Hearts600Table(setup=default_setup("hearts600", seed=4)))
    before = [app.screen.get_size()]
    for size in [(1000, 620), (2000, 1300), (1100, 700), (1600, 900)]:
        app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
        for _ in range(20):
            app.frame(1 / 60)
        held = {s.get_size() for s in surfaces_held()}
        assert size in held and not held & set(before), (size, held & set(before))
        before.append(size)
        assert cache.figures()[0] <= cache.BUDGET


def test_a_screen_that_left_is_freed_by_the_next_frame(app):
    """A screen is held in reference cycles (its buttons call its own methods): the frame
    after it leaves collects it, with its window-sized pictures. Left to the collector's own
    pace (it counts objects made, not pixels held), each settings, statistics or gallery
    screen visited kept 21 MB at 2667x1964 until some later collection."""
    from game.scenes.settings import SettingsScene
    gc.collect()
    gc.freeze()  # (what the test made so far: out of the count, as main.py does at start)
    try:
        scene = app.push(SettingsScene())
        for _ in range(5):
            app.frame(1 / 60)
        gone = weakref.ref(scene)
        del scene
        app.stack.pop()
        app.frame(1 / 60)
        assert gone() is None
    finally:
        gc.unfreeze()


def test_a_screen_that_leaves_lets_go_of_its_pictures_at_once(app):
    """Popped, removed or replaced, a screen's window-sized pictures go the moment it leaves,
    while something still holds it (here the test; in play the handler of the click that
    closed it): the next screen makes its own before the collector could find the old one."""
    from game.scenes.settings import SettingsScene
    from game.scenes.stats import StatsScene
    for leave in ("pop", "remove", "replace", "reset"):
        screen = app.push(SettingsScene())
        app.frame(1 / 60)
        assert screen.kept.bytes >= app.screen.get_width() * app.screen.get_height() * 4
        if leave == "pop":
            app.stack.pop()
        elif leave == "remove":
            app.stack.remove(screen)
        else:
            getattr(app.stack, leave)(StatsScene())
        assert screen.kept.bytes == 0, leave
        app.start()


def test_the_picture_under_an_overlay_is_held_only_while_one_shows(app):
    """The picture of the scenes under an overlay (a dialog, the pause menu, a result page)
    is made when one shows and goes with it: kept in between, it would hold a picture the
    window's size for nothing (21 MB at 2667x1964) through the whole of a game."""
    from game.widgets.dialog import Dialog
    from game.scenes.settings import SettingsScene
    app.push(SettingsScene())
    app.frame(1 / 60)
    assert app.stack._under is None
    dialog = app.push(Dialog("Notice", "A message.", [("OK", None)]))
    app.frame(1 / 60)
    assert app.stack._under is not None
    assert app.stack._under[1].get_size() == app.screen.get_size()
    app.stack.remove(dialog)
    app.frame(1 / 60)
    assert app.stack._under is None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_table_in_play_holds_three_pictures_the_windows_size(app, game_id):
    """The window, the felt and the table's layer of its felt, frames and cards at rest: no
    layer of the felt and frames beside that one, no picture under an overlay while none
    shows, nothing of the menu under the table (each 21 MB at 2667x1964)."""
    from game.setups import default_setup
    factory = GAMES[game_id].table_factory()
    app.push(factory(setup=default_setup(game_id, seed=5)))
    for _ in range(30):
        app.frame(1 / 60)
    size = app.screen.get_size()
    whole = [s for s in surfaces_held() if s.get_size() == size]
    assert len(whole) <= 3, [s.get_flags() for s in whole]
