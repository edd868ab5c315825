//! The model of one function in its own context, for questions whose propositions belong to
//! that function alone (its locals and parameters, its `end`).
//!
//! Inside a callee none of the function's propositions holds, so all a call contributes is how
//! it may end ([`Behaviour`]): it returns to the call's successors, ends in a no-return sink
//! (labelled `noreturn`), or runs forever in an unlabelled sink. For such questions this model
//! agrees with the program's recursive Kripke structure (up to stuttering inside callees, which
//! the templates' `EU` cannot tell apart); what callees do to the function's variables is on the
//! call nodes as summary effects (design note 6). Its size is the function's, so questions cost
//! nothing per callee.
//!
//! Infeasible paths are not paths (design note 10): an edge a constant condition rules out is
//! left out, and the model is refined by what the branches taken so far say about the variables
//! tested more than once (or tested and assigned a constant). Each node is paired with what is
//! known of those variables — equal to a constant, different from one, between bounds, or
//! unknown: `p = NULL` or `x = 3` knows the value, a branch `x < 10` or `p != NULL` knows what it
//! found, any other write forgets — and a branch that contradicts the knowledge is not taken.
//! A branch on the value of a call (`if (f(x) > 0)`) tests a path the graph builder made up for
//! `f(x)`; it is tracked only when `f` is pure (no static variables, no dereferences, no calls),
//! and forgotten when an argument variable is written. So `if (c) p = malloc(1); ... if (c) free(p);` has no path that allocates and skips
//! the free. Only the product states reachable from the entry are built.

use super::behaviour::Behaviour;
use super::link::{FnIndex, Program};
use super::observer::Observer;
use super::rks::{node_labels, CallEffects};
use goanna_cfg::{Cfg, EdgeKind, NodeId, PathId, PropKind, Subject};
use goanna_mc::{Model, ModelBuilder};
use rustc_hash::FxHashMap;

/// Most variables whose branch knowledge refines a function's model.
const MAX_TRACKED: usize = 4;
/// Most product states per graph node on average before fewer variables are tracked.
const MAX_BLOWUP: usize = 8;
/// Most observers of infeasible paths composed with one model.
pub const MAX_OBSERVERS: usize = 16;

/// The state of every observer (slots past the observers used stay 0).
type ObserverStates = [u8; MAX_OBSERVERS];

/// A function's own model: node 0 is the entry; `origin` maps every node before the two sinks
/// back to its graph node.
pub struct FlatModel {
    /// The model (one component).
    pub model: Model,
    /// Number of nodes standing for graph nodes (the sinks are `nodes` and `nodes + 1`).
    pub nodes: u32,
    /// The graph node of each model node below `nodes`.
    pub origin: Vec<NodeId>,
    /// For each graph node, how many model nodes stand for it.
    pub states: Vec<usize>,
    /// The refinement the model was built with (a hint for further models of the function).
    pub refinement: Refinement,
    /// How many of the observers given were composed with the model (the first ones).
    pub observers: usize,
    /// How many observers were offered (more than composed when the model outgrew its budget).
    pub offered: usize,
}

impl FlatModel {
    /// The graph node a model node stands for (`None` for the sinks).
    pub fn graph_node(&self, m: u32) -> Option<NodeId> {
        self.origin.get(m as usize).copied()
    }

    /// How many model nodes stand for graph node `n`.
    pub fn state_count(&self, n: NodeId) -> usize {
        self.states.get(n.index()).copied().unwrap_or(0)
    }
}

/// Which edges a function's model keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EdgeFilter {
    /// Leave out loop back edges (the question is then about one iteration: a node whose only
    /// successor was a back edge loops on itself).
    pub forward_only: bool,
    /// Keep the edges that constant conditions rule out, and do not refine by branch
    /// knowledge: the code as written.
    pub include_infeasible: bool,
}

impl EdgeFilter {
    /// Index of this filter among the four possible ones.
    pub fn index(self) -> usize {
        usize::from(self.forward_only) * 2 + usize::from(self.include_infeasible)
    }
}

