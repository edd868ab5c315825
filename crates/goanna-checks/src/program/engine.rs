//! Deciding the catalogue's CTL checks and turning violations into findings with their paths.
//!
//! Instances about a function's own variables are decided on the function's own model
//! ([`super::flat`]); instances about globals, whose propositions hold in callees too, on the
//! program's recursive Kripke structure ([`super::rks`]), built only when such instances exist.

use super::behaviour::Behaviour;
use super::decide::Decide;
use super::dominators::Dominators;
use super::flat::{flat_model, EdgeFilter, FlatModel};
use super::link::{FnIndex, Program};
use super::nonnull::known_nonnull;
use super::observer::Observer;
use super::rks::{build_model, CallEffects, ProgramModel};
use super::summarised::SummarisedProgram;
use goanna_feasible::CalleeGraphs as _;
use super::template::{Shape, Template, TemplateAtom};
use crate::catalogue::{CheckSpec, Range};
use crate::{Finding, PathStep, Problem, ProblemSeverity, UnitContext};
use goanna_ast::{Span, TypeClass, VarKind};
use goanna_cfg::{AccessPath, Cfg, NodeId, NodeKind, PathId, Subject};
use goanna_mc::ctl::Formula;
use goanna_mc::{Cancelled, Deadline, Model};
use rayon::prelude::*;
use std::collections::VecDeque;
use std::sync::OnceLock;
use std::time::Duration;

/// Most times one check of one function is decided again after observers excluded the
/// infeasible paths it found; a path still infeasible after that is not reported (a bound hit).
const MAX_REFUTATION_ROUNDS: usize = 6;
/// Work units ([`goanna_mc::deadline::WORK_PER_SECOND`]) a function's budget is charged per
/// resource unit the solver spends refuting its paths: the solver does about 2,000 units a
/// millisecond of an unloaded core.
const WORK_PER_SOLVER_UNIT: u64 = goanna_mc::deadline::WORK_PER_SECOND / 2_000_000;

/// What the refutation stage did (design note 11): counted for the summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RefutationStats {
    /// Counterexample paths given to the solver.
    pub paths: usize,
    /// Paths found infeasible (each excluded by an observer, or dropped at the bound).
    pub infeasible: usize,
    /// Paths the solver could not decide in its time limit (reported).
    pub unknown: usize,
    /// Violations dropped because every counterexample found within the bound was infeasible.
    pub bound_hits: usize,
    /// Paths feasible but not reported: the NULL they start from is a callee's latent one, which
    /// the path does not force ([`goanna_feasible::Feasibility::Latent`]).
    pub latent: usize,
}

impl RefutationStats {
    /// Adds `other`'s counts.
    pub fn add(&mut self, other: RefutationStats) {
        self.paths += other.paths;
        self.infeasible += other.infeasible;
        self.unknown += other.unknown;
        self.bound_hits += other.bound_hits;
        self.latent += other.latent;
    }
}

/// A catalogue check ready to run.
pub struct CtlCheck<'a> {
    /// Its catalogue entry.
    pub spec: &'a CheckSpec,
    /// Its validated template.
    pub template: Template,
}

/// Everything the checks need about the linked program.
pub struct Analysis<'p> {
    /// The program.
    pub program: &'p Program<'p>,
    /// Callee effects on call nodes.
    pub effects: CallEffects,
    /// How each function may end.
    pub behaviours: Vec<Behaviour>,
    /// For each function, the globals it mentions itself (see [`super::behaviour::globals_mentioned`]).
    pub own_globals: Vec<rustc_hash::FxHashSet<String>>,
    /// For each function, the globals its callees mention (see [`super::behaviour::globals_in_callees`]).
    pub callee_globals: Vec<rustc_hash::FxHashSet<String>>,
    /// For each function and parameter: the function returns NULL only after finding that
    /// pointer parameter NULL (from its summary; empty when unknown).
    pub null_only_if_null: Vec<Vec<bool>>,
    /// For each function, per parameter: a NULL result means the integer its caller passed
    /// the address of is 0 (the summaries' `null_zeroes_out`).
    pub null_zeroes_out: Vec<Vec<bool>>,
    /// For each function: every NULL it returns is latent (its summary's `null_latent`; empty
    /// when unknown): a finding that starts from its result needs a path that forces the NULL.
    pub null_latent: Vec<bool>,
    /// For each function, per pointer parameter: the members it may write through it (its
    /// summary's `writes_members`; empty when unknown).
    pub writes_members: Vec<Vec<Option<Vec<String>>>>,
    /// Effects of call nodes that stand for what the callee does to a global it names itself
    /// (`Summary::global_effects`): in the functions' own models they bind the caller's aliases
    /// of the global; the whole-program model leaves them out, since its box of the callee
    /// shows the same events (counted twice, one free would be two).
    pub rks_hidden: rustc_hash::FxHashSet<(FnIndex, NodeId, goanna_cfg::PropKind, PathId)>,
    /// The whole-program model, built on first use.
    rks: OnceLock<Result<ProgramModel, String>>,
    /// Each function's dominator tree, built on first use (which branches of a path are
    /// informative).
    dominators: Vec<OnceLock<Dominators>>,
    /// The atoms about variables of static storage that label some node of the program (they
    /// are the same in every function), computed on first use: instances about globals that
    /// cannot be violated are dropped before the whole-program model is built.
    global_atoms: OnceLock<rustc_hash::FxHashSet<String>>,
}

impl<'p> Analysis<'p> {
    /// An analysis over a summarised program.
    pub fn new(program: &'p Program<'p>, effects: CallEffects, behaviours: Vec<Behaviour>) -> Self {
        let own_globals = super::behaviour::globals_mentioned(program);
        let callee_globals = super::behaviour::globals_in_callees(program, &own_globals);
        Analysis {
            program,
            effects,
            behaviours,
            own_globals,
            callee_globals,
            null_only_if_null: Vec::new(),
            null_zeroes_out: Vec::new(),
            null_latent: Vec::new(),
            writes_members: Vec::new(),
            rks_hidden: rustc_hash::FxHashSet::default(),
            rks: OnceLock::new(),
            global_atoms: OnceLock::new(),
            dominators: (0..program.functions.len()).map(|_| OnceLock::new()).collect(),
        }
    }

    /// The dominator tree of `f`'s graph.
    fn dominators(&self, f: FnIndex) -> &Dominators {
        self.dominators[f as usize].get_or_init(|| Dominators::new(self.program.cfg(f)))
    }

    fn global_atoms(&self) -> &rustc_hash::FxHashSet<String> {
        self.global_atoms.get_or_init(|| {
            let mut atoms = rustc_hash::FxHashSet::default();
            for f in 0..self.program.functions.len() as FnIndex {
                let cfg = self.program.cfg(f);
                let props = cfg.nodes.iter().flat_map(|n| &n.props).filter_map(|p| match p.subject {
                    Subject::Path(id) => Some((p.kind, id)),
                    _ => None,
                });
                let effects = cfg.node_ids().filter_map(|n| self.effects.get(&(f, n))).flatten().copied();
                for (kind, id) in props.chain(effects) {
                    let path = cfg.path(id);
                    if path.root.kind.is_static_storage() {
                        atoms.insert(super::atoms::path_atom(kind, f, id, path));
                    }
                }
            }
            atoms
        })
    }

    fn rks(&self) -> Result<&ProgramModel, &str> {
        self.rks
            .get_or_init(|| {
                if self.rks_hidden.is_empty() {
                    return build_model(self.program, &self.effects, &self.behaviours).map_err(|e| e.to_string());
                }
                let mut effects = self.effects.clone();
                for (&(f, n), props) in effects.iter_mut() {
                    props.retain(|&(k, p)| !self.rks_hidden.contains(&(f, n, k, p)));
                }
                build_model(self.program, &effects, &self.behaviours).map_err(|e| e.to_string())
            })
            .as_ref()
            .map_err(String::as_str)
    }
}

/// One point of a path: a node of a function, or one of its model's sinks, at a call depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Point {
    function: FnIndex,
    node: Option<NodeId>,
    depth: usize,
}

/// The variables a template is instantiated for in one function.
fn instances(cfg: &Cfg, range: Range) -> Vec<Option<PathId>> {
    if range == Range::Function {
        return vec![None];
    }
    cfg.paths
        .iter()
        .enumerate()
        .filter(|(_, p)| range == Range::AnyPath || p.is_variable())
        .filter(|(_, p)| {
            let local = matches!(p.root.kind, VarKind::Local | VarKind::Param);
            match range {
                Range::Local => p.root.kind == VarKind::Local,
                Range::AnyPath => true,
                Range::LocalPointer => local && p.class == TypeClass::Pointer,
                Range::Pointer => p.class == TypeClass::Pointer,
                Range::LocalScalar => {
                    local && matches!(p.class, TypeClass::Integer | TypeClass::Floating | TypeClass::Pointer)
                }
                Range::Variable => true,
                Range::Function => false,
            }
        })
        .map(|(i, _)| Some(PathId(i as u32)))
        .collect()
}

