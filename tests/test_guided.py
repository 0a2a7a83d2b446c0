"""The guided first games, driven from the setup screen like a player: the guide's messages
in order, only the asked move accepted, Esc or Leave guide back to the setup at any step, the
first-time offer once, nothing saved for Continue nor counted in the statistics."""

from __future__ import annotations

import pygame
import pytest

from game.scenes.setup import SetupScene
from game.table.scheduler import Scheduler
from game.table.dialogs import ChoicePanel, ResultPage
from tests.helpers import click, drag, key, next_frame, raise_scene_errors, run_until, texts

DT = 1 / 30


@pytest.fixture(autouse=True)
def _strict(monkeypatch):
    raise_scene_errors(monkeypatch)
    from ai.background import ThreadWorker
    monkeypatch.setattr(Scheduler, "worker_factory", ThreadWorker)  # (no child process)


def open_setup(app, game_id):
    app.settings.animation_speed = "fast"
    setup = SetupScene(game_id)
    app.push(setup)
    app.frame(DT)
    return setup


def open_guided(app, game_id):
    setup = open_setup(app, game_id)
    click(app, setup.guide_button.rect.center)
    app.frame(DT)
    table = app.stack.top
    assert table.guide is not None
    return table


def guide_waits(app, table):
    """Frames until the guide or the table wants the player (or the game is left)."""
    def ready():
        top = app.stack.top
        if top is not table:
            return True
        g = table.guide
        return g.holding or (table.guide_hooks.turn() and not table.animating)
    run_until(app, ready)


def act(app, table, move: int):
    """Make the asked move through the table's input: drag a hand card onto the card it
    captures, click a hand card, or click the card a drawn card is to take (a climbing
    table: select the cards and press Play, or press Pass)."""
    action = table.guide.expected_action()
    assert action is not None, table.guide.expected
    if table.game_id == "heart_of_five":
        climb(app, table, action, move)
        return
    if table.game_id == "yatsuhashi":
        solitaire(app, table, action)
        return
    sprites = table.sprites
    if action.kind == "take":
        click(app, sprites[action.target].rect.center)
        return
    target = table.guide_hooks.target(action)
    if target is not None and move % 2 == 0:
        drag(app, sprites[action.card].rect.center, sprites[target].rect.center)
    else:
        click(app, sprites[action.card].rect.center)
        if table.choosing is not None:  # two cards of its month: the player picks one
            click(app, sprites[target].rect.center)


def climb(app, table, action, move: int):
    """Heart of Five: what the guide points at, one at a time (a card to select, then the
    Play or Pass button); odd moves drag across the cards instead of clicking each."""
    cards = table.guide_hooks.cards(action)
    if move % 2 and len(cards) > 1:
        first, last = (table.sprites[c].rect for c in (cards[0], cards[-1]))
        drag(app, (first.x + 4, first.y + 4), (last.right - 4, first.y + 8))
        app.frame(DT)
    for _i in range(20):
        rect = table.guide.pointing[0] if table.guide.pointing else None
        assert rect is not None, table.guide.key
        click(app, rect.center)
        app.frame(DT)
        if str(action) in map(str, table.game.actions):
            return
    raise AssertionError(f"{action} never played")


def solitaire(app, table, action):
    """Yatsuhashi: the stock clicked, a card dragged onto its foundation, or clicked (a
    collection: its cards clicked until it is made)."""
    moves = len(table.game.moves)
    lay = table.layout_
    if action.kind in ("turn", "recycle"):
        click(app, lay.stock.center)
    elif action.kind == "move":
        card = action.card if action.card is not None else table.game.waste[-1]
        f = table.game.foundations[action.to]
        to = table.sprites[f[-1]].rect.center if f else table.input.column_rect(action.to).center
        grab = table.sprites[card].rect
        drag(app, (grab.centerx, grab.y + 6), to)  # (its top: cards above cover the rest)
    else:
        for c in action.cards:
            if len(table.game.moves) != moves:
                break
            click(app, table.sprites[c].rect.center)
            app.frame(DT)
    app.frame(DT)
    assert len(table.game.moves) > moves, (action, table.notice)


