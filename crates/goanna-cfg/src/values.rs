//! The value-effect IR: what a node does to integer values, for the interval analysis of the
//! checks (`goanna-checks`' `values` module).
//!
//! Each node keeps, in evaluation order, the assignments of integer access paths to small
//! expression trees ([`ValExpr`]) over constants, other paths, array elements, `*p`, results of
//! calls and arithmetic; the condition a [`crate::NodeKind::Condition`] node evaluates (`&&`,
//! `||` and `?:` are already split into separate condition nodes); the divisors of its
//! divisions; and the value of a `return`. Anything the builder does not understand is
//! [`ValExpr::Unknown`]: the IR may lose precision, never effects (every write of an integer
//! path gets an [`ValueOp::Assign`], with `Unknown` when its value is not modelled).
//!
//! An expression's value is read in the state after the ops listed before it in the same node:
//! `x = y++` is `y := y + 1` then `x := y - 1`. Expression trees deeper than [`MAX_DEPTH`] are
//! `Unknown`, so the IR stays small.

use crate::props::PathId;
use goanna_ast::Span;
use serde::{Deserialize, Serialize};

/// Deepest expression tree kept.
pub const MAX_DEPTH: u32 = 12;
/// Most elements of a constant array initialiser kept.
pub const MAX_ARRAY_INIT: usize = 256;

/// An integer type: width in bits (1 for `_Bool`) and signedness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct IntType {
    /// Width in bits (1 ..= 64; wider types are not modelled).
    pub bits: u8,
    /// Signed type.
    pub signed: bool,
}

impl IntType {
    /// `int` on every target the analyser supports.
    pub const INT: IntType = IntType { bits: 32, signed: true };

    /// The type of a `goanna-ast` type, when it is an integer type of known layout.
    pub fn of(ty: &goanna_ast::CType) -> Option<IntType> {
        (ty.class == goanna_ast::TypeClass::Integer && (1..=64).contains(&ty.int_bits))
            .then_some(IntType { bits: ty.int_bits, signed: ty.int_signed })
    }

    /// The type after C's integer promotions (narrower than `int` becomes `int`).
    pub fn promoted(self) -> IntType {
        if self.bits < 32 {
            IntType::INT
        } else {
            self
        }
    }

    /// C's usual arithmetic conversions of two (promoted) integer types.
    pub fn common(a: IntType, b: IntType) -> IntType {
        let (a, b) = (a.promoted(), b.promoted());
        if a.signed == b.signed {
            return if a.bits >= b.bits { a } else { b };
        }
        let (s, u) = if a.signed { (a, b) } else { (b, a) };
        if u.bits >= s.bits {
            u
        } else {
            s
        }
    }

    /// Width in bits, clamped to the modelled range (a malformed artefact cannot make the
    /// bounds overflow).
    pub fn width(self) -> u32 {
        u32::from(self.bits.clamp(1, 64))
    }

    /// Smallest value of the type.
    pub fn min(self) -> i128 {
        if self.signed {
            -(1i128 << (self.width() - 1))
        } else {
            0
        }
    }

    /// Largest value of the type.
    pub fn max(self) -> i128 {
        if self.signed {
            (1i128 << (self.width() - 1)) - 1
        } else {
            (1i128 << self.width()) - 1
        }
    }

    /// The value `v` takes when stored in the type: its low bits, read as the type reads
    /// them (`300` in an `unsigned char` is `44`, `1` in a signed 1-bit field is `-1`).
    pub fn wrap(self, v: i64) -> i64 {
        let unused = 64 - self.width();
        if unused == 0 {
            return v;
        }
        let low = ((v as u64) << unused) >> unused;
        if self.signed {
            ((low << unused) as i64) >> unused
        } else {
            low as i64
        }
    }
}

/// Unary operators of value expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ValUnOp {
    /// `-e`
    Neg,
    /// `!e`
    Not,
    /// `~e`
    BitNot,
}

/// Binary operators of value expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ValBinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
    /// `&`
    BitAnd,
    /// `|`
    BitOr,
    /// `^`
    BitXor,
    /// `<<`
    Shl,
    /// `>>`
    Shr,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `==`
    Eq,
    /// `!=`
    Ne,
}

impl ValBinOp {
    /// True for the six comparisons (their value is 0 or 1).
    pub fn is_comparison(self) -> bool {
        matches!(self, ValBinOp::Lt | ValBinOp::Le | ValBinOp::Gt | ValBinOp::Ge | ValBinOp::Eq | ValBinOp::Ne)
    }
}

