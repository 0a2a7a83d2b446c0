"""Koi-Koi's random playouts, fast: the playout mode's default policy, a deal's turns in one loop.

``KoiKoiGame.playout(rng)`` (no policy) runs here. It plays the game ``apply`` would play with
the actions the fishing engine's default policy draws (``FishingGame.playout``): the same
calls of ``rng.random()``, in the same order, for the same choices, so the scores, deals and
end are the same, and so is the state it leaves.

The loop is built from the engine's own rules, not beside them: the plays a hand may make and
the random play are ``rules.fishing.tables``' ``legal_plays`` and ``random_play`` (the engine
lists and draws its plays with them), captures are the engine's capture tables (``CAPTURES``),
what follows a turn is ``rules.koikoi.turn_end`` (the engine's ``_turn_done`` asks it too), the
yaku totals are ``yaku_total_function``/``packed_yaku`` (tables made by ``yaku_of_mask``), and
the engine's own methods deal, score a round (``_score_round``, ``_finish_deal``), take the
hand swap and any decision pending when the playout starts (``_step``) and note what a hand
is seen not to hold (``_shows_absent``). The engine hands those Koi-Koi pieces in (this module
imports nothing of ``rules.koikoi``, which imports it). Only the bookkeeping is the loop's own,
in local variables: cards as deck indices (``Card.index``: lists of ints are searched without
calling ``Card.__eq__``), the stock reversed (drawn from its end). The state is written back
when the deal ends.

>>> import random
>>> from rules.koikoi import KoiKoiGame
>>> g = KoiKoiGame.new(5).clone(playout=True)
>>> s = KoiKoiGame.new(5).clone(playout=True)
>>> g.playout(random.Random(1)) == s.playout(random.Random(1)), g.is_over
(True, True)
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING, Callable

from rules.fishing.records import PHASE_OVER, PHASE_PLAY
from rules.fishing.tables import CAPTURES, SHIFT_OF_INDEX, Capture, legal_plays, random_play
from rules.hanafuda import DECK

if TYPE_CHECKING:  # (rules.koikoi imports this module and hands its pieces in)
    from rules.koikoi import KoiKoiGame, PackedYaku

#: A capture, or None: the card goes to the field.
Choice = Capture | None
#: A play or a draw as the loop carries it out: (card index, the field's bits it changes, the
#: cards it puts in the pile, the capture or None, the cards it puts in the pile as a
#: ``PackedYaku`` pile). A capture takes cards from the field, a card laid down joins it (an
#: exclusive or, either way).
Move = tuple[int, int, int, Choice, int]
#: Indexed by card index, then its month's field pattern: a card's plays in the order of its
#: play actions (``PLAYS``), or a drawn card's captures in the order of its take actions
#: (one: no choice; none: it joins the field).
Moves = tuple[tuple[tuple[Move, ...], ...], ...]
_NO_PACKS = (0,) * 48


@lru_cache(maxsize=8)
def moves(triple: bool, packs: tuple[int, ...] = _NO_PACKS) -> tuple[Moves, tuple[Move, ...]]:
    """The moves of the field-triple rule ``triple`` (each card's packed value: ``packs``),
    made from the engine's capture tables, and each card's move laid down (optional matching).

    >>> plays, lays = moves(True)
    >>> lays[0] == plays[0][0][0] == (0, 1, 0, None, 0)   # 1B laid on a field without January
    True
    """
    def move(i: int, capture: Choice) -> Move:
        if capture is None:
            return (i, 1 << i, 0, None, 0)
        return (i, capture.bits & ~(1 << i), capture.bits, capture,
                sum(packs[c.index] for c in capture.got))
    table = CAPTURES[triple]
    return (tuple(tuple(tuple(move(c.index, ch) for ch in (opts or (None,))) for opts in table[c])
                  for c in DECK), tuple(move(i, None) for i in range(48)))


def play_out(game: KoiKoiGame, rand: Callable[[], float], stop: int,
             turn_end: Callable[[int, int, bool], str], total_of: Callable[[int], int],
             packed: PackedYaku | None) -> None:
    """Play ``game`` (in playout mode) on with the default policy, drawing with ``rand``,
    until the match is over or ``len(game.history) == stop`` (-1: no stop). The engine's
    pieces: ``turn_end`` (``rules.koikoi.turn_end``), the yaku total of a pile (``total_of``,
    ``yaku_total_function``) and the packed tables (``packed_yaku``, None if the rules have
    none)."""
    history = game.history
    floor = math.floor
    tables = moves(game._triple, packed.card if packed else _NO_PACKS)
    while True:
        phase = game.phase
        if phase == PHASE_OVER or len(history) == stop:
            return
        if phase == PHASE_PLAY:
            _play_deal(game, rand, tables, turn_end, packed, total_of)
        else:  # the hand swap, or a decision the playout began in: as the engine draws it
            legal = game._compute_legal()
            game._step(legal[floor(rand() * len(legal))])


def _play_deal(game: KoiKoiGame, rand: Callable[[], float],
               tables: tuple[Moves, tuple[Move, ...]], turn_end: Callable[[int, int, bool], str],
               packed: PackedYaku | None, total_of: Callable[[int], int]) -> None:
    """Play the turns of the deal from the play phase until it ends, then score it (the game
    deals again or ends the match). Each choice draws as ``FishingGame.playout`` does."""
    floor = math.floor
    plays, lays = tables
    matching = game._matching
    any_card = matching == "if_matching"
    required = matching == "required"
    width = 2 if game._triple else 3    # random_play's slots per card
    p = game._turn
    hands = [[c.index for c in h] for h in game.hands]
    turns = len(hands[0]) + len(hands[1])
    stock = [c.index for c in reversed(game.stock)]  # top last
    fmask = game.field_mask
    masks = game.pile_masks
    if packed:  # the piles packed, and their totals' tables
        card, figures, ribbons, chaff = packed
        piles = [sum(card[i] for i in range(48) if m >> i & 1) if m else 0 for m in masks]
    totals = game.pile_totals
    start = game.turn_start_total
    captor = game.last_captor
    while True:
        hand = hands[p]
        # The play: drawn as the engine draws it where any card may be played, else one of
        # the plays it lists.
        if any_card:
            k, (i, change, got, first, pack) = random_play(hand, fmask, plays, SHIFT_OF_INDEX,
                                                           width, rand)
            del hand[k]
        else:
            out = legal_plays(hand, fmask, plays, SHIFT_OF_INDEX, matching, lays)
            i, change, got, first, pack = out[floor(rand() * len(out))]
            hand.remove(i)
            if first is None and required:  # no card matched: the hand shows what it lacks
                game.field_mask = fmask
                game._shows_absent(p)
        fmask ^= change
        # The draw: a choice of two (or three) captures is a take, drawn like the play.
        d = stock.pop()
        row = plays[d][(fmask >> SHIFT_OF_INDEX[d]) & 15]
        d, change, drawn, second, drawn_pack = \
            row[0] if len(row) == 1 else row[floor(rand() * len(row))]
        fmask ^= change
        if got or drawn:
            masks[p] |= got | drawn
            captor = p
            if packed:
                piles[p] = x = piles[p] + pack + drawn_pack
                total = figures[x & 0x3FFF] + ribbons[x >> 14 & 0x3FF] + chaff[x >> 24]
            else:
                total = total_of(masks[p])
            totals[p] = total
        else:
            total = totals[p]
        # The turn is done: what follows (KoiKoiGame._turn_done).
        turns -= 1
        then = turn_end(total, start, not turns)
        if then == "decide":  # koi-koi or stop, drawn as the engine lists them
            if floor(rand() * 2) == 0:
                game.koikoi_calls[p] += 1
                p = 1 - p
                start = totals[p]
                continue
            game._update_yaku(p)  # the round's record reads it
            how = "stop"
        elif then == "next":
            p = 1 - p
            start = totals[p]
            continue
        elif then == "last_turn":
            game._update_yaku(p)
            how = then
        else:
            how = ""  # exhausted
        # The state at the end of p's turn: what scoring reads, and what a new deal does not
        # replace (hands, stock and captures: only if the match ends, then).
        game.field_mask = fmask
        game.last_captor = captor
        game.current_player = game._turn = p
        game.turn_start_total = start
        deals = game.deal_count
        if how:
            game._score_round(p, how)
        else:
            game._finish_deal()
        if game.phase == PHASE_OVER and game.deal_count == deals:  # (not ended by a new deal)
            game.hands = [[DECK[i] for i in h] for h in hands]
            game.stock = [DECK[i] for i in reversed(stock)]
            game.turn_captures = [*(first.got if first else ()), *(second.got if second else ())]
            game._refresh_yaku()
        return
