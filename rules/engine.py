"""The contract every game engine meets, the events engines report, and one family of errors.

A game is a *state* (the engine object) driven by *actions*; it is fully determined by its
seed (or layout), its options and its action list, so replay, save and undo all come from that
list. Each engine module keeps three things apart, as OpenSpiel's games do: the options (a
frozen dataclass: the *game*), the engine (the *state*) and what one seat may know (the
*observation*, a frozen dataclass built by ``observation(seat)``).

Bad input of any type raises a :class:`RulesError` subclass that names the bad part, and leaves
the game unchanged:

>>> from rules.hanafuda import card
>>> try:
...     card("13B")
... except RulesError as exc:
...     print(isinstance(exc, InvalidNotationError), exc)
True unknown hanafuda card code: '13B'
>>> issubclass(IllegalActionError, ValueError)
True
>>> check_seat(2, 2)
Traceback (most recent call last):
...
rules.engine.IllegalActionError: seat 2 out of range 0-1
"""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol, Sequence, TypeVar, runtime_checkable

# ----------------------------------------------------------------------------------------------
# Errors (python-chess style: ValueError subclasses, the message names the input)


class RulesError(ValueError):
    """Bad input to a rules engine: the message names the bad part."""


class InvalidNotationError(RulesError):
    """Text that is not a card, an action or a move at all (``"plya 3B"``, ``"13B"``)."""


class IllegalActionError(RulesError):
    """A well-formed action that is not legal now (``"play 3B"`` when 3B is not in the hand)."""


class AmbiguousActionError(IllegalActionError):
    """An action that fits several legal actions (``"play 3B"`` when it can capture two cards)."""


class LayoutError(RulesError):
    """A position that cannot exist, or a saved game that cannot be replayed."""


class DuplicateCardError(LayoutError):
    """The same card twice in one collection or layout."""


# ----------------------------------------------------------------------------------------------
# Checks for input of any type (None, ints, strings where lists are expected ...)


def check_seat(seat: object, players: int) -> int:
    """``seat`` as a seat number 0 .. players-1, or IllegalActionError naming it."""
    if type(seat) is not int or not 0 <= seat < players:
        raise IllegalActionError(f"seat {seat!r} out of range 0-{players - 1}")
    return seat


def check_int(value: object, name: str, low: int, high: int) -> int:
    """``value`` as an int within [low, high] (bools refused), or LayoutError naming ``name``.

    >>> check_int(3, "round", 1, 99)
    3
    >>> check_int("3", "round", 1, 99)
    Traceback (most recent call last):
    ...
    rules.engine.LayoutError: round: expected a whole number 1-99, got '3'
    """
    if type(value) is not int or not low <= value <= high:
        raise LayoutError(f"{name}: expected a whole number {low}-{high}, got {value!r}")
    return value


def check_list(value: object, name: str) -> list[Any]:
    """``value`` as a list (a list or tuple; never a bare string, dict or None)."""
    if not isinstance(value, (list, tuple)):
        raise LayoutError(f"{name}: expected a list, got {type(value).__name__}")
    return list(value)


def check_dict(value: object, name: str) -> dict[str, Any]:
    """``value`` as a dict with string keys, or LayoutError naming ``name``."""
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise LayoutError(f"{name}: expected an object, got {type(value).__name__}")
    return value


def check_record(data: object, game_id: str, action_length: int,
                 optional: frozenset[str] = frozenset()) -> tuple[dict[str, Any], list[str]]:
    """A saved game's record checked before anything is replayed: an object with exactly
    ``game`` (``game_id``), ``seed``, ``rules``, ``actions`` (each an action's notation of at
    most ``action_length`` characters) and the ``optional`` keys; returns it and the actions.
    The seed and rules are the engine's to check.

    >>> check_record({"game": "tiny", "seed": 1, "rules": {}, "actions": [7]}, "tiny", 40)
    Traceback (most recent call last):
    ...
    rules.engine.LayoutError: actions[0]: expected an action's notation, got 7
    """
    data = check_dict(data, "saved game")
    unknown = set(data) - {"game", "seed", "rules", "actions"} - optional
    if unknown:
        raise LayoutError(f"saved game: unknown keys {sorted(unknown)}")
    for key in ("game", "seed", "rules", "actions"):
        if key not in data:
            raise LayoutError(f"saved game: no {key!r}")
    if data["game"] != game_id:
        raise LayoutError(f"game: not a {game_id} game: {data['game']!r}")
    actions = check_list(data["actions"], "actions")
    for i, text in enumerate(actions):
        if not isinstance(text, str) or len(text) > action_length:
            raise LayoutError(f"actions[{i}]: expected an action's notation, got {text!r}")
    return data, actions


