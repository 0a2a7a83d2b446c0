"""Settings and statistics: round trips, atomic writes, damaged files kept aside."""

from __future__ import annotations

import json

import pytest

from game import paths
from game.settings import Settings, load_settings, save_settings
from game.stats import Statistics
from game.storage import read_json, write_json


def test_settings_round_trip():
    s = Settings(master_volume=0.3, effects_volume=0.9, mute=True, animation_speed="slow",
                 fullscreen=True, card_back="red", card_badges=True, window_size=[1600, 900])
    save_settings(s)
    loaded, problem = load_settings()
    assert problem is None and loaded == s


def test_missing_settings_file_gives_defaults_without_message():
    loaded, problem = load_settings()
    assert loaded == Settings() and problem is None


def test_damaged_settings_file_gives_message_defaults_and_is_kept_aside():
    path = paths.settings_file()
    path.parent.mkdir(parents=True)
    path.write_text('{"master_volume": 0.2,', encoding="utf-8")
    loaded, problem = load_settings()
    assert loaded == Settings()
    assert "damaged" in problem and "defaults" in problem.lower() and "settings.json" in problem
    aside = list(path.parent.glob("settings.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == '{"master_volume": 0.2,'
    assert aside[0].name in problem
    # Saving afterwards writes a fresh file and leaves the damaged copy alone.
    save_settings(Settings(mute=True))
    assert aside[0].read_text(encoding="utf-8") == '{"master_volume": 0.2,'
    assert load_settings()[0].mute is True


def test_second_damage_keeps_both_copies():
    path = paths.settings_file()
    path.parent.mkdir(parents=True)
    for text in ("not json", "[still not"):
        path.write_text(text, encoding="utf-8")
        load_settings()
    kept = sorted(p.read_text() for p in path.parent.glob("settings.json.damaged-*"))
    assert kept == ["[still not", "not json"]


@pytest.mark.parametrize("field,bad", [
    ("master_volume", "loud"), ("master_volume", True), ("mute", "yes"),
    ("animation_speed", "warp"), ("card_back", "plaid"), ("window_size", [1, 2, 3]),
])
def test_bad_values_fall_back_to_defaults(field, bad):
    s = Settings.from_dict({field: bad})
    assert getattr(s, field) == getattr(Settings(), field)


def test_values_out_of_range_take_their_defaults():
    s = Settings.from_dict({"master_volume": 3, "effects_volume": -1, "window_size": [100, 100]})
    assert (s.master_volume, s.effects_volume, s.window_size) == (0.8, 0.8, [1280, 800])


def test_write_json_is_atomic_and_leaves_no_temp_files(tmp_path):
    target = tmp_path / "x.json"
    write_json(target, {"a": [1, 2]})
    write_json(target, {"a": [3]})
    assert json.loads(target.read_text()) == {"a": [3]}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_write_json_failure_keeps_old_file(tmp_path):
    target = tmp_path / "x.json"
    write_json(target, {"ok": True})
    with pytest.raises(TypeError):
        write_json(target, {"bad": object()})
    assert read_json(target).data == {"ok": True}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_statistics_record_streaks_levels_bests_and_round_trip():
    st = Statistics.load()
    assert st.empty
    for outcome in ("win", "win", "loss", "win", "draw"):
        st.record("koikoi", outcome, level="normal", results={"points": 7})
    st.record("koikoi", "win", level="easy", results={"points": 12})
    st.record("yatsuhashi", "win", results={"time": 300.0, "moves": 90},
              lower_is_better=("time", "moves"))
    st.record("yatsuhashi", "win", results={"time": 250.0, "moves": 95},
              lower_is_better=("time", "moves"))
    t = st.summary("koikoi")
    assert (t.played, t.won, t.lost, t.drawn, t.streak, t.best_streak) == (6, 4, 1, 1, 1, 2)
    assert t.win_rate == pytest.approx(4 / 6) and t.best == {"points": 12}
    assert st.levels("koikoi")["normal"].played == 5
    assert st.summary("yatsuhashi").best == {"time": 250.0, "moves": 90}
    st.save()
    again = Statistics.load()
    assert again.to_dict() == st.to_dict() and not again.empty


def test_unknown_outcome_is_refused():
    with pytest.raises(ValueError, match="'victory'"):
        Statistics().record("koikoi", "victory")


def test_damaged_statistics_file_is_kept_aside():
    path = paths.stats_file()
    path.parent.mkdir(parents=True)
    path.write_text("{{{", encoding="utf-8")
    st = Statistics.load()
    assert st.empty and "statistics" in st.problem
    assert list(path.parent.glob("statistics.json.damaged-*"))
