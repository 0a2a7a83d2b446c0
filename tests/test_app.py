"""The app shell driven by synthetic events: menu, dialogs, settings, setup, pause, errors."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from ai.base import levels
from game import paths
from game.scene import Scene
from game.widgets.dialog import Dialog
from game.scenes.menu import MenuScene
from game.scenes.pause import PauseMenu, RulesScene
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.stats import StatsScene
from game.table.scene import TableScene
from game.settings import load_settings
from tests.helpers import click, key, press, send, without_its_table


def test_pygame_is_the_community_edition():
    assert getattr(pygame, "IS_CE", False)


def button(scene, text):
    return next(w for w in scene.focus.widgets if getattr(w, "text", None) == text)


def test_menu_opens_settings_by_click_and_esc_returns(app):
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    click(app, button(menu, "Settings").rect.center)
    assert isinstance(app.stack.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is menu


def test_menu_keyboard_moves_focus_and_enter_activates(app):
    menu = app.stack.top
    assert menu.focus.focused.text == "Koi-Koi"
    for _ in range(10):  # the five games, each with computers followed by its Watch button
        key(app, pygame.K_DOWN)
    assert menu.focus.focused.text == "Statistics"
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, StatsScene)


@pytest.mark.parametrize("title", ["Koi-Koi", "Hana-awase", "600 Hearts", "Yatsuhashi Solitaire",
                                   "Heart of Five"])
def test_a_game_not_built_answers_not_available(app, monkeypatch, title):
    from game.catalog import GAMES
    from game import screens
    gid = next(g for g, info in GAMES.items() if info.title == title)
    assert screens.available(gid)  # every game is built
    without_its_table(monkeypatch, gid)
    assert not screens.available(gid)
    click(app, button(app.stack.top, title).rect.center)
    dialog = app.stack.top
    assert isinstance(dialog, Dialog) and dialog.title == "Not available yet"
    assert title in dialog.message
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, MenuScene)


def test_esc_on_menu_asks_before_quitting(app):
    app.running = True
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, Dialog)
    key(app, pygame.K_ESCAPE)  # Esc = "Stay"
    assert isinstance(app.stack.top, MenuScene) and app.running is True
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)  # "Quit" is the default button
    assert app.running is False


def test_settings_apply_at_once_and_persist_on_close(app):
    app.push(SettingsScene())
    scene = app.stack.top
    click(app, scene.mute.rect.center)
    assert app.settings.mute is True
    r = scene.speed.control_rect
    click(app, (r.right - 5, r.centery))
    assert app.settings.animation_speed == "slow"
    assert not paths.settings_file().exists()
    key(app, pygame.K_ESCAPE)
    saved, problem = load_settings()
    assert problem is None and saved.mute is True and saved.animation_speed == "slow"


def test_f11_toggles_fullscreen_setting(app):
    key(app, pygame.K_F11)
    assert app.settings.fullscreen is True
    key(app, pygame.K_F11)
    assert app.settings.fullscreen is False


def test_holding_f11_toggles_fullscreen_once(app):
    def f11(kind):
        send(app, pygame.event.Event(kind, key=pygame.K_F11, mod=0, unicode="", scancode=0))
    f11(pygame.KEYDOWN)
    for _ in range(5):  # key repeat while it is held
        f11(pygame.KEYDOWN)
        app.frame(0.04)
    assert app.settings.fullscreen is True
    f11(pygame.KEYUP)
    key(app, pygame.K_F11)  # the next press acts again
    assert app.settings.fullscreen is False


def test_damaged_settings_at_start_shows_a_notice_over_the_menu():
    from game.app import App
    path = paths.settings_file()
    path.parent.mkdir(parents=True)
    path.write_text("{oops", encoding="utf-8")
    a = App((1280, 800), headless=True, strict=True)
    a.start()
    assert isinstance(a.stack.top, Dialog) and "damaged" in a.stack.top.message
    assert isinstance(list(a.stack)[0], MenuScene)
    assert list(path.parent.glob("settings.json.damaged-*"))


class Exploding(Scene):
    name = "exploding"

    def update(self, dt):
        raise RuntimeError("boom")


class BadDraw(Scene):
    def draw(self, surface):
        raise RuntimeError("bad draw")


class BadInput(Scene):
    def handle_event(self, event):
        raise KeyError("bad")


@pytest.fixture
def guarded_app(app):
    """The app as players run it: the crash guard catches scene errors (tests are strict)."""
    app.strict = False
    return app


def test_an_exception_in_a_scene_returns_to_the_menu_with_an_error_dialog(guarded_app):
    app = guarded_app
    app.push(Exploding())
    app.frame(1 / 60)
    scenes = list(app.stack)
    assert isinstance(scenes[0], MenuScene) and isinstance(scenes[-1], Dialog)
    assert len(scenes) == 2
    assert str(app.log_path) in scenes[-1].message
    assert "RuntimeError: boom" in app.log_path.read_text(encoding="utf-8")


@pytest.mark.parametrize("scene, act", [
    (BadDraw, lambda app: app.frame(1 / 60)),
    (BadInput, lambda app: key(app, pygame.K_a)),
])
def test_exception_in_draw_or_event_is_contained(guarded_app, scene, act):
    guarded_app.push(scene())
    act(guarded_app)
    top = guarded_app.stack.top
    assert isinstance(top, Dialog) and top.title == "Something went wrong"


@pytest.mark.parametrize("scene, act, error", [
    (Exploding, lambda app: app.frame(1 / 60), RuntimeError),
    (BadDraw, lambda app: app.frame(1 / 60), RuntimeError),
    (BadInput, lambda app: key(app, pygame.K_a), KeyError),
])
def test_strict_mode_raises_scene_errors(app, scene, act, error):
    pushed = app.push(scene())
    with pytest.raises(error):
        act(app)
    assert app.stack.top is pushed  # no menu, no dialog: the error is the test's


@pytest.mark.parametrize("value, strict", [("1", True), ("yes", True), ("0", False), ("", False)])
def test_strict_mode_follows_the_environment_unless_given(monkeypatch, value, strict):
    from game.app import App
    from game.settings import Settings
    monkeypatch.setenv("HANAFUDA_PARLOR_STRICT", value)
    assert App((960, 600), headless=True, settings=Settings()).strict is strict
    assert App((960, 600), headless=True, settings=Settings(), strict=False).strict is False


def test_main_strict_flag_reaches_the_app(monkeypatch):
    import main
    from game.app import App
    made = []
    monkeypatch.setenv("HANAFUDA_PARLOR_STRICT", "0")
    monkeypatch.setattr(App, "run", lambda self: made.append(self.strict))
    assert main.main(["--strict"]) == 0 and main.main([]) == 0
    assert made == [True, False]


class Table(TableScene):
    game_id = "koikoi"
    name = "test-table"

    in_progress = True  # a move has been made: restarting asks first

    def __init__(self):
        super().__init__()
        self.restarts = 0

    def restart(self):
        self.restarts += 1


def test_pause_menu_resume_restart_rules_and_quit(app):
    table = Table()
    app.push(table)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseMenu)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table
    key(app, pygame.K_ESCAPE)
    click(app, button(app.stack.top, "Restart deal").rect.center)
    key(app, pygame.K_RETURN)  # confirm
    assert table.restarts == 1 and app.stack.top is table
    key(app, pygame.K_ESCAPE)
    click(app, button(app.stack.top, "Rules reference").rect.center)
    assert isinstance(app.stack.top, RulesScene) and "koi-koi" in app.stack.top.text
    key(app, pygame.K_ESCAPE)
    click(app, button(app.stack.top, "Quit to menu").rect.center)  # the game is saved
    assert [type(s) for s in app.stack] == [MenuScene]


def test_setup_presets_options_and_players(app):
    setup = SetupScene("koikoi", seed=5)
    app.push(setup)
    assert setup.setup.options["hand_swap"] is True
    setup.preset_choice.step(1)  # Seed -> Nintendo
    opts = setup.setup.options
    assert opts["hand_swap"] is False and opts["seven_point_double"] is True
    assert setup.option_widgets["hand_swap"].value is False
    setup.option_widgets["rain_rule"].activate()
    assert setup.preset_choice.value == "custom" and setup.setup.options["rain_rule"] is True
    setup.option_widgets["rain_rule"].activate()
    assert setup.preset_choice.value == "nintendo"

    # 600 Hearts' seats offer the levels registered in ai/hearts600.py.
    assert levels("hearts600")[:2] == ("easy", "normal")
    hearts = SetupScene("hearts600", seed=5)
    app.push(hearts)
    count = next(w for w in hearts.focus.widgets
                 if getattr(w, "text", "") == "Number of players")
    count.step(1)
    assert hearts.setup.seats == ["human", "normal", "normal", "normal"]
    seat4 = next(w for w in hearts.focus.widgets if getattr(w, "text", "") == "Seat 4")
    seat4.step(1)
    assert hearts.setup.seats[3] == "hard"
    seat4.step(1)  # (the last level wraps round to a person)
    assert hearts.setup.seats[3] == "human"


def test_setup_deal_number_is_typed(app):
    setup = SetupScene("koikoi", seed=0)
    app.push(setup)
    setup.focus.focus(setup.seed_field)
    for ch in "123":
        app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    assert setup.setup.seed == 123


def test_setup_refuses_deal_number_zero_and_says_so(app):
    from game import theme
    from game.games.koikoi.table import KoiKoiTable
    setup = SetupScene("koikoi", seed=5)
    app.push(setup)
    under = pygame.Rect(setup.left.rect.x, setup.left.rect.bottom,
                        setup.right.rect.right - setup.left.rect.x, setup.metrics.px(48))

    def red_pixels():
        app.frame(0.0)
        area = app.screen.subsurface(under)
        return sum(1 for x in range(0, under.width, 2) for y in range(under.height)
                   if sum(abs(a - b) for a, b in zip(area.get_at((x, y))[:3],
                                                     theme.VERMILION)) < 30)
    setup.focus.focus(setup.seed_field)
    key(app, pygame.K_BACKSPACE)  # the field emptied: 0
    assert setup.seed_field.value == 0 and red_pixels() == 0
    press(app, "Start")
    assert app.stack.top is setup and setup.setup.seed == 0  # refused, not made 1
    assert setup.problem == "Choose a number from 1 to 999,999,999." and red_pixels() > 20
    assert setup.focus.focused is setup.seed_field
    app.dispatch(pygame.event.Event(pygame.TEXTINPUT, text="7"))
    assert red_pixels() == 0
    press(app, "Start")
    assert isinstance(app.stack.top, KoiKoiTable) and app.stack.top.game.seed == 7

def test_statistics_honest_empty_state_then_figures(app):
    app.push(StatsScene())
    texts = [getattr(w, "text", "") for w in app.stack.top.list.children]
    assert "No finished games yet." in texts
    app.stats.record("koikoi", "win", level="normal", results={"points": 9})
    app.stack.replace(StatsScene())
    texts = [getattr(w, "text", "") for w in app.stack.top.list.children]
    assert "Koi-Koi" in texts and any("Played 1 · won 1" in t for t in texts)


def test_rules_scene_scrolls_with_keys(app):
    app.push(RulesScene("Test", "\n\n".join(f"Paragraph {i} " * 20 for i in range(40))))
    scene = app.stack.top
    key(app, pygame.K_PAGEDOWN)
    assert scene.list.offset > 0
    key(app, pygame.K_HOME)
    assert scene.list.offset == 0


def test_app_starts_silent_without_an_audio_device(monkeypatch, caplog):
    import logging

    from game.app import App
    from game.settings import Settings
    # An audio driver that does not exist: SDL fails exactly as with no sound card.
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no_such_driver")
    with caplog.at_level(logging.INFO, logger="sounds"):
        a = App((1280, 800), headless=True, settings=Settings(), strict=True)
        a.start()
        assert a.sounds is None  # nothing opened before the first frame
        a.start_sounds()
    assert a.sounds is not None and a.sounds.silent
    lines = [r for r in caplog.records if r.name == "sounds"]
    assert len(lines) == 1 and "silent" in lines[0].getMessage()
    a.play_sound("click")  # no error, no sound
    click(a, button(a.stack.top, "Settings").rect.center)
    assert isinstance(a.stack.top, SettingsScene)
    monkeypatch.undo()
    pygame.mixer.quit()
    pygame.mixer.init()


def test_a_still_scene_without_input_runs_at_a_lower_frame_rate(app):
    from game.app import FPS, IDLE_AFTER, IDLE_FPS
    from game.scene import Scene

    class Moving(Scene):
        def settled(self) -> bool:
            return False
    assert app.frame_rate(0.0) == FPS                 # input just now
    assert app.frame_rate(IDLE_AFTER + 0.5) == IDLE_FPS < FPS
    app.push(Moving())
    assert app.frame_rate(IDLE_AFTER + 0.5) == FPS    # something is moving


def test_closing_the_window_leaves_every_scene_as_the_menu_does(app, monkeypatch):
    """The window's close button (QUIT, then ``shutdown``): each scene's ``exit()``, top
    first; a table keeps its game saved for Continue (not counted lost)."""
    from game.games.koikoi.table import KoiKoiTable
    from game.session import load_current
    from game.setups import default_setup
    monkeypatch.setattr(pygame, "quit", lambda: None)   # the suite's pygame stays up
    setup = default_setup("koikoi", seed=7)
    setup.seats = ["human", "easy"]
    table = app.push(KoiKoiTable(setup=setup))
    table.apply_action(table.game.legal_actions()[0])   # a move: a game in progress
    table.pause()
    assert isinstance(app.stack.top, PauseMenu)
    exits = []
    for scene in app.stack:
        monkeypatch.setattr(scene, "exit", lambda real=scene.exit, s=scene: (
            exits.append(s.name), real())[1])
    send(app, pygame.event.Event(pygame.QUIT))
    assert not app.running
    app.shutdown()
    assert exits == ["pause", "koikoi", "menu"] and not len(app.stack)
    assert table.session.closed                       # it left (saved), not finished
    saved, problem = load_current()
    assert problem is None and saved is not None and saved.id == table.session.id
    assert saved.engine().to_dict() == table.game.to_dict()
    assert app.stats.summary("koikoi").played == 0


def test_a_scene_that_fails_to_close_does_not_stop_the_others(app, monkeypatch):
    monkeypatch.setattr(pygame, "quit", lambda: None)
    app.strict = False
    broken = app.push(SettingsScene())
    monkeypatch.setattr(broken, "exit", lambda: 1 / 0)
    menu_exits = []
    monkeypatch.setattr(app.stack.__iter__().__next__(), "exit", lambda: menu_exits.append(1))
    app.shutdown()
    assert not len(app.stack) and menu_exits == [1]
    assert paths.settings_file().exists()   # the files were still saved


def test_the_audio_device_opens_with_the_sounds_after_the_first_frame():
    """Starting the program opens the display and the fonts only: the mixer (an audio
    device: milliseconds, more on some machines) opens when the sounds start, after the
    first frame is on screen."""
    from game.app import App
    from game.settings import Settings
    pygame.mixer.quit()
    app = App((1280, 800), headless=True, settings=Settings(), strict=True)
    assert pygame.display.get_init() and pygame.font.get_init()
    assert not pygame.mixer.get_init()
    app.start_sounds()
    assert pygame.mixer.get_init()


def test_a_window_opened_under_a_resting_pointer_keeps_the_first_focus(app):
    """SDL reports where the pointer rests when the window comes up under it (a motion that
    moved nothing, after the window's enter event): the menu keeps its first focus; the
    pointer's first real move takes the focus to what it points at."""
    menu = app.stack.top
    under = button(menu, "Heart of Five").rect.center
    send(app, pygame.event.Event(pygame.WINDOWENTER, {}))
    send(app, pygame.event.Event(pygame.MOUSEMOTION, {"pos": under, "rel": (0, 0),
                                                      "buttons": (0, 0, 0)}))
    assert menu.focus.focused.text == "Koi-Koi"
    send(app, pygame.event.Event(pygame.MOUSEMOTION, {"pos": (under[0] + 2, under[1]),
                                                      "rel": (2, 0), "buttons": (0, 0, 0)}))
    assert menu.focus.focused.text == "Heart of Five"


def test_the_top_scene_works_ahead_after_drawing_until_its_frame_has_used_its_time(
        app, monkeypatch):
    """``Scene.work_ahead`` comes after the frame is drawn, with a deadline of
    ``AHEAD_UNTIL`` on the main thread's clock from the frame's first event (a key's work
    counts), or from the frame's start when no event came."""
    import game.app
    calls: list = []

    class Ahead(Scene):
        def draw(self, surface):
            calls.append("draw")

        def work_ahead(self, deadline):
            calls.append(deadline)

    ticks = iter([10.0, 20.0])
    monkeypatch.setattr(game.app, "time", SimpleNamespace(thread_time=lambda: next(ticks)))
    app.push(Ahead())
    send(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    # (The frame's second event: the clock is not read again.)
    send(app, pygame.event.Event(pygame.KEYUP, key=pygame.K_a))
    app.frame(1 / 60)
    app.frame(1 / 60)  # (no event: from the frame's start)
    assert calls == ["draw", 10.0 + game.app.AHEAD_UNTIL, "draw", 20.0 + game.app.AHEAD_UNTIL]
