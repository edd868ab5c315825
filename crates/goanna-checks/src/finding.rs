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
    /// An informative step, kept when a long path is shortened for a report: an event the
    /// check's formula names (`p` is freed, `x` is read), a call that does not return, or a
    /// branch decision the path cannot reach the finding without (the branch dominates it).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub key: bool,
    /// Steps of the whole path left out just before this one when the path was shortened.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub omitted_before: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl PathStep {
    /// An ordinary step (a branch the path happens to take, a call entered).
    pub fn new(location: Location, message: impl Into<String>) -> Self {
        PathStep { location, message: message.into(), key: false, omitted_before: 0 }
    }

    /// An informative step (see [`PathStep::key`]).
    pub fn event(location: Location, message: impl Into<String>) -> Self {
        PathStep { key: true, ..PathStep::new(location, message) }
    }

    /// This step, informative when `key`.
    pub fn key_if(mut self, key: bool) -> Self {
        self.key |= key;
        self
    }
}

/// `path` shortened to at most `max` steps (never fewer than two): its first and last steps,
/// then its informative steps ([`PathStep::key`]: the events the check's formula names and
/// the branches the finding cannot be reached without) — from both ends inwards when there are
/// more than fit —, then the other steps nearest the last one. A step after a gap says how many
/// steps of the whole path were left out there (in [`PathStep::omitted_before`] and at the start
/// of its message), also when `path` was shortened before. Returns the path and the number of
/// steps of `path` left out.
pub fn shorten_path(path: &[PathStep], max: usize) -> (Vec<PathStep>, usize) {
    let len = path.len();
    let max = max.max(2);
    if len <= max {
        return (path.to_vec(), 0);
    }
    let mut keep = vec![false; len];
    keep[0] = true;
    keep[len - 1] = true;
    let mut room = max - 2;
    let inner = 1..len - 1;
    let keys: Vec<usize> = inner.clone().filter(|&i| path[i].key).collect();
    // Alternately the earliest and the latest informative step not yet kept.
    let (mut front, mut back) = (0usize, keys.len());
    while room > 0 && front < back {
        keep[keys[front]] = true;
        front += 1;
        room -= 1;
        if room > 0 && front < back {
            back -= 1;
            keep[keys[back]] = true;
            room -= 1;
        }
    }
    for i in inner.rev() {
        if room == 0 {
            break;
        }
        if !keep[i] {
            keep[i] = true;
            room -= 1;
        }
    }
    let mut out = Vec::with_capacity(max);
    let mut gap = 0;
    for (step, kept) in path.iter().zip(keep) {
        if !kept {
            // With the steps an earlier shortening left out before it.
            gap += 1 + step.omitted_before;
            continue;
        }
        let mut step = step.clone();
        if gap > 0 {
            // A step after a gap of an earlier shortening says both gaps at once.
            let earlier = format!("({} steps left out) ", step.omitted_before);
            let message = step.message.strip_prefix(&earlier).filter(|_| step.omitted_before > 0).unwrap_or(&step.message).to_string();
            step.omitted_before += gap;
            step.message = format!("({} steps left out) {message}", step.omitted_before);
            gap = 0;
        }
        out.push(step);
    }
    (out, len - max)
}

/// Most steps of a path a finding keeps (its informative ones, see [`shorten_path`]): the
/// analysis bounds the memory a finding takes; reports shorten further (`--max-path-steps`).
/// GitHub code scanning shows no more steps than this either.
pub const MAX_KEPT_PATH_STEPS: usize = 1000;

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
