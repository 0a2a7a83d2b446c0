"""600 Hearts, table by table from docs/rules.md (the 600 Hearts section is binding).

Rows name captured cards in card notation (docs/cards.md) and the exact yaku dict or scores
expected, at every boundary docs/rules.md draws: the bright yaku and the Rain Man, 14 and 15 chaff,
the sake cup in three yaku, the seed's two settlement examples, ties for the lowest score,
the deal by seat count, void deals, the next dealer and the end at 600.
"""

from __future__ import annotations

import pytest

from rules.deck import shuffled
from rules.engine import (DuplicateCardError, IllegalActionError, InvalidNotationError,
                          LayoutError, RulesError)
from rules.fishing import deal
from rules.hanafuda import DECK, Kind, cards, codes
from rules.hearts600 import (DEALS, YAKU_POINTS, Hearts600Game, Hearts600Rules,
                             InvalidRulesError, card_points, kept_cards, kept_points,
                             round_scores, settlement, yaku, yaku_progress)

CHAFF = [c.code for c in DECK if c.kind is Kind.CHAFF]  # 24, in deck order
ONE_POINT_CHAFF = [c for c in CHAFF if c not in ("11C1", "12C1", "12C2", "12C3")]
assert len(CHAFF) == 24 and len(ONE_POINT_CHAFF) == 20


def Y(text: str) -> dict[str, int]:
    return yaku(cards(text))


def S(*piles: str) -> list[int]:
    return round_scores([cards(p) for p in piles])


# ----------------------------------------------------------------------------------------------
# Card points


@pytest.mark.parametrize("code, points", [
    ("9A", 50), ("1B", 20), ("3B", 20), ("8B", 20), ("11B", 20), ("12B", 20),
    ("2A", 10), ("4A", 10), ("5A", 10), ("6A", 10), ("7A", 10), ("8A", 10), ("10A", 10),
    ("11A", 10), ("1R", 5), ("6R", 5), ("11R", 5), ("1C1", 1), ("10C2", 1), ("11C1", 0),
    ("12C1", 0), ("12C2", 0), ("12C3", 0),
])
def test_card_points(code, points):
    assert card_points(cards(code)[0]) == points


def test_card_points_total_300():
    assert sum(map(card_points, DECK)) == 300
    assert sum(card_points(c) for c in DECK if c.kind is Kind.CHAFF) == 20


@pytest.mark.parametrize("bad", [None, "1B", 3, object()])
def test_card_points_refuses_what_is_not_a_card(bad):
    with pytest.raises(InvalidNotationError):
        card_points(bad)


# ----------------------------------------------------------------------------------------------
# Yaku


@pytest.mark.parametrize("text, expected", [
    # Brights: only the highest counts; 11B spoils three, makes four rainy.
    ("1B 3B", {}),
    ("1B 3B 12B", {"three_bright": 100}),
    ("1B 3B 11B", {}),
    ("1B 11B 12B", {}),
    ("1B 3B 8B 12B", {"dry_four_bright": 300}),
    ("1B 3B 11B 12B", {"rainy_four_bright": 150}),
    ("1B 3B 8B 11B 12B", {"five_bright": 600}),
    # Viewing yaku.
    ("8B 9A", {"moon_viewing": 100}),
    ("3B 9A", {"flower_viewing": 100}),
    ("8B", {}), ("9A", {}),
    # Animal sets.
    ("7A 10A 6A", {"boar_deer_butterflies": 100}),
    ("7A 10A", {}),
    ("2A 4A 8A", {"five_birds": 100}),
    ("2A 4A", {}),
    ("9A 5A 11A", {"drunken_bird_watching": 100}),
    ("5A 11A", {}),
    # Ribbons.
    ("1R 2R 3R", {"poetry_ribbons": 50}),
    ("6R 9R 10R", {"blue_ribbons": 50}),
    ("4R 5R 7R 11R", {"plain_ribbons": 50}),
    ("4R 5R 7R", {}),  # plain ribbons need all four, the Willow's too
    ("1R 2R 6R 9R 4R 5R 7R", {}),
])
def test_each_yaku_and_its_exclusions(text, expected):
    assert Y(text) == expected


def test_a_bright_counts_in_a_bright_yaku_and_a_viewing_yaku():
    assert Y("1B 3B 8B 9A") == {"three_bright": 100, "moon_viewing": 100,
                                "flower_viewing": 100}
    assert Y("1B 3B 8B 11B 12B 9A") == {"five_bright": 600, "moon_viewing": 100,
                                        "flower_viewing": 100}


