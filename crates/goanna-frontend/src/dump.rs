//! A compact, stable text rendering of a converted unit, for tests and debugging.
//!
//! Functions print as a header line followed by one statement per line (indented by two spaces
//! per level); expressions print as S-expressions: `(Add x#0 1)`, `(call f x#0)`,
//! `(= x#1 (call* p#2))`. Variables print as `name#id`.

use std::fmt::Write;

use goanna_ast::{Callee, Expr, ExprKind, FunctionDef, Stmt, StmtKind, TranslationUnit};

/// Renders every function definition of the unit.
pub fn dump_tree(tu: &TranslationUnit) -> String {
    let mut out = String::new();
    for f in &tu.functions {
        dump_function(tu, f, &mut out);
    }
    out
}

/// Renders one function definition.
pub fn dump_function(tu: &TranslationUnit, f: &FunctionDef, out: &mut String) {
    let params: Vec<String> = f.params.iter().map(|&p| format!("{}#{}", tu.var(p).name, p.0)).collect();
    let mut flags = String::new();
    for (on, name) in [
        (f.is_static, " static"),
        (f.is_variadic, " variadic"),
        (f.is_noreturn, " noreturn"),
        (f.is_knr, " knr"),
    ] {
        if on {
            flags.push_str(name);
        }
    }
    let _ = writeln!(out, "fn {}({}) -> {}{}", f.name, params.join(", "), f.return_type.spelling, flags);
    stmt(tu, &f.body, 1, out);
}

fn line(out: &mut String, depth: usize, text: &str) {
    for _ in 0..depth {
        out.push_str("  ");
    }
    out.push_str(text);
    out.push('\n');
}

/// Renders one statement (and its sub-statements) at the given depth.
pub fn stmt(tu: &TranslationUnit, s: &Stmt, depth: usize, out: &mut String) {
    crate::convert::with_stack(|| stmt_here(tu, s, depth, out))
}

fn stmt_here(tu: &TranslationUnit, s: &Stmt, depth: usize, out: &mut String) {
    match &s.kind {
        StmtKind::Compound(items) => {
            line(out, depth, "{");
            for item in items {
                stmt(tu, item, depth + 1, out);
            }
            line(out, depth, "}");
        }
        StmtKind::Decl(decls) => {
            let parts: Vec<String> = decls
                .iter()
                .map(|d| {
                    let v = format!("{}#{}", tu.var(d.var).name, d.var.0);
                    match &d.init {
                        Some(e) => format!("{v} = {}", expr(tu, e)),
                        None => v,
                    }
                })
                .collect();
            line(out, depth, &format!("decl {}", parts.join(", ")));
        }
        StmtKind::Expr(e) => line(out, depth, &expr(tu, e)),
        StmtKind::If { cond, then, els } => {
            line(out, depth, &format!("if {}", expr(tu, cond)));
            stmt(tu, then, depth + 1, out);
            if let Some(e) = els {
                line(out, depth, "else");
                stmt(tu, e, depth + 1, out);
            }
        }
        StmtKind::While { cond, body } => {
            line(out, depth, &format!("while {}", expr(tu, cond)));
            stmt(tu, body, depth + 1, out);
        }
        StmtKind::DoWhile { body, cond } => {
            line(out, depth, "do");
            stmt(tu, body, depth + 1, out);
            line(out, depth, &format!("while {}", expr(tu, cond)));
        }
        StmtKind::For { init, cond, inc, body } => {
            let init = init.as_ref().map(|s| inline_stmt(tu, s)).unwrap_or_default();
            let cond = cond.as_ref().map(|e| expr(tu, e)).unwrap_or_default();
            let inc = inc.as_ref().map(|e| expr(tu, e)).unwrap_or_default();
            line(out, depth, &format!("for {init}; {cond}; {inc}"));
            stmt(tu, body, depth + 1, out);
        }
        StmtKind::Switch { cond, body, .. } => {
            line(out, depth, &format!("switch {}", expr(tu, cond)));
            stmt(tu, body, depth + 1, out);
        }
        StmtKind::Case { lo, hi, body } => {
            let show = |v: &Option<i64>| v.map(|v| v.to_string()).unwrap_or_else(|| "?".into());
            let label = match hi {
                Some(_) => format!("case {}...{}", show(lo), show(hi)),
                None => format!("case {}", show(lo)),
            };
            line(out, depth, &label);
            stmt(tu, body, depth + 1, out);
        }
        StmtKind::Default(body) => {
            line(out, depth, "default");
            stmt(tu, body, depth + 1, out);
        }
        StmtKind::Break => line(out, depth, "break"),
        StmtKind::Continue => line(out, depth, "continue"),
        StmtKind::Goto(l) => line(out, depth, &format!("goto {l}")),
        StmtKind::IndirectGoto(e) => line(out, depth, &format!("goto *{}", expr(tu, e))),
        StmtKind::Label { name, body } => {
            line(out, depth, &format!("{name}:"));
            stmt(tu, body, depth + 1, out);
        }
        StmtKind::Return(e) => match e {
            Some(e) => line(out, depth, &format!("return {}", expr(tu, e))),
            None => line(out, depth, "return"),
        },
        StmtKind::Null => line(out, depth, ";"),
        StmtKind::Asm { outputs, inputs } => line(out, depth, &format!("asm out{} in{}", list(tu, outputs), list(tu, inputs))),
        StmtKind::Unknown(es) => line(out, depth, &format!("unknown-stmt{}", list(tu, es))),
    }
}

