"""The Koi-Koi table: a match against the computer (or a friend), animated from engine events.

The scene keeps a *view* of the table (hands, field slots, piles, stock) that follows the
engine one event at a time through the animation queue, so the picture always shows what has
been animated so far, never a state the player has not seen happen. Input is taken only when
the queue is idle and a human is to move; anything else gets a short cue and changes nothing.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

import pygame

from game import draw, theme
from game.fonts import font
from game.i18n import _, ngettext
from game.scenes.koikoi_dialogs import (DecisionDialog, KoiKoiRulesScene, MatchResultScene,
                                        PassScreen, RoundResultScene, yaku_cards, yaku_label)
from game.scenes.koikoi_layout import TableLayout
from game.scenes.table import TableScene
from game.text import draw_text
from rules.hanafuda import DECK, Card, Kind
from rules.koikoi import (PHASE_DECIDE, PHASE_PLAY, PHASE_SWAP, PHASE_TAKE, YAKU_CARDS, Action,
                          KoiKoiGame, KoiKoiRules, kind_counts, round_multipliers)
from sprites import (AnimationQueue, CardSprite, DragController, SPEED_FACTORS, sequence,
                     until_settled)
from sprites import faces

log = logging.getLogger(__name__)

GOLD_GLOW = (240, 200, 90)
MATCH_GLOW = (120, 220, 140)

#: Yaku progress shown in the panel: id, label, cards needed (count-based ones by kind).
PROGRESS = (
    ("brights", "Brights", 3),
    ("akatan", "Poetry ribbons", 3),
    ("aotan", "Blue ribbons", 3),
    ("inoshikacho", "Boar-deer-butterflies", 3),
    ("viewing", "Sake cup viewing", 2),
    ("tane", "Animals", 5),
    ("tanzaku", "Ribbons", 5),
    ("kasu", "Chaff", 10),
)


class _FieldTarget:
    """A drop target: one field card, or the empty field (``card`` None)."""

    def __init__(self, scene: "KoiKoiTable", card: Card | None) -> None:
        self.scene = scene
        self.card = card

    @property
    def rect(self) -> pygame.Rect:
        if self.card is None:
            return self.scene.layout_.field
        return self.scene.sprites[self.card].rect

    def accepts(self, sprites: list[CardSprite]) -> bool | str:
        return self.scene.drop_verdict(sprites[0].data, self.card)


class KoiKoiTable(TableScene):
    game_id = "koikoi"
    name = "koikoi"

    def __init__(self, setup=None, *, demo_moves: int = 0, session=None) -> None:
        from game.scenes.setup import default_setup
        setup = session.setup if session is not None else setup  # session
        self.session, self.resume_session = None, session  # session: opened at its position
        super().__init__(setup or default_setup("koikoi", 1))
        self.rules = KoiKoiRules.from_options(self.setup.options)
        self.seats: list[str] = list(self.setup.seats)
        self.demo_moves = demo_moves
        self.layout_ = TableLayout((1280, 800))
        self.queue = AnimationQueue()
        self.sprites: dict[Card, CardSprite] = {}
        self.agents: dict[int, Any] = {}
        self.workers: dict[int, Any] = {}
        self._new_match()

    # Set-up ---------------------------------------------------------------------------------
    def _new_match(self) -> None:
        resume, self.resume_session = self.resume_session, None  # session
        self.game = (resume.engine() if resume is not None  # session
                     else KoiKoiGame.new(self.setup.seed, self.rules))
        self.viewer = 0 if self.seats[0] == "human" or "human" not in self.seats else 1
        self.reveal_all = "human" not in self.seats  # watching AI against AI
        self.v_hands: list[list[Card]] = [[], []]
        self.v_field: dict[int, Card] = {}
        self.v_piles: list[list[Card]] = [[], []]
        self.v_stock: list[Card] = list(DECK)
        self.drawn: Card | None = None          # the drawn card waiting at the drawn spot
        self.staged: dict[Card, Card] = {}      # card -> field card it lies on (capturing)
        self.shown_scores = [0, 0]
        self.shown_round = 0
        self.shown_calls = [0, 0]
        self.shown_dealer = self.game.dealer
        self.shown_yaku: list[dict[str, int]] = [{}, {}]
        self.choosing: Card | None = None       # a hand card whose capture target is chosen
        self.message = ""
        self.notice = ""                        # a short red cue after a refused move
        self.notice_time = 0.0
        self.banner: tuple[str, str, list[Card]] | None = None
        self.waiting_for: Any = None            # a modal scene the queue waits on
        self.recorded = False
        self.queue.clear()
        self.sprites = {}
        for c in DECK:
            s = CardSprite(self._face(c), faces.back_renderer(self._back_style()),
                           size=self.layout_.field_card, face_up=False, data=c)
            self.sprites[c] = s
        self.drag = DragController(self._pick, self._targets, on_drop=self._on_drop,
                                   on_refuse=self._on_refuse, on_click=self._on_click)
        self._close_workers()
        self.agents, self.workers = {}, {}
        for seat, who in enumerate(self.seats):
            if who != "human":
                from ai.base import make_agent
                from ai.runner import AIWorker
                self.agents[seat] = make_agent("koikoi", who, seed=self.setup.seed * 2 + seat)
                self.workers[seat] = AIWorker(self.agents[seat])
        if resume is not None:  # session: the saved position, cards in place, not dealt
            self.session = resume
            self._show_position()
            return
        self._queue_deal()
        if not self.demo_moves:  # session: a new match is saved from its first deal
            from game.session import Session  # session
            self.session = Session.start(self.setup, self.game,  # session
                                         stats=self.app.stats if self.app else None)
        for _i in range(self.demo_moves):  # screenshots: a game in progress
            if self.game.is_over:
                break
            seat = self.game.current_player
            agent = self.agents.get(seat)
            if agent is None:
                from ai.base import make_agent
                agent = make_agent("koikoi", "normal", seed=seat)
            action = agent.choose(self.game.observation(seat))
            if self.game.phase == PHASE_DECIDE:
                action = Action("koikoi")  # keep the demo round going
            elif self.game.phase == PHASE_SWAP:
                action = Action("keep")
            self._apply(action)

    def _face(self, c: Card) -> Callable[[int, int], pygame.Surface]:
        badge = bool(self.app and self.app.settings.card_badges)
        return faces.face_renderer(c, badge=badge)

    def _back_style(self) -> str:
        return self.app.settings.card_back if self.app else "black"

    def enter(self) -> None:
        # Settings are known now: badges, card back and animation speed.
        for c, s in self.sprites.items():
            s.face = self._face(c)
            s.back = faces.back_renderer(self._back_style())
        self._apply_speed()

    def resume(self) -> None:
        self._apply_speed()

    def exit(self) -> None:
        self._close_workers()
        if self.session is not None:  # session: leaving is not a loss; Continue resumes
            self.session.leave()

    def _close_workers(self) -> None:
        """Each computer seat's worker owns a thread: stop them when the table goes."""
        for worker in getattr(self, "workers", {}).values():
            worker.close()

    def _apply_speed(self) -> None:
        speed = self.app.settings.animation_speed if self.app else "normal"
        self.queue.speed = speed
        self.drag.speed = SPEED_FACTORS[speed]
        for w in self.workers.values():
            w.min_delay = 0.0 if speed == "off" else 0.5 * SPEED_FACTORS[speed]

    def restart(self) -> None:
        """Pause menu: the same match from its first deal."""
        self._new_match()
        self.enter()
        self.layout(self.size)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.layout_ = TableLayout(size)
        self._retarget(0.0)
        for s in self.sprites.values():
            s.finish()

    # The view: where each card should be ------------------------------------------------------
    def _bottom(self, seat: int) -> bool:
        return seat == self.viewer

    def _face_up_in_hand(self, seat: int) -> bool:
        """A hand is shown to the human sitting at it, or to everyone when computers play."""
        return self.reveal_all or (seat == self.viewer and self._is_human(seat))

    def _targets_now(self) -> dict[Card, tuple[tuple[float, float], tuple[int, int], bool, int]]:
        """Card -> (centre, size, face up, z) for the current view."""
        lay = self.layout_
        out: dict[Card, tuple[tuple[float, float], tuple[int, int], bool, int]] = {}
        for i, c in enumerate(self.v_stock):
            off = min(i, 12) * 0.35
            out[c] = ((lay.stock.centerx - off, lay.stock.centery - off), lay.field_card, False, 0)
        slots = max(list(self.v_field) + [7]) + 1
        for slot, c in self.v_field.items():
            out[c] = (lay.slot_position(slot, slots), lay.field_card, True, 10)
        for seat in (0, 1):
            bottom = self._bottom(seat)
            size = lay.hand_card if bottom else lay.opp_card
            up = self._face_up_in_hand(seat)
            for i, (c, pos) in enumerate(zip(self.v_hands[seat],
                                             lay.hand_positions(len(self.v_hands[seat]), bottom))):
                out[c] = (pos, size, up, 30 + i)
            positions, _labels = lay.pile_positions(self.v_piles[seat], bottom)
            for i, c in enumerate(self.v_piles[seat]):
                out[c] = (positions[c], lay.pile_card, True, 20 + i)
        if self.drawn is not None:
            out[self.drawn] = (lay.drawn_spot, lay.field_card, True, 40)
        for c, under in self.staged.items():
            if under in out:
                (x, y), _s, _u, z = out[under]
                out[c] = ((x + lay.field_card[0] * 0.22, y + lay.field_card[1] * 0.12),
                          lay.field_card, True, 50)
        return out

    def _retarget(self, duration: float, stagger: float = 0.0) -> list[CardSprite]:
        """Move every sprite whose place changed; returns the ones that move."""
        moving = []
        for n, (c, (pos, size, up, z)) in enumerate(sorted(self._targets_now().items(),
                                                             key=lambda kv: kv[1][3])):
            s = self.sprites[c]
            s.z = z
            if (s.w, s.h) != size:
                s.set_size(*size)
            delay = 0.0
            if s.target_pos != pos:
                delay = stagger * len(moving)
                s.move_to(pos, duration, delay=delay)
                moving.append(s)
            if s.target_face_up != up:
                s.flip(min(0.3, max(duration, 0.01)) if duration else 0.0, to_face_up=up,
                       delay=delay)
                if s not in moving:
                    moving.append(s)
        return moving

    def _free_slot(self) -> int:
        slot = 0
        while slot in self.v_field:
            slot += 1
        return slot

    def _remove_from_view(self, c: Card) -> None:
        for hand in self.v_hands:
            if c in hand:
                hand.remove(c)
        for slot, fc in list(self.v_field.items()):
            if fc is c:
                del self.v_field[slot]
        if c in self.v_stock:
            self.v_stock.remove(c)
        if self.drawn is c:
            self.drawn = None
        self.staged.pop(c, None)

    # Engine events -> animation steps ---------------------------------------------------------
    def _apply(self, action: Action) -> None:
        events = self.game.apply(action)
        if self.session is not None:  # session: saved before the next frame
            self.session.record(self.game)
        log.debug("koikoi %s -> %s", action, ", ".join(map(str, events)))
        last_deal = max((i for i, e in enumerate(events) if e.kind == "dealt"), default=-1)
        for i, e in enumerate(events):
            if e.kind == "dealt" and i != last_deal:
                continue  # a deal that ended at once (void deal, instant win): not animated
            self._queue_event(e, i == last_deal)

    def _show_position(self) -> None:  # session: a saved game opens with its cards in place
        g = self.game
        self.v_hands = [list(h) for h in g.hands]
        self.v_field = dict(enumerate(g.field))
        self.v_piles = [list(p) for p in g.piles]
        self.v_stock, self.drawn = list(g.stock), g.pending
        self.shown_scores = list(g.scores)
        self._sync_panel()
        if g.is_over:  # saved after the last action, before the result was shown
            from rules.engine import Event
            self._queue_event(Event("match_over", g.winner, (), {"scores": list(g.scores)}))

    def _queue_deal(self) -> None:
        """The first deal of the match (the engine dealt it in ``new``)."""
        self._queue_event(None, True)

    def _queue_event(self, e, final_deal: bool = False) -> None:
        q = self.queue
        kind = "dealt" if e is None else e.kind
        if kind == "dealt":
            q.call(self._reset_view)
            q.add(lambda: self._deal_step())
            q.call(self._sync_panel)
        elif kind == "void_deal":
            q.add(self._banner_step(_("Void deal"), _("The deal is void and dealt again."), []))
        elif kind in ("hands_swapped", "hands_kept"):
            q.add(lambda e=e: self._swap_step(e))
            swapped = kind == "hands_swapped"
            q.add(self._banner_step(_("Hands swapped") if swapped else _("Hands kept"),
                                    (_("{who} swapped hands with the dealer.") if swapped else
                                     _("{who} keeps the dealt hand.")).format(who=self._name(e.seat)),
                                    [], duration=0.9))
        elif kind == "instant_win":
            q.add(self._banner_step(_("Instant win!"), _("{who} was dealt {how}.").format(
                who=self._name(e.seat), how=_("four of a month") if e.data["how"] == "teshi"
                else _("four pairs")), list(e.cards), sound="yaku"))
        elif kind == "draw_for_first":
            q.add(self._banner_step(_("Draw for first"), _("{who} plays first.").format(
                who=self._name(e.seat)), list(e.cards)))
        elif kind == "turn":
            q.call(self._sync_panel)
        elif kind == "played":
            q.add(lambda e=e: self._played_step(e))
        elif kind == "to_field":
            q.add(lambda e=e: self._to_field_step(e))
        elif kind == "drawn":
            q.add(lambda e=e: self._drawn_step(e))
        elif kind == "captured":
            q.add(lambda e=e: self._stage_capture_step(e))
            q.add(lambda e=e: self._capture_step(e))
        elif kind == "yaku":
            names = ", ".join(yaku_label(y) for y in e.data["yaku"])
            # The cards are read when the banner shows: the captures before it are animated.
            cards = lambda e=e: self._yaku_cards(e.seat, e.data["yaku"])  # noqa: E731
            total = e.data["total"]
            q.add(self._banner_step(_("Yaku!"), ngettext(
                "{who}: {names} — {n} point", "{who}: {names} — {n} points", total).format(
                who=self._name(e.seat), names=names, n=total), cards, sound="yaku"))
        elif kind == "koikoi":
            q.add(self._banner_step(_("Koi-koi!"), _("{who} plays on.").format(
                who=self._name(e.seat)), [], sound="koikoi"))
            q.call(self._sync_panel)
        elif kind == "stop":
            q.add(self._banner_step(_("Stop!"), _("{who} ends the round.").format(
                who=self._name(e.seat)), [], duration=0.9))
        elif kind == "round_over":
            q.add(lambda e=e: self._round_over_step(e))
        elif kind == "match_over":
            q.add(lambda e=e: self._match_over_step(e))

    def _reset_view(self) -> None:
        self.v_hands, self.v_field, self.v_piles = [[], []], {}, [[], []]
        self.v_stock = list(DECK)
        self.drawn, self.staged, self.choosing = None, {}, None
        self.banner = None
        self._retarget(self.queue.duration(0.35))

    def _deal_step(self):
        """Deal from the stock: hands and field as the engine dealt them, staggered."""
        g = self.game
        self.play("shuffle")
        for seat in (0, 1):
            self.v_hands[seat] = list(g.hands[seat])
        self.v_field = {i: c for i, c in enumerate(g.field)}
        self.v_stock = list(g.stock)  # face down: its order is never shown
        moving = self._retarget(self.queue.duration(0.35), stagger=self.queue.duration(0.04))
        return until_settled(moving)

    def _swap_step(self, e):
        if e.kind == "hands_swapped":
            self.v_hands.reverse()
            self.play("slide")
            moving = self._retarget(self.queue.duration(0.45))
            return until_settled(moving)
        return 0.0

    def _played_step(self, e):
        c = e.cards[0]
        self.banner = None
        self._remove_from_view(c)
        captures = e.data.get("captures") or []
        if captures:
            from rules.hanafuda import card as by_code
            self.staged[c] = by_code(captures[0])
        else:
            return 0.0  # the to_field event moves it
        self.play("place")
        return until_settled(self._retarget(self.queue.duration(0.3)))

    def _to_field_step(self, e):
        c = e.cards[0]
        self._remove_from_view(c)
        self.v_field[self._free_slot()] = c
        self.play("place")
        return until_settled(self._retarget(self.queue.duration(0.3)))

    def _drawn_step(self, e):
        c = e.cards[0]
        self._remove_from_view(c)
        self.drawn = c
        self.play("flip")
        return until_settled(self._retarget(self.queue.duration(0.35)))

    def _stage_capture_step(self, e):
        c, taken = e.cards[0], e.cards[1:]
        if c not in self.staged:  # the drawn card lands on what it captures
            self._remove_from_view(c)
            self.staged[c] = taken[0]
            self.play("place")
            return until_settled(self._retarget(self.queue.duration(0.3)))
        return 0.0

    def _capture_step(self, e):
        cards = list(e.cards)
        for c in cards:
            self._remove_from_view(c)
        from rules.fishing import sort_pile
        self.v_piles[e.seat] = sort_pile(self.v_piles[e.seat] + cards)
        self.play("capture")
        moving = self._retarget(self.queue.duration(0.4))
        return until_settled(moving)

    def _banner_step(self, title: str, text: str, cards: list[Card] | Callable[[], list[Card]],
                     sound: str | None = None, duration: float = 1.5):
        """A step that shows a banner for ``duration`` and then takes it down; ``cards`` may be
        a function, called when the banner shows."""
        def step():
            self.banner = (title, text, cards() if callable(cards) else cards)
            if sound:
                self.play(sound)
            return self.queue.duration(duration)
        return sequence(step, self._clear_banner)

    def _clear_banner(self) -> None:
        self.banner = None

    def _round_over_step(self, e):
        self.banner = None
        result = e.data["result"]
        self.shown_scores = list(e.data["scores"])
        self.shown_calls = [0, 0]
        if result["winner"] is not None:
            self.play("win" if self._is_human(result["winner"]) or "human" not in self.seats
                      else "lose")
        scene = RoundResultScene(self, result, list(e.data["scores"]),
                                 [list(self.v_piles[0]), list(self.v_piles[1])])
        return self._wait_for_scene(scene)

    def _match_over_step(self, e):
        self._record_statistics()
        if self.session is not None:  # session: a finished match is not continued
            self.session.finish("match over")
        scene = MatchResultScene(self, self.game.result or {}, e.seat)
        return self._wait_for_scene(scene)

    def _wait_for_scene(self, scene):
        """Show a modal scene and hold the queue until it is closed."""
        self.waiting_for = scene
        if self.app is not None:
            self.app.push(scene)
        else:
            scene.done = True  # no app (benchmarks): nothing to wait for
        return lambda: getattr(scene, "done", False)

    def _sync_panel(self) -> None:
        g = self.game
        self.shown_round = g.round
        self.shown_dealer = g.dealer
        self.shown_calls = list(g.koikoi_calls)

    def _yaku_cards(self, seat: int, made: dict[str, int]) -> list[Card]:
        """The cards of the shown pile that make the yaku in ``made`` (at most ten)."""
        pile = self.v_piles[seat]
        chosen: list[Card] = []
        for y in made:
            chosen.extend(c for c in yaku_cards(y, pile, self.rules) if c not in chosen)
        return chosen[:10]

    # Names and turns -----------------------------------------------------------------------------
    def _is_human(self, seat: int) -> bool:
        return self.seats[seat] == "human"

    def _name(self, seat: int | None) -> str:
        if seat is None:
            return _("Nobody")
        from game.catalog import level_label
        if self._is_human(seat):
            if self.seats.count("human") == 2:
                return _("Player {n}").format(n=seat + 1)
            return _("You")
        return level_label(self.seats[seat])

    @property
    def human_to_move(self) -> bool:
        g = self.game
        return (not g.is_over and not self.queue.busy and self.waiting_for is None
                and self._is_human(g.current_player) and g.current_player == self.viewer)

    # Input -------------------------------------------------------------------------------------
    def _pick(self, pos) -> list[CardSprite] | None:
        if not self.human_to_move or self.game.phase != PHASE_PLAY:
            return None
        hand = self.v_hands[self.viewer]
        for c in reversed(hand):
            if self.sprites[c].contains(pos):
                return [self.sprites[c]]
        return None

    def _targets(self) -> list[_FieldTarget]:
        return [_FieldTarget(self, c) for c in self.v_field.values()] + [_FieldTarget(self, None)]

    def _actions_for(self, c: Card) -> list[Action]:
        return [a for a in self.game.legal_actions() if a.kind == "play" and a.card is c]

    def drop_verdict(self, c: Card, onto: Card | None) -> bool | str:
        """May hand card ``c`` be dropped on field card ``onto`` (None: the empty field)?"""
        actions = self._actions_for(c)
        if not actions:
            return self._why_not(c)
        if onto is None:
            if any(a.lay or a.target is None and not self._matches(c) for a in actions):
                return True
            return _("{card} matches a field card: drop it on that card.").format(card=c.name)
        if onto.month != c.month:
            return _("{a} is not of the same month as {b}.").format(a=c.name, b=onto.name)
        return True

    def _matches(self, c: Card) -> list[Card]:
        return [f for f in self.v_field.values() if f.month == c.month]

    def _why_not(self, c: Card) -> str:
        if self.rules.matching == "required" and not self._matches(c):
            return _("You hold a card that matches the field: you must play one of those.")
        return _("That card cannot be played now.")

    def _action_for_drop(self, c: Card, onto: Card | None) -> Action | None:
        for a in self._actions_for(c):
            if onto is None and (a.lay or (a.target is None and not self._matches(c))):
                return a
            if onto is not None and not a.lay:
                if a.target is onto:
                    return a
                if a.target is None and self._matches(c):
                    return a  # one capture (or a triple): any of its cards will do
        return None

    def _on_drop(self, sprites: list[CardSprite], target: _FieldTarget) -> None:
        c = sprites[0].data
        action = self._action_for_drop(c, target.card)
        if action is None:
            self._refuse(_("That card cannot go there."))
            self._retarget(self.queue.duration(0.25))
            return
        self._human_action(action)

    def _on_refuse(self, sprites, target, reason) -> None:
        self._refuse(reason or _("Drop the card on a field card of its month, or on the field."))

    def _on_click(self, sprites: list[CardSprite]) -> None:
        c = sprites[0].data
        actions = self._actions_for(c)
        if not actions:
            self._refuse(self._why_not(c))
            return
        captures = [a for a in actions if not a.lay]
        if len(captures) > 1:
            self.choosing = c  # two field cards of the month: the player picks one
            self.play("click")
            return
        self._human_action(captures[0] if captures else actions[0])

    def _refuse(self, reason: str) -> None:
        self.notice = reason
        self.notice_time = 3.0
        self.play("invalid")

    def _human_action(self, action: Action) -> None:
        self.choosing = None
        self.notice = ""
        self._apply(action)

    def _field_card_at(self, pos) -> Card | None:
        for c in reversed(list(self.v_field.values())):
            if self.sprites[c].contains(pos):
                return c
        return None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.drag.active:
                self.drag.cancel()
                return
            if self.choosing is not None:
                self.choosing = None
                return
            self.pause()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN) \
                and self.queue.busy:
            self.queue.skip()  # impatient players may hurry the animation along
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.queue.busy:
            self.notice, self.notice_time = _("Wait for the cards to settle."), 1.2
            return
        g = self.game
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.human_to_move:
            chosen = self._field_card_at(event.pos)
            if g.phase == PHASE_TAKE and chosen is not None:
                action = next((a for a in g.legal_actions() if a.target is chosen), None)
                if action is None:
                    self._refuse(_("The drawn card can capture only a card of its month."))
                else:
                    self._human_action(action)
                return
            if self.choosing is not None:
                action = next((a for a in self._actions_for(self.choosing)
                               if a.target is chosen and chosen is not None), None)
                if action is not None:
                    self._human_action(action)
                    return
                if chosen is not None:
                    self._refuse(_("Choose one of the two glowing cards."))
                    return
                self.choosing = None
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        self.drag.enabled = self.human_to_move and g.phase == PHASE_PLAY
        self.drag.handle_event(event)

    def _hover(self, pos) -> None:
        for c in self.v_hands[self.viewer]:
            self.sprites[c].hovered = self.human_to_move and self.sprites[c].contains(pos)

    # Frame -------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.waiting_for is not None and getattr(self.waiting_for, "done", False):
            self.waiting_for = None
        self.queue.update(dt)
        for s in self.sprites.values():
            s.update(dt)
        if self.notice_time > 0:
            self.notice_time = max(0.0, self.notice_time - dt)
            if not self.notice_time:
                self.notice = ""
        if not self.queue.busy and self.waiting_for is None and not self.game.is_over:
            self._next_decision(dt)
        self._update_highlights()
        self.message = self._status()

    def _next_decision(self, dt: float) -> None:
        g = self.game
        seat = g.current_player
        if not self._is_human(seat):
            worker = self.workers[seat]
            if not worker.busy and worker.pending is None:
                worker.request(g.observation(seat))
            worker.update(dt)
            action = worker.poll()
            if action is not None:
                self._apply(action)
            return
        if seat != self.viewer:
            # Two humans: hide the table and hand it over.
            self._hand_over(seat)
            return
        if g.phase == PHASE_DECIDE and self.waiting_for is None:
            self.waiting_for = DecisionDialog(self, seat)
            self.app.push(self.waiting_for)
        elif g.phase == PHASE_SWAP and self.waiting_for is None:
            self.waiting_for = DecisionDialog(self, seat, swap=True)
            self.app.push(self.waiting_for)

    def _hand_over(self, seat: int) -> None:
        def ready() -> None:
            self.viewer = seat
            self._retarget(0.0)
            for s in self.sprites.values():
                s.finish()
        self.waiting_for = PassScreen(self._name(seat), ready)
        self.app.push(self.waiting_for)

    def decide(self, action: Action) -> None:
        """Called by the koi-koi/stop and swap dialogs."""
        self.waiting_for = None
        self._apply(action)

    def _update_highlights(self) -> None:
        g = self.game
        for s in self.sprites.values():
            s.highlight = None
        if not self.human_to_move:
            return
        if g.phase == PHASE_TAKE and g.pending is not None:
            for a in g.legal_actions():
                self.sprites[a.target].highlight = MATCH_GLOW
            return
        if g.phase != PHASE_PLAY:
            return
        if self.choosing is not None:
            self.sprites[self.choosing].highlight = GOLD_GLOW
            for a in self._actions_for(self.choosing):
                if a.target is not None:
                    self.sprites[a.target].highlight = MATCH_GLOW
            return
        playable = {a.card for a in g.legal_actions() if a.kind == "play"}
        for c in self.v_hands[self.viewer]:
            if c in playable and self._matches(c):
                self.sprites[c].highlight = GOLD_GLOW  # can capture
        for c in self.v_hands[self.viewer]:
            if self.sprites[c].hovered or (self.drag.dragging and self.drag.sprites
                                           and self.drag.sprites[0].data is c):
                for f in self._matches(c):
                    self.sprites[f].highlight = MATCH_GLOW

    def _status(self) -> str:
        g = self.game
        if g.is_over:
            return _("The match is over.")
        if self.queue.busy or self.waiting_for is not None:
            return ""
        seat = g.current_player
        if not self._is_human(seat):
            return _("{who} is thinking…").format(who=self._name(seat))
        if g.phase == PHASE_TAKE:
            return _("The drawn {card} matches two cards: click the one it captures.").format(
                card=g.pending.name if g.pending else "")
        if self.choosing is not None:
            return _("{card} matches two field cards: click the one to capture.").format(
                card=self.choosing.name)
        if g.phase == PHASE_PLAY:
            return _("Your turn: click or drag a card from your hand. Glowing cards can capture.")
        return ""

    def settled(self) -> bool:
        return not self.queue.busy and not any(s.animating for s in self.sprites.values())

    # Statistics ----------------------------------------------------------------------------------
    def _record_statistics(self) -> None:
        if self.recorded or self.app is None or self.seats.count("human") != 1:
            return
        self.recorded = True
        me = self.seats.index("human")
        level = self.seats[1 - me]
        w = self.game.winner
        outcome = "draw" if w is None else ("win" if w == me else "loss")
        self.app.stats.record("koikoi", outcome, level=level,
                              results={"points": self.game.scores[me]})
        try:
            self.app.stats.save()
        except OSError:
            log.exception("could not save statistics")

    # Pause menu ---------------------------------------------------------------------------------
    def pause(self) -> None:
        self.drag.cancel()
        super().pause()

    def rules_scene(self):
        return KoiKoiRulesScene(self.rules)

    # Drawing -------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        lay, m = self.layout_, self.metrics
        surface.blit(draw.table_background(surface.get_size()), (0, 0))
        # The field: a slightly darker felt inset.
        draw.rounded_rect(surface, theme.FELT_DARK, lay.field.inflate(m.px(8), m.px(8)),
                          m.radius * 2, alpha=90)
        self._draw_pile_labels(surface)
        for s in sorted(self.sprites.values(), key=lambda s: (s.dragging, s.z)):
            s.draw(surface)
        small = font(m.type_size("small"), True)
        count = small.render(str(len(self.v_stock)), True, theme.CREAM)
        surface.blit(count, count.get_rect(midtop=(lay.stock.centerx, lay.stock.bottom + m.px(4))))
        text = self.notice or self.message
        color = theme.VERMILION if self.notice else theme.TEXT
        if text:
            draw_text(surface, text, font(m.type_size("small")), color, lay.message, "center",
                      "center", wrap_lines=False)
        self._draw_panel(surface)
        if self.banner is not None:
            self._draw_banner(surface)

    def _draw_pile_labels(self, surface: pygame.Surface) -> None:
        lay, m = self.layout_, self.metrics
        f = font(m.type_size("tiny"), True)
        names = {Kind.BRIGHT: _("Brights"), Kind.ANIMAL: _("Animals"), Kind.RIBBON: _("Ribbons"),
                 Kind.CHAFF: _("Chaff")}
        for seat in (0, 1):
            _pos, labels = lay.pile_positions(self.v_piles[seat], self._bottom(seat))
            for kind, rect, n in labels:
                img = f.render(f"{names[kind]} {n}", True, theme.TEXT_DIM if n == 0 else theme.CREAM)
                surface.blit(img, (rect.x, rect.y))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        lay, m = self.layout_, self.metrics
        r = lay.panel
        draw.panel(surface, r, m.radius * 2, max(1, m.px(1.5)))
        x = r.x + m.px(16)
        w = r.width - m.px(32)
        y = r.y + m.px(12)
        title = font(m.type_size("heading"), True).render(_("Koi-Koi"), True, theme.GOLD)
        surface.blit(title, (x, y))
        y += title.get_height()
        if self.rules.max_rounds:
            line = _("Round {n} of {total}").format(n=self.shown_round, total=self.rules.max_rounds)
        else:
            line = _("Round {n} · first to {target}").format(n=self.shown_round,
                                                             target=self.rules.target_score)
        img = font(m.type_size("small")).render(line, True, theme.TEXT_DIM)
        surface.blit(img, (x, y))
        y += img.get_height() + m.px(10)
        order = [1 - self.viewer, self.viewer]  # the opponent's block on top, like the table
        for seat in order:
            y = self._draw_player_block(surface, seat, x, y, w) + m.px(10)
        if self.game.field_brights and self.rules.field_bright_multiplier:
            note = _("Brights on the dealt field: ×{n}").format(n=1 + self.game.field_brights)
            img = font(m.type_size("small")).render(note, True, theme.GOLD)
            surface.blit(img, (x, y))

    def _draw_player_block(self, surface: pygame.Surface, seat: int, x: int, y: int, w: int) -> int:
        m = self.metrics
        g = self.game
        active = g.current_player == seat and not g.is_over
        block = pygame.Rect(x - m.px(8), y, w + m.px(16), m.px(10))
        name_f = font(m.type_size("body"), True)
        name = name_f.render(self._name(seat), True, theme.GOLD if active else theme.CREAM)
        score = name_f.render(str(self.shown_scores[seat]), True, theme.CREAM)
        if active:
            pygame.draw.circle(surface, theme.VERMILION, (x - m.px(2), y + name.get_height() // 2),
                               m.px(4))
        surface.blit(name, (x + m.px(6), y))
        surface.blit(score, (x + w - score.get_width(), y))
        y += name.get_height()
        small = font(m.type_size("small"))
        tags = []
        if self.shown_dealer == seat:
            tags.append(_("Dealer (親)"))
        if self.shown_calls[seat]:
            tags.append(_("Koi-koi ×{n}").format(n=self.shown_calls[seat]))
        mult = self._shown_multiplier(seat)
        if mult > 1:
            tags.append(_("×{n} if stopping").format(n=mult))
        if tags:
            img = small.render(" · ".join(tags), True, theme.VERMILION if self.shown_calls[seat]
                               else theme.TEXT_DIM)
            surface.blit(img, (x + m.px(6), y))
            y += img.get_height()
        tiny = font(m.type_size("tiny"))
        made = self._made_yaku(seat)
        for yid, pts in made.items():
            img = font(m.type_size("tiny"), True).render(f"{yaku_label(yid)}  {pts}", True,
                                                         theme.GOLD)
            surface.blit(img, (x + m.px(6), y))
            y += img.get_height()
        for key, label, have, need in self._progress(seat):
            if have == 0 or key in made or (key == "brights" and any(
                    k in made for k in ("goko", "shiko", "ame_shiko", "sanko"))):
                continue
            img = tiny.render(f"{_(label)}  {have}/{need}", True, theme.TEXT)
            surface.blit(img, (x + m.px(6), y))
            y += img.get_height()
        block.height = y - block.y + m.px(4)
        pygame.draw.line(surface, theme.GOLD_DIM, (block.x, block.bottom), (block.right, block.bottom))
        return block.bottom

    def _shown_multiplier(self, seat: int) -> int:
        """The round multiplier ``seat`` would score with, from what has been shown so far
        (the seven-point double depends on the total and is explained when it applies)."""
        calls = self.shown_calls
        return round_multipliers(self.rules, self.game.field_brights, calls[seat],
                                 calls[1 - seat], base=0)[1]

    def _made_yaku(self, seat: int) -> dict[str, int]:
        from rules.koikoi import yaku
        return yaku(self.v_piles[seat], self.rules)

    def _progress(self, seat: int) -> list[tuple[str, str, int, int]]:
        pile = self.v_piles[seat]
        codes = {c.code for c in pile}
        counts = kind_counts(pile, self.rules)
        out = []
        for key, label, need in PROGRESS:
            if key == "brights":
                have = counts["brights"]
            elif key == "viewing":
                have = sum(c in codes for c in ("9A",)) + min(1, sum(c in codes for c in ("3B", "8B")))
            elif key in ("tane", "tanzaku", "kasu"):
                have = counts[{"tane": "animals", "tanzaku": "ribbons", "kasu": "chaff"}[key]]
            else:
                have = sum(c in codes for c in (YAKU_CARDS[key] or ()))
            out.append((key, label, have, need))
        return out

    def _draw_banner(self, surface: pygame.Surface) -> None:
        title, text, cards = self.banner
        lay, m = self.layout_, self.metrics
        cw, ch = lay.pile_card[0] * 2, lay.pile_card[1] * 2
        h = m.px(120) + (ch + m.px(10) if cards else 0)
        box = pygame.Rect(0, 0, min(lay.play.width - m.px(40), m.px(720)), h)
        box.center = lay.field.center
        draw.panel(surface, box, m.radius * 2, max(1, m.px(2)), alpha=235)
        tf = font(m.type_size("title"), True)
        img = tf.render(title, True, theme.GOLD)
        surface.blit(img, img.get_rect(midtop=(box.centerx, box.y + m.px(10))))
        y = box.y + m.px(10) + img.get_height()
        draw_text(surface, text, font(m.type_size("body")), theme.TEXT,
                  pygame.Rect(box.x + m.px(16), y, box.width - m.px(32), m.px(34)), "center")
        if cards:
            total = len(cards) * (cw + m.px(6)) - m.px(6)
            cx = box.centerx - total // 2
            for c in cards:
                surface.blit(faces.hanafuda_face(c, cw, ch), (cx, box.bottom - ch - m.px(12)))
                cx += cw + m.px(6)
