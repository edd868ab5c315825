//! C++ constructs, lowered to the C tree the analyser already models.
//!
//! - A member function takes `this` as its first parameter; a call of one passes the object's
//!   address first (`b.get(1)` is `Buf::get(&b, 1)`, `p->get(1)` is `Buf::get(p, 1)`, an
//!   overloaded operator `a[3]` is `A::operator[](&a, 3)`), and a member named without an
//!   object is `this->m`. A virtual function called through a pointer or reference has no known
//!   target (a call through a function pointer); called on an object it is the object's own.
//! - References are pointers: a reference variable or parameter holds the address it is bound
//!   to (`int &r = x` is `r = &x`, an argument for a reference parameter is passed as `&arg`, a
//!   function returning a reference returns an address), and each use reads through it.
//! - `new` and `delete` are calls of the allocation functions, which the library table models
//!   (`operator new`, `operator new[]`, their `std::nothrow` forms, `operator delete`,
//!   `operator delete[]`); placement `new` yields the address it is given. A user-written
//!   constructor is called with the address of the object it builds (a local, or the block
//!   `new` returns when its value initialises a variable), a user-written destructor before
//!   `delete` releases the block and, for a local object, at every exit from its scope
//!   (`Converter::scope_exit`). Defaulted and implicit ones do nothing the analysis sees.
//! - `throw` is a call that does not return (`__cxa_throw`); a `try` block is followed by its
//!   handlers, each on a branch of its own.
//! - Names are qualified (`ns::Buf::get`), so library models never match a member function
//!   that happens to share a C function's name, and reports read as the code does.

use clang_sys::*;
use goanna_ast::{Callee, CType, Expr, ExprKind, LocalDecl, Span, Stmt, StmtKind, TypeClass, UnaryOp, VarId, VarInfo, VarKind};

use super::Converter;
use crate::util::{self, children, is_expr, kind};

/// USR given to the calls `throw` lowers to (the C++ ABI's routines).
const THROW: (&str, &str) = ("__cxa_throw", "c:@F@__cxa_throw");
/// USR given to a `throw;` that rethrows.
const RETHROW: (&str, &str) = ("__cxa_rethrow", "c:@F@__cxa_rethrow");

/// A destructor to call: its qualified name and USR.
#[derive(Clone, Debug)]
pub(crate) struct Destructor {
    name: String,
    usr: String,
    /// Declared `virtual` (itself or by a base).
    is_virtual: bool,
}

/// What the function being converted has open: blocks with the local objects they destroy
/// at their end, and the loops and `switch`es a `break` leaves.
#[derive(Clone, Debug)]
pub(crate) enum ScopeFrame {
    /// A block and its objects with destructors, in order of construction.
    Block(Vec<(VarId, Destructor, Span)>),
    /// A loop or `switch`: `break` and `continue` leave the blocks inside it.
    Breakable,
}

/// How a `new` expression is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct NewForm {
    /// `new T[n]`.
    array: bool,
    /// `new (std::nothrow) T`: NULL on failure.
    nothrow: bool,
    /// `new (place) T`: no allocation.
    placement: bool,
    /// An initialiser follows the type: `new T()`, `new T{}`, `new int(5)`, `new T[n]()`.
    initialiser: bool,
}

/// Reads how a `new` expression is written from its source text (the text after `new`):
/// `(...)` right after the keyword is a placement (or `std::nothrow`), and a `[` outside any
/// parentheses or braces makes it an array `new`.
fn new_form(text: &[u8]) -> NewForm {
    let mut form = NewForm::default();
    let text = text.trim_ascii_start();
    let text = text.strip_prefix(b"::").unwrap_or(text).trim_ascii_start();
    let Some(mut rest) = text.strip_prefix(b"new") else { return form };
    rest = rest.trim_ascii_start();
    if rest.first() == Some(&b'(') {
        let close = matching_close(rest);
        let group = &rest[..close.unwrap_or(rest.len())];
        if contains_word(group, b"nothrow") {
            form.nothrow = true;
        } else {
            form.placement = true;
        }
        rest = close.map_or(&[][..], |c| &rest[c + 1..]);
        // `new (T)` with nothing after the parentheses but an initialiser is a parenthesised
        // type, not a placement.
        let after = rest.trim_ascii_start();
        if form.placement && !after.first().is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_' || *c == b':') {
            form.placement = false;
        }
    }
    let mut depth = 0i32;
    for &c in rest {
        match c {
            b'(' | b'{' => {
                form.initialiser |= depth == 0;
                depth += 1;
            }
            b')' | b'}' => depth -= 1,
            b'[' if depth == 0 => form.array = true,
            b'[' | b']' => {}
            b';' | b',' if depth <= 0 => break,
            _ => {}
        }
        if depth < 0 {
            break;
        }
    }
    form
}

/// Offset of the `)` closing the `(` at the start of `text`.
fn matching_close(text: &[u8]) -> Option<usize> {
    let mut depth = 0usize;
    for (i, &c) in text.iter().enumerate().take(1 << 16) {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
    }
    None
}

/// True when `word` occurs in `text` as an identifier of its own.
fn contains_word(text: &[u8], word: &[u8]) -> bool {
    let ident = |c: &u8| c.is_ascii_alphanumeric() || *c == b'_';
    text.windows(word.len()).enumerate().any(|(i, w)| {
        w == word && !(i > 0 && ident(&text[i - 1])) && !text.get(i + word.len()).is_some_and(ident)
    })
}

/// True when a `delete` expression's text deletes an array (`delete[] p`, `delete [] p`).
fn deletes_array(text: &[u8]) -> bool {
    let text = text.trim_ascii_start();
    let text = text.strip_prefix(b"::").unwrap_or(text).trim_ascii_start();
    text.strip_prefix(b"delete").is_some_and(|rest| rest.trim_ascii_start().starts_with(b"["))
}

/// True for the cursor kinds of member functions (those that may take `this`).
pub(crate) fn is_member_function_kind(k: CXCursorKind) -> bool {
    matches!(k, CXCursor_CXXMethod | CXCursor_Constructor | CXCursor_Destructor | CXCursor_ConversionFunction)
}

/// True for the cursor kinds of functions (free or member).
pub(crate) fn is_function_kind(k: CXCursorKind) -> bool {
    k == CXCursor_FunctionDecl || is_member_function_kind(k)
}

/// True when the canonical type is a reference.
fn is_reference(ty: CXType) -> bool {
    // SAFETY: pure accessor on a type value.
    let canonical = unsafe { clang_getCanonicalType(ty) };
    matches!(canonical.kind, CXType_LValueReference | CXType_RValueReference)
}

/// `ty` when it is a reference type.
pub(crate) fn reference_type(ty: CXType) -> Option<CXType> {
    is_reference(ty).then_some(ty)
}

/// True for a member function that takes `this`: not `static`.
fn takes_this(method: CXCursor) -> bool {
    // SAFETY: pure accessor on a live cursor.
    is_member_function_kind(kind(method)) && unsafe { clang_CXXMethod_isStatic(method) } == 0
}

/// True for a constructor or destructor the compiler writes (implicit or `= default`): the
/// analysis sees nothing it does.
fn is_defaulted(method: CXCursor) -> bool {
    // SAFETY: pure accessor on a live cursor.
    unsafe { clang_CXXMethod_isDefaulted(method) != 0 }
}

