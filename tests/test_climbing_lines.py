"""Issue 38, "every opponent's move followed", at the Heart of Five table: a short line beside
each other seat says its last move ("Pair 9", "Pass", "Out 2") until it acts again, inside its
box at every seat count, window and interface size; a trick cleared is recapped (who took it
and with what) on the banner, for a moment the animation speed paces and a press ends, and in
one line of the log. The table is driven as a player would: keys, explicit frame times, the
computers' answers waited for, never a number of frames."""

from __future__ import annotations

import pygame
import pytest

from game import i18n, theme
from game.catalog import GAMES
from game.fonts import font
from game.games.heart_of_five.table import HeartOfFiveTable, meld_label
from game.setups import default_setup
from tests.test_heart_of_five_faults import WordsSeen as Seen
from game.table.climbing_view import Copy
from rules.heart_of_five import classify, parse, parse_action
from tests.fishing_tables import push_table, strict_with_testbot
from tests.helpers import key, log_lines, next_frame, play_first_legal
from tests.test_layout import SCALES, SIZES, laid_out

_strict_and_bot = strict_with_testbot("heart_of_five")


def make_table(app, seats, seed=7, table=HeartOfFiveTable):
    return push_table(app, table, seats, seed)


def play_on(app, t, until, passing: bool = True, limit: int = 4000) -> None:
    """Frames until ``until()`` holds, checked after every frame and every press: the player
    passes when following (``passing``; else plays the first legal meld, as when leading),
    so the computers play on."""
    for _ in range(limit):
        if until():
            return
        if t.human_to_move:
            app.frame(1 / 30)  # (the buttons follow the turn)
            if passing and t.game.last is not None:
                key(app, pygame.K_p)
            else:
                play_first_legal(app, t)
        else:
            next_frame(app)
    assert until(), "the table never reached the expected state"


def watch_moves(t, monkeypatch) -> list[tuple[int, object]]:
    """Every action applied at ``t`` from now on, with its seat."""
    moves: list[tuple[int, object]] = []
    apply = t.apply_action

    def watched(action, human=False):
        moves.append((t.game.current_player,  # (P gives "pass")
                      parse_action(action) if isinstance(action, str) else action))
        return apply(action, human=human)
    monkeypatch.setattr(t, "apply_action", watched)
    return moves


def said(t, action) -> str:
    """What a seat's line says after ``action`` (a meld's whole name; "Pass")."""
    if action.kind == "pass":
        return "Pass"
    cards = list(action.cards)
    return meld_label(classify(cards).kind, cards)


# 1. A line beside each other seat ---------------------------------------------------------------


def test_a_computers_line_says_its_meld_then_its_next_move(app, monkeypatch):
    """A computer plays a meld: its line says it, by the name the log gives it, until that
    seat acts again; then it says the new move (a pass, or the next meld)."""
    t = make_table(app, ["human", "testbot", "testbot", "testbot"])
    moves = watch_moves(t, monkeypatch)

    def a_computer_melded() -> bool:
        return (not t.queue.busy and bool(moves) and moves[-1][0] != 0
                and moves[-1][1].kind == "play")
    play_on(app, t, a_computer_melded)
    seat, meld = moves[-1]
    placed = t.drawing.status_place(seat)
    assert placed is not None and placed.look == "meld"
    assert placed.text in t.drawing.seat_line(seat)[1]
    assert t.drawing.seat_line(seat)[1][0] == said(t, meld)
    assert any(line.endswith(f"({said(t, meld)})") for line in t.log.lines), list(t.log.lines)
    # The line stays while the others act (a new trick too), until the seat acts again.
    count = len(moves)

    def others_acted() -> bool:
        return not t.queue.busy and len(moves) > count + 1
    play_on(app, t, others_acted)
    if moves[count:][0][0] != seat:  # (the next seat has acted, not this one)
        assert t.drawing.status_place(seat).text in t.drawing.seat_line(seat)[1]
        assert t.drawing.seat_line(seat)[1][0] == said(t, meld)
    play_on(app, t, lambda: not t.queue.busy and any(s == seat for s, _a in moves[count:]))
    again = next(a for s, a in moves[count:] if s == seat)
    look, forms = t.drawing.seat_line(seat)
    if seat in t.view.out:
        assert look == "out" and forms[0].startswith("Out ")
    else:
        assert forms[0] == said(t, again), (again, forms)
        assert look == ("pass" if again.kind == "pass" else "meld")


def test_a_pass_says_pass_and_the_line_is_kept_with_the_cards(app, monkeypatch):
    """A computer's pass: its line says "Pass" in the "small" type, and the kept layer's key
    for its seat holds the line (a new line paints the seat again)."""
    t = make_table(app, ["human", "testbot", "testbot", "testbot"])
    moves = watch_moves(t, monkeypatch)
    play_on(app, t, lambda: not t.queue.busy and bool(moves) and moves[-1][0] != 0
            and moves[-1][1].kind == "pass")
    seat = moves[-1][0]
    placed = t.drawing.status_place(seat)
    assert placed.text == "Pass" and placed.look == "pass"
    assert placed.size == t.metrics.type_size("small")
    key_, rect = t.drawing.under_parts()["seat", seat]
    assert rect.contains(placed.rect) and ("Pass",) in [k[0] for k in key_ if
                                                        isinstance(k, tuple)]