/// Runs the checks on every function of the program.
/// A function whose checks take longer than `budget` has the rest of its checks skipped, with a
/// warning naming it.
/// `models` holds, where known, each function's model with the default edge filter (built by
/// the summary stage), so it is not built twice.
pub fn run_checks(
    analysis: &Analysis<'_>,
    decide: &dyn Decide,
    checks: &[CtlCheck<'_>],
    mut models: Vec<Option<FlatModel>>,
    budget: Duration,
) -> (Vec<Finding>, Vec<Problem>, RefutationStats) {
    models.resize_with(analysis.program.functions.len(), || None);
    let results: Vec<(Vec<Finding>, Vec<Problem>, RefutationStats)> = models
        .into_par_iter()
        .enumerate()
        .map(|(f, model)| check_function(analysis, decide, checks, f as FnIndex, model, budget))
        .collect();
    let mut findings = Vec::new();
    let mut problems = Vec::new();
    let mut stats = RefutationStats::default();
    for (f, p, s) in results {
        findings.extend(f);
        problems.extend(p);
        stats.add(s);
    }
    (findings, problems, stats)
}

fn check_function(
    analysis: &Analysis<'_>,
    decide: &dyn Decide,
    checks: &[CtlCheck<'_>],
    f: FnIndex,
    default_model: Option<FlatModel>,
    budget: Duration,
) -> (Vec<Finding>, Vec<Problem>, RefutationStats) {
    let program = analysis.program;
    let cfg = program.cfg(f);
    // Every loop of the checks below polls it: a check still running when it passes stops.
    let deadline = Deadline::for_budget(budget);
    let mut findings = Vec::new();
    let mut problems = Vec::new();
    let mut stats = RefutationStats::default();
    // Contradictions found on this function's paths hold for every check: shared by all.
    let mut observers: Vec<Observer> = Vec::new();
    let mut models: [Option<FlatModel>; 4] = [None, None, None, None];
    models[EdgeFilter::default().index()] = default_model;
    let feasible = cfg.feasible_reachability();
    for (done, check) in checks.iter().enumerate() {
        let interrupted = deadline.expired() || {
            let ask = Ask { analysis, decide, check, f, feasible: &feasible, deadline: &deadline };
            let mut state = LocalState { models: &mut models, observers: &mut observers, stats: &mut stats, problems: &mut problems };
            check_one(&ask, &mut state, &mut findings).is_err()
        };
        if interrupted {
            problems.push(over_budget(program, f, budget, &checks[done..], deadline.expired(), deadline.work_exhausted()));
            break;
        }
    }
    (findings, problems, stats)
}

/// The warning for a function whose budget ran out: `rest` are the checks it did not finish,
/// the first of them interrupted while running when `running` (else not started); `by_work`:
/// the work limit stopped it, not the time backstop (which a loaded machine reaches sooner).
fn over_budget(program: &Program<'_>, f: FnIndex, budget: Duration, rest: &[CtlCheck<'_>], running: bool, by_work: bool) -> Problem {
    let cfg = program.cfg(f);
    let ctx = UnitContext::new(program.files(f));
    let ids: Vec<&str> = rest.iter().map(|c| c.spec.id.as_str()).collect();
    let what = match (running, ids.split_first()) {
        (true, Some((first, []))) => format!("interrupted `{first}`"),
        (true, Some((first, others))) => format!("interrupted `{first}`; skipped checks: {}", others.join(", ")),
        _ => format!("skipped checks: {}", ids.join(", ")),
    };
    Problem {
        file: ctx.location(cfg.span).file,
        message: format!(
            "function `{}` is over its budget of {:.1}s (--function-timeout){}: {what}; findings confirmed before are kept",
            cfg.name,
            budget.as_secs_f64(),
            if by_work { "" } else { ", stopped by the clock (the machine may be busy: another run may find more)" },
        ),
        severity: ProblemSeverity::Warning,
        details: Vec::new(),
    }
}

/// Decides one check on one function: its instances about the function's own variables on the
/// function's model, the others on the whole-program structure. Findings go to `findings` as
/// they are confirmed; `Err(Cancelled)` when the function's budget ran out meanwhile.
fn check_one(ask: &Ask<'_>, state: &mut LocalState<'_>, findings: &mut Vec<Finding>) -> Result<(), Cancelled> {
    let Ask { analysis, check, f, .. } = *ask;
    let program = analysis.program;
    let cfg = program.cfg(f);
    let vars = instances(cfg, check.template.range);
    // A global that no callee mentions is, inside `f`, as private as a local: its instances
    // are decided on `f`'s own model; the others need the whole-program structure.
    let in_callees = &analysis.callee_globals[f as usize];
    let (global, local): (Vec<_>, Vec<_>) = vars.into_iter().partition(|v| {
        v.is_some_and(|id| {
            let root = &cfg.path(id).root;
            root.kind.is_static_storage() && in_callees.contains(&root.usr)
        })
    });
    let filter = EdgeFilter { forward_only: check.template.forward_only, include_infeasible: check.template.include_infeasible };
    if !local.is_empty() {
        let mut found = Vec::new();
        let outcome = decide_local(ask, filter, local, state, &mut found);
        findings.extend(found.into_iter().map(|(_, finding)| finding));
        outcome?;
    }
    // Only instances that can be violated are worth the whole-program model.
    let global = if global.is_empty() {
        global
    } else {
        let atoms = analysis.global_atoms();
        possible_instances_by(check, f, cfg, &global, &|name, plain| plain || atoms.contains(name))
    };
    if global.is_empty() {
        return Ok(());
    }
    let pm = match analysis.rks() {
        Ok(pm) => pm,
        Err(e) => {
            state.problems.push(internal_problem(program, f, e));
            return Ok(());
        }
    };
    let mut retry = Vec::new();
    check_global(ask, pm, &global, state.stats, &mut retry, findings)?;
    if !retry.is_empty() {
        // The whole-program witness was infeasible: `f`'s own model, with observers, looks for
        // a feasible path to the same violation (callees count by their summaries there).
        let mut vars: Vec<Option<PathId>> = retry.iter().map(|r| r.0).collect();
        vars.dedup();
        let mut again = Vec::new();
        let outcome = decide_local(ask, filter, vars, state, &mut again);
        let before = findings.len();
        findings.extend(again.into_iter().filter(|(key, _)| retry.contains(key)).map(|(_, found)| found));
        outcome?;
        state.stats.bound_hits += retry.len().saturating_sub(findings.len() - before);
    }
    Ok(())
}

/// What deciding one function's local instances updates across checks.
struct LocalState<'m> {
    /// The function's models, one per edge filter.
    models: &'m mut [Option<FlatModel>; 4],
    /// Observers of contradictions found on the function's paths, shared by every check.
    observers: &'m mut Vec<Observer>,
    /// The refutation counts.
    stats: &'m mut RefutationStats,
    /// Problems met.
    problems: &'m mut Vec<Problem>,
}

