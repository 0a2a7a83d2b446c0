"""The info panel beside a table: a list of ``PanelLine`` measured, fitted to the room and
painted, so that a table only says what its panel holds (``panel_lines()``).

A line's ``role`` is a type size ("heading", "body", "small", "tiny") or one of two drawings:
"rule", a separator across the panel, and "bar", a score bar with ``value`` out of
``bar_full``. A line with a ``right`` value is a player: the name shrunk to fit on the left
(with the turn marker), the value on the right. A line with ``spare`` above 0 may go when the
panel runs out of room: the highest ``spare`` first.

>>> from game.theme import Metrics
>>> lines = [PanelLine("", "rule", (0, 0, 0)), PanelLine("", "bar", (0, 0, 0), value=300)]
>>> PanelPainter(rule=(3, 6)).height(lines, Metrics((1280, 800)), 200)
33
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from game import theme
from game.fonts import font, text_image
from game.text import draw_text, fit_font_size, text_height
from game.theme import Metrics


class PanelLine(NamedTuple):
    """One line of the panel: text, type role ("rule": a separator, "bar": a score bar with
    ``value`` out of the painter's ``bar_full``), colour, bold, a value on the right (a
    player's score), the turn marker, and how readily it goes when room runs out (``spare``:
    0 never, else the highest first)."""

    text: str
    role: str
    color: tuple[int, int, int]
    bold: bool = False
    right: str = ""
    marker: bool = False
    value: int = 0
    spare: int = 0


@dataclass(frozen=True)
class PanelPainter:
    """Measures, fits and paints panel lines. ``rule``: the design pixels above and below a
    separator; ``bar_full``: the value of a full score bar.

    >>> PanelPainter(rule=(4, 10)).rule
    (4, 10)
    """

    rule: tuple[int, int] = (4, 10)
    bar_full: int = 1

    def height(self, lines: Sequence[PanelLine], m: Metrics, width: int) -> int:
        """The height ``lines`` take painted ``width`` wide (from the panel's top margin)."""
        h = m.px(12)
        for line in lines:
            if line.role == "rule":
                h += m.px(sum(self.rule))
            elif line.role == "bar":
                h += m.px(12)
            elif line.right:
                h += font(m.type_size(line.role), True).get_linesize()
            else:
                h += text_height(font(m.type_size(line.role), line.bold), line.text,
                                 width - m.px(6))
        return h

    def fit(self, lines: list[PanelLine], m: Metrics, width: int, room: int
            ) -> list[PanelLine]:
        """``lines`` without the spare ones, the most spare first, until they fit ``room``
        (the lines with ``spare`` 0 are kept even if they do not).

        >>> tip = PanelLine("tip", "tiny", (0, 0, 0), spare=2)
        >>> note = PanelLine("note", "tiny", (0, 0, 0), spare=1)
        >>> rule = PanelLine("", "rule", (0, 0, 0))
        >>> fitted = PanelPainter().fit([rule, note, tip], Metrics((1280, 800)), 200, 60)
        >>> [ln.text or ln.role for ln in fitted]
        ['rule', 'note']
        """
        for level in sorted({ln.spare for ln in lines if ln.spare}, reverse=True):
            if self.height(lines, m, width) <= room:
                break
            lines = [ln for ln in lines if ln.spare < level]
        return lines

    def place(self, lines: list[PanelLine], m: Metrics, width: int, room: int | None = None
              ) -> list[tuple[PanelLine, pygame.Rect]]:
        """``lines`` fitted to ``room`` pixels high (when given), each with the box it is
        painted in: the panel's width, one under the other (what ``paint_line`` paints).

        >>> from game.theme import Metrics
        >>> rule = PanelLine("", "rule", (0, 0, 0))
        >>> [tuple(r) for _ln, r in PanelPainter(rule=(4, 10)).place([rule, rule],
        ...                                                            Metrics((1280, 800)), 200)]
        [(0, 12, 200, 14), (0, 26, 200, 14)]
        """
        w = width - m.px(32)
        if room is not None:
            lines = self.fit(lines, m, w, room)
        y = m.px(12)
        placed = []
        for line in lines:
            if line.role == "rule":
                h = m.px(sum(self.rule))
            elif line.role == "bar":
                h = m.px(12)
            elif line.right:
                size = m.type_size(line.role)
                score = font(size, True).size(line.right)
                name_room = w - m.px(6) - score[0] - m.px(10)
                name = font(fit_font_size(line.text, name_room, size, True), True)
                h = max(name.size(line.text)[1], score[1])
            else:
                indent = m.px(6) if line.role in ("small", "tiny") else 0
                h = text_height(self._font(line, m, w), line.text, w - indent)
            placed.append((line, pygame.Rect(0, y, width, h)))
            y += h
        return placed

    @staticmethod
    def _font(line: PanelLine, m: Metrics, w: int) -> pygame.font.Font:
        """The font of a line of text (a heading shrunk to fit on one line)."""
        size = m.type_size(line.role)
        if line.role == "heading":
            size = fit_font_size(line.text, w, size, True)
        return font(size, line.bold)

    def paint(self, surface: pygame.Surface, m: Metrics, lines: list[PanelLine], *,
              room: int | None = None) -> None:
        """``lines`` on ``surface``, the panel's size, fitted to ``room`` pixels high when it
        is given. Long lines wrap: nothing runs past the panel."""
        for line, box in self.place(lines, m, surface.get_width(), room):
            self.paint_line(surface, m, line, box)

    def paint_line(self, surface: pygame.Surface, m: Metrics, line: PanelLine,
                   box: pygame.Rect) -> None:
        """One line in its ``box`` (from ``place``) on ``surface``, the panel's size."""
        x, w = m.px(16), surface.get_width() - m.px(32)
        y = box.y
        if line.role == "rule":
            y += m.px(self.rule[0])
            pygame.draw.line(surface, line.color, (x - m.px(8), y), (x + w + m.px(8), y))
            return
        if line.role == "bar":
            bar = pygame.Rect(x + m.px(6), y + m.px(2), w - m.px(6), m.px(6))
            pygame.draw.rect(surface, theme.FELT_DARK, bar, border_radius=m.px(3))
            filled = bar.copy()
            filled.width = round(bar.width * min(1.0, max(0, line.value) / self.bar_full))
            if filled.width:
                pygame.draw.rect(surface, line.color, filled, border_radius=m.px(3))
            return
        size = m.type_size(line.role)
        indent = m.px(6) if line.role in ("small", "tiny") or line.right else 0
        if line.right:  # a player: the name (shrunk to fit) and the score on the right
            score = text_image(font(size, True), line.right, theme.CREAM)
            name_room = w - indent - score.get_width() - m.px(10)
            img = text_image(font(fit_font_size(line.text, name_room, size, True), True),
                             line.text, line.color)
            if line.marker:
                pygame.draw.circle(surface, theme.VERMILION,
                                   (x - m.px(2), y + img.get_height() // 2), m.px(4))
            surface.blit(img, (x + indent, y))
            surface.blit(score, (x + w - score.get_width(), y))
            return
        draw_text(surface, line.text, self._font(line, m, w), line.color,
                  pygame.Rect(x + indent, y, w - indent, 0))
