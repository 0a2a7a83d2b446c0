"""Koi-Koi's fast playouts (``rules/koikoi_playout.py``): ``KoiKoiGame.playout(rng)`` plays the
game the fishing engine's step-by-step playout plays with the same ``rng`` (the same draws for
the same choices), which is the game ``apply`` plays with the actions it chose: the same
scores, deals, end and state, from new matches, from the middle of matches (every phase) and
from samples, with ``rounds`` stops too. And ``yaku_total_function`` adds up as
``yaku_of_mask`` does, what follows a turn is ``turn_end``'s, and the playout imports nothing of
the engine (it is handed the engine's pieces). Fixed seeds.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from typing import Any

import pytest

from rules.fishing import FishingGame
from rules.hanafuda import DECK
from rules.koikoi import (KoiKoiGame, KoiKoiRules, packed_yaku, turn_end, yaku_of_mask,
                          yaku_total_function)
from tests.test_layers import ROOT, cycles, imports, module_name
from tests.test_playout_mode import default_playout, state

RULES = {
    "seed": KoiKoiRules(),
    "nintendo": KoiKoiRules.nintendo(),
    "optional": KoiKoiRules(matching="optional", draw_for_first=True, field_triple=False,
                            scoring="complex", tsukifuda=True, koikoi_penalty=True,
                            match_end="rounds6"),
    "no-sake-chaff": KoiKoiRules(sake_as_chaff=False, viewing="never", extra_points=True,
                                 scoring="complex", rain_rule=True),
    "any-card-no-triple": KoiKoiRules(matching="if_matching", field_triple=False,
                                      viewing="with_other", rain_rule=True, extra_points=True,
                                      hand_swap=False, void_deal=False),
}


def everything(game: KoiKoiGame) -> tuple:
    """All a Koi-Koi state holds that a playout changes, and what each seat observes."""
    seen = []
    for seat in (0, 1):
        obs = game.observation(seat)
        # (playout mode keeps no deal log: the fast playout is compared without it)
        seen.append(dataclasses.replace(obs, field=tuple(sorted(obs.field)), deal_log=None))
    return (state(game), [r.to_dict() for r in game.history], game.winner, game.pile_yaku,
            game.pile_totals, game.koikoi_calls, game.turn_start_total, game.field_brights,
            game.first_draw, sorted(game.field), game.piles, seen)


def check_alike(game: KoiKoiGame, seed: int, rounds: int | None = None) -> None:
    """From ``game``: the fast playout, the engine's step-by-step one and ``apply`` with the
    actions that one chose end alike."""
    fast, steps, normal = game.clone(playout=True), game.clone(playout=True), game.clone()
    scores = fast.playout(random.Random(seed), rounds=rounds)
    step_scores, chosen = default_playout(steps, random.Random(seed), rounds)
    for action in chosen:
        normal.apply(action)
    assert scores == step_scores == normal.scores == fast.scores
    assert everything(fast) == everything(steps) == everything(normal)
    assert fast.playout_mode and fast.actions == []


@pytest.mark.parametrize("name", RULES)
def test_a_fast_playout_plays_the_engines_game(name):
    for seed in range(30):
        game = KoiKoiGame.new(seed, RULES[name])
        check_alike(game, seed)
        check_alike(game, seed + 100, rounds=1 + seed % 3)


@pytest.mark.parametrize("name", RULES)
def test_a_fast_playout_from_every_phase_of_a_match(name):
    rng = random.Random(name)
    phases: set[str] = set()
    for seed in range(30):
        game = KoiKoiGame.new(seed, RULES[name])
        target = ("play", "take", "decide")[seed % 3]  # then on to a state of that phase
        for _ in range(rng.randrange(0, 90)):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions()))
        while not game.is_over and game.phase != target:
            game.apply(rng.choice(game.legal_actions()))
        phases.add(game.phase)
        check_alike(game, seed, rounds=None if seed % 2 else 1)
        if not game.is_over:
            sample = KoiKoiGame.sample(game.observation(game.current_player), rng)
            check_alike(sample, seed)
    assert {"play", "take", "decide"} <= phases


def test_a_policy_still_plays_step_by_step():
    game = KoiKoiGame.new(4)
    legal_seen: list[Any] = []

    def first(state_: FishingGame, legal: list[Any]) -> Any:
        legal_seen.append(legal)
        return legal[0]
    scores = game.clone(playout=True).playout(random.Random(1), first)
    normal = game.clone()
    while not normal.is_over:
        normal.apply(normal.legal_actions()[0])
    assert scores == normal.scores and len(legal_seen) == len(normal.actions)


RULE_OPTIONS = list(itertools.product(("simple", "complex"), (True, False),
                                      ("always", "with_other", "never"), (True, False),
                                      (True, False), (True, False)))


@pytest.mark.parametrize("scoring, sake, viewing, rain, extra, tsukifuda", RULE_OPTIONS)
def test_the_yaku_total_adds_up_as_the_yaku_do(scoring, sake, viewing, rain, extra, tsukifuda):
    rules = KoiKoiRules(scoring=scoring, sake_as_chaff=sake, viewing=viewing, rain_rule=rain,
                        extra_points=extra, tsukifuda=tsukifuda)
    total = yaku_total_function(rules)
    packed = packed_yaku(rules)
    assert (packed is None) == (tsukifuda or viewing == "with_other")
    rng = random.Random(f"{rules}")
    for pile in [*(rng.sample(DECK, rng.randrange(0, 30)) for _ in range(400)), DECK]:
        m = sum(c.bit for c in pile)
        points = sum(yaku_of_mask(m, rules).values())
        assert total(m) == points, m
        if packed:
            x = sum(packed.card[c.index] for c in pile)
            assert x < 2**30  # one digit of a Python int: cheap arithmetic
            assert packed.figures[x & 0x3FFF] + packed.ribbons[x >> 14 & 0x3FF] + \
                packed.chaff[x >> 24] == points, m


@pytest.mark.parametrize("total, start, last, expected", [
    (6, 5, False, "decide"), (6, 5, True, "last_turn"),     # a total that rose
    (5, 5, False, "next"), (5, 5, True, "exhausted"),       # one that did not
    (3, 5, False, "next"), (0, 0, True, "exhausted"),
])
def test_what_follows_a_turn(total, start, last, expected):
    assert turn_end(total, start, last) == expected


def test_no_engine_module_imports_one_that_imports_it():
    """The fast playout is built from the engine's pieces, handed in: ``rules.koikoi`` imports
    ``rules.koikoi_playout``, never the other way round (nor any other pair in rules/ or ai/,
    the Yatsuhashi solver in ai/ included: every import, lazy ones too)."""
    files = sorted(p for package in ("rules", "ai") for p in (ROOT / package).rglob("*.py"))
    names = {module_name(p) for p in files}
    graph = {module_name(p): {m for _line, m in imports(p.read_text(encoding="utf-8"))
                              if m in names and m != module_name(p)} for p in files}
    assert "rules.koikoi_playout" in graph["rules.koikoi"]
    assert cycles(graph) == []
