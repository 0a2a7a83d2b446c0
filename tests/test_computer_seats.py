"""The computer seats' agents: each (deal, seat) gets its own seed, the same on every run."""

from __future__ import annotations

import os

import pytest

import ai.seats
from ai.background import ProcessWorker, ThreadWorker
from game.table.computer import ComputerSeats, agent_seed
from game.table.scheduler import Scheduler
from rules.koikoi import KoiKoiGame


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
    real = ai.seats.make_agent

    def recording(game_id, level, seed):
        made.append((level, seed))
        return real(game_id, level, seed)

    monkeypatch.setattr(ai.seats, "make_agent", recording)
    game = KoiKoiGame.new(3)
    seat = game.current_player
    seats = ComputerSeats("koikoi", ["human", "easy"][::1 if seat else -1], seed=1)
    for deal in (1, 2):
        seats.reset(seed=deal)
        seats.ask(seat, game.observation(seat))
        seats.wait(30)
        assert seats.poll() is not None
    seats.close()
    assert made == [("easy", agent_seed(1, seat)), ("easy", agent_seed(2, seat))]
    assert agent_seed(1, seat) != agent_seed(2, seat)


def test_a_table_of_computers_starts_its_worker_ahead_and_one_of_humans_none():
    started = []

    class Recording(ThreadWorker):
        def start(self, preload=()):
            started.append(preload)

    ComputerSeats("koikoi", ["human", "human"], seed=1, ai=Scheduler(Recording)).start()
    assert started == []
    seats = ComputerSeats("koikoi", ["human", "easy"], seed=1, ai=Scheduler(Recording))
    seats.start()
    seats.start()  # once
    assert started == [("ai.seats",)]
    seats.close()


def play(seats, game, moves):
    """``moves`` choices of the computer seats, applied to ``game``."""
    chosen = []
    for _ in range(moves):
        seat = game.current_player
        seats.ask(seat, game.observation(seat))
        assert seats.wait(60)
        answer = seats.poll()
        assert answer is not None and answer[0] == seat
        chosen.append(str(answer[1]))
        game.apply(answer[1])
    return chosen


def test_the_seats_think_in_one_child_process_and_replay_the_same_match():
    seats = ComputerSeats("koikoi", ["easy", "normal"], seed=4, ai=Scheduler(ProcessWorker))
    assert seats.ai.worker is None  # no process before the first question
    first = play(seats, KoiKoiGame.new(4), 12)
    child = seats.ai.worker._proc
    assert child.is_alive() and child.pid != os.getpid()
    seats.reset(seed=4)  # the same match again: the same choices, from the same process
    assert play(seats, KoiKoiGame.new(4), 12) == first
    assert seats.ai.worker._proc is child
    threaded = ComputerSeats("koikoi", ["easy", "normal"], seed=4, ai=Scheduler(ThreadWorker))
    assert play(threaded, KoiKoiGame.new(4), 12) == first  # where they think changes nothing
    threaded.close()
    seats.close()
    seats.ai.close()  # (its owner closes the worker: a table, as it goes)
    child.join(5)
    assert not child.is_alive()


def test_an_answer_is_held_back_for_the_watcher():
    seats = ComputerSeats("koikoi", ["easy", "human"], seed=1, min_delay=0.5,
                          ai=Scheduler(ProcessWorker))
    game = KoiKoiGame.new(2)
    seat = game.current_player
    seats.ask(seat, game.observation(seat))
    assert seats.wait(60)
    assert seats.poll() is None and seats.thinking  # in, but not yet shown
    seats.update(0.3)
    assert seats.poll() is None
    seats.update(0.2)
    answer = seats.poll()
    assert answer is not None and answer[0] == seat and not seats.thinking
    seats.close()


class DyingWorker(ProcessWorker):
    """The real worker, whose every job kills its child process."""

    def request(self, name, *args):
        return super().request("tests.background_jobs:die")


def answers(seats, game, moves):
    """``play``, for seats whose answer may take more than one wait (a fall back asks again)."""
    chosen = []
    for _ in range(moves):
        seat = game.current_player
        seats.ask(seat, game.observation(seat))
        while (answer := seats.poll()) is None:
            assert seats.wait(60)
        assert answer[0] == seat
        chosen.append(str(answer[1]))
        game.apply(answer[1])
    return chosen


def test_seats_whose_process_keeps_dying_play_on_here_at_normal_and_replay_the_same():
    told = []
    seats = ComputerSeats("koikoi", ["hard", "easy"], seed=4, ai=Scheduler(DyingWorker),
                          on_fallback=told.append)
    seats.start()
    moves = answers(seats, KoiKoiGame.new(4), 12)
    assert seats.fallen_back and seats.levels == {0: "normal", 1: "easy"}
    assert told == ["The computer players' process kept stopping, so they play on within "
                    "the game: Hard plays at the Normal level."]
    # The same moves as Normal and Easy seats of that deal from the start: agents made afresh
    # in this process, seeded as the lost ones were.
    plain = ComputerSeats("koikoi", ["normal", "easy"], seed=4, ai=Scheduler(ThreadWorker))
    assert answers(plain, KoiKoiGame.new(4), 12) == moves
    seats.reset(seed=4)                  # a new match: still here, the same moves again
    assert answers(seats, KoiKoiGame.new(4), 12) == moves and len(told) == 1
    plain.close()
    seats.close()


class FailingWorker(ThreadWorker):
    """A worker whose job raised in its process (an agent's bug): ``BackgroundError``."""

    def poll(self):
        from ai.background import BackgroundError
        raise BackgroundError("Traceback ...: KeyError")


def test_an_agent_error_in_the_process_is_raised_in_strict_mode_else_the_seats_fall_back(
        monkeypatch):
    from ai.background import BackgroundError
    game = KoiKoiGame.new(2)
    seat = game.current_player
    seats = ComputerSeats("koikoi", ["hard", "hard"], seed=2, ai=Scheduler(FailingWorker))
    seats.ask(seat, game.observation(seat))
    with pytest.raises(BackgroundError):
        seats.poll()
    seats.close()
    monkeypatch.setenv("HANAFUDA_PARLOR_STRICT", "0")
    told = []
    seats = ComputerSeats("koikoi", ["easy", "easy"], seed=2, ai=Scheduler(FailingWorker),
                          on_fallback=told.append)
    seats.ask(seat, game.observation(seat))
    assert seats.poll() is None and seats.fallen_back
    assert told == ["The computer players' process kept stopping, so they play on within "
                    "the game."]
    assert seats.wait(30) and seats.poll()[1] in game.legal_actions()
    seats.close()
