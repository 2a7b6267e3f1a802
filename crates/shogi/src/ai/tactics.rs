//! The search's quick tactics: mate in one, looked for at every full-width node, so it must
//! cost little — checks are generated as checks (not filtered from every move), and each is
//! tested with [`Position::has_legal_move`], which stops at the first escape; and mate in
//! three, built on it, where the search has plies enough left to pay for it.

use crate::piece::KIND_COUNT;
use crate::{Bitboard, Move, MoveList, PieceKind, Position, Square};

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

/// A check that mates within three plies, if the side to move has one: every answer to it
/// leaves a mate in one (an answer that checks back is counted as an escape).
pub fn mate_in_three(pos: &Position) -> Option<Move> {
    if pos.in_check() {
        return None;
    }
    let mut checks = MoveList::new();
    pos.generate_checks(&mut checks);
    let mut answers = MoveList::new();
    checks.iter().copied().find(|&m| {
        let after = pos.after(m);
        answers.clear();
        after.generate_legal(&mut answers);
        every_answer_mated_next(&after, &answers)
    })
}

/// The shortest mate of at most three plies the side to move has, as its first move and its
/// length (1 or 3): [`mate_in_one`] and [`mate_in_three`] from one pass over the checks.
pub fn mate_within_three(pos: &Position) -> Option<(Move, i32)> {
    if pos.in_check() {
        return None;
    }
    let mut checks = MoveList::new();
    pos.generate_checks(&mut checks);
    let mut in_three = None;
    let mut answers = MoveList::new();
    for &m in checks.iter() {
        let after = pos.after(m);
        if in_three.is_some() {
            // Only a mate in one can still be shorter.
            if !after.has_legal_move() {
                return Some((m, 1));
            }
            continue;
        }
        answers.clear();
        after.generate_legal(&mut answers);
        if answers.is_empty() {
            return Some((m, 1));
        }
        if every_answer_mated_next(&after, &answers) {
            in_three = Some((m, 3));
        }
    }
    in_three
}

/// Whether each of `answers`, the legal answers to a check at `after`, leaves a mate in one
/// (an answer that checks back does not: [`mate_in_one`] finds none in check). The legal
/// generator lists king moves first: the likeliest escapes end the test soonest.
fn every_answer_mated_next(after: &Position, answers: &MoveList) -> bool {
    answers
        .iter()
        .all(|&answer| mate_in_one(&after.after(answer)).is_some())
}

/// The static exchange evaluation of `m`: what the side to move wins (negative: loses) on the
/// destination square if both sides then capture there with their least valuable piece while
/// it pays, given the worth of each kind as a capture (`worth[kind]`: what taking it brings).
/// Pins and promotions during the exchange are ignored (an estimate for ordering and pruning:
/// the search decides). A drop starts the exchange with nothing taken.
pub fn static_exchange(pos: &Position, m: Move, worth: &[i32; KIND_COUNT]) -> i32 {
    let to = m.to();
    let us = pos.side_to_move();
    let mut occupied = pos.occupied();
    let (first_gain, mut on_square) = match m.from() {
        Some(from) => {
            let Some(piece) = pos.piece_at(from) else {
                return 0;
            };
            occupied.remove(from);
            let landed = if m.promotes() {
                piece.kind.promoted()
            } else {
                piece.kind
            };
            let taken = pos.piece_at(to).map_or(0, |p| worth[p.kind.index()]);
            (taken, landed)
        }
        None => match m.dropped() {
            Some(kind) => (0, kind),
            None => return 0,
        },
    };
    occupied.insert(to);
    // gains[d]: what the side capturing at depth d has won so far if the exchange stops there.
    let mut gains = [0i32; 40];
    gains[0] = first_gain;
    let mut depth = 0;
    let mut side = us.opponent();
    loop {
        let attackers = pos.attackers_to(side, to, occupied) & occupied;
        let Some((from, kind)) = least_valuable(pos, attackers, worth) else {
            break;
        };
        if kind == PieceKind::King
            && (pos.attackers_to(side.opponent(), to, occupied) & occupied).any()
        {
            // The king may not take a defended piece.
            break;
        }
        depth += 1;
        if depth >= gains.len() {
            break;
        }
        gains[depth] = worth[on_square.index()] - gains[depth - 1];
        occupied.remove(from);
        on_square = kind;
        side = side.opponent();
    }
    // Each side stops capturing where going on would lose.
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    gains[0]
}

/// The cheapest of `attackers` by capture worth, with its kind.
fn least_valuable(
    pos: &Position,
    attackers: Bitboard,
    worth: &[i32; KIND_COUNT],
) -> Option<(Square, PieceKind)> {
    let mut best: Option<(Square, PieceKind)> = None;
    for sq in attackers {
        let kind = pos.piece_at(sq).map_or(PieceKind::King, |p| p.kind);
        let value = if kind == PieceKind::King {
            i32::MAX
        } else {
            worth[kind.index()]
        };
        if best.is_none_or(|(_, b)| {
            let current = if b == PieceKind::King {
                i32::MAX
            } else {
                worth[b.index()]
            };
            value < current
        }) {
            best = Some((sq, kind));
        }
    }
    best
}
