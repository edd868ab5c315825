//! Observers of infeasible paths (design note 11; Fehnker, Huuck and Seefried, "Incremental
//! False Path Elimination for Static Software Analysis"): a small automaton, composed with a
//! function's model, that follows how far a path has come through the steps of a contradiction
//! the SMT solver found and cuts the edge that would complete it.
//!
//! The contradiction is a sequence of graph nodes (the core's steps in path order) and, for each
//! gap between two of them, the values whose versions both sides share: a path that takes the
//! nodes in order without writing such a value in a gap meets the same contradiction, whatever
//! else it does in between, so it is infeasible too. For a contradiction of at most
//! [`TRACKED_MATCHES`] + 1 steps the state is the set of partial matches alive (bit `k - 1`: the
//! first `k` steps seen, no guarded value of gap `k` written since), so a match that starts again
//! while an older one is pending — the next iteration of a loop — is followed too. A longer one
//! is followed deterministically: in state `i` (the first `i` steps seen) it advances on the next
//! step's node and falls back to the start on a write of a value guarded in the current gap; it
//! may miss a later match, which only leaves a path in the model. Neither cuts a feasible path.

use super::link::FnIndex;
use goanna_cfg::NodeId;
use goanna_feasible::{Core, Frame};

/// Partial matches an observer state can hold as a set (the bits of its byte).
const TRACKED_MATCHES: usize = 8;

/// An observer of one contradiction in one function's graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Observer {
    /// The graph nodes of the contradicting steps, in path order.
    steps: Vec<NodeId>,
    /// For each gap between consecutive steps, which graph nodes write a value it guards.
    resets: Vec<Vec<bool>>,
}

impl Observer {
    /// The observer of `core`, found on a path whose steps were the graph nodes `path`, in the
    /// graph of `f`.
    pub fn new(analysis: &super::engine::Analysis<'_>, f: FnIndex, core: &Core, path: &[NodeId]) -> Option<Observer> {
        let (program, effects) = (analysis.program, &analysis.effects);
        let steps: Vec<NodeId> = core.steps.iter().map(|&i| path.get(i).copied()).collect::<Option<_>>()?;
        // States are bytes: a longer contradiction is not observed (its path stays reported).
        if steps.is_empty() || steps.len() > usize::from(u8::MAX) {
            return None;
        }
        let cfg = program.cfg(f);
        // As the refutation saw it: calls change only the globals their callees may write.
        let graphs = super::summarised::SummarisedProgram::new(program, effects).with_writes_members(&analysis.writes_members);
        let frame = Frame::in_program(cfg, &graphs, f);
        let resets = core
            .guards
            .iter()
            .map(|keys| {
                cfg.node_ids()
                    .map(|n| {
                        let fx = effects.get(&(f, n)).map_or(&[][..], |v| &v[..]);
                        frame.writes_any(n, fx, keys)
                    })
                    .collect()
            })
            .collect();
        Some(Observer { steps, resets })
    }

    /// True when a write in gap `gap` (after step `gap`) at node `t` ends a partial match.
    fn resets_at(&self, gap: usize, t: NodeId) -> bool {
        self.resets.get(gap).and_then(|r| r.get(t.index())).copied().unwrap_or(true)
    }

    /// The state after entering node `t` in state `state`; `None` when `t` completes the
    /// contradiction (the edge into it is not a path).
    pub fn enter(&self, state: u8, t: NodeId) -> Option<u8> {
        if self.steps.len() <= TRACKED_MATCHES + 1 {
            self.enter_set(state, t)
        } else {
            self.enter_one(state, t)
        }
    }

    /// [`Observer::enter`] over the set of partial matches alive.
    fn enter_set(&self, state: u8, t: NodeId) -> Option<u8> {
        let len = self.steps.len();
        let mut next = 0u8;
        for k in 1..len {
            if state & (1 << (k - 1)) == 0 {
                continue;
            }
            if self.steps[k] == t {
                if k + 1 == len {
                    return None;
                }
                next |= 1 << k;
            }
            if !self.resets_at(k - 1, t) {
                next |= 1 << (k - 1);
            }
        }
        if self.steps[0] == t {
            if len == 1 {
                return None;
            }
            next |= 1;
        }
        Some(next)
    }

    /// [`Observer::enter`] following one partial match.
    fn enter_one(&self, state: u8, t: NodeId) -> Option<u8> {
        let s = usize::from(state);
        let len = self.steps.len();
        let advance = |to: usize| if to == len { None } else { u8::try_from(to).ok() };
        if self.steps.get(s) == Some(&t) {
            return advance(s + 1);
        }
        let reset = s > 0 && self.resets_at(s - 1, t);
        if !reset {
            return Some(state);
        }
        if self.steps.first() == Some(&t) {
            advance(1)
        } else {
            Some(0)
        }
    }
}
