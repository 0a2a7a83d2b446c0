"""Koi-Koi computer opponents: Easy (greedy and loose) and Normal (weighs yaku, threats, odds).

Both read only ``observation(seat)``: their own hand, the field, both capture piles, counts and
the round history. The cards they cannot see (the opponent's hand and the stock) are "unknown":
all 48 minus their hand, the field, both piles and a drawn card awaiting a choice.

>>> from rules.koikoi import KoiKoiGame
>>> game = KoiKoiGame.new(seed=7)
>>> seat = game.current_player
>>> action = NormalAgent(seed=1).choose(game.observation(seat))
>>> action in game.legal_actions()
True

How Normal values things (all in "points", roughly what a card is worth in yaku):

- *potential*: for each yaku, its points times the chance of completing it, treating every card
  still available (in no opponent pile) as reachable with probability ``r`` (falling as the round
  runs out); a yaku one of whose cards the opponent holds is dead. A card's worth to a player is
  how much their potential rises when they capture it, plus how much the other's falls.
- a play is scored by what it captures, the average of what the draw then captures (over every
  unknown card), minus what the opponent is likely to capture next turn from the field left
  behind (the chance they hold or draw that month times the card's worth to them), plus a little
  for captures it keeps open for the next turn.
- koi-koi: the expected points of going on against stopping now. Going on pays if I raise my
  total before the opponent makes (or raises) a yaku; the chances per turn come from the cards
  that would raise each side's total and where they lie, scaled by weights fitted to self-play
  outcomes, and a later koi-koi is looked ahead one call. Always stop when stopping wins the
  match; always go on when stopping cannot save a last round.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any, Iterable, Sequence

from ai.base import register
from ai.fishing import ALL, MONTH, mask_of, unknown_mask
from ai.hard import SearchAgent, SearchSpec
from ai.match_odds import race_odds, rounds_odds
from rules.fishing import has_full_month, is_four_pairs
from rules.hanafuda import DECK, Card, Kind, cards_of
from rules.koikoi import (Action, KoiKoiObservation, KoiKoiRules, round_multipliers,
                          yaku_of_mask)

def _codes_mask(codes: Iterable[str]) -> int:
    by_code = {c.code: c for c in DECK}
    return mask_of(by_code[code] for code in codes)


_KIND = {k: mask_of(c for c in DECK if c.kind is k) for k in Kind}
_DRY = _codes_mask(("1B", "3B", "8B", "12B"))
_RAIN = _codes_mask(("11B",))
_SAKE = _codes_mask(("9A",))
_KIND_VALUE = {Kind.BRIGHT: 20, Kind.ANIMAL: 10, Kind.RIBBON: 5, Kind.CHAFF: 1}


def yaku_total(mask: int, rules: KoiKoiRules) -> int:
    """Yaku points of a bit set of captured cards under ``rules`` (before multipliers)."""
    return sum(yaku_of_mask(mask, rules).values())


def multiplier(rules: KoiKoiRules, field_brights: int, own_calls: int, other_calls: int,
               base: float) -> int:
    """The round multiplier a winner would score with: the engine's own rule's product.

    >>> multiplier(KoiKoiRules(), field_brights=1, own_calls=1, other_calls=0, base=3)
    4
    >>> multiplier(KoiKoiRules.nintendo(), 0, 0, other_calls=1, base=7)
    4
    """
    return round_multipliers(rules, field_brights, own_calls, other_calls, base)[1]


# ----------------------------------------------------------------------------------------------
# Yaku potential: expected yaku points of a pile, each available card reachable with chance r


@lru_cache(maxsize=4096)
def _binom_pmf(n: int, r: float) -> tuple[float, ...]:
    return tuple(math.comb(n, k) * r ** k * (1 - r) ** (n - k) for k in range(n + 1))


@lru_cache(maxsize=16384)
def _expected_excess(have: int, avail: int, r: float, threshold: int) -> float:
    """E[max(0, have + X - threshold + 1)], X ~ Binomial(avail, r): a count yaku's points."""
    pmf = _binom_pmf(avail, r)
    return sum(p * (have + k - threshold + 1) for k, p in enumerate(pmf)
               if have + k >= threshold)


