"""Write a contact sheet of every card: the hanafuda deck as a month grid (one column per
month), the western deck by suit with the jokers, and the card backs.

Run from the repository root::

    python tools/contact_sheet.py [--out docs/cards.png] [--width 84] [--bits 5]

The paper grain does not compress, so the sheet is posterized to ``--bits`` per colour
channel (5 keeps docs/cards.png under 600 KB and looks the same at a glance; 8 = exact).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from rules import hanafuda, western  # noqa: E402
from sprites.faces import (BACK_LABELS, BACK_STYLES, HANAFUDA_RATIO,  # noqa: E402
                           WESTERN_RATIO, card_back, hanafuda_face, western_face)

GAP = 8
LABEL = 14
FELT = (34, 78, 56)
INK = (236, 230, 214)


def _font(size: int) -> pygame.font.Font:
    try:
        from game.fonts import font
        return font(size)
    except ImportError:  # pragma: no cover
        return pygame.font.Font(None, size)


def build_sheet(width: int) -> pygame.Surface:
    """The whole sheet, hanafuda cards ``width`` px wide (western cards slightly smaller)."""
    hh = round(width * HANAFUDA_RATIO)
    ww = round(width * 12 / 13)
    wh = round(ww * WESTERN_RATIO)
    cols = 13
    sheet_w = GAP + cols * (ww + GAP)
    rows_h = [4 * (hh + LABEL + GAP), 4 * (wh + LABEL + GAP), wh + LABEL + GAP]
    sheet = pygame.Surface((sheet_w, GAP + sum(rows_h)))
    sheet.fill(FELT)
    label_font = _font(11)

    def put(surface: pygame.Surface, x: int, y: int, text: str) -> None:
        sheet.blit(surface, (x, y))
        tag = label_font.render(text, True, INK)
        sheet.blit(tag, (x + (surface.get_width() - tag.get_width()) // 2,
                         y + surface.get_height() + 1))

    # Hanafuda: one column per month, centred in the 13-column-wide sheet.
    x0 = (sheet_w - 12 * (width + GAP) + GAP) // 2
    for month in range(1, 13):
        for row, card in enumerate(hanafuda.month_cards(month)):
            put(hanafuda_face(card, width, hh), x0 + (month - 1) * (width + GAP),
                GAP + row * (hh + LABEL + GAP), card.code)
    y = GAP + rows_h[0]
    for row, suit in enumerate(western.SUITS):
        for col, rank in enumerate(western.RANKS):
            wcard = western.Card(rank, suit)
            put(western_face(wcard, ww, wh), GAP + col * (ww + GAP),
                y + row * (wh + LABEL + GAP), str(wcard))
    y += rows_h[1]
    extras = [(western_face(c, ww, wh), c.name) for c in western.DECK if c.is_joker]
    extras += [(card_back(style, ww, wh), BACK_LABELS[style]) for style in BACK_STYLES]
    for col, (surface, text) in enumerate(extras):
        put(surface, GAP + col * (ww + GAP), y, text)
    return sheet


def posterize(surface: pygame.Surface, bits: int) -> pygame.Surface:
    """``surface`` with each colour channel cut to its top ``bits`` bits."""
    if bits >= 8:
        return surface
    mask = (0xFF << (8 - bits)) & 0xFF
    table = bytes(v & mask for v in range(256))
    raw = pygame.image.tobytes(surface, "RGB").translate(table)
    return pygame.image.frombytes(raw, surface.get_size(), "RGB")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "cards.png"))
    parser.add_argument("--width", type=int, default=84, help="hanafuda card width in px")
    parser.add_argument("--bits", type=int, default=5, choices=range(1, 9),
                        help="bits per colour channel in the saved file")
    args = parser.parse_args(argv)
    pygame.init()
    sheet = posterize(build_sheet(args.width), args.bits)
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    print(f"wrote {out} ({sheet.get_width()}x{sheet.get_height()}, "
          f"{out.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
