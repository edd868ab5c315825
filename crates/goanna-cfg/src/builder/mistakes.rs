//! Expression and statement mistakes read off the syntax tree: `sizeof` of a pointer where its
//! pointee was meant (`sizeof_ptr_alloc`, `sizeof_ptr_buffer`), an assignment as a condition (`cond_assign`), `&`/`|` on
//! truth values (`bitwise_bool`), a comparison or another expression without effect as a
//! statement (`cmp_stmt`, `no_effect`), an empty `;` body on the line of its `if` or loop
//! (`stray_semicolon`) and a statement that the indentation puts under an unbraced body
//! (`misleading_indent`).
//!
//! Each statement's facts are computed from its own expressions (not those of the statements
//! nested in it, which get their own) and, for the layout facts, from where the statement
//! after it in the same block starts. The builder attaches them to the first node the
//! statement makes; a fact's span is where it is reported. Everything here is a pure function
//! of the tree: the decisions are the checks' (`checks/EXP/*.toml`, `checks/RED/RED-no-effect.toml`).

use crate::consts::strip_casts;
use crate::models::{FunctionModel, LibraryModels};
use crate::props::{Prop, PropKind, Subject};
use goanna_ast::{BinaryOp, CType, Callee, Expr, ExprKind, Span, Stmt, StmtKind, TranslationUnit, TypeClass, UnaryOp};

/// The facts of one statement, in source order. `block`: when the statement is one of a
/// block's (the layout facts are decided there, for the statement under its labels), where
/// the next statement of the block starts, if any.
pub(super) fn statement_facts(tu: &TranslationUnit, models: &LibraryModels, s: &Stmt, block: Option<Option<Next>>, return_type: &CType) -> Vec<Prop> {
    let mut out = Facts { tu, models, props: Vec::new() };
    match &s.kind {
        StmtKind::Expr(e) => {
            out.expr_statement(e);
            out.sizes(e, None);
        }
        StmtKind::Decl(decls) => {
            for d in decls {
                if let (Some(init), Some(var)) = (&d.init, tu.vars.get(d.var.0 as usize)) {
                    out.sizes(init, Some(&var.ty));
                }
            }
        }
        StmtKind::If { cond, .. } | StmtKind::While { cond, .. } | StmtKind::DoWhile { cond, .. } => {
            out.condition(cond);
            out.sizes(cond, None);
        }
        StmtKind::Switch { cond, .. } => out.sizes(cond, None),
        StmtKind::For { cond, inc, .. } => {
            if let Some(c) = cond {
                out.condition(c);
                out.sizes(c, None);
            }
            if let Some(i) = inc {
                out.sizes(i, None);
            }
        }
        StmtKind::Return(Some(e)) => out.sizes(e, Some(return_type)),
        _ => {}
    }
    if let Some(next) = block {
        out.layout(s, next);
    }
    out.props
}

/// Where the statement after another one in its block starts: its line and [`Stmt::indent`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Next {
    /// The line it starts on.
    pub(super) line: u32,
    /// Its layout column (0: unknown).
    pub(super) indent: u32,
}

impl Next {
    /// The position of `s`.
    pub(super) fn of(s: &Stmt) -> Next {
        Next { line: s.span.line, indent: s.indent }
    }
}

struct Facts<'m> {
    tu: &'m TranslationUnit,
    models: &'m LibraryModels,
    props: Vec<Prop>,
}

