"""Background jobs in a child process (and the same interface on a thread)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ai.background import (MAX_RESTARTS, RETIRE_ABOVE, BackgroundError, ProcessWorker,
                           ThreadWorker, WorkerUnavailable, resident_bytes)


@pytest.fixture(params=[ProcessWorker, ThreadWorker], ids=["process", "thread"])
def worker(request):
    w = request.param()
    yield w
    w.close()


def test_a_job_runs_and_answers_once(worker):
    assert worker.poll() is None and not worker.busy
    worker.request("math:gcd", 84, 36)
    assert worker.busy
    assert worker.wait(30)
    assert worker.poll() == 12
    assert worker.poll() is None and not worker.busy


def test_only_the_latest_request_counts(worker, tmp_path):
    gate = tmp_path / "go"   # the first job runs until the test says (a file: an event the
    # child process sees too), so the next ones surely come while it runs, at any load
    worker.request("tests.background_jobs:wait_for", str(gate))
    worker.request("tests.background_jobs:touch", str(tmp_path / "replaced"))
    worker.request("math:gcd", 84, 36)  # replaces the waiting one
    gate.write_text("go")
    assert worker.wait(30)
    assert worker.poll() == 12
    assert not worker.busy
    assert not (tmp_path / "replaced").exists()  # the replaced job never ran


def test_a_cancelled_answer_is_dropped(worker):
    worker.request("math:gcd", 84, 36)
    worker.cancel()
    assert not worker.busy and worker.poll() is None
    worker.request("math:gcd", 9, 6)
    assert worker.wait(30) and worker.poll() == 3


def test_an_error_in_the_job_reaches_the_caller(worker):
    worker.request("math:sqrt", -1)
    assert worker.wait(30)
    with pytest.raises((BackgroundError, ValueError), match="math domain error"):
        worker.poll()
    worker.request("math:gcd", 4, 6)  # the worker still serves
    assert worker.wait(30) and worker.poll() == 2


def test_the_process_worker_survives_its_child_dying_between_jobs():
    w = ProcessWorker()
    w.request("math:gcd", 4, 6)
    assert w.wait(30) and w.poll() == 2
    w._proc.kill()                       # dead between two jobs: a new child takes the next
    w._proc.join(5)
    w.request("math:gcd", 9, 6)
    assert w.wait(30) and w.poll() == 3
    w.close()


def test_a_child_started_ahead_has_its_modules_loaded_and_answers_the_first_request():
    w = ProcessWorker()
    w.start(preload=("colorsys",))
    assert w._proc is not None and w._proc.is_alive()  # before any request
    child = w._proc
    w.request("tests.background_jobs:loaded", "colorsys")
    assert w.wait(30) and w.poll() is True
    assert w._proc is child  # the same child
    w.close()


def test_a_child_killed_in_the_middle_of_a_job_is_replaced_and_the_job_answered(tmp_path):
    w = ProcessWorker()
    w.request("tests.background_jobs:pid")
    assert w.wait(30)
    first = w.poll()
    flag = tmp_path / "go"
    w.request("tests.background_jobs:wait_for", str(flag))
    os.kill(first, signal.SIGKILL)      # the solver's process dies while it works
    for _i in range(3000):              # the death is seen, a new child gets the job again
        w.poll()
        if w.restarts:
            break
        time.sleep(0.01)
    assert w.restarts == 1 and w.busy
    flag.write_text("done")
    assert w.wait(30) and w.poll() == "done"
    w.request("tests.background_jobs:pid")
    assert w.wait(30) and w.poll() != first
    w.close()


def test_a_job_that_kills_every_child_is_given_up_and_the_worker_serves_on():
    w = ProcessWorker()
    w.request("tests.background_jobs:die")
    assert w.wait(60)
    with pytest.raises(WorkerUnavailable, match="stopped 3 times"):
        w.poll()
    assert w.restarts == MAX_RESTARTS and not w.busy
    w.request("math:gcd", 4, 6)          # the next request: a fresh child
    assert w.wait(30) and w.poll() == 2
    w.close()


def test_children_that_died_leave_no_zombie_behind():
    """Children that died on a job are reaped once the worker is closed (the computer seats
    close theirs when they fall back), not left zombies until the game exits."""
    w = ProcessWorker()
    w.request("tests.background_jobs:die")
    assert w.wait(60)
    with pytest.raises(WorkerUnavailable):
        w.poll()
    w.close()
    me = os.getpid()
    children = [pid for task in os.listdir(f"/proc/{me}/task")
                for pid in Path(f"/proc/{me}/task/{task}/children").read_text().split()]
    states = [Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
              for pid in children if Path(f"/proc/{pid}").exists()]
    assert "Z" not in states


def test_a_child_that_grew_past_the_limit_retires_and_a_fresh_one_serves_on():
    w = ProcessWorker()
    w.request("tests.background_jobs:hold", 1000)      # a small job: the same child serves on
    assert w.wait(30)
    first = w.poll()
    w.request("tests.background_jobs:pid")
    assert w.wait(30) and w.poll() == first and w.retirements == 0
    w.request("tests.background_jobs:hold", RETIRE_ABOVE + 2**20)   # grows past the limit
    assert w.wait(30) and w.poll() == first          # the answer still comes
    assert w.retirements == 1
    w.request("tests.background_jobs:pid")            # a fresh child, not a restart
    assert w.wait(30)
    second = w.poll()
    assert second != first and _gone(first)
    assert w.restarts == 0 and w.deaths == 0
    w.request("math:gcd", 9, 6)                        # and it serves on
    assert w.wait(30) and w.poll() == 3 and w.restarts == 0
    w.close()


def test_retiring_can_be_turned_off():
    w = ProcessWorker(retire_above=None)
    w.request("tests.background_jobs:hold", RETIRE_ABOVE + 2**20)
    assert w.wait(30)
    first = w.poll()
    w.request("tests.background_jobs:pid")
    assert w.wait(30) and w.poll() == first and w.retirements == 0
    w.close()


def test_resident_memory_is_read():
    """32 MB mapped and written, page by page: resident whatever the allocator holds (a
    bytes object of that size may reuse memory freed before, and add nothing)."""
    import mmap
    before = resident_bytes()
    held = mmap.mmap(-1, 2**25)
    for at in range(0, 2**25, mmap.PAGESIZE):
        held[at] = 1
    assert resident_bytes() >= before + 2**24 > 0
    held.close()


_PARENT = """
import sys, time
sys.path.insert(0, {root!r})
from ai.background import ProcessWorker
if __name__ == "__main__":
    w = ProcessWorker()
    w.request("tests.background_jobs:pid")
    w.wait(60)
    print(w.poll(), flush=True)
    w.request("time:sleep", 60)          # the child works on when its parent is killed
    time.sleep(60)
"""


def _gone(pid: int) -> bool:
    """The process has exited (a zombie waiting for its reaper counts as gone)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            return any(line.startswith("State:") and "Z" in line.split()[1] for line in f)
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")
def test_the_child_exits_soon_after_its_parent_is_killed(tmp_path):
    script = tmp_path / "parent.py"
    script.write_text(_PARENT.format(root=str(Path(__file__).resolve().parent.parent)))
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        child = int(parent.stdout.readline())
        assert not _gone(child)
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
        killed = time.monotonic()
        while not _gone(child) and time.monotonic() - killed < 20:
            time.sleep(0.01)
        assert _gone(child), "the child outlived its parent by 20 s"
    finally:
        parent.kill()
