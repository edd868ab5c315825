//! Aliases of pointers held in local storage, turned into propositions about the pointer that
//! received the block (its *owner*), so that the memory and NULL checks stay CTL templates over
//! propositions about one variable.
//!
//! The graph builder labels every pointer copy (`q = p`, `q = (T *)p`, `q = p + 0`, `s.f = p`)
//! with `copy_q` and the source. Here a forward data-flow analysis over one function gives each
//! *holder* (a local pointer variable or parameter, or a pointer field of a local aggregate,
//! that takes part in a copy; or a pointer global that takes part in one, see
//! [`carrier_globals`]) a value before every node: no value yet, NULL, a *block*, or
//! unknown. A block is made by any other write of a holder (an allocation, a call's result, a
//! parameter's value at the entry) and is *owned* by the holder written; a copy passes the
//! block on. Where two paths meet, a holder keeps its value only when both agree (so two
//! holders with the same block *must* alias); in a loop, a block made again at the same node
//! turns the old copies unknown.
//!
//! The analysis adds, on the node where they happen (next to the callee effects of call
//! nodes):
//! - the owner's `free`, `deref`, `escape`, `null_test`, `nonnull_test`, `fclose`, `close`,
//!   `resource_use`, `free_offset` when they happen through another holder of its block, as
//!   long as the owner still holds that block or nothing at all (once it holds another block,
//!   a proposition about it would be about the wrong block);
//! - `kept_p` where `p` is overwritten while another holder keeps its block, and `lost_p`
//!   where the last holder of a block `p` received (and no longer holds) is overwritten, unless
//!   the block is freed or escapes there: the leak happens when the last alias is lost;
//! - `assign_null_q` where `q` receives a copy of a holder known to be NULL;
//! - `alloc_t` where a block fresh from an allocation is stored through a pointer (`*out = p`),
//!   which tells the summaries that the function allocates into `*out`;
//! - `escape_p` at a copy the analysis cannot follow (a holder whose address is taken or whose
//!   aggregate is used whole, an unknown value, beyond the budget): the conservative reading
//!   the builder used to give every copy.
//!
//! Cost: only functions with copies are analysed, over at most [`MAX_HOLDERS`] holders, and the
//! fixpoint stops after a budget linear in the graph (then every copy is an escape).

use super::link::{FnIndex, Program};
use super::rks::CallEffects;
use goanna_ast::{TypeClass, VarKind};
use goanna_cfg::{Cfg, NodeId, NodeKind, PathId, PathStep, PropKind, Subject};
use rustc_hash::{FxHashMap, FxHashSet};

/// Most holders followed in one function.
const MAX_HOLDERS: usize = 64;
/// Node visits allowed per graph node before the analysis gives up.
const VISITS_PER_NODE: usize = 16;

/// Kinds of propositions that, happening through a holder of a block, happen to its owner.
const DERIVED: &[PropKind] = &[
    PropKind::Free,
    PropKind::Deref,
    PropKind::Escape,
    PropKind::NullTest,
    PropKind::NonNullTest,
    PropKind::Fclose,
    PropKind::Close,
    PropKind::ResourceUse,
    PropKind::FreeOffset,
];

/// What a holder must hold before a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Val {
    /// Not written yet on any path.
    Undef,
    /// The null pointer.
    Null,
    /// The block with this index.
    Block(u32),
    /// The block with this index on some paths, NULL on the others.
    MaybeNull(u32),
    /// Different on different paths, or not known.
    Top,
}

/// The value of a holder before a node: what it must hold, the owners of the blocks it may
/// hold (a bit per holder), and, when it must hold NULL, the holders that NULL was assigned to
/// before copies brought it here (a bit per holder: `p = NULL; s.first = p;` gives `s.first`
/// the bit of `p`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Hold {
    must: Val,
    may: u64,
    null_from: u64,
}

impl Hold {
    const UNDEF: Hold = Hold { must: Val::Undef, may: 0, null_from: 0 };
    const TOP: Hold = Hold { must: Val::Top, may: 0, null_from: 0 };

    /// NULL assigned to holder `h`.
    fn null(h: usize) -> Hold {
        Hold { must: Val::Null, may: 0, null_from: 1u64 << h }
    }
}

fn join(a: Hold, b: Hold) -> Hold {
    let must = match (a.must, b.must) {
        (Val::Undef, x) | (x, Val::Undef) => x,
        (x, y) if x == y => x,
        (Val::Block(b) | Val::MaybeNull(b), Val::Null) | (Val::Null, Val::Block(b) | Val::MaybeNull(b)) => Val::MaybeNull(b),
        (Val::Block(b), Val::MaybeNull(c)) | (Val::MaybeNull(c), Val::Block(b)) if b == c => Val::MaybeNull(b),
        _ => Val::Top,
    };
    let null_from = if must == Val::Null { a.null_from | b.null_from } else { 0 };
    Hold { must, may: a.may | b.may, null_from }
}

/// A block: made at a node by a write of a holder.
struct Block {
    /// Index of the holder that received it.
    owner: usize,
    /// It came from an allocation.
    alloc: bool,
    /// The node that made it.
    made_at: NodeId,
    /// It was read out of memory that still holds it (`s = g->pathv[0]`: `loaded_s`).
    from_memory: bool,
}

