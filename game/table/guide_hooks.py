"""The table's side of the guided first game (``game.table.guide``): the hooks a guide asks
a table, with the kit's answers; a game's table overrides what its cards need. ``CardTable``
inherits them, as it does its coach's (``game.table.coach.CoachedTable``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_

if TYPE_CHECKING:  # pragma: no cover
    from game.table.guide import Guide

#: The guide's words for a move when neither script nor table says more.
_GUIDE_MOVE = N_("Make the move the arrow shows.")


class GuidedTable:
    """The guide's hooks (a mixin of ``CardTable``: ``self`` is the table)."""

    guide: Guide | None
    saves: bool
    game: Any
    sprites: Any
    size: tuple[int, int]
    if TYPE_CHECKING:  # (the table's, as CardTable has them)
        @property
        def idle(self) -> bool: ...

        def is_human(self, seat: int) -> bool: ...

    def guide_with(self, script: Any) -> None:
        """Make this table the guided first game of ``script`` (a ``GuideScript``), before
        its deal: never saved (nor counted: ``record_result``). Then ``guide.start()``."""
        from game.table.guide import Guide
        self.guide = Guide(self, script)
        self.saves = False

    def guide_suggestion(self) -> Any:
        """A good move to point at once the opening is played (None: point at nothing)."""
        return None

    def guide_turn(self) -> bool:
        """The player is to make a move now, nothing animating (override)."""
        g = self.game
        return self.idle and g.current_player is not None and self.is_human(g.current_player)

    def guide_move_text(self, action: Any) -> str:
        """The guide's words for an opening move a script leaves to the table (a msgid)."""
        return _GUIDE_MOVE

    def guide_move_values(self, action: Any) -> dict[str, str]:
        """The values ``guide_move_text`` names."""
        return {}

    def guide_rects(self, action: Any) -> list[pygame.Rect]:
        """Where the guide points for ``action``: the cards it names (override)."""
        shown = [getattr(action, name, None) for name in ("card", "target")]
        return [self.sprites[c].rect for c in shown
                if c in self.sprites and self.sprites[c].alpha > 0]

    def guide_areas(self) -> list[pygame.Rect]:
        """Where the guide's box may go, in order of preference: the panel, the play area."""
        lay = getattr(self, "layout_", None)
        return [r for r in (getattr(lay, "panel", None), getattr(lay, "play", None))
                if r is not None] or [pygame.Rect((0, 0), self.size)]

    def guide_avoid(self) -> list[pygame.Rect]:
        """What the guide's box must not cover beyond what it points at (override)."""
        return []
