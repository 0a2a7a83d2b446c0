"""Render a still of the card-sprite machinery with the real art: a drag in progress, a
flip past its midpoint, a highlight glow, a hover lift and a rotated card.

    python tools/sprite_showcase.py [--out docs/screenshots/sprites.png]
"""
import argparse
import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
parser = argparse.ArgumentParser()
parser.add_argument("--out", default="docs/screenshots/sprites.png")
args = parser.parse_args()
import pygame
pygame.init(); pygame.display.set_mode((1, 1))
from game import draw
from rules.hanafuda import card
from sprites import CardSprite, DragController, faces
W, H = 1280, 720
screen = pygame.Surface((W, H))
cw, ch = 110, 176
cards = []
for i, code in enumerate(["1B", "3B", "8B", "9A", "11B"]):
    s = CardSprite(faces.face_renderer(card(code)), faces.back_renderer("black"), pos=(200 + i * 130, 560), size=(cw, ch), data=code)
    cards.append(s)
flip = CardSprite(faces.face_renderer(card("12B")), faces.back_renderer("red"), pos=(1000, 200), size=(cw, ch), face_up=False)
flip.flip(0.4)
flip.update(0.25)  # past the midpoint: face showing, squashed
cards[2].highlight = (214, 172, 84)
cards[3].hovered = True
for s in cards: s.update(0.5)
# Drag the first card up towards the field.
class Target:
    def __init__(self, rect): self.rect = pygame.Rect(rect)
    def accepts(self, sprites): return True
target = Target((500, 120, 200, 250))
drag = DragController(lambda pos: [s for s in cards if s.contains(pos)][-1:] or None, [target])
c0 = cards[0]
drag.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(200, 560), button=1))
for p in [(220, 540), (300, 450), (420, 320)]:
    drag.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
for s in cards: s.update(0.2)
rot = CardSprite(faces.face_renderer(card("10A")), faces.back_renderer("black"), pos=(1000, 520), size=(cw, ch), rotation=-18)
screen.blit(draw.table_background((W, H)), (0, 0))
pygame.draw.rect(screen, (214, 172, 84), target.rect, 2, border_radius=8)
for s in [flip, rot] + sorted(cards, key=lambda s: s.dragging):
    s.draw(screen)
pygame.image.save(screen, args.out)
print(f"wrote {args.out}; dragging: {drag.dragging}, legal targets: {len(drag.legal_targets)}")
