//! Lowering of expressions to the value-effect IR ([`crate::values`]).

use super::expr::transparent;
use super::Builder;
use crate::consts::strip_casts;
use crate::props::{PathId, PathStep};
use crate::values::{IntType, PureArg, StoredPointer, ValBinOp, ValExpr, ValUnOp, ValueOp, MAX_ARRAY_INIT, MAX_DEPTH};
use crate::props::PropKind;
use crate::Subject;
use goanna_ast::{BinaryOp, Callee, Expr, ExprKind, TypeClass, UnaryOp};

/// The type pointers are compared in: addresses of 64 bits.
const ADDRESS: IntType = IntType { bits: 64, signed: false };

impl Builder<'_, '_> {
    /// The value of `e` as a [`ValExpr`], read after the side effects `e` itself has (which
    /// [`Builder::eval`] has already recorded).
    pub(super) fn val_expr(&mut self, e: &Expr) -> ValExpr {
        self.val_expr_at(e, 0)
    }

    fn val_expr_at(&mut self, e: &Expr, depth: u32) -> ValExpr {
        if depth > MAX_DEPTH {
            return ValExpr::Unknown;
        }
        let d = depth + 1;
        let constant = |v: i64| if e.span.from_macro { ValExpr::MacroConst(v) } else { ValExpr::Const(v) };
        match &e.kind {
            ExprKind::IntLit(v) => constant(*v),
            ExprKind::EnumConst { value, .. } => constant(*value),
            // `sizeof` depends on the target: a configuration value.
            ExprKind::Unevaluated { value: Some(v), .. } => ValExpr::MacroConst(*v),
            ExprKind::Var(_) | ExprKind::Member { .. } => match self.path_of(e).or_else(|| self.element_path(e)) {
                Some(p) if self.paths.class(p) == TypeClass::Integer => ValExpr::Path(p),
                _ => ValExpr::Unknown,
            },
            ExprKind::Index { base, index } => {
                if e.ty.class != TypeClass::Integer {
                    return ValExpr::Unknown;
                }
                match self.variable_path(strip_casts(base)) {
                    Some(a) if self.paths.class(a) == TypeClass::Array => ValExpr::Element(a, Box::new(self.val_expr_at(index, d))),
                    // An element reached through a pointer or a member (`p[i]`, `s->a[2]`).
                    _ => self.element_path(e).filter(|&p| self.paths.class(p) == TypeClass::Integer).map_or(ValExpr::Unknown, ValExpr::Path),
                }
            }
            ExprKind::Cast(inner) => match IntType::of(&e.ty) {
                Some(ty) if inner.ty.class == TypeClass::Integer => ValExpr::Cast(ty, Box::new(self.val_expr_at(inner, d))),
                _ => ValExpr::Unknown,
            },
            ExprKind::Unary { op, operand } => {
                let un = match op {
                    UnaryOp::Neg => Some(ValUnOp::Neg),
                    UnaryOp::LogicalNot => Some(ValUnOp::Not),
                    UnaryOp::BitNot => Some(ValUnOp::BitNot),
                    UnaryOp::Plus | UnaryOp::Other => return self.val_expr_at(operand, d),
                    UnaryOp::PreInc | UnaryOp::PreDec => return self.int_path(operand).map_or(ValExpr::Unknown, ValExpr::Path),
                    UnaryOp::PostInc | UnaryOp::PostDec => {
                        // Read after the increment was recorded: the old value is one step back, in
                        // the operand's own type (for an unsigned `n`, `n--` from 0 leaves the
                        // maximum, whose step back is 0 again), of a variable or any other
                        // integer path (`(*argc)--`, `s->n++`).
                        let Some(p) = self.int_path(operand) else { return ValExpr::Unknown };
                        let Some(ty) = IntType::of(&operand.ty) else { return ValExpr::Unknown };
                        let op = if *op == UnaryOp::PostInc { ValBinOp::Sub } else { ValBinOp::Add };
                        let back = ValExpr::Binary { op, ty: ty.promoted(), lhs: Box::new(ValExpr::Path(p)), rhs: Box::new(ValExpr::Const(1)) };
                        return ValExpr::Cast(ty, Box::new(back));
                    }
                    // `*p` of an integer: the value at the path `*p` (what a `switch (*code)`
                    // and an earlier `if (*code == OP_X)` both read).
                    UnaryOp::Deref => return self.int_path(e).map_or(ValExpr::Unknown, ValExpr::Path),
                    UnaryOp::AddrOf => None,
                };
                // `!p` of a pointer: whether it is NULL.
                if un == Some(ValUnOp::Not) && operand.ty.class == TypeClass::Pointer {
                    let p = self.pointer_value(operand);
                    if matches!(p, ValExpr::Unknown) {
                        return ValExpr::Unknown;
                    }
                    return ValExpr::Unary(ValUnOp::Not, ADDRESS, Box::new(p));
                }
                match (un, IntType::of(&operand.ty)) {
                    (Some(un), Some(ty)) => ValExpr::Unary(un, ty.promoted(), Box::new(self.val_expr_at(operand, d))),
                    _ => ValExpr::Unknown,
                }
            }
            ExprKind::Binary { op, lhs, rhs } => {
                let Some(op2) = val_bin_op(*op) else { return ValExpr::Unknown };
                if op2.is_comparison() && (lhs.ty.class == TypeClass::Pointer || rhs.ty.class == TypeClass::Pointer) {
                    // Pointers compared (`found = e != NULL`, `rhs == lhs`, `p != MAP_FAILED`,
                    // `ref > base`): as unsigned addresses, so NULL is below every other one.
                    // The order of two named addresses (`&s->a < &s->b`) is their layout's,
                    // which the IR does not keep: those operands are unknown to an ordering.
                    let ordering = !matches!(op2, ValBinOp::Eq | ValBinOp::Ne);
                    let operand = |v: ValExpr| if ordering && matches!(v, ValExpr::Address(_)) { ValExpr::Unknown } else { v };
                    let (a, b) = (operand(self.pointer_value(lhs)), operand(self.pointer_value(rhs)));
                    if matches!(a, ValExpr::Unknown) && matches!(b, ValExpr::Unknown) {
                        return ValExpr::Unknown;
                    }
                    return ValExpr::Binary { op: op2, ty: ADDRESS, lhs: Box::new(a), rhs: Box::new(b) };
                }
                let (Some(lt), Some(rt)) = (IntType::of(&lhs.ty), IntType::of(&rhs.ty)) else { return ValExpr::Unknown };
                let ty = match op2 {
                    // Shifts have the promoted type of their left operand.
                    ValBinOp::Shl | ValBinOp::Shr => lt.promoted(),
                    _ => IntType::common(lt, rt),
                };
                ValExpr::Binary { op: op2, ty, lhs: Box::new(self.val_expr_at(lhs, d)), rhs: Box::new(self.val_expr_at(rhs, d)) }
            }
            ExprKind::Assign { lhs, .. } => self.int_path(lhs).map_or(ValExpr::Unknown, ValExpr::Path),
            // The value its arms stored ([`Builder::choice_path`]).
            ExprKind::Conditional { then: Some(_), .. } => self.choices.get(&super::cond::span_key(e.span)).map_or(ValExpr::Unknown, |&p| ValExpr::Path(p)),
            ExprKind::Call { callee: Callee::Direct { name, usr }, args } => {
                if (name == "__builtin_expect" || name == "__builtin_expect_with_probability") && !args.is_empty() {
                    return self.val_expr_at(&args[0], d);
                }
                // The length of a string literal (`strlen(".idx")`) is a constant.
                if matches!(name.as_str(), "strlen" | "__builtin_strlen") && args.len() == 1 {
                    if let (ExprKind::StringLit(text), Some(ty)) = (&strip_casts(&args[0]).kind, IntType::of(&e.ty)) {
                        if text.is_ascii() {
                            let len = text.find('\0').unwrap_or(text.len());
                            return ValExpr::Cast(ty, Box::new(ValExpr::Const(len as i64)));
                        }
                    }
                }
                // A pure library function's result: the same for the same arguments.
                if let (Some(model), Some(ty)) = (self.ctx.model(name), IntType::of(&e.ty)) {
                    if model.pure {
                        let reads = model.reads.clone();
                        let counts_object = model.counts_object;
                        let compares = match model.equal_when_zero[..] {
                            [a, b] => Some((a, b, None)),
                            [a, b, n] => Some((a, b, Some(n))),
                            _ => None,
                        }
                        .map(|(a, b, length)| crate::StringComparison { strings: (a, b), length, ignores_case: model.ignores_case });
                        return match self.pure_call_args(args, &reads, d) {
                            Some(args) => ValExpr::Cast(ty, Box::new(ValExpr::PureCall { usr: usr.clone(), args, counts_object, compares })),
                            None => ValExpr::Unknown,
                        };
                    }
                }
                // Results of library calls are kept when they say whether the call succeeded
                // (its effects, or the blocks it stores through its arguments).
                let kept = self.ctx.model(name).is_none_or(|m| m.success.is_some() || m.out_fails_when.is_some());
                if e.ty.class == TypeClass::Integer && kept {
                    // In the call's own type, so that readers know its width.
                    let call = ValExpr::Call(usr.clone());
                    match IntType::of(&e.ty) {
                        Some(ty) => ValExpr::Cast(ty, Box::new(call)),
                        None => call,
                    }
                } else if e.ty.is_pointer() && self.ctx.model(name).is_none() {
                    // A pointer a function of the program returns, as an address (tested in
                    // `if (get(x))`, compared with NULL).
                    ValExpr::Call(usr.clone())
                } else {
                    ValExpr::Unknown
                }
            }
            _ => ValExpr::Unknown,
        }
    }

