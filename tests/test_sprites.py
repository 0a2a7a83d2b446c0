"""Sprite machinery: easing, tweens, CardSprite, DragController, AnimationQueue.

Everything is driven by explicit ``dt`` values and synthetic events: no sleeps, no clocks.
"""

from __future__ import annotations

import math

import pygame
import pytest

from sprites.anim_queue import SPEED_FACTORS, AnimationQueue, parallel, sequence, until_settled
from sprites.card_sprite import CardSprite, draw_order
from sprites.drag import DragController
from sprites.easing import (
    EASINGS,
    ease_in_out_cubic,
    ease_in_quad,
    ease_out_back,
    ease_out_cubic,
    linear,
)
from sprites.tween import Tween

FACE = (200, 30, 30)
BACK = (30, 30, 200)
WHITE = (255, 255, 255)


class Solid:
    """A renderer returning a solid colour and recording every call."""

    def __init__(self, color: tuple[int, int, int]) -> None:
        self.color = color
        self.calls: list[tuple[int, int]] = []

    def __call__(self, w: int, h: int) -> pygame.Surface:
        self.calls.append((w, h))
        surface = pygame.Surface((w, h), pygame.SRCALPHA)
        surface.fill(self.color)
        return surface


def make_card(pos=(200, 200), size=(60, 90), face_up=True, **kw) -> CardSprite:
    return CardSprite(Solid(FACE), Solid(BACK), pos=pos, size=size, face_up=face_up, **kw)


def canvas(size=(400, 400), color=WHITE) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill(color)
    return surface


def pixel(card: CardSprite, at=None, size=(400, 400)) -> tuple[int, int, int]:
    surface = canvas(size)
    card.draw(surface)
    x, y = at if at is not None else (round(card.x), round(card.y - card.lift))
    return tuple(surface.get_at((x, y)))[:3]


def near(color, ref, tol: int = 4) -> bool:
    """Colours equal up to smoothscale's rounding."""
    return all(abs(a - b) <= tol for a, b in zip(color, ref))


def snapshot(card: CardSprite) -> dict[str, str]:
    """Every field but the render caches, as reprs (tweens show their elapsed time)."""
    return {k: repr(v) for k, v in vars(card).items() if not k.startswith("_cache")}


# Easing ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easing_endpoints_are_exact(name):
    f = EASINGS[name]
    assert f(0.0) == 0.0
    assert f(1.0) == 1.0
    assert f(-0.5) == 0.0 and f(1.5) == 1.0  # clamped


@pytest.mark.parametrize("f", [linear, ease_in_quad, ease_out_cubic, ease_in_out_cubic])
def test_easing_is_monotonic_and_in_range(f):
    values = [f(i / 200) for i in range(201)]
    assert all(b >= a for a, b in zip(values, values[1:]))
    assert all(0.0 <= v <= 1.0 for v in values)


def test_easing_shapes():
    assert ease_in_out_cubic(0.5) == 0.5
    assert ease_in_out_cubic(0.25) == pytest.approx(0.0625)
    assert ease_out_cubic(0.5) == pytest.approx(0.875)
    assert ease_in_quad(0.5) == 0.25
    peak = max(ease_out_back(i / 100) for i in range(101))
    assert 1.05 < peak < 1.15  # a small overshoot on landing


# Tween -------------------------------------------------------------------------------------------
def test_tween_linear_midpoint_and_exact_end():
    tw = Tween(10.0, 30.0, 2.0, linear)
    tw.update(1.0)
    assert tw.value == 20.0 and not tw.done
    assert tw.update(1.5) == pytest.approx(0.5)  # left-over time
    assert tw.done and tw.value == 30.0


def test_tween_reaches_exact_end_despite_float_steps():
    tw = Tween((0.0, 0.0), (123.4, -56.7), 1.0, ease_in_out_cubic)
    for _ in range(10):
        tw.update(0.1)  # sums to 0.9999999999999999
    assert tw.done
    assert tw.value == (123.4, -56.7)
    tw2 = Tween(0.0, 1.0, 1.0, ease_out_back)
    for _ in range(60):
        tw2.update(1 / 60)
    assert tw2.done and tw2.value == 1.0


def test_tween_eased_halfway():
    tw = Tween(0.0, 100.0, 1.0, ease_in_out_cubic)
    tw.update(0.5)
    assert tw.value == pytest.approx(50.0)
    tw = Tween(0.0, 100.0, 1.0, ease_out_cubic)
    tw.update(0.5)
    assert 80.0 < tw.value < 95.0


