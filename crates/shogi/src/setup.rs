//! A position as written (SFEN ⇄ [`Setup`]) and its validation into a playable one.
//!
//! SFEN, as the USI protocol defines it: the ranks from `a` to `i` separated by `/`, each
//! listing files 9 → 1 with piece letters (uppercase sente, lowercase gote; `+` before a
//! promoted piece) and digits for runs of empty squares; the side to move (`b`/`w`); the hands
//! (`-`, or counts and letters, sente's uppercase first, each side in the order R B G S N L P:
//! `RG4P2b2s3p`); the move number (plies, from 1). Readers accept a missing move number (1),
//! the word `startpos`, hand pieces in any order and a count of 1 written out; writers use the
//! canonical form.
//!
//! A **legal setup** (what [`Setup::validate`] accepts, `docs/shogi-rules.md`):
//! - at most one king per side and at least one on the board (tsume problems give the
//!   attacker none);
//! - no pawn or lance on its side's last rank and no knight on its last two (it could never
//!   move), and no two unpromoted pawns of one side on a file (nifu);
//! - no more pieces of a kind, board and hands together, than the set has (18 pawns; 4 lances,
//!   knights, silvers, golds; 2 bishops, rooks, kings);
//! - the side not to move is not in check (it would have left its king attacked);
//! - a move number of 1 or more.

use super::bitboard::{attacks, Bitboard};
use super::moves::truncate;
use super::piece::{Hand, Piece, PieceKind, Side, HAND_KIND_COUNT, KIND_COUNT};
use super::square::{Square, FILES, RANKS, SQUARE_COUNT};
use std::fmt;

/// The start position's SFEN.
pub const START_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// A position as written, not yet checked against the rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Setup {
    /// The piece on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; SQUARE_COUNT],
    /// Each side's hand, sente's first.
    pub hands: [Hand; 2],
    /// Who moves next.
    pub side_to_move: Side,
    /// The move number: plies from 1, as SFEN counts them.
    pub move_number: u32,
}

/// Why text is not a valid position; the message names the problem.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionError {
    /// The text does not have 3 or 4 space-separated fields.
    Fields(usize),
    /// The board does not have nine ranks.
    RankCount(usize),
    /// A rank (its letter) does not have nine squares (how many it has).
    FileCount(char, usize),
    /// A character that is neither a piece letter, `+` nor a digit 1–9.
    BadBoardChar(char),
    /// A `+` before something that cannot promote (the text).
    BadPromotion(String),
    /// The side field is not `b` or `w`.
    BadSide(String),
    /// The hand field cannot be read.
    BadHand(String),
    /// A piece that cannot be in a hand (the king).
    BadHandPiece(char),
    /// A hand count that is not 1–18 (the text).
    BadHandCount(String),
    /// The move-number field is not a number from 1.
    BadMoveNumber(String),
    /// A side has two kings (or more).
    TwoKings(Side),
    /// The board has no king at all.
    NoKing,
    /// A piece stands where it could never move: an unpromoted pawn or lance on its last
    /// rank, a knight on its last two.
    DeadPiece(Piece, Square),
    /// A side has two unpromoted pawns on one file (the file number, 1–9).
    Nifu(Side, u8),
    /// More pieces of a kind (unpromoted, counting promoted ones) than the set has: the kind and
    /// how many there are.
    TooMany(PieceKind, u32),
    /// The side not to move is in check.
    OpponentInCheck(Side),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use super::moves::english_name as name;
        match self {
            PositionError::Fields(n) => write!(
                f,
                "an SFEN has 3 or 4 fields separated by spaces (board, side, hands, move \
                 number), not {n}"
            ),
            PositionError::RankCount(n) => {
                write!(f, "the board needs 9 ranks separated by '/', not {n}")
            }
            PositionError::FileCount(rank, n) => {
                let squares = if *n == 1 { "square" } else { "squares" };
                write!(f, "rank {rank} has {n} {squares} instead of 9")
            }
            PositionError::BadBoardChar(c) => {
                write!(f, "'{c}' is not a piece letter, '+' or a digit 1–9")
            }
            PositionError::BadPromotion(text) => write!(
                f,
                "'{text}' is not a promoted piece: only +P, +L, +N, +S, +B and +R exist"
            ),
            PositionError::BadSide(text) => {
                write!(
                    f,
                    "the side to move must be b (sente) or w (gote), not '{text}'"
                )
            }
            PositionError::BadHand(text) => write!(
                f,
                "'{text}' is not a hand: write - or counts and letters, such as RG4P2b"
            ),
            PositionError::BadHandPiece(c) => write!(f, "'{c}' cannot be held in hand"),
            PositionError::BadHandCount(text) => {
                write!(f, "'{text}' is not a hand count (1 to 18)")
            }
            PositionError::BadMoveNumber(text) => {
                write!(f, "the move number must be a number from 1, not '{text}'")
            }
            PositionError::TwoKings(side) => write!(f, "{side} has two kings"),
            PositionError::NoKing => f.write_str("there is no king on the board"),
            PositionError::DeadPiece(piece, sq) => write!(
                f,
                "{}'s {} on {sq} could never move again",
                piece.side,
                name(piece.kind)
            ),
            PositionError::Nifu(side, file) => {
                write!(f, "{side} has two unpromoted pawns on file {file} (nifu)")
            }
            PositionError::TooMany(kind, n) => write!(
                f,
                "there are {n} pieces of the {} kind, more than the set's {}",
                name(*kind),
                kind.set_count()
            ),
            PositionError::OpponentInCheck(side) => write!(
                f,
                "{side}'s king is in check, but it is {}'s move",
                side.opponent()
            ),
        }
    }
}

