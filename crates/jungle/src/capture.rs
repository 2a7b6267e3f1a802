//! The capture rules, in the order docs/rules-jungle.md gives them: the first rule that applies decides.

use super::animal::{Animal, Piece};
use super::bitboard::{TRAPS, WATER};
use super::moves::CaptureError;
use super::square::Square;

/// Whether `attacker` moving from `from` may capture `defender` on `to`.
///
/// The squares must hold those pieces and be one move apart; the sides must differ.
#[inline(always)]
pub fn capture_verdict(
    attacker: Piece,
    from: Square,
    defender: Piece,
    to: Square,
) -> Result<(), CaptureError> {
    // 1. The defender is caught in one of the attacker's side's traps: anything takes it.
    if TRAPS[attacker.side.index()].contains(to) {
        return Ok(());
    }
    // 2. Water: a capture involving the water happens only between two swimmers.
    match (WATER.contains(from), WATER.contains(to)) {
        (true, true) => return Ok(()),
        (true, false) => return Err(CaptureError::FromWaterToLand),
        (false, true) => return Err(CaptureError::FromLandIntoWater),
        (false, false) => {}
    }
    // 3. An attacker standing in an enemy trap has rank 0 and captures nothing.
    if TRAPS[defender.side.index()].contains(from) {
        return Err(CaptureError::AttackerTrapped(attacker.animal));
    }
    // 4. The rat takes the elephant; the elephant never takes the rat.
    match (attacker.animal, defender.animal) {
        (Animal::Rat, Animal::Elephant) => Ok(()),
        (Animal::Elephant, Animal::Rat) => Err(CaptureError::ElephantCannotTakeRat),
        // 5. Otherwise rank decides; equal ranks take each other.
        (a, d) if a.rank() >= d.rank() => Ok(()),
        (a, d) => Err(CaptureError::Outranked {
            attacker: a,
            defender: d,
        }),
    }
}

/// [`capture_verdict`] as a yes/no, for move generation.
#[inline(always)]
pub fn can_capture(attacker: Piece, from: Square, defender: Piece, to: Square) -> bool {
    capture_verdict(attacker, from, defender, to).is_ok()
}
