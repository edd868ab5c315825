//! The interval analysis of one function's graph.
//!
//! Tracks the integer local variables and parameters whose address is never taken (and that
//! are not `volatile`): nothing but the function's own writes can change them, and every write
//! is an `Assign` of the value-effect IR or, failing that, a `def` proposition (then the value
//! is unknown). Parameters start unknown. Branches refine on their `True`/`False` edges;
//! loop heads (targets of retreating edges in reverse post-order) are widened after a few
//! visits, then two decreasing passes narrow the result. The number of node visits is bounded
//! by a multiple of the graph's size: a function that needs more gets no facts at all.

use super::interval::{self, Interval, FULL};
use goanna_cfg::{AccessBase, AccessKind, Cfg, EdgeKind, IntType, NodeId, NodeKind, PathId, PropKind, Region, Subject, ValBinOp, ValExpr, ValUnOp, ValueOp};
use rustc_hash::FxHashMap;

/// Visits of a loop head before its value is widened.
const WIDEN_AFTER: u32 = 3;
/// Node visits allowed per graph node (the analysis is abandoned beyond).
const VISITS_PER_NODE: usize = 24;
/// Most tracked variables times nodes (larger functions get no facts).
const MAX_CELLS: usize = 4_000_000;

/// The values a parameter has at a function's entry, by the parameter's index.
pub type ParamValues = (usize, Interval);

/// What the rest of the program tells the analysis of one function.
pub struct Environment<'a> {
    /// Values of globals that nothing writes, by USR.
    pub globals: &'a FxHashMap<String, i64>,
    /// Constant results of functions, by the callee's USR as named at this function's calls.
    pub returns: &'a FxHashMap<String, i128>,
    /// Nodes after which control does not continue (calls of functions that never return).
    pub stops: &'a dyn Fn(NodeId) -> bool,
    /// Whether constants written through macros (and `sizeof`) are known; when not, they are
    /// any value, so that what is decided does not depend on the build's configuration.
    pub config_known: bool,
    /// Globals (by USR) that may be tracked: integer, not `volatile`, never address-taken
    /// anywhere in the program, not written by a thread's code, and not a constant of
    /// `globals`. Their value at the function's entry is unknown.
    pub trackable: &'a dyn Fn(&str) -> bool,
    /// What each call node of the function does to globals (a call node not listed writes
    /// none).
    pub calls: &'a FxHashMap<NodeId, CallEffect<'a>>,
    /// Index of each global's USR in the write sets of [`CallEffect`].
    pub global_ids: &'a FxHashMap<String, u32>,
    /// When the function's budget runs out: the analysis then stops and gives no facts, as
    /// beyond its visit budget.
    pub deadline: &'a goanna_mc::Deadline,
    /// The values the parameters have at the entry, by index, when the function is analysed
    /// for one call of it (the arguments that call passes); empty: any value of their types.
    pub entry_params: &'a [ParamValues],
    /// Whether the function a call node calls computes an integer overflow, or shifts out of
    /// range, on every path that reaches the operation, when its parameters have the given
    /// values (by index): [`FunctionFacts::overflows`] of that call.
    pub callee_overflows: &'a dyn Fn(NodeId, &[ParamValues]) -> bool,
    /// Whether the function a call node calls computes with its parameter of this index
    /// (integer arithmetic that may overflow, or passing it on to such a parameter): the
    /// argument's values are then worth following.
    pub computes_with: &'a dyn Fn(NodeId, usize) -> bool,
}

/// What one call does to the globals: those it may write become unknown, except the ones
/// the callee leaves with a known interval on every path that returns.
#[derive(Clone, Copy, Debug)]
pub struct CallEffect<'a> {
    /// The globals the callee may write, as sorted indices of [`Environment::global_ids`];
    /// `None`: any global (a call through a pointer, of a function not in the program, or of
    /// one whose callees make such calls).
    pub writes: Option<&'a [u32]>,
    /// Globals the callee leaves with a known interval: USR, type, values.
    pub exits: &'a [(String, IntType, Interval)],
    /// The bytes the callee accesses through its pointer parameters on every path that
    /// returns.
    pub extents: &'a [ParamExtent],
}

/// The bytes a function accesses through a pointer parameter, from where it points, on every
/// path that returns: a caller that hands it less memory overruns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamExtent {
    /// The parameter's index.
    pub param: usize,
    /// How many bytes from where it points are accessed.
    pub bytes: i128,
    /// How the farthest of them is accessed.
    pub how: AccessKind,
}

/// What the analysis found in one function.
#[derive(Clone, Debug, Default)]
pub struct FunctionFacts {
    /// Condition nodes whose outcome is the same on every path that reaches them (and that
    /// have no compile-time constant value already): the node and that outcome.
    pub decided: Vec<(NodeId, bool)>,
    /// Divisors whose value is zero on every path that reaches them: the node and the
    /// divisor's range.
    pub zero_divisors: Vec<(NodeId, goanna_ast::Span)>,
    /// Memory accesses outside the memory they are made in: on every path that reaches them
    /// or, from values the program bounds, on some.
    pub out_of_bounds: Vec<OutOfBounds>,
    /// The bytes the function accesses through its pointer parameters on every path that
    /// returns (the farthest access per parameter).
    pub param_extents: Vec<ParamExtent>,
    /// Integer operations whose result is outside their type on every path that reaches them,
    /// shifts by an amount out of range, and calls that pass values for which the callee does
    /// one of those.
    pub overflows: Vec<Overflow>,
    /// The value every reachable `return` gives, when it is one constant.
    pub returns: Option<i128>,
    /// Tracked globals whose values where the function returns are narrower than their type:
    /// USR, type, values (the function's own writes and its callees' effects).
    pub exits: Vec<(String, IntType, Interval)>,
}

/// What kind of integer mistake an [`Overflow`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverflowKind {
    /// `+`, `-`, `*`, unary `-` or `<<` whose exact result is outside the type it is computed
    /// in, or outside the narrower type of the variable it is stored back into (`c++` of a
    /// `char`).
    Arithmetic,
    /// A shift by a negative amount or by at least the width of its left operand's type.
    Shift,
    /// A call passing values for which the callee (or one it calls with them) does one of the
    /// above.
    Call,
}

/// An integer operation that goes wrong on every path that reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow {
    /// The node of the operation.
    pub node: NodeId,
    /// What goes wrong.
    pub kind: OverflowKind,
    /// Where it is reported: the node's statement (a call's, for a call).
    pub span: Option<goanna_ast::Span>,
}

/// An access outside its memory ([`ValueOp::Access`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfBounds {
    /// The node of the access.
    pub node: NodeId,
    /// Where the access (its base) is written.
    pub span: goanna_ast::Span,
    /// How the memory is accessed.
    pub how: AccessKind,
    /// True when every access that reaches the node is outside; false when only some values
    /// the program bounds are.
    pub certain: bool,
}

/// Abstract state: one interval per tracked variable.
type State = Vec<Interval>;

struct Analyser<'a> {
    cfg: &'a Cfg,
    env: &'a Environment<'a>,
    /// Slot of each path id, for tracked variables.
    slot: Vec<Option<u32>>,
    /// Type range of each slot.
    ranges: Vec<(IntType, Interval)>,
    /// Constant elements of arrays that are initialised once and never written.
    arrays: FxHashMap<PathId, Vec<i64>>,
    /// For slots of globals: their key ([`global_path_key`]).
    global_key: Vec<Option<String>>,
    /// Slots of the tracked paths of a global that a write of another of its paths changes.
    clobbers: FxHashMap<PathId, Vec<u32>>,
    /// For call nodes that write tracked globals: each slot written and its value after the
    /// call.
    call_writes: FxHashMap<NodeId, Vec<(u32, Interval)>>,
    /// For pointer variables whose region is tracked: the slots of the size in bytes of the
    /// memory they point into, and of their offset in it.
    regions: Vec<Option<(u32, u32)>>,
}

