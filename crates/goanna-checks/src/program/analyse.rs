//! The whole program stage: link, summarise, run the data-flow and CTL checks, merge.

use super::decide::Decide;
use super::engine::{run_checks, CtlCheck, RefutationStats};
use super::link::{FnIndex, Program, UnitGraphs};
use super::rks::CallEffects;
use super::summary::summarise_program;
use super::template::Template;
use crate::catalogue::{catalogue, CheckSpec, Engine};
use crate::{intra, Finding, Problem, ProblemSeverity, UnitContext};
use goanna_mc::Deadline;
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
/// Also returns what the refutation stage did.
pub fn analyse<'a>(units: &'a [UnitGraphs<'a>], decide: &dyn Decide, options: &ProgramOptions<'_>) -> (Vec<Finding>, Vec<Problem>, RefutationStats) {
    let mut problems = Vec::new();
    let mut refutation = RefutationStats::default();
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
    let refined = crate::values::refine_program(units, options.max_nodes_per_function, options.function_budget);
    for &(u, c) in &refined.over_budget {
        let (unit, cfg) = (&units[u], &units[u].cfgs[c]);
        problems.push(Problem {
            file: UnitContext::new(unit.files).location(cfg.span).file,
            message: format!(
                "function `{}` is over its budget of {:.1}s (--function-timeout) in the value analysis: interrupted; its conditions are not decided by values",
                cfg.name,
                options.function_budget.as_secs_f64()
            ),
            severity: ProblemSeverity::Warning,
            details: Vec::new(),
        });
    }
    let refined_units: Vec<UnitGraphs<'_>> =
        units.iter().zip(&refined.cfgs).map(|(u, cfgs)| UnitGraphs { files: u.files, cfgs: cfgs.as_deref().unwrap_or(u.cfgs), address_taken: u.address_taken }).collect();
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
    // The uninitialised-read checks run once callee summaries are known, when they will be.
    let uninit_linked = link && !checks.is_empty();
    let per_graph = |spec: &CheckSpec| {
        (options.enabled)(spec)
            && !(link && spec.id == "RED-dead")
            && !(uninit_linked && intra::UNINIT_CHECKS.contains(&spec.id.as_str()))
    };

    let per_unit: Vec<(Vec<Finding>, Vec<Problem>)> = units
        .par_iter()
        .map(|unit| {
            let ctx = UnitContext::new(unit.files);
            let mut found = Vec::new();
            let mut late = Vec::new();
            for cfg in unit.cfgs.iter().filter(|cfg| small(cfg)) {
                let (more, outcome) = intra::run_all(&ctx, cfg, &per_graph, &Deadline::for_budget(options.function_budget));
                found.extend(more);
                if outcome.is_err() {
                    late.push(uninit_over_budget(&ctx, cfg, options.function_budget));
                }
            }
            // Variables with internal linkage: every access is in this unit's graphs.
            if let Some(spec) = catalogue().get("RED-unused-static").filter(|spec| (options.enabled)(spec)) {
                found.extend(intra::unused_statics(&ctx, unit.cfgs, spec));
            }
            (found, late)
        })
        .collect();
    let mut findings = Vec::new();
    for (found, late) in per_unit {
        findings.extend(found);
        problems.extend(late);
    }

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
            return (findings, problems, refutation);
        }
        match summarise_program(&program, &behaviours, decide) {
            Ok(summarised) => {
                let mut effects = summarised.effects;
                let mut models = summarised.models;
                let summaries = summarised.summaries;
                // Lock wrappers lock or unlock at their call sites; those callers' models
                // were built without it.
                for f in super::locks::add_lock_effects(&program, &behaviours, &mut effects) {
                    if let Some(model) = models.get_mut(f as usize) {
                        *model = None;
                    }
                }
                let specs = intra::uninit_specs(&|s| (options.enabled)(s));
                let address_only: Vec<Vec<bool>> = (0..program.functions.len() as FnIndex).into_par_iter().map(|f| intra::address_only_params(program.cfg(f))).collect();
                let reads: Vec<(Vec<intra::CallerRead>, Vec<Option<u64>>)> = (0..program.functions.len() as FnIndex)
                    .into_par_iter()
                    .map(|f| {
                        let cfg = program.cfg(f);
                        let remote = |n: goanna_cfg::NodeId| intra::CalleeEffects { address_only: address_only_args(&program, f, n, &address_only), ..Default::default() };
                        (intra::caller_reads(&UnitContext::new(program.files(f)), cfg, &remote), intra::caller_writes(cfg))
                    })
                    .collect();
                let uninit: Vec<Result<Vec<Finding>, Problem>> = (0..program.functions.len() as FnIndex)
                    .into_par_iter()
                    .map(|f| {
                        let extra = |n: goanna_cfg::NodeId| effects.get(&(f, n)).cloned().unwrap_or_default();
                        let remote = |n: goanna_cfg::NodeId| intra::CalleeEffects {
                            address_only: address_only_args(&program, f, n, &address_only),
                            ..remote_reads(&program, f, n, &reads, &effects)
                        };
                        let ctx = UnitContext::new(program.files(f));
                        let deadline = Deadline::for_budget(options.function_budget);
                        intra::uninitialised_on_all_paths(&ctx, program.cfg(f), &specs, &extra, &remote, &deadline)
                            .map_err(|_| uninit_over_budget(&ctx, program.cfg(f), options.function_budget))
                    })
                    .collect();
                for outcome in uninit {
                    match outcome {
                        Ok(found) => findings.extend(found),
                        Err(problem) => problems.push(problem),
                    }
                }
let mut analysis = super::engine::Analysis::new(&program, effects, behaviours);
                analysis.null_only_if_null = summaries.iter().map(|s| s.null_only_if_null.clone()).collect();
                analysis.null_zeroes_out = summaries.iter().map(|s| s.null_zeroes_out.clone()).collect();
                analysis.null_latent = summaries.iter().map(|s| s.null_latent).collect();
                analysis.writes_members = summaries.iter().map(|s| s.writes_members.clone()).collect();
                analysis.rks_hidden = super::summary::global_summary_effects(&program, &summaries);
                let (more, more_problems, stats) = run_checks(&analysis, decide, &checks, models, options.function_budget);
                refutation = stats;
                findings.extend(more);
                problems.extend(more_problems);
            }
            Err(e) => {
                problems.push(Problem {
                    file: Default::default(),
                    message: format!("internal error: summaries could not be computed ({e}); CTL checks skipped"),
                    severity: ProblemSeverity::Error,
                    details: Vec::new(),
                });
                let specs = intra::uninit_specs(&|s| (options.enabled)(s));
                for f in 0..program.functions.len() as FnIndex {
                    let ctx = UnitContext::new(program.files(f));
                    let deadline = Deadline::for_budget(options.function_budget);
                    match intra::uninitialised_on_all_paths(&ctx, program.cfg(f), &specs, &|_| Vec::new(), &|_| intra::CalleeEffects::default(), &deadline) {
                        Ok(found) => findings.extend(found),
                        Err(_) => problems.push(uninit_over_budget(&ctx, program.cfg(f), options.function_budget)),
                    }
                }
            }
        }
    }
    apply_precedence(&mut findings);
    sort_and_dedup(&mut findings);
    (findings, problems, refutation)
}

