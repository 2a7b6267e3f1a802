//! The shogi engine's promises: it finds mates in 1, 3 and 5 (tsume positions, each proven to
//! have one mating first move by the df-pn solver), defends a mate threat, never plays an
//! illegal move (random positions) nor a mating pawn drop, scores sennichite and perpetual
//! check from the game's history, declares an impasse win when it may, and keeps to its node
//! and depth limits. Small depths and node counts keep this fast in debug builds.

mod shogi_common;

use engine::config::EngineConfig;
use engine::ordering::{MovePicker, OrderingHints, CONTINUATION_PLIES, KILLER};
use engine::{
    FrozenClock, Generate, Limits, MoveNature, PathEntry, Playable, Repetition, Score, SearchGame,
    SearchOptions, SearchRequest, SearchResult, Searcher,
};
use shogi::ai::mate::mating_moves;
use shogi::ai::tactics::{mate_in_one, mate_in_three, mate_within_three, static_exchange};
use shogi::ai::{EvalParams, Evaluator, Shogi, BENCH_POSITIONS};
use shogi::{Game, Move, Position, Ruleset};
use shogi_common::{mating_net_setup, mv, pos, sample_positions, Rng};
use std::mem::MaybeUninit;
use std::sync::atomic::AtomicBool;

fn search_request(request: &SearchRequest<Shogi>) -> SearchResult<Move> {
    search_with_options(request, Shogi::default_options())
}

fn search_with_options(
    request: &SearchRequest<Shogi>,
    options: SearchOptions,
) -> SearchResult<Move> {
    let mut searcher = Searcher::<Shogi>::with(4, EvalParams::default(), options);
    searcher.search(request, &FrozenClock, &AtomicBool::new(false), &mut |_| {})
}

fn search(position: Position, limits: Limits) -> SearchResult<Move> {
    search_request(&SearchRequest::from_position(position, limits))
}

/// Asserts the search scores `sfen` a mate in `plies` and starts it with one of `first` (the
/// moves that mate that fast: `|`-separated).
fn assert_mates(sfen: &str, plies: i32, first: &str, depth: u32) {
    assert_mates_with(Shogi::default_options(), sfen, plies, first, depth);
}

/// [`assert_mates`] with the search's switches set.
fn assert_mates_with(options: SearchOptions, sfen: &str, plies: i32, first: &str, depth: u32) {
    let request = SearchRequest::from_position(pos(sfen), Limits::depth(depth));
    let result = search_with_options(&request, options);
    let firsts: Vec<Move> = first.split('|').map(mv).collect();
    assert!(
        result.best_move.is_some_and(|m| firsts.contains(&m)),
        "{sfen}: {result:?}"
    );
    assert_eq!(
        Score::plies_to_end(result.score),
        Some(plies),
        "{sfen}: {result:?}"
    );
}

#[test]
fn finds_a_mate_in_one() {
    assert_mates("7lk/9/8S/9/9/9/9/7L1/8K b G 1", 1, "G*1b", 2);
    let pos = pos("7lk/9/8S/9/9/9/9/7L1/8K b G 1");
    assert_eq!(mate_in_one(&pos), Some(mv("G*1b")));
}

#[test]
fn finds_mates_in_three() {
    assert_mates("9/k8/BrS5K/S8/9/9/9/9/9 b GP 1", 3, "G*8b", 4);
    assert_mates("9/9/1k7/9/9/9/2s6/Kl7/9 w Pgsp 1", 3, "S*8i", 4);
}

