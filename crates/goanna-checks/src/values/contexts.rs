//! One function's value analysis with what the rest of the program tells it, and the same
//! analysis of a callee for the values one call passes it (a *context*): a call that passes
//! `INT_MAX` to a function computing `data + 1` makes that function overflow, though no
//! context-free analysis of either function sees it.
//!
//! A callee is analysed in a context only when the call passes a value narrower than its type
//! for a parameter the callee computes with ([`sensitive_parameters`]), only up to
//! [`MAX_DEPTH`] calls deep and [`MAX_NODES`] nodes, and once per callee and values in each
//! level of the call graph ([`Memo`]).

use super::analysis::{analyse_function, may_overflow, CallEffect, Environment, FunctionFacts, OverflowKind, ParamValues};
use crate::program::GlobalWrites;
use crate::program::{FnIndex, Program};
use goanna_cfg::{NodeId, PathId, ValExpr, ValueOp};
use rustc_hash::FxHashMap;
use std::sync::Mutex;

/// Deepest chain of calls followed with the values the outermost one passes.
const MAX_DEPTH: usize = 6;
/// Largest callee analysed in a context.
const MAX_NODES: usize = 400;

/// Answers already found for a callee and the values passed to it: whether it overflows.
#[derive(Default)]
pub(super) struct Memo(Mutex<FxHashMap<ContextKey, bool>>);

/// A callee and the values passed to its parameters: (index, lowest, highest).
type ContextKey = (FnIndex, Vec<(usize, i128, i128)>);

/// What every function's analysis reads: the program, the facts of the functions analysed
/// before it (its callees), and its time budget.
pub(super) struct Shared<'a, 'p> {
    /// The linked program.
    pub program: &'a Program<'p>,
    /// Globals of constant value, by USR.
    pub globals: &'a FxHashMap<String, i64>,
    /// Whether constants written through macros are known.
    pub config_known: bool,
    /// Globals that may be tracked.
    pub trackable: &'a (dyn Fn(&str) -> bool + Sync),
    /// The globals each function may write.
    pub gw: &'a GlobalWrites,
    /// Facts of the functions analysed so far.
    pub facts: &'a [Option<FunctionFacts>],
    /// Constant results of the functions analysed so far.
    pub returns: &'a [Option<i128>],
    /// For each function, the parameters it computes with ([`sensitive_parameters`]).
    pub sensitive: &'a [u64],
    /// Answers for callees in contexts.
    pub memo: &'a Memo,
    /// The budget of the function being analysed (its contexts included).
    pub deadline: &'a goanna_mc::Deadline,
}

impl Shared<'_, '_> {
    /// The facts of `f` when its parameters start with `entry_params` (empty: any value), as
    /// the `depth`-th call of a chain; `None` beyond the budget.
    pub fn analyse(&self, f: FnIndex, entry_params: &[ParamValues], depth: usize) -> Option<FunctionFacts> {
        let program = self.program;
        let cfg = program.cfg(f);
        // Without the configuration's constants, what a callee with conditional compilation
        // returns or leaves is not known: another build may differ.
        let configured = |g: FnIndex| !self.config_known && program.cfg(g).conditional_code;
        let mut callee_returns: FxHashMap<String, i128> = FxHashMap::default();
        for &(n, g) in &program.calls[f as usize] {
            if configured(g) {
                continue;
            }
            if let (Some(c), goanna_cfg::NodeKind::Call(site)) = (self.returns[g as usize], &cfg.node(n).kind) {
                if let Some(usr) = &site.callee_usr {
                    callee_returns.insert(usr.clone(), c);
                }
            }
        }
        // Calls of functions that never return are not known here (the graph's own no-return
        // sinks are): continuing after them only adds states, which is sound.
        let stops = |_: NodeId| false;
        let linked: FxHashMap<NodeId, FnIndex> = program.calls[f as usize].iter().copied().collect();
        let mut calls: FxHashMap<NodeId, CallEffect<'_>> = FxHashMap::default();
        for n in cfg.node_ids() {
            if !matches!(cfg.node(n).kind, goanna_cfg::NodeKind::Call(_)) {
                // A library routine handed a function may call it: it writes what that function
                // may write (`qsort`'s comparator setting a global flag).
                let callbacks = program.callbacks_at(f, n);
                let writes = match callbacks[..] {
                    [] => continue,
                    [Some(g)] => self.gw.writes_of(g),
                    _ => None,
                };
                calls.insert(n, CallEffect { writes, exits: &[], extents: &[] });
                continue;
            }
            let effect = match linked.get(&n) {
                Some(&g) => {
                    // A callee of the same component is not analysed yet: what it leaves and
                    // what it accesses are unknown.
                    let known = program.component[g as usize] != program.component[f as usize] && !configured(g);
                    let callee = self.facts[g as usize].as_ref().filter(|_| known);
                    let exits = callee.map_or(&[][..], |r| &r.exits[..]);
                    let extents = callee.map_or(&[][..], |r| &r.param_extents[..]);
                    CallEffect { writes: self.gw.writes_of(g), exits, extents }
                }
                None => CallEffect { writes: None, exits: &[], extents: &[] },
            };
            calls.insert(n, effect);
        }
        let callee_overflows = |n: NodeId, args: &[ParamValues]| linked.get(&n).is_some_and(|&g| self.overflows_in_context(f, g, args, depth));
        let computes_with = |n: NodeId, arg: usize| arg < 64 && linked.get(&n).is_some_and(|&g| self.sensitive[g as usize] & (1 << arg) != 0);
        let env = Environment {
            globals: self.globals,
            returns: &callee_returns,
            stops: &stops,
            config_known: self.config_known,
            trackable: self.trackable,
            calls: &calls,
            global_ids: &self.gw.ids,
            deadline: self.deadline,
            entry_params,
            callee_overflows: &callee_overflows,
            computes_with: &computes_with,
        };
        analyse_function(cfg, &env)
    }

