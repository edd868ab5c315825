//! Parallel analysis of many units.

use crate::unit::{analyse_unit, AnalysisOptions, UnitOutcome, UnitSpec};
use goanna_checks::{Finding, Problem};
use rayon::prelude::*;
use std::path::Path;

/// Everything a scan found.
#[derive(Clone, Debug, Default)]
pub struct ScanOutcome {
    /// Findings, sorted by file, line, column and check, without duplicates (a function defined
    /// in a header and analysed in several units is reported once).
    pub findings: Vec<Finding>,
    /// Problems with the analysis, in unit order.
    pub problems: Vec<Problem>,
    /// Units analysed.
    pub units_analysed: usize,
    /// Units that failed.
    pub units_failed: usize,
}

/// Analyses `units` in parallel. `on_done` is called (from worker threads) after each unit with
/// the unit's path, e.g. to advance a progress bar.
pub fn scan(units: &[UnitSpec], options: &AnalysisOptions, on_done: &(dyn Fn(&Path) + Sync)) -> ScanOutcome {
    let outcomes: Vec<UnitOutcome> = units
        .par_iter()
        .map(|unit| {
            let outcome = analyse_unit(unit, options);
            on_done(&unit.path);
            outcome
        })
        .collect();
    let mut scan = ScanOutcome::default();
    for outcome in outcomes {
        if outcome.analysed {
            scan.units_analysed += 1;
        } else {
            scan.units_failed += 1;
        }
        scan.findings.extend(outcome.findings);
        scan.problems.extend(outcome.problems);
    }
    scan.findings.sort_by(|a, b| {
        (&a.location.file, a.location.line, a.location.column, &a.check, &a.message)
            .cmp(&(&b.location.file, b.location.line, b.location.column, &b.check, &b.message))
    });
    scan.findings.dedup_by(|a, b| a.location == b.location && a.check == b.check && a.message == b.message);
    scan
}
