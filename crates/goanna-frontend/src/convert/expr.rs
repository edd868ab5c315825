//! Expressions.

use clang_sys::*;
use goanna_ast::{BinaryOp, Callee, Expr, ExprKind, UnaryOp};

use super::types::is_pointer_typed;
use super::Converter;
use crate::util::{self, children, is_expr, kind};

/// Looks through implicit wrappers (`UnexposedExpr` with one child covering the same source
/// range, i.e. implicit casts and similar) and parentheses.
pub(crate) fn unwrap_unexposed(mut cursor: CXCursor) -> CXCursor {
    loop {
        match kind(cursor) {
            CXCursor_UnexposedExpr | CXCursor_ParenExpr => {
                let kids = children(cursor);
                let exprs: Vec<CXCursor> = kids.iter().copied().filter(|&c| is_expr(c)).collect();
                if exprs.len() != 1 || (kind(cursor) == CXCursor_UnexposedExpr && !same_extent(cursor, exprs[0])) {
                    return cursor;
                }
                cursor = exprs[0];
            }
            _ => return cursor,
        }
    }
}

/// Looks through parentheses only (an implicit conversion stays: it says the operand is read
/// as a value).
pub(crate) fn unwrap_parens(mut cursor: CXCursor) -> CXCursor {
    while kind(cursor) == CXCursor_ParenExpr {
        let kids = children(cursor);
        let mut exprs = kids.iter().copied().filter(|&c| is_expr(c));
        let (Some(only), None) = (exprs.next(), exprs.next()) else { return cursor };
        cursor = only;
    }
    cursor
}

fn same_extent(a: CXCursor, b: CXCursor) -> bool {
    // SAFETY: pure accessors on live cursors.
    unsafe { clang_equalRanges(clang_getCursorExtent(a), clang_getCursorExtent(b)) != 0 }
}

fn binary_op(op: CXBinaryOperatorKind) -> Option<BinaryOp> {
    Some(match op {
        CXBinaryOperator_Mul | CXBinaryOperator_MulAssign => BinaryOp::Mul,
        CXBinaryOperator_Div | CXBinaryOperator_DivAssign => BinaryOp::Div,
        CXBinaryOperator_Rem | CXBinaryOperator_RemAssign => BinaryOp::Rem,
        CXBinaryOperator_Add | CXBinaryOperator_AddAssign => BinaryOp::Add,
        CXBinaryOperator_Sub | CXBinaryOperator_SubAssign => BinaryOp::Sub,
        CXBinaryOperator_Shl | CXBinaryOperator_ShlAssign => BinaryOp::Shl,
        CXBinaryOperator_Shr | CXBinaryOperator_ShrAssign => BinaryOp::Shr,
        CXBinaryOperator_LT => BinaryOp::Lt,
        CXBinaryOperator_GT => BinaryOp::Gt,
        CXBinaryOperator_LE => BinaryOp::Le,
        CXBinaryOperator_GE => BinaryOp::Ge,
        CXBinaryOperator_EQ => BinaryOp::Eq,
        CXBinaryOperator_NE => BinaryOp::Ne,
        CXBinaryOperator_And | CXBinaryOperator_AndAssign => BinaryOp::BitAnd,
        CXBinaryOperator_Xor | CXBinaryOperator_XorAssign => BinaryOp::BitXor,
        CXBinaryOperator_Or | CXBinaryOperator_OrAssign => BinaryOp::BitOr,
        CXBinaryOperator_LAnd => BinaryOp::LogicalAnd,
        CXBinaryOperator_LOr => BinaryOp::LogicalOr,
        CXBinaryOperator_Comma => BinaryOp::Comma,
        _ => return None,
    })
}

fn unary_op(op: CXUnaryOperatorKind) -> UnaryOp {
    match op {
        CXUnaryOperator_PostInc => UnaryOp::PostInc,
        CXUnaryOperator_PostDec => UnaryOp::PostDec,
        CXUnaryOperator_PreInc => UnaryOp::PreInc,
        CXUnaryOperator_PreDec => UnaryOp::PreDec,
        CXUnaryOperator_AddrOf => UnaryOp::AddrOf,
        CXUnaryOperator_Deref => UnaryOp::Deref,
        CXUnaryOperator_Plus => UnaryOp::Plus,
        CXUnaryOperator_Minus => UnaryOp::Neg,
        CXUnaryOperator_Not => UnaryOp::BitNot,
        CXUnaryOperator_LNot => UnaryOp::LogicalNot,
        _ => UnaryOp::Other,
    }
}

