"""What every part of the fishing table reads: ``FishingView`` (the cards as animated so far)
and ``FishingBase``, the table's view of them: who sits where on screen, which hands are face
up, where each card goes (``places``), the panel's figures and whether the player is to move.

``FishingTable`` (``game.table.fishing``) is made of ``FishingBase`` and three parts on it:
its engine steps (``game.table.fishing_steps``), its input (``game.table.fishing_input``) and
its drawing (``game.table.fishing_drawing``). ``PLAY`` and ``TAKE`` are the engine's action
kinds: a hand card played, and the drawn card's choice of capture.

>>> v = FishingView.empty(2); v.field[0] = DECK[0]; v.free_slot()
1
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import TYPE_CHECKING, Any

from game.table.base import CardTable, Place
from game.table.coach import CoachedChoice
from game.table.places import sort_by_kind
from rules.hanafuda import DECK, Card

if TYPE_CHECKING:  # pragma: no cover
    from game.widgets import Button

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


class FishingBase(CardTable):
    """The state every part of ``FishingTable`` reads; see the module docstring. A game sets
    ``self.game`` (its engine) and ``self.layout_`` (a ``places.SeatedLayout`` with a
    ``stock`` rect, a ``drawn_spot`` and ``slot_position(slot, slots)``)."""

    #: Field slots laid out before any is taken beyond them.
    FIELD_SLOTS = 8
    #: The game's layout (a ``SeatedLayout`` with the fishing table's places; see above).
    layout_: Any

    #: Set by the game before ``new_game``: False for a demo position, never saved.
    saves: bool
    #: The coach's button beside the log's (``game.table.coach``).
    hint_button: Button
    COACH = True

    # The view: where each card goes ------------------------------------------------------------
    def setup_view(self, players: int, *, from_engine: bool) -> None:
        """Start the view: empty (a deal to animate) or the engine's position as it stands."""
        self.players = players
        self.viewer = next((s for s in range(players) if self.seating.is_human(s)), 0)
        self.reveal_all = "human" not in self.seats  # watching the computers play
        self.view = FishingView.of(self.game) if from_engine else FishingView.empty(players)
        self.choosing: Card | None = None
        self.banner: tuple[str, str, list[Card]] | None = None

    def screen_seat(self, seat: int) -> int:
        """Where ``seat`` sits on screen: 0 at the bottom (the viewer), then round the table."""
        return (seat - self.viewer) % self.players

    def face_up_in_hand(self, seat: int) -> bool:
        """A hand is shown to the human sitting at it, or to everyone when computers play."""
        return self.reveal_all or (seat == self.viewer and self.seating.is_human(seat))

    def places(self) -> dict[Card, Place]:
        lay, v = self.layout_, self.view
        fc = lay.field_card
        out: dict[Card, Place] = {}
        for i, c in enumerate(v.stock):
            off = min(i, 12) * 0.35
            out[c] = Place((lay.stock.centerx - off, lay.stock.centery - off), fc, False, i)
        slots = max(list(v.field) + [self.FIELD_SLOTS - 1]) + 1
        for slot, c in v.field.items():
            out[c] = Place(lay.slot_position(slot, slots), fc, True, 60)
        for seat in range(self.players):
            at = self.screen_seat(seat)
            size = lay.hand_card_of(at)
            up = self.face_up_in_hand(seat)
            hand = v.hands[seat]
            for i, (c, pos) in enumerate(zip(hand, lay.hand_places(at, len(hand)))):
                out[c] = Place(pos, size, up, 100 + i)
            positions, _labels = lay.pile_places(at, v.piles[seat])
            for i, c in enumerate(v.piles[seat]):
                out[c] = Place(positions[c], lay.pile_card, True, 70 + i)
        if v.drawn is not None:
            out[v.drawn] = Place(lay.drawn_spot, fc, True, 140)
        for c, under in v.staged.items():
            if under in out:
                (x, y) = out[under].pos
                out[c] = Place((x + fc[0] * 0.22, y + fc[1] * 0.12), fc, True, 150)
        return out

    # The panel's figures and the turn ----------------------------------------------------------
    def reset_panel(self) -> None:
        """The panel's figures before the first deal (a game adds its own)."""
        self.shown_scores = [0] * self.players
        self.shown_round = 0
        self.shown_dealer = self.game.dealer

    def sync_panel(self) -> None:
        """Bring the panel's figures up to what has been animated (a game adds its own)."""
        self.shown_round = self.game.round
        self.shown_dealer = self.game.dealer

    @property
    def human_to_move(self) -> bool:
        g = self.game
        return (self.idle and self.seating.is_human(g.current_player)
                and g.current_player == self.viewer)

    def coach_ready(self) -> bool:
        """The player at the bottom is to decide, nothing animating: a card to play or take,
        or a choice of words in a ``CoachedChoice`` (Koi-Koi's koi-koi or stop)."""
        g = self.game
        if g is None or g.is_over or self.queue.busy:
            return False
        seat = g.current_player
        return (seat == self.viewer and self.seating.is_human(seat)
                and (self.waiting_for is None or isinstance(self.waiting_for, CoachedChoice)))