class _SetYaku:
    """A yaku of named cards (akatan, hanami, ...): dead once the other player holds one."""

    __slots__ = ("mask", "size", "points")

    def __init__(self, mask: int, points: float) -> None:
        self.mask, self.size, self.points = mask, mask.bit_count(), points

    def value(self, have: int, blocked: int, r: float) -> float:
        got = have & self.mask
        if got == self.mask:
            return self.points
        if blocked & self.mask:
            return 0.0
        return self.points * r ** (self.size - got.bit_count())


class _CountYaku:
    """Tane, tanzaku, kasu: ``threshold`` cards of a kind, one more point per extra card."""

    __slots__ = ("mask", "threshold")

    def __init__(self, mask: int, threshold: int) -> None:
        self.mask, self.threshold = mask, threshold

    def value(self, have: int, blocked: int, r: float) -> float:
        n = (have & self.mask).bit_count()
        avail = (self.mask & ~have & ~blocked).bit_count()
        return _expected_excess(n, avail, r, self.threshold)


class _Brights:
    """The bright yaku: points by (dry brights, rain man), from the rules' own scoring."""

    __slots__ = ("table",)
    mask = _DRY | _RAIN

    def __init__(self, rules: KoiKoiRules) -> None:
        dry = cards_of(_DRY)
        self.table = [[float(yaku_total(mask_of(dry[:d]) | (_RAIN if rain else 0), rules))
                       for rain in (0, 1)] for d in range(5)]

    def value(self, have: int, blocked: int, r: float) -> float:
        d = (have & _DRY).bit_count()
        if d + (_DRY & ~have & ~blocked).bit_count() < 3:
            return 0.0
        avail = (_DRY & ~have & ~blocked).bit_count()
        if have & _RAIN:
            p_rain = 1.0
        elif blocked & _RAIN:
            p_rain = 0.0
        else:
            p_rain = r
        total = 0.0
        for k, p in enumerate(_binom_pmf(avail, r)):
            row = self.table[d + k]
            total += p * (row[0] + p_rain * (row[1] - row[0]))
        return total


@lru_cache(maxsize=64)
def _components(rules: KoiKoiRules) -> tuple[tuple[Any, ...], tuple[tuple[Any, ...], ...]]:
    """The potential's parts under ``rules``, and for each card index the parts it belongs to."""
    comps: list[Any] = [_Brights(rules)]
    comps += [_SetYaku(_codes_mask(codes), 5.0) for codes in
              (("1R", "2R", "3R"), ("6R", "9R", "10R"), ("6A", "7A", "10A"))]
    if rules.scoring == "complex":  # akatan_aotan scores on top of both
        comps.append(_SetYaku(_codes_mask(("1R", "2R", "3R", "6R", "9R", "10R")), 10.0))
    if rules.viewing != "never":
        # "with_other" viewing needs a second yaku: count it as worth less.
        view = 5.0 if rules.viewing == "always" else 3.0
        comps += [_SetYaku(_codes_mask(("3B", "9A")), view),
                  _SetYaku(_codes_mask(("8B", "9A")), view)]
    comps.append(_CountYaku(_KIND[Kind.ANIMAL], 5))
    comps.append(_CountYaku(_KIND[Kind.RIBBON], 5))
    comps.append(_CountYaku(_KIND[Kind.CHAFF] | (_SAKE if rules.sake_as_chaff else 0), 10))
    if rules.tsukifuda:
        comps += [_SetYaku(MONTH[m], 5.0) for m in range(1, 13)]
    by_card = tuple(tuple(comp for comp in comps if comp.mask & c.bit) for c in DECK)
    return tuple(comps), by_card


def reach(hand_count: int, base: float = 0.1, step: float = 0.06) -> float:
    """Chance a still-available card ends in a player's pile, by cards left in their hand.

    Rounded so the potential's binomial tables stay cached across decisions.

    >>> reach(8), reach(1)
    (0.58, 0.16)
    """
    return round(base + step * hand_count, 2)


# ----------------------------------------------------------------------------------------------
# The view of the table an agent builds from an observation


