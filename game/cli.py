"""The command line: start the game, render a screenshot, or run AI-only simulations.

The same program three ways: ``python main.py`` from the repository, ``python -m game``, and
the ``hanafuda-parlor`` command an install makes (pyproject.toml); all three call ``run``.

    hanafuda-parlor                                   # the title menu
    hanafuda-parlor --screenshot menu --out menu.png  # one scene, headless
    hanafuda-parlor simulate koikoi --games 100       # AI against AI
    hanafuda-parlor --strict                          # developers: a scene error stops it

>>> _size("1280x800")
(1280, 800)
"""

from __future__ import annotations

import gc
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # (before any import of pygame)

from game.catalog import GAMES  # noqa: E402  (the registry: no pygame, cheap)
from game.i18n import LANGUAGES  # noqa: E402

SCREENSHOT_SCENES = ("menu", "settings", "setup", "statistics", "gallery", *GAMES,
                     *(f"rules-{game_id}" for game_id in GAMES))  # each game's rules page


def _size(text: str) -> tuple[int, int]:
    import argparse
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must be WxH, like 1280x800: {text!r}") from None
    if w < 320 or h < 200 or w > 7680 or h > 4320:
        raise argparse.ArgumentTypeError(f"size out of range 320x200..7680x4320: {text!r}")
    return w, h


def build_scene(name: str, seed: int | None, players: int | None = None, moves: int = 8):
    """The scene ``--screenshot`` renders, or None when it is not available yet: a game's
    table with ``players`` seats (when None: the table's ``DEMO_SEATS``, else the game's
    default; the others at its default computer level) after ``moves`` actions."""
    from game import screens
    if name == "menu":
        from game.scenes.menu import MenuScene
        return MenuScene()
    if name == "settings":
        from game.scenes.settings import SettingsScene
        return SettingsScene()
    if name == "setup":
        from game.scenes.setup import SetupScene
        first_game = next(iter(GAMES))  # the menu's first game
        return SetupScene(first_game, seed=seed if seed is not None else 7)
    if name == "statistics":
        from game.scenes.stats import StatsScene
        return StatsScene()
    if name == "gallery":
        return screens.make("gallery")
    from game.scenes.setup import default_setup
    if name.startswith("rules-"):
        from game.scenes.rules import rules_reference
        game_id = name.removeprefix("rules-")
        return rules_reference(game_id, default_setup(game_id, seed if seed is not None else 7))
    setup = default_setup(name, seed if seed is not None else 7)
    if players is None:  # (the table's own count for a picture, if it has one)
        players = max(setup.players, getattr(GAMES[name].table_factory(), "DEMO_SEATS", 0))
    setup.seats = ["human"] + [GAMES[name].default_level] * (players - 1)
    return screens.make(name, setup=setup, demo_moves=moves)


#: SDL's drivers that show nothing: it falls back to one when no display can be opened.
INVISIBLE_DRIVERS = ("offscreen", "dummy")


def no_display() -> str | None:
    """Why the game's window cannot be seen, or None: SDL found no display (no desktop
    session, ``DISPLAY`` unset) and fell back to a driver that shows nothing, which the player
    did not ask for (``SDL_VIDEODRIVER``, as the tests and benchmarks set it)."""
    import pygame
    try:
        pygame.display.init()
    except pygame.error as exc:
        return f"Hanafuda Parlor cannot open its window: {exc}."
    driver = pygame.display.get_driver()
    if driver in INVISIBLE_DRIVERS and os.environ.get("SDL_VIDEODRIVER") != driver:
        return ("Hanafuda Parlor cannot open its window: no display was found (a desktop "
                "session, or DISPLAY / WAYLAND_DISPLAY set). Start it from a desktop; "
                f"for a picture without one: {_prog()} --screenshot menu --out menu.png")
    return None


def screenshot(scene_name: str, out: Path, size: tuple[int, int], seed: int | None,
               language: str = "en", players: int | None = None, moves: int = 8,
               ui_scale: float = 1.0) -> int:
    """Render one scene headless to ``out``, in ``language`` at interface size ``ui_scale``
    (a game's table: ``players`` seats, ``moves`` actions in). Always strict: an error in the
    scene ends the command with its traceback (a picture of the crash guard's menu is never
    what was asked)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app import App
    from game.settings import Settings
    from game.scenes.menu import MenuScene
    from game.table.caches import FaceWarmer
    FaceWarmer.threaded = False  # the picture must not depend on a thread's pace
    MenuScene.fan_in_background = False
    app = App(size, headless=True, settings=Settings(language=language, ui_scale=ui_scale),
              strict=True)
    scene = build_scene(scene_name, seed, players, moves)
    if scene is None:
        print(f"scene {scene_name!r} is not available yet", file=sys.stderr)
        return 2
    app.start(scene)
    app.settle()
    app.screenshot(out)
    print(f"wrote {out} ({size[0]}x{size[1]})")
    return 0


def run() -> int:
    """The program's entry point: ``python main.py``, ``python -m game``, ``hanafuda-parlor``.

    Start-up makes some hundred thousand objects that live as long as the program: the
    collector would go over them again and again (5-15 ms of the start). The game turns it
    back on after its first frame (``App.run``), the other commands at once (``main``).
    """
    gc.disable()
    if getattr(sys, "frozen", False):  # a frozen build: its helper processes start here
        import multiprocessing
        multiprocessing.freeze_support()
    return main(prog=_prog())


def _prog() -> str:
    """The command's name in help and errors, as the player typed it."""
    name = Path(sys.argv[0]).name
    return "python -m game" if name == "__main__.py" else name or "main.py"


