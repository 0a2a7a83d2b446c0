"""Yaku at a glance: the panel's cards each yaku still lacks (and nothing hidden in them), the
tooltip of a yaku wherever its name is shown (hover and keyboard), the rules reference from
the menu and from each setup screen, and Yatsuhashi's reference with card pictures."""

from __future__ import annotations

import pygame
import pytest

from game.catalog import GAMES
from game.games.hanaawase.table import HanaAwaseTable
from game.games.hearts600.table import Hearts600Table
from game.games.koikoi.table import KoiKoiTable
from game.scenes.menu import MenuScene
from game.scenes.rules import RulesChooser, rules_reference
from game.scenes.setup import SetupScene, default_setup
from game.games.yatsuhashi.table import YatsuhashiTable
from game.games.yatsuhashi.rules import YatsuhashiRulesScene
from game.table.dialogs import CardRow
from rules.hanaawase import HanaAwaseGame
from rules.hanafuda import DECK, codes
from rules.hearts600 import Hearts600Game
from rules.koikoi import KoiKoiGame
from tests.helpers import key, motion, pixels, press, raise_scene_errors, run_until

DT = 1 / 30


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    raise_scene_errors(monkeypatch)


def open_table(app, cls, game_id, engine, seats):
    app.settings.animation_speed = "off"
    setup = default_setup(game_id, 1)
    setup.seats = list(seats)
    t = cls(setup=setup, engine=engine)
    app.push(t)
    app.frame(DT)
    return t


def seat_lines(t, name):
    """The panel's lines under a player's name, up to the next separator."""
    lines = t.panel_lines()
    start = next(i for i, line in enumerate(lines) if line.text == name) + 1
    end = next(i for i in range(start, len(lines)) if lines[i].role == "rule")
    return lines[start:end]


def shown(lines):
    """(text, the cards it shows) of each yaku line."""
    return [(line.text, codes(line.cards)) for line in lines if line.role == "tiny"]


# The panel's missing cards ---------------------------------------------------------------------
def koikoi_position(opponent_hand: str, stock: str) -> KoiKoiGame:
    """You hold two brights, the sake cup and two blue ribbons; the computer took the Full
    Moon and a poetry ribbon."""
    return KoiKoiGame.from_layout(["4C1 5C1", opponent_hand], "10C1 11C1", stock,
                                  piles=["1B 3B 9A 6R 9R", "8B 2R"])


def test_koikoi_panel_shows_the_cards_each_yaku_lacks(app):
    t = open_table(app, KoiKoiTable, "koikoi", koikoi_position("6C1 7C1", "12B 12C2 12C3 10C2"),
                   ["human", "easy"])
    # Three brights lacks the Phoenix (the Full Moon is taken: out of reach), blue ribbons the
    # maple ribbon; a count yaku says how many more. Moon viewing is out of reach: not shown.
    assert shown(seat_lines(t, "You")) == [
        ("Flower viewing  5", ""), ("Three brights  2/3", "12B"), ("Blue ribbons  2/3", "10R"),
        ("Animals  1/5 · 4 more", ""), ("Ribbons  2/5 · 3 more", ""),
        ("Chaff  1/10 · 9 more", "")]
    assert shown(seat_lines(t, t.seating.name(1))) == [("Poetry ribbons  1/3", "1R 3R"),
                                                    ("Ribbons  1/5 · 4 more", "")]
    # Each yaku line has its tooltip: the yaku's cards and points.
    tip = [line for line in seat_lines(t, "You") if line.role == "tiny"][2].tip
    assert (tip.title, codes(tip.cards), tip.value) == ("Blue ribbons", "6R 9R 10R", "5")


def test_koikoi_panel_shows_nothing_of_the_hidden_cards(app):
    # The same piles and field; the Phoenix in the computer's hand, or in the stock: the
    # panel (every line, its cards and its tip) is the same, it reads the piles only.
    one = open_table(app, KoiKoiTable, "koikoi", koikoi_position("12B 7C1", "6C1 12C2 12C3 10C2"),
                     ["human", "easy"])
    lines_one = one.panel_lines()
    app.stack.pop()
    two = open_table(app, KoiKoiTable, "koikoi", koikoi_position("6C1 7C1", "12B 12C2 12C3 10C2"),
                     ["human", "easy"])
    assert two.panel_lines() == lines_one
    seen = {c for line in lines_one for c in line.cards}
    assert {c.code for c in seen} == {"12B", "10R", "1R", "3R"}


