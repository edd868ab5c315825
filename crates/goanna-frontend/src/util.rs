//! Small safe wrappers around libclang handles: strings, RAII guards, child lists.

use std::ffi::CStr;
use std::os::raw::c_void;

use clang_sys::*;

/// Converts and disposes a `CXString`.
///
/// # Safety
/// `s` must be a string returned by libclang on a thread where the library is installed, and
/// must not be used afterwards.
pub(crate) unsafe fn cx_string(s: CXString) -> String {
    let ptr = clang_getCString(s);
    let out = if ptr.is_null() {
        String::new()
    } else {
        CStr::from_ptr(ptr).to_string_lossy().into_owned()
    };
    clang_disposeString(s);
    out
}

/// Owns a `CXIndex`; disposes of it on drop.
pub(crate) struct IndexGuard(pub(crate) CXIndex);

impl Drop for IndexGuard {
    fn drop(&mut self) {
        if !self.0.is_null() {
            // SAFETY: created by clang_createIndex and disposed exactly once, after every
            // translation unit created from it (the TU guard is declared later, so dropped first).
            unsafe { clang_disposeIndex(self.0) }
        }
    }
}

/// Owns a `CXTranslationUnit`; disposes of it on drop.
pub(crate) struct TuGuard(pub(crate) CXTranslationUnit);

impl Drop for TuGuard {
    fn drop(&mut self) {
        if !self.0.is_null() {
            // SAFETY: created by clang_parseTranslationUnit2 and disposed exactly once.
            unsafe { clang_disposeTranslationUnit(self.0) }
        }
    }
}

/// Owns a `CXDiagnostic`; disposes of it on drop.
pub(crate) struct DiagGuard(pub(crate) CXDiagnostic);

impl Drop for DiagGuard {
    fn drop(&mut self) {
        if !self.0.is_null() {
            // SAFETY: obtained from clang_getDiagnostic and disposed exactly once.
            unsafe { clang_disposeDiagnostic(self.0) }
        }
    }
}

extern "C" fn push_child(cursor: CXCursor, _parent: CXCursor, data: CXClientData) -> CXChildVisitResult {
    // SAFETY: `data` is the `&mut Vec<CXCursor>` passed by `children` below, alive for the call.
    let out = unsafe { &mut *(data as *mut Vec<CXCursor>) };
    out.push(cursor);
    CXChildVisit_Continue
}

/// The direct children of a cursor, in libclang's visiting order.
pub(crate) fn children(cursor: CXCursor) -> Vec<CXCursor> {
    let mut out: Vec<CXCursor> = Vec::new();
    // SAFETY: the callback only pushes into `out`, which outlives the call; the cursor belongs to
    // a live translation unit (all cursors in this crate do).
    unsafe {
        clang_visitChildren(cursor, push_child, &mut out as *mut Vec<CXCursor> as *mut c_void);
    }
    out
}

/// The function an initialiser designates (`handler`, `&handler`, `(hook_t) handler`, in
/// parentheses or not): its USR.
pub(crate) fn designated_function(init: CXCursor) -> Option<String> {
    let mut cursor = init;
    // Each step goes one level into a cast, a parenthesis or `&`: initialisers are shallow.
    for _ in 0..16 {
        match kind(cursor) {
            CXCursor_DeclRefExpr => {
                // SAFETY: pure accessor on a live cursor.
                let target = unsafe { clang_getCursorReferenced(cursor) };
                return (!is_null(target) && kind(target) == CXCursor_FunctionDecl).then(|| usr(target));
            }
            CXCursor_UnexposedExpr | CXCursor_ParenExpr | CXCursor_CStyleCastExpr | CXCursor_UnaryOperator => {
                let inner = children(cursor);
                let [only] = inner[..] else { return None };
                cursor = only;
            }
            _ => return None,
        }
    }
    None
}

