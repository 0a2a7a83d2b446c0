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
from game.i18n import LANGUAGES, _
from game.schema import Bool, Choice, Float, Int, ListOf, Record, Text, Tuple, validate
from game.storage import write_json
from game.theme import UI_SCALES
from game.userfile import load

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
CARD_BACKS = ("black", "red")
#: The Hard level's thinking time a decision, seconds (``ai.hard.SECONDS`` bounds them).
THINK_SECONDS = (0.25, 0.5, 1.0, 2.0, 3.0)
#: The version of the settings file this program writes (a file without one is version 1).
VERSION = 1
MAX_BYTES = 64 << 10
#: The window's smallest and largest size (larger than any screen sold: 8K).
MIN_WINDOW = (960, 600)
MAX_WINDOW = (7680, 4320)


@dataclass
class Settings:
    master_volume: float = 0.8
    effects_volume: float = 0.8
    mute: bool = False
    animation_speed: str = "normal"
    fullscreen: bool = False
    card_back: str = "black"
    card_badges: bool = False
    language: str = ""  # "": the system's (game.i18n.system_language)
    think_seconds: float = 1.0
    ui_scale: float = 1.0  # text and controls, times the window's own scale (UI_SCALES)
    large_cards: bool = False  # the tables' cards larger (theme.LARGE_CARDS)
    window_size: list[int] = field(default_factory=lambda: [1280, 800])
    #: The games whose guided first game the setup screen has offered (once each).
    guides_offered: list[str] = field(default_factory=list)

    @property
    def effective_volume(self) -> float:
        return 0.0 if self.mute else round(self.master_volume * self.effects_volume, 4)

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION, **dataclasses.asdict(self)}

    @classmethod
    def from_dict(cls, data: Any) -> "Settings":
        """Settings from ``data``, checked by ``SCHEMA``: a bad or missing value takes its
        default.

        >>> Settings.from_dict({"master_volume": float("nan"), "window_size": [10**22, 900]})
        Settings(master_volume=0.8, effects_volume=0.8, mute=False, animation_speed='normal', \
fullscreen=False, card_back='black', card_badges=False, language='', think_seconds=1.0, \
ui_scale=1.0, large_cards=False, window_size=[1280, 800], guides_offered=[])
        >>> Settings.from_dict({"ui_scale": 3.0, "large_cards": "yes"}).ui_scale
        1.0
        """
        clean, _problems = validate(SCHEMA, data, lenient=True)
        return cls._of(clean)

    @classmethod
    def _of(cls, clean: dict[str, Any]) -> "Settings":
        return cls(**{f.name: clean[f.name] for f in dataclasses.fields(cls)})


_D = Settings()
#: Every value of the settings file, with its bounds.
SCHEMA = Record({
    "version": Int(1, VERSION, VERSION),
    "master_volume": Float(0.0, 1.0, _D.master_volume),
    "effects_volume": Float(0.0, 1.0, _D.effects_volume),
    "mute": Bool(_D.mute),
    "animation_speed": Choice(ANIMATION_SPEEDS, _D.animation_speed),
    "fullscreen": Bool(_D.fullscreen),
    "card_back": Choice(CARD_BACKS, _D.card_back),
    "card_badges": Bool(_D.card_badges),
    "language": Choice(("", *LANGUAGES), _D.language),
    "think_seconds": Choice(THINK_SECONDS, _D.think_seconds),
    "ui_scale": Choice(UI_SCALES, _D.ui_scale),
    "large_cards": Bool(_D.large_cards),
    "window_size": Tuple(Int(MIN_WINDOW[0], MAX_WINDOW[0], _D.window_size[0]),
                         Int(MIN_WINDOW[1], MAX_WINDOW[1], _D.window_size[1])),
    "guides_offered": ListOf(Text(40), 16),
})

def open_settings(path: Path | None = None) -> tuple[Settings, str | None, bool]:
    """Settings from disk, a notice for the player when the file could not be used as it
    was (``game.userfile``: nothing is lost, the file is kept), and whether this run may
    write the file (not an unreadable one, nor a newer version's)."""
    found = load(path or paths.settings_file(), what=_("settings"), schema=SCHEMA,
                 version=VERSION, max_bytes=MAX_BYTES)
    return Settings._of(found.data), found.notice, found.writable


def load_settings(path: Path | None = None) -> tuple[Settings, str | None]:
    """``open_settings`` without the permission to write."""
    settings, notice, _writable = open_settings(path)
    return settings, notice


def save_settings(settings: Settings, path: Path | None = None) -> None:
    write_json(path or paths.settings_file(), settings.to_dict())
