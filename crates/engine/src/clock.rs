//! Time for the search, passed in: `std::time::Instant` panics on wasm32, so the engine core
//! never names it. The native CLI uses [`InstantClock`]; the browser worker supplies its own
//! clock over `performance.now()`.

/// Milliseconds since some fixed start (only differences matter).
pub trait Clock {
    /// The current time in milliseconds.
    fn now_ms(&self) -> f64;
}

/// A clock over `std::time::Instant` (native builds only).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub struct InstantClock {
    start: std::time::Instant,
}

#[cfg(not(target_arch = "wasm32"))]
impl InstantClock {
    /// A clock whose zero is now.
    pub fn new() -> InstantClock {
        InstantClock {
            start: std::time::Instant::now(),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for InstantClock {
    fn default() -> Self {
        InstantClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for InstantClock {
    fn now_ms(&self) -> f64 {
        self.start.elapsed().as_secs_f64() * 1000.0
    }
}

/// A clock that never advances: for searches limited by depth or nodes only, where results must
/// not depend on the machine's speed (matches, tests, bench signatures).
#[derive(Clone, Copy, Debug, Default)]
pub struct FrozenClock;

impl Clock for FrozenClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}
