//! The search is generic: a second game, written here in a few lines, is played by the same
//! search, levels and match runner as Jungle. The game is Nim with one pile: take 1, 2 or 3
//! stones; a player who cannot move (the pile is empty) loses. Its theory is known: the side to
//! move loses exactly when the pile is a multiple of 4 (whatever it takes, the other side takes
//! the rest of 4), so a winner takes `pile % 4` and wins in `pile / 4 + 1` of its moves.

use engine::bench;
use engine::config::EngineConfig;
use engine::matches::{self, MatchSetup};
use engine::{
    Ending, FrozenClock, Generate, LevelSettings, Limits, MoveNature, Order, PathEntry, Playable,
    Repetition, Score, Scored, SearchGame, SearchMove, SearchOptions, SearchRequest, SearchResult,
    Searcher, Verdict,
};
use std::fmt;
use std::sync::atomic::AtomicBool;

/// A pile and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pile {
    stones: u8,
    side: u8,
}

/// Take this many stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Take(u8);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl SearchMove for Take {
    const PLACEHOLDER: Take = Take(0);

    fn code(self) -> u16 {
        self.0 as u16
    }

    fn from_code(code: u16) -> Option<Take> {
        (1..=3).contains(&code).then_some(Take(code as u8))
    }
}

/// The weights: how the game scores a repeated position (Nim cannot repeat in play; tests put
/// the position into the history to see the search ask).
#[derive(Clone, Debug, Default, PartialEq)]
struct NimParams {
    /// 0 draw, 1 the side to move wins, -1 it loses.
    repetition: i32,
}

struct Nim {
    params: NimParams,
}

impl SearchGame for Nim {
    type Position = Pile;
    type Rules = ();
    type Move = Take;
    type MoveBuffer = [Scored<Take>; 3];
    type Params = NimParams;

    const HISTORY_SIZE: usize = 4;

    fn new(params: NimParams) -> Nim {
        Nim { params }
    }

    fn set_rules(&mut self, _rules: ()) {}

    fn set_weight(params: &mut NimParams, name: &str, value: i32) -> Result<(), String> {
        match name {
            "repetition" => {
                params.repetition = value;
                Ok(())
            }
            _ => Err(format!("unknown weight '{name}'")),
        }
    }

    fn level(level: u8) -> LevelSettings {
        let level = level.clamp(1, 5);
        LevelSettings {
            level,
            limits: Limits::depth(if level == 5 { 64 } else { 1 }),
            eval_noise: 0,
            blunder_percent: if level == 1 { 50 } else { 0 },
        }
    }

    fn evaluate(&self, _pos: &Pile) -> i32 {
        // No knowledge at all: everything the search knows it finds by searching.
        0
    }

    fn hash(pos: &Pile) -> u64 {
        engine::levels::mix(((pos.stones as u64) << 1 | pos.side as u64) + 1)
    }

    fn side_to_move(pos: &Pile) -> usize {
        pos.side as usize
    }

    fn after(pos: &Pile, m: Take) -> Pile {
        Pile {
            stones: pos.stones - m.0,
            side: 1 - pos.side,
        }
    }

    fn passed(pos: &Pile) -> Pile {
        Pile {
            stones: pos.stones,
            side: 1 - pos.side,
        }
    }

    fn legal_moves(pos: &Pile) -> Vec<Take> {
        (1..=pos.stones.min(3)).map(Take).collect()
    }

    fn is_legal(pos: &Pile, m: Take) -> bool {
        (1..=pos.stones.min(3)).contains(&m.0)
    }

    fn generate(&self, pos: &Pile, kind: Generate, mut visit: impl FnMut(Take, MoveNature)) {
        if kind != Generate::All {
            return; // nothing is noisy in Nim
        }
        for take in 1..=pos.stones.min(3) {
            visit(
                Take(take),
                MoveNature {
                    order: Order::Quiet(0),
                    capture: false,
                    forcing: false,
                },
            );
        }
    }

    fn max_gain(&self, _pos: &Pile, _m: Take) -> Option<i32> {
        None
    }

    fn history_index(_pos: &Pile, m: Take) -> usize {
        m.0 as usize
    }

    fn verdict(&self, pos: &Pile) -> Verdict {
        // An empty pile has lost: said here so that quiescence, which generates no moves in
        // Nim, sees it too.
        if pos.stones == 0 {
            Verdict::Loss(0)
        } else {
            Verdict::Open
        }
    }

