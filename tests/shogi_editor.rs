//! Shogi's position editor, natively: placing pieces (as many as wanted, unlike Jungle's one of
//! each), promoted pieces from the palette and by turning over, both hands with counts bounded
//! by the set, the even start and the handicaps, and the rules' verdict with the squares it is
//! about and its message in the reader's language.

mod catalogue_common;

use catalogue_common::page_catalogue;
use shogi::texts::position_error;
use shogi::{Handicap, Piece, PieceKind, PositionError, Ruleset, Side, Square, START_SFEN};
use tabula::web::embed::editor::{Edit, Tool, Verdict};
use tabula::web::games::shogi::editor::{handicap_setup, ShogiEditor};
use tabula::web::i18n::Catalogue;

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap_or_else(|| panic!("a square: {name}"))
}

fn sente(kind: PieceKind) -> Piece {
    Piece::new(Side::Black, kind)
}

fn gote(kind: PieceKind) -> Piece {
    Piece::new(Side::White, kind)
}

/// Kings only: sente's on 5i, gote's on 5a, sente to move.
fn kings() -> ShogiEditor {
    ShogiEditor::from_fen("4k4/9/9/9/9/9/9/9/4K4 b - 1").expect("an SFEN")
}

fn illegal(editor: &ShogiEditor) -> (PositionError, Vec<Square>) {
    match editor.verdict(&Ruleset::default()) {
        Verdict::Illegal { error, squares } => (error, squares),
        Verdict::Legal { .. } => panic!("{} is legal", editor.fen()),
    }
}

/// The shogi editor's catalogue in `lang` over English (the site's, the editor's and the embed's).
fn texts(lang: &str) -> Catalogue {
    page_catalogue(&["", "editor/", "embed/"], Some("shogi"), Some(lang))
}

#[test]
fn the_shogi_editor_opens_on_the_even_start_with_empty_hands() {
    let e = ShogiEditor::new();
    assert_eq!(e.fen(), START_SFEN);
    assert_eq!(e.tool(), Tool::Hand);
    assert_eq!(e.in_hand(sente(PieceKind::Pawn)), 0);
    assert!(matches!(
        e.verdict(&Ruleset::default()),
        Verdict::Legal { outcome: None, .. }
    ));
}

#[test]
fn a_piece_is_placed_as_often_as_wanted_it_does_not_move_like_jungle_s_animals() {
    let mut e = kings();
    e.set_tool(Tool::Place(sente(PieceKind::Gold)));
    e.press(sq("5h"));
    e.press(sq("4h"));
    assert_eq!(e.piece_at(sq("5h")), Some(sente(PieceKind::Gold)));
    assert_eq!(e.piece_at(sq("4h")), Some(sente(PieceKind::Gold)));
    // Pressing a square holding the same piece again takes it off.
    assert!(matches!(e.press(sq("4h")), Edit::Removed { .. }));
    assert_eq!(e.piece_at(sq("4h")), None);
    assert_eq!(e.fen(), "4k4/9/9/9/9/9/9/4G4/4K4 b - 1");
}

#[test]
fn a_promoted_piece_comes_from_the_palette_or_by_turning_a_piece_over() {
    let mut e = kings();
    assert!(matches!(
        e.place(gote(PieceKind::Dragon), sq("2b")),
        Edit::Placed { .. }
    ));
    assert_eq!(e.fen(), "4k4/7+r1/9/9/9/9/9/9/4K4 b - 1");
    e.place(sente(PieceKind::Silver), sq("3c"));
    assert_eq!(
        e.turn_over(sq("3c")),
        Edit::Turned {
            piece: sente(PieceKind::ProSilver),
            square: sq("3c")
        }
    );
    assert_eq!(
        e.turn_over(sq("2b")),
        Edit::Turned {
            piece: gote(PieceKind::Rook),
            square: sq("2b")
        }
    );
    // Kings and golds have no other side; an empty square has nothing to turn.
    assert_eq!(e.turn_over(sq("5i")), Edit::Nothing);
    assert_eq!(e.turn_over(sq("9e")), Edit::Nothing);
    assert_eq!(e.fen(), "4k4/7r1/6+S2/9/9/9/9/9/4K4 b - 1");
}

