//! A position: where the animals stand and who moves. Move generation, legality, copy-make play.

use super::animal::{Animal, Piece, Side};
use super::bitboard::{Bitboard, DEN, JUMPS, NEIGHBOURS, TRAPS, WATER};
use super::capture::{can_capture, capture_verdict};
use super::moves::{IllegalMove, Move, MoveList};
use super::ruleset::Ruleset;
use super::setup::{PositionError, Setup};
use super::square::{Square, SQUARE_COUNT};
use super::zobrist::{piece_key, WHITE_TO_MOVE_KEY};

/// Mailbox code of an empty square; a piece is `1 + side * 8 + animal`.
const EMPTY: u8 = 0;

const fn piece_code(p: Piece) -> u8 {
    1 + p.side as u8 * 8 + p.animal as u8
}

const fn decode(code: u8) -> Piece {
    let c = code - 1;
    let side = if c >= 8 { Side::White } else { Side::Black };
    Piece::new(side, Animal::ALL[(c & 7) as usize])
}

/// How a side has won: what the position tells (the den, the last animal, no move), or an
/// ending the game records after the last move (a resignation, a flag fall: `game::Ending`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum WinReason {
    /// An animal of the winner entered the loser's den.
    DenEntered,
    /// The winner captured the loser's last animal.
    AllCaptured,
    /// The loser is to move and has no legal move.
    NoLegalMove,
    /// The loser resigned.
    Resignation,
    /// The loser ran out of time on the play clock.
    Time,
}

impl WinReason {
    /// A stable machine name (`den`, `all-captured`, `no-moves`, `resignation`, `time`).
    pub const fn code(self) -> &'static str {
        match self {
            WinReason::DenEntered => "den",
            WinReason::AllCaptured => "all-captured",
            WinReason::NoLegalMove => "no-moves",
            WinReason::Resignation => "resignation",
            WinReason::Time => "time",
        }
    }

    /// Words for players.
    pub const fn describe(self) -> &'static str {
        match self {
            WinReason::DenEntered => "an animal entered the den",
            WinReason::AllCaptured => "every enemy animal was captured",
            WinReason::NoLegalMove => "the side to move has no legal move",
            WinReason::Resignation => "the other side resigned",
            WinReason::Time => "the other side ran out of time",
        }
    }
}

/// A Jungle position: the board, the side to move and the move counters.
///
/// Small and `Copy`: search plays a move by copying the position and changing the copy.
/// Built only through validation ([`Position::from_setup`], [`Position::from_fen`]).
#[derive(Clone, Copy)]
pub struct Position {
    board: [u8; 64],
    occupied: [Bitboard; 2],
    rats: Bitboard,
    side_to_move: Side,
    tiger_vertical_only: bool,
    plies_since_capture: u16,
    fullmove: u16,
    hash: u64,
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.board == other.board
            && self.side_to_move == other.side_to_move
            && self.tiger_vertical_only == other.tiger_vertical_only
            && self.plies_since_capture == other.plies_since_capture
            && self.fullmove == other.fullmove
    }
}

impl Eq for Position {}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start(&Ruleset::default())
    }
}

impl Position {
    /// The start position under `rules`.
    pub fn start(rules: &Ruleset) -> Position {
        // Not `expect`: it would format the error, whose Debug is 3 KB of the AI's module.
        Position::from_setup(&Setup::start(), rules)
            .unwrap_or_else(|_| panic!("the start position is valid"))
    }

    /// Parses and validates a position in docs/rules-jungle.md's FEN-like format.
    pub fn from_fen(fen: &str, rules: &Ruleset) -> Result<Position, PositionError> {
        Position::from_setup(&Setup::parse(fen)?, rules)
    }

