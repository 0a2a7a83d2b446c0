"""The pygame side of the sound effects: a bank of ``pygame.mixer.Sound`` objects.

Effects are synthesized by :mod:`sounds.synth` at the mixer's own sample rate, then
encoded into the mixer's sample format and channel count, so SDL never resamples.
Synthesis takes a few hundred milliseconds of pure Python, so by default it runs in a
daemon thread: the window appears at once and each effect becomes playable as soon as
it is ready (playing one that is not ready yet is silently skipped).

Without an audio device the bank is *silent*: one log line, then every call is a
harmless no-op. Nothing here raises to the game except :meth:`SoundBank.play` with an
unknown name, which is a programming error.
"""

from __future__ import annotations

import logging
import threading
from array import array
from itertools import repeat
from operator import add, mul

import pygame

from sounds import synth
from sounds.synth import EFFECTS

logger = logging.getLogger("sounds")

# Synthesis order: the small, frequent interface sounds first, the long phrases last.
_BUILD_ORDER: tuple[str, ...] = (
    "click", "place", "flip", "slide", "capture", "invalid",
    "shuffle", "yaku", "koikoi", "win", "lose", "bomb",
)  # fmt: skip

# Simultaneous plays allowed per effect: dealing may overlap a few card sounds, but a
# burst of identical sounds would only get louder and muddier.
_MAX_VOICES: dict[str, int] = {name: 3 for name in EFFECTS}
_MAX_VOICES.update({"shuffle": 1, "koikoi": 1, "win": 1, "lose": 1, "yaku": 2, "invalid": 1})

# The bank raises the mixer to at least this many channels, so that card sounds
# overlapping a chime do not steal each other's channel (pygame's default is 8).
MIN_MIXER_CHANNELS = 16

# pygame.mixer.get_init() format -> (array typecode, scale, offset).
# 32 and -32 both mean float32: pygame maps size 32 to AUDIO_F32 and reports it
# as -32 (SDL flags float formats as signed); SDL_mixer has no 32-bit integer output.
_FORMATS: dict[int, tuple[str, float, float]] = {
    -8: ("b", 127.0, 0.0),
    8: ("B", 127.0, 128.0),
    -16: ("h", 32767.0, 0.0),
    16: ("H", 32767.0, 32768.0),
    -32: ("f", 1.0, 0.0),
    32: ("f", 1.0, 0.0),
}


def encode(samples: array, fmt: int, channels: int) -> bytes:
    """Mono float samples (-1..1) as raw bytes in a mixer ``format`` and channel count.

    Every channel gets the same signal (centred). Integer formats are native-endian,
    as SDL's ``AUDIO_*SYS`` formats used by pygame are.

    >>> frames = encode(array("f", [0.5, -1.0]), -16, 2)
    >>> frames == array("h", [16383, 16383, -32767, -32767]).tobytes()
    True
    """
    try:
        typecode, scale, offset = _FORMATS[fmt]
    except KeyError:
        raise ValueError(f"unsupported mixer sample format: {fmt}") from None
    if typecode == "f":
        mono = array("f", samples)
    else:
        # int() truncates; with offset > 0 the value is positive so it floors: both
        # stay in range because samples never exceed 1.0 in magnitude.
        scaled = map(mul, samples, repeat(scale))
        if offset:
            scaled = map(add, scaled, repeat(offset))
        mono = array(typecode, list(map(int, scaled)))  # list first: faster than the iterator
    if channels == 1:
        return mono.tobytes()
    frames = array(typecode, bytes(mono.itemsize * len(mono) * channels))
    for channel in range(channels):
        frames[channel::channels] = mono  # interleave: L R L R ...
    return frames.tobytes()