/// The warning for a function whose uninitialised-read analysis ran out of time.
fn uninit_over_budget(ctx: &UnitContext<'_>, cfg: &goanna_cfg::Cfg, budget: std::time::Duration) -> Problem {
    Problem {
        file: ctx.location(cfg.span).file,
        message: format!(
            "function `{}` is over its budget of {:.1}s (--function-timeout) in the uninitialised-read analysis: interrupted; no SPC-uninit-*-all finding for it",
            cfg.name,
            budget.as_secs_f64()
        ),
        severity: ProblemSeverity::Warning,
        details: Vec::new(),
    }
}

/// The pointers the call at node `n` of `f` passes as pointers to const to parameters its
/// callee only takes the address of ([`intra::address_only_params`]), when nothing else the
/// node evaluates reads through them (no other argument names them, no library call among the
/// arguments).
fn address_only_args(program: &Program<'_>, f: FnIndex, n: goanna_cfg::NodeId, address_only: &[Vec<bool>]) -> Vec<goanna_cfg::PathId> {
    let Some(g) = program.callee_at(f, n) else { return Vec::new() };
    let cfg = program.cfg(f);
    let node = cfg.node(n);
    let goanna_cfg::NodeKind::Call(site) = &node.kind else { return Vec::new() };
    if node.props.iter().filter(|p| p.kind == goanna_cfg::PropKind::Call).count() > 1 {
        return Vec::new();
    }
    let only = address_only.get(g as usize).map_or(&[][..], |v| &v[..]);
    let named_elsewhere = |i: usize, x: goanna_cfg::PathId| {
        let same_root = |a: &Option<goanna_cfg::PathId>| a.is_some_and(|a| cfg.path(a).root == cfg.path(x).root);
        site.args.iter().enumerate().any(|(j, a)| j != i && same_root(a)) || site.address_args.iter().any(same_root)
    };
    site.const_args
        .iter()
        .filter(|&&i| only.get(i).copied().unwrap_or(false))
        .filter_map(|&i| site.args.get(i).copied().flatten().map(|x| (i, x)))
        .filter(|&(i, x)| cfg.path(x).is_variable() && !named_elsewhere(i, x))
        .map(|(_, x)| x)
        .collect()
}

