"""Render a still of the card-sprite machinery with the real art: a drag in progress, a
flip past its midpoint, a highlight glow, a hover lift and a rotated card.

    python tools/sprite_showcase.py [--out out/screenshots/sprites.png]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

W, H = 1280, 720
CARD = (110, 176)
GOLD = (214, 172, 84)


class Target:
    """A drop target that takes anything."""

    def __init__(self, rect: tuple[int, int, int, int]) -> None:
        import pygame
        self.rect = pygame.Rect(rect)

    def accepts(self, sprites: object) -> bool:
        return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="out/screenshots/sprites.png")
    args = parser.parse_args()
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import pygame
    pygame.init()
    pygame.display.set_mode((1, 1))
    from game import draw
    from rules.hanafuda import card
    from sprites import CardSprite, DragController, faces

    screen = pygame.Surface((W, H))
    cards = [CardSprite(faces.face_renderer(card(code)), faces.back_renderer("black"),
                        pos=(200 + i * 130, 560), size=CARD, data=code)
             for i, code in enumerate(["1B", "3B", "8B", "9A", "11B"])]
    flip = CardSprite(faces.face_renderer(card("12B")), faces.back_renderer("red"),
                      pos=(1000, 200), size=CARD, face_up=False)
    flip.flip(0.4)
    flip.update(0.25)  # past the midpoint: face showing, squashed
    cards[2].highlight = GOLD
    cards[3].hovered = True
    for s in cards:
        s.update(0.5)
    # Drag the first card up towards the field.
    target = Target((500, 120, 200, 250))
    drag = DragController(lambda pos: [s for s in cards if s.contains(pos)][-1:] or None,
                          [target])
    drag.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(200, 560), button=1))
    for p in [(220, 540), (300, 450), (420, 320)]:
        drag.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                             buttons=(1, 0, 0)))
    for s in cards:
        s.update(0.2)
    rot = CardSprite(faces.face_renderer(card("10A")), faces.back_renderer("black"),
                     pos=(1000, 520), size=CARD, rotation=-18)
    screen.blit(draw.table_background((W, H)), (0, 0))
    pygame.draw.rect(screen, GOLD, target.rect, 2, border_radius=8)
    for s in [flip, rot] + sorted(cards, key=lambda s: s.dragging):
        s.draw(screen)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(screen, args.out)
    print(f"wrote {args.out}; dragging: {drag.dragging}, legal targets: {len(drag.legal_targets)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
