//! How shogi's pieces and board look: each piece's faces (its kanji, two-kanji name, letter and
//! movement marks), the boards' woods, and the scene of a position with its hands.

use super::*;

pub(super) const fn step(dx: i8, dy: i8) -> Mark {
    Mark {
        dx,
        dy,
        slide: false,
    }
}

pub(super) const fn slide(dx: i8, dy: i8) -> Mark {
    Mark {
        dx,
        dy,
        slide: true,
    }
}

pub(super) const PAWN_MARKS: [Mark; 1] = [step(0, 1)];
pub(super) const LANCE_MARKS: [Mark; 1] = [slide(0, 1)];
pub(super) const KNIGHT_MARKS: [Mark; 2] = [step(-1, 2), step(1, 2)];
pub(super) const SILVER_MARKS: [Mark; 5] = [
    step(-1, 1),
    step(0, 1),
    step(1, 1),
    step(-1, -1),
    step(1, -1),
];
pub(super) const GOLD_MARKS: [Mark; 6] = [
    step(-1, 1),
    step(0, 1),
    step(1, 1),
    step(-1, 0),
    step(1, 0),
    step(0, -1),
];
pub(super) const KING_MARKS: [Mark; 8] = [
    step(-1, 1),
    step(0, 1),
    step(1, 1),
    step(-1, 0),
    step(1, 0),
    step(-1, -1),
    step(0, -1),
    step(1, -1),
];
pub(super) const BISHOP_MARKS: [Mark; 4] = [slide(-1, 1), slide(1, 1), slide(-1, -1), slide(1, -1)];
pub(super) const ROOK_MARKS: [Mark; 4] = [slide(0, 1), slide(-1, 0), slide(1, 0), slide(0, -1)];
pub(super) const HORSE_MARKS: [Mark; 8] = [
    slide(-1, 1),
    slide(1, 1),
    slide(-1, -1),
    slide(1, -1),
    step(0, 1),
    step(-1, 0),
    step(1, 0),
    step(0, -1),
];
pub(super) const DRAGON_MARKS: [Mark; 8] = [
    slide(0, 1),
    slide(-1, 0),
    slide(1, 0),
    slide(0, -1),
    step(-1, 1),
    step(1, 1),
    step(-1, -1),
    step(1, -1),
];

/// The face of a kind: its kanji (the king's differs by side: gote's 王, sente's 玉), its
/// letter, its size against the king, and its movement marks.
pub(super) fn face(
    kind: PieceKind,
    side: Side,
) -> (&'static str, &'static str, f64, &'static [Mark]) {
    match kind {
        PieceKind::Pawn => ("歩", "P", 0.84, &PAWN_MARKS),
        PieceKind::Lance => ("香", "L", 0.88, &LANCE_MARKS),
        PieceKind::Knight => ("桂", "N", 0.89, &KNIGHT_MARKS),
        PieceKind::Silver => ("銀", "S", 0.92, &SILVER_MARKS),
        PieceKind::Gold => ("金", "G", 0.92, &GOLD_MARKS),
        PieceKind::Bishop => ("角", "B", 0.96, &BISHOP_MARKS),
        PieceKind::Rook => ("飛", "R", 0.96, &ROOK_MARKS),
        PieceKind::King => (
            if side == Side::Black { "玉" } else { "王" },
            "K",
            1.0,
            &KING_MARKS,
        ),
        PieceKind::Tokin => ("と", "+P", 0.84, &GOLD_MARKS),
        PieceKind::ProLance => ("杏", "+L", 0.88, &GOLD_MARKS),
        PieceKind::ProKnight => ("圭", "+N", 0.89, &GOLD_MARKS),
        PieceKind::ProSilver => ("全", "+S", 0.92, &GOLD_MARKS),
        PieceKind::Horse => ("馬", "+B", 0.96, &HORSE_MARKS),
        PieceKind::Dragon => ("龍", "+R", 0.96, &DRAGON_MARKS),
    }
}

/// The two-kanji face of a kind: its full name, as the oldest sets write it (sente's king
/// 玉将, gote's 王将; the promoted pawn's と alone).
pub(super) fn full_name(kind: PieceKind, side: Side) -> &'static str {
    match kind {
        PieceKind::Pawn => "歩兵",
        PieceKind::Lance => "香車",
        PieceKind::Knight => "桂馬",
        PieceKind::Silver => "銀将",
        PieceKind::Gold => "金将",
        PieceKind::Bishop => "角行",
        PieceKind::Rook => "飛車",
        PieceKind::King if side == Side::Black => "玉将",
        PieceKind::King => "王将",
        PieceKind::Tokin => "と",
        PieceKind::ProLance => "成香",
        PieceKind::ProKnight => "成桂",
        PieceKind::ProSilver => "成銀",
        PieceKind::Horse => "龍馬",
        PieceKind::Dragon => "龍王",
    }
}

/// The colours of the board `name` (one of [`ShogiWeb::BOARDS`]; any other: kaya's).
pub(super) fn wood(name: &str) -> Wood {
    match name {
        "hinoki" => Wood {
            square: "#f4e0b5",
            line: "rgba(90, 60, 25, 0.72)",
            frame: "#a77b45",
            stand: "#e8cd98",
        },
        "walnut" => Wood {
            square: "#b98653",
            line: "rgba(35, 20, 5, 0.85)",
            frame: "#5c3614",
            stand: "#a6753f",
        },
        "slate" => Wood {
            square: "#aebfcd",
            line: "rgba(25, 40, 55, 0.78)",
            frame: "#4e6374",
            stand: "#97abba",
        },
        _ => KAYA,
    }
}

/// What the board shows of the pieces `piece_at` gives and the `hands` (sente's first): the
/// wooden board with its stars, nothing in check (the game page's position, the editor's
/// setup, which may not be legal).
pub(super) fn board_scene(
    piece_at: impl Fn(Square) -> Option<Piece>,
    hands: [Hand; 2],
    look: &Look,
) -> Scene {
    let mut scene = Scene::empty(9, 9);
    scene.terrain = vec![Terrain::Wood; SHAPE.cells()];
    scene.tokens = (0..SHAPE.cells())
        .map(|cell| {
            square_of(cell)
                .and_then(&piece_at)
                .map(|piece| token_of(piece, look))
        })
        .collect();
    for side in Side::ALL {
        for (kind, count) in hands[side.index()].pieces() {
            scene.hands.push(crate::web::board_view::HandSlot {
                cell: hand_cell(&SHAPE, colour(side), slot_of(kind)),
                token: token_of(Piece::new(side, kind), look),
                count,
            });
        }
    }
    scene.stars = vec![(3, 3), (6, 3), (3, 6), (6, 6)];
    scene.wood = wood(look.board);
    scene
}

/// The token of a piece in the chosen set.
pub fn token_of(piece: Piece, look: &Look) -> Token {
    let (glyph, letter, size, marks) = face(piece.kind, piece.side);
    Token::Koma(Koma {
        colour: match piece.side {
            Side::Black => TokenColour::Dark,
            Side::White => TokenColour::Light,
        },
        glyph: if look.pieces == KANJI_TWO {
            full_name(piece.kind, piece.side)
        } else {
            glyph
        },
        letter,
        promoted: piece.kind.is_promoted(),
        size,
        marks,
        set: if look.pieces == KANJI || look.pieces == KANJI_TWO {
            PieceSet::Kanji
        } else {
            PieceSet::International
        },
    })
}
