"""The Yatsuhashi engine against docs/rules.md ("Yatsuhashi Solitaire"), beyond the basics of
test_yatsuhashi_basics.py: which moves are legal (the December-January wrap, runs, empty
foundations), when a yaku's cards are available, the Bridge rule, the stock and waste; then
Hypothesis playouts from random deals that check the bookkeeping after every move.

Positions come from ``Game.from_layout``: foundations bottom to top, ``face_down`` cards at the
bottom of each face down, the stock top first. The tables are written from docs/rules.md.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.hanafuda import DECK, cards
from rules.yatsuhashi import Game, IllegalMoveError


def layout(*piles: str, stock: str = "", down: list[int] | None = None,
           collected: list[str] | None = None) -> Game:
    """A position from card codes: one string per foundation, bottom to top; every card face
    up unless ``down`` says how many are face down at the bottom of each."""
    return Game.from_layout([cards(p) for p in piles], cards(stock),
                            face_down=down if down is not None else [0] * len(piles),
                            collected=collected)


def legal(game: Game) -> set[str]:
    return {str(m) for m in game.legal_moves()}


# ----------------------------------------------------------------------------------------------
# Moving cards: one month later, wrapping from December to January


@pytest.mark.parametrize("moved,onto,ok", [
    ("1C1", "2C1", True),      # January onto February
    ("2A", "3C1", True),
    ("11A", "12C1", True),     # November onto December
    ("12C1", "1B", True),      # December onto January: the wrap
    ("12B", "1C2", True),
    ("2C1", "1C1", False),     # one month *earlier*: no
    ("1C1", "12C1", False),    # January onto December: the wrap goes one way only
    ("12C1", "12C2", False),   # same month
    ("1C1", "3C1", False),     # two months later
    ("6A", "8A", False),
    ("11R", "1B", False),      # two months later across the wrap
])
def test_a_card_goes_onto_the_next_month_only(moved, onto, ok):
    g = layout(moved, onto)
    assert (f"{moved}>1" in legal(g)) is ok
    # The same from the waste.
    w = layout("9A", onto, stock=moved)
    w.apply("turn")
    assert ("w>1" in legal(w)) is ok


@pytest.mark.parametrize("pile,down,movable,fixed", [
    # A run: each card one month earlier than the card beneath; any top part of it moves.
    ("4C1 3C1 2C1 1C1", 0, ["1C1", "2C1", "3C1", "4C1"], []),
    # Runs wrap too: January under December under November.
    ("2C1 1B 12C1 11A", 0, ["11A", "12C1", "1B", "2C1"], []),
    # Not through a face-down card: 3C1 would continue the run but is face down.
    ("3C1 2C1 1C1", 1, ["1C1", "2C1"], ["3C1"]),
    # Not through a break: 5C1 under 2C1 is no run, so only the top two move.
    ("5C1 2C1 1C1", 0, ["1C1", "2C1"], ["5C1"]),
    # Cards one month *later* on top are no run.
    ("1C1 2C1 3C1", 0, ["3C1"], ["1C1", "2C1"]),
    # Same month stacked: no run.
    ("9C1 3C1 3C2", 0, ["3C2"], ["3C1", "9C1"]),
])
def test_any_face_up_top_segment_that_is_a_run_moves(pile, down, movable, fixed):
    # An empty foundation takes any card or run, so it shows what may be picked up (9A, face
    # down at the bottom, keeps the bottom card from being a whole foundation).
    g = layout("9A " + pile, "", down=[down + 1, 0])
    can = {m.card.code for m in g.legal_moves() if m.kind == "move" and m.to == 1}
    assert can == set(movable)
    for code in fixed:
        assert g.segment(cards(code)[0]) == []
    for code in movable:
        seg = g.segment(cards(code)[0])
        assert seg and seg[0].code == code and seg[-1] == g.foundations[0][-1]


def test_a_run_moves_whole_onto_the_month_after_its_bottom_card():
    g = layout("9A 4C1 3C1 2C1", "5C1", "3C2", down=[1, 0, 0])
    assert "4C1>1" in legal(g)      # 4C1 3C1 2C1 onto 5C1
    assert "2C1>2" in legal(g)      # 2C1 alone onto 3C2
    assert "3C1>1" not in legal(g) and "3C1>2" not in legal(g)
    g.apply("4C1>1")
    assert g.foundations == [cards("9A"), cards("5C1 4C1 3C1 2C1"), cards("3C2")]
    assert g.face_down == [0, 0, 0]   # 9A turned up at once


def test_moving_the_last_face_up_card_turns_the_next_one_up():
    g = layout("7A 6A 8C1 1C1", "2C1", down=[3, 0])
    g.apply("1C1>1")
    assert g.face_down == [2, 0] and g.foundations[0] == cards("7A 6A 8C1")
    assert "8C1>1" not in legal(g)   # 8C1 is face up now, but goes onto month 9 only


@pytest.mark.parametrize("pile,down,offered,not_offered", [
    # With a face-down card beneath, the whole face-up run may go to the empty foundation.
    ("9A 4C1 3C1", 1, ["4C1>1", "3C1>1"], []),
    # A whole foundation with nothing face down beneath is not offered (it changes nothing),
    # a top part of it is.
    ("4C1 3C1", 0, ["3C1>1"], ["4C1>1"]),
    ("7A", 0, [], ["7A>1"]),
    # A face-up card that is no run with the one beneath: just the top.
    ("9A 4C1", 0, ["4C1>1"], ["9A>1"]),
])
def test_an_empty_foundation_takes_any_card_or_run(pile, down, offered, not_offered):
    g = layout(pile, "", down=[down, 0])
    for m in offered:
        assert m in legal(g)
    for m in not_offered:
        assert m not in legal(g)


def test_the_waste_card_goes_into_an_empty_foundation():
    g = layout("9A", "", stock="6R")
    g.apply("turn")
    assert "w>1" in legal(g) and "w>0" not in legal(g)
    g.apply("w>1")
    assert g.foundations[1] == cards("6R") and g.waste == []


# ----------------------------------------------------------------------------------------------
# Collecting: every card available at once


def collections(game: Game) -> set[str]:
    return {str(m) for m in game.collect_moves()}


@pytest.mark.parametrize("piles,down,stock,turns,expected", [
    # Each card on top of a foundation: available.
    (["9C1 1R", "2R", "3R"], None, "", 0, {"collect akatan 1R,2R,3R"}),
    # The waste's top card counts...
    (["2R", "3R"], None, "1R", 1, {"collect akatan 1R,2R,3R"}),
    # ...but only the top one; a card under it in the waste, or in the stock, does not.
    (["2R", "3R"], None, "1R 9C1", 2, set()),
    (["2R", "3R"], None, "1R", 0, set()),
    # Two of the yaku's cards adjacent in one foundation leave together.
    (["9C1 2R 1R", "3R"], None, "", 0, {"collect akatan 1R,2R,3R"}),
    (["9C1 3R 2R 1R"], None, "", 0, {"collect akatan 1R,2R,3R"}),
    # A card outside the yaku in the top segment blocks it (above or between).
    (["2R 1C1", "1R", "3R"], None, "", 0, set()),
    (["9C1 3R 12C1 2R", "1R"], None, "", 0, set()),
    # A face-down card of the yaku is not available.
    (["2R 9C1", "1R", "3R"], [1, 0, 0], "", 0, set()),
    (["2R 1R", "3R"], [1, 0], "", 0, set()),
    # Chaff: one of each month; either chaff of a month will do, each choice is offered.
    (["1C1", "2C1", "3C1", "4C1 5C2"], None, "", 0, {"collect early_chaff 1C1,2C1,3C1,4C1,5C2"}),
    # 1C2 under 2C1: taken together with it, or 1C1 taken and 1C2 left under 2C1.
    (["1C1", "1C2 2C1", "3C1", "4C1 5C2"], None, "", 0,
     {"collect early_chaff 1C1,2C1,3C1,4C1,5C2", "collect early_chaff 1C2,2C1,3C1,4C1,5C2"}),
    (["1C1", "1C2", "2C1 3C1 4C1 5C2"], None, "", 0,
     {"collect early_chaff 1C1,2C1,3C1,4C1,5C2", "collect early_chaff 1C2,2C1,3C1,4C1,5C2"}),
    # A chaff of another group in the segment blocks: 6C1 is late chaff.
    (["1C1", "2C1 6C1", "3C1", "4C1 5C2"], None, "", 0, set()),
    # A chaff of the same month that is not taken blocks like any other card.
    (["2C1 3C1 4C1 5C2 1C2", "1C1"], None, "", 0, {"collect early_chaff 1C2,2C1,3C1,4C1,5C2"}),
    (["2C1 3C1 4C1 5C2 1C2 1C1"], None, "", 0, set()),
])
def test_a_yaku_needs_all_its_cards_available(piles, down, stock, turns, expected):
    g = layout(*piles, stock=stock, down=down)
    for _ in range(turns):
        g.apply("turn")
    assert collections(g) == expected


def test_collecting_takes_exactly_the_yaku_cards_and_turns_up_what_they_uncover():
    g = layout("8C1 9C1 3R 2R", "4C1 1R", stock="9C2", down=[2, 1])
    g.apply("turn")   # 9C2 on the waste, no part of it
    g.apply("collect akatan")
    assert g.foundations == [cards("8C1 9C1"), cards("4C1")] and g.waste == cards("9C2")
    assert g.face_down == [1, 0] and g.collected == ["akatan"]
    assert g.collections == [("akatan", tuple(cards("1R 2R 3R")))]


# ----------------------------------------------------------------------------------------------
# The Bridge


@pytest.mark.parametrize("collected,allowed", [
    (["akatan", "aotan", "kasutan", "godori"], False),
    (["akatan", "aotan", "kasutan", "godori", "inoshikacho"], True),
    # Each chaff collection counts: both early_chaff count 2.
    (["early_chaff", "early_chaff", "late_chaff", "akatan"], False),
    (["early_chaff", "early_chaff", "late_chaff", "akatan", "aotan"], True),
    (["early_chaff", "early_chaff", "late_chaff", "late_chaff", "kiri_kasu"], True),
    ([], False),
])
def test_the_bridge_after_five_other_collections(collected, allowed):
    g = layout("9A 5A", stock="", collected=collected)
    assert ("collect yatsuhashi 5A" in collections(g)) is allowed
    assert g.bridge_allowed is allowed


def test_the_bridge_only_from_a_foundation_top():
    five = ["akatan", "aotan", "kasutan", "godori", "inoshikacho"]
    under = layout("5A 4C1", collected=five)        # covered by 4C1
    assert "collect yatsuhashi 5A" not in collections(under)
    waste = layout("9A", stock="5A", collected=five)
    waste.apply("turn")                              # the waste's top card: not enough
    assert collections(waste) == set()
    down = layout("5A 9A", down=[1], collected=five)
    assert collections(down) == set()


def test_the_fifth_collection_made_in_play_opens_the_bridge():
    four = ["akatan", "aotan", "kasutan", "godori"]
    g = layout("5A", "6A", "7A", "10A", collected=four)
    assert collections(g) == {"collect inoshikacho 6A,7A,10A"}
    g.apply("collect inoshikacho")
    assert collections(g) == {"collect yatsuhashi 5A"}
    g.apply("collect yatsuhashi")
    assert g.is_won and g.collected == four + ["inoshikacho", "yatsuhashi"]
    g.undo()
    g.undo()
    assert collections(g) == {"collect inoshikacho 6A,7A,10A"}


# ----------------------------------------------------------------------------------------------
# Stock and waste


def test_turn_and_recycle_are_offered_exactly_when_rules_md_says():
    g = layout("9A", stock="1C1 2C1")
    assert "turn" in legal(g) and "recycle" not in legal(g)
    g.apply("turn")
    assert "turn" in legal(g) and "recycle" not in legal(g)
    g.apply("turn")
    assert g.stock == [] and g.waste == cards("1C1 2C1")
    assert "turn" not in legal(g) and "recycle" in legal(g)
    g.apply("recycle")
    # The waste turned over: its bottom card (the first turned) is the stock's top again.
    assert g.stock == cards("1C1 2C1") and g.waste == []
    with pytest.raises(IllegalMoveError):
        g.apply("recycle")   # the stock is not empty


def test_recycling_as_often_as_wanted_keeps_the_order():
    g = layout("9A", stock="1C1 2C1 3C1")
    for _ in range(3):
        for _ in range(3):
            g.apply("turn")
        g.apply("recycle")
        assert g.stock == cards("1C1 2C1 3C1")


def test_a_card_taken_from_the_waste_leaves_the_others_in_order():
    g = layout("9A", "3C1", stock="1C1 2C2 5C1")
    g.apply("turn")
    g.apply("turn")               # waste: 1C1 2C2
    g.apply("w>1")                # 2C2 onto 3C1
    assert g.waste == cards("1C1")
    g.apply("turn")
    g.apply("recycle")
    assert g.stock == cards("1C1 5C1")


def test_nothing_to_turn_nor_recycle_when_stock_and_waste_are_empty():
    g = layout("9A", "2C1")
    assert "turn" not in legal(g) and "recycle" not in legal(g)
    with pytest.raises(IllegalMoveError):
        g.apply("turn")
    assert g.is_stuck


def test_a_single_card_waste_recycles_to_a_single_card_stock():
    g = layout("9A", stock="1C1")
    g.apply("turn")
    g.apply("recycle")
    assert g.stock == cards("1C1") and g.waste == []


# ----------------------------------------------------------------------------------------------
# Hypothesis: random legal play from random deals


def table_and_gone(g: Game) -> list:
    on_table = [c for f in g.foundations for c in f] + g.stock + g.waste
    gone = [c for _y, cs in g.collections for c in cs]
    return on_table + gone


def random_moves(g: Game, picks: list[int]):
    """Legal moves of ``g`` chosen by ``picks``, one at a time (the caller makes each)."""
    for pick in picks:
        moves = g.legal_moves()
        if not moves:
            return
        yield moves[pick % len(moves)]


PLAY = settings(max_examples=25, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])


def position(g: Game) -> tuple:
    """The game as saved and seen, but for what an undo leaves behind: the redo list and the
    stock cards the player saw (both saved too: test_yatsuhashi_contract.py)."""
    data = g.to_dict()
    data.pop("redo", None)
    data.pop("seen", None)
    return (data, g.state(), g.key(), [str(m) for m in g.legal_moves()])


@PLAY
@given(seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 2**16), max_size=120))
def test_random_play_keeps_every_card_once_and_undo_redo_are_exact(seed, picks):
    g = Game.deal(seed)
    for move in random_moves(g, picks):
        before = position(g)
        g.apply(move)
        after = position(g)
        assert sorted(table_and_gone(g)) == sorted(DECK)   # all 48, each exactly once
        assert all(0 <= d < max(len(f), 1) for d, f in zip(g.face_down, g.foundations))
        assert g.undo() == move
        assert position(g) == before and g.to_dict()["redo"] == [str(move)]
        assert g.redo() == move
        assert position(g) == after and "redo" not in g.to_dict()


@PLAY
@given(seed=st.integers(0, 2**31), picks=st.lists(st.integers(0, 2**16), max_size=120))
def test_saves_and_replays_reproduce_a_game_in_progress(seed, picks):
    g = Game.deal(seed)
    for move in random_moves(g, picks):
        g.apply(move)
    data = g.to_dict()
    loaded = Game.from_dict(data)
    assert loaded.state() == g.state() and loaded.key() == g.key()
    assert loaded.to_dict() == data and loaded.collections == g.collections
    replay = Game.deal(seed)
    for text in data["moves"]:
        replay.apply(text)
    assert replay.state() == g.state()
    assert [str(m) for m in replay.legal_moves()] == [str(m) for m in g.legal_moves()]


@pytest.mark.parametrize("foundations, forced", [
    (["1R", "2R", "3R"], "akatan"),                          # one way: made for the player
    (["1C1", "2C1", "3C1", "4C1", "5C1", "1C2"], None),      # early chaff two ways: a choice
    (["1R", "2R", "9C1"], None),                             # nothing to collect
])
def test_a_collection_is_forced_only_when_it_can_be_made_one_way(foundations, forced):
    g = Game.from_layout([cards(code) for code in foundations], [])
    move = g.forced_collection()
    assert (move.yaku if move is not None else None) == forced
    assert move is None or move in g.legal_moves()
