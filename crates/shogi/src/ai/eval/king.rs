//! King safety: the ring around a king, the attackers on it and their weights, the danger
//! they add up to, drop room and flank attacks, and the attack maps they are read from.

use super::*;

/// The squares around a king that its danger counts: the king's own and its neighbours, the
/// king taken one step in from an edge first (so that a king in a corner still has nine).
pub(super) fn king_ring(king: Square) -> Bitboard {
    let file = (king.file() as i8).clamp(1, 7);
    let rank = (king.rank() as i8).clamp(1, 7);
    let centre = Square::from_coords(file, rank).unwrap_or(king);
    KING_ATTACKS[centre.index()] | Bitboard::from_square(centre)
}

/// How much one piece counts toward a king attack (Fairy-Stockfish's weights: the bishop and
/// the rook their chess values, every shogi piece the fairy pieces' 40).
pub(super) fn attacker_weight(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Bishop => 52,
        PieceKind::Rook => 44,
        _ => 40,
    }
}

/// One side's pieces that reach the enemy king's ring: how many (each pawn once per ring
/// square it attacks), their summed weight (pawns none), and their attacks on the squares
/// next to the king.
#[derive(Clone, Copy, Default)]
pub(super) struct KingAttackers {
    pub(super) count: i32,
    pub(super) weight: i32,
    pub(super) hits: i32,
}

impl KingAttackers {
    #[inline(always)]
    pub(super) fn add(
        &mut self,
        kind: PieceKind,
        reach: Bitboard,
        ring: Bitboard,
        king_moves: Bitboard,
    ) {
        let on_ring = reach & ring;
        if on_ring.is_empty() {
            return;
        }
        if kind == PieceKind::Pawn {
            self.count += on_ring.count() as i32;
        } else {
            self.count += 1;
            self.weight += attacker_weight(kind);
            self.hits += (reach & king_moves).count() as i32;
        }
    }
}

/// Fairy-Stockfish's bonus for one safe check and for several, by the kind that gives it (a
/// gold standing for every piece that moves as one).
pub(super) const CHECK_WEIGHTS: [(PieceKind, i32, i32); 8] = [
    (PieceKind::Rook, 1087, 1878),
    (PieceKind::Bishop, 639, 974),
    (PieceKind::Lance, 600, 900),
    (PieceKind::Knight, 600, 900),
    (PieceKind::Silver, 600, 900),
    (PieceKind::Gold, 600, 900),
    (PieceKind::Horse, 600, 900),
    (PieceKind::Dragon, 600, 900),
];

/// The kinds that move as a gold.
pub(super) const GOLD_MOVERS: [PieceKind; 5] = [
    PieceKind::Gold,
    PieceKind::Tokin,
    PieceKind::ProLance,
    PieceKind::ProKnight,
    PieceKind::ProSilver,
];

/// What the king danger needs of the attacking side.
pub(super) struct EnemyForces<'a> {
    pub(super) attackers: KingAttackers,
    pub(super) map: &'a AttackMap,
    pub(super) by_kind: &'a [Bitboard; KIND_COUNT],
    pub(super) king_moves: Bitboard,
}

/// Fairy-Stockfish's king danger for `side`'s king on `king` (the drop-game form of its
/// `Evaluation::king`), as a penalty in centipawns: the attackers and those the enemy could
/// drop next to the king, the weak squares of the ring, the safe checks by kind (a rook's
/// dearest) and the unsafe ones, the pieces pinned to the king or blocking a slider, the
/// attacks on the king's flank less its defences; above 100 units the danger counts squared
/// (capped at 3,500 units), scaled down as pieces leave the board for the hands.
pub(super) fn king_danger(
    pos: &Position,
    side: Side,
    king: Square,
    ring: Bitboard,
    own: &AttackMap,
    enemy: &EnemyForces,
) -> i32 {
    let them = side.opponent();
    let occupied = pos.occupied();
    let empty = !occupied;
    let king_moves = KING_ATTACKS[king.index()];
    let enemy_once = enemy.map.once | enemy.king_moves;
    let enemy_twice = enemy.map.twice | (enemy.map.once & enemy.king_moves);
    let own_once = own.once | king_moves;
    let own_twice = own.twice | (own.once & king_moves);
    // Attacked and defended at most once, by the king if at all.
    let weak = enemy_once & !own_twice & (!own_once | king_moves);
    let safe = !pos.pieces(them) & (!own_once | (weak & enemy_twice));

    let hand = pos.hand(them);
    let mut attackers = enemy.attackers;
    let (mut in_hand, mut in_hand_weight) = (0, 0);
    // Where a dropped piece would stand its ground: not defended twice, or supported.
    let landing = empty & (!own_twice | enemy_once);
    if (landing & ring).any() {
        let landing_hits = (landing & king_moves).count() as i32;
        for (kind, count) in hand.pieces() {
            if kind != PieceKind::Pawn {
                in_hand += count as i32;
                in_hand_weight += attacker_weight(kind) * count as i32;
                attackers.hits += landing_hits;
            }
        }
    }

    let mut danger = 0;
    let mut unsafe_checks = EMPTY;
    // Checks from `from`: a bonus if any is safe (more for several), else all count unsafe.
    let mut weigh_checks = |from: Bitboard, one: i32, several: i32| {
        let safe_checks = from & safe;
        if safe_checks.any() {
            danger += if safe_checks.more_than_one() {
                several
            } else {
                one
            };
        } else {
            unsafe_checks |= from;
        }
    };
    let by_kind = enemy.by_kind;
    for (kind, one, several) in CHECK_WEIGHTS {
        let reach = if kind == PieceKind::Gold {
            GOLD_MOVERS
                .iter()
                .fold(EMPTY, |all, gold| all | by_kind[gold.index()])
        } else {
            by_kind[kind.index()]
        };
        let droppable = if kind.is_hand_kind() && hand.count(kind) > 0 {
            empty
        } else {
            EMPTY
        };
        weigh_checks(
            attacks(side, kind, king, occupied) & (reach | droppable),
            one,
            several,
        );
    }
    // A pawn stepping into the zone and promoting with check.
    let promoting = attacks(side, PieceKind::Gold, king, occupied)
        & by_kind[PieceKind::Pawn.index()]
        & ZONES[them.index()];
    weigh_checks(promoting, 600, 900);

    let flank_attack = flank_attacks(side, king, enemy.map);
    let flank_defence = (own_once & flank_of(side, king)).count() as i32;
    danger += attackers.count * attackers.weight
        + in_hand * attackers.weight
        + attackers.count * in_hand_weight
        + 366 * (ring & weak).count() as i32
        + 148 * unsafe_checks.count() as i32
        + 98 * pos.line_blockers(side, king, occupied).count() as i32
        + 69 * 3 * attackers.hits / 2
        + 3 * flank_attack * flank_attack / 8
        - 4 * flank_defence
        + 37;
    if danger <= 100 {
        return 0;
    }
    // Fairy-Stockfish scales a drop game's king safety by its material density: all of shogi's
    // material (14,622 in its pawn-90 units) times the pieces on the board, per square, over
    // 11,000.
    // (In 64 bits: a hopeless king's danger times the density passes 2^31.)
    let squared = danger.min(3500) as i64 * danger as i64 / 4096;
    (squared * occupied.count() as i64 * 14_622 / (81 * 11_000)) as i32
}

