"""``FishingDrawing``: how a fishing table is drawn (a part of ``FishingTable``,
``game.table.fishing``).

Over the kit's frame (``game.table.drawing``): the kept layer gets the felt, a darker frame
round the field and the panel's frame; under the cards, each pile's labels by kind
(``KIND_LABELS``, with counts) and over each other seat's cards its name and score
(``NAMES_OVER_SEATS``) and its last turn in words; over them, the coach's badges and outlines
(``coach_marks``), the stock count, the message line, the panel (a layer painted again, line
by line, when ``panel_key()`` changes; a game writes ``panel_lines``), the log and hint
buttons and the banner (a title, a line and the cards it is about, over the field).
``faces_needed`` lists the faces to warm, the ones a deal shows first.

>>> [_(KIND_LABELS[k]) for k in (Kind.BRIGHT, Kind.CHAFF)]
['Brights', 'Chaff']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import draw, theme
from game.fonts import font, text_image
from game.i18n import N_, _
from game.table.coach import badge_image, badge_rect
from game.table.fishing_steps import seat_line
from game.text import clip_text, draw_text, fit_font_size, wrap
from rules.hanafuda import DECK, Kind
from sprites import faces
from game.table.drawing import TableDrawing

if TYPE_CHECKING:  # pragma: no cover
    pass

KIND_LABELS = {Kind.BRIGHT: N_("Brights"), Kind.ANIMAL: N_("Animals"),
               Kind.RIBBON: N_("Ribbons"), Kind.CHAFF: N_("Chaff")}


#: Images with where each goes (the pile labels, the seat names).
_Images = list[tuple[pygame.Surface, pygame.Rect]]
#: ``under_parts``, the pile labels' images and the seat names' images.
_Pieces = tuple[dict[Any, tuple[Any, pygame.Rect]], _Images, _Images]


class FishingDrawing(TableDrawing):
    """The drawing of ``FishingTable``; see the module docstring."""

    def draw_static(self, surface: pygame.Surface,
                    scratch: pygame.Surface | None = None) -> None:
        """The felt, a darker frame round the field and the panel's frame."""
        t = self.table
        super().draw_static(surface, scratch)
        self.draw_frames(surface, t.layout_.field)

    def draw_under(self, surface: pygame.Surface) -> None:
        self.draw_pile_labels(surface)
        self.draw_seat_names(surface)

    def under_key(self) -> tuple:
        """Whose table it is (the rest is in ``under_parts``)."""
        t = self.table
        return (t.viewer, t.players)

    def under_parts(self) -> dict[Any, tuple[Any, pygame.Rect]]:
        """Each pile label with its count; with ``NAMES_OVER_SEATS`` each seat's name with
        its score and turn: a capture paints its labels again, not the table."""
        return self._under_pieces()[0]

    def draw_seat_names(self, surface: pygame.Surface) -> None:
        """Over each other seat's cards: with ``NAMES_OVER_SEATS`` its name and score, so
        the panel's names have a place (the seat to play in gold); then its last turn in a
        few words (``seat_lines``)."""
        clip = surface.get_clip()
        for img, rect in self._under_pieces()[2]:  # (cut to its width, never its descent)
            if clip.colliderect(rect):
                surface.blit(img, rect.topleft, pygame.Rect(0, 0, rect.width, img.get_height()))

    def draw_pile_labels(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()  # (a part of the layer painted again: the labels there)
        for img, box in self._under_pieces()[1]:
            if clip.colliderect(box):
                surface.blit(img, box)

    _pieces: tuple[Any, _Pieces] | None = None

    def _under_pieces(self) -> _Pieces:
        """``under_parts``, and the images of the pile labels and (``NAMES_OVER_SEATS``) of
        the seat names with where each goes: kept while the piles, and the names' scores
        and turn, stay the same (asked every frame, and by each box of the layer painted
        again)."""
        t = self.table
        lay, m = t.layout_, t.metrics
        names = (tuple(t.shown_scores), t.as_shown.turn(),
                 tuple(sorted(t.seat_lines.items())))  # (a new language: ``covered``)
        key = (lay, t.viewer, tuple(tuple(c.index for c in p) for p in t.view.piles), names)
        if self._pieces is not None and self._pieces[0] == key:
            return self._pieces[1]
        parts: dict[Any, tuple[Any, pygame.Rect]] = {}
        labels: _Images = []
        for seat in range(t.players):
            _pos, places = lay.pile_places(t.screen_seat(seat), t.view.piles[seat])
            for kind, rect, n in places:  # (with room for the text's descent)
                parts["label", seat, kind] = (n, rect.inflate(0, rect.height))
                text = f"{_(KIND_LABELS[kind])} {n}"
                size = fit_font_size(text, rect.width, m.type_size("tiny"), True,
                                     minimum=m.least_text)
                if font(size, True).size(text)[0] > rect.width:
                    text = str(n)  # (too narrow for the word: the count over its cards)
                img = text_image(font(size, True), text, theme.TEXT_DIM if n == 0
                                 else theme.CREAM)
                labels.append((img, img.get_rect(topleft=rect.topleft)))
        seat_names: _Images = []
        for seat in range(t.players):
            at = t.screen_seat(seat)
            if not at:
                continue
            rect = lay.seats[at].name
            active = t.as_shown.turn() == seat
            said = seat_line(t.seat_lines[seat], t.seating) if seat in t.seat_lines else ""
            text = ""
            if t.NAMES_OVER_SEATS:
                text = f"{t.seating.short_name(seat)} · {t.shown_scores[seat]}"
                parts["name", seat] = ((text, active, said), rect.inflate(0, rect.height))
                size = fit_font_size(text, rect.width, m.type_size("tiny"), True,
                                     minimum=m.least_text)
                img = text_image(font(size, True), text, theme.GOLD if active
                                 else theme.CREAM)
                seat_names.append((img, rect))
            else:  # (no name over the seat: the line says whose turn it was)
                said = said and _("{heading}: {text}").format(
                    heading=t.seating.short_name(seat), text=said)
                parts["line", seat] = (said, rect.inflate(0, rect.height))
            if said:  # the seat's last turn, after its name (or beside its backs)
                seat_names += self._seat_line_pieces(at, said, seat_names[-1][0].get_width()
                                                     + m.px(12) if text else 0)
                parts["said", seat] = (said, lay.seats[at].box)
        self._pieces = (key, (parts, labels, seat_names))
        return self._pieces[1]

    def _seat_line_pieces(self, at: int, said: str, after: int) -> _Images:
        """A seat's last turn in words, on its name's line ``after`` pixels in; where it
        would be cut there and the seat's backs leave the room beside them (a side seat),
        there on as many lines as their height holds."""
        t = self.table
        lay, m = t.layout_, t.metrics
        place = lay.seats[at]
        size = m.type_size("tiny")
        f = font(size)
        room = pygame.Rect(place.name.x + after, place.name.y,  # (clear of the next seat)
                           place.name.width - after - m.px(12), place.name.height)
        lines = [clip_text(said, room.width, size)]
        xs = [x for x, _y in lay.hand_places(at, lay.HAND_CARDS)]
        x = round(max(xs, default=place.hand.x) + lay.small_card[0] / 2) + lay.gap
        beside = pygame.Rect(x, place.hand.y, place.box.right - x,  # (down to its pile)
                             max(place.hand.height, place.pile.y - place.hand.y - lay.gap))
        most = beside.height // f.get_linesize()
        under = place.pile.y >= place.hand.bottom  # (else its pile lies beside its backs)
        if lines[0] != said and under and most >= 1 and beside.width > room.width:
            wrapped = wrap(f, said, beside.width)
            lines = wrapped[:most]
            if len(wrapped) > most:
                lines[-1] = clip_text(" ".join(wrapped[most - 1:]), beside.width, size)
            room = beside
        step = f.get_linesize()
        return [(text_image(f, line, theme.TEXT_DIM),
                 pygame.Rect(room.x, room.y + k * step, room.width, step))
                for k, line in enumerate(lines) if line]

    def draw_over(self, surface: pygame.Surface) -> None:
        """The coach's marks, the stock count, the message line, the panel (a layer kept
        while ``panel_key`` stays the same), the log and hint buttons and the banner."""
        t = self.table
        self.draw_coach(surface)
        self.draw_stock_count(surface)
        self.draw_message(surface)
        self.draw_panel(surface)
        t.log_button.draw(surface)
        t.hint_button.draw(surface)
        self.draw_banner(surface)

    def over_parts(self) -> dict[Any, tuple[Any, pygame.Rect]]:
        """What ``draw_over`` shows: the coach's marks, the stock count, the message line,
        the panel, the log and hint buttons and the banner."""
        t = self.table
        lay, m = t.layout_, t.metrics
        grow = m.px(8)  # (round a text's overhang)
        parts: dict[Any, tuple[Any, pygame.Rect]] = {
            "stock": ((len(t.view.stock), t.size), self._stock_count()[1].inflate(
                grow, grow)),
            "message": ((self.message_text(), t.size), lay.message.inflate(grow, grow).union(
                lay.message.move(0, -lay.message.height))),  # (two lines rise over it)
            **self.panel_over_parts(),
            "log": ((t.log_button.look(), t.log_button.rect.topleft),
                    t.log_button.painted_rect()),
            "hint": ((t.hint_button.look(), t.hint_button.rect.topleft),
                     t.hint_button.painted_rect())}
        for i, (image, rect) in enumerate(self._coach_pieces()):
            parts["coach", i] = ((image, tuple(rect)), rect.inflate(2, 2))
        if t.banner is not None:
            box, rects = self.banner_geometry(len(t.banner[2]))
            ready = tuple(faces.hanafuda_face_cached(c, r.width, r.height, badge=self.badges)
                          for c, r in zip(t.banner[2], rects))
            parts["banner"] = ((t.banner, self.badges, ready, t.size),
                               box.inflate(m.px(24), m.px(24)))
        return parts

    def _coach_pieces(self) -> list[tuple[Any, pygame.Rect]]:
        """The coach's marks with where each goes: each capture of the best move outlined
        (``"ring"``), then each badge's image."""
        t = self.table
        badges, taken = t.input.coach_marks()
        if not badges and not taken:
            return []
        m = t.metrics
        pieces: list[tuple[Any, pygame.Rect]] = []
        ring = max(2, m.px(3))
        for c in taken:
            pieces.append(("ring", t.sprites[c].rect.inflate(2 * ring, 2 * ring)))
        for c, text, best in badges:
            image = badge_image(text, best, m)
            pieces.append((image, badge_rect(t.sprites[c].rect, image.get_size())))
        return pieces

    def draw_coach(self, surface: pygame.Surface) -> None:
        """The coach's advice on the cards: its best move's captures outlined in gold, a
        badge with its estimate on each candidate's card (the best one gold)."""
        m = self.table.metrics
        for image, rect in self._coach_pieces():
            if isinstance(image, pygame.Surface):
                surface.blit(image, rect)
            else:
                pygame.draw.rect(surface, theme.GOLD, rect, max(2, m.px(3)),
                                 border_radius=m.radius + m.px(2))

    _panel_faces: tuple[int, int] | None = None

    def panel_faces_ready(self) -> bool:
        """Are the panel's small faces made (until then others stand in, scaled: the
        panel is painted again once they are)?"""
        t = self.table
        size = t.PANEL.card_size(t.metrics)
        if self._panel_faces != size:
            if not all(faces.hanafuda_face_cached(c, *size) for c in DECK):
                return False
            self._panel_faces = size
        return True

    def draw_message(self, surface: pygame.Surface) -> None:
        text, color = self.message_text()
        if text:
            self.draw_message_line(surface, text, color)

    def draw_stock_count(self, surface: pygame.Surface) -> None:
        surface.blit(*self._stock_count())

    def _stock_count(self) -> tuple[pygame.Surface, pygame.Rect]:
        """The stock's count under it: its image and where it goes."""
        t = self.table
        lay, m = t.layout_, t.metrics
        img = text_image(font(m.type_size("small"), True), str(len(t.view.stock)), theme.CREAM)
        return img, img.get_rect(midtop=(lay.stock.centerx, lay.stock.bottom + m.px(4)))

    def banner_geometry(self, n: int) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """The banner's box over the field and the rectangles of its ``n`` cards: the field
        size if they fit side by side, else the piles' (both rendered ahead), overlapping
        only when even those do not fit."""
        t = self.table
        lay, m = t.layout_, t.metrics
        pad, gap = m.px(16), m.px(6)
        width = min(lay.play.width - m.px(20), max(m.px(560), lay.field.width))
        room = width - 2 * pad
        cw, ch = lay.field_card
        if n and n * (cw + gap) - gap > room:
            cw, ch = lay.pile_card
        title_h = font(m.type_size("title"), True).get_linesize()
        body_h = font(m.type_size("body")).get_linesize() * 2
        box = pygame.Rect(0, 0, width, pad * 2 + title_h + body_h + (ch + m.px(10) if n else 0))
        box.center = lay.field.center
        box.clamp_ip(lay.play)
        step = min(cw + gap, (room - cw) / max(1, n - 1))
        x = box.centerx - (step * (n - 1) + cw) / 2
        return box, [pygame.Rect(round(x + i * step), box.bottom - ch - pad, cw, ch)
                     for i in range(n)]

    def draw_banner(self, surface: pygame.Surface) -> None:
        """The banner over the field: a title, a line, and every card it is about."""
        t = self.table
        if t.banner is None:
            return
        title, text, cards = t.banner
        m = t.metrics
        box, rects = self.banner_geometry(len(cards))
        draw.panel(surface, box, m.radius * 2, max(1, m.px(2)), alpha=235)
        pad = m.px(16)
        img = text_image(font(m.type_size("title"), True), title, theme.GOLD)
        surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + pad)))
        body = font(m.type_size("body"))
        draw_text(surface, text, body, theme.TEXT, pygame.Rect(
            box.x + pad, box.y + pad + img.get_height(), box.width - 2 * pad,
            body.get_linesize() * 2), "center")
        for c, r in zip(cards, rects):
            surface.blit(faces.hanafuda_face(c, r.width, r.height, badge=self.badges), r)
