//! Shogi's side of the generic search ([`engine::search`]): what the game brings and
//! what it was measured to be worth.
//!
//! # Policy
//! - **Check** is [`Verdict::Threatened`] with `lost_in: 0`: the search extends a ply, tries no
//!   null move and reduces nothing there, and quiescence searches every evasion (no standing
//!   pat in check); no evasion is mate.
//! - **Mate in one** ([`super::tactics::mate_in_one`]) is looked for at every full-width node
//!   not in check, after the table's probe ([`SearchGame::mate_check`]): a win found there
//!   costs no search, and is stored as exact so a later visit ends at the probe. The
//!   **impasse declaration**, when the rules have it and it is valid, is a win before anything
//!   else ([`SearchGame::verdict`]).
//! - **Mate in three** ([`super::tactics::mate_in_three`]: a check after which every answer
//!   leaves a mate in one) at nodes with 4 plies or more left (`eval.mate3=4`; 2026-12-05),
//!   from the same pass over the checks as the mate in one there
//!   ([`super::tactics::mate_within_three`]). Over the bench it costs
//!   up to 13 % of the time (at 2 plies 44 %, at 6 none) and saves 1 % of the nodes; where the
//!   search would find the mate itself, it finds it before reductions and pruning can hide it.
//!   Against Fairy-Stockfish on the book file: 100 ms 50-46-0 and 51-45-0 (seeds 2101, 2102;
//!   the defaults 48-48-0 beside the second, and 173-211-0 over the four runs before), 1 s
//!   **15-25-0** (seed 2090; the defaults 7-33-0 beside it, 7-33-0 to 16-24-0 before); at 6
//!   plies 45-50-1, at 3 plies 36-60-0 at 100 ms (seeds 2101, 2102). A mate in one in
//!   quiescence's first ply (`eval.qmate1=1`, the horizon's drop mates) costs 80 % of the
//!   time over the bench and scored 39-57-0 at 100 ms on top of the check (seed 2102): left
//!   off.
//! - **Ordering**: captures by the victim's worth (its value on the board and in our hand)
//!   then the attacker's, promotions of the major pieces, then killers and history (by the
//!   piece landing and its square), drops among the other quiet moves. Before
//!   df84f89 (2026-12-06) a drop more than two steps from both kings went behind them (a
//!   bias growing with the distance), never measured; without it the bench searches 3 % fewer
//!   nodes and against Fairy-Stockfish at 1 s it scored 9-11-0 and 12-28-0 on seed 2090 (20
//!   and 40 games; the defaults beside them 4-16-0 and 7-33-0) and 12-21-0 on seed 2110
//!   (stopped after 33; the defaults 10-23-0 there), 40-55-1 and 48-48-0 at 100 ms (seed
//!   2102; the defaults 56-40-0 and 48-48-0): within the margins both ways, and simpler
//!   (docs/shogi-engine.md, "Drops by their history alone").
//! - **Quiescence** over captures (delta margin over the victim's worth).
//! - **Pruning near the horizon** ([`SearchGame::default_options`]): futility (150 a ply),
//!   late-move pruning and exchange pruning (a quiet move losing over 100 a ply); a check
//!   that loses the checking piece is treated as quiet (pruned, reduced, not extended).
//!   Against the same search without them at 20,000 nodes a move: 91-9-0, +402 ± 138
//!   (100 games). Shogi's many quiet drops are what makes them pay. They reach **5 plies**
//!   from the horizon (`pd=5`; 3 before): 40-20-0, +120 ± 96 at 20,000 nodes (60 games); 6
//!   with reverse futility was worse (26-34-0). At 1 s a move, 8 (`pd=8`, on top of the
//!   smaller reductions) scored 1-21-0 against Fairy-Stockfish on the book lines when stopped
//!   after 22 games (5 scored 13-35-0 there): 5 stays.
//! - **Late-move reductions** grow as ln(depth)·ln(index)/2 (`loglmr=1 lmrdiv=200`; the
//!   steps of 1–3 plies before): /1.5 won 39-20-1, +114 ± 95 at 20,000 nodes (60 games); /1.1:
//!   +47, /2: −29. Against Fairy-Stockfish at 100 ms a move, the two together (with the two
//!   changes below) took the score from 40 % to 66.7 % (README). The divisor was 150 until
//!   fa43980 (2026-12-03): at 1 s a move the reductions of a 15-ply search (six
//!   plies for the thirtieth move, Fairy-Stockfish's about four before its history terms)
//!   cost more than the 20,000-node screens showed. /2 against Fairy-Stockfish at 1 s on the
//!   book lines without random plies: **13-35-0** (27.1 %, seed 2066), where /1.5 scored
//!   8-40-0 over two runs just before; at 100 ms 19-21-0 and 18-22-0 (seeds 2051,
//!   2052; /1.5 19-21-0 and 16-24-0).
//! - Where futility skips every quiet move, only the **captures and checks** are generated
//!   ([`Generate::Forcing`], `fwf=1`), and the table's move is tried before anything is
//!   generated ([`SearchGame::nature`]): the bench runs about 10 % faster for each.
//! - Measured and left off: adaptive null-move reduction (`anmp=1`: 22-38-0), reductions by
//!   history (`histlmr=1`: 27-31-2 on top of the above), no check extension (`ext=0`:
//!   25-34-1), internal iterative reduction (`iir=1`: 32-28-0, within the noise; at 1 s
//!   against Fairy-Stockfish on the book lines 2-22-0).
//! - **Continuation history** (`cont=<weight>`: quiet moves also ordered by how they fared
//!   after the moves one and two plies before) cuts the bench's nodes by a fifth at weight 16,
//!   but did not win games at 20,000 nodes a move: weight 16 43-54-3 (seed 7), weight 32
//!   56-44-0 (seed 8) and 46-51-3 (seed 9), +12 ± 49 over those 200 games. At 250,000 nodes a
//!   move (about a quarter of a second; 2026-12-02) weight 16 won
//!   **60-40-0, +70 ± 71** (100 games, seed 60): the deeper the search, the more the ordering
//!   pays. On by default since (`cont=16`). Against Fairy-Stockfish: 10-30-0 at 300 ms (seed
//!   2040; without it 9-31-0 and 11-29-0 there). Its table (two bytes
//!   per side, slot and slot: 11.6 MB) is allocated at the first search. History pruning (a
//!   quiet move below −8,192 × depth of ordering score skipped near the horizon) barely ever
//!   pruned at the history's scale and was taken out again.
//! - **Selectivity at depth** (2026-12-02; self-play at 150 ms a move, where the earlier
//!   20,000-node screens stop too shallow to show it; 100 games each):
//!   - checks reduced like the other quiet moves (`rcheck=1`; the child's check extension
//!     still adds its ply back) and late quiet root moves reduced (`rootlmr=1`): 57-41-2,
//!     +56 ± 69 (seed 14);
//!   - the table in quiescence (`qtt=1`), half the late quiet moves where the static score is
//!     not improving (`imp=1`; the static evaluation is kept in the table), futility and
//!     exchange pruning by the depth a move's reduction would leave, late-move pruning at any
//!     depth (`lmrp=1`): 50-46-4, +14 ± 68 alone (seed 11), but half the bench's nodes;
//!   - all five together: 58-36-6, +78 ± 69 (seed 13). The bench signature went from
//!     3,619,027 to 1,663,751 nodes. Against Fairy-Stockfish at 1 s a move they did not show
//!     (3-17-0 over 20 games, within the noise of the 8-32-0 before).
//!   - Singular extensions (`se=6`: the table's move a ply deeper where every other move,
//!     searched half as deep, falls 2 × depth short of its score) stay off: 47-52-1, −17 ± 69
//!     against the search before the five (seed 12), 50-47-3, +10 ± 68 on top of them (seed
//!     16). Without the check extension on top of them (`ext=0`): 47-49-4, −7 ± 68 (seed 15),
//!     so it stays. At 1 s a move against Fairy-Stockfish on the book lines (on top
//!     of the smaller reductions) `se=6` scored 10-38-0 (20.8 %, seed 2071),
//!     where the search without it scored 13-35-0: still off.
//! - **Expected cut nodes and ProbCut** (2026-12-02): late moves reduced 2
//!   plies more at nodes expected to fail high (`cut=2`: a late move's null-window child, the
//!   first child of an expected all node), and ProbCut (`probcut=200`: from 5 plies left, a
//!   capture whose exchange, quiescence and a search 4 plies shallower all beat beta by 200
//!   cuts the node). Self-play at 150 ms a move (100 games each): `cut=2` 55-43-2, +42 ± 69
//!   (seed 21); `probcut=200` on top 53-40-7, +45 ± 67 (seed 22). Against Fairy-Stockfish at
//!   300 ms a move on the same 40 openings (seed 2040): 11-29-0 before, 16-24-0 with `cut=2`.
//!   Measured and left off there: the adaptive null move on top of `cut=2` (`anmp=1`: 16-24-0
//!   too), and a ply more of reduction where the table's move captures (`ttcap=1`, on top
//!   of both: 49-48-3, +3 ± 68, seed 23).
//!   Since 44902f9 (2026-12-02) it is one ply (`cut=1`): against Fairy-Stockfish at
//!   100 ms on three seeds' openings (2042, 2045, 2046; 40 games each) it scored 22-18-0,
//!   17-23-0, 17-23-0 where `cut=2` scored 13-27-0, 13-27-0, 15-25-0; at 1 s on the book
//!   lines `cut=2` scored 6-42-0, `cut=1` 13-35-0. Reverse futility
//!   (`rfp=150 rfpd=6`) stays off: +38 ± 67 in self-play at 180,000 nodes a move (seed 41),
//!   15-25-0 against Fairy-Stockfish at 100 ms (seed 2045; `cut=2` 13-27-0).
//! - **Fairy-Stockfish's selectivity** (2026-12-02; its search reaches
//!   depth 19–20 in 1 s where ours reaches 15, with fewer nodes): history-scaled reductions
//!   (`hlmr=30`) alone 30-29-1, +6 ± 89 in self-play at 300,000 nodes a move (60 games, seed
//!   80); with reverse futility to 8 plies (`rfp=200 rfpd=8`), its null move (`nmpb=4 nmpd=3
//!   nmpm=360`: a larger reduction, tried only well above beta), late captures reduced
//!   (`lmrcap=1`) and continuation-history pruning (`cmp=1`): 32-26-2, +35 ± 89 (seed 81), and
//!   against Fairy-Stockfish at 300 ms 14-26-0 (seed 2040), what the defaults scored there the
//!   day before. Left off.
//! - **Check extension only from 6 plies left** (`extd=6`, as Fairy-Stockfish extends checks
//!   only deeper than 6 plies; 2026-12-03): 28-32-0, −23 ± 90 in
//!   self-play at 300,000 nodes a move (seed 90), and against Fairy-Stockfish at 1 s 4-16-0
//!   on seed 2043, what the defaults scored there in the same hour (the two matches side by
//!   side). Left off: the extension everywhere is not what loses at 1 s.
//! - **Stockfish's aspiration windows** (`gasp=1 aspd=20`; 2026-12-03):
//!   a first window of ± 20, widened by a quarter plus 5 a failure instead of
//!   fourfold, a fail-low pulling beta to the window's middle, a fail-high re-searched a ply
//!   shallower per fail-high in a row. Shogi's scores jump by hundreds between iterations;
//!   the fourfold widening bounced between fail-high and fail-low with wide windows (in one
//!   middlegame depth 16 took 1.95 M nodes, four searches, depth 15 0.53 M in all), and 1 s
//!   searches stopped two plies short. Against Fairy-Stockfish at 1 s on the book lines
//!   without random plies: 5-19-0 and 3-21-0 (seeds 2062, 2064), the defaults 2-22-0 in the
//!   same hour (seed 2063) and 1-11-0 earlier; self-play at 300 ms 35-29-3,
//!   +31 ± 85 (stopped after 67 games). On by default since.
//! - **Quiet checks in quiescence** (`qchk=1`: at its first ply quiescence also tries the
//!   checks, drops included, that keep the checking piece, as Fairy-Stockfish's does;
//!   2026-12-03): it sees a drop mate just past the horizon (the test
//!   `quiescence_with_checks_sees_a_drop_mate_beyond_the_horizon`) at 78 % more nodes over
//!   the bench (1,613,736). Self-play at 150 ms a move 31-27-2, +23 ± 89 (60 games, seed
//!   3001); against Fairy-Stockfish at 1 s on the book lines without random plies 1-12-0 when
//!   stopped after 13 games (the defaults 1-11-0 there). Left off.
//! - **Futility at depth** (2026-12-04): with `lmrp=1` futility
//!   judges a late quiet move by the depth its reduction would leave, so it prunes at nodes
//!   of any depth. Judged by the node's depth instead (`futnode=1`) our depth 12 beat
//!   Fairy-Stockfish's 14-10-0 where the defaults lost 8-15-0 (same openings), at 1.7 times
//!   the nodes to depth 14; exchange pruning judged by the node's depth (`seenode=1`) changed
//!   nothing (8-16-0). The cheaper form, futility only within five plies of the horizon
//!   (`futd=5`, 1.3 times the nodes), scored 6-33-0 at 1 s (stopped after 39; the defaults
//!   11-37-0 on those openings earlier). Left off: at 1 s the plies it costs are
//!   worth more than what it sees.
//! - **Cheaper pruning at depth**: futility's margin grown per
//!   ply the reduction takes off (`futgrow=50`) 6-18-0 at 1 s on the book lines' first 24
//!   openings, the history moving the depth pruning judges by (`hdepth=4`) 5-19-0, reverse
//!   futility to 8 plies (`rfp=150 rfpd=8`, 43 % fewer nodes to depth 14) 6-18-0, and with
//!   futility by the node's depth (`rfp=100 rfpd=8 futnode=1`) 5-19-0, where the defaults
//!   scored 7-17-0 the same evening. Left off: none is a gain 24 games can show.
//! - **Checks as Fairy-Stockfish treats them** (on the book file of
//!   48 balanced openings, `benches/shogi-book.txt`, where the defaults scored 13-27-0 at 1 s):
//!   late quiet checks pruned like other late quiet moves (`lmpchk=1`, 26 % fewer nodes to
//!   depth 12) 1-11-0 when stopped after 12, and with checks extended only from 6 plies left
//!   (`extd=6`, 40 % fewer) 0-15-0 after 15 (the defaults 4-8-0 and 5-10-0 on those games).
//!   Quiescence's limits (`qmc`, `qfut`) barely move the nodes: it already tries few captures.
//! - **Staged generation** (`stage=1`, on since 84eae1b): a full-width node
//!   generates its noisy moves first (captures and the valuable promotions, from the board
//!   moves alone: [`Generate::NoisyStage`]), then tries the killers, and generates the rest
//!   (the drops above all) only if none of those cut off. Over the bench, 94 % of the cut-offs
//!   at nodes that generated came from a noisy move or a killer, each such node having scored
//!   about 78 moves. Bench time 1.55 s → 1.19 s (nodes 1,281,200 → 1,063,392: the quiet moves
//!   are now scored by histories the captures' subtrees have updated), time to depth 14 over
//!   eleven middlegames 44.7 s → 40.6 s on the same nodes. Self-play at 200 ms a move
//!   33-28-3 (+27 ± 85), at depth 8 41-50-5 (−33 ± 69: no worse a search per ply); at 1 s
//!   against Fairy-Stockfish on the book 7-33-0 (the defaults 13-27-0 and 8-26-0 after 34
//!   there; again beside the search without it, the same hour: 4-23-0 after 27 games,
//!   without 5-24-0 after 29): the few percent it saves at 1 s are below what 40 games
//!   show. Jungle's 40-move lists gain nothing (its bench 13 % slower with it), so it stays
//!   off there.
//! - **The table's score in the pruning** (`tteval=1`, Stockfish's: reverse futility, the null
//!   move and futility judge by the table's score where its bound says the truth lies beyond
//!   the static score): 22 % fewer nodes to depth 14 over those middlegames (30.1 M → 23.5 M)
//!   and the bench 814,261 nodes, but self-play on top of staged generation 29-33-2 at 200 ms
//!   (−22 ± 86) and 43-49-4 at depth 8 (−22 ± 69). Off.
//! - **Deeper continuation rows and Stockfish's history updates** (against
//!   FSF on the book file): the rows after the moves four and six plies before
//!   (`crows=4`) 53-43-0 at 100 ms (96 games; the defaults 38-58-0 and 48-48-0 there) and
//!   2-20-0 at 1 s when stopped after 22 (the defaults beside it 8-17-0 after 25); rewards
//!   beside the cut-offs, for a quiet best move of a PV node and for the opponent's move
//!   before a node that failed low, a penalty for its early move that a cut-off refutes
//!   (`prior=1`) 44-52-0 at 100 ms, 5-18-0 at 1 s when stopped after 23 (the defaults 7-16-0 on
//!   those games); counter-moves 39-57-0 at 100 ms (taken out). Off (docs/shogi-engine.md).
//! - **Reductions tuned together**: the reductions in hundredths
//!   of a ply (`cutc`, `pvr`, `hred` scaling them by a quiet move's history) and the
//!   histories' rewards (`hbon`, `cbon`) tuned with seven others by SPSA in self-play at
//!   30,000 nodes a move (496 iterations, 1,984 games; `tools/spsa.py`): the tuned point
//!   searched half the bench's nodes and scored 40-56-0 against FSF at 100 ms on the book
//!   file where the defaults scored 47-49-0 beside it. Not kept (docs/shogi-engine.md).
//! - **Tuned against FSF itself**: the logarithmic reduction
//!   now counts in hundredths too (it was rounded down before the other parts were added;
//!   the same trees at the defaults), with `lmro` (hundredths added to every reduction) and
//!   `lmrupd` (Stockfish's continuation update after a re-searched reduced move) beside the
//!   null move's `nmpb`, `nmpd` and the check extension's `extd`. SPSA with FSF in the loop,
//!   fifteen parameters, 303 iterations (1,212 games at 40,000 nodes a move against FSF's
//!   20,000): none moved past its noise. The defaults stay.
//! - The **evaluation cache** ([`SearchGame::CACHE_EVALUATION`]) changes no node and saves
//!   about 7 % of the time over the bench.
//! - The **mate-threat extension** (`mte=1`: a ply more where the null move shows a mate
//!   threat) stays off: 46-54-0, −28 ± 69 at 20,000 nodes a move (100 games); against
//!   Fairy-Stockfish at 1 s 10-30-0 where the defaults scored 15-25-0 on the same openings.
//! - **Repetitions** (sennichite) from the real game history: a draw, unless one side checked
//!   with every move of the cycle, who then loses (perpetual check). The first repetition in
//!   the tree already scores, as chess engines do: a line that can repeat can be repeated.
//! - **Move limit**: the ruleset's, counted in plies played (the position's move number).

