//! The library-model table: what calls of well-known library functions do to their arguments
//! and results (allocate, free, open, close, lock, never return, ...).
//!
//! The table is data (`library_models.toml` in this crate, embedded at compile time); users can
//! extend it with their own TOML text through [`LibraryModels::from_toml_str`] and
//! [`LibraryModels::extend`]. A call to a function that is in the table stays inside its
//! statement's node and labels it from the model; a call to any other function becomes a
//! [`crate::NodeKind::Call`] node.
//!
//! TOML shape: one table per function under `[functions]`, e.g.
//!
//! ```toml
//! [functions.realloc]
//! realloc = true          # frees argument 0, result is a fresh allocation
//! may_return_null = true
//! no_escape = true
//! must_check_result = true
//! ```
//!
//! Argument indices are 0-based. Unknown keys are errors.

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

/// The built-in table, embedded from `library_models.toml`.
const BUILTIN_TOML: &str = include_str!("../library_models.toml");

/// What one library function does.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FunctionModel {
    /// The result is newly allocated heap memory (`alloc_x` on the assigned path).
    pub alloc: bool,
    /// Arguments that receive newly allocated memory through a pointer (`posix_memalign(&p, ..)`,
    /// `asprintf(&s, ..)`): `def_p` and `alloc_p` for `&p`, the same for `*out` when a pointer
    /// `out` is passed on (a wrapper's out-parameter).
    pub alloc_out: Vec<usize>,
    /// Arguments whose pointee block is reallocated in place (`getline(&line, &n, f)`): the old
    /// block is released by the call (`free_p`: it reallocates it), the new one allocated
    /// (`def_p`, `alloc_p`).
    pub realloc_out: Vec<usize>,
    /// Arguments through which a new value (not a new block) is stored (`strtol`'s end
    /// pointer, `getline`'s size): `def_p` for `&p`.
    pub def_out: Vec<usize>,
    /// The return-code convention of the `alloc_out` arguments: when the result says failure,
    /// nothing was allocated. The branch of a test of the result that means failure gets
    /// `alloc_failed_p`.
    pub out_fails_when: Option<FailWhen>,
    /// Shorthand for `free = [0]` plus `alloc = true` (`realloc`, `reallocarray`).
    pub realloc: bool,
    /// The result may be NULL (`may_be_null_x` on the assigned path).
    pub may_return_null: bool,
    /// Every NULL it returns is latent: only for some values of its inputs the caller chooses
    /// (`localtime` of a time whose year does not fit in an `int`), not for a state of the
    /// environment. A dereference of the result is reported only where the caller's path leaves
    /// the call nothing else to return, as for a function of the program whose summary says so.
    pub null_latent: bool,
    /// Arguments that are deallocated.
    pub free: Vec<usize>,
    /// The call never returns.
    pub noreturn: bool,
    /// The result is a stream (`fopen_x` on the assigned path).
    pub fopen: bool,
    /// Arguments (streams) that are closed.
    pub fclose: Vec<usize>,
    /// The result is a file descriptor (`open_x` on the assigned path).
    pub open: bool,
    /// Arguments (descriptors) that are closed.
    pub close: Vec<usize>,
    /// Arguments (locks, `&` stripped) that are acquired.
    pub lock: Vec<usize>,
    /// Arguments (locks, `&` stripped) that are released.
    pub unlock: Vec<usize>,
    /// Arguments (streams or descriptors) that are used.
    pub resource_use: Vec<usize>,
    /// Pointer arguments that are read or written through (`deref_p` for `p`, `p + i`):
    /// `memcpy`, `strcpy`, `strlen`, ... (passing NULL is undefined behaviour).
    pub deref: Vec<usize>,
    /// The size argument of a `deref` function (`memcpy(d, s, n)`): the arguments count as
    /// dereferenced only when it is a non-zero constant (a zero-length copy touches nothing).
    pub deref_size: Option<usize>,
    /// The function does not capture its pointer arguments (no `escape` for them).
    pub no_escape: bool,
    /// Ignoring the result is a defect (used by checks, not by the CFG builder).
    pub must_check_result: bool,
    /// The integer result (and, for a `scanf`-family routine, what its conversions store
    /// through the outputs from [`FunctionModel::scan_outputs_from`] on) is read from outside
    /// the program: parsed text (`atoi`, `strtol`), a random number (`rand`) -> `input_x`.
    pub input: bool,
    /// A comparison that returns 0 when its two strings are equal: `[a, b]` (`strcmp`), or
    /// `[a, b, n]` up to the length argument `n` (`strncmp`, `memcmp`). Where it says equal, a
    /// string compared with a literal holds the literal's characters.
    pub equal_when_zero: Vec<usize>,
    /// Letters are compared without regard to case (`strcasecmp`): after an equal comparison
    /// only the other characters of the literal are known.
    pub ignores_case: bool,
    /// `[string, character]`: the result is NULL only when the character does not occur in the
    /// string (`strchr`, `strrchr`).
    pub finds_char: Vec<usize>,
    /// Global variables of the library the routine sets (`getopt`: `optarg`, `optind`): a new
    /// value of each at the call (`def_g`).
    pub writes_globals: Vec<String>,
    /// The result is this argument itself (`memcpy` and `strcpy` return their destination):
    /// what the caller does with the result, it does with the argument's pointer.
    pub returns_arg: Option<usize>,
    /// The index of the first conversion output of a `scanf`-family call: the arguments from
    /// there on are written only by conversions that succeed, and keep their value otherwise.
    /// An ignored result is not reported when every output already holds a value.
    pub scan_outputs_from: Option<usize>,
    /// Arguments that name a function the call starts as a new thread (`pthread_create`'s
    /// start routine): `thread_start_f`.
    pub thread_start: Vec<usize>,
    /// Arguments whose pointee is read (`load_p`; `use_a` for a local array `a` or `&x`).
    pub reads: Vec<usize>,
    /// Arguments whose pointee is written (`store_p`).
    pub writes: Vec<usize>,
    /// The memory the result (or a block stored through an `alloc_out`/`realloc_out`
    /// argument) points to has defined contents (`calloc`, `strdup`, `asprintf`): `store_x`
    /// along with `alloc_x`.
    pub filled: bool,
    /// The result is memory on the caller's stack (`alloca`), released when the caller
    /// returns: `non_heap_x` on the assigned path (it must never be freed).
    pub stack: bool,
    /// The result that says the call succeeded; its effects (a lock acquired, ...) happen only
    /// then. The integer result is kept in the value IR ([`crate::ValueOp::LibraryCall`]).
    pub success: Option<Success>,
    /// A lock call that waits until it holds the lock (`pthread_mutex_lock`, not a trylock):
    /// it fails only on a misused lock (an invalid mutex, a deadlock an error-checking mutex
    /// detects), so it is assumed to succeed, as the Clang Static Analyzer's PthreadLockChecker
    /// does: a branch on its [`FunctionModel::success`] result that says it failed is not
    /// followed ([`crate::ValueOp::LibraryCall`]'s `assumed`).
    pub blocks: bool,
    /// The call changes nothing and its integer result depends only on its arguments and on
    /// the memory its `reads` arguments point to (`strcmp`, `strlen`, `isdigit`): two calls
    /// with the same arguments, with nothing written in between to what they read, return
    /// the same value ([`crate::ValExpr::PureCall`]).
    pub pure: bool,
    /// The result counts bytes or elements of one object (`strlen`, `strspn`): it is at most
    /// `PTRDIFF_MAX`, so it stays non-negative when stored in a signed type of its width
    /// (`ssize_t end = strlen(text);`).
    pub counts_object: bool,
    /// Arguments that give the size in bytes of the block the result points to, or factors
    /// of it (`malloc`: `[0]`, `calloc`: `[0, 1]`, `realloc`: `[1]`): `sizeof_ptr_alloc` where a
    /// factor is `sizeof` of a pointer while the block holds no pointers.
    pub alloc_size: Vec<usize>,
    /// Pairs `[buffer, size]`: argument `size` gives the number of bytes of the memory
    /// argument `buffer` points to that the call fills, copies or compares (`memset`:
    /// `[[0, 2]]`): `sizeof_ptr_buffer` where it is `sizeof` of the buffer pointer itself.
    pub buffer_size: Vec<(usize, usize)>,
    /// Pairs `[buffer, count]`: argument `count` gives the number of elements (of the type
    /// `buffer` points to) the call fills or copies (`wmemcpy`: `[[0, 2], [1, 2]]`).
    pub buffer_elements: Vec<(usize, usize)>,
    /// `[dest, src]`: the call writes the string `src`, with its terminator, into `dest`
    /// (`strcpy`; `strcat` writes at least as far).
    pub copies_string: Vec<usize>,
    /// The heap a model's blocks belong to, which only its own release function may release:
    /// `malloc`/`free` (the default of models that allocate or free), `new`/`delete`,
    /// `new[]`/`delete[]` -> `alloc_malloc`/`alloc_new`/`alloc_new_arr` on the result and
    /// `release_free`/`release_delete`/`release_delete` and `release_delete_arr` on what it frees.
    pub family: Option<HeapFamily>,
}

