//! A validated position: the board as bitboards and squares, both hands, the side to move, the
//! incremental hash and the pieces giving check; legal move generation, checked and unchecked
//! play, and perft.
//!
//! Move generation is fully legal: the king never steps onto an attacked square, pinned pieces
//! stay on their line, a check is answered by a king move, a capture of the checker or (for a
//! single sliding check) an interposition, and drops obey the three prohibitions (dead squares,
//! nifu, uchifuzume). It does not allocate: moves go into a [`MoveList`] on the stack.

use super::bitboard::{
    attacks, between, bishop_attacks, bishop_rays, lance_attacks, lance_ray, ray_through,
    rook_attacks, rook_rays, Bitboard, EMPTY, GOLD_ATTACKS, KING_ATTACKS, KNIGHT_ATTACKS,
    LAST_RANK, LAST_TWO_RANKS, PAWN_ATTACKS, SILVER_ATTACKS, ZONES,
};
use super::moves::{IllegalMove, Move, MoveList};
use super::piece::{Hand, Piece, PieceKind, Side, KIND_COUNT};
use super::setup::{PositionError, Setup, START_SFEN};
use super::square::{Square, SQUARE_COUNT};
use super::zobrist;
use std::fmt;

mod tactics;
pub use tactics::CheckInfo;

/// A legal position (see [`Setup::validate`]), ready for play and search. `Copy`: the search
/// copies it to make a move.
#[derive(Clone, Copy)]
pub struct Position {
    board: [Option<Piece>; SQUARE_COUNT],
    by_side: [Bitboard; 2],
    by_kind: [Bitboard; KIND_COUNT],
    hands: [Hand; 2],
    side: Side,
    move_number: u32,
    hash: u64,
    checkers: Bitboard,
}

impl PartialEq for Position {
    /// Same board, hands, side to move and move number.
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.hands == other.hands
            && self.side == other.side
            && self.move_number == other.move_number
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_sfen())
    }
}

/// Why an impasse declaration is not valid now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ImpasseError {
    /// The ruleset has no impasse declaration (`impasse=off`).
    Off,
    /// The declaring side has no king in the opponent's zone.
    KingNotInZone,
    /// The declaring side is in check.
    InCheck,
    /// Fewer than 10 other pieces in the opponent's zone (how many there are).
    TooFewPieces(u32),
    /// Too few points (the points, and how many are needed).
    TooFewPoints {
        /// The side's points: pieces in the zone and in hand.
        points: u32,
        /// What it needs: 28 for sente, 27 for gote.
        needed: u32,
    },
}

impl fmt::Display for ImpasseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImpasseError::Off => f.write_str("these rules have no impasse declaration"),
            ImpasseError::KingNotInZone => {
                f.write_str("to declare, your king must stand in the opponent's zone")
            }
            ImpasseError::InCheck => f.write_str("you cannot declare while in check"),
            ImpasseError::TooFewPieces(n) => write!(
                f,
                "to declare, 10 of your other pieces must stand in the opponent's zone; you have {n}"
            ),
            ImpasseError::TooFewPoints { points, needed } => write!(
                f,
                "to declare, you need {needed} points in the zone and in hand; you have {points}"
            ),
        }
    }
}

impl std::error::Error for ImpasseError {}

impl Position {
    /// The start position.
    pub fn start() -> Position {
        Position::from_sfen(START_SFEN).expect("the start position is legal")
    }

