//! Value (interval) analysis, Goanna style: intervals label nodes and rule out infeasible
//! paths before any check runs.
//!
//! [`refine_program`] runs an intra-procedural interval analysis ([`analysis`]) on every
//! linked function, bottom-up over the call graph, with cheap inter-procedural facts:
//! file-scope variables that nothing in the program writes (and whose address is never
//! taken) keep their constant initialiser; a function whose every reachable `return` gives
//! the same constant gives it to its callers; and globals (integer variables and fields of
//! global structures, never address-taken, not written by code started as a thread) are
//! tracked through calls: each function's summary says which globals it may write (itself or
//! through callees; a call through a pointer or of a function outside the program may write
//! any) and which it leaves with a known interval on every path that returns. A function that
//! no call names and that is shaped like a signal handler (`void h(int, ...)`) may run at any
//! time: the globals it writes itself are not tracked. A library routine handed a function
//! (`qsort`'s comparator) writes what that function may write, where it is called.
//! It returns a copy of the graphs where
//!
//! - a condition whose outcome is the same on every path that reaches it gets that outcome as
//!   its `const_cond` (so its other edge is infeasible for every check: flat models, the
//!   whole-program structure, behaviours, feasible reachability), and `cond_always` /
//!   `cond_never` when it is not written in a macro expansion and is decided the same way
//!   when constants written through macros (and `sizeof`) are unknown: a condition decided
//!   only by the build's configuration (`if (sx < 0)` where `sx` was shifted by a
//!   platform-dependent amount), or by the result (or the globals left) of a function whose
//!   body holds conditional compilation (`#if`: another build may differ), is a portability
//!   guard, not a finding;
//! - a divisor that is zero on every path that reaches it gets `div_zero`.
//!
//! **Invariant:** the analysis over-approximates the values of every variable it tracks on
//! every path, so a condition is decided, or a divisor zero, only when it is so on all paths;
//! anything not modelled is "any value", and a function beyond the budget gets no facts.

pub mod analysis;
mod contexts;
pub mod interval;

use crate::program::{FnIndex, Program, UnitGraphs};
use analysis::FunctionFacts;
use goanna_ast::VarKind;
use goanna_cfg::{Cfg, NodeId, Prop, PropKind, Subject, ValueOp};
use rustc_hash::{FxHashMap, FxHashSet};

/// The program's graphs refined by the value analysis.
pub struct Refined {
    /// For each unit, its graphs with the analysis' facts applied (`None`: nothing changed, the
    /// unit's own graphs stand).
    pub cfgs: Vec<Option<Vec<Cfg>>>,
    /// For each unit and graph, the condition nodes decided by values (not by compile-time
    /// constants) outside macro expansions: code behind their infeasible edge is dead.
    pub decided: Vec<Vec<Vec<NodeId>>>,
    /// The functions (unit, graph) whose analysis ran out of time and gave no facts.
    pub over_budget: Vec<(usize, usize)>,
}

