"""The fishing engine's turns: ``FishingTurns`` carries out actions (``apply``), deals, takes
turns and ends deals and the match, with events (none in playout mode). ``FishingGame``
(``rules.fishing.engine``) builds on it.

A turn: the player plays a hand card, which captures (``_capture``) or joins the field, then
draws the top stock card, which does the same, or waits for the player's ``take`` when it has a
choice; then the next seat's turn, or the end of the deal (``_finish_deal``: the game scores
it, ``_finish_round`` records it and deals again or ends the match).

>>> from rules.koikoi import KoiKoiGame
>>> g = KoiKoiGame.from_layout(["3B 1C1", "9C1 5C1"], "3C1 8C1", "12C1 4C1 6C1 7C1")
>>> isinstance(g, FishingTurns), [str(e) for e in g.apply("play 3B")][:2]
(True, ['played seat0 3B', 'captured seat0 3B 3C1'])
"""

from __future__ import annotations

from typing import Any

from rules.engine import AmbiguousActionError, Event, IllegalActionError, InvalidNotationError
from rules.fishing.actions import Action, check_action, parse_action
from rules.fishing.basics import derive_seed
from rules.fishing.core import FishingCore
from rules.fishing.deal import shuffled_deck
from rules.fishing.records import PHASE_OVER, PHASE_PLAY, PHASE_TAKE, DealLog
from rules.fishing.tables import BIT, CAPTURES, PILE_RANK, PLAY, SHIFT, Capture, whole_months
from rules.hanafuda import Card

