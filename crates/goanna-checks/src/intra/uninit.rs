//! Reads of uninitialised storage on every path: `SPC-uninit-var-all` (scalar locals),
//! `SPC-uninit-arr-all` (local arrays), `SPC-uninit-struct-field` (members of local
//! structures) and `SPC-uninit-heap-all` (memory from `malloc` and the like).
//!
//! A forward *must* analysis: an object is in the set at a point when every path from the
//! entry to that point creates it without a value (a declaration without initialiser, an
//! allocation whose contents are undefined) and then does not write it. Joins intersect.
//! Reads of an object in the set are reported, unless every path to the read has read it
//! already (a second must-set), so one mistake is reported once, not at every later use, and
//! a read inside a loop is still reported when the loop comes back to it.
//!
//! What writes what:
//! - a variable, array or member: `def`, `decl_init` or `addr_taken` of it or of a path it is
//!   part of (`s = t` and `memset(&s, ..)` write every member); members of unions are not
//!   tracked (writing one member gives the others a value);
//! - an element of an array at a constant index (`a[2] = v`) writes that element only: a read
//!   at another constant index is still a read of nothing written, as long as every write
//!   since the declaration was at a constant index (below 64); a read at an unknown index is
//!   reported only when no element was written;
//! - heap memory reached through pointer `p`: `store_p` (a write through `p`, a copy of `p`,
//!   `p` passed to a function that may write), a new value of `p`, `&p`, `free_p`, `escape_p`.
//!
//! Callees: a function's certain reads of what its caller provides — `*p` (or `p[k]`) of a
//! pointer parameter, `s.f` of a structure passed by value — before it writes them are found
//! by the same analysis run on the callee with those objects created at its entry
//! ([`caller_reads`]); at a call that passes an object certainly without a value there, the
//! read is reported where the callee makes it, with the path through the call.
//!
//! One level of aliasing is followed for `q = &x`: reading `*q` while `x` has no value reads
//! `x`; any other use of `q` (a write through it, passing it on) counts as a write of `x`.
//! Aliases are must-information too: `q` points to `x` after a join only if it does on every
//! incoming path.

use goanna_mc::{Cancelled, Deadline, Poll};
use super::finding;
use crate::{CheckSpec, Finding, Location, PathStep, UnitContext};
use goanna_ast::{Span, TypeClass, VarKind};
use goanna_cfg::{Cfg, NodeId, NodeKind, PathId, PropKind, Subject};
use std::collections::{HashMap, VecDeque};

/// A fixed-size bit set over the tracked objects.
#[derive(Clone, PartialEq, Eq)]
struct Bits(Vec<u64>);

impl Bits {
    fn empty(len: usize) -> Self {
        Bits(vec![0; len.div_ceil(64)])
    }
    fn full(len: usize) -> Self {
        let mut bits = Bits(vec![u64::MAX; len.div_ceil(64)]);
        if !len.is_multiple_of(64) {
            if let Some(last) = bits.0.last_mut() {
                *last = (1u64 << (len % 64)) - 1;
            }
        }
        bits
    }
    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    fn intersect_with(&mut self, other: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= *b;
        }
    }
}

/// The checks of this module that are enabled (a disabled one tracks nothing).
#[derive(Clone, Copy, Default)]
pub struct UninitSpecs<'a> {
    /// `SPC-uninit-var-all`
    pub var: Option<&'a CheckSpec>,
    /// `SPC-uninit-arr-all`
    pub arr: Option<&'a CheckSpec>,
    /// `SPC-uninit-struct-field`
    pub field: Option<&'a CheckSpec>,
    /// `SPC-uninit-heap-all`
    pub heap: Option<&'a CheckSpec>,
}

impl UninitSpecs<'_> {
    fn any(&self) -> bool {
        self.var.is_some() || self.arr.is_some() || self.field.is_some() || self.heap.is_some()
    }
}

/// What kind of object a tracked item is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    /// A scalar local (integer, floating, pointer).
    Var,
    /// A local array (all its elements together).
    Array,
    /// A scalar or array member of a local structure (`s.f`, `s.in.g`).
    Field,
    /// The heap block a local pointer variable points to.
    Heap,
    /// A local structure as a whole (written only by writes of all of it), to answer for the
    /// members a callee reads.
    Record,
    /// What a pointer parameter points to (callee mode).
    Pointee,
    /// A member of a structure parameter (callee mode).
    ParamField,
}

impl Kind {
    /// Objects read through a pointer (`load`), written by `store`.
    fn behind_pointer(self) -> bool {
        matches!(self, Kind::Heap | Kind::Pointee)
    }
}

/// One tracked object.
struct Item {
    path: PathId,
    kind: Kind,
    /// The parameter it belongs to (callee mode).
    param: usize,
}

/// A read a function makes of storage its caller provides, before writing it, on every path
/// to the read: `*p` (`p[k]`) of pointer parameter `param` (empty `steps`), or member `steps`
/// of a structure passed by value.
#[derive(Clone, Debug)]
pub struct CallerRead {
    /// Index of the parameter.
    pub param: usize,
    /// The member steps (`.f`) for a structure parameter; empty for a pointer's target.
    pub steps: Vec<goanna_cfg::PathStep>,
    /// The constant element index, when there is one.
    pub index: Option<i64>,
    /// Where the read is (in the callee).
    pub location: Location,
    /// The callee's graph node that reads.
    pub node: NodeId,
    /// The expression read, as the callee writes it (`*pp`, `s1.uninit`).
    pub text: String,
}

