"""Turn card art into a finished card surface: background, border, rounded corners, paper.

nanosvg cannot clip, so art may spill past the card edge; the rounded outline is cut out
afterwards by multiplying with a per-size layer that carries both the corner mask (alpha)
and the paper texture (RGB). That layer is cached per size, so each card costs one SVG
rasterization plus one blit.

>>> import pygame
>>> card_surface('<circle cx="50" cy="80" r="30" fill="#c00"/>', 40, 64).get_size()
(40, 64)
"""

from __future__ import annotations

import random

import pygame

from sprites.cache import kept

from . import palette as pal
from .svg import fmt, rasterize, rect

ART_W, ART_H = 100.0, 160.0
CORNER = 5.5  # corner radius, in art units (1/100 of the card width)
PAPER_SEED = 0x4A4E41  # fixed: the texture must be identical every run


def view_height(width: int, height: int) -> float:
    """Height of the card in art units, for a card ``width`` x ``height`` pixels."""
    return ART_W * height / width


def corner_radius(width: int) -> float:
    """Corner radius in art units: 5.5 % of the width, at least 3.5 px so small cards still
    read as rounded (and their corner pixels stay clear)."""
    return max(CORNER, 3.5 * ART_W / width)


def border_width(width: int) -> float:
    """The dark rim, in art units: 1.5 % of the card, never thinner than one pixel."""
    return max(1.5, ART_W / width)


def fit_transform(width: int, height: int, art_h: float = ART_H) -> str:
    """Centre a 100 x ``art_h`` drawing on a card of any proportions without distorting it."""
    vh = view_height(width, height)
    if vh >= art_h:
        return f"translate(0 {fmt((vh - art_h) / 2)})"
    s = vh / art_h
    return f"translate({fmt((ART_W - ART_W * s) / 2)} 0) scale({s:.5f})"


def outline(width: int, height: int, colour: str, rim: float | None = None,
            inset: float = 0.0) -> str:
    """The card's rounded rim as a stroke (``inset`` moves it inwards, in art units)."""
    bw = border_width(width) if rim is None else rim
    vh = view_height(width, height)
    off = bw / 2 + inset
    return rect(off, off, ART_W - 2 * off, vh - 2 * off, rx=max(corner_radius(width) - off, 0.5),
                fill="none", stroke=colour, sw=bw)


def card_surface(art: str, width: int, height: int, *, background: str = pal.CREAM,
                 rim: str = pal.INK, defs: str = "", texture: float = 0.07,
                 fit: bool = True, art_h: float = ART_H) -> pygame.Surface:
    """Rasterize ``art`` (drawn in 100 x ``art_h`` space) as a finished card.

    ``fit`` centres the art on cards of other proportions; without it the art is drawn in the
    card's own space (100 wide, ``view_height`` tall). ``texture`` is the paper grain depth.
    """
    vh = view_height(width, height)
    placed = f'<g transform="{fit_transform(width, height, art_h)}">{art}</g>' if fit else art
    body = (rect(-2, -2, ART_W + 4, vh + 4, fill=background) + placed
            + outline(width, height, rim))
    surface = rasterize(body, width, height, ART_W, defs)
    surface.blit(finish_layer(width, height, round(texture * 1000)), (0, 0),
                 special_flags=pygame.BLEND_RGBA_MULT)
    return surface


def _noise(rng: random.Random, width: int, height: int, low: int) -> pygame.Surface:
    """Grey noise with values in ``low``..255, from ``rng`` only (deterministic)."""
    table = bytes(low + (255 - low) * i // 255 for i in range(256))
    grey = rng.randbytes(width * height).translate(table)
    rgb = bytearray(width * height * 3)
    rgb[0::3] = rgb[1::3] = rgb[2::3] = grey
    return pygame.image.frombytes(bytes(rgb), (width, height), "RGB")


@kept(count=64, megabytes=16)
def finish_layer(width: int, height: int, texture_milli: int) -> pygame.Surface:
    """Multiply layer for one size: paper grain and mottling in RGB, the rounded outline in
    alpha. Cached: building it costs more than the card itself at small sizes."""
    layer = pygame.Surface((width, height), pygame.SRCALPHA)
    layer.fill((255, 255, 255, 255))
    if texture_milli:
        rng = random.Random(PAPER_SEED)
        depth = texture_milli / 1000
        mottle = _noise(rng, 9, 14, round(255 * (1 - depth)))
        grain = _noise(rng, max(width // 2, 1), max(height // 2, 1),
                       round(255 * (1 - depth * 0.7)))
        layer.blit(pygame.transform.smoothscale(mottle, (width, height)), (0, 0),
                   special_flags=pygame.BLEND_RGB_MULT)
        layer.blit(pygame.transform.smoothscale(grain, (width, height)), (0, 0),
                   special_flags=pygame.BLEND_RGB_MULT)
    vh = view_height(width, height)
    mask = rasterize(rect(0, 0, ART_W, vh, rx=corner_radius(width), fill="#fff"), width, height,
                     ART_W)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return layer

