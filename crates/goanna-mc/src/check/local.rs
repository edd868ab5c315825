//! Ternary local checks of one existential node in one component (the "associated Kripke
//! structure" of the thesis): call vertices and exits are sinks whose value is given (from the
//! callee's entry and from the context); a pessimistic run (unknowns false) and an optimistic run
//! (unknowns true) bound the value of every other vertex.

use super::tern::Tern;
use crate::ctl::{DagNode, NodeRef};
use crate::model::Component;

/// Which operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    EX,
    EU,
    EG,
}

impl Op {
    /// The operator of an existential node with its operands `(ψ, χ)` (`χ = ψ` for EX and EG).
    pub(crate) fn of(node: DagNode) -> (Op, NodeRef, NodeRef) {
        match node {
            DagNode::EX(x) => (Op::EX, x, x),
            DagNode::EG(x) => (Op::EG, x, x),
            DagNode::EU(x, y) => (Op::EU, x, y),
            _ => unreachable!("not an existential node"),
        }
    }
}

/// Values of the node at every vertex.
/// * `psi`, `chi`: the operands' (ternary) values per vertex (`chi` unused for EX/EG);
/// * `sink`: the node's own value at call vertices and at exits (others ignored);
/// * `known`: previously known values that must be kept (monotone refinement), or empty.
pub(crate) fn local(
    c: &Component,
    op: Op,
    psi: &[Tern],
    chi: &[Tern],
    sink: &[Tern],
    known: &[Tern],
) -> Vec<Tern> {
    let nv = c.n_vertices as usize;
    let is_sink =
        |v: usize| c.exit_idx[v] != u32::MAX || (v as u32 >= c.n_nodes && (v as u32) < c.ret_base);
    let mut out = vec![Tern::M; nv];
    match op {
        Op::EX => {
            for v in 0..nv {
                out[v] = if is_sink(v) {
                    sink[v]
                } else {
                    let mut r = Tern::F;
                    for &w in c.succ(v as u32) {
                        r = r.or(psi[w as usize]);
                    }
                    r
                };
            }
        }
        Op::EU | Op::EG => {
            let run = |optimistic: bool| -> Vec<bool> {
                let ok = |t: Tern| {
                    if optimistic {
                        t != Tern::F
                    } else {
                        t == Tern::T
                    }
                };
                let mut inset = vec![false; nv];
                if op == Op::EU {
                    let mut stack = Vec::new();
                    for v in 0..nv {
                        let base = if is_sink(v) {
                            ok(sink[v]) || (c.exit_idx[v] != u32::MAX && ok(chi[v]))
                        } else {
                            ok(chi[v])
                        } || (!known.is_empty() && ok(known[v]));
                        if base {
                            inset[v] = true;
                            stack.push(v as u32);
                        }
                    }
                    while let Some(w) = stack.pop() {
                        for &p in c.pred(w) {
                            let pu = p as usize;
                            if !inset[pu] && !is_sink(pu) && ok(psi[pu]) {
                                inset[pu] = true;
                                stack.push(p);
                            }
                        }
                    }
                } else {
                    // greatest fixpoint: ordinary ψ-vertices keep a successor in the set; sinks are fixed
                    let mut cnt = vec![0u32; nv];
                    for v in 0..nv {
                        inset[v] = if is_sink(v) {
                            ok(sink[v])
                        } else {
                            ok(psi[v]) || (!known.is_empty() && known[v] == Tern::T && !optimistic)
                        };
                    }
                    let mut queue = Vec::new();
                    for v in 0..nv {
                        if inset[v] && !is_sink(v) {
                            cnt[v] = c
                                .succ(v as u32)
                                .iter()
                                .filter(|&&w| inset[w as usize])
                                .count() as u32;
                            if cnt[v] == 0 && !(known.len() > v && ok(known[v])) {
                                queue.push(v as u32);
                            }
                        }
                    }
                    while let Some(v) = queue.pop() {
                        if !inset[v as usize] {
                            continue;
                        }
                        inset[v as usize] = false;
                        for &p in c.pred(v) {
                            let pu = p as usize;
                            if inset[pu] && !is_sink(pu) {
                                cnt[pu] -= 1;
                                if cnt[pu] == 0 && !(known.len() > pu && ok(known[pu])) {
                                    queue.push(p);
                                }
                            }
                        }
                    }
                }
                inset
            };
            let t = run(false);
            let m = run(true);
            for v in 0..nv {
                out[v] = if is_sink(v) {
                    if op == Op::EU && c.exit_idx[v] != u32::MAX && chi[v] == Tern::T {
                        Tern::T
                    } else {
                        sink[v]
                    }
                } else if t[v] {
                    Tern::T
                } else if !m[v] {
                    Tern::F
                } else {
                    Tern::M
                };
            }
        }
    }
    if !known.is_empty() {
        for v in 0..nv {
            if known[v] != Tern::M {
                out[v] = known[v];
            }
        }
    }
    out
}
