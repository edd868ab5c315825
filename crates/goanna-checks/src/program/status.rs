//! Return-code conventions of out-parameters: a function that stores a new block through a
//! parameter (`int my_asprintf(char **out, ...)`) usually says by its result whether it did,
//! and its callers test that result rather than the pointer (`if (my_asprintf(&s, ..) < 0)
//! return -1;`). The branch where the result says failure owns nothing, as the branch of a
//! NULL test after `malloc` does: it gets `alloc_failed_s` (`s` itself keeps whatever it held:
//! it is not a NULL test).
//!
//! A function has a convention for parameter `out` ([`out_conventions`]) when every `return`
//! either passes on the status of a call with that convention that stores into `*out` (a
//! library call of the model table, `return vasprintf(out, ..)`, or a function of the program,
//! directly or through a variable holding the result), or returns a constant that the
//! convention reads as failure on every path where `*out` holds nothing (not yet allocated, or
//! found NULL, or set to NULL) and as success on every path where it holds a block. The
//! library conventions are data (`out_fails_when` in `library_models.toml`); the graph builder
//! records which conditions and `return`s use a call's result ([`goanna_cfg::StatusUse`]).

use super::link::{FnIndex, Program};
use super::rks::CallEffects;
use super::summary::Summary;
use goanna_cfg::{CallSite, Cfg, EdgeKind, FailWhen, NodeId, NodeKind, PathId, PathStep, PropKind, StatusUse, ValExpr, ValueOp};

/// The object a callee may write through argument `i` of `site`: `x` for `&x`, `*out` for a
/// pointer `out` passed on (when the graph has that path).
pub(super) fn out_target(cfg: &Cfg, site: &CallSite, i: usize) -> Option<PathId> {
    if let Some(Some(x)) = site.address_args.get(i) {
        return Some(*x);
    }
    let x = (*site.args.get(i)?)?;
    if cfg.path(x).class != goanna_ast::TypeClass::Pointer {
        return None;
    }
    pointee(cfg, x)
}

/// The path `*x`, when the graph has it.
pub(super) fn pointee(cfg: &Cfg, x: PathId) -> Option<PathId> {
    let path = cfg.path(x);
    let id = cfg.paths.iter().position(|o| {
        o.root == path.root
            && o.steps.len() == path.steps.len() + 1
            && o.steps.starts_with(&path.steps)
            && o.steps.last() == Some(&PathStep::Deref)
    })?;
    Some(PathId(id as u32))
}

/// The function of the program that call node `node` of `f` calls.
fn callee_of(program: &Program<'_>, f: FnIndex, node: NodeId) -> Option<FnIndex> {
    program.calls[f as usize].iter().find(|&&(n, _)| n == node).map(|&(_, g)| g)
}

/// The objects a call node lets its callee store into with a convention, and the convention.
fn call_outs<'s>(program: &Program<'_>, f: FnIndex, node: NodeId, summary_of: &dyn Fn(FnIndex) -> &'s Summary) -> Vec<(PathId, OutConvention)> {
    let cfg = program.cfg(f);
    let NodeKind::Call(site) = &cfg.node(node).kind else { return Vec::new() };
    let Some(g) = callee_of(program, f, node) else { return Vec::new() };
    let summary = summary_of(g);
    summary
        .out_conventions
        .iter()
        .enumerate()
        .filter_map(|(i, fails)| Some((out_target(cfg, site, i)?, (*fails)?)))
        .collect()
}

