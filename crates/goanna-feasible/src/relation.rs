//! Callee relations: what a call of a function of the program can return, given the values its
//! caller passes — the disjunction, over the callee's paths from entry to exit, of each path's
//! conditions with the value it returns (issue 10's conditional summaries, computed on demand
//! for the calls of a counterexample only).
//!
//! The callee's graph is encoded path by path with the same events as the caller's path: its
//! parameters start as the caller's arguments (converted to the parameter types), everything
//! else it reads (globals, memory behind pointers, results of calls it makes) starts unknown.
//! Calls inside the callee are related the same way, [`MAX_DEPTH`] levels deep. Loops are cut:
//! back edges are not followed, and every arrival at a loop head forgets what the loop's nodes
//! may write, so one pass through a loop's body stands for any number of iterations. The
//! relation therefore over-approximates what the callee can do: a path it rules out is one no
//! execution takes. A callee too large, with too many paths, or whose graph has a cycle without
//! a back edge gets no relation (its result stays unknown).

use crate::encode::{constant, convert, Encoder, Version};
use crate::events::{is_value_path, normal_steps, Frame, VarKey};
use crate::solve::{edge_fact, encode_event, Position, Sink};
use goanna_ast::TypeClass;
use crate::Walk;
use goanna_cfg::{AccessPath, Cfg, EdgeKind, NodeId, NodeKind, PathId, PathStep, PropKind, ValueOp};
use z3::ast::{Ast, Bool, BV};

/// Calls related inside a callee: the caller's callee (1) and its callees (2).
const MAX_DEPTH: usize = 2;
/// Calls related inside a callee along a counterexample's walk ([`Walk`]): a walk leaves one
/// path or a few to each callee, so deeper calls cost little.
const MAX_WALK_DEPTH: usize = 5;
/// Largest callee graph related.
const MAX_NODES: usize = 150;
/// Largest callee graph related along a counterexample's walk.
const MAX_WALKED_NODES: usize = 5_000;
/// Most paths through one callee.
const MAX_PATHS: usize = 12;
/// Most nodes visited while enumerating one callee's paths.
const MAX_VISITS: usize = 1_500;
/// Largest callee graph whose common tail is related when its paths cannot be enumerated.
const MAX_TAIL_CALLEE_NODES: usize = 1_500;

/// The graphs of the program's functions, as the feasibility check looks them up (shared by
/// the threads that decide paths, and by the solver context of each path).
pub trait CalleeGraphs: Sync {
    /// The function called at `node` of function `function`, with its graph, when the program
    /// defines it (functions are named by an index the implementer chooses).
    fn callee(&self, function: u32, node: NodeId) -> Option<(u32, &Cfg)>;

    /// The propositions the call at `node` of function `function` gets from its callee's
    /// summary (`non_null` on the result of a wrapper of an allocator that aborts, what the
    /// callee dereferences), as the path being decided gets them at its own calls. By
    /// default none.
    fn effects(&self, _function: u32, _node: NodeId) -> &[(PropKind, PathId)] {
        &[]
    }

    /// False when the call at `node` of function `function` (a call of a function of the
    /// program, or a library call) surely leaves the value of `global` (a path of the function
    /// rooted at a global, of internal linkage: `static`) as it was: the callee and its callees
    /// never write it, its address is never taken, and no other thread writes it. By default
    /// every call may write every global.
    fn call_may_write_global(&self, _function: u32, _node: NodeId, _global: &AccessPath, _internal_linkage: bool) -> bool {
        true
    }

    /// True when no pointer of function `function` can reach `global` (a path rooted at a
    /// global, reached without a pointer), `internal_linkage` telling whether it is `static`:
    /// the program never takes its address (nor that of a part of it), and no code outside the
    /// program can either (it is `static`, or a variable of the C library such as `stdin`). A
    /// store through a pointer then leaves it as it was. By default any global may be reached.
    fn global_unreachable_by_stores(&self, _function: u32, _global: &AccessPath, _internal_linkage: bool) -> bool {
        false
    }

    /// False when the call at `node` of function `function`, a call of a function of the
    /// program given a pointer as its argument `arg`, surely writes nothing through it under
    /// the member `member` of what it points to (a chain of the members of nested structures,
    /// `rp.response`; `None`: the pointee as a whole): its summary
    /// lists the members it may write through that parameter, and `member` is not one. By
    /// default a call may write anything it is given.
    fn call_may_write_member(&self, _function: u32, _node: NodeId, _arg: usize, _member: Option<&str>) -> bool {
        true
    }

    /// True when every function the call at `node` of function `function` may reach is a
    /// function of the program (its callee, or each target of a call through a pointer),
    /// whose summary says what it does with the pointers it is given: the front end's
    /// assumption that an unknown callee keeps them (`escape`) is then not the callee's.
    /// By default no call is.
    fn call_is_summarised(&self, _function: u32, _node: NodeId) -> bool {
        false
    }

    /// When the program shows every call of function `function` (it is called, has internal
    /// linkage and its address is never taken): for each call, the constants it passes, as
    /// (parameter index, value) pairs (`rpz_find_zone(zones, .., 0, 1, 0)`). The function
    /// starts with one of these combinations. `None` when some call may come from elsewhere,
    /// or passes no constant. By default not known.
    fn calling_contexts(&self, _function: u32) -> Option<Vec<Vec<(usize, i64)>>> {
        None
    }
}

