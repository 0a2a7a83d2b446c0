"""Yatsuhashi Solitaire's guided first game: deal 21, which the solver wins.

The opening follows the solver's line: a card moved onto the next month (the card under it
turns up), a card turned from the stock, a yaku collected (the waste card with two
foundation tops), and one more move; then the player plays on, the guide pointing at the
next move of a winning line (``yatsuhashi_guided``), to the win.

>>> GUIDE.move_count, GUIDE.moves[2][0]
(4, 'collect kasutan 4R,5R,7R')
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.table.guide import GuideScript


def lessons_of(table: Any, event: Any) -> list[str]:
    """The rules ``event`` shows (keys of ``LESSONS``); an undone move shows none."""
    data = event.data or {}
    if data.get("undone"):
        return []
    kind = event.kind
    if kind == "moved":
        found = ["move"]
        if data.get("from") == "waste":
            found.append("waste")
        if len(event.cards) > 1:
            found.append("run")
        return found
    if kind == "collected":
        return ["bridge" if data.get("yaku") == "yatsuhashi" else "collect"]
    return {"turned": ["stock"], "flipped": ["flip"], "recycled": ["recycle"]}.get(kind, [])


LESSONS = {
    "move": N_("A card goes onto a foundation whose top card is one month later: here May "
               "onto June. The months go round: December goes onto January."),
    "flip": N_("A face-down card was uncovered, so it turned face up: it can be played "
               "now."),
    "stock": N_("The turned card is on the waste, right of the stock. Only the waste's top "
                "card can be played; click the stock again for the next one."),
    "collect": N_("A yaku collected! When all the cards of a yaku are free at once (the "
                  "waste card, or the top of a foundation), they leave the table for the "
                  "board at the top. Collect all fourteen to win."),
    "waste": N_("The waste's top card was played: the card under it is the waste's top "
                "now."),
    "run": N_("A run moved: cards in month order, each one month earlier than the card "
              "under it, move together. Grab any card of a run to take the cards above it "
              "too."),
    "recycle": N_("The waste was turned over into a new stock: you may go through it as "
                  "often as you like."),
    "bridge": N_("The Eight-plank Bridge! It leaves only from a foundation's top, and only "
                 "once five other yaku are collected."),
}

GUIDE = GuideScript(
    game_id="yatsuhashi", seed=21, seats=("human",),
    options={"solver_indicator": True, "winnable_only": False, "auto_collect": False},
    intro=(N_("Welcome to Yatsuhashi Solitaire! Take the whole table away as the fourteen "
              "yaku. The six piles in the middle are the foundations; the stock is at the "
              "top left, and the yaku board at the top shows what you collect."),
           N_("Only face-up cards play. A card moves onto a foundation whose top card is "
              "one month later; an empty foundation takes any card.")),
    moves=(("5R>2", ""), ("turn", ""), ("collect kasutan 4R,5R,7R", ""), ("3C2>1", "")),
    lessons=LESSONS, lesson_of=lessons_of,
    free=N_("Play on to the win: the gold ring shows a good next move, and H asks for a "
            "hint too."),
    outro=N_("All fourteen yaku are collected: the deal is won! Not every deal can be won; "
             "the indicator says whether yours still can be. Press Finish to go back to "
             "the setup."),
    end_on="won")
