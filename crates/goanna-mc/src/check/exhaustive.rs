//! The exhaustive strategy: bottom-up labelling of every reachable context (thesis, chapter 3),
//! generalised to components with several exits and evaluated bit-parallel over up to 64 formula
//! instances of the same shape ("lanes").
//!
//! A *full frame* of a formula node `φ` is a component plus a *context*: the value, at every exit,
//! of every existential subformula of `φ` (`φ` included) at the caller's return vertex. By Lemma
//! 3.3.3 of the thesis the full frame determines `φ` everywhere in the component.
//!
//! For an existential node the engine does not enumerate the two (or, with `k` exits, `2^k`)
//! possible values of `φ`'s own annotation. It solves `φ` once per *strict frame* (the context of
//! the strict subformulae only) into a summary: per vertex a bit `L` ("holds whatever `φ` is at the
//! exits") and a set `R` of exits ("holds if `φ` holds after returning through one of these").
//! With one exit this is exactly the thesis's pair of t- and f-topped contexts. The value in a full
//! frame is then `L ∨ ⋁_{x ∈ R} top(x)`.
//!
//! Summaries are the least fixpoint (EX, EU, and `R` of EG) or the greatest fixpoint (`L` of EG:
//! infinite paths that stay in the component or descend into calls forever) of local equations
//! over all strict frames reachable from the one asked for; call vertices read the callee frame's
//! summary at the entry and follow it to the return vertices ("summary edges"). This plays the role
//! of `labelByFixpoint` and `decideRemainingMaybes` (EG on endless recursion is a greatest
//! fixpoint, EU a least one). Each fixpoint is a worklist over vertices with callee-to-caller
//! back-pointers.

use super::local::Op;
use crate::ctl::{Dag, DagNode, NodeRef};
use crate::deadline::{Cancelled, Deadline, Poll};
use crate::model::{AtomId, CompId, Component, Model, Vertex};
use rustc_hash::FxHashMap;

type Key = (CompId, Box<[u64]>);

#[derive(Default)]
struct FullStore {
    map: FxHashMap<Key, u32>,
    frames: Vec<Full>,
}

struct Full {
    vals: Vec<u64>,
}

#[derive(Default)]
struct StrictStore {
    map: FxHashMap<Key, u32>,
    frames: Vec<SFrame>,
}

struct SFrame {
    comp: CompId,
    callee: Vec<u32>,
    callers: Vec<(u32, u32)>,
    a: u32,
    b: u32,
    vals: Vec<u64>,
}

/// The bottom-up summary engine (also used as the exact back end of the other strategies).
pub(crate) struct Engine<'m> {
    pub(crate) m: &'m Model,
    pub(crate) dag: &'m Dag,
    /// Per atom slot, per lane: the model's atom (None: no node carries it).
    lane_atoms: Vec<Vec<Option<AtomId>>>,
    pub(crate) lane_mask: u64,
    /// One lane: summaries store `R` as a bitset over exits instead of one lane word per exit.
    single: bool,
    pub(crate) exc: Vec<Vec<NodeRef>>,
    full: Vec<FullStore>,
    strict: Vec<StrictStore>,
    /// Strict frames built (contexts).
    pub(crate) contexts: usize,
    /// The deadline the fixpoints poll; once it has passed they stop and every value the
    /// engine holds is meaningless (callers ask [`Engine::cancelled`]).
    poll: Poll,
}

fn nex(m: &Model, c: CompId) -> usize {
    m.comps[c as usize].exits.len()
}

/// Words per vertex in a summary: `L`, then `R` (per exit a lane word, or one bit per exit).
fn stride_of(single: bool, ne: usize) -> usize {
    if single {
        1 + ne.div_ceil(64)
    } else {
        1 + ne
    }
}

/// Lane mask of "exit `x` is in `R`" for the `R` words `r`.
#[inline]
fn r_mask(single: bool, r: &[u64], x: usize) -> u64 {
    if single {
        0u64.wrapping_sub((r[x >> 6] >> (x & 63)) & 1)
    } else {
        r[x]
    }
}

