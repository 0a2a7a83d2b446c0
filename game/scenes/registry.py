"""Which scenes exist: a game's table or a screen is available when its module is present.

Scene modules are imported lazily so the menu starts fast and a missing game is reported as
"not available yet" instead of failing.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable

from game.scene import Scene

# id -> "module:factory". A factory takes keyword arguments (setup=..., seed=...).
_SCENES = {
    "koikoi": "game.scenes.koikoi:KoiKoiTable",
    "hanaawase": "game.scenes.hanaawase:HanaAwaseTable",
    "hearts600": "game.scenes.hearts600:Hearts600Table",
    "yatsuhashi": "game.scenes.yatsuhashi:YatsuhashiTable",
    "heart_of_five": "game.scenes.heart_of_five:HeartOfFiveTable",
    "gallery": "game.scenes.gallery:GalleryScene",
}


def factory(scene_id: str) -> Callable[..., Scene] | None:
    """The scene class/factory for ``scene_id``, or None when it is not built yet."""
    target = _SCENES.get(scene_id)
    if target is None:
        raise ValueError(f"unknown scene id {scene_id!r}")
    module_name, attr = target.split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:  # a real import error inside an existing module
            raise
        return None
    return getattr(module, attr)


def available(scene_id: str) -> bool:
    return factory(scene_id) is not None


def make(scene_id: str, **kwargs: Any) -> Scene | None:
    f = factory(scene_id)
    return None if f is None else f(**kwargs)
