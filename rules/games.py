"""The games by id, as the rules know them: the one list of games, the lowest layer's half of
each game's registry entry.

A game's entry has two halves, each fact written once:

* here, ``GameRules``: what every layer may know about a game — its id, its engine and options
  classes (``"module:attr"``, imported only when used, so importing this module costs nothing),
  its seat counts, how a match is won (the lowest total, or the highest), and how a new engine
  is dealt for a deal number, a seat count and option values (``new_game``). The opponents and
  the simulation (``ai/``), below the app, read it here;
* in ``game/catalog.py``, ``GameInfo``: what the app adds — the translated title and summary,
  the options and presets the setup screen offers, the table scene, the guided first game, the
  yaku's display names, Watch and Continue — holding this half as its ``rules``.

``GAMES`` is also the order of the menu. A new game is a ``GameRules`` entry here and its
``GameInfo`` in the catalog; tools, benchmarks and tests iterate the registry, never a list of
ids of their own (tests/test_registry.py checks).

The entries are named tuples made keyword-only (``keyword_only``), not dataclasses: both
registries are made as the program starts, where a dataclass's generated methods cost about
a millisecond a class.

>>> g = GAMES["hearts600"]
>>> g.engine, (g.min_players, g.max_players, g.default_players), g.lowest_wins
('rules.hearts600:Hearts600Game', (2, 4, 3), True)
>>> g.new_game(7, players=4).players, g.new_game(7, options={"show_settlement": False}).players
(4, 3)
>>> [g.id for g in GAMES.values() if g.solitaire]
['yatsuhashi']
>>> GameRules(id="chess")  # doctest: +ELLIPSIS
GameRules(id='chess', engine='', options='', min_players=1, max_players=1, default_players=1, \
lowest_wins=False, deal=<function new_fixed_seats at ...>)
>>> GameRules("chess")
Traceback (most recent call last):
...
TypeError: GameRules takes keyword arguments only (got 1 positional)
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, Callable, NamedTuple, TypeVar

T = TypeVar("T")


def load(target: str) -> Any:
    """The object ``"module:attr"`` names, or None when the module does not exist (yet).

    An import error *inside* an existing module is not hidden: it is a bug, and raises.

    >>> load("rules.koikoi:KoiKoiGame").__name__, load("game.scenes.nowhere:Table")
    ('KoiKoiGame', None)
    """
    module_name, _sep, attr = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:  # a real import error inside an existing module
            raise
        return None
    return getattr(module, attr)


def keyword_only(cls: type[T]) -> type[T]:
    """Make the named tuple class ``cls`` refuse positional arguments: an entry of many fields
    reads, and stays right when a field is added, only with each value named. (Copies and
    pickles still work: they pass the fields by name.)"""
    positional = cls.__new__

    def __new__(klass: type[T], *args: Any, **fields: Any) -> T:
        if args:
            raise TypeError(f"{cls.__name__} takes keyword arguments only "
                            f"(got {len(args)} positional)")
        return positional(klass, **fields)

    def __getnewargs_ex__(self: Any) -> tuple[tuple[()], dict[str, Any]]:
        return (), self._asdict()

    cls.__new__ = __new__  # type: ignore[method-assign,assignment]
    cls.__getnewargs_ex__ = __getnewargs_ex__  # type: ignore[attr-defined]
    return cls


def new_fixed_seats(engine_class: Any, seed: int, players: int, rules: Any) -> Any:
    """Deal an engine of a fixed seat count: ``engine_class.new(seed, rules)``."""
    return engine_class.new(seed, rules)


def new_seated(engine_class: Any, seed: int, players: int, rules: Any) -> Any:
    """Deal an engine whose seat count is chosen: ``engine_class.new(seed, rules,
    players=players)``."""
    return engine_class.new(seed, rules, players=players)


def deal_solitaire(engine_class: Any, seed: int, players: int, rules: Any) -> Any:
    """Deal a solitaire: ``engine_class.deal(seed)`` (its options are the table's)."""
    return engine_class.deal(seed)


@keyword_only
class GameRules(NamedTuple):
    """One game as the rules know it. ``engine`` and ``options`` are ``"module:attr"`` paths:
    the engine class ("" when not built yet) and its options dataclass, whose
    ``from_options(dict)`` makes the rules from option values ("" when the engine takes none:
    a solitaire's options are its table's). ``deal(engine_class, seed, players, rules)`` deals
    a new engine (``new_fixed_seats``, ``new_seated``, ``deal_solitaire`` or the game's own).
    ``lowest_wins``: the lowest total wins the match (600 Hearts), else the highest."""

    id: str
    engine: str = ""
    options: str = ""
    min_players: int = 1
    max_players: int = 1
    default_players: int = 1
    lowest_wins: bool = False
    deal: Callable[[Any, int, int, Any], Any] = new_fixed_seats

    @property
    def solitaire(self) -> bool:
        """One seat, no opponents: no computer players, no AI-only games."""
        return self.max_players == 1

    def engine_class(self) -> Any:
        """The engine class, or None when the game has no engine yet."""
        return load(self.engine) if self.engine else None

    def rules_from(self, options: Mapping[str, Any] | None = None) -> Any:
        """The engine's rules from option values (``None``: the defaults); None when the
        engine takes none. A bad value raises the engine's ``InvalidRulesError``."""
        if not self.options:
            return None
        return load(self.options).from_options(dict(options or {}))

    def new_game(self, seed: int, players: int | None = None,
                 options: Mapping[str, Any] | None = None) -> Any:
        """A new engine from deal number ``seed`` with ``players`` seats (None: the default)
        and ``options`` (option values, docs/rules.md's keys; None: the defaults)."""
        cls = self.engine_class()
        if cls is None:
            raise LookupError(f"{self.id}: no engine yet")
        players = self.default_players if players is None else players
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"{self.id} takes {self.min_players}-{self.max_players} players, "
                             f"not {players}")
        return self.deal(cls, seed, players, self.rules_from(options))


#: The games by id, in the menu's order.
GAMES: dict[str, GameRules] = {g.id: g for g in (
    GameRules(id="koikoi", engine="rules.koikoi:KoiKoiGame", options="rules.koikoi:KoiKoiRules",
              min_players=2, max_players=2, default_players=2),
    GameRules(id="hanaawase", engine="rules.hanaawase:HanaAwaseGame",
              options="rules.hanaawase:HanaAwaseRules",
              min_players=3, max_players=3, default_players=3),
    GameRules(id="hearts600", engine="rules.hearts600:Hearts600Game",
              options="rules.hearts600:Hearts600Rules",
              min_players=2, max_players=4, default_players=3, lowest_wins=True,
              deal=new_seated),
    GameRules(id="yatsuhashi", engine="rules.yatsuhashi:Game", deal=deal_solitaire),
    GameRules(id="heart_of_five", engine="rules.heart_of_five:HeartOfFiveGame",
              options="rules.heart_of_five:HeartOfFiveRules",
              min_players=2, max_players=8, default_players=4, deal=new_seated),
)}
