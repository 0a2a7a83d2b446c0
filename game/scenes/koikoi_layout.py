"""Where things sit on the Koi-Koi table, for any window size (pure geometry, no drawing).

The viewer's hand is at the bottom, the opponent's at the top, the field in the middle with
the stock on its left, each capture pile beside its owner's hand grouped by kind, and an
information panel on the right.

>>> t = TableLayout((1280, 800))
>>> t.hand_card[1] > t.hand_card[0] and t.panel.right <= 1280
True
"""

from __future__ import annotations

import pygame

from rules.hanafuda import Card, Kind
from game.scenes.table import TableAreas
from sprites.faces import hanafuda_size

KINDS = (Kind.BRIGHT, Kind.ANIMAL, Kind.RIBBON, Kind.CHAFF)


class TableLayout(TableAreas):
    """Rectangles and card sizes for a window of ``size``. ``pos_*`` give card centres."""

    PANEL = (270, 0.24, 340)

    def arrange(self) -> None:
        m = self.m
        # Card widths by zone (design pixels, scaled), shrunk if the play area is narrow.
        fit = min(1.0, self.play.width / m.px(900))
        self.hand_card = hanafuda_size(m.px(78) * fit)
        self.opp_card = hanafuda_size(m.px(50) * fit)
        self.field_card = hanafuda_size(m.px(72) * fit)
        self.pile_card = hanafuda_size(m.px(40) * fit)
        gap = m.px(10)
        p = self.play
        # Bands from the top: opponent hand, opponent pile; from the bottom: hand, own pile.
        self.opp_hand = pygame.Rect(p.x, p.y, p.width, self.opp_card[1])
        self.opp_pile = pygame.Rect(p.x, self.opp_hand.bottom + gap, p.width, self.pile_card[1] + m.px(24))
        self.hand = pygame.Rect(p.x, p.bottom - self.hand_card[1] - m.px(6), p.width, self.hand_card[1])
        self.pile = pygame.Rect(p.x, self.hand.y - gap - self.pile_card[1] - m.px(24), p.width,
                                self.pile_card[1] + m.px(24))
        self.message = pygame.Rect(p.x, self.pile.y - m.px(34), p.width, m.px(30))
        top = self.opp_pile.bottom + gap
        self.field = pygame.Rect(p.x, top, p.width, self.message.y - top - gap)
        fw, fh = self.field_card
        self.stock = pygame.Rect(0, 0, fw, fh)
        self.stock.midleft = (self.field.x + m.px(8), self.field.centery)
        self.drawn_spot = (self.stock.right + fw // 2 + m.px(14), self.field.centery)
        self.slots_area = pygame.Rect(self.stock.right + fw + m.px(40), self.field.y,
                                      self.field.right - self.stock.right - fw - m.px(40),
                                      self.field.height)

    # Hands --------------------------------------------------------------------------------------
    def hand_positions(self, n: int, bottom: bool) -> list[tuple[float, float]]:
        """Centres of ``n`` hand cards, fanned out evenly (overlapping if they must)."""
        cw, ch = self.hand_card if bottom else self.opp_card
        area = self.hand if bottom else self.opp_hand
        if n == 0:
            return []
        step = min(cw + self.m.px(10), (area.width - cw) / max(1, n - 1)) if n > 1 else 0
        total = step * (n - 1)
        x0 = area.centerx - total / 2
        return [(x0 + i * step, area.centery) for i in range(n)]

    # Field --------------------------------------------------------------------------------------
    def slot_columns(self, slots: int) -> int:
        return max(6, (slots + 1) // 2)

    def slot_position(self, slot: int, slots: int) -> tuple[float, float]:
        """Centre of field slot ``slot`` (two rows, filled column by column)."""
        cols = self.slot_columns(slots)
        fw, fh = self.field_card
        gap = self.m.px(14)
        step_x = min(fw + gap, (self.slots_area.width - fw) / max(1, cols - 1))
        total = step_x * (cols - 1)
        x0 = self.slots_area.centerx - total / 2
        col, row = slot // 2, slot % 2
        dy = (fh + self.m.px(12)) / 2
        return x0 + col * step_x, self.field.centery + (dy if row else -dy)

    # Piles --------------------------------------------------------------------------------------
    def pile_positions(self, pile: list[Card], bottom: bool) -> tuple[dict[Card, tuple[float, float]], list[tuple[Kind, pygame.Rect, int]]]:
        """Centres of every pile card, grouped by kind, and each group's label rectangle."""
        area = self.pile if bottom else self.opp_pile
        cw, ch = self.pile_card
        groups = [[c for c in pile if c.kind is k] for k in KINDS]
        gap = self.m.px(18)
        label_w = self.m.px(84)  # room for "Animals 9" above even an empty group
        # Overlap step per group so that all four fit the area's width.
        natural = self.m.px(16)
        widths_at = lambda step: sum(max(label_w, cw + step * max(0, len(g) - 1))  # noqa: E731
                                     for g in groups) + gap * 3
        step = natural
        while step > 3 and widths_at(step) > area.width:
            step -= 1
        out: dict[Card, tuple[float, float]] = {}
        labels: list[tuple[Kind, pygame.Rect, int]] = []
        x = area.x
        y = area.y + self.m.px(24) + ch / 2  # below the kind labels
        for kind, group in zip(KINDS, groups):
            width = max(label_w, cw + step * max(0, len(group) - 1))
            labels.append((kind, pygame.Rect(x, area.y, width, self.m.px(18)), len(group)))
            for i, c in enumerate(group):
                out[c] = (x + cw / 2 + i * step, y)
            x += width + gap
        return out, labels