/// What a call node's callee does to the storage its caller passes it.
#[derive(Clone, Debug, Default)]
pub struct CalleeEffects {
    /// Certain reads.
    pub reads: Vec<RemoteRead>,
    /// Storage the callee writes only at constant element indices (a may-set, as a mask of
    /// indices below 64): `(path passed, passed as `&path`, mask)`.
    pub writes: Vec<(PathId, bool, u64)>,
    /// Pointers passed to parameters the callee only takes the address of
    /// ([`address_only_params`]): passed as pointers to const, they are not read through.
    pub address_only: Vec<PathId>,
}

/// For each parameter of `cfg`'s function: true when it is a pointer whose value the function
/// only uses as an address (`((size_t)ptr & (align - 1)) == 0`, a NULL test): it never reads or
/// writes through it, copies it, or hands it to a call.
pub fn address_only_params(cfg: &Cfg) -> Vec<bool> {
    let roots = roots(cfg);
    cfg.params
        .iter()
        .map(|param| {
            let Some(pid) = *param else { return false };
            if cfg.path(pid).class != TypeClass::Pointer {
                return false;
            }
            cfg.nodes.iter().all(|node| {
                let mentioned = node.props.iter().any(|p| matches!(p.subject, Subject::Path(x) if roots[x.0 as usize] == pid));
                if !mentioned {
                    return true;
                }
                let passed = match &node.kind {
                    NodeKind::Call(site) => site.args.iter().chain(&site.address_args).any(|a| a.is_some_and(|a| roots[a.0 as usize] == pid)),
                    _ => false,
                };
                let library_call = node.props.iter().any(|p| p.kind == PropKind::Call);
                let only_address = node.props.iter().all(|p| match p.subject {
                    Subject::Path(x) if roots[x.0 as usize] == pid => {
                        x == pid && matches!(p.kind, PropKind::Use | PropKind::Mention | PropKind::NullTest | PropKind::NonNullTest)
                    }
                    _ => true,
                });
                only_address && !passed && !library_call
            })
        })
        .collect()
}

/// For each parameter of `cfg`'s function: when it is a pointer through which the function
/// writes nothing but elements at constant indices (below 64) and which it uses for nothing
/// but dereferences, the mask of those indices (may be empty); otherwise `None`.
pub fn caller_writes(cfg: &Cfg) -> Vec<Option<u64>> {
    let roots = roots(cfg);
    cfg.params
        .iter()
        .map(|param| {
            let pid = (*param)?;
            if cfg.path(pid).class != TypeClass::Pointer {
                return None;
            }
            let mut mask = 0u64;
            for node in &cfg.nodes {
                let mine = |p: &goanna_cfg::Prop| matches!(p.subject, Subject::Path(x) if roots[x.0 as usize] == pid);
                let on_p = |p: &goanna_cfg::Prop, k: PropKind| p.kind == k && p.subject == Subject::Path(pid);
                let used = node.props.iter().any(|p| on_p(p, PropKind::Use));
                let derefed = node.props.iter().any(|p| on_p(p, PropKind::Deref));
                if used && !derefed {
                    return None;
                }
                for p in node.props.iter().filter(|p| mine(p)) {
                    let own = p.subject == Subject::Path(pid);
                    match p.kind {
                        PropKind::Store if own => match p.value {
                            Some(k) if (0..64).contains(&k) => mask |= 1u64 << k,
                            _ => return None,
                        },
                        PropKind::Use | PropKind::Deref | PropKind::Load | PropKind::Mention => {}
                        PropKind::Def | PropKind::AssignConst | PropKind::AssignZero | PropKind::AssignNull if !own => {}
                        _ => return None,
                    }
                }
            }
            Some(mask)
        })
        .collect()
}

/// A callee's read mapped to a call: what of the caller's storage it reads.
#[derive(Clone, Debug)]
pub struct RemoteRead {
    /// The caller's path passed: `x` of `&x` when `address`, else the argument (`a`, `p`, `s`).
    pub target: PathId,
    /// The argument was `&target`.
    pub address: bool,
    /// Member steps below `target` (a structure passed by value).
    pub steps: Vec<goanna_cfg::PathStep>,
    /// The constant element index, when there is one.
    pub index: Option<i64>,
    /// The callee.
    pub callee: String,
    /// Where the callee reads, and what.
    pub location: Location,
    /// The expression read in the callee.
    pub text: String,
}

/// Effects of one node on the tracked objects.
#[derive(Default)]
struct Effects {
    /// Objects created without a value.
    created: Vec<usize>,
    /// Objects written.
    written: Vec<usize>,
    /// Elements of arrays written at a constant index.
    written_at: Vec<(usize, i64)>,
    /// Objects read (with where, the constant index for an array element, and the callee's
    /// read in `remote` when the read is made by a callee).
    read: Vec<(usize, Span, Option<i64>, Option<usize>)>,
    /// Reads made by the callee of a call node.
    remote: Vec<RemoteRead>,
    /// Objects written while the call's arguments are evaluated, by library calls among them
    /// (`f(buf, snprintf(buf, ..))`): written before the callee reads.
    written_by_arguments: Vec<usize>,
    /// Alias slots whose pointer gets a new value.
    alias_reset: Vec<usize>,
    /// `q = &x`: slot of `q`, item of `x`.
    alias_set: Option<(usize, usize)>,
    /// Slots whose pointer is dereferenced for a read (`*q`, `q[i]`).
    alias_load: Vec<(usize, Span)>,
    /// Slots whose pointer is used in any other way (the object may be written through it).
    alias_other: Vec<usize>,
}

/// The tracked objects of one function.
struct Tracking {
    items: Vec<Item>,
    /// Local pointer variables that may alias a tracked object, by path.
    slots: HashMap<PathId, usize>,
}