def test_tween_delay_and_zero_duration():
    tw = Tween(0.0, 10.0, 1.0, linear, delay=0.5)
    tw.update(0.4)
    assert tw.waiting and tw.value == 0.0
    tw.update(0.6)
    assert tw.value == pytest.approx(5.0)
    zero = Tween((1.0, 2.0), (3.0, 4.0), 0.0)
    assert zero.done and zero.value == (3.0, 4.0)
    with pytest.raises(ValueError):
        Tween((0.0, 0.0), 1.0, 1.0)


# CardSprite: motion ------------------------------------------------------------------------------
def test_move_to_with_delay_waits_then_arrives_exactly():
    card = make_card(pos=(100, 100))
    card.move_to((300, 160), 0.5, ease_in_out_cubic, delay=0.25)
    assert card.animating
    card.update(0.1)
    card.update(0.1)
    assert card.pos == (100.0, 100.0)  # 0.2 s < 0.25 s delay
    card.update(0.3)  # 0.25 s into the 0.5 s move
    assert card.x == pytest.approx(200.0) and card.y == pytest.approx(130.0)
    card.update(1.0)
    assert card.pos == (300.0, 160.0)
    assert not card.animating


def test_snap_rotate_scale_and_set_size():
    card = make_card(pos=(0, 0))
    card.move_to((50, 50), 1.0)
    card.snap_to((10, 20))
    assert card.pos == (10.0, 20.0) and not card.animating
    card.rotate_to(90, 0.2)
    card.scale_to(2.0, 0.2)
    card.update(0.2)
    assert card.rotation == 90.0 and card.scale == 2.0
    assert card.rect.size == (180, 120)  # 60x90 turned a quarter and doubled
    card.set_size(40, 60)
    assert card.size == (40, 60) and card.rect.size == (120, 80)


def test_rect_matches_drawn_card():
    card = make_card(pos=(200, 200), size=(60, 90))
    assert card.rect == pygame.Rect(170, 155, 60, 90)
    surface = canvas()
    card.draw(surface)
    assert tuple(surface.get_at((170, 155)))[:3] == FACE
    assert tuple(surface.get_at((229, 244)))[:3] == FACE
    assert tuple(surface.get_at((231, 200)))[:3] != FACE


def test_finish_jumps_to_ends():
    card = make_card(pos=(0, 0), face_up=False)
    card.move_to((90, 40), 2.0, delay=1.0)
    card.rotate_to(15, 2.0)
    card.flip(1.0)
    card.finish()
    assert card.pos == (90.0, 40.0) and card.rotation == 15.0 and card.face_up
    assert not card.animating


# CardSprite: flip --------------------------------------------------------------------------------
def test_flip_shows_back_then_face_and_swaps_once():
    card = make_card(face_up=False)
    assert pixel(card) == BACK  # t = 0
    card.flip(1.0)
    assert card.target_face_up is True and card.face_up is False
    card.update(0.25)
    assert card.face_up is False and near(pixel(card), BACK)  # first half: still the back
    card.update(0.5)  # t = 0.75: after the swap
    assert card.face_up is True and near(pixel(card), FACE)
    card.update(1.0)
    assert card.face_up is True and pixel(card) == FACE and not card.flipping

    swaps, last = 0, card.face_up
    card.flip(0.6, to_face_up=False)
    for _ in range(100):
        card.update(0.01)
        swaps += card.face_up != last
        last = card.face_up
    assert swaps == 1 and card.face_up is False


def test_flip_squashes_horizontally_and_swells_vertically():
    card = make_card(pos=(200, 200), size=(60, 90))
    card.flip(1.0)
    card.update(0.75)  # |cos(0.75 pi)| = 0.707
    sx, sy = card._scales()
    assert sx == pytest.approx(math.sqrt(0.5))
    assert sy == pytest.approx(1.0 + CardSprite.FLIP_RISE * math.sqrt(0.5))
    surface = canvas()
    card.draw(surface)
    row = [tuple(surface.get_at((x, 200)))[:3] for x in range(400)]
    assert 40 <= sum(near(c, BACK) for c in row) <= 44  # 60 * 0.707 = 42 px wide
    assert card.rect.w in (43, 44) and card.rect.h > 90


def test_flip_to_current_side_is_a_no_op_and_zero_duration_is_instant():
    card = make_card(face_up=True)
    card.flip(0.5, to_face_up=True)
    assert not card.animating
    card.flip(0.0)
    assert card.face_up is False and not card.animating


