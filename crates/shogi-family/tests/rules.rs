//! The family's rules where they differ from shogi's, position by position: drops of either
//! face, the swallows' two-a-file limit, the first check winning, sho shogi's two royal pieces,
//! dobutsu's try, annan shogi's borrowed moves; and SFEN read back as written, bad SFEN refused
//! (tests/fuzz.rs feeds the readers hostile text).

use shogi_family::variant::Royalty;
use shogi_family::{Move, Position, Variant, VARIANTS};

fn variant(name: &str) -> &'static Variant {
    Variant::named(name).expect("a variant of the table")
}

fn position(name: &str, sfen: &str) -> Position {
    Position::from_sfen(variant(name), sfen).unwrap_or_else(|e| panic!("{name} {sfen}: {e}"))
}

/// The legal moves of a position in USI form, sorted.
fn moves(position: &Position) -> Vec<String> {
    let mut moves: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|m| m.usi(position))
        .collect();
    moves.sort();
    moves
}

#[test]
fn every_start_position_is_written_back_as_read() {
    for v in VARIANTS {
        assert_eq!(Position::start(v).to_sfen(), v.start, "{}", v.name);
    }
    // Hands in Fairy-Stockfish's order (its piece types from the last) where it plays the
    // variant, in shogi's usual order in annan shogi (lishogi's).
    let held = position("standard", "4k4/9/9/9/9/9/9/9/4K4 w 2RBG3Pb2p 17");
    assert_eq!(held.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 w G3P2RB2pb 17");
    let annan = position("annanshogi", "4k4/9/9/9/9/9/9/9/4K4 w G3P2RB2pb 17");
    assert_eq!(annan.to_sfen(), "4k4/9/9/9/9/9/9/9/4K4 w 2RBG3Pb2p 17");
}

#[test]
fn every_piece_a_hand_may_hold_is_written() {
    for v in VARIANTS.iter().filter(|v| v.drops) {
        let mut held: Vec<char> = v
            .faces
            .iter()
            .filter(|f| !f.promoted && (!f.royal || v.royalty == Royalty::Capture))
            .map(|f| f.letter)
            .collect();
        let mut order: Vec<char> = v.hand_order.chars().collect();
        held.sort();
        order.sort();
        assert_eq!(order, held, "{}", v.name);
    }
}

#[test]
fn a_bad_sfen_is_refused_with_its_reason() {
    let mini = variant("minishogi");
    for (sfen, why) in [
        ("", "a board, a side"),
        ("rbsgk/4p/5/P4/KGSBR", "a board, a side"),
        ("rbsgk/4p/5/P4 b - 1", "files and ranks"),
        ("rbsgk/4p/6/P4/KGSBR b - 1", "files and ranks"),
        ("rbsgk/4p/5/P4/KGSBX b - 1", "no piece"),
        ("rbsgk/4p/5/P4/KGSBR x - 1", "side to move"),
        ("rbsgk/4p/5/P4/KGSBR b 2 1", "in hand"),
        ("rbsgk/4p/5/P4/KGSBR b K 1", "in hand"),
        ("rbsgk/4p/5/P4/KGSBR b - one", "move number is not"),
        ("rbsg1/4p/5/P4/KGSBR b - 1", "needs its king"),
        ("rbsgk/4p/5/P4/KKSBR b - 1", "only one"),
        ("rbsgk/4P/5/5/KGSBR b - 1", "in check"),
        ("rbsgk/4p/5/P4/KGSB+ b - 1", "no piece"),
        ("rbsgk/4p/5/P4/KGSBR b 999P 1", "in hand"),
    ] {
        let error = Position::from_sfen(mini, sfen).expect_err(sfen);
        assert!(error.to_string().contains(why), "{sfen}: {error}");
    }
}

#[test]
fn kyoto_drops_either_face_and_every_move_turns_the_piece_over() {
    let kyoto = position("kyotoshogi", "2k2/5/5/5/2K2 b P 1");
    let all = moves(&kyoto);
    assert!(all.contains(&"P*5e".to_string()) && all.contains(&"+P*5e".to_string()));
    // A pawn dropped on the far rank may stay there: it turns into a rook when it moves.
    assert!(all.contains(&"P*5a".to_string()));
    let start = Position::start(variant("kyotoshogi"));
    assert_eq!(
        moves(&start).join(" "),
        "1e1d+ 2e1d- 2e2d- 2e3d- 3e2d 3e3d 3e4d 4e3d+ 4e4d+ 4e5d+ 5e4d- 5e5d-"
    );
}

#[test]
fn micro_shogi_turns_a_piece_over_only_when_it_captures() {
    // The sente pawn on 1c captures the gote pawn on 1b and becomes a knight.
    let capture = moves(&position("microshogi", "k3/3p/3P/4/3K b - 1"));
    assert!(capture.contains(&"1c1b+".to_string()) && !capture.contains(&"1c1b".to_string()));
    // To an empty square it stays a pawn.
    let step = moves(&position("microshogi", "k3/4/3P/4/3K b - 1"));
    assert!(step.contains(&"1c1b".to_string()) && !step.contains(&"1c1b+".to_string()));
}

#[test]
fn tori_shogi_allows_two_swallows_a_file_not_three() {
    let tori = position("torishogi", "3k3/7/7/3s3/7/3S3/3K3 b 2S 1");
    let drops: Vec<String> = moves(&tori)
        .into_iter()
        .filter(|m| m.starts_with("S*"))
        .collect();
    // File 4 has one sente swallow: a second may come; a third never.
    assert!(drops.iter().any(|m| m.starts_with("S*4")));
    let two = position("torishogi", "3k3/7/7/3s3/3S3/3S3/3K3 b S 1");
    assert!(!moves(&two).iter().any(|m| m.starts_with("S*4")));
}

#[test]
fn in_check_shogi_the_first_check_ends_the_game() {
    let check = position("checkshogi", "4k4/9/4P4/9/9/9/9/9/4K4 b P 1");
    let after = check.after(Move::from_usi("5c5b+", &check).expect("a legal move"));
    assert!(after.is_over());
    assert!(after.legal_moves().is_empty());
    // The same move in standard shogi leaves the game going.
    let standard = position("standard", "4k4/9/4P4/9/9/9/9/9/4K4 b P 1");
    let after = standard.after(Move::from_usi("5c5b+", &standard).expect("a legal move"));
    assert!(!after.is_over() && !after.legal_moves().is_empty());
}

#[test]
fn sho_shogi_lets_a_side_with_two_royal_pieces_leave_one_attacked() {
    // Sente has a king and a prince; the gote rook on 5a attacks the king on 5i along the file
    // (empty between): with the prince beside it the king may stay put.
    let two = position("shoshogi", "4r3k/9/9/9/9/9/9/9/3+EK4 b - 1");
    assert!(two.legal_moves().iter().any(|m| m.usi(&two) == "6i7i"));
    // With the king alone, no move may leave it attacked.
    let one = position("shoshogi", "4r3k/9/9/9/9/9/9/9/3GK4 b - 1");
    assert!(!one.legal_moves().iter().any(|m| m.usi(&one) == "6i7i"));
}

#[test]
fn dobutsu_ends_when_a_lion_is_taken_or_reaches_the_far_rank_safely() {
    // Gote's lion is gone: the game is over.
    assert!(position("dobutsu", "g1e/1c1/1C1/ELG w - 1").is_over());
    // Sente's lion on the far rank, attacked by nothing: over.
    assert!(position("dobutsu", "L2/3/1l1/3 w - 1").is_over());
    // Attacked by the gote giraffe beside it: the game goes on.
    assert!(!position("dobutsu", "Lg1/3/1l1/3 w - 1").is_over());
    assert_eq!(position("dobutsu", "g1e/1cL/lC1/E1G b - 3").perft(4), 2_290);
}

#[test]
fn annan_pieces_move_as_the_friendly_piece_behind_them() {
    // Behind the sente pawn on 5d stands a gote rook: only a friendly piece lends its moves,
    // so the pawn has its own one square (5c, promoting or not).
    let lone = position("annanshogi", "9/9/9/4P4/4r4/9/9/9/K7k b - 1");
    let mut targets: Vec<u8> = lone
        .legal_moves()
        .iter()
        .filter(|m| m.from as usize == lone.square_named("5d").unwrap())
        .map(|m| m.to)
        .collect();
    targets.dedup();
    assert_eq!(targets.len(), 1);
    // With a sente rook behind it, it moves as a rook.
    let backed = position("annanshogi", "9/9/9/4P4/4R4/9/9/9/K7k b - 1");
    assert!(moves(&backed).contains(&"5d9d".to_string()));
    // Positions and counts from lishogi's own tests of the variant (shogiops).
    for (sfen, count) in [
        (
            "4k3S/r1l1gs3/n+N1s5/L+P4G1+B/1Pp1p1Rb1/4PNpN1/3+pPGPP1/6G1P/1p1K2S1+l w - 1",
            35,
        ),
        ("9/1k7/9/4b4/4p4/5N3/6K2/9/9 b - 1", 6),
        ("3k5/9/9/3p5/3bG4/9/9/6K2/9 b - 1", 13),
        ("6k2/p8/9/3Bs4/3R5/9/9/6K2/9 w - 1", 10),
        ("5k3/9/9/5l3/5p3/9/2B6/9/5K3 b - 1", 5),
        ("8k/9/3ll4/9/9/9/4+R4/2G+p2+p2/3pK4 b - 1", 1),
        (
            "2+N2P1+R1/+B+P1l1+P2p/2pgk4/L7L/gNS2sp2/4p1Gp1/P1S+p4P/1K7/6S2 b RBGNL2Pn5p 159",
            374,
        ),
    ] {
        assert_eq!(position("annanshogi", sfen).perft(1), count, "{sfen}");
    }
}

#[test]
fn a_move_that_is_not_legal_reads_as_none() {
    let start = Position::start(variant("minishogi"));
    for text in ["", "1e1a", "P*3c", "5e5d+", "zz", "1e1d++"] {
        assert_eq!(Move::from_usi(text, &start), None, "{text}");
    }
    assert!(Move::from_usi("1e1d", &start).is_some());
}
