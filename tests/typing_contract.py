"""Every engine meets the engine contract: mypy (run by ``.ci/run``) checks that each engine
below is assignable to ``rules.engine.Engine`` and that its observation is an
``rules.engine.Observation``. This is the one place that says so. Nothing here runs; pytest
does not collect it.

An engine adds one function, in this form:

    def koikoi(game: KoiKoiGame) -> Engine[Action, KoiKoiObservation]:
        seen: Observation = game.observation(0)
        return game
"""

from __future__ import annotations

import random
from typing import Any

from rules.engine import Engine, Observation
from rules.fishing import Action, FishingGame, FishingObservation
from rules.hanaawase import HanaAwaseGame, HanaAwaseObservation
from rules.heart_of_five import Action as HeartOfFiveAction
from rules.heart_of_five import HeartOfFiveGame, HeartOfFiveObservation
from rules.hearts600 import Hearts600Game, Hearts600Observation
from rules.koikoi import KoiKoiGame, KoiKoiObservation
from rules.yatsuhashi import Game, Move, YatsuhashiObservation


def koikoi(game: KoiKoiGame) -> Engine[Action, KoiKoiObservation]:
    seen: Observation = game.observation(0)
    again: KoiKoiGame = KoiKoiGame.sample(seen, random.Random(1))
    return again


def hearts600(game: Hearts600Game) -> Engine[Action, Hearts600Observation]:
    seen: Observation = game.observation(0)
    again: Hearts600Game = Hearts600Game.sample(seen, random.Random(1))
    return again


def hanaawase(game: HanaAwaseGame) -> Engine[Action, HanaAwaseObservation]:
    seen: Observation = game.observation(0)
    again: HanaAwaseGame = HanaAwaseGame.sample(seen, random.Random(1))
    return again


def heart_of_five(game: HeartOfFiveGame) -> Engine[HeartOfFiveAction, HeartOfFiveObservation]:
    seen: Observation = game.observation(0)
    again: HeartOfFiveGame = HeartOfFiveGame.sample(seen, random.Random(1))
    return again


def yatsuhashi(game: Game) -> Engine[Move, YatsuhashiObservation]:
    seen: Observation = game.observation(0)
    again: Game = Game.sample(seen, random.Random(1))
    return again


def fishing(game: FishingGame) -> Engine[Action, FishingObservation]:
    # The engine Koi-Koi runs on, for the games that will run on it too.
    return game


def not_an_engine(thing: object) -> Engine[Any, Any]:
    # The protocol is not vacuous: an object is not an engine. Were it accepted, this ignore
    # would be unused, and mypy (warn_unused_ignores) would say so.
    return thing  # type: ignore[return-value]