#[test]
fn the_three_ply_mate_check_agrees_with_the_mate_solver() {
    // The tsumes: one mating first move each; a mate in one is a mate within three; a mate in
    // five is not.
    let mate_in_three_of = |sfen: &str| mate_in_three(&pos(sfen));
    assert_eq!(
        mate_in_three_of("9/k8/BrS5K/S8/9/9/9/9/9 b GP 1"),
        Some(mv("G*8b"))
    );
    assert_eq!(
        mate_in_three_of("9/9/1k7/9/9/9/2s6/Kl7/9 w Pgsp 1"),
        Some(mv("S*8i"))
    );
    assert!(mate_in_three_of("7lk/9/8S/9/9/9/9/7L1/8K b G 1").is_some());
    assert_eq!(
        mate_in_three_of("6+P2/5s1k1/7b1/6BG1/9/9/9/7K1/9 b P 1"),
        None
    );
    // Random mating nets, against the df-pn solver: what the check finds mates, and what it
    // misses is a mate where a defence checks back (the check counts that as an escape).
    let mut rng = Rng::new(7);
    let (mut found, mut missed, mut shortest_one) = (0, 0, 0);
    for _ in 0..150 {
        let position = mating_net_setup(&mut rng);
        if position.in_check() {
            continue;
        }
        let mating = mating_moves(&position, 3, 2_000_000).expect("within budget");
        // The search's one-pass check gives the shorter mate when both exist.
        let in_one = mating_moves(&position, 1, 2_000_000).expect("within budget");
        match mate_within_three(&position) {
            Some((m, 1)) => {
                assert!(in_one.contains(&m), "{}: {m}", position.to_sfen());
                shortest_one += 1;
            }
            Some((m, plies)) => {
                assert_eq!(plies, 3);
                assert!(
                    in_one.is_empty(),
                    "{}: missed a mate in one",
                    position.to_sfen()
                );
                assert_eq!(mate_in_three(&position), Some(m));
            }
            None => {
                assert!(
                    in_one.is_empty(),
                    "{}: missed a mate in one",
                    position.to_sfen()
                );
                assert_eq!(mate_in_three(&position), None);
            }
        }
        match mate_in_three(&position) {
            Some(m) => {
                assert!(mating.contains(&m), "{}: {m}", position.to_sfen());
                found += 1;
            }
            None => {
                for m in &mating {
                    let after = position.after(*m);
                    assert!(
                        after
                            .legal_moves()
                            .iter()
                            .any(|&answer| after.after(answer).in_check()),
                        "{}: {m} mates and no answer checks back",
                        position.to_sfen()
                    );
                    missed += 1;
                }
            }
        }
    }
    assert!(
        found > 20 && shortest_one > 0,
        "mates within three plies seen: {found} ({missed} missed, {shortest_one} in one)"
    );
}

#[test]
fn finds_mates_in_five() {
    assert_mates("6+P2/5s1k1/7b1/6BG1/9/9/9/7K1/9 b P 1", 5, "3d2c+", 6);
    // Two first moves mate in five here: the tsume's check 9c7c+, and 9c9b+, which does not
    // check (the dragon takes the tokin; every defence is mated in four, P*8b 9b8b 7a6a …).
    assert_mates("B1k6/+p8/R3S4/2K6/9/9/9/9/9 b SPp 1", 5, "9c7c+|9c9b+", 6);
}

#[test]
fn the_measured_pruning_switches_keep_the_forced_mates() {
    // Stockfish's quiescence limits (two moves that do not check, even exchanges skipped far
    // below alpha) and late quiet checks pruned like other late quiet moves: a check or an
    // evasion that mates must survive them.
    let options = SearchOptions {
        quiescence_move_count: 1,
        quiescence_futility: 155,
        quiescence_checks: 1,
        late_checks_pruned: true,
        ..Shogi::default_options()
    };
    assert_mates_with(options, "9/k8/BrS5K/S8/9/9/9/9/9 b GP 1", 3, "G*8b", 4);
    assert_mates_with(options, "9/9/1k7/9/9/9/2s6/Kl7/9 w Pgsp 1", 3, "S*8i", 4);
    assert_mates_with(
        options,
        "6+P2/5s1k1/7b1/6BG1/9/9/9/7K1/9 b P 1",
        5,
        "3d2c+",
        6,
    );
    assert_mates_with(
        options,
        "B1k6/+p8/R3S4/2K6/9/9/9/9/9 b SPp 1",
        5,
        "9c7c+|9c9b+",
        6,
    );
    // The drop mate just past the horizon (below) still stops the rook grab with one
    // quiescence move allowed, though the king's capture of the pawn on 2b comes first there:
    // the mating drop is a check, which the limit lets through.
    let position = pos("8k/7P1/9/9/r8/9/4p4/9/R3K4 b g 1");
    let request = SearchRequest::from_position(position, Limits::depth(1));
    let result = search_with_options(&request, options);
    assert_ne!(result.best_move, Some(mv("9i9e")), "{result:?}");
}