impl std::error::Error for PositionError {}

impl Setup {
    /// An empty board, sente to move, empty hands, move 1.
    pub const fn empty() -> Setup {
        Setup {
            board: [None; SQUARE_COUNT],
            hands: [Hand::EMPTY; 2],
            side_to_move: Side::Black,
            move_number: 1,
        }
    }

    /// The start position.
    pub fn start() -> Setup {
        Setup::parse(START_SFEN).expect("the start SFEN is valid")
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Reads SFEN text (or `startpos`); checks the form only (see [`Setup::validate`]).
    pub fn parse(text: &str) -> Result<Setup, PositionError> {
        let text = text.trim();
        if text == "startpos" {
            return Setup::parse(START_SFEN);
        }
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(3..=4).contains(&fields.len()) {
            return Err(PositionError::Fields(fields.len()));
        }
        let mut setup = Setup::empty();
        parse_board(fields[0], &mut setup.board)?;
        setup.side_to_move = match fields[1] {
            "b" => Side::Black,
            "w" => Side::White,
            other => return Err(PositionError::BadSide(truncate(other))),
        };
        setup.hands = parse_hands(fields[2])?;
        if let Some(number) = fields.get(3) {
            setup.move_number = number
                .parse::<u32>()
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| PositionError::BadMoveNumber(truncate(number)))?;
        }
        Ok(setup)
    }

