"""Sound effects for Hanafuda Parlor, synthesized in pure Python at start-up.

Typical use, after ``pygame.init()``::

    bank = SoundBank.start()           # never raises; silent without an audio device
    bank.set_volumes(master, effects, mute)
    bank.play("place")

:mod:`sounds.synth` makes the samples (no pygame), :mod:`sounds.bank` plays them.
"""

from __future__ import annotations

from sounds.bank import SoundBank
from sounds.synth import EFFECTS

__all__ = ["EFFECTS", "SoundBank"]
