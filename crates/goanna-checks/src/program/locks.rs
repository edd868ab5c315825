//! Lock wrappers: functions whose purpose is to return holding a lock (`void lock_db(db *d) {
//! pthread_mutex_lock(&d->mu); }`) or to release one their caller holds. What such a function
//! does to a lock reached through a parameter, on every path that returns, is a `lock` or
//! `unlock` of the corresponding lock at each call site (design note 6), so the caller's
//! `lock_db(d); ...; unlock_db(d);` pairs up for the THR checks.
//!
//! Locks of globals need nothing here: their propositions keep their meaning inside callees.
//! A wrapper itself is not reported by `THR-lock-no-unlock` (the check's `unless_at_entry`):
//! locking on every path that returns and never unlocking is what it is for.

use super::behaviour::call_graph_sccs;
use super::link::{FnIndex, Program};
use super::rks::CallEffects;
use goanna_ast::VarKind;
use goanna_cfg::{AccessPath, Cfg, NodeId, NodeKind, PathId, PathStep, PropKind, Subject};

/// At most this many locks per function are followed (one bit each).
const MAX_LOCKS: usize = 64;

/// What a function does, on every path that returns, to a lock reached through a parameter:
/// (`Lock` or `Unlock`, parameter index, steps from the parameter).
type LockEffect = (PropKind, usize, Vec<PathStep>);

/// Adds to the call nodes of every caller the lock effects of its callees; returns the callers
/// whose call nodes got new propositions (their models built before are stale).
pub fn add_lock_effects(program: &Program<'_>, effects: &mut CallEffects) -> Vec<FnIndex> {
    let mut summaries: Vec<Vec<LockEffect>> = vec![Vec::new(); program.functions.len()];
    let mut changed = Vec::new();
    // Callees before callers: a wrapper of a wrapper sees its callee's effect.
    for scc in call_graph_sccs(program) {
        for &f in &scc {
            for &(node, callee) in &program.calls[f as usize] {
                if summaries[callee as usize].is_empty() {
                    continue;
                }
                let cfg = program.cfg(f);
                let NodeKind::Call(site) = &cfg.node(node).kind else { continue };
                for (kind, param, steps) in &summaries[callee as usize] {
                    let Some(path) = caller_path(cfg, &site.args, &site.address_args, *param, steps) else { continue };
                    let entry = effects.entry((f, node)).or_default();
                    if !entry.contains(&(*kind, path)) {
                        entry.push((*kind, path));
                        changed.push(f);
                    }
                }
            }
        }
        for &f in &scc {
            summaries[f as usize] = lock_summary(program.cfg(f), f, effects);
        }
    }
    changed.sort_unstable();
    changed.dedup();
    changed
}

/// The path of the caller that a callee's lock `param` + `steps` stands for: the argument's
/// path with the steps appended (`d` passed for `d->mu`: `d->mu`; `&s` passed: `s.mu`), when
/// the caller names that path; otherwise the argument's path itself, which then stands for
/// every lock reached through it (a caller that only calls `lock_db(d)` and `unlock_db(d)`).
fn caller_path(cfg: &Cfg, args: &[Option<PathId>], address_args: &[Option<PathId>], param: usize, steps: &[PathStep]) -> Option<PathId> {
    let (base, steps): (PathId, Vec<PathStep>) = if let Some(Some(a)) = args.get(param) {
        (*a, steps.to_vec())
    } else if let Some(Some(x)) = address_args.get(param) {
        // Through `&x` the parameter's first step into the pointee is a step into `x`.
        let mut rest = steps.to_vec();
        match rest.first().cloned() {
            Some(PathStep::Arrow(field)) => rest[0] = PathStep::Field(field),
            Some(PathStep::Deref) => {
                rest.remove(0);
            }
            _ => {}
        }
        (*x, rest)
    } else {
        return None;
    };
    if steps.is_empty() {
        return Some(base);
    }
    let root = cfg.path(base);
    let wanted: Vec<PathStep> = root.steps.iter().cloned().chain(steps).collect();
    let named = cfg.paths.iter().position(|p: &AccessPath| p.root == root.root && p.steps == wanted && p.result_of.is_none());
    Some(named.map_or(base, |i| PathId(i as u32)))
}