impl<'m> Engine<'m> {
    /// `lane_atoms[slot][lane]`: the atom of each lane for each atom slot of the DAG.
    pub(crate) fn new(
        m: &'m Model,
        dag: &'m Dag,
        lane_atoms: Vec<Vec<Option<AtomId>>>,
        lanes: usize,
    ) -> Self {
        let lane_mask = if lanes >= 64 {
            u64::MAX
        } else {
            (1u64 << lanes) - 1
        };
        let n = dag.nodes.len();
        Engine {
            m,
            dag,
            lane_atoms,
            lane_mask,
            single: lanes == 1,
            exc: dag.existential_closure(),
            full: (0..n).map(|_| FullStore::default()).collect(),
            strict: (0..n).map(|_| StrictStore::default()).collect(),
            contexts: 0,
            poll: Poll::new(&Deadline::never()),
        }
    }

    /// This engine, stopping its fixpoints once `deadline` has passed.
    pub(crate) fn with_deadline(mut self, deadline: &Deadline) -> Self {
        self.poll = Poll::new(deadline);
        self
    }

    /// `Err(Cancelled)` when a fixpoint stopped at the deadline: the values are not to be used.
    pub(crate) fn cancelled(&self) -> Result<(), Cancelled> {
        if self.poll.is_expired() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }

    /// Single-lane engine for one DAG.
    pub(crate) fn single(m: &'m Model, dag: &'m Dag) -> Self {
        let la = dag.atoms.iter().map(|a| vec![m.atom(a)]).collect();
        Self::new(m, dag, la, 1)
    }

    fn atom_mask(&self, slot: u32, node: u32) -> u64 {
        let mut mask = 0;
        for (lane, a) in self.lane_atoms[slot as usize].iter().enumerate() {
            if let Some(a) = a {
                if self.m.has_label(node, *a) {
                    mask |= 1 << lane;
                }
            }
        }
        mask
    }

    /// Value of node `n` at exit vertex `x` of `comp`, given the context words of the
    /// existential nodes (in `exc_order`) for that exit (`ctx_at_exit[k]`).
    fn eval_at_exit(&self, n: NodeRef, node: u32, order: &[NodeRef], vals: &[u64]) -> u64 {
        crate::deep::grow(|| match self.dag.node(n) {
            DagNode::True => self.lane_mask,
            DagNode::Atom(s) => self.atom_mask(s, node),
            DagNode::Not(x) => !self.eval_at_exit(x, node, order, vals) & self.lane_mask,
            DagNode::And(a, b) => {
                self.eval_at_exit(a, node, order, vals) & self.eval_at_exit(b, node, order, vals)
            }
            DagNode::Or(a, b) => {
                self.eval_at_exit(a, node, order, vals) | self.eval_at_exit(b, node, order, vals)
            }
            _ => {
                let k = order.binary_search(&n).expect("existential closure");
                vals[k]
            }
        })
    }

    /// The context of the initial component with an empty stack: every exit loops forever, so
    /// `EX ψ` and `EG ψ` equal `ψ` there and `E[ψ U χ]` equals `χ`.
    pub(crate) fn initial_ctx(&self, n: NodeRef, comp: CompId) -> Box<[u64]> {
        self.selfloop_ctx(n, comp)
    }

    /// Context of `comp` when every exit loops forever.
    pub(crate) fn selfloop_ctx(&self, n: NodeRef, comp: CompId) -> Box<[u64]> {
        let order = &self.exc[n as usize];
        let c = &self.m.comps[comp as usize];
        let ne = c.exits.len();
        let mut ctx = vec![0u64; order.len() * ne];
        let mut at = vec![0u64; order.len()];
        for (xi, &xv) in c.exits.iter().enumerate() {
            let node = c.vnode[xv as usize];
            for (k, &e) in order.iter().enumerate() {
                let arg = match self.dag.node(e) {
                    DagNode::EX(x) | DagNode::EG(x) => x,
                    DagNode::EU(_, y) => y,
                    _ => unreachable!(),
                };
                at[k] = self.eval_at_exit(arg, node, &order[..k], &at[..k]);
                ctx[k * ne + xi] = at[k];
            }
        }
        ctx.into_boxed_slice()
    }