/// For each condition of `f` that tests the result of a call of a function that allocates into
/// an out-parameter with a convention: `alloc_failed_x` on the branch where the result means
/// failure, for the caller's `x` the callee stores into.
pub(super) fn add_status_test_effects<'s>(
    program: &Program<'_>,
    f: FnIndex,
    summary_of: &dyn Fn(FnIndex) -> &'s Summary,
    effects: &mut CallEffects,
) {
    let cfg = program.cfg(f);
    for node in &cfg.nodes {
        let Some(StatusUse::Test { call, op, value }) = &node.status else { continue };
        let outs = call_outs(program, f, *call, summary_of);
        for (x, convention) in outs {
            if !convention.fresh_on_success {
                continue;
            }
            for edge in &node.succs {
                let taken = match edge.kind {
                    EdgeKind::True => true,
                    EdgeKind::False => false,
                    _ => continue,
                };
                if convention.fails.branch_means_failure(*op, *value, taken) != Some(true) {
                    continue;
                }
                let props = effects.entry((f, edge.target)).or_default();
                if !props.contains(&(PropKind::AllocFailed, x)) {
                    props.push((PropKind::AllocFailed, x));
                }
            }
        }
    }
}


/// What a `return` gives back, as far as the convention is concerned.
enum Returned {
    /// The status of a call with this convention that stored into the parameter's `*out`;
    /// whether that call stores a fresh block wherever it succeeds.
    Status(FailWhen, bool),
    /// A constant.
    Constant(i64),
    /// Anything else.
    Other,
}

/// How a function says, by its result, whether it stored into `*param`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutConvention {
    /// The results that mean nothing was stored.
    pub fails: FailWhen,
    /// Wherever the result says success, `*param` holds a block the function allocated (not
    /// a value it found elsewhere, such as a cached pointer).
    pub fresh_on_success: bool,
}

/// Per parameter of `f`: the convention by which its result says whether it stored a block
/// into `*param` (see the module documentation), given its callees' summaries and the effects
/// on its nodes (`f`'s own status tests included).
pub(super) fn out_conventions<'s>(
    program: &Program<'_>,
    f: FnIndex,
    effects: &CallEffects,
    summary_of: &dyn Fn(FnIndex) -> &'s Summary,
) -> Vec<Option<OutConvention>> {
    let cfg = program.cfg(f);
    let mut result = vec![None; cfg.params.len()];
    let returns_int = cfg.nodes.iter().any(|n| n.values.iter().any(|v| matches!(v, ValueOp::Return(_))));
    if !returns_int {
        return result;
    }
    let mut facts: Option<LocalFacts> = None;
    for (i, param) in cfg.params.iter().enumerate() {
        let Some(param) = *param else { continue };
        if cfg.path(param).class != goanna_ast::TypeClass::Pointer {
            continue;
        }
        let Some(d) = pointee(cfg, param) else { continue };
        let facts = facts.get_or_insert_with(|| LocalFacts {
            allocating: allocating_locals(cfg, f, effects),
            freeing_calls: freeing_calls(program, f, summary_of),
        });
        result[i] = convention_for(program, f, effects, summary_of, facts, param, d);
    }
    result
}

/// Most (holding, value) pairs followed at one node by [`status_variable_returns`].
const MAX_PAIRS: usize = 16;