/// The class declaration of a canonical record type, if it is one.
fn record_decl(ty: CXType) -> Option<CXCursor> {
    // SAFETY: pure accessors on a type value.
    let canonical = unsafe { clang_getCanonicalType(ty) };
    if canonical.kind != CXType_Record {
        return None;
    }
    // SAFETY: as above.
    let decl = unsafe { clang_getTypeDeclaration(canonical) };
    (!util::is_null(decl)).then_some(decl)
}

/// The variables of a function body whose object's class is known exactly, by canonical
/// declaration: a pointer initialised with `new D(..)` and never assigned again nor having its
/// address taken, or a reference bound to a temporary or a local object of class `D`. A virtual
/// call through one has one target: `D`'s own function.
pub(crate) fn exact_classes(body: CXCursor) -> Vec<(usize, CXCursor)> {
    let mut candidates: Vec<(usize, CXCursor)> = Vec::new();
    let mut changed: Vec<usize> = Vec::new();
    let key = |decl: CXCursor| {
        // SAFETY: pure accessor on a live cursor.
        unsafe { clang_getCanonicalCursor(decl) }.data[0] as usize
    };
    let named_var = |e: CXCursor| {
        let e = super::expr::unwrap_unexposed(e);
        // SAFETY: pure accessor on a live cursor.
        let decl = unsafe { clang_getCursorReferenced(e) };
        (kind(e) == CXCursor_DeclRefExpr && matches!(kind(decl), CXCursor_VarDecl | CXCursor_ParmDecl)).then_some(decl)
    };
    let mut stack = vec![body];
    let mut visited = 0usize;
    while let Some(c) = stack.pop() {
        visited += 1;
        if visited > 200_000 {
            return Vec::new();
        }
        match kind(c) {
            CXCursor_VarDecl => {
                // SAFETY: pure accessors on a live cursor.
                let (ty, init) = unsafe { (clang_getCanonicalType(clang_getCursorType(c)), clang_Cursor_getVarDeclInitializer(c)) };
                if !util::is_null(init) && is_expr(init) {
                    let inner = super::expr::unwrap_unexposed(init);
                    let class = if ty.kind == CXType_Pointer && kind(inner) == CXCursor_CXXNewExpr {
                        // SAFETY: pure accessors on live cursors and types.
                        record_decl(unsafe { clang_getPointeeType(clang_getCursorType(inner)) })
                    } else if is_reference(ty) {
                        match named_var(inner) {
                            // SAFETY: pure accessor on a live cursor.
                            Some(v) if !is_reference(unsafe { clang_getCursorType(v) }) => record_decl(unsafe { clang_getCursorType(v) }),
                            Some(_) => None,
                            // SAFETY: pure accessor on a live cursor.
                            None if kind(inner) != CXCursor_UnaryOperator => record_decl(unsafe { clang_getCursorType(inner) }),
                            None => None,
                        }
                    } else {
                        None
                    };
                    if let Some(class) = class {
                        candidates.push((key(c), class));
                    }
                }
            }
            CXCursor_BinaryOperator | CXCursor_CompoundAssignOperator => {
                // SAFETY: pure accessor on a live cursor.
                let op = unsafe { clang_getCursorBinaryOperatorKind(c) };
                let assigns = kind(c) == CXCursor_CompoundAssignOperator || op == CXBinaryOperator_Assign;
                if let (true, Some(&lhs)) = (assigns, children(c).iter().find(|&&k| is_expr(k))) {
                    if let Some(v) = named_var(lhs) {
                        changed.push(key(v));
                    }
                }
            }
            CXCursor_UnaryOperator => {
                if let Some(&operand) = children(c).iter().find(|&&k| is_expr(k)) {
                    if let Some(v) = named_var(operand) {
                        // SAFETY: pure accessor on a live cursor.
                        let op = unsafe { clang_getCursorUnaryOperatorKind(c) };
                        if op == CXUnaryOperator_AddrOf {
                            changed.push(key(v));
                        }
                    }
                }
            }
            _ => {}
        }
        stack.extend(children(c));
    }
    candidates.retain(|(k, _)| !changed.contains(k));
    candidates
}

/// True when `method` overrides `target`, directly or through the functions it overrides.
fn overrides(method: CXCursor, target: CXCursor, depth: u32) -> bool {
    if depth > 16 {
        return false;
    }
    let mut overridden: *mut CXCursor = std::ptr::null_mut();
    let mut n: std::os::raw::c_uint = 0;
    // SAFETY: libclang fills the array it allocates; it is read within its length and disposed.
    unsafe {
        clang_getOverriddenCursors(method, &mut overridden, &mut n);
        if overridden.is_null() {
            return false;
        }
        let list = std::slice::from_raw_parts(overridden, n as usize).to_vec();
        clang_disposeOverriddenCursors(overridden);
        list.into_iter().any(|o| clang_equalCursors(clang_getCanonicalCursor(o), clang_getCanonicalCursor(target)) != 0 || overrides(o, target, depth + 1))
    }
}

/// The function a virtual call of `method` reaches on an object of class `class`: the class's
/// own override, else the one of its nearest base that has one, else `method` itself.
fn final_override(method: CXCursor, class: CXCursor, depth: u32) -> Option<CXCursor> {
    if depth > 16 {
        return None;
    }
    let name = util::spelling(method);
    let kids = children(class);
    if let Some(&own) = kids.iter().find(|&&k| matches!(kind(k), CXCursor_CXXMethod | CXCursor_Destructor) && util::spelling(k) == name && overrides(k, method, 0)) {
        return Some(own);
    }
    // SAFETY: pure accessors on live cursors.
    let declares = unsafe { clang_equalCursors(clang_getCanonicalCursor(clang_getCursorSemanticParent(method)), clang_getCanonicalCursor(class)) != 0 };
    if declares {
        return Some(method);
    }
    kids.iter().filter(|&&k| kind(k) == CXCursor_CXXBaseSpecifier).find_map(|&b| {
        // SAFETY: pure accessor on a live cursor.
        let base = record_decl(unsafe { clang_getCursorType(b) })?;
        final_override(method, base, depth + 1)
    })
}

impl Converter {
    /// The class of the object a variable reference names when it is known exactly
    /// ([`exact_classes`]).
    fn exact_class_of(&self, e: CXCursor) -> Option<CXCursor> {
        let e = super::expr::unwrap_unexposed(e);
        if kind(e) != CXCursor_DeclRefExpr {
            return None;
        }
        // SAFETY: pure accessors on a live cursor.
        let key = unsafe { clang_getCanonicalCursor(clang_getCursorReferenced(e)) }.data[0] as usize;
        self.exact_classes.iter().find(|(k, _)| *k == key).map(|&(_, c)| c)
    }

