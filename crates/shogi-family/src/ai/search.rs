//! The family's side of the generic search: positions and moves as the search keeps them, an
//! evaluation read from the variant's table, and the endings each variant adds. A first, plain
//! evaluation: every piece is worth what it reaches from the middle of an empty board (a slide
//! counted up to four squares), a piece in hand a little more than on the board; its weights
//! are still to be fitted by self-play, variant by variant.

use crate::game::{Ending as GameEnding, Game, Options};
use crate::packed::Packed;
use crate::pieces::Atom;
use crate::position::Position;
use crate::rules::{face_of, side_of, Side, CELLS, EMPTY};
use crate::variant::{Repetition as VariantRepetition, Royalty, Special, Variant, VARIANTS};
use engine::{
    Ending, Generate, LevelSettings, Limits, MoveNature, Order, PathEntry, Playable, Repetition,
    Scored, SearchGame, SearchRequest, Verdict,
};
use std::sync::OnceLock;

/// The most moves a position of the family has room for (cannon shogi's drops and cannons
/// reach several hundred).
pub const MAX_MOVES: usize = 1024;

/// The evaluation's weights (none yet beyond the table's: the type the search asks for).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Params;

/// What the search must know of a game beyond its position: the variant's options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchRules;

/// The family's evaluation for the search.
pub struct Family;

/// Each variant's worth of each face on the board, and in hand (a tenth more).
fn values(variant: &Variant) -> &'static (Vec<i32>, Vec<i32>) {
    static ALL: OnceLock<Vec<(Vec<i32>, Vec<i32>)>> = OnceLock::new();
    let all = ALL.get_or_init(|| {
        VARIANTS
            .iter()
            .map(|v| {
                let board: Vec<i32> = v
                    .faces
                    .iter()
                    .map(|face| {
                        if face.royal {
                            return 0;
                        }
                        let reach: i32 = face
                            .moves
                            .iter()
                            .map(|atom| match *atom {
                                Atom::Step(..) => 1,
                                Atom::Slide(_, _, max, _) => {
                                    if max == 0 {
                                        4
                                    } else {
                                        i32::from(max).min(4)
                                    }
                                }
                                Atom::Hop(..) => 2,
                            })
                            .sum();
                        40 + 30 * reach
                    })
                    .collect();
                let hand = board.iter().map(|v| v + v / 10).collect();
                (board, hand)
            })
            .collect()
    });
    let at = VARIANTS
        .iter()
        .position(|v| v.name == variant.name)
        .expect("a variant of the table");
    &all[at]
}

/// Random keys for hashing: a piece's cell on a square, a count of a face in a side's hand.
struct Keys {
    board: Vec<u64>,
    hand: Vec<u64>,
    side: u64,
}

fn keys() -> &'static Keys {
    static KEYS: OnceLock<Keys> = OnceLock::new();
    KEYS.get_or_init(|| {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        Keys {
            board: (0..128 * CELLS).map(|_| next()).collect(),
            hand: (0..2 * 32 * 64).map(|_| next()).collect(),
            side: next(),
        }
    })
}

/// The position's Zobrist key.
pub fn hash(pos: &Position) -> u64 {
    let keys = keys();
    let mut key = if pos.side == Side::Gote { keys.side } else { 0 };
    for &square in &pos.rules.squares {
        let cell = pos.cells[square];
        if cell != EMPTY {
            key ^= keys.board[usize::from(cell & 0x7f) * CELLS + square];
        }
    }
    for side in 0..2 {
        for (face, &count) in pos.hands[side].iter().enumerate() {
            if count > 0 {
                key ^= keys.hand[(side * 32 + face) * 64 + usize::from(count.min(63))];
            }
        }
    }
    key
}

/// Whether the game has ended for the side to move, and if so whether it won.
fn ended(pos: &Position) -> Option<bool> {
    if !pos.is_over() {
        return None;
    }
    let variant = pos.variant();
    let us = pos.side;
    if variant.royalty != Royalty::King && pos.royal_squares(us).next().is_none() {
        return Some(false);
    }
    if variant.special == Special::Try {
        return Some(pos.royal_safe_on_far_rank(us));
    }
    Some(false)
}

