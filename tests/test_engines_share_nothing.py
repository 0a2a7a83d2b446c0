"""Engines share nothing mutable: whatever an engine hands out (observations, results,
histories, events, legal actions, records, clones, samples) is frozen or a copy, so a careless
caller that edits it changes nothing the engine shows later.

One playout per engine (hypothesis, derandomized): two games of the same seed take the same
actions; from one of them every handed-out object is vandalized (each list, dict and set inside
it changed, each field of a mutable record replaced), and after every action both games must
still look the same: observations of every seat, ``to_dict``, ``result``, legal actions, the
opening events and a clone's view.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import Event
from rules.hanaawase import HanaAwaseGame
from rules.heart_of_five import HeartOfFiveGame, HeartOfFiveRules
from rules.hearts600 import Hearts600Game
from rules.koikoi import KoiKoiGame
from rules.yatsuhashi import Game as YatsuhashiGame

VANDAL = "vandal"


def vandalize(obj: Any, seen: set[int] | None = None) -> None:
    """Change every mutable thing inside ``obj``, in place, as a careless caller might."""
    seen = set() if seen is None else seen
    if obj is None or isinstance(obj, (str, bytes, int, float, type)) or id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, list):
        for item in list(obj):
            vandalize(item, seen)
        try:
            obj.append(VANDAL)
        except TypeError:  # a frozen list: refused, as it should be
            pass
    elif isinstance(obj, dict):
        for value in list(obj.values()):
            vandalize(value, seen)
        try:
            obj[VANDAL] = VANDAL
        except TypeError:  # a frozen mapping: refused, as it should be
            pass
    elif isinstance(obj, set):
        obj.add(VANDAL)
    elif isinstance(obj, tuple):
        for item in obj:
            vandalize(item, seen)
    elif isinstance(obj, Event):
        vandalize(obj.cards, seen)
        vandalize(obj.data, seen)
        obj.kind, obj.seat, obj.cards, obj.data = VANDAL, -1, (), {VANDAL: VANDAL}
    elif dataclasses.is_dataclass(obj):
        frozen = type(obj).__dataclass_params__.frozen  # type: ignore[union-attr]
        for f in dataclasses.fields(obj):
            vandalize(getattr(obj, f.name), seen)
            if not frozen:
                setattr(obj, f.name, VANDAL)


def plain(obj: Any) -> Any:
    """``obj`` as plain values to compare (events and records by their fields; anything
    hashable, such as a card, as it is)."""
    if isinstance(obj, (dataclasses.Field, tuple)) or dataclasses.is_dataclass(obj):
        try:
            hash(obj)
            return obj
        except TypeError:
            pass
    if isinstance(obj, Event):
        return ("Event", obj.kind, obj.seat, plain(obj.cards), plain(obj.data))
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return (type(obj).__name__,
                tuple(plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)))
    if isinstance(obj, (list, tuple)):
        return [plain(x) for x in obj]
    if isinstance(obj, dict):
        return {k: plain(v) for k, v in obj.items()}
    if isinstance(obj, (set, frozenset)):
        return sorted(map(repr, obj))
    return obj


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two ``plain`` values first differ, and how (None: they are equal)."""
    if type(a) is not type(b):
        return f"{path}: {a!r:.200} != {b!r:.200}"
    if isinstance(a, (list, tuple)):
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None if len(a) == len(b) else f"{path}: {len(a)} items != {len(b)}"
    if isinstance(a, dict):
        if a.keys() != b.keys():
            return f"{path}: keys {sorted(map(str, a))} != {sorted(map(str, b))}"
        for k in a:
            found = first_difference(a[k], b[k], f"{path}[{k!r}]")
            if found:
                return found
        return None
    return None if a == b else f"{path}: {a!r:.200} != {b!r:.200}"


def same_view(game: Any, twin: Any, when: str) -> None:
    diff = first_difference(view(game), view(twin))
    assert diff is None, f"{when}: {diff}"


# ----------------------------------------------------------------------------------------------
# The engines and what each hands out


class Kind:
    """How to make, drive and read one engine."""

    def __init__(self, name: str, make: Callable[[int], Any], steps: int,
                 extra: Callable[[Any], list[Any]] = lambda g: []) -> None:
        self.name, self.make, self.steps, self.extra = name, make, steps, extra

    def __repr__(self) -> str:
        return self.name


