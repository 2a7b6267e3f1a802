//! Shogi on the site's pages: [`ShogiWeb`] implements [`WebGame`] over the rules in
//! [`shogi`]: the wooden board, the pieces in either set (kanji, or the international
//! set's letters and movement marks), the hands, drops and the promotion choice, the Western
//! and Japanese notations, the KIF, CSA and USI formats, and its texts (the `shogi.` keys of
//! `www/locales/shogi/`).
//!
//! Cells are numbered as the view shows the board to sente: `row * 9 + column` from the
//! bottom-left square (9i), so column 0 is file 9 and row 0 is rank i; then sente's hand
//! slots, then gote's, one per kind in the order rook, bishop, gold, silver, knight, lance,
//! pawn ([`PieceKind::HAND`]).

pub mod editor;
mod faces;
pub mod koma;

use faces::board_scene;
pub use faces::token_of;

use crate::web::ai_worker::WebAi;
use crate::web::board_view::{
    BoardShape, Koma, Mark, PieceSet, Scene, Surface, Terrain, Token, TokenColour, Wood, KAYA,
};
use crate::web::clock::{ClockKind, TimeControl};
use crate::web::embed::Lang;
use crate::web::game::{
    hand_cell, hand_slot, Colour, FieldValue, Format, Look, Notes, Refusal, RuleFields, StartError,
    Variations, WebGame,
};
use crate::web::i18n::GameTexts;
use crate::web::sound::Sound;
use common::texts::{Text, Value};
use common::tree::MoveTree;
use common::Tags;
use shogi::record::{kif, Format as RecordFormat};
use shogi::ruleset::DEFAULT_MAX_PLIES;
use shogi::texts;
use shogi::{
    notation, Game, Hand, Handicap, IllegalMove, Move, Outcome, Piece, PieceKind, Position, Record,
    Ruleset, Side, Square,
};

/// Shogi, as the site's pages play it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ShogiWeb;

/// The board: 9 × 9, a hand of 7 kinds for each side, file numbers above and rank letters
/// right of the board, as shogi diagrams write them.
const SHAPE: BoardShape = BoardShape {
    files: 9,
    ranks: 9,
    hand_slots: 7,
    files_above: true,
    ranks_right: true,
};

/// The piece sets: the traditional kanji, one character on each piece (と, 龍).
pub const KANJI: &str = "kanji";
/// The kanji of the oldest sets: each piece's full name, two characters (歩兵, 龍王; と alone).
pub const KANJI_TWO: &str = "kanji2";
/// The international set's name.
pub const INTERNATIONAL: &str = "international";
/// The Western notation's name.
pub const WESTERN: &str = "western";
/// The Japanese notation's name.
pub const JAPANESE: &str = "japanese";
/// The KIF notation's name: the Japanese form with the origin, as KIF files write it
/// (`７六歩(77)`).
pub const KIF: &str = "kif";
/// The numeric Western notation's name (`P-76`).
pub const NUMERIC: &str = "numeric";

/// A list of moves in any of the page's notations (`▲７六歩 △３四歩`, `P-7f P-3d`, `７六歩(77)`,
/// `P-76`, USI), move numbers skipped, played from the start under `current`'s rules; `None`
/// unless every word is a legal move in turn.
fn moves_from_start(text: &str, current: &Game) -> Option<Game> {
    let mut game = Game::new(*current.rules());
    // `同　歩` keeps its full-width space; a number (`1`, `12.`) is the list's, not a move.
    let text = text.replace("同\u{3000}", "同");
    let words = text.split_whitespace().filter(|word| {
        !word
            .trim_end_matches('.')
            .chars()
            .all(|c| c.is_ascii_digit())
    });
    let mut played = false;
    for word in words {
        let previous = game.moves().last().copied();
        let m = notation::parse_any(game.position(), word, previous).ok()?;
        game.play(m).ok()?;
        played = true;
    }
    played.then_some(game)
}

/// The player of a shogi side (sente moves first in the even game).
pub fn colour(side: Side) -> Colour {
    match side {
        Side::Black => Colour::Black,
        Side::White => Colour::White,
    }
}