use super::eval::{EvalParams, Evaluator};
use super::tactics::{mate_in_one, mate_within_three, static_exchange};
use crate::moves::MAX_MOVES;
use crate::piece::KIND_COUNT;
use crate::position::CheckInfo;
use crate::square::SQUARE_COUNT;
use crate::{Game, Move, MoveList, PieceKind, Position, Ruleset, Side, Square};
use engine::{
    Ending, Generate, LevelSettings, Limits, MoveNature, Order, PathEntry, Playable, Repetition,
    Scored, SearchGame, SearchMove, SearchOptions, SearchRequest, Verdict,
};

/// Captures rank above the major pieces' promotions.
const CAPTURE_RANK: i32 = 1 << 20;
/// Quiescence skips a capture that cannot lift the score to alpha even with this much more than
/// the victim's worth.
const DELTA_MARGIN: i32 = 200;
/// Captures that lose material in the exchange go after every quiet move.
const LOSING_CAPTURE_BIAS: i32 = -(1 << 20);
/// What taking a king is worth to the exchange evaluation (it never happens: more than all).
const KING_WORTH: i32 = 100_000;
/// History slots: the landing kind (14 board kinds, then 7 dropped kinds) by square.
const HISTORY_SLOTS: usize = (14 + 7) * SQUARE_COUNT;

