//! Pointers that a function's parameters carry in members (issue 12, route 4: structures).
//!
//! `s.first = p; sink(s);` and `sink(&s)` hand `p` to `sink` inside a structure. A *part* of a
//! parameter is a pointer reached from it through members only: `s.first` of a structure
//! passed by value, `s->first` (or `s->inner.first`) of a structure passed by pointer. Its
//! value at the entry is the caller's, and the summary says what the function does to it
//! (frees it on every path, dereferences it first, hands it on, writes another value), as it
//! does for a pointer parameter.
//!
//! That is only sound when the parts are all the function does with the structure: the
//! parameter is *followed* when nothing reaches the structure's members by another way — no
//! address of it or of a member is taken, no member structure is copied whole, and (for a
//! pointer) the pointer is never written, copied, stored, freed or handed to a call, and
//! nothing is stored through it but member assignments. A caller then sees every change to
//! its structure's pointers in the summary, and may keep following the pointers it stored
//! there across the call (`alias`). Anything else leaves the structure to the conservative
//! reading: its pointers are handed on at the call.

use goanna_ast::{TypeClass, VarKind};
use goanna_cfg::{CallSite, Cfg, NodeKind, PathId, PathStep, PropKind, Subject};

/// A part of a parameter: a pointer it reaches through members.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The part's access path in the function.
    pub path: PathId,
    /// The members from the parameter to the part, outermost first (`s->inner.first`:
    /// `["inner", "first"]`).
    pub members: Vec<String>,
}

/// The members from parameter path steps to a part, when the steps reach one: only `.f` steps
/// from a structure parameter, or one `->f` then `.f` steps from a pointer parameter.
fn members_of(steps: &[PathStep], by_pointer: bool) -> Option<Vec<String>> {
    let mut out = Vec::with_capacity(steps.len());
    for (k, step) in steps.iter().enumerate() {
        match step {
            PathStep::Arrow(m) if by_pointer && k == 0 => out.push(m.clone()),
            PathStep::Field(m) if !(by_pointer && k == 0) => out.push(m.clone()),
            _ => return None,
        }
    }
    (!out.is_empty()).then_some(out)
}

/// True when the parameter `param` of `cfg` is followed (see the module's documentation).
fn followed(cfg: &Cfg, param: PathId) -> bool {
    let root = &cfg.path(param).root;
    let by_pointer = cfg.path(param).class == TypeClass::Pointer;
    let rooted = |id: PathId| cfg.paths.get(id.0 as usize).is_some_and(|p| p.root == *root);
    let aggregate = |id: PathId| matches!(cfg.path(id).class, TypeClass::Record | TypeClass::Array);
    for node in &cfg.nodes {
        // Member assignments through the pointer (`s->f = v`) store through it; nothing else may.
        let assigns_member = node.props.iter().any(|p| {
            p.kind == PropKind::Def
                && matches!(p.subject, Subject::Path(w) if rooted(w) && matches!(cfg.path(w).steps.first(), Some(PathStep::Arrow(_))))
        });
        // What is read through the pointer, or read out of the structure, is a part named at
        // the node (`d = s->first`, `free(s->first)`, `n = s->count`), not the whole pointee
        // copied away (`memcpy(&tmp, s, n)`) or a member the node does not name (`free(a[i])`).
        let names_member = node.props.iter().any(|p| {
            matches!(p.subject, Subject::Path(w) if rooted(w) && !cfg.path(w).steps.is_empty())
                || p.kind == PropKind::Copy && p.value.and_then(|v| u32::try_from(v).ok()).is_some_and(|v| {
                    cfg.paths.get(v as usize).is_some_and(|q| q.root == *root && !q.steps.is_empty())
                })
        });
        for p in &node.props {
            let Subject::Path(id) = p.subject else { continue };
            if p.kind == PropKind::Copy && p.value.and_then(|v| u32::try_from(v).ok()) == Some(param.0) {
                return false;
            }
            if !rooted(id) {
                continue;
            }
            let whole = cfg.path(id).steps.is_empty();
            let leaves = match p.kind {
                PropKind::AddrTaken => true,
                PropKind::Use | PropKind::DeclInit => aggregate(id),
                PropKind::Def => aggregate(id) || by_pointer && whole,
                PropKind::Escape | PropKind::Free => by_pointer && whole,
                PropKind::Store => by_pointer && whole && !assigns_member,
                PropKind::Load | PropKind::ElemRelease => whole && !names_member,
                _ => false,
            };
            if leaves {
                return false;
            }
        }
        if let NodeKind::Call(site) = &node.kind {
            let handed = site.args.iter().chain(&site.address_args).flatten().any(|&a| rooted(a) && (cfg.path(a).steps.is_empty() || aggregate(a)));
            if handed {
                return false;
            }
        }
    }
    true
}

/// The parts of parameter `i` of `cfg` that its summary describes, when the parameter is a
/// structure or a pointer to one and is followed; `None` otherwise.
pub fn followed_parts(cfg: &Cfg, i: usize) -> Option<Vec<Part>> {
    let param = (*cfg.params.get(i)?)?;
    let path = cfg.path(param);
    if path.root.kind != VarKind::Param {
        return None;
    }
    let by_pointer = match path.class {
        TypeClass::Pointer => true,
        TypeClass::Record => false,
        _ => return None,
    };
    // A pointer parameter whose pointee is not a structure has no members to follow.
    let parts: Vec<Part> = cfg
        .paths
        .iter()
        .enumerate()
        .filter(|(_, p)| p.root == path.root && p.class == TypeClass::Pointer)
        .filter_map(|(k, p)| members_of(&p.steps, by_pointer).map(|members| Part { path: PathId(k as u32), members }))
        .collect();
    if by_pointer && !cfg.paths.iter().any(|p| p.root == path.root && matches!(p.steps.first(), Some(PathStep::Arrow(_)))) {
        return None;
    }
    followed(cfg, param).then_some(parts)
}

/// The caller's path for a part `members` of the argument `i` at `site`: the members of the
/// structure passed (`sink(s)`), of the one whose address is passed (`sink(&s)`), or of what
/// the pointer passed points to (`sink(ps)`: `ps->first`). `None` when the caller never names
/// that member (it stored nothing there the analysis follows).
pub fn caller_part(cfg: &Cfg, site: &CallSite, i: usize, members: &[String]) -> Option<PathId> {
    let (base, first) = if let Some(Some(x)) = site.address_args.get(i) {
        (*x, PathStep::Field(members.first()?.clone()))
    } else {
        let x = (*site.args.get(i)?)?;
        match cfg.path(x).class {
            TypeClass::Record => (x, PathStep::Field(members.first()?.clone())),
            TypeClass::Pointer => (x, PathStep::Arrow(members.first()?.clone())),
            _ => return None,
        }
    };
    let base_path = cfg.path(base);
    let mut steps = base_path.steps.clone();
    steps.push(first);
    steps.extend(members[1..].iter().map(|m| PathStep::Field(m.clone())));
    cfg.paths.iter().position(|p| p.root == base_path.root && p.steps == steps).map(|k| PathId(k as u32))
}

/// The path a call passes for argument `i` whose parts a summary may describe: the structure
/// (`sink(s)`), the one whose address is passed (`sink(&s)`), or the pointer (`sink(ps)`).
pub fn argument_root(site: &CallSite, i: usize) -> Option<PathId> {
    site.address_args.get(i).copied().flatten().or_else(|| site.args.get(i).copied().flatten())
}
