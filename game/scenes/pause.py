"""The pause menu (Esc at a table): resume, restart deal, rules reference, quit to menu.
Quitting never asks (the game is saved; Continue resumes it); restarting asks first only when
a game is in progress (a move has been made), since the old game then counts as abandoned.
A table opened to watch the computers (``watching``) offers no restart: the watcher plays no
deal of their own, and a watched game ends by itself or when they leave."""

from __future__ import annotations

import pygame

from game import theme
from game.i18n import _
from game.screens import screen
from game.widgets.scene import WidgetScene
from game.widgets.dialog import Dialog
from game.widgets import Button, Label, Panel, ScrollList, Widget


class PauseMenu(WidgetScene):
    opaque = False
    dim_below = 150
    backdrop = False
    name = "pause"

    def __init__(self, table) -> None:
        super().__init__()
        self.table = table

    def build(self) -> list[Widget]:
        self.panel = Panel()
        self.heading = Label(_("Paused"), role="title", align="center", color=theme.GOLD)
        watched = getattr(self.table, "watching", False)
        self.buttons = [
            Button(_("Resume"), self.back, primary=True),
            *([] if watched else [Button(_("Restart deal"), self._restart)]),
            Button(_("Rules reference"), self._rules),
            Button(_("Settings"), self._settings),
            Button(_("Quit to menu"), self._quit),
        ]
        return [self.panel, self.heading, *self.buttons]

    def _restart(self) -> None:
        def go() -> None:
            self.close()
            self.table.restart()
        if not self.table.in_progress or not self.table.saves:
            go()  # nothing played yet, or a table shown: nothing to lose
            return
        self.host.push(Dialog(_("Restart this deal?"),
                             _("The deal starts again from the beginning. The game in progress "
                               "will count as abandoned."),
                             [(_("Restart"), go), (_("Cancel"), None)]))

    def _rules(self) -> None:
        self.host.push(self.table.rules_scene())

    def _settings(self) -> None:
        from game.scenes.settings import SettingsScene
        self.host.push(SettingsScene())

    def _quit(self) -> None:
        # Nothing to confirm: the game is saved, and Continue on the menu resumes it.
        self.host.stack.reset(screen("menu"))

    def arrange(self, size: tuple[int, int]) -> None:
        m = self.metrics
        pw = min(size[0] - 2 * m.pad, m.px(420))
        width = pw - 2 * m.px(28)
        self.heading.place(pygame.Rect(0, 0, width, 0), m)  # (its font at this size)
        head_h = self.heading.preferred_height(width) + m.gap
        n = len(self.buttons)
        # The buttons get lower, never out of the window, when it is short for their size.
        row = min(m.row_height, (size[1] - 2 * m.pad - m.px(48) - head_h) // n - m.gap)
        ph = m.px(48) + head_h + n * (row + m.gap)
        self.panel.place(pygame.Rect((size[0] - pw) // 2, (size[1] - ph) // 2, pw, ph), m)
        inner = self.panel.rect.inflate(-2 * m.px(28), -2 * m.px(24))
        self.heading.place(pygame.Rect(inner.x, inner.y, inner.width, head_h), m)
        y = inner.y + head_h
        for b in self.buttons:
            b.place(pygame.Rect(inner.x, y, inner.width, row), m)
            y += row + m.gap



class RulesScene(WidgetScene):
    """A scrolling page of rules text."""

    name = "rules"

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title = title
        self.text = text

    def build(self) -> list[Widget]:
        self.panel = Panel()
        self.heading = Label(_("{game} — rules").format(game=self.title), role="title",
                             align="center", color=theme.GOLD)
        paragraphs = [Label(p) for p in self.text.split("\n\n") if p.strip()]
        self.list = ScrollList(paragraphs, gap=14)
        self.done = Button(_("Back"), self.back, primary=True)
        return [self.panel, self.heading, self.list, self.done]

    def arrange(self, size: tuple[int, int]) -> None:
        self.arrange_page(size, self.panel, self.heading, self.list, self.done, 1000)

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.list.handle_scroll_key(event):
            super().handle_event(event)