/// The bench positions (`shogi bench`): the start, openings, middle games and endgames with
/// pieces in hand (from self-play and Fairy-Stockfish's play). Their node count at the bench
/// depth is the regression signature.
pub const BENCH_POSITIONS: &[&str] = &[
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "ln1gkg1n1/1r1s1s1b1/p1ppp2pl/5pp1p/1p7/2P1P1PP1/PP1PBPN1P/L1R6/1NSGKGS1L b - 21",
    "lns3snl/4gkg2/p1ppppbpp/1r4p2/1p7/7R1/PPPPPPP1P/1B2GS2L/LNS1KG1N1 b P 21",
    "ln3ksnl/3rg4/ppp1gp1pp/2s1p1p2/2Sp5/P1P1PPP2/1PG1Sb1PP/1R7/LNK1G2NL b PB 41",
    "ln1g1g1n1/3sks3/p1ppp2pl/5bp1p/1r1P1N1P1/1pP1P1P2/PP1S1P2P/L4B3/1NRGKGS1L b P 41",
    "+P2g1g1n1/3sks3/p1ppp2pl/6p1p/5N1P1/2P1P1P2/P+p2BPb1P/L3G4/1r+s1KGS1L b RNLn2p 61",
    "ll1g1g1nl/2ss1k3/p2p1p1pp/1+Rp6/3Nb1p2/2PP1S3/+bP2SPPPP/3K3R1/3G1G1NL b 2Pn2p 61",
    "l8/1+R3sk1l/p1p1+Sp1pp/9/1p5Pb/P2PP4/BPP1lP3/5G3/LN2KG1+r1 b 2GSN2Ps2n3p 81",
    "l2g3nl/3s1k3/p1bp1p1gp/9/1+r4S2/3P5/2+l1SPPPP/7R1/5GKNL b BS5Pg2n4p 101",
    "l8/2pkg1+L2/pBspnpn+B+S/3n5/4+r4/9/2+l3PPP/6GK1/7NL b G8Prg2s3p 161",
];

