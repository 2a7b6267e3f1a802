//! A tsume (mate) solver: depth-first proof-number search (df-pn) over checks and evasions.
//!
//! The attacker (the side to move at the root) plays only checks; the defender plays every
//! legal reply. A defender without a legal reply is mated; an attacker without a check has
//! failed. The rules layer's legal moves already exclude uchifuzume (a mating pawn drop), so
//! no solution contains one.
//!
//! Each node is keyed by its position *and the plies left*, so a bound "mate within N plies" is
//! exact and the search graph has no cycles (the plies left fall by one each move): no
//! graph-history problems, at the price of searching a position once per depth it appears at.
//! The solver deepens the bound 1, 3, 5, … so the mate it returns is a shortest one, and reads
//! the line with the defender choosing the longest resistance. Used by the CLI (`shogi mate`),
//! the tutorial's tsume (every solution proven unique: [`prove_tsume`]) and analysis.
//!
//! Search is bounded by a node budget; when it runs out the answer is [`MateResult::Unknown`],
//! never a wrong "no mate".

use crate::{Move, MoveList, Position};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};

/// The table's keys are Zobrist hashes, already uniformly random: hashing them again (as the
/// default SipHash does) only costs time.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

type Table = HashMap<u64, (Number, Number), BuildHasherDefault<KeyHasher>>;

/// A proof or disproof number; `INFINITE` means proven (pn = 0 ↔ dn = ∞) or disproven.
type Number = u32;
const INFINITE: Number = u32::MAX / 2;

/// What the solver found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MateResult {
    /// A shortest mate: the attacker's and defender's moves, the mating move last.
    Mate(Vec<Move>),
    /// No mate within the bound (the whole tree was searched).
    NoMate,
    /// The node budget ran out before an answer.
    Unknown,
}

