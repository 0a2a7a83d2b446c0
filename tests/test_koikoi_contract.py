"""Koi-Koi against the engine contract of rules/engine.py: one error family for input of any
type (and a refused call changes nothing), the frozen per-seat observation with the cards a
seat has been shown, a cheap ``clone``, strict ``from_dict``, and ``sample`` (a state the seat
cannot tell from the real one)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import (AmbiguousActionError, IllegalActionError, InvalidNotationError,
                          LayoutError, Observation, RulesError)
from rules.hanafuda import DECK, Card, cards, codes
from rules.koikoi import (Action, InvalidRulesError, KoiKoiGame, KoiKoiObservation, KoiKoiRules,
                          kind_counts, yaku)
from tests.helpers import cards_in
from tests.test_koikoi_engine import any_rules, snapshot

SEED = KoiKoiRules()
NINTENDO = KoiKoiRules.nintendo()

# That the engine meets the contract (rules.engine.Engine) is checked by mypy in
# tests/typing_contract.py.


def state(game: KoiKoiGame) -> tuple:
    """Everything a refused call must leave as it was."""
    return snapshot(game), json.dumps(game.to_dict()), game.observation(0), game.observation(1)


def played(seed: int, actions: int, rules: KoiKoiRules = SEED, pick: int = 0) -> KoiKoiGame:
    game = KoiKoiGame.new(seed, rules)
    rng = random.Random(pick)
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


# ----------------------------------------------------------------------------------------------
# Errors: input of any type, one family, nothing changed

ILLEGAL = dict(hands=["3C2 5C1", "6C1 7C1"], field="3B 3C1 9C1", stock="2C1 4C1 10C1 11C1")


@pytest.mark.parametrize("action, error, named", [
    (None, InvalidNotationError, "None"),
    (3, InvalidNotationError, "3"),
    (["play", "3C2"], InvalidNotationError, "play"),
    (("play", cards("3C2")[0], cards("3B")[0], False), InvalidNotationError, "3C2"),
    (b"keep", InvalidNotationError, "keep"),
    ("plya 3C2", InvalidNotationError, "plya"),
    ("play 3C2 3B -", InvalidNotationError, "play 3C2 3B -"),
    (Action("play", "3C2"), InvalidNotationError, "3C2"),              # a code, not a Card
    (Action("play", cards("3C2")[0], "3B"), InvalidNotationError, "3B"),
    (Action("play", None), InvalidNotationError, "play"),
    (Action("take", cards("3C2")[0]), InvalidNotationError, "take"),
    (Action("fold"), InvalidNotationError, "fold"),
    (Action("stop", lay="yes"), InvalidNotationError, "stop"),
    (Action([1], [2]), InvalidNotationError, r"\[1\]"),                 # unhashable parts
    (Action("play", cards("3C2")[0], cards("3B")[0], True), InvalidNotationError, "3C2"),
    ("play 3C2", AmbiguousActionError, "3B or 3C1"),
    (Action("play", cards("3C2")[0]), AmbiguousActionError, "play 3C2 3B, play 3C2 3C1"),
    ("play 6C1", IllegalActionError, "play 6C1"),
])
def test_apply_refuses_anything_but_a_legal_action(action, error, named):
    g = KoiKoiGame.from_layout(**ILLEGAL)
    before = state(g)
    with pytest.raises(error, match=named):
        g.apply(action)
    assert state(g) == before


def test_an_ambiguous_play_is_also_an_illegal_action():
    assert issubclass(AmbiguousActionError, IllegalActionError)
    g = KoiKoiGame.from_layout(**ILLEGAL)
    with pytest.raises(IllegalActionError):
        g.apply("play 3C2")


@pytest.mark.parametrize("kwargs, named", [
    (dict(hands=None), "hands"),
    (dict(hands="3C2 5C1"), "hands"),
    (dict(hands=["3C2 5C1"]), "hands"),
    (dict(hands=["3C2 5C1", 7]), r"hands\[1\]"),
    (dict(hands=[["3C2"], ""]), r"hands\[0\]\[0\]"),
    (dict(hands=["3C2 5X1", "6C1 7C1"]), r"hands\[0\].*5X1"),
    (dict(field=None), "field"),
    (dict(field={"3B": 1}), "field"),
    (dict(stock=12), "stock"),
    (dict(piles=None), "piles"),
    (dict(piles=("1B",)), "piles"),
    (dict(piles=("1B", 2)), r"piles\[1\]"),
    (dict(dealer="0"), "dealer"),
    (dict(dealer=True), "dealer"),
    (dict(current=2), "current"),
    (dict(scores=None), "scores"),
    (dict(scores=(0, "5")), r"scores\[1\]"),
    (dict(scores=(0, 0, 0)), "scores"),
    (dict(koikoi_calls=(0, -1)), r"koikoi_calls\[1\]"),
    (dict(field_brights=9), "field_brights"),
    (dict(field_brights=1.0), "field_brights"),
    (dict(round=0), "round"),
    (dict(round=None), "round"),
    (dict(seed=-1), "seed"),
    (dict(seed="1"), "seed"),
    (dict(rules=None), "rules"),
    (dict(rules={"scoring": "simple"}), "rules"),
])
def test_from_layout_names_the_bad_part(kwargs, named):
    with pytest.raises(LayoutError, match=named):
        KoiKoiGame.from_layout(**{**ILLEGAL, **kwargs})


@pytest.mark.parametrize("call, error, named", [
    (lambda: KoiKoiGame.new(None), LayoutError, "seed"),
    (lambda: KoiKoiGame.new(1.5), LayoutError, "seed"),
    (lambda: KoiKoiGame.new(2**64), LayoutError, "seed"),
    (lambda: KoiKoiGame.new(1, "seed"), InvalidRulesError, "rules"),
    (lambda: KoiKoiRules(scoring=1), InvalidRulesError, "scoring"),
    (lambda: KoiKoiRules(hand_swap=1), InvalidRulesError, "hand_swap"),
    (lambda: KoiKoiRules(instant_win_points=True), InvalidRulesError, "instant_win_points"),
    (lambda: KoiKoiRules.from_options(None), InvalidRulesError, "options"),
    (lambda: KoiKoiRules.from_options({"fast": True}), InvalidRulesError, "fast"),
    (lambda: KoiKoiRules.from_options({1: True}), InvalidRulesError, "options"),
    (lambda: yaku(None), InvalidNotationError, "None"),
    (lambda: yaku("1B 3B 8B"), InvalidNotationError, "str"),
    (lambda: yaku(["1B"]), InvalidNotationError, "1B"),
    (lambda: yaku(cards("1B"), rules="simple"), InvalidRulesError, "rules"),
    (lambda: kind_counts([None]), InvalidNotationError, "None"),
])
def test_other_entry_points_raise_the_family(call, error, named):
    with pytest.raises(error, match=named):
        call()


@pytest.mark.parametrize("seat", ["0", None, 2, -1, 0.0, True])
def test_observation_and_seat_queries_refuse_a_bad_seat(seat):
    g = KoiKoiGame.new(3)
    before = state(g)
    for query in (g.observation, g.yaku_of, g.multiplier_now):
        with pytest.raises(IllegalActionError, match="seat"):
            query(seat)
    assert state(g) == before


def garbage() -> st.SearchStrategy:
    """Values of every type an untrusted caller might pass."""
    card_like = st.one_of(st.sampled_from(DECK), st.none(), st.text(max_size=4), st.integers())
    return st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=12),
        st.binary(max_size=6), st.lists(st.integers(), max_size=3),
        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
        st.sampled_from(["play", "take", "koikoi", "stop", "swap", "keep", "play 3B 3C1 -"]),
        st.builds(lambda w, c: f"{w} {c}", st.sampled_from(["play", "take"]),
                  st.sampled_from([c.code for c in DECK] + ["13B", "-", ""])),
        st.builds(Action, st.sampled_from(["play", "take", "koikoi", "stop", "x"]), card_like,
                  card_like, st.one_of(st.booleans(), st.integers(0, 1))))


@settings(max_examples=300, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 500), steps=st.integers(0, 60), value=garbage())
def test_apply_with_anything_raises_the_family_or_plays_a_legal_action(seed, steps, value):
    g = played(seed, steps, KoiKoiRules(hand_swap=seed % 2 == 0, matching="optional"))
    before = state(g)
    legal = g.legal_actions()
    try:
        g.apply(value)
    except RulesError:
        assert state(g) == before
    else:  # it named a legal action (possibly spelled with its only capture's target)
        assert g.actions[-1] in legal


# ----------------------------------------------------------------------------------------------
# from_dict: every value checked, a refused replay refused whole


def saved(actions: int = 30) -> dict:
    return json.loads(json.dumps(played(11, actions).to_dict()))


@pytest.mark.parametrize("change, named", [
    (lambda d: "x", "saved game"),
    (lambda d: None, "saved game"),
    (lambda d: [d], "saved game"),
    (lambda d: {**d, "extra": 1}, "extra"),
    (lambda d: {k: v for k, v in d.items() if k != "seed"}, "seed"),
    (lambda d: {**d, "game": "hearts600"}, "hearts600"),
    (lambda d: {**d, "seed": "11"}, "seed"),
    (lambda d: {**d, "seed": -3}, "seed"),
    (lambda d: {**d, "seed": 11.0}, "seed"),
    (lambda d: {**d, "rules": None}, "rules"),
    (lambda d: {**d, "rules": {**d["rules"], "scoring": 3}}, "scoring"),
    (lambda d: {**d, "rules": {**d["rules"], "evil": "__import__('os')"}}, "evil"),
    (lambda d: {**d, "actions": "play 1B"}, "actions"),
    (lambda d: {**d, "actions": [*d["actions"][:3], None]}, r"actions\[3\]"),
    (lambda d: {**d, "actions": [*d["actions"][:3], "play 1B " * 20]}, r"actions\[3\]"),
    (lambda d: {**d, "actions": [*d["actions"][:5], "fold", *d["actions"][5:]]},
     r"actions\[5\] 'fold'"),
    (lambda d: {**d, "actions": [*d["actions"], "koikoi", "koikoi"]}, "koikoi"),
    (lambda d: {**d, "layout": "x"}, "layout"),
    (lambda d: {**d, "layout": {"hands": ["1B", "2A"], "field": "", "stock": "3B 4A",
                                "rules": {}}}, "rules"),
    (lambda d: {**d, "layout": {"hands": ["1B", "2A"], "field": ""}}, "stock"),
    (lambda d: {**d, "layout": {"hands": [["1B"], "2A"], "field": "", "stock": "3B 4A"}},
     "hands"),
    (lambda d: {**d, "layout": {"hands": ["1B", "2A"], "field": 5, "stock": "3B 4A"}},
     "field"),
    (lambda d: {**d, "layout": {"hands": ["1B", "1B"], "field": "", "stock": "3B 4A"}},
     "1B"),
    (lambda d: {**d, "layout": {"hands": ["1B", "2A"], "field": "", "stock": "3B 4A",
                                "round": "2"}}, "round"),
])
def test_from_dict_refuses_damaged_or_hostile_data(change, named):
    with pytest.raises(LayoutError, match=named):
        KoiKoiGame.from_dict(change(saved()))


def mutate(value, draw):
    """``value`` with one part (chosen by ``draw``) replaced by garbage."""
    if isinstance(value, dict) and value and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(value)))
        return {**value, key: mutate(value[key], draw)}
    if isinstance(value, list) and value and draw(st.booleans()):
        i = draw(st.integers(0, len(value) - 1))
        return [*value[:i], mutate(value[i], draw), *value[i + 1:]]
    return draw(garbage())


@settings(max_examples=200, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_from_dict_with_any_damage_loads_or_raises_a_layout_error(data):
    good = saved(data.draw(st.integers(0, 60)))
    if data.draw(st.booleans()):
        good["layout"] = {"hands": ["8B 7C2", "6C1 6C2"], "field": "8C1 4C1",
                          "stock": "9C1 10C1 11C1 5C2", "piles": ["1B 3B", ""]}
        good["actions"] = ["play 8B", "koikoi", "play 6C1"]
    damaged = mutate(good, data.draw)
    try:
        game = KoiKoiGame.from_dict(damaged)
    except LayoutError:
        return
    assert json.loads(json.dumps(game.to_dict())) == json.loads(json.dumps(
        KoiKoiGame.from_dict(damaged).to_dict()))


# ----------------------------------------------------------------------------------------------
# The observation


def test_observation_is_a_frozen_object_of_tuples():
    g = played(5, 9)
    obs = g.observation(g.current_player)
    assert isinstance(obs, Observation) and isinstance(obs, KoiKoiObservation)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.hand = ()  # type: ignore[misc]
    for f in dataclasses.fields(obs):
        assert not isinstance(getattr(obs, f.name), list), f.name
    assert all(isinstance(p, tuple) for p in obs.piles)
    assert obs.legal_actions == tuple(g.legal_actions())
    assert obs.seat == g.current_player and obs.opponent_hand_count == len(g.hands[1 - obs.seat])
    assert obs.yaku == (g.yaku_of(0), g.yaku_of(1)) and obs.rules is g.rules
    assert obs.scores == tuple(g.scores) and obs.players == 2


def test_observation_history_is_the_rounds_played_and_cannot_change_the_game():
    g = played(2, 120)
    assert len(g.history) >= 2
    obs = g.observation(0)
    assert [r.to_dict() for r in obs.history] == [r.to_dict() for r in g.history]
    with pytest.raises(TypeError):
        obs.history[0].points[0] += 100  # a careless agent: refused, the record is frozen
    with pytest.raises(AttributeError):
        obs.history[0].winner = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        obs.history[0].yaku["akatan"] = 99  # type: ignore[index]
    later = g.observation(0)
    assert [r.to_dict() for r in later.history] == [r.to_dict() for r in g.history]
    assert g.clone().observation(0).history == later.history


def swap_game(swap: bool) -> tuple[KoiKoiGame, list[list[Card]]]:
    g = KoiKoiGame.new(0, SEED)
    dealt = [list(h) for h in g.hands]
    g.apply("swap" if swap else "keep")
    return g, dealt


def test_after_a_hand_swap_both_seats_know_both_hands():
    g, dealt = swap_game(True)
    swapper = 1 - g.dealer
    for seat in (0, 1):
        obs = g.observation(seat)
        # The swapper knows its old hand is now the dealer's; the dealer knows its old hand
        # went over: each knows the other's whole hand.
        assert set(obs.revealed_hands[1 - seat]) == set(g.hands[1 - seat])
        assert obs.revealed_hands[seat] == tuple(sorted(g.hands[seat]))
    assert set(g.observation(swapper).revealed_hands[g.dealer]) == set(dealt[swapper])
    assert set(g.observation(g.dealer).revealed_hands[swapper]) == set(dealt[g.dealer])
    # Cards leave the known hand as they are played.
    card_ = g.legal_actions()[0].card
    g.apply(g.legal_actions()[0])
    assert card_ not in g.observation(swapper).revealed_hands[g.dealer]


def test_keeping_the_hands_reveals_nothing():
    g, _dealt = swap_game(False)
    for seat in (0, 1):
        assert g.observation(seat).revealed_hands == ((), ())
        assert g.observation(seat).revealed_stock == ()


def test_revealed_cards_are_forgotten_at_the_next_deal():
    g, _dealt = swap_game(True)
    rounds = len(g.history)
    rng = random.Random(4)
    while len(g.history) == rounds:
        g.apply(rng.choice(g.legal_actions()))
    if g.phase == "swap":
        assert g.observation(0).revealed_hands == ((), ())


# ----------------------------------------------------------------------------------------------
# clone, current_player at the end


@pytest.mark.parametrize("steps", [0, 3, 17, 60])
def test_clone_is_an_independent_equal_copy(steps):
    g = played(8, steps)
    c = g.clone()
    assert type(c) is KoiKoiGame and snapshot(c) == snapshot(g) and c.to_dict() == g.to_dict()
    assert c.observation(0) == g.observation(0) and c.observation(1) == g.observation(1)
    before = state(g)
    rng = random.Random(steps)
    for _ in range(40):
        if c.is_over:
            break
        c.apply(rng.choice(c.legal_actions()))
    assert state(g) == before
    # Playing the same actions on both gives the same game.
    for a in c.actions[len(g.actions):]:
        g.apply(a)
    assert snapshot(c) == snapshot(g)


def test_current_player_is_none_once_the_match_is_over():
    g = KoiKoiGame.from_layout(["8B 7C2", "6C1 6C2"], "8C1 4C1", "9C1 10C1 11C1 5C2",
                               piles=("1B 3B", ""), scores=(45, 0))
    g.apply("play 8B")
    g.apply("stop")
    assert g.is_over and g.current_player is None and g.legal_actions() == []
    assert all(g.observation(s).legal_actions == () for s in (0, 1))
    assert g.observation(0).current_player is None


# ----------------------------------------------------------------------------------------------
# sample: what a seat cannot tell from the real game


def same_knowledge(sample: KoiKoiGame, game: KoiKoiGame, seat: int) -> None:
    assert sample.observation(seat) == game.observation(seat)
    # The seat's opponent knows in the sample what it knows in the game, too.
    other = 1 - seat
    real, guess = game.observation(other), sample.observation(other)
    assert guess.revealed_hands[seat] == real.revealed_hands[seat]
    assert guess.revealed_stock == real.revealed_stock
    assert guess.phase == real.phase
    if len(real.revealed_hands[other]) == len(real.hand):  # the seat knows the other's hand
        assert sorted(guess.hand) == sorted(real.hand)
        assert set(guess.legal_actions) == set(real.legal_actions)  # in the guessed order


@pytest.mark.parametrize("swap", [True, False])
def test_sample_keeps_what_the_seat_knows_and_guesses_the_rest(swap):
    g, _dealt = swap_game(swap)
    for seat in (0, 1):
        guesses = set()
        for r in range(20):
            s = KoiKoiGame.sample(g.observation(seat), random.Random(r))
            same_knowledge(s, g, seat)
            assert sorted(s.hands[0] + s.hands[1] + s.field + s.stock) == list(DECK)
            guesses.add((codes(sorted(s.hands[1 - seat])), codes(s.stock)))
            if swap:  # both hands are known; only the stock order is a guess
                assert sorted(s.hands[1 - seat]) == sorted(g.hands[1 - seat])
        assert len(guesses) == 20


def test_sample_refuses_what_is_not_an_observation():
    g = KoiKoiGame.new(1)
    with pytest.raises(RulesError, match="observation"):
        KoiKoiGame.sample({"seat": 0}, random.Random(1))
    with pytest.raises(RulesError, match="rng"):
        KoiKoiGame.sample(g.observation(0), 5)
    broken = dataclasses.replace(g.observation(0), stock_count=3)
    with pytest.raises(LayoutError, match="add up"):
        KoiKoiGame.sample(broken, random.Random(1))
    s = KoiKoiGame.sample(g.observation(0), random.Random(1))
    with pytest.raises(RulesError, match="sampled"):
        s.to_dict()


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 2**32), rules=any_rules(),
       steps=st.integers(0, 80))
def test_samples_at_random_points_match_and_play_to_the_end(seed, pick, rules, steps):
    g = played(seed, steps, rules, pick)
    rng = random.Random(pick)
    seat = g.current_player if g.current_player is not None else pick % 2
    obs = g.observation(seat)
    s = KoiKoiGame.sample(obs, rng)
    same_knowledge(s, g, seat)
    hidden = set(s.hands[1 - seat]) | set(s.stock)
    assert hidden == (set(g.hands[1 - seat]) | set(g.stock)), "the same unseen cards"
    assert not (cards_in(obs) - set(obs.revealed_hands[1 - seat]) - set(obs.revealed_stock)) \
        & hidden
    # Every legal action of the observation is accepted, and the sample plays to the end.
    for action in obs.legal_actions:
        s.clone().apply(action)
    while not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    assert s.result is not None
