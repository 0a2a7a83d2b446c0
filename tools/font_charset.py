"""The characters the bundled UI font must cover, shared by the subsetting script and its test.

Two kinds of characters:

* **required** (:func:`required_characters`): text the program shows or is about to show —
  printable ASCII, Latin-1, the Russian alphabet, kana, the Japanese terms of
  :data:`JAPANESE_TERMS`, every ``_()``/``N_()``/``ngettext()`` string in the source, card and
  plant names, and the ``msgstr`` of any ``game/locale/**/*.po`` catalogue. The subset fails to
  build and the test fails if one is missing.
* **wanted** (:func:`wanted_characters`): whole blocks and UI symbols included *where the source
  font has them* (Noto Sans CJK JP covers only part of Latin Extended-A and of Cyrillic).

No pygame import: this runs in the build script and in the test suite alike.
"""

from __future__ import annotations

import ast
import importlib
import os
import sys
import unicodedata
from pathlib import Path
from typing import Iterable, Iterator

REPO_ROOT = Path(__file__).resolve().parent.parent
#: The catalogues, under a root: game.i18n.LOCALE_DIR (not imported: the font tools read a
#: root given to them, a test's as well as the repository).
LOCALE = Path("game", "locale")

#: Top-level directories not scanned for UI strings: tests and tooling are not shown to players.
EXCLUDED_TOP_DIRS = frozenset({"tests", "tools"})
#: Directories skipped at any depth (as are hidden ones): virtual environments, caches, builds.
EXCLUDED_DIRS = frozenset({
    "venv", ".venv", "env", "site-packages", "__pycache__", "build", "dist", "node_modules",
})

#: Call names whose string arguments are user-facing: ``_(msg)``, ``N_(msg)`` (deferred
#: marking) use the first argument; ``ngettext(singular, plural, n)`` the first two.
TRANSLATION_CALLS: dict[str, int] = {"_": 1, "N_": 1, "ngettext": 2}

# Japanese words the UI shows (titles, card and yaku names, scoring). Kept as words, not loose
# characters, so a reader can see why a kanji is in the font; add new terms to the right group.
JAPANESE_TERMS: tuple[str, ...] = (
    # Title and the games: Hanafuda Parlor, Koi-Koi, Hana-awase, 600 Hearts (Roppyakken),
    # Yatsuhashi solitaire, Hachi-hachi.
    "花札", "花札パーラー", "こいこい", "花合わせ", "花合せ", "六百間", "八橋", "八八",
    "一人遊び", "ゲーム",
    # Numerals and months: 一月 ... 十二月.
    "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "百", "千", "零", "月",
    # Traditional month names (January ... December).
    "睦月", "如月", "弥生", "卯月", "皐月", "水無月", "文月", "葉月", "長月", "神無月",
    "霜月", "師走", "正月",
    # The twelve plants (one per month), with common alternative spellings.
    "松", "梅", "桜", "藤", "菖蒲", "杜若", "牡丹", "萩", "芒", "薄", "菊", "紅葉", "柳", "桐",
    # Pictures on the special cards.
    "鶴", "日", "幕", "雁", "鶯", "不如帰", "杜鵑", "ほととぎす", "蝶", "猪", "鹿", "盃", "杯",
    "燕", "小野道風", "鳳凰", "雨", "雷", "太陽", "満月",
    # Card names: "plant + に + picture", e.g. 松に鶴.
    "松に鶴", "桜に幕", "芒に月", "柳に小野道風", "桐に鳳凰", "梅に鶯", "藤に不如帰",
    "菖蒲に八橋", "牡丹に蝶", "萩に猪", "芒に雁", "菊に盃", "紅葉に鹿", "柳に燕",
    # Card kinds and ribbons, including the writing on the poetry ribbons.
    "光", "光札", "種", "種札", "短冊", "短", "赤短", "青短", "素", "素札", "カス", "札",
    "月札", "あかよろし", "みよしの",
    # Yaku (scoring combinations) of Koi-Koi, Hana-awase and Yatsuhashi.
    "役", "五光", "四光", "雨四光", "三光", "花見酒", "月見酒", "花見で一杯", "月見で一杯",
    "猪鹿蝶", "タネ", "タン", "七短", "六短", "草", "草短", "表菅原", "菅原", "松桐坊主",
    "藤島", "柳島", "桐島", "手四", "くっつき", "手役", "出来役", "出来", "合", "戦", "合戦",
    # Play and scoring: turns, dealer, win/lose, points, totals, multipliers.
    "手", "手札", "場", "山札", "親", "子", "勝", "負", "勝負", "引き分け", "点", "点数",
    "得点", "合計", "倍", "二倍", "見", "酒", "飲", "表", "本", "文", "正",
)

