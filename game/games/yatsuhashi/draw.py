"""How the Yatsuhashi table looks: where each card is shown, the piles, the board of yaku
slots, the panel, the win.

``TableDrawing`` holds the drawing methods of ``YatsuhashiTable`` (``game.games.yatsuhashi.table``),
on the table kit's hooks (``places`` for the cards, ``draw_static`` kept, ``draw_under`` and
``draw_over`` the cards, ``focus_rect``); they read the table's state and change nothing.

>>> [c.code for c in ghost_cards("early_chaff")], [c.code for c in ghost_cards("godori")]
(['1C1', '2C1', '3C1', '4C1', '5C1'], ['2A', '4A', '8A'])
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import draw, theme
from game.fonts import font, text_image
from game.i18n import _, ngettext
from game.games.yatsuhashi.layout import SLOT_YAKU
from game.games.yatsuhashi.rules import ghost_cards, yaku_label, yaku_tip
from game.table.base import Place
from game.text import clock, draw_fitted, draw_text, fit_font_size, text_height, wrap
from rules.hanafuda import DECK, Card
from sprites import faces
from sprites.cache import kept
from sprites.card_sprite import Glow, draw_style
from game.table.drawing import TableDrawing

if TYPE_CHECKING:  # pragma: no cover
    pass

COLLECT_GLOW = Glow(theme.GLOW_ACT)                # cards of a yaku that can be collected now
SELECT_GLOW = Glow(theme.GLOW_CHOSEN, "ring")      # cards chosen (held, or for a collection)
TARGET_GLOW = Glow(theme.GLOW_TARGET, "dashed")    # legal drop targets while dragging
HINT_GLOW = Glow(theme.GLOW_HINT, "marker")        # the hinted move

@kept(count=64, megabytes=8)
def _ghost(c: Card, w: int, h: int) -> pygame.Surface:
    """A faint copy of a face for an empty board slot (made once, not every frame)."""
    img = faces.hanafuda_face(c, w, h).copy()
    img.set_alpha(55)
    return img


class SolitaireDrawing(TableDrawing):
    """The drawing half of ``YatsuhashiTable``."""

    def _slots(self) -> dict[int, list[Card]]:
        """Board slot -> the cards collected into it (as shown)."""
        out: dict[int, list[Card]] = {}
        for yaku, cards in self.table.shown.collections:
            slot = next(i for i, y in enumerate(SLOT_YAKU) if y == yaku and i not in out)
            out[slot] = sorted(cards, key=lambda c: c.index)
        return out

    def win_ring(self) -> tuple[tuple[float, float], float]:
        """Centre and radius of the ring the cards form when the deal is won."""
        lay = self.table.layout_
        top, bottom = lay.columns[0].y, lay.message.y
        r = min(lay.play.width, bottom - top) * 0.4
        return (lay.play.centerx, (top + bottom) / 2), r

    def _win_places(self, out: dict[Card, Place]) -> None:
        """The win: every card in a ring in the middle of the table, tops pointing out."""
        (cx, cy), r = self.win_ring()
        w = round(self.table.layout_.card[0] * 0.72)
        size = (w, round(w * faces.HANAFUDA_RATIO))
        for k, c in enumerate(DECK):
            a = 2 * math.pi * k / len(DECK) - math.pi / 2
            out[c] = Place((cx + r * math.cos(a), cy + r * math.sin(a)), size, True, 400 + k,
                           -(360.0 * c.index / len(DECK)))

    # Drawing ----------------------------------------------------------------------------------
    def _win_box(self) -> pygame.Rect:
        """The card in the middle of the ring of a won deal."""
        (cx, cy), r = self.win_ring()
        box = pygame.Rect(0, 0, round(r * 1.25), round(r * 0.75))
        box.center = (round(cx), round(cy))
        return box

    def _win_lines(self) -> list[tuple[str, str, tuple[int, int, int], bool]]:
        """What the card of a won deal says: (text, type role, colour, bold) a line."""
        table = self.table
        moves = len(table.game.moves)
        if table.shown_deal:  # the solver played in it: not the player's win
            return [(_("Solved!"), "title", theme.GOLD, True),
                    (_("Deal {n}: the solver's line, {moves} moves").format(
                        n=table.deal_number, moves=moves), "body", theme.TEXT, False),
                    (_("Show me played this deal: it did not count in your statistics."),
                     "small", theme.TEXT_DIM, False)]
        lines = [(_("You won!"), "title", theme.GOLD, True),
                 (_("Deal {n} in {time} with {moves} moves").format(
                     n=table.deal_number, time=clock(table.elapsed), moves=moves),
                  "body", theme.TEXT, False)]
        if self.table.app is not None:
            t = self.table.app.stats.summary("yatsuhashi")
            rate = f"{t.win_rate * 100:.0f}%" if t.win_rate is not None else "—"
            lines.append((_("Won {won} of {played} ({rate}) · streak {streak}").format(
                won=t.won, played=t.played, rate=rate, streak=t.streak), "small", theme.TEXT_DIM,
                False))
        return lines

    def _draw_win(self, surface: pygame.Surface) -> None:
        """The card in the middle of the ring: the result and the record for this game."""
        m = self.table.metrics
        box = self._win_box()
        room = box.width - m.px(24)
        imgs = []
        for text, role, color, bold in self._win_lines():  # (never below the least text:
            # a line too long at that size goes on on the next)
            size = fit_font_size(text, room, m.type_size(role), bold, m.least_text)
            f = font(size, bold)
            for line in (wrap(f, text, room) if f.size(text)[0] > room else [text]):
                imgs.append(text_image(f, line, color))
        height = sum(i.get_height() for i in imgs) + m.px(24)
        if height > box.height:
            box = box.inflate(0, height - box.height)
        draw.panel(surface, box, m.radius * 2, max(1, m.px(2)), alpha=235)
        y = box.centery - sum(i.get_height() for i in imgs) // 2
        for img in imgs:
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()

    # The kit's drawing hooks: the kept layer, under the cards, over them. -------------------
    def draw_static(self, surface: pygame.Surface,
                    scratch: pygame.Surface | None = None) -> None:
        """The felt, the stock and waste outlines, the panel's frame and title (kept)."""
        t = self.table
        lay, m = t.layout_, t.metrics
        super().draw_static(surface, scratch)
        self._outline(surface, lay.stock)
        self._outline(surface, pygame.Rect(lay.waste.x, lay.waste.y, lay.card[0], lay.card[1]))
        r = lay.panel
        draw.panel(surface, r, m.radius * 2, max(1, m.px(1.5)))
        title = _("Yatsuhashi")
        w = r.width - m.px(32)
        img = text_image(font(fit_font_size(title, w, m.type_size("heading"), True), True), title,
                         theme.GOLD)
        surface.blit(img, (r.x + m.px(16), r.y + m.px(12)))

    def draw_under(self, surface: pygame.Surface) -> None:
        self._draw_piles(surface)
        self._draw_board(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        t = self.table
        lay, m = t.layout_, t.metrics
        text = t.notice or t.message
        line = lay.message
        if t.offer.visible:  # (the offer of a winnable deal at the line's right end)
            line = pygame.Rect(line.x, line.y, t.offer.rect.x - m.px(12) - line.x, line.height)
            t.offer.draw(surface)
        if text:
            color = theme.VERMILION if t.notice else theme.TEXT
            size = fit_font_size(text, line.width, m.type_size("small"))
            draw_text(surface, text, font(size), color, line, "center", "center",
                      wrap_lines=False)
        self._draw_panel(surface)
        if t.won_shown and not t.queue.busy:
            self._draw_win(surface)
        if t.finding is not None:
            self._draw_finding(surface)

    def _outline(self, surface: pygame.Surface, rect: pygame.Rect, color=theme.GOLD_DIM,
                 alpha: int = 70) -> None:
        m = self.table.metrics
        draw.rounded_rect(surface, theme.FELT_DARK, rect, m.radius, alpha=alpha)
        pygame.draw.rect(surface, color, rect, max(1, m.px(1.5)), border_radius=m.radius)

    def over_parts(self) -> dict[Any, tuple[Any, pygame.Rect]]:
        """What ``draw_over`` shows: the message line (with the offer of a winnable deal), the
        panel (its figures, indicator, notes, record and buttons), the card of a won deal and
        the box of a deal being found."""
        t = self.table
        lay, m = t.layout_, t.metrics
        grow = m.px(24)  # (round a text's overhang, a box's shadow)
        parts: dict[Any, tuple[Any, pygame.Rect]] = {
            "message": ((t.notice, t.message, t.offer.look(), t.size),
                        lay.message.inflate(grow, grow).union(t.offer.painted_rect())),
            **{("panel", i): ((key, t.size), rect)
               for i, (key, rect, _paint) in enumerate(self._panel_pieces())}}
        if t.won_shown and not t.queue.busy:
            box = self._win_box()  # (a long line wrapped makes the card taller)
            parts["win"] = ((self._win_lines(), t.size), box.inflate(grow, grow + box.height))
        if t.finding is not None:
            parts["finding"] = ((t.finding["checked"], t.size),
                                self._finding_box().inflate(grow, grow))
        return parts

    def under_key(self) -> tuple:
        """Nothing beyond the window and the display: the pieces are ``under_parts``."""
        return ()

    def under_parts(self) -> dict[Any, tuple[Any, pygame.Rect]]:
        """The stock (its count, and the arrow when it is empty), each column's outline (lit
        as a target or not), each board slot (filled, lit, and how many of its faint faces
        are rendered): a move paints its pieces again, not the table."""
        t = self.table
        g, lay, m = t.game, t.layout_, t.metrics
        stock = lay.stock.inflate(m.px(24), m.px(8)).union(
            pygame.Rect(lay.stock.x - m.px(12), lay.stock.bottom, lay.stock.width + m.px(24),
                        m.px(36)))
        parts: dict[Any, tuple[Any, pygame.Rect]] = {
            "stock": ((len(g.stock), bool(g.waste)), stock)}
        lit_columns = self._lit_columns()
        edge = m.px(6)
        for i, col in zip(range(len(g.foundations)), lay.columns):
            slot = pygame.Rect(col.x, col.y, lay.card[0], lay.card[1])
            parts["column", i] = (i in lit_columns, slot.inflate(edge, edge))
        filled, lit_slots = self._slots(), self._lit_slots()
        boxes = self._slot_boxes()
        for i, yaku in enumerate(SLOT_YAKU):
            ghosts = 0 if i in filled else self._ghosts_shown(yaku)
            parts["slot", i] = ((i in filled, i in lit_slots, ghosts), boxes[i])
        return parts

    _ghosts: tuple[Any, set[str]] | None = None

    def _ghosts_shown(self, yaku: str) -> int:
        """How many of ``yaku``'s faint faces are rendered (and shown): counted until all
        are, then known (asked for every slot every frame)."""
        size = self.table.layout_.mini
        if self._ghosts is None or self._ghosts[0] != size:
            self._ghosts = (size, set())
        done = self._ghosts[1]
        cards = ghost_cards(yaku)
        if yaku in done:
            return len(cards)
        shown = sum(faces.hanafuda_face_cached(c, *size) for c in cards)
        if shown == len(cards):
            done.add(yaku)
        return shown

    _boxes: tuple[Any, list[pygame.Rect]] | None = None

    def _slot_boxes(self) -> list[pygame.Rect]:
        """Each board slot's box (``_slot_box``), kept for the layout."""
        t = self.table
        if self._boxes is None or self._boxes[0] is not t.layout_:
            self._boxes = (t.layout_, [self._slot_box(i) for i in range(len(SLOT_YAKU))])
        return self._boxes[1]

    def _lit_columns(self) -> set[int]:
        """The empty columns lit as targets of the card dragged or held."""
        g = self.table.game
        drag = self.table.drag
        legal = {t.index for t in drag.legal_targets} if drag.dragging else set()
        if self.table.held:
            legal |= {mv.to for mv in g.moves_for(self.table.held[0])}
        return {i for i in legal if i < len(g.foundations) and not g.foundations[i]}

    def _lit_slots(self) -> set[int]:
        """The board slots lit as a collection can go there: the first empty one of each yaku
        that can be collected."""
        t = self.table
        available = {mv.yaku for mv in t.game.collect_moves()} if t.input.accepting else set()
        filled, lit, out = self._slots(), set(), set()
        for i, yaku in enumerate(SLOT_YAKU):
            if yaku in available and i not in filled and yaku not in lit:
                lit.add(yaku)
                out.add(i)
        return out

    def _slot_box(self, i: int) -> pygame.Rect:
        """Where board slot ``i`` draws: its box and label, and the outline's width."""
        t = self.table
        lay, edge = t.layout_, t.metrics.px(6)
        return lay.slots[i].union(lay.slot_label_rect(i)).inflate(edge, edge)

    def _draw_piles(self, surface: pygame.Surface) -> None:
        t = self.table
        lay, m, g = t.layout_, t.metrics, t.game
        if not g.stock:
            # The empty stock: a circular arrow when the waste can be turned over.
            color = theme.GOLD if g.waste else theme.DISABLED
            r = min(lay.stock.width, lay.stock.height) // 4
            c = lay.stock.center
            box = pygame.Rect(0, 0, 2 * r, 2 * r)
            box.center = c
            pygame.draw.arc(surface, color, box, 0.6, 2 * math.pi - 0.2, max(2, m.px(3)))
            tip = (c[0] + r * math.cos(0.6), c[1] - r * math.sin(0.6))
            a = max(4, m.px(7))
            pygame.draw.polygon(surface, color, [(tip[0] - a, tip[1] - a * 0.2),
                                                 (tip[0] + a * 0.7, tip[1] - a * 0.6),
                                                 (tip[0] + a * 0.1, tip[1] + a * 0.8)])
        small = font(m.type_size("tiny"), True)
        img = text_image(small, str(len(g.stock)), theme.CREAM)
        surface.blit(img, img.get_rect(midtop=(lay.stock.centerx, lay.stock.bottom + m.px(3))))
        clip = surface.get_clip()  # (a part of the layer painted again: the columns there)
        lit_columns = self._lit_columns()
        edge = m.px(6)
        for i, col in zip(range(len(g.foundations)), lay.columns):
            slot = pygame.Rect(col.x, col.y, lay.card[0], lay.card[1])
            if not clip.colliderect(slot.inflate(edge, edge)):
                continue
            glow = i in lit_columns
            self._outline(surface, slot, TARGET_GLOW.color if glow else theme.GOLD_DIM,
                          140 if glow else 70)
            if glow:  # a target's dashes, as on a card
                draw_style(surface, slot, TARGET_GLOW.color, TARGET_GLOW.style,
                           max(2, m.px(3)), m.radius)

    def _draw_board(self, surface: pygame.Surface) -> None:
        t = self.table
        lay, m = t.layout_, t.metrics
        filled, lit_slots = self._slots(), self._lit_slots()
        boxes = self._slot_boxes()
        tiny = m.type_size("tiny")
        clip = surface.get_clip()  # (a part of the layer painted again: the slots there)
        for i, (yaku, rect) in enumerate(zip(SLOT_YAKU, lay.slots)):
            glow = i in lit_slots
            if not clip.colliderect(boxes[i]):
                continue
            draw.rounded_rect(surface, theme.PANEL, rect, m.radius, alpha=120)
            pygame.draw.rect(surface, theme.GOLD if glow else theme.GOLD_DIM, rect,
                             max(1, m.px(2 if glow else 1)), border_radius=m.radius)
            if i not in filled:
                ghosts = ghost_cards(yaku)
                for c, pos in zip(ghosts, lay.slot_card_positions(i, len(ghosts))):
                    if not faces.hanafuda_face_cached(c, *lay.mini):
                        continue  # drawn once update has rendered it (see _warm_art)
                    img = _ghost(c, *lay.mini)
                    surface.blit(img, img.get_rect(center=(round(pos[0]), round(pos[1]))))
            lr = lay.slot_label_rect(i)
            colour = theme.GOLD if i in filled or glow else theme.TEXT_DIM
            draw_fitted(surface, yaku_label(yaku), colour, lr, tiny, least=m.least_text)

    def tip_targets(self) -> list[tuple[pygame.Rect, Any]]:
        """Each board slot (its cards and label), with its yaku's tooltip."""
        return [(box, yaku_tip(yaku)) for yaku, box in zip(SLOT_YAKU, self._slot_boxes())]

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The panel's pieces that meet the surface's clip (a frame paints those that
        changed: ``over_parts``)."""
        t = self.table
        clip = surface.get_clip()
        grow = t.metrics.px(48)  # (round the pieces' overhang: text, a button's shadow)
        if not clip.colliderect(t.layout_.panel.inflate(grow, grow)):
            return  # (a box of the table elsewhere: its pieces not even placed)
        for _key, rect, paint in self._panel_pieces():
            if clip.colliderect(rect):
                paint(surface)

    def _panel_pieces(self) -> list[tuple[Any, pygame.Rect, Callable[[pygame.Surface], Any]]]:
        """The panel's pieces, each with what it shows, round where it paints and how: the
        figures a row each, the solver's indicator, the Bridge's note, the record, the keys
        and the buttons (the clock's second paints its row, not the panel)."""
        t = self.table
        lay, m = t.layout_, t.metrics
        r = lay.panel
        x, w = r.x + m.px(16), r.width - m.px(32)
        grow = m.px(8)  # (round a text's overhang)
        title = _("Yatsuhashi")
        y = r.y + m.px(12) + font(fit_font_size(title, w, m.type_size("heading"), True),
                                  True).get_height()
        body = font(m.type_size("body"), True)
        small = font(m.type_size("small"))
        pieces: list[tuple[Any, pygame.Rect, Callable[[pygame.Surface], Any]]] = []
        for label, value in self._panel_rows():
            a = text_image(small, label, theme.TEXT_DIM)
            b = text_image(body, value, theme.CREAM)
            at_a, at_b = (x, y + (b.get_height() - a.get_height()) // 2), (x + w - b.get_width(),
                                                                            y)
            pieces.append(((label, value), pygame.Rect(x, y, w, b.get_height()).inflate(
                grow, grow), _painter(_blit_images, ((a, at_a), (b, at_b)))))
            y += b.get_height() + m.px(2)
        y += m.px(8)
        if self._indicator_shown():
            verdict = t.verdict()
            box = pygame.Rect(x - m.px(6), y, w + m.px(12), m.px(34))
            pieces.append((("indicator", verdict), box.inflate(grow, grow),
                           _painter(self._draw_indicator, x, y, w)))
            y = box.bottom
        y += m.px(6)
        tiny = font(m.type_size("tiny"))
        keys = _("H hint · S show me · Ctrl+Z undo · Ctrl+Y redo · arrows and Enter to play by "
                 "keyboard · L log · Esc menu")
        h = text_height(tiny, keys, w)  # (as many lines as the language and width need)
        keys_box = pygame.Rect(x, t.buttons["undo"].rect.y - m.px(6) - h, w, h)
        # What flows down from the figures stops above the keys' note (a large interface
        # scale leaves less room: the record goes first, then the Bridge's note, the keys).
        floor = keys_box.y if keys_box.y >= y else keys_box.bottom
        texts: list[tuple[str, tuple[int, int, int], int]] = []
        if "yatsuhashi" not in t.game.collected:
            bridge = t.game.bridge_allowed
            note = (_("The Bridge may leave now.") if bridge else
                    _("The Bridge (Iris animal) leaves after five other yaku."))
            texts.append((note, theme.GOLD if bridge else theme.TEXT_DIM, m.px(10)))
        texts += [(line, theme.TEXT_DIM, m.px(2)) for line in self._record_lines()]
        for text, color, after in texts:
            box = pygame.Rect(x, y, w, text_height(tiny, text, w))
            if box.bottom > floor:
                break
            pieces.append(((text, color), box.inflate(grow, grow),
                           _painter(draw_text, text, tiny, color, box)))
            y = box.bottom + after
        if keys_box.y >= y:
            pieces.append((keys, keys_box.inflate(grow, grow),
                           _painter(draw_text, keys, tiny, theme.TEXT_DIM, keys_box,
                                    valign="bottom")))
        for button in t.buttons.values():
            pieces.append(((button.look(), button.rect.topleft), button.painted_rect(),
                           button.draw))
        return pieces

    def _panel_rows(self) -> list[tuple[str, str]]:
        """The panel's figures: (label, value) a row."""
        t = self.table
        shown = "…" if t.finding is not None else str(t.deal_number or "—")
        return [(_("Deal"), shown),
                (_("Time"), clock(t.elapsed)),
                (_("Moves"), str(len(t.game.moves))),
                (_("Yaku"), f"{len(t.game.collected)} / 14")]

    def _indicator_shown(self) -> bool:
        t = self.table
        return t.show_indicator and not t.game.is_won and t.finding is None

    def _record_lines(self) -> list[str]:
        """This game's statistics, for the panel."""
        if self.table.app is None:
            return []
        t = self.table.app.stats.summary("yatsuhashi")
        if not t.played:
            return []
        rate = f"{t.win_rate * 100:.0f}%" if t.win_rate is not None else "—"
        lines = [_("Won {won} of {played} ({rate})").format(won=t.won, played=t.played,
                                                           rate=rate),
                 _("Streak {s} (best {b})").format(s=t.streak, b=t.best_streak)]
        if "time" in t.best:
            lines.append(_("Best {time} · fewest moves {moves}").format(
                time=clock(t.best["time"]), moves=int(t.best.get("moves", 0))))
        return lines

    def _draw_indicator(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        t = self.table
        m = t.metrics
        v = t.verdict()
        # Each verdict has a mark of its own beside its colour: a tick, a cross, a dot.
        if v == "thinking":
            text, color, mark = _("Thinking…"), theme.TEXT_DIM, "dot"
        elif v == "unavailable":
            text, color, mark = _("Solver unavailable"), theme.TEXT_DIM, "dot"
        elif v is True:
            text, color, mark = _("Winnable"), theme.SUCCESS, "tick"
        elif v is False:
            text, color, mark = _("Not winnable from here"), theme.VERMILION, "cross"
        else:
            text, color, mark = _("Too hard to tell"), theme.GOLD_DIM, "dot"
        box = pygame.Rect(x - m.px(6), y, w + m.px(12), m.px(34))
        draw.rounded_rect(surface, theme.INK, box, m.radius, alpha=150)
        draw.status_mark(surface, mark, (box.x + m.px(16), box.centery), m.px(7), color)
        size = fit_font_size(text, box.width - m.px(36), m.type_size("small"), True)
        img = text_image(font(size, True), text, theme.CREAM)
        surface.blit(img, img.get_rect(midleft=(box.x + m.px(30), box.centery)))
        return box.bottom

    def _finding_box(self) -> pygame.Rect:
        t = self.table
        lay, m = t.layout_, t.metrics
        box = pygame.Rect(0, 0, min(lay.play.width - m.px(40), m.px(560)), m.px(130))
        box.center = lay.play.center
        return box

    def _draw_finding(self, surface: pygame.Surface) -> None:
        t = self.table
        m = t.metrics
        checked = t.finding["checked"] if t.finding else 0
        box = self._finding_box()
        draw.panel(surface, box, m.radius * 2, max(1, m.px(2)), alpha=240)
        title = text_image(font(m.type_size("heading"), True), _("Finding a winnable deal…"),
                           theme.GOLD)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + m.px(16))))
        line = ngettext("{n} deal checked", "{n} deals checked", checked).format(n=checked)
        img = text_image(font(m.type_size("body")), line, theme.TEXT)
        surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + m.px(70))))


def _painter(fn: Callable[..., Any], *args: Any, **kw: Any) -> Callable[[pygame.Surface], Any]:
    """``fn(surface, *args, **kw)`` for the surface given later (a piece of the panel).

    >>> s = pygame.Surface((4, 4)); _ = _painter(pygame.Surface.fill, (9, 9, 9))(s)
    >>> s.get_at((0, 0))
    Color(9, 9, 9, 255)
    """
    return lambda surface: fn(surface, *args, **kw)


def _blit_images(surface: pygame.Surface,
                 images: tuple[tuple[pygame.Surface, tuple[int, int]], ...]) -> None:
    for image, at in images:
        surface.blit(image, at)
