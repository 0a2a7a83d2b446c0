"""Autosave and Continue: what one ``Session.record`` costs the frame of an action (a journal
line appended; the disk syncs and the file made anew are on the writer thread), what the
menu's Continue line costs (``peek_current``: no replay) and what Continue costs, from the
click to the table's first frame, for a long Koi-Koi match and a Yatsuhashi deal of 50,000
moves (the most a save may hold).

Run from anywhere: ``python benchmarks/bench_session.py [folder]`` (default: a temp folder;
pass a folder on the disk players use to measure that disk).
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def _ms(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(len(values) * 0.95))]
    return f"p50 {statistics.median(values) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms"


def _played(game_id: str, actions: int, rng: random.Random) -> tuple[list[float], int]:
    """A game of ``game_id`` saved after each of ``actions`` actions: the record times."""
    from game.catalog import GAMES
    from game.session import Session
    from game.setups import default_setup
    setup = default_setup(game_id, 7)
    if game_id == "koikoi":
        setup.options["match_end"] = "rounds12"
    setup.seats = ["human"] + ["easy"] * (len(setup.seats) - 1)
    game = GAMES[game_id].new_engine(setup)
    session = Session.start(setup, game)
    records: list[float] = []
    for n in range(actions):
        if getattr(game, "is_over", False):
            break
        if game_id == "yatsuhashi":  # through the stock, over and over: the longest save
            move = next(m for m in game.legal_moves()
                        if str(m) == "turn" or str(m).startswith("recycle"))
        else:
            move = rng.choice(game.legal_actions())
        game.apply(move)
        if game_id == "yatsuhashi" and n % 10 == 9:
            game.undo()  # a redo line to save too
        if n % 50 == 0 or n > actions - 200:  # (timing every record of 50,000 takes minutes)
            t = time.perf_counter()
            session.record(game)
            records.append(time.perf_counter() - t)
    session.record(game)
    session.leave()
    return records, session.path.stat().st_size


def _continue_in_the_app() -> tuple[float, float]:
    """Seconds to build the menu (its Continue line) and from Continue's click to the
    table's first frame."""
    from game.app import App
    from game.scenes.menu import MenuScene
    app = App((1280, 800), headless=True)
    t = time.perf_counter()
    app.start()
    app.frame(0.0)
    menu_s = time.perf_counter() - t
    menu = app.stack.top
    assert isinstance(menu, MenuScene) and menu.continue_button is not None
    t = time.perf_counter()
    menu.continue_button.activate()
    app.frame(0.0)
    continue_s = time.perf_counter() - t
    assert app.stack.top is not menu
    app.close_scenes()
    return menu_s, continue_s


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp())
    os.environ["HANAFUDA_PARLOR_HOME"] = str(folder)
    from game.session import load_current, peek_current
    from game.storage import flush_writes
    rng = random.Random(1)
    for game_id, actions in (("koikoi", 10_000), ("yatsuhashi", 50_000)):
        records, size = _played(game_id, actions, rng)
        flush_writes()
        peeks, loads = [], []
        for _ in range(3):
            t = time.perf_counter()
            peek_current()
            peeks.append(time.perf_counter() - t)
            t = time.perf_counter()
            again, problem = load_current()
            again.engine()
            loads.append(time.perf_counter() - t)
            assert again is not None and problem is None, problem
        menu_s, continue_s = _continue_in_the_app()
        print(f"{game_id}: {again.moves} actions, save {size / 1024:.1f} KB; record "
              f"{_ms(records)}; menu's line (peek) {_ms(peeks)}; load and replay "
              f"{_ms(loads)}; in the app: menu {menu_s * 1000:.0f} ms, Continue to the "
              f"table's first frame {continue_s * 1000:.0f} ms")


if __name__ == "__main__":
    main()
