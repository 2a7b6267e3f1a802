//! One test per rule of docs/rules-shogi.md, on positions built for it: moves and drops, the drop
//! prohibitions, promotion, check, the endings. Expected counts are worked out by hand in the
//! comments.

mod shogi_common;

use shogi::{
    DeclarationError, DrawReason, Game, IllegalMove, ImpasseError, Outcome, PieceKind, Position,
    Ruleset, Side, WinReason,
};
use shogi_common::{mv, pos, sorted_moves};

fn moves_of(position: &Position) -> Vec<String> {
    sorted_moves(position)
}

fn has(position: &Position, m: &str) -> bool {
    moves_of(position).contains(&m.to_string())
}

#[test]
fn a_drop_may_go_on_any_empty_square() {
    // 81 squares, two kings: 79 gold drops; the king on 5i has 5 steps.
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b G 1");
    assert_eq!(p.perft(1), 79 + 5);
    assert!(has(&p, "G*1a") && has(&p, "G*5h"));
    assert_eq!(
        p.check_move(mv("G*5a")),
        Err(IllegalMove::DropOnPiece(shogi_common::sq("5a")))
    );
    assert_eq!(
        p.check_move(mv("B*5e")),
        Err(IllegalMove::NotInHand(PieceKind::Bishop))
    );
}

#[test]
fn pawns_lances_and_knights_are_never_dropped_where_they_could_not_move() {
    // Sente: rank a has 8 empty squares, rank b 9. Knight: 79 - 17 = 62; lance: 79 - 8 = 71;
    // pawn: 71 as well (the check from P*5b is no mate: the king steps to 4a). Plus 5 king steps.
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b NLP 1");
    assert_eq!(p.perft(1), 62 + 71 + 71 + 5);
    let dead = |m: &str| match p.check_move(mv(m)) {
        Err(IllegalMove::DeadDrop { kind, .. }) => Some(kind),
        _ => None,
    };
    assert_eq!(dead("P*1a"), Some(PieceKind::Pawn));
    assert_eq!(dead("L*9a"), Some(PieceKind::Lance));
    assert_eq!(dead("N*3b"), Some(PieceKind::Knight));
    assert!(p.is_legal(mv("N*3c")) && p.is_legal(mv("L*9b")));
    assert_eq!(
        p.check_move(mv("N*3b")).unwrap_err().to_string(),
        "a knight dropped on rank b could never move"
    );
    // Gote's last ranks are h and i.
    let g = pos("4k4/9/9/9/9/9/9/9/4K4 w nlp 1");
    assert!(!has(&g, "N*1h") && has(&g, "N*1g") && !has(&g, "P*1i") && has(&g, "L*1h"));
}

#[test]
fn nifu_two_unpromoted_pawns_may_not_share_a_file() {
    // The pawn on 5h closes file 5; pawns go on the 8 other files, ranks b–i: 64 squares.
    let p = pos("4k4/9/9/9/9/9/9/4P4/4K4 b P 1");
    let pawn_drops = moves_of(&p).iter().filter(|m| m.starts_with("P*")).count();
    assert_eq!(pawn_drops, 64);
    let nifu = p.check_move(mv("P*5e")).unwrap_err();
    assert_eq!(nifu, IllegalMove::Nifu(5));
    assert_eq!(nifu.to_string(), "two unpromoted pawns on file 5 (nifu)");
    // A tokin is no pawn for nifu; the opponent's pawn does not count either.
    assert!(pos("4k4/9/9/9/9/9/9/4+P4/4K4 b P 1").is_legal(mv("P*5e")));
    assert!(pos("4k4/9/9/4p4/9/9/9/9/4K4 b P 1").is_legal(mv("P*5e")));
}

#[test]
fn uchifuzume_a_pawn_drop_may_not_give_mate() {
    // The position of docs/rules-shogi.md: 85 legal moves, the mating P*1b not among them.
    let p = pos("7lk/9/8S/9/9/9/9/7L1/8K b P 1");
    assert_eq!(p.perft(1), 85);
    let error = p.check_move(mv("P*1b")).unwrap_err();
    assert_eq!(error, IllegalMove::PawnDropMate);
    assert_eq!(
        error.to_string(),
        "a pawn drop may not give checkmate (uchifuzume)"
    );
    // The gold on 2b could take the pawn but is pinned by the bishop on 4d: still mate, still
    // forbidden. Without the bishop the gold takes, and the drop is an ordinary check.
    let pinned = pos("8k/6Sg1/9/5B1N1/9/9/9/9/K8 b P 1");
    assert_eq!(
        pinned.check_move(mv("P*1b")),
        Err(IllegalMove::PawnDropMate)
    );
    let free = pos("8k/6Sg1/9/7N1/9/9/9/9/K8 b P 1");
    assert!(free.is_legal(mv("P*1b")));
    assert!(free.after(mv("P*1b")).in_check());
    // A pawn check the king can step away from is legal.
    let open = pos("4k4/9/9/9/9/9/9/9/4K4 b P 1");
    assert!(open.is_legal(mv("P*5b")) && open.after(mv("P*5b")).in_check());
}

