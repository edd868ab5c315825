//! Dominators of a function's graph (Cooper, Harvey and Kennedy, "A Simple, Fast Dominance
//! Algorithm"), with the dominator tree numbered so that "does `a` dominate `b`" is two
//! comparisons. A report shortens a long path to its informative steps; a branch the path must
//! take to reach the finding (its node dominates the finding's) is one of them.

use goanna_cfg::{Cfg, NodeId};

/// The dominator tree of one graph, from its entry (or, for post-dominators, of the reversed
/// graph from its exit).
pub struct Dominators {
    /// Each node's immediate dominator (`u32::MAX`: none — the root, or unreachable).
    idom: Vec<u32>,
    /// Preorder number of each node in the dominator tree (`u32::MAX`: unreachable).
    pre: Vec<u32>,
    /// Largest preorder number in each node's subtree.
    last: Vec<u32>,
}

impl Dominators {
    /// The dominators of `cfg` (linear in its size for the graphs C functions give; the
    /// iteration runs to a fixpoint, a few passes in reverse postorder).
    pub fn new(cfg: &Cfg) -> Self {
        let n = cfg.nodes.len();
        Self::of_graph(n, cfg.entry.index(), |u| cfg.nodes[u].succs.iter().map(|e| e.target.index()).filter(|&t| t < n).collect())
    }

    /// The post-dominators of `cfg`: `a` post-dominates `b` when every path from `b` to the
    /// exit passes through `a`. Edges a constant condition rules out are not paths; a node
    /// from which the exit cannot be reached (it ends in `abort()`) is post-dominated by
    /// nothing, and paths through it do not count against the others.
    pub fn post(cfg: &Cfg) -> Self {
        let n = cfg.nodes.len();
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (u, node) in cfg.nodes.iter().enumerate() {
            for e in node.succs.iter().filter(|e| node.edge_feasible(e)) {
                if e.target.index() < n {
                    preds[e.target.index()].push(u);
                }
            }
        }
        Self::of_graph(n, cfg.exit.index(), |u| preds[u].clone())
    }

    /// The dominators of a graph of `n` nodes given by its successor lists.
    fn of_graph(n: usize, entry: usize, successors: impl Fn(usize) -> Vec<usize>) -> Self {
        let unreached = Dominators { idom: vec![u32::MAX; n], pre: vec![u32::MAX; n], last: vec![0; n] };
        if entry >= n {
            return unreached;
        }
        let adjacency: Vec<Vec<usize>> = (0..n).map(|u| successors(u).into_iter().filter(|&t| t < n).collect()).collect();
        let succs = |u: usize| adjacency[u].iter().copied();
        // Reverse postorder by an explicit depth-first search.
        let mut order: Vec<usize> = Vec::with_capacity(n);
        let mut seen = vec![false; n];
        let mut stack: Vec<(usize, usize)> = vec![(entry, 0)];
        seen[entry] = true;
        while let Some(&mut (u, ref mut next)) = stack.last_mut() {
            if let Some(t) = succs(u).nth(*next) {
                *next += 1;
                if !seen[t] {
                    seen[t] = true;
                    stack.push((t, 0));
                }
            } else {
                order.push(u);
                stack.pop();
            }
        }
        order.reverse();
        let mut rpo = vec![usize::MAX; n];
        for (i, &u) in order.iter().enumerate() {
            rpo[u] = i;
        }
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &u in &order {
            for t in succs(u) {
                preds[t].push(u);
            }
        }
        const NONE: usize = usize::MAX;
        let mut idom = vec![NONE; n];
        idom[entry] = entry;
        let intersect = |idom: &[usize], mut a: usize, mut b: usize| {
            while a != b {
                while rpo[a] > rpo[b] {
                    a = idom[a];
                }
                while rpo[b] > rpo[a] {
                    b = idom[b];
                }
            }
            a
        };
        let mut changed = true;
        while changed {
            changed = false;
            for &b in order.iter().skip(1) {
                let mut new = NONE;
                for &p in &preds[b] {
                    if idom[p] != NONE {
                        new = if new == NONE { p } else { intersect(&idom, p, new) };
                    }
                }
                if new != NONE && idom[b] != new {
                    idom[b] = new;
                    changed = true;
                }
            }
        }
        // Number the tree in preorder; `last` closes each subtree.
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &u in order.iter().skip(1) {
            if idom[u] != NONE {
                children[idom[u]].push(u);
            }
        }
        let mut tree = unreached;
        for (u, &d) in idom.iter().enumerate() {
            if d != NONE && d != u {
                tree.idom[u] = d as u32;
            }
        }
        let mut counter = 0u32;
        let mut stack: Vec<(usize, bool)> = vec![(entry, false)];
        while let Some((u, done)) = stack.pop() {
            if done {
                tree.last[u] = counter - 1;
                continue;
            }
            tree.pre[u] = counter;
            counter += 1;
            stack.push((u, true));
            stack.extend(children[u].iter().rev().map(|&c| (c, false)));
        }
        tree
    }

    /// The immediate dominator of `n`: `None` for the root and for nodes it does not reach.
    pub fn immediate(&self, n: NodeId) -> Option<NodeId> {
        self.idom.get(n.index()).copied().filter(|&d| d != u32::MAX).map(NodeId)
    }

    /// True when every path from the entry to `b` passes through `a` (a node dominates itself).
    pub fn dominates(&self, a: NodeId, b: NodeId) -> bool {
        match (self.pre.get(a.index()), self.pre.get(b.index())) {
            (Some(&pa), Some(&pb)) if pa != u32::MAX && pb != u32::MAX => pa <= pb && pb <= self.last[a.index()],
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diamond_with_an_unreachable_node() {
        // 0 -> 1 -> {2, 3} -> 4 -> 5; 6 -> 4 is unreachable; 5 loops back to 1.
        let edges = [(0, 1), (1, 2), (1, 3), (2, 4), (3, 4), (4, 5), (6, 4), (5, 1)];
        let d = Dominators::of_graph(7, 0, |u| edges.iter().filter(|e| e.0 == u).map(|e| e.1).collect());
        let dom = |a: u32, b: u32| d.dominates(NodeId(a), NodeId(b));
        assert!(dom(0, 5) && dom(1, 4) && dom(4, 5) && dom(2, 2) && dom(1, 1));
        assert!(!dom(2, 4) && !dom(3, 4) && !dom(2, 3) && !dom(5, 4) && !dom(5, 1));
        assert!(!dom(6, 4) && !dom(0, 6), "unreachable nodes dominate nothing and are dominated by nothing");
        assert!(!dom(0, 99), "a node outside the graph");
        assert_eq!(d.immediate(NodeId(4)), Some(NodeId(1)));
        assert_eq!(d.immediate(NodeId(1)), Some(NodeId(0)));
        assert_eq!(d.immediate(NodeId(0)), None, "the root has no immediate dominator");
        assert_eq!(d.immediate(NodeId(6)), None, "nor has an unreachable node");
    }
}
