//! The lazy strategy (Dubslaff, Wienhöft, Fehnker: "Be lazy and don't care", SEFM 2021 / SoSyM
//! 2024), on the same local checks as the incremental strategy.
//!
//! * Contextualised components ("frames") carry a ternary context over every existential
//!   subformula at every exit; the initial frame's context is exact (exits loop forever).
//! * Every subformula is evaluated ternarily in every frame (RefineTernary): atoms exactly,
//!   Boolean operators in Kleene logic, EX/EU/EG by a pessimistic and an optimistic local run in
//!   which call vertices read the callee frame's entry (unknown while the box is not expanded) and
//!   exits read the context. Known values are kept (refinement is monotone).
//! * While an initial entry is unknown, `FindReason` (GetNextExpansion) walks from it along
//!   unknown values, through call vertices into callees and through exits to the return vertices of
//!   every caller, and returns the first box that can be (re)contextualised: one that is not
//!   expanded yet, or whose return vertices now know more than its callee frame's context. A new
//!   frame inherits the known values of the frame it refines. The walk records revisits of its own
//!   path (global dependency cycles).
//! * When no box helps, the remaining unknowns lie on global dependency cycles; they are resolved
//!   by the exact fixpoint (as the complete heuristic would), which decides the formula.

use super::exhaustive::Engine;
use super::local::{local, Op};
use super::tern::Tern;
use crate::ctl::{Dag, DagNode, NodeRef};
use crate::model::{CompId, Model};
use rustc_hash::FxHashMap;

struct Frame {
    comp: CompId,
    ctx: Box<[Tern]>,
    callee: Vec<Option<u32>>,
    vals: Vec<Vec<Tern>>,
}

/// Per frame, per (node, vertex): bit 0 visited by the current search, bit 1 on its current path.
struct Marks(Vec<Vec<u8>>);

impl Marks {
    fn slot(&mut self, lz: &Lazy, f: u32, v: u32, n: NodeRef) -> &mut u8 {
        let nv = lz.m.component(lz.frames[f as usize].comp).n_vertices() as usize;
        if self.0.len() <= f as usize {
            self.0.resize(f as usize + 1, Vec::new());
        }
        let row = &mut self.0[f as usize];
        if row.is_empty() {
            *row = vec![0; nv * lz.dag.len()];
        }
        &mut row[n as usize * nv + v as usize]
    }
}

/// One FindReason walk: the marks of what it visited, the boxes it found to (re)contextualise,
/// and the frames it already (re)contextualised on its way (to be refined after the walk).
struct Walk {
    marks: Marks,
    found: Vec<(u32, usize)>,
    dirty: Vec<u32>,
}

struct Lazy<'m> {
    m: &'m Model,
    dag: &'m Dag,
    enodes: Vec<NodeRef>,
    frames: Vec<Frame>,
    map: FxHashMap<(CompId, Box<[Tern]>), u32>,
    callers: Vec<Vec<(u32, u32)>>,
    cycles: usize,
}