# CardSprite: hit testing -------------------------------------------------------------------------
def test_contains_honours_rotation_and_matches_drawing():
    card = make_card(pos=(200, 200), size=(100, 160), rotation=45)
    surface = canvas()
    card.draw(surface)
    assert card.contains((200, 200))
    # Inside the unrotated card's corner, outside the rotated card.
    assert not card.contains((152, 122))
    assert not near(surface.get_at((152, 122)), FACE, 40)
    # Outside the unrotated card, inside the rotated one (local point (-20, -60)).
    assert card.contains((143, 172))
    assert near(surface.get_at((143, 172)), FACE)
    card.rotation = 0
    assert card.contains((152, 122)) and not card.contains((143, 172))


def test_contains_follows_hover_lift_and_scale():
    card = make_card(pos=(200, 200), size=(60, 90))
    card.hovered = True
    card.update(1.0)
    assert card.lift == 4.0  # round(90 * 0.05)
    assert card.rect == pygame.Rect(170, 151, 60, 90)
    assert card.contains((200, 152)) and not card.contains((200, 243))
    assert not card.animating  # hover lift is cosmetic
    card.hovered = False
    card.update(1.0)
    assert card.lift == 0.0
    card.scale = 2.0
    assert card.contains((255, 200)) and not card.contains((262, 200))


# CardSprite: drawing -----------------------------------------------------------------------------
def test_draw_does_not_change_state():
    card = make_card(pos=(150, 150), face_up=False, data="crane")
    card.move_to((250, 220), 1.0, delay=0.1)
    card.rotate_to(30, 1.0)
    card.flip(0.8)
    card.hovered = True
    card.highlight = (214, 172, 84)
    card.dragging = True
    card.update(0.3)
    before = snapshot(card)
    surface = canvas()
    for _ in range(5):
        card.draw(surface)
    assert snapshot(card) == before


def test_renderers_called_once_per_size():
    card = make_card(size=(60, 90), rotation=12.5)
    surface = canvas()
    for _ in range(50):
        card.draw(surface)
    assert card.face_renderer.calls == [(60, 90)]
    assert card.back_renderer.calls == []
    card.set_size(80, 120)
    for _ in range(50):
        card.draw(surface)
    assert card.face_renderer.calls == [(60, 90), (80, 120)]
    card.face_up = False
    for _ in range(10):
        card.draw(surface)
    assert card.back_renderer.calls == [(80, 120)]


def test_plain_blit_without_transform_and_cached_transform(monkeypatch):
    counts = {"rotozoom": 0, "smoothscale": 0}
    real_rotozoom, real_smoothscale = pygame.transform.rotozoom, pygame.transform.smoothscale

    def rotozoom(*a):
        counts["rotozoom"] += 1
        return real_rotozoom(*a)

    def smoothscale(*a):
        counts["smoothscale"] += 1
        return real_smoothscale(*a)

    monkeypatch.setattr(pygame.transform, "rotozoom", rotozoom)
    monkeypatch.setattr(pygame.transform, "smoothscale", smoothscale)
    surface = canvas()
    card = make_card()
    for _ in range(20):
        card.draw(surface)
    assert counts == {"rotozoom": 0, "smoothscale": 0}
    card.rotation = 20.0
    for _ in range(20):
        card.draw(surface)
    assert counts["rotozoom"] == 1  # the card, once (the soft shadow uses plain rotate)
    assert counts["smoothscale"] == 0
    card.rotate_to(40.0, 1.0)
    for _ in range(5):
        card.update(0.1)
        card.draw(surface)
    assert counts["rotozoom"] == 1  # turning: fast nearest-pixel rotation
    card.update(1.0)
    card.draw(surface)
    card.draw(surface)
    assert counts["rotozoom"] == 2  # at rest again: antialiased, cached


def test_shadow_is_blurred_once_for_all_sprites_of_a_size(monkeypatch):
    calls = []
    real = pygame.transform.gaussian_blur

    def blur(*a, **kw):
        calls.append(a[0].get_size())
        return real(*a, **kw)

    monkeypatch.setattr(pygame.transform, "gaussian_blur", blur)
    surface = canvas()
    for i in range(20):
        make_card(size=(61, 93), rotation=i).draw(surface)
    assert len(calls) == 1


def test_shadow_grows_when_dragged_and_glow_shows():
    def dark_pixels_outside(card):
        surface = canvas()
        card.draw(surface)
        rect = card.rect
        return sum(
            1
            for x in range(0, 400, 2)
            for y in range(0, 400, 2)
            if not rect.collidepoint(x, y) and surface.get_at((x, y))[0] < 240
        )

    card = make_card(pos=(200, 200), size=(80, 120))
    resting = dark_pixels_outside(card)
    card.dragging = True
    assert dark_pixels_outside(card) > resting > 0

    card.dragging = False
    card.highlight = (0, 255, 0)
    surface = canvas()
    card.draw(surface)
    left_of_card = tuple(surface.get_at((card.rect.left - 2, 200)))[:3]
    assert left_of_card[1] > left_of_card[0] + 60  # greenish halo just outside the edge
    assert pixel(card) == FACE