/// What the callee of call node `n` of `f` reads and writes of what the call passes it.
fn remote_reads(
    program: &Program<'_>,
    f: FnIndex,
    n: goanna_cfg::NodeId,
    summaries: &[(Vec<intra::CallerRead>, Vec<Option<u64>>)],
    call_effects: &CallEffects,
) -> intra::CalleeEffects {
    let mut effects = intra::CalleeEffects::default();
    let Some(g) = program.callee_at(f, n) else { return effects };
    let goanna_cfg::NodeKind::Call(site) = &program.cfg(f).node(n).kind else { return effects };
    let Some((list, writes)) = summaries.get(g as usize) else { return effects };
    // Paths passed to parameters the callee writes only at known elements; a path also passed
    // where that is not known is written in full.
    let passed = |i: usize| match site.address_args.get(i).copied().flatten() {
        Some(x) => Some((x, true)),
        None => site.args.get(i).copied().flatten().map(|a| (a, false)),
    };
    let mut precise: Vec<(goanna_cfg::PathId, bool, u64)> = Vec::new();
    let mut unknown: Vec<goanna_cfg::PathId> = Vec::new();
    for i in 0..site.args.len() {
        let Some((p, address)) = passed(i) else { continue };
        match writes.get(i).copied().flatten() {
            Some(mask) => match precise.iter_mut().find(|(q, a, _)| *q == p && *a == address) {
                Some(entry) => entry.2 |= mask,
                None => precise.push((p, address, mask)),
            },
            None => unknown.push(p),
        }
    }
    precise.retain(|(p, _, _)| !unknown.contains(p));
    effects.writes = precise;
    let out = &mut effects.reads;
    let mut reachable: Option<Vec<bool>> = None;
    for r in list {
        // A read the callee makes only for other arguments than these (`if (str == NULL)
        // start = *itr;` given a string known not to be NULL) is not a read of this call.
        let reachable = reachable.get_or_insert_with(|| reachable_for_arguments(program, f, n, g, call_effects));
        if !reachable.get(r.node.index()).copied().unwrap_or(true) {
            continue;
        }
        let (target, address) = match (site.address_args.get(r.param).copied().flatten(), site.args.get(r.param).copied().flatten()) {
            (Some(x), _) if r.steps.is_empty() => (x, true),
            (_, Some(a)) => (a, false),
            _ => continue,
        };
        out.push(intra::RemoteRead {
            target,
            address,
            steps: r.steps.clone(),
            index: r.index,
            callee: program.cfg(g).name.clone(),
            location: r.location.clone(),
            text: r.text.clone(),
        });
    }
    effects
}

