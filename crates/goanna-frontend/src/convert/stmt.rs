//! Statements.

use clang_sys::*;
use goanna_ast::{Expr, ExprKind, LocalDecl, Span, Stmt, StmtKind};

use super::cxx::ScopeFrame;
use super::expr::unwrap_unexposed;
use super::spans;
use super::Converter;
use crate::util::{self, children, is_expr, is_stmt, kind};

/// Longest macro definition (in lines) searched for the `#define` that spells a statement.
const MAX_DEFINITION_LINES: usize = 200;

impl Converter {
    /// True when the `if` at `cursor` is spelled inside the definition of a macro whose name
    /// says it asserts (`GIT_ASSERT__WITH_RETVAL`, `ASSERT_OR_RETURN`, `my_assert`), through
    /// any nesting of macros: its spelling location lies in a `#define` whose name contains
    /// `assert` (any case).
    fn spelled_in_assertion_macro(&mut self, cursor: CXCursor) -> bool {
        // SAFETY: pure accessor on a live cursor.
        let loc = unsafe { clang_getCursorLocation(cursor) };
        let (spelled, expanded) = (spans::spelling_loc(loc), spans::expansion(loc));
        if spelled.file == expanded.file && spelled.offset == expanded.offset {
            return false;
        }
        let text = self.text(spelled.file);
        defining_macro(text, spelled.offset as usize).is_some_and(|name| name.to_ascii_lowercase().contains("assert"))
    }

    /// Converts a statement cursor (an expression cursor becomes an expression statement).
    pub(crate) fn stmt(&mut self, cursor: CXCursor) -> Stmt {
        super::with_stack(|| {
            let mut span = self.cursor_span(cursor);
            let kind = self.stmt_kind(cursor, span);
            if matches!(kind, StmtKind::Null) && self.null_after_macro(cursor) {
                span.from_macro = true;
            }
            let indent = if span.from_macro { 0 } else { self.layout_indent(cursor) };
            Stmt { kind, span, indent }
        })
    }

    /// [`Stmt::indent`] of the statement at `cursor`: its visual column when only
    /// whitespace precedes it on its line and no preprocessor directive stands between it
    /// and the code above (blank and comment lines looked through); 0 otherwise.
    fn layout_indent(&mut self, cursor: CXCursor) -> u32 {
        // SAFETY: pure accessor on a live cursor.
        let loc = spans::expansion(unsafe { clang_getCursorLocation(cursor) });
        let text = self.text(loc.file);
        layout_indent(text, loc.offset as usize)
    }

