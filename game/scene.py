"""Scenes and the scene stack.

A scene's lifecycle: ``enter()`` when it becomes part of the stack, ``layout(size)`` whenever
the window size changes (and once after enter), then each frame ``handle_event(event)`` for
every input event, ``update(dt)`` and ``draw(surface)``; ``exit()`` when it leaves. ``draw``
changes nothing. Only the top scene receives events and updates; scenes below an ``opaque =
False`` scene (a dialog) are still drawn.

>>> stack = SceneStack()
>>> _ = stack.push(Scene()); _ = stack.push(Scene()); len(stack)
2
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.theme import Metrics

if TYPE_CHECKING:  # pragma: no cover
    from game.app import App


class Scene:
    """Base class: override what you need."""

    #: False for overlays (dialogs, pause menu) that let the scene below show through.
    opaque: bool = True
    #: Scene name used by ``--screenshot`` and logs.
    name: str = "scene"

    def __init__(self) -> None:
        self.app: "App | None" = None
        self.size: tuple[int, int] = (1280, 800)

    @property
    def host(self) -> "App":
        """The app this scene is on, for code that runs only while it is on the stack
        (``build``, callbacks, ``exit``); RuntimeError naming the scene when it is not.

        >>> Scene().host
        Traceback (most recent call last):
        ...
        RuntimeError: scene 'scene' is not on an app's stack
        """
        if self.app is None:
            raise RuntimeError(f"scene {self.name!r} is not on an app's stack")
        return self.app

    @property
    def metrics(self) -> Metrics:
        return Metrics(self.size)

    # Lifecycle -----------------------------------------------------------------------------
    def enter(self) -> None:
        """Called once when pushed (``self.app`` is set)."""

    def exit(self) -> None:
        """Called once when removed from the stack."""

    def covered(self) -> None:
        """An opaque scene was pushed over this one: let go of what is kept for drawing
        (layers); it is painted again when it shows."""

    def resume(self) -> None:
        """Called when the scene above it was popped."""

    def layout(self, size: tuple[int, int]) -> None:
        """Place widgets for a window of ``size``; the base class records it."""
        self.size = size

    def handle_event(self, event: pygame.event.Event) -> None:
        """One input event (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene. Must not change state."""

    def settled(self) -> bool:
        """True when no animation is running (``--screenshot`` waits for this)."""
        return True

    # Helpers -----------------------------------------------------------------------------
    def play(self, sound: str) -> None:
        if self.app is not None:
            self.app.play_sound(sound)

    def close(self, result: Any = None) -> None:
        """Pop this scene off the stack."""
        if self.app is not None:
            self.app.stack.remove(self)


class SceneStack:
    """Push/pop/replace with lifecycle calls; the top scene is the active one."""

    def __init__(self, app: "App | None" = None, size: tuple[int, int] = (1280, 800)) -> None:
        self.app = app
        self.size = size
        self._scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):
        return iter(list(self._scenes))

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> Scene:
        scene.app = self.app
        if scene.opaque:  # the scenes below are not drawn until it goes
            for below in self._scenes:
                below.covered()
        self._scenes.append(scene)
        scene.enter()
        scene.layout(self.size)
        return scene

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.exit()
        if self.top is not None:
            self.top.resume()
        return scene

    def remove(self, scene: Scene) -> None:
        """Remove ``scene`` wherever it is (popping it if on top)."""
        if scene is self.top:
            self.pop()
        elif scene in self._scenes:
            self._scenes.remove(scene)
            scene.exit()

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for ``scene``."""
        if self._scenes:
            old = self._scenes.pop()
            old.exit()
        return self.push(scene)

    def reset(self, scene: Scene) -> Scene:
        """Clear the stack and push ``scene``."""
        while self._scenes:
            self._scenes.pop().exit()
        return self.push(scene)

    def clear(self) -> None:
        """Remove every scene, top first, each with its ``exit()`` (the program closes)."""
        while self._scenes:
            self._scenes.pop().exit()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        for scene in self._scenes:
            scene.layout(size)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the topmost opaque scene upward."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)
