"""Heart of Five computer opponents: Easy (the lowest meld that beats, random passes) and Normal
(plans its hand in as few plays as it can, keeps control cards, passes on purpose).

Both read only ``observation(seat)``: their hand, every hand's size, the trick (last meld, its
player, the passes), the cards played this round and the order out. The *unseen* cards are the
pack less the hand and the played cards: what the others hold between them.

>>> from rules.heart_of_five import HeartOfFiveGame, parse
>>> game = HeartOfFiveGame.new(7, players=4)
>>> action = NormalAgent(seed=1).choose(game.observation(game.current_player))
>>> action in game.legal_actions()
True
>>> [str(m) for m in plan(parse("3C 4D 5S 6H 7C 9D 9S 9H KC KD 2S 2H 2C 2D 5H"))]
['3C 4D 5S 6H 7C', '9D 9H 9S KC KD', '2C 2D 2H 2S', '5H']

How Normal plays:

- The plan. A hand splits into melds in many ways; the plan is one with the fewest plays
  (``decompose``): a small search over the chains (runs of 5+, sisters of pairs or triples)
  with the rest grouped by rank (singles, pairs, triples, full houses from a triple and the
  lowest pair, four or more of a rank kept as a bomb). A bomb or a top single (5H, a joker)
  costs half a play (it wins a trick when needed), so the plan breaks a bomb only for chains
  that save more than that; low singles cost a little more than high ones, so the search
  prefers chains that absorb them.
- Control. A meld is *safe* when no meld of the unseen cards beats it without a bomb (or no
  opponent holds enough cards for one): the top singles still out, the pairs above, the runs
  above are read from the unseen cards.
- Leading. A meld that empties the hand goes at once; when all but one of the plan's plays are
  safe, a safe one goes first (it keeps the lead to the end). Otherwise it leads the weakest
  play of the plan, longer melds first (a run or full house before a low single), keeping
  bombs, the 5H, jokers and 2s for last; it avoids leading a meld of as many cards as an
  opponent holds when the unseen cards can beat it (an opponent on one card gets no single).
- Following. Each meld that beats the trick is judged by what it does to the plan: the plan
  of the rest of the hand against the plan now (a play the plan holds costs nothing; breaking
  a pair for a single costs about one play). It plays the cheapest, lowest one when that costs
  nothing and is no top card; it spends a top card (2, joker, 5H, a pair of aces or 2s) only
  late (three plays left or fewer, an opponent down to three cards, or three players or
  fewer still in) or when no unseen meld can beat it with at most four players in. When an
  opponent is about to go out (the trick's player holds three cards or fewer, or any
  opponent two or fewer) it beats the trick with its cheapest meld, whatever that costs the
  plan; otherwise it never breaks the plan. Bombs go only when nothing else is played: when
  an opponent is about to go out, or when after the bomb the rest of the plan is at most one
  play plus safe ones. Otherwise it passes: it lets a trick go rather than spend control
  early when many players remain.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import Any, Iterable, Sequence

from ai.base import register
from ai.hard import SearchAgent, SearchSpec
from rules.heart_of_five import (SINGLE_ORDER, Action, Card, HeartOfFiveObservation, Meld,
                                 classify, pack)

# Rank indices: the single order 3 .. 2 is 0 .. 12; jokers 13, 14; the single 5H 15.
_FIVE, _ACE, _TWO, _JJ_LOW, _JJ_HIGH, _HEART5 = 2, 11, 12, 13, 14, 15
#: run position (A 2 3 .. K A) -> rank index
_AT = (_ACE, _TWO, *range(0, 11), _ACE)

Signature = tuple[str, tuple[int, ...]]  # a meld's kind and its rank indices, sorted


def _index(c: Card) -> int:
    if c.rank == "5" and c.suit == "H":
        return _HEART5
    return SINGLE_ORDER[c.rank]


def signature(cards: Sequence[Card]) -> Signature:
    """The meld ``cards`` make (taken to be one) as its kind and sorted rank indices: the
    single 5H is index 15, a straight flush reads as the run of its ranks. The plan's melds
    and the legal ones meet here, without classifying each legal meld.

    >>> from rules.heart_of_five import parse
    >>> signature(parse("5H")), signature(parse("5H 5C")), signature(parse("9C 9D 9S 4C 4D"))
    (('single', (15,)), ('pair', (2, 2)), ('full_house', (1, 1, 6, 6, 6)))
    """
    if len(cards) == 1:
        return "single", (_index(cards[0]),)
    ranks = tuple(sorted(SINGLE_ORDER[c.rank] for c in cards))
    return _kind(ranks), ranks


@lru_cache(maxsize=4096)
def _kind(ranks: tuple[int, ...]) -> str:
    """The kind of a meld of two cards or more from its sorted ranks."""
    sizes = sorted(Counter(ranks).values())
    if len(sizes) == 1:
        return ("", "", "pair", "triple")[len(ranks)] if len(ranks) < 4 else "bomb"
    if sizes == [2, 3]:
        return "full_house"
    return "run" if sizes[-1] == 1 else "sisters"


# ----------------------------------------------------------------------------------------------
# The plan: fewest plays


def _weight(c: int) -> float:
    """What ``c`` cards of one rank cost left alone: a single (low ones a bit more), a pair, a
    triple, or a bomb (half a play: it wins a trick when needed)."""
    return (0.0, 1.0, 1.0, 1.0)[c] if c < 4 else 0.5


_SINGLE_EXTRA = tuple(0.03 * (12 - r) for r in range(13))  # a low single is a liability


def _rest(counts: tuple[int, ...]) -> float:
    """The cost of ``counts`` grouped by rank, a triple taking a pair along (full house)."""
    cost = 0.0
    triples = pairs = 0
    for r, c in enumerate(counts):
        if c:
            cost += _weight(c)
            if c == 1:
                cost += _SINGLE_EXTRA[r]
            elif c == 2:
                pairs += 1
            elif c == 3:
                triples += 1
    return cost - min(triples, pairs)


def _rest_melds(counts: Sequence[int]) -> list[Signature]:
    """The melds ``_rest`` counts, weakest kinds first: full houses, triples, pairs,
    singles, bombs."""
    triples = [r for r, c in enumerate(counts) if c == 3]
    pairs = [r for r, c in enumerate(counts) if c == 2]
    k = min(len(triples), len(pairs))
    out: list[Signature] = []
    for t, p in zip(triples[:k], pairs[:k]):
        out.append(("full_house", tuple(sorted((t, t, t, p, p)))))
    out += [("triple", (t, t, t)) for t in triples[k:]]
    out += [("pair", (p, p)) for p in pairs[k:]]
    out += [("single", (r,)) for r, c in enumerate(counts) if c == 1]
    out += [("bomb", (r,) * c) for r, c in enumerate(counts) if c >= 4]
    return out


_Chain = tuple[str, int, int, int]  # kind, size per rank, low and high run positions


def _chains(counts: tuple[int, ...]) -> list[tuple[float, _Chain]]:
    """Every run (5+ positions) and sisters (2+ groups of 2 or 3) ``counts`` can make, each
    with a quick estimate of what taking it changes (full houses ignored)."""
    pc = [counts[i] for i in _AT]
    out: list[tuple[float, _Chain]] = []
    for size, kind, shortest in ((1, "run", 5), (2, "sisters", 2), (3, "sisters", 2)):
        delta: list[float | None] = []
        for p in range(14):
            c = pc[p]
            if c < size:
                delta.append(None)
                continue
            d = _weight(c - size) - _weight(c)
            if c - size == 1:
                d += _SINGLE_EXTRA[_AT[p]]
            if c == 1:
                d -= _SINGLE_EXTRA[_AT[p]]
            delta.append(d)
        for lo in range(13):
            total = 1.0
            for hi in range(lo, 14):
                step = delta[hi]
                if step is None or (lo == 0 and hi >= 12):
                    break  # A..K reads 2..A; A through A (14) is left out
                total += step
                if hi - lo + 1 >= shortest and total < 0.5:
                    out.append((total, (kind, size, lo, hi)))
    out.sort()
    return out


def _take(counts: tuple[int, ...], chain: _Chain) -> tuple[int, ...]:
    _, size, lo, hi = chain
    new = list(counts)
    for p in range(lo, hi + 1):
        new[_AT[p]] -= size
    return tuple(new)


class Planner:
    """The fewest-plays plan of a hand's rank counts, memoised (one per agent: the hands of a
    round share most of their sub-plans). ``BRANCH`` chains are tried at each step."""

    BRANCH = 3
    LIMIT = 20000  # memo entries kept before a reset

    def __init__(self) -> None:
        self._memo: dict[tuple[int, ...], tuple[float, tuple[_Chain, ...]]] = {}

    def best(self, counts: tuple[int, ...]) -> tuple[float, tuple[_Chain, ...]]:
        """(cost, chains) of the cheapest plan found for ``counts`` (13 rank counts)."""
        hit = self._memo.get(counts)
        if hit is not None:
            return hit
        result: tuple[float, tuple[_Chain, ...]] = (_rest(counts), ())
        for _estimate, chain in _chains(counts)[:self.BRANCH]:
            cost, chains = self.best(_take(counts, chain))
            if cost + 1.0 < result[0] - 1e-9:
                result = (cost + 1.0, (chain, *chains))
        if len(self._memo) > self.LIMIT:
            self._memo.clear()
        self._memo[counts] = result
        return result

    def cost(self, hand: Iterable[int]) -> float:
        """The plan's cost for a hand given as rank indices (jokers, 5H: top singles)."""
        counts, top = _counts(hand)
        return self.best(counts)[0] + 0.5 * top

    def melds(self, hand: Iterable[int]) -> list[Signature]:
        """The plan's melds: chains, then the rest (weakest kinds first), then top singles."""
        idx = list(hand)
        counts, _top = _counts(idx)
        _, chains = self.best(counts)
        out: list[Signature] = []
        rest = list(counts)
        for kind, size, lo, hi in chains:
            ranks = sorted(_AT[p] for p in range(lo, hi + 1) for _ in range(size))
            for r in ranks[::size]:
                rest[r] -= size
            out.append((kind, tuple(ranks)))
        out += _rest_melds(rest)
        out += [("single", (r,)) for r in sorted(i for i in idx if i > _TWO)]
        return out


