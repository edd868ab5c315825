//! Strongly connected components of a directed graph given as adjacency lists (Tarjan's
//! algorithm, iterative so that deep graphs cannot overflow the stack). Used for the call graph
//! and for the loops of one function's graph.

/// The components, each a list of vertices, in reverse topological order: every component comes
/// after the components it has edges to (callees before callers).
pub fn strongly_connected_components(edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let count = edges.len();
    let mut index = vec![usize::MAX; count];
    let mut low = vec![0; count];
    let mut on_stack = vec![false; count];
    let mut stack = Vec::new();
    let mut components = Vec::new();
    let mut next = 0;
    for root in 0..count {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some((v, i)) = work.pop() {
            if let Some(&w) = edges[v].get(i) {
                work.push((v, i + 1));
                if index[w] == usize::MAX {
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
                    let mut members = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        members.push(w);
                        if w == v {
                            break;
                        }
                    }
                    components.push(members);
                }
            }
        }
    }
    components
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_come_callees_first() {
        // 0 -> 1 <-> 2 -> 3, 4 alone with a self loop.
        let edges = vec![vec![1], vec![2], vec![1, 3], vec![], vec![4]];
        let mut sccs = strongly_connected_components(&edges);
        for c in &mut sccs {
            c.sort_unstable();
        }
        let position = |v: usize| sccs.iter().position(|c| c.contains(&v)).unwrap();
        assert_eq!(sccs[position(1)], vec![1, 2]);
        assert!(position(3) < position(1) && position(1) < position(0));
        assert_eq!(sccs.len(), 4);
    }
}