def test_opaque_renderer_rotates_without_black_corners_and_odd_sizes_are_fitted():
    def opaque(w, h):
        surface = pygame.Surface((w + 7, h))  # wrong size and no per-pixel alpha
        surface.fill(FACE)
        return surface

    card = CardSprite(opaque, opaque, pos=(200, 200), size=(60, 90), rotation=30)
    surface = canvas()
    card.draw(surface)
    rect = card.rect
    assert tuple(surface.get_at((rect.left + 1, rect.top + 1)))[:3] == WHITE
    card.rotation = 90  # lossless quarter turn
    surface = canvas()
    card.draw(surface)
    assert card.rect == pygame.Rect(155, 170, 90, 60)
    assert near(surface.get_at((156, 171)), FACE) and near(surface.get_at((243, 228)), FACE)


def test_alpha_and_draw_order():
    card = make_card()
    card.alpha = 0
    assert pixel(card) == WHITE
    card.alpha = 128
    r, g, b = pixel(card)  # half-way between FACE and what is below (paper + faded shadow)
    assert 90 < g < 160 and r > g + 60
    a, b, c = make_card(z=2), make_card(z=1), make_card(z=0)
    c.dragging = True
    assert draw_order([a, b, c]) == [b, a, c]


# DragController ----------------------------------------------------------------------------------
class Slot:
    def __init__(self, rect, verdict=True):
        self.rect = pygame.Rect(rect)
        self.verdict = verdict
        self.asked = 0

    def accepts(self, sprites):
        self.asked += 1
        return self.verdict


def down(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def motion(pos, rel=(0, 0), buttons=(1, 0, 0)):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons)


def up(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)


class Recorder:
    def __init__(self):
        self.drops, self.refusals, self.clicks = [], [], []

    def controller(self, cards, targets, **kw):
        def pick(pos):
            for i, card in enumerate(cards):
                if card.contains(pos):
                    return cards[i:]  # the card and everything stacked after it
            return None

        return DragController(
            pick,
            targets,
            on_drop=lambda s, t: self.drops.append((list(s), t)),
            on_refuse=lambda s, t, r: self.refusals.append((list(s), t, r)),
            on_click=lambda s: self.clicks.append(list(s)),
            **kw,
        )


def test_drop_on_accepting_target():
    card = make_card(pos=(100, 100))
    slot = Slot((350, 250, 100, 120))
    rec = Recorder()
    drag = rec.controller([card], [slot])
    assert drag.handle_event(down((110, 105)))  # grabbed 10, 5 off-centre
    assert drag.handle_event(motion((200, 150)))
    assert drag.dragging and card.dragging
    assert drag.handle_event(motion((410, 305)))
    assert card.pos == (400.0, 300.0)
    assert drag.hover_target is slot
    card.update(1.0)
    assert card.scale == pytest.approx(1.06)  # lifted
    assert drag.handle_event(up((410, 305)))
    assert rec.drops == [([card], slot)]
    assert rec.refusals == [] and rec.clicks == []
    assert not drag.active and not card.dragging
    card.update(1.0)
    assert card.scale == 1.0 and card.pos == (400.0, 300.0)  # the game animates it from here


def test_drop_on_empty_space_returns_to_exact_origin():
    card = make_card(pos=(100, 100))
    rec = Recorder()
    drag = rec.controller([card], [Slot((350, 250, 100, 120))])
    drag.handle_event(down((100, 100)))
    drag.handle_event(motion((700, 50)))
    drag.handle_event(up((700, 50)))
    assert rec.refusals == [([card], None, None)] and rec.drops == []
    assert card.animating
    card.update(1.0)
    assert card.pos == (100.0, 100.0) and card.scale == 1.0 and not card.animating


def test_refusing_target_gives_reason_and_card_returns():
    card = make_card(pos=(100, 100))
    slot = Slot((350, 250, 100, 120), verdict="Not the same month")
    other = Slot((0, 300, 50, 50), verdict=False)
    rec = Recorder()
    drag = rec.controller([card], [slot, other])
    drag.handle_event(down((100, 100)))
    drag.handle_event(motion((380, 280)))
    assert drag.legal_targets == []
    drag.handle_event(up((380, 280)))
    assert rec.refusals == [([card], slot, "Not the same month")]
    card.update(1.0)
    assert card.pos == (100.0, 100.0)
    drag.handle_event(down((100, 100)))
    drag.handle_event(motion((20, 320)))
    drag.handle_event(up((20, 320)))
    assert rec.refusals[-1] == ([card], other, None)


