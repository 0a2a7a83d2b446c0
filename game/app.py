"""The application: window, frame loop and the scene stack.

This is the only place that reads pygame's event queue. Scene code runs guarded: an exception
inside a scene is logged, the stack returns to the title menu and an error dialog names the
log file, so the program never dies of a scene bug. In strict mode (tests, developers:
``App(strict=True)``, ``HANAFUDA_PARLOR_STRICT=1`` or ``main.py --strict``) the guard re-raises
instead, so a scene bug fails loudly rather than showing a menu.

>>> strict_from_env({"HANAFUDA_PARLOR_STRICT": "1"}), strict_from_env({})
(True, False)
"""

from __future__ import annotations

import gc
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Mapping

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game import i18n, logs, memory, theme  # noqa: E402
from game.i18n import _  # noqa: E402
from game.icon import window_icon  # noqa: E402
from game.scene import Scene, SceneStack  # noqa: E402
from game import notices, paths  # noqa: E402
from game.screens import screen  # noqa: E402
from game.setups import read_setups  # noqa: E402
from game.settings import Settings, open_settings, save_settings  # noqa: E402
from game.storage import clean_temp_files, flush_writes  # noqa: E402

if TYPE_CHECKING:  # pragma: no cover
    from game.stats import Statistics
    from sounds import SoundBank

log = logs.get_logger(__name__)

FPS = 60
IDLE_FPS = 15    # nothing moving and no input for IDLE_AFTER seconds: spare the CPU
IDLE_AFTER = 1.0
MIN_SIZE = (960, 600)
MAX_DT = 0.1  # a long stall (window drag, breakpoint) must not make animations jump
#: Seconds of the main thread's CPU into a frame (from its first input event) until which the
#: top scene may make what later frames need (``Scene.work_ahead``): work made ahead goes into
#: frames that are light, never onto a heavy one (a key's, a page's).
AHEAD_UNTIL = 0.003
STRICT_ENV = "HANAFUDA_PARLOR_STRICT"


def strict_from_env(environ: Mapping[str, str] = os.environ) -> bool:
    """True when ``HANAFUDA_PARLOR_STRICT`` is set to anything but empty or ``0``."""
    return environ.get(STRICT_ENV, "") not in ("", "0")


def probe_user_folders() -> None:
    """Try writing in each folder of the player's files (made if missing): one that cannot be
    written is told at once, naming it and why (``notices.post_unwritable``), and play goes
    on without saving there.

    >>> probe_user_folders(); notices.drain()  # (the tests' user folders: all writable)
    []
    """
    for folder, what in ((paths.config_dir(), _("settings and remembered setups")),
                         (paths.data_dir(), _("statistics")),
                         (paths.saves_dir(), _("game in progress"))):
        error = notices.probe_folder(folder)
        if error is not None:
            log.warning("cannot write in %s: %s", folder, error)
            notices.post_unwritable(folder, what, error)


