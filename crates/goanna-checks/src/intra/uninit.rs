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
//! One level of aliasing is followed for `q = &x`: reading `*q` while `x` has no value reads
//! `x`; any other use of `q` (a write through it, passing it on) counts as a write of `x`.
//! Aliases are must-information too: `q` points to `x` after a join only if it does on every
//! incoming path.

use super::finding;
use crate::{CheckSpec, Finding, PathStep, UnitContext};
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
}

/// One tracked object.
struct Item {
    path: PathId,
    kind: Kind,
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
    /// Objects read (with where, and the constant index for an array element).
    read: Vec<(usize, Span, Option<i64>)>,
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
                items.push(Item { path: id, kind: Kind::Var });
            } else if path.class == TypeClass::Array && specs.arr.is_some() {
                items.push(Item { path: id, kind: Kind::Array });
            }
            if path.class == TypeClass::Pointer && allocated[i] && specs.heap.is_some() {
                items.push(Item { path: id, kind: Kind::Heap });
            }
        } else if path.root.class == TypeClass::Record
            && !path.in_union
            && path.steps.iter().all(|s| matches!(s, goanna_cfg::PathStep::Field(_)))
            && (is_scalar(path.class) || path.class == TypeClass::Array)
            && specs.field.is_some()
        {
            items.push(Item { path: id, kind: Kind::Field });
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

fn node_effects(cfg: &Cfg, t: &Tracking, extra: &dyn Fn(NodeId) -> Vec<(PropKind, PathId)>) -> Vec<Effects> {
    let roots = roots(cfg);
    // Items by root, for prefix writes.
    let mut by_root: HashMap<PathId, Vec<usize>> = HashMap::new();
    let mut heap_of: HashMap<PathId, usize> = HashMap::new();
    let mut item_of: HashMap<PathId, usize> = HashMap::new();
    for (i, item) in t.items.iter().enumerate() {
        if item.kind == Kind::Heap {
            heap_of.insert(item.path, i);
        } else {
            by_root.entry(roots[item.path.0 as usize]).or_default().push(i);
            item_of.insert(item.path, i);
        }
    }
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
            // `q = &x` for a local pointer `q` and a tracked `x`: an alias, not a write of `x`.
            let addr: Vec<PathId> = props.iter().filter(|p| p.0 == PropKind::AddrTaken).map(|p| p.1).collect();
            let defs: Vec<PathId> = props.iter().filter(|p| p.0 == PropKind::Def).map(|p| p.1).collect();
            if let ([x], [q]) = (&addr[..], &defs[..]) {
                let non_heap = props.iter().any(|p| p.0 == PropKind::NonHeap && p.1 == *q);
                if let (true, Some(&slot), Some(&item)) = (non_heap, t.slots.get(q), item_of.get(x)) {
                    if node.kind == NodeKind::Statement {
                        e.alias_set = Some((slot, item));
                    }
                }
            }
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
                        if let Some(&i) = item_of.get(&path) {
                            e.read.push((i, pspan, at));
                        }
                    }
                    _ => {}
                }
                if let Some(&h) = heap_of.get(&path) {
                    match kind {
                        PropKind::Load => e.read.push((h, pspan, None)),
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
            // Heap blocks created here: an allocation whose contents are undefined.
            for &(kind, path, _, _) in &props {
                if kind == PropKind::Alloc {
                    let filled = props.iter().any(|p| p.0 == PropKind::Store && p.1 == path);
                    if let (false, Some(&h)) = (filled, heap_of.get(&path)) {
                        e.created.push(h);
                    }
                }
            }
            e
        })
        .collect()
}

/// Must-state: objects without a value, objects already reported, and what each alias slot
/// surely points to.
#[derive(Clone, PartialEq, Eq)]
struct State {
    bits: Bits,
    reported: Bits,
    /// Per object: the constant indices (below 64) written on some path (a may-set).
    elems: Vec<u64>,
    alias: Vec<u32>,
}

/// Alias slot: not computed yet (top of the lattice).
const TOP: u32 = u32::MAX;
/// Alias slot: points to nothing known.
const NONE: u32 = u32::MAX - 1;

impl State {
    fn top(items: usize, slots: usize) -> State {
        State { bits: Bits::full(items), reported: Bits::full(items), elems: vec![0; items], alias: vec![TOP; slots] }
    }
    fn entry(items: usize, slots: usize) -> State {
        State { bits: Bits::empty(items), reported: Bits::empty(items), elems: vec![0; items], alias: vec![NONE; slots] }
    }
    fn meet(&mut self, other: &State) {
        self.bits.intersect_with(&other.bits);
        self.reported.intersect_with(&other.reported);
        for (a, b) in self.elems.iter_mut().zip(&other.elems) {
            *a |= *b;
        }
        for (a, &b) in self.alias.iter_mut().zip(&other.alias) {
            if *a == TOP {
                *a = b;
            } else if b != TOP && *a != b {
                *a = NONE;
            }
        }
    }
    fn target(&self, slot: usize) -> Option<usize> {
        let a = self.alias[slot];
        (a != TOP && a != NONE).then_some(a as usize)
    }
}

/// A read of an object without a value: (object, where, through which alias slot).
type Read = (usize, Span, Option<usize>);

