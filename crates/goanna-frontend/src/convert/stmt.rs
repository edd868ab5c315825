//! Statements.

use clang_sys::*;
use goanna_ast::{Expr, ExprKind, LocalDecl, Span, Stmt, StmtKind};

use super::expr::unwrap_unexposed;
use super::spans;
use super::Converter;
use crate::util::{self, children, is_expr, is_stmt, kind};

impl Converter {
    /// Converts a statement cursor (an expression cursor becomes an expression statement).
    pub(crate) fn stmt(&mut self, cursor: CXCursor) -> Stmt {
        super::with_stack(|| {
            let span = self.cursor_span(cursor);
            let kind = self.stmt_kind(cursor, span);
            Stmt { kind, span }
        })
    }

    fn boxed_stmt(&mut self, cursor: Option<CXCursor>, span: Span) -> Box<Stmt> {
        Box::new(match cursor {
            Some(c) => self.stmt(c),
            None => Stmt { kind: StmtKind::Null, span },
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
            return StmtKind::Expr(self.expr(cursor));
        }
        let kids = children(cursor);
        match k {
            CXCursor_CompoundStmt => StmtKind::Compound(kids.iter().map(|&c| self.stmt(c)).collect()),
            CXCursor_DeclStmt => StmtKind::Decl(self.decls(&kids)),
            CXCursor_NullStmt => StmtKind::Null,
            CXCursor_BreakStmt => StmtKind::Break,
            CXCursor_ContinueStmt => StmtKind::Continue,
            CXCursor_IfStmt => {
                let cond = self.expr_or_unknown(kids.first().copied(), span);
                let then = self.boxed_stmt(kids.get(1).copied(), span);
                let els = kids.get(2).map(|&c| Box::new(self.stmt(c)));
                StmtKind::If { cond, then, els }
            }
            CXCursor_WhileStmt => {
                let cond = self.expr_or_unknown(kids.first().copied(), span);
                let body = self.boxed_stmt(kids.get(1).copied(), span);
                StmtKind::While { cond, body }
            }
            CXCursor_DoStmt => {
                let body = self.boxed_stmt(kids.first().copied(), span);
                let cond = self.expr_or_unknown(kids.get(1).copied(), span);
                StmtKind::DoWhile { body, cond }
            }
            CXCursor_ForStmt => self.for_stmt(cursor, &kids, span),
            CXCursor_SwitchStmt => {
                let enum_values = kids.first().and_then(|&c| util::enum_values_of(c));
                let cond = self.expr_or_unknown(kids.first().copied(), span);
                let body = self.boxed_stmt(kids.get(1).copied(), span);
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
            CXCursor_ReturnStmt => StmtKind::Return(kids.iter().copied().find(|&c| is_expr(c)).map(|c| self.expr(c))),
            CXCursor_AsmStmt | CXCursor_MSAsmStmt => {
                StmtKind::Asm(kids.iter().filter(|&&c| is_expr(c)).map(|&c| self.expr(c)).collect())
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

    /// The variables of a declaration statement (other declarations are dropped; block-scope
    /// function declarations are recorded in `declarations`).
    fn decls(&mut self, kids: &[CXCursor]) -> Vec<LocalDecl> {
        let mut out = Vec::new();
        for &c in kids {
            match kind(c) {
                CXCursor_VarDecl => {
                    let var = self.var_id(c);
                    // SAFETY: pure accessor on a live cursor.
                    let init_cursor = unsafe { clang_Cursor_getVarDeclInitializer(c) };
                    let init = if util::is_null(init_cursor) || !is_expr(init_cursor) {
                        None
                    } else {
                        Some(self.expr(init_cursor))
                    };
                    let name = self.out.vars[var.0 as usize].name.clone();
                    let name_span = self.name_span(c, &name);
                    let full = self.cursor_span(c);
                    let span = if name_span.file == full.file && name_span.start >= full.start && !full.from_macro {
                        goanna_ast::Span { start: name_span.start, line: name_span.line, col: name_span.col, ..full }
                    } else {
                        full
                    };
                    out.push(LocalDecl { var, init, span });
                }
                CXCursor_FunctionDecl => {
                    self.declare_function(c, false);
                }
                _ => {}
            }
        }
        out
    }

    /// `for`: libclang omits absent parts, so each header child is placed by its position
    /// relative to the two `;` of the header (scanned in the spelled source), with a fallback by
    /// expression shape when the header is not plain text (e.g. written by a macro).
    fn for_stmt(&mut self, cursor: CXCursor, kids: &[CXCursor], span: Span) -> StmtKind {
        let Some((&body_cursor, header)) = kids.split_last() else {
            return StmtKind::For { init: None, cond: None, inc: None, body: Box::new(Stmt { kind: StmtKind::Null, span }) };
        };
        let mut slots: [Option<CXCursor>; 3] = [None; 3];
        if header.len() == 3 {
            slots = [Some(header[0]), Some(header[1]), Some(header[2])];
        } else if !header.is_empty() {
            match self.for_semicolons(cursor) {
                Some((file, semi1, semi2)) => {
                    for &c in header {
                        // SAFETY: pure accessors on a live cursor.
                        let start = unsafe { clang_getRangeStart(clang_getCursorExtent(c)) };
                        let l = spans::spelling_loc(start);
                        let slot = if kind(c) == CXCursor_DeclStmt || (l.file == file && l.offset < semi1) {
                            0
                        } else if l.file == file && l.offset < semi2 {
                            1
                        } else if l.file == file {
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
        let body = Box::new(self.stmt(body_cursor));
        StmtKind::For { init, cond, inc, body }
    }

    /// Spelling file and offsets of the two top-level `;` in a `for` header.
    fn for_semicolons(&mut self, cursor: CXCursor) -> Option<(CXFile, u32, u32)> {
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
        let mut semis = Vec::with_capacity(2);
        while i < rest.len() && i < 1 << 20 {
            let c = rest[i];
            match c {
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => {
                    depth -= 1;
                    if depth <= 0 {
                        break;
                    }
                }
                b';' if depth == 1 => {
                    semis.push(l.offset + i as u32);
                    if semis.len() == 2 {
                        return Some((l.file, semis[0], semis[1]));
                    }
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