/// A family of allocation and release functions (CWE-762: release a block only with the
/// function that matches how it was obtained).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HeapFamily {
    /// `malloc`, `calloc`, `realloc`, `strdup`, ... and `free`.
    #[serde(rename = "malloc")]
    Malloc,
    /// C++ `new` and `delete`.
    #[serde(rename = "new")]
    New,
    /// C++ `new[]` and `delete[]`.
    #[serde(rename = "new[]")]
    NewArray,
}

/// How a library function says it succeeded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Success {
    /// It returns 0 on success (`pthread_mutex_lock`).
    Zero,
    /// It returns a non-zero value on success.
    NonZero,
}

/// Which results of a function mean that its `alloc_out` arguments received nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailWhen {
    /// A negative result is failure, anything else success (`asprintf`). The functions of the
    /// table fail with `-1`, so `r != -1` is a success test.
    Negative,
    /// Any non-zero result (an error number) is failure, zero success (`posix_memalign`).
    Nonzero,
}

impl FailWhen {
    /// Whether the branch of `result op c` (its true branch when `taken`, else its false
    /// branch) means failure (`Some(true)`: nothing was stored), success (`Some(false)`), or
    /// either (`None`).
    pub fn branch_means_failure(self, op: goanna_ast::BinaryOp, c: i64, taken: bool) -> Option<bool> {
        use goanna_ast::BinaryOp::*;
        let op = match (taken, op) {
            (true, op) => op,
            (false, Eq) => Ne,
            (false, Ne) => Eq,
            (false, Lt) => Ge,
            (false, Ge) => Lt,
            (false, Gt) => Le,
            (false, Le) => Gt,
            (false, _) => return None,
        };
        match (self, op) {
            (FailWhen::Negative, Eq) => Some(c < 0),
            // The functions of the table fail with `-1` exactly.
            (FailWhen::Negative, Ne) => (c == -1).then_some(false),
            (FailWhen::Negative, Lt) => (c <= 0).then_some(true),
            (FailWhen::Negative, Le) => (c < 0).then_some(true),
            (FailWhen::Negative, Gt) => (c >= -1).then_some(false),
            (FailWhen::Negative, Ge) => (c >= 0).then_some(false),
            (FailWhen::Nonzero, Eq) => Some(c != 0),
            (FailWhen::Nonzero, Ne) => (c == 0).then_some(true),
            (FailWhen::Nonzero, Lt) => (c <= 0).then_some(true),
            (FailWhen::Nonzero, Le) => (c < 0).then_some(true),
            (FailWhen::Nonzero, Gt) => (c >= 0).then_some(true),
            (FailWhen::Nonzero, Ge) => (c > 0).then_some(true),
            _ => None,
        }
    }

