//! Tsume (mating problems) for the tutorial: the tsume conventions of `docs/puzzles.md` as
//! code, a generator of small natural problems for authors (`shogi tsume`), and a problem as
//! the shared puzzle format ([`analysis::puzzle`]).
//!
//! Every problem's solution is proven the only one by [`super::mate::prove_tsume`]; the
//! generator keeps a candidate only when that proof succeeds and the problem looks like a
//! composed one: the attacker's pieces in hand are all used, no attacker piece on the board
//! stands idle, and the defender has pieces of its own beside the king.

use super::mate::{prove_tsume, solve, MateResult, TsumeFlaw, TsumeProof};
use crate::{Move, Piece, PieceKind, Position, PositionError, Setup, Side, Square};
use analysis::puzzle::{Goal, Puzzle};
use engine::Rng;

/// The themes a tsume can have, as the puzzle format's machine names: a drop among the
/// attacker's moves, a promotion among them, a sacrifice (the defender takes a piece the
/// attacker has just moved or dropped).
pub const THEMES: [&str; 3] = ["drop", "promotion", "sacrifice"];

/// Gives the defender (gote) every piece that is neither on the board nor in the attacker's
/// hand — the tsume convention (残り駒全部玉方持駒), so the defender may interpose any kind the
/// set still has. The attacker (sente) has no king.
pub fn give_rest_to_defender(setup: &mut Setup) {
    for kind in PieceKind::HAND {
        let on_board = setup
            .board
            .iter()
            .flatten()
            .filter(|piece| piece.kind.unpromoted() == kind)
            .count() as u8;
        let rest = kind
            .set_count()
            .saturating_sub(on_board + setup.hands[Side::Black.index()].count(kind));
        setup.hands[Side::White.index()].set(kind, rest);
    }
}

/// The themes of a solution line (in [`THEMES`]' order).
pub fn themes(line: &[Move]) -> Vec<String> {
    let attacker_moves = || line.iter().step_by(2);
    let sacrifice = line
        .windows(2)
        .step_by(2)
        .any(|pair| pair[1].to() == pair[0].to());
    let has = [
        attacker_moves().any(|m| m.is_drop()),
        attacker_moves().any(|m| m.promotes()),
        sacrifice,
    ];
    THEMES
        .iter()
        .zip(has)
        .filter(|(_, has)| *has)
        .map(|(theme, _)| theme.to_string())
        .collect()
}

/// A proven tsume as a puzzle of the shared format: its SFEN, `sente` to play, goal `win`, the
/// USI line, its [`themes`], and a prior rating (600 for a mate in 1, 400 more per two plies,
/// 100 more for a sacrifice); the id is the position's key in hex.
pub fn to_puzzle(position: &Position, line: &[Move]) -> Puzzle {
    let themes = themes(line);
    let sacrifice = themes.iter().any(|t| t == "sacrifice") as u32;
    Puzzle {
        id: format!("{:016x}", position.hash()),
        position: position.to_sfen(),
        last: None,
        side: "sente".into(),
        goal: Goal::Win,
        line: line.iter().map(|m| m.to_string()).collect(),
        themes,
        rating: 600 + 200 * (line.len() as u32 - 1) + 100 * sacrifice,
    }
}

/// The puzzle trainer's themes of a tsume, beyond [`THEMES`]: its length (`mate-1`, `mate-3`,
/// `mate-5`, … in plies, the trainer's "mate in N") and `drop-mate` when the mating move is a
/// drop, before the line's [`themes`].
pub fn trainer_themes(line: &[Move]) -> Vec<String> {
    let mut all = vec![format!("mate-{}", line.len())];
    if line.last().is_some_and(|m| m.is_drop()) {
        all.push("drop-mate".to_string());
    }
    all.extend(themes(line));
    all
}

/// A proven tsume as a puzzle of the trainer's set (`www/puzzles/shogi.json`): as
/// [`to_puzzle`], with the [`trainer_themes`] and a rating that also grows with the checks
/// sente could give at the start (each is a try the solver must rule out): 25 more for each
/// check beyond the first, at most 300 more.
pub fn to_trainer_puzzle(position: &Position, line: &[Move]) -> Puzzle {
    let mut puzzle = to_puzzle(position, line);
    let checks = position
        .legal_moves()
        .iter()
        .filter(|&&m| position.gives_check(m))
        .count() as u32;
    puzzle.themes = trainer_themes(line);
    puzzle.rating += (25 * checks.saturating_sub(1)).min(300);
    puzzle
}

