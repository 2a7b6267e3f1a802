//! What a game brings to the search: the traits [`SearchGame`] (positions, moves, evaluation,
//! tactics: the hot path) and [`Playable`] (a game being played, for requests, matches and
//! protocol loops), with the small types they speak in.

use super::levels::LevelSettings;
use super::ordering::Scored;
use super::search::{Limits, SearchOptions, SearchRequest};
use std::fmt;

/// A move as the search keeps it: copied freely and packed into 16 bits for the transposition
/// table (chess-like board moves and shogi's drops both fit).
pub trait SearchMove: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync + 'static {
    /// A value for the unused slots of fixed arrays; never a legal move, never compared as one.
    const PLACEHOLDER: Self;

    /// 16 bits that identify the move; 0 is no move's code.
    fn code(self) -> u16;

    /// The move with this (non-zero) code, if the code could be one. Moves read back from the
    /// table are checked with [`SearchGame::is_legal`] before use.
    fn from_code(code: u16) -> Option<Self>;
}

/// Fixed-capacity storage for one node's scored moves: an array on the stack, sized by the game
/// (its most moves in a position), left uninitialised until the moves are written (a shogi
/// node's 600 slots would cost more to clear than to fill).
///
/// # Safety
/// Implemented only for `[Scored<M>; N]` (below): the move picker writes the moves through a
/// pointer to the first slot and reads back only those it wrote.
pub unsafe trait MoveBuffer<M: SearchMove>: Sized {
    /// How many moves it holds.
    const CAPACITY: usize;
}

// SAFETY: an array of `Scored<M>` is what the trait's contract asks for.
unsafe impl<M: SearchMove, const N: usize> MoveBuffer<M> for [Scored<M>; N] {
    const CAPACITY: usize = N;
}

/// Which moves [`SearchGame::generate`] should visit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generate {
    /// Every legal move (the full-width search; an empty list means the side to move loses).
    All,
    /// The moves quiescence search looks at, `qply` plies into quiescence: captures, and what
    /// else the game finds worth it there (Jungle: den threats in the first two plies; shogi:
    /// checks that keep the checking piece, where `checks` asks for them).
    Noisy {
        /// Plies already searched in quiescence (0 at its first node).
        qply: usize,
        /// The search wants quiet checks here too ([`crate::SearchOptions`]'s
        /// `quiescence_checks`); a game may ignore it.
        checks: bool,
    },
    /// The replies to a threat at a [`Verdict::Threatened`] node in quiescence, where standing
    /// pat is not allowed (Jungle: captures of the intruder on the den's trap; shogi: every
    /// legal move out of check).
    Evasions,
    /// At a full-width node where every quiet move is futile: the captures and the forcing
    /// moves (shogi: checks). A game may give every legal move instead.
    Forcing,
    /// A full-width node's first stage ([`crate::SearchOptions`]'s
    /// `staged_generation`): at least every legal move the game orders as noisy
    /// ([`Order::Noisy`]); the picker keeps only those, and generates [`Generate::All`] for
    /// the rest only if none of them cuts off (shogi leaves out its hundreds of drops here). A
    /// game may give every legal move instead.
    NoisyStage,
}

/// Where a move goes in the search order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Right after the transposition table's move, ahead of the killers, highest rank first
    /// (captures by MVV/LVA, promotions, threats). The rank is in `0..1 << 29`; moves of equal
    /// rank keep the order they were generated in.
    Noisy(i32),
    /// After the killers, by history plus this bias (within ± 2^20: shogi's far-away drops can
    /// go last without the search knowing what a drop is).
    Quiet(i32),
}

/// How a move looks to the search, as the game tells it while generating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveNature {
    /// Its place in the order.
    pub order: Order,
    /// It captures: never a killer nor in the history, never reduced.
    pub capture: bool,
    /// It forces the reply (a den threat, a check): never reduced.
    pub forcing: bool,
}

/// What the game knows of a position before any search of it (exact tactics the search need
/// not find by searching).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move wins by force in this many plies (its winning move included), e.g. a
    /// Jungle animal on a den's trap (1), a mate the game's mate check found, a valid impasse
    /// declaration.
    Win(i32),
    /// The side to move has lost (0) or loses by force in this many plies, e.g. two Jungle
    /// intruders it cannot both stop (2).
    Loss(i32),
    /// The side to move must answer a threat at once (a check; an enemy on its den's trap):
    /// the search extends a ply, tries no null move and reduces nothing here, and quiescence
    /// searches [`Generate::Evasions`] instead of standing pat.
    Threatened {
        /// If no evasion works, the side to move loses in this many plies (shogi's check: 0;
        /// Jungle's intruder, who enters the den next move: 2).
        lost_in: i32,
    },
    /// Nothing forced.
    Open,
}

