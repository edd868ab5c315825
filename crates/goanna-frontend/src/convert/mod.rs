//! Conversion of libclang's cursor tree into the owned [`goanna_ast`] tree.
//!
//! One recursive walk: each node's children are collected once with `clang_visitChildren` and
//! converted by kind. Files, types and variables are cached so each is looked up once. The walk
//! runs on a thread with a large stack, and each level goes through [`with_stack`], so no depth
//! of nesting can overflow it.

mod cxx;
mod expr;
mod spans;
mod stmt;
mod types;

use rustc_hash::FxHashMap as HashMap;

use clang_sys::*;
use goanna_ast::{
    Diagnostic, DiagnosticSeverity, FileId, FunctionDecl, FunctionDef, Stmt, StmtKind, TranslationUnit,
    TypeClass, VarId, VarInfo, VarKind,
};

use crate::util::{self, children, cx_string, kind, DiagGuard};

/// Stack left free before [`stacker::maybe_grow`] allocates a new segment.
const RED_ZONE: usize = 128 * 1024;
/// Size of each new stack segment.
const STACK_SEGMENT: usize = 8 * 1024 * 1024;

/// Runs `f` with enough stack, growing it on the heap when the thread's own runs out.
pub(crate) fn with_stack<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, STACK_SEGMENT, f)
}

/// Per-file cache entry.
pub(crate) struct FileEntry {
    id: FileId,
    /// Contents buffer owned by the translation unit, fetched on first use.
    text: Option<(*const u8, usize)>,
    /// Byte ranges of the conditional groups that have another branch
    /// ([`groups_with_alternatives`]), found on first use.
    alternatives: Option<Vec<(usize, usize)>>,
}

/// Conversion state for one translation unit. Must not outlive the translation unit.
pub(crate) struct Converter {
    tu: CXTranslationUnit,
    out: TranslationUnit,
    files: HashMap<usize, FileEntry>,
    /// Canonical declaration pointer → variable.
    vars: HashMap<usize, VarId>,
    /// (type kind, type pointer) → converted type.
    types: HashMap<(CXTypeKind, usize), goanna_ast::CType>,
    /// USR → index in `out.declarations`.
    decls: HashMap<String, usize>,
    /// Function type pointer → whether its spelling carries `__attribute__((noreturn))`.
    noreturn_types: HashMap<usize, bool>,
    /// Canonical member function → its `this` parameter.
    this_vars: HashMap<usize, VarId>,
    /// Class declaration → the destructor the program writes for it, if any.
    destructors: HashMap<usize, Option<cxx::Destructor>>,
    /// `this` of the member function being converted.
    this_var: Option<VarId>,
    /// The blocks, loops and `switch`es open in the function being converted.
    scopes: Vec<cxx::ScopeFrame>,
    /// The reference type the function being converted returns, if it returns one.
    return_reference: Option<CXType>,
    /// The unit is C++.
    cplusplus: bool,
    /// The variables of the function being converted whose object's class is known exactly
    /// (canonical declaration, class declaration): `cxx::exact_classes`.
    exact_classes: Vec<(usize, CXCursor)>,
    /// The labels whose address the function being converted takes (`&&L`).
    addressed_labels: Vec<String>,
}

/// Converts a parsed translation unit.
///
/// `tu` must be a live translation unit on a thread where libclang is installed; `main_file` is
/// the name the unit was parsed under; `cplusplus` says it was parsed as C++.
pub(crate) fn convert(tu: CXTranslationUnit, main_file: &std::ffi::CStr, cplusplus: bool) -> TranslationUnit {
    let mut conv = Converter {
        tu,
        out: TranslationUnit::default(),
        files: HashMap::default(),
        vars: HashMap::default(),
        types: HashMap::default(),
        decls: HashMap::default(),
        noreturn_types: HashMap::default(),
        this_vars: HashMap::default(),
        destructors: HashMap::default(),
        this_var: None,
        scopes: Vec::new(),
        return_reference: None,
        cplusplus,
        exact_classes: Vec::new(),
        addressed_labels: Vec::new(),
    };
    // SAFETY: `tu` is live; the name is a valid C string.
    let main = unsafe { clang_getFile(tu, main_file.as_ptr()) };
    if main.is_null() {
        conv.out.files.push(goanna_ast::SourceFile {
            path: main_file.to_string_lossy().into_owned().into(),
            is_system: false,
        });
    } else {
        conv.out.main_file = conv.file_id(main);
    }
    conv.diagnostics();
    // SAFETY: `tu` is live.
    let root = unsafe { clang_getTranslationUnitCursor(tu) };
    for child in children(root) {
        conv.top_level(child);
    }
    conv.register_inclusions();
    conv.out.address_taken.sort_unstable();
    conv.out.address_taken.dedup();
    conv.out.initialiser_functions.sort_unstable();
    conv.out.initialiser_functions.dedup();
    conv.out.addressed_in_initialisers.sort_unstable();
    conv.out.addressed_in_initialisers.dedup();
    conv.out
}