/// For `return`s (`nodes`) that all give back the same local integer variable: what `*out`
/// (`d`) may hold, with the constant the variable holds, on each way to them — `None` when some
/// way gives the variable a value that is not a constant (a call's status), or the pairs are
/// too many. The variable and `*out` are followed together along the graph, so the `-1` of a
/// failure branch stays with the `*out` it left empty.
fn status_variable_returns(cfg: &Cfg, f: FnIndex, effects: &CallEffects, facts: &LocalFacts, d: PathId, nodes: &[usize]) -> Option<Vec<(u8, i64)>> {
    let returned = |n: usize| {
        cfg.nodes[n].values.iter().find_map(|v| match v {
            ValueOp::Return(e) => variable_of(e),
            _ => None,
        })
    };
    let v = returned(nodes[0])?;
    let local = cfg.path(v);
    if !local.is_variable() || local.root.kind != goanna_ast::VarKind::Local || local.class != goanna_ast::TypeClass::Integer {
        return None;
    }
    if nodes.iter().any(|&n| returned(n) != Some(v)) {
        return None;
    }
    // The variable's address taken anywhere: it may change behind the graph's back.
    if cfg.nodes.iter().any(|node| node.props.iter().any(|p| p.kind == PropKind::AddrTaken && p.subject == goanna_cfg::Subject::Path(v))) {
        return None;
    }
    // Per node, the pairs on entry: (one of NOTHING / BLOCK / OTHER, the variable's constant).
    let mut at: Vec<Vec<(u8, Option<i64>)>> = vec![Vec::new(); cfg.nodes.len()];
    at[cfg.entry.index()].push((NOTHING, None));
    let mut work = vec![cfg.entry];
    while let Some(n) = work.pop() {
        let node = cfg.node(n);
        let effect = effect_on_out(cfg, f, effects, facts, n, d);
        // The variable's new value here, if the node writes it.
        let assigned = node.values.iter().rev().find_map(|op| match op {
            ValueOp::Assign { target, value } if *target == v => Some(value.constant()),
            _ => None,
        });
        let redefined = assigned.is_none() && node.props.iter().any(|p| matches!(p.kind, PropKind::Def | PropKind::DeclInit) && p.subject == goanna_cfg::Subject::Path(v));
        let out: Vec<(u8, Option<i64>)> = at[n.index()]
            .iter()
            .map(|&(held, value)| {
                let held = effect.apply(held);
                let value = match assigned {
                    Some(k) => k,
                    None if redefined => None,
                    None => value,
                };
                (held, value)
            })
            .collect();
        for edge in &node.succs {
            if !node.edge_feasible(edge) {
                continue;
            }
            let t = edge.target.index();
            let mut grew = false;
            for pair in &out {
                if !at[t].contains(pair) {
                    at[t].push(*pair);
                    grew = true;
                }
            }
            if at[t].len() > MAX_PAIRS {
                return None;
            }
            if grew {
                work.push(edge.target);
            }
        }
    }
    let mut pairs = Vec::new();
    for &n in nodes {
        if !cfg.nodes[n].reachable {
            continue;
        }
        for &(held, value) in &at[n] {
            pairs.push((held, value?));
        }
    }
    Some(pairs)
}

/// The variable an expression reads, through casts (`return ret;`, `return (int)ret;`).
fn variable_of(e: &ValExpr) -> Option<PathId> {
    match e.without_casts() {
        ValExpr::Path(p) => Some(*p),
        _ => None,
    }
}

/// `*out` may hold nothing (not yet stored, found NULL, set to NULL).
const NOTHING: u8 = 1;
/// `*out` may hold a block allocated here.
const BLOCK: u8 = 2;
/// `*out` may hold some other value written here.
const OTHER: u8 = 4;

/// What one node does to `*out`.
#[derive(Clone, Copy)]
struct OutEffect {
    /// Found NULL, set to NULL, or the call that would have stored into it failed.
    emptied: bool,
    /// A block allocated here stored into it.
    allocated: bool,
    /// Some other value stored into it.
    written: bool,
    /// Found not NULL.
    nonnull: bool,
}

impl OutEffect {
    /// What `*out` may hold after the node, from what it may hold before (a set of
    /// [`NOTHING`], [`BLOCK`], [`OTHER`]).
    fn apply(self, before: u8) -> u8 {
        if self.emptied {
            NOTHING
        } else if self.allocated {
            BLOCK
        } else if self.written {
            OTHER
        } else if self.nonnull {
            match before & !NOTHING {
                0 => OTHER,
                rest => rest,
            }
        } else {
            before
        }
    }
}