/// Runs the value analysis on the linked program (functions larger than `max_nodes` are left
/// as they are; a function's analysis that takes longer than `budget` stops and gives no facts)
/// and returns the refined graphs.
pub fn refine_program(units: &[UnitGraphs<'_>], max_nodes: usize, budget: std::time::Duration) -> Refined {
    let globals = constant_globals(units);
    let program = Program::link(units, max_nodes);
    // With the configuration's constants: what paths are feasible. Without them: what may be
    // reported.
    let (facts, mut late) = analyse_all(&program, &globals, true, &|_| true, budget);
    // Only functions with something to report, or a constant result, need the second run.
    let needed = |f: FnIndex| {
        facts[f as usize].as_ref().is_some_and(|r| {
            r.returns.is_some()
                || !r.exits.is_empty()
                || r.decided.iter().any(|&(n, _)| {
                    let node = program.cfg(f).node(n);
                    node.const_cond.is_none() && node.span.is_some_and(|s| !s.from_macro)
                })
        })
    };
    let (portable, late_again) = analyse_all(&program, &globals, false, &needed, budget);
    late.extend(late_again);
    late.sort_unstable();
    late.dedup();
    let over_budget = late.iter().map(|&f| (program.functions[f as usize].unit as usize, program.functions[f as usize].cfg as usize)).collect();
    let changes = |f: usize| {
        facts[f].as_ref().is_some_and(|r| !r.zero_divisors.is_empty() || !r.out_of_bounds.is_empty() || !r.overflows.is_empty() || r.decided.iter().any(|&(n, _)| program.cfg(f as FnIndex).node(n).const_cond.is_none()))
    };
    let mut touched = vec![false; units.len()];
    for f in 0..facts.len() {
        if changes(f) {
            touched[program.functions[f].unit as usize] = true;
        }
    }
    let mut cfgs: Vec<Option<Vec<Cfg>>> = units.iter().zip(&touched).map(|(u, &t)| t.then(|| u.cfgs.to_vec())).collect();
    let mut decided: Vec<Vec<Vec<NodeId>>> = units.iter().map(|u| vec![Vec::new(); u.cfgs.len()]).collect();
    for (f, (fact, port)) in facts.into_iter().zip(portable).enumerate() {
        let Some(fact) = fact else { continue };
        let r = program.functions[f];
        let (u, c) = (r.unit as usize, r.cfg as usize);
        let reportable: Vec<(NodeId, bool)> = port.map(|p| p.decided).unwrap_or_default();
        if let Some(cfg) = cfgs[u].as_mut().and_then(|unit| unit.get_mut(c)) {
            decided[u][c] = apply(cfg, &fact, &reportable);
        }
    }
    Refined { cfgs, decided, over_budget }
}

/// The facts of every linked function for which `needed` holds (`None` beyond the budget or
/// when not needed), bottom-up over the call graph so that callees' constant results are
/// known to their callers; and the functions whose time `budget` ran out.
fn analyse_all(
    program: &Program<'_>,
    globals: &FxHashMap<String, i64>,
    config_known: bool,
    needed: &(dyn Fn(FnIndex) -> bool + Sync),
    budget: std::time::Duration,
) -> (Vec<Option<FunctionFacts>>, Vec<FnIndex>) {
    use rayon::prelude::*;
    let count = program.functions.len();
    // Levels of the call graph's components: a component comes after its callees'. The
    // functions of one level are analysed in parallel (those of one recursive component too:
    // each sees the others' results as unknown, which is sound).
    let sccs = crate::program::call_graph_sccs(program);
    let gw = program.global_writes();
    let trackable = |usr: &str| !gw.var_escapes(usr) && !globals.contains_key(usr);
    let mut level = vec![0usize; count];
    let mut levels: Vec<Vec<FnIndex>> = Vec::new();
    for scc in &sccs {
        let mut l = 0;
        for &f in scc {
            for &(_, g) in &program.calls[f as usize] {
                if !scc.contains(&g) {
                    l = l.max(level[g as usize] + 1);
                }
            }
        }
        for &f in scc {
            level[f as usize] = l;
        }
        if levels.len() <= l {
            levels.resize(l + 1, Vec::new());
        }
        levels[l].extend(scc.iter().copied());
    }
    let sensitive = contexts::sensitive_parameters(program, &levels);
    let mut facts: Vec<Option<FunctionFacts>> = vec![None; count];
    let mut over_budget = Vec::new();
    let mut returns: Vec<Option<i128>> = vec![None; count];
    for fs in levels {
        let memo = contexts::Memo::default();
        let results: Vec<(FnIndex, bool, Option<FunctionFacts>)> = fs
            .par_iter()
            .map(|&f| {
                if !needed(f) {
                    return (f, false, None);
                }
                let deadline = goanna_mc::Deadline::for_budget(budget);
                let shared = contexts::Shared { program, globals, config_known, trackable: &trackable, gw, facts: &facts, returns: &returns, sensitive: &sensitive, memo: &memo, deadline: &deadline };
                let result = shared.analyse(f, &[], 0);
                (f, result.is_none() && deadline.expired(), result)
            })
            .collect();
        for (f, expired, result) in results {
            returns[f as usize] = result.as_ref().and_then(|r| r.returns);
            facts[f as usize] = result;
            if expired {
                over_budget.push(f);
            }
        }
    }
    (facts, over_budget)
}

/// Applies one function's facts to its graph; returns the decided conditions that are
/// reported: outside macro expansions, and decided the same way without the configuration's
/// constants (`portable`).
fn apply(cfg: &mut Cfg, facts: &FunctionFacts, portable: &[(NodeId, bool)]) -> Vec<NodeId> {
    let mut reportable = Vec::new();
    for &(n, truth) in &facts.decided {
        let Some(node) = cfg.nodes.get_mut(n.index()) else { continue };
        if node.const_cond.is_some() {
            continue;
        }
        node.const_cond = Some(i64::from(truth));
        let Some(span) = node.span else { continue };
        if span.from_macro || !portable.contains(&(n, truth)) {
            continue;
        }
        let kind = if truth { PropKind::CondAlways } else { PropKind::CondNever };
        node.props.push(Prop { kind, subject: Subject::None, span, value: None });
        reportable.push(n);
    }
    for &(n, span) in &facts.zero_divisors {
        let Some(node) = cfg.nodes.get_mut(n.index()) else { continue };
        if !node.props.iter().any(|p| p.kind == PropKind::DivByZero && p.span == span) {
            node.props.push(Prop { kind: PropKind::DivByZero, subject: Subject::None, span, value: None });
        }
    }
    for o in &facts.out_of_bounds {
        let Some(node) = cfg.nodes.get_mut(o.node.index()) else { continue };
        let kind = match (o.how, o.certain) {
            (goanna_cfg::AccessKind::Index, true) => PropKind::IndexOutOfBounds,
            (goanna_cfg::AccessKind::Index, false) => PropKind::IndexMayBeOutOfBounds,
            (_, true) => PropKind::CopyOutOfBounds,
            (_, false) => PropKind::CopyMayBeOutOfBounds,
        };
        if !node.props.iter().any(|p| p.kind == kind && p.span == o.span) {
            node.props.push(Prop { kind, subject: Subject::None, span: o.span, value: None });
        }
    }
    for o in &facts.overflows {
        let (Some(node), Some(mut span)) = (cfg.nodes.get_mut(o.node.index()), o.span) else { continue };
        // Arithmetic on a variable is reported where the builder saw it (`data + 1`, `c++`),
        // the location `ATH-overflow-assign` reports the same operation at.
        if o.kind == analysis::OverflowKind::Arithmetic {
            if let Some(p) = node.props.iter().find(|p| p.kind == PropKind::Grows) {
                span = p.span;
            }
        }
        let kind = match o.kind {
            analysis::OverflowKind::Arithmetic => PropKind::IntOverflow,
            analysis::OverflowKind::Shift => PropKind::ShiftOutOfRange,
            analysis::OverflowKind::Call => PropKind::CallOverflow,
        };
        if !node.props.iter().any(|p| p.kind == kind && p.span == span) {
            node.props.push(Prop { kind, subject: Subject::None, span, value: None });
        }
    }
    reportable
}

/// File-scope variables with a constant initialiser that no function of the program writes or
/// takes the address of: their values, by USR. A program without a `main` (a library, a part
/// of a program) is linked with code it does not show, which may write its globals of external
/// linkage (a test hook such as nghttp2's `nghttp2_enable_strict_preface`): only `static` and
/// `const` ones count there.
pub fn constant_globals(units: &[UnitGraphs<'_>]) -> FxHashMap<String, i64> {
    let executable = units.iter().flat_map(|u| u.cfgs.iter()).any(|cfg| cfg.name == "main" && !cfg.is_static);
    let mut inits: FxHashMap<String, Option<i64>> = FxHashMap::default();
    let mut written: FxHashSet<&str> = FxHashSet::default();
    for unit in units {
        for cfg in unit.cfgs {
            for &(p, v) in &cfg.global_inits {
                let Some(path) = cfg.paths.get(p.0 as usize) else { continue };
                if !executable && path.root.kind == VarKind::Global && !path.root.is_const {
                    continue;
                }
                let slot = inits.entry(path.root.usr.clone()).or_insert(Some(v));
                if *slot != Some(v) {
                    *slot = None;
                }
            }
            // Written through the pointer an initialiser stores (`{ "count", &count_limit }`).
            for path in cfg.paths.iter().filter(|p| p.root.address_stored) {
                written.insert(path.root.usr.as_str());
            }
            for node in &cfg.nodes {
                let writes = node.props.iter().filter_map(|p| match (p.kind, &p.subject) {
                    (
                        PropKind::Def | PropKind::DeclInit | PropKind::AddrTaken | PropKind::Alloc | PropKind::MayBeNull,
                        Subject::Path(id),
                    ) => Some(*id),
                    _ => None,
                });
                let assigns = node.values.iter().filter_map(|op| match op {
                    ValueOp::Assign { target, .. } => Some(*target),
                    _ => None,
                });
                for id in writes.chain(assigns) {
                    if let Some(path) = cfg.paths.get(id.0 as usize) {
                        if matches!(path.root.kind, VarKind::Global | VarKind::StaticGlobal | VarKind::StaticLocal) {
                            written.insert(path.root.usr.as_str());
                        }
                    }
                }
            }
        }
    }
    inits
        .into_iter()
        .filter_map(|(usr, v)| if written.contains(usr.as_str()) { None } else { v.map(|v| (usr, v)) })
        .collect()
}