    /// The name of a function or variable as C++ code reads it: its enclosing namespaces and
    /// classes joined with `::` (`ns::Buf::get`); inline namespaces (`std::__1`) and `extern
    /// "C"` blocks are left out. A declaration at file scope keeps its plain name.
    pub(crate) fn qualified_name(&self, cursor: CXCursor) -> String {
        let mut parts = vec![util::spelling(cursor)];
        // SAFETY: pure accessors on live cursors.
        let mut parent = unsafe { clang_getCursorSemanticParent(cursor) };
        for _ in 0..64 {
            match kind(parent) {
                CXCursor_Namespace => {
                    // SAFETY: as above.
                    if unsafe { clang_Cursor_isInlineNamespace(parent) } == 0 {
                        let name = util::spelling(parent);
                        parts.push(if name.is_empty() { "(anonymous namespace)".to_string() } else { name });
                    }
                }
                CXCursor_ClassDecl | CXCursor_StructDecl | CXCursor_UnionDecl | CXCursor_ClassTemplate
                | CXCursor_ClassTemplatePartialSpecialization => {
                    let name = util::spelling(parent);
                    if !name.is_empty() {
                        parts.push(name);
                    }
                }
                CXCursor_LinkageSpec | CXCursor_UnexposedDecl => {}
                _ => break,
            }
            // SAFETY: as above.
            parent = unsafe { clang_getCursorSemanticParent(parent) };
        }
        parts.reverse();
        parts.join("::")
    }

    /// The `this` parameter of a member function that takes one, registered on first use.
    pub(crate) fn this_param(&mut self, method: CXCursor) -> Option<VarId> {
        if !takes_this(method) {
            return None;
        }
        // SAFETY: pure accessors on a live cursor.
        let canonical = unsafe { clang_getCanonicalCursor(method) };
        let key = canonical.data[0] as usize;
        if let Some(&id) = self.this_vars.get(&key) {
            return Some(id);
        }
        // SAFETY: as above.
        let (record, is_const) = unsafe { (clang_getCursorType(clang_getCursorSemanticParent(method)), clang_CXXMethod_isConst(method) != 0) };
        let record_type = self.ctype(record);
        // SAFETY: pure accessor on a type value.
        let size = unsafe { clang_Type_getSizeOf(record) };
        let ty = CType {
            spelling: format!("{} *", record_type.spelling),
            class: TypeClass::Pointer,
            points_to_const: is_const,
            pointee_class: record_type.class,
            pointee_size: u32::try_from(size).unwrap_or(0),
            ..CType::default()
        };
        let span = self.name_span(method, "");
        let id = VarId(self.out.vars.len() as u32);
        self.out.vars.push(VarInfo {
            name: "this".into(),
            usr: format!("{}@this", util::usr(method)),
            kind: VarKind::Param,
            ty,
            span,
            const_init: None,
            has_init: false,
            function_init: None,
            elements_are_addresses: false,
        });
        self.this_vars.insert(key, id);
        Some(id)
    }

    /// `this` in the function being converted, as an expression.
    fn this_expr(&mut self, span: Span) -> Expr {
        match self.this_var {
            Some(id) => Expr { kind: ExprKind::Var(id), span, ty: self.out.vars[id.0 as usize].ty.clone() },
            None => unknown(span),
        }
    }

    /// A reference to a variable: a reference variable is read through (`*r`).
    pub(crate) fn var_ref(&mut self, decl: CXCursor, span: Span, ty: &CType) -> ExprKind {
        let id = self.var_id(decl);
        // SAFETY: pure accessor on a live cursor.
        if is_reference(unsafe { clang_getCursorType(decl) }) {
            let holder = Expr { kind: ExprKind::Var(id), span, ty: self.out.vars[id.0 as usize].ty.clone() };
            return deref(holder, ty);
        }
        ExprKind::Var(id)
    }

    /// Expression kinds only C++ has; `None` for the others.
    pub(crate) fn cxx_expr_kind(&mut self, cursor: CXCursor, exprs: &[CXCursor]) -> Option<ExprKind> {
        let span = self.cursor_span(cursor);
        Some(match kind(cursor) {
            CXCursor_CXXThisExpr => self.this_expr(span).into_kind(),
            CXCursor_CXXBoolLiteralExpr => ExprKind::IntLit(util::eval_int(cursor).unwrap_or(0)),
            // `nullptr`, and `NULL` in C++ (GNU `__null`).
            CXCursor_CXXNullPtrLiteralExpr | CXCursor_GNUNullExpr => ExprKind::IntLit(0),
            CXCursor_CXXStaticCastExpr
            | CXCursor_CXXDynamicCastExpr
            | CXCursor_CXXReinterpretCastExpr
            | CXCursor_CXXConstCastExpr
            | CXCursor_CXXFunctionalCastExpr
            | CXCursor_CXXAddrspaceCastExpr => match exprs.last() {
                Some(&e) => ExprKind::Cast(Box::new(self.expr(e))),
                None => ExprKind::Unknown(Vec::new()),
            },
            CXCursor_CXXNewExpr => {
                let (alloc, ctor) = self.new_parts(cursor, exprs);
                let (alloc_span, alloc_ty) = (alloc.span, alloc.ty.clone());
                match (alloc.into_kind(), ctor) {
                    // The constructor is not called here: its arguments are handed to the
                    // allocation, which keeps what it is given.
                    (ExprKind::Call { callee, mut args }, Some((_, ctor_args))) => {
                        args.extend(ctor_args);
                        ExprKind::Call { callee, args }
                    }
                    (kind, Some((_, ctor_args))) => {
                        let value = Expr { kind, span: alloc_span, ty: alloc_ty };
                        comma(ExprKind::Unknown(ctor_args), value, span)
                    }
                    (kind, None) => kind,
                }
            }
            CXCursor_CXXDeleteExpr => self.delete_expr(cursor, exprs, span),
            CXCursor_CXXThrowExpr => {
                let (name, usr) = if exprs.is_empty() { RETHROW } else { THROW };
                self.declare_runtime(name, usr);
                let args = exprs.iter().map(|&e| self.expr(e)).collect();
                ExprKind::Call { callee: Callee::Direct { name: name.into(), usr: usr.into() }, args }
            }
            CXCursor_LambdaExpr | CXCursor_CXXTypeidExpr => ExprKind::Unknown(Vec::new()),
            _ => return None,
        })
    }

    /// Records one of the C++ runtime's routines that never return.
    fn declare_runtime(&mut self, name: &str, usr: &str) {
        if self.decls.contains_key(usr) {
            return;
        }
        let i = self.out.declarations.len();
        self.out.declarations.push(goanna_ast::FunctionDecl {
            name: name.into(),
            usr: usr.into(),
            is_noreturn: true,
            is_static: false,
            has_definition: false,
            in_system_header: true,
            return_type: void_type(),
            signature: "void (void *)".into(),
        });
        self.decls.insert(usr.to_string(), i);
    }

