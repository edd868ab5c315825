//! Globals as path selectors across calls (issue 12, route 5): `g_mode = 1; helper(p);` where
//! `helper` frees `p` only when `g_mode` is set.
//!
//! A *selector* of a function is an integer global (a whole file-scope variable, external or
//! internal linkage) that the function tests (`if (g_mode)`, `g_mode == 0`) and whose value only
//! assignments that name it change: no function of the program takes its address and no thread
//! or signal handler writes it (`GlobalWrites::escaped`). For each call site, a forward
//! must-analysis of the caller says whether each selector of the callee is surely zero or surely
//! non-zero there (set to a constant, or found so by a branch, on every path that reaches the
//! call, with no call in between that may write it). The summaries then answer the callee's
//! questions once more on a model of the callee whose entry knows that fact (the branch that
//! contradicts it is no path: [`super::flat`]'s refinement tracks the selector), and the call
//! gets the effects of that specialised summary. Each specialised summary assumes one fact
//! that holds at the call, so it is sound there whatever the other callers do; a selector the
//! caller does not know leaves the callee's ordinary summary.

use super::link::{FnIndex, Program};
use goanna_ast::{TypeClass, VarKind};
use goanna_cfg::{Cfg, NodeId, NodeKind, PathId, PropKind, Subject};
use rustc_hash::FxHashMap;

/// Most selectors followed per function (the ones tested first in the graph).
const MAX_SELECTORS: usize = 4;

/// What a caller knows about a selector at a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Known {
    /// Zero on every path.
    Zero,
    /// Different from zero on every path.
    NonZero,
    /// Either, or not known.
    Unknown,
}

fn join(a: Known, b: Known) -> Known {
    match (a, b) {
        (x, y) if x == y => x,
        _ => Known::Unknown,
    }
}

/// What each call site knows of its callee's selectors.
#[derive(Debug, Default)]
pub struct Selectors {
    /// Per call node (caller, node): the callee's selectors the caller knows there, as (USR,
    /// non-zero).
    pub at_calls: FxHashMap<(FnIndex, NodeId), Vec<(String, bool)>>,
}

impl Selectors {
    /// What the call at `node` of `f` knows of its callee's selectors.
    pub fn known(&self, f: FnIndex, node: NodeId) -> &[(String, bool)] {
        self.at_calls.get(&(f, node)).map_or(&[][..], |v| &v[..])
    }
}

/// True when `id` names a whole file-scope integer variable that only assignments naming it
/// change.
fn selector_global(program: &Program<'_>, cfg: &Cfg, id: PathId) -> bool {
    let path = cfg.path(id);
    if !(matches!(path.root.kind, VarKind::Global | VarKind::StaticGlobal) && path.steps.is_empty() && path.class == TypeClass::Integer) {
        return false;
    }
    let gw = program.global_writes();
    !gw.var_escapes(&path.root.usr)
}

/// The selectors `f` tests (their paths in `f`), in graph order, at most [`MAX_SELECTORS`].
pub fn selector_paths(program: &Program<'_>, f: FnIndex) -> Vec<PathId> {
    let cfg = program.cfg(f);
    let mut out: Vec<PathId> = Vec::new();
    for node in &cfg.nodes {
        for p in &node.props {
            let (PropKind::NullTest | PropKind::NonNullTest | PropKind::CmpEq | PropKind::CmpNe, Subject::Path(id)) = (p.kind, &p.subject) else {
                continue;
            };
            if out.len() < MAX_SELECTORS && !out.contains(id) && selector_global(program, cfg, *id) {
                out.push(*id);
            }
        }
    }
    out
}