#[test]
fn reductions_in_hundredths_of_a_ply_take_effect_and_keep_the_mates() {
    // `cut=1` is `cutc=100`; the history-scaled reductions and the histories' rewards each
    // change the tree.
    let options = |text: &str| {
        EngineConfig::<Shogi>::parse(text)
            .expect("a config")
            .options
    };
    assert_eq!(options("cut=1"), options("cutc=100"));
    assert_eq!(options("cut=2").cut_node_reduction, 200);
    let nodes = |text: &str| -> u64 {
        BENCH_POSITIONS[1..5]
            .iter()
            .map(|sfen| {
                let request = SearchRequest::from_position(pos(sfen), Limits::depth(8));
                search_with_options(&request, options(text)).nodes
            })
            .sum()
    };
    // The parts of a ply add up before the reduction is rounded down, the logarithmic
    // formula's fraction among them: half a ply more is a different tree from either whole
    // ply, at cut nodes or everywhere.
    let defaults = nodes("cut=1");
    let whole = [defaults, nodes("cut=2")];
    assert!(!whole.contains(&nodes("cutc=150")), "{whole:?}");
    let whole = [defaults, nodes("lmro=100")];
    assert!(!whole.contains(&nodes("lmro=50")), "{whole:?}");
    for changed in ["hred=600", "hbon=128", "cbon=64", "pvr=0", "lmrupd=16"] {
        assert_ne!(nodes(changed), defaults, "{changed}");
    }
    // Reductions far from the defaults still find the forced mates.
    let far = options("cutc=300 pvr=-50 hred=1500 hbon=512 cbon=128 lmro=200 lmrupd=64");
    assert_mates_with(far, "9/k8/BrS5K/S8/9/9/9/9/9 b GP 1", 3, "G*8b", 4);
    assert_mates_with(far, "6+P2/5s1k1/7b1/6BG1/9/9/9/7K1/9 b P 1", 5, "3d2c+", 6);
}

#[test]
fn never_mates_with_a_pawn_drop() {
    // P*1b would mate, which is uchifuzume: not a move, and not a mate in one either.
    let position = pos("7lk/9/8S/9/9/9/9/7L1/8K b P 1");
    assert_eq!(mate_in_one(&position), None);
    let result = search(position, Limits::depth(3));
    let best = result.best_move.expect("a move");
    assert_ne!(best, mv("P*1b"));
    assert!(position.is_legal(best));
    assert!(
        !matches!(Score::plies_to_end(result.score), Some(1)),
        "{result:?}"
    );
}

#[test]
fn defends_a_mate_threat() {
    // Sente threatens G*5b, guarded by the dragon on 5c, against gote's king on 5a; gote,
    // to move, holds a silver to stop it with. After its reply sente must have no mate in one.
    let position = pos("4k4/9/4+R4/9/9/9/9/9/4K4 w Gs 1");
    let threatened = position.passed();
    assert!(
        mate_in_one(&threatened).is_some(),
        "the threat is real: sente mates if gote passes"
    );
    let result = search(position, Limits::depth(4));
    let reply = result.best_move.expect("a move");
    assert!(position.is_legal(reply));
    assert_eq!(
        mate_in_one(&position.after(reply)),
        None,
        "{reply} leaves the mate"
    );
}

#[test]
fn quiescence_with_checks_sees_a_drop_mate_beyond_the_horizon() {
    // Sente's rook can take gote's rook on 9e, but then G*5h (guarded by the pawn on 5g) mates
    // the king on 5i. At depth 1 the reply is quiescence's: captures alone miss the mate and
    // take the rook; with the quiet checks (the drop) it sees the mate and lets the rook be.
    let position = pos("8k/9/9/9/r8/9/4p4/9/R3K4 b g 1");
    let grab = mv("9i9e");
    assert!(
        mate_in_one(&position.after(grab)).is_some(),
        "the grab is mated"
    );
    let search_with = |quiescence_checks: usize| {
        let options = SearchOptions {
            quiescence_checks,
            ..Shogi::default_options()
        };
        search_with_options(
            &SearchRequest::from_position(position, Limits::depth(1)),
            options,
        )
    };
    let blind = search_with(0);
    assert_eq!(blind.best_move, Some(grab), "{blind:?}");
    let seeing = search_with(1);
    assert_ne!(seeing.best_move, Some(grab), "{seeing:?}");
    assert!(
        Score::plies_to_end(seeing.score).is_none(),
        "a way out is not mated: {seeing:?}"
    );
}

