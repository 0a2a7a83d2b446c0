"""Line breaking (``game.text.wrap``): Japanese lines never start with a small kana or a
closing mark, and never run past the width for it."""

from __future__ import annotations

import pygame
import pytest

from game.fonts import font
from game.text import NO_LINE_START, wrap

SAID = "梅のカスと菖蒲のカスを取った"


@pytest.mark.parametrize("cut", range(2, len(SAID)))
def test_a_small_kana_takes_the_character_before_it_to_the_next_line(cut):
    """At every width that ends a line just before a small kana (or anywhere else), each
    line fits its width and none starts with a character that may not start one (the small
    っ went over the width at the end of its line)."""
    pygame.font.init()
    f = font(22)
    width = f.size(SAID[:cut])[0]
    lines = wrap(f, SAID, width)
    assert "".join(lines) == SAID
    assert all(f.size(line)[0] <= width for line in lines), lines
    assert not any(line[0] in NO_LINE_START for line in lines[1:]), lines


def test_a_hyphenated_word_breaks_after_a_hyphen_not_inside_a_part():
    """"Олень-кабан-бабочка" too wide for one line: its lines end at its hyphens (it was
    cut between letters), and a part alone too wide is still split to fit."""
    pygame.font.init()
    f = font(22)
    word = "Олень-кабан-бабочка"
    assert wrap(f, word, f.size("Олень-кабан-")[0]) == ["Олень-кабан-", "бабочка"]
    assert wrap(f, word, f.size("Олень-ка")[0]) == ["Олень-", "кабан-", "бабочка"]
    narrow = f.size("Оле")[0]
    assert all(f.size(line)[0] <= narrow for line in wrap(f, word, narrow))


def test_a_word_of_letters_cut_to_fit_says_so_with_a_hyphen():
    """"Chrysanthemum" wider than its box is cut between letters with a hyphen at the cut
    ("Chrysanthemu" / "m" was drawn beside a seat); kanji are cut with none."""
    pygame.font.init()
    f = font(22)
    for word in ("Chrysanthemum", "Хризантема"):
        for chars in range(3, len(word)):
            width = f.size(word[:chars])[0]
            lines = wrap(f, word, width)
            assert len(lines) > 1 and all(f.size(line)[0] <= width for line in lines)
            assert all(line.endswith("-") for line in lines[:-1]), lines
            assert "".join(line.removesuffix("-") for line in lines) == word
    assert not any(line.endswith("-") for line in wrap(f, SAID, f.size(SAID[:4])[0]))


@pytest.mark.parametrize("text, first", [
    ("ディール3/12 · 親：コンピューター1", "ディール3/12"),
    ("Round 1 · dealer: Computer 2", "Round 1")])
def test_a_line_broken_at_a_separator_does_not_end_on_it(text, first):
    """A line broken where a " · " stands ends with the words before it: the break
    separates them, a dot left at its end ("ディール3/12・" in the Japanese panel) is
    dropped; a line that is not broken keeps its dots."""
    pygame.font.init()
    f = font(22)
    width = f.size(f"{first} · ")[0]
    lines = wrap(f, text, width)
    assert lines[0] == first and not any(line.endswith("·") for line in lines), lines
    assert "".join(lines).replace(" ", "") == text.replace(" · ", "").replace(" ", "")
    assert wrap(f, text, f.size(text)[0]) == [text]
