"""The guided first games: which games have one, opening one, and the first-time offer.

A game's script (``game.table.guide.GuideScript``) is the one its catalog entry names
(``GameInfo.guide``: ``game.games.<id>.guide:GUIDE``, "" for none); the setup screen offers
it (``offer_due``: once per game, remembered in the settings' ``guides_offered``) and opens it
(``open_guided``).

>>> has_guide("koikoi"), has_guide("no such game")
(True, False)
>>> script("hanaawase").game_id
'hanaawase'
"""

from __future__ import annotations

from typing import Any

from game.catalog import GAMES
from game.table.guide import GuideScript


def has_guide(game_id: str) -> bool:
    """Has ``game_id`` a guided first game (its catalog entry names one)?"""
    game = GAMES.get(game_id)
    return game is not None and bool(game.guide)


def script(game_id: str) -> GuideScript:
    """The guided first game of ``game_id`` (one that ``has_guide``)."""
    found = GAMES[game_id].guide_script()
    assert isinstance(found, GuideScript), f"{game_id}: no guide"
    return found


def guided_table(game_id: str) -> Any:
    """The table of ``game_id``'s guided first game."""
    factory = GAMES[game_id].table_factory()
    assert factory is not None  # (every game with a guide has its table)
    return factory(guide=script(game_id))


def open_guided(app: Any, game_id: str) -> None:
    """Replace the screen on top (the setup) with the guided game; the game saved for
    Continue, if any, stays as it is (a guided game is never saved)."""
    offered(app, game_id)
    app.stack.replace(guided_table(game_id))


def offer_due(app: Any, game_id: str) -> bool:
    """Is the guided game of ``game_id`` to be offered (never offered yet)?"""
    return has_guide(game_id) and game_id not in app.settings.guides_offered


def offered(app: Any, game_id: str) -> None:
    """Remember that the guided game of ``game_id`` was offered (it is not again)."""
    if game_id not in app.settings.guides_offered:
        app.settings.guides_offered.append(game_id)
        app.save_settings()
