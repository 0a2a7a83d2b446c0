"""What the guided first game (``game.table.guide``) says of the fishing games' common rules:
the rules each event shows (``fishing_lessons``) and the words for those all three games
share (``FISHING_LESSONS``); a game's script adds its own (its capture, its yaku).

>>> from rules.engine import Event
>>> class T: viewer = 0
>>> fishing_lessons(T(), Event("captured", 0, (), {"from": 2}))
['steal']
>>> fishing_lessons(T(), Event("turn", 1)), fishing_lessons(T(), Event("captured", 1))
(['their_turn'], ['their_capture'])
"""

from __future__ import annotations

from typing import Any

from game.i18n import N_


def fishing_lessons(table: Any, event: Any) -> list[str]:
    """The rules ``event`` shows, as lesson keys: ``capture`` (the player's; the others'
    ``their_capture``), ``triple``, ``steal`` (from another's pile; from the player's pile
    ``their_steal``), ``drawn``, ``to_field``, ``their_turn``, ``leftovers``."""
    kind, mine = event.kind, event.seat == table.viewer
    if kind == "captured":
        source = (event.data or {}).get("from")
        if source is not None:
            return ["steal" if mine else "their_steal" if source == table.viewer
                    else "other_steal"]
        if len(event.cards) >= 4:
            return ["triple"]
        return ["capture" if mine else "their_capture"]
    if kind == "turn" and not mine:
        return ["their_turn"]
    if kind in ("drawn", "to_field", "leftovers"):
        return [kind]
    return []


FISHING_LESSONS = {
    "drawn": N_("After your card, the top card of the stock is turned over. It captures a "
                "card of its month too, or stays on the field."),
    "to_field": N_("No field card matched it, so the card stays on the field: whoever plays "
                   "a card of its month next can take it."),
    "triple": N_("Three cards of one month lay on the field: the fourth takes all three."),
    "steal": N_("Taken from another player's pile! Here a card may capture a card of its "
                "month from the field or from another player's pile, never from your own."),
    "their_steal": N_("A card was taken from your pile: the others may take from it as you "
                      "take from theirs."),
    "leftovers": N_("The stock is empty: the cards left on the field go to the last player "
                    "who captured."),
}
