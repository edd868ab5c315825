//! Calls that pass integer constants a callee branches on: `flist_new(0, msg)` where
//! `flist_new` links the new list into a global ring unless `flags & FLIST_TEMP`.
//!
//! A callee's summary says what it may do on any of its paths; a call that passes a constant
//! to a parameter the callee decides branches by runs only some of them. For every call that
//! passes constants to such *deciding* parameters, and for which those constants leave nodes
//! of the callee unreachable ([`super::constant_reach`]), the callee's questions are answered
//! once more on its model restricted to the nodes the constants allow, and the call gets the
//! effects of that specialised summary. A specialised summary assumes only what the call
//! passes, so it is sound at every call that passes the same constants, whatever the other
//! callers do. The contexts of one function are few (the distinct constants its callers
//! pass); past [`MAX_CONTEXTS`] the callee's ordinary summary serves the rest.

use super::link::{FnIndex, Program};
use goanna_cfg::{Cfg, NodeId, NodeKind, PathId, ValExpr, ValueOp};
use rustc_hash::FxHashMap;

/// Most calling contexts specialised per function (the ones met first).
const MAX_CONTEXTS: usize = 4;

/// Constants passed to parameters: (parameter index, value), by index.
pub type Constants = Vec<(usize, i64)>;

/// The calling contexts of the program's functions.
#[derive(Debug, Default)]
pub struct ConstantContexts {
    /// Per call node (caller, node): the constants it passes to its callee's deciding
    /// parameters, when the callee has a specialised summary for them.
    pub at_calls: FxHashMap<(FnIndex, NodeId), Constants>,
    /// Per function: its specialised contexts, each with the nodes of the function that can
    /// run in it.
    pub of: Vec<Vec<(Constants, Vec<bool>)>>,
}

impl ConstantContexts {
    /// The constants the call at `node` of `f` passes to its callee's deciding parameters,
    /// when the callee has a summary specialised to them.
    pub fn known(&self, f: FnIndex, node: NodeId) -> Option<&[(usize, i64)]> {
        self.at_calls.get(&(f, node)).map(Vec::as_slice)
    }
}

/// The indices of `cfg`'s integer parameters that a condition of the function reads, for
/// which a constant can decide a branch: parameters the function writes only by assignments
/// it spells out (never through their address).
fn deciding_parameters(cfg: &Cfg) -> Vec<usize> {
    let followed = super::constant_reach::followed_variables(cfg);
    let conditions: Vec<&ValExpr> = cfg
        .nodes
        .iter()
        .filter(|node| node.kind == NodeKind::Condition)
        .flat_map(|node| node.values.iter())
        .filter_map(|op| match op {
            ValueOp::Cond(e) => Some(e),
            _ => None,
        })
        .collect();
    let read = |p: PathId| conditions.iter().any(|e| e.any(|x| matches!(x, ValExpr::Path(q) if *q == p)));
    cfg.params.iter().enumerate().filter_map(|(i, p)| p.filter(|&p| followed.contains(&p) && read(p)).map(|_| i)).collect()
}

/// The calling contexts of every function of `program` that some call passes constants
/// which cut the function's graph.
pub fn constant_contexts(program: &Program<'_>) -> ConstantContexts {
    let count = program.functions.len();
    let mut deciding: Vec<Option<Vec<usize>>> = vec![None; count];
    let mut plain: Vec<Option<usize>> = vec![None; count];
    let mut of: Vec<Vec<(Constants, Vec<bool>)>> = vec![Vec::new(); count];
    // Contexts tried that cut nothing, or past the limit, per function.
    let mut useless: Vec<Vec<Constants>> = vec![Vec::new(); count];
    let mut at_calls = FxHashMap::default();
    for f in 0..count as FnIndex {
        let cfg = program.cfg(f);
        for &(node, g) in &program.calls[f as usize] {
            let NodeKind::Call(site) = &cfg.node(node).kind else { continue };
            if site.int_args.is_empty() {
                continue;
            }
            let callee = program.cfg(g);
            let params = deciding[g as usize].get_or_insert_with(|| deciding_parameters(callee));
            let constants: Constants = site.int_args.iter().copied().filter(|(i, _)| params.contains(i)).collect();
            if constants.is_empty() || useless[g as usize].contains(&constants) {
                continue;
            }
            if !of[g as usize].iter().any(|(c, _)| *c == constants) {
                if of[g as usize].len() >= MAX_CONTEXTS {
                    continue;
                }
                let start: Vec<(PathId, i64)> = constants.iter().filter_map(|&(i, v)| callee.params.get(i).copied().flatten().map(|p| (p, v))).collect();
                let within = super::constant_reach::reachable_with_constants(callee, &start);
                let all = *plain[g as usize].get_or_insert_with(|| callee.feasible_reachability().iter().filter(|&&r| r).count());
                if within.iter().filter(|&&r| r).count() >= all {
                    useless[g as usize].push(constants);
                    continue;
                }
                of[g as usize].push((constants.clone(), within));
            }
            at_calls.insert((f, node), constants);
        }
    }
    ConstantContexts { at_calls, of }
}
