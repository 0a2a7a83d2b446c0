"""Screenshots of a Yatsuhashi deal in its phases, driven by synthetic input like a player.

    python tools/yatsuhashi_screenshots.py [--seed 7] [--out out/screenshots]

Writes yatsuhashi_deal.png (the deal), yatsuhashi_drag.png (a run being dragged, legal
targets glowing), yatsuhashi_collecting.png (a yaku ready to collect, a card selected or
marked), yatsuhashi_hint.png and yatsuhashi_won.png (the win ring).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("HANAFUDA_PARLOR_HOME", tempfile.mkdtemp(prefix="parlor-shots-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

DT = 1 / 60


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", type=Path, default=Path("out/screenshots"))
    args = parser.parse_args()
    pygame.init()
    from game.app import App
    from game.scenes.setup import default_setup
    from game.games.yatsuhashi.table import YatsuhashiTable
    from game.settings import Settings
    from ai.yatsuhashi import SOLVER_NODES
    from ai.yatsuhashi_solver import solve

    app = App((1280, 800), headless=True, settings=Settings(), strict=True)
    app.start()
    table = YatsuhashiTable(setup=default_setup("yatsuhashi", args.seed))
    app.push(table)
    app.settle()
    args.out.mkdir(parents=True, exist_ok=True)

    def shot(name: str) -> None:
        path = args.out / f"yatsuhashi_{name}.png"
        app.screenshot(path)
        print("wrote", path)

    def frames(n: int = 90) -> None:
        for _ in range(n):
            app.frame(DT)

    frames(30)
    shot("deal")
    line = solve(table.game.copy(), SOLVER_NODES).moves
    E = pygame.event.Event
    dragged = collecting = False
    for move in line:
        g = table.game
        # A run of two or more cards about to move: drag it halfway and take the picture.
        if not dragged and move.kind == "move" and move.card is not None \
                and len(g.segment(move.card)) >= 2:
            s = table.sprites[move.card]
            start = (s.rect.centerx, s.rect.top + 8)
            end = table.input.column_rect(move.to).center
            app.dispatch(E(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
            mid = ((start[0] * 2 + end[0]) // 3, (start[1] * 2 + end[1]) // 3 + 40)
            app.dispatch(E(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0)))
            frames(10)
            shot("drag")
            app.dispatch(E(pygame.MOUSEBUTTONUP, pos=start, button=1))
            frames(30)
            dragged = True
        if dragged and not collecting and move.kind == "collect" and len(g.collected) >= 3:
            frames(10)
            table.solver.show_hint()
            frames(10)
            shot("collecting")
            collecting = True
        table.play_move(move)
        frames(20)
        if len(g.collected) == 8:
            table.solver.show_hint()
            frames(10)
            shot("hint")
    frames(240)
    shot("won")
    return 0


if __name__ == "__main__":
    sys.exit(main())
