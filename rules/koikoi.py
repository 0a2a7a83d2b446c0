"""Koi-Koi for two players: yaku, options (Seed and Nintendo presets) and the full match engine.

The engine is the fishing engine (``rules.fishing``) with Koi-Koi's deal, scoring and two
phases of its own: the hand swap and the koi-koi decision. For the table: ``yaku_progress``
(how far a pile is toward each yaku), ``yaku_cards`` (the cards that make one) and
``round_multipliers``/``KoiKoiGame.multipliers`` (what a round won now would be multiplied by).

A game is its seed plus its action list. Actions have a string notation used in tests and
logs: ``play 3B`` (no match, or the only way to capture), ``play 3B 3C1`` (capture that card),
``play 3B -`` (lay it down without capturing, *optional* matching only), ``take 3C1`` (the
drawn card captures that card), ``koikoi``, ``stop``, ``swap``, ``keep``. ``play 3B`` when 3B
could capture either of two cards is ambiguous (AmbiguousActionError, an IllegalActionError):
the card must be named; naming the card of the only capture is accepted. Text that is no
action raises InvalidNotationError.

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
from _random import Random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Sequence

from rules.engine import (AmbiguousActionError, DuplicateCardError, Event,
                          IllegalActionError, InvalidNotationError, LayoutError, RulesError,
                          FrozenDict, FrozenList, check_int, check_seat)
from rules.fishing import (PHASE_OVER, PHASE_PLAY, PHASE_TAKE, Action, FishingGame,
                           FishingObservation, FishingOptions, deal_plan)
from rules.fishing import parse_action as fishing_parse_action
from rules.fishing.playout import Policy
from rules.fishing.progress import YakuProgress, progress, reach
from rules.fishing.records import per_seat, pile_mask
from rules.fishing.tables import BIT, month_or_pairs
from rules import koikoi_playout
from rules.hanafuda import DECK, Card, Kind, card, cards

# ----------------------------------------------------------------------------------------------
# Options


class InvalidRulesError(LayoutError):
    """An option with a value docs/rules.md does not allow (or wrong type), or an unknown one."""


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
    """Every option of docs/rules.md. ``KoiKoiRules()`` is the Seed preset.

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

#: English names of the yaku ids (docs/rules.md), for display.
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


def _mask(names: Iterable[str]) -> int:
    m = 0
    for code in names:
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
_FIGURES = _BRIGHTS | _ANIMALS  # (the viewing yaku's cards are among them)


def kind_counts(captured: Iterable[Card], rules: KoiKoiRules = KoiKoiRules()) -> dict[str, int]:
    """Brights, animals, ribbons and chaff as the yaku count them (the sake cup may count twice)."""
    _check_rules(rules)
    m = pile_mask(captured)
    chaff = (m & _CHAFF).bit_count() + (1 if rules.sake_as_chaff and m & _SAKE else 0)
    return {"brights": (m & _BRIGHTS).bit_count(), "animals": (m & _ANIMALS).bit_count(),
            "ribbons": (m & _RIBBONS).bit_count(), "chaff": chaff}


def yaku(captured: Iterable[Card], rules: KoiKoiRules = KoiKoiRules()) -> dict[str, int]:
    """The yaku that score under ``rules``: id (as in docs/rules.md) to points."""
    _check_rules(rules)
    return yaku_of_mask(pile_mask(captured), rules)


def _check_rules(rules: object) -> KoiKoiRules:
    if not isinstance(rules, KoiKoiRules):
        raise InvalidRulesError(f"rules: expected KoiKoiRules, got {type(rules).__name__}")
    return rules


def _kasu(m: int, sake_as_chaff: bool) -> int:
    """The chaff yaku's points for the cards ``m`` (a bit set): its chaff, and the sake cup
    too when the rules count it as chaff: 1 point for 10, one more for each more; else 0.

    >>> _kasu(_CHAFF, True), _kasu(_CHAFF | _SAKE, True), _kasu(_CHAFF | _SAKE, False)
    (15, 16, 15)
    """
    chaff = (m & _CHAFF).bit_count()
    if chaff < 9:
        return 0
    if sake_as_chaff and m & _SAKE:
        chaff += 1
    return chaff - 9 if chaff >= 10 else 0


