"""Progress toward a yaku, for the tables' panels: how many of a yaku's cards a capture pile
holds, how many it needs, and which cards still in reach would make it.

Each fishing game lists its own yaku with ``progress`` (``yaku_progress`` in ``rules.koikoi``,
``rules.hearts600`` and ``rules.hanaawase``): a yaku of ``need`` cards out of a group (a bit
set), reached by the pile's cards and those no other seat holds (``reach``).

>>> from rules.hanafuda import cards
>>> pile, free = reach(cards("1R 2R"), cards("6R"))
>>> progress("akatan", pile_mask(cards("1R 2R 3R")), 3, pile, free)
YakuProgress(yaku='akatan', have=2, need=3, missing=(Card('3R'),))
>>> progress("aotan", pile_mask(cards("6R 9R 10R")), 3, pile, free) is None  # 6R is held
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from rules.engine import DuplicateCardError
from rules.fishing.records import pile_mask
from rules.hanafuda import Card, cards_of

#: Every card, as a bit set.
_ALL = (1 << 48) - 1


class YakuProgress(NamedTuple):
    """How far a pile is toward a yaku it has not made: ``have`` of the ``need`` cards;
    ``missing`` the cards in reach that would complete it (empty for a count yaku: any of
    the kind will do)."""

    yaku: str
    have: int
    need: int
    missing: tuple[Card, ...]


def reach(captured: Iterable[Card], blocked: Iterable[Card] = ()) -> tuple[int, int]:
    """(the pile ``captured`` as a bit set, the cards still free to join it: those neither in
    it nor ``blocked``, the cards other seats hold where they cannot be taken). A card both
    captured and blocked raises DuplicateCardError.

    >>> from rules.hanafuda import cards
    >>> pile, free = reach(cards("1B"), cards("3B"))
    >>> pile == cards("1B")[0].bit, free & (pile | cards("3B")[0].bit)
    (True, 0)
    >>> reach(cards("1B"), cards("1B"))
    Traceback (most recent call last):
    ...
    rules.engine.DuplicateCardError: a card is both captured and blocked: 1B
    """
    pile = pile_mask(captured)
    out_of_reach = pile_mask(blocked)
    both = pile & out_of_reach
    if both:
        raise DuplicateCardError("a card is both captured and blocked: "
                                 + " ".join(c.code for c in cards_of(both)))
    return pile, _ALL & ~(pile | out_of_reach)


def progress(yaku: str, group: int, need: int, pile: int, free: int, *, least: int = 1,
             listed: bool = True) -> YakuProgress | None:
    """The progress of ``pile`` (a bit set) toward ``yaku``, made of ``need`` cards of
    ``group``: None unless the pile holds at least ``least`` of them and the cards ``free``
    (``reach``) can still complete it. ``listed``: name the group's free cards as the missing
    ones (else none: a count yaku). Whether the yaku is made already is the game's to say.

    >>> from rules.hanafuda import cards
    >>> tane = pile_mask(cards("2A 4A 5A 6A 7A 8A"))
    >>> progress("tane", tane, 5, pile_mask(cards("2A 4A")), tane & ~pile_mask(cards("2A 4A")),
    ...          listed=False)
    YakuProgress(yaku='tane', have=2, need=5, missing=())
    >>> progress("tane", tane, 5, pile_mask(cards("2A 4A")), 0) is None  # out of reach
    True
    >>> progress("tane", tane, 5, pile_mask(cards("2A")), tane, least=2) is None
    True
    """
    have = (pile & group).bit_count()
    open_ = group & free
    if have < least or have + open_.bit_count() < need:
        return None
    return YakuProgress(yaku, have, need, tuple(cards_of(open_)) if listed else ())


__all__ = ["YakuProgress", "progress", "reach"]
