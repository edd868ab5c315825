//! Human-readable text: full diagnostics with snippets and numbered path notes, or one line per
//! finding (`file:line:col: severity: message [ID]`) for editors.

use crate::{Sources, Summary};
use codespan_reporting::diagnostic::{Diagnostic, Label, Severity as CsSeverity};
use codespan_reporting::term::{self, termcolor::WriteColor, Config};
use goanna_checks::{Finding, Location, Problem, ProblemSeverity, Severity};
use std::io::{self, Write};
use std::ops::Range;

fn codespan_severity(severity: Severity) -> CsSeverity {
    match severity {
        Severity::Error => CsSeverity::Error,
        Severity::Warning => CsSeverity::Warning,
        Severity::Note => CsSeverity::Note,
    }
}

/// A byte range of a location that is valid for the loaded file (clamped; never empty when the
/// file is not empty, so the caret shows).
fn range(sources: &Sources, id: usize, location: &Location) -> Range<usize> {
    let len = sources.len(id);
    let start = (location.start as usize).min(len);
    let end = (location.end as usize).clamp(start, len);
    if end == start && start < len {
        start..start + 1
    } else {
        start..end
    }
}

/// The diagnostic of a finding: the finding's range, and each step of its path as a numbered
/// label. `codespan-reporting` stacks the messages of the labels of one line from the rightmost
/// down to the leftmost, so when a line's steps go rightwards (`free(p); if (c) free(p);`) their
/// messages would read backwards: such steps are labelled with their number only, and their
/// messages follow as notes in path order.
fn finding_diagnostic(sources: &mut Sources, finding: &Finding) -> Option<Diagnostic<usize>> {
    let primary_id = sources.id(&finding.location.file)?;
    let mut labels = vec![Label::primary(primary_id, range(sources, primary_id, &finding.location))];
    let mut notes = Vec::new();
    let ids: Vec<Option<usize>> = finding.path.iter().map(|step| sources.id(&step.location.file)).collect();
    let mut per_line: std::collections::HashMap<(usize, u32), Vec<(u32, usize)>> = std::collections::HashMap::new();
    for (i, (step, id)) in finding.path.iter().zip(&ids).enumerate() {
        if let Some(id) = id {
            per_line.entry((*id, step.location.line)).or_default().push((step.location.start, i));
        }
    }
    let backwards = |steps: &Vec<(u32, usize)>| {
        let mut shown = steps.clone();
        shown.sort_by_key(|&(start, _)| std::cmp::Reverse(start));
        shown.windows(2).any(|w| w[0].0 == w[1].0 || w[0].1 > w[1].1)
    };
    let numbered_only: std::collections::HashSet<(usize, u32)> =
        per_line.iter().filter(|(_, steps)| backwards(steps)).map(|(key, _)| *key).collect();
    for (i, (step, id)) in finding.path.iter().zip(&ids).enumerate() {
        let text = format!("{}. {}", i + 1, step.message);
        let at = format!("{}:{}:{}", step.location.file.display(), step.location.line, step.location.column);
        match id {
            Some(id) if numbered_only.contains(&(*id, step.location.line)) => {
                labels.push(Label::secondary(*id, range(sources, *id, &step.location)).with_message(format!("{}", i + 1)));
                notes.push(format!("{}. {at}: {}", i + 1, step.message));
            }
            Some(id) => labels.push(Label::secondary(*id, range(sources, *id, &step.location)).with_message(text)),
            None => notes.push(format!("{at}: {text}")),
        }
    }
    let mut tail = format!("in function `{}`", finding.function);
    if !finding.cwe.is_empty() {
        let cwes: Vec<String> = finding.cwe.iter().map(|c| format!("CWE-{c}")).collect();
        tail.push_str(&format!("; {}", cwes.join(", ")));
    }
    notes.push(tail);
    Some(
        Diagnostic::new(codespan_severity(finding.severity))
            .with_code(finding.check.clone())
            .with_message(finding.message.clone())
            .with_labels(labels)
            .with_notes(notes),
    )
}

fn short_line(finding: &Finding) -> String {
    format!(
        "{}:{}:{}: {}: {} [{}]",
        finding.location.file.display(),
        finding.location.line,
        finding.location.column,
        finding.severity,
        finding.message,
        finding.check
    )
}