    /// A `new` expression: the allocation (a call of the allocation function, or the address a
    /// placement `new` is given) and, when a constructor the program writes builds the object,
    /// that constructor with its arguments (without `this`).
    fn new_parts(&mut self, cursor: CXCursor, exprs: &[CXCursor]) -> (Expr, Option<(Callee, Vec<Expr>)>) {
        let span = self.cursor_span(cursor);
        let ty = self.cursor_ctype(cursor);
        // SAFETY: pure accessors on a live cursor.
        let start = unsafe { clang_getRangeStart(clang_getCursorExtent(cursor)) };
        let form = new_form(self.spelled_text_at(start));
        let mut rest = exprs;
        let mut place = None;
        if form.placement || form.nothrow {
            if let Some((&first, tail)) = exprs.split_first() {
                if form.placement {
                    place = Some(first);
                }
                rest = tail;
            }
        }
        // The initialiser: a constructor call, or a value; before it, an array's size.
        let mut ctor = None;
        let mut operands = Vec::new();
        let mut initialised = false;
        for (k, &e) in rest.iter().enumerate() {
            // SAFETY: pure accessor on a live cursor.
            let referenced = unsafe { clang_getCursorReferenced(e) };
            if kind(e) == CXCursor_CallExpr && kind(referenced) == CXCursor_Constructor {
                initialised = true;
                let arg_cursors: Vec<CXCursor> = children(e).into_iter().filter(|&c| is_expr(c)).collect();
                if is_defaulted(referenced) {
                    // The compiler's constructor copies or value-initialises (`new T(other)`,
                    // `new T()`); without an initialiser it leaves a plain member undefined.
                    initialised = !arg_cursors.is_empty() || form.initialiser;
                    operands.extend(arg_cursors.iter().map(|&a| self.expr(a)));
                } else {
                    let args = self.constructor_args(referenced, &arg_cursors);
                    ctor = Some((self.declared_callee(referenced), args));
                }
            } else {
                // Anything after an array's size is an initialiser (`new int(5)`, `new T[n]()`).
                initialised |= !form.array || k > 0;
                operands.push(self.expr(e));
            }
        }
        let alloc = match place {
            Some(p) => {
                let value = self.expr(p);
                let cast = Expr { kind: ExprKind::Cast(Box::new(value)), span, ty };
                if operands.is_empty() {
                    cast
                } else {
                    Expr { kind: comma(ExprKind::Unknown(operands), cast.clone(), span), span, ty: cast.ty.clone() }
                }
            }
            None => {
                // The allocation function, and whether what it returns is initialised by the
                // expression (a constructor, a value): the model table's names.
                let name = format!(
                    "operator new{}{}{}",
                    if form.array { "[]" } else { "" },
                    if form.nothrow { "(std::nothrow)" } else { "" },
                    if initialised { " initialised" } else { "" }
                );
                let callee = Callee::Direct { usr: format!("c:@F@{name}"), name };
                Expr { kind: ExprKind::Call { callee, args: operands }, span, ty }
            }
        };
        (alloc, ctor)
    }

    /// `delete p` / `delete[] p`: the destructor the program writes for `*p`, if any, then the
    /// release.
    fn delete_expr(&mut self, cursor: CXCursor, exprs: &[CXCursor], span: Span) -> ExprKind {
        let Some(&operand) = exprs.last() else { return ExprKind::Unknown(Vec::new()) };
        // SAFETY: pure accessors on a live cursor.
        let start = unsafe { clang_getRangeStart(clang_getCursorExtent(cursor)) };
        let array = deletes_array(self.spelled_text_at(start));
        let name = if array { "operator delete[]" } else { "operator delete" };
        let pointer = self.expr(operand);
        let release = ExprKind::Call {
            callee: Callee::Direct { name: name.into(), usr: format!("c:@F@{name}") },
            args: vec![pointer.clone()],
        };
        let exact = self.exact_class_of(operand);
        let pointee = match exact {
            // SAFETY: pure accessor on a live cursor.
            Some(class) => unsafe { clang_getCursorType(class) },
            // SAFETY: pure accessors on a live cursor.
            None => unsafe { clang_getPointeeType(clang_getCanonicalType(clang_getCursorType(super::expr::unwrap_unexposed(operand)))) },
        };
        match (array, self.destructor_of(pointee)) {
            // `delete p` destroys and releases only a non-null `p`: the test is the language's,
            // spelled as a macro's would be (no check takes it for the programmer's evidence
            // that `p` may be NULL).
            (false, Some(d)) => {
                let mut test = pointer.clone();
                mark_written_by_the_language(&mut test);
                // A virtual destructor through a pointer whose object's class is not known
                // exactly may be any derived class's: a call with no known target.
                let callee = if d.is_virtual && exact.is_none() {
                    Callee::Indirect(Box::new(unknown(span)))
                } else {
                    Callee::Direct { name: d.name, usr: d.usr }
                };
                let destroy = Expr {
                    kind: ExprKind::Call { callee, args: vec![pointer] },
                    span,
                    ty: void_type(),
                };
                let both = comma(destroy.into_kind(), Expr { kind: release, span, ty: CType::default() }, span);
                ExprKind::Conditional {
                    cond: Box::new(test),
                    then: Some(Box::new(Expr { kind: both, span, ty: void_type() })),
                    els: Box::new(Expr { kind: ExprKind::IntLit(0), span, ty: void_type() }),
                }
            }
            _ => release,
        }
    }

    /// The destructor the program writes for objects of `ty` (a class type), if any: not one
    /// the compiler writes (implicit or `= default`).
    pub(crate) fn destructor_of(&mut self, ty: CXType) -> Option<Destructor> {
        // SAFETY: pure accessors on a type value.
        let canonical = unsafe { clang_getCanonicalType(ty) };
        if canonical.kind != CXType_Record {
            return None;
        }
        // SAFETY: as above.
        let decl = unsafe { clang_getTypeDeclaration(canonical) };
        if util::is_null(decl) {
            return None;
        }
        let key = decl.data[0] as usize;
        if let Some(found) = self.destructors.get(&key) {
            return found.clone();
        }
        let found = children(decl).into_iter().find(|&c| kind(c) == CXCursor_Destructor).filter(|&d| !is_defaulted(d)).map(|d| {
            let usr = util::usr(d);
            self.ensure_declared(d, &usr);
            // SAFETY: pure accessor on a live cursor.
            let is_virtual = unsafe { clang_CXXMethod_isVirtual(d) } != 0;
            Destructor { name: self.qualified_name(d), usr, is_virtual }
        });
        self.destructors.insert(key, found.clone());
        found
    }

    /// A direct call of the function declared at `decl`, recorded among the unit's
    /// declarations, under its qualified name.
    fn declared_callee(&mut self, decl: CXCursor) -> Callee {
        let usr = util::usr(decl);
        self.ensure_declared(decl, &usr);
        Callee::Direct { name: self.qualified_name(decl), usr }
    }

    /// The arguments of a call of the constructor `ctor`: the compiler's constructors copy or
    /// value-initialise, so their operands are values (`T b = a;` copies `a`); the program's
    /// take a reference parameter's argument by address ([`Converter::call_args`]).
    fn constructor_args(&mut self, ctor: CXCursor, args: &[CXCursor]) -> Vec<Expr> {
        if is_defaulted(ctor) {
            args.iter().map(|&a| self.expr(a)).collect()
        } else {
            self.call_args(ctor, args, 0)
        }
    }

    /// The arguments of a call of `callee` (a function declaration; null when unknown), from
    /// argument `first` of `args` on: one for a reference parameter is passed by address.
    pub(crate) fn call_args(&mut self, callee: CXCursor, args: &[CXCursor], first: usize) -> Vec<Expr> {
        // SAFETY: pure accessors on a live cursor (the null cursor has an invalid type).
        let fty = unsafe { clang_getCanonicalType(clang_getCursorType(callee)) };
        args.iter()
            .enumerate()
            .map(|(i, &a)| {
                let e = self.expr(a);
                let param = if util::is_null(callee) || fty.kind != CXType_FunctionProto {
                    None
                } else {
                    // SAFETY: pure accessor on a function type; out of range gives an invalid type.
                    Some(unsafe { clang_getArgType(fty, (first + i) as u32) })
                };
                match param {
                    Some(p) if is_reference(p) => self.address_of(e, p),
                    _ => e,
                }
            })
            .collect()
    }

