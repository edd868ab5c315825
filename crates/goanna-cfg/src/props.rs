//! Atomic propositions and the access paths they talk about.

use goanna_ast::{Span, TypeClass, VarKind};
use serde::{Deserialize, Serialize};

/// Index of an access path in [`crate::Cfg::paths`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PathId(pub u32);

/// One step from a variable to a part of what it denotes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PathStep {
    /// `*p`
    Deref,
    /// `.f`
    Field(String),
    /// `->f`
    Arrow(String),
    /// An element: of an array (`a[i]`, the element itself), or of the block a pointer points
    /// into (`p[i]`: the address `p + i`, which a [`PathStep::Deref`] step follows). The value IR
    /// names elements; propositions name only pointer elements at a constant index, stored into
    /// a local array or copied out of an array or a pointer (`slots[2] = p`, `d = a[2]`).
    Index(ElementIndex),
}

/// The index of a [`PathStep::Index`] step.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ElementIndex {
    /// A constant index.
    Const(i64),
    /// The value of an integer variable of the function (also in the path's
    /// [`AccessPath::depends_on`]: writing it makes the path name another element).
    Var {
        /// The variable's path.
        path: PathId,
        /// Its name, for the path's text.
        name: String,
    },
}

/// The variable an access path starts from. Self-contained (no reference into the syntax tree),
/// so graphs can be serialised and linked across units.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct VarRef {
    /// Name as written.
    pub name: String,
    /// Clang USR (the identity of globals across units).
    pub usr: String,
    /// Storage class.
    pub kind: VarKind,
    /// Class of the variable's type.
    pub class: TypeClass,
    /// Spelling of the variable's type.
    pub type_spelling: String,
    /// Where it is declared.
    pub decl_span: Span,
    /// For an integer variable: its width in bits (0 when unknown).
    #[serde(default)]
    pub int_bits: u8,
    /// For an integer variable: whether its type is signed.
    #[serde(default)]
    pub int_signed: bool,
    /// The variable is `volatile`: its value may change at any time.
    #[serde(default)]
    pub is_volatile: bool,
    /// The variable is `const` (its type's own qualifier, not a pointee's): nothing writes it
    /// after its initialisation, not even a function the program does not show.
    #[serde(default)]
    pub is_const: bool,
    /// A variable's initialiser stores the address of this one (`{ "count", &count_limit }`):
    /// any code may write it through that pointer, as if its address were taken everywhere.
    #[serde(default)]
    pub address_stored: bool,
    /// For a pointer to a structure or union: the identity of the record it points to
    /// ([`goanna_ast::CType::pointee_record`]); empty otherwise.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub pointee_record: String,
}

impl VarRef {
    /// True when nothing writes the variable, nor a member of it, after its initialisation:
    /// it is `const` and not `volatile`.
    pub fn read_only(&self) -> bool {
        self.is_const && !self.is_volatile
    }
}

/// A simple access path: a variable followed by dereferences and field selections
/// (`p`, `*p`, `p->next`, `s.f`). Anything more complex (array elements, pointer arithmetic)
/// is summarised by its root variable.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AccessPath {
    /// The root variable.
    pub root: VarRef,
    /// The steps from it.
    pub steps: Vec<PathStep>,
    /// Class of the type of the whole path (e.g. `Pointer` for `p->next`).
    pub class: TypeClass,
    /// Some `.f` step selects a member of a union: writing a sibling member gives this path a
    /// value too.
    #[serde(default)]
    pub in_union: bool,
    /// For the value of a call that a branch tests (`if (f(x) > 0)`), a path the graph builder
    /// makes up so that two such tests can be told to agree: the USR of the function called.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result_of: Option<String>,
    /// The variables the path's value depends on besides its root and the memory it goes
    /// through: for a call's value, the variables passed to it; for an element (`p[i].f`), the
    /// index variables. Writing one changes the value.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub depends_on: Vec<PathId>,
    /// For a path ending in a `.f` or `->f` step: the field's integer type, when it is one of
    /// known layout (not a bit-field) and not `volatile`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_int: Option<crate::values::IntType>,
    /// For a path whose value points to a structure or union: the identity (Clang's USR) of
    /// that record, whatever typedef spells it; empty otherwise. The type of the object a
    /// further `->f` or `*` step reaches (`ct->oldcfg` points to a `struct config_file`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub pointee_record: String,
}