/// The value of a C integer literal at the start of `text` (decimal, octal, hex or binary, with
/// optional `u`/`l` suffixes); `None` when it is not one (the caller then asks libclang).
pub(crate) fn parse_int_literal(text: &[u8]) -> Option<i64> {
    let end = text
        .iter()
        .position(|c| !(c.is_ascii_alphanumeric() || *c == b'\'' || *c == b'_'))
        .unwrap_or(text.len());
    let token: Vec<u8> = text[..end].iter().copied().filter(|c| *c != b'\'').collect();
    let token = std::str::from_utf8(&token).ok()?;
    let digits = token.trim_end_matches(['u', 'U', 'l', 'L']);
    if digits.is_empty() || !digits.as_bytes()[0].is_ascii_digit() {
        return None;
    }
    let (radix, body) = if let Some(h) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
        (16, h)
    } else if let Some(b) = digits.strip_prefix("0b").or_else(|| digits.strip_prefix("0B")) {
        (2, b)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..])
    } else {
        (10, digits)
    };
    u64::from_str_radix(body, radix).ok().map(|v| v as i64)
}

/// The class of the parenthesised type name at the start of `text` (what follows `sizeof`):
/// [`goanna_ast::TypeClass::Pointer`] when its last token, qualifiers aside, is `*`.
fn type_name_class(text: &[u8]) -> goanna_ast::TypeClass {
    let text = text.trim_ascii_start();
    let Some(rest) = text.strip_prefix(b"(") else { return goanna_ast::TypeClass::Other };
    let mut depth = 1usize;
    let mut end = None;
    for (i, &c) in rest.iter().enumerate().take(4096) {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    end = Some(i);
                    break;
                }
            }
            _ => {}
        }
    }
    let Some(end) = end else { return goanna_ast::TypeClass::Other };
    let mut name = rest[..end].trim_ascii_end();
    loop {
        let before = name.len();
        for q in [&b"const"[..], b"volatile", b"restrict", b"__restrict"] {
            if let Some(r) = name.strip_suffix(q) {
                if r.last().is_none_or(|c| !(c.is_ascii_alphanumeric() || *c == b'_')) {
                    name = r.trim_ascii_end();
                }
            }
        }
        if name.len() == before {
            break;
        }
    }
    if name.ends_with(b"*") {
        goanna_ast::TypeClass::Pointer
    } else {
        goanna_ast::TypeClass::Other
    }
}

/// The identifier that is the whole parenthesised type name at the start of `text`
/// (`(node_ptr)`), if it is one.
fn lone_type_name(text: &[u8]) -> Option<&[u8]> {
    let inner = text.trim_ascii_start().strip_prefix(b"(")?;
    let end = inner.iter().position(|&c| c == b')')?;
    let name = inner[..end].trim_ascii();
    let ident = !name.is_empty() && name.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_') && !name[0].is_ascii_digit();
    ident.then_some(name)
}

/// True when `text` starts with the identifier `word`.
fn starts_with_word(text: &[u8], word: &[u8]) -> bool {
    text.starts_with(word)
        && !text.get(word.len()).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
}

impl Converter {
    /// Converts an expression cursor; implicit casts and parentheses are dropped.
    pub(crate) fn expr(&mut self, cursor: CXCursor) -> Expr {
        super::with_stack(|| self.expr_here(cursor))
    }