    /// `&e`, typed as a pointer of the reference type `reference` (`T &` gives `T *`).
    fn address_of(&mut self, e: Expr, reference: CXType) -> Expr {
        let ty = self.ctype(reference);
        let span = e.span;
        // `&*p` is `p`.
        if let ExprKind::Unary { op: UnaryOp::Deref, .. } = &e.kind {
            if let ExprKind::Unary { operand, .. } = e.into_kind() {
                let mut inner = *operand;
                inner.ty = ty;
                return inner;
            }
            return unknown(span);
        }
        Expr { kind: ExprKind::Unary { op: UnaryOp::AddrOf, operand: Box::new(e) }, span, ty }
    }

    /// A call expression of C++: a member function (`obj.f(x)`, `p->f(x)`, `f(x)` inside a
    /// member function), an overloaded operator, a constructor making a temporary; `None`
    /// for the calls C has.
    pub(crate) fn cxx_call(&mut self, cursor: CXCursor, exprs: &[CXCursor]) -> Option<ExprKind> {
        // SAFETY: pure accessor on a live cursor.
        let callee = unsafe { clang_getCursorReferenced(cursor) };
        if util::is_null(callee) || !is_member_function_kind(kind(callee)) && !spelling_is_operator(callee) {
            // A free function: the reference parameters, when it has any.
            let returns_reference =
                // SAFETY: pure accessors on a live cursor.
                !util::is_null(callee) && is_reference(unsafe { clang_getResultType(clang_getCursorType(callee)) });
            if kind(callee) == CXCursor_FunctionDecl && !exprs.is_empty() && (returns_reference || self.has_reference_params(callee)) {
                let call = self.free_call(cursor, callee, exprs);
                return Some(call);
            }
            return None;
        }
        let span = self.cursor_span(cursor);
        if kind(callee) == CXCursor_Constructor {
            let args = self.call_args(callee, exprs, 0);
            if is_defaulted(callee) {
                return Some(ExprKind::Unknown(args));
            }
            // A temporary (or an object this conversion does not name): its address is unknown.
            let mut all = vec![unknown_pointer(span)];
            all.extend(args);
            return Some(ExprKind::Call { callee: self.declared_callee(callee), args: all });
        }
        // The child that names the callee: the member reference `obj.f` first, or an
        // operator's name among its operands.
        let named_at = exprs.iter().position(|&e| {
            let inner = super::expr::unwrap_unexposed(e);
            // SAFETY: pure accessor on a live cursor.
            let r = unsafe { clang_getCursorReferenced(inner) };
            matches!(kind(inner), CXCursor_MemberRefExpr | CXCursor_DeclRefExpr) && unsafe { clang_equalCursors(r, callee) } != 0
        })?;
        let named = super::expr::unwrap_unexposed(exprs[named_at]);
        let mut operands: Vec<CXCursor> = exprs.iter().enumerate().filter(|&(i, _)| i != named_at).map(|(_, &e)| e).collect();
        // The object: the member reference's base, or an operator's first operand.
        let mut object = None;
        let mut dispatch_known = true;
        let mut exact_class = None;
        if kind(named) == CXCursor_MemberRefExpr && named_at == 0 {
            let base = children(named).into_iter().find(|&c| is_expr(c));
            object = Some(match base {
                Some(b) => {
                    let b_inner = super::expr::unwrap_unexposed(b);
                    exact_class = self.exact_class_of(b_inner);
                    let pointer = super::types::is_pointer_typed(b_inner);
                    dispatch_known = !pointer && !self.names_reference(b_inner);
                    let e = self.expr(b);
                    if pointer {
                        e
                    } else {
                        self.object_address(e)
                    }
                }
                None => {
                    dispatch_known = false;
                    self.this_expr(span)
                }
            });
        } else if takes_this(callee) && !operands.is_empty() {
            let first = operands.remove(0);
            let inner = super::expr::unwrap_unexposed(first);
            exact_class = self.exact_class_of(inner);
            dispatch_known = !self.names_reference(inner);
            let e = self.expr(first);
            object = Some(self.object_address(e));
        }
        let mut args = Vec::new();
        if takes_this(callee) {
            args.push(object.unwrap_or_else(|| self.this_expr(span)));
        }
        args.extend(self.call_args(callee, &operands, 0));
        // SAFETY: pure accessor on a live cursor.
        let is_virtual = unsafe { clang_CXXMethod_isVirtual(callee) } != 0;
        let qualified_call = self.spelled_with_qualifier(named);
        // Through a pointer or reference whose object's class is known exactly: that class's
        // own function.
        let target = match (is_virtual && !qualified_call, exact_class) {
            (true, Some(class)) => final_override(callee, class, 0),
            (true, None) if !dispatch_known => None,
            _ => Some(callee),
        };
        let callee_expr = match target {
            Some(t) => self.declared_callee(t),
            None => Callee::Indirect(Box::new(unknown(span))),
        };
        let call = ExprKind::Call { callee: callee_expr, args };
        Some(self.read_through_if_reference(callee, call, cursor, span))
    }

    /// A call of a free function with reference parameters.
    fn free_call(&mut self, cursor: CXCursor, callee: CXCursor, exprs: &[CXCursor]) -> ExprKind {
        let span = self.cursor_span(cursor);
        let args = self.call_args(callee, &exprs[1..], 0);
        let call = ExprKind::Call { callee: self.declared_callee(callee), args };
        self.read_through_if_reference(callee, call, cursor, span)
    }

    /// True when a function has a parameter of reference type.
    fn has_reference_params(&self, callee: CXCursor) -> bool {
        // SAFETY: pure accessors on a live cursor.
        let fty = unsafe { clang_getCanonicalType(clang_getCursorType(callee)) };
        if fty.kind != CXType_FunctionProto {
            return false;
        }
        // SAFETY: as above.
        let n = unsafe { clang_getNumArgTypes(fty) };
        // SAFETY: as above; indices are in range.
        (0..n.max(0) as u32).any(|i| is_reference(unsafe { clang_getArgType(fty, i) }))
    }

    /// A call of a function returning a reference is read through: `*f()`.
    pub(crate) fn read_through_if_reference(&mut self, callee: CXCursor, call: ExprKind, cursor: CXCursor, span: Span) -> ExprKind {
        // SAFETY: pure accessors on a live cursor.
        let result = unsafe { clang_getResultType(clang_getCursorType(callee)) };
        if !is_reference(result) {
            return call;
        }
        let value_ty = self.cursor_ctype(cursor);
        let holder = Expr { kind: call, span, ty: self.ctype(result) };
        deref(holder, &value_ty)
    }

    /// True when `e` (unwrapped) names a reference variable or parameter: the object it binds
    /// may be of a derived class.
    fn names_reference(&self, e: CXCursor) -> bool {
        if kind(e) != CXCursor_DeclRefExpr {
            return false;
        }
        // SAFETY: pure accessors on a live cursor.
        is_reference(unsafe { clang_getCursorType(clang_getCursorReferenced(e)) })
    }

    /// True when the member named at `named` is written with a qualifier (`obj.Base::f()`):
    /// no virtual dispatch.
    fn spelled_with_qualifier(&self, named: CXCursor) -> bool {
        children(named).iter().any(|&c| matches!(kind(c), CXCursor_TypeRef | CXCursor_NamespaceRef | CXCursor_TemplateRef))
    }

