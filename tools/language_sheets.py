"""Render every screenshot scene in each language and put them on one sheet per language.

Run from the repository root::

    python tools/language_sheets.py [--out out/screenshots] [--keep DIR]

Each scene of ``game.cli.SCREENSHOT_SCENES`` is rendered at 1280x800 by its own
``main.py --screenshot`` process (a fresh program each: nothing carried from one scene to the
next), then shrunk to half size onto ``languages_<lang>.png``, two scenes a row, each named
(posterized as ``tools/contact_sheet.py`` does: the paper grain does not compress). After
them come ``PAGES``, screens no screenshot scene reaches: the first result page of each game
of the registry with computer seats (computers at Easy in its default seats play the round
out, animations off) and the pause menu (of the registry's first game).
``--keep DIR`` also keeps the full-size pictures there (to look at one closely).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.catalog import GAMES  # noqa: E402
from game.cli import SCREENSHOT_SCENES  # noqa: E402
from game.i18n import LANGUAGES  # noqa: E402
from tools.contact_sheet import posterize  # noqa: E402

SIZE = (1280, 800)
COLUMNS = 2
#: Screens past the screenshot scenes: ``result-GAME`` (a round's or deal's result page, each
#: game with computer seats) and ``pause`` (the first game's pause menu).
PAGES = (*(f"result-{game_id}" for game_id, g in GAMES.items() if not g.solitaire), "pause")


def render_page(page: str, language: str, out: Path) -> None:
    """One of ``PAGES`` in ``language`` to ``out``, in this process (``--page``)."""
    from game.app import App
    from game import screens
    from game.scenes.pause import PauseMenu
    from game.setups import default_setup
    from game.settings import Settings
    from game.table.dialogs import ResultPage
    app = App(SIZE, headless=True, settings=Settings(language=language, animation_speed="off"),
              strict=True)
    game_id = page.removeprefix("result-") if page != "pause" else next(iter(GAMES))
    setup = default_setup(game_id, 7)
    if page != "pause":
        setup.seats = ["easy"] * len(setup.seats)
    table = screens.make(game_id, setup=setup)
    app.start(table)
    if page == "pause":
        app.settle()
        app.push(PauseMenu(table))
    else:
        for _ in range(20000):  # (frames until the round's result page is up)
            app.frame(1 / 30)
            if isinstance(app.stack.top, ResultPage):
                break
    for _ in range(30):
        app.frame(1 / 30)
    app.screenshot(out)
    app.close_scenes()


def render(scene: str, language: str, out: Path, home: Path) -> None:
    """``scene`` (a screenshot scene or one of ``PAGES``) in ``language`` to ``out``, by a
    program of its own (a fresh user folder)."""
    env = {**os.environ, "HANAFUDA_PARLOR_HOME": str(home), "SDL_AUDIODRIVER": "dummy"}
    command = ([str(Path(__file__).resolve()), "--page", scene] if scene in PAGES else
               [str(ROOT / "main.py"), "--screenshot", scene])
    subprocess.run([sys.executable, *command, "--lang", language, "--out", str(out)],
                   check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL)


def sheet(pictures: list[tuple[str, Path]]) -> pygame.Surface:
    """The pictures at half size, ``COLUMNS`` a row, each with its scene's name above it."""
    pygame.font.init()
    label = pygame.font.Font(None, 28)
    w, h = SIZE[0] // 2, SIZE[1] // 2
    head = 30
    rows = (len(pictures) + COLUMNS - 1) // COLUMNS
    out = pygame.Surface((COLUMNS * w, rows * (h + head)))
    out.fill((30, 30, 30))
    for i, (name, path) in enumerate(pictures):
        x, y = (i % COLUMNS) * w, (i // COLUMNS) * (h + head)
        out.blit(label.render(name, True, (230, 230, 230)), (x + 8, y + 6))
        out.blit(pygame.transform.smoothscale(pygame.image.load(str(path)), (w, h)),
                 (x, y + head))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "out" / "screenshots")
    parser.add_argument("--keep", type=Path, help="keep the full-size pictures here")
    parser.add_argument("--page", choices=PAGES, help=argparse.SUPPRESS)  # (one, in-process)
    parser.add_argument("--lang", default="en", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.page:
        render_page(args.page, args.lang, args.out)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for language in LANGUAGES:
            pictures = []
            for scene in (*SCREENSHOT_SCENES, *PAGES):
                path = folder / f"{scene}_{language}.png"
                render(scene, language, path, Path(tmp) / f"home_{scene}_{language}")
                pictures.append((scene, path))
            args.out.mkdir(parents=True, exist_ok=True)
            target = args.out / f"languages_{language}.png"
            pygame.image.save(posterize(sheet(pictures), 5), str(target))  # (size: as cards.png)
            print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
