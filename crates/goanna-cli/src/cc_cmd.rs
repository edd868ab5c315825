//! The compiler wrapper: `goanna-rs cc [OPTIONS] [--] [COMPILER] ARGS...`, or the same binary
//! invoked as `goannacc` / `goannac++` (a symlink or copy).
//!
//! It runs the real compiler first, with the caller's standard streams, and exits with exactly
//! its status (a compiler killed by a signal gives 128 + the signal number, as a shell does).
//! Then, if the compile succeeded and compiled C sources, it analyses each of them with the same
//! arguments and stores the artefact in the results directory. The analysis runs in a worker
//! process (`goanna-rs worker`), so that nothing it does — a crash, a hang (killed after
//! `$GOANNA_UNIT_TIMEOUT` seconds, default 300) — can change the compiler's status or outputs.
//! An analysis failure is one line on standard error prefixed `goanna-rs:` and changes the exit
//! status only with `--strict` (or `GOANNA_STRICT=1`). `goannac++` analyses the C++ sources it compiles the same way.
//!
//! The real compiler: the first argument when it is not an option (launcher use,
//! `goanna-rs cc gcc -c a.c`, or after `--`), else `--with-cc=CC` (`--with-cxx=` for `goannac++`),
//! else `$GOANNA_CC` (`$GOANNA_CXX`, may hold several words such as `ccache gcc`), else the first
//! `cc` (`c++`), `gcc` or `clang` on `PATH` that is not goanna-rs itself. A compiler named on
//! the command line that exists nowhere exits 127, as a shell would: no other compiler is run
//! in its place.

use crate::results_dir;
use goanna_driver::ccargs::{classify, expand_response_files, Invocation};
use goanna_driver::{build_artefacts_isolated, AnalysisOptions, PoolOptions, ResultsDir, UnitSpec, WorkerCommand, DEFAULT_UNIT_TIMEOUT};
use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, ExitStatus};

/// Counts nested wrapper invocations, to stop when the "real" compiler is the wrapper again.
const DEPTH_ENV: &str = "GOANNA_CC_DEPTH";
/// Nesting at which the wrapper gives up.
const MAX_DEPTH: u32 = 3;
/// Exit status when the compiler cannot be run (as a shell's "command not found").
const CANNOT_RUN: u8 = 127;

/// How the wrapper was invoked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `goanna-rs cc ...`: the compiler may be the first argument.
    Subcommand,
    /// `goannacc ...` / `goannac++ ...`: every argument is for the compiler.
    Wrapper {
        /// Invoked as `goannac++`.
        cxx: bool,
    },
}

/// When the process was started as the wrapper (`goannacc`, `goannac++`, or `goanna-rs cc`),
/// runs it and returns its exit status.
pub fn intercept(argv: &[OsString]) -> Option<ExitCode> {
    let name = argv.first().map(Path::new).and_then(Path::file_name).and_then(OsStr::to_str).unwrap_or("");
    let (mode, args) = match name {
        "goannacc" | "goannac" | "goanna-cc" => (Mode::Wrapper { cxx: false }, &argv[1..]),
        "goannac++" | "goanna-c++" => (Mode::Wrapper { cxx: true }, &argv[1..]),
        _ if argv.get(1).is_some_and(|a| a == "cc") => (Mode::Subcommand, &argv[2..]),
        _ => return None,
    };
    Some(ExitCode::from(run(mode, args)))
}

/// The wrapper's own options, taken out of the argument list.
#[derive(Debug, Default, PartialEq, Eq)]
struct Options {
    with_cc: Option<String>,
    results_dir: Option<PathBuf>,
    strict: bool,
    /// The compiler named on the command line (launcher use).
    compiler: Option<OsString>,
    /// Arguments for the compiler.
    args: Vec<OsString>,
}