/// The local pointer variables whose address the function takes only as arguments of calls
/// (`get(b, &sig, &len)`): every `addr_taken` of the variable is at a call node that passes
/// `&x` as an argument.
fn lent_pointer_variables<'c>(cfg: &'c Cfg, inputs: &[Vec<(PropKind, PathId, Option<i64>)>]) -> FxHashSet<&'c goanna_cfg::VarRef> {
    let mut lent: FxHashSet<&goanna_cfg::VarRef> = FxHashSet::default();
    let mut other: FxHashSet<&goanna_cfg::VarRef> = FxHashSet::default();
    for (n, props) in inputs.iter().enumerate() {
        let node = cfg.node(NodeId(n as u32));
        for &(kind, id, _) in props {
            if kind != PropKind::AddrTaken {
                continue;
            }
            let path = cfg.path(id);
            let passed = matches!(&node.kind, NodeKind::Call(site) if site.address_args.contains(&Some(id)));
            let variable = path.steps.is_empty() && path.class == TypeClass::Pointer && path.root.kind == VarKind::Local;
            if passed && variable {
                lent.insert(&path.root);
            } else {
                other.insert(&path.root);
            }
        }
    }
    lent.retain(|root| !other.contains(root));
    lent
}

/// The pointees `*pp` of pointer parameters `pp` that only the function's own writes of `*pp`
/// change: `pp` is never written, its address never taken, nothing is stored through it or
/// handed on from it (no `store_pp`, `escape_pp`, copy of `pp`), and `&*pp` is never taken.
/// Such a `*pp` is a holder like a local pointer: its block at the entry is the caller's
/// (`sink(&p)` with `T *data = *pp; free(data);` frees the caller's `p`).
fn stable_pointees(cfg: &Cfg, inputs: &[Vec<(PropKind, PathId, Option<i64>)>]) -> FxHashSet<PathId> {
    let mut out: FxHashSet<PathId> = cfg
        .paths
        .iter()
        .enumerate()
        .filter(|(_, p)| p.root.kind == VarKind::Param && p.steps == [PathStep::Deref] && p.class == TypeClass::Pointer)
        .map(|(i, _)| PathId(i as u32))
        .collect();
    if out.is_empty() {
        return out;
    }
    let root_of = |id: PathId| &cfg.path(id).root;
    let mut unstable: FxHashSet<&goanna_cfg::VarRef> = FxHashSet::default();
    for &(kind, id, value) in inputs.iter().flatten() {
        let path = cfg.path(id);
        let on_param = path.steps.is_empty();
        let on_pointee = path.steps == [PathStep::Deref];
        match kind {
            PropKind::Def | PropKind::AddrTaken | PropKind::Store | PropKind::Escape | PropKind::Free if on_param => {
                unstable.insert(&path.root);
            }
            PropKind::AddrTaken if on_pointee => {
                unstable.insert(&path.root);
            }
            PropKind::Copy => {
                if let Some(src) = copy_source(cfg, value).filter(|&s| cfg.path(s).steps.is_empty()) {
                    unstable.insert(root_of(src));
                }
            }
            _ => {}
        }
    }
    out.retain(|&id| !unstable.contains(root_of(id)));
    out
}

/// The propositions of node `n` as (kind, path, value), with the callee's effects; builder
/// escapes of arguments are left out at linked calls (the callee's summary says what happens).
fn inputs(program: &Program<'_>, f: FnIndex, n: NodeId, effects: &CallEffects) -> Vec<(PropKind, PathId, Option<i64>)> {
    let cfg = program.cfg(f);
    let linked = program.callee_at(f, n).is_some();
    let mut out: Vec<(PropKind, PathId, Option<i64>)> = cfg
        .node(n)
        .props
        .iter()
        .filter(|p| !(linked && p.kind == PropKind::Escape))
        .filter_map(|p| match p.subject {
            Subject::Path(id) => Some((p.kind, id, p.value)),
            _ => None,
        })
        .collect();
    if let Some(extra) = effects.get(&(f, n)) {
        out.extend(extra.iter().map(|&(k, id)| (k, id, None)));
    }
    out
}

/// The source of a `copy` proposition.
fn copy_source(cfg: &Cfg, value: Option<i64>) -> Option<PathId> {
    let v = u32::try_from(value?).ok()?;
    ((v as usize) < cfg.paths.len()).then_some(PathId(v))
}

/// Adds the propositions the aliases of function `f` give to `effects` (which holds the callee
/// effects of `f`'s call nodes, and receives the new ones).
pub fn add_alias_effects(program: &Program<'_>, f: FnIndex, effects: &mut CallEffects) {
    let cfg = program.cfg(f);
    let has_copy = cfg.nodes.iter().any(|n| n.props.iter().any(|p| matches!(p.kind, PropKind::Copy | PropKind::ReallocSelf)));
    if !has_copy {
        return;
    }
    let node_inputs: Vec<Vec<(PropKind, PathId, Option<i64>)>> = cfg.node_ids().map(|n| inputs(program, f, n, effects)).collect();
    let globals = carrier_globals(program, f, &node_inputs);
    let derived = Analysis::new(cfg, &node_inputs, globals).run();
    for (n, props) in derived.into_iter().enumerate() {
        if props.is_empty() {
            continue;
        }
        let entry = effects.entry((f, NodeId(n as u32))).or_default();
        for p in props {
            if !entry.contains(&p) {
                entry.push(p);
            }
        }
    }
}

