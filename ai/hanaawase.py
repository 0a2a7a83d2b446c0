"""Hana-awase computer opponents: Easy (grabs the dearest capture) and Normal (weighs card
values, dekiyaku and their progress for all three seats, the draw, stealing and exposure).

Both read only ``observation(seat)``: their hand, the field, the three capture piles, the hand
and stock counts. The cards they cannot see (other hands and the stock) are the "unknown" ones.

>>> from rules.hanaawase import HanaAwaseGame
>>> game = HanaAwaseGame.new(7)
>>> seat = game.current_player
>>> action = NormalAgent(seed=1).choose(game.observation(seat))
>>> action in game.legal_actions()
True

How Normal values things. A seat's deal score is ``values - 88 + 3 * D - (everyone's D)``
(``D``: the dekiyaku its pile makes, collected from each of the two others), so my score less
the mean of the opponents' is my *potential* less the mean of theirs, a pile's potential being

    card values + 3 * (dekiyaku made + progress)

*Progress* prices the dekiyaku a pile could still make: for each set (aotan, nomi, the rows,
...) of which the pile holds a card, the extra dekiyaku value the missing cards would bring
(replacements counted: nomi over tsukimi is +10), times the chance of getting them all, the
product of each missing card's *availability* to that seat. A card is got with a card of its
month, so availability is ``reach`` (the chance the seat will play a card of that month: 1 for
me if I hold one, else ``1 - (1 - share) ** k`` for the k unknown cards of the month, ``share``
being the part of the unknown cards the seat will play: its hand, a third of the stock) times
0.8 for a field card, 0.5 for a card in another pile (stolen); an unknown card is 0.9 times
``share``; a card in my hand 0.9 to me and 0.05 to an opponent. Four and five brights, six and
seven ribbons count the most available outstanding cards the same way. A play is scored by:

- what it captures now, from the field or stolen from an opponent's pile (a steal that breaks
  an opponent's dekiyaku, made or near, lowers their potential at once);
- the average over every unknown card of what my draw then does (it captures what is best for
  me, or stays on the field; the draws of one month are judged by one of them);
- *exposure*, what the rest of the deal may take from me: every unknown card will be played,
  so for each month with unknown cards, the chance an opponent plays one of them times the
  most it could do with it: capture a field card of the month (half its gain: it is one of
  two opponents) or steal a card of my pile of that month (my loss, progress included, plus
  half its gain). A valuable card or dekiyaku piece in my pile whose month is still out is
  exposed; capturing the last cards of a month is safe. Field cards I may take myself later
  with a held card count a quarter of their value the other way.

Not modelled: the few-cards bonus (8 or 10 cards: 2% of deals in Easy self-play), the under-20
draw (none seen there) and the match standings (each deal is played for its own score).
"""

from __future__ import annotations

import math
import random
from typing import Any, Sequence

from ai.base import register
from ai.hard import SearchAgent, SearchSpec
from ai.match_odds import best_share
from ai.fishing import MONTH, mask_of, unknown_mask
from rules.fishing import Action
from rules.hanafuda import DECK, Card, Kind, cards_of
from rules.hanaawase import (DEALS_PER_MATCH, DEKIYAKU_VALUES, SET_DEKIYAKU,
                             HanaAwaseObservation,
                             HanaAwaseRules, card_value, card_values_of_mask,
                             dekiyaku_of_mask)

_VALUE = tuple(card_value(c) for c in DECK)
_BRIGHTS = mask_of(c for c in DECK if c.kind is Kind.BRIGHT)
_TAN = mask_of(c for c in DECK if c.kind is Kind.RIBBON and c.month != 11)


_SETS = tuple((SET_DEKIYAKU[name], DEKIYAKU_VALUES[name]) for name in SET_DEKIYAKU)
_NOMI = SET_DEKIYAKU["nomi"]
_DEFAULT = HanaAwaseRules()
#: The cards any dekiyaku looks at: a pile's other cards change none.
RELEVANT = _BRIGHTS | _TAN | mask_of(c for c in DECK if c.kind is Kind.RIBBON)
for _group in SET_DEKIYAKU.values():
    RELEVANT |= _group


