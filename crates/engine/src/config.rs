//! An engine configuration as text, for any game's `match`: space- or comma-separated
//! `key=value` pairs. Keys: `level` (1–5), `nodes`, `depth`, `movetime` (ms), `hash` (MB),
//! `nmp`, `lmr`, `ext`, `loglmr`, `asp`, `lmp`, `mte` (0/1: null move, late-move reductions,
//! threat extension, logarithmic reductions, aspiration, late-move pruning, mate-threat
//! extension), `rfp`, `fut`, `seep`
//! (margins per ply, 0 off: reverse futility, futility, exchange pruning), `lmrdiv` (the
//! logarithmic reductions' divisor in hundredths), `anmp`, `iir` (0/1: adaptive null-move
//! reduction, internal iterative reduction), `rfpd` (reverse
//! futility's depth), `pd` (the other pruning's depth), `lmpd` (late-move pruning's greatest depth, 0 any), `lmpall` (0/1: late-move pruning counts every move), `lmpchk` (0/1: late quiet checks pruned too, counted over every move), `futnode`, `seenode` (0/1: futility, exchange pruning judged by the node's depth even with `lmrp=1`), `futd` (futility only at nodes this close to the horizon, 0 any), `fguard` (futility spares quiet moves whose ordering score is above this percent of the history's range), `futgrow` (futility's margin added per ply the reduction takes off, 0 none), `hdepth` (plies a full history adds to the depth pruning judges a quiet move by, 0 off), `fwf` (0/1: only forcing moves generated at futile nodes), `stage` (0/1: moves generated in stages: noisy, killers, the rest), `tteval` (0/1: pruning by the table's score where its bound allows), `cont` (continuation history's weight, 0 off), `crows` (continuation rows counted: 2 the moves one and two plies before, 3 and four, 4 and six), `prior` (0/1: Stockfish's history updates beside the cut-offs), `qtt`, `imp`, `lmrp` (0/1: the table in quiescence, half the late quiet moves where not improving, pruning by the reduced depth), `se` (singular extensions' least depth, 0 off), `rcheck`, `rootlmr` (0/1: checks reduced too, reductions at the root), `cut`, `cutc` (extra reduction at expected cut nodes in plies, in hundredths; 0 off), `pvr` (hundredths of a ply less reduction on the principal variation), `lmro` (hundredths of a ply added to every reduction), `lmrupd` (a re-searched reduced quiet move's continuation update per squared ply, 0 off), `ttcap` (0/1: a ply more where the table's move captures), `probcut` (ProbCut's margin, 0 off), `hred` (hundredths of a ply less reduction at a quiet move's full history score, as many more at minus it; 0 off), `hbon`, `cbon` (the main history's and the continuation rows' reward per squared ply of a cut-off), `lmrfirst` (the first move index reduced), `nmpb`, `nmpd` (the null move's reduction: base + depth / divisor), `nmpm` (the null move only where the static score beats beta by this less 20 a ply, 0 off), `cmp`, `lmrcap` (0/1: continuation-history pruning, late captures reduced off the principal variation), `extd` (the threat extension's least depth, 0 everywhere), `aspd` (the aspiration window's first half-width), `gasp` (0/1: Stockfish's widening of a failed window), `qchk` (quiescence plies that try quiet checks, 0 none), `qmc` (quiescence's most moves that do not check, 0 all), `qfut` (quiescence skips an even exchange this far below alpha, 0 off), `contempt` (points a draw is worse than 0),
//! `noise` (± eval points), `blunder` (percent of random moves), and any evaluation weight as
//! `eval.<name>` (see [`SearchGame::set_weight`]). Example: `level=5 nodes=200000 eval.defence=0`.

use super::game::SearchGame;
use super::levels::LevelSettings;
use super::ordering::HISTORY_MAX;
use super::search::{Limits, SearchOptions};

/// The transposition table's size, MB, unless a configuration (`hash=`) or the protocol's hash
/// option says otherwise. 16 MB filled up within a move at a second a move (about a million
/// nodes, quiescence stored too). Against Fairy-Stockfish at 1 s a move 128 MB scored 11-49-0
/// over three seeds' openings (2026-12-02), 16 MB about 12 % there: no clear gain seen yet.
pub const DEFAULT_HASH_MB: usize = 128;

