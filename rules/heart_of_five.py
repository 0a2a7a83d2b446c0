"""Heart of Five, the climbing game for 2-8 players on a western deck (docs/rules.md, "Heart of
Five"). The melds (``parse``, ``classify``, ``beats``, ``legal_melds``) live in
``rules.climbing`` and are re-exported here, the public home docs/api.md names.

>>> [str(m) for m in legal_melds(parse("3H 3D 4C"), classify(parse("3S")))]
['4C']

The match (``HeartOfFiveGame``): the pack (54 cards, two packs for 7-8 players) is shuffled as
docs/rules.md prescribes and dealt round-robin from the seat after the dealer, all of it. The first
dealer comes from the seed (as in the fishing games); each later round the seat after the
previous dealer deals. The first round's leader holds 3H (two packs: the first holder counting
from the seat after the dealer); later rounds the previous round's winner leads. Turns go
``(seat + 1) % players`` among the seats still holding cards. A player leads any meld, the
others beat it or pass; passing locks nobody out. When every other seat still holding cards
has passed since the last meld, its player leads anew (gone out: the next seat holding cards).
A seat that sheds its last card goes out; when one seat still holds cards, it loses the round
and the first seat out wins it. The match ends when a seat has ``win_target`` wins.

Actions (``Action``): ``play 3H 3D`` (any cards of the hand that make a meld beating the last
one: the listed choice or another of the same ranks) and ``pass`` (not when leading).

Events, in order (``rules.engine.Event``):

- ``dealt`` (seat: the dealer; data ``round``, ``hand_counts``)
- ``lead`` (seat: who leads a new trick; data ``reason``: ``"3H"`` first round, ``"winner"``
  the previous round's winner, ``"all_passed"`` every other seat passed on its meld,
  ``"after_out"`` its player went out, the next seat holding cards leads)
- ``turn`` (seat to act)
- ``played`` (seat, cards; data ``kind``, ``notation``), ``passed`` (seat)
- ``out`` (seat; data ``place``, 1 for the first out)
- ``round_over`` (seat: the winner; data ``result``: ``round``, ``dealer``, ``order`` (out
  order, the loser last), ``winner``, ``loser``, ``wins``, ``losses``)
- ``match_over`` (seat: the match winner; data ``result``: as ``result``)

>>> g = HeartOfFiveGame.new(7, players=4)
>>> [str(e) for e in g.start_events]
['dealt seat1', 'lead seat3', 'turn seat3']
>>> g.start_events[1].data, [len(h) for h in g.hands]
({'reason': '3H'}, [13, 13, 14, 14])
>>> [str(a) for a in g.legal_actions()[:3]]
['play 3H', 'play 4C', 'play 6H']
>>> [str(e) for e in g.apply("play 3H")]
['played seat3 3H', 'turn seat0']
>>> str(g.legal_actions()[-1]), [str(e) for e in g.apply("pass")], g.observation(3).passes
('pass', ['passed seat0', 'turn seat1'], (0,))
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.climbing import (BOMBS, FIVE_OF_HEARTS, KINDS, SINGLE_ORDER, Meld, as_cards, beats,
                            classify, legal_melds, parse, sort_key)
from rules.deck import shuffle_in_place, shuffled
from rules.engine import (Event, IllegalActionError, InvalidNotationError, LayoutError,
                          RulesError, Step, check_dict, check_int, check_record,
                          check_sample_args, check_seat, fresh, replay_actions)
from rules.fishing.basics import derive_seed
from rules.fishing.records import MAX_SEED
from rules.western import DECK, Card

# ----------------------------------------------------------------------------------------------
# Options


class InvalidRulesError(LayoutError):
    """An option with a value docs/rules.md does not allow (or wrong type), or an unknown one."""


WIN_TARGETS = (5, 10, 20)


@dataclass(frozen=True)
class HeartOfFiveRules:
    """Heart of Five's settings: ``players`` (2-8 seats; two packs from 7) and ``win_target``
    (the wins that end the match: 5, 10 or 20).

    >>> HeartOfFiveRules.from_options({"win_target": 5})
    HeartOfFiveRules(players=4, win_target=5)
    >>> HeartOfFiveRules(win_target=7)
    Traceback (most recent call last):
    ...
    rules.heart_of_five.InvalidRulesError: win_target=7: expected 5, 10 or 20
    """

    players: int = 4
    win_target: int = 10

    def __post_init__(self) -> None:
        if type(self.players) is not int or not 2 <= self.players <= 8:
            raise InvalidRulesError(f"players={self.players!r}: expected 2 to 8")
        if type(self.win_target) is not int or self.win_target not in WIN_TARGETS:
            raise InvalidRulesError(f"win_target={self.win_target!r}: expected 5, 10 or 20")

    @property
    def decks(self) -> int:
        """Packs of 54 dealt: one for up to 6 players, two for 7-8."""
        return 1 if self.players <= 6 else 2

    @classmethod
    def from_options(cls, options: dict[str, Any]) -> "HeartOfFiveRules":
        """Rules from a setup screen's option values (unknown keys are an error)."""
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise InvalidRulesError(f"Heart of Five options: expected an object of option "
                                    f"values, got {type(options).__name__}")
        unknown = set(options) - {f.name for f in dataclasses.fields(cls)}
        if unknown:
            raise InvalidRulesError(f"unknown Heart of Five options: {sorted(unknown)}")
        return cls(**options)


