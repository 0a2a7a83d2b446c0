"""The Koi-Koi table driven like a player would: synthetic mouse and key events, explicit frame
times. Assertions are on what the player sees (cards on screen, words, pixels) and on the
engine."""

from __future__ import annotations

import threading

import pygame
import pytest

from game.games.koikoi.table import KoiKoiTable
from game.scenes.setup import default_setup
from game.table.base import LAST_MOVE
from game.table.dialogs import ChoicePanel, LogScene, ResultPage
from rules.hanafuda import DECK
from rules.koikoi import PHASE_DECIDE, PHASE_PLAY, PHASE_TAKE, KoiKoiGame, KoiKoiRules
from tests.helpers import (
    click,
    drag,
    frames_while_a_thread_works,
    key,
    motion,
    next_frame,
    pixels,
    press,
    raise_scene_errors,
    run_until,
    send,
    texts,
)

DT = 1 / 30


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    raise_scene_errors(monkeypatch)


def make_table(app, seed=11, seats=("human", "easy"), speed="fast", engine=None, **options):
    app.settings.animation_speed = speed
    setup = default_setup("koikoi", seed=seed)
    setup.seats = list(seats)
    setup.options.update(options)
    t = KoiKoiTable(setup=setup, engine=engine)
    app.push(t)
    return t


@pytest.fixture
def table(app):
    return make_table(app)


def human_turn(app, t):
    return t.human_to_move and app.stack.top is t


def until_my_turn(app, t):
    """Run frames to the human's turn, keeping the dealt hand if the swap question comes."""
    run_until(app, lambda: human_turn(app, t) or isinstance(app.stack.top, ChoicePanel))
    if isinstance(app.stack.top, ChoicePanel):
        press(app, "Keep my hand")
        run_until(app, lambda: human_turn(app, t))


def field_cards(t):
    return list(t.game.field)


def play_one_human_move(app, t, use_drag):
    """The first legal action, made with the mouse on the cards where they are drawn."""
    g = t.game
    if g.phase == PHASE_TAKE:
        click(app, t.sprites[g.legal_actions()[0].target].rect.center)
        return
    assert g.phase == PHASE_PLAY
    action = g.legal_actions()[0]
    sprite = t.sprites[action.card]
    if use_drag:
        if action.target is not None:
            end = t.sprites[action.target].rect.center
        else:
            same = [f for f in g.field if f.month == action.card.month]
            # a capture: onto a card of its month; a card laid down: an empty part of the field
            end = t.sprites[same[0]].rect.center if same else \
                (t.layout_.drawn_spot[0], t.layout_.field.bottom - 5)
        drag(app, sprite.rect.center, end)
        return
    click(app, sprite.rect.center)
    if action.target is not None and len(g.actions) and g.actions[-1].card is not action.card:
        click(app, t.sprites[action.target].rect.center)  # it had two captures: choose


def top_page(app):
    top = app.stack.top
    return top if isinstance(top, ResultPage) else None


def advance(game, until, decide="koikoi", limit=400):
    """Apply the first legal action (``decide`` at koi-koi or stop) until ``until(game)``."""
    for _ in range(limit):
        if until(game):
            return game
        game.apply(decide if game.phase == PHASE_DECIDE else game.legal_actions()[0])
    raise AssertionError("the position never came")


# Whole games ---------------------------------------------------------------------------------
def test_a_whole_round_by_mouse_shows_the_engines_scores(app, table):
    t = table
    moves = 0
    round_before = t.game.round
    while True:
        run_until(app, lambda: human_turn(app, t) or app.stack.top is not t)
        top = app.stack.top
        if isinstance(top, ResultPage):
            break
        if isinstance(top, ChoicePanel):
            click(app, top.widgets[0].rect.center)  # "Stop" / "Keep my hand"
            continue
        before = len(t.game.actions)
        play_one_human_move(app, t, use_drag=(moves % 2 == 0))
        assert len(t.game.actions) == before + 1, "the click or drag did not make a move"
        moves += 1
    words = texts(app.stack.top)
    you, them = t.game.scores
    assert f"You {you}   Computer — Easy {them}" in words  # the result shows the engine's
    assert [line.right for line in t.panel_lines() if line.text == "You"] == [str(you)]
    press(app, "Next round" if not t.game.is_over else "See the result")
    run_until(app, lambda: t.game.round == round_before + 1 or t.game.is_over)
    assert moves >= 1


