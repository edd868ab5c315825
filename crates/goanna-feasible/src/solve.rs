//! Deciding a path: its constraints, each tracked by an assumption literal, asked of Z3; on
//! UNSAT, the unsatisfiable core, made smaller by dropping one literal at a time.

use crate::encode::{constant, convert, not_named, Encoder, Version};
use crate::events::{Event, Frame, Rel, VarKey};
use crate::{Assumed, PathQuery};
use goanna_cfg::{EdgeKind, IntType, NodeId, PathId};
use rustc_hash::FxHashMap;
use z3::ast::{Bool, BV};
use z3::{Params, SatResult, Solver};

/// Bounds on one feasibility question.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The solver's work limit per check, in Z3 resource units (its `unknown` counts as
    /// feasible): deterministic, so a verdict does not depend on the machine's load. About
    /// 2,000 units are a millisecond of an unloaded core.
    pub rlimit: u32,
    /// The solver's time limit per check, in milliseconds: a backstop for work the resource
    /// count does not see, far above what the work limit allows an unloaded core (about two
    /// seconds), so that it decides nothing on a machine that is merely busy.
    pub timeout_ms: u32,
    /// Longest path decided; longer ones count as feasible.
    pub max_steps: usize,
    /// Most solver calls spent making a core smaller.
    pub max_minimise: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { rlimit: 4_000_000, timeout_ms: 20_000, max_steps: 4_000, max_minimise: 16 }
    }
}

/// The verdict on a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Feasibility {
    /// Some values of the program's inputs take the path (as far as the encoding sees).
    Feasible,
    /// No values take it: the steps of the core contradict each other.
    Infeasible(Core),
    /// The solver gave up (time limit) or the path is longer than the limit.
    Unknown,
    /// The path can be taken, but the NULL the finding needs ([`Assumed::NullCertain`]) is not
    /// forced on it: the callee may return something else for the values the path leaves open.
    /// The core is that step alone (for this finding only): paths through it are not reported.
    Latent(Core),
}

/// Why a path is infeasible: the steps whose constraints contradict each other, in path order,
/// and for each gap between two consecutive ones the values that must not be written in between
/// (the versions the constraints on both sides share). Every path that takes these steps' nodes
/// in this order without writing a guarded value in a gap is infeasible too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Core {
    /// Indices into the path's steps, increasing.
    pub steps: Vec<usize>,
    /// `guards[i]`: the values not to be written between `steps[i]` and `steps[i + 1]`.
    pub guards: Vec<Vec<VarKey>>,
    /// The contradiction needs that a reported event happened (a library call whose effects
    /// depend on its success succeeded), or a belief of the program's rather than a fact (a
    /// member pointer it never considers NULL is not): it holds only for this finding, so it
    /// must not exclude paths for other findings or checks.
    pub assumes_reported: bool,
}

/// One tracked constraint: its literal, the steps it belongs to (an edge's condition belongs to
/// the condition node and the node the edge enters), the versions it names.
struct Tracked {
    literal: Bool,
    first: usize,
    last: usize,
    versions: Vec<Version>,
    /// An assumption made only because the step's event is the one reported.
    reported_only: bool,
}

/// Where the constraints of a path go.
pub(crate) trait Sink {
    /// A constraint of step `step` naming `versions`.
    fn add(&mut self, fact: Bool, step: usize, versions: Vec<Version>);
    /// A constraint assumed only because the step's event is the reported one.
    fn add_reported_only(&mut self, fact: Bool, step: usize, versions: Vec<Version>);
}

impl Sink for Constraints {
    fn add(&mut self, fact: Bool, step: usize, versions: Vec<Version>) {
        Constraints::add(self, fact, step, versions);
    }
    fn add_reported_only(&mut self, fact: Bool, step: usize, versions: Vec<Version>) {
        Constraints::add_reported_only(self, fact, step, versions);
    }
}

/// Collects the constraints of a path.
struct Constraints {
    solver: Solver,
    tracked: Vec<Tracked>,
}

impl Constraints {
    fn add(&mut self, fact: Bool, step: usize, versions: Vec<Version>) {
        self.add_over(fact, step, step, versions);
    }

    fn add_over(&mut self, fact: Bool, first: usize, last: usize, versions: Vec<Version>) {
        let literal = Bool::fresh_const("c");
        self.solver.assert(literal.implies(&fact));
        self.tracked.push(Tracked { literal, first, last, versions, reported_only: false });
    }

    fn add_reported_only(&mut self, fact: Bool, step: usize, versions: Vec<Version>) {
        self.add(fact, step, versions);
        if let Some(t) = self.tracked.last_mut() {
            t.reported_only = true;
        }
    }
}

/// The size of the pages an allocator never hands out at either end of the address space.
const SENTINEL_PAGE: u64 = 4096;

/// `address` is one an allocator can return: outside the first and the last page, where
/// NULL and the sentinels a program compares its pointers with live, and not the address of a
/// named object (`copy != stackbuf`).
fn allocated_address(address: &BV) -> Bool {
    let low = BV::from_u64(SENTINEL_PAGE, 64);
    let high = BV::from_u64(SENTINEL_PAGE.wrapping_neg(), 64);
    Bool::and(&[address.bvuge(&low), address.bvult(&high), not_named(address)])
}

