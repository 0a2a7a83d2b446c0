"""The fishing engine's records: its options, a seat's observation, a deal's result, and the
checks that turn untrusted layouts into cards (LayoutError naming the bad part).

>>> from rules.fishing.deal import deal_plan
>>> FishingOptions(deal_plan(3, 7, 6), steal=1)
Traceback (most recent call last):
...
rules.engine.LayoutError: steal=1: expected True or False
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, NamedTuple, Protocol, Sequence

from rules.engine import (DuplicateCardError, FrozenDict, FrozenList, InvalidNotationError,
                          LayoutError, check_list, freeze, thaw)
from rules.fishing.actions import Action
from rules.fishing.deal import VOID_CHECKS, DealPlan
from rules.hanafuda import DECK, Card, cards

PHASE_PLAY = "play"          # play a card from the hand
PHASE_TAKE = "take"          # choose what the drawn card captures
PHASE_OVER = "over"          # the match has ended

MATCHING = ("required", "if_matching", "optional")
MAX_SEED = 2**64 - 1         # deal numbers are 64-bit (derive_seed works modulo 2**64)
MAX_SCORE = 10**9
MAX_ROUND = 10**6


@dataclass(frozen=True)
class FishingOptions:
    """The table rules a fishing game runs with (each game derives them from its own options).

    ``matching``: *required* (a player holding a card that matches must play one and capture),
    *if_matching* (any card; one that matches must capture) or *optional* (a matching card may
    also be laid on the field). ``steal``: a card may capture a card of its month from another
    seat's capture pile too (never from one's own). ``draw_on_empty``: a seat without hand
    cards still takes its turns, drawing, until the stock is empty. ``leftovers``: the cards
    left on the field when the deal ends go to the last seat that captured.
    ``void_checks``: names in ``rules.fishing.deal.VOID_CHECKS``.
    """

    deal: DealPlan
    field_triple: bool = True
    matching: str = "required"
    steal: bool = False
    draw_on_empty: bool = False
    leftovers: bool = False
    void_checks: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.deal, DealPlan):
            raise LayoutError(f"deal: expected a DealPlan, got {self.deal!r}")
        if self.matching not in MATCHING:
            raise LayoutError(f"matching={self.matching!r}: expected one of {MATCHING}")
        for name in ("field_triple", "steal", "draw_on_empty", "leftovers"):
            if type(getattr(self, name)) is not bool:
                raise LayoutError(f"{name}={getattr(self, name)!r}: expected True or False")
        unknown = [v for v in self.void_checks if v not in VOID_CHECKS]
        if unknown:
            raise LayoutError(f"void_checks: unknown {unknown}")

    @property
    def players(self) -> int:
        return self.deal.players


class DealRecord(Protocol):
    """What the engine needs of a game's record of a finished deal (Koi-Koi's RoundResult)."""

    @property
    def winner(self) -> int | None: ...

    @property
    def points(self) -> Sequence[int]: ...

    def to_dict(self) -> dict[str, Any]: ...

    def copy(self) -> Any: ...


@dataclass(frozen=True)
class DealResult:
    """A record of a finished deal: what each seat's score changed by, and why. Frozen all
    the way down (``points`` a tuple, ``details`` made of tuples and ``FrozenDict``), so the
    history, the observations and the clones share it safely; ``to_dict`` gives plain lists
    and dicts.

    >>> r = DealResult(1, "deal", 0, [5, -5], details={"totals": [5, -5]})
    >>> r.points == [5, -5], r.details["totals"], r.to_dict()["details"]
    (True, [5, -5], {'totals': [5, -5]})
    >>> r.details["totals"] = []
    Traceback (most recent call last):
    ...
    TypeError: a frozen record's mapping cannot be changed
    """

    round: int
    kind: str
    winner: int | None
    points: Sequence[int]
    dealer: int = 0
    details: Mapping[str, Any] = field(default_factory=FrozenDict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", FrozenList(self.points))
        object.__setattr__(self, "details", freeze(dict(self.details)))

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "kind": self.kind, "winner": self.winner,
                "points": list(self.points), "dealer": self.dealer,
                "details": thaw(self.details)}

    def copy(self) -> "DealResult":
        """The record itself: it cannot change."""
        return self


class DealLog(NamedTuple):
    """The deal in play as every seat saw it, from its first turn: who played ``first``, the
    ``field`` as dealt, each ``(seat, action)`` since, and the cards ``drawn`` from the stock,
    in order. With the hidden cards of a sampled state it replays the deal
    (``FishingGame.replay_deal``), which shows what the other seats' choices say about their
    hands.

    >>> from rules.koikoi import KoiKoiGame
    >>> g = KoiKoiGame.new(7, KoiKoiGame.RULES.nintendo())
    >>> _ = g.apply(g.legal_actions()[0])
    >>> log = g.deal_log
    >>> log.first == g.dealer, len(log.field), log.moves == ((g.dealer, g.actions[0]),)
    (True, 8, True)
    """

    first: int
    field: tuple[Card, ...]
    moves: tuple[tuple[int, Action], ...]
    drawn: tuple[Card, ...]


@dataclass(frozen=True)
class FishingObservation:
    """What one seat knows, built by ``observation(seat)``, never changed.

    ``hand`` is the seat's own hand in its order; ``hand_counts`` every seat's number of hand
    cards; ``piles`` the capture piles (sorted by kind); ``pending`` a drawn card waiting for
    ``take``; ``turn_captures`` what the player to move has captured this turn and
    ``last_captor`` the last seat that captured (both public); ``history`` the deals played.
    Cards seen that are hidden now: ``revealed_hands[s]`` the cards of seat s's hand that every
    seat has been shown (Koi-Koi: a swapped hand) and ``revealed_stock`` cards every seat
    knows to be in the stock, at places nobody knows (draw for first), both in deck order.
    ``absent_months[s]``: the months of which seat s is known to hold no card this deal (where
    matching is required, it played a card that captured nothing while they lay on the table
    to be captured), in order. ``legal_actions`` is empty unless the seat is to move;
    ``history``'s records are frozen (``DealResult``, Koi-Koi's ``RoundResult``).
    ``deal_log``: the deal's public record (``DealLog``); None before its first turn, for a
    deal set up by ``from_layout``, and in playout mode, which keeps none.
    """

    seat: int
    rules: Any
    phase: str
    current_player: int | None
    dealer: int
    round: int
    scores: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    field: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    stock_count: int
    pending: Card | None
    turn_captures: tuple[Card, ...]
    last_captor: int | None
    revealed_hands: tuple[tuple[Card, ...], ...]
    revealed_stock: tuple[Card, ...]
    absent_months: tuple[tuple[int, ...], ...]
    legal_actions: tuple[Action, ...]
    history: tuple[Any, ...]
    deal_log: DealLog | None

    @property
    def players(self) -> int:
        return len(self.hand_counts)


# ----------------------------------------------------------------------------------------------
# Checks of layouts (input of any type)


def per_seat(value: object, name: str, players: int) -> list[Any]:
    """``value`` as a list of one entry per seat, or LayoutError naming ``name``."""
    items = check_list(value, name)
    if len(items) != players:
        raise LayoutError(f"{name}: expected one entry per seat ({players}), got {len(items)}")
    return items


def layout_cards(value: object, name: str) -> list[Card]:
    """Cards given in notation or as a list of Cards, or LayoutError naming ``name``.

    >>> layout_cards("1B 2A", "field")
    [Card('1B'), Card('2A')]
    >>> layout_cards("1B 2X", "field")
    Traceback (most recent call last):
    ...
    rules.engine.LayoutError: field: unknown hanafuda card code: '2X'
    """
    if isinstance(value, str):
        try:
            return cards(value)
        except InvalidNotationError as exc:
            raise LayoutError(f"{name}: {exc}") from None
    items = check_list(value, name)
    for i, c in enumerate(items):
        if type(c) is not Card:
            raise LayoutError(f"{name}[{i}]: not a card: {c!r}")
    return items


def pile_mask(captured: Iterable[Card]) -> int:
    """The cards as a bit set; the same card twice is an error, and so is anything not a card.

    >>> pile_mask(cards("1R 1B")) == 0b11
    True
    >>> pile_mask(None)
    Traceback (most recent call last):
    ...
    rules.engine.InvalidNotationError: expected a collection of cards, got NoneType
    """
    if isinstance(captured, (str, bytes, dict)) or not hasattr(captured, "__iter__"):
        raise InvalidNotationError(f"expected a collection of cards, got "
                                   f"{type(captured).__name__}")
    m = 0
    for c in captured:
        if type(c) is not Card:
            raise InvalidNotationError(f"not a card: {c!r}")
        bit = 1 << c.index
        if m & bit:
            raise DuplicateCardError(f"card {c.code} appears twice")
        m |= bit
    return m


def capture_masks(captures: object, fewest: int, most: int) -> list[int]:
    """Capture piles given to a scoring function, one per seat (``fewest`` to ``most`` of
    them), as bit sets: cards only, none twice within or across piles, else the error naming
    the pile.

    >>> capture_masks([cards("1B"), cards("2A 2R")], 2, 4) == [1, 0b110000]
    True
    >>> capture_masks([cards("1B"), cards("1B")], 2, 4)
    Traceback (most recent call last):
    ...
    rules.engine.DuplicateCardError: captures[1]: card 1B is in two piles
    """
    piles = check_list(captures, "captures")
    if not fewest <= len(piles) <= most:
        seats = f"{fewest}" if fewest == most else f"{fewest} to {most}"
        raise LayoutError(f"captures: expected one pile per seat, {seats}, got {len(piles)}")
    masks: list[int] = []
    seen = 0
    for i, pile in enumerate(piles):
        try:
            m = pile_mask(pile)
        except InvalidNotationError as exc:
            raise type(exc)(f"captures[{i}]: {exc}") from None
        if seen & m:
            dup = next(c for c in DECK if seen & m & c.bit)
            raise DuplicateCardError(f"captures[{i}]: card {dup.code} is in two piles")
        seen |= m
        masks.append(m)
    return masks
