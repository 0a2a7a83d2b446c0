"""gettext set-up. Every user-facing string goes through ``_()``.

English is the source language; catalogues live in ``locale/<lang>/LC_MESSAGES/parlor.mo``.
With no catalogue the strings come back unchanged.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

DOMAIN = "parlor"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
LANGUAGES = {"en": "English"}
SOURCE = "en"  # the language the strings are written in


class _Source:
    """The source language's strings as written: ``gettext.NullTranslations`` without the
    ``gettext`` module, which is imported only for a catalogue (it compiles a pattern as it
    loads: milliseconds of the start-up).

    >>> _Source().gettext("Deal"), _Source().ngettext("card", "cards", 2)
    ('Deal', 'cards')
    """

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


_translation: Any = _Source()


def set_language(code: str) -> None:
    """Switch the catalogue; an unknown language falls back to English. English, the source
    language, needs none: its strings are the source's (and the start-up does not read one).
    """
    global _translation
    if code == SOURCE:
        _translation = _Source()
        return
    import gettext
    _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)


def _(message: str) -> str:
    """Translate ``message`` with the active catalogue."""
    return _translation.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (translate when shown)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)
