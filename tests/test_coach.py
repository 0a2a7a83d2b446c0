"""The coach (issue 15): H or Hint at a human seat's decision shows what the Hard level would
do, with its estimates, on the cards (fishing tables), on the buttons (Koi-Koi's koi-koi or
stop) or as the selection and the message line (Heart of Five); the advice goes with the
position; a game it was asked in is coached, in its save and in the statistics.

The suite's coach answers before its question returns (``conftest``); the tests here that
watch it think turn that off (``thinking_coach``) and wait on its worker instead."""

from __future__ import annotations

import json
import math

import pygame
import pytest

from game import paths, theme
from game.catalog import GAMES
from game.games.heart_of_five.table import HeartOfFiveTable
from game.games.koikoi.table import KoiKoiTable
from game.scenes.setup import default_setup
from game.session import Session, load_current, read_save
from game.stats import Statistics
from game.table.coach import Coach, CoachedChoice, badge_image, badge_rect, percent
from game.table.dialogs import ChoicePanel, HandOver
from game.table.fishing import COACH_GLOW
from rules.koikoi import PHASE_DECIDE
from tests.fishing_tables import push_table, strict_with_testbot
from tests.helpers import (click, key, pixels, play_first_legal, play_match_to_its_end, run_until,
                           texts)

_bot_koikoi = strict_with_testbot("koikoi")
_bot_heart_of_five = strict_with_testbot("heart_of_five")

#: The coach's ``ask`` as the game has it (the suite's waits for the answer).
_ASK = Coach.ask


@pytest.fixture
def thinking_coach(monkeypatch):
    """The coach thinks on its thread while frames go by, as in the game."""
    monkeypatch.setattr(Coach, "ask", _ASK)


def koikoi(app, seed=7, engine=None):
    return push_table(app, KoiKoiTable, ["human", "testbot"], seed, engine)


def my_turn(app, t):
    """Frames until the player at the bottom is to play a card (the hand kept if asked)."""
    def ready():
        return (app.stack.top is t and t.human_to_move) or isinstance(app.stack.top,
                                                                      ChoicePanel)
    run_until(app, ready)
    if isinstance(app.stack.top, ChoicePanel):
        click(app, app.stack.top.choices[0].rect.center)  # "Keep my hand"
        run_until(app, lambda: app.stack.top is t and t.human_to_move)
    app.frame(1 / 30)


def has_gold(surface, rect) -> bool:
    """Is the gold of the coach's choice painted somewhere in ``rect``?"""
    seen = pixels(surface, rect)
    return any(seen[i:i + 3] == bytes(theme.GOLD) for i in range(0, len(seen), 3))


def best_badge(t):
    """The best candidate's card and where its badge is."""
    best = t.coaching.coach.advice[0]
    action = best.action
    card = action.card if action.kind == "play" else action.target
    image = badge_image(percent(best.score), True, t.metrics)
    return card, badge_rect(t.sprites[card].rect, image.get_size())


# The fishing tables ------------------------------------------------------------------------------


def test_h_asks_the_coach_who_thinks_then_shows_its_advice_on_the_cards(app, thinking_coach):
    t = koikoi(app)
    my_turn(app, t)
    assert t.coaching.coach is None and not t.coaching.coached  # no worker until the first question
    before = app.screen.copy()
    key(app, pygame.K_h)
    assert t.coaching.coach.thinking
    assert t.drawing.message_text() == ("Coach: thinking…", theme.GOLD)
    assert t.coaching.coached  # asked: the game is coached, whatever the answer
    assert t.coaching.coach.wait(60)
    app.frame(1 / 30)
    advice = t.coaching.coach.advice
    assert len(advice) >= 2 and all(c.action in t.game.legal_actions() for c in advice)
    assert t.coaching.advice() == advice and not t.coaching.coach.thinking
    text, color = t.drawing.message_text()
    assert text.startswith("Coach: ") and "to win" in text and color == theme.GOLD
    # On the cards: a gold badge on the best move's card, which glows; a badge on the others.
    badges, _taken = t.input.coach_marks()
    best_card, where = best_badge(t)
    assert (best_card, percent(advice[0].score), True) in badges
    assert sum(top for _c, _t, top in badges) == 1 and len(badges) >= 1
    app.frame(1 / 30)
    assert has_gold(app.screen, where) and not has_gold(before, where)
    assert t.sprites[best_card].highlight == COACH_GLOW


