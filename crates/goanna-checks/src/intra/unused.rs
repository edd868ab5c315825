//! `RED-unused-var`: a local variable that the function declares and never mentions again.
//!
//! A question about the code as written, so it is syntactic: any read, `&var`, dereference or
//! `sizeof var` anywhere in the function counts as a use, even in code that never runs (a call
//! that never returns, a constant condition).

use super::finding;
use crate::{CheckSpec, Finding, UnitContext};
use goanna_ast::{TypeClass, VarKind};
use goanna_cfg::{Cfg, PathId, PropKind, Subject};
use std::collections::HashMap;

/// Reports scalar locals that are declared and never used.
pub fn unused_variables(ctx: &UnitContext<'_>, cfg: &Cfg, spec: &CheckSpec) -> Vec<Finding> {
    // For each scalar local: where it is declared, and whether anything mentions it.
    let mut declared: HashMap<PathId, goanna_ast::Span> = HashMap::new();
    let mut used: Vec<bool> = vec![false; cfg.paths.len()];
    // Each variable's own path (the first that names the variable alone), found once: looking
    // it up per proposition made a function with many variables quadratic.
    let mut variable_of: HashMap<&goanna_cfg::VarRef, PathId> = HashMap::new();
    for (i, p) in cfg.paths.iter().enumerate() {
        if p.is_variable() {
            variable_of.entry(&p.root).or_insert(PathId(i as u32));
        }
    }
    for node in &cfg.nodes {
        for prop in &node.props {
            let Subject::Path(id) = prop.subject else { continue };
            let path = cfg.path(id);
            // Anything said about a path rooted at the variable, other than its declaration or
            // a plain write, is a use of the variable (`p->f = 1` reads `p`).
            let root = variable_of.get(&path.root).copied();
            match prop.kind {
                PropKind::Decl | PropKind::DeclInit if path.is_variable() => {
                    declared.entry(id).or_insert(prop.span);
                }
                PropKind::Def | PropKind::Decl | PropKind::DeclInit | PropKind::AssignNull | PropKind::AssignZero
                    if path.is_variable() => {}
                _ => {
                    if let Some(r) = root {
                        used[r.0 as usize] = true;
                    }
                }
            }
        }
    }
    let mut findings: Vec<Finding> = declared
        .into_iter()
        .filter(|(id, span)| {
            let path = cfg.path(*id);
            let scalar = matches!(path.class, TypeClass::Integer | TypeClass::Floating | TypeClass::Pointer);
            path.root.kind == VarKind::Local && scalar && !used[id.0 as usize] && !span.from_macro
        })
        .map(|(id, span)| finding(spec, cfg, ctx.location(span), &cfg.path(id).text(), Vec::new()))
        .collect();
    findings.sort_by_key(|f| (f.location.line, f.location.column));
    findings
}