impl Facts<'_> {
    fn push(&mut self, kind: PropKind, span: Span) {
        self.props.push(Prop { kind, subject: Subject::None, span, value: None });
    }

    // ----- sizeof of a pointer ----------------------------------------------------------------

    /// `sizeof_ptr_alloc` and `sizeof_ptr_buffer` facts of `e`, whose value is stored as `dst` (a pointer type) when known.
    fn sizes(&mut self, e: &Expr, dst: Option<&CType>) {
        super::with_stack(|| self.sizes_inner(e, dst));
    }

    fn sizes_inner(&mut self, e: &Expr, dst: Option<&CType>) {
        if let Some(dst) = dst {
            self.allocation(dst, e);
        }
        match &e.kind {
            ExprKind::Assign { op: None, lhs, rhs, .. } => {
                self.sizes(lhs, None);
                self.sizes(rhs, Some(&lhs.ty));
            }
            ExprKind::Call { callee, args } => {
                if let Callee::Direct { name, .. } = callee {
                    if let Some(model) = model(self.models, name) {
                        self.buffers(model, args);
                    }
                }
                if let Callee::Indirect(f) = callee {
                    self.sizes(f, None);
                }
                for a in args {
                    self.sizes(a, None);
                }
            }
            // The operand of `sizeof` is not evaluated; statement expressions are statements.
            ExprKind::Unevaluated { .. } | ExprKind::StmtExpr(_) => {}
            _ => {
                for c in evaluated_children(e) {
                    self.sizes(c, None);
                }
            }
        }
    }

    /// `dst = alloc(..)`: a factor of the size that is `sizeof` of a pointer, while the block
    /// is made of elements that are not pointers and have another size.
    fn allocation(&mut self, dst: &CType, value: &Expr) {
        // `(T *) malloc(..)`: the cast says what the block holds.
        let mut target = dst;
        let mut v = value;
        while let ExprKind::Cast(inner) = &v.kind {
            if v.ty.is_pointer() {
                target = &v.ty;
            }
            v = inner;
        }
        let ExprKind::Call { callee: Callee::Direct { name, .. }, args } = &v.kind else { return };
        let Some(m) = model(self.models, name) else { return };
        if m.alloc_size.is_empty() || !target.is_pointer() {
            return;
        }
        // Bytes (`char *`), `void *` and incomplete types say nothing about elements; a block
        // of pointers is measured right by `sizeof` of a pointer.
        if matches!(target.pointee_class, TypeClass::Pointer | TypeClass::Void | TypeClass::Other) || target.pointee_size <= 1 {
            return;
        }
        for &i in &m.alloc_size {
            let Some(size) = args.get(i) else { continue };
            let mut found = Vec::new();
            factors(size, false, &mut found);
            for s in found {
                if let ExprKind::Unevaluated { value, sizeof_class: Some(TypeClass::Pointer), .. } = &s.kind {
                    // A pointer as large as the element type measures it right, by chance.
                    if value.is_some_and(|v| v != i64::from(target.pointee_size)) {
                        self.push(PropKind::SizeofPtrAlloc, s.span);
                    }
                }
            }
        }
    }

    /// A library call given a buffer with its size: `sizeof` of the buffer pointer itself.
    fn buffers(&mut self, m: &FunctionModel, args: &[Expr]) {
        for &(b, n) in &m.buffer_size {
            let (Some(buf), Some(size)) = (args.get(b), args.get(n)) else { continue };
            let buf = strip_casts(buf);
            if !(buf.ty.is_pointer() || self.array_parameter(buf)) || buf.ty.pointee_class == TypeClass::Pointer {
                continue;
            }
            let mut found = Vec::new();
            factors(size, true, &mut found);
            for s in found {
                let ExprKind::Unevaluated { value, operand: Some(o), sizeof_class: Some(class) } = &s.kind else { continue };
                if !(*class == TypeClass::Pointer || self.array_parameter(o)) {
                    continue;
                }
                if !same_path(o, buf) {
                    continue;
                }
                if value.is_some_and(|v| v == i64::from(buf.ty.pointee_size)) {
                    continue;
                }
                self.push(PropKind::SizeofPtrBuffer, s.span);
            }
        }
    }

    /// A parameter declared as an array (`char buf[64]`): a pointer all the same.
    fn array_parameter(&self, e: &Expr) -> bool {
        matches!(e.kind, ExprKind::Var(v) if e.ty.class == TypeClass::Array && self.tu.vars.get(v.0 as usize).is_some_and(|i| i.kind == goanna_ast::VarKind::Param))
    }

    // ----- conditions -------------------------------------------------------------------------

    /// `cond_assign` and `bitwise_bool` of a statement's condition.
    fn condition(&mut self, cond: &Expr) {
        let mut stack = vec![cond];
        while let Some(c) = stack.pop() {
            if c.span.from_macro {
                continue;
            }
            match &c.kind {
                ExprKind::Assign { op: None, parenthesized: false, .. } => self.push(PropKind::CondAssign, c.span),
                ExprKind::Binary { op: BinaryOp::Comma, rhs, .. } => stack.push(rhs),
                ExprKind::Binary { op: BinaryOp::LogicalAnd | BinaryOp::LogicalOr, lhs, rhs } => {
                    stack.push(rhs);
                    stack.push(lhs);
                }
                ExprKind::Unary { op: UnaryOp::LogicalNot, operand } => stack.push(operand),
                ExprKind::Cast(inner) => stack.push(inner),
                ExprKind::Binary { op: BinaryOp::BitAnd | BinaryOp::BitOr, lhs, rhs } if is_truth(lhs) && is_truth(rhs) && short_circuit_matters(lhs, rhs) => {
                    self.push(PropKind::BitwiseBool, c.span)
                }
                _ => {}
            }
        }
    }

    // ----- expression statements --------------------------------------------------------------

    /// `cmp_stmt` or `no_effect` of an expression statement.
    fn expr_statement(&mut self, e: &Expr) {
        if e.span.from_macro || matches!(e.kind, ExprKind::Cast(_)) {
            return;
        }
        if let ExprKind::Binary { op: BinaryOp::Eq, lhs, .. } = &e.kind {
            if is_lvalue(strip_casts(lhs)) {
                self.push(PropKind::CmpStmt, e.span);
                return;
            }
        }
        if !matches!(e.kind, ExprKind::Binary { op: BinaryOp::Comma, .. } | ExprKind::Unknown(_)) && pure(e) {
            self.push(PropKind::NoEffect, e.span);
        }
    }

    // ----- layout -----------------------------------------------------------------------------

    /// `stray_semicolon` and `misleading_indent` of a statement, given where the next one
    /// in its block starts.
    fn layout(&mut self, s: &Stmt, next: Option<Next>) {
        let s = unlabelled(s);
        if s.span.from_macro {
            return;
        }
        let next = next.filter(|n| n.indent > 0);
        match &s.kind {
            StmtKind::If { cond, then, els } => {
                // `if (write(fd, b, n));` discards a result on purpose.
                if els.is_none() && self.empty_body_on_line(then, cond.span.end_line) && (indented_under(s, then, next) || pure(cond)) {
                    self.push(PropKind::StraySemicolon, then.span);
                }
                // The last body and its guard. The `else` keyword has no location in the tree:
                // it is taken to be on the line after the `then` branch (in the `if`'s
                // column), so an `else` body on that line counts as on its guard's line, and
                // the finding is reported at the body.
                let guard = Guard { line: s.span.line, indent: s.indent };
                let (body, guard, at) = match els {
                    None => (Some(then.as_ref()), guard, s.span),
                    Some(e) if !matches!(e.kind, StmtKind::If { .. }) => (Some(e.as_ref()), Guard { line: then.span.end_line + 1, ..guard }, e.span),
                    Some(_) => (None, guard, s.span),
                };
                if let (Some(body), Some(next)) = (body, next) {
                    if misleading(guard, body, next) {
                        self.push(PropKind::MisleadingIndent, at);
                    }
                }
            }
            StmtKind::While { cond, body } => {
                let line = cond.span.end_line;
                if self.empty_body_on_line(body, line) && (indented_under(s, body, next) || pure(cond)) {
                    self.push(PropKind::StraySemicolon, body.span);
                }
                if next.is_some_and(|n| misleading(Guard::of(s), body, n)) {
                    self.push(PropKind::MisleadingIndent, s.span);
                }
            }
            StmtKind::For { init, cond, inc, body } => {
                let line = [inc.as_ref().map(|e| e.span.end_line), cond.as_ref().map(|e| e.span.end_line), init.as_ref().map(|i| i.span.end_line)]
                    .into_iter()
                    .flatten()
                    .max()
                    .unwrap_or(s.span.line);
                if self.empty_body_on_line(body, line) && indented_under(s, body, next) {
                    self.push(PropKind::StraySemicolon, body.span);
                }
                if next.is_some_and(|n| misleading(Guard::of(s), body, n)) {
                    self.push(PropKind::MisleadingIndent, s.span);
                }
            }
            _ => {}
        }
    }

    /// The body is a `;` of its own on `line` (where the condition ends), not what a macro
    /// that expanded to nothing left.
    fn empty_body_on_line(&self, body: &Stmt, line: u32) -> bool {
        matches!(body.kind, StmtKind::Null) && !body.span.from_macro && body.span.line == line
    }
}

