"""The 600 Hearts table driven like a player would: synthetic mouse events, explicit frame
times. Computer seats are a tiny test agent ("testbot": the first legal action), so these tests
do not depend on the real opponents. Assertions are on what the player sees and the engine."""

from __future__ import annotations

import pygame
import pytest

from game.app import App
from game.games.hearts600.table import Hearts600Table
from game.games.hearts600.dialogs import YAKU_LABELS, Hearts600RulesScene
from game.games.hearts600.layout import Hearts600Layout
from game.scenes.setup import default_setup
from game.session import load_current
from game.settings import Settings
from game.table.dialogs import HandOver, ResultPage

from rules.hearts600 import Hearts600Game, Hearts600Rules
from tests.fishing_tables import play_until, push_table, strict_with_testbot
from tests.helpers import click, press, run_until, texts

SIZES = [(960, 600), (1280, 800), (1920, 1080)]


_strict_and_bot = strict_with_testbot("hearts600")


def make_table(app, seats, seed=7, engine=None, **options):
    return push_table(app, Hearts600Table, seats, seed, engine, **options)


def round_page(app):
    top = app.stack.top
    return top if isinstance(top, ResultPage) and top.name == "hearts600-round" else None


def test_a_whole_round_by_mouse_shows_the_engines_scores(app):
    t = make_table(app, ["human", "testbot", "testbot"])
    play_until(app, t, lambda: round_page(app) is not None)
    g = t.game
    result = g.history[-1]
    shown = texts(app.stack.top)
    for seat in range(3):
        assert f"+{result.points[seat]} → {g.scores[seat]}" in shown
    assert sum(result.points) > 0
    # The panel shows the same scores, one per seat.
    scores = [line.right for line in t.panel_lines() if line.right]
    assert scores == [str(g.scores[s]) for s in range(3)]
    press(app, "Next round")
    run_until(app, lambda: t.human_to_move)
    assert t.game.round == 2 and len(t.view.hands[0]) == 7


def test_hot_seat_hides_the_hand_between_turns(app):
    t = make_table(app, ["human", "human"])
    run_until(app, lambda: t.human_to_move or isinstance(app.stack.top, HandOver))
    first = t.game.current_player
    play_until(app, t, lambda: isinstance(app.stack.top, HandOver))
    assert t.game.current_player != first
    press(app, "I'm ready")
    assert t.viewer == t.game.current_player
    assert all(t.sprites[c].face_up for c in t.view.hands[t.viewer])
    assert not any(t.sprites[c].face_up for c in t.view.hands[1 - t.viewer])


def test_computers_only_play_to_the_game_result_with_the_settlement(app):
    g = Hearts600Game.new(3, players=4)
    end = g.clone()
    while not end.is_over:
        end.apply(end.legal_actions()[0])
    for action in end.actions[:-6]:  # the last moves of the last round are left to play
        g.apply(action)
    t = make_table(app, ["testbot"] * 4, seed=3, engine=g)
    run_until(app, lambda: isinstance(app.stack.top, ResultPage)
              and app.stack.top.name == "hearts600-round", limit=3000)
    press(app, "See the result")
    run_until(app, lambda: getattr(app.stack.top, "name", "") == "hearts600-game")
    page = app.stack.top
    words = " ".join(texts(page))
    assert "$" in words and t.game.is_over
    assert all(str(s) in words for s in t.game.scores)


def test_the_settlement_can_be_hidden(app):
    end = Hearts600Game.new(3, Hearts600Rules(players=2, show_settlement=False))
    while not end.is_over:
        end.apply(end.legal_actions()[0])
    t = make_table(app, ["testbot"] * 2, seed=3, engine=end)  # a finished game: its result
    run_until(app, lambda: app.stack.top is not t)
    assert "$" not in " ".join(texts(app.stack.top))


def test_rules_reference_shows_every_yaku_with_cards(app):
    scene = Hearts600RulesScene(Hearts600Game.new(1).rules)
    app.push(scene)
    rows = [w for w in scene.list.children if getattr(w, "cards", None)]
    titles = {w.title for w in rows}
    assert set(YAKU_LABELS.values()) <= titles


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES)
def test_layouts_fit_and_do_not_overlap(players, size):
    lay = Hearts600Layout(size, players=players)
    window = pygame.Rect(0, 0, *size)
    parts = [p.box for p in lay.seats] + [lay.field, lay.message, lay.panel]
    for r in parts + [lay.stock, lay.log_button]:
        assert window.contains(r), r
    for i, a in enumerate(parts):
        for b in parts[i + 1:]:
            assert not a.colliderect(b), (a, b)
    assert lay.field.contains(lay.stock)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", SIZES)
