"""The actions of the fishing games and their string notation.

``play 3B`` (no match, or the only way to capture), ``play 3B 3C1`` (capture that card),
``play 3B -`` (lay it down without capturing, where a game's matching rule allows it),
``take 3C1`` (the drawn card captures that card); each game adds its own words (Koi-Koi:
``koikoi``, ``stop``, ``swap``, ``keep``). Text that is no action raises InvalidNotationError.

>>> str(parse_action("play 3b 3c1")), str(parse_action("KOIKOI", ("koikoi",)))
('play 3B 3C1', 'koikoi')
>>> parse_action("koikoi")
Traceback (most recent call last):
...
rules.engine.InvalidNotationError: not an action: 'koikoi'
"""

from __future__ import annotations

from typing import NamedTuple, Sequence

from rules.engine import InvalidNotationError
from rules.hanafuda import Card, card


class Action(NamedTuple):
    """One decision. ``kind``: play, take, or a game's own word (koikoi, stop, ...).

    ``card`` is the played card (play); ``target`` the card to capture (the first of a field
    triple) or None to let the rules decide; ``lay`` lays a matching card down without
    capturing (optional matching only).
    """

    kind: str
    card: Card | None = None
    target: Card | None = None
    lay: bool = False

    def __str__(self) -> str:
        if self.kind == "play":
            text = f"play {self.card}"
            if self.lay:
                return text + " -"
            return text + (f" {self.target}" if self.target else "")
        if self.kind == "take":
            return f"take {self.target}"
        return self.kind


def parse_action(text: str, words: Sequence[str] = ()) -> Action:
    """An action from its notation; ``words`` are the game's own one-word actions."""
    if not isinstance(text, str):
        raise InvalidNotationError(f"not an action: {text!r}")
    parts = text.strip().split()
    if not parts:
        raise InvalidNotationError("empty action")
    word = parts[0].lower()
    try:
        if word == "play" and len(parts) in (2, 3):
            if len(parts) == 3 and parts[2] == "-":
                return Action("play", card(parts[1]), lay=True)
            return Action("play", card(parts[1]), card(parts[2]) if len(parts) == 3 else None)
        if word == "take" and len(parts) == 2:
            return Action("take", None, card(parts[1]))
        if word in words and len(parts) == 1:
            return Action(word)
    except InvalidNotationError as exc:
        raise InvalidNotationError(f"bad action {text!r}: {exc}") from None
    raise InvalidNotationError(f"not an action: {text!r}")


def check_action(action: Action, words: Sequence[str] = ()) -> None:
    """An Action built by hand must hold what the notation could say, or InvalidNotationError.

    >>> check_action(Action("take", None, "3B"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rules.engine.InvalidNotationError: not an action: Action(kind='take', card=None, ...)
    """
    kind, c, target, lay = action
    ok = type(lay) is bool and (c is None or type(c) is Card) and \
        (target is None or type(target) is Card)
    if ok and kind == "play":
        ok = c is not None and not (lay and target is not None)
    elif ok and kind == "take":
        ok = c is None and target is not None and not lay
    elif ok:
        ok = isinstance(kind, str) and kind in words and c is None and target is None \
            and not lay
    if not ok:
        raise InvalidNotationError(f"not an action: {action!r}")
