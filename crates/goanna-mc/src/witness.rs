//! Witnesses and counterexamples: paths through the RKS, as sequences of configurations
//! `(call stack, node)`.
//!
//! A [`Witness`] is a finite prefix and, for infinite obligations (EG), a loop: after the last
//! step the path continues at `steps[loop_start]`, with the call stack of the loop part extended
//! by `loop_push` (empty for an ordinary loop; non-empty for a path that recurses forever, where
//! every round pushes the same boxes). For EU and EX the path is finite: its last step meets the
//! obligation and any continuation will do.
//!
//! Paths are short: EU witnesses are shortest over configurations (A* search whose heuristic is
//! the exact distance in the finite abstraction over (component, context) frames, a lower
//! bound because that abstraction forgets which caller is on the stack); EG witnesses are
//! found depth-first, closing a loop as soon as a successor is on the current path.
//! Values of subformulae at configurations come from the exhaustive engine (exact per context).

use crate::check::exhaustive::Engine;
use crate::ctl::{Dag, DagNode, Formula, NodeRef};
use crate::model::{BoxId, CompId, Model, NodeId, Vertex, VertexKind};
use crate::Error;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// A call stack of a witness: an index into [`Witness::stacks`]; [`EMPTY_STACK`] is the empty one.
pub type StackId = u32;

/// The empty call stack.
pub const EMPTY_STACK: StackId = 0;

/// One call stack of a witness, shared by every step (and every deeper stack) that has it:
/// the stack below it and the box on top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct StackFrame {
    /// The stack without its top box ([`EMPTY_STACK`] for a stack of one box).
    pub parent: StackId,
    /// The box on top.
    pub top: BoxId,
    /// Number of boxes on the stack.
    pub depth: u32,
}

/// One configuration of a path.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Step {
    /// Call stack (see [`Witness::stack`]).
    pub stack: StackId,
    /// The node.
    pub node: NodeId,
}

/// A path: finite prefix plus optional loop (see the module documentation).
///
/// Call stacks are shared (a tree of parent pointers), so a path through a call chain `d` deep
/// takes space and time linear in its length, not `d` times it; [`Witness::stack`] materialises
/// one step's stack.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Witness {
    /// The configurations, in order.
    pub steps: Vec<Step>,
    /// The call stacks of the steps; index 0 stands for the empty stack and is never read.
    pub stacks: Vec<StackFrame>,
    /// Where the loop starts again after the last step (None: finite witness).
    pub loop_start: Option<usize>,
    /// Boxes pushed by every round of the loop (empty: an ordinary loop).
    pub loop_push: Vec<BoxId>,
    /// Elementary search steps spent building the witness (vertices visited, configurations
    /// emitted): a measure of its cost that does not depend on the machine.
    #[serde(skip)]
    pub work: usize,
}

impl Witness {
    /// The call stack of step `i`, outermost box first.
    pub fn stack(&self, i: usize) -> Vec<BoxId> {
        self.stack_boxes(self.steps[i].stack)
    }

    /// The boxes of stack `id`, outermost first.
    pub fn stack_boxes(&self, mut id: StackId) -> Vec<BoxId> {
        let mut v = Vec::with_capacity(self.stack_depth(id));
        while id != EMPTY_STACK {
            let f = self.stacks[id as usize];
            v.push(f.top);
            id = f.parent;
        }
        v.reverse();
        v
    }

    /// Number of boxes on stack `id`.
    pub fn stack_depth(&self, id: StackId) -> usize {
        if id == EMPTY_STACK {
            0
        } else {
            self.stacks[id as usize].depth as usize
        }
    }

    /// Number of boxes on the call stack of step `i`.
    pub fn stack_len(&self, i: usize) -> usize {
        self.stack_depth(self.steps[i].stack)
    }

    /// Every step as (call stack, node), materialised (space: the sum of the stack depths).
    pub fn configurations(&self) -> Vec<(Vec<BoxId>, NodeId)> {
        (0..self.steps.len())
            .map(|i| (self.stack(i), self.steps[i].node))
            .collect()
    }

    /// The measure of [`Witness::work`].
    pub fn work(&self) -> usize {
        self.work
    }

