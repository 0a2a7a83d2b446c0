"""The other seats at a fishing table (issue 38): each one's last turn said in words beside
its name, and a pile card a capture may take lifted over its pile, drawn whole."""

from __future__ import annotations

import pytest

from game.games.hanaawase.table import HanaAwaseTable
from game.table.drawing import LAST_MOVE
from game.table.fishing_steps import seat_line
from game.table.names import card_name
from rules.hanafuda import card
from tests.fishing_tables import play_until, push_table, strict_with_testbot
from tests.helpers import click, motion, run_until
from tests.test_hanaawase_table import steal_position

_strict_and_bot = strict_with_testbot("hanaawase")
_hearts_bot = strict_with_testbot("hearts600")


def covered_by(t, c) -> list:
    """The cards drawn over ``c`` (a higher z) that cover part of it."""
    rect, z = t.sprites[c].rect, t.sprites[c].z
    return [o for o, s in t.sprites.items()
            if o is not c and s.alpha and s.z > z and s.rect.colliderect(rect)]


def test_a_pile_card_a_capture_may_take_is_lifted_whole_over_its_pile(app):
    """Seat 2's pile holds 38 cards: the 2R and 2C2 the player's 2C1 may take glow through
    the player's turn, lifted toward the field over every other card; put back once the
    player has played."""
    t = push_table(app, HanaAwaseTable, ["human", "testbot", "testbot"], 7, steal_position())
    run_until(app, lambda: t.human_to_move)
    run_until(app, lambda: not t.animating and t.lifted)
    two_r, two_c2 = card("2R"), card("2C2")
    at_rest = t.layout_.pile_places(t.screen_seat(2), t.view.piles[2])[0]
    assert t.lifted == {two_r, two_c2}
    assert t.sprites[two_r].rect.centery > at_rest[two_r][1]  # a top seat's: toward the field
    assert set(covered_by(t, two_r)) <= {two_c2} and set(covered_by(t, two_c2)) <= {two_r}
    click(app, t.sprites[card("3B")].rect.center)  # refused: 2C1 must be played
    click(app, t.sprites[card("2C1")].rect.center)
    click(app, t.sprites[two_r].rect.center)
    run_until(app, lambda: not t.animating and not t.human_to_move)
    assert two_r in t.view.piles[0] and two_c2 not in t.lifted
    assert t.places()[two_c2].pos == t.layout_.pile_places(
        t.screen_seat(2), t.view.piles[2])[0][two_c2]


