"""The Heart of Five engine at 2-8 seats: the deal, leads, passing, going out and tallies on
fixed seeds; Hypothesis playouts of whole matches with random legal actions, checking after
every action that every card is in one place, that counts, observations, replay, save round
trips, clones and samples agree, and that tallies change only at a round's end; bad input of
any type refused with the RulesError family, the game unchanged.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.engine import IllegalActionError, InvalidNotationError, LayoutError, RulesError
from rules.heart_of_five import (PASS, Action, Card, HeartOfFiveGame, HeartOfFiveObservation,
                                 HeartOfFiveRules, InvalidRulesError, classify, pack, parse)


def snapshot(game: HeartOfFiveGame) -> tuple:
    return (tuple(map(tuple, game.hands)), tuple(game.played), game.last, game.last_seat,
            tuple(game.passes), tuple(game.out), tuple(game.wins), tuple(game.losses),
            game.round, game.dealer, game.current_player, len(game.history),
            tuple(game.actions), tuple(game.legal_actions()), game.winner)


def walk_cards(value) -> list[Card]:
    """Every Card reachable inside ``value`` (dataclasses, dicts, sequences)."""
    found, stack = [], [value]
    while stack:
        v = stack.pop()
        if isinstance(v, Card):
            found.append(v)
        elif dataclasses.is_dataclass(v) and not isinstance(v, type):
            stack.extend(getattr(v, f.name) for f in dataclasses.fields(v))
        elif isinstance(v, dict):
            stack.extend([*v.keys(), *v.values()])
        elif isinstance(v, (list, tuple, set, frozenset)):
            stack.extend(v)
    return found


def check_state(game: HeartOfFiveGame) -> None:
    n = game.players
    every = Counter(c for h in game.hands for c in h) + Counter(game.played)
    assert every == Counter(pack(game.rules.decks)), "every card in exactly one place"
    assert sum(map(len, game.hands)) + len(game.played) == 54 * game.rules.decks
    assert bool(game.legal_actions()) != game.is_over
    holders = [s for s in range(n) if game.hands[s]]
    if not game.is_over:
        assert game.current_player in holders and len(holders) >= 2
        assert set(game.out) == set(range(n)) - set(holders)
        assert (game.last is None) == (game.last_seat is None)
        assert game.current_player not in game.passes
        if game.last is None:
            assert PASS not in game.legal_actions()
    for seat in range(n):
        obs = game.observation(seat)
        assert isinstance(obs, HeartOfFiveObservation) and obs.hand == tuple(game.hands[seat])
        assert obs.hand_counts == tuple(len(h) for h in game.hands)
        assert obs.played == tuple(game.played) and obs.out == tuple(game.out)
        visible = set(game.hands[seat]) | set(game.played)
        assert set(walk_cards(obs)) <= visible, "another hand leaked"
        assert obs.legal_actions == (tuple(game.legal_actions())
                                     if game.current_player == seat else ())


def check_records(game: HeartOfFiveGame) -> None:
    data = game.to_dict()
    assert json.loads(json.dumps(data)) == data
    again = HeartOfFiveGame.from_dict(data)
    assert snapshot(again) == snapshot(game)
    replay = HeartOfFiveGame.new(game.seed, game.rules)
    for a in game.actions:
        replay.apply(str(a))
    assert snapshot(replay) == snapshot(game)


def check_clone_and_sample(game: HeartOfFiveGame, rng: random.Random) -> None:
    before = snapshot(game)
    twin = game.clone()
    assert snapshot(twin) == before
    if not twin.is_over:
        twin.apply(rng.choice(twin.legal_actions()))
        assert snapshot(game) == before, "a clone shares nothing that changes"
    seat = rng.randrange(game.players)
    obs = game.observation(seat)
    s = HeartOfFiveGame.sample(obs, rng)
    assert s.observation(seat) == obs
    assert Counter(c for h in s.hands for c in h) + Counter(s.played) == Counter(
        pack(game.rules.decks))
    with pytest.raises(RulesError):
        s.to_dict()
    if not s.is_over:
        s.apply(rng.choice(s.legal_actions()))


def pick(game: HeartOfFiveGame, rng: random.Random) -> Action:
    """A random legal action, passing one time in five when it may (random passing
    makes rounds of hundreds of passes)."""
    acts = game.legal_actions()
    plays = acts[:-1] if acts[-1] == PASS else acts
    if len(plays) < len(acts) and (not plays or rng.random() < 0.2):
        return PASS
    return rng.choice(plays)


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**40), pick_seed=st.integers(0, 2**32),
       players=st.integers(2, 8))
def test_random_playouts_keep_the_invariants(seed, pick_seed, players):
    target = 5
    game = HeartOfFiveGame.new(seed, HeartOfFiveRules(players=players, win_target=target))
    rng = random.Random(pick_seed)
    check_state(game)
    check_records(game)
    steps = 0
    while not game.is_over:
        tallies = (list(game.wins), list(game.losses))
        in_round = game.round
        events = game.apply(pick(game, rng))
        kinds = [e.kind for e in events]
        if "round_over" in kinds:
            result = next(e for e in events if e.kind == "round_over").data["result"]
            assert game.history[-1] == result and result["round"] == in_round
            assert result["order"][0] == result["winner"]
            assert result["order"][-1] == result["loser"]
            assert sorted(result["order"]) == list(range(players))
            assert game.wins[result["winner"]] == tallies[0][result["winner"]] + 1
            assert sum(game.wins) == sum(tallies[0]) + 1
            assert sum(game.losses) == sum(tallies[1]) + 1
            if in_round <= 2:
                check_records(game)
        else:
            assert (game.wins, game.losses) == tallies, "tallies change only at a round's end"
        if "played" in kinds:
            played = next(e for e in events if e.kind == "played")
            meld = classify(played.cards)
            assert meld is not None and played.data["kind"] == meld.kind
        if game.round == 1 and steps % 3 == 0 or "round_over" in kinds or steps % 11 == 0:
            check_state(game)
        if steps % 29 == 0:
            check_clone_and_sample(game, rng)
        steps += 1
    check_state(game)
    check_records(game)
    check_clone_and_sample(game, rng)
    result = game.result
    assert result is not None and result["winner"] == game.winner
    assert max(result["wins"]) == target == result["wins"][game.winner]
    assert len(result["rounds"]) == sum(result["wins"]) == sum(result["losses"])
    assert game.legal_actions() == [] and game.current_player is None


def test_first_round_lead_is_the_three_of_hearts():
    for players in range(2, 9):
        for seed in range(6):
            game = HeartOfFiveGame.new(seed, players=players)
            lead = game.start_events[1]
            assert lead.kind == "lead" and lead.data == {"reason": "3H"}
            holders = [s for s in range(players) if Card("3", "H") in game.hands[s]]
            first = (game.dealer + 1) % players
            order = [(first + k) % players for k in range(players)]
            assert lead.seat == min(holders, key=order.index) == game.current_player
            # round-robin from the seat after the dealer: the first seats get the extra card
            total = 54 * (2 if players >= 7 else 1)
            assert [len(game.hands[s]) for s in order] == [
                total // players + (k < total % players) for k in range(players)]


def test_deal_follows_the_shuffle():
    from rules.deck import shuffled
    game = HeartOfFiveGame.new(11, players=3)
    deck = shuffled(pack(1), 11)
    for i, c in enumerate(deck):
        assert c in game.hands[(game.dealer + 1 + i) % 3]


def play_until(game: HeartOfFiveGame, predicate, rng: random.Random, limit: int = 5000):
    for _ in range(limit):
        if predicate(game):
            return
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError("not reached")


def test_trick_goes_back_to_its_player_when_all_others_pass():
    game = HeartOfFiveGame.new(4, players=4)
    p = game.current_player
    first = game.legal_actions()[0]
    game.apply(first)
    events = []
    for _ in range(3):
        events = game.apply("pass")
    assert [e.kind for e in events] == ["passed", "lead", "turn"]
    assert events[1].seat == p and events[1].data == {"reason": "all_passed"}
    assert game.last is None and game.passes == [] and game.current_player == p


def test_passing_locks_nobody_out():
    game = HeartOfFiveGame.new(4, players=3)
    leader = game.current_player
    game.apply(game.legal_actions()[0])          # the lowest single
    game.apply("pass")                            # the next seat passes ...
    third = game.current_player
    plays = [a for a in game.legal_actions() if a.kind == "play"]
    game.apply(plays[0])                          # ... the third beats the lead
    assert game.current_player == leader
    game.apply("pass")
    second = game.current_player
    assert second not in (leader, third)
    assert any(a.kind == "play" for a in game.legal_actions()), "the passer may play again"


def test_after_out_the_next_holder_leads():
    rng = random.Random(3)
    for seed in range(40):
        game = HeartOfFiveGame.new(seed, players=3)
        for _ in range(3000):
            if game.is_over:
                break
            acts = game.legal_actions()
            events = game.apply(acts[0] if rng.random() < 0.7 else rng.choice(acts))
            leads = [e for e in events if e.kind == "lead" and e.data["reason"] == "after_out"]
            if leads:
                out = next(e for e in events if e.kind == "passed").seat
                assert leads[0].seat == game.current_player and game.hands[leads[0].seat]
                assert game.last is None and out != leads[0].seat or game.players > 2
                return
    raise AssertionError("no trick ended on a meld whose player went out")


def test_round_over_winner_leads_next_and_dealer_moves_on():
    game = HeartOfFiveGame.new(9, players=4, rules=HeartOfFiveRules(win_target=5))
    dealer = game.dealer
    rng = random.Random(1)
    play_until(game, lambda g: len(g.history) == 1, rng)
    winner = game.history[0]["winner"]
    assert game.round == 2 and game.dealer == (dealer + 1) % 4
    assert game.current_player == winner and game.out == [] and game.played == []


def test_other_card_choices_of_a_listed_meld_are_accepted():
    game = HeartOfFiveGame.new(0, players=2)
    for _ in range(200):
        p = game.current_player
        pairs = [a for a in game.legal_actions() if a.kind == "play" and len(a.cards) == 2]
        for a in pairs:
            rank = a.cards[0].rank
            others = [c for c in game.hands[p] if c.rank == rank]
            if len(set(others)) > 2:
                choice = [c for c in others if c not in a.cards][:1] + [a.cards[0]]
                before = snapshot(game)
                g2 = game.clone()
                events = g2.apply("play " + " ".join(map(str, choice)))
                assert events[0].kind == "played" and sorted(map(str, events[0].cards)) == \
                    sorted(map(str, choice))
                assert snapshot(game) == before
                return
        game.apply(game.legal_actions()[0])
    raise AssertionError("no hand with three of a rank")


BAD_ACTIONS = [None, 3, 2.5, [], ["pass"], {"kind": "pass"}, b"pass", "", "plya 3H", "play",
               "play 3X", "pass 3H", "play jj jj jj", "play 3H;", "x" * 1000,
               Action("play"), Action("fold"), Action("pass", tuple(parse("3H"))),
               Action("play", ("3H",)), Action("play", [Card("3", "H")])]


def test_bad_input_of_any_type_is_refused_and_changes_nothing():
    game = HeartOfFiveGame.new(2, players=4)
    p = game.current_player
    not_mine = next(c for s in range(4) if s != p for c in game.hands[s])
    mine = game.hands[p]
    assert classify([mine[0], mine[-1]]) is None
    illegal = ["pass", f"play {not_mine}", f"play {mine[0]} {mine[-1]}", f"play {mine[0]} x"]
    before = snapshot(game)
    for bad in [*BAD_ACTIONS, *illegal]:
        with pytest.raises(RulesError):
            game.apply(bad)
        assert snapshot(game) == before
    with pytest.raises(IllegalActionError):
        game.apply("pass")
    with pytest.raises(InvalidNotationError):
        game.apply("plya 3H")
    for seat in [None, -1, 4, "0", 1.0]:
        with pytest.raises(RulesError):
            game.observation(seat)


def test_equal_meld_does_not_beat():
    game = HeartOfFiveGame.new(2, players=2)
    p = game.current_player
    singles = [a for a in game.legal_actions() if len(a.cards) == 1]
    game.apply(singles[0])
    q = game.current_player
    same = [c for c in game.hands[q] if c.rank == singles[0].cards[0].rank and str(c) != "5H"]
    if same:
        with pytest.raises(IllegalActionError, match="does not beat"):
            game.apply(f"play {same[0]}")
    assert p != q


@pytest.mark.parametrize("data", [
    None, 3, "x", [], {}, {"game": "heart_of_five"},
    {"game": "koikoi", "seed": 1, "rules": {}, "actions": []},
    {"game": "heart_of_five", "seed": -1, "rules": {}, "actions": []},
    {"game": "heart_of_five", "seed": "1", "rules": {}, "actions": []},
    {"game": "heart_of_five", "seed": 1, "rules": {"players": 9}, "actions": []},
    {"game": "heart_of_five", "seed": 1, "rules": {"win_target": 7}, "actions": []},
    {"game": "heart_of_five", "seed": 1, "rules": {"colour": 1}, "actions": []},
    {"game": "heart_of_five", "seed": 1, "rules": [], "actions": []},
    {"game": "heart_of_five", "seed": 1, "rules": {}, "actions": "pass"},
    {"game": "heart_of_five", "seed": 1, "rules": {}, "actions": [None]},
    {"game": "heart_of_five", "seed": 1, "rules": {}, "actions": ["pass"]},
    {"game": "heart_of_five", "seed": 1, "rules": {}, "actions": ["play 3H 3H 3H"]},
    {"game": "heart_of_five", "seed": 1, "rules": {}, "actions": [], "extra": 1},
])
def test_from_dict_refuses_bad_saves(data):
    with pytest.raises(LayoutError):
        HeartOfFiveGame.from_dict(data)


def test_rules_and_options():
    assert HeartOfFiveRules.from_options({"win_target": 20}).win_target == 20
    assert HeartOfFiveRules(players=7).decks == 2 and HeartOfFiveRules(players=6).decks == 1
    for bad in [None, [], {"win_target": "10"}, {"win_target": True}, {"players": 1},
                {"nope": 1}]:
        with pytest.raises(InvalidRulesError):
            HeartOfFiveRules.from_options(bad)
    with pytest.raises(RulesError):
        HeartOfFiveGame.new(1, rules="fast")
    with pytest.raises(RulesError):
        HeartOfFiveGame.new(None)
    with pytest.raises(RulesError):
        HeartOfFiveGame.sample("obs", random.Random(1))
    obs = HeartOfFiveGame.new(1).observation(0)
    with pytest.raises(RulesError):
        HeartOfFiveGame.sample(obs, 1)


def test_match_over_events_and_result():
    game = HeartOfFiveGame.new(5, players=2, rules=HeartOfFiveRules(win_target=5))
    events = []
    while not game.is_over:
        events = game.apply(game.legal_actions()[0])
    kinds = [e.kind for e in events]
    assert kinds[-2:] == ["round_over", "match_over"]
    assert events[-1].seat == game.winner and events[-1].data["result"] == game.result
    with pytest.raises(IllegalActionError):
        game.apply("pass")
    assert game.observation(0).legal_actions == () and game.observation(0).current_player is None


NOTATION = st.one_of(
    st.none(), st.integers(), st.floats(), st.booleans(), st.binary(max_size=6),
    st.text(max_size=12), st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    st.builds(lambda ws: "play " + " ".join(ws), st.lists(st.sampled_from(
        ["3H", "3D", "3S", "3C", "4C", "5H", "5!", "jj", "JJ", "10h", "2S", "AS", "x", "!", ","]),
        max_size=5)),
    st.sampled_from(["pass", "PASS", " pass ", "pass pass", "play", "play ", "play,"]))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**20), players=st.integers(2, 8), steps=st.integers(0, 12),
       value=NOTATION)
def test_any_value_either_applies_or_is_refused_unchanged(seed, players, steps, value):
    game = HeartOfFiveGame.new(seed, players=players)
    rng = random.Random(seed)
    for _ in range(steps):
        game.apply(pick(game, rng))
    before = snapshot(game)
    try:
        events = game.apply(value)
    except RulesError:
        assert snapshot(game) == before
    else:
        assert events and events[0].kind in ("played", "passed")
        check_state(game)