    /// Render the path with node names, one step a line.
    pub fn render(&self, m: &Model) -> String {
        let mut s = String::new();
        for (i, st) in self.steps.iter().enumerate() {
            if Some(i) == self.loop_start {
                s.push_str("  -- loop starts here --\n");
            }
            let stack: Vec<&str> = self
                .stack(i)
                .iter()
                .map(|&b| m.box_info(b).name())
                .collect();
            s.push_str(&format!(
                "  [{}] {}\n",
                stack.join(" > "),
                m.node_name(st.node)
            ));
        }
        if let Some(l) = self.loop_start {
            if self.loop_push.is_empty() {
                s.push_str(&format!("  -- back to step {l} --\n"));
            } else {
                let p: Vec<&str> = self
                    .loop_push
                    .iter()
                    .map(|&b| m.box_info(b).name())
                    .collect();
                s.push_str(&format!(
                    "  -- back to step {l}, with [{}] pushed, forever --\n",
                    p.join(" > ")
                ));
            }
        }
        s
    }
}

/// Evaluation contexts for the nodes of one DAG, along call stacks.
struct Stacks {
    /// (parent stack, box, component, context of the root node); index 0 = empty stack.
    nodes: Vec<(u32, BoxId, CompId, Box<[u64]>)>,
    depth: Vec<u32>,
    map: FxHashMap<(u32, BoxId), u32>,
}

struct Ctx<'a, 'm> {
    m: &'m Model,
    eng: &'a mut Engine<'m>,
    n: NodeRef,
    st: Stacks,
    /// Elementary steps so far (see [`Witness::work`]).
    work: usize,
}

impl<'a, 'm> Ctx<'a, 'm> {
    fn new(m: &'m Model, eng: &'a mut Engine<'m>, n: NodeRef) -> Self {
        Self::new_in(m, eng, n, m.initial())
    }
    /// Paths that start in `init` with an empty stack (its exits loop forever).
    fn new_in(m: &'m Model, eng: &'a mut Engine<'m>, n: NodeRef, init: CompId) -> Self {
        let ctx = eng.initial_ctx(n, init);
        Ctx {
            m,
            eng,
            n,
            st: Stacks {
                nodes: vec![(u32::MAX, u32::MAX, init, ctx)],
                depth: vec![0],
                map: FxHashMap::default(),
            },
            work: 0,
        }
    }
    fn push(&mut self, s: u32, lb: u32) -> u32 {
        let (_, _, comp, ref ctx) = self.st.nodes[s as usize];
        let b = self.m.component(comp).boxes()[lb as usize];
        if let Some(&id) = self.st.map.get(&(s, b)) {
            return id;
        }
        let ctx = ctx.clone();
        let cctx = self.eng.callee_ctx(self.n, comp, &ctx, lb);
        let id = self.st.nodes.len() as u32;
        self.st
            .nodes
            .push((s, b, self.m.box_info(b).callee(), cctx));
        self.st.depth.push(self.st.depth[s as usize] + 1);
        self.st.map.insert((s, b), id);
        id
    }
    fn comp(&self, s: u32) -> CompId {
        self.st.nodes[s as usize].2
    }
    /// Where a path continues that leaves the frame on top of stack `s` (not the empty stack)
    /// through its exit `v`: the caller's stack and the return vertex of the box for that exit.
    fn pop_to_return(&self, s: u32, v: Vertex) -> (u32, Vertex) {
        let comp = self.m.component(self.comp(s));
        let (parent, b, _, _) = self.st.nodes[s as usize];
        let bi = self.m.box_info(b);
        let x = comp.exits().iter().position(|&e| e == v).expect("exit") as u32;
        let owner = self.m.component(bi.owner());
        (parent, owner.box_ret[bi.local as usize] + x)
    }
    /// Value of DAG node `x` (a descendant of the root node, or the root) at `(s, v)`.
    fn val(&mut self, x: NodeRef, s: u32, v: Vertex) -> bool {
        let (_, _, comp, ref ctx) = self.st.nodes[s as usize];
        let ctx = ctx.clone();
        let ne = self.m.component(comp).exits().len();
        let order = self.eng.exc[self.n as usize].clone();
        let pc = self.eng.project(&order, &ctx, x, ne);
        self.eng.full_vals(x, comp, &pc)[v as usize] & 1 != 0
    }
    /// Semantic successors of configuration `(s, v)` (v an ordinary node of the top component).
    fn succ(&mut self, s: u32, v: Vertex) -> Vec<(u32, Vertex)> {
        let comp_id = self.comp(s);
        let comp = self.m.component(comp_id);
        let (s2, from) = if comp.is_exit(v) {
            if s == 0 {
                return vec![(s, v)];
            }
            self.pop_to_return(s, v)
        } else {
            (s, v)
        };
        let oc = self.comp(s2);
        let mut out = Vec::new();
        let succs: Vec<Vertex> = self.m.component(oc).succ(from).to_vec();
        for w in succs {
            match self.m.vertex_kind(oc, w) {
                VertexKind::Node(_) => out.push((s2, w)),
                VertexKind::Call(b, en) => {
                    let lb = self.m.box_info(b).local;
                    let ns = self.push(s2, lb);
                    out.push((ns, self.m.node_vertex(en)));
                }
                VertexKind::Return(..) => out.push((s, v)),
            }
        }
        out
    }
}