    fn expr_here(&mut self, cursor: CXCursor) -> Expr {
        let mut cursor = cursor;
        let mut kids = children(cursor);
        // An implicit conversion to a pointer to const (an argument passed for a `const T *`
        // parameter): the value is used as a pointer to const here.
        let mut converted_to_const = false;
        // Parentheses were written around it (`(x = 1)`).
        let mut parenthesized = false;
        // Look through parentheses and implicit wrappers without recursion.
        loop {
            let k = kind(cursor);
            if k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr {
                break;
            }
            parenthesized |= k == CXCursor_ParenExpr;
            let mut exprs = kids.iter().copied().filter(|&c| is_expr(c));
            let (Some(only), None) = (exprs.next(), exprs.next()) else { break };
            if k == CXCursor_UnexposedExpr && !same_extent(cursor, only) {
                break;
            }
            if k == CXCursor_UnexposedExpr {
                converted_to_const |= self.cursor_ctype(cursor).points_to_const;
            }
            cursor = only;
            kids = children(cursor);
        }
        let span = self.cursor_span(cursor);
        let mut ty = self.cursor_ctype(cursor);
        if converted_to_const && ty.class == goanna_ast::TypeClass::Pointer {
            ty.points_to_const = true;
        }
        // A bit-field holds fewer bits than its declared type: its value is its width's. One
        // narrower than `int` is promoted to `int`, as a narrow type is; a wider one that is
        // still narrower than its type is arithmetic of the compiler's own choosing, not known.
        if kind(cursor) == CXCursor_MemberRefExpr {
            // SAFETY: pure accessors on a live cursor.
            let field = unsafe { clang_getCursorReferenced(cursor) };
            // SAFETY: as above.
            if unsafe { clang_Cursor_isBitField(field) } != 0 {
                // SAFETY: as above.
                let width = unsafe { clang_getFieldDeclBitWidth(field) };
                ty.int_bits = bit_field_bits(width, ty.int_bits);
            }
        }
        let mut kind = self.expr_kind(cursor, kids, &ty);
        if let ExprKind::Assign { parenthesized: p, .. } = &mut kind {
            *p = parenthesized;
        }
        Expr { kind, span, ty }
    }

    fn exprs(&mut self, kids: &[CXCursor]) -> Vec<Expr> {
        kids.iter().filter(|&&c| is_expr(c)).map(|&c| self.expr(c)).collect()
    }

    fn boxed(&mut self, cursor: Option<CXCursor>, parent: CXCursor) -> Box<Expr> {
        Box::new(match cursor {
            Some(c) => self.expr(c),
            None => Expr {
                kind: ExprKind::Unknown(Vec::new()),
                span: self.cursor_span(parent),
                ty: Default::default(),
            },
        })
    }

