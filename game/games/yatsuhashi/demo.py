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
from game.table.input import is_press
from rules.yatsuhashi import parse_move

if TYPE_CHECKING:  # pragma: no cover
    pass

log = logging.getLogger(__name__)

#: Seconds from one move of a demo to the next at normal animation speed.
DEMO_PACE = 0.7


def demo_pace(factor: float) -> float:
    """Seconds between two moves of a demo at animation speed ``factor`` (animations off:
    half the normal pace, still a pace one can follow)."""
    return round(DEMO_PACE * (factor or 0.5), 3)


class ShowMe:
    """The "Show me" half of ``YatsuhashiTable``."""

    def __init__(self, table: Any) -> None:
        self.table = table

    def toggle(self) -> None:
        """Start the demo from the position as it stands (the button and S), or stop it."""
        t = self.table
        if t.demo is not None:
            self.stop()
            return
        if t.finding is not None or t.game.is_won or t.guide is not None:
            return  # (a guided game: the guide shows the way)
        t.settle_now()
        known = t.verdicts.get(t.solver.key())
        if known is None and t.solver_lost:
            t.refuse(_("The solver is unavailable: it cannot show a line."))
            return
        if known is not None and not known[0]:
            t.refuse(_("No winning line from here: undo a few moves?") if known[0] is False
                        else _("The solver found no winning line from here in time."))
            return
        t.play("click")
        t.demo = "playing" if known is not None else "waiting"
        t.demo_clock = demo_pace(t.queue.speed)  # the first move at once
        t.solver.ask()

    def stop(self) -> None:
        """The game is the player's again (the move shown last finishes first)."""
        t = self.table
        if t.demo is None:
            return
        t.demo = None
        t.settle_now()

    def intercept(self, event: pygame.event.Event) -> bool:
        """Input during a demo: a press stops it and does nothing else. True: used."""
        t = self.table
        if t.demo is None:
            return False
        if is_press(event):  # (the kit's: a modifier alone is no press)
            self.stop()
            t._sync_buttons()
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def update(self, dt: float) -> None:
        """The demo's next move when its time has come and the last one has been shown."""
        t = self.table
        if t.demo is None:
            return
        if t.game.is_won or t.finding is not None:
            t.demo = None
            return
        t.demo_clock += dt
        known = t.verdicts.get(t.solver.key())
        if known is None:
            if t.solver_lost:
                t.demo = None
                t.refuse(_("The solver is unavailable: it cannot show a line."))
            else:
                t.demo = "waiting"
                t.solver.ask()
            return
        if not known[0] or not known[1]:  # (a winnable line never runs out before the win)
            t.demo = None
            t.refuse(_("No winning line from here: undo a few moves?"))
            return
        t.demo = "playing"
        if t.queue.busy or t.demo_clock + 1e-9 < demo_pace(t.queue.speed):
            return
        move = parse_move(known[1][0])
        if move not in t.game.legal_moves():
            log.error("the solver's line is not legal here: %s", move)
            t.demo = None
            return
        t.demo_clock = 0.0
        self.mark_shown()
        t.play_move(move)

    def mark_shown(self) -> None:
        """The solver plays in this deal: it is not the player's win (see the module)."""
        t = self.table
        if t.shown_deal:
            return
        t.shown_deal = True
        if not t.recorded and t.started and t.app is not None:
            t.app.stats.abandon(t.game_id)
            try:
                t.app.stats.save()
            except OSError:
                log.exception("could not save statistics")
        t.recorded = True
        if t.session is not None:
            t.session.mark_shown()

    def status(self) -> str:
        """The message line during a demo."""
        if self.table.demo == "waiting":
            return _("Show me: the solver is thinking…")
        return _("Showing the solver's line · click or press any key to take over")