/// The member that `steps` below a pointer start with, with the members of nested structures
/// after it: `rp.resp_iov.cnt` for `->rp.resp_iov.cnt`, `rp.response` for
/// `->rp.response->crc` (what lies behind a pointer member counts as that member); `None` when
/// the steps do not start with `->`.
pub fn member_chain(steps: &[PathStep]) -> Option<String> {
    let (PathStep::Arrow(first), rest) = steps.split_first()? else { return None };
    let mut chain = first.clone();
    for step in rest {
        let PathStep::Field(f) = step else { break };
        chain.push('.');
        chain.push_str(f);
    }
    Some(chain)
}

impl AccessPath {
    /// The integer type of an integer path, when its layout is known: a variable's, or a
    /// member's ([`AccessPath::field_int`]).
    pub fn int_type(&self) -> Option<crate::values::IntType> {
        if self.class != goanna_ast::TypeClass::Integer {
            return None;
        }
        if self.is_variable() {
            (1..=64).contains(&self.root.int_bits).then_some(crate::values::IntType { bits: self.root.int_bits, signed: self.root.int_signed })
        } else {
            self.field_int
        }
    }

    /// C-like text of the path: `p`, `*p`, `p->f`, `s.f`, `a[i]`, `p[2].f`.
    pub fn text(&self) -> String {
        let mut text = self.root.name.clone();
        let mut steps = self.steps.iter().peekable();
        while let Some(step) = steps.next() {
            match step {
                PathStep::Index(index) => {
                    let index = match index {
                        ElementIndex::Const(c) => c.to_string(),
                        ElementIndex::Var { name, .. } => name.clone(),
                    };
                    // `p[i]` is `*(p + i)`: the dereference that follows is the brackets'.
                    text = format!("{text}[{index}]");
                    match steps.peek() {
                        Some(PathStep::Deref) => {
                            steps.next();
                        }
                        Some(PathStep::Arrow(f)) => {
                            text = format!("{text}.{f}");
                            steps.next();
                        }
                        _ => {}
                    }
                }
                PathStep::Deref => text = format!("*{text}"),
                PathStep::Field(f) => {
                    text.push('.');
                    text.push_str(f);
                }
                PathStep::Arrow(f) => {
                    text.push_str("->");
                    text.push_str(f);
                }
            }
        }
        text
    }

    /// True when the path is just a variable.
    pub fn is_variable(&self) -> bool {
        self.steps.is_empty()
    }

    /// True when the path is local storage: a local variable or parameter, a field of one
    /// reached without dereferencing a pointer (`s.f`), or an element at a constant index of a
    /// local array (`slots[2]`). A pointer copied into it is not handed on.
    pub fn is_local_storage(&self) -> bool {
        let fields = matches!(self.root.kind, VarKind::Local | VarKind::Param) && self.steps.iter().all(|s| matches!(s, PathStep::Field(_)));
        fields || self.is_local_element()
    }

    /// True when the path is an element at a constant index of a local array (`slots[2]`).
    pub fn is_local_element(&self) -> bool {
        self.root.kind == VarKind::Local && matches!(self.steps.as_slice(), [PathStep::Index(ElementIndex::Const(_))])
    }
}

