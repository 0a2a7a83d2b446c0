"""Game setup, shared by every game: seats, player count, options and presets, deal number.

The screen starts from the game's last choices (``game.setups.remembered_setup``) and keeps
them when a game starts. Starting a game over one saved in progress asks first
(``confirm_new_game``): the old game then counts as abandoned. Deal numbers run from 1 to
``MAX_SEED``: Start with the field at 0 (emptied with Backspace) says so and starts nothing.
"""

from __future__ import annotations

import random
from typing import Any, Callable

import pygame

from game import theme
from game.catalog import GAMES, GameInfo, Option, level_label
from game.fonts import font
from game.i18n import _
from game import screens
from game.widgets.scene import WidgetScene
from game.widgets.dialog import Dialog, not_available
from game.session import abandon_current, peek_current
from game.setups import MAX_SEED, GameSetup, default_setup, remember_setup, remembered_setup
from game.text import draw_text
from game.widgets import Button, Choice, Label, NumberField, Panel, ScrollList, Toggle, Widget

__all__ = ["GameSetup", "default_setup", "SetupScene", "confirm_new_game", "seat_name",
           "MAX_SEED"]


def seat_name(index: int) -> str:
    return _("You (bottom)") if index == 0 else _("Seat {n}").format(n=index + 1)


def confirm_new_game(app: Any, go: Callable[[], object]) -> None:
    """Run ``go`` (which starts a new game) at once when no game is saved in progress; else
    ask first, and count the game in progress as abandoned before ``go``.

    The setup screen's Start comes here. A table that starts its own game over asks with its
    own dialog instead, to the same rule: the pause menu's Restart (``game.scenes.pause``) and
    Yatsuhashi's New deal, Restart and deal-by-number buttons; ``Session.start`` then counts
    the game they replace as abandoned."""
    session, problem = peek_current()
    if session is None or not session.in_progress:
        go()
        if problem:  # a damaged save was found (and kept aside): say so over the new game
            app.push(Dialog(_("Notice"), problem, [(_("OK"), None)]))
        return

    def abandon_and_go() -> None:
        abandon_current(app.stats)
        go()
    text = _("You have a game of {game} in progress.").format(
        game=session.summary.get("game", ""))
    progress = session.summary.get("progress")
    if progress:
        text += "\n" + progress
    app.push(Dialog(_("Start a new game?"),
                    text + "\n" + _("Start a new game? It will count as abandoned."),
                    [(_("New game"), abandon_and_go), (_("Keep it"), None)]))


