"""The table kit's pieces on their own: seats round the table, layouts that fit every window,
one worker for every computer seat, faces warmed a few a frame, kept layers, the animation
queue's barrier, and cards named like a player names them."""

from __future__ import annotations

import functools
import threading

import pygame
import pytest

from game.draw import Layers
from game.table.caches import FaceWarmer
from game.table.computer import ComputerSeats
from game.table.names import card_name
from game.table.places import SeatedLayout, pile_places, seat_sides, sort_by_kind
from rules.hanafuda import DECK, card, cards
from rules.koikoi import KoiKoiGame
from sprites import AnimationQueue, barrier

SIZES = [(960, 600), (1280, 800), (1920, 1080), (1000, 1000)]


@pytest.mark.parametrize("players,sides", [
    (1, ["bottom"]), (2, ["bottom", "top"]), (3, ["bottom", "right", "left"]),
    (4, ["bottom", "right", "top", "left"]),
    (6, ["bottom", "right", "right", "top", "left", "left"]),
])
def test_seats_go_round_the_table_in_turn_order(players, sides):
    assert seat_sides(players) == sides


@pytest.mark.parametrize("bad", [0, 9, "4", None, 2.0])
def test_a_table_seats_one_to_eight(bad):
    with pytest.raises(ValueError):
        seat_sides(bad)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind, players", [("fishing", n) for n in range(1, 5)]
                         + [("climbing", n) for n in range(1, 9)])