/// A callee's relation at one call: holds when the callee can return `result` for the values
/// passed; the caller versions it reads.
pub(crate) struct Relation {
    pub(crate) fact: Bool,
    pub(crate) result: BV,
    pub(crate) reads: Vec<Version>,
    /// Holds when the callee returns NULL of its own: `return NULL`, or a pointer of its own
    /// (a local), not one it was given (a parameter, or memory reached through one), whose NULL
    /// is its caller's.
    pub(crate) own_null: Bool,
    /// Holds when the callee returns `result` on a path where it is a block of its own (not
    /// a pointer it was given: `return cell;` next to `return copy;`) that it did not also
    /// hand on (into memory others reach): what a finding about the caller's ownership of the
    /// block it returns (a leak) assumes.
    pub(crate) own_block: Bool,
    /// For each of `outs`: holds when the callee leaves it on a path that did not free the
    /// block it last stored there (`*lc = calloc(..); ...; free(*lc); return -1;` leaves a
    /// dangling pointer, not a block): what a finding about a block allocated into the
    /// caller's variable through `&x` (a leak) assumes.
    pub(crate) outs_live: Vec<Bool>,
    /// What the callee leaves in the caller's memory it can write (`*out` for `f(&x)` is the
    /// caller's `x`, `p->f` the caller's `a->f` for `f(a)`, globals): the caller's key and its
    /// value after the call, constrained by `fact` like the result.
    pub(crate) outs: Vec<(VarKey, BV)>,
}

/// What one path through the callee returns.
#[derive(Clone)]
struct Returned {
    value: BV,
    /// The value is a pointer the callee was given (or reached through one).
    given: bool,
    /// The value is a pointer the callee also handed on, into memory others reach (`c->files =
    /// f; return f;`, or passed to a function that keeps it): its block has another owner.
    handed_on: bool,
    /// The value is the address of an object, not of a block (a string literal, `&s->data`,
    /// the address of a static object): nothing the caller could own.
    object_address: bool,
    /// When the value is a pointer variable of the callee that holds what it read from memory
    /// or what a call of the program returned ([`PathState::origins`]): where it came from.
    origin: Option<Origin>,
}

/// Where a callee's pointer variable got its value, when that decides whether its NULL (or its
/// block) is the callee's own.
#[derive(Clone)]
enum Origin {
    /// Read from memory (`ptr = a->arr`): what is stored there is neither a NULL the callee
    /// produces (its summary does not call it one) nor a block of its own.
    Memory,
    /// The result of a call of the program's (`r = inner(a)`): its NULL is the callee's own
    /// where that call's relation says so (the first condition), and so is its block (the
    /// second: `inner` did not also link it elsewhere).
    Call(Bool, Bool),
}

impl Origin {
    /// The condition under which a NULL of this origin is the callee's own.
    fn own_null(&self) -> Bool {
        match self {
            Origin::Memory => Bool::from_bool(false),
            Origin::Call(own, _) => own.clone(),
        }
    }

    /// The condition under which a block of this origin is the callee's own, not one also
    /// held elsewhere.
    fn own_block(&self) -> Bool {
        match self {
            Origin::Memory => Bool::from_bool(false),
            Origin::Call(_, own) => own.clone(),
        }
    }
}

impl Returned {
    /// True when the value is a pointer the callee read from memory (`sc = a->convs; return
    /// sc;`): neither a NULL nor a block of its own.
    fn read_from_memory(&self) -> bool {
        matches!(self.origin, Some(Origin::Memory))
    }

    /// A value nothing is known of: the callee's own, not given, not handed on (a path that
    /// returns without a value the encoding follows, or one that stops inside the callee).
    fn unknown() -> Returned {
        Returned { value: BV::fresh_const("r", 64), given: false, handed_on: false, object_address: false, origin: None }
    }
}