/// What a branch or a write tells about a tracked variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fact {
    /// A branch found `var REL c`.
    Test(Rel, i64),
    /// A branch found `var REL other` for another tracked variable (its index).
    TestVar(Rel, usize),
    /// It was assigned the constant (`p = NULL`, `x = 3`): a write, never a contradiction.
    Set(i64),
    /// It was assigned a value other than the constant (the result of a function that never
    /// returns NULL): a write, never a contradiction.
    SetDiffers(i64),
    /// It was increased by the constant (`x++`, `x -= 2`).
    Add(i64),
    /// It was assigned something else.
    Forget,
}

/// Relations of branch facts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rel {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Rel {
    /// The relation that holds when this one does not.
    fn negate(self) -> Rel {
        match self {
            Rel::Eq => Rel::Ne,
            Rel::Ne => Rel::Eq,
            Rel::Lt => Rel::Ge,
            Rel::Le => Rel::Gt,
            Rel::Gt => Rel::Le,
            Rel::Ge => Rel::Lt,
        }
    }

    fn holds(self, x: i64, c: i64) -> bool {
        match self {
            Rel::Eq => x == c,
            Rel::Ne => x != c,
            Rel::Lt => x < c,
            Rel::Le => x <= c,
            Rel::Gt => x > c,
            Rel::Ge => x >= c,
        }
    }
}

/// What is known about one tracked variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Know {
    Unknown,
    Equal(i64),
    Differs(i64),
    /// Between the bounds, both included (`x > 0` found).
    Range(i64, i64),
}

impl Rel {
    /// The values for which `x REL c` holds, as bounds.
    fn range(self, c: i64) -> Option<(i64, i64)> {
        match self {
            Rel::Lt => c.checked_sub(1).map(|h| (i64::MIN, h)),
            Rel::Le => Some((i64::MIN, c)),
            Rel::Gt => c.checked_add(1).map(|l| (l, i64::MAX)),
            Rel::Ge => Some((c, i64::MAX)),
            Rel::Eq => Some((c, c)),
            Rel::Ne => None,
        }
    }
}

/// Knowledge from bounds: `None` when empty (the path is infeasible).
fn bounded(lo: i64, hi: i64) -> Option<Know> {
    match lo.cmp(&hi) {
        std::cmp::Ordering::Greater => None,
        std::cmp::Ordering::Equal => Some(Know::Equal(lo)),
        std::cmp::Ordering::Less => Some(Know::Range(lo, hi)),
    }
}

/// The knowledge of every tracked variable (slots past the tracked ones stay `Unknown`). A
/// fixed-size value, so product states are copied and hashed without allocating.
type Knowledge = [Know; MAX_TRACKED];