def test_drop_picks_target_with_biggest_overlap():
    card = make_card(pos=(100, 100), size=(60, 90))
    small = Slot((300, 300, 40, 40))
    big = Slot((210, 330, 40, 100))
    rec = Recorder()
    drag = rec.controller([card], [small, big])
    drag.handle_event(down((100, 100)))
    drag.handle_event(motion((260, 340)))  # pointer between the slots, card over both
    assert drag.hover_target is big
    drag.handle_event(up((260, 340)))
    assert rec.drops == [([card], big)]


def test_press_release_without_motion_is_a_click():
    card = make_card(pos=(100, 100))
    rec = Recorder()
    drag = rec.controller([card], [Slot((0, 0, 400, 400))])
    drag.handle_event(down((100, 100)))
    drag.handle_event(motion((103, 102)))  # within the 5 px threshold
    assert not drag.dragging
    drag.handle_event(up((103, 102)))
    assert rec.clicks == [[card]]
    assert rec.drops == [] and rec.refusals == []
    assert card.pos == (100.0, 100.0) and not card.animating


def test_press_on_nothing_is_not_consumed():
    rec = Recorder()
    drag = rec.controller([make_card(pos=(100, 100))], [])
    assert not drag.handle_event(down((300, 300)))
    assert not drag.handle_event(motion((310, 310)))
    assert not drag.handle_event(up((310, 310)))
    assert rec.clicks == []


def test_disabled_controller_ignores_presses():
    card = make_card(pos=(100, 100))
    rec = Recorder()
    drag = rec.controller([card], [Slot((350, 250, 100, 120))])
    drag.enabled = False
    assert not drag.handle_event(down((100, 100)))
    assert not drag.handle_event(motion((400, 300)))
    assert not drag.handle_event(up((400, 300)))
    assert card.pos == (100.0, 100.0)
    assert rec.drops == rec.refusals == rec.clicks == []


def test_legal_targets_are_exactly_the_accepting_ones():
    card = make_card(pos=(100, 100))
    yes1, no1, yes2, no2 = Slot((300, 0, 50, 50)), Slot((300, 100, 50, 50), "no"), Slot(
        (300, 200, 50, 50)
    ), Slot((300, 300, 50, 50), False)
    rec = Recorder()
    drag = rec.controller([card], lambda: [yes1, no1, yes2, no2])
    drag.handle_event(down((100, 100)))
    assert drag.legal_targets == []  # not dragging yet
    drag.handle_event(motion((120, 100)))
    assert drag.legal_targets == [yes1, yes2]
    drag.handle_event(motion((320, 120)))
    assert drag.hover_target is no1
    drag.handle_event(up((320, 120)))
    assert drag.legal_targets == [] and drag.hover_target is None


def test_multi_card_run_keeps_offsets_and_returns():
    cards = [make_card(pos=(100, 100 + 30 * i), z=i) for i in range(3)]
    rec = Recorder()
    drag = rec.controller(cards, [])
    drag.handle_event(down((100, 80)))  # on the first card only: it picks up the whole run
    assert drag.sprites == cards
    drag.handle_event(motion((300, 280)))
    assert [c.pos for c in cards] == [(300.0, 300.0), (300.0, 330.0), (300.0, 360.0)]
    drag.handle_event(up((300, 280)))
    assert rec.refusals == [(cards, None, None)]
    for c in cards:
        c.update(1.0)
    assert [c.pos for c in cards] == [(100.0, 100.0), (100.0, 130.0), (100.0, 160.0)]


def test_cancel_returns_without_callbacks():
    card = make_card(pos=(100, 100))
    rec = Recorder()
    drag = rec.controller([card], [Slot((350, 250, 100, 120))], speed=0.0)
    drag.handle_event(down((100, 100)))
    drag.handle_event(motion((400, 300)))
    assert drag.cancel()
    assert card.pos == (100.0, 100.0)  # speed 0: instant
    assert not drag.active and not drag.cancel()
    assert rec.drops == rec.refusals == rec.clicks == []


