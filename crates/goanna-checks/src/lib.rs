//! Checks: turn the labelled control-flow graphs of a unit into [`Finding`]s.
//!
//! The catalogue of declarative CTL checks (`checks/` at the repository root) is decided by the
//! model checker; until a check moves there it may be implemented here directly on the CFG by a
//! plain data-flow fixpoint (see [`intra`]).

mod catalogue;
mod code_scanning;
mod context;
mod finding;
pub mod intra;
pub mod program;
pub mod values;

pub use context::UnitContext;
pub use finding::{shorten_path, Finding, Location, PathStep, Problem, ProblemSeverity, Severity, MAX_KEPT_PATH_STEPS};
pub use code_scanning::{Precision, SecuritySeverity};
pub use catalogue::{builtin_catalogue_errors, catalogue, Catalogue, CatalogueError, CheckDocs, CheckSpec, Engine, Profile};