    /// Project a context of `from` (over `exc[from]`, minus the last `drop_last` entries) to `to`.
    pub(crate) fn project(
        &self,
        from_order: &[NodeRef],
        ctx: &[u64],
        to: NodeRef,
        ne: usize,
    ) -> Box<[u64]> {
        let to_order = &self.exc[to as usize];
        let mut out = Vec::with_capacity(to_order.len() * ne);
        for e in to_order {
            let k = from_order.binary_search(e).expect("projection");
            out.extend_from_slice(&ctx[k * ne..(k + 1) * ne]);
        }
        out.into_boxed_slice()
    }

    /// Values of node `n` (one word per vertex) in the full frame `(comp, ctx)`.
    pub(crate) fn full_vals(&mut self, n: NodeRef, comp: CompId, ctx: &[u64]) -> &[u64] {
        let id = self.ensure_full(n, comp, ctx);
        &self.full[n as usize].frames[id as usize].vals
    }

    pub(crate) fn ensure_full(&mut self, n: NodeRef, comp: CompId, ctx: &[u64]) -> u32 {
        crate::deep::grow(|| {
            if let Some(&id) = self.full[n as usize].map.get(&(comp, ctx.into()) as &Key) {
                return id;
            }
            let c = &self.m.comps[comp as usize];
            let nv = c.n_vertices as usize;
            let ne = c.exits.len();
            let vals: Vec<u64> = match self.dag.node(n) {
                DagNode::True => vec![self.lane_mask; nv],
                DagNode::Atom(s) => (0..nv).map(|v| self.atom_mask(s, c.vnode[v])).collect(),
                DagNode::Not(x) => {
                    let cx = self.project(&self.exc[n as usize], ctx, x, ne);
                    let lm = self.lane_mask;
                    self.full_vals(x, comp, &cx)
                        .iter()
                        .map(|w| !w & lm)
                        .collect()
                }
                DagNode::And(a, b) | DagNode::Or(a, b) => {
                    let order = self.exc[n as usize].clone();
                    let ca = self.project(&order, ctx, a, ne);
                    let cb = self.project(&order, ctx, b, ne);
                    let ia = self.ensure_full(a, comp, &ca);
                    let ib = self.ensure_full(b, comp, &cb);
                    let va = &self.full[a as usize].frames[ia as usize].vals;
                    let vb = &self.full[b as usize].frames[ib as usize].vals;
                    if matches!(self.dag.node(n), DagNode::And(..)) {
                        va.iter().zip(vb).map(|(x, y)| x & y).collect()
                    } else {
                        va.iter().zip(vb).map(|(x, y)| x | y).collect()
                    }
                }
                _ => {
                    let k = self.exc[n as usize].len() - 1;
                    let (sctx, top) = ctx.split_at(k * ne);
                    let top: Vec<u64> = top.to_vec();
                    let sid = self.ensure_strict(n, comp, sctx);
                    let f = &self.strict[n as usize].frames[sid as usize];
                    let single = self.single;
                    let stride = stride_of(single, ne);
                    if single {
                        let mut tb = vec![0u64; stride - 1];
                        for (x, &t) in top.iter().enumerate() {
                            if t & 1 != 0 {
                                tb[x >> 6] |= 1 << (x & 63);
                            }
                        }
                        (0..nv)
                            .map(|v| {
                                let s = &f.vals[v * stride..(v + 1) * stride];
                                let hit = s[1..].iter().zip(&tb).any(|(a, b)| a & b != 0);
                                s[0] | hit as u64
                            })
                            .collect()
                    } else {
                        (0..nv)
                            .map(|v| {
                                let s = &f.vals[v * stride..(v + 1) * stride];
                                let mut w = s[0];
                                for x in 0..ne {
                                    w |= s[1 + x] & top[x];
                                }
                                w
                            })
                            .collect()
                    }
                }
            };
            let st = &mut self.full[n as usize];
            let id = st.frames.len() as u32;
            st.frames.push(Full { vals });
            st.map.insert((comp, ctx.into()), id);
            id
        })
    }

    /// The context (over `exc[n]`) that the callee of local box `lb` sees, for node `n` in the
    /// full frame `(comp, ctx)`.
    pub(crate) fn callee_ctx(
        &mut self,
        n: NodeRef,
        comp: CompId,
        ctx: &[u64],
        lb: u32,
    ) -> Box<[u64]> {
        let order = self.exc[n as usize].clone();
        self.callee_ctx_for(&order, n, comp, ctx, lb, order.len())
    }