/// An integer expression as the value analysis reads it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ValExpr {
    /// An integer constant.
    Const(i64),
    /// An integer constant written through a macro expansion: a configuration value, which
    /// the analysis may use to rule out paths but not to report a condition as decided.
    MacroConst(i64),
    /// The value of an integer access path (a variable, global, field...).
    Path(PathId),
    /// `a[i]` for an array variable `a`.
    Element(PathId, Box<ValExpr>),
    /// The result of the last call of the function with this USR.
    Call(String),
    /// A unary operator computed in the given type (the promoted operand type).
    Unary(ValUnOp, IntType, Box<ValExpr>),
    /// A binary operator computed in `ty` (for comparisons: the operands' common type; the
    /// result is then an `int` 0 or 1).
    Binary {
        /// The operator.
        op: ValBinOp,
        /// The type the operation is computed in.
        ty: IntType,
        /// Left operand.
        lhs: Box<ValExpr>,
        /// Right operand.
        rhs: Box<ValExpr>,
    },
    /// Conversion to an integer type (explicit casts, the return type of a function).
    Cast(IntType, Box<ValExpr>),
    /// The address of an access path (`&x`, `&s.f`, `&p->f`, an array `a` used as a pointer):
    /// not NULL, and the same for the same path while the pointers it goes through keep
    /// their values (`chunk = &set->head; ... if (chunk == &set->head)`).
    Address(PathId),
    /// The address of a string literal, by its characters (`mode = "r"`): not NULL, the same
    /// for the same characters (compilers merge equal literals), and what a string comparison
    /// of it reads ([`PureCall::compares`](ValExpr::PureCall)).
    StringLit(String),
    /// The integer result of a call of a `pure` library function (`strcmp(path, "-")`,
    /// `strlen(s)`): the same for calls with the same arguments while the memory they read
    /// keeps its contents.
    PureCall {
        /// The function's USR.
        usr: String,
        /// Its arguments, in order.
        args: Vec<PureArg>,
        /// The result counts bytes or elements of one object: at most `PTRDIFF_MAX`
        /// ([`crate::FunctionModel::counts_object`]).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        counts_object: bool,
        /// The function compares two strings and returns 0 exactly when they are equal
        /// ([`crate::FunctionModel::equal_when_zero`]): decided when both are literals.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        compares: Option<StringComparison>,
    },
    /// A value the builder does not model.
    Unknown,
}

/// How a pure function compares two strings: it returns 0 exactly when they are equal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StringComparison {
    /// The arguments holding the two strings.
    pub strings: (usize, usize),
    /// The argument bounding how many characters are compared (`strncmp`'s `n`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length: Option<usize>,
    /// Letters are compared without case (`strcasecmp`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ignores_case: bool,
}

impl StringComparison {
    /// Whether the strings `a` and `b` compare equal when the bound (if any) is `length`:
    /// `None` when the comparison would read past the end of one of them (`memcmp` of more
    /// bytes than a literal has) or the bound is needed and not known.
    pub fn equal(&self, a: &str, b: &str, length: Option<i64>) -> Option<bool> {
        let fold = |c: u8| if self.ignores_case { c.to_ascii_lowercase() } else { c };
        let (a, b) = (a.as_bytes(), b.as_bytes());
        let limit = match (self.length, length) {
            (None, _) => usize::MAX,
            (Some(_), Some(n)) => usize::try_from(n).ok()?,
            (Some(_), None) => return None,
        };
        for i in 0..limit {
            // Each literal's characters end with its terminating NUL.
            let x = if i < a.len() { a[i] } else if i == a.len() { 0 } else { return None };
            let y = if i < b.len() { b[i] } else if i == b.len() { 0 } else { return None };
            if fold(x) != fold(y) {
                return Some(false);
            }
            if x == 0 {
                // Both end here: equal for a string comparison; a bounded one may be `memcmp`,
                // which reads on.
                return if self.length.is_some() && i + 1 < limit { None } else { Some(true) };
            }
        }
        Some(true)
    }
}

/// An argument of a [`ValExpr::PureCall`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PureArg {
    /// An integer value (`n` of `strncmp`, `c` of `toupper`).
    Value(ValExpr),
    /// A pointer the function reads through: the pointer path's value and what it points to
    /// (`path` of `strcmp(path, "-")`).
    Pointed(PathId),
    /// A string literal (`"-"`), by its characters.
    Literal(String),
}

