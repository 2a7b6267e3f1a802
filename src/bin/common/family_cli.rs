//! The rules commands (`perft`, `divide`, `moves`, and `sfen`) for the variants of the shogi family:
//! `shogi perft 3 --game minishogi [--sfen …] [--moves …]`. Positions and moves are written as
//! Fairy-Stockfish writes them for each variant (crates/shogi-family).

use crate::engine_cli::{CliGame, Dialect};
use crate::rules_cli::{parse_position, run_rules_command, RulesGame};
use shogi_family::ai::GameRules;
pub use shogi_family::ai::Played;
use shogi_family::{Game, Options, Packed, Position, Variant, VARIANTS};
use std::sync::OnceLock;

/// The variant `--game` chose, for the rules commands' positions.
static CHOSEN: OnceLock<&'static Variant> = OnceLock::new();

/// The family's positions for the rules commands.
struct Family;

impl RulesGame for Family {
    type Position = Position;
    const POSITION_OPTION: &'static str = "--sfen";

    fn position(text: Option<&str>, variant: &str) -> Result<Position, String> {
        if !variant.is_empty() {
            return Err("--variant names shogi's rulesets, not a game's (use --game)".to_string());
        }
        let game = CHOSEN.get().expect("the game is chosen first");
        match text {
            Some(sfen) => Position::from_sfen(game, sfen).map_err(|e| format!("--sfen: {e}")),
            None => Ok(Position::start(game)),
        }
    }

    fn children(position: &Position) -> Vec<(String, Position)> {
        position
            .legal_moves()
            .into_iter()
            .map(|m| (m.usi(position), position.after(m)))
            .collect()
    }

    fn perft(position: &Position, depth: u32) -> u64 {
        position.perft(depth)
    }
}

/// The game `--game` names: shogi itself (this tool's own rules) or a variant of the family.
pub enum Chosen {
    /// Shogi, on its own fast rules (crates/shogi).
    Shogi,
    /// A variant of the family.
    Variant(&'static Variant),
}

/// Takes `--game NAME` out of `args`: `Ok(None)` without one, the game and the other arguments
/// with one; an unknown name is an error that lists the known ones.
pub fn take_game(args: &[String]) -> Result<Option<(Chosen, Vec<String>)>, String> {
    let Some(at) = args.iter().position(|a| a == "--game") else {
        return Ok(None);
    };
    let name = args
        .get(at + 1)
        .ok_or_else(|| "--game needs a name".to_string())?;
    let chosen = if name.eq_ignore_ascii_case("shogi") {
        Chosen::Shogi
    } else {
        Chosen::Variant(Variant::named(name).ok_or_else(|| {
            format!(
                "--game: unknown game '{name}' (the games are shogi, {})",
                Variant::names()
            )
        })?)
    };
    let mut rest = args.to_vec();
    rest.drain(at..at + 2);
    Ok(Some((chosen, rest)))
}

/// Runs a rules command on `variant` (or `sfen`: the position's SFEN, after `--moves`; or
/// `match`: engines against each other under the variant's rules); other commands do not take
/// `--game`.
pub fn run_family(variant: &'static Variant, args: &[String]) -> Result<(), String> {
    CHOSEN
        .set(variant)
        .map_err(|_| "--game given twice".to_string())?;
    // A match between engines, refereed by the variant's rules (`--variant` is the game's).
    if args.first().map(String::as_str) == Some("match") {
        let mut rest = args[1..].to_vec();
        if !rest.iter().any(|a| a == "--variant") {
            rest.extend(["--variant".to_string(), variant.name.to_string()]);
        }
        return crate::engine_cli::run_match::<Played>(&rest, crate::USAGE);
    }
    if args.first().map(String::as_str) == Some("sfen") {
        let position = parse_position::<Family>(&args[1..])?;
        out!("{}", position.to_sfen());
        return Ok(());
    }
    run_rules_command::<Family>(args).unwrap_or_else(|| {
        Err(format!(
            "--game is for perft, divide, moves, sfen and match, not '{}'",
            args.first().map(String::as_str).unwrap_or("")
        ))
    })
}

/// Every game `setoption name USI_Variant` may name: shogi (this tool's own) and the family's
/// variants as Fairy-Stockfish names them where it plays them.
pub const USI_VARIANTS: &[&str] = &[
    "shogi",
    "minishogi",
    "kyotoshogi",
    "microshogi",
    "dobutsu",
    "judkinshogi",
    "torishogi",
    "yarishogi",
    "shoshogi",
    "cannonshogi",
    "annanshogi",
    "checkshogi",
];

/// The family's rules for a `USI_Variant` name (Fairy-Stockfish's `micro` and `judkins` too);
/// `None` for shogi itself and for unknown names.
pub fn variant_rules(name: &str) -> Option<GameRules> {
    let name = match name {
        "micro" => "microshogi",
        "judkins" => "judkinshogi",
        "shogi" => return None,
        other => other,
    };
    Variant::named(name).map(|variant| GameRules {
        variant,
        options: Options::default(),
    })
}

impl CliGame for Played {
    const DIALECT: Dialect = Dialect {
        protocol: "usi",
        engine_name: "Tabula shogi family",
        position_word: "sfen",
        hash_option: "USI_Hash",
        no_move: "resign",
        usi: true,
    };
    const BENCH_DEPTH: u32 = 5;
    const VARIANTS: &'static [&'static str] = USI_VARIANTS;

    fn parse_rules(text: &str) -> Result<GameRules, String> {
        let name = if text.is_empty() { "minishogi" } else { text };
        variant_rules(name)
            .ok_or_else(|| format!("unknown game '{name}' (the games are {})", Variant::names()))
    }

    fn variant_rules(name: &str) -> Option<GameRules> {
        variant_rules(name)
    }

    fn from_setup(text: &str, rules: GameRules) -> Result<Played, String> {
        let position = Position::from_sfen(rules.variant, text).map_err(|e| e.to_string())?;
        Ok(Played::new(Game::with_options(position, rules.options)))
    }

    fn setup_text(&self) -> String {
        let start = self.game.start();
        if start.to_sfen() == start.variant().start {
            "startpos".into()
        } else {
            format!("sfen {}", start.to_sfen())
        }
    }

    fn parse_move(text: &str) -> Result<Packed, String> {
        Packed::parse(text).ok_or_else(|| format!("'{text}' is not a move in USI form"))
    }

    fn score_text(raw: i32) -> String {
        crate::score_text(raw)
    }

    fn bench_positions() -> Result<Vec<Position>, String> {
        Ok(VARIANTS.iter().map(Position::start).collect())
    }
}
