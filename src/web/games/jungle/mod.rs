//! Jungle on the site's pages: [`JungleWeb`] implements [`WebGame`] (and [`WebAi`]) over the
//! rules in [`jungle`], with the drawing of its board (land, water, traps, dens) and
//! animals. Cells are Jungle's square indices (`a1` is 0, `rank * 7 + file`).

pub mod editor;
pub mod pieces;

use crate::web::ai_worker::WebAi;
use crate::web::board_view::{
    BoardShape, Disc, Emblem, Scene, Surface, Terrain, Token, TokenColour,
};
use crate::web::clock::{ClockKind, TimeControl};
use crate::web::embed::Lang;
use crate::web::game::{
    Colour, FieldValue, Format, Look, Notes, Refusal, RuleFields, StartError, WebGame,
};
use crate::web::i18n::GameTexts;
use crate::web::sound::Sound;
use common::texts::Text;
use common::tree::MoveTree;
use common::Tags;
use engine::SearchGame;
use jungle::bitboard::{DEN, TRAPS, WATER};
use jungle::position::WinReason;
use jungle::square::{FILES, RANKS};
use jungle::texts;
use jungle::{notation, Animal, Game, IllegalMove, Move, Outcome, Piece, Position};
use jungle::{Record, Ruleset, Setup, Side, Square};

/// Jungle, as the site's pages play it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct JungleWeb;

/// The player of a Jungle side.
pub fn colour(side: Side) -> Colour {
    match side {
        Side::Black => Colour::Black,
        Side::White => Colour::White,
    }
}

/// The Jungle side of a player.
pub fn side(colour: Colour) -> Side {
    match colour {
        Colour::Black => Side::Black,
        Colour::White => Side::White,
    }
}

/// The square of a cell (`a1` for a cell off the board, which the pages never have).
pub fn square_of(cell: usize) -> Square {
    Square::new(cell as u8).unwrap_or(Square::A1)
}

/// The token colour of a side.
pub fn colour_of(side: Side) -> TokenColour {
    match side {
        Side::Black => TokenColour::Dark,
        Side::White => TokenColour::Light,
    }
}

/// The picture of an animal.
pub fn emblem_of(animal: Animal) -> Emblem {
    match animal {
        Animal::Rat => Emblem::Rat,
        Animal::Cat => Emblem::Cat,
        Animal::Dog => Emblem::Dog,
        Animal::Wolf => Emblem::Wolf,
        Animal::Leopard => Emblem::Leopard,
        Animal::Tiger => Emblem::Tiger,
        Animal::Lion => Emblem::Lion,
        Animal::Elephant => Emblem::Elephant,
    }
}

/// The terrain of `square`: water, a side's trap or den, or land.
pub fn terrain_of(square: Square) -> Terrain {
    if WATER.contains(square) {
        Terrain::Water
    } else if DEN[0].contains(square) {
        Terrain::Den(TokenColour::Dark)
    } else if DEN[1].contains(square) {
        Terrain::Den(TokenColour::Light)
    } else if TRAPS[0].contains(square) {
        Terrain::Trap(TokenColour::Dark)
    } else if TRAPS[1].contains(square) {
        Terrain::Trap(TokenColour::Light)
    } else {
        Terrain::Land
    }
}

/// What the board view shows for `position`: terrain per square and an animal token per piece,
/// squares in index order (`a1` first, which the view draws bottom-left), nothing marked.
pub fn scene_of(position: &Position) -> Scene {
    scene_of_setup(&position.to_setup())
}

/// What the board view shows for a setup that may not be a legal position (the editor's).
pub fn scene_of_setup(setup: &Setup) -> Scene {
    let mut scene = Scene::empty(FILES, RANKS);
    scene.terrain = Square::all().map(terrain_of).collect();
    scene.tokens = Square::all()
        .map(|square| setup.board[square.index()].map(token_of))
        .collect();
    scene
}

/// The token the board draws for `piece`.
pub fn token_of(piece: Piece) -> Token {
    Token::Disc(Disc {
        label: piece.animal.letter(),
        caption: piece.animal.rank().to_string(),
        colour: colour_of(piece.side),
        emblem: emblem_of(piece.animal),
    })
}