def test_the_sake_cup_in_three_yaku_at_once():
    assert Y("9A 8B 3B 5A 11A") == {"moon_viewing": 100, "flower_viewing": 100,
                                    "drunken_bird_watching": 100}


def test_every_yaku_id_and_value_is_rules_md():
    assert YAKU_POINTS == {
        "five_bright": 600, "dry_four_bright": 300, "rainy_four_bright": 150,
        "three_bright": 100, "moon_viewing": 100, "flower_viewing": 100,
        "boar_deer_butterflies": 100, "five_birds": 100, "drunken_bird_watching": 100,
        "poetry_ribbons": 50, "blue_ribbons": 50, "plain_ribbons": 50, "chaff": 50}


@pytest.mark.parametrize("chaff, extra, expected", [
    (14, "", {}),
    (15, "", {"chaff": 50}),
    (24, "", {"chaff": 50}),
    (14, "9A", {}),  # the sake cup is not chaff
])
def test_chaff_needs_15(chaff, extra, expected):
    assert Y(" ".join(CHAFF[:chaff]) + " " + extra) == expected


def test_the_zero_point_chaff_count_toward_the_chaff_yaku():
    zero = "11C1 12C1 12C2 12C3"
    assert Y(" ".join(ONE_POINT_CHAFF[:11]) + " " + zero) == {"chaff": 50}
    assert Y(" ".join(ONE_POINT_CHAFF[:10]) + " " + zero) == {}


@pytest.mark.parametrize("bad, error", [
    (None, InvalidNotationError), ("1B 3B", InvalidNotationError), (["1B"], InvalidNotationError),
    (cards("1B 1B"), DuplicateCardError),
])
def test_yaku_refuses_bad_input(bad, error):
    with pytest.raises(error):
        yaku(bad)


# ----------------------------------------------------------------------------------------------
# What the panel shows: the card points a pile keeps, the yaku it is heading for

@pytest.mark.parametrize("text, kept, points", [
    ("", "", 0),
    ("8B 9A 1B 1C1", "1B 1C1", 21),          # moon viewing takes 8B 9A
    ("11C1 2A", "11C1 2A", 10),               # a zero-point chaff is kept, worth 0
    ("1B 3B 8B 1R", "1R", 5),                 # three brights take the brights
    ("1B 3B 11B 1R", "1B 3B 11B 1R", 65),     # with the Rain Man: no yaku, all kept
    (" ".join(CHAFF[:15]), "", 0),            # the chaff yaku takes every chaff
    (" ".join(CHAFF[:14]), " ".join(CHAFF[:14]), 14),   # one short: kept, a point each
])
def test_kept_cards_and_points(text, kept, points):
    assert codes(kept_cards(cards(text))) == kept
    assert kept_points(cards(text)) == points


def test_kept_points_are_what_a_round_adds_to_the_captor():
    piles = ["8B 9A 1B 1C1 5R", "2A 3B 11C1"]
    adds = round_scores([cards(p) for p in piles])
    charged = [sum(yaku(cards(p)).values()) for p in piles]
    assert [kept_points(cards(p)) for p in piles] == [adds[0] - charged[1], adds[1] - charged[0]]


def progress(text: str, blocked: str = "") -> list[str]:
    return [f"{p.yaku} {p.have}/{p.need} {codes(p.missing)}".strip()
            for p in yaku_progress(cards(text), cards(blocked))]


@pytest.mark.parametrize("text, blocked, expected", [
    ("", "", []),
    ("8B", "", ["moon_viewing 1/2 9A"]),                      # one card away
    ("8B", "9A", []),                                          # the missing card held by another
    ("8B 9A", "", ["flower_viewing 1/2 3B", "drunken_bird_watching 1/3 5A 11A"]),  # made: not shown
    ("8B 1R 2R", "3R", ["moon_viewing 1/2 9A"]),
    ("1B 3B", "8B", ["three_bright 2/3 12B", "flower_viewing 1/2 9A"]),
    ("1B 3B", "8B 12B", ["flower_viewing 1/2 9A"]),            # no dry bright left for three
    ("1B 3B 11B", "", ["flower_viewing 1/2 9A"]),              # the Rain Man spoils three
    ("1B", "", []),                                            # three brights from two held
    ("4R 5R 7R", "", ["plain_ribbons 3/4 11R"]),
    (" ".join(CHAFF[:7]), "", []),                             # the chaff yaku from 8
    (" ".join(CHAFF[:8]), "", ["chaff 8/15"]),
    (" ".join(CHAFF[:14]), "", ["chaff 14/15"]),
    (" ".join(CHAFF[:14]), " ".join(CHAFF[14:]), []),          # every other chaff held
    (" ".join(CHAFF[:15]), "", []),                            # made
])
def test_yaku_progress(text, blocked, expected):
    assert progress(text, blocked) == expected