/// What node `n` does to `*out` (`d`). A copy of a local that only ever holds blocks allocated
/// here (`LocalFacts::allocating`; or NULL: `*retp = s;` after `xasprintf(&s, ..)`) stores a block.
fn effect_on_out(cfg: &Cfg, f: FnIndex, effects: &CallEffects, facts: &LocalFacts, n: NodeId, d: PathId) -> OutEffect {
    let node = cfg.node(n);
    let own = node.props.iter().filter_map(|p| match p.subject {
        goanna_cfg::Subject::Path(x) => Some((p.kind, x, p.value)),
        _ => None,
    });
    let extra = effects.get(&(f, n)).into_iter().flatten().map(|&(k, x)| (k, x, None));
    let mut effect = OutEffect { emptied: false, allocated: false, written: false, nonnull: false };
    // Handed to a function of the program that may free it (`fail: cell_free(*out, 0); return
    // -1;`, where the callee keeps the cell on some other path): the caller is left nothing it
    // could free.
    if facts.freeing_calls.contains(&(n, d)) {
        effect.emptied = true;
    }
    for (kind, x, value) in own.chain(extra) {
        if x != d {
            continue;
        }
        match kind {
            // Found or set NULL, not stored by a failed call, or freed: nothing to free.
            PropKind::NullTest | PropKind::AssignNull | PropKind::AllocFailed | PropKind::Free => effect.emptied = true,
            PropKind::Alloc => effect.allocated = true,
            PropKind::Copy if value.and_then(|v| u32::try_from(v).ok()).is_some_and(|src| facts.allocating.contains(&PathId(src))) => effect.allocated = true,
            PropKind::Def => effect.written = true,
            PropKind::NonNullTest => effect.nonnull = true,
            _ => {}
        }
    }
    effect
}

/// What is known of a function's own code, for all its parameters' conventions.
struct LocalFacts {
    /// Its local pointers that only ever hold blocks it allocated, or NULL
    /// ([`allocating_locals`]).
    allocating: Vec<PathId>,
    /// Its calls of functions of the program that may free a pointer they are given, with
    /// that pointer ([`freeing_calls`]).
    freeing_calls: Vec<(NodeId, PathId)>,
}

/// The calls of `f` that pass a pointer to a function of the program that may free it, with
/// the pointer passed.
fn freeing_calls<'s>(program: &Program<'_>, f: FnIndex, summary_of: &dyn Fn(FnIndex) -> &'s Summary) -> Vec<(NodeId, PathId)> {
    let cfg = program.cfg(f);
    let mut calls = Vec::new();
    for &(node, g) in &program.calls[f as usize] {
        let NodeKind::Call(site) = &cfg.node(node).kind else { continue };
        let frees = &summary_of(g).may_free;
        for (i, arg) in site.args.iter().enumerate() {
            if let Some(x) = *arg {
                if frees.get(i) == Some(&true) {
                    calls.push((node, x));
                }
            }
        }
    }
    calls
}

/// The function's local pointers that only ever hold blocks it allocated, or NULL: every
/// definition allocates (itself, or the call its address is lent to: `xasprintf(&s, ..)`,
/// whose summary defines `s`) or stores NULL.
fn allocating_locals(cfg: &Cfg, f: FnIndex, effects: &CallEffects) -> Vec<PathId> {
    let local_pointer = |x: PathId| {
        let path = cfg.path(x);
        path.is_variable() && path.root.kind == goanna_ast::VarKind::Local && path.class == goanna_ast::TypeClass::Pointer
    };
    let mut defined: Vec<PathId> = Vec::new();
    let mut other: Vec<PathId> = Vec::new();
    for n in cfg.node_ids() {
        let own = cfg.node(n).props.iter().filter_map(|p| match p.subject {
            goanna_cfg::Subject::Path(x) => Some((p.kind, x)),
            _ => None,
        });
        let at: Vec<(PropKind, PathId)> = own.chain(effects.get(&(f, n)).into_iter().flatten().copied()).collect();
        for &(kind, x) in &at {
            if !matches!(kind, PropKind::Def | PropKind::DeclInit) || !local_pointer(x) {
                continue;
            }
            if !defined.contains(&x) {
                defined.push(x);
            }
            if !at.iter().any(|&(k, y)| y == x && matches!(k, PropKind::Alloc | PropKind::AssignNull)) && !other.contains(&x) {
                other.push(x);
            }
        }
    }
    defined.retain(|x| !other.contains(x));
    defined.sort_unstable();
    defined
}