def _tsukifuda(m: int) -> int:
    """The month sets' points (option ``tsukifuda``) for the cards ``m``: 5 a whole month."""
    points = 0
    for month in _MONTHS:
        if m & month == month:
            points += 5
    return points


def yaku_of_mask(m: int, rules: KoiKoiRules) -> dict[str, int]:
    """``yaku`` for a bit set of cards (the engine keeps its piles as bit sets)."""
    out: dict[str, int] = {}

    # Brights.
    dry = (m & _DRY).bit_count()
    rain = m & _RAIN
    if dry >= 3:
        if rules.scoring == "complex":  # every bright yaku counts, only the better four-bright
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
            complex_ = rules.scoring == "complex"
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
    kasu = _kasu(m, rules.sake_as_chaff)
    if kasu:
        out["kasu"] = kasu
    if rules.tsukifuda:
        months = _tsukifuda(m)
        if months:
            out["tsukifuda"] = months

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


@lru_cache(maxsize=64)
def yaku_total_function(rules: KoiKoiRules) -> Callable[[int], int]:
    """``sum(yaku_of_mask(m, rules).values())`` as a function of the bit set ``m``, with the
    rules looked up once and no dict built (the playout mode asks it after every capture).

    The yaku add up by group: tables of the points of every subset of the ribbons and of the
    brights and animals together (made by ``yaku_of_mask`` itself; the viewing yaku go with
    the latter, unless they depend on the rest: ``viewing="with_other"``), then chaff and
    months by count. Made once per rules (some 20 ms).

    >>> m = sum(c.bit for c in cards("1B 3B 8B 9A 1R 2R 3R"))
    >>> yaku_total_function(KoiKoiRules())(m) == sum(yaku_of_mask(m, KoiKoiRules()).values())
    True
    """
    _check_rules(rules)

    def points(group: int) -> dict[int, int]:
        """The points of each subset of ``group`` alone."""
        subsets = [0]
        for i in range(48):
            if group >> i & 1:
                subsets += [m | 1 << i for m in subsets]
        return {m: sum(yaku_of_mask(m, rules).values()) for m in subsets}

    ribbons = points(_RIBBONS)
    sake_chaff, months = rules.sake_as_chaff, rules.tsukifuda

    def chaff_and_months(m: int) -> int:
        """The chaff yaku (the sake cup counted when the rules say) and the month sets."""
        return _kasu(m, sake_chaff) + _tsukifuda(m) if months else _kasu(m, sake_chaff)

    if rules.viewing != "with_other":
        figures = points(_FIGURES)

        def total(m: int) -> int:
            return figures[m & _FIGURES] + ribbons[m & _RIBBONS] + chaff_and_months(m)
        return total

    brights, animals = points(_BRIGHTS), points(_ANIMALS)
    rain_rule = rules.rain_rule
    viewing = {m: 5 * (m & _CURTAIN != 0) + 5 * (m & _MOON != 0)
               for m in (_CURTAIN, _MOON, _CURTAIN | _MOON)}

    def total_with_other(m: int) -> int:
        t = brights[m & _BRIGHTS] + ribbons[m & _RIBBONS] + animals[m & _ANIMALS] \
            + chaff_and_months(m)
        # The viewing yaku score with another yaku (each scores > 0: t is "any other").
        if t and m & _SAKE and m & (_CURTAIN | _MOON) and not (rain_rule and m & _RAIN):
            t += viewing[m & (_CURTAIN | _MOON)]
        return t
    return total_with_other


class PackedYaku(NamedTuple):
    """Yaku totals of a pile packed in one small int, for rules whose yaku add up by group
    (``packed_yaku``): its brights and animals (bits 0-13), its ribbons (bits 14-23) and its
    chaff count (from bit 24; the sake cup counted in when the rules say so). A pile's packed
    int is the sum of its cards' ``card`` values (by card index); its total is
    ``figures[x & 0x3FFF] + ribbons[x >> 14 & 0x3FF] + chaff[x >> 24]``."""

    card: tuple[int, ...]
    figures: tuple[int, ...]
    ribbons: tuple[int, ...]
    chaff: tuple[int, ...]


