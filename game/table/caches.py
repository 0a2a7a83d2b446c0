"""What a table renders ahead and keeps: card faces warmed a few a frame, and layers that do
not change between frames (felt, panel frames, labels) drawn once.

Rasterizing a card face takes a few milliseconds, so a deal that turns sixteen cold faces at
once would stall a frame; ``FaceWarmer`` renders the faces a table will show, in the order it
will show them, within a small time budget each frame, and a table's deal waits (``ready``)
until the faces it turns up are in the cache.

>>> from rules.hanafuda import DECK
>>> w = FaceWarmer(budget=1.0)
>>> w.plan([(c, (20, 32), False) for c in DECK[:3]])
>>> w.ready([(DECK[0], (20, 32), False)]), w.step(), w.done
(False, 3, True)
>>> w.ready([(DECK[0], (20, 32), False)])
True
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import Any

import pygame

from rules.hanafuda import Card
from sprites import faces

#: A face to render: the card, its size, with or without the month-and-kind badge.
Face = tuple[Card, tuple[int, int], bool]


class FaceWarmer:
    """Renders planned card faces, a few each frame (``step``), never all in one frame."""

    def __init__(self, budget: float = 0.004) -> None:
        self.budget = budget
        self._todo: deque[Face] = deque()

    def plan(self, todo: Iterable[Face]) -> None:
        """Replace the plan: ``todo`` in the order the faces are needed (repeats are fine)."""
        self._todo = deque(todo)

    def step(self) -> int:
        """Render planned faces until the frame's budget is spent; returns how many. At least
        one is rendered per call, so the plan always finishes."""
        start = time.perf_counter()
        made = 0
        while self._todo:
            c, (w, h), badge = self._todo.popleft()
            if faces.hanafuda_face_cached(c, w, h, badge=badge):
                continue
            faces.hanafuda_face(c, w, h, badge=badge)
            made += 1
            if time.perf_counter() - start > self.budget:
                break
        return made

    @property
    def done(self) -> bool:
        return not self._todo

    @staticmethod
    def ready(needed: Iterable[Face]) -> bool:
        """Are these faces in the cache (showing them costs no rendering)?"""
        return all(faces.hanafuda_face_cached(c, w, h, badge=b) for c, (w, h), b in needed)


class Layers:
    """Surfaces kept between frames, each redrawn only when its key changes (a new window
    size, a display setting, a score on the panel ...).

    >>> layers = Layers(); calls = []
    >>> paint = lambda s: calls.append(s.get_size())
    >>> _ = layers.get("felt", ("1280x800",), (4, 3), paint)
    >>> _ = layers.get("felt", ("1280x800",), (4, 3), paint); calls
    [(4, 3)]
    """

    def __init__(self) -> None:
        self._kept: dict[str, tuple[Hashable, pygame.Surface]] = {}

    def get(self, name: str, key: Hashable, size: tuple[int, int],
            paint: Callable[[pygame.Surface], Any], alpha: bool = False) -> pygame.Surface:
        """The layer ``name`` for ``key``: kept, or painted by ``paint(surface)`` now."""
        hit = self._kept.get(name)
        if hit is not None and hit[0] == key:
            return hit[1]
        surface = pygame.Surface(size, pygame.SRCALPHA if alpha else 0)
        paint(surface)
        self._kept[name] = (key, surface)
        return surface

    def clear(self) -> None:
        self._kept.clear()
