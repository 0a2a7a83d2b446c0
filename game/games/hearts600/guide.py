"""600 Hearts' guided first game: deal 42, two players, against Easy.

The opening (``python -m tools.guided_seeds hearts600`` found it): the player lays a card
that captures nothing, the drawn card then has the choice between a chaff (1 point against
its captor) and a ribbon (5), and a ribbon takes a chaff; then the player plays the round
freely to its end.

>>> GUIDE.move_count, GUIDE.moves[1][0]
(3, 'take 9C1')
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.table.fishing_guide import FISHING_LESSONS, fishing_lessons
from game.table.guide import GuideScript


def lessons_of(table: Any, event: Any) -> list[str]:
    """The rules ``event`` shows (keys of ``LESSONS``): the fishing games' and a yaku in a
    pile after a capture (its points go to the other players)."""
    found = fishing_lessons(table, event)
    if event.kind == "played" and event.seat == table.viewer and not event.data["captures"]:
        found.append("avoid")
    if event.kind == "captured" and table.pile_yaku(list(table.game.piles[event.seat])):
        found.append("yaku")
    return found


LESSONS = {
    **{k: v for k, v in FISHING_LESSONS.items() if k != "to_field"},  # ("avoid" says it)
    "avoid": N_("Your card matched nothing, so it stays on the field and you capture nothing: "
                "playing such a card is how you avoid points."),
    "capture": N_("A capture: in 600 Hearts the cards you capture count against you. The Sake "
                  "Cup is 50, brights 20, animals 10, ribbons 5, most chaff 1."),
    "their_capture": N_("The computer captured: those cards count against it."),
    "their_turn": N_("Now the computer plays a card and draws, as you did."),
    "yaku": N_("A yaku was captured! In 600 Hearts a yaku's points go to every other "
               "player's score, not its captor's."),
}

GUIDE = GuideScript(
    game_id="hearts600", seed=42, seats=("human", "easy"), options={},
    intro=(N_("Welcome to 600 Hearts! Cards are captured by month, as in Koi-Koi, but here "
              "what you capture scores against you: when someone reaches 600, the lowest "
              "score wins."),
           N_("A card that matches a field card must capture it. A card that matches nothing "
              "is laid on the field: choosing one is how you avoid captures.")),
    moves=(("play 1C1", N_("Your {card} matches nothing on the field: play it, and you "
                           "capture nothing. Drag it onto the field, or click it.")),
           ("take 9C1", N_("The drawn card matches two cards of the field. What you capture "
                           "counts against you, so take the cheaper one: click the {target}.")),
           ("play 6R", "")),
    lessons=LESSONS, lesson_of=lessons_of,
    free=N_("Play on to the end of the round: glowing cards capture, and H asks for a hint."),
    outro=N_("The round is over: each player scored the cards captured, and the yaku of the "
             "others. Rounds go on until someone has 600. Press Finish to go back to the "
             "setup."))
