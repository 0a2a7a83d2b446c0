"""How the player acts on the Yatsuhashi table: the mouse and the keyboard.

``TableInput`` holds the input methods of ``YatsuhashiTable`` (``game.games.yatsuhashi.table``),
on the table kit's hooks (``pick``, ``drop_targets``, ``on_drop``, ``on_click``,
``handle_input``): drag a card (with the cards above it) onto a foundation, click a card to
send it where it can go or to collect its yaku (selecting cards when a yaku can be collected
several ways), click the stock to turn it; the keyboard moves a focus over the piles (arrows),
picks cards up and puts them down (Enter), clicks (Space), undoes (Ctrl+Z), redoes (Ctrl+Y),
hints (H) and shows the solver's line (S). A refused move says why. The glows
(``_update_highlights``) show what the input can do now.

>>> month_name(12)
'December'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.games.yatsuhashi.draw import (
    COLLECT_GLOW,
    HINT_GLOW,
    SELECT_GLOW,
    TARGET_GLOW,
)
from game.games.yatsuhashi.rules import yaku_label
from game.games.yatsuhashi.layout import STOCK, WASTE, TableLayout
from game.table.base import CardTable
from game.table.input import tab_as_arrow
from game.table.names import month_name
from rules.hanafuda import Card
from rules.yatsuhashi import BRIDGE, BRIDGE_AFTER, Game, Move, next_month
from sprites import CardSprite

if TYPE_CHECKING:  # pragma: no cover
    from game.widgets import Button

#: Seconds within which a second click on the same spot is the end of a double-click.
DOUBLE_CLICK = 0.4


class _Foundation:
    """A drop target: foundation ``index`` (its column down to just below the top card)."""

    def __init__(self, scene: TableInput, index: int) -> None:
        self.scene = scene
        self.index = index

    @property
    def rect(self) -> pygame.Rect:
        return self.scene.column_rect(self.index)

    def accepts(self, sprites: list[CardSprite]) -> bool | str:
        return self.scene.drop_verdict(sprites[0].data, self.index)


class TableInput(CardTable):
    """The input half of ``YatsuhashiTable``."""

    if TYPE_CHECKING:  # what the input reads of the table (game.games.yatsuhashi.table)
        game: Game
        layout_: TableLayout
        buttons: dict[str, Button]
        finding: dict[str, Any] | None
        hint: tuple[Move, float] | None
        selection: list[Card]
        held: list[Card]
        focus_pile: int
        focus_depth: int
        keyboard: bool
        press_pos: tuple[int, int]
        last_send: tuple[float, tuple[int, int]]
        now: float
        notice: str
        notice_time: float

        def play_move(self, move: Move, *, auto: bool = False, human: bool = False) -> None:
            ...

        def undo(self) -> None: ...

        def redo(self) -> None: ...

        def show_hint(self) -> None: ...

        def show_me(self) -> None: ...

        def ask_new_deal(self) -> None: ...

        def _retarget(self, duration: float, stagger: float = 0.0) -> list[CardSprite]: ...

        def _sync_buttons(self) -> None: ...

        def _hint_cards(self, move: Move) -> list[Card]: ...

    def column_rect(self, i: int) -> pygame.Rect:
        """Foundation ``i``'s drop area: its column from the top to below its last card."""
        col = self.layout_.columns[i]
        f = self.game.foundations[i]
        bottom = col.y + self.layout_.card[1]
        if f:
            bottom = max(bottom, int(self.sprites[f[-1]].target_pos[1] + self.layout_.card[1] / 2))
        return pygame.Rect(col.x - self.layout_.m.px(10), col.y, col.width + self.layout_.m.px(20),
                           bottom - col.y + self.layout_.m.px(10))

    # Input: mouse ----------------------------------------------------------------------------
    @property
    def accepting(self) -> bool:
        return self.finding is None and not self.game.is_won

    def card_at(self, pos: Any) -> Card | None:
        """The table card (not the board's) drawn on top at ``pos``."""
        g = self.game
        on_table = [c for f in g.foundations for c in f] + g.waste + g.stock
        hit = [c for c in on_table if self.sprites[c].contains(pos)]
        return max(hit, key=lambda c: self.sprites[c].z) if hit else None

    def pick(self, pos: Any) -> list[CardSprite] | None:
        if not self.accepting:
            return None
        c = self.card_at(pos)
        if c is None or c in self.game.stock:
            return None
        if self.keyboard and self.held:
            self._drop_held_back()
        seg = self.game.segment(c)
        if not seg:
            if not self.sprites[c].face_up:
                return None
            seg = [c]  # a click (to collect, or to be told why it cannot move)
        return [self.sprites[x] for x in seg]

    def drop_targets(self) -> list[_Foundation]:
        return [_Foundation(self, i) for i in range(len(self.game.foundations))]

    def drop_verdict(self, c: Card, to: int) -> bool | str:
        """May ``c`` (with the cards above it) be dropped on foundation ``to``? True, or why not."""
        g = self.game
        if self.game.destination_of(c, to) is not None:
            return True
        loc = g.location(c)
        if loc is not None and loc[0] == "foundation" and loc[1] == to:
            return False  # back where it came from: no reason needed
        if not g.segment(c):
            return self._why_stuck(c)
        f = g.foundations[to]
        if not f:
            return _("Moving a whole foundation to an empty one changes nothing.")
        want = next_month(c.month)
        return _("{month} goes on {next}.").format(month=month_name(c.month),
                                                   next=month_name(want))

    def _why_stuck(self, c: Card) -> str:
        g = self.game
        loc = g.location(c)
        if loc is not None and loc[0] == "waste":
            return _("Only the top card of the waste can be played.")
        return _("The cards above it are not in month order, so they cannot move with it.")

    def on_drop(self, sprites: list[CardSprite], target: _Foundation) -> None:
        move = self.game.destination_of(sprites[0].data, target.index)
        if move is None:  # the verdict said yes a moment ago; be safe all the same
            self._retarget(self.queue.duration(0.2))
            return
        self._human(move)

    def on_click(self, sprites: list[CardSprite]) -> None:
        # The second click of a double-click lands on whatever the first uncovered: ignore it
        # (players of other solitaires double-click to send a card; one click does it here).
        x, y = self.press_pos
        lx, ly = self.last_send[1]
        if self.now - self.last_send[0] < DOUBLE_CLICK and abs(x - lx) + abs(y - ly) < 12:
            return
        moves = len(self.game.moves)
        self.click_card(sprites[0].data)
        if len(self.game.moves) != moves:
            self.last_send = (self.now, self.press_pos)

    def click_card(self, c: Card) -> None:
        """A click on ``c``: collect its yaku, select it for one, or send it where it can go."""
        g = self.game
        collects = g.collect_moves_with(c)
        if self.selection:
            if c in self.selection:
                self.selection.remove(c)
                self.play("click")
                return
            if collects:
                self._select(c)
                return
            self.selection = []
        if len(collects) == 1:
            self._human(collects[0])
            return
        if collects:
            self._select(c)
            return
        moves = g.moves_for(c)
        if not moves:
            self._refuse(self._why_cannot_move(c))
            return
        filled = [m for m in moves if g.foundations[m.to]]
        empty = [m for m in moves if not g.foundations[m.to]]
        if len(filled) == 1:
            self._human(filled[0])
        elif not filled:
            self._human(empty[0])  # every empty foundation is alike
        else:
            self._refuse(_("It can go to {n} places: drag it to the one you want.").format(
                n=len(filled)))

    def _select(self, c: Card) -> None:
        """Add ``c`` to the selection; collect once only one collection fits it."""
        self.selection.append(c)
        fits = [m for m in self.game.collect_moves() if set(self.selection) <= set(m.cards)]
        if len(fits) == 1:
            self._human(fits[0])
            return
        if not fits:
            self.selection = [c]
            fits = self.game.collect_moves_with(c)
        self.play("click")
        self.notice = _("Several ways to collect {yaku}: click the other cards you want in "
                        "it.").format(yaku=yaku_label(fits[0].yaku or "")) if fits else ""
        self.notice_time = 4.0

    def _why_cannot_move(self, c: Card) -> str:
        g = self.game
        if c is BRIDGE and g.location(c) and not g.bridge_allowed:
            n = len(g.collected)
            return _("The Bridge leaves only after {need} other yaku ({n} collected so "
                     "far).").format(need=BRIDGE_AFTER, n=n)
        if not g.segment(c):
            return self._why_stuck(c)
        want = next_month(c.month)
        return _("No foundation takes it: {month} goes on {next}.").format(
            month=month_name(c.month), next=month_name(want))

    def _human(self, move: Move) -> None:
        self.notice = ""
        self.selection = []
        self.play_move(move, human=True)

    def _refuse(self, reason: str) -> None:
        self.refuse(reason)

    def _click_stock(self) -> None:
        g = self.game
        if g.stock:
            self._human(Move("turn"))
        elif g.waste:
            self._human(Move("recycle"))
        else:
            self._refuse(_("The stock and the waste are empty."))

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)  # the kit: input during animation finishes it first
        self._sync_buttons()

    def handle_input(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._handle_key(event)
            return
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons.values():
                b.handle_event(event)
        for b in self.buttons.values():
            clicked = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
            if clicked and b.handle_event(event):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.play("click")
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press_pos = event.pos
            if not self.accepting:
                return
            if self.layout_.stock.collidepoint(event.pos):
                self._click_stock()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.selection:
            self.selection = []  # a right click drops the selection
            return
        self.drag.enabled = self.accepting
        self.drag.handle_event(event)

    # Input: keyboard -------------------------------------------------------------------------
    def _handle_key(self, event: pygame.event.Event) -> None:
        k, mod = tab_as_arrow(event), event.mod
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if k == pygame.K_ESCAPE:
            if self.drag.active:
                self.drag.cancel()
            elif self.held:
                self._drop_held_back()
            elif self.selection:
                self.selection = []
            else:
                self.pause()
            return
        if ctrl and k == pygame.K_z:
            if mod & pygame.KMOD_SHIFT:
                self.redo()
            else:
                self.undo()
            return
        if ctrl and k == pygame.K_y:
            self.redo()
            return
        if k == pygame.K_h:
            self.show_hint()
            return
        if k == pygame.K_s and not ctrl:
            self.show_me()
            return
        if k == pygame.K_F2:
            self.ask_new_deal()
            return
        if not self.accepting:
            return
        was = self.keyboard
        self.keyboard = True
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if k == pygame.K_LEFT else 1
            piles = 2 + len(self.game.foundations)
            self.focus_pile = (self.focus_pile + step) % piles if was else self.focus_pile
            self.focus_depth = 0
        elif k in (pygame.K_UP, pygame.K_DOWN) and was:
            self._move_depth(1 if k == pygame.K_UP else -1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._key_enter()
        elif k == pygame.K_SPACE:
            c = self.focused_card()
            if self.focus_pile == STOCK:
                self._click_stock()
            elif c is not None:
                self.click_card(c)
        if not self.queue.busy:  # the focus or the held cards changed: show it
            self._retarget(self.queue.duration(0.12))

    def _move_depth(self, step: int) -> None:
        """Up/Down in a foundation: choose how deep into its face-up cards to pick up."""
        i = self.focus_pile - 2
        if i < 0:
            return
        g = self.game
        up = len(g.foundations[i]) - g.face_down[i]
        self.focus_depth = max(0, min(max(0, up - 1), self.focus_depth + step))

    def focused_card(self) -> Card | None:
        g = self.game
        if self.focus_pile == STOCK:
            return g.stock[0] if g.stock else None
        if self.focus_pile == WASTE:
            return g.waste[-1] if g.waste else None
        f = g.foundations[self.focus_pile - 2]
        if not f:
            return None
        depth = min(self.focus_depth, len(f) - 1 - g.face_down[self.focus_pile - 2])
        return f[len(f) - 1 - max(0, depth)]

    def _key_enter(self) -> None:
        g = self.game
        if self.held:
            if self.focus_pile < 2:
                self._drop_held_back()
                return
            to = self.focus_pile - 2
            verdict = self.drop_verdict(self.held[0], to)
            if verdict is True:
                move = g.destination_of(self.held[0], to)
                self.held = []
                if move is not None:
                    self._human(move)
                return
            self._refuse(verdict or _("Choose another foundation, or press Esc."))
            if verdict is False:
                self._drop_held_back()
            return
        if self.focus_pile == STOCK:
            self._click_stock()
            return
        c = self.focused_card()
        if c is None:
            return
        seg = g.segment(c)
        if not seg:
            self._refuse(self._why_cannot_move(c))
            return
        if not g.moves_for(c):
            self._refuse(self._why_cannot_move(c))
            return
        self.held = seg
        self.play("click")

    def _drop_held_back(self) -> None:
        self.held = []
        self._retarget(self.queue.duration(0.15))

    def _update_highlights(self) -> None:
        g = self.game
        for s in self.sprites.values():
            s.highlight = None
        if not self.accepting:
            return
        for m in g.collect_moves():
            for c in m.cards:
                self.sprites[c].highlight = COLLECT_GLOW
        for c in self.selection:
            self.sprites[c].highlight = SELECT_GLOW
        if self.drag.dragging:
            for t in self.drag.legal_targets:
                f = g.foundations[t.index]
                if f:
                    self.sprites[f[-1]].highlight = TARGET_GLOW
        for c in self.held:
            self.sprites[c].highlight = SELECT_GLOW
        if self.held:
            for m in g.moves_for(self.held[0]):
                f = g.foundations[m.to]
                if f:
                    self.sprites[f[-1]].highlight = TARGET_GLOW
        if self.hint is not None:
            for c in self._hint_cards(self.hint[0]):
                self.sprites[c].highlight = HINT_GLOW