def test_the_viewers_own_seat_has_no_pill(app):
    """The player's own moves are in the hand and the panel: no pill at the bottom seat."""
    t = make_table(app, ["human", "testbot", "testbot", "testbot"])
    play_on(app, t, lambda: bool(t.view.passed & {0}) or 0 in t.view.melds)
    assert t.drawing.status_place(0) is None


# The longest lines a seat may have to say: whole names, and their shorter forms.
LONG_MELDS = [("single", "5H"), ("single", "JJ"), ("single", "jj"),
              ("full_house", "TC TD TH 3S 3C"), ("straight_flush", "TS JS QS KS AS"),
              ("bomb", "TC TD TH TS TC TD TH TS"),
              ("sisters", "TC TD JC JD QC QD KC KD AC AD")]


def lines_everywhere(players: int, sizes: list[tuple[int, int]], scale: float, language: str):
    """A table of ``players`` at interface size ``scale`` in ``language``, laid out in each
    window of ``sizes`` as a player resizes it, each other seat given in turn every long
    meld, a pass and a place out: the window's size and each line as placed."""
    def table(app):
        setup = default_setup("heart_of_five", 1)
        setup.seats = ["human"] + ["normal"] * (players - 1)
        return GAMES["heart_of_five"].table_factory()(setup=setup)
    t, _surface = laid_out(table, sizes[0], scale, language)
    for size in sizes:
        t.app.resize(size)
        t.app.frame(0.0)
        t.settle_now()  # (dealt: each seat's cards where they rest)
        v = t.view
        assert all(v.hands) and t.size == size
        v.melds, v.passed, v.out = {}, set(), []
        for kind, cards in LONG_MELDS:
            v.melds = {s: (kind, parse(cards)) for s in range(1, players)}
            yield t, size, [(s, t.drawing.status_place(s)) for s in range(1, players)]
        v.melds, v.passed = {}, set(range(1, players))
        yield t, size, [(s, t.drawing.status_place(s)) for s in range(1, players)]
        v.out = list(range(players - 1, 0, -1))
        yield t, size, [(s, t.drawing.status_place(s)) for s in range(1, players)]


@pytest.fixture
def english_after():
    yield
    i18n.set_language("en")
    theme.set_display(1.0, False)


@pytest.mark.parametrize("language", ["en", "ja", "ru"])
@pytest.mark.parametrize("scale", SCALES, ids=lambda s: f"ui{round(s * 100)}")
@pytest.mark.parametrize("players", range(2, 9))
def test_every_line_stays_in_its_seats_box_whole(players, scale, language, english_after):
    """At 2-8 seats, 960x600 to 1920x1080, interface sizes 100-200%: each line is inside its
    seat's box, clear of the seat's name and cards, in type no smaller than the least text,
    and every line of it fits its pill (a meld too long for the box takes a shorter name, or
    two or three lines, before the type shrinks: never cut), in words, never a card's code
    ("jj": a small joker in Russian at 8 seats, 960x600 and 150%)."""
    for t, size, placed in lines_everywhere(players, SIZES, scale, language):
        lay, m = t.layout_, t.metrics
        for seat, line in placed:
            place = lay.seats[t.screen_seat(seat)]
            where = (players, size, scale, language, seat, line)
            assert line is not None and place.box.contains(line.rect), where
            assert line.size >= m.least_text, where
            assert line.text not in ("jj", "JJ"), where
            face = font(line.size, True)
            assert all(face.size(words)[0] <= line.rect.width for words in line.lines), where
            name, name_size, name_rect = t.drawing.name_place(seat)
            name_rect.width = font(name_size, True).size(name)[0]  # (the words' own width)
            assert not name_rect.colliderect(line.rect), where
            # Drawn under the cards: none of the seat's may hide it.
            assert not any(t.sprites[c].rect.colliderect(line.rect)
                           for c in t.view.hands[seat]), where


def test_eight_seats_at_960x600_and_200_percent_keep_every_line_in_its_box(english_after):
    """The tightest table the issue names, said outright: every seat's pill inside its box."""
    for t, _size, placed in lines_everywhere(8, [(960, 600)], 2.0, "en"):
        for seat, line in placed:
            assert t.layout_.seats[t.screen_seat(seat)].box.contains(line.rect), (seat, line)


