"""Build the bundled UI fonts: subsets of Noto Sans CJK JP Regular and Bold.

Run from the repository root after UI strings change::

    python tools/make_font_subset.py

The character set comes from ``tools/font_charset.py``. The output is deterministic: the same
source fonts, character set and fontTools version give byte-identical files (the 'head'
timestamps are copied from the source font, never set to "now").
"""

from __future__ import annotations

import sys
import unicodedata
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))  # so "tools" and "rules" import when run as a script

from fontTools import subset  # noqa: E402
from fontTools.ttLib import TTCollection, TTFont  # noqa: E402

from tools import font_charset  # noqa: E402

SOURCE_DIR = Path("/usr/share/fonts/opentype/noto")  # Debian package fonts-noto-cjk
FAMILY = "Noto Sans CJK JP"  # the face we want out of each collection
OUT_DIR = REPO_ROOT / "game" / "assets" / "fonts"  # game.fonts.FONT_DIR (without pygame)
#: Source collection -> bundled file.
TARGETS: dict[str, str] = {
    "NotoSansCJK-Regular.ttc": "NotoSansCJKjp-Parlor-Regular.otf",
    "NotoSansCJK-Bold.ttc": "NotoSansCJKjp-Parlor-Bold.otf",
}
#: Shaping features worth keeping: HarfBuzz's defaults (composition, Japanese locale forms,
#: ligatures, kerning, marks), proportional/half-width kana spacing (palt, halt) and the
#: vertical-writing set. Listed explicitly so a fontTools upgrade cannot change the output;
#: '*' would add ~590 glyphs of alternates (jp78, hwid, aalt...) the UI never uses.
LAYOUT_FEATURES = (
    "ccmp", "locl", "calt", "liga", "kern", "mark", "palt", "halt",
    "vert", "vrt2", "vkrn", "vpal", "vhal",
)


def face_number(collection: Path, family: str = FAMILY) -> int:
    """Index of the face whose typographic/legacy family name is ``family`` in a TTC."""
    ttc = TTCollection(str(collection), lazy=True)
    try:
        for index, font in enumerate(ttc.fonts):
            names = font["name"]
            if family in (names.getDebugName(16), names.getDebugName(1)):
                return index
    finally:
        ttc.close()
    raise LookupError(f"no {family!r} face in {collection}")


def _describe(ch: str) -> str:
    """``U+2715 ✕ MULTIPLICATION X`` for reports."""
    return f"U+{ord(ch):04X} {ch} {unicodedata.name(ch, '?')}"


def plan_unicodes(cmap: dict[int, str]) -> tuple[list[int], dict[str, list[str]]]:
    """The code points to keep, and the wanted characters (by group) the source lacks.

    Exits with a report when a *required* character is missing from the source font: the UI
    would draw a blank for it, so the build must not pass quietly.
    """
    sources = font_charset.character_sources()
    missing = sorted(ch for ch in sources if ord(ch) not in cmap)
    if missing:
        lines = [f"  {_describe(ch)}  used in {', '.join(sources[ch][:3])}" for ch in missing]
        sys.exit("The source font lacks required characters:\n" + "\n".join(lines))
    lacking = {
        group: [ch for ch in chars if ord(ch) not in cmap]
        for group, chars in font_charset.wanted_groups().items()
    }
    wanted = {ord(ch) for ch in font_charset.wanted_characters() if ord(ch) in cmap}
    return sorted({ord(ch) for ch in sources} | wanted), lacking


def build(source: Path, output: Path) -> None:
    """Subset the JP face of ``source`` into ``output`` and print what was written."""
    number = face_number(source)
    ttc = TTCollection(str(source), lazy=True)
    cmap = ttc.fonts[number].getBestCmap()
    ttc.close()
    unicodes, lacking = plan_unicodes(cmap)
    subset.main([
        str(source),
        f"--font-number={number}",
        f"--output-file={output}",
        "--unicodes=" + ",".join(f"{u:04X}" for u in unicodes),
        "--layout-features=" + ",".join(LAYOUT_FEATURES),
        "--name-IDs=*",  # keep copyright (0), trademark (7) and licence (13, 14) records
        "--no-hinting",  # about 12% smaller; pygame renders fine without CFF hints
        "--notdef-outline",  # a missing glyph shows as a box, not as silence
        "--no-recalc-timestamp",  # deterministic output
    ])
    with TTFont(output) as font:
        glyphs = len(font.getGlyphOrder())
        mapped = len(font.getBestCmap())
    print(f"{output.relative_to(REPO_ROOT)}: face {number} of {source.name}, "
          f"{mapped} characters, {glyphs} glyphs, {output.stat().st_size:,} bytes")
    for group, chars in lacking.items():
        if chars:
            shown = ", ".join(_describe(ch) for ch in chars[:6])
            more = f" and {len(chars) - 6} more" if len(chars) > 6 else ""
            print(f"  source lacks {len(chars)} of {group}: {shown}{more}")


def main() -> None:
    """Build both bundled fonts."""
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for source_name, output_name in TARGETS.items():
        build(SOURCE_DIR / source_name, OUT_DIR / output_name)


if __name__ == "__main__":
    main()