/// Decides a check's instances about `f`'s own variables on `f`'s own model, refuting each
/// counterexample (design note 11): an infeasible one becomes an observer composed with the
/// model, and the instances it was about are decided again, until every counterexample found is
/// feasible or [`MAX_REFUTATION_ROUNDS`] is reached. A contradiction that needs the reported
/// event to have happened (a lock call that succeeded) holds only for that instance: its
/// observer is composed only with the instance's own model.
/// The findings go to `findings` as they are confirmed, so that when the function's budget runs
/// out (`Err(Cancelled)`) those found before are kept.
fn decide_local(
    ask: &Ask<'_>,
    filter: EdgeFilter,
    local: Vec<Option<PathId>>,
    state: &mut LocalState<'_>,
    findings: &mut Vec<((Option<PathId>, NodeId), Finding)>,
) -> Result<(), Cancelled> {
    let Ask { analysis, check, f, deadline, .. } = *ask;
    let program = analysis.program;
    let slot = filter.index();
    let refute = refutable(check);
    let mut pending = local;
    let mut shown: rustc_hash::FxHashSet<(Option<PathId>, NodeId)> = rustc_hash::FxHashSet::default();
    let mut own: rustc_hash::FxHashMap<Option<PathId>, Vec<Observer>> = rustc_hash::FxHashMap::default();
    let build = |observers: &[Observer], hint: Option<&super::flat::Refinement>| {
        flat_model(program, f, &analysis.effects, &analysis.behaviours, filter, hint, observers)
    };
    // Runs `check_local` into a fresh outcome; when the budget runs out, keeps the findings it
    // confirmed and stops.
    type Shown = rustc_hash::FxHashSet<(Option<PathId>, NodeId)>;
    let run = |model: &FlatModel, vars: &[Option<PathId>], last_round: bool, stats: &mut RefutationStats, findings: &mut Vec<_>, shown: &mut Shown| {
        let mut outcome = LocalOutcome::default();
        match check_local(ask, model, vars, refute, last_round, &mut outcome) {
            Ok(()) => Ok(outcome),
            Err(cancelled) => {
                stats.add(outcome.stats);
                findings.extend(outcome.findings.into_iter().filter(|(key, _)| shown.insert(*key)));
                Err(cancelled)
            }
        }
    };
    for round in 0..=MAX_REFUTATION_ROUNDS {
        deadline.check()?;
        let (shared_vars, own_vars): (Vec<_>, Vec<_>) = pending.iter().copied().partition(|v| !own.contains_key(v));
        let mut outcomes = Vec::new();
        if !shared_vars.is_empty() {
            // A model that misses observers found since it was built is built again.
            let wanted = if filter.include_infeasible { 0 } else { state.observers.len().min(super::flat::MAX_OBSERVERS) };
            if state.models[slot].as_ref().is_none_or(|m| m.offered < wanted) {
                // Models that keep infeasible edges track nothing: no hint for the others.
                let hint = state.models.iter().step_by(2).flatten().next().map(|m| m.refinement.clone());
                match build(state.observers, hint.as_ref()) {
                    Ok(model) => state.models[slot] = Some(model),
                    Err(e) => {
                        state.problems.push(internal_problem(program, f, &e.to_string()));
                        return Ok(());
                    }
                }
            }
            if let Some(flat) = &state.models[slot] {
                outcomes.push(run(flat, &shared_vars, round == MAX_REFUTATION_ROUNDS, state.stats, findings, &mut shown)?);
            }
        }
        for var in own_vars {
            deadline.check()?;
            let observers: Vec<Observer> = state.observers.iter().chain(own.get(&var).into_iter().flatten()).cloned().collect();
            let hint = state.models.iter().step_by(2).flatten().next().map(|m| m.refinement.clone());
            match build(&observers, hint.as_ref()) {
                Ok(model) => outcomes.push(run(&model, &[var], round == MAX_REFUTATION_ROUNDS, state.stats, findings, &mut shown)?),
                Err(e) => state.problems.push(internal_problem(program, f, &e.to_string())),
            }
        }
        let mut added = false;
        let mut refuted_nodes = 0;
        let mut refuted = Vec::new();
        for outcome in outcomes {
            state.stats.add(outcome.stats);
            for (key, finding) in outcome.findings {
                if shown.insert(key) {
                    findings.push((key, finding));
                }
            }
            for (var, obs, scoped) in outcome.observers {
                let list: &mut Vec<Observer> = if scoped { own.entry(var).or_default() } else { &mut *state.observers };
                if list.len() < super::flat::MAX_OBSERVERS && !list.contains(&obs) {
                    list.push(obs);
                    added = true;
                }
            }
            refuted_nodes += outcome.refuted_nodes;
            refuted.extend(outcome.refuted);
        }
        // Nothing new to exclude: the refuted violations cannot be decided again.
        if round == MAX_REFUTATION_ROUNDS || !added {
            state.stats.bound_hits += refuted_nodes;
            break;
        }
        pending = refuted;
    }
    Ok(())
}

fn internal_problem(program: &Program<'_>, f: FnIndex, message: &str) -> Problem {
    let ctx = UnitContext::new(program.files(f));
    Problem {
        file: ctx.location(program.cfg(f).span).file,
        message: format!("internal error: function `{}` could not be model checked ({message})", program.cfg(f).name),
        severity: ProblemSeverity::Warning,
        details: Vec::new(),
    }
}

/// The formula of one instance (for its witness).
fn formula(check: &CtlCheck<'_>, f: FnIndex, cfg: &Cfg, var: Option<PathId>) -> Formula {
    check.template.instantiate(f, var.map(|id| (id, cfg.path(id))))
}

/// The atoms each instance puts in the slots of `shape`.
fn instance_atoms(shape: &Shape, f: FnIndex, cfg: &Cfg, vars: &[Option<PathId>]) -> Vec<Vec<String>> {
    vars.iter().map(|v| shape.instance_atoms(f, v.map(|id| (id, cfg.path(id))))).collect()
}

/// The instances left once those for which the template's `unless_at_entry` holds at the
/// function's entry are dropped; `at` is the model, the function's component in it and the
/// entry node.
fn unless_at_entry(
    check: &CtlCheck<'_>,
    decide: &dyn Decide,
    at: (&Model, goanna_mc::CompId, u32),
    f: FnIndex,
    cfg: &Cfg,
    vars: Vec<Option<PathId>>,
    deadline: &Deadline,
) -> Result<Vec<Option<PathId>>, Cancelled> {
    let Some(shape) = &check.template.unless_at_entry else { return Ok(vars) };
    let (model, comp, entry) = at;
    let holds = decide.satisfying_instances(model, comp, &shape.dag, &instance_atoms(shape, f, cfg, &vars), deadline)?;
    Ok(vars.into_iter().zip(holds).filter(|(_, nodes)| !nodes.contains(&entry)).map(|(v, _)| v).collect())
}

/// The instances worth deciding: one for which no alternative of the template's requirements
/// has all its propositions labelling nodes of `model` cannot be violated.
fn possible_instances(check: &CtlCheck<'_>, f: FnIndex, cfg: &Cfg, model: &Model, vars: &[Option<PathId>]) -> Vec<Option<PathId>> {
    possible_instances_by(check, f, cfg, vars, &|name, _| model.atom(name).is_some())
}

/// [`possible_instances`] with `labels_some_node(name, plain)` telling which atoms label a node
/// (`plain`: an atom without a variable, such as `end`).
fn possible_instances_by(
    check: &CtlCheck<'_>,
    f: FnIndex,
    cfg: &Cfg,
    vars: &[Option<PathId>],
    labels_some_node: &dyn Fn(&str, bool) -> bool,
) -> Vec<Option<PathId>> {
    let labels = |atom: TemplateAtom, v: &Option<PathId>| {
        let plain = matches!(atom, TemplateAtom::Plain(_));
        Template::concrete_atom(atom, f, v.map(|id| (id, cfg.path(id)))).is_some_and(|name| labels_some_node(&name, plain))
    };
    let possible = |v: &Option<PathId>| check.template.required.iter().any(|set| set.iter().all(|&atom| labels(atom, v)));
    vars.iter().copied().filter(possible).collect()
}

/// One check asked about one function: what deciding its instances needs besides the model.
struct Ask<'a> {
    analysis: &'a Analysis<'a>,
    decide: &'a dyn Decide,
    check: &'a CtlCheck<'a>,
    f: FnIndex,
    /// The function's graph nodes reachable by feasible edges.
    feasible: &'a [bool],
    /// When the function's budget runs out: every loop below polls it.
    deadline: &'a Deadline,
}

/// True for checks whose counterexamples are refuted: not the ones about the code as written
/// (`include_infeasible`), nor the loop-shaped and every-state ones, whose violations are not
/// one path.
fn refutable(check: &CtlCheck<'_>) -> bool {
    !(check.template.include_infeasible || check.template.every_state || check.template.closed_loops_only)
}

/// What deciding one check on one function's own model gave.
#[derive(Default)]
struct LocalOutcome {
    /// The findings, each with its instance and graph node (to report each once over rounds).
    findings: Vec<((Option<PathId>, NodeId), Finding)>,
    /// Observers of the contradictions found on infeasible counterexamples, with the instance
    /// whose counterexample it was and whether it holds for that instance only.
    observers: Vec<(Option<PathId>, Observer, bool)>,
    /// The instances with an infeasible counterexample (to decide again).
    refuted: Vec<Option<PathId>>,
    /// How many violations had an infeasible counterexample.
    refuted_nodes: usize,
    /// The refutation counts.
    stats: RefutationStats,
}

