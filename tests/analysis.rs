//! The analysis layer on Jungle: MultiPV lines, the review of a game with a planted blunder,
//! the puzzle verifier's verdicts (one winning first move accepted, two rejected) and the
//! puzzle themes. Small node and depth limits keep it fast in debug builds.

mod common;

use analysis::verify::solving_effort;
use analysis::{Analysable, Goal, Judgement, ProofSettings, Rejection, ReviewRun, Verifier};
use common::{black_to_move, mv};
use engine::multipv::search_lines;
use engine::{FrozenClock, Limits, Score, SearchRequest, Searcher};
use jungle::ai::{Jungle, BENCH_POSITIONS};
use jungle::{Game, Move, Position, Ruleset};
use std::sync::atomic::AtomicBool;

fn lines(pos: Position, count: usize, depth: u32) -> Vec<(Move, i32)> {
    let mut searcher = Searcher::<Jungle>::new(4);
    let request = SearchRequest::<Jungle>::from_position(pos, Limits::depth(depth));
    let found = search_lines(
        &mut searcher,
        &request,
        count,
        &FrozenClock,
        &AtomicBool::new(false),
        &mut |_, _| {},
    );
    assert!(!found.stopped);
    found
        .lines
        .iter()
        .map(|line| (line.moves[0], line.score))
        .collect()
}

/// The score of `m` alone searched from `pos` by a fresh searcher.
fn score_of(pos: Position, m: Move, depth: u32) -> i32 {
    let mut searcher = Searcher::<Jungle>::new(4);
    let mut request = SearchRequest::<Jungle>::from_position(pos, Limits::depth(depth));
    request.root_moves = vec![m];
    searcher
        .search(&request, &FrozenClock, &AtomicBool::new(false), &mut |_| {})
        .score
}

#[test]
fn multipv_gives_three_different_legal_first_moves_best_first() {
    let pos = Position::from_fen(BENCH_POSITIONS[2], &Ruleset::default()).unwrap();
    let found = lines(pos, 3, 4);
    assert_eq!(found.len(), 3);
    for (i, (m, score)) in found.iter().enumerate() {
        assert!(pos.is_legal(*m), "{m}");
        assert!(found[..i].iter().all(|(other, _)| other != m), "{found:?}");
        if i > 0 {
            assert!(found[i - 1].1 >= *score, "{found:?}");
        }
    }
}

#[test]
fn multipv_lines_in_a_den_race_carry_each_moves_exact_forced_score() {
    // The dog wins in 2 round the cat's guard by e9 (the search's own test); every line's
    // forced score is its move's, as a search of that move alone finds it.
    let pos = black_to_move("De8 cc8 ra1");
    let found = lines(pos, 3, 5);
    assert_eq!(found[0].0, mv("e8e9"));
    assert_eq!(Score::from_raw(found[0].1), Score::WinIn(2));
    for (m, score) in &found {
        assert_eq!(*score, score_of(pos, *m, 5), "{m}");
    }
}

#[test]
fn multipv_gives_no_more_lines_than_moves() {
    // A lone rat in a corner has two moves.
    let pos = black_to_move("Ra1 lg9");
    let found = lines(pos, 3, 3);
    assert_eq!(found.len(), 2);
}

#[test]
fn a_planted_blunder_is_judged_a_blunder_with_the_best_move_named() {
    // Black's dog would win round the guard (e8e9); it steps onto d8 instead, the cat's own
    // trap, and is taken: Black has nothing left.
    let mut game =
        Game::from_fen(&black_to_move("De8 cc8 ra1").to_fen(), Ruleset::default()).unwrap();
    game.play(mv("e8d8")).unwrap();
    game.play(mv("c8d8")).unwrap();
    let mut run = ReviewRun::new(&game, Limits::depth(5));
    let mut searcher = Searcher::<Jungle>::new(4);
    let stop = AtomicBool::new(false);
    assert_eq!(run.positions(), 3);
    let mut steps = 0;
    while run.step(&mut searcher, &FrozenClock, &stop).unwrap() {
        steps += 1;
        assert_eq!(run.evaluated(), steps);
    }
    assert!(run.is_done());
    let review = run.review();
    let blunder = &review.moves[0];
    assert_eq!(blunder.judgement, Judgement::Blunder, "{blunder:?}");
    assert_eq!(blunder.best, Some(mv("e8e9")));
    assert_eq!(blunder.before, 1.0);
    assert_eq!(review.moves[1].judgement, Judgement::Best);
    assert_eq!(review.sides[0].count(Judgement::Blunder), 1);
    assert_eq!(*review.chart.last().unwrap(), 0.0, "Black has lost");
    assert!(review.sides[1].accuracy.unwrap() > review.sides[0].accuracy.unwrap());
}