pub(crate) fn check(model: &Model, dag: &Dag) -> (Vec<bool>, usize) {
    let enodes: Vec<NodeRef> = (0..dag.len() as NodeRef)
        .filter(|&n| dag.node(n).is_existential())
        .collect();
    let mut lz = Lazy {
        m: model,
        dag,
        enodes,
        frames: Vec::new(),
        map: FxHashMap::default(),
        callers: Vec::new(),
        cycles: 0,
    };
    let init = model.initial();
    // Initial context: exact, exits loop forever.
    let eng = Engine::single(model, dag);
    let c = model.component(init);
    let ne = c.exits().len();
    let mut ctx = vec![Tern::M; lz.enodes.len() * ne];
    let top = dag.root;
    let full = eng.initial_ctx(top, init);
    let order = &eng.exc[top as usize];
    for (k, e) in lz.enodes.iter().enumerate() {
        if let Ok(j) = order.binary_search(e) {
            for x in 0..ne {
                ctx[k * ne + x] = Tern::from_bool(full[j * ne + x] & 1 != 0);
            }
        }
    }
    let f0 = lz.frame(init, ctx.into(), None);
    lz.refine_all();
    let entries = c.entries().to_vec();
    loop {
        let undecided: Vec<u32> = entries
            .iter()
            .copied()
            .filter(|&en| !lz.frames[f0 as usize].vals[top as usize][en as usize].known())
            .collect();
        if undecided.is_empty() {
            break;
        }
        let mut walk = Walk {
            marks: Marks(lz.frames.iter().map(|_| Vec::new()).collect()),
            found: Vec::new(),
            dirty: Vec::new(),
        };
        for &en in &undecided {
            lz.find_reason(f0, en, top, &mut walk);
        }
        let mut found = walk.found;
        found.sort_unstable();
        found.dedup();
        match found.is_empty() && walk.dirty.is_empty() {
            false => {
                let mut dirty = walk.dirty;
                for (f, lb) in found {
                    if lz.contextualizable(f, lb) {
                        let j = lz.contextualize(f, lb);
                        dirty.push(j);
                        dirty.push(f);
                    }
                }
                lz.refine_from(dirty);
            }
            true => {
                // Global dependency cycle(s): resolve with the exact fixpoint.
                let mut eng = Engine::single(model, dag);
                let full = eng.initial_ctx(top, init);
                let v = eng.full_vals(top, init, &full).to_vec();
                let r = entries.iter().map(|&en| v[en as usize] & 1 != 0).collect();
                return (r, lz.frames.len() + eng.contexts);
            }
        }
    }
    let r = entries
        .iter()
        .map(|&en| lz.frames[f0 as usize].vals[top as usize][en as usize] == Tern::T)
        .collect();
    let _ = lz.cycles;
    (r, lz.frames.len())
}

impl<'m> Lazy<'m> {
    fn frame(&mut self, comp: CompId, ctx: Box<[Tern]>, inherit: Option<u32>) -> u32 {
        if let Some(&f) = self.map.get(&(comp, ctx.clone())) {
            return f;
        }
        let c = self.m.component(comp);
        let nv = c.n_vertices() as usize;
        let vals = match inherit {
            Some(j) => self.frames[j as usize].vals.clone(),
            None => vec![vec![Tern::M; nv]; self.dag.len()],
        };
        let id = self.frames.len() as u32;
        self.frames.push(Frame {
            comp,
            ctx: ctx.clone(),
            callee: vec![None; c.boxes().len()],
            vals,
        });
        self.callers.push(Vec::new());
        self.map.insert((comp, ctx), id);
        id
    }

    fn induced_ctx(&self, f: u32, lb: usize) -> (CompId, Box<[Tern]>) {
        let fr = &self.frames[f as usize];
        let c = self.m.component(fr.comp);
        let callee = self.m.box_info(c.boxes()[lb]).callee();
        let nq = self.m.component(callee).exits().len();
        let rb = c.box_ret[lb] as usize;
        let mut ctx = Vec::with_capacity(self.enodes.len() * nq);
        for &e in &self.enodes {
            ctx.extend_from_slice(&fr.vals[e as usize][rb..rb + nq]);
        }
        (callee, ctx.into())
    }

    fn contextualizable(&self, f: u32, lb: usize) -> bool {
        match self.frames[f as usize].callee[lb] {
            None => true,
            Some(j) => self.induced_ctx(f, lb).1 != self.frames[j as usize].ctx,
        }
    }

    fn contextualize(&mut self, f: u32, lb: usize) -> u32 {
        let (callee, ctx) = self.induced_ctx(f, lb);
        let old = self.frames[f as usize].callee[lb];
        let j = self.frame(callee, ctx, old);
        self.frames[f as usize].callee[lb] = Some(j);
        if !self.callers[j as usize].contains(&(f, lb as u32)) {
            self.callers[j as usize].push((f, lb as u32));
        }
        if let Some(o) = old {
            if o != j {
                self.callers[o as usize].retain(|&x| x != (f, lb as u32));
            }
        }
        j
    }

