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
with the keyboard: arrows choose a card, Enter or Space plays it.

>>> v = FishingView.empty(2); v.field[0] = DECK[0]; v.free_slot()
1
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as dc_field
from typing import Any, ClassVar

import pygame

from game import draw, theme
from game.fonts import font
from game.i18n import N_, _
from game.table.base import CardTable, Place
from game.table.caches import Face
from game.table.names import card_list, card_name
from game.table.places import sort_by_kind
from game.text import draw_text, fit_font_size
from rules.hanafuda import DECK, Card, Kind
from sprites import CardSprite, faces, sequence, until_settled

PLAY, TAKE = "play", "take"
GOLD_GLOW = (240, 200, 90)     # a hand card that can capture; the card choosing a capture
MATCH_GLOW = (120, 220, 140)   # the field cards it can capture
KIND_LABELS = {Kind.BRIGHT: N_("Brights"), Kind.ANIMAL: N_("Animals"),
               Kind.RIBBON: N_("Ribbons"), Kind.CHAFF: N_("Chaff")}


@dataclass
class FishingView:
    """The cards as animated so far: hands, field slots, piles, stock, the drawn card, and
    cards lying on the field card they capture (``staged``)."""

    hands: list[list[Card]]
    field: dict[int, Card]
    piles: list[list[Card]]
    stock: list[Card]
    drawn: Card | None = None
    staged: dict[Card, Card] = dc_field(default_factory=dict)

    @classmethod
    def empty(cls, players: int) -> FishingView:
        """Every card face down on the stock, before a deal."""
        return cls([[] for _ in range(players)], {}, [[] for _ in range(players)], list(DECK))

    @classmethod
    def of(cls, game: Any) -> FishingView:
        """The engine's position as it stands (a table opened at a saved position)."""
        view = cls([list(h) for h in game.hands], dict(enumerate(game.field)),
                   [sort_by_kind(p) for p in game.piles], list(game.stock))
        if getattr(game, "phase", None) == TAKE and getattr(game, "pending", None) is not None:
            view.drawn = game.pending
        return view

    def remove(self, c: Card) -> None:
        for hand in self.hands:
            if c in hand:
                hand.remove(c)
        for slot, fc in list(self.field.items()):
            if fc is c:
                del self.field[slot]
        if c in self.stock:
            self.stock.remove(c)
        if self.drawn is c:
            self.drawn = None
        self.staged.pop(c, None)

    def free_slot(self) -> int:
        slot = 0
        while slot in self.field:
            slot += 1
        return slot


class _FieldTarget:
    """A drop target: one field card, or the empty field (``card`` None)."""

    def __init__(self, table: FishingTable, card: Card | None) -> None:
        self.table = table
        self.card = card

    @property
    def rect(self) -> pygame.Rect:
        if self.card is None:
            return self.table.layout_.field
        return self.table.sprites[self.card].rect

    def accepts(self, sprites: list[CardSprite]) -> bool | str:
        return self.table.drop_verdict(sprites[0].data, self.card)