    /// The arguments of a call of a pure library function whose arguments `reads` are
    /// pointers it reads through; `None` when one of those is neither a pointer path nor a
    /// string literal (an array, pointer arithmetic: what it points to has no name to follow).
    fn pure_call_args(&mut self, args: &[Expr], reads: &[usize], d: u32) -> Option<Vec<PureArg>> {
        let mut out = Vec::with_capacity(args.len());
        for (k, arg) in args.iter().enumerate() {
            let inner = strip_casts(arg);
            if !reads.contains(&k) {
                IntType::of(&inner.ty)?;
                out.push(PureArg::Value(self.val_expr_at(inner, d)));
                continue;
            }
            if let ExprKind::StringLit(text) = &inner.kind {
                out.push(PureArg::Literal(text.clone()));
                continue;
            }
            let p = self.path_of(inner).filter(|&p| self.paths.class(p) == TypeClass::Pointer)?;
            out.push(PureArg::Pointed(p));
        }
        Some(out)
    }

    /// The value of a pointer operand of a comparison or `!` as an address: its access path, or a
    /// constant (`NULL`, `(void *)-1`); unknown otherwise (the value IR keeps no pointer
    /// arithmetic).
    fn pointer_value(&mut self, e: &Expr) -> ValExpr {
        let inner = strip_casts(e);
        if inner.ty.class == TypeClass::Integer {
            return match self.val_expr(inner) {
                v @ (ValExpr::Const(_) | ValExpr::MacroConst(_)) => v,
                ValExpr::Unary(ValUnOp::Neg, _, x) => match *x {
                    ValExpr::Const(c) | ValExpr::MacroConst(c) => ValExpr::Const(c.wrapping_neg()),
                    _ => ValExpr::Unknown,
                },
                _ => ValExpr::Unknown,
            };
        }
        // The pointer a call returns.
        if let ExprKind::Call { .. } = &inner.kind {
            return self.val_expr(inner);
        }
        if let ExprKind::StringLit(text) = &inner.kind {
            return ValExpr::StringLit(text.clone());
        }
        // `&x`, `&s.f`, `&p->f`: an address of an access path.
        if let ExprKind::Unary { op: UnaryOp::AddrOf, operand } = &inner.kind {
            return self.path_of(strip_casts(operand)).map_or(ValExpr::Unknown, ValExpr::Address);
        }
        match self.path_of(inner) {
            Some(p) if self.paths.class(p) == TypeClass::Pointer => ValExpr::Path(p),
            // An array used as a pointer: its first element's address.
            Some(p) if self.paths.class(p) == TypeClass::Array => ValExpr::Address(p),
            _ => ValExpr::Unknown,
        }
    }