/// A path found by the search, over the search's own stacks; published once as a [`Witness`].
struct Lasso {
    steps: Vec<(u32, Vertex)>,
    loop_start: Option<usize>,
    loop_push: Vec<BoxId>,
}

/// The witness of `path`: its stacks renumbered densely, each built once from its parent.
fn publish(cx: &Ctx, path: Lasso) -> Witness {
    let mut ids: FxHashMap<u32, StackId> = FxHashMap::default();
    ids.insert(0, EMPTY_STACK);
    let mut stacks = vec![StackFrame {
        parent: EMPTY_STACK,
        top: u32::MAX,
        depth: 0,
    }];
    let mut steps = Vec::with_capacity(path.steps.len());
    let mut pending = Vec::new();
    for &(s, v) in &path.steps {
        // the stacks of `s` not published yet, innermost first
        let mut t = s;
        while !ids.contains_key(&t) {
            pending.push(t);
            t = cx.st.nodes[t as usize].0;
        }
        while let Some(t) = pending.pop() {
            let (parent, b, _, _) = cx.st.nodes[t as usize];
            let p = ids[&parent];
            let depth = stacks[p as usize].depth + 1;
            ids.insert(t, stacks.len() as StackId);
            stacks.push(StackFrame {
                parent: p,
                top: b,
                depth,
            });
        }
        steps.push(Step {
            stack: ids[&s],
            node: cx.m.vertex_node(cx.comp(s), v),
        });
    }
    Witness {
        work: cx.work + steps.len() + stacks.len(),
        steps,
        stacks,
        loop_start: path.loop_start,
        loop_push: path.loop_push,
    }
}

/// Same-level paths already found, per (component, context, entry, exit): the vertices of that
/// level only (a call vertex followed by a return vertex is a jump over a same-level path of the
/// callee, itself in the memo). `None`: no such path, or the search is in progress. Paths are
/// expanded into configurations only once, for the witness that uses them
/// ([`expand_level`]), so a jump costs its level's length, not the length of everything below.
type SlMemo = FxHashMap<(CompId, Box<[u64]>, Vertex, Vertex), Option<Vec<Vertex>>>;

/// The pairs (component, context, entry) that the current descent passes through.
type Chain = rustc_hash::FxHashSet<(CompId, Box<[u64]>, Vertex)>;

/// Configuration reached at a vertex `u` of the component on top of stack `s`: return vertices
/// stand for the callee's exit with the box pushed.
fn config_at(cx: &mut Ctx, s: u32, u: Vertex) -> (u32, Vertex) {
    let comp = cx.m.component(cx.comp(s));
    if u >= comp.n_nodes() && !comp.is_call(u) {
        let lb = comp.local_box(u).expect("box");
        let x = u - comp.box_ret[lb as usize];
        let q = cx.push(s, lb);
        let qc = cx.m.component(cx.comp(q));
        (q, qc.exits()[x as usize])
    } else {
        (s, u)
    }
}

/// Strict summary (L, R) of the root EU node for the frame on top of stack `s`.
fn summary(cx: &mut Ctx, s: u32) -> (Vec<u64>, usize, Vec<u64>) {
    let (_, _, comp, ref ctx) = cx.st.nodes[s as usize];
    let ctx = ctx.clone();
    let ne = cx.m.component(comp).exits().len();
    let k = cx.eng.exc[cx.n as usize].len() - 1;
    let (sctx, top) = ctx.split_at(k * ne);
    let (vals, stride) = cx.eng.strict_summary(cx.n, comp, sctx);
    (vals.to_vec(), stride, top.to_vec())
}

/// Breadth-first search over the vertices of one level (the frame on top of one stack): which
/// vertices were reached, and from which vertex each was first reached, so that the path to any
/// of them can be read back.
struct LevelBfs {
    parent: Vec<u32>,
    seen: Vec<bool>,
    q: VecDeque<Vertex>,
}