/// The shogi side of a player.
pub fn side(colour: Colour) -> Side {
    match colour {
        Colour::Black => Side::Black,
        Colour::White => Side::White,
    }
}

/// The square of a board cell (`None` for a hand slot).
pub fn square_of(cell: usize) -> Option<Square> {
    if cell >= SHAPE.cells() {
        return None;
    }
    let (row, column) = ((cell / 9) as i8, (cell % 9) as i8);
    Square::from_coords(8 - column, 8 - row)
}

/// The cell of a square.
pub fn cell_of(square: Square) -> usize {
    (8 - usize::from(square.rank())) * 9 + (8 - usize::from(square.file()))
}

/// The hand slot of a kind that can be held (its index in [`PieceKind::HAND`]).
fn slot_of(kind: PieceKind) -> usize {
    PieceKind::HAND
        .iter()
        .position(|&k| k == kind.unpromoted())
        .unwrap_or(0)
}

/// The side and kind of a hand cell.
fn hand_kind(cell: usize) -> Option<(Side, PieceKind)> {
    hand_slot(&SHAPE, cell).map(|(colour, slot)| (side(colour), PieceKind::HAND[slot]))
}

/// The moving piece of a move (a dropped piece, or the one on its origin).
fn mover(position: &Position, m: Move) -> Option<Piece> {
    match (m.from(), m.dropped()) {
        (Some(from), _) => position.piece_at(from),
        (None, Some(kind)) => Some(Piece::new(position.side_to_move(), kind)),
        (None, None) => None,
    }
}

/// Whether the piece moving in `m` could have promoted and did not.
fn declines(position: &Position, m: Move) -> bool {
    !m.promotes()
        && m.from().is_some()
        && position.is_legal(Move::board(m.from().unwrap_or(m.to()), m.to(), true))
}

/// The play clock's time control as a record's `TimeControl` tag in `format`: KIF's `持ち時間`
/// as lishogi writes a byoyomi (`10分+30秒`; `10分` alone without one), an increment said so
/// (`10分+5秒加算`); CSA's `$TIME_LIMIT` (`00:10+30`: hours and minutes, then the byoyomi's
/// seconds), which has no way to say an increment: `None` for a Fischer clock there.
pub fn time_control_tag(control: &TimeControl, format: &str) -> Option<String> {
    let main = (control.main_ms / 1000.0).round() as u64;
    let extra = (control.extra_ms / 1000.0).round() as u64;
    let fischer = control.kind == ClockKind::Fischer;
    if format == "csa" {
        let (hours, minutes) = (main / 3600, main / 60 % 60);
        return (!fischer || extra == 0).then(|| format!("{hours:02}:{minutes:02}+{extra:02}"));
    }
    let main = if main.is_multiple_of(60) {
        format!("{}分", main / 60)
    } else {
        format!("{main}秒")
    };
    Some(match (extra, fischer) {
        (0, _) => main,
        (_, false) => format!("{main}+{extra}秒"),
        (_, true) => format!("{main}+{extra}秒加算"),
    })
}

/// The dialog's rules fields' ids.
const IMPASSE: &str = "rule-impasse";
const MAX_MOVES: &str = "rule-maxmoves";

