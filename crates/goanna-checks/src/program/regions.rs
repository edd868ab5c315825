//! Strongly connected regions of one function's graph (its loops).

use goanna_cfg::Cfg;

/// The strongly connected region of every node (Tarjan's algorithm, iterative).
pub fn strongly_connected(cfg: &Cfg) -> Vec<u32> {
    let n = cfg.nodes.len();
    let mut index = vec![u32::MAX; n];
    let mut low = vec![0u32; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut region = vec![u32::MAX; n];
    let mut next = 0u32;
    let mut regions = 0u32;
    for root in 0..n {
        if index[root] != u32::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some((v, i)) = work.pop() {
            if let Some(edge) = cfg.nodes[v].succs.get(i) {
                work.push((v, i + 1));
                let w = edge.target.index();
                if index[w] == u32::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                if let Some(&(parent, _)) = work.last() {
                    low[parent] = low[parent].min(low[v]);
                }
                if low[v] == index[v] {
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        region[w] = regions;
                        if w == v {
                            break;
                        }
                    }
                    regions += 1;
                }
            }
        }
    }
    region
}

/// For each region: true when it is a loop (more than one node, or a node with an edge to
/// itself) and no edge leaves it.
pub fn closed_regions(cfg: &Cfg, region: &[u32]) -> Vec<bool> {
    let count = region.iter().copied().max().map_or(0, |m| m as usize + 1);
    let mut size = vec![0usize; count];
    let mut self_loop = vec![false; count];
    let mut leaves = vec![false; count];
    for (i, node) in cfg.nodes.iter().enumerate() {
        let r = region[i] as usize;
        size[r] += 1;
        for edge in &node.succs {
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
