"""Font loading: the bundled Noto Sans CJK JP subset (Latin, Cyrillic, kana, the kanji we use).

Fonts are kept per (size, bold), a few dozen at most (``_fonts``: each open font holds its file
and glyphs, some 300 KB, and a window resized often asks for every size in turn). If the
bundled file is missing the pygame default font is used so the program still runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame

from game.i18n import _, on_change
from game.logs import get_logger
from sprites.cache import SurfaceCache
from sprites.fonts import use_badge_font, use_badge_letters

#: Package data (pyproject.toml): inside the package, so an installed game has them too.
FONT_DIR = Path(__file__).resolve().parent / "assets" / "fonts"
REGULAR = FONT_DIR / "NotoSansCJKjp-Parlor-Regular.otf"
BOLD = FONT_DIR / "NotoSansCJKjp-Parlor-Bold.otf"

log = get_logger(__name__)


#: What an open font holds, by measure (its file read in, FreeType's face and glyph cache):
#: ``_fonts`` counts it so in the budget of the caches of drawings.
FONT_BYTES = 300_000
#: The fonts open: one window's layout uses a dozen or two sizes. Kept through a resize
#: (``cleared=False``): the next size's layout asks for many of them again, and opening one
#: costs its first frame 0.5 ms.
_fonts: SurfaceCache[pygame.font.Font] = SurfaceCache(count=32, megabytes=10,
                                                      measure=lambda _font: FONT_BYTES,
                                                      cleared=False)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A font of ``size`` pixels; the bold face when ``bold``. Kept: the same arguments give
    the same font while it is kept.

    >>> font(14) is font(14), font(14).get_height() > 0
    (True, True)
    """
    return _fonts.get((size, bold), lambda: _open(size, bold))


def _open(size: int, bold: bool) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    path = BOLD if bold else REGULAR
    if path.exists():
        return pygame.font.Font(path, size)
    log.warning("bundled font %s missing; using pygame's default font", path.name)
    f = pygame.font.Font(None, round(size * 1.3))
    f.bold = bold
    return f


use_badge_font(lambda size: font(size, True))  # (the art's badges in the same face)


def _badge_letters() -> None:
    """The card badges' words for the kinds in the player's language (the art's are B, A,
    R and C)."""
    # (one short word each, written after the month: 8B, 9A, 9R, 9C)
    use_badge_letters({"B": _("B"), "A": _("A"), "R": _("R"), "C": _("C")})


_badge_letters()
on_change(_badge_letters)


#: Rendered text kept: labels, scores and buttons are the same from frame to frame, and
#: ``Font.render`` costs as much as the rest of a menu frame. Bounded by count and bytes.
_texts: SurfaceCache[pygame.Surface] = SurfaceCache(count=1024, megabytes=12)


def text_image(face: pygame.font.Font, text: str, color: Sequence[int]) -> pygame.Surface:
    """``face.render(text, True, color)``, kept: the same arguments give the same surface, so
    it must never be drawn on (copy it first).

    >>> f = font(12)
    >>> text_image(f, "Koi-Koi", (255, 255, 255)) is text_image(f, "Koi-Koi", (255, 255, 255))
    True
    """
    return _texts.get((face, text, tuple(color)), lambda: face.render(text, True, color))
