"""The table's side of the guided first game (``game.table.guide``): the questions a guide
asks its table, with the kit's answers. A table holds one ``GuideHooks`` (``table.guide_hooks``,
of its ``GUIDE_HOOKS`` class); a game's subclass answers what its cards need
(``game.table.fishing_guide.FishingGuideHooks``, ``game.table.climbing_guide``,
``game.games.yatsuhashi.guided``).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import N_

#: The guide's words for a move when neither script nor table says more.
_GUIDE_MOVE = N_("Make the move the arrow shows.")


class GuideHooks:
    """What the guide asks ``table``: whose turn, the words and places of a move, where its
    box may go and what it must not cover."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def suggestion(self) -> Any:
        """A good move to point at once the opening is played (None: point at nothing)."""
        return None

    def turn(self) -> bool:
        """The player is to make a move now, nothing animating."""
        t = self.table
        seat = t.game.current_player
        return t.idle and seat is not None and t.seating.is_human(seat)

    def move_text(self, action: Any) -> str:
        """The guide's words for an opening move a script leaves to the table (a msgid)."""
        return _GUIDE_MOVE

    def move_values(self, action: Any) -> dict[str, str]:
        """The values ``move_text`` names."""
        return {}

    def rects(self, action: Any) -> list[pygame.Rect]:
        """Where the guide points for ``action``: the cards it names."""
        sprites = self.table.sprites
        shown = [getattr(action, name, None) for name in ("card", "target")]
        return [sprites[c].rect for c in shown if c in sprites and sprites[c].alpha > 0]

    def areas(self) -> list[pygame.Rect]:
        """Where the guide's box may go, in order of preference: the panel, the play area."""
        lay = getattr(self.table, "layout_", None)
        return [r for r in (getattr(lay, "panel", None), getattr(lay, "play", None))
                if r is not None] or [pygame.Rect((0, 0), self.table.size)]

    def avoid(self) -> list[pygame.Rect]:
        """What the guide's box must not cover beyond what it points at."""
        return []
