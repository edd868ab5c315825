//! `SPC-uninit-var-all`: a local variable read while it is uninitialised on every path.
//!
//! A forward *must* analysis: a variable is in the set at a point when every path from the
//! entry to that point passes its declaration (without initialiser) and then no write to it,
//! no `&x`, and no earlier reported read. Joins intersect. Reads of a variable in the set are
//! reported; the read then removes it, so one mistake is reported once, not at every later use.

use super::finding;
use crate::{CheckSpec, Finding, PathStep, UnitContext};
use goanna_ast::{TypeClass, VarKind};
use goanna_cfg::{Cfg, NodeId, NodeKind, PathId, PropKind, Subject};
use std::collections::{HashMap, VecDeque};

/// A fixed-size bit set over the tracked variables.
#[derive(Clone, PartialEq, Eq)]
struct Bits(Vec<u64>);

impl Bits {
    fn empty(len: usize) -> Self {
        Bits(vec![0; len.div_ceil(64)])
    }
    fn full(len: usize) -> Self {
        let mut bits = Bits(vec![u64::MAX; len.div_ceil(64)]);
        if !len.is_multiple_of(64) {
            if let Some(last) = bits.0.last_mut() {
                *last = (1u64 << (len % 64)) - 1;
            }
        }
        bits
    }
    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    fn intersect_with(&mut self, other: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= *b;
        }
    }
}

/// Effects of one node on the tracked variables.
#[derive(Default)]
struct Effects {
    declared: Vec<usize>,
    written: Vec<usize>,
    read: Vec<(usize, goanna_ast::Span)>,
}

/// Variables the check tracks: non-static locals of scalar type, by their path id.
fn tracked_variables(cfg: &Cfg) -> HashMap<PathId, usize> {
    let mut tracked = HashMap::new();
    for (i, path) in cfg.paths.iter().enumerate() {
        let scalar = matches!(path.root.class, TypeClass::Integer | TypeClass::Floating | TypeClass::Pointer);
        // Volatile objects may be written behind the compiler's back.
        let volatile = path.root.type_spelling.contains("volatile");
        if path.is_variable() && path.root.kind == VarKind::Local && scalar && !volatile {
            let index = tracked.len();
            tracked.insert(PathId(i as u32), index);
        }
    }
    tracked
}

fn node_effects(cfg: &Cfg, tracked: &HashMap<PathId, usize>) -> Vec<Effects> {
    cfg.nodes
        .iter()
        .map(|node| {
            let mut effects = Effects::default();
            for prop in &node.props {
                let Subject::Path(path) = prop.subject else { continue };
                let Some(&var) = tracked.get(&path) else { continue };
                match prop.kind {
                    PropKind::Decl => effects.declared.push(var),
                    PropKind::DeclInit | PropKind::Def | PropKind::AddrTaken => effects.written.push(var),
                    PropKind::Use => effects.read.push((var, prop.span)),
                    _ => {}
                }
            }
            effects
        })
        .collect()
}

/// Applies a node's effects to the set of uninitialised variables flowing into it.
fn transfer(state: &mut Bits, effects: &Effects) {
    for &(var, _) in &effects.read {
        state.remove(var);
    }
    for &var in &effects.written {
        state.remove(var);
    }
    for &var in &effects.declared {
        state.insert(var);
    }
}

/// Reports reads of locals that are uninitialised on every path reaching them.
pub fn uninitialised_on_all_paths(ctx: &UnitContext<'_>, cfg: &Cfg, spec: &CheckSpec) -> Vec<Finding> {
    let tracked = tracked_variables(cfg);
    if tracked.is_empty() || cfg.nodes.is_empty() {
        return Vec::new();
    }
    let vars = tracked.len();
    let effects = node_effects(cfg, &tracked);
    let preds = cfg.predecessors();
    let count = cfg.nodes.len();

    // in[n] starts at "everything" (the top of the must-lattice) except at the entry.
    let mut input = vec![Bits::full(vars); count];
    let mut output = vec![Bits::full(vars); count];
    input[cfg.entry.index()] = Bits::empty(vars);
    // Only code some feasible path reaches counts (design note 10: `if (0)` is not a path).
    let live = cfg.feasible_reachability();
    let mut queue: VecDeque<usize> = (0..count).filter(|&i| live[i]).collect();
    let mut queued = vec![false; count];
    for &i in &queue {
        queued[i] = true;
    }
    while let Some(n) = queue.pop_front() {
        queued[n] = false;
        if n != cfg.entry.index() {
            let mut meet = Bits::full(vars);
            for p in &preds[n] {
                if live[p.index()] {
                    meet.intersect_with(&output[p.index()]);
                }
            }
            input[n] = meet;
        }
        let mut out = input[n].clone();
        transfer(&mut out, &effects[n]);
        if out != output[n] {
            output[n] = out;
            for edge in &cfg.nodes[n].succs {
                let s = edge.target.index();
                if !queued[s] && live[s] {
                    queued[s] = true;
                    queue.push_back(s);
                }
            }
        }
    }

    let names: HashMap<usize, PathId> = tracked.iter().map(|(&p, &v)| (v, p)).collect();
    let mut findings = Vec::new();
    for n in 0..count {
        if !live[n] {
            continue;
        }
        let mut reported = Vec::new();
        for &(var, span) in &effects[n].read {
            if !input[n].contains(var) || reported.contains(&var) {
                continue;
            }
            reported.push(var);
            let path = cfg.path(names[&var]);
            let name = path.text();
            let mut steps = vec![PathStep {
                location: ctx.location(path.root.decl_span),
                message: format!("`{name}` is declared without an initial value"),
            }];
            steps.extend(branch_steps(ctx, cfg, &effects, var, NodeId(n as u32)));
            steps.push(PathStep {
                location: ctx.location(span),
                message: format!("`{name}` is read here before any value is assigned"),
            });
            findings.push(finding(spec, cfg, ctx.location(span), &name, steps));
        }
    }
    findings
}

/// The branches taken on a shortest path from the variable's declaration to the read.
fn branch_steps(ctx: &UnitContext<'_>, cfg: &Cfg, effects: &[Effects], var: usize, target: NodeId) -> Vec<PathStep> {
    let starts: Vec<usize> = (0..cfg.nodes.len())
        .filter(|&i| cfg.nodes[i].reachable && effects[i].declared.contains(&var))
        .collect();
    let mut parent: Vec<Option<usize>> = vec![None; cfg.nodes.len()];
    let mut seen = vec![false; cfg.nodes.len()];
    let mut queue = VecDeque::new();
    for &s in &starts {
        seen[s] = true;
        queue.push_back(s);
    }
    let mut found = false;
    while let Some(n) = queue.pop_front() {
        if n == target.index() {
            found = true;
            break;
        }
        for edge in &cfg.nodes[n].succs {
            let s = edge.target.index();
            if !seen[s] {
                seen[s] = true;
                parent[s] = Some(n);
                queue.push_back(s);
            }
        }
    }
    if !found {
        return Vec::new();
    }
    let mut steps = Vec::new();
    let mut at = parent[target.index()];
    while let Some(n) = at {
        let node = &cfg.nodes[n];
        if let (NodeKind::Branch(taken), Some(span)) = (&node.kind, node.span) {
            let which = if *taken { "true" } else { "false" };
            steps.push(PathStep { location: ctx.location(span), message: format!("taking the {which} branch") });
        }
        at = parent[n];
    }
    steps.reverse();
    steps
}