/// Opening lines for matches (USI moves from the start): the common first moves of
/// professional play — static rook against static rook, ranging rook, bishop exchange, double
/// wing attack, yagura — so that pairs of games start from varied, balanced positions.
pub const OPENING_LINES: &[&str] = &[
    "7g7f 3c3d 2g2f 8c8d",
    "7g7f 8c8d 7i6h 3c3d 6h7g",
    "2g2f 8c8d 2f2e 8d8e 6i7h 4a3b",
    "7g7f 3c3d 8h2b+ 3a2b",
    "2g2f 3c3d 7g7f 4c4d",
    "7g7f 3c3d 6g6f 8c8d",
    "7g7f 3c3d 2g2f 4c4d 4i5h",
    "2g2f 8c8d 7g7f 8d8e 8h7g 3c3d",
    "7g7f 3c3d 7f7e",
    "5g5f 3c3d 7g7f 8c8d",
    "7g7f 8c8d 2g2f 8d8e 8h7g 3c3d 7i8h",
    "2g2f 3c3d 7g7f 3d3e",
];

/// Shogi for the search: its evaluation and the rules the position does not carry.
#[derive(Clone)]
pub struct Shogi {
    evaluator: Evaluator,
    rules: Ruleset,
    /// What capturing each kind brings: its value on the board and in the capturer's hand.
    worth: [i32; KIND_COUNT],
}

