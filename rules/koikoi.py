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
from typing import Any, Iterable, NamedTuple, Sequence

from rules.deck import shuffled
from rules.fishing import KIND_ORDER, capture_options, derive_seed, sort_pile
from rules.hanafuda import DECK, Card, Kind, card, cards, codes

# ----------------------------------------------------------------------------------------------
# Options


class InvalidRulesError(ValueError):
    """An option with a value rules.md does not allow."""


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


class DuplicateCardError(ValueError):
    """The same card twice in one collection."""


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
    """The cards as a bit set; the same card twice is an error."""
    m = 0
    for c in captured:
        bit = 1 << c.index
        if m & bit:
            raise DuplicateCardError(f"card {c.code} appears twice")
        m |= bit
    return m


def kind_counts(captured: Iterable[Card], rules: KoiKoiRules = KoiKoiRules()) -> dict[str, int]:
    """Brights, animals, ribbons and chaff as the yaku count them (the sake cup may count twice)."""
    m = pile_mask(captured)
    chaff = (m & _CHAFF).bit_count() + (1 if rules.sake_as_chaff and m & _SAKE else 0)
    return {"brights": (m & _BRIGHTS).bit_count(), "animals": (m & _ANIMALS).bit_count(),
            "ribbons": (m & _RIBBONS).bit_count(), "chaff": chaff}


def yaku(captured: Iterable[Card], rules: KoiKoiRules = KoiKoiRules()) -> dict[str, int]:
    """The yaku that score under ``rules``: id (as in rules.md) to points."""
    return yaku_of_mask(pile_mask(captured), rules)


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


class IllegalActionError(ValueError):
    """An action that is not legal now (or not an action at all)."""


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


def parse_action(text: str) -> Action:
    """An action from its notation.

    >>> str(parse_action("play 3b 3c1")), str(parse_action("KOIKOI"))
    ('play 3B 3C1', 'koikoi')
    """
    parts = text.strip().split()
    if not parts:
        raise IllegalActionError("empty action")
    word = parts[0].lower()
    try:
        if word == "play" and len(parts) in (2, 3):
            if len(parts) == 3 and parts[2] == "-":
                return Action("play", card(parts[1]), lay=True)
            return Action("play", card(parts[1]), card(parts[2]) if len(parts) == 3 else None)
        if word == "take" and len(parts) == 2:
            return Action("take", None, card(parts[1]))
        if word in ("koikoi", "stop", "swap", "keep") and len(parts) == 1:
            return Action(word)
    except ValueError as exc:
        raise IllegalActionError(f"bad action {text!r}: {exc}") from None
    raise IllegalActionError(f"not an action: {text!r}")


