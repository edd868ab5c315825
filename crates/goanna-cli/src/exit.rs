//! Exit statuses, shared by every subcommand.

/// No findings at or above `--fail-on`, no analysis errors.
pub const SUCCESS: u8 = 0;
/// Findings at or above `--fail-on` (default: warning) were reported.
pub const FINDINGS: u8 = 1;
/// A unit could not be analysed (or an artefact was refused), no unit was analysed at all, or
/// the command line was wrong.
pub const USAGE_ERROR: u8 = 2;

/// Text for `--help`.
pub const EXIT_STATUS_HELP: &str = "Exit status:\n  0  no findings at or above --fail-on (default: warning) and no analysis errors\n  1  findings at or above --fail-on were reported (suppressed findings and findings\n     in the --baseline do not count)\n  2  analysis errors (a unit could not be read, parsed or analysed, an artefact\n     was refused; not with --no-fail-on-unparsable), no unit analysed at all, or a\n     usage error (bad option, unknown check, bad goanna.toml, unusable baseline,\n     unwritable output); takes precedence over 1";