def test_a_card_let_go_goes_home_where_it_belongs_now():
    """``home``: the hand changed while the card was held (found by the soak: it flew back to
    where it had been picked up)."""
    card = make_card(pos=(100, 100))
    rec = Recorder()
    homes = {id(card): (160.0, 100.0)}
    drag = rec.controller([card], [Slot((350, 250, 100, 120))], speed=0.0,
                          home=lambda s: homes.get(id(s)))
    drag.handle_event(down((100, 100)))
    drag.handle_event(motion((700, 50)))
    drag.handle_event(up((700, 50)))
    card.update(0.0)
    assert card.pos == (160.0, 100.0)
    homes.clear()  # no place now: back where it was picked up
    drag.handle_event(down((160, 100)))
    drag.handle_event(motion((700, 50)))
    assert drag.cancel()
    card.update(0.0)
    assert card.pos == (160.0, 100.0)


# AnimationQueue ----------------------------------------------------------------------------------
def test_speed_factors():
    assert SPEED_FACTORS == {"off": 0.0, "fast": 0.5, "normal": 1.0, "slow": 1.6}
    q = AnimationQueue("fast")
    assert q.duration(0.4) == 0.2
    q.speed = "slow"
    assert q.duration(1.0) == pytest.approx(1.6)
    with pytest.raises(ValueError):
        q.speed = "ludicrous"


def test_steps_run_in_order_not_in_parallel():
    q = AnimationQueue()
    log = []
    q.add(lambda: log.append("a") or 0.5)
    q.add(lambda: log.append("b") or 0.5)
    assert q.busy and log == []
    q.update(0.3)
    assert log == ["a"]
    q.update(0.3)  # a ends at 0.5, b gets the remaining 0.1
    assert log == ["a", "b"]
    q.update(0.39)
    assert q.busy
    q.update(0.02)
    assert not q.busy


def test_parallel_group_runs_together_and_waits_for_longest():
    q = AnimationQueue()
    log = []
    q.parallel(lambda: log.append("x") or 0.5, lambda: log.append("y") or 1.0)
    q.call(log.append, "after")
    q.update(0.1)
    assert log == ["x", "y"]
    q.update(0.89)
    assert log == ["x", "y"] and q.busy
    q.update(0.02)
    assert log == ["x", "y", "after"] and not q.busy


def test_sequence_inside_parallel():
    q = AnimationQueue()
    log = []
    chain = sequence(lambda: log.append(1) or 0.2, lambda: log.append(2) or 0.2)
    q.add(parallel([chain, lambda: 0.3]))
    q.update(0.1)
    assert log == [1]
    q.update(0.15)
    assert log == [1, 2]
    q.update(0.14)
    assert q.busy
    q.update(0.02)
    assert not q.busy


def test_waiting_on_sprites_tweens_and_predicates():
    q = AnimationQueue()
    card = make_card(pos=(0, 0))
    flag = {"go": False}
    tw = Tween(0.0, 1.0, 0.5)

    def move():
        card.move_to((100, 0), q.duration(0.4))
        return card

    q.add(move).add(lambda: tw).wait_for(lambda: flag["go"])
    q.update(0.0)
    for _ in range(4):
        card.update(0.1)
        q.update(0.1)
    assert card.pos == (100.0, 0.0)
    q.update(0.0)
    assert q.busy  # now waiting on the tween (nobody updates it but us)
    tw.update(0.5)
    q.update(0.0)
    assert q.busy  # waiting on the predicate
    flag["go"] = True
    q.update(0.0)
    assert not q.busy


def test_speed_off_finishes_in_one_update():
    q = AnimationQueue("off")
    card = make_card(pos=(0, 0), face_up=False)
    log = []

    def deal():
        card.move_to((300, 200), q.duration(0.5), delay=q.duration(0.2))
        card.flip(q.duration(0.3))
        return until_settled([card])

    q.add(deal).wait(1.0).parallel(lambda: 2.0, lambda: log.append("p")).call(log.append, "end")
    q.update(0.0)
    assert not q.busy
    assert log == ["p", "end"]
    assert card.pos == (300.0, 200.0) and card.face_up and not card.animating


def test_speed_slow_takes_1_6_times_as_long():
    q = AnimationQueue("slow")
    q.wait(1.0)
    q.update(1.59)
    assert q.busy
    q.update(0.02)
    assert not q.busy
    q.wait(1.0)
    q.update(1.61)
    assert not q.busy


def test_skip_starts_remaining_steps_and_jumps_sprites_to_the_end():
    skipped = []
    q = AnimationQueue(on_skip=lambda: skipped.append(True))
    card = make_card(pos=(0, 0))
    log, durations = [], []

    def move():
        durations.append(q.duration(1.0))
        card.move_to((80, 60), durations[-1])
        return card

    q.call(log.append, "a").wait(5.0).add(move).add(lambda: lambda: False).call(log.append, "b")
    q.update(0.1)
    assert log == ["a"] and q.busy
    q.skip()
    assert log == ["a", "b"]
    assert durations == [0.0]  # started while skipping: no motion
    assert card.pos == (80.0, 60.0) and not card.animating
    assert not q.busy and skipped == [True]
    assert q.duration(1.0) == 1.0  # normal again afterwards


