"""``FishingSteps``: the fishing table's engine events turned into animation steps (the
``table.steps`` part of ``FishingTable``, ``game.table.fishing``; ``PileYakuSteps`` adds the
banner of a yaku read off a pile, for 600 Hearts and Hana-awase).

The table's ``EVENT_STEPS`` maps each event kind of the fishing engine to the method that queues its
steps: ``dealt`` (the cards gathered, their faces warmed, then dealt as the engine dealt
them; only the last deal of a batch is shown), ``turn``, ``played`` (a hand card onto what it
captures, or left for ``to_field``), ``to_field``, ``drawn``, ``captured`` (the card lands on
its capture, then both go to the pile; a card taken from another seat's pile leaves it),
``leftovers`` (the field's last cards to the last captor's pile), ``void_deal`` (a banner),
``round_over`` and
``match_over`` (the result pages, waited on). Each step changes the table's ``FishingView``
one event at a time and sends the cards there, so the picture never runs ahead of what has
been animated; the log and the last-move marks follow the same steps. A game adds its own
kinds to ``EVENT_STEPS`` (steps of its table's own) and gives the table's hooks the steps
call (``round_page``, ``match_page``, ``round_ended``, ``record_statistics``).

>>> from game.table.fishing import FishingTable
>>> FishingTable.EVENT_STEPS["captured"], len(FishingTable.EVENT_STEPS)
('captured_step', 10)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.i18n import _
from game.table.fishing_view import FishingView
from game.table.names import card_list, card_name
from game.table.places import sort_by_kind
from rules.hanafuda import Card
from sprites import sequence, until_settled


def log_line(title: str, text: str) -> str:
    """A banner as a line of the game log: its title as the line's heading, then its text
    (a banner's exclamation mark is for the table, not the log).

    >>> log_line("Koi-koi!", "Computer — Hard plays on.")
    'Koi-koi: Computer — Hard plays on.'
    """
    return _("{heading}: {text}").format(heading=title.rstrip("!！ "), text=text)


def seat_line(line: tuple[Any, ...], seating: Any = None) -> str:
    """A seat's turn so far in words, in the language now in use: "played" and its card, or
    "took" and its cards, and those taken from another seat's pile by the seats they came
    from (the line's third part: ``(seat, cards)`` pairs) with ``seating``'s name for it,
    the name before the cards (a narrow seat's line is cut at its end).

    >>> from rules.hanafuda import cards
    >>> seat_line(("took", tuple(cards("1B 1C1")))), seat_line(("played", tuple(cards("3R"))))
    ('took Crane and Sun and Pine (chaff)', 'played Cherry poetry ribbon')
    >>> from game.setups import GameSetup
    >>> from game.table.seats import Seats
    >>> seating = Seats(GameSetup("hanaawase", ["easy", "human", "easy"], {}, 1))
    >>> seat_line(("took", tuple(cards("1C1 2R")), ((2, tuple(cards("2R"))),)), seating)
    "took Pine (chaff); took from Computer 2's pile: Plum poetry ribbon"
    >>> seat_line(("took", tuple(cards("2R")), ((1, tuple(cards("2R"))),)), seating)
    'took from your pile: Plum poetry ribbon'
    """
    kind, cards = line[0], line[1]
    if kind == "played":
        return _("played {card}").format(card=card_name(cards[0]))
    stolen = line[2] if len(line) > 2 else ()
    from_piles = {c for _seat, taken in stolen for c in taken}
    field = [c for c in cards if c not in from_piles]
    parts = [_("took {cards}").format(cards=card_list(field))] if field or not stolen else []
    for seat, taken in stolen:
        if seating is not None and seating.is_you(seat):
            parts.append(_("took from your pile: {cards}").format(cards=card_list(taken)))
        else:  # (no seating, no names: the seat's number)
            whom = seating.short_name(seat) if seating is not None else str(seat + 1)
            parts.append(_("took from {whom}'s pile: {cards}").format(
                whom=whom, cards=card_list(taken)))
    said = parts[0]
    for part in parts[1:]:
        said = _("{first}; {then}").format(first=said, then=part)
    return said


class FishingSteps:
    """The engine steps of ``FishingTable``; see the module docstring."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def deal_step(self, event: Any) -> None:
        """Gather the cards, wait for their faces, deal them as the engine dealt them."""
        t = self.table
        t.queue.call(self.reset_view)
        t.queue.wait_for(lambda: t.drawing.faces_ready(self.dealt_face_up(),
                                                     t.layout_.field_card))
        t.queue.add(self._deal)
        t.queue.call(t.sync_panel)

    def reset_view(self) -> None:
        t = self.table
        t.view = FishingView.empty(t.players)
        t.choosing = t.banner = None
        t.marked = []
        t.seat_lines = {}
        t.taken, t.stolen = {}, {}
        t.retarget(t.queue.duration(0.35), turn=False)  # gathered face down

    def dealt_face_up(self) -> list[Card]:
        """The cards a deal turns up (their faces are rendered before it starts)."""
        t = self.table
        return list(t.game.field) + [c for s in range(t.players)
                                        if t.face_up_in_hand(s) for c in t.game.hands[s]]

    def _deal(self) -> Any:
        t = self.table
        g = t.game
        t.play("shuffle")
        t.view.hands = [list(h) for h in g.hands]
        t.view.field = dict(enumerate(g.field))
        t.view.stock = list(g.stock)  # face down: its order is never shown
        return until_settled(t.retarget(t.queue.duration(0.35),
                                           stagger=t.queue.duration(0.04)))

    def turn_step(self, event: Any) -> None:
        t = self.table
        t.queue.call(t.sync_panel)

    def played_step(self, event: Any) -> None:
        self.table.queue.add(lambda: self._played(event))

    def _played(self, e: Any) -> Any:
        t = self.table
        c = e.cards[0]
        t.banner = None
        self.note_move(e.seat, [c], new=True)
        self.say(e.seat, ("played", (c,)), new=True)
        t.log.add(_("{who} played {card}.").format(who=t.seating.name(e.seat),
                                                      card=card_name(c)))
        t.view.remove(c)
        captures = e.data.get("captures") or []
        if not captures:
            return 0.0  # the to_field event moves it
        from rules.hanafuda import card as by_code
        t.view.staged[c] = by_code(captures[0])
        t.play("place")
        return until_settled(t.retarget(t.queue.duration(0.3)))

    def to_field_step(self, event: Any) -> None:
        t = self.table
        def step() -> Any:
            c = event.cards[0]
            t.view.remove(c)
            t.view.field[t.view.free_slot()] = c
            t.play("place")
            return until_settled(t.retarget(t.queue.duration(0.3)))
        t.queue.add(step)

    def drawn_step(self, event: Any) -> None:
        t = self.table
        def step() -> Any:
            c = event.cards[0]
            self.note_move(event.seat, [c])
            t.log.add(_("{who} drew {card}.").format(who=t.seating.name(event.seat),
                                                        card=card_name(c)))
            t.view.remove(c)
            t.view.drawn = c
            t.play("flip")
            return until_settled(t.retarget(t.queue.duration(0.35)))
        t.queue.add(step)

    def captured_step(self, event: Any) -> None:
        t = self.table
        def stage() -> Any:
            c, taken = event.cards[0], event.cards[1:]
            if c in t.view.staged:
                return 0.0
            t.view.remove(c)  # the drawn card lands on what it captures
            t.view.staged[c] = taken[0]
            t.play("place")
            return until_settled(t.retarget(t.queue.duration(0.3)))

        def capture() -> Any:
            cards = list(event.cards)
            self.note_move(event.seat, cards)
            taken = t.taken.setdefault(event.seat, [])
            taken += cards[1:]
            source = (event.data or {}).get("from")
            stolen = t.stolen.setdefault(event.seat, {})
            if source is not None:  # (from another seat's pile: the line says whose)
                stolen[source] = stolen.get(source, ()) + tuple(cards[1:])
            self.say(event.seat, ("took", tuple(taken), tuple(stolen.items())))
            if source is None:
                t.log.add(_("{who} captured {cards}.").format(
                    who=t.seating.name(event.seat), cards=card_list(cards[1:])))
            else:
                t.log.add(_("{who} took {cards} from the pile of {whom}.").format(
                    who=t.seating.name(event.seat), cards=card_list(cards[1:]),
                    whom=t.seating.name(source)))
            for c in cards:
                t.view.remove(c)
            t.view.piles[event.seat] = sort_by_kind(t.view.piles[event.seat] + cards)
            t.play("capture")
            return until_settled(t.retarget(t.queue.duration(0.4)))
        t.queue.add(stage)
        t.queue.add(capture)

    def leftovers_step(self, event: Any) -> None:
        """The deal is over: the cards left on the field go to the last captor's pile."""
        t = self.table
        def step() -> Any:
            cards = list(event.cards)
            t.log.add(_("The cards left on the field go to {who}: {cards}.").format(
                who=t.seating.name(event.seat), cards=card_list(cards)))
            for c in cards:
                t.view.remove(c)
            t.view.piles[event.seat] = sort_by_kind(t.view.piles[event.seat] + cards)
            t.play("capture")
            return until_settled(t.retarget(t.queue.duration(0.5),
                                               stagger=t.queue.duration(0.05)))
        t.queue.add(step)

    def note_move(self, seat: int, cards: list[Card], new: bool = False) -> None:
        """Mark the cards of a move made by anyone but the player looking at the table."""
        t = self.table
        if seat != t.viewer or not t.seating.is_human(seat):
            t.mark(seat, cards, new=new)

    def say(self, seat: int, line: tuple[Any, ...], new: bool = False) -> None:
        """Say ``seat``'s turn so far beside its name (``seat_lines``: "played" or "took"
        and its cards, and those from other seats' piles by seat, put in words as drawn:
        ``seat_line``; ``new``: its turn begins, what it took last turn forgotten); the
        player's own turn is not said."""
        t = self.table
        if new:
            t.taken.pop(seat, None)
            t.stolen.pop(seat, None)
        if seat != t.viewer or not t.seating.is_human(seat):
            t.seat_lines[seat] = line

    def void_deal_step(self, event: Any) -> None:
        text = _("The deal is void and dealt again.")
        self.table.queue.add(self.banner_step(_("Void deal"), text, [], log=text))

    def round_over_step(self, event: Any) -> None:
        """The round's result page, once what came before it is animated."""
        t = self.table
        result = event.data["result"]

        def page() -> Any:
            return t.round_page(result, list(event.data["scores"]),
                                [list(p) for p in t.view.piles])

        def step() -> Any:
            t.banner = None
            t.shown_scores = list(event.data["scores"])
            t.round_ended(result)
            t.log.add(_("Round {n} is over.").format(n=result["round"]))
            return t.wait_for_round_page(page())
        if not t.replaying:  # (its texts rendered while the round's last move is shown)
            t.ahead.prepare_page(page)
        t.queue.add(step)

    def match_over_step(self, event: Any) -> None:
        """The game is over: the player's record, the session closed, the final page."""
        t = self.table
        def step() -> Any:
            self.match_ended(event)
            t.record_statistics()
            t.finish_session("match over")
            return t.wait_for_scene(t.match_page(event))
        t.queue.add(step)

    def match_ended(self, event: Any) -> None:
        """The game is over, its page not shown yet: the final scores on the panel and the
        winners' sound (a game with its own figures overrides it)."""
        t = self.table
        t.shown_scores = list(t.game.scores)
        self.winners_sound(list((t.game.result or {}).get("winners", [])))

    def winners_sound(self, winners: list[int]) -> None:
        """The end of a game that ``winners`` won: "win" when a human seat is among them (or
        only computers play), else "lose"."""
        t = self.table
        humans = [s for s in range(t.players) if t.seating.is_human(s)]
        t.play("win" if not humans or any(s in winners for s in humans) else "lose")

    def record_winners(self, winners: list[int], best: dict[str, float],
                       lower_is_better: tuple[str, ...] = ()) -> None:
        """The statistics of a game ``winners`` won (a shared win is a win): the one human's
        win or loss, against the computers' level when they share one; ``best`` (the figures
        a record keeps) only from a win. Friends or computers alone record nothing."""
        t = self.table
        if t.seats.count("human") != 1:
            return
        me = t.seats.index("human")
        levels = {s for s in t.seats if s != "human"}
        won = me in winners
        t.record_result("win" if won else "loss",
                           level=levels.pop() if len(levels) == 1 else None,
                           results=best if won else {}, lower_is_better=lower_is_better)

    def banner_step(self, title: str, text: str, cards: list[Card] | Callable[[], list[Card]],
                    sound: str | None = None, duration: float = 1.5,
                    log: str | None = None) -> Any:
        """A step showing a banner over the field for ``duration``; ``cards`` may be a
        function, called when the banner shows (the captures before it are animated). The
        log gets ``log``, else the banner's title and text as one line (``log_line``)."""
        t = self.table
        def show() -> float:
            t.banner = (title, text, cards() if callable(cards) else list(cards))
            t.log.add(log if log is not None else log_line(title, text))
            if sound:
                t.play(sound)
            return t.queue.duration(duration)

        def hide() -> None:
            t.banner = None
        return sequence(show, hide)


class PileYakuSteps(FishingSteps):
    """A ``FishingTable`` part for games whose yaku are read off the capture piles (600
    Hearts, Hana-awase): after a capture that completes a yaku, a banner with its cards says
    what it is worth and to whom (``yaku_banner_text``)."""

    def captured_step(self, event: Any) -> None:
        t = self.table
        seat = event.seat
        before: set[str] = set()

        def remember() -> None:
            before.update(name for name, _p, _c in t.pile_yaku(t.view.piles[seat]))

        def announce() -> float:
            new = [y for y in t.pile_yaku(t.view.piles[seat]) if y[0] not in before]
            if not new:
                return 0.0
            text = t.yaku_banner_text(seat, new)
            shown = list(dict.fromkeys(c for _n, _p, cs in new for c in cs))
            t.banner = (_("Yaku!"), text, shown)
            t.log.add(log_line(_("Yaku!"), text))
            t.play("yaku")
            return t.queue.duration(1.5)

        def hide() -> None:
            t.banner = None
        t.queue.call(remember)
        super().captured_step(event)
        t.queue.add(announce)
        t.queue.call(hide)