class SetupScene(WidgetScene):
    name = "setup"
    CANVAS = (800, 500)  # two columns of options side by side (160% at 1280x800)

    def __init__(self, game_id: str, seed: int | None = None) -> None:
        super().__init__()
        if game_id not in GAMES:
            raise ValueError(f"unknown game id {game_id!r}")
        self.info: GameInfo = GAMES[game_id]
        self.setup = remembered_setup(game_id, seed)
        self.seed_typed = False  # the deal number is remembered only when typed
        self.problem = ""        # why Start was refused, shown until the deal number changes
        self.offering = False    # the first time: the guided game is offered (game.scenes.guides)

    def enter(self) -> None:
        from game.scenes import guides
        if guides.offer_due(self.host, self.info.id):
            self.offering = True
            guides.offered(self.host, self.info.id)  # offered once: not the next time
        super().enter()

    # Widgets ----------------------------------------------------------------------------------
    def build(self) -> list[Widget]:
        self.info = info = GAMES[self.info.id]  # the registry's, in the language of the moment
        setup = self.setup
        self.panel = Panel()
        self.heading = Label(_("{game} — new game").format(game=info.title), role="title",
                             align="center", color=theme.GOLD)
        self.left_title = Label(_("Players"), role="heading", color=theme.GOLD)
        self.right_title = Label(_("Rules"), role="heading", color=theme.GOLD)
        left: list[Widget] = []
        if info.min_players != info.max_players:
            left.append(Choice(_("Number of players"),
                               [(n, str(n)) for n in range(info.min_players, info.max_players + 1)],
                               setup.players, self._set_players))
        if info.max_players > 1:
            choices = [("human", level_label("human"))] + [(lv, level_label(lv))
                                                         for lv in info.ai_levels]
            for i, seat in enumerate(setup.seats):
                left.append(Choice(seat_name(i), choices, seat, self._set_seat(i)))
        else:
            left.append(Label(_("A game for one player."), role="small", color=theme.TEXT_DIM))
        self.seed_field = NumberField(_("Deal number"), setup.seed, self._set_seed)
        left.append(self.seed_field)
        left.append(Button(_("New deal number"), self._random_seed))
        self.summary = Label(info.summary, role="small", color=theme.TEXT_DIM)
        left.append(self.summary)
        self.left = ScrollList(left)
        right: list[Widget] = []
        self.preset_choice: Choice | None = None
        if len(info.presets) > 1:
            choices = [(k, label) for k, (label, _v) in info.presets.items()]
            choices.append(("custom", _("Custom")))
            self.preset_choice = Choice(_("Preset"), choices,
                                        info.matching_preset(setup.options) or "custom",
                                        self._set_preset)
            right.append(self.preset_choice)
        self.option_widgets: dict[str, Toggle | Choice] = {}
        for opt in info.options:
            w = self._option_widget(opt)
            self.option_widgets[opt.key] = w
            right.append(w)
        self.right = ScrollList(right)
        self.back_button = Button(_("Back"), self.back)
        self.rules_button = Button(_("Rules reference"), self._rules)
        self.start_button = Button(_("Start"), self.start, primary=True)
        widgets = [self.panel, self.heading, self.left_title, self.right_title, self.left,
                   self.right, self.back_button, self.rules_button, self.start_button]
        from game.scenes.guides import has_guide
        self.guide_button: Button | None = None
        self.offer: list[Widget] = []
        if has_guide(info.id):
            self.guide_button = Button(_("Guided game"), self.guided)
            widgets.append(self.guide_button)
            if self.offering:
                self.offer = [
                    Label(_("New to {game}? Play a guided game: it shows you what to do and "
                            "explains each rule as it first happens.").format(game=info.title),
                          role="small", color=theme.GOLD),
                    Button(_("Play the guided game"), self.guided, primary=True, role="small"),
                    Button(_("No, thanks"), self.decline, role="small")]
                widgets += self.offer
        return widgets

    def guided(self) -> None:
        """The guided first game (the game saved for Continue stays as it is)."""
        from game.scenes.guides import open_guided
        open_guided(self.host, self.info.id)

    def decline(self) -> None:
        self.offering = False
        self.rebuild()
        self.layout(self.size)

    def _option_widget(self, opt: Option) -> Toggle | Choice:
        value = self.setup.options[opt.key]
        values = [v for v, _l in opt.choices]
        if values == [False, True]:
            return Toggle(opt.label, value, self._set_option(opt.key), help=opt.help)
        return Choice(opt.label, opt.choices, value, self._set_option(opt.key), help=opt.help)

    # Changes ----------------------------------------------------------------------------------
    def _set_players(self, n: int) -> None:
        seats = self.setup.seats
        self.setup.seats = (seats + [self.info.default_level] * n)[:n]
        self.rebuild()

    def _set_seat(self, i: int):
        def apply(level: str) -> None:
            self.setup.seats[i] = level
        return apply

    def _set_seed(self, value: int) -> None:
        self.setup.seed = min(MAX_SEED, max(0, value))
        self.seed_typed = True
        self.problem = ""

    def _random_seed(self) -> None:
        self.seed_field.set_value(random.SystemRandom().randint(1, 99_999))
        self.seed_typed = False

    def _set_option(self, key: str):
        def apply(value: Any) -> None:
            self.setup.options[key] = value
            if self.preset_choice is not None:
                self.preset_choice.index = [v for v, _l in self.preset_choice.choices].index(
                    self.info.matching_preset(self.setup.options) or "custom")
        return apply

    def _set_preset(self, name: str) -> None:
        if name == "custom":
            return  # "Custom" is what the options say; choosing it changes nothing
        self.setup.options = self.info.preset(name)
        for key, w in self.option_widgets.items():
            w.value = self.setup.options[key]

    def _rules(self) -> None:
        """The rules reference for the options and seats chosen now."""
        from game.scenes.rules import rules_reference
        self.host.push(rules_reference(self.info.id, self.setup))

    def start(self) -> None:
        if not 1 <= self.setup.seed <= MAX_SEED:  # refused, never silently changed
            self.problem = _("Choose a number from {low:,} to {high:,}.").format(
                low=1, high=MAX_SEED)
            self.play("invalid")
            self.focus.focus(self.seed_field)
            return
        factory = screens.factory(self.info.id)
        if factory is None:
            self.host.push(not_available(self.info.title))
            return
        remember_setup(self.setup, self.seed_typed)
        app = self.host
        confirm_new_game(app, lambda: app.stack.replace(factory(setup=self.setup)))

    # Layout -----------------------------------------------------------------------------------
    def arrange(self, size: tuple[int, int]) -> None:
        m = self.metrics
        w, h = size
        pw, ph = min(w - 2 * m.pad, m.px(1180)), h - 2 * m.pad
        self.panel.place(pygame.Rect((w - pw) // 2, m.pad, pw, ph), m)
        inner = self.panel.rect.inflate(-2 * m.px(28), -2 * m.px(22))
        self.heading.place(pygame.Rect(inner.x, inner.y, inner.width, 0), m)  # (its size now)
        head_h = self.heading.preferred_height(inner.width) + m.gap  # a long title: two lines
        self.heading.place(pygame.Rect(inner.x, inner.y, inner.width, head_h), m)
        col_gap = m.px(28)
        left_w = (inner.width - col_gap) * 5 // 12
        right_w = inner.width - col_gap - left_w
        top = inner.y + head_h
        sub_h = font(m.type_size("heading"), True).get_linesize()
        bottom = inner.bottom - m.row_height - m.gap - m.px(44)
        bw = min(m.px(220), (inner.width - 3 * m.gap) // 4)  # four buttons in a row at most
        if self.offer:  # the first time: the offer of a guided game over the buttons
            label, yes, no = self.offer
            label.place(pygame.Rect(inner.x, 0, inner.width - 2 * bw - 2 * m.gap, 0), m)
            lw = label.rect.width
            if label.preferred_height(lw) > 2 * m.row_height:  # too narrow beside the buttons:
                lw = inner.width                                 # the buttons go under it
            oh = max(m.row_height, label.preferred_height(lw))  # as many lines as it takes
            beside = lw < inner.width
            block = oh if beside else oh + m.gap + m.row_height
            bottom -= block + 2 * m.gap
            oy = inner.bottom - m.row_height - m.gap - block
            by = oy + (oh - m.row_height) // 2 if beside else oy + oh + m.gap
            label.place(pygame.Rect(inner.x, oy, lw, oh), m)
            yes.place(pygame.Rect(inner.right - 2 * bw - m.gap, by, bw, m.row_height), m)
            no.place(pygame.Rect(inner.right - bw, by, bw, m.row_height), m)
        self.left_title.place(pygame.Rect(inner.x, top, left_w, sub_h), m)
        self.right_title.place(pygame.Rect(inner.x + left_w + col_gap, top, right_w, sub_h), m)
        self.left.place(pygame.Rect(inner.x, top + sub_h, left_w, bottom - top - sub_h), m)
        self.right.place(pygame.Rect(inner.x + left_w + col_gap, top + sub_h, right_w,
                                     bottom - top - sub_h), m)
        self._place_summary()
        by = inner.bottom - m.row_height
        self.back_button.place(pygame.Rect(inner.x, by, bw, m.row_height), m)
        self.start_button.place(pygame.Rect(inner.right - bw, by, bw, m.row_height), m)
        if self.guide_button is None:
            self.rules_button.place(pygame.Rect(inner.centerx - bw // 2, by, bw, m.row_height),
                                    m)
        else:  # Back, Rules reference | Guided game, Start
            self.rules_button.place(pygame.Rect(inner.x + bw + m.gap, by, bw, m.row_height), m)
            self.guide_button.place(pygame.Rect(inner.right - 2 * bw - m.gap, by, bw,
                                                m.row_height), m)

    def _place_summary(self) -> None:
        """The game's description where it reads whole: under the players, else under the
        rules when they leave it room, else under the players, to scroll to (never cut
        mid-line at the foot of a column a player does not think of scrolling)."""
        m = self.metrics

        def room(column: ScrollList) -> int:
            """What ``column`` leaves free below its own rows (a scroll bar's width kept)."""
            others = [c for c in column.children if c is not self.summary]
            width = column.rect.width - m.px(16)
            used = sum(c.preferred_height(width) for c in others) + m.px(6) * len(others)
            return column.rect.height - used - self.summary.preferred_height(width)

        self.summary.metrics = m
        home = self.right if room(self.left) < 0 <= room(self.right) else self.left
        for column in (self.left, self.right):
            others = [c for c in column.children if c is not self.summary]
            wanted = others + [self.summary] if column is home else others
            if wanted != column.children:
                column.set_children(wanted)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        m = self.metrics
        focused = self.focus.focused
        # Under both columns: a refused deal number, else the focused option's explanation.
        hint, color = ((self.problem, theme.VERMILION) if self.problem else
                       (getattr(focused, "help", ""), theme.TEXT_DIM))
        if hint:
            rect = pygame.Rect(self.left.rect.x, self.left.rect.bottom + m.px(4),
                               self.right.rect.right - self.left.rect.x, m.px(44))
            draw_text(surface, hint, font(m.type_size("small")), color, rect, "center")