class App:
    """Owns the window, settings, statistics, sounds and the scene stack.

    ``strict``: True re-raises scene exceptions instead of the crash guard's menu and dialog;
    None (the default) reads ``HANAFUDA_PARLOR_STRICT``.
    """

    def __init__(self, size: tuple[int, int] | None = None, *, headless: bool = False,
                 settings: Settings | None = None, strict: bool | None = None) -> None:
        self.strict = strict_from_env() if strict is None else strict
        for folder in (paths.config_dir(), paths.data_dir(), paths.saves_dir()):
            clean_temp_files(folder)  # left by a save cut short (a kill, a power cut)
        probe_user_folders()
        problems: list[str] = []
        self.settings_writable = True  # False: the file was unreadable, or a newer version's
        if settings is None:
            settings, problem, self.settings_writable = open_settings()
            if problem:
                problems.append(problem)
        self.settings = settings
        i18n.set_language(settings.language)
        theme.set_display(settings.ui_scale, settings.large_cards)
        self._stats: Statistics | None = None  # read when first used (after the first frame)
        setups = read_setups().notice
        if setups:
            problems.append(setups)
        self.headless = headless
        # Display and fonts only: the mixer opens with the sounds, after the first frame
        # (``pygame.init()`` opened the audio device before it: 5 ms here, more elsewhere).
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(350, 40)
        size = size or (settings.window_size[0], settings.window_size[1])
        self.screen = self._open_window(size)
        self.stack = SceneStack(self, self.screen.get_size())
        # Sounds start after the first frame is on screen (run()): their synthesis thread
        # would otherwise compete with the first frame for the interpreter.
        self.sounds: SoundBank | None = None
        self.clock = pygame.time.Clock()
        self.running = False
        self.startup_messages = problems
        self.frame_hook: Callable[[float], None] | None = None
        self.f11_held = False  # F11 is down: its repeats do nothing
        self.input_seen = False  # an event came since the last frame (``memory.due``)
        self.began = 0.0  # the thread time of this frame's first event (``AHEAD_UNTIL``)

    # Window ---------------------------------------------------------------------------------
    def _open_window(self, size: tuple[int, int]) -> pygame.Surface:
        if self.headless:
            # No window: an off-screen surface (screenshots, tests). Still set a mode so
            # fonts and convert() work under the dummy driver.
            pygame.display.set_mode((1, 1))
            return pygame.Surface(size)
        pygame.display.set_caption(_("Hanafuda Parlor"))
        pygame.display.set_icon(window_icon())  # (before the window: pygame's own not loaded)
        flags = pygame.RESIZABLE
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        w, h = max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])
        screens = pygame.display.get_desktop_sizes()
        if screens:  # never larger than the screen it opens on
            w, h = min(w, max(MIN_SIZE[0], screens[0][0])), min(h, max(MIN_SIZE[1], screens[0][1]))
        return pygame.display.set_mode((w, h), flags)

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: re-layout every scene (what was drawn for the old size
        let go first, ``memory.soon``; the collection and the trim a few frames after the one
        that shows the new size, ``memory.RESIZE_WAIT``)."""
        memory.soon(wait=memory.RESIZE_WAIT)
        if self.headless:
            self.screen = pygame.Surface(size)
        else:
            self.screen = _display_surface()
            if not self.settings.fullscreen:
                self.settings.window_size = [size[0], size[1]]
        self.stack.resize(self.screen.get_size())

    def set_fullscreen(self, on: bool) -> None:
        self.settings.fullscreen = on
        if self.headless:
            return
        memory.soon(wait=memory.RESIZE_WAIT)  # (the old size's drawings go, as on a resize)
        if on:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            w, h = self.settings.window_size
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.stack.resize(self.screen.get_size())

    # Services -------------------------------------------------------------------------------
    def play_sound(self, name: str) -> None:
        if self.sounds is not None:
            self.sounds.play(name)

    @property
    def stats(self) -> Statistics:
        """The player's statistics, read from their file when first asked for (``run`` asks
        once the first frame is up); a damaged file's notice shows then."""
        if self._stats is None:
            from game.stats import Statistics
            self._stats = Statistics.load()
            if self._stats.problem:
                self.notice(self._stats.problem)
        return self._stats

    def notice(self, message: str) -> None:
        """Tell the player ``message`` in a dialog over the top screen (before the first
        screen is up: with the start-up's notices)."""
        if not len(self.stack):
            self.startup_messages.append(message)
            return
        from game.widgets.dialog import Dialog
        self.stack.push(Dialog(_("Notice"), message, [(_("OK"), None)]))

    def start_sounds(self) -> None:
        """Open the mixer and start synthesizing the effects (once)."""
        if self.sounds is None:
            self.sounds = _start_sounds(self.settings)

    def apply_settings(self) -> None:
        """Push settings into the running services (volumes, language, interface scale and
        card size: every scene laid out again)."""
        if self.sounds is not None:
            s = self.settings
            self.sounds.set_volumes(s.master_volume, s.effects_volume, s.mute)
        before = i18n.language()
        i18n.set_language(self.settings.language)
        display = theme.set_display(self.settings.ui_scale, self.settings.large_cards)
        if i18n.language() != before:
            pygame.display.set_caption(_("Hanafuda Parlor"))
        if display or i18n.language() != before:
            self.stack.relabel()

    def save_settings(self) -> None:
        if not self.settings_writable:
            log.info("settings not saved: the file on disk is kept as it is")
            return
        try:
            save_settings(self.settings)
        except OSError as exc:
            log.exception("could not save settings")
            notices.post_unwritable(paths.settings_file().parent, _("settings"), exc)

    # Scenes ---------------------------------------------------------------------------------
    def push(self, scene: Scene) -> Scene:
        self.guard(lambda: self.stack.push(scene), scene)
        return scene

    def guard(self, fn: Callable[[], object], scene: Scene | None = None) -> None:
        """Run scene code; on an exception log it and return to the menu with a dialog
        (in strict mode, let it propagate)."""
        try:
            fn()
        except Exception as exc:  # noqa: BLE001 - the program must survive scene bugs
            if self.strict:
                raise
            self.fail(exc, scene or self.stack.top)

    def fail(self, exc: BaseException, scene: Scene | None) -> None:
        name = getattr(scene, "name", "?")
        log.error("error in scene %s", name, exc_info=exc)
        from game.widgets.dialog import Dialog
        where = str(self.log_path) if self.log_path else _("the log file could not be written")
        try:
            self.stack.reset(screen("menu"))
        except Exception:  # noqa: BLE001
            log.exception("the menu itself failed")
            self.running = False
            return
        self.stack.push(Dialog(
            _("Something went wrong"),
            _("An error stopped this screen, so you are back at the menu. "
              "The details were written to {path}.").format(path=where),
            [(_("OK"), None)],
        ))

    # Loop -------------------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        """One event: app-wide keys first, then the top scene."""
        if not self.input_seen:
            self.began = time.thread_time()
        self.input_seen = True
        if event.type == pygame.WINDOWENTER:
            self.pointer_entering = True
        elif event.type == pygame.MOUSEMOTION:
            entering, self.pointer_entering = self.pointer_entering, False
            if entering and tuple(event.rel) == (0, 0):
                # The window came up (or back) under a pointer at rest, and SDL says where it
                # is: the player has pointed at nothing yet, so the scene's first focus stays
                # (a menu opened under the pointer kept the widget there focused instead).
                return
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            self.resize((max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h)))
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self.resize(_display_surface().get_size() if not self.headless
                        else self.screen.get_size())
            return
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key == pygame.K_F11:
            # Key repeat is on (for the arrows): a held F11 sends KEYDOWN over and over, but
            # one press toggles full screen once. (A window losing focus gets its KEYUP.)
            if event.type == pygame.KEYDOWN and not self.f11_held:
                self.set_fullscreen(not self.settings.fullscreen)
            self.f11_held = event.type == pygame.KEYDOWN
            return
        top = self.stack.top
        if top is not None:
            self.guard(lambda: top.handle_event(event), top)

    def frame(self, dt: float) -> None:
        """Update the top scene by ``dt`` seconds and draw the visible scenes (first showing
        any notice posted since the last frame: ``game.notices``; the memory's release, if
        due, in a quiet frame, without input and with the top scene settled:
        ``memory.due``); then the top scene's work ahead, within ``AHEAD_UNTIL`` of the
        frame's start."""
        began = self.began if self.input_seen else time.thread_time()
        for message in notices.drain():
            self.notice(message)
        top = self.stack.top
        if memory.pending and memory.due(busy=self.input_seen or (
                top is not None and not top.settled())):
            memory.release()
        self.input_seen = False
        if top is not None:
            self.guard(lambda: top.update(min(dt, MAX_DT)), top)
        self.guard(lambda: self.stack.draw(self.screen))
        drawn = self.stack.top  # (the top scene now: the update may have changed it)
        if drawn is not None:
            self.guard(lambda: drawn.work_ahead(began + AHEAD_UNTIL), drawn)

    def start(self, scene: Scene | None = None) -> None:
        """Put the first scene up (the menu), with any start-up problem as a dialog."""
        self.stack.reset(scene or screen("menu"))
        messages, self.startup_messages = self.startup_messages, []
        for message in messages:
            self.notice(message)

    #: True during the first frame of ``run`` (what can wait for the second frame does)
    first_frame = False
    #: The pointer has just come into the window (``dispatch``: its report of where it rests
    #: is not a move).
    pointer_entering = False

    def run(self) -> None:
        self.start()
        self.running = True
        self.first_frame = True
        quiet = 0.0  # seconds without input
        while self.running and len(self.stack):
            # (The first frame does not wait: the clock, made with the window, would hold it
            # back to a 60th of a second after that.)
            dt = self.clock.tick(0 if self.first_frame else self.frame_rate(quiet)) / 1000.0
            events = pygame.event.get()
            quiet = 0.0 if events else quiet + dt
            for event in events:
                self.dispatch(event)
                if not self.running:
                    break
            self.frame(dt)
            if self.frame_hook is not None:
                self.frame_hook(dt)
            pygame.display.flip()
            if self.first_frame:
                self.first_frame = False
                self.after_first_frame()
        self.shutdown()

    @property
    def log_path(self) -> Path | None:
        """The log file (set up when first needed: ``game.logs``); None if not writable."""
        return logs.log_path()

    def after_first_frame(self) -> None:
        """What the start-up leaves until its first frame is on screen: the log file (unless
        a message came before), the sounds, the statistics (a damaged file's notice shows
        now), the garbage collector."""
        logs.log_path()
        self.start_sounds()
        _ = self.stats
        memory.tune()  # big blocks (layers the window's size) given back as they are freed
        if not gc.isenabled():  # (main.py: off for the start-up)
            # What the start-up made lives on: kept out of the collector's rounds, which
            # then go over only what play makes (shorter full collections).
            gc.freeze()
            gc.enable()

    def frame_rate(self, quiet: float) -> int:
        """Frames a second for the next frame: full speed while anything moves or the player
        has just done something, a quarter when the table is still (an idle table would
        otherwise keep a core busy redrawing the same picture)."""
        top = self.stack.top
        if quiet < IDLE_AFTER or top is None or not top.settled():
            return FPS
        return IDLE_FPS

    def quit(self) -> None:
        self.running = False

    def shutdown(self) -> None:
        """The program closes (the window's close button, Quit, the end of ``run``): every
        scene leaves as it does through the menu (``exit()``: a table keeps its game saved
        for Continue, its workers stop), then settings and statistics are saved, and the
        writer thread's last files are on the disk before the window goes."""
        self.close_scenes()
        self.save_settings()
        try:
            if self._stats is not None:  # (never read: nothing changed)
                self._stats.save()
        except OSError:
            log.exception("could not save statistics")
        flush_writes()
        _join_drawing_threads()
        pygame.quit()

    def close_scenes(self) -> None:
        """Every scene's ``exit()``, top first; one that fails is logged and the rest still
        close (in strict mode it raises)."""
        while len(self.stack):
            try:
                self.stack.clear()
            except Exception:  # noqa: BLE001 - closing must reach the files
                if self.strict:
                    raise
                log.exception("a screen failed to close")

    # Screenshots ----------------------------------------------------------------------------
    def settle(self, max_seconds: float = 20.0, dt: float = 1 / FPS) -> None:
        """Advance frames until the top scene says it has settled (or ``max_seconds``)."""
        t = 0.0
        while t < max_seconds:
            self.frame(dt)
            top = self.stack.top
            if top is None or top.settled():
                break
            t += dt
        self.frame(dt)

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))