    /// Whether `g`, called from `f` with parameters `args`, computes an overflow (or shifts
    /// out of range) that its analysis for any values does not show: one the values cause.
    fn overflows_in_context(&self, f: FnIndex, g: FnIndex, args: &[ParamValues], depth: usize) -> bool {
        let program = self.program;
        if depth >= MAX_DEPTH || program.component[g as usize] == program.component[f as usize] || program.cfg(g).nodes.len() > MAX_NODES {
            return false;
        }
        let mask = self.sensitive[g as usize];
        let mut args: Vec<ParamValues> = args.iter().copied().filter(|&(i, v)| i < 64 && mask & (1 << i) != 0 && v != super::interval::FULL).collect();
        if args.is_empty() {
            return false;
        }
        // Without any-value facts there is nothing to compare with.
        let Some(free) = self.facts[g as usize].as_ref() else { return false };
        args.sort_unstable_by_key(|&(i, _)| i);
        let key = (g, args.iter().map(|&(i, v)| (i, v.lo, v.hi)).collect::<Vec<_>>());
        if let Some(known) = self.memo.0.lock().ok().and_then(|m| m.get(&key).copied()) {
            return known;
        }
        let answer = self.analyse(g, &args, depth + 1).is_some_and(|facts| {
            facts.overflows.iter().any(|o| o.kind == OverflowKind::Call || !free.overflows.iter().any(|x| x.node == o.node && x.kind == o.kind))
        });
        if let Ok(mut m) = self.memo.0.lock() {
            m.insert(key, answer);
        }
        answer
    }
}

/// For each function, the parameters (a bit per index, the first 64) whose values its
/// integer operations that may overflow read (`+`, `-`, `*`, unary `-`, shifts, in an
/// assignment, a condition or a `return`), or that it passes on to such a parameter of a
/// function it calls. `levels` lists the functions callees first.
pub(super) fn sensitive_parameters(program: &Program<'_>, levels: &[Vec<FnIndex>]) -> Vec<u64> {
    let mut mask = vec![0u64; program.functions.len()];
    for level in levels {
        for &f in level {
            let cfg = program.cfg(f);
            let param = |p: PathId| cfg.params.iter().position(|q| *q == Some(p)).filter(|&i| i < 64);
            let reads = |e: &ValExpr| {
                let mut bits = 0u64;
                e.any(|x| {
                    if let ValExpr::Path(p) = x {
                        if let Some(i) = param(*p) {
                            bits |= 1 << i;
                        }
                    }
                    false
                });
                bits
            };
            let linked: FxHashMap<NodeId, FnIndex> = program.calls[f as usize].iter().copied().collect();
            let mut bits = 0u64;
            for (i, node) in cfg.nodes.iter().enumerate() {
                for op in &node.values {
                    match op {
                        ValueOp::Assign { value, .. } | ValueOp::Cond(value) | ValueOp::Return(value) if may_overflow(value) => bits |= reads(value),
                        ValueOp::PassValue { arg, value, .. } => {
                            let callee = linked.get(&NodeId(i as u32)).map_or(0, |&g| mask[g as usize]);
                            if *arg < 64 && callee & (1 << arg) != 0 {
                                bits |= reads(value);
                            }
                        }
                        _ => {}
                    }
                }
            }
            mask[f as usize] = bits;
        }
    }
    mask
}
