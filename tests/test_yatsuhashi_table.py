"""The Yatsuhashi table driven like a player would: synthetic mouse and key events, explicit
frame times. The solver's winning lines are played through the real input paths."""

from __future__ import annotations

import threading

import pygame
import pytest

from ai.background import ProcessWorker, ThreadWorker
from ai.yatsuhashi import SOLVER_NODES, useful_move
from ai.yatsuhashi_solver import solve
from game.widgets.dialog import Dialog, NumberDialog
from game.table.scheduler import Scheduler
from game.scenes.pause import PauseMenu
from game.games.yatsuhashi.rules import YatsuhashiRulesScene
from game.scenes.setup import default_setup
from game.games.yatsuhashi.table import STOCK, WASTE, YatsuhashiTable
from rules.hanafuda import card
from rules.yatsuhashi import Game, Move
from tests.helpers import (
    click,
    drag,
    key,
    motion,
    press,
    raise_scene_errors,
    run_until,
    send,
    texts,
)

DT = 1 / 30


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    raise_scene_errors(monkeypatch)



def settle(app, t):
    run_until(app, t.settled)


def make_table(app, seed=3, speed="off", **options) -> YatsuhashiTable:
    app.settings.animation_speed = speed
    setup = default_setup("yatsuhashi", seed)
    setup.options.update(options)
    t = YatsuhashiTable(setup=setup)
    app.push(t)
    settle(app, t)
    return t


def wait_verdict(app, t):
    """Let the background solver answer (tests only: the table itself never waits;
    ``run_until`` waits for the answer before each frame)."""
    run_until(app, lambda: t.verdict() != "thinking", limit=50)


def on_table(t):
    g = t.game
    return [c for f in g.foundations for c in f] + g.waste + g.stock


def visible_point(t, c):
    """A point of ``c``'s sprite that no card drawn above it covers."""
    r = t.sprites[c].rect
    above = [t.sprites[o].rect for o in on_table(t) if t.sprites[o].z > t.sprites[c].z]
    for y in range(r.top + 3, r.bottom - 3, 2):
        for x in (r.centerx, r.left + 6, r.right - 6):
            if not any(a.collidepoint(x, y) for a in above):
                return (x, y)
    raise AssertionError(f"{c} is completely covered")




def mouse_move(app, t, move: Move) -> None:
    """Make ``move`` the way a player would with the mouse."""
    g = t.game
    if move.kind in ("turn", "recycle"):
        click(app, t.layout_.stock.center)
    elif move.kind == "move":
        c = move.card if move.card is not None else g.waste[-1]
        drag(app, visible_point(t, c), t.input.column_rect(move.to).center)
    else:
        before = len(g.collected)
        for c in move.cards:
            click(app, visible_point(t, c))
            settle(app, t)
            if len(g.collected) > before:
                break
    settle(app, t)


def focus(app, t, pile):
    if not t.input.keyboard:
        key(app, pygame.K_RIGHT)  # the first arrow only shows the focus
    for _ in range(8):
        if t.focus_pile == pile:
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError("the focus never reached the pile")


def pile_of(t, c):
    kind, i, _pos = t.game.location(c)
    return WASTE if kind == "waste" else 2 + i


def focus_card(app, t, c):
    focus(app, t, pile_of(t, c))
    for _ in range(20):
        if t.input.focused_card() is c:
            return
        key(app, pygame.K_UP)
    raise AssertionError(f"the focus never reached {c}")


def keyboard_move(app, t, move: Move) -> None:
    """Make ``move`` with the keyboard only: arrows, Enter, Space."""
    g = t.game
    if move.kind in ("turn", "recycle"):
        focus(app, t, STOCK)
        key(app, pygame.K_RETURN)
    elif move.kind == "move":
        c = move.card if move.card is not None else g.waste[-1]
        focus_card(app, t, c)
        key(app, pygame.K_RETURN)
        assert t.held and t.held[0] is c
        focus(app, t, 2 + move.to)
        key(app, pygame.K_RETURN)
    else:
        before = len(g.collected)
        for c in move.cards:
            focus_card(app, t, c)
            key(app, pygame.K_SPACE)
            if len(g.collected) > before:
                break
    settle(app, t)


def solver_line(t):
    s = solve(t.game.copy(), SOLVER_NODES)
    assert s.winnable
    return s.moves


