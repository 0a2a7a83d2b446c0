"""The Koi-Koi table driven like a player would: synthetic mouse events, explicit frame times."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.dialog import Dialog
from game.scenes.koikoi import KoiKoiTable
from game.scenes.koikoi_dialogs import (DecisionDialog, KoiKoiRulesScene, MatchResultScene,
                                        RoundResultScene)
from game.scenes.setup import default_setup
from rules.koikoi import PHASE_PLAY, PHASE_TAKE
from tests.helpers import click, drag, key, motion, run_until

DT = 1 / 30




def table_of(app) -> KoiKoiTable:
    return next(s for s in app.stack if isinstance(s, KoiKoiTable))




@pytest.fixture
def table(app):
    app.settings.animation_speed = "fast"
    setup = default_setup("koikoi", seed=11)
    setup.seats = ["human", "easy"]
    app.push(KoiKoiTable(setup=setup))
    app.stack.top.enter()
    return app.stack.top


def human_turn(app, t):
    return t.human_to_move and app.stack.top is t


def until_my_turn(app, t):
    """Run frames to the human's turn, keeping the dealt hand if the swap question comes."""
    run_until(app, lambda: human_turn(app, t) or isinstance(app.stack.top, Dialog))
    if isinstance(app.stack.top, DecisionDialog):
        click(app, app.stack.top.widgets[0].rect.center)
        run_until(app, lambda: human_turn(app, t))


def play_one_human_move(app, t, use_drag):
    g = t.game
    if g.phase == PHASE_TAKE:
        target = g.legal_actions()[0].target
        click(app, t.sprites[target].rect.center)
        return
    assert g.phase == PHASE_PLAY
    action = g.legal_actions()[0]
    sprite = t.sprites[action.card]
    if use_drag:
        if action.target is not None:
            end = t.sprites[action.target].rect.center
        else:
            matches = t._matches(action.card)
            end = t.sprites[matches[0]].rect.center if matches else t.layout_.field.center
            if not matches:  # the empty part of the field: left of the slots, right of the stock
                end = (t.layout_.drawn_spot[0], t.layout_.field.bottom - 5)
        drag(app, sprite.rect.center, end)
        return
    click(app, sprite.rect.center)
    if t.choosing is not None:
        click(app, t.sprites[action.target].rect.center)


def test_a_whole_round_by_mouse_shows_the_engines_scores(app, table):
    t = table
    moves = 0
    round_before = t.game.round
    while True:
        run_until(app, lambda: human_turn(app, t) or isinstance(app.stack.top, (Dialog, RoundResultScene, MatchResultScene)))
        top = app.stack.top
        if isinstance(top, RoundResultScene):
            break
        if isinstance(top, DecisionDialog):
            click(app, top.widgets[0].rect.center)  # "Stop" / "Keep my hand"
            continue
        before = len(t.game.actions)
        play_one_human_move(app, t, use_drag=(moves % 2 == 0))
        assert len(t.game.actions) == before + 1, "the click or drag did not make a move"
        moves += 1
    result = app.stack.top
    assert t.shown_scores == t.game.scores  # the panel shows the engine's scores
    match_row = next(w for w in result.list.children if getattr(w, "title", "") == "Match score")
    assert match_row.value == f"You {t.game.scores[0]}   Computer — Easy {t.game.scores[1]}"
    click(app, result.next_button.rect.center)
    run_until(app, lambda: t.shown_round == round_before + 1 or t.game.is_over)
    assert t.game.round == round_before + 1 or t.game.is_over
    assert moves >= 1


def test_clicks_during_animation_change_nothing(app, table):
    t = table
    for _ in range(3):
        app.frame(DT)
    assert t.queue.busy and t.v_hands[0]  # the deal is being animated
    actions = len(t.game.actions)
    hand = list(t.v_hands[0])
    click(app, t.sprites[hand[0]].rect.center)
    drag(app, t.sprites[hand[1]].rect.center, t.layout_.field.center)
    assert len(t.game.actions) == actions
    assert "settle" in t.notice


def test_an_unplayable_drop_springs_back_with_a_reason(app, table):
    t = table
    until_my_turn(app, t)
    g = t.game
    legal = g.legal_actions()
    # A hand card dropped on a field card of another month is refused.
    c = legal[0].card
    other = next(f for f in t.v_field.values() if f.month != c.month)
    origin = t.sprites[c].target_pos
    actions = len(g.actions)
    drag(app, t.sprites[c].rect.center, t.sprites[other].rect.center)
    assert len(g.actions) == actions and t.notice
    for _ in range(30):
        app.frame(DT)
    assert t.sprites[c].pos == pytest.approx(origin)