/// `value REL c` for a value of type `ty` (unknown type: signed 64 bits). A type narrower than
/// `int` is promoted to `int` before the comparison: the value it holds is compared with the
/// constant itself (`bits == 1` is false for a signed 1-bit field holding -1, `c == 300` for an
/// `unsigned char`); a wider one takes the constant into its own type (`u == -1`).
fn relation(value: &BV, rel: Rel, c: i64, ty: Option<IntType>) -> Bool {
    let (c, signed) = match ty {
        Some(ty) if ty.bits < 32 => (constant(c), true),
        Some(ty) => (convert(&constant(c), ty), ty.signed),
        None => (constant(c), true),
    };
    match rel {
        Rel::Eq => value.eq(&c),
        Rel::Ne => value.eq(&c).not(),
        Rel::Lt => if signed { value.bvslt(&c) } else { value.bvult(&c) },
        Rel::Le => if signed { value.bvsle(&c) } else { value.bvule(&c) },
        Rel::Gt => if signed { value.bvsgt(&c) } else { value.bvugt(&c) },
        Rel::Ge => if signed { value.bvsge(&c) } else { value.bvuge(&c) },
    }
}

/// What taking the edge(s) from `from` to `to` says about the condition value of `from`.
pub(crate) fn edge_fact(cfg: &goanna_cfg::Cfg, from: goanna_cfg::NodeId, to: goanna_cfg::NodeId, cond: &BV) -> Option<Bool> {
    let node = cfg.node(from);
    let kinds: Vec<EdgeKind> = node.succs.iter().filter(|e| e.target == to).map(|e| e.kind).collect();
    let fact_of = |kind: EdgeKind| -> Option<Bool> {
        match kind {
            EdgeKind::True => Some(cond.eq(constant(0)).not()),
            EdgeKind::False => Some(cond.eq(constant(0))),
            // A GNU case range or a value the compiler could not evaluate says nothing exact.
            EdgeKind::Case(v) if exact_cases(cfg, node) => Some(cond.eq(constant(v))),
            EdgeKind::Default if exact_cases(cfg, node) => {
                let cases: Vec<Bool> = node
                    .succs
                    .iter()
                    .filter_map(|e| match e.kind {
                        EdgeKind::Case(v) => Some(cond.eq(constant(v)).not()),
                        _ => None,
                    })
                    .collect();
                Some(Bool::and(&cases))
            }
            _ => None,
        }
    };
    // Several edges to one node (`case 1: case 2:` sharing a label is not this; a condition
    // whose both branches meet) say only their disjunction.
    let facts: Option<Vec<Bool>> = kinds.iter().map(|&k| fact_of(k)).collect();
    match facts {
        Some(f) if !f.is_empty() => Some(Bool::or(&f)),
        _ => None,
    }
}

/// True when every `case` of the `switch` at `node` is one value the edge names: not a case the
/// compiler could not evaluate (`Case(i64::MIN)`), nor a GNU range (`case 1 ... 5`, whose edge
/// names only its low end and whose label says the range).
fn exact_cases(cfg: &goanna_cfg::Cfg, node: &goanna_cfg::Node) -> bool {
    node.succs.iter().all(|e| match e.kind {
        EdgeKind::Case(v) => {
            v != i64::MIN && matches!(&cfg.node(e.target).kind, goanna_cfg::NodeKind::Label(name) if *name == format!("case {v}"))
        }
        _ => true,
    })
}

/// Decides whether the path of `query` can be taken.
pub fn check_path(query: &PathQuery<'_>, limits: &Limits) -> Feasibility {
    check_path_costed(query, limits).0
}

/// [`check_path`], with the solver's work spent on the path in its resource units (what a
/// caller's deterministic budget charges, see `goanna_mc::Deadline::charge`).
///
/// Each path gets a solver context of its own: a context keeps the terms of every question
/// asked in it, and the numbering of those terms steers the solver's search, so within a
/// shared context an answer near the work limit would depend on which paths the same thread
/// decided before — on how the scan's threads happened to share the functions.
pub fn check_path_costed(query: &PathQuery<'_>, limits: &Limits) -> (Feasibility, u64) {
    if query.steps.len() > limits.max_steps {
        return (Feasibility::Unknown, 0);
    }
    z3::with_z3_config(&z3::Config::new(), || {
        let mut work = 0;
        let verdict = check_path_in_context(query, limits, &mut work);
        (verdict, work)
    })
}

/// The solver's resource units spent so far in its context.
fn resource_units(solver: &Solver) -> u64 {
    match solver.get_statistics().value("rlimit count") {
        Some(z3::StatisticsValue::UInt(n)) => u64::from(n),
        Some(z3::StatisticsValue::Double(x)) if x.is_finite() && x > 0.0 => x as u64,
        _ => 0,
    }
}