def test_yaku_progress_closest_first():
    got = yaku_progress(cards("8B 7A 10A 2A"))   # one card to go: the most held first
    assert [(p.yaku, p.have, p.need) for p in got] == [
        ("boar_deer_butterflies", 2, 3), ("moon_viewing", 1, 2), ("five_birds", 1, 3)]


def test_yaku_progress_and_kept_points_refuse_bad_input():
    with pytest.raises(DuplicateCardError):
        yaku_progress(cards("1B"), cards("1B"))
    with pytest.raises(InvalidNotationError):
        yaku_progress(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError):
        kept_points("1B")  # type: ignore[arg-type]


# ----------------------------------------------------------------------------------------------
# Round scores: yaku charge every opponent, the other cards their captor


@pytest.mark.parametrize("piles, expected", [
    # No yaku: each keeps its card points.
    (("1B 2A 1R 1C1 11C1", "9A"), [36, 50]),
    # A yaku charges the opponent; its cards add nothing to the captor.
    (("8B 9A 1R", ""), [5, 100]),
    (("8B 9A", "2A", "3C1"), [0, 110, 101]),
    (("8B 9A", "", "", ""), [0, 100, 100, 100]),
    # Three brights with 11B make no yaku: their points are kept.
    (("1B 3B 11B", ""), [60, 0]),
    (("1B 3B 8B 11B", ""), [0, 150]),
    # The sake cup in three yaku at once: 300 to the opponent, nothing kept.
    (("9A 8B 3B 5A 11A", ""), [0, 300]),
    # Five brights and two viewing yaku.
    (("1B 3B 8B 11B 12B 9A", "1C1"), [0, 801]),
    # 14 chaff are kept (the 0-point ones add nothing); 15 make the yaku, all chaff in it.
    ((" ".join(CHAFF[:14]), ""), [14, 0]),
    ((" ".join(ONE_POINT_CHAFF[:10]) + " 11C1 12C1 12C2 12C3", ""), [10, 0]),
    ((" ".join(CHAFF[:15]), ""), [0, 50]),
    ((" ".join(CHAFF) + " 1R", ""), [5, 50]),
    # Two piles with yaku each charge the other.
    (("1R 2R 3R", "6R 9R 10R 1C1"), [50, 51]),
])
def test_round_scores(piles, expected):
    assert S(*piles) == expected


def test_cards_left_on_the_field_belong_to_nobody():
    assert S("1B", "2A") == [20, 10]


@pytest.mark.parametrize("bad, error, named", [
    (None, LayoutError, "captures"),
    ("1B", LayoutError, "captures"),
    ([cards("1B")], LayoutError, "2 to 4"),
    ([cards("")] * 5, LayoutError, "2 to 4"),
    ([cards("1B"), None], InvalidNotationError, r"captures\[1\]"),
    ([cards("1B"), ["1B"]], InvalidNotationError, r"captures\[1\]"),
    ([cards("1B 2A"), cards("3B 2A")], DuplicateCardError, "2A"),
])
def test_round_scores_refuses_bad_input(bad, error, named):
    with pytest.raises(error, match=named):
        round_scores(bad)


# ----------------------------------------------------------------------------------------------
# Settlement


@pytest.mark.parametrize("scores, cents", [
    ([398, 684], [286, -286]),                       # the seed's first example: $2.86
    ([203, 203, 407, 720], [721, 721, -408, -1034]),  # $2.04 and $5.17 to each winner
    ([600, 600], [0, 0]),                              # a tie: nobody pays
    ([100, 100, 100, 700], [600, 600, 600, -1800]),  # $6 to each of three
    ([0, 650, 300], [950, -650, -300]),
])
def test_settlement(scores, cents):
    assert settlement(scores) == cents
    assert sum(cents) == 0


