"""The font the card art writes its badges in, given from above: the art is below the program
and imports none of it, so the program hands over its bundled bold face (``game.fonts`` calls
``use_badge_font`` as it loads); until then, pygame's own font.

>>> import pygame; pygame.font.init()
>>> badge_font(12).get_height() > 0
True
"""

from __future__ import annotations

from typing import Callable

import pygame


def _default(size: int) -> pygame.font.Font:
    return pygame.font.Font(None, round(size * 1.3))


_badge: Callable[[int], pygame.font.Font] = _default


def use_badge_font(font: Callable[[int], pygame.font.Font]) -> None:
    """Write the badges in ``font(size)``: a bold font of ``size`` pixels."""
    global _badge
    _badge = font


def badge_font(size: int) -> pygame.font.Font:
    """The bold font of ``size`` pixels the badges are written in."""
    if not pygame.font.get_init():
        pygame.font.init()
    return _badge(size)