/// For a path from the entry of a function whose every call the program shows
/// ([`CalleeGraphs::calling_contexts`]): its integer parameters start as one of those calls
/// passes them (a flag combination no call passes is no path: `rpz_find_zone` read-locking
/// with `zones_keep_lock` set, when only its write-locking calls keep the lock). The fact and
/// the parameter versions it reads.
fn calling_context(query: &PathQuery<'_>, enc: &mut Encoder<'_, '_>) -> Option<(Bool, Vec<Version>)> {
    let program = query.program?;
    if query.steps.first()?.node != query.cfg.entry {
        return None;
    }
    let contexts = program.calling_contexts(query.function)?;
    let mut versions: Vec<Version> = Vec::new();
    let mut alternatives: Vec<Bool> = Vec::new();
    for context in &contexts {
        let mut equal: Vec<Bool> = Vec::new();
        for &(i, value) in context {
            let Some(p) = query.cfg.params.get(i).copied().flatten().filter(|&p| enc.frame().is_value(p)) else { continue };
            let key = VarKey::Path(p);
            let (v, version) = enc.read(&key);
            if !versions.contains(&(key.clone(), version)) {
                versions.push((key, version));
            }
            let value = match enc.int_type(p) {
                Some(ty) => crate::encode::convert(&crate::encode::constant(value), ty),
                None => crate::encode::constant(value),
            };
            equal.push(v.eq(&value));
        }
        if equal.is_empty() {
            // A call that says nothing of the parameters the path follows.
            return None;
        }
        alternatives.push(Bool::and(&equal));
    }
    (!alternatives.is_empty()).then(|| (Bool::or(&alternatives), versions))
}