/// Keys of the plies left, mixed into the position's hash (so the same position at another
/// depth is another node).
fn depth_key(remaining: u32) -> u64 {
    let mut z = (remaining as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The proof-number search's state: the table of (pn, dn) per node, the node count, and what
/// stops it (the budget, a flag set from elsewhere).
struct Solver<'a> {
    table: Table,
    nodes: u64,
    budget: u64,
    stop: Option<&'a AtomicBool>,
}

impl<'a> Solver<'a> {
    fn new(budget: u64, stop: Option<&'a AtomicBool>) -> Solver<'a> {
        Solver {
            table: Table::default(),
            nodes: 0,
            budget,
            stop,
        }
    }

    fn out_of_budget(&self) -> bool {
        self.nodes >= self.budget || self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// The children of a node: checks for the attacker, every legal move for the defender.
    fn children(position: &Position, attacker: bool) -> MoveList {
        let mut list = MoveList::new();
        if attacker {
            position.generate_checks(&mut list);
        } else {
            position.generate_legal(&mut list);
        }
        list
    }

    /// The stored numbers of a node, or (1, 1) for a node not searched yet.
    fn numbers(&self, position: &Position, remaining: u32) -> (Number, Number) {
        let key = position.hash() ^ depth_key(remaining);
        self.table.get(&key).copied().unwrap_or((1, 1))
    }

    fn store(&mut self, position: &Position, remaining: u32, numbers: (Number, Number)) {
        self.table
            .insert(position.hash() ^ depth_key(remaining), numbers);
    }

    /// Searches the node until its numbers reach a threshold (Nagai's MID).
    fn search(
        &mut self,
        position: &Position,
        remaining: u32,
        attacker: bool,
        threshold: (Number, Number),
    ) -> (Number, Number) {
        self.nodes += 1;
        let children = Solver::children(position, attacker);
        // A defender without a reply is mated; an attacker without a check has failed, and so
        // has one whose plies ran out before the mate.
        let settled = match (attacker, children.is_empty(), remaining == 0) {
            (false, true, _) => Some((0, INFINITE)),
            (true, true, _) | (_, false, true) => Some((INFINITE, 0)),
            _ => None,
        };
        if let Some(numbers) = settled {
            self.store(position, remaining, numbers);
            return numbers;
        }
        let next: Vec<Position> = children.iter().map(|&m| position.after(m)).collect();
        loop {
            // This node's numbers from its children's, with the best and second-best child.
            let mut best = 0;
            let mut best_value = INFINITE + 1;
            let mut second_value = INFINITE;
            let mut sum: u64 = 0;
            let mut best_other = 0; // the chosen child's other number
            for (i, child) in next.iter().enumerate() {
                let (pn, dn) = self.numbers(child, remaining - 1);
                // OR node: minimise pn, sum dn. AND node: minimise dn, sum pn.
                let (minimised, summed) = if attacker { (pn, dn) } else { (dn, pn) };
                sum += summed as u64;
                if minimised < best_value {
                    second_value = best_value;
                    best_value = minimised;
                    best = i;
                    best_other = summed;
                } else if minimised < second_value {
                    second_value = minimised;
                }
            }
            let sum = sum.min(INFINITE as u64) as Number;
            let best_value = best_value.min(INFINITE);
            let numbers = if attacker {
                (best_value, sum)
            } else {
                (sum, best_value)
            };
            if numbers.0 >= threshold.0 || numbers.1 >= threshold.1 || self.out_of_budget() {
                self.store(position, remaining, numbers);
                return numbers;
            }
            // The chosen child's thresholds: stay below the second best on the minimised
            // number, and within what the others leave on the summed one.
            let second = second_value.min(INFINITE);
            let child_threshold = if attacker {
                (
                    threshold.0.min(second.saturating_add(1)),
                    (threshold.1 - sum).saturating_add(best_other),
                )
            } else {
                (
                    (threshold.0 - sum).saturating_add(best_other),
                    threshold.1.min(second.saturating_add(1)),
                )
            };
            self.search(&next[best], remaining - 1, !attacker, child_threshold);
        }
    }

    /// Whether the attacker (to move) mates within `plies` (odd): `Some(true/false)`, or
    /// `None` when the budget ran out.
    fn proves(&mut self, position: &Position, plies: u32) -> Option<bool> {
        let (pn, dn) = self.search(position, plies, true, (INFINITE - 1, INFINITE - 1));
        if pn == 0 {
            Some(true)
        } else if dn == 0 {
            Some(false)
        } else {
            None
        }
    }

    /// Whether the defender (to move) is mated within `plies` (even) whatever it plays.
    fn defender_loses(&mut self, position: &Position, plies: u32) -> Option<bool> {
        let (pn, dn) = self.search(position, plies, false, (INFINITE - 1, INFINITE - 1));
        if pn == 0 {
            Some(true)
        } else if dn == 0 {
            Some(false)
        } else {
            None
        }
    }

    /// The shortest mate length (odd plies) of an attacker node within `max_plies`.
    fn mate_length(&mut self, position: &Position, max_plies: u32) -> Result<Option<u32>, ()> {
        let mut plies = 1;
        while plies <= max_plies {
            match self.proves(position, plies) {
                Some(true) => return Ok(Some(plies)),
                Some(false) => {}
                None => return Err(()),
            }
            plies += 2;
        }
        Ok(None)
    }

    /// The shortest mate length (even plies, 0 when already mated) of a defender node.
    fn defended_length(&mut self, position: &Position, max_plies: u32) -> Result<Option<u32>, ()> {
        if position.legal_move_count() == 0 && position.in_check() {
            return Ok(Some(0));
        }
        let mut plies = 2;
        while plies <= max_plies {
            match self.defender_loses(position, plies) {
                Some(true) => return Ok(Some(plies)),
                Some(false) => {}
                None => return Err(()),
            }
            plies += 2;
        }
        Ok(None)
    }

    /// Reads a shortest mating line of `length` plies from an attacker node: the attacker's
    /// quickest mate, the defender's longest resistance.
    fn line(&mut self, position: &Position, length: u32) -> Result<Vec<Move>, ()> {
        let mut line = Vec::new();
        let mut position = *position;
        let mut left = length;
        while left > 0 {
            // Attacker: a check after which the defender is mated within left - 1.
            let mut chosen = None;
            for &m in Solver::children(&position, true).iter() {
                let after = position.after(m);
                if self.defended_length(&after, left - 1)?.is_some() {
                    chosen = Some((m, after));
                    break;
                }
            }
            let (m, after) = chosen.ok_or(())?;
            line.push(m);
            position = after;
            left -= 1;
            if left == 0 {
                break;
            }
            // Defender: the reply that lasts longest.
            let mut longest: Option<(u32, Move, Position)> = None;
            for &reply in position.legal_moves().iter() {
                let after = position.after(reply);
                let n = self.mate_length(&after, left - 1)?.ok_or(())?;
                if longest.as_ref().is_none_or(|(best, _, _)| n > *best) {
                    longest = Some((n, reply, after));
                }
            }
            let (n, reply, after) = longest.ok_or(())?;
            line.push(reply);
            position = after;
            left = n;
        }
        Ok(line)
    }
}

/// Finds a shortest mate for the side to move within `max_plies` plies (a mate in 3 is 3
/// plies), spending at most about `node_budget` nodes.
pub fn solve(position: &Position, max_plies: u32, node_budget: u64) -> MateResult {
    solve_until(position, max_plies, node_budget, None)
}

/// [`solve`] that also ends, with [`MateResult::Unknown`], when `stop` is set (a protocol's
/// `stop`, a time limit kept by the caller).
pub fn solve_until(
    position: &Position,
    max_plies: u32,
    node_budget: u64,
    stop: Option<&AtomicBool>,
) -> MateResult {
    let mut solver = Solver::new(node_budget, stop);
    match solver.mate_length(position, max_plies) {
        Err(()) => MateResult::Unknown,
        Ok(None) => MateResult::NoMate,
        Ok(Some(length)) => match solver.line(position, length) {
            Ok(line) => MateResult::Mate(line),
            Err(()) => MateResult::Unknown,
        },
    }
}

/// Every first move that mates within `plies` plies (for proving a tsume's solution unique);
/// `None` when the node budget ran out.
pub fn mating_moves(position: &Position, plies: u32, node_budget: u64) -> Option<Vec<Move>> {
    if plies == 0 {
        return Some(Vec::new());
    }
    Solver::new(node_budget, None)
        .mating_checks(position, plies)
        .ok()
}

/// A tsume whose solution [`prove_tsume`] proved sound and unique.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct TsumeProof {
    /// The mate's length in plies (a mate in 3 is 3).
    pub plies: u32,
    /// The attacker nodes proven to have exactly one mating move: the main line's and those
    /// after every other longest defence.
    pub attacker_nodes: u32,
    /// The nodes the proof searched, all its searches together.
    pub nodes: u64,
}

/// Why a line is not a sound tsume solution; `ply` counts the line's moves from 0.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TsumeFlaw {
    /// The line is empty or ends with the defender's move (its length is even).
    Shape,
    /// The position is not a tsume: the attacker (to move) is in check.
    AttackerInCheck,
    /// The move at `ply` is not legal there.
    Illegal {
        /// Its index in the line.
        ply: usize,
    },
    /// The position has a shorter mate than the line: in this many plies.
    Shorter(u32),
    /// The attacker's move at `ply` gives no check (every attacker move of a tsume must).
    NotCheck {
        /// Its index in the line.
        ply: usize,
    },
    /// The attacker's move at `ply` does not mate within the plies left.
    NotMating {
        /// Its index in the line.
        ply: usize,
    },
    /// The defender's reply at `ply` is not a longest defence: the attacker mates sooner.
    ShortDefence {
        /// Its index in the line.
        ply: usize,
    },
    /// Several attacker moves mate within the plies left (余詰, a cook), at the node reached
    /// by `path` from the start (the main line's or another longest defence's).
    Cook {
        /// The moves from the start to the node.
        path: Vec<Move>,
        /// Every move that mates there within the plies left (two or more).
        mating: Vec<Move>,
    },
    /// The node budget ran out before the proof was complete.
    Unknown,
}

impl std::fmt::Display for TsumeFlaw {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let moves = |list: &[Move]| {
            let texts: Vec<String> = list.iter().map(|m| m.to_string()).collect();
            texts.join(" ")
        };
        let ply = |ply: usize| ply + 1;
        match self {
            TsumeFlaw::Shape => f.write_str("the line must end with the attacker's move"),
            TsumeFlaw::AttackerInCheck => f.write_str("the attacker is in check"),
            TsumeFlaw::Illegal { ply: p } => write!(f, "move {} is illegal", ply(*p)),
            TsumeFlaw::Shorter(1) => f.write_str("there is a shorter mate, in 1 ply"),
            TsumeFlaw::Shorter(plies) => write!(f, "there is a shorter mate, in {plies} plies"),
            TsumeFlaw::NotCheck { ply: p } => write!(f, "move {} gives no check", ply(*p)),
            TsumeFlaw::NotMating { ply: p } => {
                write!(f, "move {} does not mate in the plies left", ply(*p))
            }
            TsumeFlaw::ShortDefence { ply: p } => {
                write!(f, "reply {} is not a longest defence", ply(*p))
            }
            TsumeFlaw::Cook { path, mating } if path.is_empty() => {
                write!(f, "several first moves mate: {}", moves(mating))
            }
            TsumeFlaw::Cook { path, mating } => write!(
                f,
                "after {} several moves mate: {}",
                moves(path),
                moves(mating)
            ),
            TsumeFlaw::Unknown => f.write_str("the node budget ran out"),
        }
    }
}

