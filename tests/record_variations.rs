//! Records with variations: Jungle's `( … )` and KIF's `変化：` blocks, written from a tree of
//! moves and read back into one, every variation move checked by the rules, and the errors of
//! a malformed variation.

use jungle::common::tree::{MoveTree, NodeId, ROOT};
use jungle::jungle::{Game, IllegalMove, Move, Record, RecordError};
use jungle::{Animal, Ruleset};

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

fn jungle_record(tree: &MoveTree<Move>) -> Record {
    let mut game = Game::new(Ruleset::default());
    for m in tree.main_line() {
        game.play(m).expect("a legal main line");
    }
    let mut record = Record::new(game, Vec::new());
    record.tree = tree.clone();
    record
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
    let text = jungle_record(&nested_tree()).to_string();
    assert_eq!(
        text,
        format!("[Variant \"standard\"]\n[Result \"*\"]\n\n{NESTED}\n")
    );
}

#[test]
fn jungle_variations_are_read_into_the_tree() {
    let record = Record::parse(NESTED).expect("a record with variations");
    assert!(record.tree.same_moves(&nested_tree()));
    let main: Vec<String> = record.game.moves().iter().map(Move::to_string).collect();
    assert_eq!(
        main,
        ["a3a4", "g7g6", "c3d3", "a7a6"],
        "the game is the main line"
    );
    assert_eq!(record.tree.current(), ROOT, "the tree shows the start");
    // Numbers are optional, parentheses may stand apart, comments may hold some.
    let loose = "a3a4 g7g6 ( a7a6 a4a5 {a (comment)} ( c3d3 ) g7g6 )(b8b7) c3d3 a7a6";
    assert!(Record::parse(loose)
        .unwrap()
        .tree
        .same_moves(&nested_tree()));
    // A record without variations reads as its main line.
    let plain = Record::parse("1. a3a4 g7g6 *").unwrap();
    assert!(plain
        .tree
        .same_moves(&MoveTree::from_line(plain.game.moves())));
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
        let text = jungle_record(&tree).to_string();
        let back = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert!(back.tree.same_moves(&tree), "{text}");
        assert_eq!(back.game.moves(), tree.main_line().as_slice());
        assert_eq!(back.to_string(), text, "written again the same");
    }
    assert!(
        variations > 1000,
        "the trees branch: {variations} moves off the main lines"
    );
}

#[test]
fn a_game_changed_after_its_record_was_made_is_written_with_the_variations_that_still_fit() {
    // The tree branches at White's first move; the game goes on past the tree's main line.
    let mut record = jungle_record(&nested_tree());
    record.game.play(jungle_move("a4a5")).unwrap();
    // (The movetext is wrapped at 80 columns: compared as words.)
    let text = record
        .to_string()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(text.contains("(1... a7a6 2. a4a5 (2. c3d3) 2... g7g6) (1... b8b7)"));
    assert!(text.contains("2. c3d3 a7a6 3. a4a5 *"), "{text}");
}

#[test]
fn an_illegal_move_in_a_variation_names_the_variation_and_the_move() {
    let error = Record::parse("1. a3a4 g7g6 (1... a7a6 2. a4a5 (2. a4a6)) *").unwrap_err();
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
    let error = Record::parse("1. a3a4 (1. a3x4) g7g6").unwrap_err();
    assert!(
        matches!(&error, RecordError::InVariation { ply: 1, error } if matches!(**error, RecordError::BadMove { ply: 1, .. })),
        "{error:?}"
    );
    // The main line's errors stay as they were.
    let error = Record::parse("1. a3a4 (1. c3d3) g7g5").unwrap_err();
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
        assert_eq!(Record::parse(text).unwrap_err(), expected, "{text}");
    }
}
