//! Characters a string is known to hold, from comparisons with literals, and the searches for
//! them that cannot fail.
//!
//! Where `strncmp(s, "MOVED ", 6) == 0` holds, `s` starts with `MOVED `: it holds a space, so
//! `strchr(s, ' ')` on a path that passed the test, with `s` (or a copy of it) unchanged, finds
//! one and does not return NULL; where `s[0] == '/'` holds, `strrchr(s, '/')` finds at least
//! that one. The facts are a must-analysis over the function's graph: a
//! comparison's branch where the strings are equal gives them, a new value of the pointer (or
//! of what it is reached through), a store through it and any call of a function that is not
//! modelled take them away, a copy of the pointer carries them. A search whose character is
//! known to be in its string loses its `may_be_null`.

use rustc_hash::FxHashMap;

use crate::graph::{Cfg, NodeId, NodeKind};
use crate::props::{PathId, PropKind, Subject};
use goanna_ast::Span;

/// A set of byte values.
pub(super) type CharSet = [u64; 4];

/// The set holding the bytes of `bytes`.
pub(super) fn char_set(bytes: impl IntoIterator<Item = u8>) -> CharSet {
    let mut set = [0u64; 4];
    for b in bytes {
        set[usize::from(b / 64)] |= 1u64 << (b % 64);
    }
    set
}

fn contains(set: &CharSet, b: u8) -> bool {
    set[usize::from(b / 64)] & (1u64 << (b % 64)) != 0
}

/// A branch where a compared string is known to hold some characters.
#[derive(Clone, Debug)]
pub(super) struct KnownChars {
    /// The branch node.
    pub branch: NodeId,
    /// The pointer to the string.
    pub string: PathId,
    /// The characters it holds there.
    pub chars: CharSet,
}

/// A search for a character in a string whose result may be NULL (`p = strchr(s, ' ')`).
#[derive(Clone, Debug)]
pub(super) struct CharSearch {
    /// The span of the `may_be_null` the search gave its target.
    pub span: Span,
    /// The pointer receiving the result.
    pub target: PathId,
    /// The pointer to the string searched.
    pub string: PathId,
    /// The character searched for.
    pub ch: u8,
}

/// Facts at a node: per pointer, the characters its string holds (`None`: not reached yet).
type Facts = Option<FxHashMap<PathId, CharSet>>;

/// Drops the `may_be_null` of the searches in `cfg` whose character the string is known to
/// hold on every path to the search.
pub(super) fn drop_found_searches(cfg: &mut Cfg, known: &[KnownChars], searches: &[CharSearch]) {
    if known.is_empty() || searches.is_empty() {
        return;
    }
    let before = facts_before(cfg, known);
    for s in searches {
        for (i, node) in cfg.nodes.iter_mut().enumerate() {
            let found = before[i].as_ref().and_then(|f| f.get(&s.string)).is_some_and(|set| contains(set, s.ch));
            if found {
                node.props.retain(|p| !(p.kind == PropKind::MayBeNull && p.subject == Subject::Path(s.target) && p.span == s.span));
            }
        }
    }
}

/// The facts holding before each node (a must-analysis: the meet of the predecessors' facts
/// after them, from nothing known at the entry).
fn facts_before(cfg: &Cfg, known: &[KnownChars]) -> Vec<Facts> {
    let count = cfg.nodes.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); count];
    for (i, n) in cfg.nodes.iter().enumerate() {
        for e in n.succs.iter().filter(|e| n.edge_feasible(e)) {
            if let Some(list) = preds.get_mut(e.target.index()) {
                list.push(i);
            }
        }
    }
    let mut gen: FxHashMap<usize, Vec<(PathId, CharSet)>> = FxHashMap::default();
    for k in known {
        gen.entry(k.branch.index()).or_default().push((k.string, k.chars));
    }
    let mut before: Vec<Facts> = vec![None; count];
    let mut after: Vec<Facts> = vec![None; count];
    before[cfg.entry.index()] = Some(FxHashMap::default());
    after[cfg.entry.index()] = Some(FxHashMap::default());
    // Facts only shrink once a node is reached: the loop ends.
    let mut changed = true;
    let mut rounds = 0;
    while changed && rounds < 64 {
        changed = false;
        rounds += 1;
        for i in 0..count {
            if i != cfg.entry.index() {
                let met = meet(preds[i].iter().map(|&p| &after[p]));
                if met != before[i] {
                    before[i] = met;
                    changed = true;
                }
            }
            let out = before[i].as_ref().map(|f| transfer(cfg, i, f, gen.get(&i)));
            if out != after[i] {
                after[i] = out;
                changed = true;
            }
        }
    }
    if changed {
        // No fixpoint within the bound: nothing is known.
        return vec![None; count];
    }
    before
}

/// The facts that hold on every one of `facts` that is reached.
fn meet<'a>(facts: impl Iterator<Item = &'a Facts>) -> Facts {
    let mut out: Facts = None;
    for f in facts.flatten() {
        out = Some(match out {
            None => f.clone(),
            Some(mut acc) => {
                acc.retain(|p, set| match f.get(p) {
                    Some(other) => {
                        for (a, b) in set.iter_mut().zip(other) {
                            *a &= b;
                        }
                        set.iter().any(|&w| w != 0)
                    }
                    None => false,
                });
                acc
            }
        });
    }
    out
}

/// The facts after node `i` given those before it and what its branch gives.
fn transfer(cfg: &Cfg, i: usize, before: &FxHashMap<PathId, CharSet>, gen: Option<&Vec<(PathId, CharSet)>>) -> FxHashMap<PathId, CharSet> {
    let node = &cfg.nodes[i];
    let mut out = before.clone();
    if matches!(node.kind, NodeKind::Call(_)) {
        out.clear();
    }
    // A path changes when it, or a path it is reached through, gets a new value, when the
    // string is written through it, or when its address is taken.
    let changed_by = |p: PathId, q: PathId| {
        let (Some(a), Some(b)) = (cfg.paths.get(p.0 as usize), cfg.paths.get(q.0 as usize)) else { return true };
        a.root == b.root && b.steps.starts_with(&a.steps)
    };
    for prop in &node.props {
        let Subject::Path(x) = prop.subject else { continue };
        if matches!(prop.kind, PropKind::Def | PropKind::Store | PropKind::AddrTaken | PropKind::Free | PropKind::Escape) {
            out.retain(|&q, _| !changed_by(x, q));
        }
    }
    for prop in &node.props {
        if let (PropKind::Copy, Subject::Path(t), Some(v)) = (prop.kind, &prop.subject, prop.value) {
            let source = u32::try_from(v).ok().map(PathId);
            if let Some(set) = source.and_then(|s| before.get(&s)).copied() {
                out.insert(*t, set);
            }
        }
    }
    for &(p, set) in gen.into_iter().flatten() {
        let entry = out.entry(p).or_insert([0; 4]);
        for (a, b) in entry.iter_mut().zip(set) {
            *a |= b;
        }
    }
    out
}
