"""The highlights of every table told apart under protanopia, deuteranopia and tritanopia
(``tools.colour_check``: Machado 2009 at full severity, CIE76 delta E), and each standing out
from the felt; every highlight has a shape of its own as well (``Glow`` styles)."""

from __future__ import annotations

import pytest

from game import theme
from game.games.yatsuhashi import draw as yatsuhashi_draw
from game.table import fishing_input
from sprites.card_sprite import GLOW_STYLES, Glow
from tools.colour_check import FELT_MIN, PAIR_MIN, VISIONS, delta_e, simulate, weakest


@pytest.mark.parametrize("table", list(theme.TABLE_HIGHLIGHTS))
def test_the_highlights_of_a_table_differ_under_every_vision(table):
    colors = theme.TABLE_HIGHLIGHTS[table]
    d, vision, a, b = weakest(colors)[0]
    assert d >= PAIR_MIN, f"{table}: {a} and {b} differ by {d:.1f} under {vision}"
    d, vision, a, b = weakest(colors, theme.FELT)[0]
    assert d >= FELT_MIN, f"{table}: {a} on the felt differs by {d:.1f} under {vision}"


def test_the_solvers_verdicts_differ_under_every_vision():
    """Winnable (green) and not winnable (red) on the indicator's dark box."""
    d, vision, a, b = weakest((theme.SUCCESS, theme.VERMILION))[0]
    assert d >= PAIR_MIN, f"{a} and {b} differ by {d:.1f} under {vision}"
    assert weakest((theme.SUCCESS, theme.VERMILION), theme.INK)[0][0] >= FELT_MIN


def test_the_check_catches_a_colour_a_colour_blind_player_cannot_tell():
    """The sky blue the hint and last move had: beside the targets' green, a tritanope
    sees nearly one colour."""
    old_blue = (110, 200, 255)
    d, vision, _a, _b = weakest((old_blue, theme.GLOW_TARGET))[0]
    assert d < PAIR_MIN and vision == "tritanopia"
    assert delta_e(simulate(old_blue, "normal"), theme.GLOW_TARGET) > 3 * PAIR_MIN


def test_no_two_meanings_share_a_shape_on_one_table():
    """Fishing and Yatsuhashi: each meaning has a style of its own (shape, not only hue)."""
    for glows in ((fishing_input.GOLD_GLOW, fishing_input.CHOOSING_GLOW,
                   fishing_input.MATCH_GLOW, fishing_input.COACH_GLOW),
                  (yatsuhashi_draw.COLLECT_GLOW, yatsuhashi_draw.SELECT_GLOW,
                   yatsuhashi_draw.TARGET_GLOW, yatsuhashi_draw.HINT_GLOW)):
        styles = [g.style for g in glows]
        assert all(isinstance(g, Glow) for g in glows)
        assert len(set(styles)) == len(styles) and set(styles) <= set(GLOW_STYLES)
    assert "corners" not in styles  # the last move's brackets are its own


def test_visions_are_the_three_dichromacies_and_normal():
    assert VISIONS == ("normal", "protanopia", "deuteranopia", "tritanopia")
