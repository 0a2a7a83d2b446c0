"""The Yatsuhashi Solitaire table: its life cycle, its deals, and the engine's moves, undo and
redo animated; drag and drop, click to send, collect yaku, hints, and a solver that says in the
background whether the deal can still be won.

The table is the table kit's ``CardTable`` with parts, one per concern: ``table.drawing``
(``SolitaireDrawing``, ``draw``: the drawing), ``table.input`` (``SolitaireInput``, ``input``:
mouse and keyboard), ``table.solver`` (``SolverView``, ``solver_view``: the indicator, hints,
winnable deals), ``table.show_me`` (``ShowMe``, ``demo``: the solver plays the deal on, to be
watched) and ``table.guide_hooks`` (``guided``); this module keeps where each card is shown,
the set-up, the deals and the engine steps. The engine (``rules.yatsuhashi``) holds the game;
the sprites show it. Every move, undo and redo is animated through the kit's one mapping of
engine events to steps (``EVENT_STEPS``): the engine's events (``turned``, ``recycled``,
``moved``, ``flipped``, ``collected``, ``won``; an undo's in reverse order, marked undone) each
send their cards to where the position after that change has them (``shown``), so the picture
and the game never disagree for longer than an animation. Input that arrives while cards are
still moving first completes the animation at once (the kit's policy for every table), then
acts on the settled table.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.i18n import N_, _
from game.setups import SaveError
from game.games.yatsuhashi.deals import Deals
from game.games.yatsuhashi.demo import ShowMe
from game.games.yatsuhashi.draw import SolitaireDrawing
from game.games.yatsuhashi.rules import ghost_cards
from game.games.yatsuhashi.guided import SolitaireGuideHooks
from game.games.yatsuhashi.input import SolitaireInput
from game.games.yatsuhashi.layout import (SLOT_YAKU, STOCK, WASTE, TableLayout, place_buttons,
                                          share_button_sizes)
from game.games.yatsuhashi.rules import YatsuhashiRulesScene
from game.games.yatsuhashi.solver_view import SolverView
from game.games.yatsuhashi.words import describe, move_in_words, status_line
from game.table.base import CardTable
from game.table.placing import Place
from game.table.caches import Face
from game.widgets import Button
from rules.hanafuda import DECK, Card
from rules.yatsuhashi import Game, Move, parse_move
from sprites import CardSprite, until_settled

if TYPE_CHECKING:  # pragma: no cover
    from game.session import Session
    from game.table.guide import GuideScript

__all__ = ["STOCK", "WASTE", "YatsuhashiTable"]

log = logging.getLogger(__name__)



class YatsuhashiTable(CardTable):
    """A Yatsuhashi deal. ``engine=`` opens a game at the position it stands (a saved game),
    cards in place; ``demo_moves=`` plays that many moves of the solver's line first."""

    game_id = "yatsuhashi"
    RULES_PAGE = YatsuhashiRulesScene
    GUIDE_HOOKS = SolitaireGuideHooks
    guide_hooks: SolitaireGuideHooks
    INPUT = SolitaireInput
    input: SolitaireInput
    DRAWING = SolitaireDrawing
    drawing: SolitaireDrawing
    name = "yatsuhashi"
    EVENT_STEPS: ClassVar[dict[str, str]] = {
        **CardTable.EVENT_STEPS, "turned": "cards_step", "recycled": "cards_step",
        "moved": "cards_step", "flipped": "cards_step", "collected": "cards_step",
        "won": "won_step"}
    #: Event kind -> the sound and seconds of its step (an undone event slides back).
    STEP_SOUNDS: ClassVar[dict[str, tuple[str | None, float]]] = {
        "turned": ("flip", 0.22), "recycled": ("slide", 0.22), "moved": ("place", 0.22),
        "flipped": (None, 0.15), "collected": ("yaku", 0.3)}
    #: Per move of the game's line: was it made automatically? (set per deal)
    auto: list[bool]
    #: The same for the undone moves, last undone last.
    redo_auto: list[bool]

    def __init__(self, setup: Any = None, *, engine: Game | None = None,
                 session: Session | None = None, demo_moves: int = 0,
                 guide: GuideScript | None = None) -> None:
        from game.scenes.setup import default_setup
        if guide is not None:  # the guided first game: its deal, never saved nor counted
            setup = guide.setup()
        if session is not None:  # Continue: the saved deal at its move (replayed below)
            setup = session.setup
        if setup is None:
            seed = engine.seed if engine is not None and engine.seed is not None else 1
            setup = default_setup("yatsuhashi", seed)
        super().__init__(setup)
        #: The solver's verdicts, hints and winnable deals; the "Show me" demo.
        self.solver = SolverView(self)
        self.show_me = ShowMe(self)
        #: New deals, by number, restarts and the winnable deal offered, asked first.
        self.deals = Deals(self)
        options = self.setup.options
        self.show_indicator = bool(options.get("solver_indicator", True))
        self.winnable_only = bool(options.get("winnable_only", False))
        self.auto_collect = bool(options.get("auto_collect", False))
        self.layout_ = TableLayout((1280, 800))
        self.verdicts: dict[tuple, tuple[bool | None, list[str]]] = {}
        self.rng = random.Random(self.setup.seed)
        for s in self.sprites.values():
            s.set_size(*self.layout_.card)
            s.snap_to(self.layout_.stock.center)
        self.buttons = self._make_buttons()
        #: The offer of a winnable deal, on the message line, while the deal as dealt is
        #: proved unwinnable (``offer_stands``).
        self.offer = Button(N_("Deal a winnable one"), self.deals.deal_winnable, role="small",
                            translate=True)
        self.offer.visible = False
        self.finding: dict[str, Any] | None = None  # looking for a winnable deal
        self.now = 0.0                              # seconds of frames since the table opened
        self.dealing = False                        # a deal waits to be animated
        self.press_pos: tuple[int, int] = (0, 0)
        self.last_send: tuple[float, tuple[int, int]] = (-1.0, (0, 0))
        self.asked: tuple | None = None             # the position the solver is on
        self.solver_lost = False                    # its process kept stopping (unavailable)
        self._reset_deal_state()
        self.game = Game.deal(self.setup.seed)
        #: The position the cards show: the game after the last change animated so far.
        self.shown = self.game.clone()
        self.deal_number = self.setup.seed
        self.saves = not demo_moves  # a demo position is never saved over the player's game
        if guide is not None:
            self.guide_hooks.start(guide)
        elif engine is not None or session is not None:
            try:
                self.play_position(engine, session)
            except SaveError:
                self.exit()  # (its solver's worker)
                raise
            if session is not None:
                self.session, self.elapsed = session, session.elapsed
                self.shown_deal = self.recorded = session.shown
                if self.game.is_won:  # saved after the last move, before the win was shown
                    self._queue_win()
        elif demo_moves:
            self._demo(demo_moves)
        elif self.winnable_only:
            self.solver.find_winnable_deal(self.setup.seed)
        else:
            self._start_deal(self.setup.seed)

    # Set-up ----------------------------------------------------------------------------------
    def _make_buttons(self) -> dict[str, Button]:
        # Message ids, shown in the language of the moment (the Show me button's label is
        # set as play goes: ``_sync_buttons``).
        return {
            "undo": Button(N_("Undo"), self.undo, role="small", translate=True),
            "redo": Button(N_("Redo"), self.redo, role="small", translate=True),
            "hint": Button(N_("Hint"), self.solver.show_hint, role="small", translate=True),
            "show": Button(_("Show me"), self.show_me.toggle, role="small"),
            "new": Button(N_("New deal"), self.deals.ask_new_deal, primary=True, role="small",
                          translate=True),
            "restart": Button(N_("Restart deal"), self.deals.ask_restart, role="small",
                              translate=True),
            "number": Button(N_("Deal number…"), self.deals.ask_deal_number, role="small",
                             translate=True),
        }

    def controls(self) -> list[Button]:
        """Every button of the table: the panel's and the offer on the message line."""
        return [*self.buttons.values(), self.offer]

    def _reset_deal_state(self) -> None:
        self.auto = []
        self.redo_auto = []
        self.elapsed = 0.0
        self.started = False              # a move has been made (the deal counts as played)
        self.recorded = False             # its result is in the statistics
        self.won_shown = False
        self.selection: list[Card] = []
        self.hint: tuple[Move, float] | None = None
        self.notice = ""
        self.notice_time = 0.0
        self.message = ""
        self.log.clear()
        self.focus_pile = 2
        self.focus_depth = 0
        self.input.keyboard = False             # show the keyboard focus (after the first key)
        self.held: list[Card] = []        # cards picked up with the keyboard
        self.win_time = 0.0
        self.demo = None                  # Show me is not playing
        self.shown_deal = False           # the solver has not played in this deal

    def _start_deal(self, number: int, *,
                    known: tuple[bool | None, list[str]] | None = None) -> None:
        """Deal ``number`` and animate the deal; it is saved from now on (a deal in progress
        before it counts as abandoned: the player was asked)."""
        self.drag.cancel()
        self.queue.clear()
        self._reset_deal_state()
        self.deal_number = number
        self.game = Game.deal(number)
        self.shown = self.game.clone()
        if self.saves:
            self.begin_session(dataclasses.replace(self.setup, seed=number))
        if known is not None:
            self.verdicts[self.solver.key()] = known
        self._gather()
        self.dealing = True
        self.drawing.plan_faces()
        # The faces the deal turns up are rendered first, a few a frame (not all in one).
        self.queue.wait_for(lambda: self.drawing.faces_ready((f[-1] for f in self.game.foundations
                                                      if f), self.layout_.card))
        self.queue.add(self._deal_step)
        self._after_change()

    def play_position(self, game: Game | None = None, session: Session | None = None) -> Game:
        """Play on from ``game`` (a layout, or a game with moves made) or the saved
        ``session``'s game (Continue: its one replay is ``_replay``'s, a SaveError when it
        does not replay), its cards in place at once; returns the engine."""
        self.drag.cancel()
        self.queue.clear()
        self.dealing = False
        self._reset_deal_state()
        game = self._replay(game, session)
        self.game = game
        self.shown = game.clone()
        self.deal_number = game.seed if game.seed is not None else 0
        self.snap()
        self.drawing.plan_faces()
        self.solver.ask()
        return game

    def _replay(self, game: Game | None, session: Session | None) -> Game:
        """The game (``game``, or the ``session``'s, which this replay checks) played again
        from its deal, once, for what live play left of it: its log (the moves in words) and
        which moves the table made itself (``auto``, ``redo_auto`` for the undone ones), by
        the rule of play: with auto-collect on, a collection the table would have made right
        after the move before (or the deal). So undo and redo take back and make again a move
        with its automatic collections, as before the table was closed."""
        made: list[tuple[Move, Any, Any, bool]] = []  # each move, its card, onto, automatic

        def step(g: Game, text: str) -> None:
            move = parse_move(text)
            card_, onto = None, None
            if move.kind == "move":
                card_ = move.card if move.card is not None else g.waste[-1]
                onto = g.foundations[move.to][-1] if g.foundations[move.to] else None
            made.append((move, card_, onto, self.auto_collect and move.kind == "collect"
                         and move == g.forced_collection()))
            g._apply(move)  # (the replay path: no events to make)

        if session is not None:
            game = session.engine(step)
        assert game is not None
        if not made:  # an engine given (or checked before): not replayed yet
            data = game.to_dict()
            if data["moves"] or data.get("redo"):
                Game.from_dict(data, step)
        in_effect = len(game.moves)
        for n in range(max(0, in_effect - (self.log.lines.maxlen or in_effect)), in_effect):
            move, card_, onto, _auto = made[n]
            self.log.add(_("{n}. {move}").format(n=n + 1, move=move_in_words(move, card_, onto)))
        self.auto = [auto for *_, auto in made[:in_effect]]
        self.redo_auto = [auto for *_, auto in made[in_effect:]][::-1]  # the next to redo last
        self.started = not all(self.auto)  # a move of the player's is in effect
        return game

    def _gather(self) -> None:
        """Every card face down on the stock, before a deal."""
        for s in self.sprites.values():
            s.stop()
            s.rotation = 0.0
            s.scale = 1.0
            s.alpha = 255
            s.set_size(*self.layout_.card)
            s.snap_to(self.layout_.stock.center)
            s.flip(0.0, to_face_up=False)
            s.z = 0

    def _deal_step(self) -> Any:
        self.dealing = False
        self.play("shuffle")
        return until_settled(self.retarget(self.queue.duration(0.35),
                                           stagger=self.queue.duration(0.025),
                                           reveal_after=0.7, grow=True))

    def _demo(self, moves: int) -> None:
        """Screenshots: play ``moves`` moves of the solver's line (turning the stock as needed)
        so the picture shows a game in progress."""
        from ai.yatsuhashi import SOLVER_NODES, WALL_CAP
        from ai.yatsuhashi_solver import solve
        solution = solve(Game.deal(self.setup.seed), SOLVER_NODES, seconds=WALL_CAP)
        self._start_deal(self.setup.seed,
                         known=(solution.winnable, [str(m) for m in solution.moves]))
        made = 0
        for move in solution.moves:
            if made >= moves:
                break
            self.play_move(move)
            made += move.kind not in ("turn", "recycle")

    def face_sizes(self) -> list[tuple[int, int]]:
        return [self.layout_.card]

    def faces_needed(self) -> list[Face]:
        """The faces to render before they show, a few each frame (a cold deck is 0.3 s of
        work, too much for one frame): the face-up cards first, then the board's outlines,
        then every card at table and board size."""
        lay, badge = self.layout_, self.drawing.badges
        up = [c for f, d in zip(self.game.foundations, self.game.face_down) for c in f[d:]]
        ghosts = [c for y in SLOT_YAKU for c in ghost_cards(y)]
        faces_: list[Face] = [(c, lay.card, badge) for c in up + self.game.waste[-3:]]
        return (faces_
                + [(c, lay.mini, False) for c in ghosts]
                + [(c, lay.card, badge) for c in DECK] + [(c, lay.mini, badge) for c in DECK])

    @property
    def in_progress(self) -> bool:
        """A move has been made (leaving a deal with none asks nothing)."""
        return self.started and not self.game.is_won

    def arrange(self, size: tuple[int, int]) -> None:
        self.layout_ = lay = TableLayout(size)
        if self.dealing:  # the deal is still to be animated: the cards wait on the stock
            self._gather()
        else:
            self.snap()
        place_buttons(lay, self.buttons, self.offer)

    def _retarget(self, duration: float, stagger: float = 0.0) -> list[CardSprite]:
        """Send every card whose place changed there; a card turned up in a foundation turns
        once the cards above it have gone."""
        return self.retarget(duration, stagger, reveal_after=0.7, grow=True)

    # Changing the game -----------------------------------------------------------------------
    def play_move(self, move: Move, *, auto: bool = False, human: bool = False) -> None:
        """Make ``move`` (legal), animate it, then collect automatically if that is on
        (``human``: the player's, which a guided opening may refuse)."""
        before = self.solver.key()
        said = _("{n}. {move}").format(n=len(self.game.moves) + 1, move=self.describe(move))
        if not self.apply_action(move, human=human):  # the kit: apply, save, animate
            return  # (refused: the guided opening asks for another move)
        self.log.add(said)
        self.auto.append(auto)
        self.redo_auto.clear()
        if not auto:
            self.started = True
        self.solver.inherit_verdict(before, move)
        self._after_change()

    def _after_change(self) -> None:
        """After a move (its animation queued): auto-collect, ask the solver."""
        self.selection = []
        self.hint = None
        self.held = []
        if self.game.is_won:
            return  # the won event's step shows the win
        if self.auto_collect:
            move = self.game.forced_collection()
            if move is not None:
                self.play_move(move, auto=True)
                return
        self.solver.ask()

    # Engine events -> animation steps ----------------------------------------------------------
    def animate(self, events: Any) -> None:
        """Animate one change (a move, an undo or a redo) through ``EVENT_STEPS``: first the
        cards its events do not name make room (the waste fan, a column's spacing), then each
        event's cards go to the position after the change."""
        events = list(events)
        named = {c for e in events for c in e.cards}
        shown = self.game.clone()

        def show() -> None:
            self.shown = shown
            others = [c for c in self.sprites if c not in named]
            self.retarget(self.queue.duration(0.22), reveal_after=0.7, grow=True, cards=others)
        self.queue.call(show)
        super().animate(events)

    def cards_step(self, event: Any) -> None:
        """An event's cards go where the change put them, with the kind's sound and time
        (an undone event slides back)."""
        sound, seconds = self.STEP_SOUNDS[event.kind]
        if event.data.get("undone") and sound is not None:
            sound = "slide"

        def step() -> Any:
            if sound is not None:
                self.play(sound)
            return until_settled(self.retarget(self.queue.duration(seconds), grow=True,
                                               cards=set(event.cards)))
        self.queue.add(step)

    def won_step(self, event: Any) -> None:
        if not event.data.get("undone"):
            self._queue_win()

    def undo(self) -> None:
        """Take back the last move of the player (and the automatic collections after it)."""
        if not self._can_undo():
            self.input._refuse(_("Nothing to undo."))
            return
        self.settle_now()
        while True:
            was_auto = self.auto.pop()
            self.game.undo()
            self.redo_auto.append(was_auto)
            self.after_action()
            self.animate(self.game.last_events)
            if not was_auto:
                break
        self.log.add(_("Undone."))
        self.selection, self.hint, self.held = [], None, []
        self.solver.ask()

    def redo(self) -> None:
        if not self.game.can_redo:
            self.input._refuse(_("Nothing to redo."))
            return
        self.settle_now()
        while True:
            self.game.redo()
            self.after_action()
            self.animate(self.game.last_events)
            self.auto.append(self.redo_auto.pop())
            if not (self.redo_auto and self.redo_auto[-1]):
                break
        self.log.add(_("Redone."))
        self.started = True
        self.selection, self.hint, self.held = [], None, []
        if not self.game.is_won:
            self.solver.ask()

    def _can_undo(self) -> bool:
        return (any(not a for a in self.auto) and not self.game.is_won
                and (self.guide is None or self.guide.expected is None))

    def clock_runs(self) -> bool:
        return self.started and not self.game.is_won

    # Deals -----------------------------------------------------------------------------------
    def _record(self, outcome: str) -> None:
        results = ({"time": int(self.elapsed), "moves": len(self.game.moves)}
                   if outcome == "win" else {})
        self.record_result(outcome, results=results, lower_is_better=("time", "moves"))

    def restart(self) -> None:
        """The same deal from the start (pause menu and button)."""
        self._start_deal(self.deal_number)

    # Moves in words --------------------------------------------------------------------------
    def describe(self, move: Move, game: Game | None = None) -> str:
        """A move in words, for the hint line and the log (``game``: before the move, by
        default the table's)."""
        return describe(move, game or self.game)

    # Frame -----------------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        self.now += dt
        for b in self.controls():
            b.update(dt)
        self.ai.update(dt)
        self.solver.poll()
        self.show_me.update(dt)
        if self.hint is not None:
            move, left = self.hint
            self.hint = (move, left - dt) if left > dt else None
        if self.won_shown:
            self.win_time += dt
        self._sync_buttons()
        self.input._update_highlights()
        self.message = status_line(self)

    def _sync_buttons(self) -> None:
        """Enable the buttons that can act now (after every event too: two clicks may come in
        one frame)."""
        b = self.buttons
        b["undo"].enabled = self._can_undo() and self.input.accepting
        b["redo"].enabled = self.game.can_redo and self.input.accepting
        b["hint"].enabled = self.input.accepting
        b["show"].enabled = self.input.accepting and self.guide is None  # (a guide shows the way)
        show = _("Take over") if self.demo is not None else _("Show me")
        if b["show"].text != show:
            b["show"].text = show
            if b["show"].rect.width:  # (placed: its row's captions at one size again)
                share_button_sizes(b)
        for name in ("restart", "number", "new"):  # (a guided game keeps its deal)
            b[name].enabled = self.finding is None and self.guide is None
        self.offer.visible = self.deals.offer_stands()

    def settled(self) -> bool:
        return super().settled() and self.finding is None

    # The win ---------------------------------------------------------------------------------
    def _queue_win(self) -> None:
        self.queue.add(self._win_step)

    def _win_step(self):
        if not self.recorded:
            self._record("win")
        self.finish_session("win")
        self.won_shown = True
        self.win_time = 0.0
        self.play("win")
        moving = self._retarget(self.queue.duration(0.6), stagger=self.queue.duration(0.03))
        return until_settled(moving)

    # What the input part asks of the table --------------------------------------------------------
    def card_at(self, pos: Any) -> Card | None:
        """The table card (not the board's) drawn on top at ``pos``."""
        g = self.game
        on_table = [c for f in g.foundations for c in f] + g.waste + g.stock
        hit = [c for c in on_table if self.sprites[c].contains(pos)]
        return max(hit, key=lambda c: self.sprites[c].z) if hit else None

    # What the drawing part asks of the table ------------------------------------------------------
    # Where each card goes --------------------------------------------------------------------
    def places(self) -> dict[Card, Place]:
        """Card -> where it is shown for the position animated so far (``shown``)."""
        g, lay = self.shown, self.layout_
        out: dict[Card, Place] = {}
        stock = g.stock[::-1]  # bottom first
        for k, (c, pos) in enumerate(zip(stock, lay.stock_positions(len(stock)))):
            out[c] = Place(pos, lay.card, False, k)
        for k, (c, pos) in enumerate(zip(g.waste, lay.waste_positions(len(g.waste)))):
            out[c] = Place(pos, lay.card, True, 20 + k)
        for i, (f, down) in enumerate(zip(g.foundations, g.face_down)):
            for k, (c, pos) in enumerate(zip(f, lay.column_positions(i, len(f), down))):
                out[c] = Place(pos, lay.card, k >= down, 100 + k)
        for slot, cards in self.drawing._slots().items():
            for k, (c, pos) in enumerate(zip(cards, lay.slot_card_positions(slot, len(cards)))):
                out[c] = Place(pos, lay.mini, True, 200 + k)
        if self.won_shown:
            self.drawing._win_places(out)
        for c in self.held:
            (x, y), size, up, z, rot = out[c]
            out[c] = Place((x, y - lay.card[1] * 0.12), size, up, z + 300, rot)
        return out

    TIPS_BELOW = True  # (the board is a row of slots: a tooltip beside one would hide the next)

    def focus_rect(self) -> pygame.Rect | None:
        """The keyboard focus: a pile, or the card of it the arrows chose."""
        if not self.input.keyboard or not self.input.accepting:
            return None
        lay = self.layout_
        c = self.input.focused_card()
        if self.focus_pile == STOCK:
            return lay.stock
        if c is not None:
            return self.sprites[c].rect
        if self.focus_pile == WASTE:
            return pygame.Rect(lay.waste.x, lay.waste.y, *lay.card)
        col = lay.columns[self.focus_pile - 2]
        return pygame.Rect(col.x, col.y, *lay.card)

    # Show me's hold on input ----------------------------------------------------------------------
    #: The demo: None (off), "waiting" (for the solver's line) or "playing".
    demo: str | None = None
    #: Seconds since the demo's last move.
    demo_clock = 0.0
    #: The solver played in this deal (it is not the player's win).
    shown_deal = False

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.show_me.intercept(event):
            super().handle_event(event)

    # The solver's indicator ----------------------------------------------------------------------
    def verdict(self) -> bool | None | str:
        """The indicator: True, False, None (the solver gave up), "thinking", or
        "unavailable" (its process kept stopping)."""
        known = self.verdicts.get(self.solver.key())
        if known is None:
            return "unavailable" if self.solver_lost else "thinking"
        return known[0]
