"""The soak's invariants (``tools.soak``): what must hold after every step of random input.

``check(app)``: the scene stack is sane (not empty, no scene twice, every scene that shows
laid out for the window); for every card table on the stack, every card of its engine is in
exactly one place (``census``) and the save on disk holds every action in effect
(``check_saved``); and
for the table on top, once settled, its picture of the cards is the engine's position
(``check_model``) and every card is drawn at its place (``check_view``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from game.session import read_save


class InvariantError(AssertionError):
    """An invariant broke: the message says which."""


class LostActions(InvariantError):
    """The save on disk lacks an action the engine took."""



def census(game: Any) -> tuple[Counter[Any], Counter[Any]]:
    """(the cards where the engine has them, the cards of its deck), each card counted."""
    from rules.hanafuda import DECK
    if hasattr(game, "foundations"):  # Yatsuhashi
        found = [c for f in game.foundations for c in f] + list(game.stock) + \
            list(game.waste) + [c for _y, cs in game.collections for c in cs]
        return Counter(found), Counter(DECK)
    if hasattr(game, "played"):  # the climbing game
        from rules.heart_of_five import pack
        return (Counter(c for h in game.hands for c in h) + Counter(game.played),
                Counter(pack(game.rules.decks)))
    found = [*game.field, *game.stock, *(c for h in game.hands for c in h),
             *(c for p in game.piles for c in p)]
    if game.pending is not None:
        found.append(game.pending)
    return Counter(found), Counter(DECK)


def check_stack(app: Any) -> None:
    scenes = list(app.stack)
    if not scenes:
        raise InvariantError("the scene stack is empty")
    if len(set(map(id, scenes))) != len(scenes):
        raise InvariantError("a scene is on the stack twice")
    if len(scenes) > 12:
        raise InvariantError(f"{len(scenes)} scenes on the stack: "
                             + " > ".join(s.name for s in scenes))
    shown = app.stack.visible()  # (a scene under an opaque one is laid out when it shows)
    for s in scenes:
        if s.app is not app:
            raise InvariantError(f"scene {s.name} is not on this app")
        if s in shown and tuple(s.size) != tuple(app.stack.size):
            raise InvariantError(f"scene {s.name} laid out for {s.size}, window {app.stack.size}")
    if tuple(app.stack.size) != app.screen.get_size():
        raise InvariantError(f"stack size {app.stack.size} is not the screen's "
                             f"{app.screen.get_size()}")


def tables(app: Any) -> list[Any]:
    """The card tables on the stack (a table under a dialog or the pause menu too)."""
    from game.table.base import CardTable
    return [s for s in app.stack if isinstance(s, CardTable) and s.game is not None]


def check_cards(table: Any) -> None:
    found, deck = census(table.game)
    if found != deck:
        extra, missing = found - deck, deck - found
        raise InvariantError(f"{table.name}: cards out of place: extra {sorted(map(str, extra))}"
                             f", missing {sorted(map(str, missing))}")


def check_saved(table: Any) -> None:
    """The save on disk holds every action the engine has in effect (none lost)."""
    session = table.session
    if session is None or session.closed or not table.game.actions:
        return
    data = read_save(session.path)  # (its lines are in the file once ``record`` returned)
    if not isinstance(data, dict):
        raise LostActions(f"{table.name}: no readable save with "
                          f"{len(table.game.actions)} actions")
    if data.get("id") != session.id:
        raise LostActions(f"{table.name}: the save on disk is another game's")
    engine = data["engine"]
    saved = engine["moves"] if "moves" in engine else engine["actions"]  # Yatsuhashi: moves
    position = data.get("position")
    in_effect = saved[:position] if position is not None else saved
    taken = [str(a) for a in table.game.actions]
    if in_effect != taken:
        raise LostActions(f"{table.name}: the save holds {len(in_effect)} actions, the engine "
                          f"{len(taken)}")


def check_view(table: Any) -> None:
    """Once settled, every card is drawn where the table places it, and only those."""
    if not table.settled() or table.drag.active:
        return
    places = table.places()
    for c, s in table.sprites.items():
        p = places.get(c)
        if p is None:
            if s.alpha:
                raise InvariantError(f"{table.name}: {c} is drawn but has no place")
            continue
        if not s.alpha:
            raise InvariantError(f"{table.name}: {c} has a place but is hidden")
        if abs(s.x - p.pos[0]) > 1 or abs(s.y - p.pos[1]) > 1:
            raise InvariantError(f"{table.name}: {c} drawn at {s.pos}, placed at {p.pos}")
        if s.face_up != p.face_up:
            raise InvariantError(f"{table.name}: {c} face {'up' if s.face_up else 'down'}, "
                                 f"placed face {'up' if p.face_up else 'down'}")
        if (s.w, s.h) != tuple(p.size):
            raise InvariantError(f"{table.name}: {c} drawn {s.w}x{s.h}, placed {p.size}")


def _sorted(cards: Any) -> list[str]:
    return sorted(map(str, cards))


def check_model(table: Any) -> None:
    """Once settled, the table's picture of the cards (its ``view``, which the animations
    move card by card) is the engine's position: each hand, the field, the piles, the stock."""
    from game.table.climbing_view import ClimbingView
    from game.table.fishing_view import FishingView
    view, g = getattr(table, "view", None), table.game
    if not table.settled() or g.is_over or view is None:
        return
    if isinstance(view, FishingView):
        pending = [g.pending] if getattr(g, "pending", None) is not None else []
        shown = {"hands": [_sorted(h) for h in view.hands],
                 "field": _sorted([*view.field.values(), *view.staged,
                                  *([view.drawn] if view.drawn else [])]),
                 "piles": [_sorted(p) for p in view.piles], "stock": _sorted(view.stock)}
        engine = {"hands": [_sorted(h) for h in g.hands], "field": _sorted([*g.field, *pending]),
                  "piles": [_sorted(p) for p in g.piles], "stock": _sorted(g.stock)}
    elif isinstance(view, ClimbingView):
        shown = {"hands": [_sorted(c.card for c in h) for h in view.hands]}
        engine = {"hands": [_sorted(h) for h in g.hands]}
    else:
        return
    for part, cards in shown.items():
        if cards != engine[part]:
            raise InvariantError(f"{table.name}: the {part} shown are {cards}, the engine's "
                                 f"{engine[part]}")


def check(app: Any) -> None:
    """Every invariant of the app as it stands (InvariantError names the broken one)."""
    check_stack(app)
    for table in tables(app):
        check_cards(table)
        check_saved(table)
    top = app.stack.top
    if top in tables(app):
        check_view(top)
        check_model(top)
