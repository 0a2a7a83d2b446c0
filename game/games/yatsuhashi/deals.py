"""The Yatsuhashi table's deals: a new deal, a deal by number, a restart and the winnable deal
offered for one the solver proved cannot be won, each asked first when a deal in progress
would be abandoned (``Deals``, the table's ``deals``).
"""

from __future__ import annotations

from typing import Any, Callable

from game.i18n import _
from game.widgets.dialog import Dialog, NumberDialog

#: The highest deal number (every number from 1 is the same deal on every computer).
MAX_DEAL = 999_999_999


class Deals:
    """What the table's deal buttons and keys do (see the module docstring)."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def new_deal(self) -> None:
        t = self.table
        if t.winnable_only:
            t.solver.find_winnable_deal()
        else:
            t._start_deal(t.rng.randint(1, 99_999))

    def play_deal(self, number: int) -> None:
        self.table._start_deal(number)

    def _confirm(self, title: str, go: Callable[[], None], label: str) -> None:
        """Ask before throwing away a deal in progress."""
        t = self.table
        if t.guide is not None:
            t.input._refuse(_("The guided game keeps its deal: press Leave guide to play "
                              "another."))
            return
        if not t.started or t.game.is_won or t.app is None:
            go()
            return
        t.app.push(Dialog(title, _("The deal in progress will count as abandoned."),
                          [(label, go), (_("Keep playing"), None)]))

    def offer_stands(self) -> bool:
        """The solver proved the deal as dealt cannot be won and the player has not moved:
        a winnable deal is offered, beside the message line (a move plays on: it goes)."""
        t = self.table
        return (not t.started and t.finding is None and t.guide is None
                and t.demo is None and t.verdict() is False)

    def deal_winnable(self) -> None:
        """The offer taken: a deal the solver proves winnable, found as "winnable deals only"
        finds one (no move of the player's is lost: nothing to ask)."""
        self.table.solver.find_winnable_deal()

    def ask_new_deal(self) -> None:
        self._confirm(_("Start a new deal?"), self.new_deal, _("New deal"))

    def ask_restart(self) -> None:
        self._confirm(_("Restart this deal?"), self.table.restart, _("Restart"))

    def ask_deal_number(self) -> None:
        t = self.table
        t.host.push(NumberDialog(
            _("Play a deal by number"),
            _("Every deal number from 1 to 999,999,999 is the same deal on every computer."),
            _("Deal number"), t.deal_number,
            lambda n: self._confirm(_("Play deal {n}?").format(n=n),
                                    lambda: self.play_deal(n), _("Play")),
            _("Play"), maximum=MAX_DEAL))
