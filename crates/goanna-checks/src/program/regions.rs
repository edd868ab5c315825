//! Strongly connected regions of one function's graph (its loops).

use goanna_cfg::Cfg;

/// The strongly connected region of every node (edges that a constant or decided condition
/// rules out are not edges).
pub fn strongly_connected(cfg: &Cfg) -> Vec<u32> {
    let edges: Vec<Vec<usize>> =
        cfg.nodes.iter().map(|n| n.succs.iter().filter(|e| n.edge_feasible(e)).map(|e| e.target.index()).collect()).collect();
    let mut region = vec![0u32; cfg.nodes.len()];
    for (r, members) in super::scc::strongly_connected_components(&edges).into_iter().enumerate() {
        for v in members {
            region[v] = r as u32;
        }
    }
    region
}

/// For each region: true when it is a loop (more than one node, or a node with an edge to
/// itself) and no feasible edge leaves it.
pub fn closed_regions(cfg: &Cfg, region: &[u32]) -> Vec<bool> {
    let count = region.iter().copied().max().map_or(0, |m| m as usize + 1);
    let mut size = vec![0usize; count];
    let mut self_loop = vec![false; count];
    let mut leaves = vec![false; count];
    for (i, node) in cfg.nodes.iter().enumerate() {
        let r = region[i] as usize;
        size[r] += 1;
        for edge in node.succs.iter().filter(|e| node.edge_feasible(e)) {
            let t = region[edge.target.index()] as usize;
            if t != r {
                leaves[r] = true;
            } else if edge.target.index() == i {
                self_loop[r] = true;
            }
        }
    }
    (0..count).map(|r| (size[r] > 1 || self_loop[r]) && !leaves[r]).collect()
}