impl LevelBfs {
    /// A search over `nv` vertices from `start`.
    fn new(nv: usize, start: Vertex) -> Self {
        let mut bfs = LevelBfs {
            parent: vec![u32::MAX; nv],
            seen: vec![false; nv],
            q: VecDeque::new(),
        };
        bfs.seen[start as usize] = true;
        bfs.q.push_back(start);
        bfs
    }
    /// Whether `w` was reached already.
    fn seen(&self, w: Vertex) -> bool {
        self.seen[w as usize]
    }
    /// Queues `w`, reached from `u`, unless it was reached before.
    fn reach(&mut self, w: Vertex, u: Vertex) {
        if !self.seen[w as usize] {
            self.seen[w as usize] = true;
            self.parent[w as usize] = u;
            self.q.push_back(w);
        }
    }
    /// The next vertex to visit.
    fn pop(&mut self) -> Option<Vertex> {
        self.q.pop_front()
    }
    /// The vertices of the search's path from its start to `last` (a reached vertex), in order.
    fn path_to(&self, last: Vertex) -> Vec<Vertex> {
        let mut level = vec![last];
        while self.parent[*level.last().expect("nonempty") as usize] != u32::MAX {
            level.push(self.parent[*level.last().expect("nonempty") as usize]);
        }
        level.reverse();
        level
    }
}

/// A call entered from a call vertex: the local box, the stack with that box pushed, and the
/// callee's entry vertex.
struct Call {
    lb: u32,
    qs: u32,
    en: Vertex,
}

/// Enters the call of call vertex `u` of the component on top of stack `s`.
fn enter_call(cx: &mut Ctx, s: u32, u: Vertex) -> Call {
    let comp = cx.m.component(cx.comp(s));
    let lb = comp.local_box(u).expect("box");
    let k = u - comp.box_call[lb as usize];
    let qs = cx.push(s, lb);
    let en = cx.m.component(cx.comp(qs)).entries()[k as usize];
    Call { lb, qs, en }
}

/// The summary edges of a level search at call vertex `u` (entering `call`): queues every return
/// vertex whose exit is in `R` of the callee's summary at the entry and is reached from the entry
/// by a same-level path through ψ-vertices. Returns the summary's `L` bit at the entry (the EU
/// holds inside the callee whatever holds at its exits).
#[allow(clippy::too_many_arguments)]
fn follow_summary(
    cx: &mut Ctx,
    a: NodeRef,
    s: u32,
    u: Vertex,
    call: &Call,
    bfs: &mut LevelBfs,
    memo: &mut SlMemo,
) -> bool {
    let comp = cx.m.component(cx.comp(s));
    let qc = cx.m.component(cx.comp(call.qs));
    let (qsum, qstride, _) = summary(cx, call.qs);
    let at_en = &qsum[call.en as usize * qstride..(call.en as usize + 1) * qstride];
    for x in 0..qc.exits().len() {
        if (at_en[1 + x / 64] >> (x % 64)) & 1 == 0 {
            continue;
        }
        let r = comp.box_ret[call.lb as usize] + x as u32;
        if !bfs.seen(r) && sl_path(cx, a, call.qs, call.en, qc.exits()[x], memo).is_some() {
            bfs.reach(r, u);
        }
    }
    at_en[0] & 1 != 0
}

/// Appends to `out` the same-level path through `call` (made from the component on top of stack
/// `s`) that comes back at return vertex `r`: from the callee's entry up to, not including, the
/// exit that `r` stands for (the caller's level shows that configuration as `r`). `None` when
/// there is no such path.
fn extend_through_call(
    cx: &mut Ctx,
    a: NodeRef,
    s: u32,
    call: &Call,
    r: Vertex,
    memo: &mut SlMemo,
    out: &mut Vec<(u32, Vertex)>,
) -> Option<()> {
    let comp = cx.m.component(cx.comp(s));
    let x = r - comp.box_ret[call.lb as usize];
    let ex = cx.m.component(cx.comp(call.qs)).exits()[x as usize];
    let level = sl_path(cx, a, call.qs, call.en, ex, memo)?;
    expand_level(cx, a, call.qs, &level[..level.len() - 1], ex, memo, out)
}

/// Appends to `out` the configurations of the level path `level` at stack `s` (the last vertex
/// of the whole path is `end`, used to close a trailing call), expanding every jump over a call
/// into the callee's same-level path.
fn expand_level(
    cx: &mut Ctx,
    a: NodeRef,
    s: u32,
    level: &[Vertex],
    end: Vertex,
    memo: &mut SlMemo,
    out: &mut Vec<(u32, Vertex)>,
) -> Option<()> {
    crate::deep::grow(|| {
        let comp = cx.m.component(cx.comp(s));
        for (i, &u) in level.iter().enumerate() {
            cx.work += 1;
            if comp.is_call(u) {
                let call = enter_call(cx, s, u);
                let next = level.get(i + 1).copied().unwrap_or(end);
                extend_through_call(cx, a, s, &call, next, memo, out)?;
            } else {
                out.push(config_at(cx, s, u));
            }
        }
        Some(())
    })
}

