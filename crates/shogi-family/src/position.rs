//! A position of a variant: the board as a mailbox, both hands, the side to move; reading and
//! writing SFEN; playing a move; and whether a square is attacked.

use crate::moves::Move;
use crate::rules::{
    cell_of, face_of, is_of, row_col, side_of, square_at, Rules, Side, CELLS, EMPTY, WALL,
};
use crate::variant::{Royalty, Special, Variant, MAX_FACES};
use std::fmt;

/// Why an SFEN could not be read (its words are the catalogue's: `crate::texts`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SfenError {
    /// It has not the three or four fields (board, side, hands, move number).
    Fields,
    /// A rank has more or fewer squares than the board's files, or there are too many ranks.
    Shape,
    /// A letter that names no piece of the variant.
    Piece(char),
    /// The side is neither `b` nor `w`.
    Side,
    /// The hands cannot be read.
    Hands,
    /// The move number is not a number.
    MoveNumber,
    /// A side has no royal piece, or more than the variant allows (one king; sho shogi's king
    /// and prince).
    Royals,
    /// The side that has just moved is in check: its king could be captured.
    OppositeCheck,
}

/// A position of a variant.
#[derive(Clone, Copy)]
pub struct Position {
    /// The compiled rules of its variant.
    pub rules: &'static Rules,
    /// The mailbox: a piece's cell is `cell_of(side, face)`.
    pub cells: [u8; CELLS],
    /// Each side's pieces in hand, by face.
    pub hands: [[u8; MAX_FACES]; 2],
    /// The side to move.
    pub side: Side,
    /// The number of the move to play, counted in plies as SFEN does (1 for the first).
    pub move_number: u32,
    /// Each side's royal pieces' squares (0 for none): the king, and sho shogi's prince.
    pub royals: [[usize; 2]; 2],
}

impl Position {
    /// The start position of `variant`.
    pub fn start(variant: &'static Variant) -> Position {
        Position::from_sfen(variant, variant.start).expect("a variant's start position reads")
    }

