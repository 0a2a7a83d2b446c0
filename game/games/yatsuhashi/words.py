"""Yatsuhashi's words: its moves, for the hint line and the game log ("Move Plum (chaff)
onto Plum (ribbon).", "Collect Blue ribbons."), and the message line (``status_line``).

>>> from rules.yatsuhashi import Game, parse_move
>>> move_in_words(parse_move("turn"))
'Turn a card from the stock.'
>>> describe(parse_move("turn"), Game.deal(3))
'Turn a card from the stock.'
"""

from __future__ import annotations

from typing import Any

from game.games.yatsuhashi.rules import yaku_label
from game.i18n import _
from game.table.names import card_name
from rules.hanafuda import Card
from rules.yatsuhashi import Game, Move


def move_in_words(move: Move, card_: Card | None = None, onto: Card | None = None) -> str:
    """``move`` in words: a move's ``card_`` goes ``onto`` a foundation's top card (None: an
    empty foundation)."""
    if move.kind == "turn":
        return _("Turn a card from the stock.")
    if move.kind == "recycle":
        return _("Turn the waste over to make a new stock.")
    if move.kind == "collect":
        return _("Collect {yaku}.").format(yaku=yaku_label(move.yaku or ""))
    assert card_ is not None, "a move's card"
    if onto is not None:
        return _("Move {card} onto {onto}.").format(card=card_name(card_), onto=card_name(onto))
    return _("Move {card} to the empty foundation.").format(card=card_name(card_))


def describe(move: Move, game: Game) -> str:
    """``move`` in words in ``game``'s position before it (the card it takes, where to)."""
    if move.kind != "move":
        return move_in_words(move)
    top = game.foundations[move.to]
    return move_in_words(move, move.card if move.card is not None else game.waste[-1],
                         top[-1] if top else None)


def status_line(t: Any) -> str:
    """The message line under the Yatsuhashi table ``t``: what the player may do now, or
    what the game or the solver says."""
    g = t.game
    if t.finding is not None:
        return ""
    if g.is_won:
        return _("All fourteen yaku collected: the deal is won!")
    if t.demo is not None:
        return t.show_me.status()
    if t.hint is not None:
        return _("Hint: {move}").format(move=t.describe(t.hint[0]))
    if t.held:
        return _("Arrows: choose a foundation · Enter: put the cards there · Esc: put them "
                 "back")
    if t.offer.visible:
        return _("The solver proved this deal cannot be won. Play on, or deal a winnable "
                 "one (W).")
    if g.is_stuck:
        return _("No moves left: undo, or start a new deal.")
    if g.collect_moves():
        return _("A yaku can be collected: click its glowing cards.")
    if not t.started:
        return _("Drag cards onto a foundation one month later, or click a card to send it.")
    if t.shown_deal:  # (said while nothing else is: the line is there at every size)
        return _("Show me played this deal: it will not count in your statistics.")
    return ""
