"""Card backs drawn in code: classic glossy black, red seigaiha waves, western lattice.

Backs are drawn in the card's own proportions (100 units wide), so one style serves both the
hanafuda and the western card shapes. Use :func:`sprites.faces.card_back` (cached).

>>> render_back("red", 60, 96).get_size()
(60, 96)
"""

from __future__ import annotations

import pygame

from sprites.art.frame import ART_W, CORNER, card_surface, view_height
from sprites.art.svg import circle, fmt, path, radial_gradient, rect

BACK_STYLES = ("black", "red", "western")
BACK_LABELS = {"black": "Classic black", "red": "Red", "western": "Western"}


def black_back(vh: float) -> tuple[str, str]:
    """Plain lacquer black, as on real hanafuda, with a faint diagonal sheen and a slightly
    darker border band."""
    defs = radial_gradient("sheen", 22, vh * 0.16, vh * 0.9,
                           [(0, "#3a3534"), (0.45, "#1d1a1a"), (1, "#0c0b0b")])
    body = "".join([
        rect(-2, -2, ART_W + 4, vh + 4, fill="url(#sheen)"),
        path(f"M-2 {fmt(vh * 0.34)} L{fmt(ART_W + 2)} {fmt(vh * 0.12)} "
             f"L{fmt(ART_W + 2)} {fmt(vh * 0.2)} L-2 {fmt(vh * 0.42)} Z", fill="#ffffff",
             op=0.035),
        rect(3.2, 3.2, ART_W - 6.4, vh - 6.4, rx=CORNER - 2, fill="none", stroke="#000",
             sw=3.6, op=0.45),
    ])
    return body, defs


def seigaiha(vh: float, r: float, base: str, line: str) -> str:
    """Blue-sea-wave scales: rows of concentric half-circles, each row overlapping the one
    above it."""
    out = []
    rows = int(vh / (r * 0.5)) + 3
    for row in range(-1, rows):
        y = row * r * 0.5
        shift = r if row % 2 else 0.0
        x = -r * 2 + shift
        while x < ART_W + r * 2:
            out.append(circle(x, y, r, fill=base, stroke=line, sw=r * 0.09))
            out.append(circle(x, y, r * 0.68, fill="none", stroke=line, sw=r * 0.09))
            out.append(circle(x, y, r * 0.36, fill="none", stroke=line, sw=r * 0.09))
            x += r * 2
    return "".join(out)


def red_back(vh: float) -> tuple[str, str]:
    """Deep vermilion with a fine, low-contrast seigaiha wave pattern inside a plain border."""
    body = "".join([
        rect(-2, -2, ART_W + 4, vh + 4, fill="#9e1f1a"),
        seigaiha(vh, 6.0, "#a8231d", "#bf3a2c"),
        rect(4.5, 4.5, ART_W - 9, vh - 9, rx=CORNER - 2.5, fill="none", stroke="#7c1512",
             sw=5.0),
        rect(7.4, 7.4, ART_W - 14.8, vh - 14.8, rx=2, fill="none", stroke="#d2a24a", sw=0.8),
    ])
    return body, ""


def western_back(vh: float) -> tuple[str, str]:
    """A navy diagonal lattice with small rosettes, framed by a white border."""
    m = 7.0  # white margin
    step = 7.0
    lines = []
    k = -vh
    while k < ART_W + vh:
        lines.append(f"M{fmt(k)} {fmt(m)} L{fmt(k + vh)} {fmt(vh + m)}")
        lines.append(f"M{fmt(k + vh)} {fmt(m)} L{fmt(k)} {fmt(vh + m)}")
        k += step
    dots = []
    for i in range(int(ART_W / step) + 2):
        for j in range(int(vh / step) + 2):
            x, y = m + i * step, m + j * step + step / 2
            if m < x < ART_W - m and m < y < vh - m:
                dots.append(circle(x, y, 0.9, fill="#c9d3ee"))
    body = "".join([
        rect(-2, -2, ART_W + 4, vh + 4, fill="#fbfaf6"),
        rect(m, m, ART_W - 2 * m, vh - 2 * m, rx=2.5, fill="#1f3263"),
        path(" ".join(lines), stroke="#4a63a3", sw=0.9),
        *dots,
        # Repaint the margin over the lattice ends (nanosvg cannot clip).
        path(f"M-2 -2 H{fmt(ART_W + 2)} V{fmt(vh + 2)} H-2 Z M{m} {m} V{fmt(vh - m)} "
             f"H{fmt(ART_W - m)} V{m} Z", fill="#fbfaf6", rule="evenodd"),
        rect(m, m, ART_W - 2 * m, vh - 2 * m, rx=2.5, fill="none", stroke="#1f3263", sw=1.2),
        rect(m + 2.4, m + 2.4, ART_W - 2 * m - 4.8, vh - 2 * m - 4.8, rx=1.5, fill="none",
             stroke="#c9d3ee", sw=0.7),
    ])
    return body, ""


_STYLES = {"black": black_back, "red": red_back, "western": western_back}


def render_back(style: str, width: int, height: int) -> pygame.Surface:
    """A fresh, uncached back of ``style`` at ``width`` x ``height`` pixels."""
    if style not in _STYLES:
        raise ValueError(f"unknown card back style: {style!r} (expected one of "
                         f"{', '.join(BACK_STYLES)})")
    body, defs = _STYLES[style](view_height(width, height))
    rim = "#0a0909" if style == "black" else "#2a2222"
    texture = {"black": 0.02, "red": 0.05, "western": 0.025}[style]
    return card_surface(body, width, height, background="#111", rim=rim, defs=defs,
                        texture=texture, fit=False)
