"""The guided first game: the table kit's tutorial layer, the same for every table.

A game gives only its script (``GuideScript``): a fixed deal (a seed and the computer
seats, whose agents are seeded from it, so the deal plays the same every time), the words
before the first move, the player's opening moves in notation (the guide points at their
cards and accepts only that move, then lets the player play freely), and the rules to
explain the first time they happen (``lessons``: the table's events are read as they are
animated, ``lesson_of`` naming the rules an event shows).

``Guide`` is the layer on a table made with ``guide=``: a message box placed where it
covers none of the cards it talks about, a ring and an arrow round the cards (or buttons)
to use, Next and Leave guide buttons; Enter is Next, Esc leaves. A message that explains
waits in the table's animation queue (a barrier) until the player presses Next, so the
computer does not play on under it. A guided game is never saved (Continue keeps the game
it had) and never counted in the statistics; leaving, or finishing, goes back to the
game's setup screen.

>>> s = GuideScript("koikoi", 5, ("human", "easy"), {}, (), (("play 1B 1C1", ""),), {},
...                 lambda table, event: [])
>>> s.setup().seats, s.setup().seed, s.move_count
(['human', 'easy'], 5, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame

from game import draw, theme
from game.fonts import font
from game.i18n import N_, _
from game.text import draw_text, text_height
from game.screens import screen
from game.widgets import Button
from sprites import barrier

if TYPE_CHECKING:  # pragma: no cover
    from game.setups import GameSetup


class GuideScript(NamedTuple):
    """One game's guided first game. Texts are msgids (marked ``N_``), translated when
    shown; a move's text may be "" for the table's own words for it (``GuideHooks.move_text``)
    and may name ``{card}`` and ``{target}``."""

    game_id: str
    seed: int
    seats: tuple[str, ...]
    #: Option values that differ from the game's defaults.
    options: Mapping[str, Any]
    #: Shown one by one (Next) before the first move.
    intro: tuple[str, ...]
    #: The player's opening moves, in order: (notation, text).
    moves: tuple[tuple[str, str], ...]
    #: Rule -> what to say the first time it happens.
    lessons: Mapping[str, str]
    #: (table, event) -> the rules (keys of ``lessons``) the event shows.
    lesson_of: Callable[[Any, Any], list[str]]
    #: Said once the opening moves are made: the player plays on freely.
    free: str = ""
    #: The last word, when the event ``end_on`` has been shown; Next then leaves.
    outro: str = ""
    end_on: str = "round_over"

    @property
    def move_count(self) -> int:
        return len(self.moves)

    def setup(self) -> GameSetup:
        """The guided game's setup: the game's defaults with ``options`` over them."""
        from game.catalog import GAMES
        from game.setups import GameSetup
        options = {**GAMES[self.game_id].defaults(), **self.options}
        return GameSetup(self.game_id, list(self.seats), options, self.seed)


class Guide:
    """The guide on ``table`` following ``script``; see the module docstring. ``said`` is
    every message shown, in order, as keys: ``intro 0``, ``move 0``, ``lesson capture``,
    ``free``, ``end`` (the tests follow them)."""

    def __init__(self, table: Any, script: GuideScript) -> None:
        self.table, self.script = table, script
        self.key = ""           # the message shown now (a key of ``said``)
        self.msgid = ""         # and its text, translated when drawn
        self.values: dict[str, Any] = {}
        self.holding = False    # a message waits for Next (the queue waits on it)
        self.final = False      # Next leaves: the guided game is over
        self.step = 0           # the opening moves made
        self.seen: set[str] = set()
        self.said: list[str] = []
        self.pointing: list[pygame.Rect] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.next_button = Button(_("Next"), self.next, primary=True, role="small")
        self.leave_button = Button(_("Leave guide"), self.leave, role="small")
        self.left = False
        self.started = False
        self.dealt: list[Any] = []  # the deal's events, explained after the intro

    # The script ---------------------------------------------------------------------------------
    def start(self) -> None:
        """Queue the words before the first move (after the deal queued before them), then
        what the deal showed (a teyaku)."""
        self.started = True
        for i, text in enumerate(self.script.intro):
            self.hold(f"intro {i}", text)
        for event in self.dealt:
            self.saw(event)
        self.dealt = []

    def hold(self, key: str, msgid: str, final: bool = False, **values: Any) -> None:
        """Queue a message that waits for Next: the queue (and the game) waits on it."""
        if self.table.replaying:
            return
        self.table.queue.call(self.show, key, msgid, final, values)
        self.table.queue.add(lambda: barrier(lambda: not self.holding))

    def show(self, key: str, msgid: str, final: bool = False,
             values: dict[str, Any] | None = None, holding: bool = True) -> None:
        if key != self.key and key != "watch" and not (key == "free" and key in self.said):
            self.said.append(key)  # (play on is said again after each lesson: once here)
        self.key, self.msgid, self.values = key, msgid, values or {}
        self.holding, self.final = holding, final
        if holding:
            self.table.play("click")

    def saw(self, event: Any) -> None:
        """An event is being animated: explain the rules it shows that are new, and end
        the guided game at ``end_on``."""
        if not self.started:
            self.dealt.append(event)
            return
        for rule in self.script.lesson_of(self.table, event):
            if rule not in self.seen and rule in self.script.lessons:
                self.seen.add(rule)
                self.hold(f"lesson {rule}", self.script.lessons[rule])
        if event.kind == self.script.end_on and "end" not in self.seen:
            self.seen.add("end")
            self.hold("end", self.script.outro or _END, final=True)

    @property
    def expected(self) -> str | None:
        """The opening move the player is to make now (None: they play freely)."""
        moves = self.script.moves
        return moves[self.step][0] if self.step < len(moves) else None

    def accept(self, action: Any) -> bool:
        """May the player make ``action`` now? The opening's move only (counted then)."""
        expected = self.expected
        if expected is None:
            return True
        if str(action) != expected:
            return False
        self.step += 1
        self.show("watch", _WATCH, holding=False)  # (the move's words are done with)
        return True

    def refusal(self) -> str:
        return _("The guide asks for another move: follow the arrow, or press Leave guide.")

    # Input and the frame --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """The guide's keys and buttons, before the table's; True when used."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.leave()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.holding:
                self.next()
                return True
            return False
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            used = self.leave_button.handle_event(event)
            if self.holding:
                used = self.next_button.handle_event(event) or used
            if event.type != pygame.MOUSEMOTION and self.box.collidepoint(event.pos) \
                    and not self.table.drag.active:
                return True  # (the box is not the table under it; a card let go goes home)
            return used
        return False

    def next(self) -> None:
        if not self.holding:
            return
        self.holding = False
        if self.final:
            self.leave()

    def leave(self) -> None:
        """Back to the game's setup screen (the guided game is not saved nor counted)."""
        if self.left:
            return
        self.left = True
        table = self.table
        if table.app is None:
            return
        table.app.stack.replace(screen("setup", self.script.game_id))

    def update(self, dt: float) -> None:
        """What the box says when no message waits: the move to make, or play on."""
        t = self.table
        if not self.holding and not t.queue.busy and not self.final:
            action = self.expected_action() if t.guide_hooks.turn() else None
            if action is not None:
                text = self.script.moves[self.step][1] or t.guide_hooks.move_text(action)
                self.show(f"move {self.step}", text, holding=False,
                          values=t.guide_hooks.move_values(action))
            elif self.expected is None and self.script.free and t.guide_hooks.turn():
                self.show("free", self.script.free, holding=False)
        self.pointing = self._pointing()
        self.next_button.visible = self.holding
        # Under a choice of words (a screen over the table) the box's buttons are out of reach.
        self.leave_button.visible = not t.guide_hooks.avoid()
        self.next_button.text = _("Finish") if self.final else _("Next")
        self.leave_button.text = _("Leave guide")
        self.next_button.update(dt)
        self.leave_button.update(dt)
        self.arrange()

    def expected_action(self) -> Any:
        """The legal action the opening asks for now (None: none now)."""
        expected = self.expected
        if expected is None:
            return None
        return next((a for a in self.table.game.legal_actions() if str(a) == expected), None)

    def _pointing(self) -> list[pygame.Rect]:
        if self.holding or not self.key.startswith(("move", "free")):
            return []
        action = (self.expected_action() if self.key != "free"
                  else self.table.guide_hooks.suggestion())  # (free play: a good move, if any)
        return [] if action is None else self.table.guide_hooks.rects(action)

    # Drawing --------------------------------------------------------------------------------------
    @property
    def text(self) -> str:
        return _(self.msgid).format(**self.values) if self.msgid else ""

    def arrange(self) -> None:
        """Place the box where it covers nothing pointed at nor the table's ``guide_hooks.avoid()``
        (a choice over the panel): over the panel's foot, its head, or the play area's
        top or foot."""
        t, m = self.table, self.table.metrics
        areas = t.guide_hooks.areas()
        avoid = [r.inflate(m.px(16), m.px(16)) for r in self.pointing + t.guide_hooks.avoid()]
        text = self.text
        for area in areas:
            w = min(area.width, m.px(440))
            inner = w - 2 * m.px(16)
            h = (m.px(14) * 2 + text_height(font(m.type_size("small")), text, inner)
                 + m.gap + m.row_height)
            for y in (area.bottom - h, area.y):
                box = pygame.Rect(area.centerx - w // 2, y, w, h)
                if box.collidelist(avoid) < 0:
                    self._place(box)
                    return
        first = areas[0]
        self._place(pygame.Rect(first.x, first.y, min(first.width, m.px(440)), m.px(160)))

    def _place(self, box: pygame.Rect) -> None:
        m = self.table.metrics
        self.box = box.clamp(pygame.Rect((0, 0), self.table.size))
        bw = (box.width - 2 * m.px(16) - m.gap) // 2
        y = self.box.bottom - m.px(14) - m.row_height
        self.leave_button.place(pygame.Rect(self.box.x + m.px(16), y, bw, m.row_height), m)
        self.next_button.place(pygame.Rect(self.box.right - m.px(16) - bw, y, bw,
                                           m.row_height), m)

    def parts(self) -> dict[Any, tuple[Any, pygame.Rect]]:
        """What ``draw`` shows, for the table's ``over_parts``."""
        m = self.table.metrics
        grow = m.px(30)
        union = self.box.inflate(grow, grow)
        for r in self.pointing:
            union.union_ip(r.inflate(grow * 2, grow * 3))
        key = (self.text, tuple(map(tuple, self.pointing)), self.box.size,
               self.next_button.look(), self.leave_button.look())
        return {"guide": (key, union)}

    def draw(self, surface: pygame.Surface) -> None:
        if not self.msgid or self.left:
            return
        m = self.table.metrics
        ring = max(3, m.px(4))
        for r in self.pointing:
            pygame.draw.rect(surface, theme.GOLD, r.inflate(ring * 3, ring * 3), ring,
                             border_radius=m.radius + ring)
            tip = (r.centerx, r.y - ring * 2)
            size = m.px(14)
            pygame.draw.polygon(surface, theme.GOLD, [
                tip, (tip[0] - size, tip[1] - size), (tip[0] + size, tip[1] - size)])
        draw.panel(surface, self.box, m.radius, border=max(1, m.px(2)), alpha=245,
                   border_color=theme.GOLD)  # (nearly opaque: the panel's lines under it)
        inner = self.box.inflate(-2 * m.px(16), -2 * m.px(14))
        draw_text(surface, self.text, font(m.type_size("small")), theme.CREAM, inner)
        self.leave_button.draw(surface)
        self.next_button.draw(surface)


#: Said while the move just made plays out.
_WATCH = N_("Watch the cards: what you did plays out, then the next player's turn.")
#: The last word when a script gives none.
_END = N_("That is the end of the guided game. Press Finish to go back to the setup.")
