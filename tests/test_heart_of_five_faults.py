"""Heart of Five faults seen in play (issue 38's "smaller faults"): each test drives the table
as a player would, with explicit frame times, and fails on the fault it names."""

from __future__ import annotations

import re

import pygame
import pytest

from game import theme
from game.games.heart_of_five.table import HeartOfFiveTable
from game.table.dialogs import ResultPage
from tests.fishing_tables import push_table, strict_with_testbot
from tests.helpers import (click, key, log_lines, next_frame, play_first_legal, press, run_until,
                           texts)

_strict_and_bot = strict_with_testbot("heart_of_five")
_strict_and_koikoi_bot = strict_with_testbot("koikoi")

#: "You" with a verb for another seat ("You goes", "You passes", "You lead (holds ...)").
WRONG_YOU = re.compile(r"\b[Yy]ou (goes|wins|loses|passes|leads|deals|is|holds)\b|"
                       r"\bYou lead \(holds")


class WordsSeen(HeartOfFiveTable):
    """The table, keeping every banner it shows (a banner can come and go in one frame
    when a press settles the animations) and how many melds lay on the trick then."""

    def __init__(self, *args, **kwargs) -> None:
        self.banners: list[tuple[str, str]] = []
        self.on_trick: list[int] = []
        super().__init__(*args, **kwargs)

    @property
    def banner(self):
        return self.__dict__.get("_banner")

    @banner.setter
    def banner(self, value) -> None:
        self.__dict__["_banner"] = value
        if value is not None:
            self.banners.append(value)
            self.on_trick.append(len(self.view.trick))


def make_table(app, seats, seed=7, engine=None, table=HeartOfFiveTable, **options):
    return push_table(app, table, seats, seed, engine, **options)


# 1. "Round 1: You goes out first" ------------------------------------------------------------


def test_the_player_is_addressed_as_you_in_the_log_banner_and_round_page(app, monkeypatch):
    """Deal 6, you against the computer: you hold the 3 of hearts, lead, pass, go out first and
    deal the second round. Every sentence about you says "you go", "You pass", never
    "You goes"."""
    lines = log_lines(monkeypatch)
    t = make_table(app, ["human", "testbot"], seed=6, table=WordsSeen, win_target=5)

    def round_page():
        top = app.stack.top
        return top if isinstance(top, ResultPage) and top.name == "heart_of_five-round" \
            else None
    while round_page() is None:
        run_until(app, lambda: t.human_to_move or round_page() is not None)
        if round_page() is None:
            app.frame(1 / 30)
            play_first_legal(app, t)
    page = round_page()
    assert t.game.history[0]["winner"] == 0  # (the deal this test is about)
    assert page.title == "Round 1: you go out first"
    words = texts(page)
    assert "win the round" in words and "loses the round" in words
    press(app, "Next round")
    run_until(app, lambda: any(line.startswith("Round 2:") for line in lines))
    said = lines + [line for banner in t.banners for line in banner] + words + [page.title]
    for wanted in ("You lead (you hold the 3 of hearts).", "You pass.",
                   "You are out: place 1.", "You win the round.", "Round 2: you deal."):
        assert wanted in said, (wanted, said)
    assert f"{t.seating.name(1)} passes." in lines  # (another seat: the third person)
    assert not [s for s in said if WRONG_YOU.search(s)]


def test_the_round_page_names_another_winner_in_the_third_person(app):
    t = make_table(app, ["human", "testbot", "testbot"], seed=3)
    result = {"round": 2, "order": [1, 0, 2], "winner": 1, "loser": 2, "wins": [0, 1, 0],
              "losses": [0, 0, 1]}
    page = t.round_page(result)
    app.push(page)
    assert page.title == f"Round 2: {t.seating.name(1)} goes out first"
    words = texts(page)
    assert "wins the round" in words and "loses the round" in words
    assert "win the round" not in words


# Helpers: the table played on, and what a fresh frame draws ----------------------------------


def play_on(app, t, until, limit: int = 4000) -> None:
    """Frames until ``until()`` holds, the player passing when following (so the others play
    on) and leading with the first legal meld."""
    for _ in range(limit):
        if until():
            return
        if t.human_to_move:
            app.frame(1 / 30)  # (the buttons follow the turn)
            if t.game.last is not None:
                key(app, pygame.K_p)
            else:
                play_first_legal(app, t)
        else:
            next_frame(app)
    assert until(), "the table never reached the expected state"


