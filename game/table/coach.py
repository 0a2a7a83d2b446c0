"""The coach: what the Hard level would do at a human seat's decision, and how sure it is.

At any decision of a human seat, H (or a table's Hint button) asks ``ai.coach.advise`` for
the seat's observation: Hard's candidates, best first, each with its estimate (the chance of
winning the match; Heart of Five: the worth of the round's end). The search takes the think
time of the settings, so it runs in the table's background worker (``Coach`` asks the table's
``Scheduler``, a child process shared with the computer seats; never on the frame loop), and
the table says "Coach: thinking…" meanwhile. The advice stays until the position changes (any
action, a new deal or match): it is about one engine object at one number of actions
(``Coach.about``).

A game in which the coach was asked once is *coached*: the table marks its session (saved,
so Continue keeps it) and its statistics (``CardTable.record_result``).

H pressed while another seat is to act is not lost: the message line says at once "Coach: the
hint comes on your turn." and the coach is asked when the player's decision comes (as a
polished game keeps a request it cannot answer yet rather than refusing it).

The table's part (``Coaching``, ``table.coaching``) is one piece of code for every kit:
``hint`` (H, Hint), ``update`` each frame, ``line`` for the message line; the table answers
for its picture (``advice_arrived``, ``coach_again``): the fishing
tables badge the cards with the estimates, the climbing table selects the best meld and
lists the melds on its message line. A decision taken in a dialog (Koi-Koi's koi-koi or
stop) uses ``CoachedChoice``, which shows the estimates on its buttons.

>>> from ai.background import ThreadWorker
>>> from game.table.scheduler import Scheduler
>>> from rules.koikoi import KoiKoiGame
>>> game = KoiKoiGame.new(seed=7)
>>> coach = Coach("koikoi", Scheduler(ThreadWorker), iterations=2)
>>> coach.ask(game, seconds=1.0), coach.thinking
(True, True)
>>> coach.wait(30), coach.poll(), coach.about(game), coach.thinking
(True, True, True, False)
>>> coach.best().action in game.legal_actions(), percent(0.624)
(True, '62%')
>>> coach.close()
"""

from __future__ import annotations

import functools
import logging
import math
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import pygame

from ai.hard import DEFAULT_SECONDS
from ai.search import Candidate
from game import draw, theme
from game.fonts import font, text_image
from game.i18n import _
from game.table.dialogs import ChoicePanel
from game.table.scheduler import Scheduler
from game.theme import Metrics
from game.widgets import Button, Widget
from sprites.cache import on_clear_all

log = logging.getLogger(__name__)

__all__ = ["Coach", "CoachedChoice", "Coaching", "badge_image", "badge_rect", "default_summary",
           "percent"]


def percent(score: float) -> str:
    """An estimate as the player reads it ("" when there is none: the only move).

    >>> percent(0.714), percent(1.0), percent(float("nan"))
    ('71%', '100%', '')
    """
    return "" if math.isnan(score) else f"{math.floor(score * 100 + 0.5)}%"