def test_ai_against_ai_plays_a_match_to_its_end(app):
    t = make_table(app, seed=5, seats=("easy", "normal"), speed="off", match_end="rounds3")
    for _ in range(20000):
        page = top_page(app)
        if page is not None and "New match" in texts(page):
            break
        if page is not None:
            press(app, "Next round" if "Next round" in texts(page) else "See the result")
        app.frame(DT)
    assert "New match" in texts(app.stack.top) and t.game.is_over
    scores = {line.text: int(line.right) for line in t.panel_lines() if line.right}
    assert sorted(scores.values()) == sorted(t.game.scores)  # the panel shows the engine's
    assert app.stats.empty  # computers against each other are not the player's record


def test_a_whole_match_by_mouse_is_recorded_in_the_statistics(app):
    from game.catalog import GAMES
    from game.scenes.menu import MenuScene
    from game.stats import Statistics
    options = GAMES["koikoi"].preset("nintendo")
    options["match_end"] = "rounds3"
    t = make_table(app, seed=3, speed="off", **options)
    for _ in range(3000):
        top = app.stack.top
        if top_page(app) is not None:
            if "New match" in texts(top):
                break
            top.buttons[0].activate()  # the page's main button
        elif isinstance(top, ChoicePanel):
            click(app, top.widgets[len(top.buttons) - 1].rect.center)  # "Koi-koi!" / "Swap hands"
        elif human_turn(app, t):
            play_one_human_move(app, t, use_drag=False)
        app.frame(DT)
    assert "New match" in texts(app.stack.top) and t.game.is_over and t.game.round == 3
    mine, theirs = t.game.scores
    outcome = "draw" if mine == theirs else ("win" if mine > theirs else "loss")
    tally = Statistics.load().summary("koikoi")  # what was written to disk
    assert tally.played == 1 and getattr(tally, {"win": "won", "loss": "lost",
                                                 "draw": "drawn"}[outcome]) == 1
    assert Statistics.load().levels("koikoi")["easy"].played == 1
    press(app, "Menu")
    assert [type(s) for s in app.stack] == [MenuScene]


@pytest.mark.parametrize("seed, banners", [
    (1, ["Draw for first"]),
    (33, ["Void deal", "Draw for first"]),                 # the first deal is void
    (153, ["Instant win!", "Draw for first"]),             # round 1 is won as it is dealt
])
def test_the_first_deal_shows_what_dealing_made_happen(app, seed, banners):
    # Without the hand swap, the first deal's draw for first (and a void deal or an instant
    # win before it) happens as the match is made, before any action: shown all the same.
    t = make_table(app, seed=seed, hand_swap=False, draw_for_first=True)
    drawn = next(e.cards for e in t.game.start_events if e.kind == "draw_for_first")
    seen = []

    def watch():
        if t.banner is not None and (not seen or seen[-1][0] != t.banner[0]):
            seen.append(t.banner)
        if top_page(app) is not None:  # the instant win's round result
            top_page(app).buttons[0].activate()
        return t.idle and app.stack.top is t
    run_until(app, watch)
    assert [b[0] for b in seen] == banners
    assert seen[-1][2] == list(drawn)  # the two cards drawn, shown in the banner
    assert t.game.round == len([b for b in banners if b == "Instant win!"]) + 1

# Input during animation --------------------------------------------------------------------
def test_a_click_during_the_deal_finishes_it_and_then_acts(app):
    t = make_table(app, hand_swap=False, seed=7)
    assert t.game.current_player == 0  # the player is the dealer: it plays first
    run_until(app, lambda: any(t.sprites[c].animating for c in t.game.hands[0]))
    # The place a card of the player's hand is flying to, and a card it can play.
    playable = [a.card for a in t.game.legal_actions()
                if len([b for b in t.game.legal_actions() if b.card is a.card]) == 1]
    c = next(c for c in t.game.hands[0] if c in playable)
    place = t.places()[c]
    pos = (round(place.pos[0]), round(place.pos[1]))
    actions = len(t.game.actions)
    click(app, pos)
    assert not any(s.animating for s in t.sprites.values())  # finished at once
    assert len(t.game.actions) == actions + 1 and t.game.actions[-1].card is c  # then acted


