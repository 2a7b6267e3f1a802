//! Records with variations: Jungle's `( … )` and KIF's `変化：` blocks, written from a tree of
//! moves and read back into one, every variation move checked by the rules, and the errors of
//! a malformed variation.

use common::tree::{MoveTree, NodeId, ROOT};
use jungle::{Animal, Ruleset};
use jungle::{Game, IllegalMove, Move, Record, RecordError};

/// A small deterministic random sequence (xorshift), for trees of random legal moves.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A tree of `moves` random moves, each played from a random node already in the tree, so
/// variations branch everywhere and nest; `legal` gives the legal moves after a line.
fn random_tree<M: Copy + PartialEq>(
    rng: &mut Rng,
    moves: usize,
    legal: impl Fn(&[M]) -> Vec<M>,
) -> MoveTree<M> {
    let mut tree = MoveTree::new();
    let mut nodes = vec![ROOT];
    for _ in 0..moves {
        let from = nodes[rng.below(nodes.len())];
        tree.go_to(from);
        let choices = legal(&tree.path());
        if choices.is_empty() {
            continue;
        }
        if tree.play(choices[rng.below(choices.len())]) {
            nodes.push(tree.current());
        }
    }
    tree.to_start();
    tree
}

/// How many moves the tree holds off its main line.
fn variation_moves<M: Copy + PartialEq>(tree: &MoveTree<M>) -> usize {
    let mut count = 0;
    let mut stack = vec![(ROOT, true)];
    while let Some((node, main)) = stack.pop() {
        for (i, &child) in tree.children(node).iter().enumerate() {
            let on_main = main && i == 0;
            count += usize::from(!on_main);
            stack.push((child, on_main));
        }
    }
    count
}

// ---------------------------------------------------------------------------------------------
// Jungle

fn jungle_move(text: &str) -> Move {
    Move::parse(text).expect("a move")
}

/// Plays `moves` (machine form) into `tree` from `from`.
fn play_line(tree: &mut MoveTree<Move>, from: NodeId, moves: &str) {
    tree.go_to(from);
    for m in moves.split_whitespace() {
        tree.play(jungle_move(m));
    }
}

/// The node the moves lead to from the start.
fn node_at(tree: &MoveTree<Move>, moves: &str) -> NodeId {
    let mut at = ROOT;
    for m in moves.split_whitespace() {
        at = *tree
            .children(at)
            .iter()
            .find(|&&c| tree.move_of(c) == Some(jungle_move(m)))
            .unwrap_or_else(|| panic!("no {m} in {moves}"));
    }
    at
}

/// The record of the tree's main line.
fn jungle_record(tree: &MoveTree<Move>) -> Record {
    let mut game = Game::new(Ruleset::default());
    for m in tree.main_line() {
        game.play(m).expect("a legal main line");
    }
    Record::new(game, Vec::new())
}

/// The movetext of the example: variations of White's first move (one with a variation of its
/// own), numbered as PGN numbers them.
const NESTED: &str =
    "1. a3a4 g7g6 (1... a7a6 2. a4a5 (2. c3d3) 2... g7g6) (1... b8b7) 2. c3d3 a7a6 *";

fn nested_tree() -> MoveTree<Move> {
    let mut tree = MoveTree::new();
    play_line(&mut tree, ROOT, "a3a4 g7g6 c3d3 a7a6");
    let after_a3a4 = node_at(&tree, "a3a4");
    play_line(&mut tree, after_a3a4, "a7a6 a4a5 g7g6");
    let after_a7a6 = node_at(&tree, "a3a4 a7a6");
    play_line(&mut tree, after_a7a6, "c3d3");
    play_line(&mut tree, after_a3a4, "b8b7");
    tree
}

#[test]
fn jungle_variations_are_written_in_parentheses_with_pgn_move_numbers() {
    let tree = nested_tree();
    let record = jungle_record(&tree);
    assert_eq!(
        record.write_tree(&tree),
        format!("[Variant \"standard\"]\n[Result \"*\"]\n\n{NESTED}\n")
    );
    // Without the tree, the main line alone, as before.
    assert_eq!(
        record.to_string(),
        "[Variant \"standard\"]\n[Result \"*\"]\n\n1. a3a4 g7g6 2. c3d3 a7a6 *\n"
    );
}