    /// The canonical SFEN.
    pub fn to_sfen(&self) -> String {
        let mut out = String::with_capacity(80);
        for rank in 0..RANKS {
            if rank > 0 {
                out.push('/');
            }
            let mut empty = 0;
            for file in (0..FILES).rev() {
                let sq = Square::from_coords(file as i8, rank as i8).expect("on the board");
                match self.board[sq.index()] {
                    Some(piece) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push_str(&piece.sfen());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
        }
        out.push(' ');
        out.push(self.side_to_move.sfen());
        out.push(' ');
        out.push_str(&hands_sfen(&self.hands));
        out.push(' ');
        out.push_str(&self.move_number.to_string());
        out
    }

    /// Checks the rules a playable position must keep (module docs); the error names the
    /// first broken one.
    pub fn validate(&self) -> Result<(), PositionError> {
        let mut kings = [None; 2];
        let mut counts = [0u32; KIND_COUNT];
        let mut pawn_files = [[false; FILES as usize]; 2];
        for sq in Square::all() {
            let Some(piece) = self.board[sq.index()] else {
                continue;
            };
            counts[piece.kind.unpromoted().index()] += 1;
            let side = piece.side;
            match piece.kind {
                PieceKind::King => {
                    if kings[side.index()].is_some() {
                        return Err(PositionError::TwoKings(side));
                    }
                    kings[side.index()] = Some(sq);
                }
                PieceKind::Pawn | PieceKind::Lance if sq.rank_for(side) == 0 => {
                    return Err(PositionError::DeadPiece(piece, sq));
                }
                PieceKind::Knight if sq.rank_for(side) < 2 => {
                    return Err(PositionError::DeadPiece(piece, sq));
                }
                _ => {}
            }
            if piece.kind == PieceKind::Pawn {
                let seen = &mut pawn_files[side.index()][sq.file() as usize];
                if *seen {
                    return Err(PositionError::Nifu(side, sq.file_number()));
                }
                *seen = true;
            }
        }
        if kings == [None, None] {
            return Err(PositionError::NoKing);
        }
        for hand in &self.hands {
            for kind in PieceKind::HAND {
                counts[kind.index()] += hand.count(kind) as u32;
            }
        }
        for kind in PieceKind::ALL.into_iter().take(8) {
            if counts[kind.index()] > kind.set_count() as u32 {
                return Err(PositionError::TooMany(kind, counts[kind.index()]));
            }
        }
        let waiting = self.side_to_move.opponent();
        if let Some(king) = kings[waiting.index()] {
            if self.attacked_by(self.side_to_move, king) {
                return Err(PositionError::OpponentInCheck(waiting));
            }
        }
        Ok(())
    }

    /// Whether a piece of `side` attacks `target` (a slow scan, for validation only).
    fn attacked_by(&self, side: Side, target: Square) -> bool {
        let mut occupied = Bitboard::default();
        for sq in Square::all() {
            if self.board[sq.index()].is_some() {
                occupied.insert(sq);
            }
        }
        Square::all().any(|sq| {
            self.board[sq.index()].is_some_and(|p| {
                p.side == side && attacks(side, p.kind, sq, occupied).contains(target)
            })
        })
    }

    /// The setup turned 180° with the sides swapped (sente's pieces become gote's and the
    /// hands change places): the same game seen from the other chair.
    pub fn flipped(&self) -> Setup {
        let mut out = Setup::empty();
        for sq in Square::all() {
            out.board[sq.rotated().index()] = self.board[sq.index()].map(|p| Piece {
                side: p.side.opponent(),
                kind: p.kind,
            });
        }
        out.hands = [self.hands[1], self.hands[0]];
        out.side_to_move = self.side_to_move.opponent();
        out.move_number = self.move_number;
        out
    }
}

impl fmt::Display for Setup {
    /// The canonical SFEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_sfen())
    }
}

fn parse_board(text: &str, board: &mut [Option<Piece>; SQUARE_COUNT]) -> Result<(), PositionError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != RANKS as usize {
        return Err(PositionError::RankCount(ranks.len()));
    }
    for (rank, row) in ranks.iter().enumerate() {
        let rank_letter = (b'a' + rank as u8) as char;
        // Files are written from 9 down to 1; `written` counts squares so far.
        let mut written = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(run) = c.to_digit(10).filter(|d| (1..=9).contains(d)) {
                written += run as usize;
                continue;
            }
            let (promoted, letter) = if c == '+' {
                match chars.next() {
                    Some(next) => (true, next),
                    None => return Err(PositionError::BadPromotion("+".into())),
                }
            } else {
                (false, c)
            };
            let kind = PieceKind::from_letter(letter).ok_or(PositionError::BadBoardChar(letter))?;
            let kind = if promoted {
                if !kind.can_promote() {
                    return Err(PositionError::BadPromotion(format!("+{letter}")));
                }
                kind.promoted()
            } else {
                kind
            };
            let side = if letter.is_ascii_uppercase() {
                Side::Black
            } else {
                Side::White
            };
            if written < FILES as usize {
                let file = FILES as usize - 1 - written;
                let sq = Square::from_coords(file as i8, rank as i8).expect("on the board");
                board[sq.index()] = Some(Piece::new(side, kind));
            }
            written += 1;
        }
        if written != FILES as usize {
            return Err(PositionError::FileCount(rank_letter, written));
        }
    }
    Ok(())
}

fn parse_hands(text: &str) -> Result<[Hand; 2], PositionError> {
    let mut hands = [Hand::EMPTY; 2];
    if text == "-" {
        return Ok(hands);
    }
    let bad = || PositionError::BadHand(truncate(text));
    let mut seen = [[false; HAND_KIND_COUNT]; 2];
    let mut chars = text.chars().peekable();
    while chars.peek().is_some() {
        let mut digits = String::new();
        while let Some(&c) = chars.peek() {
            if c.is_ascii_digit() {
                digits.push(c);
                chars.next();
            } else {
                break;
            }
        }
        let letter = chars.next().ok_or_else(bad)?;
        let count = if digits.is_empty() {
            1
        } else {
            digits
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=18).contains(n))
                .ok_or_else(|| PositionError::BadHandCount(truncate(&digits)))?
        };
        let kind = PieceKind::from_letter(letter).ok_or_else(bad)?;
        if !kind.is_hand_kind() {
            return Err(PositionError::BadHandPiece(letter));
        }
        let side = if letter.is_ascii_uppercase() {
            Side::Black
        } else {
            Side::White
        };
        if std::mem::replace(&mut seen[side.index()][kind.index()], true) {
            return Err(bad());
        }
        hands[side.index()].set(kind, count);
    }
    Ok(hands)
}

