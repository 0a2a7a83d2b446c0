"""What ``benchmarks.frames`` counts as a deal's first seconds: from the frame its animation
begins (the figures of issue 38's frame targets are read over them)."""

from __future__ import annotations

from benchmarks.frames import mark_deals
from game.games.hearts600.table import Hearts600Table
from game.table.dialogs import ResultPage
from tests.fishing_tables import play_until, push_table, strict_with_testbot
from tests.helpers import press, run_until

_strict_and_bot = strict_with_testbot("hearts600")


def test_a_deal_begins_in_the_frame_its_animation_begins_not_when_it_is_queued(app):
    """The engine deals the next round with the last move of the one before, and the table
    queues its animation then; it begins after the round's page, when the cards are
    gathered: the deal is counted from that frame (counted when queued, its first seconds
    held the round's last move and the key that opened the page)."""
    t = push_table(app, Hearts600Table, ["human", "testbot", "testbot"])
    frame = [0]
    real_frame = app.frame

    def counted(dt):
        real_frame(dt)
        frame[0] += 1
    app.frame = counted
    deals: list[int] = []
    mark_deals(t, deals, lambda: frame[0])
    gathered: list[int] = []
    reset = t.steps.reset_view
    t.steps.reset_view = lambda: (gathered.append(frame[0]), reset())[1]
    play_until(app, t, lambda: isinstance(app.stack.top, ResultPage)
               and app.stack.top.name == "hearts600-round")
    page_up = frame[0]
    assert deals == [] and gathered == []  # (the next deal is queued, not begun)
    press(app, "Next round")
    run_until(app, lambda: t.human_to_move)
    assert len(gathered) == 1 and deals == gathered and deals[0] >= page_up
