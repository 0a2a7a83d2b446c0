"""Each game's setup, and the setup screen's remembered last choices.

A setup (``GameSetup``) is what a table is dealt from: who sits where (the player or a
computer level, seat 0 first), the game's options and the seed, which is the deal number. The
setup screen makes one (starting from ``remembered_setup``), the menu's Watch makes one of
computers only (``watch_setup``), and a save holds one, checked on reading as strictly as the
setup screen builds it (``check_setup``, which ``game.session`` calls).

The remembered setups (``paths.setups_file()``) are each game's last choices on the setup
screen: seats, options, and the deal number if the player typed one (``remember_setup``).
Reading them trusts nothing (``game.userfile``): an entry the setup screen could not have made
is repaired to the valid part of it, and the player told.

>>> setup = default_setup("koikoi", seed=7)
>>> setup.seats, setup.seed, check_setup("koikoi", setup.to_dict()) == setup
(['human', 'normal'], 7, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from game import notices, paths
from game.catalog import GAMES
from game.i18n import _
from game.logs import get_logger
from game.schema import Int, ListOf, MapOf, Optional, Record, Scalar, Text
from game.storage import write_json
from game.userfile import Loaded, load

log = get_logger(__name__)

#: The highest deal number (the setup screen's field goes no higher).
MAX_SEED = 999_999_999


# ----------------------------------------------------------------------------------------------
# Setups


@dataclass
class GameSetup:
    """What the setup scene hands a game's table: who sits where, options, deal number."""

    game_id: str
    seats: list[str]  # "human" or an AI level, seat 0 first (bottom of the screen)
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 1

    @property
    def players(self) -> int:
        return len(self.seats)

    def to_dict(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "options": dict(self.options), "seed": self.seed}


def default_setup(game_id: str, seed: int | None = None) -> GameSetup:
    info = GAMES[game_id]
    level = info.default_level
    seats = ["human"] + [level] * (info.default_players - 1)
    return GameSetup(game_id, seats, info.defaults(),
                     seed if seed is not None else random.SystemRandom().randint(1, 99_999))


def watch_setup(game_id: str, seed: int | None = None) -> GameSetup:
    """The setup of a table of computers only, opened to be watched (the menu's Watch): the
    game's ``watch`` levels, its defaults with ``watch_options``, a random deal.

    >>> s = watch_setup("koikoi", 5); s.seats, s.options["match_end"], s.seed
    (['hard', 'normal'], 'rounds3', 5)
    """
    info = GAMES[game_id]
    if not info.watch:
        raise ValueError(f"{game_id} has no computer players to watch")
    setup = default_setup(game_id, seed)
    setup.seats = list(info.watch)
    setup.options.update(info.watch_options)
    return setup


class SaveError(ValueError):
    """A save that cannot be used (its setup: ``check_setup``; the rest of it:
    ``game.session``); the message names the bad part."""


def check_setup(game_id: str, data: Any) -> GameSetup:
    """``data`` (a setup's ``to_dict()``) as a GameSetup of ``game_id``, checked as strictly
    as the setup screen builds one; SaveError names the first bad part.

    >>> check_setup("koikoi", {"seats": ["human", "easy"], "options": {}, "seed": 3}).seats
    ['human', 'easy']
    >>> check_setup("koikoi", {"seats": ["human", "rm -rf"], "options": {}, "seed": 3})
    Traceback (most recent call last):
    ...
    game.setups.SaveError: seat 2: 'rm -rf' is not human or a computer level of koikoi
    """
    info = GAMES.get(game_id) if isinstance(game_id, str) else None
    if info is None:
        raise SaveError(f"unknown game id {game_id!r}")
    if not isinstance(data, dict) or set(data) != {"seats", "options", "seed"}:
        raise SaveError("setup: expected an object of seats, options and seed")
    seats, options, seed = data["seats"], data["options"], data["seed"]
    if not isinstance(seats, list) or not info.min_players <= len(seats) <= info.max_players:
        raise SaveError(f"seats: expected a list of {info.min_players}-{info.max_players} "
                        f"seats for {game_id}")
    allowed = ("human", *info.ai_levels)
    for i, seat in enumerate(seats):
        if not isinstance(seat, str) or seat not in allowed:
            raise SaveError(f"seat {i + 1}: {seat!r:.40} is not human or a computer level "
                            f"of {game_id}")
    if not isinstance(options, dict):
        raise SaveError("options: expected an object")
    for key, value in options.items():
        if info.option(key) is None:
            raise SaveError(f"option {key!r:.40} is not an option of {game_id}")
        if not info.valid_option(key, value):
            raise SaveError(f"option {key}: {value!r:.40} is not one of its choices")
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise SaveError(f"seed: expected a deal number 0-{MAX_SEED}, got {seed!r:.40}")
    # An option added since the save was written takes its default (the old behaviour).
    return GameSetup(game_id, list(seats), {**info.defaults(), **options}, seed)