    /// A pointer of static storage, or a function pointer member of any object, written with
    /// a function, another pointer or NULL: what a call through it may reach
    /// ([`ValueOp::StoreFunction`]).
    fn record_pointer_store(&mut self, target: PathId, rhs: &Expr) {
        let Some(path) = self.paths.get(target).filter(|p| p.class == TypeClass::Pointer) else { return };
        let static_pointer = path.root.kind.is_static_storage();
        let member = matches!(path.steps.last(), Some(PathStep::Arrow(_) | PathStep::Field(_)));
        let function_pointer = function_designated(rhs).is_some() || (rhs.ty.is_pointer() && rhs.ty.pointee_class == TypeClass::Function);
        if !(static_pointer || (member && function_pointer)) {
            return;
        }
        let value = match function_designated(rhs) {
            Some(usr) => Some(StoredPointer::Function(usr.to_string())),
            None if crate::consts::is_zero_literal(rhs) => Some(StoredPointer::Null),
            None => self.path_of(strip_casts(rhs)).filter(|&p| self.paths.class(p) == TypeClass::Pointer).map(StoredPointer::Copy),
        };
        if let Some(value) = value {
            self.value_op(ValueOp::StoreFunction { target, value });
        }
    }

    /// The path of `e` when it is an integer access path.
    pub(super) fn int_path(&mut self, e: &Expr) -> Option<PathId> {
        let p = self.path_of(strip_casts(e))?;
        (self.paths.class(p) == TypeClass::Integer).then_some(p)
    }