/// Splits the wrapper's options from the compiler's. Leading `--with-cc[=]X`, `--with-cxx[=]X`,
/// `--results-dir[=]X`, `--strict` and `--` are ours; in wrapper mode, the `=` forms are also
/// recognised anywhere (as goannacc accepted `--with-cc=` among compiler flags).
fn parse_options(mode: Mode, argv: &[OsString]) -> Options {
    let mut options = Options::default();
    let mut i = 0;
    let mut explicit_compiler = false;
    let value_of = |arg: &str, name: &str| arg.strip_prefix(name).and_then(|r| r.strip_prefix('=')).map(str::to_string);
    while let Some(arg) = argv.get(i).and_then(|a| a.to_str()) {
        let next = || argv.get(i + 1).and_then(|a| a.to_str()).map(str::to_string);
        if arg == "--" {
            explicit_compiler = mode == Mode::Subcommand;
            i += 1;
            break;
        } else if arg == "--strict" {
            options.strict = true;
        } else if let Some(v) = value_of(arg, "--with-cc").or_else(|| value_of(arg, "--with-cxx")) {
            options.with_cc = Some(v);
        } else if let Some(v) = value_of(arg, "--results-dir") {
            options.results_dir = Some(v.into());
        } else if arg == "--with-cc" || arg == "--with-cxx" {
            options.with_cc = next();
            i += 1;
        } else if arg == "--results-dir" {
            options.results_dir = next().map(PathBuf::from);
            i += 1;
        } else {
            break;
        }
        i += 1;
    }
    let mut rest: Vec<OsString> = argv[i.min(argv.len())..].to_vec();
    if mode == Mode::Subcommand {
        let first_is_compiler = rest.first().is_some_and(|first| {
            let s = first.to_string_lossy();
            explicit_compiler || !(s.starts_with('-') || s.ends_with(".c") || s.ends_with(".o"))
        });
        if first_is_compiler {
            options.compiler = Some(rest.remove(0));
        }
    } else {
        rest.retain(|arg| {
            let Some(s) = arg.to_str() else { return true };
            if let Some(v) = value_of(s, "--with-cc").or_else(|| value_of(s, "--with-cxx")) {
                options.with_cc = Some(v);
                false
            } else if let Some(v) = value_of(s, "--results-dir") {
                options.results_dir = Some(v.into());
                false
            } else {
                true
            }
        });
    }
    options.args = rest;
    options
}

/// True when `path` is this executable (after following symbolic links).
fn is_self(path: &Path) -> bool {
    let me = std::env::current_exe().and_then(std::fs::canonicalize);
    match (me, std::fs::canonicalize(path)) {
        (Ok(me), Ok(other)) => me == other,
        _ => false,
    }
}

/// Finds `name` on `PATH` (names with a `/` are taken as they are), skipping goanna-rs itself.
fn which(name: &str) -> Option<PathBuf> {
    candidates(name).into_iter().find(|candidate| candidate.is_file() && !is_self(candidate))
}

/// Where `name` would be looked for: itself when it holds a `/`, else in each `PATH` directory.
fn candidates(name: &str) -> Vec<PathBuf> {
    if name.contains('/') {
        return vec![PathBuf::from(name)];
    }
    std::env::var_os("PATH").map(|path| std::env::split_paths(&path).map(|dir| dir.join(name)).collect()).unwrap_or_default()
}

/// The real compiler command (program and leading arguments), following the module's rules.
fn real_compiler(options: &Options, cxx: bool) -> Result<Vec<OsString>, String> {
    // Names are resolved here, skipping goanna-rs itself, so that a `cc` symlink to the wrapper
    // early on PATH does not make the wrapper run itself.
    if let Some(compiler) = &options.compiler {
        let name = compiler.to_string_lossy();
        if let Some(path) = which(&name) {
            return Ok(vec![path.into_os_string()]);
        }
        // Named, but nowhere to be found (only goanna-rs itself under that name falls back to
        // the configured compiler): running another compiler instead would build with the
        // wrong one, or without an input the guess took for a compiler.
        if !candidates(&name).iter().any(|candidate| candidate.is_file()) {
            return Err(format!("cannot find the compiler `{name}`"));
        }
    }
    let env_name = if cxx { "GOANNA_CXX" } else { "GOANNA_CC" };
    let configured = options.with_cc.clone().or_else(|| std::env::var(env_name).ok()).filter(|s| !s.trim().is_empty());
    if let Some(command) = configured {
        let words = shlex::split(&command).filter(|w| !w.is_empty()).ok_or_else(|| format!("cannot parse the compiler command `{command}`"))?;
        // A command that is goanna-rs itself (CC=goannacc exported into GOANNA_CC) is skipped.
        if let Some(path) = which(&words[0]) {
            return Ok(std::iter::once(path.into_os_string()).chain(words[1..].iter().map(OsString::from)).collect());
        }
    }
    let names: &[&str] = if cxx { &["c++", "g++", "clang++"] } else { &["cc", "gcc", "clang"] };
    names
        .iter()
        .find_map(|n| which(n))
        .map(|p| vec![p.into_os_string()])
        .ok_or_else(|| format!("no compiler found: set {env_name} or use --with-cc=COMPILER"))
}

/// The exit status of the compiler as the wrapper's own: its code, or 128 + signal.
fn status_code(status: ExitStatus) -> u8 {
    match (status.code(), status.signal()) {
        (Some(code), _) => u8::try_from(code & 0xff).unwrap_or(1),
        (None, Some(signal)) => u8::try_from((128 + signal).min(255)).unwrap_or(255),
        (None, None) => 1,
    }
}

