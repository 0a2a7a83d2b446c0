"""Issue 38, "every move followed": the seat a table shows to move is one seat everywhere. Its
name is gold beside its cards and the panel's marker is on its line, and both pass to the next
seat together, once the cards show the move that passed the turn. (The seat's name turned gold
as soon as a computer moved, while the panel waited for the cards to land: for a moment after
every move the two named different seats, found in the real-window play.)"""

from __future__ import annotations

import pytest

from game.games.hanaawase.table import HanaAwaseTable
from game.games.heart_of_five.table import HeartOfFiveTable
from game.games.hearts600.table import Hearts600Table
from tests.fishing_tables import push_table
from tests.helpers import next_frame


def gold_seats(t) -> set[int]:
    """The seats whose names are drawn gold beside their cards (the table's own parts)."""
    parts = t.drawing.under_parts()
    if isinstance(t, HeartOfFiveTable):
        return {seat for seat in range(t.players) if parts["seat", seat][0][0]}
    return {seat for seat in range(t.players)
            if ("name", seat) in parts and parts["name", seat][0][1]}


def marked_seats(t) -> set[int]:
    """The seats whose panel line carries the turn's marker."""
    names = {t.seating.name(seat): seat for seat in range(t.players)}
    return {names[line.text] for line, _box in t.drawing.panel_parts() if line.marker}


@pytest.mark.parametrize("table, seats", [
    (HeartOfFiveTable, 4), (HanaAwaseTable, 3), (Hearts600Table, 4)])
def test_the_gold_name_and_the_panel_s_marker_pass_the_turn_together(app, table, seats):
    t = push_table(app, table, ["easy"] * seats)
    passed = 0  # frames where the game's turn had passed and the cards had not yet shown it
    for _ in range(3000):
        next_frame(app)
        if app.stack.top is not t or t.game.is_over:
            break
        gold, marked = gold_seats(t), marked_seats(t)
        assert gold <= marked and len(marked) == 1, (gold, marked)
        passed += t.as_shown.turn() != t.turn_live()
        if passed >= 10:
            break
    assert passed >= 10  # (the moment the test is about came, again and again)
