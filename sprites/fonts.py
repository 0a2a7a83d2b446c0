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


#: The badges' words for the kinds, by the kind's letter (``use_badge_letters``), and what
#: to call when they change (the faces drawn with the old ones are dropped).
_letters: dict[str, str] = {}
_on_letters: list[Callable[[], None]] = []


def use_badge_letters(letters: dict[str, str]) -> None:
    """Write each kind on the badges as ``letters[kind letter]`` ("B", "A", "R", "C"; a
    kind not given keeps its letter): Japanese players read 光, not B.

    >>> use_badge_letters({"B": "光"}); badge_letter("B"), badge_letter("A")
    ('光', 'A')
    >>> use_badge_letters({})
    """
    if letters == _letters:
        return
    _letters.clear()
    _letters.update(letters)
    for changed in _on_letters:
        changed()


def badge_letter(kind: str) -> str:
    """The badge's word for the kind whose letter is ``kind``."""
    return _letters.get(kind, kind)


def on_badge_letters(changed: Callable[[], None]) -> None:
    """Call ``changed()`` whenever the badges' words change."""
    _on_letters.append(changed)


def badge_font(size: int) -> pygame.font.Font:
    """The bold font of ``size`` pixels the badges are written in."""
    if not pygame.font.get_init():
        pygame.font.init()
    return _badge(size)
