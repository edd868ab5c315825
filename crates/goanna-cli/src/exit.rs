//! Exit statuses, shared by every subcommand.

/// No findings at or above `--fail-on`, no analysis errors.
pub const SUCCESS: u8 = 0;
/// Findings at or above `--fail-on` (default: warning) were reported.
pub const FINDINGS: u8 = 1;
/// A unit could not be analysed, or the command line was wrong.
pub const USAGE_ERROR: u8 = 2;

/// Text for `--help`.
pub const EXIT_STATUS_HELP: &str = "Exit status:\n  0  no findings at or above --fail-on (default: warning) and no analysis errors\n  1  findings at or above --fail-on were reported (suppressed findings and findings\n     in the --baseline do not count)\n  2  analysis errors (a unit could not be read, parsed or analysed; not with\n     --no-fail-on-unparsable) or a usage error (bad option, unknown check, bad\n     goanna.toml, unusable baseline, unwritable output); takes precedence over 1";