/// The relation of the call at `node` of `caller` (whose values `enc` holds, before the call's
/// own writes), `depth` levels below the path being decided. `reported`: the call's events are
/// the ones the finding reports (a NULL pointer passed to a callee that dereferences it), so
/// what the callee dereferences or divides by implies nothing. `walk`: what the
/// counterexample did inside the call; the relation then holds only for the callee's paths
/// that take its branches, and when the walk stops inside the callee (at the reported event),
/// it is the callee's paths from its entry to that point (what the callee returns is then
/// unknown, and its events before that point imply what they imply on any path).
#[allow(clippy::too_many_arguments)]
pub(crate) fn call_relation(
    graphs: &dyn CalleeGraphs,
    caller: u32,
    caller_cfg: &Cfg,
    enc: &mut Encoder<'_, '_>,
    node: NodeId,
    depth: usize,
    reported: bool,
    walk: Option<&Walk>,
) -> Option<Relation> {
    let (max_depth, max_nodes) = if walk.is_some() { (MAX_WALK_DEPTH, MAX_WALKED_NODES) } else { (MAX_DEPTH, MAX_NODES) };
    if depth >= max_depth {
        return None;
    }
    let NodeKind::Call(site) = &caller_cfg.node(node).kind else { return None };
    let (callee, cfg) = graphs.callee(caller, node)?;
    // A callee whose paths cannot be enumerated still says what the tail every path ends
    // with says (`out: free(buf); return *err ? NULL : ret;`).
    let whole = cfg.nodes.len() <= max_nodes && acyclic_without_back_edges(cfg);
    if !whole && (walk.is_some() || cfg.nodes.len() > MAX_TAIL_CALLEE_NODES) {
        return None;
    }
    let reported = reported && walk.is_none_or(|w| w.stops_at.is_none());
    let frame = Frame::in_program(cfg, graphs, callee);
    let mut callee_enc = Encoder::new(&frame);
    let mut reads = Vec::new();
    for (i, param) in cfg.params.iter().enumerate() {
        let Some(p) = *param else { continue };
        if !frame.is_value(p) {
            continue;
        }
        let key = VarKey::Path(p);
        let passed_constant = site.constant_arg(i);
        let address = site.address_args.get(i).is_some_and(Option::is_some) || site.literal_args.contains(&i);
        if address && passed_constant.is_none() {
            // An address passed (`&x`, a string literal such as `__FILE__`) is not NULL.
            let (v, _) = callee_enc.fresh(&key);
            callee_enc.assume(v.eq(constant(0)).not());
            continue;
        }
        let value = if let Some(c) = passed_constant {
            Some(constant(c))
        } else {
            site.args.get(i).copied().flatten().filter(|&a| enc.follows(a)).map(|a| {
                let key = VarKey::Path(a);
                let (v, version) = enc.read(&key);
                reads.push((key, version));
                v
            })
        };
        if let Some(v) = value {
            let v = match callee_enc.int_type(p) {
                Some(ty) => convert(&v, ty),
                None => v,
            };
            callee_enc.preset(&key, v);
        } else {
            // The caller's unknown value is the parameter's first version: a later version is
            // a value the callee gave it ([`returned_value`]).
            callee_enc.read(&key);
        }
    }
    // What the callee reads of memory and globals starts as the caller's values; what it can
    // write of the caller's memory (through a pointer it is given, or a global) is its
    // caller's after the call.
    let caller_frame = enc.frame();
    let mut written: Vec<(VarKey, VarKey)> = Vec::new();
    for (key, path) in entry_reads(graphs, callee, cfg, &frame, depth, max_depth) {
        let Some(outer) = caller_key(caller_frame, site, cfg, &path) else { continue };
        if matches!(outer, VarKey::Path(id) if !caller_frame.is_value(id)) {
            continue;
        }
        let (v, version) = enc.read(&outer);
        reads.push((outer.clone(), version));
        let v = match path.int_type() {
            Some(ty) => convert(&v, ty),
            None => v,
        };
        callee_enc.preset(&key, v);
        if writes_callers_memory(cfg, &path) && !written.iter().any(|(_, o)| *o == outer) {
            written.push((key, outer));
        }
    }
    let out_keys: Vec<VarKey> = written.iter().map(|(k, _)| k.clone()).collect();
    let enumerated = if whole { enumerate(graphs, (callee, cfg), &frame, callee_enc.clone(), (depth, reported, walk), &out_keys) } else { None };
    let paths = match enumerated {
        Some(paths) => paths,
        None if walk.is_none() => {
            // Paths that cannot be enumerated are still bounded by what the `return`s can give.
            let returnable = crate::returns::returned_constants(graphs, callee, cfg);
            match (common_tail(graphs, (callee, cfg), &frame, callee_enc, (depth, reported), &out_keys), returnable) {
                (Some(mut paths), Some(values)) => {
                    for path in &mut paths {
                        let one_of: Vec<Bool> = values.iter().map(|&k| path.returned.value.eq(constant(k))).collect();
                        path.facts.push(Bool::or(&one_of));
                    }
                    paths
                }
                (Some(paths), None) => paths,
                (None, values) => values?
                    .into_iter()
                    .map(|k| CalleePath {
                        facts: Vec::new(),
                        returned: Returned { value: constant(k), given: false, handed_on: false, object_address: false, origin: None },
                        finals: out_keys.iter().map(|_| BV::fresh_const("out", 64)).collect(),
                        freed: vec![false; out_keys.len()],
                    })
                    .collect(),
            }
        }
        None => return None,
    };
    let result = BV::fresh_const("ret", 64);
    let outs: Vec<(VarKey, BV)> = written.into_iter().map(|(_, outer)| (outer, BV::fresh_const("out", 64))).collect();
    let mut alternatives = Vec::new();
    let mut own = Vec::new();
    let mut kept = Vec::new();
    let mut live: Vec<Vec<Bool>> = vec![Vec::new(); outs.len()];
    for CalleePath { mut facts, returned: ret, finals, freed } in paths {
        facts.push(result.eq(&ret.value));
        for ((_, post), last) in outs.iter().zip(&finals) {
            facts.push(post.eq(last));
        }
        let alternative = Bool::and(&facts);
        if !ret.given {
            own.push(match &ret.origin {
                Some(origin) => Bool::and(&[alternative.clone(), origin.own_null()]),
                None => alternative.clone(),
            });
        }
        if !ret.handed_on && !ret.given && !ret.object_address && !ret.read_from_memory() {
            // A block a call of the program returned is the callee's own where that call's
            // relation says it is (`return add_user(&list, ..)`, which linked it into `list`).
            kept.push(match &ret.origin {
                Some(origin) => Bool::and(&[alternative.clone(), origin.own_block()]),
                None => alternative.clone(),
            });
        }
        for (k, &gone) in freed.iter().enumerate() {
            if !gone {
                live[k].push(alternative.clone());
            }
        }
        alternatives.push(alternative);
    }
    let outs_live = live.iter().map(|alternatives| Bool::or(alternatives)).collect();
    let own_null = Bool::and(&[result.eq(constant(0)), Bool::or(&own)]);
    Some(Relation { fact: Bool::or(&alternatives), result, reads, own_null, own_block: Bool::or(&kept), outs_live, outs })
}

/// The caller's keys (in `caller`'s frame) of the memory and globals the callee at the call
/// `site` may read when it starts and the caller can name (see [`caller_key`]).
pub(crate) fn callee_reads_in_caller(graphs: &dyn CalleeGraphs, callee: u32, cfg: &Cfg, caller: &Frame<'_>, site: &goanna_cfg::CallSite) -> Vec<VarKey> {
    let frame = Frame::new(cfg);
    let mut keys: Vec<VarKey> = entry_reads(graphs, callee, cfg, &frame, 0, MAX_DEPTH)
        .into_iter()
        .filter_map(|(_, path)| caller_key(caller, site, cfg, &path))
        .filter(|k| !matches!(k, VarKey::Path(id) if !caller.is_value(*id)))
        .collect();
    keys.dedup();
    keys
}