def test_input_during_any_animation_never_corrupts_the_table(app):
    t = make_table(app, seed=6, speed="slow")
    for i in range(400):
        if top_page(app) or isinstance(app.stack.top, ChoicePanel):
            app.stack.top.widgets[0].activate() if isinstance(app.stack.top, ChoicePanel) \
                else app.stack.top.buttons[0].activate()
        elif t.human_to_move or t.animating:
            g = t.game
            hand = g.hands[0]
            if hand:
                click(app, t.sprites[hand[i % len(hand)]].rect.center)
            if g.phase == PHASE_TAKE and t.human_to_move:
                click(app, t.sprites[g.legal_actions()[0].target].rect.center)
        next_frame(app, 0.01)  # (the computer's answer in by then, whatever the load)
        if not t.animating and app.stack.top is t:
            for c, place in t.places().items():  # the picture is the engine's
                s = t.sprites[c]
                assert (round(s.x), round(s.y)) == tuple(round(v) for v in place.pos)
    assert len(t.game.actions) > 5


def test_an_unplayable_drop_springs_back_with_a_reason_naming_cards_like_a_player(app, table):
    t = table
    until_my_turn(app, t)
    g = t.game
    c = g.legal_actions()[0].card
    other = next(f for f in g.field if f.month != c.month)
    origin = t.sprites[c].target_pos
    actions = len(g.actions)
    drag(app, t.sprites[c].rect.center, t.sprites[other].rect.center)
    assert len(g.actions) == actions
    text, color = t.drawing.message_text()
    assert "is not of the same month as" in text and color == (200, 58, 40)
    assert "chaff 1" not in text and "chaff 2" not in text and "chaff 3" not in text
    run_until(app, lambda: not t.animating)
    assert t.sprites[c].pos == pytest.approx(origin)


def test_hovering_a_hand_card_lights_its_field_matches(app, table):
    t = table
    until_my_turn(app, t)
    capturing = [c for c in t.game.hands[0] if any(f.month == c.month for f in t.game.field)]
    if not capturing:
        pytest.skip("no capturing card in this deal")
    c = capturing[0]
    motion(app, t.sprites[c].rect.center)
    app.frame(DT)
    assert t.sprites[c].highlight is not None
    for f in t.game.field:
        assert (t.sprites[f].highlight is not None) == (f.month == c.month)


# Keyboard ------------------------------------------------------------------------------------
def test_the_keyboard_plays_a_whole_turn(app, table):
    t = table
    until_my_turn(app, t)
    key(app, pygame.K_RIGHT)  # the first arrow shows the focus
    ring = t.focus_rect()
    assert ring is not None and ring in [t.sprites[c].rect for c in t.game.hands[0]]
    before = ring
    key(app, pygame.K_RIGHT)
    assert t.focus_rect() != before  # the ring moved along the hand
    focused = next(c for c in t.game.hands[0] if t.sprites[c].rect == t.focus_rect())
    actions = len(t.game.actions)
    key(app, pygame.K_RETURN)
    legal = [a.card for a in t.game.legal_actions()] if len(t.game.actions) == actions else []
    if len(t.game.actions) == actions and focused in legal:
        # two captures: the arrows choose between the glowing field cards, Enter takes one
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
    if len(t.game.actions) == actions:
        assert t.notice  # that card could not be played: the reason is shown
    else:
        assert t.game.actions[actions].card is focused


def test_a_held_enter_key_acts_once(app, table):
    t = table
    until_my_turn(app, t)
    key(app, pygame.K_RIGHT)
    actions = len(t.game.actions)
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    for _ in range(5):  # key repeat: KEYDOWN again and again without a KEYUP
        send(app, down)
        app.frame(DT)
    assert len(t.game.actions) <= actions + 1


# What the player sees -------------------------------------------------------------------------
def test_choices_leave_every_card_in_view(app):
    """Koi-koi or stop: the dialog covers no card (the hand, the piles, the field)."""
    g = advance(KoiKoiGame.new(8), lambda g: g.phase == PHASE_DECIDE and g.current_player == 0)
    t = make_table(app, engine=g, speed="off")
    run_until(app, lambda: isinstance(app.stack.top, ChoicePanel), limit=5)
    panel = app.stack.top
    shown = [s.rect for s in t.sprites.values() if s.alpha]
    assert shown and not any(panel.box.colliderect(r) for r in shown)
    surface = pygame.Surface(app.screen.get_size())
    for _ in range(10):  # cards at rest are drawn from kept images after a few frames
        t.draw(surface)
    alone = [pixels(surface, r) for r in shown]
    app.frame(0.0)
    # Within rounding: the stack keeps the picture under the panel as the table's first frame
    # under it drew it, before its cards at rest were kept as images (a panel over a card
    # would change its pixels by a hundred, not one or two).
    for seen, table in zip([pixels(app.screen, r) for r in shown], alone):
        assert sum(abs(a - b) for a, b in zip(seen, table)) <= 2 * len(seen)
    assert "You made a yaku!" in texts(panel)


