"""``FishingSteps``: the fishing table's engine events turned into animation steps (a part of
``FishingTable``, ``game.table.fishing``).

``EVENT_STEPS`` maps each event kind of the fishing engine to the method that queues its
steps: ``dealt`` (the cards gathered, their faces warmed, then dealt as the engine dealt
them; only the last deal of a batch is shown), ``turn``, ``played`` (a hand card onto what it
captures, or left for ``to_field``), ``to_field``, ``drawn``, ``captured`` (the card lands on
its capture, then both go to the pile; a card taken from another seat's pile leaves it),
``leftovers`` (the field's last cards to the last captor's pile), ``void_deal`` (a banner),
``round_over`` and
``match_over`` (the result pages, waited on). Each step changes the table's ``FishingView``
one event at a time and sends the cards there, so the picture never runs ahead of what has
been animated; the log and the last-move marks follow the same steps. A game adds its own
kinds to ``EVENT_STEPS`` and overrides the hooks (``round_page``, ``match_page``,
``round_ended``, ``match_ended``, ``record_statistics``).

>>> FishingSteps.EVENT_STEPS["captured"], len(FishingSteps.EVENT_STEPS)
('captured_step', 10)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from game.i18n import _
from game.table.base import CardTable
from game.table.fishing_view import FishingBase, FishingView
from game.table.names import card_list, card_name
from game.table.places import sort_by_kind
from rules.hanafuda import Card
from sprites import sequence, until_settled


class FishingSteps(FishingBase):
    """The engine steps of ``FishingTable``; see the module docstring."""

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

    def deal_step(self, event: Any) -> None:
        """Gather the cards, wait for their faces, deal them as the engine dealt them."""
        self.queue.call(self.reset_view)
        self.queue.wait_for(lambda: self.drawing.faces_ready(self.dealt_face_up(),
                                                     self.layout_.field_card))
        self.queue.add(self._deal)
        self.queue.call(self.sync_panel)

    def reset_view(self) -> None:
        self.view = FishingView.empty(self.players)
        self.choosing = self.banner = None
        self.marked = []
        self.retarget(self.queue.duration(0.35), turn=False)  # gathered face down

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
        self.log.add(_("{who} played {card}.").format(who=self.seating.name(e.seat),
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
            self.log.add(_("{who} drew {card}.").format(who=self.seating.name(event.seat),
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
            source = (event.data or {}).get("from")
            if source is None:
                self.log.add(_("{who} captured {cards}.").format(
                    who=self.seating.name(event.seat), cards=card_list(cards[1:])))
            else:
                self.log.add(_("{who} took {cards} from the pile of {whom}.").format(
                    who=self.seating.name(event.seat), cards=card_list(cards[1:]),
                    whom=self.seating.name(source)))
            for c in cards:
                self.view.remove(c)
            self.view.piles[event.seat] = sort_by_kind(self.view.piles[event.seat] + cards)
            self.play("capture")
            return until_settled(self.retarget(self.queue.duration(0.4)))
        self.queue.add(stage)
        self.queue.add(capture)

    def leftovers_step(self, event: Any) -> None:
        """The deal is over: the cards left on the field go to the last captor's pile."""
        def step() -> Any:
            cards = list(event.cards)
            self.log.add(_("The cards left on the field go to {who}: {cards}.").format(
                who=self.seating.name(event.seat), cards=card_list(cards)))
            for c in cards:
                self.view.remove(c)
            self.view.piles[event.seat] = sort_by_kind(self.view.piles[event.seat] + cards)
            self.play("capture")
            return until_settled(self.retarget(self.queue.duration(0.5),
                                               stagger=self.queue.duration(0.05)))
        self.queue.add(step)

    def note_move(self, seat: int, cards: list[Card], new: bool = False) -> None:
        """Mark the cards of a move made by anyone but the player looking at the table."""
        if seat != self.viewer or not self.seating.is_human(seat):
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
            return self.wait_for_round_page(self.round_page(
                result, list(event.data["scores"]), [list(p) for p in self.view.piles]))
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
        """The game is over, its page not shown yet: the final scores on the panel and the
        winners' sound (a game with its own figures overrides it)."""
        self.shown_scores = list(self.game.scores)
        self.winners_sound(list((self.game.result or {}).get("winners", [])))

    def match_page(self, event: Any) -> Any:
        """The final result page (override)."""
        raise NotImplementedError

    def record_statistics(self) -> None:
        """Record the finished game in the player's statistics (override)."""

    def winners_sound(self, winners: list[int]) -> None:
        """The end of a game that ``winners`` won: "win" when a human seat is among them (or
        only computers play), else "lose"."""
        humans = [s for s in range(self.players) if self.seating.is_human(s)]
        self.play("win" if not humans or any(s in winners for s in humans) else "lose")

    def record_winners(self, winners: list[int], best: dict[str, float],
                       lower_is_better: tuple[str, ...] = ()) -> None:
        """The statistics of a game ``winners`` won (a shared win is a win): the one human's
        win or loss, against the computers' level when they share one; ``best`` (the figures
        a record keeps) only from a win. Friends or computers alone record nothing."""
        if self.seats.count("human") != 1:
            return
        me = self.seats.index("human")
        levels = {s for s in self.seats if s != "human"}
        won = me in winners
        self.record_result("win" if won else "loss",
                           level=levels.pop() if len(levels) == 1 else None,
                           results=best if won else {}, lower_is_better=lower_is_better)

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


class PileYakuBanner(FishingSteps):
    """A ``FishingTable`` part for games whose yaku are read off the capture piles (600
    Hearts, Hana-awase): after a capture that completes a yaku, a banner with its cards says
    what it is worth and to whom (``yaku_banner_text``)."""

    def pile_yaku(self, pile: list[Card]) -> list[tuple[str, int, list[Card]]]:
        """The yaku ``pile`` makes: (id, points, its cards) (override)."""
        raise NotImplementedError

    def yaku_banner_text(self, seat: int, new: list[tuple[str, int, list[Card]]]) -> str:
        """The banner's line for the yaku ``seat`` has just made (override)."""
        raise NotImplementedError

    def captured_step(self, event: Any) -> None:
        seat = event.seat
        before: set[str] = set()

        def remember() -> None:
            before.update(name for name, _p, _c in self.pile_yaku(self.view.piles[seat]))

        def announce() -> float:
            new = [y for y in self.pile_yaku(self.view.piles[seat]) if y[0] not in before]
            if not new:
                return 0.0
            text = self.yaku_banner_text(seat, new)
            shown = list(dict.fromkeys(c for _n, _p, cs in new for c in cs))
            self.banner = (_("Yaku!"), text, shown)
            self.log.add(f"{_('Yaku!')} {text}")
            self.play("yaku")
            return self.queue.duration(1.5)

        def hide() -> None:
            self.banner = None
        self.queue.call(remember)
        super().captured_step(event)
        self.queue.add(announce)
        self.queue.call(hide)