/// Runs the analysis on `cfg`; `None` when the function is beyond the budget.
pub fn analyse_function(cfg: &Cfg, env: &Environment<'_>) -> Option<FunctionFacts> {
    let n = cfg.nodes.len();
    if n == 0 || cfg.entry.index() >= n {
        return Some(FunctionFacts::default());
    }
    // Which paths may be tracked.
    let mut excluded = vec![false; cfg.paths.len()];
    let mut array_written = vec![false; cfg.paths.len()];
    let mut array_inits: FxHashMap<PathId, Vec<i64>> = FxHashMap::default();
    for node in &cfg.nodes {
        for p in &node.props {
            if let Subject::Path(id) = p.subject {
                if let Some(x) = excluded.get_mut(id.0 as usize) {
                    if p.kind == PropKind::AddrTaken {
                        *x = true;
                        array_written[id.0 as usize] = true;
                    }
                    if p.kind == PropKind::Def {
                        array_written[id.0 as usize] = true;
                    }
                }
            }
        }
        for op in &node.values {
            if let ValueOp::ArrayInit { target, elems } = op {
                // Two initialisations (a declaration in a loop is one): keep only if equal.
                match array_inits.get(target) {
                    Some(old) if old != elems => {
                        array_written[target.0 as usize] = true;
                    }
                    _ => {
                        array_inits.insert(*target, elems.clone());
                    }
                }
            }
        }
    }
    // The declaration with an initialiser is itself a `def` of the array: count it out.
    let mut array_defs: FxHashMap<PathId, usize> = FxHashMap::default();
    for node in &cfg.nodes {
        let inits: Vec<PathId> = node.values.iter().filter_map(|op| if let ValueOp::ArrayInit { target, .. } = op { Some(*target) } else { None }).collect();
        for p in &node.props {
            if let Subject::Path(id) = p.subject {
                if p.kind == PropKind::Def && !inits.contains(&id) {
                    *array_defs.entry(id).or_default() += 1;
                }
            }
        }
    }
    let arrays: FxHashMap<PathId, Vec<i64>> = array_inits
        .into_iter()
        .filter(|(id, elems)| {
            let addr_taken = excluded.get(id.0 as usize).copied().unwrap_or(true);
            // Element values are used only when no conversion can change them.
            !addr_taken && !array_defs.contains_key(id) && elems.iter().all(|&v| (0..=127).contains(&v))
        })
        .collect();
    let _ = array_written;
    let relevant = relevant_paths(cfg, env);
    let mut slot = vec![None; cfg.paths.len()];
    let mut ranges = Vec::new();
    let mut global_key: Vec<Option<String>> = Vec::new();
    // Tracked globals: slot by key, and the slots of each root variable.
    let mut global_slot: FxHashMap<String, u32> = FxHashMap::default();
    let mut root_slots: FxHashMap<&str, Vec<u32>> = FxHashMap::default();
    for (i, path) in cfg.paths.iter().enumerate() {
        if !relevant[i] || excluded[i] {
            continue;
        }
        let root = &path.root;
        if root.kind.is_static_storage() {
            let Some((key, ty)) = global_path_key(path).filter(|_| (env.trackable)(&root.usr)) else { continue };
            if let Some(&s) = global_slot.get(&key) {
                slot[i] = Some(s);
                continue;
            }
            let s = ranges.len() as u32;
            global_slot.insert(key.clone(), s);
            root_slots.entry(root.usr.as_str()).or_default().push(s);
            slot[i] = Some(s);
            ranges.push((ty, Interval::of_type(ty)));
            global_key.push(Some(key));
            continue;
        }
        let local = matches!(root.kind, goanna_ast::VarKind::Local | goanna_ast::VarKind::Param);
        if path.is_variable()
            && local
            && path.class == goanna_ast::TypeClass::Integer
            && !root.is_volatile
            && (1..=64).contains(&root.int_bits)
        {
            let ty = IntType { bits: root.int_bits, signed: root.int_signed };
            slot[i] = Some(ranges.len() as u32);
            ranges.push((ty, Interval::of_type(ty)));
            global_key.push(None);
        }
    }
    // Globals that callees leave known, even when this function does not name them: their
    // values pass on to this function's callers.
    let mut extra: Vec<(&str, IntType)> = Vec::new();
    for effect in env.calls.values() {
        for (key, ty, _) in effect.exits {
            if !global_slot.contains_key(key.as_str()) && !extra.iter().any(|(k, _)| k == key) {
                extra.push((key, *ty));
            }
        }
    }
    for (key, ty) in extra {
        global_slot.insert(key.to_string(), ranges.len() as u32);
        ranges.push((ty, Interval::of_type(ty)));
        global_key.push(Some(key.to_string()));
    }
    if ranges.len().saturating_mul(n) > MAX_CELLS {
        return None;
    }
    // A write of a global path that is not tracked itself (`g = h` for a structure `g`) may
    // change every tracked path of the same variable.
    let mut clobbers: FxHashMap<PathId, Vec<u32>> = FxHashMap::default();
    if !root_slots.is_empty() {
        for (i, path) in cfg.paths.iter().enumerate() {
            if slot[i].is_none() {
                if let Some(slots) = root_slots.get(path.root.usr.as_str()) {
                    clobbers.insert(PathId(i as u32), slots.clone());
                }
            }
        }
    }
    let self_ids = |key: &str| env.global_ids.get(key_root(key)).copied();
    let mut call_writes: FxHashMap<NodeId, Vec<(u32, Interval)>> = FxHashMap::default();
    for (&node, effect) in env.calls {
        let mut writes: Vec<(u32, Interval)> = Vec::new();
        for (key, &s) in &global_slot {
            let known = effect.exits.iter().find(|(k, _, _)| k == key).map(|&(_, _, v)| v.convert(ranges[s as usize].0));
            if let Some(v) = known {
                writes.push((s, v));
            } else if effect.writes.is_none_or(|w| self_ids(key).is_none_or(|id| w.binary_search(&id).is_ok())) {
                writes.push((s, ranges[s as usize].1));
            }
        }
        if !writes.is_empty() {
            writes.sort_unstable_by_key(|&(s, _)| s);
            call_writes.insert(node, writes);
        }
    }
    let regions = region_slots(cfg, &excluded, &mut ranges, &mut global_key);
    if ranges.len().saturating_mul(n) > MAX_CELLS {
        return None;
    }
    let a = Analyser { cfg, env, slot, ranges, arrays, global_key, call_writes, clobbers, regions };
    a.run()
}

