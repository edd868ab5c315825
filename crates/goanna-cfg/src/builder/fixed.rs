//! Fixed pointers: local pointer variables that hold one known address for the whole function.
//!
//! A local `T *pp = &x;` (or `void (*fp)(T) = f;`) that the function never writes again, nor
//! takes the address of, is another name for `x` (for `f`): `*pp` and `pp->m` are `x` and
//! `x.m`, and `fp(a)` is a call of `f`. The builder resolves them so, and the memory and value
//! checks follow the variable through its second name exactly as through the first (a pointer
//! to the variable handed between blocks, a table-free function pointer). When every mention
//! of `pp` is such a dereference, the address never leaves the function's view: the
//! initialiser takes no address of `x` (`x` stays a plain local for the value and alias
//! analyses).
//!
//! Anything else keeps the general model: a pointer written twice, assigned in a loop, whose
//! own address is taken, or mentioned inside constructs the tree does not model is not fixed.

use crate::consts::strip_casts;
use goanna_ast::{Callee, Expr, ExprKind, Stmt, StmtKind, TranslationUnit, TypeClass, UnaryOp, VarId, VarKind};
use rustc_hash::FxHashMap;

/// What a fixed pointer holds.
#[derive(Clone, Debug)]
pub(super) enum Fixed {
    /// The address of a variable (`&x`). `contained`: every mention of the pointer dereferences
    /// it (`*pp`, `pp->f`), so the address is seen nowhere else.
    Object { var: VarId, contained: bool },
    /// A function of the program (`fp = f`, `fp = &f`).
    Function { name: String, usr: String },
    /// The value of a parameter the function never writes (`T **pp = (T **)arg;` of a `void
    /// *arg`), when every mention of the pointer dereferences it: `*pp` is `*arg`, `pp->f` is
    /// `arg->f`.
    Param { var: VarId },
    /// The address of an element (`jp = &ctx->jobs[i]`, `&a[k].slot`) whose variables (`ctx`,
    /// `i`) the function never writes: the element has no path of its own (propositions name
    /// no elements), but where the function names a lock inside it directly
    /// (`unlock(&ctx->jobs[i].mutex)`), that lock is `jp->mutex`, the one it locked through the
    /// pointer.
    Element { element: Box<Expr> },
}

/// The fixed pointers of a function body, by variable.
pub(super) fn fixed_pointers(tu: &TranslationUnit, body: &Stmt, modelled: &dyn Fn(&str) -> bool) -> FxHashMap<VarId, Fixed> {
    let mut scan = Scan { tu, candidates: FxHashMap::default(), written: Default::default(), escaping: Default::default(), initialised: Default::default() };
    scan.walk(body);
    let Scan { mut candidates, written, escaping, .. } = scan;
    candidates.retain(|v, fixed| {
        if written.contains(v) {
            return false;
        }
        match fixed {
            Fixed::Object { contained, .. } => *contained = !escaping.contains(v),
            Fixed::Function { name, .. } => return !modelled(name),
            Fixed::Param { var } => return !escaping.contains(v) && !written.contains(var),
            Fixed::Element { element } => {
                let mut vars = Vec::new();
                lvalue_variables(element, &mut vars);
                return vars.iter().all(|x| !written.contains(x));
            }
        }
        true
    });
    candidates
}

/// One walk over the body: candidates (declarations with an address initialiser), variables
/// written after their declaration, and pointers mentioned other than by a dereference.
struct Scan<'a> {
    tu: &'a TranslationUnit,
    candidates: FxHashMap<VarId, Fixed>,
    written: rustc_hash::FxHashSet<VarId>,
    escaping: rustc_hash::FxHashSet<VarId>,
    /// Variables other than pointers declared with an initialiser (once).
    initialised: rustc_hash::FxHashSet<VarId>,
}