/// The pointer globals of `f` that are followed as holders (issue 12, route 5: a global carries
/// a pointer from one function to another): file-scope pointer variables (external or internal
/// linkage, not members) that take part in a copy in `f` and are [`carrier_global`]s. Such a
/// global holds its caller's block at the entry, as a parameter does.
fn carrier_globals(program: &Program<'_>, f: FnIndex, inputs: &[Vec<(PropKind, PathId, Option<i64>)>]) -> CarrierGlobals {
    let cfg = program.cfg(f);
    let mut paths: Vec<PathId> = Vec::new();
    for &(kind, id, value) in inputs.iter().flatten() {
        if kind != PropKind::Copy {
            continue;
        }
        for p in std::iter::once(id).chain(copy_source(cfg, value)) {
            if !paths.contains(&p) && carrier_global(program, cfg, p) {
                paths.push(p);
            }
        }
    }
    let clobbered = if paths.is_empty() { FxHashMap::default() } else { clobbering_calls(program, f, &paths) };
    CarrierGlobals { paths, clobbered }
}

/// True when `id` names a whole file-scope pointer variable whose value only assignments that
/// name it change: no function of the program takes its address and no thread or signal
/// handler writes it (`GlobalWrites::escaped`).
pub(super) fn carrier_global(program: &Program<'_>, cfg: &Cfg, id: PathId) -> bool {
    let path = cfg.path(id);
    if !(matches!(path.root.kind, VarKind::Global | VarKind::StaticGlobal) && path.steps.is_empty() && path.class == TypeClass::Pointer) {
        return false;
    }
    let gw = program.global_writes();
    !gw.var_escapes(&path.root.usr)
}

/// For each call node of `f` that may write one of the globals `paths` (itself or through its
/// callees, `Program::global_writes`; any global for a call of a function outside the program),
/// the globals it may write. Library calls the graph builder keeps inside statements write
/// none of the program's globals, as in the value analysis (a callback they run is a known
/// gap).
pub(super) fn clobbering_calls(program: &Program<'_>, f: FnIndex, paths: &[PathId]) -> FxHashMap<NodeId, Vec<PathId>> {
    let cfg = program.cfg(f);
    let gw = program.global_writes();
    let mut out = FxHashMap::default();
    for n in cfg.node_ids() {
        if !matches!(cfg.node(n).kind, goanna_cfg::NodeKind::Call(_)) {
            continue;
        }
        let callee = program.callee_at(f, n);
        let written: Vec<PathId> = paths
            .iter()
            .copied()
            .filter(|&p| {
                let path = cfg.path(p);
                gw.may_write(None, callee, false, path, path.root.kind != VarKind::Global)
            })
            .collect();
        if !written.is_empty() {
            out.insert(n, written);
        }
    }
    out
}

/// The globals [`carrier_globals`] follows in one function.
#[derive(Default)]
struct CarrierGlobals {
    /// The globals followed.
    paths: Vec<PathId>,
    /// Per node: the followed globals that may hold another value after it.
    clobbered: FxHashMap<NodeId, Vec<PathId>>,
}

/// The analysis of one function.
struct Analysis<'a> {
    cfg: &'a Cfg,
    inputs: &'a [Vec<(PropKind, PathId, Option<i64>)>],
    /// The holders followed.
    holders: Vec<PathId>,
    index: FxHashMap<PathId, usize>,
    blocks: Vec<Block>,
    block_at: FxHashMap<(NodeId, usize), u32>,
    /// Holders that receive a pointer into a block somewhere (`q = p + k`, `q = &p->f`): their
    /// NULL tests and dereferences say nothing about the block's owner being NULL (`q` is not
    /// NULL when `p` is); only what releases or hands on the block passes on.
    interior: u64,
    /// Holders that are globals ([`carrier_globals`]): their blocks are never lost here (the
    /// program may still reach them through the global), and a proposition about the owner
    /// is added only while the global still holds the very block.
    global: u64,
    /// Per node: the global holders that may hold another value after it.
    clobbered: FxHashMap<NodeId, Vec<usize>>,
    /// The function's dominators, computed when first needed.
    dominators: std::cell::OnceCell<super::dominators::Dominators>,
    /// Holders moved within their block somewhere in the function (`s++`, `s += n`).
    moved: u64,
    /// Holders written by an allocation at one node of the function only (with the callee
    /// effects: `alloc_s` of a wrapper's result counts), by holder.
    one_allocation: Vec<Option<NodeId>>,
    /// Call nodes given the address of a pointer holder (`get(b, &sig, &len)`), with the
    /// holders: the call may give them a new value there.
    lent_at: FxHashMap<NodeId, Vec<usize>>,
    /// Allocated blocks the function stores through pointers into more than one place the
    /// caller can reach (`*head = leaf; *newleaf = leaf;`): none of those places owns the block
    /// alone ([`Analysis::shared_blocks`]).
    shared: FxHashSet<u32>,
}

