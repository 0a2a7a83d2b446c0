"""The climbing table's drawing (``table.drawing`` of ``ClimbingTable``, a kind of the kit's
``TableDrawing``): the felt with the trick area and each seat's place, the kept layer of the
hands and the trick at rest (``under_key``, ``under_parts``), each seat's name, its status
("Pass", "Out 2") as a pill beside its cards, the count of the cards played (the face-down
stack of finished tricks), and over the cards the banner of a meld or a round's end.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import theme
from game.fonts import font, text_image
from game.i18n import _, ngettext
from game.table.drawing import TableDrawing
from game.text import fit_font_size


class ClimbingDrawing(TableDrawing):
    """The climbing table's drawing (see the module docstring)."""

    def draw_static(self, surface: pygame.Surface) -> None:
        t = self.table
        super().draw_static(surface)
        self.draw_frames(surface, t.layout_.trick)

    def under_key(self) -> tuple:
        """Nothing beyond the window and the display: the pieces are ``under_parts``."""
        return ()

    def under_parts(self) -> dict[Any, tuple[Any, pygame.Rect]]:
        """Each seat's name (the turn, its hand's size, its status, and where those are
        drawn) and the trick's label (whose meld it is): a play paints its pieces again."""
        t = self.table
        lay, m, g = t.layout_, t.metrics, t.game
        parts: dict[Any, tuple[Any, pygame.Rect]] = {}
        for seat in range(t.players):
            at = t.screen_seat(seat)
            place = lay.seats[at]
            key = (g.current_player == seat and not g.is_over, len(t.view.hands[seat]),
                   self.seat_status(seat))
            if at:
                name = place.name
                rect = pygame.Rect(name.x, name.y, max(name.width, place.box.right - name.x),
                                   name.height * 2).union(
                    pygame.Rect(place.hand.x, place.hand.bottom, place.box.right - place.hand.x,
                                name.height * 2))
            else:
                rect = self._own_name_rect().inflate(0, lay.label_h)
            pill = self.status_place(seat)
            if pill is not None:
                rect = rect.union(pill[1])
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
        lay, m, g = t.layout_, t.metrics, t.game
        for seat in range(t.players):
            at = t.screen_seat(seat)
            place = lay.seats[at]
            active = g.current_player == seat and not g.is_over
            color = theme.GOLD if active else theme.CREAM
            count = len(t.view.hands[seat])
            text = f"{t.seating.short_name(seat)} · {count}" if at else t.seating.name(seat)
            rect = place.name if at else self._own_name_rect()
            size = fit_font_size(text, rect.width, m.type_size("tiny"), True)
            name = text_image(font(size, True), text, color)
            surface.blit(name, rect.topleft)
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

    def _own_name_rect(self) -> pygame.Rect:
        """Where the viewer's name goes: at the top of its pile's place."""
        t = self.table
        lay = t.layout_
        return pygame.Rect(lay.seats[0].pile.x, lay.seats[0].pile.y, t.metrics.px(200),
                           lay.label_h)

    def seat_status(self, seat: int) -> str:
        """What a seat shows beside its cards: passed, or its place once out."""
        t = self.table
        if seat in t.view.out:
            return _("Out {n}").format(n=t.view.out.index(seat) + 1)
        if seat in t.view.passed:
            return _("Pass")
        return ""

    def status_place(self, seat: int) -> tuple[str, pygame.Rect] | None:
        """Another seat's status and the pill it is drawn in: beside its cards in a wide box,
        under them in a narrow one, in the "small" type (14 px and more at 100%: a pass must
        be read while the other seats play on). None for the viewer (the panel says it) and
        for a seat with nothing to say."""
        t = self.table
        at = t.screen_seat(seat)
        status = self.seat_status(seat)
        if not at or not status:
            return None
        lay, m = t.layout_, t.metrics
        place = lay.seats[at]
        w, h = font(m.type_size("small"), True).size(status)
        pill = pygame.Rect(0, 0, w + 2 * m.px(8), h + 2 * m.px(2))
        xs = [x for x, _y in lay.hand_places(at, len(t.view.hands[seat]))]
        half = lay.hand_card_of(at)[0] / 2
        left, right = (min(xs) - half, max(xs) + half) if xs else (place.hand.x,) * 2
        if place.pile.x >= place.hand.right:  # a wide box: beside the cards
            pill.midleft = (round(right) + lay.gap, place.hand.centery)
        else:  # a narrow box: under them
            pill.midtop = (round((left + right) / 2), place.hand.bottom + m.px(4))
        return status, pill.clamp(place.box)

    def draw_status(self, surface: pygame.Surface, seat: int) -> None:
        """A seat's pill (``status_place``): a pass in vermilion, a place out in gold."""
        placed = self.status_place(seat)
        if placed is None:
            return
        status, pill = placed
        m = self.table.metrics
        passed = status == _("Pass")
        from game import draw
        draw.rounded_rect(surface, theme.VERMILION_DARK if passed else theme.PANEL, pill,
                          pill.height // 2)
        pygame.draw.rect(surface, theme.VERMILION if passed else theme.GOLD, pill,
                         max(1, m.px(1.5)), border_radius=pill.height // 2)
        img = text_image(font(m.type_size("small"), True), status,
                         theme.CREAM if passed else theme.GOLD)
        surface.blit(img, img.get_rect(center=pill.center))

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
        lay, m = self.table.layout_, self.table.metrics
        text, color = self.message_text()
        if text:
            size = fit_font_size(text, lay.message.width, m.type_size("small"))
            img = text_image(font(size), text, color)
            surface.blit(img, img.get_rect(center=lay.message.center))
        self.draw_panel(surface)
        self.table.log_button.draw(surface)
        self.table.input.draw_buttons(surface)
        if self.table.banner:
            box, t, s = self._banner_box()
            from game import draw
            draw.rounded_rect(surface, theme.PANEL, box, m.radius, alpha=220)
            surface.blit(t, (box.centerx - t.get_width() // 2, box.y + m.px(8)))
            surface.blit(s, (box.centerx - s.get_width() // 2, box.y + m.px(10)
                             + t.get_height()))

    def _banner_box(self) -> tuple[pygame.Rect, pygame.Surface, pygame.Surface]:
        """The banner's box over the trick, and its title's and line's images."""
        lay, m = self.table.layout_, self.table.metrics
        assert self.table.banner is not None
        title, line = self.table.banner
        t = text_image(font(m.type_size("heading"), True), title, theme.GOLD)
        s = text_image(font(m.type_size("small")), line, theme.CREAM)
        box = pygame.Rect(0, 0, max(t.get_width(), s.get_width()) + m.px(40),
                          t.get_height() + s.get_height() + m.px(20))
        box.midtop = (lay.trick.centerx, lay.trick.y + m.px(4))
        return box, t, s

    def over_parts(self) -> dict[Any, tuple[Any, pygame.Rect]]:
        """What ``draw_over`` shows: the message line, the panel, the log button, the meld
        buttons, the lasso and the banner."""
        t = self.table
        lay, m = t.layout_, t.metrics
        grow = m.px(8)
        message = lay.message.inflate(lay.message.width // 2, grow)  # (centred: may overhang)
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
