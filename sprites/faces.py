"""Card faces and backs for the game: the public entry points, with caching.

Every function returns a cached ``pygame.Surface`` (per-pixel alpha, transparent rounded
corners): the same arguments give the *same object*, so callers must never draw on or
otherwise mutate a returned surface (copy it first). No display mode is needed; when one
exists the surfaces are converted to its format for fast blitting.

Example::

    from rules.hanafuda import card
    from sprites.faces import card_back, hanafuda_face

    face = hanafuda_face(card("8B"), 110)            # 110 x 176 px
    badge = hanafuda_face(card("8B"), 110, badge=True)
    back = card_back("black", 110, 176)

The sprite machinery takes renderers, callables ``(width, height) -> Surface``:
:func:`face_renderer` and :func:`back_renderer`.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from typing import Callable, Hashable, NamedTuple, Union

import pygame

from rules import hanafuda, western
from sprites.backs import BACK_LABELS, BACK_STYLES, render_back
from sprites.cache import STAND_INS, SurfaceCache, on_clear_all
from sprites.fonts import badge_font, badge_letter, on_badge_letters
from sprites.card_ratios import HANAFUDA_RATIO, WESTERN_RATIO
from sprites.hanafuda_art import render_hanafuda
from sprites.western_art import render_western

__all__ = [
    "HANAFUDA_RATIO", "WESTERN_RATIO", "BACK_STYLES", "BACK_LABELS", "hanafuda_face",
    "western_face", "card_back", "face_renderer", "back_renderer", "clear_cache",
]

MAX_SIDE = 4096  # px; larger requests are a bug, not a card
#: The face cache's bounds: least recently used surfaces go first, and all the faces of the
#: least recently used size go when a size beyond ``CACHE_SIZES`` comes (a window resized
#: often would otherwise fill the bytes with sizes no longer shown).
CACHE_LIMIT_BYTES = 48 * 1024 * 1024
CACHE_SIZES = 12
#: A face at least this many times as wide as the one asked for is scaled down to make it
#: (0.05 ms, against 4-20 ms to rasterize the drawing): from 1.5 times the size, the smooth
#: scale is as sharp as the drawing rasterized small, and a table's capture piles (half its
#: field's size) cost no rendering. Closer sizes are rasterized: a 0.9 scale would blur.
DERIVE_FROM = 1.5

Renderer = Callable[[int, int], pygame.Surface]

_cache: SurfaceCache[pygame.Surface] = SurfaceCache(
    count=100_000, megabytes=CACHE_LIMIT_BYTES / (1 << 20))
_sizes: OrderedDict[tuple[int, int], set[Hashable]] = OrderedDict()
#: Faces scaled from another size, kept until the real one is stored (then forgotten).
_stand_ins: dict[tuple, pygame.Surface] = {}  # by the face's key
#: Each face's and back's seed: a small copy (``SEED_WIDTH`` wide) made when it is first kept
#: and kept through ``clear_cache`` (a resize empties the cache): a stand-in is scaled from it
#: when no other size of the face is cached, so the first frame at a new window size
#: rasterizes no face (a table's hundred faces: 0.1 ms each scaled against 2-15 ms each
#: rasterized) while the warmer renders the real ones. Keyed by the face's key without its
#: size; some 5 MB for two decks with and without badges.
_seeds: dict[tuple, pygame.Surface] = {}
SEED_WIDTH = 96
#: A back with no size of it cached and no seed yet (a table's first frame) is first drawn at
#: this width and scaled up, its seed; the warmer renders the real one (a black back 132 px
#: wide took 2.5 ms on the frame, 60 px wide 0.7 ms).
FIRST_BACK_WIDTH = 60

# Badge kind letters and colours; blue ribbons get a blue R.
_BADGE_KINDS = {
    hanafuda.Kind.BRIGHT: (255, 205, 70),
    hanafuda.Kind.ANIMAL: (130, 205, 110),
    hanafuda.Kind.RIBBON: (255, 120, 100),
    hanafuda.Kind.CHAFF: (205, 200, 190),
}
_BLUE_RIBBONS = {"6R", "9R", "10R"}
def _drop_badge_faces() -> None:
    """The badges' words changed (``sprites.fonts.use_badge_letters``): faces drawn with the
    old ones go."""
    for key in list(_cache.keys()):
        if isinstance(key, tuple) and len(key) == 5 and key[4] is True:
            _cache.discard(key)
    for key in [k for k in _stand_ins if k[0] == "hanafuda" and k[4]]:
        del _stand_ins[key]
    for key in [k for k in _seeds if k[0] == "hanafuda" and k[2] is True]:
        del _seeds[key]


on_badge_letters(_drop_badge_faces)


def _badge_letter(kind: hanafuda.Kind) -> str:
    return badge_letter(kind.value)


def hanafuda_size(width: float) -> tuple[int, int]:
    """A hanafuda card's size for ``width`` pixels (at least 8 wide), in the card's proportions.

    >>> hanafuda_size(100)
    (100, 160)
    """
    w = max(8, round(width))
    return w, round(w * HANAFUDA_RATIO)


def _side(name: str, value: object) -> int:
    """``value`` as a pixel count, or ValueError naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"card {name} must be a number of pixels, got {value!r}")
    if not 1 <= value <= MAX_SIDE:
        raise ValueError(f"card {name} must be between 1 and {MAX_SIDE} px, got {value!r}")
    return round(value)


