"""The gettext catalogue: current with the source, loadable, and used by the interface."""

from __future__ import annotations

import gettext

from game import i18n
from tools import update_catalog


def test_catalogue_is_up_to_date_with_the_source():
    expected = update_catalog.po_text(update_catalog.catalogue(), "", identity=False)
    committed = update_catalog.POT.read_text(encoding="utf-8")
    assert committed == expected, "run `python tools/update_catalog.py` and commit locale/"


def test_english_catalogue_loads_and_maps_strings_to_themselves():
    t = gettext.translation(i18n.DOMAIN, i18n.LOCALE_DIR, languages=["en"])
    assert t.gettext("Settings") == "Settings"
    assert t.gettext("Not available yet") == "Not available yet"
    assert len(update_catalog.catalogue()) > 100


def test_set_language_switches_and_unknown_language_falls_back(tmp_path, monkeypatch):
    # A throw-away catalogue proves _() really goes through gettext.
    mo = tmp_path / "xx" / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    mo.parent.mkdir(parents=True)
    mo.write_bytes(update_catalog.mo_bytes({"": "Content-Type: text/plain; charset=UTF-8\n",
                                            "Settings": "Réglages"}))
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    try:
        i18n.set_language("xx")
        assert i18n._("Settings") == "Réglages" and i18n._("Quit") == "Quit"
        i18n.set_language("zz")
        assert i18n._("Settings") == "Settings"
    finally:
        monkeypatch.undo()
        i18n.set_language("en")
