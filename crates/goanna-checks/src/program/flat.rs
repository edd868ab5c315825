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

use super::behaviour::Behaviour;
use super::link::{FnIndex, Program};
use super::rks::{node_labels, CallEffects};
use goanna_cfg::EdgeKind;
use goanna_mc::{Model, ModelBuilder};

/// A function's own model: model node `i` is CFG node `i`; two sinks follow.
pub struct FlatModel {
    /// The model (one component).
    pub model: Model,
    /// Number of CFG nodes (the sinks are `nodes` and `nodes + 1`).
    pub nodes: u32,
}

/// Which edges a function's model keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EdgeFilter {
    /// Leave out loop back edges (the question is then about one iteration: a node whose only
    /// successor was a back edge loops on itself).
    pub forward_only: bool,
    /// Keep the edges that constant conditions rule out.
    pub include_infeasible: bool,
}

impl EdgeFilter {
    /// Index of this filter among the four possible ones.
    pub fn index(self) -> usize {
        usize::from(self.forward_only) * 2 + usize::from(self.include_infeasible)
    }
}

/// Builds the model of `f`, keeping the edges `filter` allows.
pub fn flat_model(
    program: &Program<'_>,
    f: FnIndex,
    effects: &CallEffects,
    behaviours: &[Behaviour],
    filter: EdgeFilter,
) -> Result<FlatModel, goanna_mc::Error> {
    let cfg = program.cfg(f);
    let mut b = ModelBuilder::new();
    let comp = b.add_component(&cfg.name);
    for n in cfg.node_ids() {
        let labels = node_labels(program, f, n, effects);
        let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
        let id = b.add_node(comp, &n.0.to_string(), &refs);
        if n == cfg.entry {
            b.set_entry(id);
        }
        if n == cfg.exit {
            b.set_exit(id);
        }
    }
    let nodes = cfg.nodes.len() as u32;
    let noreturn_sink = b.add_node(comp, "noreturn", &["noreturn"]);
    let diverge_sink = b.add_node(comp, "diverge", &[]);
    b.edge_nodes(noreturn_sink, noreturn_sink);
    b.edge_nodes(diverge_sink, diverge_sink);
    for n in cfg.node_ids() {
        let node = cfg.node(n);
        let behaviour = program.callee_at(f, n).map(|g| behaviours[g as usize]);
        let returns = behaviour.is_none_or(|b| b.may_return);
        if returns {
            for edge in &node.succs {
                // Design note 10: an edge that a constant condition rules out is not a path.
                if (filter.forward_only && edge.kind == EdgeKind::Back)
                    || (!filter.include_infeasible && !node.edge_feasible(edge))
                {
                    continue;
                }
                b.edge_nodes(n.0, edge.target.0);
            }
        }
        if let Some(behaviour) = behaviour {
            if behaviour.may_noreturn {
                b.edge_nodes(n.0, noreturn_sink);
            }
            if behaviour.may_diverge || !(behaviour.may_return || behaviour.may_noreturn) {
                b.edge_nodes(n.0, diverge_sink);
            }
        }
    }
    Ok(FlatModel { model: b.build()?, nodes })
}
