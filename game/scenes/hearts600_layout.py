"""Where things sit on the 600 Hearts table, for 2, 3 or 4 seats and any window size (pure
geometry, no drawing).

The kit's seated table (``game.table.places.SeatedLayout``): the viewer's hand along the
bottom with the capture pile above it, the other seats round the table in turn order (right,
top, left), the field in the middle with the stock and the drawn card on its left, a message
line under the field, and the panel (scores toward 600) on the right.

>>> t = Hearts600Layout((1280, 800), players=4)
>>> [p.side for p in t.seats], t.panel.right <= 1280
(['bottom', 'right', 'top', 'left'], True)
>>> Hearts600Layout((960, 600), players=2).HAND_CARDS
10
"""

from __future__ import annotations

import pygame

from game.table.places import SeatedLayout, grid

#: The most cards a hand holds, by seat count (rules.md's deal: 10, 7 or 5).
HAND_BY_PLAYERS = {2: 10, 3: 7, 4: 5}


class Hearts600Layout(SeatedLayout):
    """Rectangles and card sizes for a window of ``size``; positions are card centres."""

    PANEL = (270, 0.24, 340)
    #: Beside the field grid: the stock and the drawn card's spot, in field card widths.
    FIELD_EXTRA = 2.3
    FIELD_COLUMNS = 6

    def arrange(self) -> None:
        self.HAND_CARDS = HAND_BY_PLAYERS.get(self.players, 10)
        super().arrange()

    def arrange_game(self) -> None:
        m, mid = self.m, self.middle
        self.message = pygame.Rect(mid.x, mid.bottom - self.message_h, mid.width,
                                   self.message_h)
        self.field = pygame.Rect(mid.x, mid.y, mid.width, self.message.y - mid.y)
        fw, fh = self.field_card
        self.stock = pygame.Rect(0, 0, fw, fh)
        self.stock.midleft = (self.field.x + m.px(6), self.field.centery)
        self.drawn_spot = (self.stock.right + m.px(12) + fw / 2, float(self.field.centery))
        left = self.stock.right + fw + m.px(24)
        self.slots_area = pygame.Rect(left, self.field.y, self.field.right - left,
                                      self.field.height)
        self.choice = self.panel
        h = m.px(40)
        self.log_button = pygame.Rect(self.panel.x + m.px(16), self.panel.bottom - h - m.px(12),
                                      self.panel.width - m.px(32), h)

    def slot_position(self, slot: int, slots: int) -> tuple[float, float]:
        """Centre of field slot ``slot`` of ``slots``: two rows, filled column by column."""
        return grid(self.slots_area, slot, slots, self.field_card, 2, self.m.px(14),
                    min_columns=4)