def dekiyaku_total(mask: int, rules: HanaAwaseRules = _DEFAULT) -> int:
    """What the pile ``mask`` collects from each other seat (its dekiyaku values, summed):
    ``dekiyaku_of_mask`` added up, without building its dict under the default options.

    >>> from rules.hanafuda import cards
    >>> dekiyaku_total(mask_of(cards("8B 9A 3B"))), dekiyaku_total(mask_of(cards("8B 9A")))
    (30, 20)
    """
    if rules.willow_rule or rules.rain_rule:
        return sum(dekiyaku_of_mask(mask, rules).values())
    mask &= RELEVANT
    got = _TOTALS.get(mask)
    if got is not None:
        return got
    if len(_TOTALS) > 500_000:
        _TOTALS.clear()
    got = _TOTALS[mask] = _total(mask)
    return got


_TOTALS: dict[int, int] = {}


def _total(mask: int) -> int:
    b = (mask & _BRIGHTS).bit_count()
    total = 200 if b == 5 else 60 if b == 4 else 0
    r = (mask & _TAN).bit_count()
    total += 40 if r >= 7 else 30 if r == 6 else 0
    for group, value in _SETS:
        if mask & group == group:
            total += value
    if mask & _NOMI == _NOMI:  # nomi replaces tsukimi and hanami (both made with it)
        total -= 40
    return total