# ----------------------------------------------------------------------------------------------
# Remembered setups (each game's last choices on the setup screen)


#: The version of the remembered setups file this program writes.
SETUPS_VERSION = 1
SETUPS_MAX_BYTES = 64 << 10
_SETUP_FIELDS = {"seats": ListOf(Text(20), 8), "options": MapOf(Scalar(), 32),
                 "seed": Optional(Int(1, MAX_SEED, 1))}
#: Every value of the remembered setups file, with its bounds (the shape only: a game's
#: entry is checked against the registry when it is used, ``read_setups(game_id)``).
SETUPS_SCHEMA = Record({"version": Int(1, SETUPS_VERSION, SETUPS_VERSION),
                        **{gid: Optional(Record(_SETUP_FIELDS)) for gid in GAMES}})


def _fix_remembered(game_id: str, entry: dict[str, Any]) -> list[str]:
    """A game's remembered setup as the setup screen could make it: seats of its kinds
    (human or one of its computer levels) and count, else its default seats; options it
    has, with one of their choices, else their defaults (dropped).

    >>> entry = {"seats": ["human"], "options": {"match_end": 99}, "seed": None}
    >>> _fix_remembered("koikoi", entry), entry["seats"], entry["options"]
    (['seats: 1, not 2-2', 'options.match_end: 99 is not one of its choices'], \
['human', 'normal'], {})
    """
    info = GAMES[game_id]
    problems = []
    seats = entry["seats"]
    allowed = ("human", *info.ai_levels)
    stranger = next((s for s in seats if s not in allowed), None)
    if stranger is not None:
        problems.append(f"seats: {stranger!r:.40} is not human or a computer level")
    elif not info.min_players <= len(seats) <= info.max_players:
        problems.append(f"seats: {len(seats)}, not {info.min_players}-{info.max_players}")
    if problems:
        entry["seats"] = default_setup(game_id, 1).seats
    for key, value in list(entry["options"].items()):
        if info.option(key) is None:
            problems.append(f"options.{key}: not an option of {game_id}")
        elif not info.valid_option(key, value):
            problems.append(f"options.{key}: {value!r:.40} is not one of its choices")
        else:
            continue
        del entry["options"][key]
    return problems


def read_setups(game_id: str | None = None) -> Loaded:
    """The remembered setups file, checked (``game.userfile``); its notice, if any, names
    the file. ``game_id``'s entry is checked against the registry too (its seats and options:
    ``_fix_remembered``; the computer levels are imported for it, so not at start-up)."""
    schema = SETUPS_SCHEMA
    if game_id is not None:
        entry = Record(_SETUP_FIELDS, fix=lambda e: _fix_remembered(game_id, e))
        schema = Record({**SETUPS_SCHEMA.fields, game_id: Optional(entry)})
    return load(paths.setups_file(), what=_("remembered setups"), schema=schema,
                version=SETUPS_VERSION, max_bytes=SETUPS_MAX_BYTES)


def remembered_setup(game_id: str, seed: int | None = None) -> GameSetup:
    """The setup screen's starting point for ``game_id``: its last choices (seats, options,
    and the deal number if the player typed one), the valid part of them, else the defaults;
    an entry the setup screen could not have made is told to the player (``notices``) as any
    damaged file is. ``seed`` (when given) wins over a remembered deal number."""
    setup = default_setup(game_id, seed)
    found = read_setups(game_id)
    if found.notice:
        log.warning("remembered setups: %s", found.notice)
        notices.post(found.notice)
    entry = found.data.get(game_id)
    if entry is None:
        return setup
    setup.seats = list(entry["seats"])
    setup.options.update(entry["options"])
    if seed is None and entry["seed"] is not None:
        setup.seed = entry["seed"]
    return setup


def remember_setup(setup: GameSetup, seed_typed: bool = False) -> None:
    """Keep ``setup`` as its game's last choices (the deal number only if it was typed)."""
    found = read_setups()
    if not found.writable:
        return  # an unreadable file, or a newer version's: left as it is
    data = {k: v for k, v in found.data.items() if v is not None}
    data["version"] = SETUPS_VERSION
    entry: dict[str, Any] = {"seats": list(setup.seats), "options": dict(setup.options)}
    if seed_typed:
        entry["seed"] = setup.seed
    data[setup.game_id] = entry
    try:
        write_json(paths.setups_file(), data)
    except OSError as exc:
        log.exception("could not remember the setup")
        notices.post_unwritable(paths.setups_file().parent, _("remembered setups"), exc)