@lru_cache(maxsize=64)
def packed_yaku(rules: KoiKoiRules) -> PackedYaku | None:
    """The ``PackedYaku`` tables of ``rules``, or None when the yaku do not add up by group
    (month sets, viewing yaku that need another yaku): made once per rules (some 30 ms).

    >>> packed = packed_yaku(KoiKoiRules())
    >>> x = sum(packed.card[c.index] for c in cards("1B 3B 8B 9A"))
    >>> packed.figures[x & 0x3FFF] + packed.ribbons[x >> 14 & 0x3FF] + packed.chaff[x >> 24]
    15
    """
    _check_rules(rules)
    if rules.tsukifuda or rules.viewing == "with_other":
        return None

    def points(group: list[int]) -> tuple[int, ...]:
        """The points of each subset of ``group`` (card indices) alone, by its bits."""
        masks = [0]
        for i in group:
            masks += [m | 1 << i for m in masks]
        return tuple(sum(yaku_of_mask(m, rules).values()) for m in masks)

    figures = [i for i in range(48) if _FIGURES >> i & 1]
    ribbons = [i for i in range(48) if _RIBBONS >> i & 1]
    sake = card(SAKE).index
    values = [0] * 48
    for k, i in enumerate(figures):
        values[i] += 1 << k
    for k, i in enumerate(ribbons):
        values[i] += 1 << (14 + k)
    for i in range(48):
        if _CHAFF >> i & 1 or (i == sake and rules.sake_as_chaff):
            values[i] += 1 << 24
    # The chaff yaku by count (the sake cup, counted in when the rules say so, is the 25th).
    units = [i for i in range(48) if _CHAFF >> i & 1] + [sake]
    return PackedYaku(tuple(values), points(figures), points(ribbons),
                      tuple(_kasu(sum(1 << i for i in units[:n]), True) for n in range(26)))


def yaku_total(captured: Iterable[Card], rules: KoiKoiRules = KoiKoiRules()) -> int:
    return sum(yaku(captured, rules).values())


# ----------------------------------------------------------------------------------------------
# Actions, phases, round results

ACTION_WORDS = ("koikoi", "stop", "swap", "keep")


def parse_action(text: str) -> Action:
    """A Koi-Koi action from its notation; text that is not one raises InvalidNotationError.

    >>> str(parse_action("play 3b 3c1")), str(parse_action("KOIKOI"))
    ('play 3B 3C1', 'koikoi')
    >>> parse_action("plya 3B")
    Traceback (most recent call last):
    ...
    rules.engine.InvalidNotationError: not an action: 'plya 3B'
    """
    return fishing_parse_action(text, ACTION_WORDS)


ACTION_SWAP, ACTION_KEEP = Action("swap"), Action("keep")
ACTION_KOIKOI, ACTION_STOP = Action("koikoi"), Action("stop")

PHASE_SWAP = "swap"          # the non-dealer may swap hands (blind)
PHASE_DECIDE = "decide"      # koi-koi or stop
# PHASE_PLAY (play a card from the hand), PHASE_TAKE (choose what the drawn card captures) and
# PHASE_OVER (the match has ended) are the fishing engine's.


@dataclass(frozen=True)
class RoundResult:
    """How a round ended: ``kind`` stop | last_turn | exhausted | instant_win. Frozen all the
    way down (``FrozenList``, ``FrozenDict``): the history, the observations and the clones
    share it safely; ``to_dict`` gives plain lists and dicts.

    >>> r = RoundResult(1, "stop", 0, [6, -6], {"akatan": 6}, 6, [("koikoi", 2)], [1, 0])
    >>> r.points, r.multipliers, r.to_dict()["multipliers"]
    ([6, -6], [('koikoi', 2)], [['koikoi', 2]])
    >>> r.points[0] += 100
    Traceback (most recent call last):
    ...
    TypeError: a frozen record's list cannot be changed
    """

    round: int
    kind: str
    winner: int | None
    points: Sequence[int]  # what each seat's score changed by
    yaku: Mapping[str, int] = field(default_factory=FrozenDict)
    base: int = 0
    multipliers: Sequence[tuple[str, int]] = FrozenList()
    koikoi_calls: Sequence[int] = FrozenList([0, 0])
    dealer: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "points", FrozenList(self.points))
        object.__setattr__(self, "yaku", FrozenDict(self.yaku))
        object.__setattr__(self, "multipliers", FrozenList(map(tuple, self.multipliers)))
        object.__setattr__(self, "koikoi_calls", FrozenList(self.koikoi_calls))

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "kind": self.kind, "winner": self.winner,
                "points": list(self.points), "yaku": dict(self.yaku), "base": self.base,
                "multipliers": [list(m) for m in self.multipliers],
                "koikoi_calls": list(self.koikoi_calls), "dealer": self.dealer}

    def copy(self) -> "RoundResult":
        """The record itself: it cannot change."""
        return self


