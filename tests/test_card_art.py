"""Card art: every face and back renders at several sizes, distinct, deterministic, cached."""

from __future__ import annotations

import hashlib
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from rules import hanafuda, western
from sprites import faces
from sprites.faces import (BACK_LABELS, BACK_STYLES, HANAFUDA_RATIO, WESTERN_RATIO,
                           back_renderer, card_back, clear_cache, face_renderer,
                           hanafuda_face, hanafuda_face_cached, western_face)
from sprites.cache import STAND_INS, SurfaceCache

SIZES = (40, 110, 300)
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _fresh_cache():
    clear_cache()
    yield
    clear_cache()


def digest(surface: pygame.Surface) -> str:
    return hashlib.sha1(pygame.image.tobytes(surface, "RGBA")).hexdigest()


def assert_card_like(surface: pygame.Surface, size: tuple[int, int]) -> None:
    """Right size, alpha, transparent rounded corners, opaque middle, real content."""
    assert surface.get_size() == size
    assert surface.get_flags() & pygame.SRCALPHA
    w, h = size
    for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert surface.get_at(corner).a == 0, f"corner {corner} not transparent"
    assert surface.get_at((w // 2, h // 2)).a == 255
    step = max(1, w // 20)
    colours = {tuple(surface.get_at((x, y)))
               for x in range(0, w, step) for y in range(0, h, step)}
    assert len(colours) >= 8, "looks like a flat colour"


@pytest.mark.parametrize("width", SIZES)
def test_every_hanafuda_face_renders(width):
    height = round(width * HANAFUDA_RATIO)
    for card in hanafuda.DECK:
        assert_card_like(hanafuda_face(card, width), (width, height))


@pytest.mark.parametrize("width", SIZES)
def test_every_western_face_renders(width):
    height = round(width * WESTERN_RATIO)
    for card in western.DECK:
        assert_card_like(western_face(card, width), (width, height))


@pytest.mark.parametrize("width", SIZES)
@pytest.mark.parametrize("style", BACK_STYLES)
def test_every_back_renders(style, width):
    for ratio in (HANAFUDA_RATIO, WESTERN_RATIO):
        height = round(width * ratio)
        assert_card_like(card_back(style, width, height), (width, height))


def test_back_labels_cover_the_styles():
    assert set(BACK_LABELS) == set(BACK_STYLES) == {"black", "red", "western"}


def test_hanafuda_faces_pairwise_different():
    hashes = {digest(hanafuda_face(card, 110)) for card in hanafuda.DECK}
    assert len(hashes) == 48


def test_western_faces_pairwise_different():
    hashes = {digest(western_face(card, 110)) for card in western.DECK}
    assert len(hashes) == 54


def test_backs_pairwise_different():
    assert len({digest(card_back(style, 110, 176)) for style in BACK_STYLES}) == 3


def test_rendering_is_deterministic():
    cards = [hanafuda.card(c) for c in ("1B", "8B", "11C1", "12C1")]
    first = [digest(hanafuda_face(c, 110)) for c in cards]
    first += [digest(western_face(c, 90)) for c in western.DECK[-3:]]
    first += [digest(card_back(s, 90, 144)) for s in BACK_STYLES]
    clear_cache()
    random.seed(12345)  # the global generator must not matter
    again = [digest(hanafuda_face(c, 110)) for c in cards]
    again += [digest(western_face(c, 90)) for c in western.DECK[-3:]]
    again += [digest(card_back(s, 90, 144)) for s in BACK_STYLES]
    assert first == again


def test_cache_returns_the_same_surface_per_size():
    card = hanafuda.card("3B")
    face = hanafuda_face(card, 110)
    assert hanafuda_face(card, 110) is face
    assert hanafuda_face(card, 110, 176) is face  # the default height is the ratio
    assert hanafuda_face(card, 111) is not face
    assert hanafuda_face(card, 111).get_size() == (111, 178)
    joker = western.parse_card("JJ")
    assert western_face(joker, 80) is western_face(joker, 80)
    assert western_face(joker, 80) is not western_face(joker, 81)
    assert card_back("red", 80, 128) is card_back("red", 80, 128)
    assert card_back("red", 80, 128) is not card_back("red", 80, 112)


def test_clear_cache_gives_new_surfaces():
    card = hanafuda.card("1B")
    face = hanafuda_face(card, 60)
    clear_cache()
    assert hanafuda_face(card, 60) is not face


def test_cache_evicts_least_recently_used(monkeypatch):
    monkeypatch.setattr(faces, "_cache", SurfaceCache(100, megabytes=3 * 50 * 80 * 4 / 2**20))
    cards = hanafuda.DECK[:4]
    first = hanafuda_face(cards[0], 50)
    for card in cards[1:]:
        hanafuda_face(card, 50)
    assert hanafuda_face(cards[0], 50) is not first  # evicted, rendered again
    assert hanafuda_face(cards[3], 50) is hanafuda_face(cards[3], 50)


def test_cache_keeps_a_bounded_number_of_sizes(monkeypatch):
    monkeypatch.setattr(faces, "CACHE_SIZES", 3)
    clear_cache()
    card = hanafuda.card("1B")
    first = hanafuda_face(card, 40)
    for width in (41, 42):
        hanafuda_face(card, width)
    assert hanafuda_face(card, 40) is first  # three sizes: all kept (40 used again last)
    hanafuda_face(card, 43)  # a fourth: the least recently used size (41) goes
    assert faces.cache_figures()[2] == 3
    assert hanafuda_face_cached(card, 40) and not hanafuda_face_cached(card, 41)


def test_a_stand_in_is_scaled_from_another_size_until_the_real_face_is_stored():
    clear_cache()
    faces.forget_seeds()
    card = hanafuda.card("8B")
    assert hanafuda_face(card, 50, stand_in=True) not in STAND_INS  # none to scale: rendered
    stand_in = hanafuda_face(card, 60, stand_in=True)
    assert stand_in in STAND_INS and stand_in.get_size() == (60, 96)
    assert hanafuda_face(card, 60, stand_in=True) is stand_in  # the same until ...
    assert not hanafuda_face_cached(card, 60)
    faces.store_hanafuda(card, 60, 96, faces.render_hanafuda(card, 60, 96))  # ... it comes
    real = hanafuda_face(card, 60, stand_in=True)
    assert real is not stand_in and real not in STAND_INS


def test_after_the_cache_is_emptied_a_stand_in_is_scaled_from_the_faces_seed():
    """A resize empties the cache: the first frame at the new size rasterizes no face it
    showed before, of either deck or a back (each kept small as its seed)."""
    shown = [(hanafuda_face, hanafuda.card("3B"), 140, 224), (western_face,
             western.parse_card("QH"), 140, 196), (lambda c, w, h, stand_in: card_back(
                 "black", w, h, stand_in=stand_in), None, 140, 196)]
    for make, card, w, h in shown:
        make(card, w, h, stand_in=True)
    clear_cache()
    for make, card, w, h in shown:
        stand_in = make(card, w + 30, h + 40, stand_in=True)
        assert stand_in in STAND_INS and stand_in.get_size() == (w + 30, h + 40)
        real = make(card, w + 30, h + 40, stand_in=False)
        assert real not in STAND_INS and make(card, w + 30, h + 40, stand_in=True) is real
    assert all(s.get_width() <= faces.SEED_WIDTH for s in faces._seeds.values())


def test_a_back_first_asked_for_is_drawn_small_and_scaled_up_until_the_real_one_comes(
        monkeypatch):
    """A table's first frame has no size of its back to scale from and no seed yet: the
    back is drawn small (``FIRST_BACK_WIDTH``), kept as its seed and scaled up, rather than
    drawn at the table's size on the frame; the real one comes after."""
    clear_cache()
    faces.forget_seeds()
    drawn: list = []
    real_render = faces.render_back
    monkeypatch.setattr(faces, "render_back", lambda style, w, h: (
        drawn.append(w), real_render(style, w, h))[1])
    stand_in = card_back("black", 132, 211, stand_in=True)
    assert stand_in in STAND_INS and stand_in.get_size() == (132, 211)
    assert drawn == [faces.FIRST_BACK_WIDTH]
    assert card_back("black", 120, 192, stand_in=True) in STAND_INS  # (from the same seed)
    assert drawn == [faces.FIRST_BACK_WIDTH]
    real = card_back("black", 132, 211)
    assert real not in STAND_INS and card_back("black", 132, 211, stand_in=True) is real


def test_badge_differs_and_is_cached_separately():
    card = hanafuda.card("11B")
    plain = hanafuda_face(card, 60)
    badged = hanafuda_face(card, 60, badge=True)
    assert badged is not plain
    assert badged.get_size() == plain.get_size()
    assert digest(badged) != digest(plain)
    assert hanafuda_face(card, 60, badge=True) is badged
    assert_card_like(badged, (60, 96))


def test_other_proportions_are_not_stretched_off_the_card():
    card = hanafuda.card("8B")
    for size in ((100, 200), (100, 120)):
        assert_card_like(hanafuda_face(card, *size), size)
    assert_card_like(western_face(western.parse_card("AS"), 100, 100), (100, 100))


def test_tiny_sizes_still_render():
    assert hanafuda_face(hanafuda.card("1B"), 2).get_size() == (2, 3)
    assert card_back("western", 1, 1).get_size() == (1, 1)


def test_renderers_return_the_cached_surfaces():
    card = hanafuda.card("9A")
    assert face_renderer(card)(110, 176) is hanafuda_face(card, 110, 176)
    assert face_renderer(card, badge=True)(110, 176) is hanafuda_face(card, 110, 176,
                                                                       badge=True)
    ace = western.parse_card("AH")
    assert face_renderer(ace)(90, 126) is western_face(ace, 90, 126)
    assert back_renderer("black")(90, 144) is card_back("black", 90, 144)


def test_no_display_mode_needed():
    """A fresh interpreter that never sets a video mode can render every kind of card."""
    code = (
        "import pygame\n"
        "from rules import hanafuda, western\n"
        "from sprites.faces import card_back, hanafuda_face, western_face\n"
        "assert pygame.display.get_surface() is None\n"
        "print(hanafuda_face(hanafuda.card('12B'), 80, badge=True).get_size(),\n"
        "      western_face(western.parse_card('JJ'), 80).get_size(),\n"
        "      card_back('red', 80, 128).get_size())\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["(80,", "128)", "(80,", "112)", "(80,", "128)"]


@pytest.mark.parametrize("width", [0, -1, -110])
def test_bad_width_raises_naming_it(width):
    with pytest.raises(ValueError, match="width"):
        hanafuda_face(hanafuda.card("1B"), width)
    with pytest.raises(ValueError, match="width"):
        western_face(western.parse_card("AS"), width)
    with pytest.raises(ValueError, match="width"):
        card_back("black", width, 100)


def test_bad_height_raises_naming_it():
    with pytest.raises(ValueError, match="height"):
        hanafuda_face(hanafuda.card("1B"), 100, 0)
    with pytest.raises(ValueError, match="height"):
        card_back("red", 100, -3)


def test_unknown_back_style_raises_naming_it():
    with pytest.raises(ValueError, match="'blue'"):
        card_back("blue", 100, 160)
    with pytest.raises(ValueError, match="'blue'"):
        back_renderer("blue")


def test_wrong_card_type_raises():
    with pytest.raises(ValueError, match="hanafuda"):
        hanafuda_face(western.parse_card("AS"), 100)
    with pytest.raises(ValueError, match="western"):
        western_face(hanafuda.card("1B"), 100)
    with pytest.raises(ValueError, match="not a card"):
        face_renderer("1B")


def test_court_figures_differ_by_rank_and_suit():
    """Each J, Q, K is its own figure, and the four kings wear four robe colours."""
    courts = [western.parse_card(r + s) for r in "JQK" for s in "HDCS"]
    assert len({digest(western_face(card, 60)) for card in courts}) == 12
    robes = {tuple(western_face(western.parse_card("K" + s), 100).get_at((27, 60)))
             for s in "HDCS"}
    assert len(robes) == 4
