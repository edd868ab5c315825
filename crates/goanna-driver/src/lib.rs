//! The driver: finds the translation units to analyse, builds each unit's artefact in
//! isolation (a unit that cannot be read, parsed or analysed becomes a [`Problem`], never an
//! abort), then links the artefacts into one program and runs the checks (design note 9).

mod artefact;
mod compdb;
mod discover;
mod program;
mod scan;
mod unit;

pub use artefact::{ArtefactError, UnitArtefact, ARTEFACT_FORMAT_VERSION};
pub use compdb::{database_path, load_compile_commands};
pub use discover::{discover_units, is_c_source};
pub use goanna_checks::{Finding, Problem, ProblemSeverity};
pub use program::{analyse_program, ProgramOutcome};
pub use scan::scan;
pub use unit::{analyse_unit, build_artefact, builtin_models, AnalysisOptions, UnitOutcome, UnitSpec};
