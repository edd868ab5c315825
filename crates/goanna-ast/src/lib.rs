//! Owned C syntax tree of one translation unit.
//!
//! This is the boundary between the libclang front end (`goanna-frontend`, the only crate that
//! touches libclang and `unsafe`) and everything after it. The tree is a plain value type:
//! `Send + Sync`, no lifetimes, no handles into libclang, so units parsed on different threads can
//! be moved freely and the CFG builder can be tested without libclang.
//!
//! The tree is deliberately *smaller* than Clang's AST: implicit casts and parentheses are dropped,
//! every variable reference is resolved to a [`VarId`], and constructs the analyser does not model
//! are kept as [`ExprKind::Unknown`] / [`StmtKind::Unknown`] with their evaluated children, so no
//! side effect is ever lost.

mod drop;
mod span;
mod types;

pub use span::{FileId, SourceFile, Span};
pub use types::{CType, TypeClass};

use serde::{Deserialize, Serialize};

/// Index of a variable in [`TranslationUnit::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct VarId(pub u32);

/// One parsed translation unit.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct TranslationUnit {
    /// The file that was compiled (the `.c` file).
    pub main_file: FileId,
    /// Every file that contributed a location or was included, directly or not (main file and
    /// headers); index = [`FileId`].
    pub files: Vec<SourceFile>,
    /// Function definitions outside system headers, in source order.
    pub functions: Vec<FunctionDef>,
    /// Every function declared or defined in the unit (including system headers), deduplicated by
    /// USR; used to know whether a callee is `noreturn`, `static`, or defined here.
    pub declarations: Vec<FunctionDecl>,
    /// Every variable referenced or declared: globals, parameters, locals; index = [`VarId`].
    pub vars: Vec<VarInfo>,
    /// Diagnostics reported by the compiler while parsing.
    pub diagnostics: Vec<Diagnostic>,
    /// USRs of the functions whose address the unit takes, sorted, once each: named anywhere
    /// but as the callee of a call, in a function body or in a variable's initialiser
    /// (`ops.read = my_read`, `{ "get", getCommand }`, `signal(SIGINT, on_int)`). Only these
    /// can be reached through a pointer.
    #[serde(default)]
    pub address_taken: Vec<String>,
    /// USRs of the variables whose address a variable's initialiser stores, sorted, once each
    /// (`{ "count", &count_limit }` in an option table, an array decaying in `{ buf }`): code
    /// anywhere may write them through that pointer.
    #[serde(default)]
    pub addressed_in_initialisers: Vec<String>,
    /// USRs of the functions named in the initialiser of a file-scope variable the unit
    /// defines, sorted, once each (`static const struct ops ops = { .close = my_close }`):
    /// the functions such an initialiser may store into any member of a structure.
    #[serde(default)]
    pub initialiser_functions: Vec<String>,
}

impl TranslationUnit {
    /// The variable with the given id.
    pub fn var(&self, id: VarId) -> &VarInfo {
        &self.vars[id.0 as usize]
    }

    /// The source file with the given id.
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    /// True when at least one diagnostic is an error or a fatal error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| matches!(d.severity, DiagnosticSeverity::Error | DiagnosticSeverity::Fatal))
    }

    /// The declaration with the given USR, if the unit declares it.
    pub fn declaration(&self, usr: &str) -> Option<&FunctionDecl> {
        self.declarations.iter().find(|d| d.usr == usr)
    }
}

/// Severity of a compiler diagnostic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DiagnosticSeverity {
    /// Informational note.
    Note,
    /// Warning.
    Warning,
    /// Error: the unit is not valid C, the tree may be incomplete.
    Error,
    /// Fatal error: parsing stopped (e.g. a missing `#include`).
    Fatal,
}

/// A compiler diagnostic, kept so that the driver can report why a unit is incomplete.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Diagnostic {
    /// How bad it is.
    pub severity: DiagnosticSeverity,
    /// The compiler's message, without location prefix.
    pub message: String,
    /// Where it was reported, when the compiler gave a location.
    pub span: Option<Span>,
}

