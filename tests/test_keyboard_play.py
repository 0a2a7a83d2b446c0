"""Every game played by keyboard alone, from the menu: the setup, the table's decisions of
each kind (a card played, a choice between two captures, koi-koi or stop, several cards
selected and played, a pass, cards moved between piles), result pages, and back to the menu
through the pause menu. Each step sends KEYDOWN/KEYUP events only, and before each key the
focus must be visible: a focused widget or card, and its ring's pixels on the screen.

The driver reads the game's state to decide which keys to press (as a player reads the
table), never touches it.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pygame
import pytest

from game import setups, theme
from game.widgets.scene import WidgetScene
from game.scenes.menu import MenuScene
from game.scenes.pause import PauseMenu
from game.scenes.setup import SetupScene
from game.table.base import CardTable
from game.table.dialogs import ChoicePanel, ResultPage
from tests.helpers import key, next_frame

DT = 1 / 30


def ring_around(surface: pygame.Surface, rect: pygame.Rect, reach: int) -> int:
    """How many sides of ``rect`` have a pixel of the focus ring's colour within ``reach``
    pixels outside (or on) the edge, at the side's middle or a quarter of it from either end
    (a yaku's tooltip may lie over the middle of its row)."""
    w, h = surface.get_size()
    xs = [rect.x + rect.width * k // 4 for k in (1, 2, 3)]
    ys = [rect.y + rect.height * k // 4 for k in (1, 2, 3)]
    probes = [[(x, rect.top - d) for x in xs for d in range(-2, reach)],
              [(x, rect.bottom - 1 + d) for x in xs for d in range(-2, reach)],
              [(rect.left - d, y) for y in ys for d in range(-2, reach)],
              [(rect.right - 1 + d, y) for y in ys for d in range(-2, reach)]]
    ring = pygame.Color(*theme.FOCUS_RING)
    return sum(any(0 <= x < w and 0 <= y < h and surface.get_at((x, y)) == ring
                   for x, y in side) for side in probes)


class Driver:
    """Plays the top scene with keys; ``counts`` the decisions made, by kind."""

    def __init__(self, app: Any, game_title: str) -> None:
        self.app, self.title = app, game_title
        self.counts: Counter[str] = Counter()
        self.koi_next = True

    # Keys, each after the focus was seen ---------------------------------------------------------
    def press(self, k: int, mod: int = 0) -> None:
        key(self.app, k, mod)
        next_frame(self.app, DT)

    def assert_widget_focus(self, scene: WidgetScene) -> Any:
        focused = scene.focus.focused
        assert focused is not None and focused.focused and focused.visible, scene.name
        next_frame(self.app, DT)
        assert ring_around(self.app.screen, focused.rect, scene.metrics.px(12)) >= 3, (
            f"no focus ring round {getattr(focused, 'text', focused)!r} on {scene.name}")
        return focused

    def assert_table_focus(self, table: CardTable) -> pygame.Rect:
        rect = table.focus_rect()
        assert rect is not None, f"{table.name}: no keyboard focus shown"
        table.frame_kept = False
        next_frame(self.app, DT)
        assert ring_around(self.app.screen, rect, table.drawing._ring_width() * 4) >= 3, (
            f"{table.name}: the focus ring is not drawn")
        return rect

    def focus_widget(self, scene: WidgetScene, wanted: Any) -> None:
        """Tab until ``wanted`` has the focus (the ring seen at every step), then Enter."""
        for _ in range(len(scene.focus.widgets) + 1):
            if self.assert_widget_focus(scene) is wanted:
                break
            self.press(pygame.K_TAB)
        assert scene.focus.focused is wanted
        self.press(pygame.K_RETURN)

    # One step ---------------------------------------------------------------------------------
    def step(self) -> None:
        top = self.app.stack.top
        if isinstance(top, MenuScene):
            if self.counts["menu"]:
                self.counts["back to menu"] += 1
                return
            self.counts["menu"] += 1
            wanted = next(b for b in top.game_buttons if b.text == self.title)
            self.focus_widget(top, wanted)
        elif isinstance(top, SetupScene):
            self.counts["setup"] += 1
            self.focus_widget(top, top.start_button)
        elif isinstance(top, ChoicePanel):
            self.choose(top)
        elif isinstance(top, ResultPage):
            self.counts["result"] += 1
            self.focus_widget(top, top.buttons[0])  # (the yaku rows before it take Tab too)
        elif isinstance(top, PauseMenu):
            quit_ = next(w for w in top.focus.widgets if getattr(w, "text", "") == "Quit to menu")
            self.focus_widget(top, quit_)
        elif isinstance(top, WidgetScene):  # a dialog: its first button
            self.counts[f"dialog {top.name}"] += 1
            self.focus_widget(top, top.focus.widgets[0])
        elif isinstance(top, CardTable):
            if top.animating or not self.table_turn(top):
                next_frame(self.app, DT)
        else:  # pragma: no cover - a scene the driver does not know
            raise AssertionError(f"unexpected scene {top!r}")

    def choose(self, panel: ChoicePanel) -> None:
        texts = [getattr(w, "text", "") for w in panel.focus.widgets]
        if "Koi-koi!" in texts and "Stop" in texts:
            word = "Koi-koi!" if self.koi_next else "Stop"
            self.koi_next = not self.koi_next
            self.counts["koi-koi" if self.koi_next is False else "stop"] += 1
        else:
            word = texts[0]
            self.counts[f"choice {word}"] += 1
        self.focus_widget(panel, panel.focus.widgets[texts.index(word)])

    def table_turn(self, table: CardTable) -> bool:
        """Act at the table when it waits for the player; False when it does not."""
        raise NotImplementedError

    #: The key that moves the focus along a row at the table.
    STEP = pygame.K_RIGHT

    def walk_to(self, table: CardTable, target: Any, at: Any) -> None:
        """``STEP`` until ``at()`` is ``target`` (the ring seen at every step)."""
        for _ in range(60):
            self.press(self.STEP)
            self.assert_table_focus(table)
            if at() == target:
                return
        raise AssertionError(f"the arrows never reached {target}")

    def run(self, enough: dict[str, int], limit: int = 6000) -> Counter[str]:
        """Steps until every count in ``enough`` is reached, then Esc, Quit to menu."""
        for _ in range(limit):
            if all(self.counts[k] >= n for k, n in enough.items()):
                break
            self.step()
        else:
            raise AssertionError(f"not reached: {enough} (made {dict(self.counts)})")
        while not isinstance(self.app.stack.top, CardTable):
            self.step()
        for _ in range(3):  # (Esc first puts back a card held or a capture being chosen)
            if not isinstance(self.app.stack.top, CardTable):
                break
            self.press(pygame.K_ESCAPE)
        for _ in range(10):
            if isinstance(self.app.stack.top, MenuScene):
                break
            self.step()
        assert isinstance(self.app.stack.top, MenuScene)
        return self.counts


class FishingDriver(Driver):
    """Koi-Koi, Hana-awase, 600 Hearts: a hand card that captures two is played first; the
    focus moves with Tab."""

    STEP = pygame.K_TAB

    def table_turn(self, table: Any) -> bool:
        rows = table.input.focus_rows()
        if not rows or not table.human_to_move:
            return False
        g = table.game
        if g.phase == "take" or table.choosing is not None:
            target = rows[0][-1]
            self.counts["choose between two"] += 1
        else:
            hand = rows[0]
            playable = [c for c in hand if table.input.actions_for(c)]
            two = [c for c in playable
                   if len([a for a in table.input.actions_for(c) if not a.lay]) > 1]
            target = (two or playable)[0]
            self.counts["play"] += 1
        actions = len(g.actions)
        self.walk_to(table, target, lambda: table.input.focus)
        self.press(pygame.K_RETURN)
        assert len(g.actions) > actions or table.choosing is not None
        return True


class ClimbingDriver(Driver):
    """Heart of Five: the largest legal meld selected card by card with Space, played with
    Enter; every third turn that may pass, P."""

    def table_turn(self, table: Any) -> bool:
        if not (table.human_to_move and table.input.is_viewer_human()):
            return False
        g = table.game
        legal = g.legal_actions()
        actions = len(g.actions)
        plays = [a for a in legal if a.kind == "play"]
        if legal[-1].kind == "pass" and (self.counts["turn"] % 3 == 2 or not plays):
            self.counts["turn"] += 1
            self.press(pygame.K_RIGHT)
            self.assert_table_focus(table)
            self.press(pygame.K_p)
            self.counts["pass"] += 1
            assert len(g.actions) > actions
            return True
        self.counts["turn"] += 1
        meld = max(plays, key=lambda a: len(a.cards))
        wanted = list(meld.cards)
        for copy in table.input.my_hand():
            if copy.card in wanted:
                wanted.remove(copy.card)
                self.walk_to(table, copy, lambda: table.input.focus)
                self.press(pygame.K_SPACE)
                assert copy in table.selected
        self.counts["several selected" if len(meld.cards) > 1 else "one selected"] += 1
        self.press(pygame.K_RETURN)
        self.counts["play"] += 1
        assert len(g.actions) > actions
        return True


class YatsuhashiDriver(Driver):
    """Yatsuhashi: the solver's winning line, move by move: the stock turned with Space, a
    card moved between piles with Enter, arrows, Enter, a yaku collected with Space on its
    cards (a collection the table does not make by itself)."""

    line: list[Any] = []

    def table_turn(self, table: Any) -> bool:
        from ai.yatsuhashi import SOLVER_NODES
        from ai.yatsuhashi_solver import solve
        if not table.input.accepting or table.queue.busy or table.game.is_won:
            return False
        g = table.game
        if not self.line or self.line[0] not in g.legal_moves():
            solution = solve(g, SOLVER_NODES)
            assert solution.winnable, "the deal dealt is winnable"
            self.line = list(solution.moves)
        m = self.line.pop(0)
        moves = len(g.moves)
        def focus_at() -> tuple[int, Any]:
            return table.focus_pile, table.input.focused_card()
        reach = self.reachable(table)
        if m.kind in ("turn", "recycle"):
            self.walk_to(table, (0, g.stock[0] if g.stock else None), focus_at)
            self.press(pygame.K_SPACE)
            self.counts["stock"] += 1
        elif m.kind == "collect":
            for card in m.cards:
                if len(g.moves) > moves:
                    break
                self.walk_to(table, (reach[card], card), focus_at)
                self.press(pygame.K_SPACE)
            self.counts["collect"] += 1
        else:
            card = m.card if m.card is not None else g.waste[-1]
            self.walk_to(table, (reach[card], card), focus_at)
            self.press(pygame.K_RETURN)
            assert table.held, table.notice
            self.walk_to(table, m.to + 2, lambda: table.focus_pile)
            self.press(pygame.K_RETURN)
            self.counts["from the waste" if m.card is None else "between piles"] += 1
        assert len(g.moves) > moves and g.moves[moves] == m, (m, table.notice)
        return True

    @staticmethod
    def reachable(table: Any) -> dict[Any, int]:
        """The cards the arrows reach (face-up foundation cards, the waste's top) and their
        pile."""
        g = table.game
        out = {g.waste[-1]: 1} if g.waste else {}
        for i, f in enumerate(g.foundations):
            for c in f[g.face_down[i]:]:
                out[c] = i + 2
        return out

    def walk_to(self, table: Any, target: Any, at: Any) -> None:
        if isinstance(target, tuple) and target[0] >= 2:  # a card deep in a foundation
            super().walk_to(table, target[0], lambda: table.focus_pile)
            for _ in range(20):
                if at() == target:
                    return
                self.press(pygame.K_UP)
                self.assert_table_focus(table)
            raise AssertionError(f"the arrows never reached {target}")
        if isinstance(target, tuple):
            if at() == target and table.input.keyboard:
                self.assert_table_focus(table)
                return
            super().walk_to(table, target[0], lambda: table.focus_pile)
            return
        super().walk_to(table, target, at)


DEAL_SEED = 3  # (through random.Random: the deal number the setup offers)
CASES = {
    "Koi-Koi": (FishingDriver, {"play": 12, "choose between two": 1, "koi-koi": 1,
                                "stop": 1, "result": 2}),
    "Hana-awase": (FishingDriver, {"play": 10, "choose between two": 1, "result": 1}),
    "600 Hearts": (FishingDriver, {"play": 10, "choose between two": 1, "result": 1}),
    "Heart of Five": (ClimbingDriver, {"play": 6, "several selected": 2, "pass": 2}),
    "Yatsuhashi Solitaire": (YatsuhashiDriver, {"collect": 2, "between piles": 2,
                                                "stock": 4}),
}


@pytest.mark.parametrize("title", list(CASES))
def test_each_game_is_played_by_keys_alone_with_the_focus_in_view(app, title, monkeypatch):
    driver_class, enough = CASES[title]
    # The setup's deal number, random for a player, fixed here: the same deal every run.
    monkeypatch.setattr(setups.random, "SystemRandom", lambda: random.Random(DEAL_SEED))
    counts = driver_class(app, title).run(enough)
    assert counts["menu"] == 1 and counts["setup"] >= 1