/// True when `var`, an array of constant pointers, is initialised by `init` element by element,
/// every element with the address of an object or a function: `&x`, `&a[1]`, an array, a
/// string literal, a function (casts and parentheses allowed). A list shorter than the array
/// leaves the rest NULL, and a pointer array whose elements are not `const` may be written:
/// neither qualifies.
pub(crate) fn every_element_an_address(var: CXCursor, init: CXCursor) -> bool {
    // SAFETY: pure accessors on a live cursor and the types it gives.
    let (length, element_const, element_pointer) = unsafe {
        let ty = clang_getCursorType(var);
        if ty.kind != CXType_ConstantArray {
            return false;
        }
        let element = clang_getArrayElementType(ty);
        let canonical = clang_getCanonicalType(element);
        (clang_getArraySize(ty), clang_isConstQualifiedType(element) != 0, canonical.kind == CXType_Pointer)
    };
    if !element_const || !element_pointer || kind(init) != CXCursor_InitListExpr {
        return false;
    }
    let elements: Vec<CXCursor> = children(init).into_iter().filter(|&c| is_expr(c)).collect();
    i64::try_from(elements.len()).is_ok_and(|n| n == length && n > 0) && elements.into_iter().all(is_address)
}

/// True when an initialiser is the address of an object or a function (see
/// [`every_element_an_address`]).
fn is_address(init: CXCursor) -> bool {
    let mut cursor = init;
    // Each step goes one level into a cast or a parenthesis: initialisers are shallow.
    for _ in 0..16 {
        match kind(cursor) {
            CXCursor_StringLiteral => return true,
            CXCursor_UnaryOperator => {
                // SAFETY: pure accessor on a live cursor.
                return unsafe { clang_getCursorUnaryOperatorKind(cursor) } == CXUnaryOperator_AddrOf;
            }
            CXCursor_DeclRefExpr => {
                // SAFETY: pure accessors on a live cursor.
                let target = unsafe { clang_getCursorReferenced(cursor) };
                if is_null(target) {
                    return false;
                }
                // SAFETY: as above.
                let array = unsafe { matches!(clang_getCursorType(target).kind, CXType_ConstantArray | CXType_IncompleteArray) };
                return kind(target) == CXCursor_FunctionDecl || (kind(target) == CXCursor_VarDecl && array);
            }
            CXCursor_UnexposedExpr | CXCursor_ParenExpr | CXCursor_CStyleCastExpr => {
                let inner: Vec<CXCursor> = children(cursor).into_iter().filter(|&c| is_expr(c)).collect();
                let [only] = inner[..] else { return false };
                cursor = only;
            }
            _ => return false,
        }
    }
    false
}

/// The USRs of the functions an expression names anywhere inside it (an initialiser's
/// `{ "get", getCommand }`, `&handler`, `(hook_t) handler`), in order, repeats included.
pub(crate) fn functions_named_in(expr: CXCursor) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![expr];
    while let Some(cursor) = stack.pop() {
        if kind(cursor) == CXCursor_DeclRefExpr {
            // SAFETY: pure accessor on a live cursor.
            let target = unsafe { clang_getCursorReferenced(cursor) };
            if !is_null(target) && kind(target) == CXCursor_FunctionDecl {
                found.push(usr(target));
            }
            continue;
        }
        stack.extend(children(cursor).into_iter().rev());
    }
    found
}

/// The USRs of the variables whose address the initialiser `expr` takes: the variable under
/// an `&` (`&count`, `&cfg.limit`, `&table[2]`) and an array named where it decays to its
/// address (`{ "buf", buf }`). Conservative: an array under `sizeof` counts too.
pub(crate) fn variables_addressed_in(expr: CXCursor) -> Vec<String> {
    let mut found = Vec::new();
    // Each entry: a cursor, and whether it is under an `&`.
    let mut stack = vec![(expr, false)];
    while let Some((cursor, under_address)) = stack.pop() {
        if kind(cursor) == CXCursor_DeclRefExpr {
            // SAFETY: pure accessors on a live cursor.
            let (target, array) = unsafe {
                let target = clang_getCursorReferenced(cursor);
                let array = !is_null(target) && matches!(clang_getCanonicalType(clang_getCursorType(target)).kind, CXType_ConstantArray | CXType_IncompleteArray);
                (target, array)
            };
            if !is_null(target) && kind(target) == CXCursor_VarDecl && (under_address || array) {
                found.push(usr(target));
            }
            continue;
        }
        // SAFETY: pure accessor on a live cursor.
        let address = kind(cursor) == CXCursor_UnaryOperator && unsafe { clang_getCursorUnaryOperatorKind(cursor) } == CXUnaryOperator_AddrOf;
        stack.extend(children(cursor).into_iter().rev().map(|c| (c, under_address || address)));
    }
    found
}