def test_cards_in_play_stay_inside_their_places(players, size):
    app = App(size, headless=True, settings=Settings(animation_speed="fast"), strict=True)
    setup = default_setup("hearts600", seed=7)
    setup.seats = ["human"] * players
    g = Hearts600Game.new(7, players=players)
    rng_moves = 0
    while rng_moves < 3 * players and not g.is_over:
        g.apply(g.legal_actions()[-1])
        rng_moves += 1
    t = Hearts600Table(setup=setup, engine=g)
    app.start(t)
    app.settle()
    lay = t.layout_
    window = pygame.Rect(0, 0, *size)
    regions: list[pygame.Rect] = []
    for seat in range(players):
        rects = [t.sprites[c].rect for c in [*t.view.hands[seat], *t.view.piles[seat]]]
        assert all(window.contains(r) for r in rects)
        regions.append(rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0))
    field = [t.sprites[c].rect for c in t.view.field.values()]
    regions.append(field[0].unionall(field[1:]))
    for i, a in enumerate(regions):
        assert not a.colliderect(lay.panel)
        for b in regions[i + 1:]:
            assert not a.colliderect(b), (a, b)


def test_continue_shows_the_same_table(app):
    t = make_table(app, ["human", "human", "human"])
    play_until(app, t, lambda: len(t.game.actions) >= 7)
    run_until(app, lambda: not t.queue.busy)
    played = t.game.to_dict()
    session = load_current()[0]
    assert session.engine().to_dict() == played
    t2 = Hearts600Table(setup=session.setup, session=session)
    t2.viewer = t.viewer  # the hand-over to the player to move, as they left it
    t2.layout((1280, 800))
    t.layout((1280, 800))
    assert t2.game.to_dict() == played
    assert t2.places() == t.places()  # every card where the players left it, face up or not
    assert [str(x) for x in t2.panel_lines()] == [str(x) for x in t.panel_lines()]


def first_turn_with_a_match(players=2):
    """A position where seat 0 is to play and holds a card matching the field, and a field
    card of another month (the bots' moves before it are applied to the engine)."""
    for seed in range(1, 80):
        g = Hearts600Game.new(seed, players=players)
        while g.current_player != 0:
            g.apply(g.legal_actions()[0])
        for c in g.hands[0]:
            same = [f for f in g.field if f.month == c.month]
            other = [f for f in g.field if f.month != c.month]
            if len(same) == 1 and other:
                return g, c, same[0], other[0]
    raise AssertionError("no such deal")


def test_drag_onto_the_wrong_month_is_refused_then_onto_the_match_captures(app):
    from tests.helpers import drag
    g, c, match, other = first_turn_with_a_match()
    t = make_table(app, ["human", "testbot"], engine=g)
    run_until(app, lambda: t.human_to_move)
    before = len(g.actions)
    drag(app, t.sprites[c].rect.center, t.sprites[other].rect.center)
    run_until(app, lambda: not t.animating)
    assert len(t.game.actions) == before and t.notice  # refused, the reason shown
    assert t.drawing.message_text()[0] == t.notice
    drag(app, t.sprites[c].rect.center, t.sprites[match].rect.center)
    assert len(t.game.actions) == before + 1
    assert str(t.game.actions[before]).startswith(f"play {c.code}")
    run_until(app, lambda: c in t.view.piles[0] and not t.animating)
    assert match in t.view.piles[0]  # captured: both cards in the player's pile


def test_the_keyboard_plays_a_card(app):
    from tests.helpers import key
    g, c, _match, _other = first_turn_with_a_match()
    t = make_table(app, ["human", "testbot"], engine=g)
    run_until(app, lambda: t.human_to_move)
    key(app, pygame.K_RIGHT)  # the first arrow shows the focus
    assert t.focus_rect() in [t.sprites[h].rect for h in t.view.hands[0]]
    before = len(t.game.actions)
    key(app, pygame.K_RETURN)
    if len(t.game.actions) == before and t.choosing is not None:
        key(app, pygame.K_RETURN)  # two matches: Enter takes the focused glowing card
    assert len(t.game.actions) == before + 1


