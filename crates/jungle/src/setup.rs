//! A position as written (FEN-like text ⇄ [`Setup`]) and its validation into a playable one.
//!
//! Format (docs/rules-jungle.md): the ranks from 9 down to 1 separated by `/`, each listing files `a`→`g`
//! with piece letters (uppercase Black, lowercase White) and digits for runs of empty squares;
//! then the side to move (`b`/`w`), the plies since the last capture, and the move number.
//!
//! A **legal setup** (what [`Setup::validate`] accepts) may have fewer animals than the start, so
//! tutorials and puzzles can show a few animals alone. It must hold:
//! - at most one of each animal per side;
//! - no animal other than a rat in the water, and no animal in its own den;
//! - at least one animal for the side that is not to move, and no animal of the side to move in
//!   the enemy den (either would mean the game ended before that side's turn);
//! - not both sides without animals; a side to move without animals is a finished game and is
//!   accepted (it has lost).
//! - a move number of 1 or more (as in the text form).

use super::animal::{Animal, Piece, Side};
use super::bitboard::{DEN, WATER};
use super::moves::truncate;
use super::square::{Square, FILES, RANKS, SQUARE_COUNT};
use std::fmt;

/// The start position's text.
pub const START_FEN: &str = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0 1";

/// A position as written, not yet checked against the rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Setup {
    /// The piece on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; SQUARE_COUNT],
    /// Who moves next.
    pub side_to_move: Side,
    /// Plies since the last capture.
    pub plies_since_capture: u16,
    /// The move number, from 1.
    pub fullmove: u16,
}

/// Why text is not a valid position. The message names the problem.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionError {
    /// The text does not have the four space-separated fields.
    Fields(usize),
    /// The board does not have nine ranks.
    RankCount(usize),
    /// A rank does not have seven files (rank number, files found).
    FileCount(u8, usize),
    /// A character that is neither a piece letter nor a digit 1–7.
    BadBoardChar(char),
    /// The side field is not `b` or `w`.
    BadSide(String),
    /// The plies-since-capture field is not a number.
    BadClock(String),
    /// The move-number field is not a number from 1.
    BadMoveNumber(String),
    /// A side has the same animal twice.
    Duplicate(Side, Animal),
    /// An animal that cannot swim stands in the water.
    InWater(Piece, Square),
    /// An animal stands in its own den.
    InOwnDen(Piece),
    /// Neither side has any animal.
    EmptyBoard,
    /// The side not to move has no animals, so the game ended before this turn.
    NoAnimals(Side),
    /// The side to move already stands in the enemy den, so the game ended before this turn.
    DenAlreadyEntered(Side),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Fields(n) => write!(
                f,
                "a position has 4 fields (board, side, plies since capture, move number), found {n}"
            ),
            PositionError::RankCount(n) => write!(f, "the board has 9 ranks separated by '/', found {n}"),
            PositionError::FileCount(rank, n) => {
                let files = if *n == 1 { "file" } else { "files" };
                write!(f, "rank {rank} has {n} {files}, not 7")
            }
            PositionError::BadBoardChar(c) => write!(
                f,
                "'{c}' is not an animal letter (R C D W P T L E, lowercase for White) or a digit 1–7"
            ),
            PositionError::BadSide(s) => write!(f, "bad side letter '{}': use b or w", truncate(s)),
            PositionError::BadClock(s) => write!(
                f,
                "'{}' is not a number of plies since the last capture",
                truncate(s)
            ),
            PositionError::BadMoveNumber(s) => {
                write!(f, "'{}' is not a move number (1 or more)", truncate(s))
            }
            PositionError::Duplicate(side, animal) => write!(f, "{side} has the {animal} twice"),
            PositionError::InWater(p, sq) => write!(
                f,
                "the {} stands in the water on {sq}: only rats swim",
                p.animal
            ),
            PositionError::InOwnDen(p) => {
                write!(f, "an animal stands in its own den ({}'s {})", p.side, p.animal)
            }
            PositionError::EmptyBoard => f.write_str("the board has no animals"),
            PositionError::NoAnimals(side) => write!(
                f,
                "{side} has no animals, so the game ended before {}'s turn",
                side.opponent()
            ),
            PositionError::DenAlreadyEntered(side) => write!(
                f,
                "{side} already stands in the enemy den, so the game ended before {side}'s turn"
            ),
        }
    }
}