/// The flank of `side`'s king on `king`: its file and the neighbouring ones (next-but-one
/// beside an edge), `side`'s own six ranks.
pub(super) fn flank_of(side: Side, king: Square) -> Bitboard {
    let centre = (king.file() as usize).clamp(1, FILE_MASKS.len() - 2);
    (FILE_MASKS[centre - 1] | FILE_MASKS[centre] | FILE_MASKS[centre + 1]) & OWN_CAMP[side.index()]
}

/// Per kind `side` holds, the empty squares of the enemy's five ranks where it could be dropped
/// and neither `enemy`'s pieces nor its king at `enemy_king` attack.
pub(super) fn drop_room(
    pos: &Position,
    side: Side,
    enemy: &AttackMap,
    enemy_king: Option<Square>,
) -> i32 {
    let hand = pos.hand(side);
    if hand.is_empty() {
        return 0;
    }
    let guarded = enemy.once | enemy_king.map_or(EMPTY, |king| KING_ATTACKS[king.index()]);
    let open = !pos.occupied() & !guarded & ENEMY_HALF[side.index()];
    let mut total = 0;
    for (kind, _) in hand.pieces() {
        let squares = match kind {
            PieceKind::Pawn => {
                open & !LAST_RANK[side.index()] & !pos.pieces_of(side, PieceKind::Pawn).fill_files()
            }
            PieceKind::Lance => open & !LAST_RANK[side.index()],
            PieceKind::Knight => open & !LAST_TWO_RANKS[side.index()],
            _ => open,
        };
        total += squares.count() as i32;
    }
    total
}

/// The enemy's attacks on the flank of `side`'s king at `king` (its file and the neighbouring
/// ones, next-but-one beside an edge; `side`'s own six ranks), squares attacked twice counted
/// twice.
pub(super) fn flank_attacks(side: Side, king: Square, enemy: &AttackMap) -> i32 {
    let flank = flank_of(side, king);
    ((enemy.once & flank).count() + (enemy.twice & flank).count()) as i32
}

/// Each side's enemy half: the five ranks farthest from it (the middle rank included).
pub(super) const ENEMY_HALF: [Bitboard; 2] = [ranks(0, 5), ranks(4, 9)];
/// Each side's own six ranks.
pub(super) const OWN_CAMP: [Bitboard; 2] = [ranks(3, 9), ranks(0, 6)];

/// The squares of ranks `from` (`a` = 0) up to, not including, `to`.
pub(super) const fn ranks(from: usize, to: usize) -> Bitboard {
    let mut set = EMPTY;
    let mut rank = from;
    while rank < to {
        set = union(set, RANK_MASKS[rank]);
        rank += 1;
    }
    set
}

/// The squares one side attacks: at least once, twice, three times (counts above three are
/// counted as three: the zone term needs no more).
#[derive(Clone, Copy, Default)]
pub(super) struct AttackMap {
    pub(super) once: Bitboard,
    pub(super) twice: Bitboard,
    pub(super) thrice: Bitboard,
}

impl AttackMap {
    #[inline(always)]
    pub(super) fn add(&mut self, reach: Bitboard) {
        self.thrice |= self.twice & reach;
        self.twice |= self.once & reach;
        self.once |= reach;
    }

    #[inline(always)]
    pub(super) fn count(&self, sq: Square) -> i32 {
        self.once.contains(sq) as i32
            + self.twice.contains(sq) as i32
            + self.thrice.contains(sq) as i32
    }
}
