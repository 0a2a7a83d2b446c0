"""A score grid for result pages: one column per player under their name, one row per round
(and a total), built of plain rows so a long game scrolls like any other page.

>>> rows = score_grid(["You", "Computer — Easy"], [("Round 1", ["+12", "+140"])],
...                   total=("Total", ["12", "140"]), marked={0})
>>> [type(r).__name__ for r in rows], rows[0].values, rows[-1].bold
(['GridRow', 'GridRow', 'GridRow'], ['You', 'Computer — Easy'], True)
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Sequence

import pygame

from game import draw, theme
from game.fonts import font, text_image
from game.text import fit_font_size
from game.widgets import Widget


class GridRow(Widget):
    """A label on the left and one value per column, each centred and shrunk to fit its
    column; ``marked`` columns in gold (the winners)."""

    focusable = False

    def __init__(self, label: str, values: Sequence[str], *, marked: Collection[int] = (),
                 bold: bool = False, header: bool = False) -> None:
        super().__init__()
        self.label, self.values = label, list(values)
        self.marked, self.bold, self.header = set(marked), bold, header

    def preferred_height(self, width: int) -> int:
        return self.metrics.px(34 if self.header or self.bold else 28)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def still_look(self) -> Hashable:
        return (tuple(self.rect), self.metrics, self.label, tuple(self.values),
                tuple(sorted(self.marked)), self.bold, self.header)

    def draw(self, surface: pygame.Surface) -> None:
        m, r = self.metrics, self.rect
        if self.bold:
            draw.rounded_rect(surface, theme.GOLD, r, m.radius, alpha=30)
        role = "small" if self.header else "body"
        lf = font(m.type_size(role), self.bold or self.header)
        img = text_image(lf, self.label, theme.CREAM)
        surface.blit(img, (r.x + m.px(10), r.centery - img.get_height() // 2))
        left = r.x + int(r.width * 0.3)
        col = (r.right - m.px(10) - left) / max(1, len(self.values))
        for i, text in enumerate(self.values):
            size = fit_font_size(text, int(col) - m.px(8), m.type_size(role),
                                 bold=self.bold or self.header)
            color = theme.GOLD if i in self.marked else (
                theme.TEXT_DIM if self.header else theme.CREAM)
            v = text_image(font(size, self.bold or self.header), text, color)
            x = left + col * i + (col - v.get_width()) / 2
            surface.blit(v, (round(x), r.centery - v.get_height() // 2))


def score_grid(names: Sequence[str], rows: Sequence[tuple[str, Sequence[str]]], *,
               total: tuple[str, Sequence[str]] | None = None, total_first: bool = False,
               marked: Collection[int] = ()) -> list[GridRow]:
    """The grid's rows: a header of ``names``, then ``rows`` (label, one value per name), then
    ``total`` in bold (or first, under the header, with ``total_first``: a long game's total
    in view before its rows scroll); ``marked`` columns (the winners) in gold."""
    body = [GridRow(label, values, marked=marked) for label, values in rows]
    last = [GridRow(total[0], total[1], marked=marked, bold=True)] if total else []
    head = [GridRow("", names, marked=marked, header=True)]
    return head + (last + body if total_first else body + last)