impl SearchGame for Family {
    type Position = Position;
    type Move = Packed;
    type MoveBuffer = [Scored<Packed>; MAX_MOVES];
    type Params = Params;
    type Rules = SearchRules;

    // One slot per move code.
    const HISTORY_SIZE: usize = 1 << 16;

    fn new(_params: Params) -> Family {
        Family
    }

    fn set_rules(&mut self, _rules: SearchRules) {}

    fn set_weight(_params: &mut Params, name: &str, _value: i32) -> Result<(), String> {
        Err(format!(
            "the family's evaluation has no weight '{name}' yet"
        ))
    }

    fn level(level: u8) -> LevelSettings {
        LevelSettings::from_ladder(
            level,
            [
                (Limits::depth(1), 300, 20),
                (Limits::depth(2), 120, 5),
                (Limits::nodes(3_000), 50, 0),
                (Limits::nodes(30_000), 20, 0),
                (Limits::nodes(1_000_000), 0, 0),
            ],
        )
    }

    fn evaluate(&self, pos: &Position) -> i32 {
        let (board, hand) = values(pos.variant());
        let mut score = 0;
        for &square in &pos.rules.squares {
            let cell = pos.cells[square];
            if cell != EMPTY {
                let worth = board[face_of(cell) as usize];
                score += if side_of(cell) == Side::Sente {
                    worth
                } else {
                    -worth
                };
            }
        }
        for (face, worth) in hand.iter().enumerate() {
            score += worth * (i32::from(pos.hands[0][face]) - i32::from(pos.hands[1][face]));
        }
        if pos.side == Side::Sente {
            score
        } else {
            -score
        }
    }

    fn hash(pos: &Position) -> u64 {
        hash(pos)
    }

    fn side_to_move(pos: &Position) -> usize {
        pos.side.index()
    }

    fn after(pos: &Position, m: Packed) -> Position {
        pos.after(m.decode(pos).expect("a legal move decodes"))
    }

    fn passed(pos: &Position) -> Position {
        let mut next = *pos;
        next.side = pos.side.other();
        next
    }

    fn legal_moves(pos: &Position) -> Vec<Packed> {
        pos.legal_moves()
            .into_iter()
            .filter_map(|m| Packed::of(m, pos))
            .collect()
    }

    fn is_legal(pos: &Position, m: Packed) -> bool {
        m.unpack(pos).is_some()
    }

    fn generate(&self, pos: &Position, kind: Generate, mut visit: impl FnMut(Packed, MoveNature)) {
        let (board, _) = values(pos.variant());
        let noisy_only = matches!(kind, Generate::Noisy { .. });
        for m in pos.legal_moves() {
            let target = pos.cells[m.to as usize];
            let capture = !m.is_drop() && target != EMPTY;
            let promotes = !m.is_drop() && m.face != m.moved;
            if noisy_only && !capture {
                continue;
            }
            let order = if capture {
                let victim = board[face_of(target) as usize].max(1);
                let attacker = board[m.moved as usize];
                Order::Noisy(victim * 1024 + (1023 - attacker.min(1023)))
            } else if promotes {
                Order::Noisy(board[m.face as usize] - board[m.moved as usize] + 1)
            } else {
                Order::Quiet(0)
            };
            if let Some(packed) = Packed::of(m, pos) {
                visit(
                    packed,
                    MoveNature {
                        order,
                        capture,
                        forcing: false,
                    },
                );
            }
        }
    }

    fn max_gain(&self, pos: &Position, m: Packed) -> Option<i32> {
        let (board, _) = values(pos.variant());
        let victim = m
            .decode(pos)
            .filter(|m| !m.is_drop() && pos.cells[m.to as usize] != EMPTY)
            .map_or(0, |m| board[face_of(pos.cells[m.to as usize]) as usize]);
        Some(victim + 200)
    }

    fn history_index(_pos: &Position, m: Packed) -> usize {
        usize::from(m.code())
    }

    fn verdict(&self, pos: &Position) -> Verdict {
        match ended(pos) {
            Some(true) => return Verdict::Win(1),
            Some(false) => return Verdict::Loss(0),
            None => {}
        }
        let variant = pos.variant();
        let king = pos.king(pos.side);
        if king != 0 && pos.attacked(king, pos.side.other()) {
            return Verdict::Threatened {
                lost_in: if variant.royalty == Royalty::King {
                    0
                } else {
                    2
                },
            };
        }
        Verdict::Open
    }

