"""The Heart of Five table, driven as a player would: synthetic mouse and key events, explicit
frame times, asserting on the engine, the view and the words shown."""

from __future__ import annotations

import pygame
import pytest

from game.games.heart_of_five.table import HeartOfFiveRulesScene, HeartOfFiveTable, meld_label
from game.session import load_current
from game.table.climbing_view import ClimbingLayout
from game.table.dialogs import HandOver
from rules.heart_of_five import HeartOfFiveGame, HeartOfFiveRules, classify
from tests.fishing_tables import page, push_table, strict_with_testbot
from tests.helpers import (
    click,
    drag,
    frames_while_a_thread_works,
    key,
    play_match_to_its_end,
    press,
    run_until,
    texts,
)

SIZES = [(960, 600), (1280, 800), (1920, 1080)]
_strict_and_bot = strict_with_testbot("heart_of_five")


def make_table(app, seats, seed=7, engine=None, **options):
    return push_table(app, HeartOfFiveTable, seats, seed, engine, **options)


def my_turn(app, t):
    run_until(app, lambda: t.human_to_move or isinstance(app.stack.top, HandOver))
    if isinstance(app.stack.top, HandOver):
        press(app, "I'm ready")
        run_until(app, lambda: t.human_to_move)
    app.frame(1 / 30)  # the buttons follow the turn


def select(app, t, cards):
    """Click the hand's copies of ``cards`` (each once), as a player picks them."""
    pool = list(t.input.my_hand())
    for c in cards:
        copy = next(x for x in pool if x.card == c)
        pool.remove(copy)
        sprite = t.sprites[copy]
        # The visible strip of a card in the fan: its left edge (the next card covers the rest).
        click(app, (sprite.rect.x + 3, sprite.rect.centery))
        run_until(app, lambda: not t.animating)


def play_or_pass(app, t):
    """The hint's first meld played by Enter, or P when nothing beats the trick."""
    if any(a.kind == "play" for a in t.game.legal_actions()):
        key(app, pygame.K_h)
        key(app, pygame.K_RETURN)
    else:
        key(app, pygame.K_p)


def test_selecting_cards_names_the_meld_and_play_plays_it(app):
    t = make_table(app, ["human", "testbot", "testbot", "testbot"])
    my_turn(app, t)
    action = next(a for a in t.game.legal_actions() if a.kind == "play")
    select(app, t, list(action.cards))
    app.frame(1 / 30)
    meld = classify(list(action.cards))
    assert t.play_button.enabled and t.play_button.text == \
        f"Play: {meld_label(meld.kind, list(action.cards))}"
    before = len(t.game.actions)
    click(app, t.play_button.rect.center)
    assert len(t.game.actions) == before + 1
    assert sorted(map(str, t.game.actions[before].cards)) == sorted(map(str, action.cards))


def test_a_selection_that_is_no_meld_disables_play_and_says_why(app):
    t = make_table(app, ["human", "testbot"], seed=3)
    my_turn(app, t)
    hand = [c.card for c in t.input.my_hand()]
    pair = next((a, b) for a in hand for b in hand if a.rank != b.rank
                and classify([a, b]) is None)
    select(app, t, list(pair))
    app.frame(1 / 30)
    assert not t.play_button.enabled and t.play_button.text == "These cards make no meld"
    before = len(t.game.actions)
    click(app, t.play_button.rect.center)
    assert len(t.game.actions) == before and t.notice == "These cards make no meld"
    t.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=3))
    assert not t.selected  # a right click clears the selection


def test_a_lasso_across_the_hand_selects_the_cards_it_touches(app):
    t = make_table(app, ["human", "testbot", "testbot", "testbot"])
    my_turn(app, t)
    hand = t.input.my_hand()
    first, fourth = t.sprites[hand[0]].rect, t.sprites[hand[3]].rect
    drag(app, (first.x - 4, first.y - 10), (fourth.centerx, fourth.bottom + 4))
    assert set(hand[:4]) <= t.selected and hand[-1] not in t.selected


def test_hint_selects_the_coachs_melds_one_after_another(app):
    """Hint asks the coach (answering at once in the tests): its best meld is selected, then
    each Hint the next of its candidates, round again (a pass selects nothing)."""
    t = make_table(app, ["human", "testbot", "testbot", "testbot"])
    my_turn(app, t)
    key(app, pygame.K_h)
    advice = t.coaching.coach.advice
    assert advice and all(c.action in t.game.legal_actions() for c in advice)
    for i in range(len(advice) + 1):
        action = advice[i % len(advice)].action
        wanted = sorted(map(str, action.cards)) if action.kind == "play" else []
        assert sorted(str(c) for c in t.selected) == wanted
        key(app, pygame.K_h)


def test_pass_only_when_following(app):
    t = make_table(app, ["human", "testbot", "testbot", "testbot"])
    my_turn(app, t)
    if t.game.last is None:  # leading: pass is refused
        before = len(t.game.actions)
        key(app, pygame.K_p)
        assert len(t.game.actions) == before and "You lead" in t.notice
        key(app, pygame.K_h)
        key(app, pygame.K_RETURN)
        my_turn(app, t)
    before = len(t.game.actions)
    key(app, pygame.K_p)
    assert str(t.game.actions[before]) == "pass"