def test_skip_finishes_a_running_sprite_wait():
    q = AnimationQueue()
    card = make_card(pos=(0, 0))

    def move():
        card.move_to((50, 50), q.duration(2.0))
        return until_settled([card])

    q.add(move)
    q.update(0.1)
    card.update(0.5)
    assert card.animating
    q.skip()
    assert card.pos == (50.0, 50.0) and not card.animating and not q.busy


def test_bad_step_results_are_rejected():
    q = AnimationQueue()
    with pytest.raises(TypeError):
        q.add(3.0)
    q.add(lambda: "three seconds")
    with pytest.raises(TypeError):
        q.update(0.1)


def test_module_doctests():
    import doctest

    import sprites.anim_queue
    import sprites.card_sprite
    import sprites.drag
    import sprites.easing
    import sprites.tween

    modules = (sprites.easing, sprites.tween, sprites.card_sprite, sprites.drag, sprites.anim_queue)
    for module in modules:
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__


def test_a_gliding_card_is_drawn_from_its_baked_image(monkeypatch):
    """A card that moves without changing shape is baked (shadow and card in one image) a few
    frames after setting off, and then drawn with one blit: the card where a card drawn piece
    by piece would be, its soft shadow within a pixel of it."""
    card = make_card(pos=(100, 100))
    card.move_to((300, 260), 1.0)
    pieces = []
    real = CardSprite._draw_pieces
    monkeypatch.setattr(CardSprite, "_draw_pieces",
                        lambda self, s, p: (pieces.append(s is not None), real(self, s, p))[1])
    for frame in range(12):
        card.update(0.05)
        surface = canvas()
        card.draw(surface)
        if frame > 8:  # (baked after 1-8 frames in the same shape)
            assert card.animating and card._cache_baked is not None
            assert pieces[-1] is False  # drawn from the baked image (_bake lists its pieces)
            alone = canvas()
            real(card, alone, None)
            box = card.bounds()
            for x in range(box.left, box.right, 3):
                for y in range(box.top, box.bottom, 3):
                    a, b = tuple(surface.get_at((x, y)))[:3], tuple(alone.get_at((x, y)))[:3]
                    inside = card.rect.inflate(-2, -2).collidepoint(x, y)
                    assert near(a, b, 2 if inside else 12), (x, y)


def test_a_card_waiting_to_turn_over_is_still_drawn_from_its_kept_image():
    """A flip (or a turn, or a change of size) still in its delay changes nothing yet: the card
    keeps its kept image, so a table keeps it in its layer of cards at rest."""
    card = make_card()
    surface = canvas()
    for _ in range(10):
        card.draw(surface)
    assert card.still_image() is not None
    card.flip(0.3, delay=1.0)
    card.update(0.1)
    card.draw(surface)
    assert card.animating and card.still_image() is not None
    card.update(1.0)  # turning now
    card.draw(surface)
    assert card.still_image() is None


def test_cards_drawn_alike_share_one_baked_image():
    """Cards of one shape whose pieces round alike (the backs of a stock) take the image the
    first one baked, at their first draw, each drawn where it would be drawn alone."""
    backs: dict = {}

    def back(w: int, h: int) -> pygame.Surface:  # one surface a size, as the card art's cache
        return backs.setdefault((w, h), Solid(BACK)(w, h))

    first = CardSprite(back, back, pos=(100, 100), size=(60, 90), face_up=False)
    for _ in range(10):  # (baked after 1-8 draws in the same shape)
        first.draw(canvas())
    assert first._cache_baked is not None
    alike = CardSprite(back, back, pos=(260, 120), size=(60, 90), face_up=False)
    surface = canvas()
    alike.draw(surface)
    assert alike._cache_baked is first._cache_baked and alike.still_image() is not None
    alone = canvas()
    alike._draw_pieces(alone, None)
    box = alike.bounds()
    for x in range(box.left, box.right, 3):
        for y in range(box.top, box.bottom, 3):
            assert near(surface.get_at((x, y))[:3], alone.get_at((x, y))[:3], 2), (x, y)
    other = CardSprite(back, back, pos=(260, 120), size=(60, 90), face_up=True)
    other.move_to((300, 140), 1.0)
    other.draw(canvas())
    assert other._cache_baked is None  # another shape, moving: its own, a few draws later