/// Appends a line to the log named by `$GOANNA_LOG`, if set (one `write` per line with
/// `O_APPEND`, so lines of concurrent wrappers do not mix).
fn log(line: &str) {
    if let Some(path) = std::env::var_os("GOANNA_LOG").filter(|p| !p.is_empty()) {
        if let Ok(mut file) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
            let _ = file.write_all(format!("{line}\n").as_bytes());
        }
    }
}

/// Environment variable naming the file where the wrapper lists (one absolute path a line) every
/// C source it was given to compile; `goanna-rs build` reads it to tell which units the build
/// compiled through `CC` and which it compiled otherwise.
pub const CAPTURE_LOG_ENV: &str = "GOANNA_CAPTURE_LOG";

/// Appends the sources to the capture log, if one is named (one `write`, `O_APPEND`).
fn note_captured(sources: &[PathBuf]) {
    let Some(path) = std::env::var_os(CAPTURE_LOG_ENV).filter(|p| !p.is_empty()) else { return };
    let lines: String = sources.iter().map(|s| format!("{}\n", goanna_driver::normalize(s).display())).collect();
    if let Ok(mut file) = std::fs::OpenOptions::new().create(true).append(true).open(path) {
        let _ = file.write_all(lines.as_bytes());
    }
}

/// Runs the wrapper; returns the exit status.
pub fn run(mode: Mode, argv: &[OsString]) -> u8 {
    let options = parse_options(mode, argv);
    let cxx = matches!(mode, Mode::Wrapper { cxx: true });
    let depth: u32 = std::env::var(DEPTH_ENV).ok().and_then(|d| d.parse().ok()).unwrap_or(0);
    if depth >= MAX_DEPTH {
        eprintln!("goanna-rs: the compiler wrapper calls itself (GOANNA_CC or CC names goanna-rs); set GOANNA_CC to the real compiler");
        return CANNOT_RUN;
    }
    let compiler = match real_compiler(&options, cxx) {
        Ok(compiler) => compiler,
        Err(e) => {
            eprintln!("goanna-rs: {e}");
            return CANNOT_RUN;
        }
    };
    let status = Command::new(&compiler[0]).args(&compiler[1..]).args(&options.args).env(DEPTH_ENV, (depth + 1).to_string()).status();
    let status = match status {
        Ok(status) => status,
        Err(e) => {
            eprintln!("goanna-rs: cannot run the compiler `{}`: {e}", compiler[0].to_string_lossy());
            return CANNOT_RUN;
        }
    };
    let code = status_code(status);
    if code != 0 {
        return code;
    }
    let strict = options.strict || std::env::var("GOANNA_STRICT").is_ok_and(|v| v == "1");
    // Words of the compiler command after the program (`GOANNA_CC="gcc -std=gnu99"`) are
    // compiler arguments too.
    let mut options = options;
    options.args.splice(0..0, compiler[1..].iter().cloned());
    // Nothing the analysis does may change the compiler's status: it runs in a worker process,
    // and a panic here is caught and reported in one line like any other failure.
    let previous_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let analysed = std::panic::catch_unwind(|| analyse(&options)).unwrap_or_else(|payload| {
        let reason = payload.downcast_ref::<String>().cloned().or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()));
        eprintln!("goanna-rs: internal error in the compiler wrapper (please report it): {}", reason.unwrap_or_else(|| "unknown cause".into()));
        Err(())
    });
    std::panic::set_hook(previous_hook);
    match analysed {
        Ok(()) => code,
        Err(()) if strict => 2,
        Err(()) => code,
    }
}

/// Environment variable: seconds the analysis of one unit may take (default
/// [`DEFAULT_UNIT_TIMEOUT`]); the wrapper then reports the unit as not analysed.
const UNIT_TIMEOUT_ENV: &str = "GOANNA_UNIT_TIMEOUT";

/// The time limit for one unit's analysis.
fn unit_timeout() -> std::time::Duration {
    let configured = std::env::var(UNIT_TIMEOUT_ENV).ok().and_then(|v| v.trim().parse::<f64>().ok());
    match configured.and_then(|s| std::time::Duration::try_from_secs_f64(s).ok()).filter(|d| !d.is_zero()) {
        Some(limit) => limit,
        None => DEFAULT_UNIT_TIMEOUT,
    }
}

