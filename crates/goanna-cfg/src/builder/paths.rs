//! Access paths: recognising `p`, `*p`, `p->f`, `s.f` in expressions and interning them.

use super::Builder;
use crate::props::{AccessPath, ElementIndex, PathId, PathStep, VarRef};
use goanna_ast::{Expr, ExprKind, Span, TypeClass, UnaryOp, VarId};
use rustc_hash::FxHashMap;

/// Longest access path kept; longer ones are not paths (their parts are still evaluated).
const MAX_STEPS: usize = 8;

/// Interned access paths of one function.
#[derive(Default)]
pub(super) struct PathTable {
    paths: Vec<AccessPath>,
    roots: FxHashMap<VarId, PathId>,
    steps: FxHashMap<(PathId, PathStep), PathId>,
    results: FxHashMap<String, PathId>,
    /// The path each path extends by one step (`None` for variables).
    parents: Vec<Option<PathId>>,
    /// Members of a union by (union's path, member type): members of one type share their
    /// storage (every member starts at the union's start), so they are one path, named after
    /// the first member met.
    union_members: FxHashMap<(PathId, String), PathId>,
}

impl PathTable {
    pub(super) fn into_paths(self) -> Vec<AccessPath> {
        self.paths
    }

    /// The file-scope variables among the roots that have a constant integer initialiser and
    /// are not `volatile`, with their initial values, in path order.
    pub(super) fn global_inits(&self, tu: &goanna_ast::TranslationUnit) -> Vec<(PathId, i64)> {
        let mut out: Vec<(PathId, i64)> = self
            .roots
            .iter()
            .filter_map(|(var, &id)| {
                let info = tu.vars.get(var.0 as usize)?;
                let file_scope = matches!(info.kind, goanna_ast::VarKind::Global | goanna_ast::VarKind::StaticGlobal);
                (file_scope && info.has_init && !info.ty.is_volatile && info.ty.class == TypeClass::Integer)
                    .then_some(())
                    .and(info.const_init)
                    .map(|v| (id, v))
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// The file-scope variables named by the function whose initialiser may hold a function:
    /// pointers initialised with one (its USR), and pointers initialised with anything but a
    /// function or NULL, structures and arrays with an initialiser (`None`: not known).
    pub(super) fn function_inits(&self, tu: &goanna_ast::TranslationUnit) -> Vec<(PathId, Option<String>)> {
        let mut out: Vec<(PathId, Option<String>)> = self
            .roots
            .iter()
            .filter_map(|(var, &id)| {
                let info = tu.vars.get(var.0 as usize)?;
                if !matches!(info.kind, goanna_ast::VarKind::Global | goanna_ast::VarKind::StaticGlobal) || !info.has_init {
                    return None;
                }
                match (&info.function_init, info.ty.class) {
                    (Some(usr), _) => Some((id, Some(usr.clone()))),
                    (None, TypeClass::Pointer) => (info.const_init != Some(0)).then_some((id, None)),
                    (None, TypeClass::Record | TypeClass::Array) => Some((id, None)),
                    (None, _) => None,
                }
            })
            .collect();
        out.sort_unstable();
        out
    }

    /// The path with id `id`.
    pub(super) fn get(&self, id: PathId) -> Option<&AccessPath> {
        self.paths.get(id.0 as usize)
    }

    pub(super) fn class(&self, id: PathId) -> TypeClass {
        self.paths.get(id.0 as usize).map_or(TypeClass::Other, |p| p.class)
    }

    /// Storage class of the variable path `id` starts from.
    pub(super) fn root_kind(&self, id: PathId) -> Option<goanna_ast::VarKind> {
        self.paths.get(id.0 as usize).map(|p| p.root.kind)
    }

    fn push(&mut self, path: AccessPath, parent: Option<PathId>) -> PathId {
        let id = PathId(self.paths.len() as u32);
        self.paths.push(path);
        self.parents.push(parent);
        id
    }

    /// The local pointer variable whose block path `id` is stored in: `p` for `p->f`, `*p`,
    /// `p->f.g` (one dereference, of a local variable or parameter).
    pub(super) fn container(&self, id: PathId) -> Option<PathId> {
        let path = self.paths.get(id.0 as usize)?;
        let derefs = path.steps.iter().filter(|s| matches!(s, PathStep::Deref | PathStep::Arrow(_))).count();
        if derefs != 1 || !matches!(path.steps.first(), Some(PathStep::Deref | PathStep::Arrow(_))) {
            return None;
        }
        if !matches!(path.root.kind, goanna_ast::VarKind::Local | goanna_ast::VarKind::Param) {
            return None;
        }
        let mut at = id;
        while let Some(Some(parent)) = self.parents.get(at.0 as usize) {
            at = *parent;
        }
        (self.class(at) == TypeClass::Pointer).then_some(at)
    }
}

/// One prefix of an access path, as found in an expression.
pub(super) struct Link {
    /// The prefix's path.
    pub id: PathId,
    /// The expression that denotes it.
    pub span: Span,
    /// The step from the previous prefix dereferences it (`*` or `->`).
    pub derefs_parent: bool,
}

impl Builder<'_, '_> {
    /// The root path of variable `var` (`None` for an id outside the unit's table).
    pub(super) fn root_path(&mut self, var: VarId) -> Option<PathId> {
        if let Some(&id) = self.paths.roots.get(&var) {
            return Some(id);
        }
        let info = self.tu.vars.get(var.0 as usize)?;
        let root = VarRef {
            name: info.name.clone(),
            usr: info.usr.clone(),
            kind: info.kind,
            class: info.ty.class,
            type_spelling: info.ty.spelling.clone(),
            decl_span: info.span,
            int_bits: info.ty.int_bits,
            int_signed: info.ty.int_signed,
            is_volatile: info.ty.is_volatile,
            is_const: info.ty.is_const,
            address_stored: self.tu.addressed_in_initialisers.binary_search(&info.usr).is_ok(),
            pointee_record: info.ty.pointee_record.clone(),
        };
        let id = self.paths.push(
            AccessPath {
                root,
                steps: Vec::new(),
                class: info.ty.class,
                in_union: false,
                result_of: None,
                depends_on: Vec::new(),
                field_int: None,
                pointee_record: info.ty.pointee_record.clone(),
            },
            None,
        );
        self.paths.roots.insert(var, id);
        Some(id)
    }

    /// The index of an element step: a constant, or an integer local variable or parameter
    /// (its value at the read; writing it makes the path name another element).
    fn element_index(&mut self, index: &Expr) -> Option<ElementIndex> {
        let index = crate::consts::strip_casts(index);
        if let Some(c) = crate::consts::const_value(self.tu, index) {
            return Some(ElementIndex::Const(c));
        }
        let ExprKind::Var(v) = index.kind else { return None };
        let path = self.root_path(v)?;
        let p = self.paths.get(path)?;
        let local = matches!(p.root.kind, goanna_ast::VarKind::Local | goanna_ast::VarKind::Param);
        (local && p.class == TypeClass::Integer && !p.root.is_volatile).then(|| ElementIndex::Var { path, name: p.root.name.clone() })
    }

    fn extend_path(&mut self, parent: PathId, step: PathStep, ty: &goanna_ast::CType, union_member: bool) -> PathId {
        let class = ty.class;
        let key = (parent, step);
        if let Some(&id) = self.paths.steps.get(&key) {
            return id;
        }
        // `u.second` of the type of `u.first`, met before, is `u.first`.
        let member_of_type = (union_member && matches!(key.1, PathStep::Field(_)) && !ty.spelling.is_empty())
            .then(|| (parent, ty.spelling.clone()));
        if let Some(&id) = member_of_type.as_ref().and_then(|k| self.paths.union_members.get(k)) {
            self.paths.steps.insert(key, id);
            return id;
        }
        let mut path = self.paths.paths[parent.0 as usize].clone();
        path.steps.push(key.1.clone());
        path.class = class;
        path.pointee_record = ty.pointee_record.clone();
        path.in_union |= union_member;
        if let PathStep::Index(ElementIndex::Var { path: index, .. }) = &key.1 {
            if !path.depends_on.contains(index) {
                path.depends_on.push(*index);
            }
        }
        path.field_int = match path.steps.last() {
            Some(PathStep::Field(_) | PathStep::Arrow(_)) if !ty.is_volatile => crate::values::IntType::of(ty),
            _ => None,
        };
        let id = self.paths.push(path, Some(parent));
        self.paths.steps.insert(key, id);
        if let Some(k) = member_of_type {
            self.paths.union_members.insert(k, id);
        }
        id
    }

    /// The path `*p` (made when the function does not write it), of class `class`.
    pub(super) fn pointee_path(&mut self, p: PathId, class: TypeClass) -> PathId {
        let ty = goanna_ast::CType { class, ..Default::default() };
        self.extend_path(p, PathStep::Deref, &ty, false)
    }

    /// The prefixes of the access path `e` denotes (root first), or `None` when `e` is not a
    /// simple access path. Explicit casts inside the path are looked through
    /// (`((struct s *)p)->f` is `p->f`).
    pub(super) fn path_chain(&mut self, e: &Expr) -> Option<Vec<Link>> {
        self.chain_of(e, false)
    }

    /// The path of the value `e` reads when it is an access path that may go through elements
    /// (`p[i].len`, `s->a[2]`, indexed by a constant or an integer variable of the function),
    /// for the value IR (propositions name only the pointer elements of
    /// `Builder::local_pointer_element` and `Builder::pointer_element`).
    pub(super) fn element_path(&mut self, e: &Expr) -> Option<PathId> {
        self.chain_of(e, true).and_then(|c| c.last().map(|l| l.id))
    }

    /// [`Builder::path_chain`], with `elements`: `[i]` steps allowed too.
    fn chain_of(&mut self, e: &Expr, elements: bool) -> Option<Vec<Link>> {
        let mut steps: Vec<(PathStep, goanna_ast::CType, Span, bool)> = Vec::new();
        let mut cur = e;
        let (var, root_span) = loop {
            match &cur.kind {
                ExprKind::Var(v) => break (*v, cur.span),
                ExprKind::Index { base, index } if elements => {
                    let index = self.element_index(index)?;
                    let base = crate::consts::strip_casts(base);
                    match base.ty.class {
                        // `a[i]`: the element, part of the array.
                        TypeClass::Array => steps.push((PathStep::Index(index), cur.ty.clone(), cur.span, false)),
                        // `p[i]`: `*(p + i)`.
                        TypeClass::Pointer => {
                            steps.push((PathStep::Deref, cur.ty.clone(), cur.span, false));
                            steps.push((PathStep::Index(index), base.ty.clone(), cur.span, false));
                        }
                        _ => return None,
                    }
                    cur = base;
                }
                ExprKind::Member { base, field, arrow } => match (&base.kind, *arrow) {
                    // `(&x)->f` is `x.f` (a macro taking a pointer given an address).
                    (ExprKind::Unary { op: UnaryOp::AddrOf, operand }, true) => {
                        steps.push((PathStep::Field(field.clone()), cur.ty.clone(), cur.span, operand.ty.is_union));
                        cur = operand;
                    }
                    // `pp->f` of a fixed `pp = &x` is `x.f`.
                    (_, true) if self.fixed_object(base).is_some() => {
                        let x = self.fixed_name(base)?;
                        let union = self.tu.vars.get(x.0 as usize).is_some_and(|v| v.ty.is_union);
                        steps.push((PathStep::Field(field.clone()), cur.ty.clone(), cur.span, union));
                        break (x, base.span);
                    }
                    // `pp->f` of a fixed `pp = (T *)param` is `param->f`.
                    (_, true) if self.is_fixed_param(base) => {
                        let x = self.fixed_param(base)?;
                        steps.push((PathStep::Arrow(field.clone()), cur.ty.clone(), cur.span, false));
                        break (x, base.span);
                    }
                    _ => {
                        let step = if *arrow { PathStep::Arrow(field.clone()) } else { PathStep::Field(field.clone()) };
                        steps.push((step, cur.ty.clone(), cur.span, !*arrow && base.ty.is_union));
                        cur = base;
                    }
                },
                ExprKind::Unary { op: UnaryOp::Deref, operand } => match &operand.kind {
                    // `*&x` is `x`.
                    ExprKind::Unary { op: UnaryOp::AddrOf, operand: inner } => cur = inner,
                    // `*(const T **)&x` is `x` too, when it reads or writes the whole of `x` as
                    // a value of its kind (a store that drops a qualifier).
                    ExprKind::Cast(_) if same_object_through_cast(cur, operand) => {
                        let ExprKind::Unary { operand: inner, .. } = &crate::consts::strip_casts(operand).kind else { return None };
                        cur = inner;
                    }
                    // `*pp` of a fixed `pp = &x` is `x`.
                    ExprKind::Var(_) if self.fixed_object(operand).is_some() => break (self.fixed_name(operand)?, cur.span),
                    // `*pp` of a fixed `pp = (T *)param` is `*param`.
                    ExprKind::Var(_) if self.is_fixed_param(operand) => {
                        let x = self.fixed_param(operand)?;
                        steps.push((PathStep::Deref, cur.ty.clone(), cur.span, false));
                        break (x, operand.span);
                    }
                    _ => {
                        steps.push((PathStep::Deref, cur.ty.clone(), cur.span, false));
                        cur = operand;
                    }
                },
                ExprKind::Cast(inner) => cur = inner,
                _ => return None,
            }
            if steps.len() > MAX_STEPS {
                return None;
            }
        };
        let root = self.root_path(var)?;
        let mut chain = Vec::with_capacity(steps.len() + 1);
        chain.push(Link { id: root, span: root_span, derefs_parent: false });
        let mut last = root;
        for (step, ty, span, union_member) in steps.into_iter().rev() {
            let derefs_parent = matches!(step, PathStep::Deref | PathStep::Arrow(_));
            if elements && self.paths.class(last) == TypeClass::Record && matches!(step, PathStep::Index(_)) {
                // An element of a structure is no array's (a cast the path looked through).
                return None;
            }
            last = self.extend_path(last, step, &ty, union_member);
            chain.push(Link { id: last, span, derefs_parent });
        }
        Some(chain)
    }

    /// The made-up path of the value of `e` when it is a call of an integer function defined
    /// in the unit (and not in the model table) whose arguments are constants and local
    /// variables: the same callee with the same arguments gives the same path.
    pub(super) fn call_result(&mut self, e: &Expr) -> Option<PathId> {
        let core = crate::consts::strip_casts(e);
        let ExprKind::Call { callee: goanna_ast::Callee::Direct { name, usr }, args } = &core.kind else { return None };
        if core.ty.class != TypeClass::Integer || !self.ctx.defined.contains(usr.as_str()) || self.ctx.model(name).is_some() {
            return None;
        }
        let mut depends_on = Vec::new();
        let (mut text, mut key) = (Vec::new(), Vec::new());
        for a in args {
            let a = crate::consts::strip_casts(a);
            if let Some(c) = crate::consts::const_value(self.tu, a) {
                text.push(c.to_string());
                key.push(format!("={c}"));
                continue;
            }
            let p = self.path_of(a).filter(|&p| self.is_local_variable(p))?;
            text.push(self.paths.paths[p.0 as usize].root.name.clone());
            key.push(format!("#{}", p.0));
            depends_on.push(p);
        }
        let key = format!("goanna:result:{usr}({})", key.join(","));
        if let Some(&id) = self.paths.results.get(&key) {
            return Some(id);
        }
        let root = VarRef {
            name: format!("{name}({})", text.join(", ")),
            usr: key.clone(),
            kind: goanna_ast::VarKind::Local,
            class: TypeClass::Integer,
            type_spelling: core.ty.spelling.clone(),
            decl_span: core.span,
            int_bits: core.ty.int_bits,
            int_signed: core.ty.int_signed,
            is_volatile: false,
            is_const: false,
            address_stored: false,
            pointee_record: String::new(),
        };
        let id = self.paths.push(AccessPath {
            root,
            steps: Vec::new(),
            class: TypeClass::Integer,
            in_union: false,
            result_of: Some(usr.clone()),
            depends_on,
            field_int: None,
            pointee_record: String::new(),
        }, None);
        self.paths.results.insert(key, id);
        Some(id)
    }

    /// A made-up local pointer for the value of `return f(...);` (a call returning a pointer,
    /// casts stripped), named after the call: the statement is built as `T *v = f(...); return
    /// v;`, so that what the call returns — a new block, a stream, a NULL — is what the
    /// function returns, as for a local that holds it.
    pub(super) fn returned_call_path(&mut self, e: &Expr) -> Option<PathId> {
        let core = crate::consts::strip_casts(e);
        let ExprKind::Call { callee: goanna_ast::Callee::Direct { name, .. }, .. } = &core.kind else { return None };
        // `return memcpy(p, ..);` returns `p` itself, not a new value.
        if !core.ty.is_pointer() || self.ctx.model(name).is_some_and(|m| m.returns_arg.is_some()) {
            return None;
        }
        let root = VarRef {
            name: format!("{name}(...)"),
            usr: format!("goanna:returned:{}:{}", core.span.start, core.span.end),
            kind: goanna_ast::VarKind::Local,
            class: TypeClass::Pointer,
            type_spelling: core.ty.spelling.clone(),
            decl_span: core.span,
            int_bits: 0,
            int_signed: false,
            is_volatile: false,
            is_const: false,
            address_stored: false,
            pointee_record: core.ty.pointee_record.clone(),
        };
        Some(self.paths.push(
            AccessPath {
                root,
                steps: Vec::new(),
                class: TypeClass::Pointer,
                in_union: false,
                result_of: None,
                depends_on: Vec::new(),
                field_int: None,
                pointee_record: core.ty.pointee_record.clone(),
            },
            None,
        ))
    }

    /// A made-up local integer for the value of the conditional expression `e` (`v != NULL ?
    /// cnt(v) : 0` inside `i < ...`): each arm stores its value there, and the expression reads
    /// it, so a condition that compares it knows which arm gave it.
    pub(super) fn choice_path(&mut self, e: &Expr) -> Option<PathId> {
        let ty = crate::values::IntType::of(&e.ty)?;
        let key = super::cond::span_key(e.span);
        if let Some(&id) = self.choices.get(&key) {
            return Some(id);
        }
        let root = VarRef {
            name: "(?:)".to_string(),
            usr: format!("goanna:choice:{}:{}:{}", key.0, key.1, key.2),
            kind: goanna_ast::VarKind::Local,
            class: TypeClass::Integer,
            type_spelling: e.ty.spelling.clone(),
            decl_span: e.span,
            int_bits: ty.bits,
            int_signed: ty.signed,
            is_volatile: false,
            is_const: false,
            address_stored: false,
            pointee_record: String::new(),
        };
        let id = self.paths.push(
            AccessPath { root, steps: Vec::new(), class: TypeClass::Integer, in_union: false, result_of: None, depends_on: Vec::new(), field_int: None, pointee_record: String::new() },
            None,
        );
        self.choices.insert(key, id);
        Some(id)
    }

    /// For an access path that reaches its object without dereferencing a pointer (`x`, `s.f`,
    /// `s.a`): the root variable's path and the whole path.
    pub(super) fn direct_object(&mut self, e: &Expr) -> Option<(PathId, PathId)> {
        let chain = self.path_chain(e)?;
        if chain.iter().any(|l| l.derefs_parent) {
            return None;
        }
        Some((chain.first()?.id, chain.last()?.id))
    }

    /// When `e` (casts stripped) is the address of an object that is not on the heap, known
    /// without looking further than the expression: `&x`, `&s.f`, `&a[i]`, or an array `a`
    /// used as a pointer, where `x`, `s`, `a` are variables (of any storage class) reached
    /// without dereferencing a pointer. The path of that variable.
    pub(super) fn non_heap_address(&mut self, e: &Expr) -> Option<PathId> {
        let core = crate::consts::strip_casts(e);
        if let ExprKind::Unary { op: UnaryOp::AddrOf, operand } = &core.kind {
            let object = match &operand.kind {
                ExprKind::Index { base, .. } => crate::consts::strip_casts(base),
                _ => operand,
            };
            let (root, full) = self.direct_object(object)?;
            let indexed = !std::ptr::eq(object, &**operand);
            return (!indexed || self.paths.class(full) == TypeClass::Array).then_some(root);
        }
        let (root, full) = self.direct_object(core)?;
        (self.paths.class(full) == TypeClass::Array).then_some(root)
    }

    /// True when `e` reads an element of a file-scope table of constant pointers that all
    /// hold addresses (`tf = tty_features[i]`, [`goanna_ast::VarInfo::elements_are_addresses`]):
    /// the value is an address, never NULL.
    pub(super) fn element_of_address_table(&self, e: &Expr) -> bool {
        let ExprKind::Index { base, .. } = &crate::consts::strip_casts(e).kind else { return false };
        match &crate::consts::strip_casts(base).kind {
            ExprKind::Var(v) => self.tu.vars.get(v.0 as usize).is_some_and(|info| info.elements_are_addresses),
            _ => false,
        }
    }

    /// The access path `e` denotes, if it is one.
    pub(super) fn path_of(&mut self, e: &Expr) -> Option<PathId> {
        self.path_chain(e).and_then(|c| c.last().map(|l| l.id))
    }

    /// The path of `e` (casts stripped) when it is a pointer-typed access path.
    pub(super) fn pointer_path(&mut self, e: &Expr) -> Option<PathId> {
        let p = self.path_of(crate::consts::strip_casts(e))?;
        (self.paths.class(p) == TypeClass::Pointer).then_some(p)
    }

    /// The pointer an address computation is based on: `p`, `p + i`, `i + p`, `p - i`, offsets
    /// of offsets (casts stripped).
    pub(super) fn pointer_root(&mut self, e: &Expr) -> Option<PathId> {
        let e = crate::consts::strip_casts(e);
        if let ExprKind::Binary { op: goanna_ast::BinaryOp::Add | goanna_ast::BinaryOp::Sub, lhs, rhs } = &e.kind {
            // An offset of an offset (`(char *)p + sizeof(h) + pad`) too.
            return self.pointer_path(lhs).or_else(|| self.pointer_path(rhs)).or_else(|| self.interior_base(e));
        }
        let p = self.path_of(e)?;
        matches!(self.paths.class(p), TypeClass::Pointer | TypeClass::Array).then_some(p)
    }

    /// The pointers whose value `e` passes on: `p` itself (casts stripped), the base of
    /// pointer arithmetic (`p + 1`), the pointers combined into an integer (`(uintptr_t)p | 1`,
    /// a tagged pointer), either arm of `?:` and the right of a comma. Not pointers that are
    /// only dereferenced, compared or passed to a call inside `e`.
    pub(super) fn value_pointers(&mut self, e: &Expr) -> Vec<PathId> {
        super::with_stack(|| self.value_pointers_inner(e))
    }

    fn value_pointers_inner(&mut self, e: &Expr) -> Vec<PathId> {
        use goanna_ast::BinaryOp;
        let e = crate::consts::strip_casts(e);
        match &e.kind {
            // `p - q` of two pointers is a distance, not a pointer.
            ExprKind::Binary { op: BinaryOp::Sub, rhs, .. } if crate::consts::strip_casts(rhs).ty.is_pointer() => Vec::new(),
            ExprKind::Binary {
                op: BinaryOp::Add | BinaryOp::Sub | BinaryOp::BitOr | BinaryOp::BitAnd | BinaryOp::BitXor,
                lhs,
                rhs,
            } => {
                let mut out = self.value_pointers(lhs);
                out.extend(self.value_pointers(rhs));
                out
            }
            ExprKind::Binary { op: BinaryOp::Comma, rhs, .. } => self.value_pointers(rhs),
            // The address of a member or element of a block (`&obj->base`): the block's pointer.
            ExprKind::Unary { op: UnaryOp::AddrOf, operand } => self.container_of(operand).into_iter().collect(),
            ExprKind::Conditional { cond, then, els } => {
                // GNU `c ?: e` yields the condition itself when it is non-zero.
                let mut out = match then {
                    Some(then) => self.value_pointers(then),
                    None => self.value_pointers(cond),
                };
                out.extend(self.value_pointers(els));
                out
            }
            // `memcpy(p, src, n)` is `p`.
            ExprKind::Call { .. } => match self.returned_argument(e) {
                Some(arg) => self.value_pointers(arg),
                None => Vec::new(),
            },
            _ => self.pointer_path(e).into_iter().collect(),
        }
    }

    /// The argument a call of a library function returns as its result (`memcpy(p, src, n)`
    /// is `p`: `returns_arg` in the model table), casts stripped.
    pub(super) fn returned_argument<'e>(&self, e: &'e Expr) -> Option<&'e Expr> {
        let ExprKind::Call { callee: goanna_ast::Callee::Direct { name, .. }, args } = &crate::consts::strip_casts(e).kind else {
            return None;
        };
        let i = self.ctx.model(name)?.returns_arg?;
        args.get(i).map(crate::consts::strip_casts)
    }

    /// The path under `&` (or the path itself, for a pointer-typed path): the lock argument of
    /// `pthread_mutex_lock(&m)` is `m`.
    pub(super) fn addressed_path(&mut self, e: &Expr) -> Option<PathId> {
        let e = crate::consts::strip_casts(e);
        match &e.kind {
            ExprKind::Unary { op: UnaryOp::AddrOf, operand } => self.path_of(operand),
            _ => self.path_of(e),
        }
    }

    /// True when `p` is local storage: a local variable or parameter, or a field of one
    /// reached without dereferencing a pointer (`s.f`). Copying a pointer into it is not an
    /// escape.
    pub(super) fn is_local_storage(&self, p: PathId) -> bool {
        self.paths.paths.get(p.0 as usize).is_some_and(AccessPath::is_local_storage)
    }

    /// True when a pointer stored into `p` is handed to the caller: a global or static, or an
    /// out-parameter (`*out`). Fields reached through a parameter (`strm->next_in = buf`) are
    /// left out: pointing a caller's structure at a local buffer for the duration of the call
    /// is an idiom (zlib streams), not a result.
    pub(super) fn seen_by_caller(&self, p: PathId) -> bool {
        self.paths.paths.get(p.0 as usize).is_some_and(|path| {
            (path.root.kind.is_static_storage() && path.steps.is_empty())
                || (path.root.kind == goanna_ast::VarKind::Param && path.steps == [PathStep::Deref])
        })
    }

    /// True when `p` is just a local variable or parameter.
    pub(super) fn is_local_variable(&self, p: PathId) -> bool {
        self.paths.paths.get(p.0 as usize).is_some_and(|path| {
            path.steps.is_empty() && matches!(path.root.kind, goanna_ast::VarKind::Local | goanna_ast::VarKind::Param)
        })
    }
}

/// True when `deref` (`*operand`) is `*(T *)&x` and reads or writes `x` whole: a value of the
/// same kind and width (`*(const plugin **)&p` is `p`; `*(char *)&n` is a byte of `n`).
fn same_object_through_cast(deref: &Expr, operand: &Expr) -> bool {
    let ExprKind::Unary { op: UnaryOp::AddrOf, operand: inner } = &crate::consts::strip_casts(operand).kind else {
        return false;
    };
    let (a, b) = (&deref.ty, &inner.ty);
    a.class == b.class
        && matches!(a.class, TypeClass::Pointer | TypeClass::Integer)
        && (a.class == TypeClass::Pointer || (a.int_bits == b.int_bits && a.int_bits != 0))
}