def round_multipliers(rules: KoiKoiRules, field_brights: int, own_calls: int, other_calls: int,
                      base: float) -> tuple[list[tuple[str, int]], int]:
    """The multipliers a round's winner scores with, and product (docs/rules.md: they multiply).

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
# Yaku for display: progress toward them, and the cards that make them


def yaku_progress(captured: Iterable[Card], rules: KoiKoiRules = KoiKoiRules(),
                  blocked: Iterable[Card] = ()) -> list[YakuProgress]:
    """The yaku ``captured`` has started (at least one card) but not made, and could still
    make with cards not in ``blocked`` (pass the other player's pile), in a fixed order:
    brights (the next bright yaku: sanko, ame_shiko when 11B is held, then shiko, goko), the
    viewing yaku, inoshikacho, akatan, aotan, akatan_aotan (once one of the two is made),
    tane, tanzaku, kasu (counted as the yaku count them: the sake cup as chaff too when the
    rules say so), and tsukifuda (a month of which two cards are held; option).

    >>> from rules.hanafuda import codes
    >>> [(p.yaku, p.have, p.need, codes(p.missing)) for p in yaku_progress(cards("1B 3B 9A 1R"))]
    [('sanko', 2, 3, '8B 12B'), ('tsukimi', 1, 2, '8B'), ('akatan', 1, 3, '2R 3R'),
     ('tane', 1, 5, ''), ('tanzaku', 1, 5, ''), ('kasu', 1, 10, '')]
    >>> [p.yaku for p in yaku_progress(cards("1B 3B 9A 1R"), blocked=cards("8B 2R"))]
    ['sanko', 'tane', 'tanzaku', 'kasu']
    """
    _check_rules(rules)
    m, free = reach(captured, blocked)
    made = yaku_of_mask(m, rules)
    out: list[YakuProgress] = []

    def add(name: str, group: int, need: int, listed: bool = True) -> None:
        """A yaku of ``need`` cards of ``group``, unless made; ``listed``: name the free cards."""
        found = None if name in made else progress(name, group, need, m, free, listed=listed)
        if found:
            out.append(found)

    brights = (m & _BRIGHTS).bit_count()
    rain = bool(m & _RAIN)
    if brights:
        if brights < 3 and not rain:
            add("sanko", _DRY, 3)
        elif brights < 4:
            add("ame_shiko" if rain else "shiko", _BRIGHTS if rain else _DRY, 4)
        elif brights < 5:
            add("goko", _BRIGHTS, 5)
    if rules.viewing != "never" and not (rules.rain_rule and rain):
        add("hanami", _CURTAIN | _SAKE, 2)
        add("tsukimi", _MOON | _SAKE, 2)
    add("inoshikacho", _INO, 3)
    add("akatan", _AKATAN, 3)
    add("aotan", _AOTAN, 3)
    if "akatan" in made or "aotan" in made:
        add("akatan_aotan", _AKATAN | _AOTAN, 6)
    add("tane", _ANIMALS, 5, False)
    add("tanzaku", _RIBBONS, 5, False)
    add("kasu", _CHAFF | (_SAKE if rules.sake_as_chaff else 0), 10, False)
    if rules.tsukifuda:
        for month in _MONTHS:
            found = progress("tsukifuda", month, 4, m, free, least=2)
            if m & month != month and found:
                out.append(found)
    return out


def yaku_cards(yaku_id: str, captured: Iterable[Card],
               rules: KoiKoiRules = KoiKoiRules()) -> list[Card]:
    """The cards of ``captured`` (in its order) that make the yaku ``yaku_id``: the set's
    cards, the kind's for a count yaku (the sake cup with the chaff when it counts as chaff),
    complete months for tsukifuda; [] for an id that is no pile yaku.

    >>> from rules.hanafuda import codes
    >>> codes(yaku_cards("kasu", cards("1B 9A 1C1 2C2 3R")))
    '9A 1C1 2C2'
    >>> codes(yaku_cards("sanko", cards("1B 3R 3B 8B 2A")))
    '1B 3B 8B'
    """
    _check_rules(rules)
    pile = list(captured)
    m = pile_mask(pile)
    group = YAKU_CARDS.get(yaku_id) if isinstance(yaku_id, str) else None
    if group:
        want = _mask(group)
    elif yaku_id == "tane":
        want = _ANIMALS
    elif yaku_id == "tanzaku":
        want = _RIBBONS
    elif yaku_id == "kasu":
        want = _CHAFF | (_SAKE if rules.sake_as_chaff else 0)
    elif yaku_id == "tsukifuda":
        want = sum(month for month in _MONTHS if m & month == month)
    else:
        return []
    return [c for c in pile if want >> c.index & 1]


# ----------------------------------------------------------------------------------------------
# The end of a turn

#: What follows a turn (``turn_end``): the other seat's turn, koi-koi or stop, the round
#: stopped (a yaku made on the last turn), or drawn (no new yaku on the last turn).
NEXT_TURN, DECIDE, LAST_TURN, EXHAUSTED = "next", "decide", "last_turn", "exhausted"


def turn_end(total: int, start: int, last_turn: bool) -> str:
    """What follows a turn that leaves the player's yaku total at ``total`` (``start`` when
    the turn began; ``last_turn``: both hands are empty): a total that rose asks koi-koi or
    stop (``DECIDE``), except on the last turn, which stops the round (``LAST_TURN``);
    otherwise the other seat plays (``NEXT_TURN``), or the round is drawn (``EXHAUSTED``).
    The engine's turns and its fast playout (``rules.koikoi_playout``) both follow it.

    >>> turn_end(6, 5, False), turn_end(6, 5, True), turn_end(5, 5, False), turn_end(0, 0, True)
    ('decide', 'last_turn', 'next', 'exhausted')
    """
    if total > start:
        return LAST_TURN if last_turn else DECIDE
    return EXHAUSTED if last_turn else NEXT_TURN


# ----------------------------------------------------------------------------------------------
# The game

KOIKOI_DEAL = deal_plan(2, hand=8, field=8)  # 4 to the non-dealer, 4 to the dealer, 4 to the
#                                              field, twice


@lru_cache(maxsize=64)
def fishing_options(rules: KoiKoiRules) -> FishingOptions:
    """The fishing engine's table rules for ``rules``."""
    return FishingOptions(KOIKOI_DEAL, field_triple=rules.field_triple, matching=rules.matching,
                          void_checks=("field_month", "field_pairs") if rules.void_deal else ())