/// The statement under any labels (`case 1: if (x) ...`).
fn unlabelled(mut s: &Stmt) -> &Stmt {
    loop {
        match &s.kind {
            StmtKind::Label { body, .. } | StmtKind::Case { body, .. } | StmtKind::Default(body) => s = body,
            _ => return s,
        }
    }
}

/// After an empty body on the guard's line, the next statement starts on a later line
/// indented more than the guard: it reads as the body (Clang's `-Wempty-body` rule for loops).
fn indented_under(guard: &Stmt, body: &Stmt, next: Option<Next>) -> bool {
    guard.indent > 0 && next.is_some_and(|n| n.line > body.span.line && n.indent > guard.indent)
}

/// The line and layout column of a guard (`if`, `else`, `for`, `while`).
#[derive(Clone, Copy)]
struct Guard {
    line: u32,
    indent: u32,
}

impl Guard {
    fn of(s: &Stmt) -> Guard {
        Guard { line: s.span.line, indent: s.indent }
    }
}

/// An unbraced body on a line after its guard, and the next statement on a later line in
/// the body's visual column, which is to the right of the guard's (GCC's
/// `-Wmisleading-indentation` rule; code without any indentation is not reported, nor layout
/// that a preprocessor directive interrupts).
fn misleading(guard: Guard, body: &Stmt, next: Next) -> bool {
    if matches!(body.kind, StmtKind::Compound(_) | StmtKind::Null) || body.span.from_macro {
        return false;
    }
    let known = guard.indent > 0 && body.indent > 0 && next.indent > 0;
    known && body.span.line > guard.line && next.line > body.span.end_line && next.indent == body.indent && body.indent > guard.indent
}