/// Why a puzzle of a tsume file is not a proven tsume.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TsumeError {
    /// The position is not a valid SFEN position.
    Position(PositionError),
    /// The attacker is not sente, or the goal is not `win`.
    NotSenteToMate,
    /// A move of the line is not a USI move.
    Move(String),
    /// The proof failed.
    Flaw(TsumeFlaw),
    /// The themes are not the line's.
    Themes(Vec<String>),
}

impl std::fmt::Display for TsumeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TsumeError::Position(e) => write!(f, "the position: {e}"),
            TsumeError::NotSenteToMate => f.write_str("sente must be to play, goal 'win'"),
            TsumeError::Move(text) => write!(f, "'{text}' is not a USI move"),
            TsumeError::Flaw(flaw) => write!(f, "not a proven tsume: {flaw}"),
            TsumeError::Themes(themes) => write!(f, "the line's themes are {themes:?}"),
        }
    }
}

/// Proves a puzzle of a tsume file: a valid position with sente to play, goal `win`, a line
/// that [`prove_tsume`] proves the unique solution within `node_budget`, and the line's
/// [`themes`] (a tutorial's) or [`trainer_themes`] (the trainer's set, whose first theme is the
/// length).
pub fn check_puzzle(puzzle: &Puzzle, node_budget: u64) -> Result<TsumeProof, TsumeError> {
    let position = Position::from_sfen(&puzzle.position).map_err(TsumeError::Position)?;
    if position.side_to_move() != Side::Black || puzzle.side != "sente" || puzzle.goal != Goal::Win
    {
        return Err(TsumeError::NotSenteToMate);
    }
    let line = puzzle
        .line
        .iter()
        .map(|text| Move::parse_usi(text).map_err(|_| TsumeError::Move(text.clone())))
        .collect::<Result<Vec<Move>, _>>()?;
    let proof = prove_tsume(&position, &line, node_budget).map_err(TsumeError::Flaw)?;
    let trainers = puzzle
        .themes
        .first()
        .is_some_and(|t| t.starts_with("mate-"));
    let expected = if trainers {
        trainer_themes(&line)
    } else {
        themes(&line)
    };
    if expected != puzzle.themes {
        return Err(TsumeError::Themes(expected));
    }
    Ok(proof)
}

/// The attacker's pieces a generated problem is built from (on the board, near the king).
const ATTACKERS: [PieceKind; 11] = [
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
    PieceKind::Silver,
];

/// The defender's pieces beside its king (pawns twice as likely).
const DEFENDERS: [PieceKind; 6] = [
    PieceKind::Gold,
    PieceKind::Silver,
    PieceKind::Knight,
    PieceKind::Lance,
    PieceKind::Pawn,
    PieceKind::Pawn,
];

/// The attacker's pieces in hand (golds and silvers twice as likely).
const IN_HAND: [PieceKind; 9] = [
    PieceKind::Gold,
    PieceKind::Gold,
    PieceKind::Silver,
    PieceKind::Silver,
    PieceKind::Knight,
    PieceKind::Lance,
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Pawn,
];

/// Node budgets of one candidate: the solver's, then the proof's.
const SOLVE_NODES: u64 = 300_000;
const PROOF_NODES: u64 = 3_000_000;

fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> T {
    items[rng.below(items.len() as u64) as usize]
}

/// A random square within `reach` files and ranks of `king`, if on the board.
fn near(rng: &mut Rng, king: Square, reach: i8) -> Option<Square> {
    let span = 2 * reach as u64 + 1;
    let files = rng.below(span) as i8 - reach;
    let ranks = rng.below(span) as i8 - reach;
    king.offset(files, ranks)
}

