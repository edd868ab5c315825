//! `goanna-rs build [OPTIONS] -- BUILD COMMAND...`: runs a build with `CC`/`CXX` pointing to
//! the compiler wrapper (as scan-build does), then reports on every unit analysed.
//!
//! The wrapper is a `goannacc` (and `goannac++`) symbolic link to this executable in
//! `RESULTS_DIR/bin`, so that build files that take `CC` as a single word work. The build gets
//! `CC`, `CXX`, `GOANNACC` (the wrapper's path, for makefiles that set `CC` themselves:
//! `make CC="$GOANNACC"`), `GOANNA_CC`/`GOANNA_CXX` (the real compilers: the previous `CC`/`CXX`,
//! else `cc`/`c++`), `GOANNA_RESULTS_DIR` (absolute), `GOANNA_CAPTURE_LOG` (where the wrapper
//! lists the sources it saw) and, with `--strict`, `GOANNA_STRICT=1`.
//!
//! Builds that do not honour `CC` (a makefile that sets `CC = gcc` itself, a script that calls
//! `gcc`) are captured too: when Debian's `bear` is installed (`scripts/setup`), the build runs
//! under it, which records every compiler call (kept as `RESULTS_DIR/compile_commands.json`); the C
//! units it lists that the wrapper did not see (the wrapper lists the ones it saw in
//! `$GOANNA_CAPTURE_LOG`) are then analysed from that database with their own flags and stored
//! like the wrapper's. `build` says which way each unit was captured, and says so when the build
//! compiled no C unit at all.
//!
//! Exit status: the build's when it fails (after reporting what was analysed), else the
//! report's.

use crate::cc_cmd::CAPTURE_LOG_ENV;
use crate::output::OutputArgs;
use crate::report_cmd::report_results;
use crate::results_dir;
use anyhow::Context;
use clap::{Args, ValueEnum};
use goanna_driver::{
    build_artefacts_isolated, canonical_source, dedupe_units, load_compile_commands, AnalysisOptions, PoolOptions, ResultsDir, UnitSpec, WorkerCommand,
};
use std::collections::HashSet;
use std::ffi::OsString;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

/// Arguments of `build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// Where the wrapper stores the artefacts (default: `$GOANNA_RESULTS_DIR`, else `.goanna`
    /// in the project's top directory).
    #[arg(long, value_name = "DIR")]
    results_dir: Option<PathBuf>,
    /// Fail a compile when its analysis fails (by default, analysis failures are reported on
    /// standard error and the build goes on).
    #[arg(long)]
    strict: bool,
    /// How compiles are captured: `auto` runs the build under `bear` when it is installed, so
    /// that compiles that do not go through `CC` are analysed too; `wrapper` relies on `CC`
    /// alone; `bear` requires `bear`.
    #[arg(long, value_enum, default_value_t = Capture::Auto)]
    capture: Capture,
    /// Number of units analysed in parallel for what `bear` captured (default: number of cores).
    #[arg(short, long, value_name = "N")]
    jobs: Option<usize>,
    /// How findings are reported.
    #[command(flatten)]
    output: OutputArgs,
    /// The build command, after `--` (e.g. `make -j8`).
    #[arg(last = true, required = true, value_name = "BUILD_COMMAND")]
    command: Vec<OsString>,
}

/// How `build` captures the compiles of a build.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Capture {
    /// The wrapper through `CC`, plus `bear` when it is installed.
    Auto,
    /// The wrapper through `CC` only.
    Wrapper,
    /// The wrapper through `CC`, plus `bear` (an error when it is not installed).
    Bear,
}

/// The `bear` executable on `PATH`, if any.
fn find_bear() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join("bear")).find(|candidate| candidate.is_file())
}

/// The C sources the wrapper listed in the capture log (canonical where they exist).
fn captured_by_wrapper(log: &Path) -> HashSet<PathBuf> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter(|line| !line.is_empty())
        .map(|line| std::fs::canonicalize(line).unwrap_or_else(|_| PathBuf::from(line)))
        .collect()
}

/// Analyses the C units of `bear`'s database that the wrapper did not see, and stores their
/// artefacts in the results directory as the wrapper would. Returns how many were analysed.
fn analyse_uncaptured(database: &Path, seen: &HashSet<PathBuf>, results: &ResultsDir, jobs: Option<usize>) -> anyhow::Result<usize> {
    let (units, problems) = load_compile_commands(database).map_err(anyhow::Error::msg)?;
    // Notes about the database itself (other languages, where it lies) are ours, not the user's.
    for problem in problems.iter().filter(|p| p.file != database) {
        eprintln!("goanna-rs: {}: {}", problem.file.display(), problem.message);
    }
    let units: Vec<UnitSpec> = dedupe_units(units).into_iter().filter(|unit| !seen.contains(&canonical_source(unit))).collect();
    if units.is_empty() {
        return Ok(0);
    }
    let pool = PoolOptions {
        command: WorkerCommand::current_exe().context("cannot find the goanna-rs executable to start worker processes")?,
        workers: jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)).max(1),
        unit_timeout: goanna_driver::DEFAULT_UNIT_TIMEOUT,
    };
    let artefacts = build_artefacts_isolated(&units, &AnalysisOptions::default(), &pool, &|_| {});
    let tool = results_dir::tool_id();
    for (unit, artefact) in units.iter().zip(artefacts) {
        let cwd = unit.working_dir.clone().unwrap_or_default();
        let args: Vec<String> = unit.args.iter().skip(1).cloned().collect();
        let output = match goanna_driver::ccargs::classify(&args) {
            goanna_driver::ccargs::Invocation::Compile { output, .. } => output.map(|o| cwd.join(o)),
            goanna_driver::ccargs::Invocation::Skip(_) => None,
        };
        results
            .store(&cwd.join(&unit.path), output.as_deref(), artefact, &cwd, &tool, &args)
            .with_context(|| format!("cannot store the analysis of {} in {}", unit.path.display(), results.dir().display()))?;
    }
    Ok(units.len())
}