/// The model of a library function, also under its builtin and fortified names
/// (`__builtin_memset`, `__builtin___memset_chk`).
fn model<'m>(models: &'m LibraryModels, name: &str) -> Option<&'m FunctionModel> {
    let plain = name.strip_prefix("__builtin___").and_then(|n| n.strip_suffix("_chk")).or_else(|| name.strip_prefix("__builtin_")).unwrap_or(name);
    models.get(plain)
}

/// The `sizeof` expressions that are factors of a size: the size itself, operands of `*`
/// (and with `sums`, of `+`/`-`), through casts.
fn factors<'e>(size: &'e Expr, sums: bool, out: &mut Vec<&'e Expr>) {
    let mut stack = vec![size];
    while let Some(e) = stack.pop() {
        match &e.kind {
            ExprKind::Cast(inner) => stack.push(inner),
            ExprKind::Binary { op: BinaryOp::Mul, lhs, rhs } => {
                stack.push(rhs);
                stack.push(lhs);
            }
            ExprKind::Binary { op: BinaryOp::Add | BinaryOp::Sub, lhs, rhs } if sums => {
                stack.push(rhs);
                stack.push(lhs);
            }
            ExprKind::Unevaluated { sizeof_class: Some(_), .. } => out.push(e),
            _ => {}
        }
    }
}

