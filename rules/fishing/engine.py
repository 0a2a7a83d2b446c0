"""The fishing engine: a match of deals for 2-4 seats, each game being options, scoring and hooks.

A deal: the cards are shuffled (rules.md's shuffle) and dealt by the game's ``DealPlan``; a
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

Playout mode, for searching AIs: ``playout(rng, policy=None)`` plays a state on to the end of
the match (random legal actions, or a policy's), ``clone(playout=True)`` copies a state into
the mode. It is the same game (the same legal actions in the same order, deals, scores and end
as ``apply`` gives with the same actions) with less bookkeeping: no events are built
(``apply`` returns an empty list), no action list is kept (``actions`` is empty, ``to_dict``
raises a RulesError), and the field and capture piles are kept as bit sets only: ``field`` and
``piles`` are lists built from them when read (the field in deck order, the one difference an
observation shows; they cannot be assigned). A state never leaves the mode
(``playout_mode``).
"""

from __future__ import annotations

import copy
import dataclasses
import math
import random
from _random import Random
from typing import Any, Callable, ClassVar, TypeVar

from rules.deck import shuffle_in_place
from rules.engine import (AmbiguousActionError, DuplicateCardError, Event, IllegalActionError,
                          InvalidNotationError, LayoutError, RulesError, check_dict, check_int,
                          check_list, check_record, check_sample_args, check_seat, replay_actions)
from rules.fishing.actions import Action, check_action, parse_action
from rules.fishing.basics import derive_seed, sort_pile
from rules.fishing.deal import dealing, shuffled_deck, void_check
from rules.fishing.records import (MAX_ROUND, MAX_SCORE, MAX_SEED, PHASE_OVER, PHASE_PLAY,
                                   PHASE_TAKE, DealRecord, FishingObservation, FishingOptions,
                                   layout_cards, per_seat)
from rules.fishing.tables import (BIT, CAPTURES, LAY, PILE_ORDER, PILE_RANK, PLAY, PLAYS, SHIFT,
                                  TAKES, Capture, Options)
from rules.hanafuda import DECK, Card, codes

G = TypeVar("G", bound="FishingGame")
#: A playout's chooser: (the state, its legal actions in their usual order) -> one of them.
Policy = Callable[["FishingGame", list[Action]], Action]


