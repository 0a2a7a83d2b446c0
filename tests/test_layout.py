"""Every page, menu and dialog (each game's setup with the guided game offered, as the first
time it is opened, and without) at 960x600, 1280x800 and 1920x1080, interface sizes 100%, 150%
and 200%, in English, Japanese and Russian (and at 100% up to 3840x2160): the layout check
(``tests.layout_check``) finds nothing: nothing outside the window, nothing over anything
else, no text cut, no text too small to read."""

from __future__ import annotations

from typing import Any, Callable

import pygame
import pytest

from game import i18n, theme
from game.app import App
from game.catalog import GAMES
from game.scenes.menu import MenuScene
from game.scenes.pause import PauseMenu
from game.scenes.rules import RulesChooser, rules_reference
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.scenes.stats import StatsScene
from game.settings import Settings
from game.setups import default_setup
from game.table.scene import TableScene
from game.widgets.dialog import Dialog, NumberDialog
from tests.layout_check import faults

SIZES = [(960, 600), (1280, 800), (1920, 1080)]
SCALES = [1.0, 1.5, 2.0]
LANGUAGES = ["en", "ja", "ru"]


def _menu_with_continue(app: App) -> MenuScene:
    """The menu when a game is saved in progress: Continue above the five games."""
    from game.session import Session
    setup = default_setup("koikoi", 3)
    game = GAMES["koikoi"].new_engine(setup)
    session = Session.start(setup, game)
    game.apply(game.legal_actions()[0])
    session.record(game)
    return MenuScene()


def _notice(app: App) -> Dialog:
    from game.session import _unusable
    from pathlib import Path
    text = _unusable(i18n._("it was damaged"), Path("current.json.damaged-20261129-120000"),
                     Path("current.json"))
    return Dialog(i18n._("Notice"), text, [(i18n._("OK"), None)])


def _deal_number(app: App) -> NumberDialog:
    """Yatsuhashi's deal-by-number dialog, as its table asks."""
    _ = i18n._
    return NumberDialog(_("Play a deal by number"),
                        _("Every deal number from 1 to 999,999,999 is the same deal on every "
                          "computer."), _("Deal number"), 7, lambda n: None, _("Play"),
                        _("Cancel"))


def _result_of_eight(app: App) -> Any:
    """A result page with a score grid of eight players (Heart of Five's largest table), as
    its round page makes it: the computers' short names over the columns (``short_name``)."""
    from game.table.dialogs import ResultPage
    from game.table.score_grid import score_grid
    _ = i18n._
    names = [_("You")] + [_("Computer {n}").format(n=n) for n in range(1, 8)]
    rows = score_grid(names, [(_("Wins"), [str(n % 3) for n in range(8)]),
                              (_("Losses"), [str(n % 2) for n in range(8)])], marked=[2])
    return ResultPage(_("Round {n}: {who} goes out first").format(n=3, who=names[2]), rows,
                      [(_("Next round"), None)], 900, 720)


def _hand_swap(app: App) -> Any:
    """Koi-Koi's hand-swap question over its table's panel (a choice in a narrow box)."""
    from game.games.koikoi.dialogs import swap_panel
    setup = default_setup("koikoi", 1)
    setup.seats = ["human", "human"]
    table = GAMES["koikoi"].table_factory()(setup=setup)
    app.push(table)
    return swap_panel(table)


def _setup(app: App, game_id: str, offer: bool) -> SetupScene:
    """A game's setup, the first time it is opened (``offer``: the guided game offered
    over its buttons) or a later time."""
    app.settings.guides_offered = [] if offer else [game_id]
    return SetupScene(game_id, seed=1)


def scenes() -> list[tuple[str, Callable[[App], Any]]]:
    made: list[tuple[str, Callable[[App], Any]]] = [
        ("menu", lambda app: MenuScene()),
        ("menu-continue", _menu_with_continue),
        ("settings", lambda app: SettingsScene()),
        ("statistics", lambda app: StatsScene()),
        ("pause", lambda app: PauseMenu(app.stack.top)),
        ("rules", lambda app: RulesChooser()),
        ("notice", _notice),
        ("deal-number", _deal_number),
        ("result-8", _result_of_eight),
        ("hand-swap", _hand_swap),
    ]
    for game_id in GAMES:
        made.append((f"setup-{game_id}", lambda app, g=game_id: _setup(app, g, offer=False)))
        made.append((f"setup-{game_id}-offer", lambda app, g=game_id: _setup(app, g, True)))
        made.append((f"rules-{game_id}",
                     lambda app, g=game_id: rules_reference(g, default_setup(g, 1))))
    return made