@lru_cache(maxsize=4096)
def _card_values(rules: KoiKoiRules, mine: int, theirs: int, hand: int, opp_hand: int,
                 fb: int, my_calls: int, opp_calls: int, weights: tuple[float, ...]
                 ) -> tuple[tuple[float, ...], tuple[float, ...], tuple[int, ...],
                            tuple[int, ...]]:
    """``_View._values``' tables for these public facts (``weights``: the agent's reach and
    bonus weights)."""
    reach_base, reach_step, first_bonus, mult_weight, raise_bonus, raise_weight = weights
    _, by_card = _components(rules)
    r_me = reach(hand, reach_base, reach_step)
    r_opp = reach(opp_hand, reach_base, reach_step)
    my_total, opp_total = yaku_total(mine, rules), yaku_total(theirs, rules)
    mult_me = multiplier(rules, fb, my_calls, opp_calls, 0)
    mult_opp = multiplier(rules, fb, opp_calls, my_calls, 0)

    def bonus(gain: int, mult: int, total: int) -> float:
        """Extra worth of a card that raises a yaku total at once: it can end the round."""
        if gain <= 0:
            return 0.0
        if total == 0:
            # The first yaku lets its maker stop the round, wiping out the other's progress.
            return first_bonus + gain * (mult - 1) * mult_weight
        # A player with a yaku still in the round has called koi-koi: a rise lets them stop
        # with all of it, multiplied.
        return raise_bonus + raise_weight * (total + gain) * mult

    win = [0.0] * 48
    lose = [0.0] * 48
    my_gain = [0] * 48
    opp_gain = [0] * 48
    free = ALL & ~(mine | theirs)
    for c in DECK:
        bit = c.bit
        if not free & bit:
            continue
        i = c.index
        my_up = my_down = opp_up = opp_down = 0.0
        for comp in by_card[i]:
            mv = comp.value(mine, theirs, r_me)
            ov = comp.value(theirs, mine, r_opp)
            my_up += comp.value(mine | bit, theirs, r_me) - mv
            my_down += mv - comp.value(mine, theirs | bit, r_me)
            opp_up += comp.value(theirs | bit, mine, r_opp) - ov
            opp_down += ov - comp.value(theirs, mine | bit, r_opp)
        if by_card[i]:
            my_gain[i] = yaku_total(mine | bit, rules) - my_total
            opp_gain[i] = yaku_total(theirs | bit, rules) - opp_total
        base = 0.02 * _KIND_VALUE[c.kind]  # tie-break: better cards are better
        win[i] = my_up + opp_down + base + bonus(my_gain[i], mult_me, my_total)
        lose[i] = opp_up + my_down + base + bonus(opp_gain[i], mult_opp, opp_total)
    return tuple(win), tuple(lose), tuple(my_gain), tuple(opp_gain)