/// The facts a node states about the tracked variables, in order (writes after tests).
fn facts(
    cfg: &Cfg,
    n: NodeId,
    effects: Option<&Vec<(PropKind, PathId)>>,
    tracked: &[PathId],
    follow_adds: bool,
    cond_of: &[Option<NodeId>],
) -> Vec<(usize, Fact)> {
    let mut out = Vec::new();
    let props = cfg.node(n).props.iter().filter_map(|p| match p.subject {
        Subject::Path(id) => Some((p.kind, id, p.value)),
        _ => None,
    });
    let extra = effects.into_iter().flatten().map(|&(kind, id)| (kind, id, None));
    for (kind, id, value) in props.chain(extra) {
        let Some(v) = tracked.iter().position(|&t| t == id) else { continue };
        let test = |rel| value.map(|c| Fact::Test(rel, c));
        let fact = match kind {
            PropKind::NullTest => Some(Fact::Test(Rel::Eq, 0)),
            PropKind::NonNullTest => Some(Fact::Test(Rel::Ne, 0)),
            PropKind::CmpEq => test(Rel::Eq),
            PropKind::CmpNe => test(Rel::Ne),
            PropKind::CmpLt => test(Rel::Lt),
            PropKind::CmpLe => test(Rel::Le),
            PropKind::CmpGt => test(Rel::Gt),
            PropKind::CmpGe => test(Rel::Ge),
            PropKind::AssignNull => Some(Fact::Set(0)),
            PropKind::NonNull => Some(Fact::SetDiffers(0)),
            PropKind::AssignConst => value.map(Fact::Set),
            PropKind::AddConst if follow_adds => value.map(Fact::Add),
            PropKind::Def | PropKind::DeclInit | PropKind::AddrTaken | PropKind::Alloc | PropKind::MayBeNull => Some(Fact::Forget),
            _ => None,
        };
        if let Some(fact) = fact {
            out.push((v, fact));
        }
    }
    // The value of a call (a path made up for `if (f(x) > 0)`) changes with its arguments.
    let written = cfg.node(n).props.iter().filter_map(|p| match (p.kind, &p.subject) {
        (PropKind::Def | PropKind::DeclInit | PropKind::AddrTaken, Subject::Path(id)) => Some(*id),
        _ => None,
    });
    let written: Vec<PathId> = written.chain(effects.into_iter().flatten().filter(|e| e.0 == PropKind::Def).map(|e| e.1)).collect();
    if !written.is_empty() {
        for (v, id) in tracked.iter().enumerate() {
            if cfg.path(*id).depends_on.iter().any(|d| written.contains(d)) {
                out.push((v, Fact::Forget));
            }
        }
    }
    // A branch of a comparison of two tracked variables (`a < b`).
    if let goanna_cfg::NodeKind::Branch(taken) = cfg.node(n).kind {
        if let Some((v, rel, w)) = cond_of.get(n.index()).copied().flatten().and_then(|c| var_comparison(cfg, c, tracked)) {
            out.push((v, Fact::TestVar(if taken { rel } else { rel.negate() }, w)));
        }
    }
    // A call of a function of the program may write any global: what was known of them is gone.
    if matches!(cfg.node(n).kind, goanna_cfg::NodeKind::Call(_)) {
        for (v, id) in tracked.iter().enumerate() {
            if cfg.path(*id).root.kind.is_static_storage() {
                out.push((v, Fact::Forget));
            }
        }
    }
    // Writes come after the tests on the same node (`p = f(p)` in a condition); a constant
    // assignment after the other writes of its node (`x = 3` also defines `x`).
    // An increment is also a write (`def`): it comes after the plain forget it would undo.
    let adds: Vec<usize> = out.iter().filter(|(_, f)| matches!(f, Fact::Add(_))).map(|&(v, _)| v).collect();
    out.retain(|&(v, f)| !(f == Fact::Forget && adds.contains(&v)));
    out.sort_by_key(|&(_, f)| match f {
        Fact::Test(..) | Fact::TestVar(..) => 0,
        Fact::Forget => 1,
        Fact::Add(_) => 2,
        Fact::Set(_) | Fact::SetDiffers(_) => 3,
    });
    out
}

/// The condition node of each branch node (index = node).
fn branch_conditions(cfg: &Cfg) -> Vec<Option<NodeId>> {
    let mut cond_of = vec![None; cfg.nodes.len()];
    for (i, node) in cfg.nodes.iter().enumerate() {
        if node.kind == goanna_cfg::NodeKind::Condition {
            for e in node.succs.iter().filter(|e| matches!(e.kind, EdgeKind::True | EdgeKind::False)) {
                if let Some(slot) = cond_of.get_mut(e.target.index()) {
                    *slot = Some(NodeId(i as u32));
                }
            }
        }
    }
    cond_of
}