impl<'a> Analysis<'a> {
    fn new(cfg: &'a Cfg, inputs: &'a [Vec<(PropKind, PathId, Option<i64>)>], globals: CarrierGlobals) -> Self {
        // Pointer variables whose address is only ever passed to calls (`get(b, &sig, &len)`,
        // as the Clang Static Analyzer reads it: the call may write the variable, and nothing
        // else can afterwards) stay holders, written at those calls — for now only those that
        // are reallocated in place, whose question (is the old block kept elsewhere?) needs
        // them. Following every lent pointer also follows it into loops where its joined
        // value makes returns look like uses of freed blocks (tmux options_to_string's
        // `xasprintf(&result, ..)`), which the holders' values cannot tell apart yet.
        let reallocated: FxHashSet<&goanna_cfg::VarRef> =
            inputs.iter().flatten().filter(|&&(k, _, _)| k == PropKind::ReallocSelf).map(|&(_, id, _)| &cfg.path(id).root).collect();
        let mut lent_roots = lent_pointer_variables(cfg, inputs);
        lent_roots.retain(|root| reallocated.contains(root));
        // Roots whose storage may change behind the analysis' back: address taken, or the
        // whole aggregate read or written (a struct copy carries its pointer fields along).
        // A call whose callee's summary follows the members of a structure argument
        // (`parts_followed`) says all it does to the pointers in them: handing the structure
        // to it is not a way around the analysis.
        let mut unsafe_roots: FxHashSet<&goanna_cfg::VarRef> = FxHashSet::default();
        let mut candidates: Vec<PathId> = Vec::new();
        for props in inputs {
            let followed_here = |id: PathId| props.iter().any(|&(k, x, _)| k == PropKind::PartsFollowed && x == id);
            // The array's own `use`/`def` where the node writes or reads one of its elements
            // at a constant index (`slots[2] = p`, `d = slots[2]`): that element is followed.
            let element_here = |id: PathId| {
                let root = &cfg.path(id).root;
                props.iter().any(|&(k, x, v)| {
                    let named = |p: PathId| cfg.path(p).is_local_element() && cfg.path(p).root == *root;
                    named(x) && matches!(k, PropKind::Def | PropKind::Copy) || k == PropKind::Copy && copy_source(cfg, v).is_some_and(named)
                })
            };
            for &(kind, id, value) in props {
                let path = cfg.path(id);
                match kind {
                    PropKind::AddrTaken | PropKind::Use if followed_here(id) => {}
                    PropKind::AddrTaken if path.steps.is_empty() && lent_roots.contains(&path.root) => {}
                    PropKind::Use | PropKind::Def if path.steps.is_empty() && path.class == TypeClass::Array && element_here(id) => {}
                    PropKind::AddrTaken => {
                        unsafe_roots.insert(&path.root);
                    }
                    PropKind::Use | PropKind::Def | PropKind::DeclInit
                        if path.steps.is_empty() && !matches!(path.class, TypeClass::Pointer) =>
                    {
                        unsafe_roots.insert(&path.root);
                    }
                    PropKind::Copy => {
                        candidates.push(id);
                        if let Some(src) = copy_source(cfg, value) {
                            candidates.push(src);
                        }
                    }
                    // `p = realloc(p, n)` asks whether another holder keeps the old block.
                    PropKind::ReallocSelf => candidates.push(id),
                    _ => {}
                }
            }
        }
        let mut stable = stable_pointees(cfg, inputs);
        // The members of a followed structure a pointer parameter points to hold the caller's
        // pointers as `*pp` does.
        for (i, param) in cfg.params.iter().enumerate() {
            if param.is_some_and(|p| cfg.path(p).class == TypeClass::Pointer) {
                stable.extend(super::parts::followed_parts(cfg, i).into_iter().flatten().map(|part| part.path));
            }
        }
        let mut holders = Vec::new();
        let mut index = FxHashMap::default();
        for id in candidates {
            let path = cfg.path(id);
            if holders.len() >= MAX_HOLDERS
                || path.class != TypeClass::Pointer
                || !(cfg.path(id).is_local_storage() && !unsafe_roots.contains(&path.root)
                    || stable.contains(&id)
                    || globals.paths.contains(&id) && !unsafe_roots.contains(&path.root))
                || index.contains_key(&id)
            {
                continue;
            }
            index.insert(id, holders.len());
            holders.push(id);
        }
        let mut interior = 0u64;
        for &(kind, id, _) in inputs.iter().flatten() {
            if let (PropKind::Interior, Some(&h)) = (kind, index.get(&id)) {
                interior |= 1u64 << h;
            }
        }
        let mut global = 0u64;
        for (&id, &h) in &index {
            if globals.paths.contains(&id) {
                global |= 1u64 << h;
            }
        }
        let mut moved = 0u64;
        for props in inputs {
            for &(k, id, _) in props {
                if let (PropKind::Offset | PropKind::Rewind, Some(&h)) = (k, index.get(&id)) {
                    moved |= 1u64 << h;
                }
            }
        }
        // Where each holder is allocated into: one node, or none or several (`None`).
        let mut allocations: Vec<Option<Option<NodeId>>> = vec![None; holders.len()];
        for (n, props) in inputs.iter().enumerate() {
            for &(k, id, _) in props {
                if let (PropKind::Alloc, Some(&h)) = (k, index.get(&id)) {
                    let here = NodeId(n as u32);
                    allocations[h] = match allocations[h] {
                        None => Some(Some(here)),
                        Some(Some(m)) if m == here => Some(Some(m)),
                        Some(_) => Some(None),
                    };
                }
            }
        }
        let one_allocation = allocations.into_iter().map(Option::flatten).collect();
        let mut lent_at: FxHashMap<NodeId, Vec<usize>> = FxHashMap::default();
        for n in cfg.node_ids() {
            if let NodeKind::Call(site) = &cfg.node(n).kind {
                for &x in site.address_args.iter().flatten() {
                    if let Some(&h) = index.get(&x) {
                        lent_at.entry(n).or_default().push(h);
                    }
                }
            }
        }
        let clobbered = globals
            .clobbered
            .into_iter()
            .map(|(n, ids)| (n, ids.iter().filter_map(|id| index.get(id).copied()).collect::<Vec<usize>>()))
            .filter(|(_, hs)| !hs.is_empty())
            .collect();
        Analysis { cfg, inputs, holders, index, blocks: Vec::new(), block_at: FxHashMap::default(), interior, global, clobbered, dominators: std::cell::OnceCell::new(), moved, one_allocation, lent_at, shared: FxHashSet::default() }
    }