#[test]
fn plays_only_legal_moves_in_random_positions() {
    let mut rng = Rng::new(5);
    for position in sample_positions(&mut rng, 25) {
        if position.legal_move_count() == 0 {
            continue;
        }
        let result = search(position, Limits::nodes(800));
        let best = result.best_move.expect("a move when there are legal moves");
        assert!(position.is_legal(best), "{best} in {}", position.to_sfen());
        for pair in result.pv.windows(1) {
            assert!(!pair.is_empty());
        }
        // The principal variation is a line of legal moves.
        let mut line = position;
        for &m in &result.pv {
            assert!(line.is_legal(m), "pv {m} in {}", line.to_sfen());
            line = line.after(m);
        }
    }
}

#[test]
fn keeps_to_node_and_depth_limits() {
    let start = Position::start();
    for nodes in [1, 50, 3_000] {
        let result = search(start, Limits::nodes(nodes));
        assert!(result.nodes <= nodes, "{} > {nodes}", result.nodes);
        assert!(result.best_move.is_some());
    }
    let result = search(start, Limits::depth(3));
    assert_eq!(result.depth, 3);
}

#[test]
fn a_perpetual_checker_loses_and_other_repetitions_are_draws() {
    let shogi = Shogi::new(Default::default());
    let quiet = pos("4k4/9/9/9/9/9/9/9/4K4 b G 1");
    let checked = pos("4k4/9/9/9/9/9/9/9/3gK4 b - 1");
    assert!(checked.in_check());
    let entry = |threatened| PathEntry { key: 0, threatened };
    // Our side to move at the first entry; our moves led to entries 1 and 3.
    let we_checked = [entry(false), entry(true), entry(false), entry(true)];
    assert_eq!(shogi.repetition(&quiet, &we_checked), Repetition::Loss);
    // They checked with every move, the one into this position too.
    let they_checked = [entry(false), entry(false), entry(true), entry(false)];
    assert_eq!(shogi.repetition(&checked, &they_checked), Repetition::Win);
    assert_eq!(shogi.repetition(&quiet, &they_checked), Repetition::Draw);
    let both = [entry(false), entry(true), entry(true), entry(true)];
    assert_eq!(shogi.repetition(&checked, &both), Repetition::Draw);
}

#[test]
fn a_repetition_from_the_game_history_is_a_draw_in_the_search() {
    // Kings walk back and forth: the position after 5i5h 5a5b 5h5i 5b5a is the start's.
    let mut game = Game::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1", Ruleset::default()).unwrap();
    for m in ["5i5h", "5a5b", "5h5i", "5b5a", "5i5h", "5a5b", "5h5i"] {
        game.play(mv(m)).unwrap();
    }
    // Gote to move: 5b5a repeats the start (a draw: 0), any other king move keeps the side
    // to move's tempo bonus, so the search prefers one.
    let request = game.search_request(Limits::depth(2));
    let result = search_request(&request);
    let repeat = result.root_scores.iter().find(|(m, _)| *m == mv("5b5a"));
    assert_eq!(repeat.map(|r| r.1), Some(0), "{result:?}");
    assert!(result.score > 0 && result.best_move != Some(mv("5b5a")));
    // Without the history the same move is no repetition.
    let alone = search(*game.position(), Limits::depth(2));
    let fresh = alone.root_scores.iter().find(|(m, _)| *m == mv("5b5a"));
    assert_ne!(fresh.map(|r| r.1), Some(0), "{alone:?}");
}

#[test]
fn declares_an_impasse_win_when_valid() {
    // Sente's king in gote's zone with 10 pieces there and 28 points with the hand.
    let sfen = "K+R+B+P+P+P+P+P1/+P+P+P+P5/9/9/9/9/9/9/8k b RBGP 1";
    let game = Game::from_sfen(sfen, Ruleset::default()).unwrap();
    assert!(game.impasse_declaration().is_ok());
    assert!(game.clone().claim_win());
    let off = Game::from_sfen(sfen, Ruleset::parse("impasse=off").unwrap()).unwrap();
    assert!(!off.clone().claim_win());
    // The search counts a valid declaration as a win at once.
    let mut searcher = Searcher::<Shogi>::new(2);
    let stop = AtomicBool::new(false);
    let request = off.search_request(Limits::depth(1));
    let result = searcher.search(&request, &FrozenClock, &stop, &mut |_| {});
    assert!(
        !matches!(Score::from_raw(result.score), Score::WinIn(_)),
        "no declaration under impasse=off: {result:?}"
    );
}

