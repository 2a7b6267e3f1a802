//! Helpers shared by the shogi rules tests: short constructors, a small seeded PRNG, random
//! positions (from play and from random legal setups with full hands), and a naive move
//! generator written straight from docs/rules-shogi.md's text — an independent check on the bitboard
//! generator in `crates/shogi`.
#![allow(dead_code)]

use fuzz::Random;
use shogi::{
    Game, Handicap, Move, Piece, PieceKind, Position, PositionError, Record, RecordedEnd, Ruleset,
    Setup, Side, Square,
};

#[path = "../common/fuzz.rs"]
pub mod fuzz;

/// The square named `name` (`"7g"`).
pub fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("{name} is not a square"))
}

/// The move written `text` in USI form.
pub fn mv(text: &str) -> Move {
    Move::parse_usi(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The position written in SFEN.
pub fn pos(sfen: &str) -> Position {
    Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

/// The legal moves in USI form, sorted.
pub fn sorted_moves(position: &Position) -> Vec<String> {
    let mut moves: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    moves.sort();
    moves
}

/// A small deterministic PRNG (xorshift64*), so failures reproduce.
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True one time in `n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

impl Random for Rng {
    fn next_u64(&mut self) -> u64 {
        Rng::next_u64(self)
    }
}

/// A game of `plies` random legal moves from `start` (fewer if it ends).
pub fn random_game(rng: &mut Rng, start: Position, plies: usize) -> Game {
    let mut game = Game::from_position(start, Ruleset::default());
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves.as_slice()[rng.below(moves.len())];
        game.play(m).expect("a generated move is legal");
    }
    game
}

/// A random legal setup: both kings (or, one time in five, only gote's, as in tsume), and
/// every other piece of the set either on a random square (maybe promoted) or in a random
/// hand, redrawn until the rules accept it. Such positions have far more drops, checks and
/// promotions than positions from play.
pub fn random_setup(rng: &mut Rng) -> Position {
    loop {
        let mut setup = Setup::empty();
        setup.side_to_move = if rng.one_in(2) {
            Side::Black
        } else {
            Side::White
        };
        let mut free: Vec<Square> = Square::all().collect();
        let without_sente_king = rng.one_in(5);
        for side in Side::ALL {
            if side == Side::Black && without_sente_king {
                continue;
            }
            let sq = free.swap_remove(rng.below(free.len()));
            setup.board[sq.index()] = Some(Piece::new(side, PieceKind::King));
        }
        let on_board_share = 1 + rng.below(4); // 1..4 in 5 pieces on the board
        for kind in PieceKind::HAND {
            for _ in 0..kind.set_count() {
                let side = if rng.one_in(2) {
                    Side::Black
                } else {
                    Side::White
                };
                let sq = free.swap_remove(rng.below(free.len()));
                let kind = if kind.can_promote() && rng.one_in(3) {
                    kind.promoted()
                } else {
                    kind
                };
                let piece = Piece::new(side, kind);
                // Pieces that would break a rule (a dead square, a second pawn on a file) go
                // to the hand instead, so most setups are accepted at the first draw.
                let mut trial = setup;
                trial.board[sq.index()] = Some(piece);
                let breaks_a_rule = matches!(
                    trial.validate(),
                    Err(PositionError::DeadPiece(..) | PositionError::Nifu(..))
                );
                if rng.below(5) < on_board_share && !breaks_a_rule {
                    setup.board[sq.index()] = Some(piece);
                } else {
                    free.push(sq);
                    let hand = &mut setup.hands[side.index()];
                    hand.set(kind.unpromoted(), hand.count(kind.unpromoted()) + 1);
                }
            }
        }
        if let Ok(position) = Position::from_setup(&setup) {
            return position;
        }
    }
}

/// A random mating net: the side to move holds a pawn (and maybe more) and has a few pieces
/// around the enemy king, whose defenders are few and sometimes pinned — the positions where
/// uchifuzume, pins of the pawn's would-be captors and king escapes decide the drops.
pub fn mating_net_setup(rng: &mut Rng) -> Position {
    loop {
        let mut setup = Setup::empty();
        let us = if rng.one_in(2) {
            Side::Black
        } else {
            Side::White
        };
        let them = us.opponent();
        setup.side_to_move = us;
        // The enemy king mostly near its own back ranks, where nets close.
        let file = rng.below(9) as i8;
        let depth = [0, 0, 0, 0, 1, 1, 2, 4][rng.below(8)];
        let rank = if them == Side::White {
            depth
        } else {
            8 - depth
        };
        let king = Square::from_coords(file, rank).expect("on the board");
        setup.board[king.index()] = Some(Piece::new(them, PieceKind::King));
        let near = |rng: &mut Rng, reach: i8| {
            let df = rng.below(2 * reach as usize + 1) as i8 - reach;
            let dr = rng.below(2 * reach as usize + 1) as i8 - reach;
            king.offset(df, dr)
        };
        let kinds = [
            PieceKind::Gold,
            PieceKind::Silver,
            PieceKind::Knight,
            PieceKind::Lance,
            PieceKind::Rook,
            PieceKind::Bishop,
            PieceKind::Dragon,
            PieceKind::Horse,
            PieceKind::Pawn,
            PieceKind::Tokin,
        ];
        for _ in 0..3 + rng.below(6) {
            if let Some(sq) = near(rng, 2) {
                let kind = kinds[rng.below(kinds.len())];
                setup.board[sq.index()] = Some(Piece::new(us, kind));
            }
        }
        for _ in 0..rng.below(3) {
            let reach = 1 + rng.below(2) as i8;
            if let Some(sq) = near(rng, reach) {
                let kind = kinds[rng.below(kinds.len())];
                setup.board[sq.index()] = Some(Piece::new(them, kind));
            }
        }
        setup.board[king.index()] = Some(Piece::new(them, PieceKind::King));
        if rng.one_in(2) {
            let sq = Square::all().nth(rng.below(81)).expect("a square");
            if setup.board[sq.index()].is_none() {
                setup.board[sq.index()] = Some(Piece::new(us, PieceKind::King));
            }
        }
        setup.hands[us.index()].set(PieceKind::Pawn, 1);
        for kind in [PieceKind::Gold, PieceKind::Silver, PieceKind::Knight] {
            if rng.one_in(4) {
                setup.hands[us.index()].set(kind, 1);
            }
        }
        if rng.one_in(3) {
            setup.hands[them.index()].set(PieceKind::Pawn, 1);
        }
        if let Ok(position) = Position::from_setup(&setup) {
            return position;
        }
    }
}

/// Positions to test on: from random play from the start and the handicaps, and random legal
/// setups, `count` of each kind.
pub fn sample_positions(rng: &mut Rng, count: usize) -> Vec<Position> {
    let mut positions = Vec::new();
    for i in 0..count {
        let start = match i % 3 {
            0 => Position::start(),
            1 => pos(shogi::Handicap::ALL[rng.below(10)].sfen()),
            _ => random_setup(rng),
        };
        let plies = rng.below(160);
        let game = random_game(rng, start, plies);
        positions.push(*game.position());
        positions.push(random_setup(rng));
        positions.push(mating_net_setup(rng));
    }
    positions
}

/// The naive generator: from docs/rules-shogi.md alone, on a plain array of squares.
pub mod naive {
    use super::*;

    /// How a piece moves, as sente sees it: single steps `(files, ranks)` (files toward 9,
    /// ranks toward `i`) and sliding directions.
    /// Offsets `(files, ranks)`.
    type Offsets = Vec<(i8, i8)>;

    fn movement(kind: PieceKind) -> (Offsets, Offsets) {
        let gold = vec![(0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1)];
        let king = vec![
            (0, -1),
            (1, -1),
            (-1, -1),
            (1, 0),
            (-1, 0),
            (0, 1),
            (1, 1),
            (-1, 1),
        ];
        let orthogonal = vec![(0, -1), (0, 1), (1, 0), (-1, 0)];
        let diagonal = vec![(1, -1), (-1, -1), (1, 1), (-1, 1)];
        match kind {
            PieceKind::King => (king, vec![]),
            PieceKind::Rook => (vec![], orthogonal),
            PieceKind::Dragon => (diagonal, orthogonal),
            PieceKind::Bishop => (vec![], diagonal),
            PieceKind::Horse => (orthogonal, diagonal),
            PieceKind::Gold
            | PieceKind::Tokin
            | PieceKind::ProLance
            | PieceKind::ProKnight
            | PieceKind::ProSilver => (gold, vec![]),
            PieceKind::Silver => (vec![(0, -1), (1, -1), (-1, -1), (1, 1), (-1, 1)], vec![]),
            PieceKind::Knight => (vec![(1, -2), (-1, -2)], vec![]),
            PieceKind::Lance => (vec![], vec![(0, -1)]),
            PieceKind::Pawn => (vec![(0, -1)], vec![]),
        }
    }

    type Board = [Option<Piece>; 81];

    /// The squares the piece on `from` reaches (own pieces included: the caller filters).
    fn reach(board: &Board, from: Square) -> Vec<Square> {
        let piece = board[from.index()].expect("a piece");
        let flip = if piece.side == Side::Black { 1 } else { -1 };
        let (steps, slides) = movement(piece.kind);
        let mut out = Vec::new();
        for (df, dr) in steps {
            if let Some(to) = from.offset(df * flip, dr * flip) {
                out.push(to);
            }
        }
        for (df, dr) in slides {
            let mut at = from;
            while let Some(to) = at.offset(df * flip, dr * flip) {
                out.push(to);
                if board[to.index()].is_some() {
                    break;
                }
                at = to;
            }
        }
        out
    }

    fn attacked(board: &Board, target: Square, by: Side) -> bool {
        Square::all().any(|from| {
            board[from.index()].is_some_and(|p| p.side == by)
                && reach(board, from).contains(&target)
        })
    }

    fn king_in_check(board: &Board, side: Side) -> bool {
        Square::all()
            .find(|s| board[s.index()] == Some(Piece::new(side, PieceKind::King)))
            .is_some_and(|king| attacked(board, king, side.opponent()))
    }

    /// Whether a piece of `kind` for `side` on `to` could never move again.
    fn stuck(kind: PieceKind, side: Side, to: Square) -> bool {
        let rows_left = if side == Side::Black {
            to.rank_number() - 1
        } else {
            9 - to.rank_number()
        };
        match kind {
            PieceKind::Pawn | PieceKind::Lance => rows_left == 0,
            PieceKind::Knight => rows_left < 2,
            _ => false,
        }
    }

    fn in_zone(side: Side, sq: Square) -> bool {
        if side == Side::Black {
            sq.rank_number() <= 3
        } else {
            sq.rank_number() >= 7
        }
    }

    /// Board moves (not drops) of `side` that do not leave its king attacked.
    fn board_moves(board: &Board, side: Side) -> Vec<(Move, Board)> {
        let mut out = Vec::new();
        for from in Square::all() {
            let Some(piece) = board[from.index()] else {
                continue;
            };
            if piece.side != side {
                continue;
            }
            for to in reach(board, from) {
                if board[to.index()].is_some_and(|p| p.side == side) {
                    continue;
                }
                let may_promote =
                    piece.kind.can_promote() && (in_zone(side, from) || in_zone(side, to));
                let mut choices = Vec::new();
                if may_promote {
                    choices.push(true);
                }
                if !stuck(piece.kind, side, to) {
                    choices.push(false);
                }
                for promote in choices {
                    let mut next = *board;
                    next[from.index()] = None;
                    let kind = if promote {
                        piece.kind.promoted()
                    } else {
                        piece.kind
                    };
                    next[to.index()] = Some(Piece::new(side, kind));
                    if !king_in_check(&next, side) {
                        out.push((Move::board(from, to, promote), next));
                    }
                }
            }
        }
        out
    }

    /// Every legal move of `position`, in USI form, sorted.
    pub fn legal_moves(position: &Position) -> Vec<String> {
        let setup = position.to_setup();
        let board = setup.board;
        let side = setup.side_to_move;
        let mut moves: Vec<String> = board_moves(&board, side)
            .into_iter()
            .map(|(m, _)| m.to_string())
            .collect();
        let hand = setup.hands[side.index()];
        for kind in PieceKind::HAND {
            if hand.count(kind) == 0 {
                continue;
            }
            for to in Square::all() {
                if board[to.index()].is_some() || stuck(kind, side, to) {
                    continue;
                }
                if kind == PieceKind::Pawn
                    && Square::all().any(|s| {
                        s.file() == to.file()
                            && board[s.index()] == Some(Piece::new(side, PieceKind::Pawn))
                    })
                {
                    continue; // nifu
                }
                let mut next = board;
                next[to.index()] = Some(Piece::new(side, kind));
                if king_in_check(&next, side) {
                    continue;
                }
                if kind == PieceKind::Pawn
                    && king_in_check(&next, side.opponent())
                    // A pawn's check is a contact check: no drop can answer it, so the
                    // opponent's board moves decide whether it is mate.
                    && board_moves(&next, side.opponent()).is_empty()
                {
                    continue; // uchifuzume
                }
                moves.push(Move::drop(kind, to).to_string());
            }
        }
        moves.sort();
        moves
    }
}

/// A count from the environment variable `name` (the big `./run fuzz` run sets it), else
/// `default`.
pub fn count_from_env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

// ---------------------------------------------------------------------------------------------
// Games and records for the notation and record tests.

/// Plays `moves` (USI, space-separated) in `game`, failing the test on an illegal one.
pub fn play_all(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        game.play(mv(text))
            .unwrap_or_else(|e| panic!("{text} after {:?}: {e}", game.moves()));
    }
}

/// A start for a random game: the normal start most of the time, else a handicap.
pub fn random_start(rng: &mut Rng) -> Position {
    if rng.chance(70) {
        Position::start()
    } else {
        pos(rng.pick(&Handicap::ALL).sfen())
    }
}

/// Positions along `count` random games of up to `plies` plies (every position of each).
pub fn random_positions(
    rng: &mut Rng,
    count: usize,
    plies: usize,
) -> Vec<(Position, Option<Move>)> {
    let mut found = Vec::new();
    for _ in 0..count {
        let start = random_start(rng);
        let game = random_game(rng, start, plies);
        for (i, position) in game.positions().iter().enumerate() {
            let previous = i.checked_sub(1).map(|p| game.moves()[p]);
            found.push((*position, previous));
        }
    }
    found
}

/// A random record: a random game (some ended by an act or a stated ending), random tags,
/// times and comments.
pub fn random_record(rng: &mut Rng) -> Record {
    let rules = *rng.pick(&[
        Ruleset::default(),
        Ruleset::parse("impasse=off").unwrap(),
        Ruleset::parse("maxmoves=300").unwrap(),
        Ruleset::parse("maxmoves=off").unwrap(),
    ]);
    let start = random_start(rng);
    let plies = rng.below(220);
    let played = random_game(rng, start, plies);
    let mut game = Game::from_position(start, rules);
    for &m in played.moves() {
        if game.play(m).is_err() {
            break;
        }
    }
    let mut end = None;
    if game.outcome().is_none() {
        let to_move = game.position().side_to_move();
        match rng.below(8) {
            0 => {
                game.resign(to_move);
            }
            1 => {
                game.lose_on_time(to_move);
            }
            2 => end = Some(RecordedEnd::Interrupted),
            3 => end = Some(RecordedEnd::Jishogi),
            4 => end = Some(RecordedEnd::Foul(*rng.pick(&Side::ALL))),
            _ => {}
        }
    }
    let mut tags = Vec::new();
    for (name, value) in [
        ("Event", "第1期 ランダム杯"),
        ("Sente", "Alice"),
        ("Gote", "ボブ"),
        ("StartTime", "2024/05/03 10:30:00"),
        ("Site", "on line, at home"),
        ("Opening", "YAGURA"),
        ("Title", "表題"),
        ("ROUND", "3"),
    ] {
        if rng.chance(50) {
            tags.push((name.to_string(), value.to_string()));
        }
    }
    let mut record = Record::new(game, tags);
    let plies = record.game.moves().len();
    record.seconds = (0..plies)
        .map(|_| rng.chance(70).then(|| rng.below(4000) as u32))
        .collect();
    while record.seconds.last() == Some(&None) {
        record.seconds.pop();
    }
    for _ in 0..rng.below(4) {
        let at = rng.below(plies + 1);
        record
            .comments
            .push((at, format!("コメント {at}: *good* #1 'x'")));
    }
    record.comments.sort_by_key(|(at, _)| *at);
    record.end = end;
    record
}
