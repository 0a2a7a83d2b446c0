"""Font loading: the bundled Noto Sans CJK JP subset (Latin, Cyrillic, kana, the kanji we use).

Fonts are cached per (size, bold). If the bundled file is missing the pygame default font is
used so the program still runs.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

import pygame

from game.logs import get_logger
from sprites.cache import SurfaceCache

#: Package data (pyproject.toml): inside the package, so an installed game has them too.
FONT_DIR = Path(__file__).resolve().parent / "assets" / "fonts"
REGULAR = FONT_DIR / "NotoSansCJKjp-Parlor-Regular.otf"
BOLD = FONT_DIR / "NotoSansCJKjp-Parlor-Bold.otf"

log = get_logger(__name__)


@functools.lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A font of ``size`` pixels; the bold face when ``bold``."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = BOLD if bold else REGULAR
    if path.exists():
        return pygame.font.Font(path, size)
    log.warning("bundled font %s missing; using pygame's default font", path.name)
    f = pygame.font.Font(None, round(size * 1.3))
    f.bold = bold
    return f


#: Rendered text kept: labels, scores and buttons are the same from frame to frame, and
#: ``Font.render`` costs as much as the rest of a menu frame. Bounded by count.
_texts = SurfaceCache(count=1024, megabytes=12)


def text_image(face: pygame.font.Font, text: str, color: Sequence[int]) -> pygame.Surface:
    """``face.render(text, True, color)``, kept: the same arguments give the same surface, so
    it must never be drawn on (copy it first).

    >>> f = font(12)
    >>> text_image(f, "Koi-Koi", (255, 255, 255)) is text_image(f, "Koi-Koi", (255, 255, 255))
    True
    """
    return _texts.get((face, text, tuple(color)), lambda: face.render(text, True, color))
