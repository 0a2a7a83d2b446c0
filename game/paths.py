"""Where settings, saves, statistics and logs live (platformdirs' user folders).

``HANAFUDA_PARLOR_HOME`` overrides all of them with one folder (tests, portable installs).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "HanafudaParlor"


def _home() -> Path | None:
    value = os.environ.get("HANAFUDA_PARLOR_HOME")
    return Path(value) if value else None


def config_dir() -> Path:
    home = _home()
    return home / "config" if home else Path(platformdirs.user_config_dir(APP_NAME, False))


def data_dir() -> Path:
    home = _home()
    return home / "data" if home else Path(platformdirs.user_data_dir(APP_NAME, False))


def log_dir() -> Path:
    home = _home()
    return home / "logs" if home else Path(platformdirs.user_log_dir(APP_NAME, False))


def settings_file() -> Path:
    return config_dir() / "settings.json"


def stats_file() -> Path:
    return data_dir() / "statistics.json"


def saves_dir() -> Path:
    return data_dir() / "saves"


def current_save() -> Path:
    """The game in progress (one at a time: see ``game.session``)."""
    return saves_dir() / "current.json"


def setups_file() -> Path:
    """Each game's last choices on the setup screen."""
    return config_dir() / "setups.json"


def log_file() -> Path:
    return log_dir() / "parlor.log"
