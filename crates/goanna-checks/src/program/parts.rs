//! Pointers that a function's parameters carry in members or elements (issue 12, routes 3
//! and 4: arrays and structures).
//!
//! `s.first = p; sink(s);`, `sink(&s)` and `slots[2] = p; sink(slots);` hand `p` to `sink`
//! inside a structure or an array. A *part* of a parameter is a pointer reached from it
//! through members only, or at one constant index: `s.first` of a structure passed by value,
//! `s->first` (or `s->inner.first`) of a structure passed by pointer, `a[2]` of an array of
//! pointers passed by pointer. Its value at the entry is the caller's, and the summary says
//! what the function does to it (frees it on every path, dereferences it first, hands it on,
//! writes another value), as it does for a pointer parameter.
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
use goanna_cfg::{CallSite, Cfg, ElementIndex, NodeKind, PathId, PathStep, PropKind, Subject};

/// One step from a parameter towards a part.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PartStep {
    /// A member (`.f`, or `->f` as the first step from a pointer).
    Member(String),
    /// The element at a constant index of the array a pointer points to (`a[2]`).
    Element(i64),
}

/// A part of a parameter: a pointer it reaches through members or at a constant index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// The part's access path in the function.
    pub path: PathId,
    /// The steps from the parameter to the part, outermost first (`s->inner.first`:
    /// `[inner, first]`; `a[2]`: `[2]`).
    pub steps: Vec<PartStep>,
}

/// The steps from a parameter to a part, when its path steps reach one: only `.f` steps from
/// a structure parameter; from a pointer parameter one `->f` then `.f` steps, or one
/// constant index (`a[2]`: the path steps `[2]` then `*` for a `T **a`, `[2]` alone for a
/// parameter declared as an array, `T *a[]`).
fn part_steps(steps: &[PathStep], by_pointer: bool) -> Option<Vec<PartStep>> {
    if let (true, [PathStep::Index(ElementIndex::Const(k)), PathStep::Deref] | [PathStep::Index(ElementIndex::Const(k))]) = (by_pointer, steps) {
        return Some(vec![PartStep::Element(*k)]);
    }
    let mut out = Vec::with_capacity(steps.len());
    for (k, step) in steps.iter().enumerate() {
        match step {
            PathStep::Arrow(m) if by_pointer && k == 0 => out.push(PartStep::Member(m.clone())),
            PathStep::Field(m) if !(by_pointer && k == 0) => out.push(PartStep::Member(m.clone())),
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
/// structure, or a pointer whose members or elements the function names, and is followed;
/// `None` otherwise.
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
    let parts: Vec<Part> = cfg
        .paths
        .iter()
        .enumerate()
        .filter(|(_, p)| p.root == path.root && p.class == TypeClass::Pointer)
        .filter_map(|(k, p)| part_steps(&p.steps, by_pointer).map(|steps| Part { path: PathId(k as u32), steps }))
        .collect();
    // A pointer parameter none of whose members or elements the function names has no parts
    // (`*pp` is `super::alias::stable_pointees`').
    if by_pointer && parts.is_empty() {
        return None;
    }
    followed(cfg, param).then_some(parts)
}

/// The caller's path for the part `part` of the argument `i` at `site`: a member of the
/// structure passed (`sink(s)`), of the one whose address is passed (`sink(&s)`), or of what
/// the pointer passed points to (`sink(ps)`: `ps->first`); an element of the array passed
/// (`sink(slots)`: `slots[2]`) or of what the pointer passed points to (`p[2]`). `None` when
/// the caller never names it (it stored nothing there the analysis follows).
pub fn caller_part(cfg: &Cfg, site: &CallSite, i: usize, part: &[PartStep]) -> Option<PathId> {
    let base = argument_root(site, i)?;
    let class = cfg.path(base).class;
    let index = |k: i64| PathStep::Index(ElementIndex::Const(k));
    // The ways the caller may name the part's first step (an element of a pointer: with the
    // dereference, or without it where the pointer was declared as an array).
    let firsts: Vec<Vec<PathStep>> = match (part.first()?, class) {
        (PartStep::Member(m), TypeClass::Record) => vec![vec![PathStep::Field(m.clone())]],
        (PartStep::Member(m), TypeClass::Pointer) => vec![vec![PathStep::Arrow(m.clone())]],
        (PartStep::Element(k), TypeClass::Array) => vec![vec![index(*k)]],
        (PartStep::Element(k), TypeClass::Pointer) => vec![vec![index(*k), PathStep::Deref], vec![index(*k)]],
        _ => return None,
    };
    let base_path = cfg.path(base);
    let mut rest = Vec::new();
    for step in &part[1..] {
        let PartStep::Member(m) = step else { return None };
        rest.push(PathStep::Field(m.clone()));
    }
    firsts.into_iter().find_map(|first| {
        let steps: Vec<PathStep> = base_path.steps.iter().cloned().chain(first).chain(rest.iter().cloned()).collect();
        cfg.paths.iter().position(|p| p.root == base_path.root && p.steps == steps).map(|k| PathId(k as u32))
    })
}

/// The path a call passes for argument `i` whose parts a summary may describe: the structure
/// (`sink(s)`), the one whose address is passed (`sink(&s)`), or the pointer (`sink(ps)`).
pub fn argument_root(site: &CallSite, i: usize) -> Option<PathId> {
    site.address_args.get(i).copied().flatten().or_else(|| site.args.get(i).copied().flatten())
}
