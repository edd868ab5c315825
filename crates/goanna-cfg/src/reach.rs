//! Reachability from the entry (breadth-first), stored in [`crate::Node::reachable`].

use crate::graph::Cfg;
use std::collections::VecDeque;

/// Sets `reachable` on every node the entry reaches through any edge (constant conditions are
/// not evaluated here; see [`Cfg::feasible_reachability`]).
pub fn mark_reachable(cfg: &mut Cfg) {
    for node in &mut cfg.nodes {
        node.reachable = false;
    }
    let mut queue = VecDeque::new();
    if let Some(entry) = cfg.nodes.get_mut(cfg.entry.index()) {
        entry.reachable = true;
        queue.push_back(cfg.entry);
    }
    while let Some(id) = queue.pop_front() {
        for i in 0..cfg.nodes[id.index()].succs.len() {
            let t = cfg.nodes[id.index()].succs[i].target;
            if let Some(node) = cfg.nodes.get_mut(t.index()) {
                if !node.reachable {
                    node.reachable = true;
                    queue.push_back(t);
                }
            }
        }
    }
}
