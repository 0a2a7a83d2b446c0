"""What the guided first game (``game.table.guide``) says of the fishing games' common rules:
the rules each event shows (``fishing_lessons``) and the words for those all three games
share (``FISHING_LESSONS``); a game's script adds its own (its capture, its yaku). And the
fishing table's answers to its guide (``FishingGuideHooks``).

>>> from rules.engine import Event
>>> class T: viewer = 0
>>> fishing_lessons(T(), Event("captured", 0, (), {"from": 2}))
['steal']
>>> fishing_lessons(T(), Event("turn", 1)), fishing_lessons(T(), Event("captured", 1))
(['their_turn'], ['their_capture'])
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import N_, _
from game.table.fishing_view import PLAY, TAKE
from game.table.guide_hooks import GuideHooks
from game.table.names import PLANT_NAMES, card_name
from rules.hanafuda import Card


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


class FishingGuideHooks(GuideHooks):
    """The fishing table's answers to its guide: a hand card and what it captures, the drawn
    card's choice, a choice of words over the panel."""

    def turn(self) -> bool:
        return self.table.human_to_move

    def target(self, action: Any) -> Card | None:
        """The card a play or take captures (the rules' choice when the action names none)."""
        if action.target is not None or action.kind != PLAY or action.lay:
            return action.target
        matches = self.table.input.matches(action.card)
        return matches[0] if matches else None

    def move_text(self, action: Any) -> str:
        if action.kind == TAKE:
            return N_("The drawn card matches two cards of the field: click the {target} "
                      "to take it.")
        if action.kind != PLAY:
            return super().move_text(action)
        target = self.target(action)
        if target is None:
            return N_("Your {card} matches nothing on the field: drag it onto the field, or "
                      "click it. It stays there, and another card of its month may take it.")
        if self.table.view.pile_of(target) is not None:
            return N_("This card, the {card}, is of the {plant} like the {target} in another "
                      "player's pile: drag it there to take it, or click it.")
        return N_("This card, the {card}, is of the {plant} like the {target} on the field: "
                  "drag it there to capture it, or click it.")

    def move_values(self, action: Any) -> dict[str, str]:
        values = {}
        if action.card is not None:
            values["card"] = card_name(action.card)
            values["plant"] = _(PLANT_NAMES.get(action.card.plant, action.card.plant))
        target = self.target(action)
        if target is not None:
            values["target"] = card_name(target)
        return values

    def rects(self, action: Any) -> list[pygame.Rect]:
        shown = [action.card, self.target(action)]
        if action.kind == TAKE and self.table.game.pending is not None:
            shown[0] = self.table.game.pending
        return [self.table.sprites[c].rect for c in shown if c is not None]

    def areas(self) -> list[pygame.Rect]:
        lay = self.table.layout_
        panel = lay.panel.copy()
        panel.height = lay.log_button.y - self.table.metrics.gap - panel.y
        return [panel, lay.play]

    def avoid(self) -> list[pygame.Rect]:
        """A choice of words (koi-koi or stop, a swap) goes over the panel."""
        g = self.table.game
        t = self.table
        if t.waiting_for is not None or (t.human_to_move and g.phase not in (PLAY, TAKE)):
            return [self.table.layout_.choice]
        return []