    fn null_move_allowed(pos: &Position) -> bool {
        pos.variant().drops
    }

    fn reversible_plies(_pos: &Position) -> usize {
        usize::MAX
    }

    fn draw_count(pos: &Position) -> u32 {
        pos.move_number.saturating_sub(1)
    }

    fn default_draw_limit() -> Option<u32> {
        None
    }

    fn repetition(&self, pos: &Position, cycle: &[PathEntry]) -> Repetition {
        let variant = pos.variant();
        if variant.perpetual_check_loses {
            let we_checked = cycle.iter().skip(1).step_by(2).all(|e| e.threatened);
            let they_checked =
                pos.in_check() && cycle.iter().skip(2).step_by(2).all(|e| e.threatened);
            match (we_checked, they_checked) {
                (true, false) => return Repetition::Loss,
                (false, true) => return Repetition::Win,
                _ => {}
            }
        }
        match variant.repetition {
            VariantRepetition::Draw => Repetition::Draw,
            VariantRepetition::SenteLoses if pos.side == Side::Sente => Repetition::Loss,
            VariantRepetition::SenteLoses => Repetition::Win,
            // The side that has just moved brought the position back.
            VariantRepetition::RepeaterLoses => Repetition::Win,
        }
    }
}

/// The variant a played game is of, with its options.
#[derive(Clone, Copy, Debug)]
pub struct GameRules {
    /// The variant.
    pub variant: &'static Variant,
    /// Its options where players differ.
    pub options: Options,
}

/// A game of the family as the match runner and protocols play it: the game, and its moves as
/// the search keeps them.
#[derive(Clone, Debug)]
pub struct Played {
    /// The game.
    pub game: Game,
    packed: Vec<Packed>,
}

impl Played {
    /// A game being played from `game` (its moves so far included).
    pub fn new(game: Game) -> Played {
        let mut position = *game.start();
        let mut packed = Vec::new();
        for &m in game.moves() {
            packed.push(Packed::of(m, &position).expect("a played move packs"));
            position = position.after(m);
        }
        Played { game, packed }
    }
}

impl Playable for Played {
    type Search = Family;
    type Rules = GameRules;

    fn start(rules: GameRules) -> Played {
        Played::new(Game::with_options(
            Position::start(rules.variant),
            rules.options,
        ))
    }

    fn current(&self) -> &Position {
        self.game.position()
    }

    fn allowed_moves(&self) -> Vec<Packed> {
        if self.game.outcome().is_some() {
            return Vec::new();
        }
        Family::legal_moves(self.game.position())
    }

    fn play_move(&mut self, m: Packed) -> Result<(), String> {
        let rules_move = m
            .unpack(self.game.position())
            .ok_or_else(|| format!("'{m}' is not legal here"))?;
        self.game.play(rules_move).map_err(|e| format!("{e:?}"))?;
        self.packed.push(m);
        Ok(())
    }

    fn moves_played(&self) -> &[Packed] {
        &self.packed
    }

    fn ending(&self) -> Option<Ending> {
        self.game.outcome().map(|o| Ending {
            winner: o.winner.map(Side::index),
            reason: match o.ending {
                GameEnding::NoMoves => "no-moves",
                GameEnding::RoyalsLost => "royals-lost",
                GameEnding::Checked => "checked",
                GameEnding::Try => "try",
                GameEnding::Repetition => "repetition",
                GameEnding::PerpetualCheck => "perpetual-check",
            },
        })
    }

    fn side_name(side: usize) -> &'static str {
        ["sente", "gote"][side & 1]
    }

    fn search_request(&self, limits: Limits) -> SearchRequest<Family> {
        let positions: Vec<&Position> = self.game.positions().collect();
        SearchRequest {
            position: *self.game.position(),
            history: positions[..positions.len() - 1]
                .iter()
                .map(|p| PathEntry {
                    key: hash(p),
                    threatened: p.in_check(),
                })
                .collect(),
            root_moves: self.allowed_moves(),
            draw_limit: None,
            rules: SearchRules,
            limits,
        }
    }
}
