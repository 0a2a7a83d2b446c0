"""600 Hearts for 2 to 4 players: the point-avoidance fishing game (docs/rules.md, "600 Hearts").

Captured cards score *against* their captor, and a yaku a player captures scores against
every opponent; the game ends after a round in which a score reaches 600, and the lowest
score wins (a tie shares the win). The engine is the fishing engine (``rules.fishing``) with
600 Hearts' deal by seat count, void deals, compulsory capture (any card may be played; one
that matches must capture) and scoring. The scoring is public and pure: ``card_points``,
``yaku``, ``round_scores`` and ``settlement``.

>>> card_points(card("9A")), sum(card_points(c) for c in DECK)
(50, 300)
>>> yaku(cards("1B 3B 8B 9A"))
{'three_bright': 100, 'moon_viewing': 100, 'flower_viewing': 100}
>>> round_scores([cards("1B 3B 8B 9A 1R"), cards("2C1")])  # 1R kept; three yaku charged
[5, 301]
>>> settlement([398, 684])
[286, -286]
>>> g = Hearts600Game.new(7, players=3)
>>> [len(h) for h in g.hands], len(g.field), len(g.stock)
([7, 7, 7], 6, 21)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Sequence

from rules.engine import (InvalidNotationError, LayoutError, check_int,
                          check_list, check_seat)
from rules.fishing import (DealResult, FishingGame, FishingObservation, FishingOptions,
                           deal_plan)
from rules.fishing.progress import YakuProgress, progress, reach
from rules.fishing.records import MAX_SCORE, capture_masks, pile_mask
from rules.hanafuda import DECK, Card, Kind, card, cards

# ----------------------------------------------------------------------------------------------
# Options


class InvalidRulesError(LayoutError):
    """An option with a value docs/rules.md does not allow (or wrong type), or an unknown one."""


@dataclass(frozen=True)
class Hearts600Rules:
    """600 Hearts' settings: ``players`` (2-4 seats; ``Hearts600Game.new(seed, players=3)``
    sets it) and ``show_settlement`` (a display option: show the settlement in cents at the
    end). The rules themselves have no variants.

    >>> Hearts600Rules(players=5)
    Traceback (most recent call last):
    ...
    rules.hearts600.InvalidRulesError: players=5: expected 2, 3 or 4
    """

    players: int = 3
    show_settlement: bool = True

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in DEALS:
            raise InvalidRulesError(f"players={self.players!r}: expected 2, 3 or 4")
        if type(self.show_settlement) is not bool:
            raise InvalidRulesError(f"show_settlement={self.show_settlement!r}: expected True "
                                    "or False")

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> "Hearts600Rules":
        """Rules from a setup screen's option values (unknown keys are an error)."""
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise InvalidRulesError(f"600 Hearts options: expected an object of option values, "
                                    f"got {type(options).__name__}")
        unknown = set(options) - {f.name for f in dataclasses.fields(cls)}
        if unknown:
            raise InvalidRulesError(f"unknown 600 Hearts options: {sorted(unknown)}")
        return cls(**options)


#: docs/rules.md's deal by seat count: hand cards each, field cards (the rest is the stock).
DEALS = {2: deal_plan(2, hand=10, field=8), 3: deal_plan(3, hand=7, field=6),
         4: deal_plan(4, hand=5, field=8)}

# ----------------------------------------------------------------------------------------------
# Card points and yaku


def _mask(text: str) -> int:
    return sum(c.bit for c in cards(text))


_ZERO_CHAFF = _mask("11C1 12C1 12C2 12C3")  # Willow and Paulownia chaff: 0 points
_POINTS = tuple(50 if c.code == "9A" else 0 if _ZERO_CHAFF & c.bit else
                {Kind.BRIGHT: 20, Kind.ANIMAL: 10, Kind.RIBBON: 5, Kind.CHAFF: 1}[c.kind]
                for c in DECK)
_BRIGHTS = sum(c.bit for c in DECK if c.kind is Kind.BRIGHT)
_RAIN = card("11B").bit
_CHAFF = sum(c.bit for c in DECK if c.kind is Kind.CHAFF)  # all 24; the sake cup is no chaff

#: The yaku made of fixed cards: id, points, the cards (docs/rules.md's list, in its order).
SET_YAKU: tuple[tuple[str, int, int], ...] = tuple((name, points, _mask(text)) for
                                                   name, points, text in (
    ("moon_viewing", 100, "8B 9A"),
    ("flower_viewing", 100, "3B 9A"),
    ("boar_deer_butterflies", 100, "7A 10A 6A"),
    ("five_birds", 100, "2A 4A 8A"),
    ("drunken_bird_watching", 100, "9A 5A 11A"),
    ("poetry_ribbons", 50, "1R 2R 3R"),
    ("blue_ribbons", 50, "6R 9R 10R"),
    ("plain_ribbons", 50, "4R 5R 7R 11R"),
))

