"""The climbing table's drawing (``table.drawing`` of ``ClimbingTable``, a kind of the kit's
``TableDrawing``): the felt with the trick area and each seat's place, the kept layer of the
hands and the trick at rest (``under_key``, ``under_parts``), each seat's name, its line
("Pass", "Pair 9", "Out 2": its last move, ``seat_line``) as a pill beside its cards, the
count of the cards played (the face-down stack of finished tricks), and over the cards the
banner of a meld, a trick taken or a round's end.

A seat's line fits its box (``fit_line``): the whole name on one line, else the meld's
shorter name, else on two lines or three, and only then a smaller type, never below the
least text:

>>> pygame.font.init()
>>> fit_line(("Full house 8s over 3s", "Full house 8"), 400, 40, 19, 14)
(19, ('Full house 8s over 3s',))
>>> fit_line(("Full house 8s over 3s", "Full house 8"), 100, 60, 19, 14)
(19, ('Full house', '8s over 3s'))
>>> fit_line(("Full house 8s over 3s", "Full house 8"), 90, 60, 19, 14)
(19, ('Full', 'house 8'))
>>> fit_line(("Full house 8s over 3s", "Full house 8"), 90, 30, 19, 14)
(15, ('Full house 8',))
>>> fit_line(("Pair 9",), 20, 20, 19, 14) is None
True
"""

from __future__ import annotations

import functools
import re
from typing import Any, NamedTuple

import pygame

from game import draw, i18n, theme
from game.fonts import font, text_image
from game.i18n import _, ngettext
from game.table.drawing import TableDrawing
from game.text import clip_text, fit_font_size, line_step, wrap

#: Most lines a seat's line takes (a narrow box's: "Стрит-" / "флеш" / "10-A").
LINE_MOST = 3


#: Where a word may break: after the hyphen of a compound ("Стрит-флеш", "Full-house"), two
#: letters at least on either side (not in a rank span: "10-A", "K-A").
_HYPHEN = re.compile(r"(?<=[^\W\d_]{2}-)(?=[^\W\d_]{2})")