    fn expr_kind(&mut self, cursor: CXCursor, kids: Vec<CXCursor>, ty: &goanna_ast::CType) -> ExprKind {
        let exprs: Vec<CXCursor> = kids.iter().copied().filter(|&c| is_expr(c)).collect();
        match kind(cursor) {
            CXCursor_DeclRefExpr => self.decl_ref(cursor, ty),
            CXCursor_IntegerLiteral => {
                // SAFETY: pure accessor on a live cursor.
                let loc = unsafe { clang_getCursorLocation(cursor) };
                match parse_int_literal(self.spelled_text_at(loc)).or_else(|| util::eval_int(cursor)) {
                    Some(v) => ExprKind::IntLit(v),
                    None => ExprKind::Unknown(Vec::new()),
                }
            }
            CXCursor_CharacterLiteral => match util::eval_int(cursor) {
                Some(v) => ExprKind::IntLit(v),
                None => ExprKind::Unknown(Vec::new()),
            },
            CXCursor_FloatingLiteral => match util::eval_float(cursor) {
                Some(v) => ExprKind::FloatLit(v),
                None => ExprKind::Unknown(Vec::new()),
            },
            CXCursor_StringLiteral => ExprKind::StringLit(util::unescape_string_literal(&util::spelling(cursor))),
            CXCursor_UnaryOperator => {
                // SAFETY: pure accessor on a live cursor.
                let op = unary_op(unsafe { clang_getCursorUnaryOperatorKind(cursor) });
                ExprKind::Unary { op, operand: self.boxed(exprs.first().copied(), cursor) }
            }
            CXCursor_BinaryOperator | CXCursor_CompoundAssignOperator => {
                // SAFETY: pure accessor on a live cursor.
                let raw = unsafe { clang_getCursorBinaryOperatorKind(cursor) };
                if exprs.len() != 2 {
                    return ExprKind::Unknown(self.exprs(&exprs));
                }
                let lhs = Box::new(self.expr(exprs[0]));
                let rhs = Box::new(self.expr(exprs[1]));
                if raw == CXBinaryOperator_Assign {
                    return ExprKind::Assign { op: None, lhs, rhs, parenthesized: false };
                }
                match binary_op(raw) {
                    Some(op) if kind(cursor) == CXCursor_CompoundAssignOperator => {
                        ExprKind::Assign { op: Some(op), lhs, rhs, parenthesized: false }
                    }
                    Some(op) => ExprKind::Binary { op, lhs, rhs },
                    None => ExprKind::Unknown(vec![*lhs, *rhs]),
                }
            }
            CXCursor_ConditionalOperator if exprs.len() == 3 => ExprKind::Conditional {
                cond: Box::new(self.expr(exprs[0])),
                then: Some(Box::new(self.expr(exprs[1]))),
                els: Box::new(self.expr(exprs[2])),
            },
            CXCursor_CallExpr => match self.cxx_call(cursor, &exprs) {
                Some(call) => call,
                None => self.call(cursor, &exprs),
            },
            CXCursor_MemberRefExpr => {
                let member = match exprs.first() {
                    Some(&base) => {
                        let arrow = is_pointer_typed(base);
                        ExprKind::Member { base: Box::new(self.expr(base)), field: util::spelling(cursor), arrow }
                    }
                    // C++: a member of `this`, named without it.
                    None if self.this_var.is_some() => self.implicit_member(cursor, util::spelling(cursor)),
                    None => return ExprKind::Unknown(Vec::new()),
                };
                let span = self.cursor_span(cursor);
                self.member_read_through(cursor, member, span, ty)
            }
            CXCursor_ArraySubscriptExpr if exprs.len() == 2 => {
                let (b, i) = if !is_pointer_typed(exprs[0]) && is_pointer_typed(exprs[1]) {
                    (exprs[1], exprs[0])
                } else {
                    (exprs[0], exprs[1])
                };
                ExprKind::Index { base: Box::new(self.expr(b)), index: Box::new(self.expr(i)) }
            }
            CXCursor_CStyleCastExpr if !exprs.is_empty() => ExprKind::Cast(self.boxed(exprs.last().copied(), cursor)),
            CXCursor_UnaryExpr => {
                let operand = exprs.last().map(|&e| Box::new(self.expr(e)));
                let sizeof_class = self.sizeof_class(cursor, &kids, operand.as_deref());
                ExprKind::Unevaluated { value: util::eval_int(cursor), operand, sizeof_class }
            }
            CXCursor_InitListExpr => ExprKind::InitList(self.exprs(&exprs)),
            CXCursor_CompoundLiteralExpr if !exprs.is_empty() => {
                ExprKind::CompoundLiteral(self.boxed(exprs.last().copied(), cursor))
            }
            CXCursor_StmtExpr => match kids.iter().find(|&&c| kind(c) == CXCursor_CompoundStmt) {
                Some(&body) => ExprKind::StmtExpr(Box::new(self.stmt(body))),
                None => ExprKind::Unknown(Vec::new()),
            },
            CXCursor_UnexposedExpr => self.unexposed(cursor, &exprs),
            // `&&L`: a value the expressions do not follow; the label is a target of the
            // function's computed gotos.
            CXCursor_AddrLabelExpr => {
                if let Some(&label) = kids.iter().find(|&&c| kind(c) == CXCursor_LabelRef) {
                    self.addressed_labels.push(util::spelling(label));
                }
                ExprKind::Unknown(Vec::new())
            }
            _ => match self.cxx_expr_kind(cursor, &exprs) {
                Some(kind) => kind,
                None => ExprKind::Unknown(self.exprs(&exprs)),
            },
        }
    }