/// `clang_getInclusions` visitor: collects every included file into the `Vec<CXFile>` behind
/// `data`.
extern "C" fn collect_inclusion(file: CXFile, _stack: *mut CXSourceLocation, _len: std::os::raw::c_uint, data: CXClientData) {
    // SAFETY: `data` is the `&mut Vec<CXFile>` passed by `register_inclusions`, live for the call.
    let files = unsafe { &mut *(data as *mut Vec<CXFile>) };
    files.push(file);
}

impl Converter {
    /// Registers every file the unit includes (directly or not), so that `files` lists all the
    /// unit's inputs — what a results store needs to tell whether an analysis is out of date.
    fn register_inclusions(&mut self) {
        let mut included: Vec<CXFile> = Vec::new();
        // SAFETY: `tu` is live; the visitor only pushes into `included`, which outlives the call.
        unsafe { clang_getInclusions(self.tu, collect_inclusion, &mut included as *mut Vec<CXFile> as CXClientData) };
        for file in included {
            if !file.is_null() {
                self.file_id(file);
            }
        }
    }
}

/// True when the cursor's location is in a system header.
fn in_system_header(cursor: CXCursor) -> bool {
    // SAFETY: pure accessors on a live cursor.
    unsafe { clang_Location_isInSystemHeader(clang_getCursorLocation(cursor)) != 0 }
}

impl Converter {
    fn diagnostics(&mut self) {
        // SAFETY: `self.tu` is live; every diagnostic is disposed by its guard.
        let count = unsafe { clang_getNumDiagnostics(self.tu) };
        for i in 0..count {
            let diag = DiagGuard(unsafe { clang_getDiagnostic(self.tu, i) });
            if diag.0.is_null() {
                continue;
            }
            self.push_diagnostic(diag.0, 0);
        }
    }

    fn push_diagnostic(&mut self, diag: CXDiagnostic, depth: u32) {
        // SAFETY: `diag` is a live diagnostic; child sets are owned by their parent.
        unsafe {
            let severity = match clang_getDiagnosticSeverity(diag) {
                CXDiagnostic_Ignored => return,
                CXDiagnostic_Note => DiagnosticSeverity::Note,
                CXDiagnostic_Warning => DiagnosticSeverity::Warning,
                CXDiagnostic_Error => DiagnosticSeverity::Error,
                _ => DiagnosticSeverity::Fatal,
            };
            let message = cx_string(clang_getDiagnosticSpelling(diag));
            let loc = clang_getDiagnosticLocation(diag);
            let file = spans::expansion(loc).file;
            let span = if file.is_null() { None } else { Some(self.loc_span(loc, 0)) };
            self.out.diagnostics.push(Diagnostic { severity, message, span });
            if depth < 4 {
                let set = clang_getChildDiagnostics(diag);
                if !set.is_null() {
                    for j in 0..clang_getNumDiagnosticsInSet(set) {
                        let child = clang_getDiagnosticInSet(set, j);
                        if !child.is_null() {
                            self.push_diagnostic(child, depth + 1);
                        }
                    }
                }
            }
        }
    }

    fn top_level(&mut self, cursor: CXCursor) {
        match kind(cursor) {
            k if cxx::is_function_kind(k) => {
                let system = in_system_header(cursor);
                let decl_index = self.declare_function(cursor, system);
                // SAFETY: pure accessor on a live cursor.
                let is_def = unsafe { clang_isCursorDefinition(cursor) } != 0;
                if is_def && !system {
                    self.function_def(cursor, decl_index);
                }
            }
            CXCursor_VarDecl if !in_system_header(cursor) => {
                let id = self.var_id(cursor);
                self.update_global_init(id, cursor);
                self.note_functions_initialised_with(cursor);
            }
            // C++: what namespaces, `extern "C"` blocks and classes declare (templates are
            // not instantiated here: their bodies are not analysed).
            CXCursor_Namespace | CXCursor_LinkageSpec | CXCursor_ClassDecl | CXCursor_StructDecl | CXCursor_UnionDecl
                if !in_system_header(cursor) =>
            {
                for child in children(cursor) {
                    self.top_level(child);
                }
            }
            _ => {}
        }
    }