    /// The block made at node `n` for holder `h`.
    fn block(&mut self, n: NodeId, h: usize, alloc: bool) -> u32 {
        if let Some(&b) = self.block_at.get(&(n, h)) {
            return b;
        }
        let b = self.blocks.len() as u32;
        // Read out of memory that still holds it: `loaded_h`, or a copy of a pointer in memory
        // the analysis does not follow (`v = *items` where `items` is also stored through, a
        // global).
        let target = self.holders[h];
        let from_memory = !alloc
            && self.inputs[n.index()].iter().any(|&(k, i, v)| {
                i == target
                    && (k == PropKind::Loaded
                        || k == PropKind::Copy
                            && copy_source(self.cfg, v).is_some_and(|src| {
                                let path = self.cfg.path(src);
                                !self.index.contains_key(&src) && (path.root.kind.is_static_storage() || path.steps.iter().any(|s| matches!(s, PathStep::Deref | PathStep::Arrow(_))))
                            }))
            });
        self.blocks.push(Block { owner: h, alloc, made_at: n, from_memory });
        self.block_at.insert((n, h), b);
        b
    }

    /// The value a write of holder `h` at node `n` gives when it makes a new block.
    fn fresh(&mut self, n: NodeId, h: usize, alloc: bool) -> Hold {
        Hold { must: Val::Block(self.block(n, h, alloc)), may: 1u64 << h, null_from: 0 }
    }

    /// The state after node `n`, given the state before it.
    fn transfer(&mut self, n: NodeId, before: &[Hold]) -> Vec<Hold> {
        let mut after = before.to_vec();
        // A call that may write a followed global leaves it holding something unknown.
        if let Some(hs) = self.clobbered.get(&n) {
            for &h in hs {
                after[h] = Hold::TOP;
            }
        }
        let inputs = self.inputs;
        let props = &inputs[n.index()];
        let mut written: Vec<(usize, Hold)> = Vec::new();
        for &(kind, id, value) in props {
            let Some(&h) = self.index.get(&id) else { continue };
            match kind {
                PropKind::Copy => {
                    // A source written earlier in this node (`a = b = malloc(n)`: propositions
                    // are in evaluation order) is copied with its new value.
                    let v = match copy_source(self.cfg, value).and_then(|s| self.index.get(&s)) {
                        Some(&s) => written.iter().rev().find(|&&(w, _)| w == s).map_or(before[s], |&(_, v)| v),
                        None => self.fresh(n, h, false),
                    };
                    written.retain(|&(w, _)| w != h);
                    written.push((h, v));
                }
                PropKind::Decl => written.push((h, Hold::UNDEF)),
                PropKind::Def | PropKind::DeclInit => {
                    let copied = props.iter().any(|&(k, i, _)| k == PropKind::Copy && i == id);
                    if copied || written.iter().any(|&(w, _)| w == h) {
                        continue;
                    }
                    // A pointer moved within its block (`s++`, `s += n`) still points into the
                    // block it held: a copy of its start releasing the block releases its.
                    let moved = props.iter().any(|&(k, i, _)| matches!(k, PropKind::Offset | PropKind::Rewind) && i == id);
                    if moved {
                        continue;
                    }
                    let null = props.iter().any(|&(k, i, _)| k == PropKind::AssignNull && i == id);
                    let v = if null {
                        Hold::null(h)
                    } else {
                        let alloc = props.iter().any(|&(k, i, _)| k == PropKind::Alloc && i == id);
                        self.fresh(n, h, alloc)
                    };
                    written.push((h, v));
                }
                _ => {}
            }
        }
        // A holder whose address the call is given may hold anything the callee stored there;
        // what the callee's summary says it stored (`def`, `alloc`) was decided above.
        if let Some(lent) = self.lent_at.get(&n).cloned() {
            for h in lent {
                if !written.iter().any(|&(w, _)| w == h) {
                    let v = self.fresh(n, h, false);
                    written.push((h, v));
                }
            }
        }
        for (h, v) in written {
            // A block made again (a loop): the holders of its previous instance hold
            // something else now, still owned by the same holder.
            if let Val::Block(b) = v.must {
                if self.block_at.get(&(n, h)) == Some(&b) {
                    for (g, x) in after.iter_mut().enumerate() {
                        if g != h && matches!(x.must, Val::Block(c) | Val::MaybeNull(c) if c == b) {
                            x.must = Val::Top;
                        }
                    }
                }
            }
            after[h] = v;
        }
        after
    }

    /// The entry state: parameters hold their caller's block, locals nothing yet.
    fn entry_state(&mut self) -> Vec<Hold> {
        let entry = self.cfg.entry;
        (0..self.holders.len())
            .map(|h| {
                let path = self.cfg.path(self.holders[h]);
                match (path.root.kind, path.steps.is_empty()) {
                    // `*pp` of a stable parameter holds the caller's block too.
                    (VarKind::Param, true) => self.fresh(entry, h, false),
                    (VarKind::Param, false) if path.steps == [PathStep::Deref] => self.fresh(entry, h, false),
                    // So do the members of a structure parameter, and those of one a stable
                    // pointer parameter points to (`super::parts`).
                    (VarKind::Param, false)
                        if path.steps.iter().all(|s| matches!(s, PathStep::Field(_)))
                            || matches!(path.steps.first(), Some(PathStep::Arrow(_) | PathStep::Index(_))) =>
                    {
                        self.fresh(entry, h, false)
                    }
                    (VarKind::Param, false) => Hold::TOP,
                    // A followed global holds its caller's block, as a parameter does.
                    _ if self.global & (1u64 << h) != 0 => self.fresh(entry, h, false),
                    _ => Hold::UNDEF,
                }
            })
            .collect()
    }

