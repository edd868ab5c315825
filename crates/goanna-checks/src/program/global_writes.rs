//! Which globals each function of the program may write, itself or through its callees (its
//! mod set over globals), and which globals may change behind any function's back.

use super::{FnIndex, Program};
use goanna_cfg::{NodeId, PropKind, Subject, ValueOp};
use rustc_hash::{FxHashMap, FxHashSet};

/// Most globals a write set lists before it stands for "any global".
const MAX_WRITES: usize = 256;

/// Which globals the functions of the program may write.
///
/// A call of a function outside the program (a library without a model, a call through a
/// pointer whose targets are not known) may write any global of external linkage. A global of
/// internal linkage (`static`) it can change only by calling back into the program: through
/// the program's functions whose address is taken, or, unless the program has a `main` (an
/// executable, whose libraries do not call it by name), its functions of external linkage.
/// Such a call writes what those functions may write.
#[derive(Debug)]
pub struct GlobalWrites {
    /// Index of each written global's USR.
    pub ids: FxHashMap<String, u32>,
    /// For each function, the globals it or the program's functions it calls may write,
    /// sorted (`None`: too many to list); [`GlobalWrites::writes_of`] adds what calls outside
    /// the program may write.
    known_writes: Vec<Option<Vec<u32>>>,
    /// Globals whose address is taken somewhere, that code started as a thread may write, or
    /// that a possible signal handler writes: they may change at any time, and are not tracked.
    escaped: FxHashSet<String>,
    /// Code started as a thread calls functions outside the program: no global of external
    /// linkage is tracked.
    external_escaped: bool,
    /// The globals of internal linkage the program writes (others are taken as external).
    internal: FxHashSet<String>,
    /// Globals that only the code of one thread started once writes (`usr` → the thread's
    /// entry): they change at any time for other code, but in that thread's own code
    /// ([`GlobalWrites::confined`]) only at its own writes.
    thread_owned: FxHashMap<String, FnIndex>,
    /// For each function, the thread entry whose code alone runs it: the entry itself, when
    /// it is started once, or a function only that code calls.
    confined: Vec<Option<FnIndex>>,
    /// The parts of globals that may change at any time: as [`GlobalWrites::escaped`], but
    /// an address taken of a member escapes only that member (`&config.mutex`).
    escaped_parts: Vec<String>,
    /// The parts of globals written, as keys `usr|.f.g` (`usr|` for the whole variable, or a
    /// part reached through a pointer or an element), by index.
    part_names: Vec<String>,
    /// For each function, the parts it or the program's functions it calls may write, sorted
    /// (`None`: too many to list).
    part_writes: Vec<Option<Vec<u32>>>,
    /// For each function, whether it or a function it calls calls a function outside the
    /// program.
    reaches_unknown: Vec<bool>,
    /// The parts the program's functions that code outside it can call may write, sorted:
    /// what a call of code outside the program may write of the globals of internal linkage.
    callback_parts: Vec<u32>,
}

/// The key of the part of a global that `path` names: `usr|.f.g` for members reached without a
/// pointer, `usr|` for the whole variable (an element), `usr|*` for memory reached through a
/// pointer the variable holds (`config.clients->free`), which is not the variable's own
/// storage.
pub(super) fn part_key(path: &goanna_cfg::AccessPath) -> String {
    let mut key = format!("{}|", path.root.usr);
    if path.steps.iter().any(|s| matches!(s, goanna_cfg::PathStep::Deref | goanna_cfg::PathStep::Arrow(_))) {
        key.push('*');
    } else if path.steps.iter().all(|s| matches!(s, goanna_cfg::PathStep::Field(_))) {
        for step in &path.steps {
            if let goanna_cfg::PathStep::Field(f) = step {
                key.push('.');
                key.push_str(f);
            }
        }
    }
    key
}

