"""Koi-Koi for two players: yaku, options (Seed and Nintendo presets) and the full match engine.

A game is its seed plus its action list. Actions have a string notation used in tests and
logs: ``play 3B`` (no match, or the only way to capture), ``play 3B 3C1`` (capture that card),
``play 3B -`` (lay it down without capturing, *optional* matching only), ``take 3C1`` (the
drawn card captures that card), ``koikoi``, ``stop``, ``swap``, ``keep``.

>>> sorted(yaku(cards("1B 3B 8B 12B")).items())
[('shiko', 8)]
>>> sorted(yaku(cards("1B 3B 8B 12B"), KoiKoiRules(scoring="complex")).items())
[('sanko', 5), ('shiko', 8)]
>>> g = KoiKoiGame.new(seed=7)
>>> g.current_player in (0, 1), len(g.hands[0]), len(g.field), len(g.stock)
(True, 8, 8, 24)
"""

from __future__ import annotations

import copy
import dataclasses
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, NamedTuple, Sequence

from rules.deck import shuffle_in_place, shuffled_with_rng
from rules.engine import (AmbiguousActionError, DuplicateCardError, Engine, Event,
                          IllegalActionError, InvalidNotationError, LayoutError, RulesError,
                          check_dict, check_int, check_list, check_seat)
from rules.fishing import KIND_ORDER, capture_options, derive_seed, sort_pile
from rules.hanafuda import DECK, Card, Kind, card, cards, codes

# ----------------------------------------------------------------------------------------------
# Options


class InvalidRulesError(LayoutError):
    """An option with a value rules.md does not allow (or of the wrong type), or an unknown one."""


_CHOICES = {
    "scoring": ("simple", "complex"),
    "viewing": ("always", "with_other", "never"),
    "matching": ("required", "if_matching", "optional"),
    "exhausted_dealer": ("stays", "passes"),
    "match_end": ("target50", "rounds3", "rounds6", "rounds12"),
    "instant_win_points": (5, 6),
}


@dataclass(frozen=True)
class KoiKoiRules:
    """Every option of rules.md. ``KoiKoiRules()`` is the Seed preset.

    >>> KoiKoiRules.nintendo().seven_point_double, KoiKoiRules().seven_point_double
    (True, False)
    """

    scoring: str = "simple"
    sake_as_chaff: bool = True
    tsukifuda: bool = False
    viewing: str = "always"
    rain_rule: bool = False
    extra_points: bool = False
    hand_swap: bool = True
    void_deal: bool = True
    field_triple: bool = True
    field_bright_multiplier: bool = True
    instant_win_points: int = 5
    draw_for_first: bool = False
    matching: str = "required"
    koikoi_multiplier: bool = True
    opponent_koikoi_double: bool = False
    seven_point_double: bool = False
    koikoi_penalty: bool = False
    exhausted_dealer: str = "stays"
    match_end: str = "target50"

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            allowed = _CHOICES.get(f.name)
            if allowed is None:  # an on/off rule
                if type(value) is not bool:
                    raise InvalidRulesError(f"{f.name}={value!r}: expected True or False")
            elif value not in allowed or type(value) is not type(allowed[0]):
                raise InvalidRulesError(f"{f.name}={value!r}: expected one of {allowed}")

    @classmethod
    def nintendo(cls) -> "KoiKoiRules":
        """The Nintendo preset: the Seed values except the rules its column changes."""
        return cls(hand_swap=False, field_bright_multiplier=False, instant_win_points=6,
                   matching="if_matching", koikoi_multiplier=False, opponent_koikoi_double=True,
                   seven_point_double=True, exhausted_dealer="passes", match_end="rounds12",
                   extra_points=True)

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> "KoiKoiRules":
        """Rules from a setup screen's option values (unknown keys are an error)."""
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise InvalidRulesError(f"Koi-Koi options: expected an object of option values, "
                                    f"got {type(options).__name__}")
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(options) - names
        if unknown:
            raise InvalidRulesError(f"unknown Koi-Koi options: {sorted(unknown)}")
        return cls(**options)

    @property
    def target_score(self) -> int | None:
        return int(self.match_end[6:]) if self.match_end.startswith("target") else None

    @property
    def max_rounds(self) -> int | None:
        return int(self.match_end[6:]) if self.match_end.startswith("rounds") else None


# ----------------------------------------------------------------------------------------------
# Yaku

BRIGHT_CODES = ("1B", "3B", "8B", "11B", "12B")
RAIN_MAN = "11B"
SAKE = "9A"
AKATAN = ("1R", "2R", "3R")
AOTAN = ("6R", "9R", "10R")
INOSHIKACHO = ("7A", "10A", "6A")

#: English names of the yaku ids (rules.md), for display.
YAKU_NAMES = {
    "goko": "Five brights", "shiko": "Dry four brights", "ame_shiko": "Rainy four brights",
    "sanko": "Three brights", "hanami": "Flower viewing", "tsukimi": "Moon viewing",
    "inoshikacho": "Boar-deer-butterflies", "akatan": "Poetry ribbons", "aotan": "Blue ribbons",
    "akatan_aotan": "Poetry and blue ribbons", "tane": "Animals", "tanzaku": "Ribbons",
    "kasu": "Chaff", "tsukifuda": "Month set",
}

#: The cards each yaku is made of (None: made of a count of a kind). For progress displays.
YAKU_CARDS: dict[str, tuple[str, ...] | None] = {
    "goko": BRIGHT_CODES, "shiko": BRIGHT_CODES, "ame_shiko": BRIGHT_CODES, "sanko": BRIGHT_CODES,
    "hanami": ("3B", SAKE), "tsukimi": ("8B", SAKE), "inoshikacho": INOSHIKACHO,
    "akatan": AKATAN, "aotan": AOTAN, "akatan_aotan": AKATAN + AOTAN,
    "tane": None, "tanzaku": None, "kasu": None, "tsukifuda": None,
}


def _mask(codes: Iterable[str]) -> int:
    m = 0
    for code in codes:
        m |= card(code).bit
    return m


def _kind_mask(kind: Kind) -> int:
    return _mask(c.code for c in DECK if c.kind is kind)


# Card sets as 48-bit masks: yaku are counted with a few ANDs and popcounts.
_DRY = _mask(c for c in BRIGHT_CODES if c != RAIN_MAN)
_RAIN = card(RAIN_MAN).bit
_SAKE = card(SAKE).bit
_CURTAIN = card("3B").bit
_MOON = card("8B").bit
_ANIMALS = _kind_mask(Kind.ANIMAL)
_RIBBONS = _kind_mask(Kind.RIBBON)
_CHAFF = _kind_mask(Kind.CHAFF)
_BRIGHTS = _kind_mask(Kind.BRIGHT)
_AKATAN = _mask(AKATAN)
_AOTAN = _mask(AOTAN)
_INO = _mask(INOSHIKACHO)
_MONTHS = tuple(_mask(c.code for c in DECK[m * 4:m * 4 + 4]) for m in range(12))