    /// Whether the returned constant `k` means failure under this convention.
    pub fn is_failure(self, k: i64) -> bool {
        match self {
            FailWhen::Negative => k < 0,
            FailWhen::Nonzero => k != 0,
        }
    }
}

impl FunctionModel {
    /// Arguments that are freed, including argument 0 of a `realloc`-like function.
    pub fn freed_args(&self) -> impl Iterator<Item = usize> + '_ {
        self.free.iter().copied().chain(self.realloc.then_some(0))
    }

    /// True when the result is a fresh allocation (`alloc` or `realloc`).
    pub fn allocates(&self) -> bool {
        self.alloc || self.realloc
    }

    /// The heap family of the blocks the call allocates or frees: its `family`, else
    /// `malloc` for a model that allocates or frees heap memory.
    pub fn heap_family(&self) -> Option<HeapFamily> {
        self.family.or((self.allocates() || !self.free.is_empty()).then_some(HeapFamily::Malloc))
    }

    /// True when argument `index` is consumed by a modelled effect (freed, closed, locked,
    /// used as a resource), so passing it is not an escape.
    pub fn consumes_arg(&self, index: usize) -> bool {
        self.freed_args().any(|i| i == index)
            || self.fclose.contains(&index)
            || self.close.contains(&index)
            || self.lock.contains(&index)
            || self.unlock.contains(&index)
            || self.resource_use.contains(&index)
            || self.alloc_out.contains(&index)
            || self.realloc_out.contains(&index)
            || self.def_out.contains(&index)
    }
}

/// Errors reading a library-model table.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// The text is not valid TOML or does not have the expected shape.
    #[error("invalid library-model table: {0}")]
    Parse(#[from] toml::de::Error),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TableFile {
    #[serde(default)]
    functions: std::collections::BTreeMap<String, FunctionModel>,
}

/// The library-model table: function name → model.
#[derive(Clone, Debug, Default)]
pub struct LibraryModels {
    functions: FxHashMap<String, FunctionModel>,
}

