"""The Hana-awase table, driven as a player would: synthetic mouse and key events, explicit
frame times, asserting on the engine, the view and the words shown."""

from __future__ import annotations

import pygame
import pytest

from game.games.hanaawase.table import HanaAwaseTable
from game.games.hanaawase.dialogs import DEKIYAKU_LABELS, HanaAwaseRulesScene, signed
from game.scenes.setup import default_setup
from game.session import load_current
from game.table.dialogs import HandOver
from game.table.fishing import MATCH_GLOW
from rules.hanaawase import HanaAwaseGame
from rules.hanafuda import DECK, card
from tests.fishing_tables import page, play_until, push_table, strict_with_testbot
from tests.helpers import click, drag, key, press, run_until, texts

SIZES = [(960, 600), (1280, 800), (1920, 1080)]
REST = " ".join(c.code for c in DECK[12:])  # months 4-12


_strict_and_bot = strict_with_testbot("hanaawase")


def make_table(app, seats, seed=7, engine=None, **options):
    return push_table(app, HanaAwaseTable, seats, seed, engine, **options)


def steal_position(mine: str = "4A", theirs: str = "2R 2C2"):
    """Seat 0 (the dealer) to play 2C1, which may take 2A from the field or ``theirs`` from
    seat 2's pile; seat 0's own pile holds ``mine``."""
    rest = " ".join(code for code in REST.split() if code != mine)
    return HanaAwaseGame.from_layout(["2C1 3B", "3R", "3C1"], "2A", "1B 1R 1C1 1C2 3C2",
                                     piles=[mine, "", f"{theirs} {rest}"])


def test_a_whole_deal_by_mouse_shows_the_engines_scores_summing_to_zero(app):
    t = make_table(app, ["human", "testbot", "testbot"])
    play_until(app, t, lambda: page(app, "hanaawase-deal") is not None)
    g = t.game
    d = g.history[-1].details
    shown = texts(app.stack.top)
    assert [signed(v) for v in d["totals"]] + ["0"] == \
        next(w.values for w in app.stack.top.list.children if getattr(w, "label", "") ==
             "Deal total")
    assert "48" in shown and "264" in shown  # the sum column: every card, every value
    assert sum(g.history[-1].points) == 0
    # The panel shows the same totals, one per seat.
    assert [ln.right for ln in t.panel_lines() if ln.right] == [str(s) for s in g.scores]
    # Every card ended in a pile: the leftovers went to the last captor.
    assert sorted(c for p in t.view.piles for c in p) == list(DECK)
    press(app, "Next deal")
    run_until(app, lambda: t.human_to_move or t.game.current_player != 0, limit=600)
    assert t.game.round == 2


def test_a_click_takes_a_card_from_another_players_pile(app):
    t = make_table(app, ["human", "testbot", "testbot"], engine=steal_position())
    run_until(app, lambda: t.human_to_move)
    app.frame(1 / 30)  # the glows follow the turn
    two_r, two_c2 = card("2R"), card("2C2")
    # Holding the month, the pile's cards of it glow; the others do not.
    assert t.sprites[two_r].highlight == MATCH_GLOW == t.sprites[two_c2].highlight
    assert t.sprites[card("5A")].highlight is None
    click(app, t.sprites[card("2C1")].rect.center)  # three choices: it asks which
    assert t.choosing is card("2C1") and "more than one card" in t.status()
    click(app, t.sprites[two_r].rect.center)
    assert str(t.game.actions[-1]) == "play 2C1 2R"
    run_until(app, lambda: two_r in t.view.piles[0] and not t.animating)
    assert two_r not in t.view.piles[2] and card("2C1") in t.view.piles[0]
    assert any("from the pile of" in line for line in t.log.lines)


def test_a_drag_onto_another_pile_takes_and_onto_ones_own_is_refused(app):
    t = make_table(app, ["human", "testbot", "testbot"], engine=steal_position("2C2", "2R"))
    run_until(app, lambda: t.human_to_move)
    drag(app, t.sprites[card("2C1")].rect.center, t.sprites[card("2C2")].rect.center)
    run_until(app, lambda: not t.animating)
    assert not t.game.actions and "never from your own" in t.notice
    drag(app, t.sprites[card("2C1")].rect.center, t.sprites[card("2R")].rect.center)
    assert str(t.game.actions[-1]) == "play 2C1 2R"


