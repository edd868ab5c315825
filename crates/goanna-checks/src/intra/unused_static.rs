//! `RED-unused-static`: a variable with internal linkage (a file-scope `static`, or a `static`
//! inside a function) that the code assigns and never reads.
//!
//! Such a variable is visible only in its translation unit, so the unit's graphs hold every
//! access: when none of them reads it, dereferences it, takes its address or mentions it in
//! `sizeof`, every assignment to it is a value nobody uses. Each assignment is reported. Like
//! `RED-unused-var` it is a question about the code as written (dead code counts).
//!
//! Left out: `volatile` variables (a write is an effect of its own), arrays and structures (their
//! address may be stored in another static's initialiser, which no graph shows), variables
//! written only inside macro expansions.

use super::finding;
use crate::{CheckSpec, Finding, UnitContext};
use goanna_ast::{Span, TypeClass, VarKind};
use goanna_cfg::{AccessPath, Cfg, PropKind, Subject};
use std::collections::HashMap;

/// What the unit does with one internal-linkage variable (keyed by USR).
#[derive(Default)]
struct Accesses<'c> {
    /// Plain assignments: the function's graph, where, and the variable's path there.
    writes: Vec<(&'c Cfg, Span, &'c AccessPath)>,
    /// Read, dereferenced, address taken or mentioned anywhere.
    read: bool,
}

/// Reports every assignment to a scalar internal-linkage variable that no function of the
/// unit ever reads.
pub fn unused_statics(ctx: &UnitContext<'_>, cfgs: &[Cfg], spec: &CheckSpec) -> Vec<Finding> {
    let mut vars: HashMap<&str, Accesses<'_>> = HashMap::new();
    for cfg in cfgs {
        for node in &cfg.nodes {
            for prop in &node.props {
                let Subject::Path(id) = prop.subject else { continue };
                let Some(path) = cfg.paths.get(id.0 as usize) else { continue };
                let root = &path.root;
                if !matches!(root.kind, VarKind::StaticGlobal | VarKind::StaticLocal) {
                    continue;
                }
                let access = vars.entry(root.usr.as_str()).or_default();
                match prop.kind {
                    // A plain write of the whole variable (`x = ...`, `x++` also reads: `Use`).
                    PropKind::Def | PropKind::AssignNull | PropKind::AssignZero | PropKind::AssignConst
                        if path.is_variable() =>
                    {
                        if prop.kind == PropKind::Def {
                            access.writes.push((cfg, prop.span, path));
                        }
                    }
                    // Declarations are not accesses; an initialiser is not an assignment; a copy
                    // into it (`copy_x`) is the assignment's own label.
                    PropKind::Decl | PropKind::DeclInit | PropKind::Copy if path.is_variable() => {}
                    // Anything else about a path rooted at it reads it (`p->f = 1` reads `p`).
                    _ => access.read = true,
                }
            }
        }
    }
    let mut findings: Vec<Finding> = Vec::new();
    for access in vars.values().filter(|a| !a.read) {
        for &(cfg, span, path) in &access.writes {
            if span.from_macro {
                continue;
            }
            let scalar = matches!(path.class, TypeClass::Integer | TypeClass::Floating | TypeClass::Pointer);
            if scalar && !path.root.type_spelling.contains("volatile") {
                findings.push(finding(spec, cfg, ctx.location(span), &path.text(), Vec::new()));
            }
        }
    }
    findings.sort_by(|a, b| (&a.location.file, a.location.line, a.location.column).cmp(&(&b.location.file, b.location.line, b.location.column)));
    findings.dedup_by(|a, b| a.location == b.location);
    findings
}

