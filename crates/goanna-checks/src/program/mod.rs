//! The program stage of the checks: link all units' graphs into one recursive Kripke structure,
//! compute what callees do to their parameters (summaries, design note 6), and decide every
//! CTL check of the catalogue on it with the model checker.

mod alias;
mod analyse;
mod atoms;
mod behaviour;
mod constant_contexts;
mod constant_reach;
mod dataflow;
mod decide;
pub(crate) mod dominators;
mod engine;
mod flat;
mod global_writes;
mod observer;
mod parts;
mod link;
mod locks;
mod manifest;
mod member_targets;
mod nonnull;
mod regions;
mod rks;
mod scc;
mod selectors;
mod status;
mod summarised;
mod summary;
mod targets;
mod template;

pub use analyse::{analyse, ProgramOptions};
pub use decide::{Decide, ModelChecker, PathPoint};
pub use behaviour::{behaviours, call_graph_sccs, Behaviour};
pub use engine::{run_checks, Analysis, CtlCheck, RefutationStats};
pub use flat::{flat_model, EdgeFilter, FlatModel, Refinement, MAX_OBSERVERS};
pub use observer::Observer;
pub use link::{FnIndex, Program, UnitGraphs};
pub(crate) use global_writes::GlobalWrites;
pub use rks::{build_model, CallEffects, ProgramModel};
pub use template::{is_plain_kind, resolve_atom, Template, TemplateAtom};
pub use summary::{summarise_program, ProgramSummaries, Summary};
