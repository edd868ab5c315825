//! The driver: finds the translation units to analyse, builds each unit's artefact in
//! isolation (a unit that cannot be read, parsed or analysed becomes a [`Problem`], never an
//! abort), then links the artefacts into one program and runs the checks (design note 9).
//! Each unit's stage can run in a worker process ([`scan_isolated`], [`protocol`]), so that
//! not even a crash in one unit stops the others (design note 12).

mod artefact;
pub mod ccargs;
mod compdb;
mod discover;
mod pool;
pub mod protocol;
mod program;
mod results;
mod scan;
mod unit;
mod validate;

pub use artefact::{normalize, ArtefactError, UnitArtefact, ARTEFACT_FORMAT_VERSION};
pub use compdb::{database_path, load_compile_commands};
pub use discover::{canonical_source, dedupe_units, discover_units, is_source};
pub use goanna_checks::{Finding, Problem, ProblemSeverity};
pub use program::{analyse_program, ProgramOutcome};
pub use results::{
    content_hash, hash_args, read_regular_file, top_directory, Reanalysis, Refused, write_atomically, InputFile, InputRecord, Loaded, ResultsDir, ResultsError, DEFAULT_RESULTS_DIR_NAME,
    RESULTS_FORMAT_VERSION,
};
pub use pool::{build_artefacts_isolated, describe_exit, signal_name, PoolOptions, WorkerCommand, DEFAULT_UNIT_TIMEOUT};
pub use scan::{scan, scan_isolated};
pub use unit::{analyse_unit, build_artefact, builtin_models, AnalysisOptions, UnitOutcome, UnitSpec};
