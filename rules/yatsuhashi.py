"""Yatsuhashi Solitaire (one player): yaku, the deal, moves, undo/redo and replay, and the
solver (``solve``: can the position still be won, and how).

docs/rules.md ("Yatsuhashi Solitaire") is binding. Six foundations of six cards (five face down, the
top face up) and a stock of twelve; the object is to take the whole table away as the 14 yaku.

Moves have a string notation used in tests, logs and saves (``parse_move`` reads it back;
foundations are numbered 0-5, as in docs/api.md):

============= ================================= ================================================
kind          cards                             data
============= ================================= ================================================
``turned``    the card turned onto the waste    ``{}``
``recycled``  the new stock, top first          ``{"count": n}``
``moved``     the cards moved, bottom to top    ``{"from": i or "waste", "to": j}``
``flipped``   the card turned face up           ``{"foundation": i}``
``collected`` the yaku's cards, in deck order   ``{"yaku": id, "from": (i or "waste", ...)}``,
                                                one source per card
``won``       none                              ``{"moves": n}``
============= ================================= ================================================

A move that turns a card up reports ``moved`` (or ``collected``) and then ``flipped``; the
last move reports ``won`` last. ``undo()`` and ``redo()`` return the Move; ``last_events``
holds the events of the last apply, undo or redo (an undo's: the undone move's events in
reverse order, each with ``data["undone"] = True``).

The solver's search is ``rules.yatsuhashi_search`` (which imports nothing of this module: the
yaku both read are ``rules.yatsuhashi_yaku``'s); ``solve`` and ``solve_within`` here check the
arguments, give it a budget of positions (no clock: ``solve``'s seconds are
``NODES_PER_SECOND`` positions each) and write its line out as engine moves.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from rules import yatsuhashi_search
from rules.deck import shuffled
from rules.engine import (AmbiguousActionError, DuplicateCardError, Event, IllegalActionError,
                          InvalidNotationError, LayoutError, RulesError, Step, check_dict,
                          check_int, check_list, check_seat)
from rules.hanafuda import DECK, Card, Kind, card, cards
from rules.yatsuhashi_yaku import (CHAFF_MONTHS, YAKU_CARDS, YAKU_COUNT, YAKU_IDS, YAKU_NAMES,
                                   YAKU_OF_CARD, chaff_of)

__all__ = [
    "BRIDGE_AFTER", "FOUNDATIONS", "MAX_SEED", "YAKU_CARDS", "YAKU_COUNT", "YAKU_IDS",
    "YAKU_NAMES", "YAKU_OF_CARD", "AmbiguousMoveError", "DuplicateCardError", "Game",
    "IllegalMoveError", "LayoutError", "Move", "MoveNotationError",
    "NODES_PER_SECOND", "Solution", "YatsuhashiError", "YatsuhashiObservation", "next_month",
    "parse_move", "solve", "solve_within", "yaku_of",
]

FOUNDATIONS = 6     #: foundations in a deal
FOUNDATION_SIZE = 6  #: cards dealt to each (five face down, the top face up)
STOCK_SIZE = 12     #: cards in the stock after the deal
BRIDGE_AFTER = 5    #: other collections needed before the Bridge (5A) may be taken
MAX_SEED = 2**63 - 1  #: deal numbers are 0 .. MAX_SEED


# ----------------------------------------------------------------------------------------------
# Errors


# The family of rules.engine. LayoutError (a layout that cannot exist, a save that cannot be
# replayed) and DuplicateCardError are rules.engine's own, importable from here as before.

YatsuhashiError = RulesError  #: any bad input to the Yatsuhashi rules (the family's root)


class IllegalMoveError(IllegalActionError):
    """A move that is not legal now (and, as before, the root of the move errors below)."""


class MoveNotationError(InvalidNotationError, IllegalMoveError):
    """Text, or a value of another type, that is not a move at all (``"tunr"``, ``None``)."""


class AmbiguousMoveError(IllegalMoveError, AmbiguousActionError):
    """``collect <yaku>`` without cards when the yaku can be collected more than one way."""


# ----------------------------------------------------------------------------------------------
# Yaku

# The yaku's ids, names and counts, their cards, the chaff months and each card's yaku are
# rules.yatsuhashi_yaku's (imported above, and importable from here), which the solver's search
# reads too.

BRIDGE = card("5A")

_FIXED_MASK = {y: sum(c.bit for c in cs) for y, cs in YAKU_CARDS.items()}
_MASK_YAKU = {m: y for y, m in _FIXED_MASK.items()}
_CHAFF_MASK = {y: sum(c.bit for c in chaff_of(ms)) for y, ms in CHAFF_MONTHS.items()}
_MONTH_MASK = tuple(sum(c.bit for c in DECK if c.month == m) for m in range(13))  # [0] unused


def next_month(month: int) -> int:
    """The month after ``month``, wrapping: a card of ``month`` goes onto a card of this month.

    >>> next_month(2), next_month(12)
    (3, 1)
    """
    if type(month) is not int or not 1 <= month <= 12:
        raise InvalidNotationError(f"month out of range 1-12: {month!r:.40}")
    return month % 12 + 1


def _mask_of(collection: Iterable[Card]) -> int:
    if isinstance(collection, (str, bytes, dict)) or not isinstance(collection, Iterable):
        raise InvalidNotationError(f"expected cards, got {type(collection).__name__}")
    m = 0
    for c in collection:
        if not isinstance(c, Card):
            raise InvalidNotationError(f"not a card: {c!r}")
        if m & c.bit:
            raise DuplicateCardError(f"card {c.code} appears twice")
        m |= c.bit
    return m


def _yaku_of_mask(m: int) -> str | None:
    found = _MASK_YAKU.get(m)
    if found is not None:
        return found
    for y, chaff in _CHAFF_MASK.items():
        if m & ~chaff == 0 and all((m & _MONTH_MASK[month]).bit_count() == 1
                                   for month in CHAFF_MONTHS[y]):
            return y
    return None


def yaku_of(collection: Iterable[Card]) -> str | None:
    """The yaku id the cards form exactly (docs/rules.md's table), or None.

    >>> yaku_of(cards("12C1 12C2 12C3")), yaku_of(cards("5A")), yaku_of(cards("5A 5R"))
    ('kiri_kasu', 'yatsuhashi', None)
    >>> yaku_of(cards("6C1 7C1 8C2 9C1 10C2"))
    'late_chaff'
    """
    return _yaku_of_mask(_mask_of(collection))


# ----------------------------------------------------------------------------------------------
# Moves


class Move(NamedTuple):
    """One move. ``kind``: ``turn``, ``recycle``, ``move`` or ``collect``.

    ``move``: ``card`` is the bottom card of the cards moved (it and every card above it go),
    None for the waste's top card; ``to`` the destination foundation (0-5).
    ``collect``: ``yaku`` the yaku id and ``cards`` its cards in deck order.
    """

    kind: str
    card: Card | None = None
    to: int = -1
    yaku: str | None = None
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        if self.kind == "move":
            return f"{self.card.code if self.card is not None else 'w'}>{self.to}"
        if self.kind == "collect":
            text = f"collect {self.yaku}"
            return text + (" " + ",".join(c.code for c in self.cards) if self.cards else "")
        return self.kind

    def is_well_formed(self) -> bool:
        """Are the fields of the right types (a Move built by hand may hold anything)?"""
        return (self.kind in ("turn", "recycle", "move", "collect")
                and (self.card is None or isinstance(self.card, Card))
                and type(self.to) is int and (self.yaku is None or isinstance(self.yaku, str))
                and isinstance(self.cards, tuple) and all(isinstance(c, Card) for c in self.cards))


TURN = Move("turn")
RECYCLE = Move("recycle")
_MOVE = tuple(tuple(Move("move", c, j) for j in range(FOUNDATIONS)) for c in DECK)
_WASTE_MOVE = tuple(Move("move", None, j) for j in range(FOUNDATIONS))


def parse_move(text: str) -> Move:
    """A move from its notation (case and spaces do not matter).

    >>> parse_move("12c1 > 0")
    Move(kind='move', card=Card('12C1'), to=0, yaku=None, cards=())
    >>> parse_move("W>3") == Move("move", None, 3), parse_move("TURN") == Move("turn")
    (True, True)
    >>> str(parse_move("collect akatan 3R 2r,1R"))
    'collect akatan 1R,2R,3R'
    """
    if not isinstance(text, str):
        raise MoveNotationError(f"not a move: {text!r}")
    t = text.strip()
    low = t.lower()
    if low in ("turn", "recycle"):
        return TURN if low == "turn" else RECYCLE
    if ">" in t:
        src, _, dst = (part.strip() for part in t.partition(">"))
        if not (dst.isascii() and dst.isdigit() and 0 <= int(dst) < FOUNDATIONS):
            raise MoveNotationError(
                f"bad foundation {dst!r} in move {text!r} (0-{FOUNDATIONS - 1})")
        if src.lower() == "w":
            return _WASTE_MOVE[int(dst)]
        try:
            return _MOVE[card(src).index][int(dst)]
        except ValueError as exc:
            raise MoveNotationError(f"bad move {text!r}: {exc}") from None
    parts = t.replace(",", " ").split()
    if parts and parts[0].lower() == "collect" and len(parts) >= 2:
        yaku_id = parts[1].lower()
        if yaku_id not in YAKU_COUNT:
            raise MoveNotationError(f"unknown yaku {parts[1]!r} in move {text!r}")
        if len(parts) == 2:
            return Move("collect", yaku=yaku_id)
        try:
            got = cards(" ".join(parts[2:]))
            formed = yaku_of(got)
        except ValueError as exc:
            raise MoveNotationError(f"bad move {text!r}: {exc}") from None
        if formed != yaku_id:
            raise MoveNotationError(f"bad move {text!r}: the cards do not form {yaku_id}")
        return Move("collect", yaku=yaku_id, cards=tuple(sorted(got)))
    raise MoveNotationError(f"not a move: {text!r}")


# ----------------------------------------------------------------------------------------------
# Tables over card indices 0-47 (the engine keeps cards as indices)

_MONTH = tuple(c.month for c in DECK)
_SUCC = tuple(next_month(c.month) for c in DECK)      # the month a card goes onto
_BRIDGE_I = BRIDGE.index
_FIXED_COLLECTS = tuple((y, _FIXED_MASK[y], tuple(c.index for c in cs))
                        for y, cs in YAKU_CARDS.items() if y != "yatsuhashi")
_CHAFF_BY_MONTH = {y: tuple(tuple(c.index for c in DECK if c.kind is Kind.CHAFF and c.month == m)
                            for m in ms) for y, ms in CHAFF_MONTHS.items()}
_CARDS_OF_MASK: dict[int, tuple[Card, ...]] = {}


def _cards_of(mask: int) -> tuple[Card, ...]:
    got = _CARDS_OF_MASK.get(mask)
    if got is None:
        got = _CARDS_OF_MASK[mask] = tuple(c for c in DECK if mask >> c.index & 1)
    return got


def _is_run(below: int, above: int) -> bool:
    """Is card ``above`` (index) one month earlier than ``below``, so both may move together?"""
    return _SUCC[above] == _MONTH[below]


def _collected_count(collected: Sequence[str]) -> int:
    """Collections that count for the Bridge rule (each one counts, the Bridge itself not)."""
    return sum(1 for y in collected if y != "yatsuhashi")


# ----------------------------------------------------------------------------------------------
# The game


@dataclass(frozen=True)
class YatsuhashiObservation:
    """What the player (seat 0) knows: the table but the face-down cards and the stock cards it
    has not seen. ``Game.observation(0)`` builds it; ``Game.sample`` deals the unseen cards
    back at random.

    - ``foundations``: each foundation's face-up cards, bottom to top, ``face_down[i]`` cards
      face down beneath them;
    - ``waste``: bottom to top (the last card is the playable one);
    - ``stock``: top first, the card where the player has seen it, else None. It sees every
      card turned from the stock (and keeps it in mind through undo), so after a recycle it
      knows the whole stock and its order;
    - ``collections``: each collection's yaku id and cards in deck order (no cards for chaff
      collected before a layout);
    - ``unseen``: the cards in the face-down and unknown stock places, in deck order (which
      is where is unknown). In a deal: every card neither seen nor collected.

    >>> g = Game.deal(3); _ = g.apply("turn")
    >>> obs = g.observation(0)
    >>> obs.face_down, obs.stock_count, obs.stock[:2], obs.waste, len(obs.unseen)
    ((5, 5, 5, 5, 5, 5), 11, (None, None), (Card('12C1'),), 41)
    """

    seat: int
    current_player: int | None
    legal_actions: tuple[Move, ...]
    foundations: tuple[tuple[Card, ...], ...]
    face_down: tuple[int, ...]
    waste: tuple[Card, ...]
    stock: tuple[Card | None, ...]
    collections: tuple[tuple[str, tuple[Card, ...]], ...]
    unseen: tuple[Card, ...]

    @property
    def stock_count(self) -> int:
        """How many cards the stock holds."""
        return len(self.stock)

    @property
    def collected(self) -> tuple[str, ...]:
        """The yaku ids collected so far, in order."""
        return tuple(y for y, _ in self.collections)


def _check_card(value: object) -> Card:
    """``value`` as a Card (the UI helpers take Card objects), or InvalidNotationError."""
    if not isinstance(value, Card):
        raise InvalidNotationError(f"not a card: {value!r:.60}")
    return value


def _layout_cards(value: object, where: str) -> list[Card]:
    """Cards of a layout: a list of Card objects or codes, or one string of codes."""
    try:
        if isinstance(value, str):
            return cards(value)
        return [v if isinstance(v, Card) else card(v) for v in check_list(value, where)]
    except InvalidNotationError as exc:
        raise LayoutError(f"{where}: {exc}") from None


def _layout_collected(collected: object, on_table: dict[Card, str]
                      ) -> tuple[list[str], list[tuple[Card, ...]], list[Any]]:
    """The yaku ids, each collection's cards, and the entries as a layout stores them.

    An entry is a yaku id (its cards: a fixed yaku's, none for chaff) or a pair (yaku id,
    cards) that names the cards taken."""
    entries = [] if collected is None else check_list(collected, "collected")
    ids: list[str] = []
    taken: list[tuple[Card, ...]] = []
    stored: list[Any] = []
    gone: dict[Card, str] = {}
    for k, entry in enumerate(entries):
        where = f"collected[{k}]"
        if isinstance(entry, str):
            y, given = entry, None
        else:
            pair = check_list(entry, where)
            if len(pair) != 2 or not isinstance(pair[0], str):
                raise LayoutError(f"{where}: expected a yaku id or a pair (yaku id, cards), "
                                  f"got {entry!r:.60}")
            y, given = pair[0], _layout_cards(pair[1], where)
        if y not in YAKU_COUNT:
            raise LayoutError(f"unknown yaku id {y!r:.40} in collected")
        if given is None:
            cs = YAKU_CARDS.get(y, ())
            stored.append(y)
        else:
            if yaku_of(given) != y:
                raise LayoutError(f"{where}: {' '.join(c.code for c in given) or 'no cards'} "
                                  f"do not form {y}")
            cs = tuple(sorted(given))
            stored.append([y, [c.code for c in cs]])
            for c in cs:   # (a yaku id alone: from_layout checks its cards are gone)
                if c in on_table:
                    raise DuplicateCardError(f"card {c.code} is both collected ({where}) and "
                                             f"on the table ({on_table[c]})")
                if c in gone:
                    raise DuplicateCardError(f"card {c.code} collected twice ({gone[c]} and "
                                             f"{where})")
                gone[c] = where
        ids.append(y)
        taken.append(cs)
    return ids, taken, stored


def _notation_list(value: object, name: str) -> list[str]:
    """A saved list of strings (moves in notation, card codes), or LayoutError naming it."""
    items = check_list(value, name)
    for k, item in enumerate(items):
        if not isinstance(item, str):
            raise LayoutError(f"{name}[{k}]: expected text, got {type(item).__name__}")
    return items


_SAVE_KEYS = frozenset(("game", "seed", "moves", "layout", "redo", "seen"))
_LAYOUT_KEYS = frozenset(("foundations", "stock", "face_down", "collected", "waste"))


class Game:
    """One game of Yatsuhashi Solitaire, with unlimited undo and redo.

    Build one with ``Game.deal(seed)`` or ``Game.from_layout(...)``. State (copies, safe to keep):
    ``foundations`` (bottom to top), ``face_down`` (face-down cards at the bottom of each),
    ``stock`` (top first), ``waste`` (bottom to top), ``collected`` (yaku ids in order).
    It meets ``rules.engine.Engine`` with one seat, 0 (see the module docstring).
    """

    players = 1  #: one seat, 0

    def __init__(self) -> None:  # use deal() or from_layout()
        self._f: list[list[int]] = [[] for _ in range(FOUNDATIONS)]
        self._fd: list[int] = [0] * FOUNDATIONS
        self._stock: list[int] = []   # bottom .. top: the top card is the last
        self._waste: list[int] = []   # bottom .. top
        self._collected: list[str] = []
        self._collected_cards: list[tuple[Card, ...]] = []
        self._history: list[tuple[Move, Any]] = []
        self._redo: list[Move] = []
        self._legal: list[Move] | None = None
        self._stuck: bool | None = None     # is_stuck, kept until the position changes
        # Cards the player has seen in the stock or waste, as bits: a stock card is known to it
        # iff its bit is set (undo does not make it forget).
        self._seen = 0
        self._last_events: list[Event] = []
        self.seed: int | None = None
        self.layout: dict[str, Any] | None = None

    # Construction ------------------------------------------------------------------------------
    @classmethod
    def deal(cls, seed: int) -> Game:
        """The deal of docs/rules.md for deal number ``seed`` (0 .. MAX_SEED): foundation k gets
        ``deck[6k:6k+6]`` (bottom to top), the stock ``deck[36:48]`` with ``deck[36]`` on top.

        >>> g = Game.deal(5)
        >>> from rules.deck import shuffled
        >>> deck = shuffled(DECK, 5)
        >>> g.foundations[2] == deck[12:18], g.stock == deck[36:]
        (True, True)
        >>> Game.deal("5")
        Traceback (most recent call last):
        ...
        rules.engine.LayoutError: seed: expected a whole number 0-9223372036854775807, got '5'
        """
        check_int(seed, "seed", 0, MAX_SEED)
        deck = [c.index for c in shuffled(DECK, seed)]
        g = cls()
        n = FOUNDATION_SIZE
        g._f = [deck[k * n:(k + 1) * n] for k in range(FOUNDATIONS)]
        g._fd = [n - 1] * FOUNDATIONS
        g._stock = deck[FOUNDATIONS * n:][::-1]
        g.seed = seed
        return g

    @classmethod
    def from_layout(cls, foundations: Sequence[Sequence[Card | str]],
                    stock: Sequence[Card | str],
                    face_down: Sequence[int] | None = None,
                    collected: Sequence[str | tuple[str, Sequence[Card | str]]] | None = None,
                    *, waste: Sequence[Card | str] | None = None) -> Game:
        """A game from a position: ``foundations`` bottom to top (up to six; as many as given),
        ``face_down[i]`` cards at the bottom of foundation i face down (default: all but the
        top), ``stock`` top first, ``collected`` the yaku ids already taken, ``waste`` bottom to
        top (default empty). Cards may be Card objects or codes (or one string of codes). An
        entry of ``collected`` may also be a pair (yaku id, its cards): which chaff were taken.
        Fewer than 48 cards is fine; the game is won when none is left on the table.

        >>> g = Game.from_layout([["5A"], []], ["1R"], collected=["akatan"])
        Traceback (most recent call last):
        ...
        rules.engine.LayoutError: collected akatan but its card 1R is still on the table
        >>> Game.from_layout([["5A"], None], [])
        Traceback (most recent call last):
        ...
        rules.engine.LayoutError: foundation 1: expected a list, got NoneType
        """
        fs_in = check_list(foundations, "foundations")
        if not 1 <= len(fs_in) <= FOUNDATIONS:
            raise LayoutError(f"a layout has 1 to {FOUNDATIONS} foundations, "
                              f"not {len(fs_in)}")
        fs = [_layout_cards(f, f"foundation {i}") for i, f in enumerate(fs_in)]
        st = _layout_cards(stock, "stock")
        ws = _layout_cards(waste if waste is not None else [], "waste")
        seen: dict[Card, str] = {}
        for where, cs in [*((f"foundation {i}", f) for i, f in enumerate(fs)), ("stock", st),
                          ("waste", ws)]:
            for c in cs:
                if c in seen:
                    raise DuplicateCardError(f"card {c.code} appears twice ({seen[c]} and {where})")
                seen[c] = where
        if face_down is None:
            fd = [max(len(f) - 1, 0) for f in fs]
        else:
            fd = check_list(face_down, "face_down")
            if len(fd) != len(fs):
                raise LayoutError(f"face_down has {len(fd)} counts for {len(fs)} foundations")
            for i, (n, f) in enumerate(zip(fd, fs)):
                if type(n) is not int or not 0 <= n <= max(len(f) - 1, 0):
                    raise LayoutError(f"face_down[{i}] = {n!r:.40} is out of range for a "
                                      f"foundation of {len(f)} cards (0-{max(len(f) - 1, 0)}: "
                                      f"the top card is always face up)")
        col, col_cards, stored = _layout_collected(collected, seen)
        counts: dict[str, int] = {}
        for k, y in enumerate(col):
            counts[y] = counts.get(y, 0) + 1
            if counts[y] > YAKU_COUNT[y]:
                raise LayoutError(f"{y} collected {counts[y]} times (at most {YAKU_COUNT[y]})")
            if y == "yatsuhashi" and k < BRIDGE_AFTER:
                raise LayoutError(f"yatsuhashi collected after only {k} other yaku "
                                  f"(the Bridge needs {BRIDGE_AFTER})")
        for y, n in counts.items():
            if y in CHAFF_MONTHS:
                for m in CHAFF_MONTHS[y]:
                    left = [c for c in chaff_of((m,)) if c in seen]
                    if len(left) > 2 - n:
                        raise LayoutError(f"collected {y} {n} time(s) but {len(left)} chaff of "
                                          f"month {m} ({', '.join(c.code for c in left)}) are "
                                          f"still on the table")
            else:
                for c in YAKU_CARDS[y]:
                    if c in seen:
                        raise LayoutError(f"collected {y} but its card {c.code} is still on "
                                          f"the table")
        g = cls()
        g._f = [[c.index for c in f] for f in fs]
        g._fd = fd
        g._stock = [c.index for c in reversed(st)]
        g._waste = [c.index for c in ws]
        g._seen = sum(c.bit for c in ws)   # the waste is face up: recycled, it is known
        g._collected = col
        g._collected_cards = col_cards
        g.layout = {"foundations": [[c.code for c in f] for f in fs],
                    "stock": [c.code for c in st], "face_down": list(fd),
                    "collected": stored}
        if ws:
            g.layout["waste"] = [c.code for c in ws]
        return g

    def clone(self) -> Game:
        """An independent copy (history and redo included), fast: search clones often.

        >>> g = Game.deal(3); h = g.clone(); _ = h.apply("turn")
        >>> len(g.waste), len(h.waste)
        (0, 1)
        """
        g = type(self).__new__(type(self))
        g._f = [list(f) for f in self._f]
        g._fd = list(self._fd)
        g._stock = list(self._stock)
        g._waste = list(self._waste)
        g._collected = list(self._collected)
        g._collected_cards = list(self._collected_cards)
        g._history = list(self._history)  # records are never mutated
        g._redo = list(self._redo)
        g._legal = self._legal            # never changed in place (legal_moves copies it)
        g._stuck = self._stuck
        g._seen = self._seen
        g._last_events = []
        g.seed = self.seed
        g.layout = self.layout            # never changed in place (to_dict copies it)
        return g

    def copy(self) -> Game:
        """The same as ``clone()``."""
        return self.clone()

    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-ready data: ``seed`` (or ``layout``) and ``moves`` made; ``redo``,
        the moves undone that ``redo()`` would make again, the next first; ``seen``, the stock
        cards the player has seen (codes, top first). The last two only when not empty."""
        data: dict[str, Any] = {"game": "yatsuhashi", "seed": self.seed,
                                "moves": [str(m) for m, _ in self._history]}
        if self.layout is not None:
            data["layout"] = copy.deepcopy(self.layout)
        if self._redo:
            data["redo"] = [str(m) for m in reversed(self._redo)]
        seen = [DECK[i].code for i in reversed(self._stock) if self._seen >> i & 1]
        if seen:
            data["seen"] = seen
        return data

    @classmethod
    def from_dict(cls, data: Any, step: Step | None = None) -> Game:
        """Replay a saved game (``to_dict``), undo position included: the moves, then the
        undone ones, each through ``step`` (default: made with no events; a table passes its
        own to follow them), then the undone ones taken back. Every value is checked: data
        that is damaged, hostile or does not replay raises LayoutError naming the bad part,
        and nothing of it is kept.

        >>> g = Game.deal(3); _ = g.apply("turn"); _ = g.apply("turn"); _ = g.undo()
        >>> h = Game.from_dict(g.to_dict()); h.key() == g.key(), h.to_dict() == g.to_dict()
        (True, True)
        >>> Game.from_dict({"game": "yatsuhashi", "seed": 3, "moves": ["turn", "fly"]})
        Traceback (most recent call last):
        ...
        rules.engine.LayoutError: moves[1] ('fly') does not replay: not a move: 'fly'
        """
        data = check_dict(data, "saved game")
        if data.get("game") != "yatsuhashi":
            raise LayoutError(f"not a Yatsuhashi game: game = {data.get('game')!r:.40}")
        unknown = sorted(set(data) - _SAVE_KEYS)
        if unknown:
            raise LayoutError(f"unknown key(s) in a saved game: {', '.join(unknown):.60}")
        seed = data.get("seed")
        layout = data.get("layout")
        if layout is None:
            g = cls.deal(check_int(seed, "seed", 0, MAX_SEED))
        else:
            layout = check_dict(layout, "layout")
            unknown = sorted(set(layout) - _LAYOUT_KEYS)
            if unknown:
                raise LayoutError(f"unknown key(s) in the layout: {', '.join(unknown):.60}")
            for key in ("foundations", "stock"):
                if key not in layout:
                    raise LayoutError(f"the layout has no {key}")
            try:
                g = cls.from_layout(**layout)
            except LayoutError:
                raise
            except RulesError as exc:  # pragma: no cover - from_layout raises LayoutError
                raise LayoutError(f"layout: {exc}") from None
            g.seed = None if seed is None else check_int(seed, "seed", 0, MAX_SEED)
        moves = _notation_list(data.get("moves", []), "moves")
        redo = _notation_list(data.get("redo", []), "redo")
        make = step or Game._apply
        for name, texts in (("moves", moves), ("redo", redo)):
            for k, text in enumerate(texts):
                try:
                    make(g, text)
                except RulesError as exc:
                    raise LayoutError(f"{name}[{k}] ({text!r:.40}) does not replay: "
                                      f"{exc}") from None
        for _ in redo:
            g._undo()
        for k, code in enumerate(_notation_list(data.get("seen", []), "seen")):
            try:
                c = card(code)
            except RulesError as exc:
                raise LayoutError(f"seen[{k}]: {exc}") from None
            if c.index not in g._stock:
                raise LayoutError(f"seen[{k}]: {c.code} is not in the stock")
            g._seen |= c.bit
        return g

    # The engine contract (rules.engine.Engine) -------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """0 while the deal is not won, None once it is."""
        return None if self.is_won else 0

    @property
    def actions(self) -> list[Move]:
        """The moves made so far (the same as ``moves``)."""
        return self.moves

    def legal_actions(self) -> list[Move]:
        """The same as ``legal_moves()``."""
        return self.legal_moves()

    @property
    def is_over(self) -> bool:
        """Is the deal won? (A stuck deal is not over: the player may undo.)"""
        return self.is_won

    @property
    def result(self) -> dict[str, Any] | None:
        """None until the deal is won, then ``{"won": True, "moves": moves made}``."""
        return {"won": True, "moves": len(self._history)} if self.is_won else None

    @property
    def last_events(self) -> list[Event]:
        """The events of the last ``apply``, ``undo`` or ``redo`` (module docstring): copies,
        so an edited event changes nothing here."""
        return [e.copy() for e in self._last_events]

    def observation(self, seat: int = 0) -> YatsuhashiObservation:
        """What the player knows (``YatsuhashiObservation``); ``seat`` must be 0."""
        check_seat(seat, self.players)
        f, fd, seen = self._f, self._fd, self._seen
        hidden = 0
        for fi, d in zip(f, fd):
            for c in fi[:d]:
                hidden |= 1 << c
        for c in self._stock:
            if not seen >> c & 1:
                hidden |= 1 << c
        return YatsuhashiObservation(
            seat=seat, current_player=self.current_player,
            legal_actions=tuple(self.legal_moves()),
            foundations=tuple(tuple(DECK[c] for c in fi[d:]) for fi, d in zip(f, fd)),
            face_down=tuple(fd), waste=tuple(DECK[c] for c in self._waste),
            stock=tuple(DECK[c] if seen >> c & 1 else None for c in reversed(self._stock)),
            collections=tuple(zip(self._collected, self._collected_cards)),
            unseen=tuple(c for c in DECK if hidden >> c.index & 1))

    @classmethod
    def sample(cls, observation: Any, rng: random.Random) -> Game:
        """A game the player cannot tell from the one ``observation`` was made of: its
        ``unseen`` cards dealt at random into the face-down places and the unknown stock
        places. Its ``observation(0)`` is ``observation``; it has no history (a layout).

        >>> g = Game.deal(3); _ = g.apply("turn")
        >>> s = Game.sample(g.observation(0), random.Random(1))
        >>> s.observation(0) == g.observation(0), s.foundations == g.foundations
        (True, False)
        """
        if not isinstance(observation, YatsuhashiObservation):
            raise LayoutError(f"observation: expected a YatsuhashiObservation, got "
                              f"{type(observation).__name__}")
        if not isinstance(rng, random.Random):
            raise LayoutError(f"rng: expected a random.Random, got {type(rng).__name__}")
        obs = observation
        ups = check_list(obs.foundations, "observation.foundations")
        downs = [check_int(d, f"observation.face_down[{i}]", 0, len(DECK))
                 for i, d in enumerate(check_list(obs.face_down, "observation.face_down"))]
        stock = check_list(obs.stock, "observation.stock")
        pool = check_list(obs.unseen, "observation.unseen")
        places = sum(downs) + sum(1 for c in stock if c is None)
        if len(ups) != len(downs) or len(pool) != places:
            raise LayoutError(f"the observation has {len(pool)} unseen cards for {places} "
                              f"hidden places and {len(downs)} face-down counts for "
                              f"{len(ups)} foundations")
        rng.shuffle(pool)
        fs = [[pool.pop() for _ in range(d)] + _layout_cards(up, f"observation.foundations[{i}]")
              for i, (d, up) in enumerate(zip(downs, ups))]
        st = [c if c is not None else pool.pop() for c in stock]
        collected: list[Any] = []
        for k, entry in enumerate(check_list(obs.collections, "observation.collections")):
            pair = check_list(entry, f"observation.collections[{k}]")
            if len(pair) != 2:
                raise LayoutError(f"observation.collections[{k}]: expected (yaku id, cards)")
            collected.append(pair if pair[1] else pair[0])
        g = cls.from_layout(fs, st, face_down=downs, collected=collected,
                            waste=check_list(obs.waste, "observation.waste"))
        g._seen |= sum(c.bit for c in stock if c is not None)
        return g

    # State -------------------------------------------------------------------------------------
    @property
    def foundations(self) -> list[list[Card]]:
        """Each foundation's cards, bottom to top."""
        return [[DECK[i] for i in f] for f in self._f]

    @property
    def face_down(self) -> list[int]:
        """How many cards at the bottom of each foundation are face down."""
        return list(self._fd)

    @property
    def stock(self) -> list[Card]:
        """The stock, top card first."""
        return [DECK[i] for i in reversed(self._stock)]

    @property
    def waste(self) -> list[Card]:
        """The waste, bottom to top: the last card is the playable one."""
        return [DECK[i] for i in self._waste]

    @property
    def collected(self) -> list[str]:
        """The yaku ids collected so far, in order."""
        return list(self._collected)

    @property
    def collections(self) -> list[tuple[str, tuple[Card, ...]]]:
        """Each collection: yaku id and its cards (empty for chaff collected before a layout)."""
        return list(zip(self._collected, self._collected_cards))

    @property
    def is_won(self) -> bool:
        """No card is left in the foundations, the stock or the waste."""
        return not self._stock and not self._waste and not any(self._f)

    @property
    def moves(self) -> list[Move]:
        """The moves made so far (undone moves not included)."""
        return [m for m, _ in self._history]

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def bridge_allowed(self) -> bool:
        """Have enough yaku been collected for the Bridge (5A)?"""
        return _collected_count(self._collected) >= BRIDGE_AFTER

    def key(self) -> tuple:
        """A hashable key of the position (foundations with face-down counts, stock, waste);
        the collected yaku follow from the cards that are gone."""
        return (tuple(map(tuple, self._f)), tuple(self._fd), tuple(self._stock),
                tuple(self._waste))

    def state(self) -> dict[str, Any]:
        """Everything visible, as plain data (for tests and debugging)."""
        return {"foundations": [[c.code for c in f] for f in self.foundations],
                "face_down": self.face_down, "stock": [c.code for c in self.stock],
                "waste": [c.code for c in self.waste], "collected": self.collected}

    def location(self, c: Card) -> tuple[str, int, int] | None:
        """Where ``c`` is: ``("foundation", i, position from the bottom)``, ``("stock", position
        from the top, 0)``, ``("waste", position from the bottom, 0)``; None once collected."""
        i = _check_card(c).index
        for k, f in enumerate(self._f):
            if i in f:
                return ("foundation", k, f.index(i))
        if i in self._stock:
            return ("stock", len(self._stock) - 1 - self._stock.index(i), 0)
        if i in self._waste:
            return ("waste", self._waste.index(i), 0)
        return None

    def __repr__(self) -> str:
        fs = " | ".join(" ".join(DECK[c].code.lower() if k < fd else DECK[c].code
                                 for k, c in enumerate(f)) or "-"
                        for f, fd in zip(self._f, self._fd))
        return (f"Game({fs} ; stock {' '.join(c.code for c in self.stock) or '-'} ; "
                f"waste {' '.join(c.code for c in self.waste) or '-'} ; "
                f"collected {len(self._collected)})")

    # Legal moves -------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move, in a fixed order: collections, the waste card's moves, foundation
        moves (per foundation, per card from the top down, per destination), then turn or
        recycle."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> list[Move]:
        f, fd = self._f, self._fd
        out = self._collect_moves(self._waste[-1] if self._waste else -1)
        nf = len(f)
        tops = [x[-1] if x else -1 for x in f]
        tmonth = [_MONTH[t] if t >= 0 else 0 for t in tops]
        if self._waste:
            s = _SUCC[self._waste[-1]]
            for j in range(nf):
                if tops[j] < 0 or tmonth[j] == s:
                    out.append(_WASTE_MOVE[j])
        for i in range(nf):
            fi = f[i]
            p = len(fi) - 1
            lo = fd[i]
            while p >= lo:
                c = fi[p]
                s = _SUCC[c]
                row = _MOVE[c]
                for j in range(nf):
                    if j != i and (tmonth[j] == s or (tops[j] < 0 and p > 0)):
                        out.append(row[j])
                if p > lo and _is_run(fi[p - 1], c):
                    p -= 1
                else:
                    break
        if self._stock:
            out.append(TURN)
        elif self._waste:
            out.append(RECYCLE)
        return out

    def _collect_moves(self, waste_top: int) -> list[Move]:
        """The collections possible with ``waste_top`` (-1: none) as the waste's top card."""
        f, fd = self._f, self._fd
        # cum[i][k-1]: the top k cards of foundation i as a bit set (face-up cards only).
        cum: list[list[int]] = []
        up = 0
        fmask = []
        for i, fi in enumerate(f):
            m = 0
            rows = []
            for p in range(len(fi) - 1, fd[i] - 1, -1):
                m |= 1 << fi[p]
                rows.append(m)
            cum.append(rows)
            up |= m
            fmask.append(sum(1 << c for c in fi))
        wbit = 1 << waste_top if waste_top >= 0 else 0
        avail = up | wbit

        def ok(s: int) -> bool:
            for i, rows in enumerate(cum):
                part = s & fmask[i]
                if part and rows[part.bit_count() - 1] != part:
                    return False
            return True

        out: list[Move] = []
        for y in ("early_chaff", "late_chaff"):
            groups = []
            for pair in _CHAFF_BY_MONTH[y]:
                g = [1 << c for c in pair if avail >> c & 1]
                if not g:
                    break
                groups.append(g)
            else:
                sets = [0]
                for g in groups:
                    sets = [s | b for s in sets for b in g]
                for s in sets:
                    if ok(s):
                        out.append(Move("collect", yaku=y, cards=_cards_of(s)))
        for y, mask, _ in _FIXED_COLLECTS:
            if mask & ~avail == 0 and ok(mask):
                out.append(Move("collect", yaku=y, cards=_cards_of(mask)))
        b = 1 << _BRIDGE_I
        if up & b and _collected_count(self._collected) >= BRIDGE_AFTER:
            for fi in f:
                if fi and fi[-1] == _BRIDGE_I:
                    out.append(Move("collect", yaku="yatsuhashi", cards=(BRIDGE,)))
        return out

    # UI helpers ----------------------------------------------------------------------------------
    def collect_moves(self) -> list[Move]:
        """The collections legal now (a subset of ``legal_moves()``)."""
        return [m for m in self.legal_moves() if m.kind == "collect"]

    def collect_moves_with(self, c: Card) -> list[Move]:
        """The legal collections that take ``c``."""
        _check_card(c)
        return [m for m in self.collect_moves() if c in m.cards]

    def forced_collection(self) -> Move | None:
        """A legal collection of a yaku that can be made only one way (the "collect yaku
        automatically" option makes it; where the cards could form the yaku in two ways, the
        choice stays the player's), or None.

        >>> Game.deal(1).forced_collection() is None
        True
        """
        moves = self.collect_moves()
        for m in moves:
            if sum(1 for o in moves if o.yaku == m.yaku) == 1:
                return m
        return None

    def find_collect(self, selection: Iterable[Card]) -> Move | None:
        """The legal collection whose cards are exactly ``selection`` (any order), or None."""
        if isinstance(selection, (str, bytes, dict)) or not isinstance(selection, Iterable):
            raise InvalidNotationError(f"expected cards, got {type(selection).__name__}")
        chosen = {_check_card(c) for c in selection}
        for m in self.collect_moves():
            if set(m.cards) == chosen:
                return m
        return None

    def moves_for(self, c: Card) -> list[Move]:
        """The legal moves that pick up ``c`` (with the cards above it, or as the waste's top):
        for drag and drop, ``[m.to for m in game.moves_for(card)]`` are the drop targets."""
        _check_card(c)
        if self._waste and self._waste[-1] == c.index:
            return [m for m in self.legal_moves() if m.kind == "move" and m.card is None]
        return [m for m in self.legal_moves() if m.kind == "move" and m.card is c]

    def segment(self, c: Card) -> list[Card]:
        """The cards that move with ``c``: it and the cards above it in its foundation ([c] for
        the waste's top card); empty when ``c`` cannot be picked up (face down, not a run, in
        the stock...)."""
        _check_card(c)
        if self._waste and self._waste[-1] == c.index:
            return [c]
        for i, fi in enumerate(self._f):
            if c.index in fi:
                p = fi.index(c.index)
                if p < self._fd[i] or any(not _is_run(fi[q], fi[q + 1])
                                          for q in range(p, len(fi) - 1)):
                    return []
                return [DECK[x] for x in fi[p:]]
        return []

    def destination_of(self, c: Card, to: int) -> Move | None:
        """The legal move that takes ``c`` (and the cards above it) onto foundation ``to``."""
        for m in self.moves_for(c):
            if m.to == to:
                return m
        return None

    @property
    def is_stuck(self) -> bool:
        """Is nothing but turning the stock possible, whichever stock card comes up? (The game
        is then lost.)"""
        if self._stuck is None:
            self._stuck = self._compute_stuck()
        return self._stuck

    def _compute_stuck(self) -> bool:
        if self.is_won:
            return False
        if any(m.kind in ("move", "collect") for m in self.legal_moves()):
            return False
        f = self._f
        tmonth = {_MONTH[x[-1]] for x in f if x}
        has_empty = any(not x for x in f)
        for c in self._stock + self._waste:
            if has_empty or _SUCC[c] in tmonth or self._collect_moves(c):
                return False
        return True

    # Applying ----------------------------------------------------------------------------------
    def apply(self, action: object) -> list[Event]:
        """Make ``action`` (a value from ``legal_moves()`` or its notation) and return its
        events (module docstring). Clears the redo list. A move that is not legal now raises
        IllegalMoveError, anything that is not a move at all MoveNotationError (also an
        IllegalMoveError); the game is then unchanged.

        >>> g = Game.from_layout([["9A", "1C1"], ["2C1"]], [], face_down=[1, 0])
        >>> events = g.apply("1C1>1"); events
        [Event('moved seat0 1C1'), Event('flipped seat0 9A')]
        >>> [e.data for e in events]
        [{'from': 0, 'to': 1}, {'foundation': 0}]
        >>> g.apply(None)
        Traceback (most recent call last):
        ...
        rules.yatsuhashi.MoveNotationError: not a move: None
        """
        self._apply(action)
        self._redo.clear()
        move, info = self._history[-1]
        events = self._last_events = self._events(move, info)
        return [e.copy() for e in events]  # the caller's own: last_events keeps the originals

    def _apply(self, move: object) -> None:
        """``apply`` without the events and leaving the redo list alone: the path of the
        solver and of replays, which need no events (they cost a few microseconds a move)."""
        if isinstance(move, str):
            move = parse_move(move)
        elif not isinstance(move, Move):
            raise MoveNotationError(f"not a move: {move!r:.60}")
        if move == TURN and self._stock or move == RECYCLE and self._waste and not self._stock:
            # (legal whatever else is: a saved deal of 50,000 moves is these, mostly)
            self._history.append((move, self._do(move)))
            self._legal = self._stuck = None
            return
        legal = self.legal_moves()
        if move not in legal:
            if not move.is_well_formed():
                raise MoveNotationError(f"not a move: {tuple(move)!r:.80}")
            alias = None
            if move.kind == "collect" and not move.cards:
                found = [m for m in legal if m.kind == "collect" and m.yaku == move.yaku]
                if len(found) == 1:
                    alias = found[0]
                elif found:
                    raise AmbiguousMoveError(
                        f"{move} is ambiguous: {', '.join(str(m) for m in found)}")
            if alias is None:
                raise IllegalMoveError(f"{move} is not legal now; legal: "
                                       f"{', '.join(str(m) for m in legal)}")
            move = alias
        self._history.append((move, self._do(move)))
        self._legal = self._stuck = None

    def _flip(self, i: int) -> bool:
        """Turn foundation i's top card up if it is face down; True if it was."""
        if self._fd[i] and self._fd[i] == len(self._f[i]):
            self._fd[i] -= 1
            return True
        return False

    def _do(self, move: Move) -> Any:
        kind = move.kind
        if kind == "turn":
            c = self._stock.pop()
            self._waste.append(c)
            self._seen |= 1 << c
            return None
        if kind == "recycle":
            self._stock = self._waste[::-1]
            self._waste = []
            return None
        if kind == "move":
            dst = self._f[move.to]
            if move.card is None:
                dst.append(self._waste.pop())
                return None
            c = move.card.index
            for i, fi in enumerate(self._f):
                if c in fi:
                    p = fi.index(c)
                    dst.extend(fi[p:])
                    del fi[p:]
                    return (i, self._flip(i))
            raise AssertionError(move)  # pragma: no cover - legal moves have a source
        # collect
        removed: list[tuple[int, list[int], bool]] = []
        from_waste = False
        bits = sum(c.bit for c in move.cards)
        if self._waste and bits >> self._waste[-1] & 1:
            self._waste.pop()
            from_waste = True
        for i, fi in enumerate(self._f):
            k = 0
            while k < len(fi) and bits >> fi[len(fi) - 1 - k] & 1:
                k += 1
            if k:
                taken = fi[len(fi) - k:]
                del fi[len(fi) - k:]
                removed.append((i, taken, self._flip(i)))
        self._collected.append(move.yaku)  # type: ignore[arg-type]
        self._collected_cards.append(move.cards)
        return (removed, from_waste)

    def _events(self, move: Move, info: Any) -> list[Event]:
        """The events of ``move``, the last move made (``info``: what ``_do`` returned)."""
        kind = move.kind
        out: list[Event]
        if kind == "turn":
            out = [Event("turned", 0, (DECK[self._waste[-1]],))]
        elif kind == "recycle":
            out = [Event("recycled", 0, tuple(DECK[c] for c in reversed(self._stock)),
                         {"count": len(self._stock)})]
        elif kind == "move":
            dst = self._f[move.to]
            if move.card is None:
                out = [Event("moved", 0, (DECK[dst[-1]],), {"from": "waste", "to": move.to})]
            else:
                i, flipped = info
                p = dst.index(move.card.index)
                out = [Event("moved", 0, tuple(DECK[c] for c in dst[p:]),
                             {"from": i, "to": move.to})]
                if flipped:
                    out.append(self._flipped(i))
        else:
            removed, _from_waste = info
            source: dict[int, int | str] = {c: i for i, taken, _ in removed for c in taken}
            out = [Event("collected", 0, move.cards,
                         {"yaku": move.yaku,
                          "from": tuple(source.get(c.index, "waste") for c in move.cards)})]
            out += [self._flipped(i) for i, _, flipped in removed if flipped]
        if self.is_won:
            out.append(Event("won", 0, (), {"moves": len(self._history)}))
        return out

    def _flipped(self, i: int) -> Event:
        return Event("flipped", 0, (DECK[self._f[i][-1]],), {"foundation": i})

    def undo(self) -> Move:
        """Take back the last move; returns it (``redo`` makes it again). ``last_events`` then
        holds its events in reverse order, each with ``data["undone"] = True``.

        >>> g = Game.deal(3); _ = g.apply("turn"); str(g.undo()), g.last_events
        ('turn', [Event('turned seat0 12C1')])
        """
        if not self._history:
            raise IllegalMoveError("nothing to undo")
        move, info = self._history[-1]
        events = self._events(move, info)
        self._undo()
        for e in events:
            e.data["undone"] = True
        events.reverse()
        self._last_events = events
        return move

    def _undo(self) -> Move:
        """``undo`` without the events (for searches and replays, as ``_apply``)."""
        move, info = self._history.pop()
        kind = move.kind
        if kind == "turn":
            self._stock.append(self._waste.pop())
        elif kind == "recycle":
            self._waste = self._stock[::-1]
            self._stock = []
        elif kind == "move":
            dst = self._f[move.to]
            if move.card is None:
                self._waste.append(dst.pop())
            else:
                i, flipped = info
                if flipped:
                    self._fd[i] += 1
                p = dst.index(move.card.index)
                self._f[i].extend(dst[p:])
                del dst[p:]
        else:
            removed, from_waste = info
            for i, taken, flipped in removed:
                if flipped:
                    self._fd[i] += 1
                self._f[i].extend(taken)
            if from_waste:
                bits = sum(c.bit for c in move.cards)
                on_table = sum(1 << c for _, t, _ in removed for c in t)
                self._waste.append((bits & ~on_table).bit_length() - 1)
            self._collected.pop()
            self._collected_cards.pop()
        self._redo.append(move)
        self._legal = self._stuck = None
        return move

    def redo(self) -> Move:
        """Make the last undone move again; returns it (its events: ``last_events``)."""
        if not self._redo:
            raise IllegalMoveError("nothing to redo")
        move = self._redo.pop()
        self._apply(move)
        self._last_events = self._events(*self._history[-1])
        return move


