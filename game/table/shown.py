"""``ShownState``: what a table's panel and turn show (``table.as_shown``, a part of
``CardTable``): the game as its cards show it, not as the engine has it.

The panel is painted for ``panel()``: the table's ``panel_key()`` caught up with (``key``) once
nothing has been animated for ``CALM`` updates, so a move's frame, and the frame that finished
every animation at a key, do not paint it too. A press that cuts an animation short and plays
at once (``settled``) leaves no calm updates between two moves: the panel then catches up the
update after. Whose turn the table shows (``turn()``: the panel's marker and the gold seat
name alike) passes with it. Before the first update, and under a screen over the table (a
result page: the table stops, and its panel must say what the page says), both are the game's
now.
"""

from __future__ import annotations

from typing import Any


class ShownState:
    """See the module docstring."""

    #: Updates with nothing animated before the panel shows what changed.
    CALM = 3

    def __init__(self, table: Any) -> None:
        self.table = table
        #: The ``panel_key`` the panel shows (None: not caught up with yet).
        self.key: Any = None
        self._turn: int | None = None  # the ``turn_live`` of ``key``
        self._calm = 0  # updates in a row that ended with nothing animated
        self._owed = 0  # updates since a settle the panel has not caught up with (0: none)

    def update(self) -> None:
        """At the end of the table's update: catch up once still, or the update after a
        settle (the settle's own frame has the cards to paint), even if the move it let
        through animates on: else it would wait for that move's end, a turn behind the
        piles."""
        t = self.table
        self._calm = 0 if t.animating else self._calm + 1
        if self._calm >= self.CALM or self._owed > 1:
            self.key, self._turn = t.panel_key(), t.turn_live()
            self._owed = 0
        elif self._owed:
            self._owed += 1

    def settled(self) -> None:
        """Every running animation was finished at once (``CardTable.settle_now``)."""
        if self.table.animating:
            self._owed = 1

    def panel(self) -> Any:
        """The ``panel_key`` to paint the panel for."""
        return self.table.panel_key() if self._live() else self.key

    def turn(self) -> int | None:
        """The seat the table shows to move (None: none): a seat's name turned gold while
        the panel's marker waited for the cards, and the two named different seats for a
        moment after every move."""
        return self.table.turn_live() if self._live() else self._turn

    def _live(self) -> bool:
        t = self.table
        return self.key is None or (t.app is not None and t.app.stack.top is not t)
