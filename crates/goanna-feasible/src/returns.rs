//! What a function can return, read from its `return` statements alone: the relation of a
//! callee whose paths are too many to enumerate (and whose common tail says nothing) still
//! bounds its result when every `return` gives a constant, a local that only ever holds
//! constants, or the result of a call of such a function (oniguruma's
//! `assign_quantifier_body` returns 0, 1, 2 or what `onig_reduce_nested_quantifier` returns,
//! 0 or an error code: a caller's chain `if (r == 0) .. else if (r == 1) .. else if (r == 2)`
//! after `if (r < 0) return r;` covers every case). Flow-insensitive, so an
//! over-approximation: a value no `return` can give is one no execution returns.

use crate::relation::CalleeGraphs;
use goanna_ast::VarKind;
use goanna_cfg::{Cfg, NodeKind, PathId, PropKind, Subject, ValExpr, ValueOp};

/// Most distinct values kept for one function.
const MAX_VALUES: usize = 16;
/// Calls followed below the function asked about.
const MAX_CALL_DEPTH: usize = 3;

/// The values function `function` (graph `cfg`) can return, when every path that returns
/// ends in a `return` whose value is one of a small set of constants; `None` otherwise.
pub(crate) fn returned_constants(graphs: &dyn CalleeGraphs, function: u32, cfg: &Cfg) -> Option<Vec<i64>> {
    Values { graphs, depth: 0, locals: Vec::new() }.of_function(function, cfg)
}

/// One search for constants, with what it is in the middle of.
struct Values<'g> {
    graphs: &'g dyn CalleeGraphs,
    /// Calls followed so far.
    depth: usize,
    /// The locals whose values are being collected (a definition that reads itself is not
    /// followed round).
    locals: Vec<PathId>,
}

impl Values<'_> {
    fn of_function(&mut self, function: u32, cfg: &Cfg) -> Option<Vec<i64>> {
        let preds = cfg.predecessors();
        let returns = &preds[cfg.exit.index()];
        if returns.is_empty() {
            return None;
        }
        let saved = std::mem::take(&mut self.locals);
        let mut values = Vec::new();
        let mut complete = true;
        for &r in returns {
            let node = cfg.node(r);
            let returned = node.values.iter().find_map(|v| match v {
                ValueOp::Return(e) => Some(e),
                _ => None,
            });
            match returned.filter(|_| node.kind == NodeKind::Return).and_then(|e| self.of_expr(function, cfg, e)) {
                Some(vs) if merge(&mut values, &vs) => {}
                _ => {
                    complete = false;
                    break;
                }
            }
        }
        self.locals = saved;
        complete.then_some(values)
    }

    fn of_expr(&mut self, function: u32, cfg: &Cfg, e: &ValExpr) -> Option<Vec<i64>> {
        if let Some(k) = e.constant() {
            return Some(vec![k]);
        }
        match e {
            ValExpr::Cast(ty, inner) => {
                let mut vs: Vec<i64> = self.of_expr(function, cfg, inner)?.into_iter().map(|v| ty.wrap(v)).collect();
                vs.sort_unstable();
                vs.dedup();
                Some(vs)
            }
            ValExpr::Path(p) => self.of_local(function, cfg, *p),
            ValExpr::Call(usr) => self.of_call(function, cfg, usr),
            _ => None,
        }
    }

    /// The values of a local integer variable that only assignments of known values write.
    fn of_local(&mut self, function: u32, cfg: &Cfg, p: PathId) -> Option<Vec<i64>> {
        let path = cfg.paths.get(p.0 as usize)?;
        if path.root.kind != VarKind::Local || !path.steps.is_empty() || path.result_of.is_some() || path.root.is_volatile || self.locals.contains(&p) {
            return None;
        }
        self.locals.push(p);
        let mut values = Vec::new();
        let mut known = true;
        for node in &cfg.nodes {
            let about = |k: PropKind| node.props.iter().any(|q| q.kind == k && q.subject == Subject::Path(p));
            if about(PropKind::AddrTaken) {
                known = false;
                break;
            }
            if !about(PropKind::Def) && !about(PropKind::DeclInit) {
                continue;
            }
            let assigned = node.values.iter().find_map(|v| match v {
                ValueOp::Assign { target, value } if *target == p => Some(value),
                _ => None,
            });
            match assigned.and_then(|value| self.of_expr(function, cfg, value)) {
                Some(vs) if merge(&mut values, &vs) => {}
                _ => {
                    known = false;
                    break;
                }
            }
        }
        self.locals.retain(|&q| q != p);
        (known && !values.is_empty()).then_some(values)
    }

    /// The values a call of the function with USR `usr`, made by `function`, can return.
    fn of_call(&mut self, function: u32, cfg: &Cfg, usr: &str) -> Option<Vec<i64>> {
        if self.depth >= MAX_CALL_DEPTH {
            return None;
        }
        let node = cfg.node_ids().find(|&n| matches!(&cfg.node(n).kind, NodeKind::Call(site) if site.callee_usr.as_deref() == Some(usr)))?;
        let (callee, callee_cfg) = self.graphs.callee(function, node)?;
        self.depth += 1;
        let values = self.of_function(callee, callee_cfg);
        self.depth -= 1;
        values
    }
}

/// Adds `more` to `values`; false when that makes too many.
fn merge(values: &mut Vec<i64>, more: &[i64]) -> bool {
    for &v in more {
        if !values.contains(&v) {
            values.push(v);
        }
    }
    values.len() <= MAX_VALUES
}