#[test]
fn mate_by_a_moved_pawn_or_another_dropped_piece_is_allowed() {
    // A pawn pushed from 1c to 1b mates: the gold on 2c guards it, the silver on 3b takes 2a.
    let mut game = Game::from_sfen("8k/6S2/7GP/9/9/9/9/9/K8 b - 1", Ruleset::default()).unwrap();
    game.play(mv("1c1b")).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Checkmate
        })
    );
    // A gold dropped on 1b mates too.
    let mut game = Game::from_sfen("8k/9/7G1/9/9/9/9/9/K8 b G 1", Ruleset::default()).unwrap();
    game.play(mv("G*1b")).unwrap();
    assert!(game.position().is_checkmate());
}

#[test]
fn promotion_is_optional_entering_leaving_or_inside_the_zone() {
    let p = pos("4k4/9/6S2/5S3/9/9/9/9/4K4 b - 1");
    // The silver on 4d enters the zone: both forms.
    assert!(has(&p, "4d4c+") && has(&p, "4d4c"));
    // The silver on 3c leaves it (to 2d or 4d is taken… 2d is free): both forms.
    assert!(has(&p, "3c2d+") && has(&p, "3c2d"));
    // And within it.
    assert!(has(&p, "3c3b+") && has(&p, "3c3b"));
    // Outside the zone there is no promotion.
    let q = pos("4k4/9/9/9/9/9/9/7B1/4K4 b - 1");
    assert!(has(&q, "2h5e") && !has(&q, "2h5e+"));
    assert_eq!(
        q.check_move(mv("2h5e+")),
        Err(IllegalMove::OutsideZone {
            kind: PieceKind::Bishop
        })
    );
    assert!(has(&q, "2h7c+") && has(&q, "2h7c"));
}

#[test]
fn promotion_is_forced_where_the_piece_could_not_move_again() {
    // A pawn from 9c to 9b may stay a pawn; one reaching rank a, or a lance reaching it, must
    // promote; a knight must promote on ranks a and b.
    let p = pos("4k4/9/P4L2N/9/9/9/9/9/4K4 b - 1");
    let p2 = pos("4k4/P8/8L/8N/9/9/9/9/4K4 b - 1");
    assert!(has(&p2, "9b9a+") && !has(&p2, "9b9a"));
    assert!(has(&p2, "1c1a+") && !has(&p2, "1c1a") && has(&p2, "1c1b") && has(&p2, "1c1b+"));
    assert!(has(&p2, "1d2b+") && !has(&p2, "1d2b"));
    let forced = p2.check_move(mv("1d2b")).unwrap_err();
    assert_eq!(
        forced,
        IllegalMove::MustPromote {
            kind: PieceKind::Knight,
            to: shogi_common::sq("2b")
        }
    );
    assert_eq!(forced.to_string(), "the knight must promote on rank b");
    assert!(has(&p, "9c9b+") && has(&p, "9c9b"));
    // Kings, golds and promoted pieces never promote.
    let g = pos("4k4/9/9/3G5/9/9/9/9/4K4 b - 1");
    assert_eq!(
        g.check_move(mv("6d6c+")),
        Err(IllegalMove::CannotPromote(PieceKind::Gold))
    );
}

#[test]
fn a_pinned_piece_stays_on_its_line_and_a_pinned_knight_cannot_move() {
    // Sente's king 5i, rook 5g pinned by gote's rook on 5a: it moves along file 5 only.
    let p = pos("4r4/9/9/9/9/9/4R4/9/4K3k b - 1");
    let rook_moves: Vec<String> = moves_of(&p)
        .into_iter()
        .filter(|m| m.starts_with("5g"))
        .collect();
    // 5f…5b (5 squares), 5h, and 5a capturing (with and without promotion: 5a is in the zone;
    // 5b, 5c too).
    assert!(
        rook_moves.iter().all(|m| m[2..4].starts_with('5')),
        "{rook_moves:?}"
    );
    assert!(rook_moves.contains(&"5g5a+".to_string()));
    assert_eq!(p.check_move(mv("5g4g")), Err(IllegalMove::KingInCheck));
    assert_eq!(
        p.check_move(mv("5g4g")).unwrap_err().to_string(),
        "your king would be in check"
    );
    // A knight pinned by a bishop cannot move at all.
    let n = pos("8b/9/9/9/9/9/2N6/9/K7k b - 1");
    assert!(moves_of(&n).iter().all(|m| !m.starts_with("7g")));
}