/// What a repeated position is worth to the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// A draw (scored with the search's contempt).
    Draw,
    /// A win now (e.g. the opponent checked on every move of the cycle, in shogi).
    Win,
    /// A loss now (e.g. the side to move checked on every move of the cycle).
    Loss,
}

/// One position of the game history or of the search path, for repetitions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PathEntry {
    /// Its Zobrist key.
    pub key: u64,
    /// Whether its side to move was [`Verdict::Threatened`] there (in check): what perpetual
    /// check rules look at.
    pub threatened: bool,
}

/// A game the search can play: positions, moves, evaluation and the game's own tactics. The
/// search is monomorphised over it (no dynamic dispatch, no allocation per node); a value of it
/// holds what evaluation needs (weights, tables) and lives in the [`super::Searcher`].
pub trait SearchGame: Sized + Send + 'static {
    /// A position; the search copies it to make a move (copy-make).
    type Position: Copy + fmt::Debug + Send + Sync + 'static;
    /// A move.
    type Move: SearchMove;
    /// Room for one node's moves (`[Scored<Self::Move>; N]`, N the most moves in a position).
    type MoveBuffer: MoveBuffer<Self::Move>;
    /// The evaluation's weights (varied by matches: `eval.<name>=<value>`).
    type Params: Clone + Default + fmt::Debug + PartialEq + Send + Sync + 'static;
    /// What the search must know of the game's rules beyond the position (shogi: whether an
    /// impasse declaration wins); `()` when the position says it all.
    type Rules: Copy + Default + fmt::Debug + Send + Sync + 'static;

    /// Slots of the history table per side; [`SearchGame::history_index`] is below this.
    const HISTORY_SIZE: usize;

    /// Whether the search keeps evaluations in a cache by key: worth it where the evaluation
    /// costs more than a cache miss (shogi's), not where it is a few table reads (Jungle's).
    const CACHE_EVALUATION: bool = false;

    /// The game's evaluation with these weights.
    fn new(params: Self::Params) -> Self;

    /// The search options this game plays best with (the pruning it was measured to gain
    /// from); [`SearchOptions::default`] unless the game says otherwise.
    fn default_options() -> SearchOptions {
        SearchOptions::default()
    }

    /// What `m` (a quiet move) wins or loses in the exchange on its square, for the search's
    /// exchange pruning; 0 (never pruned) unless the game evaluates exchanges.
    fn exchange(&self, _pos: &Self::Position, _m: Self::Move) -> i32 {
        0
    }

    /// Takes the rules of the game about to be searched ([`SearchRequest::rules`]).
    fn set_rules(&mut self, rules: Self::Rules);

    /// Sets one named weight from text (`jungle match --b "eval.defence=0"`).
    fn set_weight(params: &mut Self::Params, name: &str, value: i32) -> Result<(), String>;

    /// Every weight by the name [`SearchGame::set_weight`] takes, with its value (what the
    /// tuner can move); none unless the game lists them.
    fn weights(_params: &Self::Params) -> Vec<(String, i32)> {
        Vec::new()
    }

    /// The settings of player level 1–5 (clamped): each game has its own ladder of limits.
    fn level(level: u8) -> LevelSettings;

    /// The static score of a quiet position for the side to move (centipawn-like units).
    fn evaluate(&self, pos: &Self::Position) -> i32;

    /// The position's Zobrist key (board, hands, side to move).
    fn hash(pos: &Self::Position) -> u64;

    /// The side to move: 0 or 1.
    fn side_to_move(pos: &Self::Position) -> usize;

    /// The position after `m`, which is legal in `pos`.
    fn after(pos: &Self::Position, m: Self::Move) -> Self::Position;

    /// The position with the other side to move and nothing moved (null-move pruning).
    fn passed(pos: &Self::Position) -> Self::Position;

    /// The legal moves of `pos` (a lone position's root moves: cold code).
    fn legal_moves(pos: &Self::Position) -> Vec<Self::Move>;

    /// Whether `m` is legal in `pos` (root moves, moves from the transposition table).
    fn is_legal(pos: &Self::Position, m: Self::Move) -> bool;

    /// Visits the moves of `kind` in `pos` with their nature for the search.
    fn generate(
        &self,
        pos: &Self::Position,
        kind: Generate,
        visit: impl FnMut(Self::Move, MoveNature),
    );

    /// The nature of the one legal move `m` in a full-width search, as [`SearchGame::generate`]
    /// with [`Generate::All`] would give it, when the game can tell without generating every
    /// move. Then the search tries the transposition table's move before generating the others
    /// (a cut-off there saves the generation); `None` (the default): it generates first.
    fn nature(&self, _pos: &Self::Position, _m: Self::Move) -> Option<MoveNature> {
        None
    }

    /// The most the noisy move `m` can lift the static score of `pos` (the captured value
    /// plus a margin): quiescence skips it when even that cannot reach alpha (delta pruning).
    /// `None`: never skipped (threats, checks). Asked in quiescence only, so the move list
    /// need not carry it.
    fn max_gain(&self, pos: &Self::Position, m: Self::Move) -> Option<i32>;

    /// The history slot of a quiet move (below [`SearchGame::HISTORY_SIZE`]), e.g. its code,
    /// or the moving piece and its destination.
    fn history_index(pos: &Self::Position, m: Self::Move) -> usize;

    /// The exact tactics of `pos` that cost little to see, whatever the depth: a check, a win
    /// on the board. Mate checks that search, spent where the depth pays for them, belong in
    /// [`SearchGame::mate_check`].
    fn verdict(&self, pos: &Self::Position) -> Verdict;

    /// A forced win the game's mate check finds for the side to move at `pos` with `depth`
    /// plies left (0 or less in quiescence): the winning move and the plies the win takes
    /// (the shortest the check knows). Asked only where [`SearchGame::verdict`] saw nothing
    /// forced, and in the full-width search after the transposition table's probe, so nodes
    /// the table settles do not pay for it. `None` (the default): no mate check.
    fn mate_check(&self, _pos: &Self::Position, _depth: i32) -> Option<(Self::Move, i32)> {
        None
    }

    /// Whether passing is a fair test here (null-move pruning): false where zugzwang is likely.
    /// Never asked when the side to move is threatened.
    fn null_move_allowed(pos: &Self::Position) -> bool;

    /// How far back a position can repeat: plies since the last irreversible move (Jungle: a
    /// capture; shogi: none, so the whole path).
    fn reversible_plies(pos: &Self::Position) -> usize;

    /// The count the ruleset's move-limit draw applies to (Jungle: plies since a capture;
    /// shogi: plies played).
    fn draw_count(pos: &Self::Position) -> u32;

    /// The move-limit draw when a position is searched without its game's rules.
    fn default_draw_limit() -> Option<u32>;

    /// The worth of `pos` repeating `cycle[0]`: `cycle` runs from that earlier occurrence (same
    /// side to move) to the position just before `pos`. Jungle: always a draw; shogi: a draw
    /// unless one side checked on every move of the cycle.
    fn repetition(&self, pos: &Self::Position, cycle: &[PathEntry]) -> Repetition;
}

