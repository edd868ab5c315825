//! Many formulas over one model at once.
//!
//! The check catalogue instantiates one template for every variable of a function. Formulas whose
//! core DAGs have the same shape (same operators, atoms in the same positions) are grouped and
//! decided together by the exhaustive engine, 64 instances per pass: every label set, context
//! and summary is a `u64` word per vertex with one bit per instance. Model preprocessing is shared
//! by construction (the [`Model`] is compiled once). The other strategies decide the formulas one
//! by one.

use crate::check::exhaustive::Engine;
use crate::check::{check_dag, Strategy, Verdict};
use crate::ctl::{Dag, DagNode, Formula};
use crate::model::{AtomId, Model};
use crate::Error;
use rustc_hash::FxHashMap;

/// Indices of `dags` grouped by shape (same operators, atoms in the same places), in chunks of
/// at most 64: each chunk is decided in one bit-parallel pass. Deterministic order.
pub(crate) fn same_shape_chunks(dags: &[Dag]) -> Vec<Vec<usize>> {
    let mut groups: FxHashMap<&[DagNode], Vec<usize>> = FxHashMap::default();
    for (i, d) in dags.iter().enumerate() {
        groups.entry(&d.nodes[..]).or_default().push(i);
    }
    let mut groups: Vec<Vec<usize>> = groups.into_values().collect();
    groups.sort();
    groups
        .iter()
        .flat_map(|g| g.chunks(64).map(<[usize]>::to_vec))
        .collect()
}

/// For each atom slot of the chunk's shape, the model atom each lane (formula) puts there.
pub(crate) fn lane_atoms(model: &Model, dags: &[Dag], chunk: &[usize]) -> Vec<Vec<Option<AtomId>>> {
    let slots = dags[chunk[0]].atoms.len();
    (0..slots)
        .map(|slot| {
            chunk
                .iter()
                .map(|&i| model.atom(&dags[i].atoms[slot]))
                .collect()
        })
        .collect()
}

/// Decide every formula; the result is in input order.
pub fn check_batch(
    model: &Model,
    formulas: &[Formula],
    strategy: Strategy,
) -> Vec<Result<Verdict, Error>> {
    let dags: Vec<Dag> = formulas.iter().map(Dag::new).collect();
    check_batch_dags(model, &dags, strategy)
}

/// [`check_batch`] on reduced formulas.
pub fn check_batch_dags(
    model: &Model,
    dags: &[Dag],
    strategy: Strategy,
) -> Vec<Result<Verdict, Error>> {
    if strategy != Strategy::Exhaustive {
        return dags.iter().map(|d| check_dag(model, d, strategy)).collect();
    }
    let mut out: Vec<Option<Result<Verdict, Error>>> = (0..dags.len()).map(|_| None).collect();
    let init = model.initial();
    let comp = model.component(init);
    for chunk in same_shape_chunks(dags) {
        let d0 = &dags[chunk[0]];
        let lane_atoms = lane_atoms(model, dags, &chunk);
        let mut eng = Engine::new(model, d0, lane_atoms, chunk.len());
        let ctx = eng.initial_ctx(d0.root, init);
        let vals = eng.full_vals(d0.root, init, &ctx).to_vec();
        for (lane, &i) in chunk.iter().enumerate() {
            let entries: Vec<_> = comp
                .entries()
                .iter()
                .map(|&en| {
                    (
                        model.vertex_node(init, en),
                        vals[en as usize] >> lane & 1 != 0,
                    )
                })
                .collect();
            out[i] = Some(Ok(Verdict {
                holds: entries.iter().all(|e| e.1),
                entries,
                contexts: eng.contexts,
            }));
        }
    }
    out.into_iter()
        .map(|r| r.expect("every formula decided"))
        .collect()
}