@pytest.mark.parametrize("second, words", [
    (0.30, "the other choices on the cards"),
    (0.45, "the other choices on the cards, none clearly better"),
])
def test_a_higher_figure_beside_the_coachs_choice_is_called_noise(app, second, words):
    t = koikoi(app)
    my_turn(app, t)
    key(app, pygame.K_h)
    assert t.coaching.coach.wait(60)
    app.frame(1 / 30)
    first, *others = t.coaching.coach.advice
    t.coaching.coach.advice = [first._replace(score=0.40), others[0]._replace(score=second),
                      *(c._replace(score=0.2) for c in others[1:])]
    assert t.drawing.message_text()[0].endswith(" — 40% to win · " + words)


def test_the_advice_goes_when_the_player_moves(app):
    t = koikoi(app)
    my_turn(app, t)
    key(app, pygame.K_h)
    app.frame(1 / 30)
    assert t.coaching.advice()
    best_card, where = best_badge(t)
    assert has_gold(app.screen, where)
    action, moves = t.game.legal_actions()[0], len(t.game.actions)
    click(app, t.sprites[action.card if action.kind == "play" else action.target].rect.center)
    if t.choosing is not None:  # two captures: the first one
        click(app, t.sprites[next(a.target for a in t.input.actions_for(t.choosing)
                                  if a.target)].rect.center)
    assert len(t.game.actions) > moves
    app.frame(1 / 30)
    assert t.coaching.coach.advice is None and t.coaching.coach.position is None
    assert t.coaching.advice() is None and t.input.coach_marks() == ([], [])
    assert not t.drawing.message_text()[0].startswith("Coach")
    run_until(app, lambda: not t.animating)
    app.frame(1 / 30)
    assert not has_gold(app.screen, where)  # the badge is gone from the screen
    assert t.coaching.coached  # (still: the game was coached)


def test_h_again_hides_the_advice_and_shows_it_again(app):
    t = koikoi(app)
    my_turn(app, t)
    key(app, pygame.K_h)
    app.frame(1 / 30)
    shown = t.input.coach_marks()
    assert shown[0]
    key(app, pygame.K_h)
    app.frame(1 / 30)
    assert t.input.coach_marks() == ([], []) and t.coaching.coach.advice  # hidden, not forgotten
    click(app, t.hint_button.rect.center)  # the Hint button does what H does
    app.frame(1 / 30)
    assert t.input.coach_marks() == shown


def test_h_on_a_computers_turn_waits_for_your_turn_and_says_so(app):
    t = koikoi(app)
    my_turn(app, t)
    for _ in range(20):  # the player's turn played out (a card, a capture, a koi-koi)
        if app.stack.top is t and t.human_to_move:
            action = t.game.legal_actions()[0]
            i = t.input
            i.play_card(action.card) if action.kind == "play" else i.choose_target(action.target)
            if t.choosing is not None:
                i = t.input
                i.choose_target(next(a.target for a in i.actions_for(t.choosing) if a.target))
        elif isinstance(app.stack.top, ChoicePanel):
            click(app, app.stack.top.choices[0].rect.center)
        run_until(app, lambda: app.stack.top is not t or t.human_to_move or (
            t.game.current_player == 1 and not t.queue.busy))
        if app.stack.top is t and t.game.current_player == 1:
            break
    assert t.game.current_player == 1 and not t.queue.busy and app.stack.top is t
    assert not t.hint_button.enabled and not t.coach_ready()
    key(app, pygame.K_h)
    click(app, t.hint_button.rect.center)
    assert t.coaching.coach is None and not t.coaching.coached  # not asked yet
    assert t.notice == "" and t.coaching.line() == "Coach: the hint comes on your turn."


