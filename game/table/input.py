"""``TableInput``: how every kit table takes input (``table.input``, a part of ``CardTable``).

ONE policy for input during animation: a press (mouse or key, not a modifier) first finishes
every running animation at once (``settle_now``), then acts on the settled table, so the
player never waits for a card to arrive. A held key acts once, except the keys that move the
focus (``REPEATING_KEYS``; Tab and Shift+Tab move it as the arrows do). L or the Game log
button opens the log; Esc pauses.

Then the game's ``handle_input``, on the kit's hooks: drag and drop (``pick``,
``drop_targets``, ``on_drop``, ``on_refuse``, ``on_click``), a refusal said in red
(``refuse``), and the keyboard focus (``focus_rows``, ``activate``, ``focus_key``,
``focus_rect``).

The yaku help: the pointer on a yaku (a panel line, a board slot: ``tip_targets``) shows its
tooltip; Y (Shift+Y back) walks the keyboard through them, Esc or any other key puts it away.

>>> pygame.K_LEFT in REPEATING_KEYS, pygame.K_RETURN in REPEATING_KEYS
(True, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rules.hanafuda import Card
from sprites import CardSprite

if TYPE_CHECKING:  # pragma: no cover
    pass

Point = tuple[float, float]

#: Keys that repeat while held (moving the focus); any other key acts once per press.
REPEATING_KEYS = frozenset({pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN,
                            pygame.K_TAB})
_MODIFIERS = frozenset({pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
                        pygame.K_LALT, pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA})


def tab_as_arrow(event: pygame.event.Event) -> int:
    """The key of a KEYDOWN, Tab read as Right and Shift+Tab as Left (the tables' focus moves
    along a row as a page's moves along its widgets).

    >>> tab = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    >>> tab_as_arrow(tab) == pygame.K_LEFT
    True
    """
    if event.key != pygame.K_TAB:
        return event.key
    return pygame.K_LEFT if event.mod & pygame.KMOD_SHIFT else pygame.K_RIGHT


def is_press(event: pygame.event.Event) -> bool:
    """Does ``event`` act: a mouse button or a key pressed (a modifier alone does not)?

    >>> is_press(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT))
    False
    """
    return event.type == pygame.MOUSEBUTTONDOWN or (
        event.type == pygame.KEYDOWN and event.key not in _MODIFIERS)


class TableInput:
    """A table's input (``table.input``; see the module docstring): it holds the keys down,
    the keyboard focus and the yaku help's choice, and reads the rest of its ``table``."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self._down: set[int] = set()  # keys held (a held key acts once, but the arrows)
        self.keyboard = False         # the keyboard focus is shown (after the first key)
        self.focus: Any = None        # the card the keyboard focus is on
        #: The yaku help: the pointer (the tooltip of what it is on), or the index of the
        #: ``tip_targets()`` chosen with Y.
        self.tip_pointer: tuple[int, int] | None = None
        self.tip_index: int | None = None

    def handle_event(self, event: pygame.event.Event) -> None:
        """The kit's input policy, then the game's ``handle_input``."""
        t = self.table
        if event.type == pygame.KEYUP:
            self._down.discard(event.key)
        elif event.type == pygame.KEYDOWN:
            if event.key in self._down and event.key not in REPEATING_KEYS:
                return  # a held key repeats: it acts once
            self._down.add(event.key)
        acting = is_press(event)
        if self.tip_event(event):
            return
        if acting and event.type == pygame.KEYDOWN and t.drag.active:
            t.drag.cancel()  # a key acts: the card held goes back (to its place now)
        if acting and t.animating:
            t.settle_now()
            t.settled_by_press = True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard = False
        if t.guide is not None and t.guide.handle_event(event):
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and t.log_button.visible and t.log_button.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l and not event.mod & (
                pygame.KMOD_CTRL | pygame.KMOD_META):
            t.show_log()
            return
        self.handle_input(event)

    def tip_event(self, event: pygame.event.Event) -> bool:
        """The yaku help's input (the pointer, Y); True when the event was its own."""
        if event.type == pygame.MOUSEMOTION:
            self.tip_pointer, self.tip_index = event.pos, None
            return False
        if event.type != pygame.KEYDOWN or event.key in _MODIFIERS:
            return False
        if event.key == pygame.K_y and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            n = len(self.table.drawing.tip_targets())
            if n:
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
                start = -1 if step > 0 else 0
                self.tip_index = ((start if self.tip_index is None else self.tip_index)
                                  + step) % n
                self.tip_pointer = None
                self.update_tip()
            return True
        if self.tip_index is not None:
            self.tip_index = None
            self.update_tip()
            return event.key == pygame.K_ESCAPE  # Esc puts the help away, and only that
        return False

    def update_tip(self) -> None:
        """Show the tooltip of what the pointer is on, or of the one Y chose; else none."""
        table = self.table
        tooltip = table.tooltip
        if table.drag.dragging or (table.app is not None and table.app.stack.top is not table):
            tooltip.hide()
            return
        chosen = None
        if self.tip_index is not None or self.tip_pointer is not None:
            targets = table.drawing.tip_targets()
            if self.tip_index is not None and targets:
                chosen = targets[self.tip_index % len(targets)]
            elif self.tip_pointer is not None:
                chosen = next((t for t in targets if t[0].collidepoint(self.tip_pointer)), None)
        if chosen is None:
            tooltip.hide()
        else:
            tooltip.show(chosen[1], chosen[0], pygame.Rect((0, 0), table.size), table.metrics,
                         ring=self.tip_index is not None, below=table.TIPS_BELOW)

    def handle_input(self, event: pygame.event.Event) -> None:
        """The game's input, on a settled table (override; Esc pauses by default)."""
        t = self.table
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            t.pause()
            return
        if event.type == pygame.KEYDOWN:
            self.focus_key(event)
            return
        t.drag.handle_event(event)

    # Drag and drop ------------------------------------------------------------------------------
    def pick(self, pos: Point) -> list[CardSprite] | None:
        """What a press at ``pos`` picks up (override)."""
        return None

    def drop_targets(self) -> list[Any]:
        return []

    def on_drop(self, sprites: list[CardSprite], target: Any) -> None:
        """A legal drop (override)."""

    def on_refuse(self, sprites: list[CardSprite], target: Any, reason: str | None) -> None:
        if reason:
            self.table.refuse(reason)

    def on_click(self, sprites: list[CardSprite]) -> None:
        """A click on a pickable card (override)."""

    # Keyboard focus -----------------------------------------------------------------------------
    def focus_rows(self) -> list[list[Card]]:
        """The cards the arrows move between, row by row, bottom row last (override)."""
        return []

    def activate(self, c: Card) -> None:
        """Enter or Space on the focused card (override)."""

    def focus_key(self, event: pygame.event.Event) -> bool:
        """Arrows move the focus (the first one only shows it), Tab and Shift+Tab as Right
        and Left, Enter/Space act on it."""
        t = self.table
        rows = [r for r in self.focus_rows() if r]
        k = tab_as_arrow(event)
        if not rows or k not in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN,
                                 pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return False
        where = next(((i, r.index(self.focus)) for i, r in enumerate(rows)
                      if self.focus in r), None)
        if where is None:
            where = (len(rows) - 1, 0)
            self.focus = rows[-1][0]
            if not self.keyboard or k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.keyboard = True
                return True
        self.keyboard = True
        i, j = where
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if k == pygame.K_LEFT else 1
            self.focus = rows[i][(j + step) % len(rows[i])]
        elif k in (pygame.K_UP, pygame.K_DOWN):
            i2 = max(0, min(len(rows) - 1, i + (-1 if k == pygame.K_UP else 1)))
            x = t.sprites[rows[i][j]].target_pos[0]
            self.focus = min(rows[i2], key=lambda c: abs(t.sprites[c].target_pos[0] - x))
        else:
            self.activate(rows[i][j])
        return True
