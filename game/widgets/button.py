"""Push button.

>>> b = Button("OK"); b.text
'OK'

A button made with ``translate=True`` holds a message id (marked with ``N_()``) and shows it
in the language of the moment, so a language switch needs nothing of the scene that owns it:

>>> from game.i18n import N_
>>> Button(N_("Hint"), translate=True).text
'Hint'
"""

from __future__ import annotations

import functools
from typing import Callable, Sequence

import pygame

from game import draw, theme
from game.fonts import font, text_image
from game.i18n import _
from game.text import fit_font_size
from game.widgets.base import DrawnText, Widget
from sprites.cache import SurfaceCache

#: Every button's image by its look (size, text, state).
_looks: SurfaceCache[pygame.Surface] = SurfaceCache(count=256, megabytes=12)

#: The letters that reach highest and lowest in the interface's languages: capitals with
#: accents, brackets, descenders, kanji (a caption is set in the band they span).
_REACH = "ЙЁÅ漢()gjpqyщ"


@functools.lru_cache(maxsize=256)
def ink_band(size: int, bold: bool = False) -> tuple[int, int]:
    """Where the letters of a line at ``size`` fall in its image (``text_image``): from the
    top of the highest accent to the foot of the lowest descender, in pixels from the
    image's top. A caption is placed and fitted by this band, not by the image's own
    height (blank above the letters): centred in its button, descenders clear of the rim.

    >>> top, bottom = ink_band(40); 0 <= top < bottom <= text_image(font(40), "Hg", (0, 0, 0)
    ...                                                            ).get_height()
    True
    """
    ink = font(size, bold).render(_REACH, True, (255, 255, 255)).get_bounding_rect()
    return ink.top, ink.bottom  # (rendered apart: not a text of the page's)


def band_height(size: int, bold: bool = False) -> int:
    top, bottom = ink_band(size, bold)
    return bottom - top


#: Design pixels a button leaves either side of its title (``fit_widths``, ``_title_size``).
PAD = 14


