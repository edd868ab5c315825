//! Driving one parse: arguments, libclang handles, conversion on a large-stack thread.

use std::ffi::CString;
use std::os::raw::{c_char, c_int, c_ulong};
use std::path::{Path, PathBuf};

use clang_sys::*;
use goanna_ast::TranslationUnit;

use crate::util::{IndexGuard, TuGuard};
use crate::{args, convert, load, FrontendError, ParseOptions};

/// Stack for the conversion thread: the walk recurses once per nesting level of the C code, and
/// generated code can nest expressions tens of thousands deep. Only touched pages are committed.
const STACK_SIZE: usize = 512 << 20;

/// Parses a C file from disk.
///
/// Relative `path`s are resolved against [`ParseOptions::working_dir`]. Returns
/// [`FrontendError::FileNotFound`] when it does not exist; C-level problems end up in the
/// unit's diagnostics.
pub fn parse_file(path: &Path, options: &ParseOptions) -> Result<TranslationUnit, FrontendError> {
    let full: PathBuf = match &options.working_dir {
        Some(dir) if path.is_relative() => dir.join(path),
        _ => path.to_path_buf(),
    };
    if !full.is_file() {
        return Err(FrontendError::FileNotFound(full));
    }
    let name = full.to_string_lossy().into_owned();
    run(&name, None, options)
}

/// Parses C source held in memory, as if it were the file `file_name` (used for tests and
/// standard input). Headers are still read from disk.
pub fn parse_source(file_name: &str, contents: &str, options: &ParseOptions) -> Result<TranslationUnit, FrontendError> {
    let name = match &options.working_dir {
        Some(dir) if Path::new(file_name).is_relative() => dir.join(file_name).to_string_lossy().into_owned(),
        _ => file_name.to_owned(),
    };
    run(&name, Some(contents.as_bytes()), options)
}

fn cstring(s: &str) -> Result<CString, FrontendError> {
    CString::new(s).map_err(|_| FrontendError::InvalidArgument(s.replace('\0', "\\0")))
}

/// Runs the parse on a thread with a large stack (falling back to the current thread).
fn run(name: &str, contents: Option<&[u8]>, options: &ParseOptions) -> Result<TranslationUnit, FrontendError> {
    load::ensure_loaded()?;
    std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("goanna-frontend".into())
            .stack_size(STACK_SIZE)
            .spawn_scoped(scope, || parse_here(name, contents, options));
        match spawned {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|_| Err(FrontendError::Internal(format!("conversion of {name} panicked")))),
            Err(_) => parse_here(name, contents, options),
        }
    })
}

/// The argument that keeps `assert` enabled (appended after the unit's own arguments).
const ASSERTIONS_ON: &str = "-UNDEBUG";

/// Parses and converts on the current thread.
fn parse_here(name: &str, contents: Option<&[u8]>, options: &ParseOptions) -> Result<TranslationUnit, FrontendError> {
    load::ensure_loaded()?;
    let mut arg_strings = args::filter_args(&options.args);
    // Assertions are analysed as enabled, whatever the build says (`-DNDEBUG` is undone; the
    // Clang Static Analyzer's advice to analyse the debug configuration, for the same reason):
    // an `assert(c)` states a fact the programmer relies on in every build, and a path through
    // `default: assert(0);` is one they declared impossible. With assertions compiled out those
    // facts would be lost and their paths would go on. `NDEBUG` defined in the source itself is
    // kept: then `assert(..)` is an empty statement.
    arg_strings.push(ASSERTIONS_ON.to_string());
    if let Some(dir) = &options.working_dir {
        arg_strings.push(format!("-working-directory={}", dir.display()));
    }
    let c_args = arg_strings.iter().map(|a| cstring(a)).collect::<Result<Vec<_>, _>>()?;
    let argv: Vec<*const c_char> = c_args.iter().map(|a| a.as_ptr()).collect();
    let c_name = cstring(name)?;
    let mut unsaved = Vec::new();
    if let Some(bytes) = contents {
        unsaved.push(CXUnsavedFile {
            Filename: c_name.as_ptr(),
            Contents: bytes.as_ptr() as *const c_char,
            Length: bytes.len() as c_ulong,
        });
    }
    let flags = CXTranslationUnit_KeepGoing | CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles;
    // SAFETY: libclang is installed on this thread (ensure_loaded). The index and unit are owned
    // by guards declared in reverse disposal order (unit first), and every pointer passed stays
    // alive for the call.
    unsafe {
        let index = IndexGuard(clang_createIndex(0, 0));
        if index.0.is_null() {
            return Err(FrontendError::Internal("clang_createIndex failed".into()));
        }
        let mut raw_tu: CXTranslationUnit = std::ptr::null_mut();
        let code = clang_parseTranslationUnit2(
            index.0,
            c_name.as_ptr(),
            argv.as_ptr(),
            argv.len() as c_int,
            if unsaved.is_empty() { std::ptr::null_mut() } else { unsaved.as_mut_ptr() },
            unsaved.len() as u32,
            flags,
            &mut raw_tu,
        );
        let tu = TuGuard(raw_tu);
        if code != CXError_Success || tu.0.is_null() {
            return Err(FrontendError::ParseFailed { path: PathBuf::from(name), code: code as i32 });
        }
        Ok(convert::convert(tu.0, &c_name, parsed_as_cplusplus(name, &arg_strings)))
    }
}

/// True when clang parses the file `name` with arguments `args` as C++: the last `-x` says so
/// (`-x c++`, `-xc++`, `-x c++-header`), or, without one, the file's extension is a C++ one.
fn parsed_as_cplusplus(name: &str, args: &[String]) -> bool {
    let mut language: Option<&str> = None;
    let mut i = 0;
    while i < args.len() {
        if args[i] == "-x" {
            language = args.get(i + 1).map(String::as_str);
            i += 1;
        } else if let Some(l) = args[i].strip_prefix("-x") {
            language = Some(l);
        }
        i += 1;
    }
    match language {
        Some(l) if l != "none" => l.starts_with("c++"),
        _ => Path::new(name).extension().is_some_and(|e| matches!(e.to_str(), Some("cpp" | "cc" | "cxx" | "c++" | "C" | "cp" | "CPP" | "hpp" | "hh" | "hxx"))),
    }
}

#[cfg(test)]
mod tests {
    use super::parsed_as_cplusplus;

    #[test]
    fn language_from_flags_then_extension() {
        let args = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert!(parsed_as_cplusplus("a.cpp", &[]));
        assert!(parsed_as_cplusplus("a.C", &[]));
        assert!(!parsed_as_cplusplus("a.c", &[]));
        assert!(parsed_as_cplusplus("a.c", &args("-x c++")));
        assert!(parsed_as_cplusplus("a.c", &args("-xc++")));
        assert!(!parsed_as_cplusplus("a.cc", &args("-x c")));
        assert!(parsed_as_cplusplus("a.cc", &args("-x c -x none")));
    }
}
