//! The variants of the family as tables: each one's board, pieces, start position, promotion,
//! drops, royal pieces and the rules that fit no table (`Special`). docs/rules-shogi-family.md
//! is their rulebook in words; `VARIANTS` lists them in the order the site shows them.

use crate::pieces::{self, Atom};

/// The largest board of the family, in files and in ranks.
pub const MAX_SIZE: usize = 12;
/// The most piece faces a variant may have (each face is its own kind).
pub const MAX_FACES: usize = 30;

/// One face of a piece in a variant: its letter, its moves, and what it turns into.
#[derive(Clone, Copy, Debug)]
pub struct Face {
    /// Its name in English (the rulebook's).
    pub name: &'static str,
    /// Its letter in SFEN and USI, as sente's (upper case); a promoted face is written with a
    /// `+` before the letter of the face it came from.
    pub letter: char,
    /// Whether it is a promoted face (`+` in SFEN).
    pub promoted: bool,
    /// How it moves, from its owner's side.
    pub moves: &'static [Atom],
    /// The face it turns into when it promotes (an index into the variant's faces), if any.
    pub promotes_to: Option<u8>,
    /// The face a capture puts in the captor's hand, and the face it came from (an index; its
    /// own for an unpromoted face).
    pub base: u8,
    /// Whether losing it can lose the game (the king, sho shogi's prince, dobutsu's lion).
    pub royal: bool,
}

/// How pieces promote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Promotion {
    /// A move that starts or ends in the zone may promote; it must where the piece could not
    /// move again.
    Optional,
    /// A move that starts or ends in the zone must promote.
    Forced,
    /// Every move flips the piece to its other face (kyoto shogi): it promotes, or demotes.
    Flip,
    /// Every capture flips the capturing piece (micro shogi).
    FlipOnCapture,
}

/// What losing the royal pieces means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Royalty {
    /// One king, which may never be left attacked; a side without a legal move has lost.
    King,
    /// The royal piece may be left attacked and captured; losing it loses (dobutsu's lion).
    Capture,
    /// A side loses when its last royal piece is captured; a side with one royal piece may not
    /// leave it attacked, a side with two may (sho shogi's king and prince).
    LastRoyal,
}

/// The rules that fit no table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// None.
    None,
    /// The first check wins (check shogi).
    CheckWins,
    /// A piece with a friendly piece right behind it moves as that piece (annan shogi).
    Annan,
    /// A royal piece that reaches the last rank and is not attacked there wins (dobutsu's try).
    Try,
}

/// What a repeated position means (the game's record keeps the count; the rules module only
/// states it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// The game is drawn (sennichite).
    Draw,
    /// Sente loses, whoever repeats (minishogi).
    SenteLoses,
    /// The player whose move brings the position back the last time loses (tori shogi).
    RepeaterLoses,
}

/// One variant of the family.
#[derive(Clone, Copy, Debug)]
pub struct Variant {
    /// Its name on the command line and in addresses (`minishogi`).
    pub name: &'static str,
    /// Its name in English.
    pub title: &'static str,
    /// Its name as Japanese players write it (`５五将棋`), also its KIF handicap line's.
    pub japanese: &'static str,
    /// Its files and ranks.
    pub files: u8,
    /// Its ranks.
    pub ranks: u8,
    /// Its pieces' faces; a board cell or a hand names a face by its index here.
    pub faces: &'static [Face],
    /// The start position, as an SFEN (`b` for sente to move).
    pub start: &'static str,
    /// How many ranks from the far side make the promotion zone (`ranks` for the whole board).
    pub zone: u8,
    /// How promotion works.
    pub promotion: Promotion,
    /// Whether captured pieces go to the captor's hand and may be dropped.
    pub drops: bool,
    /// Whether a drop may put either face of the piece on the board (kyoto, micro).
    pub drop_either_face: bool,
    /// The face that may not be doubled on a file by drops, and how many of it a file may hold.
    pub no_doubled: Option<(u8, u8)>,
    /// The face whose drop may not give mate.
    pub no_drop_mate: Option<u8>,
    /// Whether a move or drop may not leave a piece that could never move again.
    pub immobility_illegal: bool,
    /// What the royal pieces are.
    pub royalty: Royalty,
    /// The rule that fits no table.
    pub special: Special,
    /// How many times a position must occur to end the game by repetition.
    pub repetition_count: u8,
    /// What that ending means.
    pub repetition: Repetition,
    /// Whether a repetition made by checking every move loses for the checking side.
    pub perpetual_check_loses: bool,
    /// The letters of the pieces in hand in the order SFEN writes them: Fairy-Stockfish's for
    /// the variants it plays (its piece types from the last), lishogi's for annan shogi.
    pub hand_order: &'static str,
}

