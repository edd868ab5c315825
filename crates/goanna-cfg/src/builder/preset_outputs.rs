//! Ignored results of `scanf`-family calls whose outputs already hold a value.
//!
//! A conversion of `sscanf(buf, "%d", &x)` that fails leaves `x` as it was. When every output
//! of the call is a local object that is assigned on every path to the call (`int x = -1;
//! sscanf(buf, "%d", &x); if (x >= 0) ...`), the preset value is the program's answer to a
//! failed scan: ignoring the result is a choice, not a missed failure, and `result_ignored` is
//! dropped from the call's node. An output that may be unassigned keeps the report: the
//! program would go on with a value the call never wrote.

use rustc_hash::FxHashMap;

use crate::graph::Cfg;
use crate::props::{PathId, PropKind, Subject};
use goanna_ast::Span;

/// A `scanf`-family call written as a statement of its own, with the local objects its
/// conversions write.
#[derive(Clone, Debug)]
pub(super) struct IgnoredScan {
    /// The call's source range (the span of its `result_ignored`).
    pub span: Span,
    /// The objects the call's output arguments point to (`&x`).
    pub outputs: Vec<PathId>,
}

/// Removes `result_ignored` from the nodes of `scans` whose outputs are all assigned on every
/// path from the entry to the node (a must-assignment data flow over the `def_x` propositions).
pub(super) fn drop_preset_scans(cfg: &mut Cfg, scans: &[IgnoredScan]) {
    if scans.is_empty() {
        return;
    }
    let mut bit_of: FxHashMap<PathId, u32> = FxHashMap::default();
    for p in scans.iter().flat_map(|s| &s.outputs) {
        let next = bit_of.len() as u32;
        if next < u64::BITS {
            bit_of.entry(*p).or_insert(next);
        }
    }
    let assigned_before = must_assigned_before(cfg, &bit_of);
    for (i, node) in cfg.nodes.iter_mut().enumerate() {
        let before = assigned_before[i];
        node.props.retain(|p| {
            if p.kind != PropKind::ResultIgnored {
                return true;
            }
            let preset = scans.iter().filter(|s| s.span == p.span).any(|s| {
                s.outputs.iter().all(|o| bit_of.get(o).is_some_and(|b| before & (1 << b) != 0))
            });
            !preset
        });
    }
}

/// For each node, the tracked objects (bits of `bit_of`) assigned on every path from the
/// entry to the node, before the node's own effects. Nodes no path reaches get every bit.
fn must_assigned_before(cfg: &Cfg, bit_of: &FxHashMap<PathId, u32>) -> Vec<u64> {
    let (nodes, entry) = (&cfg.nodes, cfg.entry);
    let defs: Vec<u64> = nodes
        .iter()
        .map(|n| {
            n.props
                .iter()
                .filter(|p| p.kind == PropKind::Def)
                .filter_map(|p| match &p.subject {
                    Subject::Path(id) => bit_of.get(id).map(|b| 1u64 << b),
                    _ => None,
                })
                .fold(0, |acc, b| acc | b)
        })
        .collect();
    let preds = cfg.predecessors();
    let mut before = vec![u64::MAX; nodes.len()];
    if let Some(b) = before.get_mut(entry.index()) {
        *b = 0;
    }
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..nodes.len() {
            if i == entry.index() {
                continue;
            }
            let met = preds[i].iter().fold(u64::MAX, |acc, p| acc & (before[p.index()] | defs[p.index()]));
            if met != before[i] {
                before[i] = met;
                changed = true;
            }
        }
    }
    before
}