/// An item of the walk's explicit stack (no recursion: any nesting depth is walked).
enum Item<'a> {
    Stmt(&'a Stmt),
    Expr(&'a Expr),
}

impl<'a> Scan<'a> {
    /// The variable `e` names, casts stripped.
    fn var_of(e: &Expr) -> Option<VarId> {
        match strip_casts(e).kind {
            ExprKind::Var(v) => Some(v),
            _ => None,
        }
    }

    /// What the initialiser `init` of a pointer gives it, when it is a fixed address: `&x`
    /// written as such (a cast, `(char *)&x`, would name part of `x`), or a function.
    fn target(&self, init: &Expr) -> Option<Fixed> {
        let function = |e: &Expr| match &strip_casts(e).kind {
            ExprKind::FunctionRef { name, usr } => Some(Fixed::Function { name: name.clone(), usr: usr.clone() }),
            _ => None,
        };
        if let ExprKind::Var(x) = strip_casts(init).kind {
            let info = self.tu.vars.get(x.0 as usize)?;
            return (info.kind == VarKind::Param && info.ty.class == TypeClass::Pointer).then_some(Fixed::Param { var: x });
        }
        if let ExprKind::Unary { op: UnaryOp::AddrOf, operand } = &init.kind {
            if is_element(operand) {
                return Some(Fixed::Element { element: operand.clone() });
            }
            if let ExprKind::Var(x) = operand.kind {
                let info = self.tu.vars.get(x.0 as usize)?;
                let plain = !info.ty.is_volatile
                    && matches!(info.ty.class, TypeClass::Pointer | TypeClass::Integer | TypeClass::Floating | TypeClass::Record);
                return (plain && info.kind != VarKind::StaticLocal).then_some(Fixed::Object { var: x, contained: true });
            }
            return function(operand);
        }
        function(init)
    }

    fn walk(&mut self, body: &'a Stmt) {
        let mut stack = vec![Item::Stmt(body)];
        while let Some(item) = stack.pop() {
            match item {
                Item::Stmt(s) => self.stmt(s, &mut stack),
                Item::Expr(e) => self.expr(e, &mut stack),
            }
        }
    }

    fn stmt(&mut self, s: &'a Stmt, stack: &mut Vec<Item<'a>>) {
        let mut push_expr = |e: &'a Expr| stack.push(Item::Expr(e));
        match &s.kind {
            StmtKind::Compound(v) => stack.extend(v.iter().rev().map(Item::Stmt)),
            StmtKind::Decl(decls) => {
                for d in decls {
                    let Some(init) = &d.init else { continue };
                    let pointer = self.tu.vars.get(d.var.0 as usize).is_some_and(|v| {
                        v.kind == VarKind::Local && v.ty.class == TypeClass::Pointer && !v.ty.is_volatile
                    });
                    match self.target(init).filter(|_| pointer) {
                        // Declared twice (a second declaration of one variable id) is a write.
                        Some(t) if !self.candidates.contains_key(&d.var) => {
                            self.candidates.insert(d.var, t);
                        }
                        // A variable's own initialiser is no write of it (an element's index
                        // declared `const` in the loop body), a second one is.
                        _ if !pointer && self.initialised.insert(d.var) => {}
                        _ => {
                            self.written.insert(d.var);
                        }
                    }
                    stack.push(Item::Expr(init));
                }
            }
            StmtKind::Expr(e) | StmtKind::IndirectGoto(e) => push_expr(e),
            StmtKind::If { cond, then, els } => {
                push_expr(cond);
                stack.push(Item::Stmt(then));
                if let Some(e) = els {
                    stack.push(Item::Stmt(e));
                }
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } | StmtKind::Switch { cond, body, .. } => {
                push_expr(cond);
                stack.push(Item::Stmt(body));
            }
            StmtKind::For { init, cond, inc, body } => {
                if let Some(i) = init {
                    stack.push(Item::Stmt(i));
                }
                for e in cond.iter().chain(inc.iter()) {
                    stack.push(Item::Expr(e));
                }
                stack.push(Item::Stmt(body));
            }
            StmtKind::Case { body, .. } | StmtKind::Default(body) | StmtKind::Label { body, .. } => stack.push(Item::Stmt(body)),
            StmtKind::Return(Some(e)) => push_expr(e),
            // Operands the tree does not model may be written.
            StmtKind::Asm { outputs, inputs } => {
                for e in outputs.iter().chain(inputs) {
                    self.mentioned_opaquely(e);
                }
            }
            StmtKind::Unknown(v) => {
                for e in v {
                    self.mentioned_opaquely(e);
                }
            }
            StmtKind::Return(None) | StmtKind::Break | StmtKind::Continue | StmtKind::Goto(_) | StmtKind::Null => {}
        }
    }

    fn expr(&mut self, e: &'a Expr, stack: &mut Vec<Item<'a>>) {
        match &e.kind {
            ExprKind::Var(v) => {
                // Mentioned other than by a dereference: the address is seen elsewhere.
                self.escaping.insert(*v);
            }
            // `*pp`, `pp->f`: the pointer written as such (a cast would read part of the object).
            ExprKind::Unary { op: UnaryOp::Deref, operand } | ExprKind::Member { base: operand, arrow: true, .. }
                if matches!(operand.kind, ExprKind::Var(_)) => {}
            ExprKind::Unary { op: UnaryOp::AddrOf | UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec | UnaryOp::Other, operand } => {
                if let Some(v) = Self::var_of(operand) {
                    self.written.insert(v);
                }
                stack.push(Item::Expr(operand));
            }
            ExprKind::Assign { lhs, rhs, .. } => {
                if let Some(v) = Self::var_of(lhs) {
                    self.written.insert(v);
                }
                stack.push(Item::Expr(lhs));
                stack.push(Item::Expr(rhs));
            }
            ExprKind::Call { callee, args } => {
                if let Callee::Indirect(f) = callee {
                    stack.push(Item::Expr(f));
                }
                stack.extend(args.iter().map(Item::Expr));
            }
            ExprKind::Unknown(v) => {
                for x in v {
                    self.mentioned_opaquely(x);
                }
            }
            ExprKind::Unary { operand, .. } | ExprKind::Cast(operand) | ExprKind::CompoundLiteral(operand) | ExprKind::VaArg(operand) => {
                stack.push(Item::Expr(operand))
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                stack.push(Item::Expr(lhs));
                stack.push(Item::Expr(rhs));
            }
            ExprKind::Conditional { cond, then, els } => {
                stack.push(Item::Expr(cond));
                if let Some(t) = then {
                    stack.push(Item::Expr(t));
                }
                stack.push(Item::Expr(els));
            }
            ExprKind::Member { base, .. } => stack.push(Item::Expr(base)),
            ExprKind::Index { base, index } => {
                stack.push(Item::Expr(base));
                stack.push(Item::Expr(index));
            }
            ExprKind::InitList(v) => stack.extend(v.iter().map(Item::Expr)),
            ExprKind::StmtExpr(s) => stack.push(Item::Stmt(s)),
            // `sizeof pp` names the variable without reading it.
            ExprKind::Unevaluated { .. } | ExprKind::FunctionRef { .. } | ExprKind::EnumConst { .. } | ExprKind::IntLit(_) | ExprKind::FloatLit(_) | ExprKind::StringLit(_) => {}
        }
    }

    /// Every variable mentioned anywhere inside `e`, an operand the tree does not model: may be
    /// written.
    fn mentioned_opaquely(&mut self, e: &'a Expr) {
        let mut inner = Scan { tu: self.tu, candidates: FxHashMap::default(), written: Default::default(), escaping: Default::default(), initialised: Default::default() };
        let mut stack = vec![Item::Expr(e)];
        while let Some(item) = stack.pop() {
            match item {
                Item::Stmt(s) => inner.stmt(s, &mut stack),
                Item::Expr(x) => {
                    if let ExprKind::Var(v) = x.kind {
                        self.written.insert(v);
                    }
                    inner.expr(x, &mut stack);
                }
            }
        }
        self.written.extend(inner.written);
        self.written.extend(inner.escaping);
        self.written.extend(inner.candidates.into_keys());
    }
}

impl super::Builder<'_, '_> {
    /// The variable whose second name `pointer` is: `x` for a fixed `pp = &x` written as
    /// `pp` itself (the operand of `*pp` or `pp->f`).
    pub(super) fn fixed_object(&self, pointer: &Expr) -> Option<VarId> {
        let ExprKind::Var(pp) = pointer.kind else { return None };
        match self.fixed.get(&pp)? {
            Fixed::Object { var, .. } => Some(*var),
            Fixed::Function { .. } | Fixed::Param { .. } | Fixed::Element { .. } => None,
        }
    }

    /// True when `var` is a fixed pointer to a variable that only ever dereferences it: its
    /// initialiser hands the address nowhere.
    pub(super) fn is_contained_fixed(&self, var: VarId) -> bool {
        matches!(self.fixed.get(&var), Some(Fixed::Object { contained: true, .. } | Fixed::Param { .. }))
    }

    /// The function a call through `callee` (`fp`, `(*fp)`, casts stripped) reaches when `fp`
    /// is a fixed function pointer: (name, USR).
    pub(super) fn fixed_function(&self, callee: &Expr) -> Option<(&str, &str)> {
        let mut core = strip_casts(callee);
        if let ExprKind::Unary { op: UnaryOp::Deref, operand } = &core.kind {
            core = strip_casts(operand);
        }
        let ExprKind::Var(fp) = core.kind else { return None };
        match self.fixed.get(&fp)? {
            Fixed::Function { name, usr } => Some((name.as_str(), usr.as_str())),
            Fixed::Object { .. } | Fixed::Param { .. } | Fixed::Element { .. } => None,
        }
    }
}

impl super::Builder<'_, '_> {
    /// `x` for the fixed pointer `pointer` (`pp = &x`), after recording that `pp` is read
    /// (`use_pp`): `*pp` reads the pointer, which stays a variable of the function.
    pub(super) fn fixed_name(&mut self, pointer: &Expr) -> Option<VarId> {
        let x = self.fixed_object(pointer)?;
        if let ExprKind::Var(pp) = pointer.kind {
            if let Some(p) = self.root_path(pp) {
                self.prop(crate::props::PropKind::Use, crate::props::Subject::Path(p), pointer.span);
            }
        }
        Some(x)
    }
}

impl super::Builder<'_, '_> {
    /// The parameter whose value the fixed pointer `pointer` holds (written as `pp` itself, the
    /// operand of `*pp` or `pp->f`), after recording that `pp` is read.
    pub(super) fn fixed_param(&mut self, pointer: &Expr) -> Option<VarId> {
        let ExprKind::Var(pp) = pointer.kind else { return None };
        let Some(Fixed::Param { var }) = self.fixed.get(&pp) else { return None };
        let var = *var;
        if let Some(p) = self.root_path(pp) {
            self.prop(crate::props::PropKind::Use, crate::props::Subject::Path(p), pointer.span);
        }
        Some(var)
    }

    /// True when `pointer` (as written) is a fixed pointer holding a parameter's value.
    pub(super) fn is_fixed_param(&self, pointer: &Expr) -> bool {
        matches!(pointer.kind, ExprKind::Var(pp) if matches!(self.fixed.get(&pp), Some(Fixed::Param { .. })))
    }
}

/// True when `e` is an lvalue made of variables, members and elements that goes through an
/// element (`ctx->jobs[i]`, `a[k].slot`): an object propositions have no path for.
fn is_element(e: &Expr) -> bool {
    let mut cur = strip_casts(e);
    let mut indexed = false;
    loop {
        match &cur.kind {
            ExprKind::Var(_) => return indexed,
            ExprKind::Member { base, .. } => cur = strip_casts(base),
            ExprKind::Index { base, index } => {
                if !matches!(strip_casts(index).kind, ExprKind::Var(_) | ExprKind::IntLit(_) | ExprKind::EnumConst { .. }) {
                    return false;
                }
                indexed = true;
                cur = strip_casts(base);
            }
            _ => return false,
        }
    }
}

/// The variables an lvalue of [`is_element`]'s shape reads (its root and its indices).
fn lvalue_variables(e: &Expr, out: &mut Vec<VarId>) {
    let mut cur = strip_casts(e);
    loop {
        match &cur.kind {
            ExprKind::Var(v) => {
                out.push(*v);
                return;
            }
            ExprKind::Member { base, .. } => cur = strip_casts(base),
            ExprKind::Index { base, index } => {
                if let ExprKind::Var(v) = strip_casts(index).kind {
                    out.push(v);
                }
                cur = strip_casts(base);
            }
            _ => return,
        }
    }
}

/// Two lvalues of [`is_element`]'s shape that name the same object: the same variables,
/// members and indices (a variable or a constant), casts aside.
fn same_lvalue(a: &Expr, b: &Expr) -> bool {
    let (a, b) = (strip_casts(a), strip_casts(b));
    match (&a.kind, &b.kind) {
        (ExprKind::Var(x), ExprKind::Var(y)) => x == y,
        (ExprKind::Member { base: b1, field: f1, arrow: a1 }, ExprKind::Member { base: b2, field: f2, arrow: a2 }) => f1 == f2 && a1 == a2 && same_lvalue(b1, b2),
        (ExprKind::Index { base: b1, index: i1 }, ExprKind::Index { base: b2, index: i2 }) => {
            let same_index = match (&strip_casts(i1).kind, &strip_casts(i2).kind) {
                (ExprKind::Var(x), ExprKind::Var(y)) => x == y,
                (ExprKind::IntLit(x), ExprKind::IntLit(y)) => x == y,
                (ExprKind::EnumConst { value: x, .. }, ExprKind::EnumConst { value: y, .. }) => x == y,
                _ => false,
            };
            same_index && same_lvalue(b1, b2)
        }
        _ => false,
    }
}

impl super::Builder<'_, '_> {
    /// The path of the lock `e` names (the operand of `&` in `unlock(&ctx->jobs[i].mutex)`) as
    /// the member of a fixed pointer to its element (`jp->mutex` for `jp = &ctx->jobs[i]`),
    /// when there is one: the element itself has no path.
    pub(super) fn element_member_path(&mut self, e: &Expr) -> Option<crate::props::PathId> {
        let ExprKind::Member { base, field, arrow: false } = &strip_casts(e).kind else { return None };
        let pointer = self.fixed.iter().find_map(|(&pp, fixed)| match fixed {
            Fixed::Element { element } if same_lvalue(element, base) => Some(pp),
            _ => None,
        })?;
        let info = self.tu.vars.get(pointer.0 as usize)?;
        let var = Expr { kind: ExprKind::Var(pointer), span: base.span, ty: info.ty.clone() };
        let member = Expr { kind: ExprKind::Member { base: Box::new(var), field: field.clone(), arrow: true }, span: e.span, ty: e.ty.clone() };
        self.path_of(&member)
    }
}