    fn decl_ref(&mut self, cursor: CXCursor, ty: &goanna_ast::CType) -> ExprKind {
        // SAFETY: pure accessor on a live cursor.
        let decl = unsafe { clang_getCursorReferenced(cursor) };
        match kind(decl) {
            CXCursor_VarDecl | CXCursor_ParmDecl => {
                let span = self.cursor_span(cursor);
                self.var_ref(decl, span, ty)
            }
            k if super::cxx::is_function_kind(k) => {
                let usr = util::usr(decl);
                self.ensure_declared(decl, &usr);
                // Named other than as a direct callee (those never reach here): its address.
                self.out.address_taken.push(usr.clone());
                ExprKind::FunctionRef { name: self.qualified_name(decl), usr }
            }
            CXCursor_EnumConstantDecl => ExprKind::EnumConst {
                name: util::spelling(decl),
                // SAFETY: pure accessor on an enumerator cursor.
                value: unsafe { clang_getEnumConstantDeclValue(decl) },
            },
            _ => ExprKind::Unknown(Vec::new()),
        }
    }

    fn call(&mut self, cursor: CXCursor, exprs: &[CXCursor]) -> ExprKind {
        let Some((&callee_cursor, args)) = exprs.split_first() else {
            return ExprKind::Unknown(Vec::new());
        };
        let callee = match self.direct_callee(callee_cursor) {
            Some(decl) => {
                let usr = util::usr(decl);
                self.ensure_declared(decl, &usr);
                Callee::Direct { name: self.qualified_name(decl), usr }
            }
            None => Callee::Indirect(self.boxed(Some(callee_cursor), cursor)),
        };
        let args = args.iter().map(|&a| self.expr(a)).collect();
        ExprKind::Call { callee, args }
    }

    /// The function declaration named by a callee after dropping casts, parentheses and `*`.
    fn direct_callee(&mut self, mut cursor: CXCursor) -> Option<CXCursor> {
        for _ in 0..64 {
            match kind(cursor) {
                CXCursor_DeclRefExpr => {
                    // SAFETY: pure accessor on a live cursor.
                    let decl = unsafe { clang_getCursorReferenced(cursor) };
                    return (super::cxx::is_function_kind(kind(decl)) || kind(decl) == CXCursor_FunctionTemplate).then_some(decl);
                }
                CXCursor_UnexposedExpr | CXCursor_ParenExpr | CXCursor_CStyleCastExpr => {
                    cursor = children(cursor).into_iter().rfind(|&c| is_expr(c))?;
                }
                CXCursor_UnaryOperator => {
                    // SAFETY: pure accessor on a live cursor.
                    if unsafe { clang_getCursorUnaryOperatorKind(cursor) } != CXUnaryOperator_Deref {
                        return None;
                    }
                    cursor = children(cursor).into_iter().find(|&c| is_expr(c))?;
                }
                _ => return None,
            }
        }
        None
    }

    /// For a `sizeof` (`UnaryExpr` cursor): the class of the type it measures. An operand
    /// expression gives its own type; a type name is a pointer when it is written ending in
    /// `*` (qualifiers aside), or when it is a lone typedef name for a pointer type
    /// (`sizeof(node_ptr)`); anything else is [`goanna_ast::TypeClass::Other`].
    fn sizeof_class(&mut self, cursor: CXCursor, kids: &[CXCursor], operand: Option<&Expr>) -> Option<goanna_ast::TypeClass> {
        // SAFETY: pure accessors on a live cursor.
        let start = unsafe { clang_getRangeStart(clang_getCursorExtent(cursor)) };
        let text = self.spelled_text_at(start);
        if !starts_with_word(text, b"sizeof") {
            return None;
        }
        if let Some(e) = operand {
            return Some(e.ty.class);
        }
        let rest = &text[b"sizeof".len()..];
        let class = type_name_class(rest);
        if class != goanna_ast::TypeClass::Other {
            return Some(class);
        }
        // `sizeof(name)` with `name` a typedef: the class of the type it stands for.
        let name = lone_type_name(rest);
        let typedef = kids.iter().find(|&&k| kind(k) == CXCursor_TypeRef && name.is_some_and(|n| util::spelling(k).as_bytes() == n));
        Some(typedef.map_or(goanna_ast::TypeClass::Other, |&k| self.cursor_ctype(k).class))
    }