impl Analyser<'_> {
    fn run(&self) -> Option<FunctionFacts> {
        let cfg = self.cfg;
        let n = cfg.nodes.len();
        let (order, rpo) = reverse_postorder(cfg);
        // Loop heads: targets of retreating edges.
        let mut head = vec![false; n];
        for &u in &order {
            for e in &cfg.node(u).succs {
                if e.target.index() < n && rpo[e.target.index()] <= rpo[u.index()] {
                    head[e.target.index()] = true;
                }
            }
        }
        // At a loop head, only the variables written inside its loop (the natural loop of its
        // back edges) are widened: the others change only as the loops around it feed them,
        // and those loops' heads widen them (so an outer counter keeps its bound in an inner
        // loop). Past a work budget, every variable is widened.
        let mut sources: Vec<Vec<NodeId>> = vec![Vec::new(); n];
        for (i, node) in cfg.nodes.iter().enumerate() {
            for e in &node.succs {
                if let Some(list) = sources.get_mut(e.target.index()) {
                    list.push(NodeId(i as u32));
                }
            }
        }
        let mut loop_writes: FxHashMap<usize, Vec<bool>> = FxHashMap::default();
        // Only a function with memory accesses the bounds facts are about needs its loops'
        // shapes and its dominators.
        let has_accesses = cfg.nodes.iter().any(|node| node.values.iter().any(|op| matches!(op, ValueOp::Access { .. } | ValueOp::PassMemory { .. })));
        // Each loop head with the nodes of its natural loop.
        let mut bodies: Vec<(usize, Vec<usize>)> = Vec::new();
        let mut work = 0usize;
        let work_budget = n.saturating_mul(32) + 256;
        let mut mark = vec![usize::MAX; n];
        for h in (0..n).filter(|&h| head[h]) {
            let mut writes = vec![false; self.ranges.len()];
            let mut stack: Vec<usize> = sources[h].iter().map(|p| p.index()).filter(|&p| rpo[p] >= rpo[h]).collect();
            mark[h] = h;
            let mut body = vec![h];
            while let Some(u) = stack.pop() {
                if mark[u] == h {
                    continue;
                }
                mark[u] = h;
                body.push(u);
                work += 1;
                stack.extend(sources[u].iter().map(|p| p.index()));
            }
            if work > work_budget {
                loop_writes.clear();
                bodies.clear();
                break;
            }
            for &u in &body {
                let node = &cfg.nodes[u];
                for &(s, _) in self.call_writes.get(&NodeId(u as u32)).map_or(&[][..], |w| &w[..]) {
                    writes[s as usize] = true;
                }
                for op in &node.values {
                    if let ValueOp::Assign { target, .. } = op {
                        if let Some(s) = self.slot_of(*target) {
                            writes[s as usize] = true;
                        }
                    }
                    if let ValueOp::PointTo { target, .. } = op {
                        if let Some((size, offset)) = self.region_of(*target) {
                            writes[size as usize] = true;
                            writes[offset as usize] = true;
                        }
                    }
                }
                for p in &node.props {
                    if let (PropKind::Def | PropKind::Decl | PropKind::AddrTaken, Subject::Path(id)) = (p.kind, &p.subject) {
                        if let Some(s) = self.slot_of(*id) {
                            writes[s as usize] = true;
                        }
                        if let Some((size, offset)) = self.region_of(*id) {
                            writes[size as usize] = true;
                            writes[offset as usize] = true;
                        }
                        for &s in self.clobbers.get(id).map_or(&[][..], |c| &c[..]) {
                            writes[s as usize] = true;
                        }
                    }
                }
            }
            loop_writes.insert(h, writes);
            if has_accesses {
                bodies.push((h, body));
            }
        }
        let mut entry_state: State = self.ranges.iter().map(|&(_, r)| r).collect();
        // A pointer parameter points to the start of what the caller hands it: offsets through
        // it are counted from there (its size is the caller's).
        for p in cfg.params.iter().flatten() {
            if let Some((_, offset)) = self.region_of(*p) {
                entry_state[offset as usize] = Interval::constant(0);
            }
        }
        // Analysed for one call: the parameters start as its arguments.
        for &(i, v) in self.env.entry_params {
            if let Some(s) = cfg.params.get(i).copied().flatten().and_then(|p| self.slot_of(p)) {
                let (ty, _) = self.ranges[s as usize];
                entry_state[s as usize] = v.convert(ty);
            }
        }
        let mut input: Vec<Option<State>> = vec![None; n];
        let mut output: Vec<Option<State>> = vec![None; n];
        input[cfg.entry.index()] = Some(entry_state.clone());
        let mut visits = vec![0u32; n];
        // Worklist ordered by reverse post-order.
        let mut pending = std::collections::BTreeSet::new();
        pending.insert(rpo[cfg.entry.index()]);
        let budget = n.saturating_mul(VISITS_PER_NODE) + 64;
        let mut steps = 0usize;
        let mut poll = goanna_mc::Poll::new(self.env.deadline);
        while let Some(i) = pending.pop_first() {
            steps += 1;
            if steps > budget || poll.tick().is_err() {
                return None;
            }
            let u = order[i as usize];
            let Some(state) = input[u.index()].clone() else { continue };
            let out = self.transfer(u, state, &mut |_, _| {});
            output[u.index()] = Some(out.clone());
            for (t, s) in self.successors(u, &out) {
                let ti = t.index();
                if ti >= n {
                    continue;
                }
                let merged = match &input[ti] {
                    None => s,
                    Some(old) => {
                        let joined = join_states(old, &s);
                        if &joined == old {
                            continue;
                        }
                        visits[ti] += 1;
                        if head[ti] && visits[ti] >= WIDEN_AFTER {
                            let writes = loop_writes.get(&ti);
                            old.iter()
                                .zip(&joined)
                                .zip(&self.ranges)
                                .enumerate()
                                .map(|(s, ((a, b), (_, r)))| {
                                    if writes.is_none_or(|w| w[s]) {
                                        a.widen(*b, *r)
                                    } else {
                                        *b
                                    }
                                })
                                .collect()
                        } else {
                            joined
                        }
                    }
                };
                input[ti] = Some(merged);
                pending.insert(rpo[ti]);
            }
        }
        // Decreasing passes: recompute every input from its predecessors' outputs.
        // Incoming edges of each node: (source, index of the edge among its successors).
        let mut preds: Vec<Vec<(NodeId, usize)>> = vec![Vec::new(); n];
        for (i, node) in cfg.nodes.iter().enumerate() {
            for (k, e) in node.succs.iter().enumerate() {
                if let Some(list) = preds.get_mut(e.target.index()) {
                    list.push((NodeId(i as u32), k));
                }
            }
        }
        for _ in 0..2 {
            for &u in &order {
                if poll.tick().is_err() {
                    return None;
                }
                if u != cfg.entry {
                    let mut acc: Option<State> = None;
                    for &(p, k) in &preds[u.index()] {
                        let Some(out) = &output[p.index()] else { continue };
                        if let Some(s) = self.edge_state(p, k, out) {
                            acc = Some(match acc {
                                None => s,
                                Some(a) => join_states(&a, &s),
                            });
                        }
                    }
                    // From a post-fixpoint, every such step stays above the least fixpoint.
                    input[u.index()] = acc;
                }
                output[u.index()] = input[u.index()].clone().map(|s| self.transfer(u, s, &mut |_, _| {}));
            }
        }
        // Facts.
        let mut facts = FunctionFacts::default();
        let unavoidable = has_accesses.then(|| crate::program::dominators::Dominators::new(cfg));
        // The state each loop is entered with, from outside it.
        let mut entered: FxHashMap<NodeId, State> = FxHashMap::default();
        for (h, body) in &bodies {
            for &(p, k) in &preds[*h] {
                if body.contains(&p.index()) {
                    continue;
                }
                let Some(s) = output[p.index()].as_ref().and_then(|out| self.edge_state(p, k, out)) else { continue };
                let joined = match entered.remove(&NodeId(*h as u32)) {
                    None => s,
                    Some(a) => join_states(&a, &s),
                };
                entered.insert(NodeId(*h as u32), joined);
            }
        }
        let loops = unavoidable.as_ref().map(|dominators| Loops { bodies: &bodies, dominators, entered: &entered });
        let own_memory = if has_accesses { self.parameters_never_moved() } else { Vec::new() };
        let param_of = |p: PathId| own_memory.iter().position(|q| *q == Some(p));
        let mut returns: Option<Interval> = None;
        let mut returns_known = true;
        for &u in &order {
            let Some(state) = input[u.index()].clone() else { continue };
            let node = cfg.node(u);
            let mut zero = Vec::new();
            let mut ret: Vec<Interval> = Vec::new();
            let mut outside: Vec<OutOfBounds> = Vec::new();
            let mut extents: Vec<ParamExtent> = Vec::new();
            let every_path = loops.as_ref().is_some_and(|l| l.dominators.dominates(u, cfg.exit));
            let mut wrong: Option<OverflowKind> = None;
            let mut passed: Vec<ParamValues> = Vec::new();
            let out = self.transfer(u, state, &mut |op, s| match op {
                ValueOp::Divisor { value, span } if self.eval(value, s) == Interval::constant(0) => zero.push(*span),
                ValueOp::Return(value) => {
                    ret.push(self.eval(value, s));
                    // The conversion to the return type is the builder's, not the program's.
                    let value = if let ValExpr::Cast(_, inner) = value { inner } else { value };
                    wrong = wrong.or_else(|| self.overflow_in(value, s));
                }
                ValueOp::Assign { target, value } => wrong = wrong.or_else(|| self.overflow_in(value, s).or_else(|| self.stored_out_of_range(*target, value, s))),
                ValueOp::Cond(value) => wrong = wrong.or_else(|| self.overflow_in(value, s)),
                ValueOp::PassValue { arg, value, .. } => passed.push((*arg, self.eval(value, s))),
                ValueOp::Access { base, start, count, elem, index_type, how, span } => {
                    let Some(loops) = loops.as_ref() else { return };
                    // A counted loop reaches the last value of its counter on every path into its
                    // body: an index past the end there overruns for certain.
                    match self.outside(base, start, count, *elem, *index_type, s) {
                        Some(true) => outside.push(OutOfBounds { node: u, span: *span, how: *how, certain: true }),
                        _ if *how == AccessKind::Index && self.counter_overruns(u, base, start, *elem, s, loops) => {
                            outside.push(OutOfBounds { node: u, span: *span, how: *how, certain: true });
                        }
                        Some(false) => outside.push(OutOfBounds { node: u, span: *span, how: *how, certain: false }),
                        None => {}
                    }
                    if let (true, AccessBase::Pointer(p)) = (every_path, base) {
                        if let Some(param) = param_of(*p) {
                            extents.extend(self.extent(*p, start, count, *elem, s).map(|bytes| ParamExtent { param, bytes, how: *how }));
                        }
                    }
                    // In a counted loop that every path enters, the counter's last value is
                    // reached: `for (i = 0; i < 100; i++) data[i] = 0;` accesses 100 elements.
                    if let (false, AccessBase::Pointer(p), AccessKind::Index) = (every_path, base, how) {
                        if let Some(param) = param_of(*p) {
                            extents.extend(self.loop_extent(u, *p, start, *elem, s, loops).map(|bytes| ParamExtent { param, bytes, how: *how }));
                        }
                    }
                }
                ValueOp::PassMemory { arg, base, span } => {
                    let Some(effect) = self.env.calls.get(&u) else { return };
                    for e in effect.extents.iter().filter(|e| e.param == *arg) {
                        let count = ValExpr::Const(i64::try_from(e.bytes).unwrap_or(i64::MAX));
                        // Reported as a routine's access, whatever the callee does with it.
                        if self.outside(base, &ValExpr::Const(0), &count, 1, None, s) == Some(true) {
                            outside.push(OutOfBounds { node: u, span: *span, how: AccessKind::LibraryWrite, certain: true });
                        }
                        if let (true, AccessBase::Pointer(p)) = (every_path, base) {
                            if let Some(param) = param_of(*p) {
                                extents.extend(self.extent(*p, &ValExpr::Const(0), &count, 1, s).map(|bytes| ParamExtent { param, bytes, how: e.how }));
                            }
                        }
                    }
                }
                _ => {}
            });
            facts.out_of_bounds.extend(outside);
            if let Some(kind) = wrong {
                facts.overflows.push(Overflow { node: u, kind, span: node.span });
            }
            // A call that passes known values: does the callee go wrong with them?
            // Reported at the call, where a summary's effects are reported too.
            if passed.iter().any(|&(_, v)| v != FULL) && (self.env.callee_overflows)(u, &passed) {
                facts.overflows.push(Overflow { node: u, kind: OverflowKind::Call, span: node.span });
            }
            for e in extents {
                match facts.param_extents.iter_mut().find(|x| x.param == e.param) {
                    Some(x) if x.bytes < e.bytes => *x = e,
                    Some(_) => {}
                    None => facts.param_extents.push(e),
                }
            }
            facts.zero_divisors.extend(zero.into_iter().map(|s| (u, s)));
            if node.kind == NodeKind::Return {
                match ret.first() {
                    Some(&r) => returns = Some(returns.map_or(r, |x| x.join(r))),
                    None => returns_known = false,
                }
            }
            // A `switch` operand (its node has `Case`/`Default` edges) is not a truth value.
            let branches = node.succs.iter().any(|e| matches!(e.kind, EdgeKind::True | EdgeKind::False));
            if node.kind == NodeKind::Condition && node.const_cond.is_none() && branches {
                if let Some(cond) = self.condition(u) {
                    let can_true = self.refine(cond, true, out.clone()).is_some();
                    let can_false = self.refine(cond, false, out).is_some();
                    let has_false = node.succs.iter().any(|e| e.kind == EdgeKind::False);
                    match (can_true, can_false) {
                        (true, false) if has_false => facts.decided.push((u, true)),
                        (false, true) => facts.decided.push((u, false)),
                        _ => {}
                    }
                }
            }
        }
        facts.returns = if returns_known { returns.and_then(Interval::singleton) } else { None };
        // Globals where the function returns: the join over its exit nodes.
        let mut at_exit: Option<State> = None;
        for (i, node) in cfg.nodes.iter().enumerate() {
            if node.kind == NodeKind::Exit {
                if let Some(s) = &input[i] {
                    at_exit = Some(match at_exit {
                        None => s.clone(),
                        Some(a) => join_states(&a, s),
                    });
                }
            }
        }
        if let Some(state) = at_exit {
            for (s, usr) in self.global_key.iter().enumerate() {
                let (ty, full) = self.ranges[s];
                if let Some(usr) = usr {
                    if state[s] != full {
                        facts.exits.push((usr.clone(), ty, state[s]));
                    }
                }
            }
        }
        Some(facts)
    }

    /// The condition a condition node evaluates.
    fn condition(&self, u: NodeId) -> Option<&ValExpr> {
        self.cfg.node(u).values.iter().rev().find_map(|op| if let ValueOp::Cond(c) = op { Some(c) } else { None })
    }

    /// The successors of `u` with their states, given the state after `u`'s effects.
    fn successors(&self, u: NodeId, out: &State) -> Vec<(NodeId, State)> {
        let node = self.cfg.node(u);
        (0..node.succs.len()).filter_map(|k| Some((node.succs[k].target, self.edge_state(u, k, out)?))).collect()
    }

    /// The state on the `k`-th outgoing edge of `u` (`None` when the edge cannot be taken).
    fn edge_state(&self, u: NodeId, k: usize, out: &State) -> Option<State> {
        let node = self.cfg.node(u);
        let edge = node.succs.get(k)?;
        if matches!(node.kind, NodeKind::Exit | NodeKind::NoReturn) || (self.env.stops)(u) || !node.edge_possible_for_values(edge) {
            return None;
        }
        let cond = if node.kind == NodeKind::Condition { self.condition(u) } else { None };
        match (edge.kind, cond) {
            (EdgeKind::True, Some(c)) => self.refine(c, true, out.clone()),
            (EdgeKind::False, Some(c)) => self.refine(c, false, out.clone()),
            _ => Some(out.clone()),
        }
    }

    /// The state after node `u`'s value effects; `visit` sees each op with the state it reads.
    fn transfer(&self, u: NodeId, mut state: State, visit: &mut dyn FnMut(&ValueOp, &State)) -> State {
        let node = self.cfg.node(u);
        let mut assigned: Vec<u32> = Vec::new();
        // A call: the arguments' effects come before it, a stored result after; where an op
        // falls is not recorded, so each op reads either value.
        let call = self.call_writes.get(&u);
        for &(s, v) in call.map_or(&[][..], |w| &w[..]) {
            state[s as usize] = state[s as usize].join(v);
        }
        for op in &node.values {
            visit(op, &state);
            if let ValueOp::Assign { target, value } = op {
                if let Some(s) = self.slot_of(*target) {
                    let v = self.eval(value, &state).convert(self.ranges[s as usize].0);
                    state[s as usize] = v;
                    assigned.push(s);
                }
            }
            if let ValueOp::PointTo { target, region } = op {
                if let Some((size, offset)) = self.region_of(*target) {
                    let (s, o) = self.point_to(region, &state);
                    state[size as usize] = s;
                    state[offset as usize] = o;
                    assigned.push(size);
                    assigned.push(offset);
                }
            }
        }
        for &(s, v) in call.map_or(&[][..], |w| &w[..]) {
            state[s as usize] = if assigned.contains(&s) { state[s as usize].join(v) } else { v };
        }
        // Any other write of a tracked variable: its value is unknown.
        for p in &node.props {
            if let (PropKind::Def | PropKind::Decl | PropKind::AddrTaken, Subject::Path(id)) = (p.kind, &p.subject) {
                if let Some(s) = self.slot_of(*id) {
                    if !assigned.contains(&s) {
                        state[s as usize] = self.ranges[s as usize].1;
                    }
                }
                if let Some((size, offset)) = self.region_of(*id) {
                    for s in [size, offset] {
                        if !assigned.contains(&s) {
                            state[s as usize] = self.ranges[s as usize].1;
                        }
                    }
                }
                for &s in self.clobbers.get(id).map_or(&[][..], |c| &c[..]) {
                    if !assigned.contains(&s) {
                        state[s as usize] = self.ranges[s as usize].1;
                    }
                }
            }
        }
        state
    }

    fn slot_of(&self, p: PathId) -> Option<u32> {
        self.slot.get(p.0 as usize).copied().flatten()
    }

    /// The size and offset slots of a pointer variable whose region is tracked.
    fn region_of(&self, p: PathId) -> Option<(u32, u32)> {
        self.regions.get(p.0 as usize).copied().flatten()
    }

    /// True when the element `start` of `base` at node `u` is indexed by the counter of a
    /// counted loop and is past the end for the counter's last value: the counter `i` (the
    /// index itself) steps by one at exactly one node of the innermost loop around `u`, nothing
    /// else writes it there, the loop is left only by its head's test `i < K` or `i <= K` of a
    /// constant `K`, and every iteration passes both `u` and the step. Then every path that
    /// enters the body goes round until `i` is the last value the test lets in, and accesses
    /// that element (`for (i = 0; i <= 10; i++) a[i] = 0;` on `int a[10]`).
    fn counter_overruns(&self, u: NodeId, base: &AccessBase, start: &ValExpr, elem: u32, state: &State, loops: &Loops<'_>) -> bool {
        let ValExpr::Path(i) = start.without_casts() else { return false };
        let Some(slot) = self.slot_of(*i) else { return false };
        let (size, offset) = match base {
            AccessBase::Object(bytes) => (i128::from(*bytes), 0),
            AccessBase::Pointer(p) => match self.region_of(*p) {
                Some((size, offset)) if state[size as usize].hi < SIZES.hi => (state[size as usize].hi, state[offset as usize].lo),
                _ => return false,
            },
        };
        // Cheap first: some value the counter may have is past the end.
        if offset + (state[slot as usize].hi + 1) * i128::from(elem) <= size {
            return false;
        }
        let Some(counted) = self.counted_loop(u, *i, state, loops) else { return false };
        // The pointer must not move inside the loop.
        let moved = matches!(base, AccessBase::Pointer(p)
            if counted.body.iter().any(|&v| self.cfg.nodes[v].values.iter().any(|op| matches!(op, ValueOp::PointTo { target, .. } if target == p))));
        !moved && offset + (counted.last + 1) * i128::from(elem) > size
    }

    /// The counted loop around node `u` whose counter is `i`, when it is one: the innermost
    /// loop around `u`, left only by its head's test `i < K` or `i <= K` of a constant (or a
    /// value known exactly), with one step `i = i + 1` and no other write of `i` in it, and
    /// `u` and the step on every iteration. Every path into its body then goes round until `i`
    /// is the last value the test lets in.
    fn counted_loop<'l>(&self, u: NodeId, i: PathId, state: &State, loops: &'l Loops<'_>) -> Option<CountedLoop<'l>> {
        let (cfg, bodies, doms) = (self.cfg, loops.bodies, loops.dominators);
        let slot = self.slot_of(i)?;
        let (h, body) = bodies.iter().filter(|(_, b)| b.contains(&u.index())).min_by_key(|(_, b)| b.len())?;
        let in_body = |v: usize| body.contains(&v);
        // Left only by the head's test.
        let leaves_elsewhere = body.iter().any(|&v| v != *h && cfg.nodes[v].succs.iter().any(|e| !in_body(e.target.index())));
        if leaves_elsewhere {
            return None;
        }
        // One step of +1, no other write.
        let mut step: Option<usize> = None;
        for &v in body {
            let node = &cfg.nodes[v];
            let assigns: Vec<&ValExpr> = node.values.iter().filter_map(|op| match op {
                ValueOp::Assign { target, value } if *target == i => Some(value),
                _ => None,
            }).collect();
            // A node that writes the counter without an assignment of the IR (`scanf(.., &i)`).
            let other_write = || node.props.iter().any(|p| matches!(p.kind, PropKind::Decl | PropKind::AddrTaken | PropKind::Def) && p.subject == Subject::Path(i));
            match assigns[..] {
                [] if other_write() => return None,
                [] => {}
                [value] if step.is_none() && is_increment_of(value, i) => step = Some(v),
                _ => return None,
            }
        }
        let step = step?;
        let head = NodeId(*h as u32);
        let latches: Vec<usize> = body.iter().copied().filter(|&v| cfg.nodes[v].succs.iter().any(|e| e.target == head)).collect();
        if latches.is_empty() || !latches.iter().all(|&l| doms.dominates(u, NodeId(l as u32)) && doms.dominates(NodeId(step as u32), NodeId(l as u32))) {
            return None;
        }
        // The head's test and the counter's last value.
        let Some(ValExpr::Binary { op, lhs, rhs, .. }) = self.condition(head) else { return None };
        let (op, bound) = match (lhs.without_casts(), rhs.without_casts()) {
            (ValExpr::Path(p), k) if *p == i => (*op, k),
            (k, ValExpr::Path(p)) if *p == i => (swap(*op), k),
            _ => return None,
        };
        let k = bound.constant().map(i128::from).or_else(|| self.eval(bound, state).singleton())?;
        let last = match op {
            ValBinOp::Lt => k - 1,
            ValBinOp::Le => k,
            _ => return None,
        };
        // The last value must be one the counter's type holds (no wrap-around on the way).
        if !self.ranges[slot as usize].1.contains(last) {
            return None;
        }
        Some(CountedLoop { head, body, last })
    }

    /// The pointer parameters (by position) that the function never sets to point elsewhere:
    /// what is accessed through them is the caller's memory.
    fn parameters_never_moved(&self) -> Vec<Option<PathId>> {
        let cfg = self.cfg;
        let moved = |p: PathId| {
            cfg.nodes.iter().any(|node| {
                node.values.iter().any(|op| matches!(op, ValueOp::PointTo { target, .. } if *target == p))
                    || node.props.iter().any(|q| matches!(q.kind, PropKind::Def | PropKind::AddrTaken) && q.subject == Subject::Path(p))
            })
        };
        cfg.params.iter().map(|p| p.filter(|&p| self.region_of(p).is_some() && !moved(p))).collect()
    }

    /// The bytes from the start of the parameter `p`'s memory that an access of `count`
    /// elements of `elem` bytes from element `start` surely reaches (at least one accessed,
    /// none before the start).
    fn extent(&self, p: PathId, start: &ValExpr, count: &ValExpr, elem: u32, state: &State) -> Option<i128> {
        let (_, offset) = self.region_of(p)?;
        let offset = state[offset as usize];
        let elem = i128::from(elem);
        let start_v = self.eval(start, state);
        let count_v = self.eval(count, state);
        let first = offset.lo + start_v.lo * elem;
        (count_v.lo >= 1 && first >= 0 && offset.hi < OFFSET.max()).then(|| first + count_v.lo * elem)
    }

    /// The bytes from the start of the parameter `p`'s memory that the access of element
    /// `start` at node `u` surely reaches on every path that returns, when `start` is the
    /// counter of a counted loop ([`Analyser::counted_loop`]) whose head every such path
    /// passes and that is entered with one value of the counter, not past its last: up to the
    /// element at the last value.
    fn loop_extent(&self, u: NodeId, p: PathId, start: &ValExpr, elem: u32, state: &State, loops: &Loops<'_>) -> Option<i128> {
        let ValExpr::Path(i) = start.without_casts() else { return None };
        let slot = self.slot_of(*i)?;
        let counted = self.counted_loop(u, *i, state, loops)?;
        if !loops.dominators.dominates(counted.head, self.cfg.exit) {
            return None;
        }
        let first = loops.entered.get(&counted.head)?.get(slot as usize)?.singleton()?;
        let (_, offset) = self.region_of(p)?;
        let offset = state[offset as usize].singleton()?;
        let elem = i128::from(elem);
        (first <= counted.last && offset + first * elem >= 0).then(|| offset + (counted.last + 1) * elem)
    }

    /// The size and offset a pointer gets from `region` in `state`.
    fn point_to(&self, region: &Region, state: &State) -> (Interval, Interval) {
        let offsets = Interval::of_type(OFFSET);
        let unknown = (SIZES, offsets);
        match region {
            Region::Object { bytes, offset } => (Interval::constant(i128::from(*bytes)), self.eval(offset, state).meet(offsets).unwrap_or(offsets)),
            Region::Block(bytes) => match self.eval(bytes, state).meet(SIZES) {
                Some(size) => (size, Interval::constant(0)),
                None => unknown,
            },
            Region::Moved { base, bytes } => match self.region_of(*base) {
                Some((size, offset)) => {
                    let moved = Interval::binary(ValBinOp::Add, OFFSET, state[offset as usize], self.eval(bytes, state).convert(OFFSET));
                    (state[size as usize], moved)
                }
                None => unknown,
            },
        }
    }

    /// Whether the access of `count` elements of `elem` bytes from element `start` of `base`
    /// is outside its memory in `state`: `Some(true)` for every value, `Some(false)` for some
    /// values the program bounds (an index below a constant the loop compares it with, a size
    /// the path sets), `None` when it is inside or not known to be outside.
    fn outside(&self, base: &AccessBase, start: &ValExpr, count: &ValExpr, elem: u32, index_type: Option<IntType>, state: &State) -> Option<bool> {
        let (size, offset) = match base {
            AccessBase::Object(bytes) => (Interval::constant(i128::from(*bytes)), Interval::constant(0)),
            AccessBase::Pointer(p) => {
                let (size, offset) = self.region_of(*p)?;
                (state[size as usize], state[offset as usize])
            }
        };
        // Nothing is known of the memory's size.
        if size.hi >= SIZES.hi {
            return None;
        }
        let elem = i128::from(elem);
        let start_v = self.eval(start, state);
        let count_v = self.eval(count, state);
        // Bytes: the first accessed, and one past the last.
        let first = Interval { lo: offset.lo + start_v.lo * elem, hi: offset.hi + start_v.hi * elem };
        let end = Interval { lo: first.lo + count_v.lo.max(0) * elem, hi: first.hi + count_v.hi * elem };
        if count_v.lo >= 1 && (first.hi < 0 || end.lo > size.hi) {
            return Some(true);
        }
        // Some values: only past the end, and only by bounds the program sets (a loop's
        // `i <= 10`, a constant on one branch), not by the range of a type (an index the
        // function never compares is any value of its type) or an unknown offset. A bound
        // compared with an unknown value (`i < n`) reaches as far as the type allows: only an
        // overrun within reach of the memory's own size (at most that size, or 256 bytes)
        // counts as the program's. A negative index for some values only is not reported:
        // `k % 5` of a signed `k` is negative only for a negative `k`, which the callers
        // rarely pass.
        let offset_bounded = offset.lo > OFFSET.min() && offset.hi < OFFSET.max();
        if !offset_bounded || size.lo <= 0 || count_v.hi < 1 {
            return None;
        }
        let typed = |e: &ValExpr| match (index_type, e) {
            (Some(ty), _) => Some(ty),
            (None, ValExpr::Cast(ty, _)) => Some(*ty),
            _ => None,
        };
        let below_type = |e: &ValExpr, v: Interval| typed(e).is_none_or(|ty| v.hi < ty.max());
        let reach = end.hi - size.lo;
        let near = reach <= size.lo.max(MAX_NEAR_OVERRUN);
        (reach > 0 && near && below_type(start, start_v) && below_type(count, count_v)).then_some(false)
    }

    /// What goes wrong for every value in `state` in the first integer operation of `e` that
    /// overflows its type (`+`, `-`, `*`, unary `-`, `<<`) or shifts by an amount out of
    /// range. Operations on constants alone are the compiler's to fold and warn about, and an
    /// operation under an explicit conversion (`(char)(x + 1)`, also the builder's own
    /// old-value-of-`x++`) is not looked at: truncation is what it asks for.
    fn overflow_in(&self, e: &ValExpr, state: &State) -> Option<OverflowKind> {
        let mut stack = vec![e];
        while let Some(e) = stack.pop() {
            if let ValExpr::Binary { op: ValBinOp::Shl | ValBinOp::Shr, ty, rhs, .. } = e {
                if names_values(e) && Interval::shift_amount_outside(*ty, self.eval(rhs, state)) {
                    return Some(OverflowKind::Shift);
                }
            }
            // Unsigned arithmetic wraps by definition (hashes, `n + -1`): only signed
            // overflow, which is undefined, is reported.
            if let Some((ty, exact)) = self.signed_exact(e, state) {
                if exact.meet(Interval::of_type(ty)).is_none() {
                    return Some(OverflowKind::Arithmetic);
                }
            }
            match e {
                ValExpr::Binary { lhs, rhs, .. } => {
                    stack.push(rhs);
                    stack.push(lhs);
                }
                ValExpr::Unary(_, _, x) => stack.push(x),
                ValExpr::Cast(_, x) if !matches!(**x, ValExpr::Binary { .. } | ValExpr::Unary(..)) => stack.push(x),
                ValExpr::Element(_, i) => stack.push(i),
                _ => {}
            }
        }
        None
    }

    /// [`OverflowKind::Arithmetic`] when `value`, an arithmetic operation, is stored into a
    /// tracked variable of a narrower type that cannot hold any of its values: `c++` of a
    /// `char` holding `CHAR_MAX` (computed in `int`, converted back).
    fn stored_out_of_range(&self, target: PathId, value: &ValExpr, state: &State) -> Option<OverflowKind> {
        let (_, exact) = self.signed_exact(value, state)?;
        let ty = match self.slot_of(target) {
            Some(s) => self.ranges[s as usize].0,
            None => self.cfg.paths.get(target.0 as usize).filter(|p| p.is_variable())?.int_type()?,
        };
        // Into an unsigned variable the value wraps by definition.
        (ty.signed && exact.meet(Interval::of_type(ty)).is_none()).then_some(OverflowKind::Arithmetic)
    }

    /// The type and exact result (before any wrap) of `e` when it is a signed `+`, `-`, `*`,
    /// `<<` or unary `-` that reads a value of the program.
    fn signed_exact(&self, e: &ValExpr, state: &State) -> Option<(IntType, Interval)> {
        match e {
            ValExpr::Binary { op, ty, lhs, rhs } if ty.signed && names_values(e) => Some((*ty, Interval::unwrapped(*op, *ty, self.eval(lhs, state), self.eval(rhs, state))?)),
            ValExpr::Unary(ValUnOp::Neg, ty, x) if ty.signed && names_values(e) => Some((*ty, Interval::negated(*ty, self.eval(x, state))?)),
            _ => None,
        }
    }

    /// The values `e` may have in `state`.
    fn eval(&self, e: &ValExpr, state: &State) -> Interval {
        match e {
            ValExpr::Const(c) => Interval::constant(i128::from(*c)),
            // An address: the analysis follows integers only. A pure library call: any value.
            ValExpr::Address(_) | ValExpr::StringLit(_) | ValExpr::PureCall { .. } => FULL,
            ValExpr::MacroConst(c) => {
                if self.env.config_known {
                    Interval::constant(i128::from(*c))
                } else {
                    FULL
                }
            }
            ValExpr::Path(p) => {
                if let Some(s) = self.slot_of(*p) {
                    return state[s as usize];
                }
                let Some(path) = self.cfg.paths.get(p.0 as usize) else { return FULL };
                let ty = IntType { bits: path.root.int_bits, signed: path.root.int_signed };
                let typed = (1..=64).contains(&path.root.int_bits);
                if path.is_variable() {
                    if let Some(&v) = self.env.globals.get(&path.root.usr) {
                        let v = Interval::constant(i128::from(v));
                        return if typed { v.convert(ty) } else { v };
                    }
                }
                if typed && path.is_variable() {
                    Interval::of_type(ty)
                } else {
                    FULL
                }
            }
            ValExpr::Element(a, index) => {
                let Some(elems) = self.arrays.get(a) else { return FULL };
                let i = self.eval(index, state);
                if i.lo < 0 || i.hi >= elems.len() as i128 {
                    return FULL;
                }
                let mut r: Option<Interval> = None;
                for &v in &elems[i.lo as usize..=i.hi as usize] {
                    let v = Interval::constant(i128::from(v));
                    r = Some(r.map_or(v, |x| x.join(v)));
                }
                r.unwrap_or(FULL)
            }
            ValExpr::Unknown => FULL,
            ValExpr::Call(usr) => self.env.returns.get(usr).map_or(FULL, |&c| Interval::constant(c)),
            ValExpr::Unary(op, ty, x) => Interval::unary(*op, *ty, self.eval(x, state)),
            ValExpr::Binary { op, ty, lhs, rhs } => Interval::binary(*op, *ty, self.eval(lhs, state), self.eval(rhs, state)),
            ValExpr::Cast(ty, x) => self.eval(x, state).convert(*ty),
        }
    }

    /// `state` restricted to the values for which `e` is true (`truth`) or false; `None` when
    /// there are none.
    fn refine(&self, e: &ValExpr, truth: bool, mut state: State) -> Option<State> {
        match e {
            ValExpr::Unary(ValUnOp::Not, _, x) => self.refine(x, !truth, state),
            ValExpr::Binary { op, ty, lhs, rhs } if op.is_comparison() => {
                let op = if truth { *op } else { interval::negate(*op) };
                let l = self.eval(lhs, &state).convert(*ty);
                let r = self.eval(rhs, &state).convert(*ty);
                let (l2, r2) = interval::restrict(op, l, r)?;
                self.narrow_to(lhs, l, l2, Some(*ty), &mut state)?;
                self.narrow_to(rhs, r, r2, Some(*ty), &mut state)?;
                Some(state)
            }
            _ => {
                let v = self.eval(e, &state);
                let wanted = if truth {
                    if v == Interval::constant(0) {
                        return None;
                    }
                    // Non-zero: only the ends can be cut.
                    interval::restrict(ValBinOp::Ne, v, Interval::constant(0))?.0
                } else {
                    v.meet(Interval::constant(0))?
                };
                self.narrow_to(e, v, wanted, None, &mut state)?;
                Some(state)
            }
        }
    }

    /// Records in `state` that the expression `e`, whose values were `before` in `ty`, now has
    /// values `after`, when `e` is a tracked variable (or one plus or minus a constant) whose
    /// values are unchanged by the conversion to `ty`.
    fn narrow_to(&self, e: &ValExpr, before: Interval, after: Interval, ty: Option<IntType>, state: &mut State) -> Option<()> {
        // The old value of a post-increment, `(T)(x + 1)`: as `x + 1` when nothing wrapped (the
        // check below compares the variable's shifted values with `before`).
        let e = match e {
            ValExpr::Cast(_, x) if matches!(**x, ValExpr::Binary { .. }) => &**x,
            _ => e,
        };
        let (p, offset) = match e {
            ValExpr::Path(p) => (*p, 0i128),
            ValExpr::Cast(_, x) if matches!(**x, ValExpr::Path(_)) => {
                // A cast that changes nothing for the current values.
                let ValExpr::Path(p) = **x else { return Some(()) };
                (p, 0)
            }
            ValExpr::Binary { op: op @ (ValBinOp::Add | ValBinOp::Sub), lhs, rhs, .. } => match (&**lhs, &**rhs) {
                (ValExpr::Path(p), ValExpr::Const(c)) => (*p, if *op == ValBinOp::Add { i128::from(*c) } else { -i128::from(*c) }),
                _ => return Some(()),
            },
            _ => return Some(()),
        };
        let Some(s) = self.slot_of(p) else { return Some(()) };
        let current = state[s as usize];
        // The variable's values map to `before` without conversion: then `after` (minus the
        // offset) is exactly the variable's remaining values.
        let shifted = Interval { lo: current.lo + offset, hi: current.hi + offset };
        if ty.is_some_and(|ty| !shifted.fits(ty)) || shifted != before {
            return Some(());
        }
        let back = Interval { lo: after.lo - offset, hi: after.hi - offset };
        state[s as usize] = current.meet(back)?;
        Some(())
    }
}

