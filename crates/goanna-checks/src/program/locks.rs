//! Lock wrappers: functions whose purpose is to return holding a lock (`void lock_db(db *d) {
//! pthread_mutex_lock(&d->mu); }`) or to release one their caller holds. What such a function
//! does to a lock reached through a parameter, on every path that returns, is a `lock` or
//! `unlock` of the corresponding lock at each call site (design note 6), so the caller's
//! `lock_db(d); ...; unlock_db(d);` pairs up for the THR checks.
//!
//! The summaries are conditional where the function says by a flag parameter or by its result
//! what it did (issue 10, conditional summaries):
//! - under a *flag*: an integer parameter the function tests and never writes
//!   (`if (locked) unlock(&q->mu);`), the effect at calls that pass a constant for it
//!   (`unlink(q, TRUE)`), from the analysis with the branches that contradict the constant cut;
//! - under its *result*: when every `return` gives a constant, the effect that holds at every
//!   `return` of some constants (`return TRUE` after releasing the lock, `return FALSE` with it
//!   still held) is put on the caller's branches that test the result and admit only those
//!   constants (`if (!unlink(q, TRUE)) unlock(&q->mu);`);
//! - under a *selector*: an integer parameter the function never writes that a `switch` or a
//!   comparison decides, the effect at calls passing each constant the program passes for it
//!   (`gate(d, TAKE)`, `gate(d, GIVE)`); a function that every call gives a constant, and that
//!   under each one takes a lock for its caller, releases it or leaves it alone, gets
//!   `lock_by_argument` of the lock on its entry, which both THR checks read.
//!
//! A function returning a pointer may say by it that it holds a lock: it holds the lock at
//! every `return` of a pointer that is not NULL and at none of its `return NULL`s. When the
//! pointer is the lock's own address (`item_trylock()`: `if (pthread_mutex_trylock(l) == 0)
//! return l; return NULL;`), a caller storing the result in a local holds that local's lock on
//! the branches first reached that find it not NULL; when the lock is a global
//! (`assoc_get_iterator()`), the function is a conditional wrapper once a caller releases the
//! global after such a branch.
//!
//! A function that takes a lock and releases it again before returning is no unlock wrapper:
//! an unlock counts for the caller only when no lock of the same path came before it on the
//! path.
//!
//! Locks of globals need no call effect: their propositions keep their meaning inside callees.
//! A wrapper itself is not reported by `THR-lock-no-unlock` (the check's `unless_at_entry`):
//! locking on every path that returns and never unlocking is what it is for. Unless some
//! caller calls it already holding that lock: then it is not there to hand the lock over, and
//! its entry gets `locked_by_caller` of the lock (a global, or one reached through a
//! parameter), which the check reads.

use super::behaviour::call_graph_sccs;
use super::link::{FnIndex, Program};
use super::rks::CallEffects;
use goanna_ast::{BinaryOp, VarKind};
use rustc_hash::FxHashMap;
use goanna_cfg::{
    AccessPath, Cfg, EdgeKind, NodeId, NodeKind, PathId, PathStep, PropKind, StatusUse, Subject, ValExpr, ValUnOp, ValueOp,
};

/// At most this many locks per function are followed (one bit each).
const MAX_LOCKS: usize = 64;
/// At most this many rounds over a recursive component of the call graph.
const MAX_RECURSIVE_ROUNDS: usize = 4;
/// At most this many flag parameters per function get conditional summaries.
const MAX_FLAGS: usize = 4;
/// At most this many constants of one selector parameter get summaries of their own.
const MAX_SELECTED: usize = 8;

/// What a call passes for a flag or selector parameter, as a summary assumes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Selected {
    /// Any non-zero value (a flag).
    NonZero,
    /// Zero (a flag).
    Zero,
    /// This constant (a selector: `switch (type)`, `if (mode == M_READ)`).
    Is(i64),
}

impl Selected {
    /// True when a call passing constant `v` makes this assumption true.
    fn admits(self, v: i64) -> bool {
        match self {
            Selected::NonZero => v != 0,
            Selected::Zero => v == 0,
            Selected::Is(k) => v == k,
        }
    }
}

/// When a callee's lock effect happens at one of its calls.
#[derive(Clone, Debug, PartialEq, Eq)]
struct When {
    /// The call passes a constant for this parameter that the assumption admits.
    flag: Option<(usize, Selected)>,
    /// The effect holds where the result is one of the first constants, and not where it is
    /// one of the second; the third is true when every `return` gives one of them (otherwise
    /// the returns without the effect may give any value, and the effect is put on callers
    /// only once one of them confirms it, releasing the lock after testing the result).
    result: Option<(Vec<i64>, Vec<i64>, bool)>,
}

/// What a function does to a lock reached through a parameter: `Lock` or `Unlock`, the
/// parameter's index, the steps from the parameter, and when.
#[derive(Clone, Debug, PartialEq, Eq)]
struct LockEffect {
    kind: PropKind,
    /// The lock's path in the function summarised.
    lock: PathId,
    param: usize,
    steps: Vec<PathStep>,
    when: When,
}

