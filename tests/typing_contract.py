"""Every engine meets the engine contract: mypy (run by ``.ci/run``) checks that each engine
below is assignable to ``rules.engine.Engine``. Nothing here runs; pytest does not collect it.

An engine adds one function, in this form:

    def koikoi(game: KoiKoiGame) -> Engine[Action, KoiKoiObservation]:
        return game
"""

from __future__ import annotations

from typing import Any

from rules.engine import Engine


def not_an_engine(thing: object) -> Engine[Any, Any]:
    # The protocol is not vacuous: an object is not an engine. Were it accepted, this ignore
    # would be unused, and mypy (warn_unused_ignores) would say so.
    return thing  # type: ignore[return-value]