def test_every_seat_and_the_field_fit_without_overlapping(size, kind, players):
    from game.table.climbing_view import ClimbingLayout
    from game.table.places import FishingLayout
    lay = (FishingLayout if kind == "fishing" else ClimbingLayout)(size, players=players)
    boxes = [p.box for p in lay.seats] + [lay.field]
    assert all(lay.play.contains(b) for b in boxes)
    assert not any(a.colliderect(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    assert lay.field_card[0] >= 40 and lay.small_card[0] >= (24 if kind == "fishing" else 22)
    # A full hand fits at every seat, and the viewer's cards do not overlap.
    for at, place in enumerate(lay.seats):
        w, h = lay.hand_card_of(at)
        rects = [pygame.Rect(round(x - w / 2), round(y - h / 2), w, h)
                 for x, y in lay.hand_places(at, lay.HAND_CARDS)]
        assert all(lay.play.contains(r) for r in rects), (at, place)
    mine = [pygame.Rect(round(x - lay.hand_card[0] / 2), 0, lay.hand_card[0], 1)
            for x, _y in lay.hand_places(0, lay.HAND_CARDS)]
    assert not any(a.colliderect(b) for a, b in zip(mine, mine[1:]))


@pytest.mark.parametrize("size", SIZES)
def test_cards_are_as_large_as_the_window_allows(size):
    lay = SeatedLayout(size, players=2)
    # The field's rows, the two piles and the hand take the play area's height, or (a tall
    # window) a full hand takes its width.
    tall = lay.hand_card[1] + 2 * (lay.small_card[1] + lay.label_h) + 2 * lay.field_card[1]
    wide = lay.HAND_CARDS * lay.hand_card[0]
    assert tall > 0.7 * lay.play.height or wide > 0.85 * lay.play.width


@pytest.mark.parametrize("players", [6, 7, 8])
def test_turn_order_goes_up_the_right_along_the_top_and_down_the_left(players):
    """Seats in turn order go round the table counter-clockwise from the viewer: up the right
    side, along the top from right to left, down the left side (issue 38: the left side's
    seats were drawn bottom first, so play jumped about on that side)."""
    from game.table.climbing_view import ClimbingLayout
    lay = ClimbingLayout((1280, 800), players=players)
    ys = {side: [p.box.y for p in lay.seats if p.side == side] for side in ("right", "left")}
    xs = [p.box.x for p in lay.seats if p.side == "top"]
    assert ys["right"] == sorted(ys["right"], reverse=True)  # going up
    assert xs == sorted(xs, reverse=True)                     # right to left
    assert ys["left"] == sorted(ys["left"]) and len(ys["left"]) == 2  # going down


def test_a_pile_is_grouped_by_kind_under_labels_that_count_it():
    pile = cards("1C1 2C1 1B 2A 1R 3C1")
    pos, labels = pile_places(pygame.Rect(0, 0, 600, 120), pile, (40, 64), 20, 80, 10)
    assert [(lb.kind.name, lb.cards) for lb in labels] == [
        ("BRIGHT", 1), ("ANIMAL", 1), ("RIBBON", 1), ("CHAFF", 3)]
    chaff = [pos[c] for c in cards("1C1 2C1 3C1")]
    assert chaff == sorted(chaff) and pos[card("1B")][0] < chaff[0][0]
    _pos, labels = pile_places(pygame.Rect(0, 0, 150, 200), pile, (30, 48), 16, 70, 6)
    assert len({lb.rect.y for lb in labels}) == 2  # two rows of two groups


@pytest.mark.parametrize("area, n", [
    (area, n) for area in [(600, 120), (300, 240), (200, 260), (420, 110)]
    for n in [4, 12, 24]] + [((600, 120), 38), ((300, 240), 38)])
def test_every_pile_card_shows_a_third_of_it_at_least(area, n):
    """Issue 38: a long group's cards overlap as they must, never to a sliver: each shows its
    left third beside the next card, whole down to the line laid below it (if the group
    needs one) a third of its height down at least, where the area has room for those lines
    (past that, a last resort: tighter lines)."""
    pile = sorted(DECK, key=lambda c: (c.month * 7919) % 48)[:n]
    cw, ch = 40, 64
    pos, _labels = pile_places(pygame.Rect(0, 0, *area), pile, (cw, ch), 20, 90, 10)
    rects = {c: pygame.Rect(round(x - cw / 2), round(y - ch / 2), cw, ch)
             for c, (x, y) in pos.items()}
    order = sort_by_kind(pile)  # (drawn in this order: each over the ones before it)
    for i, c in enumerate(order):
        r = rects[c]
        corner = pygame.Rect(r.x, r.y, cw // 3, ch // 3)
        assert not any(rects[o].colliderect(corner) for o in order[i + 1:]), (c, r)
        beside = [rects[o] for o in order[i + 1:] if rects[o].y == r.y]
        below = [rects[o] for o in order[i + 1:] if rects[o].y > r.y]
        assert all(o.x - r.x >= cw // 3 for o in beside if o.colliderect(r))
        assert all(o.y - r.y >= ch // 3 for o in below if o.colliderect(r))


@pytest.mark.parametrize("players, sides", [(2, ["top"]), (3, ["top", "top"]),
                                            (4, ["right", "top", "left"])])
def test_a_fishing_tables_seats_give_every_pile_its_words(players, sides):
    """Each seat's capture pile has its four groups under labels it can read: a box wide
    enough for them beside its hand's backs, or under them in two rows of two (one or two
    others along the top, three round the table)."""
    from game.table.places import FishingLayout
    for size in SIZES:
        lay = FishingLayout(size, players=players)
        # (all along the top where the sides' words would leave the field too little)
        assert [p.side for p in lay.seats] in (["bottom"] + sides,
                                               ["bottom"] + ["top"] * (players - 1))
        assert size == (1000, 1000) or [p.side for p in lay.seats] == ["bottom"] + sides
        for place in lay.seats[1:]:
            assert place.pile.width >= 2 * lay.label_w and place.name.width == place.box.width


def test_one_worker_chooses_for_every_computer_seat():
    def workers():
        return {t for t in threading.enumerate() if t.name == "ai-worker" and t.is_alive()}
    before = workers()
    seats = ComputerSeats("koikoi", ["easy", "normal"], seed=4)  # on a thread (conftest)
    seats.min_delay = 0.0
    game = KoiKoiGame.new(4)
    answers = []
    for _ in range(6):
        seat = game.current_player
        seats.ask(seat, game.observation(seat))
        for _ in range(2000):
            answer = seats.poll()
            if answer is not None:
                break
            threading.Event().wait(0.002)
        assert answer is not None and answer[0] == seat
        answers.append(answer[1])
        game.apply(answer[1])
    assert len(workers() - before) == 1
    seats.close()
    for t in workers() - before:
        t.join(2.0)
    assert not workers() - before


def test_a_cancelled_question_is_never_answered():
    seats = ComputerSeats("koikoi", ["easy", "human"], seed=1)
    game = KoiKoiGame.new(2)
    seats.ask(0, game.observation(0))
    seats.cancel()
    for _ in range(50):
        assert seats.poll() is None
        threading.Event().wait(0.002)
    seats.close()


def test_the_face_warmer_renders_on_its_thread_and_stores_within_its_budget(monkeypatch):
    from sprites import faces
    faces.clear_cache()
    monkeypatch.setattr(FaceWarmer, "threaded", True)
    w = FaceWarmer(budget=0.0)  # one face stored a step
    todo = [(c, (31, 50), False) for c in DECK[:5]]
    w.plan(todo)
    # The thread starts at the step of the frame after the plan's (not beside the frame that
    # planned: a table's first, the first at a new window size).
    assert w._thread is None and w.step() == 0 and w._thread is None
    assert w.step() == 0
    thread = w._thread
    assert thread is not None
    thread.join()  # rendered on the helper thread, not stored yet: the frame loop stores them
    assert not w.ready(todo) and not w.done
    assert [w.step() for _ in range(6)] == [1, 1, 1, 1, 1, 0] and w.done
    assert w.ready(todo)


@pytest.mark.parametrize("threaded", [True, False])
def test_the_face_warmer_finishes_at_once_when_asked(monkeypatch, threaded):
    from sprites import faces
    faces.clear_cache()
    monkeypatch.setattr(FaceWarmer, "threaded", threaded)
    w = FaceWarmer()
    todo = [(c, (33, 53), True) for c in DECK[5:25]]
    w.plan(todo)
    assert w.finish() == 20 and w.done and w.ready(todo)


def test_layers_are_painted_once_per_key():
    layers, painted = Layers(), []
    for key in ("a", "a", "b", "b", "a"):
        layers.get("panel", key, (2, 2), painted.append)
    assert len(painted) == 3


def test_skipping_the_queue_stops_at_a_barrier():
    q, log, closed = AnimationQueue(), [], []
    q.call(log.append, "capture").add(lambda: 1.0)
    q.add(lambda: barrier(lambda: bool(closed))).call(log.append, "next deal")
    q.skip()
    assert log == ["capture"] and q.busy
    closed.append(True)
    q.update(0.0)
    assert log == ["capture", "next deal"] and not q.busy


@pytest.mark.parametrize("code,name", [("2C2", "Plum (chaff)"), ("12C3", "Paulownia (chaff)"),
                                       ("11C1", "Lightning"), ("9A", "Sake cup"),
                                       ("7R", "Bush clover red ribbon")])
def test_cards_are_named_as_players_name_them(code, name):
    assert card_name(card(code)) == name


def test_a_choice_panel_hides_what_is_under_it(app):
    """Only the choice is read: the box looks the same over a white or a black table."""
    from game.table.dialogs import ChoicePanel
    from tests.helpers import pixels
    panel = ChoicePanel("Swap hands?", "Keep your hand or take the dealer's.",
                        [("Keep", None), ("Swap", None)], lambda: pygame.Rect(900, 200, 360, 400))
    app.push(panel)
    seen = []
    for colour in ((255, 255, 255), (0, 0, 0)):
        surface = pygame.Surface(app.screen.get_size())
        surface.fill(colour)
        panel.draw(surface)
        seen.append(pixels(surface, panel.box.inflate(-panel.metrics.px(24), -20)))
    assert seen[0] == seen[1]


def test_faces_let_go_by_the_cache_while_an_animation_waits_are_asked_for_again(app):
    """A hang seen in the suite: faces an event waited on were rendered, then let go for newer
    sizes before the wait was over; the wait asks the warmer for them again."""
    from game.games.koikoi.table import KoiKoiTable
    from game.scenes.setup import default_setup
    from sprites import faces
    t = app.push(KoiKoiTable(setup=default_setup("koikoi", seed=3)))
    needed = [(c, (241, 386), False) for c in DECK[:4]]  # larger than the table's: rendered
    t.warmer.finish()
    assert t.warmer.done and not t.drawing.faces_in(needed)  # not there: asked for
    t.warmer.finish()
    assert t.drawing.faces_in(needed)
    faces.clear_cache()  # let go (as the cache does for newer sizes)
    assert not t.drawing.faces_in(needed) and not t.warmer.done
    t.warmer.finish()
    assert t.drawing.faces_in(needed)


def test_a_layer_of_parts_painted_again_in_part_equals_one_painted_whole():
    """Lines change, come and go, and move: the layer painted again line by line is, pixel
    for pixel, the layer painted whole."""
    from game.fonts import font, text_image
    face = font(14)

    def lines(words: list[str]) -> list[tuple[str, pygame.Rect]]:
        out, y = [], 2
        for word in words:  # (a longer word takes more room: the lines below move)
            out.append((word, pygame.Rect(0, y, 120, 16 + 2 * len(word))))
            y += 16 + 2 * len(word)
        return out

    def paint(surface: pygame.Surface, word: str, box: pygame.Rect) -> None:
        surface.blit(text_image(face, word, (250, 240, 200)), box.move(4, 1))
        pygame.draw.line(surface, (200, 0, 0), box.bottomleft, box.bottomright)

    layers = Layers()
    for key, words in enumerate([["Koi", "Koi", "deal 1"], ["Koi", "Koi!", "deal 1"],
                                 ["Koi", "Koi!", "deal 1", "Boar"], ["Koi", "deal 2"],
                                 ["Boar", "Deer", "Butterfly", "deal 2"], ["Boar"]]):
        kept = layers.get_parts("panel", key, (120, 160), functools.partial(lines, words), paint)
        whole = Layers().get_parts("panel", key, (120, 160), functools.partial(lines, words), paint)
        assert pygame.image.tobytes(kept, "RGBA") == pygame.image.tobytes(whole, "RGBA"), words


def test_cards_gathered_face_down_show_their_backs_at_once(app):
    """``retarget(turn=False)``: a card changing side shows its new side as it sets off (a
    deal gathered to the stock), where a card turning over squashes on its way."""
    from game.games.koikoi.table import KoiKoiTable
    from game.scenes.setup import default_setup
    from tests.helpers import next_frame
    t = app.push(KoiKoiTable(setup=default_setup("koikoi", seed=3)))
    for _ in range(200):
        next_frame(app, 1 / 30)
    t.queue.skip()
    up = [c for c, s in t.sprites.items() if s.face_up and s.alpha]
    assert up
    t.view.field.clear()
    t.view.hands = [[] for _ in t.view.hands]
    t.view.piles = [[] for _ in t.view.piles]
    t.view.stock = list(DECK)
    moving = t.retarget(0.35, turn=False)
    assert moving and all(not t.sprites[c].face_up and not t.sprites[c].flipping for c in up)


@pytest.mark.parametrize("game_id", ["koikoi", "heart_of_five"])
def test_a_table_renders_its_card_backs_ahead(app, game_id):
    """The backs at every size face-down cards take on the table (the stock, the other
    seats' hands) are planned for the warmer with the faces, first: none is rendered on a
    frame of play (a deal's first key showed the other hands' backs, 1-2 ms each)."""
    from game import screens
    from game.scenes.setup import default_setup
    from sprites import faces
    faces.clear_cache()
    t = app.push(screens.make(game_id, setup=default_setup(game_id, 5)))
    sizes = list(dict.fromkeys(t.back_sizes()))
    assert len(sizes) >= 2
    t.warmer.finish()
    assert all(faces.face_cached(faces.Back("black"), *size) for size in sizes)


# What a game's table sets for its kit's parts ---------------------------------------------------

@pytest.mark.parametrize("game_id, named", [("koikoi", False), ("hanaawase", True),
                                             ("hearts600", True)])
def test_each_other_seat_is_named_over_its_cards_where_the_game_asks(app, game_id, named):
    """A table setting ``NAMES_OVER_SEATS`` (three seats and more) has its drawing part write
    each other seat's name and score over its cards; Koi-Koi's two seats do not."""
    from game.catalog import GAMES
    from game.setups import default_setup
    setup = default_setup(game_id, 5)
    t = app.push(GAMES[game_id].table_factory()(setup=setup))
    shown = {key[1] for key in t.drawing.under_parts() if key[0] == "name"}
    others = set(range(len(setup.seats))) - {t.viewer}
    assert shown == (others if named else set())


@pytest.mark.parametrize("game_id, words", [("koikoi", "The match is over."),
                                             ("hearts600", "The game is over.")])
def test_the_status_line_of_a_game_over_is_the_tables_own(app, game_id, words):
    from types import SimpleNamespace

    from game.catalog import GAMES
    from game.setups import default_setup
    t = app.push(GAMES[game_id].table_factory()(setup=default_setup(game_id, 5)))
    t.game = SimpleNamespace(is_over=True)
    assert t.status() == words


def test_four_fishing_seats_go_along_the_top_when_the_sides_words_would_crowd_the_field():
    """At 150% the side seats' pile labels would leave the field's cards far smaller: the
    three others sit along the top instead, the field's cards as large as at 100% nearly."""
    from game import theme
    from game.table.places import FishingLayout
    at_100 = FishingLayout((1280, 800), players=4)
    theme.set_display(1.5, False)
    try:
        at_150 = FishingLayout((1280, 800), players=4)
    finally:
        theme.set_display(1.0, False)
    assert [p.side for p in at_100.seats] == ["bottom", "right", "top", "left"]
    assert [p.side for p in at_150.seats] == ["bottom", "top", "top", "top"]
    assert at_150.field_card[1] >= 0.9 * at_100.field_card[1]
