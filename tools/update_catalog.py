"""Keep the gettext catalogues in step with the source, with Babel.

Run from the repository root after adding or changing interface text, and commit
``game/locale/``::

    python tools/update_catalog.py
    python tools/update_catalog.py --merge ja FILE.json   # translations from a JSON file

``game/locale/parlor.pot`` holds every string of a ``_()``, ``N_()`` or ``ngettext()`` call (the
collector the font subset uses: ``tools.font_charset.ui_messages``) with the files it is used
in (no line numbers: an edit elsewhere does not stale it). Each language of
``game.i18n.LANGUAGES`` but the source language (English, whose strings are the source's) has
``game/locale/<lang>/LC_MESSAGES/parlor.po``, updated from the template (a new string is added
untranslated, a string gone from the source is dropped) and compiled to ``parlor.mo``, the
file the game reads. ``--merge`` takes translations from ``{"strings": {msgid: text},
"plurals": {singular: [form, ...]}}`` (a translator's or a helper's work) before that.

>>> template = catalogue()
>>> len(template) > 100, any(m.pluralizable for m in template)
(True, True)
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE  # noqa: E402
from tools.font_charset import ui_messages  # noqa: E402

POT = LOCALE_DIR / f"{DOMAIN}.pot"
PROJECT = "Hanafuda Parlor"
#: A fixed date in every header: the files change only when their strings do.
DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)


def catalogue(root: Path = ROOT) -> Catalog:
    """The template: every interface string of the source under ``root``."""
    template = Catalog(project=PROJECT, version="1", creation_date=DATE, revision_date=DATE,
                       fuzzy=False, charset="utf-8")
    for where, message in ui_messages(root):
        path = where.rsplit(":", 1)[0]
        key = message if isinstance(message, str) else message[0]
        known = template.get(key)
        if known is not None and (path, 0) in known.locations:
            continue
        template.add(message, locations=[*(known.locations if known else []), (path, 0)])
    return template


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False,
             ignore_obsolete=True)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def read(lang: str) -> Catalog:
    """``lang``'s catalogue as committed (an empty one if there is none yet)."""
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, project=PROJECT, version="1", creation_date=DATE,
                       revision_date=DATE, fuzzy=False, charset="utf-8")
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def updated(lang: str, template: Catalog) -> Catalog:
    """``lang``'s catalogue with the template's strings: its translations kept, new strings
    untranslated, strings gone dropped. Babel's guesses for new strings (``fuzzy`` matches)
    are not taken: a near string's translation is usually wrong."""
    catalog = read(lang)
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
    catalog.obsolete.clear()
    catalog.revision_date = DATE
    catalog.fuzzy = False
    return catalog


def merge(catalog: Catalog, translations: dict) -> int:
    """Take ``translations`` (``{"strings": {...}, "plurals": {...}}``) into ``catalog`` for
    the strings it has; the number taken."""
    taken = 0
    for message in catalog:
        if not message.id:
            continue
        if message.pluralizable:
            forms = translations.get("plurals", {}).get(message.id[0])
            if forms:
                message.string = tuple(forms)
                taken += 1
        else:
            text = translations.get("strings", {}).get(message.id)
            if text:
                message.string = text
                taken += 1
    return taken


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--merge", nargs=2, metavar=("LANG", "FILE"),
                        help="take a language's translations from a JSON file first")
    args = parser.parse_args(argv)
    template = catalogue()
    POT.parent.mkdir(parents=True, exist_ok=True)
    POT.write_bytes(po_bytes(template))
    for lang in LANGUAGES:
        if lang == SOURCE:
            continue
        catalog = updated(lang, template)
        if args.merge and args.merge[0] == lang:
            taken = merge(catalog, json.loads(Path(args.merge[1]).read_text(encoding="utf-8")))
            print(f"{lang}: {taken} translations taken from {args.merge[1]}")
        path = po_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(po_bytes(catalog))
        path.with_suffix(".mo").write_bytes(mo_bytes(catalog))
        missing = sum(1 for m in catalog if m.id and not all(
            m.string if isinstance(m.string, tuple) else (m.string,)))
        print(f"{lang}: {len(catalog)} strings, {missing} untranslated -> "
              f"{path.relative_to(ROOT)} (.mo)")
    print(f"{len(template)} strings -> {POT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