/// One value effect of a node.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ValueOp {
    /// The integer path `target` gets `value` (converted to the path's type).
    Assign {
        /// The written path.
        target: PathId,
        /// Its new value.
        value: ValExpr,
    },
    /// The array variable `target` is initialised with these constants, in order (the rest of
    /// the array is not described).
    ArrayInit {
        /// The array.
        target: PathId,
        /// The first elements' values.
        elems: Vec<i64>,
    },
    /// The branch condition this (condition) node evaluates: its `True` edge is taken when
    /// the value is non-zero. For a `switch`, its operand: the `Case(v)` edge is taken when it
    /// equals `v`, `Default` when it equals no case.
    Cond(ValExpr),
    /// A divisor of an integer division or remainder at this node.
    Divisor {
        /// The divisor's value.
        value: ValExpr,
        /// Where the divisor is written.
        span: Span,
    },
    /// The value a `return` gives back (converted to the function's return type).
    Return(ValExpr),
    /// A pointer of static storage (a global, a file or function `static`, or a member of one)
    /// is written with a function, a copy of another pointer or NULL: what a call through it
    /// may reach. Every other write of such a pointer leaves its targets unknown.
    StoreFunction {
        /// The written pointer.
        target: PathId,
        /// What it now holds.
        value: StoredPointer,
    },
    /// A call of a library function whose effects (lock, a block stored through an argument,
    /// ...) happen only when it succeeds (`success` or `out_fails_when` in the model table): its result is a new value, read as
    /// [`ValExpr::Call`] of `usr`, and `success` is non-zero exactly when the call succeeded.
    LibraryCall {
        /// The function's USR.
        usr: String,
        /// Non-zero when the call succeeded (an expression over the result).
        success: ValExpr,
        /// The objects it stores a new block into, only when it succeeds (`&s` of
        /// `asprintf(&s, ..)`: `s`; the model's `alloc_out` with `out_fails_when`).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        outs: Vec<PathId>,
        /// The call is assumed to succeed (a lock that waits: the model's `blocks`): a branch
        /// whose condition says it failed is not taken.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        assumed: bool,
    },
    /// A write through a pointer into the member `member` of an object no access path names
    /// (`p[n].len = 0` where the index is no variable of the function): only that member of
    /// some structure is written, not whatever the pointer could reach. Not for a member of a
    /// union, whose siblings share its storage.
    MemberStore {
        /// The member's name.
        member: String,
    },
    /// The pointer path `target` is set to point into a region of memory whose size the
    /// bounds analysis may know: an array, a block of a known size, or where another pointer
    /// points, moved by some bytes.
    PointTo {
        /// The written pointer.
        target: PathId,
        /// Where it now points.
        region: Region,
    },
    /// A call node hands argument `arg` the memory `base`: the callee's accesses through its
    /// parameter are accesses of that memory.
    PassMemory {
        /// The argument's index.
        arg: usize,
        /// The memory passed.
        base: AccessBase,
        /// Where the argument is written.
        span: Span,
    },
    /// A call node of a function of the program passes argument `arg` this integer value:
    /// what the callee's parameter starts as.
    PassValue {
        /// The argument's index.
        arg: usize,
        /// The value passed (in the argument's own type).
        value: ValExpr,
        /// Where the argument is written.
        span: Span,
    },
    /// Memory read or written at this node: `count` elements of `elem` bytes from element
    /// `start` of `base` (`a[i]`: one element at `i`; `memcpy(d, s, n)`: `n` bytes from 0).
    Access {
        /// The memory accessed.
        base: AccessBase,
        /// The first element accessed, counted from where the base points.
        start: ValExpr,
        /// How many elements are accessed (at least one).
        count: ValExpr,
        /// The size of an element in bytes.
        elem: u32,
        /// The type of the index expression, when the access is `base[i]` of an integer `i`:
        /// its range bounds what the index can be without the program saying more.
        index_type: Option<IntType>,
        /// How the memory is accessed.
        how: AccessKind,
        /// Where the access is written.
        span: Span,
    },
}

/// Where a pointer points, for [`ValueOp::PointTo`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Region {
    /// Inside an object of `bytes` bytes (an array: `p = buf`, `p = &buf[2]`).
    Object {
        /// The object's size.
        bytes: u64,
        /// Where the pointer points, in bytes from the object's start.
        offset: ValExpr,
    },
    /// The first byte of a new block whose size in bytes is this value (`malloc(n)`).
    Block(ValExpr),
    /// Where the pointer `base` points, moved by this many bytes (`p = q + 2`, `p++`).
    Moved {
        /// The pointer the new value comes from.
        base: PathId,
        /// The distance in bytes.
        bytes: ValExpr,
    },
}

