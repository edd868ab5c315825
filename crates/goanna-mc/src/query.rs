//! Queries about one component in its own context: the component is entered with an empty call
//! stack, so its exits loop forever (it is the outermost function). This is how a program
//! analyser asks "which nodes of function f violate this property", for every f of one model,
//! without building a model per function.

use crate::batch::{lane_atoms, same_shape_chunks};
use crate::check::exhaustive::Engine;
use crate::ctl::{Dag, DagNode, Formula};
use crate::deadline::{Cancelled, Deadline, Poll};
use crate::model::{AtomId, BoxId, CompId, Component, Model, NodeId, Vertex};
use rustc_hash::FxHashMap;

/// For each formula, the nodes of `comp` that satisfy it when `comp` is the outermost component.
/// Formulas of the same shape (same operators, atoms in the same places) are decided together,
/// 64 per pass, one bit per formula in every label set.
pub fn satisfying_nodes(model: &Model, comp: CompId, formulas: &[Formula]) -> Vec<Vec<NodeId>> {
    never_cancelled(satisfying_nodes_with(model, comp, formulas, true, &Deadline::never()))
}

/// [`satisfying_nodes`], stopping with [`Cancelled`] once `deadline` has passed.
pub fn satisfying_nodes_within(model: &Model, comp: CompId, formulas: &[Formula], deadline: &Deadline) -> Result<Vec<Vec<NodeId>>, Cancelled> {
    satisfying_nodes_with(model, comp, formulas, true, deadline)
}

/// The result of a query under [`Deadline::never`], which cannot be cancelled.
fn never_cancelled<T: Default>(result: Result<T, Cancelled>) -> T {
    debug_assert!(result.is_ok(), "a query without a deadline was cancelled");
    result.unwrap_or_default()
}

/// For each instance, the nodes of `comp` that satisfy `shape` when `comp` is the outermost
/// component, with the shape's atoms replaced: instance `i` puts the model atom named
/// `instances[i][slot]` where `shape.atoms[slot]` stands (a name the model does not know holds
/// nowhere). One DAG serves every instance of a template, so deciding many instances costs no
/// formula building; they are decided 64 per pass, as in [`satisfying_nodes`].
pub fn satisfying_instances(
    model: &Model,
    comp: CompId,
    shape: &Dag,
    instances: &[Vec<String>],
) -> Vec<Vec<NodeId>> {
    never_cancelled(satisfying_instances_within(model, comp, shape, instances, &Deadline::never()))
}

/// [`satisfying_instances`], stopping with [`Cancelled`] once `deadline` has passed (polled
/// inside the fixpoints, so a large component is interrupted, not only finished late).
pub fn satisfying_instances_within(
    model: &Model,
    comp: CompId,
    shape: &Dag,
    instances: &[Vec<String>],
    deadline: &Deadline,
) -> Result<Vec<Vec<NodeId>>, Cancelled> {
    let mut out: Vec<Vec<NodeId>> = vec![Vec::new(); instances.len()];
    let flat = model.component(comp).boxes.is_empty();
    let all: Vec<usize> = (0..instances.len()).collect();
    for chunk in all.chunks(64) {
        let lane_atoms: Vec<Vec<Option<AtomId>>> = (0..shape.atoms.len())
            .map(|slot| {
                chunk
                    .iter()
                    .map(|&i| instances[i].get(slot).and_then(|name| model.atom(name)))
                    .collect()
            })
            .collect();
        let vals = chunk_values(model, comp, shape, lane_atoms, chunk.len(), flat, deadline)?;
        spread(model, comp, &vals, chunk, &mut out);
    }
    Ok(out)
}

/// For each instance, the nodes of the direct callees of `comp` that satisfy `shape` in the
/// context of a call from `comp` (the outermost component, as in [`satisfying_instances`]) but
/// not when the callee is the outermost component itself: the violations that begin inside a
/// callee and need the caller's continuation to be completed. Each is returned with the box of
/// the call, so a witness can start there ([`crate::witness::witness_in_at`]). Only the boxes
/// of `comp` that `look_into` accepts are looked into. Costs one frame per such box and chunk
/// of 64 instances, sharing the callees' summaries.
pub fn satisfying_instances_in_calls(
    model: &Model,
    comp: CompId,
    shape: &Dag,
    instances: &[Vec<String>],
    look_into: &dyn Fn(BoxId) -> bool,
) -> Vec<Vec<(BoxId, NodeId)>> {
    never_cancelled(satisfying_instances_in_calls_within(model, comp, shape, instances, look_into, &Deadline::never()))
}

