"""600 Hearts computer opponents: Easy (shy of points, blind to yaku) and Normal (plays the
avoidance game: yaku, timing, lay-offs, exhausted months).

Both read only ``observation(seat)``: their own hand, the field, every capture pile, the hand
counts and the stock count. The cards they cannot see (other hands and the stock) are the
"unknown" ones: all 48 minus their hand, the field, the piles and a drawn card awaiting a choice.

>>> from rules.hearts600 import Hearts600Game
>>> game = Hearts600Game.new(7, players=3)
>>> seat = game.current_player
>>> action = NormalAgent(seed=1).choose(game.observation(seat))
>>> action in game.legal_actions()
True

How Normal values things. A pile's *weight* is what it would cost its owner relative to the
others if the round ended now: the points of its cards outside a yaku, minus the points of its
yaku (which every opponent pays). My final score minus an opponent's is my weight minus theirs
(plus today's score gap), so Normal minimises its own weight minus a weighted mean of its
opponents' weights (a card an opponent is forced to keep is good for it; a yaku an opponent
completes is bad). How the scores (``observation.scores``) enter, each seat's *projected* score
being its score plus what its pile and the others' yaku add if the round ended now:

- Who counts: what wins is my score against the lowest of the others, so each opponent's weight
  is a softmin of the projected scores (temperature ``spread``, 50 points): the leader, or an
  opponent close to it, counts most; one far behind hardly counts. Equal scores (a game's
  start) give the plain mean.
- Near the end: when I trail and my projected score is the highest, in a round likely to take it
  across 600 (a bell over 600 minus this round's expected rise, ``round_points / seats`` scaled
  by the cards still out), the game is lost unless a swing comes: the rises of my score (my kept
  points, the opponents' yaku) count less, by up to ``end_push`` times that likelihood, times
  how surely I trail. Normal then stops paying points to avoid points and plays for yaku.
  (Pushing points onto a leading me measured worse than leaving the leading side alone.)

A pile enters as ``a * kept + b * charged`` per seat (``NormalAgent.coefficients``). A play is
scored by:

- what it captures now (or where it lays the card);
- the average over every unknown card of what the draw then does (captures, or lays it down);
- what the opponents are likely to take from the field it leaves: a month an opponent would
  like to take (it completes their yaku) counts with the chance they hold or draw it; a month
  they would rather leave counts only with the chance they are forced to take it;
- the cards it keeps in hand: one whose month lies on the field will have to capture it later
  (unless someone takes it first), so playing it now is judged against playing it later;
  a card of an exhausted month (no unknown card of it left) is a free pass for later.
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
from rules.hanafuda import DECK, Card, cards_of
from rules.hearts600 import Hearts600Observation, card_points, yaku_cards_of_mask

_POINTS = tuple(card_points(c) for c in DECK)

def _points(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += _POINTS[low.bit_length() - 1]
        mask ^= low
    return total


def kept_and_charged(mask: int) -> tuple[int, int]:
    """(the points a capture pile keeps outside its yaku, the points of its yaku): the first
    goes to its owner's score, the second to every opponent's.

    >>> from rules.hearts600 import cards
    >>> kept_and_charged(mask_of(cards("8B 9A 1R")))
    (5, 100)
    """
    used = 0
    charged = 0
    for _name, points, group in yaku_cards_of_mask(mask):
        used |= group
        charged += points
    return _points(mask & ~used), charged


def weight(mask: int) -> int:
    """What a capture pile costs its owner against the others if the round ended now: points
    kept outside a yaku minus the yaku points (charged to every opponent).

    >>> from rules.hearts600 import cards
    >>> weight(mask_of(cards("9A 1R"))), weight(mask_of(cards("8B 9A 1R")))
    (55, -95)
    """
    kept, charged = kept_and_charged(mask)
    return kept - charged


def _captures(action: Action, field: Sequence[Card]) -> tuple[int, Card | None]:
    """(the field cards a ``play`` action takes as a bit set, the card laid down if none)."""
    c = action.card
    assert c is not None
    same = [f for f in field if f.month == c.month]
    if not same:
        return 0, c
    if len(same) == 3 or action.target is None:
        return mask_of(same), None
    return action.target.bit, None


# ----------------------------------------------------------------------------------------------
# Easy


class EasyAgent:
    """Shy of points and blind to yaku: captures as few points as it can, picking at random
    among choices within a few points of the cheapest; lays down its cheapest safe card
    rather than its dearest (so it gives nothing away on purpose either).

    >>> from rules.hearts600 import Hearts600Game
    >>> g = Hearts600Game.from_layout(["9A 1C1", "5C1 6C1"], "9C1 2C1", "12C1 4C1 6C2 7C1")
    >>> str(EasyAgent(seed=1).choose(g.observation(0)))  # 9A would take 9C1: 51 points
    'play 1C1'
    """

    level = "easy"
    slack = 3  # points: choices this close to the cheapest are equal to Easy

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Hearts600Observation) -> Action:
        legal = list(observation.legal_actions)
        field = observation.field
        costs = []
        for a in legal:
            if a.kind == "play":
                taken, laid = _captures(a, field)
                assert a.card is not None
                cost = 0.1 * _POINTS[a.card.index] if laid else \
                    _POINTS[a.card.index] + _points(taken)
            else:  # take: the drawn card captures its target
                cost = _POINTS[a.target.index] if a.target is not None else 0
            costs.append(cost)
        best = min(costs)
        near = [a for a, c in zip(legal, costs) if c <= best + self.slack]
        return near[self.rng.randrange(len(near))]


# ----------------------------------------------------------------------------------------------
# Normal


class _View:
    """One decision's knowledge as bit sets, with caches of pile values.

    A seat's pile enters my score as ``a * kept + b * charged`` (``coef[seat]``, see the
    module notes): for me (1, -1), for an opponent (-share, +share) when the scores are
    far from 600, plus the end-of-game pressure on the seat nearest 600.
    """

    def __init__(self, obs: Hearts600Observation, agent: "NormalAgent") -> None:
        self.agent = agent
        self.me = obs.seat
        self.n = obs.players
        self.opps = [(obs.seat + k) % self.n for k in range(1, self.n)]  # in turn order
        self.piles = [mask_of(p) for p in obs.piles]
        self.hand = list(obs.hand)
        self.hand_mask = mask_of(self.hand)
        self.field = list(obs.field)
        self.unknown_mask = unknown_mask(obs)
        self.unknown = cards_of(self.unknown_mask)
        self.n_unknown = max(1, len(self.unknown))
        self.unknown_in = [(self.unknown_mask & MONTH[m]).bit_count() for m in range(13)]
        self.hand_counts = obs.hand_counts
        self.stock = obs.stock_count
        self._weights: dict[tuple[int, int], int] = {}
        self._values: dict[tuple[int, int], float] = {}
        self._month_terms: dict[tuple[int, int], float] = {}
        self.coef = agent.coefficients(obs, self.piles)

    def w(self, seat: int, mask: int) -> int:
        key = (seat, mask)
        got = self._weights.get(key)
        if got is None:
            got = self._weights[key] = weight(mask)
        return got

    def gain(self, seat: int, taken: int) -> int:
        """How much ``seat``'s weight rises if it captures ``taken``."""
        pile = self.piles[seat]
        return self.w(seat, pile | taken) - self.w(seat, pile)

    def v(self, seat: int, mask: int) -> float:
        """What ``seat`` holding the pile ``mask`` adds to my score (lower is better for me)."""
        key = (seat, mask)
        got = self._values.get(key)
        if got is None:
            kept, charged = kept_and_charged(mask)
            a, b = self.coef[seat]
            got = self._values[key] = a * kept + b * charged
        return got

    def cost(self, seat: int, taken: int) -> float:
        """How much my score (relative) rises if ``seat`` captures ``taken``."""
        pile = self.piles[seat]
        return self.v(seat, pile | taken) - self.v(seat, pile)

    def month_term(self, month: int, on_field: int, hand_mask: int) -> float:
        """Expected change of my score (relative) from field month ``month`` holding the cards
        ``on_field`` after my turn: the opponents may take them; a held card of mine will."""
        key = (on_field, hand_mask & MONTH[month])
        got = self._month_terms.get(key)
        if got is not None:
            return got
        agent = self.agent
        unknown = self.unknown_in[month]
        total = 0.0
        left = 1.0  # chance the cards are still there
        if unknown:
            for j in self.opps:
                if left <= 0.0:
                    break
                g = self.gain(j, on_field)  # the opponent's own view: glad or forced
                held = 1.0 - (1.0 - min(1.0, self.hand_counts[j] / self.n_unknown)) ** unknown
                draw = min(1.0, unknown / self.n_unknown) if self.stock else 0.0
                p = held + draw if g < 0 else draw + agent.forced * held
                p = min(left, p)
                total += p * self.cost(j, on_field)
                left -= p
        mine = hand_mask & MONTH[month]
        if mine:
            # A held card of the month must capture these cards when played (if nobody else
            # took them first); playing it later is as dear as now, with that chance.
            low = mine & -mine
            total += left * agent.hold * self.cost(self.me, on_field | low)
        self._month_terms[key] = total
        return total

    def field_value(self, by_month: dict[int, int], hand_mask: int) -> float:
        return sum(self.month_term(m, f, hand_mask) for m, f in by_month.items())


