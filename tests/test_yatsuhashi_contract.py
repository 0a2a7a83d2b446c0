"""Yatsuhashi against the engine contract of rules/engine.py: the error family, bad input of any
type refused with the game unchanged, the events of each move, clone, saves with the undo
position (and damaged or hostile saves refused), what the player knows (``observation``) and
games consistent with it (``sample``). That ``Game`` is a ``rules.engine.Engine`` is checked
by mypy in tests/typing_contract.py.

Positions are written in card notation: foundations bottom to top, the stock top first.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import engine
from rules.hanafuda import DECK, cards
from rules.yatsuhashi import (NODES_PER_SECOND, AmbiguousMoveError, DuplicateCardError, Game,
                              IllegalMoveError, LayoutError, Move, MoveNotationError, Solution,
                              YatsuhashiError, YatsuhashiObservation, next_month, parse_move,
                              solve, solve_within, yaku_of)

PLAY = settings(max_examples=100, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])


def layout(*piles: str, stock: str = "", down: list[int] | None = None,
           collected: list | None = None, waste: str = "") -> Game:
    """A position from card codes, every card face up unless ``down`` says otherwise."""
    return Game.from_layout([cards(p) for p in piles], cards(stock),
                            face_down=down if down is not None else [0] * len(piles),
                            collected=collected, waste=cards(waste))


def snapshot(g: Game) -> tuple:
    """Everything about a game that a refused call must leave as it was."""
    return (g.to_dict(), g.state(), g.key(), g.observation(0), g.can_undo, g.can_redo,
            [str(m) for m in g.legal_moves()])


def in_progress() -> Game:
    """Deal 7 with moves made, one of them undone (so there is something to redo)."""
    g = Game.deal(7)
    for _ in range(3):
        g.apply("turn")
    g.apply(g.legal_moves()[0])
    g.undo()
    return g


def play(g: Game, picks: list[int]) -> Game:
    """Random play chosen by ``picks``: mostly legal moves, now and then an undo or a redo."""
    for pick in picks:
        if pick % 7 == 0 and g.can_undo:
            g.undo()
        elif pick % 11 == 0 and g.can_redo:
            g.redo()
        else:
            moves = g.legal_moves()
            if not moves:
                break
            g.apply(moves[pick % len(moves)])
    return g


GAMES = st.builds(lambda seed, picks: play(Game.deal(seed), picks),
                  st.integers(0, 2**31), st.lists(st.integers(0, 2**16), max_size=150))
# Layouts too: samples of games in progress (with a waste and collections of named cards).
SAMPLES = st.builds(lambda game, seed: Game.sample(game.observation(0), random.Random(seed)),
                    GAMES, st.integers(0, 2**31))


# ----------------------------------------------------------------------------------------------
# The error family


@pytest.mark.parametrize("cls,bases", [
    (YatsuhashiError, [engine.RulesError, ValueError]),
    (LayoutError, [engine.LayoutError, engine.RulesError]),
    (DuplicateCardError, [engine.DuplicateCardError, engine.LayoutError]),
    (IllegalMoveError, [engine.IllegalActionError, engine.RulesError]),
    (MoveNotationError, [engine.InvalidNotationError, IllegalMoveError]),
    (AmbiguousMoveError, [engine.AmbiguousActionError, IllegalMoveError]),
])
def test_the_errors_belong_to_the_family_of_rules_engine(cls, bases):
    for base in bases:
        assert issubclass(cls, base)


def test_layout_errors_are_rules_engines_own():
    assert LayoutError is engine.LayoutError and DuplicateCardError is engine.DuplicateCardError


# ----------------------------------------------------------------------------------------------
# Bad input of any type: a RulesError naming the bad part, the game unchanged

BAD_CALLS: list[tuple[str, Callable[[Game], Any], type, str]] = [
    ("apply None", lambda g: g.apply(None), MoveNotationError, "None"),
    ("apply an int", lambda g: g.apply(3), MoveNotationError, "3"),
    ("apply a float", lambda g: g.apply(2.5), MoveNotationError, "2.5"),
    ("apply a list", lambda g: g.apply(["turn"]), MoveNotationError, "turn"),
    ("apply bytes", lambda g: g.apply(b"turn"), MoveNotationError, "turn"),
    ("apply a plain tuple", lambda g: g.apply(("turn", None, -1, None, ())), MoveNotationError,
     "turn"),
    ("apply a Move of codes", lambda g: g.apply(Move("move", "1R", 2)), MoveNotationError, "1R"),
    ("apply a Move of no kind", lambda g: g.apply(Move("jump")), MoveNotationError, "jump"),
    ("apply a collect of ints", lambda g: g.apply(Move("collect", yaku=3, cards=(1,))),
     MoveNotationError, "collect"),
    ("apply a typo", lambda g: g.apply("tunr"), MoveNotationError, "tunr"),
    ("apply foundation 9", lambda g: g.apply("w>9"), MoveNotationError, "9"),
    ("apply a foundation in other digits", lambda g: g.apply("w>\u00b2"), MoveNotationError,
     "\u00b2"),
    ("apply an unknown card", lambda g: g.apply("13Z>1"), MoveNotationError, "13Z"),
    ("apply an unknown yaku", lambda g: g.apply("collect sanko"), MoveNotationError, "sanko"),
    ("apply a wrong collection", lambda g: g.apply("collect akatan 1R 2R"), MoveNotationError,
     "akatan"),
    ("apply an illegal move", lambda g: g.apply("recycle"), IllegalMoveError, "recycle"),
    ("apply an illegal collection", lambda g: g.apply("collect akatan"), IllegalMoveError,
     "akatan"),
    ("observation of seat 1", lambda g: g.observation(1), engine.IllegalActionError, "1"),
    ("observation of None", lambda g: g.observation(None), engine.IllegalActionError, "None"),
    ("observation of True", lambda g: g.observation(True), engine.IllegalActionError, "True"),
    ("location of None", lambda g: g.location(None), engine.InvalidNotationError, "None"),
    ("moves_for a code", lambda g: g.moves_for("1R"), engine.InvalidNotationError, "1R"),
    ("segment of an int", lambda g: g.segment(3), engine.InvalidNotationError, "3"),
    ("destination_of None", lambda g: g.destination_of(None, 1), engine.InvalidNotationError,
     "None"),
    ("collect_moves_with None", lambda g: g.collect_moves_with(None),
     engine.InvalidNotationError, "None"),
    ("find_collect None", lambda g: g.find_collect(None), engine.InvalidNotationError,
     "NoneType"),
    ("find_collect of codes", lambda g: g.find_collect(["1R"]), engine.InvalidNotationError,
     "1R"),
    ("find_collect of lists", lambda g: g.find_collect([["1R"]]), engine.InvalidNotationError,
     "1R"),
]


@pytest.mark.parametrize("name,call,error,names", BAD_CALLS, ids=[c[0] for c in BAD_CALLS])
def test_bad_input_is_refused_naming_it_and_changes_nothing(name, call, error, names):
    g = in_progress()
    before = snapshot(g)
    with pytest.raises(error, match=None) as info:
        call(g)
    assert names in str(info.value)
    assert snapshot(g) == before


@pytest.mark.parametrize("call,names", [
    (lambda: yaku_of(None), "NoneType"), (lambda: yaku_of("1R 2R 3R"), "str"),
    (lambda: yaku_of([1, 2]), "1"), (lambda: next_month("3"), "'3'"),
    (lambda: next_month(13), "13"),
    (lambda: parse_move(None), "None"), (lambda: solve(None), "game"),
    (lambda: solve(Game.deal(1), "5"), "seconds"), (lambda: solve(Game.deal(1), -1.0), "seconds"),
    (lambda: solve(Game.deal(1), float("nan")), "seconds"),
    (lambda: solve(Game.deal(1), True), "seconds"),
    (lambda: solve_within(None, 10), "game"),
    (lambda: solve_within(Game.deal(1), 9.0), "max_nodes"),
    (lambda: solve_within(Game.deal(1), -1), "max_nodes"),
])
def test_the_module_functions_refuse_values_of_any_wrong_type(call, names):
    with pytest.raises(engine.RulesError) as info:
        call()
    assert names in str(info.value)


# solve(game, seconds) -> Solution (docs/api.md) -------------------------------------------------
# The rules read no clock: ``seconds`` is a budget of NODES_PER_SECOND positions a second.

def test_solve_gives_a_winning_line_that_wins_on_a_clone_and_leaves_the_game_alone():
    g = in_progress()
    before = snapshot(g)
    solution = solve(g, 5.0)
    assert isinstance(solution, Solution) and solution.winnable is True and solution
    assert snapshot(g) == before
    h = g.clone()
    for move in solution.moves:
        assert move in h.legal_moves()
        h.apply(move)
    assert h.is_won and snapshot(g) == before


def test_solve_sees_the_face_down_cards_and_proves_a_deal_lost():
    g = Game.deal(22)   # cannot be won (docs/yatsuhashi_winnability.md)
    before = snapshot(g)
    solution = solve(g, 5.0)
    assert solution.winnable is False and solution.moves == [] and not solution
    assert snapshot(g) == before


def test_solve_out_of_time_on_a_hard_deal_gives_no_verdict_and_changes_nothing():
    g = Game.deal(283)   # needs 96,780 positions: more than 1.2 s of the budget
    before = snapshot(g)
    solution = solve(g, 0.01)
    assert solution.winnable is None and solution.moves == [] and not solution
    assert snapshot(g) == before


def test_solves_time_is_a_fixed_budget_of_positions_the_same_on_every_call():
    # Deal 51 needs 9,444 positions: 0.1 s (8,000 positions) is too little, 0.125 s (10,000)
    # enough, on any machine and under any load; each call answers as the last did.
    assert NODES_PER_SECOND == 80_000
    short = [solve(Game.deal(51), 0.1) for _ in range(2)]
    assert short[0].winnable is None and short[0] == short[1]
    assert 8_000 <= short[0].nodes < 9_444
    enough = [solve(Game.deal(51), 0.125) for _ in range(2)]
    assert enough[0].winnable is True and enough[0] == enough[1] and enough[0].nodes == 9_444
    assert enough[0] == solve_within(Game.deal(51), 10_000)


def test_nothing_to_undo_or_redo_is_refused():
    g = Game.deal(1)
    with pytest.raises(IllegalMoveError, match="undo"):
        g.undo()
    with pytest.raises(IllegalMoveError, match="redo"):
        g.redo()
    assert snapshot(g) == snapshot(Game.deal(1))


def test_an_ambiguous_collection_is_refused_naming_the_choices():
    g = layout("1C1", "1C2 2C1", "3C1", "4C1 5C2")
    before = snapshot(g)
    with pytest.raises(AmbiguousMoveError, match="1C1,2C1.*1C2,2C1"):
        g.apply("collect early_chaff")
    assert snapshot(g) == before


@pytest.mark.parametrize("seed,names", [
    ("7", "'7'"), (None, "None"), (-1, "-1"), (2**64, str(2**64)), (True, "True"), (1.0, "1.0"),
    ([7], "[7]"),
])
def test_deal_refuses_a_seed_that_is_no_deal_number(seed, names):
    with pytest.raises(LayoutError, match="seed") as info:
        Game.deal(seed)
    assert names in str(info.value)


@pytest.mark.parametrize("args,kwargs,names", [
    ((None, []), {}, "foundations"),
    ((3, []), {}, "foundations"),
    (([], []), {}, "1 to 6"),
    (([[]] * 7, []), {}, "1 to 6"),
    (([None], []), {}, "foundation 0"),
    (([["1R"], 3], []), {}, "foundation 1"),
    (([["1R", 7]], []), {}, "foundation 0"),
    (([["1R"]], None), {}, "stock"),
    (([["1R"]], "2R zz"), {}, "stock"),
    (([["1R"]], [{"card": "2R"}]), {}, "stock"),
    (([["1R"]], []), {"face_down": "0"}, "face_down"),
    (([["1R"]], []), {"face_down": 0}, "face_down"),
    (([["1R"]], []), {"face_down": [None]}, "face_down[0]"),
    (([["1R"]], []), {"face_down": [1]}, "face_down[0]"),
    (([["1R"]], []), {"face_down": [0, 0]}, "face_down"),
    (([["1R"]], []), {"collected": "akatan"}, "collected"),
    (([["1R"]], []), {"collected": [3]}, "collected[0]"),
    (([["1R"]], []), {"collected": ["sanko"]}, "sanko"),
    (([["1R"]], []), {"collected": [["akatan"]]}, "collected[0]"),
    (([["1R"]], []), {"collected": [["early_chaff", ["1C1"]]]}, "early_chaff"),
    (([["1R"]], []), {"collected": [["early_chaff", "1C1 2C1 3C1 4C1 5C1"]] * 2}, "twice"),
    (([["1C1"]], []), {"collected": [["early_chaff", "1C1 2C1 3C1 4C1 5C1"]]}, "1C1"),
    (([["1R"]], []), {"waste": 3}, "waste"),
    (([["1R"]], []), {"waste": ["1R"]}, "1R"),
])
def test_from_layout_refuses_values_of_any_wrong_type_naming_them(args, kwargs, names):
    with pytest.raises(LayoutError) as info:
        Game.from_layout(*args, **kwargs)
    assert names in str(info.value)


def save() -> dict:
    return in_progress().to_dict()


def with_(data: dict, **changes: Any) -> dict:
    out = copy.deepcopy(data)
    out.update(changes)
    return out


def without(data: dict, key: str) -> dict:
    out = copy.deepcopy(data)
    del out[key]
    return out


ON_THE_TABLE = in_progress().foundations[0][0].code   # a card that is not in the stock

BAD_SAVES = [
    ("x", "saved game"), (None, "saved game"), (3, "saved game"), ([], "saved game"),
    ({1: 2}, "saved game"), ({}, "Yatsuhashi"), (with_(save(), game="koikoi"), "koikoi"),
    (with_(save(), seed="7"), "seed"), (with_(save(), seed=-1), "seed"),
    (with_(save(), seed=True), "seed"), (with_(save(), seed=None), "seed"),
    (without(save(), "seed"), "seed"), (with_(save(), moves=None), "moves"),
    (with_(save(), moves="turn"), "moves"), (with_(save(), moves=[3]), "moves[0]"),
    (with_(save(), moves=["turn", "fly"]), "moves[1]"),
    (with_(save(), moves=["recycle"]), "moves[0]"),
    (with_(save(), redo=[1]), "redo[0]"), (with_(save(), redo=["recycle"]), "redo[0]"),
    (with_(save(), redo="turn"), "redo"),
    (with_(save(), seen=["zz"]), "seen[0]"), (with_(save(), seen=[3]), "seen[0]"),
    (with_(save(), seen=[ON_THE_TABLE]), "seen[0]"), (with_(save(), evil=1), "evil"),
    (with_(save(), __class__="os.system"), "__class__"),
    (with_(save(), layout="x"), "layout"), (with_(save(), layout={}), "foundations"),
    (with_(save(), layout={"foundations": [["1R"]], "stock": [], "__init__": 1}), "__init__"),
    (with_(save(), layout={"foundations": None, "stock": []}), "foundations"),
    (with_(save(), layout={"foundations": [["1R"]], "stock": [], "face_down": ["x"]}),
     "face_down[0]"),
    (with_(save(), layout={"foundations": [["1R"]], "stock": []}, seed="x"), "seed"),
    (with_(save(), layout={"foundations": [["1R"]], "stock": []}), "moves[0]"),
]


@pytest.mark.parametrize("data,names", BAD_SAVES, ids=[str(i) for i in range(len(BAD_SAVES))])
def test_a_damaged_or_hostile_save_is_refused_naming_the_bad_part(data, names):
    with pytest.raises(LayoutError) as info:
        Game.from_dict(data)
    assert names in str(info.value)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=False)
    | st.sampled_from(["turn", "recycle", "w>0", "1R", "akatan", "yatsuhashi", ""])
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                               max_size=3),
    max_leaves=6)


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place inside a save (dict keys and list indices), the save itself first."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, prefix + (k,))
    elif isinstance(value, list):
        for k, v in enumerate(value):
            out += paths(v, prefix + (k,))
    return out


@PLAY
@given(game=GAMES | SAMPLES, where=st.integers(0, 10**6), value=JSON, drop=st.booleans())
def test_any_damaged_save_loads_exactly_or_is_refused_with_a_layout_error(game, where, value,
                                                                         drop):
    data = game.to_dict()
    places = paths(data)[1:]
    path = places[where % len(places)]
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    if drop:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    try:
        loaded = Game.from_dict(data)
    except LayoutError:
        return
    again = Game.from_dict(loaded.to_dict())
    assert again.to_dict() == loaded.to_dict() and again.state() == loaded.state()


@PLAY
@given(game=GAMES, action=st.one_of(
    st.none(), st.integers(), st.floats(), st.text(max_size=12), st.binary(max_size=5),
    st.lists(st.text(max_size=4), max_size=3), st.dictionaries(st.text(max_size=3), st.none()),
    st.tuples(st.sampled_from(["turn", "move", "collect", "x"]), st.none() | st.integers()),
    st.sampled_from(["turn", "recycle", "w>0", "w>5", "collect early_chaff", "1C1>0"])))
def test_apply_takes_a_legal_move_or_refuses_anything_else_unchanged(game, action):
    before = snapshot(game)
    try:
        game.apply(action)
    except engine.RulesError:
        assert snapshot(game) == before
    else:
        assert str(game.moves[-1]) in before[-1]   # the move made was legal


# ----------------------------------------------------------------------------------------------
# The contract's names


def test_one_player_whose_turn_it_is_until_the_deal_is_won():
    g = layout("2R", "3R", stock="1R")
    assert Game.players == 1 and g.players == 1
    assert g.current_player == 0 and not g.is_over and g.result is None
    assert g.legal_actions() == g.legal_moves()
    g.apply("turn")
    assert g.actions == g.moves == [Move("turn")]
    g.apply("collect akatan")
    assert g.is_won and g.is_over and g.current_player is None
    assert g.result == {"won": True, "moves": 2}
    assert g.legal_actions() == [] and g.observation(0).legal_actions == ()


def test_a_stuck_deal_is_not_over_the_player_may_undo():
    g = layout("9A", "2C1")
    assert g.is_stuck and not g.is_over and g.result is None and g.current_player == 0


# ----------------------------------------------------------------------------------------------
# Events


def described(events: list[engine.Event]) -> list[tuple]:
    return [(e.kind, " ".join(str(c) for c in e.cards), e.data) for e in events]


@pytest.mark.parametrize("game,moves,expected", [
    (lambda: layout("9A", stock="1C1 2C1"), ["turn"], [("turned", "1C1", {})]),
    (lambda: layout("9A", stock="1C1 2C1"), ["turn", "turn", "recycle"],
     [("recycled", "1C1 2C1", {"count": 2})]),
    # A run moves whole, bottom to top, and turns up the card beneath.
    (lambda: layout("9A 4C1 3C1 2C1", "5C1", down=[1, 0]), ["4C1>1"],
     [("moved", "4C1 3C1 2C1", {"from": 0, "to": 1}), ("flipped", "9A", {"foundation": 0})]),
    (lambda: layout("9A 4C1 3C1 2C1", "3C2", down=[1, 0]), ["2C1>1"],
     [("moved", "2C1", {"from": 0, "to": 1})]),
    (lambda: layout("9A", "3C1", stock="2C2"), ["turn", "w>1"],
     [("moved", "2C2", {"from": "waste", "to": 1})]),
    # A collection names where each card came from, then the cards it turned up.
    (lambda: layout("8C1 9C1 3R 2R", "4C1 1R", down=[2, 1]), ["collect akatan"],
     [("collected", "1R 2R 3R", {"yaku": "akatan", "from": (1, 0, 0)}),
      ("flipped", "9C1", {"foundation": 0}), ("flipped", "4C1", {"foundation": 1})]),
    # The last collection wins.
    (lambda: layout("2R", "3R", stock="1R"), ["turn", "collect akatan"],
     [("collected", "1R 2R 3R", {"yaku": "akatan", "from": ("waste", 0, 1)}),
      ("won", "", {"moves": 2})]),
])
def test_apply_reports_what_happened_in_order(game, moves, expected):
    g = game()
    for m in moves:
        events = g.apply(m)
    assert described(events) == expected
    assert all(isinstance(e, engine.Event) and e.seat == 0 for e in events)
    assert described(g.last_events) == expected
    g.undo()   # undo: the same events, last first, marked
    assert described(g.last_events) == [(k, c, {**d, "undone": True})
                                         for k, c, d in reversed(expected)]
    g.redo()
    assert described(g.last_events) == expected


@PLAY
@given(game=GAMES, pick=st.integers(0, 2**16))
def test_the_events_describe_each_move(game, pick):
    moves = game.legal_moves()
    if not moves:
        return
    move = moves[pick % len(moves)]
    before = game.clone()
    events = game.apply(move)
    kinds = [e.kind for e in events]
    first = {"turn": "turned", "recycle": "recycled", "move": "moved", "collect": "collected"}
    assert kinds[0] == first[move.kind]
    flips = sum(before.face_down) - sum(game.face_down)
    assert kinds.count("flipped") == flips and kinds.count("won") == game.is_won
    for e in events:
        if e.kind == "flipped":
            i = e.data["foundation"]
            assert game.foundations[i][game.face_down[i]] == e.cards[0]
        if e.kind == "moved":
            assert game.foundations[e.data["to"]][-len(e.cards):] == list(e.cards)
        if e.kind == "collected":
            assert e.data["yaku"] == game.collected[-1] and e.cards == game.collections[-1][1]
            for c, src in zip(e.cards, e.data["from"]):
                assert before.location(c)[:2] == (("waste", len(before.waste) - 1)
                                                  if src == "waste" else ("foundation", src))


# ----------------------------------------------------------------------------------------------
# clone, saves


def test_clone_is_independent_and_copies_without_deepcopy(monkeypatch):
    g = in_progress()
    monkeypatch.setattr(copy, "deepcopy", lambda *a: pytest.fail("deepcopy in clone"))
    h = g.clone()
    monkeypatch.undo()
    assert snapshot(h) == snapshot(g)
    before = snapshot(g)
    h.redo()
    h.apply("turn")
    h.undo()
    assert snapshot(g) == before and snapshot(h) != before
    assert snapshot(g.copy()) == before


@PLAY
@given(game=GAMES)
def test_a_save_round_trips_with_the_undo_position_and_what_the_player_saw(game):
    data = json.loads(json.dumps(game.to_dict()))    # JSON-ready
    loaded = Game.from_dict(data)
    assert snapshot(loaded) == snapshot(game)
    assert loaded.collections == game.collections
    while game.can_redo:                             # the same moves to redo, in order
        assert loaded.redo() == game.redo()
        assert snapshot(loaded) == snapshot(game)


def test_the_undo_position_and_the_cards_seen_are_saved():
    g = Game.deal(3)
    g.apply("turn")
    g.apply("turn")
    top = g.waste[-1]
    g.undo()
    data = g.to_dict()
    assert data["moves"] == ["turn"] and data["redo"] == ["turn"]
    assert data["seen"] == [top.code]       # the card turned and taken back: seen


def test_a_card_seen_in_a_line_taken_back_stays_known_across_a_save():
    g = layout("1C1", "2C1", stock="5A 6A")
    g.apply("turn")
    g.undo()
    g.apply("1C1>1")                        # the redo list is gone, the 5A seen is not
    assert g.to_dict()["seen"] == ["5A"] and "redo" not in g.to_dict()
    loaded = Game.from_dict(g.to_dict())
    assert loaded.observation(0) == g.observation(0)
    assert loaded.observation(0).stock == (cards("5A")[0], None)


def test_a_save_whose_replay_fails_is_refused_whole():
    data = Game.deal(3).to_dict()
    data["moves"] = ["turn"] * 12 + ["turn"]
    with pytest.raises(LayoutError, match=r"moves\[12\]"):
        Game.from_dict(data)


# ----------------------------------------------------------------------------------------------
# observation and sample


def test_the_observation_at_the_deal():
    g = Game.deal(11)
    obs = g.observation(0)
    assert isinstance(obs, engine.Observation) and isinstance(obs, YatsuhashiObservation)
    assert obs.seat == 0 and obs.current_player == 0
    assert obs.legal_actions == tuple(g.legal_moves())
    assert obs.foundations == tuple((f[-1],) for f in g.foundations)
    assert obs.face_down == (5,) * 6 and obs.waste == () and obs.collections == ()
    assert obs.stock == (None,) * 12 and obs.stock_count == 12
    hidden = [c for f in g.foundations for c in f[:5]] + g.stock
    assert obs.unseen == tuple(sorted(hidden)) and len(obs.unseen) == 42
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.seat = 1  # type: ignore[misc]


def test_the_player_knows_every_stock_card_it_has_turned():
    g = Game.deal(11)
    stock = g.stock
    g.apply("turn")
    g.undo()                                          # seen, then put back: still known
    assert g.observation(0).stock == (stock[0],) + (None,) * 11
    for _ in range(12):
        g.apply("turn")
    assert g.observation(0).stock == ()
    assert g.observation(0).waste == tuple(stock)
    g.apply("recycle")                                # after a recycle: all of it, in order
    assert g.observation(0).stock == tuple(stock)
    assert len(g.observation(0).unseen) == 30


def test_a_layout_observation_has_its_own_cards_only():
    g = layout("5A 9A", "2C1", stock="1R 3R", down=[1, 0], waste="6R",
               collected=[["early_chaff", "1C1 2C2 3C1 4C1 5C1"]])
    obs = g.observation(0)
    assert obs.foundations == (tuple(cards("9A")), tuple(cards("2C1")))
    assert obs.unseen == tuple(cards("1R 3R 5A")) and obs.waste == tuple(cards("6R"))
    assert obs.collections == (("early_chaff", tuple(cards("1C1 2C2 3C1 4C1 5C1"))),)
    s = Game.sample(obs, random.Random(2))
    assert s.observation(0) == obs
    assert sorted(s.foundations[0][:1] + s.stock) == cards("1R 3R 5A")


@PLAY
@given(game=GAMES, seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 2**16),
                                                              max_size=40))
def test_a_sample_is_a_game_the_player_cannot_tell_apart_and_plays_on(game, seed, picks):
    obs = game.observation(0)
    s = Game.sample(obs, random.Random(seed))
    assert s.observation(0) == obs
    # The hidden places hold the unseen cards, the rest is as the player sees it.
    hidden = [c for f, d in zip(s.foundations, s.face_down) for c in f[:d]]
    hidden += [c for c, known in zip(s.stock, obs.stock) if known is None]
    assert sorted(hidden) == list(obs.unseen)
    gone = [c for _y, cs in s.collections for c in cs]
    assert sorted([c for f in s.foundations for c in f] + s.stock + s.waste + gone) == \
        sorted(DECK)
    # It plays on legally, and saves like any game.
    play(s, picks)
    assert Game.from_dict(s.to_dict()).state() == s.state()


def test_samples_deal_the_hidden_cards_differently():
    obs = Game.deal(5).observation(0)
    keys = {Game.sample(obs, random.Random(k)).key() for k in range(20)}
    assert len(keys) == 20


@pytest.mark.parametrize("observation,rng,names", [
    (None, random.Random(1), "observation"),
    ({"seat": 0}, random.Random(1), "observation"),
    (Game.deal(1).observation(0), None, "rng"),
    (Game.deal(1).observation(0), 7, "rng"),
    (dataclasses.replace(Game.deal(1).observation(0),
                         unseen=Game.deal(1).observation(0).unseen[1:]), random.Random(1),
     "unseen"),
    (dataclasses.replace(Game.deal(1).observation(0), face_down=(5, 5, "5", 5, 5, 5)),
     random.Random(1), "face_down[2]"),
    (dataclasses.replace(Game.deal(1).observation(0), stock=None), random.Random(1), "stock"),
])
def test_sample_refuses_what_is_no_observation(observation, rng, names):
    with pytest.raises(LayoutError) as info:
        Game.sample(observation, rng)
    assert names in str(info.value)
