//! The incremental strategy (thesis, chapter 4): local checking from the initial configuration.
//!
//! For an existential node in a (component, context) pair it first runs a ternary local check in
//! which call vertices are unknown (local step). The operands are labelled *fully* and exactly in
//! that pair (vertical step, by the exact engine); hence contexts built from them never contain
//! unknown lower annotations (the gap the design notes describe is closed by construction). Only
//! the node's own value at the return vertices may be unknown: the callee pair is then entered with
//! an unknown top annotation for those exits and its answer is valid for both. If the entries are
//! still undecided, callees reachable along undecided paths are explored for their *entry* value
//! only (horizontal step, recursively), and the local check is retried. Pairs met again on the
//! current exploration path form a dependency cycle; if that leaves the entry undecided, the
//! pair's value comes from the exact fixpoint over its reachable pairs (labelByFixpoint).

use super::exhaustive::Engine;
use super::local::{local, Op};
use super::tern::Tern;
use crate::ctl::{Dag, DagNode, NodeRef};
use crate::model::{CompId, Model};
use rustc_hash::{FxHashMap, FxHashSet};

type Key = (NodeRef, CompId, Box<[u64]>, Box<[Tern]>);

struct Inc<'m> {
    eng: Engine<'m>,
    memo: FxHashMap<Key, Vec<Tern>>,
    on_path: FxHashSet<Key>,
}

pub(crate) fn check(model: &Model, dag: &Dag) -> (Vec<bool>, usize) {
    let mut inc = Inc {
        eng: Engine::single(model, dag),
        memo: FxHashMap::default(),
        on_path: FxHashSet::default(),
    };
    let init = model.initial();
    let ctx = inc.eng.initial_ctx(dag.root, init);
    let entries = model.component(init).entries().to_vec();
    let r = entries
        .iter()
        .map(|&en| inc.value(dag.root, init, &ctx, en))
        .collect();
    (r, inc.memo.len() + inc.eng.contexts)
}

impl<'m> Inc<'m> {
    /// Exact value of node `n` at vertex `v` of `comp` in the full frame `ctx`.
    fn value(&mut self, n: NodeRef, comp: CompId, ctx: &[u64], v: u32) -> bool {
        crate::deep::grow(|| {
            let dag = self.eng.dag;
            let ne = self.eng.m.component(comp).exits().len();
            let order = self.eng.exc[n as usize].clone();
            let proj = |eng: &Engine, to: NodeRef| eng.project(&order, ctx, to, ne);
            match dag.node(n) {
                DagNode::True | DagNode::Atom(_) => {
                    self.eng.full_vals(n, comp, &[])[v as usize] & 1 != 0
                }
                DagNode::Not(x) => {
                    let cx = proj(&self.eng, x);
                    !self.value(x, comp, &cx, v)
                }
                DagNode::And(a, b) | DagNode::Or(a, b) => {
                    let is_and = matches!(dag.node(n), DagNode::And(..));
                    let ca = proj(&self.eng, a);
                    let va = self.value(a, comp, &ca, v);
                    if va != is_and {
                        return va;
                    }
                    let cb = proj(&self.eng, b);
                    self.value(b, comp, &cb, v)
                }
                _ => {
                    let k = order.len() - 1;
                    let sctx: Box<[u64]> = ctx[..k * ne].into();
                    let top: Box<[Tern]> = ctx[k * ne..]
                        .iter()
                        .map(|&w| Tern::from_bool(w & 1 != 0))
                        .collect();
                    let vals = self.eval(n, comp, sctx, top);
                    match vals[v as usize] {
                        Tern::T => true,
                        Tern::F => false,
                        Tern::M => self.eng.full_vals(n, comp, ctx)[v as usize] & 1 != 0, // exact fixpoint
                    }
                }
            }
        })
    }

    /// Ternary values of existential node `n` in `comp` under strict context `sctx` and top `top`.
    fn eval(&mut self, n: NodeRef, comp: CompId, sctx: Box<[u64]>, top: Box<[Tern]>) -> Vec<Tern> {
        crate::deep::grow(|| {
            let key: Key = (n, comp, sctx.clone(), top.clone());
            if let Some(v) = self.memo.get(&key) {
                return v.clone();
            }
            let m = self.eng.m;
            let c = m.component(comp);
            let nv = c.n_vertices() as usize;
            if self.on_path.contains(&key) {
                return vec![Tern::M; nv];
            }
            self.on_path.insert(key.clone());
            let dag = self.eng.dag;
            let (op, a, b) = Op::of(dag.node(n));
            let order = self.eng.exc[n as usize].clone();
            let sorder = &order[..order.len() - 1];
            let ne = c.exits().len();
            // Vertical step: the operands, fully and exactly.
            let exact = |eng: &mut Engine, x: NodeRef| -> Vec<Tern> {
                let px = eng.project(sorder, &sctx, x, ne);
                eng.full_vals(x, comp, &px)
                    .iter()
                    .map(|&w| Tern::from_bool(w & 1 != 0))
                    .collect()
            };
            let psi = exact(&mut self.eng, a);
            let chi = exact(&mut self.eng, b);
            let mut sink = vec![Tern::M; nv];
            for (x, &xv) in c.exits().iter().enumerate() {
                sink[xv as usize] = top[x];
            }
            let mut vals = local(c, op, &psi, &chi, &sink, &[]);
            let mut explored = vec![false; nv];
            loop {
                if c.entries().iter().all(|&en| vals[en as usize].known()) {
                    break;
                }
                // Horizontal step: undecided call vertices reachable along undecided vertices.
                let mut seen = vec![false; nv];
                let mut stack: Vec<u32> = c
                    .entries()
                    .iter()
                    .copied()
                    .filter(|&en| !vals[en as usize].known())
                    .collect();
                let mut calls = Vec::new();
                while let Some(v) = stack.pop() {
                    if std::mem::replace(&mut seen[v as usize], true) {
                        continue;
                    }
                    if c.is_call(v) {
                        if !explored[v as usize] {
                            calls.push(v);
                        }
                        continue;
                    }
                    for &w in c.succ(v) {
                        if !vals[w as usize].known() && !seen[w as usize] {
                            stack.push(w);
                        }
                    }
                }
                if calls.is_empty() {
                    break;
                }
                let mut progress = false;
                for cv in calls {
                    explored[cv as usize] = true;
                    let lb = c.local_box(cv).expect("call vertex") as usize;
                    let k = (cv - c.box_call[lb]) as usize;
                    let callee = m.box_info(c.boxes()[lb]).callee();
                    let qc = m.component(callee);
                    let rb = c.box_ret[lb] as usize;
                    let csctx =
                        self.eng
                            .callee_ctx_for(sorder, n, comp, &sctx, lb as u32, sorder.len());
                    let ctop: Box<[Tern]> = vals[rb..rb + qc.exits().len()].into();
                    let r = self.eval(n, callee, csctx, ctop);
                    let en = qc.entries()[k] as usize;
                    if r[en].known() {
                        sink[cv as usize] = r[en];
                        progress = true;
                    }
                }
                if !progress {
                    break;
                }
                vals = local(c, op, &psi, &chi, &sink, &[]);
            }
            self.on_path.remove(&key);
            self.memo.insert(key, vals.clone());
            vals
        })
    }
}
