//! `scan`: the unit stage for every unit, then the program stage in memory.
//!
//! [`scan_isolated`] runs each unit's stage in a worker process (design note 12: a unit is a
//! fault domain); [`scan`] runs them on this process's threads, for tests and library use.

use crate::pool::{build_artefacts_isolated, PoolOptions};
use crate::program::{analyse_program, ProgramOutcome};
use crate::unit::{build_artefact, AnalysisOptions, UnitSpec};
use rayon::prelude::*;
use std::path::Path;

/// Analyses `units` in parallel in this process and links them into one program. `on_done` is
/// called (from worker threads) after each unit's stage with the unit's path, e.g. to advance a
/// progress bar. A panic in a unit is caught, but a crash (stack overflow, a fault in libclang)
/// ends the process: [`scan_isolated`] is the robust path.
pub fn scan(units: &[UnitSpec], options: &AnalysisOptions, on_done: &(dyn Fn(&Path) + Sync)) -> ProgramOutcome {
    let artefacts: Vec<_> = units
        .par_iter()
        .map(|unit| {
            let artefact = build_artefact(unit, options);
            on_done(&unit.path);
            artefact
        })
        .collect();
    analyse_program(&artefacts, options)
}

/// Analyses `units` in worker processes (`pool`) and links their artefacts into one program in
/// this process. A unit whose worker crashes or exceeds the time limit is a failed unit; the
/// findings of every other unit are kept.
pub fn scan_isolated(units: &[UnitSpec], options: &AnalysisOptions, pool: &PoolOptions, on_done: &(dyn Fn(&Path) + Sync)) -> ProgramOutcome {
    let artefacts = build_artefacts_isolated(units, options, pool, on_done);
    analyse_program(&artefacts, options)
}
