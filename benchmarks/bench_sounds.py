"""Time the start-up synthesis of every sound effect.

Run from anywhere: ``python benchmarks/bench_sounds.py [rate]`` (default 44100 Hz).
Each effect is synthesized fresh (the per-process cache is bypassed), so the numbers
are what the game pays once at start-up. The encoding column is the bank's
conversion to the usual mixer format (signed 16-bit stereo).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from sounds import synth  # noqa: E402
from sounds.bank import encode  # noqa: E402


def main(argv: list[str]) -> int:
    """Print per-effect and total synthesis times; return the exit status."""
    rate = int(argv[1]) if len(argv) > 1 else 44100
    total = total_encode = 0.0
    samples = 0
    print(f"synthesis at {rate} Hz (pure Python {sys.version.split()[0]})")
    print(f"  {'effect':<8} {'synth':>9} {'encode':>9} {'length':>7} {'samples':>8}")
    for name in synth.EFFECTS:
        start = time.perf_counter()
        out = synth._synthesize(name, rate)  # uncached on purpose
        middle = time.perf_counter()
        encode(out, -16, 2)
        end = time.perf_counter()
        total += middle - start
        total_encode += end - middle
        samples += len(out)
        print(
            f"  {name:<8} {(middle - start) * 1000:6.1f} ms {(end - middle) * 1000:6.1f} ms"
            f" {len(out) / rate:5.2f} s {len(out):8d}"
        )
    print(
        f"  {'total':<8} {total * 1000:6.1f} ms {total_encode * 1000:6.1f} ms"
        f" {samples / rate:5.2f} s {samples:8d}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
