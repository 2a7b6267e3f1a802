//! The evaluation's weights ([`EvalParams`]): their defaults, their names for `--config` and
//! the tuner, and the king's neighbourhood their tables are indexed by.

use super::*;

/// The evaluation's weights.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EvalParams {
    /// Value on the board of each kind, by [`PieceKind::index`].
    pub board: [i32; KIND_COUNT],
    /// Value in hand of each hand kind, by [`PieceKind::index`] (pawn to gold).
    pub hand: [i32; HAND_KIND_COUNT],
    /// Attack bonus of each kind next to the enemy king (scaled down with distance).
    pub attack: [i32; KIND_COUNT],
    /// Defence bonus of each kind next to its own king (scaled down with distance).
    pub defence: [i32; KIND_COUNT],
    /// Percent of the attack and defence bonuses at Chebyshev distance 0–8 from the king.
    pub closeness: [i32; 9],
    /// Weight of the king zone's weakness (quadratic).
    pub zone: i32,
    /// Per enemy piece in hand, how much it adds to a weak zone (percent of a weak square).
    pub zone_hand: i32,
    /// Per square a rook or dragon attacks.
    pub rook_mobility: i32,
    /// Per square a bishop or horse attacks.
    pub bishop_mobility: i32,
    /// Bonus for the side to move.
    pub tempo: i32,
    /// Percent of its board value a piece of the side to move loses for standing attacked and
    /// undefended (the threat quiescence does not see: it is the opponent's capture).
    pub hanging: i32,
    /// King placement by its distance from the centre file (0–4): castling toward an edge.
    pub king_file: [i32; 5],
    /// Placement of each kind by its rank counted from its own side's far end (0–8; 8 is
    /// home): advanced pawns and silvers, a king kept home.
    pub rank: [[i32; 9]; KIND_COUNT],
    /// Per empty square from which a piece of this hand kind, dropped by the enemy, would
    /// check the king and could not be taken (no defender; next to the king only when the enemy
    /// supports it): adds to the king zone's danger (percent of a weak square).
    pub safe_check: [i32; HAND_KIND_COUNT],
    /// Penalty for holding no pawn in hand (a pawn to drop is the cheapest defence and attack).
    pub no_pawn_in_hand: i32,
    /// Placement of each kind near its own king, by [`near_cell`] (a castle's shape: the
    /// golds and silvers beside and before the king, the pawns in front).
    pub shelter: [[i32; NEAR_CELLS]; KIND_COUNT],
    /// Placement of each kind near the enemy king, by [`near_cell`] (an attack's shape).
    pub siege: [[i32; NEAR_CELLS]; KIND_COUNT],
    /// Mobility of each kind: per square it attacks that holds no piece of its own side and
    /// that no enemy pawn attacks.
    pub mobility: [i32; KIND_COUNT],
    /// Per kind in hand, per empty square of the enemy's half (its five ranks) where it could
    /// be dropped and the enemy attacks nothing: room to invade.
    pub drop_mobility: i32,
    /// Per enemy attack on the king's flank (the king's file and its neighbours, the own six
    /// ranks; a square attacked twice counts twice): pressure building toward the king.
    pub flank: i32,
    /// The same count squared, per eighth.
    pub flank_squared: i32,
    /// Percent of what promoting gains (the promoted kind's value less the kind's) for a
    /// promotable piece that stands in or attacks its promotion zone.
    pub promotion: i32,
    /// Percent of Fairy-Stockfish's king danger (its drop-game form: attackers and their
    /// weights on the board and in hand, weak squares around the king, safe and unsafe checks,
    /// pinned pieces, flank pressure; squared, capped, scaled by the pieces on the board).
    pub king_danger: i32,
    /// Not a weight but the game's own search switch (so [`EvalParams::weights`] leaves it
    /// out and the tuner never moves it): the 3-ply mate check runs at nodes with at least
    /// this many plies left (0: nowhere; the 1-ply check runs at every full-width node).
    /// 4 by default (measured in the engine's notes, [`crate::ai::search`]).
    pub mate3_depth: i32,
    /// A search switch like [`EvalParams::mate3_depth`]: quiescence also looks for a mate in
    /// one at its first this many plies (0: never).
    pub quiescence_mate1: i32,
}

/// The cells of the box around a king that [`EvalParams::shelter`] and [`EvalParams::siege`]
/// weigh: files 0–2 away (either side alike) by ranks 2 behind to 2 ahead.
pub const NEAR_CELLS: usize = 15;

