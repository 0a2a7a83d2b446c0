"""The lines of a game's save (``game.session``, a ``game.journal``): the line one record
appends (``changes``: what changed since the record before), and the save a journal's records
make (``assemble``). Lists, the engine's actions, are written as how much of the old list
stays and what follows, so that an action is a short line and an undo a shorter one.
"""

from __future__ import annotations

from typing import Any

from game.logs import get_logger

log = get_logger(__name__)


class LineError(ValueError):
    """A save's line that does not fit the save before it (out of order, a change that
    cannot apply)."""


def changes(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The journal line that makes ``after`` (a save's ``to_dict``) of ``before``: its new
    ``seq``, each other field that changed, and for the engine data what ``apply_line`` needs:
    for a list, ``[kept, added]``: how much of the old one stays and what follows.

    >>> a = {"seq": 1, "elapsed": 1.0, "engine": {"seed": 3, "actions": ["x", "y"]}}
    >>> b = {"seq": 2, "elapsed": 2.0, "engine": {"seed": 3, "actions": ["x", "z", "w"]}}
    >>> line = changes(a, b); line
    {'seq': 2, 'elapsed': 2.0, 'engine': {'actions': [1, ['z', 'w']]}}
    >>> apply_line(a, line) == b
    True
    """
    line: dict[str, Any] = {"seq": after["seq"]}
    for key, value in after.items():
        if key not in ("seq", "engine") and before.get(key) != value:
            line[key] = value
    old, new = before.get("engine", {}), after["engine"]
    engine: dict[str, Any] = {}
    for key, value in new.items():
        was = old.get(key)
        if isinstance(value, list) and isinstance(was, list):
            keep = _common_prefix(was, value)
            if keep != len(was) or keep != len(value):
                engine[key] = [keep, value[keep:]]
        elif was != value or key not in old:
            engine[key] = {"=": value}
    for key in old:
        if key not in new:
            engine[key] = None
    if engine:
        line["engine"] = engine
    return line


def _common_prefix(a: list[Any], b: list[Any]) -> int:
    """How many first entries ``a`` and ``b`` share (the usual cases in C-speed compares)."""
    n = min(len(a), len(b))
    if a[:n] == b[:n]:
        return n
    low, high = 0, n  # a[:low] == b[:low], a[:high] != b[:high]
    while high - low > 1:
        mid = (low + high) // 2
        if a[:mid] == b[:mid]:
            low = mid
        else:
            high = mid
    return low


def apply_line(save: dict[str, Any], line: Any) -> dict[str, Any]:
    """``save`` with journal ``line`` applied (a new dict; ``save`` is left as it is);
    LineError if the line does not fit it."""
    if not isinstance(line, dict) or line.get("seq") != save.get("seq", 0) + 1:
        raise LineError("a line out of order")
    out = {**save, **{k: v for k, v in line.items() if k != "engine"}}
    changes = line.get("engine", {})
    if not isinstance(changes, dict) or not isinstance(save.get("engine"), dict):
        raise LineError("engine: expected an object")
    engine = dict(save["engine"])
    for key, change in changes.items():
        if change is None:
            engine.pop(key, None)
        elif isinstance(change, dict) and set(change) == {"="}:
            engine[key] = change["="]
        elif (isinstance(change, list) and len(change) == 2 and type(change[0]) is int
              and isinstance(change[1], list) and isinstance(engine.get(key, []), list)
              and 0 <= change[0] <= len(engine.get(key, []))):
            engine[key] = engine.get(key, [])[:change[0]] + change[1]
        else:
            raise LineError(f"engine {key!r:.40}: a change that does not fit")
    out["engine"] = engine
    return out


def assemble(records: list[Any]) -> Any:
    """The save that a journal's records make: the first whole, each later one applied in
    turn (a line that does not fit ends it: what came before stands)."""
    save = records[0]
    if not isinstance(save, dict):
        return save  # (from_dict says what is wrong with it)
    for k, line in enumerate(records[1:], 1):
        try:
            save = apply_line(save, line)
        except LineError as exc:
            log.warning("save line %d dropped with the %d after it: %s", k + 1,
                        len(records) - k - 1, exc)
            break
    return save