    /// The address of an object expression (`&obj`; `&*p` is `p`).
    fn object_address(&mut self, e: Expr) -> Expr {
        let span = e.span;
        if let ExprKind::Unary { op: UnaryOp::Deref, .. } = &e.kind {
            if let ExprKind::Unary { operand, .. } = e.into_kind() {
                return *operand;
            }
            return unknown(span);
        }
        let ty = CType {
            spelling: format!("{} *", e.ty.spelling),
            class: TypeClass::Pointer,
            pointee_class: e.ty.class,
            ..CType::default()
        };
        Expr { kind: ExprKind::Unary { op: UnaryOp::AddrOf, operand: Box::new(e) }, span, ty }
    }

    /// A constructor's member initialisers (`: data(new char[n]), n(size)`) and base class
    /// constructors, as statements run before its body: `this->data = ...`, a member's own
    /// constructor called with `&this->m`, a base's with `this`.
    pub(crate) fn member_initialisers(&mut self, kids: &[CXCursor]) -> Vec<Stmt> {
        let mut out = Vec::new();
        let void = void_type();
        let mut i = 0;
        while i + 1 < kids.len() {
            let (named, init) = (kids[i], kids[i + 1]);
            if !matches!(kind(named), CXCursor_MemberRef | CXCursor_TypeRef) || !is_expr(init) {
                i += 1;
                continue;
            }
            i += 2;
            let span = self.cursor_span(init);
            let this = self.this_expr(span);
            let inner = super::expr::unwrap_unexposed(init);
            // SAFETY: pure accessor on a live cursor.
            let referenced = unsafe { clang_getCursorReferenced(inner) };
            let constructor = (kind(inner) == CXCursor_CallExpr && kind(referenced) == CXCursor_Constructor).then_some(referenced);
            let target = if kind(named) == CXCursor_MemberRef {
                // SAFETY: pure accessor on a live cursor.
                let field = unsafe { clang_getCursorReferenced(named) };
                let ty = self.cursor_ctype(field);
                let member = Expr { kind: ExprKind::Member { base: Box::new(this), field: util::spelling(named), arrow: true }, span, ty };
                Some((field, member))
            } else {
                None
            };
            let stmt_kind = match (constructor, target) {
                (Some(ctor), target) => {
                    let args_cursors: Vec<CXCursor> = children(inner).into_iter().filter(|&c| is_expr(c)).collect();
                    let args = self.constructor_args(ctor, &args_cursors);
                    if is_defaulted(ctor) {
                        match (target, &args[..]) {
                            (Some((_, member)), [only]) if only.ty.class == TypeClass::Record => {
                                let assign = ExprKind::Assign { op: None, lhs: Box::new(member), rhs: Box::new(only.clone()), parenthesized: false };
                                StmtKind::Expr(Expr { kind: assign, span, ty: void.clone() })
                            }
                            _ => StmtKind::Expr(Expr { kind: ExprKind::Unknown(args), span, ty: void.clone() }),
                        }
                    } else {
                        let object = match target {
                            Some((_, member)) => self.object_address(member),
                            None => self.this_expr(span),
                        };
                        let mut all = vec![object];
                        all.extend(args);
                        let call = ExprKind::Call { callee: self.declared_callee(ctor), args: all };
                        StmtKind::Expr(Expr { kind: call, span, ty: void.clone() })
                    }
                }
                (None, Some((field, member))) => {
                    let value = self.expr(init);
                    let value = self.bind_reference(field, value);
                    let assign = ExprKind::Assign { op: None, lhs: Box::new(member), rhs: Box::new(value), parenthesized: false };
                    StmtKind::Expr(Expr { kind: assign, span, ty: void.clone() })
                }
                (None, None) => StmtKind::Expr(self.expr(init)),
            };
            out.push(Stmt { kind: stmt_kind, span, indent: 0 });
        }
        out
    }

    /// A member named without an object inside a member function: `this->m`.
    pub(crate) fn implicit_member(&mut self, cursor: CXCursor, field: String) -> ExprKind {
        let span = self.cursor_span(cursor);
        let base = self.this_expr(span);
        ExprKind::Member { base: Box::new(base), field, arrow: true }
    }

    /// A member whose declared type is a reference is read through: `*obj.r`.
    pub(crate) fn member_read_through(&mut self, cursor: CXCursor, member: ExprKind, span: Span, ty: &CType) -> ExprKind {
        // SAFETY: pure accessors on a live cursor.
        let field_ty = unsafe { clang_getCursorType(clang_getCursorReferenced(cursor)) };
        if !is_reference(field_ty) {
            return member;
        }
        let holder = Expr { kind: member, span, ty: self.ctype(field_ty) };
        deref(holder, ty)
    }

    /// The initialiser of a variable declared with reference type: the address it binds.
    pub(crate) fn bind_reference(&mut self, var: CXCursor, init: Expr) -> Expr {
        // SAFETY: pure accessor on a live cursor.
        let ty = unsafe { clang_getCursorType(var) };
        if is_reference(ty) {
            self.address_of(init, ty)
        } else {
            init
        }
    }

    /// The statements a C++ variable declaration needs beyond `T x = init;`: the constructor
    /// the program writes, called with the variable's address (`T x(a)`, `T *p = new T(a)`),
    /// and the variable's destructor registered with the enclosing block.
    pub(crate) fn declare_object(&mut self, var_cursor: CXCursor, var: VarId, init_cursor: CXCursor, span: Span) -> (Option<Expr>, Option<Stmt>) {
        let init = super::expr::unwrap_unexposed(init_cursor);
        // SAFETY: pure accessor on a live cursor.
        let referenced = unsafe { clang_getCursorReferenced(init) };
        let var_ty = self.out.vars[var.0 as usize].ty.clone();
        let holder = Expr { kind: ExprKind::Var(var), span, ty: var_ty.clone() };
        let mut construct = None;
        let mut value = None;
        // SAFETY: pure accessor on a live cursor.
        let binds = is_reference(unsafe { clang_getCursorType(var_cursor) });
        if binds {
            // A reference binds what its initialiser names (a temporary: an address no
            // variable holds).
            let e = self.expr(init_cursor);
            value = Some(self.bind_reference(var_cursor, e));
        } else if kind(init) == CXCursor_CallExpr && kind(referenced) == CXCursor_Constructor {
            let args_cursors: Vec<CXCursor> = children(init).into_iter().filter(|&c| is_expr(c)).collect();
            let args = self.constructor_args(referenced, &args_cursors);
            if is_defaulted(referenced) {
                // A copy (`T b = a;` with the implicit copy constructor) copies the object.
                if let [only] = &args[..] {
                    if only.ty.class == TypeClass::Record {
                        value = Some(only.clone());
                    }
                }
                if value.is_none() && !args.is_empty() {
                    construct = Some(Stmt { kind: StmtKind::Expr(Expr { kind: ExprKind::Unknown(args), span, ty: CType::default() }), span, indent: 0 });
                }
            } else {
                let mut all = vec![self.object_address(holder)];
                all.extend(args);
                let call = Expr {
                    kind: ExprKind::Call { callee: self.declared_callee(referenced), args: all },
                    span,
                    ty: void_type(),
                };
                construct = Some(Stmt { kind: StmtKind::Expr(call), span, indent: 0 });
            }
        } else if kind(init) == CXCursor_CXXNewExpr {
            let exprs: Vec<CXCursor> = children(init).into_iter().filter(|&c| is_expr(c)).collect();
            let (alloc, ctor) = self.new_parts(init, &exprs);
            value = Some(alloc);
            if let Some((callee, args)) = ctor {
                let mut all = vec![holder];
                all.extend(args);
                let call = Expr {
                    kind: ExprKind::Call { callee, args: all },
                    span,
                    ty: void_type(),
                };
                construct = Some(Stmt { kind: StmtKind::Expr(call), span, indent: 0 });
            }
        } else {
            let e = self.expr(init_cursor);
            value = Some(self.bind_reference(var_cursor, e));
        }
        (value, construct)
    }

