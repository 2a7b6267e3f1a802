//! The legal moves of a position, the end of the game where a variant ends it by a rule of its
//! own (a royal piece captured, a check, a try), and perft.

use crate::moves::Move;
use crate::pieces::Mode;
use crate::position::Position;
use crate::rules::{face_of, is_of, row_col, side_of, Compiled, Side, EMPTY, WALL};
use crate::variant::{Promotion, Royalty, Special};

/// The most moves a position of the family may have (chu shogi's would fit).
pub const MAX_MOVES: usize = 1024;

impl Position {
    /// Whether the game is over by a rule that ends it at once: the side to move has lost its
    /// royal pieces, or is in check where the first check wins, or a royal piece stands safe
    /// on its last rank where that wins (dobutsu's try).
    pub fn is_over(&self) -> bool {
        let variant = self.variant();
        let us = self.side;
        match variant.royalty {
            Royalty::Capture | Royalty::LastRoyal => {
                if self.royal_squares(us).next().is_none() {
                    return true;
                }
            }
            Royalty::King => {}
        }
        match variant.special {
            Special::CheckWins => self.in_check(),
            // Either side's royal piece on its last rank and not attacked there: a lion that
            // has just arrived safely, or one that the other side left standing.
            Special::Try => {
                self.royal_safe_on_far_rank(Side::Sente) || self.royal_safe_on_far_rank(Side::Gote)
            }
            _ => false,
        }
    }

    /// Whether a royal piece of `side` stands on its far rank and is not attacked there
    /// (dobutsu's try).
    pub fn royal_safe_on_far_rank(&self, side: Side) -> bool {
        let far_row = if side == Side::Sente {
            0
        } else {
            self.variant().ranks as usize - 1
        };
        self.royal_squares(side)
            .any(|square| row_col(square).0 == far_row && !self.attacked(square, side.other()))
    }