def test_koikoi_called_by_you_reads_well_and_the_panel_fits(app):
    g = advance(KoiKoiGame.new(8), lambda g: g.phase == PHASE_DECIDE and g.current_player == 0)
    t = make_table(app, engine=g, speed="fast")
    run_until(app, lambda: isinstance(app.stack.top, ChoicePanel), limit=5)
    press(app, "Koi-koi!")
    run_until(app, lambda: t.banner is not None and t.banner[0] == "Koi-koi!")
    assert t.banner[1] == "You play on."
    run_until(app, lambda: t.banner is None)
    lines = [line.text for line in t.panel_lines()]
    assert "Called koi-koi once" in lines and "Koi-koi ×1" not in " ".join(lines)
    assert "You play on." in " ".join(t.log.lines)
    for size in ((960, 600), (1280, 800), (1920, 1080)):
        app.resize(size)
        app.frame(0.0)
        panel = t.layout_.panel
        right = pygame.Rect(panel.right + 2, panel.y, size[0] - panel.right - 2, panel.height)
        from game import draw
        felt = draw.table_background(size)
        assert pixels(app.screen, right) == pixels(felt, right), f"text past the panel {size}"


def yaku_lines(t, name):
    """The panel's yaku and progress lines under a player's name."""
    lines = t.panel_lines()
    start = next(i for i, line in enumerate(lines) if line.text == name) + 1
    end = next(i for i in range(start, len(lines)) if lines[i].role == "rule")
    return [line.text for line in lines[start:end] if line.role == "tiny"]


def test_the_panel_shows_each_players_yaku_and_the_progress_still_in_reach(app):
    # You hold two brights, the sake cup and a poetry ribbon; the computer took the Full Moon
    # and a poetry ribbon, so moon viewing and the poetry ribbons are out of your reach, and
    # every yaku the computer has started but a ribbons yaku is out of its.
    g = KoiKoiGame.from_layout(["4C1 5C1", "6C1 7C1"], "10C1 11C1", "12C1 12C2 12C3 10C2",
                               piles=["1B 3B 9A 1R", "8B 2R"])
    t = make_table(app, engine=g)
    app.frame(0.0)
    assert yaku_lines(t, "You") == ["Flower viewing  5", "Three brights  2/3",
                                    "Animals  1/5 · 4 more", "Ribbons  1/5 · 4 more",
                                    "Chaff  1/10 · 9 more"]
    assert yaku_lines(t, t.seating.name(1)) == ["Ribbons  1/5 · 4 more"]


def test_nothing_about_the_round_before_it_is_dealt(app):
    t = make_table(app, speed="slow", match_end="rounds3")
    app.frame(DT)
    lines = " ".join(line.text for line in t.panel_lines())
    assert "Round 0" not in lines and "Brights on the dealt field" not in lines
    run_until(app, lambda: not t.animating)
    assert "Round 1 of 3" in [line.text for line in t.panel_lines()]


def test_the_yaku_banner_shows_every_card_of_a_chaff_yaku(app, table):
    t = table
    for size in ((960, 600), (1280, 800), (1920, 1080)):
        app.resize(size)
        box, cards = t.drawing.banner_geometry(15)  # ten chaff and five ribbons
        assert t.layout_.play.contains(box)
        assert all(box.contains(r) for r in cards)
        steps = [b.x - a.x for a, b in zip(cards, cards[1:])]
        assert min(steps) >= cards[0].width * 0.5  # each card shows at least half of itself


def test_the_yaku_banner_shows_the_cards_of_the_yaku(app):
    from rules.koikoi import yaku, yaku_cards
    t = make_table(app, seed=21, seats=("easy", "normal"))
    seen = 0
    for _ in range(20000):
        page = top_page(app)
        if page is not None:
            page.buttons[0].activate()
        if t.banner and t.banner[0] == "Yaku!":
            seat = next(s for s in (0, 1) if t.seating.name(s) in t.banner[1])
            pile = t.view.piles[seat]
            expected = []
            for y in yaku(pile, t.rules):
                expected += [c for c in yaku_cards(y, pile, t.rules) if c not in expected]
            assert set(t.banner[2]) == set(expected)
            seen += 1
            if seen == 3:
                break
            run_until(app, lambda: not (t.banner and t.banner[0] == "Yaku!"))
        app.frame(DT)
    assert seen == 3