/// For the condition node of a branch, when it compares two tracked integer variables (`a < b`, values
/// of the same signedness): the first one's index, the relation that holds on the true
/// branch, and the second one's index.
fn var_comparison(cfg: &Cfg, cond: NodeId, tracked: &[PathId]) -> Option<(usize, Rel, usize)> {
    use goanna_cfg::{ValBinOp, ValExpr, ValueOp};
    let cond = cfg.node(cond);
    let expr = cond.values.iter().rev().find_map(|op| if let ValueOp::Cond(c) = op { Some(c) } else { None })?;
    let ValExpr::Binary { op, lhs, rhs, .. } = expr else { return None };
    let (ValExpr::Path(a), ValExpr::Path(b)) = (&**lhs, &**rhs) else { return None };
    let (pa, pb) = (cfg.paths.get(a.0 as usize)?, cfg.paths.get(b.0 as usize)?);
    if pa.root.int_signed != pb.root.int_signed {
        return None;
    }
    let rel = match op {
        ValBinOp::Eq => Rel::Eq,
        ValBinOp::Ne => Rel::Ne,
        ValBinOp::Lt => Rel::Lt,
        ValBinOp::Le => Rel::Le,
        ValBinOp::Gt => Rel::Gt,
        ValBinOp::Ge => Rel::Ge,
        _ => return None,
    };
    let v = tracked.iter().position(|t| t == a)?;
    let w = tracked.iter().position(|t| t == b)?;
    (v != w).then_some((v, rel, w))
}

/// Applies a node's facts; `None` when a test contradicts what is known (the path is
/// infeasible).
fn apply(k: &Knowledge, facts: &[(usize, Fact)]) -> Option<Knowledge> {
    let mut k = *k;
    for &(v, fact) in facts {
        if let Fact::TestVar(rel, w) = fact {
            if let (Know::Equal(x), Some(Know::Equal(y))) = (k[v], k.get(w)) {
                if !rel.holds(x, *y) {
                    return None;
                }
            }
            continue;
        }
        k[v] = match (fact, k[v]) {
            (Fact::TestVar(..), known) => known,
            (Fact::Test(rel, c), Know::Equal(x)) => {
                if !rel.holds(x, c) {
                    return None;
                }
                Know::Equal(x)
            }
            (Fact::Test(Rel::Eq, c), Know::Differs(x)) if x == c => return None,
            (Fact::Test(Rel::Eq, c), Know::Range(lo, hi)) if c < lo || c > hi => return None,
            (Fact::Test(Rel::Eq, c), _) => Know::Equal(c),
            (Fact::Test(Rel::Ne, c), Know::Unknown) => Know::Differs(c),
            (Fact::Test(Rel::Ne, c), Know::Range(lo, hi)) if lo == c && hi == c => return None,
            (Fact::Test(Rel::Ne, _), known) => known,
            (Fact::Test(rel, c), Know::Range(lo, hi)) => match rel.range(c) {
                Some((l, h)) => bounded(lo.max(l), hi.min(h))?,
                None => Know::Range(lo, hi),
            },
            (Fact::Test(rel, c), Know::Unknown | Know::Differs(_)) => match rel.range(c) {
                Some((l, h)) => bounded(l, h)?,
                None => Know::Unknown,
            },
            (Fact::Set(c), _) => Know::Equal(c),
            (Fact::SetDiffers(c), _) => Know::Differs(c),
            (Fact::Add(c), Know::Equal(x)) => x.checked_add(c).map_or(Know::Unknown, Know::Equal),
            (Fact::Add(_), _) => Know::Unknown,
            (Fact::Forget, _) => Know::Unknown,
        };
    }
    Some(k)
}

