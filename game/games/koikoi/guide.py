"""Koi-Koi's guided first game: deal 1810 against Easy, the hand swap off.

The opening (``tools/guided_seeds.py koikoi`` found it): the player captures the butterflies'
peony, the drawn card has two sake-cup matches to choose from, then three more captures make
Moon viewing (the Full Moon and the Sake Cup) and the player stops, winning the round.

>>> GUIDE.move_count, GUIDE.moves[-1][0]
(6, 'stop')
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.table.fishing_guide import FISHING_LESSONS, fishing_lessons
from game.table.guide import GuideScript


def lessons_of(table: Any, event: Any) -> list[str]:
    """The rules ``event`` shows (keys of ``LESSONS``)."""
    if event.kind in ("yaku", "koikoi"):
        return [event.kind if event.seat == table.viewer else f"their_{event.kind}"]
    return fishing_lessons(table, event)


LESSONS = {
    **FISHING_LESSONS,
    "capture": N_("A capture! A card takes a field card of its month, and both go to your "
                  "pile, sorted by kind: brights, animals, ribbons and chaff."),
    "their_turn": N_("Now the computer plays a card and draws, as you did. Its captures go to "
                     "its pile at the top."),
    "yaku": N_("A yaku! The Full Moon and the Sake Cup make Moon viewing. Yaku are sets of "
               "captured cards that score; the panel on the right shows yours and how close "
               "you are to more."),
    "their_yaku": N_("The computer made a yaku. If it stops now, it scores and you score "
                     "nothing this round."),
    "koikoi": N_("Koi-koi! You play on: another yaku adds to your score, but if the computer "
                 "makes one first and stops, you lose the round."),
    "their_koikoi": N_("The computer called koi-koi: it plays on for more. Make a yaku first "
                       "and stop, and it scores nothing."),
}

GUIDE = GuideScript(
    game_id="koikoi", seed=1810, seats=("human", "easy"), options={"hand_swap": False},
    intro=(N_("Welcome to Koi-Koi! Every card shows the plant of one of the twelve months; "
              "cards of the same month match. Your hand is at the bottom, the field in the "
              "middle and the stock on its left."),
           N_("On your turn you play a card from your hand: if it matches a field card, you "
              "capture both. Captured cards make yaku, scoring sets. Make one first, then "
              "stop to score it.")),
    moves=(("play 6A 6C1", ""), ("take 9A", ""), ("play 10C1", ""), ("play 1C1", ""),
           ("play 8C2", ""),
           ("stop", N_("Koi-koi or stop? Stop ends the round and scores your yaku now. "
                       "Koi-koi plays on for more, but if the computer makes a yaku first and "
                       "stops, you score nothing. Press Stop."))),
    lessons=LESSONS, lesson_of=lessons_of,
    free=N_("Play on as you like: glowing cards can capture, and H asks for a hint."),
    outro=N_("You won the round! A match goes on round after round, here until someone has "
             "50 points. That is all you need: press Finish to go back to the setup and "
             "start a game of your own."))