def pack(decks: int) -> tuple[Card, ...]:
    """The unshuffled pack: ``DECK`` once, or twice for two decks (docs/rules.md's order)."""
    return DECK * decks


# ----------------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True)
class Action:
    """``play`` with the cards of a meld, or ``pass``; ``str`` gives the notation.

    >>> str(Action("play", tuple(parse("3H 3D")))), str(PASS), parse_action(" PLAY 5! ")
    ('play 3H 3D', 'pass', Action('play 5C 5D 5H 5S'))
    """

    kind: str
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        return "pass" if self.kind == "pass" else "play " + " ".join(map(str, self.cards))

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


PASS = Action("pass")
MAX_ACTION_TEXT = 400


def parse_action(text: object) -> Action:
    """``"play <cards>"`` or ``"pass"`` (any case, cards in ``parse`` notation) as an Action,
    or InvalidNotationError naming the text."""
    if not isinstance(text, str) or len(text) > MAX_ACTION_TEXT:
        raise InvalidNotationError(f"not an action: {text!r}")
    words = text.split(None, 1)
    word = words[0].lower() if words else ""
    if word == "pass" and len(words) == 1:
        return PASS
    if word == "play" and len(words) == 2:
        try:
            return Action("play", tuple(parse(words[1])))
        except InvalidNotationError as exc:
            raise InvalidNotationError(f"not an action: {text!r} ({exc})") from None
    raise InvalidNotationError(f"not an action: {text!r} (expected 'play <cards>' or 'pass')")


def check_action(action: object) -> Action:
    """``action`` (an Action or its notation) checked as a well-formed action."""
    if type(action) is not Action:
        return parse_action(action)
    if action.kind == "pass" and action.cards == ():
        return action
    if action.kind != "play" or not isinstance(action.cards, tuple) or not action.cards:
        raise InvalidNotationError(f"not an action: {action.kind!r} with {action.cards!r}")
    as_cards(action.cards, "action")
    return action


# ----------------------------------------------------------------------------------------------
# Observation


@dataclass(frozen=True)
class HeartOfFiveObservation:
    """What one seat knows (``HeartOfFiveGame.observation(seat)``): its own hand, every hand's
    size, the trick (its last meld, who played it, the seats that passed on it since), the
    cards played this round, the order out, the tallies, round and dealer, and its legal
    actions (empty unless it is to move)."""

    seat: int
    current_player: int | None
    rules: HeartOfFiveRules
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    last_meld: Meld | None
    last_seat: int | None
    passes: tuple[int, ...]
    played: tuple[Card, ...]
    out: tuple[int, ...]
    wins: tuple[int, ...]
    losses: tuple[int, ...]
    round: int
    dealer: int
    legal_actions: tuple[Action, ...]