def pile_mask(captured: Iterable[Card]) -> int:
    """The cards as a bit set; the same card twice is an error, and so is anything not a card.

    >>> pile_mask(cards("1R 1B")) == 0b11
    True
    >>> pile_mask(None)
    Traceback (most recent call last):
    ...
    rules.engine.InvalidNotationError: expected a collection of cards, got NoneType
    """
    if isinstance(captured, (str, bytes, dict)) or not hasattr(captured, "__iter__"):
        raise InvalidNotationError(f"expected a collection of cards, got "
                                   f"{type(captured).__name__}")
    m = 0
    for c in captured:
        if type(c) is not Card:
            raise InvalidNotationError(f"not a card: {c!r}")
        bit = 1 << c.index
        if m & bit:
            raise DuplicateCardError(f"card {c.code} appears twice")
        m |= bit
    return m


def kind_counts(captured: Iterable[Card], rules: KoiKoiRules = KoiKoiRules()) -> dict[str, int]:
    """Brights, animals, ribbons and chaff as the yaku count them (the sake cup may count twice)."""
    _check_rules(rules)
    m = pile_mask(captured)
    chaff = (m & _CHAFF).bit_count() + (1 if rules.sake_as_chaff and m & _SAKE else 0)
    return {"brights": (m & _BRIGHTS).bit_count(), "animals": (m & _ANIMALS).bit_count(),
            "ribbons": (m & _RIBBONS).bit_count(), "chaff": chaff}


def yaku(captured: Iterable[Card], rules: KoiKoiRules = KoiKoiRules()) -> dict[str, int]:
    """The yaku that score under ``rules``: id (as in rules.md) to points."""
    _check_rules(rules)
    return yaku_of_mask(pile_mask(captured), rules)


def _check_rules(rules: object) -> KoiKoiRules:
    if not isinstance(rules, KoiKoiRules):
        raise InvalidRulesError(f"rules: expected KoiKoiRules, got {type(rules).__name__}")
    return rules


def yaku_of_mask(m: int, rules: KoiKoiRules) -> dict[str, int]:
    """``yaku`` for a bit set of cards (the engine keeps its piles as bit sets)."""
    out: dict[str, int] = {}
    complex_ = rules.scoring == "complex"

    # Brights.
    dry = (m & _DRY).bit_count()
    rain = m & _RAIN
    if dry >= 3:
        if complex_:  # every bright yaku present counts, only the better four-bright
            out["sanko"] = 5
            if dry == 4:
                out["shiko"] = 8
            elif rain:
                out["ame_shiko"] = 7
            if dry == 4 and rain:
                out["goko"] = 10
        elif dry == 4:  # simple: only the highest
            if rain:
                out["goko"] = 10
            else:
                out["shiko"] = 8
        elif rain:
            out["ame_shiko"] = 7
        else:
            out["sanko"] = 5

    # Ribbon sets.
    ribbons = (m & _RIBBONS).bit_count()
    if ribbons >= 3:
        aka = m & _AKATAN == _AKATAN
        ao = m & _AOTAN == _AOTAN
        if aka or ao:
            extra = rules.extra_points
            if aka and ao:
                out["akatan_aotan"] = 10 + (ribbons - 6 if extra else 0)
            if aka and (complex_ or not ao):
                out["akatan"] = 5 + (ribbons - 3 if extra else 0)
            if ao and (complex_ or not aka):
                out["aotan"] = 5 + (ribbons - 3 if extra else 0)

    # Counts (the sets' cards count here too).
    animals = (m & _ANIMALS).bit_count()
    if animals >= 3 and m & _INO == _INO:
        out["inoshikacho"] = 5 + (animals - 3 if rules.extra_points else 0)
    if animals >= 5:
        out["tane"] = animals - 4
    if ribbons >= 5:
        out["tanzaku"] = ribbons - 4
    chaff = (m & _CHAFF).bit_count()
    if chaff >= 9:
        if m & _SAKE and rules.sake_as_chaff:
            chaff += 1
        if chaff >= 10:
            out["kasu"] = chaff - 9
    if rules.tsukifuda:
        months = sum(m & month == month for month in _MONTHS)
        if months:
            out["tsukifuda"] = 5 * months

    # Viewing yaku last: "with_other" looks at the rest.
    if m & _SAKE and m & (_CURTAIN | _MOON) and rules.viewing != "never" and \
            not (rain and rules.rain_rule):
        views = {}
        if m & _CURTAIN:
            views["hanami"] = 5
        if m & _MOON:
            views["tsukimi"] = 5
        if rules.viewing == "always" or out:
            out.update(views)
    return out


def yaku_total(captured: Iterable[Card], rules: KoiKoiRules = KoiKoiRules()) -> int:
    return sum(yaku(captured, rules).values())


# ----------------------------------------------------------------------------------------------
# Actions and events


class Action(NamedTuple):
    """One decision. ``kind``: play, take, koikoi, stop, swap, keep.

    ``card`` is the played card (play); ``target`` the field card to capture (the first of a
    triple) or None to let the rules decide; ``lay`` lays a matching card down without
    capturing (optional matching only).
    """

    kind: str
    card: Card | None = None
    target: Card | None = None
    lay: bool = False

    def __str__(self) -> str:
        if self.kind == "play":
            text = f"play {self.card}"
            if self.lay:
                return text + " -"
            return text + (f" {self.target}" if self.target else "")
        if self.kind == "take":
            return f"take {self.target}"
        return self.kind


ACTION_WORDS = ("koikoi", "stop", "swap", "keep")


