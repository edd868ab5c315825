//! Expressions in value context: propositions in evaluation order, with control flow split out
//! for `&&`, `||`, `?:`, `,`, statement expressions and calls of unmodelled functions.
//!
//! Use/def conventions (documented for check writers):
//! - reading an access path gives `use` of the whole path and, for every `*`/`->` step, `use`
//!   and `deref` of the pointer prefix (`p->f` → `use_p`, `deref_p`, `use_p->f`);
//! - writing gives `def` of the path plus the same prefix effects (`p->f = 1` → `use_p`,
//!   `deref_p`, `def_p->f`); `x += 1`, `x++` give `use_x` and `def_x`;
//! - array elements summarise to the array: reading `a[i]` (or `*a`, `a->f`) is `use_a`,
//!   writing it is `def_a`, both with the index as their value when it is a constant (for
//!   `m[i][j]`, the first one)
//!   (a weak update); through a pointer, `p[i]` is `use_p` + `deref_p` for both;
//! - an array used as a value (decay) and `&x` give `addr_taken`; `sizeof` gives nothing;
//! - what happens to the memory a pointer points to: `load_p` when it is read (`*p`, `p[i]`,
//!   `p->f` as values, an argument a library model `reads`), `store_p` when it may be written
//!   (`*p = v`, `p->f += 1` has both, an argument a model `writes` or any argument of a function
//!   without a model, `&p->f`, copying `p` or `p + n` into another path); for `p->next->v`
//!   only the last dereference is the access, the earlier ones read a pointer (`load_p`);
//! - `escape_q` when a pointer path `q` is returned, stored anywhere but a local variable or
//!   parameter (global, field, through a pointer, array element, aggregate initialiser), or
//!   passed to a function that is neither modelled as `no_escape` nor defined in this unit;
//! - `copy_q` (with the source path in `value`) when a pointer path receives the value of
//!   another (`q = p`, casts and `+ 0` looked through); a copy into local storage (a local
//!   variable or a field of a local aggregate) is not an escape of the source: the program
//!   stage follows the alias (or adds the escape where it cannot).

use super::{Builder, Ends};
use crate::consts::{const_value, is_zero_literal, strip_casts};
use crate::graph::{CallSite, NodeKind};
use crate::models::FunctionModel;
use crate::props::{PathId, PathStep, PropKind, Subject};
use crate::values::{IntType, ValBinOp, ValExpr, ValueOp};
use goanna_ast::{BinaryOp, Callee, Expr, ExprKind, Span, Stmt, StmtKind, TypeClass, UnaryOp, VarKind};

/// What an access path does with the memory at its last dereference.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Access {
    /// Reads it (`load`).
    Read,
    /// Writes it (`store`).
    Write,
    /// Both (`+=`, `++`).
    ReadWrite,
    /// Hands its address on (`&p->f`, an array member decaying): it may be written (`store`).
    Address,
}

/// Where the result of a call of an unmodelled function goes.
pub(super) enum Target<'e> {
    /// `lhs = f(...)`
    Lvalue(&'e Expr),
    /// `T x = f(...)` (path, automatic variable?)
    Decl(PathId, bool, Span),
}

/// `e` without casts and without `__builtin_expect(e, c)` wrappers.
pub(super) fn transparent(mut e: &Expr) -> &Expr {
    loop {
        e = strip_casts(e);
        match &e.kind {
            ExprKind::Call { callee: Callee::Direct { name, .. }, args }
                if (name == "__builtin_expect" || name == "__builtin_expect_with_probability") && !args.is_empty() =>
            {
                e = &args[0];
            }
            _ => return e,
        }
    }
}

/// Most offsets of offsets [`Builder::interior_base`] looks through.
const MAX_NESTED_OFFSETS: usize = 16;

impl Builder<'_, '_> {
    /// Evaluates `e` for its value, adding propositions to the current accumulator.
    pub(super) fn eval(&mut self, e: &Expr) {
        super::with_stack(|| self.eval_inner(e));
    }