/// The key under which a global integer path is tracked across functions, and its type: the
/// variable's USR for a variable, followed by `.f` for each field of a field of a global
/// structure (`g.f`); `None` for paths that are not tracked (through pointers, in unions,
/// `volatile`, bit-fields, not integers).
pub fn global_path_key(path: &goanna_cfg::AccessPath) -> Option<(String, IntType)> {
    let root = &path.root;
    if !root.kind.is_static_storage() || root.is_volatile || path.in_union || path.result_of.is_some() || path.class != goanna_ast::TypeClass::Integer {
        return None;
    }
    if path.is_variable() {
        return (1..=64).contains(&root.int_bits).then(|| (root.usr.clone(), IntType { bits: root.int_bits, signed: root.int_signed }));
    }
    let ty = path.field_int?;
    let mut key = root.usr.clone();
    for step in &path.steps {
        let goanna_cfg::PathStep::Field(f) = step else { return None };
        key.push('\u{1}');
        key.push_str(f);
    }
    Some((key, ty))
}

/// The USR of the variable of a [`global_path_key`].
fn key_root(key: &str) -> &str {
    key.split('\u{1}').next().unwrap_or(key)
}

/// The paths whose values can matter to a fact: read by a condition, a divisor, a returned
/// value or an array index, or by the value assigned to a path that matters (a backward
/// slice, computed to a fixpoint over the assignments). Other variables are not tracked.
fn relevant_paths(cfg: &Cfg, env: &Environment<'_>) -> Vec<bool> {
    fn reads(e: &ValExpr, out: &mut Vec<PathId>) {
        match e {
            ValExpr::Path(p) => out.push(*p),
            ValExpr::Element(_, x) | ValExpr::Unary(_, _, x) | ValExpr::Cast(_, x) => reads(x, out),
            ValExpr::Binary { lhs, rhs, .. } => {
                reads(lhs, out);
                reads(rhs, out);
            }
            ValExpr::PureCall { args, .. } => {
                for arg in args {
                    if let goanna_cfg::PureArg::Value(x) = arg {
                        reads(x, out);
                    }
                }
            }
            ValExpr::Const(_) | ValExpr::MacroConst(_) | ValExpr::Call(_) | ValExpr::Address(_) | ValExpr::StringLit(_) | ValExpr::Unknown => {}
        }
    }
    let mut relevant = vec![false; cfg.paths.len()];
    let mut seeds = Vec::new();
    // Assignments: target -> paths its value reads.
    let mut flows: Vec<(PathId, Vec<PathId>)> = Vec::new();
    for (i, node) in cfg.nodes.iter().enumerate() {
        for op in &node.values {
            match op {
                ValueOp::Cond(e) | ValueOp::Divisor { value: e, .. } | ValueOp::Return(e) => reads(e, &mut seeds),
                // The bounds of accesses, and the sizes and offsets of regions.
                ValueOp::Access { start, count, .. } => {
                    reads(start, &mut seeds);
                    reads(count, &mut seeds);
                }
                ValueOp::PointTo { region, .. } => match region {
                    goanna_cfg::Region::Object { offset: e, .. } | goanna_cfg::Region::Block(e) | goanna_cfg::Region::Moved { bytes: e, .. } => reads(e, &mut seeds),
                },
                // Integers passed where the callee computes with them, and the operands of
                // arithmetic that may overflow.
                ValueOp::PassValue { arg, value, .. } if (env.computes_with)(NodeId(i as u32), *arg) => reads(value, &mut seeds),
                ValueOp::Assign { target, value } => {
                    if may_overflow(value) {
                        reads(value, &mut seeds);
                    }
                    // What a function leaves in a global is a fact for its callers.
                    if cfg.paths.get(target.0 as usize).is_some_and(|p| p.root.kind.is_static_storage() && global_path_key(p).is_some()) {
                        seeds.push(*target);
                    }
                    let mut r = Vec::new();
                    reads(value, &mut r);
                    if !r.is_empty() {
                        flows.push((*target, r));
                    }
                }
                _ => {}
            }
        }
    }
    for p in seeds {
        if let Some(x) = relevant.get_mut(p.0 as usize) {
            *x = true;
        }
    }
    // Each round adds at least one path or stops: at most `paths` rounds, usually two or three.
    loop {
        let mut changed = false;
        for (target, sources) in &flows {
            if relevant.get(target.0 as usize).copied().unwrap_or(false) {
                for p in sources {
                    if let Some(x) = relevant.get_mut(p.0 as usize) {
                        if !*x {
                            *x = true;
                            changed = true;
                        }
                    }
                }
            }
        }
        if !changed {
            return relevant;
        }
    }
}

