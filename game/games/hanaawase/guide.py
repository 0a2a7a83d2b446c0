"""Hana-awase's guided first game: deal 90 against two Easy computers.

The opening (``python -m tools.guided_seeds hanaawase`` found it): the player's dealt hand is
a teyaku (six chaff, paid at once), the first card captures, the second takes the butterflies
from a computer's pile; then the player plays the first deal freely to its end.

>>> GUIDE.move_count, GUIDE.moves[1][0]
(3, 'play 6C1 6A')
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.table.fishing_guide import FISHING_LESSONS, fishing_lessons
from game.table.guide import GuideScript


def lessons_of(table: Any, event: Any) -> list[str]:
    """The rules ``event`` shows (keys of ``LESSONS``): the fishing games' and Hana-awase's
    teyaku and dekiyaku (a pile with a yaku after a capture)."""
    if event.kind == "teyaku":
        return ["teyaku"]
    found = fishing_lessons(table, event)
    if event.kind == "captured" and table.pile_yaku(list(table.game.piles[event.seat])):
        found.append("dekiyaku")
    return found


LESSONS = {
    **FISHING_LESSONS,
    "teyaku": N_("A teyaku! A dealt hand of six or seven chaff is shown to everyone, and each "
                 "other player pays its holder at once: 20 each for six, 30 for seven."),
    "capture": N_("A capture! Both cards go to your pile. At the end of the deal your pile "
                  "scores its card values: brights 20, animals 10, ribbons 5, chaff 1."),
    "their_turn": N_("Now the computers play in turn, the same way. Their piles are beside "
                     "their hands."),
    "dekiyaku": N_("A dekiyaku: a set of captured cards (the panel lists them). Whoever holds "
                   "one at the end of the deal is paid its value by each other player."),
}

GUIDE = GuideScript(
    game_id="hanaawase", seed=90, seats=("human", "easy", "easy"), options={},
    intro=(N_("Welcome to Hana-awase! Three players capture cards by month: a card played "
              "from the hand takes a field card of its month, then the top card of the stock "
              "is turned over and does the same."),
           N_("When you hold a card that matches, you must play one. A deal scores the value "
              "of your captures minus 88, plus the sets (dekiyaku) the others pay you for.")),
    moves=(("play 5C2 5R", ""), ("play 6C1 6A", N_(
        "Your {card} matches the {target} in a computer's pile: in Hana-awase you may take "
        "it from there. Drag it onto that card, or click it.")), ("play 2C2 2R", "")),
    lessons=LESSONS, lesson_of=lessons_of,
    free=N_("Play on to the end of the deal: glowing cards can capture, and H asks for a "
            "hint."),
    outro=N_("The deal is over: each pile scored its card values minus 88, plus its "
             "dekiyaku. A game is twelve deals, the highest total wins. Press Finish to go "
             "back to the setup."))