/// Adds to the call nodes of every caller the lock effects of its callees (and to the branches
/// that test a call's result, the effects conditional on it), `locked_by_caller` to the
/// entries of functions called holding a lock they take, and `lock_by_result` /
/// `lock_by_argument` to those of conditional wrappers; returns the functions whose nodes got
/// new propositions (their models built before are stale).
pub fn add_lock_effects(program: &Program<'_>, behaviours: &[super::behaviour::Behaviour], effects: &mut CallEffects) -> Vec<FnIndex> {
    let mut summaries: Vec<Vec<LockEffect>> = vec![Vec::new(); program.functions.len()];
    let mut result_locks: Vec<Vec<ResultLock>> = vec![Vec::new(); program.functions.len()];
    // Non-NULL branches of callers after a call of a function whose pointer result says that
    // it holds a global lock: (caller, branch node, callee, the callee's lock path).
    let mut global_by_pointer: Vec<(FnIndex, NodeId, FnIndex, PathId)> = Vec::new();
    let passed = passed_constants(program);
    let mut changed = Vec::new();
    // Branches of callers where a callee's result says it returned holding a lock: (caller,
    // branch node, the caller's lock path, callee, the callee's lock path, whether the lock
    // is on the branch already, or is not to be put there: the call may not pass the flag
    // under which the callee takes it).
    let mut handed_over: Vec<(FnIndex, NodeId, PathId, FnIndex, PathId, bool)> = Vec::new();
    // Paths of callers standing for a lock of a callee that the caller does not name itself:
    // the steps to the lock they stand for, `None` when they stand for several.
    let mut unnamed: UnnamedLocks = FxHashMap::default();
    let add = |effects: &mut CallEffects, changed: &mut Vec<FnIndex>, f: FnIndex, node: NodeId, kind: PropKind, path: PathId| {
        let entry = effects.entry((f, node)).or_default();
        if !entry.contains(&(kind, path)) {
            entry.push((kind, path));
            changed.push(f);
        }
    };
    // Callees before callers: a wrapper of a wrapper sees its callee's effect.
    for scc in call_graph_sccs(program) {
        // A recursive component is followed until its summaries settle: a function that
        // releases a lock through a call of itself (nanomsg's nn_ctx_leave) gets its own
        // release at that call from the second round on.
        let recursive = scc.len() > 1 || scc.iter().any(|&f| program.calls[f as usize].iter().any(|&(_, g)| g == f));
        for _ in 0..if recursive { MAX_RECURSIVE_ROUNDS } else { 1 } {
            let before: Vec<Vec<LockEffect>> = if recursive { scc.iter().map(|&f| summaries[f as usize].clone()).collect() } else { Vec::new() };
            for &f in &scc {
                let cfg = program.cfg(f);
                for &(node, callee) in &program.calls[f as usize] {
                    let NodeKind::Call(site) = &cfg.node(node).kind else { continue };
                    for held in &result_locks[callee as usize] {
                        let Some(result) = site.result else { continue };
                        let tests = nonnull_tests(cfg, node, result);
                        if let (Some(ThroughParameter { param, steps, flag }), false) = (&held.through, held.returned) {
                            // A lock of what the caller passes: held on the branches that find the
                            // result not NULL, once some caller releases it there; under a flag,
                            // only at calls that pass it.
                            let Some(path) = exact_caller_path(cfg, &site.args, &site.address_args, *param, steps) else { continue };
                            let passed = flag.is_none_or(|(index, selected)| site.int_arg(index).is_some_and(|v| selected.admits(v)));
                            handed_over.extend(tests.into_iter().map(|t| (f, t, path, callee, held.lock, !passed)));
                            continue;
                        }
                        if held.returned {
                            // A lock stored where the caller's own caller reads it (`a->hold_lock`
                            // of a parameter `a`, a global) is handed on: only a local names it.
                            let path = cfg.path(result);
                            if path.root.kind != VarKind::Local || !path.steps.is_empty() {
                                continue;
                            }
                            // The caller's result names the lock; a result never tested is taken
                            // as a library trylock's is.
                            let targets = if tests.is_empty() { vec![node] } else { tests };
                            for target in targets {
                                add(effects, &mut changed, f, target, PropKind::Lock, result);
                            }
                        } else {
                            global_by_pointer.extend(tests.into_iter().map(|t| (f, t, callee, held.lock)));
                        }
                    }
                    if summaries[callee as usize].is_empty() {
                        continue;
                    }
                    for effect in &summaries[callee as usize] {
                        if let Some((param, selected)) = effect.when.flag {
                            if site.int_arg(param).is_none_or(|v| !selected.admits(v)) {
                                continue;
                            }
                        }
                        let Some(path) = caller_path(cfg, &site.args, &site.address_args, effect.param, &effect.steps) else { continue };
                        note_unnamed(&mut unnamed, cfg, f, path, &site.args, &site.address_args, effect);
                        match &effect.when.result {
                            None => add(effects, &mut changed, f, node, effect.kind, path),
                            Some((with, without, exact)) => match branches_admitting(cfg, node, with, without, !*exact) {
                                Some(targets) => {
                                    for target in targets {
                                        if *exact {
                                            add(effects, &mut changed, f, target, effect.kind, path);
                                        }
                                        if effect.kind == PropKind::Lock {
                                            handed_over.push((f, target, path, callee, effect.lock, *exact));
                                        }
                                    }
                                }
                                // A lock whose result is not tested is taken, as a library lock
                                // call's is; a release that may not have happened is not assumed.
                                None if effect.kind == PropKind::Lock && *exact => add(effects, &mut changed, f, node, effect.kind, path),
                                None => {}
                            },
                        }
                    }
                }
            }
            for &f in &scc {
                summaries[f as usize] = lock_summary(program, behaviours, f, effects, &passed[f as usize], &unnamed);
                result_locks[f as usize] = pointer_result_locks(program.cfg(f), f, effects);
            }
            if !recursive || scc.iter().zip(&before).all(|(&f, b)| summaries[f as usize] == *b) {
                break;
            }
        }
    }
    // Functions called holding a lock they take themselves.
    let mut marks: Vec<(FnIndex, PathId)> = Vec::new();
    let mut taken: Vec<Option<Vec<PathId>>> = vec![None; program.functions.len()];
    for f in 0..program.functions.len() as FnIndex {
        let cfg = program.cfg(f);
        let calls = &program.calls[f as usize];
        if calls.is_empty() {
            continue;
        }
        let locks = Locks::of(cfg, f, effects, |_| true);
        if locks.paths.is_empty() {
            continue;
        }
        let (before, _) = locks.analyse_both(cfg, None);
        for &(node, g) in calls {
            let Some(state) = before[node.index()] else { continue };
            if state.must_held == 0 {
                continue;
            }
            let NodeKind::Call(site) = &cfg.node(node).kind else { continue };
            let gcfg = program.cfg(g);
            let taken_by_g = taken[g as usize].get_or_insert_with(|| taken_locks(gcfg, g, effects)).clone();
            for lock in taken_by_g {
                let path = gcfg.path(lock);
                let in_caller = if path.root.kind.is_static_storage() {
                    same_global(cfg, path)
                } else {
                    parameter_of(gcfg, path).and_then(|param| exact_caller_path(cfg, &site.args, &site.address_args, param, &path.steps))
                };
                if in_caller.and_then(|p| locks.bit(p)).is_some_and(|b| state.must_held & b != 0) {
                    marks.push((g, lock));
                }
            }
        }
    }
    for (g, path) in marks {
        add(effects, &mut changed, g, program.cfg(g).entry, PropKind::LockedByCaller, path);
    }
    // A callee whose result tells that it returns holding a lock, and some caller releases
    // that lock after the branch testing it: a conditional lock wrapper by contract.
    let mut wrappers: Vec<(FnIndex, PathId)> = Vec::new();
    // One that returns the address of the lock it holds hands it over by design.
    for (g, held) in result_locks.iter().enumerate() {
        wrappers.extend(held.iter().filter(|h| h.returned).map(|h| (g as FnIndex, h.lock)));
    }
    // One whose non-NULL result says it holds a global lock, released by some caller after
    // the branch that found the result non-NULL (itself or by a function it calls).
    for &(f, target, g, lock) in &global_by_pointer {
        if !wrappers.contains(&(g, lock)) && released_global_after(program, f, effects, target, program.cfg(g).path(lock)) {
            wrappers.push((g, lock));
        }
    }
    for &(f, target, path, g, lock, _) in &handed_over {
        if !wrappers.contains(&(g, lock)) && released_after(program.cfg(f), f, effects, target, path) {
            wrappers.push((g, lock));
        }
    }
    // A function that takes a lock of its caller's (reached through a parameter) on some
    // paths and releases it on none, after whose call some caller releases that lock: it
    // takes the lock for its caller by contract where it takes it (unbound's
    // fr_pickup_auth_locks takes the locks of the zones it is given; its callers release
    // them).
    let callers = super::targets::callers(program);
    for g in 0..program.functions.len() as FnIndex {
        let gcfg = program.cfg(g);
        for lock in taken_locks(gcfg, g, effects) {
            let path = gcfg.path(lock);
            let Some(param) = parameter_of(gcfg, path) else { continue };
            if wrappers.contains(&(g, lock)) {
                continue;
            }
            let released_by_a_caller = callers[g as usize].iter().any(|&(f, node)| {
                let cfg = program.cfg(f);
                let NodeKind::Call(site) = &cfg.node(node).kind else { return false };
                exact_caller_path(cfg, &site.args, &site.address_args, param, &path.steps).is_some_and(|p| released_after(cfg, f, effects, node, p))
            });
            if released_by_a_caller {
                wrappers.push((g, lock));
            }
        }
    }
    // A function whose every lock of a lock it never releases is its last act (`if
    // (threaded(ctx)) lock(&ctx->mu);`) takes the lock for its caller whenever it takes it:
    // a conditional lock wrapper by its shape.
    for g in 0..program.functions.len() as FnIndex {
        let cfg = program.cfg(g);
        for lock in taken_locks(cfg, g, effects) {
            if !wrappers.contains(&(g, lock)) && every_lock_is_last(cfg, g, effects, lock) {
                wrappers.push((g, lock));
            }
        }
    }
    // A function that returns success holding a lock of a kind that the program releases
    // elsewhere without taking it, and no failure with it held, hands the lock to its caller
    // by protocol (lmdb's mdb_txn_renew0, memcached's extstore_write_request).
    let kinds = kinds_released_untaken(program, effects);
    for (g, lock) in success_hand_overs(program, effects, &kinds) {
        if !wrappers.contains(&(g, lock)) {
            wrappers.push((g, lock));
        }
    }
    for &(g, path) in &wrappers {
        add(effects, &mut changed, g, program.cfg(g).entry, PropKind::LockByResult, path);
    }
    // Their callers hold the lock on those branches.
    for (f, target, path, g, lock, placed) in handed_over {
        if !placed && wrappers.contains(&(g, lock)) {
            add(effects, &mut changed, f, target, PropKind::Lock, path);
        }
    }
    // Functions that take or release a lock for their caller as a constant argument selects.
    let mut selected: Vec<(FnIndex, PathId)> = Vec::new();
    for g in 0..program.functions.len() as FnIndex {
        selected.extend(argument_wrappers(program.cfg(g), g, effects, &passed[g as usize]).into_iter().map(|lock| (g, lock)));
    }
    for (g, lock) in selected {
        add(effects, &mut changed, g, program.cfg(g).entry, PropKind::LockByArgument, lock);
    }
    // A lock released under the other name of a stable copy is released under both.
    for f in 0..program.functions.len() as FnIndex {
        for (node, path) in releases_under_copied_names(program.cfg(f), f, effects) {
            add(effects, &mut changed, f, node, PropKind::Unlock, path);
        }
    }
    changed.sort_unstable();
    changed.dedup();
    changed
}

/// The releases of a lock that the function names two ways, through a local holding a stable
/// copy of a path ([`stable_copies`]) and through that path (`ep = p->ep; lock(&ep->mtx);
/// ... unlock(&p->ep->mtx);`, nng's `ipc_pipe_nego_cb`): for each `unlock` of one name, the
/// node and the other name, when the function names both. Locks are not doubled: a lock
/// taken under one name and never released is reported once.
fn releases_under_copied_names(cfg: &Cfg, f: FnIndex, effects: &CallEffects) -> Vec<(NodeId, PathId)> {
    let props_of: Vec<Vec<(PropKind, PathId)>> = cfg.node_ids().map(|n| lock_props(cfg, f, effects, n)).collect();
    if props_of.iter().all(|props| props.is_empty()) {
        return Vec::new();
    }
    let mut locks: Vec<PathId> = props_of.iter().flatten().map(|&(_, id)| id).collect();
    locks.sort_unstable();
    locks.dedup();
    let copies = stable_copies(cfg);
    // Pairs of names of one lock: (through the copy, through the path copied).
    let mut pairs: Vec<(PathId, PathId)> = Vec::new();
    for &lock in &locks {
        let path = cfg.path(lock);
        let Some(&(_, source)) = copies.iter().find(|&&(copy, _)| cfg.path(copy).root == path.root) else { continue };
        let steps: Vec<PathStep> = cfg.path(source).steps.iter().chain(&path.steps).cloned().collect();
        if let Some(other) = named(cfg, source, &steps).filter(|o| locks.contains(o)) {
            pairs.push((lock, other));
        }
    }
    let mut found = Vec::new();
    for (n, props) in props_of.iter().enumerate() {
        for &(_, id) in props.iter().filter(|(k, _)| *k == PropKind::Unlock) {
            for &(a, b) in &pairs {
                let other = if id == a { b } else if id == b { a } else { continue };
                if !props.contains(&(PropKind::Unlock, other)) {
                    found.push((NodeId(n as u32), other));
                }
            }
        }
    }
    found
}

/// The kind of a lock reached through a member of a structure: the record that the pointer
/// before its last `->` points to, and the steps from there (`p->mutex` of a `store_page *p`,
/// and `e->pages[i].mutex`'s copy `q->mutex`: `store_page`, `->mutex`), whatever variable
/// reaches it. `None` for a lock not reached through such a member, or through a pointer of
/// unknown record.
fn lock_kind(cfg: &Cfg, path: &AccessPath) -> Option<(String, Vec<PathStep>)> {
    let k = path.steps.iter().rposition(|s| matches!(s, PathStep::Arrow(_)))?;
    let record = cfg.pointee_record_before(path, k)?;
    (!record.is_empty()).then(|| (record.to_string(), path.steps[k..].to_vec()))
}

/// The kinds of lock ([`lock_kind`]) that some function releases where no path through it
/// took the lock first: locks whose holding passes from one function to another by the
/// program's protocol (memcached's `extstore_write` releases the page lock that
/// `extstore_write_request` returned holding).
fn kinds_released_untaken(program: &Program<'_>, effects: &CallEffects) -> Vec<(String, Vec<PathStep>)> {
    let mut kinds: Vec<(String, Vec<PathStep>)> = Vec::new();
    for f in 0..program.functions.len() as FnIndex {
        let cfg = program.cfg(f);
        let locks = Locks::of(cfg, f, effects, |p| lock_kind(cfg, p).is_some());
        if !locks.props.iter().flatten().any(|&(lock, _)| !lock) {
            continue;
        }
        let (before, _) = locks.analyse_both(cfg, None);
        for n in cfg.node_ids() {
            let Some(s) = before[n.index()] else { continue };
            for &(lock, b) in &locks.props[n.index()] {
                if lock || s.may_held & b != 0 || s.may_lock_first & b != 0 {
                    continue;
                }
                let path = cfg.path(locks.paths[b.trailing_zeros() as usize]);
                if let Some(kind) = lock_kind(cfg, path).filter(|k| !kinds.contains(k)) {
                    kinds.push(kind);
                }
            }
        }
    }
    kinds
}