/// The values a callee may read of memory and globals when it starts, as keys of its frame
/// with their paths: its own paths through parameters and of globals, and those the functions
/// it calls read through what it passes them, as deep as calls are related below `depth`
/// (down to `max_depth`).
fn entry_reads(graphs: &dyn CalleeGraphs, callee: u32, cfg: &Cfg, frame: &Frame<'_>, depth: usize, max_depth: usize) -> Vec<(VarKey, AccessPath)> {
    let mut out: Vec<(VarKey, AccessPath)> = cfg
        .paths
        .iter()
        .enumerate()
        .filter(|(_, p)| is_value_path(p) && entry_value(cfg, p))
        .map(|(i, p)| (VarKey::Path(PathId(i as u32)), p.clone()))
        .collect();
    if depth + 1 >= max_depth {
        return out;
    }
    for n in cfg.node_ids() {
        let NodeKind::Call(site) = &cfg.node(n).kind else { continue };
        let Some((inner, inner_cfg)) = graphs.callee(callee, n) else { continue };
        if inner_cfg.nodes.len() > MAX_NODES {
            continue;
        }
        let inner_frame = Frame::new(inner_cfg);
        for (_, path) in entry_reads(graphs, inner, inner_cfg, &inner_frame, depth + 1, max_depth) {
            let Some(key) = caller_key(frame, site, inner_cfg, &path) else { continue };
            if let VarKey::Reached(r) = &key {
                if !out.iter().any(|(k, _)| *k == key) {
                    out.push((key.clone(), r.path().clone()));
                }
            }
        }
    }
    out
}

/// True when a write of the callee's path `p` (one of its entry values) is a write of its
/// caller's memory: memory reached through a pointer parameter, or a global — not a member of
/// a structure passed by value, which is the callee's own copy.
fn writes_callers_memory(cfg: &Cfg, p: &AccessPath) -> bool {
    if p.root.kind.is_static_storage() {
        return true;
    }
    let by_pointer = param_index(cfg, p).and_then(|i| cfg.params[i]).is_some_and(|q| cfg.path(q).class == TypeClass::Pointer);
    by_pointer && matches!(p.steps.first(), Some(PathStep::Arrow(_) | PathStep::Deref))
}

/// True when the path's value at a function's entry is its caller's: memory reached through a
/// parameter (not the parameter itself, which is the argument), or a global.
fn entry_value(cfg: &Cfg, p: &AccessPath) -> bool {
    // An element indexed by one of the callee's variables is no path of the caller's.
    if !p.depends_on.is_empty() {
        return false;
    }
    match p.root.kind {
        goanna_ast::VarKind::Param => !p.steps.is_empty() && param_index(cfg, p).is_some(),
        kind => kind.is_static_storage(),
    }
}

/// The index of the parameter `p` is rooted at.
fn param_index(cfg: &Cfg, p: &AccessPath) -> Option<usize> {
    cfg.params.iter().position(|q| q.is_some_and(|q| cfg.paths.get(q.0 as usize).is_some_and(|q| q.root == p.root)))
}

/// The caller's key (in `caller`'s frame) for the value the callee's path `path` holds when
/// the callee starts: memory reached through a parameter is the same memory reached through
/// the argument (`ctx->type` in a callee given `pk` is `pk->type`; given `&x`, `x.type`; a
/// structure passed by value, `f(*pk)`, has `pk->f` for its `s.f`); a global is the same global.
/// `None` for the callee's own variables, parameters themselves (their arguments are passed),
/// and arguments the caller cannot name.
fn caller_key(caller: &Frame<'_>, site: &goanna_cfg::CallSite, callee_cfg: &Cfg, path: &AccessPath) -> Option<VarKey> {
    if path.root.kind.is_static_storage() {
        return Some(caller.key_of(&path.root, normal_steps(&path.steps), path));
    }
    if path.root.kind != goanna_ast::VarKind::Param || path.steps.is_empty() {
        return None;
    }
    let i = param_index(callee_cfg, path)?;
    if site.constant_arg(i) == Some(0) {
        return None;
    }
    let param_class = callee_cfg.path(callee_cfg.params[i]?).class;
    let caller_cfg = caller.cfg;
    let (base, steps) = match (param_class, &path.steps[0]) {
        (TypeClass::Pointer, PathStep::Arrow(_) | PathStep::Deref) => {
            if let Some(a) = site.args.get(i).copied().flatten().filter(|&a| caller_cfg.path(a).class == TypeClass::Pointer) {
                let a = caller_cfg.path(a);
                (a, a.steps.iter().chain(&path.steps).cloned().collect::<Vec<_>>())
            } else {
                // `&x`: `p->f` is `x.f`, `*p` is `x`.
                let x = caller_cfg.path(site.address_args.get(i).copied().flatten()?);
                let mut steps = x.steps.clone();
                if let PathStep::Arrow(f) = &path.steps[0] {
                    steps.push(PathStep::Field(f.clone()));
                }
                steps.extend(path.steps[1..].iter().cloned());
                (x, steps)
            }
        }
        (TypeClass::Record, PathStep::Field(_)) => {
            let a = caller_cfg.path(site.args.get(i).copied().flatten()?);
            if a.class != TypeClass::Record {
                return None;
            }
            (a, a.steps.iter().chain(&path.steps).cloned().collect())
        }
        _ => return None,
    };
    let like = AccessPath { in_union: path.in_union || base.in_union, ..path.clone() };
    Some(caller.key_of(&base.root, normal_steps(&steps), &like))
}

/// One whole path through the callee, as [`enumerate`] gives it.
struct CalleePath {
    /// Its constraints.
    facts: Vec<Bool>,
    /// What it returns.
    returned: Returned,
    /// The last values of the memory the caller reads back (`outs`), in order.
    finals: Vec<BV>,
    /// For each of `outs`: the block last stored there was freed again on the path.
    freed: Vec<bool>,
}

