//! Exit statuses, shared by every subcommand.

/// No findings, no analysis errors.
pub const SUCCESS: u8 = 0;
/// Findings were reported.
pub const FINDINGS: u8 = 1;
/// A unit could not be analysed, or the command line was wrong.
pub const USAGE_ERROR: u8 = 2;

/// Text for `--help`.
pub const EXIT_STATUS_HELP: &str = "Exit status:\n  0  no findings and no analysis errors\n  1  findings were reported\n  2  analysis errors (a unit could not be read, parsed or analysed) or a usage error;\n     takes precedence over 1";
