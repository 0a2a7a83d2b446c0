"""The fishing engine's state and its legal moves: ``FishingCore``, the base of ``FishingGame``
(``rules.fishing.engine``), with the hooks each game fills in.

The state: the match (scores, history, round, dealer), the deal (hands, stock, the field and
capture piles as lists beside 48-bit sets, whose turn, the phase, a drawn card pending), and
the copies of the game's options the hot paths read. The legal actions are looked up in the
move tables of ``rules.fishing.tables`` by each card's month pattern on the field.

>>> from rules.koikoi import KoiKoiGame
>>> g = KoiKoiGame.from_layout(["3B 1C1", "9C1 5C1"], "3C1 8C1", "12C1 4C1 6C1 7C1")
>>> isinstance(g, FishingCore), [str(a) for a in g.legal_actions()]
(True, ['play 3B'])
"""

from __future__ import annotations

from _random import Random
from typing import Any, ClassVar

from rules.engine import Event, IllegalActionError, LayoutError, RulesError, check_int
from rules.fishing.actions import Action
from rules.fishing.basics import derive_seed
from rules.fishing.deal import dealing, void_check
from rules.fishing.records import (MAX_SEED, PHASE_OVER, PHASE_PLAY, PHASE_TAKE, DealLog,
                                   DealRecord, FishingObservation, FishingOptions)
from rules.fishing.tables import (CAPTURES, LAY, PILE_ORDER, PLAY, PLAYS, SHIFT, TAKES, Capture,
                                  Options, legal_plays)
from rules.hanafuda import DECK, Card

class FishingCore:
    """A fishing game's state, hooks and legal actions (``FishingGame`` is the whole engine)."""

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
        # Cards each seat is known not to hold (bit sets): under required matching a card
        # played without a capture shows that the hand held no card of a month that could
        # have been captured, and a hand only shrinks until the next deal.
        self.absent = [0] * n
        # The deal's public record from its first turn (DealLog; None in playout mode).
        self.deal_log: DealLog | None = None
        self.winner: int | None = None
        self._events: list[Event] = []
        self._quiet = False           # playout mode: no events, no record, no pile lists
        self._start_events: tuple[Event, ...] = ()  # what new() made happen (start_events)
        self._legal: list[Action] | None = None   # cached until the next apply
        self._history_view: tuple[Any, ...] = ()  # the history as a tuple, for observations
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
    def start_events(self) -> list[Event]:
        """What dealing the first deal made happen (``new``), before any action: copies, so
        an edited event changes nothing here."""
        return [e.copy() for e in self._start_events]

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
            return legal_plays(self.hands[self._turn], self.field_mask, PLAYS[self._triple],
                               SHIFT, self._matching, LAY)
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