@pytest.mark.parametrize("seed", [3, 1])  # the bottom seat loses, wins
def test_a_game_against_the_computer_counts_in_statistics(app, seed):
    g = Hearts600Game.new(seed, players=2)
    end = g.clone()
    while not end.is_over:
        end.apply(end.legal_actions()[0])
    for action in end.actions[:-12]:
        g.apply(action)
    t = make_table(app, ["human", "testbot"], seed=seed, engine=g)
    play_until(app, t, lambda: getattr(app.stack.top, "name", "") == "hearts600-round")
    press(app, "See the result")
    run_until(app, lambda: getattr(app.stack.top, "name", "") == "hearts600-game")
    tally = app.stats.summary("hearts600")
    assert tally.played == 1
    won = 0 in t.game.winners
    assert won == (seed == 1) and (tally.won == 1) == won
    # Only a win keeps a score: a lost game's low score is no record.
    assert tally.best.get("winning_score") == (t.game.scores[0] if won else None)


def test_started_from_the_setup_screen_with_four_friends(app):
    from game.scenes.setup import SetupScene
    setup = SetupScene("hearts600", seed=9)
    app.push(setup)
    setup.setup.seats = ["human"] * 4
    click(app, setup.start_button.rect.center)
    t = app.stack.top
    assert isinstance(t, Hearts600Table) and t.game.players == 4
    run_until(app, lambda: t.human_to_move or isinstance(app.stack.top, HandOver))
    if isinstance(app.stack.top, HandOver):  # the first to play is not at the bottom
        press(app, "I'm ready")
        run_until(app, lambda: t.human_to_move, limit=60)
    assert t.viewer == t.game.current_player
    assert [len(h) for h in t.view.hands] == [5, 5, 5, 5]
    assert len(t.view.field) == 8 and len(t.view.stock) == 20
    assert load_current()[0].label().startswith("600 Hearts · Round 1 · 4 players")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_computers_only_play_a_whole_game_round_after_round(app, players):
    t = make_table(app, ["testbot"] * players, seed=players)
    assert t.reveal_all  # watch mode: every hand face up
    rounds = 0
    while True:
        run_until(app, lambda: isinstance(app.stack.top, ResultPage), limit=20000)
        if app.stack.top.name == "hearts600-game":
            break
        rounds += 1
        assert t.shown_scores == [sum(r.points[s] for r in t.game.history[:rounds])
                                  for s in range(players)]
        press(app, "See the result" if t.game.is_over else "Next round")
    assert t.game.is_over and max(t.game.scores) >= 600 and rounds == len(t.game.history)
    assert app.stats.empty  # computers against each other are not the player's record


def test_the_pause_menu_opens_the_rules_reference(app):
    from tests.helpers import key
    t = make_table(app, ["human", "testbot"])
    run_until(app, lambda: t.human_to_move)
    key(app, pygame.K_ESCAPE)
    press(app, "Rules reference")
    assert isinstance(app.stack.top, Hearts600RulesScene)
    assert "Drunken bird watching" in texts(app.stack.top)


def test_killed_mid_round_continue_from_the_menu_shows_the_same_table():
    from tests.test_session_scenes import continue_, new_app, pictures, widget
    first = new_app()
    setup = default_setup("hearts600", seed=12)
    setup.seats = ["human", "testbot", "testbot"]
    t = Hearts600Table(setup=setup)
    first.push(t)
    play_until(first, t, lambda: len(t.game.actions) >= 8 and t.human_to_move)
    run_until(first, t.settled)
    played, seen = t.game.to_dict(), pictures(t)
    del first  # killed: no exit, no leave

    second = new_app()
    assert widget(second.stack.top, "Continue").subtitle.startswith(
        "600 Hearts · Round 1 · 3 players · the game ends at 600")
    t2 = continue_(second)
    assert isinstance(t2, Hearts600Table) and t2.game.to_dict() == played
    assert pictures(t2) == seen  # every card where it was, face up or down as it was
    play_until(second, t2, lambda: len(t2.game.actions) > len(played["actions"]) + 2)
    assert load_current()[0].engine().to_dict() == t2.game.to_dict()


def test_a_click_during_the_deal_finishes_it_and_draw_changes_nothing(app):
    t = make_table(app, ["human", "testbot", "testbot", "testbot"], seed=5)
    app.frame(1 / 30)
    assert t.animating  # the deal is running
    click(app, (5, 5))  # on the felt: the animation ends at once, nothing is played
    assert not t.queue.busy and not t.game.actions
    before = (t.game.to_dict(), t.places(), t.notice)
    surface = pygame.Surface((1280, 800))
    t.draw(surface)
    t.draw(surface)
    assert (t.game.to_dict(), t.places(), t.notice) == before


