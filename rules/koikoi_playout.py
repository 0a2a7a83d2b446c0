"""Koi-Koi's random playouts, fast: the playout mode's default policy, a deal's turns in one loop.

``KoiKoiGame.playout(rng)`` (no policy) runs here. It plays the game ``apply`` would play with
the actions the fishing engine's default policy draws (``FishingGame.playout``): the same
calls of ``rng.random()``, in the same order, for the same choices, so the scores, deals and
end are the same, and so is the state it leaves. Only the turns of a deal are played here,
in one loop over local variables: cards as deck indices (``Card.index``: lists of ints are
searched without calling ``Card.__eq__``), the stock reversed (drawn from its end), yaku
totals from ``yaku_total_function``. The state is written back when the deal ends, and the
game's own methods score it and deal again; the other decisions (the hand swap, a decision
pending when the playout starts) are taken through ``FishingGame._step`` as the engine does.

>>> import random
>>> from rules.koikoi import KoiKoiGame
>>> g = KoiKoiGame.new(5).clone(playout=True)
>>> s = KoiKoiGame.new(5).clone(playout=True)
>>> play_out(g, random.Random(1).random, -1)
>>> g.is_over, g.scores == s.playout(random.Random(1)), len(g.history) >= 1
(True, True, True)
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable

from rules.fishing.records import PHASE_OVER, PHASE_PLAY
from rules.fishing.tables import CAPTURES, Capture
from rules.hanafuda import DECK

from rules.koikoi import (PHASE_SWAP, KoiKoiGame, PackedYaku, packed_yaku, yaku_of_mask,
                          yaku_total_function)

#: A capture, or None: the card goes to the field.
Choice = Capture | None
#: A play or a draw as the loop carries it out: (card index, the bits its month's field
#: pattern changes by, the cards it puts in the pile, the capture or None, the cards it puts
#: in the pile as a ``PackedYaku`` pile). The field is kept as twelve month patterns: a
#: capture takes cards from its month's, a card laid down joins it (an exclusive or, either
#: way).
Move = tuple[int, int, int, Choice, int]
#: Indexed by card index, then its month's field pattern: a card's plays in the order of its
#: play actions (``PLAYS``), or a drawn card's captures in the order of its take actions
#: (one: no choice; none: it joins the field).
Moves = tuple[tuple[tuple[Move, ...], ...], ...]
#: The bit of each month's pattern in a bit set of cards.
SHIFTS = tuple(range(0, 48, 4))
WHOLE_MONTHS = tuple(15 << shift for shift in SHIFTS)  # a month's four cards, by month
_NO_PACKS = (0,) * 48


@lru_cache(maxsize=8)
def moves(triple: bool, packs: tuple[int, ...] = _NO_PACKS) -> tuple[Moves, tuple[Move, ...]]:
    """The moves of the field-triple rule ``triple`` (each card's packed value: ``packs``),
    and each card's move laid down (required matching with no match, optional matching)."""
    def move(i: int, capture: Choice) -> Move:
        if capture is None:
            return (i, 1 << (i & 3), 0, None, 0)
        return (i, (capture.bits >> (i & -4)) & 15 & ~(1 << (i & 3)), capture.bits, capture,
                sum(packs[c.index] for c in capture.got))
    table = CAPTURES[triple]
    return (tuple(tuple(tuple(move(c.index, ch) for ch in (opts or (None,))) for opts in table[c])
                  for c in DECK), tuple(move(i, None) for i in range(48)))


def play_out(game: KoiKoiGame, rand: Callable[[], float], stop: int) -> None:
    """Play ``game`` (in playout mode) on with the default policy, drawing with ``rand``,
    until the match is over or ``len(game.history) == stop`` (-1: no stop)."""
    history = game.history
    floor = math.floor
    total_of = yaku_total_function(game.rules)
    packed = packed_yaku(game.rules)
    tables = moves(game._triple, packed.card if packed else _NO_PACKS)
    while True:
        phase = game.phase
        if phase == PHASE_OVER or len(history) == stop:
            return
        if phase == PHASE_PLAY:
            _play_deal(game, rand, tables, packed, total_of)
        elif phase == PHASE_SWAP:  # legal: swap, keep
            game._swap(floor(rand() * 2) == 0)
        else:  # a decision the playout began in: as the engine draws it
            legal = game._compute_legal()
            game._step(legal[floor(rand() * len(legal))])


def _play_deal(game: KoiKoiGame, rand: Callable[[], float],
               tables: tuple[Moves, tuple[Move, ...]], packed: PackedYaku | None,
               total_of: Callable[[int], int]) -> None:
    """Play the turns of the deal from the play phase until it ends, then score it (the game
    deals again or ends the match). Each choice draws as ``FishingGame.playout`` does."""
    floor = math.floor
    plays, lays = tables
    any_card = game._matching == "if_matching"
    required = game._matching == "required"
    width = 2 if game._triple else 3    # _random_play's slots per card
    p = game._turn
    hands = [[c.index for c in h] for h in game.hands]
    turns = len(hands[0]) + len(hands[1])
    stock = [c.index for c in reversed(game.stock)]  # top last
    fmask = game.field_mask
    field = [(fmask >> shift) & 15 for shift in SHIFTS]  # by month (card index >> 2)
    masks = game.pile_masks
    if packed:  # the piles packed, and their totals' tables
        card, figures, ribbons, chaff = packed
        piles = [sum(card[i] for i in range(48) if m >> i & 1) if m else 0 for m in masks]
    totals = game.pile_totals
    start = game.turn_start_total
    captor = game.last_captor
    while True:
        hand = hands[p]
        # The play: listed as FishingGame._compute_legal lists them, or (any card may be
        # played) drawn as _random_play draws it.
        if any_card:
            slots = len(hand) * width
            while True:
                k, s = divmod(floor(rand() * slots), width)
                row = plays[hand[k]][field[hand[k] >> 2]]
                if s < len(row):
                    i, change, got, first, pack = row[s]
                    break
            del hand[k]
        else:
            out: list[Move] = []
            if required:
                for i in hand:
                    pattern = field[i >> 2]
                    if pattern:
                        out += plays[i][pattern]
            else:  # optional: a card that matches may be laid down too
                for i in hand:
                    pattern = field[i >> 2]
                    out += plays[i][pattern]
                    if pattern:
                        out.append(lays[i])
            if out:
                i, change, got, first, pack = out[floor(rand() * len(out))]
                hand.remove(i)
            else:  # (required) no card matches: any card, laid down; the hand is seen to
                # hold no card of a month on the field (FishingTurns._shows_absent)
                game.absent[p] |= sum(full for full, pattern in zip(WHOLE_MONTHS, field)
                                      if pattern)
                i, change, got, first, pack = lays[hand.pop(floor(rand() * len(hand)))]
        field[i >> 2] ^= change
        # The draw: a choice of two (or three) captures is a take, drawn like the play.
        d = stock.pop()
        row = plays[d][field[d >> 2]]
        d, change, drawn, second, drawn_pack = \
            row[0] if len(row) == 1 else row[floor(rand() * len(row))]
        field[d >> 2] ^= change
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
        # The turn is done (KoiKoiGame._turn_done).
        turns -= 1
        if total > start:
            # A yaku made on the last turn stops the round; else koi-koi or stop, drawn.
            if turns and floor(rand() * 2) == 0:
                game.koikoi_calls[p] += 1
                p = 1 - p
                start = totals[p]
                continue
            game.pile_yaku[p] = yaku_of_mask(masks[p], game.rules)  # the round's record reads it
            how = "stop" if turns else "last_turn"
        elif turns:
            p = 1 - p
            start = totals[p]
            continue
        else:
            how = ""  # exhausted
        # The state at the end of p's turn: what scoring reads, and what a new deal does not
        # replace (hands, stock and captures: only if the match ends, then).
        fmask = 0
        for pattern in reversed(field):
            fmask = fmask << 4 | pattern
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