    /// Validates a setup into a playable position (see [`Setup::validate`] for what is accepted).
    pub fn from_setup(setup: &Setup, rules: &Ruleset) -> Result<Position, PositionError> {
        setup.validate()?;
        let mut pos = Position {
            board: [EMPTY; 64],
            occupied: [Bitboard::EMPTY; 2],
            rats: Bitboard::EMPTY,
            side_to_move: setup.side_to_move,
            tiger_vertical_only: rules.tiger_vertical_only,
            plies_since_capture: setup.plies_since_capture,
            fullmove: setup.fullmove,
            hash: 0,
        };
        for sq in Square::all() {
            if let Some(p) = setup.board[sq.index()] {
                pos.put(p, sq);
            }
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The position as a setup (to edit, or to write as text).
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; SQUARE_COUNT];
        for sq in Square::all() {
            board[sq.index()] = self.piece_at(sq);
        }
        Setup {
            board,
            side_to_move: self.side_to_move,
            plies_since_capture: self.plies_since_capture,
            fullmove: self.fullmove,
        }
    }

    /// The position in docs/rules-jungle.md's FEN-like format.
    pub fn to_fen(&self) -> String {
        self.to_setup().to_string()
    }

    fn put(&mut self, p: Piece, sq: Square) {
        self.board[sq.index()] = piece_code(p);
        self.occupied[p.side.index()] |= Bitboard::from_square(sq);
        if p.animal == Animal::Rat {
            self.rats |= Bitboard::from_square(sq);
        }
    }

    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        match self.board[sq.index()] {
            EMPTY => None,
            code => Some(decode(code)),
        }
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    /// The squares held by `side`.
    #[inline(always)]
    pub fn occupied_by(&self, side: Side) -> Bitboard {
        self.occupied[side.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.occupied[0] | self.occupied[1]
    }

    /// The squares of both sides' rats.
    #[inline(always)]
    pub fn rats(&self) -> Bitboard {
        self.rats
    }

    /// The square of `side`'s `animal`, if it is on the board.
    pub fn square_of(&self, side: Side, animal: Animal) -> Option<Square> {
        let code = piece_code(Piece::new(side, animal));
        self.occupied_by(side)
            .find(|sq| self.board[sq.index()] == code)
    }

    /// Plies played since the last capture (the no-capture draw counter).
    pub fn plies_since_capture(&self) -> u16 {
        self.plies_since_capture
    }

    /// The move number: starts at 1 and goes up after White moves.
    pub fn fullmove(&self) -> u16 {
        self.fullmove
    }

    /// Whether the tiger may jump only vertically (the `tiger-vertical-only` variant).
    pub fn tiger_vertical_only(&self) -> bool {
        self.tiger_vertical_only
    }

    /// The Zobrist key of the board and the side to move (kept up to date by [`Position::play_unchecked`]).
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist key computed from scratch (to check the incremental one).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.occupied() {
            let p = decode(self.board[sq.index()]);
            h ^= piece_key(p.side, p.animal, sq);
        }
        if self.side_to_move == Side::White {
            h ^= WHITE_TO_MOVE_KEY;
        }
        h
    }

    /// The winner and how, when the position alone ends the game: a den entered, or the side to
    /// move without animals. (No legal move is found by [`Position::outcome`].)
    #[inline(always)]
    pub fn decided(&self) -> Option<(Side, WinReason)> {
        let us = self.side_to_move;
        let them = us.opponent();
        if self.occupied[them.index()].intersects(DEN[us.index()]) {
            Some((them, WinReason::DenEntered))
        } else if self.occupied[us.index()].is_empty() {
            Some((them, WinReason::AllCaptured))
        } else {
            None
        }
    }

    /// The winner and the reason when the game is over in this position (draw rules aside).
    pub fn outcome(&self) -> Option<(Side, WinReason)> {
        self.decided().or_else(|| {
            (self.count_legal_moves() == 0)
                .then_some((self.side_to_move.opponent(), WinReason::NoLegalMove))
        })
    }

