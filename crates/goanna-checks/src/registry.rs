//! Metadata of the checks implemented in this crate.

use crate::Severity;

/// Static description of a check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckInfo {
    /// Id in C-STAT style, e.g. `RED-dead`.
    pub id: &'static str,
    /// One-line title.
    pub title: &'static str,
    /// CWE ids.
    pub cwe: &'static [u32],
    /// Default severity.
    pub severity: Severity,
}

/// `RED-dead`: code that no path from the function's entry reaches.
pub const RED_DEAD: CheckInfo = CheckInfo {
    id: "RED-dead",
    title: "Unreachable code",
    cwe: &[561],
    severity: Severity::Note,
};

/// `SPC-uninit-var-all`: a local variable read before it is written, on every path.
pub const SPC_UNINIT_VAR_ALL: CheckInfo = CheckInfo {
    id: "SPC-uninit-var-all",
    title: "Variable used uninitialised on all paths",
    cwe: &[457],
    severity: Severity::Error,
};

/// Every check this crate implements.
pub fn builtin_checks() -> &'static [CheckInfo] {
    &[RED_DEAD, SPC_UNINIT_VAR_ALL]
}