# ----------------------------------------------------------------------------------------------
# The game


class HeartOfFiveGame:
    """A match of Heart of Five for 2-8 seats: state, legal actions, apply, observation,
    replay (see the module's docstring for the rules, actions and events).

    >>> g = HeartOfFiveGame.new(3, players=2, rules=HeartOfFiveRules(win_target=5))
    >>> while not g.is_over:
    ...     _ = g.apply(g.legal_actions()[0])
    >>> r = g.result
    >>> max(r["wins"]), sum(r["wins"]) == sum(r["losses"]) == len(r["rounds"])
    (5, True)
    >>> HeartOfFiveGame.from_dict(g.to_dict()).to_dict() == g.to_dict()
    True
    """

    GAME_ID: ClassVar[str] = "heart_of_five"

    # The hot state in slots: search clones and applies many times a second.
    __slots__ = ("rules", "players", "seed", "actions", "hands", "played", "last", "last_seat",
                 "passes", "out", "wins", "losses", "round", "dealer", "current_player",
                 "history", "winner", "_start_events", "sampled", "_events", "_legal")

    def __init__(self, seed: int, rules: HeartOfFiveRules = HeartOfFiveRules()) -> None:
        """An empty table (no cards dealt): ``new`` deals the first round."""
        if not isinstance(rules, HeartOfFiveRules):
            raise LayoutError(f"rules: expected HeartOfFiveRules, got {type(rules).__name__}")
        self.seed = check_int(seed, "seed", 0, MAX_SEED)
        self.rules = rules
        self.players = n = rules.players
        self.actions: list[Action] = []
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.played: list[Card] = []           # this round's melds, in order
        self.last: Meld | None = None          # the trick's last meld (None: a lead is due)
        self.last_seat: int | None = None
        self.passes: list[int] = []            # seats that passed since the last meld
        self.out: list[int] = []               # seats gone out this round, in order
        self.wins = [0] * n
        self.losses = [0] * n
        self.round = 0
        self.dealer = int(random.Random(derive_seed(self.seed, 0xDEA1)).random() * n)
        self.current_player: int | None = None
        self.history: list[dict[str, Any]] = []
        self.winner: int | None = None
        self._start_events: tuple[Event, ...] = ()
        self.sampled = False
        self._events: list[Event] = []
        self._legal: list[Action] | None = None

    @classmethod
    def new(cls, seed: int, rules: Any = None, players: int | None = None) -> "HeartOfFiveGame":
        """A match from deal number ``seed``, its first round dealt (the events that made are in
        ``start_events``); ``players`` (2-8) overrides ``rules.players``."""
        if rules is None:
            rules = HeartOfFiveRules()
        if not isinstance(rules, HeartOfFiveRules):
            raise LayoutError(f"rules: expected HeartOfFiveRules, got {type(rules).__name__}")
        if players is not None:
            rules = dataclasses.replace(rules, players=players)
        game = cls(seed, rules)
        game._start_round(None)
        game._start_events, game._events = tuple(game._events), []
        return game

    # Queries -----------------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.current_player is None and self.round > 0

    @property
    def start_events(self) -> list[Event]:
        """What dealing the first round made happen (``new``): copies, so an edited event
        changes nothing here."""
        return [e.copy() for e in self._start_events]

    @property
    def result(self) -> dict[str, Any] | None:
        """``winner``, ``wins``, ``losses`` per seat and the ``rounds`` once the match is over:
        a new copy at each call, so editing it changes nothing of the match.

        >>> g = HeartOfFiveGame.new(3, players=2, rules=HeartOfFiveRules(win_target=5))
        >>> while not g.is_over:
        ...     _ = g.apply(g.legal_actions()[0])
        >>> g.result["rounds"][0]["order"].append(9)
        >>> g.result["rounds"][0]["order"] == g.history[0]["order"] == [1, 0]
        True
        """
        if not self.is_over:
            return None
        return {"winner": self.winner, "wins": list(self.wins), "losses": list(self.losses),
                "rounds": [fresh(r) for r in self.history]}

    def legal_actions(self) -> list[Action]:
        """One ``play`` per entry of ``legal_melds`` (same order), then ``pass`` when following."""
        legal = self._legal
        if legal is None:
            p = self.current_player
            if p is None:
                legal = []
            else:
                legal = [Action("play", m.cards)
                         for m in legal_melds(self.hands[p], self.last, self.rules.decks)]
                if self.last is not None:
                    legal.append(PASS)
            self._legal = legal
        return list(legal)

    def observation(self, seat: int) -> HeartOfFiveObservation:
        """What ``seat`` knows: its own hand and everything public; never another hand.

        >>> obs = HeartOfFiveGame.new(7, players=8).observation(1)
        >>> len(obs.hand), obs.hand_counts, obs.legal_actions
        (13, (13, 13, 13, 13, 14, 14, 14, 14), ())
        """
        s = check_seat(seat, self.players)
        return HeartOfFiveObservation(
            seat=s, current_player=self.current_player, rules=self.rules,
            hand=tuple(self.hands[s]), hand_counts=tuple(len(h) for h in self.hands),
            last_meld=self.last, last_seat=self.last_seat, passes=tuple(self.passes),
            played=tuple(self.played), out=tuple(self.out), wins=tuple(self.wins),
            losses=tuple(self.losses), round=self.round, dealer=self.dealer,
            legal_actions=tuple(self.legal_actions()) if s == self.current_player else ())

    # Applying ----------------------------------------------------------------------------------
    def apply(self, action: Action | str) -> list[Event]:
        """Carry out ``action`` (an Action or its notation) for the current player; returns the
        events. Any cards of the hand that make a meld beating the last one are accepted; text
        that is no action raises InvalidNotationError, anything not legal now
        IllegalActionError naming the reason; a refused action changes nothing."""
        act = check_action(action)
        p = self.current_player
        if p is None:
            raise IllegalActionError(f"{act}: the match is over")
        meld: Meld | None = None
        if act.kind == "pass":
            if self.last is None:
                raise IllegalActionError(f"pass: seat {p} leads a new trick and must play")
        else:
            self._check_in_hand(p, act)
            meld = classify(act.cards, self.rules.decks)
            if meld is None:
                raise IllegalActionError(f"{act}: {' '.join(map(str, act.cards))} make no meld")
            if not beats(meld, self.last):
                last = self.last
                assert last is not None
                raise IllegalActionError(f"{act}: a {meld.kind} does not beat the "
                                         f"{last.kind} {last} of seat {self.last_seat}")
            act = Action("play", meld.cards)
        self._events = []
        self._legal = None
        self.actions.append(act)
        if meld is None:
            self._pass(p)
        else:
            self._play(p, act, meld)
        return self._events

    def _check_in_hand(self, p: int, act: Action) -> None:
        missing = Counter(act.cards) - Counter(self.hands[p])
        if missing:
            names = " ".join(str(c) for c in sorted(missing.elements(), key=sort_key))
            raise IllegalActionError(f"{act}: {names} not in seat {p}'s hand")

    def _emit(self, kind: str, seat: int | None = None, cards: tuple[Card, ...] = (),
              data: dict[str, Any] | None = None) -> None:
        self._events.append(Event(kind, seat, cards, data))

    def _next_holder(self, p: int) -> int:
        """The first seat after ``p`` in turn order still holding cards."""
        n, hands = self.players, self.hands
        q = (p + 1) % n
        while not hands[q]:
            q = (q + 1) % n
        return q

    def _turn(self, seat: int) -> None:
        self.current_player = seat
        self._emit("turn", seat)

    def _lead(self, seat: int, reason: str) -> None:
        self.last = None
        self.last_seat = None
        self.passes = []
        self._emit("lead", seat, data={"reason": reason})
        self._turn(seat)

    def _play(self, p: int, act: Action, meld: Meld) -> None:
        hand = self.hands[p]
        for c in act.cards:
            hand.remove(c)
        self.played.extend(act.cards)
        self.last = meld
        self.last_seat = p
        self.passes = []
        self._emit("played", p, act.cards, {"kind": meld.kind, "notation": str(meld)})
        if not hand:
            self.out.append(p)
            self._emit("out", p, data={"place": len(self.out)})
            holders = [s for s, h in enumerate(self.hands) if h]
            if len(holders) == 1:
                self._end_round(holders[0])
                return
        self._turn(self._next_holder(p))

    def _pass(self, p: int) -> None:
        self.passes.append(p)
        self._emit("passed", p)
        owner = self.last_seat
        assert owner is not None
        others = sum(1 for s, h in enumerate(self.hands) if h and s != owner)
        if len(self.passes) < others:
            self._turn(self._next_holder(p))
        elif self.hands[owner]:
            self._lead(owner, "all_passed")
        else:
            self._lead(self._next_holder(owner), "after_out")

    # Rounds ------------------------------------------------------------------------------------
    def _start_round(self, leader: int | None) -> None:
        """Deal the next round; ``leader`` None: the first round, the 3H's holder leads."""
        n = self.players
        seed = self.seed if self.round == 0 else derive_seed(self.seed, self.round)
        deck = shuffled(pack(self.rules.decks), seed)
        hands: list[list[Card]] = [[] for _ in range(n)]
        first = self.dealer + 1
        for i, c in enumerate(deck):
            hands[(first + i) % n].append(c)
        for h in hands:
            h.sort(key=sort_key)
        self.hands = hands
        self.played = []
        self.out = []
        self.round += 1
        self._emit("dealt", self.dealer, data={"round": self.round,
                                               "hand_counts": [len(h) for h in hands]})
        if leader is None:
            three = Card("3", "H")
            leader = next(s for s in ((first + k) % n for k in range(n)) if three in hands[s])
            self._lead(leader, "3H")
        else:
            self._lead(leader, "winner")

    def _end_round(self, loser: int) -> None:
        winner = self.out[0]
        self.wins[winner] += 1
        self.losses[loser] += 1
        record = {"round": self.round, "dealer": self.dealer, "order": [*self.out, loser],
                  "winner": winner, "loser": loser, "wins": list(self.wins),
                  "losses": list(self.losses)}
        self.history.append(record)
        self.last = None
        self.last_seat = None
        self.passes = []
        self._emit("round_over", winner, data={"result": fresh(record)})
        if self.wins[winner] >= self.rules.win_target:
            self.current_player = None
            self.winner = winner
            self._emit("match_over", winner, data={"result": self.result})
        else:
            self.dealer = (self.dealer + 1) % self.players
            self._start_round(winner)

    # Records -----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The match as JSON-ready values (seed, rules, actions), for ``from_dict``."""
        if self.sampled:
            raise RulesError("a sampled game is a guess, not a game: it has no record to save")
        return {"game": self.GAME_ID, "seed": self.seed,
                "rules": dataclasses.asdict(self.rules),
                "actions": [str(a) for a in self.actions]}

    @classmethod
    def from_dict(cls, data: Any, step: Step | None = None) -> "HeartOfFiveGame":
        """Replay a saved match (each action through ``step``, default ``game.apply``); every
        value is checked first and a replay the engine refuses is refused whole (LayoutError
        naming the bad part).

        >>> HeartOfFiveGame.from_dict({"game": "heart_of_five", "seed": 1, "rules": {},
        ...                            "actions": ["pass"]})
        Traceback (most recent call last):
        ...
        rules.engine.LayoutError: actions[0] 'pass': pass: seat 1 leads a new trick and must play
        """
        data, actions = check_record(data, cls.GAME_ID, MAX_ACTION_TEXT)
        seed = check_int(data["seed"], "seed", 0, MAX_SEED)
        rules = HeartOfFiveRules.from_options(check_dict(data["rules"], "rules"))
        game = cls.new(seed, rules)
        replay_actions(game, actions, step)
        return game

    def clone(self) -> "HeartOfFiveGame":
        """An independent copy (no deepcopy: lists copied, cards, melds and actions shared)."""
        new = object.__new__(HeartOfFiveGame)
        new.rules = self.rules
        new.players = self.players
        new.seed = self.seed
        new.actions = self.actions.copy()
        new.hands = [h.copy() for h in self.hands]
        new.played = self.played.copy()
        new.last = self.last
        new.last_seat = self.last_seat
        new.passes = self.passes.copy()
        new.out = self.out.copy()
        new.wins = self.wins.copy()
        new.losses = self.losses.copy()
        new.round = self.round
        new.dealer = self.dealer
        new.current_player = self.current_player
        new.history = [fresh(r) for r in self.history]  # nothing shared that can change
        new.winner = self.winner
        new._start_events = self._start_events  # a tuple, its events never handed out
        new.sampled = self.sampled
        new._events = []
        new._legal = self._legal  # never changed in place: apply replaces it
        return new

    @classmethod
    def sample(cls, observation: Any, rng: random.Random) -> "HeartOfFiveGame":
        """A full match ``observation``'s seat cannot tell from the real one: the cards it has
        not seen (the pack less its hand and the cards played this round) dealt at random to
        the other seats by their counts. Later rounds come from a random seed; the sample
        plays on like any match but ``to_dict`` refuses it (a guess is no record).

        >>> g = HeartOfFiveGame.new(5, players=3)
        >>> s = HeartOfFiveGame.sample(g.observation(0), random.Random(1))
        >>> s.observation(0) == g.observation(0), s.hands[1] == g.hands[1]
        (True, False)
        """
        check_sample_args(observation, HeartOfFiveObservation, rng)
        obs = observation
        game = cls(rng.getrandbits(64), obs.rules)
        game.sampled = True
        n, seat = game.players, obs.seat
        unseen = Counter(pack(obs.rules.decks))
        unseen.subtract(obs.hand)
        unseen.subtract(obs.played)
        if min(unseen.values()) < 0:
            raise LayoutError("observation: a card is in two places")
        rest = sorted(unseen.elements(), key=sort_key)
        need = [obs.hand_counts[s] if s != seat else 0 for s in range(n)]
        if len(obs.hand_counts) != n or sum(need) != len(rest) or \
                obs.hand_counts[seat] != len(obs.hand):
            raise LayoutError("observation: its card counts do not add up to the pack")
        shuffle_in_place(rest, rng)
        pos = 0
        for s in range(n):
            if s == seat:
                game.hands[s] = list(obs.hand)
                continue
            hand = rest[pos:pos + need[s]]
            pos += need[s]
            hand.sort(key=sort_key)
            game.hands[s] = hand
        game.played = list(obs.played)
        game.last = obs.last_meld
        game.last_seat = obs.last_seat
        game.passes = list(obs.passes)
        game.out = list(obs.out)
        game.wins = list(obs.wins)
        game.losses = list(obs.losses)
        game.round = obs.round
        game.dealer = obs.dealer
        game.current_player = obs.current_player
        if obs.current_player is None:
            game.winner = max(range(n), key=lambda s: obs.wins[s])
        return game

    def __repr__(self) -> str:
        return (f"<HeartOfFiveGame seed={self.seed} players={self.players} round={self.round} "
                f"turn={self.current_player} actions={len(self.actions)}>")


__all__ = ["BOMBS", "FIVE_OF_HEARTS", "KINDS", "SINGLE_ORDER", "Meld", "as_cards", "beats",
           "classify", "legal_melds", "parse", "sort_key", "DECK", "Card", "pack",
           "HeartOfFiveRules", "HeartOfFiveGame", "HeartOfFiveObservation", "Action", "PASS",
           "parse_action", "check_action", "InvalidRulesError", "WIN_TARGETS"]