/// Two expressions that name the same object (`buf`, `s->buf`, `a[2]`, `*pp`), casts aside.
fn same_path(a: &Expr, b: &Expr) -> bool {
    let (a, b) = (strip_casts(a), strip_casts(b));
    match (&a.kind, &b.kind) {
        (ExprKind::Var(x), ExprKind::Var(y)) => x == y,
        (ExprKind::Member { base: b1, field: f1, arrow: a1 }, ExprKind::Member { base: b2, field: f2, arrow: a2 }) => {
            f1 == f2 && a1 == a2 && same_path(b1, b2)
        }
        (ExprKind::Index { base: b1, index: i1 }, ExprKind::Index { base: b2, index: i2 }) => {
            matches!((&strip_casts(i1).kind, &strip_casts(i2).kind), (ExprKind::IntLit(x), ExprKind::IntLit(y)) if x == y) && same_path(b1, b2)
        }
        (ExprKind::Unary { op: UnaryOp::Deref, operand: o1 }, ExprKind::Unary { op: UnaryOp::Deref, operand: o2 }) => same_path(o1, o2),
        _ => false,
    }
}

/// An expression whose value is a truth value: a comparison, `!`, `&&` or `||`.
fn is_truth(e: &Expr) -> bool {
    match &strip_casts(e).kind {
        ExprKind::Binary { op, .. } => matches!(
            op,
            BinaryOp::Lt | BinaryOp::Gt | BinaryOp::Le | BinaryOp::Ge | BinaryOp::Eq | BinaryOp::Ne | BinaryOp::LogicalAnd | BinaryOp::LogicalOr
        ),
        ExprKind::Unary { op: UnaryOp::LogicalNot, .. } => true,
        _ => false,
    }
}

/// True when evaluating `rhs` even where `lhs` already decides (what `&`/`|` do, and `&&`/`||`
/// would not) can change what the program does: `rhs` writes (an assignment, `++`), or it uses
/// what `lhs` tests in a way the test should have guarded — dereferences or indexes a pointer
/// it tests (`p != NULL & p->n > 0`), indexes by or divides by a value it tests (`i < n & a[i]
/// == 0`, `d != 0 & x / d > 1`), or passes a pointer it tests to a call (`p != NULL & f(p)`).
/// Independent comparisons (`(ip > anchor) & (m > low)`, the branch-free style of hot loops),
/// and a pointer the left operand only reads through (`w->base + w->low`), give the same result
/// either way.
fn short_circuit_matters(lhs: &Expr, rhs: &Expr) -> bool {
    let mut tested = Vec::new();
    tested_variables(lhs, &mut tested);
    let is_tested = |e: &Expr| matches!(strip_casts(e).kind, ExprKind::Var(v) if tested.contains(&v));
    let mentions_tested = |e: &Expr| {
        let mut used = Vec::new();
        variables(e, &mut used);
        used.iter().any(|v| tested.contains(v))
    };
    let mut stack = vec![rhs];
    while let Some(e) = stack.pop() {
        let guarded = match &e.kind {
            ExprKind::Assign { .. } | ExprKind::StmtExpr(_) => true,
            ExprKind::Unary { op: UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec, .. } => true,
            ExprKind::Unary { op: UnaryOp::Deref, operand } => is_tested(operand),
            ExprKind::Member { base, arrow: true, .. } => is_tested(base),
            ExprKind::Index { base, index } => is_tested(base) || mentions_tested(index),
            ExprKind::Binary { op: BinaryOp::Div | BinaryOp::Rem, rhs, .. } => mentions_tested(rhs),
            ExprKind::Call { args, .. } => args.iter().any(|a| a.ty.is_pointer() && is_tested(a)),
            _ => false,
        };
        if guarded {
            return true;
        }
        stack.extend(evaluated_children(e));
    }
    false
}