impl WebGame for ShogiWeb {
    const NAME: &'static str = "shogi";
    const TEXTS: GameTexts = GameTexts {
        folder: "shogi",
        prefix: Some("shogi"),
    };
    const LANGUAGES: &'static [Lang] =
        &[Lang::En, Lang::Ja, Lang::Id, Lang::Vi, Lang::De, Lang::ZhCn];
    // The tsume set's (crates/shogi/src/ai/tsume.rs `trainer_themes`): its lengths first.
    const PUZZLE_THEMES: &'static [&'static str] = &[
        "mate-1",
        "mate-3",
        "mate-5",
        "drop-mate",
        "drop",
        "promotion",
        "sacrifice",
    ];
    const SHAPE: BoardShape = SHAPE;
    const PIECE_SETS: &'static [&'static str] = &[INTERNATIONAL, KANJI, KANJI_TWO];
    const BOARDS: &'static [&'static str] = &["kaya", "hinoki", "walnut", "slate"];
    const NOTATIONS: &'static [&'static str] = &[WESTERN, JAPANESE, KIF, NUMERIC];
    const FORMATS: &'static [Format] = &[
        Format {
            code: "kif",
            label: "KIF",
            extension: "kif",
        },
        Format {
            code: "csa",
            label: "CSA",
            extension: "csa",
        },
        Format {
            code: "usi",
            label: "USI",
            extension: "usi",
        },
    ];
    const LEGACY_ENCODING: Option<&'static str> = Some("shift_jis");
    const STARTS: &'static [(&'static str, &'static str)] = &[
        ("lance", "shogi.handicap.lance"),
        ("bishop", "shogi.handicap.bishop"),
        ("rook", "shogi.handicap.rook"),
        ("rook-lance", "shogi.handicap.rookLance"),
        ("2-piece", "shogi.handicap.twoPiece"),
        ("4-piece", "shogi.handicap.fourPiece"),
        ("6-piece", "shogi.handicap.sixPiece"),
        ("8-piece", "shogi.handicap.eightPiece"),
        ("10-piece", "shogi.handicap.tenPiece"),
    ];
    const CAN_RESIGN: bool = true;
    const CAN_DECLARE: bool = true;
    const OFFERS_CHOICES: bool = true;
    const PAIRED_MOVES: bool = false;

    type Game = Game;
    type Position = Position;
    type Move = Move;
    type Outcome = Outcome;
    type Illegal = IllegalMove;

    fn new_game(rules: &str, start: &str) -> Result<Game, Text> {
        let rules = Ruleset::parse(rules).map_err(|e| texts::ruleset_error(&e))?;
        let handicap = match start {
            "" | "even" => Handicap::Even,
            code => Handicap::from_code(code)
                .ok_or_else(|| Text::new("shogi.handicap.unknown").with("code", code))?,
        };
        Game::from_sfen(handicap.sfen(), rules).map_err(|e| texts::position_error(&e))
    }

    fn rules_ok(rules: &str) -> bool {
        Ruleset::parse(rules).is_ok()
    }

    fn start_ok(start: &str) -> bool {
        start.is_empty() || Handicap::from_code(start).is_some()
    }

    fn rule_fields(rules: &str) -> RuleFields {
        let rules = Ruleset::parse(rules).unwrap_or_default();
        vec![
            (IMPASSE, FieldValue::Checked(rules.impasse)),
            (
                MAX_MOVES,
                FieldValue::Chosen(rules.max_plies.map_or("off".to_string(), |n| n.to_string())),
            ),
        ]
    }

    fn rules_of_fields(field: &dyn Fn(&str) -> Option<FieldValue>) -> String {
        let mut rules = Ruleset {
            impasse: field(IMPASSE) != Some(FieldValue::Checked(false)),
            ..Ruleset::default()
        };
        if let Some(FieldValue::Chosen(limit)) = field(MAX_MOVES) {
            rules.max_plies = match limit.as_str() {
                "off" => None,
                plies => Some(plies.parse().unwrap_or(DEFAULT_MAX_PLIES)),
            };
        }
        rules.to_string()
    }

    fn position(game: &Game) -> &Position {
        game.position()
    }

    fn positions(game: &Game) -> &[Position] {
        game.positions()
    }

    fn moves(game: &Game) -> &[Move] {
        game.moves()
    }

    fn undone_moves(game: &Game) -> &[Move] {
        game.undone_moves()
    }

    fn same_start(a: &Game, b: &Game) -> bool {
        a.rules() == b.rules() && a.start_position() == b.start_position()
    }

    fn outcome(game: &Game) -> Option<Outcome> {
        game.outcome()
    }

    fn legal_moves(game: &Game) -> Vec<Move> {
        game.legal_moves().to_vec()
    }

    fn check_move(game: &Game, m: Move) -> Result<(), IllegalMove> {
        game.check_move(m)
    }

    fn play(game: &mut Game, m: Move) -> Result<(), IllegalMove> {
        game.play(m)
    }

    fn undo(game: &mut Game) -> Option<Move> {
        game.undo()
    }

    fn redo(game: &mut Game) -> Option<Move> {
        game.redo()
    }

    fn ended_without_move(game: &Game) -> bool {
        game.ending().is_some()
    }

    fn take_back_ending(game: &mut Game) -> bool {
        game.take_back_ending()
    }

    fn side_to_move(position: &Position) -> Colour {
        colour(position.side_to_move())
    }

    fn resign(game: &mut Game, side: Colour) -> bool {
        game.resign(self::side(side))
    }

    fn lose_on_time(game: &mut Game, side: Colour) -> bool {
        game.lose_on_time(self::side(side))
    }

    fn declaration_points(game: &Game) -> Option<u32> {
        if game.outcome().is_some() {
            return None;
        }
        game.impasse_declaration().ok()
    }

    fn declare(game: &mut Game) -> Result<(), Text> {
        game.declare_impasse()
            .map(|_| ())
            .map_err(|e| texts::declaration_error(&e))
    }

    fn cell_name(cell: usize) -> String {
        match (square_of(cell), hand_kind(cell)) {
            (Some(square), _) => square.to_string(),
            (None, Some((_, kind))) => kind.letter().to_string(),
            (None, None) => String::new(),
        }
    }

    fn owner_at(position: &Position, cell: usize) -> Option<Colour> {
        match (square_of(cell), hand_kind(cell)) {
            (Some(square), _) => position.piece_at(square).map(|p| colour(p.side)),
            (None, Some((side, kind))) => {
                (position.hand(side).count(kind) > 0).then_some(colour(side))
            }
            (None, None) => None,
        }
    }

    fn move_cells(position: &Position, m: Move) -> (usize, usize) {
        let to = cell_of(m.to());
        match (m.from(), m.dropped()) {
            (Some(from), _) => (cell_of(from), to),
            (None, Some(kind)) => (
                hand_cell(&SHAPE, colour(position.side_to_move()), slot_of(kind)),
                to,
            ),
            (None, None) => (to, to),
        }
    }

    fn attempted_move(position: &Position, from: usize, to: usize) -> Option<Move> {
        let to = square_of(to)?;
        if let Some((_, kind)) = hand_kind(from) {
            return Some(Move::drop(kind, to));
        }
        let from = square_of(from)?;
        // The move as written without promotion, unless only the promotion could be legal
        // (a pawn to the last rank): then that one, so that the refusal names the real rule.
        let plain = Move::board(from, to, false);
        let promoting = Move::board(from, to, true);
        if position.check_move(plain).is_err() && position.check_move(promoting).is_ok() {
            Some(promoting)
        } else {
            Some(plain)
        }
    }

    fn default_pieces(lang: Lang) -> &'static str {
        if lang == Lang::Ja {
            KANJI
        } else {
            INTERNATIONAL
        }
    }

    fn default_notation(lang: Lang) -> &'static str {
        if lang == Lang::Ja {
            JAPANESE
        } else {
            WESTERN
        }
    }

    fn scene(position: &Position, look: &Look) -> Scene {
        let hands = [position.hand(Side::Black), position.hand(Side::White)];
        let mut scene = board_scene(|square| position.piece_at(square), hands, look);
        if position.in_check() {
            scene.check = position.king(position.side_to_move()).map(cell_of);
        }
        scene
    }

    fn coordinates() -> (Vec<Value>, Vec<Value>) {
        let files = (0..9u8)
            .map(|column| Value::Verbatim((9 - column).to_string()))
            .collect();
        let ranks = (0..9u8)
            .map(|row| Value::Text(texts::rank(char::from(b'i' - row))))
            .collect();
        (files, ranks)
    }

    fn paint<S: Surface>(surface: &mut S, x: f64, y: f64, cell: f64, token: &Token, flipped: bool) {
        koma::paint_koma(surface, x, y, cell, token, flipped)
    }

    fn captured_token(before: &Position, m: Move, look: &Look) -> Option<Token> {
        before.piece_at(m.to()).map(|piece| token_of(piece, look))
    }

    fn moved_token(before: &Position, m: Move, look: &Look) -> Option<Token> {
        let piece = mover(before, m)?;
        let kind = if m.promotes() {
            piece.kind.promoted()
        } else {
            piece.kind
        };
        Some(token_of(Piece::new(piece.side, kind), look))
    }

    fn cell_label(position: &Position, cell: usize) -> Text {
        if let Some(square) = square_of(cell) {
            return match position.piece_at(square) {
                Some(piece) => Text::new("shogi.square.piece")
                    .with("square", texts::square(square))
                    .with("piece", texts::piece(piece)),
                None => Text::new("shogi.square.empty").with("square", texts::square(square)),
            };
        }
        match hand_kind(cell) {
            Some((side, kind)) => Text::new("shogi.hand.slot")
                .with("side", texts::side(side))
                .with("piece", texts::piece_kind(kind))
                .with("count", position.hand(side).count(kind)),
            None => Text::new("shogi.square.empty").with("square", ""),
        }
    }

    fn piece_code(position: &Position, cell: usize) -> Option<String> {
        let (side, kind) = match (square_of(cell), hand_kind(cell)) {
            (Some(square), _) => {
                let piece = position.piece_at(square)?;
                (piece.side, piece.kind)
            }
            (None, Some((side, kind))) => {
                (position.hand(side).count(kind) > 0).then_some((side, kind))?
            }
            (None, None) => return None,
        };
        Some(format!("{}:{}", side.sfen(), kind.sfen()))
    }

    fn piece_text(position: &Position, cell: usize) -> Option<Text> {
        match (square_of(cell), hand_kind(cell)) {
            (Some(square), _) => position.piece_at(square).map(texts::piece),
            (None, Some((side, kind))) => {
                (position.hand(side).count(kind) > 0).then(|| texts::piece(Piece::new(side, kind)))
            }
            (None, None) => None,
        }
    }

    fn side_text(side: Colour) -> Text {
        texts::side(self::side(side))
    }

    fn describe_move(before: &Position, m: Move) -> Text {
        let Some(piece) = mover(before, m) else {
            return Text::new("shogi.announce.drop");
        };
        let to = texts::square(m.to());
        let text = match (m.from(), before.piece_at(m.to())) {
            (None, _) => Text::new("shogi.announce.drop"),
            (Some(from), None) => {
                Text::new("shogi.announce.move").with("from", texts::square(from))
            }
            (Some(from), Some(victim)) => Text::new("shogi.announce.capture")
                .with("from", texts::square(from))
                .with("victim", texts::piece_kind(victim.kind)),
        }
        .with("side", texts::side(piece.side))
        .with("piece", texts::piece_kind(piece.kind))
        .with("to", to);
        let text = if m.promotes() {
            Text::new("shogi.announce.promotes").with("move", text)
        } else if declines(before, m) {
            Text::new("shogi.announce.declines").with("move", text)
        } else {
            text
        };
        if before.gives_check(m) {
            Text::new("shogi.announce.check").with("move", text)
        } else {
            text
        }
    }

    fn describe_selection(position: &Position, cell: usize) -> Text {
        match (square_of(cell), hand_kind(cell)) {
            (Some(square), _) => match position.piece_at(square) {
                Some(piece) => Text::new("shogi.announce.selected")
                    .with("piece", texts::piece_kind(piece.kind))
                    .with("square", texts::square(square)),
                None => Text::new("announce.deselected"),
            },
            (None, Some((_, kind))) => {
                Text::new("shogi.announce.selectedInHand").with("piece", texts::piece_kind(kind))
            }
            (None, None) => Text::new("announce.deselected"),
        }
    }

    fn choice_text(_before: &Position, m: Move) -> Text {
        Text::new(if m.promotes() {
            "shogi.choice.promote"
        } else {
            "shogi.choice.keep"
        })
    }

    fn describe_hint(position: &Position, m: Move) -> Text {
        Text::new("shogi.announce.hint").with("move", Self::describe_move(position, m))
    }

    fn puzzle_wrong_text(game: &Game, m: Move) -> Option<Text> {
        // Tsume: the attacker checks at every move, and the proven line is the only mate.
        Some(if game.position().gives_check(m) {
            Text::new("shogi.puzzle.escapes")
        } else {
            Text::new("shogi.puzzle.noCheck")
        })
    }

    fn illegal_text(error: &IllegalMove) -> Text {
        texts::illegal_move(error)
    }

    fn winner(outcome: Outcome) -> Option<Colour> {
        outcome.winner().map(colour)
    }

    fn reason_text(outcome: Outcome) -> Text {
        use shogi::{DrawReason, WinReason};
        match outcome {
            Outcome::Win { winner, reason } => {
                let loser = texts::side(winner.opponent());
                match reason {
                    WinReason::Checkmate => Text::new("shogi.reason.checkmate"),
                    WinReason::NoLegalMove => Text::new("shogi.reason.noLegalMove"),
                    WinReason::PerpetualCheck => {
                        Text::new("shogi.reason.perpetualCheck").with("loser", loser)
                    }
                    WinReason::Impasse(points) => {
                        Text::new("shogi.reason.impasse").with("points", points)
                    }
                    WinReason::Resignation => {
                        Text::new("shogi.reason.resignation").with("loser", loser)
                    }
                    WinReason::Time => Text::new("shogi.reason.time").with("loser", loser),
                }
            }
            Outcome::Draw(DrawReason::Sennichite) => Text::new("shogi.reason.sennichite"),
            Outcome::Draw(DrawReason::MoveLimit(plies)) => {
                Text::new("shogi.reason.moveLimit").with("plies", plies)
            }
        }
    }

    fn sound(before: &Position, m: Move, outcome: Option<Outcome>) -> Sound {
        match (outcome, before.piece_at(m.to())) {
            (Some(_), _) => Sound::End,
            (None, Some(_)) => Sound::Capture,
            (None, None) => Sound::Move,
        }
    }

    fn move_text(game: &Game, ply: usize, notation: &str) -> String {
        let before = &game.positions()[ply];
        let m = game.moves()[ply];
        let previous = ply.checked_sub(1).map(|i| game.moves()[i]);
        match notation {
            JAPANESE => notation::japanese(before, m, previous),
            KIF => shogi::record::kif::move_text(before, m, previous),
            NUMERIC => notation::numeric(before, m),
            _ => notation::western(before, m),
        }
    }

    fn move_number(game: &Game, ply: usize) -> u32 {
        game.positions()[ply].move_number()
    }

    fn move_code(m: Move) -> String {
        m.to_string()
    }

    fn parse_move_code(text: &str) -> Option<Move> {
        Move::parse_usi(text).ok()
    }

    fn position_code(position: &Position) -> String {
        position.to_sfen()
    }

    fn turn_code(position: &Position) -> &'static str {
        match position.side_to_move() {
            Side::Black => "b",
            Side::White => "w",
        }
    }

    fn write(
        game: &Game,
        format: &str,
        names: [&str; 2],
        clock: Option<&TimeControl>,
        notes: &Notes<Move>,
    ) -> String {
        let mut record = Record::new(game.clone(), notes.tags.clone());
        record.comments = notes.comments.clone();
        record.seconds = notes.seconds.clone();
        // A player the record does not name is the page's, when the page knows one.
        for (tag, name) in [("Sente", names[0]), ("Gote", names[1])] {
            if !name.is_empty() && record.tag(tag).is_none() {
                record.tags.set(tag, name);
            }
        }
        if let Some(control) = clock.and_then(|control| time_control_tag(control, format)) {
            record.tags.set("TimeControl", control);
        }
        match format {
            "csa" => record.to_csa(),
            "usi" => record.to_usi(),
            _ => {
                let mut kif = record.to_kif();
                // The record's variations as written, while they still branch from the game.
                let ended = kif::writes_ending(&record);
                if let Some(variations) = notes
                    .variations
                    .as_ref()
                    .filter(|v| v.fit(game.moves(), ended))
                {
                    kif.push('\n');
                    kif.push_str(&variations.text);
                    kif.push('\n');
                }
                kif
            }
        }
    }

    fn write_tree(game: &Game, tree: &MoveTree<Move>) -> String {
        Record::new(game.clone(), Tags::new()).to_kif_tree(tree)
    }

    fn read_tree(text: &str) -> Result<Option<MoveTree<Move>>, Text> {
        let text = text.trim();
        match Record::parse_tree(text) {
            Ok((_, tree)) => Ok(Some(tree)),
            // A variation's error when the main line reads (else the text is no record).
            Err(e) if Record::parse(text).is_ok() => Err(texts::record_error(&e)),
            Err(_) => Ok(None),
        }
    }

    fn read_notes(text: &str) -> Notes<Move> {
        let text = text.trim();
        let Ok(record) = Record::parse(text) else {
            return Notes::default();
        };
        // KIF's variations, kept as written (the page's module reads and writes no tree).
        let variations = (RecordFormat::detect(text) == RecordFormat::Kif)
            .then(|| kif::variations(text, &record))
            .flatten()
            .map(|(text, at_end)| Variations {
                line: record.game.moves().to_vec(),
                at_end,
                text,
            });
        Notes {
            tags: record.tags,
            comments: record.comments,
            seconds: record.seconds,
            variations,
        }
    }

    fn read_saved(text: &str) -> Result<Game, String> {
        Record::parse(text)
            .map(|record| record.game)
            .map_err(|e| e.to_string())
    }

    fn read(text: &str, current: &Game) -> Result<Option<Game>, Text> {
        let text = text.trim();
        // A bare position (SFEN) keeps the game's rules.
        let looks_like_sfen = !text.contains('\n') && text.contains('/') && !text.contains('：');
        if looks_like_sfen && !text.starts_with("position") && !text.starts_with("sfen") {
            return Game::from_sfen(text, *current.rules())
                .map(Some)
                .map_err(|e| texts::position_error(&e));
        }
        let record = match Record::parse(text) {
            Ok(record) => record,
            // The move list as the page shows it, copied in any notation, is read too.
            Err(e) => {
                return moves_from_start(text, current)
                    .map(Some)
                    .ok_or_else(|| texts::record_error(&e))
            }
        };
        let game = record.game;
        let nothing = game.moves().is_empty()
            && game.ending().is_none()
            && *game.start_position() == Position::start();
        Ok((!nothing).then_some(game))
    }

    fn job_text(game: &Game) -> String {
        let record = Record::new(game.clone(), Tags::new());
        format!("{}\n{}", game.rules(), record.to_usi())
    }

    const POSITION_PARAM: &'static str = "sfen";

    fn game_at(rules: &str, position: Option<&str>) -> Result<Game, StartError> {
        let rules = Ruleset::parse(rules).map_err(|e| {
            StartError::Rules(Refusal {
                english: e.to_string(),
                text: texts::ruleset_error(&e),
            })
        })?;
        match position {
            None => Ok(Game::new(rules)),
            Some(sfen) => Game::from_sfen(sfen, rules).map_err(|e| {
                StartError::Position(Refusal {
                    english: e.to_string(),
                    text: texts::position_error(&e),
                })
            }),
        }
    }

    fn rules_code(game: &Game) -> String {
        game.rules().to_string()
    }

    fn read_move_code(text: &str) -> Result<Move, Refusal> {
        Move::parse_usi(text).map_err(|e| Refusal {
            english: e.to_string(),
            text: texts::move_parse_error(&e),
        })
    }

    fn outcome_codes(outcome: Outcome) -> (&'static str, &'static str) {
        (outcome.result_code(), outcome.reason_code())
    }
}

impl WebAi for ShogiWeb {
    type Playable = Game;

    fn read_job(text: &str) -> Result<Game, String> {
        let (rules, usi) = text.split_once('\n').unwrap_or(("standard", text));
        let rules = Ruleset::parse(rules).map_err(|e| e.to_string())?;
        let record = Record::from_usi(usi).map_err(|e| e.to_string())?;
        let mut game = Game::from_position(*record.game.start_position(), rules);
        for &m in record.game.moves() {
            game.play(m).map_err(|e| e.to_string())?;
        }
        Ok(game)
    }

    fn answer_code(m: Move) -> String {
        m.to_string()
    }
}
