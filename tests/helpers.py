"""Synthetic input for scene tests (posted events don't move the real pointer, so pass pos)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.table.dialogs import ResultPage


def send(target, event) -> None:
    """Give ``event`` to an App (its ``dispatch``) or to a scene/widget (``handle_event``)."""
    entry = getattr(target, "dispatch", None) or target.handle_event
    entry(event)


def click(target, pos) -> None:
    """Move to ``pos``, press and release the left button there; ``target`` handles events."""
    send(target, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    send(target, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    send(target, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def key(target, k: int, mod: int = 0) -> None:
    send(target, pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    send(target, pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))


def motion(target, pos, rel=(0, 0), buttons=(0, 0, 0)) -> None:
    send(target, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons))


#: Seconds one answer from a thread or a child process (a computer seat's choice, the coach's
#: advice, the Yatsuhashi solver's verdict) may take before a test calls it a hang: far more
#: than any answer takes on a loaded machine. Frames never count towards it.
ANSWER_TIMEOUT = 180.0


def awaited(scene) -> list[tuple[str, Callable[[float], bool]]]:
    """What ``scene`` waits for from a thread or a child process now, as ``(what, wait)``
    pairs (``wait(timeout)`` blocks until the answer is in; False on timeout): what a table's
    background worker is on for its clients (``Scheduler.waiting``): a computer seat asked and
    not answered, its coach searching, the Yatsuhashi solver's question or its search for a
    winnable deal."""
    found: list[tuple[str, Callable[[float], bool]]] = []
    ai = getattr(scene, "ai", None)  # the table's one worker (game.table.scheduler)
    for client in ai.waiting() if ai is not None else []:
        def wait(timeout: float, client: str = client) -> bool:
            # (a ProcessWorker's wait is False when the answer came and went: not busy)
            return ai.wait(client, timeout) or not ai.busy(client)
        found.append((f"the {client} of {scene!r}", wait))
    return found


def wait_for_answers(app, timeout: float = ANSWER_TIMEOUT) -> bool:
    """Block until every answer the top scene awaits (``awaited``) is in: the frames that
    follow see it whatever the machine's load, as on an idle machine. True when there was
    one to wait for; an answer that does not come within ``timeout`` seconds is a hang and
    fails the test."""
    pending = awaited(app.stack.top) if app.stack.top is not None else []
    for what, wait in pending:
        if not wait(timeout):
            raise AssertionError(f"{what} did not answer within {timeout:g} s")
    return bool(pending)


def next_frame(app, dt: float = 1 / 30) -> None:
    """One frame of ``dt`` once the answers the top scene awaits are in
    (``wait_for_answers``): in a loop of ``next_frame`` an answer is in by the frame after
    its question, on a machine at any load, as on an idle one. ``app.frame`` alone is for a
    test that holds an answer back on purpose."""
    wait_for_answers(app)
    app.frame(dt)


def frames_while_a_thread_works(app, done, dt: float = 1 / 60,
                                 seconds: float = ANSWER_TIMEOUT) -> int:
    """``next_frame`` until ``done()`` holds, for work on a thread of the game's own that goes
    on while frames do (the face warmer's thread): bounded by ``seconds`` of wall time, not
    by frames (a loaded machine's thread is slow, not stuck). Returns the frames it took."""
    import time
    end = time.monotonic() + seconds
    frames = 0
    while not done():
        assert time.monotonic() < end, f"still not done after {seconds:g} s ({frames} frames)"
        next_frame(app, dt)
        frames += 1
    return frames


def run_until(app, predicate, limit: int = 4000, dt: float = 1 / 30) -> None:
    """Advance frames of ``dt`` until ``predicate()`` holds. Before each frame it waits for
    the answers the top scene awaits (``next_frame``): a computer seat, the coach or the solver
    thinking costs no frames, however long it takes, so ``limit`` counts only frames in
    which nothing outside the frame loop was pending, and guards against a real hang (the
    table stuck) rather than a slow answer."""
    for _ in range(limit):
        if predicate():
            return
        next_frame(app, dt)
    if predicate():
        return
    raise AssertionError(f"the table never reached the expected state in {limit} frames")


def drag(target, start, end) -> None:
    """Press at ``start``, move through the midpoint to ``end`` holding the button, release."""
    send(target, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for p in (mid, end):
        motion(target, p, buttons=(1, 0, 0))
    send(target, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def cards_in(value) -> set:
    """Every hanafuda Card reachable inside ``value`` (dicts, lists, tuples, sets, actions,
    dataclass objects such as observations): what an observation reveals."""
    import dataclasses

    from rules.hanafuda import Card
    found = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, Card):
            found.add(v)
        elif dataclasses.is_dataclass(v) and not isinstance(v, type):
            stack.extend(getattr(v, f.name) for f in dataclasses.fields(v))
        elif isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, (list, tuple, set, frozenset)):
            stack.extend(v)
    return found


def texts(scene) -> list[str]:
    """The words a scene shows: a dialog's title and message, its widgets' labels and button
    texts, result and rules rows (titles, subtitles, values), score grids' labels and cells,
    inside scroll lists too."""
    found = [t for t in (getattr(scene, "title", None), getattr(scene, "message", None))
             if isinstance(t, str) and t]
    stack = list(getattr(scene, "widgets", []))
    while stack:
        w = stack.pop(0)
        stack.extend(getattr(w, "children", []))
        for attr in ("text", "title", "subtitle", "value", "label"):
            v = getattr(w, attr, None)
            if isinstance(v, str) and v:
                found.append(v)
        found.extend(v for v in getattr(w, "values", None) or () if isinstance(v, str) and v)
    return found


def play_agents(game, agents, check=None, until=None) -> list[str]:
    """Play ``game`` with ``agents`` (one per seat, each given only its observation) until
    ``until(game)`` (default: the game is over); every action must be legal, and
    ``check(game, seat, observation)`` runs before each. Returns the actions taken."""
    taken = []
    while not (until(game) if until is not None else game.is_over):
        seat = game.current_player
        obs = game.observation(seat)
        action = agents[seat].choose(obs)
        assert action in game.legal_actions(), (str(action), game)
        if check:
            check(game, seat, obs)
        taken.append(str(action))
        game.apply(action)
    return taken


def button(scene, text):
    """The button of ``scene`` labelled ``text`` (what a player reads to click it)."""
    for w in getattr(scene, "widgets", []):
        if getattr(w, "text", None) == text:
            return w
    raise AssertionError(f"no button {text!r} on {scene!r}: {texts(scene)}")


def press(app, text: str) -> None:
    """Click the button labelled ``text`` on the top scene."""
    click(app, button(app.stack.top, text).rect.center)


def pixels(surface, rect) -> bytes:
    """The RGB bytes of ``rect`` on ``surface`` (to compare what the player sees)."""
    import pygame
    return pygame.image.tobytes(surface.subsurface(rect.clip(surface.get_rect())), "RGB")


def without_its_table(monkeypatch, game_id):
    """``game_id``'s table as if it were not built yet (every game is: what the program answers
    for one that is not is tested this way rather than skipped)."""
    from game.catalog import GameInfo
    real = GameInfo.table_factory
    monkeypatch.setattr(GameInfo, "table_factory",
                        lambda info: None if info.id == game_id else real(info))


def raise_scene_errors(monkeypatch) -> None:
    """Scene errors fail the test instead of sending the app back to the menu (the app's
    crash guard would otherwise hide them)."""
    from game.app import App

    def fail(self, exc, scene):
        raise exc
    monkeypatch.setattr(App, "fail", fail)


def play_match_to_its_end(app, table, move, last_page: str, turns: int = 300) -> None:
    """Run ``app`` until ``table``'s match shows its last result page (``last_page``, a
    ResultPage name), calling ``move(app, table)`` at each of the human's turns and pressing
    on through the pages between rounds."""
    for _ in range(turns):
        run_until(app, lambda: table.human_to_move or isinstance(app.stack.top, ResultPage),
                  limit=3000)
        top = app.stack.top
        if isinstance(top, ResultPage):
            if top.name == last_page:
                return
            press(app, "See the result" if table.game.is_over else "Next round")
            continue
        move(app, table)
    raise AssertionError("the match did not end")


def play(app, wall: list[float], seconds: float, dt: float = 1 / 30) -> None:
    """``seconds`` of frames of ``dt``, the wall's clock (the ``wall`` fixture) running with
    them."""
    for _ in range(round(seconds / dt)):
        app.frame(dt)
        wall[0] += dt


def play_first_legal(app, t) -> None:
    """At a climbing table: the first legal action, by choosing its cards and Enter (or P):
    no coach asked."""
    import pygame
    from game.table.climbing_view import ClimbingView
    action = t.game.legal_actions()[0]
    if action.kind == "pass":
        key(app, pygame.K_p)
        return
    t.selected = set(ClimbingView.take_from(list(t.view.hands[t.viewer]), list(action.cards)))
    key(app, pygame.K_RETURN)


def log_lines(monkeypatch) -> list[str]:
    """Every line a table's game log is given from now on (the log keeps its last 80)."""
    from game.table.dialogs import GameLog
    lines: list[str] = []
    real_add = GameLog.add

    def add(log: GameLog, line: str) -> None:
        lines.append(line)
        real_add(log, line)
    monkeypatch.setattr(GameLog, "add", add)
    return lines
