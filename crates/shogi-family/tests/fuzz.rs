//! Hostile and random input for the family's readers, and random games in every variant. SFEN
//! texts a few edits away from real positions (each variant's start and positions of random
//! games), USI texts a few edits away from legal moves, and records (USI form, KIF) a few edits
//! away from real ones: none may panic, a record that reads writes itself back the same, an SFEN that reads is
//! written back as text that reads to the same position, and a move text reads only as the
//! legal move that writes it. The random games check, at every position, that each legal move's
//! USI text reads back as that move and that the position after it reads back from its SFEN.
//!
//! `FAMILY_FUZZ_INPUTS` and `FAMILY_FUZZ_GAMES` set the counts (defaults: a few thousand
//! inputs, a few games a variant); `./run fuzz` runs the big ones.

use shogi_family::record::{read_kif, read_usi, write_kif, write_usi};
use shogi_family::{Game, Move, Position, VARIANTS};

/// A small xorshift generator: the same inputs on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn count(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The characters the readers know, and some they do not.
const ALPHABET: &[u8] = b"0123456789+/-* bwPLNSGBRKEFCUAIplnsgbrkefcuai!\xc3\xa9abcdefghijkl";

/// `text` with one to four random edits.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(bytes.len() + 1);
        let c = ALPHABET[rng.below(ALPHABET.len())];
        match rng.below(3) {
            0 if at < bytes.len() => bytes[at] = c,
            1 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, c),
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A position `plies` random legal moves from the start (fewer if the game ends).
fn random_position(rng: &mut Rng, variant: usize, plies: usize) -> Position {
    let mut position = Position::start(&VARIANTS[variant]);
    for _ in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position = position.after(moves[rng.below(moves.len())]);
    }
    position
}

#[test]
fn no_sfen_or_move_text_makes_a_reader_panic() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let inputs = count("FAMILY_FUZZ_INPUTS", 3_000);
    for _ in 0..inputs {
        let variant = rng.below(VARIANTS.len());
        let plies = rng.below(40);
        let base = random_position(&mut rng, variant, plies);
        let sfen = mutate(&mut rng, &base.to_sfen());
        if let Ok(read) = Position::from_sfen(&VARIANTS[variant], &sfen) {
            let written = read.to_sfen();
            let again = Position::from_sfen(&VARIANTS[variant], &written).expect("its own SFEN");
            assert_eq!(again.to_sfen(), written, "{sfen:?}");
            let _ = read.legal_moves();
        }
        let moves = base.legal_moves();
        if let Some(&m) = moves.get(rng.below(moves.len().max(1))) {
            let text = mutate(&mut rng, &m.usi(&base));
            if let Some(read) = Move::from_usi(&text, &base) {
                assert_eq!(read.usi(&base), text);
            }
        }
    }
}

#[test]
fn no_record_makes_a_reader_panic() {
    let mut rng = Rng(0x51f1_5eed_0bad_cafe);
    let inputs = count("FAMILY_FUZZ_INPUTS", 3_000) / 4;
    for _ in 0..inputs {
        let variant = rng.below(VARIANTS.len());
        let plies = rng.below(30);
        let mut game = Game::new(Position::start(&VARIANTS[variant]));
        for _ in 0..plies {
            let moves = game.position().legal_moves();
            if moves.is_empty() || game.outcome().is_some() {
                break;
            }
            game.play(moves[rng.below(moves.len())])
                .expect("a legal move");
        }
        let usi = mutate(&mut rng, &write_usi(&game));
        if let Ok(read) = read_usi(&usi) {
            // What reads is a game that writes itself back the same way.
            assert_eq!(
                read_usi(&write_usi(&read)).expect("its own record").moves(),
                read.moves()
            );
        }
        if let Some(kif) = write_kif(&game) {
            let kif = mutate(&mut rng, &kif);
            if let Ok(read) = read_kif(&kif) {
                let again = write_kif(&read).expect("a KIF game writes KIF");
                assert_eq!(read_kif(&again).expect("its own KIF").moves(), read.moves());
            }
        }
    }
}

#[test]
fn random_games_in_every_variant_keep_their_texts_and_their_kings() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let games = count("FAMILY_FUZZ_GAMES", 2);
    for (at, variant) in VARIANTS.iter().enumerate() {
        for _ in 0..games {
            let mut position = Position::start(variant);
            for _ in 0..200 {
                let moves = position.legal_moves();
                for &m in &moves {
                    assert_eq!(Move::from_usi(&m.usi(&position), &position), Some(m));
                }
                if moves.is_empty() {
                    break;
                }
                position = position.after(moves[rng.below(moves.len())]);
                // Every position the rules reach reads back from its SFEN (a finished game of a
                // variant whose royal pieces may be taken too).
                let read = Position::from_sfen(&VARIANTS[at], &position.to_sfen())
                    .unwrap_or_else(|e| panic!("{} {}: {e}", variant.name, position.to_sfen()));
                assert_eq!(read.to_sfen(), position.to_sfen());
                // The royal pieces noted are those on the board.
                for side in [shogi_family::Side::Sente, shogi_family::Side::Gote] {
                    for square in position.royal_squares(side) {
                        let cell = position.cells[square];
                        assert!(cell != 0 && variant.faces[((cell & !0x40) - 1) as usize].royal);
                    }
                }
            }
        }
    }
}