    /// The context that the callee of local box `lb` sees from the frame `(comp, ctx)` (`ctx`
    /// over `order`), for the nodes `order[..count]` only: each one's values at the box's
    /// return vertices.
    #[inline(never)]
    pub(crate) fn callee_ctx_for(
        &mut self,
        order: &[NodeRef],
        _n: NodeRef,
        comp: CompId,
        ctx: &[u64],
        lb: u32,
        count: usize,
    ) -> Box<[u64]> {
        let m = self.m;
        let c = &m.comps[comp as usize];
        let ne = c.exits.len();
        let b = c.boxes[lb as usize];
        let callee = m.boxes[b as usize].callee;
        let nq = nex(m, callee);
        let rb = c.box_ret[lb as usize] as usize;
        let mut out = vec![0u64; count * nq];
        for (k, &e) in order[..count].iter().enumerate() {
            let ce = self.project(order, ctx, e, ne);
            let vals = self.full_vals(e, comp, &ce);
            out[k * nq..(k + 1) * nq].copy_from_slice(&vals[rb..rb + nq]);
        }
        out.into_boxed_slice()
    }

    /// Summary of existential node `n` in the strict frame `(comp, sctx)` (single lane): per
    /// vertex `stride` words, `L` then the bitset `R` over the exits.
    pub(crate) fn strict_summary(
        &mut self,
        n: NodeRef,
        comp: CompId,
        sctx: &[u64],
    ) -> (&[u64], usize) {
        let id = self.ensure_strict(n, comp, sctx);
        let stride = stride_of(self.single, nex(self.m, comp));
        (&self.strict[n as usize].frames[id as usize].vals, stride)
    }

    #[inline(never)]
    fn ensure_strict(&mut self, n: NodeRef, comp: CompId, sctx: &[u64]) -> u32 {
        if let Some(&id) = self.strict[n as usize]
            .map
            .get(&(comp, sctx.into()) as &Key)
        {
            return id;
        }
        let order = self.exc[n as usize].clone();
        let sorder = &order[..order.len() - 1];
        let (_, ca, cb) = Op::of(self.dag.node(n));
        let first = self.strict[n as usize].frames.len() as u32;
        let mut stack: Vec<(u32, Box<[u64]>)> = Vec::new();
        let single = self.single;
        let new_id = |st: &mut StrictStore, comp: CompId, sctx: Box<[u64]>, m: &Model| -> u32 {
            let id = st.frames.len() as u32;
            let c = &m.comps[comp as usize];
            st.frames.push(SFrame {
                comp,
                callee: vec![u32::MAX; c.boxes.len()],
                callers: Vec::new(),
                a: 0,
                b: 0,
                vals: vec![0; c.n_vertices as usize * stride_of(single, c.exits.len())],
            });
            st.map.insert((comp, sctx.clone()), id);
            id
        };
        let id0 = new_id(&mut self.strict[n as usize], comp, sctx.into(), self.m);
        stack.push((id0, sctx.into()));
        while let Some((fid, fctx)) = stack.pop() {
            if self.poll.is_expired() {
                break;
            }
            let fcomp = self.strict[n as usize].frames[fid as usize].comp;
            let ne = nex(self.m, fcomp);
            let pa = self.project(sorder, &fctx, ca, ne);
            let ia = self.ensure_full(ca, fcomp, &pa);
            let pb = self.project(sorder, &fctx, cb, ne);
            let ib = self.ensure_full(cb, fcomp, &pb);
            {
                let f = &mut self.strict[n as usize].frames[fid as usize];
                f.a = ia;
                f.b = ib;
            }
            let nb = self.m.comps[fcomp as usize].boxes.len();
            for lb in 0..nb {
                let b = self.m.comps[fcomp as usize].boxes[lb];
                let callee = self.m.boxes[b as usize].callee;
                let cctx = self.callee_ctx_for(&order, n, fcomp, &fctx, lb as u32, sorder.len());
                let st = &mut self.strict[n as usize];
                let cid = match st.map.get(&(callee, cctx.clone())) {
                    Some(&c) => c,
                    None => {
                        let c = new_id(st, callee, cctx.clone(), self.m);
                        stack.push((c, cctx));
                        c
                    }
                };
                st.frames[fid as usize].callee[lb] = cid;
                st.frames[cid as usize].callers.push((fid, lb as u32));
            }
        }
        let last = self.strict[n as usize].frames.len() as u32;
        self.contexts += (last - first) as usize;
        self.solve(n, first, last);
        id0
    }