# The whole game -----------------------------------------------------------------------------
def test_a_winnable_deal_is_won_by_mouse_following_the_solver(app):
    t = make_table(app, seed=3)
    line = solver_line(t)
    kinds = set()
    for move in line:
        assert not t.game.is_won
        before = len(t.game.moves)
        mouse_move(app, t, move)
        assert len(t.game.moves) == before + 1, f"{move} was not made by the mouse"
        assert t.game.moves[-1] == move
        kinds.add(move.kind)
    assert kinds >= {"turn", "move", "collect"}
    assert t.game.is_won and t.won_shown
    # The sprites show the engine: every card is in the win ring, face up.
    assert all(s.face_up for s in t.sprites.values())
    tally = app.stats.summary("yatsuhashi")
    assert (tally.played, tally.won) == (1, 1)
    assert tally.best["moves"] == len(line)
    assert app.stats.games["yatsuhashi"].lower_is_better == ["time", "moves"]


def test_a_deal_is_won_by_keyboard_with_undo_and_hints(app):
    t = make_table(app, seed=5)
    line = solver_line(t)
    undone = 0
    for n, move in enumerate(line):
        keyboard_move(app, t, move)
        assert t.game.moves[-1] == move
        if n % 25 == 10:  # take it back and make it again
            key(app, pygame.K_z, pygame.KMOD_CTRL)
            settle(app, t)
            undone += 1
            assert len(t.game.moves) == n
            key(app, pygame.K_y, pygame.KMOD_CTRL)
            settle(app, t)
            assert t.game.moves[-1] == move
    assert undone >= 2 and t.game.is_won


def test_hints_alone_win_a_deal(app):
    """Pressing H and making the hinted move wins: the hint follows the solver's line. Every
    frame on the way, and the won deal's ring and card, painted in part as painted whole."""
    from tests.test_drawing_caches import checking_every_frame
    t = make_table(app, seed=8)
    seen = checking_every_frame(t)
    for _ in range(400):
        if t.game.is_won:
            break
        wait_verdict(app, t)
        key(app, pygame.K_h)
        move = t.hint[0]
        assert move in t.game.legal_moves()
        mouse_move(app, t, move)
    assert t.game.is_won
    settle(app, t)
    assert t.won_shown and "win" in t.drawing.over_parts()
    assert seen["partial"] > seen["frames"] // 2 and not seen["wrong"], seen["wrong"][:3]


def test_a_winning_line_is_kept_in_notation_and_read_a_move_at_a_time(app, monkeypatch):
    """The frame the solver's answer comes in does not parse its hundred moves (most of a
    millisecond of that frame): the hint reads the line's first move, and a move on the line
    leaves the rest of it, unread, to the next position."""
    import game.games.yatsuhashi.solver_view as view
    parsed: list[str] = []
    real = view.parse_move
    monkeypatch.setattr(view, "parse_move", lambda text: (parsed.append(text), real(text))[1])
    t = make_table(app, seed=8)
    wait_verdict(app, t)
    winnable, line = t.verdicts[t.solver.key()]
    assert winnable is True and len(line) > 20 and parsed == []
    key(app, pygame.K_h)
    assert parsed == [line[0]] and t.hint[0] == real(line[0])
    mouse_move(app, t, t.hint[0])
    settle(app, t)
    assert t.verdicts[t.solver.key()] == (True, line[1:]) and len(parsed) <= 3


# Dragging and clicking ----------------------------------------------------------------------
def layout_table(app, foundations, stock=(), face_down=None, collected=None, **options):
    t = make_table(app, **options)
    t.play_position(Game.from_layout([list(f) for f in foundations], list(stock),
                                     face_down=face_down, collected=collected))
    settle(app, t)
    app.frame(DT)
    return t


def test_a_refused_drop_springs_back_with_the_reason(app):
    t = layout_table(app, [["4C1"], ["6C1"], ["1C1"]], face_down=[0, 0, 0])
    c = card("4C1")
    home = t.sprites[c].pos
    drag(app, t.sprites[c].rect.center, t.input.column_rect(1).center)
    assert t.notice == "April goes on May."
    assert t.game.foundations[0] == [c]
    settle(app, t)
    assert t.sprites[c].pos == home


def test_a_dragged_run_moves_with_the_cards_above_it(app):
    # 6C1 is face up with 5C1 and 4C1 on it: a run. Grab 5C1: 5C1 and 4C1 go onto 6C2.
    t = layout_table(app, [["6C1", "5C1", "4C1"], ["6C2"], ["1C1"]], face_down=[0, 0, 0])
    drag(app, visible_point(t, card("5C1")), t.input.column_rect(1).center)
    settle(app, t)
    assert [c.code for c in t.game.foundations[1]] == ["6C2", "5C1", "4C1"]
    for c in ("5C1", "4C1"):
        assert t.sprites[card(c)].rect.centerx == t.layout_.columns[1].centerx