    fn null_move_allowed(_pos: &Pile) -> bool {
        false // every Nim position is a zugzwang question
    }

    fn reversible_plies(_pos: &Pile) -> usize {
        usize::MAX
    }

    fn draw_count(_pos: &Pile) -> u32 {
        0
    }

    fn default_draw_limit() -> Option<u32> {
        None
    }

    fn repetition(&self, _pos: &Pile, _cycle: &[PathEntry]) -> Repetition {
        match self.params.repetition {
            0 => Repetition::Draw,
            r if r > 0 => Repetition::Win,
            _ => Repetition::Loss,
        }
    }
}

/// A game of Nim being played.
#[derive(Clone, Debug)]
struct NimGame {
    positions: Vec<Pile>,
    moves: Vec<Take>,
}

impl Playable for NimGame {
    type Search = Nim;
    type Rules = u8;

    fn start(stones: u8) -> NimGame {
        NimGame {
            positions: vec![Pile { stones, side: 0 }],
            moves: Vec::new(),
        }
    }

    fn current(&self) -> &Pile {
        self.positions.last().expect("a start")
    }

    fn allowed_moves(&self) -> Vec<Take> {
        Nim::legal_moves(self.current())
    }

    fn play_move(&mut self, m: Take) -> Result<(), String> {
        if !Nim::is_legal(self.current(), m) {
            return Err(format!("cannot take {m}"));
        }
        self.positions.push(Nim::after(self.current(), m));
        self.moves.push(m);
        Ok(())
    }

    fn moves_played(&self) -> &[Take] {
        &self.moves
    }

    fn ending(&self) -> Option<Ending> {
        let pos = self.current();
        (pos.stones == 0).then_some(Ending {
            winner: Some(1 - pos.side as usize),
            reason: "last-stone",
        })
    }

    fn side_name(side: usize) -> &'static str {
        ["first", "second"][side & 1]
    }

    fn search_request(&self, limits: Limits) -> SearchRequest<Nim> {
        let mut request = SearchRequest::from_position(*self.current(), limits);
        request.history = self.positions[..self.positions.len() - 1]
            .iter()
            .map(|p| PathEntry {
                key: Nim::hash(p),
                threatened: false,
            })
            .collect();
        request
    }
}

fn search(request: &SearchRequest<Nim>, params: NimParams) -> SearchResult<Take> {
    search_with(request, params, Default::default())
}

fn search_with(
    request: &SearchRequest<Nim>,
    params: NimParams,
    options: SearchOptions,
) -> SearchResult<Take> {
    let mut searcher = Searcher::<Nim>::with(1, params, options);
    searcher.search(request, &FrozenClock, &AtomicBool::new(false), &mut |_| {})
}

#[test]
fn the_search_solves_nim() {
    // Either way of widening a failed aspiration window must reach the exact win or loss
    // (the scores jump from 0 to wins and losses far outside the first window).
    for gentle_aspiration in [false, true] {
        let options = SearchOptions {
            gentle_aspiration,
            ..Default::default()
        };
        for stones in 1..=21u8 {
            let pos = Pile { stones, side: 0 };
            let request = SearchRequest::from_position(pos, Limits::depth(30));
            let result = search_with(&request, NimParams::default(), options);
            let score = Score::from_raw(result.score);
            let case = format!("{stones} stones, gentle aspiration {gentle_aspiration}");
            if stones.is_multiple_of(4) {
                assert_eq!(score, Score::LossIn((stones / 4) as i32), "{case}");
            } else {
                assert_eq!(score, Score::WinIn((stones / 4 + 1) as i32), "{case}");
                assert_eq!(result.best_move, Some(Take(stones % 4)), "{case}");
            }
        }
    }
}

#[test]
fn an_empty_pile_has_no_move() {
    let request =
        SearchRequest::<Nim>::from_position(Pile { stones: 0, side: 1 }, Limits::depth(3));
    assert!(request.root_moves.is_empty());
    assert_eq!(search(&request, NimParams::default()).best_move, None);
}