/// The variables a condition tests: those it reads as values (`p` of `p != NULL`, `i` of
/// `i < n`), not the pointers it only reads through (`w` of `w->len > 0`).
fn tested_variables(e: &Expr, out: &mut Vec<goanna_ast::VarId>) {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        match &e.kind {
            ExprKind::Var(v) => out.push(*v),
            ExprKind::Member { base, arrow: true, .. } | ExprKind::Unary { op: UnaryOp::Deref, operand: base } => {
                // Only what the pointer expression computes with besides the pointer itself.
                if !matches!(strip_casts(base).kind, ExprKind::Var(_)) {
                    stack.push(base);
                }
            }
            ExprKind::Index { base, index } => {
                if !matches!(strip_casts(base).kind, ExprKind::Var(_)) {
                    stack.push(base);
                }
                stack.push(index);
            }
            _ => stack.extend(evaluated_children(e)),
        }
    }
}

/// The variables `e` reads (not those inside `sizeof`).
fn variables(e: &Expr, out: &mut Vec<goanna_ast::VarId>) {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        if let ExprKind::Var(v) = e.kind {
            out.push(v);
        }
        stack.extend(evaluated_children(e));
    }
}

/// The evaluated children of `e`, a called function pointer and a call's arguments included.
fn evaluated_children(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Unary { operand, .. } => vec![operand],
        ExprKind::Binary { lhs, rhs, .. } | ExprKind::Assign { lhs, rhs, .. } => vec![lhs, rhs],
        ExprKind::Conditional { cond, then, els } => {
            let mut v: Vec<&Expr> = vec![cond];
            v.extend(then.as_deref());
            v.push(els);
            v
        }
        ExprKind::Member { base, .. } => vec![base],
        ExprKind::Index { base, index } => vec![base, index],
        ExprKind::Cast(inner) | ExprKind::CompoundLiteral(inner) | ExprKind::VaArg(inner) => vec![inner],
        ExprKind::InitList(items) | ExprKind::Unknown(items) => items.iter().collect(),
        ExprKind::Call { callee, args } => {
            let mut v: Vec<&Expr> = args.iter().collect();
            if let goanna_ast::Callee::Indirect(f) = callee {
                v.push(f);
            }
            v
        }
        _ => Vec::new(),
    }
}

/// An lvalue: a variable, member, element or dereference.
fn is_lvalue(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Var(_) | ExprKind::Member { .. } | ExprKind::Index { .. } | ExprKind::Unary { op: UnaryOp::Deref, .. })
}

/// An expression without any effect: no assignment, increment, call, `volatile` access,
/// statement expression or construct the front end does not model.
fn pure(e: &Expr) -> bool {
    let mut stack = vec![e];
    while let Some(e) = stack.pop() {
        if e.ty.is_volatile {
            return false;
        }
        match &e.kind {
            ExprKind::Var(_) | ExprKind::FunctionRef { .. } | ExprKind::EnumConst { .. } | ExprKind::IntLit(_) | ExprKind::FloatLit(_) | ExprKind::StringLit(_) => {}
            ExprKind::Unevaluated { .. } => {}
            ExprKind::Unary { op, operand } => {
                if matches!(op, UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec | UnaryOp::Other) {
                    return false;
                }
                stack.push(operand);
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                stack.push(lhs);
                stack.push(rhs);
            }
            ExprKind::Conditional { cond, then, els } => {
                stack.push(cond);
                if let Some(t) = then {
                    stack.push(t);
                }
                stack.push(els);
            }
            ExprKind::Member { base, .. } => stack.push(base),
            ExprKind::Index { base, index } => {
                stack.push(base);
                stack.push(index);
            }
            ExprKind::Cast(inner) => stack.push(inner),
            _ => return false,
        }
    }
    true
}