/// Shortest path at the level of stack `s` from vertex `v` to a χ-configuration, descending into
/// calls that contain one, jumping over calls through same-level paths, and (when `may_pop`)
/// leaving through an exit at which the EU holds in the caller.
#[allow(clippy::too_many_arguments)]
fn eu_level(
    cx: &mut Ctx,
    a: NodeRef,
    b: NodeRef,
    s: u32,
    v: Vertex,
    may_pop: bool,
    memo: &mut SlMemo,
    chain: &mut Chain,
    out: &mut Vec<(u32, Vertex)>,
) -> Option<()> {
    crate::deep::grow(|| {
        let comp_id = cx.comp(s);
        let comp = cx.m.component(comp_id);
        let nv = comp.n_vertices() as usize;
        let (sum, stride, top) = summary(cx, s);
        let mut bfs = LevelBfs::new(nv, v);
        let mut goals: Vec<Goal> = Vec::new();
        while let Some(u) = bfs.pop() {
            cx.work += 1;
            let (cs, cu) = config_at(cx, s, u);
            if cx.val(b, cs, cu) {
                goals.insert(0, Goal::Chi(u));
                break;
            }
            if comp.is_call(u) {
                let call = enter_call(cx, s, u);
                let holds_inside = follow_summary(cx, a, s, u, &call, &mut bfs, memo);
                let key = (
                    cx.comp(call.qs),
                    cx.st.nodes[call.qs as usize].3.clone(),
                    call.en,
                );
                if holds_inside && !chain.contains(&key) {
                    goals.push(Goal::Descend(u));
                }
                continue;
            }
            if comp.is_exit(u) {
                let x = comp.exits().iter().position(|&e| e == u).expect("exit");
                if may_pop && s != 0 && top[x] & 1 != 0 {
                    goals.push(Goal::Pop(u));
                }
                continue;
            }
            if !cx.val(a, cs, cu) {
                continue;
            }
            // only vertices from which the EU can still hold are worth visiting
            for &w in comp.succ(u) {
                let wu = w as usize;
                if bfs.seen(w) {
                    continue;
                }
                let ok = sum[wu * stride] & 1 != 0
                    || sum[wu * stride + 1..(wu + 1) * stride]
                        .iter()
                        .any(|&r| r != 0);
                if ok {
                    bfs.reach(w, u);
                }
            }
        }
        for goal in goals {
            let mark = out.len();
            if expand_goal(
                cx,
                a,
                b,
                s,
                goal_vertex(&goal),
                matches!(goal, Goal::Pop(_)),
                &bfs,
                memo,
                chain,
                out,
            )
            .is_some()
            {
                return Some(());
            }
            out.truncate(mark);
        }
        None
    })
}

#[derive(Clone, Copy)]
enum Goal {
    Chi(Vertex),
    Descend(Vertex),
    Pop(Vertex),
}

fn goal_vertex(g: &Goal) -> Vertex {
    match *g {
        Goal::Chi(u) | Goal::Descend(u) | Goal::Pop(u) => u,
    }
}

#[allow(clippy::too_many_arguments)]
fn expand_goal(
    cx: &mut Ctx,
    a: NodeRef,
    b: NodeRef,
    s: u32,
    last: Vertex,
    pop: bool,
    bfs: &LevelBfs,
    memo: &mut SlMemo,
    chain: &mut Chain,
    out: &mut Vec<(u32, Vertex)>,
) -> Option<()> {
    let comp = cx.m.component(cx.comp(s));
    let level = bfs.path_to(last);
    // expand into configurations
    for (i, &u) in level.iter().enumerate() {
        cx.work += 1;
        if comp.is_call(u) {
            let call = enter_call(cx, s, u);
            if let Some(&r) = level.get(i + 1) {
                // jump to the return vertex level[i+1]: same-level path in the callee
                extend_through_call(cx, a, s, &call, r, memo, out)?;
            } else {
                let (qs, en) = (call.qs, call.en);
                let key = (cx.comp(qs), cx.st.nodes[qs as usize].3.clone(), en);
                chain.insert(key.clone());
                let inner = eu_level(cx, a, b, qs, en, false, memo, chain, out);
                chain.remove(&key);
                inner?;
            }
        } else {
            out.push(config_at(cx, s, u));
        }
    }
    if pop {
        let (parent_s, r) = cx.pop_to_return(s, last);
        // the rest starts with the exit we are at, seen from the caller's return vertex
        out.pop();
        eu_level(cx, a, b, parent_s, r, true, memo, chain, out)?;
    }
    Some(())
}

