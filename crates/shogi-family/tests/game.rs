//! How a game of the family ends: by its moves (mate, stalemate, a lion taken or safe, the
//! first check) and by repetition as each variant counts it (minishogi's loss for sente, tori's
//! loss for the repeater, perpetual check, dobutsu's three times).

use shogi_family::{Ending, Game, Move, Outcome, PlayError, Position, Side, Variant};

fn game(name: &str, sfen: &str) -> Game {
    let variant = Variant::named(name).expect("a variant");
    Game::new(Position::from_sfen(variant, sfen).unwrap_or_else(|e| panic!("{sfen}: {e}")))
}

fn play(game: &mut Game, moves: &str) {
    for text in moves.split_whitespace() {
        let m = Move::from_usi(text, game.position()).unwrap_or_else(|| panic!("{text}"));
        game.play(m).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    }
}

#[test]
fn minishogi_repetition_loses_for_sente() {
    let mut g = Game::new(Position::start(Variant::named("minishogi").unwrap()));
    // The start is there once; three shuffles bring it back three more times.
    for round in 0..3 {
        assert_eq!(g.outcome(), None, "round {round}");
        play(&mut g, "5e4d 1a2b 4d5e 2b1a");
    }
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Side::Gote),
            ending: Ending::Repetition
        })
    );
    // Over: no move more.
    let any = g.position().legal_moves()[0];
    assert_eq!(g.play(any), Err(PlayError::GameOver));
}

#[test]
fn standard_repetition_is_a_draw_and_perpetual_check_loses() {
    // Kings and golds shuffling: a draw at the fourth occurrence.
    let mut draw = game("standard", "4k4/9/9/9/9/9/9/9/4K4 b - 1");
    for _ in 0..3 {
        play(&mut draw, "5i4i 5a4a 4i5i 4a5a");
    }
    assert_eq!(
        draw.outcome(),
        Some(Outcome {
            winner: None,
            ending: Ending::Repetition
        })
    );
    // Sente's rook checks every move, the gote king steps between 1a and 2a: at the fourth
    // occurrence the checking side loses.
    let mut checks = game("standard", "8k/9/9/9/9/9/9/9/K5R2 b - 1");
    play(&mut checks, "3i1i");
    for _ in 0..3 {
        assert_eq!(checks.outcome(), None);
        play(&mut checks, "1a2a 1i2i 2a1a 2i1i");
    }
    assert_eq!(
        checks.outcome(),
        Some(Outcome {
            winner: Some(Side::Gote),
            ending: Ending::PerpetualCheck
        })
    );
}

#[test]
fn tori_repetition_loses_for_the_player_who_brings_it_back() {
    let mut g = game("torishogi", "3k3/7/7/7/7/7/3K3 b - 1");
    // Three occurrences: the start, and two returns, both completed by gote's move.
    play(&mut g, "4g3g 4a3a 3g4g 3a4a 4g3g 4a3a 3g4g 3a4a");
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Side::Sente),
            ending: Ending::Repetition
        })
    );
}

#[test]
fn mate_and_stalemate_lose_and_a_lion_taken_or_safe_ends_dobutsu() {
    // Sente's gold mates the gote king on 5a (protected by the silver on 5c).
    let mut mate = game("standard", "4k4/9/4S4/9/9/9/9/9/4K4 b G 1");
    play(&mut mate, "G*5b");
    assert_eq!(
        mate.outcome(),
        Some(Outcome {
            winner: Some(Side::Sente),
            ending: Ending::NoMoves
        })
    );
    // Gote's king on 1a is not attacked but has nowhere to go: stalemate loses too.
    let stalemate = game("standard", "8k/9/6NG1/9/9/9/9/9/K8 w - 1");
    assert!(!stalemate.position().in_check());
    assert_eq!(
        stalemate.outcome(),
        Some(Outcome {
            winner: Some(Side::Sente),
            ending: Ending::NoMoves
        })
    );
    // Dobutsu: the gote lion left on 2a is taken by the giraffe.
    let mut lion = game("dobutsu", "1l1/1G1/3/1L1 b - 1");
    play(&mut lion, "2b2a");
    assert_eq!(
        lion.outcome(),
        Some(Outcome {
            winner: Some(Side::Sente),
            ending: Ending::RoyalsLost
        })
    );
    // The sente lion steps onto the far rank where nothing attacks it: a try.
    let mut try_ = game("dobutsu", "3/1L1/2l/3 b - 1");
    play(&mut try_, "2b2a");
    assert_eq!(
        try_.outcome(),
        Some(Outcome {
            winner: Some(Side::Sente),
            ending: Ending::Try
        })
    );
}

#[test]
fn in_check_shogi_a_check_wins_at_once() {
    let mut g = game("checkshogi", "4k4/9/9/9/9/9/9/9/4K4 b R 1");
    play(&mut g, "R*5e");
    assert_eq!(
        g.outcome(),
        Some(Outcome {
            winner: Some(Side::Sente),
            ending: Ending::Checked
        })
    );
    assert_eq!(g.undo().map(|_| ()), Some(()));
    assert_eq!(g.outcome(), None);
}

#[test]
fn a_game_may_count_repetition_as_its_players_do() {
    use shogi_family::{Options, OptionsError};
    // Kyoto shogi as lishogi plays it: three times is a draw.
    let options = Options::parse("repetition=3").expect("an option");
    let kyoto = Variant::named("kyotoshogi").unwrap();
    let mut three = Game::with_options(
        Position::from_sfen(kyoto, "2k2/5/5/5/2K2 b - 1").unwrap(),
        options,
    );
    play(&mut three, "3e4e 3a4a 4e3e 4a3a 3e4e 3a4a 4e3e 4a3a");
    assert_eq!(
        three.outcome(),
        Some(Outcome {
            winner: None,
            ending: Ending::Repetition
        })
    );
    // The same moves under the variant's own four times go on.
    let mut four = Game::new(Position::from_sfen(kyoto, "2k2/5/5/5/2K2 b - 1").unwrap());
    play(&mut four, "3e4e 3a4a 4e3e 4a3a 3e4e 3a4a 4e3e 4a3a");
    assert_eq!(four.outcome(), None);
    assert_eq!(Options::parse(""), Ok(Options::default()));
    assert_eq!(
        Options::parse("repetition=9"),
        Err(OptionsError::Count("9".into()))
    );
    assert_eq!(
        Options::parse("impasse=27"),
        Err(OptionsError::Unknown("impasse=27".into()))
    );
}