    /// The path of `e` when it is a plain variable.
    fn variable_path(&mut self, e: &Expr) -> Option<PathId> {
        let p = self.path_of(e)?;
        self.paths.get(p).is_some_and(|a| a.is_variable()).then_some(p)
    }

    /// Records `target := value` when `target` is an integer path.
    pub(super) fn record_assign(&mut self, target: Option<PathId>, value: ValExpr) {
        if let Some(t) = target.filter(|&t| self.paths.class(t) == TypeClass::Integer) {
            self.value_op(ValueOp::Assign { target: t, value });
        }
    }

    /// Records the value effects of storing `rhs` into `target` (plain assignment or
    /// initialiser): an integer value or a constant array initialiser.
    pub(super) fn record_store(&mut self, target: Option<PathId>, rhs: &Expr) {
        let Some(t) = target else { return };
        self.record_pointer_store(t, rhs);
        match self.paths.class(t) {
            TypeClass::Integer => {
                let value = self.val_expr(rhs);
                self.value_op(ValueOp::Assign { target: t, value });
            }
            // A pointer set to an address constant other than NULL (`p = MAP_FAILED`, that is
            // `(void *)-1`), which later comparisons test.
            TypeClass::Pointer if matches!(rhs.ty.class, TypeClass::Pointer | TypeClass::Array) => match self.pointer_value(rhs) {
                value @ (ValExpr::Const(c) | ValExpr::MacroConst(c)) if c != 0 => self.value_op(ValueOp::Assign { target: t, value }),
                // An address (`chunk = &set->head`, `buf = stackbuf`), which later comparisons
                // name again; a string literal (`mode = "r"`), which string comparisons read.
                value @ (ValExpr::Address(_) | ValExpr::StringLit(_)) => self.value_op(ValueOp::Assign { target: t, value }),
                _ => {}
            },
            TypeClass::Array => {
                if let ExprKind::InitList(items) = &rhs.kind {
                    let elems: Option<Vec<i64>> = items
                        .iter()
                        .take(MAX_ARRAY_INIT + 1)
                        .map(|i| match &strip_casts(i).kind {
                            ExprKind::IntLit(v) => Some(*v),
                            ExprKind::EnumConst { value, .. } => Some(*value),
                            ExprKind::Unary { op: UnaryOp::Neg, operand } => match strip_casts(operand).kind {
                                ExprKind::IntLit(v) => v.checked_neg(),
                                _ => None,
                            },
                            _ => None,
                        })
                        .collect();
                    if let Some(elems) = elems.filter(|e| e.len() <= MAX_ARRAY_INIT) {
                        self.value_op(ValueOp::ArrayInit { target: t, elems });
                    }
                }
            }
            _ => {}
        }
    }

    /// Records that `target` gets a value that is not modelled (a declaration without
    /// initialiser, an `asm` output).
    pub(super) fn forget_value(&mut self, target: Option<PathId>) {
        let Some(t) = target else { return };
        if self.paths.class(t) == TypeClass::Integer {
            self.value_op(ValueOp::Assign { target: t, value: ValExpr::Unknown });
        }
    }

