//! The play clock, for any game: two countdowns, sudden death plus byoyomi (shogi's usual: the
//! main time, then every move within a fixed period) or main time plus a Fischer increment
//! (`docs/clocks.md`).
//!
//! Pure Rust, no browser types: every call takes the time now as a timestamp in milliseconds
//! (the page passes `performance.now()`; tests pass numbers), so it runs and is tested
//! natively. Only the side to move's time runs, and only while the clock is running: a new
//! game starts it, a pause (or a reload) stops it, a move passes it to the other side.

use super::game::Colour;
use common::texts::Text;
use serde::{Deserialize, Serialize};

/// How the clock counts once the main time is spent, or after each move.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClockKind {
    /// Every move within a fixed period (the byoyomi), reset each move.
    Byoyomi,
    /// A fixed time (the increment) added after each move.
    Fischer,
}

/// How much time the players get. (A plain struct rather than an enum with fields: serde's
/// reader for a tagged enum would add kilobytes to every page's module.)
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimeControl {
    /// Byoyomi or increment.
    pub kind: ClockKind,
    /// Each side's main time, ms.
    pub main_ms: f64,
    /// The byoyomi (each move's period once the main time is spent) or the increment (added
    /// to the mover's time after each of its moves), ms.
    pub extra_ms: f64,
}

/// The longest main time the dialog accepts, minutes.
pub const MAX_MINUTES: u32 = 180;
/// The longest byoyomi or increment the dialog accepts, seconds.
pub const MAX_SECONDS: u32 = 60;
/// Time a side keeps aside when the AI spends its own (the worker's answer, the page's work).
const AI_SAFETY_MS: f64 = 300.0;
/// The shortest think the AI is given.
const AI_MIN_MS: f64 = 50.0;
/// The AI plans for this many more moves on its main time.
const AI_MOVES_TO_GO: f64 = 30.0;
/// Below this much time left the clock shows tenths of a second (and the page warns once).
pub const LOW_TIME_MS: f64 = 10_000.0;

impl TimeControl {
    /// The time control of the new-game dialog's fields: `kind` (`off`, `byoyomi`,
    /// `fischer`), the main time in minutes and the byoyomi or increment in seconds, as typed.
    /// `Ok(None)`: no clock. The error is a catalogue key saying what is wrong.
    pub fn from_fields(kind: &str, minutes: &str, seconds: &str) -> Result<Option<Self>, Text> {
        if kind == "off" {
            return Ok(None);
        }
        let number = |text: &str, max: u32, key: &'static str| {
            text.trim()
                .parse::<u32>()
                .ok()
                .filter(|&n| n <= max)
                .ok_or_else(|| Text::new(key).with("max", max))
        };
        let minutes = number(minutes, MAX_MINUTES, "clock.error.minutes")?;
        let seconds = number(seconds, MAX_SECONDS, "clock.error.seconds")?;
        let main_ms = f64::from(minutes) * 60_000.0;
        let extra_ms = f64::from(seconds) * 1000.0;
        let kind = match kind {
            "byoyomi" if minutes == 0 && seconds == 0 => {
                return Err(Text::new("clock.error.noTime"))
            }
            "byoyomi" => ClockKind::Byoyomi,
            // With no main time, an increment alone would flag the first move at once.
            "fischer" if minutes == 0 => return Err(Text::new("clock.error.noMainTime")),
            "fischer" => ClockKind::Fischer,
            _ => return Err(Text::new("clock.error.kind")),
        };
        Ok(Some(TimeControl {
            kind,
            main_ms,
            extra_ms,
        }))
    }

    /// The dialog's fields for this control: kind, minutes, seconds.
    pub fn fields(self) -> (&'static str, u32, u32) {
        let kind = match self.kind {
            ClockKind::Byoyomi => "byoyomi",
            ClockKind::Fischer => "fischer",
        };
        (
            kind,
            (self.main_ms / 60_000.0) as u32,
            (self.extra_ms / 1000.0) as u32,
        )
    }

    /// The byoyomi, ms (`None` for an increment).
    pub fn byoyomi_ms(self) -> Option<f64> {
        (self.kind == ClockKind::Byoyomi).then_some(self.extra_ms)
    }

    /// Whether both its times are usable (a save may hold anything).
    pub fn is_valid(self) -> bool {
        let (main, extra) = (self.main_ms, self.extra_ms);
        let ok = |ms: f64, max: f64| ms.is_finite() && (0.0..=max).contains(&ms);
        ok(main, f64::from(MAX_MINUTES) * 60_000.0)
            && ok(extra, f64::from(MAX_SECONDS) * 1000.0)
            && main + extra > 0.0
    }
}

/// What one side's clock shows.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Reading {
    /// The main time left, ms (never below 0).
    pub main_ms: f64,
    /// In byoyomi: the period left for this move, ms (`None`: still on the main time, or a
    /// Fischer clock).
    pub byoyomi_ms: Option<f64>,
    /// This side's time runs now.
    pub running: bool,
}

impl Reading {
    /// The time that counts down now (the byoyomi once in it).
    pub fn shown_ms(&self) -> f64 {
        self.byoyomi_ms.unwrap_or(self.main_ms)
    }
}

/// Two players' clocks in a game.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Clock {
    /// The time control.
    pub control: TimeControl,
    /// Each side's main time left (Black's first) at the start of the side to move's move, ms.
    remaining: [f64; 2],
    /// Whose time runs (or would, when paused).
    turn: Colour,
    /// Time the side to move spent on this move before the current run, ms.
    spent_ms: f64,
    /// When the current run started (`None`: paused). Never saved: a reload pauses.
    #[serde(skip)]
    since: Option<f64>,
    /// The times at each ply of the game (index = plies played), to bring back by undo and
    /// redo.
    history: Vec<[f64; 2]>,
}

