"""Sound effects: synthesis quality checks (no audio needed) and the pygame bank.

The bank tests run on SDL's dummy audio driver (set by conftest.py), which opens a
real mixer, so Sounds are built and played exactly as on a machine with speakers.
"""

from __future__ import annotations

import doctest
import logging
import math
from array import array

import pygame
import pytest

from sounds import EFFECTS, SoundBank, synth
from sounds import bank as bank_module
from sounds.bank import encode

RATES = (22050, 44100)

# Accepted length of every effect, in seconds (inclusive).
LENGTH_RANGES: dict[str, tuple[float, float]] = {
    "click": (0.03, 0.10),
    "flip": (0.06, 0.20),
    "place": (0.10, 0.25),
    "slide": (0.15, 0.40),
    "capture": (0.15, 0.45),
    "invalid": (0.20, 0.45),
    "shuffle": (0.55, 0.90),
    "yaku": (0.60, 1.20),
    "koikoi": (0.80, 1.50),
    "win": (1.00, 1.50),
    "lose": (0.80, 1.30),
    "bomb": (0.80, 1.40),
}

# The real mixer.init, kept before any test monkeypatches it.
_REAL_MIXER_INIT = pygame.mixer.init


def _rms(samples: array) -> float:
    return math.sqrt(math.fsum(x * x for x in samples) / len(samples))


@pytest.fixture()
def restore_mixer():
    """Give the test freedom to quit/reopen the mixer; reopen it as it was after."""
    saved = pygame.mixer.get_init()
    assert saved, "conftest's pygame.init() should have opened the dummy mixer"
    yield saved
    pygame.mixer.quit()
    _REAL_MIXER_INIT(*saved)
    assert pygame.mixer.get_init() == saved


@pytest.fixture()
def bank() -> SoundBank:
    made = SoundBank.start(background=False)
    assert made.wait_ready(0)
    return made


# -- synthesis ------------------------------------------------------------------------


def test_effect_names() -> None:
    assert EFFECTS == (
        "place", "slide", "flip", "shuffle", "capture", "invalid",
        "yaku", "koikoi", "win", "lose", "click", "bomb",
    )  # fmt: skip
    assert set(LENGTH_RANGES) == set(EFFECTS) == set(synth.DURATIONS)