def test_the_last_move_of_the_computer_stays_marked_until_you_move(app):
    t = make_table(app, seed=2, hand_swap=False)
    run_until(app, lambda: human_turn(app, t) and len(t.game.actions) > 0)
    theirs = t.game.actions[-1].card
    assert theirs in t.marked
    app.frame(0.0)
    r = t.sprites[theirs].rect.inflate(t.metrics.px(4), t.metrics.px(4))
    edge = [app.screen.get_at((x, r.y + 1))[:3] for x in range(r.x + 20, r.right - 20)]
    assert LAST_MOVE in edge  # the outline is drawn
    play_one_human_move(app, t, use_drag=False)
    assert not t.marked


def test_the_game_log_is_a_key_away(app):
    t = make_table(app, seed=2, hand_swap=False)
    run_until(app, lambda: human_turn(app, t) and len(t.game.actions) > 0)
    key(app, pygame.K_l)
    assert isinstance(app.stack.top, LogScene)
    words = " ".join(texts(app.stack.top))
    assert "Computer — Easy played" in words
    key(app, pygame.K_l)
    assert app.stack.top is t
    click(app, t.log_button.rect.center)
    assert isinstance(app.stack.top, LogScene)


def test_card_back_and_badges_are_honoured(app, table):
    t = table
    run_until(app, lambda: not t.animating)
    back = t.sprites[t.game.hands[1][0]].rect     # a face-down card of the opponent
    face = t.sprites[t.game.hands[0][0]].rect     # a face-up card of the player
    app.frame(0.0)
    before = pixels(app.screen, back), pixels(app.screen, face)
    app.settings.card_back = "red"
    app.settings.card_badges = True
    key(app, pygame.K_ESCAPE)  # the settings change in the pause menu; the table resumes
    app.stack.pop()
    for _ in range(200):  # the faces with badges are rendered a few a frame
        next_frame(app, DT)
    after = pixels(app.screen, back), pixels(app.screen, face)
    assert after[0] != before[0] and after[1] != before[1]


def test_faces_are_rendered_a_few_a_frame_never_in_a_burst(app, monkeypatch):
    from game.table.caches import FaceWarmer
    from sprites import faces
    monkeypatch.setattr(FaceWarmer, "threaded", True)
    faces.clear_cache()
    real = faces.render_hanafuda
    per_frame = [0]
    on_thread = [0]

    def counting(*args):
        if threading.current_thread() is threading.main_thread():
            per_frame[0] += 1
        else:
            on_thread[0] += 1
        return real(*args)
    monkeypatch.setattr(faces, "render_hanafuda", counting)
    t = make_table(app, seed=7, speed="normal")  # the human deals: the computer acts first
    drawing = app.stack.draw
    in_draw = []

    def draw(surface):
        before = per_frame[0]
        drawing(surface)
        in_draw.append(per_frame[0] - before)
    monkeypatch.setattr(app.stack, "draw", draw)
    worst = frames = 0

    def done():
        nonlocal worst, frames
        worst = max(worst, per_frame[0])
        per_frame[0] = 0
        frames += 1
        return frames > 240 and t.game.actions and t.warmer.done
    # The deal waits for its faces: however fast the thread is, it is dealt and played on.
    per_frame[0] = 0
    frames_while_a_thread_works(app, done)
    assert worst == 0 and sum(in_draw) == 0, (worst, in_draw)  # none on the frame loop:
    # The warmer's thread rendered them (field, hand); the piles' faces, half the field's
    # size, are scaled down from the field's, not rendered.
    assert on_thread[0] >= 2 * 48
    pile = t.layout_.pile_card
    assert all(faces.hanafuda_face_cached(c, *pile) for c in DECK)


# Positions, hooks and threads ----------------------------------------------------------------
def test_a_table_opens_at_an_engine_position_with_the_cards_in_place(app):
    g = advance(KoiKoiGame.new(12), lambda g: len(g.actions) >= 9 and g.phase == PHASE_PLAY
                and g.current_player == 0)
    hand = list(g.hands[0])
    t = make_table(app, engine=g, speed="normal")
    assert not t.animating  # shown as it stands, not dealt again
    for c, place in t.places().items():
        assert t.sprites[c].pos == pytest.approx(place.pos)
    assert all(t.sprites[c].face_up for c in hand + list(g.field))
    assert not any(t.sprites[c].face_up for c in g.hands[1])
    bottom = {c for c in hand}
    assert all(t.sprites[c].rect.bottom > t.layout_.field.bottom for c in bottom)