def _counts(hand: Iterable[int]) -> tuple[tuple[int, ...], int]:
    counts = [0] * 13
    top = 0
    for i in hand:
        if i > _TWO:
            top += 1
        else:
            counts[i] += 1
    return tuple(counts), top


def plan(hand: Iterable[Card]) -> list[Meld]:
    """Normal's plan for ``hand``: melds (a choice of cards each) using every card, in as
    few plays as its search finds (see the module's docstring)."""
    cards = sorted(hand, key=_index)
    pool: dict[int, list[Card]] = {}
    for c in cards:
        pool.setdefault(_index(c), []).append(c)
    out = []
    for _, ranks in Planner().melds(_index(c) for c in cards):
        chosen = [pool[r].pop(0) for r in ranks]
        meld = classify(chosen)
        assert meld is not None, chosen
        out.append(meld)
    return out


# ----------------------------------------------------------------------------------------------
# The agents


class EasyAgent:
    """Plays the lowest meld that beats the trick (a bomb if nothing else does: it saves none)
    and passes now and then at random; leading, its lowest card, as a pair when it has two."""

    level = "easy"
    PASS_CHANCE = 0.25

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: HeartOfFiveObservation) -> Action:
        legal = observation.legal_actions
        plays = [a for a in legal if a.kind == "play"]
        if observation.last_meld is not None:
            if len(plays) < len(legal) and (not plays or self.rng.random() < self.PASS_CHANCE):
                return next(a for a in legal if a.kind == "pass")
            return plays[0]  # legal order: the weakest of the trick's kind, then bombs
        low = min(observation.hand, key=_index).rank
        pair = [a for a in plays if len(a.cards) == 2 and a.cards[0].rank == low]
        single = [a for a in plays if len(a.cards) == 1 and a.cards[0].rank == low]
        return (pair or single or plays)[0]


