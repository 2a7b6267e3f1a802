//! Moves packed into 16 bits print as their USI text and unpack to themselves, in every
//! variant, at every position of random games; codes that name no move read as none.

use shogi_family::{Game, Packed, Position, VARIANTS};

#[test]
fn every_legal_move_packs_prints_and_unpacks_as_itself() {
    let mut seed = 0x853c_49e6_748f_ea9b_u64;
    for variant in VARIANTS {
        for _ in 0..4 {
            let mut game = Game::new(Position::start(variant));
            for _ in 0..120 {
                let position = *game.position();
                let moves = position.legal_moves();
                for &m in &moves {
                    let packed = Packed::of(m, &position).expect("a move of the family packs");
                    assert_eq!(packed.to_string(), m.usi(&position), "{}", variant.name);
                    assert_ne!(packed.code(), 0);
                    let read = Packed::from_code(packed.code()).expect("its code reads");
                    assert_eq!(read.unpack(&position), Some(m), "{} {packed}", variant.name);
                    assert_eq!(Packed::parse(&packed.to_string()), Some(packed));
                }
                if moves.is_empty() || game.outcome().is_some() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                game.play(moves[(seed % moves.len() as u64) as usize])
                    .expect("a legal move");
            }
        }
    }
}

#[test]
fn codes_that_name_no_move_read_as_none() {
    assert_eq!(Packed::from_code(0), None);
    assert_eq!(Packed::from_code(u16::MAX), None);
    // A move from 1a to 1a, promoted.
    assert_eq!(Packed::from_code(1), None);
    // A well-formed code that is no legal move of the start position.
    let start = Position::start(shogi_family::Variant::named("minishogi").unwrap());
    let drop = Packed::from_code(62_208).expect("a drop's code");
    assert_eq!(drop.to_string(), "P*1a");
    assert_eq!(drop.unpack(&start), None);
}

#[test]
fn a_move_text_reads_without_its_position_and_bad_text_does_not() {
    for text in ["7g7f", "2b3c+", "4e5d-", "P*5e", "+P*5e", "12l1a", "I*9i"] {
        let packed = Packed::parse(text).unwrap_or_else(|| panic!("{text}"));
        assert_eq!(packed.to_string(), text);
    }
    for text in [
        "", "7g7g", "7g7f=", "0a1a", "13a1a", "7m7f", "Q*5e", "P*", "*5e", "PP*5e", "7g",
    ] {
        assert_eq!(Packed::parse(text), None, "{text}");
    }
}
