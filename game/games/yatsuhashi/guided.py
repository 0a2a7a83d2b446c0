"""Yatsuhashi's part of the guided first game (``game.table.guide``): the deal's winning
line from the solver, the good move to point at once the opening is played (the line's next
move while the player follows it, else the table's hint), where the guide points for a move,
and its words for one. A mixin of ``YatsuhashiTable``, kept apart from the table's modules.

>>> from rules.yatsuhashi import parse_move
>>> move_words(parse_move("turn")).startswith("Click the stock")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_
from game.games.yatsuhashi.rules import yaku_label
from game.table.base import CardTable
from game.table.names import card_name
from rules.yatsuhashi import Game, Move, parse_move

if TYPE_CHECKING:  # pragma: no cover
    from game.games.yatsuhashi.layout import TableLayout
    from game.table.guide import GuideScript

_WORDS = {
    "turn": N_("Click the stock, top left, to turn its top card onto the waste."),
    "recycle": N_("The stock is empty: click it to turn the waste over into a new stock."),
    "collect": N_("The cards of {yaku} are all free: click one of them to collect the yaku."),
    "move": N_("Drag the {card} onto the {onto}, one month later; or click it to send it "
               "there."),
    "empty": N_("Drag the {card} to the empty foundation, or click it."),
}


def move_words(move: Move, empty: bool = False) -> str:
    """The guide's words for ``move`` (a msgid; ``empty``: a move to an empty foundation)."""
    if move.kind == "move":
        return _WORDS["empty" if empty else "move"]
    return _WORDS[move.kind]


class GuidedSolitaire(CardTable):
    """The guide's hooks at the Yatsuhashi table (see the module docstring)."""

    if TYPE_CHECKING:  # what this reads of the table
        game: Game
        layout_: TableLayout
        buttons: dict[str, Any]

        def _start_deal(self, number: int, *,
                        known: tuple[bool | None, list[str]] | None = None) -> None: ...

        def hint_move(self) -> Move | None: ...

        def _hint_cards(self, move: Move) -> list[Any]: ...

        def column_rect(self, i: int) -> pygame.Rect: ...

    #: The deal's winning line (notation), followed by the guide's pointing.
    guide_line: list[str] = []

    def start_guided(self, script: GuideScript) -> None:
        """Deal the guided game, its winning line known at once (the solver's, the same on
        every machine: a budget of positions)."""
        from ai.yatsuhashi import SOLVER_NODES, WALL_CAP
        from ai.yatsuhashi_solver import solve
        self.guide_with(script)
        solution = solve(Game.deal(script.seed), SOLVER_NODES, seconds=WALL_CAP)
        self.guide_line = [str(m) for m in solution.moves]
        self._start_deal(script.seed, known=(solution.winnable, list(self.guide_line)))
        assert self.guide is not None
        self.guide.start()

    def guide_suggestion(self) -> Move | None:
        """The line's next move while the player has followed it, else the table's hint."""
        g = self.game
        if g.is_won:
            return None
        made = [str(m) for m in g.moves]
        line = self.guide_line
        if made == line[:len(made)] and len(made) < len(line):
            return parse_move(line[len(made)])
        return self.hint_move()

    def guide_move_text(self, action: Any) -> str:
        return move_words(action, action.kind == "move"
                          and not self.game.foundations[action.to])

    def guide_move_values(self, action: Any) -> dict[str, str]:
        g = self.game
        if action.kind == "collect":
            return {"yaku": yaku_label(action.yaku or "")}
        if action.kind != "move":
            return {}
        card = action.card if action.card is not None else g.waste[-1]
        f = g.foundations[action.to]
        return {"card": card_name(card), "onto": card_name(f[-1]) if f else ""}

    def guide_rects(self, action: Any) -> list[pygame.Rect]:
        """The stock; a move's card and where it goes; a collection's cards."""
        if action.kind in ("turn", "recycle"):
            return [self.layout_.stock]
        rects = [self.sprites[c].rect for c in self._hint_cards(action)]
        if action.kind == "move" and not self.game.foundations[action.to]:
            rects.append(self.column_rect(action.to))
        return rects[:1] + rects[-1:] if action.kind == "move" else rects

    def guide_areas(self) -> list[pygame.Rect]:
        """Over the panel above its buttons, else the play area."""
        lay = self.layout_
        panel = lay.panel.copy()
        panel.height = self.buttons["undo"].rect.y - self.metrics.gap - panel.y
        return [panel, lay.play]
