"""Hana-awase for three players, twelve deals (docs/rules.md, "Hana-awase").

Each deal scores the card values a player captured less 88, plus the dekiyaku (capture-pile
yaku) it collects from each other player, less those it pays, plus the bonuses of the special
rules; teyaku (dealt hands of 6 or 7 chaff) are settled before play. After twelve deals the
highest total wins. The engine is the fishing engine (``rules.fishing``) with Hana-awase's deal
(7 cards each, 6 to the field, 21 in stock), compulsory capture, captures from other players'
piles (option ``steal_from_piles``), drawing on with an empty hand and the leftovers to the
last captor. The scoring is public and pure: ``card_value``, ``teyaku``, ``dekiyaku``,
``settle_deal`` (and ``deal_details``, everything a result table shows).

Decisions where docs/rules.md is silent:

- The first dealer is drawn from the seed (as in every fishing game); later deals are dealt by
  the highest total of the previous deal (its deal score and its teyaku); on a tie, by the
  previous dealer if among them, else the first of them in turn order from it.
- Teyaku are settled when a deal stands, before the first turn: the scores change then (an
  event ``teyaku`` per holder, with the hand and the amount) and the holder's whole dealt hand
  is shown to every seat (``revealed``) while its cards are in that hand. A deal drawn by the
  under-20 rule keeps its teyaku. A layout (``from_layout``) starts mid-deal: no teyaku.
- A field dealt with all four cards of a month voids the deal (dealt again, same dealer).
- Should nobody capture anything, the leftovers go to the dealer, so all 48 cards end in piles
  (``from_layout`` too wants all 48 cards somewhere, since ``settle_deal`` needs them).
- The deal's ``DealResult`` (kind ``"deal"``, ``winner`` the one highest total or None) holds in
  ``details`` what ``deal_details`` returns plus the teyaku; ``points`` are the deal scores
  without teyaku (they sum to zero). The match's ``result["winners"]`` lists the seats with the
  highest total (ties share), ``winner`` is the one winner or None.

>>> sum(card_value(c) for c in DECK)
264
>>> teyaku(cards("1C1 2C1 3C1 4C1 5C1 6C1 1B"))
20
>>> dekiyaku(cards("1B 3B 8B 12B 9A"))
{'shiko': 60, 'nomi': 30, 'matsu_kiri_bozu': 20}
>>> g = HanaAwaseGame.new(7)
>>> [len(h) for h in g.hands], len(g.field), len(g.stock)
([7, 7, 7], 6, 21)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Sequence

from rules.engine import (InvalidNotationError, LayoutError, check_int,
                          check_seat)
from rules.fishing import (DealResult, FishingGame, FishingObservation, FishingOptions,
                           deal_plan)
from rules.fishing.progress import YakuProgress, progress, reach
from rules.fishing.tables import BIT
from rules.hanafuda import DECK, Card, Kind, card, cards, codes
from rules.fishing.records import capture_masks, pile_mask

PLAYERS = 3
DEALS_PER_MATCH = 12
PAR = 88               # a deal's card values are scored against 88 (264 = 3 x 88)
DRAW_BELOW = 20        # card values under 20 make the deal a draw
BONUS = 30             # the few-cards bonus, from each other player
BONUS_CARDS = (8, 8, 10)  # captured cards at most, by seat from the dealer
HAND_CARDS = 7

# ----------------------------------------------------------------------------------------------
# Options


class InvalidRulesError(LayoutError):
    """An option with a value docs/rules.md does not allow (or wrong type), or an unknown one."""


class IncompleteDealError(LayoutError):
    """Capture piles that do not hold all 48 cards (a finished deal puts every card in one)."""


@dataclass(frozen=True)
class HanaAwaseRules:
    """Hana-awase's options: ``steal_from_piles`` (the seed rule, on: a match may be taken from
    another player's capture pile too, never from one's own), ``willow_rule`` (off: the willow
    row voids all of its holder's dekiyaku, itself included) and ``rain_rule`` (off: holding the
    Rain Man 11B voids its holder's nomi, tsukimi and hanami).

    >>> HanaAwaseRules(rain_rule="yes")
    Traceback (most recent call last):
    ...
    rules.hanaawase.InvalidRulesError: rain_rule='yes': expected True or False
    """

    steal_from_piles: bool = True
    willow_rule: bool = False
    rain_rule: bool = False

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if type(value) is not bool:
                raise InvalidRulesError(f"{f.name}={value!r}: expected True or False")

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> "HanaAwaseRules":
        """Rules from a setup screen's option values (unknown keys are an error)."""
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise InvalidRulesError(f"Hana-awase options: expected an object of option values, "
                                    f"got {type(options).__name__}")
        unknown = set(options) - {f.name for f in dataclasses.fields(cls)}
        if unknown:
            raise InvalidRulesError(f"unknown Hana-awase options: {sorted(unknown)}")
        return cls(**options)


# ----------------------------------------------------------------------------------------------
# Card values, teyaku, dekiyaku


def _mask(text: str) -> int:
    return sum(c.bit for c in cards(text))


_VALUES = tuple({Kind.BRIGHT: 20, Kind.ANIMAL: 10, Kind.RIBBON: 5, Kind.CHAFF: 1}[c.kind]
                for c in DECK)
_ALL = (1 << 48) - 1
_BRIGHTS = sum(c.bit for c in DECK if c.kind is Kind.BRIGHT)
_ANIMALS = sum(c.bit for c in DECK if c.kind is Kind.ANIMAL)
_RIBBONS = sum(c.bit for c in DECK if c.kind is Kind.RIBBON)
_CHAFF = sum(c.bit for c in DECK if c.kind is Kind.CHAFF)  # all 24, 11C1 and 12C1-3 too
_TAN = _RIBBONS & ~card("11R").bit  # 11R not counted for shichitan and rokutan
_RAIN = card("11B").bit
_NOMI = _mask("9A 8B 3B")

#: Every dekiyaku id with its value, in docs/rules.md's order (results list them in this order).
DEKIYAKU_VALUES: dict[str, int] = {
    "goko": 200, "shiko": 60, "shichitan": 40, "rokutan": 30, "aotan": 40, "akatan": 40,
    "nomi": 30, "omote_sugawara": 30, "matsu_kiri_bozu": 20, "inoshikacho": 20, "tsukimi": 20,
    "hanami": 20, "kusa": 20, "fuji_shima": 20, "yanagi_shima": 20, "kiri_shima": 20}

#: The dekiyaku made of fixed cards: id and the cards (the others count brights or ribbons).
SET_DEKIYAKU: dict[str, int] = {name: _mask(text) for name, text in (
    ("aotan", "6R 9R 10R"), ("akatan", "1R 2R 3R"), ("nomi", "9A 8B 3B"),
    ("omote_sugawara", "1B 2A 3B"), ("matsu_kiri_bozu", "1B 12B 8B"),
    ("inoshikacho", "7A 10A 6A"), ("tsukimi", "8B 9A"), ("hanami", "3B 9A"),
    ("kusa", "4R 5R 7R"), ("fuji_shima", "4A 4R 4C1 4C2"),
    ("yanagi_shima", "11B 11A 11R 11C1"), ("kiri_shima", "12B 12C1 12C2 12C3"))}

_DRINKS = ("nomi", "tsukimi", "hanami")  # what the rain rule voids


def card_value(c: Card) -> int:
    """The card's value: brights 20, animals 10 (the geese 8A too), ribbons 5, chaff 1.

    >>> [card_value(c) for c in cards("11B 8A 11R 11C1 12C3")]
    [20, 10, 5, 1, 1]
    """
    if type(c) is not Card:
        raise InvalidNotationError(f"not a card: {c!r}")
    return _VALUES[c.index]


def card_values_of_mask(m: int) -> int:
    """The summed card values of a bit set of cards."""
    return (20 * (m & _BRIGHTS).bit_count() + 10 * (m & _ANIMALS).bit_count()
            + 5 * (m & _RIBBONS).bit_count() + (m & _CHAFF).bit_count())


def teyaku_of_mask(m: int) -> int:
    """``teyaku`` for a hand as a bit set."""
    chaff = (m & _CHAFF).bit_count()
    return 30 if chaff >= 7 else 20 if chaff == 6 else 0


def teyaku(hand: Iterable[Card]) -> int:
    """What the holder of the dealt ``hand`` (at most 7 cards) collects from *each* other
    player: 30 for 7 chaff, 20 for 6, else 0. Every C card is chaff (11C1, 12C1-3 too).

    >>> teyaku(cards("1C1 2C1 3C1 4C1 5C1 11C1 12C1")), teyaku(cards("1C1 2C1 3C1 4C1 5C1 1B"))
    (30, 0)
    """
    m = pile_mask(hand)
    if m.bit_count() > HAND_CARDS:
        raise LayoutError(f"hand: a dealt hand holds {HAND_CARDS} cards, got {m.bit_count()}")
    return teyaku_of_mask(m)


def dekiyaku_of_mask(m: int, rules: HanaAwaseRules = HanaAwaseRules()) -> dict[str, int]:
    """``dekiyaku`` for a bit set of cards (the engine keeps its piles as bit sets)."""
    made: set[str] = set()
    brights = (m & _BRIGHTS).bit_count()
    if brights == 5:
        made.add("goko")
    elif brights == 4:
        made.add("shiko")
    ribbons = (m & _TAN).bit_count()
    if ribbons >= 7:
        made.add("shichitan")
    elif ribbons == 6:
        made.add("rokutan")
    for name, group in SET_DEKIYAKU.items():
        if m & group == group:
            made.add(name)
    if "nomi" in made:  # nomi replaces tsukimi and hanami
        made -= {"tsukimi", "hanami"}
    if rules.rain_rule and m & _RAIN:
        made.difference_update(_DRINKS)
    if rules.willow_rule and "yanagi_shima" in made:
        return {}
    return {name: value for name, value in DEKIYAKU_VALUES.items() if name in made}


def dekiyaku(captured: Iterable[Card], rules: HanaAwaseRules = HanaAwaseRules()) -> dict[str, int]:
    """The dekiyaku ``captured`` makes: id (as in docs/rules.md) to what its holder collects from
    each other player. Goko replaces shiko, shichitan rokutan, nomi tsukimi and hanami; 11R
    is no ribbon for shichitan and rokutan; the options void as ``HanaAwaseRules`` says.

    >>> dekiyaku(cards("1R 2R 3R 6R 9R 10R 11R"))
    {'rokutan': 30, 'aotan': 40, 'akatan': 40}
    >>> dekiyaku(cards("8B 9A 11B"), HanaAwaseRules(rain_rule=True))
    {}
    """
    if not isinstance(rules, HanaAwaseRules):
        raise InvalidRulesError(f"rules: expected HanaAwaseRules, got {type(rules).__name__}")
    return dekiyaku_of_mask(pile_mask(captured), rules)


def yaku_progress(captured: Iterable[Card], rules: HanaAwaseRules = HanaAwaseRules(),
                  blocked: Iterable[Card] = ()) -> list[YakuProgress]:
    """The dekiyaku ``captured`` is closest to and has not made (``rules.fishing.progress``),
    the closest first (fewest cards to go, then the highest value): a set dekiyaku of which
    it holds at least half, shiko from three brights, rokutan from four ribbons (its missing
    cards: none listed, any ribbon but 11R will do), by ``rules``. A dekiyaku that the cards
    ``blocked`` (the other piles, when they cannot be taken from) have made impossible is left
    out. (The arguments in the order of Koi-Koi's ``yaku_progress``.)

    >>> from rules.hanafuda import codes
    >>> [(p.yaku, p.have, p.need, codes(p.missing)) for p in yaku_progress(cards("6R 9R 1R"))]
    [('aotan', 2, 3, '10R')]
    >>> yaku_progress(cards("6R 9R 1R"), blocked=cards("10R"))
    []
    """
    if not isinstance(rules, HanaAwaseRules):
        raise InvalidRulesError(f"rules: expected HanaAwaseRules, got {type(rules).__name__}")
    m, free = reach(captured, blocked)
    made = dekiyaku_of_mask(m, rules)
    found = [progress(name, group, group.bit_count(), m, free,
                      least=(group.bit_count() + 1) // 2)
             for name, group in SET_DEKIYAKU.items() if m & group != group and name not in made]
    if (m & _BRIGHTS).bit_count() < 4:
        found.append(progress("shiko", _BRIGHTS, 4, m, free, least=3))
    if (m & _TAN).bit_count() < 6:
        found.append(progress("rokutan", _TAN, 6, m, free, least=4, listed=False))
    out = [p for p in found if p is not None]
    out.sort(key=lambda p: (p.need - p.have, -DEKIYAKU_VALUES[p.yaku]))
    return out


# ----------------------------------------------------------------------------------------------
# Settling a deal


def _deal_masks(captures: object, dealer: object) -> list[int]:
    """The three piles as bit sets, checked: cards only, none twice, all 48 (else the error
    naming the problem)."""
    masks = capture_masks(captures, PLAYERS, PLAYERS)
    check_int(dealer, "dealer", 0, PLAYERS - 1)
    seen = sum(masks)
    if seen != _ALL:
        missing = [c for c in DECK if not seen & c.bit]
        raise IncompleteDealError(f"captures: the piles hold {48 - len(missing)} of the 48 "
                                  f"cards; missing {codes(missing)}")
    return masks


def _details(masks: Sequence[int], dealer: int, rules: HanaAwaseRules) -> dict[str, Any]:
    """``deal_details`` for checked bit sets."""
    n = PLAYERS
    counts = [m.bit_count() for m in masks]
    values = [card_values_of_mask(m) for m in masks]
    made = [dekiyaku_of_mask(m, rules) for m in masks]
    draw_by = [s for s in range(n) if values[s] < DRAW_BELOW]
    draw = bool(draw_by)
    each = [0 if draw else sum(d.values()) for d in made]  # what each seat collects from each
    bonus = [0 if draw or counts[s] > BONUS_CARDS[(s - dealer) % n] else BONUS
             for s in range(n)]
    paid = [[each[t] if t != s else 0 for t in range(n)] for s in range(n)]
    bonus_paid = [[bonus[t] if t != s else 0 for t in range(n)] for s in range(n)]
    received = [each[s] * (n - 1) for s in range(n)]
    bonus_received = [bonus[s] * (n - 1) for s in range(n)]
    points = [0 if draw else values[s] - PAR + received[s] - sum(paid[s]) + bonus_received[s]
              - sum(bonus_paid[s]) for s in range(n)]
    return {"dealer": dealer, "cards": counts, "card_values": values, "par": PAR,
            "dekiyaku": made, "dekiyaku_received": received, "dekiyaku_paid": paid,
            "bonus_received": bonus_received, "bonus_paid": bonus_paid, "draw": draw,
            "draw_by": draw_by, "points": points}


def deal_details(captures: Sequence[Iterable[Card]], dealer: int,
                 rules: HanaAwaseRules = HanaAwaseRules()) -> dict[str, Any]:
    """Everything a result table shows of a deal, each a list by seat: ``cards`` (how many
    captured), ``card_values``, ``par`` (88, taken from each), ``dekiyaku`` (id -> value, what
    each made), ``dekiyaku_received`` (its dekiyaku's values from both others),
    ``dekiyaku_paid[s][t]`` (what s paid t for t's dekiyaku), ``bonus_received`` and
    ``bonus_paid[s][t]`` (the 8/10-card rule), ``draw`` and ``draw_by`` (the seats whose card
    values are under 20: then nothing is received or paid and every deal score is 0), and
    ``points``, the deal scores (``settle_deal``). JSON-ready.

    >>> d = deal_details([DECK[:16], DECK[16:32], DECK[32:]], dealer=0)  # months 1-4, 5-8, 9-12
    >>> d["card_values"], d["dekiyaku"], d["points"]
    ([88, 83, 93], [{'akatan': 40, 'omote_sugawara': 30, 'fuji_shima': 20}, {},
     {'yanagi_shima': 20, 'kiri_shima': 20}], [140, -135, -5])
    >>> d["dekiyaku_received"], d["dekiyaku_paid"][1], d["draw"]
    ([180, 0, 80], [90, 0, 40], False)
    """
    if not isinstance(rules, HanaAwaseRules):
        raise InvalidRulesError(f"rules: expected HanaAwaseRules, got {type(rules).__name__}")
    return _details(_deal_masks(captures, dealer), dealer, rules)


def settle_deal(captures: Sequence[Iterable[Card]], dealer: int,
                rules: HanaAwaseRules = HanaAwaseRules()) -> list[int]:
    """Each seat's deal score from its final capture pile: card values - 88, dekiyaku received
    from each other seat less those paid, the few-cards bonuses; a draw (card values under 20)
    makes every score 0. Not teyaku. ``captures[i]`` is seat i's pile; turn order is
    ``dealer``, ``dealer + 1``, ``dealer + 2`` (mod 3). The piles must hold all 48 cards
    (IncompleteDealError otherwise). The scores sum to zero.

    >>> settle_deal([DECK[:20], DECK[20:36], DECK[36:]], dealer=1)  # months 1-5, 6-9, 10-12
    [137, -95, -42]
    """
    points: list[int] = deal_details(captures, dealer, rules)["points"]
    return points


# ----------------------------------------------------------------------------------------------
# The game


@lru_cache(maxsize=4)
def fishing_options(rules: HanaAwaseRules) -> FishingOptions:
    """The fishing engine's table rules: 7 cards each and 6 to the field, a card that matches
    must capture (field or, stealing, another pile), field triples, drawing on with an empty
    hand, leftovers to the last captor, a field with a whole month voids the deal."""
    return FishingOptions(deal_plan(PLAYERS, HAND_CARDS, 6), field_triple=True,
                          matching="required", steal=rules.steal_from_piles,
                          draw_on_empty=True, leftovers=True, void_checks=("field_month",))


@dataclass(frozen=True)
class HanaAwaseObservation(FishingObservation):
    """What one seat knows (``HanaAwaseGame.observation(seat)``): the fishing game's
    observation (hand, table, piles, counts, revealed teyaku hands, legal actions, history),
    the dekiyaku each capture pile makes now (``dekiyaku[s]``: id to value) and this deal's
    teyaku (``teyaku[s]``: what seat s collects from each other player, 0 for none)."""

    dekiyaku: tuple[dict[str, int], ...]
    teyaku: tuple[int, ...]


class HanaAwaseGame(FishingGame):
    """A match of Hana-awase, three seats and twelve deals: state, legal actions, apply,
    observation, replay.

    Actions: ``play X`` (a card that matches must be played while the hand holds one; it
    captures from the field or, with ``steal_from_piles``, another seat's pile), ``play X Y``
    (X captures Y when it has a choice), ``take Y`` (the drawn card's choice). Events beyond the
    fishing engine's: ``teyaku`` (seat, its hand's cards, ``data``: ``amount`` from each other
    seat, ``points`` by seat) when a deal stands. Each deal ends with ``round_over``: its
    ``DealResult`` (kind ``"deal"``) holds ``deal_details`` plus ``teyaku`` (amount from each
    other seat), ``teyaku_points`` (by seat) and ``totals`` (deal score with teyaku).

    >>> g = HanaAwaseGame.new(3)
    >>> while not g.is_over:
    ...     _ = g.apply(g.legal_actions()[0])
    >>> len(g.history), sum(g.scores), g.result["winners"] == g.winners
    (12, 0, True)
    """

    GAME_ID = "hanaawase"
    RULES = HanaAwaseRules
    OBSERVATION = HanaAwaseObservation

    def __init__(self, seed: int, rules: HanaAwaseRules = HanaAwaseRules()) -> None:
        super().__init__(seed, rules)
        self.rules: HanaAwaseRules = rules
        self.deal_teyaku: tuple[int, ...] = (0,) * PLAYERS  # a tuple: clone shares it

    @classmethod
    def from_layout(cls, hands: Any, field: Any, stock: Any, *, dealer: int = 0,
                    current: int | None = None, piles: Any = None, rules: Any = None,
                    scores: Any = None, round: int = 1, seed: int = 0) -> "HanaAwaseGame":
        """A deal set up card by card (``FishingGame.from_layout``), mid-deal: no teyaku. The
        layout must place all 48 cards (hands, field, stock, piles), since a deal is settled
        on all of them; IncompleteDealError names the missing ones.

        >>> rest = " ".join(c.code for c in DECK[12:])  # months 4-12
        >>> g = HanaAwaseGame.from_layout(["2C1 3B", "3R", "3C1"], "2A", "1B 1R 1C1 1C2 3C2",
        ...                               piles=["", "", "2R 2C2 " + rest])
        >>> [str(a) for a in g.legal_actions()]  # 2C1 takes 2A from the field, or 2R or 2C2
        ['play 2C1 2A', 'play 2C1 2R', 'play 2C1 2C2']
        """
        game = super().from_layout(hands, field, stock, dealer=dealer, current=current,
                                   piles=piles, rules=rules, scores=scores, round=round,
                                   seed=seed)
        seen = game.field_mask | sum(game.pile_masks) | sum(map(BIT, game.stock)) | \
            sum(BIT(c) for h in game.hands for c in h)
        if seen != _ALL:
            missing = [c for c in DECK if not seen & c.bit]
            raise IncompleteDealError(f"layout: holds {48 - len(missing)} of the 48 cards; "
                                      f"missing {codes(missing)}")
        return game

    # The fishing engine's hooks ----------------------------------------------------------------
    @classmethod
    def _options_for(cls, rules: HanaAwaseRules) -> FishingOptions:
        return fishing_options(rules)

    def _begin_deal(self) -> None:
        """Teyaku: each holder collects from each other seat, and shows its hand to all."""
        n = PLAYERS
        amounts = tuple(teyaku_of_mask(sum(map(BIT, h))) for h in self.hands)
        self.deal_teyaku = amounts
        for s, amount in enumerate(amounts):
            if amount:
                hand = self.hands[s]
                self.revealed |= sum(map(BIT, hand))
                points = [amount * (n - 1) if t == s else -amount for t in range(n)]
                for t in range(n):
                    self.scores[t] += points[t]
                self._emit("teyaku", s, tuple(hand), {"amount": amount, "points": points})
        super()._begin_deal()

    def _finish_deal(self) -> None:
        if self.last_captor is None:  # nobody captured: the field goes to the dealer
            self.last_captor = self.dealer
        super()._finish_deal()

    def _end_deal(self) -> None:
        details = _details(self.pile_masks, self.dealer, self.rules)
        points = details["points"]
        n = PLAYERS
        teyaku_points = [n * a - sum(self.deal_teyaku) for a in self.deal_teyaku]
        totals = [p + t for p, t in zip(points, teyaku_points)]
        details.update(teyaku=list(self.deal_teyaku), teyaku_points=teyaku_points,
                       totals=totals)
        best = max(totals)
        winner = totals.index(best) if totals.count(best) == 1 else None
        self._finish_round(DealResult(self.round, "deal", winner, points, self.dealer, details))

    def _next_dealer(self, result: Any) -> int:
        """The highest total of the deal; a tie: the previous dealer if among them, else the
        first of them in turn order from it."""
        totals = result.details["totals"]
        best = max(totals)
        return next(s for s in ((self.dealer + k) % PLAYERS for k in range(PLAYERS))
                    if totals[s] == best)

    def _match_over(self) -> bool:
        return self.round >= DEALS_PER_MATCH

    def _match_winner(self) -> int | None:
        winners = self._best()
        return winners[0] if len(winners) == 1 else None

    def _sampled_from(self, obs: Any, rng: Any) -> None:
        self.deal_teyaku = tuple(obs.teyaku)

    # Queries -----------------------------------------------------------------------------------
    def _best(self) -> list[int]:
        best = max(self.scores)
        return [s for s, v in enumerate(self.scores) if v == best]

    @property
    def winners(self) -> list[int]:
        """The seats with the highest total once the match is over (several on a tie), else []."""
        return self._best() if self.is_over else []

    @property
    def result(self) -> dict[str, Any] | None:
        """Final scores, ``winner`` (None on a tie), ``winners`` and the deals, once over."""
        out = super().result
        if out is not None:
            out["winners"] = self.winners
        return out

    def dekiyaku_of(self, seat: int) -> dict[str, int]:
        """The dekiyaku ``seat``'s capture pile makes now: id to value."""
        return dekiyaku_of_mask(self.pile_masks[check_seat(seat, self.players)], self.rules)

    def observation(self, seat: int) -> HanaAwaseObservation:
        """What ``seat`` knows: its own hand, the table, every pile's dekiyaku, this deal's
        teyaku and the teyaku hands; never another hand's other cards or the stock.

        >>> obs = HanaAwaseGame.new(7).observation(1)
        >>> len(obs.hand), obs.hand_counts, obs.stock_count
        (7, (7, 7, 7), 21)
        """
        fields = self._observed(check_seat(seat, self.players))
        return HanaAwaseObservation(
            **fields, dekiyaku=tuple(dekiyaku_of_mask(m, self.rules) for m in self.pile_masks),
            teyaku=self.deal_teyaku)


__all__ = ["HanaAwaseRules", "HanaAwaseGame", "HanaAwaseObservation", "InvalidRulesError",
           "IncompleteDealError", "DEKIYAKU_VALUES", "SET_DEKIYAKU", "PAR", "DEALS_PER_MATCH",
           "card_value", "teyaku", "teyaku_of_mask", "dekiyaku", "dekiyaku_of_mask",
           "deal_details", "settle_deal", "fishing_options", "yaku_progress", "YakuProgress"]
