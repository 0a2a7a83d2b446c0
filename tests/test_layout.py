"""Every menu scene from 960x600 to 3840x2160: nothing outside the window, nothing overlapping."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.scenes.menu import MenuScene
from game.scenes.pause import PauseMenu
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.stats import StatsScene
from game.table.scene import TableScene
from game.widgets import Panel, ScrollList

SIZES = [(960, 600), (1280, 800), (1920, 1080), (3840, 2160), (1000, 1000)]


def _menu_with_continue(app):
    """The menu when a game is saved in progress: Continue above the five games."""
    from game.catalog import GAMES
    from game.session import Session
    from game.setups import default_setup
    setup = default_setup("koikoi", 3)
    game = GAMES["koikoi"].new_engine(setup)
    session = Session.start(setup, game)
    game.apply(game.legal_actions()[0])
    session.record(game)
    return MenuScene()


def scenes():
    yield "menu", lambda app: MenuScene()
    yield "menu-continue", _menu_with_continue
    yield "settings", lambda app: SettingsScene()
    yield "setup", lambda app: SetupScene("koikoi", seed=1)
    yield "setup-hearts", lambda app: SetupScene("hearts600", seed=1)
    yield "statistics", lambda app: StatsScene()
    yield "pause", lambda app: PauseMenu(app.stack.top)


def visible_widgets(scene):
    """Top-level widgets plus the children of scroll lists that are inside their viewport."""
    out = []
    for w in scene.widgets:
        if isinstance(w, Panel):
            continue
        if isinstance(w, ScrollList):
            out.extend(c for c in w.children if w.rect.contains(c.rect))
            out.append(w)
        else:
            out.append(w)
    return out


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name,make", list(scenes()), ids=lambda x: x if isinstance(x, str) else "")
def test_layout_fits_and_does_not_overlap(app, size, name, make):
    app.push(TableScene())
    scene = app.push(make(app))
    app.resize(size)
    screen = pygame.Rect(0, 0, *size)
    widgets = visible_widgets(scene)
    assert widgets
    for w in widgets:
        assert screen.contains(w.rect), f"{name}: {getattr(w, 'text', w)} at {w.rect} leaves {size}"
        assert w.rect.width > 0 and w.rect.height > 0
    interactive = [w for w in widgets if w.focusable]
    for a, b in itertools.combinations(interactive, 2):
        assert not a.rect.colliderect(b.rect), f"{name}: {a.text!r} overlaps {b.text!r} at {size}"