/// A same-level path in the callee on stack `s` from entry `en` to exit `ex` through ψ-vertices.
fn sl_path(
    cx: &mut Ctx,
    a: NodeRef,
    s: u32,
    en: Vertex,
    ex: Vertex,
    memo: &mut SlMemo,
) -> Option<Vec<Vertex>> {
    crate::deep::grow(|| {
        let key = (cx.comp(s), cx.st.nodes[s as usize].3.clone(), en, ex);
        if let Some(r) = memo.get(&key) {
            return r.clone();
        }
        memo.insert(key.clone(), None); // in progress: do not use this jump recursively
        let comp = cx.m.component(cx.comp(s));
        let nv = comp.n_vertices() as usize;
        let mut bfs = LevelBfs::new(nv, en);
        let mut found = false;
        while let Some(u) = bfs.pop() {
            cx.work += 1;
            if u == ex {
                found = true;
                break;
            }
            if comp.is_call(u) {
                let call = enter_call(cx, s, u);
                follow_summary(cx, a, s, u, &call, &mut bfs, memo);
                continue;
            }
            if comp.is_exit(u) {
                continue;
            }
            let (cs, cu) = config_at(cx, s, u);
            if !cx.val(a, cs, cu) {
                continue;
            }
            for &w in comp.succ(u) {
                bfs.reach(w, u);
            }
        }
        let res = found.then(|| bfs.path_to(ex));
        memo.insert(key, res.clone());
        res
    })
}

/// The stack id of a call stack given as boxes from the initial component (each box must be in
/// the component the previous one calls).
fn push_all(cx: &mut Ctx, stack: &[BoxId]) -> Result<u32, Error> {
    let mut s = 0u32;
    for &b in stack {
        let comp = cx.comp(s);
        let bi = cx.m.box_info(b);
        if bi.owner() != comp {
            return Err(Error::Query(format!(
                "box `{}` is not in component `{}`",
                bi.name(),
                cx.m.component(comp).name()
            )));
        }
        s = cx.push(s, bi.local);
    }
    Ok(s)
}

/// Find the stack id of a configuration given as boxes from the initial component.
fn locate(cx: &mut Ctx, stack: &[BoxId], node: NodeId) -> Result<(u32, Vertex), Error> {
    let s = push_all(cx, stack)?;
    if cx.m.node_component(node) != cx.comp(s) {
        return Err(Error::Query(format!(
            "node `{}` is not in the component on top of the stack",
            cx.m.node_name(node)
        )));
    }
    Ok((s, cx.m.node_vertex(node)))
}

/// The existential obligation inside `x` that a path can go on to show: `x` itself when it is
/// `EX`/`EU`/`EG`, or the first such conjunct of a conjunction.
fn existential_conjunct(dag: &Dag, x: NodeRef) -> Option<NodeRef> {
    crate::deep::grow(|| match dag.node(x) {
        DagNode::EX(_) | DagNode::EU(..) | DagNode::EG(_) => Some(x),
        DagNode::And(l, r) => existential_conjunct(dag, l).or_else(|| existential_conjunct(dag, r)),
        _ => None,
    })
}

/// Extends a finite witness whose last configuration `(s, v)` satisfies `x` with the path that shows the
/// existential obligation inside `x` (so `EX E[a U b]` shows the whole way to `b`).
fn continue_with(cx: &mut Ctx, mut witness: Lasso, x: NodeRef, (s, v): (u32, Vertex)) -> Lasso {
    let Some(inner) = existential_conjunct(cx.eng.dag, x) else {
        return witness;
    };
    let saved = cx.n;
    cx.n = inner;
    let rest = search(cx, s, v);
    cx.n = saved;
    if let Some(rest) = rest {
        let offset = witness.steps.len() - 1;
        witness.steps.extend(rest.steps.into_iter().skip(1));
        witness.loop_start = rest.loop_start.map(|i| i + offset);
        witness.loop_push = rest.loop_push;
    }
    witness
}

