//! Dropping trees of any depth without recursion.
//!
//! The derived drop glue of a `Box<Expr>` chain recurses once per level: a generated
//! expression with tens of thousands of operands (`a + a + ... + a`), or a long `else if` chain,
//! would overflow the stack of the thread that drops it. [`Expr`] and [`Stmt`] therefore
//! implement [`Drop`] by moving their children onto an explicit heap stack and dropping them
//! one by one, each after its own children have been moved out, so no drop ever recurses more
//! than one level. Nodes whose children are all leaves (the vast majority) take the plain path
//! and allocate nothing.

use crate::{Callee, Expr, ExprKind, LocalDecl, Stmt, StmtKind};

/// A leaf left in place of a node whose children were taken.
fn leaf_expr() -> ExprKind {
    ExprKind::IntLit(0)
}

/// The children of a node, moved out of it, waiting to be dropped.
#[derive(Default)]
struct Pending {
    exprs: Vec<Expr>,
    stmts: Vec<Stmt>,
}

impl Pending {
    /// Moves the children of `kind` into the pending lists, leaving a leaf.
    fn take_expr(&mut self, kind: &mut ExprKind) {
        match std::mem::replace(kind, leaf_expr()) {
            ExprKind::Unary { operand: e, .. }
            | ExprKind::Cast(e)
            | ExprKind::CompoundLiteral(e)
            | ExprKind::VaArg(e)
            | ExprKind::Member { base: e, .. } => self.exprs.push(*e),
            ExprKind::Binary { lhs, rhs, .. } | ExprKind::Assign { lhs, rhs, .. } | ExprKind::Index { base: lhs, index: rhs } => {
                self.exprs.push(*lhs);
                self.exprs.push(*rhs);
            }
            ExprKind::Conditional { cond, then, els } => {
                self.exprs.push(*cond);
                self.exprs.extend(then.map(|e| *e));
                self.exprs.push(*els);
            }
            ExprKind::Call { callee, args } => {
                if let Callee::Indirect(e) = callee {
                    self.exprs.push(*e);
                }
                self.exprs.extend(args);
            }
            ExprKind::Unevaluated { operand, .. } => self.exprs.extend(operand.map(|e| *e)),
            ExprKind::InitList(list) | ExprKind::Unknown(list) => self.exprs.extend(list),
            ExprKind::StmtExpr(s) => self.stmts.push(*s),
            ExprKind::Var(_)
            | ExprKind::FunctionRef { .. }
            | ExprKind::EnumConst { .. }
            | ExprKind::IntLit(_)
            | ExprKind::FloatLit(_)
            | ExprKind::StringLit(_) => {}
        }
    }

    /// Moves the children of `kind` into the pending lists, leaving `;`.
    fn take_stmt(&mut self, kind: &mut StmtKind) {
        let decl = |d: LocalDecl, exprs: &mut Vec<Expr>| exprs.extend(d.init);
        match std::mem::replace(kind, StmtKind::Null) {
            StmtKind::Compound(list) => self.stmts.extend(list),
            StmtKind::Decl(decls) => decls.into_iter().for_each(|d| decl(d, &mut self.exprs)),
            StmtKind::Expr(e) | StmtKind::IndirectGoto(e) => self.exprs.push(e),
            StmtKind::Return(e) => self.exprs.extend(e),
            StmtKind::If { cond, then, els } => {
                self.exprs.push(cond);
                self.stmts.push(*then);
                self.stmts.extend(els.map(|s| *s));
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } | StmtKind::Switch { cond, body, .. } => {
                self.exprs.push(cond);
                self.stmts.push(*body);
            }
            StmtKind::For { init, cond, inc, body } => {
                self.stmts.extend(init.map(|s| *s));
                self.exprs.extend(cond);
                self.exprs.extend(inc);
                self.stmts.push(*body);
            }
            StmtKind::Case { body, .. } | StmtKind::Default(body) | StmtKind::Label { body, .. } => self.stmts.push(*body),
            StmtKind::Asm { outputs, inputs } => {
                self.exprs.extend(outputs);
                self.exprs.extend(inputs);
            }
            StmtKind::Unknown(list) => self.exprs.extend(list),
            StmtKind::Break | StmtKind::Continue | StmtKind::Goto(_) | StmtKind::Null => {}
        }
    }

    /// Drops everything pending; each node is emptied before it is dropped.
    fn drain(&mut self) {
        loop {
            if let Some(mut e) = self.exprs.pop() {
                self.take_expr(&mut e.kind);
            } else if let Some(mut s) = self.stmts.pop() {
                self.take_stmt(&mut s.kind);
            } else {
                return;
            }
        }
    }
}

/// True when no child of the expression has children of its own: the derived glue then
/// recurses at most two levels and needs no help.
fn expr_is_shallow(kind: &ExprKind) -> bool {
    let mut shallow = true;
    for_each_child(kind, &mut |child| shallow &= child.is_leaf());
    shallow
}

