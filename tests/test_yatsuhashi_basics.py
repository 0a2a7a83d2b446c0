"""Yatsuhashi engine and solver: the essentials from docs/rules.md (a first, compact table; the
engine's own docstring examples run too)."""

from __future__ import annotations

import doctest
import random

import pytest

import rules.yatsuhashi as yatsu
from rules.deck import shuffled
from rules.hanafuda import DECK, cards
from rules.yatsuhashi import Game, IllegalMoveError, LayoutError, solve, yaku_of


@pytest.mark.parametrize("codes,expected", [
    ("1C1 2C2 3C1 4C2 5C1", "early_chaff"), ("6C1 7C2 8C1 9C2 10C1", "late_chaff"),
    ("1R 2R 3R", "akatan"), ("6R 9R 10R", "aotan"), ("4R 5R 7R", "kasutan"),
    ("6A 7A 10A", "inoshikacho"), ("2A 4A 8A", "godori"), ("3B 8B 9A", "hanami_tsukimi_zake"),
    ("1B 11B 12B", "ame_sanko"), ("12C1 12C2 12C3", "kiri_kasu"), ("11A 11R 11C1", "yanagi_kasu"),
    ("5A", "yatsuhashi"),
    # near misses
    ("1R 2R", None), ("1R 2R 3R 4R", None), ("1C1 1C2 3C1 4C2 5C1", None),
    ("1C1 2C2 3C1 4C2 12C1", None), ("12C1 12C2", None), ("6A 7A 9A", None), ("", None),
])
def test_yaku_of(codes, expected):
    assert yaku_of(cards(codes)) == expected


def test_yaku_of_refuses_a_card_twice():
    with pytest.raises(ValueError, match="1R"):
        yaku_of(cards("1R 1R 2R"))


def test_deal_follows_rules_md():
    g = Game.deal(42)
    deck = shuffled(DECK, 42)
    assert g.foundations == [deck[6 * k:6 * k + 6] for k in range(6)]
    assert g.face_down == [5] * 6 and g.waste == [] and g.collected == []
    assert g.stock == deck[36:48]  # deck[36] on top


def test_moves_go_onto_the_next_month_with_the_december_january_wrap():
    g = Game.from_layout([["1C1"], ["12C1"], ["2C1"]], [], face_down=[0, 0, 0])
    legal = {str(m) for m in g.legal_moves()}
    assert "12C1>0" in legal          # December onto January
    assert "1C1>2" in legal           # January onto February
    assert "1C1>1" not in legal and "2C1>0" not in legal


def test_turn_recycle_and_undo_redo_restore_exactly():
    g = Game.deal(7)
    start = g.state()
    for _ in range(12):
        g.apply("turn")
    assert g.stock == [] and len(g.waste) == 12
    assert [str(m) for m in g.legal_moves()][-1] == "recycle"
    g.apply("recycle")
    assert g.stock == Game.deal(7).stock and g.waste == []
    for _ in range(13):
        g.undo()
    assert g.state() == start and g.can_redo
    g.redo()
    assert len(g.waste) == 1
    g.apply("turn")
    assert not g.can_redo


def test_bridge_only_after_five_other_yaku():
    four = ["akatan", "aotan", "kasutan", "godori"]
    g = Game.from_layout([["5A"]], [], face_down=[0], collected=four)
    assert not any(m.yaku == "yatsuhashi" for m in g.legal_moves())
    g5 = Game.from_layout([["5A"]], [], face_down=[0], collected=four + ["inoshikacho"])
    assert any(m.yaku == "yatsuhashi" for m in g5.legal_moves())


def test_collecting_needs_every_card_available():
    # 3R under 9C1 in the same foundation: blocked; on top: available with the waste's 1R.
    blocked = Game.from_layout([["3R", "9C1"], ["2R"]], ["1R"], face_down=[0, 0])
    blocked.apply("turn")
    assert not blocked.collect_moves()
    free = Game.from_layout([["9C1", "3R"], ["2R"]], ["1R"], face_down=[0, 0])
    free.apply("turn")
    assert [str(m) for m in free.collect_moves()] == ["collect akatan 1R,2R,3R"]


def test_bad_layouts_and_moves_are_refused():
    with pytest.raises(ValueError, match="1R"):
        Game.from_layout([["1R"], ["1R"]], [])
    with pytest.raises(LayoutError, match="akatan"):
        Game.from_layout([["1R"]], [], collected=["akatan"])
    with pytest.raises(IllegalMoveError):
        Game.deal(1).apply("recycle")


def test_random_play_keeps_every_card_and_replays():
    rng = random.Random(5)
    for seed in range(5):
        g = Game.deal(seed)
        for _ in range(150):
            moves = g.legal_moves()
            if not moves:
                break
            g.apply(rng.choice(moves))
            on_table = [c for f in g.foundations for c in f] + g.stock + g.waste
            gone = [c for _y, cs in g.collections for c in cs]
            assert sorted(on_table + gone) == sorted(DECK)
        again = Game.from_dict(g.to_dict())
        assert again.state() == g.state()


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
def test_solver_lines_replay_to_a_win_and_leave_the_game_alone(seed):
    g = Game.deal(seed)
    before = g.state()
    sol = solve(g, 10.0)   # 800,000 positions (NODES_PER_SECOND), not the clock
    assert g.state() == before
    if sol.winnable:
        h = g.copy()
        for m in sol.moves:
            h.apply(m)
        assert h.is_won
    else:
        assert sol.winnable is False and sol.moves == []


def test_an_unwinnable_layout_is_reported_unwinnable():
    # Only the bridge is left, but just four other yaku were collected: it can never leave.
    g = Game.from_layout([["5A"]], [], face_down=[0],
                         collected=["akatan", "aotan", "kasutan", "godori"])
    assert solve(g, 5.0).winnable is False   # 400,000 positions


def test_docstring_examples():
    assert doctest.testmod(yatsu).failed == 0