def parse_action(text: str) -> Action:
    """An action from its notation; text that is not an action raises InvalidNotationError.

    >>> str(parse_action("play 3b 3c1")), str(parse_action("KOIKOI"))
    ('play 3B 3C1', 'koikoi')
    >>> parse_action("plya 3B")
    Traceback (most recent call last):
    ...
    rules.engine.InvalidNotationError: not an action: 'plya 3B'
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"not an action: {text!r}")
    parts = text.strip().split()
    if not parts:
        raise InvalidNotationError("empty action")
    word = parts[0].lower()
    try:
        if word == "play" and len(parts) in (2, 3):
            if len(parts) == 3 and parts[2] == "-":
                return Action("play", card(parts[1]), lay=True)
            return Action("play", card(parts[1]), card(parts[2]) if len(parts) == 3 else None)
        if word == "take" and len(parts) == 2:
            return Action("take", None, card(parts[1]))
        if word in ACTION_WORDS and len(parts) == 1:
            return Action(word)
    except InvalidNotationError as exc:
        raise InvalidNotationError(f"bad action {text!r}: {exc}") from None
    raise InvalidNotationError(f"not an action: {text!r}")


def _check_action(action: Action) -> None:
    """An Action built by hand must hold what the notation could say, or InvalidNotationError."""
    kind, c, target, lay = action
    ok = type(lay) is bool and (c is None or type(c) is Card) and \
        (target is None or type(target) is Card)
    if ok and kind == "play":
        ok = c is not None and not (lay and target is not None)
    elif ok and kind == "take":
        ok = c is None and target is not None and not lay
    elif ok:
        ok = kind in ACTION_WORDS and c is None and target is None and not lay
    if not ok:
        raise InvalidNotationError(f"not an action: {action!r}")


MAX_SEED = 2**64 - 1        # deal numbers are 64-bit (derive_seed works modulo 2**64)
MAX_SCORE = 10**9
MAX_ROUND = 10**6

PHASE_SWAP = "swap"          # the non-dealer may swap hands (blind)
PHASE_PLAY = "play"          # play a card from the hand
PHASE_TAKE = "take"          # choose what the drawn card captures
PHASE_DECIDE = "decide"      # koi-koi or stop
PHASE_OVER = "over"          # the match has ended


@dataclass
class RoundResult:
    """How a round ended: ``kind`` stop | last_turn | exhausted | instant_win."""

    round: int
    kind: str
    winner: int | None
    points: list[int]  # what each seat's score changed by
    yaku: dict[str, int] = field(default_factory=dict)
    base: int = 0
    multipliers: list[tuple[str, int]] = field(default_factory=list)
    koikoi_calls: list[int] = field(default_factory=lambda: [0, 0])
    dealer: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "kind": self.kind, "winner": self.winner,
                "points": list(self.points), "yaku": dict(self.yaku), "base": self.base,
                "multipliers": [list(m) for m in self.multipliers],
                "koikoi_calls": list(self.koikoi_calls), "dealer": self.dealer}

    def copy(self) -> "RoundResult":
        """An independent copy (its lists and dict copied)."""
        return RoundResult(self.round, self.kind, self.winner, list(self.points),
                           dict(self.yaku), self.base, list(self.multipliers),
                           list(self.koikoi_calls), self.dealer)


# ----------------------------------------------------------------------------------------------
# Moves looked up, not computed
#
# The engine keeps the field as a bit set too. The four bits of a month (its cards in deck order)
# form a *pattern* 0-15, and for every card and pattern the capture options and the Action
# objects are built once here: choosing moves then scans no list and builds no Action.

ACTION_SWAP, ACTION_KEEP = Action("swap"), Action("keep")
ACTION_KOIKOI, ACTION_STOP = Action("koikoi"), Action("stop")
_PLAY = {c: Action("play", c) for c in DECK}                # play, no target needed
_LAY = {c: Action("play", c, None, True) for c in DECK}     # play X - (optional matching)
_SHIFT = {c: c.index & -4 for c in DECK}                    # first bit of the card's month
_PILE_RANK = {c: KIND_ORDER[c.kind] * 48 + c.index for c in DECK}.__getitem__  # sort_pile's
_MONTH_LOW = sum(1 << shift for shift in range(0, 48, 4))   # the first bit of every month
_BIT = {c: 1 << c.index for c in DECK}.__getitem__          # sum(map(_BIT, cards)): a bit set


class Capture(NamedTuple):
    """One way for a card to capture (``capture_options``), with what the engine needs."""

    taken: tuple[Card, ...]  # the field cards, in deck order
    got: tuple[Card, ...]    # the capturing card, then ``taken``: what goes to the pile
    bits: int                # ``got`` as a bit set
    codes: tuple[str, ...]   # ``taken``'s codes, for the "played" event


Options = tuple[Capture, ...]


def _capture_table(triple: bool) -> dict[Card, tuple[Options, ...]]:
    """card -> field pattern of its month -> ``capture_options`` of the card, as Captures."""
    table: dict[Card, tuple[Options, ...]] = {}
    for c in DECK:
        month = DECK[_SHIFT[c]:_SHIFT[c] + 4]
        rows: list[Options] = []
        for pattern in range(16):
            field_cards = [month[i] for i in range(4) if pattern >> i & 1]
            if c in field_cards:  # a card in play is not on the field: never looked up
                rows.append(())
                continue
            rows.append(tuple(Capture(taken, (c, *taken), pile_mask((c, *taken)),
                                      tuple(t.code for t in taken))
                              for taken in capture_options(c, field_cards, triple)))
        table[c] = tuple(rows)
    return table


# Indexed by the field_triple rule (False, True).
_CAPTURES = (_capture_table(False), _capture_table(True))
#: card -> pattern -> the play actions for the card (one, or one per target to choose from).
_PLAYS = tuple({c: tuple((_PLAY[c],) if len(opts) <= 1 else
                         tuple(Action("play", c, opt.taken[0]) for opt in opts) for opts in rows)
                for c, rows in captures.items()} for captures in _CAPTURES)
#: card -> pattern -> the take actions for the drawn card.
_TAKES = tuple({c: tuple(tuple(Action("take", None, opt.taken[0]) for opt in opts)
                         for opts in rows)
                for c, rows in captures.items()} for captures in _CAPTURES)


def _month_or_pairs(mask: int) -> str | None:
    """"teshi" when the cards (a bit set) hold all four of a month, "kuttsuki" when they are
    eight cards in four pairs, else None: the instant wins of a hand, the void deals of a field.

    >>> _month_or_pairs(pile_mask(cards("1B 1R 1C1 1C2 5A"))), _month_or_pairs(pile_mask(cards(
    ...     "1B 1R 2A 2R 3B 3R 4A 4R"))), _month_or_pairs(pile_mask(cards("1B 1R 2A 2R 3B 3R 4A")))
    ('teshi', 'kuttsuki', None)
    """
    if mask & (mask >> 1) & (mask >> 2) & (mask >> 3) & _MONTH_LOW:  # a month's four bits
        return "teshi"
    odd = mask ^ (mask >> 1)
    if not (odd ^ (odd >> 2)) & _MONTH_LOW and mask.bit_count() == 8:  # every month even
        return "kuttsuki"
    return None


def round_multipliers(rules: KoiKoiRules, field_brights: int, own_calls: int, other_calls: int,
                      base: float) -> tuple[list[tuple[str, int]], int]:
    """The multipliers a round's winner scores with, and their product (rules.md: they multiply).

    ``own_calls``/``other_calls``: koi-koi called this round by the winner and by the loser;
    ``base``: the winner's yaku total before any multiplier (the seven-point double looks at it).

    >>> round_multipliers(KoiKoiRules(), field_brights=1, own_calls=1, other_calls=0, base=5)
    ([('field_brights', 2), ('koikoi', 2)], 4)
    """
    mults: list[tuple[str, int]] = []
    if rules.field_bright_multiplier and field_brights:
        mults.append(("field_brights", 1 + field_brights))
    if rules.koikoi_multiplier and own_calls:
        mults.append(("koikoi", 1 + own_calls))
    if rules.opponent_koikoi_double and other_calls:
        mults.append(("opponent_koikoi", 2))
    if rules.seven_point_double and base >= 7:
        mults.append(("seven_points", 2))
    product = 1
    for _name, m in mults:
        product *= m
    return mults, product


# ----------------------------------------------------------------------------------------------
# The game


class KoiKoiGame:
    """A Koi-Koi match: state, legal actions, apply, per-seat observation, replay.

    It meets ``rules.engine.Engine``: ``current_player`` is None once the match is over,
    ``observation(seat)`` is a :class:`KoiKoiObservation`, ``clone()`` is a cheap copy and
    ``sample(observation, rng)`` a state the observing seat cannot tell from the real one.
    """

    players = 2

    def __init__(self, seed: int, rules: KoiKoiRules = KoiKoiRules()) -> None:
        self.seed = check_int(seed, "seed", 0, MAX_SEED)
        self.rules = _check_rules(rules)
        self.actions: list[Action] = []
        self.scores = [0, 0]
        self.history: list[RoundResult] = []
        self.round = 0           # rounds started that counted (void deals don't)
        self.deal_count = 0      # every deal, void ones too (seeds the shuffle)
        self.dealer = 0 if random.Random(derive_seed(seed, 0xDEA1)).random() < 0.5 else 1
        self.hands: list[list[Card]] = [[], []]
        self.field: list[Card] = []
        self.piles: list[list[Card]] = [[], []]
        self.pile_masks = [0, 0]     # the piles as bit sets, for fast yaku counting
        self.pile_yaku: list[dict[str, int]] = [{}, {}]  # yaku of each pile, kept current
        self.pile_totals = [0, 0]    # their points
        self.field_mask = 0          # the field as a bit set, for the move tables
        self.stock: list[Card] = []  # top first
        self.current_player: int | None = self.dealer  # None once the match is over
        self._turn = self.dealer     # current_player, or the last one once the match is over
        self.phase = PHASE_PLAY
        self.koikoi_calls = [0, 0]
        self.field_brights = 0
        self.pending: Card | None = None        # drawn card waiting for a choice
        self.turn_start_total = 0               # the player's yaku total when the turn began
        self.turn_captures: list[Card] = []
        self.revealed = 0                       # cards both seats have seen (a hand swap)
        self.first_draw = (0.0, 0.0)            # draw for first: where the cards go back
        self.winner: int | None = None
        self._events: list[Event] = []
        self.start_events: list[Event] = []      # what new() made happen before any action
        self._legal: list[Action] | None = None  # cached until the next apply
        self._history_view: tuple[RoundResult, ...] = ()  # copies, for observations
        self.layout: dict[str, Any] | None = None  # set by from_layout (kept for replay)
        self.sampled = False                     # made by sample(): no record to replay

    # Construction ------------------------------------------------------------------------------
    @classmethod
    def new(cls, seed: int, rules: KoiKoiRules = KoiKoiRules()) -> "KoiKoiGame":
        """A match from deal number ``seed``, first round dealt. What dealing it made happen
        (void deals, an instant win, the draw for first ...) is kept in ``start_events``."""
        game = cls(seed, rules)
        game._start_round()
        game.start_events, game._events = game._events, []
        return game

    @classmethod
    def from_layout(cls, hands: Sequence[str | Iterable[Card]], field: str | Iterable[Card],
                    stock: str | Iterable[Card], *, dealer: int = 0, current: int | None = None,
                    piles: Sequence[str | Iterable[Card]] = ("", ""),
                    rules: KoiKoiRules = KoiKoiRules(), scores: Sequence[int] = (0, 0),
                    koikoi_calls: Sequence[int] = (0, 0), field_brights: int | None = None,
                    round: int = 1, seed: int = 0) -> "KoiKoiGame":
        """A round set up card by card (tests, puzzles), in the play phase of ``current``'s turn.

        Cards are given in notation (``"1B 3C1"``) or as Card lists; ``stock`` is listed top
        first. The layout need not hold all 48 cards, but no card may appear twice, and it must
        be playable to the end: the player to move (``current``, default the dealer) holds as
        many cards as the other or one more, and the stock holds a card for every turn left.
        There is no hand swap and no instant-win check; ``field_brights`` (the field-bright
        multiplier's count) defaults to the brights on ``field``. Later rounds are dealt from
        ``seed``. ``to_dict`` keeps the layout, so such a game replays too. Anything else
        raises a LayoutError naming the bad part.

        >>> g = KoiKoiGame.from_layout(["3B 1C1", "9C1 5C1"], "3C1 8C1", "12C1 4C1 6C1 7C1")
        >>> [str(a) for a in g.legal_actions()]  # matching is required by default
        ['play 3B']
        >>> [str(e) for e in g.apply("play 3B")]
        ['played seat0 3B', 'captured seat0 3B 3C1', 'drawn seat0 12C1', 'to_field seat0 12C1',
         'turn seat1']
        >>> try:
        ...     KoiKoiGame.from_layout(["3B", "3B"], "", "1B 2A")
        ... except ValueError as exc:
        ...     print(exc)
        card 3B appears twice in the layout
        """
        _check_rules(rules)
        hand_cards = [_layout_cards(h, f"hands[{i}]") for i, h in
                      enumerate(_pair(hands, "hands"))]
        pile_cards = [_layout_cards(p, f"piles[{i}]") for i, p in
                      enumerate(_pair(piles, "piles"))]
        score_values = [check_int(s, f"scores[{i}]", -MAX_SCORE, MAX_SCORE)
                        for i, s in enumerate(_pair(scores, "scores"))]
        calls = [check_int(k, f"koikoi_calls[{i}]", 0, 99)
                 for i, k in enumerate(_pair(koikoi_calls, "koikoi_calls"))]
        field_cards = _layout_cards(field, "field")
        stock_cards = _layout_cards(stock, "stock")
        check_int(dealer, "dealer", 0, 1)
        current = dealer if current is None else check_int(current, "current", 0, 1)
        if field_brights is not None:
            check_int(field_brights, "field_brights", 0, 5)
        check_int(round, "round", 1, MAX_ROUND)
        check_int(seed, "seed", 0, MAX_SEED)
        seen = 0
        for c in (*hand_cards[0], *hand_cards[1], *field_cards, *stock_cards, *pile_cards[0],
                  *pile_cards[1]):
            if seen & c.bit:
                raise DuplicateCardError(f"card {c.code} appears twice in the layout")
            seen |= c.bit
        mine, theirs = len(hand_cards[current]), len(hand_cards[1 - current])
        if mine - theirs not in (0, 1) or not mine:
            raise LayoutError(f"hands of {mine} (seat {current}, to play) and {theirs} cards "
                              "cannot take turns to the end")
        if len(stock_cards) < mine + theirs:
            raise LayoutError(f"a stock of {len(stock_cards)} cards is short of the "
                              f"{mine + theirs} turns left")

        game = cls(seed, rules)
        game.layout = {
            "hands": [codes(h) for h in hand_cards], "field": codes(field_cards),
            "stock": codes(stock_cards), "dealer": dealer, "current": current,
            "piles": [codes(p) for p in pile_cards], "scores": list(score_values),
            "koikoi_calls": list(calls), "field_brights": field_brights, "round": round}
        game.deal_count = 1  # the layout stands for the first deal
        game.round = round
        game.dealer = dealer
        game.hands = hand_cards
        game.field = field_cards
        game.stock = stock_cards
        game.field_mask = pile_mask(field_cards)
        game.piles = [sort_pile(p) for p in pile_cards]
        game.pile_masks = [pile_mask(p) for p in pile_cards]
        game._refresh_yaku()
        game.scores = score_values
        game.koikoi_calls = calls
        game.field_brights = (sum(c.kind is Kind.BRIGHT for c in field_cards)
                              if field_brights is None else field_brights)
        game._start_turn(current)
        game._events.clear()
        return game

    def _refresh_yaku(self) -> None:
        self.pile_yaku = [yaku_of_mask(m, self.rules) for m in self.pile_masks]
        self.pile_totals = [sum(y.values()) for y in self.pile_yaku]

    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-ready values: seed (or layout), rules and actions, for from_dict."""
        if self.sampled:
            raise RulesError("a sampled game is a guess, not a game: it has no record to save")
        data: dict[str, Any] = {"game": "koikoi", "seed": self.seed,
                                "rules": dataclasses.asdict(self.rules),
                                "actions": [str(a) for a in self.actions]}
        if self.layout is not None:
            data["layout"] = copy.deepcopy(self.layout)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> "KoiKoiGame":
        """Replay a saved game: seed (or layout), rules and actions.

        Every value is checked before anything is replayed, and a replay the engine refuses
        is refused whole: damaged or hostile data raises a LayoutError naming the bad part.

        >>> KoiKoiGame.from_dict({"game": "koikoi", "seed": 1, "rules": {}, "actions": ["fold"]})
        Traceback (most recent call last):
        ...
        rules.engine.LayoutError: actions[0] 'fold': not an action: 'fold'
        """
        data = check_dict(data, "saved game")
        unknown = set(data) - {"game", "seed", "rules", "actions", "layout"}
        if unknown:
            raise LayoutError(f"saved game: unknown keys {sorted(unknown)}")
        for key in ("game", "seed", "rules", "actions"):
            if key not in data:
                raise LayoutError(f"saved game: no {key!r}")
        if data["game"] != "koikoi":
            raise LayoutError(f"game: not a Koi-Koi game: {data['game']!r}")
        seed = check_int(data["seed"], "seed", 0, MAX_SEED)
        rules = KoiKoiRules.from_options(check_dict(data["rules"], "rules"))
        actions = check_list(data["actions"], "actions")
        for i, text in enumerate(actions):
            if not isinstance(text, str) or len(text) > 40:
                raise LayoutError(f"actions[{i}]: expected an action's notation, got {text!r}")
        layout = data.get("layout")
        if layout is not None:
            layout = check_dict(layout, "layout")
            unknown = set(layout) - _LAYOUT_KEYS
            if unknown:
                raise LayoutError(f"layout: unknown keys {sorted(unknown)}")
            missing = {"hands", "field", "stock"} - set(layout)
            if missing:
                raise LayoutError(f"layout: missing {sorted(missing)}")
            for key in ("hands", "piles"):  # notation only: no objects in a saved game
                for i, part in enumerate(check_list(layout.get(key, ("", "")), f"layout.{key}")):
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
        for i, text in enumerate(actions):
            try:
                game.apply(text)
            except RulesError as exc:
                raise LayoutError(f"actions[{i}] {text!r}: {exc}") from None
        return game

    def clone(self) -> "KoiKoiGame":
        """An independent copy (no deepcopy: the lists are copied, cards and actions shared).

        >>> g = KoiKoiGame.new(3)
        >>> c = g.clone()
        >>> _ = c.apply(c.legal_actions()[0])
        >>> len(g.actions), len(c.actions)
        (0, 1)
        """
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.actions = self.actions.copy()
        new.scores = self.scores.copy()
        new.history = self.history.copy()
        h0, h1 = self.hands
        new.hands = [h0.copy(), h1.copy()]
        new.field = self.field.copy()
        p0, p1 = self.piles
        new.piles = [p0.copy(), p1.copy()]
        new.pile_masks = self.pile_masks.copy()
        new.pile_yaku = self.pile_yaku.copy()  # the dicts are replaced, never changed
        new.pile_totals = self.pile_totals.copy()
        new.stock = self.stock.copy()
        new.koikoi_calls = self.koikoi_calls.copy()
        new.turn_captures = self.turn_captures.copy()
        new._events = []
        return new

    @classmethod
    def sample(cls, observation: Any, rng: random.Random) -> "KoiKoiGame":
        """A full game that ``observation``'s seat cannot tell from the real one.

        The cards the seat has not seen (the opponent's hand, but for cards revealed to both,
        and the stock, whose order nobody knows) are dealt from the unseen cards at random with
        ``rng``; everything the seat knows is as observed. Later rounds are dealt from a random
        seed. The sample plays on like any game, but it is not a record: ``to_dict`` refuses it.

        >>> g = KoiKoiGame.new(4)
        >>> s = KoiKoiGame.sample(g.observation(0), random.Random(1))
        >>> s.observation(0) == g.observation(0), sorted(s.hands[1]) == sorted(g.hands[1])
        (True, False)
        """
        if not isinstance(observation, KoiKoiObservation):
            raise RulesError(f"observation: expected a KoiKoiObservation, "
                             f"got {type(observation).__name__}")
        if not isinstance(rng, random.Random):
            raise RulesError(f"rng: expected a random.Random, got {type(rng).__name__}")
        obs = observation
        seat = obs.seat
        other = 1 - seat
        game = cls(rng.getrandbits(64), obs.rules)
        game.sampled = True
        # What the seat has seen, and what it knows is hidden where.
        known_other = list(obs.revealed_hands[other])
        in_stock = list(obs.revealed_stock)
        seen = pile_mask((*obs.hand, *obs.field, *obs.piles[0], *obs.piles[1], *known_other,
                          *in_stock, *((obs.pending,) if obs.pending is not None else ())))
        unseen = [c for c in DECK if not seen & c.bit]
        need = obs.hand_counts[other] - len(known_other)
        if need < 0 or need + obs.stock_count - len(in_stock) != len(unseen):
            raise LayoutError("observation: its card counts do not add up to the deck")
        shuffle_in_place(unseen, rng)
        other_hand = known_other + unseen[:need]
        shuffle_in_place(other_hand, rng)
        stock = in_stock + unseen[need:]
        shuffle_in_place(stock, rng)
        hands: list[list[Card]] = [[], []]
        hands[seat], hands[other] = list(obs.hand), other_hand
        game.hands = hands
        game.field = list(obs.field)
        game.field_mask = pile_mask(obs.field)
        game.stock = stock
        game.piles = [list(p) for p in obs.piles]
        game.pile_masks = [pile_mask(p) for p in obs.piles]
        game._refresh_yaku()
        game.revealed = pile_mask((*known_other, *in_stock, *obs.revealed_hands[seat]))
        game.scores = list(obs.scores)
        game.history = [r.copy() for r in obs.history]
        game._history_view = tuple(r.copy() for r in obs.history)
        game.round = obs.round
        game.deal_count = obs.round
        game.dealer = obs.dealer
        game.koikoi_calls = list(obs.koikoi_calls)
        game.field_brights = obs.field_brights
        game.pending = obs.pending
        game.phase = obs.phase
        game.turn_captures = list(obs.turn_captures)
        turn = obs.current_player
        if turn is None:  # the match is over
            a, b = obs.scores
            game.winner = None if a == b else (0 if a > b else 1)
            turn = obs.dealer
        game.current_player = obs.current_player
        game._turn = turn
        game.turn_start_total = sum(yaku_of_mask(
            game.pile_masks[turn] & ~pile_mask(obs.turn_captures), obs.rules).values())
        return game

    # Queries -----------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    @property
    def result(self) -> dict[str, Any] | None:
        """Final scores, the winner (None: a draw) and the rounds, once the match is over."""
        if not self.is_over:
            return None
        return {"scores": list(self.scores), "winner": self.winner,
                "rounds": [r.to_dict() for r in self.history]}

    def yaku_of(self, seat: int) -> dict[str, int]:
        """The yaku ``seat``'s capture pile holds now: id to points."""
        return dict(self.pile_yaku[check_seat(seat, 2)])

    def multipliers(self, seat: int, base: int) -> tuple[list[tuple[str, int]], int]:
        """The multipliers ``seat`` would score a round won now with, and their product, for a
        yaku total of ``base`` (the seven-point double looks at it): ``round_multipliers``."""
        seat = check_seat(seat, 2)
        if type(base) is not int:
            raise IllegalActionError(f"base: expected a whole number, got {base!r}")
        return round_multipliers(self.rules, self.field_brights, self.koikoi_calls[seat],
                                 self.koikoi_calls[1 - seat], base)

    _multipliers = multipliers  # the name the table used

    def multiplier_now(self, seat: int) -> int:
        """The multiplier ``seat`` would score with if it stopped now (before the 7-point rule)."""
        return self.multipliers(seat, 0)[1]

    def legal_actions(self) -> list[Action]:
        """The actions the current player may take now."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> list[Action]:
        """The legal actions in a fixed order. Plays follow the hand: per card its captures (one
        action per target when the player must choose), then ``play X -`` (optional matching)."""
        phase = self.phase
        if phase == PHASE_PLAY:
            plays = _PLAYS[self.rules.field_triple]
            fmask = self.field_mask
            hand = self.hands[self._turn]
            matching = self.rules.matching
            out: list[Action] = []
            if matching == "if_matching":  # any card; one that matches captures
                for c in hand:
                    out += plays[c][(fmask >> _SHIFT[c]) & 15]
            elif matching == "required":  # the cards that match, or any card when none does
                for c in hand:
                    pattern = (fmask >> _SHIFT[c]) & 15
                    if pattern:
                        out += plays[c][pattern]
                return out or [_PLAY[c] for c in hand]
            else:  # optional: a card that matches may also be laid down
                for c in hand:
                    pattern = (fmask >> _SHIFT[c]) & 15
                    out += plays[c][pattern]
                    if pattern:
                        out.append(_LAY[c])
            return out
        if phase == PHASE_TAKE:
            drawn = self.pending
            assert drawn is not None
            return list(_TAKES[self.rules.field_triple][drawn][
                (self.field_mask >> _SHIFT[drawn]) & 15])
        if phase == PHASE_DECIDE:
            return [ACTION_KOIKOI, ACTION_STOP]
        if phase == PHASE_SWAP:
            return [ACTION_SWAP, ACTION_KEEP]
        return []

    # Applying ----------------------------------------------------------------------------------
    def apply(self, action: Action | str) -> list[Event]:
        """Carry out ``action`` for the current player; returns what happened, in order.

        ``action`` is one of ``legal_actions()`` or its notation. Text that is no action raises
        InvalidNotationError; an action that is not legal now IllegalActionError, and ``play X``
        when X could capture either of two cards AmbiguousActionError (name the card:
        ``play X Y``). Naming the card of the only capture is accepted (``play 1C2 1R`` takes
        a triple whole). A refused action changes nothing.
        """
        if type(action) is not Action:
            if not isinstance(action, str):
                raise InvalidNotationError(f"not an action: {action!r}")
            action = parse_action(action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            action = self._normalise(action, legal)
        self._events = []
        self._legal = None
        self.actions.append(action)
        kind = action.kind
        p = self._turn
        if kind == "play":
            self._play(action)
        elif kind == "take":
            drawn, self.pending = self.pending, None
            assert drawn is not None and action.target is not None
            self._capture(p, drawn, self._option_with(drawn, action.target))
            self._after_draw(p)
        elif kind == "koikoi":
            self.koikoi_calls[p] += 1
            self._emit("koikoi", p, data={"calls": self.koikoi_calls[p]})
            self._start_turn(1 - p)
        elif kind == "stop":
            self._emit("stop", p)
            self._score_round(p, "stop")
        else:  # swap or keep
            self._swap(kind == "swap")
        return self._events

    def _normalise(self, action: Action, legal: list[Action]) -> Action:
        """The legal action ``action`` stands for, or the error that says why there is none."""
        _check_action(action)
        c = action.card
        if action.kind == "play" and c is not None and not action.lay:
            if action.target is not None:
                play = _PLAY[c]
                if play in legal:
                    options = self._capture_options(c)
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

    def _capture_options(self, c: Card) -> Options:
        """What ``c`` (played or drawn) may capture from the field now."""
        return _CAPTURES[self.rules.field_triple][c][(self.field_mask >> _SHIFT[c]) & 15]

    def _option_with(self, c: Card, target: Card) -> Capture:
        for opt in self._capture_options(c):
            if target in opt.taken:
                return opt
        raise IllegalActionError(f"{c} cannot capture {target}")  # pragma: no cover

    def _emit(self, kind: str, seat: int | None = None, cards_: tuple[Card, ...] = (),
              data: dict[str, Any] | None = None) -> None:
        self._events.append(Event(kind, seat, cards_, data))

    # Dealing -----------------------------------------------------------------------------------
    def _start_round(self) -> None:
        """Deal until a deal stands (void deals are redealt by the same dealer)."""
        while True:
            deck, rng = shuffled_with_rng(DECK, self.seed if self.deal_count == 0
                                          else derive_seed(self.seed, self.deal_count))
            self.deal_count += 1
            dealer = self.dealer
            hands: list[list[Card]] = [[], []]
            # 4 to the non-dealer, 4 to the dealer, 4 to the field, twice
            hands[1 - dealer] = deck[0:4] + deck[12:16]
            hands[dealer] = deck[4:8] + deck[16:20]
            fld = deck[8:12] + deck[20:24]
            self.hands, self.field = hands, fld
            self.field_mask = fmask = sum(map(_BIT, fld))
            self.stock = deck[24:]
            self.piles = [[], []]
            self.pile_masks = [0, 0]
            self.pile_yaku = [{}, {}]
            self.pile_totals = [0, 0]
            self.koikoi_calls = [0, 0]
            self.pending = None
            self.turn_captures = []
            self.revealed = 0
            self._emit("dealt", dealer, data={"round": self.round + 1, "deal": self.deal_count})
            if self.rules.void_deal and _month_or_pairs(fmask):
                self._emit("void_deal", dealer, tuple(fld))
                continue
            if self.rules.draw_for_first:  # where the two drawn cards will go back
                self.first_draw = (rng.random(), rng.random())
            break
        self.round += 1
        self.field_brights = (self.field_mask & _BRIGHTS).bit_count()
        if self.rules.hand_swap:
            self.phase = PHASE_SWAP
            self.current_player = self._turn = 1 - self.dealer
        else:
            self._begin_play()

    def _swap(self, swap: bool) -> None:
        seat = self._turn
        if swap:
            self.hands.reverse()
            # Each seat knew the hand it gave away: now both know both hands.
            self.revealed |= sum(map(_BIT, self.hands[0])) | sum(map(_BIT, self.hands[1]))
            self._emit("hands_swapped", seat)
        else:
            self._emit("hands_kept", seat)
        self._begin_play()

    def _begin_play(self) -> None:
        """Instant wins, then the first player's turn."""
        instant = [_month_or_pairs(sum(map(_BIT, h))) for h in self.hands]  # teshi, kuttsuki
        if instant[0] and instant[1]:
            self._emit("void_deal", None, data={"reason": "both instant wins"})
            self._start_round_again()
            return
        if instant[0] or instant[1]:
            seat = 0 if instant[0] else 1
            how = instant[seat]
            assert how is not None
            self._emit("instant_win", seat, tuple(self.hands[seat]), {"how": how})
            points = [0, 0]
            points[seat] = self.rules.instant_win_points
            self._finish_round(RoundResult(self.round, "instant_win", seat, points,
                                           {how: self.rules.instant_win_points},
                                           self.rules.instant_win_points, [],
                                           list(self.koikoi_calls), self.dealer))
            return
        first = self.dealer
        if self.rules.draw_for_first:
            # Each draws from the top of the stock (dealer first), the earlier month plays
            # first; the cards go back one at a time (dealer's first) at places chosen by the
            # deal's random generator (rules.md, "Settled details"): both seats know they are
            # somewhere in the stock, neither knows where.
            stock = self.stock
            d, o = stock.pop(0), stock.pop(0)
            first = self.dealer if d.month <= o.month else 1 - self.dealer
            for c, r in zip((d, o), self.first_draw):
                stock.insert(int(r * (len(stock) + 1)), c)
            self.revealed |= d.bit | o.bit
            self._emit("draw_for_first", first, (d, o))
        self.phase = PHASE_PLAY
        self._start_turn(first)

    def _start_round_again(self) -> None:
        self.round -= 1  # the void deal did not count
        self._start_round()

    # Turns -------------------------------------------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.current_player = self._turn = seat
        self.phase = PHASE_PLAY
        self.turn_start_total = self.pile_totals[seat]
        self.turn_captures = []
        self._events.append(Event("turn", seat))

    def _play(self, action: Action) -> None:
        p = self._turn
        c: Card = action.card  # type: ignore[assignment]  # a play always names its card
        self.hands[p].remove(c)
        if action.lay:
            self.field.append(c)
            self.field_mask |= 1 << c.index
            self._events.append(Event("played", p, (c,), {"captures": []}))  # laid down
        else:
            capture: Capture | None
            if action.target is not None:
                capture = self._option_with(c, action.target)
            else:  # the first (or only) option; _capture_options, inlined on the hot path
                options = _CAPTURES[self.rules.field_triple][c][(self.field_mask >> _SHIFT[c]) & 15]
                capture = options[0] if options else None
            self._events.append(Event("played", p, (c,),
                                      {"captures": list(capture.codes) if capture else []}))
            self._capture(p, c, capture)
        self._draw(p)

    def _capture(self, p: int, c: Card, capture: Capture | None) -> None:
        """``c`` makes ``capture`` (None: it stays on the field).

        The pile's yaku are brought up to date by ``_update_yaku`` once the turn's captures
        are done."""
        if capture is None:
            self.field.append(c)
            self.field_mask |= 1 << c.index
            self._events.append(Event("to_field", p, (c,)))
            return
        taken, got, bits, _codes = capture
        field, pile = self.field, self.piles[p]
        for t in taken:
            field.remove(t)
        pile += got
        pile.sort(key=_PILE_RANK)  # by kind; nearly sorted already, so cheaper than insorts
        self.field_mask &= ~bits
        self.pile_masks[p] |= bits
        self.turn_captures += got
        self._events.append(Event("captured", p, got))

    def _update_yaku(self, p: int) -> None:
        self.pile_yaku[p] = made = yaku_of_mask(self.pile_masks[p], self.rules)
        self.pile_totals[p] = sum(made.values())

    def _draw(self, p: int) -> None:
        drawn = self.stock.pop(0)
        self._events.append(Event("drawn", p, (drawn,)))
        options = _CAPTURES[self.rules.field_triple][drawn][(self.field_mask >> _SHIFT[drawn]) & 15]
        if len(options) > 1:  # the player chooses (see apply, "take")
            if self.turn_captures:
                self._update_yaku(p)
            self.pending = drawn
            self.phase = PHASE_TAKE
            return
        self._capture(p, drawn, options[0] if options else None)
        self._after_draw(p)

    def _after_draw(self, p: int) -> None:
        if self.turn_captures:
            self._update_yaku(p)
        total = self.pile_totals[p]
        last_turn = not self.hands[0] and not self.hands[1]
        if total > self.turn_start_total:
            self._emit("yaku", p, data={"yaku": dict(self.pile_yaku[p]), "total": total})
            if last_turn:
                self._score_round(p, "last_turn")
            else:
                self.phase = PHASE_DECIDE
        elif last_turn:
            self._exhausted()
        else:
            self._start_turn(1 - p)

    # Scoring -----------------------------------------------------------------------------------
    def _score_round(self, winner: int, how: str) -> None:
        made = dict(self.pile_yaku[winner])
        base = sum(made.values())
        mults, product = self.multipliers(winner, base)
        won = base * product
        points = [0, 0]
        points[winner] = won
        loser = 1 - winner
        if self.rules.koikoi_penalty and self.koikoi_calls[loser]:
            points[loser] = -won
        self._finish_round(RoundResult(self.round, how, winner, points, made, base, mults,
                                       list(self.koikoi_calls), self.dealer))

    def _exhausted(self) -> None:
        self._finish_round(RoundResult(self.round, "exhausted", None, [0, 0], {}, 0, [],
                                       list(self.koikoi_calls), self.dealer))

    def _finish_round(self, result: RoundResult) -> None:
        for seat in (0, 1):
            self.scores[seat] += result.points[seat]
        self.history.append(result)
        self._history_view += (result.copy(),)
        self._emit("round_over", result.winner, data={"result": result.to_dict(),
                                                      "scores": list(self.scores)})
        if result.winner is not None:
            self.dealer = result.winner
        elif self.rules.exhausted_dealer == "passes":
            self.dealer = 1 - self.dealer
        target, rounds = self.rules.target_score, self.rules.max_rounds
        if (target is not None and max(self.scores) >= target) or \
                (rounds is not None and self.round >= rounds):
            self.phase = PHASE_OVER
            self.current_player = None
            a, b = self.scores
            self.winner = None if a == b else (0 if a > b else 1)
            self._emit("match_over", self.winner, data={"scores": list(self.scores)})
            return
        self._start_round()

    # Observation -------------------------------------------------------------------------------
    def observation(self, seat: int) -> "KoiKoiObservation":
        """What ``seat`` knows: its own hand, the table, and the cards both seats have seen
        that are hidden now (a swapped hand); never the rest of the opponent's hand or the
        stock's order.

        >>> g = KoiKoiGame.new(7)
        >>> obs = g.observation(0)
        >>> obs.hand == tuple(g.hands[0]), obs.opponent_hand_count, obs.stock_count
        (True, 8, 24)
        """
        seat = check_seat(seat, 2)
        revealed = self.revealed
        stock_seen: tuple[Card, ...] = ()
        if revealed:
            shown = tuple(tuple(sorted(c for c in h if revealed & c.bit)) for h in self.hands)
            stock_seen = tuple(sorted(c for c in self.stock if revealed & c.bit))
        else:
            shown = ((), ())
        return KoiKoiObservation(
            seat=seat, rules=self.rules, phase=self.phase, current_player=self.current_player,
            dealer=self.dealer, round=self.round, scores=tuple(self.scores),
            hand=tuple(self.hands[seat]), hand_counts=(len(self.hands[0]), len(self.hands[1])),
            field=tuple(self.field), piles=(tuple(self.piles[0]), tuple(self.piles[1])),
            stock_count=len(self.stock), pending=self.pending,
            turn_captures=tuple(sorted(self.turn_captures)),
            koikoi_calls=tuple(self.koikoi_calls), field_brights=self.field_brights,
            yaku=(dict(self.pile_yaku[0]), dict(self.pile_yaku[1])),
            revealed_hands=shown, revealed_stock=stock_seen,
            legal_actions=tuple(self.legal_actions()) if self.current_player == seat else (),
            history=self._history_view)

    def __repr__(self) -> str:
        return (f"KoiKoiGame(seed={self.seed}, round={self.round}, phase={self.phase!r}, "
                f"player={self.current_player}, scores={self.scores})")


def _pair(value: object, name: str) -> list[Any]:
    """``value`` as a list of one entry per seat, or LayoutError naming ``name``."""
    items = check_list(value, name)
    if len(items) != 2:
        raise LayoutError(f"{name}: expected one entry per seat (2), got {len(items)}")
    return items


def _layout_cards(value: object, name: str) -> list[Card]:
    """Cards given in notation or as a list of Cards, or LayoutError naming ``name``."""
    if isinstance(value, str):
        try:
            return cards(value)
        except InvalidNotationError as exc:
            raise LayoutError(f"{name}: {exc}") from None
    items = check_list(value, name)
    for i, c in enumerate(items):
        if type(c) is not Card:
            raise LayoutError(f"{name}[{i}]: not a card: {c!r}")
    return items


_LAYOUT_KEYS = {"hands", "field", "stock", "dealer", "current", "piles", "scores",
                "koikoi_calls", "field_brights", "round"}


@dataclass(frozen=True)
class KoiKoiObservation:
    """What one seat knows: built by ``KoiKoiGame.observation(seat)``, never changed.

    ``hand`` is the seat's own hand in its order; ``hand_counts`` every seat's number of hand
    cards; ``piles`` the capture piles (sorted by kind); ``pending`` a drawn card waiting for
    ``take``; ``turn_captures`` what the player to move has captured this turn (deck order);
    ``yaku`` what each pile makes now; ``history`` the rounds played. Cards the seats have
    seen that are hidden now: ``revealed_hands[s]`` the cards of seat s's hand that both
    seats know (after a hand swap, both whole hands) and ``revealed_stock`` cards both know
    to be in the stock, at places neither knows (draw for first), both in deck order.
    ``legal_actions`` is empty unless the seat is to move.
    """

    seat: int
    rules: KoiKoiRules
    phase: str
    current_player: int | None
    dealer: int
    round: int
    scores: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    field: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], ...]
    stock_count: int
    pending: Card | None
    turn_captures: tuple[Card, ...]
    koikoi_calls: tuple[int, ...]
    field_brights: int
    yaku: tuple[dict[str, int], ...]
    revealed_hands: tuple[tuple[Card, ...], ...]
    revealed_stock: tuple[Card, ...]
    legal_actions: tuple[Action, ...]
    history: tuple[RoundResult, ...]

    @property
    def players(self) -> int:
        return len(self.hand_counts)

    @property
    def opponent_hand_count(self) -> int:
        """How many cards the other seat holds."""
        return self.hand_counts[1 - self.seat]


__all__ = ["KoiKoiRules", "KoiKoiGame", "KoiKoiObservation", "round_multipliers", "Action",
           "Event", "RoundResult", "yaku", "yaku_total", "yaku_of_mask", "parse_action",
           "RulesError", "InvalidNotationError", "IllegalActionError", "AmbiguousActionError",
           "LayoutError", "InvalidRulesError", "DuplicateCardError", "YAKU_NAMES", "YAKU_CARDS",
           "kind_counts", "cards"]

if TYPE_CHECKING:  # mypy checks that the engine meets the contract
    _ENGINE: Engine[Action, KoiKoiObservation] = KoiKoiGame(0)