/// The selectors of every function and what every call site of a function with selectors
/// knows of them.
pub fn selectors(program: &Program<'_>) -> Selectors {
    let count = program.functions.len();
    let of: Vec<Vec<String>> = (0..count as FnIndex)
        .map(|f| {
            let cfg = program.cfg(f);
            selector_paths(program, f).into_iter().map(|id| cfg.path(id).root.usr.clone()).collect()
        })
        .collect();
    let mut at_calls = FxHashMap::default();
    if of.iter().all(Vec::is_empty) {
        return Selectors { at_calls };
    }
    for f in 0..count as FnIndex {
        let cfg = program.cfg(f);
        // The selectors of f's callees that f names itself: only f's own writes and tests
        // tell it their value.
        let mut wanted: Vec<PathId> = Vec::new();
        for &(_, g) in &program.calls[f as usize] {
            for usr in &of[g as usize] {
                let named = cfg.paths.iter().position(|p| p.root.usr == *usr && p.steps.is_empty() && p.root.kind.is_static_storage());
                if let Some(i) = named {
                    let id = PathId(i as u32);
                    if !wanted.contains(&id) {
                        wanted.push(id);
                    }
                }
            }
        }
        if wanted.is_empty() {
            continue;
        }
        let before = known_before(program, f, &wanted);
        for &(n, g) in &program.calls[f as usize] {
            let Some(state) = &before[n.index()] else { continue };
            let mut known = Vec::new();
            for (i, &id) in wanted.iter().enumerate() {
                let usr = &cfg.path(id).root.usr;
                if !of[g as usize].contains(usr) {
                    continue;
                }
                match state[i] {
                    Known::Zero => known.push((usr.clone(), false)),
                    Known::NonZero => known.push((usr.clone(), true)),
                    Known::Unknown => {}
                }
            }
            if !known.is_empty() {
                at_calls.insert((f, n), known);
            }
        }
    }
    Selectors { at_calls }
}

/// What is known of each of `vars` (globals of `f`) before every node (`None`: unreached).
fn known_before(program: &Program<'_>, f: FnIndex, vars: &[PathId]) -> Vec<Option<Vec<Known>>> {
    let cfg = program.cfg(f);
    let gw = program.global_writes();
    let count = cfg.nodes.len();
    let mut before: Vec<Option<Vec<Known>>> = vec![None; count];
    if cfg.entry.index() >= count {
        return before;
    }
    before[cfg.entry.index()] = Some(vec![Known::Unknown; vars.len()]);
    let mut work = std::collections::VecDeque::from([cfg.entry]);
    let mut queued = vec![false; count];
    queued[cfg.entry.index()] = true;
    // Every join only moves a value up a lattice of height three: the work is linear.
    while let Some(n) = work.pop_front() {
        queued[n.index()] = false;
        let Some(state) = before[n.index()].clone() else { continue };
        let mut after = state;
        let node = cfg.node(n);
        if matches!(node.kind, NodeKind::Call(_)) {
            let callee = program.callee_at(f, n);
            for (i, &id) in vars.iter().enumerate() {
                let path = cfg.path(id);
                if gw.may_write(None, callee, false, path, path.root.kind != VarKind::Global) {
                    after[i] = Known::Unknown;
                }
            }
        }
        // Tests first, then writes; a constant assignment after the plain write it comes with.
        for pass in 0..3 {
            for p in &node.props {
                let Subject::Path(id) = p.subject else { continue };
                let Some(i) = vars.iter().position(|&v| v == id) else { continue };
                let value = match (pass, p.kind) {
                    (0, PropKind::NullTest) => Known::Zero,
                    (0, PropKind::NonNullTest) => Known::NonZero,
                    (0, PropKind::CmpEq) => match p.value {
                        Some(0) => Known::Zero,
                        Some(_) => Known::NonZero,
                        None => continue,
                    },
                    (0, PropKind::CmpNe) if p.value == Some(0) => Known::NonZero,
                    (1, PropKind::Def | PropKind::DeclInit | PropKind::AddrTaken | PropKind::AddConst) => Known::Unknown,
                    (2, PropKind::AssignZero | PropKind::AssignNull) => Known::Zero,
                    (2, PropKind::AssignConst) => match p.value {
                        Some(0) => Known::Zero,
                        Some(_) => Known::NonZero,
                        None => Known::Unknown,
                    },
                    _ => continue,
                };
                after[i] = value;
            }
        }
        for edge in node.succs.iter().filter(|e| node.edge_feasible(e)) {
            let t = edge.target.index();
            let changed = super::dataflow::join_into(&mut before[t], &after, join);
            if changed && !queued[t] {
                queued[t] = true;
                work.push_back(edge.target);
            }
        }
    }
    before
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_keeps_only_what_every_path_agrees_on() {
        assert_eq!(join(Known::NonZero, Known::NonZero), Known::NonZero);
        assert_eq!(join(Known::Zero, Known::NonZero), Known::Unknown);
        assert_eq!(join(Known::Unknown, Known::Zero), Known::Unknown);
    }
}
