//! The HTML report: one self-contained page (inline CSS and JavaScript, no network) listing the
//! findings, with filters by check and file, and for the selected finding the source of every
//! file its path passes through, each step marked on its line.
//!
//! `index.html#finding-N` opens finding `N` (1-based, in report order).

use crate::report::{ProjectPath, Report};
use crate::Sources;
use serde_json::{json, Map, Value};
use std::path::Path;

const TEMPLATE: &str = include_str!("html_template.html");

/// Files larger than this are not embedded (the steps are still listed).
const MAX_EMBEDDED_FILE: usize = 4 << 20;

/// JSON that is safe inside a `<script>` element: no `<`, `>` or `&` appear literally.
fn script_safe(value: &Value) -> String {
    let text = value.to_string();
    text.replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

/// The page for a report. Shows active and suppressed findings (suppressed ones behind a
/// filter); findings already in the baseline are left out.
pub fn render_html(report: &Report, project_root: &Path, sources: &mut Sources) -> String {
    let mut files = Map::new();
    let mut embed = |file: &Path, name: &str, sources: &mut Sources| {
        if files.contains_key(name) {
            return;
        }
        let contents = sources
            .id(file)
            .and_then(|id| sources.contents(id))
            .filter(|c| c.len() <= MAX_EMBEDDED_FILE)
            .map(|c| Value::String(c.to_string()))
            .unwrap_or(Value::Null);
        files.insert(name.to_string(), contents);
    };
    let mut findings = Vec::new();
    for (i, reported) in report.findings.iter().enumerate() {
        if !reported.is_active() && reported.suppression.is_none() {
            continue;
        }
        let finding = &reported.finding;
        let file = reported.path.as_text();
        embed(&finding.location.file, &file, sources);
        let steps: Vec<Value> = finding
            .path
            .iter()
            .map(|step| {
                let name = ProjectPath::new(&step.location.file, project_root).as_text();
                embed(&step.location.file, &name, sources);
                json!({"file": name, "line": step.location.line, "column": step.location.column, "message": step.message})
            })
            .collect();
        findings.push(json!({
            "index": i + 1,
            "check": finding.check,
            "severity": finding.severity.as_str(),
            "message": finding.message,
            "file": file,
            "line": finding.location.line,
            "column": finding.location.column,
            "function": finding.function,
            "cwe": finding.cwe,
            "suppressed": reported.suppression.as_ref().map(|s| s.text.clone()),
            "steps": steps,
        }));
    }
    let problems: Vec<Value> = report
        .problems
        .iter()
        .map(|p| json!({"file": ProjectPath::new(&p.file, project_root).as_text(), "message": p.message}))
        .collect();
    let data = json!({
        "summary_line": report.summary.line(),
        "findings": findings,
        "files": files,
        "problems": problems,
    });
    TEMPLATE.replace("{{DATA}}", &script_safe(&data))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_safe_json_cannot_close_the_script_element() {
        let text = script_safe(&json!({"a": "</script><b>&"}));
        assert!(!text.contains('<') && !text.contains('>') && !text.contains('&'), "{text}");
        let back: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back["a"], "</script><b>&");
    }
}
