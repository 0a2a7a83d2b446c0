"""The info panel beside a table: a list of ``PanelLine`` measured, fitted to the room and
painted, so that a table only says what its panel holds (``panel_lines()``).

A line's ``role`` is a type size ("heading", "body", "small", "tiny") or one of two drawings:
"rule", a separator across the panel, and "bar", a score bar with ``value`` out of
``bar_full``. A line with a ``right`` value is a player: the name shrunk to fit on the left
(with the turn marker), the value on the right. A line with ``spare`` above 0 may go when the
panel runs out of room: the highest ``spare`` first. A line with ``cards`` shows them small
after its text (under it when they do not fit beside it): the cards a yaku still lacks. A
line with a ``tip`` (``game.widgets.Tip``) shows it in the table's tooltip when pointed at.

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
from game.i18n import ngettext
from game.text import draw_text, fit_font_size, text_height
from game.theme import Metrics
from game.widgets import Tip
from rules.hanafuda import Card
from sprites import faces


class PanelLine(NamedTuple):
    """One line of the panel: text, type role ("rule": a separator, "bar": a score bar with
    ``value`` out of the painter's ``bar_full``), colour, bold, a value on the right (a
    player's score), the turn marker, how readily it goes when room runs out (``spare``:
    0 never, else the highest first), small ``cards`` after the text, a ``tip``, and a
    player's name's type size (``PanelPainter.place`` sets it: one for every name);
    ``fold``: where the panel has no room even without its spare lines, a run of such
    lines is joined into one that wraps (each yaku made, kept, on fewer lines)."""

    text: str
    role: str
    color: tuple[int, int, int]
    bold: bool = False
    right: str = ""
    marker: bool = False
    value: int = 0
    spare: int = 0
    cards: tuple[Card, ...] = ()
    tip: Tip | None = None
    size: int = 0
    fold: bool = False


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
        return m.px(12) + sum(self._line_height(line, m, width) for line in lines)

    @staticmethod
    def card_size(m: Metrics) -> tuple[int, int]:
        """The size of a line's small cards (a table warms its faces at that size)."""
        cw = m.px(20)
        return cw, round(cw * faces.HANAFUDA_RATIO)

    def _cards_beside(self, line: PanelLine, m: Metrics, w: int) -> bool:
        """Do a line's cards fit beside its text (else they go under it)?"""
        cw, _ch = self.card_size(m)
        text_w = self._font(line, m, w).size(line.text)[0]
        return text_w + m.px(8) + len(line.cards) * (cw + m.px(3)) <= w - m.px(6)

    def _line_height(self, line: PanelLine, m: Metrics, w: int) -> int:
        if line.role == "rule":
            return m.px(sum(self.rule))
        if line.role == "bar":
            return m.px(12)
        if line.right:
            score = font(m.type_size(line.role), True).size(line.right)
            name = font(line.size or self._name_size(line, m, w), True)
            return max(name.size(line.text)[1], score[1])
        indent = m.px(6) if line.role in ("small", "tiny") else 0
        h = text_height(self._font(line, m, w), line.text, w - indent)
        if line.cards:
            ch = self.card_size(m)[1] + m.px(2)
            h = max(h, ch) if self._cards_beside(line, m, w) else h + ch
        return h

    @staticmethod
    def _name_size(line: PanelLine, m: Metrics, w: int) -> int:
        """The largest size up to its role's at which a player's name fits beside its
        score."""
        size = m.type_size(line.role)
        score_w = font(size, True).size(line.right)[0]
        return fit_font_size(line.text, w - m.px(6) - score_w - m.px(10), size, True)

    def one_name_size(self, lines: list[PanelLine], m: Metrics, w: int) -> list[PanelLine]:
        """``lines`` with every player's name (a line with a score) of a role set at one
        size, the largest at which each fits: a short name ("You") is not drawn larger than
        a long one shrunk to fit.

        >>> m = Metrics((960, 600), ui=1.5)
        >>> names = [PanelLine(text, "small", (0, 0, 0), True, "0 won")
        ...          for text in ("You", "Computer 1 (Normal)")]
        >>> [PanelPainter._name_size(ln, m, 250) for ln in names]
        [21, 16]
        >>> [ln.size for ln in PanelPainter().one_name_size(names, m, 250)]
        [16, 16]
        """
        sizes: dict[str, int] = {}
        for line in lines:
            if line.right:
                size = self._name_size(line, m, w)
                sizes[line.role] = min(size, sizes.get(line.role, size))
        return [line._replace(size=sizes[line.role]) if line.right else line
                for line in lines]

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
        if self.height(lines, m, width) > room:
            lines = self.folded(lines)
        return lines

    @staticmethod
    def folded(lines: Sequence[PanelLine]) -> list[PanelLine]:
        """``lines`` with each run of ``fold`` lines alike (role, colour, weight) joined into
        one, " · " between (its tips and cards go: the yaku's page says them).

        >>> made = [PanelLine(t, "tiny", (0, 0, 0), fold=True) for t in ("Boar 20", "Sake 20")]
        >>> [ln.text for ln in PanelPainter.folded([PanelLine("You", "body", (0, 0, 0)), *made])]
        ['You', 'Boar 20 · Sake 20']
        """
        out: list[PanelLine] = []
        for ln in lines:
            last = out[-1] if out else None
            if ln.fold and last is not None and last.fold and \
                    (last.role, last.color, last.bold) == (ln.role, ln.color, ln.bold):
                out[-1] = last._replace(text=f"{last.text} · {ln.text}", tip=None, cards=())
            else:
                out.append(ln)
        return out

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
        lines = self.one_name_size(lines, m, w)
        if room is not None:
            lines = self.fit(lines, m, w, room)
        y = m.px(12)
        placed = []
        for line in lines:
            h = self._line_height(line, m, w)
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
            img = text_image(font(line.size or self._name_size(line, m, w), True),
                             line.text, line.color)
            if line.marker:
                pygame.draw.circle(surface, theme.VERMILION,
                                   (x - m.px(2), y + img.get_height() // 2), m.px(4))
            surface.blit(img, (x + indent, y))
            surface.blit(score, (x + w - score.get_width(), y))
            return
        covered = draw_text(surface, line.text, self._font(line, m, w), line.color,
                            pygame.Rect(x + indent, y, w - indent, 0))
        if line.cards:
            cw, ch = self.card_size(m)
            if self._cards_beside(line, m, w):
                cx, cy = covered.right + m.px(8), y + (box.height - ch) // 2
            else:
                cx, cy = x + indent, covered.bottom + m.px(1)
            for c in line.cards:
                surface.blit(faces.hanafuda_face(c, cw, ch, stand_in=True), (cx, cy))
                cx += cw + m.px(3)


def more_label(text: str, n: int) -> str:
    """A count yaku's panel line: its progress and how many cards it still lacks.

    >>> more_label("Chaff  7/10", 3)
    'Chaff  7/10 · 3 more'
    """
    return ngettext("{progress} · {n} more", "{progress} · {n} more", n).format(
        progress=text, n=n)
