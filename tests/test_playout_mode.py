"""The fishing engine's playout mode (``playout``, ``clone(playout=True)``) plays exactly the
game that ``apply`` plays in the normal mode, for Koi-Koi (both presets and a variant with the
other code paths: optional matching, draw for first, no field triple), Hana-awase (stealing
from piles on and off) and 600 Hearts (2, 3 and 4 seats), and the fishing engine's test game for
options no real game has together (any card without the triple rule; drawing on, stealing and
optional matching at four seats).

Each check plays a match in playout mode with a policy that records, before every decision,
the legal actions and the observation of the seat to move, then replays the chosen actions in
the normal mode and compares step by step: the same legal actions in the same order, the same
observations (but for the order of the field, which playout mode keeps as a bit set only), the
same scores, deals and end. Fixed seeds, so every run checks the same games.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Callable

import pytest

from rules.engine import IllegalActionError, RulesError
from rules.fishing import FishingGame
from rules.hanaawase import HanaAwaseGame, HanaAwaseRules
from rules.hanafuda import DECK
from rules.hearts600 import Hearts600Game
from rules.koikoi import KoiKoiGame, KoiKoiRules
from tests.test_fishing_engine import TinyGame, TinyRules

GAMES: dict[str, Callable[[int], FishingGame]] = {
    "koikoi-seed": lambda seed: KoiKoiGame.new(seed, KoiKoiRules()),
    "koikoi-nintendo": lambda seed: KoiKoiGame.new(seed, KoiKoiRules.nintendo()),
    "koikoi-variant": lambda seed: KoiKoiGame.new(seed, KoiKoiRules(
        matching="optional", draw_for_first=True, field_triple=False, scoring="complex",
        tsukifuda=True, koikoi_penalty=True, match_end="rounds6")),
    "hanaawase": lambda seed: HanaAwaseGame.new(seed),
    "hanaawase-no-stealing": lambda seed: HanaAwaseGame.new(
        seed, HanaAwaseRules(steal_from_piles=False)),
    "hearts600-2": lambda seed: Hearts600Game.new(seed, players=2),
    "hearts600-3": lambda seed: Hearts600Game.new(seed, players=3),
    "hearts600-4": lambda seed: Hearts600Game.new(seed, players=4),
    "tiny-any-card-no-triple": lambda seed: TinyGame.new(seed, TinyRules(
        players=2, matching="if_matching", field_triple=False, deals=4)),
    "tiny-draw-on-steal-optional": lambda seed: TinyGame.new(seed, TinyRules(
        players=4, plan="short", draw_on_empty=True, steal=True, matching="optional", deals=4)),
}

def seeds(name: str) -> range:
    """Fixed seeds: fewer for Hana-awase, whose twelve-deal matches are the longest."""
    return range(3) if name.startswith("hanaawase") else range(8)


def seen(game: FishingGame, seat: int | None = None) -> Any:
    """The observation of ``seat`` (default: the seat to move), its field in deck order and
    without the deal log (the differences playout mode makes: it keeps no record)."""
    obs = game.observation(game.current_player if seat is None else seat)
    return dataclasses.replace(obs, field=tuple(sorted(obs.field)), deal_log=None)


def state(game: FishingGame) -> tuple:
    """What both modes keep alike (the field and the piles as bit sets)."""
    return (game.phase, game.current_player, game.dealer, game.round, game.deal_count,
            tuple(game.scores), tuple(map(tuple, game.hands)), tuple(game.stock),
            game.field_mask, tuple(game.pile_masks), game.pending, tuple(game.turn_captures),
            game.last_captor, game.revealed)


def recorded_playout(game: FishingGame, rng: random.Random, rounds: int | None = None,
                     observe: bool = True) -> tuple[list[int], list[tuple]]:
    """``game.playout`` with a policy that picks as the default one does and records, for
    each decision, the state, the legal actions, the observation (``observe``) and the action
    chosen."""
    steps: list[tuple] = []

    def policy(state_: FishingGame, legal: list[Any]) -> Any:
        assert state_ is game and state_.playout_mode
        action = legal[int(rng.random() * len(legal))]
        steps.append((state(state_), list(legal), seen(state_) if observe else None, action))
        return action

    return game.playout(rng, policy, rounds), steps


def default_playout(game: FishingGame, rng: random.Random,
                    rounds: int | None = None) -> tuple[list[int], list[Any]]:
    """The fishing engine's ``playout(rng)`` with the default policy, step by step, and the
    actions it chose (seen by wrapping the state's ``_step``, which it calls for each).
    (Koi-Koi's own ``playout`` plays the same game faster, without actions: see
    tests/test_koikoi_playout.py.)"""
    chosen: list[Any] = []
    step = game._step

    def recording(action: Any) -> None:
        chosen.append(action)
        step(action)
    game._step = recording
    return FishingGame.playout(game, rng, rounds=rounds), chosen


def replay_and_compare(game: FishingGame, steps: list[tuple]) -> None:
    """Apply the recorded actions to ``game`` (normal mode), comparing before each one."""
    for i, (kept, legal, obs, action) in enumerate(steps):
        assert state(game) == kept, f"state before action {i}"
        assert game.legal_actions() == legal, f"legal actions before action {i}"
        assert obs is None or seen(game) == obs, f"observation before action {i}"
        assert game.apply(action), "normal mode reports events"


def same_end(quiet: FishingGame, normal: FishingGame) -> None:
    assert quiet.scores == normal.scores and quiet.winner == normal.winner
    assert quiet.is_over == normal.is_over and quiet.result == normal.result
    assert [r.to_dict() for r in quiet.history] == [r.to_dict() for r in normal.history]
    assert state(quiet) == state(normal)
    assert sorted(quiet.field) == sorted(normal.field) and quiet.piles == normal.piles


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_match_in_playout_mode_is_the_match_apply_plays(name):
    for seed in seeds(name):
        quiet, normal = GAMES[name](seed), GAMES[name](seed)
        scores, steps = recorded_playout(quiet, random.Random(seed))
        assert quiet.is_over and scores == quiet.scores and len(steps) > 10
        replay_and_compare(normal, steps)
        same_end(quiet, normal)
        assert len(normal.actions) == len(steps) and quiet.actions == []


@pytest.mark.parametrize("name", GAMES)
def test_the_default_policy_plays_the_same_game_as_apply(name):
    for seed in seeds(name):
        game, normal = GAMES[name](seed), GAMES[name](seed)
        scores, chosen = default_playout(game, random.Random(seed))
        for action in chosen:
            assert action in normal.legal_actions()
            normal.apply(action)
        assert scores == normal.scores
        same_end(game, normal)


@pytest.mark.parametrize("name", ["koikoi-nintendo", "hearts600-3", "hearts600-4",
                                  "tiny-any-card-no-triple"])
def test_the_default_policy_draws_every_legal_action_alike(name):
    """Where any card may be played, the default policy draws a play without listing them
    (a card, then one of its captures): still each legal action with the same chance."""
    rng = random.Random(name)
    checked = 0
    for seed in range(40):
        game = GAMES[name](seed)
        while not game.is_over and checked < 6:
            legal = game.legal_actions()
            if game.phase == "play" and len(legal) > len({a.card for a in legal}):  # a choice
                counts = dict.fromkeys(legal, 0)
                for _ in range(300 * len(legal)):
                    counts[game._random_play(rng.random)] += 1
                assert all(200 <= n <= 400 for n in counts.values()), counts
                checked += 1
            game.apply(rng.choice(legal))
    assert checked == 6


@pytest.mark.parametrize("name", GAMES)
def test_playouts_from_the_middle_of_a_match_clones_and_samples(name):
    rng = random.Random(name)
    for seed in seeds(name):
        game = GAMES[name](seed)
        for _ in range(rng.randrange(1, 120)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        before = (state(game), game.legal_actions(), game.observation(0), len(game.actions))
        quiet = game.clone(playout=True)
        assert all(seen(quiet, s) == seen(game, s) for s in range(game.players))
        _scores, steps = recorded_playout(quiet, random.Random(seed), rounds=1)
        normal = game.clone()
        replay_and_compare(normal, steps)
        same_end(quiet, normal)
        assert (state(game), game.legal_actions(), game.observation(0),
                len(game.actions)) == before, "the clone left the game alone"
        if not game.is_over:  # a sample plays out too (from a guess of the hidden cards)
            sample = type(game).sample(game.observation(game.current_player), rng)
            _scores, steps = recorded_playout(sample.clone(playout=True), random.Random(seed))
            replay_and_compare(sample, steps)
            assert sample.is_over


@pytest.mark.parametrize("name", ["koikoi-seed", "koikoi-variant", "hanaawase", "hearts600-4"])
def test_apply_in_playout_mode_checks_but_reports_and_records_nothing(name):
    for seed in seeds(name):
        normal = GAMES[name](seed)
        quiet = normal.clone(playout=True)
        while not normal.is_over:
            legal = normal.legal_actions()
            action = legal[seed % len(legal)]
            assert quiet.legal_actions() == legal
            assert normal.apply(str(action)) and quiet.apply(str(action)) == []
        same_end(quiet, normal)
        assert quiet.actions == [] and quiet.playout_mode and not normal.playout_mode
        with pytest.raises(IllegalActionError):
            quiet.apply("play 1B")


def test_rounds_stops_after_that_many_deals():
    game = KoiKoiGame.new(3)
    scores = game.playout(random.Random(1), rounds=2)
    assert len(game.history) == 2 and not game.is_over and game.round == 3
    assert scores == game.scores == [sum(r.points[s] for r in game.history) for s in (0, 1)]
    assert game.playout(random.Random(2), rounds=0) == scores
    game.playout(random.Random(3))
    assert game.is_over and game.playout(random.Random(4)) == game.scores


def test_a_state_in_playout_mode_is_told_apart_and_stays_consistent():
    game = HanaAwaseGame.new(11)
    for _ in range(9):
        game.apply(game.legal_actions()[-1])
    quiet = game.clone(playout=True)
    assert quiet.playout_mode and not game.playout_mode and quiet.clone().playout_mode
    assert seen(quiet, 1) == seen(game, 1) and quiet.observation(1).field == tuple(quiet.field)
    assert quiet.piles == game.piles and quiet.field == sorted(game.field)
    with pytest.raises(RulesError, match="playout mode"):
        quiet.to_dict()
    with pytest.raises(RulesError, match="playout mode"):
        quiet.piles = game.piles
    with pytest.raises(RulesError, match="playout mode"):
        quiet.field = game.field
    quiet.playout(random.Random(5))
    every = [*quiet.field, *quiet.stock, *(c for h in quiet.hands for c in h),
             *(c for p in quiet.piles for c in p)]
    assert sorted(every) == list(DECK) and sum(quiet.scores) == 0
    game.to_dict()  # the original is still a record


def test_a_policy_must_answer_with_a_legal_action():
    game = KoiKoiGame.new(2)
    with pytest.raises(IllegalActionError, match="policy"):
        game.playout(random.Random(1), lambda state_, legal: "keep")
