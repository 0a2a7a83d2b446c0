"""The Yatsuhashi table's assistant: the solver's jobs for the background worker, and the hint
to give when the solver has no winning line (from what the player sees: no face-down card).

The jobs take and return plain data (a game's ``to_dict``, moves in notation) so that they can
run in a child process (``ai.background.ProcessWorker``).

The solver (``ai.yatsuhashi_solver``: the rules' search, ``rules.yatsuhashi.solve_within``, with
a wall-clock cap) has a budget of ``SOLVER_NODES`` positions, the same on every machine and under
any load, so a position gets the same answer everywhere; ``WALL_CAP`` seconds of wall clock, the
jobs' own cap, is only a last resort.

>>> winnable, line = solve_position(Game.deal(3).to_dict(), WALL_CAP, SOLVER_NODES)
>>> winnable, len(line) > 40
(True, True)
"""

from __future__ import annotations

from typing import Any

from ai import yatsuhashi_solver
from rules.yatsuhashi import Game, Move, YatsuhashiObservation

#: Positions the solver may generate for one position or deal: every deal of 1-3,000 is
#: decided within it (the hardest, deal 2414, needs 1,517,680; p95 7,136; see
#: docs/yatsuhashi_winnability.md). At most about 40 s of one core of the development VM, and
#: a few hundred MB in the solver's process (515 MB at the peak of deal 2802's 1,176,089; up to
#: ~900 MB for a search that used it all), which then retires (ai.background.RETIRE_ABOVE).
SOLVER_NODES = 2_000_000
#: Seconds (wall clock) after which a search gives up anyway: a last resort that only a
#: machine many times slower than the development VM reaches within ``SOLVER_NODES``. It
#: keeps a runaway search from holding the solver's process (and every request after it)
#: without end; the answer is then "undecided", never a wrong verdict.
WALL_CAP = 300.0


def solve_position(game: dict[str, Any], seconds: float = WALL_CAP,
                   max_nodes: int = SOLVER_NODES) -> tuple[bool | None, list[str]]:
    """Can the game (``Game.to_dict()``) still be won? The verdict and a winning line within
    ``max_nodes`` positions (a budget that does not depend on the machine, as in ``solve``)
    or ``seconds`` of wall clock, whichever comes first."""
    solution = yatsuhashi_solver.solve(Game.from_dict(game), max_nodes, seconds=seconds)
    return solution.winnable, [str(m) for m in solution.moves]


def solve_deal(number: int, seconds: float = WALL_CAP,
               max_nodes: int = SOLVER_NODES) -> tuple[int, bool | None, list[str]]:
    """``solve_position`` of deal ``number`` as dealt (for "winnable deals only")."""
    solution = yatsuhashi_solver.solve(Game.deal(number), max_nodes, seconds=seconds)
    return number, solution.winnable, [str(m) for m in solution.moves]


def useful_move(seen: YatsuhashiObservation, last: Move | None = None) -> Move | None:
    """The most useful legal move by rule of thumb, from what the player sees (``seen``, the
    game's ``observation(0)``; ``last``: the player's last move, never undone straight away);
    None when no move is legal.

    In order: collect a yaku; turn up a face-down card; play the waste card onto a foundation;
    empty a foundation; a move that builds on a longer run; then turning the stock. Whether
    turning the stock can still help depends on cards the player has not seen: the rules
    decide it (``Game.is_stuck``), and the table asks them first (its status line says so).

    >>> game = Game.from_layout([["3R", "2R", "1R"], []], [], face_down=[0, 0])
    >>> str(useful_move(game.observation(0)))
    'collect akatan 1R,2R,3R'
    """
    moves = seen.legal_actions
    ups, downs = seen.foundations, seen.face_down
    where = {c: (i, k) for i, up in enumerate(ups) for k, c in enumerate(up)}

    def score(m: Move) -> int:
        if m.kind == "collect":
            return 100
        if m.kind != "move":
            return -1
        dest = ups[m.to]  # a foundation's top card is face up: empty when it has no card
        if m.card is None:
            return 60 if dest else 20
        if last is not None and last.kind == "move" and last.card is m.card:
            return -2  # straight back where it came from
        i, k = where[m.card]  # the bottom face-up card (k == 0) uncovers or empties
        if k == 0 and downs[i]:
            return 80  # a face-down card turns up
        if k == 0:
            return 40 if dest else -2  # empties a foundation (into an empty one: pointless)
        return 10 if dest else 0
    best = max(moves, key=score, default=None)
    if best is not None and score(best) >= 0:
        return best
    return next((m for m in moves if m.kind in ("turn", "recycle")), best)
