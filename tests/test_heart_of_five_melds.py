"""Heart of Five's melds (docs/rules.md, "Heart of Five"): every kind and its boundaries as tables
card notation, ``beats`` across kinds, and ``legal_melds`` against a brute force over every
subset of small random hands (the brute force lives only here).
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.climbing import TooManyCopiesError, check_copies
from rules.engine import DuplicateCardError, InvalidNotationError, RulesError
from rules.heart_of_five import (DECK, Card, HeartOfFiveGame, HeartOfFiveRules, Meld, beats,
                                 classify, legal_melds, parse)


def meld(text: str) -> Meld:
    m = classify(parse(text))
    assert m is not None, text
    return m


# ----------------------------------------------------------------------------------------------
# parse

@pytest.mark.parametrize("text, expected", [
    ("AS 2H 3H 4S 5C", "AS 2H 3H 4S 5C"),
    ("as,2h, 10c", "AS 2H TC"),
    ("  5!  ", "5C 5D 5H 5S"),
    ("t! jj JJ", "TC TD TH TS jj JJ"),
    ("10!", "TC TD TH TS"),
    ("", ""),
])
def test_parse(text, expected):
    assert " ".join(map(str, parse(text))) == expected


@pytest.mark.parametrize("bad", ["JJJ", "Jj", "JJ!", "1C", "5X", "5!!", "!", "AS;KD", None, 3,
                                 ["AS"], b"AS"])
def test_parse_refuses(bad):
    with pytest.raises(InvalidNotationError):
        parse(bad)


def test_classify_takes_any_iterable_of_cards():
    assert classify(c for c in parse("3C 3D")).kind == "pair"
    assert classify("3C 3D").kind == "pair"
    assert len(legal_melds(iter(parse("3C 3D")), None)) == 2


def test_card_is_western_card():
    c = parse("5h")[0]
    assert (c.rank, c.suit, str(c)) == ("5", "H", "5H") and isinstance(c, Card)
    assert len(DECK) == 54


# ----------------------------------------------------------------------------------------------
# classify: every kind and its boundaries

@pytest.mark.parametrize("text, kind, shape", [
    ("3C", "single", ()), ("jj", "single", ()), ("5H", "single", ()),
    ("3C 3D", "pair", ()), ("5H 5D", "pair", ()), ("2C 2S 2D", "triple", ()),
    ("7C 7D 7S 2C 2D", "full_house", ()), ("2C 2D 2S 7C 7D", "full_house", ()),
    ("3C 4D 5H 6S 7C", "run", (5,)),
    ("AS 2H 3H 4S 5C", "run", (5,)),
    ("2C 3D 4H 5S 6C", "run", (5,)),
    ("TC JD QH KS AC", "run", (5,)),
    ("AC 2D 3H 4S 5C 6D 7H 8S 9C TD JH QS KC", "run", (13,)),
    ("AC 2D 3H 4S 5C 6D 7H 8S 9C TD JH QS KC AD", "run", (14,)),
    ("3H 4H 5H 6H 7H", "straight_flush", ()),
    ("AS 2S 3S 4S 5S", "straight_flush", ()),
    ("3C 3D 4H 4S", "sisters", (2, 2)),
    ("AC AD 2H 2S", "sisters", (2, 2)),
    ("KC KD AH AS", "sisters", (2, 2)),
    ("3! 4!", "sisters", (2, 4)),
    ("9C 9D 9H TC TD TH JC JD JH", "sisters", (3, 3)),
    ("3!", "bomb", ()), ("2!", "bomb", ()),
    ("5C 5D 5H 5S 5C", "bomb", ()),                      # two decks
    ("5C 5D 5H 5S 5C 5D 5H 5S", "bomb", ()),
    ("3H 3H", "pair", ()),
])
def test_classify_kinds(text, kind, shape):
    m = meld(text)
    assert (m.kind, m.shape) == (kind, shape)
    assert sorted(map(str, m.cards)) == sorted(map(str, parse(text)))


@pytest.mark.parametrize("text", [
    "", "jj JJ", "jj jj", "JJ 3C", "3C 4D",
    "KC AD 2H 3S 4C",                 # K-A-2 is no run
    "QC KD AH 2S 3C",
    "3C 4D 5H 6S",                    # four are too few
    "3C 4D 5H 6S 8C",                 # a gap
    "3C 3D 4H 4S 4C 5C",              # unequal groups: no sisters, no full house
    "3C 3D 5H 5S",                    # not consecutive
    "2C 2D KC KD",                    # K-A-2 wraps no more than runs
    "3C 3D 3H 3S 3C 4C 4D 4H 4S 4C",  # groups of five make no sisters
    "3C 3D 3H 4C 4D 4H 5C 5D",
    "7C 7D 7S 7H 2C",                 # four and one
    "AC 2D 3H 4S 5C 6D 7H 8S 9C TD JH QS KC AD AS",
])
def test_classify_refuses(text):
    assert classify(parse(text)) is None


@pytest.mark.parametrize("low, high", [
    # singles: 3 .. 2 jj JJ 5H
    ("3C", "4D"), ("KC", "AD"), ("AS", "2C"), ("2S", "jj"), ("jj", "JJ"), ("JJ", "5H"),
    ("4S", "5D"), ("5D", "6C"),
    # pairs and triples by rank, the 5H an ordinary five inside them
    ("4C 4D", "5H 5S"), ("5H 5S", "6C 6D"), ("AC AD", "2C 2D"), ("KC KD KH", "AC AD AH"),
    # full houses by the triple
    ("9C 9D 9H 2C 2D", "TC TD TH 3C 3D"),
    # runs: top card in run order; A-2-3-4-5 below 2-3-4-5-6; A..K reads K-A high
    ("AS 2H 3H 4S 5C", "2C 3D 4H 5S 6C"), ("9C TD JH QS KC", "TC JD QH KS AC"),
    ("AC 2D 3H 4S 5C 6D 7H 8S 9C TD JH QS", "2C 3D 4H 5S 6C 7D 8H 9S TC JD QH KS"),
    # sisters: top group; A-2 low, K-A high
    ("AC AD 2C 2D", "3C 3D 4C 4D"), ("QC QD KC KD", "KH KS AH AS"),
    ("3! 4!", "4! 5!"),
    # bombs: more cards, then rank; straight flushes: longer, then higher top
    ("3!", "4!"), ("2!", "3C 3D 3H 3S 3C"), ("3C 3D 3H 3S 3C", "4C 4D 4H 4S 4D"),
    ("2!", "3H 4H 5H 6H 7H"), ("2C 2D 2H 2S 2C 2D 2H 2S", "AH 2H 3H 4H 5H"),
    ("AH 2H 3H 4H 5H", "2S 3S 4S 5S 6S"), ("TS JS QS KS AS", "3C 4C 5C 6C 7C 8C"),
    # any bomb on any non-bomb
    ("5H", "3!"), ("AC 2D 3H 4S 5C 6D 7H 8S 9C TD JH QS KC AD", "3!"),
    ("KH KS AH AS", "3H 4H 5H 6H 7H"), ("2C 2D 2S AC AD", "3!"),
])
def test_beats_in_order(low, high):
    lo, hi = meld(low), meld(high)
    assert beats(hi, lo) and not beats(lo, hi)
    assert beats(lo, None) and beats(hi, None)  # anything leads, bombs too


@pytest.mark.parametrize("first, second", [
    ("3C", "3D"), ("5D", "5S"), ("3C 4D 5H 6S 7C", "3D 4C 5S 6H 7D"),
    ("3!", "3!"), ("3H 4H 5H 6H 7H", "3S 4S 5S 6S 7S"),
])
def test_equal_melds_do_not_beat(first, second):
    assert not beats(meld(second), meld(first)) and not beats(meld(first), meld(second))


@pytest.mark.parametrize("on, other", [
    ("3C", "4C 4D"), ("3C 3D", "9S"), ("3C 4D 5H 6S 7C", "4C 5D 6H 7S 8C 9D"),
    ("3C 3D 4C 4D", "5C 5D 5H 6C 6D 6H"), ("3C 3D 4C 4D", "5C 5D 6C 6D 7C 7D"),
    ("3C 3D 3H", "9C 9D 9H 4C 4D"), ("3C 3D 3H 4C 4D 4H", "9C 9D 9H TC TD TH JC JD JH"),
    ("3H 4H 5H 6H 7H 8H", "9C TC JC QC KC"),  # a shorter straight flush, higher top
])
def test_other_shapes_do_not_follow(on, other):
    assert not beats(meld(other), meld(on))


def test_five_of_hearts_is_top_single_but_an_ordinary_five_elsewhere():
    assert beats(meld("5H"), meld("JJ")) and beats(meld("6C"), meld("5D"))
    assert meld("5H 5D").key == meld("5C 5S").key
    assert meld("3H 4C 5H 6C 7C").key == meld("3D 4C 5D 6C 7C").key


@pytest.mark.parametrize("bad", [None, 3, "AS", ["AS"], object()])
def test_beats_refuses_non_melds(bad):
    with pytest.raises(RulesError):
        beats(bad, None)
    if bad is not None:  # None as previous: leading
        with pytest.raises(RulesError):
            beats(meld("3C"), bad)


@pytest.mark.parametrize("bad", [None, 3, [None], ["AS"], [Card("X", "C")], [Card("3", "X")],
                                 [Card("jj", "C")], [Card("5", None)], b"3C", {"3C": 1},
                                 [Card(["3"], "C")], [Card("3", ["C"])]])
def test_classify_and_legal_melds_refuse_non_cards(bad):
    with pytest.raises(InvalidNotationError):
        classify(bad)
    with pytest.raises(InvalidNotationError):
        legal_melds(bad, None)


# ----------------------------------------------------------------------------------------------
# legal_melds

def texts(melds):
    return [str(m) for m in melds]


def test_legal_melds_one_per_kind_and_ranks():
    hand = parse("3H 3D 5H 5C 5S 2C jj")
    assert texts(legal_melds(hand, None)) == [
        "3D", "5C", "2C", "jj", "5H", "3D 3H", "5C 5S", "5C 5H 5S", "3D 3H 5C 5H 5S"]


def test_legal_melds_following_and_the_bombs():
    hand = parse("4C 4D 4H 4S 6C 7D 8H 9S TS JS")
    assert texts(legal_melds(hand, meld("3C"))) == ["4C", "6C", "7D", "8H", "9S", "TS", "JS",
                                                    "4C 4D 4H 4S"]
    assert texts(legal_melds(hand, meld("3C 4D 5H 6S 7C"))) == [
        "6C 7D 8H 9S TS", "7D 8H 9S TS JS", "4C 4D 4H 4S"]
    assert texts(legal_melds(hand, meld("5!"))) == []
    assert texts(legal_melds(hand, meld("3!"))) == ["4C 4D 4H 4S"]


def test_legal_melds_straight_flush_once_per_suit():
    hand = parse("3H 4H 5H 6H 7H 3S 4S 5S 6S 7S")
    got = legal_melds(hand, None)
    assert [m.kind for m in got].count("straight_flush") == 2
    assert [m.kind for m in got].count("run") == 1
    flush_only = legal_melds(parse("3H 4H 5H 6H 7H"), None)
    assert [m.kind for m in flush_only if len(m.cards) == 5] == ["straight_flush"]


def test_legal_melds_longest_run_and_two_decks():
    full = parse("AC 2D 3H 4S 5C 6D 7H 8S 9C TD JH QS KC AD")
    runs = [m for m in legal_melds(full, None) if m.kind == "run"]
    assert max(len(m.cards) for m in runs) == 14
    assert sum(len(m.cards) == 13 for m in runs) == 1  # A..K reads 2..A: one run
    assert meld("AC 2D 3H 4S 5C 6D 7H 8S 9C TD JH QS KC").key == 13
    double = parse("5C 5D 5H 5S 5C 5D")
    assert [str(m) for m in legal_melds(double, None) if m.kind == "bomb"] == [
        "5C 5C 5D 5D", "5C 5C 5D 5D 5S", "5C 5C 5D 5D 5H 5S"]


def identity(m: Meld) -> tuple:
    """What makes two melds the same choice for a player: kind and ranks, but a straight
    flush's suit and the single 5H."""
    ranks = tuple(sorted(c.rank for c in m.cards))
    extra = (m.cards[0].suit if m.kind == "straight_flush" else
             str(m.cards[0]) == "5H" if m.kind == "single" else None)
    return m.kind, ranks, extra