/// Decides whether the path `path` through `f`'s graph, whose violation starts at step `at`,
/// can be taken (design note 11): the steps carry their callee effects and conditional
/// results; the finding's `event` is assumed at `at`; the events at `at` and at the end are
/// the reported ones.
/// With `summarise_loops`, the path stands for every number of iterations of its loops
/// ([`goanna_feasible::PathQuery::summarise_loops`]).
/// `walks` (empty, or one per step) says what the path did inside the calls it went into.
#[allow(clippy::too_many_arguments)]
fn refute_path(
    analysis: &Analysis<'_>,
    check: &CtlCheck<'_>,
    f: FnIndex,
    var: Option<PathId>,
    (path, walks): (&[NodeId], &[Option<goanna_feasible::Walk>]),
    at: usize,
    summarise_loops: bool,
    deadline: &Deadline,
) -> goanna_feasible::Feasibility {
    let cfg = analysis.program.cfg(f);
    let conditions: Vec<Vec<PathId>> = path.iter().map(|&n| flagged_args(analysis, f, n, &analysis.null_only_if_null, |site| &site.args)).collect();
    let zeroed: Vec<Vec<PathId>> = path.iter().map(|&n| flagged_args(analysis, f, n, &analysis.null_zeroes_out, |site| &site.address_args)).collect();
    let graphs = SummarisedProgram::new(analysis.program, &analysis.effects).with_writes_members(&analysis.writes_members);
    let steps = path
        .iter()
        .zip(conditions.iter().zip(&zeroed))
        .enumerate()
        .map(|(i, (&n, (c, z)))| goanna_feasible::Step {
            node: n,
            effects: graphs.effects(f, n),
            null_only_if: c,
            null_zeroes: z,
            walk: walks.get(i).and_then(Option::as_ref),
        })
        .collect();
    // What the finding says happened where it starts.
    let assumed = match (check.template.event, var) {
        (Some(TemplateAtom::OfVar(goanna_cfg::PropKind::MayBeNull)), Some(v)) => {
            // A callee whose NULL is latent: the path must leave it nothing else to return.
            let latent = path.get(at).is_some_and(|&n| {
                let library_latent = cfg.node(n).props.iter().any(|p| p.kind == goanna_cfg::PropKind::NullLatent && p.subject == goanna_cfg::Subject::Path(v));
                library_latent || analysis.program.callee_at(f, n).is_some_and(|g| analysis.null_latent.get(g as usize) == Some(&true))
            });
            let assumed = if latent { goanna_feasible::Assumed::NullCertain(v) } else { goanna_feasible::Assumed::Null(v) };
            vec![(at, assumed)]
        }
        (Some(TemplateAtom::OfVar(goanna_cfg::PropKind::Alloc)), Some(v)) => vec![(at, goanna_feasible::Assumed::Allocated(v))],
        // The first release released a block: `free(NULL)` releases nothing.
        (Some(TemplateAtom::OfVar(goanna_cfg::PropKind::Free)), Some(v)) => vec![(at, goanna_feasible::Assumed::Released(v))],
        (Some(_), _) => vec![(at, goanna_feasible::Assumed::Happened)],
        (None, _) => Vec::new(),
    };
    let query = goanna_feasible::PathQuery {
        cfg,
        program: Some(&graphs),
        function: f,
        steps,
        // The violation's end is reported; so is its start, unless the finding's event says
        // what happened there (a block allocated, a lock taken, a pointer released or found
        // NULL): what that step's callees dereference or divide by is then a fact like any
        // other (`path = check_for_hostspec(dst, &host)` allocating into `host` reads `*s`).
        reported: if check.template.event.is_some() { vec![path.len().saturating_sub(1)] } else { vec![at, path.len().saturating_sub(1)] },
        assumed,
        summarise_loops,
        avoided: match var {
            Some(v) => check.template.avoided.iter().filter_map(|a| match a {
                TemplateAtom::OfVar(kind) => Some((*kind, v)),
                TemplateAtom::Plain(_) => None,
            }).collect(),
            None => Vec::new(),
        },
    };
    let (verdict, solver_units) = goanna_feasible::check_path_costed(&query, &goanna_feasible::Limits::default());
    deadline.charge(solver_units.saturating_mul(WORK_PER_SOLVER_UNIT));
    verdict
}

/// The nodes of `f` a witness through the whole-program model visits, in order, with the call
/// node of `f` standing for each visit of a callee (what the callee did is on the call node as
/// its summary's effects); up to a point that is no node of the program (a sink). With them,
/// what the witness did inside each call it went into (`None` on the other steps): the walks
/// the refutation relates those calls along.
fn path_and_walks(pm: &ProgramModel, f: FnIndex, witness: &[super::decide::PathPoint]) -> (Vec<NodeId>, Vec<Option<goanna_feasible::Walk>>) {
    let mut path = Vec::new();
    let mut walks: Vec<Option<goanna_feasible::Walk>> = Vec::new();
    let mut inside: Option<goanna_mc::BoxId> = None;
    let mut k = 0;
    while k < witness.len() {
        let (stack, m) = &witness[k];
        match stack.first() {
            None => {
                let left = inside.take().and_then(|b| pm.calls.get(b as usize)).copied();
                match pm.origin.get(*m as usize) {
                    // The node a call's box returns to stands for the call, already on the path.
                    Some(&(g, n)) if left == Some((g, n)) => {}
                    Some(&(g, n)) if g == f => {
                        path.push(n);
                        walks.push(None);
                    }
                    _ => break,
                }
                k += 1;
            }
            Some(&b) => {
                let run = k + witness[k..].iter().take_while(|(s, _)| s.first() == Some(&b)).count();
                if inside != Some(b) {
                    inside = Some(b);
                    match pm.calls.get(b as usize) {
                        Some(&(owner, n)) if owner == f => {
                            let walk = Some(walk_in_box(pm, &witness[k..run], 1, run < witness.len()));
                            // The witness visits the call node, then the callee's box: one
                            // step of the path, whose call went along this walk.
                            if path.last() == Some(&n) && walks.last().is_some_and(Option::is_none) {
                                if let Some(last) = walks.last_mut() {
                                    *last = walk;
                                }
                            } else {
                                path.push(n);
                                walks.push(walk);
                            }
                        }
                        _ => break,
                    }
                }
                k = run;
            }
        }
    }
    (path, walks)
}

/// The walk of a witness inside one visit of a box: `points` are the witness's points inside
/// it (their stacks `depth` deep or deeper); `returned` tells whether the witness goes on
/// after the box (otherwise it stops inside, at its last point).
fn walk_in_box(pm: &ProgramModel, points: &[super::decide::PathPoint], depth: usize, returned: bool) -> goanna_feasible::Walk {
    let mut nodes: Vec<NodeId> = Vec::new();
    let mut calls: Vec<(NodeId, goanna_feasible::Walk)> = Vec::new();
    let push = |nodes: &mut Vec<NodeId>, n: NodeId| {
        if nodes.last() != Some(&n) {
            nodes.push(n);
        }
    };
    let mut k = 0;
    while k < points.len() {
        let (stack, m) = &points[k];
        if stack.len() <= depth {
            if let Some(&(_, n)) = pm.origin.get(*m as usize) {
                push(&mut nodes, n);
            }
            k += 1;
            continue;
        }
        // A visit of a box inside this one: the call node, and the walk below it.
        let b = stack[depth];
        let run = k + points[k..].iter().take_while(|(s, _)| s.len() > depth && s[depth] == b).count();
        if let Some(&(_, n)) = pm.calls.get(b as usize) {
            push(&mut nodes, n);
            let inner = walk_in_box(pm, &points[k..run], depth + 1, run < points.len() || returned);
            match calls.iter_mut().find(|(c, _)| *c == n) {
                Some((_, walk)) => walk.merge(inner),
                None => calls.push((n, inner)),
            }
        }
        k = run;
    }
    let mut edges: Vec<(NodeId, NodeId)> = nodes.windows(2).map(|w| (w[0], w[1])).collect();
    edges.sort_unstable();
    edges.dedup();
    let stops_at = if returned { None } else { nodes.last().copied() };
    goanna_feasible::Walk { edges, stops_at, calls }
}

/// At a call node of `f`: the caller's paths that `passed` names for the callee's parameters
/// whose flag in `flags` (one per function of the program, one per parameter) is set:
/// the arguments whose NULL is the callee's only NULL (`null_only_if_null`, from
/// `CallSite::args`), the integers the callee zeroes when it returns NULL (`null_zeroes_out`,
/// from `CallSite::address_args`).
fn flagged_args(analysis: &Analysis<'_>, f: FnIndex, n: NodeId, flags: &[Vec<bool>], passed: fn(&goanna_cfg::CallSite) -> &[Option<PathId>]) -> Vec<PathId> {
    let NodeKind::Call(site) = &analysis.program.cfg(f).node(n).kind else { return Vec::new() };
    let Some(flags) = analysis.program.callee_at(f, n).and_then(|g| flags.get(g as usize)) else { return Vec::new() };
    let passed = passed(site);
    flags.iter().enumerate().filter(|&(_, &set)| set).filter_map(|(i, _)| passed.get(i).copied().flatten()).collect()
}

/// The shortest paths from the entry (node 0) of a one-component model to every node: a
/// breadth-first tree, computed once per model and shared by all the violations found on it
/// (one search per violation made a function with many findings quadratic).
struct PrefixTree {
    /// Each node's parent on the tree (`u32::MAX`: not reached; the entry is its own parent).
    parent: Vec<u32>,
    /// Each node's nearest proper ancestor that stands for a branch node of the graph
    /// (`u32::MAX`: none), so the branches of a prefix cost one step each to list.
    branch_up: Vec<u32>,
}

impl PrefixTree {
    fn new(flat: &FlatModel, cfg: &Cfg) -> Self {
        let model = &flat.model;
        let comp = model.component(0);
        let n = model.n_nodes();
        let mut parent: Vec<u32> = vec![u32::MAX; n];
        let mut branch_up: Vec<u32> = vec![u32::MAX; n];
        let is_branch = |m: u32| flat.graph_node(m).is_some_and(|g| matches!(cfg.node(g).kind, NodeKind::Branch(_)));
        if n == 0 {
            return PrefixTree { parent, branch_up };
        }
        parent[0] = 0;
        let mut queue = VecDeque::from([0u32]);
        while let Some(u) = queue.pop_front() {
            let up = if is_branch(u) { u } else { branch_up[u as usize] };
            for &v in comp.succ(model.node_vertex(u)) {
                let w = model.vertex_node(0, v);
                if parent.get(w as usize) == Some(&u32::MAX) {
                    parent[w as usize] = u;
                    branch_up[w as usize] = up;
                    queue.push_back(w);
                }
            }
        }
        PrefixTree { parent, branch_up }
    }

    /// The model nodes of a shortest path from the entry to `target`, both included.
    fn path(&self, target: u32) -> Vec<u32> {
        let mut path = vec![target];
        let mut at = target;
        while at != 0 {
            match self.parent.get(at as usize) {
                Some(&p) if p != u32::MAX => {
                    path.push(p);
                    at = p;
                }
                _ => break,
            }
        }
        path.reverse();
        path
    }