impl Clock {
    /// A clock for a game starting with `turn` to move, paused.
    pub fn new(control: TimeControl, turn: Colour) -> Clock {
        let main = control.main_ms;
        Clock {
            control,
            remaining: [main, main],
            turn,
            spent_ms: 0.0,
            since: None,
            history: vec![[main, main]],
        }
    }

    /// Whether the time runs.
    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    /// Whose time runs (or would).
    pub fn turn(&self) -> Colour {
        self.turn
    }

    /// Starts (or resumes) the side to move's time at `now`.
    pub fn start(&mut self, now: f64) {
        if self.since.is_none() {
            self.since = Some(now);
        }
    }

    /// Stops the time at `now`, keeping what the side to move has spent on this move.
    pub fn pause(&mut self, now: f64) {
        if let Some(since) = self.since.take() {
            self.spent_ms += (now - since).max(0.0);
        }
    }

    /// The time the side to move has spent on this move at `now`, ms (what a move made now is
    /// charged: the record's time of that move).
    pub fn spent(&self, now: f64) -> f64 {
        self.spent_at(now)
    }

    /// The time the side to move has spent on this move at `now`.
    fn spent_at(&self, now: f64) -> f64 {
        self.spent_ms + self.since.map_or(0.0, |since| (now - since).max(0.0))
    }

    /// All the time the side to move has for this move: its main time and its byoyomi.
    fn allowance(&self) -> f64 {
        self.remaining[self.turn.index()] + self.control.byoyomi_ms().unwrap_or(0.0)
    }

    /// What `side`'s clock shows at `now`.
    pub fn reading(&self, side: Colour, now: f64) -> Reading {
        let main = self.remaining[side.index()];
        let spent = if side == self.turn {
            self.spent_at(now)
        } else {
            0.0
        };
        let main_left = (main - spent).max(0.0);
        let byoyomi_ms = match self.control.byoyomi_ms() {
            Some(byoyomi) if main_left <= 0.0 => {
                Some((byoyomi - (spent - main)).clamp(0.0, byoyomi))
            }
            _ => None,
        };
        Reading {
            main_ms: main_left,
            byoyomi_ms,
            running: side == self.turn && self.is_running(),
        }
    }

    /// The side whose time is up at `now`, if any (only the side to move's can run out).
    pub fn flagged(&self, now: f64) -> Option<Colour> {
        (self.spent_at(now) >= self.allowance()).then_some(self.turn)
    }

    /// The side to move moved at `now`: its time is charged (byoyomi resets, the increment is
    /// added) and the other side's starts if the clock runs. `plies` is the number of moves
    /// played after it. A move made after the time ran out is refused (`false`): the caller
    /// ends the game on time instead.
    pub fn moved(&mut self, now: f64, plies: usize) -> bool {
        if self.flagged(now).is_some() {
            return false;
        }
        let spent = self.spent_at(now);
        let side = self.turn.index();
        self.remaining[side] = match self.control.kind {
            ClockKind::Byoyomi => (self.remaining[side] - spent).max(0.0),
            ClockKind::Fischer => self.remaining[side] - spent + self.control.extra_ms,
        };
        self.turn = self.turn.opponent();
        self.spent_ms = 0.0;
        if self.since.is_some() {
            self.since = Some(now);
        }
        self.history.truncate(plies);
        self.history.push(self.remaining);
        true
    }

    /// The game went back or forward to `plies` moves played (undo, redo) with `turn` to move:
    /// the times saved at that ply come back (paused, as they were then), if the clock knew it.
    pub fn go_to(&mut self, plies: usize, turn: Colour, now: f64) {
        let running = self.is_running();
        if let Some(&times) = self.history.get(plies) {
            self.remaining = times;
        }
        self.turn = turn;
        self.spent_ms = 0.0;
        self.since = running.then_some(now);
    }

    /// How long the side to move (the AI) may think at `now`: a share of its main time plus
    /// most of its increment or byoyomi, never all it has left.
    pub fn think_budget(&self, now: f64) -> f64 {
        let main = (self.remaining[self.turn.index()] - self.spent_at(now)).max(0.0);
        let total_left = self.allowance() - self.spent_at(now);
        let wish = match self.control.kind {
            ClockKind::Byoyomi if main <= 0.0 => 0.8 * total_left,
            ClockKind::Byoyomi | ClockKind::Fischer => {
                main / AI_MOVES_TO_GO + 0.8 * self.control.extra_ms
            }
        };
        wish.min(total_left - AI_SAFETY_MS).max(AI_MIN_MS)
    }

    /// Whether the saved fields are usable (a save may hold anything): the control valid,
    /// the times finite and not negative.
    pub fn is_valid(&self) -> bool {
        let time = |ms: f64| ms.is_finite() && ms >= 0.0;
        self.control.is_valid()
            && self.remaining.iter().all(|&ms| time(ms))
            && time(self.spent_ms)
            && !self.history.is_empty()
            && self.history.iter().flatten().all(|&ms| time(ms))
    }
}

/// The clock's time as shown: `m:ss` (`h:mm:ss` from an hour), and `s.t` below ten seconds.
pub fn format_ms(ms: f64) -> String {
    let ms = ms.max(0.0);
    if ms < LOW_TIME_MS {
        // Tenths, rounded down: 0.0 only once the time is really gone.
        let tenths = (ms / 100.0).floor() as u64;
        return format!("{}.{}", tenths / 10, tenths % 10);
    }
    // Whole seconds, rounded up: a clock shows 0:10 until 10 s are spent, never 0:09 early.
    let seconds = (ms / 1000.0).ceil() as u64;
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}