impl Shogi {
    /// The evaluation in use.
    pub fn evaluator(&self) -> &Evaluator {
        &self.evaluator
    }

    /// What capturing each kind brings (the exchange evaluation's values).
    pub fn worth(&self) -> [i32; KIND_COUNT] {
        self.worth
    }

    /// What capturing `victim` is worth to the capturer: the piece leaves the board and joins
    /// its hand.
    #[inline(always)]
    fn capture_worth(&self, victim: PieceKind) -> i32 {
        self.worth[victim.index()]
    }

    /// The nature of the legal move `m` for the search (`info`: the position's check
    /// information); `None` for a capture the exchange loses when only noisy moves are wanted
    /// (quiescence leaves those out).
    #[inline(always)]
    fn nature_with(
        &self,
        pos: &Position,
        m: Move,
        info: &CheckInfo,
        noisy_only: bool,
    ) -> Option<MoveNature> {
        // Quiescence never asks whether a capture checks: the test is left out there.
        let forcing = !noisy_only && pos.gives_check_with(m, info);
        // A quiet move, a drop among them, is ordered by its history alone.
        let quiet = MoveNature {
            order: Order::Quiet(0),
            capture: false,
            forcing,
        };
        let nature = match m.from() {
            Some(from) => {
                let moving = pos.piece_at(from).map_or(PieceKind::King, |p| p.kind);
                let promotion = if m.promotes() {
                    self.promotion_worth(moving)
                } else {
                    0
                };
                match pos.piece_at(m.to()) {
                    Some(victim) => {
                        // A capture the exchange loses waits behind the quiet moves, and
                        // quiescence leaves it out.
                        let gain = self.capture_worth(victim.kind) + promotion;
                        let losing = self.capture_worth(moving) > gain
                            && static_exchange(pos, m, &self.worth) < 0;
                        if losing && noisy_only {
                            return None;
                        }
                        MoveNature {
                            order: if losing {
                                Order::Quiet(LOSING_CAPTURE_BIAS)
                            } else {
                                Order::Noisy(
                                    CAPTURE_RANK + gain * 16
                                        - self.evaluator.board_value(moving) / 64,
                                )
                            },
                            capture: true,
                            forcing,
                        }
                    }
                    None if noisy_only => return self.quiescence_check(pos, m, promotion),
                    None if promotion > 200 => MoveNature {
                        order: Order::Noisy(promotion),
                        capture: false,
                        forcing,
                    },
                    None => quiet,
                }
            }
            None if noisy_only => return self.quiescence_check(pos, m, 0),
            None => quiet,
        };
        Some(nature)
    }