class _Unseen:
    """The cards the others hold between them, by rank index (fives count the 5H too)."""

    def __init__(self, obs: HeartOfFiveObservation) -> None:
        left = Counter(pack(obs.rules.decks))
        left.subtract(obs.hand)
        left.subtract(obs.played)
        self.counts = [0] * 16
        for c, k in left.items():
            if k > 0:
                self.counts[_index(c)] += k
        self.heart5 = self.counts[_HEART5]
        self.counts[_FIVE] += self.heart5  # in groups the 5H is a five
        self.most = max(0, *(obs.hand_counts[s] for s in range(len(obs.hand_counts))
                             if s != obs.seat))
        self.bomb = self.most >= 4 and any(k >= 4 for k in self.counts[:13])

    def beats(self, sig: Signature) -> bool:
        """Could the unseen cards make a meld beating ``sig``, a bomb apart (a bomb: a higher
        one)? Not a meld longer than every opponent's hand."""
        kind, ranks = sig
        if kind == "bomb":
            return self.bomb and any(k > len(ranks) or (k == len(ranks) and r > ranks[0])
                                     for r, k in enumerate(self.counts[:13]) if k >= 4)
        if len(ranks) > self.most:
            return False
        n = self.counts
        if kind == "single":
            r = ranks[0]
            return r < _HEART5 and (self.heart5 > 0 or any(n[r + 1:_HEART5]))
        if kind in ("pair", "triple", "full_house"):
            size = 2 if kind == "pair" else 3
            top = Counter(ranks).most_common(1)[0][0]
            return any(k >= size for k in n[top + 1:13])
        size = max(Counter(ranks).values())
        groups = len(ranks) // size
        mine = _top(ranks)
        pc = [n[i] for i in _AT]
        for hi in range(mine + 1, 14):
            lo = hi - groups + 1
            if lo >= 0 and (lo, hi) != (0, 12) and all(pc[p] >= size for p in range(lo, hi + 1)):
                return True
        return False


