"""Where things sit on the Yatsuhashi table, for any window size (geometry, no drawing; the
panel's buttons placed there too: ``place_buttons``).

Stock and waste at the top left, the board of the fourteen yaku slots beside them, the six
foundations below as columns (face-down cards tightly stacked, face-up ones spread so each
month shows), a message line under them, and an information panel with the buttons on the
right.

>>> t = TableLayout((1280, 800))
>>> len(t.slots), len(t.columns), t.panel.right <= 1280
(14, 6, True)
>>> t.column_positions(0, 5, 3)[0][1] < t.column_positions(0, 5, 3)[-1][1]
True
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from game.table.scene import TableAreas
from game.widgets import Button
from game.widgets.button import share_sizes
from sprites.faces import hanafuda_size

#: The board: one slot per collection, in two rows. The chaff yaku are collected twice.
SLOT_YAKU = ("early_chaff", "early_chaff", "late_chaff", "late_chaff", "akatan", "aotan",
             "kasutan", "inoshikacho", "godori", "hanami_tsukimi_zake", "ame_sanko", "kiri_kasu",
             "yanagi_kasu", "yatsuhashi")
SLOTS_PER_ROW = 7
# Piles the keyboard focus moves between: stock, waste, then the foundations.
STOCK, WASTE = 0, 1


class TableLayout(TableAreas):
    """Rectangles and card sizes for a window of ``size``; ``*_positions`` give card centres."""

    PANEL = (230, 0.21, 290)

    def arrange(self) -> None:
        m = self.m
        p = self.play
        # Card sizes shrink when the play area is narrow (a tall, thin window); large cards
        # (``Metrics.cards``) grow as far as six columns still stand side by side.
        fit = min(1.0, p.width / m.px(966))
        width = m.px(100) * fit
        if m.cards > 1:
            width = min(width * m.cards, p.width / 6 - m.px(10))
        self.card = hanafuda_size(width)
        cw, ch = self.card
        gap = m.px(16)
        self.stock = pygame.Rect(p.x, p.y, cw, ch)
        self.fan_step = round(cw * 0.2)
        self.waste = pygame.Rect(self.stock.right + gap, p.y, cw + 2 * self.fan_step, ch)
        # The yaku board: two rows of seven slots.
        bx = self.waste.right + m.px(24)
        self.board = pygame.Rect(bx, p.y, p.right - bx, 0)
        slot_w = (self.board.width - m.px(4) * (SLOTS_PER_ROW - 1)) / SLOTS_PER_ROW
        self.mini = hanafuda_size(min(slot_w * 0.34, cw * 0.5))
        self.label_h = m.px(40)  # (two lines of the "tiny" type: a name may take two)
        slot_h = self.mini[1] + self.label_h + m.px(8)
        self.board.height = 2 * slot_h + m.px(4)
        self.slots: list[pygame.Rect] = []
        for i in range(len(SLOT_YAKU)):
            row, col = divmod(i, SLOTS_PER_ROW)
            self.slots.append(pygame.Rect(round(bx + col * (slot_w + m.px(4))),
                                          p.y + row * (slot_h + m.px(4)), int(slot_w), slot_h))
        top = max(self.stock.bottom, self.board.bottom) + m.px(22)
        # Foundations: six columns, centred under the top band.
        pitch = min(cw + m.px(44), p.width / 6)
        x0 = p.centerx - pitch * 2.5 - cw / 2
        self.message = pygame.Rect(p.x, p.bottom - m.px(30), p.width, m.px(30))
        bottom = self.message.y - m.px(6)
        self.columns = [pygame.Rect(round(x0 + i * pitch), top, cw, bottom - top)
                        for i in range(6)]
        self.down_step = max(3, round(ch * 0.09))
        self.up_step = max(6, round(ch * 0.27))

    # Stock and waste -----------------------------------------------------------------------
    def stock_positions(self, n: int) -> list[tuple[float, float]]:
        """Centres of ``n`` stock cards, bottom first (a slightly offset pile)."""
        c = self.stock.center
        off = self.m.px(0.6)
        return [(c[0] - min(i, 11) * off, c[1] - min(i, 11) * off) for i in range(n)]

    def waste_positions(self, n: int) -> list[tuple[float, float]]:
        """Centres of ``n`` waste cards, bottom first: the top three fan out to the right."""
        cw, _ch = self.card
        x0 = self.waste.x + cw / 2
        y = self.waste.centery
        out: list[tuple[float, float]] = []
        for i in range(n):
            fan = max(0, i - (n - 3))  # 0 for all but the top three
            out.append((x0 + fan * self.fan_step, y))
        return out

    # Foundations -----------------------------------------------------------------------------
    def column_positions(self, i: int, n: int, down: int) -> list[tuple[float, float]]:
        """Centres of foundation ``i``'s ``n`` cards, bottom first, ``down`` of them face down.
        The spacing tightens when a long column would run past the message line."""
        col = self.columns[i]
        ch = self.card[1]
        ds, us = float(self.down_step), float(self.up_step)
        up = n - down
        need = down * ds + max(0, up - 1) * us
        room = col.height - ch
        if need > room and need > 0:
            k = room / need
            ds, us = ds * k, us * k
        x = col.centerx
        y = col.y + ch / 2
        out: list[tuple[float, float]] = []
        for j in range(n):
            out.append((x, y))
            y += ds if j < down else us
        return out

    # The board -------------------------------------------------------------------------------
    def slot_card_positions(self, slot: int, n: int) -> list[tuple[float, float]]:
        """Centres of ``n`` small cards in board slot ``slot``, fanned across it."""
        r = self.slots[slot]
        mw, mh = self.mini
        inner = r.width - self.m.px(8)
        step = min(mw + self.m.px(3), (inner - mw) / max(1, n - 1)) if n > 1 else 0
        total = mw + step * (n - 1)
        x0 = r.centerx - total / 2 + mw / 2
        y = r.y + self.m.px(4) + mh / 2
        return [(x0 + k * step, y) for k in range(n)]

    def slot_label_rect(self, slot: int) -> pygame.Rect:
        """Where slot ``slot``'s name goes: across its foot and half the gap on each side
        (a long name, "Олень-кабан-" in the least type, needs it all)."""
        r, half = self.slots[slot], self.m.px(2)
        return pygame.Rect(r.x - half, r.bottom - self.label_h - half, r.width + 2 * half,
                           self.label_h)


def place_buttons(lay: TableLayout, buttons: Mapping[str, Button], offer: Button) -> None:
    """The panel's buttons at its foot (Undo and Redo, Hint and Show me side by side, then
    Restart, Deal number and New deal), their captions at one size a width
    (``share_button_sizes``), and the winnable-deal offer at the message line's right end
    (a little taller than the line)."""
    m, p = lay.m, lay.panel
    x, w = p.x + m.px(14), p.width - m.px(28)
    half = (w - m.px(8)) // 2
    h = m.px(42)
    step = h + m.px(8)
    y = p.bottom - m.px(14) - 5 * h - 4 * m.px(8)
    for left, right in (("undo", "redo"), ("hint", "show")):
        buttons[left].place(pygame.Rect(x, y, half, h), m)
        buttons[right].place(pygame.Rect(x + half + m.px(8), y, half, h), m)
        y += step
    for name in ("restart", "number", "new"):
        buttons[name].place(pygame.Rect(x, y, w, h), m)
        y += step
    share_button_sizes(buttons)
    line = lay.message
    w, h = min(m.px(220), line.width // 3), line.height + m.px(6)
    offer.place(pygame.Rect(line.right - w, line.bottom - h, w, h), m)


def share_button_sizes(buttons: Mapping[str, Button]) -> None:
    """The half-width buttons' captions at one size, the full-width ones' at another (each
    shrank to fit its own button: "Отменить" came smaller than "Вернуть")."""
    share_sizes([buttons[n] for n in ("undo", "redo", "hint", "show")])
    share_sizes([buttons[n] for n in ("restart", "number", "new")])
