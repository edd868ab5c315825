//! Where a pointer is known to be non-null: every path from the entry passes a branch that
//! found it non-null, or an assignment of an address that is never NULL (`p = &x`, `p = &q->f`, a string,
//! the result of a function that always returns such an address or never returns NULL), or a
//! copy of a pointer known non-null there (`if (!d->data) return; lib = d->data;`), with no
//! other new value since (a forward must-analysis on one graph).

use super::rks::CallEffects;
use super::link::FnIndex;
use goanna_cfg::{Cfg, NodeId, PathId, PropKind, Subject};
use std::collections::VecDeque;

/// For each node: whether `var` is known non-null when the node is reached.
/// `effects` are the propositions call nodes of function `f` get from their callees.
pub fn known_nonnull(cfg: &Cfg, f: FnIndex, effects: &CallEffects, var: PathId) -> Vec<bool> {
    known(cfg, f, effects, var, MAX_COPY_DEPTH)
}

/// How many copies back a pointer's non-null fact is followed (`lib = d->data` after a test of
/// `d->data`).
const MAX_COPY_DEPTH: usize = 1;

fn known(cfg: &Cfg, f: FnIndex, effects: &CallEffects, var: PathId, depth: usize) -> Vec<bool> {
    let n = cfg.nodes.len();
    let has = |i: usize, kind: PropKind| {
        cfg.nodes[i].props.iter().any(|p| p.kind == kind && p.subject == Subject::Path(var))
            || effects.get(&(f, NodeId(i as u32))).is_some_and(|e| e.contains(&(kind, var)))
    };
    // `var = &p->f`: the address of a member is never NULL (forming it accesses `*p`, undefined
    // for a NULL `p`).
    let member_address = |i: usize| {
        has(i, PropKind::Interior)
            && cfg.nodes[i].props.iter().any(|p| {
                p.kind == PropKind::AddrTaken
                    && matches!(p.subject, Subject::Path(m) if cfg.paths.get(m.0 as usize).is_some_and(|m| matches!(m.steps.first(), Some(goanna_cfg::PathStep::Arrow(_)))))
            })
    };
    // `var = src` where `src` is known non-null when the node is reached.
    let copies: Vec<(usize, PathId)> = (0..n)
        .filter(|_| depth > 0)
        .filter_map(|i| {
            let copy = cfg.nodes[i].props.iter().find(|p| p.kind == PropKind::Copy && p.subject == Subject::Path(var))?;
            let src = PathId(u32::try_from(copy.value?).ok()?);
            (src != var && cfg.paths.get(src.0 as usize).is_some()).then_some((i, src))
        })
        .collect();
    let mut sources: Vec<(PathId, Vec<bool>)> = Vec::new();
    for &(_, src) in &copies {
        if !sources.iter().any(|(s, _)| *s == src) {
            sources.push((src, known(cfg, f, effects, src, depth - 1)));
        }
    }
    let copied_nonnull = |i: usize| {
        copies.iter().any(|&(at, src)| at == i && sources.iter().any(|(s, facts)| *s == src && facts.get(i).copied().unwrap_or(false)))
    };
    // A member reached through a pointer (`d->data`) may also change at a call, at a store
    // through a pointer it is reached by, and when such a pointer gets a new value.
    // The pointers the path goes through (`d` of `d->data`), by their own paths; `None` for one
    // the graph does not name, whose writes are not known.
    let path = cfg.path(var);
    let bases: Vec<Option<PathId>> = (0..path.steps.len())
        .filter(|&k| matches!(path.steps[k], goanna_cfg::PathStep::Arrow(_) | goanna_cfg::PathStep::Deref))
        .map(|k| cfg.paths.iter().position(|q| q.root == path.root && q.steps == path.steps[..k]).map(|b| PathId(b as u32)))
        .collect();
    let unnamed_base = bases.contains(&None);
    let changed_behind = |i: usize| {
        !bases.is_empty()
            && (unnamed_base
                || matches!(cfg.nodes[i].kind, goanna_cfg::NodeKind::Call(_))
                || cfg.nodes[i].props.iter().any(|p| {
                    p.kind == PropKind::Call
                        || matches!(p.kind, PropKind::Store | PropKind::Def | PropKind::Escape | PropKind::AddrTaken) && matches!(p.subject, Subject::Path(b) if bases.contains(&Some(b)))
                }))
    };
    // out[i] = known non-null after node i; start optimistic (true) except at the entry.
    let mut input = vec![true; n];
    let mut output = vec![true; n];
    input[cfg.entry.index()] = false;
    let preds = cfg.predecessors();
    let mut queue: VecDeque<usize> = (0..n).filter(|&i| cfg.nodes[i].reachable).collect();
    let mut queued = vec![false; n];
    for &i in &queue {
        queued[i] = true;
    }
    while let Some(i) = queue.pop_front() {
        queued[i] = false;
        if i != cfg.entry.index() {
            input[i] = preds[i].iter().filter(|p| cfg.nodes[p.index()].reachable).all(|p| output[p.index()]);
        }
        let out = if has(i, PropKind::NonNullTest) || has(i, PropKind::NonHeap) || has(i, PropKind::NonNull) || member_address(i) || copied_nonnull(i) {
            true
        } else if has(i, PropKind::Def) || has(i, PropKind::NullTest) || has(i, PropKind::AddrTaken) || changed_behind(i) {
            false
        } else {
            input[i]
        };
        if out != output[i] {
            output[i] = out;
            for edge in &cfg.nodes[i].succs {
                let s = edge.target.index();
                if !queued[s] && cfg.nodes[s].reachable {
                    queued[s] = true;
                    queue.push_back(s);
                }
            }
        }
    }
    (0..n).map(|i| cfg.nodes[i].reachable && input[i]).collect()
}
