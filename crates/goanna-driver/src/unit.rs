//! Analysis of one translation unit, isolated so that nothing in it can stop a scan.

use goanna_ast::{DiagnosticSeverity, TranslationUnit};
use goanna_cfg::LibraryModels;
use crate::artefact::{UnitArtefact, ARTEFACT_FORMAT_VERSION};
use crate::program::analyse_program;
use goanna_checks::{CheckSpec, Finding, Problem, ProblemSeverity};
use goanna_frontend::ParseOptions;
use std::collections::HashSet;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// One translation unit to analyse: the source and how it is compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitSpec {
    /// The source file (relative paths are resolved against `working_dir`).
    pub path: PathBuf,
    /// Its own compiler arguments (from a compilation database); the compiler name, `-c`,
    /// `-o FILE` and the source itself may be included, the front end drops them.
    pub args: Vec<String>,
    /// The directory the compiler runs in.
    pub working_dir: Option<PathBuf>,
}

impl UnitSpec {
    /// A unit compiled with the scan's common arguments only.
    pub fn new(path: PathBuf) -> Self {
        UnitSpec { path, args: Vec::new(), working_dir: None }
    }
}

/// How to analyse units.
#[derive(Clone, Debug)]
pub struct AnalysisOptions {
    /// Compiler arguments for every unit (`-I`, `-D`, `-std`, ...), after the unit's own.
    pub args: Vec<String>,
    /// Analyse units even when the compiler reported errors (the tree is then only what the
    /// compiler could recover, so findings may be wrong).
    pub analyse_with_errors: bool,
    /// Check ids to run; `None` runs every check.
    pub enabled: Option<HashSet<String>>,
    /// Functions whose graph has more nodes than this are skipped with a warning.
    pub max_nodes_per_function: usize,
    /// Time the checks may spend on one function; the rest of its checks are skipped with a
    /// warning when it runs out.
    pub function_budget: std::time::Duration,
}

impl Default for AnalysisOptions {
    fn default() -> Self {
        AnalysisOptions {
            args: Vec::new(),
            analyse_with_errors: false,
            enabled: None,
            max_nodes_per_function: 250_000,
            function_budget: std::time::Duration::from_secs(10),
        }
    }
}

impl AnalysisOptions {
    /// True when the check is selected.
    pub fn is_enabled(&self, check: &CheckSpec) -> bool {
        self.enabled.as_ref().is_none_or(|set| set.contains(&check.id))
    }
}

/// What the analysis of one unit on its own produced (unit stage and program stage).
#[derive(Clone, Debug, Default)]
pub struct UnitOutcome {
    /// The unit.
    pub file: PathBuf,
    /// Findings in the unit's functions.
    pub findings: Vec<Finding>,
    /// Problems with the analysis itself.
    pub problems: Vec<Problem>,
    /// True when the unit was analysed (perhaps with warnings); false when it failed.
    pub analysed: bool,
}

fn empty_artefact(file: &Path) -> UnitArtefact {
    UnitArtefact {
        format_version: ARTEFACT_FORMAT_VERSION,
        unit: file.to_path_buf(),
        analysed: true,
        files: Vec::new(),
        cfgs: Vec::new(),
        address_taken: Vec::new(),
        problems: Vec::new(),
        source_hash: None,
    }
}

/// A failed unit's artefact: one error naming the file.
pub(crate) fn failed(file: &Path, message: String, details: Vec<String>) -> UnitArtefact {
    UnitArtefact {
        analysed: false,
        problems: vec![Problem { file: file.to_path_buf(), message, severity: ProblemSeverity::Error, details }],
        ..empty_artefact(file)
    }
}

/// Bytes read to decide whether a file is binary.
const BINARY_SNIFF_BYTES: usize = 8192;

/// Analyses one unit on its own: [`build_artefact`], then the program stage over it alone.
pub fn analyse_unit(unit: &UnitSpec, options: &AnalysisOptions) -> UnitOutcome {
    let artefact = build_artefact(unit, options);
    let analysed = artefact.analysed;
    let program = analyse_program(std::slice::from_ref(&artefact), options);
    UnitOutcome { file: unit.path.clone(), findings: program.findings, problems: program.problems, analysed }
}

