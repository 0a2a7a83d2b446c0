"""Sound effects synthesized in pure Python (standard library only, no pygame).

Every effect is a short mix of a few physically-inspired voices:

* *modes*: exponentially decaying sine partials (wood, card edges, bells, strings),
  computed with a two-multiply resonator recurrence instead of ``math.sin`` per
  sample, because that is the cheapest thing pure Python can do per sample;
* *filtered noise*: white noise from a seeded ``random.Random`` through one-pole or
  state-variable filters (paper, felt, the drum skin);
* *tones*: sustained harmonic stacks under an attack/release envelope (the buzz).

Each effect ends with a short fade-in/fade-out and is peak-normalised to at most
-3 dBFS times a per-effect level, so nothing clips and nothing clicks.

>>> samples = render("click", 22050)
>>> len(samples) == round(duration("click") * 22050)
True
>>> 0.1 < max(map(abs, samples)) <= 1.0
True
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Callable
from itertools import repeat
from operator import mul

EFFECTS: tuple[str, ...] = (
    "place",
    "slide",
    "flip",
    "shuffle",
    "capture",
    "invalid",
    "yaku",
    "koikoi",
    "win",
    "lose",
    "click",
    "bomb",
)

# Nominal length of every effect in seconds (the rendered length is exact).
DURATIONS: dict[str, float] = {
    "place": 0.18,
    "slide": 0.28,
    "flip": 0.12,
    "shuffle": 0.72,
    "capture": 0.32,
    "invalid": 0.30,
    "yaku": 0.95,
    "koikoi": 1.2,
    "win": 1.2,
    "lose": 1.0,
    "click": 0.06,
    "bomb": 1.1,
}

# -3 dBFS: headroom for the mixer summing several effects at once.
PEAK = 10.0 ** (-3.0 / 20.0)

# Relative loudness, so short ticks do not jump out next to long chimes.
_LEVELS: dict[str, float] = {
    "place": 0.85,
    "slide": 0.6,
    "flip": 0.75,
    "shuffle": 0.7,
    "capture": 0.95,
    "invalid": 0.7,
    "yaku": 0.9,
    "koikoi": 1.0,
    "win": 0.9,
    "lose": 0.8,
    "click": 0.5,
    "bomb": 1.0,
}

# Partials are stopped once they fall below this (-66 dB): inaudible after
# normalisation and 16-bit quantisation, and it saves most of the work on long tails.
_FLOOR = 5e-4
_TWO_PI = 2.0 * math.pi

# Rendered effects, keyed by (name, rate): each is synthesized once per process.
_CACHE: dict[tuple[str, int], array] = {}


def duration(name: str) -> float:
    """Nominal length of effect ``name`` in seconds.

    >>> duration("shuffle")
    0.72
    """
    _check(name)
    return DURATIONS[name]


def render(name: str, rate: int) -> array:
    """Mono samples of effect ``name`` at ``rate`` Hz, as ``array('f')`` in -1..1.

    Deterministic (fixed seed per effect) and cached: the second call for the same
    ``(name, rate)`` only copies the cached array.

    >>> a = render("flip", 22050)
    >>> a == render("flip", 22050), len(a)
    (True, 2646)
    """
    _check(name)
    if rate < 8000:
        raise ValueError(f"sample rate too low for sound effects: {rate}")
    key = (name, int(rate))
    cached = _CACHE.get(key)
    if cached is None:
        # A race between two threads only renders twice; both results are equal.
        cached = _CACHE[key] = _synthesize(name, int(rate))
    return array("f", cached)


def _check(name: str) -> None:
    if name not in DURATIONS:
        raise ValueError(f"unknown sound effect: {name!r}")


def _hz(midi: float) -> float:
    """Equal-tempered frequency of MIDI note ``midi`` (A4 = 69 = 440 Hz)."""
    return 440.0 * 2.0 ** ((midi - 69.0) / 12.0)


class _Mix:
    """A mono mix buffer plus the voices that add into it."""

    def __init__(self, rate: int, length: float, seed: int) -> None:
        self.rate = rate
        self.buf = [0.0] * round(length * rate)
        self.rng = random.Random(seed)

    # -- voices -------------------------------------------------------------------

    def mode(
        self, t0: float, freq: float, tau: float, amp: float, attack: float = 0.0005
    ) -> None:
        """Add ``amp * exp(-t/tau) * sin(2 pi freq t)`` starting at ``t0`` seconds.

        ``attack`` is a short linear ramp: a zero-phase sine already starts at 0, the
        ramp only rounds off the strike so it sounds struck rather than clicked.
        """
        rate = self.rate
        if freq >= 0.45 * rate or amp <= _FLOOR:
            return  # above Nyquist it would alias; below the floor it is inaudible
        buf = self.buf
        n0 = int(t0 * rate)
        stop = min(len(buf), n0 + int(tau * rate * math.log(amp / _FLOOR)) + 1)
        if stop <= n0 + 1:
            return
        w = _TWO_PI * freq / rate
        r = math.exp(-1.0 / (tau * rate))
        a1 = 2.0 * r * math.cos(w)
        a2 = r * r
        # y[k] = amp r^k sin(w k) obeys y[k+1] = a1 y[k] - a2 y[k-1]; y[0] = 0.
        y2, y1 = 0.0, amp * r * math.sin(w)
        ramp = min(max(1, int(attack * rate)), stop - n0)
        inv = 1.0 / ramp
        for i in range(n0 + 1, n0 + ramp):
            buf[i] += y1 * (i - n0) * inv
            y1, y2 = a1 * y1 - a2 * y2, y1
        for i in range(n0 + ramp, stop):
            buf[i] += y1
            y1, y2 = a1 * y1 - a2 * y2, y1

    def mode_pair(
        self,
        t0: float,
        first: tuple[float, float, float],
        second: tuple[float, float, float],
        attack: float = 0.0005,
    ) -> None:
        """Add two ``(freq, tau, amp)`` modes struck together, in one loop.

        Same maths as :meth:`mode`; fusing the pair saves about a third of the
        per-sample loop overhead, and pairs (a partial and its slightly detuned twin)
        carry the long tails of every note and bell.
        """
        rate = self.rate
        buf = self.buf
        n0 = int(t0 * rate)
        coeffs = []
        stop = n0
        for freq, tau, amp in (first, second):
            if freq >= 0.45 * rate or amp <= _FLOOR:
                amp, freq = 0.0, 0.0  # silent: keeps the loop uniform
            else:
                stop = max(stop, n0 + int(tau * rate * math.log(amp / _FLOOR)) + 1)
            w = _TWO_PI * freq / rate
            r = math.exp(-1.0 / (tau * rate))
            coeffs.append((2.0 * r * math.cos(w), r * r, amp * r * math.sin(w)))
        stop = min(len(buf), stop)
        if stop <= n0 + 1:
            return
        (a1, a2, y1), (b1, b2, u1) = coeffs
        y2 = u2 = 0.0
        ramp = min(max(1, int(attack * rate)), stop - n0)
        inv = 1.0 / ramp
        for i in range(n0 + 1, n0 + ramp):
            buf[i] += (y1 + u1) * (i - n0) * inv
            y1, y2 = a1 * y1 - a2 * y2, y1
            u1, u2 = b1 * u1 - b2 * u2, u1
        for i in range(n0 + ramp, stop):
            buf[i] += y1 + u1
            y1, y2 = a1 * y1 - a2 * y2, y1
            u1, u2 = b1 * u1 - b2 * u2, u1

    def noise(
        self,
        t0: float,
        tau: float,
        amp: float,
        lowpass: float = 8000.0,
        highpass: float = 300.0,
        attack: float = 0.0003,
    ) -> None:
        """Add an exponentially decaying burst of band-limited white noise.

        ``attack`` is a linear fade-in: noise starts at full level otherwise.
        """
        rate = self.rate
        buf = self.buf
        rnd = self.rng.random
        n0 = int(t0 * rate)
        stop = min(len(buf), n0 + int(tau * rate * math.log(max(amp, 2 * _FLOOR) / _FLOOR)))
        decay = math.exp(-1.0 / (tau * rate))
        c_lp = 1.0 - math.exp(-_TWO_PI * min(lowpass, 0.45 * rate) / rate)
        c_hp = 1.0 - math.exp(-_TWO_PI * highpass / rate)
        # One-pole low-pass, then subtract a slower low-pass (= one-pole high-pass).
        lp = slow = 0.0
        env = 2.0 * amp
        ramp = max(1, int(attack * rate))
        for i in range(n0, stop):
            lp += c_lp * (rnd() - 0.5 - lp)
            slow += c_hp * (lp - slow)
            k = i - n0
            buf[i] += (lp - slow) * (env if k >= ramp else env * k / ramp)
            env *= decay

    def band_noise(
        self,
        t0: float,
        t1: float,
        amp: float,
        centre: Callable[[float], float],
        envelope: Callable[[float], float],
        q: float = 1.0,
    ) -> None:
        """Add band-pass noise from ``t0`` to ``t1`` seconds.

        ``centre(x)`` and ``envelope(x)`` take the position 0..1 within the span. They
        are evaluated once per 32-sample block (the envelope is interpolated in
        between), so sweeps cost almost nothing. The filter is a trapezoidal
        state-variable filter, stable at any centre frequency.
        """
        rate = self.rate
        buf = self.buf
        rnd = self.rng.random
        n0 = int(t0 * rate)
        n1 = min(len(buf), int(t1 * rate))
        span = max(1, n1 - n0)
        k = 1.0 / q
        ic1 = ic2 = 0.0
        block = 32
        env = envelope(0.0) * amp
        scale = 4.0 * math.sqrt(q)  # keeps the level roughly independent of q
        for b0 in range(n0, n1, block):
            b1 = min(n1, b0 + block)
            x = (b1 - n0) / span
            g = math.tan(math.pi * min(centre(x), 0.45 * rate) / rate)
            a1 = 1.0 / (1.0 + g * (g + k))
            a2 = g * a1
            a3 = g * a2
            target = envelope(x) * amp
            denv = (target - env) / (b1 - b0)
            for i in range(b0, b1):
                v3 = rnd() - 0.5 - ic2
                v1 = a1 * ic1 + a2 * v3
                v2 = ic2 + a2 * ic1 + a3 * v3
                ic1 = 2.0 * v1 - ic1
                ic2 = 2.0 * v2 - ic2
                buf[i] += v1 * env * scale
                env += denv

    def tone(
        self,
        t0: float,
        length: float,
        freq: float,
        partials: tuple[tuple[float, float], ...],
        amp: float,
        attack: float,
        release: float,
        tau: float,
    ) -> None:
        """Add a sustained harmonic stack: ``(ratio, gain)`` partials, gated.

        The envelope is a raised-cosine attack, an exponential sag with time
        constant ``tau``, and a raised-cosine release ending at ``t0 + length``.
        """
        rate = self.rate
        buf = self.buf
        n0 = int(t0 * rate)
        n = min(len(buf) - n0, int(length * rate))
        if n <= 0:
            return
        seg = [0.0] * n
        for ratio, gain in partials:
            f = freq * ratio
            if f >= 0.45 * rate:
                continue
            w = _TWO_PI * f / rate
            a1 = 2.0 * math.cos(w)
            y2, y1 = 0.0, gain * math.sin(w)  # undamped resonator: a pure sine
            for i in range(1, n):
                seg[i] += y1
                y0 = a1 * y1 - y2
                y2 = y1
                y1 = y0
        n_att = max(1, int(attack * rate))
        n_rel = max(1, int(release * rate))
        sag = math.exp(-1.0 / (tau * rate))
        env = amp
        for i in range(n):
            if i < n_att:
                shape = 0.5 - 0.5 * math.cos(math.pi * i / n_att)
            elif i >= n - n_rel:
                shape = 0.5 + 0.5 * math.cos(math.pi * (i - (n - n_rel)) / n_rel)
            else:
                shape = 1.0
            buf[n0 + i] += seg[i] * env * shape
            env *= sag

    def drum(
        self, t0: float, f_start: float, f_end: float, glide: float, tau: float, amp: float
    ) -> None:
        """Add a membrane fundamental gliding from ``f_start`` to ``f_end`` Hz.

        The glide is exponential with time constant ``glide``; this voice needs a
        phase accumulator (the pitch moves), so it is the only one using ``sin``.
        """
        rate = self.rate
        buf = self.buf
        sin = math.sin
        n0 = int(t0 * rate)
        stop = min(len(buf), n0 + int(tau * rate * math.log(amp / _FLOOR)))
        decay = math.exp(-1.0 / (tau * rate))
        gk = math.exp(-1.0 / (glide * rate))
        dw = _TWO_PI / rate
        delta = (f_start - f_end) * dw
        base = f_end * dw
        phase = 0.0
        env = amp
        for i in range(n0, stop):
            buf[i] += sin(phase) * env
            phase += base + delta
            delta *= gk
            env *= decay

    # -- instruments --------------------------------------------------------------

    def knock(self, t0: float, amp: float, pitch: float = 1.0, body: float = 0.0) -> None:
        """A card edge against the table or another card: short woody clack."""
        self.mode(t0, 1150 * pitch, 0.012, 0.7 * amp, 0.0004)
        self.mode(t0, 2350 * pitch, 0.006, 0.42 * amp, 0.0003)
        self.mode(t0, 3950 * pitch, 0.003, 0.28 * amp, 0.0002)
        self.mode(t0, 610 * pitch, 0.020, 0.35 * amp, 0.0006)
        self.noise(t0, 0.002, 0.6 * amp, lowpass=8000, highpass=1200, attack=0.0005)
        if body:
            # The table answering: low and short, what makes it feel solid.
            self.mode(t0, 210, 0.04, body * amp, 0.0015)

    def pluck(
        self,
        t0: float,
        midi: float,
        amp: float,
        tau: float,
        bright: float = 1.0,
        bell: float = 0.0,
        attack: float = 0.001,
    ) -> None:
        """A koto-like plucked note, optionally with bell partials for a chime.

        Upper harmonics die faster (as on a real string), are a hair sharp (string
        stiffness), and a slightly detuned twin of the fundamental makes it beat
        gently instead of sounding like a test tone.
        """
        f = _hz(midi)
        self.mode_pair(t0, (f, tau, 0.72 * amp), (f * 1.0018, tau * 0.85, 0.28 * amp), attack)
        self.mode(t0, 2.0 * f * 1.0006, tau * 0.5, 0.34 * amp * bright, attack)
        self.mode(t0, 3.0 * f * 1.0014, tau * 0.3, 0.16 * amp * bright, attack)
        self.mode(t0, 4.0 * f * 1.0025, tau * 0.18, 0.07 * amp * bright, attack)
        if bell:
            self.mode(t0, 2.76 * f, tau * 0.3, 0.22 * amp * bell, attack)
            self.mode(t0, 5.40 * f, tau * 0.12, 0.10 * amp * bell, attack)
        # The plectrum (tsume) touching the string.
        self.noise(t0, 0.0012, 0.25 * amp * bright, lowpass=9000, highpass=1500)

    def bell(self, t0: float, midi: float, amp: float, tau: float) -> None:
        """A small bell (rin / wind chime): inharmonic partials in beating pairs."""
        f = _hz(midi)
        for ratio, gain, life in ((1.0, 1.0, 1.0), (2.76, 0.45, 0.45), (5.40, 0.2, 0.2)):
            fr = f * ratio
            # Two partials a few Hz apart beat slowly: the shimmer of a real bell.
            self.mode_pair(
                t0,
                (fr, tau * life, 0.6 * gain * amp),
                (fr + 3.1 * ratio, tau * life * 0.9, 0.4 * gain * amp),
                0.0015,
            )

    # -- output -------------------------------------------------------------------

    def finish(self, level: float, fade_in: float = 0.001, fade_out: float = 0.03) -> array:
        """Fade both ends, then peak-normalise to ``PEAK * level``."""
        buf = self.buf
        n = len(buf)
        n_in = min(n, max(1, int(fade_in * self.rate)))
        n_out = min(n, max(1, int(fade_out * self.rate)))
        for i in range(n_in):
            buf[i] *= i / n_in
        for i in range(n_out):
            # Raised cosine reaching exactly 0 on the last sample.
            buf[n - n_out + i] *= 0.5 + 0.5 * math.cos(math.pi * (i + 1) / n_out)
        peak = max(map(abs, buf), default=0.0)
        gain = PEAK * level / peak if peak > 0.0 else 0.0
        return array("f", map(mul, buf, repeat(gain)))


# -- the effects ------------------------------------------------------------------


def _place(m: _Mix) -> None:
    # Soft woody tock: felt-damped thump, then a few wood modes and the table body.
    m.noise(0.0, 0.004, 0.5, lowpass=1500, highpass=80, attack=0.0015)
    m.mode(0.0, 185, 0.035, 0.45, 0.002)
    m.mode(0.0, 620, 0.022, 0.8, 0.0008)
    m.mode(0.0, 1430, 0.010, 0.33, 0.0006)
    m.mode(0.0, 2630, 0.005, 0.14, 0.0005)


def _slide(m: _Mix) -> None:
    # Paper over felt: band-passed noise sweeping up and back, swelling then fading.
    def env(x: float) -> float:
        return math.sin(math.pi * x / 0.3) ** 2 if x < 0.15 else math.exp(-(x - 0.15) * 4.5)

    m.band_noise(0.0, 0.27, 0.9, lambda x: 1400 + 2600 * math.sin(math.pi * x * 0.8), env, 0.9)
    m.band_noise(0.0, 0.27, 0.25, lambda x: 6000.0, env, 0.7)


def _flip(m: _Mix) -> None:
    # "fwip-tk": a brief rising swish as the card turns, then a crisp snap.
    m.band_noise(0.0, 0.032, 0.5, lambda x: 2500 + 3000 * x, lambda x: 6.75 * x * x * (1 - x), 1.2)
    m.noise(0.03, 0.0018, 0.9, lowpass=10000, highpass=2500)
    m.mode(0.03, 2600, 0.005, 0.45, 0.0002)
    m.mode(0.03, 4300, 0.0025, 0.3, 0.0002)
    m.mode(0.03, 1200, 0.009, 0.25, 0.0004)


def _shuffle(m: _Mix) -> None:
    # A riffle: ~55 tiny clicks, fastest mid-way, over a faint flutter, then the
    # deck squared with a soft tap.
    rng = m.rng
    start, end = 0.03, 0.58
    m.band_noise(
        start, end, 0.12, lambda x: 2800 + 1200 * x, lambda x: math.sin(math.pi * x) ** 0.5, 0.8
    )
    t = start
    while t < end:
        x = (t - start) / (end - start)
        swell = 0.45 + 0.55 * math.sin(math.pi * min(1.0, x * 1.15))
        a = swell * rng.uniform(0.55, 1.0)
        m.noise(t, 0.0009, 0.8 * a, lowpass=9000, highpass=2000)
        m.mode(t, rng.uniform(2200, 4800), 0.0016, 0.5 * a, 0.0002)
        t += 0.0125 - 0.0045 * math.sin(math.pi * x) + rng.uniform(-0.0015, 0.0015)
    m.noise(0.615, 0.004, 0.35, lowpass=1500, highpass=80)
    m.mode(0.615, 260, 0.03, 0.3, 0.002)
    m.mode(0.615, 700, 0.015, 0.35, 0.0008)
    m.mode(0.615, 1650, 0.006, 0.12, 0.0005)


def _capture(m: _Mix) -> None:
    # Tick-CLACK: a lighter touch, then the card landing firmly on its match.
    m.knock(0.0, 0.5, pitch=1.04)
    m.knock(0.07, 1.0, pitch=0.95, body=0.45)


def _invalid(m: _Mix) -> None:
    # A muted "uh-uh": two low soft-buzz notes falling a major third, each with a
    # detuned twin (a slow beat rather than a pure beep) and rolled-off harmonics.
    partials = tuple((float(k), math.exp(-k / 2.2) / k) for k in range(1, 6))
    for t0, midi, length in ((0.0, 57, 0.115), (0.13, 53, 0.165)):
        f = _hz(midi)
        m.tone(t0, length, f, partials, 0.6, 0.006, 0.03, 0.12)
        m.tone(t0, length, f * 1.006, partials[:3], 0.35, 0.006, 0.03, 0.12)


def _yaku(m: _Mix) -> None:
    # Bright three-note pluck-chime, rising on D major pentatonic: A5 D6 F#6.
    m.pluck(0.0, 81, 0.8, 0.22, bright=1.0, bell=1.0)
    m.pluck(0.085, 86, 0.9, 0.25, bright=1.0, bell=1.0)
    m.pluck(0.17, 90, 1.0, 0.36, bright=1.0, bell=1.0)


def _koikoi(m: _Mix) -> None:
    # "ka-DON": a light grace stroke, then a taiko hit whose pitch swells upward
    # (the risk rising), crowned by a shimmering bell fifth.
    m.drum(0.0, 118, 128, 0.03, 0.07, 0.3)
    m.noise(0.0, 0.004, 0.25, lowpass=3000, highpass=400)
    t = 0.11
    m.drum(t, 82, 104, 0.07, 0.3, 1.0)
    m.noise(t, 0.012, 0.55, lowpass=1800, highpass=120)
    m.mode(t, 104 * 1.59, 0.12, 0.4, 0.002)
    m.mode(t, 104 * 2.14, 0.08, 0.28, 0.002)
    m.mode(t, 104 * 2.65, 0.05, 0.18, 0.002)
    m.bell(0.17, 86, 0.5, 0.5)
    m.bell(0.19, 93, 0.35, 0.45)
    m.bell(0.32, 98, 0.18, 0.3)


def _win(m: _Mix) -> None:
    # A happy run up D major pentatonic, resolving on a ringing D6 over A5.
    for t0, midi in ((0.0, 74), (0.1, 78), (0.2, 81), (0.3, 83)):
        m.pluck(t0, midi, 0.75, 0.16, bright=0.9, bell=0.3)
    m.pluck(0.42, 86, 1.0, 0.4, bright=0.9, bell=0.5)
    m.pluck(0.42, 81, 0.45, 0.35, bright=0.6)
    m.bell(0.44, 98, 0.12, 0.3)


def _lose(m: _Mix) -> None:
    # A gentle fall A4 G4 F4 D4 (minor pentatonic), mellow and slow to speak.
    notes = ((0.0, 69, 0.22), (0.18, 67, 0.22), (0.36, 65, 0.24), (0.56, 62, 0.36))
    for t0, midi, tau in notes:
        m.pluck(t0, midi, 0.85, tau, bright=0.45, attack=0.004)


def _click(m: _Mix) -> None:
    # A tiny soft tick: two small modes and a breath of noise.
    m.mode(0.001, 2100, 0.0028, 1.0, 0.0004)
    m.mode(0.001, 3900, 0.0014, 0.45, 0.0003)
    m.mode(0.001, 950, 0.006, 0.25, 0.0006)
    m.noise(0.001, 0.0008, 0.5, lowpass=7000, highpass=1500)


def _bomb(m: _Mix) -> None:
    # A bomb in a climbing game: a deep falling boom with a burst of noise, then a low
    # rumble and a crack of debris.
    m.drum(0.0, 70, 38, 0.12, 0.45, 1.0)
    m.noise(0.0, 0.02, 0.9, lowpass=900, highpass=40)
    m.noise(0.02, 0.18, 0.45, lowpass=400, highpass=30)
    m.mode(0.0, 55, 0.35, 0.6, 0.004)
    m.mode(0.0, 90, 0.2, 0.35, 0.003)
    m.knock(0.09, 0.5, pitch=0.7, body=0.6)
    m.noise(0.14, 0.05, 0.3, lowpass=5000, highpass=900)


_RECIPES: dict[str, Callable[[_Mix], None]] = {
    "place": _place,
    "slide": _slide,
    "flip": _flip,
    "shuffle": _shuffle,
    "capture": _capture,
    "invalid": _invalid,
    "yaku": _yaku,
    "koikoi": _koikoi,
    "win": _win,
    "lose": _lose,
    "click": _click,
    "bomb": _bomb,
}


def _synthesize(name: str, rate: int) -> array:
    # A fixed seed per effect: deterministic, and independent of render order.
    mix = _Mix(rate, DURATIONS[name], seed=0x5EED + EFFECTS.index(name))
    _RECIPES[name](mix)
    # Ringing phrases get a longer fade, so the tail dies away instead of stopping.
    return mix.finish(_LEVELS[name], fade_out=0.08 if DURATIONS[name] > 0.9 else 0.03)