/// Applies a node's effects to the state flowing into it; returns the reported reads.
fn transfer(state: &mut State, e: &Effects) -> Vec<Read> {
    let mut reads = Vec::new();
    for &(item, span, at) in &e.read {
        let unwritten = match at {
            Some(k) if (0..64).contains(&k) => state.elems[item] & (1u64 << k) == 0,
            _ => state.elems[item] == 0,
        };
        if unwritten && state.bits.contains(item) && !state.reported.contains(item) {
            reads.push((item, span, None));
            state.reported.insert(item);
        }
    }
    for &(slot, span) in &e.alias_load {
        if let Some(x) = state.target(slot) {
            if state.bits.contains(x) && !state.reported.contains(x) {
                reads.push((x, span, Some(slot)));
                state.reported.insert(x);
            }
        }
    }
    for &slot in &e.alias_other {
        if let Some(x) = state.target(slot) {
            state.bits.remove(x);
        }
    }
    for &item in &e.written {
        state.bits.remove(item);
    }
    for &(item, k) in &e.written_at {
        if (0..64).contains(&k) {
            state.elems[item] |= 1u64 << k;
        } else {
            state.bits.remove(item);
        }
    }
    for &slot in &e.alias_reset {
        if let Some(a) = state.alias.get_mut(slot) {
            *a = NONE;
        }
    }
    if let Some((slot, x)) = e.alias_set {
        state.alias[slot] = x as u32;
    }
    for &item in &e.created {
        state.bits.insert(item);
        state.reported.remove(item);
        state.elems[item] = 0;
    }
    reads
}

/// Reports reads of objects that have no value on every path reaching them. `extra` gives
/// the propositions a call node gets from its callee's summary (none without linking).
pub fn uninitialised_on_all_paths(
    ctx: &UnitContext<'_>,
    cfg: &Cfg,
    specs: &UninitSpecs<'_>,
    extra: &dyn Fn(NodeId) -> Vec<(PropKind, PathId)>,
) -> Vec<Finding> {
    if !specs.any() || cfg.nodes.is_empty() {
        return Vec::new();
    }
    let t = tracked(cfg, specs, extra);
    if t.items.is_empty() {
        return Vec::new();
    }
    let (items, slots) = (t.items.len(), t.slots.len());
    let effects = node_effects(cfg, &t, extra);
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
    while let Some(n) = queue.pop_front() {
        queued[n] = false;
        if n != cfg.entry.index() {
            let mut meet = State::top(items, slots);
            for p in &preds[n] {
                if live[p.index()] {
                    meet.meet(&output[p.index()]);
                }
            }
            input[n] = meet;
        }
        let mut out = input[n].clone();
        transfer(&mut out, &effects[n]);
        if out != output[n] {
            output[n] = out;
            for edge in &cfg.nodes[n].succs {
                let s = edge.target.index();
                if !queued[s] && live[s] {
                    queued[s] = true;
                    queue.push_back(s);
                }
            }
        }
    }

    let slot_paths: HashMap<usize, PathId> = t.slots.iter().map(|(&p, &s)| (s, p)).collect();
    let mut findings = Vec::new();
    for n in 0..count {
        if !live[n] {
            continue;
        }
        let mut state = input[n].clone();
        for (item, span, via) in transfer(&mut state, &effects[n]) {
            let it = &t.items[item];
            let spec = match it.kind {
                Kind::Var => specs.var,
                Kind::Array => specs.arr,
                Kind::Field => specs.field,
                Kind::Heap => specs.heap,
            };
            let Some(spec) = spec else { continue };
            let path = cfg.path(it.path);
            let name = path.text();
            let mut steps = Vec::new();
            if it.kind == Kind::Heap {
                steps.extend(creation_steps(ctx, cfg, &effects, item, &name));
            } else {
                steps.push(PathStep {
                    location: ctx.location(path.root.decl_span),
                    message: format!("`{}` is declared without an initial value", path.root.name),
                });
            }
            steps.extend(branch_steps(ctx, cfg, &effects, item, NodeId(n as u32)));
            if let Some(q) = via.and_then(|s| slot_paths.get(&s)) {
                steps.push(PathStep {
                    location: ctx.location(span),
                    message: format!("`{name}` is read through `{}`, which points to it", cfg.path(*q).text()),
                });
            }
            let what = if it.kind == Kind::Heap { format!("the memory `{name}` points to") } else { format!("`{name}`") };
            steps.push(PathStep { location: ctx.location(span), message: format!("{what} is read here before any value is written") });
            findings.push(finding(spec, cfg, ctx.location(span), &name, steps));
        }
    }
    findings
}

/// The allocation a heap finding starts from (the first node creating the block).
fn creation_steps(ctx: &UnitContext<'_>, cfg: &Cfg, effects: &[Effects], item: usize, name: &str) -> Vec<PathStep> {
    (0..cfg.nodes.len())
        .find(|&i| cfg.nodes[i].reachable && effects[i].created.contains(&item))
        .and_then(|i| cfg.nodes[i].span)
        .map(|span| PathStep { location: ctx.location(span), message: format!("`{name}` receives memory whose contents are undefined") })
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
            steps.push(PathStep { location: ctx.location(span), message: format!("taking the {which} branch") });
        }
        at = parent[n];
    }
    steps.reverse();
    steps
}
