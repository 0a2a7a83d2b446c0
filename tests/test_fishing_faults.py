"""Faults seen at the fishing tables (issue 38's smaller ones), each as the player meets it:
the hand swap's buttons in one size, the log's banner lines, the Watch pause menu, Continue's
progress line at a match's start, what 600 Hearts' and Hana-awase's result pages say of kept
cards and dekiyaku, and Koi-Koi's panel after a press cuts a move's animation short."""

from __future__ import annotations

import re

import pygame
import pytest

from game.catalog import GAMES
from game.games.hanaawase.dialogs import signed
from game.games.hanaawase.table import HanaAwaseTable
from game.games.hearts600.table import Hearts600Table
from game.games.koikoi.table import KoiKoiTable
from game.scenes.menu import MenuScene
from game.scenes.pause import PauseMenu
from game.session import Session
from game.setups import default_setup
from game.table.dialogs import CardRow, ChoicePanel
from game.widgets import button as button_module
from rules.hanaawase import HanaAwaseGame
from rules.hearts600 import Hearts600Game, card_points, kept_cards
from rules.koikoi import PHASE_PLAY
from sprites.cache import SurfaceCache
from tests.fishing_tables import page, push_table, strict_with_testbot
from tests.helpers import click, key, next_frame, press, run_until

DT = 1 / 30

_koikoi_bot = strict_with_testbot("koikoi")
_hanaawase_bot = strict_with_testbot("hanaawase")
_hearts600_bot = strict_with_testbot("hearts600")


def koikoi(app, seed, seats=("human", "testbot"), speed="fast", **options):
    t = push_table(app, KoiKoiTable, seats, seed, **options)
    app.settings.animation_speed = speed
    t.apply_speed()
    return t


def near_the_end_of_the_first_round(game, left: int):
    """``game`` with the first round played but its last ``left`` actions (first legal ones)."""
    end = game.clone()
    while not end.history:
        end.apply(end.legal_actions()[0])
    for action in end.actions[:-left]:
        game.apply(action)
    return game


# The hand swap's buttons ---------------------------------------------------------------------
def label_sizes(buttons, monkeypatch) -> list[int]:
    """The size each button's label is painted at: the bold font its picture asks for last
    (its pictures made afresh, not taken from the kept ones)."""
    real = button_module.font
    asked: list[int] = []

    def font(size: int, bold: bool = False) -> pygame.font.Font:
        if bold:
            asked.append(size)
        return real(size, bold)
    monkeypatch.setattr(button_module, "font", font)
    sizes = []
    for b in buttons:
        monkeypatch.setattr(button_module, "_looks", SurfaceCache(count=4, megabytes=2))
        b.draw(pygame.Surface((10, 10)))
        sizes.append(asked[-1])
    return sizes


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_the_hand_swap_choices_share_one_font_size(app, monkeypatch, size):
    app.resize(size)
    koikoi(app, seed=2)  # the player is the non-dealer: asked first
    run_until(app, lambda: isinstance(app.stack.top, ChoicePanel))
    choice = app.stack.top
    assert [b.text for b in choice.choices] == ["Keep my hand", "Swap hands"]
    sizes = label_sizes(choice.choices, monkeypatch)
    assert len(set(sizes)) == 1, sizes
    row = [b.rect for b in choice.choices]
    assert choice.box.contains(row[0].union(row[-1])) and not row[0].colliderect(row[1])


# The log ---------------------------------------------------------------------------------------
def test_the_log_says_the_hand_swap_in_one_sentence(app):
    t = koikoi(app, seed=1)  # the computer is the non-dealer, and swaps
    who = t.seating.name(1)
    run_until(app, lambda: any("swapped" in line for line in t.log.lines))
    assert f"{who} swapped hands with the dealer." in t.log.lines
    assert not any(line.startswith(("Hands swapped", "Hands kept")) for line in t.log.lines)


