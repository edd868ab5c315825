//! Feasibility of counterexample paths (design note 11): the refutation stage between the model
//! checker's witness and a finding.
//!
//! A path through one function's graph is turned into constraints in static single assignment
//! form — the integer assignments of the value IR and the pointer writes of the propositions
//! (`p = NULL`, copies, fresh blocks), the branch conditions the path takes (`if`, `switch`,
//! `null_test`/`nonnull_test`, comparisons with constants), and what the program's own events
//! imply (a pointer dereferenced earlier on the path was not NULL, a divisor was not zero) — and
//! handed to the Z3 SMT solver over 64-bit bit-vectors that reproduce C's integer widths,
//! signedness and wrap-around. When the constraints are unsatisfiable the path is infeasible, and
//! the answer is the smallest contradicting set of steps the solver found ([`Core`]), with the
//! values they link: the check engine turns it into an observer that excludes every path taking
//! those steps in that order with none of those values written in between, and asks the model
//! checker for another counterexample (Fehnker, Huuck, Seefried: counterexample-guided path
//! reduction).
//!
//! What the encoding does not model is any value: reads of memory that a call or a store through
//! a pointer may have changed, variables whose address is taken, floating-point values, array
//! elements, results of calls the program does not define (a call of one it defines is related
//! to its arguments through the callee's paths, [`CalleeGraphs`]). So a path is called infeasible only when it is (up to those
//! over-approximations, which only lose refutations); the solver's `unknown` (a timeout) counts as
//! feasible.
//!
//! **Architecture Invariant:** the only crate that links the SMT solver; it knows graphs and
//! propositions but nothing of checks, templates or the model checker.

mod encode;
mod events;
mod purity;
mod relation;
mod returns;
mod solve;
mod trace;

pub use events::{Frame, VarKey};
pub use relation::CalleeGraphs;
pub use solve::{check_path, check_path_costed, Core, Feasibility, Limits};


/// One step of a path: a node of the function's graph, with what callee summaries add to it
/// (on call nodes).
#[derive(Clone, Copy, Debug)]
pub struct Step<'a> {
    /// The graph node.
    pub node: goanna_cfg::NodeId,
    /// Propositions of the callee's summary at a call node (`def_p` for `f(&p)`, `alloc_p`, ...).
    pub effects: &'a [(goanna_cfg::PropKind, goanna_cfg::PathId)],
    /// At a call node whose result is stored: argument paths such that the callee returns NULL
    /// only when that argument is NULL (`if (!list) return NULL;` in a getter): a NULL result
    /// means a NULL argument.
    pub null_only_if: &'a [goanna_cfg::PathId],
    /// At a call node whose result is stored: integer variables whose address the call passes
    /// and that the callee sets to 0 whenever it returns NULL (`*count = 0; return NULL;`): a
    /// NULL result means they are 0 after the call.
    pub null_zeroes: &'a [goanna_cfg::PathId],
    /// At a call node of a function of the program: what the counterexample did inside the
    /// call, when it went through the callee's graph (a whole-program witness). The callee's
    /// relation then holds only for the callee's paths that take the walk's branches, so that
    /// a contradiction between the caller's values and the callee's own branches refutes the
    /// path (`if (cfg.threads) lock(); ... if (cfg.threads) unlock();` inside the callee).
    pub walk: Option<&'a Walk>,
}

impl<'a> Step<'a> {
    /// A step with its callee effects and no conditional result.
    pub fn new(node: goanna_cfg::NodeId, effects: &'a [(goanna_cfg::PropKind, goanna_cfg::PathId)]) -> Self {
        Step { node, effects, null_only_if: &[], null_zeroes: &[], walk: None }
    }
}

/// What a counterexample did inside one call of a function of the program: the edges of the
/// callee's graph it took, where it stopped when the violation it leads to happens inside the
/// callee (then the callee does not return on the path), and what it did inside the calls the
/// callee makes in turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// The edges taken, sorted and without repeats (a loop's body may be walked many times).
    pub edges: Vec<(goanna_cfg::NodeId, goanna_cfg::NodeId)>,
    /// The node the counterexample ends at (its reported event), when it ends inside.
    pub stops_at: Option<goanna_cfg::NodeId>,
    /// The walks of the calls the callee makes, by call node (the first walk of a call node
    /// visited again in a loop stands for all of them: see [`Walk::merge`]).
    pub calls: Vec<(goanna_cfg::NodeId, Walk)>,
}

