"""``ClimbingTable``: the kit's table for climbing games on a western deck (Heart of Five):
2-8 seats round the table, the player's hand fanned along the bottom, the trick in the middle.

The player selects cards (a click toggles one, a drag across the hand lassoes several, a right
click clears), then presses **Play**, whose label names the meld selected ("Play: sisters
K-A") and which is disabled with the reason shown when it cannot be played; **Pass** when
following; **Hint** asks the coach (``game.table.coach``), selects its best meld and lists
each candidate with its estimate on the message line (Hint again: the next one); **Sort**
orders the hand by rank or by suit. Keys: arrows move the focus along the hand, Space
selects, Enter plays, P passes, H hints, S sorts, Esc pauses.

A table keeps a view (``climbing_view.ClimbingView``) that follows the engine one event at a
time: ``dealt``, ``lead`` (a trick cleared is recapped first: "Computer 3 takes the trick with
Pair 9" on the banner and in the log, for a moment the animation speed paces; then it is swept
aside), ``turn``, ``played`` (cards from the hand onto the trick; a bomb shakes the table with
its own sound), ``passed``, ``out``, ``round_over`` and ``match_over`` (the game's pages).
Beside each other seat a line says its last move ("Pair 9", "Pass", "Out 2") until it acts
again (``ClimbingDrawing.seat_line``). A game supplies its engine through the catalogue and
writes ``meld_name`` (and ``meld_forms``, its shorter names), ``round_page``, ``match_page``
and ``rules_scene``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, ClassVar

import pygame

from ai.search import Candidate
from game.i18n import _
from game.table.base import CardTable
from game.table.placing import Place
from game.table.caches import Face
from game.table.coach import percent
from game.table.climbing_drawing import ClimbingDrawing
from game.table.climbing_input import ClimbingInput
from game.table.climbing_view import ClimbingLayout, ClimbingView, Copy
from game.table.climbing_guide import ClimbingGuideHooks
from game.table.guide import GuideScript
from game.table.opening import open_game, opening_setup
from game.table.panel import PanelPainter
from game.widgets import Button
from rules.climbing import classify
from rules.western import DECK
from sprites import sequence, until_settled


def copies(decks: int) -> list[Copy]:
    """Every physical card of ``decks`` decks.

    >>> len(copies(2)), str(copies(1)[0])
    (108, '3C')
    """
    return [Copy(c, n) for n in range(decks) for c in DECK]


class ClimbingTable(CardTable):
    """A climbing game's table; see the module docstring."""

    EVENT_STEPS: ClassVar[dict[str, str]] = {
        **CardTable.EVENT_STEPS, "dealt": "deal_step", "lead": "lead_step",
        "turn": "turn_step", "played": "played_step", "passed": "passed_step",
        "out": "out_step", "round_over": "round_over_step", "match_over": "match_over_step"}
    #: Seats a screenshot's demo table has.
    DEMO_SEATS = 4
    GUIDE_HOOKS = ClimbingGuideHooks
    COACH = True
    INPUT = ClimbingInput
    input: ClimbingInput
    DRAWING = ClimbingDrawing
    drawing: ClimbingDrawing
    #: Made by the input part (``ClimbingInput.setup_input``): the hand's order, the
    #: rectangle dragged across the hand (two corners), the buttons under it.
    by_suit: bool
    lasso: tuple[tuple[int, int], tuple[int, int]] | None
    play_button: Button
    pass_button: Button
    hint_button: Button
    sort_button: Button
    buttons: list[Button]
    PANEL = PanelPainter(rule=(3, 6))

    def __init__(self, setup: Any = None, *, engine: Any = None, session: Any = None,
                 demo_moves: int = 0, watch: bool = False,
                 guide: GuideScript | None = None) -> None:
        """As ``FishingTable``'s: ``watch`` computers only, to be watched; ``guide`` makes it
        the guided first game of that script."""
        setup, engine = opening_setup(type(self), setup, engine, session, guide)
        n = len(setup.seats)
        super().__init__(setup, deck=copies(2 if n > 6 else 1))
        self.players = n
        self.layout_ = ClimbingLayout((1280, 800), players=n)
        self.input.setup_input()
        open_game(self, engine, session, demo_moves, guide, watch)

    def face_of(self, c: Any) -> Any:
        return c.card

    def face_sizes(self) -> list[tuple[int, int]]:
        lay = self.layout_
        return [lay.hand_card, lay.field_card]

    def back_sizes(self) -> list[tuple[int, int]]:
        lay = self.layout_  # (the deck, and the other seats' hands)
        return [lay.field_card, *(lay.hand_card_of(at) for at in range(self.players))]

    def faces_needed(self) -> list[Face]:
        """The viewer's hand first (the deal turns it up), then every card at the sizes a
        hand and the trick show (a deal skipped would otherwise render them on one frame),
        then at the size of the other seats' hands, shown when a round ends."""
        lay = self.layout_
        first: list[Face] = []
        if self.game is not None:
            first = [(c.card, lay.hand_card, False) for c in self.view.hands[self.viewer]]
        sizes = [lay.hand_card, lay.field_card, lay.small_card]
        return first + [(c, size, False) for size in sizes for c in DECK]

    # Set-up -------------------------------------------------------------------------------------
    def new_game(self, engine: Any = None, session: Any = None) -> None:
        """A new match from the setup (its first deal animated), or ``engine``'s or the saved
        ``session``'s position as it stands (``take_up``)."""
        from game.catalog import GAMES
        self.queue.clear()
        self.log.clear()
        self.recorded = False
        self.waiting_for = None
        self.game = engine if engine is not None else GAMES[self.game_id].new_engine(self.setup)
        self.rules = self.game.rules
        self.viewer = next((s for s in range(self.players) if self.seating.is_human(s)), 0)
        self.reveal_all = "human" not in self.seats
        self.view = ClimbingView.empty(self.players, list(self.sprites))
        self.selected: set[Copy] = set()
        self.banner: tuple[str, str] | None = None
        self.shake = 0.0
        self.shown_tallies = ([0] * self.players, [0] * self.players)
        if self.computers is None:
            self.start_computers(self.game_id, self.setup.seed)
        else:
            self.computers.reset(self.setup.seed)
        if engine is not None or session is not None:
            engine = self.take_up(engine, session)
            self.shown_tallies = (list(engine.wins), list(engine.losses))
        else:
            self.animate(self.game.start_events)
            if self.saves:
                self.begin_session()

    def replay_start(self) -> None:
        self.view = ClimbingView.empty(self.players, list(self.sprites))
        self.animate(self.game.start_events)

    def restart(self) -> None:
        self.new_game()
        self.layout(self.size)

    def arrange(self, size: tuple[int, int]) -> None:
        self.layout_ = ClimbingLayout(size, players=self.players)
        self.input.place_buttons()
        self.snap()

    def log_button_rect(self) -> pygame.Rect:
        return self.layout_.log_button

    def play_demo(self, moves: int) -> None:
        """Screenshots: ``moves`` moves of the first legal action, then on to the viewer."""
        g = self.game
        done = 0
        while not g.is_over and done < 300 and (done < moves or g.current_player != self.viewer):
            legal = g.legal_actions()
            self.apply_action(legal[done % max(1, min(2, len(legal)))])
            done += 1

    # Where the cards go -------------------------------------------------------------------------
    def screen_seat(self, seat: int) -> int:
        return (seat - self.viewer) % self.players

    def face_up_in_hand(self, seat: int) -> bool:
        return self.reveal_all or (seat == self.viewer and self.seating.is_human(seat))

    def places(self) -> dict[Any, Place]:
        lay, v = self.layout_, self.view
        out: dict[Any, Place] = {}
        fc, sc = lay.field_card, lay.small_card
        mid = lay.trick
        for i, c in enumerate(v.deck):
            out[c] = Place((mid.centerx - min(i, 20) * 0.3, mid.centery), fc, False, i)
        for seat in range(self.players):
            at = self.screen_seat(seat)
            hand = self.input.hand_order(v.hands[seat]) if at == 0 else v.hands[seat]
            size = lay.hand_card_of(at)
            up = self.face_up_in_hand(seat)
            lift = lay.hand_card[1] * 0.18
            for i, (c, (x, y)) in enumerate(zip(hand, lay.hand_places(at, len(hand)))):
                raised = at == 0 and c in self.selected
                out[c] = Place((x, y - lift if raised else y), size, up, 100 + i)
        for i, c in enumerate(v.done):  # finished tricks: a face-down stack aside
            out[c] = Place(lay.discard, sc, False, 10 + min(i, 40))
        depth = len(v.trick)
        for k, (_seat, meld) in enumerate(v.trick):
            older = min(depth - 1 - k, 2)  # 0: the last meld, on top; two before it shown
            size = lay.hand_card if older == 0 else fc
            step = min(size[0] * 0.62, (mid.width - size[0]) / max(1, len(meld) - 1))
            x0 = mid.centerx - step * (len(meld) - 1) / 2 - older * fc[0] * 1.1
            y = mid.centery - older * fc[1] * 0.3
            for i, c in enumerate(meld):
                out[c] = Place((x0 + i * step, y), size, True, 60 + k * 20 + i)
        return out

    # Engine events -> animation steps --------------------------------------------------------
    def deal_step(self, event: Any) -> None:
        dealt = [list(h) for h in self.game.hands]  # as dealt: later plays must not show

        def gather() -> Any:
            self.view = ClimbingView.empty(self.players, list(self.sprites))
            self.selected = set()
            return self.retarget(self.queue.duration(0.3), turn=False)  # gathered face down

        def deal() -> Any:
            self.play("shuffle")
            for seat, hand in enumerate(dealt):
                self.view.hands[seat] = self.view.take_from(self.view.deck, hand)
            self.view.done, self.view.deck = self.view.deck, []  # cards not dealt (none)
            return until_settled(self.retarget(self.queue.duration(0.35),
                                               stagger=self.queue.duration(0.012)))
        lay = self.layout_
        self.queue.add(gather)
        self.wait_for_faces([(c, lay.hand_card_of(self.screen_seat(seat)), False)
                             for seat, hand in enumerate(dealt) if self.face_up_in_hand(seat)
                             for c in hand])
        self.queue.add(deal)
        self.log.add(self.seating.phrase(event.seat, _("Round {n}: you deal."),
                                         _("Round {n}: {who} deals."), n=event.data["round"]))

    #: Seconds a cleared trick's recap stays at the normal pace (``recap_trick``): another
    #: seat's trick, and the player's own (they know what they played: a moment).
    RECAP_SECONDS = 1.6
    RECAP_OWN_SECONDS = 0.6

    def lead_step(self, event: Any) -> None:
        taken = event.data["reason"] in ("all_passed", "after_out")  # a trick cleared
        if taken:
            self.queue.add(self.recap_trick)

        def step() -> Any:
            if taken:
                self.banner = None  # (the recap's)
            self.view.sweep()
            you = self.seating.is_you(event.seat)  # ("You lead", not "You leads")
            reason = {"3H": _("you hold the 3 of hearts") if you else _("holds the 3 of hearts"),
                      "winner": _("won the last round"),
                      "after_out": _("the trick's player went out")}.get(
                event.data["reason"], "")
            if reason:  # (all passed: the recap's line said who takes the trick and leads)
                self.log.add(self.seating.phrase(event.seat, _("You lead ({why})."),
                                                 _("{who} leads ({why})."), why=reason))
            return until_settled(self.retarget(self.queue.duration(0.3)))
        self.queue.add(step)

    def recap_trick(self) -> float:
        """A trick cleared (everyone else passed): who took it and with what, on the banner
        and as one line of the log, for a readable moment before its cards go to the stack
        (seconds the queue paces by the animation speed: none at "off"; a press ends it)."""
        if not self.view.trick:
            return 0.0
        seat, cards = self.view.trick[-1]
        meld = classify([c.card for c in cards])
        name = self.meld_name(meld.kind, [c.card for c in cards]) if meld is not None \
            else " ".join(map(str, cards))
        line = self.seating.phrase(seat, _("You take the trick with {meld}."),
                                   _("{who} takes the trick with {meld}."), meld=name)
        self.banner = (_("Trick"), line)
        self.log.add(line)
        own = seat == self.viewer and self.seating.is_human(seat)
        return self.RECAP_OWN_SECONDS if own else self.RECAP_SECONDS

    def turn_step(self, event: Any) -> None:
        def step() -> None:  # (a seat's pass stays shown while it thinks: until it acts)
            self.input.sync_selection()
        self.queue.call(step)

    def played_step(self, event: Any) -> None:
        def step() -> Any:
            seat = event.seat
            cards = self.view.take_from(self.view.hands[seat], list(event.cards))
            self.selected -= set(cards)
            order = self.input.order_key
            self.view.trick.append((seat, sorted(cards, key=lambda c: order(c.card))))
            # (the others' passes and melds stay shown until they act)
            self.view.acted(seat, (event.data["kind"], list(event.cards)))
            name = self.meld_name(event.data["kind"], list(event.cards))
            self.log.add(f"{self.seating.name(seat)}: {event.data['notation']}  ({name})")
            if seat != self.viewer or not self.seating.is_human(seat):
                self.mark(seat, cards, new=True)
            if event.data["kind"] in ("bomb", "straight_flush"):
                self.play("bomb")
                self.shake = 0.6
                self.banner = (_("Bomb!"), _("{who}: {meld}").format(
                    who=self.seating.name(seat), meld=name))
            else:
                self.banner = None
                self.play("place")
            return until_settled(self.retarget(self.queue.duration(0.3),
                                               stagger=self.queue.duration(0.03)))
        self.queue.add(step)

    def passed_step(self, event: Any) -> None:
        def step() -> None:
            self.view.acted(event.seat, None)
            self.log.add(self.seating.phrase(event.seat, _("You pass."), _("{who} passes.")))
            self.play("click")
        self.queue.call(step)

    def out_step(self, event: Any) -> None:
        def step() -> float:
            self.view.out.append(event.seat)
            place = event.data["place"]
            self.log.add(self.seating.phrase(event.seat, _("You are out: place {n}."),
                                             _("{who} is out: place {n}."), n=place))
            if place == 1:
                self.banner = (_("Out first!"), self.seating.phrase(
                    event.seat, _("You win the round."), _("{who} wins the round.")))
                self.play("yaku")
                return self.queue.duration(1.0)
            return 0.0
        self.queue.add(step)

    def round_over_step(self, event: Any) -> None:
        def step() -> Any:
            result = event.data["result"]
            self.banner = None
            self.shown_tallies = (list(result["wins"]), list(result["losses"]))
            self.log.add(_("Round {n} is over.").format(n=result["round"]))
            return self.wait_for_round_page(self.round_page(result))
        self.queue.add(step)

    def match_over_step(self, event: Any) -> None:
        def step() -> Any:
            g = self.game
            self.shown_tallies = (list(g.wins), list(g.losses))
            humans = [s for s in range(self.players) if self.seating.is_human(s)]
            self.play("win" if not humans or g.winner in humans else "lose")
            self.record_statistics()
            self.finish_session("match over")
            return self.wait_for_scene(self.match_page())
        self.queue.add(step)

    # A game's part ------------------------------------------------------------------------------
    def meld_name(self, kind: str, cards: list[Any]) -> str:
        """A meld in words ("sisters K-A") (override)."""
        return kind

    def meld_forms(self, kind: str, cards: list[Any]) -> tuple[str, ...]:
        """A meld's names, longest first, for a place that may be narrow (a seat's line):
        ``meld_name``'s, then in fewer words ("Full house 8s over 3s", "Full house 8")
        (override; the whole name alone by default)."""
        return (self.meld_name(kind, cards),)

    def round_page(self, result: dict[str, Any]) -> Any:
        raise NotImplementedError

    def match_page(self) -> Any:
        raise NotImplementedError

    def record_statistics(self) -> None:
        """Record the finished match for the one human (override)."""

    # Turns ----------------------------------------------------------------------------------------
    @property
    def human_to_move(self) -> bool:
        g = self.game
        return (self.idle and not g.is_over and self.seating.is_human(g.current_player)
                and g.current_player == self.viewer)

    def update_table(self, dt: float) -> None:
        self.shake = max(0.0, self.shake - dt)
        g = self.game
        if self.idle and not g.is_over and self.seating.is_human(g.current_player):
            seat = g.current_player
            if seat != self.viewer:
                def ready(seat: int = seat) -> None:
                    self.viewer = seat
                    self.selected = set()
                    self.input.place_buttons()
                    self.retarget(self.queue.duration(0.3))
                self.hand_over(seat, ready)
        self.input.update_buttons(dt)

    # Drawing ------------------------------------------------------------------------------------
    #: The last frame was drawn shaken (shifted): the window does not hold the table's picture.
    _shaken = False

    def draw(self, surface: pygame.Surface) -> None:
        if self.shake <= 0 and not self._shaken:
            super().draw(surface)
            return
        # A frame painted in part would keep the shifted picture where nothing changed: the
        # frames of a shake, and the one after it, are painted whole.
        self.frame_kept = False
        self._shaken = self.shake > 0
        if not self._shaken:
            super().draw(surface)
            return
        frame = surface.copy()  # a bomb: the table shakes for a moment
        super().draw(frame)
        dx = round(math.sin(self.shake * 60) * self.metrics.px(6) * self.shake)
        surface.blit(frame, (dx, 0))

    def panel_key(self) -> tuple:
        g = self.game
        return (self.size, self.viewer, self.shown_tallies[0], self.shown_tallies[1],
                g.round, None if g.is_over else g.current_player,
                tuple(len(h) for h in self.view.hands), tuple(self.view.out),
                tuple(sorted(self.view.passed)))

    # What the input part asks of the table --------------------------------------------------------
    # The coach ------------------------------------------------------------------------------
    def coach_ready(self) -> bool:
        """The viewer's turn, nothing animating."""
        return self.human_to_move

    def advice_arrived(self) -> None:
        self.coaching.pick = 0
        self.input.select_candidate()

    def coach_again(self) -> None:
        advice = self.coaching.advice()
        if advice:
            self.coaching.pick = (self.coaching.pick + 1) % len(advice)
            self.input.select_candidate()

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


__all__ = ["ClimbingTable", "Copy", "copies", "sequence"]
