"""The Yatsuhashi table's assistant: the solver's jobs for the background worker, and the hint
to give when the solver has no winning line.

The jobs take and return plain data (a game's ``to_dict``, moves in notation) so that they can
run in a child process (``ai.background.ProcessWorker``).

>>> winnable, line = solve_position(Game.deal(3).to_dict(), 30.0)
>>> winnable, len(line) > 40
(True, True)
"""

from __future__ import annotations

from typing import Any

from rules.yatsuhashi import Game, Move


def solve_position(game: dict[str, Any], seconds: float) -> tuple[bool | None, list[str]]:
    """Can the game (``Game.to_dict()``) still be won? The verdict and a winning line."""
    from rules import yatsuhashi_solver
    solution = yatsuhashi_solver.solve(Game.from_dict(game), seconds)
    return solution.winnable, [str(m) for m in solution.moves]


def solve_deal(number: int, seconds: float) -> tuple[int, bool | None, list[str]]:
    """``solve_position`` of deal ``number`` as dealt (for "winnable deals only")."""
    from rules import yatsuhashi_solver
    solution = yatsuhashi_solver.solve(Game.deal(number), seconds)
    return number, solution.winnable, [str(m) for m in solution.moves]


def useful_move(game: Game) -> Move | None:
    """The most useful legal move by rule of thumb, or None when nothing can help any more.

    In order: collect a yaku; turn up a face-down card; play the waste card onto a foundation;
    empty a foundation; a move that builds on a longer run; then turning the stock (when some
    card in it can still be played).

    >>> str(useful_move(Game.from_layout([["3R", "2R", "1R"], []], [], face_down=[0, 0])))
    'collect akatan 1R,2R,3R'
    """
    if game.is_won:
        return None
    moves = game.legal_moves()
    last = game.moves[-1] if game.moves else None
    fd = game.face_down
    found = game.foundations

    def score(m: Move) -> int:
        if m.kind == "collect":
            return 100
        if m.kind != "move":
            return -1
        dest = found[m.to]
        if m.card is None:
            return 60 if dest else 20
        loc = game.location(m.card)
        assert loc is not None
        _kind, i, pos = loc
        if last is not None and last.kind == "move" and last.card is m.card:
            return -2  # straight back where it came from
        if pos > 0 and pos == fd[i]:
            return 80  # a face-down card turns up
        if pos == 0:
            return 40 if dest else -2  # empties a foundation (into an empty one: pointless)
        return 10 if dest else 0
    best = max(moves, key=score, default=None)
    if best is not None and score(best) >= 0:
        return best
    if game.is_stuck:
        return None
    return next((m for m in moves if m.kind in ("turn", "recycle")), best)
