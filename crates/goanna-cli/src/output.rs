//! The output pipeline shared by every command that reports findings (`scan`, `report`):
//! settings (command line over `goanna.toml`), check selection, suppressions and baseline,
//! rendering in the chosen format, writing (atomically), and the exit status.

use crate::config::{self, FailOn, Level};
use crate::exit;
use anyhow::{bail, Context};
use clap::{Args, ValueEnum};
use goanna_checks::{Finding, Profile, Severity};
use goanna_driver::{ProblemSeverity, ProgramOutcome};
use goanna_report::{
    render_html, render_json_report_with, render_sarif_with, render_short, render_text, termcolor, Baseline, ProjectPath,
    Report, ReportContext, SarifOptions, Sources,
};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::{BTreeSet, HashSet};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Output formats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Findings with source snippets and the path that leads to them.
    #[default]
    Text,
    /// One line per finding: `file:line:col: severity: message [ID]`.
    Short,
    /// A JSON document (stable field names).
    Json,
    /// SARIF 2.1.0, for code-scanning services and IDEs.
    Sarif,
    /// A self-contained HTML page, written to `-o DIR` as `DIR/index.html`.
    Html,
}

/// Options on which checks run and how findings are reported.
#[derive(Args, Debug, Clone, Default)]
pub struct OutputArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write the report to FILE instead of standard output (for `--format html`: a directory,
    /// which gets `index.html`).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Only run these checks: comma-separated ids or families (`MEM,SPC-uninit-var-all`); a
    /// list of profiles only (`style`) adds the checks that are off by default to the default set.
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    pub enable: Vec<String>,
    /// Do not run these checks: comma-separated ids or families.
    #[arg(long, value_delimiter = ',', value_name = "IDS")]
    pub disable: Vec<String>,
    /// Leave out checks and findings below this severity [default: note].
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub min_severity: Option<Level>,
    /// Exit with status 1 when a finding at or above this severity is reported [default: warning].
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub fail_on: Option<FailOn>,
    /// Units that cannot be read, parsed or analysed are reported but do not give exit status 2.
    #[arg(long)]
    pub no_fail_on_unparsable: bool,
    /// Do not analyse or report files matching this glob (relative to the project root; repeatable).
    #[arg(long, value_name = "GLOB")]
    pub exclude: Vec<String>,
    /// Report only findings that are not in this earlier SARIF report of goanna-rs.
    #[arg(long, value_name = "OLD.sarif")]
    pub baseline: Option<PathBuf>,
    /// The project root: paths in SARIF and HTML reports and fingerprints are relative to it
    /// [default: the current directory].
    #[arg(long, value_name = "DIR")]
    pub project_root: Option<PathBuf>,
    /// Settings file [default: the nearest goanna.toml in the current directory or above].
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// SARIF: the analysis category (`automationDetails.id`), which GitHub code scanning uses to
    /// tell apart several analyses of one commit (e.g. one per configuration or platform).
    #[arg(long, value_name = "NAME")]
    pub sarif_category: Option<String>,
    /// SARIF: each rule's `helpUri`, a URI template in which `{id}` is the check id and
    /// `{family}` its family, e.g. `https://github.com/ORG/REPO/blob/TAG/checks/{family}/{id}.toml`
    /// [default: `sarif-help-uri` in goanna.toml, else none: the help text is in the rule].
    #[arg(long, value_name = "URI")]
    pub sarif_help_uri: Option<String>,
    /// Show at most N steps of a finding's path, in every format: a longer path keeps its first
    /// and last steps, the events the check is about and the branches the finding cannot be
    /// reached without, then the steps nearest the end; the step after a gap says how many were
    /// left out. 0: whole paths.
    #[arg(long, value_name = "N", default_value_t = goanna_report::DEFAULT_MAX_PATH_STEPS)]
    pub max_path_steps: usize,
    /// List at most N findings (the most severe first, then by file and line; deterministic);
    /// the summary and standard error say how many were left out. The exit status still counts
    /// every finding.
    #[arg(long, value_name = "N")]
    pub max_findings: Option<usize>,
    /// JSON: add the analysis time as `summary.millis` (left out by default, so that the same
    /// input gives the same bytes).
    #[arg(long)]
    pub timings: bool,
    /// Never colour the output.
    #[arg(long)]
    pub no_color: bool,
    /// No progress bar and no summary on standard error.
    #[arg(short, long)]
    pub quiet: bool,
}