# ----------------------------------------------------------------------------------------------
# The solver (its search: rules.yatsuhashi_search)

#: The rate at which ``solve`` turns its ``seconds`` into a budget of positions: about what
#: one core of the development machine generates in a second (79,000 measured over deals
#: 1-300; docs/yatsuhashi_winnability.md). A fixed rate, not a clock: the same ``seconds``
#: give the same answer on every machine and under any load.
NODES_PER_SECOND = 80_000
_MAX_NODES = 2**62   # a budget no search reaches


@dataclass
class Solution:
    """What ``solve`` found. ``winnable``: True, False, or None (the budget ran out).

    ``moves``: a winning line of engine moves when winnable, else empty; ``nodes``: the
    abstract positions the search generated.
    """

    winnable: bool | None
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0

    def __bool__(self) -> bool:
        return bool(self.winnable)


def solve(game: Game, seconds: float = 5.0) -> Solution:
    """Can ``game`` still be won? Exact search, every card known (face-down ones included).

    ``.winnable`` True with ``.moves`` a winning line of engine moves from ``game`` (turns and
    recycles included), False when no line wins, None when the time ran out first, else
    ``.moves`` empty; ``game`` is left unchanged (docs/api.md). The rules read no clock, so
    the "time" is a budget: ``seconds * NODES_PER_SECOND`` positions (80,000 a second, about
    one core of the development machine), the same answer and line on every machine, however
    loaded. ``solve_within`` takes the budget as a count. Arguments of the wrong type raise
    rules.engine.LayoutError naming them.

    >>> g = Game.from_layout([["3R", "2R", "1R"], []], [], face_down=[0, 0])
    >>> s = solve(g, 1.0); s.winnable, [str(m) for m in s.moves]
    (True, ['collect akatan 1R,2R,3R'])
    >>> solve(Game.from_layout([["1R", "2R", "3R"]], []), 1.0).winnable  # 1R is face down
    False
    """
    if not isinstance(game, Game):
        raise LayoutError(f"game: expected a Yatsuhashi Game, got {type(game).__name__}")
    if type(seconds) not in (int, float) or not seconds >= 0:   # (NaN is not >= 0)
        raise LayoutError(f"seconds: expected a number of seconds, got {seconds!r:.40}")
    return solve_within(game, round(min(seconds * NODES_PER_SECOND, _MAX_NODES)))