/// The cell of `sq` in the box around `king` for a piece of `side`: the file distance (0–2)
/// times five plus the rank offset (−2 to 2, ahead of the king from `side`'s view positive)
/// plus two; `None` outside the box or without a king.
#[inline(always)]
pub fn near_cell(side: Side, sq: Square, king: Option<Square>) -> Option<usize> {
    let king = king?;
    let file_distance = (sq.file() as i32 - king.file() as i32).unsigned_abs() as usize;
    let ahead = king.rank_for(side) as i32 - sq.rank_for(side) as i32;
    (file_distance <= 2 && ahead.abs() <= 2).then(|| box_cell(file_distance, ahead))
}

/// The cell numbered by [`near_cell`] for a file distance (0–2) and a rank offset (−2 to 2).
#[inline(always)]
pub(super) fn box_cell(file_distance: usize, ahead: i32) -> usize {
    file_distance * 5 + (ahead + 2) as usize
}

impl Default for EvalParams {
    fn default() -> Self {
        // Kinds: P L N S B R G K +P +L +N +S +B +R.
        EvalParams {
            board: [
                90, 315, 405, 495, 855, 990, 540, 0, 540, 540, 540, 540, 945, 1395,
            ],
            hand: [110, 355, 450, 540, 920, 1050, 600],
            attack: [6, 10, 14, 24, 14, 14, 26, 0, 26, 26, 26, 26, 30, 34],
            defence: [4, 2, 4, 24, 8, 4, 30, 0, 12, 12, 12, 12, 20, 14],
            closeness: [100, 100, 60, 30, 12, 4, 0, 0, 0],
            zone: 14,
            zone_hand: 25,
            rook_mobility: 4,
            bishop_mobility: 4,
            tempo: 20,
            hanging: 0,
            king_file: [0; 5],
            rank: [[0; 9]; KIND_COUNT],
            safe_check: [0; HAND_KIND_COUNT],
            no_pawn_in_hand: 0,
            shelter: [[0; NEAR_CELLS]; KIND_COUNT],
            siege: [[0; NEAR_CELLS]; KIND_COUNT],
            // Tuned toward Fairy-Stockfish's scores (see the module's notes).
            mobility: [-2, 16, -20, 20, -2, -14, 14, 0, -8, -18, 6, 16, 24, -6],
            drop_mobility: 12,
            flank: 54,
            flank_squared: 2,
            promotion: 6,
            king_danger: 0,
            mate3_depth: 4,
            quiescence_mate1: 0,
        }
    }
}

impl EvalParams {
    /// Sets one named weight: `zone`, `zonehand`, `rookmob`, `bishopmob`, `tempo`, `hanging`,
    /// `nohandpawn`, `dropmob`, `flank`, `flank2`, `promo`, `kd`, the search switches `mate3`
    /// and `qmate1`, `board.<letter>`, `mob.<letter>`, `hand.<letter>`, `attack.<letter>`,
    /// `defence.<letter>`, `check.<letter>` (letters as in SFEN, promoted `+P`…),
    /// `kingfile.<0–4>`, `rank.<letter>.<0–8>`, `shelter.<letter>.<0–2>.<−2–2>` and `siege.…`
    /// (file distance and rank offset from the king: [`near_cell`]).
    pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
        let kind_of = |letter: &str| -> Result<PieceKind, String> {
            let (promoted, letter) = match letter.strip_prefix('+') {
                Some(rest) => (true, rest),
                None => (false, letter),
            };
            let mut chars = letter.chars();
            let kind = chars
                .next()
                .filter(|_| chars.next().is_none())
                .and_then(PieceKind::from_letter)
                .ok_or_else(|| format!("'{letter}' is not a piece letter"))?;
            Ok(if promoted { kind.promoted() } else { kind })
        };
        match name.split_once('.') {
            Some(("board", letter)) => self.board[kind_of(letter)?.index()] = value,
            Some(("attack", letter)) => self.attack[kind_of(letter)?.index()] = value,
            Some(("defence", letter)) => self.defence[kind_of(letter)?.index()] = value,
            Some(("mob", letter)) => {
                let kind = kind_of(letter)?;
                if kind == PieceKind::King {
                    return Err(format!("'{name}': the king's mobility is not weighed"));
                }
                self.mobility[kind.index()] = value;
            }
            Some(("kingfile", n)) => *index_in(&mut self.king_file, n)? = value,
            Some(("rank", rest)) => {
                let (letter, n) = rest
                    .split_once('.')
                    .ok_or_else(|| format!("'{name}' is not rank.<letter>.<0–8>"))?;
                *index_in(&mut self.rank[kind_of(letter)?.index()], n)? = value;
            }
            Some((table @ ("shelter" | "siege"), rest)) => {
                let bad = || format!("'{name}' is not {table}.<letter>.<0–2>.<−2–2>");
                let (letter, cell) = rest.split_once('.').ok_or_else(bad)?;
                let (file, rank) = cell.split_once('.').ok_or_else(bad)?;
                let file = file
                    .parse::<usize>()
                    .ok()
                    .filter(|f| *f <= 2)
                    .ok_or_else(bad)?;
                let rank = rank
                    .parse::<i32>()
                    .ok()
                    .filter(|r| r.abs() <= 2)
                    .ok_or_else(bad)?;
                let kind = kind_of(letter)?;
                if kind == PieceKind::King {
                    return Err(format!("'{name}': a king is not placed near a king"));
                }
                let cells = if table == "shelter" {
                    &mut self.shelter
                } else {
                    &mut self.siege
                };
                cells[kind.index()][box_cell(file, rank)] = value;
            }
            Some(("hand" | "check", letter)) => {
                let kind = kind_of(letter)?;
                if !kind.is_hand_kind() {
                    return Err(format!("a hand holds no '{letter}'"));
                }
                let table = if name.starts_with("hand") {
                    &mut self.hand
                } else {
                    &mut self.safe_check
                };
                table[kind.index()] = value;
            }
            _ => match name {
                "zone" => self.zone = value,
                "zonehand" => self.zone_hand = value,
                "rookmob" => self.rook_mobility = value,
                "bishopmob" => self.bishop_mobility = value,
                "tempo" => self.tempo = value,
                "hanging" => self.hanging = value,
                "nohandpawn" => self.no_pawn_in_hand = value,
                "dropmob" => self.drop_mobility = value,
                "flank" => self.flank = value,
                "flank2" => self.flank_squared = value,
                "promo" => self.promotion = value,
                "kd" => self.king_danger = value,
                "mate3" => self.mate3_depth = value,
                "qmate1" => self.quiescence_mate1 = value,
                other => return Err(format!("unknown weight '{other}'")),
            },
        }
        Ok(())
    }
}