def test_koikoi_or_stop_shows_the_estimates_on_the_buttons(app):
    game = GAMES["koikoi"].new_engine(default_setup("koikoi", seed=1))
    while not (game.phase == PHASE_DECIDE and game.current_player == 0):
        assert not game.is_over
        words = [a for a in game.legal_actions() if str(a) == "koikoi"]
        game.apply(words[0] if words else game.legal_actions()[-1])
    t = koikoi(app, seed=1, engine=game)
    run_until(app, lambda: isinstance(app.stack.top, CoachedChoice))
    panel = app.stack.top
    assert [b.text for b in panel.widgets] == ["Stop", "Koi-koi!", "Hint"]
    assert [b.subtitle for b in panel.choices] == ["", ""]
    key(app, pygame.K_h)
    app.frame(1 / 30)
    estimates = t.coaching.estimates()
    assert set(estimates) == {"stop", "koikoi"}
    best = str(t.coaching.coach.advice[0].action)  # the coach's choice, not always the top figure
    for b, word in zip(panel.choices, ["stop", "koikoi"]):
        assert b.subtitle == f"{math.floor(estimates[word] * 100 + 0.5)}%"
        assert b.primary == (word == best)
    assert panel.hint_button.text == "Coach: " + ("Stop" if best == "stop" else "Koi-koi!")
    assert t.coaching.coached
    click(app, panel.choices[1].rect.center)  # Koi-koi!
    app.frame(1 / 30)
    assert str(t.game.actions[-1]) == "koikoi" and t.coaching.coach.position is None


def test_the_picture_with_the_advice_is_the_picture_painted_whole(app):
    """Badges come and go (H, a move): every frame painted in part is the frame painted
    whole from the same state."""
    from tests.test_drawing_caches import play_and_compare
    t = koikoi(app, seed=3)
    keys = [pygame.K_h, pygame.K_RIGHT, pygame.K_h, pygame.K_h, pygame.K_RETURN]
    assert play_and_compare(app, t, keys, frames=600, min_partial=250) >= 60
    assert t.coaching.coached and len(t.game.actions) > 6


# Heart of Five -----------------------------------------------------------------------------------


def heart_of_five(app, seats=("human", "testbot", "testbot"), seed=7, **kwargs):
    return push_table(app, HeartOfFiveTable, list(seats), seed, **kwargs)


def until_turn(app, t):
    run_until(app, lambda: t.human_to_move or isinstance(app.stack.top, HandOver))
    app.frame(1 / 30)


def test_heart_of_five_hint_selects_the_coachs_meld_and_lists_the_estimates(
        app, thinking_coach):
    t = heart_of_five(app)
    until_turn(app, t)
    t.selected = set()
    click(app, t.hint_button.rect.center)
    assert t.coaching.coach.thinking and t.drawing.message_text()[0] == "Coach: thinking…"
    assert not t.selected  # nothing chosen for the player before the answer
    assert t.coaching.coach.wait(60)
    app.frame(1 / 30)
    advice = t.coaching.coach.advice
    best = advice[0].action
    wanted = sorted(map(str, best.cards)) if best.kind == "play" else []
    assert sorted(str(c.card) for c in t.selected) == wanted
    line, color = t.drawing.message_text()
    assert color == theme.GOLD and line.startswith("Coach: »")  # (the selected one marked)
    assert len(advice) >= 2 and line.count("%") == len(advice) and line.count("»") == 1
    if best.kind == "play":
        assert t.play_button.enabled and t.play_button.text.startswith("Play: ")
    before = len(t.game.actions)
    key(app, pygame.K_RETURN if best.kind == "play" else pygame.K_p)
    app.frame(1 / 30)
    assert str(t.game.actions[before]).split()[:1] == [best.kind]
    assert sorted(str(t.game.actions[before]).split()[1:]) == wanted
    assert t.coaching.coach.position is None and not t.drawing.message_text()[0].startswith("Coach")