    /// The variant it is a position of.
    pub fn variant(&self) -> &'static Variant {
        self.rules.variant
    }

    /// Reads an SFEN of `variant` (the move number may be left out).
    pub fn from_sfen(variant: &'static Variant, sfen: &str) -> Result<Position, SfenError> {
        let rules = Rules::of(variant);
        let fields: Vec<&str> = sfen.split_whitespace().collect();
        if !(3..=4).contains(&fields.len()) {
            return Err(SfenError::Fields);
        }
        let mut position = Position {
            rules,
            cells: rules.empty_board,
            hands: [[0; MAX_FACES]; 2],
            side: Side::Sente,
            move_number: 1,
            royals: [[0; 2]; 2],
        };
        let rows: Vec<&str> = fields[0].split('/').collect();
        if rows.len() != variant.ranks as usize {
            return Err(SfenError::Shape);
        }
        for (row, text) in rows.iter().enumerate() {
            let mut col = 0usize;
            let mut chars = text.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(digit) = c.to_digit(10) {
                    // Files beyond nine (chu shogi's twelve) are written with two digits.
                    let mut empties = digit as usize;
                    while let Some(next) = chars.peek().and_then(|c| c.to_digit(10)) {
                        empties = empties * 10 + next as usize;
                        chars.next();
                    }
                    if empties == 0 {
                        return Err(SfenError::Shape);
                    }
                    col += empties;
                    continue;
                }
                let (promoted, letter) = if c == '+' {
                    (true, chars.next().ok_or(SfenError::Piece('+'))?)
                } else {
                    (false, c)
                };
                let side = if letter.is_ascii_uppercase() {
                    Side::Sente
                } else {
                    Side::Gote
                };
                let face = face_named(variant, letter.to_ascii_uppercase(), promoted)
                    .ok_or(SfenError::Piece(letter))?;
                if col >= variant.files as usize {
                    return Err(SfenError::Shape);
                }
                position.cells[square_at(row, col)] = cell_of(side, face);
                col += 1;
            }
            if col != variant.files as usize {
                return Err(SfenError::Shape);
            }
        }
        position.side = match fields[1] {
            "b" => Side::Sente,
            "w" => Side::Gote,
            _ => return Err(SfenError::Side),
        };
        if fields[2] != "-" {
            let mut count = 0u32;
            for c in fields[2].chars() {
                if let Some(digit) = c.to_digit(10) {
                    count = count * 10 + digit;
                    if count > 99 {
                        return Err(SfenError::Hands);
                    }
                    continue;
                }
                let side = if c.is_ascii_uppercase() {
                    Side::Sente
                } else {
                    Side::Gote
                };
                // A royal piece in hand is a captured lion: a finished game of dobutsu.
                let face = face_named(variant, c.to_ascii_uppercase(), false)
                    .filter(|&f| {
                        !variant.faces[f as usize].royal || variant.royalty == Royalty::Capture
                    })
                    .ok_or(SfenError::Hands)?;
                let held = &mut position.hands[side.index()][face as usize];
                *held = held.saturating_add(count.max(1) as u8);
                count = 0;
            }
            if count != 0 {
                return Err(SfenError::Hands);
            }
        }
        if let Some(number) = fields.get(3) {
            position.move_number = number.parse().map_err(|_| SfenError::MoveNumber)?;
        }
        position.find_royals();
        let most = if variant.royalty == Royalty::LastRoyal {
            2
        } else {
            1
        };
        for side in [Side::Sente, Side::Gote] {
            let royals = position.royal_squares(side).count();
            // Where royal pieces may be captured, a position without one is a finished game.
            let none_ok = variant.royalty != Royalty::King;
            if (royals == 0 && !none_ok) || royals > most {
                return Err(SfenError::Royals);
            }
        }
        if variant.royalty == Royalty::King {
            let them = position.side.other();
            if position.attacked(position.king(them), position.side) {
                return Err(SfenError::OppositeCheck);
            }
        }
        Ok(position)
    }

    /// Notes each side's royal pieces' squares (the first two found).
    fn find_royals(&mut self) {
        self.royals = [[0; 2]; 2];
        for &square in &self.rules.squares {
            let cell = self.cells[square];
            if cell != EMPTY && self.rules.royal_faces >> face_of(cell) & 1 == 1 {
                let slots = &mut self.royals[side_of(cell).index()];
                if let Some(slot) = slots.iter_mut().find(|slot| **slot == 0) {
                    *slot = square;
                }
            }
        }
    }

    /// The square of `side`'s king (its first royal piece), 0 for none.
    pub fn king(&self, side: Side) -> usize {
        let [first, second] = self.royals[side.index()];
        if first != 0 {
            first
        } else {
            second
        }
    }

    /// The squares of `side`'s royal pieces.
    pub fn royal_squares(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        self.royals[side.index()]
            .into_iter()
            .filter(|&square| square != 0)
    }

    /// The SFEN of the position.
    pub fn to_sfen(&self) -> String {
        let variant = self.variant();
        let mut out = String::new();
        for row in 0..variant.ranks as usize {
            if row > 0 {
                out.push('/');
            }
            let mut empties = 0;
            for col in 0..variant.files as usize {
                let cell = self.cells[square_at(row, col)];
                if cell == EMPTY {
                    empties += 1;
                    continue;
                }
                if empties > 0 {
                    out.push_str(&empties.to_string());
                    empties = 0;
                }
                out.push_str(&piece_text(variant, cell));
            }
            if empties > 0 {
                out.push_str(&empties.to_string());
            }
        }
        out.push_str(if self.side == Side::Sente {
            " b "
        } else {
            " w "
        });
        let mut hands = String::new();
        for side in [Side::Sente, Side::Gote] {
            for face in hand_order(variant) {
                let face = face as usize;
                let count = self.hands[side.index()][face];
                if count == 0 {
                    continue;
                }
                if count > 1 {
                    hands.push_str(&count.to_string());
                }
                let letter = variant.faces[face].letter;
                hands.push(if side == Side::Sente {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                });
            }
        }
        out.push_str(if hands.is_empty() { "-" } else { &hands });
        out.push_str(&format!(" {}", self.move_number));
        out
    }

    /// The position after `m` (a legal move of this position).
    pub fn after(&self, m: Move) -> Position {
        let mut next = *self;
        next.play(m);
        next
    }

    /// Plays `m`, a move of the side to move (legal or not: no check is made).
    pub fn play(&mut self, m: Move) {
        let us = self.side;
        let variant = self.rules.variant;
        let to = m.to as usize;
        if m.is_drop() {
            let base = variant.faces[m.face as usize].base as usize;
            self.hands[us.index()][base] -= 1;
        } else {
            let from = m.from as usize;
            let captured = self.cells[to];
            if captured != EMPTY && variant.drops {
                let base = variant.faces[face_of(captured) as usize].base as usize;
                self.hands[us.index()][base] += 1;
            }
            for slot in &mut self.royals[us.other().index()] {
                if *slot == to {
                    *slot = 0;
                }
            }
            self.cells[from] = EMPTY;
            let royal_moved = self.rules.royal_faces >> m.moved & 1 == 1;
            for slot in &mut self.royals[us.index()] {
                if royal_moved && *slot == from {
                    *slot = to;
                }
            }
            // A piece that becomes royal (sho shogi's prince) takes a free slot.
            if !royal_moved && self.rules.royal_faces >> m.face & 1 == 1 {
                if let Some(slot) = self.royals[us.index()].iter_mut().find(|s| **s == 0) {
                    *slot = to;
                }
            }
        }
        self.cells[to] = cell_of(us, m.face);
        self.side = us.other();
        // SFEN counts plies, as USI does.
        self.move_number = self.move_number.saturating_add(1);
    }

    /// The face a piece on `square` moves as: its own, or in annan shogi that of the friendly
    /// piece right behind it.
    pub fn moving_face(&self, square: usize) -> u8 {
        let cell = self.cells[square];
        if self.rules.variant.special == Special::Annan {
            let side = side_of(cell);
            let behind = self.cells[(square as isize - self.rules.forward[side.index()]) as usize];
            if is_of(behind, side) {
                return face_of(behind);
            }
        }
        face_of(cell)
    }

    /// Whether `square` is attacked by a piece of `by`.
    pub fn attacked(&self, square: usize, by: Side) -> bool {
        let rules = self.rules;
        let side = by.index();
        let attacks = |at: usize, faces: u32| {
            let cell = self.cells[at];
            is_of(cell, by) && faces >> self.moving_face(at) & 1 == 1
        };
        for probe in &rules.step_probes[side] {
            let at = square as isize - probe.offset;
            if (0..CELLS as isize).contains(&at) && attacks(at as usize, probe.faces) {
                return true;
            }
        }
        for probe in &rules.slide_probes[side] {
            let mut at = square as isize - probe.offset;
            let mut distance = 1;
            loop {
                let cell = self.cells[at as usize];
                if cell == EMPTY {
                    if distance == probe.reach {
                        break;
                    }
                    at -= probe.offset;
                    distance += 1;
                    continue;
                }
                if cell != WALL && attacks(at as usize, probe.faces) {
                    return true;
                }
                break;
            }
        }
        for probe in &rules.hop_probes[side] {
            let mut at = square as isize - probe.offset;
            let mut distance = 1u8;
            let mut screened = false;
            loop {
                if probe.reach != 0 && distance > probe.reach {
                    break;
                }
                let cell = self.cells[at as usize];
                if cell == WALL {
                    break;
                }
                if cell != EMPTY {
                    if screened {
                        if attacks(at as usize, probe.faces) {
                            return true;
                        }
                        break;
                    }
                    screened = true;
                }
                at -= probe.offset;
                distance += 1;
            }
        }
        false
    }

    /// Whether the side to move's king is attacked (false in the variants without one king).
    pub fn in_check(&self) -> bool {
        let king = self.king(self.side);
        king != 0 && self.attacked(king, self.side.other())
    }

    /// The USI name of mailbox square `square` (`5e`).
    pub fn square_name(&self, square: usize) -> String {
        let (row, col) = row_col(square);
        let file = self.variant().files as usize - col;
        format!("{file}{}", (b'a' + row as u8) as char)
    }

    /// The mailbox square a USI name (`5e`, `10a`) names on this board, if any.
    pub fn square_named(&self, name: &str) -> Option<usize> {
        let variant = self.variant();
        let split = name.find(|c: char| !c.is_ascii_digit())?;
        let (file, rank) = name.split_at(split);
        let file: usize = file.parse().ok()?;
        let mut rank_chars = rank.chars();
        let rank = rank_chars.next()?;
        if rank_chars.next().is_some() || !rank.is_ascii_lowercase() {
            return None;
        }
        let row = (rank as u8 - b'a') as usize;
        if file == 0 || file > variant.files as usize || row >= variant.ranks as usize {
            return None;
        }
        Some(square_at(row, variant.files as usize - file))
    }
}

