//! Rendering of findings and analysis problems: readable text through `codespan-reporting`
//! (with the path that leads to each bug as numbered notes), one-line-per-finding text, JSON,
//! SARIF 2.1.0 and a self-contained HTML page; plus what decides which findings a report shows:
//! fingerprints, inline suppressions and baselines.
//!
//! This crate is the output edge of the pipeline: it reads source files only to show snippets
//! and suppression comments, and never decides what is a finding.

pub mod baseline;
pub mod fingerprint;
mod html;
mod json;
mod paths;
mod report;
pub mod sarif;
mod sources;
pub mod suppress;
mod summary;
mod text;

pub use baseline::{Baseline, BaselineError, BaselineState};
pub use codespan_reporting::term::termcolor;
pub use html::render_html;
pub use json::{render_json, render_json_report, render_json_report_with, JSON_FORMAT_VERSION};
pub use paths::{shorten_path, DEFAULT_MAX_PATH_STEPS};
pub use report::{ProjectPath, Report, ReportContext, ReportedFinding};
pub use sarif::{render_sarif, render_sarif_with, SarifLimits, SarifOptions, SarifRendering};
pub use sources::Sources;
pub use summary::Summary;
pub use text::{render_short, render_text};

/// A documentation example as shown to people: the test annotation `// expect: ID` of the
/// catalogue becomes `// <- goanna-rs reports ID here`.
pub fn display_example(code: &str) -> String {
    code.replace("// expect: ", "// <- goanna-rs reports ").lines().map(|line| {
        if line.contains("// <- goanna-rs reports ") { format!("{line} here\n") } else { format!("{line}\n") }
    }).collect()
}
