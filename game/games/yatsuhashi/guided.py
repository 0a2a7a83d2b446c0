"""Yatsuhashi's part of the guided first game (``game.table.guide``): the deal's winning
line from the solver, the good move to point at once the opening is played (the line's next
move while the player follows it, else the table's hint), where the guide points for a move,
and its words for one: ``SolitaireGuideHooks``, the table's ``guide_hooks``.

>>> from rules.yatsuhashi import parse_move
>>> move_words(parse_move("turn")).startswith("Click the stock")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_
from game.games.yatsuhashi.rules import yaku_label
from game.table.guide_hooks import GuideHooks
from game.table.names import card_name
from rules.yatsuhashi import Game, Move, parse_move

if TYPE_CHECKING:  # pragma: no cover
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


class SolitaireGuideHooks(GuideHooks):
    """The Yatsuhashi table's answers to its guide (see the module docstring)."""

    def __init__(self, table: Any) -> None:
        super().__init__(table)
        #: The deal's winning line (notation), followed by the guide's pointing.
        self.line: list[str] = []

    def start(self, script: GuideScript) -> None:
        """Deal the guided game, its winning line known at once (the solver's, the same on
        every machine: a budget of positions)."""
        from ai.yatsuhashi import SOLVER_NODES, WALL_CAP
        from ai.yatsuhashi_solver import solve
        self.table.guide_with(script)
        solution = solve(Game.deal(script.seed), SOLVER_NODES, seconds=WALL_CAP)
        self.line = [str(m) for m in solution.moves]
        self.table._start_deal(script.seed, known=(solution.winnable, list(self.line)))
        assert self.table.guide is not None
        self.table.guide.start()

    def suggestion(self) -> Move | None:
        """The line's next move while the player has followed it, else the table's hint."""
        g = self.table.game
        if g.is_won:
            return None
        made = [str(m) for m in g.moves]
        line = self.line
        if made == line[:len(made)] and len(made) < len(line):
            return parse_move(line[len(made)])
        return self.table.solver.hint_move()

    def move_text(self, action: Any) -> str:
        return move_words(action, action.kind == "move"
                          and not self.table.game.foundations[action.to])

    def move_values(self, action: Any) -> dict[str, str]:
        g = self.table.game
        if action.kind == "collect":
            return {"yaku": yaku_label(action.yaku or "")}
        if action.kind != "move":
            return {}
        card = action.card if action.card is not None else g.waste[-1]
        f = g.foundations[action.to]
        return {"card": card_name(card), "onto": card_name(f[-1]) if f else ""}

    def rects(self, action: Any) -> list[pygame.Rect]:
        """The stock; a move's card and where it goes; a collection's cards."""
        if action.kind in ("turn", "recycle"):
            return [self.table.layout_.stock]
        rects = [self.table.sprites[c].rect for c in self.table.solver.hint_cards(action)]
        if action.kind == "move" and not self.table.game.foundations[action.to]:
            rects.append(self.table.input.column_rect(action.to))
        return rects[:1] + rects[-1:] if action.kind == "move" else rects

    def areas(self) -> list[pygame.Rect]:
        """Over the panel above its buttons, else the play area."""
        lay = self.table.layout_
        panel = lay.panel.copy()
        panel.height = self.table.buttons["undo"].rect.y - self.table.metrics.gap - panel.y
        return [panel, lay.play]