#[test]
fn jungle_variations_are_read_into_the_tree() {
    let (record, tree) = Record::parse_tree(NESTED).expect("a record with variations");
    assert!(tree.same_moves(&nested_tree()));
    let main: Vec<String> = record.game.moves().iter().map(Move::to_string).collect();
    assert_eq!(
        main,
        ["a3a4", "g7g6", "c3d3", "a7a6"],
        "the game is the main line"
    );
    assert_eq!(tree.current(), ROOT, "the tree shows the start");
    // Numbers are optional, parentheses may stand apart, comments may hold some.
    let loose = "a3a4 g7g6 ( a7a6 a4a5 {a (comment)} ( c3d3 ) g7g6 )(b8b7) c3d3 a7a6";
    assert!(Record::parse_tree(loose)
        .unwrap()
        .1
        .same_moves(&nested_tree()));
    // A record without variations reads as its main line.
    let (plain, tree) = Record::parse_tree("1. a3a4 g7g6 *").unwrap();
    assert!(tree.same_moves(&MoveTree::from_line(plain.game.moves())));
    // The main-line reader (the game page's) skips the variations.
    let main_only = Record::parse(NESTED).unwrap();
    assert_eq!(main_only.game.moves(), record.game.moves());
}

#[test]
fn jungle_trees_of_random_variations_round_trip() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let legal = |line: &[Move]| {
        let mut game = Game::new(Ruleset::default());
        for &m in line {
            game.play(m).expect("legal");
        }
        game.legal_moves().iter().copied().collect::<Vec<_>>()
    };
    let mut variations = 0;
    for _ in 0..40 {
        let tree = random_tree(&mut rng, 60, legal);
        variations += variation_moves(&tree);
        let text = jungle_record(&tree).write_tree(&tree);
        let (back, back_tree) = Record::parse_tree(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert!(back_tree.same_moves(&tree), "{text}");
        assert_eq!(back.game.moves(), tree.main_line().as_slice());
        assert_eq!(back.write_tree(&back_tree), text, "written again the same");
        let main_only = Record::parse(&text).unwrap();
        assert_eq!(main_only.game.moves(), back.game.moves());
    }
    assert!(
        variations > 1000,
        "the trees branch: {variations} moves off the main lines"
    );
}

#[test]
fn a_game_changed_after_its_record_was_made_is_written_with_the_variations_that_still_fit() {
    // The tree branches at White's first move; the game goes on past the tree's main line.
    let tree = nested_tree();
    let mut record = jungle_record(&tree);
    record.game.play(jungle_move("a4a5")).unwrap();
    // (The movetext is wrapped at 80 columns: compared as words.)
    let text = record
        .write_tree(&tree)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(text.contains("(1... a7a6 2. a4a5 (2. c3d3) 2... g7g6) (1... b8b7)"));
    assert!(text.contains("2. c3d3 a7a6 3. a4a5 *"), "{text}");
}

#[test]
fn an_illegal_move_in_a_variation_names_the_variation_and_the_move() {
    let error = Record::parse_tree("1. a3a4 g7g6 (1... a7a6 2. a4a5 (2. a4a6)) *").unwrap_err();
    assert_eq!(
        error,
        RecordError::InVariation {
            ply: 3,
            error: Box::new(RecordError::IllegalMove {
                ply: 3,
                played: jungle_move("a4a6"),
                error: IllegalMove::NotAStep(Animal::Elephant),
            }),
        }
    );
    assert!(
        error
            .to_string()
            .starts_with("in the variation from ply 3: ply 3, a4a6:"),
        "{error}"
    );
    // A move unreadable in a variation is named the same way.
    let error = Record::parse_tree("1. a3a4 (1. a3x4) g7g6").unwrap_err();
    let RecordError::InVariation {
        ply: 1,
        error: inner,
    } = &error
    else {
        panic!("{error:?}");
    };
    assert!(
        matches!(**inner, RecordError::BadMove { ply: 1, .. }),
        "{inner:?}"
    );
    // The main line's errors stay as they were.
    let error = Record::parse_tree("1. a3a4 (1. c3d3) g7g5").unwrap_err();
    assert!(
        matches!(error, RecordError::IllegalMove { ply: 2, .. }),
        "{error:?}"
    );
}

