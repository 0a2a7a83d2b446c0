"""The gettext catalogue: current with the source, loadable, and used by the interface."""

from __future__ import annotations

from babel.messages.catalog import Catalog

from game import i18n
from tools import update_catalog


def test_the_template_is_up_to_date_with_the_source():
    expected = update_catalog.po_bytes(update_catalog.catalogue())
    assert update_catalog.POT.read_bytes() == expected, \
        "run `python tools/update_catalog.py` and commit game/locale/"
    assert len(update_catalog.catalogue()) > 100


def test_english_is_the_source_and_needs_no_catalogue():
    i18n.set_language("en")
    assert i18n._("Settings") == "Settings"
    assert i18n.ngettext("{n} deal checked", "{n} deals checked", 2) == "{n} deals checked"
    assert not (i18n.LOCALE_DIR / "en").exists()


def test_set_language_switches_and_unknown_language_falls_back(tmp_path, monkeypatch):
    # A throw-away catalogue proves _() really goes through gettext.
    catalog = Catalog(locale="fr")
    catalog.add("Settings", "Réglages")
    mo = tmp_path / "xx" / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    mo.parent.mkdir(parents=True)
    mo.write_bytes(update_catalog.mo_bytes(catalog))
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    try:
        i18n.set_language("xx")
        assert i18n._("Settings") == "Réglages" and i18n._("Quit") == "Quit"
        i18n.set_language("zz")
        assert i18n._("Settings") == "Settings" and i18n.language() == "en"
    finally:
        monkeypatch.undo()
        i18n.set_language("en")