#: Symbols the UI draws (arrows, suit pips, marks). Wanted, not required: the source font lacks
#: some (U+2715 ✕), and the script reports which.
UI_SYMBOLS = "–—‘’“”…•·×÷±°←→↑↓▲▼◀▶✓✕★☆♠♥♦♣♤♡♢♧"

#: Kana and CJK punctuation: every Hiragana and Katakana letter and mark.
HIRAGANA = "".join(map(chr, [*range(0x3041, 0x3097), *range(0x309B, 0x30A0)]))
KATAKANA = "".join(map(chr, [*range(0x30A1, 0x30FB), *range(0x30FC, 0x3100)]))
CJK_PUNCTUATION = "、。「」『』・ー〜"

PRINTABLE_ASCII = "".join(map(chr, range(0x20, 0x7F)))
#: Latin-1 Supplement letters, punctuation and symbols (U+00A0-U+00FF; all in the source font).
LATIN_1 = "".join(map(chr, range(0xA0, 0x100)))
#: The Russian alphabet: А-я plus Ё ё (a Russian translation is planned).
RUSSIAN = "".join(map(chr, [0x401, *range(0x410, 0x450), 0x451]))
#: Whole blocks, kept where the source font has them.
LATIN_EXTENDED_A = "".join(map(chr, range(0x100, 0x180)))
CYRILLIC = "".join(map(chr, range(0x400, 0x500)))


def _is_ignorable(ch: str) -> bool:
    """Control and format characters need no glyph (``\\n``, soft hyphen, ZWJ...)."""
    return unicodedata.category(ch) in ("Cc", "Cf")


def _python_files(root: Path) -> Iterator[Path]:
    """Every ``*.py`` under ``root``, skipping excluded and hidden directories, sorted."""
    for dirpath, dirnames, filenames in os.walk(root):
        top = Path(dirpath) == root
        dirnames[:] = sorted(
            d for d in dirnames
            if d not in EXCLUDED_DIRS and not d.startswith(".")
            and not (top and d in EXCLUDED_TOP_DIRS)
        )
        for name in sorted(filenames):
            if name.endswith(".py"):
                yield Path(dirpath) / name


