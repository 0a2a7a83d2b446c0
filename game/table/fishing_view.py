"""``FishingView``: the cards of a fishing table as animated so far (``FishingTable.view``;
``game.table.fishing``), which its steps change one event at a time. ``PLAY`` and ``TAKE`` are
the engine's action kinds: a hand card played, and the drawn card's choice of capture.

>>> v = FishingView.empty(2); v.field[0] = DECK[0]; v.free_slot()
1
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import TYPE_CHECKING, Any

from game.table.places import sort_by_kind
from rules.hanafuda import DECK, Card

if TYPE_CHECKING:  # pragma: no cover
    pass

PLAY, TAKE = "play", "take"


@dataclass
class FishingView:
    """The cards as animated so far: hands, field slots, piles, stock, the drawn card, and
    cards lying on the field card they capture (``staged``)."""

    hands: list[list[Card]]
    field: dict[int, Card]
    piles: list[list[Card]]
    stock: list[Card]
    drawn: Card | None = None
    staged: dict[Card, Card] = dc_field(default_factory=dict)

    @classmethod
    def empty(cls, players: int) -> FishingView:
        """Every card face down on the stock, before a deal."""
        return cls([[] for _ in range(players)], {}, [[] for _ in range(players)], list(DECK))

    @classmethod
    def of(cls, game: Any) -> FishingView:
        """The engine's position as it stands (a table opened at a saved position)."""
        view = cls([list(h) for h in game.hands], dict(enumerate(game.field)),
                   [sort_by_kind(p) for p in game.piles], list(game.stock))
        if getattr(game, "phase", None) == TAKE and getattr(game, "pending", None) is not None:
            view.drawn = game.pending
        return view

    def remove(self, c: Card) -> None:
        for group in (*self.hands, *self.piles):  # piles too: a card taken from a pile
            if c in group:
                group.remove(c)
        for slot, fc in list(self.field.items()):
            if fc is c:
                del self.field[slot]
        if c in self.stock:
            self.stock.remove(c)
        if self.drawn is c:
            self.drawn = None
        self.staged.pop(c, None)

    def free_slot(self) -> int:
        slot = 0
        while slot in self.field:
            slot += 1
        return slot

    def pile_of(self, c: Card) -> int | None:
        """The seat whose capture pile holds ``c``, or None."""
        return next((s for s, pile in enumerate(self.piles) if c in pile), None)
