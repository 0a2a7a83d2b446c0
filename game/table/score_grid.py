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
from game.text import draw_text, fit_font_size, wrap
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
        if self.header:  # (names too long for a column go on two lines, not in tiny type)
            size = self._header_size(width)
            lines = max((len(wrap(font(size, True), v, self._column(width))) for v in self.values),
                        default=1)
            return max(self.metrics.px(34), lines * font(size, True).get_linesize() + 4)
        return self.metrics.px(34 if self.bold else 28)

    def _left(self, width: int) -> int:
        """The row labels' column: less of the row when the players' columns are many."""
        return int(width * (0.3 if len(self.values) <= 4 else 0.15))

    def _column(self, width: int) -> int:
        """A value's room in a row ``width`` wide (its column less a margin)."""
        m = self.metrics
        return int((width - m.px(10) - self._left(width)) / max(1, len(self.values))) - m.px(4)

    def cut(self) -> str | None:
        """A name with a word wider than its column (it would break mid-word)."""
        if not self.header:
            return None
        names = font(self._header_size(self.rect.width), True)
        wide = [w for v in self.values for w in v.split()
                if names.size(w)[0] > self._column(self.rect.width)]
        return f"{wide[0]!r} is wider than its column" if wide else None

    def _header_size(self, width: int) -> int:
        """The names' size: the small type, less where a word is wider than its column, never
        below ``least_text`` (a name wraps rather than shrinks)."""
        m = self.metrics
        longest = max((w for v in self.values for w in v.split()), key=len, default="")
        return fit_font_size(longest, self._column(width), m.type_size("small"), True,
                             minimum=m.least_text)

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
        left = r.x + self._left(r.width)
        col = (r.right - m.px(10) - left) / max(1, len(self.values))
        if self.header:
            names = font(self._header_size(r.width), True)
            for i, text in enumerate(self.values):
                color = theme.GOLD if i in self.marked else theme.TEXT_DIM
                cell = pygame.Rect(round(left + col * i + m.px(2)), r.y, self._column(r.width),
                                   r.height)
                draw_text(surface, text, names, color, cell, "center", "center",
                          line_spacing=1.0)
            return
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