    /// Visits every legal move, passing the captured animal if any.
    #[inline(always)]
    pub fn for_each_move(&self, mut visit: impl FnMut(Move, Option<Animal>)) {
        if self.decided().is_some() {
            return;
        }
        let us = self.side_to_move;
        let own = self.occupied[us.index()];
        let enemy = self.occupied[us.opponent().index()];
        let closed = own | DEN[us.index()];
        for from in own {
            let attacker = decode(self.board[from.index()]);
            let mut targets = NEIGHBOURS[from.index()] & !closed;
            if !attacker.animal.swims() {
                targets &= !WATER;
            }
            for to in targets & !enemy {
                visit(Move::new(from, to), None);
            }
            for to in targets & enemy {
                let defender = decode(self.board[to.index()]);
                if can_capture(attacker, from, defender, to) {
                    visit(Move::new(from, to), Some(defender.animal));
                }
            }
            if attacker.animal.jumps() {
                let vertical_only = attacker.animal == Animal::Tiger && self.tiger_vertical_only;
                for jump in JUMPS[from.index()].as_slice() {
                    if (vertical_only && !jump.vertical)
                        || jump.over.intersects(self.rats)
                        || own.contains(jump.to)
                    {
                        continue;
                    }
                    if enemy.contains(jump.to) {
                        let defender = decode(self.board[jump.to.index()]);
                        if can_capture(attacker, from, defender, jump.to) {
                            visit(Move::new(from, jump.to), Some(defender.animal));
                        }
                    } else {
                        visit(Move::new(from, jump.to), None);
                    }
                }
            }
        }
    }

