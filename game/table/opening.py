"""How a table opens: its factory's arguments (``setup=``, ``engine=``, ``session=``,
``guide=``, ``demo_moves=``, ``watch=``) become the setup and engine it plays
(``opening_setup``), then the game is dealt or taken up where it stands (``open_game``).
Every game's table opens this way; ``CardTable`` inherits it (``OpeningTable``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rules.engine import Event

if TYPE_CHECKING:  # pragma: no cover
    from game.session import Session
    from game.table.guide import Guide


class OpeningTable:
    """The opening (a mixin of ``CardTable``: ``self`` is the table); a game's table gives
    ``new_game``, ``match_over_step`` and ``play_demo``."""

    game_id: str
    saves: bool
    watching: bool
    session: Session | None
    guide: Guide | None
    if TYPE_CHECKING:  # (the guided game's hook, GuidedTable's)
        def guide_with(self, script: Any) -> None: ...

    #: Seats at a screenshot's demo table (0: as the setup has them).
    DEMO_SEATS: ClassVar[int] = 0

    def opening_setup(self, setup: Any, engine: Any, session: Any, demo_moves: int,
                      guide: Any) -> tuple[Any, Any]:
        """The setup and engine a table opens with (its factory's arguments): the guided
        game's, the saved ``session``'s, or those given; no setup, the game's defaults with
        the seats an ``engine`` has (humans where the defaults have none); a screenshot's
        demo at least ``DEMO_SEATS`` seats, the last one repeated."""
        from game.setups import default_setup
        if guide is not None:
            setup = guide.setup()
        if session is not None:
            setup, engine = session.setup, session.engine()
        if setup is None:
            setup = default_setup(self.game_id, engine.seed if engine is not None else 1)
            if engine is not None:
                setup.seats = (list(setup.seats) + ["human"] * engine.players)[:engine.players]
        n = self.DEMO_SEATS
        if demo_moves and len(setup.seats) < n:
            setup.seats = (list(setup.seats) + [setup.seats[-1]] * n)[:n]
        return setup, engine

    def open_game(self, engine: Any, session: Any, demo_moves: int, guide: Any,
                  watch: bool) -> None:
        """Deal a new game, or take up ``engine``'s position, once the table is built: saved
        unless a demo or watched (``watch``: computers only); the guided game's layer; a
        game saved after its end shows its result; a demo plays ``demo_moves`` first."""
        self.saves = not demo_moves and not watch
        self.watching = watch
        if guide is not None:
            self.guide_with(guide)
        self.new_game(engine)
        if self.guide is not None:
            self.guide.start()
        if session is not None:
            self.session = session
        if engine is not None and engine.is_over:  # saved before the result was shown
            self.match_over_step(Event("match_over", engine.winner))
        if demo_moves:
            self.play_demo(demo_moves)

    def new_game(self, engine: Any = None) -> None:
        """Deal a new game of the setup, or show ``engine``'s position (a game's table)."""
        raise NotImplementedError

    def match_over_step(self, event: Any) -> None:
        """Queue the end of the match: its record and its page (a game's table)."""
        raise NotImplementedError

    def play_demo(self, moves: int) -> None:
        """Screenshots: ``moves`` seeded moves first (a game's table)."""
        raise NotImplementedError
