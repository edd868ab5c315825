//! Classifying compiler invocations: which ones compile C sources that the compiler wrapper
//! should analyse afterwards. Pure functions of the argument list; no process handling.
//!
//! Rules (GCC/Clang driver conventions):
//! - `-E` (preprocess only), `-M`/`-MM` without `-MD`/`-MMD` (dependencies only), `--version`,
//!   `-v` alone, `-dump*`, `-print-*`, `--help`, `-###` never compile anything: skipped.
//! - Inputs are the positional arguments (values of options such as `-o`, `-I`, `-MF` are not).
//!   An input is a C source when the language in force is C: `-x c` (or `-xc`) before it, or no
//!   `-x` (or `-x none`) and a `.c` name. Assembler (`.s`, `.S`), preprocessed (`.i`), objects,
//!   libraries and other languages are not. `-` (standard input) cannot be re-read: skipped.
//! - Configure and CMake probes ([`is_probe`]) are skipped: the file is deleted right after the
//!   probe, so an artefact of it would be stale at once (the wrapper also skips compiles run in a
//!   `CMakeFiles` directory).
//! - `-S` and `-fsyntax-only` still read and check the source: analysed.
//! - An invocation without C sources (linking only, say) is skipped.

use std::path::{Path, PathBuf};

/// What the wrapper should do after the compiler ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invocation {
    /// The invocation compiles these C sources (as written on the command line).
    Compile {
        /// The C sources, in order, relative to the compiler's working directory or absolute.
        sources: Vec<PathBuf>,
        /// The `-o` argument, if any.
        output: Option<PathBuf>,
    },
    /// Nothing to analyse; the reason, for logs.
    Skip(&'static str),
}

/// Options whose value is the next argument when written alone.
const TAKES_VALUE: &[&str] = &[
    "-o", "-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote", "-idirafter", "-iprefix",
    "-iwithprefix", "-iwithprefixbefore", "-isysroot", "-x", "-Xclang", "-Xlinker", "-Xassembler",
    "-Xpreprocessor", "-target", "-arch", "-MF", "-MT", "-MQ", "-MJ", "-L", "-l", "-u", "-T", "-z",
    "-aux-info", "--param", "-e", "-G", "-std", "--sysroot", "-F", "-working-directory",
    "-ivfsoverlay", "-Xarch_host", "-Xarch_device", "-dyld-prefix", "-specs", "-wrapper",
];

/// Arguments that mean the compiler does not compile anything.
fn is_non_compiling(arg: &str) -> Option<&'static str> {
    match arg {
        "-E" => Some("preprocessing only (-E)"),
        "--version" | "-dumpversion" | "-dumpfullversion" | "-dumpmachine" | "-dumpspecs" => Some("version query"),
        "--help" | "-###" => Some("help or dry run"),
        _ if arg.starts_with("-print-") || arg.starts_with("--print-") => Some("configuration query (-print-*)"),
        _ if arg.starts_with("--help=") => Some("help"),
        _ => None,
    }
}

/// The language named by `-x LANG`: `Some(true)` for C and C++, `Some(false)` for another
/// language (assembler, Objective-C, headers, ...), `None` for `none` (back to file
/// extensions).
fn language_is_c(lang: &str) -> Option<bool> {
    match lang {
        "none" => None,
        "c" | "c++" => Some(true),
        _ => Some(false),
    }
}

/// Sources that build systems compile only to probe the compiler and delete (or never link)
/// afterwards: autoconf's `conftest.c`, CMake's compiler identification and anything in a
/// `CMakeFiles` directory (try-compile projects).
pub fn is_probe(source: &Path) -> bool {
    source.file_name().is_some_and(|n| n == "conftest.c" || n == "CMakeCCompilerId.c")
        || source.components().any(|c| c.as_os_str() == "CMakeFiles")
}