def check_sample_args(observation: object, kind: type, rng: object) -> None:
    """``sample``'s arguments checked: an observation of ``kind`` and a ``random.Random``."""
    if not isinstance(observation, kind):
        raise RulesError(f"observation: expected a {kind.__name__}, "
                         f"got {type(observation).__name__}")
    if not isinstance(rng, random.Random):
        raise RulesError(f"rng: expected a random.Random, got {type(rng).__name__}")


#: How a replay carries out one saved action: ``step(game, action_text)`` applies it to
#: ``game`` (a RulesError if refused). A table passes its own, to show each action as it goes.
Step = Callable[[Any, str], Any]


def apply_step(game: Any, action: str) -> Any:
    """The plain ``Step``: ``game.apply(action)``."""
    return game.apply(action)


def replay_actions(game: Any, actions: list[str], step: Step | None = None) -> None:
    """Apply a saved game's ``actions`` to ``game``, each through ``step`` (default
    ``apply_step``); one the engine refuses refuses the whole record (LayoutError naming it)."""
    step = step or apply_step
    for i, text in enumerate(actions):
        try:
            step(game, text)
        except RulesError as exc:
            raise LayoutError(f"actions[{i}] {text!r}: {exc}") from None


# ----------------------------------------------------------------------------------------------
# What engines hand out is never their own: frozen values, or copies


class FrozenDict(dict[Any, Any]):
    """A dict that refuses every change: the mappings inside an engine's frozen records.

    It is still a ``dict`` (``json.dumps`` takes it, ``==`` compares it with plain dicts) and
    pickles, so an observation holding one can go to a worker process.

    >>> d = FrozenDict({"a": 1})
    >>> d == {"a": 1}, isinstance(d, dict)
    (True, True)
    >>> d["a"] = 2
    Traceback (most recent call last):
    ...
    TypeError: a frozen record's mapping cannot be changed
    """

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a frozen record's mapping cannot be changed")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self),))

    def __copy__(self) -> "FrozenDict":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "FrozenDict":
        return self


class FrozenList(list[Any]):
    """A list that refuses every change: the lists inside an engine's frozen records. Still a
    ``list`` (it equals the plain list of the same items, ``json.dumps`` takes it) and pickles.

    >>> points = FrozenList([6, -6])
    >>> points == [6, -6], points[0]
    (True, 6)
    >>> points.append(1)
    Traceback (most recent call last):
    ...
    TypeError: a frozen record's list cannot be changed
    """

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a frozen record's list cannot be changed")

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = clear = sort = reverse = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenList, (list(self),))

    def __copy__(self) -> "FrozenList":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "FrozenList":
        return self


def freeze(value: Any) -> Any:
    """``value`` with every list and dict inside made a FrozenList or a FrozenDict (tuples
    keep their kind with frozen items, sets become frozensets); other values (cards, numbers,
    strings, frozen records) kept.

    >>> frozen = freeze({"points": [1, -1], "yaku": {"akatan": 5}, "pair": (0, [1])})
    >>> frozen == {"points": [1, -1], "yaku": {"akatan": 5}, "pair": (0, [1])}
    True
    >>> type(frozen).__name__, type(frozen["points"]).__name__, type(frozen["pair"][1]).__name__
    ('FrozenDict', 'FrozenList', 'FrozenList')
    """
    t = type(value)
    if t is list:
        return FrozenList(map(freeze, value))
    if t is tuple:
        return tuple(map(freeze, value))
    if t is dict:
        return FrozenDict({k: freeze(v) for k, v in value.items()})
    if t is set:
        return frozenset(value)
    return value


def thaw(value: Any) -> Any:
    """A fresh JSON-ready copy of ``value``: tuples and lists as new lists, dicts (frozen or
    not) as new dicts, all the way down; other values kept.

    >>> thaw(freeze({"points": [1, -1]}))
    {'points': [1, -1]}
    """
    if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
        return [thaw(v) for v in value]
    if isinstance(value, dict):
        return {k: thaw(v) for k, v in value.items()}
    return value


def fresh(value: Any) -> Any:
    """A copy of ``value`` that shares nothing that can change: lists, dicts and sets copied
    all the way down (tuples too, when they hold any), everything else kept.

    >>> record = {"order": [2, 0, 1], "wins": [1, 0, 0]}
    >>> copy = fresh(record); copy["order"].append(9); record
    {'order': [2, 0, 1], 'wins': [1, 0, 0]}
    """
    t = type(value)
    if t is list:
        return [fresh(v) for v in value]
    if t is dict:
        return {k: fresh(v) for k, v in value.items()}
    if t is set:
        return set(value)
    if t is tuple:
        items = tuple(fresh(v) for v in value)
        return value if all(a is b for a, b in zip(items, value)) else items
    return value


