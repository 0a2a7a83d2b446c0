"""The card gallery: the hanafuda deck as a 12 x 4 month grid, then the western deck and the
backs. Hovering or focusing a card lifts it and names it (name, month, kind).

Keyboard: arrows move between cards, Page Up/Down and Home/End scroll, Esc goes back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game import draw, theme
from game.fonts import font, text_image
from game.i18n import _
from game.scene import Scene
from game.table.names import (back_name, card_name, month_name, plant_label, plant_name,
                              western_card_name)
from game.text import draw_text, fit_font_size
from rules import hanafuda, western
from rules.hanafuda import PLANTS
from sprites import CardSprite, faces

GLOW = (214, 172, 84)


@dataclass
class Item:
    """One card of the gallery: what it is, and where it sits in content coordinates."""

    kind: str  # "hanafuda" | "western" | "back"
    obj: Any
    center: tuple[int, int]
    sprite: CardSprite


def kind_label(kind: hanafuda.Kind) -> str:
    return {hanafuda.Kind.BRIGHT: _("Bright"), hanafuda.Kind.ANIMAL: _("Animal"),
            hanafuda.Kind.RIBBON: _("Ribbon"), hanafuda.Kind.CHAFF: _("Chaff")}[kind]


def month_heading(month: int) -> tuple[str, str]:
    """A month column's two lines: its number and kanji, then the plant's name; where the
    plant's name is its kanji (Japanese), the month's name, then the plant.

    >>> month_heading(1)
    ('1 松', 'Pine')
    """
    kanji, plant = PLANTS[month][2], plant_name(month)
    if plant == kanji:
        return month_name(month), plant
    return f"{month} {kanji}", plant


def describe(item: Item) -> tuple[str, str]:
    """(title, details) shown for the focused card."""
    if item.kind == "hanafuda":
        c: hanafuda.Card = item.obj
        return card_name(c), _("{month} · {plant} · {kind} · code {code}").format(
            month=month_name(c.month), plant=plant_label(c.month), kind=kind_label(c.kind),
            code=c.code)
    if item.kind == "western":
        w: western.Card = item.obj
        return western_card_name(w), _("Western deck · notation {code}").format(code=str(w))
    return back_name(item.obj), _("Card back")


class GalleryScene(Scene):
    name = "gallery"

    def __init__(self, **_kwargs: Any) -> None:
        super().__init__()
        self.items: list[Item] = []
        self.rows: list[list[int]] = []  # item indices by grid row, for arrow keys
        self.headings: list[tuple[str, pygame.Rect]] = []  # content coordinates
        self.month_labels: list[tuple[int, pygame.Rect]] = []
        self.offset = 0
        self.content_height = 0
        self.focus_index = 0
        self.view = pygame.Rect(0, 0, 0, 0)
        self.back_rect = pygame.Rect(0, 0, 0, 0)
        self.back_hover = False

    # Layout -----------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        m = self.metrics
        w, h = size
        top = m.px(86)
        info_h = m.px(84)
        self.view = pygame.Rect(0, top, w, h - top - info_h)
        self.info_rect = pygame.Rect(m.pad, h - info_h + m.px(8), w - 2 * m.pad, info_h - m.px(16))
        self.back_rect = pygame.Rect(m.pad, m.px(18), m.px(140), m.px(50))
        badge = bool(self.app and self.app.settings.card_badges)
        margin = max(m.pad * 2, w // 40)
        inner_w = w - 2 * margin
        gap = max(4, m.px(10))
        self.items, self.rows, self.headings, self.month_labels = [], [], [], []
        y = m.px(8)
        heading_h = font(m.type_size("heading"), True).get_linesize() + m.px(6)

        # Hanafuda: 12 month columns of 4 cards.
        self.headings.append((_("Hanafuda — 48 cards, twelve months of four"),
                              pygame.Rect(margin, y, inner_w, heading_h)))
        y += heading_h
        cw = min((inner_w - 11 * gap) // 12, m.px(170))
        ch = round(cw * faces.HANAFUDA_RATIO)
        x0 = margin + (inner_w - (12 * cw + 11 * gap)) // 2
        label_h = font(m.type_size("small"), True).get_linesize() * 2
        for month in range(1, 13):
            rect = pygame.Rect(x0 + (month - 1) * (cw + gap), y, cw, label_h)
            self.month_labels.append((month, rect))
        y += label_h + m.px(4)
        for row in range(4):
            row_cards = [hanafuda.month_cards(month)[row] for month in range(1, 13)]
            self._add_row("hanafuda", row_cards, x0, y, cw, ch, gap,
                          lambda c: faces.face_renderer(c, badge=badge),
                          faces.back_renderer("black"))
            y += ch + gap
        y += m.px(24)

        # Western deck: a row per suit, then the jokers.
        self.headings.append((_("Western deck — 52 cards and two jokers"),
                              pygame.Rect(margin, y, inner_w, heading_h)))
        y += heading_h
        ww = min((inner_w - 12 * gap) // 13, m.px(150))
        wh = round(ww * faces.WESTERN_RATIO)
        x0 = margin + (inner_w - (13 * ww + 12 * gap)) // 2
        cards = list(western.DECK)
        for start in range(0, 54, 13):
            self._add_row("western", cards[start:start + 13], x0, y, ww, wh, gap,
                          faces.face_renderer, faces.back_renderer("western"))
            y += wh + gap
        y += m.px(24)

        # Backs.
        self.headings.append((_("Card backs"), pygame.Rect(margin, y, inner_w, heading_h)))
        y += heading_h
        indices = []
        for col, style in enumerate(faces.BACK_STYLES):
            ratio = faces.WESTERN_RATIO if style == "western" else faces.HANAFUDA_RATIO
            bw = cw if style != "western" else ww
            bh = round(bw * ratio)
            center = (x0 + col * (max(cw, ww) + gap * 3) + bw // 2, y + bh // 2)
            renderer = faces.back_renderer(style)
            sprite = CardSprite(renderer, renderer, size=(bw, bh))
            indices.append(len(self.items))
            self.items.append(Item("back", style, center, sprite))
        self.rows.append(indices)
        y += max(ch, wh) + m.px(24)
        self.content_height = y
        self.focus_index = min(self.focus_index, len(self.items) - 1)
        self.scroll_to(self.offset)
        self._set_focus(self.focus_index, scroll=False)

    def _add_row(self, kind: str, row_cards: list, x0: int, y: int, w: int, h: int, gap: int,
                 face, back) -> None:
        """A grid row of sprites from ``x0`` at top ``y``; ``face(card)`` gives each renderer."""
        indices = []
        for col, c in enumerate(row_cards):
            center = (x0 + col * (w + gap) + w // 2, y + h // 2)
            indices.append(len(self.items))
            self.items.append(Item(kind, c, center, CardSprite(face(c), back, size=(w, h))))
        self.rows.append(indices)

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.view.height)

    def scroll_to(self, offset: float) -> None:
        self.offset = int(max(0, min(self.max_offset, offset)))
        for item in self.items:
            item.sprite.snap_to((item.center[0], item.center[1] - self.offset + self.view.y))

    def _set_focus(self, index: int, scroll: bool = True) -> None:
        for i, item in enumerate(self.items):
            item.sprite.hovered = i == index
            item.sprite.highlight = GLOW if i == index else None
            item.sprite.z = 1 if i == index else 0
        self.focus_index = index
        if scroll:
            item = self.items[index]
            top = item.center[1] - item.sprite.h // 2 - self.metrics.px(24)
            bottom = item.center[1] + item.sprite.h // 2 + self.metrics.px(12)
            if top < self.offset:
                self.scroll_to(top)
            elif bottom > self.offset + self.view.height:
                self.scroll_to(bottom - self.view.height)

    @property
    def focused(self) -> Item:
        return self.items[self.focus_index]

    # Input --------------------------------------------------------------------------------------
    def item_at(self, pos: tuple[int, int]) -> int | None:
        if not self.view.collidepoint(pos):
            return None
        for i, item in enumerate(self.items):
            if item.sprite.contains(pos):
                return i
        return None

    def _move(self, drow: int, dcol: int) -> None:
        r, c = next((r, row.index(self.focus_index)) for r, row in enumerate(self.rows)
                    if self.focus_index in row)
        if dcol:
            row = self.rows[r]
            self._set_focus(row[(c + dcol) % len(row)])
            return
        r2 = max(0, min(len(self.rows) - 1, r + drow))
        x = self.items[self.focus_index].center[0]
        target = min(self.rows[r2], key=lambda i: abs(self.items[i].center[0] - x))
        self._set_focus(target)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.back_hover = self.back_rect.collidepoint(event.pos)
            hit = self.item_at(event.pos)
            if hit is not None and hit != self.focus_index:
                self._set_focus(hit, scroll=False)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.offset - event.y * self.metrics.px(80))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.back_rect.collidepoint(event.pos):
                self.play("click")
                self.close()
        elif event.type == pygame.KEYDOWN:
            moves = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0),
                     pygame.K_DOWN: (1, 0)}
            if event.key == pygame.K_ESCAPE:
                self.play("click")
                self.close()
            elif event.key in moves:
                self._move(*moves[event.key])
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                sign = 1 if event.key == pygame.K_PAGEDOWN else -1
                self.scroll_to(self.offset + sign * self.view.height * 0.9)
            elif event.key == pygame.K_HOME:
                self.scroll_to(0)
            elif event.key == pygame.K_END:
                self.scroll_to(self.max_offset)

    def update(self, dt: float) -> None:
        for item in self.items:
            item.sprite.update(dt)

    def settled(self) -> bool:
        return not any(item.sprite.animating for item in self.items)

    # Drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        m = self.metrics
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
        title = text_image(font(m.type_size("title"), True), _("Card gallery"), theme.GOLD)
        surface.blit(title, title.get_rect(center=(self.size[0] // 2, m.px(44))))
        self._draw_back_button(surface)
        old_clip = surface.get_clip()
        surface.set_clip(self.view)
        dy = self.view.y - self.offset
        heading_font = font(m.type_size("heading"), True)
        for text, rect in self.headings:
            draw_text(surface, text, heading_font, theme.GOLD, rect.move(0, dy), "left",
                      wrap_lines=False)
        cw = self.month_labels[0][1].width if self.month_labels else 0
        for month, rect in self.month_labels:
            r = rect.move(0, dy)
            if not r.colliderect(self.view):
                continue
            head, plant = month_heading(month)
            size = fit_font_size(head, cw, m.type_size("small"), True)
            num = text_image(font(size, True), head, theme.CREAM)
            surface.blit(num, num.get_rect(midtop=(r.centerx, r.y)))
            size = fit_font_size(plant, cw, m.type_size("tiny"))
            sub = text_image(font(size), plant, theme.TEXT_DIM)
            surface.blit(sub, sub.get_rect(midtop=(r.centerx, r.y + num.get_height())))
        visible = [it.sprite for it in self.items if it.sprite.rect.colliderect(self.view)]
        for sprite in sorted(visible, key=lambda s: s.z):
            sprite.draw(surface)
        surface.set_clip(old_clip)
        self._draw_scrollbar(surface)
        self._draw_info(surface)

    def _draw_back_button(self, surface: pygame.Surface) -> None:
        m = self.metrics
        r = self.back_rect
        draw.rounded_rect(surface, theme.BUTTON_HOVER if self.back_hover else theme.BUTTON, r,
                          m.radius)
        pygame.draw.rect(surface, theme.GOLD if self.back_hover else theme.GOLD_DIM, r,
                         max(1, m.px(1.5)), border_radius=m.radius)
        img = text_image(font(m.type_size("body"), True), _("◀ Back"), theme.TEXT)
        surface.blit(img, img.get_rect(center=r.center))

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        if self.max_offset <= 0:
            return
        m = self.metrics
        track = self.view.inflate(0, -m.px(8))
        h = max(m.px(40), track.height * self.view.height // self.content_height)
        y = track.y + (track.height - h) * self.offset // self.max_offset
        bar = pygame.Rect(self.size[0] - m.px(12), y, m.px(6), h)
        draw.rounded_rect(surface, theme.GOLD_DIM, bar, bar.width // 2, alpha=190)

    def _draw_info(self, surface: pygame.Surface) -> None:
        m = self.metrics
        draw.panel(surface, self.info_rect, m.radius, max(1, m.px(1)))
        title, details = describe(self.focused)
        inner = self.info_rect.inflate(-2 * m.px(20), -m.px(10))
        t = text_image(font(m.type_size("heading"), True), title, theme.GOLD)
        d = text_image(font(m.type_size("small")), details, theme.TEXT)
        total = t.get_height() + d.get_height()
        y = inner.centery - total // 2
        surface.blit(t, (inner.x, y))
        surface.blit(d, (inner.x, y + t.get_height()))
        hint = text_image(font(m.type_size("tiny")),
                          _("Arrows move · wheel or Page Up/Down scrolls · Esc goes back"),
                          theme.TEXT_DIM)
        surface.blit(hint, hint.get_rect(bottomright=(inner.right, inner.bottom)))