class _View:
    """What one seat knows, as bit sets, plus the card values both sides put on each card."""

    def __init__(self, obs: KoiKoiObservation, agent: "NormalAgent") -> None:
        self.obs = obs
        self.agent = agent
        self.rules: KoiKoiRules = obs.rules
        self.me = obs.seat
        self.opp = 1 - self.me
        self.hand: list[Card] = list(obs.hand)
        self.field: list[Card] = list(obs.field)
        self.pending: Card | None = obs.pending
        piles = obs.piles
        self.my_pile = mask_of(piles[self.me])
        self.opp_pile = mask_of(piles[self.opp])
        self.hand_mask = mask_of(self.hand)
        self.field_mask = mask_of(self.field)
        self.unknown_mask = unknown_mask(obs)
        self.unknown = cards_of(self.unknown_mask)
        self.n_unknown = len(self.unknown)
        self.opp_hand = obs.opponent_hand_count
        self.unknown_by_month = {m: (self.unknown_mask & MONTH[m]).bit_count()
                                 for m in range(1, 13)}
        calls = obs.koikoi_calls
        self.my_calls, self.opp_calls = calls[self.me], calls[self.opp]
        self.my_total = yaku_total(self.my_pile, self.rules)
        self.opp_total = yaku_total(self.opp_pile, self.rules)
        self._values()
        self._opp_hold = self._hold_table()
        # Month -> (unknown cards of it, their summed worth to me, to the opponent).
        self.unknown_months: dict[int, tuple[int, float, float]] = {}
        for c in self.unknown:
            k, w, lo = self.unknown_months.get(c.month, (0, 0.0, 0.0))
            self.unknown_months[c.month] = (k + 1, w + self.win[c.index],
                                            lo + self.lose[c.index])

    # Card values ---------------------------------------------------------------------------------
    def _values(self) -> None:
        """``win[i]``: worth to me of capturing card i (my gain + the opponent's loss);
        ``lose[i]``: worth to the opponent of capturing it (their gain + my loss);
        ``my_gain[i]``, ``opp_gain[i]``: the yaku points the card alone adds to a pile now.
        They follow from public facts only (piles, hand sizes, calls), so they are kept for
        the positions a search meets again and again (``_card_values``)."""
        a = self.agent
        weights = (a.reach_base, a.reach_step, a.first_yaku_bonus, a.multiplier_weight,
                   a.raise_bonus, a.raise_weight)
        self.win, self.lose, self.my_gain, self.opp_gain = _card_values(
            self.rules, self.my_pile, self.opp_pile, len(self.hand), self.opp_hand,
            self.obs.field_brights, self.my_calls, self.opp_calls, weights)

    def set_value(self, cards_: Iterable[Card], mine: bool = True) -> float:
        table = self.win if mine else self.lose
        return sum(table[c.index] for c in cards_)

    # The opponent's reach ----------------------------------------------------------------------
    def _hold_table(self) -> list[float]:
        """Chance the opponent can take a field month next turn, by unknown cards of it."""
        n, h = self.n_unknown, self.opp_hand
        out = []
        for k in range(5):
            if n <= 0 or h <= 0:
                out.append(0.0)
                continue
            in_hand = 1.0 - (math.comb(n - k, h) / math.comb(n, h) if n - k >= h else 0.0)
            drawn = k / n
            out.append(1.0 - (1.0 - in_hand) * (1.0 - drawn))
        return out

    def opp_takes(self, month: int, unknown_adjust: int = 0) -> float:
        k = max(0, min(4, self.unknown_by_month[month] + unknown_adjust))
        return self._opp_hold[k]

    def month_worth(self, cards_: Sequence[Card], mine: bool) -> float:
        """Worth of capturing a field month's cards: a pair gives one card, a triple all three."""
        table = self.win if mine else self.lose
        if not cards_:
            return 0.0
        if len(cards_) == 3 and self.rules.field_triple:
            return sum(table[c.index] for c in cards_)
        return max(table[c.index] for c in cards_)


# ----------------------------------------------------------------------------------------------
# Agents


class _Agent:
    """What both levels share: their random generator and the legal actions they choose from."""

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random(seed)

    @staticmethod
    def legal(observation: KoiKoiObservation) -> list[Action]:
        legal: list[Action] = list(observation.legal_actions)
        if not legal:
            raise ValueError("no legal action: it is not this seat's turn")
        return legal


class EasyAgent(_Agent):
    """Plausible and loose: grabs the most valuable capture (with noise), koi-koi on a coin flip.

    >>> from rules.koikoi import KoiKoiGame
    >>> g = KoiKoiGame.new(seed=3)
    >>> EasyAgent(seed=0).choose(g.observation(g.current_player)) in g.legal_actions()
    True
    """

    level = "easy"

    def choose(self, observation: KoiKoiObservation) -> Action:
        legal = self.legal(observation)
        phase = observation.phase
        rng = self.rng
        if phase == "swap":
            return legal[0] if rng.random() < 0.5 else legal[-1]
        if phase == "decide":
            nearly_over = len(observation.hand) <= 2
            go = not nearly_over and rng.random() < 0.5
            return next(a for a in legal if a.kind == ("koikoi" if go else "stop"))
        field = observation.field
        rules: KoiKoiRules = observation.rules

        def score(a: Action) -> float:
            if a.kind == "take":
                got = _taken(observation.pending, a.target, field, rules)
            else:
                got = [] if a.lay else _taken(a.card, a.target, field, rules)
                if got and a.card is not None:
                    got.append(a.card)
            if got:
                return 30 + sum(_KIND_VALUE[c.kind] for c in got) + rng.random() * 12
            # Nothing captured: lose the cheapest card, loosely.
            return -(_KIND_VALUE[a.card.kind] if a.card else 0) + rng.random() * 8
        return max(legal, key=score)