fn search(cx: &mut Ctx, s0: u32, v0: Vertex) -> Option<Lasso> {
    crate::deep::grow(|| {
        let n = cx.n;
        if !cx.val(n, s0, v0) {
            return None;
        }
        match cx.eng.dag.node(n) {
            DagNode::EX(a) => {
                for (s, v) in cx.succ(s0, v0) {
                    if cx.val(a, s, v) {
                        let witness = Lasso {
                            steps: vec![(s0, v0), (s, v)],
                            loop_start: None,
                            loop_push: vec![],
                        };
                        return Some(continue_with(cx, witness, a, (s, v)));
                    }
                }
                None
            }
            DagNode::EU(a, b) => {
                let mut memo = FxHashMap::default();
                let mut chain = Chain::default();
                let mut path = Vec::new();
                eu_level(cx, a, b, s0, v0, true, &mut memo, &mut chain, &mut path)?;
                let last = *path.last()?;
                let witness = Lasso {
                    steps: path,
                    loop_start: None,
                    loop_push: vec![],
                };
                Some(continue_with(cx, witness, b, last))
            }
            DagNode::EG(_) => {
                // DFS for a lasso among configurations where EG holds.
                let mut path: Vec<(u32, Vertex)> = vec![(s0, v0)];
                let mut on_path: FxHashMap<(u32, Vertex), usize> = FxHashMap::default();
                on_path.insert((s0, v0), 0);
                // positions on the path per (component, context, vertex): the candidates for pumping
                type Frame = (CompId, Box<[u64]>, Vertex);
                let mut by_frame: FxHashMap<Frame, Vec<usize>> = FxHashMap::default();
                let frame_of = |cx: &Ctx, (s, v): (u32, Vertex)| -> Frame {
                    (cx.comp(s), cx.st.nodes[s as usize].3.clone(), v)
                };
                by_frame.entry(frame_of(cx, (s0, v0))).or_default().push(0);
                let mut iters: Vec<Vec<(u32, Vertex)>> = Vec::new();
                let mut dead: rustc_hash::FxHashSet<(u32, Vertex)> = Default::default();
                let first = cx.succ(s0, v0);
                iters.push(first);
                let mut budget = 200_000usize;
                while let Some(top) = iters.last_mut() {
                    budget = budget.checked_sub(1)?;
                    cx.work += 1;
                    let cands = std::mem::take(top);
                    let (s, v) = *path.last().expect("path");
                    let _ = (s, v);
                    let mut next = None;
                    let mut rest = Vec::new();
                    for c in cands {
                        if dead.contains(&c) || !cx.val(n, c.0, c.1) {
                            continue;
                        }
                        if let Some(&i) = on_path.get(&c) {
                            return Some(Lasso {
                                steps: path,
                                loop_start: Some(i),
                                loop_push: vec![],
                            });
                        }
                        // Pumping: same component context and vertex, deeper stack, no pop below in between.
                        let key_c = frame_of(cx, c);
                        let same: &[usize] = by_frame.get(&key_c).map_or(&[], |v| v.as_slice());
                        for &i in same {
                            cx.work += 1;
                            let ps = path[i].0;
                            let d = cx.st.depth[ps as usize];
                            if cx.st.depth[c.0 as usize] <= d
                                || path[i..].iter().any(|&(x, _)| cx.st.depth[x as usize] < d)
                            {
                                continue;
                            }
                            // c.0 must extend ps
                            let mut anc = c.0;
                            let mut pushed = Vec::new();
                            while cx.st.depth[anc as usize] > d {
                                pushed.push(cx.st.nodes[anc as usize].1);
                                anc = cx.st.nodes[anc as usize].0;
                            }
                            if anc == ps {
                                pushed.reverse();
                                return Some(Lasso {
                                    steps: path.clone(),
                                    loop_start: Some(i),
                                    loop_push: pushed,
                                });
                            }
                        }
                        if next.is_none() {
                            next = Some(c);
                        } else {
                            rest.push(c);
                        }
                    }
                    match next {
                        Some(c) => {
                            *iters.last_mut().expect("frame") = rest;
                            on_path.insert(c, path.len());
                            by_frame
                                .entry(frame_of(cx, c))
                                .or_default()
                                .push(path.len());
                            path.push(c);
                            let sc = cx.succ(c.0, c.1);
                            iters.push(sc);
                        }
                        None => {
                            iters.pop();
                            if let Some(p) = path.pop() {
                                on_path.remove(&p);
                                if let Some(v) = by_frame.get_mut(&frame_of(cx, p)) {
                                    v.pop();
                                }
                                dead.insert(p);
                            }
                        }
                    }
                }
                None
            }
            _ => None,
        }
    })
}

/// The existential node a witness is about: the root when `positive`, else the root under one negation.
fn target(dag: &Dag, positive: bool) -> Option<NodeRef> {
    let r = dag.root;
    if positive {
        dag.node(r).is_existential().then_some(r)
    } else {
        match dag.node(r) {
            DagNode::Not(x) if dag.node(x).is_existential() => Some(x),
            _ => None,
        }
    }
}

/// The existential node at the top of `dag` that a witness shows, or the error for a formula
/// without one.
fn witness_target(dag: &Dag, formula: &Formula) -> Result<NodeRef, Error> {
    target(dag, true).ok_or_else(|| {
        Error::Query(format!(
            "witnesses need an EX, EU or EG formula at the top, got `{formula}`"
        ))
    })
}