/// The kinds of atomic propositions (Goanna style: the kind plus a subject, e.g. `free_p`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PropKind {
    /// The path is written.
    Def,
    /// The path's value is read.
    Use,
    /// The variable is named in an unevaluated operand (`sizeof x`): not a read.
    Mention,
    /// The variable is declared without an initialiser.
    Decl,
    /// The variable is declared with an initialiser (also a `Def`).
    DeclInit,
    /// The variable's address is taken (`&x`, or an array decaying to a pointer).
    AddrTaken,
    /// The pointer is dereferenced (`*p`, `p->f`, `p[i]`).
    Deref,
    /// The pointer is assigned a null pointer constant.
    AssignNull,
    /// On a branch node: the branch taken means the pointer is NULL (for an integer or
    /// floating variable: that it is zero).
    NullTest,
    /// On a branch node: the branch taken means the pointer is not NULL (for an integer or
    /// floating variable: that it is not zero, e.g. the true branch of `d != 0`, `d`, `d > 0`).
    NonNullTest,
    /// The pointer receives newly allocated heap memory (malloc, calloc, strdup, ...).
    Alloc,
    /// The pointer receives the result of a function that may return NULL (including allocators).
    MayBeNull,
    /// The pointer is passed to a deallocator.
    Free,
    /// The pointer leaves the function's control: returned, stored to a global or through a
    /// pointer/field, or passed to an unknown function.
    Escape,
    /// The pointer's value, or the variable's address (`&X`), is stored into memory that
    /// outlives the function or that others reach: a global, a member or element reached
    /// through a pointer, an out-parameter (`*out = X`, `g = &X`, `s->held = X`). Not a copy
    /// into local storage, a return or an argument: what the caller finds in its own memory
    /// after the call (a lock handed over through `*mtxp`). Also, at a `return` of a pointer,
    /// each path reached through it: the caller finds those objects through the result (a
    /// lookup returning the entry it found with `e->lock` held).
    Stored,
    /// The path names other storage from here on: a pointer it is reached through gets a new
    /// value (`e = lookup(k);` for `e->lock`, `e->entry.lock`). Added after the graph is built
    /// for every path reached through a pointer path a node defines.
    Rebased,
    /// The handle receives a stream from `fopen`/`fdopen`/`tmpfile`/...
    Fopen,
    /// The stream is closed (`fclose`).
    Fclose,
    /// The descriptor receives the result of `open`/`socket`/...
    Open,
    /// The descriptor is closed (`close`).
    Close,
    /// The stream or descriptor is used by a library function (read, write, printf to it, ...).
    ResourceUse,
    /// The lock is acquired.
    Lock,
    /// The lock is released.
    Unlock,
    /// The path is used as the divisor of an integer division (`x / d`, `x % d`, `x /= d`).
    DivBy,
    /// The path is used as the divisor of a floating-point division (`x / d` with a floating
    /// operand): defined for zero (the result is infinite or NaN), so apart from `DivBy`.
    FloatDivBy,
    /// Division or remainder by a literal (or constant) zero; subject is the node itself.
    DivByZero,
    /// An element read or written outside its array or block on every path that reaches it
    /// (the value analysis; subject is the node itself).
    IndexOutOfBounds,
    /// An element read or written outside its array or block for some values the program
    /// bounds the index to (the value analysis; subject is the node itself).
    IndexMayBeOutOfBounds,
    /// A library routine (`memcpy`, `strcpy`, ...) copying or filling past the end of its
    /// memory on every path that reaches it (the value analysis; subject is the node itself).
    CopyOutOfBounds,
    /// A library routine copying or filling past the end of its memory for some values the
    /// program bounds the size to (the value analysis; subject is the node itself).
    CopyMayBeOutOfBounds,
    /// Integer arithmetic (`+`, `-`, `*`, unary `-`, `<<`, `++`, `op=`) whose result is outside
    /// its type, or outside the narrower type of the variable it is stored back into, on every
    /// path that reaches it (the value analysis; subject is the node itself).
    IntOverflow,
    /// A shift by a negative amount or by at least the width of its (promoted) left operand on
    /// every path that reaches it (the value analysis; subject is the node itself).
    ShiftOutOfRange,
    /// A call of a function of the program that passes values for which that function (or one
    /// it calls with them) computes an [`PropKind::IntOverflow`] or a
    /// [`PropKind::ShiftOutOfRange`] (the value analysis; subject is the node itself).
    CallOverflow,
    /// The signed integer path is assigned the largest value of its type (`n = INT_MAX`, `c =
    /// CHAR_MAX`).
    AssignMax,
    /// Arithmetic on the signed integer path that overflows its type when the path holds the
    /// largest value of its type: `x++`, `x += c` and `x + c` for a positive constant `c`,
    /// `x * c` for a constant of magnitude at least 2, `x * x` (for `+` and `*` not stored
    /// back, only when the operation is computed in the path's own type).
    Grows,
    /// The integer path receives a value read from outside the program: the result of a
    /// routine whose model says `input` (`atoi`, `strtol`, `rand`), also inside an expression,
    /// or a conversion output of a `scanf`-family call.
    Input,
    /// The path is read by the condition of a branch (any test of its value).
    Tested,
    /// The path is read by the condition of a branch that may bound it from above: any test
    /// but `x > c` and `x >= c` for a constant `c` of at most zero (a sign test bounds only
    /// from below).
    Bounded,
    /// A call of the function named by the subject.
    Call,
    /// A call of a function that (directly or not) calls the calling function again. Added when
    /// units are linked, never by the graph builder.
    RecursiveCall,
    /// The target of a loop's back edge (a loop head). Added when units are linked.
    LoopHead,
    /// The function's entry, so that a template can ask about paths from the start. Added when
    /// units are linked.
    Entry,
    /// The integer variable is assigned the constant in [`Prop::value`].
    AssignConst,
    /// The integer variable is increased by the constant in [`Prop::value`] (`x++`, `x -= 2`).
    AddConst,
    /// On a branch node: the branch taken means the variable equals the constant in `value`.
    CmpEq,
    /// On a branch node: the variable differs from the constant.
    CmpNe,
    /// On a branch node: the variable is less than the constant.
    CmpLt,
    /// On a branch node: the variable is at most the constant.
    CmpLe,
    /// On a branch node: the variable is greater than the constant.
    CmpGt,
    /// On a branch node: the variable is at least the constant.
    CmpGe,
    /// A `return` statement.
    Return,
    /// A `return` of a null pointer constant.
    ReturnNull,
    /// The end of the function (exit node) or the sink after a non-returning call.
    End,
    /// The sink after a non-returning call.
    NoReturn,
    /// The integer or floating variable is assigned a constant zero (`d = 0`, `int d = 0;`).
    AssignZero,
    /// On a condition node: the condition is a compile-time constant that is non-zero, and is
    /// not a plain literal (`while (1)`) nor written inside a macro expansion.
    CondAlways,
    /// On a condition node: the condition is a compile-time constant zero, and is not a plain
    /// literal (`if (0)`, `while (0)`) nor written inside a macro expansion.
    CondNever,
    /// On a condition node: an operand of a `&&` (`||`) chain comparing an integer variable
    /// with a constant that another operand of the same chain implies (is implied by), so it
    /// changes nothing (`5 < a && 10 < a`), outside macro expansions.
    CondRedundant,
    /// An expression statement discards the result of a library function whose result must be
    /// checked (`must_check_result` in the model table); a cast to `void` does not count.
    ResultIgnored,
    /// A deallocator is given the address of memory that is not on the heap: `&x` or an array
    /// (local, static, global or a member); the subject is that variable or array.
    FreeNonHeap,
    /// The pointer is assigned the address of memory that is not on the heap (`p = &x`,
    /// `p = array`, `p = "literal"`).
    NonHeap,
    /// The pointer receives the result of a function of the program that never returns NULL:
    /// every value it returns was found not NULL on the way, or is an address (a wrapper of an
    /// allocator that aborts on failure). Only a callee's summary puts it on a call node.
    NonNull,
    /// The NULL the pointer may receive here (next to `may_be_null`) is latent: the library
    /// function returns it only for some values of its inputs (`localtime` of a time whose
    /// year does not fit in an `int`; the model's `null_latent`).
    NullLatent,
    /// The pointer is moved forward within its block (`p++`, `p += n`, `p = p + n`).
    Offset,
    /// A deallocator is given the pointer plus an offset (`free(p + 1)`); subject: the pointer.
    FreeOffset,
    /// The pointer is moved back toward the start of its block (`p--`, `p -= n`, `p = p - n`),
    /// or a deallocator is given it minus an offset (`free(p - n)`): a pointer into a block
    /// (past a size-prefixed allocator's header) going back to where the block starts.
    Rewind,
    /// The pointer is given memory that was already freed: the result of a call of a function
    /// that returns, on every path, memory it freed (a summary effect at call nodes).
    Dangling,
    /// The pointer receives an address inside the block of the pointer it copies (`q = p + k`,
    /// `q = &p->f`; with `copy_q`): a holder of that block whose NULL tests say nothing about
    /// the block's owner.
    Interior,
    /// On a branch node: the result of a call that stores a new block through `&X` says it
    /// failed (`if (asprintf(&X, ..) < 0)`, a program function with the same return-code
    /// convention): `X` received no block from it.
    AllocFailed,
    /// `return &x;` or `return a;` for an automatic variable or array `x`/`a` (subject).
    ReturnLocalAddr,
    /// A `switch` (its condition node) that has no `default` label, outside macro expansions.
    SwitchNoDefault,
    /// `p = realloc(p, n)`: the result of a reallocation overwrites its own first argument.
    ReallocSelf,
    /// The function named by the subject is started as a new thread (`pthread_create`).
    ThreadStart,
    /// A library routine is handed a function it may call before it returns (`qsort`'s
    /// comparator, `bsearch`'s, `twalk`'s action): the subject is the function's USR, or none
    /// for a function pointer whose target is not known. What that function may write changes
    /// at this node.
    Callback,
    /// The entry of a function that some call starts as a thread: it begins without any lock
    /// held. Added when units are linked, never by the graph builder.
    ThreadEntry,
    /// Memory the pointer points to is read (`*p`, `p[i]`, `p->f` as values, `strlen(p)`,
    /// the source of `memcpy`).
    Load,
    /// Memory the pointer points to may be written (`*p = v`, `p[i] = v`, `memset(p, ..)`,
    /// `fgets(p, ..)`), or its address is handed on where it may be (copied into another
    /// pointer, passed to a function without a model, `&p->f`); also on the pointer that
    /// receives memory whose contents are defined (`calloc`, `realloc`, `strdup`).
    Store,
    /// The pointer receives a copy of another pointer path (`q = p`, `q = (T *)p`, `q = p + 0`,
    /// `s.f = p`); the source's [`PathId`] index is in [`Prop::value`]. The alias analysis of
    /// the program stage reads it; templates do not name it.
    Copy,
    /// The pointer is overwritten while the block it held stays held by another local (an
    /// alias made by a copy). Added when units are linked, never by the graph builder.
    Kept,
    /// The block the pointer received may be handed on here through another local that may
    /// hold it, or not (a copy given another value on some path: `head = p; if (c) head =
    /// NULL;`): comes with that `escape` of the pointer, which the leak checks read as handed
    /// on and the use-after-free checks do not read as a use. Added when units are linked.
    MaybeHandedOn,
    /// The last local holding a block the pointer received (and no longer holds) is
    /// overwritten: the block is unreachable. Added when units are linked.
    Lost,
    /// A `return` of the address of an object that is not on the stack nor the heap (`&g` for
    /// a global or static `g`, a static array, a string literal): never NULL.
    ReturnStaticAddr,
    /// Fresh heap memory is stored into the block the pointer points to (`p[i] = malloc(..)`,
    /// `p->f = malloc(..)`, `(p + i)->f = strdup(..)`): the block now owns other memory.
    ElemAlloc,
    /// A pointer stored in the block the pointer points to is freed (`free(p[i])`), read out
    /// into another place (`next = p->next`, `return p->f`), or handed to a function (with `p`
    /// itself): what the block owns may be released elsewhere.
    ElemRelease,
    /// On a function's entry: some call of the function is made holding this lock (a global,
    /// or one reached through a parameter), which the function takes itself and never
    /// releases. Such a function is not a lock wrapper handing the lock to its caller. Added
    /// when units are linked, never by the graph builder.
    LockedByCaller,
    /// On a function's entry: a conditional lock wrapper of this lock. Either it returns
    /// holding the lock (reached through a parameter) exactly at its `return`s of some
    /// constants, and some caller releases it after testing the result for them (`if
    /// (lock_and_load(c) > 0) { ..; unlock(c); }`), or it never releases the lock and every
    /// lock it takes is its last act (`if (threaded(ctx)) lock(&ctx->mu);`), or its pointer
    /// result is not NULL exactly when it holds the lock: the lock's own address
    /// (`if (pthread_mutex_trylock(l) == 0) return l; return NULL;`), or an object while it
    /// holds a global lock that some caller releases after finding the result not NULL.
    /// Added when units are linked, never by the graph builder.
    LockByResult,
    /// On a function's entry: a lock wrapper, an unlock wrapper or neither of this lock as a
    /// constant argument selects (`pause_threads(PAUSE_ALL)` takes it and returns holding it,
    /// `pause_threads(RESUME_ALL)` releases it): every call of the function passes a constant
    /// for a parameter it never writes, and under each such constant the function holds the
    /// lock on every path that returns, releases it on every such path, or leaves it alone.
    /// Added when units are linked, never by the graph builder.
    LockByArgument,
    /// At a call of a function of the program: its summary says it only reads memory reached
    /// through this pointer argument (writes nothing through it, hands it to nobody who may).
    /// Added when units are linked, never by the graph builder.
    ReadsOnly,
    /// At a call of a function of the program: its summary says all it does to the pointers
    /// stored in the members of this structure argument (`sink(s)`, `sink(&s)`) or of what
    /// this pointer argument points to; the call hands on only what that says. Added when
    /// units are linked, never by the graph builder.
    PartsFollowed,
    /// The pointer variable receives a pointer read out of memory that no path names (`s =
    /// g->pathv[0]`, `n = *it`): that memory still holds the pointer after the assignment, so
    /// the pointer is not the only reference to its block.
    Loaded,
    /// A factor of an allocation's size (`alloc_size` in the model table) is `sizeof` of a
    /// pointer, while the pointer that receives the block points to elements that are not
    /// pointers and have another size (`int *p = malloc(n * sizeof(p))`). Span: the `sizeof`.
    SizeofPtrAlloc,
    /// The size given with a buffer to a library function that fills, copies or compares it
    /// (`buffer_size` in the model table) is `sizeof` of the buffer pointer itself
    /// (`memset(buf, 0, sizeof(buf))` for `char *buf`), while what it points to has another
    /// size. Span: the `sizeof`.
    SizeofPtrBuffer,
    /// On the first node of an `if`, loop or `do`: its condition (or the last operand of a
    /// comma in it) is an assignment `x = e` written without parentheses of its own
    /// (`if (x = 5)`), outside macro expansions.
    CondAssign,
    /// An expression statement whose value is a comparison, `==` of an lvalue (`x == 1;`):
    /// an assignment was meant. Outside macro expansions.
    CmpStmt,
    /// An expression statement that has no effect (`x;`, `a + b;`, `*p;`, `-x;`): no
    /// assignment, increment, call or `volatile` access, not a cast to `void`, not a
    /// comparison (that is `cmp_stmt`), outside macro expansions.
    NoEffect,
    /// On the first node of an `if` without `else`, a `for` or a `while`: its body is an
    /// empty `;` on the line where the condition ends (`if (x);`), and the statement after it
    /// starts on a later line indented more than the guard (it looks like the body) or, for
    /// an `if` or a `while`, the condition has no effect (the branch does nothing; the loop
    /// never ends, or never runs). Not when the `;` follows a macro that expanded to nothing,
    /// nor inside macro expansions.
    StraySemicolon,
    /// On the first node of an `if`, `for` or `while` (of a block) whose body, or `else`
    /// body, has no braces and starts on a later line indented right of the guard: the
    /// statement after it starts on a later line in the visual column of the body
    /// ([`goanna_ast::Stmt::indent`]), as if it were guarded too (`if (x)\n  a();\n  b();`).
    /// Outside macro expansions and layout a preprocessor directive interrupts.
    MisleadingIndent,
    /// On the first node of an `if`, loop or `do`: its condition has an `&` or `|` (itself,
    /// or an operand of its `&&`, `||`, `!`) whose operands are both truth values
    /// (comparisons, `!`, `&&`, `||`): `&&` or `||` was meant (`if (a > 0 & b > 0)`).
    /// Outside macro expansions.
    BitwiseBool,
    /// The pointer receives a block of the C heap (`malloc`, `calloc`, `realloc`, `strdup`,
    /// ...: a model of the `malloc` family), along with `alloc`.
    AllocMalloc,
    /// The pointer receives a block of C++ `new`, along with `alloc`.
    AllocNew,
    /// The pointer receives a block of C++ `new[]`, along with `alloc`.
    AllocNewArray,
    /// The pointer is released by `free` (the `malloc` family), along with `free`.
    ReleaseFree,
    /// The pointer is released by `delete` or `delete[]`, along with `free`.
    ReleaseDelete,
    /// The pointer is released by `delete[]`, along with `free` and `release_delete`.
    ReleaseDeleteArray,
}