def words_drawn(t, monkeypatch, size) -> dict[str, int]:
    """Every text the climbing drawing paints in a frame of ``size`` painted whole, with its
    font size in pixels."""
    import game.table.climbing_drawing as climbing
    sizes: dict[int, int] = {}
    drawn: dict[str, int] = {}
    real_font, real_text = climbing.font, climbing.text_image

    def font(px, bold=False):
        face = real_font(px, bold)
        sizes[id(face)] = px
        return face

    def text_image(face, text, color):
        drawn[text] = sizes.get(id(face), 0)
        return real_text(face, text, color)
    monkeypatch.setattr(climbing, "font", font)
    monkeypatch.setattr(climbing, "text_image", text_image)
    t.drawing._rest = None  # painted afresh: the labels under the cards are kept with them
    t.draw(pygame.Surface(size))
    monkeypatch.undo()
    return drawn


# 2. The face-down card in the lower right ----------------------------------------------------


def test_the_stack_of_finished_tricks_says_how_many_cards_were_played(app, monkeypatch):
    """The face-down card in the trick's lower right is the stack of finished tricks: it is
    labelled with the cards played, beside it, clear of every card."""
    t = make_table(app, ["human", "testbot", "testbot", "testbot"])
    play_on(app, t, lambda: len(t.view.done) > 0 and not t.queue.busy)
    n = len(t.view.done)
    stack = t.sprites[t.view.done[-1]].rect
    assert not t.sprites[t.view.done[-1]].face_up
    for size in [(1280, 800), (960, 600), (1920, 1080)]:
        t.layout(size)
        stack = t.sprites[t.view.done[-1]].rect
        drawn = words_drawn(t, monkeypatch, size)
        assert drawn.get(f"{n} cards played", 0) >= 14, drawn
        text, rect = t.drawing.played_place()
        assert text == f"{n} cards played"
        assert t.layout_.trick.contains(rect) and rect.right < stack.left
        assert abs(rect.centery - stack.centery) <= stack.height // 2
        assert not any(rect.colliderect(s.rect) for c, s in t.sprites.items()
                       if s.alpha and c not in t.view.done)


# 3. H pressed while a computer is to play ----------------------------------------------------


def test_h_on_a_computers_turn_is_kept_for_your_turn_and_said_at_once(app):
    """H while a computer seat is to play: the message line says at once that the hint comes
    on the player's turn, and when it comes the coach's meld is selected with no second H."""
    t = make_table(app, ["human", "testbot", "testbot", "testbot"])
    play_on(app, t, lambda: t.idle and not t.seating.is_human(t.game.current_player))
    key(app, pygame.K_h)
    assert t.notice == "" and t.coaching.coach is None  # not refused, not asked yet
    assert t.drawing.message_text() == ("Coach: the hint comes on your turn.", theme.GOLD)
    run_until(app, lambda: t.human_to_move)
    app.frame(1 / 30)
    advice = t.coaching.advice()
    assert advice and t.coaching.coached
    best = advice[0].action
    wanted = sorted(map(str, best.cards)) if best.kind == "play" else []
    assert sorted(str(c) for c in t.selected) == wanted
    line, color = t.drawing.message_text()
    assert color == theme.GOLD and line.startswith("Coach:") and "your turn" not in line


def test_not_your_turn_goes_when_the_turn_comes(app):
    """P pressed on a computer's turn is refused with "It is not your turn."; the computers
    then play within the notice's three seconds, and on the player's turn the line no longer
    says it (it did: the notice outlived the turn it spoke of)."""
    t = make_table(app, ["human", "testbot", "testbot", "testbot"])
    play_on(app, t, lambda: t.idle and not t.seating.is_human(t.game.current_player))
    key(app, pygame.K_p)
    assert t.notice == "It is not your turn."
    run_until(app, lambda: t.human_to_move)
    assert t.notice_time > 0  # within the notice's time: only the move cleared it
    assert "not your turn" not in t.drawing.message_text()[0]


def test_a_hint_kept_for_your_turn_goes_with_its_game(app):
    """A new match (Restart) forgets a hint kept for the player's turn in the old one."""
    t = make_table(app, ["human", "testbot", "testbot", "testbot"])
    play_on(app, t, lambda: t.idle and not t.seating.is_human(t.game.current_player))
    key(app, pygame.K_h)
    assert t.coaching.waiting is not None
    t.restart()
    app.frame(1 / 30)
    assert t.coaching.waiting is None
    assert "your turn" not in t.drawing.message_text()[0]


