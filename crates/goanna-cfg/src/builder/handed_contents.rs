//! What a pointer handed on hands over: `stored_X` for the objects inside its block.
//!
//! A function that returns a pointer gives its caller everything reached through it: a lookup
//! that returns the entry it found with the entry's lock held (`rdlock(&e->lock); return e;`,
//! unbound's `lruhash_lookup`, "the entry is locked, the user must unlock it") hands that lock
//! over, as a function that stores the lock's address through an out-parameter does. Each
//! `return` node whose value is a pointer path `r` (its `escape_r`) gets `stored_P` for every
//! path `P` of the function reached through `r` (`r->lock`, `r->entry.lock`, `*r`).
//!
//! So does a pointer stored where the caller or other code finds it (its `stored_r`: an
//! out-parameter, a member of the caller's memory, a global): a search that breaks out of its
//! loop with the zone it found locked and hands the zone out (`*a_out = a;`, unbound's
//! `rpz_resolve_client_action_and_zone`) hands the zone's lock over with it.

use crate::graph::{Cfg, NodeKind};
use crate::props::{PathId, Prop, PropKind, Subject};

/// Adds `stored_P` to each `return` of a pointer and each store of a pointer where others find
/// it, for the paths reached through that pointer; `below` is
/// [`super::rebased::paths_reached_through`].
pub(super) fn add_handed_contents(cfg: &mut Cfg, below: &[Vec<PathId>]) {
    for node in &mut cfg.nodes {
        // What the node hands on: the pointer returned, or the pointers it stores away.
        let handed_on = if node.kind == NodeKind::Return { PropKind::Escape } else { PropKind::Stored };
        let mut added: Vec<Prop> = Vec::new();
        for p in node.props.iter().filter(|p| p.kind == handed_on) {
            let Subject::Path(r) = p.subject else { continue };
            for &x in below.get(r.0 as usize).into_iter().flatten() {
                let subject = Subject::Path(x);
                let known = |q: &Prop| q.kind == PropKind::Stored && q.subject == subject;
                if !added.iter().any(known) && !node.props.iter().any(known) {
                    added.push(Prop { kind: PropKind::Stored, subject, span: p.span, value: None });
                }
            }
        }
        node.props.extend(added);
    }
}