def _bits(mask: int) -> list[int]:
    """The single-card bit sets of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _field_options(c: Card, field_mask: int) -> list[int]:
    """The field captures of ``c`` (played or drawn) as bit sets of the taken cards."""
    same = field_mask & MONTH[c.month]
    if not same:
        return []
    if same.bit_count() == 3:
        return [same]
    return _bits(same)


def captures_of(c: Card, field_mask: int, piles: Sequence[int], me: int,
                steal: bool = True) -> list[tuple[int, int]]:
    """What ``c`` (played or drawn by seat ``me``) may capture, in the engine's order: the
    field's options, then each card of its month in another seat's pile, seat by seat in turn
    order; each as (taken cards as a bit set, source seat or -1 for the field).

    >>> from rules.hanafuda import card, cards
    >>> piles = [mask_of(cards("2C2")), mask_of(cards("2R")), 0]  # my own 2C2 is safe
    >>> [(cards_of(t), s) for t, s in captures_of(card("2C1"), card("2A").bit, piles, 0)]
    [([Card('2A')], -1), ([Card('2R')], 1)]
    """
    out = [(t, -1) for t in _field_options(c, field_mask)]
    if steal:
        n = len(piles)
        for k in range(1, n):
            j = (me + k) % n
            same = piles[j] & MONTH[c.month]
            while same:
                t = same & -same
                same ^= t
                out.append((t, j))
    return out


def capture_of(c: Card, target: Card | None, field_mask: int, piles: Sequence[int], me: int,
               steal: bool = True) -> tuple[int, int]:
    """(taken, source) of the action ``play c target`` (or the drawn ``c``'s ``take target``);
    a None target is the only capture, or none: (0, -1), laid down."""
    options = captures_of(c, field_mask, piles, me, steal)
    if target is None:
        return options[0] if options else (0, -1)
    for taken, source in options:
        if taken & target.bit:
            return taken, source
    raise ValueError(f"{c} cannot take {target}")


# ----------------------------------------------------------------------------------------------
# Easy


class EasyAgent:
    """Greedy: captures the dearest cards it can now (at random among choices within two
    points of the best), else lays its cheapest card. Blind to dekiyaku and stealing subtleties.

    >>> from rules.hanaawase import HanaAwaseGame
    >>> rest = " ".join(c.code for c in DECK[12:])
    >>> g = HanaAwaseGame.from_layout(["2C1 3B", "3R", "3C1"], "2A", "1B 1R 1C1 1C2 3C2",
    ...                               piles=["", "", "2R 2C2 " + rest])
    >>> str(EasyAgent(seed=1).choose(g.observation(0)))  # the animal 2A is worth 10
    'play 2C1 2A'
    """

    level = "easy"
    slack = 2  # points: captures this close to the best are equal to Easy

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: HanaAwaseObservation) -> Action:
        legal = list(observation.legal_actions)
        if len(legal) == 1:
            return legal[0]
        field_mask = mask_of(observation.field)
        piles = [mask_of(p) for p in observation.piles]
        gains = []
        for a in legal:
            if a.kind == "take":
                gains.append(_VALUE[a.target.index] if a.target is not None else 0)
                continue
            c = a.card
            assert c is not None
            taken, _source = capture_of(c, a.target, field_mask, piles, observation.seat,
                                        getattr(observation.rules, "steal_from_piles", True))
            gains.append(card_values_of_mask(taken) + _VALUE[c.index] if taken
                         else -_VALUE[c.index])
        best = max(gains)
        near = [a for a, g in zip(legal, gains) if g >= best - self.slack]
        return near[self.rng.randrange(len(near))]


# ----------------------------------------------------------------------------------------------
# Normal


class _View:
    """One decision's knowledge as bit sets, with caches of potentials and exposure terms."""

    def __init__(self, obs: HanaAwaseObservation, agent: "NormalAgent") -> None:
        self.agent = agent
        self.rules: HanaAwaseRules = obs.rules if isinstance(obs.rules, HanaAwaseRules) \
            else HanaAwaseRules()
        self.steal = self.rules.steal_from_piles
        self.me = me = obs.seat
        self.n = n = obs.players
        self.opps = [(me + k) % n for k in range(1, n)]  # in turn order
        self.piles = [mask_of(p) for p in obs.piles]
        self.hand_mask = mask_of(obs.hand)
        self.field_mask = mask_of(obs.field)
        self.unknown_mask = unknown_mask(obs)
        self.unknown = cards_of(self.unknown_mask)
        self.n_unknown = max(1, len(self.unknown))
        self.unknown_in = [(self.unknown_mask & MONTH[m]).bit_count() for m in range(13)]
        self.stock = obs.stock_count
        # month -> (its first unknown card, how many, the others' value less the first's)
        self.draws: dict[int, tuple[Card, int, int]] = {}
        for u in self.unknown:
            got = self.draws.get(u.month)
            if got is None:
                self.draws[u.month] = (u, 1, 0)
            else:
                rep, count, extra = got
                self.draws[u.month] = (rep, count + 1, extra + _VALUE[u.index] - _VALUE[rep.index])
        # The next opponent's cards before my next turn: its hand and its draw.
        if agent.horizon:  # the rest of the deal: both opponents' hands, 2/3 of the stock
            opp_cards = sum(obs.hand_counts[j] for j in self.opps) + self.stock * 2 / 3
        else:  # the next opponent's cards before my next turn: its hand and its draw
            opp_cards = obs.hand_counts[self.opps[0]] * agent.reach + min(self.stock, 1)
        self.take_chance = [min(1.0, 1.0 - (1.0 - min(1.0, opp_cards / self.n_unknown)) ** k)
                            for k in self.unknown_in]
        self._pots: dict[tuple[int, int, int], float] = {}
        self._quick: dict[int, int] = {}
        every = 0
        for m in self.piles:
            every |= m
        self.moved = RELEVANT & ~every  # cards whose availability a capture changes
        self._dekis: dict[tuple[int, int, int], float] = {}
        self._exposures: dict[tuple[int, int, int, int], float] = {}
        self._terms: dict[tuple[int, int, int, int, int], tuple[float, float]] = {}
        a = agent
        # The share of the unknown cards each seat will play: its hand (an opponent's),
        # a third of the stock (the draws).
        draws = self.stock / n
        share = [min(1.0, ((obs.hand_counts[s] if s != me else 0) + draws) / self.n_unknown)
                 for s in range(n)]
        # Availability of each card to each seat's dekiyaku, by where it lies now. A card
        # on the field or in another pile is only got with a card of its month: held (me),
        # or one of the unknown ones the seat will play (``reach``).
        self.avail: list[list[float]] = []
        self.pile_avail: list[list[float]] = []
        for s in range(n):
            reach = [1.0 - (1.0 - share[s]) ** k for k in self.unknown_in]
            if s == me:
                for m in range(1, 13):
                    if self.hand_mask & MONTH[m]:
                        reach[m] = 1.0
            row, in_pile = [], []
            for c in DECK:
                bit = c.bit
                r = reach[c.month]
                in_pile.append(a.in_pile * r)
                if bit & self.piles[s]:
                    row.append(a.in_pile * r)  # leaves the pile: stolen
                elif bit & self.hand_mask:
                    row.append(a.own_hand if s == me else a.other_hand)
                elif bit & self.field_mask:
                    row.append(a.on_field * r)
                elif bit & self.unknown_mask:
                    row.append(a.unknown * share[s])
                else:
                    row.append(a.in_pile * r)
            self.avail.append(row)
            self.pile_avail.append(in_pile)

    def progress(self, seat: int, mask: int, others: int) -> float:
        """The dekiyaku value ``mask`` may still add for ``seat``, times its chance; the
        cards ``others`` lie in the other seats' piles."""
        rules = self.rules
        made = dekiyaku_total(mask, rules)
        av = self.avail[seat]
        in_pile = self.pile_avail[seat]
        total = 0.0
        touched = 0  # the sets the pile has a card of, as bits of _GROUPS' indices
        rest = mask & _SET_CARDS
        while rest:
            low = rest & -rest
            touched |= _GROUPS_OF[low.bit_length() - 1]
            rest ^= low
        while touched:
            low = touched & -touched
            touched ^= low
            group = _GROUPS[low.bit_length() - 1]
            if mask & group == group:
                continue
            chance = 1.0
            missing = group & ~mask
            while missing:
                low = missing & -missing
                i = low.bit_length() - 1
                chance *= in_pile[i] if low & others else av[i]
                missing ^= low
            if chance > 0.01:
                total += chance * (dekiyaku_total(mask | group, rules) - made)
        for group, need_for, gain in _COUNTED:
            have_n = (mask & group).bit_count()
            if have_n < need_for - 3 or have_n >= need_for:
                continue
            out = []
            rest = group & ~mask
            while rest:
                low = rest & -rest
                i = low.bit_length() - 1
                out.append(in_pile[i] if low & others else av[i])
                rest ^= low
            out.sort(reverse=True)
            need = need_for - have_n
            if len(out) < need:
                continue
            chance = 1.0
            for x in out[:need]:
                chance *= x
            total += chance * gain
        return total

    def pot(self, seat: int, mask: int, others: int) -> float:
        """``seat``'s potential holding the pile ``mask``, the other seats' piles holding
        ``others`` (see the module notes)."""
        key = (seat, mask, others)
        got = self._pots.get(key)
        if got is None:
            others &= self.moved  # cards in a pile now count as such already
            rel = (seat, mask & RELEVANT, others)
            deki = self._dekis.get(rel)
            if deki is None:
                hope = self.agent.hope * self.progress(seat, mask, others)
                deki = self._dekis[rel] = 3.0 * (dekiyaku_total(mask, self.rules) + hope)
            got = self._pots[key] = card_values_of_mask(mask) + deki
        return got

    def quick(self, mask: int) -> int:
        """A pile's card values and 3 x its dekiyaku, no progress: the exposure's measure."""
        got = self._quick.get(mask)
        if got is None:
            got = self._quick[mask] = card_values_of_mask(mask) + \
                3 * dekiyaku_total(mask, self.rules)
        return got

    def worth(self, piles: Sequence[int]) -> float:
        """My potential less the mean of the opponents'."""
        opps = self.opps
        every = 0
        for m in piles:
            every |= m
        return self.pot(self.me, piles[self.me], every & ~piles[self.me]) - \
            sum(self.pot(j, piles[j], every & ~piles[j]) for j in opps) / len(opps)

    def month_term(self, m: int, field_m: int, mine: int, nxt: int,
                   hand_m: int) -> tuple[float, float]:
        """Month ``m``'s part of the exposure: (the most the next opponent, pile ``nxt``,
        holding or drawing a card of it, costs me: taking the best for it of the field's
        cards ``field_m`` or, stealing, a card of my pile ``mine``; what my held card may take
        of the field's cards later, with the chance the opponents leave them)."""
        key = (m, field_m, mine, nxt, hand_m)
        got = self._terms.get(key)
        if got is not None:
            return got
        p = self.take_chance[m]
        best = 0.0
        quick = self.quick
        if p > 0.0:
            half = 1.0 / len(self.opps)
            base_j = quick(nxt)
            if field_m:
                opts = [field_m] if field_m.bit_count() == 3 else _bits(field_m)
                for t in opts:
                    best = max(best, half * (quick(nxt | t) - base_j))
            if self.steal:
                mine_m = mine & MONTH[m]
                pot, me = self.pot, self.me
                base_me = pot(me, mine, nxt)
                while mine_m:
                    t = mine_m & -mine_m
                    mine_m ^= t
                    loss = base_me - pot(me, mine & ~t, nxt | t) + \
                        half * (quick(nxt | t) - base_j)
                    best = max(best, loss)
        later = 0.0
        if hand_m and field_m:
            t = field_m if field_m.bit_count() == 3 else field_m & -field_m
            later = (1.0 - p) * card_values_of_mask(t | hand_m & -hand_m)  # progress has the rest
        got = self._terms[key] = (best, later)
        return got

    def exposure(self, field_mask: int, piles: Sequence[int], hand_mask: int) -> float:
        """What the next opponent's turn may cost me: its one best take, each month's with
        its chance (the dearest first: a month counts only if no dearer one was there),
        less what my held cards may take later."""
        mine, nxt = piles[self.me], piles[self.opps[0]]
        key = (field_mask, mine, nxt, hand_mask)
        got = self._exposures.get(key)
        if got is not None:
            return got
        losses = []
        later = 0.0
        chance = self.take_chance
        for m in range(1, 13):
            fm = field_mask & MONTH[m]
            if fm or mine & MONTH[m]:
                best, got = self.month_term(m, fm, mine, nxt, hand_mask & MONTH[m])
                later += got
                if best > 0.0:
                    losses.append((best, chance[m]))
        total = 0.0
        if self.agent.horizon:
            for best, p in losses:
                total += p * best
        else:
            losses.sort(reverse=True)
            left = 1.0
            for best, p in losses:
                total += left * p * best
                left *= 1.0 - p
        got = self._exposures[key] = self.agent.expose * total - self.agent.hold * later
        return got

    def value(self, field_mask: int, piles: Sequence[int], hand_mask: int) -> float:
        return self.worth(piles) - self.exposure(field_mask, piles, hand_mask)

    def captures(self, c: Card, field_mask: int,
                 piles: Sequence[int]) -> list[tuple[int, int]]:
        """What ``c`` (mine, played or drawn) may capture: (taken cards, source seat or -1)."""
        return captures_of(c, field_mask, piles, self.me, self.steal)


def _apply(c: Card, taken: int, source: int, me: int, field_mask: int,
           piles: Sequence[int]) -> tuple[int, list[int]]:
    """(field, piles) after ``c`` captures ``taken`` from ``source`` (-1: the field), or is
    laid down (``taken`` 0)."""
    new = list(piles)
    if not taken:
        return field_mask | c.bit, new
    if source < 0:
        field_mask &= ~taken
    else:
        new[source] &= ~taken
    new[me] |= taken | c.bit
    return field_mask, new


_GROUPS = tuple(SET_DEKIYAKU.values())
_SET_CARDS = sum(c.bit for c in DECK if any(c.bit & g for g in _GROUPS))
#: per card index, the sets holding it as bits of their indices in _GROUPS
_GROUPS_OF = tuple(sum(1 << i for i, g in enumerate(_GROUPS) if c.bit & g) for c in DECK)
_COUNTED = ((_BRIGHTS, 4, DEKIYAKU_VALUES["shiko"]), (_TAN, 6, DEKIYAKU_VALUES["rokutan"]))


class NormalAgent:
    """Weighs card values, dekiyaku and their progress for itself and both opponents, the
    draw, steals that break an opponent's dekiyaku and the exposure of its own pile (see the
    module notes).

    >>> from rules.hanaawase import HanaAwaseGame
    >>> rest = " ".join(c.code for c in DECK[12:])
    >>> g = HanaAwaseGame.from_layout(["2C1 3B", "3R", "3C1"], "2A", "1B 1R 1C1 1C2 3C2",
    ...                               piles=["", "", "2R 2C2 " + rest])
    >>> str(NormalAgent(seed=1).choose(g.observation(0)))  # 1R, 3R out: 2R is poetry
    'play 2C1 2R'
    """

    level = "normal"
    own_hand = 0.9     # availability of a card in my hand, to me
    other_hand = 0.05  # ... and to an opponent
    on_field = 0.8     # times the chance the seat will play a card of its month
    unknown = 0.9      # times the share of the unknown cards the seat will play
    in_pile = 0.5      # times the chance the seat will play a card of its month
    hope = 1.0         # weight of dekiyaku progress
    expose = 1.0       # weight of what the next turns may take from me
    hold = 0.25        # weight of field cards my held cards may take later
    reach = 1.0        # how many of its hand cards the next opponent may use
    horizon = 1.0      # 1: exposure over the rest of the deal (every month apart)

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: HanaAwaseObservation) -> Action:
        legal = list(observation.legal_actions)
        if len(legal) == 1:
            return legal[0]
        view = _View(observation, self)
        scored = [(self._score(view, observation, a), i) for i, a in enumerate(legal)]
        best = max(s for s, _ in scored)
        near = [i for s, i in scored if s >= best - 1e-6]
        return legal[near[self.rng.randrange(len(near))]]

    def ranked(self, observation: HanaAwaseObservation) -> list[Action]:
        """Every legal action, Normal's best first (Hard's shortlist)."""
        legal = list(observation.legal_actions)
        if len(legal) == 1:
            return legal
        view = _View(observation, self)
        return sorted(legal, key=lambda a: -self._score(view, observation, a))

    def _score(self, view: _View, obs: HanaAwaseObservation, action: Action) -> float:
        me = view.me
        if action.kind == "take":
            drawn = obs.pending
            assert drawn is not None
            taken, source = capture_of(drawn, action.target, view.field_mask, view.piles, me,
                                       view.steal)
            field1, piles1 = _apply(drawn, taken, source, me, view.field_mask, view.piles)
            return view.value(field1, piles1, view.hand_mask)
        c = action.card
        assert c is not None
        taken, source = capture_of(c, action.target, view.field_mask, view.piles, me, view.steal)
        field1, piles1 = _apply(c, taken, source, me, view.field_mask, view.piles)
        hand1 = view.hand_mask & ~c.bit
        if obs.stock_count == 0 or not view.unknown:
            return view.value(field1, piles1, hand1)
        # Each unknown card is equally likely on top of the stock. The draws of one month
        # are judged by one of them (the first), the others' own card values added.
        total = 0.0
        for rep, count, extra in view.draws.values():
            options = view.captures(rep, field1, piles1)
            if not options:
                total += count * view.value(field1 | rep.bit, piles1, hand1)
                continue
            best = None
            for t, src in options:
                f2, p2 = _apply(rep, t, src, me, field1, piles1)
                v = view.value(f2, p2, hand1)
                if best is None or v > best:
                    best = v
            assert best is not None
            total += count * best + extra
        return total / len(view.unknown)


