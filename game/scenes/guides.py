"""The guided first games: which games have one, opening one, and the first-time offer.

A game's script (``game.table.guide.GuideScript``) lives in ``game.games.<id>.guide`` as
``GUIDE``; the setup screen offers it (``offer_due``: once per game, remembered in the
settings' ``guides_offered``) and opens it (``open_guided``).

>>> has_guide("koikoi"), has_guide("no such game")
(True, False)
"""

from __future__ import annotations

import importlib
from typing import Any

from game.catalog import GAMES
from game.table.guide import GuideScript

#: The games with a guided first game.
GUIDED = ("koikoi", "hanaawase", "hearts600", "heart_of_five", "yatsuhashi")


def has_guide(game_id: str) -> bool:
    return game_id in GUIDED


def script(game_id: str) -> GuideScript:
    return importlib.import_module(f"game.games.{game_id}.guide").GUIDE


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