def test_legal_targets_glow_while_dragging(app):
    t = layout_table(app, [["4C1"], ["5C1"], ["6C1"]], face_down=[0, 0, 0])
    start = t.sprites[card("4C1")].rect.center
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    motion(app, (start[0] + 30, start[1] + 40), buttons=(1, 0, 0))
    app.frame(DT)
    assert t.sprites[card("5C1")].highlight is not None
    assert t.sprites[card("6C1")].highlight is None
    send(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1))


def test_a_click_sends_a_card_to_its_only_target(app):
    t = layout_table(app, [["4C1"], ["5C1"], ["8C1"]], face_down=[0, 0, 0])
    click(app, t.sprites[card("4C1")].rect.center)
    settle(app, t)
    assert [c.code for c in t.game.foundations[1]] == ["5C1", "4C1"]


def test_a_double_click_makes_one_move(app):
    # The first click sends 4C1 onto 5C1; the second lands on the uncovered 3C1, which could
    # follow it, and must not: players double-click out of habit.
    t = layout_table(app, [["3C1", "4C1"], ["5C1"], ["2C1"]], face_down=[0, 0, 0])
    pos = visible_point(t, card("4C1"))
    click(app, pos)
    app.frame(0.1)
    click(app, pos)  # now on 3C1, which could go onto 4C1
    settle(app, t)
    assert [str(m) for m in t.game.moves] == ["4C1>1"]
    for _ in range(20):
        app.frame(DT)
    click(app, pos)  # a later click is a click again
    settle(app, t)
    assert [str(m) for m in t.game.moves] == ["4C1>1", "3C1>1"]


def test_a_click_with_two_places_to_go_asks_for_a_drag(app):
    t = layout_table(app, [["4C1"], ["5C1"], ["5C2"]], face_down=[0, 0, 0])
    click(app, t.sprites[card("4C1")].rect.center)
    assert t.game.foundations[0] == [card("4C1")]
    assert "2 places" in t.notice


def test_the_stock_turns_and_recycles_by_click(app):
    t = layout_table(app, [["9C1"]], stock=["1C1", "2C1"], face_down=[0])
    click(app, t.layout_.stock.center)
    click(app, t.layout_.stock.center)
    assert [c.code for c in t.game.waste] == ["1C1", "2C1"] and not t.game.stock
    click(app, t.layout_.stock.center)
    assert [c.code for c in t.game.stock] == ["1C1", "2C1"]
    settle(app, t)
    assert t.sprites[card("1C1")].rect.center == t.layout_.stock.center or \
        t.layout_.stock.colliderect(t.sprites[card("1C1")].rect)


# Collecting ---------------------------------------------------------------------------------
def test_one_click_collects_when_there_is_one_way(app):
    t = layout_table(app, [["3R", "2R", "1R"], ["9C1"]], face_down=[0, 0])
    assert t.sprites[card("1R")].highlight is not None  # marked as collectable
    click(app, visible_point(t, card("2R")))
    settle(app, t)
    assert t.game.collected == ["akatan"]
    slot = t.layout_.slots[4]  # the Aka-tan slot of the board
    assert all(slot.collidepoint(t.sprites[card(c)].rect.center) for c in ("1R", "2R", "3R"))


def test_several_ways_to_collect_are_chosen_by_selecting(app):
    # Two chaff of January are free: early chaff can be taken two ways.
    t = layout_table(app, [["1C1"], ["1C2"], ["2C1"], ["3C1"], ["4C1"], ["5C1"]],
                     face_down=[0] * 6)
    assert len(t.game.collect_moves()) == 2
    click(app, visible_point(t, card("2C1")))
    assert t.selection == [card("2C1")] and not t.game.collected
    click(app, visible_point(t, card("1C2")))
    settle(app, t)
    assert t.game.collected == ["early_chaff"]
    assert card("1C1") in t.game.foundations[0]  # the one not chosen stays


def test_a_blocked_yaku_is_not_marked(app):
    # 2R lies under 9C1, a card of no ribbon yaku: akatan is not available.
    t = layout_table(app, [["3R", "2R", "9C1"], ["1R"]], face_down=[0, 0])
    assert not t.game.collect_moves()
    assert all(t.sprites[card(c)].highlight is None for c in ("1R", "2R", "3R"))


def test_auto_collect_takes_yaku_and_undo_takes_it_back_with_the_move(app):
    t = layout_table(app, [["3R", "2R"], ["1R"], ["9C1"]], face_down=[0, 0, 0], auto_collect=True)
    drag(app, visible_point(t, card("1R")), t.input.column_rect(0).center)
    settle(app, t)
    assert t.game.collected == ["akatan"]
    assert [m.kind for m in t.game.moves] == ["move", "collect"]
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    settle(app, t)
    assert not t.game.collected and not t.game.moves
    assert [c.code for c in t.game.foundations[1]] == ["1R"]
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    settle(app, t)
    assert t.game.collected == ["akatan"]


