//! The search's quick tactics: mate in one, looked for at every full-width node, so it must
//! cost little — checks are generated as checks (not filtered from every move), and each is
//! tested with [`Position::has_legal_move`], which stops at the first escape.

use crate::shogi::{Move, MoveList, Position};

/// A move that mates at once, if the side to move has one. A pawn drop never counts: one that
/// mates is illegal (uchifuzume), and the check generator leaves it out.
pub fn mate_in_one(pos: &Position) -> Option<Move> {
    if pos.in_check() {
        return None;
    }
    let mut checks = MoveList::new();
    pos.generate_checks(&mut checks);
    checks
        .iter()
        .copied()
        .find(|&m| !pos.after(m).has_legal_move())
}
