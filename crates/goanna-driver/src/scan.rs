//! `scan`: the unit stage for every unit in parallel, then the program stage in memory.

use crate::program::{analyse_program, ProgramOutcome};
use crate::unit::{build_artefact, AnalysisOptions, UnitSpec};
use rayon::prelude::*;
use std::path::Path;

/// Analyses `units` in parallel and links them into one program. `on_done` is called (from
/// worker threads) after each unit's stage with the unit's path, e.g. to advance a progress bar.
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
