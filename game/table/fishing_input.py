"""``FishingInput``: how the player plays at a fishing table (a part of ``FishingTable``,
``game.table.fishing``).

Drag a hand card onto a field card of its month (or onto the field, ``_FieldTarget``), click
it (a card with two possible captures then asks which: the two glow, and a click on one
chooses; Esc drops the question), or use the keyboard: arrows choose a card, Enter or Space
plays it. The drawn card's choice of capture is a click (or Enter) on a glowing card. When the
game lets a capture come from another seat's pile (``steals``: Hana-awase), the cards of those
piles are targets like the field's: they glow, take a drop and a click; one's own pile never
is. A refused move says why (``drop_verdict``, ``why_not``). The glows (``update_highlights``: gold
on a hand card that can capture and on the card choosing, green on what it can capture) and
the message line's ``status()`` say what the player may do now.

H or the Hint button asks the coach (``game.table.coach``): its advice is shown on the cards
(``coach_marks``: a badge with the estimate on each candidate's card, the best one gold, its
card glowing and its capture outlined), H again hides it and shows it again.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import pygame

from game import theme
from game.i18n import N_, _
from game.table.coach import percent
from game.table.fishing_view import PLAY, TAKE
from game.table.input import TableInput
from game.table.names import card_name
from rules.hanafuda import Card
from sprites import CardSprite
from sprites.card_sprite import Glow

GOLD_GLOW = Glow(theme.GLOW_ACT)                  # a hand card that can capture
CHOOSING_GLOW = Glow(theme.GLOW_ACT, "ring")      # the card choosing a capture
MATCH_GLOW = Glow(theme.GLOW_TARGET, "dashed")    # the field cards it can capture
COACH_GLOW = Glow(theme.GLOW_COACH, "marker")     # the coach's choice

#: The words of the fishing games' own decisions, as the coach names them.
WORD_NAMES = {"koikoi": N_("Koi-koi"), "stop": N_("Stop"), "swap": N_("Swap hands"),
              "keep": N_("Keep my hand")}


class _FieldTarget:
    """A drop target: one field card (or pile card), or the empty field (``card`` None)."""

    def __init__(self, input_: FishingInput, card: Card | None) -> None:
        self.input = input_
        self.card = card

    @property
    def rect(self) -> pygame.Rect:
        table = self.input.table
        return table.layout_.field if self.card is None else table.sprites[self.card].rect

    def accepts(self, sprites: list[CardSprite]) -> bool | str:
        return self.input.drop_verdict(sprites[0].data, self.card)


class FishingInput(TableInput):
    """The input of ``FishingTable``; see the module docstring."""

    # Drag, click and keyboard ---------------------------------------------------------------------
    def pick(self, pos: Any) -> list[CardSprite] | None:
        t = self.table
        if not t.human_to_move or t.game.phase != PLAY:
            return None
        for c in reversed(t.view.hands[t.viewer]):
            if t.sprites[c].contains(pos):
                return [t.sprites[c]]
        return None

    def drop_targets(self) -> list[_FieldTarget]:
        t = self.table
        own = t.view.piles[t.viewer] if self.steals() else []
        return [_FieldTarget(self, c) for c in [*self.targets(), *own]] + \
            [_FieldTarget(self, None)]

    def steals(self) -> bool:
        """May a capture come from another seat's pile (the engine's ``steal`` option)?"""
        return bool(self.table.game.options.steal)

    def targets(self) -> list[Card]:
        """The cards a played or drawn card may land on to capture: the field's, then (when
        ``steals``) those of the other seats' piles."""
        t = self.table
        out = list(t.view.field.values())
        if self.steals():
            out += [c for s, pile in enumerate(t.view.piles) if s != t.viewer
                    for c in pile]
        return out

    def actions_for(self, c: Card) -> list[Any]:
        return [a for a in self.table.game.legal_actions() if a.kind == PLAY and a.card is c]

    def matches(self, c: Card) -> list[Card]:
        """The cards ``c`` could capture: its month among ``targets()``."""
        return [f for f in self.targets() if f.month == c.month]

    def drop_verdict(self, c: Card, onto: Card | None) -> bool | str:
        """May hand card ``c`` be dropped on ``onto`` (a field card, a pile card when
        ``steals``; None: the empty field)?"""
        t = self.table
        actions = self.actions_for(c)
        if not actions:
            return self.why_not(c)
        if onto is not None and t.view.pile_of(onto) == t.viewer:
            return _("Cards are taken from the field or another player's pile, never from "
                     "your own.")
        if onto is None:
            if any(a.lay or a.target is None and not self.matches(c) for a in actions):
                return True
            return _("{card} can capture: drop it on a card of its month.").format(
                card=card_name(c))
        if onto.month != c.month:
            return _("{a} is not of the same month as {b}.").format(a=card_name(c),
                                                                    b=card_name(onto))
        return True

    def why_not(self, c: Card) -> str:
        """Why hand card ``c`` cannot be played now: under compulsory matching, another card
        of the hand matches and this one does not."""
        if self.table.game.options.matching == "required" and not self.matches(c):
            if self.steals():
                return _("You hold a card that matches the field or another player's pile: "
                         "you must play one of those.")
            return _("You hold a card that matches the field: you must play one of those.")
        return _("That card cannot be played now.")

    def action_for_drop(self, c: Card, onto: Card | None) -> Any:
        for a in self.actions_for(c):
            if onto is None and (a.lay or (a.target is None and not self.matches(c))):
                return a
            if onto is not None and not a.lay:
                if a.target is onto:
                    return a
                if a.target is None and self.matches(c):
                    return a  # one capture (or a triple): any of its cards will do
        return None

    def on_drop(self, sprites: list[CardSprite], target: _FieldTarget) -> None:
        t = self.table
        action = self.action_for_drop(sprites[0].data, target.card)
        if action is None:
            t.refuse(_("That card cannot go there."))
            t.retarget(t.queue.duration(0.25))
            return
        self.human_action(action)

    def on_refuse(self, sprites: list[CardSprite], target: Any, reason: str | None) -> None:
        self.table.refuse(
            reason or _("Drop the card on a field card of its month, or on the field."))

    def on_click(self, sprites: list[CardSprite]) -> None:
        self.play_card(sprites[0].data)

    def play_card(self, c: Card) -> None:
        """A click (or Enter) on hand card ``c``: play it, or ask which capture if two."""
        t = self.table
        actions = self.actions_for(c)
        if not actions:
            t.refuse(self.why_not(c))
            return
        captures = [a for a in actions if not a.lay]
        if len(captures) > 1:
            t.choosing = c  # two field cards of the month: the player picks one
            self.focus = captures[0].target
            t.play("click")
            return
        self.human_action(captures[0] if captures else actions[0])

    def choose_target(self, chosen: Card) -> bool:
        """The player picked field card ``chosen`` to capture (the drawn card's choice, or the
        hand card's): act, or refuse. False when no choice is pending."""
        t = self.table
        g = t.game
        if g.phase == TAKE:
            action = next((a for a in g.legal_actions() if a.target is chosen), None)
            if action is None:
                t.refuse(_("The drawn card can capture only a card of its month."))
            else:
                self.human_action(action)
            return True
        if t.choosing is not None:
            action = next((a for a in self.actions_for(t.choosing) if a.target is chosen),
                          None)
            if action is None:
                t.refuse(_("Choose one of the two glowing cards."))
            else:
                self.human_action(action)
            return True
        return False

    def human_action(self, action: Any) -> None:
        t = self.table
        t.choosing = None
        t.apply_action(action, human=True)

    def target_at(self, pos: Any, wanted: Collection[Card] = ()) -> Card | None:
        """The card under ``pos`` that a capture could take (see ``targets``), or None; of
        cards lying over each other (a pile), the top one, or the top one of ``wanted`` when
        one of them is (a covered card of a choice is found by any part of it)."""
        under = [c for c in reversed(self.targets()) if self.table.sprites[c].contains(pos)]
        return next((c for c in under if c in wanted), under[0] if under else None)

    def pile_card_at(self, pos: Any) -> Card | None:
        """The capture pile card under ``pos`` (of any seat; the top one where they
        overlap), or None: the table lifts it to show it whole."""
        t = self.table
        under = [c for pile in t.view.piles for c in pile if t.sprites[c].contains(pos)]
        return max(under, key=lambda c: t.sprites[c].z, default=None)

    def choices(self) -> list[Card]:
        """The cards the drawn card, or the hand card choosing, may capture now."""
        t = self.table
        g = t.game
        if g.phase == TAKE:
            return [a.target for a in g.legal_actions() if a.target is not None]
        if t.choosing is not None:
            return [a.target for a in self.actions_for(t.choosing) if a.target is not None]
        return []

    def handle_input(self, event: pygame.event.Event) -> None:
        t = self.table
        hint = t.hint_button
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and hint.visible:
            if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                    not hint.enabled and hint.hit(event.pos):
                t.coaching.hint()  # a disabled button says why it cannot act
                return
            if hint.handle_event(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_h and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                t.coaching.hint()
                return
            if event.key == pygame.K_ESCAPE:
                if t.drag.active:
                    t.drag.cancel()
                elif t.choosing is not None:
                    t.choosing = None
                else:
                    t.pause()
                return
            if t.human_to_move:
                self.focus_key(event)
            return
        g = t.game
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and t.human_to_move:
            chosen = self.target_at(event.pos, self.choices())
            if chosen is not None and (g.phase == TAKE or t.choosing is not None):
                self.choose_target(chosen)
                return
            t.choosing = None
        if event.type == pygame.MOUSEMOTION:
            for c in t.view.hands[t.viewer]:
                t.sprites[c].hovered = t.human_to_move and t.sprites[c].contains(
                    event.pos)
            t.pile_hover = self.pile_card_at(event.pos)
        t.drag.enabled = t.human_to_move and g.phase == PLAY
        t.drag.handle_event(event)

    def focus_rows(self) -> list[list[Card]]:
        t = self.table
        if not t.human_to_move:
            return []
        g = t.game
        if g.phase == TAKE or t.choosing is not None:
            return [self.choices()]
        if g.phase == PLAY:
            return [list(t.view.hands[t.viewer])]
        return []

    def activate(self, c: Card) -> None:
        t = self.table
        if c in t.view.hands[t.viewer]:
            self.play_card(c)
        else:
            self.choose_target(c)


    # The coach ------------------------------------------------------------------------------------
    def coach_marks(self) -> tuple[list[tuple[Card, str, bool]], list[Card]]:
        """What the coach's advice shows on the cards: badges (card, estimate, the best?) on
        each candidate's hand card (when the drawn card or a hand card choosing captures: on
        the cards it may take), and the cards the best move captures, outlined."""
        t = self.table
        advice = t.coaching.advice()
        if not advice:
            return [], []
        badges: dict[Card, tuple[str, bool]] = {}
        for rank, candidate in enumerate(advice):
            a = candidate.action
            where = None
            if a.kind == TAKE:
                where = a.target
            elif a.kind == PLAY and t.choosing is None:
                where = a.card
            elif a.kind == PLAY and a.card is t.choosing:
                where = a.target
            text = percent(candidate.score)
            if where is not None and text and where not in badges:  # (best first: kept)
                badges[where] = (text, rank == 0)
        best = advice[0].action
        taken: list[Card] = []
        if best.kind == PLAY and not best.lay and t.choosing is None:
            taken = [best.target] if best.target is not None else self.matches(best.card)
        elif best.kind == TAKE and best.target is not None:
            taken = [best.target]
        return [(c, text, top) for c, (text, top) in badges.items()], taken