    /// The branch nodes on that path before `target`, in path order.
    fn branches(&self, target: u32) -> Vec<u32> {
        let mut branches = Vec::new();
        let mut at = self.branch_up.get(target as usize).copied().unwrap_or(u32::MAX);
        while at != u32::MAX {
            branches.push(at);
            at = self.branch_up.get(at as usize).copied().unwrap_or(u32::MAX);
        }
        branches.reverse();
        branches
    }
}

/// Decides `vars` on one model of `f` into `outcome`. On `Err(Cancelled)` (the function's
/// budget ran out) `outcome` holds what was confirmed before.
/// `last_round`: the last round of refutation ([`MAX_REFUTATION_ROUNDS`]), where a
/// counterexample refuted again is decided once more with its loops summarised (each round
/// unrolled one more iteration of a loop the violation comes after: `for (i = 0; i < 100;
/// i++)` needs a hundred).
fn check_local(ask: &Ask<'_>, flat: &FlatModel, vars: &[Option<PathId>], refute: bool, last_round: bool, outcome: &mut LocalOutcome) -> Result<(), Cancelled> {
    let Ask { analysis, decide, check, f, feasible, deadline } = *ask;
    let cfg = analysis.program.cfg(f);
    let vars = possible_instances(check, f, cfg, &flat.model, vars);
    let vars = unless_at_entry(check, decide, (&flat.model, 0, 0), f, cfg, vars, deadline)?;
    if vars.is_empty() {
        return Ok(());
    }
    let vars = vars.as_slice();
    let satisfying = decide.satisfying_instances(&flat.model, 0, &check.template.shape.dag, &instance_atoms(&check.template.shape, f, cfg, vars), deadline)?;
    let mut tree: Option<PrefixTree> = None;
    for (var, nodes) in vars.iter().zip(satisfying) {
        if nodes.is_empty() {
            continue;
        }
        let formula = &formula(check, f, cfg, *var);
        // Several product states stand for one graph node: one finding per graph node, with the
        // witness of the first state found; with `every_state`, only nodes all of whose states
        // violate the property.
        let mut violating_states: rustc_hash::FxHashMap<NodeId, usize> = rustc_hash::FxHashMap::default();
        if check.template.every_state {
            for &m in &nodes {
                if let Some(n) = flat.graph_node(m) {
                    *violating_states.entry(n).or_default() += 1;
                }
            }
        }
        let mut seen = rustc_hash::FxHashSet::default();
        let nodes: Vec<u32> = nodes
            .into_iter()
            .filter(|&m| flat.graph_node(m).is_some_and(|n| seen.insert(n)))
            .filter(|&m| !check.template.every_state || violating_states[&flat.origin[m as usize]] == flat.state_count(flat.origin[m as usize]))
            .collect();
        let graph_node = |m: u32| flat.origin[m as usize];
        let nodes = if check.template.closed_loops_only { in_closed_loops(cfg, nodes, graph_node) } else { nodes };
        let nodes = if check.template.report_first { first_in_source(cfg, nodes, graph_node) } else { nodes };
        let mut refuted = false;
        for node in nodes {
            deadline.check()?;
            let witness_nodes: Vec<u32> = decide.witness(&flat.model, 0, node, formula).unwrap_or_default().into_iter().map(|(_, m)| m).collect();
            let tree = tree.get_or_insert_with(|| PrefixTree::new(flat, cfg));
            if refute {
                let prefix = tree.path(node);
                // The whole counterexample: from the entry to the violation, then its witness,
                // as graph nodes (up to a sink: a call that does not return ends it).
                let mut whole: Vec<u32> = prefix.clone();
                whole.extend(witness_nodes.iter().skip(usize::from(witness_nodes.first() == Some(&node))));
                let path: Vec<NodeId> = whole.iter().map_while(|&m| flat.graph_node(m)).collect();
                let at = prefix.len().saturating_sub(1);
                outcome.stats.paths += 1;
                let excluded = match refute_path(analysis, check, f, *var, (&path, &[]), at, false, deadline) {
                    goanna_feasible::Feasibility::Infeasible(_)
                        if last_round
                            && refute_path(analysis, check, f, *var, (&path, &[]), at, true, deadline) == goanna_feasible::Feasibility::Feasible =>
                    {
                        None
                    }
                    goanna_feasible::Feasibility::Infeasible(core) => {
                        outcome.stats.infeasible += 1;
                        Some(core)
                    }
                    goanna_feasible::Feasibility::Latent(core) => {
                        outcome.stats.latent += 1;
                        Some(core)
                    }
                    goanna_feasible::Feasibility::Unknown => {
                        outcome.stats.unknown += 1;
                        None
                    }
                    goanna_feasible::Feasibility::Feasible => None,
                };
                if let Some(core) = excluded {
                    outcome.refuted_nodes += 1;
                    refuted = true;
                    if let Some(obs) = Observer::new(analysis, f, &core, &path) {
                        outcome.observers.push((*var, obs, core.assumes_reported));
                    }
                    continue;
                }
            }
            if check.template.latent_if_inputs_choose {
                // The part of the counterexample from the violation on, as graph nodes.
                let mut from_violation: Vec<NodeId> = flat.graph_node(node).into_iter().collect();
                from_violation.extend(witness_nodes.iter().skip(usize::from(witness_nodes.first() == Some(&node))).map_while(|&m| flat.graph_node(m)));
                if kept_by_inputs(analysis, f, *var, &from_violation) {
                    outcome.stats.latent += 1;
                    continue;
                }
            }
            let witness: Vec<Point> = witness_nodes.into_iter().map(|m| Point { function: f, node: flat.graph_node(m), depth: 0 }).collect();
            let branches: Vec<NodeId> = tree.branches(node).into_iter().filter_map(|m| flat.graph_node(m)).collect();
            if let Some(found) = finding(analysis, check, f, *var, graph_node(node), &witness, feasible, Some(&branches)) {
                outcome.findings.push(((*var, graph_node(node)), found));
            }
        }
        if refuted {
            outcome.refuted.push(*var);
        }
    }
    Ok(())
}

/// Decides a check's instances about globals on the whole-program model. The witness of each
/// violation (from the violating node on, seen from `f`: a callee's part stands as its call
/// node) is refuted too; the model cannot take observers, so a violation whose witness is
/// infeasible is returned in `retry` (instance and node) for `f`'s own model to decide again,
/// as is one whose evidence is inside a callee when the check wants the function's own.
fn check_global(
    ask: &Ask<'_>,
    pm: &ProgramModel,
    vars: &[Option<PathId>],
    stats: &mut RefutationStats,
    retry: &mut Vec<(Option<PathId>, NodeId)>,
    findings: &mut Vec<Finding>,
) -> Result<(), Cancelled> {
    let Ask { analysis, decide, check, f, feasible, deadline } = *ask;
    let cfg = analysis.program.cfg(f);
    let vars = possible_instances(check, f, cfg, &pm.model, vars);
    let vars = unless_at_entry(check, decide, (&pm.model, pm.component(f), pm.node(f, cfg.entry)), f, cfg, vars, deadline)?;
    if vars.is_empty() {
        return Ok(());
    }
    let vars = vars.as_slice();
    let satisfying = decide.satisfying_instances(&pm.model, pm.component(f), &check.template.shape.dag, &instance_atoms(&check.template.shape, f, cfg, vars), deadline)?;
    // Predecessor lists, for refuting witnesses: built at the first one.
    let mut preds: Option<Vec<Vec<NodeId>>> = None;
    for (var, nodes) in vars.iter().zip(satisfying) {
        if nodes.is_empty() {
            continue;
        }
        let formula = &formula(check, f, cfg, *var);
        let nodes: Vec<u32> = nodes.into_iter().filter(|&m| pm.origin[m as usize].0 == f).collect();
        let nodes = if check.template.closed_loops_only { in_closed_loops(cfg, nodes, |m| pm.origin[m as usize].1) } else { nodes };
        let nodes = if check.template.report_first { first_in_source(cfg, nodes, |m| pm.origin[m as usize].1) } else { nodes };
        for node in nodes {
            let (g, n) = pm.origin[node as usize];
            if g != f {
                continue;
            }
            deadline.check()?;
            let points = decide.witness(&pm.model, pm.component(f), node, formula).unwrap_or_default();
            // Evidence inside a callee is not the function's own: its own model decides.
            if check.template.evidence_in_function && points.last().is_some_and(|(stack, _)| !stack.is_empty()) {
                retry.push((*var, n));
                continue;
            }
            // What the witness does in `f` (and inside the calls it goes into): asked by the
            // refutation and by the question whether the function's inputs choose the NULL.
            let mut own = (refutable(check) || check.template.latent_if_inputs_choose).then(|| path_and_walks(pm, f, &points));
            if let Some((suffix, suffix_walks)) = own.as_mut().filter(|_| refutable(check)) {
                if !suffix.is_empty() {
                    stats.paths += 1;
                    // The witness starts at the violation; every path of `f` to it ends with
                    // the same straight run of nodes (the branch it is under, ...): refuted
                    // with them. (A longer way there, one of many, could be infeasible while
                    // another is not.)
                    let mut path = straight_run_to(cfg, preds.get_or_insert_with(|| feasible_predecessors(cfg)), n);
                    let at = path.len();
                    let mut walks = vec![None; at];
                    path.extend(suffix.iter().copied());
                    walks.append(suffix_walks);
                    match refute_path(analysis, check, f, *var, (&path, &walks), at, false, deadline) {
                        goanna_feasible::Feasibility::Latent(_) => {
                            stats.latent += 1;
                            retry.push((*var, n));
                            continue;
                        }
                        goanna_feasible::Feasibility::Infeasible(_) => {
                            stats.infeasible += 1;
                            retry.push((*var, n));
                            continue;
                        }
                        goanna_feasible::Feasibility::Unknown => stats.unknown += 1,
                        goanna_feasible::Feasibility::Feasible => {}
                    }
                }
            }
            if check.template.latent_if_inputs_choose {
                let mut from_violation = vec![n];
                let suffix = own.as_ref().map_or(&[][..], |(suffix, _)| &suffix[..]);
                from_violation.extend(suffix.iter().copied().skip_while(|&m| m == n));
                if kept_by_inputs(analysis, f, *var, &from_violation) {
                    stats.latent += 1;
                    continue;
                }
            }
            let witness: Vec<Point> = points
                .into_iter()
                .map(|(stack, m)| {
                    let (function, n) = pm.origin[m as usize];
                    Point { function, node: Some(n), depth: stack.len() }
                })
                .collect();
            findings.extend(finding(analysis, check, f, *var, n, &witness, feasible, None));
        }
    }
    findings.extend(begun_in_callees(ask, pm, vars)?);
    Ok(())
}