def _call_name(func: ast.expr) -> str | None:
    """``_`` for ``_(...)`` and for ``i18n._(...)``; None for anything else."""
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def ui_messages(root: Path | str | None = None) -> list[tuple[str, str | tuple[str, str]]]:
    """``(file:line, message)`` for each call of ``_()`` or ``N_()`` (the message: its string)
    and of ``ngettext()`` (a ``(singular, plural)`` pair) with literal strings.

    Walks the ``*.py`` files under ``root`` (default: the repository), leaving out the top-level
    tests/ and tools/, virtual environments, caches and hidden directories. A file that does not
    parse is reported as an error rather than skipped, so a syntax slip cannot silently shrink
    the font or the catalogue.
    """
    base = Path(root) if root is not None else REPO_ROOT
    found: list[tuple[str, int, int, str | tuple[str, str]]] = []
    for path in _python_files(base):
        rel = path.relative_to(base).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            count = TRANSLATION_CALLS.get(_call_name(node.func) or "")
            if count is None:
                continue
            texts = [a.value for a in node.args[:count]
                     if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if len(texts) != count:
                continue
            message = texts[0] if count == 1 else (texts[0], texts[1])
            found.append((rel, node.lineno, node.col_offset, message))
    found.sort(key=lambda f: f[:3])  # ast.walk is breadth-first; report in file and line order
    return [(f"{rel}:{lineno}", message) for rel, lineno, _col, message in found]


def ui_strings(root: Path | str | None = None) -> list[tuple[str, str]]:
    """``(file:line, text)`` for each string of :func:`ui_messages` (both of a plural pair)."""
    return [(where, text) for where, message in ui_messages(root)
            for text in ((message,) if isinstance(message, str) else message)]


def _po_strings(root: Path) -> list[tuple[str, str]]:
    """``(file:line, text)`` for each ``msgstr`` in ``game/locale/**/*.po``: translations need
    glyphs.

    The header entry (the ``msgstr`` of the empty ``msgid``) is metadata, never shown: skipped.
    """
    found: list[tuple[str, str]] = []
    for path in sorted((root / LOCALE).glob("**/*.po")):
        rel = path.relative_to(root).as_posix()
        field = ""  # the keyword the current string lines belong to: msgid, msgstr[0]...
        msgid = ""
        for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            line = raw.strip()
            if line.startswith("msg"):
                field, _, line = line.partition(" ")
                if field == "msgid":
                    msgid = ""
            elif not line.startswith('"'):
                field = ""  # comment or blank line ends the entry
                continue
            if not line.startswith('"'):
                continue
            text = ast.literal_eval(line)  # PO strings use C escapes, a subset of Python's
            if field == "msgid":
                msgid += text
            elif field.startswith("msgstr") and msgid and text:
                found.append((f"{rel}:{lineno}", text))
    return found


def _card_strings() -> list[tuple[str, str]]:
    """Card, plant, month and kind names from this repository's ``rules`` package."""
    if str(REPO_ROOT) not in sys.path:
        sys.path.insert(0, str(REPO_ROOT))  # rules/ is pure Python, importable from the root
    hanafuda = importlib.import_module("rules.hanafuda")
    western = importlib.import_module("rules.western")
    found = [("rules.hanafuda DECK", c.name) for c in hanafuda.DECK]
    found += [("rules.hanafuda PLANTS", t) for names in hanafuda.PLANTS.values() for t in names]
    found += [("rules.hanafuda MONTH_NAMES", text) for text in hanafuda.MONTH_NAMES]
    found += [("rules.hanafuda Kind", kind.label) for kind in hanafuda.Kind]
    found += [("rules.western DECK", c.name) for c in western.DECK]
    return found


def _sources(root: Path) -> Iterator[tuple[str, str]]:
    """Every ``(where, text)`` whose characters are required."""
    yield "printable ASCII", PRINTABLE_ASCII
    yield "Latin-1 Supplement", LATIN_1
    yield "Russian alphabet", RUSSIAN
    yield "Hiragana", HIRAGANA
    yield "Katakana", KATAKANA
    yield "CJK punctuation", CJK_PUNCTUATION
    for term in JAPANESE_TERMS:
        yield "JAPANESE_TERMS", term
    yield from ui_strings(root)
    yield from _po_strings(root)
    yield from _card_strings()


def _index(pairs: Iterable[tuple[str, str]]) -> dict[str, list[str]]:
    """Character -> the places it comes from (in first-seen order), minus ignorable characters."""
    where: dict[str, list[str]] = {}
    for label, text in pairs:
        for ch in text:
            if _is_ignorable(ch):
                continue
            places = where.setdefault(ch, [])
            if label not in places:
                places.append(label)
    return where


def character_sources(root: Path | str | None = None) -> dict[str, list[str]]:
    """Each required character -> where it is used (``file:line`` or a group name).

    ``root`` (default: the repository) is where source and ``game/locale/`` are scanned; card
    names always come from this repository's ``rules`` package.
    """
    return _index(_sources(Path(root) if root is not None else REPO_ROOT))


def required_characters(root: Path | str | None = None) -> set[str]:
    """Characters the bundled fonts must map; building or testing fails without them."""
    return set(character_sources(root))


def wanted_groups() -> dict[str, str]:
    """Best-effort groups: name -> characters, included only where the source font has them."""
    return {
        "Latin Extended-A": LATIN_EXTENDED_A,
        "Cyrillic": CYRILLIC,
        "UI symbols": UI_SYMBOLS,
    }


def wanted_characters() -> set[str]:
    """Every best-effort character (see :func:`wanted_groups`)."""
    return {ch for chars in wanted_groups().values() for ch in chars}