    /// Solve the summaries of the strict frames `first..last` of node `n`.
    #[inline(never)]
    fn solve(&mut self, n: NodeRef, first: u32, last: u32) {
        let kind = self.dag.node(n);
        let (_, ca, cb) = Op::of(kind);
        let m = self.m;
        let lm = self.lane_mask;
        let single = self.single;
        let full_a = &self.full[ca as usize];
        let full_b = &self.full[cb as usize];
        let st = &mut self.strict[n as usize];
        let poll = &mut self.poll;
        // Phase 1: least fixpoint (EX, EU: L and R; EG: R only).
        solve_lfp(st, m, full_a, full_b, kind, first, last, single, lm, poll);
        // Phase 2 (EG): greatest fixpoint of L.
        if matches!(kind, DagNode::EG(_)) && !poll.is_expired() {
            solve_gfp(st, m, full_a, first, last, single, lm, poll);
        }
    }
}

/// The worklist of a fixpoint over the strict frames `first..last`: per frame the vertices to
/// re-examine (each queued at most once), and a stack of the frames that have some.
struct Worklist {
    first: u32,
    pending: Vec<Vec<Vertex>>,
    queued: Vec<Vec<bool>>,
    frames: Vec<u32>,
    in_frames: Vec<bool>,
}

impl Worklist {
    /// A worklist with no vertices queued yet, whose frame stack holds `order` (all of
    /// `first..last`, popped from the back); [`Worklist::add_frame`] must then be called for
    /// every frame, in order.
    fn new(first: u32, last: u32, order: Vec<u32>) -> Self {
        let n = (last - first) as usize;
        Worklist {
            first,
            pending: Vec::with_capacity(n),
            queued: Vec::with_capacity(n),
            frames: order,
            in_frames: vec![true; n],
        }
    }
    /// Adds the (empty) vertex queue of the next frame, which has `nv` vertices.
    fn add_frame(&mut self, nv: usize) {
        self.pending.push(Vec::new());
        self.queued.push(vec![false; nv]);
    }
    /// Queues vertex `v` of the frame with index `fi` (its id minus `first`), unless it is queued.
    #[inline]
    fn push(&mut self, fi: usize, v: Vertex) {
        if !self.queued[fi][v as usize] {
            self.queued[fi][v as usize] = true;
            self.pending[fi].push(v);
        }
    }
    /// Puts frame `g` on the frame stack, unless it is there.
    #[inline]
    fn schedule(&mut self, g: u32) {
        let gi = (g - self.first) as usize;
        if !self.in_frames[gi] {
            self.in_frames[gi] = true;
            self.frames.push(g);
        }
    }
    /// The next frame to work on: its id and index.
    #[inline]
    fn pop_frame(&mut self) -> Option<(u32, usize)> {
        let fid = self.frames.pop()?;
        let fi = (fid - self.first) as usize;
        self.in_frames[fi] = false;
        Some((fid, fi))
    }
    /// The next queued vertex of the frame with index `fi`.
    #[inline]
    fn pop_vertex(&mut self, fi: usize) -> Option<Vertex> {
        let v = self.pending[fi].pop()?;
        self.queued[fi][v as usize] = false;
        Some(v)
    }
}

/// The call vertices that entry `ei` of strict frame `fid` feeds: for every caller frame of the
/// batch being solved (ids from `first` on; older frames are solved already), the caller and its
/// call vertex of the calling box for that entry. A cursor rather than an iterator, so that the
/// loop body may update the frames between steps.
struct EntryCallers {
    fid: u32,
    ei: u32,
    first: u32,
    next: usize,
}

