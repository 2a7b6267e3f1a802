//! A tree of moves: the moves played from a start position, with variations branching from any
//! ply, for any game (its moves are only compared and copied). The analysis board plays into
//! one; the games' record formats write and read one (Jungle's `( … )`, KIF's `変化：`), which
//! is why it lives here, below the rules, and not with the analysis.
//!
//! Each node is a move (the root: none); a node's first child continues its line, the others
//! are variations. Playing a move that a child already has goes there instead of adding it
//! again. The reader walks the tree along a line ([`MoveTree::back`], [`MoveTree::forward`])
//! and across variations ([`MoveTree::previous_variation`], [`MoveTree::next_variation`]),
//! promotes a variation one place up among its siblings (the first place makes it the line it
//! branches from) and deletes a move with everything after it.

/// A node's index in the tree (the root is 0). Indices stay valid while the tree lives: a
/// deleted node is only unlinked.
pub type NodeId = usize;

/// The root's id (the start position).
pub const ROOT: NodeId = 0;

#[derive(Clone, Debug, PartialEq)]
struct Node<M> {
    played: Option<M>,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
}

/// One item of the tree written out in reading order (a record's: each move, then the
/// variations branching in its place, each in parentheses).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    /// A move: its node and its ply (0: the first move after the start).
    Move {
        /// The node.
        node: NodeId,
        /// Its ply from the start.
        ply: usize,
    },
    /// A variation begins.
    Open,
    /// A variation ends.
    Close,
}

/// The tree of moves and the node the board shows.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveTree<M> {
    nodes: Vec<Node<M>>,
    current: NodeId,
}

impl<M: Copy + PartialEq> Default for MoveTree<M> {
    fn default() -> Self {
        MoveTree::new()
    }
}

impl<M: Copy + PartialEq> MoveTree<M> {
    /// A tree with the start position only.
    pub fn new() -> MoveTree<M> {
        MoveTree {
            nodes: vec![Node {
                played: None,
                parent: None,
                children: Vec::new(),
            }],
            current: ROOT,
        }
    }

    /// A tree holding `line` as its main line, the board at its end.
    pub fn from_line(line: &[M]) -> MoveTree<M> {
        let mut tree = MoveTree::new();
        for &m in line {
            tree.play(m);
        }
        tree
    }

    /// The node the board shows.
    pub fn current(&self) -> NodeId {
        self.current
    }

    /// The node before `node` (`None` for the root, an unknown id or a deleted move).
    pub fn parent(&self, node: NodeId) -> Option<NodeId> {
        self.nodes.get(node).and_then(|n| n.parent)
    }

    /// The moves played from `node`: its line's continuation first, then its variations (none
    /// for an unknown id).
    pub fn children(&self, node: NodeId) -> &[NodeId] {
        self.nodes.get(node).map_or(&[], |n| n.children.as_slice())
    }

    /// Whether the two trees hold the same moves in the same places and order (whatever their
    /// node ids, deleted nodes and shown node).
    pub fn same_moves(&self, other: &MoveTree<M>) -> bool {
        let mut pairs = vec![(ROOT, ROOT)];
        while let Some((a, b)) = pairs.pop() {
            let (mine, theirs) = (self.children(a), other.children(b));
            if mine.len() != theirs.len() {
                return false;
            }
            for (&x, &y) in mine.iter().zip(theirs) {
                if self.move_of(x) != other.move_of(y) {
                    return false;
                }
                pairs.push((x, y));
            }
        }
        true
    }

    /// The move of `node` (`None` for the root or an unknown id).
    pub fn move_of(&self, node: NodeId) -> Option<M> {
        self.nodes.get(node).and_then(|n| n.played)
    }

    /// Plays `m` from the current node: to the child that has it, else to a new child (a new
    /// variation when the node already has a continuation). Returns whether it was new.
    pub fn play(&mut self, m: M) -> bool {
        let here = self.current;
        if let Some(&child) = self.nodes[here]
            .children
            .iter()
            .find(|&&c| self.nodes[c].played == Some(m))
        {
            self.current = child;
            return false;
        }
        let id = self.nodes.len();
        self.nodes.push(Node {
            played: Some(m),
            parent: Some(here),
            children: Vec::new(),
        });
        self.nodes[here].children.push(id);
        self.current = id;
        true
    }

    /// Shows `node` if it is in the tree (returns whether it is).
    pub fn go_to(&mut self, node: NodeId) -> bool {
        let linked = self.path_to(node).is_some();
        if linked {
            self.current = node;
        }
        linked
    }

    /// One move back (false at the start).
    pub fn back(&mut self) -> bool {
        match self.nodes[self.current].parent {
            Some(parent) => {
                self.current = parent;
                true
            }
            None => false,
        }
    }

    /// One move on along the line (false at its end).
    pub fn forward(&mut self) -> bool {
        match self.nodes[self.current].children.first() {
            Some(&child) => {
                self.current = child;
                true
            }
            None => false,
        }
    }

