//! What a search asks of a position besides its legal moves, answered without playing moves:
//! which moves give check ([`CheckInfo`], [`Position::generate_checks`]), the captures
//! ([`Position::generate_captures`]) and whether the side to move has any legal move at all
//! ([`Position::has_legal_move`]). Each is exact; the property tests hold them against the full
//! generator and against playing the moves.

use super::Position;
use crate::bitboard::{
    attacks, between, bishop_attacks, lance_attacks, ray_through, rook_attacks, Bitboard, EMPTY,
    GOLD_ATTACKS, KING_ATTACKS, KNIGHT_ATTACKS, LAST_RANK, LAST_TWO_RANKS, PAWN_ATTACKS,
    SILVER_ATTACKS, ZONES,
};
use crate::moves::{Move, MoveList};
use crate::piece::{PieceKind, KIND_COUNT};
use crate::square::Square;

/// Where the side to move gives check: for each kind, the squares from which a piece of that
/// kind attacks the enemy king, and the pieces whose leaving their line uncovers a slider's
/// check. Made once per position, it answers [`Position::gives_check_with`] for every move.
#[derive(Clone, Copy, Debug)]
pub struct CheckInfo {
    enemy_king: Option<Square>,
    squares: [Bitboard; KIND_COUNT],
    discoverers: Bitboard,
}

impl CheckInfo {
    /// The enemy king's square (`None` in a tsume setup without one: nothing gives check).
    #[inline(always)]
    pub fn enemy_king(&self) -> Option<Square> {
        self.enemy_king
    }

    /// The squares where a piece of `kind` of the side to move would attack the enemy king.
    #[inline(always)]
    pub fn check_squares(&self, kind: PieceKind) -> Bitboard {
        self.squares[kind.index()]
    }

    /// The side to move's pieces standing alone between one of its sliders and the enemy king.
    #[inline(always)]
    pub fn discoverers(&self) -> Bitboard {
        self.discoverers
    }
}

impl Position {
    /// The check squares and discoverers of the side to move (see [`CheckInfo`]).
    pub fn check_info(&self) -> CheckInfo {
        let us = self.side;
        let them = us.opponent();
        let Some(king) = self.king(them) else {
            return CheckInfo {
                enemy_king: None,
                squares: [EMPTY; KIND_COUNT],
                discoverers: EMPTY,
            };
        };
        let occupied = self.occupied();
        let (t, k) = (them.index(), king.index());
        // Our piece on X attacks the king when their piece of the same kind on the king's
        // square would attack X.
        let gold = GOLD_ATTACKS[t][k];
        let bishop = bishop_attacks(king, occupied);
        let rook = rook_attacks(king, occupied);
        let mut squares = [EMPTY; KIND_COUNT];
        squares[PieceKind::Pawn.index()] = PAWN_ATTACKS[t][k];
        squares[PieceKind::Lance.index()] = lance_attacks(them, king, occupied);
        squares[PieceKind::Knight.index()] = KNIGHT_ATTACKS[t][k];
        squares[PieceKind::Silver.index()] = SILVER_ATTACKS[t][k];
        squares[PieceKind::Gold.index()] = gold;
        squares[PieceKind::Bishop.index()] = bishop;
        squares[PieceKind::Rook.index()] = rook;
        squares[PieceKind::Tokin.index()] = gold;
        squares[PieceKind::ProLance.index()] = gold;
        squares[PieceKind::ProKnight.index()] = gold;
        squares[PieceKind::ProSilver.index()] = gold;
        squares[PieceKind::Horse.index()] = bishop | KING_ATTACKS[k];
        squares[PieceKind::Dragon.index()] = rook | KING_ATTACKS[k];
        CheckInfo {
            enemy_king: Some(king),
            squares,
            discoverers: self.line_blockers(them, king, occupied) & self.by_side[us.index()],
        }
    }

    /// Whether `m` (legal here) gives check, with the position's [`CheckInfo`]: the same answer
    /// as [`Position::gives_check`] at a fraction of the cost when many moves are asked.
    #[inline]
    pub fn gives_check_with(&self, m: Move, info: &CheckInfo) -> bool {
        let Some(king) = info.enemy_king else {
            return false;
        };
        let to = m.to();
        match m.from() {
            None => m
                .dropped()
                .is_some_and(|kind| info.squares[kind.index()].contains(to)),
            Some(from) => {
                let Some(piece) = self.board[from.index()] else {
                    return false;
                };
                let landed = if m.promotes() {
                    piece.kind.promoted()
                } else {
                    piece.kind
                };
                info.squares[landed.index()].contains(to)
                    || (info.discoverers.contains(from) && !ray_through(king, from).contains(to))
            }
        }
    }

