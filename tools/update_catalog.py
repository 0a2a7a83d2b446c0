"""Write the gettext catalogue: ``locale/parlor.pot`` and the English ``parlor.po``/``.mo``.

Run from the repository root after adding or changing interface text:

    python tools/update_catalog.py

The strings come from every ``_()``, ``N_()`` and ``ngettext()`` call (the same collector the
font subset uses). English is the source language, so its catalogue maps each string to itself.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.font_charset import ui_strings  # noqa: E402

POT = ROOT / "locale" / "parlor.pot"
EN_PO = ROOT / "locale" / "en" / "LC_MESSAGES" / "parlor.po"
EN_MO = ROOT / "locale" / "en" / "LC_MESSAGES" / "parlor.mo"

HEADER = (
    'msgid ""\nmsgstr ""\n'
    '"Project-Id-Version: Hanafuda Parlor\\n"\n'
    '"Language: {lang}\\n"\n'
    '"MIME-Version: 1.0\\n"\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Content-Transfer-Encoding: 8bit\\n"\n'
)


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


def catalogue() -> dict[str, list[str]]:
    """msgid -> the files it is used in (no line numbers: edits elsewhere don't stale it)."""
    entries: dict[str, list[str]] = {}
    for where, text in ui_strings(ROOT):
        files = entries.setdefault(text, [])
        path = where.rsplit(":", 1)[0]
        if path not in files:
            files.append(path)
    return dict(sorted(entries.items()))


def po_text(entries: dict[str, list[str]], lang: str, identity: bool) -> str:
    parts = [HEADER.format(lang=lang)]
    for msgid, places in entries.items():
        refs = "\n".join(f"#: {p}" for p in places)
        msgstr = _quote(msgid) if identity else '""'
        parts.append(f"{refs}\nmsgid {_quote(msgid)}\nmsgstr {msgstr}\n")
    return "\n".join(parts)


def mo_bytes(pairs: dict[str, str]) -> bytes:
    """A GNU .mo file (little-endian, no hash table) for ``pairs``."""
    items = sorted((k.encode(), v.encode()) for k, v in pairs.items())
    n = len(items)
    header_size = 7 * 4
    ids_offset = header_size
    strs_offset = ids_offset + n * 8
    data_offset = strs_offset + n * 8
    ids_table, strs_table, data = [], [], b""
    for key, _value in items:
        ids_table.append((len(key), data_offset + len(data)))
        data += key + b"\0"
    for _key, value in items:
        strs_table.append((len(value), data_offset + len(data)))
        data += value + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, n, ids_offset, strs_offset, 0, 0)
    out += b"".join(struct.pack("<2I", *e) for e in ids_table)
    out += b"".join(struct.pack("<2I", *e) for e in strs_table)
    return out + data


def main() -> None:
    entries = catalogue()
    POT.parent.mkdir(parents=True, exist_ok=True)
    POT.write_text(po_text(entries, "", identity=False), encoding="utf-8")
    EN_PO.parent.mkdir(parents=True, exist_ok=True)
    EN_PO.write_text(po_text(entries, "en", identity=True), encoding="utf-8")
    header = "Language: en\nMIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\n"
    EN_MO.write_bytes(mo_bytes({"": header, **{k: k for k in entries}}))
    print(f"{len(entries)} strings -> {POT.relative_to(ROOT)}, {EN_PO.relative_to(ROOT)}, "
          f"{EN_MO.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
