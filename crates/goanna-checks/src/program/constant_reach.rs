//! Which nodes of a function can run when some of its integer parameters start as constants
//! (`detect(root, &count, 0, calls)` never enters `for (i = 0; i < ncall; i++)`): a
//! conditional constant propagation over the graph's value operations. Integer variables the
//! function writes only by assignments it spells out (never through their address) hold a
//! constant or an unknown value at each node; a condition whose value is known there lets
//! only its branch run. Every node a run with those parameters can reach is reached here.

use crate::values::interval::Interval;
use goanna_cfg::{Cfg, EdgeKind, NodeKind, PathId, PropKind, Subject, ValExpr, ValueOp};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// The value of each followed variable at a node (`None`: not a known constant).
type State = FxHashMap<PathId, Option<i128>>;

/// Most passes over one node before its variables are given up as unknown.
const MAX_VISITS_PER_NODE: usize = 8;

/// For each node of `cfg`: whether it can run when the parameters `start` hold their
/// constants at the entry. Without constants every node the graph reaches is reachable.
pub(super) fn reachable_with_constants(cfg: &Cfg, start: &[(PathId, i64)]) -> Vec<bool> {
    let count = cfg.nodes.len();
    if start.is_empty() || cfg.entry.index() >= count {
        return vec![true; count];
    }
    let followed = followed_variables(cfg);
    let mut entry: State = followed.iter().map(|&p| (p, None)).collect();
    for &(p, v) in start {
        if entry.contains_key(&p) {
            entry.insert(p, Some(i128::from(v)));
        }
    }
    let preds = cfg.predecessors();
    let mut input: Vec<Option<State>> = vec![None; count];
    let mut output: Vec<Option<State>> = vec![None; count];
    let mut visits = vec![0usize; count];
    input[cfg.entry.index()] = Some(entry);
    let mut work: VecDeque<usize> = VecDeque::from([cfg.entry.index()]);
    while let Some(i) = work.pop_front() {
        let node = &cfg.nodes[i];
        let state = if i == cfg.entry.index() {
            input[i].clone()
        } else {
            // The join of what the feasible edges into the node bring.
            let mut joined: Option<State> = None;
            for &p in &preds[i] {
                let (Some(out), pred) = (&output[p.index()], &cfg.nodes[p.index()]) else { continue };
                for edge in pred.succs.iter().filter(|e| e.target.index() == i) {
                    if !pred.edge_feasible(edge) || !branch_possible(pred, edge.kind, out) {
                        continue;
                    }
                    joined = Some(match joined {
                        None => out.clone(),
                        Some(j) => join(j, out),
                    });
                }
            }
            joined
        };
        let Some(mut state) = state else { continue };
        visits[i] += 1;
        if visits[i] > MAX_VISITS_PER_NODE {
            for v in state.values_mut() {
                *v = None;
            }
        }
        input[i] = Some(state.clone());
        transfer(cfg, node, &mut state);
        if output[i].as_ref() != Some(&state) {
            output[i] = Some(state);
            for edge in &node.succs {
                work.push_back(edge.target.index());
            }
        }
    }
    input.iter().map(Option::is_some).collect()
}

/// The integer local variables and parameters whose every write is an assignment the graph
/// spells out (`ValueOp::Assign`), never through their address.
pub(super) fn followed_variables(cfg: &Cfg) -> Vec<PathId> {
    let mut followed: Vec<bool> = cfg
        .paths
        .iter()
        .map(|p| p.is_variable() && p.class == goanna_ast::TypeClass::Integer && matches!(p.root.kind, goanna_ast::VarKind::Local | goanna_ast::VarKind::Param))
        .collect();
    for node in &cfg.nodes {
        for p in &node.props {
            if let (PropKind::AddrTaken, Subject::Path(id)) = (p.kind, &p.subject) {
                if let Some(f) = followed.get_mut(id.0 as usize) {
                    *f = false;
                }
            }
        }
    }
    followed.iter().enumerate().filter(|(_, &f)| f).map(|(i, _)| PathId(i as u32)).collect()
}