def fit_widths(labels: Sequence[str], room: int, widest: int, gap: int, size: int,
               pad: int) -> list[int]:
    """Widths for a row of buttons titled ``labels``, ``gap`` apart in ``room`` pixels:
    each ``widest`` (or an equal share of the row, if less) where every title fits that at
    ``size`` (bold) with ``pad`` either side; else each as wide as its title needs, with an
    equal share of what is left (less than it needs where the row is too short for them
    all: ``share_sizes`` then draws their titles at one smaller size).

    >>> fit_widths(["OK", "No"], 400, 150, 10, 20, 10)
    [150, 150]
    >>> a, b = fit_widths(["A much longer title", "No"], 400, 150, 10, 20, 10); a > b
    True
    """
    n = max(1, len(labels))
    free = room - gap * (n - 1)
    needs = [font(size, True).size(t)[0] + 2 * pad for t in labels]
    equal = min(widest, free // n)
    if all(need <= equal for need in needs):
        return [equal] * len(labels)
    share = (free - sum(needs)) // n
    return [max(1, need + share) for need in needs]


def share_sizes(buttons: Sequence["Button"]) -> None:
    """Draw the titles of ``buttons`` of one role at one size, and all their subtitles at
    one size: the largest at which each fits its own button (placed: a row of buttons whose
    captions each shrank to fit its own width would show them at as many sizes)."""
    for b in buttons:
        b.most = (None, None)
    sizes = [(b, *b._sizes()) for b in buttons]
    subs = [sub for _b, _t, sub in sizes if sub is not None]
    for b in buttons:
        titles = [t for o, t, _s in sizes if o.role == b.role]
        b.most = (min(titles), min(subs) if subs else None)


class Button(Widget):
    """A labelled button; ``primary`` ones are vermilion (the main action of a screen)."""

    def __init__(self, text: str, on_activate: Callable[[], None] | None = None, *,
                 primary: bool = False, enabled: bool = True, role: str = "body",
                 subtitle: str = "", translate: bool = False) -> None:
        super().__init__(on_activate, enabled)
        self.text = text
        self._translate = translate
        self.subtitle = subtitle
        self.primary = primary
        self.role = role
        #: The largest sizes of the title and the subtitle (None: their roles'), set where a
        #: group of buttons shares them (``share_sizes``).
        self.most: tuple[int | None, int | None] = (None, None)

    @property
    def text(self) -> str:
        """The label; a message id shown translated if the button was made with
        ``translate``, until a label is set in its place."""
        return _(self._text) if self._translate else self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text, self._translate = value, False

    def preferred_height(self, width: int) -> int:
        h = self.metrics.row_height
        return round(h * 1.5) if self.subtitle else h

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        # Drawn once per look into a kept image with room round it for the shadow and the
        # focus ring: a screen of buttons then costs a blit each, not a dozen shapes and texts.
        room = self.painted_rect()
        image = _looks.get(self.look(), lambda: self._paint(self.rect.x - room.x))
        surface.blit(image, room.topleft)

    def look(self) -> tuple:
        """What the button's picture depends on (its place aside)."""
        return (self.visible, self.rect.size, self.metrics, self.text, self.subtitle,
                self.primary, self.role, self.enabled, self.lit, self.pressed, self.focused,
                self.most)

    @property
    def border(self) -> int:
        """The width of the face's gold border."""
        return max(1, self.metrics.px(1.5))

    def painted_rect(self) -> pygame.Rect:
        """Round all that ``draw`` paints (the shadow and focus ring too)."""
        margin = self.metrics.px(12)
        return self.rect.inflate(2 * margin, 2 * margin)

    def face_height(self) -> int:
        """The height inside the face's rim, a pixel clear of it: the room of the captions."""
        return self.rect.height - 2 * (self.border + 1)

    def _start(self, role_size: int, most: int | None) -> int:
        return role_size if most is None else min(role_size, most)

    def _title_size(self) -> int:
        """The title's size: its role's, less when it must shrink to fit the button."""
        m = self.metrics
        room = self.rect.width - 2 * m.px(PAD)
        size = fit_font_size(self.text, room, self._start(m.type_size(self.role),
                                                          self.most[0]), True)
        room_h = self.face_height()
        if band_height(size, True) > room_h:  # a large interface scale in a short button
            size = max(1, size * room_h // max(1, band_height(size, True)))
            while size > 1 and band_height(size, True) > room_h:
                size -= 1
        return size

    def _gap(self) -> int:
        """Between the title's letters and the subtitle's."""
        return self.metrics.px(2)

    def _sizes(self) -> tuple[int, int | None]:
        """The title's size and the subtitle's (None: left out). A subtitle that does not
        fit under the title at their roles' sizes shrinks with it, title to 70% at most and
        neither below ``least_text``; where even that does not fit, the title shows alone."""
        m = self.metrics
        title = self._title_size()
        if not self.subtitle:
            return title, None
        least = m.least_text
        room = self.rect.width - 2 * m.px(PAD)
        big = title
        sub = fit_font_size(self.subtitle, room, self._start(m.type_size("small"), self.most[1]),
                            minimum=least)
        floor = max(least, round(big * 0.7))
        while band_height(big, True) + self._gap() + band_height(sub) > self.face_height():
            if big <= floor and sub <= least:
                return title, None
            big, sub = max(floor, big - 1), max(least, sub - 1)
        return big, sub

    def cut(self) -> str | None:
        if not (self.visible and self.subtitle):
            return None
        _title, sub = self._sizes()
        if sub is None:
            return f"its subtitle is left out at {self.rect.height} px tall"
        if font(sub).size(self.subtitle)[0] > self.rect.width - 2 * self.metrics.px(PAD):
            return f"its subtitle is too long for {self.rect.width} px at {sub} px"
        return None

    def _paint(self, margin: int) -> pygame.Surface:
        surface = pygame.Surface(self.rect.inflate(2 * margin, 2 * margin).size, pygame.SRCALPHA)
        m = self.metrics
        r = pygame.Rect(margin, margin, *self.rect.size).move(0, m.px(1) if self.pressed else 0)
        if not self.enabled:
            fill = theme.BUTTON
        elif self.primary:
            fill = theme.BUTTON_PRIMARY_HOVER if self.lit else theme.BUTTON_PRIMARY
        else:
            fill = theme.BUTTON_HOVER if self.lit else theme.BUTTON
        if not self.pressed:
            draw.rounded_rect(surface, theme.SHADOW, r.move(0, m.px(3)), m.radius, alpha=110)
        draw.rounded_rect(surface, fill, r, m.radius)
        # A lighter top edge gives the lacquer a little depth.
        top = pygame.Rect(r.x + m.radius, r.y + m.px(2), r.width - 2 * m.radius, max(1, m.px(1)))
        draw.rounded_rect(surface, (255, 255, 255), top, 1, alpha=40)
        border = theme.GOLD if self.lit else theme.GOLD_DIM
        pygame.draw.rect(surface, border, r, self.border, border_radius=m.radius)
        if self.focused:
            draw.focus_ring(surface, r, m.radius, max(2, m.px(2)))
        for _part, _wanted, _size, image, at in self._captions(r):
            surface.blit(image, at)
        return surface

    def _captions(self, r: pygame.Rect) -> list[tuple[str, int, int, pygame.Surface,
                                                       tuple[int, int]]]:
        """The title and the subtitle (if it shows) on the face ``r``: which, the size of
        its role, the size drawn, its image and where it goes. Their letters' bands
        (``ink_band``) are centred on the face together, a small gap between them."""
        m = self.metrics
        color = theme.TEXT if self.enabled else theme.DISABLED
        title_size, sub_size = self._sizes()
        title = text_image(font(title_size, True), self.text, color)
        wanted = m.type_size(self.role)
        top, bottom = ink_band(title_size, True)
        if not (self.subtitle and sub_size is not None):
            y = r.centery - (top + bottom) // 2
            return [("title", wanted, title_size, title, (r.centerx - title.get_width() // 2, y))]
        # Dim text is unreadable on vermilion: a primary button's subtitle is cream.
        color = (theme.DISABLED if not self.enabled else
                 theme.TEXT if self.primary else theme.TEXT_DIM)
        sub = text_image(font(sub_size), self.subtitle, color)
        room = r.width - 2 * m.px(PAD)
        if sub.get_width() > room:  # (too long even at the least size: cut() says so)
            height = max(1, round(sub.get_height() * room / sub.get_width()))
            sub = pygame.transform.smoothscale(sub, (room, height))
        sub_top, sub_bottom = ink_band(sub_size)
        block = bottom - top + self._gap() + sub_bottom - sub_top
        y = r.centery - block // 2  # (the top of the title's letters)
        return [("title", wanted, title_size, title,
                 (r.centerx - title.get_width() // 2, y - top)),
                ("subtitle", m.type_size("small"), sub_size, sub,
                 (r.centerx - sub.get_width() // 2,
                  y + bottom - top + self._gap() - sub_top))]

    def texts(self) -> list[DrawnText]:
        """The title and the subtitle, inside the face's border."""
        if not self.visible:
            return []
        inside = self.rect.inflate(-2 * (self.border + 1), -2 * (self.border + 1))
        return [DrawnText(text, f"button {part}", wanted, size,
                          image.get_bounding_rect().move(at), inside)
                for text, (part, wanted, size, image, at)
                in zip((self.text, self.subtitle), self._captions(self.rect))]