def test_after_action_runs_after_every_engine_action(app):
    g = advance(KoiKoiGame.new(12), lambda g: g.phase == PHASE_PLAY and g.current_player == 0)
    t = make_table(app, engine=g, speed="off")
    seen = []
    t.on_action.append(lambda: seen.append(len(t.game.actions)))
    start = len(g.actions)
    for _ in range(600):
        if isinstance(app.stack.top, ChoicePanel):
            app.stack.top.widgets[0].activate()
        elif top_page(app) is not None:
            break
        elif human_turn(app, t):
            play_one_human_move(app, t, use_drag=False)
        app.frame(DT)
    assert seen == list(range(start + 1, len(t.game.actions) + 1)) and len(seen) > 4


def test_one_worker_thread_for_all_computer_seats_stopped_when_the_table_goes(app):
    def workers():
        return [th for th in threading.enumerate() if th.name == "ai-worker" and th.is_alive()]
    before = set(workers())
    t = make_table(app, seed=5, seats=("easy", "normal"), speed="off")
    for _ in range(60):
        next_frame(app, DT)
    mine = [w for w in workers() if w not in before]
    assert len(mine) == 1  # two computer seats, one worker
    t.restart()
    for _ in range(30):
        next_frame(app, DT)
    app.stack.remove(t)
    for w in [w for w in workers() if w not in before]:
        w.join(2.0)
        assert not w.is_alive()


