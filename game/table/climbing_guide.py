"""The climbing table's answers to its guided first game (``game.table.guide``): the cards
to select and Play, or Pass; the guide's box over the panel or the trick.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import N_
from game.table.climbing_view import ClimbingView, Copy
from game.table.guide_hooks import GuideHooks
from rules.climbing import classify


class ClimbingGuideHooks(GuideHooks):
    """The climbing table's answers to its guide (see the module docstring)."""

    def turn(self) -> bool:
        return self.table.human_to_move

    def move_text(self, action: Any) -> str:
        if action.kind == "pass":
            return N_("Press Pass (or P): you play nothing this time, and may play again when "
                      "your turn comes round.")
        return N_("Select {cards} (click each card, or drag across them), then press Play: "
                  "{meld}.")

    def move_values(self, action: Any) -> dict[str, str]:
        if action.kind == "pass":
            return {}
        cards = list(action.cards)
        meld = classify(cards)
        return {"cards": " ".join(map(str, cards)),
                "meld": self.table.meld_name(meld.kind if meld else "", cards)}

    def cards(self, action: Any) -> list[Copy]:
        """The player's copies of the cards ``action`` plays."""
        cards = list(action.cards) if action.kind == "play" else []
        return ClimbingView.take_from(list(self.table.view.hands[self.table.viewer]), cards)

    def rects(self, action: Any) -> list[pygame.Rect]:
        """The cards still to select, or the button to press once they are."""
        if action.kind == "pass":
            return [self.table.pass_button.rect]
        cards = self.cards(action)
        if set(cards) == self.table.selected:
            return [self.table.play_button.rect]
        return [self.table.sprites[c].rect for c in cards if c not in self.table.selected]

    def areas(self) -> list[pygame.Rect]:
        lay = self.table.layout_
        panel = lay.panel.copy()
        panel.height = lay.log_button.y - self.table.metrics.gap - panel.y
        return [panel, lay.trick]