/// One side of a match.
pub struct EngineConfig<G: SearchGame> {
    /// The text it was parsed from (for the report).
    pub name: String,
    /// The level (its limits, noise and blunder rate unless overridden).
    pub level: LevelSettings,
    /// Search switches.
    pub options: SearchOptions,
    /// Evaluation weights.
    pub params: G::Params,
    /// Transposition table size in MB where the text names one (`hash=`); see
    /// [`Self::table_mb`].
    pub hash_mb: Option<usize>,
}

// By hand: a derive would ask `G` itself (the game's evaluation) to be Clone and Debug.
impl<G: SearchGame> Clone for EngineConfig<G> {
    fn clone(&self) -> Self {
        EngineConfig {
            name: self.name.clone(),
            level: self.level,
            options: self.options,
            params: self.params.clone(),
            hash_mb: self.hash_mb,
        }
    }
}

impl<G: SearchGame> std::fmt::Debug for EngineConfig<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineConfig")
            .field("name", &self.name)
            .field("level", &self.level)
            .field("options", &self.options)
            .field("params", &self.params)
            .field("hash_mb", &self.hash_mb)
            .finish()
    }
}

impl<G: SearchGame> EngineConfig<G> {
    /// The table size to search with: the configuration's, else [`DEFAULT_HASH_MB`].
    pub fn table_mb(&self) -> usize {
        self.hash_mb.unwrap_or(DEFAULT_HASH_MB)
    }