def test_the_bridge_waits_for_five_other_yaku(app):
    t = layout_table(app, [["5A"]], face_down=[0],
                     collected=["akatan", "aotan", "kasutan", "godori"])
    click(app, t.sprites[card("5A")].rect.center)
    assert len(t.game.collected) == 4 and "Bridge leaves only after 5 other yaku" in t.notice
    t2 = layout_table(app, [["5A"]], face_down=[0],
                      collected=["akatan", "aotan", "kasutan", "godori", "early_chaff"])
    click(app, t2.sprites[card("5A")].rect.center)
    settle(app, t2)
    assert t2.game.is_won


# Undo, redo, deals --------------------------------------------------------------------------
def test_undo_and_redo_buttons_restore_exactly(app):
    t = make_table(app, seed=3)
    line = solver_line(t)[:12]
    states = [t.game.state()]
    for move in line:
        mouse_move(app, t, move)
        states.append(t.game.state())
    for expected in reversed(states[:-1]):
        click(app, t.buttons["undo"].rect.center)
        settle(app, t)
        assert t.game.state() == expected
    assert not t.buttons["undo"].enabled
    for expected in states[1:]:
        click(app, t.buttons["redo"].rect.center)
        settle(app, t)
        assert t.game.state() == expected


def test_undo_then_redo_in_one_frame(app):
    """Two inputs may arrive between two frames: the Redo button is live at once."""
    t = make_table(app, seed=3)
    click(app, t.layout_.stock.center)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    click(app, t.buttons["redo"].rect.center)
    assert [m.kind for m in t.game.moves] == ["turn"]


def test_clicks_during_animation_never_corrupt_the_table(app):
    t = make_table(app, seed=3, speed="slow")
    for _ in range(15):  # click the stock as fast as a player can, between short frames
        click(app, t.layout_.stock.center)
        app.frame(0.01)
    assert len(t.game.moves) == 15
    settle(app, t)
    for c, (pos, _size, up, _z, _rot) in t.places().items():
        s = t.sprites[c]
        assert (round(s.x), round(s.y)) == (round(pos[0]), round(pos[1])) and s.face_up == up


def test_new_deal_after_moves_asks_and_counts_the_old_one_abandoned(app):
    t = make_table(app, seed=3)
    click(app, t.layout_.stock.center)
    click(app, t.buttons["new"].rect.center)
    assert isinstance(app.stack.top, Dialog)
    click(app, app.stack.top.widgets[0].rect.center)
    assert app.stack.top is t and not t.game.moves and t.deal_number != 3
    tally = app.stats.summary("yatsuhashi")
    assert (tally.abandoned, tally.played, tally.lost) == (1, 0, 0)  # abandoned is no loss


def test_leaving_for_the_menu_keeps_the_deal_for_continue_and_is_no_loss(app):
    from game.scenes.menu import MenuScene
    from game.session import load_current
    t = make_table(app, seed=3)
    click(app, t.layout_.stock.center)
    app.stack.reset(MenuScene())
    tally = app.stats.summary("yatsuhashi")
    assert (tally.played, tally.lost, tally.abandoned) == (0, 0, 0)
    saved, problem = load_current()
    assert problem is None and saved.engine().to_dict() == t.game.to_dict()


def test_deal_number_dialog_plays_that_deal(app):
    t = make_table(app, seed=3)
    click(app, t.buttons["number"].rect.center)
    d = app.stack.top
    assert isinstance(d, NumberDialog)
    key(app, pygame.K_DELETE)
    send(app, pygame.event.Event(pygame.TEXTINPUT, text="42"))
    key(app, pygame.K_RETURN)
    assert app.stack.top is t and t.deal_number == 42
    assert t.game.state() == Game.deal(42).state()


def test_pause_menu_restart_and_rules(app):
    t = make_table(app, seed=3)
    click(app, t.layout_.stock.center)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseMenu)
    rules = t.rules_scene()
    assert isinstance(rules, YatsuhashiRulesScene)
    app.push(rules)
    assert any("five other yaku" in text for text in texts(rules))
    rules.close()
    t.restart()
    assert not t.game.moves and t.game.state() == Game.deal(3).state()


