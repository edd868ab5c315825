//! Brute-force reference checker for testing: inline every box of a non-recursive model into a
//! finite Kripke structure over configurations `(call stack, node)` and run the textbook CTL
//! labelling directly on the full operator set (no reduction to the core, so it also checks the
//! reductions).

use crate::ctl::Formula;
use crate::model::{BoxId, Model, NodeId, VertexKind};
use crate::Error;
use rustc_hash::FxHashMap;

/// A finite Kripke structure whose states are RKS configurations.
#[derive(Clone, Debug)]
pub struct Kripke {
    /// States: call stack (outermost first) and node.
    pub states: Vec<(Vec<BoxId>, NodeId)>,
    /// Successors of each state.
    pub succ: Vec<Vec<u32>>,
    /// Initial states (entries of the initial component, empty stack).
    pub initial: Vec<u32>,
    index: FxHashMap<(Vec<BoxId>, NodeId), u32>,
}

impl Kripke {
    /// State index of a configuration, if reachable.
    pub fn state(&self, stack: &[BoxId], node: NodeId) -> Option<u32> {
        self.index.get(&(stack.to_vec(), node)).copied()
    }
}

/// The successors of a configuration, straight from the semantics (works for recursive models too).
pub fn config_successors(m: &Model, stack: &[BoxId], node: NodeId) -> Vec<(Vec<BoxId>, NodeId)> {
    let c = m.node_component(node);
    let comp = m.component(c);
    let v = m.node_vertex(node);
    let mut out = Vec::new();
    let orig = (stack.to_vec(), node);
    let follow = |stack: &[BoxId], comp_id: u32, from: u32, out: &mut Vec<(Vec<BoxId>, NodeId)>| {
        let comp = m.component(comp_id);
        for &w in comp.succ(from) {
            match m.vertex_kind(comp_id, w) {
                VertexKind::Node(n) => out.push((stack.to_vec(), n)),
                VertexKind::Call(b, en) => {
                    let mut s = stack.to_vec();
                    s.push(b);
                    out.push((s, en));
                }
                VertexKind::Return(..) => out.push(orig.clone()), // self loop of a dead-end return vertex
            }
        }
    };
    if comp.is_exit(v) {
        match stack.split_last() {
            None => out.push((Vec::new(), node)),
            Some((&b, rest)) => {
                let bi = m.box_info(b);
                let owner = m.component(bi.owner());
                let k = comp.exits().iter().position(|&x| x == v).unwrap_or(0) as u32;
                let rv = owner.box_ret[bi.local as usize] + k;
                follow(rest, bi.owner(), rv, &mut out);
            }
        }
    } else {
        follow(stack, c, v, &mut out);
    }
    out.sort();
    out.dedup();
    out
}

/// Inline a non-recursive model (fails on recursion or beyond `max_states` states).
pub fn inline(m: &Model, max_states: usize) -> Result<Kripke, Error> {
    let mut k = Kripke {
        states: Vec::new(),
        succ: Vec::new(),
        initial: Vec::new(),
        index: FxHashMap::default(),
    };
    let mut work = Vec::new();
    let intern = |k: &mut Kripke, s: (Vec<BoxId>, NodeId), work: &mut Vec<u32>| -> u32 {
        if let Some(&i) = k.index.get(&s) {
            return i;
        }
        let i = k.states.len() as u32;
        k.index.insert(s.clone(), i);
        k.states.push(s);
        k.succ.push(Vec::new());
        work.push(i);
        i
    };
    for en in m.initial_entries() {
        let i = intern(&mut k, (Vec::new(), en), &mut work);
        k.initial.push(i);
    }
    while let Some(i) = work.pop() {
        if k.states.len() > max_states {
            return Err(Error::Query(format!(
                "more than {max_states} states when inlining"
            )));
        }
        let (stack, node) = k.states[i as usize].clone();
        if stack.len() > m.n_boxes() {
            return Err(Error::Query("the model is recursive".into()));
        }
        let mut ss: Vec<u32> = config_successors(m, &stack, node)
            .into_iter()
            .map(|s| intern(&mut k, s, &mut work))
            .collect();
        ss.sort_unstable();
        ss.dedup();
        k.succ[i as usize] = ss;
    }
    Ok(k)
}

/// Textbook CTL labelling: the set of states satisfying `f`.
pub fn eval(k: &Kripke, m: &Model, f: &Formula) -> Vec<bool> {
    crate::deep::grow(|| {
        use Formula::*;
        let n = k.states.len();
        let some = |s: &[bool], i: usize| k.succ[i].iter().any(|&j| s[j as usize]);
        let all = |s: &[bool], i: usize| k.succ[i].iter().all(|&j| s[j as usize]);
        // least fixpoint of X = base ∨ (guard ∧ step(X)); greatest when `greatest`
        let fix = |base: &[bool], guard: &[bool], exist: bool, greatest: bool| -> Vec<bool> {
            let mut x = vec![greatest; n];
            loop {
                let mut changed = false;
                for i in 0..n {
                    let step = if exist { some(&x, i) } else { all(&x, i) };
                    let nv = base[i] || (guard[i] && step);
                    if nv != x[i] {
                        x[i] = nv;
                        changed = true;
                    }
                }
                if !changed {
                    return x;
                }
            }
        };
        match f {
            True => vec![true; n],
            False => vec![false; n],
            Atom(a) => k
                .states
                .iter()
                .map(|(_, node)| m.atom(a).is_some_and(|id| m.has_label(*node, id)))
                .collect(),
            Not(x) => eval(k, m, x).into_iter().map(|b| !b).collect(),
            And(a, b) => eval(k, m, a)
                .into_iter()
                .zip(eval(k, m, b))
                .map(|(x, y)| x && y)
                .collect(),
            Or(a, b) => eval(k, m, a)
                .into_iter()
                .zip(eval(k, m, b))
                .map(|(x, y)| x || y)
                .collect(),
            Implies(a, b) => eval(k, m, a)
                .into_iter()
                .zip(eval(k, m, b))
                .map(|(x, y)| !x || y)
                .collect(),
            Iff(a, b) => eval(k, m, a)
                .into_iter()
                .zip(eval(k, m, b))
                .map(|(x, y)| x == y)
                .collect(),
            EX(x) => {
                let s = eval(k, m, x);
                (0..n).map(|i| some(&s, i)).collect()
            }
            AX(x) => {
                let s = eval(k, m, x);
                (0..n).map(|i| all(&s, i)).collect()
            }
            EF(x) => fix(&eval(k, m, x), &vec![true; n], true, false),
            AF(x) => fix(&eval(k, m, x), &vec![true; n], false, false),
            EG(x) => fix(&vec![false; n], &eval(k, m, x), true, true),
            AG(x) => fix(&vec![false; n], &eval(k, m, x), false, true),
            EU(a, b) => fix(&eval(k, m, b), &eval(k, m, a), true, false),
            AU(a, b) => fix(&eval(k, m, b), &eval(k, m, a), false, false),
            EW(a, b) => fix(&eval(k, m, b), &eval(k, m, a), true, true),
            AW(a, b) => fix(&eval(k, m, b), &eval(k, m, a), false, true),
        }
    })
}

/// Decide `f` on a non-recursive model by inlining (per initial entry).
pub fn check(m: &Model, f: &Formula) -> Result<Vec<bool>, Error> {
    let k = inline(m, 1_000_000)?;
    let s = eval(&k, m, f);
    Ok(k.initial.iter().map(|&i| s[i as usize]).collect())
}