    fn eval_inner(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Var(_) | ExprKind::Member { .. } | ExprKind::Index { .. } => self.read(e),
            ExprKind::Unary { op: UnaryOp::Deref, .. } => self.read(e),
            ExprKind::FunctionRef { .. }
            | ExprKind::EnumConst { .. }
            | ExprKind::IntLit(_)
            | ExprKind::FloatLit(_)
            | ExprKind::StringLit(_) => {}
            ExprKind::Unevaluated { operand, .. } => {
                if let Some(operand) = operand {
                    self.mention(operand);
                }
            }
            ExprKind::Unary { op, operand } => match op {
                UnaryOp::AddrOf => self.address_of(operand),
                UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                    if let Some(p) = self.write(operand, true) {
                        if self.paths.class(p) == TypeClass::Pointer {
                            let back = matches!(op, UnaryOp::PreDec | UnaryOp::PostDec);
                            self.prop(if back { PropKind::Rewind } else { PropKind::Offset }, Subject::Path(p), e.span);
                            self.record_pointer_increment(p, operand, if back { -1 } else { 1 });
                        }
                        if self.paths.class(p) == TypeClass::Integer {
                            let step = if matches!(op, UnaryOp::PreInc | UnaryOp::PostInc) { 1 } else { -1 };
                            self.prop_value(PropKind::AddConst, Subject::Path(p), e.span, Some(step));
                            if step > 0 && self.paths.get(p).and_then(|a| a.int_type()).is_some_and(|ty| ty.signed) {
                                self.prop(PropKind::Grows, Subject::Path(p), e.span);
                            }
                            self.record_step(p, operand, step);
                        }
                    }
                }
                _ => self.eval(operand),
            },
            ExprKind::Binary { op, lhs, rhs } => match op {
                BinaryOp::LogicalAnd | BinaryOp::LogicalOr => {
                    self.flush();
                    let (t, f) = self.cond(e);
                    self.pending = join(t, f);
                }
                BinaryOp::Comma => {
                    self.flush();
                    self.sub_stmt(lhs);
                    self.sub_stmt(rhs);
                }
                BinaryOp::Div | BinaryOp::Rem => {
                    self.eval(lhs);
                    self.eval(rhs);
                    self.divisor(e, rhs);
                }
                _ => {
                    self.eval(lhs);
                    self.eval(rhs);
                    self.growth(e, *op, lhs, rhs, false);
                }
            },
            ExprKind::Assign { op, lhs, rhs, .. } => self.assign(e, *op, lhs, rhs),
            ExprKind::Conditional { cond, then, els } => {
                self.flush();
                // An integer value is stored by each arm into a made-up local the expression
                // reads ([`Builder::choice_path`]).
                let choice = then.as_ref().and_then(|_| self.choice_path(e));
                let (t, f) = self.cond(cond);
                self.pending = t;
                if let Some(then) = then {
                    self.branch_value(then, choice);
                }
                let after_then = std::mem::take(&mut self.pending);
                self.pending = f;
                self.branch_value(els, choice);
                self.pending.extend(after_then);
            }
            ExprKind::Call { callee, args } => self.call(e, callee, args, None),
            ExprKind::Cast(inner) | ExprKind::CompoundLiteral(inner) | ExprKind::VaArg(inner) => self.eval(inner),
            ExprKind::InitList(items) => {
                // Each pointer an item passes on is stored in the aggregate: `p`, `(T *)p`, the
                // block of `&p->refcnt` or `p + 1`.
                for item in items {
                    if let Some(f) = super::values::function_designated(item) {
                        self.initialised_functions.push(f.to_string());
                    }
                    self.eval(item);
                    for p in self.value_pointers(item) {
                        self.prop(PropKind::Escape, Subject::Path(p), item.span);
                        self.prop(PropKind::Store, Subject::Path(p), item.span);
                    }
                }
            }
            ExprKind::StmtExpr(body) => self.stmt_expr(body),
            ExprKind::Unknown(children) => {
                for c in children {
                    self.eval(c);
                }
            }
        }
    }

    /// Evaluates `e` as its own statement node (operands of `,`).
    pub(super) fn sub_stmt(&mut self, e: &Expr) {
        self.push_acc(e.span);
        self.eval(e);
        self.finish_acc(true);
    }

    /// `target = c ? a : b` (or an initialiser): each branch of the condition stores its own
    /// value, as `if (c) target = a; else target = b;` would, so that what the target holds stays
    /// tied to the condition (`len = p ? strlen(p) : 0; if (len) use(p);`). `store` records the
    /// store of one value in the accumulator of its branch.
    pub(super) fn conditional_store(&mut self, cond: &Expr, then: &Expr, els: &Expr, store: &dyn Fn(&mut Self, &Expr)) {
        self.flush();
        let (t, f) = self.cond(cond);
        self.pending = t;
        self.push_acc(then.span);
        store(self, then);
        self.finish_acc(true);
        let after_then = std::mem::take(&mut self.pending);
        self.pending = f;
        self.push_acc(els.span);
        store(self, els);
        self.finish_acc(true);
        self.pending.extend(after_then);
    }

    /// Stores the truth value (0 or 1) of `value` with `store`: `a && b` and `a || b` as the
    /// branches they are (`x = a && b` is `x = a ? (b ? 1 : 0) : 0`), so that each branch gives
    /// the variable the value its path computed (`skip = !d || f(d); if (!skip) d->n` is a test
    /// of `d`).
    pub(super) fn store_truth(&mut self, value: &Expr, store: &dyn Fn(&mut Self, &Expr)) {
        let core = strip_casts(value);
        let int = |v: i64| Expr { kind: ExprKind::IntLit(v), span: core.span, ty: value.ty.clone() };
        match &core.kind {
            ExprKind::Binary { op: op @ (BinaryOp::LogicalAnd | BinaryOp::LogicalOr), lhs, rhs } => {
                let constant = int(i64::from(*op == BinaryOp::LogicalOr));
                let split = |b: &mut Self, v: &Expr| {
                    if std::ptr::eq(v, &constant) {
                        store(b, v);
                    } else {
                        super::with_stack(|| b.store_truth(v, store));
                    }
                };
                // `a && b`: b's truth when a holds, else 0; `a || b`: 1 when a holds, else b's.
                let (then, els): (&Expr, &Expr) = if *op == BinaryOp::LogicalAnd { (rhs, &constant) } else { (&constant, rhs) };
                self.conditional_store(lhs, then, els, &split);
            }
            ExprKind::IntLit(_) => store(self, value),
            // A leaf is a condition of its own (its tests are the program's): 1 on its true
            // branch, 0 on its false one.
            _ => self.conditional_store(core, &int(1), &int(0), store),
        }
    }

    /// True when `e` (casts stripped) is `a && b` or `a || b`.
    pub(super) fn is_logical(e: &Expr) -> bool {
        matches!(strip_casts(e).kind, ExprKind::Binary { op: BinaryOp::LogicalAnd | BinaryOp::LogicalOr, .. })
    }

    /// The scalar (pointer or integer) that a library call writes whole through the argument
    /// `arg` (casts stripped): `&x` for a variable or member `x` reached without a pointer, with
    /// a size argument that is a `sizeof` (`memcpy(&child, cp, sizeof(child))`).
    fn scalar_filled(&mut self, arg: &Expr, size: Option<&Expr>) -> Option<PathId> {
        let ExprKind::Unary { op: UnaryOp::AddrOf, operand } = &arg.kind else { return None };
        if !matches!(strip_casts(size?).kind, ExprKind::Unevaluated { .. }) {
            return None;
        }
        let (_, x) = self.direct_object(operand)?;
        matches!(self.paths.class(x), TypeClass::Pointer | TypeClass::Integer).then_some(x)
    }

    /// Evaluates the value of one branch of `?:` (a node only when it has effects).
    fn branch_value(&mut self, e: &Expr, into: Option<PathId>) {
        self.push_acc(e.span);
        self.eval(e);
        if let Some(t) = into {
            let value = self.val_expr(e);
            self.value_op(ValueOp::Assign { target: t, value });
        }
        self.finish_acc(false);
    }

    /// GNU `({ ...; value; })`: the statements become nodes; the last expression is the value
    /// and is evaluated into the enclosing accumulator.
    fn stmt_expr(&mut self, body: &Stmt) {
        self.flush();
        let stmts: &[Stmt] = match &body.kind {
            StmtKind::Compound(v) => v,
            _ => std::slice::from_ref(body),
        };
        if let Some((last, init)) = stmts.split_last() {
            for s in init {
                self.stmt(s);
            }
            match &last.kind {
                StmtKind::Expr(e) => self.eval(e),
                _ => self.stmt(last),
            }
        }
    }

    /// Reading an lvalue-like expression (`x`, `p->f`, `*p`, `a[i]`).
    fn read(&mut self, e: &Expr) {
        if let Some(chain) = self.path_chain(e) {
            let decays = chain.last().is_some_and(|l| self.paths.class(l.id) == TypeClass::Array);
            self.prefix_effects(&chain, if decays { Access::Address } else { Access::Read });
            if let Some(last) = chain.last() {
                let kind = if self.paths.class(last.id) == TypeClass::Array { PropKind::AddrTaken } else { PropKind::Use };
                self.prop(kind, Subject::Path(last.id), last.span);
            }
            return;
        }
        match &e.kind {
            // An array member of an object no path names (`a[i].vec[j].coeffs`) decays to its
            // address: nothing is read, and the object may be written through it.
            ExprKind::Member { base, arrow: false, .. } if e.ty.class == TypeClass::Array => self.address_of(base),
            ExprKind::Member { base, arrow: true, .. } if e.ty.class == TypeClass::Array => {
                self.eval(base);
                self.deref_root(base, e.span, Access::Address);
            }
            ExprKind::Member { base, arrow, .. } => self.read_object_of_member(base, *arrow, e.span),
            ExprKind::Index { base, index } => {
                // A row of a multi-dimensional array (`rows[i]` of `char rows[4][8]`) decays to
                // its address: nothing is read, and what it points to may be written through it.
                let row_of = (e.ty.class == TypeClass::Array)
                    .then(|| self.path_chain(strip_casts(base)))
                    .flatten()
                    .filter(|chain| chain.last().is_some_and(|l| self.paths.class(l.id) == TypeClass::Array));
                if let Some(chain) = row_of {
                    self.prefix_effects(&chain, Access::Address);
                    if let Some(last) = chain.last() {
                        self.prop(PropKind::AddrTaken, Subject::Path(last.id), e.span);
                    }
                    self.eval(index);
                    return;
                }
                if e.ty.class == TypeClass::Array {
                    // A row reached through a pointer (`p[i]` of `gf *p`, a parameter declared
                    // `gf p[4]`) decays too: `p + i`.
                    self.row_address(base, e.span);
                    self.eval(index);
                    return;
                }
                self.read_element(e.span, base, index);
            }
            // `*p` of a pointer to arrays is the row `p[0]`: an address.
            ExprKind::Unary { operand, .. } if e.ty.class == TypeClass::Array => self.row_address(operand, e.span),
            ExprKind::Unary { operand, .. } => {
                self.eval(operand);
                self.deref_root(operand, e.span, Access::Read);
            }
            // A variable outside the unit's table (malformed tree): nothing to record.
            _ => {}
        }
    }

    /// Reads the object a member (at `span`) belongs to: `base`, and for `base->m` what `base`
    /// points to.
    fn read_object_of_member(&mut self, base: &Expr, arrow: bool, span: Span) {
        self.eval(base);
        if arrow {
            self.deref_root(base, span, Access::Read);
        }
    }

    /// A row of the arrays `pointer` points to (`p[i]`, `*p`), used as the address it decays to
    /// (at `span`): the pointer is read, nothing it points to is, and what it points to may be
    /// written through the address, as through `&p[i]`.
    fn row_address(&mut self, pointer: &Expr, span: Span) {
        let core = strip_casts(pointer);
        self.eval(core);
        if let Some(p) = self.pointer_root(core).filter(|&p| self.paths.class(p) == TypeClass::Pointer) {
            self.prop(PropKind::Store, Subject::Path(p), span);
        }
    }

    /// Reading the element `base[index]` (at `span`), also a row that is itself indexed
    /// (`m[r]` of `m[r][c]`).
    fn read_element(&mut self, span: Span, base: &Expr, index: &Expr) {
        let at = const_value(self.tu, index);
        self.element_base(base, span, Access::Read, at);
        self.eval(index);
        self.record_index_access(base, index, span);
    }

    /// The base of `base[i]`: an array (path or not) summarises to its root (`use_a`, or
    /// `def_a` when written, carrying the index `at` when it is a constant); a pointer is used
    /// and dereferenced.
    fn element_base(&mut self, base: &Expr, span: Span, access: Access, at: Option<i64>) {
        let write = access != Access::Read;
        let core = strip_casts(base);
        if let Some(chain) = self.path_chain(core) {
            if let Some(last) = chain.last() {
                let id = last.id;
                if self.paths.class(id) == TypeClass::Array {
                    // `p->a[i]`: the element is in the memory `p` points to.
                    self.prefix_effects(&chain, access);
                    let kind = if write { PropKind::Def } else { PropKind::Use };
                    self.prop_value(kind, Subject::Path(id), span, at);
                } else {
                    self.prefix_effects(&chain, Access::Read);
                    self.prop(PropKind::Use, Subject::Path(id), last.span);
                    self.prop(PropKind::Deref, Subject::Path(id), span);
                    self.mem_access(id, access, span, at);
                }
                return;
            }
        }
        if core.ty.class == TypeClass::Array {
            if write {
                self.write(core, false);
            } else if let ExprKind::Index { base: inner, index } = &core.kind {
                // A row indexed again (`m[r][c]`): an element of `m` is read.
                self.read_element(core.span, inner, index);
            } else if let ExprKind::Member { base: object, arrow, .. } = &core.kind {
                // An element of an array member (`p[1].coeffs[0]`): the object holding it is
                // read, not just its address taken.
                self.read_object_of_member(object, *arrow, core.span);
            } else {
                self.eval(core);
            }
        } else {
            self.eval(core);
            self.deref_root(core, span, access);
        }
    }

    /// `deref_p` (and `load_p`/`store_p` for `access`) for the pointer an address expression
    /// is based on.
    fn deref_root(&mut self, pointer: &Expr, span: Span, access: Access) {
        if let Some(p) = self.pointer_root(pointer) {
            if self.paths.class(p) == TypeClass::Pointer {
                self.prop(PropKind::Deref, Subject::Path(p), span);
                self.mem_access(p, access, span, None);
            }
        }
    }

    /// `load_p` and/or `store_p` for an access to the memory `p` points to, with the element
    /// index as value when it is a constant (`*p` and `p->f` are element 0).
    fn mem_access(&mut self, p: PathId, access: Access, span: Span, at: Option<i64>) {
        if matches!(access, Access::Read | Access::ReadWrite) {
            self.prop_value(PropKind::Load, Subject::Path(p), span, at);
        }
        if access != Access::Read {
            let at = if access == Access::Address { None } else { at };
            self.prop_value(PropKind::Store, Subject::Path(p), span, at);
        }
    }

    /// `use` + `deref` of every pointer prefix dereferenced along an access path; the last
    /// dereference does `access` to the memory, the earlier ones read a pointer from it.
    fn prefix_effects(&mut self, chain: &[super::paths::Link], access: Access) {
        let last_deref = chain.iter().rposition(|l| l.derefs_parent);
        for (i, pair) in chain.windows(2).enumerate() {
            if pair[1].derefs_parent {
                let here = if Some(i + 1) == last_deref { access } else { Access::Read };
                let id = pair[0].id;
                if self.paths.class(id) == TypeClass::Array {
                    // `*a` and `a->f` on an array are its first element: like `a[0]`.
                    let kinds: &[PropKind] = match here {
                        Access::Read => &[PropKind::Use],
                        Access::Write => &[PropKind::Def],
                        Access::ReadWrite => &[PropKind::Use, PropKind::Def],
                        Access::Address => &[PropKind::AddrTaken],
                    };
                    for &kind in kinds {
                        let at = (kind != PropKind::AddrTaken).then_some(0);
                        self.prop_value(kind, Subject::Path(id), pair[1].span, at);
                    }
                    continue;
                }
                self.prop(PropKind::Use, Subject::Path(id), pair[0].span);
                self.prop(PropKind::Deref, Subject::Path(id), pair[1].span);
                self.mem_access(id, here, pair[1].span, Some(0));
            }
        }
    }

    /// `&e`: `addr_taken` of the path; the address computation's own reads are evaluated.
    fn address_of(&mut self, e: &Expr) {
        if let Some(chain) = self.path_chain(e) {
            // `&p->f` reads p but does not dereference it; what p points to may be written
            // through the address (`store_p`).
            let last_deref = chain.iter().rposition(|l| l.derefs_parent);
            for (i, pair) in chain.windows(2).enumerate() {
                if pair[1].derefs_parent && self.paths.class(pair[0].id) == TypeClass::Array {
                    self.prop(PropKind::AddrTaken, Subject::Path(pair[0].id), pair[1].span);
                } else if pair[1].derefs_parent {
                    self.prop(PropKind::Use, Subject::Path(pair[0].id), pair[0].span);
                    let access = if Some(i + 1) == last_deref { Access::Address } else { Access::Read };
                    self.mem_access(pair[0].id, access, pair[1].span, None);
                }
            }
            if let Some(last) = chain.last() {
                self.prop(PropKind::AddrTaken, Subject::Path(last.id), e.span);
            }
            return;
        }
        match &e.kind {
            ExprKind::Index { base, index } => {
                let core = strip_casts(base);
                match self.path_of(core) {
                    // `&a[i]`, `&p->arr[i].f`: the array's address, which reads the pointers
                    // the array is reached through (`p`).
                    Some(p) if self.paths.class(p) == TypeClass::Array => {
                        super::with_stack(|| self.address_of(core));
                    }
                    _ => {
                        self.eval(core);
                        // `&p[i]`: the element may be written through the address.
                        if let Some(p) = self.pointer_root(core).filter(|&p| self.paths.class(p) == TypeClass::Pointer) {
                            self.prop(PropKind::Store, Subject::Path(p), e.span);
                        }
                    }
                }
                self.eval(index);
            }
            ExprKind::Member { base, arrow: false, .. } => super::with_stack(|| self.address_of(base)),
            _ => self.eval(e),
        }
    }

    /// Writes `lhs` (with a read first when `also_use`, for `+=` and `++`); returns the written
    /// access path when `lhs` is one.
    pub(super) fn write(&mut self, lhs: &Expr, also_use: bool) -> Option<PathId> {
        super::with_stack(|| self.write_inner(lhs, also_use))
    }

    fn write_inner(&mut self, lhs: &Expr, also_use: bool) -> Option<PathId> {
        let access = if also_use { Access::ReadWrite } else { Access::Write };
        if let Some(chain) = self.path_chain(lhs) {
            self.prefix_effects(&chain, access);
            let last = chain.last()?;
            let (id, span) = (last.id, last.span);
            if also_use {
                self.prop(PropKind::Use, Subject::Path(id), span);
            }
            self.prop(PropKind::Def, Subject::Path(id), span);
            return Some(id);
        }
        match &lhs.kind {
            ExprKind::Member { base, arrow: false, .. } => {
                self.write(base, also_use);
            }
            ExprKind::Member { base, arrow: true, .. } => {
                self.eval(base);
                self.deref_root(base, lhs.span, access);
            }
            ExprKind::Index { base, index } => {
                let at = const_value(self.tu, index);
                self.element_base(base, lhs.span, access, at);
                self.eval(index);
                self.record_index_access(base, index, lhs.span);
                // A pointer stored at a constant index of a local array (`slots[2] = p`) is
                // local storage the program stage follows, as a member of a local structure.
                if let Some(e) = self.local_pointer_element(lhs) {
                    self.prop(PropKind::Def, Subject::Path(e), lhs.span);
                    return Some(e);
                }
            }
            ExprKind::Unary { op: UnaryOp::Deref, operand } => {
                self.eval(operand);
                self.deref_root(operand, lhs.span, access);
            }
            ExprKind::Cast(inner) => return self.write(inner, also_use),
            _ => self.eval(lhs),
        }
        None
    }

    /// The path of `e` when it is a pointer element at a constant index of a local array
    /// (`slots[2]` of `char *slots[4]`), the only elements propositions name: what is stored
    /// there is a copy the program stage follows (issue 12, route 3).
    fn local_pointer_element(&mut self, e: &Expr) -> Option<PathId> {
        let ExprKind::Index { base, index } = &e.kind else { return None };
        const_value(self.tu, index)?;
        if e.ty.class != TypeClass::Pointer {
            return None;
        }
        let array = self.path_of(strip_casts(base))?;
        if self.paths.class(array) != TypeClass::Array || !self.is_local_variable(array) {
            return None;
        }
        self.element_path(e)
    }

    /// The path of `e` when it reads a pointer at a constant index of an array or of the block
    /// a pointer points to (`slots[2]`, `p[2]`): the source of a copy (`d = slots[2]`).
    fn pointer_element(&mut self, e: &Expr) -> Option<PathId> {
        let ExprKind::Index { index, .. } = &e.kind else { return None };
        const_value(self.tu, index)?;
        if e.ty.class != TypeClass::Pointer {
            return None;
        }
        let path = self.element_path(e)?;
        let steps = &self.paths.get(path)?.steps;
        let constant = |s: &PathStep| matches!(s, PathStep::Index(crate::ElementIndex::Const(_)));
        // One constant index, right after the root: `a[2]` or `p[2]`.
        let simple = match steps.as_slice() {
            [i] => constant(i),
            [i, PathStep::Deref] => constant(i),
            _ => false,
        };
        simple.then_some(path)
    }

    /// `div_by_d` (`float_div_by_d` for a floating-point division) and `div_zero` for a divisor.
    fn divisor(&mut self, op_expr: &Expr, rhs: &Expr) {
        let floating = op_expr.ty.class == TypeClass::Floating || rhs.ty.class == TypeClass::Floating;
        if let Some(d) = self.path_of(strip_casts(rhs)) {
            let kind = if floating { PropKind::FloatDivBy } else { PropKind::DivBy };
            self.prop(kind, Subject::Path(d), rhs.span);
        }
        if !floating && const_value(self.tu, rhs) == Some(0) {
            self.prop(PropKind::DivByZero, Subject::None, rhs.span);
        }
        if !floating {
            self.record_divisor(op_expr, rhs);
        }
    }

    fn assign(&mut self, e: &Expr, op: Option<BinaryOp>, lhs: &Expr, rhs: &Expr) {
        if op.is_none() {
            if let ExprKind::Conditional { cond, then: Some(then), els } = &strip_casts(rhs).kind {
                self.conditional_store(cond, then, els, &|b: &mut Self, value: &Expr| b.assign(e, None, lhs, value));
                return;
            }
            if Self::is_logical(rhs) && self.int_path(lhs).is_some() {
                self.flush();
                self.store_truth(rhs, &|b: &mut Self, value: &Expr| b.assign(e, None, lhs, value));
                return;
            }
            if let ExprKind::Call { callee, args } = &strip_casts(rhs).kind {
                if !self.is_modelled(callee) {
                    self.call(strip_casts(rhs), callee, args, Some(Target::Lvalue(lhs)));
                    return;
                }
            }
        }
        self.eval(rhs);
        let target = self.write(lhs, op.is_some());
        if target.is_none() {
            self.member_store(lhs);
        }
        match (op, target) {
            (None, _) => {
                self.record_store(target, rhs);
                self.track_status(target, rhs);
            }
            (Some(op), Some(t)) => {
                if self.paths.class(t) == TypeClass::Integer {
                    self.record_compound(t, op, lhs, rhs);
                    self.growth(e, op, lhs, rhs, true);
                }
                if self.paths.class(t) == TypeClass::Pointer && matches!(op, BinaryOp::Add | BinaryOp::Sub) {
                    self.record_pointer_step(t, lhs, rhs, op == BinaryOp::Sub);
                }
            }
            (Some(_), None) => {}
        }
        if op.is_none() && self.is_allocation(rhs) {
            if let Some(x) = self.container_of(lhs) {
                self.prop(PropKind::ElemAlloc, Subject::Path(x), lhs.span);
            }
        }
        match op {
            Some(BinaryOp::Div | BinaryOp::Rem) => self.divisor(e, rhs),
            Some(op @ (BinaryOp::Add | BinaryOp::Sub)) => {
                if let Some(t) = target.filter(|&t| self.paths.class(t) == TypeClass::Pointer) {
                    let kind = if op == BinaryOp::Sub { PropKind::Rewind } else { PropKind::Offset };
                    self.prop(kind, Subject::Path(t), lhs.span);
                }
                if let Some(t) = target.filter(|&t| self.paths.class(t) == TypeClass::Integer) {
                    if let Some(c) = const_value(self.tu, rhs) {
                        let step = if op == BinaryOp::Add { c } else { c.wrapping_neg() };
                        self.prop_value(PropKind::AddConst, Subject::Path(t), lhs.span, Some(step));
                    }
                }
            }
            Some(_) => {}
            None => self.assign_effects(target, rhs, lhs.span),
        }
    }

    /// [`ValueOp::MemberStore`] for an assignment to a member of an object no path names
    /// (`p[n].len = 0`, `(*q)->f = v`): the store writes that member only.
    fn member_store(&mut self, lhs: &Expr) {
        if let ExprKind::Member { base, field, arrow } = &strip_casts(lhs).kind {
            if *arrow || !base.ty.is_union {
                self.value_op(crate::values::ValueOp::MemberStore { member: field.clone() });
            }
        }
    }

    /// `Mention` propositions for the variables named in an unevaluated operand (`sizeof x`) or
    /// a discarded one (`(void) x;`).
    pub(super) fn mention(&mut self, e: &Expr) {
        let mut stack = vec![e];
        while let Some(e) = stack.pop() {
            match &e.kind {
                ExprKind::Var(v) => {
                    if let Some(p) = self.root_path(*v) {
                        self.prop(PropKind::Mention, Subject::Path(p), e.span);
                    }
                }
                ExprKind::Unary { operand, .. } | ExprKind::Cast(operand) => stack.push(operand),
                ExprKind::Binary { lhs, rhs, .. } | ExprKind::Assign { lhs, rhs, .. } => {
                    stack.push(lhs);
                    stack.push(rhs);
                }
                ExprKind::Member { base, .. } => stack.push(base),
                ExprKind::Index { base, index } => {
                    stack.push(base);
                    stack.push(index);
                }
                _ => {}
            }
        }
    }

    /// Effects of storing the value of `rhs` into `target` (`None`: not an access path).
    /// Records `t = strchr(s, c)` (a model with `finds_char`, a constant character) for
    /// [`super::known_chars`].
    fn note_char_search(&mut self, target: PathId, m: &crate::models::FunctionModel, args: &[Expr], span: Span) {
        let (Some(&string), Some(&ch)) = (m.finds_char.first(), m.finds_char.get(1)) else { return };
        let (Some(string), Some(ch)) = (args.get(string), args.get(ch)) else { return };
        let Some(ch) = const_value(self.tu, ch).and_then(|c| u8::try_from(c).ok()) else { return };
        if let Some(string) = self.pointer_path(string) {
            self.char_searches.push(super::known_chars::CharSearch { span, target, string, ch });
        }
    }

    pub(super) fn assign_effects(&mut self, target: Option<PathId>, rhs: &Expr, span: Span) {
        let core = transparent(rhs);
        // In `a = b = NULL` the value `a` receives is the inner assignment's.
        let mut value = rhs;
        while let ExprKind::Assign { rhs: inner, .. } = &strip_casts(value).kind {
            value = inner;
        }
        let rhs_value = value;
        if let Some(t) = target {
            let is_ptr = self.paths.class(t) == TypeClass::Pointer;
            if is_ptr && is_zero_literal(rhs_value) {
                self.prop(PropKind::AssignNull, Subject::Path(t), span);
            }
            if is_ptr {
                self.pointer_assign_effects(t, rhs, span);
                self.record_point_to(t, rhs_value);
            }
            if self.paths.class(t) == TypeClass::Integer {
                if let Some(c) = const_value(self.tu, rhs_value) {
                    // The value stored, in the target's type (`bits = 1` in a signed 1-bit
                    // field stores -1).
                    let ty = self.paths.get(t).and_then(|p| p.int_type());
                    let c = ty.map_or(c, |ty| ty.wrap(c));
                    self.prop_value(PropKind::AssignConst, Subject::Path(t), span, Some(c));
                    // Signed only: unsigned arithmetic wraps by definition.
                    if ty.is_some_and(|ty| ty.signed && i128::from(c) == ty.max()) {
                        self.prop(PropKind::AssignMax, Subject::Path(t), span);
                    }
                } else if self.reads_input(rhs_value, 0) {
                    self.prop(PropKind::Input, Subject::Path(t), span);
                }
            }
            let is_zero = match self.paths.class(t) {
                TypeClass::Integer => const_value(self.tu, rhs_value) == Some(0),
                TypeClass::Floating => {
                    matches!(strip_casts(rhs_value).kind, ExprKind::FloatLit(v) if v == 0.0) || is_zero_literal(rhs_value)
                }
                _ => false,
            };
            if is_zero {
                self.prop(PropKind::AssignZero, Subject::Path(t), span);
            }
            if let ExprKind::Call { callee: Callee::Direct { name, .. }, args } = &core.kind {
                if let Some(m) = self.ctx.model(name) {
                    let s = Subject::Path(t);
                    if m.realloc && args.first().and_then(|a| self.path_of(strip_casts(a))) == Some(t) {
                        self.prop(PropKind::ReallocSelf, s.clone(), span);
                    }
                    if m.stack && is_ptr {
                        self.prop(PropKind::NonHeap, s.clone(), span);
                    }
                    if m.allocates() {
                        self.prop(PropKind::Alloc, s.clone(), span);
                        if let Some(family) = m.heap_family() {
                            self.prop(family_alloc_prop(family), s.clone(), span);
                        }
                        if m.filled {
                            self.prop(PropKind::Store, s.clone(), span);
                        }
                    }
                    // `strchr(s, '\0')` finds the terminating null character, always.
                    let finds_terminator = m.finds_char.get(1).and_then(|&c| args.get(c)).is_some_and(|c| const_value(self.tu, c) == Some(0));
                    if m.may_return_null && !finds_terminator {
                        self.prop(PropKind::MayBeNull, s.clone(), span);
                        if m.null_latent {
                            self.prop(PropKind::NullLatent, s.clone(), span);
                        }
                        self.note_char_search(t, m, args, span);
                    }
                    if m.fopen {
                        self.prop(PropKind::Fopen, s.clone(), span);
                    }
                    if m.open {
                        self.prop(PropKind::Open, s, span);
                    }
                }
            }
        }
        // In `a = b = e` the value `a` receives is what `b` holds after the inner assignment
        // (evaluated earlier in this node): `a` is a copy of `b`, and what follows treats it as
        // `a = b` (both hold the block; storing it elsewhere hands it on).
        let core = match &core.kind {
            ExprKind::Assign { op: None, lhs: inner, .. } => strip_casts(inner),
            _ => core,
        };
        // `q = memcpy(p, src, n)` copies `p`.
        let core = self.returned_argument(core).unwrap_or(core);
        // A copy of `p` (or of `p + n`) is another way to write what `p` points to.
        if let Some(src) = self.pointer_root(core).filter(|&p| self.paths.class(p) == TypeClass::Pointer) {
            if target != Some(src) {
                self.prop(PropKind::Store, Subject::Path(src), rhs.span);
            }
        }
        if let (Some(t), Some(src)) = (target, self.copied_pointer(core)) {
            if t != src && self.paths.class(t) == TypeClass::Pointer {
                self.prop_value(PropKind::Copy, Subject::Path(t), span, Some(i64::from(src.0)));
                if self.copied_variable(core) != Some(src) && !self.is_same_address(core) {
                    self.prop(PropKind::Interior, Subject::Path(t), span);
                }
            }
        }
        // A pointer read out of memory no path names (`s = g->pathv[0]`, `s = *it`): that
        // memory still holds it.
        if let Some(t) = target.filter(|&t| self.paths.class(t) == TypeClass::Pointer && self.paths.get(t).is_some_and(|p| p.steps.is_empty())) {
            if is_memory_read(core) && self.copied_pointer(core).is_none() {
                self.prop(PropKind::Loaded, Subject::Path(t), span);
            }
        }
        if rhs.ty.is_pointer() {
            if let Some(x) = self.container_of(core) {
                self.prop(PropKind::ElemRelease, Subject::Path(x), rhs.span);
            }
        }
        // Storing into anything but local storage (a local variable or a field of a local
        // aggregate) hands the value on: the pointer, or the block a pointer into it (`p + k`,
        // `&p->base`) belongs to. A copy into local storage makes an alias, which the program
        // stage follows (`copy_q`); where it cannot, it adds the escape there.
        let mut sources = self.stored_pointers(core);
        // In `g = p = m` the value stored is also `m`'s: the program stage reads `p` as it was
        // before this node, so the escape of what `p` holds now is stated for `m` itself.
        if !std::ptr::eq(rhs_value, rhs) {
            let value = transparent(rhs_value);
            let value = self.returned_argument(value).unwrap_or(value);
            for src in self.stored_pointers(value) {
                if !sources.contains(&src) {
                    sources.push(src);
                }
            }
        }
        for src in sources {
            let stays = target.is_some_and(|t| t == src || self.is_local_storage(t));
            if !stays {
                self.prop(PropKind::Escape, Subject::Path(src), rhs.span);
                self.prop(PropKind::Stored, Subject::Path(src), rhs.span);
            }
        }
        // The address of an object stored where the caller or other code finds it
        // (`*held = &big`, `s->mu = &m`).
        if !target.is_some_and(|t| self.is_local_storage(t)) {
            // A variable wide enough to hold a pointer, stored there, hands on the pointer a
            // caller may have converted into it (`entry->key = key` for a `uintptr_t` or
            // `unsigned long` key: a hash table keeping its caller's block).
            let wide = |b: &Self, x: PathId| b.paths.get(x).and_then(|p| p.int_type()).is_some_and(|ty| ty.bits >= 64);
            if let Some(x) = self.path_of(core).filter(|&x| self.is_local_variable(x) && wide(self, x)) {
                self.prop(PropKind::Escape, Subject::Path(x), rhs.span);
                self.prop(PropKind::Stored, Subject::Path(x), rhs.span);
            }
            if let ExprKind::Unary { op: UnaryOp::AddrOf, operand } = &core.kind {
                if let Some(x) = self.path_of(operand) {
                    self.prop(PropKind::Stored, Subject::Path(x), rhs.span);
                }
            }
        }
    }

    /// The pointer whose block storing `e` (casts stripped) hands on: the pointer itself, or the
    /// one an address inside a block is based on (`p + k`, `&p->base`).
    fn stored_pointers(&mut self, e: &Expr) -> Vec<PathId> {
        match self.pointer_path(e) {
            Some(src) => vec![src],
            None => self.interior_base(e).into_iter().collect(),
        }
    }

    /// The local pointer `p` whose block `e` is an element or field of (`p[i]`, `p->f`,
    /// `(p + i)->f`, `*(p + i)`, `p[i].f`), casts stripped.
    pub(super) fn container_of(&mut self, e: &Expr) -> Option<PathId> {
        let mut e = strip_casts(e);
        let base = loop {
            match &e.kind {
                ExprKind::Index { base, .. } | ExprKind::Member { base, arrow: true, .. } => break base,
                ExprKind::Member { base, arrow: false, .. } => e = strip_casts(base),
                ExprKind::Unary { op: UnaryOp::Deref, operand } => break operand,
                _ => return None,
            }
        };
        let p = self.pointer_root(base)?;
        (self.paths.class(p) == TypeClass::Pointer && self.is_local_variable(p)).then_some(p)
    }

    /// True when `e` is a call of a library allocator (`malloc`, `strdup`, ...).
    pub(super) fn is_allocation(&self, e: &Expr) -> bool {
        match &transparent(e).kind {
            ExprKind::Call { callee: Callee::Direct { name, .. }, .. } => self.ctx.model(name).is_some_and(|m| m.allocates()),
            _ => false,
        }
    }

    /// The pointer path whose block `e` (casts stripped) points into: `p`, `(T *)p`, `p + k`,
    /// `p - k`, `&p->f`, `&p[i]`. A pointer into a block keeps the block's identity (a member
    /// of a reference-counted object handed out as `&obj->base`, the address past a
    /// size-prefixed allocator's header), so copying it makes another holder of the block.
    fn copied_pointer(&mut self, e: &Expr) -> Option<PathId> {
        let core = strip_casts(e);
        if matches!(core.kind, ExprKind::Binary { .. } | ExprKind::Unary { op: UnaryOp::AddrOf, .. }) {
            return self.interior_base(core);
        }
        // A row reached through a pointer (`p[i]` of `gf *p`) is an address inside its block.
        if core.ty.class == TypeClass::Array {
            if let Some(p) = self.interior_base(core) {
                return Some(p);
            }
        }
        self.copied_variable(core)
    }

    /// The pointer `core` (casts stripped) copies whole, not an address inside it: a pointer
    /// path, or a pointer element at a constant index (`slots[2]`).
    fn copied_variable(&mut self, core: &Expr) -> Option<PathId> {
        self.pointer_path(core).or_else(|| self.pointer_element(core))
    }

    /// True when `e` (casts stripped) is `p + 0` or `p - 0`: the same address as `p`.
    fn is_same_address(&self, e: &Expr) -> bool {
        matches!(&strip_casts(e).kind, ExprKind::Binary { op: BinaryOp::Add | BinaryOp::Sub, rhs, .. } if const_value(self.tu, rhs) == Some(0))
    }

    /// The pointer whose block `e` (casts stripped) is an address inside of: `p + k`, `k + p`,
    /// `p - k` (not `p - q`), offsets of offsets (`(T *)((char *)p + sizeof(h) + pad)`),
    /// `&p->f`, `&p[i]`, `&(*p).f`.
    pub(super) fn interior_base(&mut self, e: &Expr) -> Option<PathId> {
        let mut core = strip_casts(e);
        for _ in 0..MAX_NESTED_OFFSETS {
            // The operands of an offset, the pointer (or array) one first when it is known.
            let (first, second) = match &core.kind {
                ExprKind::Binary { op: BinaryOp::Sub, lhs, rhs } if !strip_casts(rhs).ty.is_pointer() => (lhs, None),
                ExprKind::Binary { op: BinaryOp::Add, lhs, rhs } => (lhs, Some(rhs)),
                ExprKind::Unary { op: UnaryOp::AddrOf, operand } => return self.container_of(operand),
                // A row of the arrays a pointer points to (`p[i]`, `*p` of `gf *p`) decays to
                // an address inside the pointer's block.
                ExprKind::Index { base, .. } | ExprKind::Unary { op: UnaryOp::Deref, operand: base } if core.ty.class == TypeClass::Array => {
                    return self.pointer_path(base);
                }
                ExprKind::Binary { op: BinaryOp::BitAnd | BinaryOp::BitOr, .. } => return self.rounded_pointer(core),
                _ => return None,
            };
            if let Some(p) = self.pointer_path(first).or_else(|| second.and_then(|e| self.pointer_path(e))) {
                return Some(p);
            }
            // An offset of an offset: its own pointer operand's block.
            let nested = [Some(first), second].into_iter().flatten().map(|e| strip_casts(e)).find(|e| {
                e.ty.is_pointer() && matches!(e.kind, ExprKind::Binary { op: BinaryOp::Add | BinaryOp::Sub, .. })
            });
            match nested {
                Some(e) => core = e,
                None => return None,
            }
        }
        None
    }

    /// The pointer that an integer computation rounds (`((uintptr_t) p + a - 1) & ~(a - 1)`,
    /// the alignment idiom: the result points into `p`'s block), when it is the only pointer
    /// the computation reads and it reads nothing but integers and constants besides.
    fn rounded_pointer(&mut self, e: &Expr) -> Option<PathId> {
        let core = strip_casts(e);
        if core.ty.class != TypeClass::Integer {
            return None;
        }
        let mut found: Option<PathId> = None;
        let mut stack = vec![core];
        while let Some(x) = stack.pop() {
            let x = strip_casts(x);
            if x.ty.is_pointer() {
                let p = self.pointer_path(x)?;
                if found.is_some_and(|f| f != p) {
                    return None;
                }
                found = Some(p);
                continue;
            }
            match &x.kind {
                ExprKind::Binary { op: BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::Add | BinaryOp::Sub, lhs, rhs } => {
                    stack.push(lhs);
                    stack.push(rhs);
                }
                ExprKind::Unary { op: UnaryOp::BitNot | UnaryOp::Neg, operand } => stack.push(operand),
                ExprKind::IntLit(_) | ExprKind::EnumConst { .. } => {}
                _ if x.ty.class == TypeClass::Integer && self.int_path(x).is_some() => {}
                _ => return None,
            }
        }
        found
    }

    /// `non_heap_p` for `p = &x`, `p = array`, `p = "text"`; `offset_p` for `p = p + n`;
    /// `return_local_addr_x` (with the target in `value`) when the address of an automatic
    /// `x` is handed to the caller (`*out = &x`, `g = buf`); the graph keeps it only
    /// when nothing else writes that target in the function (no reset before returning).
    fn pointer_assign_effects(&mut self, t: PathId, rhs: &Expr, span: Span) {
        let core = strip_casts(rhs);
        if let Some(x) = self.non_heap_address(core) {
            let local = matches!(self.paths.root_kind(x), Some(VarKind::Local | VarKind::Param));
            if local && self.seen_by_caller(t) {
                self.prop_value(PropKind::ReturnLocalAddr, Subject::Path(x), span, Some(i64::from(t.0)));
            }
        }
        if matches!(core.kind, ExprKind::StringLit(_)) || self.non_heap_address(core).is_some() || self.element_of_address_table(core) {
            self.prop(PropKind::NonHeap, Subject::Path(t), span);
        } else if self.member_address_through_pointer(core) {
            self.prop(PropKind::NonNull, Subject::Path(t), span);
        }
        // `p = align(p, a)`: rounded within its block.
        if matches!(core.kind, ExprKind::Binary { op: BinaryOp::BitAnd | BinaryOp::BitOr, .. }) && self.rounded_pointer(core) == Some(t) {
            self.prop(PropKind::Offset, Subject::Path(t), span);
        }
        if let ExprKind::Binary { op: op @ (BinaryOp::Add | BinaryOp::Sub), lhs, rhs: r } = &core.kind {
            let moved = self.pointer_path(lhs) == Some(t) || self.pointer_path(r) == Some(t);
            if moved && const_value(self.tu, if self.pointer_path(lhs) == Some(t) { r } else { lhs }) != Some(0) {
                let kind = if *op == BinaryOp::Sub { PropKind::Rewind } else { PropKind::Offset };
                self.prop(kind, Subject::Path(t), span);
            }
        }
    }

    /// True when `core` (casts stripped) is the address of a member of a structure reached
    /// through a pointer the function names (`&a->b->lock`, `&a->items[i]`, an array member
    /// `a->b->mutex` used as a pointer): never NULL, since forming it accesses the structure
    /// (C11 6.5.2.3), as compilers assume.
    fn member_address_through_pointer(&mut self, core: &Expr) -> bool {
        let mut e = match &core.kind {
            ExprKind::Unary { op: UnaryOp::AddrOf, operand } => strip_casts(operand),
            _ if core.ty.class == TypeClass::Array => core,
            _ => return false,
        };
        for _ in 0..MAX_NESTED_OFFSETS {
            match &e.kind {
                ExprKind::Member { base, arrow: true, .. } => return self.pointer_path(base).is_some(),
                ExprKind::Member { base, arrow: false, .. } => e = strip_casts(base),
                ExprKind::Index { base, .. } if strip_casts(base).ty.class == TypeClass::Array => e = strip_casts(base),
                _ => return false,
            }
        }
        false
    }

    /// `free_non_heap_x` for `free(&x)`, `free(array)`; `free_offset_p` for `free(p + n)`.
    fn freed_arg_effects(&mut self, arg: &Expr) {
        let core = strip_casts(arg);
        if let Some(x) = self.non_heap_address(core) {
            self.prop(PropKind::FreeNonHeap, Subject::Path(x), arg.span);
        }
        if let ExprKind::Binary { op: BinaryOp::Add, lhs, rhs } = &core.kind {
            let (pointer, offset) = match self.pointer_path(lhs) {
                Some(p) => (Some(p), rhs),
                None => (self.pointer_path(rhs), lhs),
            };
            if let Some(p) = pointer.filter(|_| const_value(self.tu, offset) != Some(0)) {
                self.prop(PropKind::FreeOffset, Subject::Path(p), arg.span);
            }
        }
        // `free(q - HDR)`: the block `q` points into, released at its start.
        if let ExprKind::Binary { op: BinaryOp::Sub, lhs, rhs } = &core.kind {
            if !strip_casts(rhs).ty.is_pointer() && const_value(self.tu, rhs) != Some(0) {
                if let Some(p) = self.pointer_path(lhs) {
                    self.prop(PropKind::Rewind, Subject::Path(p), arg.span);
                }
            }
        }
    }

    /// What a library call stores through argument `i` (`a`): a new block (`alloc_out`: `def_p`,
    /// `alloc_p`), a reallocated block (`realloc_out`: the old one released by the call,
    /// `free_p`, then `def_p`, `alloc_p`) or a new value (`def_out`: `def_p`), for `&p`, or
    /// for `*out` when a pointer `out` is passed on (a wrapper's out-parameter, so that its
    /// summary sees the allocation into `*out`).
    fn out_arg_effects(&mut self, m: &FunctionModel, i: usize, a: &Expr) {
        let alloc = m.alloc_out.contains(&i);
        let realloc = m.realloc_out.contains(&i);
        if !(alloc || realloc || m.def_out.contains(&i)) {
            return;
        }
        let Some(p) = self.out_target(a, alloc || realloc) else { return };
        if realloc {
            self.prop(PropKind::Free, Subject::Path(p), a.span);
        }
        self.prop(PropKind::Def, Subject::Path(p), a.span);
        if alloc || realloc {
            self.prop(PropKind::Alloc, Subject::Path(p), a.span);
            if m.filled {
                self.prop(PropKind::Store, Subject::Path(p), a.span);
            }
        }
    }

    /// The object a library call writes through argument `a`: `x` for `&x`, `*out` for a
    /// pointer path `out`. `holds_pointer`: the object is known to hold a pointer (a block's
    /// address is stored there), whatever the argument's type says (`void **`).
    pub(super) fn out_target(&mut self, a: &Expr, holds_pointer: bool) -> Option<PathId> {
        let core = strip_casts(a);
        if let ExprKind::Unary { op: UnaryOp::AddrOf, operand } = &core.kind {
            return self.path_of(operand);
        }
        let out = self.pointer_path(core)?;
        // The pointee's type is not in the tree: a block's address, or what the spelling of a
        // pointer to pointer says (`char **`).
        let pointee_is_pointer = holds_pointer || points_to_pointer(&a.ty);
        let class = if pointee_is_pointer { TypeClass::Pointer } else { TypeClass::Other };
        Some(self.pointee_path(out, class))
    }

    /// The object an argument gives a library function to read, when it is not behind a
    /// pointer: an array `a` (or `s.a`) or `&x` (`&s.f`).
    fn read_object(&mut self, arg: &Expr) -> Option<PathId> {
        match &arg.kind {
            ExprKind::Unary { op: UnaryOp::AddrOf, operand } => self.direct_object(operand).map(|(_, full)| full),
            _ => {
                let (_, full) = self.direct_object(arg)?;
                (self.paths.class(full) == TypeClass::Array).then_some(full)
            }
        }
    }

    /// True when calls of `callee` stay inside their statement (library-model table or builtin).
    pub(super) fn is_modelled(&self, callee: &Callee) -> bool {
        match callee {
            Callee::Direct { name, .. } => self.ctx.model(name).is_some(),
            Callee::Indirect(_) => false,
        }
    }

    /// A call. Modelled callees label the current accumulator; any other callee becomes a
    /// [`NodeKind::Call`] node holding the accumulator (arguments' effects, `call_f`, and the
    /// result's `def` when `target` is given).
    pub(super) fn call(&mut self, e: &Expr, callee: &Callee, args: &[Expr], target: Option<Target<'_>>) {
        let resolved = match callee {
            Callee::Indirect(f) => self.fixed_function(f).map(|(n, u)| (n.to_string(), u.to_string())),
            Callee::Direct { .. } => None,
        };
        let (name, usr) = match callee {
            Callee::Direct { name, usr } => {
                if (name == "__builtin_expect" || name == "__builtin_expect_with_probability") && target.is_none() {
                    for a in args {
                        self.eval(a);
                    }
                    return;
                }
                (Some(name.as_str()), Some(usr.as_str()))
            }
            Callee::Indirect(f) => {
                self.eval(f);
                // A fixed function pointer (`fp = f`) calls its function.
                match &resolved {
                    Some((name, usr)) => (Some(name.as_str()), Some(usr.as_str())),
                    None => (None, None),
                }
            }
        };
        let model = name.and_then(|n| self.ctx.model(n));
        for a in args {
            self.eval(a);
        }
        let defined_here = usr.is_some_and(|u| self.ctx.defined.contains(u));
        // A function handed a function too (a destructor, a callback) may give it the pointers
        // it is passed: `sqlite3_bind_text(stmt, 1, text, -1, free)`.
        let hands_functions = args
            .iter()
            .any(|a| super::values::function_designated(a).is_some() || a.ty.is_pointer() && a.ty.pointee_class == TypeClass::Function);
        if let (Some(m), Some(usr)) = (model, usr) {
            let call = Box::new(ValExpr::Call(usr.to_string()));
            let zero = Box::new(ValExpr::Const(0));
            let success = match (m.success, m.out_fails_when) {
                (Some(crate::models::Success::Zero), _) | (None, Some(crate::models::FailWhen::Nonzero)) => Some(ValBinOp::Eq),
                (Some(crate::models::Success::NonZero), _) => Some(ValBinOp::Ne),
                (None, Some(crate::models::FailWhen::Negative)) => Some(ValBinOp::Ge),
                (None, None) => None,
            };
            if let Some(op) = success {
                let outs = if m.out_fails_when.is_some() {
                    let indices = m.alloc_out.clone();
                    indices.iter().filter_map(|&i| args.get(i)).filter_map(|a| self.out_target(a, true)).collect()
                } else {
                    Vec::new()
                };
                let success = ValExpr::Binary { op, ty: IntType::INT, lhs: call, rhs: zero };
                self.value_op(ValueOp::LibraryCall { usr: usr.to_string(), success, outs, assumed: m.blocks });
            }
        }
        for (i, a) in args.iter().enumerate() {
            let core = strip_casts(a);
            if let Some(m) = model {
                let effects: [(&[usize], PropKind); 4] = [
                    (&m.free, PropKind::Free),
                    (&m.fclose, PropKind::Fclose),
                    (&m.close, PropKind::Close),
                    (&m.resource_use, PropKind::ResourceUse),
                ];
                for (list, kind) in effects {
                    if list.contains(&i) {
                        if let Some(p) = self.path_of(core) {
                            self.prop(kind, Subject::Path(p), a.span);
                            if let (PropKind::Free, Some(family)) = (kind, m.heap_family()) {
                                for &release in family_release_props(family) {
                                    self.prop(release, Subject::Path(p), a.span);
                                }
                            }
                        }
                    }
                }
                // `free(p + k)`, `free(q - HDR)`: the block `p` (`q`) points into is released.
                if m.free.contains(&i) && self.path_of(core).is_none() {
                    if let Some(p) = self.interior_base(core) {
                        self.prop(PropKind::Free, Subject::Path(p), a.span);
                    }
                }
                // `realloc` frees its argument only when it succeeds; when it fails the block is
                // still the argument's. Either way the result now answers for it: the argument
                // escapes (a leak or double free on the failure path is not decided here).
                if m.realloc && i == 0 {
                    if let Some(p) = self.path_of(core) {
                        self.prop(PropKind::Escape, Subject::Path(p), a.span);
                    }
                }
                if m.freed_args().any(|j| j == i) {
                    self.freed_arg_effects(a);
                }
                let sized = m.deref_size.is_none_or(|k| args.get(k).and_then(|n| const_value(self.tu, n)).is_some_and(|n| n != 0));
                // Reading or writing through the argument is `reads`/`writes` (load/store above);
                // here only that the pointer must not be NULL.
                if m.deref.contains(&i) && sized {
                    if let Some(p) = self.pointer_root(core).filter(|&p| self.paths.class(p) == TypeClass::Pointer) {
                        self.prop(PropKind::Deref, Subject::Path(p), a.span);
                    }
                }
                for (list, kind) in [(&m.lock, PropKind::Lock), (&m.unlock, PropKind::Unlock)] {
                    if list.contains(&i) {
                        let element = match &core.kind {
                            ExprKind::Unary { op: UnaryOp::AddrOf, operand } => Some(operand.as_ref()),
                            _ => None,
                        };
                        if let Some(p) = self.addressed_path(core).or_else(|| element.and_then(|x| self.element_member_path(x))) {
                            self.prop(kind, Subject::Path(p), a.span);
                        }
                    }
                }
                if m.thread_start.contains(&i) {
                    let routine = match &core.kind {
                        ExprKind::Unary { op: UnaryOp::AddrOf, operand } => strip_casts(operand),
                        _ => core,
                    };
                    if let ExprKind::FunctionRef { name, .. } = &routine.kind {
                        self.prop(PropKind::ThreadStart, Subject::Function(name.clone()), a.span);
                    }
                }
                self.out_arg_effects(m, i, a);
                // `memcpy(&x, src, sizeof x)`: a scalar variable written whole gets a new value.
                if m.writes.contains(&i) {
                    if let Some(x) = self.scalar_filled(core, m.deref_size.and_then(|k| args.get(k))) {
                        self.prop(PropKind::Def, Subject::Path(x), a.span);
                        self.forget_value(Some(x));
                    }
                }
            }
            // The memory an argument points to: read or written as the model says; any
            // function without a model may write it. An address inside a block (`&p[0]`,
            // `&p->f`) passed as a pointer to const is a read of that block too.
            let read_inside = || a.ty.points_to_const && model.is_none_or(|m| m.reads.contains(&i));
            let interior = if read_inside() && self.pointer_root(core).is_none() { self.interior_base(core) } else { None };
            if let Some(p) = interior.filter(|&p| self.paths.class(p) == TypeClass::Pointer) {
                self.prop(PropKind::Load, Subject::Path(p), a.span);
            }
            if let Some(p) = self.pointer_root(core).filter(|&p| self.paths.class(p) == TypeClass::Pointer) {
                match model {
                    Some(m) => {
                        if m.reads.contains(&i) {
                            self.prop(PropKind::Load, Subject::Path(p), a.span);
                        }
                        if m.writes.contains(&i) {
                            self.prop(PropKind::Store, Subject::Path(p), a.span);
                        }
                    }
                    // A pointer to const is read, not written (casting `const` away to write
                    // is undefined for const objects and rare in practice).
                    None if a.ty.points_to_const => self.prop(PropKind::Load, Subject::Path(p), a.span),
                    None => self.prop(PropKind::Store, Subject::Path(p), a.span),
                }
            }
            // A local array (or `&x`) whose contents a library function reads.
            if model.is_some_and(|m| m.reads.contains(&i)) {
                if let Some(x) = self.read_object(core) {
                    self.prop(PropKind::Use, Subject::Path(x), a.span);
                }
            }
            let frees = model.is_some_and(|m| m.freed_args().any(|j| j == i));
            let keeps = model.is_none_or(|m| !m.no_escape);
            if frees || keeps {
                let held = if frees { None } else { self.pointer_path(core).filter(|&p| self.is_local_variable(p)) };
                if let Some(x) = self.container_of(core).or(held) {
                    self.prop(PropKind::ElemRelease, Subject::Path(x), a.span);
                }
            }
            // A function the unit does not define may keep the block a member address points
            // into (`init_base(&obj->base)`), as it may keep a pointer it is given.
            let passed = self.pointer_path(core);
            if model.is_none() && !defined_here && passed.is_none() {
                if let ExprKind::Unary { op: UnaryOp::AddrOf, operand } = &core.kind {
                    if matches!(&strip_casts(operand).kind, ExprKind::Member { arrow: true, .. }) {
                        if let Some(x) = self.container_of(operand) {
                            self.prop(PropKind::Escape, Subject::Path(x), a.span);
                        }
                    }
                }
            }
            if let Some(p) = passed {
                // A function nothing says more about keeps what it is given, except a pointer to
                // const: it reads through it, and a block handed over to be kept or released
                // is not passed as const (the Clang Static Analyzer's malloc checker reads
                // such calls the same way). A function defined in this unit has a summary.
                let no_escape = match model {
                    Some(m) => m.no_escape || m.consumes_arg(i),
                    None => defined_here || a.ty.points_to_const && !hands_functions,
                };
                if !no_escape {
                    self.prop(PropKind::Escape, Subject::Path(p), a.span);
                }
            }
        }
        if let Some(n) = name {
            self.prop(PropKind::Call, Subject::Function(n.to_string()), e.span);
        }
        let noreturn = model.is_some_and(|m| m.noreturn) || usr.is_some_and(|u| self.ctx.is_noreturn_decl(u));
        if let Some(m) = model {
            // A function handed to the routine, which may call it before returning (a thread's
            // start routine runs on its own, and is a `thread_start`).
            for (i, a) in args.iter().enumerate() {
                if m.thread_start.contains(&i) {
                    continue;
                }
                if let Some(f) = super::values::function_designated(a) {
                    self.prop(PropKind::Callback, Subject::Function(f.to_string()), a.span);
                } else if a.ty.is_pointer() && a.ty.pointee_class == TypeClass::Function && const_value(self.tu, a).is_none() {
                    // Not a constant such as `SIG_IGN`.
                    self.prop(PropKind::Callback, Subject::None, a.span);
                }
            }
            self.record_library_accesses(m, args, e.span);
            // What a `scanf`-family routine converts comes from outside the program.
            if let (true, Some(first)) = (m.input, m.scan_outputs_from) {
                // With a literal format, only conversions read input: `%n` stores the count
                // of characters consumed so far, bounded by the text scanned.
                let converted = first.checked_sub(1).and_then(|f| args.get(f)).and_then(|f| match &strip_casts(f).kind {
                    ExprKind::StringLit(text) => Some(scan_outputs_converted(text)),
                    _ => None,
                });
                for (k, a) in args.iter().skip(first).enumerate() {
                    if converted.as_ref().is_some_and(|c| c.get(k) == Some(&false)) {
                        continue;
                    }
                    if let ExprKind::Unary { op: UnaryOp::AddrOf, operand } = &strip_casts(a).kind {
                        if let Some(p) = self.path_of(operand).filter(|&p| self.paths.class(p) == TypeClass::Integer) {
                            self.prop(PropKind::Input, Subject::Path(p), a.span);
                        }
                    }
                }
            }
            // The library's globals the routine sets (`getopt`: `optarg`).
            for name in &m.writes_globals {
                let var = self.tu.vars.iter().position(|v| v.name == *name && v.kind == goanna_ast::VarKind::Global);
                if let Some(p) = var.and_then(|i| self.root_path(goanna_ast::VarId(i as u32))) {
                    self.prop(PropKind::Def, Subject::Path(p), e.span);
                    self.forget_value(Some(p));
                }
            }
        }
        if model.is_some() {
            if noreturn {
                self.mark_noreturn();
            }
            return;
        }
        // A call node.
        let result = match target {
            Some(Target::Lvalue(lhs)) => {
                let t = self.write(lhs, false);
                self.assign_effects(t, e, lhs.span);
                self.record_store(t, e);
                t
            }
            Some(Target::Decl(p, auto, span)) => {
                if auto {
                    self.prop(PropKind::DeclInit, Subject::Path(p), span);
                    self.prop(PropKind::Def, Subject::Path(p), span);
                    self.record_store(Some(p), e);
                }
                Some(p)
            }
            None => None,
        };
        let null_args: Vec<usize> =
            args.iter().enumerate().filter(|(_, a)| a.ty.is_pointer() && is_zero_literal(a)).map(|(i, _)| i).collect();
        let int_constant = |i: usize| args.get(i).filter(|a| a.ty.class == TypeClass::Integer).and_then(|a| const_value(self.tu, a));
        let int_args: Vec<(usize, i64)> = (0..args.len()).filter_map(|i| int_constant(i).map(|v| (i, v))).collect();
        let const_args: Vec<usize> = args.iter().enumerate().filter(|(_, a)| a.ty.is_pointer() && a.ty.points_to_const).map(|(i, _)| i).collect();
        let literal_args: Vec<usize> = args.iter().enumerate().filter(|(_, a)| matches!(strip_casts(a).kind, ExprKind::StringLit(_))).map(|(i, _)| i).collect();
        let mut site_args = Vec::with_capacity(args.len());
        let mut address_args = Vec::with_capacity(args.len());
        self.record_passed_memory(args);
        self.record_passed_values(args);
        for a in args {
            let core = strip_casts(a);
            match &core.kind {
                ExprKind::Unary { op: UnaryOp::AddrOf, operand } => {
                    site_args.push(None);
                    address_args.push(self.path_of(operand));
                }
                _ => {
                    let path = self.path_of(core);
                    // A pointer to a pointer passed on (`wrap(out)`): the callee may store into
                    // `*out`, which the program stage shows at this call (the path must exist).
                    if let Some(p) = path.filter(|&p| self.is_local_variable(p) && self.paths.class(p) == TypeClass::Pointer) {
                        if points_to_pointer(&a.ty) {
                            self.pointee_path(p, TypeClass::Pointer);
                        }
                    }
                    site_args.push(path);
                    address_args.push(None);
                }
            }
        }
        let callee_path = match callee {
            Callee::Indirect(f) if usr.is_none() => {
                let mut core = strip_casts(f);
                if let ExprKind::Unary { op: UnaryOp::Deref, operand } = &core.kind {
                    core = strip_casts(operand);
                }
                self.path_of(core).filter(|&p| self.paths.class(p) == TypeClass::Pointer)
            }
            _ => None,
        };
        let function_args: Vec<(usize, String)> = args
            .iter()
            .enumerate()
            .filter_map(|(i, a)| Some((i, super::values::function_designated(a)?.to_string())))
            .collect();
        let site = CallSite {
            callee_name: name.map(str::to_string),
            callee_usr: usr.map(str::to_string),
            args: site_args,
            address_args,
            result,
            null_args,
            int_args,
            literal_args,
            const_args,
            callee_path,
            function_args,
            callee_signature: match (usr, callee) {
                (Some(u), _) => self.ctx.decls.get(u).map_or(0, |d| crate::graph::signature_key(&d.signature)),
                (None, Callee::Indirect(f)) => pointed_function_type(f).map_or(0, crate::graph::signature_key),
                (None, _) => 0,
            },
        };
        let (props, acc_noreturn) = self.take_acc();
        let id = self.add_node(NodeKind::Call(Box::new(site)), Some(e.span), props);
        // Its result may be a status that a condition or a `return` uses.
        self.last_call = Some((super::cond::span_key(e.span), id));
        if let Some(r) = result.filter(|&r| self.paths.class(r) == TypeClass::Integer) {
            self.statuses.insert(r, super::Status::Call(id));
        }
        if noreturn || acc_noreturn {
            self.goto_sink(id);
        }
    }
}