@pytest.mark.parametrize("rate", RATES)
@pytest.mark.parametrize("name", EFFECTS)
def test_effect_is_well_formed(name: str, rate: int) -> None:
    samples = synth.render(name, rate)
    low, high = LENGTH_RANGES[name]
    assert isinstance(samples, array) and samples.typecode == "f"
    assert len(samples) == round(synth.duration(name) * rate)
    assert low <= len(samples) / rate <= high
    # Audible: RMS well above silence (the quietest, the click, is about 0.035).
    assert _rms(samples) > 0.015
    # Never clips: peak-normalised to at most -3 dBFS, and clearly not tiny either.
    peak = max(map(abs, samples))
    assert 0.3 < peak <= synth.PEAK + 1e-6 < 1.0
    # No click at either end: starts and ends at (nearly) zero, with no jump in the
    # first half millisecond and an almost silent last 5 ms.
    ms = rate // 1000
    assert abs(samples[0]) < 1e-3 and abs(samples[-1]) < 1e-3
    assert max(abs(samples[i + 1] - samples[i]) for i in range(ms // 2)) < 0.1
    assert max(map(abs, samples[-5 * ms :])) < 0.01


@pytest.mark.parametrize("name", EFFECTS)
def test_synthesis_is_deterministic(name: str) -> None:
    # Fresh synthesis (not the cache) twice, and equal to what render() serves.
    first = synth._synthesize(name, 22050)
    assert first == synth._synthesize(name, 22050)
    assert first == synth.render(name, 22050)


def test_render_serves_a_copy_of_the_cache() -> None:
    samples = synth.render("click", 22050)
    samples[100] = 0.9
    assert synth.render("click", 22050)[100] != 0.9


def test_effects_differ_from_each_other() -> None:
    rendered = {name: synth.render(name, 22050) for name in EFFECTS}
    names = list(EFFECTS)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            x, y = rendered[a], rendered[b]
            n = min(len(x), len(y))
            dot = math.fsum(p * q for p, q in zip(x[:n], y[:n]))
            norm = math.sqrt(math.fsum(p * p for p in x[:n]) * math.fsum(q * q for q in y[:n]))
            # Unrelated signals: low correlation over their common length.
            assert abs(dot / norm) < 0.5, (a, b)


def test_render_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="'boing'"):
        synth.render("boing", 44100)
    with pytest.raises(ValueError, match="rate"):
        synth.render("click", 100)


def test_doctests() -> None:
    for module in (synth, bank_module):
        result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
        assert result.attempted > 0 and result.failed == 0, module.__name__


@pytest.mark.parametrize("fmt", [-8, 8, -16, 16, -32, 32])
@pytest.mark.parametrize("channels", [1, 2, 6])
def test_encode_layout(fmt: int, channels: int) -> None:
    mono = array("f", [0.0, 0.5, -0.5, 1.0, -1.0])
    typecode = {-8: "b", 8: "B", -16: "h", 16: "H", -32: "f", 32: "f"}[fmt]
    frames = array(typecode, encode(mono, fmt, channels))
    assert len(frames) == len(mono) * channels
    for channel in range(channels):
        assert frames[channel::channels] == frames[0::channels]
    first = list(frames[0::channels])
    expected = {
        "b": [0, 63, -63, 127, -127],
        "B": [128, 191, 64, 255, 1],
        "h": [0, 16383, -16383, 32767, -32767],
        "H": [32768, 49151, 16384, 65535, 1],
        "f": [0.0, 0.5, -0.5, 1.0, -1.0],
    }[typecode]
    assert first == expected
    with pytest.raises(ValueError, match="24"):
        encode(mono, 24, channels)


# -- the bank -------------------------------------------------------------------------


def test_bank_sounds_match_synthesis_and_mixer_layout(bank: SoundBank) -> None:
    rate, fmt, channels = pygame.mixer.get_init()
    width = abs(fmt) // 8
    assert not bank.silent
    assert bank.names == EFFECTS
    for name in EFFECTS:
        sound = bank.sound(name)
        frames = len(synth.render(name, rate))
        assert sound is not None and bank.is_ready(name)
        assert sound.get_length() == pytest.approx(frames / rate, abs=1e-6)
        raw = sound.get_raw()
        assert len(raw) == frames * channels * width
        assert raw == encode(synth.render(name, rate), fmt, channels)


def test_background_start_becomes_ready() -> None:
    started = SoundBank.start()  # the default: synthesis in a daemon thread
    assert started.wait_ready(timeout=60)
    assert started.is_ready() and all(started.is_ready(name) for name in EFFECTS)


@pytest.mark.parametrize("size", [-8, 8, 16, 32])
@pytest.mark.parametrize("channels", [1, 2])
def test_bank_follows_other_mixer_formats(restore_mixer, size: int, channels: int) -> None:
    pygame.mixer.quit()
    _REAL_MIXER_INIT(22050, size, channels)
    rate, fmt, got_channels = pygame.mixer.get_init()
    made = SoundBank.start(background=False)
    assert not made.silent
    sound = made.sound("place")
    frames = len(synth.render("place", rate))
    assert sound.get_length() == pytest.approx(frames / rate, abs=1e-6)
    assert len(sound.get_raw()) == frames * got_channels * (abs(fmt) // 8)
    made.play("place")


def test_set_volumes(bank: SoundBank) -> None:
    bank.set_volumes(0.5, 0.5, mute=False)
    assert bank.volume == pytest.approx(0.25)
    for name in EFFECTS:
        # SDL stores volume in 1/128 steps.
        assert bank.sound(name).get_volume() == pytest.approx(0.25, abs=1 / 128)
    bank.set_volumes(1.0, 1.0, mute=True)
    assert bank.volume == 0.0
    assert all(bank.sound(name).get_volume() == 0.0 for name in EFFECTS)
    bank.set_volumes(3.0, -1.0, mute=False)  # clamped to 0..1
    assert bank.volume == 0.0
    bank.set_volumes(1.0, 1.0, mute=False)
    assert all(bank.sound(name).get_volume() == 1.0 for name in EFFECTS)


def test_volume_applies_to_sounds_built_later() -> None:
    late = SoundBank(pygame.mixer.get_init())
    late.set_volumes(0.5, 0.5, mute=False)
    late.build()
    assert late.sound("win").get_volume() == pytest.approx(0.25, abs=1 / 128)


def test_play(bank: SoundBank) -> None:
    # Long effects, so none can finish between play() and the check, even on a busy
    # machine (the dummy driver plays in real time).
    bank.stop()
    bank.play("koikoi")
    assert bank.sound("koikoi").get_num_channels() == 1
    for _ in range(5):
        bank.play("yaku")
    # The same effect does not stack without limit: two chimes at most.
    assert bank.sound("yaku").get_num_channels() == 2
    bank.play("win")
    bank.play("win")
    assert bank.sound("win").get_num_channels() == 1
    with pytest.raises(ValueError, match="'boing'"):
        bank.play("boing")
    bank.stop()
    assert bank.sound("win").get_num_channels() == 0


def test_muted_bank_plays_nothing(bank: SoundBank) -> None:
    bank.stop()
    bank.set_volumes(1.0, 1.0, mute=True)
    bank.play("koikoi")
    assert bank.sound("koikoi").get_num_channels() == 0


def test_effect_not_ready_yet_is_skipped() -> None:
    pending = SoundBank(pygame.mixer.get_init())  # built later (never, here)
    assert not pending.is_ready("click") and not pending.wait_ready(0)
    pending.play("click")
    assert pending.sound("click") is None


def test_mixer_closed_during_synthesis(restore_mixer) -> None:
    orphan = SoundBank(pygame.mixer.get_init())
    pygame.mixer.quit()
    orphan.build()  # must not raise
    assert orphan.wait_ready(0) and orphan.sound("click") is None
    orphan.play("click")


def test_start_without_audio_device(restore_mixer, monkeypatch, caplog) -> None:
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    pygame.mixer.quit()
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    caplog.set_level(logging.DEBUG, logger="sounds")

    silent = SoundBank.start()

    assert silent.silent and silent.wait_ready(0)
    silent.play("click")
    silent.set_volumes(0.5, 0.5, mute=False)
    silent.stop()
    assert silent.sound("click") is None
    with pytest.raises(ValueError):
        silent.play("boing")  # still a programming error
    records = [r for r in caplog.records if r.name == "sounds"]
    assert len(records) == 1
    message = records[0].getMessage()
    assert records[0].levelno in (logging.INFO, logging.WARNING)
    assert "No available audio device" in message and "running silent" in message
    assert pygame.mixer.get_init() is None  # it did not half-open anything