fn is_scalar(class: TypeClass) -> bool {
    matches!(class, TypeClass::Integer | TypeClass::Floating | TypeClass::Pointer)
}

/// The root variable's path of every path (paths are interned root first).
fn roots(cfg: &Cfg) -> Vec<PathId> {
    let mut by_var: HashMap<&goanna_cfg::VarRef, PathId> = HashMap::new();
    for (i, path) in cfg.paths.iter().enumerate() {
        if path.is_variable() {
            by_var.entry(&path.root).or_insert(PathId(i as u32));
        }
    }
    cfg.paths.iter().enumerate().map(|(i, p)| by_var.get(&p.root).copied().unwrap_or(PathId(i as u32))).collect()
}

/// The parameters' objects a callee may read from its caller (callee mode).
fn tracked_params(cfg: &Cfg) -> Tracking {
    let mut items = Vec::new();
    for (i, param) in cfg.params.iter().enumerate() {
        let Some(pid) = *param else { continue };
        let root = cfg.path(pid);
        if root.root.type_spelling.contains("volatile") {
            continue;
        }
        if root.class == TypeClass::Pointer {
            items.push(Item { path: pid, kind: Kind::Pointee, param: i });
        } else if root.class == TypeClass::Record {
            for (j, path) in cfg.paths.iter().enumerate() {
                if path.root == root.root
                    && !path.is_variable()
                    && !path.in_union
                    && path.steps.iter().all(|s| matches!(s, goanna_cfg::PathStep::Field(_)))
                    && (is_scalar(path.class) || path.class == TypeClass::Array)
                {
                    items.push(Item { path: PathId(j as u32), kind: Kind::ParamField, param: i });
                }
            }
        }
    }
    let mut slots = HashMap::new();
    for (i, path) in cfg.paths.iter().enumerate() {
        if path.is_variable() && path.root.kind == VarKind::Local && path.class == TypeClass::Pointer {
            slots.insert(PathId(i as u32), slots.len());
        }
    }
    Tracking { items, slots }
}

fn tracked(cfg: &Cfg, specs: &UninitSpecs<'_>, extra: &dyn Fn(NodeId) -> Vec<(PropKind, PathId)>) -> Tracking {
    let mut items = Vec::new();
    let mut allocated = vec![false; cfg.paths.len()];
    for n in cfg.node_ids() {
        let own = cfg.node(n).props.iter().filter_map(|p| match p.subject {
            Subject::Path(path) => Some((p.kind, path)),
            _ => None,
        });
        for (kind, p) in own.chain(extra(n)) {
            if let (PropKind::Alloc, Some(slot)) = (kind, allocated.get_mut(p.0 as usize)) {
                *slot = true;
            }
        }
    }
    let mut slots = HashMap::new();
    for (i, path) in cfg.paths.iter().enumerate() {
        let id = PathId(i as u32);
        // Volatile objects may be written behind the compiler's back.
        if path.root.kind != VarKind::Local || path.root.type_spelling.contains("volatile") {
            continue;
        }
        if path.is_variable() {
            if path.class == TypeClass::Pointer {
                slots.insert(id, slots.len());
            }
            if is_scalar(path.class) && specs.var.is_some() {
                items.push(Item { path: id, kind: Kind::Var, param: 0 });
            } else if path.class == TypeClass::Array && specs.arr.is_some() {
                items.push(Item { path: id, kind: Kind::Array, param: 0 });
            } else if path.class == TypeClass::Record && specs.field.is_some() {
                items.push(Item { path: id, kind: Kind::Record, param: 0 });
            }
            if path.class == TypeClass::Pointer && allocated[i] && specs.heap.is_some() {
                items.push(Item { path: id, kind: Kind::Heap, param: 0 });
            }
        } else if path.root.class == TypeClass::Record
            && !path.in_union
            && path.steps.iter().all(|s| matches!(s, goanna_cfg::PathStep::Field(_)))
            && (is_scalar(path.class) || path.class == TypeClass::Array)
            && specs.field.is_some()
        {
            items.push(Item { path: id, kind: Kind::Field, param: 0 });
        }
    }
    Tracking { items, slots }
}

/// True when writing `writer` writes `item` too: same root, and `writer`'s steps (all `.f`)
/// are a prefix of `item`'s.
fn covers(cfg: &Cfg, roots: &[PathId], writer: PathId, item: PathId) -> bool {
    if roots[writer.0 as usize] != roots[item.0 as usize] {
        return false;
    }
    let (w, i) = (cfg.path(writer), cfg.path(item));
    w.steps.len() <= i.steps.len()
        && w.steps.iter().all(|s| matches!(s, goanna_cfg::PathStep::Field(_)))
        && i.steps[..w.steps.len()] == w.steps[..]
}

