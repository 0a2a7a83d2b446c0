"""How the highlight colours look to colour-blind players: each glow simulated under
protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009, full severity,
applied to linear RGB) and compared in CIE L*a*b* (the CIE76 difference, delta E).

``python -m tools.colour_check`` prints the weakest pair of each table under each vision;
``tests/test_colour_check.py`` holds every pair to ``PAIR_MIN`` and every glow against the
felt to ``FELT_MIN``.

>>> round(delta_e((255, 0, 0), (255, 0, 0)), 1), round(delta_e((0, 0, 0), (255, 255, 255)))
(0.0, 100)
>>> simulate((120, 220, 140), "normal")
(120, 220, 140)
>>> delta_e(simulate((200, 58, 40), "deuteranopia"), simulate((96, 170, 100), "deuteranopia")) \\
...     < delta_e((200, 58, 40), (96, 170, 100)) / 3
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

Color = tuple[int, int, int]

#: Machado et al. 2009, severity 1.0: linear RGB to linear RGB as each vision sees it.
MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
VISIONS = ("normal", *MACHADO)
#: The least CIE76 difference between two highlights shown on one table, under every vision:
#: 2.3 is a just-noticeable difference for patches side by side; a glow is a soft edge seen
#: at a glance, apart from the other, so ten times that (about the step from one colour name
#: to the next).
PAIR_MIN = 20.0
#: The least difference of a highlight from the felt it glows on: it must stand out first.
FELT_MIN = 30.0


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _encoded(v: float) -> int:
    v = min(1.0, max(0.0, v))
    return round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))


def simulate(color: Sequence[int], vision: str) -> Color:
    """``color`` as a player of ``vision`` (``VISIONS``) sees it, in sRGB."""
    if vision == "normal":
        return (int(color[0]), int(color[1]), int(color[2]))
    m = MACHADO[vision]
    lin = [_linear(c) for c in color[:3]]
    r, g, b = (_encoded(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))
    return r, g, b


def lab(color: Sequence[int]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (_linear(c) for c in color[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: Sequence[int], b: Sequence[int]) -> float:
    """CIE76: the distance between ``a`` and ``b`` in L*a*b*."""
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


def weakest(colors: Iterable[Sequence[int]], background: Sequence[int] | None = None
            ) -> list[tuple[float, str, Color, Color]]:
    """Every pair of ``colors`` (or each against ``background``) under every vision, the
    least different first: (delta E, vision, colour, colour)."""
    colors = [tuple(c[:3]) for c in colors]
    pairs = [(c, tuple(background[:3])) for c in colors] if background is not None \
        else list(itertools.combinations(colors, 2))
    out = [(delta_e(simulate(a, v), simulate(b, v)), v, a, b) for a, b in pairs
           for v in VISIONS]
    return sorted(out)  # type: ignore[arg-type]


def main() -> int:
    from game import theme
    for table, colors in theme.TABLE_HIGHLIGHTS.items():
        for what, found in (("pairs", weakest(colors)),
                            ("on the felt", weakest(colors, theme.FELT))):
            d, vision, a, b = found[0]
            print(f"{table} {what}: weakest {d:.1f} ({vision}: {a} / {b})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