/// True when something under `root` refers to the declaration `decl`.
pub(crate) fn refers_to(root: CXCursor, decl: CXCursor) -> bool {
    let mut stack = vec![root];
    while let Some(cursor) = stack.pop() {
        if kind(cursor) == CXCursor_DeclRefExpr {
            // SAFETY: pure accessors on live cursors.
            if unsafe { clang_equalCursors(clang_getCursorReferenced(cursor), decl) } != 0 {
                return true;
            }
            continue;
        }
        stack.extend(children(cursor));
    }
    false
}

/// The cursor's kind.
pub(crate) fn kind(cursor: CXCursor) -> CXCursorKind {
    // SAFETY: pure accessor on a cursor value.
    unsafe { clang_getCursorKind(cursor) }
}

/// True when the cursor is an expression.
pub(crate) fn is_expr(cursor: CXCursor) -> bool {
    // SAFETY: pure classification of a kind value.
    unsafe { clang_isExpression(clang_getCursorKind(cursor)) != 0 }
}

/// True when the cursor is a statement.
pub(crate) fn is_stmt(cursor: CXCursor) -> bool {
    // SAFETY: pure classification of a kind value.
    unsafe { clang_isStatement(clang_getCursorKind(cursor)) != 0 }
}

/// The cursor's spelling (name).
pub(crate) fn spelling(cursor: CXCursor) -> String {
    // SAFETY: the returned string is converted and disposed immediately.
    unsafe { cx_string(clang_getCursorSpelling(cursor)) }
}

/// The cursor's USR.
pub(crate) fn usr(cursor: CXCursor) -> String {
    // SAFETY: the returned string is converted and disposed immediately.
    unsafe { cx_string(clang_getCursorUSR(cursor)) }
}

/// True for the null cursor.
pub(crate) fn is_null(cursor: CXCursor) -> bool {
    // SAFETY: pure accessor on a cursor value.
    unsafe { clang_Cursor_isNull(cursor) != 0 }
}

/// The integer value of a constant expression, via `clang_Cursor_Evaluate`.
pub(crate) fn eval_int(cursor: CXCursor) -> Option<i64> {
    // SAFETY: the evaluation result is disposed before returning.
    unsafe {
        let result = clang_Cursor_Evaluate(cursor);
        if result.is_null() {
            return None;
        }
        let value = if clang_EvalResult_getKind(result) == CXEval_Int {
            if clang_EvalResult_isUnsignedInt(result) != 0 {
                Some(clang_EvalResult_getAsUnsigned(result) as i64)
            } else {
                Some(clang_EvalResult_getAsLongLong(result))
            }
        } else {
            None
        };
        clang_EvalResult_dispose(result);
        value
    }
}

/// The floating value of a constant expression, via `clang_Cursor_Evaluate`.
pub(crate) fn eval_float(cursor: CXCursor) -> Option<f64> {
    // SAFETY: the evaluation result is disposed before returning.
    unsafe {
        let result = clang_Cursor_Evaluate(cursor);
        if result.is_null() {
            return None;
        }
        let value = match clang_EvalResult_getKind(result) {
            CXEval_Float => Some(clang_EvalResult_getAsDouble(result)),
            CXEval_Int => Some(clang_EvalResult_getAsLongLong(result) as f64),
            _ => None,
        };
        clang_EvalResult_dispose(result);
        value
    }
}