def test_passing_with_cards_chosen_puts_them_back_in_the_hand(app):
    """Found by the soak: cards chosen (raised) and then a pass stayed raised."""
    t = make_table(app, ["human", "testbot", "testbot", "testbot"])
    my_turn(app, t)
    if t.game.last is None:  # leading: play, to follow next time
        key(app, pygame.K_h)
        key(app, pygame.K_RETURN)
        my_turn(app, t)
    if any(a.kind == "play" for a in t.game.legal_actions()):
        key(app, pygame.K_h)
    else:
        select(app, t, [t.input.my_hand()[0].card])
    assert t.selected
    key(app, pygame.K_p)
    run_until(app, lambda: t.settled())
    places = t.places()
    for c in t.input.my_hand():
        assert t.sprites[c].pos == places[c].pos, c


def test_sort_by_suit_reorders_the_fan(app):
    t = make_table(app, ["human", "testbot"], seed=5)
    my_turn(app, t)
    by_rank = [str(c) for c in t.input.my_hand()]
    key(app, pygame.K_s)
    by_suit = [str(c) for c in t.input.my_hand()]
    assert sorted(by_rank) == sorted(by_suit) and by_rank != by_suit
    run_until(app, lambda: not t.animating)
    xs = [t.sprites[c].rect.x for c in t.input.my_hand()]
    assert xs == sorted(xs) and t.sort_button.text == "Sort by rank"


def a_bomb_about_to_be_played(players=4):
    """A game of first-legal moves, stopped just before a bomb is played."""
    for seed in range(1, 200):
        g = HeartOfFiveGame.new(seed, players=players)
        probe = g.clone()
        while not probe.is_over and len(probe.actions) < 400:
            action = probe.legal_actions()[0]
            meld = classify(list(action.cards)) if action.kind == "play" else None
            if meld is not None and meld.is_bomb:
                for a in probe.actions:
                    g.apply(a)
                return g, action
            probe.apply(action)
    raise AssertionError("no bomb found")


def test_a_bomb_shakes_the_table_with_its_own_sound(app):
    g, bomb = a_bomb_about_to_be_played()
    t = make_table(app, ["testbot"] * 4, engine=g)
    sounds = []
    t.play = sounds.append
    run_until(app, lambda: t.shake > 0, limit=400)
    assert "bomb" in sounds and t.banner is not None and t.banner[0] == "Bomb!"
    assert any(str(bomb.cards[0]) in line for line in t.log.lines)


def test_a_whole_round_by_mouse_select_play_and_pass(app):
    t = make_table(app, ["human", "testbot", "testbot", "testbot"])
    for _ in range(400):
        run_until(app, lambda: t.human_to_move or page(app, "heart_of_five-round") is not None,
                  limit=3000)
        if page(app, "heart_of_five-round") is not None:
            break
        app.frame(1 / 30)
        plays = [a for a in t.game.legal_actions() if a.kind == "play"]
        if t.game.last is not None and (len(plays) < 2 or len(t.game.actions) % 3):
            click(app, t.pass_button.rect.center)  # pass (mostly) when following
        else:  # select the cards of a legal meld by clicking them, then Play
            select(app, t, list(plays[0].cards))
            app.frame(1 / 30)
            click(app, t.play_button.rect.center)
    result = t.game.history[0]
    words = texts(app.stack.top)
    assert f"1. {t.seating.name(result['winner'])}" in words
    assert f"4. {t.seating.name(result['loser'])}" in words
    assert t.shown_tallies == (result["wins"], result["losses"])


def test_eight_seats_play_two_decks_of_distinct_cards(app):
    t = make_table(app, ["testbot"] * 8, seed=2)
    run_until(app, lambda: not t.queue.busy)
    assert len(t.sprites) == 108 and len(set(t.sprites)) == 108
    counts = [len(h) for h in t.view.hands]
    assert sum(counts) + sum(len(m) for _s, m in t.view.trick) + len(t.view.done) == 108
    assert sorted(str(c) for h in t.view.hands for c in h) == \
        sorted(str(c) for h in t.game.hands for c in h)


def test_hot_seat_hides_the_hand_between_turns(app):
    t = make_table(app, ["human", "human"], seed=4)
    my_turn(app, t)
    first = t.game.current_player
    play_or_pass(app, t)
    run_until(app, lambda: isinstance(app.stack.top, HandOver))
    press(app, "I'm ready")
    assert t.viewer != first and t.viewer == t.game.current_player
    assert all(t.sprites[c].face_up for c in t.view.hands[t.viewer])
    assert not any(t.sprites[c].face_up for c in t.view.hands[first])


def test_continue_shows_the_same_table(app):
    t = make_table(app, ["human", "testbot", "testbot"], seed=9)
    for _ in range(3):
        my_turn(app, t)
        play_or_pass(app, t)
    my_turn(app, t)
    played = t.game.to_dict()
    session = load_current()[0]
    assert session.label().startswith("Heart of Five · Round 1")
    t2 = HeartOfFiveTable(setup=session.setup, session=session)
    t2.layout((1280, 800))
    t.layout((1280, 800))
    assert t2.game.to_dict() == played
    assert t2.places() == t.places()


