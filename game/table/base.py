"""``CardTable``: the scene every card table is built on (the table kit).

A table's life, as every scene's (``game.scene``): ``enter`` when pushed, ``layout(size)``
on every window size, then each frame ``handle_event`` for each input, ``update(dt)`` and
``draw(surface)`` (which changes nothing); ``resume`` when a screen above it closes (the
display settings are read again then); ``exit`` when it goes (the computer seats stop).

What the kit does, the same for every table:

- a sprite per card, sent to where ``places()`` says with ``retarget``;
- engine events become animation steps through ONE mapping, ``EVENT_STEPS`` (event kind ->
  method name), which each game extends with its own kinds;
- ONE policy for input during animation: a press (mouse or key) first finishes every running
  animation at once, then acts on the settled table (what is under the pointer then);
- ONE worker for every computer seat (``ComputerSeats``), cancelled on restart and exit;
- the display settings (card back, badges, animation speed) on enter and on resume;
- what does not change is drawn once and kept (``Layers``), faces are rendered a few a frame
  ahead of showing them (``FaceWarmer``);
- autosave (``game.session``): ``begin_session()`` at a new game, ``after_action()`` after
  every action, undo or redo, ``finish_session()`` at its end; leaving (``exit``) keeps the
  save for Continue. ``session=`` (Continue) or ``engine=`` opens a position as the player
  left it (``take_up``: the actions again through the table's own steps, nothing animated,
  heard, saved or shown); ``on_action`` takes more listeners;
- each other seat's last move marked (``marks``); a game log (L or its button); keyboard
  focus drawn as a ring; statistics recorded once a game;
- the coach (``game.table.coach``): H at a human seat's decision asks what the Hard level
  would do, in a worker of its own, made at the first question; a game it was asked in is
  marked coached in its save and in the statistics.

A game implements ``places()``, ``restart()``, its input (its ``INPUT`` kind:
``handle_input``, ``focus_rows()`` and ``activate(card)`` for the keyboard) and its drawing
(its ``DRAWING`` kind: ``draw_static``/``draw_under``/``draw_over``).

``CardTable`` holds its parts (docs/architecture.md, "A table is parts it holds"):
``seating`` (``game.table.seats``), ``ai`` (the one background worker,
``game.table.scheduler``), ``coaching`` (``game.table.coach``), ``input``, ``drawing``,
``steps`` (a kit's event steps), ``guide_hooks``; it opens through ``game.table.opening``.
Two pieces of it live in modules of their own, as base classes: where the cards go and the
last moves' marks (``game.table.placing``) and the screens it waits on
(``game.table.modal``). This module keeps engine actions, replay, autosave, the frame's
update, the computer seats and the statistics.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.i18n import N_
from game import memory
from game.table.ahead import MadeAhead
from game.table.caches import Face, FaceWarmer
from game.table.coach import Coaching, default_summary
from game.table.computer import ComputerSeats
from game.table.dialogs import GameLog
from game.table.drawing import LAST_MOVE, TableDrawing
from game.table.scene import TableScene
from game.table.guide_hooks import GuideHooks
from game.table.modal import TableModals
from game.table.input import REPEATING_KEYS, TableInput
from game.table.panel import PanelLine, PanelPainter
from game.table.placing import CardPlaces, Place, Size
from game.table.scheduler import Scheduler
from game.table.seats import Seats
from game.table.shown import ShownState
from game.widgets import Button, Tooltip
from rules.hanafuda import DECK, Card
from rules.western import Card as WesternCard
from sprites import SPEED_FACTORS, AnimationQueue, CardSprite, DragController, faces

if TYPE_CHECKING:  # pragma: no cover
    from game.session import Session
    from game.table.guide import Guide

__all__ = ["LAST_MOVE", "REPEATING_KEYS", "CardTable", "GameLog", "Place"]

log = logging.getLogger(__name__)


class CardTable(CardPlaces, TableModals, TableScene):
    """The kit's base table (see the module docstring): what its base classes do not hold."""

    #: Engine event kind -> the method that queues its animation (extend per game): the
    #: ``steps`` part's (a kit's steps: ``FishingSteps``), else the table's own. A game's
    #: table gives "match_over" (a game saved after its end opens on its result).
    EVENT_STEPS: ClassVar[dict[str, str]] = {}
    #: The kit's steps part, made with the table (None: the table's own methods).
    STEPS: ClassVar[type | None] = None
    #: Seconds a computer seat's move is held back at normal speed, so it can be followed.
    COMPUTER_PACE = 0.5
    #: The same at a table opened to watch the computers (the menu's Watch): every move is
    #: a computer's, and the watcher follows each one.
    WATCH_PACE = 1.0
    #: Seconds a page between rounds stays at a watched table before play goes on.
    WATCH_PAGE = 8.0
    #: A table of computers only opened to be watched (the menu's Watch): never saved, at
    #: ``WATCH_PACE``, the pages between rounds turning by themselves.
    watching = False
    #: True while ``replay`` builds a saved position (no sound, save, screen or statistics).
    replaying = False
    #: Seconds the game has been played: the table's frames while it is on top and
    #: ``clock_runs``, so a pause menu, the settings or the menu in between are no play time
    #: (the save keeps this figure: Continue and a best time count play only).
    elapsed = 0.0

    def __init__(self, setup: Any = None, deck: Iterable[Any] = DECK) -> None:
        super().__init__(setup)
        #: Who sits where, and what the table calls them.
        self.seating = Seats(setup)
        self.game: Any = None
        self.queue = AnimationQueue()
        self.sprites: dict[Any, CardSprite] = {
            c: CardSprite(faces.face_renderer(self.face_of(c), stand_in=True),
                          faces.back_renderer("black"),
                          size=(60, 96), face_up=False, data=c) for c in deck}
        self._rank = {c: i for i, c in enumerate(self.sprites)}  # (draw_order's among equal z)
        #: The engine events' animation steps (``EVENT_STEPS``), when a kit has them apart.
        self.steps: Any = self.STEPS(self) if self.STEPS is not None else None
        #: The table's input: the kit's policy, drag and drop, keyboard focus (a game's kind).
        self.input = self.INPUT(self)
        i = self.input
        self.drag = DragController(i.pick, i.drop_targets, on_drop=i.on_drop,
                                   on_refuse=i.on_refuse, on_click=i.on_click, home=self.home_of)
        self.warmer = FaceWarmer()
        #: The table's drawing: the kept layers, the frame's dirty places, marks, panel,
        #: message line, display settings and faces warmed (a game's kind).
        self.drawing = self.DRAWING(self)
        self.ahead = MadeAhead(self)  # what the next frames will need, made in the time left
        self.log = GameLog()
        #: Called after every engine action applied, undone or redone (beside the autosave).
        self.on_action: list[Callable[[], None]] = []
        #: The saved game in progress (None: not saved, as for demo and test positions).
        self.session: Session | None = None
        self.saves = True  # False for demo positions (screenshots), never saved
        self.notice, self.notice_time = "", 0.0  # a short red line after a refused move
        #: Each other seat's last move, its cards outlined until the player moves (three
        #: opponents playing in a row all stay marked, not only the last).
        self.marks: dict[int, list[Card]] = {}
        self.waiting_for: Any = None  # a modal screen the table waits on
        self.recorded = False
        self.display: tuple[str, bool] | None = None  # card back and badges applied
        #: The one background worker of the table's computer seats and coach.
        self.ai = Scheduler()
        #: The coach asked at H, its advice and the coached flag (``game.table.coach``).
        self.coaching = Coaching(self)
        self.computers: ComputerSeats | None = None
        self.log_button = Button(N_("Game log"), self.show_log, role="small", translate=True)
        #: What the panel and the turn show: the game as its cards show it.
        self.as_shown = ShownState(self)
        #: The guided first game's layer (``game.table.guide``; None: a game as any other),
        #: and the table's answers to its questions.
        self.guide: Guide | None = None
        self.guide_hooks = self.GUIDE_HOOKS(self)
        #: The yaku help: the tooltip of what the pointer is on, or of the one chosen with Y
        #: (``TableInput.tip_pointer``, ``tip_index``).
        self.tooltip = Tooltip()

    @property
    def seats(self) -> list[str]:
        """The seats: "human" or a computer level each (``self.seating``'s)."""
        return self.seating.seats

    # What a game's table gives (``game.table.opening`` opens the table with them) ---------------
    #: Seats at a screenshot's demo table (0: as the setup has them).
    DEMO_SEATS: ClassVar[int] = 0
    #: The table's answers to a guided first game's questions (a game's subclass).
    GUIDE_HOOKS: ClassVar[type[GuideHooks]] = GuideHooks

    def new_game(self, engine: Any = None, session: Any = None) -> None:
        """Deal a new game of the setup, or show ``engine``'s or the saved ``session``'s
        position (a game's table; ``take_up``)."""
        raise NotImplementedError

    def play_demo(self, moves: int) -> None:
        """Screenshots: ``moves`` seeded moves first (a game's table)."""
        raise NotImplementedError

    # The table's answers to its coach (``Coaching``) --------------------------------------------
    #: This table's games have a coach (the fishing and climbing kits set it).
    COACH: ClassVar[bool] = False

    def coach_ready(self) -> bool:
        """Is it a human seat's decision, at the bottom of the screen, with nothing under
        way (a kit's)?"""
        return False

    def advice_arrived(self) -> None:
        """The coach's advice has come in (a kit shows it on the cards)."""

    def coach_again(self) -> None:
        """H with the advice shown: by default it hides it, or shows it again."""
        self.coaching.shown = not self.coaching.shown
        self.play("click")

    def coach_summary(self, advice: Any) -> str:
        """The advice in a line (a kit may say more)."""
        return default_summary(self.move_name, advice)

    def move_name(self, action: Any) -> str:
        """An action as the player reads it (a kit's)."""
        return str(action)

    def guide_with(self, script: Any) -> None:
        """Make this table the guided first game of ``script`` (a ``GuideScript``), before
        its deal: never saved (nor counted: ``record_result``). Then ``guide.start()``."""
        from game.table.guide import Guide
        self.guide = Guide(self, script)
        self.saves = False

    # Sprites and computer seats ----------------------------------------------------------------
    def face_of(self, c: Any) -> Any:
        """The card whose face sprite ``c`` shows: ``c`` itself, unless a table keys its
        sprites otherwise (two decks of equal cards: one key per copy)."""
        return c

    def start_computers(self, game_id: str, seed: int) -> None:
        """One worker for every computer seat of ``setup.seats`` (none at a table of humans)."""
        if self.computers is not None:
            self.computers.close()
        self.computers = ComputerSeats(game_id, self.seats, seed, ai=self.ai,
                                       on_fallback=self.computers_fell_back)
        self.computers.start()
        self.apply_speed()

    @property
    def in_progress(self) -> bool:
        """A move has been made (the pause menu asks before leaving or restarting)."""
        return bool(self.game is not None and self.game.actions)

    # Engine actions ---------------------------------------------------------------------------
    def apply_action(self, action: Any, *, human: bool = False) -> list[Any]:
        """Apply ``action`` to the engine, tell the listeners, and animate what happened. A
        human's action clears the marks of the last move."""
        if human and self.guide is not None and not self.guide.accept(action):
            self.refuse(self.guide.refusal())  # the guided opening asks for its own move
            self.retarget(self.queue.duration(0.25))
            return []
        events = self.game.apply(action) or []
        self.notice = ""  # a refusal spoke of the position before this move: no longer true
        log.debug("%s %s -> %s", self.name, action, ", ".join(map(str, events)))
        if human:
            self.marked = []
        self.after_action()
        self.animate(events)
        return events

    def take_up(self, engine: Any = None, session: Any = None) -> Any:
        """Show a game as live play left it, and return its engine: the saved ``session``'s
        (Continue: its one replay is this one, and it is the save's check, a SaveError when
        the save does not replay) or ``engine``'s position. The game is played again from its
        start action by action through the table's own steps (``replay_start``, ``animate``),
        each finished at once, with no sound, saving, screen or statistics; so the places (a
        field's slots), the last-move marks and the log come out as the player saw them."""
        def step(game: Any, action: str) -> None:
            if game is not self.game:  # the game's first action: its start first
                start(game)
            seat = game.current_player
            events = game.apply(action)
            if seat is not None and self.seating.is_human(seat):
                self.marked = []  # as apply_action(human=True) does
            self.animate(events)
            self.queue.skip()

        def start(game: Any) -> None:
            self.game = game
            self.replay_start()
            self.queue.skip()

        self.game = None
        self.replaying = True
        try:
            if session is not None:
                engine = session.engine(step)
            if self.game is None and engine.actions:  # (an engine given, or checked before)
                type(engine).from_dict(engine.to_dict(), step)
            if self.game is None:  # no action: the start is all there is
                start(engine)
        finally:
            self.replaying = False
        self.game = engine
        self.snap()
        return engine

    def clock_runs(self) -> bool:
        """Does the play clock run: a saved game from its first action to its end?"""
        game = self.game
        return (self.session is not None and game is not None and bool(game.actions)
                and not game.is_over)

    def replay_start(self) -> None:
        """The start of a replay: what the game's first deal made happen (override)."""
        self.animate(getattr(self.game, "start_events", ()))

    def play(self, sound: str) -> None:
        if not self.replaying:
            super().play(sound)

    def after_action(self) -> None:
        """Called after every engine action applied (and after every undo and redo): the game
        is saved before the next frame, so closing the window or a kill loses nothing; with
        the table's play clock (``elapsed``)."""
        if self.session is not None:
            self.session.elapsed = self.elapsed
            self.session.record(self.game)
        for listener in list(self.on_action):
            listener()

    # Autosave ---------------------------------------------------------------------------------
    def begin_session(self, setup: Any = None) -> None:
        """A new game (or deal: ``setup`` with its deal number) starts on ``self.game``: save
        it from now on. Starting it over a game in progress counted that one as abandoned."""
        from game.session import Session
        self.elapsed = 0.0
        self.session = Session.start(setup or self.setup, self.game,
                                     stats=self.app.stats if self.app is not None else None)

    def finish_session(self, outcome: str) -> None:
        """The game is over: it is not offered to Continue any more."""
        if self.session is not None and not self.replaying:
            self.session.elapsed = self.elapsed
            self.session.finish(outcome)
            self.session = None

    def animate(self, events: Iterable[Any]) -> None:
        """Queue each event's animation through ``EVENT_STEPS``."""
        for event in events:
            self.animate_event(event)

    def animate_event(self, event: Any) -> None:
        method = self.EVENT_STEPS.get(event.kind)
        if method is not None:
            self.animate_step(method, event)
        if self.guide is not None:
            self.guide.saw(event)  # a rule shown for the first time is explained after it

    def animate_step(self, method: str, event: Any) -> None:
        # The cards an event shows are drawn at the table's sizes: their faces are rendered
        # first (at once on the warmer's thread) and the animation waits the moment it takes.
        shown = [c if isinstance(c, (Card, WesternCard)) else self.face_of(c)
                 for c in getattr(event, "cards", ())]
        self.wait_for_faces([(c, size, self.drawing.badges) for c in shown
                             if isinstance(c, (Card, WesternCard)) for size in self.face_sizes()])
        step = getattr(self.steps, method, None) if self.steps is not None else None
        (step or getattr(self, method))(event)

    def wait_for_faces(self, needed: list[Face]) -> None:
        """The animation queued next waits until these faces are rendered (asked of the
        warmer's thread first): cards never turn up with their faces rendered on the frame."""
        if needed and not self.warmer.ready(needed):
            self.warmer.urgent(needed)
            self.queue.wait_for(lambda: self.drawing.faces_in(needed))

    # The frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if not self.warmer.done:
            self.warmer.step()
        self.queue.update(dt)
        for s in self.sprites.values():
            s.update(dt)
        self.log_button.update(dt)
        if self.notice_time > 0:
            self.notice_time = max(0.0, self.notice_time - dt)
            if not self.notice_time:
                self.notice = ""
        if self.waiting_for is not None and getattr(self.waiting_for, "done", False):
            self.waiting_for = None
        if self.computers is not None:
            self.computers.update(dt)
            if self.idle and not self.settled_by_press:
                self.play_computers()
        self.settled_by_press = False
        if self.clock_runs():  # (a frame of the table on top: not under a pause menu)
            self.elapsed += dt
        self.coaching.update()
        if self.guide is not None:  # (before the table's turn: the words of a choice shown)
            self.guide.update(dt)
        self.update_table(dt)
        self.input.update_tip()
        self.as_shown.update()

    def work_ahead(self, deadline: float) -> None:
        self.ahead.prepare(deadline)

    def panel_key(self) -> Any:
        """What the panel shows depends on (a game with a panel overrides it)."""
        return None

    def turn_live(self) -> int | None:
        """The seat to move in the game (None: over)."""
        g = self.game
        return None if g is None or g.is_over else g.current_player

    @property
    def idle(self) -> bool:
        """Nothing shown is still happening: the next seat may act."""
        return (not self.queue.busy and self.waiting_for is None and self.game is not None
                and not self.game.is_over)

    def play_computers(self) -> None:
        """A computer seat to act: ask the worker, and apply its answer when it comes."""
        assert self.computers is not None
        action = self.computers.action_for(self.game)
        if action is not None:
            self.apply_action(action)

    def computers_fell_back(self, message: str) -> None:
        """The computer seats' process was lost and they play on in this one
        (``ComputerSeats``): the player is told in a notice, and the game's log keeps it."""
        self.log.add(message)
        if self.app is not None:
            self.app.notice(message)
        else:  # (no app: tools, benchmarks) the message line says it
            self.notice, self.notice_time = message, self.NOTICE_TIME

    def update_table(self, dt: float) -> None:
        """The game's own per-frame work (override)."""

    def settled(self) -> bool:
        return not self.animating and self.waiting_for is None

    # Enter, resume, exit, layout ------------------------------------------------------------------
    def enter(self) -> None:
        self.drawing.apply_display()

    def covered(self) -> None:
        self.drawing.layers.clear()
        self.drawing._rest = self.drawing._shown = None

    def relabel(self) -> None:
        self.covered()  # the kept pictures hold text: painted again in the new language
        self.drawing._panel_placed = None

    def resume(self) -> None:
        self.input._down.clear()  # keys released while a screen was above are never seen here
        self.drawing.apply_display()

    def exit(self) -> None:
        self.queue.clear()
        self.warmer.plan([])  # (its thread ends after the face in hand)
        memory.soon()  # the table's images and layers go back to the system next frame
        if self.computers is not None:
            self.computers.close()
        self.coaching.close()
        self.ai.close()
        if self.session is not None:  # leaving is not a loss: Continue resumes the game
            self.session.elapsed = self.elapsed
            self.session.leave()

    def apply_speed(self) -> None:
        """The settings that pace play: animation speed, and how long Hard seats think."""
        speed = self.app.settings.animation_speed if self.app is not None else "normal"
        self.queue.speed = speed
        self.drag.speed = SPEED_FACTORS[speed]
        if self.computers is not None:
            pace = self.WATCH_PACE if self.watching else self.COMPUTER_PACE
            self.computers.min_delay = pace * SPEED_FACTORS[speed]
            if self.app is not None:
                self.computers.think = self.app.settings.think_seconds

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.drawing.layers.clear()  # the layers of the old size go before the new ones are made
        self.drawing._rest = self.drawing._shown = None
        self.arrange(size)
        m = self.metrics
        self.log_button.place(self.log_button_rect(), m)
        if self.guide is not None:
            self.guide.arrange()
        under = self.drawing.under_key()  # the kept layer drawn now, not in the first frame
        if under is None:
            self.drawing.static_layer(size)
        else:
            self.drawing.rest_layer(size, under, [])
        self.drawing.plan_faces()

    def arrange(self, size: tuple[int, int]) -> None:
        """Make the game's layout for ``size`` and put the cards there (override)."""

    def log_button_rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, 0, 0)

    # The statistics ---------------------------------------------------------------------------
    def record_result(self, outcome: str, level: str | None = None,
                      results: Mapping[str, float] | None = None,
                      lower_is_better: tuple[str, ...] = ()) -> None:
        """The statistics hook: record this game's outcome once (coached or not), and save."""
        if self.recorded or self.replaying or self.guide is not None:
            return  # (a guided game is not counted)
        self.recorded = True
        if self.app is None:
            return
        self.app.stats.record(self.game_id, outcome, level=level, results=results or {},
                              lower_is_better=lower_is_better, coached=self.coaching.coached)
        try:
            self.app.stats.save()
        except OSError:
            log.exception("could not save statistics")

    # Input: the part, and what the table answers it ------------------------------------------
    #: The table's input part (``game.table.input``; a game's kind of it).
    INPUT: ClassVar[type[TableInput]] = TableInput
    #: The table's drawing part (``game.table.drawing``; a game's kind of it).
    DRAWING: ClassVar[type[TableDrawing]] = TableDrawing
    #: Seconds a refusal stays on the message line.
    NOTICE_TIME = 3.0
    #: The tooltips go under what they are about (a row of board slots), else beside it.
    TIPS_BELOW = False

    #: True while ``settle_now`` skips the queue's steps (``retarget`` waits for its end).
    settling = False
    #: A press settled the table in this frame (``update`` leaves the computers' turn to the
    #: next frame: settling and asking a computer cost a frame a millisecond and more each).
    settled_by_press = False

    def handle_event(self, event: pygame.event.Event) -> None:
        """Every input goes to the input part (the kit's policy, then the game's)."""
        self.input.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The frame, by the drawing part (which changes nothing of the game)."""
        self.drawing.draw(surface)

    @property
    def animating(self) -> bool:
        return self.queue.busy or any(s.animating for s in self.sprites.values())

    def settle_now(self) -> None:
        """Finish every running animation at once (a player acting does not wait for them).
        The steps skipped send no card anywhere (``settling``): the cards go to their places
        once, at the end, rather than at every step. The panel catches up with them the
        update after (``ShownState``)."""
        self.as_shown.settled()
        if self.queue.busy:
            self.settling = True
            try:
                self.queue.skip()
            finally:
                self.settling = False
            self.retarget(0.0)
        if not self.drag.active:
            for s in self.sprites.values():
                s.finish()

    def pause(self) -> None:
        self.drag.cancel()
        self.input._down.clear()
        super().pause()

    def refuse(self, reason: str) -> None:
        """Say why an input did nothing (red, on the message line) with the refusal sound."""
        self.notice, self.notice_time = reason, self.NOTICE_TIME
        self.play("invalid")

    def focus_rect(self) -> pygame.Rect | None:
        """Where the focus ring goes (None: not shown)."""
        if not self.input.keyboard or self.input.focus is None:
            return None
        if not any(self.input.focus in r for r in self.input.focus_rows()):
            return None
        return self.sprites[self.input.focus].rect

    # What the drawing part asks of the table: the panel, the faces ------------------------------
    #: How the panel's lines are painted (a game sets its separators and score bar scale).
    PANEL: ClassVar[PanelPainter] = PanelPainter()

    def panel_lines(self) -> list[PanelLine]:
        """What the panel says, line by line (override)."""
        return []

    def status(self) -> str:
        """What the player may do now, in a sentence (override)."""
        return ""

    def back_sizes(self) -> list[Size]:
        """The sizes of the face-down cards here: ``face_sizes`` unless a game says more."""
        return self.face_sizes()

    def faces_needed(self) -> list[Face]:
        """The faces this table shows at its size, most urgent first (override)."""
        return []

    def face_sizes(self) -> list[Size]:
        """The sizes hanafuda faces are shown at on this table (override)."""
        return []
