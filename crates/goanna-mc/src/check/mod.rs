//! The three checking strategies behind one interface.

pub(crate) mod exhaustive;
pub(crate) mod incremental;
pub(crate) mod lazy;
pub(crate) mod local;
pub(crate) mod tern;

use crate::ctl::{Dag, Formula};
use crate::model::{Model, NodeId};
use crate::Error;
use std::str::FromStr;

/// How to decide a formula. All strategies give the same verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Strategy {
    /// Label every subformula in every reachable context, bottom-up (thesis, chapter 3).
    #[default]
    Exhaustive,
    /// Demand-driven refinement from the initial configuration (thesis, chapter 4).
    Incremental,
    /// Ternary lazy evaluation with guided expansion (the lazy RSM papers).
    Lazy,
}

impl Strategy {
    /// All strategies.
    pub const ALL: [Strategy; 3] = [Strategy::Exhaustive, Strategy::Incremental, Strategy::Lazy];
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Exhaustive => "exhaustive",
            Strategy::Incremental => "incremental",
            Strategy::Lazy => "lazy",
        }
    }
}

impl FromStr for Strategy {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "exhaustive" | "eager" => Ok(Strategy::Exhaustive),
            "incremental" => Ok(Strategy::Incremental),
            "lazy" => Ok(Strategy::Lazy),
            _ => Err(format!(
                "unknown strategy `{s}` (expected exhaustive, incremental or lazy)"
            )),
        }
    }
}

impl std::fmt::Display for Strategy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The answer for one formula.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether every entry of the initial component satisfies the formula (empty call stack).
    pub holds: bool,
    /// Per entry node of the initial component: whether it satisfies the formula.
    pub entries: Vec<(NodeId, bool)>,
    /// Contexts (component, context pairs) built by the strategy.
    pub contexts: usize,
}

/// Decide `formula` on `model` with `strategy`.
pub fn check(model: &Model, formula: &Formula, strategy: Strategy) -> Result<Verdict, Error> {
    let dag = Dag::new(formula);
    check_dag(model, &dag, strategy)
}

/// Decide an already reduced formula.
pub fn check_dag(model: &Model, dag: &Dag, strategy: Strategy) -> Result<Verdict, Error> {
    let init = model.initial();
    let comp = model.component(init);
    let (vals, contexts): (Vec<bool>, usize) = match strategy {
        Strategy::Exhaustive => {
            let mut e = exhaustive::Engine::single(model, dag);
            let ctx = e.initial_ctx(dag.root, init);
            let v = e.full_vals(dag.root, init, &ctx);
            let r = comp
                .entries()
                .iter()
                .map(|&en| v[en as usize] & 1 != 0)
                .collect();
            (r, e.contexts)
        }
        Strategy::Incremental => incremental::check(model, dag),
        Strategy::Lazy => lazy::check(model, dag),
    };
    let entries: Vec<(NodeId, bool)> = comp
        .entries()
        .iter()
        .zip(vals)
        .map(|(&en, b)| (model.vertex_node(init, en), b))
        .collect();
    Ok(Verdict {
        holds: entries.iter().all(|e| e.1),
        entries,
        contexts,
    })
}