/// [`satisfying_instances_in_calls`], stopping with [`Cancelled`] once `deadline` has passed.
pub fn satisfying_instances_in_calls_within(
    model: &Model,
    comp: CompId,
    shape: &Dag,
    instances: &[Vec<String>],
    look_into: &dyn Fn(BoxId) -> bool,
    deadline: &Deadline,
) -> Result<Vec<Vec<(BoxId, NodeId)>>, Cancelled> {
    let mut out: Vec<Vec<(BoxId, NodeId)>> = vec![Vec::new(); instances.len()];
    let boxes = model.component(comp).boxes();
    if !boxes.iter().any(|&b| look_into(b)) {
        return Ok(out);
    }
    let all: Vec<usize> = (0..instances.len()).collect();
    for chunk in all.chunks(64) {
        let lane_atoms: Vec<Vec<Option<AtomId>>> = (0..shape.atoms.len())
            .map(|slot| {
                chunk
                    .iter()
                    .map(|&i| instances[i].get(slot).and_then(|name| model.atom(name)))
                    .collect()
            })
            .collect();
        let mut eng = Engine::new(model, shape, lane_atoms, chunk.len()).with_deadline(deadline);
        let ctx = eng.initial_ctx(shape.root, comp);
        let mut own: FxHashMap<CompId, Vec<u64>> = FxHashMap::default();
        for (lb, &b) in boxes.iter().enumerate() {
            let callee = model.box_info(b).callee();
            if callee == comp || !look_into(b) {
                continue;
            }
            if let std::collections::hash_map::Entry::Vacant(slot) = own.entry(callee) {
                let alone = eng.initial_ctx(shape.root, callee);
                slot.insert(eng.full_vals(shape.root, callee, &alone).to_vec());
            }
            let cctx = eng.callee_ctx(shape.root, comp, &ctx, lb as u32);
            eng.full_vals(shape.root, callee, &cctx);
            eng.cancelled()?;
            let vals = eng.full_vals(shape.root, callee, &cctx);
            let alone = &own[&callee];
            for v in 0..model.component(callee).n_nodes() {
                let word = vals[v as usize] & !alone[v as usize];
                for (lane, &i) in chunk.iter().enumerate() {
                    if word >> lane & 1 != 0 {
                        out[i].push((b, model.vertex_node(callee, v)));
                    }
                }
            }
        }
    }
    Ok(out)
}

/// [`satisfying_nodes`], optionally without the fast path for components without boxes (so
/// tests can compare both).
fn satisfying_nodes_with(
    model: &Model,
    comp: CompId,
    formulas: &[Formula],
    fast: bool,
    deadline: &Deadline,
) -> Result<Vec<Vec<NodeId>>, Cancelled> {
    let dags: Vec<Dag> = formulas.iter().map(Dag::new).collect();
    let mut out: Vec<Vec<NodeId>> = vec![Vec::new(); dags.len()];
    let flat = fast && model.component(comp).boxes.is_empty();
    for chunk in same_shape_chunks(&dags) {
        let lane_atoms = lane_atoms(model, &dags, &chunk);
        let vals = chunk_values(model, comp, &dags[chunk[0]], lane_atoms, chunk.len(), flat, deadline)?;
        spread(model, comp, &vals, &chunk, &mut out);
    }
    Ok(out)
}

/// The root's value, one bit per lane, at every vertex of `comp` in its own context: by the
/// linear labelling when the component has no boxes (`flat`), else by the exhaustive engine.
fn chunk_values(
    model: &Model,
    comp: CompId,
    dag: &Dag,
    lane_atoms: Vec<Vec<Option<AtomId>>>,
    lanes: usize,
    flat: bool,
    deadline: &Deadline,
) -> Result<Vec<u64>, Cancelled> {
    deadline.check()?;
    if flat {
        label_without_boxes(model, comp, dag, &lane_atoms, lanes, deadline)
    } else {
        let mut eng = Engine::new(model, dag, lane_atoms, lanes).with_deadline(deadline);
        let ctx = eng.initial_ctx(dag.root, comp);
        let vals = eng.full_vals(dag.root, comp, &ctx).to_vec();
        eng.cancelled()?;
        Ok(vals)
    }
}