def _fishing_extra(g: Any) -> list[Any]:
    out: list[Any] = [g.deal_log, g.start_events, g.legal_actions()]
    if hasattr(g, "yaku_of"):
        out += [g.yaku_of(s) for s in range(g.players)]
    if hasattr(g, "dekiyaku_of"):
        out += [g.dekiyaku_of(s) for s in range(g.players)]
    if hasattr(g, "winners"):
        out.append(g.winners)
    return out


def _yatsuhashi_extra(g: Any) -> list[Any]:
    return [g.last_events, g.foundations, g.face_down, g.stock, g.waste, g.collected,
            g.collections, g.moves, g.actions, g.state(), g.collect_moves()]


KINDS = [
    Kind("koikoi", lambda seed: KoiKoiGame.new(seed), 400, _fishing_extra),
    Kind("hanaawase", lambda seed: HanaAwaseGame.new(seed), 700, _fishing_extra),
    Kind("hearts600", lambda seed: Hearts600Game.new(seed, players=3), 700, _fishing_extra),
    Kind("heart_of_five", lambda seed: HeartOfFiveGame.new(
        seed, HeartOfFiveRules(players=2, win_target=5)), 400,
        lambda g: [g.start_events, g.legal_actions()]),
    Kind("heart_of_five_8", lambda seed: HeartOfFiveGame.new(
        seed, HeartOfFiveRules(players=8, win_target=5)), 300,
        lambda g: [g.start_events, g.legal_actions()]),
    Kind("yatsuhashi", lambda seed: YatsuhashiGame.deal(seed), 150, _yatsuhashi_extra),
]


def view(g: Any) -> Any:
    """Everything ``g`` shows, as plain values (a fresh clone's view included)."""
    def own(state: Any) -> Any:
        return plain({"to_dict": state.to_dict(), "result": state.result,
                      "observations": [state.observation(s) for s in range(state.players)],
                      "legal": state.legal_actions(), "turn": state.current_player,
                      "over": state.is_over, "history": getattr(state, "history", None),
                      "start_events": getattr(state, "start_events", None),
                      "last_events": getattr(state, "last_events", None)})
    return [own(g), own(g.clone())]


def handed_out(kind: Kind, g: Any, events: Any, rng: random.Random) -> list[Any]:
    """Every object ``g`` hands out now, a clone's and a sample's (after a move) included."""
    out = [events, g.to_dict(), g.result, g.legal_actions(), *kind.extra(g),
           *[g.observation(s) for s in range(g.players)]]
    c = g.clone()
    if c.legal_actions():
        out.append(c.apply(rng.choice(c.legal_actions())))
    out += [c.to_dict(), c.result, c.observation(0), *kind.extra(c)]
    seat = g.current_player if g.current_player is not None else 0
    s = type(g).sample(g.observation(seat), random.Random(rng.random()))
    if s.legal_actions():
        out.append(s.apply(rng.choice(s.legal_actions())))
    out += [s.result, s.observation(seat), *kind.extra(s)]
    return out


@pytest.mark.parametrize("kind", KINDS, ids=repr)
@settings(derandomize=True, deadline=None, max_examples=2)
@given(seed=st.integers(0, 2**32 - 1), every=st.integers(1, 9))
def test_what_an_engine_hands_out_changes_nothing_it_shows_later(kind: Kind, seed: int,
                                                                 every: int) -> None:
    game, twin = kind.make(seed), kind.make(seed)
    rng = random.Random(seed)
    same_view(game, twin, "new")
    events: Any = list(game.start_events) if hasattr(game, "start_events") else []
    vandalize(handed_out(kind, game, events, random.Random(0)))
    looked = True  # (a view is costly: compared after each full vandalizing, and at the end)
    for step in range(kind.steps):
        if looked:
            same_view(game, twin, f"before action {step}")
        looked = False
        if twin.is_over:
            break
        legal = twin.legal_actions()
        if not legal:  # a stuck Yatsuhashi deal
            break
        if kind.name == "yatsuhashi" and twin.can_undo and rng.random() < 0.15:
            game.undo(), twin.undo()
            events = game.last_events
        else:
            action = rng.choice(legal)
            events = game.apply(action)
            twin.apply(action)
        rounds = len(getattr(twin, "history", ()))
        if step % every == 0 or twin.is_over or rounds != len(getattr(game, "history", ())):
            vandalize(handed_out(kind, game, events, random.Random(step)))
            looked = True
        else:
            vandalize(events)
    same_view(game, twin, "at the end")