    /// True when the `;` of a null statement ends an invocation of a macro that expanded to
    /// nothing (`LOG(x);`, `UNUSED;`): what comes before it, whitespace aside, is an
    /// identifier that is not a keyword, or a `)` whose `(` follows one.
    fn null_after_macro(&mut self, cursor: CXCursor) -> bool {
        // SAFETY: pure accessor on a live cursor.
        let loc = spans::spelling_loc(unsafe { clang_getCursorLocation(cursor) });
        let text = self.text(loc.file);
        let Some(before) = text.get(..loc.offset as usize) else { return false };
        let before = before.trim_ascii_end();
        let before = if before.last() == Some(&b')') {
            let mut depth = 0usize;
            let mut open = None;
            for (i, &c) in before.iter().enumerate().rev().take(4096) {
                match c {
                    b')' => depth += 1,
                    b'(' => {
                        depth -= 1;
                        if depth == 0 {
                            open = Some(i);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            match open {
                Some(i) => before[..i].trim_ascii_end(),
                None => return false,
            }
        } else {
            before
        };
        let word_start = before.iter().rposition(|c| !(c.is_ascii_alphanumeric() || *c == b'_')).map_or(0, |i| i + 1);
        let word = &before[word_start..];
        !word.is_empty() && !matches!(word, b"if" | b"while" | b"for" | b"else" | b"do" | b"return" | b"switch")
    }

    fn boxed_stmt(&mut self, cursor: Option<CXCursor>, span: Span) -> Box<Stmt> {
        Box::new(match cursor {
            Some(c) => self.stmt(c),
            None => Stmt { kind: StmtKind::Null, span, indent: 0 },
        })
    }

    fn expr_or_unknown(&mut self, cursor: Option<CXCursor>, span: Span) -> Expr {
        match cursor {
            Some(c) => self.expr(c),
            None => Expr { kind: ExprKind::Unknown(Vec::new()), span, ty: Default::default() },
        }
    }

    fn stmt_kind(&mut self, cursor: CXCursor, span: Span) -> StmtKind {
        let k = kind(cursor);
        if is_expr(cursor) {
            if let Some(lowered) = self.assigned_new(unwrap_unexposed(cursor), span) {
                return lowered;
            }
            return StmtKind::Expr(self.expr(cursor));
        }
        let kids = children(cursor);
        match k {
            CXCursor_CompoundStmt => {
                self.scopes.push(ScopeFrame::Block(Vec::new()));
                let mut stmts: Vec<Stmt> = kids.iter().map(|&c| self.stmt(c)).collect();
                if !stmts.last().is_some_and(leaves_block) {
                    let end = closing_brace(span);
                    stmts.extend(self.block_end(end));
                }
                self.scopes.pop();
                StmtKind::Compound(stmts)
            }
            CXCursor_DeclStmt => self.decl_stmt(&kids, span),
            CXCursor_NullStmt => StmtKind::Null,
            CXCursor_BreakStmt => with_exits(self.scope_exit(true, span, None), StmtKind::Break, span),
            CXCursor_ContinueStmt => with_exits(self.scope_exit(true, span, None), StmtKind::Continue, span),
            CXCursor_CXXForRangeStmt => self.range_for(&kids, span),
            CXCursor_CXXTryStmt => self.try_stmt(&kids, span),
            CXCursor_IfStmt => {
                let cond = self.expr_or_unknown(kids.first().copied(), span);
                let mut then = self.boxed_stmt(kids.get(1).copied(), span);
                let els = kids.get(2).map(|&c| Box::new(self.stmt(c)));
                if els.is_none() && self.spelled_in_assertion_macro(cursor) && returns(&then) {
                    then = Box::new(assertion_failure(*then));
                }
                StmtKind::If { cond, then, els }
            }
            CXCursor_WhileStmt => {
                let cond = self.expr_or_unknown(kids.first().copied(), span);
                self.scopes.push(ScopeFrame::Breakable);
                let body = self.boxed_stmt(kids.get(1).copied(), span);
                self.scopes.pop();
                StmtKind::While { cond, body }
            }
            CXCursor_DoStmt => {
                self.scopes.push(ScopeFrame::Breakable);
                let body = self.boxed_stmt(kids.first().copied(), span);
                self.scopes.pop();
                let cond = self.expr_or_unknown(kids.get(1).copied(), span);
                StmtKind::DoWhile { body, cond }
            }
            CXCursor_ForStmt => self.for_stmt(cursor, &kids, span),
            CXCursor_SwitchStmt => {
                let enum_values = kids.first().and_then(|&c| util::enum_values_of(c));
                let cond = self.expr_or_unknown(kids.first().copied(), span);
                self.scopes.push(ScopeFrame::Breakable);
                let body = self.boxed_stmt(kids.get(1).copied(), span);
                self.scopes.pop();
                StmtKind::Switch { cond, enum_values, body }
            }
            CXCursor_CaseStmt => {
                let lo = kids.first().and_then(|&c| util::eval_int(c));
                let (hi, body) = if kids.len() >= 3 {
                    (util::eval_int(kids[1]), kids.last().copied())
                } else {
                    (None, kids.get(1).copied())
                };
                StmtKind::Case { lo, hi, body: self.boxed_stmt(body, span) }
            }
            CXCursor_DefaultStmt => StmtKind::Default(self.boxed_stmt(kids.first().copied(), span)),
            CXCursor_GotoStmt => {
                let name = kids
                    .iter()
                    .find(|&&c| kind(c) == CXCursor_LabelRef)
                    .map(|&c| util::spelling(c))
                    .unwrap_or_default();
                StmtKind::Goto(name)
            }
            CXCursor_IndirectGotoStmt => {
                StmtKind::IndirectGoto(self.expr_or_unknown(kids.iter().copied().find(|&c| is_expr(c)), span))
            }
            CXCursor_LabelStmt => StmtKind::Label {
                name: util::spelling(cursor),
                body: self.boxed_stmt(kids.last().copied(), span),
            },
            CXCursor_ReturnStmt => {
                let value_cursor = kids.iter().copied().find(|&c| is_expr(c));
                // `return new T(a);`: constructed in a local of its own first.
                if let Some((mut stmts, holder)) = value_cursor.and_then(|c| self.returned_new(c, span)) {
                    let exits = self.scope_exit(false, span, None);
                    stmts.extend(exits);
                    stmts.push(Stmt { kind: StmtKind::Return(Some(holder)), span, indent: 0 });
                    return StmtKind::Compound(stmts);
                }
                let value = value_cursor.map(|c| self.expr(c)).map(|e| self.returned_value(e));
                // A local object returned by value is moved or elided into the caller's: it
                // is not destroyed here.
                let returned_object = value.as_ref().and_then(|v| match v.kind {
                    ExprKind::Var(id) if v.ty.class == goanna_ast::TypeClass::Record => Some(id),
                    _ => None,
                });
                let exits = self.scope_exit(false, span, returned_object);
                self.return_after(value, exits, span)
            }
            CXCursor_AsmStmt | CXCursor_MSAsmStmt => {
                // An input operand in a register is converted to a value (an implicit
                // conversion, exposed as `UnexposedExpr`), or is no lvalue at all (`"r"(n + 1)`);
                // an output, or a memory operand, is an lvalue the statement may write.
                let (mut outputs, mut inputs) = (Vec::new(), Vec::new());
                for &c in kids.iter().filter(|&&c| is_expr(c)) {
                    let lvalue = matches!(
                        kind(super::expr::unwrap_parens(c)),
                        CXCursor_DeclRefExpr | CXCursor_MemberRefExpr | CXCursor_ArraySubscriptExpr | CXCursor_UnaryOperator
                    );
                    if lvalue {
                        outputs.push(self.expr(c));
                    } else {
                        inputs.push(self.expr(c));
                    }
                }
                StmtKind::Asm { outputs, inputs }
            }
            _ => {
                // Unexposed wrappers (e.g. attributed statements) around a single statement.
                let stmts: Vec<CXCursor> = kids.iter().copied().filter(|&c| is_stmt(c) || is_expr(c)).collect();
                if stmts.len() == 1 && is_stmt(stmts[0]) && !is_expr(stmts[0]) {
                    return self.stmt(stmts[0]).into_kind();
                }
                StmtKind::Unknown(kids.iter().filter(|&&c| is_expr(c)).map(|&c| self.expr(c)).collect())
            }
        }
    }

    /// A declaration statement: its variables (other declarations are dropped; block-scope
    /// function declarations are recorded in `declarations`). A C++ object the program's own
    /// constructor builds is declared, then constructed by a call with its address (the
    /// statement becomes a block of the pieces), and its destructor is registered with the
    /// enclosing block.
    fn decl_stmt(&mut self, kids: &[CXCursor], stmt_span: Span) -> StmtKind {
        let mut pieces: Vec<Stmt> = Vec::new();
        let mut current: Vec<LocalDecl> = Vec::new();
        for &c in kids {
            match kind(c) {
                CXCursor_VarDecl => {
                    let var = self.var_id(c);
                    // SAFETY: pure accessor on a live cursor.
                    let init_cursor = unsafe { clang_Cursor_getVarDeclInitializer(c) };
                    let name = self.out.vars[var.0 as usize].name.clone();
                    let name_span = self.name_span(c, &name);
                    let full = self.cursor_span(c);
                    let span = if name_span.file == full.file && name_span.start >= full.start && !full.from_macro {
                        goanna_ast::Span { start: name_span.start, line: name_span.line, col: name_span.col, ..full }
                    } else {
                        full
                    };
                    let (init, construct) = if util::is_null(init_cursor) || !is_expr(init_cursor) {
                        (None, None)
                    } else {
                        self.declare_object(c, var, init_cursor, span)
                    };
                    // A variable-length array reads its sizes when it is declared.
                    // SAFETY: pure accessor on a live cursor.
                    let variable_length = unsafe { clang_getCursorType(c).kind == CXType_VariableArray };
                    // SAFETY: pure comparison of two cursors.
                    let is_init = |k: CXCursor| unsafe { clang_equalCursors(k, init_cursor) != 0 };
                    let sizes = if variable_length {
                        children(c).into_iter().filter(|&k| is_expr(k) && !is_init(k)).map(|k| self.expr(k)).collect()
                    } else {
                        Vec::new()
                    };
                    current.push(LocalDecl { var, init, span, sizes });
                    if let Some(construct) = construct {
                        pieces.push(Stmt { kind: StmtKind::Decl(std::mem::take(&mut current)), span: stmt_span, indent: 0 });
                        pieces.push(construct);
                    }
                    self.register_object(c, var, span);
                }
                CXCursor_FunctionDecl => {
                    self.declare_function(c, false);
                }
                _ => {}
            }
        }
        if pieces.is_empty() {
            return StmtKind::Decl(current);
        }
        if !current.is_empty() {
            pieces.push(Stmt { kind: StmtKind::Decl(current), span: stmt_span, indent: 0 });
        }
        StmtKind::Compound(pieces)
    }

    /// `return value;` after the destructors of the objects in scope: a value that reads one of
    /// them, or calls anything, is kept in a variable of its own first.
    fn return_after(&mut self, value: Option<goanna_ast::Expr>, exits: Vec<Stmt>, span: Span) -> StmtKind {
        if exits.is_empty() {
            return StmtKind::Return(value);
        }
        let mut stmts = Vec::new();
        let value = match value {
            Some(v) if !is_plain_value(&v) => {
                let tmp = self.synthetic_local("return value", v.ty.clone(), v.span);
                let v_span = v.span;
                let ty = v.ty.clone();
                stmts.push(Stmt { kind: StmtKind::Decl(vec![LocalDecl { var: tmp, init: Some(v), span: v_span, sizes: Vec::new() }]), span, indent: 0 });
                Some(goanna_ast::Expr { kind: ExprKind::Var(tmp), span: v_span, ty })
            }
            other => other,
        };
        stmts.extend(exits);
        stmts.push(Stmt { kind: StmtKind::Return(value), span, indent: 0 });
        StmtKind::Compound(stmts)
    }

    /// `for`: libclang omits absent parts, so each header child is placed by its position
    /// relative to the two `;` of the header (scanned in the spelled source), with a fallback by
    /// expression shape when the header is not plain text (e.g. written by a macro).
    fn for_stmt(&mut self, cursor: CXCursor, kids: &[CXCursor], span: Span) -> StmtKind {
        let Some((&body_cursor, header)) = kids.split_last() else {
            return StmtKind::For { init: None, cond: None, inc: None, body: Box::new(Stmt { kind: StmtKind::Null, span, indent: 0 }) };
        };
        let mut slots: [Option<CXCursor>; 3] = [None; 3];
        if header.len() == 3 {
            slots = [Some(header[0]), Some(header[1]), Some(header[2])];
        } else if !header.is_empty() {
            match self.for_header(cursor) {
                Some(HeaderText { file, open, semi1, semi2, close }) => {
                    for &c in header {
                        // SAFETY: pure accessors on a live cursor.
                        let start = unsafe { clang_getRangeStart(clang_getCursorExtent(c)) };
                        let l = spans::spelling_loc(start);
                        // Where the child is spelled inside the header says its slot; one
                        // spelled elsewhere (a macro's argument, when the loop is written in
                        // the macro) is placed by its shape.
                        let inside = l.file == file && l.offset > open && l.offset < close;
                        let slot = if kind(c) == CXCursor_DeclStmt || (inside && l.offset < semi1) {
                            0
                        } else if inside && l.offset < semi2 {
                            1
                        } else if inside {
                            2
                        } else {
                            guess_slot(c, &slots)
                        };
                        slots[slot] = Some(c);
                    }
                }
                None => {
                    for &c in header {
                        let slot = guess_slot(c, &slots);
                        slots[slot] = Some(c);
                    }
                }
            }
        }
        let init = slots[0].map(|c| Box::new(self.stmt(c)));
        let cond = slots[1].map(|c| self.expr(c));
        let inc = slots[2].map(|c| self.expr(c));
        self.scopes.push(ScopeFrame::Breakable);
        let body = Box::new(self.stmt(body_cursor));
        self.scopes.pop();
        StmtKind::For { init, cond, inc, body }
    }

    /// Where a `for` header is spelled: its file, and the offsets of its `(`, its two
    /// top-level `;` and its `)`.
    fn for_header(&mut self, cursor: CXCursor) -> Option<HeaderText> {
        // SAFETY: pure accessors on a live cursor.
        let start = unsafe { clang_getRangeStart(clang_getCursorExtent(cursor)) };
        let l = spans::spelling_loc(start);
        let text = self.text(l.file);
        let rest = text.get(l.offset as usize..)?;
        if !rest.starts_with(b"for") {
            return None;
        }
        let mut i = 3;
        let mut depth = 0i32;
        let mut open = None;
        let mut semis = Vec::with_capacity(2);
        while i < rest.len() && i < 1 << 20 {
            let c = rest[i];
            match c {
                b'(' | b'[' | b'{' => {
                    depth += 1;
                    open = open.or(Some(l.offset + i as u32));
                }
                b')' | b']' | b'}' => {
                    depth -= 1;
                    if depth <= 0 {
                        return match (open, &semis[..]) {
                            (Some(open), &[semi1, semi2]) => Some(HeaderText { file: l.file, open, semi1, semi2, close: l.offset + i as u32 }),
                            _ => None,
                        };
                    }
                }
                b';' if depth == 1 => {
                    semis.push(l.offset + i as u32);
                }
                b'"' | b'\'' => {
                    i += 1;
                    while i < rest.len() && rest[i] != c {
                        if rest[i] == b'\\' {
                            i += 1;
                        }
                        i += 1;
                    }
                }
                b'/' if rest.get(i + 1) == Some(&b'*') => {
                    i += 2;
                    while i + 1 < rest.len() && !(rest[i] == b'*' && rest[i + 1] == b'/') {
                        i += 1;
                    }
                    i += 1;
                }
                b'/' if rest.get(i + 1) == Some(&b'/') => {
                    while i < rest.len() && rest[i] != b'\n' {
                        i += 1;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        None
    }
}

/// Where a `for` header is spelled ([`Converter::for_header`]): its file and the offsets in
/// it of the header's `(`, its two top-level `;` and its `)`.
struct HeaderText {
    file: CXFile,
    open: u32,
    semi1: u32,
    semi2: u32,
    close: u32,
}

/// Fallback placement of a `for` header child: declarations and assignments before a
/// condition are the init, comparisons the condition, other updates the increment.
fn guess_slot(c: CXCursor, slots: &[Option<CXCursor>; 3]) -> usize {
    let inner = unwrap_unexposed(c);
    let update = match kind(inner) {
        CXCursor_DeclStmt => return 0,
        CXCursor_CompoundAssignOperator => true,
        // SAFETY: pure accessors on a live cursor.
        CXCursor_BinaryOperator => unsafe {
            matches!(clang_getCursorBinaryOperatorKind(inner), CXBinaryOperator_Assign | CXBinaryOperator_Comma)
        },
        CXCursor_UnaryOperator => unsafe {
            matches!(
                clang_getCursorUnaryOperatorKind(inner),
                CXUnaryOperator_PostInc | CXUnaryOperator_PostDec | CXUnaryOperator_PreInc | CXUnaryOperator_PreDec
            )
        },
        _ => false,
    };
    if !update {
        1
    } else if slots[0].is_none() && slots[1].is_none() {
        0
    } else {
        2
    }
}

/// The name of the macro whose `#define` (with its `\\` continuation lines) contains byte
/// `offset` of `text`; `None` when the offset is not inside a macro definition.
fn defining_macro(text: &[u8], offset: usize) -> Option<String> {
    let mut line_start = text.get(..offset)?.iter().rposition(|&c| c == b'\n').map_or(0, |i| i + 1);
    for _ in 0..MAX_DEFINITION_LINES {
        let line_end = text[line_start..].iter().position(|&c| c == b'\n').map_or(text.len(), |i| line_start + i);
        let line = &text[line_start..line_end];
        let trimmed = line.trim_ascii_start();
        if let Some(rest) = trimmed.strip_prefix(b"#") {
            let rest = rest.trim_ascii_start().strip_prefix(b"define")?;
            let name: Vec<u8> = rest.trim_ascii_start().iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').copied().collect();
            return (!name.is_empty()).then(|| String::from_utf8_lossy(&name).into_owned());
        }
        // The line before must continue onto this one.
        if line_start == 0 {
            return None;
        }
        let prev_end = line_start - 1;
        let prev_start = text[..prev_end].iter().rposition(|&c| c == b'\n').map_or(0, |i| i + 1);
        let prev = text[prev_start..prev_end].trim_ascii_end();
        if !prev.ends_with(b"\\") {
            return None;
        }
        line_start = prev_start;
    }
    None
}

/// True when the statement contains a `return`.
fn returns(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Return(_) => true,
        StmtKind::Compound(items) => items.iter().any(returns),
        StmtKind::If { then, els, .. } => returns(then) || els.as_deref().is_some_and(returns),
        _ => false,
    }
}

/// The failure branch of an assertion macro that returns (libgit2's `GIT_ASSERT`: set an error,
/// `return -1`), read as `assert` is: the program's state is corrupt there and the branch is
/// not a path a caller can take. Its `return`s become their value's evaluation, and the branch
/// ends in `abort()`.
fn assertion_failure(s: Stmt) -> Stmt {
    let span = s.span;
    let abort = Expr {
        kind: ExprKind::Call { callee: goanna_ast::Callee::Direct { name: "abort".into(), usr: "c:@F@abort".into() }, args: Vec::new() },
        span,
        ty: Default::default(),
    };
    Stmt { kind: StmtKind::Compound(vec![without_returns(s), Stmt { kind: StmtKind::Expr(abort), span, indent: 0 }]), span, indent: 0 }
}

/// Tab stops of the visual columns of [`layout_indent`].
const TAB_WIDTH: u32 = 8;
/// Lines above a statement searched for a preprocessor directive.
const MAX_LINES_ABOVE: usize = 64;
/// Longest line above a statement read in full (a longer one counts as code).
const MAX_LINE_SCAN: usize = 4096;

/// The visual column of the code at `offset` of `text` when it starts its line and no
/// preprocessor directive stands between it and the code above it; 0 otherwise. Reads only
/// the statement's indentation and the lines above it up to the previous code (each at most
/// [`MAX_LINE_SCAN`] bytes), so that long lines of generated code cost nothing per statement.
fn layout_indent(text: &[u8], offset: usize) -> u32 {
    let Some(before) = text.get(..offset) else { return 0 };
    let indent_len = before.iter().rev().take_while(|&&c| c == b' ' || c == b'\t').count();
    let line_start = offset - indent_len;
    if line_start > 0 && before[line_start - 1] != b'\n' {
        return 0;
    }
    let col = before[line_start..].iter().fold(0u32, |col, &c| if c == b'\t' { (col / TAB_WIDTH + 1) * TAB_WIDTH } else { col + 1 });
    // The lines above, up to the previous line of code.
    let mut end = line_start;
    for _ in 0..MAX_LINES_ABOVE {
        if end == 0 {
            break;
        }
        let above = &before[end.saturating_sub(MAX_LINE_SCAN + 1)..end - 1];
        let Some(start) = above.iter().rposition(|&c| c == b'\n').map(|i| i + 1).or((above.len() < MAX_LINE_SCAN).then_some(0)) else {
            break;
        };
        let line = above[start..].trim_ascii();
        if line.starts_with(b"#") {
            return 0;
        }
        let comment = line.starts_with(b"//") || line.starts_with(b"/*") || line.starts_with(b"*");
        if !(line.is_empty() || comment) {
            break;
        }
        end -= above.len() - start + 1;
    }
    col + 1
}

/// `s` with each `return e;` replaced by `e;` (and `return;` by an empty statement).
fn without_returns(mut s: Stmt) -> Stmt {
    let span = s.span;
    let kind = match std::mem::replace(&mut s.kind, StmtKind::Null) {
        StmtKind::Return(Some(e)) => StmtKind::Expr(e),
        StmtKind::Return(None) => StmtKind::Null,
        StmtKind::Compound(items) => StmtKind::Compound(items.into_iter().map(without_returns).collect()),
        StmtKind::If { cond, then, els } => StmtKind::If { cond, then: Box::new(without_returns(*then)), els: els.map(|e| Box::new(without_returns(*e))) },
        other => other,
    };
    Stmt { kind, span, indent: 0 }
}

#[cfg(test)]
mod layout_tests {
    use super::layout_indent;

    #[test]
    fn indentation_in_visual_columns() {
        let text = b"\tif (x)\n\t\treturn e;\n\n\t error = 1;\n";
        assert_eq!(layout_indent(text, 0), 1);
        assert_eq!(layout_indent(text, 10), 17);
        assert_eq!(layout_indent(text, 23), 10);
        // Not the first code of its line.
        assert_eq!(layout_indent(text, 4), 0);
        // A directive above.
        let text = b"  a();\n#endif\n  /* c */\n  b();\n";
        assert_eq!(layout_indent(text, 26), 0);
        assert_eq!(layout_indent(text, 2), 3);
    }
}

#[cfg(test)]
mod tests {
    use super::defining_macro;

    const HEADER: &[u8] = b"#define OTHER 1\n# define LIB_ASSERT__WITH_RETVAL(expr, fail) do { \\\n\tif (!(expr)) { \\\n\t\treturn fail; \\\n\t} \\\n} while (0)\nint f(void) { if (x) return 1; }\n";

    fn offset_of(needle: &[u8], nth: usize) -> usize {
        HEADER.windows(needle.len()).enumerate().filter(|(_, w)| *w == needle).nth(nth).map(|(i, _)| i).expect("needle present")
    }

    #[test]
    fn a_statement_spelled_in_a_continued_definition_names_its_macro() {
        assert_eq!(defining_macro(HEADER, offset_of(b"if (!", 0)).as_deref(), Some("LIB_ASSERT__WITH_RETVAL"));
        assert_eq!(defining_macro(HEADER, offset_of(b"return fail", 0)).as_deref(), Some("LIB_ASSERT__WITH_RETVAL"));
    }

    #[test]
    fn ordinary_code_is_in_no_definition() {
        assert_eq!(defining_macro(HEADER, offset_of(b"if (x)", 0)), None);
        assert_eq!(defining_macro(HEADER, HEADER.len() + 10), None);
    }
}

/// True when control does not go on past `stmt` to what follows it in its block.
fn leaves_block(stmt: &Stmt) -> bool {
    match &stmt.kind {
        StmtKind::Return(_) | StmtKind::Break | StmtKind::Continue | StmtKind::Goto(_) => true,
        StmtKind::Compound(stmts) => stmts.last().is_some_and(leaves_block),
        _ => false,
    }
}

/// The last character of a block's span: its closing brace.
fn closing_brace(block: Span) -> Span {
    Span { start: block.end.saturating_sub(1), line: block.end_line, col: block.end_col.saturating_sub(1).max(1), ..block }
}

/// `stmt` after the destructor calls `exits` (none: `stmt` alone).
fn with_exits(mut exits: Vec<Stmt>, stmt: StmtKind, span: Span) -> StmtKind {
    if exits.is_empty() {
        return stmt;
    }
    exits.push(Stmt { kind: stmt, span, indent: 0 });
    StmtKind::Compound(exits)
}

/// True for a returned value that destructors cannot change: a constant or a variable (an
/// object returned by value is not destroyed).
fn is_plain_value(e: &goanna_ast::Expr) -> bool {
    match &e.kind {
        ExprKind::IntLit(_) | ExprKind::FloatLit(_) | ExprKind::StringLit(_) | ExprKind::EnumConst { .. } => true,
        ExprKind::Var(_) => true,
        ExprKind::Cast(inner) => is_plain_value(inner),
        _ => false,
    }
}