def test_screenshot_shows_a_game_in_progress(tmp_path):
    import main
    out = tmp_path / "koikoi.png"
    assert main.main(["--screenshot", "koikoi", "--seed", "7", "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


def test_pause_menu_rules_reference_has_the_yaku_table(app, table):
    key(app, pygame.K_ESCAPE)
    press(app, "Rules reference")
    words = texts(app.stack.top)
    assert "Five brights" in words and "Poetry ribbons" in words


def test_rules_of_the_table_come_from_the_engine_when_opened_at_a_position(app):
    g = KoiKoiGame.new(3, KoiKoiRules.nintendo())
    t = make_table(app, engine=g)
    assert t.rules == g.rules


def test_two_players_at_one_screen_hand_over_and_see_only_their_own_hand(app):
    from game.table.dialogs import HandOver
    t = make_table(app, seed=7, seats=("human", "human"), hand_swap=False)
    for _ in range(3):
        run_until(app, lambda: isinstance(app.stack.top, HandOver) or human_turn(app, t))
        if isinstance(app.stack.top, HandOver):
            break
        play_one_human_move(app, t, use_drag=False)
    assert isinstance(app.stack.top, HandOver)
    assert "Pass to Player 2" in texts(app.stack.top)
    press(app, "I'm ready")
    run_until(app, lambda: human_turn(app, t))
    mine, theirs = t.game.hands[1], t.game.hands[0]
    assert all(t.sprites[c].face_up for c in mine)
    assert not any(t.sprites[c].face_up for c in theirs)
    assert min(t.sprites[c].rect.y for c in mine) > t.layout_.field.bottom  # at the bottom


def test_drawing_changes_nothing(app, table):
    t = table
    until_my_turn(app, t)
    motion(app, t.sprites[t.game.hands[0][0]].rect.center)

    def state():
        return ([(s.pos, s.face_up, s.z, s.highlight, s.alpha, s.scale)
                 for s in t.sprites.values()], len(t.game.actions), t.drawing.message_text(),
                t.marked[:], t.banner)
    before = state()
    for _ in range(3):
        t.draw(app.screen)
    assert state() == before


def shown_table(t):
    """What the player sees of the cards: each shown card's place and face, the last-move
    marks, the log and the panel."""
    cards = {c.code: (round(s.x), round(s.y), s.w, s.h, s.face_up, s.z)
             for c, s in t.sprites.items() if s.alpha}
    return cards, [c.code for c in t.marked], list(t.log.lines), t.panel_lines()


@pytest.mark.parametrize("seed, actions", [(11, 14), (4, 60)])
def test_an_opened_game_shows_exactly_the_table_the_player_left(app, seed, actions):
    """Play on live, note the table; a table opened from the same engine (or the save, as
    Continue does) shows the same: field slots, marks, log."""
    from game.session import load_current
    t = make_table(app, seed=seed, speed="off")
    for _ in range(3000):
        top = app.stack.top
        if top_page(app) is not None:
            top.buttons[0].activate()  # next round
        elif isinstance(top, ChoicePanel):
            click(app, top.widgets[len(top.buttons) - 1].rect.center)  # "Koi-koi!" / "Swap hands"
        elif human_turn(app, t):
            if len(t.game.actions) >= actions:
                break
            play_one_human_move(app, t, use_drag=False)
        app.frame(DT)
    assert human_turn(app, t) and t.game.round > (1 if actions > 30 else 0)
    run_until(app, lambda: t.as_shown.panel() == t.panel_key())  # (the player sees it all)
    left = shown_table(t)
    assert left[1] and len(left[2]) > 5  # the computer's move is marked; the log is long
    app.stack.remove(t)
    for how in ("engine", "session"):
        opened = (KoiKoiTable(session=load_current()[0]) if how == "session" else
                  KoiKoiTable(setup=t.setup, engine=KoiKoiGame.from_dict(t.game.to_dict())))
        app.push(opened)
        app.frame(0.0)
        assert not opened.animating and shown_table(opened) == left
        app.stack.remove(opened)


def seat_lines(t, seat):
    """The panel's lines under ``seat``'s name, to the next rule."""
    lines = [line.text if line.role != "rule" else None for line in t.panel_lines()]
    start = lines.index(t.seating.name(seat)) + 1
    return lines[start:lines.index(None, start)]


def test_stopping_now_is_shown_only_for_a_seat_that_could_stop(app):
    """Brights on the dealt field: the footer says so; "Stopping now scores ×N" only under a
    seat with a yaku or a koi-koi call."""
    g = KoiKoiGame.new(10)
    t = make_table(app, engine=g, speed="off")
    app.frame(0.0)
    assert g.field_brights == 2 and "Brights on the dealt field: ×3" in [
        line.text for line in t.panel_lines()]
    assert not [x for s in (0, 1) for x in seat_lines(t, s) if "Stopping now" in x]
    app.stack.remove(t)
    g = advance(KoiKoiGame.new(10), lambda g: g.phase == PHASE_DECIDE)
    seat = g.current_player
    g.apply("koikoi")
    assert g.koikoi_calls[seat] == 1 and not g.yaku_of(1 - seat)
    t = make_table(app, engine=g, speed="off")
    app.frame(0.0)
    assert "Stopping now scores ×6" in seat_lines(t, seat)  # 3 (field) × 2 (a call)
    assert not [x for x in seat_lines(t, 1 - seat) if "Stopping now" in x]


def test_a_matching_card_dropped_on_the_field_under_optional_matching_lands_there(app):
    """Found by the soak: a card laid down by choice stayed where it was dropped, and the
    table's picture of the field lacked it (the engine told no ``to_field``)."""
    t = make_table(app, seed=5, matching="optional")
    until_my_turn(app, t)
    g = t.game
    lay = next(a for a in g.legal_actions() if getattr(a, "lay", False))
    drag(app, t.sprites[lay.card].rect.center,
         (t.layout_.drawn_spot[0], t.layout_.field.bottom - 5))
    assert str(g.actions[-1]) == str(lay)
    run_until(app, lambda: not t.animating)
    assert lay.card in t.view.field.values() or lay.card in t.view.piles[1]
    place = t.places()[lay.card]
    assert t.sprites[lay.card].pos == place.pos


def test_a_key_that_acts_while_a_card_is_held_puts_the_card_back_first(app):
    """Found by the soak: a card held (button never released) while Enter played another
    flew back, on release, to its old spot in the hand instead of its place now."""
    t = make_table(app, seed=5)
    until_my_turn(app, t)
    hand = t.view.hands[t.viewer]
    held = t.sprites[hand[-1]]
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=held.rect.center, button=1))
    motion(app, (held.rect.centerx + 40, held.rect.centery - 200), buttons=(1, 0, 0))
    assert t.drag.dragging
    key(app, pygame.K_RETURN)   # the focused card is played by the keyboard
    assert not t.drag.active
    send(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
    run_until(app, lambda: human_turn(app, t) and t.settled())
    places = t.places()
    for c in t.view.hands[t.viewer]:
        assert t.sprites[c].pos == places[c].pos, c


def test_the_panel_shows_a_move_once_the_cards_are_still(app, table):
    """A move's frame has its cards to paint: the panel says what the move changed (whose turn,
    the piles) once nothing has been animated for ``ShownState.CALM`` frames, and not before."""
    t = table
    until_my_turn(app, t)
    run_until(app, lambda: t.as_shown.panel() == t.panel_key())
    before = t.as_shown.panel()
    play_one_human_move(app, t, use_drag=False)
    assert t.panel_key() != before and t.animating
    app.frame(DT)
    frames = 1
    while t.as_shown.panel() == before:
        assert frames < 600, "the panel never caught up"
        next_frame(app, DT)
        frames += 1
    assert not t.animating and t.as_shown.panel() == t.panel_key()
    assert frames > t.as_shown.CALM


def test_a_deal_keeps_the_cards_waiting_their_turn_in_the_layer(app):
    """The cards of a deal leave the stock top first, so those still waiting lie under the
    ones under way: the frames of the deal keep them in the layer of cards at rest (once
    each is kept at its size in a hand, a few frames after the deal begins)."""
    t = make_table(app, speed="normal")
    t.warmer.finish()
    seen = dealing = 0
    for _ in range(400):
        app.frame(1 / 60)
        going = [s for s in t.sprites.values() if s._move is not None and not s._move.waiting]
        waiting = [s for s in t.sprites.values() if s._move is not None and s._move.waiting]
        dealing += bool(going)
        if dealing > 10 and going and len(waiting) >= 5:
            kept = {image for image, _at in t.drawing._rest[2]}
            assert all(s.still_image() is not None and s.still_image()[0] in kept
                       for s in waiting)
            seen += 1
    assert seen >= 5


def test_under_a_result_page_the_panel_says_what_the_page_says(app):
    """The table stops under a screen over it, still or not: its panel is painted for what
    the game is now (the scores of the round just scored), not for what it showed."""
    t = make_table(app, seats=("easy", "easy"))
    run_until(app, lambda: top_page(app) is not None, limit=20000)
    assert t.as_shown.key != t.panel_key()  # (the page came before the table was still)
    assert t.as_shown.panel() == t.panel_key()


def test_the_panel_paints_again_only_the_lines_that_changed(app, table, monkeypatch):
    """A move changes a few of the panel's lines (whose turn, the piles): once the panel
    catches up, only those lines are painted again, and only their places on the window."""
    t = table
    until_my_turn(app, t)
    run_until(app, lambda: t.as_shown.panel() == t.panel_key() and not t.animating)
    before = list(t.drawing.panel_parts())
    painted: list = []
    real = type(t.PANEL).paint_line
    monkeypatch.setattr(type(t.PANEL), "paint_line", lambda self, surface, m, line, box: (
        painted.append(line), real(self, surface, m, line, box)))
    play_one_human_move(app, t, use_drag=False)
    frames = 0
    while t.as_shown.panel() != t.panel_key() or not painted:
        assert frames < 600, "the panel never caught up"
        next_frame(app, DT)
        frames += 1
    after = t.drawing.panel_parts()
    changed = [line for i, (line, box) in enumerate(after)
               if i >= len(before) or before[i] != (line, box)]
    assert painted and set(painted) <= set(changed) and len(painted) < len(after)
    panel = t.drawing.panel_box()[0]
    assert t.drawing.painted is not None and not any(r.contains(panel) for r in t.drawing.painted)


def test_a_key_during_a_move_puts_the_cards_in_place_once(app, table):
    """A key pressed while cards move finishes every step at once: the steps send no card
    anywhere (each would lay the whole table out again); the cards go to their places once."""
    t = table
    until_my_turn(app, t)
    play_one_human_move(app, t, use_drag=False)
    app.frame(DT)
    assert t.queue.busy
    laid_out = []
    real = t.places
    t.places = lambda: (laid_out.append(t.settling), real())[1]
    t.settle_now()
    assert laid_out and not any(laid_out) and not t.animating
    places = real()
    assert all(s.pos == places[c].pos for c, s in t.sprites.items() if c in places)


def test_a_press_that_settles_the_table_leaves_the_computers_turn_to_the_next_frame(app):
    """Settling the table for a press and asking a computer to move cost a frame a
    millisecond and more each: the frame that settles does not also ask; the next one does."""
    t = make_table(app, seed=11, hand_swap=False)
    computer = 1
    for _ in range(20):  # (a move of the player's that hands the turn to the computer)
        until_my_turn(app, t)
        play_one_human_move(app, t, use_drag=False)
        app.frame(DT)
        if t.animating and t.game.current_player == computer and t.computers.asked is None:
            break
    else:
        raise AssertionError("no move handed the turn to the computer")
    key(app, pygame.K_LEFT)  # a press while the cards move: the table settles
    assert not t.animating and t.idle and t.settled_by_press
    app.frame(DT)
    assert t.computers.asked is None and not t.settled_by_press
    app.frame(DT)
    assert t.computers.asked == computer