/// A witness that configuration `(stack, node)` satisfies `formula`, whose core must be EX, EU or
/// EG at the top (e.g. `E[!free U exit]`, `EF p`, `EG p`, `E[a W b]` is not: it is a disjunction).
/// Returns `Ok(None)` when the configuration does not satisfy it.
pub fn witness_from(
    model: &Model,
    formula: &Formula,
    stack: &[BoxId],
    node: NodeId,
) -> Result<Option<Witness>, Error> {
    witness_at_configuration(model, None, formula, stack, node)
}

/// The witness search from `(stack, node)`, with `outermost` as the component entered with an
/// empty stack (`None`: the model's initial component).
fn witness_at_configuration(
    model: &Model,
    outermost: Option<CompId>,
    formula: &Formula,
    stack: &[BoxId],
    node: NodeId,
) -> Result<Option<Witness>, Error> {
    let dag = Dag::new(formula);
    let n = witness_target(&dag, formula)?;
    let mut eng = Engine::single(model, &dag);
    let mut cx = match outermost {
        Some(comp) => Ctx::new_in(model, &mut eng, n, comp),
        None => Ctx::new(model, &mut eng, n),
    };
    let (s, v) = locate(&mut cx, stack, node)?;
    Ok(search(&mut cx, s, v).map(|l| publish(&cx, l)))
}

/// Like [`witness_from`] with an empty stack, but with `comp` as the outermost component
/// (entered with an empty stack, its exits loop forever) instead of the model's initial one.
pub fn witness_in(
    model: &Model,
    comp: CompId,
    formula: &Formula,
    node: NodeId,
) -> Result<Option<Witness>, Error> {
    let dag = Dag::new(formula);
    let n = witness_target(&dag, formula)?;
    if model.node_component(node) != comp {
        return Err(Error::Query(format!(
            "node `{}` is not in component `{}`",
            model.node_name(node),
            model.component(comp).name()
        )));
    }
    let mut eng = Engine::single(model, &dag);
    let mut cx = Ctx::new_in(model, &mut eng, n, comp);
    Ok(search(&mut cx, 0, model.node_vertex(node)).map(|l| publish(&cx, l)))
}

/// Like [`witness_in`], but from the configuration `(stack, node)`: `stack` holds boxes
/// entered from `comp` (the outermost component, entered with an empty stack), the first a box
/// of `comp`; the path may return through them into `comp`.
pub fn witness_in_at(
    model: &Model,
    comp: CompId,
    formula: &Formula,
    stack: &[BoxId],
    node: NodeId,
) -> Result<Option<Witness>, Error> {
    witness_at_configuration(model, Some(comp), formula, stack, node)
}

/// For the model's verdict on `formula`: a witness when the formula holds and is existential at
/// the top, or a counterexample (a witness for the negation) when it fails and is universal
/// (`AG`, `AF`, `AX`, `A[ U ]`, `A[ W ]`, or `!E..`). Starts at the first entry for which it
/// applies. `None` when the formula has no such shape.
pub fn explain(model: &Model, formula: &Formula) -> Option<(bool, Witness)> {
    let dag = Dag::new(formula);
    for positive in [true, false] {
        let Some(n) = target(&dag, positive) else {
            continue;
        };
        let mut eng = Engine::single(model, &dag);
        let mut cx = Ctx::new(model, &mut eng, n);
        let comp = model.component(model.initial());
        for &en in comp.entries() {
            if cx.val(n, 0, en) {
                if let Some(w) = search(&mut cx, 0, en) {
                    return Some((positive, publish(&cx, w)));
                }
            }
        }
    }
    None
}

/// Which nodes of the initial component satisfy `formula` with an empty call stack.
pub fn sat_nodes(model: &Model, formula: &Formula) -> Vec<(NodeId, bool)> {
    sat_nodes_in(model, formula, &[]).unwrap_or_default()
}

/// Which nodes of the component on top of `stack` (boxes from the initial component) satisfy
/// `formula` in the context that stack gives it.
pub fn sat_nodes_in(
    model: &Model,
    formula: &Formula,
    stack: &[BoxId],
) -> Result<Vec<(NodeId, bool)>, Error> {
    let dag = Dag::new(formula);
    let mut eng = Engine::single(model, &dag);
    let mut cx = Ctx::new(model, &mut eng, dag.root);
    let s = push_all(&mut cx, stack)?;
    let comp = cx.comp(s);
    let c = model.component(comp);
    Ok((0..c.n_nodes())
        .map(|v| (model.vertex_node(comp, v), cx.val(dag.root, s, v)))
        .collect())
}