def solve_within(game: Game, max_nodes: int, *,
                 stop: Callable[[], bool] | None = None) -> Solution:
    """``solve`` on a budget of ``max_nodes`` positions (generated: the search checks it every
    thousand); ``.winnable`` None when they ran out first. ``stop``: a function asked every
    thousand positions, True to give up with None (``ai.yatsuhashi_solver`` passes its wall
    clock there). Without ``stop`` the answer depends on ``game`` and ``max_nodes`` alone.

    >>> s = solve_within(Game.deal(283), 2_000); s.winnable, s.moves, s.nodes >= 2_000
    (None, [], True)
    """
    if not isinstance(game, Game):
        raise LayoutError(f"game: expected a Yatsuhashi Game, got {type(game).__name__}")
    check_int(max_nodes, "max_nodes", 0, _MAX_NODES)
    winnable, line, nodes = yatsuhashi_search.search(game, max_nodes, stop)
    return Solution(winnable, _engine_moves(game, line) if winnable else [], nodes)


def _engine_moves(game: Game, line: list[tuple]) -> list[Move]:
    """Replay the search's abstract ``line`` (``rules.yatsuhashi_search``) on a copy of
    ``game``, adding the turns and recycles that bring each stock card to the waste top; the
    engine checks every move."""
    g = game.copy()
    out: list[Move] = []

    def step(m: Move) -> None:
        g._apply(m)
        out.append(m)

    def bring(c: int) -> None:
        # Turns and recycles are made here, without the engine listing every legal move
        # first (half the line's moves, and most of the cost of writing it out): turning is
        # legal while the stock holds a card, recycling when only the waste does. The other
        # moves go through the engine's check, and the line must end in a won game.
        while not (g._waste and g._waste[-1] == c):
            m = TURN if g._stock else RECYCLE
            if not g._waste and not g._stock:  # pragma: no cover - would be a solver bug
                raise AssertionError(f"card {c} is not in the stock")
            g._history.append((m, g._do(m)))
            out.append(m)
        g._legal = g._stuck = None

    for mv in line:
        kind = mv[0]
        if kind == 0:
            _, i, p, j = mv
            step(Move("move", DECK[g._f[i][p]], j))
        elif kind == 1:
            _, c, j = mv
            bring(c)
            step(Move("move", None, j))
        else:
            _, mask, c, y = mv
            if c >= 0:
                bring(c)
            step(Move("collect", yaku=y, cards=tuple(d for d in DECK if mask >> d.index & 1)))
    if not g.is_won:  # pragma: no cover - would be a solver bug
        raise AssertionError("the solver's line does not win")
    return out