def _top(ranks: tuple[int, ...]) -> int:
    """The top run position of a chain's ranks (an ace high when it can be)."""
    present = set(ranks)
    if _TWO in present:  # the 2 sits low (K-A-2 is no chain): so does an ace
        return max(p for p in range(13) if _AT[p] in present)
    return max(p for p in range(1, 14) if _AT[p] in present)


_TOP_CARDS = frozenset({_TWO, _JJ_LOW, _JJ_HIGH, _HEART5})


def _is_top(sig: Signature) -> bool:
    """A control card: a bomb, a single 2/joker/5H, a pair or triple of aces or 2s."""
    kind, ranks = sig
    if kind in ("bomb",):
        return True
    if kind == "single":
        return ranks[0] in _TOP_CARDS
    return kind in ("pair", "triple") and ranks[0] >= _ACE


def _strength(sig: Signature) -> float:
    """Where a meld sits among its kind, 0 (lowest) to 1."""
    kind, ranks = sig
    if kind == "single":
        return ranks[0] / 15
    if kind in ("run", "sisters"):
        return _top(ranks) / 13
    return Counter(ranks).most_common(1)[0][0] / 12


class NormalAgent:
    """Plans its hand in as few plays as it can, keeps bombs and top singles for control and
    passes on purpose (the module's docstring tells how)."""

    level = "normal"
    LATE_PLAYS = 3      # plays left in the plan from which top cards may be spent
    CLOSE = 3           # an opponent with this many cards or fewer is near going out
    MANY = 2            # more opponents than this: top cards wait (unless late)
    FEW = 2             # an opponent with this many cards or fewer is about to go out
    LONG = 0.2          # leading: how much a card more makes a meld the better lead

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)  # unused so far: Normal's choices follow from the position
        self.planner = Planner()

    def choose(self, observation: HeartOfFiveObservation) -> Action:
        obs = observation
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        hand = [_index(c) for c in obs.hand]
        for a in legal:
            if len(a.cards) == len(hand):
                return a  # going out
        unseen = _Unseen(obs)
        opponents = [k for s, k in enumerate(obs.hand_counts) if s != obs.seat and k > 0]
        if obs.last_meld is None:
            return self._lead(hand, legal, unseen, set(opponents))
        return self._follow(obs, hand, unseen, min(opponents), len(opponents))

    # Leading -----------------------------------------------------------------------------------
    def _lead(self, hand: list[int], legal: Sequence[Action], unseen: _Unseen,
              sizes: set[int]) -> Action:
        by_sig: dict[Signature, Action] = {}
        for a in legal:  # a run before the straight flush of the same ranks
            by_sig.setdefault(signature(a.cards), a)
        mine = [s for s in self.planner.melds(hand) if s in by_sig]
        safe = [s for s in mine if not unseen.beats(s)]
        if mine and len(mine) - len(safe) <= 1 and safe:
            # the rest can be run out: the safe melds first (non-bombs before bombs)
            return by_sig[min(safe, key=lambda s: (s[0] == "bomb", _strength(s)))]

        def lead_cost(sig: Signature) -> float:
            kind, ranks = sig
            cost = _strength(sig) - self.LONG * len(ranks)
            if _is_top(sig):
                cost += 3.0
            if kind == "bomb":
                cost += 3.0
            if len(ranks) in sizes and unseen.beats(sig):
                cost += 2.0  # an opponent could go out on it
            return cost

        return by_sig[min(mine or by_sig, key=lead_cost)]

    # Following ---------------------------------------------------------------------------------
    def _follow(self, obs: HeartOfFiveObservation, hand: list[int], unseen: _Unseen,
                fewest: int, active: int) -> Action:
        owner = obs.last_seat
        owner_left = obs.hand_counts[owner] if owner is not None else 0
        threat = (owner_left > 0 and owner_left <= self.CLOSE) or fewest <= self.FEW
        now = self.planner.cost(hand)
        plays_left = len(self.planner.melds(hand))
        late = plays_left <= self.LATE_PLAYS or fewest <= self.CLOSE or active <= self.MANY
        best: tuple[float, float, Signature, Action] | None = None
        bomb: tuple[float, list[int], Action] | None = None
        for a in obs.legal_actions:
            if a.kind != "play":
                continue
            rest = list(hand)
            for c in a.cards:
                rest.remove(_index(c))
            after = self.planner.cost(rest)
            meld = classify(a.cards)
            if meld is not None and meld.is_bomb:
                if bomb is None or after < bomb[0]:
                    bomb = (after, rest, a)
                continue
            sig = signature(a.cards)
            extra = after + 1.0 - now  # 0: the plan held this meld
            if sig[0] == "single" and sig[1][0] > _TWO:
                extra -= 0.5  # the plan counts a joker or the 5H as half a play
            if best is None or (extra, _strength(sig)) < best[:2]:
                best = (extra, _strength(sig), sig, a)
        if best is not None:
            extra, _, sig, a = best
            top = _is_top(sig)
            if extra <= 0.05 and (not top or late):
                return a
            if threat:
                return a  # whatever it costs the plan
            if top and extra <= 0.05 and active <= 3 and not unseen.beats(sig):
                return a  # wins the trick for sure
        if bomb is not None:
            _, rest, a = bomb
            unsafe = [s for s in self.planner.melds(rest) if unseen.beats(s)]
            if threat or len(unsafe) <= 1:
                return a
        return next(a for a in obs.legal_actions if a.kind == "pass")

    def ranked(self, observation: HeartOfFiveObservation) -> list[Action]:
        """Every legal action, the one Normal plays first, then by what each leaves of the
        hand (the plays its plan needs fewest to finish first; a pass last but for Normal's
        own choice): Hard's shortlist."""
        first = self.choose(observation)
        hand = [_index(c) for c in observation.hand]

        def after(a: Action) -> tuple[float, float]:
            if a.kind != "play":
                return (float("inf"), 0.0)
            rest = list(hand)
            for c in a.cards:
                rest.remove(_index(c))
            return (self.planner.cost(rest), _strength(signature(a.cards)))
        return [first] + sorted((a for a in observation.legal_actions if a != first), key=after)


def round_value(game: Any, seat: int) -> float:
    """What the end of a round is worth to ``seat``: 0 last out (the round lost), else 0.75,
    and 1 for going out first (the round won: the match goes to 10 of them).

    >>> from rules.heart_of_five import HeartOfFiveGame
    >>> game = HeartOfFiveGame.new(7, players=4)
    >>> round_value(game, 0)
    Traceback (most recent call last):
    ...
    ValueError: round_value: no round has ended yet
    """
    if not game.history:
        raise ValueError("round_value: no round has ended yet")
    record = game.history[-1]
    if record["loser"] == seat:
        return 0.0
    return 1.0 if record["winner"] == seat else 0.75


def _hard(seed: int) -> SearchAgent:
    from rules.heart_of_five import HeartOfFiveGame
    return SearchAgent(seed, SearchSpec("heart_of_five", HeartOfFiveGame, round_value,
                                        lambda normal, obs: normal.ranked(obs), seats=8))


register("heart_of_five", "easy", lambda seed: EasyAgent(seed))
register("heart_of_five", "normal", lambda seed: NormalAgent(seed))
register("heart_of_five", "hard", _hard)