def test_heart_of_five_hint_on_a_computers_turn_waits_for_your_turn(app):
    t = heart_of_five(app)
    until_turn(app, t)
    play_first_legal(app, t)
    run_until(app, lambda: t.game.current_player != 0 and not t.queue.busy)
    assert not t.hint_button.enabled
    key(app, pygame.K_h)
    assert t.coaching.coach is None and not t.coaching.coached  # not asked yet
    assert t.notice == "" and t.coaching.line() == "Coach: the hint comes on your turn."


# The coached flag: the save, Continue and the statistics ---------------------------------------


def near_the_end(seed=4):
    """A saved Heart of Five match (you against the computer, first to 5) six actions from
    its end: Continue opens it."""
    setup = default_setup("heart_of_five", seed=seed)
    setup.seats = ["human", "testbot"]
    setup.options["win_target"] = 5
    game = GAMES["heart_of_five"].new_engine(setup)
    end = game.clone()
    while not end.is_over:
        end.apply(end.legal_actions()[0])
    for action in end.actions[:-6]:
        game.apply(action)
    return Session.start(setup, game)


def saved() -> dict:
    return read_save()


@pytest.mark.parametrize("asked", [True, False])
def test_a_coached_game_stays_coached_through_continue_and_counts_so(app, asked):
    session = near_the_end()
    assert saved()["coached"] is False
    app.settings.animation_speed = "fast"
    t = app.push(HeartOfFiveTable(session=session))
    until_turn(app, t)
    if asked:
        key(app, pygame.K_h)
    assert t.coaching.coached == asked and session.coached == asked
    assert saved()["coached"] is asked  # written at once: a kill now keeps it
    app.stack.remove(t)  # left for the menu: the save stays
    again, problem = load_current()
    assert problem is None and again.coached is asked
    t2 = app.push(HeartOfFiveTable(session=again))
    assert t2.coaching.coached == asked  # before any H in this sitting
    play_match_to_its_end(app, t2, play_first_legal, "heart_of_five-match")
    tally = app.stats.summary("heart_of_five")
    assert tally.played == 1 and tally.coached == (1 if asked else 0)
    assert Statistics.load().summary("heart_of_five").coached == (1 if asked else 0)


def test_a_save_from_before_the_coach_loads_not_coached():
    near_the_end()
    data = saved()
    del data["coached"]
    paths.current_save().write_text(json.dumps(data))
    again, problem = load_current()
    assert problem is None and again.coached is False


def test_statistics_from_before_the_coach_load_with_no_coached_games(tmp_path):
    path = tmp_path / "statistics.json"
    tally = {"played": 3, "won": 2, "lost": 1, "drawn": 0, "abandoned": 0, "streak": 1,
             "best_streak": 2, "best": {}}
    path.write_text(json.dumps({"version": 1, "games": {"koikoi": {
        "total": tally, "by_level": {}, "lower_is_better": []}}}))
    store = Statistics.load(path)
    assert store.problem is None and store.summary("koikoi").coached == 0
    tally["coached"] = 9  # more coached games than played: mended, and said
    path.write_text(json.dumps({"version": 1, "games": {"koikoi": {
        "total": tally, "by_level": {}, "lower_is_better": []}}}))
    store = Statistics.load(path)
    assert store.summary("koikoi").coached == 3 and store.problem


def test_the_statistics_screen_says_how_many_games_were_coached(app):
    from game.scenes.stats import StatsScene
    app.stats.record("koikoi", "win", level="normal", coached=True)
    app.stats.record("koikoi", "loss", level="normal")
    scene = app.push(StatsScene())
    shown = [text for text in texts(scene) if "coached" in text]
    assert len(shown) == 2 and all(text.endswith("coached 1 of 2") for text in shown)  # the
    # game's line and its level's
    assert "coached" not in " ".join(texts(scene)).replace("coached 1 of 2", "")