/// What `*out` (`d`) may hold on entry to each node: a set of [`NOTHING`], [`BLOCK`], [`OTHER`].
fn holdings(cfg: &Cfg, f: FnIndex, effects: &CallEffects, facts: &LocalFacts, d: PathId) -> Vec<u8> {
    let mut at = vec![0u8; cfg.nodes.len()];
    let Some(entry) = at.get_mut(cfg.entry.index()) else { return at };
    *entry = NOTHING;
    let mut work = vec![cfg.entry];
    while let Some(n) = work.pop() {
        let node = cfg.node(n);
        let state = effect_on_out(cfg, f, effects, facts, n, d).apply(at[n.index()]);
        for edge in &node.succs {
            if !node.edge_feasible(edge) {
                continue;
            }
            let t = edge.target.index();
            if t < at.len() && at[t] | state != at[t] {
                at[t] |= state;
                work.push(edge.target);
            }
        }
    }
    at
}

fn convention_for<'s>(
    program: &Program<'_>,
    f: FnIndex,
    effects: &CallEffects,
    summary_of: &dyn Fn(FnIndex) -> &'s Summary,
    facts: &LocalFacts,
    param: PathId,
    d: PathId,
) -> Option<OutConvention> {
    let cfg = program.cfg(f);
    let held = holdings(cfg, f, effects, facts, d);
    let mut passed_on: Option<FailWhen> = None;
    let mut fresh = true;
    // (what `*out` may hold, the constant) at each `return` of a constant.
    let mut constants = Vec::new();
    // The other `return`s.
    let mut others = Vec::new();
    for (n, node) in cfg.nodes.iter().enumerate() {
        if node.kind != NodeKind::Return || !node.reachable || held[n] == 0 {
            continue;
        }
        let returned = match &node.status {
            Some(StatusUse::ReturnsLibrary { outs, fails }) if outs.contains(&d) => Returned::Status(*fails, true),
            Some(StatusUse::ReturnsCall { call }) => {
                let site_outs = call_outs(program, f, *call, summary_of);
                // The callee stores into `*out` itself or into what `out` points to.
                match site_outs.iter().find(|(x, _)| *x == d || *x == param) {
                    Some(&(_, c)) => Returned::Status(c.fails, c.fresh_on_success),
                    None => Returned::Other,
                }
            }
            _ => match node.values.iter().find_map(|v| match v {
                ValueOp::Return(e) => Some(e.constant()),
                _ => None,
            }) {
                Some(Some(k)) => Returned::Constant(k),
                _ => Returned::Other,
            },
        };
        match returned {
            Returned::Status(fails, fresh_there) => {
                if passed_on.is_some_and(|p| p != fails) {
                    return None;
                }
                passed_on = Some(fails);
                fresh &= fresh_there;
            }
            Returned::Constant(k) => constants.push((held[n], k)),
            Returned::Other => others.push(n),
        }
    }
    // `return ret;` where `ret` holds a constant set on each way to it (`int ret = -1; ...
    // ret = 0; *retp = s; out: free(copy); return ret;`): what `*out` holds with each value.
    if !others.is_empty() {
        constants.extend(status_variable_returns(cfg, f, effects, facts, d, &others)?);
    }
    // Where `*out` may hold nothing the result says failure; where it may hold something,
    // success.
    let fits = |fails: FailWhen| {
        constants.iter().all(|&(state, k)| (state & NOTHING == 0 || fails.is_failure(k)) && (state & !NOTHING == 0 || !fails.is_failure(k)))
    };
    let fails = match passed_on {
        Some(fails) => fits(fails).then_some(fails)?,
        None => {
            // Constants alone: some path must fail and some succeed, or nothing is said.
            let fails_somewhere = constants.iter().any(|&(state, _)| state & NOTHING != 0);
            let succeeds_somewhere = constants.iter().any(|&(state, _)| state & !NOTHING != 0);
            if !(fails_somewhere && succeeds_somewhere) {
                return None;
            }
            [FailWhen::Nonzero, FailWhen::Negative].into_iter().find(|&fails| fits(fails))?
        }
    };
    fresh &= constants.iter().all(|&(state, _)| state & OTHER == 0);
    Some(OutConvention { fails, fresh_on_success: fresh })
}