/// One random candidate position: gote's king on one of its two back ranks in the right-hand
/// six files, up to four gote pieces within two squares of it, one to three sente pieces within
/// three squares, up to three sente pieces in hand, the rest in gote's hand. `None` when the
/// drawn setup breaks a rule or gote is already in check.
fn random_position(rng: &mut Rng) -> Option<Position> {
    let mut setup = Setup::empty();
    setup.side_to_move = Side::Black;
    let king = Square::from_coords(rng.below(6) as i8, rng.below(2) as i8)?;
    setup.board[king.index()] = Some(Piece::new(Side::White, PieceKind::King));
    let mut place = |rng: &mut Rng, side: Side, kind: PieceKind, reach: i8| {
        if let Some(sq) = near(rng, king, reach) {
            if setup.board[sq.index()].is_none() {
                setup.board[sq.index()] = Some(Piece::new(side, kind));
            }
        }
    };
    for _ in 0..1 + rng.below(4) {
        let kind = pick(rng, &DEFENDERS);
        place(rng, Side::White, kind, 2);
    }
    for _ in 0..1 + rng.below(3) {
        let kind = pick(rng, &ATTACKERS);
        place(rng, Side::Black, kind, 3);
    }
    let hand = &mut setup.hands[Side::Black.index()];
    for _ in 0..rng.below(4) {
        let kind = pick(rng, &IN_HAND);
        hand.set(kind, hand.count(kind) + 1);
    }
    give_rest_to_defender(&mut setup);
    Position::from_setup(&setup).ok()
}

/// Whether the line uses every piece the attacker holds: its hand is empty at the end.
fn uses_the_whole_hand(position: &Position, line: &[Move]) -> bool {
    let end = line.iter().fold(*position, |now, &m| now.after(m));
    end.hand(Side::Black).is_empty()
}

/// Whether every sente piece on the board is needed: without it (given to gote's hand) the
/// line is no longer the proven solution (a piece the line moves is needed by definition: the
/// line is then illegal).
fn no_idle_piece(position: &Position, line: &[Move]) -> bool {
    Square::all()
        .filter(|&sq| {
            position
                .piece_at(sq)
                .is_some_and(|piece| piece.side == Side::Black)
        })
        .all(|sq| {
            let mut setup = position.to_setup();
            setup.board[sq.index()] = None;
            give_rest_to_defender(&mut setup);
            Position::from_setup(&setup).map_or(true, |without| {
                prove_tsume(&without, line, PROOF_NODES).is_err()
            })
        })
}

/// Draws random candidates until one is a natural tsume of exactly `plies` plies (odd) with a
/// unique solution, or `tries` candidates have failed. Answers the position and its solution.
pub fn generate(rng: &mut Rng, plies: u32, tries: u32) -> Option<(Position, Vec<Move>)> {
    for _ in 0..tries {
        let Some(position) = random_position(rng) else {
            continue;
        };
        let MateResult::Mate(line) = solve(&position, plies, SOLVE_NODES) else {
            continue;
        };
        if line.len() as u32 != plies
            || position.pieces(Side::White).count() < 2
            || !uses_the_whole_hand(&position, &line)
            || prove_tsume(&position, &line, PROOF_NODES).is_err()
            || !no_idle_piece(&position, &line)
        {
            continue;
        }
        return Some((position, line));
    }
    None
}

/// What a problem's first move is, for variety: the piece that plays it (a dropped piece's
/// kind, or the kind on the square it leaves), whether it drops and whether it promotes.
fn first_move_kind(position: &Position, line: &[Move]) -> (Option<PieceKind>, bool, bool) {
    let first = line[0];
    let kind = first.dropped().or_else(|| {
        first
            .from()
            .and_then(|sq| position.piece_at(sq))
            .map(|p| p.kind)
    });
    (kind, first.is_drop(), first.promotes())
}