impl EvalParams {
    /// Every weight by the name [`EvalParams::set`] takes, with its value (for tuning: a tuner
    /// varies them one at a time by name).
    pub fn weights(&self) -> Vec<(String, i32)> {
        let letter = |kind: PieceKind| {
            let base = kind.unpromoted().letter();
            if kind.is_promoted() {
                format!("+{base}")
            } else {
                base.to_string()
            }
        };
        let mut all = Vec::new();
        for kind in PieceKind::ALL {
            let (k, l) = (kind.index(), letter(kind));
            all.push((format!("board.{l}"), self.board[k]));
            all.push((format!("attack.{l}"), self.attack[k]));
            all.push((format!("defence.{l}"), self.defence[k]));
            if kind != PieceKind::King {
                all.push((format!("mob.{l}"), self.mobility[k]));
            }
            for (n, &value) in self.rank[k].iter().enumerate() {
                all.push((format!("rank.{l}.{n}"), value));
            }
            if kind != PieceKind::King {
                for (table, cells) in [("shelter", &self.shelter[k]), ("siege", &self.siege[k])] {
                    for (cell, &value) in cells.iter().enumerate() {
                        let (file, rank) = (cell / 5, cell as i32 % 5 - 2);
                        all.push((format!("{table}.{l}.{file}.{rank}"), value));
                    }
                }
            }
        }
        for kind in PieceKind::HAND {
            let (k, l) = (kind.index(), letter(kind));
            all.push((format!("hand.{l}"), self.hand[k]));
            all.push((format!("check.{l}"), self.safe_check[k]));
        }
        for (n, &value) in self.king_file.iter().enumerate() {
            all.push((format!("kingfile.{n}"), value));
        }
        for (name, value) in [
            ("zone", self.zone),
            ("zonehand", self.zone_hand),
            ("rookmob", self.rook_mobility),
            ("bishopmob", self.bishop_mobility),
            ("tempo", self.tempo),
            ("hanging", self.hanging),
            ("nohandpawn", self.no_pawn_in_hand),
            ("dropmob", self.drop_mobility),
            ("flank", self.flank),
            ("flank2", self.flank_squared),
            ("promo", self.promotion),
            ("kd", self.king_danger),
        ] {
            all.push((name.to_string(), value));
        }
        all
    }
}

/// The entry of `table` numbered by the text `n`.
pub(super) fn index_in<'a>(table: &'a mut [i32], n: &str) -> Result<&'a mut i32, String> {
    let len = table.len();
    n.parse::<usize>()
        .ok()
        .and_then(|i| table.get_mut(i))
        .ok_or_else(|| format!("'{n}' is not 0 to {}", len - 1))
}