    /// Records the condition a condition node evaluates, and which variables it tests
    /// ([`PropKind::Tested`], [`PropKind::Bounded`]).
    pub(super) fn record_cond(&mut self, e: &Expr) {
        let value = self.val_expr(transparent(e));
        let mut read = Vec::new();
        variables_read(transparent(e), 0, &mut read);
        // `x > 0`, `x >= 0`, `0 < x`: a sign test, no upper bound.
        let sign_test = match &value {
            ValExpr::Binary { op, lhs, rhs, .. } => match (op, lhs.without_casts(), rhs.without_casts()) {
                (ValBinOp::Gt | ValBinOp::Ge, ValExpr::Path(_), c) | (ValBinOp::Lt | ValBinOp::Le, c, ValExpr::Path(_)) => c.constant().is_some_and(|k| k <= 0),
                _ => false,
            },
            _ => false,
        };
        for v in read {
            let Some(p) = self.path_of(v).filter(|&p| matches!(self.paths.class(p), TypeClass::Integer | TypeClass::Floating)) else { continue };
            self.prop(PropKind::Tested, Subject::Path(p), e.span);
            if !sign_test {
                self.prop(PropKind::Bounded, Subject::Path(p), e.span);
            }
        }
        self.value_op(ValueOp::Cond(value));
    }

    /// True when `e` reads the result of a routine whose model says `input` (`atoi(buf)`,
    /// `(rand() << 15) ^ rand()`), looking through operators, conversions and `?:`.
    pub(super) fn reads_input(&self, e: &Expr, depth: u32) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        let d = depth + 1;
        match &e.kind {
            ExprKind::Call { callee: Callee::Direct { name, .. }, .. } => self.ctx.model(name).is_some_and(|m| m.input),
            ExprKind::Cast(x) | ExprKind::Unary { operand: x, .. } => self.reads_input(x, d),
            ExprKind::Binary { lhs, rhs, .. } => self.reads_input(lhs, d) || self.reads_input(rhs, d),
            ExprKind::Conditional { then, els, .. } => then.as_deref().is_some_and(|t| self.reads_input(t, d)) || self.reads_input(els, d),
            _ => false,
        }
    }

    /// Records a divisor of an integer division computed in the type of `op_expr`.
    pub(super) fn record_divisor(&mut self, op_expr: &Expr, rhs: &Expr) {
        let Some(ty) = IntType::of(&op_expr.ty) else { return };
        if rhs.ty.class != TypeClass::Integer {
            return;
        }
        let value = ValExpr::Cast(ty.promoted(), Box::new(self.val_expr(rhs)));
        self.value_op(ValueOp::Divisor { value, span: rhs.span });
    }

    /// Records the value of `return e`.
    pub(super) fn record_return(&mut self, e: &Expr) {
        if let Some(ty) = self.return_type {
            let value = if e.ty.class == TypeClass::Integer { self.val_expr(e) } else { ValExpr::Unknown };
            self.value_op(ValueOp::Return(ValExpr::Cast(ty, Box::new(value))));
        }
    }

    /// The increment of `x++`, `--x`, `(*n)--`, ... as an assignment, in the type of the
    /// incremented operand `operand`.
    pub(super) fn record_step(&mut self, p: PathId, operand: &Expr, step: i64) {
        let value = match IntType::of(&operand.ty) {
            Some(ty) => ValExpr::Binary { op: ValBinOp::Add, ty: ty.promoted(), lhs: Box::new(ValExpr::Path(p)), rhs: Box::new(ValExpr::Const(step)) },
            None => ValExpr::Unknown,
        };
        self.record_assign(Some(p), value);
    }

    /// `x op= rhs` as an assignment.
    pub(super) fn record_compound(&mut self, p: PathId, op: BinaryOp, lhs: &Expr, rhs: &Expr) {
        let value = match (val_bin_op(op), IntType::of(&lhs.ty), IntType::of(&rhs.ty)) {
            (Some(op2), Some(lt), Some(rt)) => {
                let ty = if matches!(op2, ValBinOp::Shl | ValBinOp::Shr) { lt.promoted() } else { IntType::common(lt, rt) };
                ValExpr::Binary { op: op2, ty, lhs: Box::new(ValExpr::Path(p)), rhs: Box::new(self.val_expr(rhs)) }
            }
            _ => ValExpr::Unknown,
        };
        self.record_assign(Some(p), value);
    }
}