fn inline_stmt(tu: &TranslationUnit, s: &Stmt) -> String {
    let mut buf = String::new();
    stmt(tu, s, 0, &mut buf);
    buf.lines().map(str::trim).collect::<Vec<_>>().join(" ")
}

fn list(tu: &TranslationUnit, es: &[Expr]) -> String {
    es.iter().map(|e| format!(" {}", expr(tu, e))).collect()
}

/// Renders one expression as an S-expression.
pub fn expr(tu: &TranslationUnit, e: &Expr) -> String {
    crate::convert::with_stack(|| expr_here(tu, e))
}

fn expr_here(tu: &TranslationUnit, e: &Expr) -> String {
    match &e.kind {
        ExprKind::Var(v) => format!("{}#{}", tu.var(*v).name, v.0),
        ExprKind::FunctionRef { name, .. } => format!("&{name}"),
        ExprKind::EnumConst { name, value } => format!("{name}={value}"),
        ExprKind::IntLit(v) => v.to_string(),
        ExprKind::FloatLit(v) => format!("{v:?}"),
        ExprKind::StringLit(s) => format!("{s:?}"),
        ExprKind::Unary { op, operand } => format!("({op:?} {})", expr(tu, operand)),
        ExprKind::Binary { op, lhs, rhs } => format!("({op:?} {} {})", expr(tu, lhs), expr(tu, rhs)),
        ExprKind::Assign { op, lhs, rhs, .. } => {
            let op = op.map(|o| format!("{o:?}=")).unwrap_or_else(|| "=".into());
            format!("({op} {} {})", expr(tu, lhs), expr(tu, rhs))
        }
        ExprKind::Conditional { cond, then, els } => match then {
            Some(t) => format!("(? {} {} {})", expr(tu, cond), expr(tu, t), expr(tu, els)),
            None => format!("(?: {} {})", expr(tu, cond), expr(tu, els)),
        },
        ExprKind::Call { callee, args } => match callee {
            Callee::Direct { name, .. } => format!("(call {name}{})", list(tu, args)),
            Callee::Indirect(f) => format!("(call* {}{})", expr(tu, f), list(tu, args)),
        },
        ExprKind::Member { base, field, arrow } => {
            format!("({} {} {field})", if *arrow { "->" } else { "." }, expr(tu, base))
        }
        ExprKind::Index { base, index } => format!("([] {} {})", expr(tu, base), expr(tu, index)),
        ExprKind::Cast(inner) => format!("(cast {} {})", e.ty.spelling, expr(tu, inner)),
        ExprKind::Unevaluated { value: v, .. } => match v {
            Some(v) => format!("(unevaluated {v})"),
            None => "(unevaluated ?)".into(),
        },
        ExprKind::InitList(es) => {
            format!("{{{}}}", es.iter().map(|x| expr(tu, x)).collect::<Vec<_>>().join(", "))
        }
        ExprKind::CompoundLiteral(inner) => format!("(compound-literal {})", expr(tu, inner)),
        ExprKind::StmtExpr(s) => format!("(stmt-expr {})", inline_stmt(tu, s)),
        ExprKind::VaArg(ap) => format!("(va_arg {} {})", expr(tu, ap), e.ty.spelling),
        ExprKind::Unknown(es) => format!("(unknown{})", list(tu, es)),
    }
}