#[test]
fn discovered_and_double_checks() {
    // Gote's king 5a; sente's lance on 5i behind its silver on 5e: moving the silver aside
    // uncovers a check.
    let p = pos("4k4/9/9/9/4S4/9/9/9/K3L4 b - 1");
    let discovered = p.after(mv("5e4d"));
    assert!(discovered.in_check());
    assert_eq!(discovered.checkers().count(), 1);
    // The silver on 5c steps to 4b: it checks, and so does the lance behind it. Against a
    // double check only the king may move.
    let q = pos("4k4/9/4S4/9/9/9/9/9/K3L4 b - 1");
    let double = q.after(mv("5c4b"));
    assert_eq!(double.checkers().count(), 2);
    let replies = moves_of(&double);
    assert!(!replies.is_empty());
    assert!(replies.iter().all(|m| m.starts_with("5a")), "{replies:?}");
    // With a gold next to the king that could take the silver, it still may not.
    let r = pos("3gk4/9/4S4/9/9/9/9/9/K3L4 b - 1").after(mv("5c4b"));
    assert!(!moves_of(&r).iter().any(|m| m.starts_with("6a")));
    assert!(
        moves_of(&r).contains(&"5a4b".to_string()),
        "the king itself may take"
    );
}

#[test]
fn the_king_never_steps_into_check_nor_along_the_line_it_blocks() {
    // Gote's rook on 1e checks along rank e? The king on 5e may not step to 4e (still on the
    // rook's line behind itself) nor 6e.
    let p = pos("8k/9/9/9/4K3r/9/9/9/9 b - 1");
    assert!(p.in_check());
    let moves = moves_of(&p);
    assert!(!moves.contains(&"5e6e".to_string()), "{moves:?}");
    assert!(!moves.contains(&"5e4e".to_string()));
    assert!(moves.contains(&"5e5d".to_string()));
    // Next to the enemy king is always attacked.
    let q = pos("9/9/9/4k4/9/4K4/9/9/9 b - 1");
    assert!(!has(&q, "5f5e") && has(&q, "5f5g"));
}

#[test]
fn checkmate_and_stalemate_both_lose() {
    let mate = Game::from_sfen("8k/7G1/7G1/9/9/9/9/9/K8 w - 1", Ruleset::default()).unwrap();
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Checkmate
        })
    );
    // Gote's king on 1a has no move and no check: a loss, not a draw.
    let stale = Game::from_sfen("8k/6S2/7G1/9/9/9/9/9/K8 w - 1", Ruleset::default()).unwrap();
    assert!(!stale.position().in_check());
    assert_eq!(
        stale.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::NoLegalMove
        })
    );
    assert_eq!(stale.check_move(mv("1a1b")), Err(IllegalMove::GameOver));
}

#[test]
fn the_fourth_occurrence_is_a_draw_by_sennichite() {
    let mut game = Game::new(Ruleset::default());
    for _ in 0..3 {
        for m in ["2h3h", "8b7b", "3h2h", "7b8b"] {
            assert_eq!(game.outcome(), None);
            game.play(mv(m)).unwrap();
        }
    }
    assert_eq!(game.repetitions(), 4);
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Sennichite)));
    // Three times is not yet the end.
    game.undo();
    assert_eq!(game.outcome(), None);
}

#[test]
fn perpetual_check_loses_the_fourth_occurrence() {
    // Sente's rook checks from 5i, then from 4i; gote's king goes 5a–4a–5a.
    let mut game = Game::from_sfen("4k4/9/9/9/9/9/9/9/K4R3 b - 1", Ruleset::default()).unwrap();
    for _ in 0..3 {
        for m in ["4i5i", "5a4a", "5i4i", "4a5a"] {
            game.play(mv(m)).unwrap();
        }
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::PerpetualCheck
        })
    );
    // The same walk without checks by sente is an ordinary draw.
    let mut quiet = Game::from_sfen("4k4/9/9/9/9/9/9/9/K2R5 b - 1", Ruleset::default()).unwrap();
    for _ in 0..3 {
        for m in ["6i7i", "5a4a", "7i6i", "4a5a"] {
            quiet.play(mv(m)).unwrap();
        }
    }
    assert_eq!(quiet.outcome(), Some(Outcome::Draw(DrawReason::Sennichite)));
}