def test_pointing_at_any_pile_card_lifts_it_to_be_seen_whole(app):
    t = push_table(app, HanaAwaseTable, ["human", "testbot", "testbot"], 7, steal_position())
    run_until(app, lambda: t.human_to_move)
    hidden = next(c for c in t.view.piles[2] if covered_by(t, c) and c.month != 2)
    rect = t.sprites[hidden].rect
    shown = next((x, y) for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)
                 if t.input.pile_card_at((x, y)) is hidden)  # a part of it not covered
    motion(app, shown)
    run_until(app, lambda: not t.animating and hidden in t.lifted)
    assert not covered_by(t, hidden)
    motion(app, (t.size[0] // 2, t.size[1] - 2))
    run_until(app, lambda: not t.animating and hidden not in t.lifted)


def test_each_other_seat_says_its_last_turn_beside_its_name(app):
    t = push_table(app, HanaAwaseTable, ["human", "testbot", "testbot"], 7)
    play_until(app, t, lambda: t.human_to_move and len(t.game.actions) >= 9)
    run_until(app, lambda: not t.animating)
    assert set(t.seat_lines) == {1, 2}  # the player's own turn is not said
    for seat, said in t.seat_lines.items():
        # Its last turn: every card it took (now in its pile), or the card it played.
        taken = t.taken.get(seat, [])
        line = seat_line(said, t.seating)
        assert line.startswith("took " if taken else "played "), line
        assert all(card_name(c) in line and c in t.view.piles[seat] for c in taken)
        assert line in t.drawing.under_parts()["name", seat][0]


def test_without_names_over_the_seats_the_line_says_whose_turn_it_was(app):
    """Koi-Koi names its seats in the panel only: the other seat's line starts with its
    name ("Computer — Easy: took ...")."""
    from game.games.koikoi.table import KoiKoiTable
    t = push_table(app, KoiKoiTable, ["human", "easy"], 7)
    play_until(app, t, lambda: t.human_to_move and 1 in t.seat_lines)
    run_until(app, lambda: not t.animating)
    said, _rect = t.drawing.under_parts()["line", 1]
    assert said == f"{t.seating.short_name(1)}: {seat_line(t.seat_lines[1])}"


def test_a_last_move_outline_runs_under_a_lifted_card_not_over_it(app):
    """Seat 2's pile card under the lifted 2R is marked as its last move: its corner
    brackets show round its own corners, and none is drawn over the lifted card (they were:
    the outlines came after every card)."""
    t = push_table(app, HanaAwaseTable, ["human", "testbot", "testbot"], 7, steal_position())
    run_until(app, lambda: t.human_to_move)
    run_until(app, lambda: not t.animating and t.lifted)
    lifted = t.sprites[card("2R")].rect
    under = next(c for c in t.view.piles[2]
                 if c not in t.lifted and t.sprites[c].rect.colliderect(lifted))
    t.marked = [under]
    app.frame(1 / 60)
    surface = app.screen
    blue = surface.map_rgb(LAST_MOVE)
    mark = t.drawing.mark_rects()[0]
    outline = [(x, y) for x in range(mark.x, mark.right) for y in range(mark.y, mark.bottom)
               if surface.get_at_mapped((x, y)) == blue]
    assert outline  # the brackets show where the card shows
    assert not [p for p in outline if lifted.collidepoint(p)]


def test_a_side_seat_s_pile_card_lifts_toward_the_field_clear_of_its_label(app):
    """600 Hearts at four seats: the left and right seats' pile cards pointed at are lifted
    across toward the field, not up over their group's label ("Chaff 2" was covered at
    1280x800 in the real-window play)."""
    from game.games.hearts600.table import Hearts600Table
    app.resize((1280, 800))
    t = push_table(app, Hearts600Table, ["human", "testbot", "testbot", "testbot"], 7)
    sides = {t.screen_seat(s): s for s in range(4)
             if t.layout_.seats[t.screen_seat(s)].side in ("left", "right")}
    assert len(sides) == 2
    play_until(app, t, lambda: t.human_to_move and all(t.view.piles[s] for s in sides.values()))
    for at, seat in sides.items():
        c = t.view.piles[seat][-1]
        rest = t.layout_.pile_places(at, t.view.piles[seat])
        label = next(lb.rect for lb in rest[1] if lb.kind is c.kind)
        t.pile_hover = c
        t.update_lifted()
        run_until(app, lambda: not t.animating)
        toward = 1 if t.layout_.seats[at].side == "left" else -1
        assert (t.sprites[c].rect.centerx - rest[0][c][0]) * toward > 0
        assert not t.sprites[c].rect.colliderect(label)
    t.pile_hover = None


def test_a_seat_line_of_three_cards_uses_the_language_s_comma():
    """"took A, B and C" in English; in Japanese the list's comma is "、" (a Latin ", " was
    written between Japanese card names in the real-window play)."""
    from game import i18n
    three = tuple(card(c) for c in ("1B", "1C1", "1C2"))
    try:
        i18n.set_language("ja")
        said = seat_line(("took", three))
        assert ", " not in said and said.count("、") == 1
        i18n.set_language("en")
        assert seat_line(("took", three)).count(", ") == 1
    finally:
        i18n.set_language("en")


def computer_steals(theirs: int):
    """Seat 0 (a computer, the dealer) holds 2C1 and 3B: no month 2 on the field, so it must
    take 2R or 2C2 from seat ``theirs``'s pile; seat 1 is the player, seat 2 a computer."""
    from rules.hanaawase import HanaAwaseGame
    from rules.hanafuda import DECK
    rest = " ".join(c.code for c in DECK[12:])  # months 4-12
    piles = ["", "", rest]
    piles[theirs] = f"2R 2C2 {piles[theirs]}".strip()
    return HanaAwaseGame.from_layout(["2C1 3B", "3R", "3C1"], "1R", "3C2 1B 1C1 1C2 2A",
                                     piles=piles)


@pytest.mark.parametrize("language", ["en", "ja", "ru"])
@pytest.mark.parametrize("theirs, whose", [(2, {"en": "from Computer 2's pile",
                                                 "ja": "CPU2の取り札から",
                                                 "ru": "из стопки (Компьютер 2)"}),
                                            (1, {"en": "from your pile",
                                                 "ja": "あなたの取り札から",
                                                 "ru": "из вашей стопки"})])
def test_a_card_taken_from_a_pile_says_whose_pile_beside_the_seat(app, theirs, whose,
                                                                   language):
    """A computer takes a card from another seat's pile: its line says whose pile ("took
    from Computer 2's pile: Plum poetry ribbon"; it said "took Plum poetry ribbon", as if
    from the field), the pile's owner named before the cards, where a narrow seat's line
    is cut."""
    from game import i18n
    t = push_table(app, HanaAwaseTable, ["testbot", "human", "testbot"], 7,
                   computer_steals(theirs))
    try:
        run_until(app, lambda: t.human_to_move and not t.animating)
        taken = t.taken[0]
        assert [c.code for c in taken] in (["2R"], ["2C2"])
        app.settings.language = language
        app.apply_settings()
        _name, _active, said = t.drawing.under_parts()["name", 0][0]  # (the words drawn)
        assert whose[language] in said and card_name(taken[0]) in said, said
        assert said.index(whose[language]) < said.index(card_name(taken[0]))
    finally:
        i18n.set_language("en")
