"""Hand-written widgets on pygame-ce's font: all share ``Widget``'s event handling and focus.

Widgets get their rectangle and ``Metrics`` from the scene's ``layout``; ``FocusGroup`` moves
keyboard focus between them (Tab/arrows) and activates with Enter/Space.
"""

from game.widgets.base import Widget
from game.widgets.button import Button
from game.widgets.controls import Choice, NumberField, Slider, Toggle
from game.widgets.focus import FocusGroup
from game.widgets.label import Label
from game.widgets.panel import Panel
from game.widgets.scroll import ScrollList
from game.widgets.tooltip import Tip, Tooltip

__all__ = ["Widget", "Button", "Label", "Toggle", "Slider", "Choice", "NumberField", "Panel",
           "ScrollList", "FocusGroup", "Tip", "Tooltip"]