/// Sente's king on 5b with ten pieces in gote's zone worth 18 points, and `pawns` in hand.
fn impasse_game(pawns: u32, rules: &str) -> Game {
    let sfen = format!("RBGGGGSSS/4KS3/9/9/9/9/9/9/8k b {pawns}P 1");
    Game::from_sfen(&sfen, Ruleset::parse(rules).unwrap()).unwrap()
}

#[test]
fn impasse_declaration_wins_only_when_valid() {
    // 18 + 10 = 28 points: enough for sente.
    let mut game = impasse_game(10, "");
    assert_eq!(game.impasse_declaration(), Ok(28));
    assert_eq!(game.declare_impasse(), Ok(28));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Impasse(28)
        })
    );
    // 27 points: not enough for sente, and nothing changes.
    let mut short = impasse_game(9, "");
    assert_eq!(
        short.declare_impasse(),
        Err(DeclarationError::Invalid(ImpasseError::TooFewPoints {
            points: 27,
            needed: 28
        }))
    );
    assert_eq!(short.outcome(), None);
    // …but 27 is enough for gote (the same position seen from the other side).
    let flipped = impasse_game(9, "").position().to_setup().flipped();
    let gote = Game::from_position(Position::from_setup(&flipped).unwrap(), Ruleset::default());
    assert_eq!(gote.impasse_declaration(), Ok(27));
    // Off by the rules.
    assert_eq!(
        impasse_game(10, "impasse=off").impasse_declaration(),
        Err(ImpasseError::Off)
    );
    // Too few pieces in the zone, the king outside it, or in check.
    let nine =
        Game::from_sfen("RBGGGGSS1/4KS3/9/9/9/9/9/9/8k b 18P 1", Ruleset::default()).unwrap();
    assert_eq!(
        nine.impasse_declaration(),
        Err(ImpasseError::TooFewPieces(9))
    );
    let outside =
        Game::from_sfen("RBGGGGSSS/5S3/9/4K4/9/9/9/9/8k b 10P 1", Ruleset::default()).unwrap();
    assert_eq!(
        outside.impasse_declaration(),
        Err(ImpasseError::KingNotInZone)
    );
    let checked = Game::from_sfen(
        "RBGGGGSSS/4KS3/9/9/4r4/9/9/9/8k b 10P 1",
        Ruleset::default(),
    )
    .unwrap();
    assert_eq!(checked.impasse_declaration(), Err(ImpasseError::InCheck));
}

#[test]
fn the_move_limit_draws() {
    let mut game = Game::new(Ruleset::parse("maxmoves=4").unwrap());
    for m in ["7g7f", "3c3d", "2g2f", "8c8d"] {
        assert_eq!(game.outcome(), None);
        game.play(mv(m)).unwrap();
    }
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(DrawReason::MoveLimit(4)))
    );
    let unlimited = Game::new(Ruleset::parse("maxmoves=off").unwrap());
    assert_eq!(unlimited.rules().max_plies, None);
}

#[test]
fn resignation_and_time_end_the_game_and_undo_takes_them_back() {
    let mut game = Game::new(Ruleset::default());
    game.play(mv("7g7f")).unwrap();
    assert!(game.resign(Side::White));
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Resignation
        })
    );
    assert!(!game.lose_on_time(Side::Black), "the game is already over");
    assert_eq!(game.play(mv("3c3d")), Err(IllegalMove::GameOver));
    game.undo();
    assert_eq!(game.outcome(), None);
    assert!(game.lose_on_time(Side::Black));
    assert_eq!(game.outcome().unwrap().reason_code(), "time");
}

#[test]
fn moving_errors_name_the_rule() {
    let p = Position::start();
    assert_eq!(
        p.check_move(mv("5e5d")),
        Err(IllegalMove::NoPiece(shogi_common::sq("5e")))
    );
    assert!(matches!(
        p.check_move(mv("3c3d")),
        Err(IllegalMove::NotYourPiece { .. })
    ));
    assert_eq!(
        p.check_move(mv("7g7e")).unwrap_err().to_string(),
        "the pawn on 7g cannot move to 7e"
    );
    assert_eq!(
        p.check_move(mv("8h7g")),
        Err(IllegalMove::OwnPiece(shogi_common::sq("7g")))
    );
    // The bishop's diagonal is blocked by its own pawn.
    assert!(matches!(
        p.check_move(mv("8h2b+")),
        Err(IllegalMove::CannotReach { .. })
    ));
}
