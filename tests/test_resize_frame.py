"""The first frame after a resize (issue 38's target: 33 ms): what it leaves to the frames
after it (the collection and the heap's trim, the warmer's thread), what it makes no more
than once (the felt's vignette worked out on the layer it goes on, the fonts kept open), and
that the table is drawn as it should be once the work left for later is done."""

from __future__ import annotations

import pygame

import game.memory as memory
from game import draw, fonts
from sprites import cache
from tests.test_drawing_caches import drawn_afresh, near


def _koikoi(app):
    """A Koi-Koi table dealt, the screen on top at rest (a release waits for a quiet frame)."""
    from game.games.koikoi.table import KoiKoiTable
    from game.scenes.setup import default_setup
    from tests.helpers import run_until
    t = app.push(KoiKoiTable(setup=default_setup("koikoi", seed=3)))
    for _ in range(30):
        app.frame(1 / 60)
    run_until(app, lambda: app.stack.top.settled(), dt=1 / 60)
    return t


def _resize(app, size):
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))


def test_a_resize_releases_memory_a_few_frames_after_the_one_that_shows_it(app, monkeypatch):
    """The caches go at the resize, the collection and the trim (2-8 ms) not in the frame
    that shows the new size but ``RESIZE_WAIT`` frames after it; a window dragged through
    sizes, a frame each, releases once it rests; a closing screen's release stays at the next
    frame."""
    t = _koikoi(app)
    memory.release()  # (nothing left waiting by the tests before)
    frames: list[int] = []
    real = memory.release
    count = [0]

    def release() -> int:
        frames.append(count[0])
        return real()
    monkeypatch.setattr(memory, "release", release)

    def frame() -> None:
        count[0] += 1
        app.frame(1 / 60)
    _resize(app, (1500, 900))
    assert memory.pending and cache.figures()[0] <= fonts._fonts.bytes + \
        draw._felts.bytes + (1 << 20)  # (emptied at the resize: the frame makes its own)
    frame()
    assert frames == [] and t.drawing._rest[1].get_size() == (1500, 900)
    for _ in range(memory.RESIZE_WAIT):
        frame()
    assert frames == [memory.RESIZE_WAIT + 1] and not memory.pending
    for size in [(1400, 850), (1300, 820), (1200, 800)]:  # dragged: one size a frame
        _resize(app, size)
        frame()
    assert frames == [memory.RESIZE_WAIT + 1]
    for _ in range(memory.RESIZE_WAIT):
        frame()
    assert frames == [memory.RESIZE_WAIT + 1, count[0]]
    while app.stack.top is not t:  # (a choice the table waits on, over it)
        app.stack.pop()
    app.stack.pop()  # the table closes: its pictures go back at the next frame
    frame()
    assert frames[-1] == count[0] and not memory.pending


def test_the_table_after_a_resize_and_its_late_release_is_drawn_as_afresh(app):
    """Resized, the table's frames (stand-in faces, then the real ones stored by the warmer,
    the release a few frames on; then cards moved, places of the layer painted again from
    the layer of felt and frames, with no felt kept beside it) come to the picture the table
    draws with nothing kept."""
    from game.table.caches import FaceWarmer
    t = _koikoi(app)
    _resize(app, (1600, 1000))
    for _ in range(memory.RESIZE_WAIT + 2):
        app.frame(1 / 60)
    FaceWarmer.finish(t.warmer)
    for _ in range(3):
        app.frame(1 / 60)
    assert not memory.pending
    draw._felts.clear()
    in_part = 0
    for i in range(240):
        if i % 20 == 19:
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                app.dispatch(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0, unicode="",
                                                scancode=0))
        app.frame(1 / 60)
        in_part += bool(t.drawing._rest_changed)
    assert in_part and not draw.felt_ready((1600, 1000))
    kept = pygame.Surface(app.screen.get_size())
    t.draw(kept)
    assert kept.get_size() == (1600, 1000)
    assert near(kept, drawn_afresh(t, kept.get_size())) == 0


def test_the_felt_works_its_vignette_out_on_the_layer_it_goes_on(monkeypatch):
    """A felt made for a layer painted whole scales its vignette into that layer (a surface
    the window's size fewer made in that frame), and is the felt made alone, within a level."""
    size = (300, 180)
    scaled: list[bool] = []
    smoothscale = pygame.transform.smoothscale

    def spy(surface, to, dest=None):
        scaled.append(dest is not None)
        return smoothscale(surface, to) if dest is None else smoothscale(surface, to, dest)
    monkeypatch.setattr(pygame.transform, "smoothscale", spy)
    draw._felts.clear()
    alone = draw.table_background(size).copy()
    draw._felts.clear()
    layer = draw.part_layer(size)
    on_layer = draw.table_background(size, layer)
    assert scaled == [False, True]
    assert near(alone, on_layer, tolerance=2) == 0


def test_a_resize_keeps_the_fonts_open(app):
    """Fonts are of use at any window size: a resize empties the caches of drawings but
    leaves them open (opening one costs the frame 0.5 ms; a table's layout asks for two
    dozen)."""
    t = _koikoi(app)
    kept = fonts.font(23)
    _resize(app, (1500, 900))
    assert fonts.font(23) is kept and t.drawing._rest is not None


def test_a_release_waits_for_a_frame_without_input(app, monkeypatch):
    """A due release (here a screen that left) is not made in a frame with input (a key's
    frame is a table's heaviest) but in the next one without, or after ``BUSY_WAIT`` frames
    of input."""
    from game.scenes.settings import SettingsScene
    memory.release()  # (nothing left waiting by the tests before)
    released: list[int] = []
    real = memory.release
    monkeypatch.setattr(memory, "release", lambda: released.append(1) or real())

    def frame(with_input: bool) -> None:
        if with_input:
            app.dispatch(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0),
                                            buttons=(0, 0, 0)))
        app.frame(1 / 60)
    for leave_then in ([True], [True] * 3):
        app.push(SettingsScene())
        frame(False)
        app.stack.pop()
        for with_input in leave_then:
            frame(with_input)
        assert released == [] and memory.pending
        frame(False)
        assert released == [1] and not memory.pending
        released.clear()
    app.push(SettingsScene())
    frame(False)
    app.stack.pop()
    for _ in range(memory.BUSY_WAIT):
        frame(True)
    assert released == []
    frame(True)
    assert released == [1]


def test_a_release_waits_for_a_frame_with_nothing_moving(app, monkeypatch):
    """A due release waits for a quiet frame: none while the top scene moves (a deal setting
    off after the page between rounds closed), made in the first frame it is settled, or
    after ``BUSY_WAIT`` busy frames."""
    from game.scene import Scene
    from game.scenes.settings import SettingsScene

    class Moving(Scene):
        moving = True

        def settled(self) -> bool:
            return not self.moving
    memory.release()  # (nothing left waiting by the tests before)
    released: list[int] = []
    real = memory.release
    monkeypatch.setattr(memory, "release", lambda: released.append(1) or real())
    below = app.push(Moving())
    app.push(SettingsScene())
    app.frame(1 / 60)
    app.stack.pop()  # (the screen that left is released once the one under it is quiet)
    for _ in range(5):
        app.frame(1 / 60)
    assert released == [] and memory.pending
    below.moving = False
    app.frame(1 / 60)
    assert released == [1] and not memory.pending
    below.moving = True
    memory.collect_soon()
    for _ in range(memory.BUSY_WAIT):
        app.frame(1 / 60)
    assert released == [1]
    app.frame(1 / 60)
    assert released == [1, 1]