class Event:
    """Something that happened, for animation and logs. ``data`` holds kind-specific facts."""

    __slots__ = ("kind", "seat", "cards", "data")

    def __init__(self, kind: str, seat: int | None = None, cards: tuple[Card, ...] = (),
                 data: dict | None = None) -> None:
        self.kind = kind
        self.seat = seat
        self.cards = cards
        self.data = data if data is not None else {}

    def __repr__(self) -> str:
        return f"Event({str(self)!r})"

    def __str__(self) -> str:
        who = f" seat{self.seat}" if self.seat is not None else ""
        cs = " " + " ".join(c.code for c in self.cards) if self.cards else ""
        return f"{self.kind}{who}{cs}"


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
    table = {}
    for c in DECK:
        month = DECK[_SHIFT[c]:_SHIFT[c] + 4]
        rows = []
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
                      base: int) -> tuple[list[tuple[str, int]], int]:
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
    """A Koi-Koi match: state, legal actions, apply, per-seat observation, replay."""

    players = 2

    def __init__(self, seed: int, rules: KoiKoiRules = KoiKoiRules()) -> None:
        self.seed = seed
        self.rules = rules
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
        self.current_player = self.dealer
        self.phase = PHASE_PLAY
        self.koikoi_calls = [0, 0]
        self.field_brights = 0
        self.pending: Card | None = None        # drawn card waiting for a choice
        self.turn_start_total = 0               # the player's yaku total when the turn began
        self.turn_captures: list[Card] = []
        self.winner: int | None = None
        self._events: list[Event] = []
        self._legal: list[Action] | None = None  # cached until the next apply
        self.layout: dict[str, Any] | None = None  # set by from_layout (kept for replay)

    # Construction ------------------------------------------------------------------------------
    @classmethod
    def new(cls, seed: int, rules: KoiKoiRules = KoiKoiRules()) -> "KoiKoiGame":
        """A match from deal number ``seed``, first round dealt."""
        game = cls(seed, rules)
        game._start_round()
        game._events.clear()
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
        ``seed``. ``to_dict`` keeps the layout, so such a game replays too.

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
        def parse(value: str | Iterable[Card]) -> list[Card]:
            return cards(value) if isinstance(value, str) else list(value)

        if len(hands) != 2 or len(piles) != 2 or len(scores) != 2 or len(koikoi_calls) != 2:
            raise ValueError("hands, piles, scores and koikoi_calls need one entry per seat")
        if dealer not in (0, 1):
            raise ValueError(f"dealer out of range 0-1: {dealer}")
        current = dealer if current is None else current
        if current not in (0, 1):
            raise ValueError(f"current player out of range 0-1: {current}")
        hand_cards = [parse(h) for h in hands]
        pile_cards = [parse(p) for p in piles]
        field_cards, stock_cards = parse(field), parse(stock)
        seen = 0
        for c in (*hand_cards[0], *hand_cards[1], *field_cards, *stock_cards, *pile_cards[0],
                  *pile_cards[1]):
            if seen & c.bit:
                raise DuplicateCardError(f"card {c.code} appears twice in the layout")
            seen |= c.bit
        mine, theirs = len(hand_cards[current]), len(hand_cards[1 - current])
        if mine - theirs not in (0, 1) or not mine:
            raise ValueError(f"hands of {mine} (seat {current}, to play) and {theirs} cards "
                             "cannot take turns to the end")
        if len(stock_cards) < mine + theirs:
            raise ValueError(f"a stock of {len(stock_cards)} cards is short of the "
                             f"{mine + theirs} turns left")
        if round < 1:
            raise ValueError(f"round out of range: {round}")

        game = cls(seed, rules)
        game.layout = {
            "hands": [codes(h) for h in hand_cards], "field": codes(field_cards),
            "stock": codes(stock_cards), "dealer": dealer, "current": current,
            "piles": [codes(p) for p in pile_cards], "scores": list(scores),
            "koikoi_calls": list(koikoi_calls), "field_brights": field_brights, "round": round}
        game.deal_count = 1  # the layout stands for the first deal
        game.round = round
        game.dealer = dealer
        game.hands = hand_cards
        game.field = field_cards
        game.stock = stock_cards
        game.field_mask = pile_mask(field_cards)
        game.piles = [sort_pile(p) for p in pile_cards]
        game.pile_masks = [pile_mask(p) for p in pile_cards]
        game.pile_yaku = [yaku_of_mask(m, rules) for m in game.pile_masks]
        game.pile_totals = [sum(y.values()) for y in game.pile_yaku]
        game.scores = [int(s) for s in scores]
        game.koikoi_calls = [int(k) for k in koikoi_calls]
        game.field_brights = (sum(c.kind is Kind.BRIGHT for c in field_cards)
                              if field_brights is None else int(field_brights))
        game._start_turn(current)
        game._events.clear()
        return game

    def to_dict(self) -> dict[str, Any]:
        data = {"game": "koikoi", "seed": self.seed, "rules": dataclasses.asdict(self.rules),
                "actions": [str(a) for a in self.actions]}
        if self.layout is not None:
            data["layout"] = copy.deepcopy(self.layout)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "KoiKoiGame":
        """Replay a saved game: seed (or layout), rules and actions."""
        if data.get("game") != "koikoi":
            raise ValueError(f"not a Koi-Koi game: {data.get('game')!r}")
        rules = KoiKoiRules.from_options(dict(data["rules"]))
        layout = data.get("layout")
        if layout is not None:
            game = cls.from_layout(**layout, rules=rules, seed=int(data["seed"]))
        else:
            game = cls.new(int(data["seed"]), rules)
        for text in data["actions"]:
            game.apply(text)
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
        return dict(self.pile_yaku[seat])

    def multiplier_now(self, seat: int) -> int:
        """The multiplier ``seat`` would score with if it stopped now (before the 7-point rule)."""
        return self._multipliers(seat, 0)[1]

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
            hand = self.hands[self.current_player]
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
        """Carry out ``action`` for the current player; returns what happened, in order."""
        if isinstance(action, str):
            action = parse_action(action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if action not in legal:
            # "play X" names the only capture; accept it spelled with the target too.
            alias = self._normalise(action, legal)
            if alias is None:
                raise IllegalActionError(
                    f"{action} is not legal now (phase {self.phase}, seat {self.current_player}); "
                    f"legal: {', '.join(map(str, legal))}")
            action = alias
        self._events = []
        self._legal = None
        self.actions.append(action)
        kind = action.kind
        if kind == "play":
            self._play(action)
        elif kind == "take":
            drawn, self.pending = self.pending, None
            assert drawn is not None and action.target is not None
            p = self.current_player
            self._capture(p, drawn, self._option_with(drawn, action.target))
            self._after_draw(p)
        elif kind == "koikoi":
            p = self.current_player
            self.koikoi_calls[p] += 1
            self._emit("koikoi", p, data={"calls": self.koikoi_calls[p]})
            self._next_turn()
        elif kind == "stop":
            self._emit("stop", self.current_player)
            self._score_round(self.current_player, "stop")
        else:  # swap or keep
            self._swap(kind == "swap")
        return self._events

    def _normalise(self, action: Action, legal: list[Action]) -> Action | None:
        if action.kind == "play" and action.target is not None and not action.lay:
            play = _PLAY[action.card]
            if play in legal:
                options = self._capture_options(action.card)
                if options and action.target in options[0].taken:
                    return play
        return None

    def _capture_options(self, c: Card) -> Options:
        """What ``c`` (played or drawn) may capture from the field now."""
        return _CAPTURES[self.rules.field_triple][c][(self.field_mask >> _SHIFT[c]) & 15]

    def _option_with(self, c: Card, target: Card) -> Capture:
        for opt in self._capture_options(c):
            if target in opt.taken:
                return opt
        raise IllegalActionError(f"{c} cannot capture {target}")  # pragma: no cover

    def _emit(self, kind: str, seat: int | None = None, cards_: tuple[Card, ...] = (),
              data: dict | None = None) -> None:
        self._events.append(Event(kind, seat, cards_, data))

    # Dealing -----------------------------------------------------------------------------------
    def _start_round(self) -> None:
        """Deal until a deal stands (void deals are redealt by the same dealer)."""
        while True:
            deck = shuffled(DECK, self.seed if self.deal_count == 0
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
            self._emit("dealt", dealer, data={"round": self.round + 1, "deal": self.deal_count})
            if self.rules.void_deal and _month_or_pairs(fmask):
                self._emit("void_deal", dealer, tuple(fld))
                continue
            break
        self.round += 1
        self.field_brights = (self.field_mask & _BRIGHTS).bit_count()
        if self.rules.hand_swap:
            self.phase = PHASE_SWAP
            self.current_player = 1 - self.dealer
        else:
            self._begin_play()

    def _swap(self, swap: bool) -> None:
        seat = self.current_player
        if swap:
            self.hands.reverse()
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
            # Each draws from the top of the stack (dealer first); the cards go back.
            d, o = self.stock[0], self.stock[1]
            first = self.dealer if d.month <= o.month else 1 - self.dealer
            self._emit("draw_for_first", first, (d, o))
        self.phase = PHASE_PLAY
        self._start_turn(first)

    def _start_round_again(self) -> None:
        self.round -= 1  # the void deal did not count
        self._start_round()

    # Turns -------------------------------------------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.current_player = seat
        self.phase = PHASE_PLAY
        self.turn_start_total = self.pile_totals[seat]
        self.turn_captures = []
        self._events.append(Event("turn", seat))

    def _play(self, action: Action) -> None:
        p = self.current_player
        c: Card = action.card  # type: ignore[assignment]  # a play always names its card
        self.hands[p].remove(c)
        if action.lay:
            self.field.append(c)
            self.field_mask |= 1 << c.index
            self._events.append(Event("played", p, (c,), {"captures": []}))  # laid down
        else:
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

    def _next_turn(self) -> None:
        self._start_turn(1 - self.current_player)

    # Scoring -----------------------------------------------------------------------------------
    def _multipliers(self, winner: int, base: int) -> tuple[list[tuple[str, int]], int]:
        return round_multipliers(self.rules, self.field_brights, self.koikoi_calls[winner],
                                 self.koikoi_calls[1 - winner], base)

    def _score_round(self, winner: int, how: str) -> None:
        made = self.yaku_of(winner)
        base = sum(made.values())
        mults, product = self._multipliers(winner, base)
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
            a, b = self.scores
            self.winner = None if a == b else (0 if a > b else 1)
            self._emit("match_over", self.winner, data={"scores": list(self.scores)})
            return
        self._start_round()

    # Observation -------------------------------------------------------------------------------
    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: its own hand, never the opponent's hand or the stock order."""
        if seat not in (0, 1):
            raise ValueError(f"seat out of range 0-1: {seat}")
        other = 1 - seat
        return {
            "seat": seat,
            "rules": self.rules,
            "phase": self.phase,
            "current_player": self.current_player,
            "dealer": self.dealer,
            "round": self.round,
            "scores": list(self.scores),
            "hand": list(self.hands[seat]),
            "opponent_hand_count": len(self.hands[other]),
            "field": list(self.field),
            "piles": [list(p) for p in self.piles],
            "stock_count": len(self.stock),
            "pending": self.pending,
            "koikoi_calls": list(self.koikoi_calls),
            "field_brights": self.field_brights,
            "yaku": [self.yaku_of(s) for s in (0, 1)],
            "legal_actions": self.legal_actions() if self.current_player == seat else [],
            "history": [r.to_dict() for r in self.history],
        }

    def __repr__(self) -> str:
        return (f"KoiKoiGame(seed={self.seed}, round={self.round}, phase={self.phase!r}, "
                f"player={self.current_player}, scores={self.scores})")


__all__ = ["KoiKoiRules", "KoiKoiGame", "round_multipliers", "Action", "Event", "RoundResult", "yaku", "yaku_total",
           "parse_action", "IllegalActionError", "InvalidRulesError", "DuplicateCardError",
           "YAKU_NAMES", "YAKU_CARDS", "kind_counts", "cards"]