    /// Every legal move of the side to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        self.moves_ignoring_the_end()
    }

    /// Every move the pieces allow that keeps the mover's royal pieces as the variant wants
    /// them, whether or not the game is already over (a drop's mate is judged so: a check
    /// that wins at once in check shogi is still no mate).
    fn moves_ignoring_the_end(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(128);
        self.each_legal_move(|m| moves.push(m));
        moves
    }

    /// Calls `found` with every legal move, the game's end aside. Most moves are judged without
    /// playing them: where the king is not in check and no piece hops (a new screen could open
    /// an attack) or borrows moves, a drop, or a move of a piece that is on no line through the
    /// king, cannot leave it attacked.
    fn each_legal_move(&self, mut found: impl FnMut(Move)) {
        let rules = self.rules;
        let variant = rules.variant;
        let us = self.side;
        let king = self.king(us);
        let plain = variant.royalty == Royalty::King
            && variant.special != Special::Annan
            && rules.hop_probes[us.other().index()].is_empty()
            && !self.attacked(king, us.other());
        // Sho shogi: a side with two royal pieces may leave either attacked.
        let unbound = variant.royalty == Royalty::LastRoyal && self.royal_squares(us).count() == 2;
        let (king_row, king_col) = row_col(king.max(crate::rules::square_at(0, 0)));
        self.pseudo_moves(&mut |m| {
            let drop_mate_rule = m.is_drop() && variant.no_drop_mate == Some(m.face);
            let safe = !drop_mate_rule
                && (unbound
                    || (plain
                        && (m.is_drop() || {
                            let from = m.from as usize;
                            let (row, col) = row_col(from);
                            let (dr, dc) = (
                                row as isize - king_row as isize,
                                col as isize - king_col as isize,
                            );
                            from != king && dr != 0 && dc != 0 && dr.abs() != dc.abs()
                        })));
            if safe || self.is_legal(m) {
                found(m);
            }
        });
    }

    /// The number of leaves `depth` plies down (a position where the game is over has none).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 || self.is_over() {
            return u64::from(depth == 0);
        }
        if depth == 1 {
            let mut count = 0;
            self.each_legal_move(|_| count += 1);
            return count;
        }
        let mut total = 0;
        self.each_legal_move(|m| total += self.after(m).perft(depth - 1));
        total
    }

    /// Whether pseudo-legal `m` leaves the mover's royal pieces as the variant wants them.
    fn is_legal(&self, m: Move) -> bool {
        let variant = self.variant();
        let us = self.side;
        let drop_mate_rule = m.is_drop() && variant.no_drop_mate == Some(m.face);
        if variant.royalty == Royalty::Capture && !drop_mate_rule {
            return true;
        }
        let next = self.after(m);
        match variant.royalty {
            Royalty::King => {
                let king = next.king(us);
                if king == 0 || next.attacked(king, us.other()) {
                    return false;
                }
            }
            Royalty::Capture => {}
            Royalty::LastRoyal => {
                // A capture of the other side's last royal piece wins, whatever it leaves.
                let captured_last = next.royal_squares(us.other()).next().is_none();
                let mut royals = next.royal_squares(us);
                if let (Some(only), None, false) = (royals.next(), royals.next(), captured_last) {
                    if next.attacked(only, us.other()) {
                        return false;
                    }
                }
            }
        }
        // A drop of the piece that may not mate, right in front of the other king, that leaves
        // it no move.
        if drop_mate_rule {
            let king = self.king(us.other());
            if king != 0
                && m.to as isize + self.rules.forward[us.index()] == king as isize
                && next.moves_ignoring_the_end().is_empty()
            {
                return false;
            }
        }
        true
    }

    /// Calls `add` with every move of the side to move that its pieces allow, before the
    /// royal pieces' safety is checked.
    fn pseudo_moves(&self, add: &mut impl FnMut(Move)) {
        let rules = self.rules;
        let us = self.side;
        for &from in &rules.squares {
            let cell = self.cells[from];
            if !is_of(cell, us) {
                continue;
            }
            let face = face_of(cell);
            for &atom in &rules.moves[us.index()][self.moving_face(from) as usize] {
                match atom {
                    Compiled::Step(offset, mode) => {
                        let to = (from as isize + offset) as usize;
                        let target = self.cells[to];
                        if target == EMPTY {
                            if mode != Mode::Capture {
                                self.board_move(from, to, face, false, add);
                            }
                        } else if target != WALL && side_of(target) != us && mode != Mode::Move {
                            self.board_move(from, to, face, true, add);
                        }
                    }
                    Compiled::Slide(offset, max, mode) => {
                        let mut to = from as isize + offset;
                        let mut distance = 1;
                        loop {
                            let target = self.cells[to as usize];
                            if target == EMPTY {
                                if mode != Mode::Capture {
                                    self.board_move(from, to as usize, face, false, add);
                                }
                            } else {
                                if target != WALL && side_of(target) != us && mode != Mode::Move {
                                    self.board_move(from, to as usize, face, true, add);
                                }
                                break;
                            }
                            if distance == max {
                                break;
                            }
                            to += offset;
                            distance += 1;
                        }
                    }
                    Compiled::Hop(offset, max, mode) => {
                        let mut to = from as isize + offset;
                        let mut distance = 1;
                        let mut screened = false;
                        loop {
                            if max != 0 && distance > max {
                                break;
                            }
                            let target = self.cells[to as usize];
                            if target == WALL {
                                break;
                            }
                            if target == EMPTY {
                                if screened && mode == Mode::Any {
                                    self.board_move(from, to as usize, face, false, add);
                                }
                            } else if screened {
                                if side_of(target) != us && mode != Mode::Move {
                                    self.board_move(from, to as usize, face, true, add);
                                }
                                break;
                            } else {
                                screened = true;
                            }
                            to += offset;
                            distance += 1;
                        }
                    }
                }
            }
        }
        if self.variant().drops {
            self.drops(add);
        }
    }

    /// Adds a board move of a piece of `face` with its promotion choices.
    fn board_move(
        &self,
        from: usize,
        to: usize,
        face: u8,
        capture: bool,
        add: &mut impl FnMut(Move),
    ) {
        let rules = self.rules;
        let variant = rules.variant;
        let us = self.side.index();
        let promotes_to = variant.faces[face as usize].promotes_to;
        let plain_ok = !(variant.immobility_illegal && rules.immobile[us][face as usize][to]);
        match (variant.promotion, promotes_to) {
            (_, None) => {
                if plain_ok {
                    add(Move::step(from, to, face, face));
                }
            }
            (Promotion::Optional, Some(promoted)) => {
                if rules.zone[us][from] || rules.zone[us][to] {
                    add(Move::step(from, to, face, promoted));
                }
                if plain_ok {
                    add(Move::step(from, to, face, face));
                }
            }
            (Promotion::Forced, Some(promoted)) => {
                if rules.zone[us][from] || rules.zone[us][to] {
                    add(Move::step(from, to, face, promoted));
                } else if plain_ok {
                    add(Move::step(from, to, face, face));
                }
            }
            (Promotion::Flip, Some(other)) => add(Move::step(from, to, face, other)),
            (Promotion::FlipOnCapture, Some(other)) => add(Move::step(
                from,
                to,
                face,
                if capture { other } else { face },
            )),
        }
    }

    /// Adds every drop of the side to move.
    fn drops(&self, add: &mut impl FnMut(Move)) {
        let rules = self.rules;
        let variant = rules.variant;
        let us = self.side;
        let hand = &self.hands[us.index()];
        for (base, &count) in hand.iter().enumerate().take(variant.faces.len()) {
            if count == 0 || variant.faces[base].royal {
                continue;
            }
            let base = base as u8;
            let faces = [
                Some(base),
                variant.faces[base as usize]
                    .promotes_to
                    .filter(|_| variant.drop_either_face),
            ];
            // The files that already hold as many of a piece that may not be doubled as allowed.
            let mut full_files = [false; 16];
            if let Some((limited, most)) = variant.no_doubled.filter(|&(f, _)| f == base) {
                let mut counts = [0u8; 16];
                for &square in &rules.squares {
                    if self.cells[square] == crate::rules::cell_of(us, limited) {
                        counts[row_col(square).1] += 1;
                    }
                }
                for col in 0..16 {
                    full_files[col] = counts[col] >= most;
                }
            }
            for &to in &rules.squares {
                if self.cells[to] != EMPTY || full_files[row_col(to).1] {
                    continue;
                }
                for face in faces.into_iter().flatten() {
                    if variant.immobility_illegal && rules.immobile[us.index()][face as usize][to] {
                        continue;
                    }
                    add(Move::drop(base, to, face));
                }
            }
        }
    }
}