class FishingGame:
    """A fishing match for 2-4 seats; subclass it with a game's options, scoring and hooks.

    A subclass sets ``GAME_ID``, ``RULES`` (its options dataclass, with ``from_options``),
    ``OBSERVATION`` and ``WORDS`` (its one-word actions), and implements ``_options_for``
    (rules -> FishingOptions) and ``_end_deal`` (score the deal, then ``_finish_round``).
    """

    # The state the hot paths read lives in slots (CPython reads slots faster than instance
    # dicts, which turn slow past 29 attributes); the rest in the instance dict.
    __slots__ = ("rules", "players", "actions", "scores", "history", "round", "dealer", "hands",
                 "_field", "field_mask", "_piles", "pile_masks", "stock", "current_player",
                 "_turn", "phase", "pending", "turn_captures", "last_captor", "_events",
                 "_legal", "_triple", "_matching", "_steal", "_quiet", "__dict__")

    GAME_ID: ClassVar[str] = "fishing"
    RULES: ClassVar[Any] = None
    OBSERVATION: ClassVar[type[FishingObservation]] = FishingObservation
    WORDS: ClassVar[tuple[str, ...]] = ()
    #: from_layout's keyword arguments a saved layout may hold (game subclasses add theirs)
    LAYOUT_KEYS: ClassVar[frozenset[str]] = frozenset(
        {"hands", "field", "stock", "dealer", "current", "piles", "scores", "round"})

    def __init__(self, seed: int, rules: Any) -> None:
        self.seed = check_int(seed, "seed", 0, MAX_SEED)
        self.rules = self._check_rules(rules)
        self.options = options = self._options_for(rules)
        self.players = n = options.players
        self._triple = options.field_triple   # copied for the hot paths
        self._matching = options.matching
        self._steal = options.steal
        self._deal = dealing(options.deal)          # the deal plan and void checks, looked
        self._void = void_check(options.void_checks)  # up once (they hash tuples)
        self.actions: list[Action] = []
        self.scores = [0] * n
        self.history: list[Any] = []
        self.round = 0           # deals that counted (void deals don't)
        self.deal_count = 0      # every deal, void ones too (seeds the shuffle)
        self.dealer = int(Random(derive_seed(seed, 0xDEA1)).random() * n)  # (random.Random's)
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self._field: list[Card] = []  # ``field`` (normal mode)
        self.field_mask = 0           # the field as a bit set, for the move tables
        self._piles: list[list[Card]] = [[] for _ in range(n)]  # ``piles`` (normal mode)
        self.pile_masks = [0] * n     # the piles as bit sets
        self.stock: list[Card] = []   # top first
        self.current_player: int | None = self.dealer  # None once the match is over
        self._turn = self.dealer      # current_player, or the last one once the match is over
        self.phase = PHASE_PLAY
        self.pending: Card | None = None   # a drawn card waiting for a choice
        self.turn_captures: list[Card] = []
        self.last_captor: int | None = None
        self.revealed = 0                  # cards every seat has been shown (bit set)
        self.winner: int | None = None
        self._events: list[Event] = []
        self._quiet = False           # playout mode: no events, no record, no pile lists
        self.start_events: list[Event] = []       # what new() made happen before any action
        self._legal: list[Action] | None = None   # cached until the next apply
        self._history_view: tuple[Any, ...] = ()  # copies, for observations
        self.layout: dict[str, Any] | None = None  # set by from_layout (kept for replay)
        self.sampled = False                       # made by sample(): no record to replay

    # Hooks a game supplies ---------------------------------------------------------------------
    @classmethod
    def _check_rules(cls, rules: object) -> Any:
        if cls.RULES is not None and not isinstance(rules, cls.RULES):
            raise LayoutError(f"rules: expected {cls.RULES.__name__}, got "
                              f"{type(rules).__name__}")
        return rules

    @classmethod
    def _options_for(cls, rules: Any) -> FishingOptions:
        """The table rules for the game's ``rules``."""
        raise NotImplementedError

    def _end_deal(self) -> None:
        """Score the finished deal and call ``_finish_round`` with its record."""
        raise NotImplementedError

    def _next_dealer(self, result: DealRecord) -> int:
        """Who deals after ``result``: by default the same dealer."""
        return self.dealer

    def _match_over(self) -> bool:
        """Is the match over (checked after every deal)? By default after one deal."""
        return True

    def _match_winner(self) -> int | None:
        """The winner of a finished match: the one highest score, or None (a tie)."""
        best = max(self.scores)
        return self.scores.index(best) if self.scores.count(best) == 1 else None

    def _begin_deal(self) -> None:
        """The deal stands: start play (Koi-Koi offers the hand swap first)."""
        self._start_turn(self.dealer)

    def _reset_deal(self) -> None:
        """A new deal clears the game's own round state (Koi-Koi: koi-koi calls)."""

    def _dealt(self, rng: Random) -> None:
        """A deal stands; ``rng`` is its random generator, continued after the shuffle (the
        C generator ``random.Random`` is built on: ``random()``, ``getrandbits()``)."""

    def _before_choice(self, p: int) -> None:
        """The drawn card waits for ``p``'s choice (Koi-Koi brings its yaku up to date)."""

    def _apply_word(self, p: int, word: str) -> None:
        """Carry out one of the game's own ``WORDS``."""
        raise NotImplementedError  # pragma: no cover - a game with words overrides it

    def _compute_other_legal(self) -> list[Action]:
        """The legal actions of the game's own phases."""
        return []

    # Construction ------------------------------------------------------------------------------
    @classmethod
    def new(cls: type[G], seed: int, rules: Any = None) -> G:
        """A match from deal number ``seed``, its first deal dealt. What dealing it made happen
        (void deals, the game's own opening events) is kept in ``start_events``."""
        game = cls(seed, cls.RULES() if rules is None and cls.RULES is not None else rules)
        game._start_round()
        game.start_events, game._events = game._events, []
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
    def from_dict(cls: type[G], data: Any) -> G:
        """Replay a saved game: seed (or layout), rules and actions.

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
        replay_actions(game, actions)
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
        shuffle_in_place(unseen, rng)
        pos = 0
        for s in range(n):
            if s == seat:
                game.hands[s] = list(obs.hand)
                continue
            hand = known[s] + unseen[pos:pos + need[s]]
            pos += need[s]
            shuffle_in_place(hand, rng)
            game.hands[s] = hand
        stock = in_stock + unseen[pos:]
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

    # Queries -----------------------------------------------------------------------------------
    @property
    def field(self) -> list[Card]:
        """The field's cards in the order they came (in playout mode: in deck order, a new
        list built from ``field_mask`` at each call)."""
        if self._quiet:
            m = self.field_mask
            return [c for c in DECK if m >> c.index & 1]
        return self._field

    @field.setter
    def field(self, cards: list[Card]) -> None:
        if self._quiet:
            raise RulesError("a game in playout mode keeps its field as a bit set only")
        self._field = cards

    @property
    def piles(self) -> list[list[Card]]:
        """The capture piles by seat, each sorted as shown (``sort_pile``). In playout mode,
        new lists built from the bit sets (``pile_masks``) at each call."""
        if self._quiet:
            return [[c for c in PILE_ORDER if m >> c.index & 1] for m in self.pile_masks]
        return self._piles

    @piles.setter
    def piles(self, piles: list[list[Card]]) -> None:
        if self._quiet:
            raise RulesError("a game in playout mode keeps its piles as bit sets only")
        self._piles = piles

    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def result(self) -> dict[str, Any] | None:
        """Final scores, the winner (None: a tie) and the deals, once the match is over."""
        if not self.is_over:
            return None
        return {"scores": list(self.scores), "winner": self.winner,
                "rounds": [r.to_dict() for r in self.history]}

    def legal_actions(self) -> list[Action]:
        """The actions the current player may take now, in a fixed order."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> list[Action]:
        """Plays follow the hand: per card its captures (one action per target when the player
        must choose), then ``play X -`` (optional matching); a drawn card's ``take``s."""
        phase = self.phase
        if phase == PHASE_PLAY:
            if self._steal:
                return self._legal_plays_stealing()
            plays = PLAYS[self._triple]
            fmask = self.field_mask
            hand = self.hands[self._turn]
            matching = self._matching
            out: list[Action] = []
            if matching == "if_matching":  # any card; one that matches captures
                for c in hand:
                    out += plays[c][(fmask >> SHIFT[c]) & 15]
            elif matching == "required":  # the cards that match, or any card when none does
                for c in hand:
                    pattern = (fmask >> SHIFT[c]) & 15
                    if pattern:
                        out += plays[c][pattern]
                return out or [PLAY[c] for c in hand]
            else:  # optional: a card that matches may also be laid down
                for c in hand:
                    pattern = (fmask >> SHIFT[c]) & 15
                    out += plays[c][pattern]
                    if pattern:
                        out.append(LAY[c])
            return out
        if phase == PHASE_TAKE:
            drawn = self.pending
            assert drawn is not None
            if self._steal:
                return [Action("take", None, o.taken[0]) for o in self._options(drawn)]
            return list(TAKES[self._triple][drawn][(self.field_mask >> SHIFT[drawn]) & 15])
        if phase == PHASE_OVER:
            return []
        return self._compute_other_legal()

    def _legal_plays_stealing(self) -> list[Action]:
        """``_compute_legal``'s plays when captures may come from other seats' piles too."""
        out: list[Action] = []
        matching = self._matching
        hand = self.hands[self._turn]
        for c in hand:
            options = self._options(c)
            if not options:
                if matching != "required":
                    out.append(PLAY[c])
                continue
            out += [PLAY[c]] if len(options) == 1 else \
                [Action("play", c, o.taken[0]) for o in options]
            if matching == "optional":
                out.append(LAY[c])
        if matching == "required":
            return out or [PLAY[c] for c in hand]
        return out

    def _options(self, c: Card) -> Options:
        """What ``c`` (played or drawn) may capture now: the field's options, then (stealing)
        each card of its month in another seat's pile, seat by seat in turn order."""
        options = CAPTURES[self._triple][c][(self.field_mask >> SHIFT[c]) & 15]
        if not self._steal:
            return options
        p, n, shift = self._turn, self.players, SHIFT[c]
        extra: list[Capture] = []
        for i in range(1, n):
            s = (p + i) % n
            pattern = (self.pile_masks[s] >> shift) & 15
            if pattern:
                for k in range(4):
                    if pattern >> k & 1:
                        t = DECK[shift + k]
                        extra.append(Capture((t,), (c, t), c.bit | t.bit, (t.code,), s))
        return options + tuple(extra) if extra else options

    def _option_with(self, c: Card, target: Card) -> Capture:
        for opt in self._options(c):
            if target in opt.taken:
                return opt
        raise IllegalActionError(f"{c} cannot capture {target}")  # pragma: no cover

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

    # Playout mode ------------------------------------------------------------------------------
    @property
    def playout_mode(self) -> bool:
        """Is this state in playout mode (``playout``, ``clone(playout=True)``)? For good:
        it plays on as the same game, but reports no events, keeps no record and refuses
        ``to_dict``."""
        return self._quiet

    def _enter_playout(self) -> None:
        self._quiet = True
        self._events, self.actions = [], []
        self._field, self._piles = [], []  # read through ``field``/``piles`` from the bit sets

    def playout(self, rng: random.Random, policy: Policy | None = None,
                rounds: int | None = None) -> list[int]:
        """Play on to the end of the match, in playout mode; returns the scores by seat.

        Each action is ``policy(self, legal)`` (it must return one of ``legal``, the legal
        actions in their usual order; it may read the state, ``observation`` included, but
        not change it), or by default one of ``legal`` drawn uniformly with ``rng.random()``
        (``legal[int(rng.random() * len(legal))]``, or ``_random_play``).
        ``rounds``: stop once that many more deals have been scored (the next one is dealt
        already). The game is exactly the one ``apply`` would play with the same actions,
        later deals included (they come from the seed), but the state switches to playout
        mode for good (``playout_mode``): search clones or samples a state, then plays it
        out.

        >>> from rules.koikoi import KoiKoiGame
        >>> g = KoiKoiGame.new(5)
        >>> scores = g.clone(playout=True).playout(random.Random(1))
        >>> g.is_over, max(scores) >= 50
        (False, True)
        """
        if not self._quiet:
            self._enter_playout()
        history = self.history
        stop = len(history) + rounds if rounds is not None else -1
        rand, floor, step, compute = rng.random, math.floor, self._step, self._compute_legal
        # Where any card may be played, a random play is drawn without listing them all.
        draw_play = self._matching == "if_matching" and not self._steal and policy is None
        while self.phase != PHASE_OVER and (stop < 0 or len(history) != stop):
            if draw_play and self.phase == PHASE_PLAY:
                step(self._random_play(rand))
                continue
            legal = compute()  # afresh: each step clears the cache anyway
            if policy is None:  # (floor: int() for x >= 0, and cheaper)
                step(legal[floor(rand() * len(legal))])
                continue
            action = policy(self, legal)
            if action not in legal:
                raise IllegalActionError(f"policy: {action!r} is not legal now; legal: "
                                         f"{', '.join(map(str, legal))}")
            step(action)
        return list(self.scores)

    def _random_play(self, rand: Callable[[], float]) -> Action:
        """A legal play, each with the same chance, where any card may be played
        (``if_matching``, no stealing), drawn without listing them all: a card of the hand and
        one of ``width`` slots for its captures (a card has at most two, or three without the
        triple rule), drawn again while the slot is empty. ``rand()``: uniform in [0, 1)."""
        hand, fmask, plays = self.hands[self._turn], self.field_mask, PLAYS[self._triple]
        width = 2 if self._triple else 3
        slots = len(hand) * width
        while True:
            i, k = divmod(math.floor(rand() * slots), width)
            c = hand[i]
            row = plays[c][(fmask >> SHIFT[c]) & 15]
            if k < len(row):
                return row[k]

    # Dealing -----------------------------------------------------------------------------------
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
            legal_actions=tuple(self.legal_actions()) if self.current_player == seat else (),
            history=self._history_view if not self._quiet else
            tuple(r.copy() for r in self.history))

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(seed={self.seed}, round={self.round}, "
                f"phase={self.phase!r}, player={self.current_player}, scores={self.scores})")
