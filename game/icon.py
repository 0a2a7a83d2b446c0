"""The window's icon: the title menu's vermilion seal, with a plum blossom in cream.

Drawn by the program like every other picture (no image file), and given to the window
before it opens: pygame would otherwise load its own default icon from its package as the
window opens (the import of its resource readers and a bitmap: some milliseconds of the
start-up, for a picture the player never sees).

>>> import pygame
>>> icon = window_icon(64)
>>> icon.get_size(), icon.get_flags() & pygame.SRCALPHA != 0
((64, 64), True)
>>> icon.get_at((32, 32))[:3] == theme.VERMILION, icon.get_at((0, 0)).a  # centre; corner
(True, 0)
"""

from __future__ import annotations

import math

import pygame

from game import theme

#: Drawn this many times larger, then smoothed down: pygame's shapes have no antialiasing.
_OVERSAMPLE = 4


def window_icon(size: int = 64) -> pygame.Surface:
    """The icon, ``size`` pixels square, with per-pixel alpha (its corners are rounded)."""
    big = size * _OVERSAMPLE
    image = pygame.Surface((big, big), pygame.SRCALPHA)
    u = big / 64.0  # one unit of the 64-pixel design
    seal = pygame.Rect(0, 0, big, big).inflate(-round(4 * u), -round(4 * u))
    pygame.draw.rect(image, theme.VERMILION, seal, border_radius=round(10 * u))
    pygame.draw.rect(image, theme.CREAM, seal.inflate(-round(8 * u), -round(8 * u)),
                     max(1, round(2.5 * u)), border_radius=round(7 * u))
    # A plum blossom: five petals round a vermilion heart.
    cx, cy = big / 2.0, big / 2.0
    for i in range(5):
        angle = math.radians(-90 + 72 * i)
        petal = (round(cx + 9.5 * u * math.cos(angle)), round(cy + 9.5 * u * math.sin(angle)))
        pygame.draw.circle(image, theme.CREAM, petal, round(7.5 * u))
    pygame.draw.circle(image, theme.CREAM, (round(cx), round(cy)), round(8 * u))
    pygame.draw.circle(image, theme.VERMILION, (round(cx), round(cy)), round(3.5 * u))
    return pygame.transform.smoothscale(image, (size, size))