/// Proves `line` the unique solution of the tsume `position` (the attacker to move), under
/// the conventions of `docs/puzzles.md`:
///
/// - the line is legal, every attacker move checks, and it ends in mate (the rules layer
///   forbids a mating pawn drop, so none can be part of it);
/// - the position has no shorter mate: the line's length is the shortest forced mate against
///   every defence the rules allow (interpositions included);
/// - every reply of the line is a longest defence (the mate after it takes all the plies left);
/// - uniqueness: at every attacker node of the solution tree exactly **one** move mates within
///   the plies left, the last move included (a promotion and its non-promotion are two
///   moves). The tree follows the line and, wherever the defender has other longest defences,
///   those too, so the solution stays unique whichever of them the defender picks.
///
/// All searches share one table and `node_budget`.
pub fn prove_tsume(
    position: &Position,
    line: &[Move],
    node_budget: u64,
) -> Result<TsumeProof, TsumeFlaw> {
    if line.len().is_multiple_of(2) {
        return Err(TsumeFlaw::Shape);
    }
    if position.in_check() {
        return Err(TsumeFlaw::AttackerInCheck);
    }
    let plies = line.len() as u32;
    let mut solver = Solver::new(node_budget, None);
    let unknown = |()| TsumeFlaw::Unknown;
    match solver.mate_length(position, plies).map_err(unknown)? {
        Some(shortest) if shortest < plies => return Err(TsumeFlaw::Shorter(shortest)),
        Some(_) => {}
        None => return Err(TsumeFlaw::NotMating { ply: 0 }),
    }
    // The line itself: legal, each attacker move mating in time, each reply a longest defence.
    let mut now = *position;
    for (ply, &m) in line.iter().enumerate() {
        if !now.is_legal(m) {
            return Err(TsumeFlaw::Illegal { ply });
        }
        if ply % 2 == 0 && !now.gives_check(m) {
            return Err(TsumeFlaw::NotCheck { ply });
        }
        let after = now.after(m);
        let left = plies - ply as u32;
        let sound = if ply % 2 == 0 {
            solver
                .defended_length(&after, left - 1)
                .map_err(unknown)?
                .is_some()
        } else {
            left < 3
                || solver
                    .mate_length(&after, left - 3)
                    .map_err(unknown)?
                    .is_none()
        };
        if !sound {
            return Err(if ply % 2 == 0 {
                TsumeFlaw::NotMating { ply }
            } else {
                TsumeFlaw::ShortDefence { ply }
            });
        }
        now = after;
    }
    let mut path = Vec::new();
    let attacker_nodes = solver.prove_unique(position, plies, &mut path)?;
    Ok(TsumeProof {
        plies,
        attacker_nodes,
        nodes: solver.nodes,
    })
}

