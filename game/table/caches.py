"""What a table renders ahead: card faces rendered on a helper thread (the layers it keeps
between frames are ``game.draw.Layers``).

Rasterizing a card face takes several milliseconds, so a deal that turned sixteen cold faces
at once would stall a frame. ``FaceWarmer`` renders the faces a table will show, in the order
it will show them, on a helper thread (the rasterizer releases the interpreter lock, so the
frame loop keeps its pace), and ``step`` (once a frame) puts the finished ones in the face
cache; a table's deal waits (``ready``) until the faces it turns up are there. The thread
starts at the frame after the one that made the plan (a table's first frame, the first frame
at a new window size: they have enough to do without a thread beside them taking turns at the
interpreter and at the warmer's lock).

>>> from rules.hanafuda import DECK
>>> w = FaceWarmer()
>>> w.plan([(c, (20, 32), False) for c in DECK[:3]])
>>> w.finish(), w.done, w.ready([(DECK[0], (20, 32), False)])
(3, True, True)
"""

from __future__ import annotations

import queue
import threading
import time
from collections import deque
from collections.abc import Iterable
from typing import Any

from rules.hanafuda import Card
from rules.western import Card as WesternCard
from sprites import faces

#: A face to render: the card (or a back, ``faces.Back``), its size, with or without the
#: month-and-kind badge.
Face = tuple[Card | WesternCard | faces.Back, tuple[int, int], bool]


class FaceWarmer:
    """Renders planned card faces on a helper thread; ``step`` stores the finished ones.

    With ``threaded`` False (tests and screenshots, whose frames must not depend on a
    thread's pace) ``step`` renders the faces itself, within its budget (at least one)."""

    #: Render on a helper thread (the game), or in ``step`` (tests, screenshots).
    threaded = True

    def __init__(self, budget: float = 0.002) -> None:
        self.budget = budget  # seconds a step may spend storing faces (badges are made here)
        self._lock = threading.Lock()
        self._todo: deque[Face] = deque()
        self._made: queue.SimpleQueue[tuple[Face, Any]] = queue.SimpleQueue()
        self._busy = 0  # faces taken by the thread and not yet stored by ``step``
        self._thread: threading.Thread | None = None
        self._start_in = 0  # steps until the thread starts on a new plan (0: it has)
        # The sizes of each card the thread has rendered (stored or on their way): a smaller
        # face is scaled down from one of them (``faces.DERIVE_FROM``) rather than rendered.
        self._sizes_made: dict[Card | WesternCard, list[tuple[int, int]]] = {}

    def plan(self, todo: Iterable[Face]) -> None:
        """Replace the plan: ``todo`` in the order the faces are needed (repeats are fine)."""
        with self._lock:
            # (Faces to be scaled down from larger ones too: ``step`` scales them a few a
            # frame, where the first frame to show them would scale them all.)
            self._todo = deque(f for f in todo
                               if not faces.face_cached(f[0], *f[1], badge=f[2], exact=True))
            # (Started by the next frame's step: this frame's is the second from now.)
            self._start_in = 2 if self._todo else 0

    def _start_thread(self) -> None:
        """(With the lock held.) A thread to render the plan, unless one is at it."""
        if self.threaded and (self._thread is None or not self._thread.is_alive()):
            self._thread = threading.Thread(target=self._run, name="face-warmer", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._todo:
                    self._thread = None
                    return
                face = self._todo.popleft()
                self._busy += 1
            c, (w, h), _badge = face
            made: Any = None  # None: scaled down on the main thread from a larger face
            larger = self._sizes_made.get(c, ()) if isinstance(c, Card) else ()
            if not (faces.face_cached(c, w, h) or any(
                    faces.can_scale_down(made, (w, h)) for made in larger)):
                try:
                    made = faces.render_face(c, w, h)
                    if isinstance(c, Card):  # (only hanafuda faces are scaled down)
                        self._sizes_made.setdefault(c, []).append((w, h))
                except Exception as exc:  # noqa: BLE001 - raised again by step, on the main thread
                    made = exc
            self._made.put((face, made))

    def urgent(self, faces_: Iterable[Face]) -> None:
        """Render these first (a card about to turn up): the thread starts now."""
        with self._lock:
            for face in reversed(list(faces_)):
                self._todo.appendleft(face)
            self._start_in = 0
            self._start_thread()

    def step(self) -> int:
        """Store the faces the thread has finished (without a thread: render planned ones)
        within the frame's budget, at least one; returns how many. A new plan's thread
        starts here, in the frame after the plan's."""
        start = time.perf_counter()
        stored = 0
        if self._start_in and self.threaded:
            self._start_in -= 1
            if not self._start_in:
                with self._lock:
                    if self._todo:
                        self._start_thread()
        if not self.threaded:
            while self._todo:
                c, (w, h), badge = self._todo.popleft()
                if faces.face_cached(c, w, h, badge=badge, exact=True):
                    continue
                faces.face(c, w, h, badge=badge)
                stored += 1
                if time.perf_counter() - start > self.budget:
                    break
            return stored
        while True:
            try:
                item = self._made.get_nowait()
            except queue.Empty:
                return stored
            self._store(item)
            stored += 1
            if time.perf_counter() - start > self.budget:
                return stored

    def _store(self, item: tuple[Face, Any]) -> None:
        (c, (w, h), badge), made = item
        with self._lock:
            self._busy -= 1
        if isinstance(made, Exception):
            raise made
        if made is not None:
            faces.store_face(c, w, h, made)
        faces.face(c, w, h, badge=badge)  # scaled, or the badge composed: quick

    def finish(self) -> int:
        """Render and store everything planned now, on this thread (tests, tools and the
        soak's exact replays); returns how many faces were stored."""
        with self._lock:
            todo, self._todo = self._todo, deque()
        stored = 0
        while True:
            with self._lock:
                busy = self._busy
            if not busy and self._made.empty():
                break
            self._store(self._made.get())  # the face the thread has in hand
            stored += 1
        for c, (w, h), badge in todo:
            if not faces.face_cached(c, w, h, badge=badge, exact=True):
                faces.face(c, w, h, badge=badge)
                stored += 1
        return stored

    @property
    def done(self) -> bool:
        with self._lock:
            return not self._todo and not self._busy

    @staticmethod
    def ready(needed: Iterable[Face]) -> bool:
        """Are these faces in the cache (showing them costs no rendering)?"""
        return all(faces.face_cached(c, w, h, badge=b) for c, (w, h), b in needed)