    /// The position of a setup, after checking it ([`Setup::validate`]).
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        setup.validate()?;
        let mut pos = Position {
            board: [None; SQUARE_COUNT],
            by_side: [EMPTY; 2],
            by_kind: [EMPTY; KIND_COUNT],
            hands: setup.hands,
            side: setup.side_to_move,
            move_number: setup.move_number,
            hash: 0,
            checkers: EMPTY,
        };
        for sq in Square::all() {
            if let Some(piece) = setup.board[sq.index()] {
                pos.put(piece, sq);
            }
        }
        pos.hash = pos.hash_from_scratch();
        pos.checkers = pos.compute_checkers();
        Ok(pos)
    }

    /// The position written in SFEN (or `startpos`).
    pub fn from_sfen(text: &str) -> Result<Position, PositionError> {
        Position::from_setup(&Setup::parse(text)?)
    }

    /// The position as a setup (to edit or write).
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            hands: self.hands,
            side_to_move: self.side,
            move_number: self.move_number,
        }
    }

    /// The canonical SFEN.
    pub fn to_sfen(&self) -> String {
        self.to_setup().to_sfen()
    }

    fn put(&mut self, piece: Piece, sq: Square) {
        self.board[sq.index()] = Some(piece);
        self.by_side[piece.side.index()].insert(sq);
        self.by_kind[piece.kind.index()].insert(sq);
    }

    /// The hash computed from nothing (the incremental one must always equal it).
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = 0;
        for sq in Square::all() {
            if let Some(p) = self.board[sq.index()] {
                hash ^= zobrist::piece_key(p.side, p.kind, sq);
            }
        }
        for side in Side::ALL {
            for (kind, count) in self.hands[side.index()].pieces() {
                hash ^= zobrist::hand_key(side, kind, count);
            }
        }
        if self.side == Side::White {
            hash ^= zobrist::WHITE_TO_MOVE_KEY;
        }
        hash
    }

    fn compute_checkers(&self) -> Bitboard {
        match self.king(self.side) {
            Some(king) => self.attackers_to(self.side.opponent(), king, self.occupied()),
            None => EMPTY,
        }
    }

    /// The piece on `sq`.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Who moves next.
    #[inline(always)]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// `side`'s hand.
    #[inline(always)]
    pub fn hand(&self, side: Side) -> Hand {
        self.hands[side.index()]
    }

    /// The move number: plies from 1, as SFEN counts them.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The hash of board, hands and side to move (not the move number): equal positions in
    /// the sense of sennichite have equal hashes.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether board, hands and side to move are the same (the move number aside): the same
    /// position in the sense of sennichite.
    pub fn same_arrangement(&self, other: &Position) -> bool {
        self.hash == other.hash
            && self.board == other.board
            && self.hands == other.hands
            && self.side == other.side
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_side[0] | self.by_side[1]
    }

    /// `side`'s pieces.
    #[inline(always)]
    pub fn pieces(&self, side: Side) -> Bitboard {
        self.by_side[side.index()]
    }

    /// The squares of every piece of `kind`, both sides.
    #[inline(always)]
    pub fn pieces_of_kind(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// `side`'s pieces of `kind`.
    #[inline(always)]
    pub fn pieces_of(&self, side: Side, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_side[side.index()]
    }

    /// `side`'s king, if it has one (tsume positions give the attacker none).
    #[inline(always)]
    pub fn king(&self, side: Side) -> Option<Square> {
        self.pieces_of(side, PieceKind::King).first()
    }

    /// The pieces checking the side to move's king.
    #[inline(always)]
    pub fn checkers(&self) -> Bitboard {
        self.checkers
    }

    /// Whether the side to move is in check.
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        self.checkers.any()
    }

    /// The pieces moving like a gold (gold, tokin and the promoted lance, knight and silver).
    #[inline(always)]
    fn golds(&self) -> Bitboard {
        self.by_kind[PieceKind::Gold.index()]
            | self.by_kind[PieceKind::Tokin.index()]
            | self.by_kind[PieceKind::ProLance.index()]
            | self.by_kind[PieceKind::ProKnight.index()]
            | self.by_kind[PieceKind::ProSilver.index()]
    }

    /// `side`'s pieces attacking `sq`, with `occupied` blocking the sliders.
    pub fn attackers_to(&self, side: Side, sq: Square, occupied: Bitboard) -> Bitboard {
        let them = side.opponent().index();
        let i = sq.index();
        let k = &self.by_kind;
        let ours = self.by_side[side.index()];
        let kings =
            k[PieceKind::King.index()] | k[PieceKind::Horse.index()] | k[PieceKind::Dragon.index()];
        // A piece of `side` on X attacks sq exactly when the same piece of the other side on
        // sq would attack X (the move sets are point-symmetric between the sides).
        let mut found = (PAWN_ATTACKS[them][i] & k[PieceKind::Pawn.index()])
            | (KNIGHT_ATTACKS[them][i] & k[PieceKind::Knight.index()])
            | (SILVER_ATTACKS[them][i] & k[PieceKind::Silver.index()])
            | (GOLD_ATTACKS[them][i] & self.golds())
            | (KING_ATTACKS[i] & kings);
        // Sliders only when one stands on a line through sq (most of the time none does).
        let rooks = (k[PieceKind::Rook.index()] | k[PieceKind::Dragon.index()]) & ours;
        if (rook_rays(sq) & rooks).any() {
            found |= rook_attacks(sq, occupied) & rooks;
        }
        let bishops = (k[PieceKind::Bishop.index()] | k[PieceKind::Horse.index()]) & ours;
        if (bishop_rays(sq) & bishops).any() {
            found |= bishop_attacks(sq, occupied) & bishops;
        }
        let lances = k[PieceKind::Lance.index()] & ours;
        if (lance_ray(side.opponent(), sq) & lances).any() {
            found |= lance_attacks(side.opponent(), sq, occupied) & lances;
        }
        found & ours
    }

    /// Whether any piece of `side` attacks `sq`, with `occupied` blocking the sliders.
    #[inline]
    pub fn is_attacked_by(&self, side: Side, sq: Square, occupied: Bitboard) -> bool {
        let them = side.opponent().index();
        let i = sq.index();
        let k = &self.by_kind;
        let ours = self.by_side[side.index()];
        let steppers = (PAWN_ATTACKS[them][i] & k[PieceKind::Pawn.index()])
            | (KNIGHT_ATTACKS[them][i] & k[PieceKind::Knight.index()])
            | (SILVER_ATTACKS[them][i] & k[PieceKind::Silver.index()])
            | (GOLD_ATTACKS[them][i] & self.golds())
            | (KING_ATTACKS[i]
                & (k[PieceKind::King.index()]
                    | k[PieceKind::Horse.index()]
                    | k[PieceKind::Dragon.index()]));
        if (steppers & ours).any() {
            return true;
        }
        let rooks = (k[PieceKind::Rook.index()] | k[PieceKind::Dragon.index()]) & ours;
        if (rook_rays(sq) & rooks).any() && (rook_attacks(sq, occupied) & rooks).any() {
            return true;
        }
        let bishops = (k[PieceKind::Bishop.index()] | k[PieceKind::Horse.index()]) & ours;
        if (bishop_rays(sq) & bishops).any() && (bishop_attacks(sq, occupied) & bishops).any() {
            return true;
        }
        let lances = k[PieceKind::Lance.index()] & ours;
        (lance_ray(side.opponent(), sq) & lances).any()
            && (lance_attacks(side.opponent(), sq, occupied) & lances).any()
    }

    /// `side`'s pieces pinned to its king (on `king`) by the other side's sliders, with
    /// `occupied` as the board's occupancy.
    #[inline]
    fn pinned(&self, side: Side, king: Square, occupied: Bitboard) -> Bitboard {
        self.line_blockers(side, king, occupied) & self.by_side[side.index()]
    }

    /// The pieces (of either side) standing alone between `owner`'s king on `king` and an enemy
    /// slider aiming at it: `owner`'s are pinned, the enemy's would give a discovered check by
    /// stepping off the line.
    pub fn line_blockers(&self, owner: Side, king: Square, occupied: Bitboard) -> Bitboard {
        let them = owner.opponent();
        let k = &self.by_kind;
        let snipers = ((rook_rays(king)
            & (k[PieceKind::Rook.index()] | k[PieceKind::Dragon.index()]))
            | (bishop_rays(king) & (k[PieceKind::Bishop.index()] | k[PieceKind::Horse.index()]))
            | (lance_ray(owner, king) & k[PieceKind::Lance.index()]))
            & self.by_side[them.index()];
        let mut blockers = EMPTY;
        for sniper in snipers {
            let between = between(king, sniper) & occupied;
            if between.any() && !between.more_than_one() {
                blockers |= between;
            }
        }
        blockers
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list
    }

    /// Appends every legal move to `list`.
    pub fn generate_legal(&self, list: &mut MoveList) {
        self.generate_legal_to(list, !EMPTY, true);
    }

    /// Appends the legal board moves whose destination is in `destinations`, and the legal
    /// drops too when `drops` (the one generator behind every legal list: all moves, captures).
    #[inline(always)]
    fn generate_legal_to(&self, list: &mut MoveList, destinations: Bitboard, drops: bool) {
        let us = self.side;
        let them = us.opponent();
        let occupied = self.occupied();
        let ours = self.by_side[us.index()];
        let king = self.king(us);
        let (target, drop_target, pinned) = match king {
            Some(king) => {
                let without_king = occupied ^ Bitboard::from_square(king);
                for to in KING_ATTACKS[king.index()] & !ours & destinations {
                    if !self.is_attacked_by(them, to, without_king) {
                        list.push(Move::board(king, to, false));
                    }
                }
                if self.checkers.more_than_one() {
                    return;
                }
                let pinned = self.pinned(us, king, occupied);
                match self.checkers.first() {
                    Some(checker) => {
                        let block = between(king, checker);
                        ((block | self.checkers) & destinations, block, pinned)
                    }
                    None => (!ours & destinations, !occupied, pinned),
                }
            }
            None => (!ours & destinations, !occupied, EMPTY),
        };

        let pinned_line = |from: Square| match king {
            Some(king) if pinned.contains(from) => ray_through(king, from),
            _ => !EMPTY,
        };
        let k = &self.by_kind;
        let i = us.index();

        // Pawns in bulk: each steps one rank forward (sente toward rank a, the lower index;
        // a pawn never stands on its last rank, so the shift stays within its file).
        let pawns = k[PieceKind::Pawn.index()] & ours;
        let free_pawns = pawns & !pinned;
        let pawn_targets = free_pawns.forward(us) & target;
        let back = match us {
            Side::Black => 1i8,
            Side::White => -1i8,
        };
        let zone = ZONES[i];
        let last = LAST_RANK[i];
        for to in pawn_targets & zone & !last {
            let from = Square::from_index_unchecked((to.index() as i8 + back) as u8);
            list.push(Move::board(from, to, true));
            list.push(Move::board(from, to, false));
        }
        for to in pawn_targets & last {
            let from = Square::from_index_unchecked((to.index() as i8 + back) as u8);
            list.push(Move::board(from, to, true));
        }
        for to in pawn_targets & !zone {
            let from = Square::from_index_unchecked((to.index() as i8 + back) as u8);
            list.push(Move::board(from, to, false));
        }
        for from in pawns & pinned {
            let dests = PAWN_ATTACKS[i][from.index()] & target & pinned_line(from);
            push_promotable(list, us, PieceKind::Pawn, from, dests);
        }
        for from in k[PieceKind::Lance.index()] & ours {
            let dests = lance_attacks(us, from, occupied) & target & pinned_line(from);
            push_promotable(list, us, PieceKind::Lance, from, dests);
        }
        for from in k[PieceKind::Knight.index()] & ours {
            // A pinned knight can never stay on its line.
            if pinned.contains(from) {
                continue;
            }
            let dests = KNIGHT_ATTACKS[i][from.index()] & target;
            push_promotable(list, us, PieceKind::Knight, from, dests);
        }
        for from in k[PieceKind::Silver.index()] & ours {
            let dests = SILVER_ATTACKS[i][from.index()] & target & pinned_line(from);
            push_promotable(list, us, PieceKind::Silver, from, dests);
        }
        for from in self.golds() & ours {
            for to in GOLD_ATTACKS[i][from.index()] & target & pinned_line(from) {
                list.push(Move::board(from, to, false));
            }
        }
        for from in k[PieceKind::Bishop.index()] & ours {
            let dests = bishop_attacks(from, occupied) & target & pinned_line(from);
            push_promotable(list, us, PieceKind::Bishop, from, dests);
        }
        for from in k[PieceKind::Rook.index()] & ours {
            let dests = rook_attacks(from, occupied) & target & pinned_line(from);
            push_promotable(list, us, PieceKind::Rook, from, dests);
        }
        for from in k[PieceKind::Horse.index()] & ours {
            let reach = bishop_attacks(from, occupied) | KING_ATTACKS[from.index()];
            for to in reach & target & pinned_line(from) {
                list.push(Move::board(from, to, false));
            }
        }
        for from in k[PieceKind::Dragon.index()] & ours {
            let reach = rook_attacks(from, occupied) | KING_ATTACKS[from.index()];
            for to in reach & target & pinned_line(from) {
                list.push(Move::board(from, to, false));
            }
        }
        if drops {
            self.generate_drops(list, drop_target);
        }
    }

    fn generate_drops(&self, list: &mut MoveList, targets: Bitboard) {
        let us = self.side;
        let hand = self.hands[us.index()];
        if hand.is_empty() || targets.is_empty() {
            return;
        }
        let i = us.index();
        let not_last = !LAST_RANK[i];
        let not_last_two = !LAST_TWO_RANKS[i];
        for kind in PieceKind::HAND {
            if hand.count(kind) == 0 {
                continue;
            }
            let squares = match kind {
                PieceKind::Pawn => {
                    let mut squares =
                        targets & not_last & !self.pieces_of(us, PieceKind::Pawn).fill_files();
                    if let Some(mate_square) = self.pawn_check_square() {
                        if squares.contains(mate_square) && self.pawn_drop_mates(mate_square) {
                            squares.remove(mate_square);
                        }
                    }
                    squares
                }
                PieceKind::Lance => targets & not_last,
                PieceKind::Knight => targets & not_last_two,
                _ => targets,
            };
            for to in squares {
                list.push(Move::drop(kind, to));
            }
        }
    }

    /// The square where a pawn of the side to move would check the enemy king, if any.
    #[inline]
    fn pawn_check_square(&self) -> Option<Square> {
        let them = self.side.opponent();
        let king = self.king(them)?;
        // Our pawn on X attacks the king when their pawn on the king's square attacks X.
        PAWN_ATTACKS[them.index()][king.index()].first()
    }

    /// Whether a pawn dropped on `to` (the square in front of the enemy king, empty) mates.
    fn pawn_drop_mates(&self, to: Square) -> bool {
        let us = self.side;
        let them = us.opponent();
        let Some(king) = self.king(them) else {
            return false;
        };
        let occupied = self.occupied() | Bitboard::from_square(to);
        // Can a piece other than the king take the pawn without exposing its king?
        let pinned = self.pinned(them, king, occupied);
        let capturers = self.attackers_to(them, to, occupied) & !Bitboard::from_square(king);
        for capturer in capturers {
            if !pinned.contains(capturer) || ray_through(king, capturer).contains(to) {
                return false;
            }
        }
        // Can the king step anywhere safe (taking the pawn included)? Our pawn on `to` only
        // attacks the king's square, so the other attacks are the position's own.
        let without_king = occupied ^ Bitboard::from_square(king);
        let escapes = KING_ATTACKS[king.index()] & !self.by_side[them.index()];
        for escape in escapes {
            if !self.is_attacked_by(us, escape, without_king) {
                return false;
            }
        }
        true
    }

    /// The number of legal moves (for perft's last ply).
    pub fn legal_move_count(&self) -> usize {
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        list.len()
    }

    /// The number of leaves of the legal-move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut list = MoveList::new();
        self.generate_legal(&mut list);
        if depth == 1 {
            return list.len() as u64;
        }
        list.iter().map(|&m| self.after(m).perft(depth - 1)).sum()
    }

    /// Checks `m` against the rules; the error names the first one broken. Independent of the
    /// move generator (the tests hold the two against each other).
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        let us = self.side;
        let to = m.to();
        if let Some(kind) = m.dropped() {
            if self.hand(us).count(kind) == 0 {
                return Err(IllegalMove::NotInHand(kind));
            }
            if self.board[to.index()].is_some() {
                return Err(IllegalMove::DropOnPiece(to));
            }
            if must_promote(kind, us, to) {
                return Err(IllegalMove::DeadDrop { kind, to });
            }
            if kind == PieceKind::Pawn
                && (self.pieces_of(us, PieceKind::Pawn).fill_files()).contains(to)
            {
                return Err(IllegalMove::Nifu(to.file_number()));
            }
            if self.after(m).king_attacked(us) {
                return Err(IllegalMove::KingInCheck);
            }
            if kind == PieceKind::Pawn {
                let after = self.after(m);
                if after.in_check() && after.legal_move_count() == 0 {
                    return Err(IllegalMove::PawnDropMate);
                }
            }
            return Ok(());
        }
        let from = m.from().expect("a board move has an origin");
        let piece = self.board[from.index()].ok_or(IllegalMove::NoPiece(from))?;
        if piece.side != us {
            return Err(IllegalMove::NotYourPiece {
                square: from,
                to_move: us,
            });
        }
        if self.board[to.index()].is_some_and(|p| p.side == us) {
            return Err(IllegalMove::OwnPiece(to));
        }
        let kind = piece.kind;
        if !attacks(us, kind, from, self.occupied()).contains(to) {
            return Err(IllegalMove::CannotReach { kind, from, to });
        }
        if m.promotes() {
            if !kind.can_promote() {
                return Err(IllegalMove::CannotPromote(kind));
            }
            if !from.in_zone(us) && !to.in_zone(us) {
                return Err(IllegalMove::OutsideZone { kind });
            }
        } else if must_promote(kind, us, to) {
            return Err(IllegalMove::MustPromote { kind, to });
        }
        if self.after(m).king_attacked(us) {
            return Err(IllegalMove::KingInCheck);
        }
        Ok(())
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_move(m).is_ok()
    }

    /// Whether `side`'s king is attacked (false for a side without a king).
    fn king_attacked(&self, side: Side) -> bool {
        self.king(side)
            .is_some_and(|k| self.is_attacked_by(side.opponent(), k, self.occupied()))
    }

    /// The position after `m`, which the caller knows to be legal (from [`Position::legal_moves`]
    /// or [`Position::check_move`]); an illegal move gives a position that breaks the rules.
    #[inline]
    pub fn after(&self, m: Move) -> Position {
        let mut next = *self;
        next.play_unchecked(m);
        next
    }

    /// The position with the other side to move and nothing moved: a search's null move, not a
    /// shogi move (the caller makes sure the side to move is not in check).
    pub fn passed(&self) -> Position {
        let mut next = *self;
        next.side = self.side.opponent();
        next.move_number = next.move_number.saturating_add(1);
        next.hash ^= zobrist::WHITE_TO_MOVE_KEY;
        next.checkers = next.compute_checkers();
        next
    }

    /// Plays `m` in place without checking it (see [`Position::after`]).
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.side;
        let them = us.opponent();
        let to = m.to();
        let to_bit = Bitboard::from_square(to);
        if let Some(kind) = m.dropped() {
            let hand = &mut self.hands[us.index()];
            let count = hand.count(kind);
            hand.remove(kind);
            self.hash ^=
                zobrist::hand_key(us, kind, count) ^ zobrist::hand_key(us, kind, count - 1);
            self.board[to.index()] = Some(Piece::new(us, kind));
            self.by_side[us.index()] |= to_bit;
            self.by_kind[kind.index()] |= to_bit;
            self.hash ^= zobrist::piece_key(us, kind, to);
        } else {
            let from = m.from().expect("a board move has an origin");
            let from_bit = Bitboard::from_square(from);
            let kind = match self.board[from.index()] {
                Some(piece) => piece.kind,
                None => return,
            };
            if let Some(captured) = self.board[to.index()] {
                self.by_side[them.index()] ^= to_bit;
                self.by_kind[captured.kind.index()] ^= to_bit;
                self.hash ^= zobrist::piece_key(them, captured.kind, to);
                let taken = captured.kind.unpromoted();
                let hand = &mut self.hands[us.index()];
                let count = hand.count(taken);
                hand.add(taken);
                self.hash ^=
                    zobrist::hand_key(us, taken, count) ^ zobrist::hand_key(us, taken, count + 1);
            }
            let landed = if m.promotes() { kind.promoted() } else { kind };
            self.board[from.index()] = None;
            self.board[to.index()] = Some(Piece::new(us, landed));
            self.by_side[us.index()] ^= from_bit | to_bit;
            self.by_kind[kind.index()] ^= from_bit;
            self.by_kind[landed.index()] ^= to_bit;
            self.hash ^= zobrist::piece_key(us, kind, from) ^ zobrist::piece_key(us, landed, to);
        }
        self.side = them;
        self.move_number = self.move_number.saturating_add(1);
        self.hash ^= zobrist::WHITE_TO_MOVE_KEY;
        self.checkers = self.compute_checkers();
    }

    /// Whether `m` (legal here) gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.side;
        let Some(king) = self.king(us.opponent()) else {
            return false;
        };
        let to = m.to();
        let occupied = self.occupied() | Bitboard::from_square(to);
        match (m.from(), m.dropped()) {
            (None, Some(kind)) => attacks(us, kind, to, occupied).contains(king),
            (Some(from), _) => {
                let occupied = occupied ^ Bitboard::from_square(from);
                let kind = self.board[from.index()].map_or(PieceKind::King, |p| p.kind);
                let landed = if m.promotes() { kind.promoted() } else { kind };
                if attacks(us, landed, to, occupied).contains(king) {
                    return true;
                }
                // A discovered check: `from` blocked one of our sliders' lines to the king and
                // the move leaves that line.
                let line = ray_through(king, from);
                line.any()
                    && !line.contains(to)
                    && (self.slider_attackers_through(us, king, occupied) & line).any()
            }
            (None, None) => false,
        }
    }

    /// `side`'s sliders attacking `king`'s square with `occupied` as the board: rooks and
    /// dragons on its ranks and files, bishops and horses on its diagonals, lances in front.
    fn slider_attackers_through(&self, side: Side, king: Square, occupied: Bitboard) -> Bitboard {
        let k = &self.by_kind;
        let ours = self.by_side[side.index()];
        let rooks = (k[PieceKind::Rook.index()] | k[PieceKind::Dragon.index()]) & ours;
        let bishops = (k[PieceKind::Bishop.index()] | k[PieceKind::Horse.index()]) & ours;
        let lances = k[PieceKind::Lance.index()] & ours;
        (rook_attacks(king, occupied) & rooks)
            | (bishop_attacks(king, occupied) & bishops)
            | (lance_attacks(side.opponent(), king, occupied) & lances)
    }

    /// Whether the side to move is checkmated (in check with no legal move).
    pub fn is_checkmate(&self) -> bool {
        self.in_check() && self.legal_move_count() == 0
    }

    /// The side to move's points for an impasse declaration (its pieces in the opponent's zone,
    /// the king excepted, and its hand: 5 for rook, bishop, dragon, horse, 1 for the rest), and
    /// how many such pieces stand in the zone.
    pub fn impasse_count(&self) -> (u32, u32) {
        let us = self.side;
        let zone = ZONES[us.index()];
        let mut points = 0;
        let mut pieces = 0;
        for sq in self.by_side[us.index()] & zone {
            let kind = self.board[sq.index()].map_or(PieceKind::King, |p| p.kind);
            if kind != PieceKind::King {
                points += kind.impasse_points();
                pieces += 1;
            }
        }
        for (kind, count) in self.hands[us.index()].pieces() {
            points += kind.impasse_points() * count as u32;
        }
        (points, pieces)
    }

    /// Whether the side to move may declare an impasse win now (the 27-point rule, docs/rules-shogi.md);
    /// `Ok` holds its points. The ruleset's switch is the game's to check.
    pub fn impasse_declaration(&self) -> Result<u32, ImpasseError> {
        let us = self.side;
        let king = self.king(us).ok_or(ImpasseError::KingNotInZone)?;
        if !king.in_zone(us) {
            return Err(ImpasseError::KingNotInZone);
        }
        if self.in_check() {
            return Err(ImpasseError::InCheck);
        }
        let (points, pieces) = self.impasse_count();
        if pieces < 10 {
            return Err(ImpasseError::TooFewPieces(pieces));
        }
        let needed = match us {
            Side::Black => 28,
            Side::White => 27,
        };
        if points < needed {
            return Err(ImpasseError::TooFewPoints { points, needed });
        }
        Ok(points)
    }
}