/// The locks that a function returning an integer status hands to its caller on success:
/// held at every `return 0` on the paths that took it, not held on every path of any other `return` (a negative
/// constant, or a value not constant: `return rc;`), never with a positive constant returned
/// (0 is then no success), of a kind the program releases elsewhere without taking it
/// ([`kinds_released_untaken`]). A function that releases the lock on its failure paths and
/// returns success holding it takes it for its caller, which passes it on until the function
/// of the protocol that releases it (lmdb's `mdb_txn_renew0` holds the writer mutex for the
/// transaction it begins, until `mdb_txn_end` releases it). A failure returned holding the
/// lock (`if (!ep) return -ENOMEM;`) is no hand-over.
fn success_hand_overs(program: &Program<'_>, effects: &CallEffects, kinds: &[(String, Vec<PathStep>)]) -> Vec<(FnIndex, PathId)> {
    let mut found = Vec::new();
    if kinds.is_empty() {
        return found;
    }
    for g in 0..program.functions.len() as FnIndex {
        let cfg = program.cfg(g);
        let locks = Locks::of(cfg, g, effects, |p| lock_kind(cfg, p).is_some_and(|k| kinds.contains(&k)));
        if locks.paths.is_empty() {
            continue;
        }
        // Each `return`'s node and constant value; none when the function may return something
        // other than an integer status.
        let mut returns: Vec<(NodeId, Option<i64>)> = Vec::new();
        let status = cfg.predecessors()[cfg.exit.index()].iter().all(|&p| {
            let node = cfg.node(p);
            let pointer = node.props.iter().any(|q| matches!(q.kind, PropKind::ReturnNull | PropKind::Escape));
            let value = node.values.iter().find_map(|v| match v {
                ValueOp::Return(e) => Some(e.constant()),
                _ => None,
            });
            match value {
                Some(k) if node.kind == NodeKind::Return && !pointer && k.is_none_or(|k| k <= 0) => {
                    returns.push((p, k));
                    true
                }
                _ => false,
            }
        });
        if !status {
            continue;
        }
        let states = locks.analyse(cfg, None);
        for (i, &lock) in locks.paths.iter().enumerate() {
            let b = 1u64 << i;
            let (mut successes, mut failures) = (0, 0);
            let clean = returns.iter().all(|&(p, k)| {
                let Some(s) = states[p.index()] else { return true };
                // Held on the paths that took it (a read-only transaction takes no writer lock).
                let held = s.may_held & b != 0 && s.may_lock_first & b != 0;
                if k == Some(0) {
                    successes += 1;
                    held
                } else {
                    failures += 1;
                    s.must_held & b == 0
                }
            });
            if clean && successes > 0 && failures > 0 {
                found.push((g, lock));
            }
        }
    }
    found
}

/// The locks (globals, or reached through a parameter) that `cfg` takes or releases for its
/// caller as a constant argument selects: for an integer parameter it never writes, that some
/// condition tests, and for which every call passes a constant, under each constant passed the
/// function holds the lock on every path that returns, releases the caller's lock on every
/// such path, or leaves it as it was (untouched, or taken and released again), and some
/// constant does one of the first two (`pause_threads(PAUSE_ALL)` / `pause_threads(RESUME_ALL)`).
fn argument_wrappers(cfg: &Cfg, f: FnIndex, effects: &CallEffects, passed: &Passed) -> Vec<PathId> {
    let every: Passed = passed.iter().filter(|(_, _, every)| *every).cloned().collect();
    if every.is_empty() {
        return Vec::new();
    }
    let locks = Locks::of(cfg, f, effects, |p| p.result_of.is_none() && (p.root.kind.is_static_storage() || parameter_of(cfg, p).is_some()));
    if locks.paths.is_empty() {
        return Vec::new();
    }
    let mut found = Vec::new();
    for (index, values, _) in &every {
        let Some(Some(param)) = cfg.params.get(*index) else { continue };
        let param = *param;
        if values.len() > MAX_SELECTED || cfg.path(param).class != goanna_ast::TypeClass::Integer || written(cfg, param) {
            continue;
        }
        let decides = cfg.nodes.iter().any(|n| n.values.iter().any(|v| matches!(v, ValueOp::Cond(e) if evaluate(e, &[(None, Some(param), values[0])]).is_some())));
        if !decides {
            continue;
        }
        let exits: Vec<Option<LockState>> = values.iter().map(|&v| locks.analyse(cfg, Some((param, Selected::Is(v))))[cfg.exit.index()]).collect();
        for (i, &lock) in locks.paths.iter().enumerate() {
            let b = 1u64 << i;
            let mut selects = false;
            let consistent = exits.iter().flatten().all(|s| {
                if s.must_held & b != 0 || s.releases_callers(b) {
                    selects = true;
                    true
                } else {
                    s.may_held & b == 0 && (s.may_released & b == 0 || (s.must_released & b != 0 && s.may_lock_first & b != 0))
                }
            });
            if consistent && selects && !found.contains(&lock) {
                found.push(lock);
            }
        }
    }
    found
}

/// True when every node of `f` that takes `lock` is followed by nothing but the way out: on
/// every path from it to the exit only branches, labels, joins and `return`s without a value
/// or of a constant (the lock is the function's last act).
fn every_lock_is_last(cfg: &Cfg, f: FnIndex, effects: &CallEffects, lock: PathId) -> bool {
    let mut seen = vec![false; cfg.nodes.len()];
    let mut work: Vec<NodeId> = Vec::new();
    for n in cfg.node_ids() {
        if lock_props(cfg, f, effects, n).contains(&(PropKind::Lock, lock)) {
            work.extend(cfg.node(n).succs.iter().filter(|e| cfg.node(n).edge_feasible(e)).map(|e| e.target));
        }
    }
    if work.is_empty() {
        return false;
    }
    while let Some(n) = work.pop() {
        if std::mem::replace(&mut seen[n.index()], true) {
            continue;
        }
        let node = cfg.node(n);
        let inert = match &node.kind {
            NodeKind::Exit => continue,
            NodeKind::Branch(_) | NodeKind::Nop | NodeKind::Label(_) => node.values.is_empty(),
            NodeKind::Return => node.values.iter().all(|op| matches!(op, ValueOp::Return(ValExpr::Const(_) | ValExpr::MacroConst(_)))),
            _ => false,
        };
        let quiet = node.props.iter().all(|p| matches!(p.kind, PropKind::Return | PropKind::ReturnNull | PropKind::NullTest | PropKind::NonNullTest | PropKind::CmpEq | PropKind::CmpNe | PropKind::CmpLt | PropKind::CmpLe | PropKind::CmpGt | PropKind::CmpGe));
        if !(inert && quiet) {
            return false;
        }
        work.extend(node.succs.iter().filter(|e| node.edge_feasible(e)).map(|e| e.target));
    }
    true
}

/// A lock reached through a parameter: the parameter, the steps from it, and the value of a
/// flag parameter under which the function holds it ([`ResultLock::through`]).
#[derive(Clone, Debug)]
struct ThroughParameter {
    param: usize,
    steps: Vec<PathStep>,
    flag: Option<(usize, Selected)>,
}

/// A lock that a function returning a pointer holds exactly when its result is not NULL.
#[derive(Clone, Debug)]
struct ResultLock {
    /// The lock's path in the function.
    lock: PathId,
    /// For a lock reached through a parameter (neither the pointer returned nor a global):
    /// the parameter and the steps from it, and the value of a flag parameter under which
    /// the result tells (`forwards_find(fwd, name, nolock)` with `nolock` zero).
    through: Option<ThroughParameter>,
    /// The pointer returned is the lock itself (`return lock;` after
    /// `pthread_mutex_trylock(lock)` succeeded): the caller's result names the lock. Otherwise
    /// the lock is a global.
    returned: bool,
}

/// The locks `cfg` holds at every `return` of a pointer that is not NULL and at none of its
/// `return NULL`s (memcached's `item_trylock()`, `assoc_get_iterator()`): the lock the pointer
/// returned names, or a global.
fn pointer_result_locks(cfg: &Cfg, f: FnIndex, effects: &CallEffects) -> Vec<ResultLock> {
    let locks = Locks::of(cfg, f, effects, |p| p.result_of.is_none());
    if locks.paths.is_empty() {
        return Vec::new();
    }
    let mut found = result_locks_under(cfg, &locks, None);
    // A lock of a parameter's may be held only under a flag the callers pass (`if (!nolock)
    // lock(&fwd->lock);`).
    if found.is_empty() && locks.paths.iter().any(|&l| parameter_of(cfg, cfg.path(l)).is_some()) {
        for (index, param) in flag_parameters(cfg) {
            for selected in [Selected::NonZero, Selected::Zero] {
                let held = result_locks_under(cfg, &locks, Some((index, param, selected)));
                found.extend(held.into_iter().filter(|h| h.through.is_some()));
            }
        }
    }
    found
}

/// [`pointer_result_locks`] with the paths that contradict a flag parameter's value cut.
fn result_locks_under(cfg: &Cfg, locks: &Locks, flag: Option<(usize, PathId, Selected)>) -> Vec<ResultLock> {
    let states = locks.analyse(cfg, flag.map(|(_, param, selected)| (param, selected)));
    let preds = cfg.predecessors();
    // Each return's state, whether it returns NULL, and its node.
    let mut returns: Vec<(LockState, bool, NodeId)> = Vec::new();
    for &p in &preds[cfg.exit.index()] {
        let Some(s) = states[p.index()] else { continue };
        let node = cfg.node(p);
        if node.kind != NodeKind::Return || !node.props.iter().any(|q| q.kind == PropKind::Return) {
            return Vec::new();
        }
        returns.push((s, node.props.iter().any(|q| q.kind == PropKind::ReturnNull), p));
    }
    if !returns.iter().any(|r| r.1) || returns.iter().all(|r| r.1) {
        return Vec::new();
    }
    let mut found = Vec::new();
    for (i, &lock) in locks.paths.iter().enumerate() {
        let b = 1u64 << i;
        let held = returns.iter().filter(|r| !r.1).all(|r| r.0.must_held & b != 0);
        let free = returns.iter().filter(|r| r.1).all(|r| r.0.may_held & b == 0);
        if !(held && free) {
            continue;
        }
        let returned = returns.iter().filter(|r| !r.1).all(|r| {
            let node = cfg.node(r.2);
            node.props.iter().any(|q| q.kind == PropKind::Escape && q.subject == Subject::Path(lock)) && !matches!(node.kind, NodeKind::Call(_))
        });
        let path = cfg.path(lock);
        if returned || path.root.kind.is_static_storage() {
            if flag.is_none() {
                found.push(ResultLock { lock, through: None, returned });
            }
        } else if let Some(param) = parameter_of(cfg, path) {
            let flag = flag.map(|(index, _, selected)| (index, selected));
            found.push(ResultLock { lock, through: Some(ThroughParameter { param, steps: path.steps.clone(), flag }), returned });
        }
    }
    found
}

