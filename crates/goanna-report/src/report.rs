//! The report of a run: every finding with its fingerprint, its project-relative path, and what
//! inline suppressions and the baseline say about it.

use crate::baseline::{Baseline, BaselineState};
use crate::fingerprint::{fingerprints, FingerprintInput};
use crate::suppress::{Suppression, Suppressions};
use crate::{Sources, Summary};
use goanna_checks::{Finding, Problem, ProblemSeverity};
use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

/// A finding as reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportedFinding {
    /// The finding.
    pub finding: Finding,
    /// Its file relative to the project root with `/` separators, or the absolute path when
    /// the file is outside the project.
    pub path: ProjectPath,
    /// Stable identity across versions of the code (see [`crate::fingerprint`]).
    pub fingerprint: String,
    /// The comment that suppresses it, if any.
    pub suppression: Option<Suppression>,
    /// Whether it was in the baseline; `None` without a baseline.
    pub baseline: Option<BaselineState>,
}

impl ReportedFinding {
    /// Neither suppressed nor already in the baseline: this finding is reported and counts
    /// for the exit status.
    pub fn is_active(&self) -> bool {
        self.suppression.is_none() && self.baseline != Some(BaselineState::Unchanged)
    }
}

/// A file as named in reports.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ProjectPath {
    /// Inside the project root: the relative path with `/` separators.
    Relative(String),
    /// Outside it: the absolute path.
    Absolute(PathBuf),
}

impl ProjectPath {
    /// Names `file` relative to `root` when it lies inside it (both are made absolute against
    /// the current directory and resolved through symbolic links when they exist).
    pub fn new(file: &Path, root: &Path) -> ProjectPath {
        let file = absolute(file);
        let root = absolute(root);
        match file.strip_prefix(&root) {
            Ok(relative) => ProjectPath::Relative(
                relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect::<Vec<_>>().join("/"),
            ),
            Err(_) => ProjectPath::Absolute(file),
        }
    }

    /// The path as text (relative with `/`, or absolute).
    pub fn as_text(&self) -> String {
        match self {
            ProjectPath::Relative(path) => path.clone(),
            ProjectPath::Absolute(path) => path.display().to_string(),
        }
    }
}

fn lexical_normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// The absolute form of a path: canonical when it exists, else joined to the current directory
/// and normalised lexically.
pub(crate) fn absolute(path: &Path) -> PathBuf {
    if let Ok(canonical) = path.canonicalize() {
        return canonical;
    }
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().map(|d| d.join(path)).unwrap_or_else(|_| path.to_path_buf())
    };
    lexical_normal(&joined)
}

/// Everything a run reports.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Every finding in report order, including suppressed ones and those in the baseline.
    pub findings: Vec<ReportedFinding>,
    /// Problems of the analysis.
    pub problems: Vec<Problem>,
    /// Counts; finding counts are of active findings only.
    pub summary: Summary,
}

/// Where a run happened and what it is compared with.
#[derive(Clone, Copy, Debug)]
pub struct ReportContext<'a> {
    /// The project root: paths in reports and fingerprints are relative to it.
    pub project_root: &'a Path,
    /// The earlier report to compare with.
    pub baseline: Option<&'a Baseline>,
    /// Units analysed.
    pub units_analysed: usize,
    /// Units that failed.
    pub units_failed: usize,
    /// Wall-clock time in milliseconds.
    pub millis: u128,
}