    /// Refine the given frames, and the callers of every frame whose entry values change.
    fn refine_from(&mut self, start: Vec<u32>) {
        let mut queued = vec![false; self.frames.len()];
        let mut work: Vec<u32> = Vec::new();
        for f in start {
            if !std::mem::replace(&mut queued[f as usize], true) {
                work.push(f);
            }
        }
        while let Some(f) = work.pop() {
            queued[f as usize] = false;
            let entries = self
                .m
                .component(self.frames[f as usize].comp)
                .entries()
                .to_vec();
            let before: Vec<Tern> = self.frames[f as usize]
                .vals
                .iter()
                .flat_map(|v| entries.iter().map(move |&e| v[e as usize]))
                .collect();
            if !self.refine(f) {
                continue;
            }
            let after: Vec<Tern> = self.frames[f as usize]
                .vals
                .iter()
                .flat_map(|v| entries.iter().map(move |&e| v[e as usize]))
                .collect();
            if before != after {
                for &(g, _) in &self.callers[f as usize] {
                    if !std::mem::replace(&mut queued[g as usize], true) {
                        work.push(g);
                    }
                }
            }
        }
    }

    fn refine_all(&mut self) {
        loop {
            let mut changed = false;
            for f in (0..self.frames.len() as u32).rev() {
                changed |= self.refine(f);
            }
            if !changed {
                break;
            }
        }
    }

    /// Calls `visit(call vertex, value)` for every call vertex of an expanded box of frame `f`,
    /// with the value of node `n` that the callee frame has at the matching entry (what a call
    /// vertex shows: the path continues at that entry).
    #[inline]
    fn for_each_call_entry(&self, f: u32, n: NodeRef, mut visit: impl FnMut(usize, Tern)) {
        let fr = &self.frames[f as usize];
        let c = self.m.component(fr.comp);
        for (lb, cal) in fr.callee.iter().enumerate() {
            if let Some(j) = cal {
                let q = &self.frames[*j as usize];
                let qc = self.m.component(q.comp);
                for (i, &en) in qc.entries().iter().enumerate() {
                    visit(
                        (c.box_call[lb] + i as u32) as usize,
                        q.vals[n as usize][en as usize],
                    );
                }
            }
        }
    }

    /// RefineTernary for one frame; returns whether anything changed.
    fn refine(&mut self, f: u32) -> bool {
        let m = self.m;
        let comp = self.frames[f as usize].comp;
        let c = m.component(comp);
        let nv = c.n_vertices() as usize;
        let ne = c.exits().len();
        let mut changed = false;
        for n in 0..self.dag.len() as NodeRef {
            let fr = &self.frames[f as usize];
            let vals = &fr.vals;
            // Known everywhere in this frame: nothing left to refine (RSMCheck's known_formulas).
            if !vals[n as usize].contains(&Tern::M) {
                continue;
            }
            let new: Vec<Tern> = match self.dag.node(n) {
                DagNode::True => vec![Tern::T; nv],
                DagNode::Atom(s) => {
                    let a = m.atom(&self.dag.atoms[s as usize]);
                    (0..nv)
                        .map(|v| Tern::from_bool(a.is_some_and(|a| m.has_label(c.vnode[v], a))))
                        .collect()
                }
                DagNode::Not(x) => vals[x as usize].iter().map(|t| t.not()).collect(),
                DagNode::And(a, b) => vals[a as usize]
                    .iter()
                    .zip(&vals[b as usize])
                    .map(|(x, y)| x.and(*y))
                    .collect(),
                DagNode::Or(a, b) => vals[a as usize]
                    .iter()
                    .zip(&vals[b as usize])
                    .map(|(x, y)| x.or(*y))
                    .collect(),
                node => {
                    let (op, a, b) = Op::of(node);
                    let k = self.enodes.binary_search(&n).expect("existential");
                    let mut sink = vec![Tern::M; nv];
                    for (x, &xv) in c.exits().iter().enumerate() {
                        sink[xv as usize] = fr.ctx[k * ne + x];
                    }
                    self.for_each_call_entry(f, n, |cv, t| sink[cv] = t);
                    local(
                        c,
                        op,
                        &vals[a as usize],
                        &vals[b as usize],
                        &sink,
                        &vals[n as usize],
                    )
                }
            };
            let mut new = new;
            // Call vertices of every node show the callee entry (when expanded); keep known values.
            self.for_each_call_entry(f, n, |cv, t| {
                if t.known() {
                    new[cv] = t;
                }
            });
            let old = &self.frames[f as usize].vals[n as usize];
            for v in 0..nv {
                if old[v].known() {
                    new[v] = old[v];
                }
            }
            if new != *old {
                changed = true;
                self.frames[f as usize].vals[n as usize] = new;
            }
        }
        changed
    }