impl PropKind {
    /// Every kind, in declaration order.
    pub const ALL: [PropKind; 104] = [
        PropKind::Def,
        PropKind::Use,
        PropKind::Mention,
        PropKind::Decl,
        PropKind::DeclInit,
        PropKind::AddrTaken,
        PropKind::Deref,
        PropKind::AssignNull,
        PropKind::NullTest,
        PropKind::NonNullTest,
        PropKind::Alloc,
        PropKind::MayBeNull,
        PropKind::Free,
        PropKind::Escape,
        PropKind::Stored,
        PropKind::Rebased,
        PropKind::Fopen,
        PropKind::Fclose,
        PropKind::Open,
        PropKind::Close,
        PropKind::ResourceUse,
        PropKind::Lock,
        PropKind::Unlock,
        PropKind::DivBy,
        PropKind::FloatDivBy,
        PropKind::DivByZero,
        PropKind::IndexOutOfBounds,
        PropKind::IntOverflow,
        PropKind::ShiftOutOfRange,
        PropKind::CallOverflow,
        PropKind::AssignMax,
        PropKind::Grows,
        PropKind::Input,
        PropKind::Tested,
        PropKind::Bounded,
        PropKind::IndexMayBeOutOfBounds,
        PropKind::CopyOutOfBounds,
        PropKind::CopyMayBeOutOfBounds,
        PropKind::Call,
        PropKind::RecursiveCall,
        PropKind::LoopHead,
        PropKind::Entry,
        PropKind::AssignConst,
        PropKind::AddConst,
        PropKind::CmpEq,
        PropKind::CmpNe,
        PropKind::CmpLt,
        PropKind::CmpLe,
        PropKind::CmpGt,
        PropKind::CmpGe,
        PropKind::Return,
        PropKind::ReturnNull,
        PropKind::End,
        PropKind::NoReturn,
        PropKind::AssignZero,
        PropKind::CondAlways,
        PropKind::CondNever,
        PropKind::CondRedundant,
        PropKind::ResultIgnored,
        PropKind::FreeNonHeap,
        PropKind::NonHeap,
        PropKind::NonNull,
        PropKind::NullLatent,
        PropKind::Offset,
        PropKind::FreeOffset,
        PropKind::Rewind,
        PropKind::Dangling,
        PropKind::Interior,
        PropKind::AllocFailed,
        PropKind::ReturnLocalAddr,
        PropKind::SwitchNoDefault,
        PropKind::ReallocSelf,
        PropKind::ThreadStart,
        PropKind::Callback,
        PropKind::ThreadEntry,
        PropKind::Load,
        PropKind::Store,
        PropKind::Copy,
        PropKind::Kept,
        PropKind::MaybeHandedOn,
        PropKind::Lost,
        PropKind::ReturnStaticAddr,
        PropKind::ElemAlloc,
        PropKind::ElemRelease,
        PropKind::LockedByCaller,
        PropKind::LockByResult,
        PropKind::LockByArgument,
        PropKind::ReadsOnly,
        PropKind::PartsFollowed,
        PropKind::SizeofPtrAlloc,
        PropKind::SizeofPtrBuffer,
        PropKind::CondAssign,
        PropKind::CmpStmt,
        PropKind::NoEffect,
        PropKind::StraySemicolon,
        PropKind::MisleadingIndent,
        PropKind::BitwiseBool,
        PropKind::Loaded,
        PropKind::AllocMalloc,
        PropKind::AllocNew,
        PropKind::AllocNewArray,
        PropKind::ReleaseFree,
        PropKind::ReleaseDelete,
        PropKind::ReleaseDeleteArray,
    ];