#[test]
fn the_exchange_evaluation_counts_recaptures() {
    let shogi = Shogi::new(Default::default());
    let worth = shogi_worth(&shogi);
    // A rook takes a pawn defended by a gold: it loses the rook for a pawn.
    let defended = pos("4k4/9/4g4/4p4/9/9/9/4R4/4K4 b - 1");
    assert!(static_exchange(&defended, mv("5h5d"), &worth) < 0);
    // The same pawn undefended is a clean gain.
    let loose = pos("4k4/9/9/4p4/9/9/9/4R4/4K4 b - 1");
    assert!(static_exchange(&loose, mv("5h5d"), &worth) > 0);
    // A gold dropped where a pawn takes it is lost.
    let covered = pos("4k4/9/4p4/9/9/9/9/9/4K4 b G 1");
    assert!(static_exchange(&covered, mv("G*5d"), &worth) < 0);
}

/// The exchange values the engine uses, through its public hook.
fn shogi_worth(shogi: &Shogi) -> [i32; 14] {
    shogi.worth()
}

#[test]
fn the_search_plays_a_game_to_its_end() {
    // Two low levels play a whole game by the rules: every move legal, an ending reached.
    let mut game = Game::new(Ruleset::default());
    let mut searchers = [Searcher::<Shogi>::new(1), Searcher::<Shogi>::new(1)];
    let stop = AtomicBool::new(false);
    while game.outcome().is_none() && game.moves().len() < 400 {
        let side = game.position().side_to_move().index();
        let request = game.search_request(Limits::nodes(300));
        let result = searchers[side].search(&request, &FrozenClock, &stop, &mut |_| {});
        let m = result.best_move.expect("a move while the game goes on");
        game.play(m).expect("a legal move");
    }
    assert!(game.outcome().is_some() || game.moves().len() == 400);
}

/// Every move's nature as `generate` gives it with [`Generate::All`], keyed by move.
fn natures(shogi: &Shogi, position: &Position, kind: Generate) -> Vec<(Move, MoveNature)> {
    let mut seen = Vec::new();
    shogi.generate(position, kind, |m, nature| seen.push((m, nature)));
    seen
}

#[test]
fn a_single_move_has_the_nature_the_full_generation_gives_it() {
    // The search tries the table's move with `nature` before generating the others: ordering,
    // pruning and extensions must see the same move either way.
    let shogi = Shogi::new(Default::default());
    let mut rng = Rng::new(11);
    for position in sample_positions(&mut rng, 30) {
        let all = natures(&shogi, &position, Generate::All);
        assert_eq!(
            all.len(),
            position.legal_move_count(),
            "{}",
            position.to_sfen()
        );
        for (m, nature) in all {
            assert_eq!(
                shogi.nature(&position, m),
                Some(nature),
                "{m} in {}",
                position.to_sfen()
            );
        }
    }
}

/// The moves a picker gives from `pos` with `hints`, all at once or in stages, the table's
/// move `tried` left out: each with its ordering score.
fn picked(
    shogi: &Shogi,
    position: &Position,
    hints: &OrderingHints<Move>,
    tried: Option<Move>,
    staged: bool,
) -> Vec<(Move, i32)> {
    let mut buffer = MaybeUninit::<<Shogi as SearchGame>::MoveBuffer>::uninit();
    let mut picker = MovePicker::deferred::<Shogi>(&mut buffer);
    if staged {
        picker.generate_staged(shogi, position, hints, tried);
    } else {
        picker.generate(shogi, position, hints, Generate::All, tried);
    }
    let mut moves = Vec::new();
    loop {
        match picker.next() {
            Some(scored) => moves.push((scored.mv, scored.score)),
            None if picker.has_pending() => picker.advance(shogi, position, hints, tried),
            None => return moves,
        }
    }
}