impl EntryCallers {
    /// The call vertices that entry `ei` of frame `fid` feeds in the batch from `first` on.
    fn new(fid: u32, ei: u32, first: u32) -> Self {
        EntryCallers {
            fid,
            ei,
            first,
            next: 0,
        }
    }
    /// The next caller: its frame id, its component and the call vertex.
    #[inline]
    fn next<'m>(&mut self, st: &StrictStore, m: &'m Model) -> Option<(u32, &'m Component, Vertex)> {
        let callers = &st.frames[self.fid as usize].callers;
        while let Some(&(g, lb)) = callers.get(self.next) {
            self.next += 1;
            if g < self.first {
                continue;
            }
            let gc = &m.comps[st.frames[g as usize].comp as usize];
            return Some((g, gc, gc.box_call[lb as usize] + self.ei));
        }
        None
    }
}

/// The call vertices of local box `lb` of component `c`, one per entry of the callee.
#[inline]
fn box_calls(m: &Model, c: &Component, lb: usize) -> std::ops::Range<Vertex> {
    let callee = m.boxes[c.boxes[lb] as usize].callee;
    let nen = m.comps[callee as usize].entries.len() as u32;
    c.box_call[lb]..c.box_call[lb] + nen
}

/// `L` and `R` of exit `x` in its own frame: `R` is exactly `{x}` (`buf[1..]` must be zero).
#[inline]
fn exit_r(single: bool, lm: u64, x: usize, buf: &mut [u64]) {
    if single {
        buf[1 + (x >> 6)] |= 1 << (x & 63);
    } else {
        buf[1 + x] = lm;
    }
}

/// A value word `w` of an operand as a mask over the lanes of a summary word: one lane
/// broadcasts its bit to the whole word (summaries keep `R` as a bitset then).
#[inline]
fn lanes(single: bool, w: u64) -> u64 {
    if single {
        0u64.wrapping_sub(w & 1)
    } else {
        w
    }
}

/// Value of call vertex `v` (local box `lb`, entry `k`) of frame `fid` from its callee's entry
/// summary and the frame's return vertices: `L = Lq ∨ ⋁x Rq(x) ∧ L(ret x)`, `R = ⋁x Rq(x) ∧ R(ret x)`.
#[allow(clippy::too_many_arguments)]
fn call_value(
    st: &StrictStore,
    m: &Model,
    fid: u32,
    c: &Component,
    v: Vertex,
    single: bool,
    stride: usize,
    buf: &mut [u64],
) {
    let f = &st.frames[fid as usize];
    let lb = c.vbox[v as usize] as usize;
    let k = (v - c.box_call[lb]) as usize;
    let q = &st.frames[f.callee[lb] as usize];
    let qc = &m.comps[q.comp as usize];
    let qs = stride_of(single, qc.exits.len());
    let en = qc.entries[k] as usize;
    let qv = &q.vals[en * qs..(en + 1) * qs];
    buf.fill(0);
    buf[0] = qv[0];
    let rb = c.box_ret[lb] as usize;
    for xq in 0..qc.exits.len() {
        let rq = r_mask(single, &qv[1..], xq);
        if rq == 0 {
            continue;
        }
        let r = &f.vals[(rb + xq) * stride..(rb + xq + 1) * stride];
        for (o, &ri) in buf.iter_mut().zip(r) {
            *o |= rq & ri;
        }
    }
}

