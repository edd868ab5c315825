//! Intra-procedural checks computed directly on one CFG by plain graph algorithms.
//!
//! They will move onto the model checker with the catalogue; their results must not change
//! when they do.

mod dead;
mod uninit;

pub use dead::unreachable_code;
pub use uninit::uninitialised_on_all_paths;

use crate::{CheckInfo, Finding, UnitContext};
use goanna_cfg::Cfg;

/// Runs every intra-procedural check for which `enabled` returns true on one graph.
pub fn run_all(ctx: &UnitContext<'_>, cfg: &Cfg, enabled: &dyn Fn(&CheckInfo) -> bool) -> Vec<Finding> {
    let mut findings = Vec::new();
    if enabled(&crate::registry::RED_DEAD) {
        findings.extend(unreachable_code(ctx, cfg));
    }
    if enabled(&crate::registry::SPC_UNINIT_VAR_ALL) {
        findings.extend(uninitialised_on_all_paths(ctx, cfg));
    }
    findings
}
