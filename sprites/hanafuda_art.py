"""Hanafuda card faces drawn in code: one SVG drawing per card, rasterized at any size.

The drawings live in :mod:`sprites.art` (one module per group of months, shared motifs in
:mod:`sprites.art.motifs`); this module maps card codes to them and renders finished cards.
Use :func:`sprites.faces.hanafuda_face` in the game: it adds caching and the corner badge.

>>> from rules.hanafuda import card
>>> render_hanafuda(card("8B"), 110, 176).get_size()
(110, 176)
"""

from __future__ import annotations

import functools
from typing import Callable

import pygame

from rules.hanafuda import Card
from sprites.art import january_april, may_august, september_december
from sprites.art.frame import card_surface

#: Card code -> function returning the card's SVG art (100 x 160 units).
ART: dict[str, Callable[[], str]] = {
    **january_april.CARDS,
    **may_august.CARDS,
    **september_december.CARDS,
}


@functools.lru_cache(maxsize=None)
def hanafuda_svg(code: str) -> str:
    """The SVG body of one card's art (size independent, so built once per code)."""
    return ART[code]()


def render_hanafuda(card: Card, width: int, height: int) -> pygame.Surface:
    """A fresh, uncached face of ``card`` at ``width`` x ``height`` pixels."""
    return card_surface(hanafuda_svg(card.code), width, height)
