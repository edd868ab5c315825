//! Branch conditions: short-circuit lowering and null tests.
//!
//! A condition is lowered to one [`NodeKind::Condition`] node per *atomic* sub-condition
//! (`a && b` gives two), each followed by a `Branch(true)` node on its `True` edge and a
//! `Branch(false)` node on its `False` edge. The branch nodes carry `null_test_p` /
//! `nonnull_test_p` when the atomic condition tests pointer `p` against NULL (`p`, `!p`,
//! `p == NULL`, `0 != p`, `(p = f()) == NULL`, ... with casts and `__builtin_expect` looked
//! through).

use super::expr::transparent;
use super::{Builder, Ends};
use crate::consts::{const_value, is_zero_literal};
use crate::graph::{EdgeKind, NodeKind};
use crate::props::{PathId, Prop, PropKind, Subject};
use goanna_ast::{BinaryOp, Expr, ExprKind, UnaryOp};

impl Builder<'_, '_> {
    /// Lowers `e` as a branch condition; returns the (true, false) ends.
    pub(super) fn cond(&mut self, e: &Expr) -> (Ends, Ends) {
        super::with_stack(|| self.cond_inner(e, false))
    }

    /// Like [`Builder::cond`], but an atomic literal-true condition gets no false branch
    /// (`while (1)`, `do ... while (1)`).
    pub(super) fn loop_cond(&mut self, e: &Expr) -> (Ends, Ends) {
        let omit_false = matches!(crate::consts::strip_casts(e).kind, ExprKind::IntLit(v) if v != 0);
        super::with_stack(|| self.cond_inner(e, omit_false))
    }

    fn cond_inner(&mut self, e: &Expr, omit_false: bool) -> (Ends, Ends) {
        let core = transparent(e);
        match &core.kind {
            ExprKind::Binary { op: BinaryOp::LogicalAnd, lhs, rhs } => {
                let (t1, f1) = self.cond(lhs);
                self.pending = t1;
                let (t2, mut f2) = self.cond(rhs);
                let mut f = f1;
                f.append(&mut f2);
                (t2, f)
            }
            ExprKind::Binary { op: BinaryOp::LogicalOr, lhs, rhs } => {
                let (t1, f1) = self.cond(lhs);
                self.pending = f1;
                let (mut t2, f2) = self.cond(rhs);
                let mut t = t1;
                t.append(&mut t2);
                (t, f2)
            }
            ExprKind::Binary { op: BinaryOp::Comma, lhs, rhs } => {
                self.sub_stmt(lhs);
                self.cond(rhs)
            }
            ExprKind::Unary { op: UnaryOp::LogicalNot, operand } if is_compound(operand) => {
                let (t, f) = self.cond(operand);
                (f, t)
            }
            ExprKind::Conditional { cond, then, els } => {
                let (tc, fc) = self.cond(cond);
                let (mut t, mut f) = match then {
                    Some(then) => {
                        self.pending = tc;
                        self.cond(then)
                    }
                    None => (tc, Vec::new()),
                };
                self.pending = fc;
                let (mut te, mut fe) = self.cond(els);
                t.append(&mut te);
                f.append(&mut fe);
                (t, f)
            }
            _ => self.atomic_cond(e, omit_false),
        }
    }

    /// One condition node (evaluating `e`) and its branch nodes.
    fn atomic_cond(&mut self, e: &Expr, omit_false: bool) -> (Ends, Ends) {
        self.push_acc(e.span);
        self.eval(e);
        let (props, noreturn) = self.take_acc();
        self.accs.pop();
        let id = self.add_node(NodeKind::Condition, Some(e.span), props);
        self.pending.clear();
        if noreturn {
            self.goto_sink(id);
            return (Vec::new(), Vec::new());
        }
        if let Some(node) = self.nodes.get_mut(id.index()) {
            node.const_cond = const_value(self.tu, e);
        }
        let test = self.null_test(e);
        let branch_props = |taken: bool| -> Vec<Prop> {
            match test {
                Some((p, true_means_null)) => {
                    let kind = if taken == true_means_null { PropKind::NullTest } else { PropKind::NonNullTest };
                    vec![Prop { kind, subject: Subject::Path(p), span: e.span }]
                }
                None => Vec::new(),
            }
        };
        let (pt, pf) = (branch_props(true), branch_props(false));
        let bt = self.add_detached(NodeKind::Branch(true), Some(e.span), pt);
        self.add_edge(id, bt, EdgeKind::True);
        let mut f = Vec::new();
        if !omit_false {
            let bf = self.add_detached(NodeKind::Branch(false), Some(e.span), pf);
            self.add_edge(id, bf, EdgeKind::False);
            f.push((bf, EdgeKind::Normal));
        }
        (vec![(bt, EdgeKind::Normal)], f)
    }

    /// When `e` tests a pointer against NULL: the pointer, and whether the true branch means
    /// "is NULL".
    fn null_test(&mut self, e: &Expr) -> Option<(PathId, bool)> {
        let mut core = transparent(e);
        let mut negated = false;
        while let ExprKind::Unary { op: UnaryOp::LogicalNot, operand } = &core.kind {
            negated = !negated;
            core = transparent(operand);
        }
        let (path, true_means_null) = match &core.kind {
            ExprKind::Binary { op: op @ (BinaryOp::Eq | BinaryOp::Ne), lhs, rhs } => {
                let tested = if is_zero_literal(rhs) {
                    lhs
                } else if is_zero_literal(lhs) {
                    rhs
                } else {
                    return None;
                };
                (self.tested_pointer(tested)?, *op == BinaryOp::Eq)
            }
            _ => (self.tested_pointer(core)?, false),
        };
        Some((path, true_means_null != negated))
    }

    /// The pointer whose value `e` is: a pointer path, or the target of `p = ...`.
    fn tested_pointer(&mut self, e: &Expr) -> Option<PathId> {
        let core = transparent(e);
        match &core.kind {
            ExprKind::Assign { op: None, lhs, .. } => self.pointer_path(lhs),
            _ => self.pointer_path(core),
        }
    }
}

/// True for conditions that are lowered structurally rather than as one node.
fn is_compound(mut e: &Expr) -> bool {
    loop {
        match &transparent(e).kind {
            ExprKind::Binary { op: BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::Comma, .. } => return true,
            ExprKind::Conditional { .. } => return true,
            ExprKind::Unary { op: UnaryOp::LogicalNot, operand } => e = operand,
            _ => return false,
        }
    }
}