def free_move(app, table):
    """After the opening: the move the guide points at (Yatsuhashi), else the first legal."""
    if table.game_id == "yatsuhashi":
        solitaire(app, table, table.guide_hooks.suggestion())
    elif table.game_id == "heart_of_five":
        table.apply_action(table.game.legal_actions()[0], human=True)
    else:
        table.input.human_action(table.game.legal_actions()[0])


def follow(app, table, until=None, limit=800):
    """Follow the guide to its end (or to the message ``until``, the table on top): Next
    (alternately the button and Enter), the asked move, the choice panel's asked button, the
    result pages' buttons. Returns the guide."""
    guide = table.guide
    presses = 0
    for _step in range(limit):
        guide_waits(app, table)
        top = app.stack.top
        if isinstance(top, SetupScene) or (guide.key == until and top is table):
            return guide
        if isinstance(top, ChoicePanel):
            word = guide.expected
            labels = {"stop": "Stop", "koikoi": "Koi-koi!"}
            b = next(w for w in top.widgets if getattr(w, "text", "") == labels[word])
            click(app, b.rect.center)
        elif isinstance(top, ResultPage):
            click(app, top.widgets[-1].rect.center)
        elif guide.holding:
            if presses % 2:
                key(app, pygame.K_RETURN)
            else:
                click(app, guide.next_button.rect.center)
            presses += 1
        elif guide.expected is not None:
            act(app, table, guide.step)
        else:
            free_move(app, table)
        next_frame(app, DT)
    raise AssertionError(f"the guide never ended: {guide.said}")


#: Each game's messages in order, as the guide's keys (``Guide.said``).
EXPECTED = {
    "koikoi": ["intro 0", "intro 1", "move 0", "lesson capture", "lesson drawn", "move 1",
               "lesson their_turn", "lesson to_field", "move 2", "move 3", "move 4",
               "lesson yaku", "move 5", "end"],
    "hanaawase": ["intro 0", "intro 1", "lesson teyaku", "move 0", "lesson capture",
                  "lesson drawn", "lesson to_field", "lesson their_turn", "move 1",
                  "lesson steal", "move 2", "free", "lesson their_steal", "lesson dekiyaku",
                  "end"],
    "hearts600": ["intro 0", "intro 1", "move 0", "lesson avoid", "lesson drawn", "move 1",
                  "lesson capture", "lesson their_turn", "move 2", "lesson their_capture",
                  "free", "lesson yaku", "end"],
    "heart_of_five": ["intro 0", "intro 1", "lesson lead", "move 0", "lesson led",
                      "lesson their_pass", "lesson their_beat", "move 1", "lesson pass",
                      "lesson new_lead", "move 2", "lesson follow", "move 3", "move 4",
                      "move 5", "lesson bomb", "free", "lesson their_out", "lesson out",
                      "end"],
    "yatsuhashi": ["intro 0", "intro 1", "move 0", "lesson move", "lesson flip", "move 1",
                   "lesson stock", "move 2", "lesson collect", "move 3", "free", "lesson run",
                   "lesson recycle", "lesson waste", "lesson bridge", "end"],
}


@pytest.mark.parametrize("game_id", list(EXPECTED))
def test_a_guided_game_played_to_its_end(app, game_id):
    from game.session import load_current
    table = open_guided(app, game_id)
    assert table.session is None  # never saved: Continue keeps what it had
    guide = follow(app, table)
    assert guide.said == EXPECTED[game_id]
    assert guide.step == guide.script.move_count
    assert isinstance(app.stack.top, SetupScene) and app.stack.top.info.id == game_id
    assert load_current()[0] is None
    assert app.stats.summary(game_id).played == 0  # not counted


@pytest.mark.parametrize("game_id", list(EXPECTED))
def test_leaving_at_any_step_goes_back_to_the_setup(app, game_id):
    """Esc, or the Leave guide button, at a message of each kind shown over the table (an
    introduction, a move asked for, a lesson, free play) and at the last before the end.
    (It once left at every message, each from a fresh start: a minute of the suite.)"""
    said = EXPECTED[game_id][:-1]
    firsts = {next(i for i, k in enumerate(said) if k.startswith(kind))
              for kind in ("intro", "move", "lesson", "free") if any(
                  k.startswith(kind) for k in said)}
    for n, i in enumerate(sorted(firsts | {len(said) - 1})):
        key_name = said[i]
        table = open_guided(app, game_id)
        follow(app, table, until=key_name)
        if app.stack.top is not table:
            continue  # (a choice of words over the table is answered first)
        if n % 2:
            key(app, pygame.K_ESCAPE)
        else:
            click(app, table.guide.leave_button.rect.center)
        app.frame(DT)
        top = app.stack.top
        assert isinstance(top, SetupScene) and top.info.id == game_id, (key_name, top)
        assert table.computers is None or table.ai.worker is None  # stopped
        app.stack.pop()


