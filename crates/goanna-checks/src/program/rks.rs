//! The recursive Kripke structure of the whole program: one component per function, one node
//! per CFG node, one box per call of a defined function (design note 1).

use super::atoms::{call_atom, path_atom, plain_atom};
use super::behaviour::Behaviour;
use super::link::{FnIndex, Program};
use goanna_cfg::{NodeId, NodeKind, PathId, PropKind, Subject};
use goanna_mc::{CompId, Model, ModelBuilder};
use rustc_hash::FxHashMap;

/// Extra propositions placed on call nodes: what the callee does, seen from the caller.
pub type CallEffects = FxHashMap<(FnIndex, NodeId), Vec<(PropKind, PathId)>>;

/// The model and the way back from its nodes to the program's graphs.
pub struct ProgramModel {
    /// The model (its initial component is irrelevant: queries name the component).
    pub model: Model,
    /// For each model node id: the function and CFG node it stands for.
    pub origin: Vec<(FnIndex, NodeId)>,
    /// First model node id of each function (its CFG node `n` is `first[f] + n`).
    pub first: Vec<u32>,
    /// The propositions call nodes got from their callees' summaries.
    pub effects: CallEffects,
    /// For each box id: the function and call node it stands for.
    pub calls: Vec<(FnIndex, NodeId)>,
}

impl ProgramModel {
    /// The component of a function.
    pub fn component(&self, f: FnIndex) -> CompId {
        f as CompId
    }

    /// The model node of a CFG node.
    pub fn node(&self, f: FnIndex, n: NodeId) -> goanna_mc::NodeId {
        (self.first[f as usize] + n.0) as goanna_mc::NodeId
    }
}

/// The atoms of node `n` of function `f`: its propositions and its callee's effects. At a
/// call whose callee is linked, the escapes that the graph builder assumed for the arguments
/// (the callee was unknown in the unit) are dropped: the callee's summary says what it does
/// with them.
pub fn node_labels(program: &Program<'_>, f: FnIndex, n: NodeId, effects: &CallEffects) -> Vec<String> {
    let cfg = program.cfg(f);
    let node = cfg.node(n);
    let linked = program.callee_at(f, n).is_some();
    // A pointer the call gets only inside another argument's value (`insert(t, k,
    // (union value){.p = v})`) is no argument the summary speaks of: its escape stays.
    let summarised_escape = |x: PathId| {
        let goanna_cfg::NodeKind::Call(site) = &node.kind else { return false };
        let root = &cfg.path(x).root;
        site.args.iter().chain(&site.address_args).flatten().any(|&a| cfg.path(a).root == *root)
    };
    let mut labels: Vec<String> = node
        .props
        .iter()
        .filter(|p| !(linked && p.kind == PropKind::Escape && matches!(p.subject, Subject::Path(x) if summarised_escape(x))) && p.kind != PropKind::Callback)
        .map(|p| match &p.subject {
            Subject::Path(id) => path_atom(p.kind, f, *id, cfg.path(*id)),
            Subject::Function(name) => call_atom(name),
            Subject::None => plain_atom(p.kind, f),
        })
        .collect();
    labels.extend(effect_labels(program, f, n, effects));
    if program.callee_at(f, n).is_some_and(|g| program.same_component(f, g)) {
        labels.push(plain_atom(PropKind::RecursiveCall, f));
    }
    if program.loop_heads[f as usize].binary_search(&n).is_ok() {
        labels.push(plain_atom(PropKind::LoopHead, f));
    }
    if n == cfg.entry {
        labels.push(plain_atom(PropKind::Entry, f));
        if program.thread_entries.get(f as usize).copied().unwrap_or(false) {
            labels.push(plain_atom(PropKind::ThreadEntry, f));
        }
    }
    labels
}

/// The atoms of what the callee called at node `n` of `f` does to the caller's variables.
fn effect_labels(program: &Program<'_>, f: FnIndex, n: NodeId, effects: &CallEffects) -> Vec<String> {
    let cfg = program.cfg(f);
    effects.get(&(f, n)).map_or_else(Vec::new, |extra| extra.iter().map(|(kind, id)| path_atom(*kind, f, *id, cfg.path(*id))).collect())
}