/// An animal's name (`animal.rat`).
fn animal_text(animal: Animal) -> Text {
    texts::animal(animal)
}

/// The catalogue key of the reason a game ended (`reason.den`).
fn reason_key(outcome: Outcome) -> &'static str {
    match outcome.reason_code() {
        "den" => "reason.den",
        "all-captured" => "reason.all-captured",
        "no-moves" => "reason.no-moves",
        "threefold" => "reason.threefold",
        "resignation" => "reason.resignation",
        "time" => "reason.time",
        _ => "reason.no-capture",
    }
}

/// The dialog's rules fields' ids.
const TIGER: &str = "rule-tiger";
const REPETITION: &str = "rule-repetition";
const THREEFOLD: &str = "rule-threefold";
const NO_CAPTURE: &str = "rule-nocapture";

/// The record of a game the pages write: its record's `tags` (after an `Event` of `Jungle`
/// when they name none), the players' `names` where the tags name nobody (`""`: unknown, left
/// out), and the play clock's time control as PGN's `TimeControl` (`300+3`: seconds and
/// increment; a byoyomi, which PGN cannot say, as `Byoyomi` beside the main time's seconds).
fn record_of(game: &Game, names: [&str; 2], clock: Option<&TimeControl>, tags: &Tags) -> Record {
    let mut all = Tags::new();
    if tags.get("Event").is_none() {
        all.push("Event", "Jungle");
    }
    for (name, value) in tags.iter() {
        all.push(name, value);
    }
    for (tag, name) in [("Black", names[0]), ("White", names[1])] {
        if !name.is_empty() && all.get(tag).is_none() {
            all.push(tag, name);
        }
    }
    if let Some(control) = clock {
        let main = (control.main_ms / 1000.0).round() as u64;
        let extra = (control.extra_ms / 1000.0).round() as u64;
        match control.kind {
            ClockKind::Fischer => all.set("TimeControl", format!("{main}+{extra}")),
            ClockKind::Byoyomi => {
                all.set("TimeControl", main.to_string());
                if extra > 0 {
                    all.set("Byoyomi", extra.to_string());
                }
            }
        }
    }
    Record::new(game.clone(), all)
}

