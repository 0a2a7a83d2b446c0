"""Player settings, persisted as JSON in the user config folder.

>>> s = Settings(); s.effective_volume
0.64
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import paths
from game.i18n import _
from game.storage import read_json, write_json

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
CARD_BACKS = ("black", "red")


@dataclass
class Settings:
    master_volume: float = 0.8
    effects_volume: float = 0.8
    mute: bool = False
    animation_speed: str = "normal"
    fullscreen: bool = False
    card_back: str = "black"
    card_badges: bool = False
    language: str = "en"
    window_size: list[int] = field(default_factory=lambda: [1280, 800])

    @property
    def effective_volume(self) -> float:
        return 0.0 if self.mute else round(self.master_volume * self.effects_volume, 4)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Settings":
        """Settings from ``data``; unknown keys are dropped, bad values fall back to defaults."""
        s = cls()
        if not isinstance(data, dict):
            return s
        for f in dataclasses.fields(cls):
            if f.name in data:
                setattr(s, f.name, data[f.name])
        s._sanitize()
        return s

    def _sanitize(self) -> None:
        d = Settings()
        for name in ("master_volume", "effects_volume"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                setattr(self, name, getattr(d, name))
            else:
                setattr(self, name, min(1.0, max(0.0, float(v))))
        for name in ("mute", "fullscreen", "card_badges"):
            if not isinstance(getattr(self, name), bool):
                setattr(self, name, getattr(d, name))
        if self.animation_speed not in ANIMATION_SPEEDS:
            self.animation_speed = d.animation_speed
        if self.card_back not in CARD_BACKS:
            self.card_back = d.card_back
        if not isinstance(self.language, str):
            self.language = d.language
        ws = self.window_size
        if not (isinstance(ws, list) and len(ws) == 2 and all(isinstance(x, int) for x in ws)):
            self.window_size = d.window_size
        else:
            self.window_size = [max(960, ws[0]), max(600, ws[1])]


def damaged_message(what: str, kept_aside: Path | None) -> str:
    """The sentence shown when a user file could not be read."""
    text = _("Your {what} file was damaged, so defaults are in use.").format(what=what)
    if kept_aside is not None:
        text += " " + _("The damaged file was kept as {name}.").format(name=kept_aside.name)
    return text


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """Settings from disk and a problem message (damaged file: defaults, file kept aside)."""
    result = read_json(path or paths.settings_file())
    if result.problem:
        return Settings(), damaged_message(_("settings"), result.kept_aside)
    if result.data is None:
        return Settings(), None
    return Settings.from_dict(result.data), None


def save_settings(settings: Settings, path: Path | None = None) -> None:
    write_json(path or paths.settings_file(), settings.to_dict())