/// Where a variable lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum VarKind {
    /// File-scope variable with external linkage (or `extern` declaration).
    Global,
    /// File-scope `static` variable.
    StaticGlobal,
    /// Function parameter.
    Param,
    /// Automatic local variable.
    Local,
    /// Function-scope `static` variable.
    StaticLocal,
}

impl VarKind {
    /// True for variables whose storage outlives a call (globals and statics).
    pub fn is_static_storage(self) -> bool {
        matches!(self, VarKind::Global | VarKind::StaticGlobal | VarKind::StaticLocal)
    }
}

/// A variable of the unit.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct VarInfo {
    /// Name as written.
    pub name: String,
    /// Clang's unified symbol resolution: stable identity across units for globals.
    pub usr: String,
    /// Storage class.
    pub kind: VarKind,
    /// Declared type.
    pub ty: CType,
    /// Location of the declaration (the name).
    pub span: Span,
    /// For file-scope variables: the initialiser's value when it is an integer constant.
    pub const_init: Option<i64>,
    /// For file-scope variables: true when the declaration has an initialiser.
    pub has_init: bool,
    /// For file-scope pointers initialised with a function (`= handler`, `= &handler`, casts
    /// allowed): the function's USR, what a call through the pointer reaches until it is
    /// written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub function_init: Option<String>,
    /// For a file-scope array of constant pointers (`T *const table[]`): its initialiser gives
    /// every element, each the address of an object or a function (`&x`, an array, a string
    /// literal, `handler`). An element read from it is never NULL.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub elements_are_addresses: bool,
}

/// A function declaration (prototype or definition) seen in the unit.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FunctionDecl {
    /// Name as written.
    pub name: String,
    /// Clang's USR: the function's identity across units.
    pub usr: String,
    /// Declared `_Noreturn`, `[[noreturn]]` or `__attribute__((noreturn))`.
    pub is_noreturn: bool,
    /// Internal linkage.
    pub is_static: bool,
    /// A definition (body) of it exists in this unit.
    pub has_definition: bool,
    /// Declared in a system header.
    pub in_system_header: bool,
    /// The return type.
    pub return_type: CType,
    /// The function's type as Clang spells its canonical form (`char *(const char *, char
    /// *)`): told apart from another program's function of the same name (two executables of
    /// one project may each define `sftp_realpath`, with different parameters).
    #[serde(default)]
    pub signature: String,
}

/// A function definition with its body.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct FunctionDef {
    /// Name as written.
    pub name: String,
    /// Clang's USR: the function's identity across units.
    pub usr: String,
    /// The whole definition.
    pub span: Span,
    /// The function's name in the definition.
    pub name_span: Span,
    /// Parameters in order.
    pub params: Vec<VarId>,
    /// The return type.
    pub return_type: CType,
    /// Internal linkage.
    pub is_static: bool,
    /// Takes `...`.
    pub is_variadic: bool,
    /// Declared never to return.
    pub is_noreturn: bool,
    /// Old-style (K&R) definition with an identifier list.
    pub is_knr: bool,
    /// The body holds conditional compilation (`#if`, `#ifdef`, `#else`, ...): what it
    /// computes may differ in another build configuration.
    #[serde(default)]
    pub has_conditional_code: bool,
    /// The labels whose address the body takes (`&&L`, a GNU extension): the only places a
    /// computed `goto *p` can jump to.
    #[serde(default)]
    pub addressed_labels: Vec<String>,
    /// The body (a compound statement).
    pub body: Stmt,
}

/// A statement with its location.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Stmt {
    /// What it is.
    pub kind: StmtKind,
    /// Where it is.
    pub span: Span,
    /// Its layout, for the checks of indentation: the visual column (1-based, a tab advancing
    /// to the next multiple of 8) where it starts, when it starts its line, is not written by
    /// a macro, and no preprocessor directive stands between it and the code above it; 0
    /// when its layout says nothing (or is not known).
    #[serde(default)]
    pub indent: u32,
}