/// True when writing the part `written` (or taking its address) may change the part `read`:
/// parts of the variable's own storage that overlap ([`overlap`]); memory reached through its
/// pointers, by another write through them or by a write of the variable's own storage (a
/// pointer it holds may now point elsewhere) — but a write through its pointers leaves its
/// own storage (`config.clients->free = f` leaves `config.num_threads`).
pub(super) fn write_overlaps(written: &str, read: &str) -> bool {
    let through = |k: &str| k.ends_with("|*");
    fn variable(k: &str) -> &str {
        k.rsplit_once('|').map_or(k, |(v, _)| v)
    }
    match (through(written), through(read)) {
        (true, false) => false,
        (true, true) | (false, true) => variable(written) == variable(read),
        (false, false) => overlap(written, read),
    }
}

/// True when one of two part keys is the other or contains it (`g|` and `g|.f`, `g|.f` and
/// `g|.f.x`): writing one may change the other.
pub(super) fn overlap(a: &str, b: &str) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    long.starts_with(short) && (long.len() == short.len() || long.as_bytes()[short.len()] == b'.')
}

/// True when the address of `id` taken at node `n` of `f` is only an argument of the call
/// there, to a function of the program that keeps no copy of that parameter: it reads and
/// writes through it and tests it, but neither copies, stores, returns nor passes it on. The
/// variable may then change during that call and nowhere else through that address.
fn lent_for_the_call(program: &Program<'_>, f: FnIndex, n: NodeId, id: goanna_cfg::PathId) -> bool {
    let cfg = program.cfg(f);
    let node = cfg.node(n);
    let goanna_cfg::NodeKind::Call(site) = &node.kind else { return false };
    let Some(g) = program.callee_at(f, n) else { return false };
    let Some(i) = site.address_args.iter().position(|a| *a == Some(id)) else { return false };
    // The caller's node keeps no copy of the address beside the call (`p = &g`).
    if node.props.iter().any(|q| matches!(q.kind, PropKind::Copy | PropKind::Stored) && (q.value == Some(i64::from(id.0)) || q.subject == Subject::Path(id))) {
        return false;
    }
    let callee = program.cfg(g);
    let Some(Some(param)) = callee.params.get(i).copied() else { return false };
    let kept = callee.nodes.iter().any(|m| {
        let passed = matches!(&m.kind, goanna_cfg::NodeKind::Call(s) if s.args.contains(&Some(param)));
        passed
            || m.props.iter().any(|q| {
                let on_param = q.subject == Subject::Path(param)
                    && !matches!(q.kind, PropKind::Use | PropKind::Deref | PropKind::Load | PropKind::Store | PropKind::NullTest | PropKind::NonNullTest | PropKind::Mention);
                on_param || (q.kind == PropKind::Copy && q.value == Some(i64::from(param.0)))
            })
    });
    !kept
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
    let mut escaped_parts: FxHashSet<String> = FxHashSet::default();
    let mut internal: FxHashSet<String> = FxHashSet::default();
    let mut own: Vec<Vec<u32>> = Vec::with_capacity(count);
    let mut part_ids: FxHashMap<String, u32> = FxHashMap::default();
    let mut own_parts: Vec<Vec<u32>> = Vec::with_capacity(count);
    let mut unknown_calls = vec![false; count];
    // Code outside the program can call back its address-taken functions. A program with a
    // `main` is an executable: the libraries it links do not call its functions by name. Any
    // other set of units (a library, a part of a program) may be called by name by the code
    // it is linked with: its functions of external linkage too.
    let executable = (0..count).any(|f| {
        let cfg = program.cfg(f as FnIndex);
        cfg.name == "main" && !cfg.is_static
    });
    let callable_from_outside = |f: usize| program.address_taken[f] || (!executable && !program.cfg(f as FnIndex).is_static);
    // A function no call of the program names but that code outside it may call, shaped
    // like a signal handler (its first parameter an integer, no result), may run at any time:
    // what it writes itself is not tracked.
    let mut called = vec![false; count];
    for calls in &program.calls {
        for &(_, g) in calls {
            called[g as usize] = true;
        }
    }
    // The functions each function hands to library routines that may call them (`qsort`'s
    // comparator): what they may write, it may write.
    let mut callback_edges: Vec<Vec<usize>> = vec![Vec::new(); count];
    let mut handler_writes: Vec<u32> = Vec::new();
    let mut handler_parts: Vec<u32> = Vec::new();
    for (f, &is_called) in called.iter().enumerate() {
        let cfg = program.cfg(f as FnIndex);
        let linked: FxHashSet<NodeId> = program.calls[f].iter().map(|&(n, _)| n).collect();
        let mut written: Vec<u32> = Vec::new();
        let mut parts: Vec<u32> = Vec::new();
        // A global whose address an initialiser stores (an option table's `&count_limit`) is
        // written through that pointer wherever the table is used.
        for path in cfg.paths.iter().filter(|p| p.root.address_stored && p.root.kind.is_static_storage()) {
            escaped.insert(path.root.usr.clone());
            escaped_parts.insert(part_key(path));
        }
        let mut note = |id: goanna_cfg::PathId, addr: bool| {
            let Some(path) = cfg.paths.get(id.0 as usize) else { return };
            if !path.root.kind.is_static_storage() {
                return;
            }
            let key = part_key(path);
            if addr {
                escaped.insert(path.root.usr.clone());
                escaped_parts.insert(key.clone());
            }
            if path.root.kind != goanna_ast::VarKind::Global {
                internal.insert(path.root.usr.clone());
            }
            let next = ids.len() as u32;
            written.push(*ids.entry(path.root.usr.clone()).or_insert(next));
            let next = part_ids.len() as u32;
            parts.push(*part_ids.entry(key).or_insert(next));
        };
        for n in cfg.node_ids() {
            let node = cfg.node(n);
            if matches!(node.kind, goanna_cfg::NodeKind::Call(_)) && !linked.contains(&n) {
                unknown_calls[f] = true;
            }
            for g in program.callbacks_at(f as FnIndex, n) {
                match g {
                    Some(g) => callback_edges[f].push(g as usize),
                    None => unknown_calls[f] = true,
                }
            }
            for p in &node.props {
                if let (
                    PropKind::Def | PropKind::Decl | PropKind::DeclInit | PropKind::AddrTaken | PropKind::Alloc | PropKind::MayBeNull,
                    Subject::Path(id),
                ) = (p.kind, &p.subject)
                {
                    // An address lent to a function of the program for the call only
                    // (`set_defaults(&opts)`) is a write of that call, not an escape.
                    let escapes = p.kind == PropKind::AddrTaken && !lent_for_the_call(program, f as FnIndex, n, *id);
                    note(*id, escapes);
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
        parts.sort_unstable();
        parts.dedup();
        let handler_like = cfg.params.first().is_some_and(|p| {
            p.and_then(|p| cfg.paths.get(p.0 as usize)).is_some_and(|p| p.class == goanna_ast::TypeClass::Integer)
        }) && !cfg.nodes.iter().any(|n| n.values.iter().any(|op| matches!(op, ValueOp::Return(_))));
        if !is_called && callable_from_outside(f) && handler_like && cfg.name != "main" {
            handler_writes.extend_from_slice(&written);
            handler_parts.extend_from_slice(&parts);
        }
        own.push(written);
        own_parts.push(parts);
    }
    // What each function writes itself, before the writes of its callbacks are added.
    let direct = own.clone();
    // What the callbacks a function hands on may write (with their callees and their own
    // callbacks) is its own write.
    for f in 0..count {
        if callback_edges[f].is_empty() {
            continue;
        }
        let reached = reachable_writes(program, callback_edges[f].iter().copied(), &own, &own_parts, &unknown_calls, &callback_edges);
        own[f].extend_from_slice(&reached.vars);
        own[f].sort_unstable();
        own[f].dedup();
        own_parts[f].extend_from_slice(&reached.parts);
        own_parts[f].sort_unstable();
        own_parts[f].dedup();
        unknown_calls[f] |= reached.calls_outside;
    }
    let known_writes = close_over_calls(program, sccs, &own);
    let part_writes = close_over_calls(program, sccs, &own_parts);
    let reaches_unknown = reaches_over_calls(program, sccs, &unknown_calls);
    let callbacks = reachable_writes(program, (0..count).filter(|&f| callable_from_outside(f)), &own, &own_parts, &unknown_calls, &callback_edges);
    let mut part_names = vec![String::new(); part_ids.len()];
    for (key, i) in part_ids {
        part_names[i as usize] = key;
    }
    let mut names: Vec<&str> = vec![""; ids.len()];
    for (usr, &i) in &ids {
        names[i as usize] = usr;
    }
    // What threads and signal handlers may write changes at any time.
    let mut external_escaped = false;
    let handler_writes_vars: FxHashSet<u32> = handler_writes.iter().copied().collect();
    let mut thread_writes: Vec<u32> = handler_writes;
    let mut thread_parts: Vec<u32> = handler_parts;
    let threads = reachable_writes(program, (0..count).filter(|&f| program.thread_entries.get(f).copied().unwrap_or(false)), &own, &own_parts, &unknown_calls, &callback_edges);
    thread_writes.extend_from_slice(&threads.vars);
    thread_parts.extend_from_slice(&threads.parts);
    if threads.calls_outside {
        // The threads run code outside the program, which may write any global of external
        // linkage and call back the functions it can reach.
        external_escaped = true;
        thread_writes.extend_from_slice(&callbacks.vars);
        thread_parts.extend_from_slice(&callbacks.parts);
    }
    // A global that only the code of one thread started once writes, itself (not through
    // its address, nor in a signal handler), changes for that code only where it writes it.
    let confined = thread_confinement(program, &called, &callable_from_outside);
    let mut thread_owned: FxHashMap<String, FnIndex> = FxHashMap::default();
    for &i in &thread_writes {
        let usr = names[i as usize];
        if escaped.contains(usr) || handler_writes_vars.contains(&i) {
            continue;
        }
        let mut owners = direct.iter().enumerate().filter(|(_, w)| w.binary_search(&i).is_ok()).map(|(f, _)| confined[f]);
        if let Some(Some(t)) = owners.next() {
            if owners.all(|o| o == Some(t)) {
                thread_owned.insert(usr.to_string(), t);
            }
        }
    }
    let owned_part = |key: &str| key.rsplit_once('|').is_some_and(|(usr, _)| thread_owned.contains_key(usr));
    escaped.extend(thread_writes.iter().map(|&i| names[i as usize]).filter(|usr| !thread_owned.contains_key(*usr)).map(str::to_string));
    escaped_parts.extend(thread_parts.iter().map(|&i| &part_names[i as usize]).filter(|key| !owned_part(key)).cloned());
    let mut escaped_parts: Vec<String> = escaped_parts.into_iter().collect();
    escaped_parts.sort_unstable();
    let callback_parts = callbacks.parts;
    GlobalWrites {
        ids,
        known_writes,
        escaped,
        external_escaped,
        internal,
        thread_owned,
        confined,
        escaped_parts,
        part_names,
        part_writes,
        reaches_unknown,
        callback_parts,
    }
}

/// Most calls [`runs_once`] follows up to `main`.
const MAX_ONCE_DEPTH: usize = 32;

/// For each function, the thread entry whose code alone runs it ([`GlobalWrites::confined`]):
/// an entry started at one place, outside any loop, in a function that itself runs once, and
/// that no call of the program names; then, to a fixpoint, each function that neither code
/// outside the program nor a pointer can call and whose every caller runs only in that
/// thread. A thread started in a loop or from several places has several instances, which
/// may write the same globals at once.
fn thread_confinement(program: &Program<'_>, called: &[bool], callable_from_outside: &dyn Fn(usize) -> bool) -> Vec<Option<FnIndex>> {
    let count = program.functions.len();
    let mut callers: Vec<Vec<(FnIndex, NodeId)>> = vec![Vec::new(); count];
    for (f, calls) in program.calls.iter().enumerate() {
        for &(n, g) in calls {
            callers[g as usize].push((f as FnIndex, n));
        }
    }
    let mut confined: Vec<Option<FnIndex>> = vec![None; count];
    for (t, starts) in program.thread_starts.iter().enumerate() {
        if let [(starter, false)] = starts[..] {
            if !called[t] && runs_once(program, &callers, starter, 0) {
                confined[t] = Some(t as FnIndex);
            }
        }
    }
    if confined.iter().all(Option::is_none) {
        return confined;
    }
    loop {
        let mut changed = false;
        for f in 0..count {
            if confined[f].is_some() || callers[f].is_empty() || callable_from_outside(f) {
                continue;
            }
            let first = confined[callers[f][0].0 as usize];
            if first.is_some() && callers[f].iter().all(|&(c, _)| confined[c as usize] == first) {
                confined[f] = first;
                changed = true;
            }
        }
        if !changed {
            return confined;
        }
    }
}

/// True when the function `f` runs at most once in an execution: it is the program's `main`,
/// or it has one call site, outside any loop, in a function of another component of the call
/// graph that runs once; and no pointer reaches it.
fn runs_once(program: &Program<'_>, callers: &[Vec<(FnIndex, NodeId)>], f: FnIndex, depth: usize) -> bool {
    let cfg = program.cfg(f);
    if depth > MAX_ONCE_DEPTH || program.address_taken[f as usize] {
        return false;
    }
    match callers[f as usize][..] {
        [] => cfg.name == "main" && !cfg.is_static,
        [(caller, n)] => {
            let caller_cfg = program.cfg(caller);
            program.component[caller as usize] != program.component[f as usize]
                && !caller_cfg.in_loops().get(n.index()).copied().unwrap_or(false)
                && runs_once(program, callers, caller, depth + 1)
        }
        _ => false,
    }
}

/// What a set of functions and every function of the program they call may write.
struct Reachable {
    /// The globals written, sorted.
    vars: Vec<u32>,
    /// The parts of globals written, sorted.
    parts: Vec<u32>,
    /// One of them calls a function outside the program.
    calls_outside: bool,
}

/// [`Reachable`] from `roots`, from each function's own writes (`own`, `own_parts`) and
/// whether it calls outside the program (`unknown_calls`), following calls and the callbacks
/// handed to library routines (`callback_edges`); unlike the per-function closure, without a
/// limit on the sets' size.
fn reachable_writes(
    program: &Program<'_>,
    roots: impl Iterator<Item = usize>,
    own: &[Vec<u32>],
    own_parts: &[Vec<u32>],
    unknown_calls: &[bool],
    callback_edges: &[Vec<usize>],
) -> Reachable {
    let mut seen = vec![false; own.len()];
    let mut stack: Vec<usize> = roots.collect();
    for &f in &stack {
        seen[f] = true;
    }
    let (mut vars, mut parts) = (FxHashSet::default(), FxHashSet::default());
    let mut calls_outside = false;
    while let Some(f) = stack.pop() {
        calls_outside |= unknown_calls[f];
        vars.extend(own[f].iter().copied());
        parts.extend(own_parts[f].iter().copied());
        for g in program.calls[f].iter().map(|&(_, g)| g as usize).chain(callback_edges[f].iter().copied()) {
            if !seen[g] {
                seen[g] = true;
                stack.push(g);
            }
        }
    }
    let sorted = |set: FxHashSet<u32>| {
        let mut v: Vec<u32> = set.into_iter().collect();
        v.sort_unstable();
        v
    };
    Reachable { vars: sorted(vars), parts: sorted(parts), calls_outside }
}

/// For each function, whether it or a function it calls (bottom-up over the components
/// `sccs`) has the property `own`.
fn reaches_over_calls(program: &Program<'_>, sccs: &[Vec<FnIndex>], own: &[bool]) -> Vec<bool> {
    let mut reaches = vec![false; own.len()];
    for scc in sccs {
        let any = scc.iter().any(|&f| own[f as usize] || program.calls[f as usize].iter().any(|&(_, g)| reaches[g as usize]));
        for &f in scc {
            reaches[f as usize] = any;
        }
    }
    reaches
}

/// Each function's write set with those of its callees (bottom-up over the call graph's
/// components `sccs`), from the functions' own sets `own`.
fn close_over_calls(program: &Program<'_>, sccs: &[Vec<FnIndex>], own: &[Vec<u32>]) -> Vec<Option<Vec<u32>>> {
    let mut writes: Vec<Option<Vec<u32>>> = vec![None; own.len()];
    for scc in sccs {
        let mut union: Option<Vec<u32>> = Some(Vec::new());
        for &f in scc {
            union = merge_writes(union, Some(&own[f as usize]));
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
    /// True when the global `usr` may change at any time: its address is taken (of any
    /// part), or a thread or signal handler may write it. Such a global is not tracked across
    /// calls.
    pub fn var_escapes(&self, usr: &str) -> bool {
        self.escaped.contains(usr) || self.thread_owned.contains_key(usr) || self.written_by_threads_outside(usr)
    }

    /// True when a part of `global` (a path rooted at a global) that overlaps it may change at
    /// any time: the program takes its address (so a pointer may reach it), or a thread or a
    /// signal handler writes it.
    pub fn address_escapes(&self, global: &goanna_cfg::AccessPath) -> bool {
        self.escaped_part_overlaps(global.root.usr.as_str(), part_key(global).as_str())
    }

    /// True when an escaped part of the global `usr` ([`GlobalWrites::escaped_parts`]) may
    /// overlap `part`.
    fn escaped_part_overlaps(&self, usr: &str, part: &str) -> bool {
        // The escaped parts of the same variable sort together, after `usr|`.
        let prefix = format!("{usr}|");
        let first = self.escaped_parts.partition_point(|p| p.as_str() < prefix.as_str());
        self.escaped_parts[first..].iter().take_while(|p| p.starts_with(&prefix)).any(|p| write_overlaps(p, part))
    }

    /// True when threads run code outside the program and `usr` is not a global of internal
    /// linkage the program writes: that code may write it at any time.
    fn written_by_threads_outside(&self, usr: &str) -> bool {
        self.external_escaped && !self.internal.contains(usr)
    }

    /// The globals the program's function `g` may write, itself or through its callees,
    /// sorted (`None`: any global: it calls outside the program, or too many to list).
    pub fn writes_of(&self, g: FnIndex) -> Option<&[u32]> {
        let g = g as usize;
        if self.reaches_unknown.get(g).copied().unwrap_or(true) {
            return None;
        }
        self.known_writes.get(g)?.as_deref()
    }

    /// True when the part `part` (a [`part_key`]) of the global `usr` may change at any time
    /// for the code of the function `asker` (`None`: any code): as
    /// [`GlobalWrites::var_escapes`], but the address of another member taken leaves it, and
    /// a global only one thread started once writes changes for that thread's own code only
    /// where it writes it.
    fn part_escapes(&self, usr: &str, part: &str, asker: Option<FnIndex>) -> bool {
        if self.written_by_threads_outside(usr) {
            return true;
        }
        if let Some(&t) = self.thread_owned.get(usr) {
            if asker.and_then(|f| self.confined.get(f as usize).copied().flatten()) != Some(t) {
                return true;
            }
        }
        self.escaped_part_overlaps(usr, part)
    }

    /// True when one of the parts `writes` (`None`: too many to list) may overlap `part`.
    fn parts_overlap(&self, writes: Option<&[u32]>, part: &str) -> bool {
        writes.is_none_or(|w| w.iter().any(|&i| self.part_names.get(i as usize).is_none_or(|name| write_overlaps(name, part))))
    }

    /// True when a call may write `global`, a variable of the C library (declared in a system
    /// header: `stdin`, `optarg`, `environ`): the program's function `callee` or what it calls
    /// writes it, a part of it escapes, or the call goes through a pointer whose targets are
    /// not known (`indirect`). Code outside the program writes such a variable only where its
    /// model says so (`getopt` sets `optarg`: a write the graph shows at the call), not at
    /// every call.
    /// `asker` is the function making the call (see [`GlobalWrites::may_write`]).
    pub fn may_write_library_global(&self, asker: Option<FnIndex>, callee: Option<FnIndex>, indirect: bool, global: &goanna_cfg::AccessPath) -> bool {
        let usr = global.root.usr.as_str();
        let part = part_key(global);
        if self.part_escapes(usr, part.as_str(), asker) {
            return true;
        }
        match callee {
            Some(g) => self.program_writes_part(g, usr, part.as_str()),
            None => indirect,
        }
    }

    /// True when the program's function `g` or the program's functions it calls may write the
    /// part `part` of the global `usr` themselves. What the code outside the program they call
    /// may write is the caller's to add (`reaches_unknown`): nothing of the C library's own
    /// variables (`stdin`), and of the program's only what its callbacks write.
    fn program_writes_part(&self, g: FnIndex, usr: &str, part: &str) -> bool {
        // Most callees write no part of the variable at all: answered without naming the part.
        let names_var = match self.known_writes.get(g as usize).and_then(|w| w.as_deref()) {
            Some(roots) => self.ids.get(usr).is_some_and(|id| roots.binary_search(id).is_ok()),
            None => true,
        };
        names_var && self.parts_overlap(self.part_writes.get(g as usize).and_then(|w| w.as_deref()), part)
    }

    /// True when code may write the part of `global` that `asker` (`None`: any function) reads
    /// at any time, whatever it calls: its address (or that of a part of it) is taken, or a
    /// thread or signal handler writes it.
    pub fn written_any_time(&self, asker: Option<FnIndex>, global: &goanna_cfg::AccessPath) -> bool {
        self.part_escapes(global.root.usr.as_str(), part_key(global).as_str(), asker)
    }

    /// False when a call surely leaves the value of `global` (a path rooted at a global) as it
    /// was, `internal_linkage` telling whether it is `static`: when neither a function of the
    /// program called (`callee`) nor its callees write an overlapping part of it, and what
    /// they call outside the program cannot write it either; a library call (`library`, which
    /// calls back nothing but the functions it is handed, which the caller of this method
    /// asks about: `Program::callbacks_at`) when the global has internal linkage — in every case when no
    /// address of the part is taken and no thread or signal handler writes it. Code outside
    /// the program may write any global of external linkage, and those of internal linkage
    /// that the program's address-taken functions may write (it can only call those back).
    /// `asker` is the function making the call (`None`: any): a global that only the code of
    /// one thread started once writes changes at any time, except in that code.
    pub fn may_write(&self, asker: Option<FnIndex>, callee: Option<FnIndex>, library: bool, global: &goanna_cfg::AccessPath, internal_linkage: bool) -> bool {
        // A `const` global and its members keep the value they were initialised with (one of
        // external linkage defined elsewhere too: `extern const int MODE;`).
        if global.root.read_only() && global.steps.iter().all(|s| matches!(s, goanna_cfg::PathStep::Field(_))) {
            return false;
        }
        let usr = global.root.usr.as_str();
        let part = part_key(global);
        let part = part.as_str();
        if self.part_escapes(usr, part, asker) {
            return true;
        }
        let outside = match callee {
            Some(g) => {
                if self.program_writes_part(g, usr, part) {
                    return true;
                }
                self.reaches_unknown.get(g as usize).copied().unwrap_or(true)
            }
            // A library call writes no global of internal linkage: it calls nothing back but
            // its callbacks, asked about separately.
            None if library => return !internal_linkage,
            None => true,
        };
        outside && (!internal_linkage || self.parts_overlap(Some(&self.callback_parts), part))
    }
}