# ----------------------------------------------------------------------------------------------
# The faults found, one test each


def played_until(make: Callable[[], Any], done: Callable[[Any], bool], seed: int = 3) -> Any:
    g, rng = make(), random.Random(seed)
    while not done(g):
        g.apply(rng.choice(g.legal_actions()))
    return g


def try_to_edit(action: Callable[[], Any]) -> None:
    """Do ``action``, an edit of something handed out; a frozen value refusing it is fine."""
    try:
        action()
    except (TypeError, AttributeError):
        pass


@pytest.mark.parametrize("make", [lambda: Hearts600Game.new(4, players=3),
                                  lambda: HanaAwaseGame.new(4), lambda: KoiKoiGame.new(4)],
                         ids=["hearts600", "hanaawase", "koikoi"])
def test_editing_an_observations_history_changes_no_later_observation_or_clone(make):
    g = played_until(make, lambda g: len(g.history) >= 1)
    before = [r.to_dict() for r in g.observation(0).history]
    record = g.observation(1).history[0]
    try_to_edit(lambda: record.points.append(99))
    try_to_edit(lambda: record.points.__setitem__(0, 99))
    details = getattr(record, "details", None) or getattr(record, "yaku", {})
    try_to_edit(lambda: details.__setitem__("vandal", 1))
    for value in details.values():
        if isinstance(value, list):
            try_to_edit(lambda: value.append(99))  # noqa: B023 - used at once
    try_to_edit(lambda: setattr(record, "winner", 99))
    assert [r.to_dict() for r in g.observation(0).history] == before
    assert [r.to_dict() for r in g.clone().observation(2 if g.players > 2 else 1).history] \
        == before
    assert [r.to_dict() for r in g.history] == before


def test_editing_a_heart_of_five_result_or_event_changes_no_history():
    make = lambda: HeartOfFiveGame.new(3, HeartOfFiveRules(players=3, win_target=5))  # noqa: E731
    g, rng = make(), random.Random(1)
    events: list[Any] = []
    while not g.is_over:
        events += g.apply(rng.choice(g.legal_actions()))
    history = plain(g.history)
    result = g.result
    result["rounds"][0]["order"].append(99)
    result["rounds"][0]["wins"][0] = 99
    result["rounds"][-1]["round"] = 99
    for e in events:
        if e.kind in ("round_over", "match_over"):
            vandalize(e.data)
    assert plain(g.history) == history
    assert plain(g.result["rounds"]) == history
    assert g.result["rounds"][0]["order"] != result["rounds"][0]["order"]


def test_a_clone_shares_no_history_record_with_its_game():
    g = played_until(lambda: HeartOfFiveGame.new(2, HeartOfFiveRules(players=2)),
                     lambda g: len(g.history) >= 1)
    c = g.clone()
    c.history[0]["order"].append(99)
    assert 99 not in g.history[0]["order"]


@pytest.mark.parametrize("make", [lambda: KoiKoiGame.new(1), lambda: HanaAwaseGame.new(1),
                                  lambda: Hearts600Game.new(1, players=4),
                                  lambda: HeartOfFiveGame.new(1, players=5)],
                         ids=["koikoi", "hanaawase", "hearts600", "heart_of_five"])
def test_editing_the_start_events_changes_nothing(make):
    g = make()
    before = plain(g.start_events)
    vandalize(g.start_events)
    c = g.clone()
    assert plain(g.start_events) == plain(c.start_events) == before


def test_editing_yatsuhashis_events_changes_nothing_its_last_events_show():
    g = YatsuhashiGame.deal(3)
    events = g.apply("turn")
    before = plain(g.last_events)
    vandalize(events)
    vandalize(g.last_events)
    assert plain(g.last_events) == before == [("Event", "turned", 0, (g.waste[-1],), {})]