    /// To the start position.
    pub fn to_start(&mut self) {
        self.current = ROOT;
    }

    /// To the end of the current line.
    pub fn to_end(&mut self) {
        while self.forward() {}
    }

    /// To the next variation at the same ply (the next sibling of the current move, or of the
    /// nearest earlier move that has one): false when there is none.
    pub fn next_variation(&mut self) -> bool {
        self.across(1)
    }

    /// To the previous variation at the same ply (see [`MoveTree::next_variation`]).
    pub fn previous_variation(&mut self) -> bool {
        self.across(-1)
    }

    fn across(&mut self, step: isize) -> bool {
        let mut node = self.current;
        while let Some(parent) = self.nodes[node].parent {
            let siblings = &self.nodes[parent].children;
            if siblings.len() > 1 {
                let place = siblings.iter().position(|&c| c == node).unwrap_or(0) as isize;
                let next = place + step;
                if next >= 0 && (next as usize) < siblings.len() {
                    self.current = siblings[next as usize];
                    return true;
                }
                return false;
            }
            node = parent;
        }
        false
    }

    /// Moves the variation holding the current node one place up among its siblings (from the
    /// nearest move that is not its parent's first continuation); the first place makes it the
    /// line it branched from. False when the current node is on the main line.
    pub fn promote(&mut self) -> bool {
        let mut node = self.current;
        while let Some(parent) = self.nodes[node].parent {
            let siblings = &mut self.nodes[parent].children;
            if let Some(place) = siblings.iter().position(|&c| c == node).filter(|&p| p > 0) {
                siblings.swap(place, place - 1);
                return true;
            }
            node = parent;
        }
        false
    }

    /// Deletes the current move and everything after it, showing the position before it.
    /// False at the start (nothing to delete).
    pub fn delete(&mut self) -> bool {
        let node = self.current;
        let Some(parent) = self.nodes[node].parent else {
            return false;
        };
        self.nodes[parent].children.retain(|&c| c != node);
        self.nodes[node].parent = None;
        self.current = parent;
        true
    }

    /// The moves from the start to `node`, or `None` when it is not in the tree.
    pub fn path_to(&self, node: NodeId) -> Option<Vec<M>> {
        let mut moves = Vec::new();
        let mut at = node;
        loop {
            let n = self.nodes.get(at)?;
            match (n.parent, n.played) {
                (Some(parent), Some(m)) => {
                    moves.push(m);
                    at = parent;
                }
                _ if at == ROOT => break,
                _ => return None, // deleted
            }
        }
        moves.reverse();
        Some(moves)
    }

    /// The moves from the start to the current node.
    pub fn path(&self) -> Vec<M> {
        self.path_to(self.current).unwrap_or_default()
    }

    /// The current node's line: the moves to it and on along first continuations to the end.
    pub fn line(&self) -> Vec<M> {
        let mut moves = self.path();
        let mut at = self.current;
        while let Some(&child) = self.nodes[at].children.first() {
            moves.extend(self.nodes[child].played);
            at = child;
        }
        moves
    }

    /// The main line: first continuations from the start.
    pub fn main_line(&self) -> Vec<M> {
        let mut moves = Vec::new();
        let mut at = ROOT;
        while let Some(&child) = self.nodes[at].children.first() {
            moves.extend(self.nodes[child].played);
            at = child;
        }
        moves
    }

    /// The ply of the current node (0 at the start).
    pub fn ply(&self) -> usize {
        self.path().len()
    }

    /// Whether `node` lies on the main line.
    pub fn on_main_line(&self, node: NodeId) -> bool {
        let mut at = node;
        while let Some(parent) = self.nodes.get(at).and_then(|n| n.parent) {
            if self.nodes[parent].children.first() != Some(&at) {
                return false;
            }
            at = parent;
        }
        at == ROOT
    }

    /// The whole tree in reading order: the main line, each move followed by the variations
    /// that branch in its place (each opened and closed, nested as deep as they go).
    pub fn items(&self) -> Vec<Item> {
        let mut items = Vec::new();
        self.write_line(ROOT, 0, &mut items);
        items
    }

