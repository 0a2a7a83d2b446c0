"""``MadeAhead``: what a table's next frames will need, made in the time a frame leaves before
they ask for it (``table.ahead``, a part of ``CardTable``; ``prepare`` after each frame is
drawn: ``CardTable.work_ahead``).

- The cards' images at rest (``bake``): while cards move (a deal, a move), each card's image
  where the game's position puts it (``places_ahead``) is baked in the time frames leave,
  once its face is rendered, so a key that finishes it all at once finds them baked (the
  first key of a deal baked 14-17 cards on its frame: 1.4-4.3 ms).
- Fonts (``open_fonts``): the drawing's ``fonts_ahead`` (0.5-0.7 ms each): a frame that
  needs several at once (a seat's line shrunk through seven sizes) finds them open.
- A result page's texts (``prepare_page``): the page a queued step will show, made, laid out
  and its texts rendered a slice at a time while the round's last move is animated (a score
  grid's hundred texts cost the key that showed it 4-8.5 ms).

Each piece is begun only while the frame's time lasts (``deadline``, on
``time.thread_time()``: ``game.app.AHEAD_UNTIL``), so the work goes into light frames, never
onto a key's; what a heavy run of frames leaves is made when it is needed, as before.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Generator
from typing import Any

import pygame

from game.table.caches import Face
from sprites import faces


class MadeAhead:
    """The made-ahead part of ``table``; see the module docstring."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self._cards: Any = None  # (the position's key, the cards left to bake ahead)
        self._fonts: Any = None  # (the layout, the fonts left to open ahead)
        #: ``prepare_page``'s slices, and the time the next one needs (``_page_slices``)
        self._page: Generator[float, None, None] | None = None
        self._page_next = 0.0

    def prepare(self, deadline: float) -> None:
        """Cards, fonts, a page, each piece begun before ``deadline`` (``time.thread_time``)."""
        self.bake(deadline)
        self.open_fonts(deadline)
        self.step_page(deadline)

    # Cards ----------------------------------------------------------------------------------
    def bake(self, deadline: float) -> int:
        """Bake cards' images at rest where they are going, once their faces are rendered
        (see the module), until ``deadline``; returns how many were baked."""
        t = self.table
        if not t.animating or t.game is None:
            self._cards = None
            return 0
        actions = t.game.actions
        key = (len(actions), actions[-1] if actions else None, t.layout_, t.display)
        if self._cards is None or self._cards[0] != key:
            # The cards that turn up first: a face is one card's, a back is shared.
            places = sorted(t.places_ahead().items(), key=lambda cp: not cp[1].face_up)
            self._cards = (key, deque(places))
        todo = self._cards[1]
        baked, waiting = 0, 0
        while todo and waiting < len(todo) and time.thread_time() < deadline:
            c, place = todo.popleft()
            sprite = t.sprites.get(c)
            if sprite is None:
                continue
            if not t.warmer.ready([self._face_at(c, place)]):
                todo.append((c, place))  # (its face is on its way: asked again later)
                waiting += 1
                continue
            waiting = 0
            if sprite.bake_ahead(place.size, place.face_up, place.rotation):
                baked += 1
        return baked

    @property
    def cards_left(self) -> int | None:
        """Cards left to bake ahead for the cards on their way (None: none on their way)."""
        return None if self._cards is None else len(self._cards[1])

    def _face_at(self, c: Any, place: Any) -> Face:
        """The face (or back) card ``c`` shows in ``place``, as the warmer names it."""
        t = self.table
        if place.face_up:
            return (t.face_of(c), tuple(place.size), t.drawing.badges)
        return (faces.Back(t.display[0] if t.display is not None else "black"),
                tuple(place.size), False)

    # Fonts ----------------------------------------------------------------------------------
    def open_fonts(self, deadline: float) -> None:
        """Open the drawing's ``fonts_ahead`` until ``deadline``."""
        from game.fonts import font
        lay = self.table.layout_
        if self._fonts is None or self._fonts[0] is not lay:
            self._fonts = (lay, deque(self.table.drawing.fonts_ahead()))
        while self._fonts[1] and time.thread_time() < deadline:
            font(*self._fonts[1].popleft())  # (one already open costs nothing)

    @property
    def fonts_left(self) -> int:
        """How many of the drawing's ``fonts_ahead`` are still to be opened."""
        if self._fonts is None:
            return len(self.table.drawing.fonts_ahead())
        return len(self._fonts[1])

    # A result page --------------------------------------------------------------------------
    def prepare_page(self, make: Callable[[], Any]) -> None:
        """Render ahead, a slice at a time, the texts of a result page like the one a
        queued step will show (``make`` builds it: the round's page, while the round's last
        move is animated). The page made here is never shown."""
        self._page = self._page_slices(make)
        self._page_next = next(self._page)

    @property
    def page_prepared(self) -> bool:
        """No page's texts left to render ahead (``prepare_page``)."""
        return self._page is None

    #: Seconds a frame must have left for the page to be made, or laid out, in it (each
    #: 1.5-2 ms of one frame, where a widget's texts are a fraction of a millisecond).
    PAGE_MADE = 0.002

    def step_page(self, deadline: float) -> None:
        """Slices of ``prepare_page``'s work while ``deadline`` leaves each the time it needs;
        dropped once a screen is over the table (the real page came first)."""
        t = self.table
        while self._page is not None:
            if t.app is None or t.app.stack.top is not t:
                self._page = None
                return
            if deadline - time.thread_time() < max(self._page_next, 1e-9):
                return
            self._page_next = next(self._page, -1.0)
            if self._page_next < 0:
                self._page = None

    def _page_slices(self, make: Callable[[], Any]) -> Generator[float, None, None]:
        """``prepare_page``'s work in slices, each announced by the time it needs before it
        is made: the page made, laid out, then its rows, heading and buttons drawn on a
        pixel of their own (a text is rendered and kept before it is blitted), one a
        slice."""
        from game.widgets.scroll import ScrollList
        yield self.PAGE_MADE
        page = make()
        yield self.PAGE_MADE
        page.enter()
        page.layout(self.table.size)
        scratch = pygame.Surface((1, 1))
        parts = [w for w in page.widgets if not isinstance(w, ScrollList)]
        for widget in [*getattr(page, "rows", []), *parts]:
            yield 0.0
            widget.draw(scratch)
