"""The Yatsuhashi table's solver: the indicator's verdicts, hints and winnable deals.

``SolverView`` holds these methods of ``YatsuhashiTable`` (``game.games.yatsuhashi.table``). The
solver runs in the table's background worker (``table.ai``, as "solver"), on a copy of the game; its
verdicts are kept per position (``verdicts``: key -> winnable or not or unknown, and a winning
line in notation), so undoing to a position seen before answers at once, and two facts save
most of the work: a move on the winning line leads to a winnable position (the rest of the
line), and every position reached from one that cannot be won cannot be won. A hint is the
next move of a winning line when one is known, else the rule of thumb on what the player sees
(``ai.yatsuhashi.useful_move``). With "winnable deals only", the worker looks for a deal it can
prove winnable before the deal is dealt.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ai.yatsuhashi import SOLVER_NODES, WALL_CAP, useful_move
from game.i18n import _
from game.table.base import CardTable
from rules.hanafuda import Card
from rules.yatsuhashi import Game, Move, parse_move

if TYPE_CHECKING:  # pragma: no cover
    from game.games.yatsuhashi.input import SolitaireInput

#: The background solver's budget for one position, and for each candidate deal when looking
#: for a winnable one: positions (``ai.yatsuhashi.SOLVER_NODES``: every deal of 1-3,000 is
#: decided within it, whatever the machine's load), and a last-resort wall-clock cap in seconds.
#: Passed in this order (seconds, positions): tools/soak_input.py replaces the positions.
SOLVE_BUDGET = (WALL_CAP, SOLVER_NODES)
FIND_BUDGET = (WALL_CAP, SOLVER_NODES)
#: The solver's name for its requests to the table's scheduler (``game.table.scheduler``).
SOLVER = "solver"
#: Seconds a hint glows.
HINT_TIME = 4.0


class SolverView(CardTable):
    """The solver half of ``YatsuhashiTable``: verdicts, hints, winnable deals."""

    if TYPE_CHECKING:  # what it reads of the table (game.games.yatsuhashi.table)
        input: SolitaireInput
        game: Game
        verdicts: dict[tuple, tuple[bool | None, list[str]]]
        finding: dict[str, Any] | None
        asked: tuple | None
        solver_lost: bool
        dealing: bool
        rng: random.Random
        hint: tuple[Move, float] | None

        def _gather(self) -> None: ...

        def _start_deal(self, number: int, *,
                        known: tuple[bool | None, list[str]] | None = None) -> None: ...

        def _refuse(self, reason: str) -> None: ...

    def _key(self) -> tuple:
        return self.game.key()

    def _inherit_verdict(self, before: tuple, move: Move) -> None:
        """What is known of the new position from the one before: the rest of a winning line
        after its first move, or "not winnable" after a position that cannot be won."""
        known = self.verdicts.get(before)
        if known is None:
            return
        winnable, line = known
        key = self._key()
        if winnable is False:
            self.verdicts.setdefault(key, (False, []))
        elif winnable and line and parse_move(line[0]) == move:
            self.verdicts.setdefault(key, (True, line[1:]))

    # The solver ------------------------------------------------------------------------------
    def _ask_solver(self) -> None:
        """Have the worker decide the position unless it is known (only when it is shown)."""
        key = self._key()
        if key in self.verdicts or self.finding is not None:
            return
        if self.asked == key and self.ai.busy(SOLVER):
            return
        self.asked = key
        self.solver_lost = False   # a fresh child tries again
        self.ai.request(SOLVER, "ai.yatsuhashi:solve_position", self.game.to_dict(),
                        *SOLVE_BUDGET)

    def _poll_worker(self) -> None:
        answer = self.ai.poll(SOLVER, self._lost_solver)
        if answer is None:
            return
        if self.finding is not None:
            self._found(*answer)
            return
        winnable, line = answer
        if self.asked is not None:
            # (The line is kept in notation and read a move at a time: parsing its hundred
            # moves at once cost the frame the answer came in most of a millisecond.)
            self.verdicts[self.asked] = (winnable, list(line))
        self.asked = None

    def _lost_solver(self) -> None:
        """The solver's process kept dying on this job: play goes on without its answer. The
        indicator says so, hints use the rule of thumb, and a winnable deal being looked for
        is dealt as it is (the player is told it is not proven)."""
        self.solver_lost = True
        self.asked = None
        if self.finding is not None:
            number = self.finding["number"]
            self.finding = None
            self._start_deal(number)
            self.input._refuse(_("The solver is unavailable: this deal was not checked."))

    def verdict(self) -> bool | None | str:
        """The indicator: True, False, None (the solver gave up), "thinking", or
        "unavailable" (its process kept stopping)."""
        known = self.verdicts.get(self._key())
        if known is None:
            return "unavailable" if self.solver_lost else "thinking"
        return known[0]

    # Winnable deals only ---------------------------------------------------------------------
    def _find_winnable_deal(self, first: int | None = None) -> None:
        """Look for a deal the solver proves winnable, from ``first`` (or a random deal
        number) on to random ones, in the background; the table shows the progress."""
        self.drag.cancel()
        self.queue.clear()
        self.asked = None
        self._gather()       # the cards wait on the stock, face down, until a deal is found
        self.dealing = True
        number = first if first is not None else self.rng.randint(1, 99_999)
        self.finding = {"checked": 0, "number": number}
        self.ai.request(SOLVER, "ai.yatsuhashi:solve_deal", number, *FIND_BUDGET)

    def _found(self, number: int, winnable: bool | None, line: list[str]) -> None:
        assert self.finding is not None
        self.finding["checked"] += 1
        if not winnable:
            self.finding["number"] = self.rng.randint(1, 99_999)
            self.ai.request(SOLVER, "ai.yatsuhashi:solve_deal", self.finding["number"],
                            *FIND_BUDGET)
            return
        self.finding = None
        self._start_deal(number, known=(True, list(line)))

    # Hints -----------------------------------------------------------------------------------
    def hint_move(self) -> Move | None:
        """A move on a winning line when the solver has one, else ``thumb_move()``.

        The solver sees the whole position, face-down cards too: the table tells the player
        whether the deal can still be won (its indicator), and a hint is a move on a winning
        line, never what a card is. Without a winning line, the rule of thumb sees only what
        the player sees."""
        known = self.verdicts.get(self._key())
        if known is not None and known[0] and known[1]:
            return parse_move(known[1][0])
        return self.thumb_move()

    def thumb_move(self) -> Move | None:
        """The most useful legal move by rule of thumb (``ai.yatsuhashi.useful_move``, on the
        player's observation); None when the rules say no move can help any more (the status
        line says so too)."""
        g = self.game
        if g.is_won or g.is_stuck:
            return None
        return useful_move(g.observation(0), g.moves[-1] if g.moves else None)

    def show_hint(self) -> None:
        if self.finding is not None or self.game.is_won:
            return
        self.settle_now()
        move = self.hint_move()
        if move is None:
            self.input._refuse(_("No moves left: undo, or start a new deal."))
            return
        self.hint = (move, HINT_TIME)
        self.play("click")

    def _hint_cards(self, move: Move) -> list[Card]:
        g = self.game
        if move.kind == "collect":
            return list(move.cards)
        if move.kind != "move":
            return []
        cards = g.segment(move.card) if move.card is not None else g.waste[-1:]
        f = g.foundations[move.to]
        return list(cards) + f[-1:]

