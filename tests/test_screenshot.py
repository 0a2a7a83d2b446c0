"""``python main.py --screenshot SCENE --out FILE.png`` (docs/api.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("scene", ["menu", "settings", "setup", "statistics"])
def test_screenshot_writes_a_png_of_the_scene(tmp_path, scene):
    out = tmp_path / f"{scene}.png"
    assert main.main(["--screenshot", scene, "--out", str(out), "--size", "1024x640"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 640)
    colors = {tuple(image.get_at((x, y))) for x in range(0, 1024, 37) for y in range(0, 640, 29)}
    assert len(colors) > 20, "the picture is nearly flat: nothing was drawn"


def test_screenshots_of_different_scenes_differ(tmp_path):
    images = []
    for scene in ("menu", "settings"):
        out = tmp_path / f"{scene}.png"
        main.main(["--screenshot", scene, "--out", str(out)])
        images.append(pygame.image.tobytes(pygame.image.load(str(out)), "RGB"))
    assert images[0] != images[1]


def test_unavailable_scene_exits_2(tmp_path, capsys, monkeypatch):
    from tests.helpers import without_its_table
    without_its_table(monkeypatch, "heart_of_five")  # (every game is built)
    out = tmp_path / "x.png"
    assert main.main(["--screenshot", "heart_of_five", "--out", str(out)]) == 2
    assert "not available yet" in capsys.readouterr().err and not out.exists()


def test_screenshot_command_line_in_a_fresh_process(tmp_path):
    out = tmp_path / "menu.png"
    env = dict(os.environ, SDL_VIDEODRIVER="", SDL_AUDIODRIVER="dummy")
    env["HANAFUDA_PARLOR_HOME"] = str(tmp_path / "home")
    proc = subprocess.run([sys.executable, "main.py", "--screenshot", "menu", "--out", str(out),
                           "--size", "960x600"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert pygame.image.load(str(out)).get_size() == (960, 600)
    assert "Hello from the pygame community" not in proc.stdout  # support prompt hidden


def test_bad_size_is_refused(capsys):
    with pytest.raises(SystemExit):
        main.main(["--screenshot", "menu", "--out", "x.png", "--size", "big"])
    assert "WxH" in capsys.readouterr().err


def test_screenshot_is_strict_even_when_the_environment_is_not(tmp_path, monkeypatch):
    from game import cli
    from game.scene import Scene

    class BadDraw(Scene):
        def draw(self, surface):
            raise RuntimeError("bad draw")

    monkeypatch.setenv("HANAFUDA_PARLOR_STRICT", "0")
    monkeypatch.setattr(cli, "build_scene", lambda *_args: BadDraw())  # main.main is cli.main
    out = tmp_path / "menu.png"
    with pytest.raises(RuntimeError, match="bad draw"):
        main.main(["--screenshot", "menu", "--out", str(out)])
    assert not out.exists()  # no picture of the crash guard's menu


def _run_script(script: str, tmp_path) -> subprocess.CompletedProcess:
    """``script`` run by a fresh interpreter at the repository's root, headless, with empty
    user folders; its exit status checked."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               HANAFUDA_PARLOR_HOME=str(tmp_path / "home"))
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc


def _app_frames(setup: str, each_frame: str, frames: int, after: str = "") -> str:
    """A script: ``setup`` (which makes ``app``), then ``app.run()`` with ``each_frame`` run
    after each frame (``frame``: its number, from 1) until ``frames`` frames, then ``after``."""
    body = "".join(f"    {line}\n" for line in each_frame.splitlines())
    return (setup + "frame = 0\n"
            "def hook(dt):\n"
            "    global frame\n"
            "    frame += 1\n" + body +
            f"    if frame == {frames}:\n"
            "        app.quit()\n"
            "app.frame_hook = hook\n"
            "app.run()\n" + after)


def test_the_first_menu_frame_comes_before_the_card_art_and_the_sounds(tmp_path):
    """Start-up: the program's first frame does not wait for what can come after it (the
    card art, imported for the menu's fan on a thread afterwards; the sound bank; gettext,
    which English, the source language, does without; the statistics; the card sprites and
    the deck, which the menu's first frame does not show; logging, whose file is set up
    after it), and what comes after it comes with the second frame. (The card art is not
    looked for at the second frame: the thread that makes the menu's fan, started then, may
    have imported some of it by the time the frame ends.)"""
    script = _app_frames("import sys\n"
                         "from game.app import App\n"
                         "from game import paths\n"
                         "app = App()\n"
                         "art = ('sprites.faces', 'sprites.hanafuda_art', 'sprites.card_sprite',\n"
                         "       'rules.hanafuda')\n"
                         "later = ('sounds.bank', 'gettext', 'game.stats', 'logging')\n",
                         "print(sorted(m for m in (art if frame == 1 else ()) + later\n"
                         "             if m in sys.modules),\n"
                         "      paths.log_file().exists(), flush=True)", 2)
    proc = _run_script(script, tmp_path)
    assert proc.stdout.strip().splitlines()[-2:] == [
        "[] False", "['game.stats', 'logging', 'sounds.bank'] True"]


