"""``TableScene``: the base of every game's table — Esc opens the pause menu.

A game's table implements ``restart()`` (same deal again) and names its rules reference in
``RULES_PAGE`` (a ``RulesPage`` made from the engine's rules: the setup screen and the menu
make it without a table, ``game.scenes.rules``), or gives ``rules_text()``; the pause menu
offers resume, restart deal, rules reference and quit to menu.
Table factories take ``setup=`` (a ``GameSetup``) and ``demo_moves=`` (screenshots: that many
computer moves are made first, so the picture shows a game in progress), or ``session=`` (a
``game.session.Session``: open that saved game at its position, the cards already in place,
not animated from the deal). A table saves its game with ``Session.start`` when it deals a
new one and ``session.record(engine)`` after every action, undo and redo; ``finish`` when the
game is over and ``leave`` in ``exit`` (leaving is not a loss: Continue resumes it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import pygame

from game.catalog import GAMES
from game.scene import Scene
from game.screens import screen
from game.theme import TABLE_CANVAS, Metrics, metrics_for


def split_table(size: tuple[int, int], metrics: Metrics, narrowest: int, share: float,
                widest: int) -> tuple[pygame.Rect, pygame.Rect]:
    """A table's two areas: the information panel on the right (``share`` of the width, kept
    between ``narrowest`` and ``widest`` design pixels) and the play area left of it.

    >>> panel, play = split_table((1280, 800), Metrics((1280, 800)), 270, 0.24, 340)
    >>> play.right < panel.x and panel.right <= 1280
    True
    """
    m = metrics
    w, h = size
    panel_w = max(m.px(narrowest), min(int(w * share), m.px(widest)))
    panel = pygame.Rect(w - panel_w - m.pad, m.pad, panel_w, h - 2 * m.pad)
    play = pygame.Rect(m.pad, m.pad, panel.x - 2 * m.pad, h - 2 * m.pad)
    return panel, play


@dataclass
class TableAreas:
    """Where a table's things sit, for a window of ``size``: every table has the information
    ``panel`` on the right and the ``play`` area; a game's layout sets ``PANEL`` and places its
    piles in ``arrange`` (pure geometry, no drawing)."""

    size: tuple[int, int]
    m: Metrics = field(init=False)
    #: The panel's narrowest width, share of the window and widest width (design pixels).
    PANEL: ClassVar[tuple[int, float, int]] = (270, 0.24, 340)

    def __post_init__(self) -> None:
        self.m = metrics_for(self.size, TABLE_CANVAS)
        self.panel, self.play = split_table(self.size, self.m, *self.PANEL)
        self.arrange()

    def arrange(self) -> None:
        """Place the game's piles (override)."""


class TableScene(Scene):
    game_id = ""
    CANVAS = TABLE_CANVAS
    #: The game is saved for Continue (False: a screenshot's demo, a watched table).
    saves = True
    #: The rules reference: a page class made from the engine's ``rules`` (None: the
    #: text of ``rules_text``).
    RULES_PAGE: ClassVar[Any] = None

    def __init__(self, setup=None) -> None:
        super().__init__()
        self.setup = setup

    @property
    def title(self) -> str:
        return GAMES[self.game_id].title if self.game_id in GAMES else self.name

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pause()

    def pause(self) -> None:
        self.host.push(screen("pause", self))

    @property
    def in_progress(self) -> bool:
        """A move has been made: leaving or restarting asks first (override)."""
        return True

    def restart(self) -> None:
        """Deal the same deal again (override)."""

    def rules_scene(self) -> Scene:
        """The rules reference the pause menu opens."""
        if self.RULES_PAGE is not None:
            return self.RULES_PAGE(getattr(self, "rules", None))
        return screen("rules", self.title, self.rules_text())

    def rules_text(self) -> str:
        """The rules reference (override with the game's yaku table and active options)."""
        return GAMES[self.game_id].summary if self.game_id in GAMES else ""