/// A face of the table (`const` so that the tables stay data).
const fn face(name: &'static str, letter: char, moves: &'static [Atom], base: u8) -> Face {
    Face {
        name,
        letter,
        promoted: false,
        moves,
        promotes_to: None,
        base,
        royal: false,
    }
}

/// Face `at` that promotes to face `to`.
const fn promotes(mut face: Face, to: u8) -> Face {
    face.promotes_to = Some(to);
    face
}

/// A promoted face (written `+` and the letter of `base`).
const fn promoted(name: &'static str, letter: char, moves: &'static [Atom], base: u8) -> Face {
    Face {
        name,
        letter,
        promoted: true,
        moves,
        promotes_to: None,
        base,
        royal: false,
    }
}

/// A royal face.
const fn royal(mut face: Face) -> Face {
    face.royal = true;
    face
}

/// Kyoto's and micro's promoted faces turn back into their base: a face that demotes.
const fn flips_back(mut face: Face) -> Face {
    face.promotes_to = Some(face.base);
    face
}

/// Standard shogi's faces: P L N S G B R K, then +P +L +N +S +B +R.
const STANDARD: [Face; 14] = [
    promotes(face("pawn", 'P', pieces::PAWN, 0), 8),
    promotes(face("lance", 'L', pieces::LANCE, 1), 9),
    promotes(face("knight", 'N', pieces::KNIGHT, 2), 10),
    promotes(face("silver", 'S', pieces::SILVER, 3), 11),
    face("gold", 'G', pieces::GOLD, 4),
    promotes(face("bishop", 'B', pieces::BISHOP, 5), 12),
    promotes(face("rook", 'R', pieces::ROOK, 6), 13),
    royal(face("king", 'K', pieces::KING, 7)),
    promoted("tokin", 'P', pieces::GOLD, 0),
    promoted("promoted lance", 'L', pieces::GOLD, 1),
    promoted("promoted knight", 'N', pieces::GOLD, 2),
    promoted("promoted silver", 'S', pieces::GOLD, 3),
    promoted("horse", 'B', pieces::HORSE, 5),
    promoted("dragon", 'R', pieces::DRAGON, 6),
];

/// Minishogi's faces: P S G B R K, then +P +S +B +R.
const MINI: [Face; 10] = [
    promotes(face("pawn", 'P', pieces::PAWN, 0), 6),
    promotes(face("silver", 'S', pieces::SILVER, 1), 7),
    face("gold", 'G', pieces::GOLD, 2),
    promotes(face("bishop", 'B', pieces::BISHOP, 3), 8),
    promotes(face("rook", 'R', pieces::ROOK, 4), 9),
    royal(face("king", 'K', pieces::KING, 5)),
    promoted("tokin", 'P', pieces::GOLD, 0),
    promoted("promoted silver", 'S', pieces::GOLD, 1),
    promoted("horse", 'B', pieces::HORSE, 3),
    promoted("dragon", 'R', pieces::DRAGON, 4),
];

/// Judkins shogi's faces: minishogi's with the knight, which promotes to gold.
const JUDKINS: [Face; 12] = [
    promotes(face("pawn", 'P', pieces::PAWN, 0), 7),
    promotes(face("knight", 'N', pieces::KNIGHT, 1), 8),
    promotes(face("silver", 'S', pieces::SILVER, 2), 9),
    face("gold", 'G', pieces::GOLD, 3),
    promotes(face("bishop", 'B', pieces::BISHOP, 4), 10),
    promotes(face("rook", 'R', pieces::ROOK, 5), 11),
    royal(face("king", 'K', pieces::KING, 6)),
    promoted("tokin", 'P', pieces::GOLD, 0),
    promoted("promoted knight", 'N', pieces::GOLD, 1),
    promoted("promoted silver", 'S', pieces::GOLD, 2),
    promoted("horse", 'B', pieces::HORSE, 4),
    promoted("dragon", 'R', pieces::DRAGON, 5),
];