/// Greatest fixpoint of `L` of EG (phase 2, with `R` fixed from phase 1): infinite paths that
/// stay in the component or descend into calls forever. Starts from the top and re-evaluates
/// every vertex until nothing changes.
#[allow(clippy::too_many_arguments)]
fn solve_gfp(
    st: &mut StrictStore,
    m: &Model,
    full_a: &FullStore,
    first: u32,
    last: u32,
    single: bool,
    lm: u64,
    poll: &mut Poll,
) {
    for fid in first..last {
        let f = &mut st.frames[fid as usize];
        let c = &m.comps[f.comp as usize];
        let stride = stride_of(single, c.exits.len());
        let psi = &full_a.frames[f.a as usize].vals;
        for (v, &p) in psi.iter().enumerate().take(c.n_vertices as usize) {
            f.vals[v * stride] = if c.exit_idx[v] != u32::MAX {
                0
            } else if (v as u32) >= c.n_nodes && (v as u32) < c.ret_base {
                lm
            } else {
                p
            };
        }
    }
    let mut wl = Worklist::new(first, last, (first..last).collect());
    for fid in first..last {
        // The greatest fixpoint starts from the top and must look at every vertex.
        let c = &m.comps[st.frames[fid as usize].comp as usize];
        wl.add_frame(c.n_vertices as usize);
        for v in 0..c.n_vertices {
            wl.push((fid - first) as usize, v);
        }
    }
    let mut buf: Vec<u64> = Vec::new();
    while let Some((fid, fi)) = wl.pop_frame() {
        while let Some(v) = wl.pop_vertex(fi) {
            if poll.tick().is_err() {
                return;
            }
            let (comp, fa) = {
                let f = &st.frames[fid as usize];
                (f.comp, f.a)
            };
            let c = &m.comps[comp as usize];
            let ne = c.exits.len();
            let stride = stride_of(single, ne);
            let psi = &full_a.frames[fa as usize].vals;
            buf.clear();
            buf.resize(stride, 0);
            let vu = v as usize;
            {
                let cur = &st.frames[fid as usize].vals;
                if c.exit_idx[vu] != u32::MAX {
                    exit_r(single, lm, c.exit_idx[vu] as usize, &mut buf);
                } else if v >= c.n_nodes && v < c.ret_base {
                    call_value(st, m, fid, c, v, single, stride, &mut buf);
                    // keep R fixed from phase 1
                    buf[1..].copy_from_slice(&cur[vu * stride + 1..(vu + 1) * stride]);
                } else {
                    for &w in c.succ(v) {
                        let r = &cur[w as usize * stride..(w as usize + 1) * stride];
                        for (o, &ri) in buf.iter_mut().zip(r) {
                            *o |= ri;
                        }
                    }
                    let p = lanes(single, psi[vu]);
                    for o in buf.iter_mut() {
                        *o &= p;
                    }
                    buf[1..].copy_from_slice(&cur[vu * stride + 1..(vu + 1) * stride]);
                }
                let old = &cur[vu * stride..(vu + 1) * stride];
                let mut same = true;
                for i in 0..stride {
                    same &= old[i] == buf[i];
                }
                if same {
                    continue;
                }
            }
            st.frames[fid as usize].vals[vu * stride..(vu + 1) * stride].copy_from_slice(&buf);
            // Re-examine local predecessors.
            for &p in c.pred(v) {
                wl.push(fi, p);
            }
            // A return vertex feeds the call vertices of its box.
            if v >= c.ret_base {
                for p in box_calls(m, c, c.vbox[vu] as usize) {
                    wl.push(fi, p);
                }
            }
            // An entry feeds the callers' call vertices.
            let ei = c.entry_idx[vu];
            if ei != u32::MAX {
                let mut callers = EntryCallers::new(fid, ei, first);
                while let Some((g, _, cv)) = callers.next(st, m) {
                    wl.push((g - first) as usize, cv);
                    wl.schedule(g);
                }
            }
        }
    }
}