/// One partial path through the callee.
#[derive(Clone)]
struct PathState<'f, 'a> {
    node: NodeId,
    enc: Encoder<'f, 'a>,
    facts: Vec<Bool>,
    pending: Option<(BV, Vec<Version>)>,
    returned: Option<Returned>,
    /// The callee's own pointer variables whose value it has handed on so far.
    handed: Vec<PathId>,
    /// Pointers whose block the path has freed since they were last written.
    freed: Vec<PathId>,
    /// The callee's pointer variables that hold what it read from memory or what a call of
    /// the program returned ([`Origin`]). A variable not listed holds its own NULL when it
    /// holds NULL, and its own block.
    origins: Vec<(PathId, Origin)>,
}

/// Every path from the entry to the exit of the callee (its index and graph): its facts, the
/// value it returns, the last values of `outs` and whether it freed what it left in them;
/// `None` when over the limits. With a `walk`, only the paths that take its branches, to its
/// stop when it has one (`None` when none does: the walk left the graph's paths, through a
/// loop's back edge the enumeration cuts or a branch it rules out, and the relation would say
/// nothing true).
fn enumerate<'f, 'a>(
    graphs: &dyn CalleeGraphs,
    (callee, cfg): (u32, &'a Cfg),
    frame: &'f Frame<'a>,
    enc: Encoder<'f, 'a>,
    (depth, reported, walk): (usize, bool, Option<&Walk>),
    outs: &[VarKey],
) -> Option<Vec<CalleePath>> {
    enumerate_from(graphs, (callee, cfg), frame, enc, (depth, reported, walk), outs, cfg.entry)
}

/// [`enumerate`], from the node `start` on (the entry, or where a tail begins).
fn enumerate_from<'f, 'a>(
    graphs: &dyn CalleeGraphs,
    (callee, cfg): (u32, &'a Cfg),
    frame: &'f Frame<'a>,
    mut enc: Encoder<'f, 'a>,
    (depth, reported, walk): (usize, bool, Option<&Walk>),
    outs: &[VarKey],
    start: NodeId,
) -> Option<Vec<CalleePath>> {
    let heads = cfg.loop_heads();
    let mut done = Vec::new();
    let mut visits = 0usize;
    let mut stack =
        vec![PathState { node: start, facts: enc.take_assumptions(), enc, pending: None, returned: None, handed: Vec::new(), freed: Vec::new(), origins: Vec::new() }];
    while let Some(mut state) = stack.pop() {
        visits += 1;
        if visits > MAX_VISITS {
            return None;
        }
        let n = state.node;
        if heads.binary_search(&n).is_ok() {
            havoc_loop(Some(graphs), callee, frame, cfg, n, &mut state.enc);
        }
        let node = cfg.node(n);
        if let Some(stop) = walk.and_then(|w| w.stops_at) {
            if n == stop {
                // The reported event: not encoded (what it implies is what the finding
                // denies); a call it happens inside is related along the walk below it.
                if let Some(inner) = walk.and_then(|w| w.call(n)) {
                    if let Some(r) = call_relation(graphs, callee, cfg, &mut state.enc, n, depth + 1, true, Some(inner)) {
                        state.facts.push(r.fact);
                    }
                }
                let finals = outs.iter().map(|k| state.enc.read(k).0).collect();
                let returned = Returned::unknown();
                done.push(CalleePath { facts: state.facts, returned, finals, freed: vec![false; outs.len()] });
                if done.len() > MAX_PATHS {
                    return None;
                }
                continue;
            }
            if node.kind == NodeKind::Exit {
                continue;
            }
        }
        match node.kind {
            NodeKind::Exit => {
                let ret = state.returned.unwrap_or_else(Returned::unknown);
                let finals = outs.iter().map(|k| state.enc.read(k).0).collect();
                let freed = outs.iter().map(|k| matches!(k, VarKey::Path(id) if state.freed.contains(id))).collect();
                done.push(CalleePath { facts: state.facts, returned: ret, finals, freed });
                if done.len() > MAX_PATHS {
                    return None;
                }
                continue;
            }
            NodeKind::NoReturn => continue,
            _ => {}
        }
        encode_node(graphs, callee, cfg, frame, &mut state, depth, reported, walk.and_then(|w| w.call(n)));
        let succs: Vec<NodeId> = node.succs.iter().filter(|e| e.kind != EdgeKind::Back && node.edge_feasible(e)).map(|e| e.target).collect();
        let mut distinct = succs.clone();
        distinct.dedup();
        if let Some(w) = walk.filter(|_| distinct.len() > 1) {
            distinct.retain(|&to| w.takes(n, to));
        }
        for (k, &to) in distinct.iter().enumerate() {
            let mut next = if k + 1 == distinct.len() {
                PathState {
                    node: to,
                    enc: state.enc.clone(),
                    facts: std::mem::take(&mut state.facts),
                    pending: state.pending.take(),
                    returned: state.returned.take(),
                    handed: std::mem::take(&mut state.handed),
                    freed: std::mem::take(&mut state.freed),
                    origins: std::mem::take(&mut state.origins),
                }
            } else {
                PathState { node: to, ..state.clone() }
            };
            if let Some((cond, _)) = next.pending.take() {
                if let Some(fact) = edge_fact(cfg, n, to, &cond) {
                    // A branch the call's constant arguments rule out (`trymalloc ? ... : ...`
                    // called with 0) is no path of this call: it costs none of the budget.
                    // One the counterexample walked is kept, false: the walk itself is no
                    // path (`maxconns_handler(-42, 0, 0)` taking `fd == -42` false).
                    if fact.simplify().as_bool() == Some(false) && walk.is_none() {
                        continue;
                    }
                    next.facts.push(fact);
                }
            }
            stack.push(next);
        }
    }
    if walk.is_some() && done.is_empty() {
        return None;
    }
    Some(done)
}

/// Most nodes nearest the exit tried as the start of a callee's common tail.
const MAX_TAIL_STARTS: usize = 8;

/// What every path through the callee ends with: the paths from the farthest node that every
/// path passes through (and from which the rest can be enumerated) to the exit (`out:
/// free(buf); return *err ? NULL : ret;`), encoded after forgetting whatever the rest of the
/// callee may write. What those paths return, and leave in the caller's memory, holds on
/// every path of the callee. `None` when no such node is found near the exit.
fn common_tail<'f, 'a>(
    graphs: &dyn CalleeGraphs,
    (callee, cfg): (u32, &'a Cfg),
    frame: &'f Frame<'a>,
    enc: Encoder<'f, 'a>,
    (depth, reported): (usize, bool),
    outs: &[VarKey],
) -> Option<Vec<CalleePath>> {
    let forward = |u: NodeId| cfg.node(u).succs.iter().filter(|e| e.kind != EdgeKind::Back).map(|e| e.target);
    let preds = cfg.predecessors();
    // The nodes nearest the exit, by a backward search.
    let mut near = vec![cfg.exit];
    let mut k = 0;
    while k < near.len() && near.len() < MAX_TAIL_STARTS {
        for &p in &preds[near[k].index()] {
            if !near.contains(&p) && p != cfg.entry {
                near.push(p);
            }
        }
        k += 1;
    }
    // Reachable from `from` without passing `without`.
    let reach = |from: NodeId, without: Option<NodeId>| {
        let mut seen = vec![false; cfg.nodes.len()];
        let mut stack = vec![from];
        seen[from.index()] = true;
        while let Some(u) = stack.pop() {
            for v in forward(u) {
                if Some(v) != without && !seen[v.index()] {
                    seen[v.index()] = true;
                    stack.push(v);
                }
            }
        }
        seen
    };
    let mut best = None;
    for &d in near.iter().skip(1) {
        // Every path passes `d`, and what follows it is small and without cycles.
        if reach(cfg.entry, Some(d))[cfg.exit.index()] {
            continue;
        }
        let region = reach(d, None);
        let size = region.iter().filter(|&&r| r).count();
        let cyclic = cfg.node_ids().filter(|u| region[u.index()]).any(|u| cfg.node(u).succs.iter().any(|e| e.kind == EdgeKind::Back && region[e.target.index()]));
        if size > MAX_NODES || cyclic {
            break;
        }
        let mut tail_enc = enc.clone();
        forget_writes_of(Some(graphs), callee, frame, cfg, cfg.node_ids().filter(|n| !region[n.index()]), &mut tail_enc);
        match enumerate_from(graphs, (callee, cfg), frame, tail_enc, (depth, reported, None), outs, d) {
            Some(paths) => best = Some(paths),
            None => break,
        }
    }
    best
}

/// Collects a callee path's constraints (versions are not needed inside a callee).
struct Facts<'v>(&'v mut Vec<Bool>);

impl Sink for Facts<'_> {
    fn add(&mut self, fact: Bool, _step: usize, _versions: Vec<Version>) {
        self.0.push(fact);
    }
    fn add_reported_only(&mut self, fact: Bool, _step: usize, _versions: Vec<Version>) {
        self.0.push(fact);
    }
}

/// Encodes node `state.node` of the callee into the path state: its events, the relation of
/// a call it makes (along `walk`, what the counterexample did inside that call), and the
/// value a `return` gives back.
#[allow(clippy::too_many_arguments)]
fn encode_node(graphs: &dyn CalleeGraphs, callee: u32, cfg: &Cfg, frame: &Frame<'_>, state: &mut PathState<'_, '_>, depth: usize, reported: bool, walk: Option<&Walk>) {
    let n = state.node;
    let node = cfg.node(n);
    let relation = if matches!(node.kind, NodeKind::Call(_)) { call_relation(graphs, callee, cfg, &mut state.enc, n, depth + 1, reported, walk) } else { None };
    let at = Position { step: 0, reported, happened: false, allocated: None };
    let mut sink = Facts(&mut state.facts);
    for event in frame.events(n, graphs.effects(callee, n)) {
        encode_event(&mut state.enc, &mut sink, &mut state.pending, event, at);
    }
    note_origins(cfg, node, relation.as_ref().map(|r| (&r.own_null, &r.own_block)), &mut state.origins);
    if let Some(r) = relation {
        state.facts.push(r.fact);
        bind_result(cfg, frame, &mut state.enc, n, &r.result, &mut state.facts);
        bind_outs(&mut state.enc, &r.outs, &mut state.facts);
    }
    note_handed_on(cfg, node, graphs.effects(callee, n), &mut state.handed);
    note_freed(node, graphs.effects(callee, n), &mut state.freed);
    if node.kind == NodeKind::Return {
        let mut returned = returned_value(frame, node, &mut state.enc, &state.origins);
        returned.handed_on = node.props.iter().any(|p| p.kind == PropKind::Escape && matches!(p.subject, goanna_cfg::Subject::Path(x) if state.handed.contains(&x)));
        state.returned = Some(returned);
    }
    state.facts.extend(state.enc.take_assumptions());
    state.facts.extend(state.enc.take_facts().into_iter().map(|(fact, _)| fact));
}

/// Updates `origins` ([`PathState::origins`]) with node `node` of `cfg`, whose call (if any)
/// has the relation whose own NULL and own block are `call_own`.
fn note_origins(cfg: &Cfg, node: &goanna_cfg::Node, call_own: Option<(&Bool, &Bool)>, origins: &mut Vec<(PathId, Origin)>) {
    let variable = |x: PathId| cfg.paths.get(x.0 as usize).is_some_and(|p| p.is_variable() && p.class == TypeClass::Pointer && !p.root.kind.is_static_storage());
    let mut set: Vec<(PathId, Origin)> = Vec::new();
    for prop in &node.props {
        let goanna_cfg::Subject::Path(x) = prop.subject else { continue };
        if prop.kind != PropKind::Copy || !variable(x) {
            continue;
        }
        let Some((source, path)) = prop.value.and_then(|v| u32::try_from(v).ok()).map(PathId).and_then(|s| cfg.paths.get(s.0 as usize).map(|p| (s, p))) else { continue };
        let from_memory = path.root.kind.is_static_storage() || path.steps.iter().any(|s| matches!(s, PathStep::Arrow(_) | PathStep::Deref | PathStep::Index(_)));
        if from_memory {
            set.push((x, Origin::Memory));
        } else if let Some((_, origin)) = origins.iter().find(|(y, _)| *y == source) {
            set.push((x, origin.clone()));
        }
    }
    if let (Some((own_null, own_block)), NodeKind::Call(site)) = (call_own, &node.kind) {
        if let Some(r) = site.result.filter(|&r| variable(r)) {
            set.push((r, Origin::Call(own_null.clone(), own_block.clone())));
        }
    }
    // A variable written at the node holds a new value: its own NULL, unless set above.
    for prop in &node.props {
        if let (PropKind::Def | PropKind::DeclInit, goanna_cfg::Subject::Path(x)) = (prop.kind, &prop.subject) {
            origins.retain(|(y, _)| y != x);
        }
    }
    for (x, c) in set {
        origins.retain(|(y, _)| *y != x);
        origins.push((x, c));
    }
}

/// Updates `freed`, the pointers whose block the path has freed since they were last written,
/// with node `node` (its propositions and a callee's summary `effects`).
fn note_freed(node: &goanna_cfg::Node, effects: &[(PropKind, PathId)], freed: &mut Vec<PathId>) {
    let props = node.props.iter().filter_map(|p| match p.subject {
        goanna_cfg::Subject::Path(x) => Some((p.kind, x)),
        _ => None,
    });
    let all: Vec<(PropKind, PathId)> = props.chain(effects.iter().copied()).collect();
    for &(kind, x) in &all {
        if kind == PropKind::Free && !freed.contains(&x) {
            freed.push(x);
        }
    }
    // A pointer written at the node holds something else (`p = realloc(p, n)` frees the old
    // block and stores a new one).
    for &(kind, x) in &all {
        if matches!(kind, PropKind::Def | PropKind::DeclInit | PropKind::Alloc) {
            freed.retain(|&f| f != x);
        }
    }
}

/// Updates `handed`, the function's own pointer variables whose value it has handed on, with
/// node `node` (its propositions and a callee's summary `effects`): a variable copied into
/// memory others reach (`c->files = f`, a global) or passed where it may be kept (`escape_f`
/// at a call or a store) has been; one given a new value holds nothing handed on.
fn note_handed_on(cfg: &Cfg, node: &goanna_cfg::Node, effects: &[(PropKind, PathId)], handed: &mut Vec<PathId>) {
    let own_variable = |x: PathId| {
        let p = cfg.path(x);
        p.is_variable() && matches!(p.root.kind, goanna_ast::VarKind::Local | goanna_ast::VarKind::Param)
    };
    let shared = |t: PathId| {
        let p = cfg.path(t);
        p.root.kind.is_static_storage() || p.steps.iter().any(|s| matches!(s, PathStep::Deref | PathStep::Arrow(_)))
    };
    let mut hand = |x: PathId| {
        if own_variable(x) && !handed.contains(&x) {
            handed.push(x);
        }
    };
    for prop in &node.props {
        let goanna_cfg::Subject::Path(t) = &prop.subject else { continue };
        let t = *t;
        match prop.kind {
            PropKind::Copy if shared(t) => {
                if let Some(x) = prop.value.and_then(|v| u32::try_from(v).ok()).map(PathId).filter(|x| (x.0 as usize) < cfg.paths.len()) {
                    hand(x);
                }
            }
            PropKind::Escape if node.kind != NodeKind::Return => hand(t),
            _ => {}
        }
    }
    for &(kind, x) in effects {
        if kind == PropKind::Escape {
            hand(x);
        }
    }
    // What the node hands on is the old value of a variable it also writes (`p = realloc(p, n)`).
    for prop in &node.props {
        if let (PropKind::Def | PropKind::DeclInit, goanna_cfg::Subject::Path(x)) = (prop.kind, &prop.subject) {
            handed.retain(|h| h != x);
        }
    }
}

/// States that the call at `n` returned `result`: the value the caller reads as the call's
/// result, and the pointer it stores it in.
pub(crate) fn bind_result(cfg: &Cfg, frame: &Frame<'_>, enc: &mut Encoder<'_, '_>, n: NodeId, result: &BV, facts: &mut Vec<Bool>) -> Vec<Version> {
    let NodeKind::Call(site) = &cfg.node(n).kind else { return Vec::new() };
    let mut versions = Vec::new();
    if let Some(usr) = &site.callee_usr {
        let key = VarKey::Result(usr.clone());
        let (v, version) = enc.read(&key);
        facts.push(v.eq(result));
        versions.push((key, version));
    }
    if let Some(r) = site.result.filter(|&r| frame.is_value(r) && cfg.path(r).class == goanna_ast::TypeClass::Pointer) {
        let key = VarKey::Path(r);
        let (v, version) = enc.read(&key);
        facts.push(v.eq(result));
        versions.push((key, version));
    }
    versions
}

/// States that the caller's memory holds what the callee left in it (`outs` of a relation),
/// read after the call's own writes; the versions it names.
pub(crate) fn bind_outs(enc: &mut Encoder<'_, '_>, outs: &[(VarKey, BV)], facts: &mut Vec<Bool>) -> Vec<Version> {
    let mut versions = Vec::new();
    for (key, post) in outs {
        let ty = enc.key_int_type(key);
        let (v, version) = enc.read(key);
        facts.push(v.eq(&ty.map_or_else(|| post.clone(), |ty| convert(post, ty))));
        versions.push((key.clone(), version));
    }
    versions
}

/// The value a `return` node gives back: its integer value, NULL for `return NULL`, a non-NULL
/// address, the pointer it returns (as far as NULL goes: `p + k` and `&p[i]` are NULL when
/// `p` is, the only property of pointers the encoding follows); unknown otherwise.
fn returned_value(frame: &Frame<'_>, node: &goanna_cfg::Node, enc: &mut Encoder<'_, '_>, origins: &[(PathId, Origin)]) -> Returned {
    let own = |value: BV| Returned { value, given: false, handed_on: false, object_address: false, origin: None };
    for op in &node.values {
        if let ValueOp::Return(e) = op {
            if !is_unknown(e) {
                let object_address = is_object_address(e);
                return Returned { object_address, ..own(enc.expr(e, &mut Vec::new())) };
            }
        }
    }
    if node.props.iter().any(|p| p.kind == PropKind::ReturnNull) {
        return own(constant(0));
    }
    let fresh = BV::fresh_const("r", 64);
    if node.props.iter().any(|p| p.kind == PropKind::ReturnStaticAddr) {
        enc.assume(fresh.eq(constant(0)).not());
        return Returned { object_address: true, ..own(fresh) };
    }
    let escaped: Vec<goanna_cfg::PathId> = node
        .props
        .iter()
        .filter(|p| p.kind == PropKind::Escape)
        .filter_map(|p| match p.subject {
            goanna_cfg::Subject::Path(id) if frame.is_value(id) && frame.cfg.path(id).class == goanna_ast::TypeClass::Pointer => Some(id),
            _ => None,
        })
        .collect();
    if let [one] = escaped[..] {
        let (value, version) = enc.read(&VarKey::Path(one));
        // A parameter still holding its argument (its first version) was given; one the
        // callee wrote (`p = realloc(p, n); return p;`) holds the callee's own value.
        let path = frame.cfg.path(one);
        let given = !path.is_variable() || (path.root.kind == goanna_ast::VarKind::Param && version <= 1);
        // `return &c->data;`: the address of a member, inside whatever `c` points to.
        let object_address = node.props.iter().any(|p| {
            p.kind == PropKind::AddrTaken
                && matches!(p.subject, goanna_cfg::Subject::Path(x) if frame.cfg.path(x).root == path.root
                    && frame.cfg.path(x).steps.iter().any(|s| matches!(s, PathStep::Arrow(_) | PathStep::Field(_))))
        });
        return Returned { value, given, handed_on: false, object_address, origin: origins.iter().find(|(x, _)| *x == one).map(|(_, o)| o.clone()) };
    }
    own(fresh)
}

/// True when `e` is the address of an object rather than of a block (possibly converted): a
/// string literal, or `&x`, `&s->data`, `&a[i]`.
fn is_object_address(e: &goanna_cfg::ValExpr) -> bool {
    matches!(e.without_casts(), goanna_cfg::ValExpr::StringLit(_) | goanna_cfg::ValExpr::Address(_))
}

/// True when `e` is an unknown value (possibly converted).
fn is_unknown(e: &goanna_cfg::ValExpr) -> bool {
    matches!(e.without_casts(), goanna_cfg::ValExpr::Unknown)
}

/// Forgets what the nodes of the loop headed by `head` (its strongly connected component) of
/// function `function` may write, with their callee effects when `graphs` gives them.
pub(crate) fn havoc_loop(graphs: Option<&dyn CalleeGraphs>, function: u32, frame: &Frame<'_>, cfg: &Cfg, head: NodeId, enc: &mut Encoder<'_, '_>) {
    forget_writes_of(graphs, function, frame, cfg, cfg.cycle_through(head).into_iter(), enc);
}

/// Forgets what the nodes `nodes` of function `function` may write, with their callee effects
/// when `graphs` gives them.
fn forget_writes_of(graphs: Option<&dyn CalleeGraphs>, function: u32, frame: &Frame<'_>, cfg: &Cfg, nodes: impl Iterator<Item = NodeId>, enc: &mut Encoder<'_, '_>) {
    for n in nodes {
        for event in frame.events(n, graphs.map_or(&[][..], |g| g.effects(function, n))) {
            enc.forget_written_by(&event);
        }
        // A call's relation binds its result and pointer target: both are written.
        if let NodeKind::Call(site) = &cfg.node(n).kind {
            if let Some(r) = site.result {
                enc.forget(&VarKey::Path(r));
            }
        }
    }
}

/// True when the graph without its back edges (loops, backward `goto`s, the self-loop of the
/// node after a call that does not return) has no cycle, so that enumerating paths terminates
/// and cutting back edges loses no execution.
fn acyclic_without_back_edges(cfg: &Cfg) -> bool {
    let n = cfg.nodes.len();
    let mut indegree = vec![0usize; n];
    let edges = |u: NodeId| cfg.node(u).succs.iter().filter(|e| e.kind != EdgeKind::Back);
    for u in cfg.node_ids() {
        for e in edges(u) {
            indegree[e.target.index()] += 1;
        }
    }
    let mut ready: Vec<NodeId> = cfg.node_ids().filter(|u| indegree[u.index()] == 0).collect();
    let mut seen = 0;
    while let Some(u) = ready.pop() {
        seen += 1;
        for e in edges(u) {
            indegree[e.target.index()] -= 1;
            if indegree[e.target.index()] == 0 {
                ready.push(e.target);
            }
        }
    }
    seen == n
}
