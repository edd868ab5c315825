//! Which functions a call through a pointer may reach, when the pointer is a file-scope
//! `static` (or a member of one, `hooks.oom`) and every value it can hold is known: its
//! initialiser (a function, or NULL), and every write of it in the program — a function, NULL,
//! or a parameter of the writing function, which the program's calls of that function bind in
//! turn (`set_oom_handler(panic_oom)`). A pointer whose address is taken, that a function
//! writes with anything else, or that a function outside the program's graphs names, has no
//! known targets: its calls stay calls of an unknown function.
//!
//! The program is taken as closed: a setter that no call of the program names adds nothing.

use super::global_writes::{part_key, write_overlaps};
use super::link::{FnIndex, Program};
use goanna_ast::VarKind;
use goanna_cfg::{AccessPath, Cfg, NodeId, NodeKind, PathId, PathStep, PropKind, StoredPointer, Subject, ValueOp};
use rustc_hash::{FxHashMap, FxHashSet};

/// Most parameters a chain of setters passes a function through before its targets count as
/// unknown.
const MAX_BINDINGS: usize = 64;

/// For each function of the program, its calls through a pointer whose targets are all known:
/// (call node, the functions it may call), sorted by node.
pub type IndirectTargets = Vec<Vec<(NodeId, Vec<FnIndex>)>>;

/// Where a value of a called pointer comes from.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Source {
    /// A function of the program.
    Function(FnIndex),
    /// Parameter `i` of function `f`, as its callers bind it.
    Param(FnIndex, usize),
}

/// What is known of the values of one called pointer.
#[derive(Default)]
struct Values {
    sources: FxHashSet<Source>,
    /// Some value is not known (an unknown write, an address taken, a function outside).
    unknown: bool,
}

/// The key of a called pointer when its targets can be known: a file-scope variable with
/// internal linkage (whose initialiser and writes are all in its unit), or a member of one. A
/// function's `static` is not one: the graph does not show its initialiser.
fn called_key(path: &AccessPath) -> Option<String> {
    let members_only = path.steps.iter().all(|s| matches!(s, PathStep::Field(_)));
    let internal = path.root.kind == VarKind::StaticGlobal;
    (internal && members_only).then(|| part_key(path))
}

/// The targets of every call through a pointer of `program` whose targets are all known.
pub(crate) fn indirect_targets(program: &Program<'_>) -> IndirectTargets {
    let count = program.functions.len();
    let mut result: IndirectTargets = vec![Vec::new(); count];
    // The called pointers and their calls.
    let mut wanted: FxHashMap<String, Vec<(FnIndex, NodeId)>> = FxHashMap::default();
    for f in 0..count as FnIndex {
        let cfg = program.cfg(f);
        for n in cfg.node_ids() {
            let NodeKind::Call(site) = &cfg.node(n).kind else { continue };
            if program.callee_at(f, n).is_some() {
                continue;
            }
            if let Some(key) = site.callee_path.and_then(|p| cfg.paths.get(p.0 as usize)).and_then(called_key) {
                wanted.entry(key).or_default().push((f, n));
            }
        }
    }
    if wanted.is_empty() {
        return result;
    }
    let roots: FxHashSet<&str> = wanted.keys().filter_map(|k| k.split('|').next()).collect();
    let mut values: FxHashMap<&str, Values> = wanted.keys().map(|k| (k.as_str(), Values::default())).collect();
    // Graphs left out of the program (too large) may write anything they name.
    let linked: FxHashSet<(u32, u32)> = program.functions.iter().map(|r| (r.unit, r.cfg)).collect();
    for (u, unit) in program.units.iter().enumerate() {
        for (c, cfg) in unit.cfgs.iter().enumerate() {
            if !linked.contains(&(u as u32, c as u32)) {
                for path in &cfg.paths {
                    if roots.contains(path.root.usr.as_str()) {
                        let key = part_key(path);
                        for (k, v) in values.iter_mut() {
                            if write_overlaps(&key, k) {
                                v.unknown = true;
                            }
                        }
                    }
                }
            }
        }
    }
    for f in 0..count as FnIndex {
        record_writes(program, f, &roots, &mut values);
    }
    let callers = callers(program);
    for (key, calls) in &wanted {
        let Some(v) = values.get(key.as_str()) else { continue };
        if v.unknown {
            continue;
        }
        let Some(targets) = bind(program, &v.sources, &callers) else { continue };
        if targets.is_empty() {
            continue;
        }
        for &(f, n) in calls {
            result[f as usize].push((n, targets.clone()));
        }
    }
    for calls in &mut result {
        calls.sort_unstable_by_key(|&(n, _)| n);
    }
    result
}