def test_without_the_seed_rule_piles_are_out_of_reach(app):
    g = HanaAwaseGame.from_layout(["2C1 3B", "3R", "3C1"], "2A", "1B 1R 1C1 1C2 3C2",
                                  piles=["", "", "2R 2C2 " + REST],
                                  rules=HanaAwaseGame.RULES(steal_from_piles=False))
    t = make_table(app, ["human", "testbot", "testbot"], engine=g)
    run_until(app, lambda: t.human_to_move)
    app.frame(1 / 30)
    assert t.sprites[card("2R")].highlight is None
    drag(app, t.sprites[card("2C1")].rect.center, t.sprites[card("2R")].rect.center)
    run_until(app, lambda: not t.animating)
    assert not t.game.actions  # not a target: the card goes back
    click(app, t.sprites[card("2C1")].rect.center)
    assert str(t.game.actions[-1]) == "play 2C1"  # the one match: the field's 2A


def test_the_fields_leftovers_go_to_the_last_captor(app):
    # Seat 0 captures 1C2 with 1C1, draws 4C1 (no match): the stock is empty, the deal ends,
    # and the field's 2A, 3B and 4C1 go to seat 0, the last captor.
    rest = " ".join(c.code for c in DECK if c.code not in
                    {"1C1", "1C2", "2A", "3B", "4C1"})
    g = HanaAwaseGame.from_layout(["1C1", "", ""], "1C2 2A 3B", "4C1",
                                  piles=[rest, "", ""])  # nothing to take from a pile
    t = make_table(app, ["human", "testbot", "testbot"], engine=g)
    run_until(app, lambda: t.human_to_move)
    click(app, t.sprites[card("1C1")].rect.center)
    run_until(app, lambda: page(app, "hanaawase-deal") is not None)
    assert {card(c) for c in ("1C1", "1C2", "2A", "3B", "4C1")} <= set(t.view.piles[0])
    assert not t.view.field
    assert any("left on the field go to You" in line for line in t.log.lines)


def test_a_teyaku_is_shown_at_the_deal_and_paid_at_once(app):
    t = make_table(app, ["testbot"] * 3, seed=3)  # seed 3: seat 1 is dealt six chaff
    run_until(app, lambda: t.banner is not None and t.banner[0] == "Teyaku!", limit=600)
    title, text, shown = t.banner
    assert "6 chaff: 20 from each other player" in text
    assert shown == t.game.hands[1] or set(shown) >= set(t.game.hands[1]) & set(shown)
    run_until(app, lambda: t.banner is None, limit=600)
    assert t.shown_scores[1] >= 40 - 2 * 88  # paid: +40 to the holder, -20 from each other
    assert t.game.observation(0).revealed_hands[1]  # the hand was shown to everyone


def test_rules_reference_shows_every_dekiyaku_with_its_cards(app):
    scene = HanaAwaseRulesScene(HanaAwaseGame.new(1).rules)
    app.push(scene)
    rows = [w for w in scene.list.children if getattr(w, "cards", None)]
    assert set(DEKIYAKU_LABELS.values()) <= {w.title for w in rows}


def test_the_pause_menu_opens_the_rules_reference(app):
    t = make_table(app, ["human", "testbot", "testbot"])
    run_until(app, lambda: t.human_to_move)
    key(app, pygame.K_ESCAPE)
    press(app, "Rules reference")
    assert isinstance(app.stack.top, HanaAwaseRulesScene)
    assert "Boar-deer-butterflies" in texts(app.stack.top)


@pytest.mark.parametrize("size", SIZES)
def test_the_layout_fits_and_does_not_overlap(size):
    lay = HanaAwaseTable.LAYOUT(size, players=3)
    window = pygame.Rect(0, 0, *size)
    parts = [p.box for p in lay.seats] + [lay.field, lay.message, lay.panel]
    for r in parts + [lay.stock, lay.log_button]:
        assert window.contains(r), r
    for i, a in enumerate(parts):
        for b in parts[i + 1:]:
            assert not a.colliderect(b), (a, b)


