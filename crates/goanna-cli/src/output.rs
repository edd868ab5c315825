//! The output pipeline shared by every command that reports findings (`scan`, `report`):
//! check selection, rendering in the chosen format, and the exit status.

use crate::exit;
use anyhow::Context;
use clap::{Args, ValueEnum};
use goanna_driver::{ProblemSeverity, ProgramOutcome};
use goanna_report::{render_json, render_short, render_text, termcolor, Sources, Summary};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::HashSet;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Findings with source snippets and the path that leads to them.
    Text,
    /// One line per finding: `file:line:col: severity: message [ID]`.
    Short,
    /// A JSON document (stable field names).
    Json,
}

/// Options on which checks run and how findings are reported.
#[derive(Args, Debug, Clone)]
pub struct OutputArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write the report to a file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Only run these checks (comma-separated ids).
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    pub enable: Vec<String>,
    /// Do not run these checks (comma-separated ids).
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    pub disable: Vec<String>,
    /// Never colour the output.
    #[arg(long)]
    pub no_color: bool,
    /// No progress bar on standard error.
    #[arg(short, long)]
    pub quiet: bool,
}

impl OutputArgs {
    /// The checks selected by `--enable` / `--disable`; `None` means all. Unknown ids are an error.
    pub fn enabled_checks(&self) -> anyhow::Result<Option<HashSet<String>>> {
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

    /// A progress bar on standard error when it is a terminal and `--quiet` is not given.
    pub fn progress_bar(&self, total: usize) -> ProgressBar {
        if self.quiet || !std::io::stderr().is_terminal() {
            return ProgressBar::hidden();
        }
        let bar = ProgressBar::new(total as u64);
        if let Ok(style) = ProgressStyle::with_template("{spinner} [{bar:30}] {pos}/{len} units  {wide_msg}") {
            bar.set_style(style.progress_chars("=> "));
        }
        bar
    }
}

/// Renders the outcome, writes it, and returns the exit status (0 clean, 1 findings,
/// 2 analysis errors).
pub fn report(outcome: &ProgramOutcome, args: &OutputArgs, started: Instant) -> anyhow::Result<ExitCode> {
    let summary = Summary::new(&outcome.findings, outcome.units_analysed, outcome.units_failed, started.elapsed().as_millis());
    let to_terminal = args.output.is_none() && std::io::stdout().is_terminal();
    let color = to_terminal && !args.no_color && std::env::var_os("NO_COLOR").is_none();
    let mut buffer = if color { termcolor::Buffer::ansi() } else { termcolor::Buffer::no_color() };
    match args.format {
        Format::Text => render_text(&mut buffer, &outcome.findings, &outcome.problems, &summary, &mut Sources::new())?,
        Format::Short => render_short(&mut buffer, &outcome.findings, &outcome.problems, &summary)?,
        Format::Json => {
            let value = render_json(&outcome.findings, &outcome.problems, &summary);
            writeln!(buffer, "{}", serde_json::to_string_pretty(&value)?)?;
        }
    }
    let bytes = buffer.into_inner();
    match &args.output {
        Some(path) => std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))?,
        None => std::io::stdout().write_all(&bytes)?,
    }
    let has_errors = outcome.problems.iter().any(|p| p.severity == ProblemSeverity::Error);
    let code = if has_errors {
        exit::USAGE_ERROR
    } else if !outcome.findings.is_empty() {
        exit::FINDINGS
    } else {
        exit::SUCCESS
    };
    Ok(ExitCode::from(code))
}
