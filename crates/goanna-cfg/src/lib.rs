//! Control-flow graphs with atomic propositions, one per C function definition.
//!
//! Built from the owned syntax tree of `goanna-ast`; knows nothing about libclang. Each node is
//! labelled with Goanna-style propositions (`def_x`, `use_x`, `alloc_p`, `free_p`, `deref_p`,
//! `null_test_p`, `fopen_f`, `lock_m`, `call_f`, `end`, ...), each carrying its source range.
//! Which library functions allocate, free, open, close, lock or never return is data: the
//! library-model table in `library_models.toml` ([`LibraryModels`]).
//!
//! Entry points: [`build_cfgs`] (all functions of a unit), [`build_cfg`] (one), or
//! [`CfgContext`] to build the functions of one unit on several threads. [`dump`] renders a
//! graph as text, Graphviz or JSON.
//!
//! Graph invariants: node 0 is the entry, node 1 the exit; the exit has no successors (the
//! RKS layer adds the return or the final self-loop) and carries `end`; every other node has at
//! least one successor; a non-returning call leads to a single `NoReturn` sink with a self-loop
//! (`end`, `noreturn`); dead code is kept with `reachable == false`.

mod builder;
pub mod consts;
pub mod dump;
mod graph;
pub mod models;
mod props;
mod reach;
pub mod values;

pub use builder::{build_cfg, build_cfgs, CfgContext};
pub use graph::{signature_key, CallSite, Cfg, Edge, EdgeKind, Node, NodeId, NodeKind, StatusUse, TakenFunction};
pub use models::{FailWhen, FunctionModel, LibraryModels, ModelError, Success};
pub use props::{member_chain, prop_name, AccessPath, ElementIndex, PathId, PathStep, Prop, PropKind, Subject, VarRef};
pub use reach::mark_reachable;
pub use values::{AccessBase, AccessKind, IntType, PureArg, Region, StoredPointer, StringComparison, ValBinOp, ValExpr, ValUnOp, ValueOp};