/// The branch nodes first reached from call node `call` that find its result `result` not
/// NULL (no other test of it, nor a new value, in between).
fn nonnull_tests(cfg: &Cfg, call: NodeId, result: PathId) -> Vec<NodeId> {
    let mut found = Vec::new();
    let mut seen = vec![false; cfg.nodes.len()];
    let mut work: Vec<NodeId> = cfg.node(call).succs.iter().map(|e| e.target).collect();
    while let Some(n) = work.pop() {
        if std::mem::replace(&mut seen[n.index()], true) {
            continue;
        }
        let node = cfg.node(n);
        let about = |kind: PropKind| node.props.iter().any(|p| p.kind == kind && p.subject == Subject::Path(result));
        if about(PropKind::NonNullTest) {
            found.push(n);
            continue;
        }
        if about(PropKind::NullTest) || about(PropKind::Def) {
            continue;
        }
        work.extend(node.succs.iter().filter(|e| node.edge_feasible(e)).map(|e| e.target));
    }
    found.sort_unstable();
    found
}

/// True when some path from node `from` of `f` releases the global lock `lock` (a path of
/// another function) before taking it again: itself, or by calling a function that releases
/// it on every path that returns.
fn released_global_after(program: &Program<'_>, f: FnIndex, effects: &CallEffects, from: NodeId, lock: &AccessPath) -> bool {
    let cfg = program.cfg(f);
    let own = same_global(cfg, lock);
    let releases = |g: FnIndex| {
        let gcfg = program.cfg(g);
        let Some(id) = same_global(gcfg, lock) else { return false };
        let locks = Locks::of(gcfg, g, effects, |p| same_global(gcfg, p) == Some(id));
        let Some(b) = locks.bit(id) else { return false };
        locks.analyse(gcfg, None)[gcfg.exit.index()].is_some_and(|s| s.releases_callers(b))
    };
    some_path_releases(cfg, from, |n| {
        let props = lock_props(cfg, f, effects, n);
        if own.is_some_and(|id| props.contains(&(PropKind::Unlock, id))) {
            Reached::Release
        } else if own.is_some_and(|id| props.contains(&(PropKind::Lock, id))) {
            Reached::Retaken
        } else if program.calls[f as usize].iter().any(|&(m, g)| m == n && releases(g)) {
            Reached::Release
        } else {
            Reached::Neither
        }
    })
}

/// True when some path from node `from` of `f` releases lock `path` before taking it again.
fn released_after(cfg: &Cfg, f: FnIndex, effects: &CallEffects, from: NodeId, path: PathId) -> bool {
    some_path_releases(cfg, from, |n| {
        let props = lock_props(cfg, f, effects, n);
        if props.contains(&(PropKind::Unlock, path)) {
            Reached::Release
        } else if props.contains(&(PropKind::Lock, path)) {
            Reached::Retaken
        } else {
            Reached::Neither
        }
    })
}

/// What a search for a lock's release finds at a node.
enum Reached {
    /// The lock is released here.
    Release,
    /// The lock is taken again here: the path says nothing more.
    Retaken,
    /// Neither: the search goes on.
    Neither,
}

/// True when some feasible path from node `from` (its successors on) reaches a node where
/// `at` says the lock is released, before one where it is taken again.
fn some_path_releases(cfg: &Cfg, from: NodeId, mut at: impl FnMut(NodeId) -> Reached) -> bool {
    let mut seen = vec![false; cfg.nodes.len()];
    let mut work: Vec<NodeId> = cfg.node(from).succs.iter().map(|e| e.target).collect();
    while let Some(n) = work.pop() {
        if std::mem::replace(&mut seen[n.index()], true) {
            continue;
        }
        match at(n) {
            Reached::Release => return true,
            Reached::Retaken => continue,
            Reached::Neither => {}
        }
        let node = cfg.node(n);
        work.extend(node.succs.iter().filter(|e| node.edge_feasible(e)).map(|e| e.target));
    }
    false
}

/// The path of the caller that a callee's lock `param` + `steps` stands for: the argument's
/// path with the steps appended (`d` passed for `d->mu`: `d->mu`; `&s` passed: `s.mu`), when
/// the caller names that path; otherwise the argument's path itself, which then stands for
/// every lock reached through it (a caller that only calls `lock_db(d)` and `unlock_db(d)`).
fn caller_path(cfg: &Cfg, args: &[Option<PathId>], address_args: &[Option<PathId>], param: usize, steps: &[PathStep]) -> Option<PathId> {
    let base = argument_steps(cfg, args, address_args, param, steps)?.0;
    Some(exact_caller_path(cfg, args, address_args, param, steps).unwrap_or(base))
}

/// As [`caller_path`], only when the caller names the whole path, directly or through a local
/// pointer that holds the argument's value for the whole function (`tpool->lock` for a call
/// passing `slot->tpool` after `struct pool *tpool = slot->tpool;`).
fn exact_caller_path(cfg: &Cfg, args: &[Option<PathId>], address_args: &[Option<PathId>], param: usize, steps: &[PathStep]) -> Option<PathId> {
    let (base, wanted) = argument_steps(cfg, args, address_args, param, steps)?;
    named(cfg, base, &wanted).or_else(|| {
        // A local holding a stable copy of the argument, or of a path through it that the
        // lock lies below (`response->mutex` after `response = c->rp.response`, for the
        // callee's `c->rp.response->mutex`).
        let root = &cfg.path(base).root;
        stable_copies(cfg).into_iter().find_map(|(copy, source)| {
            let source = cfg.path(source);
            if &source.root != root || !wanted.starts_with(&source.steps) || (source.steps.is_empty() && args.get(param) != Some(&Some(base))) {
                return None;
            }
            let mut through: Vec<PathStep> = cfg.path(copy).steps.clone();
            through.extend(wanted[source.steps.len()..].iter().cloned());
            named(cfg, copy, &through)
        })
    })
}

/// Every local pointer of `cfg` that receives a copy of another path once (its only write)
/// and whose copy cannot go stale: neither the pointer nor the path copied, nor the variable
/// that path starts from, is written anywhere else in the function (but for that variable's
/// initialisation, when it is a local); with the path copied: (copy, source).
fn stable_copies(cfg: &Cfg) -> Vec<(PathId, PathId)> {
    // The writes of each path, and of each variable as a whole, counted once.
    let mut of_path = vec![0usize; cfg.paths.len()];
    let mut of_variable: FxHashMap<&str, usize> = FxHashMap::default();
    for p in cfg.nodes.iter().flat_map(|n| &n.props).filter(|p| matches!(p.kind, PropKind::Def | PropKind::AddrTaken)) {
        let Subject::Path(id) = p.subject else { continue };
        let Some(path) = cfg.paths.get(id.0 as usize) else { continue };
        of_path[id.0 as usize] += 1;
        if path.steps.is_empty() {
            *of_variable.entry(path.root.usr.as_str()).or_default() += 1;
        }
    }
    let variable_writes = |path: &AccessPath| of_variable.get(path.root.usr.as_str()).copied().unwrap_or(0);
    let path_writes = |source: &AccessPath| cfg.paths.iter().zip(&of_path).filter(|(p, _)| *p == source).map(|(_, &c)| c).sum::<usize>();
    let stable_source = |source: &AccessPath| {
        // The source's root variable keeps its value (a local its initialisation, once), and
        // so does the source itself.
        let root_writes = if source.root.kind == VarKind::Local { 1 } else { 0 };
        variable_writes(source) <= root_writes && path_writes(source) == 0
    };
    let mut found: Vec<(PathId, PathId)> = Vec::new();
    for p in cfg.nodes.iter().flat_map(|n| &n.props).filter(|p| p.kind == PropKind::Copy) {
        let (Subject::Path(copy), Some(value)) = (&p.subject, p.value) else { continue };
        let copy = *copy;
        let Some(source) = u32::try_from(value).ok().map(PathId).filter(|s| (s.0 as usize) < cfg.paths.len()) else { continue };
        let path = cfg.path(copy);
        if !matches!(path.root.kind, VarKind::Local) || !path.steps.is_empty() || cfg.path(source).root == path.root {
            continue;
        }
        if found.iter().any(|&(c, _)| c == copy) {
            continue;
        }
        if variable_writes(path) <= 1 && stable_source(cfg.path(source)) {
            found.push((copy, source));
        }
    }
    found
}

/// The parameter a lock path of `cfg` is reached through and the steps from it: its own
/// root's, or, for a path through a local holding a stable copy of a path through a
/// parameter ([`stable_copies`]), that path's steps followed by its own (`response->mutex`
/// after `response = c->rp.response`: `c`, `->rp.response->mutex`). `steps` replaces the
/// path's own steps when given.
fn parameter_steps(cfg: &Cfg, copies: &[(PathId, PathId)], path: &AccessPath, steps: Option<&[PathStep]>) -> Option<(usize, Vec<PathStep>)> {
    let steps = steps.unwrap_or(&path.steps);
    if let Some(param) = parameter_of(cfg, path) {
        return Some((param, steps.to_vec()));
    }
    if path.result_of.is_some() {
        return None;
    }
    let &(_, source) = copies.iter().find(|&&(copy, _)| cfg.path(copy).root == path.root)?;
    let source_path = cfg.path(source);
    let param = parameter_of(cfg, source_path)?;
    Some((param, source_path.steps.iter().chain(steps).cloned().collect()))
}

/// The argument's path for parameter `param`, and the steps of the caller's path that the
/// callee's `param` + `steps` stands for.
fn argument_steps(cfg: &Cfg, args: &[Option<PathId>], address_args: &[Option<PathId>], param: usize, steps: &[PathStep]) -> Option<(PathId, Vec<PathStep>)> {
    let (base, steps): (PathId, Vec<PathStep>) = if let Some(Some(a)) = args.get(param) {
        (*a, steps.to_vec())
    } else if let Some(Some(x)) = address_args.get(param) {
        // Through `&x` the parameter's first step into the pointee is a step into `x`.
        let mut rest = steps.to_vec();
        match rest.first().cloned() {
            Some(PathStep::Arrow(field)) => rest[0] = PathStep::Field(field),
            Some(PathStep::Deref) => {
                rest.remove(0);
            }
            _ => {}
        }
        (*x, rest)
    } else {
        return None;
    };
    let wanted: Vec<PathStep> = cfg.path(base).steps.iter().cloned().chain(steps).collect();
    Some((base, wanted))
}

/// The caller's path rooted like `base` with these steps, when the graph has it.
fn named(cfg: &Cfg, base: PathId, steps: &[PathStep]) -> Option<PathId> {
    let root = &cfg.path(base).root;
    if cfg.path(base).steps == steps {
        return Some(base);
    }
    cfg.paths.iter().position(|p: &AccessPath| &p.root == root && p.steps == steps && p.result_of.is_none()).map(|i| PathId(i as u32))
}

