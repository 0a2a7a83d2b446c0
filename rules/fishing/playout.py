"""The fishing engine's playout mode, for searching AIs: ``FishingPlayout``, which
``FishingGame`` (``rules.fishing.engine``) builds on.

``playout(rng, policy=None)`` plays a state on to the end of
the match (random legal actions, or a policy's), ``clone(playout=True)`` copies a state into
the mode. It is the same game (the same legal actions in the same order, deals, scores and end
as ``apply`` gives with the same actions) with less bookkeeping: no events are built
(``apply`` returns an empty list), no action list is kept (``actions`` is empty, ``to_dict``
raises a RulesError), and the field and capture piles are kept as bit sets only: ``field`` and
``piles`` are lists built from them when read (the field in deck order; they cannot be
assigned), and no ``deal_log`` is kept (None): the two differences an observation shows. A
state never leaves the mode (``playout_mode``). A game may play the default policy's
playouts its own faster way, the same game with the same draws of ``rng`` (Koi-Koi:
``rules.koikoi_playout``).

>>> from rules.koikoi import KoiKoiGame
>>> g = KoiKoiGame.new(5).clone(playout=True)
>>> g.playout_mode, g.apply(g.legal_actions()[0]), g.actions
(True, [], [])
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Callable, cast

from rules.engine import IllegalActionError
from rules.fishing.actions import Action
from rules.fishing.records import PHASE_OVER, PHASE_PLAY
from rules.fishing.tables import PLAYS, SHIFT, random_play
from rules.fishing.turns import FishingTurns

if TYPE_CHECKING:  # (engine.py builds FishingGame on this module)
    from rules.fishing.engine import FishingGame

#: A playout's chooser: (the state, its legal actions in their usual order) -> one of them.
Policy = Callable[["FishingGame", list[Action]], Action]


class FishingPlayout(FishingTurns):
    """``FishingTurns`` with the playout mode: ``playout``, and the mode's switch."""

    __slots__ = ()

    # Playout mode ------------------------------------------------------------------------------
    @property
    def playout_mode(self) -> bool:
        """Is this state in playout mode (``playout``, ``clone(playout=True)``)? For good:
        it plays on as the same game, but reports no events, keeps no record and refuses
        ``to_dict``."""
        return self._quiet

    def _enter_playout(self) -> None:
        self._quiet = True
        self._events, self.actions = [], []
        self.deal_log = None  # (not kept in playout mode)
        self._field, self._piles = [], []  # read through ``field``/``piles`` from the bit sets

    def playout(self, rng: random.Random, policy: Policy | None = None,
                rounds: int | None = None) -> list[int]:
        """Play on to the end of the match, in playout mode; returns the scores by seat.

        Each action is ``policy(self, legal)`` (it must return one of ``legal``, the legal
        actions in their usual order; it may read the state, ``observation`` included, but
        not change it), or by default one of ``legal`` drawn uniformly with ``rng.random()``
        (``legal[int(rng.random() * len(legal))]``, or ``_random_play``).
        ``rounds``: stop once that many more deals have been scored (the next one is dealt
        already). The game is exactly the one ``apply`` would play with the same actions,
        later deals included (they come from the seed), but the state switches to playout
        mode for good (``playout_mode``): search clones or samples a state, then plays it
        out.

        >>> from rules.koikoi import KoiKoiGame
        >>> g = KoiKoiGame.new(5)
        >>> scores = g.clone(playout=True).playout(random.Random(1))
        >>> g.is_over, max(scores) >= 50
        (False, True)
        """
        if not self._quiet:
            self._enter_playout()
        history = self.history
        stop = len(history) + rounds if rounds is not None else -1
        rand, floor, step, compute = rng.random, math.floor, self._step, self._compute_legal
        # Where any card may be played, a random play is drawn without listing them all.
        draw_play = self._matching == "if_matching" and not self._steal and policy is None
        while self.phase != PHASE_OVER and (stop < 0 or len(history) != stop):
            if draw_play and self.phase == PHASE_PLAY:
                step(self._random_play(rand))
                continue
            legal = compute()  # afresh: each step clears the cache anyway
            if policy is None:  # (floor: int() for x >= 0, and cheaper)
                step(legal[floor(rand() * len(legal))])
                continue
            action = policy(cast("FishingGame", self), legal)
            if action not in legal:
                raise IllegalActionError(f"policy: {action!r} is not legal now; legal: "
                                         f"{', '.join(map(str, legal))}")
            step(action)
        return list(self.scores)

    def _random_play(self, rand: Callable[[], float]) -> Action:
        """A legal play, each with the same chance, where any card may be played
        (``if_matching``, no stealing), drawn without listing them all (``random_play``).
        ``rand()``: uniform in [0, 1)."""
        play: Action = random_play(self.hands[self._turn], self.field_mask, PLAYS[self._triple],
                                   SHIFT, 2 if self._triple else 3, rand)[1]
        return play