def main(argv: list[str] | None = None, prog: str = "main.py") -> int:
    """Run the command line ``argv`` (default: the process's); returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    if argv:  # not the game itself: the collector as usual
        gc.enable()
    if argv and argv[0] == "simulate":
        return simulate(argv[1:])
    if not argv:  # the game itself: straight to the window (the options' parser can wait)
        problem = no_display()
        if problem is not None:
            print(problem, file=sys.stderr)
            return 1
        from game.app import App
        app = App()
        # Start-up benchmarks time this path, the player's own: they set this variable.
        frames = os.environ.get("HANAFUDA_PARLOR_QUIT_AFTER_FRAMES", "")
        if frames.isdigit():
            app.frame_hook = _quit_after(app, int(frames))
        app.run()
        return 0
    import argparse
    parser = argparse.ArgumentParser(
        prog=prog, description="Hanafuda Parlor",
        formatter_class=argparse.RawDescriptionHelpFormatter, epilog=f"commands:\n"
               f"  {prog}                          start the game (the title menu)\n"
               f"  {prog} --screenshot SCENE ...   one scene, headless, to a PNG\n"
               f"  {prog} simulate GAME [options]  computer players only, headless: "
               f"{prog} simulate --help")
    parser.add_argument("--screenshot", choices=SCREENSHOT_SCENES, metavar="SCENE",
                        help="render SCENE headless to --out: " + ", ".join(SCREENSHOT_SCENES))
    parser.add_argument("--out", type=Path, help="PNG file for --screenshot")
    parser.add_argument("--size", type=_size, default=(1280, 800), help="WxH (default 1280x800)")
    parser.add_argument("--seed", type=int, help="deal number for game scenes")
    parser.add_argument("--lang", choices=sorted(LANGUAGES), default="en",
                        help="language of --screenshot: " + ", ".join(sorted(LANGUAGES)))
    parser.add_argument("--players", type=int, help="seats at a game's table (default: the "
                        "game's own)")
    parser.add_argument("--moves", type=int, default=8,
                        help="actions played at a game's table before the picture (default 8)")
    parser.add_argument("--ui-scale", type=int, default=100, choices=(100, 125, 150, 175, 200),
                        help="interface size in percent (default 100)")
    parser.add_argument("--strict", action="store_true", default=None,
                        help="developers: an error in a screen stops the program with its "
                             "traceback instead of returning to the menu "
                             "(also HANAFUDA_PARLOR_STRICT=1; --screenshot is always strict)")
    parser.add_argument("--quit-after-frames", type=int, help=argparse.SUPPRESS)  # benchmarks
    args = parser.parse_args(argv)
    if args.screenshot:
        if args.out is None:
            parser.error("--screenshot needs --out FILE.png")
        info = GAMES.get(args.screenshot)
        if args.players is not None and (
                info is None or not info.min_players <= args.players <= info.max_players):
            parser.error(f"--players: {args.screenshot} seats "
                         + (f"{info.min_players}-{info.max_players} players" if info
                            else "no players"))
        return screenshot(args.screenshot, args.out, args.size, args.seed, args.lang,
                          args.players, args.moves, args.ui_scale / 100)
    from game.app import App
    app = App(strict=args.strict)
    if args.quit_after_frames:
        app.frame_hook = _quit_after(app, args.quit_after_frames)
    app.run()
    return 0


def _quit_after(app, frames: int):
    """Frame hook for start-up benchmarks: report the first frame, quit after ``frames``."""
    import time
    count = 0

    def hook(dt: float) -> None:
        nonlocal count
        count += 1
        if count == 1:
            print("first-frame", time.process_time(), flush=True)  # (and the CPU used)
        if count >= frames:
            app.quit()
    return hook


def simulate(argv: list[str]) -> int:
    """AI-only matches, headless (no pygame): see ``ai/simulate.py`` for the options."""
    from ai.simulate import main as run_simulation
    return run_simulation(argv)