/// True when the expression holds an operation that may overflow or shift out of range.
pub fn may_overflow(e: &ValExpr) -> bool {
    e.any(|x| {
        matches!(
            x,
            ValExpr::Binary { op: ValBinOp::Add | ValBinOp::Sub | ValBinOp::Mul | ValBinOp::Shl | ValBinOp::Shr, .. } | ValExpr::Unary(ValUnOp::Neg, ..)
        )
    })
}

/// True when the expression reads a value of the program (a variable, an element, a call's
/// result), not only constants.
fn names_values(e: &ValExpr) -> bool {
    e.any(|x| matches!(x, ValExpr::Path(_) | ValExpr::Element(..) | ValExpr::Call(_) | ValExpr::PureCall { .. }))
}

/// The join of two states, variable by variable.
fn join_states(a: &State, b: &State) -> State {
    a.iter().zip(b).map(|(x, y)| x.join(*y)).collect()
}

/// A counted loop ([`Analyser::counted_loop`]).
struct CountedLoop<'l> {
    /// Its head (the test of the counter).
    head: NodeId,
    /// The nodes of the loop.
    body: &'l [usize],
    /// The counter's last value in the body.
    last: i128,
}

/// The loops of a function and its dominators, for [`Analyser::counter_overruns`].
struct Loops<'a> {
    /// Each loop head with the nodes of its natural loop.
    bodies: &'a [(usize, Vec<usize>)],
    /// The state each loop head is entered with from outside its loop.
    entered: &'a FxHashMap<NodeId, State>,
    /// The function's dominator tree.
    dominators: &'a crate::program::dominators::Dominators,
}

