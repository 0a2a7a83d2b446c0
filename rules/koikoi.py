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

import dataclasses
import random
from dataclasses import dataclass, field
from typing import Any, Iterable, NamedTuple, Sequence

from rules.deck import shuffled
from rules.fishing import (capture_options, derive_seed, has_full_month, is_four_pairs,
                           sort_pile)
from rules.hanafuda import DECK, Card, Kind, card, cards

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
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise InvalidRulesError(f"{name}={value!r}: expected one of {allowed}")

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
        if m & c.bit:
            raise DuplicateCardError(f"card {c.code} appears twice")
        m |= c.bit
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
    extra = rules.extra_points
    out: dict[str, int] = {}

    # Brights.
    dry = (m & _DRY).bit_count()
    rain = bool(m & _RAIN)
    if rules.scoring == "simple":
        if dry == 4 and rain:
            out["goko"] = 10
        elif dry == 4:
            out["shiko"] = 8
        elif dry == 3 and rain:
            out["ame_shiko"] = 7
        elif dry == 3:
            out["sanko"] = 5
    elif dry >= 3:  # complex: every bright yaku present counts, only the better four-bright
        out["sanko"] = 5
        if dry == 4:
            out["shiko"] = 8
        elif rain:
            out["ame_shiko"] = 7
        if dry == 4 and rain:
            out["goko"] = 10

    # Ribbon sets.
    ribbons = (m & _RIBBONS).bit_count()
    aka = m & _AKATAN == _AKATAN
    ao = m & _AOTAN == _AOTAN
    if aka and ao:
        out["akatan_aotan"] = 10 + (ribbons - 6 if extra else 0)
    complex_ = rules.scoring == "complex"
    if aka and (complex_ or not ao):
        out["akatan"] = 5 + (ribbons - 3 if extra else 0)
    if ao and (complex_ or not aka):
        out["aotan"] = 5 + (ribbons - 3 if extra else 0)

    animals = (m & _ANIMALS).bit_count()
    if m & _INO == _INO:
        out["inoshikacho"] = 5 + (animals - 3 if extra else 0)
    if animals >= 5:
        out["tane"] = animals - 4
    if ribbons >= 5:
        out["tanzaku"] = ribbons - 4
    chaff = (m & _CHAFF).bit_count() + (1 if rules.sake_as_chaff and m & _SAKE else 0)
    if chaff >= 10:
        out["kasu"] = chaff - 9
    if rules.tsukifuda:
        months = sum(m & month == month for month in _MONTHS)
        if months:
            out["tsukifuda"] = 5 * months

    # Viewing yaku last: "with_other" looks at the rest.
    if m & _SAKE and rules.viewing != "never" and not (rules.rain_rule and rain):
        views = {}
        if m & _CURTAIN:
            views["hanami"] = 5
        if m & _MOON:
            views["tsukimi"] = 5
        if views and (rules.viewing == "always" or out):
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

    # Construction ------------------------------------------------------------------------------
    @classmethod
    def new(cls, seed: int, rules: KoiKoiRules = KoiKoiRules()) -> "KoiKoiGame":
        """A match from deal number ``seed``, first round dealt."""
        game = cls(seed, rules)
        game._start_round()
        game._events.clear()
        return game

    def to_dict(self) -> dict[str, Any]:
        return {"game": "koikoi", "seed": self.seed, "rules": dataclasses.asdict(self.rules),
                "actions": [str(a) for a in self.actions]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "KoiKoiGame":
        """Replay a saved game: seed, rules and actions."""
        if data.get("game") != "koikoi":
            raise ValueError(f"not a Koi-Koi game: {data.get('game')!r}")
        game = cls.new(int(data["seed"]), KoiKoiRules.from_options(dict(data["rules"])))
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
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        p = self.current_player
        if self.phase == PHASE_SWAP:
            return [Action("swap"), Action("keep")]
        if self.phase == PHASE_DECIDE:
            return [Action("koikoi"), Action("stop")]
        if self.phase == PHASE_TAKE:
            assert self.pending is not None
            return [Action("take", None, opt[0])
                    for opt in capture_options(self.pending, self.field, self.rules.field_triple)]
        if self.phase != PHASE_PLAY:
            return []
        by_month: dict[int, list[Card]] = {}
        for c in self.field:
            by_month.setdefault(c.month, []).append(c)
        triple = self.rules.field_triple
        matching = self.rules.matching
        hand = self.hands[p]
        can_match = any(c.month in by_month for c in hand)
        out: list[Action] = []
        for c in hand:
            found = by_month.get(c.month)
            if not found:
                # A card that matches nothing may be played unless a match is required.
                if not (matching == "required" and can_match):
                    out.append(Action("play", c))
                continue
            if len(found) == 1 or (triple and len(found) == 3):
                out.append(Action("play", c))
            else:
                out.extend(Action("play", c, t) for t in sorted(found))
            if matching == "optional":
                out.append(Action("play", c, None, True))
        return out

    # Applying ----------------------------------------------------------------------------------
    def apply(self, action: Action | str) -> list[Event]:
        """Carry out ``action`` for the current player; returns what happened, in order."""
        if isinstance(action, str):
            action = parse_action(action)
        legal = self.legal_actions()
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
        if action.kind in ("swap", "keep"):
            self._swap(action.kind == "swap")
        elif action.kind == "play":
            self._play(action)
        elif action.kind == "take":
            assert self.pending is not None and action.target is not None
            drawn, self.pending = self.pending, None
            self._capture(drawn, self._option_with(drawn, action.target))
            self._after_draw()
        elif action.kind == "koikoi":
            p = self.current_player
            self.koikoi_calls[p] += 1
            self._emit("koikoi", p, data={"calls": self.koikoi_calls[p]})
            self._next_turn()
        elif action.kind == "stop":
            self._emit("stop", self.current_player)
            self._score_round(self.current_player, "stop")
        return self._events

    def _normalise(self, action: Action, legal: list[Action]) -> Action | None:
        if action.kind == "play" and action.target is not None and not action.lay:
            for a in legal:
                if a.kind == "play" and a.card == action.card and a.target is None and not a.lay:
                    opts = capture_options(a.card, self.field, self.rules.field_triple)
                    if opts and action.target in opts[0]:
                        return a
        return None

    def _option_with(self, c: Card, target: Card) -> tuple[Card, ...]:
        for opt in capture_options(c, self.field, self.rules.field_triple):
            if target in opt:
                return opt
        raise IllegalActionError(f"{c} cannot capture {target}")  # pragma: no cover

    def _emit(self, kind: str, seat: int | None = None, cards_: Iterable[Card] = (),
              data: dict | None = None) -> None:
        self._events.append(Event(kind, seat, tuple(cards_), data or {}))

    # Dealing -----------------------------------------------------------------------------------
    def _start_round(self) -> None:
        """Deal until a deal stands (void deals are redealt by the same dealer)."""
        while True:
            deck = shuffled(DECK, self.seed if self.deal_count == 0
                            else derive_seed(self.seed, self.deal_count))
            self.deal_count += 1
            dealer, other = self.dealer, 1 - self.dealer
            hands: list[list[Card]] = [[], []]
            fld: list[Card] = []
            pos = 0
            for _ in range(2):  # 4 to the non-dealer, 4 to the dealer, 4 to the field, twice
                for target in (hands[other], hands[dealer], fld):
                    target.extend(deck[pos:pos + 4])
                    pos += 4
            self.hands, self.field = hands, fld
            self.stock = deck[pos:]
            self.piles = [[], []]
            self.pile_masks = [0, 0]
            self.pile_yaku = [{}, {}]
            self.koikoi_calls = [0, 0]
            self.pending = None
            self._emit("dealt", dealer, data={"round": self.round + 1, "deal": self.deal_count})
            if self.rules.void_deal and (has_full_month(fld) or is_four_pairs(fld)):
                self._emit("void_deal", dealer, fld)
                continue
            break
        self.round += 1
        self.field_brights = sum(c.kind is Kind.BRIGHT for c in self.field)
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
        instant = [has_full_month(h) or is_four_pairs(h) for h in self.hands]
        if all(instant):
            self._emit("void_deal", None, data={"reason": "both instant wins"})
            self._start_round_again()
            return
        if any(instant):
            seat = instant.index(True)
            how = "teshi" if has_full_month(self.hands[seat]) else "kuttsuki"
            self._emit("instant_win", seat, self.hands[seat], {"how": how})
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
        self.turn_start_total = sum(self.pile_yaku[seat].values())
        self.turn_captures = []
        self._emit("turn", seat)

    def _play(self, action: Action) -> None:
        p = self.current_player
        c = action.card
        assert c is not None
        self.hands[p].remove(c)
        if action.lay:
            self.field.append(c)
            self._emit("played", p, (c,), {"captures": []})  # laid down
        else:
            if action.target is not None:
                taken = self._option_with(c, action.target)
            else:
                options = capture_options(c, self.field, self.rules.field_triple)
                taken = options[0] if options else ()
            self._emit("played", p, (c,), {"captures": [x.code for x in taken]})
            self._capture(c, taken)
        self._draw()

    def _capture(self, c: Card, taken: Sequence[Card]) -> None:
        """``c`` takes ``taken`` from the field (or stays on the field when nothing is taken)."""
        p = self.current_player
        if not taken:
            if c not in self.field:
                self.field.append(c)
            self._emit("to_field", p, (c,))
            return
        for t in taken:
            self.field.remove(t)
        if c in self.field:
            self.field.remove(c)
        got = [c, *taken]
        self.piles[p] = sort_pile(self.piles[p] + got)
        mask = self.pile_masks[p]
        for g in got:
            mask |= g.bit
        self.pile_masks[p] = mask
        self.pile_yaku[p] = yaku_of_mask(mask, self.rules)
        self.turn_captures.extend(got)
        self._emit("captured", p, got)

    def _draw(self) -> None:
        p = self.current_player
        drawn = self.stock.pop(0)
        self._emit("drawn", p, (drawn,))
        options = capture_options(drawn, self.field, self.rules.field_triple)
        if len(options) > 1:
            self.pending = drawn
            self.phase = PHASE_TAKE
            return
        self._capture(drawn, options[0] if options else ())
        self._after_draw()

    def _after_draw(self) -> None:
        p = self.current_player
        made = self.pile_yaku[p]
        total = sum(made.values())
        last_turn = not self.hands[0] and not self.hands[1]
        if total > self.turn_start_total:
            self._emit("yaku", p, data={"yaku": dict(made), "total": total})
            if last_turn:
                self._score_round(p, "last_turn")
            else:
                self.phase = PHASE_DECIDE
            return
        if last_turn:
            self._exhausted()
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self._start_turn(1 - self.current_player)

    # Scoring -----------------------------------------------------------------------------------
    def _multipliers(self, winner: int, base: int) -> tuple[list[tuple[str, int]], int]:
        r = self.rules
        loser = 1 - winner
        mults: list[tuple[str, int]] = []
        if r.field_bright_multiplier and self.field_brights:
            mults.append(("field_brights", 1 + self.field_brights))
        if r.koikoi_multiplier and self.koikoi_calls[winner]:
            mults.append(("koikoi", 1 + self.koikoi_calls[winner]))
        if r.opponent_koikoi_double and self.koikoi_calls[loser]:
            mults.append(("opponent_koikoi", 2))
        if r.seven_point_double and base >= 7:
            mults.append(("seven_points", 2))
        product = 1
        for _name, m in mults:
            product *= m
        return mults, product

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


__all__ = ["KoiKoiRules", "KoiKoiGame", "Action", "Event", "RoundResult", "yaku", "yaku_total",
           "parse_action", "IllegalActionError", "InvalidRulesError", "DuplicateCardError",
           "YAKU_NAMES", "YAKU_CARDS", "kind_counts", "cards"]