impl WebGame for JungleWeb {
    // A quick game: five minutes and three seconds a move, or byoyomi of ten.
    const CLOCK_PRESETS: &'static [(&'static str, u32, u32)] =
        &[("fischer", 5, 3), ("byoyomi", 5, 10)];
    const NAME: &'static str = "jungle";
    const TEXTS: GameTexts = GameTexts {
        folder: "jungle",
        prefix: None,
    };
    // Resignation and time loss are the project's additions to docs/rules-jungle.md (docs/rules-decisions.md).
    const CAN_RESIGN: bool = true;
    const LANGUAGES: &'static [Lang] = &LANGUAGES;
    const PUZZLE_THEMES: &'static [&'static str] = &[
        "den-attack",
        "trap",
        "rat-elephant",
        "river-jump",
        "defence",
        "material",
    ];
    const SHAPE: BoardShape = BoardShape::plain(FILES, RANKS);
    const PIECE_SETS: &'static [&'static str] = &["animals"];
    const NOTATIONS: &'static [&'static str] = &["squares"];
    const FORMATS: &'static [Format] = &[Format {
        code: "record",
        label: "Jungle",
        extension: "txt",
    }];

    type Game = Game;
    type Position = Position;
    type Move = Move;
    type Outcome = Outcome;
    type Illegal = IllegalMove;

    fn new_game(rules: &str, _start: &str) -> Result<Game, Text> {
        let rules = Ruleset::parse(rules).map_err(|e| texts::ruleset_error(&e))?;
        Ok(Game::new(rules))
    }

    fn rules_ok(rules: &str) -> bool {
        Ruleset::parse(rules).is_ok()
    }

    fn rule_fields(rules: &str) -> RuleFields {
        let rules = Ruleset::parse(rules).unwrap_or_default();
        vec![
            (TIGER, FieldValue::Checked(rules.tiger_vertical_only)),
            (
                REPETITION,
                FieldValue::Checked(rules.repetition_prohibition),
            ),
            (THREEFOLD, FieldValue::Checked(rules.threefold)),
            (
                NO_CAPTURE,
                FieldValue::Chosen(
                    rules
                        .no_capture_moves
                        .map_or("off".to_string(), |n| n.to_string()),
                ),
            ),
        ]
    }

    fn rules_of_fields(field: &dyn Fn(&str) -> Option<FieldValue>) -> String {
        let checked = |id: &str| field(id) == Some(FieldValue::Checked(true));
        let mut rules = Vec::new();
        if checked(TIGER) {
            rules.push("tiger-vertical-only".to_string());
        }
        if checked(REPETITION) {
            rules.push("repetition-prohibition".to_string());
        }
        if !checked(THREEFOLD) {
            rules.push("threefold=off".to_string());
        }
        if let Some(FieldValue::Chosen(no_capture)) = field(NO_CAPTURE) {
            if no_capture != "50" && !no_capture.is_empty() {
                rules.push(format!("nocapture={no_capture}"));
            }
        }
        if rules.is_empty() {
            "standard".into()
        } else {
            rules.join(",")
        }
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
        game.legal_moves().iter().copied().collect()
    }

    fn check_move(game: &Game, m: Move) -> Result<(), IllegalMove> {
        game.check_move(m)
    }

    fn play(game: &mut Game, m: Move) -> Result<(), IllegalMove> {
        game.play(m)
    }

    fn resign(game: &mut Game, side: Colour) -> bool {
        game.resign(self::side(side))
    }

    fn lose_on_time(game: &mut Game, side: Colour) -> bool {
        game.lose_on_time(self::side(side))
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

    fn cell_name(cell: usize) -> String {
        square_of(cell).to_string()
    }

    fn owner_at(position: &Position, cell: usize) -> Option<Colour> {
        Square::new(cell as u8)
            .and_then(|square| position.piece_at(square))
            .map(|piece| colour(piece.side))
    }

    fn move_cells(_position: &Position, m: Move) -> (usize, usize) {
        (m.from.index(), m.to.index())
    }

    fn attempted_move(_position: &Position, from: usize, to: usize) -> Option<Move> {
        Some(Move::new(square_of(from), square_of(to)))
    }

    fn scene(position: &Position, _look: &Look) -> Scene {
        scene_of(position)
    }

    fn paint<S: Surface>(surface: &mut S, x: f64, y: f64, cell: f64, token: &Token, flipped: bool) {
        pieces::paint_disc(surface, x, y, cell, token, flipped)
    }

    fn captured_token(before: &Position, m: Move, _look: &Look) -> Option<Token> {
        before.piece_at(m.to).map(token_of)
    }

    fn moved_token(before: &Position, m: Move, _look: &Look) -> Option<Token> {
        before.piece_at(m.from).map(token_of)
    }

    fn cell_label(position: &Position, cell: usize) -> Text {
        let square = square_of(cell);
        texts::square_label(square, position.piece_at(square))
    }

    fn piece_code(position: &Position, cell: usize) -> Option<String> {
        position.piece_at(square_of(cell)).map(|piece| {
            let side = side_name(piece.side);
            format!("{side}-{}", piece.animal.name())
        })
    }

    fn piece_text(position: &Position, cell: usize) -> Option<Text> {
        position.piece_at(square_of(cell)).map(texts::piece)
    }

    fn terrain_text(cell: usize) -> Option<Text> {
        let owner = |colour| {
            texts::side(match colour {
                TokenColour::Dark => Side::Black,
                TokenColour::Light => Side::White,
            })
        };
        match terrain_of(square_of(cell)) {
            Terrain::Land | Terrain::Wood => None,
            Terrain::Water => Some(Text::new("square.water")),
            Terrain::Trap(colour) => Some(Text::new("square.trap").with("side", owner(colour))),
            Terrain::Den(colour) => Some(Text::new("square.den").with("side", owner(colour))),
        }
    }

    fn side_text(side: Colour) -> Text {
        texts::side(self::side(side))
    }

    fn describe_move(before: &Position, m: Move) -> Text {
        let Some(mover) = before.piece_at(m.from) else {
            return Text::new("announce.deselected");
        };
        let key = if before.piece_at(m.to).is_some() {
            "announce.capture"
        } else {
            "announce.move"
        };
        let text = Text::new(key)
            .with("side", texts::side(mover.side))
            .with("animal", animal_text(mover.animal))
            .with("from", m.from)
            .with("to", m.to);
        match before.piece_at(m.to) {
            Some(victim) => text.with("victim", texts::piece(victim)),
            None => text,
        }
    }

    fn describe_selection(position: &Position, cell: usize) -> Text {
        let square = square_of(cell);
        match position.piece_at(square) {
            Some(piece) => Text::new("announce.selected")
                .with("animal", animal_text(piece.animal))
                .with("square", square),
            None => Text::new("announce.deselected"),
        }
    }

    fn describe_hint(position: &Position, m: Move) -> Text {
        match position.piece_at(m.from) {
            Some(piece) => Text::new("announce.hint")
                .with("animal", animal_text(piece.animal))
                .with("from", m.from)
                .with("to", m.to),
            None => Text::new("announce.deselected"),
        }
    }

    fn illegal_text(error: &IllegalMove) -> Text {
        texts::illegal_move(error)
    }

    fn winner(outcome: Outcome) -> Option<Colour> {
        outcome.winner().map(colour)
    }

    fn reason_text(outcome: Outcome) -> Text {
        let text = Text::new(reason_key(outcome));
        match outcome {
            // A resignation or a flag fall names the loser ("White ran out of time.").
            Outcome::Win { winner, .. } => text.with("loser", texts::side(winner.opponent())),
            Outcome::Draw(_) => text,
        }
    }

    fn sound(before: &Position, m: Move, outcome: Option<Outcome>) -> Sound {
        let captured = before.piece_at(m.to);
        match (outcome, captured) {
            (
                Some(Outcome::Win {
                    reason: WinReason::DenEntered,
                    ..
                }),
                _,
            ) => Sound::Den,
            (Some(_), _) => Sound::End,
            (None, Some(_)) => Sound::Capture,
            (None, None) => Sound::Move,
        }
    }

    fn move_text(game: &Game, ply: usize, _notation: &str) -> String {
        notation::human(&game.positions()[ply], game.moves()[ply])
    }

    fn move_number(game: &Game, ply: usize) -> u32 {
        u32::from(game.positions()[ply].fullmove())
    }

    fn move_code(m: Move) -> String {
        m.to_string()
    }

    fn parse_move_code(text: &str) -> Option<Move> {
        Move::parse(text).ok()
    }

    fn position_code(position: &Position) -> String {
        position.to_fen()
    }

    fn turn_code(position: &Position) -> &'static str {
        side_name(position.side_to_move())
    }

    fn write(
        game: &Game,
        _format: &str,
        names: [&str; 2],
        clock: Option<&TimeControl>,
        notes: &Notes<Move>,
    ) -> String {
        // Of the notes the format has tags (its variations the game page does not keep: they
        // stand among the moves, and their reader and writer would take the page's module
        // past its size budget; comments are skipped and times not written).
        record_of(game, names, clock, &notes.tags).to_string()
    }

    fn write_tree(game: &Game, tree: &MoveTree<Move>) -> String {
        record_of(game, ["", ""], None, &Tags::new()).write_tree(tree)
    }

    fn read_notes(text: &str) -> Notes<Move> {
        match Record::parse(text) {
            Ok(record) => Notes {
                tags: record.tags,
                ..Notes::default()
            },
            Err(_) => Notes::default(),
        }
    }

    fn read_tree(text: &str) -> Result<Option<MoveTree<Move>>, Text> {
        match Record::parse_tree(text) {
            Ok((_, tree)) => Ok(Some(tree)),
            // A variation's error when the main line reads (else the text is no record).
            Err(e) if Record::parse(text).is_ok() => Err(texts::record_error(&e)),
            Err(_) => Ok(None),
        }
    }

    fn read_saved(text: &str) -> Result<Game, String> {
        Record::parse(text)
            .map(|record| record.game)
            .map_err(|e| e.to_string())
    }

    fn read(text: &str, current: &Game) -> Result<Option<Game>, Text> {
        match Record::parse(text) {
            Ok(record) => {
                let game = record.game;
                let standard_start = Position::start(game.rules());
                if game.moves().is_empty() && *game.start_position() == standard_start {
                    return Ok(None);
                }
                Ok(Some(game))
            }
            Err(record_error) => {
                let looks_like_fen =
                    text.contains('/') && !text.contains('[') && !text.contains('.');
                match Game::from_fen(text, *current.rules()) {
                    Ok(game) => Ok(Some(game)),
                    Err(fen_error) if looks_like_fen => Err(texts::position_error(&fen_error)),
                    Err(_) => Err(texts::record_error(&record_error)),
                }
            }
        }
    }

    fn job_text(game: &Game) -> String {
        Record::new(game.clone(), Vec::new()).to_string()
    }

    const POSITION_PARAM: &'static str = "fen";

    fn game_at(rules: &str, position: Option<&str>) -> Result<Game, StartError> {
        let rules = Ruleset::parse(rules).map_err(|e| {
            StartError::Rules(Refusal {
                english: e.to_string(),
                text: texts::ruleset_error(&e),
            })
        })?;
        match position {
            None => Ok(Game::new(rules)),
            Some(fen) => Position::from_fen(fen, &rules)
                .map(|start| Game::from_position(start, rules))
                .map_err(|e| {
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
        Move::parse(text).map_err(|e| Refusal {
            english: e.to_string(),
            text: texts::move_parse_error(&e),
        })
    }

    fn outcome_codes(outcome: Outcome) -> (&'static str, &'static str) {
        (outcome.result_code(), outcome.reason_code())
    }
}

impl WebAi for JungleWeb {
    type Playable = Game;

    fn read_job(text: &str) -> Result<Game, String> {
        Self::read_saved(text)
    }

    fn answer_code(m: <jungle::ai::Jungle as SearchGame>::Move) -> String {
        m.to_string()
    }
}

impl crate::web::editing::EditorGame for JungleWeb {
    type Setup = Setup;
    const PAGE: &'static str = "index.html";
    const RULES_IN_FORM: bool = true;

    fn piece_colour(piece: Piece) -> Colour {
        colour(piece.side)
    }

    fn palette(colour: Colour) -> Vec<Piece> {
        // Strongest first, as authors think of the animals.
        Animal::ALL
            .iter()
            .rev()
            .map(|&animal| Piece::new(side(colour), animal))
            .collect()
    }

    fn colour(side: Side) -> Colour {
        colour(side)
    }

    fn side(colour: Colour) -> Side {
        side(colour)
    }

    fn cell(square: Square) -> usize {
        square.index()
    }

    fn square(cell: usize) -> Option<Square> {
        Square::new(u8::try_from(cell).ok()?)
    }

    fn setup_scene(setup: &Setup, _look: &Look) -> Scene {
        scene_of_setup(setup)
    }

    fn piece_token(piece: Piece, _look: &Look) -> Token {
        token_of(piece)
    }

    fn tool_code(piece: Piece) -> String {
        piece.letter().to_string()
    }

    fn piece_of_tool_code(code: &str) -> Option<Piece> {
        let mut letters = code.chars();
        letters
            .next()
            .filter(|_| letters.next().is_none())
            .and_then(Piece::from_letter)
    }

    fn piece_of_key(key: char) -> Option<Piece> {
        Piece::from_letter(key)
    }

    fn piece_name(piece: Piece) -> Text {
        texts::piece(piece)
    }

    fn square_label(setup: &Setup, square: Square) -> Text {
        texts::square_label(square, setup.board[square.index()])
    }

    fn square_code(setup: &Setup, square: Square) -> Option<String> {
        setup.board[square.index()].map(|p| format!("{}-{}", side_name(p.side), p.animal.name()))
    }

    fn setup_error_text(error: &jungle::PositionError) -> Text {
        texts::position_error(error)
    }

    fn rules_of(variant: &str) -> Ruleset {
        Ruleset::parse(variant).unwrap_or_default()
    }
}

/// The lowercase name of a side (`black`, `white`), as in parameters and messages.
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::Black => "black",
        Side::White => "white",
    }
}

/// The languages Jungle's pages (the game, Learn, the editor and the embed) speak; the site's
/// Japanese is the shogi pages' for now (Jungle's tutorial has no Japanese yet).
pub const LANGUAGES: [Lang; 5] = [Lang::En, Lang::Id, Lang::Vi, Lang::De, Lang::ZhCn];