fn node_effects(
    cfg: &Cfg,
    t: &Tracking,
    extra: &dyn Fn(NodeId) -> Vec<(PropKind, PathId)>,
    remote: &dyn Fn(NodeId) -> CalleeEffects,
) -> Vec<Effects> {
    let roots = roots(cfg);
    // Items by root, for prefix writes.
    let mut by_root: HashMap<PathId, Vec<usize>> = HashMap::new();
    let mut heap_of: HashMap<PathId, usize> = HashMap::new();
    let mut item_of: HashMap<PathId, usize> = HashMap::new();
    for (i, item) in t.items.iter().enumerate() {
        if item.kind.behind_pointer() {
            heap_of.insert(item.path, i);
        } else {
            by_root.entry(roots[item.path.0 as usize]).or_default().push(i);
            item_of.insert(item.path, i);
        }
    }
    // For each path `*p`: the path `p`.
    let pointee_of: Vec<Option<PathId>> = cfg
        .paths
        .iter()
        .enumerate()
        .map(|(i, path)| (path.steps == [goanna_cfg::PathStep::Deref]).then_some(roots[i]).filter(|r| r.0 as usize != i))
        .collect();
    cfg.node_ids()
        .map(|n| {
            let node = cfg.node(n);
            let span = node.span.unwrap_or_default();
            let mut props: Vec<(PropKind, PathId, Span, Option<i64>)> = node
                .props
                .iter()
                .filter_map(|p| match p.subject {
                    Subject::Path(path) => Some((p.kind, path, p.span, p.value)),
                    _ => None,
                })
                .collect();
            props.extend(extra(n).into_iter().map(|(k, p)| (k, p, span, None)));
            let mut e = Effects::default();
            if n == cfg.entry {
                e.created.extend((0..t.items.len()).filter(|&i| matches!(t.items[i].kind, Kind::Pointee | Kind::ParamField)));
            }
            let callee = remote(n);
            // A pointer to const the callee only takes the address of is not read (the front
            // end's `load_p` for a `const T *` argument).
            props.retain(|p| !(p.0 == PropKind::Load && callee.address_only.contains(&p.1)));
            // Storage the callee writes only at known elements: those elements, instead of
            // everything (`&x`, the array decaying, the pointer handed on).
            let mut precise: Vec<PathId> = Vec::new();
            for &(target, address, mask) in &callee.writes {
                let item = match (address, cfg.path(target).class) {
                    (true, _) | (false, TypeClass::Array) => item_of.get(&target).copied(),
                    (false, TypeClass::Pointer) => heap_of.get(&target).copied(),
                    _ => None,
                };
                let Some(item) = item.filter(|&i| matches!(t.items[i].kind, Kind::Var | Kind::Array | Kind::Field | Kind::Heap)) else {
                    continue;
                };
                precise.push(target);
                e.written_at.extend((0..64).filter(|k| mask & (1u64 << k) != 0).map(|k| (item, k)));
            }
            // A store that comes with a block the callee allocated into `*out` is the block's
            // contents, not a write through the argument.
            let allocated: Vec<PathId> = props.iter().filter(|p| p.0 == PropKind::Alloc).map(|p| p.1).collect();
            props.retain(|p| {
                !(matches!(p.0, PropKind::AddrTaken | PropKind::Store | PropKind::Escape)
                    && precise.contains(&p.1)
                    && !(p.0 == PropKind::Store && allocated.contains(&p.1)))
            });
            for r in callee.reads {
                if let Some(item) = resolve(cfg, &roots, &r, &item_of, &heap_of, t) {
                    let index = if t.items[item].kind == Kind::Var || t.items[item].kind == Kind::Field { None } else { r.index };
                    e.read.push((item, span, index, Some(e.remote.len())));
                    e.remote.push(r);
                }
            }
            // What library calls among the arguments of a call of the program write, the
            // callee sees written.
            if !e.remote.is_empty() {
                let calls: Vec<Span> = node.props.iter().filter(|p| p.kind == PropKind::Call).map(|p| p.span).collect();
                let inner = |x: Span| calls.iter().any(|c| c.file == x.file && c.start <= x.start && x.end <= c.end && (c.start, c.end) != (x.start, x.end));
                let nested: Vec<Span> = calls.iter().copied().filter(|&c| inner(c)).collect();
                for &(kind, path, pspan, _) in &props {
                    let by_argument = nested.iter().any(|c| c.file == pspan.file && c.start <= pspan.start && pspan.end <= c.end);
                    if by_argument && matches!(kind, PropKind::Def | PropKind::AddrTaken) {
                        if let Some(items) = by_root.get(&roots[path.0 as usize]) {
                            e.written_by_arguments.extend(items.iter().copied().filter(|&i| covers(cfg, &roots, path, t.items[i].path)));
                        }
                    }
                }
            }
            // `q = &x` for a local pointer `q` and a tracked `x`: an alias, not a write of `x`.
            let addr: Vec<PathId> = props.iter().filter(|p| p.0 == PropKind::AddrTaken).map(|p| p.1).collect();
            let defs: Vec<PathId> = props.iter().filter(|p| p.0 == PropKind::Def).map(|p| p.1).collect();
            if let ([x], [q]) = (&addr[..], &defs[..]) {
                let non_heap = props.iter().any(|p| p.0 == PropKind::NonHeap && p.1 == *q);
                // A whole structure is not followed: writes through `q` would have to reach
                // each of its members.
                let object = item_of.get(x).copied().filter(|&i| t.items[i].kind != Kind::Record);
                if let (true, Some(&slot), Some(item)) = (non_heap, t.slots.get(q), object) {
                    if node.kind == NodeKind::Statement {
                        e.alias_set = Some((slot, item));
                    }
                }
            }
            // `q = p` (or `q = (T *)p`) for a pointer `p` to a tracked block: `q` points to it
            // too; the copy is not a write.
            let mut copied = None;
            let stores: Vec<PathId> = props.iter().filter(|p| p.0 == PropKind::Store && p.3.is_none()).map(|p| p.1).collect();
            let calls = node.props.iter().any(|p| p.kind == PropKind::Call);
            if let ([p], [q], None, false) = (&stores[..], &defs[..], e.alias_set, calls) {
                // `q = p - HDR` points in front of the block (a size header a wrapper wrote
                // there): reading through `q` reads no part of it.
                let in_front = points_in_front(node, *q);
                if let (Some(&slot), Some(&h), NodeKind::Statement, false) = (t.slots.get(q), heap_of.get(p), &node.kind, in_front) {
                    e.alias_set = Some((slot, h));
                    copied = Some(*p);
                }
            }
            props.retain(|p| !(matches!(p.0, PropKind::Store | PropKind::Escape) && Some(p.1) == copied));
            for &(kind, path, pspan, value) in &props {
                let array = cfg.path(path).class == TypeClass::Array;
                let at = value.filter(|_| array);
                match kind {
                    PropKind::Decl => {
                        if let Some(items) = by_root.get(&path) {
                            e.created.extend(items.iter().copied());
                        }
                    }
                    PropKind::Def if at.is_some() && item_of.contains_key(&path) => {
                        if let (Some(&i), Some(k)) = (item_of.get(&path), at) {
                            e.written_at.push((i, k));
                        }
                    }
                    PropKind::DeclInit | PropKind::Def | PropKind::AddrTaken => {
                        let aliased = e.alias_set.is_some_and(|(_, x)| kind == PropKind::AddrTaken && t.items[x].path == path);
                        if !aliased {
                            if let Some(items) = by_root.get(&roots[path.0 as usize]) {
                                e.written.extend(items.iter().copied().filter(|&i| covers(cfg, &roots, path, t.items[i].path)));
                            }
                        }
                    }
                    PropKind::Use => {
                        if let Some(&i) = item_of.get(&path).filter(|&&i| t.items[i].kind != Kind::Record) {
                            e.read.push((i, pspan, at, None));
                        }
                    }
                    _ => {}
                }
                // A new value of `*p` as a whole (`vasprintf(p, ..)` storing through its
                // argument) writes what `p` points to.
                if let (PropKind::Def | PropKind::DeclInit, Some(&h)) = (kind, pointee_of[path.0 as usize].and_then(|q| heap_of.get(&q))) {
                    e.written.push(h);
                }
                if let Some(&h) = heap_of.get(&path) {
                    match kind {
                        PropKind::Load => e.read.push((h, pspan, value, None)),
                        PropKind::Store if value.is_some() => e.written_at.push((h, value.unwrap_or_default())),
                        PropKind::Def | PropKind::Store | PropKind::AddrTaken | PropKind::Free | PropKind::Escape => {
                            e.written.push(h)
                        }
                        _ => {}
                    }
                }
                // Uses of possible aliases.
                let root = roots[path.0 as usize];
                if let Some(&slot) = t.slots.get(&root) {
                    match kind {
                        PropKind::Def if path == root => e.alias_reset.push(slot),
                        PropKind::Load if path == root => e.alias_load.push((slot, pspan)),
                        PropKind::Use | PropKind::Deref | PropKind::Load | PropKind::NonHeap | PropKind::Mention => {}
                        _ => e.alias_other.push(slot),
                    }
                }
            }
            // A pointer used without being dereferenced for a read is handed on.
            for &(kind, path, _, _) in &props {
                if kind == PropKind::Use {
                    if let Some(&slot) = t.slots.get(&path) {
                        if !e.alias_load.iter().any(|&(s, _)| s == slot) && !e.alias_reset.contains(&slot) {
                            e.alias_other.push(slot);
                        }
                    }
                }
            }
            // A call given the address of the pointer too (`convert(&from, end, &p, p + 1)`)
            // may write through it: a read through the same pointer by that call (a limit passed
            // as a pointer to const) is not known to come first.
            if matches!(node.kind, NodeKind::Call(_)) {
                let lent: Vec<usize> = props.iter().filter(|p| p.0 == PropKind::AddrTaken).filter_map(|p| t.slots.get(&p.1).copied()).collect();
                e.alias_load.retain(|(slot, _)| !lent.contains(slot));
            }
            // Heap blocks created here: an allocation whose contents are undefined.
            for &(kind, path, _, _) in &props {
                if kind == PropKind::Alloc {
                    let filled = props.iter().any(|p| p.0 == PropKind::Store && p.1 == path);
                    if let (false, Some(&h)) = (filled, heap_of.get(&path)) {
                        e.created.push(h);
                    }
                }
            }
            // The caller's own reads before the callee's ([`transfer`] applies what the
            // arguments write in between); a stable order otherwise.
            e.read.sort_by_key(|r| r.3.is_some());
            e
        })
        .collect()
}

