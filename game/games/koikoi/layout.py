"""Where things sit on the Koi-Koi table, for any window size (pure geometry, no drawing).

The kit's fishing table (``game.table.places.FishingLayout``) for two seats: the viewer's
hand along the bottom with the capture pile above it, the opponent's hand and pile along the
top, the field in the middle with the stock and the drawn card on its left, a message line
under the field, and the information panel on the right. Cards are as large as the window
allows.

>>> t = TableLayout((1280, 800))
>>> t.hand_card[1] > t.hand_card[0] and t.panel.right <= 1280
True
>>> t.field_card[0] * 6 > t.play.width // 2  # the field uses the felt
True
"""

from __future__ import annotations

from game.table.places import FishingLayout


class TableLayout(FishingLayout):
    """Rectangles and card sizes for a window of ``size``; positions are card centres (the
    kit's fishing table as it stands)."""