#[test]
fn hands_count_up_and_down_within_the_set_and_the_sfen_writes_them() {
    let mut e = kings();
    for _ in 0..3 {
        e.add_to_hand(sente(PieceKind::Pawn));
    }
    assert_eq!(
        e.add_to_hand(gote(PieceKind::Bishop)),
        Edit::Hand {
            piece: gote(PieceKind::Bishop),
            count: 1
        }
    );
    assert_eq!(e.in_hand(sente(PieceKind::Pawn)), 3);
    assert_eq!(e.fen(), "4k4/9/9/9/9/9/9/9/4K4 b 3Pb 1");
    // A promoted piece counts as its unpromoted kind in hand.
    assert_eq!(e.in_hand(sente(PieceKind::Tokin)), 3);
    // No more than the set has: two bishops.
    e.add_to_hand(gote(PieceKind::Bishop));
    assert_eq!(e.add_to_hand(gote(PieceKind::Bishop)), Edit::Nothing);
    assert_eq!(e.in_hand(gote(PieceKind::Bishop)), 2);
    // None below zero, and a king is never held.
    assert_eq!(e.take_from_hand(sente(PieceKind::Rook)), Edit::Nothing);
    assert_eq!(e.add_to_hand(sente(PieceKind::King)), Edit::Nothing);
    e.take_from_hand(sente(PieceKind::Pawn));
    assert_eq!(e.fen(), "4k4/9/9/9/9/9/9/9/4K4 b 2P2b 1");
    // Each count is a step to undo.
    assert!(e.undo());
    assert_eq!(e.in_hand(sente(PieceKind::Pawn)), 3);
}

#[test]
fn the_handicap_starts_are_offered_with_gote_to_move_and_clear_empties_the_hands() {
    let mut e = kings();
    e.add_to_hand(sente(PieceKind::Pawn));
    e.set_up(handicap_setup("2-piece").expect("a handicap"));
    assert_eq!(e.fen(), Handicap::TwoPiece.sfen());
    assert_eq!(e.side_to_move(), Side::White);
    assert_eq!(e.in_hand(sente(PieceKind::Pawn)), 0);
    for handicap in Handicap::ALL {
        let setup = handicap_setup(handicap.code()).expect("every handicap");
        e.set_up(setup);
        assert!(
            matches!(e.verdict(&Ruleset::default()), Verdict::Legal { .. }),
            "{handicap:?}"
        );
    }
    assert_eq!(handicap_setup("queen"), None);
    e.add_to_hand(gote(PieceKind::Gold));
    e.clear();
    assert_eq!(e.fen(), "9/9/9/9/9/9/9/9/9 b - 1");
    assert!(e.undo());
    assert_eq!(e.in_hand(gote(PieceKind::Gold)), 1);
}

#[test]
fn nifu_is_named_with_both_pawns() {
    let mut e = kings();
    e.place(sente(PieceKind::Pawn), sq("7g"));
    e.place(sente(PieceKind::Pawn), sq("7e"));
    let (error, mut squares) = illegal(&e);
    assert_eq!(error, PositionError::Nifu(Side::Black, 7));
    squares.sort_by_key(|s| s.index());
    let mut expected = vec![sq("7g"), sq("7e")];
    expected.sort_by_key(|s| s.index());
    assert_eq!(squares, expected);
    // A tokin is no pawn: turning one over fixes it.
    e.turn_over(sq("7e"));
    assert!(matches!(
        e.verdict(&Ruleset::default()),
        Verdict::Legal { .. }
    ));
}