/// The caller's object a callee's read is about.
fn resolve(
    cfg: &Cfg,
    roots: &[PathId],
    r: &RemoteRead,
    item_of: &HashMap<PathId, usize>,
    heap_of: &HashMap<PathId, usize>,
    t: &Tracking,
) -> Option<usize> {
    let class = cfg.paths.get(r.target.0 as usize)?.class;
    if r.steps.is_empty() {
        return match (r.address, class) {
            (true, _) => item_of.get(&r.target).copied().filter(|&i| t.items[i].kind != Kind::Record),
            (false, TypeClass::Array) => item_of.get(&r.target).copied(),
            (false, TypeClass::Pointer) => heap_of.get(&r.target).copied(),
            _ => None,
        };
    }
    if r.address || class != TypeClass::Record {
        return None;
    }
    // The member's own path when the caller mentions it; otherwise it is never written on its
    // own, and the structure as a whole answers for it.
    let base = cfg.path(r.target);
    let root = roots[r.target.0 as usize];
    let member = cfg.paths.iter().enumerate().find(|(j, p)| {
        roots[*j] == root && p.steps.len() == base.steps.len() + r.steps.len() && p.steps[..base.steps.len()] == base.steps[..] && p.steps[base.steps.len()..] == r.steps[..]
    });
    match member {
        Some((j, _)) => item_of.get(&PathId(j as u32)).copied(),
        None if base.is_variable() => item_of.get(&r.target).copied(),
        None => None,
    }
}