class Coach:
    """Hard's advice on one position at a time, searched by the table's worker (``ai``).

    ``ask(game, seconds)`` starts the search for the player to move (once per position);
    ``poll()`` each frame takes the answer in; ``advice`` is then Hard's candidates, best
    first. ``clear()`` forgets the question (a newer position), ``close()`` stops the worker.
    ``iterations`` (tests: a tiny fixed budget) replaces the seconds when set."""

    #: The coach's name for its requests to the scheduler.
    CLIENT = "coach"
    #: A fixed budget of sampled states instead of seconds (None: the think time).
    iterations: ClassVar[int | None] = None

    def __init__(self, game_id: str, ai: Scheduler, iterations: int | None = None) -> None:
        self.game_id = game_id
        self.ai = ai
        self._iterations = iterations if iterations is not None else type(self).iterations
        #: The position asked about: the engine object and its number of actions (None: none).
        self.position: tuple[Any, int] | None = None
        #: Hard's candidates for that position, best first (None: not in yet).
        self.advice: list[Candidate] | None = None
        #: The search could not run (its process died again and again).
        self.unavailable = False

    def about(self, game: Any) -> bool:
        """Is the question (or the advice) about ``game`` as it stands now?"""
        return (self.position is not None and self.position[0] is game
                and self.position[1] == len(game.actions))

    def ask(self, game: Any, seconds: float) -> bool:
        """Search ``game``'s position for its player to move, unless it is being searched or
        answered already; True when a search starts."""
        if self.about(game) and (self.advice is not None or self.thinking):
            return False
        seat = game.current_player
        self.position, self.advice, self.unavailable = (game, len(game.actions)), None, False
        # The seed is the position's move number: the same question gets the same answer.
        self.ai.request(self.CLIENT, "ai.coach:advise", self.game_id, game.observation(seat),
                        seconds, self._iterations, len(game.actions))
        return True

    @property
    def thinking(self) -> bool:
        """A search is under way for the position asked about."""
        return (self.position is not None and self.advice is None and not self.unavailable
                and self.ai.busy(self.CLIENT))

    def poll(self) -> bool:
        """Take the answer in if it has come (never blocks): True when it came now. A search
        that fails is logged and leaves the coach ``unavailable`` (strict mode: a failure
        other than the process dying is raised, as any bug is)."""
        if self.position is None or self.advice is not None or self.unavailable:
            return False
        answer = self.ai.poll(self.CLIENT, self._lost)
        if self.unavailable:
            return True
        if answer is None:
            return False
        self.advice = list(answer)
        return True

    def _lost(self) -> None:
        self.unavailable = True

    def best(self) -> Candidate | None:
        return self.advice[0] if self.advice else None

    def clear(self) -> None:
        """Forget the question and its advice (an answer still coming is dropped)."""
        if self.position is not None:
            self.ai.cancel(self.CLIENT)
        self.position, self.advice, self.unavailable = None, None, False

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the search asked is answered (tests and tools only: never in a frame
        loop); True at once when nothing is asked."""
        if self.position is None or self.advice is not None:
            return True
        return self.ai.wait(self.CLIENT, timeout)

    def close(self) -> None:
        """Let the worker go (the search it is on for the coach is dropped)."""
        self.position, self.advice = None, None
        self.ai.release(self.CLIENT)


class Coaching:
    """A table's coach (``table.coaching``; see the module docstring): the question asked at
    H, the advice kept for the position, the coached flag. What it asks of its ``table``:
    ``COACH`` (the game has a coach), its ``ai`` (``Scheduler``), ``game``, ``seats``,
    ``session``, ``app``, ``play`` and ``refuse``; and the table's answers for its cards:
    ``coach_ready()`` (a human seat's decision, at the bottom, nothing under way),
    ``advice_arrived()``, ``coach_again()`` (H with the advice in), ``coach_summary(advice)``
    and ``move_name(action)``."""

    def __init__(self, table: Any) -> None:
        self.table = table
        #: The coach (made at the first question: most games never ask).
        self.coach: Coach | None = None
        #: The candidate shown first (Heart of Five: H again shows the next one).
        self.pick = 0
        #: The advice is shown (fishing tables: H again hides it, and shows it again).
        self.shown = True
        self._coached_game: Any = None
        #: H pressed before the player's decision: the game and the seat at the bottom then,
        #: asked about when that seat's decision comes (None: no hint waits).
        self.waiting: tuple[Any, Any] | None = None

    def hint(self) -> None:
        """H or the Hint button: ask the coach about this decision; with its advice in, H
        again is the table's ``coach_again``. Another seat to act: the hint waits for the
        player's turn (``wait_for_turn``); a table of computers only has no one to coach:
        nothing happens."""
        t = self.table
        if not t.COACH or "human" not in t.seats:
            return
        if not t.coach_ready():
            self.wait_for_turn()
            return
        if self.coach is None:
            self.coach = Coach(t.game_id, t.ai)
        coach = self.coach
        if coach.about(t.game) and coach.advice is not None:
            t.coach_again()
            return
        if coach.ask(t.game, self.think_seconds()):
            self.pick, self.shown = 0, True
            self.mark()
            t.play("click")
            self.update()  # (a worker that answers at once: shown now)

    def wait_for_turn(self) -> None:
        """H before the player's decision: kept for it, and said at once on the message line
        (``line``); with no decision to come (the game over), refused."""
        t = self.table
        if t.game is None or t.game.is_over:
            t.refuse(_("It is not your turn."))
            return
        if self.waiting is None:
            t.play("click")
        self.waiting = (t.game, getattr(t, "viewer", None))

    def _waiting_now(self) -> bool:
        """Does a hint wait for this game's next decision at the bottom (the same seat)?"""
        t = self.table
        return (self.waiting is not None and self.waiting[0] is t.game and not t.game.is_over
                and self.waiting[1] == getattr(t, "viewer", None))

    def think_seconds(self) -> float:
        """The Hard level's think time from the settings (the search's budget)."""
        app = self.table.app
        if app is None:  # (tests, tools: the setting's default)
            return DEFAULT_SECONDS
        return float(app.settings.think_seconds)

    def update(self) -> None:
        """Each frame: forget advice about a position gone, take the answer in when it comes
        (then the table's ``advice_arrived``); a hint kept for the player's turn is asked
        when it comes."""
        if self.waiting is not None:
            if not self._waiting_now():
                self.waiting = None  # (a new game, its end, or another player at the bottom)
            elif self.table.coach_ready():
                self.waiting = None
                self.hint()
        coach = self.coach
        if coach is None or coach.position is None:
            return
        if not coach.about(self.table.game):
            coach.clear()
            return
        if coach.poll() and coach.advice:
            self.table.advice_arrived()

    def advice(self) -> list[Candidate] | None:
        """The advice to show now: about the position on the table, at a decision the coach
        was asked about, not hidden; else None."""
        coach = self.coach
        if coach is None or not coach.advice or not coach.about(self.table.game) \
                or not self.shown or not self.table.coach_ready():
            return None
        return coach.advice

    def estimates(self) -> dict[str, float]:
        """Each candidate's estimate by its notation ("koikoi" -> 0.62), of the advice shown."""
        return {str(c.action): c.score for c in self.advice() or []}

    def line(self) -> str:
        """The message line's words for the coach: a hint kept for the player's turn,
        thinking, its advice, or nothing."""
        coach, t = self.coach, self.table
        if self._waiting_now() and not t.coach_ready():
            return _("Coach: the hint comes on your turn.")
        if coach is None or not coach.about(t.game) or not t.coach_ready():
            return ""
        if coach.unavailable:
            return _("The coach is not available just now.")
        if coach.thinking:
            return _("Coach: thinking…")
        advice = self.advice()
        if not advice:
            return ""
        if math.isnan(advice[0].score):
            return _("Coach: {move} — the only move worth making.").format(
                move=t.move_name(advice[0].action))
        return t.coach_summary(advice)

    # The coached flag ---------------------------------------------------------------------------
    def mark(self) -> None:
        """The coach was asked in this game: the game is coached (its save says so too)."""
        t = self.table
        self._coached_game = t.game
        if t.session is not None:
            t.session.mark_coached()

    @property
    def coached(self) -> bool:
        """Was the coach asked in this game (in this sitting, or before it was continued)?"""
        t = self.table
        asked = self._coached_game is not None and self._coached_game is t.game
        return asked or bool(t.session is not None and t.session.coached)

    def close(self) -> None:
        if self.coach is not None:
            self.coach.close()
            self.coach = None


def default_summary(move_name: Callable[[Any], str], advice: Sequence[Candidate]) -> str:
    """The advice in a line: the best move and its estimate (a table's ``coach_summary``
    unless its game says more).

    >>> default_summary(str, [Candidate("stop", 10, 0.624)])
    'Coach: stop — 62% to win'
    """
    best = advice[0]
    return _("Coach: {move} — {chance} to win").format(move=move_name(best.action),
                                                      chance=percent(best.score))


class CoachedChoice(ChoicePanel):
    """A choice of words (Koi-Koi's koi-koi or stop, the hand swap) with the coach: H or the
    Hint button under the choices asks, and each choice then shows its estimate under its
    label, the best one primary. ``actions`` are the engine's words, one per button of
    ``buttons``."""

    def __init__(self, title: str, message: str,
                 buttons: Sequence[tuple[str, Callable[[], None] | None]],
                 where: Callable[[], pygame.Rect], table: Any,
                 actions: Sequence[str], required: bool = True) -> None:
        super().__init__(title, message, buttons, where, required)
        self.table = table
        self.actions = list(actions)

    def build(self) -> list[Widget]:
        self.choices = [w for w in super().build() if isinstance(w, Button)]
        self.hint_button = Button(_("Hint"), self.table.coaching.hint, role="small")
        return [*self.choices, self.hint_button]

    def arrange(self, size: tuple[int, int]) -> None:
        """The choice's box and row as any choice has them, its buttons taller (room for an
        estimate under each label), and a row under them for the Hint button."""
        m = self.metrics
        self.widgets = list(self.choices)
        try:
            super().arrange(size)
        finally:
            self.widgets = [*self.choices, self.hint_button]
        tall, small = m.row_height * 3 // 2, m.row_height * 4 // 5
        screen = pygame.Rect(0, 0, *size)
        self.box.height = min(self.box.height + tall - m.row_height + m.gap + small,
                              size[1] - 2 * m.pad)
        self.box.center = self.where().clip(screen).center
        self.box.clamp_ip(screen)
        width = self.choices[-1].rect.right - self.choices[0].rect.left  # (under them all)
        hint = pygame.Rect(0, 0, width, small)
        hint.midbottom = (self.box.centerx, self.box.bottom - m.px(16))
        self.hint_button.place(hint, m)
        for b in self.choices:
            b.place(pygame.Rect(b.rect.x, hint.y - m.gap - tall, b.rect.width, tall), m)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and not event.mod & (
                pygame.KMOD_CTRL | pygame.KMOD_META):
            self.table.coaching.hint()
            self.show_estimates()
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        # The table below does not update while this is on top: its coach is fed from here.
        self.table.coaching.update()
        self.show_estimates()
        super().update(dt)

    def show_estimates(self) -> None:
        """Each choice's estimate under its label once the advice is in, the coach's choice
        primary (its first: not always the highest figure, see ``paired_search``'s
        confidence); the Hint button says when the coach thinks, and its choice."""
        estimates = self.table.coaching.estimates()
        known = {w: s for w, s in estimates.items() if not math.isnan(s)}
        best = next(iter(known), None)
        for i, (button, word) in enumerate(zip(self.choices, self.actions)):
            button.subtitle = percent(known[word]) if word in known else ""
            button.primary = word == best if best is not None else i == 0
        coach = self.table.coaching.coach
        if coach is not None and coach.about(self.table.game) and coach.thinking:
            self.hint_button.text = _("Thinking…")
        elif best is not None:
            label = self.buttons[self.actions.index(best)][0]
            self.hint_button.text = _("Coach: {move}").format(move=label)
        else:
            self.hint_button.text = _("Hint")


# Badges -------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=32)
def badge_image(text: str, best: bool, m: Metrics) -> pygame.Surface:
    """A small pill with ``text`` ("62%"): gold for the coach's choice, dark for the others
    (kept: a frame asks for each badge in every place it paints)."""
    face = font(m.type_size("tiny"), True)
    words = text_image(face, text, theme.INK if best else theme.CREAM)
    pad = m.px(6)
    image = pygame.Surface((words.get_width() + 2 * pad, words.get_height() + m.px(2)),
                           pygame.SRCALPHA)
    rect = image.get_rect()
    radius = rect.height // 2
    draw.rounded_rect(image, theme.GOLD if best else theme.PANEL, rect, radius,
                      alpha=255 if best else 225)
    pygame.draw.rect(image, theme.CREAM if best else theme.GOLD_DIM, rect, max(1, m.px(1)),
                     border_radius=radius)
    image.blit(words, words.get_rect(center=rect.center))
    return image


on_clear_all(badge_image.cache_clear)


def badge_rect(card: pygame.Rect, size: tuple[int, int]) -> pygame.Rect:
    """Where a badge of ``size`` goes on a card: centred across its top edge, so it hides
    little of the picture.

    >>> badge_rect(pygame.Rect(100, 200, 60, 96), (40, 20))
    Rect(110, 192, 40, 20)
    """
    rect = pygame.Rect((0, 0), size)
    rect.midtop = (card.centerx, card.top - size[1] * 2 // 5)
    return rect