def brute_force(hand: list[Card], previous: Meld | None) -> dict[tuple, Meld]:
    found: dict[tuple, Meld] = {}
    for size in range(1, len(hand) + 1):
        for combo in itertools.combinations(hand, size):
            m = classify(combo)
            if m is not None and beats(m, previous):
                found.setdefault(identity(m), m)
    return found


def multiset_in(cards, hand) -> bool:
    rest = list(hand)
    for c in cards:
        if c not in rest:
            return False
        rest.remove(c)
    return True


def check_against_brute_force(hand: list[Card], previous: Meld | None) -> None:
    got = legal_melds(hand, previous)
    ids = [identity(m) for m in got]
    assert len(ids) == len(set(ids)), "one meld per kind and ranks"
    assert set(ids) == set(brute_force(hand, previous)), (texts(got), previous)
    for m in got:
        again = classify(m.cards)
        assert again is not None and (again.kind, again.key, again.shape) == (
            m.kind, m.key, m.shape)
        assert multiset_in(m.cards, hand) and beats(m, previous)


#: hands rich in melds: a few neighbouring ranks, so that runs, sisters and bombs occur
def _rich_hand(rng: random.Random, size: int, decks: int) -> list[Card]:
    lo = rng.randrange(0, 9)
    ranks = set(rng.sample(range(13), 2)) | set(range(lo, lo + 5))
    pool = [c for c in DECK if c.rank in ("jj", "JJ") or "3456789TJQKA2".index(c.rank) in ranks]
    pool = pool * decks
    return rng.sample(pool, min(size, len(pool)))


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), size=st.integers(1, 11), decks=st.sampled_from([1, 1, 2]),
       rich=st.booleans())
