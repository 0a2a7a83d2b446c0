"""Hanafuda Parlor: start the game, render a screenshot, or run AI-only simulations.

    python main.py                                   # the title menu
    python main.py --screenshot menu --out menu.png  # one scene, headless
    python main.py simulate koikoi --games 100       # AI against AI
    python main.py --strict                          # developers: a scene error stops the program

The program is ``game/cli.py`` (also ``python -m game``, and the ``hanafuda-parlor`` command an
install makes): this file starts it from the repository.
"""

from __future__ import annotations

import gc
import sys

if __name__ == "__main__":
    gc.disable()  # as early as can be, before the imports (see game.cli.run)

from game.cli import SCREENSHOT_SCENES, build_scene, main, run, screenshot  # noqa: E402

__all__ = ["SCREENSHOT_SCENES", "build_scene", "main", "run", "screenshot"]

if __name__ == "__main__":
    sys.exit(run())