    /// Records a function declaration (deduplicated by USR) and returns its index.
    pub(crate) fn declare_function(&mut self, cursor: CXCursor, system: bool) -> usize {
        let usr = util::usr(cursor);
        // SAFETY: pure accessors on a live cursor.
        let (is_def, is_static) = unsafe {
            (
                clang_isCursorDefinition(cursor) != 0,
                clang_getCursorLinkage(cursor) == CXLinkage_Internal
                    || clang_Cursor_getStorageClass(cursor) == CX_SC_Static,
            )
        };
        let noreturn = self.is_noreturn(cursor);
        if let Some(&i) = self.decls.get(&usr) {
            let d = &mut self.out.declarations[i];
            d.is_noreturn |= noreturn;
            d.has_definition |= is_def;
            d.is_static |= is_static;
            return i;
        }
        // SAFETY: pure accessors on a live cursor.
        let ret = unsafe { clang_getResultType(clang_getCursorType(cursor)) };
        let return_type = self.ctype(ret);
        // SAFETY: pure accessors on a live cursor; the string is converted and disposed at once.
        let signature = unsafe { cx_string(clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(cursor)))) };
        let i = self.out.declarations.len();
        self.out.declarations.push(FunctionDecl {
            name: self.qualified_name(cursor),
            usr: usr.clone(),
            is_noreturn: noreturn,
            is_static,
            has_definition: is_def,
            in_system_header: system,
            return_type,
            signature,
        });
        self.decls.insert(usr, i);
        i
    }

    /// Records the declaration referenced by a call or function designator if not seen yet.
    pub(crate) fn ensure_declared(&mut self, decl: CXCursor, usr: &str) {
        if !self.decls.contains_key(usr) {
            let system = in_system_header(decl);
            self.declare_function(decl, system);
        }
    }

    /// `_Noreturn`, `[[noreturn]]` (attribute cursors) or `__attribute__((noreturn))` (type).
    fn is_noreturn(&mut self, cursor: CXCursor) -> bool {
        // SAFETY: pure accessors on a live cursor; the string is disposed by cx_string.
        let ty = unsafe { clang_getCursorType(cursor) };
        let type_says = *self.noreturn_types.entry(ty.data[0] as usize).or_insert_with(|| {
            // SAFETY: the string is converted and disposed immediately.
            unsafe { cx_string(clang_getTypeSpelling(ty)).contains("__attribute__((noreturn))") }
        });
        if type_says {
            return true;
        }
        // SAFETY: pure accessor on a live cursor.
        if unsafe { clang_Cursor_hasAttrs(cursor) } == 0 {
            return false;
        }
        for child in children(cursor) {
            if kind(child) != CXCursor_UnexposedAttr {
                continue;
            }
            // SAFETY: pure accessors on a live cursor.
            let start = unsafe { clang_getRangeStart(clang_getCursorExtent(child)) };
            let text = self.spelled_text_at(start);
            let word: Vec<u8> = text
                .iter()
                .take(40)
                .copied()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b':')
                .collect();
            let word = word.rsplit(|c| *c == b':').next().unwrap_or(&[]);
            if matches!(word, b"_Noreturn" | b"noreturn" | b"__noreturn__") {
                return true;
            }
        }
        false
    }

    fn function_def(&mut self, cursor: CXCursor, decl_index: usize) {
        let kids = children(cursor);
        let name = util::spelling(cursor);
        let span = self.cursor_span(cursor);
        let name_span = self.name_span(cursor, &name);
        let mut params = Vec::new();
        let mut param_cursors = Vec::new();
        let mut body = None;
        let this = self.this_param(cursor);
        params.extend(this);
        for &child in &kids {
            match kind(child) {
                CXCursor_ParmDecl => {
                    params.push(self.var_id(child));
                    param_cursors.push(child);
                }
                CXCursor_CompoundStmt => body = Some(child),
                _ => {}
            }
        }
        // SAFETY: pure accessors on a live cursor.
        let (ty, is_variadic) = unsafe {
            let ty = clang_getCursorType(cursor);
            (ty, clang_isFunctionTypeVariadic(ty) != 0)
        };
        // SAFETY: pure accessor on a type value.
        let ret = unsafe { clang_getResultType(ty) };
        let return_type = self.ctype(ret);
        let is_knr = !param_cursors.is_empty()
            && (ty.kind == CXType_FunctionNoProto || self.params_after_paren(&name_span, &param_cursors));
        let has_conditional_code = body.is_some_and(|b| self.has_conditional_directive(b)) || self.in_group_with_alternative(cursor);
        // The function's own context: `this`, the blocks open, what `return` binds.
        // Only C++ has virtual calls to resolve: C bodies are not walked a second time.
        let exact = body.filter(|_| self.cplusplus).map(cxx::exact_classes).unwrap_or_default();
        let saved = (
            std::mem::replace(&mut self.this_var, this),
            std::mem::take(&mut self.scopes),
            std::mem::replace(&mut self.return_reference, cxx::reference_type(ret)),
            std::mem::replace(&mut self.exact_classes, exact),
            std::mem::take(&mut self.addressed_labels),
        );
        let initialisers = if kind(cursor) == CXCursor_Constructor { self.member_initialisers(&kids) } else { Vec::new() };
        let mut body = match body {
            Some(b) => self.stmt(b),
            None => Stmt { kind: StmtKind::Compound(Vec::new()), span, indent: 0 },
        };
        let outer_labels;
        (self.this_var, self.scopes, self.return_reference, self.exact_classes, outer_labels) = saved;
        let mut addressed_labels = std::mem::replace(&mut self.addressed_labels, outer_labels);
        addressed_labels.sort_unstable();
        addressed_labels.dedup();
        if !initialisers.is_empty() {
            let body_span = body.span;
            let mut stmts = initialisers;
            stmts.push(body);
            body = Stmt { kind: StmtKind::Compound(stmts), span: body_span, indent: 0 };
        }
        let decl = &self.out.declarations[decl_index];
        self.out.functions.push(FunctionDef {
            name: decl.name.clone(),
            usr: decl.usr.clone(),
            span,
            name_span,
            params,
            return_type,
            is_static: decl.is_static,
            is_variadic,
            is_noreturn: decl.is_noreturn,
            is_knr,
            has_conditional_code,
            addressed_labels,
            body,
        });
    }

    /// True when the source text of `body` (a function body, not written by a macro) holds a
    /// conditional preprocessor directive (`#if`, `#ifdef`, `#ifndef`, `#elif`, `#else`).
    fn has_conditional_directive(&mut self, body: CXCursor) -> bool {
        // SAFETY: pure accessors on a live cursor.
        let (start, end) = unsafe {
            let extent = clang_getCursorExtent(body);
            (clang_getRangeStart(extent), clang_getRangeEnd(extent))
        };
        let (from, to) = (spans::expansion(start), spans::expansion(end));
        if from.file != to.file || to.offset < from.offset {
            return false;
        }
        let text = self.text(from.file);
        text.get(from.offset as usize..to.offset as usize).is_some_and(holds_conditional_directive)
    }

    /// True when the definition at `cursor` lies inside a conditional group of its file that
    /// has another branch (`#ifdef HAVE_ARC4RANDOM ... #else ... #endif`): another build
    /// compiles other code in its place, often another definition of the same function.
    fn in_group_with_alternative(&mut self, cursor: CXCursor) -> bool {
        // SAFETY: pure accessors on a live cursor.
        let start = unsafe { clang_getRangeStart(clang_getCursorExtent(cursor)) };
        let at = spans::expansion(start);
        if at.file.is_null() {
            return false;
        }
        let key = at.file as usize;
        if self.files.get(&key).is_none_or(|e| e.alternatives.is_none()) {
            let groups = groups_with_alternatives(self.text(at.file));
            if let Some(entry) = self.files.get_mut(&key) {
                entry.alternatives = Some(groups);
            }
        }
        let offset = at.offset as usize;
        self.files
            .get(&key)
            .and_then(|e| e.alternatives.as_ref())
            .is_some_and(|groups| groups.iter().any(|&(from, to)| from <= offset && offset < to))
    }

    /// K&R detection: a `)` between the function name and the first parameter declaration.
    fn params_after_paren(&mut self, name_span: &goanna_ast::Span, params: &[CXCursor]) -> bool {
        if name_span.from_macro {
            return false;
        }
        // SAFETY: pure accessors on a live cursor.
        let start = unsafe { clang_getRangeStart(clang_getCursorExtent(params[0])) };
        let first = spans::expansion(start);
        if self.file_id(first.file) != name_span.file || first.offset < name_span.end {
            return false;
        }
        let text = self.text(first.file);
        text.get(name_span.end as usize..first.offset as usize)
            .is_some_and(|between| between.contains(&b')'))
    }

    /// The variable declared by a `VarDecl`/`ParmDecl` cursor, registering it on first sight.
    pub(crate) fn var_id(&mut self, cursor: CXCursor) -> VarId {
        // SAFETY: pure accessor on a live cursor.
        let canonical = unsafe { clang_getCanonicalCursor(cursor) };
        let key = canonical.data[0] as usize;
        if let Some(&id) = self.vars.get(&key) {
            return id;
        }
        let file_scope = self.is_file_scope(cursor);
        let name = util::spelling(cursor);
        // SAFETY: pure accessor on a live cursor.
        let storage = unsafe { clang_Cursor_getStorageClass(cursor) };
        let var_kind = if kind(cursor) == CXCursor_ParmDecl {
            VarKind::Param
        } else if file_scope {
            if storage == CX_SC_Static {
                VarKind::StaticGlobal
            } else {
                VarKind::Global
            }
        } else if storage == CX_SC_Static {
            VarKind::StaticLocal
        } else if storage == CX_SC_Extern {
            VarKind::Global
        } else {
            VarKind::Local
        };
        let mut ty = self.cursor_ctype(cursor);
        if var_kind == VarKind::Param && matches!(ty.class, TypeClass::Array | TypeClass::Function) {
            // Parameters of array or function type are adjusted to pointers (C11 6.7.6.3).
            ty.class = TypeClass::Pointer;
        }
        let info = VarInfo {
            usr: util::usr(cursor),
            kind: var_kind,
            ty,
            span: self.name_span(cursor, &name),
            name,
            const_init: None,
            has_init: false,
            function_init: None,
            elements_are_addresses: false,
        };
        let id = VarId(self.out.vars.len() as u32);
        self.out.vars.push(info);
        self.vars.insert(key, id);
        if file_scope {
            // The first declaration seen may be a later definition (e.g. referenced through a
            // block-scope `extern`): look for an initialiser on the definition.
            // SAFETY: pure accessor on a live cursor.
            let def = unsafe { clang_getCursorDefinition(cursor) };
            if !util::is_null(def) {
                self.update_global_init(id, def);
            }
        }
        id
    }

    /// True for a variable declared outside any function: at file scope, in a namespace, or
    /// as a `static` member of a class.
    fn is_file_scope(&self, cursor: CXCursor) -> bool {
        // SAFETY: pure accessors on a live cursor.
        let parent = unsafe { clang_getCursorSemanticParent(cursor) };
        matches!(
            kind(parent),
            CXCursor_TranslationUnit | CXCursor_Namespace | CXCursor_LinkageSpec | CXCursor_ClassDecl | CXCursor_StructDecl | CXCursor_UnionDecl
        )
    }

    /// Every function the initialiser of a file-scope definition names is address-taken
    /// (`{ "get", getCommand }`); each definition is walked once, where the unit defines it.
    fn note_functions_initialised_with(&mut self, cursor: CXCursor) {
        // SAFETY: pure accessors on a live cursor.
        let (is_def, init) = unsafe { (clang_isCursorDefinition(cursor) != 0, clang_Cursor_getVarDeclInitializer(cursor)) };
        if is_def && !util::is_null(init) && kind(init) != CXCursor_InvalidFile {
            let named = util::functions_named_in(init);
            self.out.initialiser_functions.extend(named.iter().cloned());
            self.out.address_taken.extend(named);
            self.out.addressed_in_initialisers.extend(util::variables_addressed_in(init));
        }
    }

    fn update_global_init(&mut self, id: VarId, cursor: CXCursor) {
        // SAFETY: pure accessor on a live cursor.
        let init = unsafe { clang_Cursor_getVarDeclInitializer(cursor) };
        if util::is_null(init) || kind(init) == CXCursor_InvalidFile {
            return;
        }
        let value = util::eval_int(init);
        let span = self.name_span(cursor, &self.out.vars[id.0 as usize].name.clone());
        let var = &mut self.out.vars[id.0 as usize];
        let function = if var.ty.class == TypeClass::Pointer { util::designated_function(init) } else { None };
        var.has_init = true;
        var.const_init = value;
        var.function_init = function;
        var.elements_are_addresses = util::every_element_an_address(cursor, init);
        var.span = span;
    }
}