/// True when `ty` is a pointer to a pointer, as far as its spelling tells (`char **`, `T **`);
/// the tree does not keep pointee types.
/// The canonical type of the function a call through the pointer `f` reaches (`(*hook)(..)`,
/// `ops->read(..)`, through casts), when the front end spelled it.
fn pointed_function_type(f: &Expr) -> Option<&str> {
    let mut e = f;
    loop {
        if !e.ty.function_signature.is_empty() {
            return Some(&e.ty.function_signature);
        }
        e = match &e.kind {
            ExprKind::Cast(inner) | ExprKind::Unary { op: UnaryOp::Deref, operand: inner } => inner,
            _ => return None,
        };
    }
}

fn points_to_pointer(ty: &goanna_ast::CType) -> bool {
    ty.is_pointer() && ty.spelling.trim_end().ends_with("**")
}

/// Both outcomes of a condition flow to the same place (value context).
pub(super) fn join(mut a: Ends, b: Ends) -> Ends {
    a.extend(b);
    a
}

/// True when `e` (casts stripped) reads an object out of memory rather than computing a value:
/// an element (`a[i]`), a member (`p->f`, `s.f`) or a dereference (`*p`).
/// A row of a multi-dimensional array (`m[i]`, `p[i]` of `gf *p`) is not read: it decays to
/// its address.
fn is_memory_read(e: &Expr) -> bool {
    let e = strip_casts(e);
    e.ty.class != TypeClass::Array && matches!(e.kind, ExprKind::Index { .. } | ExprKind::Member { .. } | ExprKind::Unary { op: UnaryOp::Deref, .. })
}