def test_the_window_opens_with_the_game_s_own_icon(tmp_path):
    """The window's icon is the game's seal (``game.icon``), given before the window opens:
    pygame's own default icon is never loaded (its package's resource readers, imported to
    find it, are not)."""
    script = ("import sys, pygame\n"
              "given = []\n"
              "set_icon, set_mode = pygame.display.set_icon, pygame.display.set_mode\n"
              "pygame.display.set_icon = lambda s: (given.append(s), set_icon(s))\n"
              "pygame.display.set_mode = lambda *a, **k: (given.append('window'),\n"
              "                                           set_mode(*a, **k))[1]\n"
              "from game.app import App\n"
              "from game import theme\n"
              "app = App()\n"
              "icon = given[0]\n"
              "print(given[1:], icon.get_size(), tuple(icon.get_at((32, 32)))[:3] ==\n"
              "      theme.VERMILION, 'importlib.readers' in sys.modules, flush=True)\n")
    proc = _run_script(script, tmp_path)
    assert proc.stdout.strip().splitlines()[-1] == "['window'] (64, 64) True False"


def test_the_first_frame_is_not_held_back_by_the_frame_clock(tmp_path):
    """The frame clock paces every frame but the first: made with the window, it would hold
    the first frame back to a 60th of a second after it."""
    script = _app_frames("from game.app import App, FPS\n"
                         "app = App()\n"
                         "asked = []\n"
                         "class Clock:\n"
                         "    def __init__(self, real):\n"
                         "        self.real = real\n"
                         "    def tick(self, fps=0):\n"
                         "        asked.append(fps)\n"
                         "        return self.real.tick(fps)\n"
                         "app.clock = Clock(app.clock)\n", "", 3,
                         "print(asked == [0, FPS, FPS], flush=True)\n")
    proc = _run_script(script, tmp_path)
    assert proc.stdout.strip().splitlines()[-1] == "True"


def test_the_first_frame_paints_the_menu_straight_onto_the_window(tmp_path):
    """The program's first frame paints the menu's backdrop onto the window, not into its
    kept layer (a window-sized surface made and copied: 4-5 ms of the start); the second
    frame makes the layer, and the picture is the same."""
    script = _app_frames("import pygame\n"
                         "from game.app import App\n"
                         "from game.scenes.menu import MenuScene\n"
                         "MenuScene.fan_in_background = False  # (the felt at once)\n"
                         "app = App()\n"
                         "seen = []\n",
                         "seen.append((app.stack.top.kept.key('backdrop') is not None,\n"
                         "             pygame.image.tobytes(app.screen, 'RGB')))\n"
                         "app.stack.repaint()  # (the next frame paints all of it)", 2,
                         "print([kept for kept, _ in seen], seen[0][1] == seen[1][1],\n"
                         "      flush=True)\n")
    proc = _run_script(script, tmp_path)
    assert proc.stdout.strip().splitlines()[-1] == "[False, True] True"


def test_the_collector_is_off_until_the_first_frame_then_on_past_what_start_up_made(tmp_path):
    """``python main.py``: the garbage collector does not go over the start-up's objects
    while the program starts; after the first frame it is on, those objects frozen."""
    script = ("import gc, runpy\n"
              "from game import app as A\n"
              "seen = []\n"
              "run = A.App.run\n"
              "def watched(self):\n"
              "    def hook(dt):\n"
              "        seen.append((gc.isenabled(), gc.get_freeze_count() > 0))\n"
              "        if len(seen) == 2:\n"
              "            self.quit()\n"
              "    self.frame_hook = hook\n"
              "    run(self)\n"
              "A.App.run = watched\n"
              "try:\n"
              "    runpy.run_path('main.py', run_name='__main__')\n"
              "except SystemExit:\n"
              "    pass\n"
              "print(seen, flush=True)\n")
    proc = _run_script(script, tmp_path)
    assert proc.stdout.strip().splitlines()[-1] == "[(False, False), (True, True)]"


def test_help_lists_every_command(capsys):
    """``--help`` names each thing the command line does: the game, a screenshot, simulate."""
    with pytest.raises(SystemExit) as stop:
        main.main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "--screenshot SCENE" in out and "simulate GAME" in out and "simulate --help" in out


def test_no_display_says_so_instead_of_running_unseen(monkeypatch, capsys):
    """With no display SDL falls back to a driver that shows nothing: the game says why it
    cannot open its window and stops, instead of running where nobody sees it. A driver the
    environment asked for (the tests' dummy one) is no such fallback."""
    import pygame
    from game import app as app_module
    built = []
    monkeypatch.setattr(app_module, "App", lambda *a, **k: built.append(1))
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    assert main.main([]) == 1
    assert "cannot open its window: no display was found" in capsys.readouterr().err
    assert built == []
    monkeypatch.setenv("SDL_VIDEODRIVER", "offscreen")  # asked for: no complaint
    from game.cli import no_display
    assert no_display() is None


def test_a_table_at_a_seat_count_and_interface_size(tmp_path, capsys):
    """``--players`` seats the table (issue 38: a picture of each table at each seat count),
    ``--ui-scale`` sets the interface size; a count the game does not seat is refused."""
    from game.cli import build_scene
    table = build_scene("hearts600", 7, players=4, moves=0)
    assert table.players == 4
    table.exit()
    out = tmp_path / "h.png"
    assert main.main(["--screenshot", "heart_of_five", "--players", "8", "--moves", "3",
                      "--ui-scale", "150", "--size", "960x600", "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (960, 600)
    with pytest.raises(SystemExit):
        main.main(["--screenshot", "koikoi", "--players", "3", "--out", str(out)])
    assert "koikoi seats 2-2 players" in capsys.readouterr().err