def test_hearts600_panel_shows_the_missing_cards(app):
    g = Hearts600Game.from_layout(["4C1 5C1", "6C1 7C1"], "10C1 11C1", "12C1 12C2 12C3 10C2",
                                  piles=["8B 1R 2R 6R", "3R 9A"])
    t = open_table(app, Hearts600Table, "hearts600", g, ["human", "easy"])
    # Moon viewing needs the sake cup, which the other pile holds; the poetry ribbons need
    # the one it holds: both out of reach. Blue ribbons lack two.
    heading = [(text, cards) for text, cards in shown(seat_lines(t, "You"))
               if text.startswith("Heading")]
    assert heading == [("Heading for Blue ribbons 1/3", "9R 10R")]


def test_hanaawase_panel_shows_the_missing_cards_and_counts_stolen_ones_in_reach(app):
    g = HanaAwaseGame.from_layout(
        ["4C1 5C1", "6C1 7C1", "8C1 8C2"], "10C1 11C1",
        " ".join(c.code for c in DECK
                 if c.code not in "4C1 5C1 6C1 7C1 8C1 8C2 10C1 11C1 6R 9R 10R 1R 2R".split()),
        piles=["6R 9R 1R 2R", "10R", ""])
    t = open_table(app, HanaAwaseTable, "hanaawase", g, ["human", "easy", "easy"])
    # The maple ribbon is in another pile, where a match may still take it from.
    assert ("Heading for Blue ribbons 2/3", "10R") in shown(seat_lines(t, "You"))


# The tooltip --------------------------------------------------------------------------------
def test_hovering_a_yaku_in_the_panel_shows_its_tooltip(app):
    t = open_table(app, KoiKoiTable, "koikoi", koikoi_position("6C1 7C1", "12B 12C2 12C3 10C2"),
                   ["human", "easy"])
    run_until(app, lambda: not t.animating, dt=DT)
    target = next((r, tip) for r, tip in t.drawing.tip_targets() if tip.title == "Blue ribbons")
    app.frame(DT)
    before = app.screen.copy()
    motion(app, target[0].center)
    app.frame(DT)
    assert t.tooltip.shown and t.tooltip.tip == target[1]
    box = t.tooltip.rect
    assert pygame.Rect((0, 0), app.screen.get_size()).contains(box)
    assert pixels(app.screen, box) != pixels(before, box)  # drawn
    motion(app, (5, 5))  # away: gone, and the table painted back
    app.frame(DT)
    assert not t.tooltip.shown
    assert pixels(app.screen, box) == pixels(before, box)


def test_y_walks_the_yaku_of_the_panel_and_esc_puts_the_help_away(app):
    t = open_table(app, KoiKoiTable, "koikoi", koikoi_position("6C1 7C1", "12B 12C2 12C3 10C2"),
                   ["human", "easy"])
    run_until(app, lambda: not t.animating, dt=DT)
    titles = [tip.title for _r, tip in t.drawing.tip_targets()]
    key(app, pygame.K_y)
    app.frame(DT)
    assert t.tooltip.shown and t.tooltip.ring and t.tooltip.tip.title == titles[0]
    key(app, pygame.K_y)
    assert t.tooltip.tip.title == titles[1]
    key(app, pygame.K_y, pygame.KMOD_SHIFT)
    assert t.tooltip.tip.title == titles[0]
    key(app, pygame.K_ESCAPE)
    app.frame(DT)
    assert not t.tooltip.shown and app.stack.top is t  # not the pause menu


def test_hovering_a_yatsuhashi_board_slot_shows_its_yaku(app):
    app.settings.animation_speed = "off"
    t = YatsuhashiTable(setup=default_setup("yatsuhashi", 3))
    app.push(t)
    run_until(app, lambda: not t.animating, dt=DT)
    rect, tip = next((r, tip) for r, tip in t.drawing.tip_targets()
                     if tip.title == "Boar-deer-butterflies")
    motion(app, rect.center)
    app.frame(DT)
    assert t.tooltip.shown and codes(t.tooltip.tip.cards) == "6A 7A 10A"


def rules_row(scene, title):
    return next(r for r in scene.list.children if isinstance(r, CardRow) and r.title == title)