def test_a_banners_log_line_has_its_heading_apart(app):
    t = koikoi(app, seed=11, hand_swap=False, draw_for_first=True)
    run_until(app, lambda: any("first." in line for line in t.log.lines))
    line = next(line for line in t.log.lines if "first." in line)
    assert re.fullmatch(r"Draw for first: (You play|.+ plays) first\.", line), line


# The Watch pause menu --------------------------------------------------------------------------
@pytest.mark.parametrize("gid", ["koikoi", "hanaawase"])
def test_a_watched_games_pause_menu_offers_no_restart(app, gid):
    click(app, app.stack.top.watch_buttons[gid].rect.center)
    t = app.stack.top
    assert t.watching
    next_frame(app, DT)
    key(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, PauseMenu)
    assert [b.text for b in menu.buttons] == ["Resume", "Rules reference", "Settings",
                                              "Quit to menu"]
    press(app, "Quit to menu")
    assert isinstance(app.stack.top, MenuScene)


def test_a_played_games_pause_menu_still_offers_a_restart(app):
    koikoi(app, seed=11, hand_swap=False)
    key(app, pygame.K_ESCAPE)
    assert "Restart deal" in [b.text for b in app.stack.top.buttons]


# Continue's line -------------------------------------------------------------------------------
@pytest.mark.parametrize(("gid", "seed", "says"), [
    ("heart_of_five", 4, "Round 1 · 4 players · first to 10 wins"),
    ("hearts600", 4, "Round 1 · 3 players · the game ends at 600"),
    ("hanaawase", 6, "Deal 1 of 12"),
])
def test_continue_at_a_matchs_start_shows_no_empty_figure(app, gid, seed, says):
    setup = default_setup(gid, seed)
    game = GAMES[gid].new_engine(setup)
    assert not any(getattr(game, "scores", [0])) and not any(getattr(game, "wins", [0]))
    Session.start(setup, game).leave()
    menu = app.stack.top
    menu.rebuild()
    line = menu.continue_button.subtitle
    progress = line.split(" · ", 1)[1].rsplit(" · ", 1)[0]  # (the game's title, the clock)
    assert progress == says, line
    assert not re.search(r"(?<![\d:])0(?![\d:])", progress), line


# 600 Hearts' kept cards ------------------------------------------------------------------------
def test_the_round_page_gives_each_kept_cards_value(app):
    game = near_the_end_of_the_first_round(Hearts600Game.new(3, players=3), left=4)
    t = push_table(app, Hearts600Table, ["testbot"] * 3, 3, engine=game)
    run_until(app, lambda: page(app, "hearts600-round") is not None, limit=3000)
    rows = [w for w in app.stack.top.list.children if isinstance(w, CardRow)]
    kept = [c for pile in t.view.piles for c in kept_cards(pile)]
    assert kept
    for c in kept:
        row = next(r for r in rows if c in r.cards)
        each = card_points(c)
        assert row.subtitle == ("1 point each" if each == 1 else f"{each} points each"), c
        assert row.value == f"+{each * len(row.cards)}"
    totals = [r.value for r in rows if r.title == "Card points kept"]
    assert totals == [f"+{p}" for p in t.game.history[-1].details["card_points"]]


# Hana-awase's dekiyaku -------------------------------------------------------------------------
def test_the_deal_page_shows_dekiyaku_received_and_paid(app):
    # Deal 1 of seed 1: seats 0 and 1 both make dekiyaku, so each receives and pays.
    game = near_the_end_of_the_first_round(HanaAwaseGame.new(1), left=3)
    t = push_table(app, HanaAwaseTable, ["testbot"] * 3, 1, engine=game)
    run_until(app, lambda: page(app, "hanaawase-deal") is not None, limit=3000)
    d = t.game.history[-1].details
    grid = {w.label: w.values for w in app.stack.top.list.children if hasattr(w, "values")
            and hasattr(w, "label")}
    received, paid = d["dekiyaku_received"], [-sum(p) for p in d["dekiyaku_paid"]]
    assert received[0] and paid[0] and received[1] and paid[1]
    assert grid["Dekiyaku received"] == [signed(v) for v in received] + [signed(sum(received))]
    assert grid["Dekiyaku paid"] == [signed(v) for v in paid] + [signed(sum(paid))]
    assert "Dekiyaku" not in grid