/// [`check_path`] in the current thread's solver context; `work` gets the solver's units.
fn check_path_in_context(query: &PathQuery<'_>, limits: &Limits, work: &mut u64) -> Feasibility {
    let frame = match query.program {
        Some(program) => Frame::in_program(query.cfg, program, query.function),
        None => Frame::new(query.cfg),
    };
    let mut enc = Encoder::new(&frame);
    let solver = Solver::new_for_logic("QF_BV").unwrap_or_default();
    let mut params = Params::new();
    params.set_u32("rlimit", limits.rlimit);
    params.set_u32("timeout", limits.timeout_ms);
    solver.set_params(&params);
    let mut cs = Constraints { solver, tracked: Vec::new() };
    let mut pending: Option<(BV, Vec<Version>)> = None;
    // Callee relations, asked only when the path is feasible without them: most paths are
    // decided by their own steps, and a relation costs the solver far more than a step.
    let mut deferred: Vec<(Bool, usize, Vec<Version>, bool)> = Vec::new();
    // For a NULL that must be certain: the step, and the pointer's value there.
    let mut certain: Option<(usize, BV, Version)> = None;
    let mut memo = CallMemo::default();
    let loop_heads: Vec<NodeId> = if query.summarise_loops { summarised_loops(query) } else { Vec::new() };
    if let Some((fact, versions)) = calling_context(query, &mut enc) {
        cs.add(fact, 0, versions);
    }
    for (i, step) in query.steps.iter().enumerate() {
        if let Some((cond, reads)) = pending.take() {
            if let Some(fact) = edge_fact(query.cfg, query.steps[i - 1].node, step.node, &cond) {
                cs.add_over(fact, i - 1, i, reads);
            }
        }
        if loop_heads.contains(&step.node) {
            crate::relation::havoc_loop(query.program, query.function, &frame, query.cfg, step.node, &mut enc);
            memo.forget();
        }
        let allocated = query.assumed.iter().find_map(|&(s, a)| match a {
            Assumed::Allocated(p) if s == i => Some(p),
            _ => None,
        });
        let at = Position { step: i, reported: query.reported.contains(&i), happened: query.assumed.contains(&(i, Assumed::Happened)), allocated };
        let receives_null: Vec<PathId> = query
            .assumed
            .iter()
            .filter(|(s, _)| *s == i)
            .filter_map(|&(_, a)| match a {
                Assumed::Null(p) | Assumed::NullCertain(p) => Some(p),
                _ => None,
            })
            .collect();
        // What the callee can return for the values passed (read before the call's writes);
        // along the counterexample's walk inside the callee, whether it can take that walk.
        let relation = query
            .program
            .filter(|_| step.walk.is_some() || result_used(query, i))
            .and_then(|graphs| crate::relation::call_relation(graphs, query.function, query.cfg, &mut enc, step.node, 0, at.reported, step.walk));
        // A call answered by an earlier one: what it is given, read before its own writes.
        let remembered = query.program.and_then(|graphs| memo.call_key(graphs, query, &mut enc, i));
        let mut after: Vec<(PathId, Version, BV)> = Vec::new();
        for event in frame.step_events(step.node, step.effects, step.null_only_if) {
            // A callee that writes nothing visible changes none of the caller's memory, whatever
            // the call site's conservative effects say.
            if remembered.is_some() && matches!(event, Event::Clobber(..) | Event::Store(..)) {
                continue;
            }
            if let Event::NullOnlyIf(result, arg) = event {
                // The argument's value before the call's writes; the result's after them.
                let key = VarKey::Path(arg);
                let (v, version) = enc.read(&key);
                after.push((result, (key, version), v));
                continue;
            }
            // Where the finding's pointer receives the NULL it is about (`p = strchr(s + k,
            // c)`), a dereference of another pointer there (the call's argument) happened
            // before and is a fact, like any other step's.
            let at = match event {
                Event::Dereferenced(x) if at.reported && !receives_null.is_empty() && !receives_null.contains(&x) => Position { reported: false, ..at },
                _ => at,
            };
            encode_event(&mut enc, &mut cs, &mut pending, event, at);
        }
        for (result, arg, arg_value) in after {
            let key = VarKey::Path(result);
            let (r, version) = enc.read(&key);
            cs.add(r.eq(constant(0)).implies(arg_value.eq(constant(0))), i, vec![(key, version), arg]);
        }
        // What the callee left in the integers it zeroes when it returns NULL (after the
        // call's writes).
        if let goanna_cfg::NodeKind::Call(site) = &query.cfg.node(step.node).kind {
            if let Some(result) = site.result.filter(|&r| frame.is_value(r)) {
                for &x in step.null_zeroes.iter().filter(|&&x| frame.is_value(x)) {
                    let (r_key, x_key) = (VarKey::Path(result), VarKey::Path(x));
                    let (r, r_version) = enc.read(&r_key);
                    let (v, x_version) = enc.read(&x_key);
                    cs.add(r.eq(constant(0)).implies(v.eq(constant(0))), i, vec![(r_key, r_version), (x_key, x_version)]);
                }
            }
        }
        match remembered {
            Some(key) => memo.answer(&mut enc, &mut cs, query.cfg, &frame, step.node, i, key),
            None if writes_memory(query, step) => memo.forget(),
            None => {}
        }
        let mut own_null = None;
        if let Some(r) = relation {
            let mut facts = vec![r.fact];
            let mut versions = r.reads;
            versions.extend(crate::relation::bind_result(query.cfg, &frame, &mut enc, step.node, &r.result, &mut facts));
            versions.extend(crate::relation::bind_outs(&mut enc, &r.outs, &mut facts));
            own_null = Some((r.own_null, versions.clone()));
            // A finding about the block the call returns (a leak) is about a block the callee
            // left to its caller alone, not one it also linked elsewhere.
            let returned_block = matches!(&query.cfg.node(step.node).kind, goanna_cfg::NodeKind::Call(site) if site.result.is_some() && site.result == at.allocated);
            if returned_block {
                deferred.push((r.own_block, i, versions.clone(), true));
                // A block of the callee's own is one it just allocated: no pointer held it
                // before (`nl = xmalloc(n); ... if (c->list != nl)`), as for an inline
                // allocation.
                if let Some(p) = at.allocated {
                    let (fresh, fresh_versions) = enc.distinct_from_others(p);
                    deferred.push((fresh, i, fresh_versions, true));
                }
            }
            // One about a block it stored through `&x`: a block it did not free again.
            if let Some(k) = at.allocated.and_then(|p| r.outs.iter().position(|(key, _)| *key == VarKey::Path(p))) {
                deferred.push((r.outs_live[k].clone(), i, versions.clone(), true));
            }
            deferred.push((Bool::and(&facts), i, versions, false));
        }
        // The event of a call of the program's own function happened (a lock wrapper took the
        // lock): it returned 0, the status convention of such functions.
        if at.happened {
            if let goanna_cfg::NodeKind::Call(site) = &query.cfg.node(step.node).kind {
                if let Some(usr) = &site.callee_usr {
                    let key = VarKey::Result(usr.clone());
                    let (v, version) = enc.read(&key);
                    cs.add_reported_only(v.eq(constant(0)), i, vec![(key, version)]);
                }
            }
        }
        for &(_, assumed) in query.assumed.iter().filter(|(s, _)| *s == i) {
            if let Assumed::Allocated(p) | Assumed::Released(p) = assumed {
                let key = VarKey::Path(p);
                let (v, version) = enc.read(&key);
                cs.add_reported_only(allocated_address(&v), i, vec![(key, version)]);
            }
            if let Assumed::Null(p) | Assumed::NullCertain(p) = assumed {
                let key = VarKey::Path(p);
                let (v, version) = enc.read(&key);
                cs.add_reported_only(v.eq(constant(0)), i, vec![(key.clone(), version)]);
                if matches!(assumed, Assumed::NullCertain(_)) {
                    certain = Some((cs.tracked.len() - 1, v, (key, version)));
                }
                // The finding is about a NULL the callee produces, not one it was handed.
                if let Some((own, versions)) = own_null.take() {
                    deferred.push((own, i, versions, true));
                }
            }
        }
        // What the step's reads took for granted (a member pointer the function never
        // considers NULL is not). A belief, not a fact: a contradiction that needs it excludes
        // paths for this finding only (a check that every path must satisfy would otherwise
        // lose paths the program can take).
        for fact in enc.take_assumptions() {
            cs.add_reported_only(fact, i, Vec::new());
        }
        for (fact, versions) in enc.take_facts() {
            cs.add(fact, i, versions);
        }
    }
    let mut literals: Vec<Bool> = cs.tracked.iter().map(|t| t.literal.clone()).collect();
    let mut verdict = cs.solver.check_assumptions(&literals);
    if verdict == SatResult::Sat && !deferred.is_empty() {
        for (fact, i, versions, reported_only) in deferred {
            if reported_only {
                cs.add_reported_only(fact, i, versions);
            } else {
                cs.add(fact, i, versions);
            }
        }
        literals = cs.tracked.iter().map(|t| t.literal.clone()).collect();
        verdict = cs.solver.check_assumptions(&literals);
    }
    if crate::trace::enabled() {
        eprintln!("goanna-feasible: function `{}`, {} steps: {:?} {:?}\n{}", query.cfg.name, query.steps.len(), verdict, query.steps.iter().map(|s| (s.node.index(), s.walk.is_some())).collect::<Vec<_>>(), cs.solver);
        if verdict == SatResult::Sat {
            if let Some(model) = cs.solver.get_model() {
                eprintln!("goanna-feasible: model\n{model}");
            }
        }
    }
    let outcome = match (verdict, certain) {
        (SatResult::Sat, Some((assumption, value, version))) => certainty(&mut cs, assumption, &value, version),
        (SatResult::Sat, None) => Feasibility::Feasible,
        // A NULL that must be certain and that the solver cannot show to be (the path was
        // feasible without the callee relations, which then ran out of work) is latent.
        (SatResult::Unknown, Some((assumption, _, _))) => {
            let step = cs.tracked[assumption].first;
            Feasibility::Latent(Core { steps: vec![step], guards: Vec::new(), assumes_reported: true })
        }
        (SatResult::Unknown, None) => Feasibility::Unknown,
        (SatResult::Unsat, _) => {
            let core = minimise(&cs, limits);
            Feasibility::Infeasible(core_of(&cs, &core))
        }
    };
    *work = resource_units(&cs.solver);
    outcome
}

