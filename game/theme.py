"""One place for colours, spacing and type sizes.

Layout is in relative units: ``Metrics`` scales a 1280x800 design to the window, so every
scene works from 960x600 to 3840x2160, times the player's interface scale (settings: 100-200%).

>>> Metrics((1920, 1080)).px(10), Metrics((1280, 800), ui=2.0).px(10)
(14, 20)
"""

from __future__ import annotations

import functools
import math
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

# Card highlights. Each meaning has a colour AND a shape of its own (the style of
# ``sprites.card_sprite.Glow``, named beside each), so that none is told apart by hue alone;
# the colours pass ``tools.colour_check`` (tests/test_colour_check.py) under protanopia,
# deuteranopia and tritanopia.
GLOW_ACT: Color = (240, 200, 90)      # halo: a card that can act now (capture, be collected)
GLOW_TARGET: Color = (120, 220, 140)  # dashed line: what it can take, where it can go
GLOW_CHOSEN: Color = (235, 90, 60)    # solid line: cards chosen for a collection
GLOW_COACH: Color = (255, 246, 222)   # diamond marker: the coach's choice
GLOW_HINT: Color = (160, 150, 255)    # diamond marker: the hinted move (Yatsuhashi)
LAST_MOVE: Color = (160, 150, 255)    # corner brackets: another seat's last move
#: The highlights each kind of table shows together (what the colour check compares).
TABLE_HIGHLIGHTS: dict[str, tuple[Color, ...]] = {
    "fishing": (GLOW_ACT, GLOW_TARGET, GLOW_COACH, LAST_MOVE),
    "yatsuhashi": (GLOW_ACT, GLOW_TARGET, GLOW_CHOSEN, GLOW_HINT),
}

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
#: The smallest text that carries information, in design pixels at 100% (issue 38).
MIN_TEXT = 14

TYPE_SIZES = {
    "display": 76,
    "title": 48,
    "heading": 32,
    "body": 24,
    "small": 19,
    "tiny": 15,
}


#: The interface scales the player may choose (settings), and the card factor of the
#: large-card mode (``Metrics.cards``: the tables' layouts make their cards that much larger).
UI_SCALES = (1.0, 1.25, 1.5, 1.75, 2.0)
LARGE_CARDS = 1.3


@dataclass(frozen=True)
class Metrics:
    """Scale design pixels to a window of ``size``, times the interface scale ``ui``;
    ``cards``: the large-card factor the table layouts apply (1.0: off)."""

    size: tuple[int, int]
    ui: float = 1.0
    cards: float = 1.0

    @functools.cached_property
    def scale(self) -> float:
        w, h = self.size
        return max(0.5, min(w / DESIGN_SIZE[0], h / DESIGN_SIZE[1])) * self.ui

    def px(self, design: float) -> int:
        """``design`` pixels at 1280x800, in window pixels (at least 1)."""
        return max(1, round(design * self.scale))

    def type_size(self, role: str) -> int:
        return self.px(TYPE_SIZES[role])

    @property
    def least_text(self) -> int:
        """The smallest text that may carry information: ``MIN_TEXT`` design pixels at an
        interface size of 100% in this window (a text shrunk to fit stops here)."""
        return math.floor(MIN_TEXT * self.scale / self.ui)

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


#: What ``metrics_for`` applies: the player's interface scale and large-card factor
#: (``set_display``, from the settings; one window, one of each).
_display = {"ui": 1.0, "cards": 1.0}


def set_display(ui_scale: float, large_cards: bool) -> bool:
    """Use the interface scale ``ui_scale`` (one of ``UI_SCALES``, else 1.0) and the
    large-card mode from now on; True when either changed (scenes must be laid out again).

    >>> set_display(1.5, False), metrics_for((1280, 800)).px(10), set_display(1.0, False)
    (True, 15, True)
    """
    new = {"ui": ui_scale if ui_scale in UI_SCALES else 1.0,
           "cards": LARGE_CARDS if large_cards else 1.0}
    changed = new != _display
    _display.update(new)
    return changed


#: The least of the 1280x800 design a scene keeps in view as the interface scale grows
#: (design pixels): widget pages (they scroll) and the tables (their panels, piles and
#: fields are laid out for at least this much). A larger scale than the window allows for
#: it is held back: 200% on a 1280x800 window is 200% on a page, 133% at a table.
PAGE_CANVAS = (640, 400)
TABLE_CANVAS = (960, 600)


def metrics_for(size: tuple[int, int], canvas: tuple[int, int] = PAGE_CANVAS) -> Metrics:
    """The one ``Metrics`` of a window of ``size`` at the display settings now in use, the
    interface scale held back so that the window shows ``canvas`` design pixels (scenes ask
    for it many times a frame: one made each time computed its scale each time).

    >>> metrics_for((1920, 1080)) is metrics_for((1920, 1080)), metrics_for((1920, 1080)).px(10)
    (True, 14)
    >>> _ = set_display(2.0, True); m = metrics_for((1280, 800), TABLE_CANVAS)
    >>> round(m.ui, 2), m.cards, metrics_for((1280, 800)).ui, set_display(1.0, False)
    (1.33, 1.3, 2.0, True)
    """
    w, h = size
    fit = max(0.5, min(w / DESIGN_SIZE[0], h / DESIGN_SIZE[1]))
    room = min(w / canvas[0], h / canvas[1]) / fit  # the most this window allows
    ui = max(1.0, min(_display["ui"], round(room, 3)))
    return _metrics((w, h), ui, _display["cards"])


@functools.lru_cache(maxsize=8)
def _metrics(size: tuple[int, int], ui: float, cards: float) -> Metrics:
    return Metrics(size, ui, cards)

