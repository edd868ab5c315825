//! Findings: what a check reports, with the path that shows it.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::PathBuf;

/// How serious a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Style or redundancy: worth a look, rarely a bug by itself.
    Note,
    /// Likely a bug on some path.
    Warning,
    /// A bug on every path that reaches the location.
    Error,
}

impl Severity {
    /// Lower-case name as used in reports (`note`, `warning`, `error`).
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A resolved source location: file path plus byte range and 1-based line/column.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Location {
    /// The file as the compiler named it.
    pub file: PathBuf,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// 1-based line of the end.
    pub end_line: u32,
    /// 1-based column of the end (exclusive).
    pub end_column: u32,
    /// Byte offset of the start.
    pub start: u32,
    /// Byte offset of the end (exclusive).
    pub end: u32,
}

/// One step of the path that leads to a finding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PathStep {
    /// Where the step is.
    pub location: Location,
    /// What happens there ("`x` declared without a value", "taking the false branch", ...).
    pub message: String,
}

/// A problem found by a check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    /// Check id, e.g. `MEM-leak`.
    pub check: String,
    /// CWE ids the check maps to.
    pub cwe: Vec<u32>,
    /// Severity.
    pub severity: Severity,
    /// The primary location.
    pub location: Location,
    /// The function it was found in.
    pub function: String,
    /// Human-readable message.
    pub message: String,
    /// The path that leads to the problem, in execution order (may be empty).
    pub path: Vec<PathStep>,
}

/// How bad a problem with the analysis itself is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProblemSeverity {
    /// Worth knowing, the analysis is complete (e.g. an empty file).
    Warning,
    /// A unit (or part of it) could not be analysed.
    Error,
}

/// A problem with the analysis of a unit (not a finding in the code): a file that cannot be
/// read or parsed, a binary file, a missing libclang, a timeout.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Problem {
    /// The file concerned.
    pub file: PathBuf,
    /// What went wrong, for a person.
    pub message: String,
    /// Whether the unit's analysis is incomplete.
    pub severity: ProblemSeverity,
    /// Compiler diagnostics behind the problem, each `line:col: message`.
    pub details: Vec<String>,
}
