"""Scenes and the scene stack.

A scene's lifecycle: ``enter()`` when it becomes part of the stack, ``layout(size)`` whenever
the window size changes (and once after enter), then each frame ``handle_event(event)`` for
every input event, ``update(dt)`` and ``draw(surface)``; ``exit()`` when it leaves. ``draw``
changes nothing. Only the top scene receives events and updates; scenes below an ``opaque =
False`` scene (a dialog) show through it: since they are not updated, the stack keeps their
picture (darkened by the overlay's ``dim_below``) and draws it again only when the stack
changes. An overlay may have part of itself kept in that picture too (``kept_look``,
``draw_kept``: a result page's panel and rows), and then draws only the rest each frame. A
scene drawn alone is told, in ``frame_kept``, whether the surface still holds its previous
frame (the same surface, nothing drawn over it since): it may then paint only what changed.

>>> stack = SceneStack()
>>> _ = stack.push(Scene()); _ = stack.push(Scene()); len(stack)
2
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game import draw, memory
from game.theme import PAGE_CANVAS, Metrics, metrics_for

if TYPE_CHECKING:  # pragma: no cover
    from game.app import App


class Scene:
    """Base class: override what you need."""

    #: False for overlays (dialogs, pause menu) that let the scene below show through.
    opaque: bool = True
    #: An overlay's darkening of the scenes below it (alpha, 0: none), kept with their picture.
    dim_below: int = 0
    #: Scene name used by ``--screenshot`` and logs.
    name: str = "scene"
    #: Set by the stack before ``draw``: the surface holds exactly this scene's last frame.
    frame_kept: bool = False
    #: Set by the stack before ``draw``: the ``kept_look`` whose ``draw_kept`` the surface
    #: already shows under this overlay (draw the rest only), or None.
    kept_drawn: Any = None
    #: The least of the design (design pixels) the scene keeps in view as the interface
    #: scale grows (``theme.metrics_for``): a table's layout needs more than a page.
    CANVAS: tuple[int, int] = PAGE_CANVAS

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
        return metrics_for((self.size[0], self.size[1]), self.CANVAS)

    # Lifecycle -----------------------------------------------------------------------------
    def enter(self) -> None:
        """Called once when pushed (``self.app`` is set)."""

    def exit(self) -> None:
        """Called once when removed from the stack."""

    def covered(self) -> None:
        """An opaque scene was pushed over this one, or this one left the stack: let go of
        what is kept for drawing (layers); it is painted again when it shows."""

    def resume(self) -> None:
        """Called when the scene above it was popped."""

    def layout(self, size: tuple[int, int]) -> None:
        """Place widgets for a window of ``size``; the base class records it."""
        self.size = size

    def relabel(self) -> None:
        """The language changed: make again whatever holds text made before (labels built
        once). Text made as it is drawn needs nothing."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """One input event (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene. Must not change state."""

    def work_ahead(self, deadline: float) -> None:
        """Make, after the frame is drawn, what later frames will need, while
        ``time.thread_time()`` is before ``deadline`` (``App.frame``: a frame's work within
        ``AHEAD_UNTIL``); nothing by default. What is not made here is made when it is
        needed, so a frame that left no time skips it."""

    def kept_look(self) -> Any:
        """For an overlay: what ``draw_kept`` paints depends on (hashable), so the stack keeps
        it in its picture of the scenes below; None (the default): nothing is kept."""
        return None

    def draw_kept(self, surface: pygame.Surface) -> None:
        """What ``kept_look`` describes, painted over the scenes below (override with it)."""

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
        # The picture under the top scene when that is an overlay: only the top scene is
        # updated, so the scenes below look the same until the stack changes (``_changes``).
        # Let go when an opaque scene comes or goes, or no overlay shows.
        self._changes = 0
        self._under: tuple[Any, pygame.Surface] | None = None
        # What the last frame drawn by one scene alone was drawn on (``Scene.frame_kept``).
        self._alone: tuple[Any, ...] | None = None

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):
        return iter(list(self._scenes))

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> Scene:
        self._changes += 1
        scene.app = self.app
        if scene.opaque:  # the scenes below are not drawn until it goes
            self._fresh_under()
            for below in self._scenes:
                below.covered()
        self._scenes.append(scene)
        scene.enter()
        scene.layout(self.size)
        self._lay_out_shown()  # (an overlay put where an opaque scene was: ``replace``)
        return scene

    def pop(self) -> Scene | None:
        self._changes += 1
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        if scene.opaque:
            self._fresh_under()
            self._lay_out_shown()
        self._leave(scene)
        if self.top is not None:
            self.top.resume()
        return scene

    def remove(self, scene: Scene) -> None:
        """Remove ``scene`` wherever it is (popping it if on top)."""
        self._changes += 1
        if scene is self.top:
            self.pop()
        elif scene in self._scenes:
            self._scenes.remove(scene)
            if scene.opaque:
                self._fresh_under()
                self._lay_out_shown()
            self._leave(scene)

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for ``scene``."""
        if self._scenes:
            self._leave(self._scenes.pop())
        return self.push(scene)

    def reset(self, scene: Scene) -> Scene:
        """Clear the stack and push ``scene``."""
        while self._scenes:
            self._leave(self._scenes.pop())
        return self.push(scene)

    def clear(self) -> None:
        """Remove every scene, top first, each with its ``exit()`` (the program closes)."""
        self._changes += 1
        self._under = None
        while self._scenes:
            self._leave(self._scenes.pop())

    @staticmethod
    def _leave(scene: Scene) -> None:
        """``scene`` left the stack: its ``exit``, and its pictures (layers the size of the
        window) let go now (``covered``), not when the collector finds the scene: a screen is
        held in reference cycles (its buttons' actions are its own methods), and the next
        screen makes its own pictures before then. The rest of it is collected at the next
        frame (``memory.collect_soon``)."""
        scene.exit()
        scene.covered()
        memory.collect_soon()

    def _fresh_under(self) -> None:
        """An opaque scene came or went: the picture under the next overlay is painted anew,
        on a new layer (made when an overlay shows: kept while none does, it would hold a
        picture the window's size for nothing, 21 MB at 2667x1964)."""
        self._under = None

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out the scenes that show for the window's new ``size``; one under an opaque
        scene is laid out when it shows again (``_lay_out_shown``): the menu under a table
        cost a resize's frame 3 ms for nothing."""
        self._changes += 1
        self.size = size
        # The old size's pictures go before the new ones are made (and the window's is
        # painted whole).
        self._under = self._alone = None
        for scene in self.visible():
            scene.layout(size)

    def _lay_out_shown(self) -> None:
        """The scenes that show now, laid out for the window's size if they were last laid
        out for another (hidden under an opaque scene through a resize)."""
        for scene in self.visible():
            if scene.size != self.size:
                scene.layout(self.size)

    def relabel(self) -> None:
        """The language changed: every scene makes its text again and is laid out anew."""
        self._changes += 1
        for scene in self._scenes:
            scene.relabel()
            scene.layout(self.size)

    def repaint(self) -> None:
        """Have the next frame painted whole (the window's picture is not to be trusted)."""
        self._alone = None

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the topmost opaque scene upward."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        return self._scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        scenes = self.visible()
        if len(scenes) < 2:
            self._under = None  # (no overlay: see ``_fresh_under``)
            # (Ids, not the scenes: a table gone must not be kept alive, with its layers, by
            # this; a change of the stack changes ``_changes`` anyway.)
            alone = (surface, surface.get_size(), self._changes, tuple(map(id, scenes)))
            if scenes:
                scenes[0].frame_kept = self._alone == alone
            self._paint(surface, scenes)
            if scenes:  # (a call of its own, on another surface, paints it all)
                scenes[0].frame_kept = False
            self._alone = alone
            return
        last, self._alone = self._alone, None
        top = scenes[-1]
        look = top.kept_look()
        key = (surface.get_size(), self._changes, tuple(map(id, scenes)), look)
        if self._under is None or self._under[0] != key:
            kept = self._under[1] if self._under is not None else None
            layer = kept if kept is not None and kept.get_size() == surface.get_size() \
                else pygame.Surface(surface.get_size())
            below = scenes[:-1]
            if last is not None and last[0] is surface and last[1] == surface.get_size() \
                    and last[3] == (id(below[0]),) and len(below) == 1:
                # The overlay has just come over a scene drawn alone on this surface last
                # frame: that frame is copied, and the scene paints only what changed since
                # (a result page opens over the table as it stood, not painted anew: 8 ms).
                layer.blit(surface, (0, 0))
                below[0].frame_kept = True
                try:
                    self._paint(layer, below)
                finally:
                    below[0].frame_kept = False
            else:
                self._paint(layer, below)
            if top.dim_below:
                draw.dim(layer, top.dim_below)
            if look is not None:
                top.draw_kept(layer)
            self._under = (key, layer)
        surface.blit(self._under[1], (0, 0))
        top.kept_drawn = look
        try:
            top.draw(surface)
        finally:
            top.kept_drawn = None

    @staticmethod
    def _paint(surface: pygame.Surface, scenes: list[Scene]) -> None:
        for i, scene in enumerate(scenes):
            if i and scene.dim_below:
                draw.dim(surface, scene.dim_below)
            scene.draw(surface)