# Solver, hints, winnable deals --------------------------------------------------------------
def test_indicator_thinks_in_the_background_without_holding_the_frame(app, monkeypatch):
    import ai.yatsuhashi_solver as solver
    gate = threading.Event()
    real = solver.solve

    def slow(game, max_nodes, **kw):
        gate.wait(10)
        return real(game, max_nodes, **kw)
    monkeypatch.setattr(solver, "solve", slow)
    monkeypatch.setattr(Scheduler, "worker_factory", ThreadWorker)  # sees the stand-in
    app.settings.animation_speed = "off"
    t = app.push(YatsuhashiTable(setup=default_setup("yatsuhashi", 3)))
    # app.frame, not run_until: the solver is held on purpose (run_until would wait for it).
    for _ in range(600):
        if t.settled():
            break
        app.frame(DT)
    assert t.settled()
    click(app, t.layout_.stock.center)
    for _ in range(5):
        app.frame(DT)  # frames go on while the solver is held
    assert t.verdict() == "thinking"
    gate.set()
    wait_verdict(app, t)
    assert t.verdict() is True


def test_indicator_says_not_winnable_and_hint_still_helps(app):
    # 1R lies face down under 2R and 3R: akatan can never be collected.
    # 4C1 and 9C1 form no yaku, so the table can never be cleared.
    t = layout_table(app, [["1R", "2R", "3R"], ["4C1"], ["9C1"]], face_down=[2, 0, 0])
    wait_verdict(app, t)
    assert t.verdict() is False
    key(app, pygame.K_h)
    assert t.hint is not None and str(t.hint[0]) == "3R>1"


def test_no_moves_left_only_when_true(app):
    t = layout_table(app, [["4C1"], ["9C1"]], face_down=[0, 0])
    assert t.game.is_stuck
    key(app, pygame.K_h)
    assert t.hint is None and "No moves left" in t.notice
    t2 = layout_table(app, [["4C1"], ["9C1"]], stock=["8C1"], face_down=[0, 0])
    assert not t2.game.is_stuck
    key(app, pygame.K_h)
    assert t2.hint is not None and t2.hint[0].kind == "turn"


def test_useful_move_prefers_collecting_and_turning_up_cards():
    g = Game.from_layout([["9C1", "5C1"], ["6C1"], ["3R", "2R", "1R"]], ["8C1"],
                         face_down=[1, 0, 0])
    assert useful_move(g.observation(0)).kind == "collect"
    g.apply(g.collect_moves()[0])
    assert str(useful_move(g.observation(0))) == "5C1>1"  # turns 9C1 up
    g.apply("5C1>1")
    # The player just moved 5C1: moving it on at once is no use; turn the stock instead.
    assert str(useful_move(g.observation(0))) == "5C1>2"
    assert str(useful_move(g.observation(0), last=g.moves[-1])) == "turn"



def winnable_only_table(app, monkeypatch, worker):
    """Deal 3 with "winnable deals only", the solver run by ``worker``, animations off."""
    monkeypatch.setattr(Scheduler, "worker_factory", worker)
    app.settings.animation_speed = "off"
    setup = default_setup("yatsuhashi", 3)
    setup.options["winnable_only"] = True
    return app.push(YatsuhashiTable(setup=setup))


def test_winnable_deals_only_shows_progress_and_deals_a_proved_winnable_deal(app, monkeypatch):
    import ai.yatsuhashi_solver as solver
    real = solver.solve
    calls = []
    gate = threading.Event()

    def picky(game, max_nodes, **kw):
        calls.append(game.seed)
        gate.wait(10)
        if len(calls) < 3:
            return solver.Solution(False)
        return real(game, max_nodes, **kw)
    monkeypatch.setattr(solver, "solve", picky)
    t = winnable_only_table(app, monkeypatch, ThreadWorker)
    app.frame(DT)
    assert t.finding is not None and not t.settled()
    stock = t.layout_.stock.center  # no deal is shown until one is found
    assert all(s.pos == stock and not s.face_up for s in t.sprites.values())
    before = pygame.image.tobytes(app.screen, "RGB")
    gate.set()
    run_until(app, lambda: t.finding is None, limit=400)
    assert len(calls) == 3 and calls[0] == 3
    assert t.deal_number == calls[2] and t.verdict() is True
    assert pygame.image.tobytes(app.screen, "RGB") != before


def test_the_solver_is_given_a_budget_of_positions_not_of_seconds(app, monkeypatch):
    # Positions, not the clock: the same verdict on any machine under any load (every deal
    # of 1-3,000 is decided within SOLVER_NODES).
    import ai.yatsuhashi_solver as solver
    real = solver.solve
    asked = []

    def spy(game, max_nodes, **kw):
        asked.append((game.seed, bool(game.moves), max_nodes))
        return real(game, max_nodes, **kw)
    monkeypatch.setattr(solver, "solve", spy)
    t = winnable_only_table(app, monkeypatch, ThreadWorker)
    run_until(app, lambda: t.finding is None, limit=400)   # the deal, checked first
    t.verdicts.clear()                                      # then a position of it
    click(app, t.layout_.stock.center)
    wait_verdict(app, t)
    assert t.verdict() is True
    assert asked[0] == (3, False, SOLVER_NODES)
    assert asked[-1] == (3, True, SOLVER_NODES) and len(asked) == 2


