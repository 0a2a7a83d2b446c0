"""Heart of Five's guided first game: deal 1500, four players, against Easy.

The opening (``python -m tools.guided_seeds heart_of_five`` found it): the player holds the
3 of hearts and leads a run, passes on a higher run, beats a single with a higher one, passes
twice, sees everyone pass (a new lead), then bombs a pair with four jacks; then plays the
round freely to its end.

>>> GUIDE.move_count, GUIDE.moves[-1][0]
(6, 'play JC JD JH JS')
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_
from game.table.guide import GuideScript


def lessons_of(table: Any, event: Any) -> list[str]:
    """The rules ``event`` shows (keys of ``LESSONS``)."""
    kind, mine = event.kind, event.seat == table.viewer
    seen = table.guide.seen if table.guide is not None else set()
    data = event.data or {}
    if kind == "lead":
        return {"3H": ["lead"] if mine else [], "all_passed": ["new_lead"],
                "after_out": ["after_out"]}.get(data["reason"], [])
    if kind == "played":
        if data["kind"] in ("bomb", "straight_flush"):
            return ["bomb" if mine else "their_bomb"]
        if str(event.cards[0]) == "5H" and len(event.cards) == 1:
            return ["five"]
        if not mine:
            return ["their_beat"] if "led" in seen else []
        return ["follow"] if "led" in seen else ["led"]
    if kind == "passed":
        return ["pass" if mine else "their_pass"]
    if kind == "out":
        return ["out" if mine else "their_out"]
    return []


LESSONS = {
    "lead": N_("You hold the 3 of hearts, so you lead the first trick. The leader may play "
               "any meld: a single, a pair, a triple, a full house, a run of five or more, "
               "sisters, or a bomb."),
    "led": N_("Your run is the trick's meld now. Each player in turn must beat it or pass."),
    "their_pass": N_("A computer passed: it had no higher run, or kept its cards. Passing "
                     "never locks a player out of the trick."),
    "their_beat": N_("A computer beat your run with a higher run of the same length: a meld "
                     "is beaten only by a higher one of the same kind and size, or by a "
                     "bomb."),
    "pass": N_("You passed. When everyone else has passed, the last meld's player leads a "
               "new trick."),
    "new_lead": N_("Everyone else passed, so the last meld's player leads a new trick: the "
                   "old one is swept aside."),
    "follow": N_("Your queen beats the 10: a higher single of the same kind. Singles rank 3 "
                 "up to 2, then the jokers, and the five of hearts above all."),
    "bomb": N_("A bomb! Four or more cards of one rank beat any meld that is not a bomb, "
               "here a pair of kings. Only a higher bomb or a straight flush beats it."),
    "their_bomb": N_("A computer played a bomb: it beats any meld that is not a bomb."),
    "five": N_("The five of hearts, played alone, is the highest single of all."),
    "out": N_("You are out of cards! The first player out wins the round; the others play "
              "on to see who is last."),
    "their_out": N_("A computer played its last card and is out. The others play on: the "
                    "last player holding cards loses the round."),
    "after_out": N_("The trick's player went out, so the next player still holding cards "
                    "leads a new trick."),
}

GUIDE = GuideScript(
    game_id="heart_of_five", seed=1500, seats=("human", "easy", "easy", "easy"), options={},
    intro=(N_("Welcome to Heart of Five! Be the first to shed all your cards. Your hand is "
              "at the bottom, the trick in the middle, and the other players round the "
              "table."),
           N_("You play melds: cards you select (click them, or drag across them) and play "
              "with the Play button. The button names the meld selected, or says why it "
              "cannot be played.")),
    moves=(("play 2C 3H 4C 5C 6C 7S",
            N_("Lead with a run: six cards in a row, 2 to 7. Select {cards}, then press "
               "Play.")),
           ("pass", N_("A higher run was played and you have none: press Pass (or P).")),
           ("play QD", N_("The trick is a single 10: beat it with a higher single. Select "
                          "your queen of diamonds, then press Play.")),
           ("pass", ""), ("pass", ""),
           ("play JC JD JH JS",
            N_("A pair of kings: you have no higher pair, but four jacks make a bomb, "
               "which beats any meld. Select the four jacks and press Play."))),
    lessons=LESSONS, lesson_of=lessons_of,
    free=N_("Play on to the end of the round: select a meld and press Play, or Pass. H asks "
            "the coach for a hint."),
    outro=N_("The round is over: the first out won it and the last holding cards lost it. "
             "A match goes on until someone has won the rounds it needs. Press Finish to go "
             "back to the setup."))
