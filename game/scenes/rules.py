"""The rules reference away from a table: ``rules_reference`` makes a game's page from its
setup (the options chosen, the seats), with no table and no game in progress; the setup
screen's Rules reference button opens it, and the menu's Rules opens ``RulesChooser``, a
list of the games (each page with the options last chosen on its setup screen).

>>> from game.setups import default_setup
>>> rules_reference("koikoi", default_setup("koikoi", 1)).name
'koikoi-rules'
"""

from __future__ import annotations

import dataclasses

import pygame

from game import theme
from game.catalog import GAMES
from game.i18n import _
from game.scene import Scene
from game.widgets.scene import WidgetScene
from game.widgets.dialog import not_available
from game.setups import GameSetup, remembered_setup
from game.widgets import Button, Label, Panel, Widget


def rules_reference(game_id: str, setup: GameSetup | None = None) -> Scene:
    """``game_id``'s rules reference for ``setup`` (default: the setup screen's last
    choices): its table's ``RULES_PAGE`` made from the rules a game of that setup plays by
    (the engine is dealt and dropped: its options are the game's own check of them)."""
    info = GAMES[game_id]
    table = info.table_factory()
    if table is None:
        return not_available(info.title)
    setup = setup if setup is not None else remembered_setup(game_id)
    page = getattr(table, "RULES_PAGE", None)
    if page is None:
        from game.scenes.pause import RulesScene
        return RulesScene(info.title, info.summary)
    # (Deal 1, whatever the deal number field holds now: the deal is not what is shown.)
    engine = info.new_engine(dataclasses.replace(setup, seed=1))
    return page(getattr(engine, "rules", None))


class RulesChooser(WidgetScene):
    """The menu's Rules: a button per game, each opening its rules reference; Back."""

    name = "rules-chooser"
    opaque = False
    dim_below = 150
    backdrop = False

    def build(self) -> list[Widget]:
        self.panel = Panel()
        self.heading = Label(_("Rules reference"), role="title", align="center",
                             color=theme.GOLD)
        self.buttons = [Button(info.title, self._open(gid)) for gid, info in GAMES.items()]
        self.buttons.append(Button(_("Back"), self.back, primary=True))
        return [self.panel, self.heading, *self.buttons]

    def _open(self, game_id: str):
        def open_() -> None:
            self.host.push(rules_reference(game_id))
        return open_

    def arrange(self, size: tuple[int, int]) -> None:
        m = self.metrics
        pw = min(size[0] - 2 * m.pad, m.px(460))
        self.heading.metrics = m
        head_h = self.heading.preferred_height(pw - 2 * m.px(28)) + m.gap
        row = min(m.row_height, (size[1] - 2 * m.pad - m.px(48) - head_h) // len(self.buttons)
                  - m.px(6))
        ph = m.px(48) + head_h + len(self.buttons) * (row + m.px(6))
        self.panel.place(pygame.Rect((size[0] - pw) // 2, (size[1] - ph) // 2, pw, ph), m)
        inner = self.panel.rect.inflate(-2 * m.px(28), -2 * m.px(24))
        self.heading.place(pygame.Rect(inner.x, inner.y, inner.width, head_h), m)
        y = inner.y + head_h
        for b in self.buttons:
            b.place(pygame.Rect(inner.x, y, inner.width, row), m)
            y += row + m.px(6)
