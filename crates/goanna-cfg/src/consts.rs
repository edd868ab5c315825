//! Integer constant evaluation of conditions (design decision 10, first step).
//!
//! Recognises literals, enumerators, `sizeof`-like operators with a known value, explicit casts,
//! unary and binary operators on constants (with C's short-circuit rules for `&&`/`||` and
//! `?:`), and file-scope `const`-qualified globals that have an integer initialiser. Anything
//! else, including division by zero and overflow, is "not a constant". Nesting deeper than
//! [`MAX_DEPTH`] is "not a constant" (keeps the evaluator's stack use bounded).

use goanna_ast::{BinaryOp, Expr, ExprKind, TranslationUnit, UnaryOp, VarKind};

/// Deepest expression the evaluator looks into.
pub const MAX_DEPTH: u32 = 64;

/// The value of `expr` when it is an integer constant expression the evaluator understands.
pub fn const_value(tu: &TranslationUnit, expr: &Expr) -> Option<i64> {
    eval(tu, expr, 0)
}

/// The truth value of `expr` as a condition when it is constant: as [`const_value`], and also
/// for a string literal, whose address is never null (`assert(!"unreachable")`,
/// `assert(0 && "message")`, `assert(p && "message")` for the literal operand).
pub fn const_truth(tu: &TranslationUnit, expr: &Expr) -> Option<bool> {
    truth(tu, expr, 0)
}

fn truth(tu: &TranslationUnit, expr: &Expr, depth: u32) -> Option<bool> {
    if depth > MAX_DEPTH {
        return None;
    }
    let d = depth + 1;
    match &strip_casts(expr).kind {
        ExprKind::StringLit(_) => Some(true),
        ExprKind::Unary { op: UnaryOp::LogicalNot, operand } => truth(tu, operand, d).map(|t| !t),
        ExprKind::Binary { op: BinaryOp::LogicalAnd, lhs, rhs } => {
            if !truth(tu, lhs, d)? {
                return Some(false);
            }
            truth(tu, rhs, d)
        }
        ExprKind::Binary { op: BinaryOp::LogicalOr, lhs, rhs } => {
            if truth(tu, lhs, d)? {
                return Some(true);
            }
            truth(tu, rhs, d)
        }
        _ => eval(tu, expr, d).map(|v| v != 0),
    }
}

/// True when `expr` is, after casts, the literal `0` (a null pointer constant or integer zero).
pub fn is_zero_literal(expr: &Expr) -> bool {
    matches!(strip_casts(expr).kind, ExprKind::IntLit(0))
}

/// True when `expr` (casts stripped) is a literal zero, integer or floating (`0`, `0.0`).
pub fn is_zero_number(expr: &Expr) -> bool {
    match strip_casts(expr).kind {
        ExprKind::IntLit(v) => v == 0,
        ExprKind::FloatLit(v) => v == 0.0,
        _ => false,
    }
}

/// `expr` without explicit casts around it.
pub fn strip_casts(mut expr: &Expr) -> &Expr {
    while let ExprKind::Cast(inner) = &expr.kind {
        expr = inner;
    }
    expr
}