/// The values `f` gives the called pointers: its function initialisers and its writes.
fn record_writes(program: &Program<'_>, f: FnIndex, roots: &FxHashSet<&str>, values: &mut FxHashMap<&str, Values>) {
    let cfg = program.cfg(f);
    let unit = program.functions[f as usize].unit;
    for (path, usr) in &cfg.function_inits {
        let Some(key) = cfg.paths.get(path.0 as usize).map(part_key) else { continue };
        for (k, v) in values.iter_mut() {
            if !write_overlaps(&key, k) {
                continue;
            }
            match usr.as_deref().and_then(|usr| program.function_by_usr(unit, usr)) {
                Some(g) if *k == key => {
                    v.sources.insert(Source::Function(g));
                }
                _ => v.unknown = true,
            }
        }
    }
    for n in cfg.node_ids() {
        let node = cfg.node(n);
        for prop in &node.props {
            let Subject::Path(id) = prop.subject else { continue };
            let Some(path) = cfg.paths.get(id.0 as usize) else { continue };
            if !roots.contains(path.root.usr.as_str()) {
                continue;
            }
            let key = part_key(path);
            let written = matches!(prop.kind, PropKind::Def | PropKind::DeclInit);
            if !written && prop.kind != PropKind::AddrTaken {
                continue;
            }
            let stored = node.values.iter().find_map(|op| match op {
                ValueOp::StoreFunction { target, value } if *target == id => Some(value),
                _ => None,
            });
            for (k, v) in values.iter_mut() {
                if !write_overlaps(&key, k) {
                    continue;
                }
                match (written, stored) {
                    (true, Some(value)) if *k == key => match stored_source(program, f, cfg, unit, value) {
                        Some(Some(source)) => {
                            v.sources.insert(source);
                        }
                        Some(None) => {}
                        None => v.unknown = true,
                    },
                    _ => v.unknown = true,
                }
            }
        }
    }
}

/// Where a stored value comes from: `Some(None)` for NULL, `None` when it is not known.
pub(super) fn stored_source(program: &Program<'_>, f: FnIndex, cfg: &Cfg, unit: u32, value: &StoredPointer) -> Option<Option<Source>> {
    match value {
        StoredPointer::Null => Some(None),
        StoredPointer::Function(usr) => program.function_by_usr(unit, usr).map(|g| Some(Source::Function(g))),
        StoredPointer::Copy(p) => unwritten_param(cfg, *p).map(|i| Some(Source::Param(f, i))),
    }
}

/// The index of the parameter `p` is, when the function never writes it.
fn unwritten_param(cfg: &Cfg, p: PathId) -> Option<usize> {
    let i = cfg.params.iter().position(|&q| q == Some(p))?;
    let written = cfg.nodes.iter().flat_map(|n| &n.props).any(|prop| {
        matches!(prop.kind, PropKind::Def | PropKind::DeclInit | PropKind::AddrTaken) && prop.subject == Subject::Path(p)
    });
    (!written).then_some(i)
}

/// For each function, the calls of the program that call it: (caller, call node).
pub(super) fn callers(program: &Program<'_>) -> Vec<Vec<(FnIndex, NodeId)>> {
    let mut callers = vec![Vec::new(); program.functions.len()];
    for (f, calls) in program.calls.iter().enumerate() {
        for &(n, g) in calls {
            callers[g as usize].push((f as FnIndex, n));
        }
    }
    callers
}

/// The functions `sources` stand for once parameters are bound by the program's calls
/// (`None` when some call passes a value that is not known).
pub(super) fn bind(program: &Program<'_>, sources: &FxHashSet<Source>, callers: &[Vec<(FnIndex, NodeId)>]) -> Option<Vec<FnIndex>> {
    let mut targets: Vec<FnIndex> = Vec::new();
    let mut work: Vec<Source> = sources.iter().copied().collect();
    let mut seen: FxHashSet<Source> = sources.clone();
    while let Some(source) = work.pop() {
        let (h, i) = match source {
            Source::Function(g) => {
                targets.push(g);
                continue;
            }
            Source::Param(h, i) => (h, i),
        };
        if seen.len() > MAX_BINDINGS {
            return None;
        }
        for &(c, n) in &callers[h as usize] {
            let cfg = program.cfg(c);
            let NodeKind::Call(site) = &cfg.node(n).kind else { return None };
            let unit = program.functions[c as usize].unit;
            let next = if let Some((_, usr)) = site.function_args.iter().find(|(k, _)| *k == i) {
                Source::Function(program.function_by_usr(unit, usr)?)
            } else if site.null_args.contains(&i) {
                continue;
            } else {
                let p = site.args.get(i).copied().flatten()?;
                Source::Param(c, unwritten_param(cfg, p)?)
            };
            if seen.insert(next) {
                work.push(next);
            }
        }
    }
    targets.sort_unstable();
    targets.dedup();
    Some(targets)
}