/// The byte ranges, from the opening `#if` to the end of the matching `#endif`, of the
/// conditional groups of `text` that have more than one branch (`#else`, `#elif`, ...).
/// Directives are read a line at a time (the `#` first on the line, after blanks).
fn groups_with_alternatives(text: &[u8]) -> Vec<(usize, usize)> {
    let mut open: Vec<(usize, bool)> = Vec::new();
    let mut groups = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let end = text[start..].iter().position(|&b| b == b'\n').map_or(text.len(), |k| start + k + 1);
        let line = text[start..end].trim_ascii_start();
        if let Some(rest) = line.strip_prefix(b"#") {
            let word: Vec<u8> = rest.trim_ascii_start().iter().copied().take_while(|b| b.is_ascii_alphabetic()).collect();
            match &word[..] {
                b"if" | b"ifdef" | b"ifndef" => open.push((start, false)),
                b"elif" | b"elifdef" | b"elifndef" | b"else" => {
                    if let Some(top) = open.last_mut() {
                        top.1 = true;
                    }
                }
                b"endif" => {
                    if let Some((from, true)) = open.pop() {
                        groups.push((from, end));
                    }
                }
                _ => {}
            }
        }
        start = end;
    }
    groups
}

/// True when a line of `text` is a conditional preprocessor directive: `#` first on the line
/// (after blanks), then `if`, `ifdef`, `ifndef`, `elif`, `elifdef`, `elifndef` or `else`.
fn holds_conditional_directive(text: &[u8]) -> bool {
    text.split(|&b| b == b'\n').any(|line| {
        let line = line.trim_ascii_start();
        let Some(rest) = line.strip_prefix(b"#") else { return false };
        let word: Vec<u8> = rest.trim_ascii_start().iter().copied().take_while(|b| b.is_ascii_alphabetic()).collect();
        matches!(&word[..], b"if" | b"ifdef" | b"ifndef" | b"elif" | b"elifdef" | b"elifndef" | b"else")
    })
}

