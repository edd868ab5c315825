//! What the program stage asks of the model checker.

use goanna_mc::ctl::{Dag, Formula};
use goanna_mc::{BoxId, Cancelled, CompId, Deadline, Model, NodeId};

/// One step of a path in the model: the call stack (boxes, outermost first) and the node.
pub type PathPoint = (Vec<goanna_mc::BoxId>, NodeId);

/// The questions the checks put to the model checker. Every question is asked of one
/// component *in its own context*: entered with an empty call stack, so that its exits loop
/// forever (the function is the outermost one).
pub trait Decide: Sync {
    /// For each formula, the nodes of `comp` that satisfy it.
    fn satisfying(&self, model: &Model, comp: CompId, formulas: &[Formula]) -> Vec<Vec<NodeId>>;

    /// For each instance of a template, the nodes of `comp` that satisfy the template's
    /// `shape` with the instance's atoms in its slots (`instances[i][slot]` replaces
    /// `shape.atoms[slot]`); `Err(Cancelled)` once `deadline` has passed.
    fn satisfying_instances(&self, model: &Model, comp: CompId, shape: &Dag, instances: &[Vec<String>], deadline: &Deadline) -> Result<Vec<Vec<NodeId>>, Cancelled>;

    /// A path from `start` (a node of `comp`) along which the existential formula holds:
    /// a finite prefix (and, for `EG`, a loop, whose first point ends the list).
    fn witness(&self, model: &Model, comp: CompId, start: NodeId, formula: &Formula) -> Option<Vec<PathPoint>> {
        self.witness_at(model, comp, &[], start, formula)
    }

    /// For each instance of a template, the nodes of `comp`'s direct callees that satisfy the
    /// shape in the context of a call from `comp` but not with the callee as the outermost
    /// function, each with the box of the call (violations that begin in a callee and end in
    /// `comp`); only the boxes `look_into` accepts are looked into. `Err(Cancelled)` once
    /// `deadline` has passed.
    fn satisfying_instances_in_calls(
        &self,
        model: &Model,
        comp: CompId,
        shape: &Dag,
        instances: &[Vec<String>],
        look_into: &dyn Fn(BoxId) -> bool,
        deadline: &Deadline,
    ) -> Result<Vec<Vec<(BoxId, NodeId)>>, Cancelled>;

    /// [`Decide::witness`] from the configuration `(stack, start)`: `stack` holds boxes entered
    /// from `comp`, the outermost component (empty: `start` is a node of `comp`).
    fn witness_at(&self, model: &Model, comp: CompId, stack: &[BoxId], start: NodeId, formula: &Formula) -> Option<Vec<PathPoint>>;
}

/// The model checker of `goanna-mc`, exhaustive strategy, bit-parallel over instances.
pub struct ModelChecker;

/// The first existential conjunct of a formula (`EX`, `EF`, `EU`, `EG` at its top), which is
/// the part of a violation a path can show.
fn existential_part(formula: &Formula) -> Option<&Formula> {
    match formula {
        Formula::And(a, b) => existential_part(a).or_else(|| existential_part(b)),
        Formula::EX(_) | Formula::EF(_) | Formula::EU(_, _) | Formula::EG(_) => Some(formula),
        _ => None,
    }
}

/// The existential counterpart of a universal path formula (`A[a U b]` → `E[a U b]`, `AF` →
/// `EF`, `AX` → `EX`, `AG` → `EG`): one of the paths that all satisfy it.
fn as_existential(formula: &Formula) -> Formula {
    match formula {
        Formula::AU(a, b) => Formula::EU(a.clone(), b.clone()),
        Formula::AF(a) => Formula::EF(a.clone()),
        Formula::AX(a) => Formula::EX(a.clone()),
        Formula::AG(a) => Formula::EG(a.clone()),
        other => other.clone(),
    }
}

impl Decide for ModelChecker {
    fn satisfying(&self, model: &Model, comp: CompId, formulas: &[Formula]) -> Vec<Vec<NodeId>> {
        goanna_mc::query::satisfying_nodes(model, comp, formulas)
    }

    fn satisfying_instances(&self, model: &Model, comp: CompId, shape: &Dag, instances: &[Vec<String>], deadline: &Deadline) -> Result<Vec<Vec<NodeId>>, Cancelled> {
        goanna_mc::query::satisfying_instances_within(model, comp, shape, instances, deadline)
    }

    fn satisfying_instances_in_calls(
        &self,
        model: &Model,
        comp: CompId,
        shape: &Dag,
        instances: &[Vec<String>],
        look_into: &dyn Fn(BoxId) -> bool,
        deadline: &Deadline,
    ) -> Result<Vec<Vec<(BoxId, NodeId)>>, Cancelled> {
        goanna_mc::query::satisfying_instances_in_calls_within(model, comp, shape, instances, look_into, deadline)
    }

    fn witness_at(&self, model: &Model, comp: CompId, stack: &[BoxId], start: NodeId, formula: &Formula) -> Option<Vec<PathPoint>> {
        // A disjunction: the witness of a disjunct that holds at `start` (its existential part
        // alone may hold where the whole disjunct does not).
        if let Formula::Or(a, b) = formula {
            let holds = |f: &Formula| match stack {
                [] => self.satisfying(model, comp, std::slice::from_ref(f))[0].contains(&start),
                [call] => {
                    let dag = Dag::new(f);
                    let own = vec![dag.atoms.clone()];
                    let never = Deadline::never();
                    let found = self.satisfying_instances_in_calls(model, comp, &dag, &own, &|b| b == *call, &never).unwrap_or_default();
                    found.first().is_some_and(|nodes| nodes.contains(&(*call, start)))
                }
                _ => true,
            };
            let a_holds = holds(a);
            let first = if a_holds { a } else { b };
            let other = if a_holds { b } else { a };
            return self.witness_at(model, comp, stack, start, first).or_else(|| self.witness_at(model, comp, stack, start, other));
        }
        let part = existential_part(formula)?;
        let witness = goanna_mc::witness::witness_in_at(model, comp, part, stack, start).ok()??;
        let mut path: Vec<PathPoint> = witness.configurations();
        // The model checker continues a witness through nested existential obligations; a
        // universal one (`EX A[a U b]`) holds on every path, so show one of them.
        if let (Formula::EX(inner), Some((last_stack, last))) = (part, path.last().cloned()) {
            let one = as_existential(inner);
            if last_stack == stack && one != **inner {
                if let Some(rest) = self.witness_at(model, comp, &last_stack, last, &one) {
                    path.extend(rest.into_iter().skip(1));
                }
            }
        }
        Some(path)
    }
}