/// The path of `cfg` naming the same global object as `path` of another function.
fn same_global(cfg: &Cfg, path: &AccessPath) -> Option<PathId> {
    cfg.paths
        .iter()
        .position(|p| p.root.kind.is_static_storage() && p.root.usr == path.root.usr && p.steps == path.steps && p.result_of.is_none())
        .map(|i| PathId(i as u32))
}

/// The lock and unlock propositions of node `n` of `f`: its own and its callees' effects.
fn lock_props(cfg: &Cfg, f: FnIndex, effects: &CallEffects, n: NodeId) -> Vec<(PropKind, PathId)> {
    let own = cfg.node(n).props.iter().filter_map(|p| match p.subject {
        Subject::Path(id) if matches!(p.kind, PropKind::Lock | PropKind::Unlock) => Some((p.kind, id)),
        _ => None,
    });
    let called = effects.get(&(f, n)).into_iter().flatten().filter(|(k, _)| matches!(k, PropKind::Lock | PropKind::Unlock)).copied();
    own.chain(called).collect()
}

/// The locks `cfg` takes and never releases (globals, or reached through a parameter): the
/// ones whose wrapper status a caller holding them decides.
fn taken_locks(cfg: &Cfg, f: FnIndex, effects: &CallEffects) -> Vec<PathId> {
    let mut locked: Vec<PathId> = Vec::new();
    let mut unlocked: Vec<PathId> = Vec::new();
    for n in cfg.node_ids() {
        for (kind, id) in lock_props(cfg, f, effects, n) {
            let list = if kind == PropKind::Lock { &mut locked } else { &mut unlocked };
            if !list.contains(&id) {
                list.push(id);
            }
        }
    }
    locked
        .into_iter()
        .filter(|id| !unlocked.contains(id))
        .filter(|&id| {
            let path = cfg.path(id);
            path.root.kind.is_static_storage() || parameter_of(cfg, path).is_some()
        })
        .collect()
}

/// The state of the forward analysis at one node, one bit per followed lock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct LockState {
    /// Held on every path (its last lock operation locks).
    must_held: u64,
    /// Held on some path.
    may_held: u64,
    /// Released on every path (its last lock operation unlocks).
    must_released: u64,
    /// Released on some path.
    may_released: u64,
    /// Not locked nor unlocked on some path since the entry.
    may_untouched: u64,
    /// Locked before any unlock on some path: the function takes the lock itself rather than
    /// release one its caller holds.
    may_lock_first: u64,
}

impl Default for LockState {
    /// At the entry: nothing held, released or touched.
    fn default() -> Self {
        LockState { must_held: 0, may_held: 0, must_released: 0, may_released: 0, may_untouched: u64::MAX, may_lock_first: 0 }
    }
}

impl LockState {
    fn join(self, o: LockState) -> LockState {
        LockState {
            must_held: self.must_held & o.must_held,
            may_held: self.may_held | o.may_held,
            must_released: self.must_released & o.must_released,
            may_released: self.may_released | o.may_released,
            may_untouched: self.may_untouched | o.may_untouched,
            may_lock_first: self.may_lock_first | o.may_lock_first,
        }
    }

    /// Released, on every path, while held by the caller: an unlock wrapper's effect.
    fn releases_callers(&self, b: u64) -> bool {
        self.must_released & b != 0 && self.may_lock_first & b == 0
    }

    /// Left as the caller had it on every path (not released, not taken for itself).
    fn leaves_callers(&self, b: u64) -> bool {
        self.may_released & b == 0 && self.may_lock_first & b == 0
    }
}

/// What a path knows of the variables tested more than once ([`Correlated`]): each one's
/// index and whether it is non-zero, sorted.
type Facts = Vec<(u8, bool)>;

/// The states of the paths reaching a node, told apart by their [`Facts`] (at most
/// [`MAX_ENTRIES`]; beyond, one state knowing what they all know).
type Entries = Vec<(Facts, LockState)>;

/// At most this many variables are correlated ([`Correlated`]).
const MAX_CORRELATED: usize = 8;
/// At most this many states per node before they are merged into one.
const MAX_ENTRIES: usize = 16;

/// Adds a path's state to `entries`: joined with the state of the paths that know the same,
/// or apart from them (ESP, Das, Lerner and Seigle, PLDI 2002: property states kept apart by
/// the branch facts that decide them).
fn add_entry(entries: &mut Entries, facts: Facts, s: LockState) {
    if let Some(e) = entries.iter_mut().find(|(f, _)| *f == facts) {
        e.1 = e.1.join(s);
        return;
    }
    entries.push((facts, s));
    if entries.len() > MAX_ENTRIES {
        let common: Facts = entries[0].0.iter().filter(|fact| entries.iter().all(|(f, _)| f.contains(fact))).copied().collect();
        let state = entries.iter().map(|(_, s)| *s).reduce(LockState::join).unwrap_or_default();
        *entries = vec![(common, state)];
    }
    entries.sort_by(|a, b| a.0.cmp(&b.0));
}

/// The variables of a function that more than one branch tests (`if (!nolock) lock(..);
/// ... if (!nolock) unlock(..);`, `has_dp = res && res->dp; if (!has_dp) unlock(..); return
/// has_dp ? res->dp : NULL;`): a path that took one test one way takes the others alike
/// until the variable is written. Only locals and parameters whose address is never taken.
struct Correlated {
    /// Per node: the variables it finds zero (`false`) or not (`true`).
    tests: Vec<Vec<(u8, bool)>>,
    /// Per node: the variables it writes, with the value's truth when it is a constant.
    writes: Vec<Vec<(u8, Option<bool>)>>,
}

impl Correlated {
    fn of(cfg: &Cfg) -> Correlated {
        let mut tested: Vec<(PathId, usize)> = Vec::new();
        let mut address_taken: Vec<PathId> = Vec::new();
        for node in &cfg.nodes {
            for p in &node.props {
                let Subject::Path(x) = p.subject else { continue };
                match p.kind {
                    PropKind::NullTest | PropKind::NonNullTest => match tested.iter_mut().find(|(v, _)| *v == x) {
                        Some(t) => t.1 += 1,
                        None => tested.push((x, 1)),
                    },
                    PropKind::AddrTaken => address_taken.push(x),
                    _ => {}
                }
            }
        }
        let vars: Vec<PathId> = tested
            .into_iter()
            .filter(|&(x, count)| {
                let path = cfg.path(x);
                count > 1 && path.steps.is_empty() && path.result_of.is_none() && matches!(path.root.kind, VarKind::Local | VarKind::Param) && !address_taken.contains(&x)
            })
            .map(|(x, _)| x)
            .take(MAX_CORRELATED)
            .collect();
        let index = |x: PathId| vars.iter().position(|&v| v == x).map(|i| i as u8);
        let mut tests = vec![Vec::new(); cfg.nodes.len()];
        let mut writes = vec![Vec::new(); cfg.nodes.len()];
        if vars.is_empty() {
            return Correlated { tests, writes };
        }
        for (n, node) in cfg.nodes.iter().enumerate() {
            for p in &node.props {
                let Subject::Path(x) = p.subject else { continue };
                let Some(i) = index(x) else { continue };
                match p.kind {
                    PropKind::NullTest => tests[n].push((i, false)),
                    PropKind::NonNullTest => tests[n].push((i, true)),
                    PropKind::Def | PropKind::DeclInit => {
                        let zero = node.props.iter().any(|q| q.kind == PropKind::AssignZero && q.subject == p.subject);
                        let constant = node.props.iter().find(|q| q.kind == PropKind::AssignConst && q.subject == p.subject).and_then(|q| q.value);
                        let truth = if zero { Some(false) } else { constant.map(|c| c != 0) };
                        writes[n].push((i, truth));
                    }
                    _ => {}
                }
            }
        }
        Correlated { tests, writes }
    }

    /// Applies node `n`'s tests to a path's facts; false when they contradict them.
    fn test(&self, facts: &mut Facts, n: NodeId) -> bool {
        for &(i, truth) in &self.tests[n.index()] {
            match facts.iter().find(|(v, _)| *v == i) {
                Some(&(_, known)) if known != truth => return false,
                Some(_) => {}
                None => {
                    facts.push((i, truth));
                    facts.sort_unstable();
                }
            }
        }
        true
    }

    /// Applies node `n`'s writes to a path's facts.
    fn write(&self, facts: &mut Facts, n: NodeId) {
        for &(i, truth) in &self.writes[n.index()] {
            facts.retain(|(v, _)| *v != i);
            if let Some(t) = truth {
                facts.push((i, t));
                facts.sort_unstable();
            }
        }
    }
}

/// The locks a function's analysis follows.
struct Locks {
    /// The followed lock paths.
    paths: Vec<PathId>,
    /// The lock propositions of each node, as (is a lock, bit).
    props: Vec<Vec<(bool, u64)>>,
    /// The nodes after which no path goes on (a call whose callee never returns); empty when
    /// not known.
    ends: Vec<bool>,
    /// Per node, the locks that do not exist there: reached through a parameter the function
    /// never changes that the node finds NULL (`if (old_z) lock(&old_z->lock);`: on the
    /// NULL branch there is no `old_z->lock`, and the function holds every lock of `*old_z`
    /// that exists).
    absent: Vec<u64>,
}

impl Locks {
    /// The locks of `cfg` for which `keep` holds (at most [`MAX_LOCKS`]), with each node's
    /// lock and unlock propositions.
    fn of(cfg: &Cfg, f: FnIndex, effects: &CallEffects, keep: impl Fn(&AccessPath) -> bool) -> Locks {
        let mut paths: Vec<PathId> = Vec::new();
        let all: Vec<Vec<(PropKind, PathId)>> = cfg.node_ids().map(|n| lock_props(cfg, f, effects, n)).collect();
        for &(_, id) in all.iter().flatten() {
            if paths.len() < MAX_LOCKS && !paths.contains(&id) && keep(cfg.path(id)) {
                paths.push(id);
            }
        }
        let bit = |id: PathId| paths.iter().position(|&l| l == id).map(|i| 1u64 << i);
        let props = all.iter().map(|ps| ps.iter().filter_map(|&(k, id)| Some((k == PropKind::Lock, bit(id)?))).collect()).collect();
        let absent = absent_locks(cfg, &paths);
        Locks { paths, props, ends: Vec::new(), absent }
    }

    /// The same locks, with the nodes after which no path goes on.
    fn ending_at(self, ends: Vec<bool>) -> Locks {
        Locks { ends, ..self }
    }

    /// The bit of lock `id`, when it is followed.
    fn bit(&self, id: PathId) -> Option<u64> {
        self.paths.iter().position(|&l| l == id).map(|i| 1u64 << i)
    }

