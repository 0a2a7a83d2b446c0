"""The random-input soak (``tools/soak.py``) in CI: about 20,000 events over every scene and
game in four parts (pytest-xdist spreads them over the cores), kill -9 and Continue, and proof
that each invariant the soak checks can fail.

The soak itself (its parts, the replay and the kills: minutes of CPU) is marked ``soak``: a
step of its own, ``pytest -m soak`` (pytest.ini leaves it out of the main run; CI runs both).
The checks' own tests are quick and run with the suite."""

from __future__ import annotations

import json

import pytest

from game.session import read_save
from tests.fishing_tables import play_until, push_table
from tests.helpers import run_until
from tools import soak, soak_checks

#: (seed, events, destinations): the CI variant, 20,000 events in all, every game and screen.
PARTS = [(11, 5000, ("koikoi", "yatsuhashi", "settings")),
         (12, 5000, ("hanaawase", "statistics", "menu")),
         (13, 5000, ("hearts600", "gallery")),
         (14, 5000, ("heart_of_five",))]


def test_the_parts_cover_every_game_and_screen():
    assert {d for _s, _e, ds in PARTS for d in ds} == set(soak.DESTINATIONS)


@pytest.mark.soak
@pytest.mark.parametrize("seed,events,destinations", PARTS)
def test_soak_part_has_no_exception_no_broken_invariant_and_no_lost_action(
        seed, events, destinations):
    report = soak.soak(events, seed, per_episode=(400, 1500), destinations=destinations)
    assert report.events >= events
    assert report.ok, "\n".join(report.failures) + "\n" + report.summary()
    assert set(report.destinations) == set(destinations), report.destinations
    assert report.actions > 0 and len(report.scenes) >= 4, report.summary()


@pytest.mark.soak
def test_an_episode_replays_exactly_from_its_seed():
    one = soak.run_episode(5, 3, 600)
    two = soak.run_episode(5, 3, 600)
    assert (one.events, one.frames, one.actions, one.scenes) == \
        (two.events, two.frames, two.actions, two.scenes)


@pytest.mark.soak
def test_kill_minus_nine_then_continue_loses_no_action():
    report = soak.Report()
    for k in range(2):
        report.add(soak.kill_and_continue(21, k, events=3000))
    assert report.ok, "\n".join(report.failures)
    assert report.kills == 2


# The checks can fail -------------------------------------------------------------------------

@pytest.fixture
def koikoi_table(app):
    """A Koi-Koi table a few moves in (a save with actions), settled."""
    from game.games.koikoi.table import KoiKoiTable
    table = push_table(app, KoiKoiTable, ["human", "easy"], seed=7)
    play_until(app, table, lambda: len(table.game.actions) >= 4 and table.human_to_move)
    run_until(app, table.settled)
    return table


def test_check_passes_on_a_sound_table(app, koikoi_table):
    soak_checks.check(app)


def test_a_card_out_of_place_is_found(app, koikoi_table):
    game = koikoi_table.game
    game.field.append(game.stock[0])       # one card in two places
    with pytest.raises(soak_checks.InvariantError, match="cards out of place"):
        soak_checks.check(app)


def test_a_card_drawn_away_from_its_place_is_found(app, koikoi_table):
    sprite = next(s for s in koikoi_table.sprites.values() if s.alpha)
    sprite.x += 40
    with pytest.raises(soak_checks.InvariantError, match="drawn at"):
        soak_checks.check(app)


def test_an_action_missing_from_the_save_is_found(app, koikoi_table):
    path = koikoi_table.session.path
    data = read_save(path)
    data["engine"]["actions"].pop()
    path.write_text(json.dumps(data))
    with pytest.raises(soak_checks.LostActions):
        soak_checks.check(app)


def test_a_scene_laid_out_for_another_size_is_found(app, koikoi_table):
    koikoi_table.size = (100, 100)
    with pytest.raises(soak_checks.InvariantError, match="laid out"):
        soak_checks.check(app)


def test_a_view_that_differs_from_the_engine_is_found(app, koikoi_table):
    view = koikoi_table.view
    view.hands[0].append(view.stock.pop())   # the picture shows a card the engine has not dealt
    with pytest.raises(soak_checks.InvariantError, match="hands shown"):
        soak_checks.check_model(koikoi_table)
