"""``FishingTable``: the kit's table for the hanafuda fishing games (Koi-Koi, 600 Hearts,
Hana-awase): hands, a field, capture piles, the stock and the drawn card.

The table keeps a *view* of the cards (``FishingView``) that follows the engine one event at
a time through the animation queue, so the picture shows what has been animated so far, never
a state the player has not seen happen. The engine's actions are ``play`` (a hand card, with
the field card it captures or ``lay`` to lay it down) and ``take`` (what the drawn card
captures when it has a choice); its events ``dealt``, ``turn``, ``played``, ``to_field``,
``drawn`` and ``captured`` are animated here, a game adds its own kinds to ``EVENT_STEPS``.

The player plays by dragging a hand card onto a field card of its month (or onto the field),
by clicking it (a card with two possible captures then asks which, by making them glow), or
with the keyboard: arrows choose a card, Enter or Space plays it. H or the Hint button asks
the coach (``game.table.coach``), whose advice is shown on the cards.

``FishingTable`` holds the kit's parts in their fishing kinds, each in its own module:
``fishing_steps`` (``table.steps``: engine events -> animation steps), ``fishing_input``
(``table.input``: drag, click, keyboard, choices, glows), ``fishing_drawing``
(``table.drawing``: kept layer, labels, message line, panel, banner) and ``fishing_guide``
(``table.guide_hooks``). This module holds the table itself: the view (``FishingView``), the
seats on screen, where each card goes, the panel's figures, a new game, a restart, a replay's
start, the turns, and its answers to the parts. The names a game uses are all importable from
here.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import pygame


from ai.search import Candidate
from game.i18n import N_, _
from game.table.coach import CoachedChoice, percent
from game.table.fishing_drawing import KIND_LABELS, FishingDrawing
from game.table.fishing_input import (CHOOSING_GLOW, COACH_GLOW, GOLD_GLOW, MATCH_GLOW,
                                      WORD_NAMES, FishingInput)
from game.table.base import CardTable
from game.table.placing import Place
from game.table.fishing_steps import FishingSteps, PileYakuSteps
from game.table.fishing_view import PLAY, TAKE, FishingView
from game.table.fishing_guide import FishingGuideHooks
from game.table.guide import GuideScript
from game.table.caches import Face
from game.table.dialogs import CardRow
from game.table.names import card_name
from game.table.opening import open_game, opening_setup
from game.widgets import Button
from game.widgets.button import PAD, fit_widths, share_sizes
from rules.hanafuda import DECK, Card

if TYPE_CHECKING:  # pragma: no cover
    from game.session import Session

__all__ = ["COACH_GLOW", "GOLD_GLOW", "KIND_LABELS", "MATCH_GLOW", "PLAY", "TAKE",
           "FishingTable", "FishingView", "PileYakuSteps"]


class FishingTable(CardTable):
    """Hands, field, piles and stock for a fishing game; see the module docstring. A game
    sets ``LAYOUT`` (a ``places.FishingLayout`` class: a ``stock`` rect, a ``drawn_spot`` and
    ``slot_position(slot, slots)``); the table sets ``self.game`` (its engine) and
    ``self.layout_``."""

    #: The game's layout: a ``places.FishingLayout`` class taking ``players=``.
    LAYOUT: ClassVar[Any]
    GUIDE_HOOKS = FishingGuideHooks
    #: Seats, the one at the bottom of the screen, every hand shown (``setup_view``).
    players: int
    viewer: int
    reveal_all: bool
    #: Each other seat's last turn in a few words beside its name ("took Crane and Sun"),
    #: until its next turn (``FishingSteps.say``), and what it took this turn, those cards
    #: from another seat's pile by that seat too.
    seat_lines: dict[int, tuple[Any, ...]]
    taken: dict[int, list[Card]]
    stolen: dict[int, dict[int, tuple[Card, ...]]]
    #: Pile cards lifted over their pile, drawn whole: those a capture may take now
    #: (glowing) and the one the pointer is on (``update_lifted``).
    lifted: frozenset[Card]
    pile_hover: Card | None
    #: The status line once the game is over (Koi-Koi's says "match").
    OVER = N_("The game is over.")
    #: Each other seat's short name and score over its cards (tables of three or more).
    NAMES_OVER_SEATS = False
    STEPS = FishingSteps
    steps: FishingSteps
    INPUT = FishingInput
    input: FishingInput
    DRAWING = FishingDrawing
    drawing: FishingDrawing

    def __init__(self, setup: Any = None, *, engine: Any = None,
                 session: Session | None = None, demo_moves: int = 0,
                 guide: GuideScript | None = None, watch: bool = False) -> None:
        """A table for ``setup`` (None: the game's defaults) dealing a new game; or
        ``engine``'s position as it stands (a saved game, a test position); or the saved
        ``session`` (Continue). ``demo_moves``: that many moves played first (screenshots;
        never saved). ``guide``: the guided first game of that script (its own deal, never
        saved nor counted). ``watch``: computers only, to be watched (the menu's Watch; never
        saved)."""
        setup, engine = opening_setup(type(self), setup, engine, session, guide)
        super().__init__(setup)
        self.hint_button = Button(N_("Hint"), self.coaching.hint, role="small", translate=True)
        self.layout_ = self.LAYOUT((1280, 800), players=len(self.seats))
        open_game(self, engine, session, demo_moves, guide, watch)

    def arrange(self, size: tuple[int, int]) -> None:
        self.layout_ = self.LAYOUT(size, players=self.players)
        self.share_foot_row()
        self.snap()

    def share_foot_row(self) -> None:
        """The panel's foot row shared by the log's button and the coach's as their captions
        need, both drawn at one size ("Подсказка" was much smaller than "Журнал игры" in the
        narrower part)."""
        lay, m = self.layout_, self.metrics
        log, hint = lay.log_button, lay.hint_button
        gap = hint.x - log.right
        log.width, hint.width = fit_widths([self.log_button.text, self.hint_button.text],
                                           hint.right - log.x, hint.right - log.x, gap,
                                           m.type_size("small"), m.px(PAD))
        hint.x = log.right + gap
        self.log_button.place(log, m)
        self.hint_button.place(hint, m)
        share_sizes([self.log_button, self.hint_button])  # (a narrow row: the smaller size)

    def play_demo(self, moves: int) -> None:
        """Screenshots: ``moves`` seeded random moves, then on to the viewer's turn to play."""
        rng = random.Random(self.setup.seed)
        g = self.game
        done = 0
        while not g.is_over and done < 200 and (
                done < moves or g.current_player != self.viewer or g.phase != PLAY):
            self.apply_action(rng.choice(g.legal_actions()))
            done += 1

    # Set-up -------------------------------------------------------------------------------------
    def new_game(self, engine: Any = None, session: Any = None) -> None:
        """The game from its first deal (animated; the catalogue deals it for the set-up), or
        ``engine``'s or the saved ``session``'s position as it stands (``take_up``)."""
        from game.catalog import GAMES
        self.queue.clear()
        self.drag.cancel()
        self.log.clear()
        self.recorded = False
        self.waiting_for = None
        self.game = engine if engine is not None else GAMES[self.game_id].new_engine(self.setup)
        self.rules = self.game.rules
        self.setup_view(self.game.players, from_engine=False)
        if self.computers is None:
            self.start_computers(self.game_id, self.setup.seed)
        else:
            self.computers.reset(self.setup.seed)
        self.reset_panel()
        if engine is not None or session is not None:  # as the player left it
            engine = self.take_up(engine, session)
            self.sync_panel()
            self.shown_scores = list(engine.scores)
        else:  # the deal and what dealing made happen (a void deal, the draw for first ...)
            self.animate(self.game.start_events)
            if self.saves:
                self.begin_session()
        self.drawing.plan_faces()

    def restart(self) -> None:
        """Pause menu: the same game from its first deal."""
        self.new_game()
        self.layout(self.size)

    def replay_start(self) -> None:
        """A replay starts from the dealt position (a layout's, when no deal is animated)."""
        self.view = FishingView.of(self.game)
        super().replay_start()

    # Turns --------------------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        if self.idle and self.seating.is_human(self.game.current_player):
            seat = self.game.current_player
            if seat != self.viewer:
                def ready(seat: int = seat) -> None:
                    self.viewer = seat
                self.hand_over(seat, ready)
            else:
                self.human_turn(seat)
        self.update_highlights()
        self.update_lifted()
        hint = self.hint_button
        hint.visible = not self.reveal_all  # (a table of computers only has no one to coach)
        hint.enabled = self.coach_ready()
        hint.update(dt)

    def update_lifted(self) -> None:
        """Lift the pile cards a capture may take now (they glow: covered in their pile,
        they would show as a sliver) and the one under the pointer; put back the others."""
        piles = {c for pile in self.view.piles for c in pile}
        lifted = frozenset(c for c in piles if self.sprites[c].highlight is MATCH_GLOW
                           or c is self.pile_hover)
        if lifted != self.lifted:
            changed = lifted ^ self.lifted
            self.lifted = lifted
            self.retarget(self.queue.duration(0.12), cards=changed)

    def human_turn(self, seat: int) -> None:
        """The player at the bottom is to act: ask what the phase needs (override)."""

    # What the input part asks of the table --------------------------------------------------------
    # Highlights and the message line -------------------------------------------------------------
    def update_highlights(self) -> None:
        g = self.game
        for s in self.sprites.values():
            s.highlight = None
        if not self.human_to_move:
            return
        if g.phase == TAKE and g.pending is not None:
            for a in g.legal_actions():
                self.sprites[a.target].highlight = MATCH_GLOW
            return
        if g.phase != PLAY:
            return
        hand = self.view.hands[self.viewer]
        if self.choosing is not None:
            self.sprites[self.choosing].highlight = CHOOSING_GLOW
            for a in self.input.actions_for(self.choosing):
                if a.target is not None:
                    self.sprites[a.target].highlight = MATCH_GLOW
            return
        playable = {a.card for a in g.legal_actions() if a.kind == PLAY}
        for c in hand:
            if c in playable and self.input.matches(c):
                self.sprites[c].highlight = GOLD_GLOW  # can capture
        pointed = [c for c in hand if self.sprites[c].hovered or (
            self.drag.dragging and self.drag.sprites and self.drag.sprites[0].data is c)
            or (self.input.keyboard and self.input.focus is c)]
        for c in pointed:
            for f in self.input.matches(c):
                self.sprites[f].highlight = MATCH_GLOW
        advice = self.coaching.advice()
        if advice and advice[0].action.kind == PLAY:
            self.sprites[advice[0].action.card].highlight = COACH_GLOW

    def move_name(self, action: Any) -> str:
        """A fishing action in words: "play Pine (chaff) onto Pine crane", "Koi-koi"."""
        if action.kind == PLAY:
            if action.target is not None:
                return _("play {card} onto {target}").format(card=card_name(action.card),
                                                            target=card_name(action.target))
            if action.lay or not self.input.matches(action.card):
                return _("lay {card} on the field").format(card=card_name(action.card))
            return _("play {card}").format(card=card_name(action.card))
        if action.kind == TAKE and action.target is not None:
            return _("take {card}").format(card=card_name(action.target))
        return _(WORD_NAMES.get(action.kind, action.kind))

    def coach_summary(self, advice: Sequence[Candidate]) -> str:
        best = advice[0]
        line = _("Coach: {move} — {chance} to win").format(move=self.move_name(best.action),
                                                          chance=percent(best.score))
        if len(advice) > 1 and not math.isnan(advice[1].score) and \
                best.action.kind in (PLAY, TAKE):
            # Hard keeps Normal's favourite unless another move is surely better, so a
            # higher figure elsewhere can be noise: say so rather than look wrong.
            if any(c.score > best.score for c in advice[1:]):
                line += " · " + _("the other choices on the cards, none clearly better")
            else:
                line += " · " + _("the other choices on the cards")
        return line

    def status(self) -> str:
        g = self.game
        if g.is_over:
            return _(self.OVER)
        if self.queue.busy or self.waiting_for is not None:
            return ""
        seat = g.current_player
        if not self.seating.is_human(seat):
            return _("{who} is thinking…").format(who=self.seating.name(seat))
        if g.phase == TAKE:
            return _("The drawn {card} can capture more than one card: click the one it "
                     "takes.").format(card=card_name(g.pending) if g.pending else "")
        if self.choosing is not None:
            return _("{card} can capture more than one card: click the one to take.").format(
                card=card_name(self.choosing))
        if g.phase == PLAY:
            return _("Your turn: click or drag a card from your hand. Glowing cards can "
                     "capture.")
        return ""

    # What the drawing part asks of the table ------------------------------------------------------
    def covered(self) -> None:
        super().covered()
        self.drawing._pieces = None  # (the pile labels hold text: made again in a new language)

    # Faces and drawing --------------------------------------------------------------------------
    def face_sizes(self) -> list[tuple[int, int]]:
        lay = self.layout_
        return [lay.field_card, lay.hand_card, lay.pile_card]

    def faces_needed(self) -> list[Face]:
        """The field size first (the deal and every play show it), then the viewer's hand,
        then the piles, then the result page's rows (the deal's end: the page opens in one
        frame, its cards already made), then the panel's (the cards a yaku lacks)."""
        lay, b = self.layout_, self.drawing.badges
        sizes = [lay.field_card, lay.hand_card, lay.pile_card]
        if self.reveal_all:
            sizes.append(lay.small_card)
        first: list[Face] = []
        if self.game is not None:
            first = [(c, lay.field_card, b) for c in self.game.field] + \
                [(c, lay.hand_card, b) for c in self.game.hands[self.viewer]]
        rows = CardRow.card_size(self.metrics)
        panel = self.PANEL.card_size(self.metrics)
        return first + [(c, size, b) for size in sizes for c in DECK] + \
            [(c, rows, False) for c in DECK] + [(c, panel, False) for c in DECK]

    def panel_key(self) -> tuple:
        """What the panel shows depends on: it is painted again when this changes (the
        scores, round, dealer, turn and piles as animated, and ``panel_figures()``)."""
        g = self.game
        return (self.size, self.viewer, tuple(self.shown_scores), self.shown_round,
                self.shown_dealer, None if g.is_over else g.current_player,
                tuple(tuple(c.index for c in p) for p in self.view.piles),
                self.panel_figures(), self.drawing.panel_faces_ready())

    def panel_figures(self) -> tuple:
        """A game's own figures the panel shows beyond the kit's (override)."""
        return ()

    def log_button_rect(self) -> pygame.Rect:
        return self.layout_.log_button

    # The view: where each card goes --------------------------------------------------------
    #: Field slots laid out before any is taken beyond them.
    FIELD_SLOTS = 8
    #: The game's layout (a ``SeatedLayout`` with the fishing table's places; see above).
    layout_: Any

    #: Set by the game before ``new_game``: False for a demo position, never saved.
    saves: bool
    #: The coach's button beside the log's (``game.table.coach``).
    hint_button: Button
    COACH = True

    # The view: where each card goes ------------------------------------------------------------
    def setup_view(self, players: int, *, from_engine: bool) -> None:
        """Start the view: empty (a deal to animate) or the engine's position as it stands."""
        self.players = players
        self.viewer = next((s for s in range(players) if self.seating.is_human(s)), 0)
        self.reveal_all = "human" not in self.seats  # watching the computers play
        self.view = FishingView.of(self.game) if from_engine else FishingView.empty(players)
        self.choosing: Card | None = None
        self.banner: tuple[str, str, list[Card]] | None = None
        self.seat_lines = {}
        self.taken, self.stolen = {}, {}
        self.lifted = frozenset()
        self.pile_hover = None

    def screen_seat(self, seat: int) -> int:
        """Where ``seat`` sits on screen: 0 at the bottom (the viewer), then round the table."""
        return (seat - self.viewer) % self.players

    def face_up_in_hand(self, seat: int) -> bool:
        """A hand is shown to the human sitting at it, or to everyone when computers play."""
        return self.reveal_all or (seat == self.viewer and self.seating.is_human(seat))

    def places_ahead(self) -> dict[Card, Place]:
        """``places`` for the engine's position as it stands (``FishingView.of``)."""
        shown, self.view = self.view, FishingView.of(self.game)
        try:
            return self.places()
        finally:
            self.view = shown

    def places(self) -> dict[Card, Place]:
        lay, v = self.layout_, self.view
        fc = lay.field_card
        out: dict[Card, Place] = {}
        for i, c in enumerate(v.stock):
            off = min(i, 12) * 0.35
            out[c] = Place((lay.stock.centerx - off, lay.stock.centery - off), fc, False, i)
        slots = max(list(v.field) + [self.FIELD_SLOTS - 1]) + 1
        for slot, c in v.field.items():
            out[c] = Place(lay.slot_position(slot, slots), fc, True, 60)
        for seat in range(self.players):
            at = self.screen_seat(seat)
            size = lay.hand_card_of(at)
            up = self.face_up_in_hand(seat)
            hand = v.hands[seat]
            for i, (c, pos) in enumerate(zip(hand, lay.hand_places(at, len(hand)))):
                out[c] = Place(pos, size, up, 100 + i)
            positions, _labels = lay.pile_places(at, v.piles[seat])
            # (toward the field: down from the top, across from a side, clear of its label)
            pw, ph = lay.pile_card
            lift = {"top": (0, ph * 0.3), "left": (pw * 0.3, 0), "right": (-pw * 0.3, 0)
                    }.get(lay.seats[at].side, (0, -ph * 0.3))
            for i, c in enumerate(v.piles[seat]):
                if c in self.lifted:  # (over its neighbours)
                    x, y = positions[c]
                    out[c] = Place((x + lift[0], y + lift[1]), lay.pile_card, True, 130)
                else:
                    out[c] = Place(positions[c], lay.pile_card, True, 70 + i)
        if v.drawn is not None:
            out[v.drawn] = Place(lay.drawn_spot, fc, True, 140)
        for c, under in v.staged.items():
            if under in out:
                (x, y) = out[under].pos
                out[c] = Place((x + fc[0] * 0.22, y + fc[1] * 0.12), fc, True, 150)
        return out

    # The panel's figures and the turn ----------------------------------------------------------
    def reset_panel(self) -> None:
        """The panel's figures before the first deal (a game adds its own)."""
        self.shown_scores = [0] * self.players
        self.shown_round = 0
        self.shown_dealer = self.game.dealer

    def sync_panel(self) -> None:
        """Bring the panel's figures up to what has been animated (a game adds its own)."""
        self.shown_round = self.game.round
        self.shown_dealer = self.game.dealer

    @property
    def human_to_move(self) -> bool:
        g = self.game
        return (self.idle and self.seating.is_human(g.current_player)
                and g.current_player == self.viewer)

    def coach_ready(self) -> bool:
        """The player at the bottom is to decide, nothing animating: a card to play or take,
        or a choice of words in a ``CoachedChoice`` (Koi-Koi's koi-koi or stop)."""
        g = self.game
        if g is None or g.is_over or self.queue.busy:
            return False
        seat = g.current_player
        return (seat == self.viewer and self.seating.is_human(seat)
                and (self.waiting_for is None or isinstance(self.waiting_for, CoachedChoice)))

    # What the steps part asks of the table --------------------------------------------------------
    EVENT_STEPS: ClassVar[dict[str, str]] = {
                   **CardTable.EVENT_STEPS, "dealt": "deal_step", "turn": "turn_step",
                   "played": "played_step", "to_field": "to_field_step",
                   "drawn": "drawn_step", "captured": "captured_step",
                   "leftovers": "leftovers_step",
                   "void_deal": "void_deal_step", "round_over": "round_over_step",
                   "match_over": "match_over_step"}

    def animate(self, events: Any) -> None:
        """Only the last deal of ``events`` is animated: the deals before it ended at once
        (a void deal, an instant win) and were dealt again."""
        events = list(events)
        last_deal = max((i for i, e in enumerate(events) if e.kind == "dealt"), default=-1)
        for i, e in enumerate(events):
            if e.kind == "dealt" and i != last_deal:
                continue
            self.animate_event(e)

    def round_ended(self, result: dict[str, Any]) -> None:
        """A round is over, its page not shown yet: a game's own figures and sounds
        (override)."""

    def round_page(self, result: dict[str, Any], scores: list[int],
                   piles: list[list[Card]]) -> Any:
        """The round's result page (override)."""
        raise NotImplementedError

    def match_page(self, event: Any) -> Any:
        """The final result page (override)."""
        raise NotImplementedError

    def record_statistics(self) -> None:
        """Record the finished game in the player's statistics (override)."""

    # What PileYakuSteps asks of the table (600 Hearts, Hana-awase) ----------------------------
    def pile_yaku(self, pile: list[Card]) -> list[tuple[str, int, list[Card]]]:
        """The yaku ``pile`` makes: (id, points, its cards) (override)."""
        raise NotImplementedError

    def yaku_banner_text(self, seat: int, new: list[tuple[str, int, list[Card]]]) -> str:
        """The banner's line for the yaku ``seat`` has just made (override)."""
        raise NotImplementedError