/// True when `value` is `i + 1` (in any type: `(int)(i + 1)`).
fn is_increment_of(value: &ValExpr, i: PathId) -> bool {
    match value.without_casts() {
        ValExpr::Binary { op: ValBinOp::Add, lhs, rhs, .. } => {
            matches!(lhs.without_casts(), ValExpr::Path(p) if *p == i) && rhs.constant() == Some(1)
                || matches!(rhs.without_casts(), ValExpr::Path(p) if *p == i) && lhs.constant() == Some(1)
        }
        _ => false,
    }
}

/// The comparison with its operands swapped (`K > i` is `i < K`).
fn swap(op: ValBinOp) -> ValBinOp {
    match op {
        ValBinOp::Lt => ValBinOp::Gt,
        ValBinOp::Gt => ValBinOp::Lt,
        ValBinOp::Le => ValBinOp::Ge,
        ValBinOp::Ge => ValBinOp::Le,
        other => other,
    }
}

/// Bytes past the end of a memory a possible overrun may reach and still count as the
/// program's bound (when the memory is smaller).
const MAX_NEAR_OVERRUN: i128 = 256;
/// The type offsets into memory are computed in (`ptrdiff_t`).
const OFFSET: IntType = IntType { bits: 64, signed: true };
/// Every size a block may have: `0 ..= PTRDIFF_MAX`.
const SIZES: Interval = Interval { lo: 0, hi: i64::MAX as i128 };