/// The unit stage: reads, parses and builds the graphs of one unit. Never panics: an internal
/// failure becomes a problem recorded in the artefact.
pub fn build_artefact(unit: &UnitSpec, options: &AnalysisOptions) -> UnitArtefact {
    let path = unit.path.as_path();
    match panic::catch_unwind(AssertUnwindSafe(|| build_artefact_inner(unit, options))) {
        Ok(artefact) => artefact,
        Err(payload) => {
            let reason = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown cause".to_string());
            failed(path, format!("internal error while analysing this unit (please report it): {reason}"), Vec::new())
        }
    }
}

fn build_artefact_inner(unit: &UnitSpec, options: &AnalysisOptions) -> UnitArtefact {
    let path = unit.path.as_path();
    let resolved = match (&unit.working_dir, path.is_relative()) {
        (Some(dir), true) => dir.join(path),
        _ => path.to_path_buf(),
    };
    let bytes = match crate::read_regular_file(&resolved) {
        Ok(bytes) => bytes,
        Err(e) => return failed(path, format!("cannot read file: {e}"), Vec::new()),
    };
    let source_hash = Some(crate::content_hash(&bytes));
    if bytes[..bytes.len().min(BINARY_SNIFF_BYTES)].contains(&0) {
        return failed(path, "binary file, not a C source".to_string(), Vec::new());
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return UnitArtefact {
            problems: vec![Problem {
                file: path.to_path_buf(),
                message: "empty file: nothing to analyse".to_string(),
                severity: ProblemSeverity::Warning,
                details: Vec::new(),
            }],
            source_hash,
            ..empty_artefact(path)
        };
    }
    let mut artefact = UnitArtefact { source_hash, ..empty_artefact(path) };
    let tu = match parse_leniently(&resolved, unit, options, &mut artefact.problems) {
        Ok(tu) => tu,
        Err(e) => return failed(path, e.to_string(), Vec::new()),
    };
    if tu.has_errors() {
        let details = error_details(&tu);
        if !options.analyse_with_errors {
            return failed(
                path,
                format!("does not compile ({} errors); unit not analysed (use --analyse-with-errors to force)", details.len()),
                details,
            );
        }
        artefact.problems.push(Problem {
            file: path.to_path_buf(),
            message: format!("does not compile ({} errors); analysed what the compiler recovered", details.len()),
            severity: ProblemSeverity::Warning,
            details,
        });
    }
    artefact.cfgs = goanna_cfg::build_cfgs(&tu, builtin_models());
    artefact.address_taken = taken_functions(&tu);
    artefact.files = tu.files;
    artefact
}

/// The functions whose address the unit takes, with their types.
fn taken_functions(tu: &goanna_ast::TranslationUnit) -> Vec<goanna_cfg::TakenFunction> {
    let types: std::collections::HashMap<&str, &str> = tu.declarations.iter().map(|d| (d.usr.as_str(), d.signature.as_str())).collect();
    tu.address_taken
        .iter()
        .map(|usr| goanna_cfg::TakenFunction {
            usr: usr.clone(),
            signature: types.get(usr.as_str()).map_or(0, |s| goanna_cfg::signature_key(s)),
            in_initialiser: tu.initialiser_functions.binary_search(usr).is_ok(),
        })
        .collect()
}

/// Flags that make clang accept what older compilers accepted: since clang 16 (and GCC 14),
/// implicit declarations, implicit `int` and some pointer conversions are errors by default, but
/// the code the user builds with their own compiler may rely on them. They come first, so the
/// unit's own flags override them.
const LENIENT_FLAGS: &[&str] = &[
    "-Wno-error=implicit-function-declaration",
    "-Wno-error=implicit-int",
    "-Wno-error=int-conversion",
    "-Wno-error=incompatible-pointer-types",
    "-Wno-error=incompatible-function-pointer-types",
    "-Wno-error=return-type",
    "-Wno-unknown-warning-option",
];

/// True for a flag that turns warnings into errors (`-Werror`, `-Werror=strict-prototypes`,
/// `-pedantic-errors`): a build's own choice of which warnings stop its compiler, not a
/// reason to analyse nothing. Clang warns differently from the compiler the build uses (GCC
/// accepts `int f() {..}` after `int f(void);` under `-Werror=strict-prototypes`, clang does
/// not), so the unit's code is analysed with its warnings left as warnings.
fn makes_warnings_errors(arg: &str) -> bool {
    arg == "-Werror" || arg.starts_with("-Werror=") || arg == "-pedantic-errors"
}

/// The argument clang names in an "unknown argument" diagnostic.
fn unknown_argument(message: &str) -> Option<&str> {
    let rest = message.strip_prefix("unknown argument")?;
    let start = rest.find('\'')? + 1;
    let end = rest[start..].find('\'')? + start;
    Some(&rest[start..end])
}