/// Must-state: objects without a value, objects already reported, and what each alias slot
/// surely points to.
#[derive(Clone, PartialEq, Eq)]
struct State {
    bits: Bits,
    reported: Bits,
    /// Per object: the constant indices (below 64) written on some path (a may-set).
    /// Sorted by object; objects without a written element are left out.
    elems: Vec<(u32, u64)>,
    alias: Vec<u32>,
    /// Per alias slot: the objects it may point to on some path (sorted): a write through it,
    /// or passing it on, may write any of them (`ptr = c ? buf : pcm; decode(ptr);`).
    may: Vec<Vec<u32>>,
}

/// Alias slot: not computed yet (top of the lattice).
const TOP: u32 = u32::MAX;
/// Alias slot: points to nothing known.
const NONE: u32 = u32::MAX - 1;

impl State {
    fn top(items: usize, slots: usize) -> State {
        State { bits: Bits::full(items), reported: Bits::full(items), elems: Vec::new(), alias: vec![TOP; slots], may: vec![Vec::new(); slots] }
    }
    fn entry(items: usize, slots: usize) -> State {
        State { bits: Bits::empty(items), reported: Bits::empty(items), elems: Vec::new(), alias: vec![NONE; slots], may: vec![Vec::new(); slots] }
    }
    fn meet(&mut self, other: &State) {
        self.bits.intersect_with(&other.bits);
        self.reported.intersect_with(&other.reported);
        if !other.elems.is_empty() {
            let mut merged = Vec::with_capacity(self.elems.len() + other.elems.len());
            let (mut i, mut j) = (0, 0);
            while i < self.elems.len() || j < other.elems.len() {
                match (self.elems.get(i), other.elems.get(j)) {
                    (Some(&a), Some(&b)) if a.0 == b.0 => {
                        merged.push((a.0, a.1 | b.1));
                        i += 1;
                        j += 1;
                    }
                    (Some(&a), Some(&b)) if a.0 < b.0 => {
                        merged.push(a);
                        i += 1;
                    }
                    (Some(&a), None) => {
                        merged.push(a);
                        i += 1;
                    }
                    (_, Some(&b)) => {
                        merged.push(b);
                        j += 1;
                    }
                    (None, None) => break,
                }
            }
            self.elems = merged;
        }
        for (a, &b) in self.alias.iter_mut().zip(&other.alias) {
            if *a == TOP {
                *a = b;
            } else if b != TOP && *a != b {
                *a = NONE;
            }
        }
        for (a, b) in self.may.iter_mut().zip(&other.may) {
            for &x in b {
                if let Err(i) = a.binary_search(&x) {
                    a.insert(i, x);
                }
            }
        }
    }
    /// Copies `other` into `self` without allocating.
    fn assign(&mut self, other: &State) {
        self.bits.0.clone_from(&other.bits.0);
        self.reported.0.clone_from(&other.reported.0);
        self.elems.clone_from(&other.elems);
        self.alias.clone_from(&other.alias);
        self.may.clone_from(&other.may);
    }
    /// The constant indices of `item` written on some path.
    fn elem(&self, item: usize) -> u64 {
        self.elems.binary_search_by_key(&(item as u32), |e| e.0).map_or(0, |i| self.elems[i].1)
    }
    fn set_elem(&mut self, item: usize, mask: u64) {
        match self.elems.binary_search_by_key(&(item as u32), |e| e.0) {
            Ok(i) if mask == 0 => {
                self.elems.remove(i);
            }
            Ok(i) => self.elems[i].1 = mask,
            Err(i) if mask != 0 => self.elems.insert(i, (item as u32, mask)),
            Err(_) => {}
        }
    }
    fn target(&self, slot: usize) -> Option<usize> {
        let a = *self.alias.get(slot)?;
        (a != TOP && a != NONE).then_some(a as usize)
    }
}

/// A read of an object without a value: (object, where, through which alias slot, which
/// callee read).
type Read = (usize, Span, Option<usize>, Option<usize>);

/// Applies a node's effects to the state flowing into it; returns the reported reads.
fn transfer(state: &mut State, e: &Effects) -> Vec<Read> {
    let mut reads = Vec::new();
    // The caller's own reads come first ([`node_effects`] orders them), then what its
    // arguments write, then the callee's reads.
    for (i, &(item, span, at, remote)) in e.read.iter().enumerate() {
        let first_remote = remote.is_some() && (i == 0 || e.read[i - 1].3.is_none());
        if first_remote {
            for &w in &e.written_by_arguments {
                state.bits.remove(w);
            }
        }
        let unwritten = match at {
            Some(k) if (0..64).contains(&k) => state.elem(item) & (1u64 << k) == 0,
            _ => state.elem(item) == 0,
        };
        if unwritten && state.bits.contains(item) && !state.reported.contains(item) {
            reads.push((item, span, None, remote));
            state.reported.insert(item);
        }
    }
    for &(slot, span) in &e.alias_load {
        if let Some(x) = state.target(slot) {
            if state.elem(x) == 0 && state.bits.contains(x) && !state.reported.contains(x) {
                reads.push((x, span, Some(slot), None));
                state.reported.insert(x);
            }
        }
    }
    for &slot in &e.alias_other {
        for &x in state.may.get(slot).map_or(&[][..], |m| &m[..]) {
            state.bits.remove(x as usize);
        }
    }
    for &item in &e.written {
        state.bits.remove(item);
    }
    for &(item, k) in &e.written_at {
        if (0..64).contains(&k) {
            let mask = state.elem(item) | 1u64 << k;
            state.set_elem(item, mask);
        } else {
            state.bits.remove(item);
        }
    }
    for &slot in &e.alias_reset {
        if let Some(a) = state.alias.get_mut(slot) {
            *a = NONE;
        }
        if let Some(m) = state.may.get_mut(slot) {
            m.clear();
        }
    }
    if let Some((slot, x)) = e.alias_set {
        if let Some(a) = state.alias.get_mut(slot) {
            *a = x as u32;
        }
        if let Some(m) = state.may.get_mut(slot) {
            m.clear();
            m.push(x as u32);
        }
    }
    for &item in &e.created {
        state.bits.insert(item);
        state.reported.remove(item);
        state.set_elem(item, 0);
    }
    reads
}