    /// A quiet move in quiescence, which is there as a check (asked for by
    /// [`Generate::Noisy`]'s `checks`): after the captures, or left out where the exchange on
    /// its square loses the checking piece.
    #[inline(always)]
    fn quiescence_check(&self, pos: &Position, m: Move, promotion: i32) -> Option<MoveNature> {
        if static_exchange(pos, m, &self.worth) < 0 {
            return None;
        }
        Some(MoveNature {
            order: Order::Noisy(promotion.max(0)),
            capture: false,
            forcing: true,
        })
    }

    /// What promoting `kind` adds.
    #[inline(always)]
    fn promotion_worth(&self, kind: PieceKind) -> i32 {
        self.evaluator.board_value(kind.promoted()) - self.evaluator.board_value(kind)
    }
}

impl SearchMove for Move {
    // From a square to itself: never legal, and no code reads back as it.
    const PLACEHOLDER: Move = match Square::new(0) {
        Some(sq) => Move::board(sq, sq, false),
        None => panic!("square 0 exists"),
    };

    #[inline(always)]
    fn code(self) -> u16 {
        Move::code(self)
    }

    #[inline]
    fn from_code(code: u16) -> Option<Move> {
        Move::from_code(code)
    }
}

impl SearchGame for Shogi {
    type Position = Position;
    type Move = Move;
    type MoveBuffer = [Scored<Move>; MAX_MOVES];
    type Params = EvalParams;
    type Rules = Ruleset;

