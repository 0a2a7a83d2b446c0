"""The Yatsuhashi Solitaire table: drag and drop, click to send, collect yaku, undo, hints, and
a solver that says in the background whether the deal can still be won.

The table is built on the table kit (``game.table.base.CardTable``). The engine
(``rules.yatsuhashi``) holds the game; the sprites show it. Every move, undo and redo is
animated through the kit's one mapping of engine events to steps (``EVENT_STEPS``): the
engine's events (``turned``, ``recycled``, ``moved``, ``flipped``, ``collected``, ``won``; an
undo's in reverse order, marked undone) each send their cards to where the position after
that change has them (``shown``), so the picture and the game never disagree for longer than
an animation. Input that arrives while cards are still moving first completes the animation at
once (the kit's policy for every table), then acts on the settled table.

The solver runs on a worker thread (``ai.runner.AIWorker``), on a copy of the game; its
verdicts are kept per position, so undoing to a position seen before answers at once, and two
facts save most of the work: a move on the winning line leads to a winnable position (the
rest of the line), and every position reached from one that cannot be won cannot be won.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import random
from typing import TYPE_CHECKING, Any, Callable, ClassVar

import pygame

from ai.background import ProcessWorker
from ai.yatsuhashi import useful_move
from game.i18n import N_, _
from game.scenes.dialog import Dialog, NumberDialog
from game.scenes.yatsuhashi_draw import (
    COLLECT_GLOW,
    HINT_GLOW,
    SELECT_GLOW,
    TARGET_GLOW,
    TableDrawing,
    ghost_cards,
    yaku_label,
)
from game.scenes.yatsuhashi_layout import SLOT_YAKU, STOCK, WASTE, TableLayout
from game.table.base import Place
from game.table.caches import Face
from game.table.names import card_name
from game.widgets import Button
from rules.hanafuda import DECK, MONTH_NAMES, Card
from rules.yatsuhashi import BRIDGE, BRIDGE_AFTER, Game, Move, next_month, parse_move
from sprites import CardSprite, faces, until_settled

if TYPE_CHECKING:  # pragma: no cover
    from game.session import Session

log = logging.getLogger(__name__)

#: Seconds the background solver may spend on one position, and on each candidate deal when
#: looking for a winnable one (the benchmark decides every deal of 1-1,000 well inside these).
SOLVE_BUDGET = 30.0
FIND_BUDGET = 5.0
MAX_DEAL = 999_999_999
HINT_TIME = 4.0
DOUBLE_CLICK = 0.4


RULES = N_(
    "Six foundations of six cards are dealt, the top card of each face up; the other twelve "
    "cards form the stock.\n\n"
    "Click the stock to turn one card onto the waste. When the stock is empty, click it to turn "
    "the waste over, as often as you like.\n\n"
    "Move the waste card, a foundation's top card, or a run of cards onto a foundation whose "
    "top card is one month later: February onto March, and December onto January. A run is a "
    "face-up group in which each card is one month earlier than the card beneath it; grab any "
    "card of a run to take it with the cards above it. An empty foundation takes any card or "
    "run. A face-down card turns up as soon as it is uncovered.\n\n"
    "Collect a yaku when all its cards are free at once: each is the waste card, or lies in a "
    "group at the top of a foundation made only of that yaku's cards. Collected cards go to "
    "the board.\n\n"
    "The fourteen yaku: Early chaff (one chaff of each month 1-5, twice), Late chaff (one chaff "
    "of each month 6-10, twice), Aka-tan (the three poetry ribbons), Ao-tan (the three blue "
    "ribbons), Kasu-tan (the ribbons of April, May and July), Ino-shika-cho (boar, deer and "
    "butterflies), Godori (the three birds), Hanami-tsukimi-zake (curtain, moon and sake cup), "
    "Ame-sanko (crane, rain man and phoenix), Kiri-kasu (the three paulownia chaff), "
    "Yanagi-kasu (the willow swallow, ribbon and chaff) and Yatsuhashi: the eight-plank bridge "
    "alone, from a foundation's top, once five other yaku are collected.\n\n"
    "The deal is won when all fourteen are collected. Not every deal can be won: the "
    "indicator says whether yours still can be.")



def month_name(month: int) -> str:
    return _(MONTH_NAMES[month - 1])


class _Foundation:
    """A drop target: foundation ``index`` (its column down to just below the top card)."""

    def __init__(self, scene: "YatsuhashiTable", index: int) -> None:
        self.scene = scene
        self.index = index

    @property
    def rect(self) -> pygame.Rect:
        return self.scene.column_rect(self.index)

    def accepts(self, sprites: list[CardSprite]) -> bool | str:
        return self.scene.drop_verdict(sprites[0].data, self.index)


class YatsuhashiTable(TableDrawing):
    """A Yatsuhashi deal. ``engine=`` opens a game at the position it stands (a saved game),
    cards in place; ``demo_moves=`` plays that many moves of the solver's line first."""

    game_id = "yatsuhashi"
    name = "yatsuhashi"
    EVENT_STEPS: ClassVar[dict[str, str]] = {
        **TableDrawing.EVENT_STEPS, "turned": "cards_step", "recycled": "cards_step",
        "moved": "cards_step", "flipped": "cards_step", "collected": "cards_step",
        "won": "won_step"}
    #: Event kind -> the sound and seconds of its step (an undone event slides back).
    STEP_SOUNDS: ClassVar[dict[str, tuple[str | None, float]]] = {
        "turned": ("flip", 0.22), "recycled": ("slide", 0.22), "moved": ("place", 0.22),
        "flipped": (None, 0.15), "collected": ("yaku", 0.3)}
    #: Where the solver runs: a child process, so that its work never holds up a frame.
    worker_factory: Callable[[], Any] = ProcessWorker
    #: Per move of the game's line: was it made automatically? (set per deal)
    auto: list[bool]
    #: The same for the undone moves, last undone last.
    redo_auto: list[bool]

    def __init__(self, setup: Any = None, *, engine: Game | None = None,
                 session: Session | None = None, demo_moves: int = 0) -> None:
        from game.scenes.setup import default_setup
        if session is not None:  # Continue: the saved deal at its move
            setup, engine = session.setup, session.engine()
        if setup is None:
            seed = engine.seed if engine is not None and engine.seed is not None else 1
            setup = default_setup("yatsuhashi", seed)
        super().__init__(setup)
        options = self.setup.options
        self.show_indicator = bool(options.get("solver_indicator", True))
        self.winnable_only = bool(options.get("winnable_only", False))
        self.auto_collect = bool(options.get("auto_collect", False))
        self.layout_ = TableLayout((1280, 800))
        self.worker = self.worker_factory()
        self.verdicts: dict[tuple, tuple[bool | None, list[Move]]] = {}
        self.rng = random.Random(self.setup.seed)
        for s in self.sprites.values():
            s.set_size(*self.layout_.card)
            s.snap_to(self.layout_.stock.center)
        self.buttons = self._make_buttons()
        self.finding: dict[str, Any] | None = None  # looking for a winnable deal
        self.now = 0.0                              # seconds of frames since the table opened
        self.dealing = False                        # a deal waits to be animated
        self.press_pos: tuple[int, int] = (0, 0)
        self.last_send: tuple[float, tuple[int, int]] = (-1.0, (0, 0))
        self.asked: tuple | None = None             # the position the worker is solving
        self._reset_deal_state()
        self.game = Game.deal(self.setup.seed)
        #: The position the cards show: the game after the last change animated so far.
        self.shown = self.game.clone()
        self.deal_number = self.setup.seed
        self.saves = not demo_moves  # a demo position is never saved over the player's game
        if engine is not None:
            self.play_position(engine)
            if session is not None:
                self.session, self.elapsed = session, session.elapsed
                self.redo_auto = [False] * session.undone
                if self.game.is_won:  # saved after the last move, before the win was shown
                    self._queue_win()
        elif demo_moves:
            self._demo(demo_moves)
        elif self.winnable_only:
            self._find_winnable_deal(self.setup.seed)
        else:
            self._start_deal(self.setup.seed)

    # Set-up ----------------------------------------------------------------------------------
    def _make_buttons(self) -> dict[str, Button]:
        return {
            "undo": Button(_("Undo"), self.undo, role="small"),
            "redo": Button(_("Redo"), self.redo, role="small"),
            "hint": Button(_("Hint"), self.show_hint, role="small"),
            "new": Button(_("New deal"), self.ask_new_deal, primary=True, role="small"),
            "restart": Button(_("Restart deal"), self.ask_restart, role="small"),
            "number": Button(_("Deal number…"), self.ask_deal_number, role="small"),
        }

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
        self.keyboard = False             # show the keyboard focus (after the first key)
        self.held: list[Card] = []        # cards picked up with the keyboard
        self.win_time = 0.0

    def _start_deal(self, number: int, *,
                    known: tuple[bool | None, list[Move]] | None = None) -> None:
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
            self.verdicts[self._key()] = known
        self._gather()
        self.dealing = True
        self.plan_faces()
        # The faces the deal turns up are rendered first, a few a frame (not all in one).
        self.queue.add(lambda: self.faces_ready((f[-1] for f in self.game.foundations if f),
                                                self.layout_.card))
        self.queue.add(self._deal_step)
        self._after_change()

    def play_position(self, game: Game) -> None:
        """Play on from ``game`` (a layout, or a game with moves made, a saved game), its
        cards in place at once."""
        self.drag.cancel()
        self.queue.clear()
        self.dealing = False
        self._reset_deal_state()
        self.game = game
        self.shown = game.clone()
        self.deal_number = game.seed if game.seed is not None else 0
        self.auto = [False] * len(game.moves)
        self.started = bool(game.moves)
        self._log_moves(game)
        self.snap()
        self.plan_faces()
        self._ask_solver()

    def _log_moves(self, game: Game) -> None:
        """The log of a game opened at a position: its moves in words, as play wrote them."""
        data = game.to_dict()
        moves = data["moves"]
        data = {k: v for k, v in data.items() if k not in ("redo", "seen")}
        fresh = Game.from_dict({**data, "moves": []})
        for n, move in enumerate(moves, 1):
            self.log.add(_("{n}. {move}").format(n=n, move=self.describe(parse_move(move),
                                                                         fresh)))
            fresh.apply(move)

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
        from rules.yatsuhashi_solver import solve
        solution = solve(Game.deal(self.setup.seed), 10.0)
        self._start_deal(self.setup.seed, known=(solution.winnable, list(solution.moves)))
        made = 0
        for move in solution.moves:
            if made >= moves:
                break
            self.play_move(move)
            made += move.kind not in ("turn", "recycle")

    def faces_needed(self) -> list[Face]:
        """The faces to render before they show, a few each frame (a cold deck is 0.3 s of
        work, too much for one frame): the face-up cards first, then the board's outlines,
        then every card at table and board size."""
        lay, badge = self.layout_, self.badges
        up = [c for f, d in zip(self.game.foundations, self.game.face_down) for c in f[d:]]
        ghosts = [c for y in SLOT_YAKU for c in ghost_cards(y)]
        return ([(c, lay.card, badge) for c in up + self.game.waste[-3:]]
                + [(c, lay.mini, False) for c in ghosts]
                + [(c, lay.card, badge) for c in DECK] + [(c, lay.mini, badge) for c in DECK])

    def exit(self) -> None:
        self.worker.close()
        super().exit()

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
        m = lay.m
        p = lay.panel
        x, w = p.x + m.px(14), p.width - m.px(28)
        half = (w - m.px(8)) // 2
        h = m.px(42)
        step = h + m.px(8)
        y = p.bottom - m.px(14) - 5 * h - 4 * m.px(8)
        b = self.buttons
        b["undo"].place(pygame.Rect(x, y, half, h), m)
        b["redo"].place(pygame.Rect(x + half + m.px(8), y, half, h), m)
        for name in ("hint", "restart", "number", "new"):
            y += step
            b[name].place(pygame.Rect(x, y, w, h), m)

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
        for slot, cards in self._slots().items():
            for k, (c, pos) in enumerate(zip(cards, lay.slot_card_positions(slot, len(cards)))):
                out[c] = Place(pos, lay.mini, True, 200 + k)
        if self.won_shown:
            self._win_places(out)
        for c in self.held:
            (x, y), size, up, z, rot = out[c]
            out[c] = Place((x, y - lay.card[1] * 0.12), size, up, z + 300, rot)
        return out

    def _slots(self) -> dict[int, list[Card]]:
        """Board slot -> the cards collected into it (as shown)."""
        out: dict[int, list[Card]] = {}
        for yaku, cards in self.shown.collections:
            slot = next(i for i, y in enumerate(SLOT_YAKU) if y == yaku and i not in out)
            out[slot] = sorted(cards, key=lambda c: c.index)
        return out

    def win_ring(self) -> tuple[tuple[float, float], float]:
        """Centre and radius of the ring the cards form when the deal is won."""
        lay = self.layout_
        top, bottom = lay.columns[0].y, lay.message.y
        r = min(lay.play.width, bottom - top) * 0.4
        return (lay.play.centerx, (top + bottom) / 2), r

    def _win_places(self, out: dict[Card, Place]) -> None:
        """The win: every card in a ring in the middle of the table, tops pointing out."""
        (cx, cy), r = self.win_ring()
        w = round(self.layout_.card[0] * 0.72)
        size = (w, round(w * faces.HANAFUDA_RATIO))
        for k, c in enumerate(DECK):
            a = 2 * math.pi * k / len(DECK) - math.pi / 2
            out[c] = Place((cx + r * math.cos(a), cy + r * math.sin(a)), size, True, 400 + k,
                           -(360.0 * c.index / len(DECK)))

    def _retarget(self, duration: float, stagger: float = 0.0) -> list[CardSprite]:
        """Send every card whose place changed there; a card turned up in a foundation turns
        once the cards above it have gone."""
        return self.retarget(duration, stagger, reveal_after=0.7, grow=True)

    def column_rect(self, i: int) -> pygame.Rect:
        """Foundation ``i``'s drop area: its column from the top to below its last card."""
        col = self.layout_.columns[i]
        f = self.game.foundations[i]
        bottom = col.y + self.layout_.card[1]
        if f:
            bottom = max(bottom, int(self.sprites[f[-1]].target_pos[1] + self.layout_.card[1] / 2))
        return pygame.Rect(col.x - self.layout_.m.px(10), col.y, col.width + self.layout_.m.px(20),
                           bottom - col.y + self.layout_.m.px(10))

    # Changing the game -----------------------------------------------------------------------
    def _key(self) -> tuple:
        return self.game.key()

    def play_move(self, move: Move, *, auto: bool = False) -> None:
        """Make ``move`` (legal), animate it, then collect automatically if that is on."""
        before = self._key()
        self.log.add(_("{n}. {move}").format(n=len(self.game.moves) + 1,
                                             move=self.describe(move)))
        self.apply_action(move)  # the kit: apply, save, animate the events
        self.auto.append(auto)
        self.redo_auto.clear()
        if not auto:
            self.started = True
        self._inherit_verdict(before, move)
        self._after_change()

    def _inherit_verdict(self, before: tuple, move: Move) -> None:
        """What is known of the new position from the one before: the rest of a winning line
        after its first move, or "not winnable" after a position that cannot be won."""
        known = self.verdicts.get(before)
        if known is None:
            return
        winnable, line = known
        key = self._key()
        if winnable is False:
            self.verdicts.setdefault(key, (False, []))
        elif winnable and line and line[0] == move:
            self.verdicts.setdefault(key, (True, line[1:]))

    def _after_change(self) -> None:
        """After a move (its animation queued): auto-collect, ask the solver."""
        self.selection = []
        self.hint = None
        self.held = []
        if self.game.is_won:
            return  # the won event's step shows the win
        if self.auto_collect:
            move = self._auto_collect_move()
            if move is not None:
                self.play_move(move, auto=True)
                return
        self._ask_solver()

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

    def _auto_collect_move(self) -> Move | None:
        """A collection that can be made only one way (a choice stays the player's)."""
        moves = self.game.collect_moves()
        for m in moves:
            if sum(1 for o in moves if o.yaku == m.yaku) == 1:
                return m
        return None

    def undo(self) -> None:
        """Take back the last move of the player (and the automatic collections after it)."""
        if not self._can_undo():
            self._refuse(_("Nothing to undo."))
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
        self._ask_solver()

    def redo(self) -> None:
        if not self.game.can_redo:
            self._refuse(_("Nothing to redo."))
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
            self._ask_solver()

    def _can_undo(self) -> bool:
        return any(not a for a in self.auto) and not self.game.is_won

    # The solver ------------------------------------------------------------------------------
    def _ask_solver(self) -> None:
        """Have the worker decide the position unless it is known (only when it is shown)."""
        key = self._key()
        if key in self.verdicts or self.finding is not None:
            return
        if self.asked == key and self.worker.busy:
            return
        self.asked = key
        self.worker.request("ai.yatsuhashi:solve_position", self.game.to_dict(), SOLVE_BUDGET)

    def _poll_worker(self) -> None:
        answer = self.worker.poll()
        if answer is None:
            return
        if self.finding is not None:
            self._found(*answer)
            return
        winnable, line = answer
        if self.asked is not None:
            self.verdicts[self.asked] = (winnable, [parse_move(m) for m in line])
        self.asked = None

    def verdict(self) -> bool | None | str:
        """The indicator: True, False, None (the solver gave up) or "thinking"."""
        known = self.verdicts.get(self._key())
        return "thinking" if known is None else known[0]

    # Winnable deals only ---------------------------------------------------------------------
    def _find_winnable_deal(self, first: int | None = None) -> None:
        """Look for a deal the solver proves winnable, from ``first`` (or a random deal
        number) on to random ones, in the background; the table shows the progress."""
        self.drag.cancel()
        self.queue.clear()
        self.finding = {"checked": 0}
        self.asked = None
        self._gather()       # the cards wait on the stock, face down, until a deal is found
        self.dealing = True
        number = first if first is not None else self.rng.randint(1, 99_999)
        self.worker.request("ai.yatsuhashi:solve_deal", number, FIND_BUDGET)

    def _found(self, number: int, winnable: bool | None, line: list[str]) -> None:
        assert self.finding is not None
        self.finding["checked"] += 1
        if not winnable:
            self.worker.request("ai.yatsuhashi:solve_deal", self.rng.randint(1, 99_999),
                                FIND_BUDGET)
            return
        self.finding = None
        self._start_deal(number, known=(True, [parse_move(m) for m in line]))

    # Deals -----------------------------------------------------------------------------------
    def _record(self, outcome: str) -> None:
        results = ({"time": int(self.elapsed), "moves": len(self.game.moves)}
                   if outcome == "win" else {})
        self.record_result(outcome, results=results, lower_is_better=("time", "moves"))

    def new_deal(self) -> None:
        if self.winnable_only:
            self._find_winnable_deal()
        else:
            self._start_deal(self.rng.randint(1, 99_999))

    def restart(self) -> None:
        """The same deal from the start (pause menu and button)."""
        self._start_deal(self.deal_number)

    def play_deal(self, number: int) -> None:
        self._start_deal(number)

    def _confirm(self, title: str, go: Callable[[], None], label: str) -> None:
        """Ask before throwing away a deal in progress."""
        if not self.started or self.game.is_won or self.app is None:
            go()
            return
        self.app.push(Dialog(title, _("The deal in progress will count as abandoned."),
                             [(label, go), (_("Keep playing"), None)]))

    def ask_new_deal(self) -> None:
        self._confirm(_("Start a new deal?"), self.new_deal, _("New deal"))

    def ask_restart(self) -> None:
        self._confirm(_("Restart this deal?"), self.restart, _("Restart"))

    def ask_deal_number(self) -> None:
        self.host.push(NumberDialog(
            _("Play a deal by number"),
            _("Every deal number from 1 to 999,999,999 is the same deal on every computer."),
            _("Deal number"), self.deal_number,
            lambda n: self._confirm(_("Play deal {n}?").format(n=n),
                                    lambda: self.play_deal(n), _("Play")),
            _("Play"), maximum=MAX_DEAL))

    # Hints -----------------------------------------------------------------------------------
    def hint_move(self) -> Move | None:
        """A move on a winning line when the solver has one, else ``thumb_move()``.

        The solver sees the whole position, face-down cards too: the table tells the player
        whether the deal can still be won (its indicator), and a hint is a move on a winning
        line, never what a card is. Without a winning line, the rule of thumb sees only what
        the player sees."""
        known = self.verdicts.get(self._key())
        if known is not None and known[0] and known[1]:
            return known[1][0]
        return self.thumb_move()

    def thumb_move(self) -> Move | None:
        """The most useful legal move by rule of thumb (``ai.yatsuhashi.useful_move``, on the
        player's observation); None when the rules say no move can help any more (the status
        line says so too)."""
        g = self.game
        if g.is_won or g.is_stuck:
            return None
        return useful_move(g.observation(0), g.moves[-1] if g.moves else None)

    def show_hint(self) -> None:
        if self.finding is not None or self.game.is_won:
            return
        self.settle_now()
        move = self.hint_move()
        if move is None:
            self._refuse(_("No moves left: undo, or start a new deal."))
            return
        self.hint = (move, HINT_TIME)
        self.play("click")

    def describe(self, move: Move, game: Game | None = None) -> str:
        """A move in words, for the hint line and the log (``game``: before the move, by
        default the table's)."""
        g = game or self.game
        if move.kind == "turn":
            return _("Turn a card from the stock.")
        if move.kind == "recycle":
            return _("Turn the waste over to make a new stock.")
        if move.kind == "collect":
            return _("Collect {yaku}.").format(yaku=yaku_label(move.yaku or ""))
        c = move.card if move.card is not None else g.waste[-1]
        f = g.foundations[move.to]
        if f:
            return _("Move {card} onto {onto}.").format(card=card_name(c),
                                                       onto=card_name(f[-1]))
        return _("Move {card} to the empty foundation.").format(card=card_name(c))

    # Input: mouse ----------------------------------------------------------------------------
    @property
    def accepting(self) -> bool:
        return self.finding is None and not self.game.is_won

    def card_at(self, pos: Any) -> Card | None:
        """The table card (not the board's) drawn on top at ``pos``."""
        g = self.game
        on_table = [c for f in g.foundations for c in f] + g.waste + g.stock
        hit = [c for c in on_table if self.sprites[c].contains(pos)]
        return max(hit, key=lambda c: self.sprites[c].z) if hit else None

    def pick(self, pos: Any) -> list[CardSprite] | None:
        if not self.accepting:
            return None
        c = self.card_at(pos)
        if c is None or c in self.game.stock:
            return None
        if self.keyboard and self.held:
            self._drop_held_back()
        seg = self.game.segment(c)
        if not seg:
            if not self.sprites[c].face_up:
                return None
            seg = [c]  # a click (to collect, or to be told why it cannot move)
        return [self.sprites[x] for x in seg]

    def drop_targets(self) -> list[_Foundation]:
        return [_Foundation(self, i) for i in range(len(self.game.foundations))]

    def drop_verdict(self, c: Card, to: int) -> bool | str:
        """May ``c`` (with the cards above it) be dropped on foundation ``to``? True, or why not."""
        g = self.game
        if self.game.destination_of(c, to) is not None:
            return True
        loc = g.location(c)
        if loc is not None and loc[0] == "foundation" and loc[1] == to:
            return False  # back where it came from: no reason needed
        if not g.segment(c):
            return self._why_stuck(c)
        f = g.foundations[to]
        if not f:
            return _("Moving a whole foundation to an empty one changes nothing.")
        want = next_month(c.month)
        return _("{month} goes on {next}.").format(month=month_name(c.month),
                                                   next=month_name(want))

    def _why_stuck(self, c: Card) -> str:
        g = self.game
        loc = g.location(c)
        if loc is not None and loc[0] == "waste":
            return _("Only the top card of the waste can be played.")
        return _("The cards above it are not in month order, so they cannot move with it.")

    def on_drop(self, sprites: list[CardSprite], target: _Foundation) -> None:
        move = self.game.destination_of(sprites[0].data, target.index)
        if move is None:  # the verdict said yes a moment ago; be safe all the same
            self._retarget(self.queue.duration(0.2))
            return
        self._human(move)

    def on_click(self, sprites: list[CardSprite]) -> None:
        # The second click of a double-click lands on whatever the first uncovered: ignore it
        # (players of other solitaires double-click to send a card; one click does it here).
        x, y = self.press_pos
        lx, ly = self.last_send[1]
        if self.now - self.last_send[0] < DOUBLE_CLICK and abs(x - lx) + abs(y - ly) < 12:
            return
        moves = len(self.game.moves)
        self.click_card(sprites[0].data)
        if len(self.game.moves) != moves:
            self.last_send = (self.now, self.press_pos)

    def click_card(self, c: Card) -> None:
        """A click on ``c``: collect its yaku, select it for one, or send it where it can go."""
        g = self.game
        collects = g.collect_moves_with(c)
        if self.selection:
            if c in self.selection:
                self.selection.remove(c)
                self.play("click")
                return
            if collects:
                self._select(c)
                return
            self.selection = []
        if len(collects) == 1:
            self._human(collects[0])
            return
        if collects:
            self._select(c)
            return
        moves = g.moves_for(c)
        if not moves:
            self._refuse(self._why_cannot_move(c))
            return
        filled = [m for m in moves if g.foundations[m.to]]
        empty = [m for m in moves if not g.foundations[m.to]]
        if len(filled) == 1:
            self._human(filled[0])
        elif not filled:
            self._human(empty[0])  # every empty foundation is alike
        else:
            self._refuse(_("It can go to {n} places: drag it to the one you want.").format(
                n=len(filled)))

    def _select(self, c: Card) -> None:
        """Add ``c`` to the selection; collect once only one collection fits it."""
        self.selection.append(c)
        fits = [m for m in self.game.collect_moves() if set(self.selection) <= set(m.cards)]
        if len(fits) == 1:
            self._human(fits[0])
            return
        if not fits:
            self.selection = [c]
            fits = self.game.collect_moves_with(c)
        self.play("click")
        self.notice = _("Several ways to collect {yaku}: click the other cards you want in "
                        "it.").format(yaku=yaku_label(fits[0].yaku or "")) if fits else ""
        self.notice_time = 4.0

    def _why_cannot_move(self, c: Card) -> str:
        g = self.game
        if c is BRIDGE and g.location(c) and not g.bridge_allowed:
            n = len(g.collected)
            return _("The Bridge leaves only after {need} other yaku ({n} collected so "
                     "far).").format(need=BRIDGE_AFTER, n=n)
        if not g.segment(c):
            return self._why_stuck(c)
        want = next_month(c.month)
        return _("No foundation takes it: {month} goes on {next}.").format(
            month=month_name(c.month), next=month_name(want))

    def _human(self, move: Move) -> None:
        self.notice = ""
        self.selection = []
        self.play_move(move)

    def _refuse(self, reason: str) -> None:
        self.refuse(reason)

    def _click_stock(self) -> None:
        g = self.game
        if g.stock:
            self._human(Move("turn"))
        elif g.waste:
            self._human(Move("recycle"))
        else:
            self._refuse(_("The stock and the waste are empty."))

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)  # the kit: input during animation finishes it first
        self._sync_buttons()

    def handle_input(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self._handle_key(event)
            return
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons.values():
                b.handle_event(event)
        for b in self.buttons.values():
            clicked = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
            if clicked and b.handle_event(event):
                if event.type == pygame.MOUSEBUTTONUP:
                    self.play("click")
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.press_pos = event.pos
            if not self.accepting:
                return
            if self.layout_.stock.collidepoint(event.pos):
                self._click_stock()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3 and self.selection:
            self.selection = []  # a right click drops the selection
            return
        self.drag.enabled = self.accepting
        self.drag.handle_event(event)

    # Input: keyboard -------------------------------------------------------------------------
    def _handle_key(self, event: pygame.event.Event) -> None:
        k, mod = event.key, event.mod
        ctrl = bool(mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        if k == pygame.K_ESCAPE:
            if self.drag.active:
                self.drag.cancel()
            elif self.held:
                self._drop_held_back()
            elif self.selection:
                self.selection = []
            else:
                self.pause()
            return
        if ctrl and k == pygame.K_z:
            if mod & pygame.KMOD_SHIFT:
                self.redo()
            else:
                self.undo()
            return
        if ctrl and k == pygame.K_y:
            self.redo()
            return
        if k == pygame.K_h:
            self.show_hint()
            return
        if k == pygame.K_F2:
            self.ask_new_deal()
            return
        if not self.accepting:
            return
        was = self.keyboard
        self.keyboard = True
        if k in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if k == pygame.K_LEFT else 1
            piles = 2 + len(self.game.foundations)
            self.focus_pile = (self.focus_pile + step) % piles if was else self.focus_pile
            self.focus_depth = 0
        elif k in (pygame.K_UP, pygame.K_DOWN) and was:
            self._move_depth(1 if k == pygame.K_UP else -1)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._key_enter()
        elif k == pygame.K_SPACE:
            c = self.focused_card()
            if self.focus_pile == STOCK:
                self._click_stock()
            elif c is not None:
                self.click_card(c)
        if not self.queue.busy:  # the focus or the held cards changed: show it
            self._retarget(self.queue.duration(0.12))

    def _move_depth(self, step: int) -> None:
        """Up/Down in a foundation: choose how deep into its face-up cards to pick up."""
        i = self.focus_pile - 2
        if i < 0:
            return
        g = self.game
        up = len(g.foundations[i]) - g.face_down[i]
        self.focus_depth = max(0, min(max(0, up - 1), self.focus_depth + step))

    def focused_card(self) -> Card | None:
        g = self.game
        if self.focus_pile == STOCK:
            return g.stock[0] if g.stock else None
        if self.focus_pile == WASTE:
            return g.waste[-1] if g.waste else None
        f = g.foundations[self.focus_pile - 2]
        if not f:
            return None
        depth = min(self.focus_depth, len(f) - 1 - g.face_down[self.focus_pile - 2])
        return f[len(f) - 1 - max(0, depth)]

    def _key_enter(self) -> None:
        g = self.game
        if self.held:
            if self.focus_pile < 2:
                self._drop_held_back()
                return
            to = self.focus_pile - 2
            verdict = self.drop_verdict(self.held[0], to)
            if verdict is True:
                move = g.destination_of(self.held[0], to)
                self.held = []
                if move is not None:
                    self._human(move)
                return
            self._refuse(verdict or _("Choose another foundation, or press Esc."))
            if verdict is False:
                self._drop_held_back()
            return
        if self.focus_pile == STOCK:
            self._click_stock()
            return
        c = self.focused_card()
        if c is None:
            return
        seg = g.segment(c)
        if not seg:
            self._refuse(self._why_cannot_move(c))
            return
        if not g.moves_for(c):
            self._refuse(self._why_cannot_move(c))
            return
        self.held = seg
        self.play("click")

    def _drop_held_back(self) -> None:
        self.held = []
        self._retarget(self.queue.duration(0.15))

    # Frame -----------------------------------------------------------------------------------
    def update_table(self, dt: float) -> None:
        self.now += dt
        for b in self.buttons.values():
            b.update(dt)
        self.worker.update(dt)
        self._poll_worker()
        if self.started and not self.game.is_won:
            self.elapsed += dt
        if self.hint is not None:
            move, left = self.hint
            self.hint = (move, left - dt) if left > dt else None
        if self.won_shown:
            self.win_time += dt
        self._sync_buttons()
        self._update_highlights()
        self.message = self._status()

    def _sync_buttons(self) -> None:
        """Enable the buttons that can act now (after every event too: two clicks may come in
        one frame)."""
        b = self.buttons
        b["undo"].enabled = self._can_undo() and self.accepting
        b["redo"].enabled = self.game.can_redo and self.accepting
        b["hint"].enabled = self.accepting
        for name in ("restart", "number", "new"):
            b[name].enabled = self.finding is None

    def _update_highlights(self) -> None:
        g = self.game
        for s in self.sprites.values():
            s.highlight = None
        if not self.accepting:
            return
        for m in g.collect_moves():
            for c in m.cards:
                self.sprites[c].highlight = COLLECT_GLOW
        for c in self.selection:
            self.sprites[c].highlight = SELECT_GLOW
        if self.drag.dragging:
            for t in self.drag.legal_targets:
                f = g.foundations[t.index]
                if f:
                    self.sprites[f[-1]].highlight = TARGET_GLOW
        for c in self.held:
            self.sprites[c].highlight = SELECT_GLOW
        if self.held:
            for m in g.moves_for(self.held[0]):
                f = g.foundations[m.to]
                if f:
                    self.sprites[f[-1]].highlight = TARGET_GLOW
        if self.hint is not None:
            for c in self._hint_cards(self.hint[0]):
                self.sprites[c].highlight = HINT_GLOW

    def _hint_cards(self, move: Move) -> list[Card]:
        g = self.game
        if move.kind == "collect":
            return list(move.cards)
        if move.kind != "move":
            return []
        cards = g.segment(move.card) if move.card is not None else g.waste[-1:]
        f = g.foundations[move.to]
        return list(cards) + f[-1:]

    def _status(self) -> str:
        g = self.game
        if self.finding is not None:
            return ""
        if g.is_won:
            return _("All fourteen yaku collected: the deal is won!")
        if self.hint is not None:
            return _("Hint: {move}").format(move=self.describe(self.hint[0]))
        if self.held:
            return _("Arrows: choose a foundation · Enter: put the cards there · Esc: put them "
                     "back")
        if g.is_stuck:
            return _("No moves left: undo, or start a new deal.")
        if g.collect_moves():
            return _("A yaku can be collected: click its glowing cards.")
        if not self.started:
            return _("Drag cards onto a foundation one month later, or click a card to send it.")
        return ""

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

    def rules_text(self) -> str:
        return _(RULES)