def _display_surface() -> pygame.Surface:
    """The window's surface (there is one once ``set_mode`` has run, as it has in ``App``)."""
    surface = pygame.display.get_surface()
    if surface is None:
        raise RuntimeError("no display surface: pygame.display.set_mode was not called")
    return surface


def _start_sounds(settings: Settings) -> SoundBank | None:
    """The sound bank, or None if the sounds package is unavailable."""
    try:
        from sounds import SoundBank
    except ImportError:  # pragma: no cover - the package ships with the program
        log.warning("sounds package missing: running silent")
        return None
    bank = SoundBank.start()
    bank.set_volumes(settings.master_volume, settings.effects_volume, settings.mute)
    return bank


#: Threads that make surfaces or sounds beside the frame loop (the menu's fan and felt, the
#: card faces, the effects): pygame must not close under them.
DRAWING_THREADS = ("menu-fan", "face-warmer", "sound-synth")


def _join_drawing_threads(seconds: float = 3.0) -> None:
    """Wait (at most ``seconds`` in all) for the threads still making surfaces or sounds: a
    program closed in its first moments would otherwise shut pygame under one of them (a
    crash on the way out)."""
    import threading
    import time
    deadline = time.monotonic() + seconds
    for thread in threading.enumerate():
        if thread.name in DRAWING_THREADS and thread is not threading.current_thread():
            thread.join(max(0.0, deadline - time.monotonic()))
