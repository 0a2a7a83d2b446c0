"""Who sits at a table and what the table calls them: the seats of the setup ("human" or a
computer level), "You", "Player 2", "Computer — Normal" or, with several computers,
"Computer 2 (Normal)", and sentences addressed to the player or naming another seat.

A table holds one ``Seats`` (``table.seating``), made on its setup:

>>> from game.setups import GameSetup
>>> seating = Seats(GameSetup("hearts600", ["human", "easy", "hard"], {}, 1))
>>> seating.name(0), seating.name(2), seating.short_name(2), seating.is_human(1)
('You', 'Computer 2 (Hard)', 'Computer 2', False)
>>> seating.phrase(1, "You play on.", "{who} plays on.")
'Computer 1 (Easy) plays on.'
"""

from __future__ import annotations

from typing import Any

from game.i18n import _


class Seats:
    """The seats of ``setup`` and their names (``setup.seats``: "human" or a computer
    level; None: no seats yet)."""

    def __init__(self, setup: Any) -> None:
        self.setup = setup

    @property
    def seats(self) -> list[str]:
        return list(self.setup.seats) if self.setup is not None else []

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == "human"

    def is_you(self, seat: int | None) -> bool:
        """``seat`` is the one human at the table (addressed as "you")."""
        return seat is not None and self.is_human(seat) and self.seats.count("human") == 1

    def name(self, seat: int | None) -> str:
        """"You", "Player 2" (friends at one screen), "Computer — Normal" (one computer, or
        one other player), or with several computers "Computer 2 (Normal)"."""
        if seat is None:
            return _("Nobody")
        from game.catalog import level_label
        if self.is_human(seat):
            if self.seats.count("human") > 1:
                return _("Player {n}").format(n=seat + 1)
            return _("You")
        if not self.computers_numbered():
            return level_label(self.seats[seat])
        return _("Computer {n} ({level})").format(n=self.computer_number(seat),
                                                 level=level_label(self.seats[seat], short=True))

    def short_name(self, seat: int) -> str:
        """The name over a seat's cards: "Computer 2", "Player 3" or "You"."""
        if self.is_human(seat) or not self.computers_numbered():
            return self.name(seat)
        return _("Computer {n}").format(n=self.computer_number(seat))

    def computers_numbered(self) -> bool:
        """Are the computers told apart by number (two or more of them at the table)?"""
        return len(self.seats) - self.seats.count("human") >= 2

    def computer_number(self, seat: int) -> int:
        """1, 2, 3 ... for the computer seats in seat order (0 when ``seat`` is human)."""
        if self.is_human(seat):
            return 0
        return sum(1 for s in range(seat + 1) if not self.is_human(s))

    def phrase(self, seat: int | None, you: str, other: str, **values: Any) -> str:
        """``you`` when ``seat`` is the player ("You play on."), else ``other`` with the
        seat's name for ``{who}`` ("Computer — Easy plays on."); ``values`` fill the rest."""
        if self.is_you(seat):
            return you.format(**values)
        return other.format(who=self.name(seat), **values)
