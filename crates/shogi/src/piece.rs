//! Sides, piece kinds (with their promoted forms), pieces and the pieces in hand.

use std::fmt;

/// A player: sente (▲, "Black", moves first in an even game, drawn at the bottom) or gote (△,
/// "White").
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum Side {
    /// Sente (先手), ▲.
    Black = 0,
    /// Gote (後手), △.
    White = 1,
}

impl Side {
    /// Both sides, sente first.
    pub const ALL: [Side; 2] = [Side::Black, Side::White];

    /// The other side.
    pub const fn opponent(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    /// 0 for sente, 1 for gote (for tables).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The SFEN letter: `b` or `w`.
    pub const fn sfen(self) -> char {
        match self {
            Side::Black => 'b',
            Side::White => 'w',
        }
    }

    /// The mark before a move in Japanese notation: `▲` or `△`.
    pub const fn mark(self) -> char {
        match self {
            Side::Black => '▲',
            Side::White => '△',
        }
    }

    /// The sign before a move in CSA: `+` or `-`.
    pub const fn csa_sign(self) -> char {
        match self {
            Side::Black => '+',
            Side::White => '-',
        }
    }
}

impl fmt::Display for Side {
    /// `Sente` or `Gote`, as English-speaking players say.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Black => "Sente",
            Side::White => "Gote",
        })
    }
}

/// A kind of piece, unpromoted or promoted.
///
/// The six kinds that promote are 0–5 and their promoted forms are the same number plus 8, so
/// promoting sets bit 3 and capturing (which unpromotes) clears it. The kinds a hand can hold
/// are 0–6 ([`PieceKind::HAND`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(u8)]
pub enum PieceKind {
    /// Pawn 歩 (`P`).
    Pawn = 0,
    /// Lance 香 (`L`).
    Lance = 1,
    /// Knight 桂 (`N`).
    Knight = 2,
    /// Silver 銀 (`S`).
    Silver = 3,
    /// Bishop 角 (`B`).
    Bishop = 4,
    /// Rook 飛 (`R`).
    Rook = 5,
    /// Gold 金 (`G`).
    Gold = 6,
    /// King 玉/王 (`K`).
    King = 7,
    /// Tokin と, a promoted pawn (`+P`).
    Tokin = 8,
    /// Promoted lance 成香 (`+L`).
    ProLance = 9,
    /// Promoted knight 成桂 (`+N`).
    ProKnight = 10,
    /// Promoted silver 成銀 (`+S`).
    ProSilver = 11,
    /// Horse 馬, a promoted bishop (`+B`).
    Horse = 12,
    /// Dragon 龍, a promoted rook (`+R`).
    Dragon = 13,
}

/// Number of piece kinds.
pub const KIND_COUNT: usize = 14;
/// Number of kinds a hand can hold.
pub const HAND_KIND_COUNT: usize = 7;

