//! The program stage: takes the artefacts of all units, links them, and runs the checks.

use crate::artefact::UnitArtefact;
use crate::unit::AnalysisOptions;
use goanna_checks::{intra, Finding, Problem, ProblemSeverity, UnitContext};
use rayon::prelude::*;

/// What the program stage found.
#[derive(Clone, Debug, Default)]
pub struct ProgramOutcome {
    /// Findings, sorted by file, line, column and check, without duplicates (a function defined
    /// in a header and compiled into several units is reported once).
    pub findings: Vec<Finding>,
    /// Problems of the unit stage and of the checks, in unit order.
    pub problems: Vec<Problem>,
    /// Units analysed.
    pub units_analysed: usize,
    /// Units that failed.
    pub units_failed: usize,
}

/// Runs the checks over every function of every unit.
pub fn analyse_program(artefacts: &[UnitArtefact], options: &AnalysisOptions) -> ProgramOutcome {
    let per_unit: Vec<(Vec<Finding>, Vec<Problem>)> = artefacts
        .par_iter()
        .map(|artefact| {
            let ctx = UnitContext::new(&artefact.files);
            let mut findings = Vec::new();
            let mut problems = Vec::new();
            for cfg in &artefact.cfgs {
                if cfg.nodes.len() > options.max_nodes_per_function {
                    problems.push(Problem {
                        file: artefact.unit.clone(),
                        message: format!(
                            "function `{}` is too large ({} graph nodes, limit {}); skipped",
                            cfg.name,
                            cfg.nodes.len(),
                            options.max_nodes_per_function
                        ),
                        severity: ProblemSeverity::Warning,
                        details: Vec::new(),
                    });
                    continue;
                }
                findings.extend(intra::run_all(&ctx, cfg, &|check| options.is_enabled(check)));
            }
            (findings, problems)
        })
        .collect();
    let mut outcome = ProgramOutcome::default();
    for (artefact, (findings, problems)) in artefacts.iter().zip(per_unit) {
        if artefact.analysed {
            outcome.units_analysed += 1;
        } else {
            outcome.units_failed += 1;
        }
        outcome.problems.extend(artefact.problems.iter().cloned());
        outcome.problems.extend(problems);
        outcome.findings.extend(findings);
    }
    sort_and_dedup(&mut outcome.findings);
    outcome
}

/// Sorts findings by location and check and drops duplicates of the same bug.
fn sort_and_dedup(findings: &mut Vec<Finding>) {
    findings.sort_by(|a, b| {
        (&a.location.file, a.location.line, a.location.column, &a.check, &a.message)
            .cmp(&(&b.location.file, b.location.line, b.location.column, &b.check, &b.message))
    });
    findings.dedup_by(|a, b| a.location == b.location && a.check == b.check && a.message == b.message);
}
