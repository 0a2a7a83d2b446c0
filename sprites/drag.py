"""Drag and drop of card sprites, driven by pygame mouse events.

The controller only moves sprites and asks questions; rules stay in the scene:

* ``pick(pos) -> list[CardSprite] | None``: what a press at ``pos`` picks up (a run of cards
  is dragged together, keeping their offsets);
* drop targets: any object with ``contains(pos)`` or a ``rect``, and ``accepts(sprites)``
  returning ``True`` or ``False`` / a reason string;
* callbacks ``on_drop(sprites, target)``, ``on_refuse(sprites, target_or_None, reason)``,
  ``on_click(sprites)`` (press and release without moving).

>>> import pygame
>>> from sprites.card_sprite import CardSprite
>>> card = CardSprite(lambda w, h: pygame.Surface((w, h)), lambda w, h: pygame.Surface((w, h)),
...                   pos=(100, 100), size=(60, 90))
>>> class Slot:
...     rect = pygame.Rect(300, 50, 80, 120)
...     def accepts(self, sprites): return True
>>> dropped = []
>>> drag = DragController(lambda p: [card] if card.contains(p) else None, [Slot()],
...                       on_drop=lambda s, t: dropped.append(t))
>>> E = pygame.event.Event
>>> drag.handle_event(E(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=1))
True
>>> drag.handle_event(E(pygame.MOUSEMOTION, pos=(340, 110), rel=(240, 10), buttons=(1, 0, 0)))
True
>>> card.pos, drag.legal_targets == drag.targets
((340.0, 110.0), True)
>>> drag.handle_event(E(pygame.MOUSEBUTTONUP, pos=(340, 110), button=1)), len(dropped)
(True, 1)
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Optional, Sequence, Union

import pygame

from sprites.card_sprite import CardSprite
from sprites.easing import ease_out_back

Point = tuple[float, float]
Target = Any  # has .accepts(sprites) and .contains(pos) or .rect
PickFn = Callable[[Point], Optional[Sequence[CardSprite]]]
RefuseFn = Callable[[list[CardSprite], Optional[Target], Optional[str]], None]


class DragController:
    """Press-move-release state machine for dragging card sprites.

    A press on a draggable only *arms* the drag; it starts once the pointer has moved more
    than ``threshold`` pixels, otherwise the release is a click. While dragging, sprites
    follow the pointer at their grab offsets, slightly enlarged, with ``dragging = True``
    (bigger shadow, drawn on top by ``draw_order``). ``hover_target`` and ``legal_targets``
    let the scene make targets glow.

    ``speed`` multiplies the snap-back duration (use the animation-speed factor; 0 = instant).
    ``home``: where a card sent back goes, asked at that moment (a table's place for it now:
    the hand may have changed while the card was held); None or an answer of None: where the
    card was picked up.
    ``enabled = False`` ignores new presses (e.g. while the animation queue is busy).
    """

    def __init__(
        self,
        pick: PickFn,
        targets: Union[Iterable[Target], Callable[[], Iterable[Target]]] = (),
        *,
        on_drop: Optional[Callable[[list[CardSprite], Target], None]] = None,
        on_refuse: Optional[RefuseFn] = None,
        on_click: Optional[Callable[[list[CardSprite]], None]] = None,
        threshold: float = 5.0,
        return_duration: float = 0.25,
        lift_scale: float = 1.06,
        speed: float = 1.0,
        home: Optional[Callable[[CardSprite], Optional[Point]]] = None,
    ) -> None:
        self.pick = pick
        self.home = home
        self._targets = targets
        self.on_drop = on_drop
        self.on_refuse = on_refuse
        self.on_click = on_click
        self.threshold = threshold
        self.return_duration = return_duration
        self.lift_scale = lift_scale
        self.speed = speed
        self.enabled = True
        #: Sprites held (pressed or dragged); empty when idle.
        self.sprites: list[CardSprite] = []
        self.dragging = False
        self.hover_target: Optional[Target] = None
        self.legal_targets: list[Target] = []
        self._press: Optional[Point] = None
        self._origins: list[Point] = []
        self._offsets: list[Point] = []
        self._scales: list[float] = []

    # Targets --------------------------------------------------------------------------------
    @property
    def targets(self) -> list[Target]:
        """Current drop targets (a callable given at construction is asked each time)."""
        t = self._targets
        return list(t() if callable(t) else t)

    @targets.setter
    def targets(self, value: Union[Iterable[Target], Callable[[], Iterable[Target]]]) -> None:
        self._targets = value

    @property
    def active(self) -> bool:
        """True while something is pressed or dragged."""
        return bool(self.sprites)

    # Events ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Feed one event; True if the controller consumed it."""
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            return self._on_press(event.pos)
        if event.type == pygame.MOUSEMOTION and self.sprites:
            buttons = getattr(event, "buttons", (1, 0, 0))
            if not buttons[0]:  # the release happened where we could not see it
                self.cancel()
                return True
            self._on_motion(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1 and self.sprites:
            self._on_release(event.pos)
            return True
        return False

    def _on_press(self, pos: Point) -> bool:
        if not self.enabled or self.sprites:
            return False
        picked = self.pick(pos)
        if not picked:
            return False
        self.sprites = list(picked)
        self._press = (float(pos[0]), float(pos[1]))
        # A card still returning from an earlier drop belongs where it is heading.
        self._origins = [s.target_pos for s in self.sprites]
        return True

    def _on_motion(self, pos: Point) -> None:
        assert self._press is not None
        if not self.dragging:
            dx, dy = pos[0] - self._press[0], pos[1] - self._press[1]
            if dx * dx + dy * dy <= self.threshold * self.threshold:
                return
            self._start_drag()
        for sprite, (ox, oy) in zip(self.sprites, self._offsets):
            sprite.snap_to((pos[0] + ox, pos[1] + oy))
        self.hover_target = self._target_at(pos)

    def _start_drag(self) -> None:
        assert self._press is not None
        self.dragging = True
        px, py = self._press
        self._offsets, self._scales = [], []
        for sprite in self.sprites:
            sprite.snap_to(sprite.pos)  # stop a move in progress where it is
            self._offsets.append((sprite.x - px, sprite.y - py))
            self._scales.append(sprite.scale)
            sprite.dragging = True
            sprite.scale_to(sprite.scale * self.lift_scale, 0.08 * self.speed)
        held = self.sprites
        self.legal_targets = [t for t in self.targets if t.accepts(held) is True]

    def _on_release(self, pos: Point) -> None:
        sprites = self.sprites
        if not self.dragging:
            self._reset()
            if self.on_click is not None:
                self.on_click(sprites)
            return
        target = self._target_at(pos)
        verdict = target.accepts(sprites) if target is not None else False
        self._land(sprites)
        if verdict is True:
            self._reset()
            if self.on_drop is not None:
                self.on_drop(sprites, target)
            return
        self._send_back(sprites)
        self._reset()
        if self.on_refuse is not None:
            self.on_refuse(sprites, target, verdict if isinstance(verdict, str) else None)

    def cancel(self) -> bool:
        """Abandon a press or drag (Esc, focus loss); dragged sprites fly back. No callback."""
        if not self.sprites:
            return False
        if self.dragging:
            self._land(self.sprites)
            self._send_back(self.sprites)
        self._reset()
        return True

    # Helpers --------------------------------------------------------------------------------
    def _land(self, sprites: list[CardSprite]) -> None:
        for sprite, scale in zip(sprites, self._scales):
            sprite.dragging = False
            sprite.scale_to(scale, 0.12 * self.speed)

    def _send_back(self, sprites: list[CardSprite]) -> None:
        duration = self.return_duration * self.speed
        for sprite, origin in zip(sprites, self._origins):
            now = self.home(sprite) if self.home is not None else None
            sprite.move_to(origin if now is None else now, duration, ease_out_back)

    def _reset(self) -> None:
        self.sprites = []
        self.dragging = False
        self.hover_target = None
        self.legal_targets = []
        self._press = None
        self._origins, self._offsets, self._scales = [], [], []

    def _held_rect(self) -> pygame.Rect:
        rects = [s.rect for s in self.sprites]
        return rects[0].unionall(rects[1:])

    def _target_at(self, pos: Point) -> Optional[Target]:
        """The target under the pointer, else the one overlapping the held cards the most."""
        targets = self.targets
        for target in targets:
            if _hit(target, pos):
                return target
        held = self._held_rect()
        best, best_area = None, 0
        for target in targets:
            rect = getattr(target, "rect", None)
            if rect is None:
                continue
            clip = held.clip(rect)
            if clip.w * clip.h > best_area:
                best, best_area = target, clip.w * clip.h
        return best


def _hit(target: Target, pos: Point) -> bool:
    contains = getattr(target, "contains", None)
    if callable(contains):
        return bool(contains(pos))
    rect = getattr(target, "rect", None)
    return rect is not None and rect.collidepoint(pos)