    /// Parses the text form (module docs).
    pub fn parse(text: &str) -> Result<EngineConfig<G>, String> {
        let mut config = EngineConfig {
            name: text.trim().to_string(),
            level: G::level(5),
            options: G::default_options(),
            params: G::Params::default(),
            hash_mb: None,
        };
        let mut limits: Option<Limits> = None;
        for pair in text.split([' ', ',']).filter(|p| !p.is_empty()) {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| format!("'{pair}' is not key=value"))?;
            let number: i64 = value
                .parse()
                .map_err(|_| format!("{key}: '{value}' is not a number"))?;
            let flag = number != 0;
            let positive = number.max(0) as u64;
            match key {
                "level" => {
                    if !(1..=5).contains(&number) {
                        return Err("level is 1 to 5".into());
                    }
                    config.level = G::level(number as u8);
                }
                "nodes" => limits.get_or_insert_with(Limits::default).nodes = Some(positive.max(1)),
                "depth" => {
                    limits.get_or_insert_with(Limits::default).depth =
                        Some(positive.clamp(1, 64) as u32)
                }
                "movetime" => {
                    let l = Limits::movetime(positive.max(1) as f64);
                    let slot = limits.get_or_insert_with(Limits::default);
                    slot.soft_ms = l.soft_ms;
                    slot.hard_ms = l.hard_ms;
                }
                "hash" => config.hash_mb = Some(positive.clamp(1, 4096) as usize),
                "nmp" => config.options.null_move = flag,
                "lmr" => config.options.late_move_reductions = flag,
                "ext" => config.options.threat_extension = flag,
                "loglmr" => config.options.log_reductions = flag,
                "asp" => config.options.aspiration = flag,
                "aspd" => config.options.aspiration_delta = positive.clamp(1, 1000) as i32,
                "gasp" => config.options.gentle_aspiration = flag,
                "rfp" => config.options.reverse_futility = number.clamp(0, 10_000) as i32,
                "fut" => config.options.futility = number.clamp(0, 10_000) as i32,
                "lmp" => config.options.late_move_pruning = flag,
                "lmpd" => config.options.late_move_pruning_depth = number.clamp(0, 64) as i32,
                "lmpall" => config.options.late_move_count_all = flag,
                "lmpchk" => config.options.late_checks_pruned = flag,
                "futnode" => config.options.futility_by_node_depth = flag,
                "futd" => config.options.futility_node_depth = number.clamp(0, 64) as i32,
                "seenode" => config.options.exchange_by_node_depth = flag,
                "fguard" => {
                    config.options.futility_history_guard =
                        (number.clamp(-100, 100) as i32) * (HISTORY_MAX / 100)
                }
                "futgrow" => {
                    config.options.futility_reduction_margin = number.clamp(0, 10_000) as i32
                }
                "hdepth" => config.options.history_pruning_depth = number.clamp(0, 16) as i32,
                "mte" => config.options.mate_threat_extension = flag,
                "seep" => config.options.exchange_pruning = number.clamp(0, 10_000) as i32,
                "lmrdiv" => config.options.reduction_divisor = number.clamp(50, 1000) as i32,
                "anmp" => config.options.adaptive_null_move = flag,
                "iir" => config.options.internal_reduction = flag,
                "rfpd" => config.options.reverse_futility_depth = number.clamp(0, 20) as i32,
                "pd" => config.options.pruning_depth = number.clamp(0, 20) as i32,
                "fwf" => config.options.forcing_when_futile = flag,
                "stage" => config.options.staged_generation = flag,
                "tteval" => config.options.table_eval = flag,
                "qtt" => config.options.quiescence_table = flag,
                "qchk" => config.options.quiescence_checks = positive.min(8) as usize,
                "qmc" => config.options.quiescence_move_count = positive.min(64) as usize,
                "qfut" => config.options.quiescence_futility = number.clamp(0, 10_000) as i32,
                "imp" => config.options.improving = flag,
                "lmrp" => config.options.reduced_depth_pruning = flag,
                "se" => config.options.singular_depth = number.clamp(0, 64) as i32,
                "rcheck" => config.options.reduce_forcing = flag,
                "rootlmr" => config.options.root_reductions = flag,
                "cut" => config.options.cut_node_reduction = number.clamp(0, 4) as i32 * 100,
                "cutc" => config.options.cut_node_reduction = number.clamp(-200, 600) as i32,
                "lmro" => config.options.reduction_offset = number.clamp(-300, 600) as i32,
                "lmrupd" => {
                    config.options.research_continuation_bonus = number.clamp(0, 2_000) as i32
                }
                "pvr" => config.options.pv_reduction = number.clamp(-200, 600) as i32,
                "ttcap" => config.options.tt_capture_reduction = flag,
                "hred" => config.options.history_reduction = number.clamp(-2000, 2000) as i32,
                "hbon" => config.options.history_bonus_scale = number.clamp(0, 100_000) as i32,
                "cbon" => config.options.continuation_bonus_scale = number.clamp(0, 2_000) as i32,
                "lmrfirst" => config.options.first_reduced = positive.clamp(1, 64) as usize,
                "nmpb" => config.options.null_move_base = number.clamp(1, 10) as i32,
                "nmpd" => config.options.null_move_divisor = number.clamp(1, 20) as i32,
                "nmpm" => config.options.null_move_margin = number.clamp(0, 10_000) as i32,
                "cmp" => config.options.continuation_pruning = flag,
                "lmrcap" => config.options.reduce_captures = flag,
                "extd" => config.options.threat_extension_depth = number.clamp(0, 64) as i32,
                "probcut" => config.options.probcut = number.clamp(0, 10_000) as i32,
                "prior" => config.options.prior_move_updates = flag,
                "crows" => config.options.continuation_rows = positive.clamp(1, 4) as usize,
                "cont" => config.options.continuation_history = number.clamp(0, 64) as i32,
                "contempt" => config.options.contempt = number.clamp(-1000, 1000) as i32,
                "noise" => config.level.eval_noise = number.clamp(0, 10_000) as i32,
                "blunder" => config.level.blunder_percent = positive.min(100) as u32,
                _ => match key.strip_prefix("eval.") {
                    Some(weight) => G::set_weight(&mut config.params, weight, number as i32)?,
                    None => return Err(format!("unknown setting '{key}'")),
                },
            }
        }
        if let Some(l) = limits {
            config.level.limits = l;
        }
        Ok(config)
    }
}