def _size(width: int, height: int | None, ratio: float) -> tuple[int, int]:
    w = _side("width", width)
    return w, (max(round(w * ratio), 1) if height is None else _side("height", height))


def _cached(key: tuple, make: Callable[[], pygame.Surface],
            size: tuple[int, int]) -> pygame.Surface:
    """The cached surface for ``key`` (a face or back of ``size``), made on a miss."""
    surface = _cache.peek(key)
    if surface is not None:
        _sizes.move_to_end(size)
        return _cache.get(key, make)
    return _store(key, make(), size)


def _store(key: tuple, surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Keep ``surface`` (display-converted) for ``key``; drop the oldest size if too many."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surface = surface.convert_alpha()
    _stand_ins.pop(key, None)
    _seed(key, surface)
    _sizes.setdefault(size, set()).add(key)
    _sizes.move_to_end(size)
    while len(_sizes) > CACHE_SIZES:
        _, keys = _sizes.popitem(last=False)
        for old in keys:
            _cache.discard(old)
    return _cache.put(key, surface)


def _unsized(key: tuple) -> tuple:
    """A face's key without its size (``_seeds``'): ("hanafuda", code, badge), ("western",
    card), ("back", style)."""
    return (key[0], key[1], *key[4:])


def _seed(key: tuple, surface: pygame.Surface) -> None:
    """Keep a small copy of ``surface`` as its face's seed, unless one is kept (from a face
    at least ``SEED_WIDTH`` wide)."""
    unsized = _unsized(key)
    seed = _seeds.get(unsized)
    w, h = surface.get_size()
    if seed is not None and (seed.get_width() >= SEED_WIDTH or seed.get_width() >= w):
        return
    if w > SEED_WIDTH:
        surface = pygame.transform.smoothscale(surface, (SEED_WIDTH, max(1, round(
            h * SEED_WIDTH / w))))
    _seeds[unsized] = surface


def _stand_in(key: tuple) -> pygame.Surface | None:
    """A stand-in for the face ``key`` (not cached): scaled from the cached size of it
    nearest in width, else from its seed; None when there is neither."""
    w, h = key[2], key[3]
    kept = _stand_ins.get(key)
    if kept is not None:
        return kept
    near = _nearest(key[:2], key[4] if len(key) > 4 else None, (w, h))
    if near is None:
        near = _seeds.get(_unsized(key))
        if near is None:
            return None
    image = pygame.transform.smoothscale(near, (w, h))
    STAND_INS.add(image)
    _stand_ins[key] = image
    return image


def forget_seeds() -> None:
    """Let the seeds go too (tests: a face never made has none)."""
    _seeds.clear()


@on_clear_all
def clear_cache() -> None:
    """Forget every rendered face and back (e.g. after a display mode change)."""
    _cache.clear()
    _sizes.clear()
    _stand_ins.clear()


def cache_figures() -> tuple[int, int, int]:
    """(surfaces, bytes, sizes) in the face cache now (benchmarks, tests)."""
    return len(_cache), _cache.bytes, len(_sizes)


def hanafuda_face(card: hanafuda.Card, width: int, height: int | None = None, *,
                  badge: bool = False, stand_in: bool = False) -> pygame.Surface:
    """The face of a hanafuda ``card``; ``height`` defaults to ``width * HANAFUDA_RATIO``.

    ``badge`` adds a corner badge with the month and kind (B, A, R, C) for new players.
    ``stand_in``: when this size is not rendered yet but another is, that one scaled (not
    kept, marked in ``sprites.cache.STAND_INS``) rather than rendering now, on the frame.
    """
    if not isinstance(card, hanafuda.Card):
        raise ValueError(f"not a hanafuda card: {card!r}")
    w, h = _size(width, height, HANAFUDA_RATIO)
    if stand_in and ("hanafuda", card.code, w, h, badge) not in _cache \
            and _larger(card.code, w, h) is None:
        # scaled from another size (or the seed) while the real one is made
        image = _stand_in(("hanafuda", card.code, w, h, badge))
        if image is not None:
            return image
    if badge:
        return _cached(("hanafuda", card.code, w, h, True),
                       lambda: _with_badge(hanafuda_face(card, w, h), card), (w, h))
    return _cached(("hanafuda", card.code, w, h, False), lambda: _make_hanafuda(card, w, h),
                   (w, h))


def can_scale_down(source: tuple[int, int], size: tuple[int, int]) -> bool:
    """May a face of ``size`` be scaled down from one of ``source`` (``DERIVE_FROM``)?

    >>> can_scale_down((102, 163), (61, 98)), can_scale_down((113, 181), (102, 163))
    (True, False)
    """
    return source[0] >= size[0] * DERIVE_FROM and source[1] >= size[1] * DERIVE_FROM


def _make_hanafuda(card: hanafuda.Card, w: int, h: int) -> pygame.Surface:
    """A new face: scaled down from a cached larger one (``DERIVE_FROM``), else rendered."""
    source = _larger(card.code, w, h)
    if source is None:
        return render_hanafuda(card, w, h)
    return pygame.transform.smoothscale(source, (w, h))


def _larger(code: str, w: int, h: int) -> pygame.Surface | None:
    """The smallest cached face of card ``code`` (no badge) that ``w`` x ``h`` may be scaled
    down from (``DERIVE_FROM``), or None."""
    best: pygame.Surface | None = None
    for sw, sh in list(_sizes):  # (a copy: a helper thread asks too)
        if can_scale_down((sw, sh), (w, h)) and (best is None or sw < best.get_width()):
            best = _cache.peek(("hanafuda", code, sw, sh, False)) or best
    return best


def _nearest(kind: tuple[str, str], badge: bool | None,
             size: tuple[int, int]) -> pygame.Surface | None:
    """The cached face of ``kind`` (with or without badge; None: a kind with no badges)
    nearest in width to ``size``."""
    best: tuple[int, pygame.Surface] | None = None
    for key in _cache.keys():
        if key[:2] == kind and (badge is None or key[4] == badge):  # type: ignore[index]
            surface = _cache.peek(key)
            if surface is not None:
                gap = abs(surface.get_width() - size[0])
                if best is None or gap < best[0]:
                    best = (gap, surface)
    return None if best is None else best[1]


def store_hanafuda(card: hanafuda.Card, width: int, height: int,
                   surface: pygame.Surface) -> None:
    """Keep a face rendered elsewhere (``render_hanafuda`` on a helper thread) in the cache."""
    _store(("hanafuda", card.code, width, height, False), surface, (width, height))


def hanafuda_face_cached(card: hanafuda.Card, width: int, height: int | None = None, *,
                         badge: bool = False, exact: bool = False) -> bool:
    """Is this face rendered already, or can it be scaled down from one that is
    (``hanafuda_face`` would return at once)? Scenes warm the cache a few faces a frame so
    that a first deal does not stall a frame. ``exact``: made at this size already (a
    page of forty small faces scaled in one frame would stall it).

    >>> from rules.hanafuda import card
    >>> _ = hanafuda_face(card("1B"), 40)
    >>> hanafuda_face_cached(card("1B"), 40), hanafuda_face_cached(card("1B"), 20)
    (True, True)
    >>> hanafuda_face_cached(card("1B"), 30)        # too close to 40 to scale: rendered
    False
    >>> hanafuda_face_cached(card("1B"), 20, exact=True)
    False
    """
    w, h = _size(width, height, HANAFUDA_RATIO)
    return ("hanafuda", card.code, w, h, bool(badge)) in _cache \
        or not exact and _larger(card.code, w, h) is not None


def western_face(card: western.Card, width: int, height: int | None = None, *,
                 stand_in: bool = False) -> pygame.Surface:
    """The face of a western ``card`` (jokers included); ``height`` defaults to
    ``width * WESTERN_RATIO``; ``stand_in`` as in ``hanafuda_face``."""
    if not isinstance(card, western.Card):
        raise ValueError(f"not a western card: {card!r}")
    w, h = _size(width, height, WESTERN_RATIO)
    key = ("western", str(card), w, h)
    if stand_in and key not in _cache:
        image = _stand_in(key)
        if image is not None:
            return image
    return _cached(key, lambda: render_western(card, w, h), (w, h))


# Either deck's faces, for what renders them ahead (``game.table.caches.FaceWarmer``) -----------
class Back(NamedTuple):
    """A card back of ``style``, rendered ahead as a face is (``face``, ``render_face``).

    >>> face_cached(Back("black"), 31, 47), face(Back("black"), 31, 47).get_size()
    (False, (31, 47))
    >>> face_cached(Back("black"), 31, 47)
    True
    """

    style: str


Shown = Union[hanafuda.Card, western.Card, Back]


def face(card: Shown, width: int, height: int, *, badge: bool = False) -> pygame.Surface:
    """``hanafuda_face``, ``western_face`` (which has no badge) or ``card_back``, by what
    ``card`` is."""
    if isinstance(card, Back):
        return card_back(card.style, width, height)
    if isinstance(card, western.Card):
        return western_face(card, width, height)
    return hanafuda_face(card, width, height, badge=badge)


def face_cached(card: Shown, width: int, height: int, *, badge: bool = False,
                exact: bool = False) -> bool:
    """Would ``face`` return at once (rendered, or scaled down from a rendered face; with
    ``exact``, made at this size)?

    >>> from rules.western import parse_card
    >>> face_cached(parse_card("QH"), 30, 42)
    False
    >>> _ = face(parse_card("QH"), 30, 42); face_cached(parse_card("QH"), 30, 42)
    True
    """
    if isinstance(card, Back):
        return ("back", card.style, width, height) in _cache
    if isinstance(card, western.Card):
        return ("western", str(card), width, height) in _cache
    return hanafuda_face_cached(card, width, height, badge=badge, exact=exact)


def render_face(card: Shown, width: int, height: int) -> pygame.Surface:
    """A fresh, uncached face (no badge) or back: safe on a helper thread."""
    if isinstance(card, Back):
        return render_back(card.style, width, height)
    if isinstance(card, western.Card):
        return render_western(card, width, height)
    return render_hanafuda(card, width, height)


def store_face(card: Shown, width: int, height: int, surface: pygame.Surface) -> None:
    """Keep a face or back ``render_face`` made elsewhere (on a helper thread) in the cache."""
    if isinstance(card, Back):
        _store(("back", card.style, width, height), surface, (width, height))
    elif isinstance(card, western.Card):
        _store(("western", str(card), width, height), surface, (width, height))
    else:
        store_hanafuda(card, width, height, surface)


def card_back(style: str, width: int, height: int, *, stand_in: bool = False) -> pygame.Surface:
    """A card back in one of :data:`BACK_STYLES` (labels for menus in :data:`BACK_LABELS`);
    ``stand_in`` as in ``hanafuda_face``."""
    if style not in BACK_STYLES:
        raise ValueError(f"unknown card back style: {style!r} (expected one of "
                         f"{', '.join(BACK_STYLES)})")
    w, h = _side("width", width), _side("height", height)
    key = ("back", style, w, h)
    if stand_in and key not in _cache:
        image = _stand_in(key)
        if image is None and w > FIRST_BACK_WIDTH:  # the first of this back: a small one
            small = round(h * FIRST_BACK_WIDTH / w)
            _seed(key, render_back(style, FIRST_BACK_WIDTH, max(1, small)))
            image = _stand_in(key)
        if image is not None:
            return image
    return _cached(key, lambda: render_back(style, w, h), (w, h))


def face_renderer(card: hanafuda.Card | western.Card, *, badge: bool = False,
                  stand_in: bool = False) -> Renderer:
    """A ``(width, height) -> Surface`` renderer for ``card``'s face (either deck);
    ``stand_in`` as in ``hanafuda_face``."""
    if isinstance(card, hanafuda.Card):
        return functools.partial(hanafuda_face, card, badge=badge, stand_in=stand_in)
    if isinstance(card, western.Card):
        return functools.partial(western_face, card, stand_in=stand_in)
    raise ValueError(f"not a card: {card!r}")


def back_renderer(style: str, *, stand_in: bool = False) -> Renderer:
    """A ``(width, height) -> Surface`` renderer for the back ``style``; ``stand_in`` as in
    ``hanafuda_face``."""
    if style not in BACK_STYLES:
        raise ValueError(f"unknown card back style: {style!r} (expected one of "
                         f"{', '.join(BACK_STYLES)})")
    return functools.partial(card_back, style, stand_in=stand_in)


def _with_badge(face: pygame.Surface, card: hanafuda.Card) -> pygame.Surface:
    """A copy of ``face`` with a dark rounded badge "<month><kind>" in its top-left corner."""
    out = face.copy()
    w = out.get_width()
    size = max(10, round(w * 0.14))
    font = badge_font(size)
    colour = (120, 175, 255) if card.code in _BLUE_RIBBONS else _BADGE_KINDS[card.kind]
    number = font.render(str(card.month), True, (255, 255, 255))
    letter = font.render(_badge_letter(card.kind), True, colour)
    pad, padx = max(2, size // 4), max(3, size // 3)
    bw, bh = number.get_width() + letter.get_width() + padx * 2 + 1, size + pad
    badge = pygame.Surface((bw, bh), pygame.SRCALPHA)
    pygame.draw.rect(badge, (22, 20, 20, 225), badge.get_rect(), border_radius=bh // 3)
    pygame.draw.rect(badge, (255, 255, 255, 90), badge.get_rect(), width=1,
                     border_radius=bh // 3)
    ty = (bh - number.get_height()) // 2
    badge.blit(number, (padx, ty))
    badge.blit(letter, (padx + number.get_width() + 1, ty))
    inset = max(2, round(w * 0.035))
    out.blit(badge, (inset, inset))
    return out
