"""Continue, driven like a player: start a game from the menu, play, lose the process (the App
dropped without any shutdown code), start again and press Continue: the same move, the cards
already in place. Abandoned games, leaving, bad saves and remembered setups, the same way."""

from __future__ import annotations

import json

import pygame
import pytest

from ai.background import ThreadWorker
from game import paths
from game.table.scheduler import Scheduler
from game.app import App
from game.catalog import GAMES
from game.widgets.dialog import Dialog
from game.games.koikoi.table import KoiKoiTable
from game.table.dialogs import ResultPage
from game.scenes.menu import MenuScene
from game.scenes.pause import PauseMenu
from game.scenes.setup import SetupScene
from game.scenes.stats import StatsScene
from game.games.yatsuhashi.table import YatsuhashiTable
from game.session import Session, load_current
from game.setups import default_setup
from game.settings import Settings
from game.stats import Statistics
from tests.helpers import click, key, run_until
from tests.test_koikoi_table import play_one_human_move, until_my_turn

DT = 1 / 30


@pytest.fixture(autouse=True)
def _solver_in_a_thread(monkeypatch):
    # The solver's child process would outlive the dropped App; a thread is enough here.
    monkeypatch.setattr(Scheduler, "worker_factory", ThreadWorker)


def new_app(speed: str = "fast") -> App:
    """A fresh start of the program (settings as a player left them)."""
    app = App((1280, 800), headless=True, settings=Settings(animation_speed=speed))
    app.start()
    return app


def widget(scene, text):
    return next(w for w in scene.focus.widgets if getattr(w, "text", None) == text)


def has_widget(scene, text) -> bool:
    return any(getattr(w, "text", None) == text for w in scene.focus.widgets)


def start_from_setup(app, game_id: str, seed: int, **changes):
    """Setup screen for ``game_id`` with deal ``seed``: press Start."""
    setup = SetupScene(game_id, seed=seed)
    app.push(setup)
    for key_, value in changes.items():
        setattr(setup.setup, key_, value)
    click(app, setup.start_button.rect.center)
    return app.stack.top


def pictures(table) -> dict:
    """Where each card is drawn, how big, and whether it shows its face: what the player sees
    (its place, not the cosmetic hover lift)."""
    return {c: (round(s.pos[0]), round(s.pos[1]), s.w, s.h, s.face_up)
            for c, s in table.sprites.items() if s.alpha}


def continue_(app):
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, widget(menu, "Continue").rect.center)
    return app.stack.top


# Continue -------------------------------------------------------------------------------------


def test_no_save_no_continue(app):
    assert not has_widget(app.stack.top, "Continue")


def test_killed_in_the_middle_of_a_koikoi_match_continue_resumes_the_same_move():
    first = new_app()
    t = start_from_setup(first, "koikoi", 11, seats=["human", "easy"])
    assert isinstance(t, KoiKoiTable)
    for _ in range(4):
        until_my_turn(first, t)
        play_one_human_move(first, t, use_drag=False)
    until_my_turn(first, t)
    run_until(first, t.settled)
    played, seen = t.game.to_dict(), pictures(t)
    assert len(played["actions"]) >= 8
    del first  # killed: no exit(), no leave(), no shutdown()

    second = new_app()
    menu = second.stack.top
    label = widget(menu, "Continue").subtitle
    assert label.startswith("Koi-Koi · Round 1 · first to 50 · ")
    t2 = continue_(second)
    assert isinstance(t2, KoiKoiTable) and t2 is not t
    assert t2.game.to_dict() == played                   # the same move
    assert t2.settled()                                  # nothing dealt or animated
    now = pictures(t2)
    for c in [*t2.game.hands[0], *t2.game.piles[0], *t2.game.piles[1]]:
        assert now[c] == seen[c], f"{c} is not where the player left it"
    assert all(now[c][4] for c in t2.game.field)         # the field face up
    assert not any(now[c][4] for c in t2.game.hands[1])  # the computer's hand hidden
    # And play goes on from there, saved as before.
    until_my_turn(second, t2)
    before = len(t2.game.actions)
    play_one_human_move(second, t2, use_drag=True)
    assert len(t2.game.actions) == before + 1
    assert load_current()[0].engine().to_dict() == t2.game.to_dict()


def test_killed_in_the_middle_of_a_yatsuhashi_deal_with_undo_continue_resumes_it():
    first = new_app(speed="off")
    t = start_from_setup(first, "yatsuhashi", 3)
    assert isinstance(t, YatsuhashiTable)
    run_until(first, t.settled)
    for _ in range(5):
        click(first, t.layout_.stock.center)
    key(first, pygame.K_z, pygame.KMOD_CTRL)      # undo
    key(first, pygame.K_z, pygame.KMOD_CTRL)
    run_until(first, t.settled)
    played, position, seen = t.game.to_dict(), t.game.key(), pictures(t)
    assert len(played["moves"]) == 3 and t.game.can_redo
    del first

    second = new_app(speed="off")
    label = widget(second.stack.top, "Continue").subtitle
    assert label.startswith("Yatsuhashi Solitaire · Deal 3 · 3 moves · ")
    t2 = continue_(second)
    assert isinstance(t2, YatsuhashiTable)
    assert t2.game.to_dict() == played and t2.game.key() == position
    assert t2.settled() and pictures(t2) == seen          # cards in place at once
    key(second, pygame.K_y, pygame.KMOD_CTRL)             # the redo line came back too
    assert len(t2.game.moves) == 4
    assert load_current()[0].engine().key() == t2.game.key()