def test_a_capture_that_makes_a_yaku_shows_whom_it_charges(app):
    g = Hearts600Game.from_layout(["8B 3C1", "5C1 6C1"], "8C1 10C1", "7C1 11C1 12C1 4C1",
                                  piles=["9A", ""])
    t = make_table(app, ["human", "testbot"], engine=g)
    run_until(app, lambda: t.human_to_move)
    c = next(h for h in t.view.hands[0] if h.code == "8B")
    click(app, t.sprites[c].rect.center)
    run_until(app, lambda: t.banner is not None and t.banner[0] == "Yaku!", limit=300)
    title, text, shown = t.banner
    assert "Moon viewing 100" in text and "charged to" in text
    assert sorted(x.code for x in shown) == ["8B", "9A"]
    assert any(line.text == "Moon viewing  100" for line in t.panel_lines())


def test_a_full_panel_drops_the_yaku_in_reach_before_whom_a_made_yaku_charges(app):
    # Four piles: the first has made moon viewing and heads for more; the others head for
    # yaku without having made one. At 960x600 not every line fits.
    g = Hearts600Game.from_layout(
        ["1C1 2C1", "3C1 4C1", "5C1 6C1", "7C1 10C1"], "11C1 12C1 12C2 12C3 2C2 3C2 4C2 5C2",
        "6C2 7C2 8C2 9C2 10C2 11A 11R 11B", piles=["8B 9A 1B 9R 10R", "2A 4A 6R", "3B 5R 7R",
                                                   "6A 7A 8A 1R"])
    app.resize((960, 600))
    t = make_table(app, ["human"] + ["testbot"] * 3, engine=g)
    lines = t.panel_lines()
    charge = [ln for ln in lines if ln.text.startswith("Its yaku charge")]
    reach = [ln for ln in lines if ln.text.startswith("Heading for")]
    assert len(charge) >= 2 and reach
    lay = t.layout_
    fitted = t.PANEL.fit(lines, t.metrics, lay.panel.width - t.metrics.px(32),
                       lay.log_button.y - lay.panel.y - t.metrics.px(8))
    assert len(fitted) < len(lines) and not any(ln in reach for ln in fitted)
    kept = [ln for ln in fitted if ln.text.startswith("Its yaku charge")]
    assert kept == charge[:1]  # the one for the made yaku stays; the others went with reach
    assert [ln.right for ln in fitted if ln.right] == [ln.right for ln in lines if ln.right]


def test_a_round_page_opens_with_its_texts_rendered_while_the_last_move_was_shown(
        app, monkeypatch):
    """The round's page is made ahead and its texts rendered, in the time frames leave,
    while the round's last move is animated: the key that opens it renders next to none of
    them."""
    import game.app
    from game import fonts
    monkeypatch.setattr(game.app, "AHEAD_UNTIL", 1.0)  # (its rows in the first frames)
    g = Hearts600Game.new(7, players=3)
    end = g.clone()
    while end.round == 1:
        end.apply(end.legal_actions()[0])
    for action in end.actions[:len(end.actions) - 3]:  # the round's last moves left to play
        if g.round == 1 and len(g.actions) < len(end.actions) - 3:
            g.apply(action)
    t = make_table(app, ["testbot"] * 3, seed=7, engine=g)
    app.settings.animation_speed = "normal"
    t.apply_speed()
    run_until(app, lambda: len(t.game.history) == 1 and t.animating
              and t.ahead.page_prepared, dt=1 / 60)
    made: list = []  # (the texts the page's drawing renders; the table renders its own)
    drawing = [False]
    real = fonts._texts.get
    monkeypatch.setattr(fonts._texts, "get", lambda key, make: real(
        key, lambda: (drawing[0] and made.append(key[1]), make())[1]))

    def flagged(real_draw):
        def draw(page, surface):
            drawing[0] = True
            try:
                real_draw(page, surface)
            finally:
                drawing[0] = False
        return draw
    for name in ("draw", "draw_kept"):
        monkeypatch.setattr(ResultPage, name, flagged(getattr(ResultPage, name)))
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                                    scancode=0))
    app.frame(1 / 60)
    page = round_page(app)
    assert page is not None
    assert len(set(texts(page))) >= 20 and len(made) <= 2, made