class DyingSolver(ProcessWorker):
    """The real worker, whose every job kills its child process (as if the solver were
    killed or ran out of memory)."""

    def request(self, name, *args):
        return super().request("tests.background_jobs:die")


def test_a_solver_whose_process_keeps_dying_leaves_the_deal_playable(app, monkeypatch):
    from game.session import load_current
    monkeypatch.setattr(Scheduler, "worker_factory", DyingSolver)
    t = make_table(app, seed=3)
    # (Three child processes started and killed: frames take no time, processes do; a
    # bound of seconds of frames, not of frames at the pace of a quiet machine.)
    run_until(app, lambda: t.verdict() != "thinking", limit=20000)
    assert t.verdict() == "unavailable" and app.stack.top is t
    assert t.ai.worker.restarts == 3
    assert "Solver unavailable" in _drawn_words(app, monkeypatch)
    before = len(t.game.actions)
    key(app, pygame.K_h)                     # the hint: the rule of thumb
    assert t.hint is not None
    t.play_move(t.hint[0])
    assert len(t.game.actions) == before + 1
    saved, problem = load_current()
    assert problem is None and saved.engine().to_dict() == t.game.to_dict()
    assert app.stats.summary("yatsuhashi").played == 0


def test_winnable_deals_only_without_a_solver_deals_the_deal_unchecked(app, monkeypatch):
    t = winnable_only_table(app, monkeypatch, DyingSolver)
    run_until(app, lambda: t.finding is None, limit=20000)  # (three processes: see above)
    assert t.deal_number == 3 and t.game.seed == 3 and app.stack.top is t
    assert "not checked" in t.notice


def _drawn_words(app, monkeypatch):
    """Every text the Yatsuhashi table renders in one frame painted whole (a spy on its
    font; a frame that paints only what changed renders only that)."""
    import game.games.yatsuhashi.draw as drawing
    seen, real = [], drawing.font

    class Spy:
        def __init__(self, f):
            self.f = f

        def render(self, text, *args):
            seen.append(text)
            return self.f.render(text, *args)

        def __getattr__(self, name):
            return getattr(self.f, name)
    monkeypatch.setattr(drawing, "font", lambda *a, **k: Spy(real(*a, **k)))
    app.stack.repaint()
    app.frame(DT)
    monkeypatch.setattr(drawing, "font", real)
    return seen


def test_statistics_record_best_time_and_fewest_moves_only_for_wins(app):
    t = make_table(app, seed=3)
    for move in solver_line(t):
        t.play_move(move)
        app.frame(0.5)
    settle(app, t)
    tally = app.stats.summary("yatsuhashi")
    assert tally.won == 1 and tally.best["time"] >= 1 and tally.best["moves"] > 40
    t.deals.new_deal()
    click(app, t.layout_.stock.center)
    t.deals.new_deal()  # abandoned after a move: not a loss, no time or moves, the streak stands
    tally = app.stats.summary("yatsuhashi")
    assert (tally.played, tally.won, tally.lost, tally.abandoned) == (1, 1, 0, 1)
    assert tally.best["moves"] > 40


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080), (1000, 1000)])
def test_the_table_fits_every_window(app, size):
    t = make_table(app, seed=7)
    app.resize(size)
    settle(app, t)
    screen = pygame.Rect(0, 0, *size)
    lay = t.layout_
    for r in [lay.stock, lay.waste, lay.panel, *lay.slots, *(b.rect for b in t.buttons.values())]:
        assert screen.contains(r), r
    for c in on_table(t):
        assert screen.contains(t.sprites[c].rect)
    buttons = [b.rect for b in t.buttons.values()]
    for i, a in enumerate(buttons):
        assert not any(a.colliderect(b) for b in buttons[i + 1:])
    assert not lay.board.colliderect(lay.waste) and lay.board.right <= lay.panel.x


# The table kit: positions, hooks, settings, leaving ------------------------------------------
def test_a_table_opens_at_an_engine_position_with_the_cards_in_place(app):
    g = Game.deal(3)
    for move in solve(g.copy(), SOLVER_NODES).moves[:10]:
        g.apply(move)
    app.settings.animation_speed = "normal"
    t = YatsuhashiTable(setup=default_setup("yatsuhashi", 3), engine=g)
    app.push(t)
    app.frame(0.0)
    assert not t.animating and t.game is g and len(t.game.moves) == 10
    for c, place in t.places().items():
        assert t.sprites[c].pos == pytest.approx(place.pos)
        assert t.sprites[c].face_up == place.face_up


