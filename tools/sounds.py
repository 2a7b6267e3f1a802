#!/usr/bin/env python3
"""Writes the site's own wooden piece sounds into www/sounds/ (move, capture, illegal, den, end).

They are made here, from a few lines of arithmetic, rather than downloaded: no one else's samples,
and anyone can change a number and rerun `python3 tools/sounds.py` to remake them. Only the
standard library is used, and the noise has a fixed seed, so two runs write byte-identical files.
The files are 16-bit PCM mono WAV at 22050 Hz, for Web Audio's decodeAudioData.

Each knock is modal synthesis, the way a struck piece of wood rings:
  * an excitation: 1-3 ms of band-passed noise that dies away at once (the "tick" of contact);
  * a handful of exponentially decaying sine modes at inharmonic frequencies, the higher ones
    dying faster, as wood damps high frequencies more; a low "body" mode with a slight pitch drop
    gives the thump of the board.
  move:    one crisp knock, a shogi piece set on a kaya board ("pachi"): bright modes 0.8-3.4 kHz.
  capture: two knocks 32 ms apart, the second lower, fuller and louder: a piece slammed down.
  illegal: one dull low tap, the noise low-passed and the modes few and low: quiet and muffled.
  den:     three wood-block knocks rising (a small temple block): one strong ringing mode each.
  end:     two wood-block knocks falling.
Each sound is high-passed (no DC offset), faded to exact zero at its end and normalised.
"""
import math
import pathlib
import random
import struct
import wave

RATE = 22050
OUT_DIR = pathlib.Path(__file__).resolve().parent.parent / "www/sounds"


def silence(seconds):
    return [0.0] * round(seconds * RATE)


def one_pole_lowpass(signal, cutoff_hz):
    alpha = 1 - math.exp(-2 * math.pi * cutoff_hz / RATE)
    out, level = [], 0.0
    for x in signal:
        level += alpha * (x - level)
        out.append(level)
    return out


def highpass(signal, cutoff_hz):
    return [x - low for x, low in zip(signal, one_pole_lowpass(signal, cutoff_hz))]


def noise_burst(rng, seconds, low_hz, high_hz):
    """The contact tick: white noise, band-passed, with a fast exponential fade."""
    count = round(seconds * RATE)
    raw = [rng.uniform(-1, 1) * math.exp(-5 * i / count) for i in range(count)]
    return highpass(one_pole_lowpass(raw, high_hz), low_hz)


def decaying_mode(freq_hz, amplitude, decay_s, seconds, pitch_drop=0.0):
    """One resonance: a sine decaying as exp(-t/decay_s); pitch_drop bends it down from
    (1 + pitch_drop) * freq_hz over the first 6 ms, as a body thump does."""
    out = []
    for i in range(round(seconds * RATE)):
        t = i / RATE
        bend = pitch_drop * 0.006 * (1 - math.exp(-t / 0.006))
        phase = 2 * math.pi * freq_hz * (t + bend)
        out.append(amplitude * math.exp(-t / decay_s) * math.sin(phase))
    return out


def knock(rng, modes, noise_amp, noise_ms=2.0, noise_band=(900, 6000), seconds=0.2, thump=None):
    """A struck piece of wood: `modes` is [(freq_hz, amplitude, decay_s)]; `thump` is an
    optional (freq_hz, amplitude, decay_s) for the body, with a pitch drop."""
    out = silence(seconds)
    tick = noise_burst(rng, noise_ms / 1000, *noise_band)
    for i, x in enumerate(tick):
        out[i] += noise_amp * x
    layers = [decaying_mode(f, a, d, seconds) for f, a, d in modes]
    if thump:
        layers.append(decaying_mode(*thump, seconds, pitch_drop=0.25))
    for layer in layers:
        for i, x in enumerate(layer):
            out[i] += x
    return out


def mix(length_s, *placed):
    """Sums (start_s, signal) pairs into one buffer of length_s seconds."""
    out = silence(length_s)
    for start_s, signal in placed:
        offset = round(start_s * RATE)
        for i, x in enumerate(signal[: len(out) - offset]):
            out[offset + i] += x
    return out