/// How a played game ended, as the match runner counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The winner's side (0 or 1), `None` for a draw.
    pub winner: Option<usize>,
    /// A stable machine name for the reason (`den`, `threefold`, `checkmate`, …).
    pub reason: &'static str,
}

/// A game being played: a start, its rules, the moves so far, its end. What requests, levels,
/// the match runner and protocol loops need beyond the search (cold code: allocation is fine).
pub trait Playable: Clone + Send + Sync + 'static {
    /// The search's view of the game.
    type Search: SearchGame;
    /// The ruleset (variants, draw limits).
    type Rules: Copy + Send + Sync + 'static;

    /// A game from the start position under `rules`.
    fn start(rules: Self::Rules) -> Self;

    /// The current position.
    fn current(&self) -> &<Self::Search as SearchGame>::Position;

    /// The moves the rules allow now (with any repetition prohibition of the ruleset).
    fn allowed_moves(&self) -> Vec<<Self::Search as SearchGame>::Move>;

    /// Plays a move, or says why it is illegal.
    fn play_move(&mut self, m: <Self::Search as SearchGame>::Move) -> Result<(), String>;

    /// The moves played.
    fn moves_played(&self) -> &[<Self::Search as SearchGame>::Move];

    /// How the game ended, if it has.
    fn ending(&self) -> Option<Ending>;

    /// A side's name for reports (`black`, `sente`).
    fn side_name(side: usize) -> &'static str;

    /// The search request for the current position: its history (for repetitions), the moves
    /// allowed, the ruleset's draw limit.
    fn search_request(&self, limits: Limits) -> SearchRequest<Self::Search>;

    /// Ends the game with a win the side to move may declare instead of moving (shogi's
    /// impasse declaration), when the rules allow it now; false (nothing changes) otherwise.
    fn claim_win(&mut self) -> bool {
        false
    }
}