class FishingTable(CardTable):
    """Hands, field, piles and stock for a fishing game; see the module docstring. A game
    sets ``self.game`` (its engine) and ``self.layout_`` (a ``places.SeatedLayout`` with a
    ``stock`` rect, a ``drawn_spot`` and ``slot_position(slot, slots)``)."""

    EVENT_STEPS: ClassVar[dict[str, str]] = {
                   **CardTable.EVENT_STEPS, "dealt": "deal_step", "turn": "turn_step",
                   "played": "played_step", "to_field": "to_field_step",
                   "drawn": "drawn_step", "captured": "captured_step",
                   "void_deal": "void_deal_step", "round_over": "round_over_step",
                   "match_over": "match_over_step"}
    #: Field slots laid out before any is taken beyond them.
    FIELD_SLOTS = 8
    #: The game's layout (a ``SeatedLayout`` with the fishing table's places; see above).
    layout_: Any

    #: Set by the game before ``new_game``: False for a demo position, never saved.
    saves: bool

    # Set-up -------------------------------------------------------------------------------------
    def new_game(self, engine: Any = None) -> None:
        """The game from its first deal (animated; the catalogue deals it for the set-up), or
        ``engine``'s position as it stands."""
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
        if engine is not None:  # as the player left it: slots, marks and log
            self.replay(engine)
            self.sync_panel()
            self.shown_scores = list(engine.scores)
        else:  # the deal and what dealing made happen (a void deal, the draw for first ...)
            self.animate(self.game.start_events)
            if self.saves:
                self.begin_session()
        self.plan_faces()

    def restart(self) -> None:
        """Pause menu: the same game from its first deal."""
        self.new_game()
        self.layout(self.size)

    def setup_view(self, players: int, *, from_engine: bool) -> None:
        """Start the view: empty (a deal to animate) or the engine's position as it stands."""
        self.players = players
        self.viewer = next((s for s in range(players) if self.is_human(s)), 0)
        self.reveal_all = "human" not in self.seats  # watching the computers play
        self.view = FishingView.of(self.game) if from_engine else FishingView.empty(players)
        self.choosing: Card | None = None
        self.banner: tuple[str, str, list[Card]] | None = None

    def replay_start(self) -> None:
        """A replay starts from the dealt position (a layout's, when no deal is animated)."""
        self.view = FishingView.of(self.game)
        super().replay_start()

    # The view: where each card goes ------------------------------------------------------------
    def screen_seat(self, seat: int) -> int:
        """Where ``seat`` sits on screen: 0 at the bottom (the viewer), then round the table."""
        return (seat - self.viewer) % self.players

    def face_up_in_hand(self, seat: int) -> bool:
        """A hand is shown to the human sitting at it, or to everyone when computers play."""
        return self.reveal_all or (seat == self.viewer and self.is_human(seat))

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
            for i, c in enumerate(v.piles[seat]):
                out[c] = Place(positions[c], lay.pile_card, True, 70 + i)
        if v.drawn is not None:
            out[v.drawn] = Place(lay.drawn_spot, fc, True, 140)
        for c, under in v.staged.items():
            if under in out:
                (x, y) = out[under].pos
                out[c] = Place((x + fc[0] * 0.22, y + fc[1] * 0.12), fc, True, 150)
        return out

    # Engine events -> animation steps ----------------------------------------------------------
    def animate(self, events: Any) -> None:
        """Only the last deal of ``events`` is animated: the deals before it ended at once
        (a void deal, an instant win) and were dealt again."""
        events = list(events)
        last_deal = max((i for i, e in enumerate(events) if e.kind == "dealt"), default=-1)
        for i, e in enumerate(events):
            if e.kind == "dealt" and i != last_deal:
                continue
            self.animate_event(e)

    def deal_step(self, event: Any) -> None:
        """Gather the cards, wait for their faces, deal them as the engine dealt them."""
        self.queue.call(self.reset_view)
        self.queue.add(lambda: self.faces_ready(self.dealt_face_up(), self.layout_.field_card))
        self.queue.add(self._deal)
        self.queue.call(self.sync_panel)

    def reset_view(self) -> None:
        self.view = FishingView.empty(self.players)
        self.choosing = self.banner = None
        self.marked = []
        self.retarget(self.queue.duration(0.35))

    def dealt_face_up(self) -> list[Card]:
        """The cards a deal turns up (their faces are rendered before it starts)."""
        return list(self.game.field) + [c for s in range(self.players)
                                        if self.face_up_in_hand(s) for c in self.game.hands[s]]

    def _deal(self) -> Any:
        g = self.game
        self.play("shuffle")
        self.view.hands = [list(h) for h in g.hands]
        self.view.field = dict(enumerate(g.field))
        self.view.stock = list(g.stock)  # face down: its order is never shown
        return until_settled(self.retarget(self.queue.duration(0.35),
                                           stagger=self.queue.duration(0.04)))

    def turn_step(self, event: Any) -> None:
        self.queue.call(self.sync_panel)

    def played_step(self, event: Any) -> None:
        self.queue.add(lambda: self._played(event))

    def _played(self, e: Any) -> Any:
        c = e.cards[0]
        self.banner = None
        self.note_move(e.seat, [c], new=True)
        self.log.add(_("{who} played {card}.").format(who=self.seat_name(e.seat),
                                                      card=card_name(c)))
        self.view.remove(c)
        captures = e.data.get("captures") or []
        if not captures:
            return 0.0  # the to_field event moves it
        from rules.hanafuda import card as by_code
        self.view.staged[c] = by_code(captures[0])
        self.play("place")
        return until_settled(self.retarget(self.queue.duration(0.3)))

    def to_field_step(self, event: Any) -> None:
        def step() -> Any:
            c = event.cards[0]
            self.view.remove(c)
            self.view.field[self.view.free_slot()] = c
            self.play("place")
            return until_settled(self.retarget(self.queue.duration(0.3)))
        self.queue.add(step)

    def drawn_step(self, event: Any) -> None:
        def step() -> Any:
            c = event.cards[0]
            self.note_move(event.seat, [c])
            self.log.add(_("{who} drew {card}.").format(who=self.seat_name(event.seat),
                                                        card=card_name(c)))
            self.view.remove(c)
            self.view.drawn = c
            self.play("flip")
            return until_settled(self.retarget(self.queue.duration(0.35)))
        self.queue.add(step)

    def captured_step(self, event: Any) -> None:
        def stage() -> Any:
            c, taken = event.cards[0], event.cards[1:]
            if c in self.view.staged:
                return 0.0
            self.view.remove(c)  # the drawn card lands on what it captures
            self.view.staged[c] = taken[0]
            self.play("place")
            return until_settled(self.retarget(self.queue.duration(0.3)))

        def capture() -> Any:
            cards = list(event.cards)
            self.note_move(event.seat, cards)
            self.log.add(_("{who} captured {cards}.").format(who=self.seat_name(event.seat),
                                                             cards=card_list(cards[1:])))
            for c in cards:
                self.view.remove(c)
            self.view.piles[event.seat] = sort_by_kind(self.view.piles[event.seat] + cards)
            self.play("capture")
            return until_settled(self.retarget(self.queue.duration(0.4)))
        self.queue.add(stage)
        self.queue.add(capture)

    def note_move(self, seat: int, cards: list[Card], new: bool = False) -> None:
        """Mark the cards of a move made by anyone but the player looking at the table."""
        if seat != self.viewer or not self.is_human(seat):
            self.mark(cards, new=new)

    def void_deal_step(self, event: Any) -> None:
        self.queue.add(self.banner_step(_("Void deal"), _("The deal is void and dealt again."),
                                        []))

    def round_over_step(self, event: Any) -> None:
        """The round's result page, once what came before it is animated."""
        def step() -> Any:
            self.banner = None
            result = event.data["result"]
            self.shown_scores = list(event.data["scores"])
            self.round_ended(result)
            self.log.add(_("Round {n} is over.").format(n=result["round"]))
            return self.wait_for_scene(self.round_page(result, list(event.data["scores"]),
                                                       [list(p) for p in self.view.piles]))
        self.queue.add(step)

    def round_ended(self, result: dict[str, Any]) -> None:
        """A round is over, its page not shown yet: a game's own figures and sounds
        (override)."""

    def round_page(self, result: dict[str, Any], scores: list[int],
                   piles: list[list[Card]]) -> Any:
        """The round's result page (override)."""
        raise NotImplementedError

    def match_over_step(self, event: Any) -> None:
        """The game is over: the player's record, the session closed, the final page."""
        def step() -> Any:
            self.match_ended(event)
            self.record_statistics()
            self.finish_session("match over")
            return self.wait_for_scene(self.match_page(event))
        self.queue.add(step)

    def match_ended(self, event: Any) -> None:
        """The game is over, its page not shown yet: a game's own figures and sounds
        (override)."""

    def match_page(self, event: Any) -> Any:
        """The final result page (override)."""
        raise NotImplementedError

    def record_statistics(self) -> None:
        """Record the finished game in the player's statistics (override)."""

    def reset_panel(self) -> None:
        """The panel's figures before the first deal (a game adds its own)."""
        self.shown_scores = [0] * self.players
        self.shown_round = 0
        self.shown_dealer = self.game.dealer

    def sync_panel(self) -> None:
        """Bring the panel's figures up to what has been animated (a game adds its own)."""
        self.shown_round = self.game.round
        self.shown_dealer = self.game.dealer

    def banner_step(self, title: str, text: str, cards: list[Card] | Callable[[], list[Card]],
                    sound: str | None = None, duration: float = 1.5) -> Any:
        """A step showing a banner over the field for ``duration``; ``cards`` may be a
        function, called when the banner shows (the captures before it are animated)."""
        def show() -> float:
            self.banner = (title, text, cards() if callable(cards) else list(cards))
            self.log.add(f"{title} {text}")
            if sound:
                self.play(sound)
            return self.queue.duration(duration)

        def hide() -> None:
            self.banner = None
        return sequence(show, hide)

    # Turns --------------------------------------------------------------------------------------
    @property
    def human_to_move(self) -> bool:
        g = self.game
        return (self.idle and self.is_human(g.current_player)
                and g.current_player == self.viewer)

    def update_table(self, dt: float) -> None:
        if self.idle and self.is_human(self.game.current_player):
            seat = self.game.current_player
            if seat != self.viewer:
                def ready(seat: int = seat) -> None:
                    self.viewer = seat
                self.hand_over(seat, ready)
            else:
                self.human_turn(seat)
        self.update_highlights()

    def human_turn(self, seat: int) -> None:
        """The player at the bottom is to act: ask what the phase needs (override)."""

    # Input --------------------------------------------------------------------------------------
    def pick(self, pos: Any) -> list[CardSprite] | None:
        if not self.human_to_move or self.game.phase != PLAY:
            return None
        for c in reversed(self.view.hands[self.viewer]):
            if self.sprites[c].contains(pos):
                return [self.sprites[c]]
        return None

    def drop_targets(self) -> list[_FieldTarget]:
        return [_FieldTarget(self, c) for c in self.view.field.values()] + \
            [_FieldTarget(self, None)]

    def actions_for(self, c: Card) -> list[Any]:
        return [a for a in self.game.legal_actions() if a.kind == PLAY and a.card is c]

    def matches(self, c: Card) -> list[Card]:
        return [f for f in self.view.field.values() if f.month == c.month]

    def drop_verdict(self, c: Card, onto: Card | None) -> bool | str:
        """May hand card ``c`` be dropped on field card ``onto`` (None: the empty field)?"""
        actions = self.actions_for(c)
        if not actions:
            return self.why_not(c)
        if onto is None:
            if any(a.lay or a.target is None and not self.matches(c) for a in actions):
                return True
            return _("{card} matches a field card: drop it on that card.").format(
                card=card_name(c))
        if onto.month != c.month:
            return _("{a} is not of the same month as {b}.").format(a=card_name(c),
                                                                    b=card_name(onto))
        return True

    def why_not(self, c: Card) -> str:
        """Why hand card ``c`` cannot be played now."""
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
        action = self.action_for_drop(sprites[0].data, target.card)
        if action is None:
            self.refuse(_("That card cannot go there."))
            self.retarget(self.queue.duration(0.25))
            return
        self.human_action(action)

    def on_refuse(self, sprites: list[CardSprite], target: Any, reason: str | None) -> None:
        self.refuse(reason or _("Drop the card on a field card of its month, or on the field."))

    def on_click(self, sprites: list[CardSprite]) -> None:
        self.play_card(sprites[0].data)

    def play_card(self, c: Card) -> None:
        """A click (or Enter) on hand card ``c``: play it, or ask which capture if two."""
        actions = self.actions_for(c)
        if not actions:
            self.refuse(self.why_not(c))
            return
        captures = [a for a in actions if not a.lay]
        if len(captures) > 1:
            self.choosing = c  # two field cards of the month: the player picks one
            self.focus = captures[0].target
            self.play("click")
            return
        self.human_action(captures[0] if captures else actions[0])

    def choose_target(self, chosen: Card) -> bool:
        """The player picked field card ``chosen`` to capture (the drawn card's choice, or the
        hand card's): act, or refuse. False when no choice is pending."""
        g = self.game
        if g.phase == TAKE:
            action = next((a for a in g.legal_actions() if a.target is chosen), None)
            if action is None:
                self.refuse(_("The drawn card can capture only a card of its month."))
            else:
                self.human_action(action)
            return True
        if self.choosing is not None:
            action = next((a for a in self.actions_for(self.choosing) if a.target is chosen),
                          None)
            if action is None:
                self.refuse(_("Choose one of the two glowing cards."))
            else:
                self.human_action(action)
            return True
        return False

    def human_action(self, action: Any) -> None:
        self.choosing = None
        self.notice = ""
        self.apply_action(action, human=True)

    def field_card_at(self, pos: Any) -> Card | None:
        for c in reversed(list(self.view.field.values())):
            if self.sprites[c].contains(pos):
                return c
        return None

    def handle_input(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.drag.active:
                    self.drag.cancel()
                elif self.choosing is not None:
                    self.choosing = None
                else:
                    self.pause()
                return
            if self.human_to_move:
                self.focus_key(event)
            return
        g = self.game
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.human_to_move:
            chosen = self.field_card_at(event.pos)
            if chosen is not None and (g.phase == TAKE or self.choosing is not None):
                self.choose_target(chosen)
                return
            self.choosing = None
        if event.type == pygame.MOUSEMOTION:
            for c in self.view.hands[self.viewer]:
                self.sprites[c].hovered = self.human_to_move and self.sprites[c].contains(
                    event.pos)
        self.drag.enabled = self.human_to_move and g.phase == PLAY
        self.drag.handle_event(event)

    def focus_rows(self) -> list[list[Card]]:
        if not self.human_to_move:
            return []
        g = self.game
        if g.phase == TAKE:
            return [[a.target for a in g.legal_actions()]]
        if self.choosing is not None:
            return [[a.target for a in self.actions_for(self.choosing) if a.target is not None]]
        if g.phase == PLAY:
            return [list(self.view.hands[self.viewer])]
        return []

    def activate(self, c: Card) -> None:
        if c in self.view.hands[self.viewer]:
            self.play_card(c)
        else:
            self.choose_target(c)

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
            self.sprites[self.choosing].highlight = GOLD_GLOW
            for a in self.actions_for(self.choosing):
                if a.target is not None:
                    self.sprites[a.target].highlight = MATCH_GLOW
            return
        playable = {a.card for a in g.legal_actions() if a.kind == PLAY}
        for c in hand:
            if c in playable and self.matches(c):
                self.sprites[c].highlight = GOLD_GLOW  # can capture
        pointed = [c for c in hand if self.sprites[c].hovered or (
            self.drag.dragging and self.drag.sprites and self.drag.sprites[0].data is c)
            or (self.keyboard and self.focus is c)]
        for c in pointed:
            for f in self.matches(c):
                self.sprites[f].highlight = MATCH_GLOW

    def status(self) -> str:
        g = self.game
        if g.is_over:
            return _("The match is over.")
        if self.queue.busy or self.waiting_for is not None:
            return ""
        seat = g.current_player
        if not self.is_human(seat):
            return _("{who} is thinking…").format(who=self.seat_name(seat))
        if g.phase == TAKE:
            return _("The drawn {card} matches two cards: click the one it captures.").format(
                card=card_name(g.pending) if g.pending else "")
        if self.choosing is not None:
            return _("{card} matches two field cards: click the one to capture.").format(
                card=card_name(self.choosing))
        if g.phase == PLAY:
            return _("Your turn: click or drag a card from your hand. Glowing cards can "
                     "capture.")
        return ""

    # Faces and drawing --------------------------------------------------------------------------
    def faces_needed(self) -> list[Face]:
        """The field size first (the deal and every play show it), then the viewer's hand,
        then the piles."""
        lay, b = self.layout_, self.badges
        sizes = [lay.field_card, lay.hand_card, lay.pile_card]
        if self.reveal_all:
            sizes.append(lay.small_card)
        first: list[Face] = []
        if self.game is not None:
            first = [(c, lay.field_card, b) for c in self.game.field] + \
                [(c, lay.hand_card, b) for c in self.game.hands[self.viewer]]
        return first + [(c, size, b) for size in sizes for c in DECK]

    def draw_static(self, surface: pygame.Surface) -> None:
        """The felt, a darker frame round the field and the panel's frame."""
        super().draw_static(surface)
        lay, m = self.layout_, self.metrics
        draw.rounded_rect(surface, theme.FELT_DARK, lay.field.inflate(m.px(8), m.px(8)),
                          m.radius * 2, alpha=90)
        draw.panel(surface, lay.panel, m.radius * 2, max(1, m.px(1.5)))

    def draw_under(self, surface: pygame.Surface) -> None:
        self.draw_pile_labels(surface)

    def draw_over(self, surface: pygame.Surface) -> None:
        """The stock count, the message line, the panel (a layer kept while ``panel_key``
        stays the same), the log button and the banner."""
        self.draw_stock_count(surface)
        self.draw_message(surface)
        p = self.layout_.panel
        surface.blit(self.layers.get("panel", self.panel_key(), p.size, self.paint_panel,
                                     alpha=True), p.topleft)
        self.log_button.draw(surface)
        self.draw_banner(surface)

    def panel_key(self) -> tuple:
        """What the panel shows depends on: it is painted again when this changes
        (override)."""
        return (self.size,)

    def paint_panel(self, surface: pygame.Surface) -> None:
        """The panel's lines on a transparent layer the size of the panel (override)."""

    def log_button_rect(self) -> pygame.Rect:
        return self.layout_.log_button

    def draw_pile_labels(self, surface: pygame.Surface) -> None:
        lay, m = self.layout_, self.metrics
        for seat in range(self.players):
            _pos, labels = lay.pile_places(self.screen_seat(seat), self.view.piles[seat])
            for kind, rect, n in labels:
                text = f"{_(KIND_LABELS[kind])} {n}"
                size = fit_font_size(text, rect.width, m.type_size("tiny"), True)
                img = font(size, True).render(text, True, theme.TEXT_DIM if n == 0
                                              else theme.CREAM)
                surface.blit(img, (rect.x, rect.y))

    def draw_message(self, surface: pygame.Surface) -> None:
        text, color = self.message_text()
        if text:
            m, r = self.metrics, self.layout_.message
            size = fit_font_size(text, r.width, m.type_size("small"))
            draw_text(surface, text, font(size), color, r, "center", "center", wrap_lines=False)

    def draw_stock_count(self, surface: pygame.Surface) -> None:
        lay, m = self.layout_, self.metrics
        img = font(m.type_size("small"), True).render(str(len(self.view.stock)), True,
                                                       theme.CREAM)
        surface.blit(img, img.get_rect(midtop=(lay.stock.centerx, lay.stock.bottom + m.px(4))))

    def banner_geometry(self, n: int) -> tuple[pygame.Rect, list[pygame.Rect]]:
        """The banner's box over the field and the rectangles of its ``n`` cards: the field
        size if they fit side by side, else the piles' (both rendered ahead), overlapping
        only when even those do not fit."""
        lay, m = self.layout_, self.metrics
        pad, gap = m.px(16), m.px(6)
        width = min(lay.play.width - m.px(20), max(m.px(560), lay.field.width))
        room = width - 2 * pad
        cw, ch = lay.field_card
        if n and n * (cw + gap) - gap > room:
            cw, ch = lay.pile_card
        title_h = font(m.type_size("title"), True).get_linesize()
        body_h = font(m.type_size("body")).get_linesize() * 2
        box = pygame.Rect(0, 0, width, pad * 2 + title_h + body_h + (ch + m.px(10) if n else 0))
        box.center = lay.field.center
        box.clamp_ip(lay.play)
        step = min(cw + gap, (room - cw) / max(1, n - 1))
        x = box.centerx - (step * (n - 1) + cw) / 2
        return box, [pygame.Rect(round(x + i * step), box.bottom - ch - pad, cw, ch)
                     for i in range(n)]

    def draw_banner(self, surface: pygame.Surface) -> None:
        """The banner over the field: a title, a line, and every card it is about."""
        if self.banner is None:
            return
        title, text, cards = self.banner
        m = self.metrics
        box, rects = self.banner_geometry(len(cards))
        draw.panel(surface, box, m.radius * 2, max(1, m.px(2)), alpha=235)
        pad = m.px(16)
        img = font(m.type_size("title"), True).render(title, True, theme.GOLD)
        surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + pad)))
        body = font(m.type_size("body"))
        draw_text(surface, text, body, theme.TEXT, pygame.Rect(
            box.x + pad, box.y + pad + img.get_height(), box.width - 2 * pad,
            body.get_linesize() * 2), "center")
        for c, r in zip(cards, rects):
            surface.blit(faces.hanafuda_face(c, r.width, r.height, badge=self.badges), r)