/// The verdict on a feasible path whose NULL at tracked constraint `assumption` must be
/// certain: feasible when the path's other constraints leave `value` no other value than NULL,
/// latent when they allow another (or the solver cannot tell).
fn certainty(cs: &mut Constraints, assumption: usize, value: &BV, version: Version) -> Feasibility {
    let step = cs.tracked[assumption].first;
    // Without the NULL assumption and the facts that hold only for the callee's own NULL.
    let mut literals: Vec<Bool> =
        cs.tracked.iter().enumerate().filter(|&(k, t)| k != assumption && !(t.reported_only && t.first == step)).map(|(_, t)| t.literal.clone()).collect();
    cs.add(value.eq(constant(0)).not(), step, vec![version]);
    literals.extend(cs.tracked.last().map(|t| t.literal.clone()));
    match cs.solver.check_assumptions(&literals) {
        SatResult::Unsat => Feasibility::Feasible,
        SatResult::Sat | SatResult::Unknown => Feasibility::Latent(Core { steps: vec![step], guards: Vec::new(), assumes_reported: true }),
    }
}

/// How an argument is compared between two calls.
#[derive(Clone, PartialEq, Eq)]
enum ArgKey {
    /// The value of a path, at a version.
    Value(PathId, u32),
    /// The address of a path (`&x`, `&p->f`), with the version of the pointer it goes through.
    Address(PathId, Option<u32>),
    /// A constant.
    Constant(i64),
}

/// What identifies a call's result: the callee, its arguments, and the versions of the
/// caller's memory it reads.
#[derive(Clone, PartialEq, Eq)]
struct CallKey {
    callee: u32,
    usr: String,
    args: Vec<ArgKey>,
    reads: Vec<Version>,
}

/// The calls of functions that write nothing visible met so far on the path, with their results
/// ([`crate::purity`]): a later call with the same key returns the same value.
#[derive(Default)]
struct CallMemo {
    /// Per callee: whether it writes nothing its caller can see.
    pure: FxHashMap<u32, bool>,
    /// Earlier calls since the last write of memory: key, step, result and its version.
    calls: Vec<(CallKey, usize, BV, Version)>,
}

impl CallMemo {
    /// True when the call at step `i` is of a function that writes nothing its caller can see.
    fn is_pure_call(&mut self, graphs: &dyn crate::relation::CalleeGraphs, query: &PathQuery<'_>, i: usize) -> Option<(u32, bool)> {
        let (callee, cfg) = graphs.callee(query.function, query.steps[i].node)?;
        let pure = *self.pure.entry(callee).or_insert_with(|| crate::purity::writes_nothing(graphs, callee, cfg, 0));
        Some((callee, pure))
    }