impl Solver<'_> {
    /// Every check of an attacker node that mates within `plies`.
    fn mating_checks(&mut self, position: &Position, plies: u32) -> Result<Vec<Move>, ()> {
        let mut found = Vec::new();
        for &m in Solver::children(position, true).iter() {
            if self
                .defended_length(&position.after(m), plies - 1)?
                .is_some()
            {
                found.push(m);
            }
        }
        Ok(found)
    }

    /// [`prove_tsume`]'s uniqueness: the attacker node reached by `path` mates in exactly
    /// `plies` by one move only, and so does every node after each longest defence to it.
    /// Answers the attacker nodes proven.
    fn prove_unique(
        &mut self,
        position: &Position,
        plies: u32,
        path: &mut Vec<Move>,
    ) -> Result<u32, TsumeFlaw> {
        let unknown = |()| TsumeFlaw::Unknown;
        let mating = self.mating_checks(position, plies).map_err(unknown)?;
        let only = match mating.as_slice() {
            &[only] => only,
            // The caller knows this node mates within `plies`; kept as an answer, not a panic.
            [] => return Err(TsumeFlaw::NotMating { ply: path.len() }),
            _ => {
                return Err(TsumeFlaw::Cook {
                    path: path.clone(),
                    mating,
                })
            }
        };
        let mut proven = 1;
        if plies == 1 {
            return Ok(proven);
        }
        let after = position.after(only);
        path.push(only);
        for &reply in after.legal_moves().iter() {
            let next = after.after(reply);
            // A reply the attacker mates sooner after is not a longest defence.
            if plies >= 5
                && self
                    .mate_length(&next, plies - 4)
                    .map_err(unknown)?
                    .is_some()
            {
                continue;
            }
            path.push(reply);
            proven += self.prove_unique(&next, plies - 2, path)?;
            path.pop();
        }
        path.pop();
        Ok(proven)
    }
}
