//! What a returned pointer hands over: `stored_X` for the objects inside its block.
//!
//! A function that returns a pointer gives its caller everything reached through it: a lookup
//! that returns the entry it found with the entry's lock held (`rdlock(&e->lock); return e;`,
//! unbound's `lruhash_lookup`, "the entry is locked, the user must unlock it") hands that lock
//! over, as a function that stores the lock's address through an out-parameter does. Each
//! `return` node whose value is a pointer path `r` (its `escape_r`) gets `stored_P` for every
//! path `P` of the function reached through `r` (`r->lock`, `r->entry.lock`, `*r`).

use crate::graph::{Cfg, NodeKind};
use crate::props::{PathId, PathStep, Prop, PropKind, Subject};
use goanna_ast::TypeClass;

/// Adds `stored_P` to each `return` of a pointer for the paths reached through it.
pub(super) fn add_returned_contents(cfg: &mut Cfg) {
    for i in 0..cfg.nodes.len() {
        if cfg.nodes[i].kind != NodeKind::Return {
            continue;
        }
        let returned: Vec<(PathId, goanna_ast::Span)> = cfg.nodes[i]
            .props
            .iter()
            .filter(|p| p.kind == PropKind::Escape)
            .filter_map(|p| match p.subject {
                Subject::Path(r) if cfg.paths.get(r.0 as usize).is_some_and(|r| r.class == TypeClass::Pointer) => Some((r, p.span)),
                _ => None,
            })
            .collect();
        let mut added: Vec<Prop> = Vec::new();
        for (r, span) in returned {
            let base = &cfg.paths[r.0 as usize];
            for (k, path) in cfg.paths.iter().enumerate() {
                let inside = path.root == base.root
                    && path.steps.len() > base.steps.len()
                    && path.steps.starts_with(&base.steps)
                    && matches!(path.steps[base.steps.len()], PathStep::Arrow(_) | PathStep::Deref);
                let subject = Subject::Path(PathId(k as u32));
                if inside && !added.iter().any(|p| p.subject == subject) {
                    added.push(Prop { kind: PropKind::Stored, subject, span, value: None });
                }
            }
        }
        let node = &mut cfg.nodes[i];
        for p in added {
            if !node.props.iter().any(|q| q.kind == p.kind && q.subject == p.subject) {
                node.props.push(p);
            }
        }
    }
}