class SoundBank:
    """All sound effects, ready to :meth:`play`; silent when there is no audio.

    Create it with :meth:`start` after ``pygame.init()``. ``SoundBank(None)`` is a
    silent bank (for tests, or when sound is disabled).
    """

    def __init__(self, mixer_format: tuple[int, int, int] | None) -> None:
        """Bank for a mixer reporting ``(frequency, format, channels)``; None: silent.

        Sounds are not built here: call :meth:`build` (or use :meth:`start`).
        """
        self._format = mixer_format
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._volume = 1.0
        self._thread: threading.Thread | None = None
        if mixer_format is None:
            self._done.set()

    @classmethod
    def start(cls, background: bool = True) -> SoundBank:
        """Open the mixer if needed and synthesize every effect; never raises.

        With ``background`` (the default) synthesis runs in a daemon thread and this
        returns at once; :meth:`wait_ready` blocks until it is done.
        """
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            mixer_format = pygame.mixer.get_init()
            if not mixer_format:
                raise pygame.error("mixer did not initialise")
        except Exception as exc:  # no device, no driver, pygame built without mixer...
            logger.warning("no audio device (%s): running silent", exc)
            return cls(None)
        rate, fmt, channels = mixer_format
        if fmt not in _FORMATS or channels < 1:
            logger.warning("unsupported mixer format %s: running silent", mixer_format)
            return cls(None)
        try:
            if pygame.mixer.get_num_channels() < MIN_MIXER_CHANNELS:
                pygame.mixer.set_num_channels(MIN_MIXER_CHANNELS)
        except pygame.error:
            pass  # fewer channels only means more skipped overlaps
        bank = cls(mixer_format)
        if background:
            bank._thread = threading.Thread(target=bank.build, name="sound-synth", daemon=True)
            bank._thread.start()
        else:
            bank.build()
        return bank

    # -- state ---------------------------------------------------------------------

    @property
    def silent(self) -> bool:
        """True when there is no audio output: every call is then a no-op."""
        return self._format is None

    @property
    def names(self) -> tuple[str, ...]:
        """The effect names accepted by :meth:`play`."""
        return EFFECTS

    @property
    def volume(self) -> float:
        """The effective volume applied to every effect, 0..1."""
        return self._volume

    def is_ready(self, name: str | None = None) -> bool:
        """Whether effect ``name`` (or, with None, every effect) can be heard yet."""
        if name is None:
            return self._done.is_set()
        return name in self._sounds

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Block until synthesis has finished (or ``timeout`` seconds); True if done."""
        return self._done.wait(timeout)

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """The ``pygame.mixer.Sound`` for ``name``, or None if silent or not ready."""
        self._check(name)
        return self._sounds.get(name)

    # -- actions -------------------------------------------------------------------

    def build(self) -> None:
        """Synthesize and load every effect not loaded yet (the worker's job).

        Each effect becomes playable as soon as it is loaded. A failure (for
        instance the mixer shut down meanwhile) stops the work without raising.
        """
        if self._format is None:
            return
        rate, fmt, channels = self._format
        try:
            for name in _BUILD_ORDER:
                if name in self._sounds:
                    continue
                data = encode(synth.render(name, rate), fmt, channels)
                if pygame.mixer.get_init() != self._format:
                    return  # mixer closed or reopened differently: the game is leaving
                sound = pygame.mixer.Sound(buffer=data)
                with self._lock:
                    sound.set_volume(self._volume)
                    self._sounds[name] = sound
        except Exception:  # never take the game down for a sound
            logger.exception("sound effects unavailable")
        finally:
            self._done.set()

    def play(self, name: str) -> None:
        """Play effect ``name`` at the current volume.

        Unknown names raise ``ValueError``. Silent banks, muted volume, effects not
        synthesized yet, and effects already playing on their maximum number of
        channels are skipped quietly.
        """
        self._check(name)
        sound = self._sounds.get(name)
        if sound is None or self._volume <= 0.0:
            return
        try:
            if sound.get_num_channels() < _MAX_VOICES[name]:
                sound.play()
        except pygame.error:
            pass  # mixer shut down under us (quitting): nothing to hear anyway

    def stop(self) -> None:
        """Stop every effect currently playing."""
        try:
            for sound in list(self._sounds.values()):
                sound.stop()
        except pygame.error:
            pass

    def set_volumes(self, master: float, effects: float, mute: bool) -> None:
        """Set the effective volume: ``0`` if ``mute`` else ``master * effects``.

        Both factors are clamped to 0..1; the volume also applies to effects that
        finish synthesizing later.
        """
        volume = 0.0 if mute else _unit(master) * _unit(effects)
        with self._lock:
            self._volume = volume
            try:
                for sound in self._sounds.values():
                    sound.set_volume(volume)
            except pygame.error:
                pass

    @staticmethod
    def _check(name: str) -> None:
        if name not in EFFECTS:
            raise ValueError(f"unknown sound effect: {name!r}")


def _unit(value: float) -> float:
    """``value`` clamped to 0..1 (NaN counts as 0)."""
    value = float(value)
    return min(1.0, value) if value > 0.0 else 0.0