impl Report {
    /// Fingerprints the findings, applies the inline suppressions of their files (read through
    /// `sources`) and the baseline, and counts.
    pub fn new(findings: Vec<Finding>, problems: Vec<Problem>, context: &ReportContext<'_>, sources: &mut Sources) -> Report {
        let paths: Vec<ProjectPath> = findings.iter().map(|f| ProjectPath::new(&f.location.file, context.project_root)).collect();
        let ids: Vec<Option<usize>> = findings.iter().map(|f| sources.id(&f.location.file)).collect();
        let texts: Vec<String> = paths.iter().map(ProjectPath::as_text).collect();
        let prints = fingerprints(findings.iter().enumerate().map(|(i, f)| FingerprintInput {
            check: &f.check,
            file: &texts[i],
            function: &f.function,
            line_text: ids[i].and_then(|id| sources.line_text(id, f.location.line)).unwrap_or(""),
            message: &f.message,
        }));
        let mut suppressions: HashMap<usize, Suppressions> = HashMap::new();
        let mut reported = Vec::with_capacity(findings.len());
        for (((finding, path), fingerprint), id) in findings.into_iter().zip(paths).zip(prints).zip(ids) {
            let suppression = id.and_then(|id| {
                let file = suppressions.entry(id).or_insert_with(|| Suppressions::parse(sources.contents(id).unwrap_or("")));
                file.find(finding.location.line, &finding.check).cloned()
            });
            let baseline = context
                .baseline
                .map(|b| if b.contains(&fingerprint) { BaselineState::Unchanged } else { BaselineState::New });
            reported.push(ReportedFinding { finding, path, fingerprint, suppression, baseline });
        }
        let mut problems = problems;
        problems.extend(unknown_suppression_ids(&suppressions, sources));
        let active: Vec<Finding> = reported.iter().filter(|r| r.is_active()).map(|r| r.finding.clone()).collect();
        let mut summary = Summary::new(&active, context.units_analysed, context.units_failed, context.millis);
        summary.suppressed = reported.iter().filter(|r| r.suppression.is_some()).count();
        summary.baseline_unchanged =
            reported.iter().filter(|r| r.suppression.is_none() && r.baseline == Some(BaselineState::Unchanged)).count();
        Report { findings: reported, problems, summary }
    }

    /// The findings that are reported (neither suppressed nor in the baseline).
    pub fn active(&self) -> Vec<Finding> {
        self.findings.iter().filter(|r| r.is_active()).map(|r| r.finding.clone()).collect()
    }

    /// Warns about unknown ids in the suppression comments of `files` (the sources the analysed
    /// units read) that have no finding: [`Report::new`] looks only at files with findings, and
    /// a misspelt id in a file that is clean today would silence nothing tomorrow. Only files
    /// inside `project_root` are read (no system or third-party header outside it).
    pub fn warn_unknown_suppressions(&mut self, files: &[PathBuf], project_root: &Path, sources: &mut Sources) {
        let with_findings: std::collections::HashSet<usize> = self.findings.iter().filter_map(|r| sources.id(&r.finding.location.file)).collect();
        let mut parsed: HashMap<usize, Suppressions> = HashMap::new();
        for file in files {
            if !matches!(ProjectPath::new(file, project_root), ProjectPath::Relative(_)) {
                continue;
            }
            let Some(id) = sources.id(file) else { continue };
            if !with_findings.contains(&id) && !parsed.contains_key(&id) {
                parsed.insert(id, Suppressions::parse(sources.contents(id).unwrap_or("")));
            }
        }
        self.problems.extend(unknown_suppression_ids(&parsed, sources));
    }
}

/// Whether a suppression comment's id names a check or a family of the catalogue.
fn is_known_check(id: &str) -> bool {
    goanna_checks::catalogue().checks().iter().any(|c| c.id == id || c.family() == id)
}

/// A warning for each id that a suppression comment of the given files names and the catalogue
/// does not know: such a comment silences nothing, so a misspelt id must not pass unnoticed.
fn unknown_suppression_ids(suppressions: &HashMap<usize, Suppressions>, sources: &Sources) -> Vec<Problem> {
    let mut files: Vec<(&usize, &Suppressions)> = suppressions.iter().collect();
    files.sort_by_key(|(id, _)| sources.name(**id));
    let mut out = Vec::new();
    for (id, file) in files {
        for (line, check) in file.unknown_ids(&is_known_check) {
            out.push(Problem {
                file: PathBuf::from(sources.name(*id)),
                message: format!("line {line}: the suppression comment names `{check}`, which is no check or family (see `goanna-rs checks`); it silences nothing"),
                severity: ProblemSeverity::Warning,
                details: Vec::new(),
            });
        }
    }
    out
}
