//! # goanna-mc: CTL model checking of recursive Kripke structures
//!
//! This crate decides CTL formulas on recursive Kripke structures (RKS, also called recursive
//! state machines) and explains its answers with witness and counterexample paths. It knows
//! nothing about C: a front end builds a [`Model`] with [`ModelBuilder`], or reads one from the
//! RSMCheck JSON format with [`rsm::read_model`].
//!
//! ## Model and semantics
//!
//! A model is a set of components (functions). A component has nodes labelled with atomic
//! propositions, entry and exit nodes (several of each are allowed), and boxes (call sites).
//! A box calls a component; edges may go from a node (or from a box's return node for one callee
//! exit) to a node (or to a box's call node for one callee entry). A configuration is a call
//! stack of boxes plus a node. The semantics is the usual pushdown one:
//!
//! * a local edge keeps the stack, an edge to the call node `(b, en)` pushes `b` and continues at
//!   `en` in the callee (the call node *is* that state: it carries `en`'s labels);
//! * at an exit `ex` with `b` on top of the stack, the path pops `b` and continues with the
//!   successors of the return node `(b, ex)` (which carries `ex`'s labels);
//! * **every path is infinite**: an exit reached with an empty stack loops forever, and so does
//!   any configuration without a successor (a node without outgoing edges, or a return node that
//!   has none). This is documented behaviour, not an error.
//!
//! The model satisfies a formula when every entry of the initial component satisfies it with an
//! empty stack.
//!
//! ## Formulas
//!
//! [`ctl::parse`] accepts the RSMCheck syntax and a friendlier one (see [`ctl`]); the formula is
//! reduced to the core `true, p, ¬, ∧, ∨, EX, EU, EG` and hash-consed into a [`ctl::Dag`].
//!
//! ## Strategies
//!
//! All three are selected at run time through [`Strategy`] and must agree on every input:
//!
//! * **Exhaustive** (thesis ch. 3, generalised to several exits): for each existential
//!   subformula, bottom-up, every context reachable from the initial one is built and solved by a
//!   fixpoint over (component, context) pairs. A context is the truth of the relevant subformulae
//!   at the exits (as seen at the caller's return nodes). The subformula's own value at the exits
//!   is not enumerated: each pair is solved into a summary (`L`: holds regardless, `R`: the exits
//!   through which it holds if it holds after the return), which with a single exit is exactly the
//!   thesis's t-/f-topped pair. Up to 64 formula instances of the same shape run bit-parallel.
//! * **Incremental** (thesis ch. 4): starting from the initial configuration, a ternary local
//!   check decides the formula at an entry where it can; otherwise the subformulae are labelled
//!   fully in that component (vertical step, so contexts never contain unknown lower values: the
//!   fix described in the design notes) and callees are explored for their entry value only
//!   (horizontal step). Contexts in a dependency cycle are solved together by the exact fixpoint.
//! * **Lazy** (the lazy RSM papers): all subformulae are evaluated ternarily in the contexts that
//!   exist, with optimistic and pessimistic runs; while an initial entry is unknown,
//!   `GetNextExpansion`/`FindReason` walks from it along unknown values (into callees, and out of
//!   exits to every caller's return node) and collects the boxes whose (re)contextualisation can
//!   help; contexts may contain unknowns and are refined later, inheriting known values. When the
//!   walk finds no box, the remaining unknowns lie on global dependency cycles and are resolved by
//!   the exact fixpoint.
//!
//! The default is [`Strategy::Exhaustive`], the fastest on the RSM benchmarks (measured with
//! `scripts/bench-rsm`); [`batch`] makes it faster still for template instances.
//!
//! ## Witnesses and batches
//!
//! [`witness`] extracts paths (finite prefix plus loop, as configurations) for existential
//! formulas and counterexamples for universal ones; [`batch`] decides many formulas over one model
//! at once, bit-parallel for formulas of the same shape.
//!
//! ## Boundary
//!
//! No IO: the RSM reader takes a `&str`. No `unsafe`. Nothing about C. No input kills it:
//! formulas and call chains may be arbitrarily deep (no recursion as deep as the input runs on
//! the thread's own stack), witnesses cost time linear in their length, and malformed models are
//! refused with a [`ModelError`].

pub mod batch;
mod builder;
mod check;
pub mod ctl;
pub mod deadline;
mod deep;
mod invalid;
mod model;
pub mod query;
pub mod reference;
pub mod report;
pub mod rsm;
pub mod witness;

pub use builder::{Dst, ModelBuilder, Src};
pub use check::tern::Tern;
pub use check::{check, check_dag, Strategy, Verdict};
pub use deadline::{Cancelled, Deadline, Poll};
pub use invalid::ModelError;
pub use model::{AtomId, BoxId, BoxInfo, CompId, Component, Model, NodeId, Vertex, VertexKind};

/// Errors of this crate.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The model is malformed.
    #[error("invalid model: {0}")]
    Model(#[from] ModelError),
    /// The RSM JSON input is malformed.
    #[error("invalid RSM JSON: {0}")]
    Rsm(String),
    /// A formula did not parse.
    #[error("invalid formula: {0}")]
    Parse(#[from] ctl::ParseError),
    /// A query was malformed (e.g. a witness asked from a node that does not satisfy the formula).
    #[error("{0}")]
    Query(String),
}
