//! Puzzles from self-play (native only), for any [`Analysable`] game.
//!
//! 1. **Games**: seeded self-play between engines weak enough to blunder (the configurations
//!    take turns by game), after a few random opening moves.
//! 2. **Candidates**: every position is searched ([`GeneratorSettings::scan_nodes`]). A
//!    position is a candidate when the side to move has just been given something: a forced
//!    win in 2 to [`GeneratorSettings::max_win_moves`] moves (goal `win`; one puzzle per run of
//!    forced-win positions, its first that passes), or a win probability of at least the
//!    proof's `winning` that rose by [`GeneratorSettings::swing`] or more over the opponent's
//!    last move (goal `advantage`: the opponent has just blundered, in the review's terms).
//! 3. **Lines**: built by search, the player's best move then the opponent's best reply, in
//!    turn: to the end of the game for `win`; for `advantage` while the player's move stays the
//!    one clearly best, then cut back to its last capture.
//! 4. **Proof**: [`Verifier::verify`]; a line it rejects is dropped.
//! 5. **Themes**: the game's ([`Analysable::line_themes`]) and `defence` when the opponent
//!    threatens a forced win (in the position with the player's turn passed) that the player's
//!    line must parry: sooner than the player's own win, or at all in an `advantage` line.
//! 6. **Rating** ([`rating`]): from the search effort to find the first move
//!    ([`super::verify::solving_effort`]), the player's moves and a quiet first move.

use super::puzzle::{Goal, Puzzle};
use super::selfplay::{play_game, run_parallel};
use super::verify::{is_capture, move_nature, solving_effort, ProofSettings, Verifier};
use super::{Analysable, MoveOf, PositionOf};
use engine::config::EngineConfig;
use engine::search::{MAX_DEPTH, WIN_THRESHOLD};
use engine::{
    FrozenClock, Limits, Playable, Score, SearchGame, SearchOptions, SearchRequest, SearchResult,
    Searcher,
};
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;

/// How puzzles are generated.
pub struct GeneratorSettings<P: Playable> {
    /// Games to play.
    pub games: usize,
    /// The seed of the games.
    pub seed: u64,
    /// Games played at once (1 or 2).
    pub threads: usize,
    /// The rules.
    pub rules: P::Rules,
    /// The engines of the games: game `i` is played by `players[i % len]` on both sides.
    pub players: Vec<EngineConfig<P::Search>>,
    /// Random moves at the start of each game.
    pub opening_plies: usize,
    /// Nodes to search each position of a game for candidates.
    pub scan_nodes: u64,
    /// Nodes of each search that builds an `advantage` line.
    pub line_nodes: u64,
    /// The longest forced win asked for, in the player's moves.
    pub max_win_moves: i32,
    /// The most player moves in an `advantage` line.
    pub max_advantage_moves: usize,
    /// The least rise of the side to move's win probability over the opponent's last move
    /// that makes an `advantage` candidate.
    pub swing: f64,
    /// Most puzzles taken from one game (at most one per goal and side in any case).
    pub per_game: usize,
    /// What the proof demands.
    pub proof: ProofSettings,
    /// The node limit of the effort search that rates a puzzle.
    pub effort_nodes: u64,
}

/// A generated puzzle with what rated it.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The position's key (duplicates share it).
    pub key: u64,
    /// Nodes a fresh search needed to settle on the first move.
    pub effort: u64,
    /// The game it came from.
    pub game: usize,
}

