"""The computer seats' agents: each (deal, seat) gets its own seed, the same on every run."""

from __future__ import annotations

import game.table.computer as computer
from game.table.computer import ComputerSeats, agent_seed


def test_no_two_deals_or_seats_share_an_agent_seed():
    # Every pair of deals 0-299 (and the last deal numbers, where 64 bits wrap) by seats 0-7.
    deals = [*range(300), *range(2**64 - 300, 2**64)]
    pairs = [(deal, seat) for deal in deals for seat in range(8)]
    seeds = {agent_seed(deal, seat) for deal, seat in pairs}
    assert len(seeds) == len(pairs)


def test_agent_seeds_are_stable():
    # splitmix64 mixing, pure integer arithmetic: the same on every machine and run.
    assert agent_seed(1, 0) == 0x6140262450FB5356
    assert agent_seed(2**64 - 1, 7) == 0xFDC3FFFAB8C3E0D2


def test_each_computer_seat_gets_its_mixed_seed(monkeypatch):
    made = []
    real = computer.make_agent

    def recording(game_id, level, seed):
        made.append((level, seed))
        return real(game_id, level, seed)

    monkeypatch.setattr(computer, "make_agent", recording)
    seats = ComputerSeats("koikoi", ["human", "easy"], seed=1)
    seats.reset(seed=2)
    seats.close()
    assert made == [("easy", agent_seed(1, 1)), ("easy", agent_seed(2, 1))]
    assert agent_seed(1, 1) != agent_seed(2, 1)