def test_the_recap_banner_stays_over_the_trick_at_8_seats_960x600_and_200_percent(
        english_after):
    """The recap's line, long in Russian with a long meld, wraps to the trick's width rather
    than run over the seats or the panel."""
    for language in ("en", "ru"):
        t, _size, _placed = next(lines_everywhere(8, [(960, 600)], 2.0, language))
        t.view.trick = [(3, [Copy(c, 0) for c in parse("TC TD TH 3S 3C")])]
        t.recap_trick()  # ("Computer 3 (Normal) takes the trick with Full house ...")
        box = t.drawing._banner_box()[0]
        trick = t.layout_.trick
        assert trick.left <= box.left and box.right <= trick.right, (language, box, trick)


def test_the_trick_s_heading_does_not_show_through_the_recap_banner(english_after):
    """The banner lies over the trick's heading ("Your meld"): it is opaque, its box one
    colour where no letter of its own is (the heading's letters showed through it)."""
    t, size, _placed = next(lines_everywhere(4, [(1280, 800)], 1.5, "en"))
    t.view.trick = [(0, [Copy(c, 0) for c in parse("KC")])]
    t.recap_trick()
    surface = pygame.Surface(size)
    t.draw(surface)
    box = t.drawing._banner_box()[0]
    heading = t.layout_.trick.y + t.metrics.px(6)
    band = pygame.Rect(box.x + t.metrics.px(12), heading, t.metrics.px(24), t.metrics.px(14))
    assert box.contains(band)
    assert {surface.get_at((x, y))[:3] for x in range(band.x, band.right)
            for y in range(band.y, band.bottom)} == {theme.PANEL[:3]}


# 2. A cleared trick recapped -------------------------------------------------------------------


def test_a_cleared_trick_is_recapped_on_the_banner_and_in_one_log_line(app, monkeypatch):
    """Everyone else passes on a computer's meld: before the trick's cards go to the stack,
    the banner says "Trick" and who takes it with what; the log says it once (no "leads
    (everyone passed)" after it)."""
    lines = log_lines(monkeypatch)
    t = make_table(app, ["human", "testbot", "testbot", "testbot"], table=Seen)
    moves = watch_moves(t, monkeypatch)
    play_on(app, t, lambda: bool(t.view.done) and not t.queue.busy)
    last_meld = [(s, a) for s, a in moves if a.kind == "play"][-1]
    seat, meld = last_meld
    who = t.seating.name(seat)
    recap = ("Trick", f"{who} takes the trick with {said(t, meld)}.")
    shown = [(b, on_trick) for b, on_trick in zip(t.banners, t.on_trick) if b[0] == "Trick"]
    assert shown == [(recap, len([a for a in moves if a[1].kind == "play"]))], t.banners
    assert lines.count(recap[1]) == 1, lines
    after = lines[lines.index(recap[1]) + 1:]  # (said once: not again as "... leads")
    assert not [line for line in after if line.startswith(f"{who} lead")], lines
    assert t.banner is None  # (gone with the trick's cards)


def test_the_recap_stays_a_readable_moment_paced_by_the_speed_and_a_press_ends_it(app):
    """At the normal speed the recap holds the trick on the table for its moment (the cards
    not yet swept after most of it); a key press ends it at once; at "off" it takes no
    time at all."""
    t = make_table(app, ["human", "testbot", "testbot", "testbot"], table=Seen)
    app.settings.animation_speed = "normal"
    t.apply_speed()

    def recap_up() -> bool:
        return t.banner is not None and t.banner[0] == "Trick"
    play_on(app, t, recap_up)
    seat = t.view.trick[-1][0]
    own = seat == t.viewer
    moment = t.RECAP_OWN_SECONDS if own else t.RECAP_SECONDS
    app.frame(moment * 0.8)
    assert recap_up() and t.view.trick and not t.view.done  # still there, still readable
    key(app, pygame.K_F12)  # any press: every animation finished first
    assert not recap_up() and not t.view.trick and t.view.done
    # At "off": no wait at all (the frame that starts the recap ends it: never seen up).
    app.settings.animation_speed = "off"
    t.apply_speed()
    recaps, done, seen_up = len(t.banners), len(t.view.done), []

    def next_trick_over() -> bool:
        seen_up.append(recap_up())
        return len(t.view.done) > done
    play_on(app, t, next_trick_over)
    assert any(b[0] == "Trick" for b in t.banners[recaps:]) and not any(seen_up)


def test_your_own_trick_is_recapped_for_a_shorter_moment(app, monkeypatch):
    """The player takes a trick (they know what they played): its recap is the short
    moment; another seat's the longer one."""
    t = make_table(app, ["human", "testbot", "testbot", "testbot"], table=Seen)
    moments: list[tuple[int, float]] = []
    real = t.recap_trick

    def recap() -> float:
        seat = t.view.trick[-1][0]
        seconds = real()
        moments.append((seat, seconds))
        return seconds
    monkeypatch.setattr(t, "recap_trick", recap)
    play_on(app, t, lambda: {s == 0 for s, _m in moments} == {True, False}, passing=False)
    for seat, seconds in moments:
        assert seconds == (t.RECAP_OWN_SECONDS if seat == 0 else t.RECAP_SECONDS)
    assert t.RECAP_OWN_SECONDS < t.RECAP_SECONDS