/// Size and offset slots (added to `ranges`) for the pointer variables whose region the
/// analysis follows: locals and parameters of the function, never address-taken (`excluded`),
/// that a [`ValueOp::PointTo`] sets or an [`ValueOp::Access`] goes through.
fn region_slots(cfg: &Cfg, excluded: &[bool], ranges: &mut Vec<(IntType, Interval)>, global_key: &mut Vec<Option<String>>) -> Vec<Option<(u32, u32)>> {
    let mut regions: Vec<Option<(u32, u32)>> = vec![None; cfg.paths.len()];
    let mut wanted = vec![false; cfg.paths.len()];
    for node in &cfg.nodes {
        for op in &node.values {
            let p = match op {
                ValueOp::PointTo { target, .. } => *target,
                ValueOp::Access { base: AccessBase::Pointer(p), .. } | ValueOp::PassMemory { base: AccessBase::Pointer(p), .. } => *p,
                _ => continue,
            };
            if let Some(w) = wanted.get_mut(p.0 as usize) {
                *w = true;
            }
        }
    }
    for (i, path) in cfg.paths.iter().enumerate() {
        let local = matches!(path.root.kind, goanna_ast::VarKind::Local | goanna_ast::VarKind::Param);
        if !wanted[i] || excluded[i] || !local || !path.is_variable() || path.class != goanna_ast::TypeClass::Pointer || path.root.is_volatile {
            continue;
        }
        let size = ranges.len() as u32;
        ranges.push((OFFSET, SIZES));
        global_key.push(None);
        let offset = ranges.len() as u32;
        ranges.push((OFFSET, Interval::of_type(OFFSET)));
        global_key.push(None);
        regions[i] = Some((size, offset));
    }
    regions
}

/// Nodes reachable from the entry in reverse post-order, and each node's position in it
/// (unreachable nodes come after, in index order).
fn reverse_postorder(cfg: &Cfg) -> (Vec<NodeId>, Vec<u32>) {
    let n = cfg.nodes.len();
    let mut post = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    let mut stack: Vec<(NodeId, usize)> = vec![(cfg.entry, 0)];
    seen[cfg.entry.index()] = true;
    while let Some((u, i)) = stack.pop() {
        let succs = &cfg.node(u).succs;
        if let Some(e) = succs.get(i) {
            stack.push((u, i + 1));
            let t = e.target;
            if t.index() < n && !seen[t.index()] {
                seen[t.index()] = true;
                stack.push((t, 0));
            }
        } else {
            post.push(u);
        }
    }
    post.reverse();
    for (i, s) in seen.iter().enumerate() {
        if !s {
            post.push(NodeId(i as u32));
        }
    }
    let mut rpo = vec![0u32; n];
    for (i, u) in post.iter().enumerate() {
        rpo[u.index()] = i as u32;
    }
    (post, rpo)
}