/// The variables worth tracking: tested at two or more branch nodes, or tested and assigned a
/// constant (or a callee's result that is never NULL).
fn tracked_variables(cfg: &Cfg, f: FnIndex, effects: &CallEffects) -> Vec<PathId> {
    let mut tests: FxHashMap<PathId, (usize, usize)> = FxHashMap::default();
    // A result a callee never returns NULL for is known like a constant.
    for n in cfg.node_ids() {
        for &(kind, id) in effects.get(&(f, n)).into_iter().flatten() {
            if kind == PropKind::NonNull && cfg.path(id).is_variable() {
                tests.entry(id).or_default().1 += 1;
            }
        }
    }
    for node in &cfg.nodes {
        for p in &node.props {
            let Subject::Path(id) = p.subject else { continue };
            if !cfg.path(id).is_variable() {
                continue;
            }
            match p.kind {
                PropKind::NullTest
                | PropKind::NonNullTest
                | PropKind::CmpEq
                | PropKind::CmpNe
                | PropKind::CmpLt
                | PropKind::CmpLe
                | PropKind::CmpGt
                | PropKind::CmpGe => tests.entry(id).or_default().0 += 1,
                PropKind::AssignNull | PropKind::AssignConst | PropKind::AddConst => tests.entry(id).or_default().1 += 1,
                _ => {}
            }
        }
    }
    // A comparison of two integer variables tests both (counted like the two branch
    // propositions of a comparison with a constant).
    for node in &cfg.nodes {
        for op in &node.values {
            let goanna_cfg::ValueOp::Cond(goanna_cfg::ValExpr::Binary { op, lhs, rhs, .. }) = op else { continue };
            if !op.is_comparison() {
                continue;
            }
            if let (goanna_cfg::ValExpr::Path(a), goanna_cfg::ValExpr::Path(b)) = (&**lhs, &**rhs) {
                for p in [a, b] {
                    if cfg.paths.get(p.0 as usize).is_some_and(|path| path.is_variable()) {
                        tests.entry(*p).or_default().0 += 2;
                    }
                }
            }
        }
    }
    // Each condition labels both of its branches: two test propositions make one condition.
    let mut vars: Vec<(usize, PathId)> = tests
        .into_iter()
        .filter(|&(_, (t, a))| t >= 4 || (t >= 2 && a >= 1))
        .map(|(id, (t, a))| (t + a, id))
        .collect();
    vars.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    vars.into_iter().take(MAX_TRACKED).map(|(_, id)| id).collect()
}

/// Builds the model of `f`, keeping the edges `filter` allows. `hint` is the refinement an
/// earlier model of the same function settled on (e.g. [`FlatModel::refinement`]): the build
/// starts from it instead of from the most precise one, so a function too large for full
/// tracking pays for finding its level once, not once per model.
pub fn flat_model(
    program: &Program<'_>,
    f: FnIndex,
    effects: &CallEffects,
    behaviours: &[Behaviour],
    filter: EdgeFilter,
    hint: Option<&Refinement>,
    observers: &[Observer],
) -> Result<FlatModel, goanna_mc::Error> {
    model_of(program, f, effects, behaviours, filter, hint, observers, None)
}

/// The model of `f` (default edge filter) in which only the graph nodes `within` marks can
/// be entered: the runs of `f` a calling context allows (integer parameters that start as
/// the constants a call passes, [`super::constant_contexts`]).
pub fn flat_model_within(program: &Program<'_>, f: FnIndex, effects: &CallEffects, behaviours: &[Behaviour], within: &[bool]) -> Result<FlatModel, goanna_mc::Error> {
    model_of(program, f, effects, behaviours, EdgeFilter::default(), None, &[], Some(within))
}

/// [`flat_model`], entering only the nodes `within` marks when it is given.
#[allow(clippy::too_many_arguments)]
fn model_of(
    program: &Program<'_>,
    f: FnIndex,
    effects: &CallEffects,
    behaviours: &[Behaviour],
    filter: EdgeFilter,
    hint: Option<&Refinement>,
    observers: &[Observer],
    within: Option<&[bool]>,
) -> Result<FlatModel, goanna_mc::Error> {
    let cfg = program.cfg(f);
    // Observers exclude infeasible paths; a model of the code as written keeps them.
    let mut observers = if filter.include_infeasible { &[][..] } else { &observers[..observers.len().min(MAX_OBSERVERS)] };
    let offered = observers.len();
    let mut refine = if filter.include_infeasible {
        Refinement { tracked: Vec::new(), follow_adds: false }
    } else {
        match hint {
            Some(hint) => hint.clone(),
            None => {
                let mut tracked = tracked_variables(cfg, f, effects);
                // A value the entry's effects test (a summary specialised to a selector's value
                // at the call) is followed first.
                for (kind, id) in effects.get(&(f, cfg.entry)).into_iter().flatten() {
                    if matches!(kind, PropKind::NullTest | PropKind::NonNullTest) && !tracked.contains(id) {
                        tracked.insert(0, *id);
                        tracked.truncate(MAX_TRACKED);
                    }
                }
                // The value of a call is the same for the same arguments only when the callee
                // depends on nothing else and changes nothing.
                tracked.retain(|&id| match &cfg.path(id).result_of {
                    Some(usr) => pure_callee(program, f, cfg, usr),
                    None => true,
                });
                Refinement { tracked, follow_adds: true }
            }
        }
    };
    loop {
        match build(program, f, cfg, effects, behaviours, (filter, within), &refine, observers)? {
            Some(mut model) => {
                model.refinement = refine;
                model.observers = observers.len();
                model.offered = offered;
                return Ok(model);
            }
            // Too many states: stop counting loop iterations first, then observe fewer
            // contradictions (the newest first: the model without them fitted before), then
            // track fewer variables.
            None if refine.follow_adds => refine.follow_adds = false,
            None if !observers.is_empty() => observers = &observers[..observers.len() - 1],
            None => {
                refine.tracked.pop();
            }
        }
    }
}

