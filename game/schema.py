"""Schemas with bounds for what the program reads from files: every value is checked here
before any code uses it.

A schema is built from a few kinds of field, each with its default: ``Int``, ``Float``
(finite), ``Bool``, ``Choice``, ``Text``, ``Tuple`` (a fixed number of items, all valid or
the default), ``ListOf`` and ``MapOf`` (items that fail are dropped) and ``Record`` (named
fields; a missing one takes its default). ``validate`` returns the clean value, the valid
part with defaults elsewhere, and a list of problems, each naming where it was.

>>> size = Tuple(Int(960, 7680, 1280), Int(600, 4320, 800))
>>> validate(size, [1600, 900])
([1600, 900], [])
>>> validate(size, [100000, 900])
([1280, 800], ['[0]: 100000 is over 7680'])
>>> validate(Record({"volume": Float(0.0, 1.0, 0.8)}), {"volume": float("nan"), "x": 1})
({'volume': 0.8}, ['volume: nan is not a finite number', 'x: not a known field'])
>>> validate(Int(0, 9, 0), True)   # a bool is not a number here (it is an int to Python)
(0, ['True is not a whole number'])
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

Problems = list[str]


def _where(path: str, message: str) -> str:
    return f"{path}: {message}" if path else message


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Field:
    """A kind of value with its default (what an invalid or missing value becomes)."""

    default: Any = None

    def check(self, value: Any, path: str, problems: Problems, lenient: bool) -> Any:
        raise NotImplementedError

    def fresh_default(self) -> Any:
        d = self.default
        return list(d) if isinstance(d, list) else dict(d) if isinstance(d, dict) else d


class Int(Field):
    def __init__(self, lo: int, hi: int, default: int) -> None:
        self.lo, self.hi, self.default = lo, hi, default

    def check(self, value: Any, path: str, problems: Problems, lenient: bool) -> Any:
        if type(value) is not int:
            problems.append(_where(path, f"{_short(value)} is not a whole number"))
        elif value < self.lo:
            problems.append(_where(path, f"{_short(value)} is under {self.lo}"))
        elif value > self.hi:
            problems.append(_where(path, f"{_short(value)} is over {self.hi}"))
        else:
            return value
        return self.default


class Float(Field):
    """A finite number in ``[lo, hi]`` (a whole number stays one)."""

    def __init__(self, lo: float, hi: float, default: float) -> None:
        self.lo, self.hi, self.default = lo, hi, default

    def check(self, value: Any, path: str, problems: Problems, lenient: bool) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            problems.append(_where(path, f"{_short(value)} is not a number"))
        elif isinstance(value, float) and not math.isfinite(value):
            problems.append(_where(path, f"{value} is not a finite number"))
        elif not self.lo <= value <= self.hi:
            problems.append(_where(path, f"{_short(value)} is outside {self.lo}-{self.hi}"))
        else:
            return value
        return self.default


class Bool(Field):
    def __init__(self, default: bool) -> None:
        self.default = default

    def check(self, value: Any, path: str, problems: Problems, lenient: bool) -> Any:
        if isinstance(value, bool):
            return value
        problems.append(_where(path, f"{_short(value)} is not true or false"))
        return self.default


class Choice(Field):
    def __init__(self, choices: tuple[Any, ...], default: Any) -> None:
        self.choices, self.default = choices, default

    def check(self, value: Any, path: str, problems: Problems, lenient: bool) -> Any:
        if isinstance(value, (str, int, float)) and not isinstance(value, bool) \
                and value in self.choices:
            return self.choices[self.choices.index(value)]  # (1 read where 1.0 is a choice)
        problems.append(_where(path, f"{_short(value)} is not one of {list(self.choices)}"))
        return self.default


class Text(Field):
    def __init__(self, max_len: int, default: str = "") -> None:
        self.max_len, self.default = max_len, default

    def check(self, value: Any, path: str, problems: Problems, lenient: bool) -> Any:
        if isinstance(value, str) and len(value) <= self.max_len:
            return value
        problems.append(_where(path, f"{_short(value)} is not a text of at most "
                                     f"{self.max_len} characters"))
        return self.default


class Scalar(Field):
    """A plain JSON value: true/false, a finite number, or a short text (option values)."""

    def check(self, value: Any, path: str, problems: Problems, lenient: bool) -> Any:
        if isinstance(value, bool) or (isinstance(value, str) and len(value) <= 80):
            return value
        if isinstance(value, int) and abs(value) <= 10**12:
            return value
        if isinstance(value, float) and math.isfinite(value):
            return value
        problems.append(_where(path, f"{_short(value)} is not a plain value"))
        return None


class Optional(Field):
    """``field``, or None when it is missing or null.

    >>> validate(Record({"seed": Optional(Int(1, 9, 1))}), {})
    ({'seed': None}, [])
    """

    def __init__(self, field: Field) -> None:
        self.field, self.default = field, None

    def check(self, value: Any, path: str, problems: Problems, lenient: bool) -> Any:
        if value is None:
            return None
        found: Problems = []
        clean = self.field.check(value, path, found, lenient)
        problems.extend(found)
        if isinstance(self.field, Record) and isinstance(value, dict):
            return clean  # a record keeps its valid part
        return None if found else clean


class Tuple(Field):
    """A list of exactly ``len(items)`` values, all valid, or the items' defaults."""

    def __init__(self, *items: Field) -> None:
        self.items = items
        self.default = [f.default for f in items]

    def check(self, value: Any, path: str, problems: Problems, lenient: bool) -> Any:
        if not isinstance(value, list) or len(value) != len(self.items):
            problems.append(_where(path, f"expected a list of {len(self.items)} values"))
            return self.fresh_default()
        found: Problems = []
        clean = [f.check(v, f"{path}[{i}]", found, lenient)
                 for i, (f, v) in enumerate(zip(self.items, value))]
        if found:
            problems.extend(found)
            return self.fresh_default()
        return clean


