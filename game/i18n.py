"""gettext set-up. Every user-facing string goes through ``_()``.

English is the source language; catalogues live in ``game/locale/<lang>/LC_MESSAGES/parlor.mo``
(``tools/update_catalog.py`` keeps them in step with the source). With no catalogue the
strings come back unchanged.

The language switches live: ``set_language`` changes what ``_()`` answers from then on and
calls the functions registered with ``on_change`` (a module that keeps translated text, such
as the games' registry, builds it again); the app then asks each scene to ``relabel``.
The language ``""`` follows the system's (``system_language``).

>>> set_language("ru"); _("Settings")
'Настройки'
>>> [ngettext("{n} deal checked", "{n} deals checked", n).format(n=n) for n in (1, 3, 5)]
['1 раздача проверена', '3 раздачи проверены', '5 раздач проверено']
>>> set_language("en"); _("Settings")
'Settings'
"""

from __future__ import annotations

import locale
import os
from pathlib import Path
from typing import Any, Callable

DOMAIN = "parlor"
#: Package data (pyproject.toml): inside the package, so an installed game has them too.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: Every language the program speaks, by code: its own name for itself.
LANGUAGES = {"en": "English", "ja": "日本語", "ru": "Русский"}
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
_language = SOURCE
_listeners: list[Callable[[], None]] = []


def system_language(environ: dict[str, str] | None = None) -> str:
    """The first of the system's languages that the program speaks (gettext's order of the
    variables, then the locale), else English.

    >>> system_language({"LANGUAGE": "de:ru", "LANG": "ja_JP.UTF-8"})
    'ru'
    >>> system_language({"LC_ALL": "C"})
    'en'
    """
    env = os.environ if environ is None else environ
    wanted: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            wanted += value.split(":") if name == "LANGUAGE" else [value]
            if name != "LANGUAGE":
                break
    if environ is None and not wanted:
        try:
            wanted.append(locale.getlocale()[0] or "")
        except ValueError:  # an unknown locale name in the environment
            pass
    for tag in wanted:
        code = tag.split(".")[0].split("_")[0].split("-")[0].lower()
        if code in LANGUAGES:
            return code
        if code in ("c", "posix"):
            break
    return SOURCE


def language() -> str:
    """The language ``_()`` speaks now."""
    return _language


def on_change(listener: Callable[[], None]) -> Callable[[], None]:
    """Call ``listener()`` after every change of language (usable as a decorator)."""
    _listeners.append(listener)
    return listener


def set_language(code: str) -> None:
    """Switch the catalogue (``""``: the system's language); an unknown language falls back
    to English. English, the source language, needs none: its strings are the source's (and
    the start-up does not read one). The ``on_change`` listeners run when it changed."""
    global _translation, _language
    code = code or system_language()
    if code == _language:  # (the settings screen applies every change: a volume's too)
        return
    if code not in LANGUAGES and not (LOCALE_DIR / code).is_dir():
        code = SOURCE
    if code == SOURCE:
        translation: Any = _Source()
    else:
        import gettext
        translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
    changed = code != _language
    _translation, _language = translation, code
    if changed:
        for listener in list(_listeners):
            listener()


def _(message: str) -> str:
    """Translate ``message`` with the active catalogue."""
    return _translation.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it now (translate when shown)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)