impl Walk {
    /// True when the walk took the edge from `from` to `to`.
    pub fn takes(&self, from: goanna_cfg::NodeId, to: goanna_cfg::NodeId) -> bool {
        self.edges.binary_search(&(from, to)).is_ok()
    }

    /// The walk of the call at `node` inside the callee.
    pub fn call(&self, node: goanna_cfg::NodeId) -> Option<&Walk> {
        self.calls.iter().find(|(n, _)| *n == node).map(|(_, w)| w)
    }

    /// Adds another walk through the same call (a call node of a loop visited again): a path
    /// consistent with either is consistent with the union of their edges. A stop stays with
    /// the walk that stopped.
    pub fn merge(&mut self, other: Walk) {
        self.edges.extend(other.edges);
        self.edges.sort_unstable();
        self.edges.dedup();
        self.stops_at = self.stops_at.or(other.stops_at);
        for (n, inner) in other.calls {
            match self.calls.iter_mut().find(|(m, _)| *m == n) {
                Some((_, mine)) => mine.merge(inner),
                None => self.calls.push((n, inner)),
            }
        }
    }
}

/// What a finding says happened at one of its steps, assumed when its path is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Assumed {
    /// The step's event happened: a library call whose effects depend on its success
    /// (`success` in the model table, e.g. a lock taken) succeeded; a call of the program's own
    /// function (a lock wrapper) returned 0, the status convention of such functions.
    Happened,
    /// The pointer is NULL after the step (a result that may be NULL, reported as NULL).
    Null(goanna_cfg::PathId),
    /// The pointer is NULL after the step, and must be: the result of a callee whose NULL is
    /// latent (returned only for some of its inputs). The path is reported only when it
    /// leaves the pointer no other value; otherwise the verdict is [`Feasibility::Latent`].
    NullCertain(goanna_cfg::PathId),
    /// The pointer holds a block allocated at the step (the leak reported starts there): an
    /// address no constant names — not NULL, not in the first page, and not among the last
    /// 4,095 values, where sentinels live (`(void *) -1`, `MAP_FAILED`, `ERR_PTR(-e)`).
    Allocated(goanna_cfg::PathId),
    /// The pointer held a block that the step released (the first release of a double free;
    /// `free(NULL)` releases nothing): an address as for [`Assumed::Allocated`].
    Released(goanna_cfg::PathId),
}

/// A path to decide: steps through one function's graph, in order.
#[derive(Clone)]
pub struct PathQuery<'a> {
    /// The function's graph.
    pub cfg: &'a goanna_cfg::Cfg,
    /// The program's graphs, to relate what the path's calls return to what they are passed
    /// (`None`: results of calls stay unknown).
    pub program: Option<&'a dyn CalleeGraphs>,
    /// The function's index, as [`CalleeGraphs`] names it.
    pub function: u32,
    /// The steps; consecutive steps follow edges of the graph.
    pub steps: Vec<Step<'a>>,
    /// Indices of steps whose events are what the finding reports (the dereference of a NULL
    /// pointer, the division by zero): there, a dereference or a division implies nothing.
    pub reported: Vec<usize>,
    /// What the finding says happened at some steps (its starting event): assumed there. A
    /// contradiction that needs such an assumption holds only for this finding
    /// ([`Core::assumes_reported`]).
    pub assumed: Vec<(usize, Assumed)>,
    /// Loops are summarised: every arrival at a loop head forgets what the loop's nodes may
    /// write, so a path stands for every number of iterations (an over-approximation). For a
    /// violation whose counterexamples were refuted once per iteration (`for (i = 0; i <
    /// 100; i++)` before it: each refutation needs one more), which unrolling never reaches.
    pub summarise_loops: bool,
    /// What the path must not do on its way to the violation (`elem_release_p` for a block
    /// freed while it owns memory): a loop one of whose nodes does it is not summarised, as its
    /// iterations would not be counterexamples (a cleanup loop the path skips).
    pub avoided: Vec<(goanna_cfg::PropKind, goanna_cfg::PathId)>,
}