/// The settings of a run: the command line over `goanna.toml` over the defaults.
#[derive(Debug, Default)]
pub struct Settings {
    /// Check ids to run; `None` for all.
    pub enabled: Option<HashSet<String>>,
    /// Findings below this are left out.
    pub min_severity: Option<Severity>,
    /// Findings at or above this give exit status 1; `None` never.
    pub fail_on: Option<Severity>,
    /// Whether units that cannot be analysed give exit status 2.
    pub fail_on_unparsable: bool,
    /// (base directory, glob) of excluded files.
    pub exclude: Vec<(PathBuf, String)>,
    /// The project root.
    pub project_root: PathBuf,
    /// The baseline's fingerprints.
    pub baseline: Option<Baseline>,
    /// The only places the report reads sources from (for snippets, HTML pages and suppression
    /// comments): the project root, plus what the command adds (the files `scan` was given).
    pub source_roots: Vec<PathBuf>,
    /// What to say when no unit was found to analyse at all (the command knows where units
    /// come from).
    pub nothing_hint: &'static str,
    /// How the SARIF report is written (help URIs, category, GitHub's limits).
    pub sarif: SarifOptions,
}

impl Settings {
    /// Whether a file is excluded by a glob.
    pub fn is_excluded(&self, file: &Path) -> bool {
        self.exclude.iter().any(|(base, glob)| match ProjectPath::new(file, base) {
            ProjectPath::Relative(relative) => config::glob_matches(glob, &relative),
            ProjectPath::Absolute(_) => false,
        })
    }
}

/// Expands ids, families and profiles (`style`, `extra`, `default`) into check ids; an entry that is
/// none of them is an error.
fn expand(entries: &[String], origin: &str) -> anyhow::Result<BTreeSet<String>> {
    let checks = goanna_checks::catalogue().checks();
    let mut out = BTreeSet::new();
    for entry in entries.iter().map(|e| e.trim()).filter(|e| !e.is_empty()) {
        let profile = Profile::from_name(entry);
        let matching: Vec<&str> = checks
            .iter()
            .filter(|c| c.id == entry || c.family() == entry || profile == Some(c.profile))
            .map(|c| c.id.as_str())
            .collect();
        if matching.is_empty() {
            bail!("unknown check, family or profile `{entry}` in {origin} (see `goanna-rs checks`)");
        }
        out.extend(matching.into_iter().map(str::to_string));
    }
    Ok(out)
}

/// The checks an `enable` list selects. An empty list selects the checks that are on by
/// default. A list of profiles only (`["style"]`) adds their checks to the default ones; a list
/// that names checks or families selects exactly what it names (and the profiles it lists).
fn enabled_by(enable: &[String], origin: &str) -> anyhow::Result<BTreeSet<String>> {
    let defaults = || -> BTreeSet<String> {
        goanna_checks::catalogue().checks().iter().filter(|c| c.on_by_default()).map(|c| c.id.clone()).collect()
    };
    let named: Vec<&String> = enable.iter().filter(|e| !e.trim().is_empty()).collect();
    if named.is_empty() {
        return Ok(defaults());
    }
    let mut selected = expand(enable, origin)?;
    if named.iter().all(|e| Profile::from_name(e.trim()).is_some()) {
        selected.extend(defaults());
    }
    Ok(selected)
}

