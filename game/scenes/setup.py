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
from game.text import draw_text, text_height
from game.widgets import Button, Choice, Label, NumberField, Panel, ScrollList, Toggle, Widget
from game.widgets.button import PAD, fit_widths, share_sizes

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
        self.left = ScrollList(left)
        self.left_rows = left  # (the description goes where it reads whole: _place_summary)
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
        self.right_rows = right
        #: The whole page in one scrolling list, where the columns would be too short to use.
        self.page = ScrollList(lay_out=self._page_boxes)
        self.paged = False
        self.back_button = Button(_("Back"), self.back)
        self.rules_button = Button(_("Rules reference"), self._rules)
        self.start_button = Button(_("Start"), self.start, primary=True)
        from game.scenes.guides import has_guide
        self.guide_button: Button | None = None
        self.offer: list[Widget] = []
        if has_guide(info.id):
            self.guide_button = Button(_("Guided game"), self.guided)
            if self.offering:
                self.offer = [
                    Label(_("New to {game}? Play a guided game: it shows you what to do and "
                            "explains each rule as it first happens.").format(game=info.title),
                          role="small", color=theme.GOLD),
                    Button(_("Play the guided game"), self.guided, primary=True, role="small"),
                    Button(_("No, thanks"), self.decline, role="small")]
        #: The row of buttons at the foot, left to right.
        self.buttons = [self.back_button, self.rules_button,
                        *([self.guide_button] if self.guide_button is not None else []),
                        self.start_button]
        return self._widgets()

    def _widgets(self) -> list[Widget]:
        """The scene's widgets for its layout (``paged``: the page in one list), in the
        order of the keyboard's focus: the offer, the players, the rules, the buttons."""
        if self.paged:
            return [self.panel, self.heading, self.page, *self.buttons]
        return [self.panel, self.heading, *self.offer, self.left_title, self.right_title,
                self.left, self.right, *self.buttons]

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
        """The heading, the offer of a guided game (the first time), the players and the
        rules side by side, a line for the focused option's help, the buttons. Where the
        columns would be too short to use (``ScrollList.usable_height``: a large interface
        in a small window), the heading is set a step smaller; where even that leaves them
        too short, the whole page scrolls in one column over the buttons (``paged``)."""
        m = self.metrics
        w, h = size
        pw, ph = min(w - 2 * m.pad, m.px(1180)), h - 2 * m.pad
        self.panel.place(pygame.Rect((w - pw) // 2, m.pad, pw, ph), m)
        inner = self.panel.rect.inflate(-2 * m.px(28), -2 * m.px(22))
        by = self._place_buttons(inner)
        bottom = by - m.gap - self._hint_height(inner.width)
        self.page.lead, self.heading.clip = None, None
        for compact in (False, True):
            self.heading.compact = compact
            if self._place_columns(inner, bottom):
                self._set_paged(False)
                break
        else:
            self._place_page(inner, bottom, by)
        share_sizes(self.buttons)  # (a row too short for them all: their titles at one size)
        share_sizes([b for b in self.offer if isinstance(b, Button)])

    def _place_page(self, inner: pygame.Rect, bottom: int, by: int) -> None:
        """The whole page in one scrolling column above ``bottom``, the heading its lead."""
        m = self.metrics
        self._set_paged(True)
        self.page.lead = self.heading
        children = [*self.offer, self.left_title, *self.left_rows, self.summary,
                    self.right_title, *self.right_rows]
        if self.page.children != children:
            self.page.set_children(children)
        self.page.place(pygame.Rect(inner.x, inner.y, inner.width, bottom - inner.y), m)
        self.hint_rect = pygame.Rect(inner.x, bottom + m.px(4), inner.width,
                                     by - m.gap - bottom - m.px(4))

    def _set_paged(self, paged: bool) -> None:
        if paged != self.paged:
            self.paged = paged
            self.page.scroll_to(0)
        self.widgets = self._widgets()

    def _place_buttons(self, inner: pygame.Rect) -> int:
        """The row of buttons at the foot of ``inner``, each as wide as its label needs at
        one size (Back and Rules reference on the left, Guided game and Start on the
        right); returns its top."""
        m = self.metrics
        by = inner.bottom - m.row_height
        widths = fit_widths([b.text for b in self.buttons], inner.width, m.px(220), m.gap,
                            m.type_size("body"), m.px(PAD))
        half = 2 if len(self.buttons) == 4 else 1  # (Start alone on the right without a guide)
        x = inner.x
        for b, bw in zip(self.buttons[:half], widths):
            b.place(pygame.Rect(x, by, bw, m.row_height), m)
            x += bw + m.gap
        x = inner.right
        for b, bw in reversed(list(zip(self.buttons[half:], widths[half:]))):
            x -= bw
            b.place(pygame.Rect(x, by, bw, m.row_height), m)
            x -= m.gap
        return by

    def _hint_height(self, width: int) -> int:
        """The band under the columns for the focused option's help (or a refused deal
        number): as tall as the longest of them wrapped at ``width``, a line at least."""
        small = font(self.metrics.type_size("small"))
        texts = [w.help for w in self.option_widgets.values() if w.help]
        texts.append(_("Choose a number from {low:,} to {high:,}.").format(low=1, high=MAX_SEED))
        return max(text_height(small, t, width) for t in texts) + self.metrics.px(8)

    def _offer_boxes(self, width: int) -> tuple[list[pygame.Rect], int]:
        """The offer's label and its two buttons from the top left of a strip ``width``
        wide, and the strip's height: the buttons beside the label where it takes two lines
        or fewer there, else under it on the right."""
        m = self.metrics
        label, yes, no = self.offer
        widths = fit_widths([getattr(yes, "text", ""), getattr(no, "text", "")], width,
                            m.px(260), m.gap, m.type_size("small"), m.px(PAD))
        buttons_w = sum(widths) + m.gap
        label.metrics = m
        lw = width - buttons_w - m.gap
        two_lines = round(font(m.type_size("small")).get_linesize() * 1.15) * 2
        text_h = label.preferred_height(lw) if lw > 0 else 0
        if lw > 0 and text_h <= max(m.row_height, two_lines):
            lh = max(m.row_height, text_h)
            by = (lh - m.row_height) // 2
            height = lh
        else:
            lw = width
            lh = text_h = label.preferred_height(lw)
            by = lh + m.gap
            height = by + m.row_height
        x = width - buttons_w
        boxes = [pygame.Rect(0, (lh - text_h) // 2, lw, text_h),
                 pygame.Rect(x, by, widths[0], m.row_height),
                 pygame.Rect(x + widths[0] + m.gap, by, widths[1], m.row_height)]
        return boxes, height

    def _place_columns(self, inner: pygame.Rect, bottom: int) -> bool:
        """The heading, the offer and the two columns above ``bottom``; True when both
        columns are tall enough to use."""
        m = self.metrics
        self.heading.metrics = m
        head_h = self.heading.preferred_height(inner.width) + m.gap  # a long title: two lines
        self.heading.place(pygame.Rect(inner.x, inner.y, inner.width, head_h), m)
        top = inner.y + head_h
        if self.offer:  # the first time: the offer of a guided game under the heading
            boxes, height = self._offer_boxes(inner.width)
            for widget, box in zip(self.offer, boxes):
                widget.clip = None
                widget.place(box.move(inner.x, top), m)
            top += height + m.gap
        col_gap = m.px(28)
        needs = [self._least_width(rows) for rows in (self.left_rows, self.right_rows)]
        share, half = (inner.width - col_gap) * 5 // 12, (inner.width - col_gap) // 2
        left_w = min(max(share, needs[0]), half)  # (a long level name)
        wish = self._least_width(self.left_rows, "beside_width")  # (the seats on a line each)
        if left_w < wish <= half and inner.width - col_gap - wish >= needs[1]:
            left_w = wish
        right_w = inner.width - col_gap - left_w
        sub_h = font(m.type_size("heading"), True).get_linesize()
        for title in (self.left_title, self.right_title):
            title.clip = None
        self.left_title.place(pygame.Rect(inner.x, top, left_w, sub_h), m)
        self.right_title.place(pygame.Rect(inner.x + left_w + col_gap, top, right_w, sub_h), m)
        for column, rows in ((self.left, self.left_rows), (self.right, self.right_rows)):
            if [c for c in column.children if c is not self.summary] != rows:
                column.set_children(rows)  # (back from the page: ``_place_summary`` next)
        self.left.place(pygame.Rect(inner.x, top + sub_h, left_w, bottom - top - sub_h), m)
        self.right.place(pygame.Rect(inner.x + left_w + col_gap, top + sub_h, right_w,
                                     bottom - top - sub_h), m)
        self._place_summary()
        self.hint_rect = pygame.Rect(inner.x, bottom + m.px(4), inner.width,
                                     self.buttons[0].rect.top - m.gap - bottom - m.px(4))
        return all(c.rect.height >= c.usable_height(c.rect.width) and c.rect.width >= need
                   for c, need in zip((self.left, self.right), needs))

    def _least_width(self, rows: list[Widget], measure: str = "least_width") -> int:
        """The narrowest column in which ``rows`` show their values at their role's size
        (``least_width`` of each; ``beside_width``: their labels beside them), a scroll
        bar's width kept."""
        for r in rows:
            r.metrics = self.metrics  # (before its list places it: a new size's)
        return max((getattr(r, measure, lambda: 0)() for r in rows),
                   default=0) + self.metrics.px(16)

    def _page_boxes(self, width: int) -> list[pygame.Rect]:
        """The page's widgets in one column (``paged``): the offer, the players under their
        title, the description, the rules under theirs."""
        m = self.metrics
        boxes: list[pygame.Rect] = []
        y = 0
        if self.offer:
            offer, height = self._offer_boxes(width)
            boxes += offer
            y = height + m.gap
        gap = m.px(self.page.gap_design)
        sub_h = font(m.type_size("heading"), True).get_linesize()
        for rows in ([*self.left_rows, self.summary], self.right_rows):  # under their titles
            boxes.append(pygame.Rect(0, y, width, sub_h))
            y += sub_h
            for row in rows:
                row.metrics = m
                h = row.preferred_height(width)
                boxes.append(pygame.Rect(0, y, width, h))
                y += h + gap
            y += m.gap
        return boxes

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
            draw_text(surface, hint, font(m.type_size("small")), color, self.hint_rect, "center")
