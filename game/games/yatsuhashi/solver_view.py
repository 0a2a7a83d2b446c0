"""The Yatsuhashi table's solver: the indicator's verdicts, hints and winnable deals.

``SolverView`` holds these methods of ``YatsuhashiTable`` (``game.games.yatsuhashi.table``). The
solver runs in the table's background worker (``table.ai``, as "solver"), on a copy of the game; its
verdicts are kept per position (``verdicts``: key -> winnable or not or unknown, and a winning
line in notation), so undoing to a position seen before answers at once, and two facts save
most of the work: a move on the winning line leads to a winnable position (the rest of the
line), and every position reached from one that cannot be won cannot be won. A hint is the
next move of a winning line when one is known, else the rule of thumb on what the player sees
(``ai.yatsuhashi.useful_move``). With "winnable deals only", the worker looks for a deal it can
prove winnable before the deal is dealt; so it does when the player takes the table's offer of
one (a deal it proved cannot be won as dealt: ``Deals.offer_stands``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ai.yatsuhashi import SOLVER_NODES, WALL_CAP, useful_move
from game.i18n import _
from rules.hanafuda import Card
from rules.yatsuhashi import Move, parse_move

if TYPE_CHECKING:  # pragma: no cover
    pass

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


class SolverView:
    """The solver half of ``YatsuhashiTable``: verdicts, hints, winnable deals."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def key(self) -> tuple:
        return self.table.game.key()

    def inherit_verdict(self, before: tuple, move: Move) -> None:
        """What is known of the new position from the one before: the rest of a winning line
        after its first move, or "not winnable" after a position that cannot be won."""
        t = self.table
        known = t.verdicts.get(before)
        if known is None:
            return
        winnable, line = known
        key = self.key()
        if winnable is False:
            t.verdicts.setdefault(key, (False, []))
        elif winnable and line and parse_move(line[0]) == move:
            t.verdicts.setdefault(key, (True, line[1:]))

    # The solver ------------------------------------------------------------------------------
    def ask(self) -> None:
        """Have the worker decide the position unless it is known (only when it is shown)."""
        t = self.table
        key = self.key()
        if key in t.verdicts or t.finding is not None:
            return
        if t.asked == key and t.ai.busy(SOLVER):
            return
        t.asked = key
        t.solver_lost = False   # a fresh child tries again
        t.ai.request(SOLVER, "ai.yatsuhashi:solve_position", t.game.to_dict(),
                        *SOLVE_BUDGET)

    def poll(self) -> None:
        t = self.table
        answer = t.ai.poll(SOLVER, self.lost)
        if answer is None:
            return
        if t.finding is not None:
            self.found(*answer)
            return
        winnable, line = answer
        if t.asked is not None:
            # (The line is kept in notation and read a move at a time: parsing its hundred
            # moves at once cost the frame the answer came in most of a millisecond.)
            t.verdicts[t.asked] = (winnable, list(line))
        t.asked = None

    def lost(self) -> None:
        """The solver's process kept dying on this job: play goes on without its answer. The
        indicator says so, hints use the rule of thumb, and a winnable deal being looked for
        is dealt as it is (the player is told it is not proven)."""
        t = self.table
        t.solver_lost = True
        t.asked = None
        if t.finding is not None:
            number = t.finding["number"]
            t.finding = None
            t._start_deal(number)
            t.input._refuse(_("The solver is unavailable: this deal was not checked."))

    # Winnable deals only ---------------------------------------------------------------------
    def find_winnable_deal(self, first: int | None = None) -> None:
        """Look for a deal the solver proves winnable, from ``first`` (or a random deal
        number) on to random ones, in the background; the table shows the progress."""
        t = self.table
        t.drag.cancel()
        t.queue.clear()
        t.asked = None
        t._gather()       # the cards wait on the stock, face down, until a deal is found
        t.dealing = True
        number = first if first is not None else t.rng.randint(1, 99_999)
        t.finding = {"checked": 0, "number": number}
        t.ai.request(SOLVER, "ai.yatsuhashi:solve_deal", number, *FIND_BUDGET)

    def found(self, number: int, winnable: bool | None, line: list[str]) -> None:
        t = self.table
        assert t.finding is not None
        t.finding["checked"] += 1
        if not winnable:
            t.finding["number"] = t.rng.randint(1, 99_999)
            t.ai.request(SOLVER, "ai.yatsuhashi:solve_deal", t.finding["number"],
                            *FIND_BUDGET)
            return
        t.finding = None
        t._start_deal(number, known=(True, list(line)))

    # Hints -----------------------------------------------------------------------------------
    def hint_move(self) -> Move | None:
        """A move on a winning line when the solver has one, else ``thumb_move()``.

        The solver sees the whole position, face-down cards too: the table tells the player
        whether the deal can still be won (its indicator), and a hint is a move on a winning
        line, never what a card is. Without a winning line, the rule of thumb sees only what
        the player sees."""
        known = self.table.verdicts.get(self.key())
        if known is not None and known[0] and known[1]:
            return parse_move(known[1][0])
        return self.thumb_move()

    def thumb_move(self) -> Move | None:
        """The most useful legal move by rule of thumb (``ai.yatsuhashi.useful_move``, on the
        player's observation); None when the rules say no move can help any more (the status
        line says so too)."""
        g = self.table.game
        if g.is_won or g.is_stuck:
            return None
        return useful_move(g.observation(0), g.moves[-1] if g.moves else None)

    def show_hint(self) -> None:
        t = self.table
        if t.finding is not None or t.game.is_won:
            return
        t.settle_now()
        move = self.hint_move()
        if move is None:
            t.input._refuse(_("No moves left: undo, or start a new deal."))
            return
        t.hint = (move, HINT_TIME)
        t.play("click")

    def hint_cards(self, move: Move) -> list[Card]:
        g = self.table.game
        if move.kind == "collect":
            return list(move.cards)
        if move.kind != "move":
            return []
        cards = g.segment(move.card) if move.card is not None else g.waste[-1:]
        f = g.foundations[move.to]
        return list(cards) + f[-1:]