    /// The key of the call at step `i` when its callee writes nothing visible and every
    /// argument is a value the encoding follows, an address or a constant.
    fn call_key(&mut self, graphs: &dyn crate::relation::CalleeGraphs, query: &PathQuery<'_>, enc: &mut Encoder<'_, '_>, i: usize) -> Option<CallKey> {
        let goanna_cfg::NodeKind::Call(site) = &query.cfg.node(query.steps[i].node).kind else { return None };
        let (callee, pure) = self.is_pure_call(graphs, query, i)?;
        if !pure {
            return None;
        }
        let usr = site.callee_usr.clone()?;
        let cfg = query.cfg;
        let mut args = Vec::with_capacity(site.args.len());
        for k in 0..site.args.len() {
            let constant = site.constant_arg(k);
            let arg = match (constant, site.address_args.get(k).copied().flatten(), site.args[k]) {
                (Some(c), _, _) => ArgKey::Constant(c),
                (None, Some(a), _) => {
                    let path = cfg.path(a);
                    let through = path.steps.iter().any(|s| matches!(s, goanna_cfg::PathStep::Deref | goanna_cfg::PathStep::Arrow(_)));
                    let base = cfg.paths.iter().position(|q| q.root == path.root && q.steps.is_empty()).map(|q| PathId(q as u32));
                    match (through, base) {
                        (false, _) => ArgKey::Address(a, None),
                        (true, Some(b)) if enc.follows(b) => ArgKey::Address(a, Some(enc.read(&VarKey::Path(b)).1)),
                        _ => return None,
                    }
                }
                (None, None, Some(p)) if enc.follows(p) => ArgKey::Value(p, enc.read(&VarKey::Path(p)).1),
                _ => return None,
            };
            args.push(arg);
        }
        let (_, callee_cfg) = graphs.callee(query.function, query.steps[i].node)?;
        let reads = crate::relation::callee_reads_in_caller(graphs, callee, callee_cfg, enc.frame(), site)
            .into_iter()
            .map(|key| {
                let version = enc.read(&key).1;
                (key, version)
            })
            .collect();
        Some(CallKey { callee, usr, args, reads })
    }

    /// States what the call at step `i` (node `n`, key `key`) returns: its stored pointer
    /// result is its result, and an earlier call with the same key returned the same.
    #[allow(clippy::too_many_arguments)]
    fn answer(&mut self, enc: &mut Encoder<'_, '_>, cs: &mut Constraints, cfg: &goanna_cfg::Cfg, frame: &Frame<'_>, n: goanna_cfg::NodeId, i: usize, key: CallKey) {
        let result_key = VarKey::Result(key.usr.clone());
        let (r, v) = enc.read(&result_key);
        if let goanna_cfg::NodeKind::Call(site) = &cfg.node(n).kind {
            if let Some(p) = site.result.filter(|&p| frame.is_value(p) && cfg.path(p).class == goanna_ast::TypeClass::Pointer) {
                let (stored, version) = enc.read(&VarKey::Path(p));
                cs.add(stored.eq(&r), i, vec![(result_key.clone(), v), (VarKey::Path(p), version)]);
            }
        }
        if let Some((_, step, earlier, version)) = self.calls.iter().find(|(k, ..)| *k == key) {
            let mut versions = vec![version.clone(), (result_key.clone(), v)];
            versions.extend(key.reads.iter().cloned());
            versions.extend(key.args.iter().filter_map(|a| match a {
                ArgKey::Value(p, version) => Some((VarKey::Path(*p), *version)),
                _ => None,
            }));
            cs.add_over(earlier.eq(&r), *step, i, versions);
        }
        self.calls.push((key, i, r, (result_key, v)));
    }

    /// Forgets every earlier call: memory they may have read was written.
    fn forget(&mut self) {
        self.calls.clear();
    }
}

/// True when step `step` of the path may write memory a callee could read: a call that is not
/// known to write nothing, a store through a pointer, a write of a global or of memory reached
/// through a pointer, a block freed.
fn writes_memory(query: &PathQuery<'_>, step: &crate::Step<'_>) -> bool {
    use goanna_cfg::{PathStep, PropKind, Subject};
    let cfg = query.cfg;
    let node = cfg.node(step.node);
    if matches!(node.kind, goanna_cfg::NodeKind::Call(_)) {
        return true;
    }
    let shared = |p: PathId| {
        let path = cfg.path(p);
        path.root.kind.is_static_storage() || path.steps.iter().any(|s| matches!(s, PathStep::Deref | PathStep::Arrow(_)))
    };
    let effects = step.effects.iter().map(|&(k, p)| (k, Some(p)));
    let props = node.props.iter().map(|p| (p.kind, if let Subject::Path(x) = p.subject { Some(x) } else { None }));
    props.chain(effects).any(|(kind, p)| match kind {
        PropKind::Store | PropKind::Free | PropKind::ReallocSelf | PropKind::Fclose | PropKind::Close | PropKind::ResourceUse => true,
        PropKind::Def | PropKind::DeclInit | PropKind::AssignNull | PropKind::AssignZero | PropKind::AssignConst | PropKind::AddConst => p.is_none_or(shared),
        _ => false,
    })
}