#[test]
fn a_staged_node_gives_every_move_once_in_the_same_tiers() {
    // Staging must not lose a move (the search would never see it), repeat one (a killer that
    // is also a capture), nor let a quiet move jump ahead of a capture or a killer.
    let shogi = Shogi::new(Default::default());
    let mut rng = Rng::new(13);
    let tier = |score: i32| match score {
        s if s > KILLER + 1 => 0,
        s if s >= KILLER => 1,
        _ => 2,
    };
    let mut killers_given = 0;
    let mut captures_as_killers = 0;
    let positions = sample_positions(&mut rng, 40);
    for (i, position) in positions.iter().enumerate() {
        let legal = position.legal_moves().to_vec();
        if legal.is_empty() {
            continue;
        }
        let pick = |rng: &mut Rng| legal[rng.below(legal.len())];
        let capture = legal
            .iter()
            .copied()
            .find(|&m| position.piece_at(m.to()).is_some());
        // Killers from this node (a quiet move, a capture) and from another position (often
        // illegal here); the table's move tried first half the time.
        let other = positions[(i + 1) % positions.len()].legal_moves().to_vec();
        let killers = [Some(pick(&mut rng)), capture.or(other.first().copied())];
        let tried = rng.one_in(2).then(|| pick(&mut rng));
        let history: Vec<i32> = (0..Shogi::HISTORY_SIZE)
            .map(|_| rng.below(2001) as i32 - 1000)
            .collect();
        let hints = OrderingHints {
            tt_move: tried,
            killers,
            history: &history,
            continuation: [None; CONTINUATION_PLIES.len()],
            continuation_weight: 0,
        };
        let at_once = picked(&shogi, position, &hints, tried, false);
        let staged = picked(&shogi, position, &hints, tried, true);
        let sfen = position.to_sfen();
        assert_eq!(
            at_once.len() + tried.is_some() as usize,
            legal.len(),
            "{sfen}"
        );
        let sorted = |list: &[(Move, i32)]| {
            let mut moves: Vec<(u16, i32)> = list.iter().map(|(m, s)| (m.code(), *s)).collect();
            moves.sort();
            moves
        };
        assert_eq!(sorted(&staged), sorted(&at_once), "{sfen}");
        let tiers: Vec<i32> = staged.iter().map(|(_, s)| tier(*s)).collect();
        assert!(tiers.windows(2).all(|w| w[0] <= w[1]), "{sfen}: {tiers:?}");
        killers_given += tiers.iter().filter(|&&t| t == 1).count();
        captures_as_killers += (capture.is_some() && killers[1] != tried) as usize;
    }
    assert!(killers_given > 20, "the sample gives killers their stage");
    assert!(
        captures_as_killers > 10,
        "the sample has captures as killers"
    );
}

#[test]
fn every_continuation_row_weighs_in_a_quiet_moves_order() {
    // The rows after the moves one, two, four and six plies before each add their weight to
    // a quiet move's score (a row left out would order by less than the options ask), and
    // never move a capture or a killer.
    let shogi = Shogi::new(Default::default());
    let mut rng = Rng::new(17);
    let weight = 16;
    let random_row = |rng: &mut Rng| -> Vec<i16> {
        (0..Shogi::HISTORY_SIZE)
            .map(|_| rng.below(4001) as i16 - 2000)
            .collect()
    };
    let history = vec![0; Shogi::HISTORY_SIZE];
    let mut quiet_moves = 0;
    for position in sample_positions(&mut Rng::new(18), 20) {
        let rows: Vec<Vec<i16>> = CONTINUATION_PLIES
            .iter()
            .map(|_| random_row(&mut rng))
            .collect();
        let killer = position.legal_moves().to_vec().first().copied();
        let hints = |continuation| OrderingHints {
            tt_move: None,
            killers: [killer, None],
            history: &history,
            continuation,
            continuation_weight: weight,
        };
        let plain = picked(&shogi, &position, &hints([None; 4]), None, false);
        let with_rows = picked(
            &shogi,
            &position,
            &hints(std::array::from_fn(|i| Some(&rows[i][..]))),
            None,
            false,
        );
        let sfen = position.to_sfen();
        assert_eq!(plain.len(), with_rows.len(), "{sfen}");
        for (m, score) in &with_rows {
            let before = plain
                .iter()
                .find(|(p, _)| p == m)
                .expect("the same moves")
                .1;
            if before >= KILLER {
                // A capture, a promotion or the killer: the rows say nothing of it.
                assert_eq!(*score, before, "{sfen}: {m:?} moved by the rows");
                continue;
            }
            let slot = Shogi::history_index(&position, *m);
            let rows_sum: i32 = rows.iter().map(|row| row[slot] as i32).sum();
            assert_eq!(*score, before + weight * rows_sum, "{sfen}: {m:?}");
            quiet_moves += 1;
        }
    }
    assert!(quiet_moves > 500, "the sample has quiet moves to order");
}