impl LibraryModels {
    /// The built-in table (`library_models.toml`).
    pub fn builtin() -> LibraryModels {
        // The embedded table is tested to parse; an error here would be a build defect, so fall
        // back to an empty table rather than panic.
        LibraryModels::from_toml_str(BUILTIN_TOML).unwrap_or_default()
    }

    /// The built-in table, parsed once for the whole process.
    pub fn shared_builtin() -> &'static LibraryModels {
        static BUILTIN: std::sync::OnceLock<LibraryModels> = std::sync::OnceLock::new();
        BUILTIN.get_or_init(LibraryModels::builtin)
    }

    /// An empty table (every call becomes a call node).
    pub fn empty() -> LibraryModels {
        LibraryModels::default()
    }

    /// Parses a table from TOML text.
    pub fn from_toml_str(text: &str) -> Result<LibraryModels, ModelError> {
        let file: TableFile = toml::from_str(text)?;
        Ok(LibraryModels { functions: file.functions.into_iter().collect() })
    }

    /// Adds (or replaces) the models of `other`.
    pub fn extend(&mut self, other: LibraryModels) {
        self.functions.extend(other.functions);
    }

    /// The model of the function named `name`, if any. Also finds `__builtin_memcpy` and the
    /// fortified `__builtin___memcpy_chk` / `__memcpy_chk` under `memcpy`.
    pub fn get(&self, name: &str) -> Option<&FunctionModel> {
        if let Some(m) = self.functions.get(name) {
            return Some(m);
        }
        let base = name
            .strip_prefix("__builtin___")
            .or_else(|| name.strip_prefix("__builtin_"))
            .or_else(|| name.strip_prefix("__"))?;
        let base = base.strip_suffix("_chk").unwrap_or(base);
        self.functions.get(base)
    }

    /// Number of modelled functions.
    pub fn len(&self) -> usize {
        self.functions.len()
    }

    /// True when no function is modelled.
    pub fn is_empty(&self) -> bool {
        self.functions.is_empty()
    }

    /// Names of all modelled functions (unordered).
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.functions.keys().map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use goanna_ast::BinaryOp::*;

    #[test]
    fn negative_convention_reads_the_usual_tests() {
        let n = FailWhen::Negative;
        // `r < 0`, `r == -1`, `r != -1`, `r >= 0`
        assert_eq!((n.branch_means_failure(Lt, 0, true), n.branch_means_failure(Lt, 0, false)), (Some(true), Some(false)));
        assert_eq!((n.branch_means_failure(Eq, -1, true), n.branch_means_failure(Eq, -1, false)), (Some(true), Some(false)));
        assert_eq!((n.branch_means_failure(Ne, -1, true), n.branch_means_failure(Ne, -1, false)), (Some(false), Some(true)));
        assert_eq!((n.branch_means_failure(Ge, 0, true), n.branch_means_failure(Ge, 0, false)), (Some(false), Some(true)));
        // `r > 0` and `r != 0` do not separate failure from success (0 is a success).
        assert_eq!((n.branch_means_failure(Gt, 0, true), n.branch_means_failure(Gt, 0, false)), (Some(false), None));
        assert_eq!((n.branch_means_failure(Ne, 0, true), n.branch_means_failure(Ne, 0, false)), (None, Some(false)));
    }

    #[test]
    fn nonzero_convention_reads_the_usual_tests() {
        let z = FailWhen::Nonzero;
        // `r != 0` (and `if (r)`), `r == 0`, `r < 0`
        assert_eq!((z.branch_means_failure(Ne, 0, true), z.branch_means_failure(Ne, 0, false)), (Some(true), Some(false)));
        assert_eq!((z.branch_means_failure(Eq, 0, true), z.branch_means_failure(Eq, 0, false)), (Some(false), Some(true)));
        assert_eq!((z.branch_means_failure(Lt, 0, true), z.branch_means_failure(Lt, 0, false)), (Some(true), None));
        assert!(z.is_failure(-1) && z.is_failure(12) && !z.is_failure(0));
        assert!(FailWhen::Negative.is_failure(-1) && !FailWhen::Negative.is_failure(3));
    }

    #[test]
    fn builtin_table_models_out_parameters() {
        let models = LibraryModels::builtin();
        let asprintf = models.get("asprintf").expect("asprintf is modelled");
        assert_eq!((asprintf.alloc_out.as_slice(), asprintf.out_fails_when), (&[0][..], Some(FailWhen::Negative)));
        let getline = models.get("getline").expect("getline is modelled");
        assert_eq!((getline.realloc_out.as_slice(), getline.def_out.as_slice()), (&[0][..], &[1][..]));
        assert_eq!(models.get("strtol").map(|m| m.def_out.clone()), Some(vec![1]));
    }
}