/// True when the NULL instance `var` of `f` holds on `path` (from where it is set on) reaches
/// its use only by a branch the function's inputs decide ([`super::manifest::null_kept_by_inputs`]).
fn kept_by_inputs(analysis: &Analysis<'_>, f: FnIndex, var: Option<PathId>, path: &[NodeId]) -> bool {
    let Some(var) = var else { return false };
    let effects_at = |n: NodeId| analysis.effects.get(&(f, n)).map_or(&[][..], |v| &v[..]);
    super::manifest::null_kept_by_inputs(analysis.program.cfg(f), &effects_at, var, path)
}

/// Most nodes [`straight_run_to`] walks back.
const MAX_STRAIGHT_RUN: usize = 64;

/// For each node of `cfg`, its predecessors along feasible edges.
fn feasible_predecessors(cfg: &Cfg) -> Vec<Vec<NodeId>> {
    let mut preds = vec![Vec::new(); cfg.nodes.len()];
    for u in cfg.node_ids() {
        let node = cfg.node(u);
        for edge in node.succs.iter().filter(|e| node.edge_feasible(e)) {
            if let Some(p) = preds.get_mut(edge.target.index()) {
                p.push(u);
            }
        }
    }
    preds
}

/// The nodes every path of `cfg` to `n` passes just before it, in order (`n` excluded): back
/// from `n` while a node has one predecessor (`preds`), up to a join, the entry or
/// [`MAX_STRAIGHT_RUN`] nodes.
fn straight_run_to(cfg: &Cfg, preds: &[Vec<NodeId>], n: NodeId) -> Vec<NodeId> {
    let mut run = Vec::new();
    let mut at = n;
    while run.len() < MAX_STRAIGHT_RUN {
        let [p] = preds.get(at.index()).map_or(&[][..], |p| p.as_slice()) else { break };
        if *p == n || *p == cfg.entry || run.contains(p) {
            break;
        }
        run.push(*p);
        at = *p;
    }
    run.reverse();
    run
}

/// The violations of `f`'s global instances that begin inside a function `f` calls and end in
/// `f` (an unlock in a helper, then another in `f`): nodes of the callee that violate the
/// property in the context of `f`'s call only. Each is reported once per call of `f`, at the
/// event in `f` where its witness ends (or at the call), with the path through the callee.
fn begun_in_callees(ask: &Ask<'_>, pm: &ProgramModel, vars: &[Option<PathId>]) -> Result<Vec<Finding>, Cancelled> {
    let Ask { analysis, decide, check, f, feasible, deadline } = *ask;
    // Loop-shaped and first-only templates describe nodes of `f` itself.
    if check.template.closed_loops_only || check.template.report_first || check.template.every_state {
        return Ok(Vec::new());
    }
    let cfg = analysis.program.cfg(f);
    let shape = &check.template.shape;
    // Only callees that mention one of the globals can begin a violation about it.
    let usrs: rustc_hash::FxHashSet<&str> = vars.iter().flatten().map(|&id| cfg.path(id).root.usr.as_str()).collect();
    let program = analysis.program;
    let look_into = |b: goanna_mc::BoxId| {
        pm.calls
            .get(b as usize)
            .and_then(|&(_, n)| program.callee_at(f, n))
            .is_some_and(|g| usrs.iter().any(|usr| analysis.own_globals[g as usize].contains(*usr)))
    };
    let in_calls = decide.satisfying_instances_in_calls(&pm.model, pm.component(f), &shape.dag, &instance_atoms(shape, f, cfg, vars), &look_into, deadline)?;
    let mut findings = Vec::new();
    for (var, hits) in vars.iter().zip(in_calls) {
        // One finding per call site: the first violating callee node of each.
        let mut seen = rustc_hash::FxHashSet::default();
        let formula = &formula(check, f, cfg, *var);
        for (call, node) in hits {
            let Some(&(owner, n)) = pm.calls.get(call as usize) else { continue };
            let (g, m) = pm.origin[node as usize];
            // Only a callee that always does its part when it returns: one that does it on
            // some paths depends on conditions the caller's path does not show.
            if owner != f || seen.contains(&call) || !on_every_return(analysis.program.cfg(g), m) {
                continue;
            }
            seen.insert(call);
            deadline.check()?;
            let Some(path) = decide.witness_at(&pm.model, pm.component(f), &[call], node, formula) else { continue };
            // The path enters the callee at the call node of `f`.
            let mut witness = vec![Point { function: f, node: Some(n), depth: 0 }];
            witness.extend(path.into_iter().map(|(stack, m)| {
                let (function, n) = pm.origin[m as usize];
                Point { function, node: Some(n), depth: stack.len() }
            }));
            findings.extend(finding(analysis, check, f, *var, n, &witness, feasible, None));
        }
    }
    Ok(findings)
}

/// Whether every feasible path from the entry of `cfg` to its exit passes through `m`.
fn on_every_return(cfg: &Cfg, m: NodeId) -> bool {
    if m == cfg.entry || m == cfg.exit {
        return true;
    }
    let mut seen = vec![false; cfg.nodes.len()];
    let mut stack = vec![cfg.entry];
    if let Some(s) = seen.get_mut(cfg.entry.index()) {
        *s = true;
    }
    while let Some(u) = stack.pop() {
        if u == cfg.exit {
            return false;
        }
        let node = cfg.node(u);
        for edge in node.succs.iter().filter(|e| node.edge_feasible(e)) {
            let t = edge.target;
            if t != m && t.index() < seen.len() && !seen[t.index()] {
                seen[t.index()] = true;
                stack.push(t);
            }
        }
    }
    true
}

/// Of the model nodes given, those in a loop of the graph that no edge leaves, keeping the
/// first in source order of each loop.
fn in_closed_loops(cfg: &Cfg, nodes: Vec<u32>, graph_node: impl Fn(u32) -> NodeId) -> Vec<u32> {
    let region = super::regions::strongly_connected(cfg);
    let closed = super::regions::closed_regions(cfg, &region);
    let mut best: rustc_hash::FxHashMap<u32, ((u32, u32), u32)> = rustc_hash::FxHashMap::default();
    for m in nodes {
        let n = graph_node(m);
        let r = region[n.index()];
        let Some(span) = cfg.node(n).span else { continue };
        if !closed[r as usize] || !cfg.node(n).reachable {
            continue;
        }
        let key = (span.file.0, span.start);
        let entry = best.entry(r).or_insert((key, m));
        if key < entry.0 {
            *entry = (key, m);
        }
    }
    best.into_values().map(|(_, m)| m).collect()
}

/// The first statement of the loop whose head is `head`: the first node with an effect that
/// the head reaches inside its loop (breadth-first, feasible edges), outside macro expansions.
fn loop_body_start(cfg: &Cfg, head: NodeId) -> Option<Span> {
    let region = super::regions::strongly_connected(cfg);
    let r = *region.get(head.index())?;
    let mut seen = vec![false; cfg.nodes.len()];
    // A head that evaluates the loop's condition: the body starts after a branch.
    let in_header = matches!(cfg.node(head).kind, NodeKind::Condition | NodeKind::Call(_));
    let mut queue = VecDeque::from([(head, !in_header)]);
    seen[head.index()] = true;
    while let Some((u, in_body)) = queue.pop_front() {
        let node = cfg.node(u);
        if in_body && u != head && matches!(node.kind, NodeKind::Statement | NodeKind::Condition | NodeKind::Call(_) | NodeKind::Return) {
            if let Some(span) = node.span.filter(|s| !s.from_macro) {
                return Some(span);
            }
        }
        let in_body = in_body || matches!(node.kind, NodeKind::Branch(true));
        for edge in node.succs.iter().filter(|e| node.edge_feasible(e)) {
            let t = edge.target.index();
            if t < seen.len() && !seen[t] && region[t] == r {
                seen[t] = true;
                queue.push_back((edge.target, in_body));
            }
        }
    }
    None
}