    /// True for the facts about how the code is written (`builder/mistakes.rs`:
    /// `sizeof_ptr_alloc`, `cond_assign`, `no_effect`, `misleading_indent`, ...): they say
    /// nothing about what the node does.
    pub fn is_syntax_fact(self) -> bool {
        matches!(
            self,
            PropKind::SizeofPtrAlloc
                | PropKind::SizeofPtrBuffer
                | PropKind::CondAssign
                | PropKind::CmpStmt
                | PropKind::NoEffect
                | PropKind::StraySemicolon
                | PropKind::MisleadingIndent
                | PropKind::BitwiseBool
        )
    }

    /// The kind with this [`PropKind::name`].
    pub fn from_name(name: &str) -> Option<PropKind> {
        PropKind::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The name used in proposition text and CTL templates (`def`, `use`, `null_test`, ...).
    pub fn name(self) -> &'static str {
        match self {
            PropKind::Def => "def",
            PropKind::Use => "use",
            PropKind::Mention => "mention",
            PropKind::Decl => "decl",
            PropKind::DeclInit => "decl_init",
            PropKind::AddrTaken => "addr_taken",
            PropKind::Deref => "deref",
            PropKind::AssignNull => "assign_null",
            PropKind::NullTest => "null_test",
            PropKind::NonNullTest => "nonnull_test",
            PropKind::Alloc => "alloc",
            PropKind::MayBeNull => "may_be_null",
            PropKind::Free => "free",
            PropKind::Escape => "escape",
            PropKind::Stored => "stored",
            PropKind::Rebased => "rebased",
            PropKind::Fopen => "fopen",
            PropKind::Fclose => "fclose",
            PropKind::Open => "open",
            PropKind::Close => "close",
            PropKind::ResourceUse => "resource_use",
            PropKind::Lock => "lock",
            PropKind::Unlock => "unlock",
            PropKind::DivBy => "div_by",
            PropKind::FloatDivBy => "float_div_by",
            PropKind::DivByZero => "div_zero",
            PropKind::IndexOutOfBounds => "index_out_of_bounds",
            PropKind::IntOverflow => "int_overflow",
            PropKind::ShiftOutOfRange => "shift_out_of_range",
            PropKind::CallOverflow => "call_overflow",
            PropKind::AssignMax => "assign_max",
            PropKind::Grows => "grows",
            PropKind::Input => "input",
            PropKind::Tested => "tested",
            PropKind::Bounded => "bounded",
            PropKind::IndexMayBeOutOfBounds => "index_may_be_out_of_bounds",
            PropKind::CopyOutOfBounds => "copy_out_of_bounds",
            PropKind::CopyMayBeOutOfBounds => "copy_may_be_out_of_bounds",
            PropKind::Call => "call",
            PropKind::RecursiveCall => "recursive_call",
            PropKind::LoopHead => "loop_head",
            PropKind::Entry => "entry",
            PropKind::AssignConst => "assign_const",
            PropKind::AddConst => "add_const",
            PropKind::CmpEq => "cmp_eq",
            PropKind::CmpNe => "cmp_ne",
            PropKind::CmpLt => "cmp_lt",
            PropKind::CmpLe => "cmp_le",
            PropKind::CmpGt => "cmp_gt",
            PropKind::CmpGe => "cmp_ge",
            PropKind::Return => "return",
            PropKind::ReturnNull => "return_null",
            PropKind::End => "end",
            PropKind::NoReturn => "noreturn",
            PropKind::AssignZero => "assign_zero",
            PropKind::CondAlways => "cond_always",
            PropKind::CondNever => "cond_never",
            PropKind::CondRedundant => "cond_redundant",
            PropKind::ResultIgnored => "result_ignored",
            PropKind::FreeNonHeap => "free_non_heap",
            PropKind::NonHeap => "non_heap",
            PropKind::NonNull => "non_null",
            PropKind::NullLatent => "null_latent",
            PropKind::Offset => "offset",
            PropKind::FreeOffset => "free_offset",
            PropKind::Rewind => "rewind",
            PropKind::Dangling => "dangling",
            PropKind::Interior => "interior",
            PropKind::AllocFailed => "alloc_failed",
            PropKind::ReturnLocalAddr => "return_local_addr",
            PropKind::SwitchNoDefault => "switch_no_default",
            PropKind::ReallocSelf => "realloc_self",
            PropKind::ThreadStart => "thread_start",
            PropKind::Callback => "callback",
            PropKind::ThreadEntry => "thread_entry",
            PropKind::Load => "load",
            PropKind::Store => "store",
            PropKind::Copy => "copy",
            PropKind::Kept => "kept",
            PropKind::MaybeHandedOn => "maybe_handed_on",
            PropKind::Lost => "lost",
            PropKind::ReturnStaticAddr => "return_static_addr",
            PropKind::ElemAlloc => "elem_alloc",
            PropKind::ElemRelease => "elem_release",
            PropKind::LockedByCaller => "locked_by_caller",
            PropKind::LockByResult => "lock_by_result",
            PropKind::LockByArgument => "lock_by_argument",
            PropKind::ReadsOnly => "reads_only",
            PropKind::PartsFollowed => "parts_followed",
            PropKind::Loaded => "loaded",
            PropKind::SizeofPtrAlloc => "sizeof_ptr_alloc",
            PropKind::SizeofPtrBuffer => "sizeof_ptr_buffer",
            PropKind::CondAssign => "cond_assign",
            PropKind::CmpStmt => "cmp_stmt",
            PropKind::NoEffect => "no_effect",
            PropKind::StraySemicolon => "stray_semicolon",
            PropKind::MisleadingIndent => "misleading_indent",
            PropKind::BitwiseBool => "bitwise_bool",
            PropKind::AllocMalloc => "alloc_malloc",
            PropKind::AllocNew => "alloc_new",
            PropKind::AllocNewArray => "alloc_new_arr",
            PropKind::ReleaseFree => "release_free",
            PropKind::ReleaseDelete => "release_delete",
            PropKind::ReleaseDeleteArray => "release_delete_arr",
        }
    }
}

/// What a proposition is about.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Subject {
    /// Nothing (`return`, `end`, `noreturn`, `div_zero`).
    None,
    /// An access path of the function.
    Path(PathId),
    /// A function, by name (`call_malloc`).
    Function(String),
}

/// An atomic proposition holding at a node, with the source range it came from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Prop {
    /// The kind.
    pub kind: PropKind,
    /// What it is about.
    pub subject: Subject,
    /// Where in the source it comes from.
    pub span: Span,
    /// The constant of value propositions (`assign_const`, `cmp_*`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<i64>,
}

/// The Goanna-style name of a proposition of `cfg`: the kind's name, then `_` and the subject
/// (`free_p`, `deref_p->next`, `call_malloc`), or the kind's name alone (`end`, `return`).
pub fn prop_name(cfg: &crate::Cfg, prop: &Prop) -> String {
    match &prop.subject {
        Subject::None => prop.kind.name().to_string(),
        Subject::Path(id) => match cfg.paths.get(id.0 as usize) {
            Some(path) => format!("{}_{}", prop.kind.name(), path.text()),
            None => format!("{}_?", prop.kind.name()),
        },
        Subject::Function(name) => format!("{}_{}", prop.kind.name(), name),
    }
}