    /// The state after each node (`None`: not reached), with the branches that contradict
    /// `flag` (what a parameter is assumed to be) cut, and the lock taken by a library call
    /// whose success a branch contradicts left out on that branch.
    fn analyse(&self, cfg: &Cfg, flag: Option<(PathId, Selected)>) -> Vec<Option<LockState>> {
        self.analyse_both(cfg, flag).1
    }

    /// As [`Locks::analyse`]: the states before and after each node.
    fn analyse_both(&self, cfg: &Cfg, flag: Option<(PathId, Selected)>) -> (Vec<Option<LockState>>, Vec<Option<LockState>>) {
        let preds = cfg.predecessors();
        let failures: Vec<Option<bool>> = cfg.node_ids().map(|n| failure_branch(cfg, n)).collect();
        // A lock that waits is assumed to succeed where the code goes on after its failure as
        // after its success (`if ((e = pthread_mutex_lock(m)) != 0) log(e);`): that failure
        // branch is not taken. One that leaves on failure (`return -1;`) still tells its
        // caller by its result.
        let assumed: Vec<bool> = cfg
            .node_ids()
            .map(|n| {
                failures[n.index()].is_some_and(|on_true| {
                    cfg.node(n).values.iter().any(|v| matches!(v, ValueOp::LibraryCall { assumed: true, .. })) && failure_rejoins(cfg, n, on_true)
                })
            })
            .collect();
        let correlated = Correlated::of(cfg);
        let mut inp: Vec<Entries> = vec![Vec::new(); cfg.nodes.len()];
        let mut out: Vec<Entries> = vec![Vec::new(); cfg.nodes.len()];
        let mut changed = true;
        let mut rounds = 0;
        while changed && rounds < cfg.nodes.len() + 2 {
            changed = false;
            rounds += 1;
            for n in cfg.node_ids() {
                let mut arriving: Entries = Vec::new();
                if n == cfg.entry {
                    arriving.push((Vec::new(), LockState::default()));
                } else {
                    for &p in &preds[n.index()] {
                        if self.ends.get(p.index()).copied().unwrap_or(false) {
                            continue;
                        }
                        let node = cfg.node(p);
                        for e in node.succs.iter().filter(|e| e.target == n && node.edge_feasible(e)) {
                            if flag.is_some_and(|fl| contradicts(cfg, p, e.kind, fl)) {
                                continue;
                            }
                            let failed = matches!((failures[p.index()], e.kind), (Some(true), EdgeKind::True) | (Some(false), EdgeKind::False));
                            if failed && assumed[p.index()] {
                                continue;
                            }
                            if failed {
                                for (facts, s) in &inp[p.index()] {
                                    let mut facts = facts.clone();
                                    correlated.write(&mut facts, p);
                                    arriving.push((facts, self.transfer(*s, p, false)));
                                }
                            } else {
                                arriving.extend(out[p.index()].iter().cloned());
                            }
                        }
                    }
                }
                // Paths whose facts the node's tests contradict do not reach it.
                let mut entering: Entries = Vec::new();
                for (mut facts, s) in arriving {
                    if correlated.test(&mut facts, n) {
                        add_entry(&mut entering, facts, s);
                    }
                }
                if entering.is_empty() {
                    continue;
                }
                let mut leaving: Entries = Vec::new();
                for (facts, s) in &entering {
                    let mut facts = facts.clone();
                    correlated.write(&mut facts, n);
                    add_entry(&mut leaving, facts, self.transfer(*s, n, true));
                }
                inp[n.index()] = entering;
                if out[n.index()] != leaving {
                    out[n.index()] = leaving;
                    changed = true;
                }
            }
        }
        let joined = |entries: &Entries| entries.iter().map(|(_, s)| *s).reduce(LockState::join);
        (inp.iter().map(joined).collect(), out.iter().map(joined).collect())
    }

    /// The state after node `n` from the state `s` before it; `locks`: whether its locks are
    /// taken (not on the branch where the lock call failed). A lock that does not exist after
    /// the node ([`Locks::absent`]) is both held and released on every path through it: it
    /// decides nothing where paths join.
    fn transfer(&self, mut s: LockState, n: NodeId, locks: bool) -> LockState {
        if let Some(&gone) = self.absent.get(n.index()) {
            s.must_held |= gone;
            s.must_released |= gone;
        }
        for &(lock, b) in &self.props[n.index()] {
            if lock {
                if !locks {
                    continue;
                }
                s.may_lock_first |= b & s.may_untouched;
                s.must_held |= b;
                s.may_held |= b;
                s.must_released &= !b;
                s.may_released &= !b;
            } else {
                s.must_held &= !b;
                s.may_held &= !b;
                s.must_released |= b;
                s.may_released |= b;
            }
            s.may_untouched &= !b;
        }
        s
    }
}

/// Per node of `cfg`, the bits of the locks of `paths` reached through a parameter that the
/// node finds NULL (its `null_test_p`) and the function never writes.
fn absent_locks(cfg: &Cfg, paths: &[PathId]) -> Vec<u64> {
    let mut absent = vec![0u64; cfg.nodes.len()];
    // The bits of the locks below each parameter the function never writes, found once.
    let mut below: Vec<(PathId, u64)> = Vec::new();
    for param in cfg.params.iter().flatten().copied() {
        let root = &cfg.path(param).root;
        let bits = paths.iter().enumerate().take(MAX_LOCKS).fold(0u64, |bits, (i, &lock)| {
            let path = cfg.path(lock);
            let inside = &path.root == root && matches!(path.steps.first(), Some(PathStep::Arrow(_) | PathStep::Deref));
            if inside { bits | 1u64 << i } else { bits }
        });
        if bits != 0 && !written(cfg, param) {
            below.push((param, bits));
        }
    }
    if below.is_empty() {
        return absent;
    }
    for (n, node) in cfg.nodes.iter().enumerate() {
        for p in node.props.iter().filter(|p| p.kind == PropKind::NullTest) {
            if let Some(&(_, bits)) = below.iter().find(|(param, _)| p.subject == Subject::Path(*param)) {
                absent[n] |= bits;
            }
        }
    }
    absent
}

/// True when the failure branch of condition node `cond` (its `True` edge when `on_true`)
/// comes back, within a few nodes and before any `return`, to where the success branch goes on.
fn failure_rejoins(cfg: &Cfg, cond: NodeId, on_true: bool) -> bool {
    const MAX_NODES: usize = 32;
    let node = cfg.node(cond);
    let target = |kind: EdgeKind| node.succs.iter().find(|e| e.kind == kind).map(|e| e.target);
    let (fail_kind, ok_kind) = if on_true { (EdgeKind::True, EdgeKind::False) } else { (EdgeKind::False, EdgeKind::True) };
    let (Some(failed), Some(succeeded)) = (target(fail_kind), target(ok_kind)) else { return false };
    let goes_on: Vec<NodeId> = cfg.node(succeeded).succs.iter().map(|e| e.target).collect();
    let mut seen = vec![failed];
    let mut at = 0;
    while at < seen.len() && seen.len() <= MAX_NODES {
        let n = seen[at];
        at += 1;
        if goes_on.contains(&n) {
            return true;
        }
        if n == cfg.exit || cfg.node(n).kind == NodeKind::Return {
            continue;
        }
        for e in &cfg.node(n).succs {
            if !seen.contains(&e.target) {
                seen.push(e.target);
            }
        }
    }
    false
}

/// For a condition node that calls a library function whose effects happen only when it
/// succeeds with 0 (`if (pthread_mutex_lock(&m) < 0)`, `if ((e = pthread_mutex_lock(&m)) != 0)`):
/// the truth value of the condition on the branch where the call failed, when the condition
/// decides it (`Some(true)`: the `True` edge means failure).
fn failure_branch(cfg: &Cfg, n: NodeId) -> Option<bool> {
    let node = cfg.node(n);
    if node.kind != NodeKind::Condition {
        return None;
    }
    let mut known: Vec<(Option<&str>, Option<PathId>, i64)> = Vec::new();
    let mut cond = None;
    for v in &node.values {
        match v {
            ValueOp::LibraryCall { usr, success, .. } => {
                let with = |r: i64| evaluate(success, &[(Some(usr.as_str()), None, r)]);
                // Success exactly when the result is 0.
                if with(0).is_some_and(|v| v != 0) && with(1) == Some(0) && with(-1) == Some(0) {
                    known.push((Some(usr.as_str()), None, 0));
                }
            }
            ValueOp::Assign { target, value } => {
                if let Some(v) = evaluate(value, &known) {
                    known.push((None, Some(*target), v));
                }
            }
            ValueOp::Cond(e) => cond = Some(e),
            _ => {}
        }
    }
    if !known.iter().any(|(usr, _, _)| usr.is_some()) {
        return None;
    }
    // The condition's value when the call succeeded; failure is the other branch.
    evaluate(cond?, &known).map(|v| v == 0)
}

/// The value of `e` given the results of some calls (by USR) and the values of some paths;
/// `None` when it depends on anything else.
fn evaluate(e: &ValExpr, known: &[(Option<&str>, Option<PathId>, i64)]) -> Option<i64> {
    use goanna_cfg::ValBinOp as B;
    match e {
        ValExpr::Const(k) | ValExpr::MacroConst(k) => Some(*k),
        ValExpr::Path(p) => known.iter().rev().find(|(_, q, _)| *q == Some(*p)).map(|&(_, _, v)| v),
        ValExpr::Call(usr) => known.iter().rev().find(|(u, _, _)| *u == Some(usr.as_str())).map(|&(_, _, v)| v),
        ValExpr::Cast(_, inner) => evaluate(inner, known),
        ValExpr::Unary(op, _, inner) => {
            let v = evaluate(inner, known)?;
            Some(match op {
                ValUnOp::Neg => v.checked_neg()?,
                ValUnOp::Not => i64::from(v == 0),
                ValUnOp::BitNot => !v,
            })
        }
        ValExpr::Binary { op, lhs, rhs, .. } => {
            let (a, b) = (evaluate(lhs, known)?, evaluate(rhs, known)?);
            Some(match op {
                B::Lt => i64::from(a < b),
                B::Le => i64::from(a <= b),
                B::Gt => i64::from(a > b),
                B::Ge => i64::from(a >= b),
                B::Eq => i64::from(a == b),
                B::Ne => i64::from(a != b),
                B::Add => a.checked_add(b)?,
                B::Sub => a.checked_sub(b)?,
                B::BitAnd => a & b,
                B::BitOr => a | b,
                _ => return None,
            })
        }
        _ => None,
    }
}

