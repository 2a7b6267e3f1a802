//! The position editor (issue 6, editor.html): placing, moving and removing animals, the
//! verdict the rules give on the board, and the embed link and `<iframe>` it writes.

use jungle::{Animal, Outcome, Piece, PositionError, Setup, START_FEN};
use jungle::{Ruleset, Side, Square};
use tabula::web::embed::editor::{embed_url, iframe_snippet, Edit, Tool, Verdict};
use tabula::web::embed::params::percent_decode;
use tabula::web::embed::{EmbedConfig, Mode};
use tabula::web::game::Colour;
use tabula::web::games::jungle::editor::JungleEditor as Editor;
use tabula::web::games::jungle::JungleWeb;

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("{name} is not a square"))
}

fn piece(letter: char) -> Piece {
    Piece::from_letter(letter).unwrap_or_else(|| panic!("{letter} is not an animal letter"))
}

fn editor(fen: &str) -> Editor {
    Editor::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Every square holding an animal, with its letter, in index order.
fn animals(editor: &Editor) -> Vec<(Square, char)> {
    Square::all()
        .filter_map(|s| editor.piece_at(s).map(|p| (s, p.letter())))
        .collect()
}

fn illegal(editor: &Editor) -> (PositionError, Vec<Square>) {
    match editor.verdict(&Ruleset::default()) {
        Verdict::Illegal { error, squares } => (error, squares),
        legal => panic!("{} was judged legal: {legal:?}", editor.fen()),
    }
}

/// A Black lion on d5 and a White elephant on a9: legal, Black to move.
const TWO_ANIMALS: &str = "e6/7/7/7/3L3/7/7/7/7 b 0 1";

// ---------------------------------------------------------------------------------------------
// Editing.

#[test]
fn the_editor_opens_on_the_start_position_with_the_hand() {
    let e = Editor::new();
    assert_eq!(e.fen(), START_FEN);
    assert_eq!(e.tool(), Tool::Hand);
    assert_eq!(e.side_to_move(), Side::Black);
}

#[test]
fn placing_puts_the_animal_and_placing_it_again_takes_it_off() {
    let mut e = editor(TWO_ANIMALS);
    e.set_tool(Tool::Place(piece('r')));
    let edit = e.press(sq("b2"));
    assert_eq!(
        edit,
        Edit::Placed {
            piece: piece('r'),
            square: sq("b2"),
            from: None,
            replaced: None
        }
    );
    assert_eq!(e.piece_at(sq("b2")), Some(piece('r')));
    assert_eq!(
        e.press(sq("b2")),
        Edit::Removed {
            piece: piece('r'),
            square: sq("b2")
        }
    );
    assert_eq!(e.piece_at(sq("b2")), None);
}

#[test]
fn each_side_has_one_of_each_animal_so_placing_it_elsewhere_moves_it() {
    let mut e = editor(TWO_ANIMALS);
    e.set_tool(Tool::Place(piece('L')));
    let edit = e.press(sq("f7"));
    assert_eq!(
        edit,
        Edit::Placed {
            piece: piece('L'),
            square: sq("f7"),
            from: Some(sq("d5")),
            replaced: None
        }
    );
    assert_eq!(animals(&e), vec![(sq("f7"), 'L'), (sq("a9"), 'e')]);
    // The other side's lion is another animal: both stand.
    e.set_tool(Tool::Place(piece('l')));
    e.press(sq("d5"));
    assert_eq!(
        animals(&e),
        vec![(sq("d5"), 'l'), (sq("f7"), 'L'), (sq("a9"), 'e')]
    );
}

#[test]
fn placing_on_an_occupied_square_replaces_the_animal_there() {
    let mut e = editor(TWO_ANIMALS);
    e.set_tool(Tool::Place(piece('R')));
    let edit = e.press(sq("a9"));
    assert_eq!(
        edit,
        Edit::Placed {
            piece: piece('R'),
            square: sq("a9"),
            from: None,
            replaced: Some(piece('e'))
        }
    );
    assert_eq!(animals(&e), vec![(sq("d5"), 'L'), (sq("a9"), 'R')]);
}

#[test]
fn the_eraser_takes_animals_off_and_ignores_empty_squares() {
    let mut e = editor(TWO_ANIMALS);
    e.set_tool(Tool::Erase);
    assert_eq!(e.press(sq("c3")), Edit::Nothing);
    assert_eq!(
        e.press(sq("d5")),
        Edit::Removed {
            piece: piece('L'),
            square: sq("d5")
        }
    );
    assert_eq!(animals(&e), vec![(sq("a9"), 'e')]);
}

#[test]
fn the_hand_picks_an_animal_up_and_puts_it_down_elsewhere() {
    let mut e = editor(TWO_ANIMALS);
    assert_eq!(e.press(sq("c3")), Edit::Nothing, "an empty square");
    assert_eq!(e.press(sq("d5")), Edit::Selected(sq("d5")));
    assert_eq!(e.selected(), Some(sq("d5")));
    // Any square: the editor is not bound by the moves of the game (a far square, the water).
    let edit = e.press(sq("b4"));
    assert_eq!(
        edit,
        Edit::Placed {
            piece: piece('L'),
            square: sq("b4"),
            from: Some(sq("d5")),
            replaced: None
        }
    );
    assert_eq!(e.selected(), None);
    // Put down on another animal: it replaces it.
    e.press(sq("b4"));
    e.press(sq("a9"));
    assert_eq!(animals(&e), vec![(sq("a9"), 'L')]);
}

#[test]
fn pressing_the_held_animal_again_puts_it_back() {
    let mut e = editor(TWO_ANIMALS);
    e.press(sq("d5"));
    assert_eq!(e.press(sq("d5")), Edit::Deselected(sq("d5")));
    assert_eq!(e.selected(), None);
    assert_eq!(e.fen(), TWO_ANIMALS);
}

#[test]
fn changing_the_tool_drops_what_the_hand_held() {
    let mut e = editor(TWO_ANIMALS);
    e.press(sq("d5"));
    e.set_tool(Tool::Erase);
    assert_eq!(e.selected(), None);
    assert_eq!(e.press(sq("a1")), Edit::Nothing);
    assert_eq!(e.fen(), TWO_ANIMALS);
}

#[test]
fn moving_by_drag_carries_the_animal_and_an_empty_start_does_nothing() {
    let mut e = editor(TWO_ANIMALS);
    assert_eq!(e.move_piece(sq("a1"), sq("a2")), Edit::Nothing);
    assert_eq!(e.move_piece(sq("d5"), sq("d5")), Edit::Nothing);
    e.move_piece(sq("d5"), sq("a9"));
    assert_eq!(animals(&e), vec![(sq("a9"), 'L')]);
}

#[test]
fn clear_empties_the_board_and_start_sets_up_the_game() {
    let mut e = editor("e6/7/7/7/3L3/7/7/7/7 w 12 30");
    e.clear();
    assert_eq!(e.fen(), "7/7/7/7/7/7/7/7/7 b 0 1");
    assert_eq!(illegal(&e).0, PositionError::EmptyBoard);
    e.start_position();
    assert_eq!(e.fen(), START_FEN);
}

#[test]
fn editing_the_board_keeps_the_side_to_move_and_the_counters() {
    let mut e = editor("e6/7/7/7/3L3/7/7/7/7 w 12 30");
    e.set_tool(Tool::Place(piece('D')));
    e.press(sq("g1"));
    assert_eq!(e.fen(), "e6/7/7/7/3L3/7/7/7/6D w 12 30");
    e.set_side_to_move(Side::Black);
    assert!(e.fen().ends_with(" b 12 30"));
}

#[test]
fn a_fen_with_a_syntax_error_leaves_the_board_as_it_was() {
    let mut e = editor(TWO_ANIMALS);
    let error = e.load_fen("e6/7/7/7/3X3/7/7/7/7 b 0 1").unwrap_err();
    assert_eq!(error, PositionError::BadBoardChar('X'));
    assert!(error.to_string().contains("'X'"), "{error}");
    assert_eq!(e.fen(), TWO_ANIMALS);
    assert_eq!(e.load_fen("7/7").unwrap_err(), PositionError::Fields(1));
}

#[test]
fn a_fen_may_use_underscores_for_spaces_as_in_the_embed_parameter() {
    let e = editor(" e6/7/7/7/3L3/7/7/7/7_w_0_1 ");
    assert_eq!(e.fen(), "e6/7/7/7/3L3/7/7/7/7 w 0 1");
}

// ---------------------------------------------------------------------------------------------
// The verdict: the rules layer's own reasons, with the squares to mark.

#[test]
fn a_legal_position_is_judged_legal_with_no_outcome() {
    match editor(TWO_ANIMALS).verdict(&Ruleset::default()) {
        Verdict::Legal { position, outcome } => {
            assert_eq!(position.to_fen(), TWO_ANIMALS);
            assert_eq!(outcome, None);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_animal_that_cannot_swim_in_the_water_is_named_with_its_square() {
    let mut e = editor(TWO_ANIMALS);
    e.set_tool(Tool::Place(piece('E')));
    e.press(sq("b4"));
    let (error, squares) = illegal(&e);
    assert_eq!(error, PositionError::InWater(piece('E'), sq("b4")));
    assert_eq!(squares, vec![sq("b4")]);
    // The rat swims.
    e.set_tool(Tool::Place(piece('R')));
    e.press(sq("b4"));
    assert!(matches!(
        e.verdict(&Ruleset::default()),
        Verdict::Legal { .. }
    ));
}

#[test]
fn an_animal_in_its_own_den_is_marked() {
    // Black's den is d1.
    let mut e = editor(TWO_ANIMALS);
    e.move_piece(sq("d5"), sq("d1"));
    e.set_tool(Tool::Place(piece('C')));
    e.press(sq("a1"));
    let (error, squares) = illegal(&e);
    assert_eq!(error, PositionError::InOwnDen(piece('L')));
    assert_eq!(squares, vec![sq("d1")]);
}

#[test]
fn two_of_one_animal_typed_as_text_are_both_marked() {
    let (error, squares) = illegal(&editor("e6/7/7/7/3L3/7/7/7/L6 b 0 1"));
    assert_eq!(error, PositionError::Duplicate(Side::Black, Animal::Lion));
    assert_eq!(squares, vec![sq("a1"), sq("d5")]);
}

#[test]
fn the_side_to_move_standing_in_the_enemy_den_is_marked() {
    // White's den is d9; Black to move already stands in it.
    let (error, squares) = illegal(&editor("e2L3/7/7/7/7/7/7/7/7 b 0 1"));
    assert_eq!(error, PositionError::DenAlreadyEntered(Side::Black));
    assert_eq!(squares, vec![sq("d9")]);
}

#[test]
fn a_side_not_to_move_without_animals_is_not_a_legal_setup() {
    let mut e = editor(TWO_ANIMALS);
    e.remove(sq("a9"));
    let (error, squares) = illegal(&e);
    assert_eq!(error, PositionError::NoAnimals(Side::White));
    assert!(squares.is_empty());
}

#[test]
fn a_legal_setup_that_is_already_over_says_who_won() {
    // White to move has no animals: Black has won.
    let mut e = editor(TWO_ANIMALS);
    e.remove(sq("a9"));
    e.set_side_to_move(Side::White);
    match e.verdict(&Ruleset::default()) {
        Verdict::Legal {
            outcome: Some(outcome),
            ..
        } => assert_eq!(outcome.winner(), Some(Side::Black)),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        e.verdict(&Ruleset::default()),
        Verdict::Legal {
            outcome: Some(Outcome::Win { .. }),
            ..
        }
    ));
}

// ---------------------------------------------------------------------------------------------
// The embed frame it writes.

/// The query part of an `<iframe>` snippet's `src`, with the HTML escapes undone.
fn snippet_query(snippet: &str) -> String {
    let src = snippet
        .split("src=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .unwrap_or_else(|| panic!("no src in {snippet}"));
    let url = src.replace("&amp;", "&");
    url.split_once('?')
        .map(|(_, q)| q.to_string())
        .unwrap_or_default()
}

#[test]
fn the_embed_link_shows_the_edited_position_with_the_chosen_settings() {
    let mut e = editor(TWO_ANIMALS);
    e.set_side_to_move(Side::White);
    let config = e
        .embed_config(&[
            ("mode", "play"),
            ("level", "4"),
            ("theme", "dark"),
            ("lang", ""),
        ])
        .unwrap();
    let url = embed_url("https://jungle.example/", &config);
    let (page, query) = url.split_once('?').unwrap();
    assert_eq!(page, "https://jungle.example/embed.html");
    // The frame reads the same settings back.
    let back = EmbedConfig::<JungleWeb>::parse(query).unwrap();
    assert_eq!(back.start.to_fen(), "e6/7/7/7/3L3/7/7/7/7 w 0 1");
    assert_eq!(back.mode, Mode::Play);
    assert_eq!(back.level, 4);
    assert_eq!(
        back.side,
        Colour::White,
        "the reader plays the side to move"
    );
    assert_eq!(back.lang, None, "an empty choice is left out");
    assert_eq!(back, config);
}

#[test]
fn the_start_position_with_the_defaults_is_a_bare_link() {
    let config = Editor::new().embed_config(&[]).unwrap();
    assert_eq!(embed_url("/", &config), "/embed.html");
}

#[test]
fn a_puzzle_link_carries_its_solution() {
    let e = editor("6e/3L3/7/7/7/7/7/7/7 b 0 1");
    let config = e
        .embed_config(&[("mode", "puzzle"), ("solution", "d8d9")])
        .unwrap();
    let back =
        EmbedConfig::<JungleWeb>::parse(&snippet_query(&iframe_snippet("", &config, "t"))).unwrap();
    assert_eq!(back.mode, Mode::Puzzle);
    assert_eq!(back.solution.len(), 1);
    assert_eq!(back.solution[0].to_string(), "d8d9");
}

#[test]
fn the_embed_refuses_what_the_frame_would_refuse_with_the_frame_s_messages() {
    // An illegal position: the `fen` parameter's error carries the rules layer's reason.
    let mut e = editor(TWO_ANIMALS);
    e.remove(sq("a9"));
    let errors = e.embed_config(&[]).unwrap_err();
    assert_eq!(errors.0.len(), 1);
    assert_eq!(errors.0[0].param, "fen");
    assert!(errors.0[0].message.contains("no animals"), "{errors}");
    // A puzzle without a solution, and a wrong solution move.
    let e = editor(TWO_ANIMALS);
    let errors = e.embed_config(&[("mode", "puzzle")]).unwrap_err();
    assert_eq!(errors.0[0].param, "solution");
    let errors = e
        .embed_config(&[("mode", "puzzle"), ("solution", "d5d7")])
        .unwrap_err();
    assert_eq!(errors.0[0].param, "solution");
}

#[test]
fn the_snippet_escapes_the_link_and_title_and_reads_back_to_the_same_frame() {
    let e = editor(TWO_ANIMALS);
    let config = e
        .embed_config(&[
            ("mode", "hotseat"),
            ("orientation", "white"),
            ("coords", "off"),
        ])
        .unwrap();
    let snippet = iframe_snippet(
        "https://jungle.example/app/",
        &config,
        "A \"quoted\" <title>",
    );
    assert!(snippet.starts_with("<iframe src=\"https://jungle.example/app/embed.html?"));
    assert!(
        !snippet.contains("&mode"),
        "raw & in an attribute: {snippet}"
    );
    assert!(snippet.contains("title=\"A &quot;quoted&quot; &lt;title&gt;\""));
    let query = snippet_query(&snippet);
    assert_eq!(EmbedConfig::<JungleWeb>::parse(&query).unwrap(), config);
    // The FEN travels intact through the encoding.
    let fen = query
        .split('&')
        .find_map(|p| p.strip_prefix("fen="))
        .unwrap();
    assert_eq!(percent_decode(fen), TWO_ANIMALS);
}

#[test]
fn every_setup_the_editor_accepts_as_legal_is_a_frame_the_embed_accepts() {
    // From the start position, take animals off one by one: each step is judged the same way
    // by the verdict and by the embed's `fen` parameter.
    let mut e = Editor::new();
    let squares: Vec<Square> = Square::all().filter(|&s| e.piece_at(s).is_some()).collect();
    for square in squares {
        e.remove(square);
        let legal = matches!(e.verdict(&Ruleset::default()), Verdict::Legal { .. });
        assert_eq!(legal, e.embed_config(&[]).is_ok(), "{}", e.fen());
    }
    assert_eq!(e.setup(), &Setup::empty());
}

// ---------------------------------------------------------------------------------------------
// Undo and redo.

#[test]
fn every_kind_of_change_can_be_undone_and_redone() {
    let mut e = editor(TWO_ANIMALS);
    assert!(!e.can_undo(), "a loaded position starts the history");
    let mut seen = vec![e.fen()];
    e.set_tool(Tool::Place(piece('r')));
    e.press(sq("b2"));
    seen.push(e.fen());
    e.move_piece(sq("d5"), sq("d6"));
    seen.push(e.fen());
    e.remove(sq("a9"));
    seen.push(e.fen());
    e.set_side_to_move(Side::White);
    seen.push(e.fen());
    e.clear();
    seen.push(e.fen());
    e.start_position();
    seen.push(e.fen());
    e.load_fen("7/7/7/7/7/7/7/7/R6_w_0_1").unwrap();
    seen.push(e.fen());

    for expected in seen.iter().rev().skip(1) {
        assert!(e.undo());
        assert_eq!(&e.fen(), expected);
    }
    assert!(!e.undo(), "nothing before the loaded position");
    assert!(!e.can_undo());
    for expected in seen.iter().skip(1) {
        assert!(e.redo());
        assert_eq!(&e.fen(), expected);
    }
    assert!(!e.can_redo());
}

#[test]
fn what_changes_nothing_is_not_a_step_and_a_new_change_forgets_the_redo() {
    let mut e = editor(TWO_ANIMALS);
    e.remove(sq("c3"));
    e.set_side_to_move(Side::Black);
    e.move_piece(sq("d5"), sq("d5"));
    assert!(e.load_fen("not a position").is_err());
    assert!(!e.can_undo(), "{}", e.fen());

    e.remove(sq("d5"));
    e.undo();
    assert!(e.can_redo());
    e.set_side_to_move(Side::White);
    assert!(
        !e.can_redo(),
        "a new change after an undo starts a new branch"
    );
    e.undo();
    assert_eq!(e.fen(), TWO_ANIMALS);
}

#[test]
fn undo_drops_what_the_hand_held_and_the_history_is_bounded() {
    use tabula::web::embed::editor::HISTORY;
    let mut e = editor(TWO_ANIMALS);
    e.set_side_to_move(Side::White);
    e.press(sq("d5"));
    assert_eq!(e.selected(), Some(sq("d5")));
    e.undo();
    assert_eq!(e.selected(), None);

    for i in 0..HISTORY + 50 {
        let side = if i % 2 == 0 { Side::White } else { Side::Black };
        e.set_side_to_move(side);
    }
    let mut steps = 0;
    while e.undo() {
        steps += 1;
    }
    assert_eq!(steps, HISTORY);
}

// ---------------------------------------------------------------------------------------------
// Marks for the reader.

#[test]
fn the_mark_tool_marks_and_unmarks_squares_and_the_link_carries_them() {
    let mut e = editor(TWO_ANIMALS);
    e.set_tool(Tool::Mark);
    assert_eq!(e.press(sq("d6")), Edit::Marked(sq("d6"), true));
    assert_eq!(e.press(sq("d5")), Edit::Marked(sq("d5"), true));
    assert_eq!(e.press(sq("b4")), Edit::Marked(sq("b4"), true));
    assert_eq!(e.press(sq("d5")), Edit::Marked(sq("d5"), false));
    assert_eq!(e.marks(), &[sq("d6"), sq("b4")]);
    assert_eq!(e.fen(), TWO_ANIMALS, "marks are not part of the position");

    let config = e.embed_config(&[("mode", "hotseat")]).unwrap();
    assert_eq!(config.marks, vec![sq("d6").index(), sq("b4").index()]);
    let back =
        EmbedConfig::<JungleWeb>::parse(&snippet_query(&iframe_snippet("", &config, "t"))).unwrap();
    assert_eq!(back.marks, vec![sq("d6").index(), sq("b4").index()]);
}

#[test]
fn marks_are_bounded_undoable_and_go_with_clear_and_start() {
    use tabula::web::embed::params::MAX_MARKS;
    let mut e = editor(TWO_ANIMALS);
    e.set_tool(Tool::Mark);
    let squares: Vec<Square> = Square::all().take(MAX_MARKS + 1).collect();
    for &square in &squares[..MAX_MARKS] {
        assert_eq!(e.press(square), Edit::Marked(square, true));
    }
    assert_eq!(e.press(squares[MAX_MARKS]), Edit::TooManyMarks);
    assert_eq!(e.marks().len(), MAX_MARKS);

    e.undo();
    assert_eq!(e.marks().len(), MAX_MARKS - 1);
    e.redo();
    assert_eq!(e.marks().len(), MAX_MARKS);

    // A typed position keeps the marks; clear removes them (and undo brings them back).
    e.load_fen("7/7/7/7/3L3/7/7/7/e6 b 0 1").unwrap();
    assert_eq!(e.marks().len(), MAX_MARKS);
    e.clear();
    assert!(e.marks().is_empty());
    e.undo();
    assert_eq!(e.marks().len(), MAX_MARKS);
    e.start_position();
    assert!(e.marks().is_empty());
}

#[test]
fn marks_from_the_address_drop_repeats_and_extras_and_are_no_step_to_undo() {
    use tabula::web::embed::params::MAX_MARKS;
    let mut e = editor(TWO_ANIMALS);
    let mut asked: Vec<Square> = Square::all().take(MAX_MARKS + 5).collect();
    asked.insert(1, asked[0]);
    e.set_marks(&asked);
    assert_eq!(e.marks().len(), MAX_MARKS);
    assert_eq!(e.marks()[1], asked[2], "the repeat is dropped");
    assert!(!e.can_undo());
}

#[test]
fn an_analysis_frame_is_written_taller_than_a_board_alone() {
    let e = editor(TWO_ANIMALS);
    let size = |mode: &str| {
        let config = e.embed_config(&[("mode", mode)]).unwrap();
        let snippet = iframe_snippet("", &config, "t");
        let number = |name: &str| -> u32 {
            let from = snippet.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
            snippet[from..].split('"').next().unwrap().parse().unwrap()
        };
        (number("width"), number("height"))
    };
    assert_eq!(size("hotseat"), (360, 480));
    let (width, height) = size("analysis");
    // The engine's bar, lines and buttons take about 300 px under the board, which must not
    // shrink (a 360 × 480 analysis frame showed a shogi board 161 px wide).
    assert!(height >= 480 + 200, "{height}");
    assert!(width >= 360, "{width}");
}
