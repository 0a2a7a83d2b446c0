"""``TableDrawing``: how every kit table is drawn (``table.drawing``, a part of ``CardTable``).

A frame (``draw``, which changes nothing): what ``draw_static`` paints and the game's
``draw_under`` (``draw_static``'s picture is kept, ``static_layer``; for a table with an
``under_key``, it, ``draw_under`` and the cards at rest are kept in a second layer,
``rest_layer``, painted again from the first where cards or parts changed, until the size,
the display settings, ``static_key()`` or the key change; else ``draw_under`` is drawn each
frame), the card
sprites in z order,
an outline round each card of another seat's last move (``draw_marks``, in ``LAST_MOVE``
blue), the keyboard focus ring, the game's ``draw_over``. The message line says a refusal in
red, else the coach's words in gold (``coach_line``: thinking, or its advice), else the
game's ``status()``.

The display settings (card back, badges, animation speed) are read on enter and on resume
(``apply_display``): new renderers for the sprites, kept layers painted again, and the faces
the table shows (``faces_needed``) warmed again a few a frame.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from game import draw, theme
from game.draw import Layers
from game.table.caches import Face
from game.table.panel import PanelLine
from rules.hanafuda import Card
from game.widgets import Tip
from sprites import CardSprite, card_sprite, draw_order, faces

if TYPE_CHECKING:  # pragma: no cover
    pass

Size = tuple[int, int]

#: The outline of the cards of another seat's last move.
LAST_MOVE = theme.LAST_MOVE  # (drawn as corner brackets: its shape as well as its colour)


class TableDrawing:
    """The drawing half of ``CardTable`` (``game.table.base``); see the module docstring."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.layers = Layers()
        self._rest: Any = None  # the kept layer of cards at rest (``rest_layer``)
        self._rest_changed: Any = None  # where it changed at the last frame (None: all of it)
        self._shown: Any = None  # what the last frame showed (``_dirty``)
        #: Where the last frame was painted, the rest being the frame before's (None: all).
        self.painted: list[pygame.Rect] | None = None
        self._panel_placed: Any = None  # the panel's lines and boxes for a key (``panel_parts``)

    # The frame ----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        t = self.table
        order = draw_order(t.sprites.values())
        under = self.under_key()
        if under is None:
            self._shown = self.painted = None
            surface.blit(self.static_layer(surface.get_size()), (0, 0))
            self.draw_under(surface)
            self._draw_top(surface, order, self.mark_rects(), t.focus_rect())
            return
        # The cards at rest are kept in one layer with what is under them: a frame blits it
        # and draws only the cards that change. A card at rest over a changing one
        # (overlapping it, higher in the pile) is drawn with the changing ones.
        still: list[tuple[pygame.Surface, tuple[int, int]]] = []
        live: list[CardSprite] = []
        changing: list[pygame.Rect] = []
        for s in order:
            image = s.still_image()
            if image is not None:
                box = pygame.Rect(image[1], image[0].get_size())
                if box.collidelist(changing) < 0:
                    still.append(image)
                    continue
            else:
                box = s.bounds()
            changing.append(box)
            live.append(s)
        layer = self.rest_layer(surface.get_size(), under, still)
        over_parts = self.guided_over_parts()
        if over_parts is not None and t.tooltip.shown:
            over_parts["tooltip"] = (t.tooltip.look(), t.tooltip.painted_rect())
        shown = _Shown(surface.get_size(), changing, self.mark_rects(), t.focus_rect(),
                       over_parts)
        dirty = self._dirty(shown) if t.frame_kept else None
        self._shown, self.painted = shown, dirty
        if dirty is None:  # all of it
            surface.blit(layer, (0, 0))
            self._draw_top(surface, live, shown.marks, shown.focus)
            return
        # (Once: each box below asks for them; none when no box reaches an outline, as in
        # most frames: every card above a marked one is looked at, 0.7 ms at 8 seats.)
        holes = self.mark_holes(shown.marks) if any(
            box.collidelist(shown.marks) >= 0 for box in dirty) else [[] for _ in shown.marks]
        # Only where something changed (boxes that do not overlap): the layer, the changing
        # cards where they were and are, the marks, the focus ring, and what draw_over shows
        # (``over_parts``). Each changing card is drawn once, clipped to its own box (every
        # place it covers is painted): a card drawn in two boxes could be drawn two ways (a
        # card is baked on its n-th draw).
        over = [rect for _key, rect in shown.over.values()] if shown.over else []
        for box in dirty:
            surface.blit(layer, box, box)
        for s, box in zip(live, changing):
            surface.set_clip(box)
            s.draw(surface)
        for box in dirty:
            surface.set_clip(box)
            self._draw_top(surface, [], shown.marks, shown.focus,
                           over=box.collidelist(over) >= 0, holes=holes)
        surface.set_clip(None)

    def _draw_top(self, surface: pygame.Surface, live: list[CardSprite],
                  marks: list[pygame.Rect], focus: pygame.Rect | None,
                  over: bool = True, holes: list[list[pygame.Rect]] | None = None) -> None:
        """What is drawn over the kept layers: the ``live`` cards, the outlines of the last
        move (``marks``; ``holes``: ``mark_holes``, if known), the ``focus`` ring and
        (``over``) the game's ``draw_over``."""
        t = self.table
        for s in live:
            s.draw(surface)
        if marks:
            self.draw_marks(surface, marks, holes)
        if focus is not None:
            draw.focus_ring(surface, focus, t.metrics.radius, self._ring_width())
        if over:
            self.draw_over(surface)
            if t.guide is not None:
                t.guide.draw(surface)
            t.tooltip.draw(surface)

    def _dirty(self, now: "_Shown") -> list[pygame.Rect] | None:
        """The places that differ between the frame on the surface (``_shown``) and ``now``,
        merged; None: all of it (no frame kept, a new size, the layer painted again, or a
        ``draw_over`` that does not say what it shows)."""
        was, changed = self._shown, self._rest_changed
        if was is None or was.size != now.size or changed is None or now.over is None \
                or was.over is None:
            return None
        dirty = changed + was.live + now.live + _changed_places(was.over, now.over)
        if was.marks != now.marks:
            dirty += was.marks + now.marks
        if was.focus != now.focus:
            dirty += [self._ring_box(r) for r in (was.focus, now.focus) if r is not None]
        screen = pygame.Rect((0, 0), now.size)
        return _disjoint(_merged([r.clip(screen) for r in dirty if r.colliderect(screen)]))

    def _ring_width(self) -> int:
        return max(2, self.table.metrics.px(3))

    def _ring_box(self, focus: pygame.Rect) -> pygame.Rect:
        """Round what the focus ring round ``focus`` paints."""
        width = self._ring_width()
        return focus.inflate(width * 3 + 2, width * 3 + 2)

    def over_parts(self) -> dict[Any, tuple[Any, pygame.Rect]] | None:
        """Everything ``draw_over`` shows, each with what it depends on and round where it
        paints (name -> (key, rect)), so a frame paints only the places that changed; None
        (the default): not said, and every frame is painted whole."""
        return None

    def guided_over_parts(self) -> dict[Any, tuple[Any, pygame.Rect]] | None:
        """``over_parts`` with the guide's box and pointers (``game.table.guide``)."""
        t = self.table
        parts = self.over_parts()
        if parts is None or t.guide is None:
            return parts
        return {**parts, **t.guide.parts()}

    def static_layer(self, size: tuple[int, int],
                     scratch: pygame.Surface | None = None) -> pygame.Surface:
        """The kept layer of ``draw_static`` for a window of ``size`` (painted when laid out,
        or when a display setting changed; ``scratch``: a surface of ``size`` about to be
        painted over whole, where a felt made now works out its shading)."""
        key = (size, self.table.display, self.static_key())
        return self.layers.get("static", key, size,
                               lambda layer: self.draw_static(layer, scratch), by_parts=True)

    def rest_layer(self, size: tuple[int, int], under: Any,
                   still: list[tuple[pygame.Surface, tuple[int, int]]]) -> pygame.Surface:
        """``static_layer``, ``draw_under`` and the ``still`` cards' images: painted again
        when ``under`` changes; where cards left it or changed, or where a part of
        ``under_parts`` changed, those places only (clipped); added to when cards come to
        rest on top of those kept."""
        # (A place painted again starts as a copy of the static layer's, one opaque blit: the
        # felt, the frames and the panel's box drawn again there cost a key's frame 0.6-1.6
        # ms, their alpha blends the most. The static layer holds the table's felt, made in
        # it, so it costs no more memory than the felt did.)
        key = (size, self.table.display, self.static_key(), under)
        parts = self.under_parts()
        kept = self._rest
        changed: list[pygame.Rect] | None = []
        if kept is None or kept[0] != key:  # all of it painted again
            changed = None
            layer = kept[1] if kept is not None and kept[1].get_size() == size \
                else draw.part_layer(size)
            layer.blit(self.static_layer(size, layer), (0, 0))
            self.draw_under(layer)
            self._blit_still(layer, _unrepeated(still))
        else:
            layer = kept[1]
            dirty = _changed_places(kept[3], parts)
            if dirty or kept[2] != still[:len(kept[2])]:  # painted again there
                # (Counted: cards of one shape in one place, a stock's, share one image.)
                was, now = Counter(kept[2]), Counter(still)
                dirty += [pygame.Rect(at, image.get_size()) for image, at in
                          (was - now) + (now - was)]
                changed = _merged(dirty)
                drawn = _unrepeated(still)
                static = self.static_layer(size)
                for box in changed:
                    layer.set_clip(box)
                    layer.blit(static, box, box)
                    self.draw_under(layer)
                    self._blit_still(layer, [item for item in drawn if box.colliderect(
                        pygame.Rect(item[1], item[0].get_size()))])
                layer.set_clip(None)
            else:  # cards came to rest on top of those kept
                self._blit_still(layer, _unrepeated(still, len(kept[2])))
                changed = [pygame.Rect(at, image.get_size()) for image, at in still[len(kept[2]):]]
        self._rest = (key, layer, still, parts)
        self._rest_changed = changed
        return layer

    @staticmethod
    def _blit_still(layer: pygame.Surface,
                    still: list[tuple[pygame.Surface, tuple[int, int]]]) -> None:
        for image, at in still:
            layer.blit(image, at, special_flags=pygame.BLEND_PREMULTIPLIED)

    def under_parts(self) -> dict[Any, tuple[Any, pygame.Rect]]:
        """Parts of what ``draw_under`` shows, each with what it depends on and where it is
        (name -> (key, rect)): when only parts change, only their places (old and new) are
        painted again. None by default: ``under_key`` says it all."""
        return {}

    def under_key(self) -> Any:
        """What ``draw_under`` depends on beyond the kept layer's key, or None (the default):
        it is drawn every frame, and every card with it (override to keep them in a layer)."""
        return None

    def static_key(self) -> Any:
        """What the kept layer depends on beyond size and display settings (override)."""
        return None

    def draw_static(self, surface: pygame.Surface,
                    scratch: pygame.Surface | None = None) -> None:
        """What does not change between frames, painted whole into ``static_layer``: the
        felt (made there if no felt of the size is kept; ``scratch`` as for
        ``static_layer``), frames, fixed labels."""
        draw.felt_into(surface, scratch)

    def draw_message_line(self, surface: pygame.Surface, text: str, color: Any) -> None:
        """The message line under the field or trick: one line in the "small" type, else
        lines of about one length as large as the line's box holds them, else one line
        smaller (``fit_paragraph``), never below the least text; past that, lines rising
        over the box."""
        from game.fonts import font, text_image
        from game.text import fit_paragraph, line_step
        m, r = self.table.metrics, self.table.layout_.message
        size, lines = fit_paragraph(text, r.width, r.height, m.type_size("small"),
                                    m.least_text)
        f = font(size)
        step = line_step(size)
        block = f.get_height() + step * (len(lines) - 1)
        # (centred in the box where they fit it; else the last line on its middle, as one)
        y = r.centery - (step * (len(lines) - 1) if block > r.height else
                         step * (len(lines) - 1) / 2)
        for k, line in enumerate(lines):
            img = text_image(f, line, color)
            surface.blit(img, img.get_rect(center=(r.centerx, round(y + k * step))))

    def draw_frames(self, surface: pygame.Surface, play: pygame.Rect) -> None:
        """A darker frame round the ``play`` area (a field, a trick) and the panel's frame
        (a kit table's ``draw_static``, over the felt)."""
        t = self.table
        m = t.metrics
        draw.rounded_rect(surface, theme.FELT_DARK, play.inflate(m.px(8), m.px(8)),
                          m.radius * 2, alpha=90)
        draw.panel(surface, t.layout_.panel, m.radius * 2, max(1, m.px(1.5)))

    def draw_under(self, surface: pygame.Surface) -> None:
        """Drawn over the kept layer, under the cards (override)."""

    def draw_over(self, surface: pygame.Surface) -> None:
        """Drawn over the cards: panel, messages, banners (override)."""

    def draw_marks(self, surface: pygame.Surface, marks: list[pygame.Rect],
                   holes: list[list[pygame.Rect]] | None = None) -> None:
        """Corner brackets round each card of another seat's last move (``mark_rects``):
        a shape no glow or focus ring has; none over a card above the marked one
        (``mark_holes``, found here unless given: a frame painted in boxes finds them
        once)."""
        m = self.table.metrics
        width = max(2, m.px(3))
        clip = surface.get_clip()
        for rect, covered in zip(marks, self.mark_holes(marks) if holes is None else holes):
            if not clip.colliderect(rect):
                continue
            parts = [rect]
            for hole in covered:  # (apart: each pixel drawn once)
                parts = [part for piece in parts for part in _cut(piece, hole)]
            for part in parts:
                surface.set_clip(clip.clip(part))  # (edged in ink: they show on a light face)
                card_sprite.draw_style(surface, rect, theme.INK, "corners", width + 2)
                card_sprite.draw_style(surface, rect.inflate(-2, -2), LAST_MOVE, "corners",
                                       width)
        surface.set_clip(clip)

    def mark_holes(self, marks: list[pygame.Rect]) -> list[list[pygame.Rect]]:
        """For each outline of ``marks``, the cards above its marked card that it reaches
        (the pile's next card, a lifted pile card): an outline shows where its card shows,
        never over a card above it."""
        t = self.table
        marked = [((m.dragging, m.z), rect) for m, rect in
                  zip(map(t.sprites.__getitem__, self._marked_shown()), marks)]
        holes: list[list[pygame.Rect]] = [[] for _ in marked]
        if not marked:
            return holes
        least = min(key for key, _rect in marked)
        for s in t.sprites.values():
            key = (s.dragging, s.z)
            if s.alpha and key > least:  # (a card's rect costs: asked only of cards above)
                r = s.rect
                for k, (top, rect) in enumerate(marked):
                    if key > top and r.colliderect(rect):
                        holes[k].append(r)
        return holes

    def mark_rects(self) -> list[pygame.Rect]:
        """Where ``draw_marks`` draws its outlines."""
        m = self.table.metrics
        sprites = self.table.sprites
        return [sprites[c].rect.inflate(m.px(4), m.px(4)) for c in self._marked_shown()]

    def _marked_shown(self) -> list[Card]:
        """The marked cards that show (not hidden, not moving), in ``mark_rects``' order."""
        sprites = self.table.sprites
        return [c for c in self.table.marked
                if sprites[c].alpha and not sprites[c].animating]

    def panel_box(self) -> tuple[pygame.Rect, int]:
        """Where the panel is and the room its lines have (above the log button)."""
        t = self.table
        lay = t.layout_
        return lay.panel, lay.log_button.y - lay.panel.y - t.metrics.px(8)

    def panel_parts(self) -> list[tuple[PanelLine, pygame.Rect]]:
        """The panel's lines for ``as_shown.panel()`` and their boxes in the panel, fitted to its
        room (the spare lines go first: ``PanelLine.spare``); kept while the key stays."""
        t = self.table
        key = t.as_shown.panel()
        kept = self._panel_placed
        if kept is None or kept[0] != key:
            rect, room = self.panel_box()
            kept = self._panel_placed = (key, t.PANEL.place(t.panel_lines(), t.metrics,
                                                               rect.width, room))
        return kept[1]

    def tip_targets(self) -> list[tuple[pygame.Rect, Tip]]:
        """Everything on the table that has a tooltip, where it is on the window, with its
        tip, in the order Y walks them: the panel's lines with a tip (a game adds its own)."""
        at = self.panel_box()[0].topleft
        return [(box.move(at), line.tip) for line, box in self.panel_parts()
                if line.tip is not None]

    def panel_over_parts(self) -> dict[Any, tuple[Any, pygame.Rect]]:
        """The panel's lines as ``over_parts``: a change paints the lines that changed."""
        at = self.panel_box()[0].topleft
        return {("panel", i): ((line, tuple(box)), box.move(at))
                for i, (line, box) in enumerate(self.panel_parts())}

    def draw_panel(self, surface: pygame.Surface) -> None:
        """The panel's lines, from a transparent layer kept line by line."""
        rect = self.panel_box()[0]
        surface.blit(self.layers.get_parts("panel", self.table.as_shown.panel(), rect.size,
                                           self.panel_parts, self._paint_panel_line), rect)

    def _paint_panel_line(self, surface: pygame.Surface, line: PanelLine,
                          box: pygame.Rect) -> None:
        t = self.table
        t.PANEL.paint_line(surface, t.metrics, line, box)

    def message_text(self) -> tuple[str, tuple[int, int, int]]:
        """The message line: a refusal in red, else the coach's words in gold, else the
        game's status."""
        t = self.table
        if t.notice:
            return t.notice, theme.VERMILION
        coach = t.coaching.line()
        if coach:
            return coach, theme.GOLD
        return t.status(), theme.TEXT

    def fonts_ahead(self) -> list[tuple[int, bool]]:
        """The fonts (size, bold) the table's frames may open as it is played, opened ahead
        (``MadeAhead.open_fonts``); none by default."""
        return []

    # Display settings and faces -------------------------------------------------------------------
    def apply_display(self) -> None:
        """Card back, badges and animation speed from the settings (changed in the pause
        menu, say): new renderers for the sprites, kept layers redrawn, faces warmed again."""
        t = self.table
        s = t.app.settings if t.app is not None else None
        display = (s.card_back, bool(s.card_badges)) if s is not None else ("black", False)
        t.apply_speed()
        if display == t.display:
            return
        t.display = display
        back, badge = display
        for c, sprite in t.sprites.items():
            sprite.face_renderer = faces.face_renderer(t.face_of(c), badge=badge,
                                                         stand_in=True)
            sprite.back_renderer = faces.back_renderer(back, stand_in=True)
        self.layers.clear()
        self.plan_faces()

    @property
    def badges(self) -> bool:
        t = self.table
        return bool(t.display and t.display[1])

    def plan_faces(self) -> None:
        """Have the warmer render the backs at the table's sizes (a few), then the faces;
        make the cards' shadows and glows at those sizes now (a blur each)."""
        t = self.table
        back = faces.Back(t.display[0] if t.display is not None else "black")
        backs: list[Face] = [(back, size, False) for size in dict.fromkeys(t.back_sizes())]
        for size in dict.fromkeys([*t.back_sizes(), *t.face_sizes()]):
            card_sprite.warm(*size)
        t.warmer.plan(backs + t.faces_needed())

    def faces_ready(self, cards: Iterable[Card], size: Size) -> bool:
        return self.faces_in([(c, size, self.badges) for c in cards])

    def faces_in(self, needed: list[Face]) -> bool:
        """Are these faces rendered (an animation waiting on them may go)? Those missing once
        the warmer is idle (let go by the cache for newer sizes) are asked for again, first."""
        t = self.table
        if t.warmer.ready(needed):
            return True
        if t.warmer.done:
            t.warmer.urgent([f for f in needed if not t.warmer.ready([f])])
        return False


