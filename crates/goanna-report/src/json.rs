//! The JSON report: `{"version", "findings": [...], "errors": [...], "summary": {...}}`.
//!
//! The field names of findings (`check`, `cwe`, `severity`, `file`, `line`, `column`,
//! `function`, `message`) and of errors (`file`, `message`) are stable: tools read them.

use crate::{Report, ReportedFinding, Summary};
use goanna_checks::{Finding, Problem};
use serde_json::{json, Value};

/// Version of the JSON shape; bumped only when a stable field changes meaning.
pub const JSON_FORMAT_VERSION: u32 = 1;

fn finding_json(finding: &Finding) -> Value {
    let path: Vec<Value> = finding
        .path
        .iter()
        .map(|step| {
            let mut value = json!({
                "file": step.location.file.display().to_string(),
                "line": step.location.line,
                "column": step.location.column,
                "message": step.message,
            });
            // Only in a shortened path: how many steps were left out before this one.
            if step.omitted_before > 0 {
                value["omitted_before"] = json!(step.omitted_before);
            }
            value
        })
        .collect();
    json!({
        "check": finding.check,
        "cwe": finding.cwe,
        "severity": finding.severity.as_str(),
        "file": finding.location.file.display().to_string(),
        "line": finding.location.line,
        "column": finding.location.column,
        "end_line": finding.location.end_line,
        "end_column": finding.location.end_column,
        "function": finding.function,
        "message": finding.message,
        "path": path,
    })
}

fn problem_json(problem: &Problem) -> Value {
    json!({
        "file": problem.file.display().to_string(),
        "message": problem.message,
        "severity": problem.severity,
        "details": problem.details,
    })
}

fn reported_json(reported: &ReportedFinding) -> Value {
    let mut value = finding_json(&reported.finding);
    value["fingerprint"] = json!(reported.fingerprint);
    if let Some(state) = reported.baseline {
        value["baseline_state"] = json!(state.as_str());
    }
    if let Some(suppression) = &reported.suppression {
        value["suppressed"] = json!(true);
        value["suppression"] = json!(suppression.text);
    }
    value
}

/// The report as a JSON value: `findings` holds the reported findings (each with its
/// `fingerprint`, and `baseline_state` when compared with a baseline); findings silenced by an
/// inline comment are listed apart under `suppressed` (each with `"suppressed": true` and the
/// comment as `suppression`); findings already in the baseline are only counted
/// (`summary.baseline_unchanged`).
///
/// The report holds nothing that changes from one run to the next on the same input (no time),
/// so two runs give the same bytes.
pub fn render_json_report(report: &Report) -> Value {
    render_json_report_with(report, false)
}

/// [`render_json_report`], with the analysis time as `summary.millis` when `timings` is set
/// (`--timings`).
pub fn render_json_report_with(report: &Report, timings: bool) -> Value {
    let mut value = json!({
        "version": JSON_FORMAT_VERSION,
        "findings": report.findings.iter().filter(|r| r.is_active()).map(reported_json).collect::<Vec<_>>(),
        "suppressed": report.findings.iter().filter(|r| r.suppression.is_some()).map(reported_json).collect::<Vec<_>>(),
        "errors": report.problems.iter().map(problem_json).collect::<Vec<_>>(),
        "summary": report.summary,
    });
    if timings {
        value["summary"]["millis"] = json!(report.summary.millis);
    }
    value
}

/// The whole report as a JSON value (findings as given, no fingerprints).
pub fn render_json(findings: &[Finding], problems: &[Problem], summary: &Summary) -> Value {
    json!({
        "version": JSON_FORMAT_VERSION,
        "findings": findings.iter().map(finding_json).collect::<Vec<_>>(),
        "errors": problems.iter().map(problem_json).collect::<Vec<_>>(),
        "summary": summary,
    })
}