def test_legal_melds_match_brute_force(seed, size, decks, rich):
    rng = random.Random(seed)
    hand = _rich_hand(rng, size, decks) if rich else rng.sample(list(DECK) * decks, size)
    check_against_brute_force(hand, None)
    # follow every kind of meld the hand (or another hand) could make
    others = list(brute_force(rng.sample(list(DECK) * decks, 9), None).values())
    for previous in rng.sample(others, min(6, len(others))):
        check_against_brute_force(hand, previous)


@pytest.mark.parametrize("text", [
    "AC 2D 3H 4S 5C 6D", "AH 2H 3H 4H 5H 6H KH", "TC JC QC KC AC AD 2D",
    "3C 3D 4C 4D AH AS 2C 2S KC KD", "9! T! 5H 5D", "3H 4H 5H 6H 7H 7S",
    "AH AH 2H 3H 4H 5H",
])
def test_legal_melds_match_brute_force_on_chosen_hands(text):
    hand = parse(text)
    check_against_brute_force(hand, None)
    for m in brute_force(hand, None).values():
        check_against_brute_force(hand, m)


# ----------------------------------------------------------------------------------------------
# Copies (docs/rules.md, "Copies"): at most as many copies of a card as the decks in play


@pytest.mark.parametrize("text", [
    "3C 3C 3C",                        # three copies: more than two decks
    "5C 5C 5C 5C 5C",                  # five copies: no bomb of them
    "3C 3C 3C 4D 4D",                  # a "full house" of copies
    "AH AH AH 2H 3H 4H 5H",
])
def test_more_copies_than_two_decks_are_refused_everywhere(text):
    cards = parse(text)
    with pytest.raises(TooManyCopiesError, match="at most 2 copies"):
        classify(cards)
    with pytest.raises(TooManyCopiesError, match="^hand: "):
        legal_melds(cards)
    with pytest.raises(TooManyCopiesError, match="^hand: "):
        legal_melds(cards + parse("6S"), meld("4D"))
    forged = Meld("bomb", tuple(cards), 99)  # a meld made by hand, not by classify
    with pytest.raises(TooManyCopiesError, match="^meld: "):
        beats(forged, None)
    with pytest.raises(TooManyCopiesError, match="^previous: "):
        beats(meld("2!"), forged)
    assert issubclass(TooManyCopiesError, DuplicateCardError)


