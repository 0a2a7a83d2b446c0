"""The one reader of the player's files (settings, remembered setups, statistics; saves use
its first half, ``storage.read_json``): read, check against a schema with bounds, and say
what went wrong in a sentence that names the file.

Whatever is found, the program starts, the original is never overwritten, and defaults (or
the valid part) are used:

- missing: the schema's defaults, no notice;
- damaged (not UTF-8, not JSON, too deep, huge numbers) or too large: kept aside as
  ``NAME.damaged-DATE``, defaults;
- unreadable (no permission, a folder in its place): left where it is, defaults, and the file
  is not written while the program runs (``writable`` False);
- in a folder that cannot be, because a file is in its place: defaults, not written, and the
  notice is the folder's (``notices.post_unwritable``: once, naming the folder and the cause);
- made by a newer version (its ``version`` above ours): what this version understands is used,
  and the file is not written while the program runs;
- values that fail the schema (wrong shape, out of range, unknown fields): the valid part is
  used and written at once, and the original is kept aside.

>>> import tempfile, pathlib
>>> from game.schema import Int, Record
>>> p = pathlib.Path(tempfile.mkdtemp()) / "x.json"
>>> schema = Record({"version": Int(1, 1, 1), "n": Int(0, 9, 5)})
>>> _ = p.write_text('{"version": 1, "n": 12}')
>>> got = load(p, what="test", schema=schema, version=1, max_bytes=1000)
>>> got.data, got.writable, "x.json" in got.notice
({'version': 1, 'n': 5}, True, True)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from game import notices
from game.logs import get_logger
from game.i18n import _
from game.schema import Field, validate
from game.storage import keep_aside, read_json, write_json

log = get_logger(__name__)


class Loaded(NamedTuple):
    """What ``load`` found: the clean ``data``, a ``notice`` for the player (None: nothing to
    say), and whether this run may write the file."""

    data: Any
    notice: str | None = None
    writable: bool = True


def load(path: Path, *, what: str, schema: Field, version: int, max_bytes: int) -> Loaded:
    """``path`` read and checked against ``schema`` (see the module docstring). ``what``
    names the file for the player ("settings"); ``version`` is the one this program writes."""
    default = schema.fresh_default()
    found = read_json(path, max_bytes)
    name = path.name
    if found.status == "missing":
        return Loaded(default)
    if found.status == "unreadable":
        log.warning("%s: %s", path, found.problem)
        if notices.file_in_the_way(path.parent) is not None:
            notices.post_unwritable(path.parent, what)
            return Loaded(default, None, writable=False)
        reason = _("it is a folder, not a file") if path.is_dir() else found.problem
        return Loaded(default, _(
            "Your {what} file ({name}) could not be read ({reason}), so defaults are in use. "
            "It is left as it is and will not be changed until the program starts again."
        ).format(what=what, name=name, reason=reason), writable=False)
    if found.status in ("damaged", "too_large"):
        why = _("it was damaged") if found.status == "damaged" else _("it was too large")
        return Loaded(default, _(
            "Your {what} file ({name}) could not be used: {why}. Defaults are in use, and "
            "the file was kept as {aside}."
        ).format(what=what, name=name, why=why, aside=_aside_name(found.kept_aside)))
    data = found.data
    stated = data.get("version", 1) if isinstance(data, dict) else 1
    newer = type(stated) is int and stated > version
    clean, problems = validate(schema, data, lenient=newer)
    if newer:
        if isinstance(clean, dict) and "version" in clean:
            clean["version"] = version  # what this program understands of it
        log.warning("%s: version %s is newer than %s; read as far as understood (%s)",
                    path, stated, version, "; ".join(problems[:5]))
        return Loaded(clean, _(
            "Your {what} file ({name}) was made by a newer version of Hanafuda Parlor: what "
            "this version understands of it is in use, and it will not be changed."
        ).format(what=what, name=name), writable=False)
    if not problems:
        return Loaded(clean)
    log.warning("%s: %d invalid values: %s", path, len(problems), "; ".join(problems[:10]))
    try:
        aside: Path | None = keep_aside(path)
    except OSError:
        log.exception("could not keep %s aside", path)
        aside = None
    if aside is not None:  # the valid part, on disk at once: a crash before the next save
        try:               # must not leave the player with defaults
            write_json(path, {k: v for k, v in clean.items() if v is not None}
                       if isinstance(clean, dict) else clean)
        except OSError as exc:
            log.exception("could not write the repaired %s", path)
            notices.post_unwritable(path.parent, what, exc)
    details = "; ".join(problems[:3]) + ("…" if len(problems) > 3 else "")
    return Loaded(clean, _(
        "Some values in your {what} file ({name}) were not valid ({details}), so they were "
        "reset. The original file was kept as {aside}."
    ).format(what=what, name=name, details=details, aside=_aside_name(aside)),
        writable=aside is not None)


def _aside_name(aside: Path | None) -> str:
    return aside.name if aside is not None else _("it was")