def test_hot_seat_hides_the_hand_between_turns(app):
    t = make_table(app, ["human"] * 3)
    run_until(app, lambda: t.human_to_move or isinstance(app.stack.top, HandOver))
    if isinstance(app.stack.top, HandOver):
        press(app, "I'm ready")
    first = t.game.current_player
    play_until(app, t, lambda: isinstance(app.stack.top, HandOver))
    assert t.game.current_player != first
    press(app, "I'm ready")
    assert t.viewer == t.game.current_player
    assert all(t.sprites[c].face_up for c in t.view.hands[t.viewer])
    others = [c for s in range(3) if s != t.viewer for c in t.view.hands[s]]
    assert not any(t.sprites[c].face_up for c in others)


def test_continue_shows_the_same_table(app):
    t = make_table(app, ["human", "testbot", "testbot"])
    play_until(app, t, lambda: len(t.game.actions) >= 6 and t.human_to_move)
    run_until(app, lambda: not t.queue.busy and t.as_shown.panel() == t.panel_key())
    played = t.game.to_dict()
    session = load_current()[0]
    assert session.label().startswith("Hana-awase · Deal 1 of 12")
    t2 = HanaAwaseTable(setup=session.setup, session=session)
    t2.layout((1280, 800))
    t.layout((1280, 800))
    assert t2.game.to_dict() == played
    t.lifted = frozenset()  # (the pile cards the pointer's hand card would take: not saved)
    assert t2.places() == t.places()
    assert t2.seat_lines == t.seat_lines and t2.seat_lines
    assert [str(x) for x in t2.panel_lines()] == [str(x) for x in t.panel_lines()]


def finished_but(seed: int, last: int) -> HanaAwaseGame:
    """A game of first-legal moves with all but its ``last`` actions applied."""
    g = HanaAwaseGame.new(seed)
    end = g.clone()
    while not end.is_over:
        end.apply(end.legal_actions()[0])
    for action in end.actions[:-last]:
        g.apply(action)
    return g


def test_computers_only_play_to_the_final_standings(app):
    t = make_table(app, ["testbot"] * 3, seed=4, engine=finished_but(4, 10))
    run_until(app, lambda: page(app, "hanaawase-deal") is not None, limit=3000)
    press(app, "See the standings")
    run_until(app, lambda: page(app, "hanaawase-game") is not None)
    words = texts(app.stack.top)
    assert all(signed(s) in words for s in t.game.scores)
    assert sum(f"Deal {n}" in words for n in range(1, 13)) == 12
    assert app.stats.empty  # computers against each other are not the player's record


@pytest.mark.parametrize("seed", [1, 7])  # the bottom seat loses, wins
def test_a_game_against_the_computer_counts_in_statistics(app, seed):
    t = make_table(app, ["human", "testbot", "testbot"], seed=seed,
                   engine=finished_but(seed, 8))
    play_until(app, t, lambda: page(app, "hanaawase-deal") is not None)
    press(app, "See the standings")
    run_until(app, lambda: page(app, "hanaawase-game") is not None)
    tally = app.stats.summary("hanaawase")
    won = 0 in t.game.winners
    assert won == (seed == 7) and tally.played == 1 and (tally.won == 1) == won
    assert tally.best.get("winning_total") == (t.game.scores[0] if won else None)


def test_the_screenshot_scene_shows_a_game_in_progress(app):
    t = HanaAwaseTable(setup=default_setup("hanaawase", seed=7), demo_moves=6)
    assert len(t.game.actions) >= 6 and not t.game.is_over and t.players == 3


def test_the_keyboard_takes_from_a_pile(app):
    t = make_table(app, ["human", "testbot", "testbot"], engine=steal_position())
    run_until(app, lambda: t.human_to_move)
    key(app, pygame.K_RIGHT)  # the first arrow shows the focus: the first hand card
    assert t.input.focus is card("2C1")
    key(app, pygame.K_RETURN)  # three captures: the choice, the field's 2A focused first
    assert t.choosing is card("2C1") and t.input.focus is card("2A")
    key(app, pygame.K_RIGHT)
    assert t.input.focus is card("2R") and t.focus_rect() == t.sprites[card("2R")].rect
    key(app, pygame.K_RETURN)
    assert str(t.game.actions[-1]) == "play 2C1 2R"


def test_a_card_that_matches_nothing_is_refused_while_another_matches(app):
    t = make_table(app, ["human", "testbot", "testbot"], engine=steal_position())
    run_until(app, lambda: t.human_to_move)
    click(app, t.sprites[card("3B")].rect.center)  # no match anywhere, but 2C1 has three
    assert not t.game.actions
    assert "field or another player's pile: you must play one of those" in t.notice