/// Of the reachable model nodes given, the one whose graph node comes first in the source.
fn first_in_source(cfg: &Cfg, nodes: Vec<u32>, graph_node: impl Fn(u32) -> NodeId) -> Vec<u32> {
    nodes
        .into_iter()
        .filter(|&m| cfg.node(graph_node(m)).reachable)
        .filter_map(|m| cfg.node(graph_node(m)).span.map(|s| ((s.file.0, s.start), m)))
        .min()
        .map(|(_, m)| vec![m])
        .unwrap_or_default()
}

/// The finding for a violation at node `n` of `f`, or `None` when it is filtered out.
fn finding(
    analysis: &Analysis<'_>,
    check: &CtlCheck<'_>,
    f: FnIndex,
    var: Option<PathId>,
    n: NodeId,
    witness: &[Point],
    feasible: &[bool],
    branches: Option<&[NodeId]>,
) -> Option<Finding> {
    let program = analysis.program;
    let cfg = program.cfg(f);
    // Code no feasible path reaches is RED-dead's business (or a constant condition's), not a
    // path property's.
    let live = if check.template.include_infeasible { cfg.node(n).reachable } else { feasible.get(n.index()).copied().unwrap_or(false) };
    if !live {
        return None;
    }
    if check.template.skip_if_nonnull {
        if let Some(v) = var {
            if known_nonnull(cfg, f, &analysis.effects, v)[n.index()] {
                return None;
            }
        }
    }
    if check.template.defensive_macro_tests {
        let end = witness.last().filter(|p| p.function == f && p.depth == 0).and_then(|p| p.node);
        let of_var = |p: &goanna_cfg::Prop| var.is_some_and(|v| p.subject == Subject::Path(v));
        // An arm of a conditional whose condition a macro wrote (`GET(v, i)`:
        // `i < len ? v[i] : NULL`; `NULL` alone is a macro too, so the arm's own range says
        // nothing).
        let macro_arm = |m: NodeId| {
            cfg.nodes.iter().any(|u| {
                matches!(u.kind, NodeKind::Branch(_)) && u.span.is_some_and(|s| s.from_macro) && u.succs.iter().any(|e| e.target == m)
            })
        };
        let tested_in_macro = |m: NodeId| {
            cfg.node(m).props.iter().any(|p| match p.kind {
                goanna_cfg::PropKind::NullTest | goanna_cfg::PropKind::NonNullTest => of_var(p) && p.span.from_macro,
                goanna_cfg::PropKind::AssignNull => of_var(p) && macro_arm(m),
                _ => false,
            })
        };
        if tested_in_macro(n) || end.is_some_and(tested_in_macro) {
            return None;
        }
    }
    if check.template.loop_retests {
        let end = witness.last().filter(|p| p.function == f && p.depth == 0).and_then(|p| p.node);
        if let (Some(v), Some(end)) = (var, end) {
            if loop_retest(program, &analysis.effects, f, v, end) {
                return None;
            }
        }
    }
    if check.template.search_loop_exits {
        let end = witness.last().filter(|p| p.function == f && p.depth == 0).and_then(|p| p.node);
        if let (Some(v), Some(end)) = (var, end) {
            if search_loop_exit(program, &analysis.effects, f, v, n, end) {
                return None;
            }
        }
    }
    let var_path = var.map(|id| (id, cfg.path(id)));
    // The reported proposition is at the violating node, or else where the path ends (e.g. the
    // dereference after a free).
    let last = witness.last().filter(|p| p.function == f && p.depth == 0).and_then(|p| p.node);
    let at_node = || report_prop(analysis, f, cfg, n, check.template.report_at, var);
    let at_end = || last.and_then(|m| report_prop(analysis, f, cfg, m, check.template.report_at, var));
    let in_loop = || if check.template.closed_loops_only { loop_body_start(cfg, n) } else { None };
    // A path that ends at a `return` of this function where the atom does not hold ended on
    // another disjunct of the template (returning a freed pointer): report it there; so does
    // one that ends reading through the variable (`load_X`: a routine reading a freed string).
    let loads_var = |m: NodeId| {
        var.is_some_and(|v| {
            let load = goanna_cfg::PropKind::Load;
            cfg.node(m).props.iter().any(|p| p.kind == load && p.subject == Subject::Path(v))
                || analysis.effects.get(&(f, m)).is_some_and(|e| e.contains(&(load, v)))
        })
    };
    let end_node = || last.filter(|&m| m != n && (cfg.node(m).kind == NodeKind::Return || loads_var(m))).and_then(|m| cfg.node(m).span);
    // A path that ends inside a callee of `f` (a global used there after `f` freed it): the
    // event is in that function.
    let in_callee = || {
        let atom = check.template.report_at?;
        let p = witness.last().filter(|p| p.depth == 1)?;
        let m = p.node?;
        atom_holds(analysis, atom, f, var, p.function, m).then_some(())?;
        // The proposition's own range, as the callee's own findings report it.
        let g_cfg = program.cfg(p.function);
        let own = var.map(|v| cfg.path(v));
        let g_var = g_cfg.node(m).props.iter().find_map(|prop| match prop.subject {
            Subject::Path(q) if Some(g_cfg.path(q)) == own => Some(q),
            _ => None,
        });
        report_prop(analysis, p.function, g_cfg, m, Some(atom), g_var).or(g_cfg.node(m).span).map(|span| (p.function, span))
    };
    // Where the finding is: in a directly called function when the path ends there at the
    // proposition the check reports, else in `f`.
    let in_called = if check.template.report_at_end && at_end().is_none() && end_node().is_none() { in_callee() } else { None };
    let (owner, span) = in_called.unwrap_or_else(|| {
        // A path that ends inside a callee of `f` reports, in `f`, at the call it went into
        // (`bump_active()` dereferencing the global set to NULL before it).
        let at_call_entered = || {
            let entered = witness.last().filter(|p| p.depth > 0).and_then(|_| witness.iter().rev().find(|p| p.function == f && p.depth == 0)).and_then(|p| p.node);
            entered.and_then(|m| report_prop(analysis, f, cfg, m, check.template.report_at, var))
        };
        let span = if check.template.report_at_end { at_end().or_else(end_node).or_else(at_node) } else { at_node().or_else(at_end).or_else(at_call_entered) }
            .or_else(in_loop)
            .or(cfg.node(n).span)
            .unwrap_or(cfg.span);
        (f, span)
    });
    if check.template.skip_in_macros && span.from_macro {
        return None;
    }
    let ctx = UnitContext::new(program.files(f));
    let name = var_path.map(|(_, p)| p.text()).unwrap_or_default();
    // A branch is informative when the path cannot reach where it goes without it.
    let dominators = analysis.dominators(f);
    let mut steps = match branches {
        // The branches of the path the model checker found (with its observers, feasible).
        Some(nodes) => nodes.iter().filter_map(|&m| branch_step(&ctx, cfg, m).map(|s| s.key_if(dominators.dominates(m, n)))).collect(),
        None => prefix_steps(&ctx, cfg, n, dominators),
    };
    // A loop reported at its body: the path names the loop itself.
    if check.template.closed_loops_only && cfg.node(n).span.is_some_and(|head| head != span) {
        if let Some(head) = cfg.node(n).span {
            steps.push(PathStep::event(ctx.location(head), "the loop starts here; no path leaves it"));
        }
    }
    steps.extend(witness_steps(analysis, check, f, var_path, witness, last.unwrap_or(n)));
    steps.dedup_by(|a, b| a.location == b.location && a.message == b.message);
    let (steps, _) = crate::shorten_path(&steps, crate::MAX_KEPT_PATH_STEPS);
    Some(Finding {
        check: check.spec.id.clone(),
        cwe: check.spec.cwe.clone(),
        severity: check.spec.severity,
        location: UnitContext::new(program.files(owner)).location(span),
        function: program.cfg(owner).name.clone(),
        message: check.spec.message_for(&name),
        path: steps,
    })
}

/// The range of the `report_at` proposition at node `n`, if it holds there (from the graph, or
/// from the callee's summary at a call node: then the call's range).
fn report_prop(analysis: &Analysis<'_>, f: FnIndex, cfg: &Cfg, n: NodeId, report_at: Option<TemplateAtom>, var: Option<PathId>) -> Option<Span> {
    let atom = report_at?;
    let node = cfg.node(n);
    let found = node.props.iter().find(|p| match atom {
        TemplateAtom::OfVar(kind) => p.kind == kind && var.is_some_and(|v| p.subject == Subject::Path(v)),
        TemplateAtom::Plain(kind) => p.kind == kind,
    });
    if let Some(prop) = found {
        return Some(prop.span);
    }
    let from_callee = match atom {
        TemplateAtom::OfVar(kind) => analysis
            .effects
            .get(&(f, n))
            .is_some_and(|effects| effects.iter().any(|(k, p)| *k == kind && Some(*p) == var)),
        TemplateAtom::Plain(_) => false,
    };
    if from_callee {
        node.span
    } else {
        None
    }
}