class ListOf(Field):
    """A list of up to ``max_len`` items; an invalid item is dropped."""

    def __init__(self, item: Field, max_len: int) -> None:
        self.item, self.max_len, self.default = item, max_len, []

    def check(self, value: Any, path: str, problems: Problems, lenient: bool) -> Any:
        if not isinstance(value, list):
            problems.append(_where(path, "expected a list"))
            return []
        if len(value) > self.max_len:
            problems.append(_where(path, f"more than {self.max_len} items"))
            return []
        clean = []
        for i, v in enumerate(value):
            found: Problems = []
            c = self.item.check(v, f"{path}[{i}]", found, lenient)
            if found:
                problems.extend(found)
            else:
                clean.append(c)
        return clean


class MapOf(Field):
    """An object of up to ``max_items`` entries, keys of at most ``key_len`` characters; an
    invalid entry is dropped."""

    def __init__(self, value: Field, max_items: int, key_len: int = 40) -> None:
        self.value, self.max_items, self.key_len, self.default = value, max_items, key_len, {}

    def check(self, value: Any, path: str, problems: Problems, lenient: bool) -> Any:
        if not isinstance(value, dict):
            problems.append(_where(path, "expected an object"))
            return {}
        if len(value) > self.max_items:
            problems.append(_where(path, f"more than {self.max_items} entries"))
            return {}
        clean = {}
        for k, v in value.items():
            where = f"{path}.{k}" if path else str(k)
            if len(k) > self.key_len:
                problems.append(_where(where[:60], "the name is too long"))
                continue
            found: Problems = []
            c = self.value.check(v, where, found, lenient)
            if isinstance(self.value, Record) and found:
                problems.extend(found)  # a record keeps its valid part
                clean[k] = c
            elif found:
                problems.extend(found)
            else:
                clean[k] = c
        return clean


class Record(Field):
    """An object with named fields (a missing field takes its default). An unknown field is
    a problem, unless ``lenient`` (a newer version's file: what is understood is read).
    ``fix``, if given, mends cross-field rules on the clean value and returns its problems."""

    def __init__(self, fields: dict[str, Field],
                 fix: Callable[[dict[str, Any]], Problems] | None = None) -> None:
        self.fields, self.fix = fields, fix
        self.default = None

    def fresh_default(self) -> Any:
        return {name: f.fresh_default() for name, f in self.fields.items()}

    def check(self, value: Any, path: str, problems: Problems, lenient: bool) -> Any:
        if not isinstance(value, dict):
            problems.append(_where(path, "expected an object"))
            return self.fresh_default()
        clean = {}
        for name, f in self.fields.items():
            where = f"{path}.{name}" if path else name
            clean[name] = f.check(value[name], where, problems, lenient) if name in value \
                else f.fresh_default()
        if not lenient:
            for name in value:
                if name not in self.fields:
                    where = f"{path}.{name}" if path else str(name)
                    problems.append(_where(where[:60], "not a known field"))
        if self.fix is not None:
            problems.extend(_where(path, p) for p in self.fix(clean))
        return clean


def validate(schema: Field, value: Any, *, lenient: bool = False) -> tuple[Any, Problems]:
    """``value`` checked against ``schema``: (the clean value, the problems found)."""
    problems: Problems = []
    clean = schema.check(value, "", problems, lenient)
    return clean, problems
