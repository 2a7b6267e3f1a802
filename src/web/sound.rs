//! The game's sounds, synthesised (no files to download): each is a few short tones that
//! `browser::Audio` plays through Web Audio.

/// A sound the game makes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Sound {
    /// An animal moved.
    Move,
    /// An animal was captured.
    Capture,
    /// An animal entered the den (the game is won).
    Den,
    /// The move was refused.
    Illegal,
    /// The game ended another way.
    End,
}

/// The shape of a tone's wave.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Wave {
    /// Soft.
    Sine,
    /// Woody.
    Triangle,
    /// Buzzy.
    Square,
}

/// One tone of a sound.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Tone {
    /// Pitch at the start, Hz.
    pub from_hz: f64,
    /// Pitch at the end, Hz.
    pub to_hz: f64,
    /// Start after the sound begins, seconds.
    pub at: f64,
    /// Length, seconds.
    pub length: f64,
    /// Peak volume, 0–1.
    pub volume: f64,
    /// Wave shape.
    pub wave: Wave,
}

const fn tone(from_hz: f64, to_hz: f64, at: f64, length: f64, volume: f64, wave: Wave) -> Tone {
    Tone {
        from_hz,
        to_hz,
        at,
        length,
        volume,
        wave,
    }
}

const MOVE: [Tone; 1] = [tone(520.0, 380.0, 0.0, 0.07, 0.25, Wave::Triangle)];
const CAPTURE: [Tone; 2] = [
    tone(300.0, 120.0, 0.0, 0.12, 0.35, Wave::Triangle),
    tone(900.0, 500.0, 0.0, 0.05, 0.12, Wave::Square),
];
const DEN: [Tone; 3] = [
    tone(523.0, 523.0, 0.0, 0.14, 0.22, Wave::Sine),
    tone(659.0, 659.0, 0.12, 0.14, 0.22, Wave::Sine),
    tone(784.0, 784.0, 0.24, 0.3, 0.25, Wave::Sine),
];
const ILLEGAL: [Tone; 1] = [tone(150.0, 130.0, 0.0, 0.14, 0.18, Wave::Square)];
const END: [Tone; 2] = [
    tone(440.0, 440.0, 0.0, 0.16, 0.2, Wave::Sine),
    tone(349.0, 349.0, 0.15, 0.3, 0.2, Wave::Sine),
];

/// The tones of `sound`.
pub fn tones(sound: Sound) -> &'static [Tone] {
    match sound {
        Sound::Move => &MOVE,
        Sound::Capture => &CAPTURE,
        Sound::Den => &DEN,
        Sound::Illegal => &ILLEGAL,
        Sound::End => &END,
    }
}