impl std::error::Error for PositionError {}

impl Setup {
    /// The start position.
    pub fn start() -> Setup {
        Setup::parse(START_FEN).expect("the start position parses")
    }

    /// An empty board, Black to move.
    pub fn empty() -> Setup {
        Setup {
            board: [None; SQUARE_COUNT],
            side_to_move: Side::Black,
            plies_since_capture: 0,
            fullmove: 1,
        }
    }

    /// Parses the text form. Syntax only: see [`Setup::validate`] for the rules.
    pub fn parse(text: &str) -> Result<Setup, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() != 4 {
            return Err(PositionError::Fields(fields.len()));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != RANKS as usize {
            return Err(PositionError::RankCount(ranks.len()));
        }
        let mut setup = Setup::empty();
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = RANKS - 1 - i as u8;
            let mut file: usize = 0;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10).filter(|d| (1..=7).contains(d)) {
                    file += d as usize;
                } else if let Some(p) = Piece::from_letter(c) {
                    if file < FILES as usize {
                        let sq = Square::from_coords(file as i8, rank as i8)
                            .expect("file and rank are on the board");
                        setup.board[sq.index()] = Some(p);
                    }
                    file += 1;
                } else {
                    return Err(PositionError::BadBoardChar(c));
                }
            }
            if file != FILES as usize {
                return Err(PositionError::FileCount(rank + 1, file));
            }
        }
        setup.side_to_move = match fields[1] {
            "b" => Side::Black,
            "w" => Side::White,
            other => return Err(PositionError::BadSide(other.to_string())),
        };
        setup.plies_since_capture = fields[2]
            .parse()
            .map_err(|_| PositionError::BadClock(fields[2].to_string()))?;
        setup.fullmove = fields[3]
            .parse()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| PositionError::BadMoveNumber(fields[3].to_string()))?;
        Ok(setup)
    }

    /// Checks the setup against the rules of a legal setup (module docs).
    pub fn validate(&self) -> Result<(), PositionError> {
        // Text never gives 0 (parse refuses it), but a setup built in code can.
        if self.fullmove == 0 {
            return Err(PositionError::BadMoveNumber("0".to_string()));
        }
        let mut seen = [[false; 8]; 2];
        let mut any = [false; 2];
        for sq in Square::all() {
            let Some(p) = self.board[sq.index()] else {
                continue;
            };
            let slot = &mut seen[p.side.index()][p.animal.index()];
            if *slot {
                return Err(PositionError::Duplicate(p.side, p.animal));
            }
            *slot = true;
            any[p.side.index()] = true;
            if WATER.contains(sq) && !p.animal.swims() {
                return Err(PositionError::InWater(p, sq));
            }
            if DEN[p.side.index()].contains(sq) {
                return Err(PositionError::InOwnDen(p));
            }
        }
        let us = self.side_to_move;
        let them = us.opponent();
        if !any[0] && !any[1] {
            return Err(PositionError::EmptyBoard);
        }
        if !any[them.index()] {
            return Err(PositionError::NoAnimals(them));
        }
        let enemy_den = DEN[them.index()].first().expect("a den square");
        if matches!(self.board[enemy_den.index()], Some(p) if p.side == us) {
            return Err(PositionError::DenAlreadyEntered(us));
        }
        Ok(())
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..RANKS).rev() {
            let mut empty = 0;
            for file in 0..FILES {
                let sq = Square::from_coords(file as i8, rank as i8).expect("on the board");
                match self.board[sq.index()] {
                    Some(p) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", p.letter())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(
            f,
            " {} {} {}",
            self.side_to_move.letter(),
            self.plies_since_capture,
            self.fullmove
        )
    }
}
