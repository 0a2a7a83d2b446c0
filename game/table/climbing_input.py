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

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ai.search import Candidate
from game.i18n import N_, _
from game.table.base import CardTable
from game.table.coach import percent
from game.widgets import Button
from rules.climbing import classify, sort_key
from rules.western import SUITS, Card

if TYPE_CHECKING:  # pragma: no cover
    from game.table.climbing_view import ClimbingLayout, ClimbingView, Copy

_SUIT_ORDER = {s: i for i, s in enumerate(SUITS)}


def suit_key(c: Card) -> tuple[int, tuple[int, int]]:
    """Order by suit (clubs, diamonds, hearts, spades, then the jokers), then by rank."""
    return _SUIT_ORDER.get(c.suit or "", 4), sort_key(c)


class ClimbingInput(CardTable):
    """The input of ``ClimbingTable``; see the module docstring."""

    COACH = True

    if TYPE_CHECKING:  # what the input reads of the table (set in ClimbingTable)
        view: ClimbingView
        layout_: ClimbingLayout
        selected: set[Copy]
        viewer: int

        @property
        def human_to_move(self) -> bool: ...

        def meld_name(self, kind: str, cards: list[Any]) -> str: ...

    def setup_input(self) -> None:
        self.by_suit = False
        self.lasso: tuple[tuple[int, int], tuple[int, int]] | None = None
        self.play_button = Button(_("Play"), self.play_selected, primary=True, role="small")
        self.pass_button = Button(N_("Pass"), self.pass_turn, role="small", translate=True)
        self.hint_button = Button(N_("Hint"), self.hint, role="small", translate=True)
        self.sort_button = Button(_("Sort by suit"), self.toggle_sort, role="small")
        self.buttons = [self.play_button, self.pass_button, self.hint_button, self.sort_button]

    # Order and selection ----------------------------------------------------------------------
    def order_key(self, c: Card) -> Any:
        return suit_key(c) if self.by_suit else sort_key(c)

    def hand_order(self, hand: list[Copy]) -> list[Copy]:
        return sorted(hand, key=lambda c: (self.order_key(c.card), c.n))

    def my_hand(self) -> list[Copy]:
        return self.hand_order(self.view.hands[self.viewer])

    def selected_cards(self) -> list[Card]:
        return [c.card for c in self.my_hand() if c in self.selected]

    def sync_selection(self) -> None:
        """Forget selected cards that left the hand (played, or a new deal)."""
        self.selected &= set(self.view.hands[self.viewer])

    def toggle(self, c: Copy) -> None:
        self.selected ^= {c}
        self.notice = ""
        self.play("click")
        self.retarget(self.queue.duration(0.12))

    def verdict(self) -> tuple[Any, str]:
        """The action the selection makes, and the Play button's label; or None and why not."""
        g = self.game
        cards = self.selected_cards()
        if not cards:
            return None, _("Select cards to play")
        meld = classify(cards)
        if meld is None:
            return None, _("These cards make no meld")
        name = self.meld_name(meld.kind, cards)
        if not self.human_to_move:
            return None, _("{meld}: wait for your turn").format(meld=name)
        action = next((a for a in g.legal_actions() if a.kind == "play"
                       and sorted(map(sort_key, a.cards)) == sorted(map(sort_key, cards))),
                      None)
        if action is None:
            from rules.climbing import beats
            if not beats(meld, g.last):
                last = self.meld_name(g.last.kind, list(g.last.cards))
                return None, _("{meld} does not beat {last}").format(meld=name, last=last)
            action = "play " + " ".join(map(str, cards))  # another choice of the same ranks
        return action, _("Play: {meld}").format(meld=name)

    # Buttons ----------------------------------------------------------------------------------
    def place_buttons(self) -> None:
        area = self.layout_.buttons
        m = self.metrics
        widths = [2.6, 1.0, 1.0, 1.3]
        gap = m.px(10)
        unit = (area.width - gap * (len(widths) - 1)) / sum(widths)
        unit = min(unit, m.px(120))
        x = area.centerx - (unit * sum(widths) + gap * (len(widths) - 1)) / 2
        for b, w in zip(self.buttons, widths):
            b.place(pygame.Rect(round(x), area.y, round(unit * w), area.height), m)
            x += unit * w + gap

    def update_buttons(self, dt: float) -> None:
        g = self.game
        mine = self.is_viewer_human()
        action, label = self.verdict()
        self.play_button.text = label
        self.play_button.enabled = action is not None
        self.pass_button.enabled = self.human_to_move and g.last is not None
        self.hint_button.enabled = self.coach_ready()
        self.sort_button.text = _("Sort by rank") if self.by_suit else _("Sort by suit")
        for b in self.buttons:
            b.visible = mine
            b.update(dt)

    def is_viewer_human(self) -> bool:
        g = self.game
        return not g.is_over and g.players > self.viewer and self.seats[self.viewer] == "human"

    def draw_buttons(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)
        if self.lasso is not None:
            from game import draw, theme
            rect = self.lasso_rect()
            draw.rounded_rect(surface, theme.GOLD, rect, 2, alpha=40)
            pygame.draw.rect(surface, theme.GOLD, rect, 1)

    # Actions ----------------------------------------------------------------------------------
    def play_selected(self) -> None:
        action, why = self.verdict()
        if action is None:
            self.refuse(why)
            return
        self.apply_action(action, human=True)

    def pass_turn(self) -> None:
        g = self.game
        if not self.human_to_move:
            self.refuse(_("It is not your turn."))
        elif g.last is None:
            self.refuse(_("You lead this trick: play any meld."))
        else:
            self.selected = set()
            self.retarget(self.queue.duration(0.12))  # the chosen cards back into the hand
            self.apply_action("pass", human=True)

    def hint(self) -> None:
        """The Hint button and H: the coach (its best meld selected when its advice comes;
        Hint again, the next candidate)."""
        self.coaching.hint()

    # The coach ------------------------------------------------------------------------------
    def coach_ready(self) -> bool:
        """The viewer's turn, nothing animating."""
        return self.human_to_move

    def advice_arrived(self) -> None:
        self.coaching.pick = 0
        self.select_candidate()

    def coach_again(self) -> None:
        advice = self.coaching.advice()
        if advice:
            self.coaching.pick = (self.coaching.pick + 1) % len(advice)
            self.select_candidate()

    def select_candidate(self) -> None:
        """Select the cards of the coach's candidate ``coach_pick`` (none for a pass)."""
        advice = self.coaching.advice()
        if not advice:
            return
        action = advice[self.coaching.pick % len(advice)].action
        from game.table.climbing_view import ClimbingView
        pool = list(self.view.hands[self.viewer])
        cards = list(action.cards) if action.kind == "play" else []
        self.selected = set(ClimbingView.take_from(pool, cards))
        self.notice = ""
        self.play("click")
        self.retarget(self.queue.duration(0.12))

    def move_name(self, action: Any) -> str:
        """A meld by its name ("Pair 7"), or "Pass"."""
        if action.kind != "play":
            return _("Pass")
        meld = classify(list(action.cards))
        return self.meld_name(meld.kind, list(action.cards)) if meld is not None else str(action)

    def coach_summary(self, advice: Sequence[Candidate]) -> str:
        """Every candidate with its estimate, the one selected marked: "Coach: »Pair 7 71% ·
        Pass 55%"."""
        pick = self.coaching.pick % len(advice)
        items = [("»" if i == pick else "") + f"{self.move_name(c.action)} {percent(c.score)}"
                 for i, c in enumerate(advice)]
        return _("Coach: {moves}").format(moves=" · ".join(items))

    def toggle_sort(self) -> None:
        self.by_suit = not self.by_suit
        self.retarget(self.queue.duration(0.3))

    # Events -----------------------------------------------------------------------------------
    def hand_card_at(self, pos: tuple[int, int]) -> Copy | None:
        for c in reversed(self.my_hand()):
            if self.sprites[c].contains(pos):
                return c
        return None

    def lasso_rect(self) -> pygame.Rect:
        assert self.lasso is not None
        (x0, y0), (x1, y1) = self.lasso
        return pygame.Rect(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))

    def handle_input(self, event: pygame.event.Event) -> None:
        mine = self.is_viewer_human()
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            for b in self.buttons:
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
            self.selected = set()
            self.retarget(self.queue.duration(0.12))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard = False
            self.lasso = (event.pos, event.pos)
        elif event.type == pygame.MOUSEMOTION and self.lasso is not None:
            self.lasso = (self.lasso[0], event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.lasso:
            rect = self.lasso_rect()
            self.lasso = None
            if rect.width < self.metrics.px(8) and rect.height < self.metrics.px(8):
                c = self.hand_card_at(rect.center)
                if c is not None:
                    self.toggle(c)
                return
            caught = {c for c in self.view.hands[self.viewer]
                      if self.sprites[c].rect.colliderect(rect)}
            if caught:
                self.selected |= caught
                self.play("click")
                self.retarget(self.queue.duration(0.12))

    def key(self, event: pygame.event.Event) -> None:
        k = event.key
        if k == pygame.K_ESCAPE:
            if self.selected:
                self.selected = set()
                self.retarget(self.queue.duration(0.12))
            else:
                self.pause()
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
