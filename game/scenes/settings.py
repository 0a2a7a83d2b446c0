"""Settings: volumes, mute, animation speed, full screen, card back, badges, language, the
interface's size and large cards, and how long a Hard computer player thinks.

Changes apply at once; the file is written when the scene closes.
"""

from __future__ import annotations

import pygame

from game import theme
from game.fonts import font, text_image
from game.i18n import LANGUAGES, _, system_language
from game.widgets.scene import WidgetScene
from game.widgets import Button, Choice, Label, Panel, ScrollList, Slider, Toggle, Widget


def speed_choices() -> list[tuple[str, str]]:
    return [("off", _("Off")), ("fast", _("Fast")), ("normal", _("Normal")), ("slow", _("Slow"))]


def think_choices() -> list[tuple[float, str]]:
    return [(0.25, _("Quick (¼ s)")), (0.5, _("½ s")), (1.0, _("1 s")), (2.0, _("2 s")),
            (3.0, _("Strongest (3 s)"))]


def language_choices() -> list[tuple[str, str]]:
    """The system's language first (the default), then each language by its own name."""
    system = _("System ({language})").format(language=LANGUAGES[system_language()])
    return [("", system), *LANGUAGES.items()]


def scale_choices() -> list[tuple[float, str]]:
    return [(f, _("{percent}%").format(percent=round(f * 100))) for f in theme.UI_SCALES]


def back_choices() -> list[tuple[str, str]]:
    return [("black", _("Classic black")), ("red", _("Red"))]


class SettingsScene(WidgetScene):
    name = "settings"

    def build(self) -> list[Widget]:
        s = self.host.settings
        self.panel = Panel()
        self.heading = Label(_("Settings"), role="title", align="center", color=theme.GOLD)
        self.master = Slider(_("Master volume"), s.master_volume, self._set("master_volume"))
        self.effects = Slider(_("Effects volume"), s.effects_volume, self._set("effects_volume"))
        self.mute = Toggle(_("Mute"), s.mute, self._set("mute"))
        self.speed = Choice(_("Animation speed"), speed_choices(), s.animation_speed,
                            self._set("animation_speed"))
        self.fullscreen = Toggle(_("Full screen (F11)"), s.fullscreen, self._fullscreen)
        self.back_style = Choice(_("Card back"), back_choices(), s.card_back,
                                 self._set("card_back"))
        self.badges = Toggle(_("Month and kind badges on cards"), s.card_badges,
                             self._set("card_badges"))
        self.language = Choice(_("Language"), language_choices(), s.language,
                               self._set("language"))
        self.scale = Choice(_("Interface size"), scale_choices(), s.ui_scale,
                            self._set("ui_scale"))
        self.scale.help = _("Text and controls larger; the menu and the tables grow as far "
                            "as the window has room (full screen gives more)")
        self.large = Toggle(_("Large cards"), s.large_cards, self._set("large_cards"))
        self.large.help = _("The cards of every table larger: piles and other players' "
                            "hands smaller, rows and fans overlapping where they must")
        self.think = Choice(_("Hard opponents think"), think_choices(), s.think_seconds,
                            self._set("think_seconds"))
        self.think.help = _("Seconds a Hard computer player thinks over each decision: "
                            "longer plays better")
        self.rows = ScrollList([self.master, self.effects, self.mute, self.speed, self.fullscreen,
                                self.back_style, self.badges, self.language, self.scale,
                                self.large, self.think])
        self.done = Button(_("Done"), self.back, primary=True)
        return [self.panel, self.heading, self.rows, self.done]

    def _set(self, field: str):
        def apply(value) -> None:
            setattr(self.host.settings, field, value)
            self.host.apply_settings()
            if field in ("mute", "master_volume", "effects_volume"):
                self.play("click")
        return apply

    def _fullscreen(self, on: bool) -> None:
        self.host.set_fullscreen(on)

    def resume(self) -> None:
        self.fullscreen.value = self.host.settings.fullscreen

    def handle_event(self, event: pygame.event.Event) -> None:
        super().handle_event(event)
        # F11 is handled by the app; keep the toggle in step with it.
        self.fullscreen.value = self.host.settings.fullscreen

    def exit(self) -> None:
        self.host.save_settings()

    def arrange(self, size: tuple[int, int]) -> None:
        m = self.metrics  # (the key help line under the panel, never over its frame)
        self.arrange_page(size, self.panel, self.heading, self.rows, self.done, 760, 720,
                          footer=font(m.type_size("tiny")).get_linesize() + m.px(6))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        focused = self.focus.focused
        hint = getattr(focused, "help", "") if focused is not None else ""
        if not hint:
            hint = _("Arrows or Tab to move · Left/Right to change · Esc to go back")
        img = text_image(font(self.metrics.type_size("tiny")), hint, theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midbottom=(self.size[0] // 2,
                                                  self.size[1] - self.metrics.px(6))))