def finish(signal, peak_dbfs, fade_out_s):
    """High-pass at 40 Hz, remove what DC is left, fade in over 0.5 ms and out to exact zero
    over fade_out_s, and scale to peak_dbfs."""
    signal = highpass(signal, 40)
    count = len(signal)
    fade_in, fade_out = round(0.0005 * RATE), round(fade_out_s * RATE)
    window = []
    for i in range(count):
        w = min(1.0, i / fade_in)
        from_end = count - 1 - i
        if from_end < fade_out:
            w *= 0.5 - 0.5 * math.cos(math.pi * from_end / fade_out)
        window.append(w)
    signal = [x * w for x, w in zip(signal, window)]
    # Take the mean out in the window's shape, so both ends stay at zero.
    dc = sum(signal) / sum(window)
    signal = [x - dc * w for x, w in zip(signal, window)]
    scale = 10 ** (peak_dbfs / 20) / max(abs(x) for x in signal)
    return [x * scale for x in signal]


def wood_block(rng, pitch_hz, loudness=1.0, seconds=0.18):
    """A small temple block: a hollow body with one strong mode that rings a little longer."""
    modes = [
        (pitch_hz, 1.0 * loudness, 0.045),
        (pitch_hz * 2.76, 0.35 * loudness, 0.012),
        (pitch_hz * 4.1, 0.15 * loudness, 0.006),
    ]
    return knock(rng, modes, 0.5 * loudness, noise_ms=1.5, noise_band=(1200, 7000), seconds=seconds)


def make_move(rng):
    modes = [(780, 0.45, 0.028), (1230, 0.55, 0.022), (1870, 0.40, 0.016), (2640, 0.30, 0.010),
             (3380, 0.20, 0.007)]
    hit = knock(rng, modes, 0.9, noise_ms=2.0, seconds=0.14, thump=(190, 0.45, 0.010))
    return finish(hit, -4, 0.05)


def make_capture(rng):
    taken = knock(rng, [(850, 0.35, 0.020), (1390, 0.45, 0.016), (2210, 0.30, 0.010),
                        (3150, 0.20, 0.007)], 0.8, noise_ms=1.5, seconds=0.15,
                  thump=(210, 0.3, 0.008))
    slam = knock(rng, [(560, 0.60, 0.032), (940, 0.65, 0.026), (1480, 0.50, 0.018),
                       (2290, 0.30, 0.011), (3050, 0.18, 0.007)], 1.1, noise_ms=3.0,
                 noise_band=(500, 5000), seconds=0.15, thump=(150, 0.8, 0.016))
    return finish(mix(0.18, (0, taken), (0.032, slam)), -3, 0.05)


def make_illegal(rng):
    modes = [(420, 0.45, 0.020), (660, 0.25, 0.012), (990, 0.10, 0.006)]
    tap = knock(rng, modes, 0.35, noise_ms=2.5, noise_band=(150, 900), seconds=0.09,
                thump=(135, 0.7, 0.016))
    return finish(tap, -9, 0.035)


def make_den(rng):
    notes = [(0.0, 880.0), (0.105, 1109.0), (0.21, 1319.0)]  # A5, C#6, E6: rising major triad
    loudness = [1.0, 1.0, 1.2]  # the last knock lands a little harder
    blocks = [(start, wood_block(rng, pitch, loud))
              for (start, pitch), loud in zip(notes, loudness)]
    return finish(mix(0.40, *blocks), -4, 0.08)


def make_end(rng):
    notes = [(0.0, 988.0), (0.14, 740.0)]  # B5 down to F#5
    return finish(mix(0.35, *[(start, wood_block(rng, pitch)) for start, pitch in notes]), -4, 0.08)


def write_wav(path, signal):
    samples = [max(-32767, min(32767, round(x * 32767))) for x in signal]
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(struct.pack("<%dh" % len(samples), *samples))


def main():
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    makers = {"move": make_move, "capture": make_capture, "illegal": make_illegal,
              "den": make_den, "end": make_end}
    for seed, (name, make) in enumerate(makers.items()):
        path = OUT_DIR / f"{name}.wav"
        write_wav(path, make(random.Random(1000 + seed)))
        print(f"{path.relative_to(OUT_DIR.parent.parent)}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
