//! The rules commands (`perft`, `divide`, `moves`, and `sfen`) for the variants of the shogi family:
//! `shogi perft 3 --game minishogi [--sfen …] [--moves …]`. Positions and moves are written as
//! Fairy-Stockfish writes them for each variant (crates/shogi-family).

use crate::rules_cli::{parse_position, run_rules_command, RulesGame};
use shogi_family::{Position, Variant};
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

/// Runs a rules command on `variant` (or `sfen`: the position's SFEN, after `--moves`); other
/// commands do not take `--game`.
pub fn run_family(variant: &'static Variant, args: &[String]) -> Result<(), String> {
    CHOSEN
        .set(variant)
        .map_err(|_| "--game given twice".to_string())?;
    if args.first().map(String::as_str) == Some("sfen") {
        let position = parse_position::<Family>(&args[1..])?;
        out!("{}", position.to_sfen());
        return Ok(());
    }
    run_rules_command::<Family>(args).unwrap_or_else(|| {
        Err(format!(
            "--game is for perft, divide, moves and sfen, not '{}'",
            args.first().map(String::as_str).unwrap_or("")
        ))
    })
}
