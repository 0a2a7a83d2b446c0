"""The computer seats of one table, as a background job: each seat's agent lives where the job
runs (a child process in the game), made once per match and kept between questions.

``choose(table, game_id, levels, seed, seat, observation)`` answers ``(seat, action)``. The
agents of ``table`` (any hashable name of one table's match: a new match is a new name) are made
at its first question, each seeded ``agent_seed(seed, seat)``, and used for every later question
in order, so a seed replays the same choices.

>>> from rules.koikoi import KoiKoiGame
>>> game = KoiKoiGame.new(1)
>>> seat = game.current_player
>>> choose("t1", "koikoi", {seat: "easy"}, 1, seat, game.observation(seat))[0] == seat
True
>>> forget("t1"); "t1" in _tables
False

When that process cannot be kept alive, the seats play on in the game's own process at
``in_process_levels``: Hard (a search of a second a move) at Normal, which decides in a
millisecond or so, the others as they were.
"""

from __future__ import annotations

from typing import Any, Hashable

from ai.base import Agent, levels as registered_levels, make_agent
from rules.fishing import derive_seed

#: Mixed in first, so agents' seeds are a stream of their own (not the engine's later deals).
_AGENTS = 0xA6E7

#: Agents by table, then by seat; a process serves one table, so this stays small.
_tables: dict[Hashable, dict[int, Agent]] = {}

#: The strongest level a computer seat plays at in the game's own process (its own process
#: lost): Normal decides in at most about 12 ms (Hana-awase), where Hard searches a second.
IN_PROCESS_LEVEL = "normal"


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent at ``seat`` for deal number ``seed``: mixed (``derive_seed``), so
    no two (deal, seat) pairs share one, whatever the number of seats.

    The tag keeps the agents' seeds a stream apart from the engine's own derived seeds (the
    dealer draw, later deals), which mix the same deal number with small parts.

    >>> agent_seed(1, 2) == agent_seed(1, 2) != agent_seed(2, 1)
    True
    """
    return derive_seed(seed, _AGENTS, seat)


def agents(game_id: str, levels: dict[int, str], seed: int) -> dict[int, Agent]:
    """Fresh agents for the computer seats ``levels`` of a match of deal number ``seed``."""
    return {s: make_agent(game_id, level, seed=agent_seed(seed, s))
            for s, level in levels.items()}


def in_process_levels(game_id: str, levels: dict[int, str]) -> dict[int, str]:
    """The levels of the computer seats ``levels`` as they play in the game's own process: a
    level registered above ``IN_PROCESS_LEVEL`` (Hard) plays at it, the others as they are.

    >>> in_process_levels("koikoi", {1: "hard", 2: "easy", 3: "normal"})
    {1: 'normal', 2: 'easy', 3: 'normal'}
    """
    order = registered_levels(game_id)
    if IN_PROCESS_LEVEL not in order:
        return dict(levels)
    cap = order.index(IN_PROCESS_LEVEL)
    return {s: IN_PROCESS_LEVEL if level in order and order.index(level) > cap else level
            for s, level in levels.items()}


def choose(table: Hashable, game_id: str, levels: dict[int, str], seed: int, seat: int,
           observation: Any, think: float | None = None) -> tuple[int, Any]:
    """``(seat, action)``: what the agent of ``seat`` at ``table`` chooses; ``think``: the
    seconds a searching agent (one with a ``seconds`` budget: Hard) may spend on it."""
    kept = _tables.get(table)
    if kept is None:
        kept = _tables[table] = agents(game_id, levels, seed)
    agent = kept[seat]
    if think is not None and hasattr(agent, "seconds"):
        agent.seconds = think
    return seat, agent.choose(observation)


def forget(table: Hashable) -> None:
    """Drop the agents of ``table`` (its match is over)."""
    _tables.pop(table, None)