    const HISTORY_SIZE: usize = HISTORY_SLOTS;
    const CACHE_EVALUATION: bool = true;

    fn new(params: EvalParams) -> Shogi {
        let evaluator = Evaluator::new(params);
        let worth = PieceKind::ALL.map(|kind| {
            if kind == PieceKind::King {
                KING_WORTH
            } else {
                evaluator.board_value(kind) + evaluator.hand_value(kind.unpromoted())
            }
        });
        Shogi {
            evaluator,
            rules: Ruleset::default(),
            worth,
        }
    }

    fn default_options() -> SearchOptions {
        SearchOptions {
            futility: 150,
            late_move_pruning: true,
            exchange_pruning: 100,
            log_reductions: true,
            reduction_divisor: 200,
            pruning_depth: 5,
            forcing_when_futile: true,
            staged_generation: true,
            quiescence_table: true,
            improving: true,
            reduced_depth_pruning: true,
            reduce_forcing: true,
            root_reductions: true,
            cut_node_reduction: 100,
            probcut: 200,
            continuation_history: 16,
            aspiration_delta: 20,
            gentle_aspiration: true,
            ..SearchOptions::default()
        }
    }

    #[inline]
    fn exchange(&self, pos: &Position, m: Move) -> i32 {
        static_exchange(pos, m, &self.worth)
    }

    fn set_rules(&mut self, rules: Ruleset) {
        self.rules = rules;
    }

    fn set_weight(params: &mut EvalParams, name: &str, value: i32) -> Result<(), String> {
        params.set(name, value)
    }

    fn weights(params: &EvalParams) -> Vec<(String, i32)> {
        params.weights()
    }

    fn level(level: u8) -> LevelSettings {
        // Measured (README, "Shogi engine"): each level scores 90–98 % against the one below.
        LevelSettings::from_ladder(
            level,
            [
                (Limits::depth(1), 300, 20),
                (Limits::depth(2), 120, 5),
                (Limits::nodes(3_000), 50, 0),
                (Limits::nodes(30_000), 20, 0),
                (Limits::nodes(1_000_000), 0, 0),
            ],
        )
    }

    #[inline]
    fn evaluate(&self, pos: &Position) -> i32 {
        self.evaluator.evaluate(pos)
    }

    #[inline(always)]
    fn hash(pos: &Position) -> u64 {
        pos.hash()
    }

    #[inline(always)]
    fn side_to_move(pos: &Position) -> usize {
        pos.side_to_move().index()
    }

    #[inline(always)]
    fn after(pos: &Position, m: Move) -> Position {
        pos.after(m)
    }

    #[inline(always)]
    fn passed(pos: &Position) -> Position {
        pos.passed()
    }

    fn legal_moves(pos: &Position) -> Vec<Move> {
        pos.legal_moves().to_vec()
    }

    #[inline]
    fn is_legal(pos: &Position, m: Move) -> bool {
        pos.is_legal(m)
    }

    #[inline(always)]
    fn generate(&self, pos: &Position, kind: Generate, mut visit: impl FnMut(Move, MoveNature)) {
        let mut list = MoveList::new();
        match kind {
            Generate::All | Generate::Evasions => pos.generate_legal(&mut list),
            // Drops are never noisy: the board moves alone.
            Generate::NoisyStage => pos.generate_board_moves(&mut list),
            Generate::Noisy { checks: false, .. } => pos.generate_captures(&mut list),
            Generate::Noisy { checks: true, .. } | Generate::Forcing => {
                pos.generate_captures(&mut list);
                let mut checks = MoveList::new();
                pos.generate_checks(&mut checks);
                // The capturing checks are among the captures already.
                for &m in checks.iter() {
                    if pos.piece_at(m.to()).is_none() {
                        list.push(m);
                    }
                }
            }
        }
        let noisy_only = matches!(kind, Generate::Noisy { .. });
        let info = pos.check_info();
        let noisy_stage = kind == Generate::NoisyStage;
        for &m in list.iter() {
            // Only captures and promotions can be noisy.
            if noisy_stage && !m.promotes() && pos.piece_at(m.to()).is_none() {
                continue;
            }
            if let Some(nature) = self.nature_with(pos, m, &info, noisy_only) {
                visit(m, nature);
            }
        }
    }