def test_only_the_asked_move_is_taken_in_the_opening(app):
    table = open_guided(app, "koikoi")
    follow(app, table, until="move 0")
    asked = table.guide.expected_action()
    other = next(c for c in table.game.hands[0] if c is not asked.card)
    click(app, table.sprites[other].rect.center)
    app.frame(DT)
    assert table.game.actions == [] and "guide" in table.notice
    guide_waits(app, table)
    act(app, table, 1)
    assert [str(a) for a in table.game.actions] == [str(asked)]


def test_the_first_time_offer_appears_once(app):
    setup = open_setup(app, "koikoi")
    assert "Play the guided game" in texts(setup)
    assert app.settings.guides_offered == ["koikoi"]
    app.stack.pop()
    again = open_setup(app, "koikoi")
    assert "Play the guided game" not in texts(again) and "Guided game" in texts(again)


def test_no_thanks_puts_the_offer_away_and_yes_opens_the_guide(app):
    setup = open_setup(app, "koikoi")
    click(app, next(w for w in setup.widgets if getattr(w, "text", "") == "No, thanks"
                    ).rect.center)
    app.frame(DT)
    assert "Play the guided game" not in texts(setup)
    app.settings.guides_offered.clear()
    app.stack.pop()
    setup = open_setup(app, "koikoi")
    click(app, next(w for w in setup.widgets if getattr(w, "text", "") ==
                    "Play the guided game").rect.center)
    app.frame(DT)
    assert app.stack.top.guide is not None


def test_a_guided_game_is_not_counted_nor_saved(app):
    """A guided table records no result (even were its match to end) and starts no save."""
    from game.session import load_current
    table = open_guided(app, "hearts600")
    table.record_result("win", level="easy")
    table.record_statistics()
    assert app.stats.summary("hearts600").played == 0
    assert table.session is None and load_current()[0] is None


def test_heart_of_five_takes_only_the_asked_meld_and_points_at_play(app):
    """Another meld is refused in the opening; the guide rings the cards to select, then the
    Play button once they are selected."""
    table = open_guided(app, "heart_of_five")
    follow(app, table, until="move 0")
    asked = table.guide.expected_action()
    cards = table.guide_hooks.cards(asked)
    assert table.guide.pointing == [table.sprites[c].rect for c in cards]
    other = next(c for c in table.view.hands[0] if c not in cards)
    click(app, table.sprites[other].rect.center)
    app.frame(DT)
    click(app, table.play_button.rect.center)
    app.frame(DT)
    assert table.game.actions == [] and "guide" in table.notice
    right_click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(5, 5))
    table.handle_event(right_click)  # (clears the selection)
    for c in cards:
        click(app, table.sprites[c].rect.center)
        app.frame(DT)
    assert table.guide.pointing == [table.play_button.rect]
    click(app, table.play_button.rect.center)
    app.frame(DT)
    assert [str(a) for a in table.game.actions] == [str(asked)]


def test_yatsuhashi_takes_only_the_asked_move_then_points_at_the_winning_line(app):
    table = open_guided(app, "yatsuhashi")
    follow(app, table, until="move 0")
    assert table.guide.pointing  # the card to move and the card it goes onto
    click(app, table.layout_.stock.center)  # (the stock: not the move asked)
    app.frame(DT)
    assert table.game.moves == [] and "guide" in table.notice
    assert not table.buttons["new"].enabled and not table.buttons["restart"].enabled
    table.deals.ask_new_deal()  # (F2) the guided game keeps its deal
    assert table.deal_number == 21 and "Leave guide" in table.notice
    follow(app, table, until="free")
    line = table.guide_hooks.line
    assert [str(m) for m in table.game.moves] == line[:4]
    assert str(table.guide_hooks.suggestion()) == line[4]
    assert table.guide.pointing == table.guide_hooks.rects(table.guide_hooks.suggestion())