#[cfg(test)]
mod conditional_directive_tests {
    use super::holds_conditional_directive;

    #[test]
    fn groups_with_another_branch_are_found() {
        use super::groups_with_alternatives;
        let text = b"#ifndef H\n#define H\n#ifdef A\nint f(void) { return 0; }\n#else\nint f(void) { return g(); }\n#endif\n#if B\nint h;\n#endif\n#endif\n";
        let groups = groups_with_alternatives(text);
        assert_eq!(groups.len(), 1, "{groups:?}");
        let (from, to) = groups[0];
        let inside = std::str::from_utf8(&text[from..to]).unwrap_or_default();
        assert!(inside.starts_with("#ifdef A") && inside.ends_with("#endif\n") && inside.contains("#else"), "{inside}");
        assert!(groups_with_alternatives(b"#if X\n#if Y\n#elif Z\n#endif\n#endif\n").len() == 1);
        assert!(groups_with_alternatives(b"#endif\n#else\n").is_empty());
    }

    #[test]
    fn conditional_directives_are_found_on_their_own_lines() {
        assert!(holds_conditional_directive(b"{\n#if X\n return 1;\n#endif\n}"));
        assert!(holds_conditional_directive(b"{\n  #  ifdef X\n}"));
        assert!(holds_conditional_directive(b"{ a();\n#else\n b(); }"));
        assert!(holds_conditional_directive(b"{\n\t#elif defined(Y)\n}"));
    }

    #[test]
    fn other_directives_and_text_are_not_conditional() {
        assert!(!holds_conditional_directive(b"{\n#define X 1\n#include \"a.h\"\n#pragma once\n}"));
        assert!(!holds_conditional_directive(b"{ s = \"#if\"; x = a # b; }"));
        assert!(!holds_conditional_directive(b"{\n#ifx\n#error no\n}"));
        assert!(!holds_conditional_directive(b""));
    }
}
