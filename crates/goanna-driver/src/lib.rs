//! The driver: finds the translation units to analyse, analyses each one in isolation (a unit
//! that cannot be read, parsed or analysed becomes a [`Problem`], never an abort), and runs the
//! units in parallel with rayon.

mod compdb;
mod discover;
mod scan;
mod unit;

pub use compdb::{database_path, load_compile_commands};
pub use discover::{discover_units, is_c_source};
pub use goanna_checks::{Finding, Problem, ProblemSeverity};
pub use scan::{scan, ScanOutcome};
pub use unit::{analyse_unit, builtin_models, AnalysisOptions, UnitOutcome, UnitSpec};