/// Reports reads of objects that have no value on every path reaching them. `extra` gives
/// the propositions a call node gets from its callee's summary (none without linking).
/// `Err(Cancelled)` when `deadline` passed before the analysis reached its fixpoint (a
/// must-analysis stopped early would report reads that are not certain: nothing is reported).
pub fn uninitialised_on_all_paths(
    ctx: &UnitContext<'_>,
    cfg: &Cfg,
    specs: &UninitSpecs<'_>,
    extra: &dyn Fn(NodeId) -> Vec<(PropKind, PathId)>,
    remote: &dyn Fn(NodeId) -> CalleeEffects,
    deadline: &Deadline,
) -> Result<Vec<Finding>, Cancelled> {
    if !specs.any() || cfg.nodes.is_empty() {
        return Ok(Vec::new());
    }
    let t = tracked(cfg, specs, extra);
    if t.items.is_empty() {
        return Ok(Vec::new());
    }
    let effects = node_effects(cfg, &t, extra, remote);
    let (input, live) = fixpoint(cfg, &t, &effects, deadline)?;
    Ok(report(ctx, cfg, specs, &t, &effects, &input, &live))
}

/// What `cfg`'s function certainly reads of the storage its caller provides (pointer
/// parameters' targets, members of structures passed by value) before writing it; `remote`
/// says what each call node's callee does to what it is passed (here: the pointers it only
/// takes the address of).
pub fn caller_reads(ctx: &UnitContext<'_>, cfg: &Cfg, remote: &dyn Fn(NodeId) -> CalleeEffects) -> Vec<CallerRead> {
    let t = tracked_params(cfg);
    if t.items.is_empty() || cfg.nodes.is_empty() {
        return Vec::new();
    }
    let effects = node_effects(cfg, &t, &|_| Vec::new(), remote);
    // Only the parameters' storage is tracked here: a few items, no deadline.
    let Ok((input, live)) = fixpoint(cfg, &t, &effects, &Deadline::never()) else { return Vec::new() };
    let mut out = Vec::new();
    for n in 0..cfg.nodes.len() {
        if !live[n] {
            continue;
        }
        let mut state = input[n].clone();
        for (item, span, _, _) in transfer(&mut state, &effects[n]) {
            let it = &t.items[item];
            let index = effects[n].read.iter().find(|r| r.0 == item && r.1 == span).and_then(|r| r.2);
            let path = cfg.path(it.path);
            let (steps, text) = match it.kind {
                Kind::Pointee => (Vec::new(), format!("*{}", path.text())),
                _ => (path.steps.clone(), path.text()),
            };
            out.push(CallerRead { param: it.param, steps, index, location: ctx.location(span), node: NodeId(n as u32), text });
        }
    }
    out
}

/// True when `node` moves the pointer `q` back from where another pointer points (`q =
/// (char *)p - HDR`): `q` points in front of that pointer's block.
fn points_in_front(node: &goanna_cfg::Node, q: PathId) -> bool {
    node.values.iter().any(|op| match op {
        goanna_cfg::ValueOp::PointTo { target, region } if *target == q => region.moved_back_from().is_some_and(|base| base != q),
        _ => false,
    })
}

/// The must-states at the entry of every node, and which nodes a feasible path reaches.
fn fixpoint(cfg: &Cfg, t: &Tracking, effects: &[Effects], deadline: &Deadline) -> Result<(Vec<State>, Vec<bool>), Cancelled> {
    let mut poll = Poll::new(deadline);
    // Without any `q = &x` (or copy) there is no alias to follow: no slots to carry around.
    let aliases = effects.iter().any(|e| e.alias_set.is_some());
    let (items, slots) = (t.items.len(), if aliases { t.slots.len() } else { 0 });
    let preds = cfg.predecessors();
    let count = cfg.nodes.len();

    let mut input = vec![State::top(items, slots); count];
    let mut output = vec![State::top(items, slots); count];
    input[cfg.entry.index()] = State::entry(items, slots);
    // Only code some feasible path reaches counts (design note 10: `if (0)` is not a path).
    let live = cfg.feasible_reachability();
    let mut queue: VecDeque<usize> = (0..count).filter(|&i| live[i]).collect();
    let mut queued = vec![false; count];
    for &i in &queue {
        queued[i] = true;
    }
    // Scratch states, reused so that an iteration allocates nothing.
    let top = State::top(items, slots);
    let mut out = State::top(items, slots);
    while let Some(n) = queue.pop_front() {
        poll.tick()?;
        queued[n] = false;
        if n != cfg.entry.index() {
            let meet = &mut input[n];
            meet.assign(&top);
            for p in &preds[n] {
                if live[p.index()] {
                    meet.meet(&output[p.index()]);
                }
            }
        }
        out.assign(&input[n]);
        transfer(&mut out, &effects[n]);
        if out != output[n] {
            std::mem::swap(&mut output[n], &mut out);
            for edge in &cfg.nodes[n].succs {
                let s = edge.target.index();
                if !queued[s] && live[s] {
                    queued[s] = true;
                    queue.push_back(s);
                }
            }
        }
    }
    Ok((input, live))
}