/// A local variable declaration inside a declaration statement.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LocalDecl {
    /// The declared variable.
    pub var: VarId,
    /// Its initialiser, if any.
    pub init: Option<Expr>,
    /// The declarator (name up to the end of the initialiser).
    pub span: Span,
    /// The sizes of a variable-length array (`char buf[n * 4]`), evaluated when the
    /// declaration runs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sizes: Vec<Expr>,
}

/// The kinds of statements.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum StmtKind {
    /// `{ ... }`
    Compound(Vec<Stmt>),
    /// `int a = 1, *b;` (only variables; type and function declarations are dropped).
    Decl(Vec<LocalDecl>),
    /// An expression statement.
    Expr(Expr),
    /// `if (cond) then else els`
    If {
        /// Condition.
        cond: Expr,
        /// Taken when the condition is non-zero.
        then: Box<Stmt>,
        /// Taken otherwise.
        els: Option<Box<Stmt>>,
    },
    /// `while (cond) body`
    While {
        /// Condition.
        cond: Expr,
        /// Body.
        body: Box<Stmt>,
    },
    /// `do body while (cond);`
    DoWhile {
        /// Body.
        body: Box<Stmt>,
        /// Condition.
        cond: Expr,
    },
    /// `for (init; cond; inc) body`; every part optional.
    For {
        /// A declaration or expression statement.
        init: Option<Box<Stmt>>,
        /// Absent means "always true".
        cond: Option<Expr>,
        /// Evaluated after the body and after `continue`.
        inc: Option<Expr>,
        /// Body.
        body: Box<Stmt>,
    },
    /// `switch (cond) body`
    Switch {
        /// Controlling expression.
        cond: Expr,
        /// When the controlling expression has an enumeration type (before integer
        /// promotion): the values of its enumerators, so a switch that lists them all is known
        /// to be complete.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        enum_values: Option<Vec<i64>>,
        /// Body, containing the `case`/`default` labels.
        body: Box<Stmt>,
    },
    /// `case lo:` or GNU `case lo ... hi:`, labelling `body`.
    Case {
        /// Value of the label when the compiler could evaluate it.
        lo: Option<i64>,
        /// Upper bound of a GNU case range.
        hi: Option<i64>,
        /// The labelled statement.
        body: Box<Stmt>,
    },
    /// `default:` labelling `body`.
    Default(Box<Stmt>),
    /// `break;`
    Break,
    /// `continue;`
    Continue,
    /// `goto label;`
    Goto(String),
    /// GNU `goto *expr;`
    IndirectGoto(Expr),
    /// `label: body`
    Label {
        /// The label's name.
        name: String,
        /// The labelled statement.
        body: Box<Stmt>,
    },
    /// `return;` or `return expr;`
    Return(Option<Expr>),
    /// `;`. Its span is marked `from_macro` when the `;` ends an invocation of a macro that
    /// expanded to nothing (`LOG(x);` with `LOG` empty in this configuration).
    Null,
    /// Inline assembly: opaque. `outputs`: the operands it may write (lvalues: outputs, and
    /// memory operands, which it may write too); `inputs`: the values it reads.
    Asm {
        /// Operands the statement may write.
        outputs: Vec<Expr>,
        /// Operands whose values it reads.
        inputs: Vec<Expr>,
    },
    /// A statement the front end does not model; its expressions are evaluated in order.
    Unknown(Vec<Expr>),
}

/// An expression with its location and type.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it is (the expansion location when written through a macro).
    pub span: Span,
    /// Its type.
    pub ty: CType,
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnaryOp {
    /// `-e`
    Neg,
    /// `+e`
    Plus,
    /// `!e`
    LogicalNot,
    /// `~e`
    BitNot,
    /// `*e`
    Deref,
    /// `&e`
    AddrOf,
    /// `++e`
    PreInc,
    /// `--e`
    PreDec,
    /// `e++`
    PostInc,
    /// `e--`
    PostDec,
    /// `__real e`, `__imag e`, `__extension__ e` and other operators without effect of their own.
    Other,
}

/// Binary operators (assignments are [`ExprKind::Assign`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BinaryOp {
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// `<=`
    Le,
    /// `>=`
    Ge,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `&`
    BitAnd,
    /// `^`
    BitXor,
    /// `|`
    BitOr,
    /// `&&` (short-circuit)
    LogicalAnd,
    /// `||` (short-circuit)
    LogicalOr,
    /// `,`
    Comma,
}

