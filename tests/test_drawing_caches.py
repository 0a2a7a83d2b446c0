"""What is kept between frames (text, shapes, button looks, a scene's backdrop) never shows
a stale picture: a kept frame is pixel for pixel the frame drawn afresh."""

from __future__ import annotations

import pygame

from game import draw
from game.fonts import font, text_image
from game.widgets.scene import WidgetScene
from game.theme import Metrics
from game.widgets import Button, Label, Panel
from sprites import card_sprite
from sprites.cache import SurfaceCache
from tests.helpers import key, motion, next_frame, run_until


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


# The tables: cards at rest kept in a layer ----------------------------------------------------
def near(a: pygame.Surface, b: pygame.Surface, tolerance: int = 40,
         ignore: list[pygame.Rect] = ()) -> int:
    """Pixels of ``a`` and ``b`` that differ by ``tolerance`` or more in some channel. A
    card's kept image and the card drawn piece by piece round differently, by 1-2 levels a
    card, up to 30 where 24 cards of the stock lie on one another; a stale picture (a card
    or a label that is not there any more) differs by far more. ``ignore``: places not
    compared (the 48 cards of a full stock, one on another: their shadows' rounding adds up
    past any tolerance at its corners, as more or fewer of them are kept baked)."""
    if ignore:
        a, b = a.copy(), b.copy()
        for rect in ignore:
            a.fill((0, 0, 0), rect)
            b.fill((0, 0, 0), rect)
    diff, back = a.copy(), b.copy()
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    back.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(back, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    same = pygame.mask.from_threshold(diff, (0, 0, 0, 255), (tolerance, tolerance, tolerance, 255))
    return diff.get_width() * diff.get_height() - same.count()


def drawn_afresh(t, size) -> pygame.Surface:
    """The table drawn with nothing kept: no layer of cards, no card's kept image, no kept
    label or name images (a fishing table's), no panel kept line by line."""
    t.drawing._rest = None
    t.drawing.layers.clear()
    if hasattr(t, "_pieces"):
        t.drawing._pieces = None
    for s in t.sprites.values():
        s._cache_baked = s._cache_look = s._cache_ahead = None
    card_sprite._BAKED.clear()
    out = pygame.Surface(size)
    t.draw(out)
    return out


def checking_every_frame(t) -> dict:
    """From now, each frame ``t`` draws on the window is first painted whole on a surface of
    its own, from the same state, then compared with the window's (the table's and its
    cards' drawing state are put back between the two: a card is baked on its n-th frame
    drawn, and a second drawing would bake it sooner and draw it another way). Returns the
    counts, updated as frames go: frames compared, frames painted in part, and the wrong
    ones (frame number, places painted)."""
    real = type(t).draw
    seen: dict = {"frames": 0, "partial": 0, "wrong": []}

    def draw(surface: pygame.Surface) -> None:
        if t.app is None or surface is not t.app.screen:
            real(t, surface)
            return
        cards = [(s, s._cache_look, s._cache_still, s._cache_baked, s._cache_ahead)
                 for s in t.sprites.values()]
        shared = dict(card_sprite._BAKED)  # (the images cards of one shape share)
        d = t.drawing
        kept = (d._rest, d._rest_changed, d._shown, d.painted, t.frame_kept)
        layer = t.drawing._rest[1].copy() if t.drawing._rest is not None else None
        t.frame_kept = False
        whole = pygame.Surface(surface.get_size())
        real(t, whole)
        for s, look, still, baked, ahead in cards:
            s._cache_look, s._cache_still, s._cache_baked, s._cache_ahead = (look, still, baked,
                                                                             ahead)
        card_sprite._BAKED.clear()
        card_sprite._BAKED.update(shared)
        d._rest, d._rest_changed, d._shown, d.painted, t.frame_kept = kept
        if layer is not None:  # (cards come to rest are blitted on it: not twice)
            t.drawing._rest[1].blit(layer, (0, 0))
        real(t, surface)
        seen["frames"] += 1
        seen["partial"] += t.drawing.painted is not None
        if near(surface, whole, tolerance=1):
            seen["wrong"].append((seen["frames"], t.drawing.painted))

    t.draw = draw
    return seen


def play_and_compare(app, t, keys, frames=600, every=5, min_kept=10,
                     ignore: list[pygame.Rect] = (), min_partial: int = 300) -> int:
    """Play ``t`` with ``keys`` pressed in turn, and compare the kept drawing with the fresh
    one every ``every`` frames (a label kept stale for a few frames is seen); returns how many
    comparisons were made. Every frame, the window, where only what changed was painted, is
    the frame painted whole from the same layers."""
    compared = most_kept = 0
    seen = checking_every_frame(t)
    for i in range(frames):
        if i % 9 == 8:
            k = keys[(i // 9) % len(keys)]
            app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="",
                                            scancode=0))
            app.dispatch(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
        next_frame(app, 1 / 60)  # (a computer's answer is in first: the same frames at any load)
        assert not seen["wrong"], f"frame {i}: painted in part {t.drawing.painted}"
        if i % every == every - 1 and app.stack.top is t:
            kept = pygame.Surface(app.screen.get_size())
            t.draw(kept)
            most_kept = max(most_kept, len(t.drawing._rest[2]) if t.drawing._rest else 0)
            assert near(kept, drawn_afresh(t, kept.get_size()), ignore=ignore) == 0, \
                f"frame {i}"
            # (Drawn on surfaces of its own, behind the stack's back: the window does not hold
            # what the table last drew, so its next frame is painted whole.)
            t.drawing._shown = None
            compared += 1
    assert most_kept >= min_kept  # cards were kept in the layer
    assert seen["partial"] >= min_partial  # frames that painted only what changed
    return compared


def test_koikoi_cards_at_rest_kept_in_a_layer_show_what_is_drawn_afresh(app):
    from game.games.koikoi.table import KoiKoiTable
    from game.scenes.setup import default_setup
    app.settings.animation_speed = "normal"
    t = app.push(KoiKoiTable(setup=default_setup("koikoi", seed=7)))
    keys = [pygame.K_RIGHT, pygame.K_RETURN, pygame.K_RETURN, pygame.K_RETURN]
    assert play_and_compare(app, t, keys, ignore=[_stock(t)]) >= 100 and len(t.game.actions) > 10


def _stock(t) -> pygame.Rect:
    """Round a table's stock (a fishing table's, Yatsuhashi's) and its cards' shadows."""
    return t.layout_.stock.inflate(t.layout_.stock.height, t.layout_.stock.height)


def test_hanaawase_cards_at_rest_kept_in_a_layer_show_what_is_drawn_afresh(app):
    from game.games.hanaawase.table import HanaAwaseTable
    from game.scenes.setup import default_setup
    app.settings.animation_speed = "fast"
    t = app.push(HanaAwaseTable(setup=default_setup("hanaawase", seed=3)))
    keys = [pygame.K_RETURN, pygame.K_RIGHT, pygame.K_RETURN]
    assert play_and_compare(app, t, keys, ignore=[_stock(t)]) >= 100 and len(t.game.actions) > 10


def test_the_menu_shows_its_first_frame_before_the_fan_and_the_felt_are_made(app, monkeypatch):
    import threading

    from game.scenes import menu
    monkeypatch.setattr(menu.MenuScene, "fan_in_background", True)
    menu._fans.clear()
    draw._felts.clear()
    app.start()
    scene = app.stack.top
    app.frame(1 / 60)  # the first frame: no fan, the plain gradient
    assert scene.fan is None and not draw.felt_ready(app.screen.get_size())
    assert not scene.settled()
    plain = pygame.image.tobytes(app.screen, "RGB")
    app.frame(1 / 60)  # the fan and the felt are made on a thread from now
    for thread in threading.enumerate():
        if thread.name == "menu-fan":
            thread.join()
    app.frame(1 / 60)
    assert scene.fan is not None and scene.settled() and draw.felt_ready(app.screen.get_size())
    assert pygame.image.tobytes(app.screen, "RGB") != plain
    assert frame(app) == fresh(app)


def test_yatsuhashi_cards_at_rest_kept_in_a_layer_show_what_is_drawn_afresh(app):
    from game.scenes.setup import default_setup
    from game.games.yatsuhashi.table import YatsuhashiTable
    app.settings.animation_speed = "fast"
    t = app.push(YatsuhashiTable(setup=default_setup("yatsuhashi", 3)))
    keys = [pygame.K_SPACE, pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN, pygame.K_UP]
    assert play_and_compare(app, t, keys, frames=1000, min_kept=1, ignore=[_stock(t)]) >= 100 \
        and len(t.game.moves) > 10
    for _ in range(120):  # at rest, every card is kept
        app.frame(1 / 60)
    kept = pygame.Surface(app.screen.get_size())
    t.draw(kept)
    assert len(t.drawing._rest[2]) == sum(1 for s in t.sprites.values() if s.alpha)
    assert near(kept, drawn_afresh(t, kept.get_size())) == 0


def test_heart_of_five_cards_at_rest_kept_in_a_layer_show_what_is_drawn_afresh(app):
    from game.games.heart_of_five.table import HeartOfFiveTable
    from game.scenes.setup import default_setup
    app.settings.animation_speed = "fast"
    t = app.push(HeartOfFiveTable(setup=default_setup("heart_of_five", seed=5)))
    keys = [pygame.K_h, pygame.K_RETURN, pygame.K_p, pygame.K_RIGHT, pygame.K_RETURN]
    deck = t.layout_.trick.inflate(t.layout_.field_card[1], t.layout_.field_card[1])
    assert play_and_compare(app, t, keys, ignore=[deck]) >= 100 and len(t.game.actions) > 10


def test_a_table_closing_empties_the_caches_of_drawings(app):
    """What a table drew (faces, text, shapes, card shadows) goes with it: the next frame
    empties every cache of drawings, and the menu makes its own few again."""
    from game.fonts import _texts
    from game.scenes.setup import default_setup
    from game.table.caches import FaceWarmer
    from game.games.koikoi.table import KoiKoiTable
    from game.widgets.button import _looks
    from sprites import card_sprite, faces
    t = app.push(KoiKoiTable(setup=default_setup("koikoi", seed=3)))
    for _ in range(60):
        app.frame(1 / 60)
    FaceWarmer.finish(t.warmer)
    assert faces.cache_figures()[0] > 0 and len(_texts) > 0
    assert len(card_sprite._shadow_base.cache) > 0
    app.close_scenes()
    app.start()
    app.frame(1 / 60)
    assert faces.cache_figures() == (0, 0, 0)
    assert len(card_sprite._shadow_base.cache) == 0
    app.frame(1 / 60)
    assert len(_texts) > 0 and len(_looks) > 0  # the menu's own, made again
    assert [w for w in app.stack.top.focus.widgets]  # the menu is up and drawn


def test_a_table_makes_its_cards_shadows_and_glows_as_it_is_laid_out(app, monkeypatch):
    """Every size the table shows cards at has its shadow and glow made when it is laid out
    (a blur each), so no card's first shadow or glow costs a frame."""
    from game.games.koikoi.table import KoiKoiTable
    from game.scenes.setup import default_setup
    made = []
    monkeypatch.setattr(card_sprite, "warm", lambda w, h: made.append((w, h)))
    t = app.push(KoiKoiTable(setup=default_setup("koikoi", seed=3)))
    assert made and set(t.face_sizes()) | set(t.back_sizes()) <= set(made)


def test_an_overlay_coming_as_the_table_changes_shows_the_table_painted_afresh(app):
    """A dialog or a result page that comes in the frame a table changed: the picture under
    it (the window's last frame copied, the table painting over it only what changed since)
    is the table painted whole."""
    from game.widgets.dialog import Dialog
    from game.games.koikoi.table import KoiKoiTable
    from game.scenes.setup import default_setup
    from tests.helpers import key
    app.settings.animation_speed = "fast"
    t = app.push(KoiKoiTable(setup=default_setup("koikoi", seed=7)))
    for _ in range(240):  # the deal dealt, every face in
        app.frame(1 / 60)
    t.warmer.finish()
    app.frame(1 / 60)
    key(app, pygame.K_RIGHT)  # the focus moves, and a card is played
    key(app, pygame.K_RETURN)
    app.push(Dialog("Notice", "A message over the table.", [("OK", None)]))
    app.frame(1 / 60)
    assert t.drawing.painted  # the table painted only what changed, and something did
    under = pygame.image.tobytes(app.stack._under[1], "RGB")
    app.stack._under = app.stack._alone = None  # the picture under it, painted whole
    t.drawing._shown = None
    app.frame(1 / 60)
    assert pygame.image.tobytes(app.stack._under[1], "RGB") == under


def test_a_fishing_table_makes_its_result_page_s_small_faces_during_play(app):
    """The faces of a result page's rows are made at their size while the table is played
    (scaled from larger ones a few a frame): the page opens without scaling forty of them."""
    from game.games.hearts600.table import Hearts600Table
    from game.scenes.setup import default_setup
    from game.table.dialogs import CardRow
    from rules.hanafuda import DECK
    from sprites import faces
    # Faces of a larger size made already: the rows' could be scaled from them when the page
    # opens, which is what must not be left to it.
    for c in DECK:
        faces.hanafuda_face(c, 120)
    t = app.push(Hearts600Table(setup=default_setup("hearts600", seed=7)))
    size = CardRow.card_size(t.metrics)
    for _ in range(3000):  # (a bounded wait: the warmer makes a few faces a frame)
        app.frame(1 / 60)
        if t.warmer.done:
            break
    assert t.warmer.done and all(faces.hanafuda_face_cached(c, *size, exact=True) for c in DECK)


def test_the_cards_of_a_stock_squared_up_are_blitted_once_into_the_layer(app, monkeypatch):
    """A stock's cards under its top few lie squared up, one image in one place: the layer of
    cards at rest blits that image there once (blitted again, it changes only its own shadow,
    a shade darker each time, and repainting the stock's box cost a blit per card)."""
    from game.games.koikoi.table import KoiKoiTable
    from game.scenes.setup import default_setup
    from game.table.drawing import TableDrawing
    app.settings.animation_speed = "off"
    t = app.push(KoiKoiTable(setup=default_setup("koikoi", seed=7)))
    run_until(app, lambda: len(t.game.stock) >= 20 and t.settled()
              and t.sprites[t.game.hands[0][0]].still_image() is not None)
    blitted: list = []
    real = TableDrawing._blit_still
    monkeypatch.setattr(TableDrawing, "_blit_still",
                        staticmethod(lambda layer, still: (blitted.extend(still),
                                                           real(layer, still))[1]))
    t.drawing._rest = None  # the layer painted whole
    t.draw(pygame.Surface(app.screen.get_size()))
    still = t.drawing._rest[2]
    stock = [t.sprites[c].still_image() for c in t.game.stock]
    assert len(stock) >= 20 and len(set(stock)) < len(stock) - 8  # (squared up)
    repeats = sum(a == b for a, b in zip(still, still[1:]))
    assert repeats >= len(stock) - len(set(stock)) - 2
    assert len(blitted) == len(still) - repeats and set(blitted) == set(still)
    assert all(a != b for a, b in zip(blitted, blitted[1:]))


def test_a_key_that_finishes_a_deal_finds_every_card_baked_for_its_place(app, monkeypatch):
    """While a deal's cards are on their way, each card's image at rest in its place is baked
    in the time frames leave: the key that puts them all in place at once bakes none on its
    frame."""
    import game.app
    from game.games.koikoi.table import KoiKoiTable
    from game.scenes.setup import default_setup
    from sprites import CardSprite
    app.settings.animation_speed = "normal"
    # (Time enough in every frame: on a loaded machine a test's frame can use it all.)
    monkeypatch.setattr(game.app, "AHEAD_UNTIL", 1.0)
    t = app.push(KoiKoiTable(setup=default_setup("koikoi", seed=7)))
    run_until(app, lambda: t.animating and t.ahead.cards_left == 0, dt=1 / 60)
    baked: list = []
    real = CardSprite._bake
    monkeypatch.setattr(CardSprite, "_bake", lambda s, *a: (baked.append(s.data), real(s, *a))[1])
    key(app, pygame.K_RIGHT)
    app.frame(1 / 60)
    assert not t.animating  # the deal put in place, and drawn
    assert all(t.sprites[c].still_image() is not None for c in t.game.hands[0])
    assert baked == []


def test_heart_of_five_opens_its_seat_lines_fonts_ahead(app, monkeypatch):
    """The sizes a seat's line is fitted in are opened in the time frames leave as the
    table is played: the first line to shrink opens none on its frame (it opened up to
    seven)."""
    import game.app
    from game import fonts
    from game.games.heart_of_five.table import HeartOfFiveTable
    from game.scenes.setup import default_setup
    from game.table.climbing_drawing import fit_line
    from sprites.cache import SurfaceCache
    monkeypatch.setattr(fonts, "_fonts", SurfaceCache(count=32, megabytes=10,
                                                      measure=lambda _font: 1, cleared=False))
    monkeypatch.setattr(game.app, "AHEAD_UNTIL", 1.0)
    t = app.push(HeartOfFiveTable(setup=default_setup("heart_of_five", seed=7)))
    run_until(app, lambda: t.ahead.fonts_left == 0, dt=1 / 60)
    opened: list = []
    real = fonts._open
    monkeypatch.setattr(fonts, "_open", lambda size, bold: (opened.append(size),
                                                            real(size, bold))[1])
    fit_line.cache_clear()
    m = t.metrics
    assert fit_line(("Full house 8s over 3s",), 10, 400, m.type_size("small"),
                    m.least_text) is None  # (shrunk through every size)
    assert opened == []


def test_a_frame_that_has_used_its_time_bakes_nothing_ahead(app, monkeypatch):
    """Work made ahead goes into frames that leave time (``game.app.AHEAD_UNTIL``): with none
    left, no card is baked ahead while the deal is on its way, and the key that puts it in
    place bakes the cards on its own frame, as it did before the work was made ahead."""
    import game.app
    from game.games.koikoi.table import KoiKoiTable
    from game.scenes.setup import default_setup
    from sprites import CardSprite
    monkeypatch.setattr(game.app, "AHEAD_UNTIL", -1.0)
    app.settings.animation_speed = "normal"
    baked: list = []
    real = CardSprite.bake_ahead
    monkeypatch.setattr(CardSprite, "bake_ahead",
                        lambda s, *a: (baked.append(s.data), real(s, *a))[1])
    t = app.push(KoiKoiTable(setup=default_setup("koikoi", seed=7)))
    for _ in range(20):
        app.frame(1 / 60)
    assert t.animating and baked == []
    made: list = []
    real_bake = CardSprite._bake
    monkeypatch.setattr(CardSprite, "_bake", lambda s, *a: (made.append(s.data),
                                                            real_bake(s, *a))[1])
    key(app, pygame.K_RIGHT)
    app.frame(1 / 60)
    assert not t.animating and made


def test_a_result_page_is_made_ahead_only_in_a_frame_with_time_for_it():
    """The page made ahead is made, then laid out, each only in a frame that has
    ``MadeAhead.PAGE_MADE`` left (each took a frame's 1.5-2 ms: begun late, it made the frame
    slow); its widgets' texts go a few to a frame."""
    import time
    from types import SimpleNamespace
    from game.table.ahead import MadeAhead
    done: list = []

    class Page:
        widgets = [SimpleNamespace(draw=lambda s, i=i: done.append(f"draw {i}"))
                   for i in range(3)]

        def enter(self):
            done.append("enter")

        def layout(self, size):
            done.append("layout")

    table = SimpleNamespace(size=(1280, 800))
    table.app = SimpleNamespace(stack=SimpleNamespace(top=table))
    ahead = MadeAhead(table)
    ahead.prepare_page(lambda: done.append("made") or Page())
    ahead.step_page(time.thread_time() + MadeAhead.PAGE_MADE / 2)
    assert done == [] and not ahead.page_prepared
    ahead.step_page(time.thread_time() + 10.0)
    assert done == ["made", "enter", "layout", "draw 0", "draw 1", "draw 2"]
    assert ahead.page_prepared