/// Classifies a compiler invocation given its arguments *after* the compiler name.
pub fn classify(args: &[String]) -> Invocation {
    let mut sources = Vec::new();
    let mut output = None;
    let mut language: Option<bool> = None;
    let mut deps_only = false;
    let mut deps_with_compile = false;
    let mut verbose_only = false;
    let mut other_inputs = 0usize;
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        i += 1;
        if let Some(reason) = is_non_compiling(arg) {
            return Invocation::Skip(reason);
        }
        match arg {
            "-M" | "-MM" => deps_only = true,
            "-MD" | "-MMD" => deps_with_compile = true,
            "-v" => verbose_only = true,
            "-" => return Invocation::Skip("source on standard input"),
            _ => {}
        }
        if arg == "-x" {
            if let Some(lang) = args.get(i) {
                language = language_is_c(lang);
            }
            i += 1;
            continue;
        }
        if let Some(lang) = arg.strip_prefix("-x").filter(|l| !l.is_empty()) {
            language = language_is_c(lang);
            continue;
        }
        if arg == "-o" {
            output = args.get(i).map(PathBuf::from);
            i += 1;
            continue;
        }
        if let Some(out) = arg.strip_prefix("-o").filter(|o| !o.is_empty()) {
            output = Some(PathBuf::from(out));
            continue;
        }
        if TAKES_VALUE.contains(&arg) {
            i += 1;
            continue;
        }
        if arg.starts_with('-') || arg.starts_with('@') {
            continue;
        }
        let is_c = language.unwrap_or_else(|| crate::is_source(Path::new(arg)));
        if is_c {
            sources.push(PathBuf::from(arg));
        } else {
            other_inputs += 1;
        }
    }
    if deps_only && !deps_with_compile {
        return Invocation::Skip("dependency generation only (-M/-MM)");
    }
    if sources.is_empty() {
        if verbose_only && other_inputs == 0 {
            return Invocation::Skip("version query (-v)");
        }
        return Invocation::Skip("no C source (linking, assembling or another language)");
    }
    sources.retain(|s| !is_probe(s));
    if sources.is_empty() {
        return Invocation::Skip("configure or CMake probe");
    }
    Invocation::Compile { sources, output }
}

/// Expands `@FILE` response files (GCC/Clang syntax: whitespace-separated, shell-like quoting),
/// one level deep. `read` returns a file's text; a response file that cannot be read or parsed
/// is kept as it is (the compiler reported it already).
pub fn expand_response_files(args: &[String], read: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(args.len());
    for arg in args {
        match arg.strip_prefix('@').and_then(read).and_then(|text| shlex::split(&text)) {
            Some(expanded) => out.extend(expanded),
            None => out.push(arg.clone()),
        }
    }
    out
}

/// Options whose value names a file the compiler writes, not one it reads.
const WRITES_VALUE: &[&str] = &["-o", "-MF", "-MT", "-MQ", "-MJ"];