/// True when what the call at step `i` returns matters to the rest of the path: its result is
/// stored, it is given addresses to write (`f(&x)`), or a later step reads its result
/// (`if (f(x) != 0)`) before the function is called again.
fn result_used(query: &PathQuery<'_>, i: usize) -> bool {
    let goanna_cfg::NodeKind::Call(site) = &query.cfg.node(query.steps[i].node).kind else { return false };
    // A stored result, or out-parameters (`f(&x)`) whose values after the call the relation
    // gives.
    if site.result.is_some() || site.address_args.iter().any(Option::is_some) {
        return true;
    }
    // A global the callee may write that a later branch tests (`flist_free(first_flist); if
    // (first_flist == cur_flist)`): the relation gives its value after the call.
    let call = query.steps[i].node;
    let tests_written_global = |node: &goanna_cfg::Node| {
        matches!(node.kind, goanna_cfg::NodeKind::Condition | goanna_cfg::NodeKind::Branch(_))
            && node.props.iter().any(|p| {
                let goanna_cfg::Subject::Path(id) = p.subject else { return false };
                let Some(path) = query.cfg.paths.get(id.0 as usize) else { return false };
                path.root.kind.is_static_storage()
                    && path.steps.is_empty()
                    && query.program.is_some_and(|g| g.call_may_write_global(query.function, call, path, crate::events::has_internal_linkage(path)))
            })
    };
    if query.steps[i + 1..].iter().any(|step| tests_written_global(query.cfg.node(step.node))) {
        return true;
    }
    let Some(usr) = site.callee_usr.as_deref() else { return false };
    for step in &query.steps[i + 1..] {
        let node = query.cfg.node(step.node);
        if node.values.iter().any(|op| op.reads_call(usr)) {
            return true;
        }
        if matches!(&node.kind, goanna_cfg::NodeKind::Call(s) if s.callee_usr.as_deref() == Some(usr)) {
            return false;
        }
    }
    false
}

/// Where an event happens: its step, whether the step's events are the reported ones, and
/// whether the finding says its library call succeeded.
#[derive(Clone, Copy)]
pub(crate) struct Position {
    pub(crate) step: usize,
    pub(crate) reported: bool,
    pub(crate) happened: bool,
    /// The block the finding says was allocated into this path at this step.
    pub(crate) allocated: Option<PathId>,
}

/// Encodes one event of step `at` into `cs`.
pub(crate) fn encode_event(enc: &mut Encoder<'_, '_>, cs: &mut impl Sink, pending: &mut Option<(BV, Vec<Version>)>, event: Event<'_>, at: Position) {
    let Position { step: i, reported, happened, allocated } = at;
    match event {
        Event::Dereferenced(p) if !reported => {
            let key = VarKey::Path(p);
            let (v, version) = enc.read(&key);
            cs.add(v.eq(constant(0)).not(), i, vec![(key, version)]);
        }
        Event::Dereferenced(_) => {}
        Event::Clobber(..) | Event::Store(..) | Event::CallResult(_) | Event::RootWritten(_) => enc.forget_written_by(&event),
        // The reported event of a library call (a lock taken, a block stored through an
        // argument) happened: the call succeeded. A lock that waits always does.
        Event::LibraryCall(usr, success, outs, assumed) => {
            enc.forget(&VarKey::Result(usr.to_string()));
            if assumed || happened || allocated.is_some_and(|p| outs.contains(&p)) {
                let mut reads = Vec::new();
                let succeeded = enc.expr(success, &mut reads).eq(constant(0)).not();
                if assumed {
                    cs.add(succeeded, i, reads);
                } else {
                    cs.add_reported_only(succeeded, i, reads);
                }
            }
        }
        Event::Assign(target, value) => {
            let mut reads = Vec::new();
            let v = enc.expr(value, &mut reads);
            let (eq, version) = enc.assign(target, v);
            reads.push(version);
            cs.add(eq, i, reads);
        }
        Event::Divisor(value) if !reported => {
            let mut reads = Vec::new();
            let v = enc.expr(value, &mut reads);
            cs.add(v.eq(constant(0)).not(), i, reads);
        }
        Event::Divisor(_) => {}
        Event::Cond(c) => {
            let mut reads = Vec::new();
            let v = enc.expr(c, &mut reads);
            *pending = Some((v, reads));
        }
        Event::Test(p, rel, c) => {
            let key = VarKey::Path(p);
            let (v, version) = enc.read(&key);
            cs.add(relation(&v, rel, c, enc.int_type(p)), i, vec![(key, version)]);
        }
        Event::PtrFresh(p) => enc.forget(&VarKey::Path(p)),
        Event::PtrNew(p) => {
            let (fact, versions) = enc.new_object(p);
            cs.add(fact, i, versions);
        }
        Event::PtrNull(p) => set_pointer(enc, cs, p, i, |v| v.eq(constant(0)), None),
        Event::PtrNonNull(p) => set_pointer(enc, cs, p, i, |v| v.eq(constant(0)).not(), None),
        Event::PtrInto(target, source) => {
            let key = VarKey::Path(source);
            let (src, version) = enc.read(&key);
            set_pointer(enc, cs, target, i, move |v| v.eq(constant(0)).eq(src.eq(constant(0))), Some((key, version)));
        }
        Event::PtrCopy(target, source) => {
            let key = VarKey::Path(source);
            let (src, version) = enc.read(&key);
            set_pointer(enc, cs, target, i, move |v| v.eq(&src), Some((key, version)));
        }
        // Handled by the step (it spans the node's writes).
        Event::NullOnlyIf(..) => {}
    }
    if let Event::Assign(t, _) | Event::PtrFresh(t) | Event::PtrNew(t) | Event::PtrNull(t) | Event::PtrNonNull(t) | Event::PtrInto(t, _) | Event::PtrCopy(t, _) = event {
        enc.forget_elements_of(t);
    }
}

