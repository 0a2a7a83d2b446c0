"""The screens a table shows over itself and waits on (a part of ``CardTable``,
``game.table.base``): a modal page holding the animation queue until the player closes it
(``wait_for_scene``; a page between rounds goes on by itself at a watched table), the
hand-over between players at one screen, and the game log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.table.dialogs import HandOver, LogScene
from sprites import barrier


class TableModals:
    """The modal screens of ``CardTable`` (see the module docstring); the table gives
    ``app``, ``host``, ``seating``, ``log``, ``replaying``, ``watching``, ``WATCH_PAGE``,
    ``play`` and ``snap``, and keeps the screen it waits on in ``waiting_for``."""

    app: Any
    host: Any
    seating: Any
    log: Any
    replaying: bool
    watching: bool
    WATCH_PAGE: float
    waiting_for: Any
    play: Callable[[str], None]
    snap: Callable[[], None]

    def wait_for_scene(self, scene: Any) -> Any:
        """Show a modal screen; the returned step holds the animation queue (and a skip)
        until the player closes it. A replay shows no screen (the player saw it)."""
        if self.replaying:
            return None
        self.waiting_for = scene
        if self.app is not None:
            self.app.push(scene)
        else:
            scene.done = True  # no app (benchmarks, tools): nothing to wait for
        return barrier(lambda: getattr(scene, "done", False))

    def wait_for_round_page(self, page: Any) -> Any:
        """``wait_for_scene`` for a page between rounds: at a watched table it goes on by
        itself after ``WATCH_PAGE`` seconds (the watcher may press on sooner)."""
        if self.watching:
            page.auto_next = self.WATCH_PAGE
        return self.wait_for_scene(page)

    def hand_over(self, seat: int, ready: Callable[[], None]) -> None:
        """Players at one screen: hide the table until ``seat``'s player is ready."""
        def go() -> None:
            ready()
            self.snap()
        self.waiting_for = HandOver(self.seating.name(seat), go)
        if self.app is not None:
            self.app.push(self.waiting_for)

    def show_log(self) -> None:
        self.play("click")
        self.host.push(LogScene(list(self.log.lines)))