@pytest.mark.parametrize("bad, named", [
    (None, "scores"), ([1], "2 to 4"), ([1, 2, 3, 4, 5], "2 to 4"), ([1, "2"], r"scores\[1\]"),
    ([True, 2], r"scores\[0\]"), ("12", "scores"),
])
def test_settlement_refuses_bad_input(bad, named):
    with pytest.raises(LayoutError, match=named):
        settlement(bad)


# ----------------------------------------------------------------------------------------------
# Options


def test_rules_options():
    assert Hearts600Rules() == Hearts600Rules(players=3, show_settlement=True)
    assert Hearts600Rules.from_options({"show_settlement": False}).show_settlement is False
    for bad in ({"players": 1}, {"players": 5}, {"players": "3"}, {"show_settlement": 1},
                {"colour": "red"}):
        with pytest.raises(InvalidRulesError, match=next(iter(bad))):
            Hearts600Rules.from_options(bad)
    with pytest.raises(InvalidRulesError):
        Hearts600Rules.from_options(None)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------------------------
# The deal


@pytest.mark.parametrize("players, hand, field, stock", [(2, 10, 8, 20), (3, 7, 6, 21),
                                                          (4, 5, 8, 20)])
def test_deal_sizes_by_player_count(players, hand, field, stock):
    for seed in range(5):
        g = Hearts600Game.new(seed, players=players)
        assert [len(h) for h in g.hands] == [hand] * players
        assert (len(g.field), len(g.stock)) == (field, stock)
        assert g.current_player == g.dealer  # the dealer plays first
        if g.deal_count == 1:  # no void deal: dealt from the seed's shuffle
            assert deal(shuffled(DECK, seed), DEALS[players], g.dealer) == \
                (g.hands, g.field, g.stock)


def whole_month(cs) -> bool:
    return any(sum(c.month == m for c in cs) == 4 for m in range(1, 13))


def first_void(players: int, where: str) -> int:
    for seed in range(5000):
        dealer = Hearts600Game(seed, Hearts600Rules(players=players)).dealer
        hands, fld, _ = deal(shuffled(DECK, seed), DEALS[players], dealer)
        if where == "field" and whole_month(fld) or \
                where == "hand" and any(whole_month(h) for h in hands):
            return seed
    raise AssertionError("no such seed")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("where", ["hand", "field"])
def test_a_whole_month_to_a_hand_or_the_field_voids_the_deal(players, where):
    seed = first_void(players, where)
    g = Hearts600Game.new(seed, players=players)
    voids = [e for e in g.start_events if e.kind == "void_deal"]
    assert voids and voids[0].data["reason"] == f"{where}_month"
    assert g.deal_count >= 2 and g.round == 1
    assert g.dealer == Hearts600Game(seed, Hearts600Rules(players=players)).dealer  # same
    assert not whole_month(g.field) and not any(whole_month(h) for h in g.hands)


# ----------------------------------------------------------------------------------------------
# Turns: any card may be played, a matching one must capture