impl OutputArgs {
    /// Resolves the settings: reads `goanna.toml` and the baseline, expands check selections.
    /// Every problem (unknown check, bad configuration, unusable baseline) is an error naming it.
    pub fn settings(&self) -> anyhow::Result<Settings> {
        let config = config::load(self.config.as_deref())?;
        let config_origin = config.path.as_ref().map_or("the configuration".to_string(), |p| p.display().to_string());
        let file = &config.file;
        let all: BTreeSet<String> = goanna_checks::catalogue().checks().iter().map(|c| c.id.clone()).collect();
        let (enable, enable_origin) = if self.enable.is_empty() {
            (&file.enable, config_origin.as_str())
        } else {
            (&self.enable, "--enable")
        };
        let mut selected = enabled_by(enable, enable_origin)?;
        for id in expand(&file.disable, &config_origin)?.iter().chain(&expand(&self.disable, "--disable")?) {
            selected.remove(id);
        }
        let min_severity = self.min_severity.or(file.min_severity).map(Level::severity);
        if let Some(min) = min_severity {
            selected.retain(|id| goanna_checks::catalogue().get(id).is_none_or(|c| c.severity >= min));
        }
        let enabled = (selected != all).then(|| selected.into_iter().collect());
        let baseline = match &self.baseline {
            Some(path) => Some(Baseline::load(path)?),
            None => None,
        };
        let project_root = self.project_root.clone().unwrap_or_else(|| PathBuf::from("."));
        if !project_root.is_dir() {
            bail!("project root {} is not a directory", project_root.display());
        }
        let mut exclude: Vec<(PathBuf, String)> = file.exclude.iter().map(|g| (config.base_dir(), g.clone())).collect();
        exclude.extend(self.exclude.iter().map(|g| (project_root.clone(), g.clone())));
        if self.format == Format::Html && self.output.is_none() {
            bail!("--format html needs an output directory: -o DIR");
        }
        let help_uri = match &self.sarif_help_uri {
            Some(uri) => Some(sarif_help_uri(uri, "--sarif-help-uri")?),
            None => file.sarif_help_uri.as_deref().map(|uri| sarif_help_uri(uri, &config_origin)).transpose()?,
        };
        let category = match self.sarif_category.as_deref().map(str::trim) {
            Some("") => bail!("--sarif-category must not be empty"),
            other => other.map(str::to_string),
        };
        Ok(Settings {
            enabled,
            min_severity,
            fail_on: self.fail_on.or(file.fail_on).unwrap_or(FailOn::Warning).threshold(),
            fail_on_unparsable: !self.no_fail_on_unparsable && file.fail_on_unparsable.unwrap_or(true),
            exclude,
            source_roots: vec![project_root.clone()],
            nothing_hint: "no C unit was found, or --exclude left none: give C files, directories holding them, or a build's compile_commands.json with -p",
            project_root,
            baseline,
            sarif: SarifOptions { help_uri, category, ..SarifOptions::default() },
        })
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

/// Checks a SARIF help URI template: an absolute `https://` or `http://` URI (GitHub links it
/// from each alert), which should name the check with `{id}`.
fn sarif_help_uri(template: &str, origin: &str) -> anyhow::Result<String> {
    let template = template.trim();
    let Some(rest) = template.strip_prefix("https://").or_else(|| template.strip_prefix("http://")) else {
        bail!("the SARIF help URI `{template}` in {origin} must be an absolute https:// (or http://) URI");
    };
    if rest.is_empty() || rest.starts_with('/') || template.contains(char::is_whitespace) {
        bail!("the SARIF help URI `{template}` in {origin} is not a URI with a host");
    }
    if !template.contains("{id}") {
        bail!("the SARIF help URI `{template}` in {origin} must name the check with `{{id}}` (and may use `{{family}}`)");
    }
    Ok(template.to_string())
}

/// Writes `bytes` to `path` through a temporary file in the same directory, renamed into
/// place: a failed write leaves nothing behind and never a half-written report. The file is
/// created as any other program's output is (mode 0666 less the umask), not with a temporary
/// file's private 0600.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let (temp, mut file) = create_temporary(dir).with_context(|| format!("cannot write {}: cannot create a file in {}", path.display(), dir.display()))?;
    let written = file.write_all(bytes).and_then(|()| file.sync_data()).and_then(|()| std::fs::rename(&temp, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        bail!("cannot write {}: {e}", path.display());
    }
    Ok(())
}

/// Creates a new file `DIR/.goanna-rs-PID-N.tmp` with the process's default permissions.
fn create_temporary(dir: &Path) -> std::io::Result<(PathBuf, std::fs::File)> {
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    loop {
        let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let temp = dir.join(format!(".goanna-rs-{}-{n}.tmp", std::process::id()));
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// Writes to standard output; a reader that went away (`goanna-rs ... | head -1`) is not an
/// error: the rest of the output is dropped quietly.
pub fn write_stdout(bytes: &[u8]) -> std::io::Result<()> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// Says on standard error what the report's inputs did not contribute: how many findings the
/// baseline matched (a baseline that matches nothing was probably made for another project
/// root), and which files were not shown because they lie outside the project root.
fn notes_on_inputs(report: &Report, settings: &Settings, sources: &Sources) {
    if let Some(baseline) = &settings.baseline {
        let matched = report.findings.iter().filter(|f| f.baseline == Some(goanna_report::BaselineState::Unchanged)).count();
        if matched == 0 && !baseline.is_empty() {
            eprintln!(
                "goanna-rs: warning: the baseline matched none of its {} findings: was it made with another --project-root, or for other sources?",
                baseline.len()
            );
        } else {
            eprintln!("goanna-rs: note: the baseline matched {matched} of the {} findings it lists", baseline.len());
        }
    }
    let outside = sources.outside_roots();
    if let Some(first) = outside.first() {
        eprintln!(
            "goanna-rs: note: {} file(s) outside the project root not shown in the report (e.g. {}); --project-root widens it",
            outside.len(),
            first.display()
        );
    }
}

/// Renders the outcome with resolved settings ([`OutputArgs::settings`]), writes it, and
/// returns the exit status (0 clean, 1 findings at or above `--fail-on`, 2 analysis errors).
pub fn report_with(outcome: &ProgramOutcome, args: &OutputArgs, settings: &Settings, started: Instant) -> anyhow::Result<ExitCode> {
    let findings: Vec<Finding> = outcome
        .findings
        .iter()
        .filter(|f| settings.min_severity.is_none_or(|min| f.severity >= min))
        .filter(|f| settings.enabled.as_ref().is_none_or(|set| set.contains(&f.check)))
        .filter(|f| !settings.is_excluded(&f.location.file))
        .cloned()
        .collect();
    let mut sources = Sources::confined(&settings.source_roots);
    let context = ReportContext {
        project_root: &settings.project_root,
        baseline: settings.baseline.as_ref(),
        units_analysed: outcome.units_analysed,
        units_failed: outcome.units_failed,
        millis: started.elapsed().as_millis(),
    };
    let mut report = Report::new(findings, outcome.problems.clone(), &context, &mut sources);
    report.warn_unknown_suppressions(&outcome.files, &settings.project_root, &mut sources);
    // The exit status counts every finding, listed or not.
    let failing = settings.fail_on.is_some_and(|threshold| report.findings.iter().any(|r| r.is_active() && r.finding.severity >= threshold));
    if args.max_path_steps > 0 {
        report.shorten_paths(args.max_path_steps);
    }
    let left_out = args.max_findings.map_or(0, |max| report.limit_findings(max));
    report.summary.infeasible_paths = outcome.refutation.infeasible;
    report.summary.refutation_bound_hits = outcome.refutation.bound_hits;
    let to_terminal = args.output.is_none() && std::io::stdout().is_terminal();
    let color = to_terminal && !args.no_color && std::env::var_os("NO_COLOR").is_none();
    let mut buffer = if color { termcolor::Buffer::ansi() } else { termcolor::Buffer::no_color() };
    let active = report.active();
    match args.format {
        Format::Text => render_text(&mut buffer, &active, &report.problems, &report.summary, &mut sources)?,
        Format::Short => render_short(&mut buffer, &active, &report.problems)?,
        Format::Json => writeln!(buffer, "{}", serde_json::to_string_pretty(&render_json_report_with(&report, args.timings))?)?,
        Format::Sarif => {
            let rendering =
                render_sarif_with(&report, goanna_checks::catalogue().checks(), &settings.project_root, &mut sources, &settings.sarif);
            writeln!(buffer, "{}", serde_json::to_string_pretty(&rendering.log)?)?;
            if !args.quiet {
                for warning in &rendering.warnings {
                    eprintln!("goanna-rs: warning: {warning}");
                }
            }
        }
        Format::Html => write!(buffer, "{}", render_html(&report, &settings.project_root, &mut sources))?,
    }
    let bytes = buffer.into_inner();
    match (&args.output, args.format) {
        (Some(dir), Format::Html) => {
            std::fs::create_dir_all(dir).with_context(|| format!("cannot create directory {}", dir.display()))?;
            let index = dir.join("index.html");
            write_atomically(&index, &bytes)?;
            if !args.quiet {
                eprintln!("goanna-rs: HTML report written to {}", index.display());
            }
        }
        (Some(path), _) => write_atomically(path, &bytes)?,
        (None, _) => write_stdout(&bytes)?,
    }
    let summary_in_report = args.output.is_none() && args.format == Format::Text;
    if !args.quiet && !summary_in_report {
        eprintln!("goanna-rs: {}", report.summary.line());
    }
    if !args.quiet {
        notes_on_inputs(&report, settings, &sources);
        if left_out > 0 {
            eprintln!(
                "goanna-rs: note: {left_out} findings left out of the report (--max-findings {}): the most severe are listed",
                args.max_findings.unwrap_or_default()
            );
        }
    }
    if outcome.units_analysed == 0 {
        if outcome.units_failed > 0 {
            eprintln!("goanna-rs: error: no unit was analysed: every unit failed (see the report's errors)");
        } else {
            eprintln!("goanna-rs: error: no unit was analysed: {}", settings.nothing_hint);
        }
        return Ok(ExitCode::from(exit::USAGE_ERROR));
    }
    let analysis_errors = settings.fail_on_unparsable && outcome.problems.iter().any(|p| p.severity == ProblemSeverity::Error);
    let code = if analysis_errors {
        exit::USAGE_ERROR
    } else if failing {
        exit::FINDINGS
    } else {
        exit::SUCCESS
    };
    Ok(ExitCode::from(code))
}
