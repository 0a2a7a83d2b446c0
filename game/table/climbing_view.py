"""What a climbing table (``game.table.climbing``) shows: one sprite key per physical card
(``Copy``: two decks hold equal cards), the cards as animated so far (``ClimbingView``) and
where everything sits (``ClimbingLayout``: the seats round the table, the trick in the middle,
the player's buttons over the hand).

>>> from rules.western import parse_card
>>> v = ClimbingView.empty(2, [Copy(parse_card("3H"), 0), Copy(parse_card("3H"), 1)])
>>> v.hands[0] = v.take_from(v.deck, [parse_card("3H")]); [str(c) for c in v.hands[0]], len(v.deck)
(['3H'], 1)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

import pygame

from game.table.places import SeatedLayout
from rules.western import Card
from sprites.faces import WESTERN_RATIO


class Copy(NamedTuple):
    """One physical card: ``card`` of deck ``n`` (0, or 1 with two decks)."""

    card: Card
    n: int

    def __str__(self) -> str:
        return str(self.card)


@dataclass
class ClimbingView:
    """The cards as animated so far: each seat's hand, the melds of the trick being played
    (the last one on top, with its seat), the cards of finished tricks, the deck before a
    deal; the seats whose last move this round was a pass (shown until they act again, a
    new trick or not), each seat's last meld this round (its kind and cards, the engine's
    ``played`` event's: shown until the seat acts again) and the order out."""

    hands: list[list[Copy]]
    deck: list[Copy]
    trick: list[tuple[int, list[Copy]]] = field(default_factory=list)
    done: list[Copy] = field(default_factory=list)
    passed: set[int] = field(default_factory=set)
    melds: dict[int, tuple[str, list[Card]]] = field(default_factory=dict)
    out: list[int] = field(default_factory=list)

    @classmethod
    def empty(cls, players: int, copies: list[Copy]) -> ClimbingView:
        return cls([[] for _ in range(players)], list(copies))

    @staticmethod
    def take_from(group: list[Copy], cards: list[Card]) -> list[Copy]:
        """Remove from ``group`` one copy of each of ``cards`` (the lowest deck first) and
        return them."""
        taken = []
        for c in cards:
            copy = min((x for x in group if x.card == c), key=lambda x: x.n)
            group.remove(copy)
            taken.append(copy)
        return taken

    def acted(self, seat: int, meld: tuple[str, list[Card]] | None) -> None:
        """``seat``'s new move: ``meld`` (its kind and cards), or a pass (None). Its last
        move is forgotten; the other seats' stay."""
        self.passed.discard(seat)
        self.melds.pop(seat, None)
        if meld is None:
            self.passed.add(seat)
        else:
            self.melds[seat] = meld

    def sweep(self) -> None:
        """The trick is over: its cards go to the finished ones (the passes and melds stay
        shown until each seat acts again)."""
        for _seat, meld in self.trick:
            self.done.extend(meld)
        self.trick = []


class ClimbingLayout(SeatedLayout):
    """The seats round the table as the kit places them (``SeatedLayout``) with western card
    proportions; the middle holds the trick, with a message line under it; the band over the
    player's hand holds the buttons; the panel's foot the log button.

    >>> lay = ClimbingLayout((1280, 800), players=6)
    >>> lay.middle.contains(lay.trick) and lay.seats[0].pile.contains(lay.buttons)
    True
    """

    RATIO = WESTERN_RATIO
    PILES = False

    HAND_CARDS = 14
    FIELD_ROWS = 1
    FIELD_COLUMNS = 9
    HAND = 1.0
    SMALL = 0.55

    def arrange_game(self) -> None:
        m, mid = self.m, self.middle
        # (room for two or three lines of about the "small" type: a status longer than the
        # trick is wide, "Beat Single J♠ with a higher one of its kind, or a bomb; or
        # pass.", is read there, not shrunk to the least text)
        message_h = max(self.message_h, m.px(64))
        self.message = pygame.Rect(mid.x, mid.bottom - message_h, mid.width, message_h)
        self.trick = pygame.Rect(mid.x, mid.y, mid.width, self.message.y - mid.y)
        band = self.seats[0].pile
        h = min(band.height - m.px(8), m.px(40))
        # The viewer's name left of the buttons, where they leave it room (else the panel
        # alone names the viewer): beside them, never under them.
        room = band.width - self.gap - (5.9 * m.px(110) + 3 * m.px(10))
        name_w = min(m.px(130), int(room)) if room >= m.px(80) else 0
        self.own_name = pygame.Rect(band.x, band.y + m.px(4), name_w, h)
        left = self.own_name.right + (self.gap if name_w else 0)
        self.buttons = pygame.Rect(left, band.y + m.px(4), band.right - left, h)
        self.discard = (self.trick.right - self.small_card[0], self.trick.bottom
                        - self.small_card[1] * 0.7)  # finished tricks, face down
        h = m.px(40)
        self.log_button = pygame.Rect(self.panel.x + m.px(16), self.panel.bottom - h - m.px(12),
                                      self.panel.width - m.px(32), h)
