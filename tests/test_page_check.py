"""The page check finds what it is for (``tests.layout_check``): a scroll list too short to
use, a text shrunk far below its siblings, letters on a rim; and says nothing of the same
widgets laid out right."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.theme import Metrics
from game.widgets import Button, Label, ScrollList, Toggle
from game.widgets.base import DrawnText, Widget
from game.widgets.button import share_sizes
from tests.layout_check import cramped_lists, inked_borders, uneven_texts

M = Metrics((1280, 800))


def page(*widgets: Widget) -> SimpleNamespace:
    """A scene of ``widgets`` (what the check reads of one)."""
    return SimpleNamespace(widgets=list(widgets))


def test_a_list_shorter_than_two_of_its_rows_is_cramped_and_one_that_shows_them_is_not():
    rows = ScrollList([Toggle(f"Option {n}", False) for n in range(6)])
    rows.place(pygame.Rect(0, 0, 600, M.row_height + 10), M)
    assert cramped_lists(page(rows))
    rows.place(pygame.Rect(0, 0, 600, 2 * M.row_height + M.px(6)), M)
    assert not cramped_lists(page(rows))
    rows.place(pygame.Rect(0, 0, 600, 0), M)  # (a list given nothing: the case met)
    assert cramped_lists(page(rows))


def test_a_short_list_that_shows_all_it_holds_is_not_cramped():
    one = ScrollList([Label("A single line")])
    one.place(pygame.Rect(0, 0, 600, M.row_height), M)
    assert not cramped_lists(page(one))


def test_a_caption_shrunk_far_below_its_siblings_is_found_and_one_size_for_all_is_not():
    short = Button("Back")
    long = Button("A label far too long for its narrow button")
    short.place(pygame.Rect(0, 0, 200, M.row_height), M)
    long.place(pygame.Rect(220, 0, 200, M.row_height), M)
    found = uneven_texts(page(short, long))
    assert len(found) == 1 and "A label far too long" in found[0]
    share_sizes([short, long])
    assert not uneven_texts(page(short, long))


def test_siblings_are_of_one_part_role_and_container():
    """A small button beside a body one, or a caption in another list, is no sibling."""
    small = Button("A label far too long for its narrow button", role="small")
    body = Button("Back")
    small.place(pygame.Rect(0, 0, 200, M.row_height), M)
    body.place(pygame.Rect(220, 0, 200, M.row_height), M)
    assert not uneven_texts(page(small, body))


class Inked(Widget):
    """A widget whose one text's letters are where it is told."""

    def __init__(self, ink: pygame.Rect, box: pygame.Rect) -> None:
        super().__init__()
        self.drawn = DrawnText("Дружба", "button title", 20, 20, ink, box)

    def texts(self) -> list[DrawnText]:
        return [self.drawn]


def test_letters_on_the_rim_are_found():
    box = pygame.Rect(10, 10, 200, 40)
    assert inked_borders(page(Inked(pygame.Rect(20, 20, 100, 41), box)))  # a descender
    assert not inked_borders(page(Inked(pygame.Rect(20, 20, 100, 30), box)))


def test_a_button_keeps_its_captions_letters_inside_its_rim_however_short():
    """A short button (the pause menu's at 200% in a small window) sets its title smaller
    rather than let its descenders cross the rim."""
    for height in (24, 30, 40, 60):
        b = Button("Settings · Пятёрка", subtitle="Two players · у, р, д")
        b.place(pygame.Rect(0, 0, 400, height), M)
        assert not inked_borders(page(b)), height