#[test]
fn a_futile_node_gets_exactly_the_captures_and_the_checks() {
    let shogi = Shogi::new(Default::default());
    let mut rng = Rng::new(12);
    let mut checks_seen = 0;
    for position in sample_positions(&mut rng, 30) {
        if position.in_check() {
            continue;
        }
        let mut got: Vec<Move> = natures(&shogi, &position, Generate::Forcing)
            .into_iter()
            .map(|(m, _)| m)
            .collect();
        let mut wanted: Vec<Move> = position
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| position.piece_at(m.to()).is_some() || position.after(m).in_check())
            .collect();
        checks_seen += wanted
            .iter()
            .filter(|&&m| position.piece_at(m.to()).is_none())
            .count();
        got.sort_by_key(|m| m.code());
        wanted.sort_by_key(|m| m.code());
        assert_eq!(got, wanted, "{}", position.to_sfen());
    }
    assert!(checks_seen > 10, "the sample has quiet checks to find");
}

#[test]
fn a_cleared_searcher_plays_a_new_game_as_a_fresh_one_does() {
    // The search learns across a game's moves (the table, the history, the continuation
    // history after each pair of moves); a new game must forget all of it, or a level's seed
    // would not reproduce its game.
    let settings = Shogi::level(3);
    let play = |searcher: &mut Searcher<Shogi>, seed: u64| {
        searcher.set_options(settings.options(Shogi::default_options(), seed));
        let mut game = Game::new(Ruleset::default());
        let stop = AtomicBool::new(false);
        for _ in 0..10 {
            let request = game.search_request(settings.limits);
            let result = searcher.search(&request, &FrozenClock, &stop, &mut |_| {});
            game.play(result.best_move.expect("a move")).unwrap();
        }
        game.moves().to_vec()
    };
    let fresh = play(&mut Searcher::new(4), 7);
    let mut used = Searcher::new(4);
    let other = play(&mut used, 8);
    assert_ne!(other, fresh, "the seed varies the play");
    used.clear();
    assert_eq!(play(&mut used, 7), fresh);
}

/// The engine's judgements of a position and of the same position seen from the other chair
/// (turned 180°, sides and hands swapped) must agree: a colour-blind engine plays sente and
/// gote alike.
#[test]
fn the_tactics_and_the_evaluation_are_colour_blind() {
    let mut with_danger = EvalParams::default();
    with_danger.set("kd", 100).unwrap();
    let evaluators = [
        Evaluator::new(EvalParams::default()),
        Evaluator::new(with_danger),
    ];
    let worth = [
        90, 315, 405, 495, 855, 990, 540, 100_000, 540, 540, 540, 540, 945, 1395,
    ];
    let mut rng = Rng::new(29);
    let mut positions = sample_positions(&mut rng, 60);
    positions.extend((0..200).map(|_| shogi_common::random_setup(&mut rng)));
    let mut mates = 0;
    for position in positions {
        let sfen = position.to_sfen();
        let turned = Position::from_setup(&position.to_setup().flipped()).unwrap();
        for evaluator in &evaluators {
            assert_eq!(
                evaluator.evaluate(&position),
                evaluator.evaluate(&turned),
                "{sfen}"
            );
        }
        let mate = mate_in_one(&position);
        assert_eq!(mate.is_some(), mate_in_one(&turned).is_some(), "{sfen}");
        mates += mate.is_some() as u32;
        for m in position.legal_moves().iter() {
            if m.from().is_some() && position.piece_at(m.to()).is_some() {
                assert_eq!(
                    static_exchange(&position, *m, &worth),
                    static_exchange(&turned, m.rotated(), &worth),
                    "{sfen} {m}"
                );
            }
        }
    }
    assert!(mates > 5, "only {mates} positions with a mate in one");
}

