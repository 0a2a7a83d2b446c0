"""Notices posted from anywhere (any thread) reach the player as dialogs, each once."""

from __future__ import annotations

import threading

from game import notices
from game.widgets.dialog import Dialog


def test_a_message_pending_twice_is_kept_once_and_drain_empties_the_queue():
    notices.drain()
    notices.post("one")
    notices.post("two")
    notices.post("one")
    assert notices.drain() == ["one", "two"]
    assert notices.drain() == []
    notices.post("one")  # shown already: a new post is a new notice
    assert notices.drain() == ["one"]


def test_posts_from_many_threads_all_arrive():
    notices.drain()
    threads = [threading.Thread(target=lambda i=i: [notices.post(f"m{i % 10}")
                                                    for _ in range(50)]) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(notices.drain()) == sorted(f"m{i}" for i in range(10))


def test_the_frame_shows_each_posted_message_as_a_dialog(app):
    notices.drain()
    notices.post("The folder is read-only.")
    notices.post("The folder is read-only.")
    app.frame(0.01)
    top = app.stack.top
    assert isinstance(top, Dialog) and top.message == "The folder is read-only."
    assert sum(isinstance(scene, Dialog) for scene in app.stack) == 1
    app.frame(0.01)
    assert app.stack.top is top  # nothing more posted: no new dialog


def test_a_message_posted_before_the_first_screen_waits_for_it():
    from game.app import App
    from game.settings import Settings
    notices.drain()
    a = App((1280, 800), headless=True, settings=Settings(), strict=True)
    notices.post("Early news.")
    a.start()
    a.frame(0.01)
    assert isinstance(a.stack.top, Dialog) and a.stack.top.message == "Early news."