def match_value(game: Any, seat: int) -> float:
    """What a position is worth to ``seat`` for the match: a share of the win once it is over
    (1/k for each of k best totals), else a soft chance of ending best, the totals' spread to
    come widening with the deals left (``ai.match_odds.best_share``).

    >>> from rules.hanaawase import HanaAwaseGame
    >>> round(match_value(HanaAwaseGame.new(7), 2), 3)
    0.333
    """
    if game.is_over:
        winners = game.winners
        return 1 / len(winners) if seat in winners else 0.0
    left = max(0, DEALS_PER_MATCH - len(game.history))
    return best_share(game.scores, seat, 40.0 * math.sqrt(left + 0.25))


#: The most deals Hard samples a decision, whatever its think time: the budget at which its
#: strength was measured (the README's "Opponents"). Its tries are played by Easy, and with
#: more samples (about 138 in a second) it lost more often: 1 of 9 matches against 4 of 9 on
#: the same deals (seed 2001), 2 of 15 in all, where 24 won 85 of 150.
MAX_SAMPLES = 24


def _hard(seed: int) -> SearchAgent:
    from rules.hanaawase import HanaAwaseGame
    return SearchAgent(seed, SearchSpec("hanaawase", HanaAwaseGame, match_value,
                                        lambda normal, obs: normal.ranked(obs), width=3,
                                        seats=3, playout_level="easy",
                                        max_samples=MAX_SAMPLES))


register("hanaawase", "easy", lambda seed: EasyAgent(seed))
register("hanaawase", "normal", lambda seed: NormalAgent(seed))
register("hanaawase", "hard", _hard)

__all__ = ["EasyAgent", "NormalAgent", "dekiyaku_total"]