/// The locks reached through a parameter that `cfg` holds on every path that returns without
/// having released them since (`Lock`), and those it releases, held by its caller, on every
/// such path (`Unlock`); then the same under each value of a flag parameter and at the
/// `return`s of some constants, where they differ.
/// Paths end at calls whose callee never returns (`behaviours`): a wrapper that calls a panic
/// handler when the lock call fails returns holding the lock.
fn lock_summary(program: &Program<'_>, behaviours: &[super::behaviour::Behaviour], f: FnIndex, effects: &CallEffects, passed: &Passed, unnamed: &UnnamedLocks) -> Vec<LockEffect> {
    let cfg = program.cfg(f);
    let copies = stable_copies(cfg);
    let locks = Locks::of(cfg, f, effects, |p| parameter_steps(cfg, &copies, p, None).is_some());
    if locks.paths.is_empty() {
        return Vec::new();
    }
    let ends = cfg.node_ids().map(|n| super::behaviour::call_behaviour(program, f, n, behaviours).is_some_and(|b| !b.may_return)).collect();
    let locks = locks.ending_at(ends);
    let mut summary: Vec<LockEffect> = Vec::new();
    let at = SummaryContext { cfg, f, copies: &copies, locks: &locks, unnamed };
    let plain = locks.analyse(cfg, None);
    let told = told_outcomes(cfg, &locks);
    let always = exit_effects(cfg, &locks, &plain, &told);
    let when = |flag, result| When { flag, result };
    for (kind, i) in &always {
        summary.push(effect(&at, *kind, *i, when(None, None)));
    }
    let conditional = |flag: Option<(usize, Selected)>, states: &[Option<LockState>], summary: &mut Vec<LockEffect>| {
        let at_exit = exit_effects(cfg, &locks, states, &told);
        for (kind, i) in &at_exit {
            if !always.contains(&(*kind, *i)) {
                summary.push(effect(&at, *kind, *i, when(flag, None)));
            }
        }
        for (kind, i, values) in result_effects(cfg, &locks, states, &told) {
            if !at_exit.contains(&(kind, i)) {
                summary.push(effect(&at, kind, i, when(flag, Some(values))));
            }
        }
    };
    conditional(None, &plain, &mut summary);
    for (index, param) in flag_parameters(cfg) {
        for selected in [Selected::NonZero, Selected::Zero] {
            let states = locks.analyse(cfg, Some((param, selected)));
            conditional(Some((index, selected)), &states, &mut summary);
        }
    }
    for (index, param, values) in selector_parameters(cfg, passed) {
        for v in values {
            let states = locks.analyse(cfg, Some((param, Selected::Is(v))));
            conditional(Some((index, Selected::Is(v))), &states, &mut summary);
        }
    }
    summary
}

/// The effect on lock number `i` of `locks`, with the steps of the lock it stands for when
/// `f` does not name that lock itself ([`note_unnamed`]).
fn effect(at: &SummaryContext<'_>, kind: PropKind, i: usize, when: When) -> LockEffect {
    let SummaryContext { cfg, f, copies, locks, unnamed } = *at;
    let id = locks.paths[i];
    let own = match unnamed.get(&(f, id)) {
        Some(Some(steps)) => Some(&steps[..]),
        _ => None,
    };
    let (param, steps) = parameter_steps(cfg, copies, cfg.path(id), own).unwrap_or_else(|| (0, cfg.path(id).steps.clone()));
    LockEffect { kind, lock: id, param, steps, when }
}

/// What [`effect`] needs of the function summarised: its graph and index, its stable copies
/// ([`stable_copies`]), the locks followed and the unnamed locks of the program.
#[derive(Clone, Copy)]
struct SummaryContext<'a> {
    cfg: &'a Cfg,
    f: FnIndex,
    copies: &'a [(PathId, PathId)],
    locks: &'a Locks,
    unnamed: &'a UnnamedLocks,
}

/// For each function and path of it that stands for a callee's lock the function does not
/// name (`x` for the `x->lock` that `start_transfer(x)` releases): the steps from the path's
/// root to that lock, or `None` when it stands for locks at different steps.
type UnnamedLocks = FxHashMap<(FnIndex, PathId), Option<Vec<PathStep>>>;

/// Notes that `path`, the caller's path for `effect` of a callee at one of `f`'s calls, stands
/// for a lock `f` does not name, when it does: so that `f`'s own summary hands the whole lock
/// on to its callers (`start_probe(x)` releases `x->lock` through `start_transfer(x)`, and its
/// caller, which names `x->lock`, pairs that release with its own lock). A path `f` locks or
/// unlocks itself is the lock it names.
fn note_unnamed(unnamed: &mut UnnamedLocks, cfg: &Cfg, f: FnIndex, path: PathId, args: &[Option<PathId>], address_args: &[Option<PathId>], effect: &LockEffect) {
    let Some((base, wanted)) = argument_steps(cfg, args, address_args, effect.param, &effect.steps) else { return };
    if base != path || cfg.path(path).steps == wanted {
        return;
    }
    let entry = unnamed.entry((f, path)).or_insert_with(|| {
        let own = cfg.nodes.iter().flat_map(|n| &n.props).any(|p| matches!(p.kind, PropKind::Lock | PropKind::Unlock) && p.subject == Subject::Path(path));
        (!own).then(|| wanted.clone())
    });
    if entry.as_ref().is_some_and(|steps| *steps != wanted) {
        *entry = None;
    }
}

/// A `return` whose value says whether a library lock call just before it succeeded (`int
/// locked = pthread_mutex_trylock(m) == 0; return locked;`, `return !pthread_mutex_trylock(m);`).
struct ToldOutcome {
    /// The `return` node.
    ret: NodeId,
    /// The locks the call takes when it succeeds (bits of [`Locks`]).
    bits: u64,
    /// The value returned when the call succeeded, and when it failed.
    locked: i64,
    failed: i64,
}

/// Most nodes between a lock call and the `return` that tells its outcome.
const MAX_TOLD_DISTANCE: usize = 8;

/// The `return`s of `cfg` whose value tells whether a library lock call succeeded: the call
/// comes before the `return` on a straight line that nothing else locks or unlocks on, and
/// the value returned is a different constant when the call succeeded and when it failed.
fn told_outcomes(cfg: &Cfg, locks: &Locks) -> Vec<ToldOutcome> {
    let preds = cfg.predecessors();
    let mut out = Vec::new();
    for &ret in &preds[cfg.exit.index()] {
        if cfg.node(ret).kind != NodeKind::Return || cfg.node(ret).values.iter().any(|v| matches!(v, ValueOp::Return(e) if e.constant().is_some())) {
            continue;
        }
        // Back along the straight line to the lock call.
        let mut chain = vec![ret];
        let mut n = ret;
        let call = loop {
            let lock_bits = locks.props[n.index()].iter().fold(0u64, |m, &(lock, b)| if lock { m | b } else { m });
            let unlocks = locks.props[n.index()].iter().any(|&(lock, _)| !lock);
            if unlocks || (lock_bits != 0 && !cfg.node(n).values.iter().any(|v| matches!(v, ValueOp::LibraryCall { .. }))) {
                break None;
            }
            if lock_bits != 0 {
                break Some((n, lock_bits));
            }
            let [p] = preds[n.index()][..] else { break None };
            if cfg.node(p).succs.len() != 1 || chain.len() > MAX_TOLD_DISTANCE {
                break None;
            }
            n = p;
            chain.push(n);
        };
        let Some((call, bits)) = call else { continue };
        let Some((usr, success)) = cfg.node(call).values.iter().find_map(|v| match v {
            ValueOp::LibraryCall { usr, success, .. } => Some((usr.as_str(), success)),
            _ => None,
        }) else {
            continue;
        };
        // The value returned after a result of the call that means success, or failure.
        let returned = |succeeded: bool| -> Option<i64> {
            let r = [0, 1, -1, 16].into_iter().find(|&r| evaluate(success, &[(Some(usr), None, r)]).is_some_and(|v| (v != 0) == succeeded))?;
            let mut known: Vec<(Option<&str>, Option<PathId>, i64)> = vec![(Some(usr), None, r)];
            for &m in chain.iter().rev() {
                for v in &cfg.node(m).values {
                    match v {
                        ValueOp::Assign { target, value } => match evaluate(value, &known) {
                            Some(x) => known.push((None, Some(*target), x)),
                            None => known.retain(|(_, q, _)| *q != Some(*target)),
                        },
                        ValueOp::Return(e) => return evaluate(e, &known),
                        _ => {}
                    }
                }
            }
            None
        };
        if let (Some(locked), Some(failed)) = (returned(true), returned(false)) {
            if locked != failed {
                out.push(ToldOutcome { ret, bits, locked, failed });
            }
        }
    }
    out
}

/// The effects that hold at the exit: (kind, lock number). A lock some `return` says was not
/// taken ([`told_outcomes`]) is not held at every exit; one every path released before taking
/// it back is the caller's own, no effect.
fn exit_effects(cfg: &Cfg, locks: &Locks, states: &[Option<LockState>], told: &[ToldOutcome]) -> Vec<(PropKind, usize)> {
    let Some(s) = states[cfg.exit.index()] else { return Vec::new() };
    (0..locks.paths.len())
        .filter_map(|i| {
            let b = 1u64 << i;
            if s.must_held & b != 0 && told.iter().any(|t| t.bits & b != 0) {
                None
            } else if s.must_held & b != 0 && s.may_lock_first & b == 0 {
                // Released and taken back on every path (`unlock(&x->lock); slow(); lock(&x->lock);`):
                // the caller's lock, held again as the caller had it.
                None
            } else if s.must_held & b != 0 {
                Some((PropKind::Lock, i))
            } else if s.releases_callers(b) {
                Some((PropKind::Unlock, i))
            } else {
                None
            }
        })
        .collect()
}