    /// The state before every node (`None`: unreachable), or `None` beyond the budget.
    fn fixpoint(&mut self) -> Option<Vec<Option<Vec<Hold>>>> {
        let count = self.cfg.nodes.len();
        let mut before: Vec<Option<Vec<Hold>>> = vec![None; count];
        before[self.cfg.entry.index()] = Some(self.entry_state());
        let mut queued = vec![false; count];
        let mut work = std::collections::VecDeque::from([self.cfg.entry]);
        queued[self.cfg.entry.index()] = true;
        let mut visits = 0usize;
        let budget = count.saturating_mul(VISITS_PER_NODE).max(64);
        while let Some(n) = work.pop_front() {
            queued[n.index()] = false;
            visits += 1;
            if visits > budget {
                return None;
            }
            let Some(state) = before[n.index()].clone() else { continue };
            let after = self.transfer(n, &state);
            for edge in &self.cfg.node(n).succs {
                if !self.cfg.node(n).edge_feasible(edge) {
                    continue;
                }
                let t = edge.target.index();
                let changed = super::dataflow::join_into(&mut before[t], &after, join);
                if changed && !queued[t] {
                    queued[t] = true;
                    work.push_back(edge.target);
                }
            }
        }
        Some(before)
    }

    /// The propositions to add, per node.
    fn run(mut self) -> Vec<Vec<(PropKind, PathId)>> {
        let count = self.cfg.nodes.len();
        let mut out: Vec<Vec<(PropKind, PathId)>> = vec![Vec::new(); count];
        let states = if self.holders.is_empty() { None } else { self.fixpoint() };
        let Some(states) = states else {
            // Nothing followed: every copy of local storage hands its value on.
            for (n, props) in self.inputs.iter().enumerate() {
                for &(kind, _, value) in props {
                    if kind == PropKind::Copy {
                        if let Some(src) = copy_source(self.cfg, value).filter(|&s| self.cfg.path(s).is_local_storage()) {
                            out[n].push((PropKind::Escape, src));
                        }
                    }
                }
            }
            return out;
        };
        self.shared = self.shared_blocks(&states);
        for n in self.cfg.node_ids() {
            let Some(before) = &states[n.index()] else { continue };
            let after = self.transfer(n, before);
            out[n.index()] = self.derive(n, before, &after);
        }
        out
    }

    /// The allocated blocks copied into more than one path through a pointer over the
    /// function (a list's link and an out-parameter, a list's head and tail): each place holds
    /// the block the caller receives, and none of them is its one owner.
    fn shared_blocks(&self, states: &[Option<Vec<Hold>>]) -> FxHashSet<u32> {
        let mut places: FxHashMap<u32, Vec<PathId>> = FxHashMap::default();
        for n in self.cfg.node_ids() {
            let Some(before) = &states[n.index()] else { continue };
            for &(kind, id, value) in &self.inputs[n.index()] {
                if kind != PropKind::Copy || !self.cfg.path(id).steps.iter().any(|s| matches!(s, PathStep::Deref | PathStep::Arrow(_))) {
                    continue;
                }
                let Some(&s) = copy_source(self.cfg, value).and_then(|src| self.index.get(&src)) else { continue };
                if let Val::Block(b) = before[s].must {
                    let at = places.entry(b).or_default();
                    if !at.contains(&id) {
                        at.push(id);
                    }
                }
            }
        }
        places.into_iter().filter(|(b, at)| at.len() > 1 && self.blocks[*b as usize].alloc).map(|(b, _)| b).collect()
    }

    /// True when block `b`, owned by holder `owner`, was made by an allocation at the only node
    /// that allocates into the owner.
    fn only_allocation_of(&self, b: u32, owner: usize) -> bool {
        let block = &self.blocks[b as usize];
        block.alloc && self.one_allocation.get(owner).copied().flatten() == Some(block.made_at)
    }

    /// True when a proposition about the owner of block `b` may be added at a node where the
    /// owner holds `owner_value`.
    fn owner_accepts(&self, b: u32, owner_value: Val) -> bool {
        let global_owner = self.global & (1u64 << self.blocks[b as usize].owner) != 0;
        match owner_value {
            Val::Block(c) | Val::MaybeNull(c) => c == b,
            // A global set to NULL before its old block is released through a copy (`t = g;
            // g = NULL; free(t);`) is not what is released: its callers see the NULL.
            Val::Null | Val::Undef => !global_owner,
            Val::Top => false,
        }
    }