def test_hovering_a_hand_card_lights_its_field_matches(app, table):
    t = table
    until_my_turn(app, t)
    capturing = [c for c in t.v_hands[0] if t._matches(c)]
    if not capturing:
        pytest.skip("no capturing card in this deal")
    c = capturing[0]
    motion(app, t.sprites[c].rect.center)
    app.frame(DT)
    assert t.sprites[c].highlight is not None
    for f in t._matches(c):
        assert t.sprites[f].highlight is not None


def test_pause_menu_rules_reference_has_the_yaku_table(app, table):
    key(app, pygame.K_ESCAPE)
    click(app, next(w for w in app.stack.top.focus.widgets
                    if getattr(w, "text", "") == "Rules reference").rect.center)
    assert isinstance(app.stack.top, KoiKoiRulesScene)
    titles = [getattr(w, "title", "") for w in app.stack.top.list.children]
    assert "Five brights" in titles and "Poetry ribbons" in titles


def test_ai_against_ai_plays_a_match_to_its_end(app):
    app.settings.animation_speed = "off"
    setup = default_setup("koikoi", seed=5)
    setup.seats = ["easy", "normal"]
    setup.options["match_end"] = "rounds3"
    app.push(KoiKoiTable(setup=setup))
    t = app.stack.top
    t.enter()
    for _ in range(20000):
        if isinstance(app.stack.top, (RoundResultScene,)):
            click(app, app.stack.top.next_button.rect.center)
        if isinstance(app.stack.top, MatchResultScene):
            break
        app.frame(DT)
    assert isinstance(app.stack.top, MatchResultScene)
    assert t.game.is_over and t.shown_scores == t.game.scores
    assert app.stats.empty  # AI against AI is not the player's record


def test_screenshot_shows_a_game_in_progress(tmp_path):
    import main
    out = tmp_path / "koikoi.png"
    assert main.main(["--screenshot", "koikoi", "--seed", "7", "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


def test_leaving_or_restarting_the_table_stops_the_ai_threads(app, table):
    t = table
    workers = list(t.workers.values())
    t.restart()
    for w in workers:
        w._thread.join(2.0)
        assert not w._thread.is_alive()
    current = list(t.workers.values())
    app.stack.remove(t)
    for w in current:
        w._thread.join(2.0)
        assert not w._thread.is_alive()


def test_a_whole_match_by_mouse_is_recorded_in_the_statistics(app):
    from game.catalog import GAMES
    from game.stats import Statistics
    app.settings.animation_speed = "off"
    setup = default_setup("koikoi", seed=3)
    setup.seats = ["human", "easy"]
    setup.options = GAMES["koikoi"].preset("nintendo")
    setup.options["match_end"] = "rounds3"
    app.push(KoiKoiTable(setup=setup))
    t = app.stack.top
    t.enter()
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, MatchResultScene):
            break
        if isinstance(top, RoundResultScene):
            click(app, top.next_button.rect.center)
        elif isinstance(top, DecisionDialog):
            click(app, top.widgets[-1].rect.center)  # "Koi-koi!" / "Swap hands"
        elif human_turn(app, t):
            play_one_human_move(app, t, use_drag=False)
        app.frame(DT)
    assert isinstance(app.stack.top, MatchResultScene) and t.game.is_over
    assert t.game.round == 3 and t.shown_scores == t.game.scores
    mine, theirs = t.game.scores
    outcome = "draw" if mine == theirs else ("win" if mine > theirs else "loss")
    stats = Statistics.load()  # what was written to disk
    tally = stats.summary("koikoi")
    assert tally.played == 1 and getattr(tally, {"win": "won", "loss": "lost", "draw": "drawn"}[outcome]) == 1
    assert stats.levels("koikoi")["easy"].played == 1
    click(app, next(w for w in app.stack.top.widgets if getattr(w, "text", "") == "Menu").rect.center)
    from game.scenes.menu import MenuScene
    assert [type(s) for s in app.stack] == [MenuScene]


def test_yaku_banner_shows_every_card_of_the_yaku(app):
    from game.scenes.koikoi_dialogs import yaku_cards
    app.settings.animation_speed = "fast"
    setup = default_setup("koikoi", seed=21)
    setup.seats = ["easy", "normal"]  # distinct names: the banner says whose yaku it is
    app.push(KoiKoiTable(setup=setup))
    t = app.stack.top
    t.enter()
    seen = 0
    for _ in range(20000):
        if isinstance(app.stack.top, RoundResultScene):
            click(app, app.stack.top.next_button.rect.center)
        if t.banner and t.banner[0] == "Yaku!":
            seat = next(s for s in (0, 1) if t._name(s) in t.banner[1])
            made = t._made_yaku(seat)
            expected = []
            for y in made:
                expected += [c for c in yaku_cards(y, t.v_piles[seat], t.rules) if c not in expected]
            assert set(t.banner[2]) == set(expected[:10])
            seen += 1
            if seen == 3:
                break
            while t.banner and t.banner[0] == "Yaku!":
                app.frame(DT)
        app.frame(DT)
    assert seen == 3