def test_after_action_runs_after_every_move_undo_and_redo(app):
    t = make_table(app, seed=3)
    seen = []
    t.on_action.append(lambda: seen.append(len(t.game.moves)))
    click(app, t.layout_.stock.center)
    click(app, t.layout_.stock.center)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert seen == [1, 2, 1, 2]


def test_quitting_asks_nothing_and_restarting_asks_only_after_a_move(app):
    from game.scenes.menu import MenuScene
    t = make_table(app, seed=3)
    key(app, pygame.K_ESCAPE)
    press(app, "Restart deal")
    assert app.stack.top is t  # no move yet: nothing to lose
    click(app, t.layout_.stock.center)
    key(app, pygame.K_ESCAPE)
    press(app, "Restart deal")
    assert "Restart this deal?" in texts(app.stack.top)  # a move was made: it asks
    key(app, pygame.K_ESCAPE)  # back to the pause menu
    press(app, "Quit to menu")
    assert isinstance(app.stack.top, MenuScene)  # saved: Continue resumes it


def test_the_card_back_set_in_the_pause_menu_shows_on_resume(app):
    from tests.helpers import pixels
    t = make_table(app, seed=3)
    stock = t.sprites[t.game.stock[0]].rect
    app.frame(0.0)
    before = pixels(app.screen, stock)
    key(app, pygame.K_ESCAPE)
    app.settings.card_back = "red"
    press(app, "Resume")
    app.frame(0.0)
    assert pixels(app.screen, stock) != before


def test_the_log_lists_the_moves(app):
    from game.table.dialogs import LogScene
    t = make_table(app, seed=3)
    click(app, t.layout_.stock.center)
    key(app, pygame.K_l)
    assert isinstance(app.stack.top, LogScene)
    assert "1. Turn a card from the stock." in texts(app.stack.top)


def test_deal_number_zero_is_refused_not_changed(app):
    t = make_table(app, seed=3)
    click(app, t.buttons["number"].rect.center)
    d = app.stack.top
    key(app, pygame.K_DELETE)
    send(app, pygame.event.Event(pygame.TEXTINPUT, text="0"))
    key(app, pygame.K_RETURN)
    assert app.stack.top is d and t.deal_number == 3  # still asking; the deal is the same
    assert "Choose a number from 1 to 999,999,999." in d.problem
    send(app, pygame.event.Event(pygame.TEXTINPUT, text="5"))
    key(app, pygame.K_RETURN)
    assert app.stack.top is t and t.deal_number == 5


def test_moves_undo_and_redo_are_animated_event_by_event(app):
    """The engine's events go through the kit's one mapping: a move slides its cards, then the
    uncovered card turns up; an undo turns it down first, then the cards slide back."""
    assert set(YatsuhashiTable.EVENT_STEPS) >= {"turned", "recycled", "moved", "flipped",
                                               "collected", "won"}
    app.settings.animation_speed = "normal"
    t = YatsuhashiTable(engine=Game.from_layout([["9A", "1C1"], ["2C1"]], [], face_down=[1, 0]))
    app.push(t)
    app.frame(0.0)
    moved, under = t.sprites[card("1C1")], t.sprites[card("9A")]
    home = moved.target_pos
    click(app, moved.rect.center)
    app.frame(0.05)
    assert moved.animating and moved.target_pos != home and not under.target_face_up
    settle(app, t)
    assert under.face_up and str(t.game.moves[-1]) == "1C1>1"
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    app.frame(0.05)
    assert not under.target_face_up and moved.target_pos != home  # turned down first
    settle(app, t)
    assert moved.pos == pytest.approx(home) and not under.face_up and not t.game.moves
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    settle(app, t)
    assert under.face_up and moved.pos != pytest.approx(home)


def test_an_opened_deal_shows_exactly_the_table_the_player_left(app):
    """Cards and log: a table opened from the engine (or the save, as Continue does) shows
    what the player left."""
    from game.session import load_current
    t = make_table(app, seed=3)
    for move in solver_line(t)[:25]:
        mouse_move(app, t, move)
    left = ({c: (s.pos, s.size, s.face_up) for c, s in t.sprites.items()}, list(t.log.lines))
    assert len(left[1]) == 25
    app.stack.remove(t)
    for how in ("engine", "session"):
        opened = (YatsuhashiTable(session=load_current()[0]) if how == "session" else
                  YatsuhashiTable(setup=t.setup, engine=Game.from_dict(t.game.to_dict())))
        app.push(opened)
        app.frame(0.0)
        assert ({c: (s.pos, s.size, s.face_up) for c, s in opened.sprites.items()},
                list(opened.log.lines)) == left
        app.stack.remove(opened)