#[test]
fn a_piece_that_could_never_move_is_named_with_its_square() {
    let mut e = kings();
    e.place(sente(PieceKind::Knight), sq("2b"));
    assert_eq!(
        illegal(&e),
        (
            PositionError::DeadPiece(sente(PieceKind::Knight), sq("2b")),
            vec![sq("2b")]
        )
    );
    e.place(gote(PieceKind::Lance), sq("2b"));
    assert!(matches!(
        e.verdict(&Ruleset::default()),
        Verdict::Legal { .. }
    ));
    e.place(gote(PieceKind::Lance), sq("1i"));
    assert_eq!(illegal(&e).1, vec![sq("1i")]);
}

#[test]
fn kings_are_counted_and_the_set_s_counts_include_the_hands() {
    let mut e = kings();
    e.place(sente(PieceKind::King), sq("1i"));
    let (error, squares) = illegal(&e);
    assert_eq!(error, PositionError::TwoKings(Side::Black));
    assert_eq!(squares.len(), 2);
    e.remove(sq("1i"));
    // Two bishops on the board and one in hand: three of a kind the set has two of.
    e.place(sente(PieceKind::Bishop), sq("8h"));
    e.place(gote(PieceKind::Horse), sq("2b"));
    e.add_to_hand(gote(PieceKind::Bishop));
    let (error, squares) = illegal(&e);
    assert_eq!(error, PositionError::TooMany(PieceKind::Bishop, 3));
    assert_eq!(squares.len(), 2);
    e.take_from_hand(gote(PieceKind::Bishop));
    assert!(matches!(
        e.verdict(&Ruleset::default()),
        Verdict::Legal { .. }
    ));
    e.clear();
    assert_eq!(illegal(&e).0, PositionError::NoKing);
}

#[test]
fn the_side_not_to_move_in_check_is_named_with_its_king_and_the_checker() {
    let mut e = kings();
    e.place(sente(PieceKind::Rook), sq("5e"));
    let (error, squares) = illegal(&e);
    assert_eq!(error, PositionError::OpponentInCheck(Side::White));
    assert_eq!(squares, vec![sq("5a"), sq("5e")]);
    // Gote to move: the check is legal, and the verdict clears.
    e.set_side_to_move(Side::White);
    assert!(matches!(
        e.verdict(&Ruleset::default()),
        Verdict::Legal { outcome: None, .. }
    ));
}