/// Kyoto shogi's faces: each piece has two, and every move turns it over: pawn and rook (+P),
/// silver and bishop (+S), knight and gold (+N), lance and tokin (+L); and the king.
const KYOTO: [Face; 9] = [
    promotes(face("pawn", 'P', pieces::PAWN, 0), 5),
    promotes(face("silver", 'S', pieces::SILVER, 1), 6),
    promotes(face("knight", 'N', pieces::KNIGHT, 2), 7),
    promotes(face("lance", 'L', pieces::LANCE, 3), 8),
    royal(face("king", 'K', pieces::KING, 4)),
    flips_back(promoted("rook", 'P', pieces::ROOK, 0)),
    flips_back(promoted("bishop", 'S', pieces::BISHOP, 1)),
    flips_back(promoted("gold", 'N', pieces::GOLD, 2)),
    flips_back(promoted("tokin", 'L', pieces::GOLD, 3)),
];

/// Micro shogi's faces: a capture turns a piece over: lance and silver (+L), bishop and gold
/// (+B), rook and gold (+R), pawn and knight (+P); and the king.
const MICRO: [Face; 9] = [
    promotes(face("pawn", 'P', pieces::PAWN, 0), 5),
    promotes(face("lance", 'L', pieces::LANCE, 1), 6),
    promotes(face("bishop", 'B', pieces::BISHOP, 2), 7),
    promotes(face("rook", 'R', pieces::ROOK, 3), 8),
    royal(face("king", 'K', pieces::KING, 4)),
    flips_back(promoted("knight", 'P', pieces::KNIGHT, 0)),
    flips_back(promoted("silver", 'L', pieces::SILVER, 1)),
    flips_back(promoted("gold", 'B', pieces::GOLD, 2)),
    flips_back(promoted("gold", 'R', pieces::GOLD, 3)),
];

/// Dobutsu's faces: chick (C), elephant (E), giraffe (G), lion (L), hen (+C).
const DOBUTSU: [Face; 5] = [
    promotes(face("chick", 'C', pieces::CHICK, 0), 4),
    face("elephant", 'E', pieces::ELEPHANT, 1),
    face("giraffe", 'G', pieces::GIRAFFE, 2),
    royal(face("lion", 'L', pieces::KING, 3)),
    promoted("hen", 'C', pieces::GOLD, 0),
];

/// Tori shogi's faces: swallow (S), falcon (F), crane (C), pheasant (P), left quail (L), right
/// quail (R), phoenix (K), goose (+S), eagle (+F).
const TORI: [Face; 9] = [
    promotes(face("swallow", 'S', pieces::SWALLOW, 0), 7),
    promotes(face("falcon", 'F', pieces::FALCON, 1), 8),
    face("crane", 'C', pieces::CRANE, 2),
    face("pheasant", 'P', pieces::PHEASANT, 3),
    face("left quail", 'L', pieces::LEFT_QUAIL, 4),
    face("right quail", 'R', pieces::RIGHT_QUAIL, 5),
    royal(face("phoenix", 'K', pieces::KING, 6)),
    promoted("goose", 'S', pieces::GOOSE, 0),
    promoted("eagle", 'F', pieces::EAGLE, 1),
];

/// Yari shogi's faces: pawn, yari knight, yari bishop, yari rook, king; promoted: yari silver
/// (+P), yari gold (+N, +B), rook (+R).
const YARI: [Face; 9] = [
    promotes(face("pawn", 'P', pieces::PAWN, 0), 5),
    promotes(face("yari knight", 'N', pieces::YARI_KNIGHT, 1), 6),
    promotes(face("yari bishop", 'B', pieces::YARI_BISHOP, 2), 7),
    promotes(face("yari rook", 'R', pieces::YARI_ROOK, 3), 8),
    royal(face("king", 'K', pieces::KING, 4)),
    promoted("yari silver", 'P', pieces::YARI_SILVER, 0),
    promoted("yari gold", 'N', pieces::YARI_GOLD, 1),
    promoted("yari gold", 'B', pieces::YARI_GOLD, 2),
    promoted("rook", 'R', pieces::ROOK, 3),
];

/// Sho shogi's faces: standard shogi's with the drunk elephant (E), which promotes to the
/// prince (+E), royal as the king is.
const SHO: [Face; 16] = [
    promotes(face("pawn", 'P', pieces::PAWN, 0), 9),
    promotes(face("lance", 'L', pieces::LANCE, 1), 10),
    promotes(face("knight", 'N', pieces::KNIGHT, 2), 11),
    promotes(face("silver", 'S', pieces::SILVER, 3), 12),
    face("gold", 'G', pieces::GOLD, 4),
    promotes(face("bishop", 'B', pieces::BISHOP, 5), 13),
    promotes(face("rook", 'R', pieces::ROOK, 6), 14),
    royal(face("king", 'K', pieces::KING, 7)),
    promotes(face("drunk elephant", 'E', pieces::DRUNK_ELEPHANT, 8), 15),
    promoted("tokin", 'P', pieces::GOLD, 0),
    promoted("promoted lance", 'L', pieces::GOLD, 1),
    promoted("promoted knight", 'N', pieces::GOLD, 2),
    promoted("promoted silver", 'S', pieces::GOLD, 3),
    promoted("horse", 'B', pieces::HORSE, 5),
    promoted("dragon", 'R', pieces::DRAGON, 6),
    royal(promoted("prince", 'E', pieces::KING, 8)),
];