impl Region {
    /// The pointer `base` this region moves back from, when it is moved back by a positive
    /// distance (`q = (char *)p - 16`: the graph builder writes the distance as `0 - k`).
    pub fn moved_back_from(&self) -> Option<PathId> {
        let Region::Moved { base, bytes } = self else { return None };
        let back = match bytes {
            ValExpr::Const(c) => *c < 0,
            ValExpr::Binary { op: ValBinOp::Sub, lhs, rhs, .. } => matches!(**lhs, ValExpr::Const(0)) && !matches!(**rhs, ValExpr::Const(c) if c <= 0),
            _ => false,
        };
        back.then_some(*base)
    }
}

/// The memory of a [`ValueOp::Access`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AccessBase {
    /// An array object of this many bytes, accessed from its start (`buf[i]`).
    Object(u64),
    /// The memory the pointer path points to.
    Pointer(PathId),
}

/// How a [`ValueOp::Access`] uses the memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AccessKind {
    /// An element read or written by indexing (`a[i]`, `p[i]`).
    Index,
    /// Bytes a library routine writes (`memcpy`'s destination, `strcpy`'s).
    LibraryWrite,
    /// Bytes a library routine reads (`memcpy`'s source).
    LibraryRead,
}

impl ValExpr {
    /// The expression under any conversions (`(int)(long)x` is `x`). Iterative: expressions
    /// from the input may be deep.
    pub fn without_casts(&self) -> &ValExpr {
        let mut e = self;
        while let ValExpr::Cast(_, inner) = e {
            e = inner;
        }
        e
    }

    /// The constant this integer expression is (`16`, `(size_t)4`, `-1`: casts and negations
    /// looked through), when it is one. Iterative: expressions from the input may be deep.
    pub fn constant(&self) -> Option<i64> {
        let mut e = self;
        let (mut negated, mut odd) = (false, false);
        loop {
            match e {
                // Negating `i64::MIN` overflows; any other constant negates back and forth.
                ValExpr::Const(k) | ValExpr::MacroConst(k) => {
                    return match (negated, odd) {
                        (true, _) if *k == i64::MIN => None,
                        (_, true) => Some(-*k),
                        _ => Some(*k),
                    };
                }
                ValExpr::Cast(_, inner) => e = inner,
                ValExpr::Unary(ValUnOp::Neg, _, inner) => {
                    negated = true;
                    odd = !odd;
                    e = inner;
                }
                _ => return None,
            }
        }
    }

    /// True when `f` holds for this expression or one inside it (operands, an element's index),
    /// tried outside in, stopping at the first. Iterative: expressions from the input may be
    /// deep.
    pub fn any(&self, mut f: impl FnMut(&ValExpr) -> bool) -> bool {
        let mut stack = vec![self];
        while let Some(e) = stack.pop() {
            if f(e) {
                return true;
            }
            match e {
                ValExpr::Cast(_, x) | ValExpr::Unary(_, _, x) | ValExpr::Element(_, x) => stack.push(x),
                ValExpr::Binary { lhs, rhs, .. } => {
                    stack.push(lhs);
                    stack.push(rhs);
                }
                ValExpr::PureCall { args, .. } => stack.extend(args.iter().filter_map(|a| match a {
                    PureArg::Value(v) => Some(v),
                    PureArg::Pointed(_) | PureArg::Literal(_) => None,
                })),
                _ => {}
            }
        }
        false
    }
}

/// The value a [`ValueOp::StoreFunction`] writes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StoredPointer {
    /// The address of the function with this USR (`hook = handler`).
    Function(String),
    /// The value of another pointer of the function (`hook = h`, `h` a parameter).
    Copy(PathId),
    /// A null pointer constant.
    Null,
}

impl ValueOp {
    /// True when the operation reads the result of a call of the function `usr`
    /// ([`ValExpr::Call`]).
    pub fn reads_call(&self, usr: &str) -> bool {
        let root = match self {
            ValueOp::Assign { value, .. } | ValueOp::Cond(value) | ValueOp::Return(value) | ValueOp::Divisor { value, .. } | ValueOp::PassValue { value, .. } => value,
            ValueOp::LibraryCall { success, .. } => success,
            ValueOp::ArrayInit { .. } | ValueOp::StoreFunction { .. } | ValueOp::MemberStore { .. } | ValueOp::PointTo { .. } | ValueOp::Access { .. } | ValueOp::PassMemory { .. } => return false,
        };
        root.any(|e| matches!(e, ValExpr::Call(u) if u == usr))
    }
}
