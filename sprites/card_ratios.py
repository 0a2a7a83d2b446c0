"""The cards' proportions, height over width: what a layout needs before any card is drawn
(importing the card art costs the start-up about 9 ms, and the title menu lays out its fan of
cards before its first frame).

>>> round(90 * HANAFUDA_RATIO), round(90 * WESTERN_RATIO)
(144, 126)
"""

HANAFUDA_RATIO = 1.6  # height / width (real cards are about 54 x 33 mm)
WESTERN_RATIO = 1.4