/// Adds each node of `comp` to the result of every lane (`chunk[lane]`) whose bit is set.
fn spread(model: &Model, comp: CompId, vals: &[u64], chunk: &[usize], out: &mut [Vec<NodeId>]) {
    let n_nodes = model.component(comp).n_nodes();
    for v in 0..n_nodes {
        let word = vals[v as usize];
        if word == 0 {
            continue;
        }
        for (lane, &i) in chunk.iter().enumerate() {
            if word >> lane & 1 != 0 {
                out[i].push(model.vertex_node(comp, v));
            }
        }
    }
}

/// Successors of `v` in a component without boxes, in its own context: exits and vertices
/// without successors loop on themselves.
fn successors(c: &Component, v: Vertex) -> impl Iterator<Item = Vertex> + '_ {
    let succ = c.succ(v);
    let own = succ.is_empty().then_some(v);
    succ.iter().copied().chain(own)
}

/// Bit-parallel CTL labelling of a component without boxes (one lane per formula instance):
/// the values of the DAG's root at every vertex. Linear in the component's size per DAG node:
/// `EU` and `EG` are solved by backward worklists.
fn label_without_boxes(
    model: &Model,
    comp: CompId,
    dag: &Dag,
    lane_atoms: &[Vec<Option<AtomId>>],
    lanes: usize,
    deadline: &Deadline,
) -> Result<Vec<u64>, Cancelled> {
    let mut poll = Poll::new(deadline);
    let c = model.component(comp);
    let n = c.n_vertices() as usize;
    let mask = if lanes >= 64 {
        u64::MAX
    } else {
        (1u64 << lanes) - 1
    };
    // For each atom slot: which lanes each atom id switches on.
    let slot_masks: Vec<FxHashMap<AtomId, u64>> = lane_atoms
        .iter()
        .map(|ids| {
            let mut m: FxHashMap<AtomId, u64> = FxHashMap::default();
            for (lane, id) in ids.iter().enumerate() {
                if let Some(id) = id {
                    *m.entry(*id).or_default() |= 1 << lane;
                }
            }
            m
        })
        .collect();
    // Predecessors, with the implicit self loops.
    let preds = |v: usize| {
        let own = c.succ(v as Vertex).is_empty().then_some(v);
        c.pred(v as Vertex).iter().map(|&u| u as usize).chain(own)
    };
    let mut vals: Vec<Vec<u64>> = Vec::with_capacity(dag.nodes.len());
    for node in &dag.nodes {
        deadline.check()?;
        let value: Vec<u64> = match *node {
            DagNode::True => vec![mask; n],
            DagNode::Atom(slot) => {
                let masks = &slot_masks[slot as usize];
                (0..n)
                    .map(|v| {
                        let node = model.vertex_node(comp, v as Vertex);
                        model
                            .labels(node)
                            .iter()
                            .fold(0u64, |acc, a| acc | masks.get(a).copied().unwrap_or(0))
                    })
                    .collect()
            }
            DagNode::Not(x) => vals[x as usize].iter().map(|&w| !w & mask).collect(),
            DagNode::And(x, y) => vals[x as usize]
                .iter()
                .zip(&vals[y as usize])
                .map(|(a, b)| a & b)
                .collect(),
            DagNode::Or(x, y) => vals[x as usize]
                .iter()
                .zip(&vals[y as usize])
                .map(|(a, b)| a | b)
                .collect(),
            DagNode::EX(x) => {
                let inner = &vals[x as usize];
                (0..n)
                    .map(|v| successors(c, v as Vertex).fold(0, |acc, w| acc | inner[w as usize]))
                    .collect()
            }
            DagNode::EU(x, y) => {
                let (a, b) = (&vals[x as usize], &vals[y as usize]);
                let mut val = b.clone();
                let mut work: Vec<usize> = (0..n).filter(|&v| val[v] != 0).collect();
                while let Some(v) = work.pop() {
                    poll.tick()?;
                    for p in preds(v) {
                        let add = val[v] & a[p] & !val[p];
                        if add != 0 {
                            val[p] |= add;
                            work.push(p);
                        }
                    }
                }
                val
            }
            DagNode::EG(x) => {
                let a = &vals[x as usize];
                let mut val = a.clone();
                let mut work: Vec<usize> = (0..n).collect();
                let mut queued = vec![true; n];
                while let Some(v) = work.pop() {
                    poll.tick()?;
                    queued[v] = false;
                    let next =
                        a[v] & successors(c, v as Vertex).fold(0, |acc, w| acc | val[w as usize]);
                    if next != val[v] {
                        val[v] = next;
                        for p in preds(v) {
                            if !queued[p] {
                                queued[p] = true;
                                work.push(p);
                            }
                        }
                    }
                }
                val
            }
        };
        vals.push(value);
    }
    Ok(vals.swap_remove(dag.root as usize))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ModelBuilder;

    /// main: m0 -> call f -> m1 (exit); f: f0 (entry, "a") -> f1 (exit, "b").
    fn model() -> Model {
        let mut b = ModelBuilder::new();
        let main = b.add_component("main");
        let f = b.add_component("f");
        let m0 = b.add_node(main, "m0", &["start"]);
        let m1 = b.add_node(main, "m1", &["done"]);
        b.set_entry(m0);
        b.set_exit(m1);
        let f0 = b.add_node(f, "f0", &["a"]);
        let f1 = b.add_node(f, "f1", &["b"]);
        b.set_entry(f0);
        b.set_exit(f1);
        b.edge_nodes(f0, f1);
        let call = b.add_box(main, "call_f", f);
        b.edge_to_call(m0, call, f0);
        b.edge_from_return(call, f1, m1);
        b.build().expect("valid model")
    }

    #[test]
    fn any_component_can_be_the_outermost() {
        let m = model();
        let parse = |s: &str| crate::ctl::parse(s).unwrap();
        let main = m.component_by_name("main").unwrap();
        let f = m.component_by_name("f").unwrap();
        // In main, the path goes through f and comes back to `done`.
        let sat = satisfying_nodes(
            &m,
            main,
            &[parse("EF done"), parse("EF b"), parse("EF start")],
        );
        assert_eq!(sat[0].len(), 2);
        // `b` holds at f's exit, seen in main at the box's return: only m0 reaches it.
        assert_eq!(sat[1], vec![m.node_by_name("m0").unwrap()]);
        assert_eq!(sat[2], vec![m.node_by_name("m0").unwrap()]);
        // In f as the outermost function, its exit loops forever: `done` is never reached.
        let sat = satisfying_nodes(&m, f, &[parse("EF done"), parse("EG b"), parse("a & EX b")]);
        assert!(sat[0].is_empty());
        assert_eq!(sat[1], vec![m.node_by_name("f1").unwrap()]);
        assert_eq!(sat[2], vec![m.node_by_name("f0").unwrap()]);
        // A witness from f's entry in f's own context.
        let w = crate::witness::witness_in(&m, f, &parse("EF b"), m.node_by_name("f0").unwrap())
            .unwrap()
            .unwrap();
        assert_eq!(w.steps.last().unwrap().node, m.node_by_name("f1").unwrap());
        assert!(crate::witness::witness_in(
            &m,
            main,
            &parse("EF b"),
            m.node_by_name("f0").unwrap()
        )
        .is_err());
    }

    #[test]
    fn callee_nodes_that_need_the_callers_continuation() {
        let m = model();
        let main = m.component_by_name("main").unwrap();
        let f0 = m.node_by_name("f0").unwrap();
        let call = m.component(main).boxes()[0];
        let shape = Dag::new(&crate::ctl::parse("x & EF y").unwrap());
        let instances: Vec<Vec<String>> = [
            ["a", "done"],
            ["a", "b"],
            ["start", "done"],
            ["a", "nowhere"],
        ]
        .iter()
        .map(|i| i.iter().map(|s| s.to_string()).collect())
        .collect();
        let sat = satisfying_instances_in_calls(&m, main, &shape, &instances, &|_| true);
        assert!(
            satisfying_instances_in_calls(&m, main, &shape, &instances, &|_| false)[0].is_empty()
        );
        // `done` is in main, after the call returns: only the calling context sees it.
        assert_eq!(sat[0], vec![(call, f0)]);
        // `b` is in f itself: f as the outermost function sees it too.
        assert!(sat[1].is_empty());
        // `start` labels no node of f; `nowhere` no node at all.
        assert!(sat[2].is_empty() && sat[3].is_empty());
        // The witness starts inside the call and returns to main.
        let w = crate::witness::witness_in_at(
            &m,
            main,
            &crate::ctl::parse("EF done").unwrap(),
            &[call],
            f0,
        )
        .unwrap()
        .unwrap();
        assert_eq!(w.stack(0), vec![call]);
        assert_eq!(w.steps.last().unwrap().node, m.node_by_name("m1").unwrap());
        assert_eq!(w.stack_len(w.steps.len() - 1), 0);
        // A node outside the box's callee is refused.
        assert!(crate::witness::witness_in_at(
            &m,
            main,
            &crate::ctl::parse("EF done").unwrap(),
            &[call],
            m.node_by_name("m0").unwrap()
        )
        .is_err());
    }

    /// main: a chain of `n` nodes, the last labelled `end`, with a call of `f` in the middle;
    /// f: entry -> exit.
    fn long_chain(n: usize) -> Model {
        let mut b = ModelBuilder::new();
        let main = b.add_component("main");
        let f = b.add_component("f");
        let f0 = b.add_node(f, "f0", &[]);
        let f1 = b.add_node(f, "f1", &[]);
        b.set_entry(f0);
        b.set_exit(f1);
        b.edge_nodes(f0, f1);
        let nodes: Vec<_> = (0..n).map(|i| b.add_node(main, &format!("m{i}"), if i + 1 == n { &["end"] } else { &[] })).collect();
        b.set_entry(nodes[0]);
        b.set_exit(nodes[n - 1]);
        let call = b.add_box(main, "call_f", f);
        for (i, w) in nodes.windows(2).enumerate() {
            if i == n / 2 {
                b.edge_to_call(w[0], call, f0);
                b.edge_from_return(call, f1, w[1]);
            } else {
                b.edge_nodes(w[0], w[1]);
            }
        }
        b.build().expect("valid model")
    }

    #[test]
    fn a_passed_deadline_interrupts_the_fixpoints_and_the_queries() {
        let m = long_chain(5000);
        let main = m.component_by_name("main").unwrap();
        let shape = Dag::new(&crate::ctl::parse("E[!x U y]").unwrap());
        let instances = vec![vec!["nothing".to_string(), "end".to_string()]];
        let passed = Deadline::after(std::time::Duration::ZERO);
        // Inside the engine: the least fixpoint over 5,000 vertices polls and stops.
        let lane_atoms = vec![vec![m.atom("nothing")], vec![m.atom("end")]];
        let mut eng = Engine::new(&m, &shape, lane_atoms.clone(), 1).with_deadline(&passed);
        let ctx = eng.initial_ctx(shape.root, main);
        eng.full_vals(shape.root, main, &ctx);
        assert_eq!(eng.cancelled(), Err(Cancelled));
        let mut eng = Engine::new(&m, &shape, lane_atoms, 1).with_deadline(&Deadline::never());
        let ctx = eng.initial_ctx(shape.root, main);
        assert!(eng.full_vals(shape.root, main, &ctx).iter().all(|&w| w == 1));
        assert_eq!(eng.cancelled(), Ok(()));
        // The queries answer `Cancelled`, or what they answer without a deadline.
        assert_eq!(satisfying_instances_within(&m, main, &shape, &instances, &passed), Err(Cancelled));
        let f = m.component_by_name("f").unwrap();
        assert_eq!(satisfying_instances_within(&m, f, &shape, &instances, &passed), Err(Cancelled));
        assert_eq!(satisfying_instances_in_calls_within(&m, main, &shape, &instances, &|_| true, &passed), Err(Cancelled));
        let all = satisfying_instances_within(&m, main, &shape, &instances, &Deadline::after(std::time::Duration::from_secs(3600))).unwrap();
        assert_eq!(all, satisfying_instances(&m, main, &shape, &instances));
        assert_eq!(all[0].len(), 5000);
    }

    /// A tiny deterministic generator, so the test needs no dependency.
    struct Lcg(u64);
    impl Lcg {
        fn below(&mut self, n: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) % n
        }
    }

    fn random_formula(r: &mut Lcg, depth: u32) -> Formula {
        use Formula::*;
        let atom = |r: &mut Lcg| Atom(["p", "q", "r"][r.below(3) as usize].to_string());
        if depth == 0 {
            return atom(r);
        }
        let sub = |r: &mut Lcg| Box::new(random_formula(r, depth - 1));
        match r.below(12) {
            0 => atom(r),
            1 => Not(sub(r)),
            2 => And(sub(r), sub(r)),
            3 => Or(sub(r), sub(r)),
            4 => EX(sub(r)),
            5 => AX(sub(r)),
            6 => EU(sub(r), sub(r)),
            7 => AU(sub(r), sub(r)),
            8 => EG(sub(r)),
            9 => AG(sub(r)),
            10 => EF(sub(r)),
            _ => AW(sub(r), sub(r)),
        }
    }

    #[test]
    fn fast_path_agrees_with_the_engine_on_random_models_without_boxes() {
        let mut r = Lcg(0x5eed);
        for case in 0..300 {
            let mut b = ModelBuilder::new();
            let c = b.add_component("f");
            let n = 1 + r.below(9) as u32;
            let nodes: Vec<_> = (0..n)
                .map(|i| {
                    let labels: Vec<&str> = ["p", "q", "r"]
                        .into_iter()
                        .filter(|_| r.below(2) == 0)
                        .collect();
                    b.add_node(c, &format!("n{i}"), &labels)
                })
                .collect();
            b.set_entry(nodes[0]);
            for &x in &nodes {
                if r.below(4) == 0 {
                    b.set_exit(x);
                    continue;
                }
                for _ in 0..r.below(3) {
                    b.edge_nodes(x, nodes[r.below(n as u64) as usize]);
                }
            }
            let Ok(model) = b.build() else { continue };
            let formulas: Vec<Formula> = (0..1 + r.below(70))
                .map(|_| random_formula(&mut r, 3))
                .collect();
            let never = Deadline::never();
            let fast = satisfying_nodes_with(&model, c, &formulas, true, &never).unwrap();
            let slow = satisfying_nodes_with(&model, c, &formulas, false, &never).unwrap();
            for (i, (a, b)) in fast.iter().zip(&slow).enumerate() {
                let mut a = a.clone();
                let mut b = b.clone();
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b, "case {case}, formula {}", formulas[i]);
            }
        }
    }

    #[test]
    fn instances_of_one_shape_agree_with_their_instantiated_formulas() {
        let mut r = Lcg(0x1157);
        let boxed = model();
        for case in 0..200 {
            // A template over p, q, r; every instance renames them (possibly onto one atom, or
            // onto a name the model does not know).
            let template = random_formula(&mut r, 3);
            let shape = Dag::new(&template);
            let names = ["p", "q", "r", "a", "b", "start", "done", "unknown"];
            let instances: Vec<Vec<String>> = (0..1 + r.below(90))
                .map(|_| {
                    shape
                        .atoms
                        .iter()
                        .map(|_| names[r.below(names.len() as u64) as usize].to_string())
                        .collect()
                })
                .collect();
            let formulas: Vec<Formula> = instances
                .iter()
                .map(|inst| {
                    template.rename_atoms(&|a: &str| {
                        let slot = shape
                            .atoms
                            .iter()
                            .position(|x| x == a)
                            .expect("atom of the template");
                        inst[slot].clone()
                    })
                })
                .collect();
            for comp in [
                boxed.component_by_name("main").unwrap(),
                boxed.component_by_name("f").unwrap(),
            ] {
                let mut by_shape = satisfying_instances(&boxed, comp, &shape, &instances);
                let mut by_formula = satisfying_nodes(&boxed, comp, &formulas);
                for (a, b) in by_shape.iter_mut().zip(by_formula.iter_mut()) {
                    a.sort_unstable();
                    b.sort_unstable();
                }
                assert_eq!(by_shape, by_formula, "case {case}: {template}");
            }
        }
    }
}
