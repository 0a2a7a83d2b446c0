"""Find deals for the guided first games (``GameInfo.guide``): deals whose opening shows the
rules early, played by the player's scripted moves against the guide's computer seats exactly
as the table will play them (the guide's seats and options, each agent seeded
``ai.seats.agent_seed``).

``python -m tools.guided_seeds koikoi [--first N] [--count K]`` prints the best deals, each
with the player's moves (the script's ``moves``) and the events that show a rule. The
player's moves are Normal's choices (stopping at the first yaku), so the opening is a
sensible one to copy. A game is offered once a function here scores its openings
(``@scores(game_id, moves)``).

>>> found = opening("koikoi", 1810)
>>> found.moves[:2], found.moves[-1]
(['play 6A 6C1', 'take 9A'], 'stop')
"""

from __future__ import annotations

import argparse
from typing import Any, Callable, NamedTuple

from ai.base import make_agent
from ai.seats import agent_seed
from game.catalog import GAMES


class Opening(NamedTuple):
    seed: int
    moves: list[str]          # the player's (seat 0) actions, in notation
    events: list[Any]         # every event (``rules.engine.Event``)

    @property
    def texts(self) -> list[str]:
        return [str(e) for e in self.events]
    game: Any


Score = Callable[["Opening"], "float | None"]

#: game id -> (how its openings score, the player's opening moves looked at), by ``scores``.
SCORES: dict[str, tuple[Score, int]] = {}


def scores(game_id: str, moves: int) -> Callable[[Score], Score]:
    """Register the decorated function as the score of ``game_id``'s openings (None: unfit),
    looking at the player's first ``moves`` moves."""
    def mark(score: Score) -> Score:
        SCORES[game_id] = (score, moves)
        return score
    return mark


def new_guided(game_id: str, seed: int) -> tuple[Any, dict[int, str]]:
    """The guided game of ``game_id`` dealt from ``seed`` (its guide's seats and options), and
    its computer seats' levels by seat."""
    script = GAMES[game_id].guide_script()
    setup = script.setup()
    setup.seed = seed
    levels = {s: level for s, level in enumerate(setup.seats) if level != "human"}
    return GAMES[game_id].new_engine(setup), levels


def opening(game_id: str, seed: int, limit: int = 60) -> Opening:
    """The player's moves (Normal's, stopping at a yaku) and every event, to the first
    round's end or ``limit`` actions."""
    most = SCORES[game_id][1]
    game, levels = new_guided(game_id, seed)
    agents = {s: make_agent(game_id, lv, seed=agent_seed(seed, s)) for s, lv in levels.items()}
    me = make_agent(game_id, "normal", seed=0)
    moves: list[str] = []
    events = list(getattr(game, "start_events", ()))
    for _i in range(limit):
        seat = game.current_player
        if seat is None or getattr(game, "round", 1) > 1:
            break
        if seat == 0:
            words = {str(a) for a in game.legal_actions()}
            action: Any = "stop" if "stop" in words else me.choose(game.observation(0))
            moves.append(str(action))
        else:
            action = agents[seat].choose(game.observation(seat))
        events += game.apply(action)
        if moves and moves[-1] == "stop" or len(moves) >= most and seat == 0:
            break
    return Opening(seed, moves, events, game)


@scores("koikoi", moves=8)
def koikoi_score(found: Opening) -> float | None:
    """Koi-Koi: the player moves first, captures at once, has a drawn card's choice, sees a
    card stay on the field and makes the first yaku within eight moves (None: unfit)."""
    moves, events = found.moves, found.texts
    if not moves or moves[-1] != "stop" or len(moves) > 8 or len(moves[0].split()) != 3:
        return None
    yaku = [e for e in events if e.startswith("yaku")]
    if not yaku or yaku[0] != "yaku seat0":
        return None
    shown = (any(m.startswith("take") for m in moves)
             + any(e.startswith("to_field") for e in events)
             + any(e.startswith("captured seat1") for e in events))
    return shown * 10 - abs(len(moves) - 6)


@scores("hanaawase", moves=4)
def hanaawase_score(found: Opening) -> float | None:
    """Hana-awase: the player moves first and, in the opening, captures, takes a card from
    another player's pile and lays a card that matches nothing; a teyaku is a bonus."""
    events = found.texts
    if not events or "turn seat0" not in events[:3]:
        return None
    steals = [e for e in found.events if e.kind == "captured" and e.seat == 0
              and (e.data or {}).get("from") is not None]
    return (20 * bool(steals) + 5 * any(e.startswith("teyaku") for e in events)
            + 5 * any(e.startswith("captured seat0") for e in events[:8])
            + 3 * any(e.startswith("to_field seat0") for e in events))


@scores("hearts600", moves=4)
def hearts600_score(found: Opening) -> float | None:
    """600 Hearts: the player moves first, the first move captures nothing (cards captured
    count against the captor); captures by both sides in the opening."""
    events, moves = found.texts, found.moves
    if not moves or "turn seat0" not in events[:3]:
        return None
    first = next(e for e in found.events if e.kind == "played" and e.seat == 0)
    return (10 * (not first.data["captures"])
            + 5 * any(e.startswith("captured seat1") for e in events)
            + 5 * any(e.startswith("captured seat0") for e in events))


@scores("heart_of_five", moves=8)
def heart_of_five_score(found: Opening) -> float | None:
    """Heart of Five: the player leads first and, in the opening, follows with a higher meld,
    passes, plays a bomb and sees everyone pass (a new lead); the earlier the better."""
    events, moves = found.texts, found.moves
    if not moves or "turn seat0" not in events[:3] or moves[0] == "pass":
        return None
    mine = [e for e in found.events if e.kind == "played" and e.seat == 0]
    bomb = any(e.data["kind"] in ("bomb", "straight_flush") for e in mine)
    follows = "pass" in moves and len(mine) >= 2
    new_lead = any(e.kind == "lead" and e.data["reason"] == "all_passed" for e in found.events)
    if not (bomb and follows and new_lead):
        return None
    return 100 - len(moves) * 5 - len(events) / 10


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=[g for g in GAMES if GAMES[g].guide and g in SCORES])
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--count", type=int, default=2000)
    args = parser.parse_args(argv)
    ranked = []
    for seed in range(args.first, args.first + args.count):
        found = opening(args.game, seed)
        score = SCORES[args.game][0](found)
        if score is not None:
            ranked.append((score, found))
    ranked.sort(key=lambda x: -x[0])
    for score, found in ranked[:10]:
        print(found.seed, score, found.moves)


if __name__ == "__main__":
    main()