def test_legal_melds_offers_nothing_made_of_copies_a_pack_does_not_hold():
    # the old fault: a hand of three 3C offered a triple, five 5C a bomb
    with pytest.raises(RulesError):
        legal_melds(parse("3C 3C 3C"))
    with pytest.raises(RulesError):
        legal_melds(parse("5C 5C 5C 5C 5C 9D"))


def test_one_deck_allows_one_copy_two_decks_two():
    assert classify(parse("3C 3C")) == meld("3C 3C")            # two decks: a pair
    assert classify(parse("3C 3D"), decks=1) == meld("3C 3D")
    with pytest.raises(TooManyCopiesError, match="at most 1 copy of a card .1 deck."):
        classify(parse("3C 3C"), decks=1)
    with pytest.raises(TooManyCopiesError, match="^hand: 9H 2 times"):
        legal_melds(parse("9H 9H 4C"), decks=1)
    assert [str(m) for m in legal_melds(parse("9H 9H"), decks=2)] == ["9H", "9H 9H"]
    for bad in (0, 3, "2", None, True):
        with pytest.raises(RulesError, match="decks="):
            check_copies(tuple(parse("3C")), bad)


@pytest.mark.parametrize("players", [4, 8])
def test_the_engine_refuses_plays_of_more_copies_than_its_decks(players):
    g = HeartOfFiveGame.new(5, HeartOfFiveRules(players=players))
    hand = g.hands[g.current_player]
    before = g.to_dict()
    for copies in (players // 4 + 1, 5):  # one more than the decks in play, and five
        with pytest.raises(RulesError):
            g.apply("play " + " ".join([str(hand[0])] * copies))
    assert g.to_dict() == before
