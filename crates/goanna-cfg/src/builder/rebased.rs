//! Paths that name other storage once a pointer they are reached through gets a new value.
//!
//! `e->lock` after `e = lookup(k);` is the lock of another entry than before: an unlock of
//! it, then a new lookup and another unlock of `e->lock`, releases two locks, not one twice
//! (unbound's `rrset_cache_lookup` callers). Each node that defines a pointer path `r` gets
//! `rebased_P` for every path `P` of the function reached through `r` (`r->f`, `r->a.b`,
//! `*r`), so that a check can stop following `P` there.

use crate::graph::Cfg;
use crate::props::{PathId, PathStep, Prop, PropKind, Subject};
use goanna_ast::TypeClass;
use rustc_hash::FxHashMap;

/// For each path of `cfg` that is a pointer, the paths reached through it (`r->f`, `r->a.b`,
/// `*r` for `r`); empty for the other paths.
pub(super) fn paths_reached_through(cfg: &Cfg) -> Vec<Vec<PathId>> {
    // The paths of each root variable, so that each pointer path looks only at its own.
    let mut by_root: FxHashMap<&str, Vec<usize>> = FxHashMap::default();
    for (k, path) in cfg.paths.iter().enumerate() {
        by_root.entry(path.root.usr.as_str()).or_default().push(k);
    }
    let mut below: Vec<Vec<PathId>> = vec![Vec::new(); cfg.paths.len()];
    for (r, base) in cfg.paths.iter().enumerate() {
        if base.class != TypeClass::Pointer {
            continue;
        }
        for &k in by_root.get(base.root.usr.as_str()).into_iter().flatten() {
            let path = &cfg.paths[k];
            if path.root == base.root
                && path.steps.len() > base.steps.len()
                && path.steps.starts_with(&base.steps)
                && matches!(path.steps[base.steps.len()], PathStep::Arrow(_) | PathStep::Deref)
            {
                below[r].push(PathId(k as u32));
            }
        }
    }
    below
}

/// Adds `rebased_P` where a pointer `P` is reached through gets a new value; `below` is
/// [`paths_reached_through`].
pub(super) fn add_rebased(cfg: &mut Cfg, below: &[Vec<PathId>]) {
    for node in &mut cfg.nodes {
        let mut added: Vec<Prop> = Vec::new();
        for p in &node.props {
            let (PropKind::Def | PropKind::DeclInit, &Subject::Path(r)) = (p.kind, &p.subject) else { continue };
            for &x in below.get(r.0 as usize).into_iter().flatten() {
                let subject = Subject::Path(x);
                if !added.iter().any(|q| q.subject == subject) {
                    added.push(Prop { kind: PropKind::Rebased, subject, span: p.span, value: None });
                }
            }
        }
        node.props.extend(added);
    }
}