/// The branches taken on a shortest path from the entry to `target` within the function.
fn prefix_steps(ctx: &UnitContext<'_>, cfg: &Cfg, target: NodeId, dominators: &Dominators) -> Vec<PathStep> {
    let mut parent: Vec<Option<NodeId>> = vec![None; cfg.nodes.len()];
    let mut seen = vec![false; cfg.nodes.len()];
    let mut queue = VecDeque::from([cfg.entry]);
    seen[cfg.entry.index()] = true;
    while let Some(n) = queue.pop_front() {
        if n == target {
            break;
        }
        for edge in &cfg.node(n).succs {
            if !seen[edge.target.index()] {
                seen[edge.target.index()] = true;
                parent[edge.target.index()] = Some(n);
                queue.push_back(edge.target);
            }
        }
    }
    let mut steps = Vec::new();
    let mut at = parent[target.index()];
    while let Some(n) = at {
        if let Some(step) = branch_step(ctx, cfg, n) {
            steps.push(step.key_if(dominators.dominates(n, target)));
        }
        at = parent[n.index()];
    }
    steps.reverse();
    steps
}

fn branch_step(ctx: &UnitContext<'_>, cfg: &Cfg, n: NodeId) -> Option<PathStep> {
    let node = cfg.node(n);
    match (&node.kind, node.span) {
        (NodeKind::Branch(taken), Some(span)) => {
            Some(PathStep::new(ctx.location(span), format!("taking the {} branch", if *taken { "true" } else { "false" })))
        }
        _ => None,
    }
}

/// True when the template atom holds at node `n` of `g` for the instance of function `f`.
fn atom_holds(analysis: &Analysis<'_>, atom: TemplateAtom, f: FnIndex, var: Option<PathId>, g: FnIndex, n: NodeId) -> bool {
    let cfg = analysis.program.cfg(g);
    let node = cfg.node(n);
    match atom {
        TemplateAtom::Plain(kind) => g == f && node.props.iter().any(|p| p.kind == kind && p.subject == Subject::None),
        TemplateAtom::OfVar(kind) => {
            let Some(v) = var else { return false };
            let own = analysis.program.cfg(f).path(v);
            let same = |p: PathId| if g == f { p == v } else { own.root.kind.is_static_storage() && cfg.path(p) == own };
            node.props.iter().any(|p| p.kind == kind && matches!(p.subject, Subject::Path(q) if same(q)))
                || analysis.effects.get(&(g, n)).is_some_and(|e| e.iter().any(|(k, q)| *k == kind && same(*q)))
        }
    }
}

/// The steps of a witness: the template's step messages where their atoms hold, branches in
/// the checked function (informative when they dominate `end`, where the witness ends in it),
/// calls into and returns from other functions, and calls that never return.
fn witness_steps(analysis: &Analysis<'_>, check: &CtlCheck<'_>, f: FnIndex, var: Option<(PathId, &AccessPath)>, witness: &[Point], end: NodeId) -> Vec<PathStep> {
    let dominators = analysis.dominators(f);
    let name = var.map(|(_, p)| p.text()).unwrap_or_default();
    let mut steps = Vec::new();
    let mut depth = 0usize;
    let mut previous: Option<(FnIndex, NodeId)> = None;
    // Where the path last was in the source: synthetic nodes (the exit) borrow it.
    let mut last_span: Option<(FnIndex, goanna_ast::Span)> = None;
    for point in witness {
        let program = analysis.program;
        let cfg = program.cfg(point.function);
        let ctx = UnitContext::new(program.files(point.function));
        let Some(n) = point.node else {
            if let Some((g, m)) = previous {
                let at = program.cfg(g).node(m).span.unwrap_or(program.cfg(g).span);
                let ctx = UnitContext::new(program.files(g));
                steps.push(PathStep::event(ctx.location(at), "this call does not return"));
            }
            break;
        };
        let span = match (cfg.node(n).span, last_span) {
            (Some(span), _) => span,
            (None, Some((g, span))) if g == point.function => span,
            (None, _) => cfg.span,
        };
        last_span = Some((point.function, span));
        if point.depth > depth {
            steps.push(PathStep::new(ctx.location(cfg.span), format!("entering `{}`", cfg.name)));
        } else if point.depth < depth {
            steps.push(PathStep::new(ctx.location(span), format!("back in `{}`", cfg.name)));
        }
        depth = point.depth;
        // One message per point: the first of the template's steps (in name order) that holds.
        for (atom, message) in &check.template.steps {
            if atom_holds(analysis, *atom, f, var.map(|(id, _)| id), point.function, n) {
                // A synthetic node (the exit) has no range of its own: keep the borrowed one.
                let at = if point.function == f && cfg.node(n).span.is_some() {
                    report_prop(analysis, f, cfg, n, Some(*atom), var.map(|(id, _)| id)).unwrap_or(span)
                } else {
                    span
                };
                steps.push(PathStep::event(ctx.location(at), message.replace("{var}", &name)));
                break;
            }
        }
        if point.depth == 0 {
            if let Some(step) = branch_step(&ctx, cfg, n) {
                steps.push(step.key_if(point.function == f && dominators.dominates(n, end)));
            }
        }
        previous = Some((point.function, n));
    }
    steps
}

/// True when the node `m`, a branch where `v` is found NULL, leaves a search loop on the way to
/// `end`: the condition it branches from is in a loop whose body gives `v` a new value, and the
/// loop has another way out (the other half of `p != NULL && !match(p)`, a `break`) from which
/// `end` is reached without going round the loop again.
fn search_loop_exit(program: &Program<'_>, effects: &CallEffects, f: FnIndex, v: PathId, m: NodeId, end: NodeId) -> bool {
    use goanna_cfg::PropKind;
    let cfg = program.cfg(f);
    let tests = cfg.node(m).props.iter().any(|p| p.kind == PropKind::NullTest && p.subject == Subject::Path(v));
    if !tests || !matches!(cfg.node(m).kind, NodeKind::Branch(_)) {
        return false;
    }
    let conditions: Vec<NodeId> = cfg.node_ids().filter(|&c| cfg.node(c).succs.iter().any(|e| e.target == m)).collect();
    let writes = |n: NodeId| gives_new_value(cfg, effects, f, v, n);
    program.loop_heads[f as usize].iter().any(|&head| {
        let cycle: rustc_hash::FxHashSet<NodeId> = cfg.cycle_through(head).into_iter().collect();
        if cycle.contains(&m) || !conditions.iter().any(|c| cycle.contains(c)) || !cycle.iter().any(|&n| writes(n)) {
            return false;
        }
        // The other exits of the loop, and what they reach outside it.
        let mut stack: Vec<NodeId> = cycle
            .iter()
            .flat_map(|&u| cfg.node(u).succs.iter().map(|e| e.target))
            .filter(|t| !cycle.contains(t) && *t != m)
            .collect();
        let mut seen: rustc_hash::FxHashSet<NodeId> = rustc_hash::FxHashSet::default();
        while let Some(n) = stack.pop() {
            if n == end {
                return true;
            }
            if cycle.contains(&n) || !seen.insert(n) {
                continue;
            }
            stack.extend(cfg.node(n).succs.iter().map(|e| e.target));
        }
        false
    })
}

/// True when node `n` of `f` gives `v` a new value: `def_v`, or `addr_taken_v` passed to a
/// callee that may write it, itself or through its callee's effects.
fn gives_new_value(cfg: &goanna_cfg::Cfg, effects: &CallEffects, f: FnIndex, v: PathId, n: NodeId) -> bool {
    use goanna_cfg::PropKind;
    let own = cfg.node(n).props.iter().any(|p| matches!(p.kind, PropKind::Def | PropKind::AddrTaken) && p.subject == Subject::Path(v));
    own || effects.get(&(f, n)).is_some_and(|fx| fx.iter().any(|&(k, p)| k == PropKind::Def && p == v))
}

/// True when node `m` tests `v` for NULL on a branch of a loop's head condition (the target of
/// a back edge) and some node of that loop gives `v` a new value (`def_v`, or `addr_taken_v`
/// passed to a callee that may write it), itself or through its callee's effects.
fn loop_retest(program: &Program<'_>, effects: &CallEffects, f: FnIndex, v: PathId, m: NodeId) -> bool {
    use goanna_cfg::PropKind;
    let cfg = program.cfg(f);
    let tests = cfg.node(m).props.iter().any(|p| matches!(p.kind, PropKind::NullTest | PropKind::NonNullTest) && p.subject == Subject::Path(v));
    if !tests || !matches!(cfg.node(m).kind, NodeKind::Branch(_)) {
        return false;
    }
    // The condition the branch belongs to, when it heads a loop.
    let heads = &program.loop_heads[f as usize];
    let Some(head) = cfg.node_ids().find(|&c| heads.binary_search(&c).is_ok() && cfg.node(c).succs.iter().any(|e| e.target == m)) else {
        return false;
    };
    let writes = |n: NodeId| gives_new_value(cfg, effects, f, v, n);
    cfg.cycle_through(head).into_iter().any(writes)
}
