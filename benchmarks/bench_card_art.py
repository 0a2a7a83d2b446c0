"""Time card rendering: each deck at hand size (110 px wide, 1080p), cold and cached.

"cold" clears every cache first (faces, per-size paper layers, built SVG text), as when the
program starts; "warm SVG" keeps the SVG text but clears the surfaces, as after a window
resize; "cached" is a pass over the already rendered deck.

    python benchmarks/bench_card_art.py [--width 110]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from rules import hanafuda, western  # noqa: E402
from sprites import faces, hanafuda_art, western_art  # noqa: E402
from sprites.art import frame  # noqa: E402


def clear_all() -> None:
    faces.clear_cache()
    frame.finish_layer.cache_clear()
    hanafuda_art.hanafuda_svg.cache_clear()
    western_art.western_svg.cache_clear()


def timed(run: Callable[[], None], repeat: int = 1) -> float:
    """Best wall time of ``repeat`` runs, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def bench(label: str, render_deck: Callable[[], None], count: int) -> None:
    clear_all()
    cold = timed(render_deck)
    faces.clear_cache()
    warm = timed(render_deck)
    cached = timed(render_deck, repeat=20)
    print(f"{label:<22} cold {cold:7.1f} ms   warm SVG {warm:7.1f} ms   "
          f"cached {cached * 1000:7.1f} us  ({cached * 1000 / count:.2f} us/card)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=110)
    args = parser.parse_args()
    w = args.width
    pygame.init()
    print(f"pygame-ce {pygame.version.ver}, cards {w} px wide")
    bench(f"hanafuda x{len(hanafuda.DECK)}",
          lambda: [faces.hanafuda_face(c, w) for c in hanafuda.DECK], len(hanafuda.DECK))
    bench(f"hanafuda+badge x{len(hanafuda.DECK)}",
          lambda: [faces.hanafuda_face(c, w, badge=True) for c in hanafuda.DECK],
          len(hanafuda.DECK))
    bench(f"western x{len(western.DECK)}",
          lambda: [faces.western_face(c, w) for c in western.DECK], len(western.DECK))
    bench(f"backs x{len(faces.BACK_STYLES)}",
          lambda: [faces.card_back(s, w, round(w * faces.HANAFUDA_RATIO))
                   for s in faces.BACK_STYLES], len(faces.BACK_STYLES))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