# Koi-Koi's panel -------------------------------------------------------------------------------
def one_way_card(game):
    """A hand card the player's click plays at once (one way to play it)."""
    plays = [a for a in game.legal_actions() if a.card is not None]
    return next(a.card for a in plays if sum(b.card is a.card for b in plays) == 1)


def test_a_press_during_a_drawn_capture_leaves_the_panel_with_the_piles(app):
    """The player clicks a card while the computer's drawn card is taking its capture: the
    press puts that capture in the pile at once and plays the click's card. The panel says
    what the piles hold from then on, while the player's own move is animated, not what they
    held before the computer's move (it waited for the table to be still, which it never was
    between the two moves)."""
    t = koikoi(app, seed=11, speed="normal", hand_swap=False)
    g = t.game
    hand: set = set()

    def drawn_capture_under_way() -> bool:
        if g.current_player == 1:  # (the computer's hand before its move)
            hand.update(t.view.hands[1])
        return (g.current_player == 0 and g.phase == PHASE_PLAY and t.queue.busy
                and any(c not in hand for c in t.view.staged))

    for _ in range(8):
        run_until(app, lambda: drawn_capture_under_way() or t.human_to_move)
        if drawn_capture_under_way():
            break
        hand.clear()
        click(app, t.sprites[one_way_card(g)].rect.center)
    else:
        raise AssertionError("no drawn card of the computer's captured")
    click(app, t.sprites[one_way_card(g)].rect.center)
    assert t.animating  # the player's move goes on
    piles = [list(p) for p in t.view.piles]
    expected = t.panel_lines()  # the piles as the press left them, whose turn it is now
    run_until(app, lambda: t.view.drawn is not None)  # the player's move is at its draw
    assert t.animating and t.view.piles[1] == piles[1]
    # (the panel sets the names' one size as it places them: ``PanelPainter.one_name_size``)
    assert [line._replace(size=0) for line, _box in t.drawing.panel_parts()] == expected


def test_every_opponents_last_move_stays_outlined_until_the_player_moves(app):
    """600 Hearts at four seats (issue 38: three opponents played in a few seconds and only
    the last move stayed outlined): after the player's move, each of the three computers'
    moves is marked, its own cards, until the player moves again."""
    from tests.fishing_tables import step
    t = push_table(app, Hearts600Table, ["human", "testbot", "testbot", "testbot"])
    run_until(app, lambda: t.human_to_move, limit=2000)
    step(app, t)  # the player's move: the marks go
    run_until(app, lambda: t.human_to_move and not t.animating, limit=2000)
    assert set(t.marks) == {1, 2, 3} and all(t.marks.values())
    assert len(t.drawing.mark_rects()) == len(t.marked) == sum(map(len, t.marks.values()))
    step(app, t)
    assert not t.marks


@pytest.mark.parametrize("code, word", [("en", "Draw"), ("ja", "引き分け"), ("ru", "Ничья")])
def test_a_drawn_round_on_the_match_page_is_a_word_that_starts_its_cell(app, code, word):
    """Koi-Koi's match page writes a drawn round as a word of its own, capitalized where the
    language has capitals (the Russian page said "ничья")."""
    from game import i18n
    from game.games.koikoi.dialogs import match_result
    t = koikoi(app, seed=1)
    i18n.set_language(code)
    try:
        page = match_result(t, {"scores": [0, 0], "rounds": [
            {"round": 1, "winner": None, "points": [0, 0], "yaku": []}]}, None)
        rows = [w for w in page.rows if isinstance(w, CardRow)]
        assert [r.value for r in rows][1:] == [word]
    finally:
        i18n.set_language("en")