def short_wrap(face: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` on lines no wider than ``width`` where its words allow: broken at spaces and
    after a compound's hyphen, a word wider than the width alone on its line (Japanese,
    which has no spaces, is broken between characters by ``game.text.wrap``).

    >>> pygame.font.init()
    >>> short_wrap(font(14, True), "Стрит-флеш 10-A", 80)
    ['Стрит-', 'флеш 10-A']
    """
    if any(ch >= "\u2e80" for ch in text):
        return wrap(face, text, width)
    lines: list[str] = []
    for k, word in enumerate(text.split(" ")):
        for j, piece in enumerate(_HYPHEN.split(word)):
            glue = "" if j else " "
            if k + j and face.size(lines[-1] + glue + piece)[0] <= width:
                lines[-1] += glue + piece
            else:
                lines.append(piece)
    return lines


@functools.lru_cache(maxsize=1024)
def fit_line(forms: tuple[str, ...], width: int, height: int, start: int, least: int
             ) -> tuple[int, tuple[str, ...]] | None:
    """A seat's line in ``width`` x ``height`` pixels (of text, in bold): its type size and
    lines. At ``start``, the first of ``forms`` (longest first) that fits on one line, else
    the first that fits on two (broken between words: ``short_wrap``), and so on up to
    ``LINE_MOST`` lines as the height allows; only then a size smaller, down to ``least``
    (words are cut before the type shrinks). None when no form fits even at ``least``."""
    for size in range(start, min(start, least) - 1, -1):
        face = font(size, True)
        if face.get_height() > height:
            continue
        most = min(LINE_MOST, 1 + (height - face.get_height()) // line_step(size))
        wrapped = [short_wrap(face, text, width) for text in forms]
        for n in range(1, most + 1):
            for lines in wrapped:
                if len(lines) <= n and all(face.size(line)[0] <= width for line in lines):
                    return size, tuple(lines)
    return None


class SeatLine(NamedTuple):
    """A seat's line as drawn: its words (``text``, the form chosen, on ``lines``), their type
    size, the pill round them and its look ("pass", "out" or "meld")."""

    text: str
    lines: tuple[str, ...]
    size: int
    rect: pygame.Rect
    look: str


class ClimbingDrawing(TableDrawing):
    """The climbing table's drawing (see the module docstring)."""

    def draw_static(self, surface: pygame.Surface,
                    scratch: pygame.Surface | None = None) -> None:
        t = self.table
        super().draw_static(surface, scratch)
        self.draw_frames(surface, t.layout_.trick)

    def under_key(self) -> tuple:
        """Nothing beyond the window and the display: the pieces are ``under_parts``."""
        return ()

    def fonts_ahead(self) -> list[tuple[int, bool]]:
        """The sizes a seat's line is fitted in (``fit_line`` shrinks it through them),
        opened ahead: the first line to shrink opened up to seven fonts on its frame."""
        m = self.table.metrics
        return [(size, True) for size in range(m.type_size("small"), m.least_text - 1, -1)]

    def under_parts(self) -> dict[Any, tuple[Any, pygame.Rect]]:
        """Each seat's name (the turn, its hand's size, its status, and where those are
        drawn) and the trick's label (whose meld it is): a play paints its pieces again."""
        t = self.table
        lay, m = t.layout_, t.metrics
        parts: dict[Any, tuple[Any, pygame.Rect]] = {}
        for seat in range(t.players):
            at = t.screen_seat(seat)
            place = lay.seats[at]
            pill = self.status_place(seat)
            key = (t.as_shown.turn() == seat, len(t.view.hands[seat]),
                   None if pill is None else (pill.lines, pill.size, tuple(pill.rect), pill.look))
            if at:
                name = place.name
                rect = pygame.Rect(name.x, name.y, max(name.width, place.box.right - name.x),
                                   name.height * 2).union(
                    pygame.Rect(place.hand.x, place.hand.bottom, place.box.right - place.hand.x,
                                name.height * 2))
            else:
                rect = self._own_name_rect().inflate(0, lay.label_h)
            if pill is not None:
                rect = rect.union(pill.rect)
            parts["seat", seat] = (key, rect)
        played = self.played_place()
        if played is not None:
            parts["played"] = played
        trick = lay.trick
        parts["trick"] = (t.view.trick[-1][0] if t.view.trick else None,
                          pygame.Rect(trick.x - trick.width // 2, trick.y, trick.width * 2,
                                      m.px(48)))
        return parts

    def draw_under(self, surface: pygame.Surface) -> None:
        t = self.table
        lay, m = t.layout_, t.metrics
        for seat in range(t.players):
            color = theme.GOLD if t.as_shown.turn() == seat else theme.CREAM
            text, size, rect = self.name_place(seat)
            if text:
                surface.blit(text_image(font(size, True), text, color), rect.topleft)
            self.draw_status(surface, seat)
        played = self.played_place()
        if played is not None:
            img = text_image(font(m.type_size("small")), played[0], theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=played[1].center))
        if t.view.trick:
            seat, _meld = t.view.trick[-1]
            label = t.seating.phrase(seat, _("Your meld"), _("{who}'s meld"))
            img = text_image(font(m.type_size("small"), True), label, theme.TEXT_DIM)
            surface.blit(img, (lay.trick.centerx - img.get_width() // 2,
                               lay.trick.y + m.px(6)))

    def name_place(self, seat: int) -> tuple[str, int, pygame.Rect]:
        """A seat's name over its cards ("Computer 2 · 13": its cards held; the viewer's in
        full), its type size and where it goes."""
        t = self.table
        at = t.screen_seat(seat)
        text = (f"{t.seating.short_name(seat)} · {len(t.view.hands[seat])}" if at
                else t.seating.name(seat))
        rect = t.layout_.seats[at].name if at else self._own_name_rect()
        m = t.metrics
        size = fit_font_size(text, rect.width, m.type_size("tiny"), True, m.least_text)
        return clip_text(text, rect.width, size, True) if rect.width else "", size, rect

    def _own_name_rect(self) -> pygame.Rect:
        """Where the viewer's name goes: left of the buttons, on their middle line."""
        t = self.table
        lay = t.layout_
        box = lay.own_name
        return pygame.Rect(box.x, box.centery - lay.label_h // 2, box.width, lay.label_h)

    def seat_status(self, seat: int) -> str:
        """A seat's pass, or its place once out (the panel's word for it): "Pass", "Out 2"."""
        t = self.table
        if seat in t.view.out:
            return _("Out {n}").format(n=t.view.out.index(seat) + 1)
        if seat in t.view.passed:
            return _("Pass")
        return ""

    def seat_line(self, seat: int) -> tuple[str, tuple[str, ...]] | None:
        """What a seat's pill says: its look ("out", "pass" or "meld") and its words, longest
        first: its place once out ("Out 2"), its pass, or its last meld, by the game's name
        for it and then in fewer words (``meld_forms``: "Full house 8s over 3s", "Full
        house 8"). Each stays until the seat acts again (a new trick keeps it); None before
        the seat's first move of the deal."""
        t = self.table
        status = self.seat_status(seat)
        if status:
            return ("out" if seat in t.view.out else "pass"), (status,)
        meld = t.view.melds.get(seat)
        if meld is None:
            return None
        kind, cards = meld
        return "meld", t.meld_forms(kind, cards)

    _pills: tuple[Any, dict[int, SeatLine | None]] | None = None

    def status_place(self, seat: int) -> SeatLine | None:
        """``place_status``, kept while what it depends on stays: every frame's
        ``under_parts`` asks for every seat's, and each box of the layer painted again (eight
        seats' lines fitted: 1.2 ms a frame)."""
        t = self.table
        v = t.view
        key = (t.layout_, t.metrics, t.viewer, i18n.language(), tuple(map(len, v.hands)),
               tuple(v.out), tuple(sorted(v.passed)),
               tuple((s, kind, tuple(cards)) for s, (kind, cards) in sorted(v.melds.items())))
        if self._pills is None or self._pills[0] != key:
            self._pills = (key, {})
        kept = self._pills[1]
        if seat not in kept:
            kept[seat] = self.place_status(seat)
        return kept[seat]

    def place_status(self, seat: int) -> SeatLine | None:
        """Another seat's line (``seat_line``) and the pill it is drawn in, inside the seat's
        box and clear of its name and cards (drawn under them): beside the cards, or under
        them, wherever its words take the largest type (a wide box tries beside first, a
        narrow one under); in the "small" type (14 px and more at 100%: a move must be read
        while the other seats play on) where it fits, the meld's shorter name, or two or
        three lines, where the whole one does not (``fit_line``). None for the viewer (the
        panel and the hand say it) and for a seat with nothing to say."""
        t = self.table
        at = t.screen_seat(seat)
        said = self.seat_line(seat) if at else None
        if said is None:
            return None
        look, forms = said
        lay, m = t.layout_, t.metrics
        place = lay.seats[at]
        box = place.box
        xs = [x for x, _y in lay.hand_places(at, len(t.view.hands[seat]))]
        half = lay.hand_card_of(at)[0] / 2
        left, right = (min(xs) - half, max(xs) + half) if xs else (place.hand.x,) * 2
        start, least = m.type_size("small"), m.least_text
        pad_y = m.px(2)
        # Beside the cards (as high as they are), beside them and the name (the box's whole
        # height), or under them: the room that takes the largest type, on the fewest lines;
        # a wide box beside first, a narrow one under.
        x0 = round(right) + lay.gap
        name, size, rect = self.name_place(seat)
        clear = max(x0, rect.x + font(size, True).size(name)[0] + lay.gap)
        y0 = place.hand.bottom + m.px(4)
        rooms = [("beside", pygame.Rect(x0, place.hand.y, box.right - x0,
                                        box.bottom - place.hand.y)),
                 ("beside", pygame.Rect(clear, box.y, box.right - clear, box.height)),
                 ("under", pygame.Rect(box.x, y0, box.width, box.bottom - y0))]
        if place.pile.x < place.hand.right:  # a narrow box
            rooms.insert(0, rooms.pop())
        best = None
        for where, room in rooms:
            pad_x = min(m.px(8), max(m.px(3), room.width // 12))
            fit = fit_line(forms, room.width - 2 * pad_x, room.height - 2 * pad_y, start,
                           least)
            if fit is not None and (best is None or (fit[0], -len(fit[1])) > best[0]):
                best = ((fit[0], -len(fit[1])), where, room, pad_x, fit)
        if best is not None:
            _score, where, room, pad_x, fit = best
        else:  # no room even for the shortest at the least type: the most room, cut to it
            where, room = max(rooms, key=lambda r: max(0, r[1].width) * max(0, r[1].height))
            room = room.clip(box) if room.clip(box).height > 0 else box
            pad_x, fit = m.px(3), (least, (forms[-1],))
        size, lines = fit
        face = font(size, True)
        w = max(face.size(line)[0] for line in lines) + 2 * pad_x
        h = face.get_height() + line_step(size) * (len(lines) - 1) + 2 * pad_y
        pill = pygame.Rect(0, 0, min(w, room.width), min(h, box.height))
        if where == "beside":
            pill.midleft = (room.x, place.hand.centery)
        else:
            pill.midtop = (round((left + right) / 2), y0)
        text = next((f for f in forms if f.replace(" ", "") == "".join(lines).replace(" ", "")),
                    " ".join(lines))
        return SeatLine(text, lines, size, pill.clamp(room).clamp(box), look)

    #: A pill's colours by its look: fill, border, words.
    LOOKS = {"pass": (theme.VERMILION_DARK, theme.VERMILION, theme.CREAM),
             "out": (theme.PANEL, theme.GOLD, theme.GOLD),
             "meld": (theme.PANEL, theme.LAST_MOVE, theme.CREAM)}

    def draw_status(self, surface: pygame.Surface, seat: int) -> None:
        """A seat's pill (``status_place``): a pass in vermilion, a place out in gold, a meld
        outlined as its cards are (the last move's colour); words wider than the pill (a
        box too small for any) are cut at its edge."""
        placed = self.status_place(seat)
        if placed is None:
            return
        m = self.table.metrics
        pill = placed.rect
        fill, border, ink = self.LOOKS[placed.look]
        radius = min(pill.height // 2, m.px(14))
        draw.rounded_rect(surface, fill, pill, radius)
        pygame.draw.rect(surface, border, pill, max(1, m.px(1.5)), border_radius=radius)
        face = font(placed.size, True)
        step = line_step(placed.size)
        top = pill.centery - (face.get_height() + step * (len(placed.lines) - 1)) // 2
        for k, line in enumerate(placed.lines):
            img = text_image(face, line, ink)
            spot = img.get_rect(centerx=pill.centerx, top=top + k * step)
            inner = pill.inflate(-2 * m.px(2), 0)
            if spot.width > inner.width:  # (cut: the pill stays in the seat's box)
                surface.blit(img, (inner.x, spot.y), pygame.Rect(0, 0, inner.width,
                                                                 spot.height))
            else:
                surface.blit(img, spot)

    def played_place(self) -> tuple[str, pygame.Rect] | None:
        """The count of the cards played in finished tricks ("17 cards played") and where it
        goes: left of their face-down stack, which would otherwise be an unexplained card.
        None before the first trick is over."""
        t = self.table
        n = len(t.view.done)
        if not n:
            return None
        lay, m = t.layout_, t.metrics
        text = ngettext("{n} card played", "{n} cards played", n).format(n=n)
        w, h = font(m.type_size("small")).size(text)
        x, y = lay.discard
        rect = pygame.Rect(0, 0, w, h)
        rect.midright = (round(x - lay.small_card[0] / 2) - m.px(8), round(y))
        return text, rect

    def draw_over(self, surface: pygame.Surface) -> None:
        m = self.table.metrics
        text, color = self.message_text()
        if text:
            self.draw_message_line(surface, text, color)
        self.draw_panel(surface)
        self.table.log_button.draw(surface)
        self.table.input.draw_buttons(surface)
        if self.table.banner:  # (opaque: the trick's heading under it must not show through)
            box, t, lines = self._banner_box()
            draw.rounded_rect(surface, theme.PANEL, box, m.radius, alpha=255)
            surface.blit(t, (box.centerx - t.get_width() // 2, box.y + m.px(8)))
            y = box.y + m.px(10) + t.get_height()
            for s in lines:
                surface.blit(s, (box.centerx - s.get_width() // 2, y))
                y += s.get_height()

    def _banner_box(self) -> tuple[pygame.Rect, pygame.Surface, list[pygame.Surface]]:
        """The banner's box over the trick, and its title's and lines' images: its line
        wrapped to the trick's width ("Computer 3 (Normal) takes the trick with Full house
        10s over 3s." at 960x600 and 200% is wider)."""
        lay, m = self.table.layout_, self.table.metrics
        assert self.table.banner is not None
        title, line = self.table.banner
        room = lay.trick.width - m.px(40)
        size = fit_font_size(title, room, m.type_size("heading"), True, m.least_text)
        t = text_image(font(size, True), title, theme.GOLD)
        face = font(m.type_size("small"))
        lines = [text_image(face, s, theme.CREAM) for s in wrap(face, line, room)]
        box = pygame.Rect(0, 0, max(i.get_width() for i in [t, *lines]) + m.px(40),
                          t.get_height() + sum(i.get_height() for i in lines) + m.px(20))
        box.midtop = (lay.trick.centerx, lay.trick.y + m.px(4))
        return box, t, lines

    def over_parts(self) -> dict[Any, tuple[Any, pygame.Rect]]:
        """What ``draw_over`` shows: the message line, the panel, the log button, the meld
        buttons, the lasso and the banner."""
        t = self.table
        lay, m = t.layout_, t.metrics
        grow = m.px(8)
        message = lay.message.inflate(lay.message.width // 2, grow).union(
            lay.message.move(0, -lay.message.height))  # (centred: may overhang; two lines rise)
        parts: dict[Any, tuple[Any, pygame.Rect]] = {
            "message": ((self.message_text(), t.size), message),
            **self.panel_over_parts()}
        for i, b in enumerate([t.log_button, *t.buttons]):
            parts["button", i] = ((b.look(), b.rect.topleft), b.painted_rect())
        if t.lasso is not None:
            rect = t.input.lasso_rect()
            parts["lasso"] = (tuple(rect), rect.inflate(2, 2))
        if t.banner:
            parts["banner"] = ((t.banner, t.size), self._banner_box()[0].inflate(grow, grow))
        return parts