def legal(g: Hearts600Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def test_any_card_may_be_played_and_a_matching_one_captures():
    g = Hearts600Game.from_layout(["3B 5C1", "9C1 6C1"], "3C1 8C1", "12C1 4C1 7C1 10C1")
    assert legal(g) == ["play 3B", "play 5C1"]  # no "play 3B -": a match must capture
    with pytest.raises(IllegalActionError):
        g.apply("play 3B -")
    events = [str(e) for e in g.apply("play 3B")]
    assert "captured seat0 3B 3C1" in events and codes(g.piles[0]) == "3B 3C1"


def test_avoiding_a_capture_by_playing_a_card_that_does_not_match():
    g = Hearts600Game.from_layout(["3B 5C1", "9C1 6C1"], "3C1 8C1", "12C1 4C1 7C1 10C1")
    g.apply("play 5C1")
    assert g.piles[0] == [] and codes(g.field) == "3C1 8C1 5C1 12C1"


def test_two_matches_the_player_chooses_and_a_triple_is_taken_whole():
    g = Hearts600Game.from_layout(["3B 5C1", "9C1 6C1"], "3C1 3C2 1B 1R 1C1",
                                  "1C2 4C1 7C1 10C1")
    assert legal(g) == ["play 3B 3C1", "play 3B 3C2", "play 5C1"]
    g.apply("play 3B 3C2")  # the drawn 1C2 takes the January triple whole
    assert codes(g.piles[0]) == "1B 3B 1R 1C1 1C2 3C2"


def test_a_drawn_card_with_two_matches_must_capture_one():
    g = Hearts600Game.from_layout(["5C1", "6C1"], "2A 2C1", "2C2 9C1")
    g.apply("play 5C1")
    assert g.phase == "take" and legal(g) == ["take 2A", "take 2C1"]
    g.apply("take 2C1")
    assert codes(g.piles[0]) == "2C1 2C2"


# ----------------------------------------------------------------------------------------------
# Round end, next dealer, game end


def one_turn_each(players: int, scores, dealer: int, capture: int | None = None):
    """A round of one card per seat, nothing captured but ``capture``'s 1C1 (2 points: 1C2
    takes it); the first seat to play is the dealer."""
    hands = ["5C1", "6C1", "7C1", "8C1"][:players]
    if capture is not None:
        hands[capture] = "1C2"
    return Hearts600Game.from_layout(hands, "1C1", "9C1 10C1 4C1 2C1"[:4 * players],
                                     dealer=dealer, scores=scores, seed=11)


def play_round(g: Hearts600Game) -> None:
    start = g.round
    while g.round == start and not g.is_over:
        g.apply(g.legal_actions()[0])


def test_the_round_ends_when_all_hands_are_empty_and_scores_change_only_then():
    g = one_turn_each(3, [10, 20, 30], dealer=0, capture=1)
    g.apply("play 5C1")
    g.apply("play 1C2")
    assert g.scores == [10, 20, 30] and len(g.history) == 0  # seat 1 captured, not scored
    g.apply("play 7C1")
    assert g.scores == [10, 22, 30] and g.history[0].points == [0, 2, 0]
    assert g.history[0].details == {"yaku": [{}, {}, {}], "card_points": [0, 2, 0]}


def test_a_yaku_charges_every_opponent_in_the_engine():
    g = Hearts600Game.from_layout(["9A", "5C1", "6C1"], "9C1", "7C1 10C1 4C1",
                                  piles=["8B", "", ""], seed=3)
    play_round(g)
    assert g.history[0].points == [1, 100, 100]  # 9A takes 9C1: moon viewing; 9C1 kept


@pytest.mark.parametrize("players, scores, dealer, expected", [
    (2, [300, 200], 1, 0),        # the highest score deals
    (2, [200, 300], 0, 1),
    (2, [250, 250], 1, 1),        # a tie: the previous dealer, first counting from itself
    (2, [250, 250], 0, 0),
    (3, [100, 300, 300], 2, 2),
    (3, [100, 300, 300], 0, 1),   # counting from dealer 0: seat 1 comes before seat 2
    (4, [300, 100, 100, 300], 1, 3),
    (4, [300, 100, 100, 300], 3, 3),
    (4, [300, 300, 300, 300], 2, 2),
])
def test_next_dealer(players, scores, dealer, expected):
    g = one_turn_each(players, scores, dealer)
    play_round(g)
    assert g.round == 2 and g.scores == scores and g.dealer == expected
    assert g.current_player == expected


@pytest.mark.parametrize("before, over", [(597, False), (598, True), (599, True)])
def test_the_game_ends_after_a_round_in_which_a_score_reaches_600(before, over):
    g = one_turn_each(2, [before, 10], dealer=0, capture=0)
    play_round(g)
    assert g.is_over is over and g.scores == [before + 2, 10]
    if over:
        assert g.current_player is None and g.winners == [1] and g.winner == 1
        assert g.result is not None and g.result["settlement"] == [-(before + 2 - 10),
                                                                   before + 2 - 10]
    else:
        assert g.round == 2 and g.result is None and g.winners == []


def test_a_tie_for_lowest_means_several_winners():
    g = one_turn_each(3, [100, 598, 100], dealer=1, capture=1)
    play_round(g)
    assert g.is_over and g.winners == [0, 2] and g.winner is None
    assert g.result is not None and g.result["winners"] == [0, 2]
    assert g.result["settlement"] == [500, -1000, 500]


def test_bad_input_to_the_engine_raises_the_family():
    for bad in (lambda: Hearts600Game.new(1, players=5), lambda: Hearts600Game.new(1, "x"),
                lambda: Hearts600Game.new(-1), lambda: Hearts600Game.from_layout(None, "", ""),
                lambda: Hearts600Game.new(1).observation(3),
                lambda: Hearts600Game.new(1).yaku_of("0")):
        with pytest.raises(RulesError):
            bad()