class _Shown(NamedTuple):
    """What a frame showed, to find what the next one changes (``TableDrawing._dirty``):
    the window's size, round each card drawn over the kept layer, the marks, the focus
    ring, and ``over_parts``."""

    size: tuple[int, int]
    live: list[pygame.Rect]
    marks: list[pygame.Rect]
    focus: pygame.Rect | None
    over: dict[Any, tuple[Any, pygame.Rect]] | None


def _changed_places(before: dict[Any, tuple[Any, pygame.Rect]],
                    after: dict[Any, tuple[Any, pygame.Rect]]) -> list[pygame.Rect]:
    """The old and new places of the parts (name -> (key, rect)) that changed.

    >>> r = pygame.Rect
    >>> _changed_places({"a": (1, r(0, 0, 2, 2)), "b": (1, r(5, 5, 1, 1))},
    ...                 {"a": (2, r(1, 0, 2, 2)), "b": (1, r(5, 5, 1, 1))})
    [Rect(0, 0, 2, 2), Rect(1, 0, 2, 2)]
    """
    if before == after:
        return []
    places: list[pygame.Rect] = []
    for name in before.keys() | after.keys():
        was, now = before.get(name), after.get(name)
        if was != now:
            places += [part[1] for part in (was, now) if part is not None]
    return places