/// When every path to the exit comes from a `return`: the effects that hold at the `return`s
/// of some constants and not at the others, with those constants, the constants of the others
/// and whether all the others return constants. A `return` that tells whether a lock call
/// succeeded ([`told_outcomes`]) returns one constant holding the lock and another without.
fn result_effects(cfg: &Cfg, locks: &Locks, states: &[Option<LockState>], told: &[ToldOutcome]) -> Vec<(PropKind, usize, (Vec<i64>, Vec<i64>, bool))> {
    let preds = cfg.predecessors();
    // Each return's state and value (`None`: not a constant).
    let mut returns: Vec<(LockState, Option<i64>)> = Vec::new();
    for &p in &preds[cfg.exit.index()] {
        let Some(s) = states[p.index()] else { continue };
        let node = cfg.node(p);
        if node.kind != NodeKind::Return {
            return Vec::new();
        }
        if let Some(t) = told.iter().find(|t| t.ret == p) {
            returns.push((s, Some(t.locked)));
            let without = LockState { must_held: s.must_held & !t.bits, may_held: s.may_held & !t.bits, ..s };
            returns.push((without, Some(t.failed)));
            continue;
        }
        let value = node.values.iter().find_map(|v| match v {
            ValueOp::Return(e) => Some(e.constant()),
            _ => None,
        });
        let Some(k) = value else { return Vec::new() };
        returns.push((s, k));
    }
    let mut found = Vec::new();
    for i in 0..locks.paths.len() {
        let b = 1u64 << i;
        // Held at some returns, all of constants, and free at all others; or released at
        // some and held (not released) at all others. The others may return any value
        // (`return error;`): a caller's branch that admits only the first constants is taken
        // as the one where the effect happened.
        let split = |has: &dyn Fn(&LockState) -> bool, lacks: &dyn Fn(&LockState) -> bool| {
            let with: Option<Vec<i64>> = returns.iter().filter(|(s, _)| has(s)).map(|&(_, k)| k).collect();
            let others = returns.iter().filter(|(s, _)| !has(s)).count();
            let without: Vec<i64> = returns.iter().filter(|(s, _)| !has(s)).filter_map(|&(_, k)| k).collect();
            let with = with?;
            let clean = returns.iter().all(|(s, _)| has(s) || lacks(s));
            let decisive = !with.is_empty() && others > 0 && with.iter().all(|k| !without.contains(k));
            let exact = without.len() == others;
            (clean && decisive).then_some((with, without, exact))
        };
        // Held at a return for the caller only when taken there, not released and taken back
        // (`unlock(&tp->lock); ...; lock(&tp->lock); return 1;` leaves the caller's lock).
        if let Some(values) = split(&|s| s.must_held & b != 0 && s.may_lock_first & b != 0, &|s| s.may_held & b == 0) {
            found.push((PropKind::Lock, i, values));
        } else if let Some(values) = split(&|s| s.releases_callers(b), &|s| s.leaves_callers(b)) {
            found.push((PropKind::Unlock, i, values));
        }
    }
    found
}

/// The branch nodes after the conditions of `cfg` that test the result of call node `call`
/// on which the result can only be one of `with` (not one of `without`); `None` when no
/// condition tests it. With `positive`, the other results may be any value: only branches
/// that admit no result below 1 count, for positive `with` (error codes are not positive).
fn branches_admitting(cfg: &Cfg, call: NodeId, with: &[i64], without: &[i64], positive: bool) -> Option<Vec<NodeId>> {
    if positive && with.iter().any(|&k| k < 1) {
        return Some(Vec::new());
    }
    let mut targets = Vec::new();
    let mut tested = false;
    for node in &cfg.nodes {
        let Some(StatusUse::Test { call: c, op, value }) = &node.status else { continue };
        if *c != call {
            continue;
        }
        tested = true;
        for edge in &node.succs {
            let taken = match edge.kind {
                EdgeKind::True => true,
                EdgeKind::False => false,
                _ => continue,
            };
            let Some(admits) = relation(*op, *value, taken) else { continue };
            if positive && [0, -1, i64::MIN, *value, value.saturating_sub(1), value.saturating_add(1)].into_iter().any(|r| r < 1 && admits(r)) {
                continue;
            }
            if with.iter().any(|&k| admits(k)) && !without.iter().any(|&k| admits(k)) {
                targets.push(edge.target);
            }
        }
    }
    tested.then_some(targets)
}

/// The test `result op value` on its `taken` edge, as a predicate on the result.
fn relation(op: BinaryOp, value: i64, taken: bool) -> Option<impl Fn(i64) -> bool> {
    let holds = move |r: i64| match op {
        BinaryOp::Eq => Some(r == value),
        BinaryOp::Ne => Some(r != value),
        BinaryOp::Lt => Some(r < value),
        BinaryOp::Le => Some(r <= value),
        BinaryOp::Gt => Some(r > value),
        BinaryOp::Ge => Some(r >= value),
        _ => None,
    };
    holds(0)?;
    Some(move |r: i64| holds(r) == Some(taken))
}


/// The integer parameters that some condition tests as a truth value and that the function
/// never writes nor takes the address of: (index, path), at most [`MAX_FLAGS`].
fn flag_parameters(cfg: &Cfg) -> Vec<(usize, PathId)> {
    let mut flags = Vec::new();
    for (index, param) in cfg.params.iter().enumerate() {
        let Some(param) = *param else { continue };
        if flags.len() >= MAX_FLAGS || cfg.path(param).class != goanna_ast::TypeClass::Integer {
            continue;
        }
        let written = cfg.nodes.iter().any(|n| {
            n.props.iter().any(|p| p.subject == Subject::Path(param) && matches!(p.kind, PropKind::Def | PropKind::AddrTaken))
                || n.values.iter().any(|v| matches!(v, ValueOp::Assign { target, .. } if *target == param))
        });
        let tested = cfg.nodes.iter().any(|n| {
            n.values.iter().any(|v| matches!(v, ValueOp::Cond(e) if truth(e, (param, true)).is_some()))
        });
        if tested && !written {
            flags.push((index, param));
        }
    }
    flags
}

/// The constants the program's calls pass for each function's integer parameters: for each
/// function, (parameter index, the constants passed, whether every call passes one), for the
/// parameters some call passes a constant for.
type Passed = Vec<(usize, Vec<i64>, bool)>;

/// [`Passed`] of every function of the program; a function whose address is taken may be
/// called with any value.
fn passed_constants(program: &Program<'_>) -> Vec<Passed> {
    let mut passed: Vec<Passed> = vec![Vec::new(); program.functions.len()];
    // For each callee: per parameter, the constants and whether some call passed another value.
    let mut seen: Vec<Vec<(Vec<i64>, bool)>> = vec![Vec::new(); program.functions.len()];
    for f in 0..program.functions.len() as FnIndex {
        let cfg = program.cfg(f);
        for &(node, g) in &program.calls[f as usize] {
            let NodeKind::Call(site) = &cfg.node(node).kind else { continue };
            let params = program.cfg(g).params.len();
            let slots = &mut seen[g as usize];
            if slots.len() < params {
                slots.resize(params, (Vec::new(), false));
            }
            for (i, slot) in slots.iter_mut().enumerate() {
                match site.int_arg(i) {
                    Some(v) if !slot.0.contains(&v) => slot.0.push(v),
                    Some(_) => {}
                    None => slot.1 = true,
                }
            }
        }
    }
    for (g, slots) in seen.into_iter().enumerate() {
        let open = program.address_taken.get(g).copied().unwrap_or(true);
        for (i, (mut values, other)) in slots.into_iter().enumerate() {
            if !values.is_empty() {
                values.sort_unstable();
                passed[g].push((i, values, !other && !open));
            }
        }
    }
    passed
}

/// The integer parameters that the function never writes nor takes the address of and that
/// some condition tests, compares with a constant or switches on (`switch (type)`), with the
/// constants the program's calls pass for them (at most [`MAX_SELECTED`]; a parameter passed
/// more is left out): (index, path, constants).
fn selector_parameters(cfg: &Cfg, passed: &Passed) -> Vec<(usize, PathId, Vec<i64>)> {
    let mut selectors = Vec::new();
    for (index, values, _) in passed {
        let Some(Some(param)) = cfg.params.get(*index) else { continue };
        let param = *param;
        if values.len() > MAX_SELECTED || cfg.path(param).class != goanna_ast::TypeClass::Integer || written(cfg, param) {
            continue;
        }
        // Some condition whose value the parameter decides.
        let decides = cfg.nodes.iter().any(|n| n.values.iter().any(|v| matches!(v, ValueOp::Cond(e) if evaluate(e, &[(None, Some(param), values[0])]).is_some())));
        if decides {
            selectors.push((*index, param, values.clone()));
        }
    }
    selectors
}

/// True when the function writes parameter `param` or takes its address.
fn written(cfg: &Cfg, param: PathId) -> bool {
    cfg.nodes.iter().any(|n| {
        n.props.iter().any(|p| p.subject == Subject::Path(param) && matches!(p.kind, PropKind::Def | PropKind::AddrTaken))
            || n.values.iter().any(|v| matches!(v, ValueOp::Assign { target, .. } if *target == param))
    })
}

/// True when the edge of kind `kind` out of condition node `n` cannot be taken if parameter
/// `flag.0` is as `flag.1` says (a `case` of another value, the `default` of a `switch` with a
/// `case` of the value, a branch the value decides).
fn contradicts(cfg: &Cfg, n: NodeId, kind: EdgeKind, flag: (PathId, Selected)) -> bool {
    let node = cfg.node(n);
    let Some(cond) = node.values.iter().find_map(|v| match v {
        ValueOp::Cond(e) => Some(e),
        _ => None,
    }) else {
        return false;
    };
    let truth = match flag.1 {
        Selected::NonZero => truth(cond, (flag.0, true)),
        Selected::Zero => truth(cond, (flag.0, false)),
        Selected::Is(k) => {
            let Some(value) = evaluate(cond, &[(None, Some(flag.0), k)]) else { return false };
            return match kind {
                EdgeKind::Case(v) => v != i64::MIN && v != value,
                EdgeKind::Default => node.succs.iter().any(|e| e.kind == EdgeKind::Case(value)),
                EdgeKind::True => value == 0,
                EdgeKind::False => value != 0,
                EdgeKind::Normal | EdgeKind::Back => false,
            };
        }
    };
    match (truth, kind) {
        (Some(t), EdgeKind::True) => !t,
        (Some(t), EdgeKind::False) => t,
        _ => false,
    }
}

/// The truth value of condition `e` when parameter `flag.0` is non-zero (`flag.1`) or zero,
/// if that decides it (`locked`, `!locked`, `locked != 0`, `locked == 0`).
fn truth(e: &ValExpr, flag: (PathId, bool)) -> Option<bool> {
    match e {
        ValExpr::Path(p) if *p == flag.0 => Some(flag.1),
        ValExpr::Cast(_, inner) => truth(inner, flag),
        ValExpr::Unary(ValUnOp::Not, _, inner) => truth(inner, flag).map(|t| !t),
        ValExpr::Binary { op, lhs, rhs, .. } if matches!(op, goanna_cfg::ValBinOp::Eq | goanna_cfg::ValBinOp::Ne) => {
            let t = match (lhs.constant(), rhs.constant()) {
                (_, Some(0)) => truth(lhs, flag)?,
                (Some(0), _) => truth(rhs, flag)?,
                _ => return None,
            };
            Some(if *op == goanna_cfg::ValBinOp::Eq { !t } else { t })
        }
        _ => None,
    }
}

/// The index of the parameter a path starts from, if it does.
fn parameter_of(cfg: &Cfg, path: &AccessPath) -> Option<usize> {
    if path.root.kind != VarKind::Param || path.result_of.is_some() {
        return None;
    }
    cfg.params.iter().position(|p| p.is_some_and(|p| {
        let q = cfg.path(p);
        q.root == path.root && q.steps.is_empty()
    }))
}