/// Picks `count` of `problems` with their first moves as varied as possible: round by round,
/// one problem of each first-move kind not yet exhausted, in the order found.
pub fn varied(problems: &[(Position, Vec<Move>)], count: usize) -> Vec<(Position, Vec<Move>)> {
    let mut kinds = Vec::new();
    for (position, line) in problems {
        let kind = first_move_kind(position, line);
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    let mut taken = vec![false; problems.len()];
    let mut chosen = Vec::new();
    while chosen.len() < count.min(problems.len()) {
        for kind in &kinds {
            let next = problems.iter().enumerate().find(|(i, (position, line))| {
                !taken[*i] && first_move_kind(position, line) == *kind
            });
            if let Some((i, problem)) = next {
                if chosen.len() < count {
                    taken[i] = true;
                    chosen.push(problem.clone());
                }
            }
        }
    }
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usi(line: &[&str]) -> Vec<Move> {
        line.iter().map(|m| Move::parse_usi(m).unwrap()).collect()
    }

    #[test]
    fn the_rest_of_the_set_goes_to_the_defender() {
        let mut setup = Setup::parse("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap();
        give_rest_to_defender(&mut setup);
        assert_eq!(
            setup.to_sfen(),
            "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
        );
    }

    #[test]
    fn themes_name_drops_promotions_and_sacrifices() {
        // Head mate by a gold drop: a drop only.
        assert_eq!(themes(&usi(&["G*5b"])), ["drop"]);
        // A piece dropped then taken, then a promoting move: all three.
        let line = usi(&["G*2b", "3a2b", "3c3b+"]);
        assert_eq!(themes(&line), ["drop", "promotion", "sacrifice"]);
    }

    #[test]
    fn the_trainers_themes_name_the_length_and_a_drop_mate() {
        assert_eq!(
            trainer_themes(&usi(&["G*5b"])),
            ["mate-1", "drop-mate", "drop"]
        );
        let line = usi(&["G*2b", "3a2b", "3c3b+"]);
        assert_eq!(
            trainer_themes(&line),
            ["mate-3", "drop", "promotion", "sacrifice"]
        );
    }

    #[test]
    fn a_trainer_puzzle_is_rated_higher_for_more_checks_to_rule_out() {
        // The gold drop on 1b is the only mate; sente has several other checks.
        let position =
            Position::from_sfen("8k/9/8n/6B2/9/9/9/9/9 b G2rb3g4s3n4l18p 1").expect("the tsume");
        let line = usi(&["G*1b"]);
        let plain = to_puzzle(&position, &line);
        let rated = to_trainer_puzzle(&position, &line);
        let checks = position
            .legal_moves()
            .iter()
            .filter(|&&m| position.gives_check(m))
            .count() as u32;
        assert!(checks > 1, "{checks} checks");
        assert_eq!(rated.rating, plain.rating + (25 * (checks - 1)).min(300));
        assert_eq!(rated.line, plain.line);
        assert_eq!(rated.themes, ["mate-1", "drop-mate", "drop"]);
    }

    #[test]
    fn varied_takes_one_problem_of_each_first_move_kind_before_a_second() {
        let start = Position::start();
        let problems: Vec<(Position, Vec<Move>)> = ["G*5b", "G*4b", "R*5b", "7g7f"]
            .iter()
            .map(|m| (start, usi(&[m])))
            .collect();
        let firsts = |chosen: Vec<(Position, Vec<Move>)>| -> Vec<String> {
            chosen.iter().map(|(_, line)| line[0].to_string()).collect()
        };
        assert_eq!(firsts(varied(&problems, 3)), ["G*5b", "R*5b", "7g7f"]);
        assert_eq!(
            firsts(varied(&problems, 9)),
            ["G*5b", "R*5b", "7g7f", "G*4b"]
        );
    }

    #[test]
    fn generated_problems_are_proven_natural_and_reproducible() {
        let first = generate(&mut Rng::new(7), 1, 2_000).expect("a mate in 1 within 2,000 tries");
        let again = generate(&mut Rng::new(7), 1, 2_000).expect("the same");
        assert_eq!(first, again, "a seed gives the same problem");
        let (position, line) = first;
        assert_eq!(line.len(), 1);
        assert!(prove_tsume(&position, &line, PROOF_NODES).is_ok());
        assert!(uses_the_whole_hand(&position, &line));
        assert!(
            position.pieces(Side::White).count() >= 2,
            "the king has defenders"
        );
        let puzzle = to_puzzle(&position, &line);
        assert_eq!(check_puzzle(&puzzle, PROOF_NODES).map(|p| p.plies), Ok(1));
    }
}
