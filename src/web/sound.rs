//! The game's sounds: wooden knocks of the site's own making (`tools/sounds.py` writes
//! `www/sounds/*.wav`), which `browser::Audio` fetches after the page has started and plays
//! through Web Audio.

/// A sound the game makes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Sound {
    /// A piece moved.
    Move,
    /// A piece was captured.
    Capture,
    /// An animal entered the den (Jungle's win).
    Den,
    /// The move was refused.
    Illegal,
    /// The game ended another way.
    End,
}

impl Sound {
    /// Every sound, in the order of their numbers (`sound as usize`).
    pub const ALL: [Sound; 5] = [
        Sound::Move,
        Sound::Capture,
        Sound::Den,
        Sound::Illegal,
        Sound::End,
    ];

    /// The sound's file, relative to the page.
    pub const fn file(self) -> &'static str {
        match self {
            Sound::Move => "sounds/move.wav",
            Sound::Capture => "sounds/capture.wav",
            Sound::Den => "sounds/den.wav",
            Sound::Illegal => "sounds/illegal.wav",
            Sound::End => "sounds/end.wav",
        }
    }
}