    /// The legal moves, on the stack.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_move(|m, _| list.push(m));
        list
    }

    /// The legal captures only (for quiescence search).
    pub fn captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_move(|m, captured| {
            if captured.is_some() {
                list.push(m)
            }
        });
        list
    }

    /// The number of legal moves, counted without listing the quiet ones (bulk perft).
    #[inline]
    pub fn count_legal_moves(&self) -> usize {
        if self.decided().is_some() {
            return 0;
        }
        let us = self.side_to_move;
        let own = self.occupied[us.index()];
        let enemy = self.occupied[us.opponent().index()];
        let closed = own | DEN[us.index()];
        let mut count = 0;
        for from in own {
            let attacker = decode(self.board[from.index()]);
            let mut targets = NEIGHBOURS[from.index()] & !closed;
            if !attacker.animal.swims() {
                targets &= !WATER;
            }
            count += (targets & !enemy).count() as usize;
            for to in targets & enemy {
                let defender = decode(self.board[to.index()]);
                count += can_capture(attacker, from, defender, to) as usize;
            }
            if attacker.animal.jumps() {
                let vertical_only = attacker.animal == Animal::Tiger && self.tiger_vertical_only;
                for jump in JUMPS[from.index()].as_slice() {
                    if (vertical_only && !jump.vertical)
                        || jump.over.intersects(self.rats)
                        || own.contains(jump.to)
                    {
                        continue;
                    }
                    count += match self.piece_at(jump.to) {
                        Some(defender) => can_capture(attacker, from, defender, jump.to) as usize,
                        None => 1,
                    };
                }
            }
        }
        count
    }

    /// Checks a move against every rule; the error names the rule it breaks.
    pub fn check_move(&self, m: Move) -> Result<(), IllegalMove> {
        if self.decided().is_some() {
            return Err(IllegalMove::GameOver);
        }
        let us = self.side_to_move;
        let attacker = self.piece_at(m.from).ok_or(IllegalMove::NoAnimal(m.from))?;
        if attacker.side != us {
            return Err(IllegalMove::NotYourTurn { to_move: us });
        }
        let animal = attacker.animal;
        let is_step = NEIGHBOURS[m.from.index()].contains(m.to);
        let jump = JUMPS[m.from.index()]
            .as_slice()
            .iter()
            .find(|j| j.to == m.to)
            .filter(|_| animal.jumps());
        if !is_step && jump.is_none() {
            return Err(IllegalMove::NotAStep(animal));
        }
        if DEN[us.index()].contains(m.to) {
            return Err(IllegalMove::OwnDen);
        }
        if WATER.contains(m.to) && !animal.swims() {
            return Err(IllegalMove::NoSwimming(animal));
        }
        if let Some(jump) = jump {
            if animal == Animal::Tiger && self.tiger_vertical_only && !jump.vertical {
                return Err(IllegalMove::TigerJumpsVerticallyOnly);
            }
            if jump.over.intersects(self.rats) {
                return Err(IllegalMove::JumpBlocked);
            }
        }
        match self.piece_at(m.to) {
            Some(p) if p.side == us => Err(IllegalMove::OwnAnimal),
            Some(defender) => {
                capture_verdict(attacker, m.from, defender, m.to).map_err(IllegalMove::Capture)
            }
            None => Ok(()),
        }
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.check_move(m).is_ok()
    }

    /// The animal `m` would capture (assumes `m` is legal).
    pub fn captured_by(&self, m: Move) -> Option<Animal> {
        self.piece_at(m.to).map(|p| p.animal)
    }

    /// Plays `m` after checking it.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.check_move(m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// The position after `m`, which must be legal (the fast path for search and perft).
    #[inline(always)]
    pub fn after(&self, m: Move) -> Position {
        let mut next = *self;
        next.play_unchecked(m);
        next
    }

    /// Plays `m` without checking it; `m` must be legal here.
    #[inline(always)]
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.side_to_move;
        let them = us.opponent();
        let code = self.board[m.from.index()];
        let mover = decode(code);
        let from_bb = Bitboard::from_square(m.from);
        let to_bb = Bitboard::from_square(m.to);
        let target = self.board[m.to.index()];
        if target != EMPTY {
            let victim = decode(target);
            self.occupied[them.index()] ^= to_bb;
            if victim.animal == Animal::Rat {
                self.rats ^= to_bb;
            }
            self.hash ^= piece_key(them, victim.animal, m.to);
            self.plies_since_capture = 0;
        } else {
            self.plies_since_capture = self.plies_since_capture.saturating_add(1);
        }
        self.board[m.from.index()] = EMPTY;
        self.board[m.to.index()] = code;
        self.occupied[us.index()] ^= from_bb | to_bb;
        if mover.animal == Animal::Rat {
            self.rats ^= from_bb | to_bb;
        }
        self.hash ^= piece_key(us, mover.animal, m.from) ^ piece_key(us, mover.animal, m.to);
        self.hash ^= WHITE_TO_MOVE_KEY;
        if us == Side::White {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side_to_move = them;
    }

    /// The position with the board unchanged and the other side to move, counted as a quiet
    /// ply. Not a move of the game: search uses it for null-move pruning.
    #[inline(always)]
    pub fn passed(&self) -> Position {
        let mut next = *self;
        next.plies_since_capture = next.plies_since_capture.saturating_add(1);
        next.hash ^= WHITE_TO_MOVE_KEY;
        if next.side_to_move == Side::White {
            next.fullmove = next.fullmove.saturating_add(1);
        }
        next.side_to_move = next.side_to_move.opponent();
        next
    }

    /// Whether `sq` is one of `side`'s traps.
    pub fn is_trap_of(sq: Square, side: Side) -> bool {
        TRAPS[side.index()].contains(sq)
    }

    /// The position turned 180° with the colours swapped (the board is point-symmetric).
    pub fn mirrored(&self) -> Position {
        let mut pos = *self;
        pos.board = [EMPTY; 64];
        pos.occupied = [Bitboard::EMPTY; 2];
        pos.rats = Bitboard::EMPTY;
        for sq in self.occupied() {
            let p = decode(self.board[sq.index()]);
            pos.put(Piece::new(p.side.opponent(), p.animal), sq.rotated());
        }
        pos.side_to_move = self.side_to_move.opponent();
        pos.hash = pos.compute_hash();
        pos
    }

    /// Counts the leaf positions `depth` plies deep (docs/rules-jungle.md's perft; bulk-counted at the last ply).
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.count_legal_moves() as u64,
            _ => {
                let mut total = 0;
                self.for_each_move(|m, _| total += self.after(m).perft(depth - 1));
                total
            }
        }
    }
}