    /// `x = new T(a);` as a statement, when the program's constructor builds the object:
    /// `x = operator new(); T::T(x, a);` (`x` a variable or a member, written without side
    /// effects). `None` for anything else.
    pub(crate) fn assigned_new(&mut self, cursor: CXCursor, span: Span) -> Option<StmtKind> {
        if kind(cursor) != CXCursor_BinaryOperator {
            return None;
        }
        // SAFETY: pure accessor on a live cursor.
        if unsafe { clang_getCursorBinaryOperatorKind(cursor) } != CXBinaryOperator_Assign {
            return None;
        }
        let sides: Vec<CXCursor> = children(cursor).into_iter().filter(|&c| is_expr(c)).collect();
        let [lhs, rhs] = sides[..] else { return None };
        let rhs = super::expr::unwrap_unexposed(rhs);
        if kind(rhs) != CXCursor_CXXNewExpr {
            return None;
        }
        let target = self.expr(lhs);
        if !is_plain_place(&target) {
            return None;
        }
        let exprs: Vec<CXCursor> = children(rhs).into_iter().filter(|&c| is_expr(c)).collect();
        let (alloc, ctor) = self.new_parts(rhs, &exprs);
        let (callee, args) = ctor?;
        let void = void_type();
        let assign = ExprKind::Assign { op: None, lhs: Box::new(target.clone()), rhs: Box::new(alloc), parenthesized: false };
        let mut all = vec![target];
        all.extend(args);
        let construct = ExprKind::Call { callee, args: all };
        Some(StmtKind::Compound(vec![
            Stmt { kind: StmtKind::Expr(Expr { kind: assign, span, ty: void.clone() }), span, indent: 0 },
            Stmt { kind: StmtKind::Expr(Expr { kind: construct, span, ty: void }), span, indent: 0 },
        ]))
    }

    /// `return new T(a);` when the program's constructor builds the object: the block kept in a
    /// local of its own and constructed first (`None` for any other returned value).
    pub(crate) fn returned_new(&mut self, value: CXCursor, span: Span) -> Option<(Vec<Stmt>, Expr)> {
        let inner = super::expr::unwrap_unexposed(value);
        if kind(inner) != CXCursor_CXXNewExpr || self.return_reference.is_some() {
            return None;
        }
        let exprs: Vec<CXCursor> = children(inner).into_iter().filter(|&c| is_expr(c)).collect();
        let (alloc, ctor) = self.new_parts(inner, &exprs);
        let (callee, args) = ctor?;
        let ty = alloc.ty.clone();
        let tmp = self.synthetic_local("new object", ty.clone(), alloc.span);
        let holder = Expr { kind: ExprKind::Var(tmp), span: alloc.span, ty };
        let void = void_type();
        let mut all = vec![holder.clone()];
        all.extend(args);
        let stmts = vec![
            Stmt { kind: StmtKind::Decl(vec![LocalDecl { var: tmp, init: Some(alloc), span, sizes: Vec::new() }]), span, indent: 0 },
            Stmt { kind: StmtKind::Expr(Expr { kind: ExprKind::Call { callee, args: all }, span, ty: void }), span, indent: 0 },
        ];
        Some((stmts, holder))
    }

    /// Registers a local object's destructor with the innermost block.
    pub(crate) fn register_object(&mut self, var_cursor: CXCursor, var: VarId, span: Span) {
        if self.out.vars[var.0 as usize].kind != VarKind::Local {
            return;
        }
        // SAFETY: pure accessor on a live cursor.
        let ty = unsafe { clang_getCursorType(var_cursor) };
        let Some(d) = self.destructor_of(ty) else { return };
        if let Some(ScopeFrame::Block(objects)) = self.scopes.iter_mut().rev().find(|f| matches!(f, ScopeFrame::Block(_))) {
            objects.push((var, d, span));
        }
    }

    /// The destructor calls for leaving the open blocks: all of them (`return`), or those
    /// inside the innermost loop or `switch` (`break`, `continue`), in reverse order of
    /// construction, spelled at `at`; none for `kept` (an object returned by value).
    pub(crate) fn scope_exit(&mut self, to_breakable: bool, at: Span, kept: Option<VarId>) -> Vec<Stmt> {
        let mut out = Vec::new();
        for frame in self.scopes.iter().rev() {
            match frame {
                ScopeFrame::Breakable if to_breakable => break,
                ScopeFrame::Breakable => {}
                ScopeFrame::Block(objects) => {
                    for (var, d, _) in objects.iter().rev().filter(|(v, _, _)| Some(*v) != kept) {
                        out.push(destructor_call(*var, d, &self.out.vars[var.0 as usize].ty, at));
                    }
                }
            }
        }
        out
    }

    /// The destructor calls at the normal end of the innermost block.
    pub(crate) fn block_end(&mut self, at: Span) -> Vec<Stmt> {
        match self.scopes.last() {
            Some(ScopeFrame::Block(objects)) => {
                objects.iter().rev().map(|(var, d, _)| destructor_call(*var, d, &self.out.vars[var.0 as usize].ty, at)).collect()
            }
            _ => Vec::new(),
        }
    }

    /// A local variable the conversion introduces (a `return` value kept across destructor
    /// calls).
    pub(crate) fn synthetic_local(&mut self, name: &str, ty: CType, span: Span) -> VarId {
        let id = VarId(self.out.vars.len() as u32);
        self.out.vars.push(VarInfo {
            name: name.into(),
            usr: String::new(),
            kind: VarKind::Local,
            ty,
            span,
            const_init: None,
            has_init: false,
            function_init: None,
            elements_are_addresses: false,
        });
        id
    }

    /// `return e;` in a function that returns a reference: the address `e` is bound to.
    pub(crate) fn returned_value(&mut self, e: Expr) -> Expr {
        match self.return_reference {
            Some(ty) => self.address_of(e, ty),
            None => e,
        }
    }

    /// A range-based `for`: the loop variable takes an unknown element each time round, for as
    /// long as an unknown condition (which reads the range) holds.
    pub(crate) fn range_for(&mut self, kids: &[CXCursor], span: Span) -> StmtKind {
        let var = kids.iter().copied().find(|&c| kind(c) == CXCursor_VarDecl);
        let range = kids.iter().copied().find(|&c| is_expr(c));
        let body = kids.last().copied().filter(|&c| !is_expr(c) && kind(c) != CXCursor_VarDecl);
        let cond_operands = range.map(|r| vec![self.expr(r)]).unwrap_or_default();
        let cond = Expr { kind: ExprKind::Unknown(cond_operands), span, ty: CType::default() };
        let mut stmts = Vec::new();
        if let Some(v) = var {
            let id = self.var_id(v);
            let var_span = self.cursor_span(v);
            stmts.push(Stmt { kind: StmtKind::Decl(vec![LocalDecl { var: id, init: Some(unknown(var_span)), span: var_span, sizes: Vec::new() }]), span: var_span, indent: 0 });
        }
        self.scopes.push(ScopeFrame::Breakable);
        if let Some(b) = body {
            stmts.push(self.stmt(b));
        }
        self.scopes.pop();
        let body = Stmt { kind: StmtKind::Compound(stmts), span, indent: 0 };
        StmtKind::While { cond, body: Box::new(body) }
    }