#[test]
fn unbalanced_parentheses_are_refused() {
    for (text, expected) in [
        (
            "1. a3a4 g7g6 (1... a7a6 2. c3d3 *",
            RecordError::UnclosedVariation,
        ),
        (
            "1. a3a4 g7g6 (1... a7a6 (1... b8b7) *",
            RecordError::UnclosedVariation,
        ),
        (
            "1. a3a4 g7g6 (1... a7a6 *) *",
            RecordError::UnclosedVariation,
        ),
        ("1. a3a4 g7g6) 2. c3d3", RecordError::StrayVariationEnd),
        ("1. a3a4 (1. c3d3)) g7g6", RecordError::StrayVariationEnd),
        ("(1. a3a4) 1. c3d3", RecordError::VariationWithoutMove),
        (
            "1. a3a4 g7g6 (1... a7a6 ((2. a4a5)))",
            RecordError::VariationWithoutMove,
        ),
    ] {
        assert_eq!(Record::parse_tree(text).unwrap_err(), expected, "{text}");
        // The main-line reader counts the parentheses too (it does not look for the move a
        // variation replaces).
        if expected != RecordError::VariationWithoutMove {
            assert_eq!(Record::parse(text).unwrap_err(), expected, "{text}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// KIF

mod kif {
    use super::{random_tree, variation_moves, Rng};
    use common::tree::{MoveTree, NodeId, ROOT};
    use shogi::record::RecordErrorKind;
    use shogi::{Game, Move, Record, Ruleset};

    fn usi(text: &str) -> Move {
        Move::parse_usi(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn node_at(tree: &MoveTree<Move>, moves: &str) -> NodeId {
        let mut at = ROOT;
        for m in moves.split_whitespace() {
            at = *tree
                .children(at)
                .iter()
                .find(|&&c| tree.move_of(c) == Some(usi(m)))
                .unwrap_or_else(|| panic!("no {m} in {moves}"));
        }
        at
    }

    /// Adds `line` (USI) to `tree` after the moves `from`.
    fn branch(tree: &mut MoveTree<Move>, from: &str, line: &str) {
        let at = node_at(tree, from);
        tree.go_to(at);
        for m in line.split_whitespace() {
            tree.play(usi(m));
        }
    }

    /// A record of Kifu for Windows' shape with variations, built by hand from the convention
    /// (Kifu for Windows, ShogiGUI, ShogiHome; Kifu for JS reads it by the same stack): the
    /// main line with its ending, then `変化：N手` blocks, a line's variations from its last
    /// move back to its first, each followed by its own; `+` after the time of a move that has
    /// an alternative written later.
    const KIFU_FOR_WINDOWS: &str = "# ---- Kifu for Windows V7 V7.70 棋譜ファイル ----
開始日時：2024/05/03 10:30:00
手合割：平手
先手：山田
後手：佐藤
手数----指手---------消費時間--
   1 ７六歩(77)   ( 0:01/00:00:01)+
   2 ３四歩(33)   ( 0:02/00:00:02)
*本譜のコメント
   3 ２六歩(27)   ( 0:03/00:00:04)
   4 ８四歩(83)   ( 0:01/00:00:03)+
   5 ２五歩(26)   ( 0:01/00:00:05)
   6 投了         ( 0:05/00:00:08)
まで5手で先手の勝ち

変化：4手
   4 ４四歩(43)   ( 0:00/00:00:03)+
*変化のコメント
   5 ４八銀(39)   ( 0:00/00:00:04)+
   6 ３三角(22)   ( 0:00/00:00:03)

変化：5手
   5 ２五歩(26)   ( 0:00/00:00:04)

変化：4手
   4 ８八角成(22) ( 0:00/00:00:03)
   5 同　銀(79)   ( 0:00/00:00:04)
   6 投了         ( 0:00/00:00:03)

変化：1手
   1 ２六歩(27)   ( 0:00/00:00:00)
   2 ８四歩(83)   ( 0:00/00:00:00)
";

    fn expected_tree() -> MoveTree<Move> {
        let mut tree = MoveTree::new();
        branch(&mut tree, "", "7g7f 3c3d 2g2f 8c8d 2f2e");
        branch(&mut tree, "7g7f 3c3d 2g2f", "4c4d 3i4h 2b3c");
        branch(&mut tree, "7g7f 3c3d 2g2f 4c4d", "2f2e");
        branch(&mut tree, "7g7f 3c3d 2g2f", "2b8h+ 7i8h");
        branch(&mut tree, "", "2g2f 8c8d");
        tree
    }

    #[test]
    fn variations_as_other_programs_write_them_are_read_into_the_tree() {
        let (record, tree) =
            Record::from_kif_tree(KIFU_FOR_WINDOWS).unwrap_or_else(|e| panic!("{e}"));
        assert!(tree.same_moves(&expected_tree()));
        // The main line is the game, with its times, comments and ending, as before.
        let main: Vec<String> = record.game.moves().iter().map(Move::to_string).collect();
        assert_eq!(main, ["7g7f", "3c3d", "2g2f", "8c8d", "2f2e"]);
        assert!(record.game.outcome().is_some(), "gote resigned");
        assert_eq!(record.seconds_of(1), Some(1), "the time before the + mark");
        assert_eq!(record.seconds_of(4), Some(1));
        assert_eq!(record.comments, [(2, "本譜のコメント".to_string())]);
        assert_eq!(tree.current(), ROOT);
        // The main-line reader (the game page's) reads the same game and skips the variations.
        let main_only = Record::from_kif(KIFU_FOR_WINDOWS).unwrap();
        assert_eq!(main_only.game.moves(), record.game.moves());
        assert_eq!(main_only.comments, record.comments);
        // Any format's reader: KIF's variations, CSA's main line.
        assert!(Record::parse_tree(KIFU_FOR_WINDOWS)
            .unwrap()
            .1
            .same_moves(&tree));
    }

    #[test]
    fn variations_are_written_as_other_programs_read_them() {
        let mut tree = MoveTree::new();
        branch(&mut tree, "", "7g7f 3c3d 2g2f 8c8d");
        branch(&mut tree, "7g7f 3c3d 2g2f", "2b8h+ 7i8h");
        branch(&mut tree, "7g7f", "8c8d 2g2f");
        branch(&mut tree, "7g7f", "4c4d");
        let mut game = Game::new(Ruleset::default());
        for m in tree.main_line() {
            game.play(m).unwrap();
        }
        let record = Record::new(game, Vec::new());
        let text = record.to_kif_tree(&tree);
        let moves = text
            .split_once("消費時間--\n")
            .expect("the moves' heading")
            .1;
        assert_eq!(
            moves,
            "   1 ７六歩(77)
   2 ３四歩(33)+
   3 ２六歩(27)
   4 ８四歩(83)+

変化：4手
   4 ８八角成(22)
   5 同　銀(79)

変化：2手
   2 ８四歩(83)+
   3 ２六歩(27)

変化：2手
   2 ４四歩(43)
"
        );
        assert!(Record::from_kif_tree(&text).unwrap().1.same_moves(&tree));
        // Without the tree, the main line alone, as before.
        assert!(!record.to_kif().contains('+'));
        assert!(!record.to_kif().contains("変化"));
    }

    #[test]
    fn trees_of_random_variations_round_trip_through_kif() {
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let legal = |line: &[Move]| {
            let mut game = Game::new(Ruleset::default());
            for &m in line {
                game.play(m).expect("legal");
            }
            game.legal_moves().iter().copied().collect::<Vec<_>>()
        };
        let mut variations = 0;
        for _ in 0..25 {
            let tree = random_tree(&mut rng, 60, legal);
            variations += variation_moves(&tree);
            let mut game = Game::new(Ruleset::default());
            for m in tree.main_line() {
                game.play(m).unwrap();
            }
            let record = Record::new(game, Vec::new());
            let text = record.to_kif_tree(&tree);
            let (back, back_tree) =
                Record::from_kif_tree(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert!(back_tree.same_moves(&tree), "{text}");
            assert_eq!(back.to_kif_tree(&back_tree), text, "written again the same");
            assert_eq!(
                Record::from_kif(&text).unwrap().game.moves(),
                back.game.moves()
            );
            // CSA has no variations: the main line only.
            let (_, csa_tree) = Record::parse_tree(&record.to_csa()).unwrap();
            assert!(csa_tree.same_moves(&MoveTree::from_line(&tree.main_line())));
        }
        assert!(
            variations > 600,
            "the trees branch: {variations} moves off the main lines"
        );
    }

    fn kif_error(text: &str) -> (usize, RecordErrorKind) {
        let error = Record::from_kif_tree(text).expect_err("an error");
        (error.line, error.kind)
    }

    const HEAD: &str = "手合割：平手\n手数----指手---------消費時間--\n";

    #[test]
    fn an_illegal_move_in_a_variation_names_its_line_and_ply() {
        let text = format!(
            "{HEAD}   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n\n変化：2手\n   2 ８四歩(83)\n   3 ２四歩(25)\n"
        );
        let (line, kind) = kif_error(&text);
        assert_eq!(line, 9, "the move's own line");
        assert!(
            matches!(
                &kind,
                RecordErrorKind::BadMove { ply: 3, .. }
                    | RecordErrorKind::IllegalMove { ply: 3, .. }
            ),
            "{kind:?}"
        );
        // A move the rules refuse: a rook cannot jump over the pawn in front of it.
        let text = format!("{HEAD}   1 ７六歩(77)\n\n変化：1手\n   1 ２四飛(28)\n");
        let (line, kind) = kif_error(&text);
        assert_eq!(line, 6);
        assert!(
            matches!(
                &kind,
                RecordErrorKind::IllegalMove { ply: 1, .. }
                    | RecordErrorKind::BadMove { ply: 1, .. }
            ),
            "{kind:?}"
        );
        assert!(kind.to_string().starts_with("ply 1"), "{kind}");
    }

    #[test]
    fn a_variation_naming_a_move_its_line_does_not_have_is_refused() {
        let main = "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n";
        // Past the main line.
        let (line, kind) = kif_error(&format!("{HEAD}{main}\n変化：5手\n   5 ２五歩(26)\n"));
        assert_eq!(line, 7);
        assert_eq!(
            kind,
            RecordErrorKind::VariationOutsideLine {
                number: 5,
                first: 1,
                last: 3
            }
        );
        assert_eq!(
            kind.to_string(),
            "変化：5手 names no move of the line it branches from (moves 1 to 3)"
        );
        // Past the variation it branches from: 変化：4手 after a variation of moves 2 and 3
        // belongs to that variation, which has no move 4.
        let text = format!(
            "{HEAD}{main}   4 ８四歩(83)\n\n変化：2手\n   2 ８四歩(83)\n   3 ２六歩(27)\n\n変化：4手\n   4 ３四歩(33)\n"
        );
        let (line, kind) = kif_error(&text);
        assert_eq!(line, 12);
        assert_eq!(
            kind,
            RecordErrorKind::VariationOutsideLine {
                number: 4,
                first: 2,
                last: 3
            }
        );
        // A main line without moves has no move to replace.
        let (line, kind) = kif_error(&format!("{HEAD}\n変化：1手\n   1 ７六歩(77)\n"));
        assert_eq!(line, 4);
        assert_eq!(
            kind.to_string(),
            "変化：1手 branches from a line that has no moves"
        );
        // A variation's moves are numbered from its N.
        let text = format!("{HEAD}{main}\n変化：2手\n   3 ８四歩(83)\n");
        assert_eq!(
            kif_error(&text),
            (
                8,
                RecordErrorKind::MoveNumber {
                    found: 3,
                    expected: 2
                }
            )
        );
        // A header that names no move.
        let (line, kind) = kif_error(&format!("{HEAD}{main}\n変化：手\n"));
        assert_eq!(line, 7);
        assert!(matches!(kind, RecordErrorKind::NotKif(_)), "{kind:?}");
        // Moves after a variation's ending.
        let text = format!("{HEAD}{main}\n変化：2手\n   2 投了\n   3 ２六歩(27)\n");
        assert!(matches!(
            kif_error(&text),
            (9, RecordErrorKind::AfterEnd(_))
        ));
    }

    #[test]
    fn a_variation_in_place_of_the_ending_and_full_width_numbers_are_read() {
        let text = format!(
            "{HEAD}   1 ７六歩(77)\n   2 投了+\nまで1手で先手の勝ち\n\n変化：２手\n   2 ３四歩(33)\n"
        );
        let (record, tree) = Record::from_kif_tree(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(record.game.moves().len(), 1);
        let after_7g7f = node_at(&tree, "7g7f");
        assert_eq!(
            tree.move_of(tree.children(after_7g7f)[0]),
            Some(usi("3c3d"))
        );
        // Written back: still the alternative to the ending.
        let again = record.to_kif_tree(&tree);
        assert!(again.contains("   2 投了+\n"), "{again}");
        assert!(again.ends_with("変化：2手\n   2 ３四歩(33)\n"), "{again}");
        assert!(Record::from_kif_tree(&again).unwrap().1.same_moves(&tree));
    }
}

/// The game page keeps a KIF's variations as written (`kif::variations`): the lines from the
/// first `変化：` on, comments and times kept, and whether one is numbered as the move after the
/// main line's last (it may stand in place of the ending word: `kif::writes_ending` says
/// whether a record still has that place).
#[test]
fn a_kifs_variations_are_kept_as_written_and_one_in_place_of_the_ending_is_noticed() {
    use shogi::record::kif;
    let main = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)+\n   3 投了\n";
    let text = format!(
        "{main}まで2手で後手の勝ち\n\n変化：３手\n   3 ２六歩(27)\n\n変化：2手  \n   2 ８四歩(83)   ( 0:03/00:00:03)\n*A comment\n\n"
    );
    let record = shogi::Record::from_kif(&text).unwrap();
    let (kept, at_end) = kif::variations(&text, &record).expect("variations");
    assert_eq!(
        kept,
        "変化：３手\n   3 ２六歩(27)\n\n変化：2手\n   2 ８四歩(83)   ( 0:03/00:00:03)\n*A comment"
    );
    assert!(
        at_end,
        "変化：３手 stands in place of 投了 (full-width digits too)"
    );
    assert!(kif::writes_ending(&record));
    // Written after the main line, they read back as the record's variations.
    let written = format!("{}\n{kept}\n", record.to_kif());
    let (again, tree) = shogi::Record::from_kif_tree(&written).unwrap();
    assert_eq!(again.game.moves(), record.game.moves());
    assert_eq!(tree.children(ROOT).len(), 1);
    assert_eq!(tree.children(1).len(), 2, "３四歩 and ８四歩\n{written}");
    assert_eq!(
        tree.children(2).len(),
        1,
        "２六歩 in place of 投了\n{written}"
    );
    // Without a 変化 line there are none; a variation inside the moves' range is not at the end.
    assert_eq!(kif::variations(main, &record), None);
    let inside = format!("{main}\n変化：2手\n   2 ８四歩(83)\n");
    assert_eq!(
        kif::variations(&inside, &record),
        Some(("変化：2手\n   2 ８四歩(83)".to_string(), false))
    );
    // Without its ending word the record has no place for one.
    let unfinished = shogi::Record::from_kif(main.trim_end_matches("   3 投了\n")).unwrap();
    assert!(!kif::writes_ending(&unfinished));
}
