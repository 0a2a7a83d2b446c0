"""The languages: complete catalogues, the system's language, and a live switch that reaches
every scene (the text drawn after it is the new language's)."""

from __future__ import annotations

import gettext
import re

import pytest

import main
from game import fonts, i18n
from game.app import App
from game.table.fishing_drawing import KIND_LABELS
from game.settings import Settings
from tools import update_catalog

FOREIGN = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def _english_names() -> re.Pattern[str]:
    """The English names of cards, months, plants and yaku, as ``rules/`` spells them and as
    the display names do: none belongs in a Japanese or Russian text, whole or in a part of
    it ("Crane and Sun · January")."""
    from game.table import names
    from rules import hanafuda, koikoi, yatsuhashi
    words = {c.name for c in hanafuda.DECK} | set(hanafuda.MONTH_NAMES)
    words |= {plant for plant, _romaji, _kanji in hanafuda.PLANTS.values()}
    words |= set(koikoi.YAKU_NAMES.values()) | set(yatsuhashi.YAKU_NAMES.values())
    words |= set(names.CARD_NAMES.values()) | set(names.YAKU.values())
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)


ENGLISH_NAMES = _english_names()


def english_names_in(texts) -> list[str]:
    """The texts of ``texts`` that hold an English card, month, plant or yaku name."""
    return sorted(t for t in texts if ENGLISH_NAMES.search(t))


def _translations(code: str) -> gettext.GNUTranslations:
    return gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=[code])


@pytest.mark.parametrize("code", FOREIGN)
def test_every_string_is_translated_with_its_placeholders(code):
    catalog = update_catalog.read(code)
    template = update_catalog.catalogue()
    assert {m.id for m in catalog if m.id} == {m.id for m in template if m.id}, \
        "run `python tools/update_catalog.py` and commit game/locale/"
    plurals = catalog.num_plurals
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(forms), f"{code}: {ids[0]!r} is not translated"
        assert len(forms) == (plurals if message.pluralizable else 1), ids[0]
        wanted = set().union(*(PLACEHOLDER.findall(i) for i in ids))
        for form in forms:
            assert set(PLACEHOLDER.findall(form)) <= wanted and \
                (len(ids) > 1 or set(PLACEHOLDER.findall(form)) == wanted), (code, ids[0], form)


@pytest.mark.parametrize("code", FOREIGN)
def test_the_compiled_catalogue_is_the_committed_one(code):
    catalog = update_catalog.read(code)
    mo = update_catalog.po_path(code).with_suffix(".mo")
    assert mo.read_bytes() == update_catalog.mo_bytes(catalog), \
        "run `python tools/update_catalog.py` and commit game/locale/"


def test_english_names_are_found_in_a_text():
    found = english_names_in(["Журавль и солнце", "Crane and Sun · January", "Pine (chaff)",
                              "Ctrl+Z отмена", "松に鶴", "Aka-tan"])
    assert found == ["Aka-tan", "Crane and Sun · January", "Pine (chaff)"]


def test_russian_plural_forms():
    ru = _translations("ru")
    forms = [ru.ngettext("{n} deal checked", "{n} deals checked", n) for n in (1, 2, 5, 11, 21)]
    assert forms[0] == forms[4] != forms[1] != forms[2] == forms[3]


def test_the_system_language_is_the_default():
    assert Settings().language == ""
    assert i18n.system_language({"LANG": "ru_RU.UTF-8"}) == "ru"
    assert i18n.system_language({"LANGUAGE": "ja_JP", "LANG": "en_US"}) == "ja"
    assert i18n.system_language({"LANG": "de_DE.UTF-8"}) == "en"


def test_listeners_run_on_a_change_only():
    calls = []
    i18n.on_change(lambda: calls.append(i18n.language()))
    try:
        i18n.set_language("en")
        i18n.set_language("ja")
        i18n.set_language("ja")
        i18n.set_language("en")
        assert calls == ["ja", "en"]
    finally:
        i18n._listeners.pop()
        i18n.set_language("en")


#: Messages that tables keep as images: the Game log button's, the pile labels by kind
#: ("Chaff 3").
KEPT = ["Game log", *KIND_LABELS.values()]


def _begins(texts, message: str) -> bool:
    """A text of ``texts`` is ``message``, or it followed by a space and more."""
    return any(t == message or t.startswith(message + " ") for t in texts)


class _Shown:
    """Every text ``game.fonts.text_image`` is asked to draw."""

    def __init__(self, cache) -> None:
        self.cache = cache
        self.texts: set[str] = set()

    def get(self, key, make):
        self.texts.add(key[1])
        return self.cache.get(key, make)


@pytest.mark.parametrize("name", main.SCREENSHOT_SCENES)
@pytest.mark.parametrize("code", FOREIGN)
def test_a_language_switch_reaches_every_scene(name, code, monkeypatch):
    """After the switch (as the settings screen makes it) no text the scene draws is an
    English string that has a translation: every label was made again. (A banner already on
    its way when the language changes ends as it began: the table's queue is skipped first.)"""
    translations = _translations(code)
    english = {m.id for m in update_catalog.catalogue() if m.id and isinstance(m.id, str)}
    translated = {t for t in english if translations.gettext(t) != t}
    shown = _Shown(fonts._texts)
    monkeypatch.setattr(fonts, "_texts", shown)
    app = App((1280, 800), headless=True, settings=Settings(language="en"), strict=True)
    try:
        app.start(main.build_scene(name, 7))
        app.settle(max_seconds=3.0)
        queue = getattr(app.stack.top, "queue", None)
        if queue is not None:
            queue.skip()
            app.frame(1 / 60)  # (the table at rest: nothing left to make again but labels)
        before_all = set(shown.texts)
        before = before_all & translated
        assert before, f"{name}: no translatable text drawn in English"
        shown.texts.clear()
        app.settings.language = code
        app.apply_settings()  # (text made again as the scenes are relabelled counts too)
        app.frame(1 / 60)
        app.frame(1 / 60)
        assert shown.texts, f"{name}: nothing drawn after the switch"
        left = sorted(shown.texts & translated)
        assert not left, f"{name}: still in English: {left}"
        names = english_names_in(shown.texts)
        assert not names, f"{name}: English card, month or yaku names: {names}"
        # Labels a scene keeps as pictures (a button's, the pile labels) are not asked for
        # again unless the scene lets them go: each drawn before is drawn again translated.
        gone = [m for m in KEPT if _begins(before_all, m)
                and not _begins(shown.texts, translations.gettext(m))]
        assert not gone, f"{name}: not drawn again in the new language: {gone}"
    finally:
        app.close_scenes()
        i18n.set_language("en")


def test_a_language_switch_lays_a_page_out_once_with_its_new_labels(app):
    """The menu's buttons are made again in the new language and placed once (the stack lays
    every scene out after relabelling it; the page does not place them first itself)."""
    menu = app.stack.top
    placed = []
    arrange = menu.arrange
    menu.arrange = lambda size: (placed.append(size), arrange(size))
    old = list(menu.widgets)
    try:
        app.settings.language = "ja"
        app.apply_settings()
        assert placed == [app.stack.size]
        assert not set(map(id, menu.widgets)) & set(map(id, old))
        assert all(w.rect.width > 0 for w in menu.widgets if getattr(w, "visible", True))
        labels = {getattr(w, "text", None) for w in menu.widgets}
        assert i18n._("Settings") != "Settings" and i18n._("Settings") in labels
    finally:
        i18n.set_language("en")