# ----------------------------------------------------------------------------------------------
# Events


class Event:
    """Something that happened, in order, for animation and logs.

    ``kind`` names it (each engine documents its kinds), ``seat`` who it concerns (None: nobody
    in particular), ``cards`` the cards involved and ``data`` kind-specific facts. A plain
    slotted class, not a dataclass: engines make several per action on their hot path.

    >>> str(Event("captured", 0, (), {"n": 2}))
    'captured seat0'
    """

    __slots__ = ("kind", "seat", "cards", "data")

    def __init__(self, kind: str, seat: int | None = None, cards: tuple[Any, ...] = (),
                 data: dict[str, Any] | None = None) -> None:
        self.kind = kind
        self.seat = seat
        self.cards = cards
        self.data = data if data is not None else {}

    def __repr__(self) -> str:
        return f"Event({str(self)!r})"

    def copy(self) -> "Event":
        """An event equal to this one that shares nothing that can change (``fresh`` data).

        >>> e = Event("dealt", 1, (), {"hand_counts": [5, 5]})
        >>> c = e.copy(); c.data["hand_counts"].append(0); e.data
        {'hand_counts': [5, 5]}
        """
        return Event(self.kind, self.seat, fresh(self.cards), fresh(self.data))

    def __str__(self) -> str:
        who = f" seat{self.seat}" if self.seat is not None else ""
        cs = " " + " ".join(str(c) for c in self.cards) if self.cards else ""
        return f"{self.kind}{who}{cs}"


# ----------------------------------------------------------------------------------------------
# The contract

A = TypeVar("A")
O_co = TypeVar("O_co", covariant=True)
E = TypeVar("E", bound="Engine[Any, Any]")


@runtime_checkable
class Observation(Protocol):
    """What one seat knows: a frozen object, built by ``Engine.observation(seat)``.

    Every observation names its ``seat``, whose turn it is and the actions that seat may take
    now (empty when it is not its turn); the rest is the game's own (hands, field, piles, cards
    it has seen revealed ...), never another seat's hidden cards.
    """

    @property
    def seat(self) -> int: ...

    @property
    def current_player(self) -> int | None: ...

    @property
    def legal_actions(self) -> Sequence[Any]: ...


class Engine(Protocol[A, O_co]):
    """A game in progress. Every engine of ``rules/`` is assignable to this protocol.

    - ``players``: the number of seats; seats are 0 .. players-1.
    - ``current_player``: the seat to act (None once the game is over).
    - ``legal_actions()``: what it may do, in a fixed order; ``apply(action)`` takes one of
      them (or its string notation), changes the state and returns the events, in order.
      An illegal or malformed action raises a RulesError and changes nothing.
    - ``observation(seat)``: what ``seat`` knows, as a frozen object.
    - ``is_over`` and ``result`` (None until the game is over).
    - ``clone()``: an independent copy, fast (no deepcopy): search copies states often.
    - ``to_dict()`` / ``from_dict(data, step=None)``: seed (or layout), options and actions as
      JSON-ready values; ``from_dict`` replays (each action through ``step`` when given: a
      ``Step``) and refuses data it cannot replay with a LayoutError.
    - ``sample(observation, rng)``: a full state that ``observation``'s seat cannot tell from
      the real one: the hidden cards drawn at random, consistently with everything it has
      seen. The hook a searching AI determinizes with.
    """

    players: int

    @property
    def current_player(self) -> int | None: ...

    @property
    def actions(self) -> Sequence[A]: ...

    def legal_actions(self) -> list[A]: ...

    def apply(self, action: Any) -> list[Event]: ...

    def observation(self, seat: int) -> O_co: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def result(self) -> Any: ...

    def clone(self: E) -> E: ...

    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    def from_dict(cls: type[E], data: Any, step: Step | None = None) -> E: ...

    @classmethod
    def sample(cls: type[E], observation: Any, rng: random.Random) -> E: ...


__all__ = ["RulesError", "InvalidNotationError", "IllegalActionError", "AmbiguousActionError",
           "LayoutError", "DuplicateCardError", "Event", "Observation", "Engine", "check_seat",
           "check_int", "check_list", "check_dict", "FrozenDict", "FrozenList", "freeze", "thaw",
           "fresh", "Step", "apply_step"]
