"""The table kit's modal screens: a choice that leaves the cards in view, the hand-over between
players at one screen, the game log, result pages with rows of card pictures (``final_page``:
a game's last one) and a game's rules reference (``RulesPage``).

>>> row = CardRow("Poetry ribbons", [], "5"); row.title, row.value
('Poetry ribbons', '5')
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game import draw, theme
from game.fonts import font, text_image
from game.i18n import _
from game.widgets.scene import WidgetScene
from game.widgets.dialog import Dialog
from game.text import draw_fitted, draw_text, fit_font_size, text_height
from game.screens import screen
from game.theme import Metrics
from game.table.caches import FaceWarmer
from game.widgets import Button, Label, Panel, ScrollList, Tip, Widget
from game.widgets.button import PAD, fit_widths, share_sizes
from rules.hanafuda import Card
from sprites import faces

if TYPE_CHECKING:  # pragma: no cover
    from game.table.base import CardTable

Choice = tuple[str, "Callable[[], None] | None"]


class GameLog:
    """The last things that happened at the table, in words (newest last).

    >>> log = GameLog(limit=2); log.add("a"); log.add("b"); log.add("c"); list(log.lines)
    ['b', 'c']
    """

    def __init__(self, limit: int = 80) -> None:
        self.lines: deque[str] = deque(maxlen=limit)

    def add(self, line: str) -> None:
        self.lines.append(line)

    def clear(self) -> None:
        self.lines.clear()


class ChoicePanel(Dialog):
    """A choice made while looking at the table: the box sits in ``where()`` (a part of the
    table the choice does not need, such as the field when deciding on one's own pile) and
    nothing is dimmed, so the cards that matter stay in view. With ``required`` Esc does not
    choose for the player."""

    name = "choice"
    dim_below = 0
    CANVAS = theme.TABLE_CANVAS  # it sits in the table's panel

    def __init__(self, title: str, message: str, buttons: Sequence[Choice],
                 where: Callable[[], pygame.Rect], required: bool = True) -> None:
        super().__init__(title, message, buttons)
        self.where = where
        self.required = required

    def back(self) -> None:
        if not self.required:
            super().back()

    def arrange(self, size: tuple[int, int]) -> None:
        m = self.metrics
        area = self.where().clip(pygame.Rect(0, 0, *size))
        w = min(area.width, m.px(600))
        inner = w - 2 * m.px(24)
        body_h = text_height(font(m.type_size("small")), self.message, inner)
        title_h = text_height(self._title_font(inner), self.title, inner)
        h = m.px(20) * 2 + title_h + m.px(6) + body_h + m.gap + m.row_height
        self.box = pygame.Rect(0, 0, w, min(h, size[1] - 2 * m.pad))
        self.box.center = area.center
        self.box.clamp_ip(pygame.Rect(0, 0, *size))
        widths = fit_widths([getattr(b, "text", "") for b in self.widgets], inner, m.px(210),
                            m.gap, m.type_size("body"), m.px(PAD))
        x = self.box.centerx - (sum(widths) + m.gap * (len(widths) - 1)) // 2
        y = self.box.bottom - m.px(20) - m.row_height
        for b, bw in zip(self.widgets, widths):
            b.place(pygame.Rect(x, y, bw, m.row_height), m)
            x += bw + m.gap
        share_sizes([b for b in self.widgets if isinstance(b, Button)])  # (one size: a row)

    def _title_font(self, width: int) -> pygame.font.Font:
        """The heading size, smaller if the title would not fit on one line."""
        start = self.metrics.type_size("heading")
        size = fit_font_size(self.title, width, start, True, minimum=start * 2 // 3)
        return font(size, True)

    def draw_box(self, surface: pygame.Surface) -> None:
        m = self.metrics
        draw.panel(surface, self.box, m.radius * 2, max(1, m.px(2)), alpha=255)  # opaque: the
        # panel under it must not show through (only the choice is read)
        inner = self.box.inflate(-2 * m.px(24), -2 * m.px(20))
        covered = draw_text(surface, self.title, self._title_font(inner.width), theme.GOLD,
                            inner, "center")
        body = pygame.Rect(inner.x, covered.bottom + m.px(6), inner.width,
                           self.widgets[0].rect.top - covered.bottom - m.px(6))
        draw_text(surface, self.message, font(m.type_size("small")), theme.TEXT, body, "center")


class HandOver(WidgetScene):
    """Players sharing one screen: the table is hidden until the next player is ready."""

    name = "hand-over"

    def __init__(self, player: str, on_ready: Callable[[], None]) -> None:
        super().__init__()
        self.player, self.on_ready = player, on_ready
        self.done = False

    def build(self) -> list[Widget]:
        self.heading = Label(_("Pass to {who}").format(who=self.player), role="title",
                             align="center", color=theme.GOLD)
        self.text = Label(_("The other player looks away. Ready?"), align="center")
        self.ready = Button(_("I'm ready"), self._ready, primary=True)
        return [self.heading, self.text, self.ready]

    def _ready(self) -> None:
        self.done = True
        self.close()
        self.on_ready()

    def back(self) -> None:
        pass  # the table behind is someone else's: only "ready" leaves

    def arrange(self, size: tuple[int, int]) -> None:
        m = self.metrics
        w, h = size
        self.heading.place(pygame.Rect(0, h // 2 - m.px(110), w, m.px(70)), m)
        self.text.place(pygame.Rect(0, h // 2 - m.px(30), w, m.px(40)), m)
        self.ready.place(pygame.Rect(w // 2 - m.px(120), h // 2 + m.px(30), m.px(240),
                                     m.row_height), m)


class CardRow(Widget):
    """A row of a result or rules page: a label, small card pictures (hanafuda or western),
    a value. A row with a ``tip`` (a yaku's: ``Tip``) shows it in the page's tooltip when
    hovered or reached by the keyboard (Tab: it is ``passive``, read and never used)."""

    focusable = False
    passive = True

    def __init__(self, title: str, cards: Sequence[Any], value: str = "", subtitle: str = "",
                 highlight: bool = False, tip: Tip | None = None) -> None:
        super().__init__()
        self.title, self.cards, self.value = title, cards, value
        self.subtitle, self.highlight = subtitle, highlight
        self.tip = tip
        self.focusable = tip is not None
        self.warmer = FaceWarmer()

    def preferred_height(self, width: int) -> int:
        m = self.metrics
        if self.cards:
            return max(m.px(64), round(m.px(34) * faces.HANAFUDA_RATIO) + m.px(10))
        return m.px(54) if self.subtitle else m.px(40)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION and self.tip is not None:
            self.hovered = self.hit(event.pos)
        return False

    def tip_anchor(self) -> pygame.Rect:
        """The row's title: its tooltip stands over the row's own cards."""
        return pygame.Rect(self.rect.x, self.rect.y, int(self.rect.width * 0.36),
                           self.rect.height)

    def _card_size(self) -> tuple[int, int]:
        return self.card_size(self.metrics, bool(self.cards) and not isinstance(self.cards[0],
                                                                                Card))

    @staticmethod
    def card_size(metrics: Metrics, western: bool = False) -> tuple[int, int]:
        """The size of a row's small cards in a window of ``metrics`` (a table warms its
        faces at that size during play: the result page opens without scaling them)."""
        cw = metrics.px(38 if western else 34)  # a western card is squarer: a bit wider
        return cw, round(cw * (faces.WESTERN_RATIO if western else faces.HANAFUDA_RATIO))

    def place(self, rect: pygame.Rect, metrics: Metrics) -> None:
        super().place(rect, metrics)
        # The small faces are rendered on the warmer's thread; until each is in, the face of
        # another size stands in, scaled (a page of yaku would otherwise stall its first frame).
        size = self._card_size()
        self.warmer.plan([(c, size, False) for c in self.cards if isinstance(c, Card)])

    def update(self, dt: float) -> None:
        if not self.warmer.done:
            self.warmer.step()

    def still_look(self) -> Hashable | None:
        """Still once every small face is in (until then faces stand in for them)."""
        if not self.warmer.done:
            return None
        return (tuple(self.rect), self.metrics, self.title, tuple(self.cards), self.value,
                self.subtitle, self.highlight, self.focused)

    def draw(self, surface: pygame.Surface) -> None:
        m, r = self.metrics, self.rect
        if self.highlight:
            draw.rounded_rect(surface, theme.GOLD, r, m.radius, alpha=30)
        label_w = int(r.width * 0.36)
        tf = font(m.type_size("body"), True)
        v = text_image(tf, self.value, theme.GOLD) if self.value else None
        # The title fitted to its column (a long name: smaller, or on two lines); with no
        # cards, to the value.
        room = label_w - m.px(16) if self.cards else \
            r.width - m.px(30) - (v.get_width() if v else 0)
        box = pygame.Rect(r.x + m.px(10), r.y, room, r.height)
        if self.subtitle:  # (title and subtitle centred together, as one)
            box.height -= m.px(18)
            box.y += m.px(2)
        shown = draw_fitted(surface, self.title, theme.CREAM, box, m.type_size("body"), "left")
        if self.subtitle:  # (shrunk to the label's column: the cards come after it)
            size = fit_font_size(self.subtitle, label_w - m.px(14), m.type_size("tiny"),
                                 minimum=m.type_size("tiny") * 3 // 4)
            sub = text_image(font(size), self.subtitle, theme.TEXT_DIM)
            surface.blit(sub, (r.x + m.px(10), shown.bottom))
        cw, ch = self._card_size()
        x = float(r.x + label_w)
        room = r.width - label_w - m.px(90)
        step = min(cw + m.px(4), room / max(1, len(self.cards))) if self.cards else 0
        for c in self.cards:
            surface.blit(faces.face_renderer(c, stand_in=True)(cw, ch),
                         (round(x), r.centery - ch // 2))
            x += step
        if v is not None:
            surface.blit(v, (r.right - v.get_width() - m.px(10), r.centery - v.get_height() // 2))
        if self.focused:  # (a yaku row with a tooltip, reached by Tab): inside the row, as
            w = max(2, m.px(2))  # a scrolling list clips what lies outside
            draw.focus_ring(surface, r.inflate(-3 * w - 2, -3 * w - 2), m.radius, w)


class ResultPage(WidgetScene):
    """A result over the dimmed table: a title, rows, and buttons (the first is the main one).
    ``done`` turns true when a button closed it (the table's animation waits on that).
    ``auto_next``: seconds after which the main button presses itself (a watched table's
    pages between rounds; None: the page waits for the player)."""

    auto_next: float | None = None

    opaque = False
    dim_below = 185
    backdrop = False
    name = "result"
    CANVAS = theme.TABLE_CANVAS  # rows of card pictures

    def __init__(self, title: str, rows: Iterable[Widget],
                 buttons: Sequence[tuple[str, Callable[[], None] | None]], width: int = 900,
                 height: int | None = 720) -> None:
        super().__init__()
        self.title, self.rows, self.choices = title, list(rows), list(buttons)
        self.width, self.height = width, height
        self.done = False

    def build(self) -> list[Widget]:
        self.panel = Panel()
        self.heading = Label(self.title, role="title", align="center", color=theme.GOLD)
        self.list = ScrollList(self.rows, gap=6)
        self.buttons = [Button(label, self._choose(action), primary=i == 0)
                        for i, (label, action) in enumerate(self.choices)]
        return [self.panel, self.heading, self.list, *self.buttons]

    def _choose(self, action: Callable[[], None] | None) -> Callable[[], None]:
        def run() -> None:
            self.done = True
            self.close()
            if action is not None:
                action()
        return run

    def back(self) -> None:
        self.buttons[-1].activate()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.auto_next is not None and not self.done:
            self.auto_next -= dt
            if self.auto_next <= 0:
                self.buttons[0].activate()

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.list.handle_scroll_key(event):
            super().handle_event(event)

    def arrange(self, size: tuple[int, int]) -> None:
        first = self.buttons[0]
        self.arrange_page(size, self.panel, self.heading, self.list, first, self.width,
                          self.height)
        m = self.metrics
        n = len(self.buttons)
        r = first.rect
        x = r.centerx - (r.width * n + m.gap * (n - 1)) // 2
        for b in reversed(self.buttons):  # the main action on the right
            b.place(pygame.Rect(x, r.y, r.width, r.height), m)
            x += r.width + m.gap


class LogScene(ResultPage):
    """The game log: the last things that happened at the table, newest last."""

    name = "game-log"

    def __init__(self, lines: Sequence[str]) -> None:
        rows: list[Widget] = [Label(line, role="small") for line in lines] or \
            [Label(_("Nothing has happened yet."), role="small", color=theme.TEXT_DIM)]
        super().__init__(_("Game log"), rows, [(_("Back"), None)], width=760)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.list.scroll_to(self.list.max_offset)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.back()
            return
        super().handle_event(event)


def final_page(table: CardTable, title: str, rows: Iterable[Widget], again: str,
               name: str) -> ResultPage:
    """A game's last result page, named ``name``: ``again`` (the same table from a new seed)
    or the menu."""
    t = table

    def play_again() -> None:
        t.setup.seed = random.SystemRandom().randint(1, 99_999)
        t.restart()

    def menu() -> None:
        if t.app is not None:
            t.app.stack.reset(screen("menu"))
    page = ResultPage(title, rows, [(again, play_again), (_("Menu"), menu)], 900, 720)
    page.name = name
    return page


def winners_title(table: CardTable, winners: list[int], match: bool = False) -> str:
    """The final page's title for a game (or ``match``) ``winners`` won: "You win the game!",
    "Computer 2 (Normal) wins the match" or "A shared win: You, Player 3"."""
    if len(winners) == 1:
        if table.seating.is_you(winners[0]):
            return _("You win the match!") if match else _("You win the game!")
        who = table.seating.name(winners[0])
        return (_("{who} wins the match") if match else _("{who} wins the game")).format(who=who)
    return _("A shared win: {names}").format(names=", ".join(table.seating.name(w)
                                                             for w in winners))


class RulesPage(WidgetScene):
    """A game's rules reference for its ``rules``: the title ``TITLE``, the rows ``rows()``
    gives (yaku with their cards, the options in play ...) in a scrolling list, and Back."""

    #: The page's title, marked with ``N_`` and translated when the page opens.
    TITLE = ""

    def __init__(self, rules: Any) -> None:
        super().__init__()
        self.rules = rules
        self.title = _(self.TITLE)

    def rows(self) -> list[Widget]:
        """The page's rows (override)."""
        return []

    @staticmethod
    def intro(text: str) -> Label:
        """The rules in short, above the yaku."""
        return Label(text, role="small", color=theme.TEXT_DIM)

    @staticmethod
    def options_rows(lines: Iterable[str]) -> list[Widget]:
        """The heading "Options in play" and a line for each of ``lines``."""
        rows: list[Widget] = [Label(_("Options in play"), role="heading", color=theme.GOLD)]
        rows.extend(Label(line, role="small") for line in lines)
        return rows

    def build(self) -> list[Widget]:
        self.title = _(self.TITLE)  # (again on a change of language: relabel builds anew)
        self.panel = Panel()
        self.heading = Label(self.title, role="title", align="center", color=theme.GOLD)
        self.list = ScrollList(self.rows(), gap=6)
        self.done_button = Button(_("Back"), self.back, primary=True)
        return [self.panel, self.heading, self.list, self.done_button]

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.list.handle_scroll_key(event):
            super().handle_event(event)

    def arrange(self, size: tuple[int, int]) -> None:
        self.arrange_page(size, self.panel, self.heading, self.list, self.done_button, 1000)