/// What one game gave.
#[derive(Clone, Debug, Default)]
pub struct GameYield {
    /// Its puzzles.
    pub puzzles: Vec<Generated>,
    /// Candidates found.
    pub candidates: usize,
    /// Candidates whose line was not found or not proved: their goal, a short code (to count
    /// them by) and the message.
    pub rejected: Vec<(Goal, &'static str, String)>,
}

/// Plays the games and mines them; `on_game` hears each game's yield as it ends. Duplicate
/// positions (same key) are kept once, the earliest game's.
pub fn generate<P: Analysable>(
    settings: &GeneratorSettings<P>,
    on_game: &(dyn Fn(usize, &GameYield) + Sync),
) -> Vec<GameYield> {
    run_parallel(
        settings.games,
        settings.threads,
        &|index| mine_game(settings, index),
        on_game,
    )
}

/// The puzzles of all yields, duplicates removed, in game order.
pub fn collect(yields: &[GameYield]) -> Vec<Generated> {
    let mut seen = BTreeSet::new();
    let mut ids = BTreeSet::new();
    let mut puzzles = Vec::new();
    for y in yields {
        for g in &y.puzzles {
            if seen.insert(g.key) && ids.insert(g.puzzle.id.clone()) {
                puzzles.push(g.clone());
            }
        }
    }
    puzzles
}

fn mine_game<P: Analysable>(settings: &GeneratorSettings<P>, index: usize) -> GameYield {
    let player = &settings.players[index % settings.players.len()];
    let seed = settings
        .seed
        .wrapping_mul(0x9E37_79B9)
        .wrapping_add(index as u64);
    let record = play_game::<P>(
        settings.rules,
        [player, player],
        settings.opening_plies,
        seed,
    );
    let model = P::WIN_MODEL;
    let mut scanner = Searcher::<P::Search>::new(16);
    let stop = AtomicBool::new(false);
    let mut game = P::start(settings.rules);
    let mut scores: Vec<i32> = Vec::with_capacity(record.moves.len());
    let mut positions: Vec<PositionOf<P>> = Vec::with_capacity(record.moves.len());
    for &m in &record.moves {
        positions.push(*game.current());
        let request = game.search_request(Limits::nodes(settings.scan_nodes));
        let result = scanner.search(&request, &FrozenClock, &stop, &mut |_| {});
        scores.push(result.score);
        if game.play_move(m).is_err() {
            break;
        }
    }
    let mut out = GameYield::default();
    let mut verifier = Verifier::<P::Search>::new(settings.proof, 16);
    let mut builder = Searcher::<P::Search>::new(16);
    // A side's forced win runs over several of its turns: one puzzle per run, from its first
    // position that gives one (a later, shorter one when an earlier has two solutions).
    let mut win_taken = [false; 2];
    // And one puzzle of each goal for each side of a game, so that a game's long won ending
    // does not give several puzzles of one idea.
    let mut goal_taken = [[false; 2]; 2];
    for i in settings.opening_plies.max(1)..positions.len() {
        if out.puzzles.len() >= settings.per_game {
            break;
        }
        let (score, before) = (scores[i], scores[i - 1]);
        let mover = record.side_at(i);
        if score < WIN_THRESHOLD {
            win_taken[mover] = false;
        }
        let goal = match Score::from_raw(score) {
            Score::WinIn(n) if (2..=settings.max_win_moves).contains(&n) && !win_taken[mover] => {
                Goal::Win
            }
            Score::Points(_)
                if model.of_raw(score) >= settings.proof.winning
                    && model.of_raw(score) - (1.0 - model.of_raw(before)) >= settings.swing =>
            {
                Goal::Advantage
            }
            _ => continue,
        };
        if goal_taken[goal as usize][mover] {
            continue;
        }
        out.candidates += 1;
        let start = positions[i];
        let line = match goal {
            Goal::Win => win_line::<P::Search>(
                &mut builder,
                &start,
                settings.max_win_moves,
                settings.proof.nodes,
            ),
            Goal::Advantage => advantage_line::<P>(&mut builder, &start, settings),
        };
        let Some(line) = line else {
            let why = match goal {
                Goal::Win => "no winning line found",
                Goal::Advantage => "no clearly best capture found",
            };
            out.rejected.push((goal, "no-line", why.into()));
            continue;
        };
        if let Err(why) = verifier.verify(&start, &line, goal) {
            out.rejected.push((goal, why.code(), why.to_string()));
            continue;
        }
        let effort = solving_effort::<P::Search>(
            &start,
            line[0],
            goal,
            Limits {
                depth: Some(MAX_DEPTH),
                nodes: Some(settings.effort_nodes),
                ..Limits::default()
            },
            4,
        );
        if goal == Goal::Win {
            win_taken[mover] = true;
        }
        goal_taken[goal as usize][mover] = true;
        let mut themes: Vec<String> = P::line_themes(&start, &line, goal)
            .into_iter()
            .map(String::from)
            .collect();
        if defends::<P::Search>(&mut builder, &start, &line, goal) {
            themes.push("defence".into());
        }
        let quiet_first = move_nature(builder.game(), &start, line[0])
            .is_some_and(|nature| !nature.capture && !nature.forcing);
        let key = P::Search::hash(&start);
        let puzzle = Puzzle {
            id: format!("{:08x}", (key >> 32) as u32),
            position: P::position_text(&start),
            last: Some(record.moves[i - 1].to_string()),
            side: P::side_name(P::Search::side_to_move(&start)).to_lowercase(),
            goal,
            line: line.iter().map(|m| m.to_string()).collect(),
            themes,
            rating: rating(effort, line.len().div_ceil(2), quiet_first),
        };
        out.puzzles.push(Generated {
            puzzle,
            key,
            effort,
            game: index,
        });
    }
    out
}

/// A standalone position's request (puzzles are shown without their game's history).
fn request<G: SearchGame>(
    pos: &G::Position,
    root_moves: Vec<G::Move>,
    limits: Limits,
) -> SearchRequest<G> {
    SearchRequest {
        position: *pos,
        history: Vec::new(),
        root_moves,
        draw_limit: G::default_draw_limit(),
        rules: G::Rules::default(),
        limits,
    }
}

fn search<G: SearchGame>(
    searcher: &mut Searcher<G>,
    pos: &G::Position,
    root_moves: Vec<G::Move>,
    limits: Limits,
) -> SearchResult<G::Move> {
    searcher.search(
        &request(pos, root_moves, limits),
        &FrozenClock,
        &AtomicBool::new(false),
        &mut |_| {},
    )
}

/// The forced win from `start` as a line: the winner's fastest move, the longest defence, in
/// turn, to the end of the game (full-width searches, as the proof's).
fn win_line<G: SearchGame>(
    searcher: &mut Searcher<G>,
    start: &G::Position,
    max_moves: i32,
    nodes: u64,
) -> Option<Vec<G::Move>> {
    searcher.set_options(SearchOptions {
        null_move: false,
        late_move_reductions: false,
        ..SearchOptions::default()
    });
    let mut line = Vec::new();
    let mut pos = *start;
    for ply in 0..(2 * max_moves) as usize {
        let legal = G::legal_moves(&pos);
        if legal.is_empty() {
            break;
        }
        let left = max_moves - (ply / 2) as i32;
        let result = search(
            searcher,
            &pos,
            legal,
            Limits {
                depth: Some((2 * left + 1) as u32),
                nodes: Some(nodes),
                ..Limits::default()
            },
        );
        let m = result.best_move?;
        if ply % 2 == 0 && result.score < WIN_THRESHOLD {
            return None;
        }
        line.push(m);
        pos = G::after(&pos, m);
        if G::legal_moves(&pos).is_empty()
            || searcher.game().verdict(&pos) == engine::Verdict::Loss(0)
        {
            return (line.len() % 2 == 1).then_some(line);
        }
    }
    None
}

/// The winning capture sequence from `start`: while the player's best move keeps a winning
/// probability and beats every other by the margin, it and the best reply; then cut back to
/// the player's last capture.
fn advantage_line<P: Analysable>(
    searcher: &mut Searcher<P::Search>,
    start: &PositionOf<P>,
    settings: &GeneratorSettings<P>,
) -> Option<Vec<MoveOf<P>>> {
    type G<P> = <P as Playable>::Search;
    searcher.set_options(SearchOptions::default());
    let model = P::WIN_MODEL;
    let limits = Limits {
        depth: Some(MAX_DEPTH),
        nodes: Some(settings.line_nodes),
        ..Limits::default()
    };
    let mut line: Vec<MoveOf<P>> = Vec::new();
    let mut captures: Vec<bool> = Vec::new();
    let mut pos = *start;
    for _ in 0..settings.max_advantage_moves {
        let legal = G::<P>::legal_moves(&pos);
        if legal.len() < 2 {
            break;
        }
        let best = search(searcher, &pos, legal.clone(), limits);
        let Some(m) = best.best_move else { break };
        let kept = model.of_raw(best.score);
        if best.score >= WIN_THRESHOLD || kept < settings.proof.winning {
            break;
        }
        let others: Vec<_> = legal.into_iter().filter(|o| *o != m).collect();
        let rival = search(searcher, &pos, others, limits);
        if kept - model.of_raw(rival.score) < settings.proof.margin {
            break;
        }
        captures.push(is_capture(searcher.game(), &pos, m));
        line.push(m);
        pos = G::<P>::after(&pos, m);
        let replies = G::<P>::legal_moves(&pos);
        if replies.is_empty() {
            break;
        }
        let reply = search(searcher, &pos, replies, limits);
        let Some(r) = reply.best_move else { break };
        line.push(r);
        pos = G::<P>::after(&pos, r);
    }
    // End on the player's last capture.
    let last_capture = captures.iter().rposition(|c| *c)?;
    line.truncate(2 * last_capture + 1);
    Some(line)
}

/// Whether the opponent threatens a forced win that the line must parry: in `start` with the
/// player's turn passed, the opponent wins by force in `t` moves, and the player's own forced
/// win (if the goal is one) takes more than `t` moves.
fn defends<G: SearchGame>(
    searcher: &mut Searcher<G>,
    start: &G::Position,
    line: &[G::Move],
    goal: Goal,
) -> bool {
    searcher.set_options(SearchOptions::default());
    let passed = G::passed(start);
    let legal = G::legal_moves(&passed);
    if legal.is_empty() {
        return false;
    }
    let threat = search(
        searcher,
        &passed,
        legal,
        Limits {
            depth: Some(6),
            nodes: Some(500_000),
            ..Limits::default()
        },
    );
    match Score::from_raw(threat.score) {
        Score::WinIn(t) => goal == Goal::Advantage || line.len().div_ceil(2) as i32 > t,
        _ => false,
    }
}

/// Rating points per doubling of the search effort.
pub const RATING_PER_DOUBLING: f64 = 100.0;
/// Rating points per player move after the first.
pub const RATING_PER_MOVE: f64 = 150.0;
/// Rating points for a quiet first move (no capture, no threat: the hardest to see).
pub const RATING_QUIET_FIRST: f64 = 150.0;
/// The effort (nodes) from which doublings count: below it the engine sees the move at once.
pub const EFFORT_BASE: f64 = 10.0;
/// The rating of a one-move puzzle found within [`EFFORT_BASE`] nodes.
pub const RATING_BASE: f64 = 600.0;

/// A puzzle's rating: [`RATING_BASE`], plus [`RATING_PER_DOUBLING`] per doubling of the search
/// effort over [`EFFORT_BASE`] nodes (a move the engine sees at once is one a player sees
/// soon), [`RATING_PER_MOVE`] per player move after the first, and [`RATING_QUIET_FIRST`] for a
/// quiet first move; within 600–2800. (Jungle's efforts run from a few nodes to about 30,000:
/// the engine's den logic finds most of these wins at once.)
pub fn rating(effort: u64, player_moves: usize, quiet_first: bool) -> u32 {
    let doublings = ((effort.max(1) as f64) / EFFORT_BASE).log2().max(0.0);
    let rating = RATING_BASE
        + RATING_PER_DOUBLING * doublings
        + RATING_PER_MOVE * player_moves.saturating_sub(1) as f64
        + if quiet_first { RATING_QUIET_FIRST } else { 0.0 };
    rating.clamp(600.0, 2800.0).round() as u32
}

#[cfg(test)]
mod tests {
    use super::rating;

    #[test]
    fn a_puzzle_is_rated_higher_the_more_search_moves_and_quietness_it_takes() {
        assert_eq!(rating(5, 1, false), 600);
        assert!(rating(100, 1, false) > rating(20, 1, false));
        assert!(rating(100, 3, false) > rating(100, 2, false));
        assert!(rating(100, 2, true) > rating(100, 2, false));
        assert_eq!(rating(u64::MAX, 40, true), 2800);
    }
}