/// The SFEN hand field of two hands: `-` or sente's pieces then gote's, each R B G S N L P.
pub fn hands_sfen(hands: &[Hand; 2]) -> String {
    let mut out = String::new();
    for side in Side::ALL {
        for (kind, count) in hands[side.index()].pieces() {
            if count > 1 {
                out.push_str(&count.to_string());
            }
            out.push_str(&Piece::new(side, kind).sfen());
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_round_trips() {
        let setup = Setup::parse(START_SFEN).unwrap();
        assert_eq!(setup.to_sfen(), START_SFEN);
        assert_eq!(Setup::parse("startpos").unwrap(), setup);
        let sq = Square::parse("5i").unwrap();
        assert_eq!(
            setup.piece_at(sq),
            Some(Piece::new(Side::Black, PieceKind::King))
        );
        let sq = Square::parse("8b").unwrap();
        assert_eq!(
            setup.piece_at(sq),
            Some(Piece::new(Side::White, PieceKind::Rook))
        );
        assert!(setup.validate().is_ok());
    }

    #[test]
    fn hands_are_read_in_any_order_and_written_canonically() {
        let setup = Setup::parse("4k4/9/9/9/9/9/9/9/4K4 w 3pP2bRG 12").unwrap();
        assert_eq!(setup.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 w RGP2b3p 12");
        assert_eq!(setup.hands[1].count(PieceKind::Pawn), 3);
        let missing_number = Setup::parse("4k4/9/9/9/9/9/9/9/4K4 b -").unwrap();
        assert_eq!(missing_number.move_number, 1);
    }

    #[test]
    fn form_errors_are_named() {
        use PositionError as E;
        let cases: &[(&str, E)] = &[
            ("9/9 b -", E::RankCount(2)),
            ("4k4/9/9/9/9/9/9/9/4K4", E::Fields(1)),
            ("4k5/9/9/9/9/9/9/9/4K4 b -", E::FileCount('a', 10)),
            ("4k3/9/9/9/9/9/9/9/4K4 b -", E::FileCount('a', 8)),
            ("4x4/9/9/9/9/9/9/9/4K4 b -", E::BadBoardChar('x')),
            ("4+g4/9/9/9/9/9/9/9/4K4 b -", E::BadPromotion("+g".into())),
            ("4k4/9/9/9/9/9/9/9/4K4 x -", E::BadSide("x".into())),
            ("4k4/9/9/9/9/9/9/9/4K4 b K", E::BadHandPiece('K')),
            ("4k4/9/9/9/9/9/9/9/4K4 b 0P", E::BadHandCount("0".into())),
            ("4k4/9/9/9/9/9/9/9/4K4 b 19P", E::BadHandCount("19".into())),
            ("4k4/9/9/9/9/9/9/9/4K4 b PP", E::BadHand("PP".into())),
            ("4k4/9/9/9/9/9/9/9/4K4 b 2", E::BadHand("2".into())),
            ("4k4/9/9/9/9/9/9/9/4K4 b - 0", E::BadMoveNumber("0".into())),
        ];
        for (text, expected) in cases {
            assert_eq!(Setup::parse(text).as_ref(), Err(expected), "{text}");
        }
    }

    #[test]
    fn rule_errors_are_named() {
        use PositionError as E;
        let black = |kind| Piece::new(Side::Black, kind);
        let sq = |name| Square::parse(name).unwrap();
        let cases: &[(&str, E)] = &[
            ("4k4/9/9/9/9/9/9/9/3KK4 b -", E::TwoKings(Side::Black)),
            ("9/9/9/9/9/9/9/9/9 b -", E::NoKing),
            (
                "4kP3/9/9/9/9/9/9/9/4K4 b -",
                E::DeadPiece(black(PieceKind::Pawn), sq("4a")),
            ),
            (
                "4k4/1N7/9/9/9/9/9/9/4K4 b -",
                E::DeadPiece(black(PieceKind::Knight), sq("8b")),
            ),
            ("4k4/9/9/9/9/4P4/9/4P4/4K4 b -", E::Nifu(Side::Black, 5)),
            (
                "4k4/9/9/9/9/9/9/9/4K4 b 3B",
                E::TooMany(PieceKind::Bishop, 3),
            ),
            (
                "4k4/9/9/9/9/9/9/4+R4/4K4 b 2R",
                E::TooMany(PieceKind::Rook, 3),
            ),
            (
                "4k4/4R4/9/9/9/9/9/9/4K4 b -",
                E::OpponentInCheck(Side::White),
            ),
        ];
        for (text, expected) in cases {
            let setup = Setup::parse(text).unwrap();
            assert_eq!(setup.validate().as_ref(), Err(expected), "{text}");
        }
        // A tokin beside a pawn is no nifu; a king-less attacker (tsume) is fine.
        assert!(Setup::parse("4k4/9/9/9/9/4+P4/9/4P4/9 b -")
            .unwrap()
            .validate()
            .is_ok());
    }
}