/// The proposition that says a pointer received a block of `family`.
fn family_alloc_prop(family: crate::models::HeapFamily) -> PropKind {
    match family {
        crate::models::HeapFamily::Malloc => PropKind::AllocMalloc,
        crate::models::HeapFamily::New => PropKind::AllocNew,
        crate::models::HeapFamily::NewArray => PropKind::AllocNewArray,
    }
}

/// The propositions that say a pointer was released by `family`'s release function:
/// `release_delete` for both forms of `delete`, and `release_delete_arr` too for `delete[]`.
fn family_release_props(family: crate::models::HeapFamily) -> &'static [PropKind] {
    match family {
        crate::models::HeapFamily::Malloc => &[PropKind::ReleaseFree],
        crate::models::HeapFamily::New => &[PropKind::ReleaseDelete],
        crate::models::HeapFamily::NewArray => &[PropKind::ReleaseDelete, PropKind::ReleaseDeleteArray],
    }
}

/// For each output argument a `scanf` format consumes, in order, whether it receives a value
/// converted from the input (`false` for `%n`, the count of characters consumed). `%*d`
/// consumes no argument; `%%` is a literal.
fn scan_outputs_converted(format: &str) -> Vec<bool> {
    let mut out = Vec::new();
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            continue;
        }
        if chars.peek() == Some(&'%') {
            chars.next();
            continue;
        }
        let suppressed = chars.peek() == Some(&'*');
        if suppressed {
            chars.next();
        }
        // Width, `m` (allocate) and length modifiers.
        while chars.peek().is_some_and(|c| c.is_ascii_digit() || "mhljztLq".contains(*c)) {
            chars.next();
        }
        let Some(conversion) = chars.next() else { break };
        if conversion == '[' {
            // A scanset: a `]` right after `[` or `[^` is part of it.
            if chars.peek() == Some(&'^') {
                chars.next();
            }
            if chars.peek() == Some(&']') {
                chars.next();
            }
            for c in chars.by_ref() {
                if c == ']' {
                    break;
                }
            }
        }
        if !suppressed {
            out.push(conversion != 'n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::scan_outputs_converted;

    #[test]
    fn scan_formats_say_which_outputs_are_converted() {
        assert_eq!(scan_outputs_converted("%u%n"), vec![true, false]);
        assert_eq!(scan_outputs_converted("%d %% %*s %lld"), vec![true, true]);
        assert_eq!(scan_outputs_converted("%3[]a-z]%n:%ms"), vec![true, false, true]);
        assert_eq!(scan_outputs_converted("%[^]x]%hhn"), vec![true, false]);
        assert_eq!(scan_outputs_converted("no conversions"), Vec::<bool>::new());
    }
}