impl PieceKind {
    /// Every kind, by number.
    pub const ALL: [PieceKind; KIND_COUNT] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Gold,
        PieceKind::King,
        PieceKind::Tokin,
        PieceKind::ProLance,
        PieceKind::ProKnight,
        PieceKind::ProSilver,
        PieceKind::Horse,
        PieceKind::Dragon,
    ];

    /// The kinds a hand can hold, in SFEN's hand order: R B G S N L P.
    pub const HAND: [PieceKind; HAND_KIND_COUNT] = [
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Gold,
        PieceKind::Silver,
        PieceKind::Knight,
        PieceKind::Lance,
        PieceKind::Pawn,
    ];

    /// The number of this kind (0–13), for tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind numbered `index`, if any.
    pub const fn from_index(index: usize) -> Option<PieceKind> {
        if index < KIND_COUNT {
            Some(PieceKind::ALL[index])
        } else {
            None
        }
    }

    /// Whether this kind can promote (rook, bishop, silver, knight, lance, pawn).
    pub const fn can_promote(self) -> bool {
        (self as u8) < 6
    }

    /// Whether this is a promoted kind.
    pub const fn is_promoted(self) -> bool {
        (self as u8) >= 8
    }

    /// The promoted form (a kind that does not promote stays as it is).
    pub const fn promoted(self) -> PieceKind {
        if self.can_promote() {
            PieceKind::ALL[self as usize + 8]
        } else {
            self
        }
    }

    /// The unpromoted form: what a captured piece becomes in the hand.
    pub const fn unpromoted(self) -> PieceKind {
        if self.is_promoted() {
            PieceKind::ALL[self as usize - 8]
        } else {
            self
        }
    }

    /// Whether a hand can hold this kind (every unpromoted kind but the king).
    pub const fn is_hand_kind(self) -> bool {
        (self as u8) < 7
    }

    /// Whether it moves like a gold (the gold and the four promoted minor pieces).
    pub const fn moves_like_gold(self) -> bool {
        matches!(
            self,
            PieceKind::Gold
                | PieceKind::Tokin
                | PieceKind::ProLance
                | PieceKind::ProKnight
                | PieceKind::ProSilver
        )
    }

    /// How many of this kind (unpromoted and promoted together) a set holds for both sides.
    pub const fn set_count(self) -> u8 {
        match self.unpromoted() {
            PieceKind::Pawn => 18,
            PieceKind::Lance | PieceKind::Knight | PieceKind::Silver | PieceKind::Gold => 4,
            _ => 2,
        }
    }

    /// The SFEN letter of the unpromoted kind, uppercase (`P`, `L`, … `K`).
    pub const fn letter(self) -> char {
        match self.unpromoted() {
            PieceKind::Pawn => 'P',
            PieceKind::Lance => 'L',
            PieceKind::Knight => 'N',
            PieceKind::Silver => 'S',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Gold => 'G',
            _ => 'K',
        }
    }

    /// The unpromoted kind with SFEN letter `c` (either case), if any.
    pub const fn from_letter(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'P' => PieceKind::Pawn,
            'L' => PieceKind::Lance,
            'N' => PieceKind::Knight,
            'S' => PieceKind::Silver,
            'B' => PieceKind::Bishop,
            'R' => PieceKind::Rook,
            'G' => PieceKind::Gold,
            'K' => PieceKind::King,
            _ => return None,
        })
    }

    /// The SFEN spelling, uppercase: `P`, `+P`, `K`, …
    pub fn sfen(self) -> String {
        if self.is_promoted() {
            format!("+{}", self.letter())
        } else {
            self.letter().to_string()
        }
    }

    /// The CSA code: `FU KY KE GI KA HI KI OU TO NY NK NG UM RY`.
    pub const fn csa(self) -> &'static str {
        match self {
            PieceKind::Pawn => "FU",
            PieceKind::Lance => "KY",
            PieceKind::Knight => "KE",
            PieceKind::Silver => "GI",
            PieceKind::Bishop => "KA",
            PieceKind::Rook => "HI",
            PieceKind::Gold => "KI",
            PieceKind::King => "OU",
            PieceKind::Tokin => "TO",
            PieceKind::ProLance => "NY",
            PieceKind::ProKnight => "NK",
            PieceKind::ProSilver => "NG",
            PieceKind::Horse => "UM",
            PieceKind::Dragon => "RY",
        }
    }

    /// The kind with CSA code `code`, if any.
    pub fn from_csa(code: &str) -> Option<PieceKind> {
        PieceKind::ALL.into_iter().find(|k| k.csa() == code)
    }

    /// The usual name in Japanese, as KIF writes it (`歩`, `成香`, `竜`, `玉`…).
    pub const fn kanji(self) -> &'static str {
        match self {
            PieceKind::Pawn => "歩",
            PieceKind::Lance => "香",
            PieceKind::Knight => "桂",
            PieceKind::Silver => "銀",
            PieceKind::Bishop => "角",
            PieceKind::Rook => "飛",
            PieceKind::Gold => "金",
            PieceKind::King => "玉",
            PieceKind::Tokin => "と",
            PieceKind::ProLance => "成香",
            PieceKind::ProKnight => "成桂",
            PieceKind::ProSilver => "成銀",
            PieceKind::Horse => "馬",
            PieceKind::Dragon => "竜",
        }
    }

    /// The points a piece counts for in an impasse declaration: 5 for rook, bishop, dragon and
    /// horse, 1 for every other piece, 0 for the king.
    pub const fn impasse_points(self) -> u32 {
        match self.unpromoted() {
            PieceKind::Rook | PieceKind::Bishop => 5,
            PieceKind::King => 0,
            _ => 1,
        }
    }
}

/// A piece on the board: a side and a kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// The owner.
    pub side: Side,
    /// The kind.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `side` of `kind`.
    pub const fn new(side: Side, kind: PieceKind) -> Piece {
        Piece { side, kind }
    }

    /// The SFEN spelling: uppercase for sente, lowercase for gote, `+` before a promoted kind.
    pub fn sfen(self) -> String {
        let text = self.kind.sfen();
        match self.side {
            Side::Black => text,
            Side::White => text.to_ascii_lowercase(),
        }
    }
}

impl fmt::Display for Piece {
    /// The SFEN spelling.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sfen())
    }
}

/// The pieces one side holds in hand: a count per hand kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Hand([u8; HAND_KIND_COUNT]);

impl Hand {
    /// An empty hand.
    pub const EMPTY: Hand = Hand([0; HAND_KIND_COUNT]);

    /// How many of `kind` the hand holds (0 for kinds a hand cannot hold).
    #[inline(always)]
    pub const fn count(self, kind: PieceKind) -> u8 {
        if kind.is_hand_kind() {
            self.0[kind as usize]
        } else {
            0
        }
    }

    /// Sets the count of `kind` (a kind a hand cannot hold is ignored; [`super::Setup::validate`]
    /// checks the counts against the set).
    pub fn set(&mut self, kind: PieceKind, count: u8) {
        if kind.is_hand_kind() {
            self.0[kind as usize] = count;
        }
    }

    /// Adds one `kind` (a hand kind).
    #[inline(always)]
    pub(crate) fn add(&mut self, kind: PieceKind) {
        self.0[kind as usize] += 1;
    }

    /// Takes one `kind` away (the caller checks the hand holds one).
    #[inline(always)]
    pub(crate) fn remove(&mut self, kind: PieceKind) {
        self.0[kind as usize] -= 1;
    }

    /// Whether the hand holds nothing.
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// The number of pieces in hand.
    pub fn total(self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    /// The kinds held with their counts, in SFEN order (R B G S N L P), held kinds only.
    pub fn pieces(self) -> impl Iterator<Item = (PieceKind, u8)> {
        PieceKind::HAND
            .into_iter()
            .map(move |k| (k, self.count(k)))
            .filter(|&(_, n)| n > 0)
    }
}