class FishingTurns(FishingCore):
    """``FishingCore`` with its actions carried out: apply, deals, turns, the match."""

    __slots__ = ()

    # Applying ----------------------------------------------------------------------------------
    def apply(self, action: Action | str) -> list[Event]:
        """Carry out ``action`` for the current player; returns what happened, in order.

        ``action`` is one of ``legal_actions()`` or its notation. Text (or anything else) that
        is no action raises InvalidNotationError; an action that is not legal now
        IllegalActionError, and ``play X`` when X could capture either of two cards
        AmbiguousActionError (name the card: ``play X Y``). Naming the card of the only
        capture is accepted (``play 1C2 1R`` takes a triple whole). A refused action changes
        nothing. In playout mode the action is checked alike, but not recorded, and the
        events list is empty.
        """
        if type(action) is not Action:
            if not isinstance(action, str):
                raise InvalidNotationError(f"not an action: {action!r}")
            action = parse_action(action, self.WORDS)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            action = self._normalise(action, legal)
        if self._quiet:
            self._step(action)
            return []
        self._events = []
        self.actions.append(action)
        log = self.deal_log
        if log is not None:
            self.deal_log = log._replace(moves=log.moves + ((self._turn, action),))
        self._step(action)
        return self._events

    def _step(self, action: Action) -> None:
        """Carry out a legal ``action`` (``apply``, once checked and recorded; ``playout``)."""
        self._legal = None
        kind, c, target, lay = action
        p = self._turn
        if kind == "play":
            if self._quiet and target is None and not lay and not self._steal:
                self._play_quietly(p, c)  # type: ignore[arg-type]  # a play names its card
            else:
                self._play(p, action)
        elif kind == "take":
            drawn, self.pending = self.pending, None
            assert drawn is not None and target is not None
            self._capture(p, drawn, self._option_with(drawn, target))
            self._turn_done(p)
        else:
            self._apply_word(p, kind)

    def _normalise(self, action: Action, legal: list[Action]) -> Action:
        """The legal action ``action`` stands for, or the error that says why there is none."""
        check_action(action, self.WORDS)
        c = action.card
        if action.kind == "play" and c is not None and not action.lay:
            if action.target is not None:
                play = PLAY[c]
                if play in legal:
                    options = self._options(c)
                    if options and action.target in options[0].taken:
                        return play
            else:
                choices = [a for a in legal if a.kind == "play" and a.card is c and not a.lay]
                if choices:
                    raise AmbiguousActionError(
                        f"{action} is ambiguous: {c} can capture "
                        f"{' or '.join(str(a.target) for a in choices)}; name the card "
                        f"({', '.join(map(str, choices))})")
        raise IllegalActionError(
            f"{action} is not legal now (phase {self.phase}, seat {self.current_player}); "
            f"legal: {', '.join(map(str, legal)) or 'nothing'}")

    def _emit(self, kind: str, seat: int | None = None, cards_: tuple[Card, ...] = (),
              data: dict[str, Any] | None = None) -> None:
        """Report an event (none in playout mode: callers whose ``data`` costs check
        ``_quiet`` first)."""
        if not self._quiet:
            self._events.append(Event(kind, seat, cards_, data))


    # Dealing -----------------------------------------------------------------------------------
    def _begin_deal(self) -> None:
        """The deal stands (a hook): start play (Koi-Koi offers the hand swap first)."""
        self._begin_log(self.dealer)
        self._start_turn(self.dealer)

    def _begin_log(self, first: int) -> None:
        """The deal's first turn, ``first``'s, is next: its public record starts."""
        if not self._quiet:
            self.deal_log = DealLog(first, tuple(self._field), (), ())

    def _start_round(self) -> None:
        """Deal until a deal stands (void deals are dealt again by the same dealer)."""
        n, void = self.players, self._void
        while True:
            deck, rng = shuffled_deck(self.seed if self.deal_count == 0
                                      else derive_seed(self.seed, self.deal_count))
            self.deal_count += 1
            dealer = self.dealer
            self.hands, self._field, self.stock = self._deal(deck, dealer)
            self.field_mask = fmask = sum(map(BIT, self._field))
            if not self._quiet:
                self._piles = [[] for _ in range(n)]
            self.pile_masks = [0] * n
            self.pending = None
            self.turn_captures = []
            self.last_captor = None
            self.revealed = 0
            self.absent = [0] * n
            self.deal_log = None
            self._reset_deal()
            if not self._quiet:
                self._emit("dealt", dealer,
                           data={"round": self.round + 1, "deal": self.deal_count})
            if void is not None:
                reason = void(self.hands, fmask)
                if reason:
                    if not self._quiet:
                        self._emit("void_deal", dealer, tuple(self._field), {"reason": reason})
                    continue
            self._dealt(rng)
            break
        self.round += 1
        self._begin_deal()

    def _start_round_again(self) -> None:
        """The deal turned out void after all (Koi-Koi: both hands instant wins): deal again."""
        self.round -= 1
        self._start_round()

    # Turns -------------------------------------------------------------------------------------
    # Each event is built only when someone will read it (not in playout mode).
    def _start_turn(self, seat: int) -> None:
        self.current_player = self._turn = seat
        self.phase = PHASE_PLAY
        self.turn_captures = []
        if not self._quiet:
            self._events.append(Event("turn", seat))
        if not self.hands[seat]:  # draw_on_empty: the turn is a draw
            self._draw(seat)

    def _play(self, p: int, action: Action) -> None:
        c: Card = action.card  # type: ignore[assignment]  # a play always names its card
        self.hands[p].remove(c)
        if action.lay:
            self.field_mask |= 1 << c.index
            if not self._quiet:
                self._field.append(c)
                # Laid down: the same two events as a card that matches nothing (the tables
                # move the card to the field on ``to_field``).
                self._events += (Event("played", p, (c,), {"captures": []}),
                                 Event("to_field", p, (c,)))
        else:
            capture: Capture | None
            if action.target is not None:
                capture = self._option_with(c, action.target)
            elif self._steal:
                options = self._options(c)
                capture = options[0] if options else None
            else:  # the first (or only) option; _options, inlined on the hot path
                options = CAPTURES[self._triple][c][(self.field_mask >> SHIFT[c]) & 15]
                capture = options[0] if options else None
            if capture is None and self._matching == "required":
                self._shows_absent(p)
            if not self._quiet:
                self._events.append(Event("played", p, (c,),
                                          {"captures": list(capture.codes) if capture else []}))
            self._capture(p, c, capture)
        self._draw(p)

    def _play_quietly(self, p: int, c: Card) -> None:
        """``_play`` and ``_draw`` in playout mode for the most common play: no target named,
        not laid down, no stealing. Only the bit sets change, so it is done in one go."""
        self.hands[p].remove(c)
        table = CAPTURES[self._triple]
        fmask = self.field_mask
        options = table[c][(fmask >> SHIFT[c]) & 15]
        if options:  # the only option, or (no target named) the first
            capture = options[0]
            fmask &= ~capture.bits
            self.pile_masks[p] |= capture.bits
            self.turn_captures += capture.got
            self.last_captor = p
        else:
            if self._matching == "required":
                self._shows_absent(p)
            fmask |= 1 << c.index
        c = self.stock.pop(0)  # the drawn card
        options = table[c][(fmask >> SHIFT[c]) & 15]
        if not options:
            self.field_mask = fmask | 1 << c.index
        elif len(options) == 1:
            capture = options[0]
            self.field_mask = fmask & ~capture.bits
            self.pile_masks[p] |= capture.bits
            self.turn_captures += capture.got
            self.last_captor = p
        else:  # a choice: ``take`` comes next
            self.field_mask = fmask
            self._before_choice(p)
            self.pending = c
            self.phase = PHASE_TAKE
            return
        self._turn_done(p)

    def _shows_absent(self, p: int) -> None:
        """``p`` plays a card that captures nothing where matching is required: its hand holds
        no card of a month it could have captured (on the field; stealing, in another pile)."""
        could = self.field_mask
        if self._steal:
            for s, mask in enumerate(self.pile_masks):
                if s != p:
                    could |= mask
        self.absent[p] |= whole_months(could)

    def _capture(self, p: int, c: Card, capture: Capture | None) -> None:
        """``c`` makes ``capture`` (None: it stays on the field)."""
        if capture is None:
            self.field_mask |= 1 << c.index
            if not self._quiet:
                self._field.append(c)
                self._events.append(Event("to_field", p, (c,)))
            return
        taken, got, bits, _codes, source = capture
        if source < 0:
            self.field_mask &= ~bits
        else:  # taken from another seat's pile
            self.pile_masks[source] &= ~bits
        self.pile_masks[p] |= bits
        self.turn_captures += got
        self.last_captor = p
        if not self._quiet:  # the lists beside the bit sets, and the event
            if source < 0:
                field_ = self._field
                for t in taken:
                    field_.remove(t)
            else:
                self._piles[source].remove(taken[0])
            pile = self._piles[p]
            pile += got
            pile.sort(key=PILE_RANK)  # by kind; nearly sorted already, so cheaper than insorts
            self._events.append(Event("captured", p, got,
                                      None if source < 0 else {"from": source}))

    def _draw(self, p: int) -> None:
        drawn = self.stock.pop(0)
        if not self._quiet:
            self._events.append(Event("drawn", p, (drawn,)))
            log = self.deal_log
            if log is not None:
                self.deal_log = log._replace(drawn=log.drawn + (drawn,))
        if self._steal:
            options = self._options(drawn)
        else:
            options = CAPTURES[self._triple][drawn][(self.field_mask >> SHIFT[drawn]) & 15]
        if len(options) > 1:  # the player chooses (see apply, "take")
            self._before_choice(p)
            self.pending = drawn
            self.phase = PHASE_TAKE
            return
        self._capture(p, drawn, options[0] if options else None)
        self._turn_done(p)

    def _turn_done(self, p: int) -> None:
        """``p``'s turn is over: the next seat's turn, or the end of the deal."""
        if self._deal_finished():
            self._finish_deal()
        else:
            self._next_turn(p)

    def _deal_finished(self) -> bool:
        """No turn can follow: the stock is empty, or every hand is (unless seats draw on)."""
        if not self.stock:
            return True
        return not self.options.draw_on_empty and not any(self.hands)

    def _next_turn(self, p: int) -> None:
        """The turn of the next seat that can take one (with a hand card, or drawing on)."""
        n = self.players
        q = (p + 1) % n
        if not self.options.draw_on_empty:
            while not self.hands[q]:
                q = (q + 1) % n
        self._start_turn(q)

    def _finish_deal(self) -> None:
        """The field's leftover cards to the last captor (option), then the game scores."""
        if self.options.leftovers and self.field_mask and self.last_captor is not None:
            p = self.last_captor
            if not self._quiet:
                left = tuple(self._field)
                self._piles[p] += left
                self._piles[p].sort(key=PILE_RANK)
                self._events.append(Event("leftovers", p, left))
            self.pile_masks[p] |= self.field_mask
            self._field, self.field_mask = [], 0
        self._end_deal()

    # The match ---------------------------------------------------------------------------------
    def _finish_round(self, result: Any) -> None:
        """Score ``result``, record it, and deal again or end the match."""
        for seat, points in enumerate(result.points):
            self.scores[seat] += points
        self.history.append(result)
        if not self._quiet:  # (playout mode: observations copy the history when asked)
            self._history_view += (result.copy(),)
            self._emit("round_over", result.winner, data={"result": result.to_dict(),
                                                          "scores": list(self.scores)})
        self.dealer = self._next_dealer(result)
        if self._match_over():
            self.phase = PHASE_OVER
            self.current_player = None
            self.winner = self._match_winner()
            if not self._quiet:
                self._emit("match_over", self.winner, data={"scores": list(self.scores)})
            return
        self._start_round()
