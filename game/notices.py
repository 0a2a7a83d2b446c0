"""Notices for the player from any part of the program, any thread.

``post`` queues a message (from any thread); the app's frame loop ``drain``\\ s the queue on
the main thread each frame and shows each message as a notice dialog. A message already
waiting is not queued twice, so a fault met on every move tells the player once per frame
at most.

>>> post("The disk is full.")
>>> post("The disk is full.")
>>> drain()
['The disk is full.']
>>> drain()
[]
"""

from __future__ import annotations

import threading

_lock = threading.Lock()
_pending: list[str] = []


def post(message: str) -> None:
    """Queue ``message`` for the player (any thread); one already waiting is kept once.

    >>> post("a"); post("b"); post("a")
    >>> drain()
    ['a', 'b']
    """
    with _lock:
        if message not in _pending:
            _pending.append(message)


def drain() -> list[str]:
    """The messages waiting, oldest first, and an empty queue (the main thread).

    >>> post("x")
    >>> drain(), drain()
    (['x'], [])
    """
    global _pending
    with _lock:
        messages, _pending = _pending, []
    return messages