#: Every yaku id with its points, in docs/rules.md's order (for display).
YAKU_POINTS: dict[str, int] = {
    "five_bright": 600, "dry_four_bright": 300, "rainy_four_bright": 150, "three_bright": 100,
    **{name: points for name, points, _ in SET_YAKU}, "chaff": 50}

CHAFF_YAKU_COUNT = 15


def card_points(c: Card) -> int:
    """The card's points: the sake cup 50, brights 20, the other animals 10, ribbons 5,
    Willow and Paulownia chaff 0, the other chaff 1.

    >>> [card_points(c) for c in cards("1B 2A 1R 1C1 11C1 12C3")]
    [20, 10, 5, 1, 0, 0]
    """
    if type(c) is not Card:
        raise InvalidNotationError(f"not a card: {c!r}")
    return _POINTS[c.index]


def yaku_cards_of_mask(m: int) -> list[tuple[str, int, int]]:
    """The yaku a pile (a bit set) makes: (id, points, the pile's cards that make it).

    Only the highest bright yaku counts, and three brights with the Rain Man make none; when
    the chaff yaku scores, every captured chaff belongs to it.
    """
    out: list[tuple[str, int, int]] = []
    brights = m & _BRIGHTS
    n = brights.bit_count()
    if n == 5:
        out.append(("five_bright", 600, brights))
    elif n == 4:
        out.append(("rainy_four_bright", 150, brights) if m & _RAIN else
                   ("dry_four_bright", 300, brights))
    elif n == 3 and not m & _RAIN:
        out.append(("three_bright", 100, brights))
    for name, points, group in SET_YAKU:
        if m & group == group:
            out.append((name, points, group))
    chaff = m & _CHAFF
    if chaff.bit_count() >= CHAFF_YAKU_COUNT:
        out.append(("chaff", 50, chaff))
    return out


def yaku_of_mask(m: int) -> dict[str, int]:
    """``yaku`` for a bit set of cards (the engine keeps its piles as bit sets)."""
    return {name: points for name, points, _ in yaku_cards_of_mask(m)}


def yaku(captured: Iterable[Card]) -> dict[str, int]:
    """The yaku ``captured`` makes: id (as in docs/rules.md) to points. A card may count in
    several yaku at once (the sake cup in three).

    >>> yaku(cards("1B 3B 11B"))  # three brights with the Rain Man: none
    {}
    >>> yaku(cards("9A 5A 11A 8B 3B"))
    {'moon_viewing': 100, 'flower_viewing': 100, 'drunken_bird_watching': 100}
    """
    return yaku_of_mask(pile_mask(captured))


def _kept_of_mask(m: int, found: list[tuple[str, int, int]]) -> tuple[int, int]:
    """(the cards of pile ``m`` outside every yaku of ``found``, its ``yaku_cards_of_mask``,
    as a bit set; their card points)."""
    used = 0
    for _name, _points, group in found:
        used |= group
    rest = m & ~used
    return rest, sum(_POINTS[i] for i in range(48) if rest >> i & 1)


def kept_cards(captured: Iterable[Card]) -> list[Card]:
    """The cards of ``captured`` (in its order) outside every yaku it makes: their points are
    its captor's if the round ends now.

    >>> from rules.hanafuda import codes
    >>> codes(kept_cards(cards("8B 9A 1B 1C1"))), codes(kept_cards(cards("")))
    ('1B 1C1', '')
    """
    pile = list(captured)
    m = pile_mask(pile)
    rest, _points = _kept_of_mask(m, yaku_cards_of_mask(m))
    return [c for c in pile if rest & c.bit]


def kept_points(captured: Iterable[Card]) -> int:
    """The card points ``captured`` keeps for its captor if the round ends now (those of its
    ``kept_cards``; what ``round_scores`` adds to the captor's own score).

    >>> kept_points(cards("8B 9A 1B 1C1")), kept_points(cards("11C1 2A")), kept_points([])
    (21, 10, 0)
    """
    m = pile_mask(captured)
    return _kept_of_mask(m, yaku_cards_of_mask(m))[1]


def _score_masks(masks: Sequence[int]) -> tuple[list[int], list[dict[str, int]], list[int]]:
    """(what each seat adds, each seat's yaku, the card points each seat keeps)."""
    n = len(masks)
    adds = [0] * n
    made: list[dict[str, int]] = []
    kept: list[int] = []
    for seat, m in enumerate(masks):
        found = yaku_cards_of_mask(m)
        for _name, points, _group in found:
            for other in range(n):
                if other != seat:
                    adds[other] += points
        own = _kept_of_mask(m, found)[1]
        adds[seat] += own
        made.append({name: points for name, points, _ in found})
        kept.append(own)
    return adds, made, kept


