"""The interface every game's computer opponent implements, and the registry that builds them.

An agent sees one seat's observation, the frozen object the game's engine returns from
``observation(seat)`` (what that seat may know: ``rules.koikoi.KoiKoiObservation``, say), and
picks one of its ``legal_actions``. Levels are registered per game, so a new level (a
search-based "hard", say) plugs in without touching the scenes or the catalog (the setup
screen offers ``levels(game_id)``): ``register("koikoi", "hard", HardAgent)``. A game's
agents live in the module ``ai.<game id>``, which registers them when imported: no list of
games is kept here.

>>> agent = make_agent("koikoi", "normal", seed=3)
>>> agent.level
'normal'
>>> make_agent("koikoi", "expert", seed=3)
Traceback (most recent call last):
...
ValueError: unknown AI level 'expert' for koikoi (known: easy, normal, hard)
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Protocol, TypeVar, runtime_checkable

Obs_contra = TypeVar("Obs_contra", contravariant=True)


@runtime_checkable
class Agent(Protocol[Obs_contra]):
    """A computer player. ``choose`` must return one of the observation's legal actions.

    ``Agent[O]`` reads observations of type ``O``: the frozen object its engine's
    ``observation(seat)`` returns. Agents read nothing but the observation (never
    the game object, never hidden cards) and draw any randomness from their own
    ``random.Random``, so a seed replays the same choices.
    """

    level: str

    def choose(self, observation: Obs_contra, /) -> Any:
        """The action to take, given what the seat to move may see."""
        ...


AgentFactory = Callable[[int], Agent[Any]]  # seed -> agent

_REGISTRY: dict[str, dict[str, AgentFactory]] = {}


def register(game_id: str, level: str, factory: AgentFactory) -> None:
    """Make ``make_agent(game_id, level, seed)`` build ``factory(seed)``.

    >>> class Lazy:
    ...     level = "lazy"
    ...     def __init__(self, seed): pass
    ...     def choose(self, observation): return observation.legal_actions[0]
    >>> register("koikoi", "lazy", Lazy)
    >>> from rules.koikoi import KoiKoiGame
    >>> game = KoiKoiGame.new(seed=7)
    >>> seen = game.observation(game.current_player)
    >>> make_agent("koikoi", "lazy", 0).choose(seen) == game.legal_actions()[0]
    True
    >>> unregister("koikoi", "lazy")
    """
    _REGISTRY.setdefault(game_id, {})[level] = factory


def unregister(game_id: str, level: str) -> None:
    """Forget a level (tests and plug-ins that were only trying one out)."""
    _REGISTRY.get(game_id, {}).pop(level, None)


def _load(game_id: str) -> dict[str, AgentFactory]:
    """The levels of ``game_id``, importing ``ai.<game_id>`` the first time (kept lazy:
    importing ai.base must stay cheap and free of every game's code)."""
    if game_id not in _REGISTRY and isinstance(game_id, str) and game_id.isidentifier():
        module = f"ai.{game_id}"
        try:
            importlib.import_module(module)  # registers its levels
        except ModuleNotFoundError as exc:
            if exc.name != module:  # a real import error inside an existing module
                raise
        _REGISTRY.setdefault(game_id, {})  # looked for once, found or not
    levels = _REGISTRY.get(game_id) if isinstance(game_id, str) else None
    if not levels:
        known = ", ".join(sorted(g for g, lv in _REGISTRY.items() if lv)) or "none"
        raise ValueError(f"no AI for game {game_id!r} (games with an AI: {known})")
    return levels


def levels(game_id: str) -> tuple[str, ...]:
    """The levels available for ``game_id``, weakest first as registered.

    >>> levels("koikoi")[:2]
    ('easy', 'normal')
    """
    return tuple(_load(game_id))


def make_agent(game_id: str, level: str, seed: int) -> Agent[Any]:
    """A fresh agent for ``game_id`` at ``level``; the same seed gives the same choices.

    Raises ValueError naming the game or the level when either is unknown.
    """
    available = _load(game_id)
    factory = available.get(level)
    if factory is None:
        raise ValueError(f"unknown AI level {level!r} for {game_id} "
                         f"(known: {', '.join(available)})")
    return factory(seed)