    /// Appends the legal moves that give check to `list` (for mate search), generated as checks
    /// rather than filtered from every move.
    pub fn generate_checks(&self, list: &mut MoveList) {
        let info = self.check_info();
        let Some(enemy_king) = info.enemy_king else {
            return;
        };
        if self.in_check() {
            // Only evasions are legal: few moves, filtered.
            let mut all = MoveList::new();
            self.generate_legal(&mut all);
            for &m in all.iter() {
                if self.gives_check_with(m, &info) {
                    list.push(m);
                }
            }
            return;
        }
        let us = self.side;
        let them = us.opponent();
        let i = us.index();
        let occupied = self.occupied();
        let ours = self.by_side[i];
        let target = !ours;
        let own_king = self.king(us);
        let pinned = own_king.map_or(EMPTY, |k| self.pinned(us, k, occupied));
        for from in ours {
            let Some(piece) = self.board[from.index()] else {
                continue;
            };
            let kind = piece.kind;
            let off_line = if info.discoverers.contains(from) {
                !ray_through(enemy_king, from)
            } else {
                EMPTY
            };
            if kind == PieceKind::King {
                // A king gives check only by uncovering one.
                let without_king = occupied ^ Bitboard::from_square(from);
                for to in KING_ATTACKS[from.index()] & target & off_line {
                    if !self.is_attacked_by(them, to, without_king) {
                        list.push(Move::board(from, to, false));
                    }
                }
                continue;
            }
            let mut reach = attacks(us, kind, from, occupied) & target;
            if let Some(king) = own_king {
                if pinned.contains(from) {
                    reach &= ray_through(king, from);
                }
            }
            if reach.is_empty() {
                continue;
            }
            if kind.can_promote() {
                let promoting = if ZONES[i].contains(from) {
                    reach
                } else {
                    reach & ZONES[i]
                };
                let forced = match kind {
                    PieceKind::Pawn | PieceKind::Lance => LAST_RANK[i],
                    PieceKind::Knight => LAST_TWO_RANKS[i],
                    _ => EMPTY,
                };
                for to in promoting & (info.squares[kind.promoted().index()] | off_line) {
                    list.push(Move::board(from, to, true));
                }
                for to in reach & !forced & (info.squares[kind.index()] | off_line) {
                    list.push(Move::board(from, to, false));
                }
            } else {
                for to in reach & (info.squares[kind.index()] | off_line) {
                    list.push(Move::board(from, to, false));
                }
            }
        }
        let hand = self.hands[i];
        if hand.is_empty() {
            return;
        }
        let empty = !occupied;
        for kind in PieceKind::HAND {
            if hand.count(kind) == 0 {
                continue;
            }
            let mut squares = info.squares[kind.index()] & empty;
            match kind {
                PieceKind::Pawn => {
                    squares &= !LAST_RANK[i] & !self.pieces_of(us, PieceKind::Pawn).fill_files();
                    // The only checking pawn drop is in front of the king: illegal if it mates.
                    if let Some(to) = squares.first() {
                        if self.pawn_drop_mates(to) {
                            squares = EMPTY;
                        }
                    }
                }
                PieceKind::Lance => squares &= !LAST_RANK[i],
                PieceKind::Knight => squares &= !LAST_TWO_RANKS[i],
                _ => {}
            }
            for to in squares {
                list.push(Move::drop(kind, to));
            }
        }
    }

    /// Appends the legal moves that capture a piece (promoting and not) to `list`.
    pub fn generate_captures(&self, list: &mut MoveList) {
        self.generate_legal_to(list, self.by_side[self.side.opponent().index()], false);
    }

    /// Appends the legal moves of pieces on the board (every legal move but the drops).
    pub fn generate_board_moves(&self, list: &mut MoveList) {
        self.generate_legal_to(list, !EMPTY, false);
    }

    /// Whether the side to move has a legal move (checkmate and stalemate both lose). In check
    /// it looks for a king step, a capture of the checker, an interposition or a drop in
    /// between, and stops at the first; out of check it counts the moves.
    pub fn has_legal_move(&self) -> bool {
        let us = self.side;
        let them = us.opponent();
        let Some(king) = self.king(us) else {
            return self.legal_move_count() > 0;
        };
        let Some(checker) = self.checkers.first() else {
            return self.legal_move_count() > 0;
        };
        let occupied = self.occupied();
        let king_bit = Bitboard::from_square(king);
        let without_king = occupied ^ king_bit;
        for to in KING_ATTACKS[king.index()] & !self.by_side[us.index()] {
            if !self.is_attacked_by(them, to, without_king) {
                return true;
            }
        }
        if self.checkers.more_than_one() {
            return false;
        }
        let pinned = self.pinned(us, king, occupied);
        // Every piece moves where it attacks (promoting if it must), so a piece reaches a
        // square exactly when it attacks it; a pinned one only along its pin.
        let reaches = |sq: Square| {
            let movers = self.attackers_to(us, sq, occupied) & !king_bit;
            Iterator::any(&mut { movers }, |p| {
                !pinned.contains(p) || ray_through(king, p).contains(sq)
            })
        };
        if reaches(checker) {
            return true;
        }
        let block = between(king, checker);
        if block.is_empty() {
            return false;
        }
        if Iterator::any(&mut { block }, reaches) {
            return true;
        }
        let hand = self.hands[us.index()];
        let i = us.index();
        for kind in PieceKind::HAND {
            if hand.count(kind) == 0 {
                continue;
            }
            let squares = match kind {
                PieceKind::Pawn => {
                    let mut squares =
                        block & !LAST_RANK[i] & !self.pieces_of(us, PieceKind::Pawn).fill_files();
                    if let Some(front) = self.pawn_check_square() {
                        if squares.contains(front) && self.pawn_drop_mates(front) {
                            squares.remove(front);
                        }
                    }
                    squares
                }
                PieceKind::Lance => block & !LAST_RANK[i],
                PieceKind::Knight => block & !LAST_TWO_RANKS[i],
                _ => block,
            };
            if squares.any() {
                return true;
            }
        }
        false
    }
}
