//! What the games' tools share for the analysis data, over any [`Analysable`] game:
//! `winprob` (self-play, the win-probability fit, its CSV and figure), `puzzles` (puzzles
//! from self-play into a JSON file, or a proof of every puzzle of a file) and `tune` (self-play,
//! then Texel tuning of the evaluation's weights on its quiet positions). Each tool includes
//! this file (`#[path]`) after `rules_cli.rs`, whose `out!` it uses, and `puzzle_file.rs`.

use crate::puzzle_file::{puzzle_file_text, read_file, write_file};
use analysis::calibration::{self, Samples};
use analysis::generate::{self, GeneratorSettings};
use analysis::selfplay::{play_game, run_parallel, RecordedGame};
use analysis::winprob::{fit_slope, log_loss, WinModel};
use analysis::{Analysable, Goal, MoveOf, PositionOf, ProofSettings, PuzzleSet, Verifier};
use engine::config::EngineConfig;
use engine::tune::{self, Sample, TuneSettings};
use engine::{SearchGame, Verdict};
use std::collections::BTreeMap;
use std::time::Instant;

/// Usage lines of the three commands, for the tool's own usage text.
pub const ANALYSIS_USAGE: &str = "
       <tool> winprob [--games N] [--nodes N] [--seed S] [--threads 1|2] [--opening-plies N]
                      [--csv FILE] [--svg FILE] [--bootstrap N]
       <tool> winprob --from FILE.csv [--svg FILE]
         self-play games at N nodes a move, the fitted win-probability slope, its data (CSV)
         and figure (SVG); --from refits a CSV written before
       <tool> puzzles --out FILE [--games N] [--seed S] [--threads 1|2] [--players \"c1;c2\"]
                      [--max-win N] [--per-game N] [--proof-nodes N] [--effort-nodes N]
       <tool> puzzles --check FILE [--proof-nodes N]
         puzzles from self-play (players: engine configs, default \"level=1;level=2;level=3\"), or the
         proof of every puzzle of a file
       <tool> tune [--games N] [--nodes N] [--seed S] [--threads 1|2] [--opening-plies N]
                   [--weights NAME,PREFIX*,…] [--passes N] [--regularisation R] [--config \"<cfg>\"]
                   [--positions-out FILE | --positions FILE]
         self-play at N nodes a move (both sides the engine configuration), then the weights
         whose static scores of the games' quiet positions predict the results best (Texel
         tuning; one game in five held out), printed as a match configuration (eval.<name>=…);
         --positions-out also writes those positions, one a line: the position, a tab, the
         result for its side to move (1 won, 0 lost, 0.5 drawn); --positions tunes on such a
         file instead of playing (any expected result from 0 to 1; one line in five held out)";

/// Samples to tune on, and samples held out.
type SampleSplit<P> = (Vec<Sample<PositionOf<P>>>, Vec<Sample<PositionOf<P>>>);

/// `--name value` options, each name at most once, checked against the names allowed.
struct Options {
    values: BTreeMap<String, String>,
}

impl Options {
    fn parse(args: &[String], allowed: &[&str]) -> Result<Options, String> {
        let mut values = BTreeMap::new();
        let mut i = 0;
        while i < args.len() {
            let name = args[i].as_str();
            if !allowed.contains(&name) {
                return Err(format!("unknown option '{name}'"));
            }
            let value = args
                .get(i + 1)
                .ok_or_else(|| format!("{name} needs a value"))?;
            if values.insert(name.to_string(), value.clone()).is_some() {
                return Err(format!("{name} is given twice"));
            }
            i += 2;
        }
        Ok(Options { values })
    }

    fn text(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    fn number(
        &self,
        name: &str,
        default: u64,
        range: std::ops::RangeInclusive<u64>,
    ) -> Result<u64, String> {
        match self.text(name) {
            None => Ok(default),
            Some(text) => text
                .parse::<u64>()
                .ok()
                .filter(|n| range.contains(n))
                .ok_or_else(|| {
                    format!(
                        "{name}: '{text}' is not a number from {} to {}",
                        range.start(),
                        range.end()
                    )
                }),
        }
    }
}

/// `games` self-play games of `config` against itself after `opening` random plies, game `i`
/// seeded from `seed` and `i`, on up to `threads` threads; the time is told on stderr every
/// `report_every` games.
fn self_play<P: Analysable>(
    rules: P::Rules,
    config: &EngineConfig<P::Search>,
    games: usize,
    threads: usize,
    opening: usize,
    seed: u64,
    report_every: usize,
) -> Vec<RecordedGame<MoveOf<P>>> {
    let started = Instant::now();
    run_parallel(
        games,
        threads,
        &|i| {
            play_game::<P>(
                rules,
                [config, config],
                opening,
                seed.wrapping_mul(1_000_003) ^ i as u64,
            )
        },
        &|i, _| {
            if (i + 1) % report_every == 0 {
                eprintln!("{} games, {:.0} s", i + 1, started.elapsed().as_secs_f64());
            }
        },
    )
}

/// `winprob`: self-play (or a CSV), the fit, the CSV and the figure.
pub fn run_winprob<P: Analysable>(args: &[String], rules: P::Rules) -> Result<(), String> {
    let options = Options::parse(
        args,
        &[
            "--games",
            "--nodes",
            "--seed",
            "--threads",
            "--opening-plies",
            "--csv",
            "--svg",
            "--bootstrap",
            "--from",
        ],
    )?;
    let (counts, samples) = match options.text("--from") {
        Some(path) => {
            let counts =
                calibration::from_csv(&read_file(path)?).map_err(|e| format!("{path}: {e}"))?;
            (counts, None)
        }
        None => {
            let games = options.number("--games", 400, 1..=100_000)? as usize;
            let nodes = options.number("--nodes", 30_000, 1..=1_000_000_000)?;
            let seed = options.number("--seed", 1, 0..=u64::MAX)?;
            let threads = options.number("--threads", 2, 1..=2)? as usize;
            let opening = options.number("--opening-plies", 4, 0..=20)? as usize;
            let config = EngineConfig::<P::Search>::parse(&format!("nodes={nodes}"))?;
            let started = Instant::now();
            let played = self_play::<P>(rules, &config, games, threads, opening, seed, 25);
            let samples = Samples::from_games(&played);
            out!(
                "{games} games at {nodes} nodes a move ({opening} random opening plies, seed {seed}), {:.0} s",
                started.elapsed().as_secs_f64()
            );
            (samples.counts(), Some(samples))
        }
    };
    let fit = fit_slope(&counts).ok_or("no positions with a score to fit")?;
    out!(
        "positions {} · slope {:.6} per point (± {:.6}, positions as independent)",
        fit.positions,
        fit.slope,
        fit.standard_error
    );
    if let Some(samples) = &samples {
        let rounds = options.number("--bootstrap", 200, 0..=10_000)? as usize;
        if let Some((low, high)) = samples.bootstrap(rounds, 7) {
            out!("bootstrap over games ({rounds} rounds): 95 % from {low:.6} to {high:.6}");
        }
        out!(
            "forced results: {} positions, {} ended as the score said ({:.1} %)",
            samples.forced,
            samples.forced_right,
            100.0 * samples.forced_right as f64 / samples.forced.max(1) as f64
        );
    }
    let model = WinModel::new(fit.slope);
    out!(
        "log loss {:.4} nats a position (lichess's chess curve, 0.003682: {:.4}; a coin: {:.4})",
        fit.log_loss,
        log_loss(&counts, WinModel::new(0.003_682_08)),
        std::f64::consts::LN_2
    );
    for p in [0.6, 0.75, 0.9] {
        out!(
            "win probability {:.0} % at {:.0} points",
            p * 100.0,
            model.points_for(p)
        );
    }
    if let Some(path) = options.text("--csv") {
        write_file(path, &calibration::to_csv(&counts))?;
        out!("wrote {path}");
    }
    if let Some(path) = options.text("--svg") {
        let title = format!(
            "{}: observed result against the fitted win probability ({} positions)",
            P::NAME,
            fit.positions
        );
        write_file(path, &calibration::svg(&counts, model, 100, 1500, &title))?;
        out!("wrote {path}");
    }
    Ok(())
}

/// `puzzles`: generation into a file, or the proof of a file.
pub fn run_puzzles<P: Analysable>(args: &[String], rules: P::Rules) -> Result<(), String> {
    let options = Options::parse(
        args,
        &[
            "--out",
            "--check",
            "--games",
            "--seed",
            "--threads",
            "--players",
            "--max-win",
            "--per-game",
            "--proof-nodes",
            "--effort-nodes",
        ],
    )?;
    let mut proof = ProofSettings::new(P::WIN_MODEL);
    proof.nodes = options.number("--proof-nodes", proof.nodes, 1000..=1_000_000_000)?;
    if let Some(path) = options.text("--check") {
        return check_puzzles::<P>(path, rules, proof);
    }
    let out_path = options
        .text("--out")
        .ok_or("puzzles needs --out FILE (or --check FILE)")?;
    let players = options
        .text("--players")
        .unwrap_or("level=1;level=2;level=3")
        .split(';')
        .map(|c| EngineConfig::<P::Search>::parse(c).map_err(|e| format!("--players: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let settings = GeneratorSettings::<P> {
        games: options.number("--games", 600, 1..=1_000_000)? as usize,
        seed: options.number("--seed", 1, 0..=u64::MAX)?,
        threads: options.number("--threads", 2, 1..=2)? as usize,
        rules,
        players,
        opening_plies: 4,
        scan_nodes: 20_000,
        line_nodes: 300_000,
        max_win_moves: options.number("--max-win", 4, 2..=8)? as i32,
        max_advantage_moves: 3,
        swing: analysis::review::BLUNDER_LOSS,
        per_game: options.number("--per-game", 3, 1..=100)? as usize,
        proof,
        effort_nodes: options.number("--effort-nodes", 2_000_000, 1000..=1_000_000_000)?,
    };
    let started = Instant::now();
    let yields = generate::generate(&settings, &|i, y| {
        eprintln!(
            "game {:>4}: {} candidates, {} puzzles, {:.0} s{}",
            i + 1,
            y.candidates,
            y.puzzles.len(),
            started.elapsed().as_secs_f64(),
            if y.rejected.is_empty() {
                String::new()
            } else {
                let reasons: Vec<&str> =
                    y.rejected.iter().map(|(_, _, why)| why.as_str()).collect();
                format!(" (rejected: {})", reasons.join("; "))
            }
        );
    });
    let generated = generate::collect(&yields);
    let candidates: usize = yields.iter().map(|y| y.candidates).sum();
    let mut rejections: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    for y in &yields {
        for (goal, code, _) in &y.rejected {
            *rejections.entry((goal.code(), code)).or_default() += 1;
        }
    }
    let set = PuzzleSet {
        version: analysis::puzzle::PUZZLES_VERSION,
        game: P::NAME.to_string(),
        puzzles: generated.iter().map(|g| g.puzzle.clone()).collect(),
    };
    write_file(out_path, &puzzle_file_text(&set)?)?;
    out!(
        "{} games, {candidates} candidates, {} puzzles ({:.0} s) → {out_path}",
        settings.games,
        set.puzzles.len(),
        started.elapsed().as_secs_f64()
    );
    for ((goal, code), n) in &rejections {
        out!("  {goal} candidates rejected ({code}): {n}");
    }
    report(&set);
    for goal in [Goal::Win, Goal::Advantage] {
        let mut efforts: Vec<u64> = generated
            .iter()
            .filter(|g| g.puzzle.goal == goal)
            .map(|g| g.effort)
            .collect();
        efforts.sort_unstable();
        if let (Some(first), Some(last)) = (efforts.first(), efforts.last()) {
            let at = |q: f64| efforts[((efforts.len() - 1) as f64 * q).round() as usize];
            out!(
                "effort ({}, nodes): least {first}, 10 % {}, median {}, 90 % {}, most {last}",
                goal.code(),
                at(0.1),
                at(0.5),
                at(0.9)
            );
        }
    }
    Ok(())
}

/// Counts by goal, theme, player moves and rating.
fn report(set: &PuzzleSet) {
    let mut goals: BTreeMap<&str, usize> = BTreeMap::new();
    let mut themes: BTreeMap<&str, usize> = BTreeMap::new();
    let mut lengths: BTreeMap<usize, usize> = BTreeMap::new();
    let mut ratings: BTreeMap<u32, usize> = BTreeMap::new();
    for p in &set.puzzles {
        *goals.entry(p.goal.code()).or_default() += 1;
        for t in &p.themes {
            *themes.entry(t).or_default() += 1;
        }
        *lengths.entry(p.player_moves()).or_default() += 1;
        *ratings.entry(p.rating / 200 * 200).or_default() += 1;
    }
    let line = |map: Vec<(String, usize)>| {
        map.into_iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    out!(
        "goals: {}",
        line(goals.iter().map(|(k, v)| (k.to_string(), *v)).collect())
    );
    out!(
        "themes: {}",
        line(themes.iter().map(|(k, v)| (k.to_string(), *v)).collect())
    );
    out!(
        "player moves: {}",
        line(lengths.iter().map(|(k, v)| (k.to_string(), *v)).collect())
    );
    out!(
        "ratings: {}",
        line(
            ratings
                .iter()
                .map(|(k, v)| (format!("{k}–{}", k + 199), *v))
                .collect()
        )
    );
}

/// Reads a puzzle file and proves every puzzle again.
fn check_puzzles<P: Analysable>(
    path: &str,
    rules: P::Rules,
    proof: ProofSettings,
) -> Result<(), String> {
    let set: PuzzleSet =
        serde_json::from_str(&read_file(path)?).map_err(|e| format!("{path}: {e}"))?;
    set.check(P::NAME).map_err(|e| format!("{path}: {e}"))?;
    let mut verifier = Verifier::<P::Search>::new(proof, 16);
    let mut failed = 0;
    let started = Instant::now();
    for puzzle in &set.puzzles {
        let result = (|| -> Result<(), String> {
            let game = P::from_position_text(&puzzle.position, rules)?;
            let start = *game.current();
            let side = P::side_name(P::Search::side_to_move(&start)).to_lowercase();
            if side != puzzle.side {
                return Err(format!("the side to move is {side}, not {}", puzzle.side));
            }
            let line = puzzle
                .line
                .iter()
                .map(|m| P::parse_move(m))
                .collect::<Result<Vec<MoveOf<P>>, String>>()?;
            verifier
                .verify(&start, &line, puzzle.goal)
                .map_err(|e| e.to_string())
        })();
        if let Err(why) = result {
            failed += 1;
            out!("puzzle {}: {why}", puzzle.id);
        }
    }
    out!(
        "{} puzzles, {} proved, {failed} not ({} nodes, {:.0} s)",
        set.puzzles.len(),
        set.puzzles.len() - failed,
        verifier.nodes(),
        started.elapsed().as_secs_f64()
    );
    report(&set);
    let wins = set.puzzles.iter().filter(|p| p.goal == Goal::Win).count();
    out!("win {wins}, advantage {}", set.puzzles.len() - wins);
    if failed > 0 {
        Err(format!("{failed} puzzles of {path} are not proved"))
    } else {
        Ok(())
    }
}

/// `tune`: self-play, then Texel tuning of the selected weights on the games' quiet positions
/// (not in check or threatened, the move played there and the move before it not captures).
pub fn run_tune<P: Analysable>(args: &[String], rules: P::Rules) -> Result<(), String> {
    let options = Options::parse(
        args,
        &[
            "--games",
            "--nodes",
            "--seed",
            "--threads",
            "--opening-plies",
            "--weights",
            "--passes",
            "--regularisation",
            "--config",
            "--positions-out",
            "--positions",
        ],
    )?;
    if options.text("--positions").is_some() && options.text("--positions-out").is_some() {
        return Err("--positions and --positions-out do not go together".into());
    }
    let games = options.number("--games", 1000, 1..=1_000_000)? as usize;
    let nodes = options.number("--nodes", 8000, 1..=1_000_000_000)?;
    let seed = options.number("--seed", 1, 0..=u64::MAX)?;
    let threads = options.number("--threads", 2, 1..=2)? as usize;
    let opening = options.number("--opening-plies", 4, 0..=20)? as usize;
    let extra = options.text("--config").unwrap_or("");
    let config = EngineConfig::<P::Search>::parse(&format!("nodes={nodes} {extra}"))?;
    let mut settings = TuneSettings {
        passes: options.number("--passes", 6, 1..=1000)? as usize,
        ..TuneSettings::default()
    };
    if let Some(text) = options.text("--weights") {
        settings.select = text.split(',').map(str::to_string).collect();
    }
    if let Some(text) = options.text("--regularisation") {
        settings.regularisation = text
            .parse::<f64>()
            .ok()
            .filter(|r| *r >= 0.0 && r.is_finite())
            .ok_or_else(|| format!("--regularisation: '{text}' is not a number from 0"))?;
    }
    let weights = P::Search::weights(&config.params);
    if !weights
        .iter()
        .any(|(name, _)| tune::selected(name, &settings.select))
    {
        return Err("--weights: no weight of the evaluation has such a name".into());
    }
    let (train, test) = match options.text("--positions") {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            let (train, test) =
                read_samples::<P>(&text, rules).map_err(|e| format!("{path}: {e}"))?;
            out!(
                "{path}: {} positions to tune on, {} held out",
                train.len(),
                test.len()
            );
            (train, test)
        }
        None => {
            let started = Instant::now();
            let played = self_play::<P>(rules, &config, games, threads, opening, seed, 100);
            let (train, test) = quiet_samples::<P>(rules, &config, &played, opening)?;
            out!(
                "{games} games at {nodes} nodes a move ({opening} random opening plies, seed {seed}), {:.0} s; quiet positions: {} to tune on, {} held out",
                started.elapsed().as_secs_f64(),
                train.len(),
                test.len()
            );
            if let Some(path) = options.text("--positions-out") {
                let lines: String = train
                    .iter()
                    .chain(&test)
                    .map(|s| format!("{}\t{}\n", P::position_text(&s.position), s.result))
                    .collect();
                std::fs::write(path, lines).map_err(|e| format!("cannot write {path}: {e}"))?;
            }
            (train, test)
        }
    };
    let report = tune::tune::<P::Search>(
        &config.params,
        &train,
        &test,
        &settings,
        &mut |pass, train, test| {
            eprintln!("pass {}: error {train:.6}, held out {test:.6}", pass + 1);
        },
    )?;
    out!(
        "scale k {:.2} · error {:.6} -> {:.6} · held out {:.6} -> {:.6}",
        report.k,
        report.train_error.0,
        report.train_error.1,
        report.test_error.0,
        report.test_error.1
    );
    let tuned: Vec<String> = report
        .changed
        .iter()
        .map(|(name, _, now)| format!("eval.{name}={now}"))
        .collect();
    out!(
        "{}",
        if tuned.is_empty() {
            "(no weight moved)".to_string()
        } else {
            tuned.join(" ")
        }
    );
    Ok(())
}

/// The samples of `tune`: the quiet positions of `played` (past the `opening` random plies
/// and eight more; not in check or threatened, neither the move played there nor the one
/// before it a capture), one game in five held out; the first of the pair to tune on, the
/// second held out.
fn quiet_samples<P: Analysable>(
    rules: P::Rules,
    config: &EngineConfig<P::Search>,
    played: &[RecordedGame<MoveOf<P>>],
    opening: usize,
) -> Result<SampleSplit<P>, String> {
    let judge = P::Search::new(config.params.clone());
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (i, record) in played.iter().enumerate() {
        let mut game = P::start(rules);
        let mut previous_captured = false;
        for (ply, &m) in record.moves.iter().enumerate() {
            let position = *game.current();
            let captures = judge.nature(&position, m).is_some_and(|n| n.capture);
            let searched = record.scores.get(ply).is_some_and(Option::is_some);
            if searched
                && ply >= opening + 8
                && !captures
                && !previous_captured
                && judge.verdict(&position) == Verdict::Open
            {
                let result = record.result_for(record.side_at(ply));
                let sample = Sample { position, result };
                if i % 5 == 4 {
                    test.push(sample)
                } else {
                    train.push(sample)
                }
            }
            previous_captured = captures;
            game.play_move(m)?;
        }
    }
    Ok((train, test))
}

/// The samples of a positions file (`tune --positions`): a position, a tab and its expected
/// result for the side to move (0 to 1) a line; every fifth line held out.
fn read_samples<P: Analysable>(text: &str, rules: P::Rules) -> Result<SampleSplit<P>, String> {
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let at = |e: String| format!("line {}: {e}", i + 1);
        let (position, result) = line
            .split_once('\t')
            .ok_or_else(|| at("no tab between the position and its result".into()))?;
        let result = result
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|r| (0.0..=1.0).contains(r))
            .ok_or_else(|| at(format!("'{}' is not a result from 0 to 1", result.trim())))?;
        let position = *P::from_position_text(position.trim(), rules)
            .map_err(at)?
            .current();
        let sample = Sample { position, result };
        if (train.len() + test.len()) % 5 == 4 {
            test.push(sample)
        } else {
            train.push(sample)
        }
    }
    if train.is_empty() {
        return Err("no positions".into());
    }
    Ok((train, test))
}