/// Findings for the reads of objects without a value.
fn report(
    ctx: &UnitContext<'_>,
    cfg: &Cfg,
    specs: &UninitSpecs<'_>,
    t: &Tracking,
    effects: &[Effects],
    input: &[State],
    live: &[bool],
) -> Vec<Finding> {
    let count = cfg.nodes.len();

    let slot_paths: HashMap<usize, PathId> = t.slots.iter().map(|(&p, &s)| (s, p)).collect();
    let mut findings = Vec::new();
    for n in 0..count {
        if !live[n] {
            continue;
        }
        let mut state = input[n].clone();
        for (item, span, via, remote) in transfer(&mut state, &effects[n]) {
            let it = &t.items[item];
            let spec = match it.kind {
                Kind::Var => specs.var,
                Kind::Array => specs.arr,
                Kind::Field | Kind::Record => specs.field,
                Kind::Heap => specs.heap,
                Kind::Pointee | Kind::ParamField => None,
            };
            let Some(spec) = spec else { continue };
            let path = cfg.path(it.path);
            let name = path.text();
            let mut steps = Vec::new();
            if it.kind == Kind::Heap {
                steps.extend(creation_steps(ctx, cfg, effects, item, &name));
            } else {
                steps.push(PathStep::event(ctx.location(path.root.decl_span), format!("`{}` is declared without an initial value", path.root.name)));
            }
            steps.extend(branch_steps(ctx, cfg, effects, item, NodeId(n as u32)));
            if let Some(q) = via.and_then(|s| slot_paths.get(&s)) {
                steps.push(PathStep::event(ctx.location(span), format!("`{name}` is read through `{}`, which points to it", cfg.path(*q).text())));
            }
            let what = if it.kind == Kind::Heap { format!("the memory `{name}` points to") } else { format!("`{name}`") };
            if let Some(r) = remote.and_then(|i| effects[n].remote.get(i)) {
                let (name, what) = match (it.kind, r.steps.is_empty()) {
                    (Kind::Record, false) => {
                        let member = format!("{name}{}", steps_text(&r.steps));
                        (member.clone(), format!("`{member}`"))
                    }
                    _ => (name, what),
                };
                steps.push(PathStep::event(ctx.location(span), format!("{what} is passed to `{}` here", r.callee)));
                steps.push(PathStep::event(r.location.clone(), format!("`{}` reads it as `{}` before any value is written", r.callee, r.text)));
                findings.push(finding(spec, cfg, r.location.clone(), &name, steps));
                continue;
            }
            steps.push(PathStep::event(ctx.location(span), format!("{what} is read here before any value is written")));
            findings.push(finding(spec, cfg, ctx.location(span), &name, steps));
        }
    }
    findings
}

/// `.f.g` for member steps.
fn steps_text(steps: &[goanna_cfg::PathStep]) -> String {
    let mut text = String::new();
    for step in steps {
        match step {
            goanna_cfg::PathStep::Field(f) => {
                text.push('.');
                text.push_str(f);
            }
            goanna_cfg::PathStep::Arrow(f) => {
                text.push_str("->");
                text.push_str(f);
            }
            goanna_cfg::PathStep::Deref => text.insert(0, '*'),
            goanna_cfg::PathStep::Index(goanna_cfg::ElementIndex::Const(c)) => text.push_str(&format!("[{c}]")),
            goanna_cfg::PathStep::Index(goanna_cfg::ElementIndex::Var { name, .. }) => text.push_str(&format!("[{name}]")),
        }
    }
    text
}

/// The allocation a heap finding starts from (the first node creating the block).
fn creation_steps(ctx: &UnitContext<'_>, cfg: &Cfg, effects: &[Effects], item: usize, name: &str) -> Vec<PathStep> {
    (0..cfg.nodes.len())
        .find(|&i| cfg.nodes[i].reachable && effects[i].created.contains(&item))
        .and_then(|i| cfg.nodes[i].span)
        .map(|span| PathStep::event(ctx.location(span), format!("`{name}` receives memory whose contents are undefined")))
        .into_iter()
        .collect()
}

/// The branches taken on a shortest path from the object's creation to the read.
fn branch_steps(ctx: &UnitContext<'_>, cfg: &Cfg, effects: &[Effects], item: usize, target: NodeId) -> Vec<PathStep> {
    let starts: Vec<usize> = (0..cfg.nodes.len())
        .filter(|&i| cfg.nodes[i].reachable && effects[i].created.contains(&item))
        .collect();
    let mut parent: Vec<Option<usize>> = vec![None; cfg.nodes.len()];
    let mut seen = vec![false; cfg.nodes.len()];
    let mut queue = VecDeque::new();
    for &s in &starts {
        seen[s] = true;
        queue.push_back(s);
    }
    let mut found = false;
    while let Some(n) = queue.pop_front() {
        if n == target.index() {
            found = true;
            break;
        }
        for edge in &cfg.nodes[n].succs {
            let s = edge.target.index();
            if !seen[s] {
                seen[s] = true;
                parent[s] = Some(n);
                queue.push_back(s);
            }
        }
    }
    if !found {
        return Vec::new();
    }
    let mut steps = Vec::new();
    let mut at = parent[target.index()];
    while let Some(n) = at {
        let node = &cfg.nodes[n];
        if let (NodeKind::Branch(taken), Some(span)) = (&node.kind, node.span) {
            let which = if *taken { "true" } else { "false" };
            steps.push(PathStep::new(ctx.location(span), format!("taking the {which} branch")));
        }
        at = parent[n];
    }
    steps.reverse();
    steps
}
