"""Card sprites: animation, drag and drop, and the animation queue (no card art here).

* ``easing``: easing curves (``linear``, ``ease_in_quad``, ``ease_out_cubic``,
  ``ease_in_out_cubic``, ``ease_out_back``).
* ``tween.Tween``: dt-driven interpolation of a float or tuple.
* ``card_sprite.CardSprite``: a card drawn by any face/back renderer ``(w, h) -> Surface``.
* ``drag.DragController``: press / drag / drop / click on card sprites.
* ``anim_queue.AnimationQueue``: engine events played as animations, in order.

The art lives in ``sprites.hanafuda_art``, ``sprites.western_art``, ``sprites.backs`` and
``sprites.faces``; import those directly (this package stays light).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from sprites.anim_queue import (SPEED_FACTORS, AnimationQueue, barrier, parallel, sequence,
                                     until_settled)
    from sprites.card_sprite import (CardSprite, Renderer, any_animating, draw_order,
                                      draw_sprites)
    from sprites.drag import DragController
    from sprites.easing import (EASINGS, ease_in_out_cubic, ease_in_quad, ease_out_back,
                                ease_out_cubic, linear)
    from sprites.tween import Tween

#: Where each name lives: its module is imported when the name is first asked for, so that
#: ``sprites.cache`` (the menu's first frame needs it) does not bring in the card sprites.
_HOMES = {
    **dict.fromkeys(("SPEED_FACTORS", "AnimationQueue", "barrier", "parallel", "sequence",
                     "until_settled"), "sprites.anim_queue"),
    **dict.fromkeys(("CardSprite", "Renderer", "any_animating", "draw_order", "draw_sprites"),
                    "sprites.card_sprite"),
    "DragController": "sprites.drag",
    **dict.fromkeys(("EASINGS", "ease_in_out_cubic", "ease_in_quad", "ease_out_back",
                     "ease_out_cubic", "linear"), "sprites.easing"),
    "Tween": "sprites.tween",
}


def __getattr__(name: str) -> Any:
    """``sprites.Tween`` and the like, imported on first use.

    >>> import sprites
    >>> sprites.Tween.__module__
    'sprites.tween'
    """
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'sprites' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


__all__ = [
    "AnimationQueue",
    "CardSprite",
    "DragController",
    "EASINGS",
    "Renderer",
    "SPEED_FACTORS",
    "Tween",
    "any_animating",
    "barrier",
    "draw_order",
    "draw_sprites",
    "ease_in_out_cubic",
    "ease_in_quad",
    "ease_out_back",
    "ease_out_cubic",
    "linear",
    "parallel",
    "sequence",
    "until_settled",
]
