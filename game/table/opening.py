"""How a table opens: its factory's arguments (``setup=``, ``engine=``, ``session=``,
``guide=``, ``demo_moves=``, ``watch=``) become the setup and engine it plays
(``opening_setup``), then the game is dealt or taken up where it stands (``open_game``).
Every game's table opens this way, in its constructor::

    setup, engine = opening_setup(type(self), setup, engine, session, guide)
    super().__init__(setup)
    ...  # the table's own parts
    open_game(self, engine, session, demo_moves, guide, watch)

The table gives ``new_game``, ``play_demo`` and the "match_over" step (``CardTable``'s
interface for a game).
"""

from __future__ import annotations

from typing import Any

from game.setups import SaveError
from rules.engine import Event


def opening_setup(table: Any, setup: Any, engine: Any, session: Any,
                  guide: Any) -> tuple[Any, Any]:
    """The setup and engine a ``table`` class opens with (its factory's arguments): the
    guided game's, the saved ``session``'s, or those given; no setup, the game's defaults
    with the seats an ``engine`` has (humans where the defaults have none)."""
    from game.setups import default_setup
    if guide is not None:
        setup = guide.setup()
    if session is not None:  # (its game is replayed once the table is built: open_game)
        setup = session.setup
    if setup is None:
        setup = default_setup(table.game_id, engine.seed if engine is not None else 1)
        if engine is not None:
            setup.seats = (list(setup.seats) + ["human"] * engine.players)[:engine.players]
    return setup, engine


def open_game(table: Any, engine: Any, session: Any, demo_moves: int, guide: Any,
              watch: bool) -> None:
    """Deal a new game at ``table``, or take up ``engine``'s or the saved ``session``'s
    position, once the table is built: saved unless a demo or watched (``watch``: computers
    only); the guided game's layer; a game saved after its end shows its result; a demo
    plays ``demo_moves`` first. A save that does not replay raises its SaveError, the table
    closed."""
    table.saves = not demo_moves and not watch
    table.watching = watch
    if guide is not None:
        table.guide_with(guide)
    try:
        table.new_game(engine, session)
    except SaveError:
        table.exit()  # (its computer seats' worker)
        raise
    if table.guide is not None:
        table.guide.start()
    if session is not None:
        table.session, table.elapsed = session, session.elapsed
    if table.game.is_over:  # saved before the result was shown
        table.animate_event(Event("match_over", table.game.winner))
    if demo_moves:
        table.play_demo(demo_moves)