/// The function called by a call expression.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Callee {
    /// A call by name (`f(x)`, also through `(*f)(x)` when `f` names a function).
    Direct {
        /// Name as written.
        name: String,
        /// Clang's USR of the function.
        usr: String,
    },
    /// A call through a function pointer.
    Indirect(Box<Expr>),
}

/// The kinds of expressions.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum ExprKind {
    /// A variable.
    Var(VarId),
    /// A function designator used as a value (address of a function).
    FunctionRef {
        /// Name as written.
        name: String,
        /// Clang's USR of the function.
        usr: String,
    },
    /// An enumerator with its value.
    EnumConst {
        /// Name as written.
        name: String,
        /// Its value.
        value: i64,
    },
    /// Integer or character literal.
    IntLit(i64),
    /// Floating literal.
    FloatLit(f64),
    /// String literal (contents without quotes, possibly lossy for non-UTF-8 bytes).
    StringLit(String),
    /// Unary operator.
    Unary {
        /// Operator.
        op: UnaryOp,
        /// Operand.
        operand: Box<Expr>,
    },
    /// Binary operator, including `&&`, `||` and `,`.
    Binary {
        /// Operator.
        op: BinaryOp,
        /// Left operand (evaluated first for `&&`, `||`, `,`).
        lhs: Box<Expr>,
        /// Right operand.
        rhs: Box<Expr>,
    },
    /// `lhs = rhs` or compound `lhs op= rhs`.
    Assign {
        /// `None` for `=`, the operator for `+=`, `/=`, ...
        op: Option<BinaryOp>,
        /// Target.
        lhs: Box<Expr>,
        /// Value.
        rhs: Box<Expr>,
        /// Written inside parentheses of its own (`if ((p = next()))`, `(x = 1)`): the
        /// parentheses say the assignment's value is meant.
        #[serde(default)]
        parenthesized: bool,
    },
    /// `cond ? then : els`; GNU `cond ?: els` has no `then`.
    Conditional {
        /// Condition.
        cond: Box<Expr>,
        /// Value when true; `None` for GNU `?:` (the condition's value).
        then: Option<Box<Expr>>,
        /// Value when false.
        els: Box<Expr>,
    },
    /// A function call.
    Call {
        /// Who is called.
        callee: Callee,
        /// Arguments in order.
        args: Vec<Expr>,
    },
    /// `base.field` or `base->field`.
    Member {
        /// The structure (or pointer to it).
        base: Box<Expr>,
        /// Field name.
        field: String,
        /// `->` rather than `.`
        arrow: bool,
    },
    /// `base[index]`
    Index {
        /// The array or pointer.
        base: Box<Expr>,
        /// The subscript.
        index: Box<Expr>,
    },
    /// An explicit cast `(T)e` (implicit casts are not represented).
    Cast(Box<Expr>),
    /// `sizeof`, `_Alignof`, `__builtin_offsetof` ...: the operand is not evaluated.
    Unevaluated {
        /// The value, when the compiler could compute it.
        value: Option<i64>,
        /// The operand expression (`sizeof x`), when there is one; it names variables without
        /// reading them.
        operand: Option<Box<Expr>>,
        /// For `sizeof`: the class of the type it measures, that of the operand expression or
        /// of the type name (a type name counts as a pointer when it is written with a final
        /// `*`: `sizeof(char *)`; a typedef name standing for a pointer is
        /// [`TypeClass::Other`]). `None` for `_Alignof`, `offsetof` and the like.
        #[serde(default)]
        sizeof_class: Option<TypeClass>,
    },
    /// `{ a, b, .f = c }`
    InitList(Vec<Expr>),
    /// `(T){ ... }`
    CompoundLiteral(Box<Expr>),
    /// GNU statement expression `({ ...; value; })`.
    StmtExpr(Box<Stmt>),
    /// `va_arg(ap, T)`
    VaArg(Box<Expr>),
    /// An expression the front end does not model; children evaluated in order.
    Unknown(Vec<Expr>),
}
