"""Yatsuhashi's "Show me": the solver plays the deal on from where it stands, to the win, at a
pace a player can watch (PySolFC's demo mode, with a line that wins).

``ShowMe`` holds these methods of ``YatsuhashiTable`` (``game.games.yatsuhashi.table``). It plays
the winning line the background solver found for the position (``SolverView``'s verdicts: no
search on the frame loop), one move every ``DEMO_PACE`` seconds (scaled by the animation
speed), each through ``play_move`` as a player's move is made: logged, saved, animated,
undoable. While the solver is still deciding the position, the table says so and the demo
starts when the line arrives; a position that cannot be won is refused with a notice. Any
click or key stops the demo once the move shown has finished, and the game is the player's
again.

A deal the solver played in is *shown*: it is not the player's win. The first move shown
counts the deal abandoned in the statistics when the player had moved in it (as starting a
new deal over it would: not played, not lost, a run of wins ends), and nothing more is
recorded for it, whatever happens next; the save remembers it (``Session.shown``), so Continue
does too.

>>> demo_pace(1.0), demo_pace(0.5), demo_pace(0.0)
(0.7, 0.35, 0.35)
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import _
from game.table.base import CardTable
from game.table.input import is_press
from rules.yatsuhashi import Game, Move, parse_move

if TYPE_CHECKING:  # pragma: no cover
    from game.games.yatsuhashi.input import SolitaireInput

log = logging.getLogger(__name__)

#: Seconds from one move of a demo to the next at normal animation speed.
DEMO_PACE = 0.7


def demo_pace(factor: float) -> float:
    """Seconds between two moves of a demo at animation speed ``factor`` (animations off:
    half the normal pace, still a pace one can follow)."""
    return round(DEMO_PACE * (factor or 0.5), 3)


class ShowMe(CardTable):
    """The "Show me" half of ``YatsuhashiTable``."""

    if TYPE_CHECKING:  # what it reads of the table (game.games.yatsuhashi.table)
        input: SolitaireInput
        game: Game
        finding: dict[str, Any] | None
        verdicts: dict[tuple, tuple[bool | None, list[str]]]
        solver_lost: bool
        started: bool

        def play_move(self, move: Move, *, auto: bool = False, human: bool = False) -> None: ...

        def _key(self) -> tuple: ...

        def _ask_solver(self) -> None: ...

        def _sync_buttons(self) -> None: ...

    #: The demo: None (off), "waiting" (for the solver's line) or "playing".
    demo: str | None = None
    #: Seconds since the demo's last move.
    demo_clock = 0.0
    #: The solver played in this deal (it is not the player's win).
    shown_deal = False

    def show_me(self) -> None:
        """Start the demo from the position as it stands (the button and S), or stop it."""
        if self.demo is not None:
            self.stop_demo()
            return
        if self.finding is not None or self.game.is_won or self.guide is not None:
            return  # (a guided game: the guide shows the way)
        self.settle_now()
        known = self.verdicts.get(self._key())
        if known is None and self.solver_lost:
            self.refuse(_("The solver is unavailable: it cannot show a line."))
            return
        if known is not None and not known[0]:
            self.refuse(_("No winning line from here: undo a few moves?") if known[0] is False
                        else _("The solver found no winning line from here in time."))
            return
        self.play("click")
        self.demo = "playing" if known is not None else "waiting"
        self.demo_clock = demo_pace(self.queue.speed)  # the first move at once
        self._ask_solver()

    def stop_demo(self) -> None:
        """The game is the player's again (the move shown last finishes first)."""
        if self.demo is None:
            return
        self.demo = None
        self.settle_now()

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.demo_input(event):
            super().handle_event(event)

    def demo_input(self, event: pygame.event.Event) -> bool:
        """Input during a demo: a press stops it and does nothing else. True: used."""
        if self.demo is None:
            return False
        if is_press(event):  # (the kit's: a modifier alone is no press)
            self.stop_demo()
            self._sync_buttons()
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def update_demo(self, dt: float) -> None:
        """The demo's next move when its time has come and the last one has been shown."""
        if self.demo is None:
            return
        if self.game.is_won or self.finding is not None:
            self.demo = None
            return
        self.demo_clock += dt
        known = self.verdicts.get(self._key())
        if known is None:
            if self.solver_lost:
                self.demo = None
                self.refuse(_("The solver is unavailable: it cannot show a line."))
            else:
                self.demo = "waiting"
                self._ask_solver()
            return
        if not known[0] or not known[1]:  # (a winnable line never runs out before the win)
            self.demo = None
            self.refuse(_("No winning line from here: undo a few moves?"))
            return
        self.demo = "playing"
        if self.queue.busy or self.demo_clock + 1e-9 < demo_pace(self.queue.speed):
            return
        move = parse_move(known[1][0])
        if move not in self.game.legal_moves():
            log.error("the solver's line is not legal here: %s", move)
            self.demo = None
            return
        self.demo_clock = 0.0
        self._mark_shown()
        self.play_move(move)

    def _mark_shown(self) -> None:
        """The solver plays in this deal: it is not the player's win (see the module)."""
        if self.shown_deal:
            return
        self.shown_deal = True
        if not self.recorded and self.started and self.app is not None:
            self.app.stats.abandon(self.game_id)
            try:
                self.app.stats.save()
            except OSError:
                log.exception("could not save statistics")
        self.recorded = True
        if self.session is not None:
            self.session.mark_shown()

    def demo_status(self) -> str:
        """The message line during a demo."""
        if self.demo == "waiting":
            return _("Show me: the solver is thinking…")
        return _("Showing the solver's line · click or press any key to take over")