def _taken(c: Card | None, target: Card | None, field: Sequence[Card],
           rules: KoiKoiRules) -> list[Card]:
    """The field cards ``c`` captures when aimed at ``target`` (None: its only option)."""
    if c is None:
        return []
    same = [f for f in field if f.month == c.month]
    if not same:
        return []
    if len(same) == 3 and rules.field_triple:
        return same
    if target is None:
        return same[:1] if len(same) == 1 else []
    return [target] if target in same else []


class NormalAgent(_Agent):
    """Weighs captures, yaku progress, the opponent's threats and the draw; koi-koi by EV.

    >>> from rules.koikoi import KoiKoiGame
    >>> g = KoiKoiGame.new(seed=5, rules=KoiKoiRules.nintendo())
    >>> a = NormalAgent(seed=0)
    >>> a.choose(g.observation(g.current_player)) in g.legal_actions()
    True
    """

    level = "normal"
    swap_samples = 24
    #: How much a capture kept open for the next turn counts (the opponent may take it first).
    keep_open = 0.6
    #: Weight of the next-turn threat (what the opponent may take from the field left behind).
    threat_share = 1.1
    #: reach(): chance an available card is eventually captured, base + step * hand cards.
    reach_base = 0.1
    reach_step = 0.06
    #: Extra worth of a card that completes a first yaku / raises a total / per multiplied point.
    first_yaku_bonus = 1.5
    raise_bonus = 1.0
    raise_weight = 0.5
    multiplier_weight = 0.5
    #: Chance per turn of raising a yaku total after a koi-koi: base + weight * the chance from
    #: cards that raise it at once (+ growth per turn for the opponent, whose slower yaku
    #: ripen). Fitted to self-play outcomes: later turns open chances no single card shows.
    my_base_chance = 0.3
    my_chance_weight = 0.8
    opp_base_chance = 0.1
    opp_chance_weight = 0.6
    threat_growth = 0.04
    #: How many later koi-koi calls the koi-koi estimate looks ahead.
    lookahead = 1
    #: Koi-koi only when it beats stopping by this many points.
    koikoi_margin = 0.0

    def choose(self, observation: KoiKoiObservation) -> Action:
        return self.ranked(observation)[0]

    def ranked(self, observation: KoiKoiObservation) -> list[Action]:
        """Every legal action, the one Normal plays first, then the others by its scores (the
        Hard level's shortlist)."""
        legal = self.legal(observation)
        if len(legal) == 1:
            return legal
        phase = observation.phase
        if phase == "swap":
            first = self._swap(observation, legal)
            return [first] + [a for a in legal if a != first]
        view = _View(observation, self)
        if phase == "decide":
            first = self._decide(view, legal)
            return [first] + [a for a in legal if a != first]
        if phase == "take":
            return sorted(legal, key=lambda a: -self._take_score(view, a))
        return sorted(legal, key=lambda a: -self._play_score(view, a))

    # Play ----------------------------------------------------------------------------------------
    def _field_score(self, view: _View, months: dict[int, list[Card]], hand_months: set[int],
                     opp_moves: bool) -> dict[int, float]:
        """Per field month: my chance to take it next turn minus the opponent's threat."""
        return {m: self._month_score(view, m, cs, hand_months, opp_moves)
                for m, cs in months.items()}

    def _month_score(self, view: _View, m: int, cs: Sequence[Card], hand_months: set[int],
                     opp_moves: bool, adjust: int = 0) -> float:
        """Field cards ``cs`` of month ``m`` left after my turn: minus the opponent's expected
        take, plus (if I hold the month) my next-turn take should they leave them."""
        if not cs:
            return 0.0
        p = view.opp_takes(m, adjust) if opp_moves else 0.0
        score = -p * view.month_worth(cs, mine=False) * self.threat_share
        if m in hand_months:
            score += (1.0 - p) * view.month_worth(cs, mine=True) * self.keep_open
        return score

    def _play_score(self, view: _View, a: Action) -> float:
        c = a.card
        assert c is not None
        rules = view.rules
        months: dict[int, list[Card]] = {}
        for f in view.field:
            months.setdefault(f.month, []).append(f)
        taken = [] if a.lay else _taken(c, a.target, view.field, rules)
        score = 0.0
        if taken:
            got = taken + [c]
            score += view.set_value(got)
            months[c.month] = [f for f in months[c.month] if f not in taken]
        else:
            months.setdefault(c.month, []).append(c)
        hand_after = [h for h in view.hand if h is not c]
        hand_months = {h.month for h in hand_after}
        last_turn = not hand_after and view.opp_hand == 0
        opp_moves = view.opp_hand > 0
        if last_turn:
            return score
        base = self._field_score(view, months, hand_months, opp_moves)
        score += sum(base.values())
        # The draw: every unknown card equally likely. Cards of one month meet the same field,
        # so each month is worked out once, with the drawn cards' own worth summed.
        if view.n_unknown:
            total = 0.0
            for m, (k, win_sum, lose_sum) in view.unknown_months.items():
                cs = months.get(m)
                if not cs:  # the drawn card stays on the field (one fewer unknown of it)
                    p = view.opp_takes(m, -1) if opp_moves else 0.0
                    total -= p * lose_sum * self.threat_share
                    if m in hand_months:
                        total += (1.0 - p) * win_sum * self.keep_open
                    continue
                before = base.get(m, 0.0)
                if len(cs) == 1 or (len(cs) == 3 and rules.field_triple):
                    total += win_sum + k * (view.set_value(cs) - before)
                else:  # a choice: take the best, leave the rest
                    total += win_sum + k * (max(
                        view.win[x.index] + self._month_score(
                            view, m, [y for y in cs if y is not x], hand_months, opp_moves, -1)
                        for x in cs) - before)
            score += total / view.n_unknown
        return score

    def _take_score(self, view: _View, a: Action) -> float:
        pending = view.pending
        assert pending is not None and a.target is not None
        taken = _taken(pending, a.target, view.field, view.rules)
        rest = [f for f in view.field if f.month == pending.month and f not in taken]
        hand_months = {h.month for h in view.hand}
        opp_moves = view.opp_hand > 0
        return view.set_value(taken) + self._month_score(view, pending.month, rest, hand_months,
                                                         opp_moves)

    # Koi-koi -------------------------------------------------------------------------------------
    def _decide(self, view: _View, legal: list[Action]) -> Action:
        go = self.koikoi_value(view) > self.stop_value(view) + self.koikoi_margin
        return next(a for a in legal if a.kind == ("koikoi" if go else "stop"))

    def stop_value(self, view: _View) -> float:
        """Points won by stopping now; +inf when they win the match, -inf when the match is
        lost either way and koi-koi is the only chance."""
        rules = view.rules
        base = view.my_total
        now = base * multiplier(rules, view.obs.field_brights, view.my_calls,
                                view.opp_calls, base)
        scores = view.obs.scores
        mine, theirs = scores[view.me] + now, scores[view.opp]
        target, rounds = rules.target_score, rules.max_rounds
        if target is not None and mine >= target:
            return math.inf
        if rounds is not None and view.obs.round >= rounds:
            if mine > theirs:
                return math.inf
            if mine < theirs:
                return -math.inf
        return float(now)

    def koikoi_value(self, view: _View) -> float:
        """Expected points of calling koi-koi: I improve first (then stop, or call again when
        that is worth more), or the opponent completes a yaku first (and stops), or the round
        runs out (nothing for either)."""
        rules = view.rules
        fb = view.obs.field_brights
        p_me, gain_me = self._improve_chance(view, mine=True)
        p_opp, gain_opp = self._improve_chance(view, mine=False)
        p_me = min(0.95, self.my_base_chance + self.my_chance_weight * p_me)
        p_opp = self.opp_base_chance + self.opp_chance_weight * p_opp
        opp_base = view.opp_total + gain_opp
        penalty = 2 if rules.koikoi_penalty else 1  # the losing caller also pays the amount

        def go_on(total: float, calls: int, my_turns: int, opp_turns: int, turn: int,
                  depth: int) -> float:
            """EV of having called koi-koi ``calls`` times with ``total`` yaku points."""
            mine_base = total + gain_me
            mine_pts = mine_base * multiplier(rules, fb, calls, view.opp_calls, mine_base)
            opp_pts = opp_base * multiplier(rules, fb, view.opp_calls, calls, opp_base) * penalty
            alive, value = 1.0, 0.0
            while my_turns or opp_turns:
                if opp_turns:  # the opponent moves first after a koi-koi
                    p = min(0.95, p_opp + self.threat_growth * turn)
                    value -= alive * p * opp_pts
                    alive *= 1 - p
                    opp_turns -= 1
                if my_turns:
                    my_turns -= 1
                    payoff = mine_pts
                    if depth and my_turns:  # not the last turn: I may call again
                        payoff = max(payoff, go_on(mine_base, calls + 1, my_turns, opp_turns,
                                                   turn + 1, depth - 1))
                    value += alive * p_me * payoff
                    alive *= 1 - p_me
                turn += 1
            return value

        return go_on(view.my_total, view.my_calls + 1, len(view.hand), view.opp_hand, 0,
                     self.lookahead)

    def _improve_chance(self, view: _View, mine: bool) -> tuple[float, float]:
        """Chance per turn that a side raises its yaku total, and the usual size of the rise."""
        gains = view.my_gain if mine else view.opp_gain
        hand_months = {h.month for h in view.hand}
        field_months = {f.month for f in view.field}
        n = max(1, view.n_unknown)
        miss, weight, weighted = 1.0, 0.0, 0.0
        for c in DECK:
            g = gains[c.index]
            if g <= 0:
                continue
            bit, m = c.bit, c.month
            if mine:
                if view.field_mask & bit:
                    q = 0.8 if m in hand_months else view.unknown_by_month[m] / n
                elif view.hand_mask & bit:
                    q = 0.8 if m in field_months else 0.1
                elif view.unknown_mask & bit:
                    q = (0.8 if m in field_months else 0.2) / n
                else:
                    q = 0.0
            else:
                if view.field_mask & bit:
                    q = view.opp_takes(m)
                elif view.unknown_mask & bit:
                    held = view.opp_hand / n
                    q = held * (0.8 if m in field_months else 0.25) + \
                        (0.8 if m in field_months else 0.2) / n
                else:
                    q = 0.0  # in my hand (or pending): out of their reach for now
            miss *= 1.0 - q
            weight += q
            weighted += q * g
        p = 1.0 - miss
        gain = weighted / weight if weight else 1.0
        return min(p, 0.95), gain

    # Hand swap -----------------------------------------------------------------------------------
    def _swap(self, obs: KoiKoiObservation, legal: list[Action]) -> Action:
        """Swap when an average hand (the dealer's is unknown) beats this one."""
        rules: KoiKoiRules = obs.rules
        hand, fld = list(obs.hand), list(obs.field)
        _, by_card = _components(rules)
        r = reach(8, self.reach_base, self.reach_step)
        worth = [sum(comp.value(c.bit, 0, r) - comp.value(0, 0, r) for comp in by_card[c.index])
                 + 0.02 * _KIND_VALUE[c.kind] for c in DECK]
        mine = self._hand_quality(hand, fld, worth, rules)
        others = [c for c in DECK if c not in hand and c not in fld]
        rng = self.rng
        avg = sum(self._hand_quality(rng.sample(others, len(hand)), fld, worth, rules)
                  for _ in range(self.swap_samples)) / self.swap_samples
        want = "swap" if avg > mine + 0.3 else "keep"
        return next(a for a in legal if a.kind == want)

    @staticmethod
    def _hand_quality(hand: Sequence[Card], fld: Sequence[Card], worth: list[float],
                      rules: KoiKoiRules) -> float:
        if has_full_month(hand) or is_four_pairs(hand):
            return 100.0 + rules.instant_win_points  # an instant win: never give it away
        field_by_month: dict[int, list[Card]] = {}
        for f in fld:
            field_by_month.setdefault(f.month, []).append(f)
        q = 0.0
        seen: dict[int, int] = {}
        for c in hand:
            q += worth[c.index]
            same = field_by_month.get(c.month)
            if same:
                q += 0.7 * max(worth[f.index] for f in same) + 0.3
            seen[c.month] = seen.get(c.month, 0) + 1
        q += 0.3 * sum(1 for n in seen.values() if n >= 2)  # a pair can take its month later
        return q


