"""Background jobs in a child process (and the same interface on a thread)."""

from __future__ import annotations

import pytest

from ai.background import BackgroundError, ProcessWorker, ThreadWorker


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


def test_only_the_latest_request_counts(worker):
    worker.request("time:sleep", 0.3)   # still running when the next ones come
    worker.request("math:gcd", 10, 4)
    worker.request("math:gcd", 84, 36)  # replaces the waiting one
    assert worker.wait(30)
    assert worker.poll() == 12
    assert not worker.busy


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


def test_the_process_worker_survives_its_child_dying():
    w = ProcessWorker()
    w.request("math:gcd", 4, 6)
    assert w.wait(30) and w.poll() == 2
    w._proc.kill()                       # dead between two jobs: a new child takes the next
    w._proc.join(5)
    w.request("math:gcd", 9, 6)
    assert w.wait(30) and w.poll() == 3
    w.request("time:sleep", 30)          # dead in the middle of a job: the job fails
    w._proc.kill()
    assert w.wait(30)
    with pytest.raises(BackgroundError, match="stopped"):
        w.poll()
    w.request("math:gcd", 4, 6)
    assert w.wait(30) and w.poll() == 2
    w.close()