    /// Writes the line continuing from `parent` (whose moves start at `ply`).
    fn write_line(&self, parent: NodeId, ply: usize, items: &mut Vec<Item>) {
        let mut at = parent;
        let mut ply = ply;
        while let Some((&first, others)) = self.nodes[at].children.split_first() {
            items.push(Item::Move { node: first, ply });
            for &variation in others {
                items.push(Item::Open);
                items.push(Item::Move {
                    node: variation,
                    ply,
                });
                self.write_line(variation, ply + 1, items);
                items.push(Item::Close);
            }
            at = first;
            ply += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Moves as letters: the tree only compares them.
    fn tree(line: &str) -> MoveTree<char> {
        MoveTree::from_line(&line.chars().collect::<Vec<_>>())
    }

    fn text(tree: &MoveTree<char>) -> String {
        tree.items()
            .iter()
            .map(|item| match item {
                Item::Move { node, .. } => tree.move_of(*node).unwrap(),
                Item::Open => '(',
                Item::Close => ')',
            })
            .collect()
    }

    #[test]
    fn a_move_played_back_in_the_line_branches_a_variation_and_a_known_one_is_followed() {
        let mut t = tree("abcd");
        assert_eq!(t.ply(), 4);
        t.back();
        t.back();
        assert!(t.play('x'), "a new move at ply 2");
        assert!(t.play('y'));
        assert_eq!(t.path(), vec!['a', 'b', 'x', 'y']);
        assert_eq!(text(&t), "abc(xy)d");
        // Playing the main line's move again goes to it rather than adding a copy.
        t.go_to(2);
        assert!(!t.play('c'));
        assert_eq!(t.path(), vec!['a', 'b', 'c']);
        assert_eq!(text(&t), "abc(xy)d");
        assert_eq!(t.line(), vec!['a', 'b', 'c', 'd']);
    }

    #[test]
    fn the_arrows_walk_along_a_line_and_across_its_variations() {
        let mut t = tree("abcd");
        t.go_to(2); // after b
        t.play('x');
        t.back();
        t.play('z');
        t.play('w'); // a b (c d | x | z w)
        assert_eq!(text(&t), "abc(x)(zw)d");
        // Across: from w (on z's variation) up to x, then c, and no further.
        assert!(t.previous_variation());
        assert_eq!(t.path(), vec!['a', 'b', 'x']);
        assert!(t.previous_variation());
        assert_eq!(t.path(), vec!['a', 'b', 'c']);
        assert!(!t.previous_variation());
        assert!(t.next_variation());
        assert!(t.next_variation());
        assert_eq!(t.path(), vec!['a', 'b', 'z']);
        assert!(!t.next_variation());
        // Along: forward follows the variation's own line, back returns through its branch.
        assert!(t.forward());
        assert_eq!(t.path(), vec!['a', 'b', 'z', 'w']);
        assert!(!t.forward());
        t.back();
        t.back();
        t.back();
        assert_eq!(t.path(), vec!['a']);
        t.to_end();
        assert_eq!(t.path(), vec!['a', 'b', 'c', 'd']);
        t.to_start();
        assert!(!t.back());
        assert_eq!(t.ply(), 0);
    }

    #[test]
    fn promoting_moves_a_variation_up_until_it_is_the_line() {
        let mut t = tree("abc");
        t.go_to(1);
        t.play('x');
        t.play('y');
        t.go_to(1);
        t.play('z');
        assert_eq!(text(&t), "ab(xy)(z)c");
        t.go_to(5); // y, inside x's variation
        assert_eq!(t.path(), vec!['a', 'x', 'y']);
        assert!(!t.on_main_line(t.current()));
        assert!(t.promote());
        assert_eq!(text(&t), "ax(bc)(z)y", "x's line is now the main line");
        assert!(t.on_main_line(t.current()));
        assert_eq!(t.main_line(), vec!['a', 'x', 'y']);
        assert!(!t.promote(), "nothing above the main line");
        assert_eq!(
            t.path(),
            vec!['a', 'x', 'y'],
            "the board stays where it was"
        );
    }

    #[test]
    fn deleting_removes_the_move_and_everything_after_it() {
        let mut t = tree("abc");
        t.go_to(1);
        t.play('x');
        t.play('y');
        let y = t.current();
        t.back(); // x
        assert!(t.delete());
        assert_eq!(t.path(), vec!['a']);
        assert_eq!(text(&t), "abc");
        assert!(!t.go_to(y), "a deleted node cannot be shown");
        assert_eq!(t.path_to(y), None);
        t.to_start();
        assert!(!t.delete(), "the start cannot be deleted");
        // Deleting the main line's move leaves the line shorter, the variations kept.
        let mut t = tree("abc");
        t.go_to(1);
        t.play('x');
        t.go_to(2);
        assert!(t.delete());
        assert_eq!(text(&t), "ax", "x, the only continuation left, is the line");
    }

    #[test]
    fn trees_with_the_same_moves_compare_equal_whatever_their_history() {
        // Built in another order, with a deleted move and another node shown.
        let mut a = tree("abc");
        a.go_to(1);
        a.play('x');
        let mut b = tree("ax");
        b.play('q');
        b.delete();
        b.go_to(1);
        b.play('b');
        b.play('c');
        b.go_to(1);
        assert_ne!(a, b, "different node ids");
        assert!(
            !a.same_moves(&b),
            "x is b's first continuation, a's variation"
        );
        b.go_to(4); // b
        b.promote();
        assert!(a.same_moves(&b));
        assert_eq!(b.parent(4), Some(1));
        assert_eq!(b.children(1).len(), 2);
        b.go_to(5);
        b.play('d');
        assert!(!a.same_moves(&b), "one move more");
        assert!(!a.same_moves(&tree("abd")));
        assert_eq!(a.parent(ROOT), None);
        assert!(a.children(99).is_empty());
    }
}