# ----------------------------------------------------------------------------------------------
# Hard: Normal's shortlist searched (ai.hard), a deal's end valued by the match's odds

#: Points a deal gives its winner, counts by points (0: nobody won), from 1,436 deals of 300
#: matches of Normal against itself (Seed rules, first to 50): what ``match_odds`` reads.
DEAL_POINTS = (
    (0, 114), (1, 146), (2, 159), (3, 49), (4, 81), (5, 95), (6, 55), (7, 13), (8, 33),
    (9, 7), (10, 73), (11, 2), (12, 80), (14, 24), (15, 41), (16, 18), (18, 23), (20, 32),
    (21, 10), (22, 10), (24, 55), (26, 4), (27, 11), (28, 35), (30, 17), (32, 18), (33, 4),
    (34, 2), (36, 22), (39, 7), (40, 19), (42, 22), (44, 10), (45, 3), (48, 29), (51, 1),
    (52, 6), (54, 13), (56, 5), (60, 20), (63, 3), (64, 5), (66, 8), (68, 7), (72, 14),
    (78, 7), (80, 3), (81, 1), (84, 3), (88, 1), (90, 5), (96, 2), (99, 2), (102, 1),
    (108, 1), (112, 1), (114, 1), (128, 1), (135, 1), (162, 1))