def test_a_match_saved_after_its_last_action_shows_its_result_on_continue():
    setup = default_setup("koikoi", 2)
    setup.seats = ["human", "easy"]
    setup.options["match_end"] = "rounds3"
    game = GAMES["koikoi"].new_engine(setup)
    session = Session.start(setup, game)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
        session.record(game)
    app = new_app()
    t = continue_(app)
    run_until(app, lambda: isinstance(app.stack.top, ResultPage))
    assert t.game.is_over
    assert app.stats.summary("koikoi").played == 1      # the result was not lost
    assert load_current() == (None, None)


# Leaving and abandoning -------------------------------------------------------------------------


def test_quitting_to_the_menu_keeps_the_game_and_is_not_a_loss(app):
    app.settings.animation_speed = "fast"
    t = start_from_setup(app, "koikoi", 11, seats=["human", "easy"])
    until_my_turn(app, t)
    play_one_human_move(app, t, use_drag=False)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseMenu)
    click(app, widget(app.stack.top, "Quit to menu").rect.center)  # nothing to confirm
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and has_widget(menu, "Continue")
    assert app.stats.summary("koikoi").played == 0 and app.stats.summary("koikoi").abandoned == 0
    assert load_current()[0].engine().to_dict() == t.game.to_dict()


def test_a_new_game_over_one_in_progress_asks_then_counts_it_abandoned(app):
    app.settings.animation_speed = "fast"
    t = start_from_setup(app, "koikoi", 11, seats=["human", "easy"])
    until_my_turn(app, t)
    play_one_human_move(app, t, use_drag=False)
    app.stack.reset(MenuScene())                     # left: the save stays
    click(app, widget(app.stack.top, "Yatsuhashi Solitaire").rect.center)
    setup = app.stack.top
    click(app, setup.start_button.rect.center)
    ask = app.stack.top
    assert isinstance(ask, Dialog)
    assert ask.message.startswith("You have a game of Koi-Koi in progress.\nRound 1 · ")
    assert "It will count as abandoned." in ask.message
    click(app, widget(ask, "Keep it").rect.center)
    assert app.stack.top is setup and load_current()[0].game_id == "koikoi"
    click(app, setup.start_button.rect.center)
    click(app, widget(app.stack.top, "New game").rect.center)
    assert isinstance(app.stack.top, YatsuhashiTable)
    tally = app.stats.summary("koikoi")
    assert (tally.abandoned, tally.played, tally.lost) == (1, 0, 0)
    assert load_current()[0].game_id == "yatsuhashi"
    assert Statistics.load().summary("koikoi").abandoned == 1
    app.push(StatsScene())
    assert any("abandoned 1" in getattr(w, "text", "") for w in app.stack.top.list.children)


def test_a_game_not_begun_is_replaced_without_asking(app):
    t = start_from_setup(app, "yatsuhashi", 3)
    app.stack.reset(MenuScene())
    assert has_widget(app.stack.top, "Continue")  # even a deal with no move may be resumed
    start_from_setup(app, "yatsuhashi", 4)
    assert isinstance(app.stack.top, YatsuhashiTable)
    assert app.stats.summary("yatsuhashi").abandoned == 0
    assert t is not app.stack.top


def test_restarting_a_koikoi_match_counts_the_old_one_abandoned(app):
    app.settings.animation_speed = "fast"
    t = start_from_setup(app, "koikoi", 11, seats=["human", "easy"])
    until_my_turn(app, t)
    play_one_human_move(app, t, use_drag=False)
    key(app, pygame.K_ESCAPE)
    click(app, widget(app.stack.top, "Restart deal").rect.center)
    assert "abandoned" in app.stack.top.message
    key(app, pygame.K_RETURN)
    assert app.stats.summary("koikoi").abandoned == 1
    assert load_current()[0].moves == len(t.game.actions)


# Bad saves at start ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", ['{"format": "hanafuda-parlor-save", "vers',
                                  json.dumps({"format": "hanafuda-parlor-save", "version": 99})])
def test_a_bad_save_at_start_is_a_notice_and_play_starts_fresh(text):
    path = paths.current_save()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    app = new_app()
    app.frame(DT)
    notice = app.stack.top
    assert isinstance(notice, Dialog) and "could not be continued" in notice.message
    key(app, pygame.K_RETURN)
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and not has_widget(menu, "Continue")
    assert [p.read_text(encoding="utf-8") for p in path.parent.glob("current.json.damaged-*")] \
        == [text]
    app.frame(DT)
    assert app.stack.top is menu  # said once


# Remembered setups ----------------------------------------------------------------------------


def test_the_setup_screen_remembers_the_last_choices_across_runs(app):
    setup = SetupScene("koikoi")
    app.push(setup)
    setup.preset_choice.step(1)                       # Seed -> Nintendo
    widget(setup, "Seat 2").step(-1)                  # Computer — Normal -> Easy
    setup.focus.focus(setup.seed_field)
    setup.seed_field.set_value(0)
    for ch in "4242":
        app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    click(app, setup.start_button.rect.center)
    assert isinstance(app.stack.top, KoiKoiTable)
    later = new_app()                                 # another run of the program
    again = SetupScene("koikoi")
    later.push(again)
    assert again.setup.options == GAMES["koikoi"].preset("nintendo")
    assert again.setup.seats == ["human", "easy"] and again.setup.seed == 4242
    assert again.preset_choice.value == "nintendo"