    /// `UnexposedExpr` that is not a plain implicit wrapper: `va_arg`, `offsetof`, GNU `?:`,
    /// designated initialisers, or something unmodelled.
    fn unexposed(&mut self, cursor: CXCursor, exprs: &[CXCursor]) -> ExprKind {
        // SAFETY: pure accessors on a live cursor.
        let start = unsafe { clang_getRangeStart(clang_getCursorExtent(cursor)) };
        let text = self.spelled_text_at(start);
        if starts_with_word(text, b"__builtin_va_arg") || starts_with_word(text, b"va_arg") {
            return ExprKind::VaArg(self.boxed(exprs.first().copied(), cursor));
        }
        if starts_with_word(text, b"__builtin_offsetof") || starts_with_word(text, b"offsetof") {
            return ExprKind::Unevaluated { value: util::eval_int(cursor), operand: None, sizeof_class: None };
        }
        let designated = matches!(text.first(), Some(b'.') | Some(b'['));
        if designated && !exprs.is_empty() {
            // Designator indices are integer constant expressions: only the value matters.
            return self.expr(exprs[exprs.len() - 1]).into_kind();
        }
        if exprs.len() == 4 && same_extent(exprs[0], exprs[1]) && same_extent(exprs[0], exprs[2]) {
            // BinaryConditionalOperator: common, opaque cond, opaque true, false.
            return ExprKind::Conditional {
                cond: Box::new(self.expr(exprs[0])),
                then: None,
                els: Box::new(self.expr(exprs[3])),
            };
        }
        if exprs.len() == 1 {
            return self.expr(exprs[0]).into_kind();
        }
        ExprKind::Unknown(self.exprs(exprs))
    }
}

/// The width in bits a bit-field of `width` bits declared with a type of `declared` bits is
/// modelled with: its own when it is promoted to `int` (narrower than 32 bits) or fills its
/// type; 0 (not known) otherwise, or when libclang gives no width.
fn bit_field_bits(width: i32, declared: u8) -> u8 {
    match u8::try_from(width) {
        Ok(w) if w >= 1 && (w < 32 || w == declared) && w <= declared => w,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::parse_int_literal;

    #[test]
    fn integer_literals() {
        assert_eq!(parse_int_literal(b"42;"), Some(42));
        assert_eq!(parse_int_literal(b"0x1fUL)"), Some(31));
        assert_eq!(parse_int_literal(b"017"), Some(15));
        assert_eq!(parse_int_literal(b"0b101"), Some(5));
        assert_eq!(parse_int_literal(b"0"), Some(0));
        assert_eq!(parse_int_literal(b"1'000"), Some(1000));
        assert_eq!(parse_int_literal(b"0xFFFFFFFFFFFFFFFF"), Some(-1));
        assert_eq!(parse_int_literal(b"FOO"), None);
    }

    #[test]
    fn bit_field_widths() {
        use super::bit_field_bits;
        assert_eq!(bit_field_bits(5, 32), 5);
        assert_eq!(bit_field_bits(1, 8), 1);
        assert_eq!(bit_field_bits(32, 32), 32);
        assert_eq!(bit_field_bits(64, 64), 64);
        // Wider than `int` but narrower than its type: the compiler's arithmetic.
        assert_eq!(bit_field_bits(40, 64), 0);
        assert_eq!(bit_field_bits(0, 32), 0);
        assert_eq!(bit_field_bits(-1, 32), 0);
        // A type of unknown layout keeps none.
        assert_eq!(bit_field_bits(5, 0), 0);
    }

    #[test]
    fn sizeof_type_names() {
        use super::type_name_class;
        use goanna_ast::TypeClass::{Other, Pointer};
        assert_eq!(type_name_class(b"(char *) * n"), Pointer);
        assert_eq!(type_name_class(b" (struct node * const)"), Pointer);
        assert_eq!(type_name_class(b"(int (*)(void))"), Other);
        assert_eq!(type_name_class(b"(struct node)"), Other);
        assert_eq!(type_name_class(b"(char)*p"), Other);
        assert_eq!(type_name_class(b"x"), Other);
    }
}