/// The evaluation tuner (`shogi tune`) on shogi: it recovers the weights and the scale that
/// made the results.
mod tuning {
    use engine::tune::{fit_scale, logistic, tune, Sample, TuneSettings};
    use engine::{Rng, SearchGame};
    use shogi::ai::{EvalParams, Shogi};
    use shogi::Position;

    /// Positions of random games (varied material, hands and king shelters).
    fn random_positions(count: usize) -> Vec<Position> {
        let mut rng = Rng::new(11);
        let mut positions = Vec::new();
        while positions.len() < count {
            let mut pos = Position::start();
            for _ in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos = pos.after(moves.as_slice()[rng.below(moves.len() as u64) as usize]);
                positions.push(pos);
            }
        }
        positions
    }

    /// Samples whose results are exactly what `truth`'s scores predict with scale 1.
    fn samples_of(truth: &EvalParams, positions: &[Position]) -> Vec<Sample<Position>> {
        let game = Shogi::new(*truth);
        positions
            .iter()
            .map(|&position| Sample {
                position,
                result: logistic(1.0, game.evaluate(&position) as f64),
            })
            .collect()
    }

    #[test]
    fn tuning_finds_the_weight_the_results_were_made_with() {
        let truth = EvalParams::default();
        let positions = random_positions(1500);
        let samples = samples_of(&truth, &positions);
        let (test, train): (Vec<_>, Vec<_>) =
            samples.iter().enumerate().partition(|(i, _)| i % 5 == 0);
        let train: Vec<_> = train.into_iter().map(|(_, s)| *s).collect();
        let test: Vec<_> = test.into_iter().map(|(_, s)| *s).collect();
        let mut start = truth;
        start.set("hand.S", 400).unwrap();
        let settings = TuneSettings {
            select: vec!["hand.S".into()],
            passes: 12,
            regularisation: 0.0,
            step: 16,
        };
        let report = tune::<Shogi>(&start, &train, &test, &settings, &mut |_, _, _| {}).unwrap();
        let found = report.params.hand[shogi::PieceKind::Silver.index()];
        let wanted = truth.hand[shogi::PieceKind::Silver.index()];
        assert!(
            (found - wanted).abs() <= 8,
            "found {found}, made with {wanted}"
        );
        assert!(report.test_error.1 < report.test_error.0);
        assert_eq!(report.changed.len(), 1);
        assert_eq!(report.changed[0].0, "hand.S");
    }

    #[test]
    fn tuning_refits_the_scale_instead_of_inflating_the_weight() {
        // The flank attacks far too heavy at the start make the scores noisy, so the scale
        // fitted to them is well below the truth's 1. Held there, the tuner could only widen
        // the scores by overweighting flank attacks again; refitted as the weight comes
        // back, it finds both the weight and the scale the results were made with.
        let truth = EvalParams::default();
        let positions = random_positions(1500);
        let train = samples_of(&truth, &positions);
        let mut start = truth;
        start.set("flank", 600).unwrap();
        assert!(
            fit_scale::<Shogi>(&start, &train) < 0.8,
            "the start must be noisy"
        );
        let settings = TuneSettings {
            select: vec!["flank".into()],
            passes: 12,
            regularisation: 0.0,
            step: 64,
        };
        let report = tune::<Shogi>(&start, &train, &[], &settings, &mut |_, _, _| {}).unwrap();
        let (found, wanted) = (report.params.flank, truth.flank);
        assert!(
            (found - wanted).abs() <= 6,
            "found {found}, made with {wanted} (scale {})",
            report.k
        );
        assert!((report.k - 1.0).abs() <= 0.05, "scale {}", report.k);
    }

    #[test]
    fn nothing_selected_or_no_positions_is_an_error() {
        let params = EvalParams::default();
        let samples = samples_of(&params, &random_positions(10));
        let none = TuneSettings {
            select: vec!["no.such.*".into()],
            ..TuneSettings::default()
        };
        assert!(tune::<Shogi>(&params, &samples, &[], &none, &mut |_, _, _| {}).is_err());
        let all = TuneSettings::default();
        assert!(tune::<Shogi>(&params, &[], &[], &all, &mut |_, _, _| {}).is_err());
    }
}
