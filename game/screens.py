"""Which scenes exist: a game's table (from the registry, ``game.catalog``) or a screen.

The layers below the screens (the app's base, the table kit) open a screen by asking for it
here by its id (``make("menu")``), never by importing it: a screen's entry names its module,
as a game's registry entry names its table. Scene modules are imported when asked for, so
the menu starts fast and a missing game is reported as "not available yet".

>>> available("koikoi"), available("heart_of_five"), available("gallery")
(True, True, True)
"""

from __future__ import annotations

from typing import Any, Callable

from game.catalog import GAMES, load
from game.scene import Scene

#: Screens that are not games: id -> "module:factory".
_SCREENS = {"gallery": "game.scenes.gallery:GalleryScene",
            "menu": "game.scenes.menu:MenuScene",
            "setup": "game.scenes.setup:SetupScene",
            "pause": "game.scenes.pause:PauseMenu",
            "rules": "game.scenes.pause:RulesScene"}


def factory(scene_id: str) -> Callable[..., Scene] | None:
    """The scene class/factory for ``scene_id``, or None when it is not built yet.

    A game's table takes ``setup=`` (a new game) or ``session=`` (a saved one) as keywords.
    """
    if scene_id in GAMES:
        return GAMES[scene_id].table_factory()
    target = _SCREENS.get(scene_id)
    if target is None:
        raise ValueError(f"unknown scene id {scene_id!r}")
    return load(target)


def available(scene_id: str) -> bool:
    return factory(scene_id) is not None


def make(scene_id: str, *args: Any, **kwargs: Any) -> Scene | None:
    f = factory(scene_id)
    return None if f is None else f(*args, **kwargs)


def screen(scene_id: str, *args: Any, **kwargs: Any) -> Scene:
    """The screen ``scene_id`` (not a game's table: always built), made with the arguments.

    >>> screen("menu").name
    'menu'
    """
    made = make(scene_id, *args, **kwargs)
    if made is None:
        raise LookupError(f"{scene_id!r} is not a screen")
    return made