@dataclass(frozen=True)
class KoiKoiObservation(FishingObservation):
    """What one Koi-Koi seat knows (``KoiKoiGame.observation(seat)``): the fishing game's
    observation (``rules.fishing.FishingObservation``: hand, table, piles, counts, revealed
    cards, legal actions, history) and the round's koi-koi calls, the brights dealt to the
    field (the field-bright multiplier) and each pile's yaku.
    """

    koikoi_calls: tuple[int, ...]
    field_brights: int
    yaku: tuple[dict[str, int], ...]

    @property
    def opponent_hand_count(self) -> int:
        """How many cards the other seat holds."""
        return self.hand_counts[1 - self.seat]



class KoiKoiGame(FishingGame):
    """A Koi-Koi match: state, legal actions, apply, per-seat observation, replay.

    It runs on the fishing engine (``rules.fishing.FishingGame``) with Koi-Koi's deal, scoring
    and two phases of its own: the hand swap (``swap``/``keep``) and the koi-koi decision
    (``koikoi``/``stop``). It meets ``rules.engine.Engine``: ``current_player`` is None once
    the match is over, ``observation(seat)`` is a :class:`KoiKoiObservation`, ``clone()`` a
    cheap copy and ``sample(observation, rng)`` a state the seat cannot tell from the real one;
    ``playout(rng)`` plays a state out fast (the fishing engine's playout mode).

    >>> g = KoiKoiGame.new(4)
    >>> s = KoiKoiGame.sample(g.observation(0), random.Random(1))
    >>> s.observation(0) == g.observation(0), sorted(s.hands[1]) == sorted(g.hands[1])
    (True, False)
    >>> c = g.clone()
    >>> _ = c.apply(c.legal_actions()[0])
    >>> len(g.actions), len(c.actions)
    (0, 1)
    """

    __slots__ = ("koikoi_calls", "field_brights", "pile_yaku", "pile_totals", "turn_start_total")

    GAME_ID = "koikoi"
    RULES = KoiKoiRules
    OBSERVATION = KoiKoiObservation
    WORDS = ACTION_WORDS
    LAYOUT_KEYS = FishingGame.LAYOUT_KEYS | {"koikoi_calls", "field_brights"}

    def __init__(self, seed: int, rules: KoiKoiRules = KoiKoiRules()) -> None:
        super().__init__(seed, rules)
        self.rules: KoiKoiRules = rules
        self.koikoi_calls = [0, 0]
        self.field_brights = 0
        self.pile_yaku: list[dict[str, int]] = [{}, {}]  # yaku of each pile, kept current
        self.pile_totals = [0, 0]    # their points
        self.turn_start_total = 0    # the player's yaku total when the turn began
        self.first_draw = (0.0, 0.0)  # draw for first: where the two cards go back
        self._match_end = (rules.target_score, rules.max_rounds)  # (asked after every round)

    # The fishing engine's hooks ----------------------------------------------------------------
    @classmethod
    def _check_rules(cls, rules: object) -> KoiKoiRules:
        return _check_rules(rules)

    @classmethod
    def _options_for(cls, rules: KoiKoiRules) -> FishingOptions:
        return fishing_options(rules)

    def _reset_deal(self) -> None:
        self.koikoi_calls = [0, 0]
        self.pile_yaku = [{}, {}]
        self.pile_totals = [0, 0]

    def _dealt(self, rng: Random) -> None:
        if self.rules.draw_for_first:  # where the two cards drawn for first will go back
            self.first_draw = (rng.random(), rng.random())

    def _begin_deal(self) -> None:
        self.field_brights = (self.field_mask & _BRIGHTS).bit_count()
        if self.rules.hand_swap:
            self.phase = PHASE_SWAP
            self.current_player = self._turn = 1 - self.dealer
        else:
            self._begin_play()

    def _compute_other_legal(self) -> list[Action]:
        if self.phase == PHASE_DECIDE:
            return [ACTION_KOIKOI, ACTION_STOP]
        if self.phase == PHASE_SWAP:
            return [ACTION_SWAP, ACTION_KEEP]
        return []

    def _apply_word(self, p: int, word: str) -> None:
        if word == "koikoi":
            self.koikoi_calls[p] += 1
            self._emit("koikoi", p, data={"calls": self.koikoi_calls[p]})
            self._start_turn(1 - p)
        elif word == "stop":
            self._emit("stop", p)
            self._score_round(p, "stop")
        else:  # swap or keep
            self._swap(word == "swap")

    def _before_choice(self, p: int) -> None:
        if self.turn_captures:
            self._update_yaku(p)

    def _next_dealer(self, result: Any) -> int:
        if result.winner is not None:
            return int(result.winner)
        return 1 - self.dealer if self.rules.exhausted_dealer == "passes" else self.dealer

    def _match_over(self) -> bool:
        target, rounds = self._match_end
        return (target is not None and max(self.scores) >= target) or \
            (rounds is not None and self.round >= rounds)

    def _end_deal(self) -> None:
        """The hands ran out with no yaku made on the last turn: a drawn round."""
        self._finish_round(RoundResult(self.round, "exhausted", None, [0, 0], {}, 0, [],
                                       list(self.koikoi_calls), self.dealer))

    # Construction ------------------------------------------------------------------------------
    @classmethod
    def from_layout(cls, hands: Any, field: Any, stock: Any, *, dealer: int = 0,
                    current: int | None = None, piles: Any = ("", ""),
                    rules: KoiKoiRules = KoiKoiRules(), scores: Any = (0, 0),
                    koikoi_calls: Any = (0, 0), field_brights: int | None = None,
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
        calls = [check_int(k, f"koikoi_calls[{i}]", 0, 99)
                 for i, k in enumerate(per_seat(koikoi_calls, "koikoi_calls", 2))]
        if field_brights is not None:
            check_int(field_brights, "field_brights", 0, 5)
        game = cls._layout(rules, seed, hands, field, stock, dealer, current, piles, scores,
                           round)
        assert game.layout is not None
        game.layout.update(koikoi_calls=list(calls), field_brights=field_brights)
        game.koikoi_calls = calls
        game.field_brights = (sum(c.kind is Kind.BRIGHT for c in game.field)
                              if field_brights is None else field_brights)
        game._refresh_yaku()
        game._layout_done()
        return game

    def playout(self, rng: random.Random, policy: Policy | None = None,
                rounds: int | None = None) -> list[int]:
        """``FishingGame.playout``; with the default policy, the same game played faster
        (``rules.koikoi_playout``: the same draws of ``rng``, the same scores and state),
        with this engine's pieces (``turn_end``, the yaku totals) handed to its loop."""
        if policy is not None:
            return super().playout(rng, policy, rounds)
        if not self._quiet:
            self._enter_playout()
        koikoi_playout.play_out(self, rng.random,
                                len(self.history) + rounds if rounds is not None else -1,
                                turn_end, yaku_total_function(self.rules), packed_yaku(self.rules))
        return list(self.scores)

    def _refresh_yaku(self) -> None:
        self.pile_yaku = [yaku_of_mask(m, self.rules) for m in self.pile_masks]
        self.pile_totals = [sum(y.values()) for y in self.pile_yaku]

    def clone(self, playout: bool = False) -> "KoiKoiGame":
        """An independent copy (no deepcopy: the lists are copied, cards and actions shared);
        ``playout``: in playout mode (``FishingGame.clone``)."""
        new = super().clone(playout)
        new.koikoi_calls = self.koikoi_calls.copy()
        new.field_brights = self.field_brights
        new.pile_yaku = self.pile_yaku.copy()  # the dicts are replaced, never changed
        new.pile_totals = self.pile_totals.copy()
        new.turn_start_total = self.turn_start_total
        return new

    def _sampled_from(self, obs: Any, rng: random.Random) -> None:
        self.koikoi_calls = list(obs.koikoi_calls)
        self.field_brights = obs.field_brights
        self._refresh_yaku()
        self.turn_start_total = sum(yaku_of_mask(
            self.pile_masks[self._turn] & ~pile_mask(obs.turn_captures), self.rules).values())
        self.first_draw = (rng.random(), rng.random())  # (a swap phase's draw for first)

    # Queries -----------------------------------------------------------------------------------
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

    # Dealing: the hand swap, instant wins, draw for first -------------------------------------
    def _swap(self, swap: bool) -> None:
        hands = self.hands
        masks = [sum(map(BIT, hands[0])), sum(map(BIT, hands[1]))]
        if swap:
            hands.reverse()
            masks.reverse()
            # Each seat knew the hand it gave away: now both know both hands.
            self.revealed |= masks[0] | masks[1]
        if not self._quiet:
            self._emit("hands_swapped" if swap else "hands_kept", self._turn)
        self._begin_play(masks)

    def _begin_play(self, masks: list[int] | None = None) -> None:
        """Instant wins, then the first player's turn (``masks``: the hands as bit sets)."""
        if masks is None:
            masks = [sum(map(BIT, h)) for h in self.hands]
        instant = month_or_pairs(masks[0]), month_or_pairs(masks[1])  # teshi, kuttsuki
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
            # deal's random generator (docs/rules.md, "Settled details"): both seats know they are
            # somewhere in the stock, neither knows where.
            stock = self.stock
            d, o = stock.pop(0), stock.pop(0)
            first = self.dealer if d.month <= o.month else 1 - self.dealer
            for c, r in zip((d, o), self.first_draw):
                stock.insert(int(r * (len(stock) + 1)), c)
            self.revealed |= d.bit | o.bit
            self._emit("draw_for_first", first, (d, o))
        self.phase = PHASE_PLAY
        self._begin_log(first)
        self._start_turn(first)

    # Turns -------------------------------------------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.current_player = self._turn = seat
        self.phase = PHASE_PLAY
        self.turn_start_total = self.pile_totals[seat]
        self.turn_captures = []
        if not self._quiet:
            self._events.append(Event("turn", seat))

    def _update_yaku(self, p: int) -> None:
        self.pile_yaku[p] = made = yaku_of_mask(self.pile_masks[p], self.rules)
        self.pile_totals[p] = sum(made.values())

    def _turn_done(self, p: int) -> None:
        """What follows the turn (``turn_end``): koi-koi or stop, the round stopped or drawn,
        or the other seat's turn."""
        if self.turn_captures:  # _update_yaku, inlined on the hot path
            self.pile_yaku[p] = made = yaku_of_mask(self.pile_masks[p], self.rules)
            self.pile_totals[p] = total = sum(made.values()) if made else 0
        else:
            total = self.pile_totals[p]
        then = turn_end(total, self.turn_start_total, not self.hands[0] and not self.hands[1])
        if then == NEXT_TURN:
            self._start_turn(1 - p)
        elif then == EXHAUSTED:
            self._finish_deal()
        else:
            if not self._quiet:
                self._emit("yaku", p, data={"yaku": dict(self.pile_yaku[p]), "total": total})
            if then == DECIDE:
                self.phase = PHASE_DECIDE
            else:
                self._score_round(p, "last_turn")

    # Scoring -----------------------------------------------------------------------------------
    def _score_round(self, winner: int, how: str) -> None:
        made = dict(self.pile_yaku[winner])
        base = sum(made.values())
        calls = self.koikoi_calls
        mults, product = round_multipliers(self.rules, self.field_brights, calls[winner],
                                           calls[1 - winner], base)
        won = base * product
        points = [0, 0]
        points[winner] = won
        loser = 1 - winner
        if self.rules.koikoi_penalty and self.koikoi_calls[loser]:
            points[loser] = -won
        self._finish_round(RoundResult(self.round, how, winner, points, made, base, mults,
                                       list(self.koikoi_calls), self.dealer))

    # Observation -------------------------------------------------------------------------------
    def observation(self, seat: int) -> "KoiKoiObservation":
        """What ``seat`` knows: its own hand, the table, and the cards both seats have seen
        that are hidden now (a swapped hand, the cards drawn for first); never the rest of the
        opponent's hand or the stock's order.

        >>> g = KoiKoiGame.new(7)
        >>> obs = g.observation(0)
        >>> obs.hand == tuple(g.hands[0]), obs.opponent_hand_count, obs.stock_count
        (True, 8, 24)
        """
        seat = check_seat(seat, 2)
        return KoiKoiObservation(
            **self._observed(seat), koikoi_calls=tuple(self.koikoi_calls),
            field_brights=self.field_brights,
            yaku=(dict(self.pile_yaku[0]), dict(self.pile_yaku[1])))



__all__ = ["KoiKoiRules", "KoiKoiGame", "KoiKoiObservation", "round_multipliers", "Action",
           "Event", "RoundResult", "yaku", "yaku_total", "yaku_of_mask", "yaku_progress",
           "YakuProgress", "yaku_cards", "parse_action", "RulesError", "InvalidNotationError",
           "IllegalActionError", "AmbiguousActionError", "LayoutError", "InvalidRulesError",
           "DuplicateCardError", "YAKU_NAMES", "PackedYaku", "packed_yaku",
           "yaku_total_function", "YAKU_CARDS", "kind_counts", "cards",
           "PHASE_PLAY", "PHASE_TAKE", "PHASE_OVER", "PHASE_SWAP", "PHASE_DECIDE",
           "turn_end", "NEXT_TURN", "DECIDE", "LAST_TURN", "EXHAUSTED"]
