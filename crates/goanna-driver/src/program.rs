//! The program stage: takes the artefacts of all units, links them, and runs the checks.

use crate::artefact::UnitArtefact;
use crate::unit::AnalysisOptions;
use goanna_checks::program::{self, ModelChecker, ProgramOptions, UnitGraphs};
use goanna_checks::{Finding, Problem};

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
    /// What the refutation stage did (infeasible counterexamples, bound hits).
    pub refutation: goanna_checks::program::RefutationStats,
    /// The source files the analysed units read, system headers left out, each once in unit
    /// order: where suppression comments may be, findings or not.
    pub files: Vec<std::path::PathBuf>,
}

/// Links all units and runs every enabled check (data-flow checks per function, CTL checks on
/// the program's recursive Kripke structure).
pub fn analyse_program(artefacts: &[UnitArtefact], options: &AnalysisOptions) -> ProgramOutcome {
    let units: Vec<UnitGraphs<'_>> = artefacts.iter().map(|a| UnitGraphs { files: &a.files, cfgs: &a.cfgs, address_taken: &a.address_taken }).collect();
    let enabled = |spec: &goanna_checks::CheckSpec| options.is_enabled(spec);
    let program_options = ProgramOptions {
        enabled: &enabled,
        max_nodes_per_function: options.max_nodes_per_function,
        function_budget: options.function_budget,
    };
    let (findings, problems, refutation) = program::analyse(&units, &ModelChecker, &program_options);
    let mut outcome = ProgramOutcome { findings, refutation, ..ProgramOutcome::default() };
    for artefact in artefacts {
        if artefact.analysed {
            outcome.units_analysed += 1;
        } else {
            outcome.units_failed += 1;
        }
        outcome.problems.extend(artefact.problems.iter().cloned());
        outcome.files.extend(artefact.files.iter().filter(|f| !f.is_system).map(|f| f.path.clone()));
    }
    let mut seen = std::collections::HashSet::new();
    outcome.files.retain(|f| seen.insert(f.clone()));
    outcome.problems.extend(problems);
    outcome
}