/// The state after `node`: its assignments, and an unknown value for a followed variable it
/// writes otherwise (a call storing into it, `x++` the graph does not spell out).
fn transfer(cfg: &Cfg, node: &goanna_cfg::Node, state: &mut State) {
    let mut assigned: Vec<PathId> = Vec::new();
    for op in &node.values {
        if let ValueOp::Assign { target, value } = op {
            if state.contains_key(target) {
                let ty = cfg.path(*target).int_type();
                let v = evaluate(value, state).zip(ty).and_then(|(v, ty)| Interval::constant(v).convert(ty).singleton());
                state.insert(*target, v);
                assigned.push(*target);
            }
        }
    }
    for p in &node.props {
        if let (PropKind::Def | PropKind::Decl | PropKind::DeclInit | PropKind::Input, Subject::Path(id)) = (p.kind, &p.subject) {
            if state.contains_key(id) && !assigned.contains(id) {
                state.insert(*id, None);
            }
        }
    }
}

/// False when the edge of kind `kind` out of `node` cannot be taken in `state`: the branch
/// of a condition whose value is known there.
fn branch_possible(node: &goanna_cfg::Node, kind: EdgeKind, state: &State) -> bool {
    if node.kind != NodeKind::Condition {
        return true;
    }
    let Some(cond) = node.values.iter().find_map(|op| match op {
        ValueOp::Cond(e) => Some(e),
        _ => None,
    }) else {
        return true;
    };
    match (evaluate(cond, state), kind) {
        (Some(v), EdgeKind::True) => v != 0,
        (Some(v), EdgeKind::False) => v == 0,
        _ => true,
    }
}

/// The meet of two states: a variable keeps a constant only where both agree.
fn join(mut a: State, b: &State) -> State {
    for (p, v) in a.iter_mut() {
        if b.get(p) != Some(v) {
            *v = None;
        }
    }
    a
}

/// The value of `e` in `state`, when it is a known constant: the value analysis's arithmetic
/// ([`Interval`]) on single values, so conversions, unsigned comparisons and overflow read as
/// they do there.
fn evaluate(e: &ValExpr, state: &State) -> Option<i128> {
    let value = |x: &ValExpr| evaluate(x, state).map(Interval::constant);
    let result = match e {
        ValExpr::Const(k) | ValExpr::MacroConst(k) => return Some(i128::from(*k)),
        ValExpr::Path(p) => return state.get(p).copied().flatten(),
        ValExpr::Cast(ty, inner) => value(inner)?.convert(*ty),
        ValExpr::Unary(op, ty, inner) => Interval::unary(*op, *ty, value(inner)?),
        ValExpr::Binary { op, ty, lhs, rhs } => Interval::binary(*op, *ty, value(lhs)?, value(rhs)?),
        _ => return None,
    };
    result.singleton()
}

#[cfg(test)]
mod tests {
    use super::*;
    use goanna_cfg::{IntType, ValBinOp};

    fn bin(op: ValBinOp, ty: IntType, a: ValExpr, b: ValExpr) -> ValExpr {
        ValExpr::Binary { op, ty, lhs: Box::new(a), rhs: Box::new(b) }
    }

    #[test]
    fn comparisons_follow_the_operation_type() {
        let state = State::default();
        let unsigned = IntType { bits: 32, signed: false };
        // (unsigned)-1 < 5 is false; as a signed int it is true.
        assert_eq!(evaluate(&bin(ValBinOp::Lt, unsigned, ValExpr::Const(-1), ValExpr::Const(5)), &state), Some(0));
        assert_eq!(evaluate(&bin(ValBinOp::Lt, IntType::INT, ValExpr::Const(-1), ValExpr::Const(5)), &state), Some(1));
        // Division by zero has no value.
        assert_eq!(evaluate(&bin(ValBinOp::Div, IntType::INT, ValExpr::Const(1), ValExpr::Const(0)), &state), None);
    }

    #[test]
    fn paths_read_their_constants_and_joins_keep_only_agreement() {
        let (i, n) = (PathId(0), PathId(1));
        let mut a: State = [(i, Some(0)), (n, Some(0))].into_iter().collect();
        let b: State = [(i, Some(1)), (n, Some(0))].into_iter().collect();
        let cond = bin(ValBinOp::Lt, IntType::INT, ValExpr::Path(i), ValExpr::Path(n));
        assert_eq!(evaluate(&cond, &a), Some(0));
        a = join(a, &b);
        assert_eq!(a.get(&i), Some(&None));
        assert_eq!(a.get(&n), Some(&Some(0)));
        assert_eq!(evaluate(&cond, &a), None);
    }
}