    #[inline]
    fn nature(&self, pos: &Position, m: Move) -> Option<MoveNature> {
        self.nature_with(pos, m, &pos.check_info(), false)
    }

    #[inline]
    fn max_gain(&self, pos: &Position, m: Move) -> Option<i32> {
        let from = m.from()?;
        let victim = pos.piece_at(m.to())?;
        let promotion = if m.promotes() {
            pos.piece_at(from)
                .map_or(0, |p| self.promotion_worth(p.kind))
        } else {
            0
        };
        Some(self.capture_worth(victim.kind) + promotion + DELTA_MARGIN)
    }

    #[inline(always)]
    fn history_index(pos: &Position, m: Move) -> usize {
        let slot = match m.from() {
            Some(from) => {
                let kind = pos.piece_at(from).map_or(PieceKind::King, |p| p.kind);
                if m.promotes() {
                    kind.promoted().index()
                } else {
                    kind.index()
                }
            }
            None => 14 + m.dropped().map_or(0, PieceKind::index),
        };
        slot * SQUARE_COUNT + m.to().index()
    }

    #[inline]
    fn verdict(&self, pos: &Position) -> Verdict {
        if pos.in_check() {
            return Verdict::Threatened { lost_in: 0 };
        }
        if self.rules.impasse && pos.impasse_declaration().is_ok() {
            return Verdict::Win(1);
        }
        Verdict::Open
    }

    #[inline]
    fn mate_check(&self, pos: &Position, depth: i32) -> Option<(Move, i32)> {
        let params = self.evaluator.params();
        if params.mate3_depth > 0 && depth >= params.mate3_depth {
            mate_within_three(pos)
        } else if depth >= 1 - params.quiescence_mate1 {
            mate_in_one(pos).map(|m| (m, 1))
        } else {
            None
        }
    }

    #[inline(always)]
    fn null_move_allowed(_pos: &Position) -> bool {
        // Zugzwang is rare in shogi: a hand piece can almost always be dropped.
        true
    }

    #[inline(always)]
    fn reversible_plies(_pos: &Position) -> usize {
        // Drops bring pieces back: any earlier position may recur.
        usize::MAX
    }

    #[inline(always)]
    fn draw_count(pos: &Position) -> u32 {
        pos.move_number().saturating_sub(1)
    }

    fn default_draw_limit() -> Option<u32> {
        Ruleset::default().max_plies
    }

    fn repetition(&self, pos: &Position, cycle: &[PathEntry]) -> Repetition {
        // cycle[0] has our side to move, as `pos` does; our moves led to the odd entries
        // (checks on them when those are threatened), theirs to the even ones after the
        // first and to `pos`.
        let we_checked = cycle.iter().skip(1).step_by(2).all(|e| e.threatened);
        let they_checked = pos.in_check() && cycle.iter().skip(2).step_by(2).all(|e| e.threatened);
        match (we_checked, they_checked) {
            (true, false) => Repetition::Loss,
            (false, true) => Repetition::Win,
            _ => Repetition::Draw,
        }
    }
}

impl Playable for Game {
    type Search = Shogi;
    type Rules = Ruleset;

    fn start(rules: Ruleset) -> Game {
        Game::new(rules)
    }

    fn current(&self) -> &Position {
        self.position()
    }

    fn allowed_moves(&self) -> Vec<Move> {
        self.legal_moves().to_vec()
    }

    fn play_move(&mut self, m: Move) -> Result<(), String> {
        self.play(m).map_err(|e| e.to_string())
    }

    fn moves_played(&self) -> &[Move] {
        self.moves()
    }

    fn ending(&self) -> Option<Ending> {
        self.outcome().map(|o| Ending {
            winner: o.winner().map(Side::index),
            reason: o.reason_code(),
        })
    }

    fn side_name(side: usize) -> &'static str {
        ["sente", "gote"][side & 1]
    }

    /// Every earlier position of the game (any may recur), its legal moves and rules.
    fn search_request(&self, limits: Limits) -> SearchRequest<Shogi> {
        let positions = self.positions();
        SearchRequest {
            position: *self.position(),
            history: positions[..positions.len() - 1]
                .iter()
                .map(|p| PathEntry {
                    key: p.hash(),
                    threatened: p.in_check(),
                })
                .collect(),
            root_moves: self.legal_moves().to_vec(),
            draw_limit: self.rules().max_plies,
            rules: *self.rules(),
            limits,
        }
    }

    fn claim_win(&mut self) -> bool {
        self.declare_impasse().is_ok()
    }
}