/// Whether a piece of `kind` moving or dropped to `to` could never move again unpromoted.
#[inline(always)]
pub(crate) fn must_promote(kind: PieceKind, side: Side, to: Square) -> bool {
    match kind {
        PieceKind::Pawn | PieceKind::Lance => to.rank_for(side) == 0,
        PieceKind::Knight => to.rank_for(side) < 2,
        _ => false,
    }
}

/// Pushes the board moves of a promotable `kind` from `from` to each of `dests`: promoting
/// where it may (a move starting or ending in the zone), unpromoted unless it must promote.
#[inline(always)]
fn push_promotable(
    list: &mut MoveList,
    side: Side,
    kind: PieceKind,
    from: Square,
    dests: Bitboard,
) {
    let i = side.index();
    let zone = ZONES[i];
    let (promoting, plain) = if zone.contains(from) {
        (dests, EMPTY)
    } else {
        (dests & zone, dests & !zone)
    };
    let forced = match kind {
        PieceKind::Pawn | PieceKind::Lance => LAST_RANK[i],
        PieceKind::Knight => LAST_TWO_RANKS[i],
        _ => EMPTY,
    };
    for to in promoting {
        list.push(Move::board(from, to, true));
        if !forced.contains(to) {
            list.push(Move::board(from, to, false));
        }
    }
    for to in plain {
        list.push(Move::board(from, to, false));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_of_the_start_to_depth_3() {
        let pos = Position::start();
        assert_eq!(pos.perft(1), 30);
        assert_eq!(pos.perft(2), 900);
        assert_eq!(pos.perft(3), 25_470);
    }

    #[test]
    fn the_mating_pawn_drop_is_not_a_move() {
        let pos = Position::from_sfen("7lk/9/8S/9/9/9/9/7L1/8K b P 1").unwrap();
        let moves = pos.legal_moves();
        assert_eq!(moves.len(), 85);
        let mate = Move::parse_usi("P*1b").unwrap();
        assert!(!moves.contains(mate));
        assert_eq!(pos.check_move(mate), Err(IllegalMove::PawnDropMate));
    }
}
