"""The one tooltip: what a yaku is made of (its cards, small) and what it scores, in a box
beside the thing pointed at (a panel line, a board slot, a row of a page).

A scene keeps one ``Tooltip``; ``show(tip, anchor, bounds)`` places it beside ``anchor``
inside ``bounds`` (right of it, else left, else below or above), ``hide()`` takes it away and
``draw`` paints it (with a ring round ``anchor`` when the keyboard chose it). ``tipped``
walks a scene's widgets to the one whose tip is to show: hovered, or focused by the keyboard.

>>> from rules.hanafuda import cards
>>> t = Tooltip(); t.show(Tip("Poetry ribbons", tuple(cards("1R 2R 3R")), "5"),
...                       pygame.Rect(500, 300, 80, 20), pygame.Rect(0, 0, 1280, 800))
>>> t.shown, t.rect.left >= 580 or t.rect.right <= 500
(True, True)
>>> t.hide(); t.shown
False
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Sequence
from typing import Any, NamedTuple

import pygame

from game import draw, theme
from game.fonts import font, text_image
from game.text import draw_text, text_height
from game.theme import Metrics
from game.widgets.base import Widget
from sprites.card_ratios import HANAFUDA_RATIO


class Tip(NamedTuple):
    """What a tooltip says: a ``title`` (a yaku's name), its ``cards`` (hanafuda cards), its
    ``value`` (points) and a ``note`` (its kanji, a condition)."""

    title: str
    cards: tuple[Any, ...] = ()
    value: str = ""
    note: str = ""


class Tooltip(Widget):
    """A tip in a box beside an anchor; see the module docstring."""

    focusable = False
    #: Design pixels: the box's widest, a card's width, the gap to the anchor.
    WIDTH, CARD, GAP = 380, 30, 8

    def __init__(self) -> None:
        super().__init__()
        self.tip: Tip | None = None
        self.anchor = pygame.Rect(0, 0, 0, 0)
        self.ring = False
        self.avoided: tuple[tuple[int, int, int, int], ...] = ()  # ``show``'s ``avoid``

    @property
    def shown(self) -> bool:
        return self.tip is not None

    def show(self, tip: Tip, anchor: pygame.Rect, bounds: pygame.Rect,
             metrics: Metrics | None = None, ring: bool = False, below: bool = False,
             avoid: Sequence[pygame.Rect] = ()) -> None:
        """Show ``tip`` beside ``anchor``, inside ``bounds`` (the window); ``ring``: outline
        the anchor too (the keyboard chose it); ``below``: under the anchor where it fits
        (a row of things side by side: the tooltip hides none of them); ``avoid``: places
        it covers only where no side of the anchor leaves them free (a page's Back button).

        >>> t = Tooltip(); m = Metrics((1280, 800))
        >>> row, back = pygame.Rect(0, 300, 600, 40), pygame.Rect(250, 350, 100, 40)
        >>> t.show(Tip("Bright"), row, pygame.Rect(0, 0, 600, 400), m)
        >>> t.rect.colliderect(back)  # under the row: over the button
        True
        >>> t.show(Tip("Bright"), row, pygame.Rect(0, 0, 600, 400), m, avoid=[back])
        >>> t.rect.colliderect(back), t.rect.bottom <= row.top
        (False, True)
        """
        m = metrics or self.metrics
        avoided = tuple((r.x, r.y, r.w, r.h) for r in avoid)
        if self.tip == tip and self.anchor == anchor and self.ring == ring \
                and self.metrics == m and self.avoided == avoided:
            return
        self.tip, self.anchor, self.ring, self.metrics = tip, pygame.Rect(anchor), ring, m
        self.avoided = avoided
        w, h = self._size()
        gap = m.px(self.GAP)
        sides = [pygame.Rect(0, 0, w, h) for _ in range(4)]
        sides[0].midtop = (anchor.centerx, anchor.bottom + gap)
        sides[1].midleft = (anchor.right + gap, anchor.centery)
        sides[2].midright = (anchor.left - gap, anchor.centery)
        sides[3].midbottom = (anchor.centerx, anchor.top - gap)
        fits = [sides[0].bottom <= bounds.bottom, sides[1].right <= bounds.right,
                sides[2].left >= bounds.left, True]  # (above: the last resort, as it was)
        order = [0, 1, 2, 3] if below else [1, 2, 0, 3]
        boxes = [sides[i].clamp(bounds) for i in order if fits[i]]
        free = [b for b in boxes if b.collidelist(avoid) < 0]
        self.rect = (free or boxes)[0]
    def hide(self) -> None:
        self.tip = None

    def card_size(self) -> tuple[int, int]:
        cw = self.metrics.px(self.CARD)
        return cw, round(cw * HANAFUDA_RATIO)

    def _layout(self) -> tuple[int, int, int]:
        """(inner width, cards a row, rows of cards)."""
        m, tip = self.metrics, self.tip
        assert tip is not None
        cw, _ch = self.card_size()
        step = cw + m.px(4)
        n = len(tip.cards)
        per_row = max(1, min(n, (m.px(self.WIDTH) - 2 * m.px(12) + m.px(4)) // step)) if n else 1
        rows = -(-n // per_row) if n else 0
        title_w = font(m.type_size("small"), True).size(tip.title)[0]
        value_w = font(m.type_size("small"), True).size(tip.value)[0] if tip.value else 0
        note_w = font(m.type_size("tiny")).size(tip.note)[0] if tip.note else 0
        inner = max(per_row * step - m.px(4) if n else 0, title_w + value_w + m.px(16), note_w)
        return min(inner, m.px(self.WIDTH) - 2 * m.px(12)), per_row, rows

    def _size(self) -> tuple[int, int]:
        m, tip = self.metrics, self.tip
        assert tip is not None
        inner, _per_row, rows = self._layout()
        _cw, ch = self.card_size()
        h = text_height(font(m.type_size("small"), True), tip.title, inner)
        if tip.note:
            h += text_height(font(m.type_size("tiny")), tip.note, inner)
        if rows:
            h += m.px(6) + rows * (ch + m.px(4)) - m.px(4)
        return inner + 2 * m.px(12), h + 2 * m.px(10)

    def look(self) -> Hashable:
        """What the drawing depends on (a table's ``over_parts``)."""
        return (self.tip, tuple(self.rect), tuple(self.anchor), self.ring, self.metrics)

    def painted_rect(self) -> pygame.Rect:
        """Round everything ``draw`` paints (the box, its shadow, the anchor's ring)."""
        m = self.metrics
        box = self.rect.inflate(m.px(4), m.px(4)).union(self.rect.move(0, m.px(6)))
        if self.ring:
            box = box.union(self.anchor.inflate(m.px(10), m.px(10)))
        return box

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        tip = self.tip
        if tip is None:
            return
        m, r = self.metrics, self.rect
        if self.ring:
            pygame.draw.rect(surface, theme.FOCUS_RING, self.anchor.inflate(m.px(4), m.px(4)),
                             max(1, m.px(2)), border_radius=m.radius)
        draw.panel(surface, r, m.radius, max(1, m.px(1.5)), alpha=245,
                   border_color=theme.GOLD)
        inner, per_row, _rows = self._layout()
        x, y = r.x + m.px(12), r.y + m.px(10)
        bold = font(m.type_size("small"), True)
        value_w = 0
        if tip.value:
            v = text_image(bold, tip.value, theme.GOLD)
            value_w = v.get_width() + m.px(10)
            surface.blit(v, (x + inner - v.get_width(), y))
        y = draw_text(surface, tip.title, bold, theme.CREAM,
                      pygame.Rect(x, y, inner - value_w, 0)).bottom
        if tip.note:
            y = draw_text(surface, tip.note, font(m.type_size("tiny")), theme.TEXT_DIM,
                          pygame.Rect(x, y, inner, 0)).bottom
        y += m.px(6)
        from sprites import faces  # (the menu's widgets start without the card art)
        cw, ch = self.card_size()
        for i, c in enumerate(tip.cards):
            row, col = divmod(i, per_row)
            surface.blit(faces.face_renderer(c, stand_in=True)(cw, ch),
                         (x + col * (cw + m.px(4)), y + row * (ch + m.px(4))))


def tipped(widgets: Iterable[Widget]) -> Widget | None:
    """Among ``widgets`` (and the children of lists), the one whose ``tip`` is to show: the
    hovered one, else the one the keyboard focused.

    >>> a, b = Widget(), Widget(); a.tip = b.tip = Tip("x"); b.focused = True
    >>> tipped([a, b]) is b
    True
    >>> a.hovered = True; tipped([a, b]) is a
    True
    """
    focused = None
    for w in _walk(widgets):
        if w.tip is None or not w.visible:
            continue
        if w.hovered:
            return w
        if w.focused and focused is None:
            focused = w
    return focused


def _walk(widgets: Iterable[Widget]) -> Iterator[Widget]:
    for w in widgets:
        yield w
        yield from _walk(getattr(w, "children", ()))
