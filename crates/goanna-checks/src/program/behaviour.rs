//! How each function may end, seen from a caller: return, end in a call that never returns, or
//! run forever (a loop without a way out, or recursion without end). Least fixpoints over the
//! call graph, so a recursion without a base case never returns.

use super::link::{FnIndex, Program};
use goanna_cfg::{Cfg, NodeId, NodeKind};

/// The ways a call of a function may end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Behaviour {
    /// Some path reaches the function's exit.
    pub may_return: bool,
    /// Some path reaches a call that never returns (`exit`, `abort`, ...).
    pub may_noreturn: bool,
    /// Some path runs forever inside the function or its callees: it reaches a loop it can
    /// never leave (`for (;;)` without a way out), or a call that runs forever. A loop with a
    /// way out is taken to end (the fairness of bug finders: a `for (i = 0; i < n; i++)` in
    /// a fatal-error handler does not make the handler return or run forever).
    pub may_diverge: bool,
}

/// The nodes reachable from the entry when calls of linked functions continue only as their
/// behaviour allows, with whether each call may end the path.
fn explore(program: &Program<'_>, f: FnIndex, cfg: &Cfg, behaviours: &[Behaviour]) -> Behaviour {
    let n = cfg.nodes.len();
    let mut seen = vec![false; n];
    let mut stack = vec![cfg.entry];
    seen[cfg.entry.index()] = true;
    let mut result = Behaviour::default();
    // Edges of the explored graph, and the nodes where a path may end (the exit, a call that
    // never returns or ends the program), for the test of loops without a way out.
    let mut succs: Vec<Vec<NodeId>> = vec![Vec::new(); n];
    let mut ends = vec![false; n];
    while let Some(u) = stack.pop() {
        let node = cfg.node(u);
        match node.kind {
            NodeKind::Exit => result.may_return = true,
            NodeKind::NoReturn => result.may_noreturn = true,
            _ => {}
        }
        ends[u.index()] = matches!(node.kind, NodeKind::Exit | NodeKind::NoReturn);
        let continues = match call_behaviour(program, f, u, behaviours) {
            Some(b) => {
                result.may_noreturn |= b.may_noreturn;
                result.may_diverge |= b.may_diverge;
                ends[u.index()] |= b.may_noreturn;
                b.may_return
            }
            None => !matches!(node.kind, NodeKind::NoReturn | NodeKind::Exit),
        };
        if !continues {
            continue;
        }
        for edge in node.succs.iter().filter(|e| node.edge_feasible(e)) {
            succs[u.index()].push(edge.target);
            if !seen[edge.target.index()] {
                seen[edge.target.index()] = true;
                stack.push(edge.target);
            }
        }
    }
    result.may_diverge |= has_trap(&succs, &seen, &ends);
    result
}

/// How the call at `node` of `f` may end: its callee's behaviour, or for a call through a
/// pointer whose targets are all known (a static pointer's, [`Program::targets_at`], or a
/// member's by its name, [`Program::member_targets_at`]), the union of theirs (`None`: not a
/// call of the program).
pub fn call_behaviour(program: &Program<'_>, f: FnIndex, node: NodeId, behaviours: &[Behaviour]) -> Option<Behaviour> {
    if let Some(g) = program.callee_at(f, node) {
        return Some(behaviours[g as usize]);
    }
    let targets = program.targets_at(f, node).or_else(|| program.member_targets_at(f, node))?;
    Some(targets.iter().fold(Behaviour::default(), |b, &g| {
        let t = behaviours[g as usize];
        Behaviour {
            may_return: b.may_return | t.may_return,
            may_noreturn: b.may_noreturn | t.may_noreturn,
            may_diverge: b.may_diverge | t.may_diverge,
        }
    }))
}

/// True when the call at `node` of `f` calls a function of the program on the way out of it:
/// the caller dies right after the call (a straight run of at most [`MAX_DYING_RUN`] nodes
/// without a call of the program leads to the graph's `noreturn` sink, as after
/// `report_assert(..); __builtin_unreachable();` or `log_fatal(..); exit(1);`), or the callee never returns and ends
/// only in calls that end the program (a fatal-error or assertion handler, not a main loop
/// that runs forever). What runs while the program dies (a crash report that prints every
/// statistic) is no path of the caller's: the whole-program model does not enter it from
/// there.
pub fn dying_call(program: &Program<'_>, f: FnIndex, node: NodeId, behaviours: &[Behaviour]) -> bool {
    let Some(g) = program.callee_at(f, node) else { return false };
    let callee = behaviours[g as usize];
    if !callee.may_return && callee.may_noreturn && !callee.may_diverge {
        return true;
    }
    // The caller dies after the call: a short straight run (no branch, no other call of the
    // program: `__builtin_unreachable()`, `exit(1)`) leads from it to the `noreturn` sink.
    let cfg = program.cfg(f);
    let mut at = node;
    for _ in 0..MAX_DYING_RUN {
        let here = cfg.node(at);
        let mut succs = here.succs.iter().filter(|e| here.edge_feasible(e));
        let (Some(next), None) = (succs.next(), succs.next()) else { return false };
        at = next.target;
        match cfg.node(at).kind {
            NodeKind::NoReturn => return true,
            NodeKind::Exit | NodeKind::Entry => return false,
            _ if program.callee_at(f, at).is_some() => return false,
            _ => {}
        }
    }
    false
}