/// True when the function `usr` that `f` calls is linked and pure: it reads and writes no
/// variable of static storage, dereferences nothing and calls nothing.
fn pure_callee(program: &Program<'_>, f: FnIndex, cfg: &Cfg, usr: &str) -> bool {
    let call = cfg.node_ids().find(|&n| matches!(&cfg.node(n).kind, goanna_cfg::NodeKind::Call(site) if site.callee_usr.as_deref() == Some(usr)));
    let Some(g) = call.and_then(|n| program.callee_at(f, n)) else { return false };
    let callee = program.cfg(g);
    callee.nodes.iter().all(|node| {
        !matches!(node.kind, goanna_cfg::NodeKind::Call(_))
            && node.props.iter().all(|p| match &p.subject {
                Subject::Path(id) => !callee.path(*id).root.kind.is_static_storage() && p.kind != PropKind::Deref,
                Subject::Function(_) => false,
                Subject::None => true,
            })
    })
}

/// What the refinement of a function's model tracks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Refinement {
    /// The variables whose values are followed.
    tracked: Vec<PathId>,
    /// Whether increments keep a known value known (counting loop iterations).
    follow_adds: bool,
}

/// The product of the graph with the knowledge of the tracked variables; `None` when it grows
/// beyond the budget (never with nothing tracked).
fn build(
    program: &Program<'_>,
    f: FnIndex,
    cfg: &Cfg,
    effects: &CallEffects,
    behaviours: &[Behaviour],
    (filter, within): (EdgeFilter, Option<&[bool]>),
    refine: &Refinement,
    observers: &[Observer],
) -> Result<Option<FlatModel>, goanna_mc::Error> {
    let (tracked, follow_adds) = (refine.tracked.as_slice(), refine.follow_adds);
    // Each observer may split a node's states once more (up to a factor of four in all).
    let budget = (cfg.nodes.len() * MAX_BLOWUP + 16) * (1 + observers.len()).min(4);
    let node_facts: Vec<Vec<(usize, Fact)>> =
        if tracked.is_empty() { vec![Vec::new(); cfg.nodes.len()] } else {
            let cond_of = branch_conditions(cfg);
            cfg.node_ids().map(|n| facts(cfg, n, effects.get(&(f, n)), tracked, follow_adds, &cond_of)).collect()
        };
    // Breadth-first over reachable (node, knowledge, observer states) triples; the entry is
    // state 0.
    let mut index: FxHashMap<(NodeId, Knowledge, ObserverStates), u32> = FxHashMap::default();
    // Without tracked variables or observers a graph node has one state: a plain table is enough.
    let plain = tracked.is_empty() && observers.is_empty();
    let mut direct: Vec<u32> = if plain { vec![u32::MAX; cfg.nodes.len()] } else { Vec::new() };
    let mut states: Vec<(NodeId, Knowledge, ObserverStates)> = Vec::new();
    let unknown: Knowledge = [Know::Unknown; MAX_TRACKED];
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut to_sink: Vec<(u32, bool)> = Vec::new();
    let start = apply(&unknown, &node_facts[cfg.entry.index()]).unwrap_or(unknown);
    let observe = |o: &ObserverStates, t: NodeId| -> Option<ObserverStates> {
        let mut o2 = *o;
        for (slot, obs) in o2.iter_mut().zip(observers) {
            *slot = obs.enter(*slot, t)?;
        }
        Some(o2)
    };
    let start_obs = observe(&[0; MAX_OBSERVERS], cfg.entry).unwrap_or([0; MAX_OBSERVERS]);
    if plain {
        direct[cfg.entry.index()] = 0;
    } else {
        index.insert((cfg.entry, start, start_obs), 0);
    }
    states.push((cfg.entry, start, start_obs));
    let mut next = 0usize;
    while next < states.len() {
        if states.len() > budget && !plain {
            return Ok(None);
        }
        let (n, k, o) = states[next];
        let from = next as u32;
        next += 1;
        let node = cfg.node(n);
        let behaviour = super::behaviour::call_behaviour(program, f, n, behaviours);
        if behaviour.is_none_or(|b| b.may_return) {
            for edge in &node.succs {
                if (filter.forward_only && edge.kind == EdgeKind::Back)
                    || (!filter.include_infeasible && !node.edge_feasible(edge))
                    || within.is_some_and(|w| !w.get(edge.target.index()).copied().unwrap_or(true))
                {
                    continue;
                }
                let to = if plain {
                    let slot = &mut direct[edge.target.index()];
                    if *slot == u32::MAX {
                        *slot = states.len() as u32;
                        states.push((edge.target, unknown, o));
                    }
                    *slot
                } else {
                    let Some(k2) = apply(&k, &node_facts[edge.target.index()]) else { continue };
                    let Some(o2) = observe(&o, edge.target) else { continue };
                    let key = (edge.target, k2, o2);
                    match index.get(&key) {
                        Some(&to) => to,
                        None => {
                            let to = states.len() as u32;
                            index.insert(key, to);
                            states.push(key);
                            to
                        }
                    }
                };
                edges.push((from, to));
            }
        }
        if let Some(b) = behaviour {
            if b.may_noreturn {
                to_sink.push((from, true));
            }
            if b.may_diverge || !(b.may_return || b.may_noreturn) {
                to_sink.push((from, false));
            }
        }
    }
    let mut b = ModelBuilder::new();
    let comp = b.add_component(&cfg.name);
    // Each graph node's atoms are interned once, whatever the number of its states; model nodes
    // need no names.
    let mut atoms_of: Vec<Option<Vec<goanna_mc::AtomId>>> = vec![None; cfg.nodes.len()];
    for (i, &(n, _, _)) in states.iter().enumerate() {
        let atoms = atoms_of[n.index()]
            .get_or_insert_with(|| node_labels(program, f, n, effects).iter().map(|l| b.atom(l)).collect())
            .clone();
        let id = b.add_node_with_atoms(comp, "", atoms);
        if i == 0 {
            b.set_entry(id);
        }
        if n == cfg.exit {
            b.set_exit(id);
        }
    }
    let nodes = states.len() as u32;
    let noreturn_sink = b.add_node(comp, "noreturn", &["noreturn"]);
    let diverge_sink = b.add_node(comp, "diverge", &[]);
    b.edge_nodes(noreturn_sink, noreturn_sink);
    b.edge_nodes(diverge_sink, diverge_sink);
    for (from, to) in edges {
        b.edge_nodes(from, to);
    }
    for (from, noreturn) in to_sink {
        b.edge_nodes(from, if noreturn { noreturn_sink } else { diverge_sink });
    }
    let origin: Vec<NodeId> = states.into_iter().map(|(n, _, _)| n).collect();
    let mut counts = vec![0usize; cfg.nodes.len()];
    for n in &origin {
        counts[n.index()] += 1;
    }
    Ok(Some(FlatModel { model: b.build()?, nodes, origin, states: counts, refinement: Refinement::default(), observers: 0, offered: 0 }))
}