fn problem_lines(problem: &Problem) -> Vec<String> {
    let level = match problem.severity {
        ProblemSeverity::Error => "error",
        ProblemSeverity::Warning => "warning",
    };
    let mut lines = vec![format!("{}: {level}: {}", problem.file.display(), problem.message)];
    lines.extend(problem.details.iter().map(|d| format!("    {d}")));
    lines
}

/// Full text report: every finding with its snippet and path, the analysis problems, a summary.
pub fn render_text(
    out: &mut dyn WriteColor,
    findings: &[Finding],
    problems: &[Problem],
    summary: &Summary,
    sources: &mut Sources,
) -> io::Result<()> {
    let config = Config::default();
    for finding in findings {
        match finding_diagnostic(sources, finding) {
            Some(diagnostic) => {
                if term::emit_to_write_style(out, &config, sources.files(), &diagnostic).is_err() {
                    writeln!(out, "{}", short_line(finding))?;
                }
            }
            None => writeln!(out, "{}", short_line(finding))?,
        }
    }
    for problem in problems {
        for line in problem_lines(problem) {
            writeln!(out, "{line}")?;
        }
    }
    writeln!(out, "{}", summary.line())
}

/// One line per finding and per problem: for editors and grep. The summary is not part of it
/// (the command line prints it on standard error).
pub fn render_short(out: &mut dyn Write, findings: &[Finding], problems: &[Problem]) -> io::Result<()> {
    for finding in findings {
        writeln!(out, "{}", short_line(finding))?;
    }
    for problem in problems {
        for line in problem_lines(problem) {
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use codespan_reporting::term::termcolor::Buffer;
    use goanna_checks::PathStep;
    use std::path::PathBuf;

    fn location(line: u32, column: u32, start: u32, end: u32) -> Location {
        Location { file: PathBuf::from("demo.c"), line, column, end_line: line, end_column: column + (end - start), start, end }
    }

    #[test]
    fn text_shows_snippet_and_numbered_path() {
        let source = "int f(void) {\n  int x;\n  return x;\n}\n";
        let mut sources = Sources::new();
        sources.insert(&PathBuf::from("demo.c"), source.to_string());
        let use_at = source.find("x;\n}").unwrap() as u32;
        let decl_at = source.find("x;").unwrap() as u32;
        let finding = Finding {
            check: "SPC-uninit-var-all".into(),
            cwe: vec![457],
            severity: Severity::Error,
            location: location(3, 10, use_at, use_at + 1),
            function: "f".into(),
            message: "`x` is used uninitialised".into(),
            path: vec![
                PathStep::new(location(2, 7, decl_at, decl_at + 1), "declared here"),
                PathStep::new(location(3, 10, use_at, use_at + 1), "read here"),
            ],
        };
        let summary = Summary::new(std::slice::from_ref(&finding), 1, 0, 0);
        let mut buffer = Buffer::no_color();
        render_text(&mut buffer, &[finding], &[], &summary, &mut sources).unwrap();
        let text = String::from_utf8(buffer.into_inner()).unwrap();
        insta::assert_snapshot!(text);
    }

    #[test]
    fn steps_on_one_line_are_listed_in_path_order() {
        let source = "void f(int c) { free(p); if (c) free(p); }\n";
        let mut sources = Sources::new();
        sources.insert(&PathBuf::from("demo.c"), source.to_string());
        let first = source.find("free").unwrap() as u32;
        let branch = source.find("if").unwrap() as u32;
        let second = source.rfind("free").unwrap() as u32;
        let step = |at: u32, message: &str| PathStep::new(location(1, at + 1, at, at + 4), message);
        let finding = Finding {
            check: "MEM-double-free-some".into(),
            cwe: vec![415],
            severity: Severity::Warning,
            location: location(1, second + 1, second, second + 4),
            function: "f".into(),
            message: "`p` may be freed twice".into(),
            path: vec![step(first, "`p` is freed"), step(branch, "taking the true branch"), step(second, "`p` is freed again")],
        };
        let summary = Summary::new(std::slice::from_ref(&finding), 1, 0, 0);
        let mut buffer = Buffer::no_color();
        render_text(&mut buffer, &[finding], &[], &summary, &mut sources).unwrap();
        let text = String::from_utf8(buffer.into_inner()).unwrap();
        let order: Vec<usize> = ["1. demo.c:1:17: `p` is freed", "2. demo.c:1:26: taking the true branch", "3. demo.c:1:33: `p` is freed again"]
            .iter()
            .map(|note| text.find(note).unwrap_or_else(|| panic!("no `{note}` in\n{text}")))
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "steps out of order:\n{text}");
    }
}