    /// `try { body } catch (...) { handler } ...`: the body, then each handler on a branch of
    /// its own that an unknown condition takes (the analysis does not follow exceptions).
    pub(crate) fn try_stmt(&mut self, kids: &[CXCursor], span: Span) -> StmtKind {
        let mut stmts = Vec::new();
        let mut handlers = Vec::new();
        for &c in kids {
            if kind(c) == CXCursor_CXXCatchStmt {
                let parts = children(c);
                let mut handler = Vec::new();
                let body = parts.iter().rev().find(|&&p| kind(p) == CXCursor_CompoundStmt).copied();
                // The exception object: declared only where the handler reads it (an unnamed
                // or unread one is not an unused variable).
                let read = |v: CXCursor| body.is_some_and(|b| util::refers_to(b, v));
                if let Some(&v) = parts.iter().find(|&&p| kind(p) == CXCursor_VarDecl && read(p)) {
                    let id = self.var_id(v);
                    let var_span = self.cursor_span(v);
                    handler.push(Stmt { kind: StmtKind::Decl(vec![LocalDecl { var: id, init: Some(unknown(var_span)), span: var_span, sizes: Vec::new() }]), span: var_span, indent: 0 });
                }
                if let Some(b) = body {
                    handler.push(self.stmt(b));
                }
                let handler_span = self.cursor_span(c);
                handlers.push(Stmt { kind: StmtKind::Compound(handler), span: handler_span, indent: 0 });
            } else {
                stmts.push(self.stmt(c));
            }
        }
        let mut chain: Option<Stmt> = None;
        for h in handlers.into_iter().rev() {
            let h_span = h.span;
            let cond = Expr { kind: ExprKind::Unknown(Vec::new()), span: h_span, ty: CType::default() };
            chain = Some(Stmt { kind: StmtKind::If { cond, then: Box::new(h), els: chain.map(Box::new) }, span: h_span, indent: 0 });
        }
        stmts.extend(chain);
        let _ = span;
        StmtKind::Compound(stmts)
    }
}

/// Marks every span of an expression the front end writes (not the programmer) as a macro's.
fn mark_written_by_the_language(e: &mut Expr) {
    e.span.from_macro = true;
    match &mut e.kind {
        ExprKind::Unary { operand, .. } | ExprKind::Cast(operand) => mark_written_by_the_language(operand),
        ExprKind::Member { base, .. } => mark_written_by_the_language(base),
        ExprKind::Index { base, index } => {
            mark_written_by_the_language(base);
            mark_written_by_the_language(index);
        }
        _ => {}
    }
}

/// True when a declaration's name is an operator's (`operator[]`, `operator==`).
fn spelling_is_operator(decl: CXCursor) -> bool {
    let name = util::spelling(decl);
    name.strip_prefix("operator").is_some_and(|rest| !rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') || rest.starts_with(' '))
}

/// A call of `d` on the local object `var`.
fn destructor_call(var: VarId, d: &Destructor, var_ty: &CType, at: Span) -> Stmt {
    let object = Expr { kind: ExprKind::Var(var), span: at, ty: var_ty.clone() };
    let ty = CType { spelling: format!("{} *", var_ty.spelling), class: TypeClass::Pointer, pointee_class: var_ty.class, ..CType::default() };
    let address = Expr { kind: ExprKind::Unary { op: UnaryOp::AddrOf, operand: Box::new(object) }, span: at, ty };
    let call = Expr {
        kind: ExprKind::Call { callee: Callee::Direct { name: d.name.clone(), usr: d.usr.clone() }, args: vec![address] },
        span: at,
        ty: void_type(),
    };
    Stmt { kind: StmtKind::Expr(call), span: at, indent: 0 }
}

/// True for a place that can be named twice without evaluating anything twice: a variable,
/// a member of one, or what a variable points to.
fn is_plain_place(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Var(_) => true,
        ExprKind::Member { base, .. } => is_plain_place(base),
        ExprKind::Unary { op: UnaryOp::Deref, operand } => is_plain_place(operand),
        _ => false,
    }
}

/// `*holder`, of type `ty`.
fn deref(holder: Expr, ty: &CType) -> ExprKind {
    let _ = ty;
    ExprKind::Unary { op: UnaryOp::Deref, operand: Box::new(holder) }
}

/// `first, second`.
fn comma(first: ExprKind, second: Expr, span: Span) -> ExprKind {
    let ty = second.ty.clone();
    ExprKind::Binary { op: goanna_ast::BinaryOp::Comma, lhs: Box::new(Expr { kind: first, span, ty }), rhs: Box::new(second) }
}

/// The type `void`, of the calls the conversion writes.
fn void_type() -> CType {
    CType { spelling: "void".into(), class: TypeClass::Void, ..CType::default() }
}

/// An expression the analysis does not model.
fn unknown(span: Span) -> Expr {
    Expr { kind: ExprKind::Unknown(Vec::new()), span, ty: CType::default() }
}

/// An unknown address (of an object the conversion does not name).
fn unknown_pointer(span: Span) -> Expr {
    Expr { kind: ExprKind::Unknown(Vec::new()), span, ty: CType { spelling: "void *".into(), class: TypeClass::Pointer, ..CType::default() } }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_forms() {
        let init = NewForm { initialiser: true, ..NewForm::default() };
        assert_eq!(new_form(b"new int[10];"), NewForm { array: true, ..NewForm::default() });
        assert_eq!(new_form(b"new int[n]();"), NewForm { array: true, initialiser: true, ..NewForm::default() });
        assert_eq!(new_form(b"new int(5);"), init);
        assert_eq!(new_form(b"new Pod;"), NewForm::default());
        assert_eq!(new_form(b"new Node(a[1], b);"), init);
        assert_eq!(new_form(b"new (std::nothrow) char[n];"), NewForm { array: true, nothrow: true, ..NewForm::default() });
        assert_eq!(new_form(b"new (buf) A;"), NewForm { placement: true, ..NewForm::default() });
        assert_eq!(new_form(b"::new (p) T(x)"), NewForm { placement: true, initialiser: true, ..NewForm::default() });
        assert_eq!(new_form(b"new (int);"), NewForm::default());
        assert_eq!(new_form(b"new T{a[0]};"), init);
        assert_eq!(new_form(b"new std::vector<int>[3]"), NewForm { array: true, ..NewForm::default() });
    }

    #[test]
    fn delete_forms() {
        assert!(deletes_array(b"delete[] p;"));
        assert!(deletes_array(b"delete [] p;"));
        assert!(deletes_array(b"::delete[] p;"));
        assert!(!deletes_array(b"delete p;"));
        assert!(!deletes_array(b"delete p[0];"));
    }

    #[test]
    fn words() {
        assert!(contains_word(b"(std::nothrow)", b"nothrow"));
        assert!(!contains_word(b"(my_nothrow_t)", b"nothrow"));
    }
}
