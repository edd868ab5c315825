//! Which functions a call through a member of a structure may reach
//! (`(*cinfo->err->error_exit)(cinfo)`), by the member's name: the functions the program
//! stores into a member of that name (`err->error_exit = error_exit`, or a parameter that the
//! program's calls bind, `set_handler(h)`), and every function an initialiser list names (a
//! table of operations may hold them in any member), keeping those of the call's type.
//!
//! A member of that name written with any other value (`o->close = other->close`), whose
//! address is taken, or that a graph left out of the program names has no known targets, nor
//! has a call whose type an initialiser may fill with a function outside the program. The
//! program is taken as closed, as for [`super::targets`].
//!
//! These targets say only how such a call may end ([`super::behaviour::call_behaviour`]): an
//! error handler that every stored value leaves the program from (`exit`, `longjmp`) ends the
//! caller's path, as libjpeg's `ERREXIT` does. The summaries of the targets are not applied at
//! the call.

use super::link::{FnIndex, Program};
use super::targets::{bind, callers, stored_source, IndirectTargets, Source};
use goanna_cfg::{AccessPath, NodeId, NodeKind, PathStep, PropKind, Subject, ValueOp};
use goanna_ast::TypeClass;
use rustc_hash::{FxHashMap, FxHashSet};

/// What is known of the values stored into the members of one name.
#[derive(Default)]
struct Values {
    sources: FxHashSet<Source>,
    /// Some value is not known.
    unknown: bool,
}

/// The member a path ends in (`err->error_exit`, `ops.close`).
fn member_name(path: &AccessPath) -> Option<&str> {
    match path.steps.last()? {
        PathStep::Arrow(m) | PathStep::Field(m) => Some(m),
        _ => None,
    }
}

/// The functions of the program that an initialiser list names, and the types of those
/// outside it (signature keys; 0 when some type is not known).
struct Initialised {
    functions: Vec<FnIndex>,
    outside: FxHashSet<u64>,
}

/// The functions initialiser lists of the program name: file-scope tables (each unit's
/// [`goanna_cfg::TakenFunction::in_initialiser`]) and the bodies' own lists.
fn initialised(program: &Program<'_>) -> Initialised {
    let mut functions = Vec::new();
    let mut outside = FxHashSet::default();
    for (u, unit) in program.units.iter().enumerate() {
        for taken in unit.address_taken.iter().filter(|t| t.in_initialiser) {
            match program.function_by_usr(u as u32, &taken.usr) {
                Some(g) => functions.push(g),
                None => {
                    outside.insert(taken.signature);
                }
            }
        }
    }
    for f in 0..program.functions.len() as FnIndex {
        let unit = program.functions[f as usize].unit;
        for usr in &program.cfg(f).initialised_functions {
            match program.function_by_usr(unit, usr) {
                Some(g) => functions.push(g),
                // A function of the library whose type the graph does not keep.
                None => {
                    outside.insert(0);
                }
            }
        }
    }
    functions.sort_unstable();
    functions.dedup();
    Initialised { functions, outside }
}

/// For each function of the program, its calls through a member of a structure whose targets
/// are all known by the member's name (and that [`super::targets`] does not resolve), sorted
/// by node.
pub(crate) fn member_targets(program: &Program<'_>) -> IndirectTargets {
    let count = program.functions.len();
    let mut result: IndirectTargets = vec![Vec::new(); count];
    // The calls through a member, by the member's name: (caller, node, the call's type).
    let mut wanted: FxHashMap<String, Vec<(FnIndex, NodeId, u64)>> = FxHashMap::default();
    for f in 0..count as FnIndex {
        let cfg = program.cfg(f);
        for n in cfg.node_ids() {
            let NodeKind::Call(site) = &cfg.node(n).kind else { continue };
            if site.callee_signature == 0 || program.callee_at(f, n).is_some() || program.targets_at(f, n).is_some() {
                continue;
            }
            if let Some(m) = site.callee_path.and_then(|p| cfg.paths.get(p.0 as usize)).and_then(member_name) {
                wanted.entry(m.to_string()).or_default().push((f, n, site.callee_signature));
            }
        }
    }
    if wanted.is_empty() {
        return result;
    }
    // A function of unknown type outside the program in an initialiser may be any target.
    let initialised = initialised(program);
    if initialised.outside.contains(&0) {
        return result;
    }
    let mut values: FxHashMap<&str, Values> = wanted.keys().map(|k| (k.as_str(), Values::default())).collect();
    // Graphs left out of the program (too large) may store anything into the members they name.
    let linked: FxHashSet<(u32, u32)> = program.functions.iter().map(|r| (r.unit, r.cfg)).collect();
    for (u, unit) in program.units.iter().enumerate() {
        for (c, cfg) in unit.cfgs.iter().enumerate() {
            if linked.contains(&(u as u32, c as u32)) {
                continue;
            }
            for path in cfg.paths.iter().filter(|p| p.class == TypeClass::Pointer) {
                if let Some(v) = member_name(path).and_then(|m| values.get_mut(m)) {
                    v.unknown = true;
                }
            }
        }
    }
    for f in 0..count as FnIndex {
        record_member_writes(program, f, &mut values);
    }
    let callers = callers(program);
    for (member, calls) in &wanted {
        let Some(v) = values.get(member.as_str()).filter(|v| !v.unknown) else { continue };
        let Some(mut stored) = bind(program, &v.sources, &callers) else { continue };
        stored.extend(initialised.functions.iter().copied());
        for &(f, n, signature) in calls {
            if initialised.outside.contains(&signature) {
                continue;
            }
            let mut targets: Vec<FnIndex> = stored.iter().copied().filter(|&g| program.cfg(g).signature == signature).collect();
            targets.sort_unstable();
            targets.dedup();
            if !targets.is_empty() {
                result[f as usize].push((n, targets));
            }
        }
    }
    for calls in &mut result {
        calls.sort_unstable_by_key(|&(n, _)| n);
    }
    result
}

/// The values `f` stores into the members of the names in `values`: a function, NULL, or a
/// parameter its callers bind; anything else, or the member's address taken, is not known.
fn record_member_writes(program: &Program<'_>, f: FnIndex, values: &mut FxHashMap<&str, Values>) {
    let cfg = program.cfg(f);
    let unit = program.functions[f as usize].unit;
    for n in cfg.node_ids() {
        let node = cfg.node(n);
        for prop in &node.props {
            let Subject::Path(id) = prop.subject else { continue };
            let Some(path) = cfg.paths.get(id.0 as usize).filter(|p| p.class == TypeClass::Pointer) else { continue };
            let Some(v) = member_name(path).and_then(|m| values.get_mut(m)) else { continue };
            match prop.kind {
                PropKind::Def | PropKind::DeclInit => {
                    let stored = node.values.iter().find_map(|op| match op {
                        ValueOp::StoreFunction { target, value } if *target == id => Some(value),
                        _ => None,
                    });
                    match stored.map(|value| stored_source(program, f, cfg, unit, value)) {
                        Some(Some(Some(source))) => {
                            v.sources.insert(source);
                        }
                        Some(Some(None)) => {}
                        _ => v.unknown = true,
                    }
                }
                PropKind::AddrTaken => v.unknown = true,
                _ => {}
            }
        }
    }
}
