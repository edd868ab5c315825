//! Intra-procedural checks computed directly on one CFG by plain graph algorithms.
//!
//! They will move onto the model checker with the catalogue; their results must not change
//! when they do.

mod dead;
mod switch;
mod uninit;
mod unused;
mod unused_static;

pub use dead::{unreachable_code, unreachable_code_with};
pub use switch::fall_through;
pub use uninit::{address_only_params, caller_reads, caller_writes, uninitialised_on_all_paths, CalleeEffects, CallerRead, RemoteRead, UninitSpecs};
pub use unused::unused_variables;
pub use unused_static::unused_statics;

use crate::{catalogue, CheckSpec, Finding, Location, PathStep, UnitContext};
use goanna_cfg::Cfg;

/// Runs every data-flow check for which `enabled` returns true on one graph.
///
/// The uninitialised-read analysis (the one fixpoint among them) stops when `deadline` passes:
/// its findings are then left out and the second value is `Err(Cancelled)`.
pub fn run_all(ctx: &UnitContext<'_>, cfg: &Cfg, enabled: &dyn Fn(&CheckSpec) -> bool, deadline: &goanna_mc::Deadline) -> (Vec<Finding>, Result<(), goanna_mc::Cancelled>) {
    let mut findings = Vec::new();
    if let Some(spec) = catalogue().get("RED-dead").filter(|s| enabled(s)) {
        findings.extend(unreachable_code(ctx, cfg, spec));
    }
    let uninit = uninitialised_on_all_paths(ctx, cfg, &uninit_specs(enabled), &|_| Vec::new(), &|_| CalleeEffects::default(), deadline);
    let outcome = uninit.map(|found| findings.extend(found));
    if let Some(spec) = catalogue().get("RED-unused-var").filter(|s| enabled(s)) {
        findings.extend(unused_variables(ctx, cfg, spec));
    }
    if let Some(spec) = catalogue().get("SWITCH-fall-through").filter(|s| enabled(s)) {
        findings.extend(fall_through(ctx, cfg, spec));
    }
    (findings, outcome)
}

/// Ids of the checks [`uninitialised_on_all_paths`] decides.
pub const UNINIT_CHECKS: [&str; 4] = ["SPC-uninit-var-all", "SPC-uninit-arr-all", "SPC-uninit-struct-field", "SPC-uninit-heap-all"];

/// The uninitialised-read checks that `enabled` selects.
pub fn uninit_specs(enabled: &dyn Fn(&CheckSpec) -> bool) -> UninitSpecs<'static> {
    let get = |id: &str| catalogue().get(id).filter(|s| enabled(s));
    UninitSpecs {
        var: get(UNINIT_CHECKS[0]),
        arr: get(UNINIT_CHECKS[1]),
        field: get(UNINIT_CHECKS[2]),
        heap: get(UNINIT_CHECKS[3]),
    }
}

/// A finding of `spec` in the function of `cfg`.
fn finding(spec: &CheckSpec, cfg: &Cfg, location: Location, var: &str, path: Vec<PathStep>) -> Finding {
    Finding {
        check: spec.id.clone(),
        cwe: spec.cwe.clone(),
        severity: spec.severity,
        location,
        function: cfg.name.clone(),
        message: spec.message_for(var),
        path,
    }
}