def test_a_rules_row_shows_its_tooltip_on_hover_and_on_keyboard_focus(app):
    page = rules_reference("koikoi", default_setup("koikoi", 1))
    app.push(page)
    app.frame(DT)
    assert not page.tooltip.shown  # nothing at first: the Back button has the focus
    row = rules_row(page, "Poetry ribbons")
    page.list.scroll_into_view(row)
    motion(app, row.rect.center)
    app.frame(DT)
    assert page.tooltip.shown and page.tooltip.tip.title == "Poetry ribbons"
    assert page.focus.focused is page.done_button  # hovering a row takes no focus
    motion(app, (2, 2))
    app.frame(DT)
    assert not page.tooltip.shown
    key(app, pygame.K_TAB)  # Back -> the first row (the focus wraps)
    app.frame(DT)
    assert page.tooltip.shown and page.tooltip.ring
    assert page.tooltip.tip.title == "Five brights"


# The rules reference from the menu and the setup screens -------------------------------------
def test_the_menus_rules_opens_each_games_reference_and_returns(app):
    press(app, "Rules")
    chooser = app.stack.top
    assert isinstance(chooser, RulesChooser)
    for gid, info in GAMES.items():
        press(app, info.title)
        page = app.stack.top
        assert page is not chooser and page.name == f"{gid}-rules"
        app.frame(DT)
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is chooser
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_each_setup_screen_opens_its_rules_reference_and_returns(app, game_id):
    setup = SetupScene(game_id)
    app.push(setup)
    app.frame(DT)
    press(app, "Rules reference")
    page = app.stack.top
    assert page.name == f"{game_id}-rules"
    app.frame(DT)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is setup


def test_the_reference_follows_the_setups_options(app):
    setup = SetupScene("koikoi")
    app.push(setup)
    setup.setup.options["tsukifuda"] = True
    press(app, "Rules reference")
    assert any(getattr(r, "title", "") == "Month set" for r in app.stack.top.list.children)


def test_yatsuhashis_reference_draws_each_yaku_with_its_cards(app):
    page = rules_reference("yatsuhashi")
    assert isinstance(page, YatsuhashiRulesScene)
    app.push(page)
    row = rules_row(page, "Blue ribbons")
    page.list.scroll_into_view(row)
    run_until(app, lambda: row.warmer.done, dt=DT)
    app.frame(DT)
    cards_box = pygame.Rect(row.rect.x + int(row.rect.width * 0.36), row.rect.y,
                            row.rect.width // 3, row.rect.height)
    with_cards = pixels(app.screen, cards_box)
    row.cards = []
    page.kept.clear()
    app.frame(DT)
    assert pixels(app.screen, cards_box) != with_cards
    assert [codes(r.cards) for r in page.list.children
            if isinstance(r, CardRow) and r.title == "Five birds"] == ["2A 4A 8A"]


@pytest.mark.parametrize("language", ["ja", "ru"])
def test_a_tip_without_a_note_says_nothing_more_in_every_language(language):
    from game.i18n import set_language
    from game.games.hanaawase.dialogs import dekiyaku_tip
    from game.games.hearts600.dialogs import yaku_tip as hearts600_tip
    from game.games.koikoi.dialogs import yaku_tip as koikoi_tip
    from game.games.yatsuhashi.rules import yaku_tip as yatsuhashi_tip
    from rules.yatsuhashi import YAKU_IDS
    from rules.koikoi import KoiKoiRules
    set_language(language)
    try:
        notes = [dekiyaku_tip("aotan").note, hearts600_tip("moon_viewing").note,
                 koikoi_tip("kasu", KoiKoiRules()).note]
        # (Yatsuhashi's tips all have a note: what the cards are, as its rules page says.)
        assert all(yatsuhashi_tip(y).note for y in YAKU_IDS)
    finally:
        set_language("en")
    # (Koi-Koi's kanji subtitle: not in Japanese, where the name itself is in kanji.)
    assert notes == ["", "", "" if language == "ja" else "カス"]


@pytest.mark.parametrize("game_id", [g for g in GAMES if g != "heart_of_five"])
def test_no_rules_row_s_tooltip_covers_the_back_button(app, game_id):
    """Each row of a rules page shown (scrolled into view, pointed at): its tooltip lies
    beside it, over it or under it, but never over Back (the last rows' tips were put under
    them, on the button)."""
    page = rules_reference(game_id, default_setup(game_id, 1))
    app.push(page)
    app.frame(DT)
    rows = [r for r in page.list.children if getattr(r, "tip", None) is not None]
    assert rows
    for row in rows:
        page.list.scroll_into_view(row)
        app.frame(DT)
        motion(app, row.rect.clip(page.list.rect).center)
        app.frame(DT)
        assert page.tooltip.shown, row
        assert not page.tooltip.painted_rect().colliderect(page.done_button.rect), row