    /// True when the contents of block `b` were written through holder `src` on every path
    /// from where the block was made to node `n`.
    fn written_since_made(&self, b: u32, src: PathId, n: NodeId) -> bool {
        // A store through `src` that is not the mark of a copy of it (`q = src` says the
        // block may be written through `q`, not that it was).
        let stores = |props: &[(PropKind, PathId, Option<i64>)]| {
            props.iter().any(|&(k, i, _)| k == PropKind::Store && i == src)
                && !props.iter().any(|&(k, _, v)| k == PropKind::Copy && copy_source(self.cfg, v) == Some(src))
        };
        let Some(made) = self.blocks.get(b as usize).map(|block| block.made_at) else { return false };
        // Made written (`*out = xstrdup(s)`: the result comes with its contents).
        if made == n && self.inputs.get(n.index()).is_some_and(|props| stores(props)) {
            return true;
        }
        let dom = self.dominators.get_or_init(|| super::dominators::Dominators::new(self.cfg));
        self.inputs.iter().enumerate().any(|(s, props)| {
            let s = NodeId(s as u32);
            s != n && stores(props) && dom.dominates(made, s) && dom.dominates(s, n)
        })
    }

    fn derive(&self, n: NodeId, before: &[Hold], after: &[Hold]) -> Vec<(PropKind, PathId)> {
        let cfg = self.cfg;
        let props = &self.inputs[n.index()];
        let mut out: Vec<(PropKind, PathId)> = Vec::new();
        let push = |out: &mut Vec<(PropKind, PathId)>, p: (PropKind, PathId)| {
            if !out.contains(&p) && !props.iter().any(|&(k, i, _)| (k, i) == p) {
                out.push(p);
            }
        };
        // Escapes of copies that are not followed.
        let mut escapes: Vec<PathId> = Vec::new();
        for (pos, &(kind, id, value)) in props.iter().enumerate() {
            if kind != PropKind::Copy {
                continue;
            }
            let Some(src) = copy_source(cfg, value) else { continue };
            // A source written earlier in this node (`c = a = b`: propositions are in
            // evaluation order) is copied with its new value.
            let rewritten_before = props[..pos].iter().any(|&(k, i, _)| i == src && matches!(k, PropKind::Def | PropKind::DeclInit | PropKind::Copy));
            let source = self.index.get(&src).map(|&s| if rewritten_before { after[s] } else { before[s] });
            let interior = props.iter().any(|&(k, i, _)| k == PropKind::Interior && i == id);
            if let Some(v) = source {
                if v.must == Val::Null && !interior {
                    push(&mut out, (PropKind::AssignNull, id));
                }
                if let Val::Block(b) = v.must {
                    let through_pointer = cfg.path(id).steps.iter().any(|s| matches!(s, PathStep::Deref | PathStep::Arrow(_)));
                    if through_pointer && self.blocks[b as usize].alloc && !self.shared.contains(&b) {
                        push(&mut out, (PropKind::Alloc, id));
                        // Written through the holder copied on every way from the allocation
                        // (`buf = xmalloc(n); memcpy(buf, s, n); *out = buf;`): stored as
                        // written.
                        if self.written_since_made(b, src, n) {
                            push(&mut out, (PropKind::Store, id));
                        }
                    }
                }
            }
            let followed = self.index.contains_key(&id) && source.is_some();
            if !followed && cfg.path(src).is_local_storage() {
                escapes.push(src);
            }
        }
        for &src in &escapes {
            push(&mut out, (PropKind::Escape, src));
        }
        // What happens through a holder happens to the owner of its block; what may happen to
        // a block (the holder may hold it) hands it on, as far as leaks are concerned.
        let events: Vec<(PropKind, PathId)> = props
            .iter()
            .filter(|(k, _, _)| DERIVED.contains(k))
            .map(|&(k, id, _)| (k, id))
            .chain(escapes.iter().map(|&s| (PropKind::Escape, s)))
            .collect();
        let mut released: FxHashSet<u32> = FxHashSet::default();
        let mut released_owners = 0u64;
        // The pointers this node surely hands on: its own escapes, and those through a holder
        // of their block.
        let mut surely: FxHashSet<PathId> = props.iter().filter(|&&(k, _, _)| k == PropKind::Escape).map(|&(_, id, _)| id).collect();
        surely.extend(escapes.iter().copied());
        for &(kind, id) in &events {
            let Some(&h) = self.index.get(&id) else { continue };
            let test = matches!(kind, PropKind::NullTest | PropKind::NonNullTest | PropKind::FreeOffset | PropKind::Deref);
            if test && self.interior & (1u64 << h) != 0 {
                continue;
            }
            let hands_on = matches!(kind, PropKind::Free | PropKind::Escape | PropKind::Fclose | PropKind::Close);
            match before[h].must {
                Val::Block(b) => {
                    if hands_on {
                        released.insert(b);
                    }
                    let owner = self.blocks[b as usize].owner;
                    // An owner set to NULL since (`cur = np; np = NULL; cur->dir`): the block is
                    // still released through the copy, but a test or a dereference of the copy
                    // is of the block, not of the NULL the owner holds now.
                    let about_null = matches!(kind, PropKind::Deref | PropKind::NullTest | PropKind::NonNullTest);
                    let owner_null = before[owner].must == Val::Null;
                    if owner != h && self.owner_accepts(b, before[owner].must) && !(about_null && owner_null) {
                        // An owner moved within its block (`s++`) while another holder kept the
                        // start: the block is released through the start, not at the moved
                        // pointer; for the owner it is handed on.
                        let kind = if kind == PropKind::Free && self.moved & (1u64 << owner) != 0 { PropKind::Escape } else { kind };
                        if kind == PropKind::Escape {
                            surely.insert(self.holders[owner]);
                        }
                        push(&mut out, (kind, self.holders[owner]));
                    } else if owner != h && hands_on && self.only_allocation_of(b, owner) {
                        // The owner holds something else here, or what it holds is not known (a
                        // cursor given other values into the block: `copy = s = xstrdup(p);
                        // while (...) s = next; free(copy);`), but the block released is the
                        // only one ever allocated into it: on the paths where the owner still
                        // holds that block it is released here, and where the owner was given
                        // another value the block went on in the holder that releases it now.
                        // For the owner the block is handed on (not freed: it may hold
                        // something else).
                        push(&mut out, (PropKind::Escape, self.holders[owner]));
                    }
                }
                // A NULL copied from where it was assigned into a member (`p = NULL; s.first =
                // p;`): what tests or dereferences the member, while the holder it was assigned
                // to still holds it, does so to that holder too (the checks are about
                // variables; a copy into a variable gets the checks itself, `assign_null_q`).
                Val::Null
                    if matches!(kind, PropKind::Deref | PropKind::NullTest | PropKind::NonNullTest) && !cfg.path(id).is_variable() =>
                {
                    for o in bits(before[h].null_from) {
                        if o != h && before[o].must == Val::Null {
                            push(&mut out, (kind, self.holders[o]));
                        }
                    }
                }
                _ if hands_on => {
                    released_owners |= before[h].may;
                    for o in bits(before[h].may) {
                        if o != h {
                            push(&mut out, (PropKind::Escape, self.holders[o]));
                            push(&mut out, (PropKind::MaybeHandedOn, self.holders[o]));
                        }
                    }
                }
                _ => {}
            }
        }
        // A holder whose block is not known (two blocks met at a loop head: `tmp = a; a = b;
        // b = tmp;`), overwritten while each block it may hold may also be held by another
        // holder: nothing is surely lost there.
        for (h, was) in before.iter().enumerate() {
            if was.must != Val::Top || was.may == 0 {
                continue;
            }
            let id = self.holders[h];
            let rewritten = props.iter().any(|&(k, i, _)| i == id && matches!(k, PropKind::Def | PropKind::DeclInit | PropKind::Copy));
            let elsewhere = |o: usize| after.iter().enumerate().any(|(g, v)| g != h && v.may & (1u64 << o) != 0);
            if rewritten && bits(was.may).all(elsewhere) {
                push(&mut out, (PropKind::Kept, id));
            }
        }
        // Overwritten holders: kept elsewhere, or the last one lost.
        for (h, (was, now)) in before.iter().zip(after).enumerate() {
            let Val::Block(b) = was.must else { continue };
            // A block a global holds, or one owned by a global, stays reachable through it.
            if (self.global >> h) & 1 != 0 || (self.global >> self.blocks[b as usize].owner) & 1 != 0 {
                continue;
            }
            let id = self.holders[h];
            let rewritten = props.iter().any(|&(k, i, _)| i == id && matches!(k, PropKind::Def | PropKind::DeclInit | PropKind::Copy));
            if now.must == was.must && !rewritten {
                continue;
            }
            let owner = self.blocks[b as usize].owner;
            let bit = 1u64 << owner;
            let held_must = after.iter().enumerate().any(|(g, v)| g != h && v.must == was.must);
            let held_may = after.iter().enumerate().any(|(g, v)| g != owner && v.may & bit != 0);
            if h == owner {
                // Kept by another holder, or by the memory it was read out of.
                if held_must || held_may || self.blocks[b as usize].from_memory {
                    push(&mut out, (PropKind::Kept, self.holders[h]));
                }
                continue;
            }
            if held_must || held_may || released.contains(&b) || released_owners & bit != 0 || before[owner].must == was.must {
                // A copy overwritten while another holder surely keeps its block (`s =
                // realloc(s, n)` with the block still in `old`): nothing is lost with it.
                if held_must {
                    push(&mut out, (PropKind::Kept, id));
                }
                continue;
            }
            let owner_free = match before[owner].must {
                Val::Null | Val::Undef | Val::Top => true,
                Val::Block(c) | Val::MaybeNull(c) => !self.blocks[c as usize].alloc,
            };
            if owner_free {
                push(&mut out, (PropKind::Lost, self.holders[owner]));
            }
        }
        // A pointer surely handed on here too (through a holder that must hold its block, or
        // itself) is not one that only may be.
        out.retain(|&(k, id)| k != PropKind::MaybeHandedOn || !surely.contains(&id));
        out
    }
}

/// The indices of the bits set in `set`.
fn bits(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let i = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(i)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hold(must: Val, may: u64) -> Hold {
        Hold { must, may, null_from: 0 }
    }

    #[test]
    fn join_keeps_what_both_paths_agree_on() {
        let b = hold(Val::Block(3), 0b10);
        assert_eq!(join(b, b), b);
        assert_eq!(join(Hold::UNDEF, b), b);
        assert_eq!(join(b, Hold::null(0)).must, Val::MaybeNull(3));
        assert_eq!(join(join(b, Hold::null(0)), b).must, Val::MaybeNull(3));
        // Two NULLs agree, and remember both holders they were assigned to.
        assert_eq!(join(Hold::null(0), Hold::null(2)), Hold { must: Val::Null, may: 0, null_from: 0b101 });
        let other = hold(Val::Block(4), 0b100);
        assert_eq!(join(b, other), hold(Val::Top, 0b110));
    }

    #[test]
    fn bits_lists_the_set_indices() {
        assert_eq!(bits(0).count(), 0);
        assert_eq!(bits(0b1001_0001).collect::<Vec<_>>(), vec![0, 4, 7]);
        assert_eq!(bits(1 << 63).collect::<Vec<_>>(), vec![63]);
    }
}
