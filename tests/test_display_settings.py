"""The interface scale (100-200%) and the large-card mode: read bounds-checked, applied live
from the settings screen, held back where a layout has no room, and every table's cards
larger with nothing pushed off the play area."""

from __future__ import annotations

import pygame
import pytest

from game import theme
from game.games.hearts600.layout import Hearts600Layout
from game.games.hanaawase.table import HanaAwaseLayout
from game.games.koikoi.layout import TableLayout as KoiKoiLayout
from game.scenes.menu import MenuScene
from game.scenes.settings import SettingsScene
from game.games.yatsuhashi.layout import TableLayout as YatsuhashiLayout
from game.settings import Settings
from game.table.climbing_view import ClimbingLayout
from tests.helpers import key

SIZE = (1280, 800)
SEATED = {
    "koikoi": lambda: KoiKoiLayout(SIZE),
    "hanaawase": lambda: HanaAwaseLayout(SIZE, players=3),
    "hearts600 (2)": lambda: Hearts600Layout(SIZE, players=2),
    "hearts600 (4)": lambda: Hearts600Layout(SIZE, players=4),
    "heart_of_five (6)": lambda: ClimbingLayout(SIZE, players=6),
}


@pytest.fixture(autouse=True)
def _plain_display():
    theme.set_display(1.0, False)
    yield
    theme.set_display(1.0, False)


def test_the_settings_file_is_bounds_checked():
    s = Settings.from_dict({"ui_scale": 1.5, "large_cards": True})
    assert (s.ui_scale, s.large_cards) == (1.5, True)
    for bad in (3.0, 0.5, 1.1, "2", None, float("nan")):
        assert Settings.from_dict({"ui_scale": bad}).ui_scale == 1.0
    assert Settings.from_dict({"large_cards": "yes"}).large_cards is False


def test_the_scale_is_held_back_where_the_window_has_no_room():
    theme.set_display(2.0, False)
    page, table = theme.metrics_for(SIZE), theme.metrics_for(SIZE, theme.TABLE_CANVAS)
    assert page.ui == 2.0 and page.px(10) == 20
    assert table.ui == pytest.approx(4 / 3, abs=0.01)  # 960x600 design pixels still shown
    big = theme.metrics_for((2560, 1600), theme.TABLE_CANVAS)
    assert big.px(10) == round(10 * 2 * 4 / 3)
    theme.set_display(1.25, False)
    assert theme.metrics_for(SIZE, theme.TABLE_CANVAS).ui == 1.25


def test_the_settings_screen_changes_the_scale_and_cards_live(app):
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    before = menu.metrics.type_size("heading")
    app.push(SettingsScene())
    scene = app.stack.top
    while scene.focus.focused is not scene.scale:
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    assert app.settings.ui_scale == 1.25
    scene = app.stack.top  # (rebuilt by the relabel)
    assert scene.metrics.ui == 1.25 and scene.focus.focused.text == "Interface size"
    # (the menu, which does not scroll, holds the scale back to keep its buttons' subtitles)
    assert menu.metrics.ui == min(1.25, round(800 / MenuScene.CANVAS[1], 3))
    assert menu.metrics.type_size("heading") > before
    key(app, pygame.K_DOWN)
    assert scene.focus.focused is scene.large
    key(app, pygame.K_RETURN)
    assert app.settings.large_cards and theme.metrics_for(SIZE).cards == theme.LARGE_CARDS
    app.frame(1 / 30)


@pytest.mark.parametrize("name", list(SEATED))
def test_large_cards_are_larger_and_stay_on_the_play_area(name):
    plain = SEATED[name]()
    theme.set_display(1.0, True)
    large = SEATED[name]()
    assert large.hand_card[1] >= plain.hand_card[1] * 1.12, name
    assert large.field_card[1] >= plain.field_card[1] * 1.05, name
    assert large.small_card[1] <= plain.small_card[1]
    check_on_the_play_area(large)


@pytest.mark.parametrize("name", list(SEATED))
def test_the_tables_fit_at_the_largest_scale_with_large_cards(name):
    theme.set_display(2.0, True)
    lay = SEATED[name]()
    assert lay.m.ui > 1.0
    check_on_the_play_area(lay)
    assert not lay.play.colliderect(lay.panel) and lay.panel.right <= SIZE[0]


def check_on_the_play_area(lay) -> None:
    p = lay.play
    assert p.contains(lay.field) and all(p.contains(s.box) for s in lay.seats)
    w, h = lay.hand_card
    for x, y in lay.hand_places(0, lay.HAND_CARDS):
        assert p.contains(pygame.Rect(round(x - w / 2), round(y - h / 2), w, h))
    others = [s.box for s in lay.seats[1:]]
    assert lay.field.collidelist(others) == -1  # the field clear of the other seats


def test_yatsuhashi_large_cards_fit_across():
    plain = YatsuhashiLayout(SIZE)
    theme.set_display(1.0, True)
    large = YatsuhashiLayout(SIZE)
    assert large.card[1] > plain.card[1] * 1.1
    assert all(large.play.contains(c) for c in large.columns)
    assert large.columns[0].right < large.columns[1].x  # six columns side by side
    assert large.play.contains(large.board) or large.board.right <= large.play.right