/// Decodes the body of a C string literal as printed by Clang (`"a\n\"b"`, possibly with an
/// encoding prefix); non-UTF-8 bytes are replaced.
pub(crate) fn unescape_string_literal(spelling: &str) -> String {
    let body = match (spelling.find('"'), spelling.rfind('"')) {
        (Some(a), Some(b)) if b > a => &spelling[a + 1..b],
        _ => spelling,
    };
    let bytes = body.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        i += 1;
        if c != b'\\' || i >= bytes.len() {
            out.push(c);
            continue;
        }
        let e = bytes[i];
        i += 1;
        match e {
            b'n' => out.push(b'\n'),
            b't' => out.push(b'\t'),
            b'r' => out.push(b'\r'),
            b'a' => out.push(7),
            b'b' => out.push(8),
            b'f' => out.push(12),
            b'v' => out.push(11),
            b'e' => out.push(27),
            b'0'..=b'7' => {
                let mut v = u32::from(e - b'0');
                let mut n = 1;
                while n < 3 && i < bytes.len() && (b'0'..=b'7').contains(&bytes[i]) {
                    v = v * 8 + u32::from(bytes[i] - b'0');
                    i += 1;
                    n += 1;
                }
                push_code(&mut out, v);
            }
            b'x' | b'u' | b'U' => {
                let max = match e {
                    b'u' => 4,
                    b'U' => 8,
                    _ => usize::MAX,
                };
                let mut v: u32 = 0;
                let mut n = 0;
                while n < max && i < bytes.len() && bytes[i].is_ascii_hexdigit() {
                    let d = (bytes[i] as char).to_digit(16).unwrap_or(0);
                    v = v.wrapping_mul(16).wrapping_add(d);
                    i += 1;
                    n += 1;
                }
                if e == b'x' {
                    push_code(&mut out, v);
                } else {
                    let ch = char::from_u32(v).unwrap_or(char::REPLACEMENT_CHARACTER);
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
            }
            other => out.push(other),
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn push_code(out: &mut Vec<u8>, v: u32) {
    if v < 256 {
        out.push(v as u8);
    } else {
        let ch = char::from_u32(v).unwrap_or(char::REPLACEMENT_CHARACTER);
        let mut buf = [0u8; 4];
        out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
    }
}

/// When `expr` (looked at through implicit conversions and parentheses) has an enumeration
/// type: the values of that enumeration's constants.
pub(crate) fn enum_values_of(expr: CXCursor) -> Option<Vec<i64>> {
    let mut cursor = expr;
    // Integer promotion wraps the enum-typed operand in an implicit cast; a few levels suffice.
    for _ in 0..8 {
        // SAFETY: pure accessors on cursor and type values of a live translation unit.
        let canonical = unsafe { clang_getCanonicalType(clang_getCursorType(cursor)) };
        if canonical.kind == CXType_Enum {
            // SAFETY: as above; the declaration cursor belongs to the same unit.
            let decl = unsafe { clang_getTypeDeclaration(canonical) };
            if is_null(decl) {
                return None;
            }
            let values: Vec<i64> = children(decl)
                .into_iter()
                .filter(|&c| kind(c) == CXCursor_EnumConstantDecl)
                // SAFETY: `c` is an enumerator declaration cursor.
                .map(|c| unsafe { clang_getEnumConstantDeclValue(c) })
                .collect();
            return (!values.is_empty()).then_some(values);
        }
        match kind(cursor) {
            CXCursor_UnexposedExpr | CXCursor_ParenExpr => match children(cursor).first() {
                Some(&inner) => cursor = inner,
                None => return None,
            },
            _ => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::unescape_string_literal;

    #[test]
    fn unescapes() {
        assert_eq!(unescape_string_literal(r#""a\n\"bc""#), "a\n\"bc");
        assert_eq!(unescape_string_literal(r#"L"x\x41\101\\""#), "xAA\\");
        assert_eq!(unescape_string_literal(r#""""#), "");
    }
}