/// Cannon shogi's faces: standard shogi's with the soldier for the pawn and four cannons:
/// gold (U, the xiangqi cannon), silver (A, the janggi cannon), copper (C, the diagonal xiangqi
/// cannon) and iron (I, the diagonal janggi cannon); the orthogonal two promote to the flying
/// cannon, the diagonal two to the flying diagonal cannon.
const CANNON: [Face; 22] = [
    promotes(face("soldier", 'P', pieces::SOLDIER, 0), 12),
    promotes(face("lance", 'L', pieces::LANCE, 1), 13),
    promotes(face("knight", 'N', pieces::KNIGHT, 2), 14),
    promotes(face("silver", 'S', pieces::SILVER, 3), 15),
    face("gold", 'G', pieces::GOLD, 4),
    promotes(face("bishop", 'B', pieces::BISHOP, 5), 16),
    promotes(face("rook", 'R', pieces::ROOK, 6), 17),
    royal(face("king", 'K', pieces::KING, 7)),
    promotes(face("gold cannon", 'U', pieces::CANNON, 8), 18),
    promotes(face("silver cannon", 'A', pieces::HOPPING_CANNON, 9), 19),
    promotes(face("copper cannon", 'C', pieces::DIAGONAL_CANNON, 10), 20),
    promotes(
        face("iron cannon", 'I', pieces::DIAGONAL_HOPPING_CANNON, 11),
        21,
    ),
    promoted("tokin", 'P', pieces::GOLD, 0),
    promoted("promoted lance", 'L', pieces::GOLD, 1),
    promoted("promoted knight", 'N', pieces::GOLD, 2),
    promoted("promoted silver", 'S', pieces::GOLD, 3),
    promoted("horse", 'B', pieces::HORSE, 5),
    promoted("dragon", 'R', pieces::DRAGON, 6),
    promoted("flying cannon", 'U', pieces::FLYING_CANNON, 8),
    promoted("flying cannon", 'A', pieces::FLYING_CANNON, 9),
    promoted(
        "flying diagonal cannon",
        'C',
        pieces::FLYING_DIAGONAL_CANNON,
        10,
    ),
    promoted(
        "flying diagonal cannon",
        'I',
        pieces::FLYING_DIAGONAL_CANNON,
        11,
    ),
];

/// Standard shogi's rules, which most of the family share.
const SHOGI_RULES: Variant = Variant {
    name: "standard",
    title: "Shogi",
    japanese: "本将棋",
    files: 9,
    ranks: 9,
    faces: &STANDARD,
    start: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    zone: 3,
    promotion: Promotion::Optional,
    drops: true,
    drop_either_face: false,
    no_doubled: Some((0, 1)),
    no_drop_mate: Some(0),
    immobility_illegal: true,
    royalty: Royalty::King,
    special: Special::None,
    repetition_count: 4,
    repetition: Repetition::Draw,
    perpetual_check_loses: true,
    hand_order: "GNLPSRB",
};

