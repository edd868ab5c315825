//! `goanna-rs scan`: analyse files and directories and report findings.

use crate::exit;
use anyhow::Context;
use clap::{Args, ValueEnum};
use goanna_driver::{discover_units, load_compile_commands, scan, AnalysisOptions, ProblemSeverity, UnitSpec};
use goanna_report::{render_json, render_short, render_text, termcolor, Sources, Summary};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::HashSet;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Output formats of `scan`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Findings with source snippets and the path that leads to them.
    Text,
    /// One line per finding: `file:line:col: severity: message [ID]`.
    Short,
    /// A JSON document (stable field names).
    Json,
}

/// Arguments of `scan`.
#[derive(Args, Debug)]
pub struct ScanArgs {
    /// Files and directories to analyse (directories are walked for `.c` files).
    #[arg(required_unless_present = "compile_commands", value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// Analyse the C units of a compilation database: a `compile_commands.json` or the build
    /// directory holding one. Each unit gets its own flags and working directory.
    #[arg(short = 'p', long = "compile-commands", value_name = "BUILD_DIR|FILE")]
    compile_commands: Option<PathBuf>,
    /// Add a directory to the include search path (as `-I` for the compiler).
    #[arg(short = 'I', long = "include", value_name = "DIR")]
    include: Vec<String>,
    /// Define a macro (as `-D` for the compiler).
    #[arg(short = 'D', long = "define", value_name = "NAME[=VALUE]")]
    define: Vec<String>,
    /// Language standard (as `-std=` for the compiler), e.g. `c11`, `gnu99`.
    #[arg(long = "std", value_name = "STD")]
    std: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Write the report to a file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Only run these checks (comma-separated ids).
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    enable: Vec<String>,
    /// Do not run these checks (comma-separated ids).
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    disable: Vec<String>,
    /// Analyse units even when they do not compile (findings may be wrong).
    #[arg(long)]
    analyse_with_errors: bool,
    /// Number of units analysed in parallel (default: number of cores).
    #[arg(short, long, value_name = "N")]
    jobs: Option<usize>,
    /// Never colour the output.
    #[arg(long)]
    no_color: bool,
    /// No progress bar and no summary on standard error.
    #[arg(short, long)]
    quiet: bool,
    /// Extra compiler arguments, after `--`.
    #[arg(last = true, value_name = "COMPILER_ARGS")]
    compiler_args: Vec<String>,
}

impl ScanArgs {
    fn compiler_args(&self) -> Vec<String> {
        let mut args = Vec::new();
        args.extend(self.include.iter().map(|d| format!("-I{d}")));
        args.extend(self.define.iter().map(|d| format!("-D{d}")));
        if let Some(std) = &self.std {
            args.push(format!("-std={std}"));
        }
        args.extend(self.compiler_args.iter().cloned());
        args
    }

    fn enabled_checks(&self) -> anyhow::Result<Option<HashSet<String>>> {
        let known: HashSet<&str> = goanna_checks::catalogue().checks().iter().map(|c| c.id.as_str()).collect();
        for id in self.enable.iter().chain(&self.disable) {
            if !known.contains(id.as_str()) {
                anyhow::bail!("unknown check `{id}` (see `goanna-rs checks`)");
            }
        }
        if self.enable.is_empty() && self.disable.is_empty() {
            return Ok(None);
        }
        let mut set: HashSet<String> = if self.enable.is_empty() {
            known.iter().map(|s| s.to_string()).collect()
        } else {
            self.enable.iter().cloned().collect()
        };
        for id in &self.disable {
            set.remove(id);
        }
        Ok(Some(set))
    }
}

fn progress_bar(total: usize, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total as u64);
    if let Ok(style) = ProgressStyle::with_template("{spinner} [{bar:30}] {pos}/{len} units  {wide_msg}") {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

/// Runs a scan and prints the report.
pub fn run(args: &ScanArgs) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let options = AnalysisOptions {
        args: args.compiler_args(),
        analyse_with_errors: args.analyse_with_errors,
        enabled: args.enabled_checks()?,
        ..AnalysisOptions::default()
    };
    let (units, mut problems) = match &args.compile_commands {
        Some(db) => load_compile_commands(db).map_err(anyhow::Error::msg)?,
        None => {
            let (paths, problems) = discover_units(&args.paths);
            (paths.into_iter().map(UnitSpec::new).collect(), problems)
        }
    };
    let bar = progress_bar(units.len(), args.quiet);
    let on_done = |unit: &std::path::Path| {
        bar.inc(1);
        bar.set_message(unit.display().to_string());
    };
    let outcome = match args.jobs {
        Some(jobs) => rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.max(1))
            .build()
            .context("cannot start worker threads")?
            .install(|| scan(&units, &options, &on_done)),
        None => scan(&units, &options, &on_done),
    };
    bar.finish_and_clear();
    let failed_paths = problems.iter().filter(|p| p.severity == ProblemSeverity::Error).count();
    problems.extend(outcome.problems);
    let summary = Summary::new(
        &outcome.findings,
        outcome.units_analysed,
        outcome.units_failed + failed_paths,
        started.elapsed().as_millis(),
    );
    write_report(args, &outcome.findings, &problems, &summary)?;
    let has_errors = problems.iter().any(|p| p.severity == ProblemSeverity::Error);
    let code = if has_errors {
        exit::USAGE_ERROR
    } else if !outcome.findings.is_empty() {
        exit::FINDINGS
    } else {
        exit::SUCCESS
    };
    Ok(ExitCode::from(code))
}

fn write_report(
    args: &ScanArgs,
    findings: &[goanna_driver::Finding],
    problems: &[goanna_driver::Problem],
    summary: &Summary,
) -> anyhow::Result<()> {
    let to_terminal = args.output.is_none() && std::io::stdout().is_terminal();
    let color = to_terminal && !args.no_color && std::env::var_os("NO_COLOR").is_none();
    let mut buffer = if color { termcolor::Buffer::ansi() } else { termcolor::Buffer::no_color() };
    match args.format {
        Format::Text => render_text(&mut buffer, findings, problems, summary, &mut Sources::new())?,
        Format::Short => render_short(&mut buffer, findings, problems, summary)?,
        Format::Json => {
            let value = render_json(findings, problems, summary);
            writeln!(buffer, "{}", serde_json::to_string_pretty(&value)?)?;
        }
    }
    let bytes = buffer.into_inner();
    match &args.output {
        Some(path) => std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))?,
        None => std::io::stdout().write_all(&bytes)?,
    }
    Ok(())
}

