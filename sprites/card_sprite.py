"""An animated playing card on screen, independent of the card art.

A ``CardSprite`` draws whatever a *face renderer* and a *back renderer* return: callables
``(width, height) -> pygame.Surface``. Renderers do their own caching; the sprite keeps the
last surface per side so it asks again only when its size changes.

Coordinates: ``(x, y)`` is the card's centre; ``rotation`` is in degrees counter-clockwise on
screen (the ``pygame.transform.rotate`` convention); ``scale`` multiplies the base size.

>>> import pygame
>>> plain = lambda w, h: pygame.Surface((w, h))
>>> card = CardSprite(plain, plain, pos=(100, 100), size=(60, 96), face_up=False)
>>> card.move_to((300, 100), duration=0.5, delay=0.25)
>>> card.flip(0.3)
>>> card.update(0.25); card.pos                 # still waiting for the move
(100.0, 100.0)
>>> card.update(1.0); card.pos, card.face_up, card.animating
((300.0, 100.0), True, False)

Rule of the project: ``draw()`` changes no state (it may only fill render caches).
"""

from __future__ import annotations

import copy
import math
from typing import Any, Callable, Iterable, NamedTuple, Optional, Sequence

import pygame

from sprites.cache import STAND_INS, kept, on_clear_all
from sprites.easing import Easing, ease_in_out_cubic, ease_out_cubic, linear
from sprites.tween import Tween

Renderer = Callable[[int, int], pygame.Surface]
ColorLike = Sequence[int]
Point = tuple[float, float]

_FACE, _BACK = "face", "back"

#: The shapes a highlight may add to its glow's colour, so that no two meanings differ by
#: hue alone (a colour-blind player tells them apart by the line): ``halo`` the soft glow
#: alone, ``ring`` a solid line round the card, ``dashed`` a dashed line, ``corners`` a
#: bracket at each corner, ``marker`` a diamond over the card's top edge.
GLOW_STYLES = ("halo", "ring", "dashed", "corners", "marker")


class Glow(NamedTuple):
    """A card's highlight: the glow's ``color`` and the ``style`` of line drawn with it
    (``GLOW_STYLES``). A sprite's ``highlight`` may also be a plain colour (a halo).

    >>> Glow((120, 220, 140), "dashed").style, glow_parts((1, 2, 3))
    ('dashed', ((1, 2, 3), 'halo'))
    """

    color: tuple[int, int, int]
    style: str = "halo"


def glow_parts(highlight: Any) -> tuple[ColorLike, str]:
    """The colour and style of a sprite's ``highlight`` (a ``Glow`` or a colour)."""
    if isinstance(highlight, Glow):
        return highlight.color, highlight.style
    return highlight, "halo"


def draw_style(surface: pygame.Surface, rect: pygame.Rect, color: ColorLike, style: str,
               width: int, radius: int = 0) -> None:
    """The line of a highlight ``style`` round ``rect`` (drawn inward from its edge): a ring,
    dashes, corner brackets or a diamond marker; ``halo`` draws nothing.

    >>> s = pygame.Surface((40, 60)); draw_style(s, s.get_rect(), (255, 0, 0), "dashed", 3)
    >>> s.get_at((1, 1))[0] > 0, s.get_at((20, 30))[0]
    (True, 0)
    """
    if style == "ring":
        pygame.draw.rect(surface, color, rect, width, border_radius=radius)
    elif style == "dashed":
        dash = max(3, round(min(rect.width, rect.height) * 0.12))
        x0, y0, x1, y1 = rect.left, rect.top, rect.right - width, rect.bottom - width
        for x in range(x0, x1, 2 * dash):
            for y in (y0, y1):
                surface.fill(color, (x, y, min(dash, x1 + width - x), width))
        for y in range(y0, y1, 2 * dash):
            for x in (x0, x1):
                surface.fill(color, (x, y, width, min(dash, y1 + width - y)))
    elif style == "corners":
        arm = max(width * 2, round(min(rect.width, rect.height) * 0.28))
        for cx, cy, dx, dy in ((rect.left, rect.top, 1, 1), (rect.right, rect.top, -1, 1),
                               (rect.left, rect.bottom, 1, -1),
                               (rect.right, rect.bottom, -1, -1)):
            x = cx if dx > 0 else cx - arm
            y = cy if dy > 0 else cy - width
            surface.fill(color, (x, y, arm, width))
            x = cx if dx > 0 else cx - width
            y = cy if dy > 0 else cy - arm
            surface.fill(color, (x, y, width, arm))
    elif style == "marker":
        r = max(width * 2, round(rect.width * 0.16))
        cx, cy = rect.centerx, rect.top + r + width
        diamond = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
        pygame.draw.polygon(surface, (28, 24, 22), [(x + (1 if x > cx else -1 if x < cx else 0),
                                                     y + (1 if y > cy else -1 if y < cy else 0))
                                                    for x, y in diamond])
        pygame.draw.polygon(surface, color, diamond)