/// Analyses the C sources the compile read; `Err` when any analysis failed (already reported).
fn analyse(options: &Options) -> Result<(), ()> {
    let cwd = std::env::current_dir().map_err(|e| eprintln!("goanna-rs: cannot read the current directory: {e}"))?;
    let args: Vec<String> = options.args.iter().map(|a| a.to_string_lossy().into_owned()).collect();
    let args = expand_response_files(&args, &|file| std::fs::read_to_string(cwd.join(file)).ok());
    if goanna_driver::ccargs::is_probe(&cwd) {
        log(&format!("skipped (CMake probe): {}", args.join(" ")));
        return Ok(());
    }
    let (sources, output) = match classify(&args) {
        Invocation::Compile { sources, output } => (sources, output),
        Invocation::Skip(reason) => {
            log(&format!("skipped ({reason}): {}", args.join(" ")));
            return Ok(());
        }
    };
    note_captured(&sources.iter().map(|s| cwd.join(s)).collect::<Vec<_>>());
    let dir = results_dir::resolve(options.results_dir.as_deref()).map_err(|e| eprintln!("goanna-rs: cannot find the results directory: {e}"))?;
    let results = ResultsDir::new(&dir).map_err(|e| eprintln!("goanna-rs: {}: {e}", dir.display()))?;
    let tool = results_dir::tool_id();
    let output = output.map(|o| cwd.join(o));
    let pending: Vec<PathBuf> = sources
        .into_iter()
        .filter(|source| {
            let absolute = cwd.join(source);
            let fresh = results.is_up_to_date(&absolute, output.as_deref(), &tool, &args);
            if fresh {
                log(&format!("up-to-date {}", results.relative(&absolute).display()));
            }
            !fresh
        })
        .collect();
    if pending.is_empty() {
        return Ok(());
    }
    let units: Vec<UnitSpec> = pending.iter().map(|source| UnitSpec { path: source.clone(), args: args.clone(), working_dir: Some(cwd.clone()) }).collect();
    let pool = PoolOptions {
        command: WorkerCommand::current_exe().map_err(|e| eprintln!("goanna-rs: cannot find the goanna-rs executable to start the analysis: {e}"))?,
        workers: 1,
        unit_timeout: unit_timeout(),
    };
    let artefacts = build_artefacts_isolated(&units, &AnalysisOptions::default(), &pool, &|_| {});
    let mut failed = false;
    for (source, artefact) in pending.iter().zip(artefacts) {
        let absolute = cwd.join(source);
        if !artefact.analysed {
            failed = true;
            let why = artefact.problems.first().map(|p| p.message.as_str()).unwrap_or("analysis failed");
            eprintln!("goanna-rs: {}: not analysed: {why}", source.display());
        }
        match results.store(&absolute, output.as_deref(), artefact, &cwd, &tool, &args) {
            Ok(_) => log(&format!("analysed {}", results.relative(&absolute).display())),
            Err(e) => {
                failed = true;
                eprintln!("goanna-rs: {}: cannot store the analysis in {}: {e}", source.display(), results.dir().display());
            }
        }
    }
    if failed {
        Err(())
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(s: &str) -> Vec<OsString> {
        s.split_whitespace().map(OsString::from).collect()
    }

    #[test]
    fn launcher_style_names_the_compiler_first() {
        let o = parse_options(Mode::Subcommand, &os("--strict gcc -c a.c"));
        assert!(o.strict);
        assert_eq!(o.compiler, Some("gcc".into()));
        assert_eq!(o.args, os("-c a.c"));
        let o = parse_options(Mode::Subcommand, &os("--results-dir /r -- /usr/bin/cc -c a.c"));
        assert_eq!(o.results_dir, Some("/r".into()));
        assert_eq!(o.compiler, Some("/usr/bin/cc".into()));
        let o = parse_options(Mode::Subcommand, &os("-c a.c -o a.o"));
        assert_eq!(o.compiler, None);
        assert_eq!(o.args, os("-c a.c -o a.o"));
    }

    #[test]
    fn wrapper_mode_takes_goannacc_options_anywhere() {
        let o = parse_options(Mode::Wrapper { cxx: false }, &os("--with-cc=gcc -O2 --results-dir=/r -c a.c"));
        assert_eq!(o.with_cc.as_deref(), Some("gcc"));
        assert_eq!(o.results_dir, Some("/r".into()));
        assert_eq!(o.compiler, None);
        assert_eq!(o.args, os("-O2 -c a.c"));
        let o = parse_options(Mode::Wrapper { cxx: false }, &os("gcc -c a.c"));
        assert_eq!(o.compiler, None, "in wrapper mode every argument is the compiler's");
    }

    #[test]
    fn signals_map_to_shell_statuses() {
        assert_eq!(status_code(ExitStatus::from_raw(0)), 0);
        assert_eq!(status_code(ExitStatus::from_raw(3 << 8)), 3);
        assert_eq!(status_code(ExitStatus::from_raw(9)), 137);
    }
}
