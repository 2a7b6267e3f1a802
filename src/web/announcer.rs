//! What screen readers are told, through a page's polite live region (`#announcer`). Messages
//! are queued: each stays in the region long enough to be read before the next replaces it, so
//! the player's own move is not overwritten by the AI's reply a moment later.

use super::browser::{self, El};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

/// The least time a message stays before the next one replaces it, ms.
const MIN_DWELL_MS: f64 = 800.0;
/// Added per character: a longer message takes longer to read out, ms.
const DWELL_PER_CHAR_MS: f64 = 10.0;
/// The most time a message holds back the next one, ms.
const MAX_DWELL_MS: f64 = 1500.0;
/// The most messages waiting; past it the oldest waiting ones are dropped (they are stale).
const MAX_WAITING: usize = 4;

struct State {
    region: El,
    waiting: VecDeque<String>,
    /// When the message shown now may be replaced (`browser::now_ms` time).
    free_at: f64,
    timer: Option<i32>,
}

/// A page's live region with its queue (cheap to clone: clones share the queue).
#[derive(Clone)]
pub struct Announcer {
    state: Rc<RefCell<State>>,
}

impl Announcer {
    /// The announcer speaking through `region` (an element with `aria-live`).
    pub fn new(region: El) -> Announcer {
        Announcer {
            state: Rc::new(RefCell::new(State {
                region,
                waiting: VecDeque::new(),
                free_at: 0.0,
                timer: None,
            })),
        }
    }

    /// Says `text` now if the region is free, else after what is waiting.
    pub fn say(&self, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        let mut state = self.state.borrow_mut();
        if state.waiting.back().map(String::as_str) == Some(text) {
            return;
        }
        state.waiting.push_back(text.to_string());
        while state.waiting.len() > MAX_WAITING {
            state.waiting.pop_front();
        }
        drop(state);
        self.flush();
    }

    /// Shows the next waiting message if the region is free, and sets a timer for the rest.
    fn flush(&self) {
        let mut state = self.state.borrow_mut();
        let now = browser::now_ms();
        if now >= state.free_at {
            if let Some(text) = state.waiting.pop_front() {
                state.region.set_text(&text);
                let dwell = (MIN_DWELL_MS + DWELL_PER_CHAR_MS * text.chars().count() as f64)
                    .min(MAX_DWELL_MS);
                state.free_at = now + dwell;
            }
        }
        if state.waiting.is_empty() || state.timer.is_some() {
            return;
        }
        let delay = state.free_at - now;
        let again = self.clone();
        state.timer = Some(browser::set_timeout(
            move || {
                again.state.borrow_mut().timer = None;
                again.flush();
            },
            delay.max(0.0),
        ));
    }
}
