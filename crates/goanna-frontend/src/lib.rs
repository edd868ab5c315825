//! libclang front end: parses one C translation unit with its real compile flags and converts
//! Clang's cursor tree into the owned [`goanna_ast::TranslationUnit`].
//!
//! This is the only crate of the workspace that touches libclang. Nothing libclang-owned (no
//! `CX*` handle) ever leaves it: every parse creates its own index and translation unit, converts
//! them into plain Rust values and disposes of them before returning, so parses may run on any
//! number of threads at once.
//!
//! Source-level problems (syntax errors, missing headers, unknown warning flags) are not errors
//! of this API: they are recorded in [`goanna_ast::TranslationUnit::diagnostics`] and the tree
//! holds whatever Clang recovered. [`FrontendError`] is reserved for the front end itself failing
//! (libclang missing or too old, unreadable input, libclang refusing to parse).

// This crate is the workspace's FFI boundary to libclang: every call into `clang-sys` is
// `unsafe`. Each unsafe block states why it is sound; no raw handle escapes the crate.
#![allow(unsafe_code)]
// libclang constants (`CXCursor_VarDecl`, ...) keep their C names in `match` patterns.
#![allow(non_upper_case_globals)]

mod args;
mod convert;
pub mod dump;
mod load;
mod parse;
mod util;

use std::path::PathBuf;

pub use dump::dump_tree;
pub use goanna_ast::TranslationUnit;
pub use parse::{parse_file, parse_source};

/// How to compile the unit.
#[derive(Clone, Debug, Default)]
pub struct ParseOptions {
    /// Compiler arguments exactly as in a compile command (`-I`, `-D`, `-std`, ...).
    ///
    /// Entries from `compile_commands.json` may be passed unchanged: a leading compiler name (and
    /// `ccache`/`distcc` wrappers), `-c`, `-S`, `-E`, `-o FILE`, dependency-file flags (`-M`,
    /// `-MM`, `-MD`, `-MMD`, `-MP`, `-MG`, `-MF`, `-MT`, `-MQ`, `-MJ`) and every positional
    /// argument (the source file itself) are dropped before the arguments reach libclang.
    /// `-UNDEBUG` is appended: assertions are analysed as enabled (an `assert(c)` is a fact
    /// and its failing branch ends the program, also in units built with `-DNDEBUG`).
    pub args: Vec<String>,
    /// Directory against which relative paths in `args` and the file path are resolved (the
    /// `directory` of a compile command); the process's current directory when `None`.
    pub working_dir: Option<PathBuf>,
}

/// Failure of the front end itself (not of the C code, see the crate documentation).
#[derive(Clone, Debug, thiserror::Error)]
pub enum FrontendError {
    /// No usable libclang shared library was found.
    #[error("{0}")]
    LibclangNotFound(String),
    /// The libclang found is older than version 17.
    #[error("{0}")]
    LibclangTooOld(String),
    /// The file to parse does not exist or cannot be read.
    #[error("file not found: {0}")]
    FileNotFound(PathBuf),
    /// An argument, file name or contents contains a NUL byte and cannot be passed to libclang.
    #[error("invalid argument for libclang (contains a NUL byte): {0}")]
    InvalidArgument(String),
    /// `clang_parseTranslationUnit2` failed without producing a unit.
    #[error("libclang could not parse {path} (CXErrorCode {code}: {reason})", reason = describe_cx_error(*.code))]
    ParseFailed {
        /// The file that was being parsed.
        path: PathBuf,
        /// The `CXErrorCode` returned by libclang.
        code: i32,
    },
    /// The front end could not run the conversion (e.g. no thread could be started).
    #[error("front end internal failure: {0}")]
    Internal(String),
}

/// A human-readable description of a `CXErrorCode`.
fn describe_cx_error(code: i32) -> &'static str {
    match code {
        1 => "generic failure, often unusable compiler arguments",
        2 => "libclang crashed",
        3 => "invalid arguments",
        4 => "AST deserialization error",
        _ => "unknown error",
    }
}

/// The version string of the libclang in use (e.g. `Debian clang version 19.1.7`), loading it
/// if needed.
pub fn libclang_version() -> Result<String, FrontendError> {
    load::ensure_loaded()
}