impl Builder<'_, '_> {
    /// [`PropKind::Grows`] of the signed integer variable operand of `lhs op rhs` when the operation
    /// overflows for the largest value of the variable's type: adding a positive constant,
    /// multiplying by a constant of magnitude at least 2, or by itself. Unless the result is
    /// stored back into the variable (`stored`: `x += 1`, `x *= 2`), only when the operation
    /// is computed in the variable's own type: `c + 1` of a `char` is computed in `int`.
    pub(super) fn growth(&mut self, e: &Expr, op: BinaryOp, lhs: &Expr, rhs: &Expr, stored: bool) {
        if !matches!(op, BinaryOp::Add | BinaryOp::Mul) || e.span.from_macro {
            return;
        }
        let (Some(lt), Some(rt)) = (IntType::of(&lhs.ty), IntType::of(&rhs.ty)) else { return };
        let computed = IntType::common(lt, rt);
        let variable = |b: &mut Self, x: &Expr| b.variable_path(strip_casts(x)).filter(|&p| b.paths.class(p) == TypeClass::Integer);
        let constant = |b: &Self, x: &Expr| crate::consts::const_value(b.tu, x);
        let candidates = [(lhs, rhs), (rhs, lhs)];
        for (var, other) in candidates.iter().take(if stored { 1 } else { 2 }) {
            let Some(p) = variable(self, var) else { continue };
            // Unsigned arithmetic wraps by definition.
            let Some(ty) = self.paths.get(p).and_then(|a| a.int_type()).filter(|ty| ty.signed) else { continue };
            if !stored && ty != computed {
                continue;
            }
            let grows = match (op, constant(self, other)) {
                (BinaryOp::Add, Some(c)) => c > 0,
                (BinaryOp::Mul, Some(c)) => c.unsigned_abs() >= 2,
                (BinaryOp::Mul, None) => variable(self, other) == Some(p),
                _ => false,
            };
            if grows {
                self.prop(PropKind::Grows, Subject::Path(p), e.span);
                return;
            }
        }
    }
}

/// The variables (and members) a condition reads, outside what it only takes the address of
/// or the size of.
fn variables_read<'e>(e: &'e Expr, depth: u32, out: &mut Vec<&'e Expr>) {
    if depth > MAX_DEPTH {
        return;
    }
    let d = depth + 1;
    match &e.kind {
        ExprKind::Var(_) | ExprKind::Member { .. } => out.push(e),
        ExprKind::Unary { op: UnaryOp::AddrOf, .. } | ExprKind::Unevaluated { .. } => {}
        ExprKind::Cast(x) | ExprKind::Unary { operand: x, .. } => variables_read(x, d, out),
        ExprKind::Binary { lhs, rhs, .. } => {
            variables_read(lhs, d, out);
            variables_read(rhs, d, out);
        }
        ExprKind::Call { args, .. } => args.iter().for_each(|a| variables_read(a, d, out)),
        ExprKind::Conditional { cond, then, els } => {
            variables_read(cond, d, out);
            if let Some(t) = then {
                variables_read(t, d, out);
            }
            variables_read(els, d, out);
        }
        _ => {}
    }
}

/// The value operator of an arithmetic, bitwise or comparison operator.
fn val_bin_op(op: BinaryOp) -> Option<ValBinOp> {
    Some(match op {
        BinaryOp::Add => ValBinOp::Add,
        BinaryOp::Sub => ValBinOp::Sub,
        BinaryOp::Mul => ValBinOp::Mul,
        BinaryOp::Div => ValBinOp::Div,
        BinaryOp::Rem => ValBinOp::Rem,
        BinaryOp::BitAnd => ValBinOp::BitAnd,
        BinaryOp::BitOr => ValBinOp::BitOr,
        BinaryOp::BitXor => ValBinOp::BitXor,
        BinaryOp::Shl => ValBinOp::Shl,
        BinaryOp::Shr => ValBinOp::Shr,
        BinaryOp::Lt => ValBinOp::Lt,
        BinaryOp::Le => ValBinOp::Le,
        BinaryOp::Gt => ValBinOp::Gt,
        BinaryOp::Ge => ValBinOp::Ge,
        BinaryOp::Eq => ValBinOp::Eq,
        BinaryOp::Ne => ValBinOp::Ne,
        BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::Comma => return None,
    })
}

/// The USR of the function `e` designates (`handler`, `&handler`, `*handler`, casts stripped).
pub(super) fn function_designated(e: &Expr) -> Option<&str> {
    let mut core = strip_casts(e);
    while let ExprKind::Unary { op: UnaryOp::AddrOf | UnaryOp::Deref, operand } = &core.kind {
        core = strip_casts(operand);
    }
    match &core.kind {
        ExprKind::FunctionRef { usr, .. } => Some(usr),
        _ => None,
    }
}