def _by_month(field_mask: int) -> dict[int, int]:
    out: dict[int, int] = {}
    for m in range(1, 13):
        part = field_mask & MONTH[m]
        if part:
            out[m] = part
    return out


class NormalAgent:
    """Plays the avoidance game: weighs captures by yaku (completing one charges every
    opponent), the draw, what the opponents will be forced or glad to take from the field it
    leaves, and the cards it holds back for later (see the module notes).

    >>> from rules.hearts600 import Hearts600Game
    >>> g = Hearts600Game.from_layout(["9A 1C1", "5C1 6C1"], "9C1 1C2", "12C1 4C1 6C2 7C1",
    ...                               piles=["8B", ""])
    >>> str(NormalAgent(seed=1).choose(g.observation(0)))  # 9A completes moon viewing
    'play 9A'
    """

    level = "normal"
    forced = 0.15  # chance an opponent is made to take a month it would rather leave
    hold = 1.0  # how surely a held matching card must capture later
    lay_risk = 0.4  # share of a laid card's points that comes back to its owner
    spread = 50.0  # points: softmin temperature of the opponents' projected scores
    round_points = 480.0  # a round adds about this / seats to a score (measured: 238, 169, 127)
    end_width = 0.65  # spread of that increase, as a share of its mean
    end_push = 3.0  # how much less my rises count when trailing and the round may end it
    lead_scale = 30.0  # points: how far behind counts as surely trailing

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Hearts600Observation) -> Action:
        legal = list(observation.legal_actions)
        if len(legal) == 1:
            return legal[0]
        view = _View(observation, self)
        scored = [(self._score(view, observation, a), i) for i, a in enumerate(legal)]
        best = min(s for s, _ in scored)
        near = [i for s, i in scored if s <= best + 1e-6]
        return legal[near[self.rng.randrange(len(near))]]

    def ranked(self, observation: Hearts600Observation) -> list[Action]:
        """Every legal action, the cheapest by Normal's reckoning first (Hard's shortlist)."""
        legal = list(observation.legal_actions)
        if len(legal) == 1:
            return legal
        view = _View(observation, self)
        return sorted(legal, key=lambda a: self._score(view, observation, a))

    def coefficients(self, obs: Hearts600Observation,
                     piles: Sequence[int]) -> list[tuple[float, float]]:
        """How each seat's pile enters my score: ``(a, b)`` per seat, its value being
        ``a * kept + b * charged`` (see the module notes).

        >>> from rules.hearts600 import Hearts600Game
        >>> g = Hearts600Game.from_layout(["9A", "5C1", "6C1"], "1C1", "2C1 3C1 4C1")
        >>> NormalAgent(1).coefficients(g.observation(0), [0, 0, 0])
        [(1.0, -1.0), (-0.5, 0.5), (-0.5, 0.5)]
        """
        n, me = obs.players, obs.seat
        split = [kept_and_charged(m) for m in piles]
        charged_all = sum(c for _k, c in split)
        proj = [obs.scores[s] + k + charged_all - c for s, (k, c) in enumerate(split)]
        opps = [s for s in range(n) if s != me]
        low = min(proj[j] for j in opps)
        raw = {j: math.exp((low - proj[j]) / self.spread) for j in opps}
        total = sum(raw.values())
        # Trailing with the top score myself, in a round likely to take it across 600: my
        # rises count less (the game is lost unless a swing comes), by how surely I trail.
        push = 0.0
        if proj[me] == max(proj) and proj[me] < 600 and low < proj[me]:
            left = 1.0 - sum(m.bit_count() for m in piles) / len(DECK)
            mu = left * self.round_points / n
            z = (600 - proj[me] - mu) / max(10.0, self.end_width * mu)
            push = self.end_push * math.exp(-0.5 * z * z) * \
                math.tanh((proj[me] - low) / self.lead_scale)
        coef = []
        for s in range(n):
            if s == me:
                coef.append((1.0 - push, -1.0))  # my kept points raise my score
            else:
                share = raw[s] / total
                coef.append((-share, share - push))  # its yaku raise my score
        return coef

    def _score(self, view: _View, obs: Hearts600Observation, action: Action) -> float:
        me = view.me
        pile = view.piles[me]
        field_mask = mask_of(obs.field)
        if action.kind == "take":
            assert action.target is not None and obs.pending is not None
            taken = action.target.bit | obs.pending.bit
            rest = field_mask & ~action.target.bit
            return view.cost(me, taken) + view.field_value(_by_month(rest), view.hand_mask)
        c = action.card
        assert c is not None
        hand_after = view.hand_mask & ~c.bit
        taken, laid = _captures(action, obs.field)
        if laid is not None:
            field1 = field_mask | c.bit
            pile1 = pile
            now = 0.0
        else:
            field1 = field_mask & ~taken
            pile1 = pile | taken | c.bit
            now = view.v(me, pile1) - view.v(me, pile)
        # The draw: each unknown card equally likely to be on top of the stock.
        if obs.stock_count == 0 or not view.unknown:
            return now + view.field_value(_by_month(field1), hand_after)
        base_v = view.v(me, pile1)
        months1 = _by_month(field1)
        base_field = view.field_value(months1, hand_after)
        total = 0.0
        for u in view.unknown:
            m = u.month
            same = months1.get(m, 0)
            if not same:
                total += base_field + view.month_term(m, u.bit, hand_after)  # laid down
                continue
            if same.bit_count() == 2:  # the draw chooses: the cheaper for me
                a_, b_ = same & -same, same & (same - 1)
                opts = [(view.v(me, pile1 | u.bit | t) - base_v
                         + view.month_term(m, same & ~t, hand_after), t) for t in (a_, b_)]
                g, _t = min(opts)
            else:
                g = view.v(me, pile1 | u.bit | same) - base_v
            total += base_field - view.month_term(m, same, hand_after) + g
        return now + total / len(view.unknown) + \
            (self.lay_risk * _POINTS[c.index] if laid is not None and
             view.unknown_in[c.month] else 0.0)


def game_value(game: Any, seat: int) -> float:
    """What a position is worth to ``seat`` for the game: a share of the win once it is over
    (1/k for each of k lowest scores), else a soft chance of ending lowest, the spread of the
    scores to come wider the further the top score is from 600 (``ai.match_odds.best_share``).

    >>> from rules.hearts600 import Hearts600Game
    >>> round(game_value(Hearts600Game.new(7, players=2), 0), 2)
    0.5
    """
    if game.is_over:
        winners = game.winners
        return 1 / len(winners) if seat in winners else 0.0
    to_go = max(0, 600 - max(game.scores))
    return best_share(game.scores, seat, 60.0 + 0.5 * to_go, lower_wins=True)


def _hard(seed: int) -> SearchAgent:
    from rules.hearts600 import Hearts600Game
    return SearchAgent(seed, SearchSpec("hearts600", Hearts600Game, game_value,
                                        lambda normal, obs: normal.ranked(obs), seats=4))


register("hearts600", "easy", lambda seed: EasyAgent(seed))
register("hearts600", "normal", lambda seed: NormalAgent(seed))
register("hearts600", "hard", _hard)

__all__ = ["EasyAgent", "NormalAgent", "weight"]
