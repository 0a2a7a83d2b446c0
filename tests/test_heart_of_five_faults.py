"""Heart of Five faults seen in play (issue 38's "smaller faults"): each test drives the table
as a player would, with explicit frame times, and fails on the fault it names."""

from __future__ import annotations

import re

import pygame

from game.games.heart_of_five.table import HeartOfFiveTable
from game.table.base import GameLog
from game.table.climbing_view import ClimbingView
from game.table.dialogs import ResultPage
from tests.fishing_tables import push_table, strict_with_testbot
from tests.helpers import key, press, run_until, texts

_strict_and_bot = strict_with_testbot("heart_of_five")

#: "You" with a verb for another seat ("You goes", "You passes", "You is out").
WRONG_YOU = re.compile(r"\bYou (goes|wins|loses|passes|leads|deals|is|holds)\b|"
                       r"\byou (goes|wins|loses|passes|leads|deals|is|holds)\b|"
                       r"\(holds the 3 of hearts\)")


class WordsSeen(HeartOfFiveTable):
    """The table, keeping every banner it shows (a banner can come and go in one frame
    when a press settles the animations)."""

    def __init__(self, *args, **kwargs) -> None:
        self.banners: list[tuple[str, str]] = []
        super().__init__(*args, **kwargs)

    @property
    def banner(self):
        return self.__dict__.get("_banner")

    @banner.setter
    def banner(self, value) -> None:
        self.__dict__["_banner"] = value
        if value is not None:
            self.banners.append(value)


def make_table(app, seats, seed=7, engine=None, table=HeartOfFiveTable, **options):
    return push_table(app, table, seats, seed, engine, **options)


def play_first_legal(app, t) -> None:
    """The first legal action, by choosing its cards and Enter (or P): no coach asked."""
    action = t.game.legal_actions()[0]
    if action.kind == "pass":
        key(app, pygame.K_p)
        return
    t.selected = set(ClimbingView.take_from(list(t.view.hands[t.viewer]), list(action.cards)))
    key(app, pygame.K_RETURN)


# 1. "Round 1: You goes out first" ------------------------------------------------------------


def test_the_player_is_addressed_as_you_in_the_log_banner_and_round_page(app, monkeypatch):
    """Deal 6, you against the computer: you hold the 3 of hearts, lead, pass, go out first and
    deal the second round. Every sentence about you says "you go", "You pass", never
    "You goes"."""
    lines: list[str] = []
    real_add = GameLog.add

    def add(log: GameLog, line: str) -> None:
        lines.append(line)
        real_add(log, line)
    monkeypatch.setattr(GameLog, "add", add)
    t = make_table(app, ["human", "testbot"], seed=6, table=WordsSeen, win_target=5)

    def round_page():
        top = app.stack.top
        return top if isinstance(top, ResultPage) and top.name == "heart_of_five-round" \
            else None
    while round_page() is None:
        run_until(app, lambda: t.human_to_move or round_page() is not None)
        if round_page() is None:
            app.frame(1 / 30)
            play_first_legal(app, t)
    page = round_page()
    assert t.game.history[0]["winner"] == 0  # (the deal this test is about)
    assert page.title == "Round 1: you go out first"
    words = texts(page)
    assert "win the round" in words and "loses the round" in words
    press(app, "Next round")
    run_until(app, lambda: any(line.startswith("Round 2:") for line in lines))
    said = lines + [line for banner in t.banners for line in banner] + words + [page.title]
    for wanted in ("You lead (you hold the 3 of hearts).", "You pass.",
                   "You are out: place 1.", "You win the round.", "Round 2: you deal."):
        assert wanted in said, (wanted, said)
    assert f"{t.seating.name(1)} passes." in lines  # (another seat: the third person)
    assert not [s for s in said if WRONG_YOU.search(s)]


def test_the_round_page_names_another_winner_in_the_third_person(app):
    t = make_table(app, ["human", "testbot", "testbot"], seed=3)
    result = {"round": 2, "order": [1, 0, 2], "winner": 1, "loser": 2, "wins": [0, 1, 0],
              "losses": [0, 0, 1]}
    page = t.round_page(result)
    app.push(page)
    assert page.title == f"Round 2: {t.seating.name(1)} goes out first"
    words = texts(page)
    assert "wins the round" in words and "loses the round" in words
    assert "win the round" not in words