def test_h_on_a_computers_turn_in_koikoi_is_answered_on_your_turn(app):
    """The fishing tables share the coach's part: the same H, kept and answered."""
    from game.games.koikoi.table import KoiKoiTable
    from game.table.dialogs import ChoicePanel
    t = push_table(app, KoiKoiTable, ["human", "testbot"], 7)

    def computer_to_play() -> bool:
        return app.stack.top is t and t.game.current_player == 1 and not t.queue.busy
    for _ in range(20):  # the player's turn played out (a card, a capture, a koi-koi)
        if computer_to_play():
            break
        if app.stack.top is t and t.human_to_move:
            action = t.game.legal_actions()[0]
            i = t.input
            i.play_card(action.card) if action.kind == "play" else i.choose_target(action.target)
            if t.choosing is not None:
                i.choose_target(next(a.target for a in i.actions_for(t.choosing) if a.target))
        elif isinstance(app.stack.top, ChoicePanel):
            click(app, app.stack.top.choices[0].rect.center)
        run_until(app, lambda: app.stack.top is not t or t.human_to_move or computer_to_play())
    assert computer_to_play() and not t.coach_ready()
    key(app, pygame.K_h)
    assert t.notice == "" and t.coaching.coach is None
    assert t.drawing.message_text() == ("Coach: the hint comes on your turn.", theme.GOLD)
    run_until(app, lambda: t.coach_ready() and app.stack.top is t
              or isinstance(app.stack.top, ChoicePanel))
    app.frame(1 / 30)
    assert t.coaching.coached and t.coaching.advice()  # asked, and shown on the cards


# 4. A pass: readable, beside the seat, until that seat acts again ---------------------------


def test_a_pass_is_a_readable_pill_beside_the_seat_until_that_seat_acts_again(app,
                                                                                monkeypatch):
    t = make_table(app, ["human", "testbot", "testbot", "testbot"])
    seen: dict[int, int] = {}  # a computer's pass -> the melds played (and swept) by then

    def played() -> int:
        return len(t.view.done) + sum(len(meld) for _seat, meld in t.view.trick)

    def a_pass_outlived_a_meld() -> bool:
        for seat in list(seen):
            if seat not in t.view.passed:
                del seen[seat]
        for seat in t.view.passed - {0}:
            seen.setdefault(seat, played())
        return not t.queue.busy and any(played() > n for n in seen.values())
    play_on(app, t, a_pass_outlived_a_meld)
    seat = next(s for s, n in seen.items() if played() > n)  # (it has not acted since)
    for size in [(1280, 800), (960, 600)]:
        t.layout(size)
        drawn = words_drawn(t, monkeypatch, size)
        assert drawn.get("Pass", 0) >= 14, drawn  # 14 px and more at 100%
        placed = t.drawing.status_place(seat)
        status, pill = placed.text, placed.rect
        place = t.layout_.seats[t.screen_seat(seat)]
        assert status == "Pass" and place.box.contains(pill)
        assert not any(pill.colliderect(t.sprites[c].rect) for c in t.view.hands[seat])
    t.layout((1280, 800))
    moves: list[tuple[int, str]] = []  # (seat, action) from now on
    apply = t.apply_action

    def watched(action, human=False):
        moves.append((t.game.current_player, str(action)))
        return apply(action, human=human)
    monkeypatch.setattr(t, "apply_action", watched)
    play_on(app, t, lambda: any(s == seat for s, _a in moves) and not t.queue.busy)
    again = next(a for s, a in moves if s == seat)
    # Its pass went when it acted again: with a meld, or it shows the new pass.
    assert (seat in t.view.passed) == (again == "pass"), (again, t.view.passed)


# Seen on the way: a bomb's shake left the picture shifted ------------------------------------


def test_after_a_bomb_shakes_the_table_the_window_shows_the_table_as_it_is(app):
    """A bomb shakes the table (the frame drawn shifted): where the frames after it painted
    only what changed, the rest of the window kept the shifted picture (the panel's border
    and the buttons doubled). Once the shake is over, the window is the table painted
    whole."""
    from tests.test_drawing_caches import drawn_afresh, near
    from tests.test_heart_of_five_table import a_bomb_about_to_be_played
    g, _bomb = a_bomb_about_to_be_played()
    t = make_table(app, ["testbot"] * 4, engine=g)
    run_until(app, lambda: t.shake > 0, limit=400)
    run_until(app, lambda: t.shake == 0 and not t.animating)
    for _ in range(3):  # (frames painted in part after the shake)
        app.frame(1 / 60)
    assert t.drawing.painted is not None  # (the last frame painted in part)
    window = app.screen.copy()
    assert near(window, drawn_afresh(t, window.get_size())) == 0


@pytest.mark.parametrize("code, small, big", [
    ("en", "Single small joker", "Single big joker"),
    ("ru", "Одиночный малый джокер", "Одиночный большой джокер")])
def test_a_single_joker_is_named_in_one_phrase_with_its_grammar(code, small, big):
    """Not "Одиночная Малый джокер" (a feminine word and a capital mid-phrase, issue 38)."""
    from game import i18n
    from game.games.heart_of_five.table import meld_label
    from rules.western import parse_card
    i18n.set_language(code)
    try:
        assert meld_label("single", [parse_card("jj")]) == small
        assert meld_label("single", [parse_card("JJ")]) == big
    finally:
        i18n.set_language("en")
