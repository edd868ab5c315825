//! Null tests kept in a variable: `ok = (p != NULL); ... if (!ok) return;`.
//!
//! A branch on an integer variable that holds the outcome of comparing a pointer with NULL is
//! a test of that pointer, as long as neither has been written since: the branch where `ok`
//! is non-zero found `p` non-null, the other found it NULL. The branch nodes of such a test
//! get the pointer's `nonnull_test_p` / `null_test_p` next to the variable's own, so that
//! every check reads the test as it would read `if (p == NULL)`.
//!
//! Only plain local variables qualify, neither of whose addresses the function takes (no call
//! or store through a pointer can write them), and every definition of the variable that
//! reaches the branch must store a test of the same pointer with the same sense.

use crate::graph::{Cfg, NodeId, NodeKind};
use crate::props::{PathId, Prop, PropKind, Subject};
use crate::values::{ValBinOp, ValExpr, ValUnOp, ValueOp};
use goanna_ast::{TypeClass, VarKind};
use rustc_hash::FxHashSet;

/// Most nodes one backward search for the definitions of a variable visits.
const MAX_VISITED: usize = 4096;

/// What a variable holds about a pointer: the pointer, and whether a non-zero value means the
/// pointer is non-null (`ok = p != NULL`) or NULL (`none = !p`).
#[derive(Clone, Copy, PartialEq, Eq)]
struct StoredTest {
    pointer: PathId,
    nonzero_means_nonnull: bool,
}

/// Adds the pointer's test propositions to the branches of tests of variables that hold one.
pub(super) fn add_stored_null_tests(cfg: &mut Cfg) {
    let address_taken: FxHashSet<PathId> = cfg
        .nodes
        .iter()
        .flat_map(|n| n.props.iter())
        .filter(|p| p.kind == PropKind::AddrTaken)
        .filter_map(|p| match p.subject {
            Subject::Path(id) => Some(id),
            _ => None,
        })
        .collect();
    let plain_local = |id: PathId, class: TypeClass| {
        cfg.paths.get(id.0 as usize).is_some_and(|p| {
            p.is_variable() && p.class == class && matches!(p.root.kind, VarKind::Local | VarKind::Param) && !p.root.is_volatile
        }) && !address_taken.contains(&id)
    };
    let preds = cfg.predecessors();
    let mut additions: Vec<(NodeId, Prop)> = Vec::new();
    for (i, node) in cfg.nodes.iter().enumerate() {
        if !matches!(node.kind, NodeKind::Condition) {
            continue;
        }
        for edge in &node.succs {
            let branch = cfg.node(edge.target);
            for prop in &branch.props {
                let nonzero = match prop.kind {
                    PropKind::NonNullTest => true,
                    PropKind::NullTest => false,
                    _ => continue,
                };
                let Subject::Path(var) = prop.subject else { continue };
                if !plain_local(var, TypeClass::Integer) {
                    continue;
                }
                let Some(stored) = reaching_stored_test(cfg, &preds, NodeId(i as u32), var) else { continue };
                if !plain_local(stored.pointer, TypeClass::Pointer) {
                    continue;
                }
                let kind = if nonzero == stored.nonzero_means_nonnull { PropKind::NonNullTest } else { PropKind::NullTest };
                additions.push((edge.target, Prop { kind, subject: Subject::Path(stored.pointer), span: prop.span, value: None }));
            }
        }
    }
    for (n, prop) in additions {
        let props = &mut cfg.nodes[n.index()].props;
        if !props.iter().any(|p| p.kind == prop.kind && p.subject == prop.subject) {
            props.push(prop);
        }
    }
}

/// The test every definition of `var` that reaches the condition node `at` stores, when they
/// all store the same one and its pointer is not written between the definition and `at`.
fn reaching_stored_test(cfg: &Cfg, preds: &[Vec<NodeId>], at: NodeId, var: PathId) -> Option<StoredTest> {
    let writes = |n: NodeId, id: PathId| {
        cfg.node(n).props.iter().any(|p| matches!(p.kind, PropKind::Def | PropKind::DeclInit | PropKind::Decl) && p.subject == Subject::Path(id))
    };
    // A condition that writes the variable itself (`if ((ok = f()))`) tests the new value.
    if writes(at, var) {
        return None;
    }
    let mut found: Option<StoredTest> = None;
    let mut seen: FxHashSet<NodeId> = FxHashSet::default();
    let mut stack: Vec<NodeId> = preds.get(at.index())?.clone();
    while let Some(n) = stack.pop() {
        if !seen.insert(n) {
            continue;
        }
        if seen.len() > MAX_VISITED || n == cfg.entry {
            return None;
        }
        if writes(n, var) {
            let stored = stored_test(cfg, n, var)?;
            if found.is_some_and(|f| f != stored) {
                return None;
            }
            found = Some(stored);
            continue;
        }
        stack.extend(preds.get(n.index())?.iter().copied());
    }
    let stored = found?;
    // The pointer must keep its value from every storing definition to the test (else the
    // variable speaks of an older value): the nodes visited are those in between.
    let between_clean = !writes(at, stored.pointer) && seen.iter().all(|&n| writes(n, var) || !writes(n, stored.pointer));
    between_clean.then_some(stored)
}

/// The test the node `n` stores in `var`, when its only value effect on `var` is one, and the
/// node does not also write the pointer.
fn stored_test(cfg: &Cfg, n: NodeId, var: PathId) -> Option<StoredTest> {
    let node = cfg.node(n);
    let mut assigned = node.values.iter().filter_map(|op| match op {
        ValueOp::Assign { target, value } if *target == var => Some(value),
        _ => None,
    });
    let value = assigned.next()?;
    if assigned.next().is_some() {
        return None;
    }
    let stored = null_test_of(value)?;
    let writes_pointer = node.props.iter().any(|p| p.kind == PropKind::Def && p.subject == Subject::Path(stored.pointer));
    (!writes_pointer).then_some(stored)
}

/// The pointer and sense of `p != NULL`, `p == NULL`, `!p`, `!!p` and the same under casts.
fn null_test_of(e: &ValExpr) -> Option<StoredTest> {
    match e {
        ValExpr::Cast(_, inner) => null_test_of(inner),
        ValExpr::Unary(ValUnOp::Not, _, inner) => match &**inner {
            ValExpr::Path(p) => Some(StoredTest { pointer: *p, nonzero_means_nonnull: false }),
            other => null_test_of(other).map(|t| StoredTest { nonzero_means_nonnull: !t.nonzero_means_nonnull, ..t }),
        },
        ValExpr::Binary { op: op @ (ValBinOp::Eq | ValBinOp::Ne), lhs, rhs, .. } => {
            let pointer = match (&**lhs, &**rhs) {
                (ValExpr::Path(p), ValExpr::Const(0) | ValExpr::MacroConst(0)) | (ValExpr::Const(0) | ValExpr::MacroConst(0), ValExpr::Path(p)) => *p,
                _ => return None,
            };
            Some(StoredTest { pointer, nonzero_means_nonnull: *op == ValBinOp::Ne })
        }
        _ => None,
    }
}
