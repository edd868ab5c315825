//! Counts for the closing line of a report.

use goanna_checks::{Finding, Problem, ProblemSeverity, Severity};
use serde::Serialize;

/// What a scan did, in numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    /// Units whose analysis completed.
    pub units_analysed: usize,
    /// Units that could not be analysed (unreadable, binary, parse errors, ...).
    pub units_failed: usize,
    /// Findings of severity error.
    pub errors: usize,
    /// Findings of severity warning.
    pub warnings: usize,
    /// Findings of severity note.
    pub notes: usize,
    /// Findings silenced by inline suppression comments (not counted above).
    pub suppressed: usize,
    /// Findings already in the baseline (not counted above).
    pub baseline_unchanged: usize,
    /// Counterexample paths the refutation stage found infeasible (each replaced by a feasible
    /// one, or its violation dropped).
    pub infeasible_paths: usize,
    /// Violations dropped because every counterexample found within the refutation bound was
    /// infeasible.
    pub refutation_bound_hits: usize,
    /// Findings found but not listed in the report (`--max-findings`); the counts above are
    /// of every finding found.
    #[serde(skip_serializing_if = "is_zero")]
    pub left_out: usize,
    /// Wall-clock time of the analysis in milliseconds. Not serialised: a report's JSON is the
    /// same bytes for the same input (the JSON report adds it only when asked, see
    /// [`crate::render_json_report_with`]).
    #[serde(skip)]
    pub millis: u128,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Summary {
    /// Counts findings by severity; units and time come from the caller.
    pub fn new(findings: &[Finding], units_analysed: usize, units_failed: usize, millis: u128) -> Self {
        let count = |s: Severity| findings.iter().filter(|f| f.severity == s).count();
        Summary {
            units_analysed,
            units_failed,
            errors: count(Severity::Error),
            warnings: count(Severity::Warning),
            notes: count(Severity::Note),
            suppressed: 0,
            baseline_unchanged: 0,
            infeasible_paths: 0,
            refutation_bound_hits: 0,
            left_out: 0,
            millis,
        }
    }

    /// Number of problems that mean the analysis is incomplete.
    pub fn error_problems(problems: &[Problem]) -> usize {
        problems.iter().filter(|p| p.severity == ProblemSeverity::Error).count()
    }

    /// The one-line summary printed at the end of a text report.
    pub fn line(&self) -> String {
        let plural = |n: usize, word: &str| if n == 1 { format!("{n} {word}") } else { format!("{n} {word}s") };
        let baseline = if self.baseline_unchanged > 0 {
            format!("; {} unchanged from the baseline", self.baseline_unchanged)
        } else {
            String::new()
        };
        let refuted = match (self.infeasible_paths, self.refutation_bound_hits) {
            (0, 0) => String::new(),
            (n, 0) => format!("; {} refuted", plural(n, "infeasible path")),
            (n, b) => format!("; {} refuted ({b} dropped at the bound)", plural(n, "infeasible path")),
        };
        let left_out = if self.left_out > 0 { format!(" ({} not listed: --max-findings)", self.left_out) } else { String::new() };
        format!(
            "{} analysed, {} failed; {}{left_out}: {}, {}, {}; {} suppressed{baseline}{refuted}; {:.2}s",
            plural(self.units_analysed, "unit"),
            self.units_failed,
            plural(self.errors + self.warnings + self.notes, "finding"),
            plural(self.errors, "error"),
            plural(self.warnings, "warning"),
            plural(self.notes, "note"),
            self.suppressed,
            self.millis as f64 / 1000.0
        )
    }
}
