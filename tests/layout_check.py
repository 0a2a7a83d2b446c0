"""The layout check: what a page, a menu or a dialog must be at every window size, interface
size and language (issue 38), as a list of faults in words, empty when the scene is right.

- every widget drawn inside the window;
- no two widgets over each other (a button under a label, or a click that lands on another
  button than the one seen), panels and scroll lists aside (they hold the others);
- no text cut: each widget's own ``cut()`` (a label's lines below its box, a button's
  subtitle left out);
- no text that carries information below ``theme.MIN_TEXT`` design pixels at 100%: every
  text the scene renders (``game.fonts.text_image``), its caches emptied first so that all of
  it is drawn again, is at least ``Metrics.least_text``.
"""

from __future__ import annotations

import itertools
from typing import Any

import pygame

from game import fonts, theme
from game.widgets import Panel, ScrollList
from sprites import cache

def visible_widgets(scene: Any) -> list[Any]:
    """Top-level widgets plus the children of scroll lists that are inside their viewport."""
    out = []
    for w in scene.widgets:
        if isinstance(w, Panel) or not getattr(w, "visible", True):
            continue
        if isinstance(w, ScrollList):
            out.extend(c for c in w.children if w.rect.contains(c.rect)
                       and getattr(c, "visible", True))
            out.append(w)
        else:
            out.append(w)
    return out


def _name(w: Any) -> str:
    return repr(getattr(w, "text", "") or type(w).__name__)[:40]


def texts_drawn(scene: Any, surface: pygame.Surface) -> list[tuple[str, int]]:
    """Every text ``scene.draw`` renders (its caches emptied first) and its size in pixels."""
    seen: list[tuple[str, int]] = []
    get = fonts._texts.get

    def recording(key: Any, make: Any) -> Any:
        face, text, _colour = key
        if text.strip():
            seen.append((text, face.point_size))
        return get(key, make)
    cache.clear_all()
    fonts._texts.get = recording  # type: ignore[method-assign]
    try:
        scene.draw(surface)
    finally:
        del fonts._texts.get
    return seen


def faults(scene: Any, surface: pygame.Surface) -> list[str]:
    """What is wrong with ``scene`` laid out on ``surface`` (see the module docstring)."""
    size = surface.get_size()
    screen = pygame.Rect(0, 0, *size)
    widgets = visible_widgets(scene)
    found = []
    for w in widgets:
        if not screen.contains(w.rect):
            found.append(f"{_name(w)} at {tuple(w.rect)} leaves the window")
    leaves = [w for w in widgets if not isinstance(w, ScrollList)]
    for a, b in itertools.combinations(leaves, 2):
        if a.rect.colliderect(b.rect):
            found.append(f"{_name(a)} at {tuple(a.rect)} overlaps {_name(b)} at {tuple(b.rect)}")
    for w in leaves:
        cut = w.cut()
        if cut:
            found.append(f"{_name(w)} is cut: {cut}")
    metrics = theme.metrics_for(size, getattr(scene, "CANVAS", theme.PAGE_CANVAS))
    least = metrics.least_text
    for text, px in texts_drawn(scene, surface):
        if px < least:
            found.append(f"{text[:40]!r} in {px} px (at least {least})")
    return sorted(set(found))
