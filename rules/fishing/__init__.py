"""The hanafuda fishing games' shared parts (Koi-Koi, 600 Hearts, Hana-awase), 2-4 seats:
matching by month, captures, the turn and the match, with hooks for each game.

>>> from rules.hanafuda import DECK
>>> hands, field, stock = deal(DECK, deal_plan(3, hand=7, field=6), dealer=0)  # 600 Hearts
>>> [len(h) for h in hands], len(field), len(stock)
([7, 7, 7], 6, 21)

Modules: ``basics`` (those card-level rules, the pile order, seeds), ``actions`` (the actions
and their notation), ``tables`` (the bit sets and move tables the engine looks moves up in),
``deal`` (deal plans by seat count, the shuffle, void-deal checks), ``records`` (the options,
a seat's observation, a deal's result, layout checks) and the engine, ``FishingGame``, in
layers: ``core`` (the state, the hooks for each game's options, scoring and decisions, the
legal actions), ``turns`` (the play -> choose -> draw -> take turn for N seats and the match of
deals), ``playout`` (the playout mode) and ``engine`` (making, saving and observing a game);
``progress`` (a pile's progress toward a yaku, which each game's ``yaku_progress`` lists).
"""

from rules.fishing.actions import Action, check_action, parse_action
from rules.fishing.basics import (KIND_ORDER, capture_options, derive_seed, has_full_month,
                                  is_four_pairs, matches, month_counts, next_seat, sort_pile)
from rules.fishing.deal import VOID_CHECKS, DealPlan, deal, deal_plan, void_reason
from rules.fishing.engine import FishingGame
from rules.fishing.records import (PHASE_OVER, PHASE_PLAY, PHASE_TAKE, DealResult,
                                   FishingObservation, FishingOptions)

__all__ = ["Action", "check_action", "parse_action", "KIND_ORDER", "capture_options",
           "derive_seed", "has_full_month", "is_four_pairs", "matches", "month_counts",
           "next_seat", "sort_pile", "VOID_CHECKS", "DealPlan", "deal", "deal_plan",
           "void_reason", "PHASE_OVER", "PHASE_PLAY", "PHASE_TAKE", "DealResult", "FishingGame",
           "FishingObservation", "FishingOptions"]
