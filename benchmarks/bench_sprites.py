"""Draw time of 60 card sprites (a third rotated, one flipping, one dragged) at 1920x1080.

Run: ``python benchmarks/bench_sprites.py [frames]``. Prints p50/p99 per frame in ms for a
still table (transform caches warm) and for a table where 20 cards turn every frame via
``rotate_to`` (worst case: transform caches miss every frame).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from sprites.card_sprite import CardSprite, draw_sprites  # noqa: E402

CARD = (110, 176)  # a hanafuda card at 1080p


def renderer(color: tuple[int, int, int]):
    cache: dict[tuple[int, int], pygame.Surface] = {}

    def render(w: int, h: int) -> pygame.Surface:
        if (w, h) not in cache:
            surface = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(surface, color, (0, 0, w, h), border_radius=8)
            pygame.draw.rect(surface, (20, 20, 20), (0, 0, w, h), 2, border_radius=8)
            cache[(w, h)] = surface
        return cache[(w, h)]

    return render


def make_table() -> list[CardSprite]:
    face, back = renderer((240, 230, 210)), renderer((150, 30, 30))
    sprites = []
    for i in range(60):
        x, y = 120 + (i % 15) * 115, 160 + (i // 15) * 230
        sprite = CardSprite(face, back, pos=(x, y), size=CARD, face_up=i % 4 != 0, z=i)
        if i % 3 == 0:
            sprite.rotation = -12 + i % 25
        sprites.append(sprite)
    sprites[5].highlight = (214, 172, 84)
    sprites[7].dragging = True
    sprites[9].hovered = True
    return sprites


def percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def run(frames: int, turning: bool) -> list[float]:
    screen = pygame.Surface((1920, 1080))
    sprites = make_table()
    sprites[11].flip(10.0)
    if turning:
        for sprite in sprites[::3]:
            sprite.rotate_to(sprite.rotation + 180, 60.0)
    times = []
    for frame in range(frames + 5):
        for sprite in sprites:
            sprite.update(1 / 60)
        screen.fill((24, 72, 54))
        start = time.perf_counter()
        draw_sprites(screen, sprites)
        if frame >= 5:  # the first frames fill the caches
            times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    pygame.init()
    for label, turning in (("still table", False), ("rotated cards turning", True)):
        times = run(frames, turning)
        print(
            f"{label:>22}: p50 {statistics.median(times):6.2f} ms   "
            f"p99 {percentile(times, 99):6.2f} ms   ({frames} frames, 60 sprites, 1920x1080)"
        )
    pygame.quit()


if __name__ == "__main__":
    main()