/// Least fixpoint (EX, EU; `R` of EG) by pushing changes to predecessors: values only grow and
/// every equation is a join over successors, so a changed vertex only needs to OR its new value
/// (under the predecessor's guard) into each predecessor.
#[allow(clippy::too_many_arguments)]
fn solve_lfp(
    st: &mut StrictStore,
    m: &Model,
    full_a: &FullStore,
    full_b: &FullStore,
    kind: DagNode,
    first: u32,
    last: u32,
    single: bool,
    lm: u64,
    poll: &mut Poll,
) {
    let is_eu = matches!(kind, DagNode::EU(..));
    let is_ex = matches!(kind, DagNode::EX(_));
    let mut wl = Worklist::new(first, last, (first..last).rev().collect());
    let mut buf: Vec<u64> = Vec::new();
    // Base values.
    for fid in first..last {
        let (comp, fa, fb) = {
            let f = &st.frames[fid as usize];
            (f.comp, f.a, f.b)
        };
        let c = &m.comps[comp as usize];
        let stride = stride_of(single, c.exits.len());
        let psi = &full_a.frames[fa as usize].vals;
        let chi = &full_b.frames[fb as usize].vals;
        let fi = (fid - first) as usize;
        wl.add_frame(c.n_vertices as usize);
        buf.resize(stride, 0);
        for v in 0..c.n_vertices {
            let vu = v as usize;
            buf.fill(0);
            if c.exit_idx[vu] != u32::MAX {
                exit_r(single, lm, c.exit_idx[vu] as usize, &mut buf);
                if is_eu {
                    buf[0] = chi[vu];
                }
            } else if v >= c.n_nodes && v < c.ret_base {
                call_value(st, m, fid, c, v, single, stride, &mut buf);
            } else if is_ex {
                for &w in c.succ(v) {
                    buf[0] |= psi[w as usize];
                }
            } else if is_eu {
                buf[0] = chi[vu];
            }
            if buf.iter().any(|&w| w != 0) {
                st.frames[fid as usize].vals[vu * stride..(vu + 1) * stride].copy_from_slice(&buf);
                wl.push(fi, v);
            }
        }
    }
    let mut val: Vec<u64> = Vec::new();
    while let Some((fid, fi)) = wl.pop_frame() {
        let (comp, fa) = {
            let f = &st.frames[fid as usize];
            (f.comp, f.a)
        };
        let c = &m.comps[comp as usize];
        let stride = stride_of(single, c.exits.len());
        let psi = &full_a.frames[fa as usize].vals;
        while let Some(w) = wl.pop_vertex(fi) {
            if poll.tick().is_err() {
                return;
            }
            let wu = w as usize;
            val.clear();
            val.extend_from_slice(&st.frames[fid as usize].vals[wu * stride..(wu + 1) * stride]);
            // ordinary predecessors (EX does not propagate: its value depends on ψ only)
            if !is_ex {
                for &p in c.pred(w) {
                    let pu = p as usize;
                    if c.exit_idx[pu] != u32::MAX {
                        continue;
                    }
                    let g = lanes(single, psi[pu]);
                    if g == 0 {
                        continue;
                    }
                    let cur = &mut st.frames[fid as usize].vals[pu * stride..(pu + 1) * stride];
                    let mut changed = false;
                    for (o, &x) in cur.iter_mut().zip(&val) {
                        let n = *o | (g & x);
                        changed |= n != *o;
                        *o = n;
                    }
                    if matches!(kind, DagNode::EG(_)) {
                        cur[0] = 0; // phase 1 of EG computes R only
                    }
                    if changed {
                        wl.push(fi, p);
                    }
                }
            }
            // a return vertex feeds the call vertices of its box
            if w >= c.ret_base {
                let lb = c.vbox[wu] as usize;
                let x = (w - c.box_ret[lb]) as usize;
                let qid = st.frames[fid as usize].callee[lb];
                for (k, cv) in box_calls(m, c, lb).enumerate() {
                    // delta: the call vertex gains `Rq(x) ∧ value(ret x)`
                    let rq = {
                        let q = &st.frames[qid as usize];
                        let qc = &m.comps[q.comp as usize];
                        let qs = stride_of(single, qc.exits.len());
                        let en = qc.entries[k] as usize;
                        r_mask(single, &q.vals[en * qs + 1..(en + 1) * qs], x)
                    };
                    if rq == 0 {
                        continue;
                    }
                    let cur = &mut st.frames[fid as usize].vals
                        [cv as usize * stride..(cv as usize + 1) * stride];
                    let mut changed = false;
                    for (o, &y) in cur.iter_mut().zip(&val) {
                        let n = *o | (rq & y);
                        changed |= n != *o;
                        *o = n;
                    }
                    if matches!(kind, DagNode::EG(_)) {
                        cur[0] = 0;
                    }
                    if changed {
                        wl.push(fi, cv);
                    }
                }
            }
            // an entry feeds the callers' call vertices
            let ei = c.entry_idx[wu];
            if ei != u32::MAX {
                let mut callers = EntryCallers::new(fid, ei, first);
                while let Some((g, gc, cv)) = callers.next(st, m) {
                    let gs = stride_of(single, gc.exits.len());
                    buf.resize(gs, 0);
                    call_value(st, m, g, gc, cv, single, gs, &mut buf[..gs]);
                    if matches!(kind, DagNode::EG(_)) {
                        buf[0] = 0;
                    }
                    let cur =
                        &mut st.frames[g as usize].vals[cv as usize * gs..(cv as usize + 1) * gs];
                    if *cur != buf[..gs] {
                        cur.copy_from_slice(&buf[..gs]);
                        wl.push((g - first) as usize, cv);
                        wl.schedule(g);
                    }
                }
            }
        }
    }
}
