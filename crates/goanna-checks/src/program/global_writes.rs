//! Which globals each function of the program may write, itself or through its callees (its
//! mod set over globals), and which globals may change behind any function's back.

use super::{FnIndex, Program};
use goanna_cfg::{NodeId, PropKind, Subject, ValueOp};
use rustc_hash::{FxHashMap, FxHashSet};

/// Most globals a write set lists before it stands for "any global".
const MAX_WRITES: usize = 256;

/// Which globals the functions of the program may write.
#[derive(Debug)]
pub struct GlobalWrites {
    /// Index of each written global's USR.
    pub ids: FxHashMap<String, u32>,
    /// For each function, the globals it or its callees may write, sorted (`None`: any global:
    /// it makes a call through a pointer or of a function outside the program).
    pub writes: Vec<Option<Vec<u32>>>,
    /// Globals whose address is taken somewhere, that code started as a thread may write, or
    /// that a possible signal handler writes: they may change at any time, and are not tracked.
    pub escaped: FxHashSet<String>,
    /// Code started as a thread may write any global: none is tracked.
    pub any_escaped: bool,
    /// The parts of globals written, as keys `usr|.f.g` (`usr|` for the whole variable, or a
    /// part reached through a pointer or an element), by index.
    part_names: Vec<String>,
    /// For each function, the parts it or its callees may write, sorted (`None`: any global).
    part_writes: Vec<Option<Vec<u32>>>,
}

/// The key of the part of a global that `path` names: `usr|.f.g` for members reached without a
/// pointer, `usr|` for the whole variable otherwise.
pub(super) fn part_key(path: &goanna_cfg::AccessPath) -> String {
    let mut key = format!("{}|", path.root.usr);
    if path.steps.iter().all(|s| matches!(s, goanna_cfg::PathStep::Field(_))) {
        for step in &path.steps {
            if let goanna_cfg::PathStep::Field(f) = step {
                key.push('.');
                key.push_str(f);
            }
        }
    }
    key
}

/// True when one of two part keys is the other or contains it (`g|` and `g|.f`, `g|.f` and
/// `g|.f.x`): writing one may change the other.
pub(super) fn overlap(a: &str, b: &str) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    long.starts_with(short) && (long.len() == short.len() || long.as_bytes()[short.len()] == b'.')
}

/// The union of two write sets (`None`: any global), `None` beyond [`MAX_WRITES`].
fn merge_writes(a: Option<Vec<u32>>, b: Option<&[u32]>) -> Option<Vec<u32>> {
    let (mut a, b) = (a?, b?);
    a.extend_from_slice(b);
    a.sort_unstable();
    a.dedup();
    (a.len() <= MAX_WRITES).then_some(a)
}