def _snap(v: float) -> int:
    """``v`` to the nearest whole pixel, halves up (``round`` takes halves to even: its
    offsets would depend on the parity of where a card lies).

    >>> _snap(2.5), _snap(3.5), _snap(-0.5)
    (3, 4, 0)
    """
    return math.floor(v + 0.5)


class CardSprite:
    """A card with position/rotation/scale/flip tweens, hover lift, shadow and glow.

    Public state (read or set freely between frames): ``x, y`` (centre, floats), ``w, h``
    (base size; change it with ``set_size``), ``rotation``, ``scale``, ``face_up``, ``z`` (draw
    order hint), ``hovered``, ``highlight`` (glow colour, a ``Glow`` or ``None``), ``lift``
    (current hover lift in pixels, animated), ``dragging`` (set by ``DragController``: bigger
    shadow), ``alpha`` (0-255), ``data`` (any payload, e.g. the rules card).
    """

    #: Hover lift as a fraction of the card height (a few pixels).
    HOVER_LIFT_RATIO = 0.05
    #: Seconds for the hover lift to rise or settle.
    HOVER_TIME = 0.12
    #: Extra shadow elevation while dragged, as a fraction of the card height.
    DRAG_ELEVATION_RATIO = 0.14
    #: Peak vertical stretch in the middle of a flip (the "coming towards you" 3D cue).
    FLIP_RISE = 0.06
    #: Corner radius of shadow and glow, as a fraction of the card width.
    CORNER_RATIO = 0.08
    #: Sprites made so far (staggers when each bakes its still image).
    _made = 0

    def __init__(
        self,
        face: Renderer,
        back: Renderer,
        pos: Point = (0.0, 0.0),
        size: tuple[int, int] = (100, 160),
        *,
        face_up: bool = True,
        rotation: float = 0.0,
        scale: float = 1.0,
        z: int = 0,
        data: Any = None,
    ) -> None:
        self.face_renderer = face
        self.back_renderer = back
        self.x, self.y = float(pos[0]), float(pos[1])
        self.w, self.h = int(size[0]), int(size[1])
        self.rotation = float(rotation)
        self.scale = float(scale)
        self.face_up = bool(face_up)
        self.z = z
        self.data = data
        self.highlight: Optional[ColorLike | Glow] = None
        self.lift = 0.0
        self.alpha = 255
        self.dragging = False
        #: Pixels to rise on hover; ``None`` derives it from the height.
        self.hover_lift: Optional[float] = None
        self._hovered = False
        self._move: Optional[Tween] = None
        self._rot: Optional[Tween] = None
        self._scale: Optional[Tween] = None
        self._lift: Optional[Tween] = None
        self._flip: Optional[Tween] = None
        self._flip_to = self.face_up
        # Render caches: kind -> (key, surface[, a stand-in]). Filling them is draw()'s only
        # side effect.
        self._cache_base: dict[str, tuple[tuple, pygame.Surface, bool]] = {}
        self._cache_xform: dict[str, tuple[tuple, pygame.Surface]] = {}
        self._cache_look: tuple | None = None  # how the card looked at its last draw
        self._cache_still = 0  # draws since, in the same shape (wherever)
        CardSprite._made += 1
        self._cache_stagger = 1 + CardSprite._made % 8
        self._cache_baked: tuple[tuple, pygame.Surface, tuple[int, int, int, int]] | None = None
        self._still_memo: tuple[tuple, tuple[pygame.Surface, tuple[int, int]]] | None = None
        # The image baked ahead for where the card is going (``bake_ahead``), until drawn.
        self._cache_ahead: tuple[tuple, pygame.Surface, tuple[int, int, int, int]] | None = None
        # The image kept before ``_cache_baked``: a glow lit and put out again (a player's
        # hand at each turn) finds its look kept rather than baked again on a key's frame.
        self._cache_before: tuple[tuple, pygame.Surface, tuple[int, int, int, int]] | None = None

    def __repr__(self) -> str:
        side = "up" if self.face_up else "down"
        return f"CardSprite({self.data!r}, ({self.x:.1f}, {self.y:.1f}), {side}, z={self.z})"

    # Properties ---------------------------------------------------------------------------
    @property
    def pos(self) -> Point:
        return (self.x, self.y)

    @property
    def size(self) -> tuple[int, int]:
        return (self.w, self.h)

    @property
    def target_pos(self) -> Point:
        """Where the card is heading (its position when not moving)."""
        if self._move is not None:
            return self._move.end  # type: ignore[return-value]
        return (self.x, self.y)

    @property
    def target_face_up(self) -> bool:
        """``face_up`` once the running flip (if any) has finished."""
        return self._flip_to if self._flip is not None else self.face_up

    @property
    def hovered(self) -> bool:
        return self._hovered

    @hovered.setter
    def hovered(self, value: bool) -> None:
        value = bool(value)
        if value == self._hovered:
            return
        self._hovered = value
        target = self._hover_height() if value else 0.0
        self._lift = Tween(self.lift, target, self.HOVER_TIME, ease_out_cubic)

    @property
    def animating(self) -> bool:
        """True while a move, rotation, scale or flip runs (not the cosmetic hover lift)."""
        return not (self._move is None and self._rot is None and self._scale is None
                    and self._flip is None)  # (asked of every card every frame: inline)

    @property
    def flipping(self) -> bool:
        return self._flip is not None

    # Animation commands -------------------------------------------------------------------
    def move_to(
        self,
        pos: Point,
        duration: float = 0.3,
        easing: Easing = ease_in_out_cubic,
        delay: float = 0.0,
    ) -> None:
        """Glide the centre to ``pos``. The start is the position now; during ``delay`` the card
        stays put (a running move is replaced). Zero duration and delay = ``snap_to``."""
        if duration <= 0 and delay <= 0:
            self.snap_to(pos)
            return
        end = (float(pos[0]), float(pos[1]))
        self._move = Tween((self.x, self.y), end, duration, easing, delay)

    def rotate_to(
        self,
        degrees: float,
        duration: float = 0.3,
        easing: Easing = ease_in_out_cubic,
        delay: float = 0.0,
    ) -> None:
        """Turn to ``degrees`` (counter-clockwise), the literal way: 350 -> 10 turns back."""
        if duration <= 0 and delay <= 0:
            self.rotation, self._rot = float(degrees), None
            return
        self._rot = Tween(self.rotation, degrees, duration, easing, delay)

    def scale_to(
        self,
        scale: float,
        duration: float = 0.15,
        easing: Easing = ease_out_cubic,
        delay: float = 0.0,
    ) -> None:
        if duration <= 0 and delay <= 0:
            self.scale, self._scale = float(scale), None
            return
        self._scale = Tween(self.scale, scale, duration, easing, delay)

    def flip(
        self, duration: float = 0.3, to_face_up: Optional[bool] = None, delay: float = 0.0
    ) -> None:
        """Turn the card over: squash horizontally to nothing, swap sides at the midpoint (that
        is when ``face_up`` changes), then open up again, stretching a little vertically.

        ``to_face_up=None`` toggles (relative to a flip already running); flipping to the side
        already showing does nothing. A running flip is completed first.
        """
        target = (not self.target_face_up) if to_face_up is None else bool(to_face_up)
        if self._flip is not None:
            self._finish_flip()
        if target == self.face_up:
            return
        if duration <= 0 and delay <= 0:
            self.face_up = target
            return
        self._flip_to = target
        self._flip = Tween(0.0, 1.0, duration, linear, delay)

    def snap_to(self, pos: Point) -> None:
        """Jump to ``pos`` now, cancelling any move."""
        self.x, self.y = float(pos[0]), float(pos[1])
        self._move = None

    def set_size(self, w: int, h: int) -> None:
        """New base size (window resize); instant. Renderers are asked again on the next draw."""
        self.w, self.h = int(w), int(h)
        self._cache_before = None  # (the old size's: no use now)
        if self._hovered:  # keep the lift proportional to the new size
            self.lift = self._hover_height()
            self._lift = None

    def stop(self) -> None:
        """Freeze moves, turns and scaling where they are; a running flip completes (a card
        must never stay edge-on)."""
        self._move = self._rot = self._scale = None
        if self._flip is not None:
            self._finish_flip()

    def finish(self) -> None:
        """Jump every animation to its end (used when animations are skipped)."""
        for tween in (self._move, self._rot, self._scale, self._lift, self._flip):
            if tween is not None:
                tween.finish()
        self.update(0.0)

    # Time -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Advance every running tween by ``dt`` seconds."""
        if self._move is not None:
            self._move.update(dt)
            if not self._move.waiting:
                self.x, self.y = self._move.value  # type: ignore[misc]
            if self._move.done:
                self._move = None
        if self._rot is not None:
            self._rot.update(dt)
            if not self._rot.waiting:
                self.rotation = self._rot.value  # type: ignore[assignment]
            if self._rot.done:
                self._rot = None
        if self._scale is not None:
            self._scale.update(dt)
            if not self._scale.waiting:
                self.scale = self._scale.value  # type: ignore[assignment]
            if self._scale.done:
                self._scale = None
        if self._lift is not None:
            self._lift.update(dt)
            self.lift = self._lift.value  # type: ignore[assignment]
            if self._lift.done:
                self._lift = None
        if self._flip is not None:
            self._flip.update(dt)
            if self._flip.progress >= 0.5:
                self.face_up = self._flip_to
            if self._flip.done:
                self._flip = None

    def _finish_flip(self) -> None:
        self.face_up = self._flip_to
        self._flip = None

    # Geometry ---------------------------------------------------------------------------------
    def _hover_height(self) -> float:
        if self.hover_lift is not None:
            return float(self.hover_lift)
        return max(2.0, round(self.h * self.HOVER_LIFT_RATIO))

    def _flip_factors(self) -> tuple[float, float]:
        """(x, y) stretch from a running flip: cos-projection of a card turning about its
        vertical axis, plus a slight vertical swell at the edge-on moment."""
        if self._flip is None or self._flip.waiting:
            return 1.0, 1.0
        p = self._flip.progress
        return abs(math.cos(math.pi * p)), 1.0 + self.FLIP_RISE * math.sin(math.pi * p)

    def _scales(self) -> tuple[float, float]:
        fx, fy = self._flip_factors()
        return self.scale * fx, self.scale * fy

    def _visual_center(self) -> Point:
        return (self.x, self.y - self.lift)

    def _pixel_center(self) -> tuple[int, int]:
        """``_visual_center`` on a whole pixel, where the pieces are placed from: their
        offsets from one another (a shadow's from its card) then do not depend on where
        between two pixels the card lies, so two cards squared up alike share one baked
        image in one place (placed from its own centre, each piece rounded apart, the
        shadow of a card at 306.8 came a pixel higher than at 306.45)."""
        cx, cy = self._visual_center()
        return _snap(cx), _snap(cy)

    @property
    def rect(self) -> pygame.Rect:
        """Axis-aligned bounding box of the drawn card (shadow and glow excluded)."""
        sx, sy = self._scales()
        cx, cy = self._visual_center()
        hw, hh = self.w * sx / 2.0, self.h * sy / 2.0
        a = math.radians(self.rotation)
        c, s = abs(math.cos(a)), abs(math.sin(a))
        ex, ey = hw * c + hh * s, hw * s + hh * c
        left, top = math.floor(cx - ex + 1e-9), math.floor(cy - ey + 1e-9)
        right, bottom = math.ceil(cx + ex - 1e-9), math.ceil(cy + ey - 1e-9)
        return pygame.Rect(left, top, right - left, bottom - top)

    def bounds(self) -> pygame.Rect:
        """A box round everything the card draws: ``rect`` with room for shadow and glow."""
        room = round(self.h * 0.2 + self.lift)
        return self.rect.inflate(2 * room, 2 * room + (self.h if self.dragging else 0))

    def to_local(self, point: Sequence[float]) -> Point:
        """``point`` in the card's unscaled frame: (0, 0) is the centre, x to the card's right."""
        cx, cy = self._visual_center()
        dx, dy = point[0] - cx, point[1] - cy
        a = math.radians(self.rotation)
        c, s = math.cos(a), math.sin(a)
        # Inverse of the screen-space (y down) counter-clockwise rotation used to draw.
        return dx * c - dy * s, dx * s + dy * c

    def contains(self, point: Sequence[float]) -> bool:
        """Hit test against the rotated, scaled card (what you see, lift included)."""
        sx, sy = self._scales()
        lx, ly = self.to_local(point)
        return abs(lx) <= self.w * sx / 2.0 and abs(ly) <= self.h * sy / 2.0

    # Drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Shadow, highlight glow, then the card. Changes no state (caches aside).

        The three are kept baked into one image while the card's shape (side, size, turn,
        lift, glow) stays the same: a still or gliding card costs one blit (baked a few frames
        after its shape last changed). A card whose shape changes every frame (turning over,
        rising) is drawn piece by piece until it settles."""
        if self.alpha <= 0:
            return
        shape = self._shape()
        look = (self.x, self.y, shape)
        if self.alpha < 255:
            self._draw_pieces(surface, None)
            return
        baked, pieces, alike = self._kept_for(shape)
        if baked is None:
            last, self._cache_look = self._cache_look, look
            # A card at rest is baked at once (it costs about one draw piece by piece, which
            # it would cost every frame until baked: after a key finished a deal, 24 cards).
            # One gliding is baked after a few frames in the same shape, a different few for
            # each card, so that a whole deal setting off is not baked on one frame.
            if self.animating or self.dragging or self._lift is not None:
                if last is None or last[2] != shape:
                    self._cache_still = 0
                    _blit_pieces(surface, pieces)
                    return
                self._cache_still += 1
                if self._cache_still < self._cache_stagger:
                    _blit_pieces(surface, pieces)
                    return
            baked = self._baked_now(shape, pieces, alike)
        self._cache_look = look
        surface.blit(baked[1], self._baked_at(baked[2]),
                     special_flags=pygame.BLEND_PREMULTIPLIED)

    def _kept_for(self, shape: tuple) -> tuple[tuple | None, list, tuple]:
        """The card's kept image for ``shape`` if there is one (its own, or one baked alike
        by another card, then taken), else None with the pieces to bake and their key."""
        baked = self._cache_baked
        if baked is not None and baked[0] == shape:
            return baked, [], ()
        ahead = self._cache_ahead
        if ahead is not None and ahead[0] == shape:  # (before the pieces: they cost too)
            self._cache_before, self._cache_baked, self._cache_ahead = baked, ahead, None
            return ahead, [], ()
        before = self._cache_before
        if before is not None and before[0] == shape:
            self._cache_before, self._cache_baked = baked, before
            return before, [], ()
        pieces: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self._draw_pieces(None, pieces)
        # A card drawn alike by another (the backs of a stock, one size of a deck's faces)
        # takes its image: baked once, at once, rather than once per card. Alike: the
        # same shape, and its pieces rounded to the same pixels one from another.
        tx, ty = pieces[-1][1]
        alike = (shape, tuple((x - tx, y - ty) for _image, (x, y) in pieces))
        baked = _BAKED.get(alike)
        if baked is not None:
            self._cache_before, self._cache_baked = self._cache_baked, baked
        return baked, pieces, alike

    def bake_ahead(self, size: tuple[int, int], face_up: bool, rotation: float = 0.0) -> bool:
        """Bake now the image the card will be drawn from at rest in a place of ``size``,
        side and ``rotation`` (no glow, no lift), and keep it until the card is drawn so: a
        key that puts the cards in place at once (the first of a deal) finds them baked
        rather than baking them all on its frame. A place's image is good anywhere (the
        pieces are placed from the card's centre on a whole pixel). Changes nothing the card
        shows; True if an image was baked or taken from a card alike, False if the card
        has it already."""
        twin = copy.copy(self)  # the card at rest there, with caches of its own
        twin.w, twin.h = int(size[0]), int(size[1])
        twin.face_up, twin.rotation, twin.scale = bool(face_up), float(rotation), 1.0
        twin.lift, twin.highlight, twin.dragging, twin.alpha = 0.0, None, False, 255
        twin._move = twin._rot = twin._scale = twin._lift = twin._flip = None
        twin._cache_base, twin._cache_xform = dict(self._cache_base), {}
        twin._cache_baked = twin._cache_ahead = twin._cache_before = None
        shape = twin._shape()
        for kept_ in (self._cache_baked, self._cache_ahead, self._cache_before):
            if kept_ is not None and kept_[0] == shape:
                return False
        baked, pieces, alike = twin._kept_for(shape)
        self._cache_ahead = baked if baked is not None else twin._baked_now(shape, pieces, alike)
        return True

    def _baked_now(self, shape: tuple, pieces: list[tuple[pygame.Surface, tuple[int, int]]],
                   alike: tuple) -> tuple:
        """Bake ``pieces`` (``_kept_for``'s) as the card's image for ``shape``, kept."""
        self._cache_before = self._cache_baked
        baked = self._cache_baked = (shape, *self._bake(pieces))
        if len(_BAKED) >= _BAKED_KEPT:
            del _BAKED[next(iter(_BAKED))]  # the oldest
        _BAKED[alike] = baked
        return baked

    def _shape(self) -> tuple:
        """Everything the card's drawing depends on but its position (asked for every card
        every frame: the common case, no flip under way, is computed inline)."""
        flip = self._flip
        if flip is None or flip.waiting:
            sx = sy = self.scale
        else:
            sx, sy = self._scales()
        # While the card turns or changes size every frame, nearest-pixel rotation (5x faster)
        # is invisible; a card at rest gets an antialiased rotozoom, cached.
        smooth = self._smooth()
        return (self.lift, sx, sy, self.rotation, smooth, self.face_up, self.highlight,
                self.dragging, self._base(_FACE if self.face_up else _BACK))

    def _smooth(self) -> bool:
        """No turn, change of size or flip under way (one waiting for its delay changes
        nothing yet: a card waiting its turn in a deal stays as it is drawn, and kept)."""
        rot, scale, flip = self._rot, self._scale, self._flip
        return ((rot is None or rot.waiting) and (scale is None or scale.waiting)
                and (flip is None or flip.waiting))

    def _baked_at(self, anchor: tuple[int, int, int, int]) -> tuple[int, int]:
        """Where the kept image goes: placed by its card, rounded as the card alone would be
        (so a card kept and a card drawn piece by piece stand on the same pixel)."""
        dx, dy, w, h = anchor
        cx, cy = self._pixel_center()
        return _snap(cx - w / 2.0) + dx, _snap(cy - h / 2.0) + dy

    def still_image(self) -> tuple[pygame.Surface, tuple[int, int]] | None:
        """The one image the card is drawn from now, premultiplied (blit it with
        ``BLEND_PREMULTIPLIED``), and where it goes, for a card at rest (baked now if its look
        changed) or one unchanged since its last draw and kept baked; None for a card drawn
        piece by piece or changing (moving, fading).
        A table keeps such cards in a layer of its own. A card put somewhere at once (the
        cards of a move finished by a key) is kept there from that frame: nothing moves it."""
        if self.alpha != 255:
            return None
        baked = self._cache_baked
        probe = None
        if (self._move is None and self._rot is None and self._scale is None
                and self._flip is None and self._lift is None and not self.dragging):
            # Asked of every card every frame: for a card with nothing under way, the answer
            # is kept while what its shape and place are made of stays the same (its face no
            # stand-in: the real one, when rendered, changes the shape).
            probe = (baked, self._cache_look, self.x, self.y, self.lift, self.scale,
                     self.rotation, self.face_up, self.highlight, self.w, self.h,
                     self.face_renderer, self.back_renderer)
            memo = self._still_memo
            if memo is not None and memo[0] == probe:
                return memo[1]
            # A card at rest whose look changed (a glow lit or put out, its face rendered) is
            # baked now, in its place: drawn over the layer instead, it would leave the layer
            # this frame and come back to it the next (all it overlaps painted twice).
            shape = self._shape()
            baked, pieces, alike = self._kept_for(shape)
            if baked is None:
                baked = self._baked_now(shape, pieces, alike)
            self._cache_look = (self.x, self.y, shape)
            probe = (baked, self._cache_look, *probe[2:])
        else:
            if baked is None:
                return None
            shape = self._shape()
            if baked[0] != shape:
                return None
            if (self.x, self.y, shape) != self._cache_look:
                return None  # moved since its last draw, and moving (this branch's cards are)
        image = baked[1], self._baked_at(baked[2])
        base = self._cache_base.get(_FACE if self.face_up else _BACK)
        if probe is not None and base is not None and not base[2]:
            self._still_memo = (probe, image)
        return image

    def _bake(self, pieces: list[tuple[pygame.Surface, tuple[int, int]]] | None = None
              ) -> tuple[pygame.Surface, tuple[int, int, int, int]]:
        """The card's pieces (as ``_draw_pieces`` lists them) composed into one premultiplied
        image, and its anchor: its corner's offset from the top piece's (the card's) corner,
        and that piece's size."""
        if pieces is None:
            pieces = []
            self._draw_pieces(None, pieces)
        box = pygame.Rect(pieces[0][1], pieces[0][0].get_size())
        for image, at in pieces[1:]:
            box.union_ip(pygame.Rect(at, image.get_size()))
        out = pygame.Surface(box.size, pygame.SRCALPHA)
        face = min(2, len(pieces) - 1)  # shadow, glow, card, the glow's line
        for i, (image, (x, y)) in enumerate(pieces):
            # (A shadow, glow or line is one surface for every card of a size: premultiplied
            # once.)
            source = image.premul_alpha() if i == face else _premultiplied(image)
            out.blit(source, (x - box.x, y - box.y), special_flags=pygame.BLEND_PREMULTIPLIED)
        top, (tx, ty) = pieces[-1]
        return out, (box.x - tx, box.y - ty, top.get_width(), top.get_height())

    def _draw_pieces(self, surface: pygame.Surface | None,
                     pieces: list[tuple[pygame.Surface, tuple[int, int]]] | None) -> None:
        """Blit shadow, glow and card on ``surface``, or list them with their places."""
        sx, sy = self._scales()
        rot = self.rotation % 360.0
        cx, cy = self._pixel_center()
        smooth = self._smooth()
        corner = _corner(self.w, self.h, self.CORNER_RATIO)

        elevation = self.lift + (self.h * self.DRAG_ELEVATION_RATIO if self.dragging else 0.0)
        grow = round(1.0 + 0.5 * elevation / max(1, self.h), 2)  # rounded: cache hits when still
        base = _shadow_base(self.w, self.h, corner)
        shadow = self._transformed("shadow", base, sx * grow, sy * grow, rot, smooth=False,
                                   smooth_scale=smooth)
        offset = max(2.0, self.h * 0.02) + elevation * 0.6
        self._blit(surface, pieces, shadow, cx + offset * 0.3, cy + offset, self.alpha)

        style = "halo"
        if self.highlight is not None:
            color, style = glow_parts(self.highlight)
            base = _glow_base(self.w, self.h, corner, _rgba(color))
            glow = self._transformed("glow", base, sx, sy, rot, smooth=False,
                                     smooth_scale=smooth)
            self._blit(surface, pieces, glow, cx, cy, self.alpha)

        if self.w * sx < 0.5 or self.h * sy < 0.5:
            return  # edge-on in the middle of a flip
        side = _FACE if self.face_up else _BACK
        card = self._transformed("card", self._base(side), sx, sy, rot, smooth)
        self._blit(surface, pieces, card, cx, cy, self.alpha)
        if style != "halo":  # the glow's shape, over the card's edge
            line = _style_image(self.w, self.h, corner, tuple(color), style)
            line = self._transformed("style", line, sx, sy, rot, smooth)
            self._blit(surface, pieces, line, cx, cy, self.alpha)

    @staticmethod
    def _blit(surface: pygame.Surface | None,
              pieces: list[tuple[pygame.Surface, tuple[int, int]]] | None,
              image: pygame.Surface, cx: float, cy: float, alpha: int) -> None:
        w, h = image.get_size()
        at = (_snap(cx - w / 2.0), _snap(cy - h / 2.0))
        if pieces is not None:
            pieces.append((image, at))
            return
        assert surface is not None
        if alpha < 255:
            image = image.copy()  # never touch cached or renderer-owned surfaces
            image.set_alpha(alpha)
        surface.blit(image, at)

    def _base(self, side: str) -> pygame.Surface:
        """The renderer's surface for ``side`` at the current size, asked once per size."""
        renderer = self.face_renderer if side == _FACE else self.back_renderer
        key = (renderer, self.w, self.h)  # swapping a renderer also invalidates
        hit = self._cache_base.get(side)
        if hit is not None and hit[0] == key and not hit[2]:
            return hit[1]  # (a stand-in is asked again: the real surface may be ready)
        image = renderer(self.w, self.h)
        if hit is not None and hit[0] == key and image is hit[1]:
            return image
        stand_in = image in STAND_INS
        if image.get_size() != (self.w, self.h):
            image = pygame.transform.smoothscale(_with_alpha(image), (self.w, self.h))
        self._cache_base[side] = (key, image, stand_in)
        return image

    def _transformed(
        self, kind: str, image: pygame.Surface, sx: float, sy: float, rot: float, smooth: bool,
        smooth_scale: bool | None = None,
    ) -> pygame.Surface:
        """``image`` scaled by (sx, sy) then rotated (antialiased if ``smooth``); identity
        returns it as is. The last result per kind is kept, so still rotated cards (a fanned
        hand) cost a plain blit."""
        scaled = abs(sx - 1.0) > 1e-6 or abs(sy - 1.0) > 1e-6
        rotated = min(rot, 360.0 - rot) > 1e-6
        if not scaled and not rotated:
            return image
        # The source surface itself (not its id) is in the key: ids of freed surfaces get reused.
        smooth_scale = smooth if smooth_scale is None else smooth_scale
        key = (image, round(sx, 4), round(sy, 4), round(rot, 2), smooth, smooth_scale)
        hit = self._cache_xform.get(kind)
        if hit is not None and hit[0] == key:
            return hit[1]
        out = image
        if scaled:
            w, h = image.get_size()
            size = (max(1, round(w * sx)), max(1, round(h * sy)))
            # As with turning: while the size changes every frame (a card turning over), the
            # nearest pixel is invisible and several times faster than a smooth scale.
            scale = pygame.transform.smoothscale if smooth_scale else pygame.transform.scale
            out = scale(_with_alpha(out), size)
        if rotated:
            if abs(rot / 90.0 - round(rot / 90.0)) < 1e-9:
                out = pygame.transform.rotate(out, round(rot))  # lossless quarter turns
            elif smooth:
                out = pygame.transform.rotozoom(_with_alpha(out), rot, 1.0)
            else:
                out = pygame.transform.rotate(_with_alpha(out), rot)
        self._cache_xform[kind] = (key, out)
        return out


def _corner(w: int, h: int, ratio: float) -> int:
    return max(2, round(min(w, h) * ratio))


def _rgba(color: ColorLike) -> tuple[int, int, int, int]:
    c = tuple(int(v) for v in color)
    return c if len(c) == 4 else (*c, 230)  # type: ignore[return-value]


@kept(count=32, megabytes=8)
def _premultiplied(image: pygame.Surface) -> pygame.Surface:
    """``image.premul_alpha()``, kept for the shadows and glows all cards of a size share
    (a deal's first frame bakes forty-eight cards over one shadow)."""
    return image.premul_alpha()


def _blit_pieces(surface: pygame.Surface,
                 pieces: list[tuple[pygame.Surface, tuple[int, int]]]) -> None:
    for image, at in pieces:
        surface.blit(image, at)


#: The last cards baked (``CardSprite.draw``), by shape and the pieces' offsets: a card drawn
#: alike (the same side, size and back) takes the image: backs of a few sizes, a few faces.
_BAKED: dict[tuple, tuple[tuple, pygame.Surface, tuple[int, int, int, int]]] = {}
_BAKED_KEPT = 8
on_clear_all(_BAKED.clear)


# Soft layers depend only on size (and colour): shared by every sprite, blurred once.
@kept(count=16, megabytes=8)
def _shadow_base(w: int, h: int, corner: int) -> pygame.Surface:
    blur = max(2, round(h * 0.04))
    pad = blur * 2
    size = (w + 2 * pad, h + 2 * pad)
    # Blurred at half size and scaled up: as soft, and a quarter of the work (a table's first
    # frame makes one per card size).
    small = pygame.Surface((max(1, size[0] // 2), max(1, size[1] // 2)), pygame.SRCALPHA)
    pygame.draw.rect(small, (0, 0, 0, 120), (pad // 2, pad // 2, w // 2, h // 2),
                     border_radius=max(1, corner // 2))
    return pygame.transform.smoothscale(pygame.transform.gaussian_blur(small, max(1, blur // 2)),
                                        size)


@kept(count=16, megabytes=8)
def _glow_mask(w: int, h: int, corner: int) -> pygame.Surface:
    """The glow's soft ring in white, blurred at half size and scaled up (a quarter of the
    work: a table's first selection made a 5 ms frame); each colour is a tinted copy."""
    spread = max(3, round(min(w, h) * 0.07))
    pad = spread * 2
    size = (w + 2 * pad, h + 2 * pad)
    small = pygame.Surface((max(1, size[0] // 2), max(1, size[1] // 2)), pygame.SRCALPHA)
    ring = pygame.Rect((pad - spread) // 2, (pad - spread) // 2, (w + 2 * spread) // 2,
                       (h + 2 * spread) // 2)
    pygame.draw.rect(small, (255, 255, 255, 255), ring, border_radius=(corner + spread) // 2)
    blurred = pygame.transform.gaussian_blur(small, max(1, (spread // 2 + 1) // 2))
    return pygame.transform.smoothscale(blurred, size)


@kept(count=32, megabytes=8)
def _style_image(w: int, h: int, corner: int, color: tuple[int, ...], style: str
                 ) -> pygame.Surface:
    """A card-sized image of the line of ``style`` in ``color``, edged in ink inside so
    that it shows on a light face too."""
    image = pygame.Surface((w, h), pygame.SRCALPHA)
    width = max(2, round(h * 0.03))
    draw_style(image, image.get_rect(), (28, 24, 22), style, width + max(1, width // 2),
               corner)
    draw_style(image, image.get_rect(), tuple(color[:3]), style, width, corner)
    return image


@kept(count=16, megabytes=8)
def _glow_base(w: int, h: int, corner: int, rgba: tuple[int, int, int, int]) -> pygame.Surface:
    image = _glow_mask(w, h, corner).copy()
    image.fill(rgba, special_flags=pygame.BLEND_RGBA_MULT)
    return image


def warm(w: int, h: int) -> None:
    """Make the soft layers (shadow, glow) of cards of ``w`` x ``h`` now: a table does it
    when laid out, so that a card's first shadow or glow does not cost a frame a blur.

    >>> warm(60, 96); len(_shadow_base.cache) > 0
    True
    """
    corner = _corner(w, h, CardSprite.CORNER_RATIO)
    _shadow_base(w, h, corner)
    _glow_mask(w, h, corner)



def _with_alpha(image: pygame.Surface) -> pygame.Surface:
    """``image`` with per-pixel alpha (rotating an opaque surface would give black corners)."""
    if image.get_flags() & pygame.SRCALPHA:
        return image
    out = pygame.Surface(image.get_size(), pygame.SRCALPHA)
    out.blit(image, (0, 0))
    return out


def draw_order(sprites: Iterable[CardSprite]) -> list[CardSprite]:
    """Sprites bottom-first: by ``z``, dragged cards on top; stable for equal keys."""
    return sorted(sprites, key=lambda s: (s.dragging, s.z))


def draw_sprites(surface: pygame.Surface, sprites: Iterable[CardSprite]) -> None:
    """Draw ``sprites`` in ``draw_order``."""
    for sprite in draw_order(sprites):
        sprite.draw(surface)


def any_animating(sprites: Iterable[CardSprite]) -> bool:
    return any(s.animating for s in sprites)
