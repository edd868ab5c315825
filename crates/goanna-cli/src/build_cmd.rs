//! `goanna-rs build [OPTIONS] -- BUILD COMMAND...`: runs a build with `CC`/`CXX` pointing to
//! the compiler wrapper (as scan-build does), then reports on every unit analysed.
//!
//! The wrapper is a `goannacc` (and `goannac++`) symbolic link to this executable in
//! `RESULTS_DIR/bin`, so that build files that take `CC` as a single word work. The build gets
//! `CC`, `CXX`, `GOANNACC` (the wrapper's path, for makefiles that set `CC` themselves:
//! `make CC="$GOANNACC"`), `GOANNA_CC`/`GOANNA_CXX` (the real compilers: the previous `CC`/`CXX`,
//! else `cc`/`c++`), `GOANNA_RESULTS_DIR` (absolute) and, with `--strict`, `GOANNA_STRICT=1`.
//!
//! Exit status: the build's when it fails (after reporting what was analysed), else the
//! report's.

use crate::output::OutputArgs;
use crate::report_cmd::report_results;
use crate::results_dir;
use anyhow::Context;
use clap::Args;
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
    /// How findings are reported.
    #[command(flatten)]
    output: OutputArgs,
    /// The build command, after `--` (e.g. `make -j8`).
    #[arg(last = true, required = true, value_name = "BUILD_COMMAND")]
    command: Vec<OsString>,
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
    let mut command = Command::new(&args.command[0]);
    command
        .args(&args.command[1..])
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
    let report = report_results(&dir, &args.output, started)?;
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
