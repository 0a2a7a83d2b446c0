"""The bundled UI fonts cover every character the program shows, and keep their licence.

When a coverage test fails after adding UI text, rebuild the fonts:
``python tools/make_font_subset.py`` (see game/assets/fonts/README.md).
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pygame
import pytest
from fontTools.ttLib import TTFont

from game.fonts import BOLD, FONT_DIR, REGULAR
from tools import font_charset

FONTS = [REGULAR, BOLD]


@pytest.fixture(scope="module")
def sources() -> dict[str, list[str]]:
    """Required character -> where it is used; computed once for both fonts."""
    return font_charset.character_sources()


def _cmap(path: Path) -> dict[int, str]:
    assert path.is_file(), f"{path.name} is missing: run python tools/make_font_subset.py"
    with TTFont(path) as font:
        return font.getBestCmap()


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.stem)
def test_font_covers_required_characters(path: Path, sources: dict[str, list[str]]) -> None:
    cmap = _cmap(path)
    # Whitespace other than the plain space needs no glyph of its own (renderers substitute).
    needed = {ch for ch in sources if not ch.isspace()} | {" "}
    missing = sorted(ch for ch in needed if ord(ch) not in cmap)
    report = "\n".join(
        f"  U+{ord(ch):04X} {ch!r} {unicodedata.name(ch, '?')}: used in "
        + ", ".join(sources.get(ch, ["(space)"])[:5])
        for ch in missing
    )
    assert not missing, (
        f"{path.name} lacks {len(missing)} character(s); "
        f"run python tools/make_font_subset.py:\n{report}"
    )


def test_ui_string_collector(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "menu.py").write_text(
        "from game.i18n import _, ngettext\n"
        "from game import i18n\n"
        "TITLE = _(\"Zebra Ω\")\n"
        "NOT_UI = \"Plain literal\"\n"
        "print(\"Debug output\")\n"
        "label = ngettext(\"one cat\", \"%d cats\", 3)\n"
        "other = i18n._(\"Qualified call\")\n"
        "dynamic = _(TITLE)\n",
        encoding="utf-8",
    )
    for skipped in ("tests", "tools", ".venv", "venv", "pkg/__pycache__"):  # not shown / not ours
        (tmp_path / skipped).mkdir()
        (tmp_path / skipped / "x.py").write_text(f'_("Skipped {skipped}")\n', encoding="utf-8")

    found = font_charset.ui_strings(root=tmp_path)

    assert found == [
        ("pkg/menu.py:3", "Zebra Ω"),
        ("pkg/menu.py:6", "one cat"),
        ("pkg/menu.py:6", "%d cats"),
        ("pkg/menu.py:7", "Qualified call"),
    ]
    # Translations count too (Greek λ is in no built-in group), the PO header does not.
    po = tmp_path / "game" / "locale" / "el" / "LC_MESSAGES" / "parlor.po"
    po.parent.mkdir(parents=True)
    po.write_text(
        'msgid ""\nmsgstr ""\n"Last-Translator: 翻訳者\\n"\n\n'
        'msgid "Zebra"\nmsgstr "λ"\n',
        encoding="utf-8",
    )
    required = font_charset.required_characters(root=tmp_path)
    assert {"Ω", "λ"} <= required
    assert "翻" not in required
    assert "\n" not in required  # control characters need no glyph


def test_collector_finds_the_real_ui_strings() -> None:
    found = font_charset.ui_strings()
    assert found, "no _() strings found in the repository: is the collector broken?"
    assert all(where.endswith(tuple("0123456789")) and ".py:" in where for where, _ in found)
    assert not any(where.startswith(("tests/", "tools/")) for where, _ in found)


def test_japanese_terms_are_words() -> None:
    terms = font_charset.JAPANESE_TERMS
    assert isinstance(terms, tuple) and all(isinstance(t, str) and t for t in terms)
    required = font_charset.required_characters()
    for word in ("花札", "こいこい", "猪鹿蝶", "雨四光", "松桐坊主", "水無月", "師走", "小野道風"):
        assert set(word) <= required, f"{word} not covered by the character set"


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.stem)
def test_font_keeps_licence_names(path: Path) -> None:
    assert path.is_file(), f"{path.name} is missing: run python tools/make_font_subset.py"
    with TTFont(path) as font:
        names = font["name"]
        copyright_ = names.getDebugName(0)
        licence = names.getDebugName(13)
        licence_url = names.getDebugName(14)
    assert copyright_, f"{path.name}: name ID 0 (copyright) dropped"
    assert licence and "Open Font License" in licence, (
        f"{path.name}: name ID 13 (licence description) missing or wrong: {licence!r}"
    )
    assert licence_url and "OFL" in licence_url.upper(), (
        f"{path.name}: name ID 14 (licence URL) missing or wrong: {licence_url!r}"
    )
    ofl = (FONT_DIR / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in ofl
    assert copyright_ in ofl, "OFL.txt must carry the copyright notice embedded in the font"


@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.stem)
def test_pygame_renders_kana_and_kanji(path: Path) -> None:
    font = pygame.font.Font(path, 24)
    surface = font.render("花札こいこい", True, (0, 0, 0))
    assert surface.get_width() > 0 and surface.get_height() > 0
    # Ink, not six blank boxes: some pixel is opaque.
    assert surface.get_bounding_rect().width > 0
    # Each glyph is really in the font (pygame reports None metrics for unmapped characters).
    assert all(m is not None for m in font.metrics("花札こいこい"))