/// Parses a unit; when clang rejects flags it does not know (GCC-only options from a build's
/// compile commands, say), drops them, says so, and parses again.
fn parse_leniently(
    file: &Path,
    unit: &UnitSpec,
    options: &AnalysisOptions,
    problems: &mut Vec<Problem>,
) -> Result<TranslationUnit, goanna_frontend::FrontendError> {
    let mut args: Vec<String> = LENIENT_FLAGS
        .iter()
        .map(|s| s.to_string())
        .chain(unit.args.iter().filter(|a| !makes_warnings_errors(a)).cloned())
        .chain(options.args.iter().cloned())
        .collect();
    let parse = |args: &[String]| goanna_frontend::parse_file(file, &ParseOptions { args: args.to_vec(), working_dir: unit.working_dir.clone() });
    let tu = parse(&args)?;
    let unknown: Vec<String> = tu.diagnostics.iter().filter_map(|d| unknown_argument(&d.message)).map(str::to_string).collect();
    if unknown.is_empty() {
        return Ok(tu);
    }
    args.retain(|a| !unknown.contains(a));
    problems.push(Problem {
        file: unit.path.clone(),
        message: format!("ignored compiler flags that clang does not know: {}", unknown.join(" ")),
        severity: ProblemSeverity::Warning,
        details: Vec::new(),
    });
    parse(&args)
}

/// The compiler's errors, as `file:line:col: message` lines (at most 20).
fn error_details(tu: &TranslationUnit) -> Vec<String> {
    tu.diagnostics
        .iter()
        .filter(|d| matches!(d.severity, DiagnosticSeverity::Error | DiagnosticSeverity::Fatal))
        .take(20)
        .map(|d| match d.span {
            Some(span) => {
                let file = tu.files.get(span.file.0 as usize).map(|f| f.path.display().to_string()).unwrap_or_default();
                format!("{file}:{}:{}: {}", span.line, span.col, d.message)
            }
            None => d.message.clone(),
        })
        .collect()
}

/// The built-in library models, parsed once per process.
pub fn builtin_models() -> &'static LibraryModels {
    static MODELS: OnceLock<LibraryModels> = OnceLock::new();
    MODELS.get_or_init(LibraryModels::builtin)
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_flag_out_of_clangs_message() {
        assert_eq!(unknown_argument("unknown argument: '-fno-such'"), Some("-fno-such"));
        assert_eq!(unknown_argument("unknown argument '-mfoo'; did you mean '-mfo'?"), Some("-mfoo"));
        assert_eq!(unknown_argument("use of undeclared identifier 'x'"), None);
    }

    #[test]
    fn code_older_compilers_accept_is_analysed() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("old.c");
        std::fs::write(&file, "int f(int fd) {\n    int x;\n    close(fd);\n    return x;\n}\n").unwrap();
        let outcome = analyse_unit(&UnitSpec::new(file), &AnalysisOptions::default());
        assert!(outcome.analysed, "{:?}", outcome.problems);
        assert!(outcome.problems.is_empty(), "{:?}", outcome.problems);
        let checks: Vec<&str> = outcome.findings.iter().map(|f| f.check.as_str()).collect();
        assert_eq!(checks, vec!["SPC-uninit-var-all"], "{:#?}", outcome.findings);
    }

    #[test]
    fn warnings_the_build_makes_errors_do_not_stop_the_analysis() {
        // openjpeg builds with -Werror=strict-prototypes; GCC accepts a definition without
        // parameters after a `(void)` prototype, clang warns.
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("proto.c");
        std::fs::write(&file, "int f(void);\nint f() {\n    int x;\n    return x;\n}\n").unwrap();
        let mut unit = UnitSpec::new(file);
        unit.args = ["-Werror=strict-prototypes", "-Werror", "-pedantic-errors", "-Wall"].iter().map(|s| s.to_string()).collect();
        let outcome = analyse_unit(&unit, &AnalysisOptions::default());
        assert!(outcome.analysed, "{:?}", outcome.problems);
        assert!(outcome.problems.is_empty(), "{:?}", outcome.problems);
        let checks: Vec<&str> = outcome.findings.iter().map(|f| f.check.as_str()).collect();
        assert_eq!(checks, vec!["SPC-uninit-var-all"], "{:#?}", outcome.findings);
    }
}