def _unrepeated(still: list[tuple[pygame.Surface, tuple[int, int]]], start: int = 0
                ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """The still images from ``start`` on to blit: one that repeats the one before it (the
    same image in the same place: the cards of a stock squared up under its top few) is left
    out. Blitted again it would change only its own translucent edge and shadow, a shade
    darker each time, and the stock's box cost a blit per card.

    >>> a, b = pygame.Surface((2, 2)), pygame.Surface((2, 2))
    >>> still = [(a, (0, 0)), (a, (0, 0)), (b, (0, 0)), (a, (0, 0))]
    >>> _unrepeated(still) == [(a, (0, 0)), (b, (0, 0)), (a, (0, 0))]
    True
    >>> _unrepeated(still, 1) == still[2:]  # (the one at 1 repeats the one before it)
    True
    """
    return [still[i] for i in range(start, len(still)) if not i or still[i - 1] != still[i]]


def _merged(rects: list[pygame.Rect], slack: int = 16384) -> list[pygame.Rect]:
    """``rects`` with two joined into the box round both whenever that box is no larger than
    the two together and ``slack`` pixels (each box painted costs a little more than its
    pixels). Those left may overlap: a place painted twice comes out the same, and two far
    places cost less painted as two boxes than as the one box round both (a card in the
    hand and one on the field).

    >>> r = pygame.Rect
    >>> _merged([r(0, 0, 100, 100), r(50, 50, 100, 100), r(500, 0, 5, 5)])
    [Rect(0, 0, 150, 150), Rect(500, 0, 5, 5)]
    >>> _merged([r(0, 0, 400, 40), r(0, 30, 40, 400)])  # an L: kept as two
    [Rect(0, 0, 400, 40), Rect(0, 30, 40, 400)]
    >>> _merged([r(0, 0, 10, 10), r(0, 0, 10, 10), r(2, 2, 5, 5)])
    [Rect(0, 0, 10, 10)]
    """
    out: list[pygame.Rect] = []
    for rect in rects:
        rect = pygame.Rect(rect)
        joined = True
        while joined:
            joined = False
            area = rect.w * rect.h + slack
            for i, other in enumerate(out):
                box = rect.union(other)
                if box.w * box.h <= area + other.w * other.h:
                    rect = box
                    del out[i]
                    joined = True
                    break
        out.append(rect)
    return out


def _disjoint(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The places ``rects`` cover, as boxes that do not overlap (what a later one shares
    with an earlier one is cut from it: drawn once, text and shadows are not drawn twice).

    >>> r = pygame.Rect
    >>> _disjoint([r(0, 0, 10, 10), r(5, 5, 10, 10)])
    [Rect(0, 0, 10, 10), Rect(5, 10, 10, 5), Rect(10, 5, 5, 5)]
    >>> _disjoint([r(0, 0, 10, 10), r(2, 2, 3, 3)])
    [Rect(0, 0, 10, 10)]
    """
    out: list[pygame.Rect] = []
    for rect in rects:
        pieces = [rect]
        for done in out:
            pieces = [part for piece in pieces for part in _cut(piece, done)]
        out += pieces
    return out


def _cut(rect: pygame.Rect, hole: pygame.Rect) -> list[pygame.Rect]:
    """``rect`` without ``hole``: up to four boxes (above, below, left, right of it)."""
    if not rect.colliderect(hole):
        return [rect]
    parts = []
    if hole.top > rect.top:
        parts.append(pygame.Rect(rect.left, rect.top, rect.width, hole.top - rect.top))
    if hole.bottom < rect.bottom:
        parts.append(pygame.Rect(rect.left, hole.bottom, rect.width, rect.bottom - hole.bottom))
    top, bottom = max(rect.top, hole.top), min(rect.bottom, hole.bottom)
    if hole.left > rect.left:
        parts.append(pygame.Rect(rect.left, top, hole.left - rect.left, bottom - top))
    if hole.right < rect.right:
        parts.append(pygame.Rect(hole.right, top, rect.right - hole.right, bottom - top))
    return parts
