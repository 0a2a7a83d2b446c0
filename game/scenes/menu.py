"""The title menu: Continue (when a game is saved in progress), the five games, Settings,
Statistics, Card gallery, Rules (a chooser of the games' rules references), Quit. A game
with computer players has a Watch button at the end of its row: one click opens a table of
computers only (``GameInfo.watch``), never saved, so it neither replaces the game Continue
offers nor counts in the statistics."""

from __future__ import annotations

import math
import threading

import pygame

from game import draw, theme
from game.catalog import GAMES
from game.fonts import font, text_image
from game.i18n import _
from game import screens
from game.widgets.scene import WidgetScene
from game.widgets.dialog import Dialog, not_available
from game.session import Session, peek_current, refused
from game.setups import SaveError, watch_setup
from game.text import fit_font_size, wrap
from game.widgets import Button, Panel, Widget
from game.widgets.button import PAD, fit_widths, share_sizes

VERSION = "0.1"


FAN = ("1B", "3B", "8B", "11B", "12B")


def _fan_geometry(title: pygame.Rect) -> tuple[int, int, list[tuple[float, float, float]]]:
    """The fan's card size and each card's (angle, centre x, centre y) on its canvas."""
    from sprites.card_ratios import HANAFUDA_RATIO
    card_w = max(40, min(title.width // 7, int(title.height * 0.22 / HANAFUDA_RATIO)))
    card_h = round(card_w * HANAFUDA_RATIO)
    pivot = ((card_w * 4 + card_w * 2) // 2, card_h * 3)
    spots = []
    for i in range(len(FAN)):
        angle = (2 - i) * 10.0  # degrees, counter-clockwise
        rad = math.radians(angle)
        dist = card_h * 1.7  # the hand's pivot sits well below the cards
        spots.append((angle, pivot[0] - math.sin(rad) * dist, pivot[1] - math.cos(rad) * dist))
    return card_w, card_h, spots


def _turned_size(w: int, h: int, angle: float) -> tuple[int, int]:
    """The size of ``pygame.transform.rotozoom`` of a ``w`` x ``h`` surface by ``angle``
    degrees at zoom 1, reckoned as pygame does, without turning pixels (the menu's layout
    needs the fan's size on its first frame; the fan comes later).

    >>> all(_turned_size(w, h, a) == pygame.transform.rotozoom(
    ...     pygame.Surface((w, h)), a, 1.0).get_size()
    ...     for w, h in ((57, 91), (110, 176), (3, 9)) for a in (-20.0, -10.0, 0.0, 10.0, 20.0))
    True
    """
    if angle % 360 == 0:
        return w, h
    rad = math.radians(angle)
    s, c = math.sin(rad), math.cos(rad)
    x, y = float(w // 2), float(h // 2)
    half_w = max(1, math.ceil(max(abs(c * x + s * y), abs(c * x - s * y))))
    half_h = max(1, math.ceil(max(abs(s * x + c * y), abs(s * x - c * y))))
    return 2 * half_w, 2 * half_h


def _fan_box(title: pygame.Rect) -> pygame.Rect:
    """The part of the fan's canvas its cards and shadows cover (from their sizes alone)."""
    card_w, card_h, spots = _fan_geometry(title)
    box: pygame.Rect | None = None
    for angle, cx, cy in spots:
        turned = pygame.Rect((0, 0), _turned_size(card_w, card_h, angle))
        for r in (turned.move_to(center=(cx, cy)), turned.move_to(center=(cx + 4, cy + 6))):
            box = r if box is None else box.union(r)
    assert box is not None
    return box


def _fan_size(title: pygame.Rect) -> tuple[int, int]:
    return _fan_box(title).size


def _make_fan(title: pygame.Rect) -> pygame.Surface:
    """The five brights fanned out under the title (``_fan_size`` big). Safe on a
    thread: the faces are rendered here, not taken from (or put in) the shared cache."""
    from rules.hanafuda import card
    from sprites.hanafuda_art import render_hanafuda
    card_w, card_h, spots = _fan_geometry(title)
    box = _fan_box(title)
    fan = pygame.Surface(box.size, pygame.SRCALPHA)
    for code, (angle, cx, cy) in zip(FAN, spots):
        face = render_hanafuda(card(code), card_w, card_h)
        rotated = pygame.transform.rotozoom(face, angle, 1.0)
        shadow = pygame.transform.rotozoom(_shadow(face.get_size()), angle, 1.0)
        fan.blit(shadow, shadow.get_rect(center=(cx + 4 - box.x, cy + 6 - box.y)))
        fan.blit(rotated, rotated.get_rect(center=(cx - box.x, cy - box.y)))
    return fan


#: Fans made, by title box (the menu is built again each time it comes back).
_fans: dict[tuple, pygame.Surface] = {}


def _keep_fan(title: pygame.Rect, fan: pygame.Surface | None = None) -> pygame.Surface:
    """``fan`` (or one made now) kept for ``title``; only the latest is kept."""
    made = fan if fan is not None else _make_fan(title)
    _fans.clear()
    _fans[tuple(title)] = made
    return made


def _shadow(size: tuple[int, int]) -> pygame.Surface:
    """A soft dark card-shaped shadow."""
    w, h = size
    small = pygame.Surface((max(1, w // 4), max(1, h // 4)), pygame.SRCALPHA)
    pygame.draw.rect(small, (0, 0, 0, 110), small.get_rect().inflate(-2, -2), border_radius=3)
    return pygame.transform.smoothscale(small, (w, h))


class MenuScene(WidgetScene):
    name = "menu"
    CANVAS = (960, 680)  # the game list does not scroll: six buttons with their subtitles

    def build(self) -> list[Widget]:
        self._updates = 0
        self.fan: pygame.Surface | None = None
        self.fan_size = (0, 0)
        self._fan_job: dict | None = None
        self.panel = Panel()
        self.saved, problem = peek_current()  # (its line only: Continue replays it)
        self.notices: list[str] = [problem] if problem else []
        self.continue_button = (
            Button(_("Continue"), self._continue, subtitle=self.saved.label(), primary=True,
                   role="heading") if self.saved is not None else None)
        self.game_buttons = [
            Button(info.title, self._open_game(gid), subtitle=info.subtitle, role="heading")
            for gid, info in GAMES.items()
        ]
        #: Game id -> its Watch button (the games with computer players).
        self.watch_buttons = {gid: Button(_("Watch"), self._watch(gid),
                                          subtitle=_("computers"), role="body")
                              for gid, info in GAMES.items() if info.watch}
        rows: list[Widget] = []
        for gid, b in zip(GAMES, self.game_buttons):
            rows += [b, *([self.watch_buttons[gid]] if gid in self.watch_buttons else [])]
        self.settings_button = Button(_("Settings"), self._settings)
        self.stats_button = Button(_("Statistics"), self._stats)
        self.gallery_button = Button(_("Card gallery"), self._gallery)
        self.rules_button = Button(_("Rules"), self._rules)
        self.quit_button = Button(_("Quit"), self._quit)
        first = [self.continue_button] if self.continue_button is not None else []
        return [self.panel, *first, *rows, self.settings_button, self.stats_button,
                self.gallery_button, self.rules_button, self.quit_button]

    def resume(self) -> None:
        self.rebuild()  # back from a table or the setup screen: the save may have changed

    def update(self, dt: float) -> None:
        super().update(dt)
        self._updates += 1
        if self._updates > 1 and ((self.fan is None and self.fan_size[0])  # a frame is up
                                  or not draw.felt_ready(self.size)):
            self._make_fan_in_background()
        if self.notices and self.app is not None and self.app.stack.top is self:
            self.app.push(Dialog(_("Notice"), self.notices.pop(0), [(_("OK"), None)]))

    # Actions ----------------------------------------------------------------------------------
    def _continue(self) -> None:
        """Open the saved game at its position (read again: the file is the truth). Its table
        replays it once, and that is its check: a save that does not replay is kept aside and
        the menu says so."""
        session, problem = peek_current()
        if session is not None:
            try:
                self.open_session(session)
                return
            except SaveError as exc:
                problem = refused(session.path, exc)
        self.rebuild()  # (without the Continue line: reads the folder again)
        if problem:
            self.notices.append(problem)

    def open_session(self, session: Session) -> None:
        factory = GAMES[session.game_id].table_factory()
        if factory is None:
            self.host.push(not_available(GAMES[session.game_id].title))
            return
        self.host.push(factory(setup=session.setup, session=session))

    def _open_game(self, game_id: str):
        def open_() -> None:
            from game.scenes.setup import SetupScene
            if not screens.available(game_id):
                self.host.push(not_available(GAMES[game_id].title))
                return
            self.host.push(SetupScene(game_id))
        return open_

    def _watch(self, game_id: str):
        def watch() -> None:
            factory = screens.factory(game_id)
            if factory is None:
                self.host.push(not_available(GAMES[game_id].title))
                return
            self.host.push(factory(setup=watch_setup(game_id), watch=True))
        return watch

    def _settings(self) -> None:
        from game.scenes.settings import SettingsScene
        self.host.push(SettingsScene())

    def _stats(self) -> None:
        from game.scenes.stats import StatsScene
        self.host.push(StatsScene())

    def _gallery(self) -> None:
        scene = screens.make("gallery")
        self.host.push(scene if scene is not None else not_available(_("The card gallery")))

    def _rules(self) -> None:
        from game.scenes.rules import RulesChooser
        self.host.push(RulesChooser())

    def _quit(self) -> None:
        self.host.quit()

    def back(self) -> None:
        self.host.push(Dialog(_("Quit Hanafuda Parlor?"),
                             _("Your settings and statistics are saved, and so is any game in "
                               "progress."),
                             [(_("Quit"), self._quit), (_("Stay"), None)]))

    # Layout -----------------------------------------------------------------------------------
    def arrange(self, size: tuple[int, int]) -> None:
        m = self.metrics
        w, h = size
        wide = w / h >= 1.25
        margin = m.px(40)
        gap = m.px(10)
        # The panel as wide as the games' subtitles need at their size, within limits (the
        # title's side keeps the rest): a subtitle shrunk to fit would be smaller than its
        # neighbours (they share one size: the least any of them needs).
        need = self._need_width() + 2 * m.px(22)
        if wide:
            panel_w = min(max(m.px(560), need), int(w * 0.56))
            panel_w = max(min(m.px(560), int(w * 0.46)), panel_w)
            self.panel.place(pygame.Rect(w - margin - panel_w, margin, panel_w, h - 2 * margin), m)
            self.title_rect = pygame.Rect(margin, margin, w - panel_w - 3 * margin, h - 2 * margin)
        else:
            title_h = int(h * 0.26)
            self.title_rect = pygame.Rect(margin, m.px(20), w - 2 * margin, title_h)
            panel_w = min(w - 2 * margin, max(m.px(620), need))
            top = self.title_rect.bottom + m.px(10)
            self.panel.place(pygame.Rect((w - panel_w) // 2, top, panel_w, h - top - margin), m)
        inner = self.panel.rect.inflate(-2 * m.px(22), -2 * m.px(22))
        small_h = m.row_height
        # Continue and the five game buttons share what is left after the two rows of small
        # buttons.
        big = ([self.continue_button] if self.continue_button is not None else []) \
            + self.game_buttons
        n = len(big)
        game_area = inner.height - 2 * small_h - 3 * gap - m.px(8)
        game_h = min(m.px(86), (game_area - (n - 1) * gap) // n)
        y = inner.y + max(0, (game_area - (game_h * n + gap * (n - 1))) // 2)
        watch_w = max(inner.width // 5, self._watch_width())
        ids = ([None] if self.continue_button is not None else []) + list(GAMES)
        for gid, b in zip(ids, big):
            watch = self.watch_buttons.get(gid) if gid is not None else None
            if watch is None:
                b.place(pygame.Rect(inner.x, y, inner.width, game_h), m)
            else:
                b.place(pygame.Rect(inner.x, y, inner.width - watch_w - gap, game_h), m)
                watch.place(pygame.Rect(inner.right - watch_w, y, watch_w, game_h), m)
            y += game_h + gap
        # The two rows of small buttons, each as wide as its label needs at one size.
        rows = [(self.settings_button, self.stats_button, self.gallery_button),
                (self.rules_button, self.quit_button)]
        for row, y in zip(rows, (inner.bottom - 2 * small_h - gap, inner.bottom - small_h)):
            widths = fit_widths([b.text for b in row], inner.width, inner.width, gap,
                                m.type_size("body"), m.px(PAD))
            x = inner.x
            for b, bw in zip(row, widths):
                b.place(pygame.Rect(x, y, bw if b is not row[-1] else inner.right - x,
                                    small_h), m)
                x += bw + gap
        share_sizes([b for b in self.widgets if isinstance(b, Button)])

        self.fan_size = _fan_size(self.title_rect) if w / h >= 1.25 else (0, 0)
        self.fan = _fans.get(tuple(self.title_rect)) if self.fan_size[0] else None
        if self.fan is None and self.fan_size[0] and not self.fan_in_background:
            self.fan = _keep_fan(self.title_rect)
        self._fan_job = None

    def _watch_width(self) -> int:
        """A Watch button's width: its title and subtitle at their roles' sizes."""
        m = self.metrics
        title, sub = font(m.type_size("body"), True), font(m.type_size("small"))
        return max([m.px(104)] + [max(title.size(b.text)[0], sub.size(b.subtitle)[0])
                                  + 2 * m.px(PAD) for b in self.watch_buttons.values()])

    def _need_width(self) -> int:
        """The width inside the panel at which every game's title and subtitle fit their
        button (beside its Watch button) at their roles' sizes."""
        m = self.metrics
        title, sub = font(m.type_size("heading"), True), font(m.type_size("small"))
        watch = self._watch_width() + m.px(10)
        return max(max(title.size(b.text)[0], sub.size(b.subtitle)[0]) + 2 * m.px(PAD)
                   + (watch if gid in self.watch_buttons else 0)
                   for gid, b in zip(GAMES, self.game_buttons))

    #: The card fan is made on a thread once the first frame is up (the start-up's biggest
    #: piece); tests and screenshots make it at once, so that their frames do not depend on a
    #: thread's pace.
    fan_in_background = True

    def _make_fan_in_background(self) -> None:
        """Start making the fan for the layout of now, or take it when it is made."""
        job = self._fan_job
        if job is None:
            title, wide = self.title_rect.copy(), bool(self.fan_size[0])
            job = self._fan_job = {"for": tuple(title)}
            size = self.size

            def make() -> None:
                draw.table_background(size)
                job.update(fan=_make_fan(title) if wide else None)
            threading.Thread(target=make, name="menu-fan", daemon=True).start()
        elif "fan" in job and job["for"] == tuple(self.title_rect):
            if job["fan"] is not None:
                self.fan = _keep_fan(self.title_rect, job["fan"])
        elif "fan" in job:  # made for a layout since changed
            self._fan_job = None

    def settled(self) -> bool:
        return self.fan is not None or not self.fan_size[0]

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if draw.felt_ready(size) or not self.fan_in_background:
            super().draw_backdrop(surface)
        else:  # the first frame: the felt's pattern comes with the fan
            draw.vertical_gradient(size, theme.BACKGROUND_TOP, theme.BACKGROUND_BOTTOM, surface)
        self._draw_title(surface)

    def backdrop_key(self) -> object:
        return (self.title_rect.topleft, self.title_rect.size, self.fan is not None,
                draw.felt_ready(self.size), _("Hanafuda Parlor"))

    def _draw_title(self, surface: pygame.Surface) -> None:
        m = self.metrics
        r = self.title_rect
        seal = min(r.width // 3, r.height // 2, m.px(190))
        wide = surface.get_width() / surface.get_height() >= 1.25
        room = r.width if wide else r.width - seal - m.px(24)  # (tall: beside the seal)
        title_size = fit_font_size(_("Hanafuda Parlor"), room, m.type_size("display"), True)
        title_font = font(title_size, True)
        title_img = text_image(title_font, _("Hanafuda Parlor"), theme.CREAM)
        tag_font = font(m.type_size("body"))  # (the line under it wraps where it is long)
        tags = [text_image(tag_font, line, theme.TEXT_DIM)
                for line in wrap(tag_font, _("Flower-card games for one to eight players"), room)]
        tag_h = sum(t.get_height() for t in tags)
        if not wide:
            seal = min(seal, r.height - title_img.get_height() - m.px(10))
        fan_h = self.fan_size[1] + m.px(30) if self.fan_size[0] else 0
        block_h = seal + m.px(24) + title_img.get_height() + m.px(6) + tag_h + fan_h
        y = r.y + (r.height - block_h) // 2 if wide else r.y
        cx = r.centerx
        # A vermilion seal with 花札 (hanafuda) in cream, like a hanko stamp.
        seal_rect = pygame.Rect(0, 0, seal, seal)
        seal_rect.midtop = (cx, y)
        if not wide:  # beside the title instead of above it
            seal_rect.midleft = (r.x, r.centery)
        pygame.draw.rect(surface, theme.VERMILION_DARK, seal_rect.move(m.px(4), m.px(5)),
                         border_radius=m.px(14))
        pygame.draw.rect(surface, theme.VERMILION, seal_rect, border_radius=m.px(14))
        pygame.draw.rect(surface, theme.CREAM, seal_rect.inflate(-m.px(14), -m.px(14)),
                         max(1, m.px(3)), border_radius=m.px(10))
        kanji_font = font(max(8, int(seal * 0.36)), True)
        for i, ch in enumerate("花札"):
            img = text_image(kanji_font, ch, theme.CREAM)
            surface.blit(img, img.get_rect(center=(seal_rect.centerx,
                                                   seal_rect.y + seal * (0.31 + 0.38 * i))))
        if wide:
            ty = seal_rect.bottom + m.px(24)
            surface.blit(title_img, title_img.get_rect(midtop=(cx, ty)))
            y = ty + title_img.get_height() + m.px(6)
            for tag in tags:
                surface.blit(tag, tag.get_rect(midtop=(cx, y)))
                y += tag.get_height()
            if self.fan is not None:  # (its room is kept while it is being made)
                surface.blit(self.fan, self.fan.get_rect(midtop=(cx, y + m.px(30))))
        else:
            left = seal_rect.right + m.px(24)
            y = r.centery - (title_img.get_height() + tag_h) // 2
            for img in (title_img, *tags):
                surface.blit(img, (left, y))
                y += img.get_height()
        foot = text_image(font(m.type_size("tiny")),
                          _("Version {v} · F11 full screen · Esc back").format(v=VERSION),
                          theme.TEXT_DIM)
        surface.blit(foot, (m.px(14), surface.get_height() - foot.get_height() - m.px(8)))
