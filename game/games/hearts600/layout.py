"""Where things sit on the 600 Hearts table, for 2, 3 or 4 seats and any window size (pure
geometry, no drawing).

The kit's fishing table (``game.table.places.FishingLayout``): the viewer's hand along the
bottom with the capture pile above it, the other seats in turn order (right, top, left; all
along the top at a large interface size), the field in the middle with the stock and the
drawn card on its left, a message line under the field, and the panel (scores toward 600) on
the right.

>>> t = Hearts600Layout((1280, 800), players=4)
>>> [p.side for p in t.seats], t.panel.right <= 1280
(['bottom', 'right', 'top', 'left'], True)
>>> Hearts600Layout((960, 600), players=2).HAND_CARDS
10
"""

from __future__ import annotations

from game.table.places import FishingLayout

#: The most cards a hand holds, by seat count (docs/rules.md's deal: 10, 7 or 5).
HAND_BY_PLAYERS = {2: 10, 3: 7, 4: 5}


class Hearts600Layout(FishingLayout):
    """Rectangles and card sizes for a window of ``size``; positions are card centres."""

    def arrange(self) -> None:
        self.HAND_CARDS = HAND_BY_PLAYERS.get(self.players, 10)
        super().arrange()
