"""The scene stack's lifecycle and what it draws."""

from __future__ import annotations

import pygame

from game.scene import Scene, SceneStack


class Recorder(Scene):
    def __init__(self, name, log, opaque=True, color=(0, 0, 0)):
        super().__init__()
        self.name, self.log, self.opaque, self.color = name, log, opaque, color

    def enter(self):
        self.log.append(f"enter {self.name}")

    def exit(self):
        self.log.append(f"exit {self.name}")

    def resume(self):
        self.log.append(f"resume {self.name}")

    def layout(self, size):
        super().layout(size)
        self.log.append(f"layout {self.name} {size[0]}x{size[1]}")

    def draw(self, surface):
        surface.fill(self.color, pygame.Rect(0, 0, 10, 10) if not self.opaque else None)


def test_push_pop_replace_reset_lifecycle():
    log = []
    stack = SceneStack(size=(800, 600))
    a, b, c, d = (Recorder(n, log) for n in "abcd")
    stack.push(a)
    stack.push(b)
    assert stack.top is b
    stack.pop()
    stack.replace(c)
    stack.reset(d)
    assert log == ["enter a", "layout a 800x600", "enter b", "layout b 800x600", "exit b",
                   "resume a", "exit a", "enter c", "layout c 800x600", "exit c", "enter d",
                   "layout d 800x600"]
    assert list(stack) == [d] and stack.pop() is d and stack.pop() is None


def test_resize_lays_out_the_scenes_that_show_and_the_others_when_they_show_again():
    """A scene under an opaque one (the menu under a table) is laid out for the new size
    when the scene over it goes, before it resumes, not in the resize's frame."""
    log = []
    stack = SceneStack(size=(800, 600))
    stack.push(Recorder("a", log))
    stack.push(Recorder("b", log))
    stack.push(Recorder("c", log, opaque=False))
    log.clear()
    stack.resize((1920, 1080))
    assert log == ["layout b 1920x1080", "layout c 1920x1080"]
    stack.pop()
    stack.resize((1000, 700))
    log.clear()
    stack.pop()
    assert log == ["layout a 1000x700", "exit b", "resume a"]
    log.clear()
    stack.push(Recorder("d", log))
    stack.remove(stack.top)  # (a scene shown at the size it was laid out for: not again)
    assert "layout a 1000x700" not in log


def test_remove_from_the_middle_exits_without_resume():
    log = []
    stack = SceneStack()
    a, b, c = (Recorder(n, log) for n in "abc")
    for s in (a, b, c):
        stack.push(s)
    log.clear()
    stack.remove(b)
    assert log == ["exit b"] and list(stack) == [a, c]


def test_overlays_draw_over_the_topmost_opaque_scene():
    stack = SceneStack(size=(100, 100))
    bottom = Recorder("bottom", [], color=(255, 0, 0))
    middle = Recorder("middle", [], color=(0, 255, 0))
    overlay = Recorder("overlay", [], opaque=False, color=(0, 0, 255))
    for s in (bottom, middle, overlay):
        stack.push(s)
    assert stack.visible() == [middle, overlay]
    surf = pygame.Surface((100, 100))
    stack.draw(surf)
    assert surf.get_at((50, 50))[:3] == (0, 255, 0) and surf.get_at((5, 5))[:3] == (0, 0, 255)


class Counting(Recorder):
    """Draws its colour and counts its draws."""

    def __init__(self, name, color, opaque=True, dim_below=0):
        super().__init__(name, [], opaque, color)
        self.dim_below, self.draws = dim_below, 0

    def draw(self, surface):
        self.draws += 1
        super().draw(surface)


def test_the_picture_under_an_overlay_is_kept_until_the_stack_changes():
    """Only the top scene is updated, so what is under an overlay looks the same from frame to
    frame: the stack paints it (darkened by the overlay's ``dim_below``) once, then again only
    after a push, a pop or a resize."""
    stack = SceneStack(size=(100, 100))
    table = stack.push(Counting("table", (200, 100, 40)))
    dialog = stack.push(Counting("dialog", (0, 0, 255), opaque=False, dim_below=128))
    surf = pygame.Surface((100, 100))
    for _ in range(5):
        stack.draw(surf)
    assert (table.draws, dialog.draws) == (1, 5)
    assert surf.get_at((50, 50))[:3] == (100, 50, 20)  # the table, darkened by half
    assert surf.get_at((5, 5))[:3] == (0, 0, 255)  # the dialog, not darkened
    stack.push(Counting("toast", (0, 255, 0), opaque=False))  # over the dialog: no darkening
    stack.draw(surf)
    assert table.draws == 2 and surf.get_at((50, 50))[:3] == (100, 50, 20)
    stack.pop()
    stack.resize((80, 80))
    stack.draw(pygame.Surface((80, 80)))
    assert table.draws == 3
    stack.pop()  # the table alone: drawn every frame, nothing kept
    stack.draw(surf)
    stack.draw(surf)
    assert table.draws == 5 and surf.get_at((50, 50))[:3] == (200, 100, 40)