    /// GetNextExpansion / FindReason: a box whose (re)contextualisation may decide `(f, v, n)`.
    fn find_reason(&mut self, f: u32, v: u32, n: NodeRef, walk: &mut Walk) {
        crate::deep::grow(|| {
            if self.frames[f as usize].vals[n as usize][v as usize].known() {
                return;
            }
            let mk = *walk.marks.slot(self, f, v, n);
            if mk & 2 != 0 {
                self.cycles += 1; // a global dependency cycle through (f, v, n)
                return;
            }
            if mk & 1 != 0 {
                return;
            }
            *walk.marks.slot(self, f, v, n) = 3;
            self.find_reason_inner(f, v, n, walk);
            *walk.marks.slot(self, f, v, n) = 1;
        })
    }

    fn find_reason_inner(&mut self, f: u32, v: u32, n: NodeRef, walk: &mut Walk) {
        let m = self.m;
        let comp = self.frames[f as usize].comp;
        let c = m.component(comp);
        let unknown = |s: &Self, f: u32, v: u32, n: NodeRef| {
            !s.frames[f as usize].vals[n as usize][v as usize].known()
        };
        if c.is_call(v) {
            let lb = c.local_box(v).expect("call vertex") as usize;
            if self.contextualizable(f, lb) {
                // (Re)contextualise the box now and go on into the callee if its entry is still
                // unknown there: a walk down a call chain expands it in one round, not one box per
                // round (which made a chain `d` deep cost `d` rounds of `d` steps each).
                let j = self.contextualize(f, lb);
                walk.dirty.push(j);
                walk.dirty.push(f);
                self.refine(j);
            }
            let j = self.frames[f as usize].callee[lb].expect("expanded");
            let k = (v - c.box_call[lb]) as usize;
            let en = m.component(self.frames[j as usize].comp).entries()[k];
            self.find_reason(j, en, n, walk);
            return;
        }
        let node = self.dag.node(n);
        match node {
            DagNode::True | DagNode::Atom(_) => {}
            DagNode::Not(x) => self.find_reason(f, v, x, walk),
            DagNode::And(a, b) | DagNode::Or(a, b) => {
                for x in [a, b] {
                    if unknown(self, f, v, x) {
                        self.find_reason(f, v, x, walk);
                    }
                }
            }
            _ if c.is_exit(v) => {
                // Leave the component: every caller's return vertex for this exit.
                let x = c.exits().iter().position(|&e| e == v).expect("exit");
                let callers = self.callers[f as usize].clone();
                for (g, lb) in callers {
                    if self.contextualizable(g, lb as usize) {
                        walk.found.push((g, lb as usize));
                        continue;
                    }
                    let gc = m.component(self.frames[g as usize].comp);
                    let rv = gc.box_ret[lb as usize] + x as u32;
                    self.find_reason(g, rv, n, walk);
                }
            }
            DagNode::EX(a) => {
                for &w in c.succ(v) {
                    if unknown(self, f, w, a) {
                        self.find_reason(f, w, a, walk);
                    }
                }
            }
            DagNode::EU(_, _) | DagNode::EG(_) => {
                let (a, b) = match node {
                    DagNode::EU(x, y) => (x, Some(y)),
                    DagNode::EG(x) => (x, None),
                    _ => unreachable!(),
                };
                if let Some(b) = b {
                    if unknown(self, f, v, b) {
                        self.find_reason(f, v, b, walk);
                    }
                }
                if unknown(self, f, v, a) {
                    self.find_reason(f, v, a, walk);
                }
                for &w in c.succ(v) {
                    if unknown(self, f, w, n) {
                        self.find_reason(f, w, n, walk);
                    }
                }
            }
        }
    }
}
