//! Loading libclang once per process and installing it on every thread that parses.
//!
//! `clang-sys` (feature `runtime`) keeps the loaded library in a thread-local slot, so the
//! library is loaded once into a process-wide [`OnceLock`] and [`ensure_loaded`] installs the
//! shared handle on the calling thread before any libclang call.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use clang_sys::SharedLibrary;

use crate::util::cx_string;
use crate::FrontendError;

/// Oldest libclang major version whose API this crate relies on (operator-kind queries).
pub(crate) const MIN_MAJOR: u32 = 17;

/// Directories tried, newest first, when neither `LIBCLANG_PATH` nor the default search finds
/// a library.
const FALLBACK_MAJORS: std::ops::RangeInclusive<u32> = 17..=21;

struct Loaded {
    library: Arc<SharedLibrary>,
    version: String,
}

static LIBRARY: OnceLock<Result<Loaded, FrontendError>> = OnceLock::new();

/// Makes sure libclang is loaded and installed on the current thread.
///
/// Returns the version string reported by the library.
pub(crate) fn ensure_loaded() -> Result<String, FrontendError> {
    let loaded = LIBRARY.get_or_init(load).as_ref().map_err(Clone::clone)?;
    if clang_sys::get_library().is_none() {
        clang_sys::set_library(Some(loaded.library.clone()));
    }
    Ok(loaded.version.clone())
}

/// Makes libclang parse on the calling thread. By default it runs every parse on a thread of
/// its own with an 8 MiB stack, which the recursive descent of clang's parser and semantic
/// analysis overflows on deeply nested generated code (50,000 chained operators), killing the
/// process; the front end's own conversion thread has 512 MiB (see `parse.rs`). libclang reads
/// the variable at each parse; it is set once per process, inside the `OnceLock` initialiser,
/// before the library is loaded.
fn parse_on_calling_thread() {
    if std::env::var_os("LIBCLANG_NOTHREADS").is_none() {
        std::env::set_var("LIBCLANG_NOTHREADS", "1");
    }
}

fn load() -> Result<Loaded, FrontendError> {
    parse_on_calling_thread();
    let library = match clang_sys::load_manually() {
        Ok(lib) => lib,
        Err(first) if std::env::var_os("LIBCLANG_PATH").is_none() => {
            load_from_fallback_dirs().ok_or_else(|| {
                FrontendError::LibclangNotFound(format!(
                    "libclang not found: install libclang-19-dev or set LIBCLANG_PATH ({first})"
                ))
            })?
        }
        Err(first) => {
            return Err(FrontendError::LibclangNotFound(format!(
                "libclang not found: install libclang-19-dev or set LIBCLANG_PATH ({first})"
            )))
        }
    };
    let library = Arc::new(library);
    let previous = clang_sys::set_library(Some(library.clone()));
    let version = check_version();
    clang_sys::set_library(previous);
    Ok(Loaded { library, version: version? })
}

/// Tries `/usr/lib/llvm-{21..17}/lib` by pointing `LIBCLANG_PATH` at each in turn.
///
/// `clang-sys` only takes its search directory from the environment. This runs once per process
/// (inside the `OnceLock` initialiser), and the variable is removed again afterwards.
fn load_from_fallback_dirs() -> Option<SharedLibrary> {
    for major in FALLBACK_MAJORS.rev() {
        let dir = format!("/usr/lib/llvm-{major}/lib");
        if !Path::new(&dir).is_dir() {
            continue;
        }
        std::env::set_var("LIBCLANG_PATH", &dir);
        let result = clang_sys::load_manually();
        std::env::remove_var("LIBCLANG_PATH");
        if let Ok(lib) = result {
            return Some(lib);
        }
    }
    None
}

/// Reads `clang_getClangVersion` and rejects libraries older than [`MIN_MAJOR`].
fn check_version() -> Result<String, FrontendError> {
    if !clang_sys::clang_getClangVersion::is_loaded() {
        return Err(FrontendError::LibclangTooOld(
            "the loaded libclang does not export clang_getClangVersion".into(),
        ));
    }
    // SAFETY: the library is installed on this thread and exports the function.
    let version = unsafe { cx_string(clang_sys::clang_getClangVersion()) };
    match parse_major(&version) {
        Some(major) if major < MIN_MAJOR => Err(FrontendError::LibclangTooOld(format!(
            "libclang {major} is too old ({version}); version {MIN_MAJOR} or newer is required"
        ))),
        _ if !clang_sys::clang_getCursorBinaryOperatorKind::is_loaded() => {
            Err(FrontendError::LibclangTooOld(format!(
                "libclang ({version}) lacks clang_getCursorBinaryOperatorKind; version \
                 {MIN_MAJOR} or newer is required"
            )))
        }
        _ => Ok(version),
    }
}

/// Extracts the major version from a string like `Debian clang version 19.1.7 (3+b1)`.
pub(crate) fn parse_major(version: &str) -> Option<u32> {
    let rest = &version[version.find("version ")? + "version ".len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::parse_major;

    #[test]
    fn parses_major_versions() {
        assert_eq!(parse_major("Debian clang version 19.1.7 (3+b1)"), Some(19));
        assert_eq!(parse_major("clang version 17.0.0"), Some(17));
        assert_eq!(parse_major("Apple clang version 15.0.0 (clang-1500)"), Some(15));
        assert_eq!(parse_major("nonsense"), None);
    }
}