#[test]
fn a_mated_side_to_move_is_legal_but_already_over() {
    // Gote's king on 1a, a sente gold on 1b guarded by a silver on 2c: mate, gote to move.
    let e = ShogiEditor::from_fen("8k/8G/7S1/9/9/9/9/9/4K4 w - 1").unwrap();
    match e.verdict(&Ruleset::default()) {
        Verdict::Legal {
            outcome: Some(outcome),
            ..
        } => assert_eq!(outcome.winner(), Some(Side::Black)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_verdicts_speak_the_reader_s_language() {
    let mut e = kings();
    e.place(sente(PieceKind::Pawn), sq("7g"));
    e.place(sente(PieceKind::Pawn), sq("7c"));
    let (error, _) = illegal(&e);
    let english = texts("en").render(&position_error(&error));
    assert!(
        english.contains("nifu") && english.contains('7'),
        "{english}"
    );
    let japanese = texts("ja").render(&position_error(&error));
    assert!(japanese.contains("二歩"), "{japanese}");
    assert!(!japanese.is_ascii());
}

#[test]
fn a_typed_sfen_with_a_syntax_error_leaves_the_board_and_an_illegal_one_loads() {
    let mut e = kings();
    let before = e.fen();
    assert!(e.load_fen("4k4/9/9 b -").is_err());
    assert_eq!(e.fen(), before);
    // Nifu typed as text loads, to be fixed on the board.
    e.load_fen("4k4/9/9/9/9/9/2P6/2P6/4K4 b - 1").unwrap();
    assert!(matches!(illegal(&e).0, PositionError::Nifu(Side::Black, 7)));
}

// ------------------------------------------------------------ the page's side (EditorGame)

use tabula::web::editing::EditorGame;
use tabula::web::embed::editor::embed_url;
use tabula::web::embed::params::query_value;
use tabula::web::embed::EmbedConfig;
use tabula::web::game::{Colour, WebGame};
use tabula::web::games::shogi::ShogiWeb;

#[test]
fn the_palette_holds_every_kind_and_its_promoted_side_and_its_codes_read_back() {
    for colour in [Colour::Black, Colour::White] {
        let pieces = ShogiWeb::palette(colour);
        assert_eq!(pieces.len(), 14);
        let promoted = pieces.iter().filter(|p| p.kind.is_promoted()).count();
        assert_eq!(promoted, 6);
        for piece in pieces {
            let code = ShogiWeb::tool_code(piece);
            assert_eq!(ShogiWeb::piece_of_tool_code(&code), Some(piece), "{code}");
            assert_eq!(ShogiWeb::colour(piece.side), colour);
        }
        // The hands hold the seven kinds that can be held.
        assert_eq!(ShogiWeb::hand_pieces(colour).len(), 7);
    }
    assert_eq!(ShogiWeb::piece_of_tool_code("+K"), None);
    assert_eq!(ShogiWeb::piece_of_tool_code("+g"), None);
    assert_eq!(ShogiWeb::piece_of_tool_code("X"), None);
    assert_eq!(ShogiWeb::piece_of_key('n'), Some(gote(PieceKind::Knight)));
}

#[test]
fn every_start_the_new_game_dialog_offers_is_a_preset_of_the_editor() {
    for (code, _) in ShogiWeb::STARTS {
        let setup = ShogiWeb::preset(code).unwrap_or_else(|| panic!("{code}"));
        assert_eq!(
            Some(setup.to_sfen().as_str()),
            Handicap::from_code(code).map(|h| h.sfen())
        );
    }
}

#[test]
fn the_embed_frame_carries_game_sfen_marks_and_choices_and_refuses_what_the_frame_would() {
    let mut e = kings();
    e.add_to_hand(sente(PieceKind::Gold));
    e.toggle_mark(sq("5b"));
    let config = e
        .embed_config_of::<ShogiWeb>(&[("mode", "puzzle"), ("solution", "G*5b"), ("ply", "")])
        .expect("a legal position and a legal solution");
    let link = embed_url("https://example.org/site/", &config);
    let (page, query) = link.split_once('?').unwrap();
    assert_eq!(page, "https://example.org/site/embed.html");
    assert_eq!(query_value(query, "game").as_deref(), Some("shogi"));
    assert_eq!(
        query_value(query, "sfen").as_deref(),
        Some("4k4/9/9/9/9/9/9/9/4K4 b G 1")
    );
    assert_eq!(query_value(query, "marks").as_deref(), Some("5b"));
    assert_eq!(query_value(query, "solution").as_deref(), Some("G*5b"));
    // The frame reads the link back to the same board.
    assert_eq!(EmbedConfig::<ShogiWeb>::parse(query), Ok(config));
    // A solution the rules refuse is named as the frame would name it.
    let errors = e
        .embed_config_of::<ShogiWeb>(&[("mode", "puzzle"), ("solution", "G*5i")])
        .unwrap_err();
    assert_eq!(errors.0[0].param, "solution");
    // Nifu: the frame would refuse the position, and the editor says why in the rules' words.
    e.place(sente(PieceKind::Pawn), sq("5e"));
    e.place(sente(PieceKind::Pawn), sq("5g"));
    let errors = e.embed_config_of::<ShogiWeb>(&[]).unwrap_err();
    assert_eq!(errors.0[0].param, "sfen");
    assert!(texts("en").render(&errors.0[0].text).contains("nifu"));
}