def yaku_progress(captured: Iterable[Card], blocked: Iterable[Card] = ()
                  ) -> list[YakuProgress]:
    """The yaku ``captured`` is heading for and has not made (``rules.fishing.progress``),
    the closest first (fewest cards to go, then most held): a set yaku of which it holds a
    card, three brights with two (without the Rain Man, which spoils it), the chaff yaku
    from 8 chaff (its missing cards: none listed, any chaff will do); a yaku that the cards
    ``blocked`` (the other seats' piles) have put out of reach is left out.

    >>> from rules.hanafuda import codes
    >>> [(p.yaku, p.have, p.need, codes(p.missing))
    ...  for p in yaku_progress(cards("8B 1R 2R"), cards("3R"))]
    [('moon_viewing', 1, 2, '9A')]
    >>> [(p.yaku, codes(p.missing)) for p in yaku_progress(cards("1B 3B"), cards("8B"))]
    [('three_bright', '12B'), ('flower_viewing', '9A')]
    """
    m, free = reach(captured, blocked)
    found = [progress(name, group, group.bit_count(), m, free)
             for name, _points, group in SET_YAKU if m & group != group]
    if not m & _RAIN and (m & _BRIGHTS).bit_count() == 2:
        found.append(progress("three_bright", _BRIGHTS & ~_RAIN, 3, m, free))
    if (m & _CHAFF).bit_count() < CHAFF_YAKU_COUNT:
        found.append(progress("chaff", _CHAFF, CHAFF_YAKU_COUNT, m, free, least=8,
                              listed=False))
    out = [p for p in found if p is not None]
    out.sort(key=lambda p: (p.need - p.have, -p.have))
    return out


def _pile_masks(captures: object) -> list[int]:
    return capture_masks(captures, 2, 4)


def round_scores(captures: Sequence[Iterable[Card]]) -> list[int]:
    """What each seat adds to its score for a round, given every seat's capture pile (2 to 4
    seats; cards left on the field belong to nobody): each yaku a seat captured adds its
    points to every *opponent*; each captured card outside a scored yaku adds its points to
    its captor.

    >>> round_scores([cards("1B 3B 11B"), cards("1C1 12C1"), cards("")])  # no yaku: 60 kept
    [60, 1, 0]
    >>> round_scores([cards("8B 9A"), cards("2A")])
    [0, 110]
    """
    return _score_masks(_pile_masks(captures))[0]


def settlement(scores: Sequence[int]) -> list[int]:
    """The cents each seat receives (positive) or pays (negative) at the end of a game: each
    loser pays each winner (the lowest score, shared on a tie) the difference of their scores.

    >>> settlement([203, 203, 407, 720])
    [721, 721, -408, -1034]
    """
    values = [check_int(s, f"scores[{i}]", -MAX_SCORE, MAX_SCORE)
              for i, s in enumerate(check_list(scores, "scores"))]
    if not 2 <= len(values) <= 4:
        raise LayoutError(f"scores: expected one score per seat, 2 to 4, got {len(values)}")
    low = min(values)
    winners = [i for i, s in enumerate(values) if s == low]
    out = [0] * len(values)
    for loser, score in enumerate(values):
        if score != low:
            for w in winners:
                out[loser] -= score - low
                out[w] += score - low
    return out


# ----------------------------------------------------------------------------------------------
# The game


@lru_cache(maxsize=8)
def fishing_options(rules: Hearts600Rules) -> FishingOptions:
    """The fishing engine's table rules: the deal by seat count, any card may be played (one
    that matches must capture), field triples, a whole month to a hand or the field voids."""
    return FishingOptions(DEALS[rules.players], field_triple=True, matching="if_matching",
                          void_checks=("field_month", "hand_month"))


@dataclass(frozen=True)
class Hearts600Observation(FishingObservation):
    """What one seat knows (``Hearts600Game.observation(seat)``): the fishing game's
    observation (hand, table, piles, counts, legal actions, history) and the yaku each capture
    pile makes now (``yaku[s]``: id to points, charged to seat s's opponents)."""

    yaku: tuple[dict[str, int], ...]


