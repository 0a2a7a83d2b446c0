"""Where things sit on the Koi-Koi table, for any window size (pure geometry, no drawing).

The kit's two-seat table (``game.table.places.SeatedLayout``): the viewer's hand along the
bottom with the capture pile above it, the opponent's hand and pile along the top, the field
in the middle with the stock and the drawn card on its left, a message line under the field,
and the information panel on the right. Cards are as large as the window allows.

>>> t = TableLayout((1280, 800))
>>> t.hand_card[1] > t.hand_card[0] and t.panel.right <= 1280
True
>>> t.field_card[0] * 6 > t.play.width // 2  # the field uses the felt
True
"""

from __future__ import annotations

import pygame

from game.table.places import SeatedLayout, grid


class TableLayout(SeatedLayout):
    """Rectangles and card sizes for a window of ``size``; positions are card centres."""

    PANEL = (270, 0.24, 340)
    #: Beside the field grid: the stock and the drawn card's spot, in field card widths.
    FIELD_EXTRA = 2.3
    FIELD_COLUMNS = 6

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
        # Choices (koi-koi or stop, swap) go over the panel: every card stays in view.
        self.choice = self.panel
        h = m.px(40)
        self.log_button = pygame.Rect(self.panel.x + m.px(16), self.panel.bottom - h - m.px(12),
                                      self.panel.width - m.px(32), h)

    def slot_position(self, slot: int, slots: int) -> tuple[float, float]:
        """Centre of field slot ``slot`` of ``slots``: two rows, filled column by column,
        the columns in use centred beside the stock."""
        return grid(self.slots_area, slot, slots, self.field_card, 2, self.m.px(14),
                    min_columns=4)