/// The face of `variant` written `letter` (sente's), promoted or not.
pub fn face_named(variant: &Variant, letter: char, promoted: bool) -> Option<u8> {
    variant
        .faces
        .iter()
        .position(|f| f.letter == letter && f.promoted == promoted)
        .map(|at| at as u8)
}

/// A board piece as SFEN writes it (`+P`, `k`).
fn piece_text(variant: &Variant, cell: u8) -> String {
    let face = &variant.faces[face_of(cell) as usize];
    let letter = if side_of(cell) == Side::Sente {
        face.letter
    } else {
        face.letter.to_ascii_lowercase()
    };
    if face.promoted {
        format!("+{letter}")
    } else {
        letter.to_string()
    }
}

/// The faces a hand may hold, in the order SFEN writes them (the variant's `hand_order`).
fn hand_order(variant: &Variant) -> impl Iterator<Item = u8> + '_ {
    variant
        .hand_order
        .chars()
        .filter_map(|letter| face_named(variant, letter, false))
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.variant().name, self.to_sfen())
    }
}

impl fmt::Display for SfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SfenError::Fields => write!(f, "an SFEN has a board, a side, hands and a move number"),
            SfenError::Shape => write!(f, "the board does not have this game's files and ranks"),
            SfenError::Piece(c) => write!(f, "'{c}' is no piece of this game"),
            SfenError::Side => write!(f, "the side to move is 'b' (sente) or 'w' (gote)"),
            SfenError::Hands => write!(f, "the pieces in hand cannot be read"),
            SfenError::MoveNumber => write!(f, "the move number is not a number"),
            SfenError::Royals => write!(f, "each side needs its king, and only one"),
            SfenError::OppositeCheck => {
                write!(
                    f,
                    "the side that has just moved is in check: its king could be taken"
                )
            }
        }
    }
}

impl std::error::Error for SfenError {}