class Hearts600Game(FishingGame):
    """A game of 600 Hearts for 2-4 seats: state, legal actions, apply, observation, replay.

    Actions: ``play X`` (a card that matches nothing stays on the field; one that matches
    captures), ``play X Y`` (X captures Y when it could take either of two cards), ``take Y``
    (the drawn card captures Y when it has the choice). Each round ends with a ``round_over``
    event whose result (a ``DealResult``, kind ``"round"``) holds in ``details`` each seat's
    yaku and the card points it kept; ``winner`` of a round is always None. The game ends with
    ``match_over``: ``winners`` lists the seats with the lowest score, ``winner`` is the one
    winner or None on a tie.

    >>> g = Hearts600Game.new(3, players=2)
    >>> while not g.is_over:
    ...     _ = g.apply(g.legal_actions()[0])
    >>> max(g.scores) >= 600, g.result["winners"] == g.winners
    (True, True)
    """

    GAME_ID = "hearts600"
    RULES = Hearts600Rules
    OBSERVATION = Hearts600Observation

    def __init__(self, seed: int, rules: Hearts600Rules = Hearts600Rules()) -> None:
        super().__init__(seed, rules)
        self.rules: Hearts600Rules = rules

    @classmethod
    def new(cls, seed: int, rules: Any = None, *,
            players: int | None = None) -> "Hearts600Game":
        """A game from deal number ``seed``; ``players`` (2-4) overrides ``rules.players``."""
        rules = cls.RULES() if rules is None else cls._check_rules(rules)
        if players is not None:
            rules = dataclasses.replace(rules, players=players)
        return super().new(seed, rules)

    @classmethod
    def from_layout(cls, hands: Any, field: Any, stock: Any, *, dealer: int = 0,
                    current: int | None = None, piles: Any = None, rules: Any = None,
                    scores: Any = None, round: int = 1, seed: int = 0) -> "Hearts600Game":
        """A round set up card by card (``FishingGame.from_layout``); without ``rules`` the
        number of seats is the number of hands.

        >>> g = Hearts600Game.from_layout(["3B 1C1", "9C1 5C1"], "3C1 8C1", "12C1 4C1 6C1 7C1")
        >>> [str(a) for a in g.legal_actions()]  # any card; the matching one captures
        ['play 3B', 'play 1C1']
        """
        if rules is None and isinstance(hands, (list, tuple)) and 2 <= len(hands) <= 4:
            rules = Hearts600Rules(players=len(hands))
        return super().from_layout(hands, field, stock, dealer=dealer, current=current,
                                   piles=piles, rules=rules, scores=scores, round=round,
                                   seed=seed)

    # The fishing engine's hooks ----------------------------------------------------------------
    @classmethod
    def _options_for(cls, rules: Hearts600Rules) -> FishingOptions:
        return fishing_options(rules)

    def _end_deal(self) -> None:
        adds, made, kept = _score_masks(self.pile_masks)
        self._finish_round(DealResult(self.round, "round", None, adds, self.dealer,
                                      {"yaku": made, "card_points": kept}))

    def _next_dealer(self, result: Any) -> int:
        """The highest score deals; a tie: the tied seat first in turn order counting from
        the previous dealer (the scores already hold the round)."""
        best = max(self.scores)
        n = self.players
        return next(s for s in ((self.dealer + k) % n for k in range(n))
                    if self.scores[s] == best)

    def _match_over(self) -> bool:
        return max(self.scores) >= 600

    def _match_winner(self) -> int | None:
        winners = self.winners
        return winners[0] if len(winners) == 1 else None

    # Queries -----------------------------------------------------------------------------------
    @property
    def winners(self) -> list[int]:
        """The seats with the lowest score once the game is over (several on a tie), else []."""
        if not self.is_over:
            return []
        low = min(self.scores)
        return [s for s, v in enumerate(self.scores) if v == low]

    @property
    def result(self) -> dict[str, Any] | None:
        """Final scores, ``winner`` (None on a tie), ``winners``, the ``settlement`` in cents
        and the rounds, once the game is over."""
        out = super().result
        if out is not None:
            out["winners"] = self.winners
            out["settlement"] = settlement(self.scores)
        return out

    def yaku_of(self, seat: int) -> dict[str, int]:
        """The yaku ``seat``'s capture pile makes now: id to points."""
        return yaku_of_mask(self.pile_masks[check_seat(seat, self.players)])

    def observation(self, seat: int) -> Hearts600Observation:
        """What ``seat`` knows: its own hand, the table and every pile's yaku; never another
        hand or the stock.

        >>> obs = Hearts600Game.new(7, players=4).observation(1)
        >>> len(obs.hand), obs.hand_counts, obs.stock_count
        (5, (5, 5, 5, 5), 20)
        """
        fields = self._observed(check_seat(seat, self.players))
        return Hearts600Observation(**fields,
                                    yaku=tuple(yaku_of_mask(m) for m in self.pile_masks))


__all__ = ["Hearts600Rules", "Hearts600Game", "Hearts600Observation", "InvalidRulesError",
           "DEALS", "SET_YAKU", "YAKU_POINTS", "CHAFF_YAKU_COUNT", "card_points", "yaku",
           "yaku_of_mask", "yaku_cards_of_mask", "round_scores", "settlement",
           "fishing_options", "kept_cards", "kept_points", "yaku_progress", "YakuProgress"]