/// Every variant of the family, in the order the site lists them.
pub const VARIANTS: &[Variant] = &[
    Variant {
        name: "minishogi",
        hand_order: "GPSRB",
        title: "Minishogi",
        japanese: "５五将棋",
        repetition: Repetition::SenteLoses,
        files: 5,
        ranks: 5,
        faces: &MINI,
        start: "rbsgk/4p/5/P4/KGSBR b - 1",
        zone: 1,
        ..SHOGI_RULES
    },
    Variant {
        name: "kyotoshogi",
        hand_order: "NLPS",
        title: "Kyoto shogi",
        japanese: "京都将棋",
        files: 5,
        ranks: 5,
        faces: &KYOTO,
        start: "p+nks+l/5/5/5/+LSK+NP b - 1",
        zone: 5,
        promotion: Promotion::Flip,
        drop_either_face: true,
        no_doubled: None,
        no_drop_mate: None,
        immobility_illegal: false,
        ..SHOGI_RULES
    },
    Variant {
        name: "microshogi",
        hand_order: "LPRB",
        title: "Micro shogi",
        japanese: "マイクロ将棋",
        files: 4,
        ranks: 5,
        faces: &MICRO,
        start: "kb+r+l/p3/4/3P/+L+RBK b - 1",
        zone: 5,
        promotion: Promotion::FlipOnCapture,
        drop_either_face: true,
        no_doubled: None,
        no_drop_mate: None,
        immobility_illegal: false,
        ..SHOGI_RULES
    },
    Variant {
        name: "dobutsu",
        // A taken lion goes to the captor's hand too (the game is then over).
        hand_order: "LGCE",
        title: "Dōbutsu shōgi",
        japanese: "どうぶつしょうぎ",
        repetition_count: 3,
        perpetual_check_loses: false,
        files: 3,
        ranks: 4,
        faces: &DOBUTSU,
        start: "gle/1c1/1C1/ELG b - 1",
        zone: 1,
        promotion: Promotion::Forced,
        no_doubled: None,
        no_drop_mate: None,
        immobility_illegal: false,
        royalty: Royalty::Capture,
        special: Special::Try,
        ..SHOGI_RULES
    },
    Variant {
        name: "judkinshogi",
        hand_order: "GNPSRB",
        title: "Judkins shogi",
        japanese: "ジャドキンズ将棋",
        files: 6,
        ranks: 6,
        faces: &JUDKINS,
        start: "rbnsgk/5p/6/6/P5/KGSNBR b - 1",
        zone: 2,
        ..SHOGI_RULES
    },
    Variant {
        name: "torishogi",
        hand_order: "PRLCFS",
        title: "Tori shogi",
        japanese: "禽将棋",
        repetition_count: 3,
        repetition: Repetition::RepeaterLoses,
        files: 7,
        ranks: 7,
        faces: &TORI,
        start: "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1",
        zone: 2,
        promotion: Promotion::Forced,
        no_doubled: Some((0, 2)),
        ..SHOGI_RULES
    },
    Variant {
        name: "yarishogi",
        hand_order: "RBNP",
        title: "Yari shogi",
        japanese: "槍将棋",
        repetition_count: 3,
        files: 7,
        ranks: 9,
        faces: &YARI,
        start: "rnnkbbr/7/ppppppp/7/7/7/PPPPPPP/7/RBBKNNR b - 1",
        zone: 3,
        no_drop_mate: None,
        ..SHOGI_RULES
    },
    Variant {
        name: "shoshogi",
        hand_order: "",
        title: "Sho shogi",
        japanese: "小将棋",
        faces: &SHO,
        start: "lnsgkgsnl/1r2e2b1/ppppppppp/9/9/9/PPPPPPPPP/1B2E2R1/LNSGKGSNL b - 1",
        drops: false,
        royalty: Royalty::LastRoyal,
        ..SHOGI_RULES
    },
    Variant {
        name: "cannonshogi",
        hand_order: "ICAPUGNLSRB",
        title: "Cannon shogi",
        japanese: "大砲将棋",
        faces: &CANNON,
        start: "lnsgkgsnl/1rci1uab1/p1p1p1p1p/9/9/9/P1P1P1P1P/1BAU1ICR1/LNSGKGSNL b - 1",
        no_doubled: None,
        no_drop_mate: None,
        ..SHOGI_RULES
    },
    Variant {
        name: "annanshogi",
        hand_order: "RBGSNLP",
        title: "Annan shogi",
        japanese: "安南将棋",
        start: "lnsgkgsnl/1r5b1/p1ppppp1p/1p5p1/9/1P5P1/P1PPPPP1P/1B5R1/LNSGKGSNL b - 1",
        // A piece that could not move by itself may still be backed by one that can.
        immobility_illegal: false,
        special: Special::Annan,
        ..SHOGI_RULES
    },
    Variant {
        name: "checkshogi",
        title: "Check shogi",
        japanese: "王手将棋",
        special: Special::CheckWins,
        ..SHOGI_RULES
    },
    SHOGI_RULES,
];

impl Variant {
    /// The variant named `name` (any case), or `None`.
    pub fn named(name: &str) -> Option<&'static Variant> {
        VARIANTS.iter().find(|v| v.name.eq_ignore_ascii_case(name))
    }

    /// The names of every variant, comma-separated (for a message listing them).
    pub fn names() -> String {
        VARIANTS
            .iter()
            .map(|v| v.name)
            .collect::<Vec<_>>()
            .join(", ")
    }
}
