"""One place for colours, spacing and type sizes.

Layout is in relative units: ``Metrics`` scales a 1280x800 design to the window, so every
scene works from 960x600 to 3840x2160.

>>> Metrics((1920, 1080)).px(10)
14
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

Color = tuple[int, int, int]

# Traditional hanafuda palette, used for the whole interface.
INK: Color = (28, 24, 22)
CREAM: Color = (243, 234, 211)
PAPER: Color = (232, 220, 192)
VERMILION: Color = (200, 58, 40)
VERMILION_DARK: Color = (150, 38, 28)
GOLD: Color = (214, 172, 84)
GOLD_DIM: Color = (150, 120, 60)
INDIGO: Color = (36, 48, 92)
FELT: Color = (24, 72, 54)
FELT_DARK: Color = (14, 44, 33)
LACQUER: Color = (30, 14, 12)
SHADOW: Color = (0, 0, 0)
MUTED: Color = (170, 160, 140)
DISABLED: Color = (110, 104, 96)
SUCCESS: Color = (96, 170, 100)

BACKGROUND_TOP: Color = (22, 60, 46)
BACKGROUND_BOTTOM: Color = (10, 30, 24)

PANEL: Color = (18, 24, 22)
PANEL_ALPHA = 215
PANEL_BORDER: Color = GOLD_DIM

BUTTON: Color = (44, 40, 36)
BUTTON_HOVER: Color = (70, 58, 44)
BUTTON_PRIMARY: Color = VERMILION
BUTTON_PRIMARY_HOVER: Color = (226, 84, 58)
FOCUS_RING: Color = GOLD
TEXT: Color = CREAM
TEXT_DIM: Color = MUTED
DIM_OVERLAY = (0, 0, 0, 150)

DESIGN_SIZE = (1280, 800)

# Type sizes in design pixels.
TYPE_SIZES = {
    "display": 76,
    "title": 48,
    "heading": 32,
    "body": 24,
    "small": 19,
    "tiny": 15,
}


@dataclass(frozen=True)
class Metrics:
    """Scale design pixels to a window of ``size``."""

    size: tuple[int, int]

    @functools.cached_property
    def scale(self) -> float:
        w, h = self.size
        return max(0.5, min(w / DESIGN_SIZE[0], h / DESIGN_SIZE[1]))

    def px(self, design: float) -> int:
        """``design`` pixels at 1280x800, in window pixels (at least 1)."""
        return max(1, round(design * self.scale))

    def type_size(self, role: str) -> int:
        return self.px(TYPE_SIZES[role])

    @property
    def gap(self) -> int:
        return self.px(12)

    @property
    def pad(self) -> int:
        return self.px(18)

    @property
    def radius(self) -> int:
        return self.px(10)

    @property
    def row_height(self) -> int:
        return self.px(52)


@functools.lru_cache(maxsize=8)
def metrics_for(size: tuple[int, int]) -> Metrics:
    """The one ``Metrics`` of a window of ``size`` (scenes ask for it many times a frame:
    one made each time computed its scale each time).

    >>> metrics_for((1920, 1080)) is metrics_for((1920, 1080)), metrics_for((1920, 1080)).px(10)
    (True, 14)
    """
    return Metrics(size)