/// Most nodes between a call and the `noreturn` sink for the call to be a dying one.
const MAX_DYING_RUN: usize = 4;

/// True when some explored node (`seen`) reaches no node where a path may end (`ends`) over
/// the explored edges `succs`: a loop without a way out, or a dead end.
fn has_trap(succs: &[Vec<NodeId>], seen: &[bool], ends: &[bool]) -> bool {
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); succs.len()];
    for (u, out) in succs.iter().enumerate() {
        for v in out {
            preds[v.index()].push(u);
        }
    }
    let mut escapes = ends.to_vec();
    let mut stack: Vec<usize> = (0..ends.len()).filter(|&u| ends[u]).collect();
    while let Some(v) = stack.pop() {
        for &u in &preds[v] {
            if !escapes[u] {
                escapes[u] = true;
                stack.push(u);
            }
        }
    }
    seen.iter().zip(&escapes).any(|(&s, &e)| s && !e)
}

/// The behaviour of every function of the program: first how calls may end (return, or end
/// the program), a least fixpoint in which a recursion without a base case never returns;
/// then, with those fixed, which may run forever (a loop without a way out, a call that never
/// ends), a least fixpoint again. Running forever is decided last because a call whose
/// callee's endings are not known yet would look like a dead end.
pub fn behaviours(program: &Program<'_>) -> Vec<Behaviour> {
    let count = program.functions.len();
    let mut behaviours = vec![Behaviour::default(); count];
    for diverging in [false, true] {
        loop {
            let mut changed = false;
            for f in 0..count as FnIndex {
                let b = explore(program, f, program.cfg(f), &behaviours);
                let old = behaviours[f as usize];
                let merged = if diverging {
                    Behaviour { may_diverge: old.may_diverge | b.may_diverge, ..old }
                } else {
                    Behaviour { may_return: old.may_return | b.may_return, may_noreturn: old.may_noreturn | b.may_noreturn, may_diverge: false }
                };
                if merged != old {
                    behaviours[f as usize] = merged;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }
    behaviours
}

/// The strongly connected components of the call graph, callees before callers.
pub fn call_graph_sccs(program: &Program<'_>) -> Vec<Vec<FnIndex>> {
    let edges: Vec<Vec<usize>> = program.calls.iter().map(|c| c.iter().map(|&(_, g)| g as usize).collect()).collect();
    super::scc::strongly_connected_components(&edges)
        .into_iter()
        .map(|c| c.into_iter().map(|f| f as FnIndex).collect())
        .collect()
}

/// For each function, the globals and statics (by USR of their variable) it mentions itself.
pub fn globals_mentioned(program: &Program<'_>) -> Vec<rustc_hash::FxHashSet<String>> {
    (0..program.functions.len() as FnIndex)
        .map(|f| {
            program
                .cfg(f)
                .paths
                .iter()
                .filter(|p| p.root.kind.is_static_storage())
                .map(|p| p.root.usr.clone())
                .collect()
        })
        .collect()
}

/// For each function, the globals (by USR of their variable) that its callees mention,
/// directly or through their own callees, given what each function mentions itself
/// ([`globals_mentioned`]). A global no callee mentions behaves, inside the function, like one
/// of its locals.
pub fn globals_in_callees(program: &Program<'_>, direct: &[rustc_hash::FxHashSet<String>]) -> Vec<rustc_hash::FxHashSet<String>> {
    use rustc_hash::FxHashSet;
    let count = program.functions.len();
    // Everything a function mentions itself or through callees, callees' components first.
    let mut reach: Vec<FxHashSet<String>> = vec![FxHashSet::default(); count];
    for scc in call_graph_sccs(program) {
        let mut union: FxHashSet<String> = FxHashSet::default();
        for &f in &scc {
            union.extend(direct[f as usize].iter().cloned());
            for &(_, g) in &program.calls[f as usize] {
                if !scc.contains(&g) {
                    union.extend(reach[g as usize].iter().cloned());
                }
            }
        }
        for &f in &scc {
            reach[f as usize] = union.clone();
        }
    }
    (0..count)
        .map(|f| {
            let mut callees: FxHashSet<String> = FxHashSet::default();
            for &(_, g) in &program.calls[f] {
                callees.extend(reach[g as usize].iter().cloned());
            }
            callees
        })
        .collect()
}

/// The nodes of `f` some path from the entry reaches when a call of a function of the program
/// that never returns does not continue past the call (every edge of the graph counts
/// otherwise, including those constant conditions rule out: this is about the code as written).
/// The nodes of `cut` (sorted; conditions decided by the value analysis) do not continue on
/// the edges their value rules out.
pub fn live_nodes_cut(program: &Program<'_>, f: FnIndex, behaviours: &[Behaviour], cut: &[NodeId]) -> Vec<bool> {
    let cfg = program.cfg(f);
    let mut live = vec![false; cfg.nodes.len()];
    let mut stack = vec![cfg.entry];
    live[cfg.entry.index()] = true;
    while let Some(u) = stack.pop() {
        if program.callee_at(f, u).is_some_and(|g| !behaviours[g as usize].may_return) {
            continue;
        }
        let node = cfg.node(u);
        let decided = cut.binary_search(&u).is_ok();
        for edge in &node.succs {
            if decided && !node.edge_feasible(edge) {
                continue;
            }
            if !live[edge.target.index()] {
                live[edge.target.index()] = true;
                stack.push(edge.target);
            }
        }
    }
    live
}
