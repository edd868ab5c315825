//! The whole program stage: link, summarise, run the data-flow and CTL checks, merge.

use super::decide::Decide;
use super::engine::{run_checks, CtlCheck};
use super::link::{FnIndex, Program, UnitGraphs};
use super::summary::summarise_program;
use super::template::Template;
use crate::catalogue::{catalogue, CheckSpec, Engine};
use crate::{intra, Finding, Problem, ProblemSeverity, UnitContext};
use rayon::prelude::*;
use std::collections::HashSet;

/// Options of the program stage.
pub struct ProgramOptions<'a> {
    /// Which checks run.
    pub enabled: &'a (dyn Fn(&CheckSpec) -> bool + Sync),
    /// Functions whose graph has more nodes than this are skipped with a warning.
    pub max_nodes_per_function: usize,
    /// Time the CTL checks may spend on one function before the rest of its checks are skipped
    /// with a warning.
    pub function_budget: std::time::Duration,
}

/// Runs every enabled check on the linked program. Findings are sorted and deduplicated.
pub fn analyse<'a>(units: &'a [UnitGraphs<'a>], decide: &dyn Decide, options: &ProgramOptions<'_>) -> (Vec<Finding>, Vec<Problem>) {
    let mut problems = Vec::new();
    // Functions too large to analyse are left out of the program (their callers see them as
    // unknown functions).
    for unit in units {
        for cfg in unit.cfgs {
            if cfg.nodes.len() > options.max_nodes_per_function {
                let ctx = UnitContext::new(unit.files);
                problems.push(Problem {
                    file: ctx.location(cfg.span).file,
                    message: format!(
                        "function `{}` is too large ({} graph nodes, limit {}); skipped",
                        cfg.name,
                        cfg.nodes.len(),
                        options.max_nodes_per_function
                    ),
                    severity: ProblemSeverity::Warning,
                    details: Vec::new(),
                });
            }
        }
    }
    let small = |cfg: &goanna_cfg::Cfg| cfg.nodes.len() <= options.max_nodes_per_function;
    // The value analysis refines every graph first: conditions it decides lose their
    // impossible edge for every check below.
    let refined = crate::values::refine_program(units, options.max_nodes_per_function);
    let refined_units: Vec<UnitGraphs<'_>> =
        units.iter().zip(&refined.cfgs).map(|(u, cfgs)| UnitGraphs { files: u.files, cfgs: cfgs.as_deref().unwrap_or(u.cfgs) }).collect();
    let units: &[UnitGraphs<'_>] = &refined_units;

    let checks: Vec<CtlCheck<'_>> = catalogue()
        .checks()
        .iter()
        .filter(|spec| spec.engine == Engine::Ctl && (options.enabled)(spec))
        .filter_map(|spec| Template::from_spec(spec).ok().map(|template| CtlCheck { spec, template }))
        .collect();
    // Unreachable code is reported once the program is linked, when it is known which callees
    // never return; without linking, from the graph alone.
    let red_dead = catalogue().get("RED-dead").filter(|spec| (options.enabled)(spec));
    let link = (!checks.is_empty() || red_dead.is_some()) && units.iter().any(|u| !u.cfgs.is_empty());
    let per_graph = |spec: &CheckSpec| (options.enabled)(spec) && !(link && spec.id == "RED-dead");

    let mut findings: Vec<Finding> = units
        .par_iter()
        .flat_map_iter(|unit| {
            let ctx = UnitContext::new(unit.files);
            unit.cfgs
                .iter()
                .filter(|cfg| small(cfg))
                .flat_map(|cfg| intra::run_all(&ctx, cfg, &per_graph))
                .collect::<Vec<_>>()
        })
        .collect();

    if link {
        let program = Program::link(units, options.max_nodes_per_function);
        let behaviours = super::behaviour::behaviours(&program);
        if let Some(spec) = red_dead {
            let dead: Vec<Finding> = (0..program.functions.len() as FnIndex)
                .into_par_iter()
                .flat_map_iter(|f| {
                    let r = program.functions[f as usize];
                    let mut cut = refined.decided[r.unit as usize][r.cfg as usize].clone();
                    cut.sort_unstable();
                    let live = super::behaviour::live_nodes_cut(&program, f, &behaviours, &cut);
                    intra::unreachable_code_with(&UnitContext::new(program.files(f)), program.cfg(f), spec, &live)
                })
                .collect();
            findings.extend(dead);
        }
        if checks.is_empty() {
            apply_precedence(&mut findings);
            sort_and_dedup(&mut findings);
            return (findings, problems);
        }
        match summarise_program(&program, &behaviours, decide) {
            Ok((_, effects)) => {
                let analysis = super::engine::Analysis::new(&program, effects, behaviours);
                let (more, more_problems) = run_checks(&analysis, decide, &checks, options.function_budget);
                findings.extend(more);
                problems.extend(more_problems);
            }
            Err(e) => problems.push(Problem {
                file: Default::default(),
                message: format!("internal error: summaries could not be computed ({e}); CTL checks skipped"),
                severity: ProblemSeverity::Error,
                details: Vec::new(),
            }),
        }
    }
    apply_precedence(&mut findings);
    sort_and_dedup(&mut findings);
    (findings, problems)
}

/// Drops findings of a check at a location where a check it gives way to (`unless`) reports.
fn apply_precedence(findings: &mut Vec<Finding>) {
    let at: HashSet<(String, crate::Location)> = findings.iter().map(|f| (f.check.clone(), f.location.clone())).collect();
    findings.retain(|f| {
        let Some(spec) = catalogue().get(&f.check) else { return true };
        !spec.unless.iter().any(|other| at.contains(&(other.clone(), f.location.clone())))
    });
}

/// Sorts findings by location and check and drops duplicates of the same bug.
fn sort_and_dedup(findings: &mut Vec<Finding>) {
    findings.sort_by(|a, b| {
        (&a.location.file, a.location.line, a.location.column, &a.check, &a.message)
            .cmp(&(&b.location.file, b.location.line, b.location.column, &b.check, &b.message))
    });
    findings.dedup_by(|a, b| a.location == b.location && a.check == b.check && a.message == b.message);
}