/// The nodes of callee `g` that the call at node `n` of `f` can reach, given what the caller
/// knows of its pointer arguments there: a null pointer constant, or a pointer every path to
/// the call found non-NULL (or gave an address). The callee's branches that test a parameter
/// it never assigns contradict such an argument on one side.
fn reachable_for_arguments(program: &Program<'_>, f: FnIndex, n: goanna_cfg::NodeId, g: FnIndex, effects: &CallEffects) -> Vec<bool> {
    use goanna_cfg::{PropKind, Subject};
    let caller = program.cfg(f);
    let callee = program.cfg(g);
    let goanna_cfg::NodeKind::Call(site) = &caller.node(n).kind else { return vec![true; callee.nodes.len()] };
    let assigned = |p: goanna_cfg::PathId| callee.nodes.iter().any(|node| node.props.iter().any(|q| q.kind == PropKind::Def && q.subject == Subject::Path(p)));
    // Per parameter: Some(true) when the argument is not NULL, Some(false) when it is.
    let mut known: Vec<(goanna_cfg::PathId, bool)> = Vec::new();
    for (k, param) in callee.params.iter().enumerate() {
        let Some(p) = *param else { continue };
        if callee.path(p).class != goanna_ast::TypeClass::Pointer || assigned(p) {
            continue;
        }
        let tested = callee.nodes.iter().any(|node| node.props.iter().any(|q| matches!(q.kind, PropKind::NullTest | PropKind::NonNullTest) && q.subject == Subject::Path(p)));
        if !tested {
            continue;
        }
        if site.null_args.contains(&k) {
            known.push((p, false));
        } else if site.address_args.get(k).is_some_and(Option::is_some) {
            known.push((p, true));
        } else if let Some(a) = site.args.get(k).copied().flatten() {
            let nonnull = match caller.path(a).class {
                // An array passed is the address of its first element.
                goanna_ast::TypeClass::Array => true,
                goanna_ast::TypeClass::Pointer => super::nonnull::known_nonnull(caller, f, effects, a).get(n.index()).copied().unwrap_or(false),
                _ => false,
            };
            if nonnull {
                known.push((p, true));
            }
        }
    }
    // Integer parameters passed constants: the branches their values decide
    // (`detect(root, &count, 0, calls)` never enters `for (i = 0; i < ncall; i++)`).
    let constants: Vec<(goanna_cfg::PathId, i64)> = site
        .int_args
        .iter()
        .filter_map(|&(k, v)| callee.params.get(k).copied().flatten().filter(|&p| callee.path(p).class == goanna_ast::TypeClass::Integer).map(|p| (p, v)))
        .collect();
    let by_constants = super::constant_reach::reachable_with_constants(callee, &constants);
    let mut seen = vec![known.is_empty(); callee.nodes.len()];
    if known.is_empty() {
        return by_constants;
    }
    // A branch node that says the opposite of what is known is not entered.
    let contradicts = |node: &goanna_cfg::Node| {
        node.props.iter().any(|q| {
            known.iter().any(|&(p, nonnull)| q.subject == Subject::Path(p) && q.kind == if nonnull { PropKind::NullTest } else { PropKind::NonNullTest })
        })
    };
    let mut work = vec![callee.entry];
    while let Some(x) = work.pop() {
        if seen[x.index()] || contradicts(callee.node(x)) {
            continue;
        }
        seen[x.index()] = true;
        let node = callee.node(x);
        work.extend(node.succs.iter().filter(|e| node.edge_feasible(e)).map(|e| e.target));
    }
    seen.iter().zip(&by_constants).map(|(&a, &b)| a && b).collect()
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
