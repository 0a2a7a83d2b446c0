"""What the other seats' moves say about their hands: samples for the search, weighted by a
model of how they choose.

``Engine.sample`` deals the cards a seat cannot see at random, consistently with what it has
seen: every hand the other seats could hold is as likely as any other. But their moves this
deal say more. A player who took the pine with a pine card and kept their other cards had
reasons; with a hand where a model player (the Normal agent) would have made the same moves,
the sample is likelier than with one where it would not. ``Belief`` draws states for
``ai.search.paired_search`` from that belief: a Metropolis chain over the hidden cards (two
of them change places: a hidden hand card and another hidden card, in the stock or in another
seat's hand, where no seat is known to lack it), where a state is worth ``slip`` to the power
of the other seats' moves that the model would not have made, replayed with the state's cards
(``FishingGame.replay_deal``). Each draw is a copy of the chain's state with the stock
shuffled again (no move depends on its order). ``slip`` above 0 keeps every hand possible:
people are not the model.

Measured in Koi-Koi against Normal (the README's "Opponents"): on the same 200 matches Hard
won 58.5% with uniform samples, 69% with the opponent's hand known outright (a cheat,
measured only as a ceiling), 63.5-66% with this chain; with the chain kept, 62.1% of 800 fresh
matches (63.5% and 60.8% of two runs of 400). The belief itself says little: about three
uniform hands in four would have made every move Normal made (142 decisions of Normal against
itself), and drawing from it exactly, by rejection, won 58.0% of the second run's 400 deals
(the chain 60.8%: a difference within the noise).

>>> from rules.koikoi import KoiKoiGame, KoiKoiRules
>>> from ai.base import make_agent
>>> game = KoiKoiGame.new(3, KoiKoiRules.nintendo())
>>> for _ in range(4):
...     _ = game.apply(make_agent("koikoi", "normal", 0).choose(game.observation(
...         game.current_player)))
>>> me = game.current_player
>>> belief = Belief(game.observation(me), KoiKoiGame, make_agent("koikoi", "normal", 0))
>>> state = belief(random.Random(2))
>>> state.observation(me) == game.observation(me), belief.misses >= 0
(True, True)
"""

from __future__ import annotations

import random
from typing import Any

from rules.deck import shuffle_in_place


def others_moved(observation: Any) -> bool:
    """Has another seat made a move this deal (the only case where a belief says more than
    ``sample``)?"""
    log = getattr(observation, "deal_log", None)
    return log is not None and any(seat != observation.seat for seat, _ in log.moves)


class Belief:
    """Draws states for the search (see the module notes): call it with a ``random.Random``.

    ``model`` is an agent (``choose(observation)``) standing for every other seat; ``slip``
    what a move it would not have made multiplies a state's weight by; ``burn`` chain steps
    before the first draw, ``steps`` between draws. ``misses``: the current state's moves
    the model would not have made.
    """

    def __init__(self, observation: Any, engine_class: Any, model: Any, slip: float = 0.1,
                 steps: int = 6, burn: int = 36) -> None:
        if not 0.0 < slip <= 1.0:
            raise ValueError(f"slip={slip!r}: expected a number in (0, 1]")
        self.observation = observation
        self.engine_class = engine_class
        self.model = model
        self.slip = slip
        self.steps = steps
        self.burn = burn
        self.state: Any = None
        self.misses = 0
        seat = observation.seat
        # What may move: the hidden cards of the other hands (not those shown to every seat)
        # and of the stock (the cards known to be in it stay there).
        self.seats = [s for s in range(observation.players) if s != seat]
        self.shown = [set(r) for r in observation.revealed_hands]
        self.in_stock = set(observation.revealed_stock)

    def __call__(self, rng: random.Random) -> Any:
        if self.state is None:
            self.state = self.engine_class.sample(self.observation, rng)
            self.misses = self._misses(self.state)
            for _ in range(self.burn):
                self._step(rng)
        for _ in range(self.steps):
            self._step(rng)
        state = self.state.clone()
        shuffle_in_place(state.stock, rng)
        return state

    def _misses(self, state: Any) -> int:
        """The other seats' moves this deal that the model would not have made in ``state``."""
        choose = self.model.choose
        return sum(1 for _, seen, action in state.replay_deal(seats=self.seats)
                   if len(seen.legal_actions) > 1 and choose(seen) != action)

    def _step(self, rng: random.Random) -> None:
        """One Metropolis step: two hidden cards change places, kept with probability
        ``slip`` ** (the misses it adds), or always when it adds none."""
        state = self.state
        seat = rng.choice(self.seats)
        mine = [i for i, c in enumerate(state.hands[seat]) if c not in self.shown[seat]]
        # Every other hidden card, as (seat or -1 for the stock, index).
        places = [(-1, i) for i, c in enumerate(state.stock) if c not in self.in_stock]
        places += [(t, i) for t in self.seats if t != seat
                   for i, c in enumerate(state.hands[t]) if c not in self.shown[t]]
        if not mine or not places:
            return
        i = rng.choice(mine)
        t, j = rng.choice(places)
        x = state.hands[seat][i]
        y = state.stock[j] if t < 0 else state.hands[t][j]
        # A seat known to lack a card's month cannot be given that card.
        if state.absent[seat] >> y.index & 1 or t >= 0 and state.absent[t] >> x.index & 1:
            return
        new = state.clone()
        new.hands[seat][i] = y
        if t < 0:
            new.stock[j] = x
        else:
            new.hands[t][j] = x
        misses = self._misses(new)
        if misses <= self.misses or rng.random() < self.slip ** (misses - self.misses):
            self.state, self.misses = new, misses
