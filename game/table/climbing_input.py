"""``ClimbingInput``: how the player plays at a climbing table (a part of ``ClimbingTable``,
``game.table.climbing``): select cards (click, lasso across the hand, Space on the focused
card; right click clears), then Play, Pass, Hint or Sort (buttons over the hand, or P, H, S,
Enter). The Play button names the meld selected and says why when it cannot be played.

Hint asks the coach (``game.table.coach``): once its advice is in, the best meld is selected
(none for a pass) and the message line lists each candidate with its estimate; Hint again
selects the next candidate.

>>> from rules.western import parse_card
>>> suit_key(parse_card("5H")) < suit_key(parse_card("3S")), suit_key(parse_card("JJ"))[0]
(True, 4)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.fonts import font
from game.i18n import N_, _
from game.table.input import TableInput
from game.widgets import Button
from rules.climbing import classify, sort_key
from rules.western import SUITS, Card

if TYPE_CHECKING:  # pragma: no cover
    from game.table.climbing_view import Copy

_SUIT_ORDER = {s: i for i, s in enumerate(SUITS)}


def suit_key(c: Card) -> tuple[int, tuple[int, int]]:
    """Order by suit (clubs, diamonds, hearts, spades, then the jokers), then by rank."""
    return _SUIT_ORDER.get(c.suit or "", 4), sort_key(c)


class ClimbingInput(TableInput):
    """The input of ``ClimbingTable``; see the module docstring."""

    def setup_input(self) -> None:
        t = self.table
        t.by_suit = False
        t.lasso = None  # the rectangle dragged across the hand (two corners), if any
        t.play_button = Button(_("Play"), self.play_selected, primary=True, role="small")
        t.pass_button = Button(N_("Pass"), self.pass_turn, role="small", translate=True)
        t.hint_button = Button(N_("Hint"), self.hint, role="small", translate=True)
        t.sort_button = Button(_("Sort by suit"), self.toggle_sort, role="small")
        t.buttons = [t.play_button, t.pass_button, t.hint_button, t.sort_button]

    # Order and selection ----------------------------------------------------------------------
    def order_key(self, c: Card) -> Any:
        return suit_key(c) if self.table.by_suit else sort_key(c)

    def hand_order(self, hand: list[Copy]) -> list[Copy]:
        return sorted(hand, key=lambda c: (self.order_key(c.card), c.n))

    def my_hand(self) -> list[Copy]:
        t = self.table
        return self.hand_order(t.view.hands[t.viewer])

    def selected_cards(self) -> list[Card]:
        return [c.card for c in self.my_hand() if c in self.table.selected]

    def sync_selection(self) -> None:
        """Forget selected cards that left the hand (played, or a new deal)."""
        t = self.table
        t.selected &= set(t.view.hands[t.viewer])

    def toggle(self, c: Copy) -> None:
        t = self.table
        t.selected ^= {c}
        t.notice = ""
        t.play("click")
        t.retarget(t.queue.duration(0.12))

    def verdict(self) -> tuple[Any, str]:
        """The action the selection makes, and the Play button's label; or None and why not."""
        t = self.table
        g = t.game
        cards = self.selected_cards()
        if not cards:
            return None, _("Select cards to play")
        meld = classify(cards)
        if meld is None:
            return None, _("These cards make no meld")
        name = t.meld_name(meld.kind, cards)
        if not t.human_to_move:
            return None, _("{meld}: wait for your turn").format(meld=name)
        action = next((a for a in g.legal_actions() if a.kind == "play"
                       and sorted(map(sort_key, a.cards)) == sorted(map(sort_key, cards))),
                      None)
        if action is None:
            from rules.climbing import beats
            if not beats(meld, g.last):
                last = t.meld_name(g.last.kind, list(g.last.cards))
                return None, _("{meld} does not beat {last}").format(meld=name, last=last)
            action = "play " + " ".join(map(str, cards))  # another choice of the same ranks
        return action, _("Play: {meld}").format(meld=name)

    # Buttons ----------------------------------------------------------------------------------
    def place_buttons(self) -> None:
        t = self.table
        area = t.layout_.buttons
        m = t.metrics
        shares = [2.6, 1.0, 1.0, 1.3]
        gap = m.px(10)
        unit = min((area.width - gap * 3) / sum(shares), m.px(120))
        # Pass, Hint and Sort as wide as their captions need at their role's size (so no
        # caption is drawn smaller than its neighbours'); Play, whose words change, the rest.
        f = font(m.type_size("small"), True)
        needs = [max(f.size(c)[0] for c in captions) + 2 * m.px(14) + m.px(6) for captions in
                 ([_("Pass")], [_("Hint")], [_("Sort by suit"), _("Sort by rank")])]
        others = [max(unit * w, need) for w, need in zip(shares[1:], needs)]
        widths = [max(unit * shares[0] - sum(others) + unit * sum(shares[1:]), unit * 1.6),
                  *others]
        fit = min(1.0, (area.width - gap * 3) / sum(widths))  # (else all give way alike)
        widths = [w * fit for w in widths]
        x = area.centerx - (sum(widths) + gap * 3) / 2
        for b, w in zip(t.buttons, widths):
            b.place(pygame.Rect(round(x), area.y, round(w), area.height), m)
            x += w + gap

    def update_buttons(self, dt: float) -> None:
        t = self.table
        g = t.game
        mine = self.is_viewer_human()
        action, label = self.verdict()
        t.play_button.text = label
        t.play_button.enabled = action is not None
        t.pass_button.enabled = t.human_to_move and g.last is not None
        t.hint_button.enabled = t.coach_ready()
        t.sort_button.text = _("Sort by rank") if t.by_suit else _("Sort by suit")
        for b in t.buttons:
            b.visible = mine
            b.update(dt)

    def is_viewer_human(self) -> bool:
        t = self.table
        g = t.game
        return not g.is_over and g.players > t.viewer and t.seats[t.viewer] == "human"

    def draw_buttons(self, surface: pygame.Surface) -> None:
        t = self.table
        for b in t.buttons:
            b.draw(surface)
        if t.lasso is not None:
            from game import draw, theme
            rect = self.lasso_rect()
            draw.rounded_rect(surface, theme.GOLD, rect, 2, alpha=40)
            pygame.draw.rect(surface, theme.GOLD, rect, 1)

    # Actions ----------------------------------------------------------------------------------
    def play_selected(self) -> None:
        t = self.table
        action, why = self.verdict()
        if action is None:
            t.refuse(why)
            return
        t.apply_action(action, human=True)

    def pass_turn(self) -> None:
        t = self.table
        g = t.game
        if not t.human_to_move:
            t.refuse(_("It is not your turn."))
        elif g.last is None:
            t.refuse(_("You lead this trick: play any meld."))
        else:
            t.selected = set()
            t.retarget(t.queue.duration(0.12))  # the chosen cards back into the hand
            t.apply_action("pass", human=True)

    def hint(self) -> None:
        """The Hint button and H: the coach (its best meld selected when its advice comes;
        Hint again, the next candidate)."""
        self.table.coaching.hint()

    def select_candidate(self) -> None:
        """Select the cards of the coach's candidate ``coach_pick`` (none for a pass)."""
        t = self.table
        advice = t.coaching.advice()
        if not advice:
            return
        action = advice[t.coaching.pick % len(advice)].action
        from game.table.climbing_view import ClimbingView
        pool = list(t.view.hands[t.viewer])
        cards = list(action.cards) if action.kind == "play" else []
        t.selected = set(ClimbingView.take_from(pool, cards))
        t.notice = ""
        t.play("click")
        t.retarget(t.queue.duration(0.12))

    def toggle_sort(self) -> None:
        t = self.table
        t.by_suit = not t.by_suit
        t.retarget(t.queue.duration(0.3))

    # Events -----------------------------------------------------------------------------------
    def hand_card_at(self, pos: tuple[int, int]) -> Copy | None:
        for c in reversed(self.my_hand()):
            if self.table.sprites[c].contains(pos):
                return c
        return None

    def lasso_rect(self) -> pygame.Rect:
        t = self.table
        assert t.lasso is not None
        (x0, y0), (x1, y1) = t.lasso
        return pygame.Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))

    def handle_input(self, event: pygame.event.Event) -> None:
        t = self.table
        mine = self.is_viewer_human()
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            for b in t.buttons:
                if not (mine and b.visible):
                    continue
                if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                        not b.enabled and b.hit(event.pos) and b.on_activate is not None:
                    b.on_activate()  # a disabled button says why it cannot act
                    return
                if b.handle_event(event):
                    return
        if event.type == pygame.KEYDOWN:
            self.key(event)
            return
        if not mine:
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            t.selected = set()
            t.retarget(t.queue.duration(0.12))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard = False
            t.lasso = (event.pos, event.pos)
        elif event.type == pygame.MOUSEMOTION and t.lasso is not None:
            t.lasso = (t.lasso[0], event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and t.lasso:
            rect = self.lasso_rect()
            t.lasso = None
            if rect.width < t.metrics.px(8) and rect.height < t.metrics.px(8):
                c = self.hand_card_at(rect.center)
                if c is not None:
                    self.toggle(c)
                return
            caught = {c for c in t.view.hands[t.viewer]
                      if t.sprites[c].rect.colliderect(rect)}
            if caught:
                t.selected |= caught
                t.play("click")
                t.retarget(t.queue.duration(0.12))

    def key(self, event: pygame.event.Event) -> None:
        t = self.table
        k = event.key
        if k == pygame.K_ESCAPE:
            if t.selected:
                t.selected = set()
                t.retarget(t.queue.duration(0.12))
            else:
                t.pause()
            return
        if not self.is_viewer_human():
            return
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.play_selected()
        elif k == pygame.K_p:
            self.pass_turn()
        elif k == pygame.K_h:
            self.hint()
        elif k == pygame.K_s:
            self.toggle_sort()
        else:
            self.focus_key(event)

    def focus_rows(self) -> list[list[Any]]:
        return [self.my_hand()] if self.is_viewer_human() else []

    def activate(self, c: Any) -> None:
        self.toggle(c)