/// What the options of a compile may name as files to read: the value of each option that
/// takes one (`-include F`, `-Xclang F`), the text after `=` (`--config=F`), and the rest of
/// an option from its first `/` or `.` (`-include/x/y.h`, `-imacros../m.h`, `-I../inc`).
/// Over-approximates (`-DV=1.2` gives `1.2` and `.2`); the caller checks what exists. Leaves
/// out the inputs (positional arguments: the analysis never reads them) and the files the
/// compiler writes (`-o`, `-MF`, ...).
pub fn option_paths(args: &[String]) -> Vec<&str> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        i += 1;
        if WRITES_VALUE.contains(&arg) {
            i += 1;
            continue;
        }
        if !arg.starts_with('-') || WRITES_VALUE.iter().any(|w| arg.starts_with(w)) {
            continue;
        }
        if TAKES_VALUE.contains(&arg) {
            if let Some(value) = args.get(i) {
                out.push(value.as_str());
            }
            i += 1;
            continue;
        }
        if let Some((_, value)) = arg.split_once('=') {
            out.push(value);
        }
        if let Some(at) = arg.find(['/', '.']) {
            out.push(&arg[at..]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classify_str(s: &str) -> Invocation {
        classify(&s.split_whitespace().map(String::from).collect::<Vec<_>>())
    }

    fn compiles(s: &str) -> Vec<PathBuf> {
        match classify_str(s) {
            Invocation::Compile { sources, .. } => sources,
            Invocation::Skip(reason) => panic!("`{s}` skipped: {reason}"),
        }
    }

    fn skipped(s: &str) -> bool {
        matches!(classify_str(s), Invocation::Skip(_))
    }

    #[test]
    fn option_paths_are_the_values_options_may_read() {
        let args: Vec<String> =
            "-c a.c -o /out/a.o -MF/out/a.d -include /x/h.h -imacros../m.h --config=cfg -I/inc -O2 /lib/libm.a"
                .split_whitespace()
                .map(String::from)
                .collect();
        let paths = option_paths(&args);
        for read in ["/x/h.h", "../m.h", "cfg", "/inc"] {
            assert!(paths.contains(&read), "{read}: {paths:?}");
        }
        for not_read in ["a.c", "/out/a.o", "/out/a.d", "/lib/libm.a"] {
            assert!(!paths.iter().any(|p| p.contains(not_read)), "{not_read}: {paths:?}");
        }
    }

    #[test]
    fn plain_compiles_are_analysed() {
        assert_eq!(compiles("-c a.c -o a.o"), vec![PathBuf::from("a.c")]);
        assert_eq!(compiles("-O2 -Wall -I inc -DX=1 -c src/a.c"), vec![PathBuf::from("src/a.c")]);
        assert_eq!(compiles("a.c b.c -o prog -lm"), vec![PathBuf::from("a.c"), PathBuf::from("b.c")]);
        assert_eq!(compiles("-S a.c"), vec![PathBuf::from("a.c")]);
        assert_eq!(compiles("-fsyntax-only a.c"), vec![PathBuf::from("a.c")]);
        assert_eq!(compiles("-c -MD -MF a.d -MT a.o a.c"), vec![PathBuf::from("a.c")]);
        assert_eq!(compiles("-c -MMD a.c"), vec![PathBuf::from("a.c")]);
        match classify_str("-c -oout/a.o a.c") {
            Invocation::Compile { output, .. } => assert_eq!(output, Some(PathBuf::from("out/a.o"))),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn language_flag_decides() {
        assert_eq!(compiles("-x c -c prog.txt"), vec![PathBuf::from("prog.txt")]);
        assert_eq!(compiles("-xc -c prog.inc"), vec![PathBuf::from("prog.inc")]);
        // C++ is analysed too, whatever the extension says.
        assert_eq!(compiles("-x c++ -c a.c"), vec![PathBuf::from("a.c")]);
        assert!(skipped("-x assembler-with-cpp -c start.c"));
        assert!(skipped("-x objective-c -c a.c"));
        assert_eq!(compiles("-x c++ x.cc -x none a.c"), vec![PathBuf::from("x.cc"), PathBuf::from("a.c")]);
        assert_eq!(compiles("-c x.cpp"), vec![PathBuf::from("x.cpp")]);
        assert_eq!(compiles("-c y.C -o y.o"), vec![PathBuf::from("y.C")]);
    }

    #[test]
    fn values_of_options_are_not_sources() {
        assert!(skipped("-o a.c b.o"));
        assert!(skipped("-include x.c -c y.s"));
        assert!(skipped("-MF dep.c -c y.S"));
    }

    #[test]
    fn non_compiling_invocations_are_skipped() {
        for s in [
            "-E a.c", "-M a.c", "-MM a.c", "--version", "-v", "-dumpversion", "-print-file-name=libc.so",
            "-print-search-dirs", "a.o b.o -o prog", "-c start.s", "-c start.S", "-c a.i", "-c x.mm", "-c x.m",
            "-x c -", "-c conftest.c -o conftest.o", "-c CMakeCCompilerId.c", "-c CMakeFiles/x/src.c", "--help", "-### -c a.c", "",
        ] {
            assert!(skipped(s), "`{s}` should be skipped");
        }
        assert_eq!(compiles("-v -c a.c"), vec![PathBuf::from("a.c")]);
    }

    #[test]
    fn response_files_are_expanded() {
        let args: Vec<String> = vec!["@rsp".into(), "-c".into(), "@missing".into()];
        let expanded = expand_response_files(&args, &|f| (f == "rsp").then(|| "-DA='x y' a.c".to_string()));
        assert_eq!(expanded, vec!["-DA=x y", "a.c", "-c", "@missing"]);
        assert_eq!(compiles(&expanded[..3].join(" ")), vec![PathBuf::from("a.c")]);
    }
}