/// A new version of pointer `p` with the given property, tracked at step `i`.
fn set_pointer(enc: &mut Encoder<'_, '_>, cs: &mut impl Sink, p: PathId, i: usize, fact: impl FnOnce(&BV) -> Bool, read: Option<Version>) {
    let key = VarKey::Path(p);
    let (v, version) = enc.fresh(&key);
    let mut versions = vec![(key, version)];
    versions.extend(read);
    cs.add(fact(&v), i, versions);
}

/// The indices (into `cs.tracked`) of a small unsatisfiable subset: the solver's core, then
/// each literal dropped in turn while the rest stays unsatisfiable.
fn minimise(cs: &Constraints, limits: &Limits) -> Vec<usize> {
    let index: FxHashMap<String, usize> = cs.tracked.iter().enumerate().map(|(i, t)| (t.literal.to_string(), i)).collect();
    let mut core: Vec<usize> = cs.solver.get_unsat_core().iter().filter_map(|l| index.get(&l.to_string()).copied()).collect();
    core.sort_unstable();
    core.dedup();
    if core.is_empty() {
        // Unsatisfiable without any tracked literal: should not happen (every constraint is
        // tracked); keep every constraint so the observer is at least sound.
        return (0..cs.tracked.len()).collect();
    }
    let mut calls = 0;
    let mut k = 0;
    while k < core.len() && calls < limits.max_minimise {
        let without: Vec<Bool> = core.iter().enumerate().filter(|&(j, _)| j != k).map(|(_, &t)| cs.tracked[t].literal.clone()).collect();
        calls += 1;
        if cs.solver.check_assumptions(&without) == SatResult::Unsat {
            core.remove(k);
        } else {
            k += 1;
        }
    }
    core
}

/// The core's steps and, for each gap between consecutive steps, the values whose versions the
/// constraints on both sides of the gap share.
fn core_of(cs: &Constraints, core: &[usize]) -> Core {
    let mut steps: Vec<usize> = core.iter().flat_map(|&t| [cs.tracked[t].first, cs.tracked[t].last]).collect();
    steps.sort_unstable();
    steps.dedup();
    // The span of steps over which each version is named.
    let mut span: FxHashMap<&Version, (usize, usize)> = FxHashMap::default();
    for &t in core {
        let tracked = &cs.tracked[t];
        for v in &tracked.versions {
            let e = span.entry(v).or_insert((tracked.first, tracked.last));
            e.0 = e.0.min(tracked.first);
            e.1 = e.1.max(tracked.last);
        }
    }
    let guards = steps
        .windows(2)
        .map(|w| {
            let mut keys: Vec<VarKey> = span.iter().filter(|(_, &(lo, hi))| lo <= w[0] && hi >= w[1]).map(|(v, _)| v.0.clone()).collect();
            keys.sort();
            keys.dedup();
            keys
        })
        .collect();
    let assumes_reported = core.iter().any(|&t| cs.tracked[t].reported_only);
    Core { steps, guards, assumes_reported }
}

/// The heads of the loops of the path's graph that [`PathQuery::summarise_loops`] summarises:
/// those the path visits whose loop holds none of the reported events and nothing the path
/// must avoid ([`PathQuery::avoided`]). A loop the violation happens in (a block freed at one
/// iteration and again at a later one) keeps its iterations apart; one it only passes through
/// (an array filled before the violation, between an allocation and the return that leaks it)
/// is summarised.
fn summarised_loops(query: &PathQuery<'_>) -> Vec<NodeId> {
    let cfg = query.cfg;
    let reported: Vec<NodeId> = query.reported.iter().filter_map(|&i| query.steps.get(i)).map(|s| s.node).collect();
    let mut heads = cfg.loop_heads();
    let avoided = |n: NodeId| {
        let effects = query.program.map_or(&[][..], |g| g.effects(query.function, n));
        cfg.node(n).props.iter().any(|p| matches!(p.subject, goanna_cfg::Subject::Path(x) if query.avoided.contains(&(p.kind, x))))
            || effects.iter().any(|e| query.avoided.contains(e))
    };
    heads.retain(|&h| {
        let cycle = cfg.cycle_through(h);
        query.steps.iter().any(|s| s.node == h) && !cycle.iter().any(|&n| reported.contains(&n) || avoided(n))
    });
    heads
}