/// Makes `link` a symbolic link to `target`, replacing what is there atomically.
fn symlink_atomically(target: &Path, link: &Path) -> std::io::Result<()> {
    let temp = link.with_file_name(format!(".{}.{}.tmp", link.file_name().map(|n| n.to_string_lossy()).unwrap_or_default(), std::process::id()));
    let _ = std::fs::remove_file(&temp);
    std::os::unix::fs::symlink(target, &temp)?;
    std::fs::rename(&temp, link)
}

/// The compiler the build would have used: `$VAR` unless it is already a goanna wrapper.
fn original_compiler(var: &str, default: &str) -> String {
    std::env::var(var).ok().filter(|cc| !cc.trim().is_empty() && !cc.contains("goanna")).unwrap_or_else(|| default.to_string())
}

/// Says on standard error which way the build's C units were captured.
fn say_how_captured(through_cc: usize, through_bear: usize, used_bear: bool) {
    match (through_cc, through_bear) {
        (0, 0) if used_bear => eprintln!(
            "goanna-rs: warning: the build compiled no C unit (neither through CC nor seen by bear): was it up to date? clean it first to analyse it"
        ),
        (0, 0) => eprintln!(
            "goanna-rs: warning: the build compiled no C unit through CC: it may be up to date (clean it first), or it does not use $CC \
             (install bear to capture such builds: scripts/setup, or pass CC=\"$GOANNACC\" to it)"
        ),
        (n, 0) => eprintln!("goanna-rs: captured {n} C unit(s) through the compiler wrapper (CC)"),
        (0, m) => eprintln!("goanna-rs: captured {m} C unit(s) with bear: the build does not compile through $CC"),
        (n, m) => eprintln!("goanna-rs: captured {n} C unit(s) through the compiler wrapper (CC) and {m} with bear (compiled without $CC)"),
    }
}

/// Runs `build`.
pub fn run(args: &BuildArgs) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let dir = results_dir::resolve(args.results_dir.as_deref()).context("cannot find the results directory")?;
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).with_context(|| format!("cannot create {}", bin.display()))?;
    let me = std::env::current_exe().context("cannot find the goanna-rs executable")?;
    let cc = bin.join("goannacc");
    let cxx = bin.join("goannac++");
    for link in [&cc, &cxx] {
        symlink_atomically(&me, link).with_context(|| format!("cannot create {}", link.display()))?;
    }
    let bear = match (args.capture, find_bear()) {
        (Capture::Wrapper, _) | (Capture::Auto, None) => None,
        (_, Some(bear)) => Some(bear),
        (Capture::Bear, None) => anyhow::bail!("--capture bear: `bear` is not installed (Debian: apt-get install bear; or run scripts/setup)"),
    };
    let capture_log = dir.join(format!("capture-{}.log", std::process::id()));
    std::fs::write(&capture_log, "").with_context(|| format!("cannot create {}", capture_log.display()))?;
    // Per build, so that two builds at once do not share bear's output; kept afterwards.
    let database = dir.join(format!(".compile_commands-{}.json", std::process::id()));
    let mut command = match &bear {
        Some(bear) => {
            let mut command = Command::new(bear);
            command.arg("--output").arg(&database).arg("--").args(&args.command);
            command
        }
        None => {
            let mut command = Command::new(&args.command[0]);
            command.args(&args.command[1..]);
            command
        }
    };
    command
        .env(CAPTURE_LOG_ENV, &capture_log)
        .env("GOANNA_CC", original_compiler("CC", "cc"))
        .env("GOANNA_CXX", original_compiler("CXX", "c++"))
        .env("CC", &cc)
        .env("CXX", &cxx)
        .env("GOANNACC", &cc)
        .env(results_dir::RESULTS_DIR_ENV, &dir);
    if args.strict {
        command.env("GOANNA_STRICT", "1");
    }
    let status = command.status().with_context(|| format!("cannot run the build command `{}`", args.command[0].to_string_lossy()))?;
    let seen = captured_by_wrapper(&capture_log);
    let _ = std::fs::remove_file(&capture_log);
    let through_bear = match &bear {
        Some(_) if database.is_file() => {
            let results = ResultsDir::new(&dir).with_context(|| format!("{}", dir.display()))?;
            let analysed = analyse_uncaptured(&database, &seen, &results, args.jobs);
            let _ = std::fs::rename(&database, dir.join("compile_commands.json"));
            analysed?
        }
        _ => 0,
    };
    say_how_captured(seen.len(), through_bear, bear.is_some());
    let report = report_results(&dir, &args.output, true, started)?;
    if status.success() {
        return Ok(report);
    }
    let code = match (status.code(), status.signal()) {
        (Some(code), _) => u8::try_from(code & 0xff).unwrap_or(1),
        (None, Some(signal)) => u8::try_from((128 + signal).min(255)).unwrap_or(255),
        (None, None) => 1,
    };
    eprintln!("goanna-rs: the build failed (exit status {code}); the report covers the units compiled before it stopped");
    Ok(ExitCode::from(code))
}