/// Builds the model. At a call node whose callee is linked, the escapes that the graph builder
/// assumed for the arguments (the callee was unknown in the unit) are dropped: the callee's
/// summary in `effects` says what it really does.
///
/// What a linked callee does to the caller's variables (its summary's effects) labels a node of
/// its own that the call's box returns to: the callee's body runs before them (a use of a global
/// inside the callee comes before the callee frees the argument). That node stands for the call
/// node in paths.
///
/// A call through a pointer whose known targets never return (`behaviours`) ends its paths
/// there: it has no successor (a dead end loops on itself) and, when some target ends the
/// program, the labels of the graphs' own sink (`end`, `noreturn`). So does a dying call of a
/// function of the program ([`super::behaviour::dying_call`]): it gets no box, the paths of
/// its callers end at it (or at the `noreturn` sink after it), and the code that runs while
/// the program dies is checked from its own functions only.
pub fn build_model(program: &Program<'_>, effects: &CallEffects, behaviours: &[Behaviour]) -> Result<ProgramModel, goanna_mc::Error> {
    // The linked calls that get a box: all but the dying ones, whose callee's summary labels
    // the call node as at an unlinked call.
    let dying: rustc_hash::FxHashSet<(FnIndex, NodeId)> = (0..program.functions.len() as FnIndex)
        .flat_map(|f| program.calls[f as usize].iter().map(move |&(n, _)| (f, n)))
        .filter(|&(f, n)| super::behaviour::dying_call(program, f, n, behaviours))
        .collect();
    let boxed = |f: FnIndex, n: NodeId| program.callee_at(f, n).filter(|_| !dying.contains(&(f, n)));
    let stops = |f: FnIndex, n: NodeId| {
        if boxed(f, n).is_some() {
            return None;
        }
        super::behaviour::call_behaviour(program, f, n, behaviours).filter(|b| !b.may_return)
    };
    let mut b = ModelBuilder::new();
    let mut origin = Vec::new();
    let mut first = Vec::with_capacity(program.functions.len());
    let mut calls = Vec::new();
    let mut returns: FxHashMap<(FnIndex, NodeId), goanna_mc::NodeId> = FxHashMap::default();
    for f in 0..program.functions.len() as FnIndex {
        let cfg = program.cfg(f);
        let comp = b.add_component(&cfg.name);
        debug_assert_eq!(comp as FnIndex, f);
        first.push(origin.len() as u32);
        for n in cfg.node_ids() {
            let linked = boxed(f, n).is_some();
            let mut labels = if linked { node_labels(program, f, n, &CallEffects::default()) } else { node_labels(program, f, n, effects) };
            if stops(f, n).is_some_and(|b| b.may_noreturn) {
                labels.push(plain_atom(PropKind::End, f));
                labels.push(plain_atom(PropKind::NoReturn, f));
            }
            let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
            let id = b.add_node(comp, &format!("{}#{}", cfg.name, n.0), &refs);
            origin.push((f, n));
            if n == cfg.entry {
                b.set_entry(id);
            }
            if n == cfg.exit {
                b.set_exit(id);
            }
        }
        // The return nodes of the linked calls that have effects.
        for n in cfg.node_ids() {
            if boxed(f, n).is_none() || !effects.contains_key(&(f, n)) {
                continue;
            }
            let mut labels = effect_labels(program, f, n, effects);
            // The result is stored after the callee's effects, as in a graph node of its own
            // (`p = f(p)`: the old `p` is freed, then `p` gets the result).
            if let Some(r) = match &cfg.node(n).kind {
                NodeKind::Call(site) => site.result.as_ref(),
                _ => None,
            } {
                let stored = cfg.node(n).props.iter().filter(|p| matches!(p.kind, PropKind::Def | PropKind::DeclInit) && p.subject == Subject::Path(*r));
                labels.extend(stored.map(|p| path_atom(p.kind, f, *r, cfg.path(*r))));
            }
            let refs: Vec<&str> = labels.iter().map(String::as_str).collect();
            let id = b.add_node(comp, &format!("{}#{}'", cfg.name, n.0), &refs);
            returns.insert((f, n), id);
            origin.push((f, n));
        }
    }
    for f in 0..program.functions.len() as FnIndex {
        let cfg = program.cfg(f);
        let base = first[f as usize];
        for n in cfg.node_ids() {
            let from = (base + n.0) as goanna_mc::NodeId;
            let node = cfg.node(n);
            match boxed(f, n) {
                Some(g) => {
                    let callee = program.cfg(g);
                    let callee_base = first[g as usize];
                    let bx = b.add_box(f as CompId, &format!("{}#{}", cfg.name, n.0), g as CompId);
                    debug_assert_eq!(bx as usize, calls.len());
                    calls.push((f, n));
                    b.edge_to_call(from, bx, (callee_base + callee.entry.0) as goanna_mc::NodeId);
                    let exit = (callee_base + callee.exit.0) as goanna_mc::NodeId;
                    let succs = node.succs.iter().filter(|e| node.edge_feasible(e)).map(|e| (base + e.target.0) as goanna_mc::NodeId);
                    match returns.get(&(f, n)) {
                        Some(&back) => {
                            b.edge_from_return(bx, exit, back);
                            for to in succs {
                                b.edge_nodes(back, to);
                            }
                        }
                        None => {
                            for to in succs {
                                b.edge_from_return(bx, exit, to);
                            }
                        }
                    }
                }
                None if stops(f, n).is_some() => {}
                None => {
                    // Design note 10: an edge that a constant condition rules out is not a path.
                    for edge in node.succs.iter().filter(|e| node.edge_feasible(e)) {
                        b.edge_nodes(from, (base + edge.target.0) as goanna_mc::NodeId);
                    }
                }
            }
        }
    }
    Ok(ProgramModel { model: b.build()?, origin, first, effects: effects.clone(), calls })
}