#[test]
fn the_game_scores_a_repetition_of_its_history() {
    // Five stones: taking one leaves four to the opponent, the winning move. Put that position
    // into the game's history: reaching it again is now a repetition, scored by the game.
    let pos = Pile { stones: 5, side: 0 };
    let mut request = SearchRequest::<Nim>::from_position(pos, Limits::depth(12));
    let after_one = Nim::after(&pos, Take(1));
    request.history = vec![PathEntry {
        key: Nim::hash(&after_one),
        threatened: false,
    }];
    // A draw: taking one now only draws; taking two or three loses, so the draw is best.
    let draw = search(&request, NimParams { repetition: 0 });
    assert_eq!((draw.best_move, draw.score), (Some(Take(1)), 0));
    // The repeating side (the opponent, to move there) loses at once: a win in one move.
    let loss = search(&request, NimParams { repetition: -1 });
    assert_eq!(loss.best_move, Some(Take(1)));
    assert_eq!(Score::from_raw(loss.score), Score::WinIn(1));
    // The repeating side wins: taking one loses now, so every move loses.
    let win = search(&request, NimParams { repetition: 1 });
    assert!(
        matches!(Score::from_raw(win.score), Score::LossIn(_)),
        "{win:?}"
    );
}

#[test]
fn the_match_runner_plays_nim() {
    // Two perfect players: each pair of games starts from the same random opening, and the
    // position after it decides the winner, so each side wins one game of every pair.
    let config = |text: &str| EngineConfig::<Nim>::parse(text).expect("a config");
    let setup = MatchSetup::<NimGame> {
        a: config("level=5").into(),
        b: config("level=5 hash=2").into(),
        games: 10,
        seed: 3,
        threads: 2,
        rules: 23,
        openings: Vec::new(),
        opening_plies: 2,
    };
    let report = matches::run(&setup, &|_| {});
    assert_eq!((report.wins, report.losses, report.draws), (5, 5, 0));
    for game in &report.games {
        let mut replay = NimGame::start(23);
        for m in &game.moves {
            replay.play_move(*m).expect("legal moves only");
        }
        assert_eq!(replay.ending(), game.ending);
        // After the opening, the side to move wins exactly when the pile is not a multiple of 4.
        let after_opening = replay.positions[2];
        let expected_winner = if after_opening.stones.is_multiple_of(4) {
            1 - after_opening.side
        } else {
            after_opening.side
        };
        assert_eq!(
            game.ending.and_then(|e| e.winner),
            Some(expected_winner as usize)
        );
    }
    // A perfect player against one who takes a random number half the time wins from a
    // winning start and, with a seed, the same games every time.
    let setup = MatchSetup::<NimGame> {
        a: config("level=5").into(),
        b: config("level=1").into(),
        games: 20,
        seed: 9,
        threads: 1,
        rules: 21,
        openings: Vec::new(),
        opening_plies: 0,
    };
    let first = matches::run(&setup, &|_| {});
    assert!(first.wins >= 10, "{:?}", (first.wins, first.losses));
    let again = matches::run(&setup, &|_| {});
    let moves = |r: &matches::MatchReport<Take>| {
        let mut games: Vec<_> = r.games.iter().map(|g| (g.index, g.moves.clone())).collect();
        games.sort_by_key(|g| g.0);
        games
    };
    assert_eq!(moves(&first), moves(&again));
}

#[test]
fn a_config_sets_the_games_own_weights_and_refuses_unknown_ones() {
    let config = EngineConfig::<Nim>::parse("level=2 eval.repetition=-1").expect("a config");
    assert_eq!(config.params.repetition, -1);
    assert_eq!(config.level, Nim::level(2));
    let error = EngineConfig::<Nim>::parse("eval.material=3").unwrap_err();
    assert!(error.contains("unknown weight 'material'"), "{error}");
}

#[test]
fn the_bench_searches_each_position_and_totals_the_nodes() {
    let positions: Vec<Pile> = [7, 12, 17]
        .iter()
        .map(|&stones| Pile { stones, side: 0 })
        .collect();
    let mut lines = Vec::new();
    let config = EngineConfig::<Nim>::parse("hash=1").unwrap();
    let total = bench::run::<Nim>(&positions, 12, &config, &FrozenClock, |line| {
        lines.push((line.index, line.result.nodes, line.result.best_move))
    });
    assert_eq!(lines.iter().map(|l| l.0).collect::<Vec<_>>(), [0, 1, 2]);
    assert_eq!(total.nodes, lines.iter().map(|l| l.1).sum::<u64>());
    assert_eq!(lines[0].2, Some(Take(3)));
    assert_eq!(lines[2].2, Some(Take(1)));
}