@pytest.mark.parametrize("seed", [5, 4])  # the bottom seat loses, wins
def test_a_match_against_the_computer_counts_in_statistics(app, seed):
    g = HeartOfFiveGame.new(seed, HeartOfFiveRules(players=2, win_target=5))
    end = g.clone()
    while not end.is_over:
        end.apply(end.legal_actions()[0])
    for a in end.actions[:-6]:
        g.apply(a)
    t = make_table(app, ["human", "testbot"], seed=seed, engine=g, win_target=5)
    def move(app, t):
        app.frame(1 / 30)
        play_or_pass(app, t)

    play_match_to_its_end(app, t, move, "heart_of_five-match", turns=200)
    tally = app.stats.summary("heart_of_five")
    won = t.game.winner == 0
    assert won == (seed == 4) and tally.played == 1 and (tally.won == 1) == won
    assert tally.best.get("match_rounds") == (len(t.game.history) if won else None)


def test_the_pause_menu_opens_the_rules_reference(app):
    t = make_table(app, ["human", "testbot"], seed=3)
    my_turn(app, t)
    key(app, pygame.K_ESCAPE)
    press(app, "Rules reference")
    assert isinstance(app.stack.top, HeartOfFiveRulesScene)
    assert "Straight flush" in texts(app.stack.top)


@pytest.mark.parametrize("players", [2, 4, 6, 8])
@pytest.mark.parametrize("size", SIZES)
def test_every_seat_and_the_trick_fit(players, size):
    lay = ClimbingLayout(size, players=players)
    window = pygame.Rect(0, 0, *size)
    parts = [p.box for p in lay.seats[1:]] + [lay.trick, lay.panel, lay.buttons]
    for r in parts + [lay.message]:
        assert window.contains(r), r
    for i, a in enumerate(parts):
        for b in parts[i + 1:]:
            assert not a.colliderect(b), (a, b)


def test_the_rules_reference_shows_every_meld_with_cards(app):
    scene = HeartOfFiveRulesScene(HeartOfFiveRules())
    app.push(scene)
    rows = [w for w in scene.list.children if getattr(w, "cards", None)]
    assert {w.title for w in rows} >= {"Single", "Pair", "Full house", "Run", "Sisters",
                                       "Bomb", "Straight flush"}


def test_the_trick_is_labelled_your_meld_when_you_played_it(app, monkeypatch):
    """Seen in a real window: "You's meld"."""
    import game.table.climbing_drawing as climbing
    t = make_table(app, ["human", "testbot"], seed=7)
    my_turn(app, t)
    key(app, pygame.K_h)
    key(app, pygame.K_RETURN)
    run_until(app, lambda: t.view.trick and t.view.trick[-1][0] == 0 and not t.animating)
    seen, real = [], climbing.text_image

    def spy(face, text, color):
        seen.append(text)
        return real(face, text, color)
    monkeypatch.setattr(climbing, "text_image", spy)
    t.drawing._rest = None  # painted afresh: the labels under the cards are kept with them
    t.draw(app.screen)
    assert "Your meld" in seen and not any("You's" in s for s in seen)


def test_western_faces_are_rendered_ahead_on_the_warmers_thread(app, monkeypatch):
    """The deal waits for the hand's faces, and a deal skipped at once shows the whole hand
    face up: the faces were rendered ahead on the warmer's thread (as the fishing tables'
    are), none on the frame loop."""
    import threading

    from game.table.caches import FaceWarmer
    from sprites import faces
    monkeypatch.setattr(FaceWarmer, "threaded", True)
    faces.clear_cache()
    real = faces.render_western
    on_main, on_thread = [], []

    def counting(card, w, h):
        (on_main if threading.current_thread() is threading.main_thread()
         else on_thread).append((card, w, h))
        return real(card, w, h)
    monkeypatch.setattr(faces, "render_western", counting)
    t = make_table(app, ["human", "easy", "easy", "easy"])
    frames_while_a_thread_works(app, lambda: t.warmer.done)  # the thread renders the plan
    key(app, pygame.K_SPACE)  # skips the deal: the hand turns up at once
    app.frame(1 / 60)
    hand = [s for c, s in t.sprites.items() if c in t.view.hands[t.viewer]]
    assert hand and all(s.face_up for s in hand)
    assert on_main == [] and len(on_thread) >= 54  # every face, on the thread


def test_the_faces_a_round_end_shows_are_rendered_ahead(app):
    """When a round ends, the other seats' hands are shown at their small size: those faces
    are planned for the warmer's thread with the others, never rendered on a frame."""
    from rules.western import DECK
    t = make_table(app, ["human", "testbot", "testbot", "testbot"])
    needed = set(t.faces_needed())
    lay = t.layout_
    assert all((c, lay.small_card, False) in needed for c in DECK)
    assert all(lay.hand_card_of(at) in (lay.hand_card, lay.small_card) for at in range(4))