def test_a_card_at_rest_is_baked_at_its_first_draw():
    """A card at rest in a new shape is baked at its first draw (and kept still from then);
    one turning over is drawn piece by piece until it settles."""
    card = make_card(pos=(100, 100))
    card.draw(canvas())
    assert card._cache_baked is not None and card.still_image() is not None
    card.flip(0.3)
    card.update(0.1)
    card.draw(canvas())
    assert card.still_image() is None
    card.update(0.3)
    card.draw(canvas())
    assert card._cache_baked is not None and card.still_image() is not None


def test_a_card_put_somewhere_at_once_is_still_there_from_that_frame():
    """A card baked and then put in a new place at once (a move finished by a key) is kept
    as still where it is now, before any draw there; a card set moving is not."""
    card = make_card(pos=(100, 100))
    for _ in range(10):  # (baked after 1-8 draws in the same shape)
        card.draw(canvas())
    assert card.still_image() is not None
    card.snap_to((240, 180))
    image, at = card.still_image()
    assert at == card._baked_at(card._cache_baked[2])
    assert pygame.Rect(at, image.get_size()).contains(card.rect)
    card.move_to((300, 300), 0.5)
    card.update(0.1)
    assert card.still_image() is None


def test_a_card_at_rest_whose_glow_changes_is_baked_in_its_place_at_once():
    """A glow lit or put out on a card at rest gives its still image at once, glow and all:
    drawn over the layer for a frame instead, a table would paint all it overlaps twice (the
    card leaving its layer of cards at rest, then coming back). A moving card is not baked."""
    card = make_card()
    card.draw(canvas())
    plain = card.still_image()
    card.highlight = (120, 220, 140)
    lit, at = card.still_image()
    assert lit is not plain[0] and lit.get_width() > plain[0].get_width()  # the glow's ring
    edge = (card.rect.centerx - at[0], card.rect.top - 3 - at[1])  # just above the card
    assert lit.get_at(edge).g > lit.get_at(edge).r  # green, premultiplied
    surface = canvas()
    card.draw(surface)  # drawn from the same image
    assert card.still_image() == (lit, at)
    card.highlight = None
    assert card.still_image()[0].get_size() == plain[0].get_size()
    card.highlight = (120, 220, 140)
    card.move_to((300, 300), 0.5)
    card.update(0.1)
    assert card.still_image() is None


def test_a_glow_put_out_and_lit_again_finds_the_cards_looks_kept(monkeypatch):
    """A card keeps the image it was drawn from before its last one: a glow lit, put out and
    lit again (a player's hand, turn after turn) is baked once each way, not at every turn
    on the key's frame; a new size lets the old one go."""
    card = make_card()
    card.draw(canvas())
    plain = card.still_image()[0]
    card.highlight = (120, 220, 140)
    lit = card.still_image()[0]
    baked: list = []
    real = CardSprite._bake
    monkeypatch.setattr(CardSprite, "_bake", lambda s, *a: (baked.append(1), real(s, *a))[1])
    for _ in range(3):
        card.highlight = None
        assert card.still_image()[0] is plain
        card.highlight = (120, 220, 140)
        assert card.still_image()[0] is lit
    assert baked == []
    card.set_size(card.w + 10, card.h + 15)
    assert card._cache_before is None


def test_a_card_kept_still_on_a_stand_in_face_takes_its_real_face_when_ready():
    """A card at rest drawn from a stand-in (its face not rendered yet) is not kept on it:
    once the renderer has the real face, the card's still image is the real face's."""
    from sprites.cache import STAND_INS
    stand_in = Solid(BACK)(60, 90)
    STAND_INS.add(stand_in)
    real = Solid(FACE)(60, 90)
    ready = [False]
    card = CardSprite(lambda w, h: real if ready[0] else stand_in, Solid(BACK),
                      pos=(100, 100), size=(60, 90))
    card.draw(canvas())
    image, at = card.still_image()  # baked on the stand-in
    assert near(image.get_at((card.rect.centerx - at[0], card.rect.centery - at[1]))[:3],
                BACK, 2)
    ready[0] = True
    image, at = card.still_image()  # at rest: baked on its real face at once, in its place
    assert near(image.get_at((card.rect.centerx - at[0], card.rect.centery - at[1]))[:3],
                FACE, 2)
    surface = canvas()
    card.draw(surface)
    assert card.still_image() == (image, at)
    assert near(surface.get_at(card.rect.center)[:3], FACE, 2)
    STAND_INS.discard(stand_in)