def test_undo_after_continue_takes_back_the_automatic_collection_with_the_move(app):
    """With auto-collect on, a table opened from the engine or the save (Continue) knows
    which collections the table made itself: Ctrl+Z takes back the move with its automatic
    collection and Ctrl+Y makes both again, as live; and after an undo, Continue redoes both."""
    from game.session import load_current
    t = make_table(app, seed=3, auto_collect=True)
    for move in solver_line(t):
        mouse_move(app, t, move)
        if any(t.auto):
            break
    assert t.auto[-2:] == [False, True] and t.game.moves[-1].kind == "collect"

    def undo_redo(table):
        made = []
        for mod, k in ((pygame.KMOD_CTRL, pygame.K_z), (pygame.KMOD_CTRL, pygame.K_y)):
            key(app, k, mod)
            settle(app, table)
            made.append([str(m) for m in table.game.moves])
        return made
    everything = [str(m) for m in t.game.moves]
    live = undo_redo(t)
    assert live == [everything[:-2], everything]
    app.stack.remove(t)
    for how in ("engine", "session"):
        opened = (YatsuhashiTable(session=load_current()[0]) if how == "session" else
                  YatsuhashiTable(setup=t.setup, engine=Game.from_dict(t.game.to_dict())))
        app.push(opened)
        settle(app, opened)
        assert undo_redo(opened) == live, how
        app.stack.remove(opened)
    undone = YatsuhashiTable(session=load_current()[0])
    app.push(undone)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    settle(app, undone)
    app.stack.remove(undone)
    again = YatsuhashiTable(session=load_current()[0])
    app.push(again)
    settle(app, again)
    assert [str(m) for m in again.game.moves] == everything[:-2]
    key(app, pygame.K_y, pygame.KMOD_CTRL)
    settle(app, again)
    assert [str(m) for m in again.game.moves] == everything


def test_the_clock_ticking_paints_its_row_of_the_panel_not_the_panel(app):
    """The panel is kept piece by piece: a second of the clock paints the Time row again,
    nothing else of the table."""
    t = make_table(app)
    click(app, t.layout_.stock.center)  # a move (the stock turned): the clock runs
    settle(app, t)
    wait_verdict(app, t)
    t.warmer.finish()
    for _ in range(90):  # the board's faint faces, rendered a few a frame, all shown
        app.frame(DT)
    time_row = next(rect for key_, rect, _paint in t.drawing._panel_pieces() if key_[0] == "Time")
    painted = []
    for _ in range(40):  # more than a second
        app.frame(DT)
        if t.drawing.painted:
            painted.append([tuple(r) for r in t.drawing.painted])
    assert painted  # the clock's second was painted ...
    for boxes in painted:  # ... and no more than its row
        assert all(time_row.contains(pygame.Rect(b)) for b in boxes), (boxes, time_row)


def test_every_piece_of_the_panel_lies_round_the_panel(app):
    """A box of the table painted again away from the panel does not place its pieces
    (``_draw_panel``): that holds only if every piece, with its overhang, is near it."""
    t = make_table(app, seed=5)
    for size in ((1280, 800), (960, 600), (1920, 1080), (2560, 1080)):
        app.resize(size)
        grow = t.metrics.px(48)
        bound = t.layout_.panel.inflate(grow, grow)
        pieces = t.drawing._panel_pieces()
        assert pieces and all(bound.contains(rect) for _key, rect, _paint in pieces), size


@pytest.mark.parametrize("language", ["en", "ja", "ru"])
@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_the_panel_s_buttons_of_one_width_have_captions_of_one_size(language, size):
    """The half-width buttons (Undo, Redo, Hint, Show me) caption at one size, and the
    full-width ones at one size, whichever words shrink to fit (Russian at 150%: "Отменить"
    came smaller than "Вернуть"); also once Show me's words change."""
    from game import i18n, theme
    from tests.test_layout import laid_out
    try:
        t, _surface = laid_out(lambda app: YatsuhashiTable(setup=default_setup("yatsuhashi", 3)),
                               size, 1.5, language)
        b = t.buttons
        for _ in range(2):
            assert len({b[n]._title_size() for n in ("undo", "redo", "hint", "show")}) == 1
            assert len({b[n]._title_size() for n in ("restart", "number", "new")}) == 1
            t.demo = "waiting"  # (Show me's caption becomes "Take over")
            t._sync_buttons()
        assert b["show"].text == i18n._("Take over")
    finally:
        i18n.set_language("en")
        theme.set_display(1.0, False)
