"""The fishing engine: a match of deals for 2-4 seats, each game being options, scoring and hooks.

A deal: the cards are shuffled (docs/rules.md's shuffle) and dealt by the game's ``DealPlan``; a
void deal (the game's checks) is dealt again by the same dealer. Then turns go round the table,
``(seat + 1) % players``: the player *plays* a hand card, which captures a card of its month
(choosing when there are two; a field triple is taken whole by the fourth) or stays on the
field, then *draws* the top stock card, which does the same (``take`` when it has a choice).
Options (``FishingOptions``): the matching rule, field triples, captures from other seats'
capture piles (never one's own), a seat without hand cards drawing on, the field's leftover
cards going to the last captor. When the deal is over the game scores it and the match deals
again, or ends.

Every game is a subclass that supplies its options and scoring through hooks (``_options_for``,
``_end_deal``, ``_next_dealer``, ``_match_over``; Koi-Koi also overrides ``_turn_done`` for its
koi-koi decision and adds its own phases and words). Cards, piles and the field are kept both
as lists (their order is shown) and as 48-bit sets that the move tables of
``rules.fishing.tables`` are indexed by.

The engine meets ``rules.engine.Engine``: ``legal_actions``/``apply`` (with events),
``observation(seat)`` (a frozen ``FishingObservation``, or the game's subclass of it), a cheap
``clone()``, ``to_dict``/``from_dict`` and ``sample``.

The engine is built in layers, a module each: ``rules.fishing.core`` (the state, the hooks,
the legal actions), ``rules.fishing.turns`` (apply, deals, turns, the match),
``rules.fishing.playout`` (the playout mode) and this one: ``FishingGame``, which adds how a
game is made (``new``, ``from_layout``, ``from_dict``, ``clone``, ``sample``), saved
(``to_dict``) and observed (``observation``).

Playout mode, for searching AIs (``rules.fishing.playout``): ``playout(rng, policy=None)``
plays a state on to the end of the match, ``clone(playout=True)`` copies a state into the mode.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any, Collection, Iterator, TypeVar

from rules.deck import shuffle_in_place
from rules.engine import (DuplicateCardError, LayoutError, RulesError, Step, check_dict,
                          check_int, check_list, check_record, check_sample_args, check_seat,
                          replay_actions)
from rules.fishing.basics import sort_pile
from rules.fishing.playout import FishingPlayout, Policy
from rules.fishing.records import MAX_ROUND, MAX_SCORE, MAX_SEED, layout_cards, per_seat
from rules.fishing.deal import deal_unseen
from rules.fishing.tables import BIT, MONTH_BITS, months_in
from rules.hanafuda import DECK, Card, codes

G = TypeVar("G", bound="FishingGame")

__all__ = ["FishingGame", "Policy"]


class FishingGame(FishingPlayout):
    """A fishing match for 2-4 seats; subclass it with a game's options, scoring and hooks.

    A subclass sets ``GAME_ID``, ``RULES`` (its options dataclass, with ``from_options``),
    ``OBSERVATION`` and ``WORDS`` (its one-word actions), and implements ``_options_for``
    (rules -> FishingOptions) and ``_end_deal`` (score the deal, then ``_finish_round``).
    """

    __slots__ = ()

    # Construction ------------------------------------------------------------------------------
    @classmethod
    def new(cls: type[G], seed: int, rules: Any = None) -> G:
        """A match from deal number ``seed``, its first deal dealt. What dealing it made happen
        (void deals, the game's own opening events) is kept in ``start_events``."""
        game = cls(seed, cls.RULES() if rules is None and cls.RULES is not None else rules)
        game._start_round()
        game._start_events, game._events = tuple(game._events), []
        return game

    @classmethod
    def _layout(cls: type[G], rules: Any, seed: int, hands: Any, field_: Any, stock: Any,
                dealer: Any, current: Any, piles: Any, scores: Any, round_: Any) -> G:
        """A deal set up card by card, in the play phase of ``current``'s turn (see the game's
        ``from_layout``); every part checked, LayoutError naming the bad one."""
        cls._check_rules(rules)
        n = cls._options_for(rules).players
        hand_cards = [layout_cards(h, f"hands[{i}]")
                      for i, h in enumerate(per_seat(hands, "hands", n))]
        pile_cards = [layout_cards(p, f"piles[{i}]")
                      for i, p in enumerate(per_seat(piles, "piles", n))]
        score_values = [check_int(s, f"scores[{i}]", -MAX_SCORE, MAX_SCORE)
                        for i, s in enumerate(per_seat(scores, "scores", n))]
        field_cards = layout_cards(field_, "field")
        stock_cards = layout_cards(stock, "stock")
        check_int(dealer, "dealer", 0, n - 1)
        current = dealer if current is None else check_int(current, "current", 0, n - 1)
        check_int(round_, "round", 1, MAX_ROUND)
        check_int(seed, "seed", 0, MAX_SEED)
        seen = 0
        for c in (*field_cards, *stock_cards, *(c for h in hand_cards for c in h),
                  *(c for p in pile_cards for c in p)):
            if seen & c.bit:
                raise DuplicateCardError(f"card {c.code} appears twice in the layout")
            seen |= c.bit
        counts = [len(hand_cards[(current + i) % n]) for i in range(n)]  # in turn order
        options = cls._options_for(rules)
        if any(a < b for a, b in zip(counts, counts[1:])) or counts[0] - counts[-1] > 1 or \
                not (counts[0] or options.draw_on_empty and stock_cards):
            if n == 2:
                raise LayoutError(f"hands of {counts[0]} (seat {current}, to play) and "
                                  f"{counts[1]} cards cannot take turns to the end")
            raise LayoutError(f"hands of {counts} cards in turn order from seat {current} "
                              "cannot take turns to the end")
        if len(stock_cards) < sum(counts):
            raise LayoutError(f"a stock of {len(stock_cards)} cards is short of the "
                              f"{sum(counts)} turns left")
        game = cls(seed, rules)
        game.layout = {
            "hands": [codes(h) for h in hand_cards], "field": codes(field_cards),
            "stock": codes(stock_cards), "dealer": dealer, "current": current,
            "piles": [codes(p) for p in pile_cards], "scores": list(score_values),
            "round": round_}
        game.deal_count = 1  # the layout stands for the first deal
        game.round = round_
        game.dealer = dealer
        game.hands = hand_cards
        game._field = field_cards
        game.field_mask = sum(map(BIT, field_cards))
        game.stock = stock_cards
        game._piles = [sort_pile(p) for p in pile_cards]
        game.pile_masks = [sum(map(BIT, p)) for p in pile_cards]
        game.scores = score_values
        game._turn = current
        return game

    @classmethod
    def from_layout(cls: type[G], hands: Any, field: Any, stock: Any, *, dealer: int = 0,
                    current: int | None = None, piles: Any = None, rules: Any = None,
                    scores: Any = None, round: int = 1, seed: int = 0) -> G:
        """A deal set up card by card (tests, puzzles), in the play phase of ``current``'s
        turn (default: the dealer's). ``piles`` and ``scores`` default to empty and 0.

        Cards are given in notation (``"1B 3C1"``) or as Card lists, one hand and one pile per
        seat; ``stock`` is listed top first. The layout need not hold all 48 cards, but no card
        may appear twice, and it must be playable to the end: in turn order from ``current``
        no hand holds more than the one before it, nor two more than the last one, and the
        stock holds a card for every turn left. Later deals come from ``seed``; ``to_dict``
        keeps the layout, so such a game replays too. Anything else raises a LayoutError
        naming the bad part.
        """
        if rules is None and cls.RULES is not None:
            rules = cls.RULES()
        n = cls._options_for(cls._check_rules(rules)).players
        game = cls._layout(rules, seed, hands, field, stock, dealer, current,
                           [""] * n if piles is None else piles,
                           [0] * n if scores is None else scores, round)
        game._layout_done()
        return game

    def _layout_done(self) -> None:
        """The layout is complete (the game has set its own parts): start the turn."""
        self._start_turn(self._turn)
        self._events.clear()

    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-ready values: seed (or layout), rules and actions, for from_dict."""
        if self.sampled:
            raise RulesError("a sampled game is a guess, not a game: it has no record to save")
        if self._quiet:
            raise RulesError("a game in playout mode keeps no record: it cannot be saved")
        data: dict[str, Any] = {"game": self.GAME_ID, "seed": self.seed,
                                "rules": dataclasses.asdict(self.rules),
                                "actions": [str(a) for a in self.actions]}
        if self.layout is not None:
            data["layout"] = copy.deepcopy(self.layout)
        return data

    @classmethod
    def from_dict(cls: type[G], data: Any, step: Step | None = None) -> G:
        """Replay a saved game: seed (or layout), rules and actions (each through ``step``,
        default ``game.apply``: a table shows them as it goes).

        Every value is checked before anything is replayed, and a replay the engine refuses
        is refused whole: damaged or hostile data raises a LayoutError naming the bad part.
        """
        data, actions = check_record(data, cls.GAME_ID, 40, frozenset({"layout"}))
        seed = check_int(data["seed"], "seed", 0, MAX_SEED)
        rules = cls._rules_from_dict(check_dict(data["rules"], "rules"))
        layout = data.get("layout")
        if layout is not None:
            layout = check_dict(layout, "layout")
            unknown = set(layout) - cls.LAYOUT_KEYS
            if unknown:
                raise LayoutError(f"layout: unknown keys {sorted(unknown)}")
            missing = {"hands", "field", "stock"} - set(layout)
            if missing:
                raise LayoutError(f"layout: missing {sorted(missing)}")
            for key in ("hands", "piles"):  # notation only: no objects in a saved game
                if key in layout:
                    for i, part in enumerate(check_list(layout[key], f"layout.{key}")):
                        if not isinstance(part, str):
                            raise LayoutError(f"layout.{key}[{i}]: expected card codes as text")
            for key in ("field", "stock"):
                if not isinstance(layout[key], str):
                    raise LayoutError(f"layout.{key}: expected card codes as text")
            try:
                game = cls.from_layout(**layout, rules=rules, seed=seed)
            except RulesError as exc:
                raise LayoutError(f"layout: {exc}") from None
        else:
            game = cls.new(seed, rules)
        replay_actions(game, actions, step)
        return game

    @classmethod
    def _rules_from_dict(cls, options: dict[str, Any]) -> Any:
        return cls.RULES.from_options(options)

    def clone(self: G, playout: bool = False) -> G:
        """An independent copy (no deepcopy: the lists are copied, cards and actions shared).

        ``playout``: the copy is in playout mode (see ``playout``), and cheaper to make: the
        action list, the field's and the capture piles' lists are not copied. A copy of a state
        in playout mode is in playout mode too.
        """
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        quiet = new._quiet = self._quiet or playout
        new.rules = self.rules
        new.players = self.players
        new.actions = [] if quiet else self.actions.copy()  # playout mode keeps no record
        new.scores = self.scores.copy()
        new.history = self.history.copy()
        new.round = self.round
        new.dealer = self.dealer
        new.hands = [h.copy() for h in self.hands]
        new._field = [] if quiet else self._field.copy()
        new.field_mask = self.field_mask
        new._piles = [] if quiet else [p.copy() for p in self._piles]
        new.pile_masks = self.pile_masks.copy()
        new.absent = self.absent.copy()
        if quiet:
            new.deal_log = None
        new.stock = self.stock.copy()
        new.current_player = self.current_player
        new._turn = self._turn
        new.phase = self.phase
        new.pending = self.pending
        new.turn_captures = self.turn_captures.copy()
        new.last_captor = self.last_captor
        new._events = []
        new._legal = self._legal  # never changed in place: apply replaces it
        new._triple = self._triple
        new._matching = self._matching
        new._steal = self._steal
        return new

    @classmethod
    def sample(cls: type[G], observation: Any, rng: random.Random) -> G:
        """A full game that ``observation``'s seat cannot tell from the real one.

        The cards the seat has not seen (the other hands, but for cards revealed to every
        seat, and the stock, whose order nobody knows) are dealt from the unseen cards at
        random with ``rng``; everything the seat knows is as observed. Later deals come from
        a random seed. The sample plays on like any game, but it is not a record:
        ``to_dict`` refuses it.
        """
        check_sample_args(observation, cls.OBSERVATION, rng)
        obs = observation
        game = cls(rng.getrandbits(64), obs.rules)
        game.sampled = True
        n, seat = game.players, obs.seat
        known = [list(r) for r in obs.revealed_hands]
        in_stock = list(obs.revealed_stock)
        shown = [*obs.hand, *obs.field, *(c for p in obs.piles for c in p), *in_stock,
                 *(c for s in range(n) if s != seat for c in known[s])]
        if obs.pending is not None:
            shown.append(obs.pending)
        seen = 0
        for c in shown:
            if seen & c.bit:
                raise LayoutError(f"observation: card {c} is in two places")
            seen |= c.bit
        unseen = [c for c in DECK if not seen & c.bit]
        need = [obs.hand_counts[s] - len(known[s]) if s != seat else 0 for s in range(n)]
        if min(need) < 0 or sum(need) + obs.stock_count - len(in_stock) != len(unseen):
            raise LayoutError("observation: its card counts do not add up to the deck")
        absent = [sum(MONTH_BITS[m] for m in months) for months in obs.absent_months]
        shuffle_in_place(unseen, rng)
        dealt, rest = deal_unseen(unseen, need, absent, rng)
        for s in range(n):
            if s == seat:
                game.hands[s] = list(obs.hand)
                continue
            hand = known[s] + dealt[s]
            shuffle_in_place(hand, rng)
            game.hands[s] = hand
        game.absent = absent
        game.deal_log = obs.deal_log
        stock = in_stock + rest
        shuffle_in_place(stock, rng)
        game.stock = stock
        game._field = list(obs.field)
        game.field_mask = sum(map(BIT, obs.field))
        game._piles = [list(p) for p in obs.piles]
        game.pile_masks = [sum(map(BIT, p)) for p in obs.piles]
        game.revealed = sum(map(BIT, (*(c for r in obs.revealed_hands for c in r), *in_stock)))
        game.scores = list(obs.scores)
        game.history = [r.copy() for r in obs.history]
        game._history_view = tuple(r.copy() for r in obs.history)
        game.round = game.deal_count = obs.round
        game.dealer = obs.dealer
        game.pending = obs.pending
        game.phase = obs.phase
        game.turn_captures = list(obs.turn_captures)
        game.last_captor = obs.last_captor
        game.current_player = obs.current_player
        if obs.current_player is None:  # the match is over
            game._turn = obs.dealer
            game.winner = game._match_winner()
        else:
            game._turn = obs.current_player
        game._sampled_from(obs, rng)
        return game

    def _sampled_from(self, obs: Any, rng: random.Random) -> None:
        """``sample`` hook: set the game's own state from its observation."""

    def replay_deal(self, seats: Collection[int] | None = None) -> Iterator[tuple[int, Any, Any]]:
        """The deal in play replayed from its first turn with this state's cards (a sampled
        state's: the hidden ones as sampled): each move of ``deal_log`` by one of ``seats``
        (default every seat) as ``(seat, observation, action)``, the observation the seat had
        when it chose; nothing without a log. Lazy: a caller may stop at the move it needed. A
        searching AI weighs a sample by how likely the other seats' choices were had they held
        its cards.

        >>> from rules.koikoi import KoiKoiGame, KoiKoiRules
        >>> g = KoiKoiGame.new(7, KoiKoiRules.nintendo())
        >>> dealt = [list(h) for h in g.hands]
        >>> for _ in range(3):
        ...     _ = g.apply(g.legal_actions()[0])
        >>> again = list(g.replay_deal())
        >>> [a for _, _, a in again] == g.actions
        True
        >>> seat, seen, action = again[0]
        >>> sorted(seen.hand) == sorted(dealt[seat]), action in seen.legal_actions
        (True, True)
        >>> {s for s, _, _ in g.replay_deal(seats=[seat])} == {seat}
        True
        """
        log = self.deal_log
        if log is None:
            return
        n = self.players
        played: list[list[Any]] = [[] for _ in range(n)]
        for seat, action in log.moves:
            if action.kind == "play":
                played[seat].append(action.card)
        game = type(self).from_layout([played[s] + self.hands[s] for s in range(n)],
                                      list(log.field), [*log.drawn, *self.stock],
                                      dealer=self.dealer, current=log.first, rules=self.rules,
                                      scores=list(self.scores), round=self.round)
        for seat, action in log.moves:
            if seats is None or seat in seats:
                yield seat, game.observation(seat), action
            game.apply(action)


    # Observation -------------------------------------------------------------------------------
    def observation(self, seat: int) -> Any:
        """What ``seat`` knows: its own hand, the table, and the cards every seat has been
        shown that are hidden now; never the rest of another hand or the stock's order."""
        seat = check_seat(seat, self.players)
        return self.OBSERVATION(**self._observed(seat))

    def _observed(self, seat: int) -> dict[str, Any]:
        """The observation's fields (a game adds its own)."""
        revealed = self.revealed
        stock_seen: tuple[Card, ...] = ()
        if revealed:
            shown = tuple(tuple(sorted(c for c in h if revealed & c.bit)) for h in self.hands)
            stock_seen = tuple(sorted(c for c in self.stock if revealed & c.bit))
        else:
            shown = ((),) * self.players
        return dict(
            seat=seat, rules=self.rules, phase=self.phase, current_player=self.current_player,
            dealer=self.dealer, round=self.round, scores=tuple(self.scores),
            hand=tuple(self.hands[seat]), hand_counts=tuple(len(h) for h in self.hands),
            field=tuple(self.field), piles=tuple(tuple(p) for p in self.piles),
            stock_count=len(self.stock), pending=self.pending,
            turn_captures=tuple(sorted(self.turn_captures)), last_captor=self.last_captor,
            revealed_hands=shown, revealed_stock=stock_seen,
            absent_months=tuple(map(months_in, self.absent)), deal_log=self.deal_log,
            legal_actions=tuple(self.legal_actions()) if self.current_player == seat else (),
            history=self._history_view if not self._quiet else
            tuple(r.copy() for r in self.history))

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(seed={self.seed}, round={self.round}, "
                f"phase={self.phase!r}, player={self.current_player}, scores={self.scores})")