def test_the_layer_under_overlays_is_made_by_an_overlays_first_frame_and_kept_while_it_shows(
        monkeypatch):
    """The surface an overlay's picture-under is painted on is made by the overlay's first
    frame, once however many frames it shows, and goes with it (``test_memory_budget``): no
    opaque scene makes one in advance."""
    made = []
    real = pygame.Surface

    def counting(size, *args, **kw):
        made.append(tuple(size))
        return real(size, *args, **kw)
    monkeypatch.setattr(pygame, "Surface", counting)
    stack = SceneStack(size=(100, 100))
    stack.push(Counting("menu", (1, 2, 3)))
    stack.push(Counting("table", (200, 100, 40)))
    assert made == []
    stack.push(Counting("dialog", (0, 0, 255), opaque=False, dim_below=128))
    window = real((100, 100))
    for _ in range(3):
        stack.draw(window)
    assert made == [(100, 100)]
    stack.pop()
    stack.draw(window)
    assert stack._under is None


def test_an_overlays_still_widgets_are_kept_with_the_picture_under_it(monkeypatch):
    """A result page's panel, title and score grid never change by themselves: the stack paints
    them once into its picture of the table, and each frame draws only the buttons. Scrolling
    the grid paints the picture again. Every frame looks as the page drawn whole would."""
    from game import draw
    from game.table.dialogs import ResultPage
    from game.table.score_grid import GridRow, score_grid
    grid_draws = []
    real_draw = GridRow.draw
    monkeypatch.setattr(GridRow, "draw", lambda self, s: (grid_draws.append(self),
                                                           real_draw(self, s))[1])
    size = (640, 400)
    stack = SceneStack(size=size)
    table = stack.push(Counting("table", (200, 100, 40)))
    rows = [(f"Round {i}", [str(i), str(2 * i)]) for i in range(1, 40)]
    page = stack.push(ResultPage("Result", score_grid(["You", "Them"], rows), [("OK", None)],
                                 width=500, height=380))
    surf = pygame.Surface(size)

    def whole() -> bytes:
        alone = pygame.Surface(size)
        table.draw(alone)
        draw.dim(alone, page.dim_below)
        page.draw(alone)
        return pygame.image.tobytes(alone, "RGB")

    for _ in range(4):
        stack.draw(surf)
        assert pygame.image.tobytes(surf, "RGB") == whole()
    drawn = len(grid_draws)
    stack.draw(surf)
    assert len(grid_draws) == drawn  # the grid was not drawn again for the window
    assert table.draws == 1 + 4  # once for the kept picture, then by ``whole`` alone
    page.list.scroll_to(page.list.offset + 100)
    stack.draw(surf)
    assert pygame.image.tobytes(surf, "RGB") == whole()


def test_a_dialogs_box_is_kept_under_its_buttons():
    """A dialog's box, title and message are painted once with the picture under it; a frame
    draws the buttons (which light up) over it, and looks as the dialog drawn whole."""
    from game import draw
    from game.widgets.dialog import Dialog
    size = (640, 400)
    stack = SceneStack(size=size)
    table = stack.push(Counting("table", (200, 100, 40)))
    dialog = stack.push(Dialog("Leave?", "The game is saved.", [("Yes", None), ("No", None)]))
    boxes = []
    dialog.draw_box = lambda s, real=dialog.draw_box: (boxes.append(1), real(s))[1]
    surf = pygame.Surface(size)
    for frame in range(4):
        dialog.widgets[0].hovered = frame % 2 == 1
        stack.draw(surf)
        alone = pygame.Surface(size)
        table.draw(alone)
        draw.dim(alone, dialog.dim_below)
        dialog.draw(alone)
        assert pygame.image.tobytes(surf, "RGB") == pygame.image.tobytes(alone, "RGB")
    assert len(boxes) == 1 + 4  # once kept, then once for each whole drawing above


def test_an_overlay_put_in_an_opaque_scenes_place_finds_the_scene_under_laid_out():
    """``replace`` of an opaque scene by an overlay shows the scene under it again: laid out
    for the window's size if a resize came while it was hidden."""
    log = []
    stack = SceneStack(size=(800, 600))
    stack.push(Recorder("a", log))
    stack.push(Recorder("b", log))
    stack.resize((1000, 700))
    log.clear()
    stack.replace(Recorder("c", log, opaque=False))
    assert "layout a 1000x700" in log and log.index("layout a 1000x700") > log.index("exit b")