def laid_out(make: Callable[[App], Any], size: tuple[int, int], scale: float,
             language: str) -> tuple[Any, pygame.Surface]:
    """The scene ``make`` builds, over a table, in a window of ``size`` resized as a player
    does, at interface size ``scale`` in ``language``."""
    i18n.set_language(language)
    app = App((1280, 800), headless=True, settings=Settings(ui_scale=scale, language=language),
              strict=True)
    app.start()
    app.push(TableScene())
    scene = app.push(make(app))
    app.resize(size)
    app.frame(0.0)
    return scene, pygame.Surface(size)


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("scale", SCALES, ids=lambda s: f"ui{round(s * 100)}")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name, make", scenes(), ids=[n for n, _m in scenes()])
def test_every_page_fits_at_every_size_scale_and_language(name, make, size, scale, language):
    scene, surface = laid_out(make, size, scale, language)
    assert scene.widgets
    found = faults(scene, surface)
    assert not found, "\n".join([f"{name} {size} {scale} {language}:", *found])


@pytest.mark.parametrize("size", [(3840, 2160), (1000, 1000)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name, make", scenes(), ids=[n for n, _m in scenes()])
def test_every_page_fits_a_large_or_square_window(name, make, size):
    scene, surface = laid_out(make, size, 1.0, "en")
    found = faults(scene, surface)
    assert not found, "\n".join([f"{name} {size}:", *found])


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: f"ui{round(s * 100)}")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_settings_help_line_is_written_under_the_panel_not_over_its_frame(size, scale):
    from game.fonts import font
    scene, _surface = laid_out(lambda app: SettingsScene(), size, scale, "en")
    m = scene.metrics
    line_top = size[1] - m.px(6) - font(m.type_size("tiny")).get_height()
    assert scene.panel.rect.bottom <= line_top


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_setup_shows_the_games_description_whole(game_id, size):
    """Not cut mid-line at the foot of the players' column (issue 38): under the rules when
    they leave it room."""
    scene, _surface = laid_out(lambda app: SetupScene(game_id, seed=1), size, 1.0, "en")
    column = scene.left if scene.summary in scene.left.children else scene.right
    assert column.rect.contains(scene.summary.rect), (game_id, size)


@pytest.mark.parametrize("scale", SCALES, ids=lambda s: f"ui{round(s * 100)}")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", [g for g, info in GAMES.items() if not info.solitaire])
def test_the_panel_at_the_most_seats_ends_above_the_game_log_button(game_id, size, scale):
    """Every line the panel keeps is above its Game log button (issue 38: Heart of Five's
    8-seat panel at 150% ran its last line under it); spare lines go first."""
    def table(app: App) -> Any:
        setup = default_setup(game_id, 1)
        setup.seats = ["human"] + ["normal"] * (GAMES[game_id].max_players - 1)
        return GAMES[game_id].table_factory()(setup=setup)
    scene, _surface = laid_out(table, size, scale, "en")
    box, room = scene.drawing.panel_box()
    placed = scene.drawing.panel_parts()
    assert placed and max(line_box.bottom for _line, line_box in placed) <= room


@pytest.mark.parametrize("game_id, count", [("hanaawase", 10), ("koikoi", 10),
                                             ("hearts600", 4)])
def test_a_panel_with_yaku_made_beyond_its_room_joins_them_above_the_game_log_button(game_id,
                                                                                      count):
    """A player holding many yaku at once (Hana-awase at 960x600 and 150% in Russian, eight
    dekiyaku in a pile of 38 cards: the last lines ran under the Game log button): where the lines
    that may not go outgrow the panel, the yaku made are joined onto fewer lines, each still
    said (600 Hearts at four seats has room for four so)."""
    from game.table.panel import PanelLine
    def table(app: App) -> Any:
        setup = default_setup(game_id, 1)
        setup.seats = ["human"] + ["normal"] * (GAMES[game_id].max_players - 1)
        return GAMES[game_id].table_factory()(setup=setup)
    scene, _surface = laid_out(table, (960, 600), 1.5, "ru")
    made = [PanelLine(f"{name}  20", "tiny", theme.GOLD, True, fold=True)
            for name in ("Семь лент", "Синие ленты", "Олень-кабан-бабочка", "Сакэ под луной",
                         "Трава", "Глициниевый ряд", "Ивовый ряд", "Павлониевый ряд",
                         "Красные ленты", "Цветы и луна")][:count]
    lines = scene.panel_lines()
    at = next(i for i, line in enumerate(lines) if line.right)  # under the first player
    scene.panel_lines = lambda: [*lines[:at + 2], *made, *lines[at + 2:]]
    scene.drawing._panel_placed = None
    _box, room = scene.drawing.panel_box()
    placed = scene.drawing.panel_parts()
    assert max(line_box.bottom for _line, line_box in placed) <= room
    shown = " ".join(line.text for line, _box in placed)
    assert all(line.text in shown for line in made)