/// The globals each function may write, itself or through its callees (bottom-up over the
/// call graph's components `sccs`), and the globals that escape: their address is taken,
/// code started as a thread writes them, or a function that no call names and shaped like a
/// signal handler writes them itself.
pub(crate) fn global_writes(program: &Program<'_>, sccs: &[Vec<FnIndex>]) -> GlobalWrites {
    let count = program.functions.len();
    let mut ids: FxHashMap<String, u32> = FxHashMap::default();
    let mut escaped: FxHashSet<String> = FxHashSet::default();
    let mut own: Vec<Option<Vec<u32>>> = Vec::with_capacity(count);
    let mut part_ids: FxHashMap<String, u32> = FxHashMap::default();
    let mut own_parts: Vec<Option<Vec<u32>>> = Vec::with_capacity(count);
    // A function no call of the program names, shaped like a signal handler (its first
    // parameter an integer, no result), may run at any time: what it writes itself is not
    // tracked.
    let mut called = vec![false; count];
    for calls in &program.calls {
        for &(_, g) in calls {
            called[g as usize] = true;
        }
    }
    let mut callback_writes: Vec<u32> = Vec::new();
    for (f, &is_called) in called.iter().enumerate() {
        let cfg = program.cfg(f as FnIndex);
        let linked: FxHashSet<NodeId> = program.calls[f].iter().map(|&(n, _)| n).collect();
        let mut written: Vec<u32> = Vec::new();
        let mut parts: Vec<u32> = Vec::new();
        let mut any = false;
        let mut note = |id: goanna_cfg::PathId, addr: bool| {
            let Some(path) = cfg.paths.get(id.0 as usize) else { return };
            if !path.root.kind.is_static_storage() {
                return;
            }
            if addr {
                escaped.insert(path.root.usr.clone());
            }
            let next = ids.len() as u32;
            written.push(*ids.entry(path.root.usr.clone()).or_insert(next));
            let next = part_ids.len() as u32;
            parts.push(*part_ids.entry(part_key(path)).or_insert(next));
        };
        for n in cfg.node_ids() {
            let node = cfg.node(n);
            if matches!(node.kind, goanna_cfg::NodeKind::Call(_)) && !linked.contains(&n) {
                any = true;
            }
            for p in &node.props {
                if let (
                    PropKind::Def | PropKind::Decl | PropKind::DeclInit | PropKind::AddrTaken | PropKind::Alloc | PropKind::MayBeNull,
                    Subject::Path(id),
                ) = (p.kind, &p.subject)
                {
                    note(*id, p.kind == PropKind::AddrTaken);
                }
            }
            for op in &node.values {
                if let ValueOp::Assign { target, .. } = op {
                    note(*target, false);
                }
            }
        }
        written.sort_unstable();
        written.dedup();
        let handler_like = cfg.params.first().is_some_and(|p| {
            p.and_then(|p| cfg.paths.get(p.0 as usize)).is_some_and(|p| p.class == goanna_ast::TypeClass::Integer)
        }) && !cfg.nodes.iter().any(|n| n.values.iter().any(|op| matches!(op, ValueOp::Return(_))));
        if !is_called && handler_like && cfg.name != "main" {
            callback_writes.extend_from_slice(&written);
        }
        own.push((!any && written.len() <= MAX_WRITES).then_some(written));
        parts.sort_unstable();
        parts.dedup();
        own_parts.push((!any && parts.len() <= MAX_WRITES).then_some(parts));
    }
    let writes = close_over_calls(program, sccs, &own);
    let part_writes = close_over_calls(program, sccs, &own_parts);
    let mut part_names = vec![String::new(); part_ids.len()];
    for (key, i) in part_ids {
        part_names[i as usize] = key;
    }
    let mut any_escaped = false;
    let names: Vec<&str> = {
        let mut v = vec![""; ids.len()];
        for (usr, &i) in &ids {
            v[i as usize] = usr;
        }
        v
    };
    let mut thread_writes: Vec<String> = callback_writes.iter().map(|&i| names[i as usize].to_string()).collect();
    for (f, w) in writes.iter().enumerate() {
        if program.thread_entries.get(f).copied().unwrap_or(false) {
            match w {
                None => any_escaped = true,
                Some(w) => thread_writes.extend(w.iter().map(|&i| names[i as usize].to_string())),
            }
        }
    }
    escaped.extend(thread_writes);
    GlobalWrites { ids, writes, escaped, any_escaped, part_names, part_writes }
}

/// Each function's write set with those of its callees (bottom-up over the call graph's
/// components `sccs`), from the functions' own sets `own`.
fn close_over_calls(program: &Program<'_>, sccs: &[Vec<FnIndex>], own: &[Option<Vec<u32>>]) -> Vec<Option<Vec<u32>>> {
    let mut writes: Vec<Option<Vec<u32>>> = vec![None; own.len()];
    for scc in sccs {
        let mut union: Option<Vec<u32>> = Some(Vec::new());
        for &f in scc {
            union = merge_writes(union, own[f as usize].as_deref());
            for &(_, g) in &program.calls[f as usize] {
                if program.component[g as usize] != program.component[f as usize] {
                    union = merge_writes(union, writes[g as usize].as_deref());
                }
            }
        }
        for &f in scc {
            writes[f as usize] = union.clone();
        }
    }
    writes
}

impl GlobalWrites {
    /// False when a call surely leaves the value of `global` (a path rooted at a global) as it
    /// was: a call of the program's function `callee` when neither it nor its callees write an
    /// overlapping part of it; a library call (`library`) when the global has internal linkage
    /// (no library can name it) — in both cases when its address is never taken and no thread
    /// or signal handler writes it. A call of a function the program does not define may write
    /// any global (it may call back into the program).
    pub fn may_write(&self, callee: Option<FnIndex>, library: bool, global: &goanna_cfg::AccessPath, internal_linkage: bool) -> bool {
        let usr = global.root.usr.as_str();
        if self.any_escaped || self.escaped.contains(usr) {
            return true;
        }
        // Most callees write no part of the variable at all: answered without naming the part.
        if let Some(Some(Some(roots))) = callee.map(|g| self.writes.get(g as usize)) {
            if !self.ids.get(usr).is_some_and(|id| roots.binary_search(id).is_ok()) {
                return false;
            }
        }
        let part = part_key(global);
        let part = part.as_str();
        match callee.map(|g| self.part_writes.get(g as usize)) {
            Some(Some(Some(writes))) => writes.iter().any(|&w| self.part_names.get(w as usize).is_none_or(|name| overlap(name, part))),
            Some(_) => true,
            None => !(library && internal_linkage),
        }
    }
}