/// The locks reached through a parameter that `cfg` holds on every path that returns without
/// having released them since (`Lock`), and those it releases on every path that returns
/// without taking them again (`Unlock`).
fn lock_summary(cfg: &Cfg, f: FnIndex, effects: &CallEffects) -> Vec<LockEffect> {
    let props_of = |n: NodeId| -> Vec<(PropKind, PathId)> {
        let own = cfg.node(n).props.iter().filter_map(|p| match p.subject {
            Subject::Path(id) if matches!(p.kind, PropKind::Lock | PropKind::Unlock) => Some((p.kind, id)),
            _ => None,
        });
        let called = effects.get(&(f, n)).into_iter().flatten().filter(|(k, _)| matches!(k, PropKind::Lock | PropKind::Unlock)).copied();
        own.chain(called).collect()
    };
    // The locks followed: paths rooted at a parameter.
    let mut locks: Vec<(PathId, usize)> = Vec::new();
    for n in cfg.node_ids() {
        for (_, id) in props_of(n) {
            if locks.len() >= MAX_LOCKS || locks.iter().any(|&(l, _)| l == id) {
                continue;
            }
            if let Some(param) = parameter_of(cfg, cfg.path(id)) {
                locks.push((id, param));
            }
        }
    }
    if locks.is_empty() {
        return Vec::new();
    }
    let bit = |id: PathId| locks.iter().position(|&(l, _)| l == id).map(|i| 1u64 << i);
    // Forward must-analysis: (held, released) on every path to the node; `None` not reached.
    let mut out: Vec<Option<(u64, u64)>> = vec![None; cfg.nodes.len()];
    let preds = cfg.predecessors();
    let mut changed = true;
    let mut rounds = 0;
    while changed && rounds < cfg.nodes.len() + 2 {
        changed = false;
        rounds += 1;
        for n in cfg.node_ids() {
            let state_in = if n == cfg.entry {
                Some((0u64, 0u64))
            } else {
                preds[n.index()]
                    .iter()
                    .filter(|&&p| cfg.node(p).succs.iter().any(|e| e.target == n && cfg.node(p).edge_feasible(e)))
                    .filter_map(|&p| out[p.index()])
                    .reduce(|(h1, r1), (h2, r2)| (h1 & h2, r1 & r2))
            };
            let Some((mut held, mut released)) = state_in else { continue };
            for (kind, id) in props_of(n) {
                let Some(b) = bit(id) else { continue };
                if kind == PropKind::Lock {
                    held |= b;
                    released &= !b;
                } else {
                    held &= !b;
                    released |= b;
                }
            }
            if out[n.index()] != Some((held, released)) {
                out[n.index()] = Some((held, released));
                changed = true;
            }
        }
    }
    let Some((held, released)) = out[cfg.exit.index()] else { return Vec::new() };
    let mut summary = Vec::new();
    for (i, &(id, param)) in locks.iter().enumerate() {
        let steps = cfg.path(id).steps.clone();
        if held & (1 << i) != 0 {
            summary.push((PropKind::Lock, param, steps));
        } else if released & (1 << i) != 0 {
            summary.push((PropKind::Unlock, param, steps));
        }
    }
    summary
}

/// The index of the parameter a path starts from, if it does.
fn parameter_of(cfg: &Cfg, path: &AccessPath) -> Option<usize> {
    if path.root.kind != VarKind::Param || path.result_of.is_some() {
        return None;
    }
    cfg.params.iter().position(|p| p.is_some_and(|p| {
        let q = cfg.path(p);
        q.root == path.root && q.steps.is_empty()
    }))
}
