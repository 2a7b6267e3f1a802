//! The pieces' sounds: wooden samples fetched after the page has started, played through one
//! `AudioContext`.

use super::*;

/// The game's sounds (`sounds/*.wav`, [`Sound::file`]), fetched after the page has started and
/// played through Web Audio once a gesture has unlocked it (browsers refuse sound before one). A
/// sound asked for before its file has arrived is skipped; failures (no file, no audio device)
/// are silent.
#[derive(Default)]
pub struct Audio {
    sounds: std::rc::Rc<std::cell::RefCell<Sounds>>,
}

/// What [`Audio`] shares with its files' callbacks.
#[derive(Default)]
struct Sounds {
    context: Option<web_sys::AudioContext>,
    /// Each sound's file as fetched, until it is decoded.
    fetched: [Option<js_sys::ArrayBuffer>; Sound::ALL.len()],
    /// Each sound, ready to play.
    decoded: [Option<web_sys::AudioBuffer>; Sound::ALL.len()],
}

impl Audio {
    /// Fetches the sounds' files, a moment after the page has started so that they never delay
    /// it (the service worker keeps them for offline play).
    pub fn load_later(&self) {
        let sounds = self.sounds.clone();
        set_timeout(
            move || {
                for sound in Sound::ALL {
                    let sounds = sounds.clone();
                    fetch_response(sound.file(), move |response| {
                        let Ok(Ok(bytes)) = response.map(|r| r.array_buffer()) else {
                            return;
                        };
                        then(bytes, move |bytes| {
                            if let Ok(bytes) = bytes
                                .and_then(|b| b.dyn_into().map_err(|_| "not bytes".to_string()))
                            {
                                sounds.borrow_mut().fetched[sound as usize] = Some(bytes);
                                decode(&sounds);
                            }
                        });
                    });
                }
            },
            SOUND_DELAY_MS,
        );
    }

    /// Starts audio; call it from a user gesture.
    pub fn unlock(&mut self) {
        let mut sounds = self.sounds.borrow_mut();
        if sounds.context.is_none() {
            sounds.context = web_sys::AudioContext::new().ok();
        }
        if let Some(context) = &sounds.context {
            let _ = context.resume();
        }
        drop(sounds);
        decode(&self.sounds);
    }

    /// Plays `sound` if audio is unlocked and its file has arrived.
    pub fn play(&mut self, sound: Sound) {
        let sounds = self.sounds.borrow();
        let (Some(context), Some(buffer)) = (&sounds.context, &sounds.decoded[sound as usize])
        else {
            return;
        };
        let _ = context.resume();
        if let Ok(source) = context.create_buffer_source() {
            source.set_buffer(Some(buffer));
            let _ = source.connect_with_audio_node(&context.destination());
            let _ = source.start();
        }
    }
}

/// How long a word beside a control stays, ms.
pub(super) const BESIDE_MS: f64 = 4000.0;

/// How long after the page starts its sounds are fetched, ms.
const SOUND_DELAY_MS: f64 = 1500.0;

/// Decodes the fetched files, once there is an audio context to decode them with.
fn decode(sounds: &std::rc::Rc<std::cell::RefCell<Sounds>>) {
    let mut shared = sounds.borrow_mut();
    let Some(context) = shared.context.clone() else {
        return;
    };
    for sound in Sound::ALL {
        let Some(bytes) = shared.fetched[sound as usize].take() else {
            continue;
        };
        let Ok(decoding) = context.decode_audio_data(&bytes) else {
            continue;
        };
        let sounds = sounds.clone();
        then(decoding, move |buffer| {
            if let Ok(Ok(buffer)) = buffer.map(|b| b.dyn_into::<web_sys::AudioBuffer>()) {
                sounds.borrow_mut().decoded[sound as usize] = Some(buffer);
            }
        });
    }
}
