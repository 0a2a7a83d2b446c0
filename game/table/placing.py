"""Where a table's cards go (a part of ``CardTable``, ``game.table.base``): ``Place``, a
card's centre, size, side, drawing order and rotation; ``CardPlaces``, what the table does
with them: the game's ``places()`` (every card's place now), ``retarget`` (each card whose
place changed sent there, animated), ``snap`` (all at once), where a card let go of goes
back (``home_of``) and which card is under the pointer (``card_at``); and the marks of the
other seats' last moves (``marks``, ``mark``), each seat's cards outlined until it moves
again.

>>> Place((10.0, 20.0), (40, 64), True, 3).rotation
0.0
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any, NamedTuple

from rules.hanafuda import Card
from sprites import CardSprite

Point = tuple[float, float]
Size = tuple[int, int]


class Place(NamedTuple):
    """Where a card is shown: centre, size, face up or down, drawing order, rotation."""

    pos: Point
    size: Size
    face_up: bool
    z: int
    rotation: float = 0.0


class CardPlaces:
    """The cards' places and marks of ``CardTable`` (see the module docstring); the table
    gives ``sprites`` (card -> sprite), ``marks`` and its flags ``replaying`` and
    ``settling``."""

    sprites: dict[Any, CardSprite]
    marks: dict[int, list[Card]]
    _rank: dict[Any, int]
    replaying: bool
    settling: bool

    @property
    def marked(self) -> list[Card]:
        """The cards of the other seats' last moves (``marks``), in seat order."""
        return [c for seat in sorted(self.marks) for c in self.marks[seat]]

    @marked.setter
    def marked(self, cards: list[Card]) -> None:
        """``[]``: no move marked any more (the player moved, a new deal)."""
        self.marks = {0: list(cards)} if cards else {}

    def mark(self, seat: int, cards: Iterable[Any], new: bool = False) -> None:
        """Mark ``cards`` as part of ``seat``'s last move (``new``: its new move begins, its
        last one unmarked; the other seats' stay)."""
        if new or seat not in self.marks:
            self.marks[seat] = []
        self.marks[seat] += [c for c in cards if c not in self.marks[seat]]

    # Where the cards go -----------------------------------------------------------------------
    def places(self) -> dict[Card, Place]:
        """Card -> where it is shown now (cards left out are hidden)."""
        return {}

    def places_ahead(self) -> dict[Card, Place]:
        """Where the game's position puts the cards, once what is queued has been shown
        (the cards' images are baked for it ahead: ``MadeAhead.bake``); none by
        default."""
        return {}

    def retarget(self, duration: float, stagger: float = 0.0, reveal_after: float = 0.0,
                 grow: bool = False, cards: Collection[Card] | None = None,
                 turn: bool = True) -> list[CardSprite]:
        """Send every card whose place changed there (``stagger`` seconds apart, the one
        going highest first); a card turning face up waits ``reveal_after`` of the move; with
        ``grow`` a card changing size grows or shrinks on its way (it costs a smooth scaling a
        frame while it moves), else it takes its new size at once; with ``turn`` False a card
        changing side shows its new side at once instead of turning over on its way (a deal
        gathered face down: thirty cards turning in the same frames cost each of them more
        than its budget). ``cards``: only those (the
        cards of one event; the others keep going where they were sent). Returns the cards
        that move (none in a replay or while ``settle_now`` skips the steps: the cards are
        put in place at the end)."""
        moving: list[CardSprite] = []
        if self.replaying or self.settling:  # (the cards are put in place at the end)
            return moving
        flip_time = min(0.25, duration) if duration and turn else 0.0
        places = self.places()
        if cards is not None:
            cards = set(cards)  # (asked of every card: a list would compare them all)
        for c, s in self.sprites.items():
            if cards is None or c in cards:
                s.alpha = 255 if c in places else 0
        chosen = places.items() if cards is None else [
            (c, p) for c, p in places.items() if c in cards]
        # The top card first (a deal from the stock; of equal z, the one drawn last, as
        # ``draw_order`` draws): the cards still waiting are under those on their way, so
        # they stay as they are drawn (kept in the layer of cards at rest), not drawn again
        # over each card that leaves from under them.
        rank = self._rank
        for c, (pos, size, up, z, rot) in sorted(chosen, key=lambda kv: (-kv[1].z,
                                                                          -rank[kv[0]])):
            s = self.sprites[c]
            s.z = z
            if (s.w, s.h) != tuple(size):
                old_w = s.w * s.scale
                s.set_size(*size)
                if duration and grow:
                    s.scale = old_w / size[0]
                    s.scale_to(1.0, duration)
                else:
                    s.scale = 1.0
            delay = 0.0
            if s.target_pos != pos:
                delay = stagger * len(moving)
                s.move_to(pos, duration, delay=delay)
                moving.append(s)
            if s.rotation != rot:
                s.rotate_to(rot, duration, delay=delay)
            if s.target_face_up != up:
                s.flip(flip_time, to_face_up=up,
                       delay=delay + (duration * reveal_after if up else 0.0))
                if s not in moving:
                    moving.append(s)
        return moving

    def home_of(self, sprite: CardSprite) -> Point | None:
        """Where a card let go of goes back to: its place now (None: it has none)."""
        place = self.places().get(sprite.data)
        return None if place is None else place.pos

    def snap(self) -> None:
        """Every card at its place at once (a layout, a position opened as it stands)."""
        self.retarget(0.0)
        for s in self.sprites.values():
            s.finish()

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        """The card drawn on top at ``pos`` (what the player pressed)."""
        hit = [s for s in self.sprites.values() if s.alpha > 0 and s.contains(pos)]
        return max(hit, key=lambda s: (s.dragging, s.z)).data if hit else None