fn eval(tu: &TranslationUnit, expr: &Expr, depth: u32) -> Option<i64> {
    if depth > MAX_DEPTH {
        return None;
    }
    let d = depth + 1;
    match &expr.kind {
        ExprKind::IntLit(v) => Some(*v),
        ExprKind::EnumConst { value, .. } => Some(*value),
        ExprKind::Unevaluated { value, .. } => *value,
        ExprKind::Cast(inner) => eval(tu, inner, d),
        ExprKind::Var(id) => {
            let var = tu.vars.get(id.0 as usize)?;
            let file_scope = matches!(var.kind, VarKind::Global | VarKind::StaticGlobal);
            if file_scope && var.ty.is_const && !var.ty.is_volatile {
                var.const_init
            } else {
                None
            }
        }
        ExprKind::Unary { op: UnaryOp::LogicalNot, operand } => truth(tu, operand, d).map(|t| (!t) as i64),
        ExprKind::Unary { op, operand } => {
            let v = eval(tu, operand, d)?;
            match op {
                UnaryOp::Neg => v.checked_neg(),
                UnaryOp::Plus | UnaryOp::Other => Some(v),
                UnaryOp::LogicalNot => Some((v == 0) as i64),
                UnaryOp::BitNot => Some(!v),
                _ => None,
            }
        }
        ExprKind::Binary { op, lhs, rhs } => {
            match op {
                BinaryOp::LogicalAnd | BinaryOp::LogicalOr => return truth(tu, expr, d).map(i64::from),
                BinaryOp::Comma => return None,
                _ => {}
            }
            let l = eval(tu, lhs, d)?;
            let r = eval(tu, rhs, d)?;
            // Compared, divided or shifted right in an unsigned common type, the operands are
            // unsigned (`SIZE_MAX > 9007199254740992` holds, though SIZE_MAX is -1 as a signed
            // 64-bit value).
            let unsigned = match (crate::values::IntType::of(&lhs.ty), crate::values::IntType::of(&rhs.ty)) {
                (Some(a), Some(b)) => Some(crate::values::IntType::common(a, b)).filter(|t| !t.signed),
                _ => None,
            };
            match (unsigned, op) {
                (Some(ty), BinaryOp::Lt | BinaryOp::Gt | BinaryOp::Le | BinaryOp::Ge | BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Div | BinaryOp::Rem) => {
                    // Wrapped into an unsigned type, a value is its non-negative residue.
                    unsigned_binary(*op, ty.wrap(l) as u64, ty.wrap(r) as u64)
                }
                _ => binary(*op, l, r),
            }
        }
        ExprKind::Conditional { cond, then, els } => {
            let c = eval(tu, cond, d)?;
            if c != 0 {
                match then {
                    Some(t) => eval(tu, t, d),
                    None => Some(c),
                }
            } else {
                eval(tu, els, d)
            }
        }
        _ => None,
    }
}

/// True when a constant expression's value depends on the build configuration: it contains a
/// `sizeof`/`_Alignof` (`sizeof(int) <= 2`), or an operand written by a macro expansion
/// (`MAX_WBITS > 15`). Such a condition is a portability guard, constant on one platform only.
pub fn depends_on_configuration(expr: &Expr) -> bool {
    configuration(expr, 0)
}

fn configuration(expr: &Expr, depth: u32) -> bool {
    if depth > MAX_DEPTH || expr.span.from_macro {
        return true;
    }
    let d = depth + 1;
    match &expr.kind {
        ExprKind::Unevaluated { .. } => true,
        ExprKind::Cast(inner) | ExprKind::Unary { operand: inner, .. } => configuration(inner, d),
        ExprKind::Binary { lhs, rhs, .. } => configuration(lhs, d) || configuration(rhs, d),
        ExprKind::Conditional { cond, then, els } => {
            configuration(cond, d) || then.as_ref().is_some_and(|t| configuration(t, d)) || configuration(els, d)
        }
        _ => false,
    }
}

/// A comparison, division or remainder of two unsigned values; `None` for other operators
/// and for a result that does not fit the signed 64-bit value constants are kept in.
fn unsigned_binary(op: BinaryOp, l: u64, r: u64) -> Option<i64> {
    match op {
        BinaryOp::Div => i64::try_from(l.checked_div(r)?).ok(),
        BinaryOp::Rem => i64::try_from(l.checked_rem(r)?).ok(),
        _ => compare(op, l, r),
    }
}

/// The value (0 or 1) of the comparison `op` of two values; `None` for other operators.
fn compare<T: Ord>(op: BinaryOp, l: T, r: T) -> Option<i64> {
    Some(i64::from(match op {
        BinaryOp::Lt => l < r,
        BinaryOp::Gt => l > r,
        BinaryOp::Le => l <= r,
        BinaryOp::Ge => l >= r,
        BinaryOp::Eq => l == r,
        BinaryOp::Ne => l != r,
        _ => return None,
    }))
}

fn binary(op: BinaryOp, l: i64, r: i64) -> Option<i64> {
    Some(match op {
        BinaryOp::Mul => l.checked_mul(r)?,
        BinaryOp::Div => l.checked_div(r)?,
        BinaryOp::Rem => l.checked_rem(r)?,
        BinaryOp::Add => l.checked_add(r)?,
        BinaryOp::Sub => l.checked_sub(r)?,
        BinaryOp::Shl => l.checked_shl(u32::try_from(r).ok()?)?,
        BinaryOp::Shr => l.checked_shr(u32::try_from(r).ok()?)?,
        BinaryOp::Lt | BinaryOp::Gt | BinaryOp::Le | BinaryOp::Ge | BinaryOp::Eq | BinaryOp::Ne => compare(op, l, r)?,
        BinaryOp::BitAnd => l & r,
        BinaryOp::BitXor => l ^ r,
        BinaryOp::BitOr => l | r,
        BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::Comma => return None,
    })
}