#: The same for the Nintendo preset (12 deals, no field or koi-koi multipliers): 1,800 deals
#: of 150 matches.
DEAL_POINTS_PLAIN = (
    (0, 110), (1, 403), (2, 258), (3, 37), (4, 63), (5, 244), (6, 119), (8, 1), (10, 32),
    (12, 11), (14, 142), (16, 112), (18, 26), (20, 103), (22, 31), (24, 13), (26, 14),
    (28, 12), (30, 26), (32, 20), (34, 6), (36, 8), (38, 1), (40, 3), (42, 2), (46, 1),
    (54, 1), (60, 1))


def deal_points(rules: KoiKoiRules) -> tuple[tuple[int, int], ...]:
    """The measured points a deal gives under ``rules``: Seed's with a field-bright or
    koi-koi multiplier on (they make the big deals), else the Nintendo preset's.

    >>> deal_points(KoiKoiRules()) is DEAL_POINTS
    True
    >>> deal_points(KoiKoiRules.nintendo()) is DEAL_POINTS_PLAIN
    True
    """
    if rules.field_bright_multiplier or rules.koikoi_multiplier:
        return DEAL_POINTS
    return DEAL_POINTS_PLAIN


def match_value(game: Any, seat: int) -> float:
    """The chance ``seat`` wins the match from ``game``'s standing (between deals, or over):
    1 won, 0 lost, 0.5 drawn; else the odds of the race to the target score, or of the lead
    over the deals left (``ai.match_odds``), with both players alike.

    >>> from rules.koikoi import KoiKoiGame
    >>> game = KoiKoiGame.new(seed=7)
    >>> round(match_value(game, 0), 2)
    0.5
    """
    if game.is_over:
        return 0.5 if game.winner is None else float(game.winner == seat)
    rules: KoiKoiRules = game.rules
    mine, theirs = game.scores[seat], game.scores[1 - seat]
    points = deal_points(rules)
    if rules.target_score is not None:
        return race_odds(points, rules.target_score)(mine, theirs)
    deals = rules.max_rounds or 12
    return rounds_odds(points, deals)(mine - theirs, deals - len(game.history))


def _hard(seed: int) -> SearchAgent:
    from rules.koikoi import KoiKoiGame
    # Most Koi-Koi moves change the match's odds by less than the tries' noise: Normal's
    # favourite stands unless another is better by a standard error (paired_search). The
    # samples lean toward hands with which Normal would have made the opponent's moves
    # (ai.belief): knowing that hand outright is worth more than anything else measured.
    # A decision stops sampling once its choice is settled (1.5 standard errors from the
    # line): the budget goes to the close ones. At most 96 deals a decision, it won 259 of
    # 400 matches against Normal, where 48 for every decision won 255 of the same ones; at
    # most 192 (about what a second gives), 281 of 400 others (the README's "Opponents").
    return SearchAgent(seed, SearchSpec("koikoi", KoiKoiGame, match_value,
                                        lambda normal, obs: normal.ranked(obs),
                                        confidence=1.0, slip=0.05, settle=1.5))


register("koikoi", "easy", lambda seed: EasyAgent(seed))
register("koikoi", "normal", lambda seed: NormalAgent(seed))
register("koikoi", "hard", _hard)

__all__ = ["EasyAgent", "NormalAgent", "deal_points", "match_value", "multiplier", "reach",
           "yaku_total"]