fn verifier() -> Verifier<Jungle> {
    Verifier::new(
        ProofSettings {
            nodes: 200_000,
            ..ProofSettings::new(<Game as Analysable>::WIN_MODEL)
        },
        4,
    )
}

fn line(moves: &[&str]) -> Vec<Move> {
    moves.iter().map(|m| mv(m)).collect()
}

#[test]
fn a_den_win_with_one_winning_first_move_is_a_puzzle() {
    // Only the dog's way round by e9 wins in 2: d8 is the cat's trap, f8 is a move too slow.
    let pos = black_to_move("De8 cc8 ra1");
    let solution = line(&["e8e9", "a1a2", "e9d9"]);
    assert_eq!(verifier().verify(&pos, &solution, Goal::Win), Ok(()));
}

#[test]
fn a_candidate_with_two_winning_first_moves_is_rejected() {
    // A black cat on c8 wins in 2 as well (by c9, by d8), whatever the dog does.
    let pos = black_to_move("De8 Cc8 ra1");
    let candidate = line(&["e8e9", "a1a2", "e9d9"]);
    match verifier().verify(&pos, &candidate, Goal::Win) {
        Err(Rejection::SecondSolution {
            ply: 0,
            alternative,
        }) => {
            assert_ne!(alternative, mv("e8e9"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_line_whose_move_does_not_win_or_is_illegal_or_stops_short_is_rejected() {
    let pos = black_to_move("De8 cc8 ra1");
    let mut v = verifier();
    assert_eq!(
        v.verify(&pos, &line(&["e8f8"]), Goal::Win),
        Err(Rejection::NotWinning { ply: 0 })
    );
    assert_eq!(
        v.verify(&pos, &line(&["e8e9", "a1a2", "e9e7"]), Goal::Win),
        Err(Rejection::Illegal { ply: 2 })
    );
    // Right first move, but the line ends before the den.
    assert_eq!(
        v.verify(&pos, &line(&["e8e9"]), Goal::Win),
        Err(Rejection::NotWinning { ply: 0 })
    );
    assert_eq!(
        v.verify(&pos, &line(&["e8e9", "a1a2"]), Goal::Win),
        Err(Rejection::Shape)
    );
}

#[test]
fn taking_a_lone_elephant_is_an_advantage_puzzle_unless_two_pieces_can_take_it() {
    // Black's elephant faces White's across d4-d5: whoever moves takes (about 1100 points up
    // after taking, level after stepping away).
    let taken_once = black_to_move("Ed4 Ra3 Wc2 ed5 rg7 dg8");
    assert_eq!(
        verifier().verify(&taken_once, &line(&["d4d5"]), Goal::Advantage),
        Ok(())
    );
    // Black's rat on d6 can take the elephant too (a rat takes an elephant from land); White's
    // dog on d8 keeps the rat from its den.
    let taken_twice = black_to_move("Ed4 Rd6 Wc2 ed5 rg7 dd8");
    match verifier().verify(&taken_twice, &line(&["d4d5"]), Goal::Advantage) {
        Err(Rejection::SecondSolution {
            ply: 0,
            alternative,
        }) => {
            assert_eq!(alternative, mv("d6d5"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn finding_a_longer_win_takes_more_search_than_a_short_one() {
    let limits = Limits::nodes(500_000);
    let short = black_to_move("De8 cc8 ra1");
    let effort_short = solving_effort::<Jungle>(&short, mv("e8e9"), Goal::Win, limits, 2);
    // A step further back: e8, e9, then the den, the cat one step too slow.
    let long = black_to_move("De7 cc8 ra1");
    let mut searcher = Searcher::<Jungle>::new(4);
    let result = searcher.search(
        &SearchRequest::<Jungle>::from_position(long, Limits::depth(9)),
        &FrozenClock,
        &AtomicBool::new(false),
        &mut |_| {},
    );
    assert_eq!(Score::from_raw(result.score), Score::WinIn(3));
    let first = result.best_move.unwrap();
    let effort_long = solving_effort::<Jungle>(&long, first, Goal::Win, limits, 2);
    assert!(
        effort_short < effort_long,
        "{effort_short} vs {effort_long}"
    );
    assert!(
        effort_long < 500_000,
        "found within the limit: {effort_long}"
    );
}

#[test]
fn jungle_themes_name_the_jump_the_rat_on_the_elephant_and_the_trap() {
    let themes = |pos: &Position, moves: &[&str], goal| {
        <Game as Analysable>::line_themes(pos, &line(moves), goal)
    };
    // The lion jumps the river from a5 to d5, taking nothing.
    let jump = black_to_move("La5 ra1 lg9");
    assert_eq!(
        themes(&jump, &["a5d5"], Goal::Advantage),
        ["material", "river-jump"]
    );
    // The rat takes the elephant.
    let rat = black_to_move("Rd6 ed5 lg9");
    assert_eq!(
        themes(&rat, &["d6d5"], Goal::Advantage),
        ["material", "rat-elephant"]
    );
    // A black cat takes a white lion caught on Black's trap d2; a lion would need no trap.
    let trap = black_to_move("Cc2 ld2 rg9");
    assert_eq!(
        themes(&trap, &["c2d2"], Goal::Advantage),
        ["material", "trap"]
    );
    let no_trap = black_to_move("Tc2 wd2 rg9");
    assert_eq!(themes(&no_trap, &["c2d2"], Goal::Advantage), ["material"]);
    // Only the player's moves count: here White's reply is the jump.
    let den = black_to_move("De8 cc8 la5");
    assert_eq!(
        themes(&den, &["e8e9", "a5d5", "e9d9"], Goal::Win),
        ["den-attack"]
    );
}

/// The analysis worker's replies: the lines and the review as the page reads them.
mod analysis_worker_replies {
    use analysis::analyse_lines;
    use engine::{FrozenClock, Limits, Searcher};
    use jungle::{Game, Move, Ruleset};
    use std::sync::atomic::AtomicBool;
    use tabula::web::analysis_worker::{lines_reply, review_reply};

    #[test]
    fn a_den_in_one_is_the_first_line_a_certain_win_and_ends_the_analysis() {
        // Black's lion on d8 steps into White's den on d9; White's rat is far away.
        let game = Game::from_fen("7/3L3/7/7/7/7/7/7/r6 b 0 1", Ruleset::default())
            .expect("a legal position");
        let mut searcher = Searcher::new(1);
        let lines = analyse_lines(
            &mut searcher,
            &game,
            3,
            Limits::depth(3),
            &FrozenClock,
            &AtomicBool::new(false),
            &mut |_, _| {},
        );
        let reply = lines_reply::<Game>(7, 3, &lines, 1000, 500.0, |m: Move| m.to_string());
        assert_eq!(reply.kind, "lines");
        assert_eq!((reply.id, reply.depth, reply.nps), (7, 3, 2000));
        assert_eq!(reply.lines[0].moves[0], "d8d9");
        assert_eq!(reply.lines[0].forced, Some(1));
        assert_eq!(reply.lines[0].win, 1.0);
        assert!(reply.lines.len() > 1, "other lines are shown too");
    }

    #[test]
    fn a_review_names_the_blunder_the_better_move_and_each_sides_counts() {
        // White's lion on Black's trap beside Black's den: the elephant must take it (Black then
        // wins with its lion); c2c3 lets it into the den.
        let mut game = Game::from_fen("r6/7/7/7/6L/7/7/2E4/2l4 b 0 1", Ruleset::default())
            .expect("a legal position");
        for text in ["c2c3", "c1d1"] {
            game.play(Move::parse(text).expect("a move"))
                .expect("a legal move");
        }
        let mut run = analysis::ReviewRun::new(&game, Limits::nodes(30_000));
        let mut searcher = Searcher::new(1);
        while run
            .step(&mut searcher, &FrozenClock, &AtomicBool::new(false))
            .expect("the moves replay")
        {}
        let reply = review_reply(4, &run.review(), |m: Move| m.to_string());
        assert_eq!((reply.kind.as_str(), reply.id), ("reviewed", 4));
        let judgements: Vec<&str> = reply.moves.iter().map(|m| m.judgement.as_str()).collect();
        assert_eq!(judgements, ["blunder", "best"]);
        assert_eq!(reply.moves[0].best.as_deref(), Some("c2c1"));
        assert!(reply.moves[0].before > 0.85 && reply.moves[0].loss > 0.85);
        // The chart is Black's win probability in each of the three positions: lost at the end.
        assert_eq!(reply.chart.len(), 3);
        assert_eq!(reply.chart[2], 0.0);
        assert_eq!(reply.sides[0].counts, [0, 0, 0, 0, 1]);
        assert_eq!(reply.sides[1].counts, [1, 0, 0, 0, 0]);
    }
}
