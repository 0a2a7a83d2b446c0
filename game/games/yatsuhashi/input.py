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
from game.games.yatsuhashi.layout import STOCK, WASTE
from game.table.input import TableInput
from game.table.input import tab_as_arrow
from game.table.names import month_name
from rules.hanafuda import Card
from rules.yatsuhashi import BRIDGE, BRIDGE_AFTER, Move, next_month
from sprites import CardSprite

if TYPE_CHECKING:  # pragma: no cover
    pass

#: Seconds within which a second click on the same spot is the end of a double-click.
DOUBLE_CLICK = 0.4


class _Foundation:
    """A drop target: foundation ``index`` (its column down to just below the top card)."""

    def __init__(self, scene: SolitaireInput, index: int) -> None:
        self.scene = scene
        self.index = index

    @property
    def rect(self) -> pygame.Rect:
        return self.scene.column_rect(self.index)

    def accepts(self, sprites: list[CardSprite]) -> bool | str:
        return self.scene.drop_verdict(sprites[0].data, self.index)


class SolitaireInput(TableInput):
    """The input half of ``YatsuhashiTable``."""

    def column_rect(self, i: int) -> pygame.Rect:
        """Foundation ``i``'s drop area: its column from the top to below its last card."""
        t = self.table
        col = t.layout_.columns[i]
        f = t.game.foundations[i]
        bottom = col.y + t.layout_.card[1]
        if f:
            bottom = max(bottom, int(t.sprites[f[-1]].target_pos[1] + t.layout_.card[1] / 2))
        return pygame.Rect(col.x - t.layout_.m.px(10), col.y, col.width + t.layout_.m.px(20),
                           bottom - col.y + t.layout_.m.px(10))

    # Input: mouse ----------------------------------------------------------------------------
    @property
    def accepting(self) -> bool:
        t = self.table
        return t.finding is None and not t.game.is_won

    def pick(self, pos: Any) -> list[CardSprite] | None:
        t = self.table
        if not self.accepting:
            return None
        c = t.card_at(pos)
        if c is None or c in t.game.stock:
            return None
        if self.keyboard and t.held:
            self._drop_held_back()
        seg = t.game.segment(c)
        if not seg:
            if not t.sprites[c].face_up:
                return None
            seg = [c]  # a click (to collect, or to be told why it cannot move)
        return [t.sprites[x] for x in seg]

    def drop_targets(self) -> list[_Foundation]:
        return [_Foundation(self, i) for i in range(len(self.table.game.foundations))]

    def drop_verdict(self, c: Card, to: int) -> bool | str:
        """May ``c`` (with the cards above it) be dropped on foundation ``to``? True, or why not."""
        t = self.table
        g = t.game
        if t.game.destination_of(c, to) is not None:
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
        g = self.table.game
        loc = g.location(c)
        if loc is not None and loc[0] == "waste":
            return _("Only the top card of the waste can be played.")
        return _("The cards above it are not in month order, so they cannot move with it.")

    def on_drop(self, sprites: list[CardSprite], target: _Foundation) -> None:
        t = self.table
        move = t.game.destination_of(sprites[0].data, target.index)
        if move is None:  # the verdict said yes a moment ago; be safe all the same
            t._retarget(t.queue.duration(0.2))
            return
        self._human(move)

    def on_click(self, sprites: list[CardSprite]) -> None:
        # The second click of a double-click lands on whatever the first uncovered: ignore it
        # (players of other solitaires double-click to send a card; one click does it here).
        t = self.table
        x, y = t.press_pos
        lx, ly = t.last_send[1]
        if t.now - t.last_send[0] < DOUBLE_CLICK and abs(x - lx) + abs(y - ly) < 12:
            return
        moves = len(t.game.moves)
        self.click_card(sprites[0].data)
        if len(t.game.moves) != moves:
            t.last_send = (t.now, t.press_pos)

    def click_card(self, c: Card) -> None:
        """A click on ``c``: collect its yaku, select it for one, or send it where it can go."""
        t = self.table
        g = t.game
        collects = g.collect_moves_with(c)
        if t.selection:
            if c in t.selection:
                t.selection.remove(c)
                t.play("click")
                return
            if collects:
                self._select(c)
                return
            t.selection = []
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
        t = self.table
        t.selection.append(c)
        fits = [m for m in t.game.collect_moves() if set(t.selection) <= set(m.cards)]
        if len(fits) == 1:
            self._human(fits[0])
            return
        if not fits:
            t.selection = [c]
            fits = t.game.collect_moves_with(c)
        t.play("click")
        t.notice = _("Several ways to collect {yaku}: click the other cards you want in "
                        "it.").format(yaku=yaku_label(fits[0].yaku or "")) if fits else ""
        t.notice_time = 4.0

    def _why_cannot_move(self, c: Card) -> str:
        g = self.table.game
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
        t = self.table
        t.notice = ""
        t.selection = []
        t.play_move(move, human=True)

    def _refuse(self, reason: str) -> None:
        self.table.refuse(reason)

    def _click_stock(self) -> None:
        g = self.table.game
        if g.stock:
            self._human(Move("turn"))
        elif g.waste:
            self._human(Move("recycle"))
        else:
            self._refuse(_("The stock and the waste are empty."))

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)  # the kit: input during animation finishes it first
        self.table._sync_buttons()

    def handle_input(self, event: pygame.event.Event) -> None:
        t = self.table
        if event.type == pygame.KEYDOWN:
            self._handle_key(event)
            return
        if event.type == pygame.MOUSEMOTION:
            for b in t.controls():
                b.handle_event(event)
        for b in t.controls():
            clicked = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
            if clicked and b.handle_event(event):
                if event.type == pygame.MOUSEBUTTONUP:
                    t.play("click")
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            t.press_pos = event.pos
            if not self.accepting:
                return
            if t.layout_.stock.collidepoint(event.pos):
                self._click_stock()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and t.selection:
            t.selection = []  # a right click drops the selection
            return
        t.drag.enabled = self.accepting
        t.drag.handle_event(event)

    # Input: keyboard -------------------------------------------------------------------------
    def _handle_key(self, event: pygame.event.Event) -> None:
        t = self.table
        k, mod = tab_as_arrow(event), event.mod
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if k == pygame.K_ESCAPE:
            if t.drag.active:
                t.drag.cancel()
            elif t.held:
                self._drop_held_back()
            elif t.selection:
                t.selection = []
            else:
                t.pause()
            return
        if ctrl and k == pygame.K_z:
            if mod & pygame.KMOD_SHIFT:
                t.redo()
            else:
                t.undo()
            return
        if ctrl and k == pygame.K_y:
            t.redo()
            return
        if k == pygame.K_h:
            t.solver.show_hint()
            return
        if k == pygame.K_s and not ctrl:
            t.show_me.toggle()
            return
        if k == pygame.K_F2:
            t.deals.ask_new_deal()
            return
        if k == pygame.K_w and t.offer.visible:
            t.deals.deal_winnable()
            return
        if not self.accepting:
            return
        was = self.keyboard
        self.keyboard = True
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if k == pygame.K_LEFT else 1
            piles = 2 + len(t.game.foundations)
            t.focus_pile = (t.focus_pile + step) % piles if was else t.focus_pile
            t.focus_depth = 0
        elif k in (pygame.K_UP, pygame.K_DOWN) and was:
            self._move_depth(1 if k == pygame.K_UP else -1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._key_enter()
        elif k == pygame.K_SPACE:
            c = self.focused_card()
            if t.focus_pile == STOCK:
                self._click_stock()
            elif c is not None:
                self.click_card(c)
        if not t.queue.busy:  # the focus or the held cards changed: show it
            t._retarget(t.queue.duration(0.12))

    def _move_depth(self, step: int) -> None:
        """Up/Down in a foundation: choose how deep into its face-up cards to pick up."""
        t = self.table
        i = t.focus_pile - 2
        if i < 0:
            return
        g = t.game
        up = len(g.foundations[i]) - g.face_down[i]
        t.focus_depth = max(0, min(max(0, up - 1), t.focus_depth + step))

    def focused_card(self) -> Card | None:
        t = self.table
        g = t.game
        if t.focus_pile == STOCK:
            return g.stock[0] if g.stock else None
        if t.focus_pile == WASTE:
            return g.waste[-1] if g.waste else None
        f = g.foundations[t.focus_pile - 2]
        if not f:
            return None
        depth = min(t.focus_depth, len(f) - 1 - g.face_down[t.focus_pile - 2])
        return f[len(f) - 1 - max(0, depth)]

    def _key_enter(self) -> None:
        t = self.table
        g = t.game
        if t.held:
            if t.focus_pile < 2:
                self._drop_held_back()
                return
            to = t.focus_pile - 2
            verdict = self.drop_verdict(t.held[0], to)
            if verdict is True:
                move = g.destination_of(t.held[0], to)
                t.held = []
                if move is not None:
                    self._human(move)
                return
            self._refuse(verdict or _("Choose another foundation, or press Esc."))
            if verdict is False:
                self._drop_held_back()
            return
        if t.focus_pile == STOCK:
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
        t.held = seg
        t.play("click")

    def _drop_held_back(self) -> None:
        t = self.table
        t.held = []
        t._retarget(t.queue.duration(0.15))

    def _update_highlights(self) -> None:
        g = self.table.game
        for s in self.table.sprites.values():
            s.highlight = None
        if not self.accepting:
            return
        for m in g.collect_moves():
            for c in m.cards:
                self.table.sprites[c].highlight = COLLECT_GLOW
        for c in self.table.selection:
            self.table.sprites[c].highlight = SELECT_GLOW
        if self.table.drag.dragging:
            for t in self.table.drag.legal_targets:
                f = g.foundations[t.index]
                if f:
                    self.table.sprites[f[-1]].highlight = TARGET_GLOW
        for c in self.table.held:
            self.table.sprites[c].highlight = SELECT_GLOW
        if self.table.held:
            for m in g.moves_for(self.table.held[0]):
                f = g.foundations[m.to]
                if f:
                    self.table.sprites[f[-1]].highlight = TARGET_GLOW
        if self.table.hint is not None:
            for c in self.table.solver.hint_cards(self.table.hint[0]):
                self.table.sprites[c].highlight = HINT_GLOW