/// Calls `f` on each direct expression child; a statement child counts as deep.
fn for_each_child(kind: &ExprKind, f: &mut dyn FnMut(Child<'_>)) {
    match kind {
        ExprKind::Unary { operand: e, .. }
        | ExprKind::Cast(e)
        | ExprKind::CompoundLiteral(e)
        | ExprKind::VaArg(e)
        | ExprKind::Member { base: e, .. } => f(Child::Expr(e)),
        ExprKind::Binary { lhs, rhs, .. } | ExprKind::Assign { lhs, rhs, .. } | ExprKind::Index { base: lhs, index: rhs } => {
            f(Child::Expr(lhs));
            f(Child::Expr(rhs));
        }
        ExprKind::Conditional { cond, then, els } => {
            f(Child::Expr(cond));
            if let Some(t) = then {
                f(Child::Expr(t));
            }
            f(Child::Expr(els));
        }
        ExprKind::Call { callee, args } => {
            if let Callee::Indirect(e) = callee {
                f(Child::Expr(e));
            }
            args.iter().for_each(|a| f(Child::Expr(a)));
        }
        ExprKind::Unevaluated { operand, .. } => {
            if let Some(e) = operand {
                f(Child::Expr(e));
            }
        }
        ExprKind::InitList(list) | ExprKind::Unknown(list) => list.iter().for_each(|a| f(Child::Expr(a))),
        ExprKind::StmtExpr(_) => f(Child::Stmt),
        ExprKind::Var(_)
        | ExprKind::FunctionRef { .. }
        | ExprKind::EnumConst { .. }
        | ExprKind::IntLit(_)
        | ExprKind::FloatLit(_)
        | ExprKind::StringLit(_) => {}
    }
}

/// A direct child, as far as [`expr_is_shallow`] cares.
enum Child<'a> {
    Expr(&'a Expr),
    Stmt,
}

impl Child<'_> {
    fn is_leaf(&self) -> bool {
        match self {
            Child::Expr(e) => {
                let mut leaf = true;
                for_each_child(&e.kind, &mut |_| leaf = false);
                leaf
            }
            Child::Stmt => false,
        }
    }
}

impl Expr {
    /// Takes the expression's kind, children included (moving a field out of a type with a
    /// [`Drop`] implementation is not allowed; this leaves a leaf behind instead).
    pub fn into_kind(mut self) -> ExprKind {
        std::mem::replace(&mut self.kind, leaf_expr())
    }
}

impl Stmt {
    /// Takes the statement's kind, children included (see [`Expr::into_kind`]).
    pub fn into_kind(mut self) -> StmtKind {
        std::mem::replace(&mut self.kind, StmtKind::Null)
    }
}

impl Drop for Expr {
    fn drop(&mut self) {
        if expr_is_shallow(&self.kind) {
            return;
        }
        let mut pending = Pending::default();
        pending.take_expr(&mut self.kind);
        pending.drain();
    }
}

impl Drop for Stmt {
    fn drop(&mut self) {
        // Statements are far fewer than expressions: always take the iterative path unless the
        // statement has no children at all.
        if matches!(self.kind, StmtKind::Break | StmtKind::Continue | StmtKind::Goto(_) | StmtKind::Null) {
            return;
        }
        let mut pending = Pending::default();
        pending.take_stmt(&mut self.kind);
        pending.drain();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BinaryOp, CType, Span, TypeClass, VarId};

    fn ty() -> CType {
        CType { spelling: String::new(), class: TypeClass::Integer, is_volatile: false, is_const: false, is_union: false, int_bits: 32, int_signed: true, points_to_const: false, ..CType::default() }
    }

    fn e(kind: ExprKind) -> Expr {
        Expr { kind, span: Span::default(), ty: ty() }
    }

    /// Runs `f` on a thread with a small stack, so that recursion per level would overflow.
    fn on_small_stack(f: impl FnOnce() + Send) {
        std::thread::scope(|s| std::thread::Builder::new().stack_size(128 * 1024).spawn_scoped(s, f).unwrap().join().unwrap());
    }

    #[test]
    fn a_deep_binary_chain_drops_without_recursion() {
        on_small_stack(|| {
            let mut tree = e(ExprKind::Var(VarId(0)));
            for _ in 0..200_000 {
                tree = e(ExprKind::Binary { op: BinaryOp::Add, lhs: Box::new(tree), rhs: Box::new(e(ExprKind::IntLit(1))) });
            }
            drop(tree);
        });
    }

    #[test]
    fn deep_statement_and_expression_nests_drop_without_recursion() {
        on_small_stack(|| {
            let mut stmt = Stmt { kind: StmtKind::Null, span: Span::default(), indent: 0 };
            for i in 0..50_000 {
                // An `else if` chain whose conditions are statement expressions and calls.
                let cond = e(ExprKind::Call {
                    callee: Callee::Indirect(Box::new(e(ExprKind::Var(VarId(i))))),
                    args: vec![e(ExprKind::StmtExpr(Box::new(Stmt { kind: StmtKind::Expr(e(ExprKind::IntLit(1))), span: Span::default(), indent: 0 })))],
                });
                stmt = Stmt { kind: StmtKind::If { cond, then: Box::new(Stmt { kind: StmtKind::Break, span: Span::default(), indent: 0 }), els: Some(Box::new(stmt)) }, span: Span::default(), indent: 0 };
            }
            let mut expr = e(ExprKind::StmtExpr(Box::new(stmt)));
            for _ in 0..50_000 {
                expr = e(ExprKind::Unknown(vec![e(ExprKind::Cast(Box::new(expr)))]));
            }
            drop(expr);
        });
    }
}
